//! A Chivalrous Attrition position: markers, pieces, whose turn it is, and
//! which pieces still have to jump this turn.
//!
//! Losses that are not moves (a stuck piece, a player with no jump) are
//! applied right after the move that leads to them, when the stuck player's
//! turn comes: [`Position::to_move`] always names a player who has a jump.

use super::notation::{Move, Piece};
use super::options::{Options, Variant};
use crate::attacks::knight_attacks;
use crate::bitboard::Bitboard;
use crate::game::{Outcome, Player};
use crate::square::Square;
use std::sync::LazyLock;

/// Keys per player and piece (index `player * 2 + piece`).
static PIECE_KEYS: LazyLock<[[u64; 64]; 8]> = LazyLock::new(|| crate::zobrist::keys(0xA771));

/// Seat names, in turn order.
pub const PLAYER_NAMES: [&str; 4] = ["White", "Black", "Red", "Blue"];

/// Where one piece is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Slot {
    /// Not placed yet (setup).
    InHand,
    At(Square),
    /// Taken by a capture (possibly by its owner's other piece).
    Captured,
    /// Removed because it had no jump when it had to jump.
    Stuck,
    /// The variant has no such piece.
    Unused,
}

impl Slot {
    pub fn square(self) -> Option<Square> {
        match self {
            Slot::At(sq) => Some(sq),
            _ => None,
        }
    }
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Position {
    pub(super) options: Options,
    pub(super) markers: Bitboard,
    pub(super) occupied: Bitboard,
    pub(super) slots: [[Slot; 2]; 4],
    /// Squares each player may not start on: mirrors of others' starts.
    pub(super) forbidden: [Bitboard; 4],
    /// Bit `p` set when player `p` is out (melee).
    out: u8,
    pub(super) in_setup: bool,
    pub(super) turn: Player,
    /// Bit `k` set when the turn player's piece `k` still has to jump.
    pub(super) pending: u8,
    winner: Option<Player>,
    ply: u16,
}

impl Position {
    pub fn new(options: Options) -> Position {
        let pieces = options.variant().pieces_per_player();
        let mut slots = [[Slot::Unused; 2]; 4];
        for seat in slots.iter_mut().take(options.players() as usize) {
            for slot in seat.iter_mut().take(pieces) {
                *slot = Slot::InHand;
            }
        }
        Position {
            options,
            markers: Bitboard::EMPTY,
            occupied: Bitboard::EMPTY,
            slots,
            forbidden: [Bitboard::EMPTY; 4],
            out: 0,
            in_setup: true,
            turn: 0,
            pending: 0,
            winner: None,
            ply: 0,
        }
    }

    pub fn options(&self) -> Options {
        self.options
    }

    pub fn variant(&self) -> Variant {
        self.options.variant()
    }

    pub fn players(&self) -> usize {
        self.options.players() as usize
    }

    /// Moves played so far (placements and jumps).
    pub fn ply(&self) -> usize {
        self.ply as usize
    }

    pub fn markers(&self) -> Bitboard {
        self.markers
    }

    pub fn occupied(&self) -> Bitboard {
        self.occupied
    }

    pub fn in_setup(&self) -> bool {
        self.in_setup
    }

    pub fn slot(&self, player: Player, piece: Piece) -> Slot {
        self.slots[player as usize][piece.index()]
    }

    /// Squares `player` may not start a piece on (setup's mirror rule).
    pub fn forbidden_for(&self, player: Player) -> Bitboard {
        self.forbidden[player as usize]
    }

    /// The owner and piece standing on `square`.
    pub fn piece_at(&self, square: Square) -> Option<(Player, Piece)> {
        if !self.occupied.contains(square) {
            return None;
        }
        (0..self.players()).find_map(|p| {
            Piece::BOTH
                .into_iter()
                .find(|&k| self.slots[p][k.index()] == Slot::At(square))
                .map(|k| (p as Player, k))
        })
    }

    pub fn is_out(&self, player: Player) -> bool {
        self.out >> player & 1 != 0
    }

    pub fn winner(&self) -> Option<Player> {
        self.winner
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.winner.map(Outcome::Winner)
    }

    pub fn to_move(&self) -> Option<Player> {
        self.winner.is_none().then_some(self.turn)
    }

    /// Pieces of the player to move that still have to jump this turn.
    pub fn still_to_jump(&self) -> impl Iterator<Item = Piece> + '_ {
        Piece::BOTH
            .into_iter()
            .filter(|k| self.pending >> k.index() & 1 != 0)
    }

    /// Where a piece on `from` may jump: unmarked squares and captures.
    #[inline]
    pub fn jumps_from(&self, from: Square) -> Bitboard {
        knight_attacks(from) & (!self.markers | self.occupied)
    }

    /// Squares where the player to move may place `piece`, if in setup.
    pub fn placement_squares(&self) -> Bitboard {
        !self.occupied & !self.forbidden[self.turn as usize]
    }

    fn has_pieces_on_board(&self, player: Player) -> bool {
        self.slots[player as usize]
            .iter()
            .any(|s| matches!(s, Slot::At(_)))
    }

    /// Bits of `player`'s pieces on the board.
    fn on_board_mask(&self, player: Player) -> u8 {
        let seat = &self.slots[player as usize];
        (0..2).fold(0, |m, k| {
            m | (u8::from(matches!(seat[k], Slot::At(_))) << k)
        })
    }

    fn next_in_turn(&self, player: Player) -> Player {
        let n = self.players() as Player;
        let mut p = player;
        loop {
            p = (p + 1) % n;
            if !self.is_out(p) {
                return p;
            }
        }
    }

    /// The player left after `loser` loses a two-player game.
    fn other(&self, loser: Player) -> Player {
        1 - loser
    }

    /// Puts `player` out of a melee; the last one left wins.
    fn eliminate(&mut self, player: Player) {
        self.out |= 1 << player;
        for slot in &mut self.slots[player as usize] {
            if let Slot::At(sq) = *slot {
                self.occupied.remove(sq);
                *slot = Slot::Stuck;
            }
        }
        let alive = ((1u8 << self.players()) - 1) & !self.out;
        if alive.count_ones() == 1 {
            self.winner = Some(alive.trailing_zeros() as Player);
        }
    }

    /// A hash of everything that decides the game from here.
    pub fn hash(&self) -> u64 {
        let mut h = crate::zobrist::mix(self.markers.0);
        for (p, seat) in self.slots.iter().enumerate().take(self.players()) {
            for (k, slot) in seat.iter().enumerate() {
                if let Slot::At(sq) = *slot {
                    h ^= PIECE_KEYS[p * 2 + k][sq.index()];
                }
            }
        }
        let state = u64::from(self.turn)
            | u64::from(self.pending) << 8
            | u64::from(self.in_setup) << 16
            | u64::from(self.out) << 24
            | u64::from(self.winner.map_or(0xff, |w| w)) << 32;
        h ^ crate::zobrist::mix(state ^ 0x5bd1_e995)
    }

    /// Plays a move the caller knows to be legal.
    pub fn play_unchecked(&mut self, mv: Move) {
        self.ply += 1;
        match mv {
            Move::Place { piece, square } => self.place(piece, square),
            Move::Jump { from, to } => self.jump(from, to),
        }
    }

    fn place(&mut self, piece: Piece, square: Square) {
        let me = self.turn as usize;
        self.slots[me][piece.index()] = Slot::At(square);
        self.occupied.insert(square);
        self.markers.insert(square);
        let mirrors: Bitboard = square.mirrors().into_iter().collect();
        for (p, forbidden) in self.forbidden.iter_mut().enumerate() {
            if p != me {
                *forbidden |= mirrors;
            }
        }
        if self.slots[me].contains(&Slot::InHand) {
            return; // two-piece setup: the same player places again
        }
        if me + 1 < self.players() {
            self.turn += 1;
        } else {
            self.in_setup = false;
            self.turn = 0;
            self.pending = self.on_board_mask(0);
            self.settle();
        }
    }

    fn jump(&mut self, from: Square, to: Square) {
        let me = self.turn;
        let victim = self.piece_at(to);
        let k = Piece::BOTH
            .into_iter()
            .find(|k| self.slots[me as usize][k.index()] == Slot::At(from))
            .expect("play_unchecked: no piece of the player to move on the from square");
        self.occupied.remove(from);
        self.occupied.insert(to);
        self.markers.insert(to);
        self.slots[me as usize][k.index()] = Slot::At(to);
        self.pending &= !(1 << k.index());
        if let Some((owner, piece)) = victim {
            self.slots[owner as usize][piece.index()] = Slot::Captured;
            if owner == me {
                self.pending &= !(1 << piece.index());
            }
            self.after_capture(me, owner);
        }
        self.settle();
    }

    /// A capture that decides the game ends it at once.
    fn after_capture(&mut self, me: Player, owner: Player) {
        match self.variant() {
            Variant::Duel => self.winner = Some(me),
            Variant::SuddenDeath => {
                let loser = owner; // a self-capture loses too
                self.winner = Some(self.other(loser));
            }
            Variant::TwoKnights => {
                if !self.has_pieces_on_board(owner) {
                    self.winner = Some(self.other(owner));
                }
            }
            Variant::Melee => self.eliminate(owner),
        }
    }

    /// Applies the losses that are not moves, until a player with a jump is
    /// to move or the game is over.
    fn settle(&mut self) {
        while self.winner.is_none() {
            if self.pending == 0 {
                self.turn = self.next_in_turn(self.turn);
                self.pending = self.on_board_mask(self.turn);
            }
            let me = self.turn as usize;
            let can_jump = (0..2).any(|k| {
                self.pending >> k & 1 != 0
                    && self.slots[me][k]
                        .square()
                        .is_some_and(|sq| self.jumps_from(sq).any())
            });
            if can_jump {
                return;
            }
            // Every piece that still had to jump is stuck: it is lost.
            for k in 0..2 {
                if self.pending >> k & 1 != 0 {
                    if let Slot::At(sq) = self.slots[me][k] {
                        self.occupied.remove(sq);
                    }
                    self.slots[me][k] = Slot::Stuck;
                }
            }
            self.pending = 0;
            let loser = self.turn;
            match self.variant() {
                Variant::Duel | Variant::SuddenDeath => self.winner = Some(self.other(loser)),
                Variant::TwoKnights => {
                    if !self.has_pieces_on_board(loser) {
                        self.winner = Some(self.other(loser));
                    }
                }
                Variant::Melee => self.eliminate(loser),
            }
        }
    }
}
