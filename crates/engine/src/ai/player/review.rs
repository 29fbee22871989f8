//! Post-game review: for every move, the best move there and what the move
//! played cost against it, exact where the search reaches the end.

use crate::ai::attrition::Mobility;
use crate::ai::budget::{Budget, Clock};
use crate::ai::cheversi::{distinct_moves, remaining, HandValues, SCALE};
use crate::ai::player::engine::attrition_proven;
use crate::ai::player::request::Eval;
use crate::ai::search::{is_proof, plies_to_end, Found, RootValues, Searcher};
use crate::any::{AnyGame, AnyMove};
use crate::game::{GameState, Player};
use crate::record::Record;

/// One reviewed move.
#[derive(Clone, Debug)]
pub struct Reviewed {
    /// Moves before this one.
    pub ply: usize,
    pub player: Player,
    pub played: String,
    pub best: String,
    /// Cheversi: points of final margin the move gave away against the best
    /// move (0 for the best). Attrition: 1 when the move threw away a
    /// proven win (or hastened a loss), else 0.
    pub lost: f64,
    /// Both values are proven, so `lost` is exact.
    pub exact: bool,
    /// The value of the position for the mover, as text ("+4.5", "wins in 7").
    pub best_value: String,
    /// The same value as a number: the mover's expected margin (Cheversi),
    /// a heuristic score (Attrition), or a proven end.
    pub value: Eval,
}

fn describe(value: i32, cheversi: bool) -> String {
    match plies_to_end(value) {
        Some(p) if value > 0 => format!("wins in {p}"),
        Some(p) => format!("loses in {p}"),
        None if cheversi => {
            // Tenths by integer arithmetic (no float formatting in wasm).
            let tenths = (i64::from(value.abs()) * 10 + i64::from(SCALE) / 2) / i64::from(SCALE);
            let sign = if value < 0 { '-' } else { '+' };
            format!("{sign}{}.{}", tenths / 10, tenths % 10)
        }
        None => format!("{value:+}"),
    }
}

/// Reviews every move of `record` within `seconds` a move on average (see
/// [`review_each`]) and `nodes` a position; rows in the order of the game.
pub fn review(
    record: &Record,
    seconds: Option<f64>,
    nodes: Option<u64>,
    clock: Clock<'_>,
) -> Vec<Reviewed> {
    let mut out = Vec::new();
    review_each(record, seconds, nodes, clock, &mut |row| out.push(row));
    out.sort_by_key(|row| row.ply);
    out
}

/// Like [`review`], handing over each move's row as soon as it is known
/// (the browser shows the review's progress), last move first.
///
/// Why backwards: the end of a game is where the search can prove values,
/// positions there cost little, and the table they leave helps the
/// positions before them. The time is pooled: the whole review gets
/// `seconds` times the number of moves, and each position may take twice
/// its share of what is left (at most [`MOST_PER_POSITION`] times
/// `seconds`), so the time the proven ends did not need goes to the
/// hardest positions the search can still prove.
///
/// Each position's search makes two values exact: the best move's and the
/// move played (searched first, in a full window); the other moves only
/// need to be shown no better.
pub fn review_each(
    record: &Record,
    seconds: Option<f64>,
    nodes: Option<u64>,
    clock: Clock<'_>,
    on_row: &mut dyn FnMut(Reviewed),
) {
    let mut cheversi_search = None;
    let mut attrition_search = Searcher::new(18);
    let moves = record.moves();
    let started = clock();
    let total = seconds.map(|s| s * moves.len() as f64);
    for (done, (ply, &mv)) in moves.iter().enumerate().rev().enumerate() {
        let Some(game) = record.position_at(ply) else {
            continue;
        };
        let Some(player) = game.to_move() else {
            continue;
        };
        let share = match (seconds, total) {
            (Some(each), Some(total)) => {
                let left = (total - (clock() - started)).max(0.0);
                let positions_left = (moves.len() - done) as f64;
                Some(
                    (2.0 * left / positions_left)
                        .min(left)
                        .min(MOST_PER_POSITION * each),
                )
            }
            _ => None,
        };
        let mut budget = Budget::new(clock, share, nodes, None);
        let row = match (game, mv) {
            (AnyGame::Cheversi(pos), AnyMove::Cheversi(m)) => {
                let (values, searcher) = cheversi_search.get_or_insert_with(|| {
                    (HandValues::calibrate(pos.options()), Searcher::new(20))
                });
                // Every distinct move plus the one played (its symmetric
                // twin may have been the one kept).
                let mut moves = distinct_moves(pos);
                if !moves.contains(&m) {
                    moves.push(m);
                }
                let found = searcher.search(
                    pos,
                    &*values,
                    &mut budget,
                    remaining(pos),
                    Some(moves),
                    RootValues::BestAnd(m),
                );
                row(ply, player, game, mv, &found, AnyMove::Cheversi, m, true)
            }
            (AnyGame::Attrition(pos), AnyMove::Attrition(m)) => {
                let found = attrition_search.search(
                    pos,
                    &Mobility,
                    &mut budget,
                    64,
                    None,
                    RootValues::BestAnd(m),
                );
                row(ply, player, game, mv, &found, AnyMove::Attrition, m, false)
            }
            _ => continue,
        };
        on_row(row);
    }
}

/// The most time one position may take, in multiples of the average.
pub const MOST_PER_POSITION: f64 = 10.0;

#[allow(clippy::too_many_arguments)]
fn row<M: Copy + PartialEq>(
    ply: usize,
    player: Player,
    game: &AnyGame,
    played: AnyMove,
    found: &Found<M>,
    wrap: fn(M) -> AnyMove,
    m: M,
    cheversi: bool,
) -> Reviewed {
    let best = &found.root[0];
    let mine = found.root.iter().find(|r| r.mv == m).unwrap_or(best);
    let lost = if cheversi {
        (best.value - mine.value) as f64 / SCALE as f64
    } else {
        let threw_win =
            is_proof(best.value) && best.value > 0 && !(is_proof(mine.value) && mine.value > 0);
        let hastened = is_proof(best.value) && best.value < 0 && mine.value < best.value;
        f64::from(u8::from(threw_win || hastened))
    };
    Reviewed {
        ply,
        player,
        played: game.notation(played),
        best: game.notation(wrap(best.mv)),
        lost,
        exact: match game {
            AnyGame::Attrition(pos) if !cheversi => {
                attrition_proven(pos, best.value, best.exact)
                    && attrition_proven(pos, mine.value, mine.exact)
            }
            _ => best.exact && mine.exact,
        },
        best_value: describe(best.value, cheversi),
        value: match plies_to_end(best.value) {
            Some(p) if best.value > 0 => Eval::Wins(Some(p)),
            Some(p) => Eval::Loses(Some(p)),
            None if cheversi => Eval::Margin(best.value as f64 / SCALE as f64),
            None => Eval::Score(best.value),
        },
    }
}
