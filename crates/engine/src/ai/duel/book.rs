//! The duel's opening book (`data/duel_book.txt`, made by `cheversi
//! duel-book`): for every setup up to symmetry, White's winning first jump
//! where White wins, and for every first jump of White's, who wins and
//! Black's winning reply. Right after the setup a position is a setup
//! again, and proving one takes df-pn seconds; the book answers those
//! positions at once.

use super::facts::Setup;
use crate::attacks::knight_attacks;
use crate::bitboard::Bitboard;
use crate::data_file::words;
use crate::data_file::LineError;
use crate::square::Square;
use std::collections::HashMap;

/// One line: a setup, White's first jump if the line is about the position
/// after it, who wins there, the winner's jump when the player to move
/// wins, and within how many plies that jump wins when it was measured
/// (`white black [first] W|B|? [jump [plies]]`; see `dfpn::distance`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BookLine {
    pub setup: Setup,
    /// White's first jump: the line is about Black's move after it.
    pub first: Option<Square>,
    /// True when White wins, false when Black does, `None` when unproved.
    pub white_wins: Option<bool>,
    /// The winning jump of the player to move, when that player wins.
    pub jump: Option<Square>,
    /// Plies to the win along the proof, that jump included.
    pub plies: Option<u16>,
}

/// Whether a text line of the book holds a book line (not blank, not a
/// comment): [`parse`] gives one [`BookLine`] for each, in order.
pub fn is_book_line(line: &str) -> bool {
    let line = line.trim();
    !line.is_empty() && !line.starts_with('#')
}

/// Parses the book's lines; `#` starts a comment. A line about a first
/// jump may leave out its setup (`first W|B|? [jump [plies]]`): then it is
/// the setup of the line before, as the site's copy of the book has it
/// (`scripts/post-build.py`: half the size gzipped). Errors name the line.
pub fn parse(text: &str) -> Result<Vec<BookLine>, LineError> {
    let mut out: Vec<BookLine> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if !is_book_line(line) {
            continue;
        }
        let line = line.trim();
        let bad = |what: &str| bad_line(i + 1, line, what);
        let f: Vec<&str> = line.split_whitespace().collect();
        // The result is the first field that is not a square.
        let Some(at) = f.iter().position(|w| matches!(*w, "W" | "B" | "?")) else {
            return Err(bad("no result (W, B or ?)"));
        };
        if !(1..=3).contains(&at) || f.len() > at + 3 {
            return Err(bad("expected: [white black] [first] W|B|? [jump [plies]]"));
        }
        let square = |w: &str| w.parse::<Square>().map_err(|_| bad("bad square"));
        let (setup, first) = if at == 1 {
            let Some(before) = out.last() else {
                return Err(bad("a first jump before any setup"));
            };
            (before.setup, Some(square(f[0])?))
        } else {
            let setup = Setup {
                white: square(f[0])?,
                black: square(f[1])?,
            };
            (setup, (at == 3).then(|| square(f[2])).transpose()?)
        };
        let white_wins = match f[at] {
            "W" => Some(true),
            "B" => Some(false),
            _ => None,
        };
        let jump = f.get(at + 1).map(|w| square(w)).transpose()?;
        let plies = f
            .get(at + 2)
            .map(|w| match w.parse::<u16>() {
                Ok(p) if p > 0 => Ok(p),
                _ => Err(bad("bad distance (plies, at least 1)")),
            })
            .transpose()?;
        // White moves after the setup, Black after White's first jump.
        let mover_wins = white_wins == Some(first.is_none());
        if jump.is_some() != mover_wins {
            return Err(bad(
                "a winning jump is given exactly when the player to move wins",
            ));
        }
        out.push(BookLine {
            setup,
            first,
            white_wins,
            jump,
            plies,
        });
    }
    Ok(out)
}

/// The error for a line of the book. Not inlined: the page's module keeps
/// one copy of the formatting, not one for each of parse's checks.
#[inline(never)]
fn bad_line(line: usize, text: &str, what: &str) -> LineError {
    LineError {
        line,
        field: "line",
        reason: words!("{what}: {}", crate::game::quoted(text)).into(),
    }
}

/// What the book says about a position: whether the player to move wins,
/// and how.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BookAnswer {
    pub wins: bool,
    /// A winning jump (when `wins`).
    pub jump: Option<Square>,
    /// Plies to the win by that jump, when the book measured it.
    pub plies: Option<u16>,
}

/// The data file, compiled in only where the duel data module asks for it
/// (`data.rs`, natively). The site's copy is shorter (`scripts/post-build.py`:
/// no comments, and a first jump's line without its setup); [`parse`]
/// reads both forms alike.
pub const SHIPPED: &str = include_str!("../../../data/duel_book.txt");

/// The book as a lookup, keyed in the canonical orientation of the setup.
#[derive(Default)]
pub struct DuelBook {
    lines: HashMap<(Setup, Option<Square>), Known>,
}

/// A proved line as the lookup keeps it.
#[derive(Clone, Copy)]
struct Known {
    white_wins: bool,
    jump: Option<Square>,
    plies: Option<u16>,
}

impl DuelBook {
    pub fn from_lines(lines: &[BookLine]) -> DuelBook {
        DuelBook {
            lines: lines
                .iter()
                .filter_map(|l| {
                    let known = Known {
                        white_wins: l.white_wins?,
                        jump: l.jump,
                        plies: l.plies,
                    };
                    Some(((l.setup, l.first), known))
                })
                .collect(),
        }
    }

    pub fn len(&self) -> usize {
        self.lines.len()
    }

    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// The book's answer for the player to move (knight on `me`, the other
    /// on `them`), if the position is right after the setup, after
    /// White's first jump, or after Black's winning reply to it, and the
    /// book has it.
    pub fn lookup(&self, markers: Bitboard, me: Square, them: Square) -> Option<BookAnswer> {
        if markers.count() == 4 {
            return self.after_black_reply(markers, me, them);
        }
        let (setup, first) = match markers.count() {
            // White to move on its setup square.
            2 => (
                Setup {
                    white: me,
                    black: them,
                },
                None,
            ),
            // Black to move; White's setup square is the third marker.
            3 => {
                let rest = markers & !Bitboard::from_square(me) & !Bitboard::from_square(them);
                let white = rest.first()?;
                (Setup { white, black: me }, Some(them))
            }
            _ => return None,
        };
        if !markers.contains(setup.white) || !markers.contains(setup.black) {
            return None;
        }
        let canonical = setup.canonical();
        // A symmetry taking this setup to its canonical one (any of them
        // will do: the book holds every first jump of a canonical setup).
        let map = Square::SYMMETRIES.into_iter().find(|map| {
            map(setup.white) == canonical.white && map(setup.black) == canonical.black
        })?;
        let Known {
            white_wins,
            jump,
            plies,
        } = *self.lines.get(&(canonical, first.map(map)))?;
        let unmap = |j: Square| Square::all().find(|&s| map(s) == j);
        let wins = white_wins == first.is_none();
        Some(BookAnswer {
            wins,
            jump: match jump {
                Some(j) => Some(unmap(j)?),
                None => None,
            },
            plies,
        })
    }

    /// White to move after Black's first jump (knights on `me` and `them`,
    /// the setup squares the other two markers): lost when that jump is
    /// the book's winning reply to White's first, one ply sooner than the
    /// reply's win. df-pn needs seconds to refute every jump of White's
    /// there. The position does not depend on which setup square was
    /// whose, so either history the markers allow will do.
    fn after_black_reply(&self, markers: Bitboard, me: Square, them: Square) -> Option<BookAnswer> {
        let setups = markers & !Bitboard::from_square(me) & !Bitboard::from_square(them);
        let a = setups.first()?;
        let b = (setups & !Bitboard::from_square(a)).first()?;
        [(a, b), (b, a)].into_iter().find_map(|(white, black)| {
            if !knight_attacks(white).contains(me) || !knight_attacks(black).contains(them) {
                return None;
            }
            let before = Bitboard::from_square(white)
                | Bitboard::from_square(black)
                | Bitboard::from_square(me);
            let reply = self.lookup(before, black, me)?;
            (reply.wins && reply.jump == Some(them)).then(|| BookAnswer {
                wins: false,
                jump: None,
                plies: reply.plies.map(|p| p.saturating_sub(1)),
            })
        })
    }
}

impl DuelBook {
    /// Plies to Black's win from Black's setup placement on `black`
    /// against White's knight on `white`, when the book proves every first
    /// jump of White's lost and measured each: the placement, White's
    /// longest resistance among its first jumps, and Black's winning line.
    /// `None` when White wins, may capture at once, or a line is missing.
    pub fn black_setup_distance(&self, white: Square, black: Square) -> Option<u16> {
        let setup = Setup { white, black };
        if knight_attacks(white).contains(black) {
            return None;
        }
        let markers = Bitboard::from_square(white) | Bitboard::from_square(black);
        let mut longest = 0;
        for first in first_jumps(setup) {
            let answer = self.lookup(markers | Bitboard::from_square(first), black, first)?;
            if !answer.wins {
                return None;
            }
            longest = longest.max(answer.plies?);
        }
        Some(longest + 2)
    }
}

/// White's first jumps from a setup that do not capture (a capture ends
/// the game and needs no book).
pub fn first_jumps(setup: Setup) -> impl Iterator<Item = Square> {
    let markers = Bitboard::from_square(setup.white) | Bitboard::from_square(setup.black);
    (knight_attacks(setup.white) & !markers).into_iter()
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::test_support::sq;

    fn markers(squares: &[&str]) -> Bitboard {
        squares
            .iter()
            .fold(Bitboard::EMPTY, |b, s| b | Bitboard::from_square(sq(s)))
    }

    #[test]
    fn bad_lines_are_refused_with_their_number() {
        for bad in [
            "a1 b1",
            "a1 b1 X",
            "a1 W",
            "a1 b1 c2 d3 W",
            "a1 b1 W",       // White to move wins: its jump is missing
            "a1 b1 B c2",    // White to move loses: no jump to give
            "a1 b1 c2 W d4", // Black to move loses
            "a1 b1 c2 B",    // Black to move wins: its jump is missing
            "a1 z9 c2 B d4",
            "a1 b1 B c2 d3",
            "a1 b1 W c2 0",   // a win takes at least one ply
            "a1 b1 W c2 x",   // not a number
            "a1 b1 W c2 7 8", // one distance
            "a1 b1 c2 W 7",   // a distance without a jump
        ] {
            let err = parse(&format!("# c\n{bad}\n")).unwrap_err();
            assert_eq!(err.line, 2, "{bad}: {err}");
            // Worded for the command line's tools only (`data_file::words`).
            if cfg!(feature = "tools") {
                assert!(err.reason.to_string().ends_with(bad), "{bad}: {err}");
            }
        }
        let ok = parse("a1 b1 W c2\na1 b1 c2 W\nb1 d4 c3 B c3\nh8 h7 ?\na1 d1 W c2 27\n").unwrap();
        assert_eq!(ok.len(), 5);
        assert_eq!((ok[0].plies, ok[4].plies), (None, Some(27)));
        assert_eq!(ok[2].first, Some(sq("c3")));
        assert_eq!(ok[3].white_wins, None);
        // A first jump's line may leave out the setup of the line before.
        let short = parse("a1 b1 W c2\nc2 W\nb1 d4 ?\nc3 B c3\nd5 W\n").unwrap();
        let full = parse("a1 b1 W c2\na1 b1 c2 W\nb1 d4 ?\nb1 d4 c3 B c3\nb1 d4 d5 W\n").unwrap();
        assert_eq!(short, full);
        let err = parse("# c\nc2 W\n").unwrap_err();
        assert_eq!(err.line, 2, "{err}");
        let said = err.reason.to_string();
        let words = "a first jump before any setup";
        assert!(!cfg!(feature = "tools") || said.starts_with(words), "{err}");
        assert!(
            parse("a1 b1 W c2\nc2 B\n").is_err(),
            "Black to move wins: its jump"
        );
    }

    #[test]
    fn a_line_answers_every_image_of_its_position() {
        // a1 against c1 (canonical: the smallest image), White wins by b3.
        let setup = Setup {
            white: sq("a1"),
            black: sq("c1"),
        };
        assert_eq!(setup.canonical(), setup);
        let book = DuelBook::from_lines(
            &parse("a1 c1 W b3 41\na1 c1 b3 W\na1 c1 c2 B d3\na1 d1 ?\n").unwrap(),
        );
        let at = |m: &[&str], me: &str, them: &str| book.lookup(markers(m), sq(me), sq(them));
        let wins_in = |jump: &str, plies: Option<u16>| {
            Some(BookAnswer {
                wins: true,
                jump: Some(sq(jump)),
                plies,
            })
        };
        let wins = |jump: &str| wins_in(jump, None);
        // The distance goes with the line to every image.
        assert_eq!(at(&["a1", "c1"], "a1", "c1"), wins_in("b3", Some(41)));
        // Mirrored left to right: h1 against f1 wins by g3.
        assert_eq!(at(&["h1", "f1"], "h1", "f1"), wins_in("g3", Some(41)));
        // Reflected in the diagonal: a1 against a3 wins by c2.
        assert_eq!(at(&["a1", "a3"], "a1", "a3"), wins_in("c2", Some(41)));
        // After White's b3, Black (on c1) is lost.
        let lost = Some(BookAnswer {
            wins: false,
            jump: None,
            plies: None,
        });
        assert_eq!(at(&["a1", "c1", "b3"], "c1", "b3"), lost);
        // After White's c2 Black wins by d3; mirrored: after f2, e3.
        assert_eq!(at(&["a1", "c1", "c2"], "c1", "c2"), wins("d3"));
        assert_eq!(at(&["h1", "f1", "f2"], "f1", "f2"), wins("e3"));
        // After White's c2 and Black's winning d3, White (on c2) is lost;
        // mirrored, after f2 and e3, too.
        assert_eq!(at(&["a1", "c1", "c2", "d3"], "c2", "d3"), lost);
        assert_eq!(at(&["h1", "f1", "f2", "e3"], "f2", "e3"), lost);
        // Not in the book: unproved, other setups, later positions, a
        // reply other than the book's, a jump after White's winning one.
        assert_eq!(at(&["a1", "d1"], "a1", "d1"), None);
        assert_eq!(at(&["a1", "c1", "c2", "e2"], "c2", "e2"), None);
        assert_eq!(at(&["a1", "c1", "b3", "d3"], "b3", "d3"), None);
        assert_eq!(at(&["a1", "c1", "c2", "d3", "b4"], "b4", "d3"), None);
        // The reply's distance, one ply shorter for the loser.
        let book = DuelBook::from_lines(&parse("a1 c1 c2 B d3 31\n").unwrap());
        assert_eq!(
            book.lookup(markers(&["a1", "c1", "c2", "d3"]), sq("c2"), sq("d3")),
            Some(BookAnswer {
                wins: false,
                jump: None,
                plies: Some(30),
            })
        );
    }

    /// The shipped book covers every setup and every first jump, agrees
    /// with the solved setups (the hunter wins), with itself one jump
    /// later, and gives only legal jumps. Every position is proved.
    #[test]
    fn the_shipped_book_is_complete_and_agrees_with_the_setups() {
        use crate::ai::duel::table::SetupValue;
        let lines = parse(SHIPPED).unwrap();
        let listed: std::collections::HashSet<(Setup, Option<Square>)> =
            lines.iter().map(|l| (l.setup, l.first)).collect();
        assert_eq!(listed.len(), lines.len(), "one line a position");
        let book = DuelBook::from_lines(&lines);
        let table = crate::ai::duel::DuelTable::from_lines(
            &crate::ai::duel::table::parse(include_str!("../../../data/duel_setups.txt")).unwrap(),
        );
        let legal = |from: Square, markers: Bitboard, to: Square, target: Square| {
            knight_attacks(from).contains(to) && (to == target || !markers.contains(to))
        };
        let (mut positions, mut unproved, mut no_distance) = (0, 0, 0);
        // A win's distance: odd (the winner moves last: a capture, or the
        // loser stuck), one ply for a capture, and at most one ply a free
        // square plus the capture.
        let mut distance =
            |answer: &BookAnswer, target: Square, free: u16, here: &str| match answer.plies {
                Some(p) => {
                    assert!(answer.wins, "{here}: a distance for the loser");
                    assert!(p % 2 == 1 && p <= free + 1, "{here}: {p} plies");
                    assert_eq!(p == 1, answer.jump == Some(target), "{here}: {p} plies");
                }
                None => no_distance += u32::from(answer.wins),
            };
        for setup in Setup::all_distinct() {
            let (w, b) = (setup.white, setup.black);
            let markers = Bitboard::from_square(w) | Bitboard::from_square(b);
            let start = book.lookup(markers, w, b).expect("every setup");
            let white_wins = table.value(setup) == SetupValue::WhiteWins;
            assert_eq!(start.wins, white_wins, "{setup:?}");
            distance(&start, b, 62, &format!("{setup:?}"));
            if let Some(j) = start.jump {
                assert!(legal(w, markers, j, b), "{setup:?}: {j}");
            }
            let captures = knight_attacks(w).contains(b);
            assert_eq!(white_wins && !captures, start.jump.is_some_and(|j| j != b));
            for first in first_jumps(setup) {
                assert!(listed.contains(&(setup, Some(first))), "{setup:?} {first}");
                positions += 1;
                let after = markers | Bitboard::from_square(first);
                let Some(answer) = book.lookup(after, b, first) else {
                    unproved += 1;
                    continue;
                };
                distance(&answer, first, 61, &format!("{setup:?} {first}"));
                if answer.wins {
                    let j = answer.jump.expect("a winning reply");
                    assert!(legal(b, after, j, first), "{setup:?} {first}: {j}");
                }
                // White's winning jump leaves Black lost; in a setup White
                // loses, every first jump leaves Black winning.
                if Some(first) == start.jump || !white_wins {
                    assert_eq!(answer.wins, !white_wins, "{setup:?} {first}");
                }
            }
        }
        assert!(positions > 2500, "{positions}");
        assert_eq!(unproved, 0, "first jumps unproved");
        assert_eq!(no_distance, NO_DISTANCE, "wins without a distance");
    }

    /// Winning lines of the shipped book whose distance the proof did not
    /// measure (`cheversi duel-book --distances` leaves them as they were).
    const NO_DISTANCE: u32 = 0;

    #[test]
    fn first_jumps_leave_out_the_capture_and_the_markers() {
        let setup = Setup {
            white: sq("b1"),
            black: sq("c3"),
        };
        let jumps: Vec<String> = first_jumps(setup).map(|s| s.to_string()).collect();
        assert_eq!(jumps, ["d2", "a3"]);
    }
}
