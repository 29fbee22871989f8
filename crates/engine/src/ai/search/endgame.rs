//! Shortcuts a game may offer near its end, read without making every
//! move: the last move solved directly, the last two moves bounded or read
//! in one pass, a reply that refutes many moves at once. Only Cheversi has
//! them; other games name [`NoEndgame`] and the search makes every move.

use crate::game::Player;

/// What [`Endgame::best_with_reply`] finds: the best of the moves one
/// reply refutes, its value, and how many moves it refutes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RefutedAll<M> {
    pub best: M,
    pub value: i32,
    pub count: u32,
}

/// What [`Endgame::best_with_replies`] and
/// [`Endgame::best_with_reply_between`] find: the best line of the
/// mover's two moves and the replies, its value, how many nodes the pass
/// stands for, and the moves it leaves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefutedLine<M> {
    pub line: Vec<M>,
    pub value: i32,
    pub count: u32,
    /// The mover's moves not answered, each legal and named once: to be
    /// searched (the search lists no others).
    pub unanswered: Vec<M>,
}

/// The game's shortcuts near its end, with moves of type `M`. Every
/// method has a default that says "no shortcut here".
pub trait Endgame<M: Copy> {
    /// What [`Endgame::prepare_reply`] makes ready.
    type Prepared;

    /// Where exactly one move is left in the game: the value for `me` of
    /// the mover's best move and that move, found directly, without the
    /// table (the search's leaves one move from the end are most of its
    /// nodes). The moves in `first` (the ply's killers) are tried first, and
    /// the search stops at the first move whose value reaches outside the
    /// window `(alpha, beta)`: that value is then a bound, as in
    /// alpha-beta. `None` where more moves are left, or the game does not
    /// say.
    fn solve_last_move(
        &self,
        me: Player,
        alpha: i32,
        beta: i32,
        first: [Option<M>; 2],
    ) -> Option<(i32, M)> {
        let _ = (me, alpha, beta, first);
        None
    }

    /// Where two moves are left, a bound on the node's value for `me` read
    /// without searching it, where it shows that the mover cannot pass
    /// `bound` (alpha where the mover is `me`, beta where not): at most
    /// `bound` in the first case, at least in the second. `None` where it
    /// does not, or the game does not say.
    fn mover_bound(&self, me: Player, bound: i32) -> Option<i32> {
        let _ = (me, bound);
        None
    }

    /// Where two moves are left: the value for `me` of `mv`'s child, and
    /// the best last move there, as [`Endgame::solve_last_move`] would
    /// find them in the window `(alpha, beta)` (the killers `first` first),
    /// without making the child: where the game's last moves after `mv` are
    /// few enough that reading each from here costs less. `None` where the
    /// game does not say.
    fn solve_after(
        &self,
        mv: M,
        me: Player,
        alpha: i32,
        beta: i32,
        first: [Option<M>; 2],
    ) -> Option<(i32, M)> {
        let _ = (mv, me, alpha, beta, first);
        None
    }

    /// Where two moves are left: whether `reply` is a legal last move after
    /// `mv`, without making `mv` (how a reply that refuted a sibling is
    /// tried on the others). False where the game does not say.
    fn is_legal_reply(&self, mv: M, reply: M) -> bool {
        let _ = (mv, reply);
        false
    }

    /// Where two moves are left and `reply` was the best last move after
    /// `from`: the move that plays the same part after `to`, in games
    /// whose last move goes near the one before (a reply tried on each
    /// sibling, as the killers are). `None` where the game does not say.
    fn translate_reply(&self, from: M, reply: M, to: M) -> Option<M> {
        let _ = (from, reply, to);
        None
    }

    /// Where two moves are left: `reply`, a last move, made ready to be
    /// valued after many next-to-last moves cheaply. `None` where the game
    /// does not say, or `reply` can follow no move.
    fn prepare_reply(&self, reply: M) -> Option<Self::Prepared> {
        let _ = reply;
        None
    }

    /// The value for `me` of the game after `mv` and then the prepared
    /// reply, read without making either; the reply must be legal after
    /// `mv` ([`Endgame::is_legal_reply`]).
    fn value_with_reply(&self, mv: M, reply: &Self::Prepared, me: Player) -> i32 {
        let _ = (mv, reply, me);
        unreachable!("a game that prepares replies values them")
    }

    /// Where two moves are left: the moves of `moves` after which the
    /// prepared reply is legal, each valued followed by it, read in one
    /// pass. The best of them for the side to move (the highest value for
    /// `me` where `me` moves, the lowest otherwise) and how many there
    /// were, when none does better for the mover than `bound` (so the
    /// reply refutes every one of them); `None` as soon as one does, where
    /// none is followed legally by the reply, or where the game does not
    /// say.
    fn best_with_reply(
        &self,
        moves: &[M],
        reply: &Self::Prepared,
        me: Player,
        bound: i32,
    ) -> Option<RefutedAll<M>> {
        let _ = (moves, reply, me, bound);
        None
    }

    /// Where four moves are left: the best value for the side to move
    /// (as in [`Endgame::best_with_reply`]) over its next two moves,
    /// the other side answering with `first` and then `last` (or its best
    /// other move where that cannot follow, and, where `last` does not hold
    /// a pair of the mover's moves to `bound`, `second` or another last
    /// move that does), read in one pass, where none does better for the
    /// mover than `bound`. The mover's moves it cannot
    /// answer are named, to be searched. `None` as soon as one does
    /// better, or where the game does not say.
    fn best_with_replies(
        &self,
        first: M,
        last: M,
        second: Option<M>,
        me: Player,
        bound: i32,
    ) -> Option<RefutedLine<M>> {
        let _ = (first, last, second, me, bound);
        None
    }

    /// Where three moves are left: as [`Endgame::best_with_replies`]
    /// over the mover's two moves, the other side answering the first
    /// with `reply`.
    fn best_with_reply_between(&self, reply: M, me: Player, bound: i32) -> Option<RefutedLine<M>> {
        let _ = (reply, me, bound);
        None
    }

    /// Where four moves are left, in games where the last two cannot be
    /// read in one pass: a value for the mover that each of its moves,
    /// answered by `reply` (or by `second` where `reply` does not hold it),
    /// cannot pass by a bound on the last two (no better for the mover than
    /// `bound`), the highest such, read without making any. Its moves
    /// neither holds are named, to be searched. `None` where none is
    /// bounded so, or the game does not say.
    fn bounded_with_reply(
        &self,
        reply: M,
        second: Option<M>,
        me: Player,
        bound: i32,
    ) -> Option<RefutedLine<M>> {
        let _ = (reply, second, me, bound);
        None
    }

    /// True where the next two moves end the game and the game solves the
    /// last one itself ([`Endgame::solve_last_move`]): the children are
    /// then cheap enough that ordering them costs more than it saves.
    fn two_moves_left(&self) -> bool {
        false
    }
}

/// The shortcuts of a game that has none.
pub struct NoEndgame;

/// The one value of [`NoEndgame`], for [`super::Searchable::endgame`].
pub const NO_ENDGAME: NoEndgame = NoEndgame;

impl<M: Copy> Endgame<M> for NoEndgame {
    type Prepared = ();
}
