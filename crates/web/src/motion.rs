//! The short movement of a piece just placed or jumped, drawn over a few
//! frames (none when the reader asked for reduced motion): which move to
//! animate, and how far along it is. Pure, so it is tested natively.

/// How long a placement grows into its square, in seconds.
pub const PLACE_SECONDS: f64 = 0.14;
/// How long a knight takes to jump, in seconds.
pub const JUMP_SECONDS: f64 = 0.2;

/// A piece on its way to `to`: from `from` (a jump) or growing in place.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Motion {
    pub to: u8,
    pub from: Option<u8>,
    started: f64,
}

/// What the board showed: how many moves, and the moves.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Shown {
    cursor: usize,
    moves: Vec<String>,
}

impl Shown {
    pub fn new(cursor: usize, moves: &[String]) -> Shown {
        Shown {
            cursor,
            moves: moves[..cursor.min(moves.len())].to_vec(),
        }
    }
}

impl Motion {
    /// The move to animate going from `before` to the position after
    /// `cursor` of `moves`: exactly one move further along the same game
    /// (a move played, or one step forward through it). `last_move` is
    /// the squares it touched: its square, or from and to.
    pub fn between(
        before: &Shown,
        cursor: usize,
        moves: &[String],
        last_move: &[u8],
        now: f64,
    ) -> Option<Motion> {
        let one_step = cursor == before.cursor + 1
            && moves.len() >= cursor
            && moves[..before.cursor] == before.moves[..];
        if !one_step {
            return None;
        }
        match *last_move {
            [to] => Some(Motion {
                to,
                from: None,
                started: now,
            }),
            [from, to] => Some(Motion {
                to,
                from: Some(from),
                started: now,
            }),
            _ => None,
        }
    }

    fn seconds(&self) -> f64 {
        if self.from.is_some() {
            JUMP_SECONDS
        } else {
            PLACE_SECONDS
        }
    }

    /// 0 at the start, 1 at the end, easing out (fast, then settling).
    pub fn progress(&self, now: f64) -> f64 {
        let t = ((now - self.started) / self.seconds()).clamp(0.0, 1.0);
        1.0 - (1.0 - t).powi(3)
    }

    pub fn done(&self, now: f64) -> bool {
        now - self.started >= self.seconds()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(list: &[&str]) -> Vec<String> {
        list.iter().map(|m| m.to_string()).collect()
    }

    #[test]
    fn only_one_step_forward_is_animated() {
        let game = moves(&["Kd4", "Qe5", "Qc3"]);
        let before = Shown::new(2, &game);
        let placed = Motion::between(&before, 3, &game, &[18], 10.0).unwrap();
        assert_eq!((placed.to, placed.from), (18, None));
        // A jump goes from its first square to its second.
        let jump = Motion::between(&before, 3, &game, &[27, 44], 10.0).unwrap();
        assert_eq!((jump.to, jump.from), (44, Some(27)));
        // Back, two forward, a new game, another line: no movement.
        assert_eq!(Motion::between(&before, 1, &game, &[35], 0.0), None);
        assert_eq!(Motion::between(&before, 4, &game, &[35], 0.0), None);
        assert_eq!(
            Motion::between(&Shown::default(), 3, &game, &[18], 0.0),
            None
        );
        let other = moves(&["Kd5", "Qe5", "Qc3"]);
        assert_eq!(Motion::between(&before, 3, &other, &[18], 0.0), None);
        // The first move of a game is one step from the empty board.
        assert!(Motion::between(&Shown::default(), 1, &game, &[27], 0.0).is_some());
    }

    #[test]
    fn progress_eases_out_and_ends() {
        let before = Shown::new(0, &[]);
        let m = Motion::between(&before, 1, &moves(&["Kd4"]), &[27], 1.0).unwrap();
        assert_eq!(m.progress(1.0), 0.0);
        assert!(m.progress(1.0 + PLACE_SECONDS / 2.0) > 0.5, "fast first");
        assert_eq!(m.progress(1.0 + PLACE_SECONDS), 1.0);
        assert_eq!(m.progress(5.0), 1.0);
        assert!(!m.done(1.0 + PLACE_SECONDS / 2.0));
        assert!(m.done(1.0 + PLACE_SECONDS));
    }
}
