//! Cheversi's pieces and colours.

use std::fmt;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    #[inline]
    pub const fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }

    /// Placements alternate from White, so ply parity gives the colour.
    #[inline]
    pub const fn of_ply(ply: usize) -> Color {
        if ply.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The five kinds of piece a player holds; the index orders hands and lists.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Kind {
    King = 0,
    Queen = 1,
    Rook = 2,
    Bishop = 3,
    Knight = 4,
}

impl Kind {
    pub const ALL: [Kind; 5] = [
        Kind::King,
        Kind::Queen,
        Kind::Rook,
        Kind::Bishop,
        Kind::Knight,
    ];

    /// How many of each kind a player starts with: K, Q, 2R, 2B, 2N.
    pub const START_HAND: [u8; 5] = [1, 1, 2, 2, 2];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Queen => 'Q',
            Kind::Rook => 'R',
            Kind::Bishop => 'B',
            Kind::Knight => 'N',
        }
    }

    /// Reads `K Q R B N`, either case.
    pub fn from_letter(c: char) -> Option<Kind> {
        Some(match c.to_ascii_uppercase() {
            'K' => Kind::King,
            'Q' => Kind::Queen,
            'R' => Kind::Rook,
            'B' => Kind::Bishop,
            'N' => Kind::Knight,
            _ => return None,
        })
    }

    pub const fn name(self) -> &'static str {
        match self {
            Kind::King => "King",
            Kind::Queen => "Queen",
            Kind::Rook => "Rook",
            Kind::Bishop => "Bishop",
            Kind::Knight => "Knight",
        }
    }

    /// Sliders are the pieces whose lines other pieces can block.
    #[inline]
    pub const fn is_slider(self) -> bool {
        matches!(self, Kind::Queen | Kind::Rook | Kind::Bishop)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
