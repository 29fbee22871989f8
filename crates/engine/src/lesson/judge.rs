//! Judging an answer to a lesson step from the rules and the exact search,
//! never from a list of accepted answers: any answer as good as the
//! author's counts, and a wrong one is explained by what the engine sees
//! (what the piece attacks, the rule it breaks, what the search finds).

use super::format::Step;
use super::task::{Aim, Task};
use crate::ai::cheversi::SCALE;
use crate::ai::duel::{data, Dfpn, Setup, SetupValue};
use crate::any::{AnyGame, AnyMove, AnyViolation, GameOptions};
use crate::attrition::{self, Piece, Variant};
use crate::bitboard::Bitboard;
use crate::cheversi::{self, piece_attacks, Kind, RuleSet};
use crate::data_file::{play_all, words, Reason};
use crate::game::GameState;
use crate::puzzle::solve::Solver;

/// Why an answer is wrong, as data: the page words it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// The rules forbid the move here.
    Illegal(AnyViolation),
    /// The task names another piece.
    NotThePiece { wanted: Kind },
    /// The piece attacks too few squares; `example` attacks more.
    Attacks {
        attacks: u32,
        needed: u32,
        example: cheversi::Move,
        example_attacks: u32,
    },
    /// Squares tapped that are not in the set, and squares of it missed.
    /// For a set of legal squares, `rule` is the first extra square's
    /// move and the rule that forbids it.
    Squares {
        missing: Bitboard,
        extra: Bitboard,
        rule: Option<(AnyMove, AnyViolation)>,
    },
    /// Cheversi: the final margin for the mover with best play after the
    /// move, in points, against the best one and a move that reaches it.
    Worse {
        value: i32,
        best: i32,
        example: AnyMove,
    },
    /// Attrition: the move does not win; `example` does.
    NotAWin { example: AnyMove },
    /// The other rule set allows this move here too.
    AlsoLegal { rules: RuleSet },
    /// The opponent can leave you without a jump within `turns` of your
    /// turns after this jump; `example` holds out.
    Trapped { turns: u8, example: AnyMove },
    /// The jump captures nothing; `example` does (`None`: no jump here does).
    NoCapture { example: Option<AnyMove> },
    /// The exact search did not finish within its limit.
    Unsolved,
}

/// The judgement of one answer.
pub type Verdict = Result<(), Why>;

/// In English, for the contributor's `cheversi lessons verify` (the page
/// words [`Why`] in its own language).
impl std::fmt::Display for Why {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Why::Illegal(v) => write!(f, "illegal: {v}"),
            Why::NotThePiece { wanted } => write!(f, "the task names the {}", wanted.name()),
            Why::Attacks {
                attacks,
                needed,
                example,
                example_attacks,
            } => write!(
                f,
                "it attacks {attacks} squares, {needed} are needed ({example} attacks {example_attacks})"
            ),
            Why::Squares { missing, extra, .. } => write!(
                f,
                "{} squares missing, {} too many",
                missing.count(),
                extra.count()
            ),
            Why::Worse {
                value,
                best,
                example,
            } => write!(f, "it ends at {value}, {example} at {best}"),
            Why::NotAWin { example } => write!(f, "it does not win; {example} does"),
            Why::AlsoLegal { rules } => write!(f, "{rules} allows it too"),
            Why::Trapped { turns, example } => write!(
                f,
                "the opponent can leave it without a jump within {turns} turns; {example} holds out"
            ),
            Why::NoCapture { example: Some(e) } => write!(f, "it captures nothing; {e} does"),
            Why::NoCapture { example: None } => f.write_str("no jump captures here"),
            Why::Unsolved => f.write_str("the exact search did not finish"),
        }
    }
}

/// How many squares a piece of `kind` placed on `square` attacks here.
pub fn attack_count(pos: &cheversi::Position, kind: Kind, square: crate::Square) -> u32 {
    let mut occupied = pos.occupied();
    occupied.insert(square);
    piece_attacks(kind, square, occupied).count()
}

/// The legal placements of `kind`, each with the squares it would attack.
fn placements_of(pos: &cheversi::Position, kind: Kind) -> Vec<(cheversi::Move, u32)> {
    pos.targets()
        .get(kind)
        .into_iter()
        .map(|square| {
            (
                cheversi::Move { kind, square },
                attack_count(pos, kind, square),
            )
        })
        .collect()
}

/// The set a tapping task asks for; `None` for a task answered by a move.
pub fn right_squares(pos: &AnyGame, task: Task) -> Option<Bitboard> {
    match (task, pos) {
        (Task::Scored { color }, AnyGame::Cheversi(p)) => {
            Some(p.attacked_by(color) & p.scoring_mask())
        }
        (Task::Legal { kind }, AnyGame::Cheversi(p)) => Some(p.targets().get(kind)),
        (Task::Mirror, AnyGame::Attrition(p)) => {
            let me = p.to_move()?;
            Some(p.forbidden_for(me) & !p.occupied())
        }
        _ => None,
    }
}

/// Judges squares tapped for a tapping task.
pub fn judge_squares(pos: &AnyGame, task: Task, tapped: Bitboard) -> Verdict {
    let right = right_squares(pos, task).ok_or(Why::Unsolved)?;
    if tapped == right {
        return Ok(());
    }
    let extra = tapped & !right;
    let rule = match task {
        Task::Legal { kind } => extra.first().and_then(|square| {
            let mv = AnyMove::Cheversi(cheversi::Move { kind, square });
            pos.check_move(mv).err().map(|violation| (mv, violation))
        }),
        _ => None,
    };
    Err(Why::Squares {
        missing: right & !tapped,
        extra,
        rule,
    })
}

/// The step's position under another rule set (same moves, same scoring):
/// what [`Task::Differs`] compares with.
pub fn position_under(step: &Step, rules: RuleSet) -> Result<AnyGame, Reason> {
    let GameOptions::Cheversi(options) = step.options() else {
        return Err(words!("a Cheversi task").into());
    };
    let other = GameOptions::Cheversi(cheversi::Options { rules, ..options });
    let mut pos = other.start();
    play_all(&mut pos, step.moves())?;
    Ok(pos)
}

/// Judges a move played as the answer to `step` (`solver` for the tasks
/// the exact search judges).
pub fn judge_move(step: &Step, played: AnyMove, solver: &mut Solver) -> Verdict {
    let pos = step.position();
    pos.check_move(played).map_err(Why::Illegal)?;
    match (step.task(), &pos, played) {
        (Task::Any, _, _) => Ok(()),
        (Task::Attack { kind, at_least }, AnyGame::Cheversi(p), AnyMove::Cheversi(mv)) => {
            attack_task(p, kind, mv, Some(at_least))
        }
        (Task::AttackMost { kind }, AnyGame::Cheversi(p), AnyMove::Cheversi(mv)) => {
            attack_task(p, kind, mv, None)
        }
        (Task::Best(aim), AnyGame::Cheversi(_), _) => best_task(&pos, aim, played, solver),
        (Task::Differs { rules }, _, _) => {
            let other = position_under(step, rules).map_err(|_| Why::Unsolved)?;
            match other.check_move(played) {
                Ok(()) => Err(Why::AlsoLegal { rules }),
                Err(_) => Ok(()),
            }
        }
        (Task::Capture, AnyGame::Attrition(p), AnyMove::Attrition(mv)) => {
            if captures(p, mv) {
                return Ok(());
            }
            let mut legal = Vec::new();
            p.legal_moves(&mut legal);
            let example = legal.into_iter().find(|&m| captures(p, m));
            Err(Why::NoCapture {
                example: example.map(AnyMove::Attrition),
            })
        }
        (Task::WinJump, AnyGame::Attrition(_), _) => win_task(&pos, played, solver),
        (Task::Survive { turns }, AnyGame::Attrition(p), AnyMove::Attrition(mv))
            if p.variant() == Variant::Duel =>
        {
            survive_task(p, mv, turns)
        }
        _ => Err(Why::Unsolved),
    }
}

fn attack_task(
    p: &cheversi::Position,
    kind: Kind,
    mv: cheversi::Move,
    at_least: Option<u32>,
) -> Verdict {
    if mv.kind != kind {
        return Err(Why::NotThePiece { wanted: kind });
    }
    let (example, example_attacks) = placements_of(p, kind)
        .into_iter()
        .max_by_key(|&(m, n)| (n, std::cmp::Reverse(m.square.index())))
        .ok_or(Why::Unsolved)?;
    let attacks = attack_count(p, kind, mv.square);
    let needed = at_least.unwrap_or(example_attacks);
    if attacks >= needed {
        Ok(())
    } else {
        Err(Why::Attacks {
            attacks,
            needed,
            example,
            example_attacks,
        })
    }
}

fn captures(p: &attrition::Position, mv: attrition::Move) -> bool {
    matches!(mv, attrition::Move::Jump { to, .. } if p.occupied().contains(to))
}

/// The exact value of each move for the mover, best first.
fn valued(pos: &AnyGame, solver: &mut Solver) -> Result<Vec<crate::puzzle::solve::Valued>, Why> {
    solver
        .moves(pos)
        .filter(|v| !v.is_empty())
        .ok_or(Why::Unsolved)
}

/// The exact value for the mover of `played` from `pos`.
fn value_of(pos: &AnyGame, played: AnyMove, solver: &mut Solver) -> Result<i32, Why> {
    let me = pos.to_move().ok_or(Why::Unsolved)?;
    let mut after = pos.clone();
    after.play_unchecked(played);
    let (value, _) = solver.value(&after, me).ok_or(Why::Unsolved)?;
    Ok(crate::puzzle::solve::one_ply_earlier(value))
}

fn best_task(pos: &AnyGame, aim: Aim, played: AnyMove, solver: &mut Solver) -> Verdict {
    let moves = valued(pos, solver)?;
    let best = moves[0];
    let value = value_of(pos, played, solver)?;
    let good = match aim {
        Aim::Win => value > 0,
        Aim::Draw => value >= 0,
        Aim::Most => value == best.value,
    };
    if good {
        Ok(())
    } else {
        Err(Why::Worse {
            value: value / SCALE,
            best: best.value / SCALE,
            example: best.mv,
        })
    }
}

fn win_task(pos: &AnyGame, played: AnyMove, solver: &mut Solver) -> Verdict {
    if let (AnyGame::Attrition(p), AnyMove::Attrition(mv)) = (pos, played) {
        if p.variant() == Variant::Duel {
            return duel_win_task(p, mv);
        }
    }
    if value_of(pos, played, solver)? > 0 {
        return Ok(());
    }
    let moves = valued(pos, solver)?;
    Err(Why::NotAWin {
        example: moves[0].mv,
    })
}

fn survive_task(p: &attrition::Position, played: attrition::Move, turns: u8) -> Verdict {
    let me = p.to_move().ok_or(Why::Unsolved)?;
    // After my jump: the opponent's jump and mine, `turns` times.
    let holds = |mv| {
        let mut after = p.clone();
        after.play_unchecked(mv);
        !forced_loss(&after, me, 2 * u32::from(turns))
    };
    if holds(played) {
        return Ok(());
    }
    let mut legal = Vec::new();
    p.legal_moves(&mut legal);
    let example = legal.into_iter().find(|&m| holds(m)).ok_or(Why::Unsolved)?;
    Err(Why::Trapped {
        turns,
        example: AnyMove::Attrition(example),
    })
}

/// Whether the opponent can make `me` lose within `plies` (plain minimax;
/// a duel player with no jump on their turn has lost already).
fn forced_loss(pos: &attrition::Position, me: crate::game::Player, plies: u32) -> bool {
    if let Some(winner) = pos.winner() {
        return winner != me;
    }
    let Some(mover) = pos.to_move().filter(|_| plies > 0) else {
        return false;
    };
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let loses = |mv| {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        forced_loss(&child, me, plies - 1)
    };
    if mover == me {
        moves.into_iter().all(loses)
    } else {
        moves.into_iter().any(loses)
    }
}

/// The duel's own solvers: the solved setups, then df-pn.
fn duel_win_task(p: &attrition::Position, played: attrition::Move) -> Verdict {
    let mut pn = Dfpn::new(16, DUEL_NODE_LIMIT);
    let mut wins = |mv| duel_wins_after(p, mv, &mut pn);
    if wins(played).ok_or(Why::Unsolved)? {
        return Ok(());
    }
    let mut legal = Vec::new();
    p.legal_moves(&mut legal);
    for mv in legal {
        if wins(mv).ok_or(Why::Unsolved)? {
            return Err(Why::NotAWin {
                example: AnyMove::Attrition(mv),
            });
        }
    }
    Err(Why::Unsolved)
}

/// df-pn's node limit for one duel question.
const DUEL_NODE_LIMIT: u64 = 2_000_000;

/// Whether the duel's side to move in `p` wins after `mv` with best play;
/// `None` when df-pn did not finish.
fn duel_wins_after(p: &attrition::Position, mv: attrition::Move, pn: &mut Dfpn) -> Option<bool> {
    let me = p.to_move()?;
    let mut after = p.clone();
    after.play_unchecked(mv);
    if let Some(winner) = after.winner() {
        return Some(winner == me);
    }
    let square = |player| after.slot(player, Piece::Knight).square();
    let table = data::table();
    match (square(0), square(1)) {
        // White has placed: White wins when every answer loses for Black.
        (Some(white), None) => Some(table.placement_value(white) == SetupValue::WhiteWins),
        (Some(white), Some(black)) if after.ply() == 2 => {
            let value = table.value(Setup { white, black });
            (value != SetupValue::Unknown).then(|| (value == SetupValue::WhiteWins) == (me == 0))
        }
        (Some(white), Some(black)) => {
            let them = after.to_move()?;
            let (theirs, mine) = if them == 0 {
                (white, black)
            } else {
                (black, white)
            };
            // Right after White's first jump the book knows (df-pn would
            // need seconds there).
            if let Some(answer) = data::opening_book().lookup(after.markers(), theirs, mine) {
                return Some(!answer.wins);
            }
            pn.prove(after.markers(), theirs, mine)
                .map(|they_win| !they_win)
        }
        _ => None,
    }
}

/// Every right answer of a step answered by a move (every legal move
/// judged), for checking the file and for tests.
pub fn right_moves(step: &Step, solver: &mut Solver) -> Result<Vec<AnyMove>, Why> {
    let mut moves = Vec::new();
    step.position().legal_moves(&mut moves);
    let mut right = Vec::new();
    for mv in moves {
        match judge_move(step, mv, solver) {
            Ok(()) => right.push(mv),
            Err(Why::Unsolved) => return Err(Why::Unsolved),
            Err(_) => {}
        }
    }
    Ok(right)
}
