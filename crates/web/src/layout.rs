//! Board geometry: where a square is drawn, which square a point is on.
//! Sizes are in CSS pixels; the canvas is scaled for the device.

/// The board fills a square of `size` pixels; squares are `size / 8`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    pub size: f64,
    pub flipped: bool,
}

impl Layout {
    pub fn cell(&self) -> f64 {
        self.size / 8.0
    }

    /// Column and row on screen (0, 0 = top left) of a square (0 = a1).
    pub fn screen_cell(&self, square: u8) -> (u8, u8) {
        let (file, rank) = (square % 8, square / 8);
        if self.flipped {
            (7 - file, rank)
        } else {
            (file, 7 - rank)
        }
    }

    /// Top-left corner of a square.
    pub fn origin(&self, square: u8) -> (f64, f64) {
        let (col, row) = self.screen_cell(square);
        (col as f64 * self.cell(), row as f64 * self.cell())
    }

    /// The square under a point, if the point is on the board.
    pub fn square_at(&self, x: f64, y: f64) -> Option<u8> {
        if !(0.0..self.size).contains(&x) || !(0.0..self.size).contains(&y) {
            return None;
        }
        let col = (x / self.cell()) as u8;
        let row = (y / self.cell()) as u8;
        Some(if self.flipped {
            row * 8 + (7 - col)
        } else {
            (7 - row) * 8 + col
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_square_maps_back_both_ways_up() {
        for flipped in [false, true] {
            let layout = Layout {
                size: 400.0,
                flipped,
            };
            for sq in 0..64u8 {
                let (x, y) = layout.origin(sq);
                assert_eq!(layout.square_at(x + 1.0, y + 49.0), Some(sq));
            }
            assert_eq!(layout.square_at(-1.0, 10.0), None);
            assert_eq!(layout.square_at(10.0, 400.0), None);
        }
        let white_down = Layout {
            size: 80.0,
            flipped: false,
        };
        assert_eq!(white_down.square_at(1.0, 79.0), Some(0), "a1 bottom left");
        let black_down = Layout {
            size: 80.0,
            flipped: true,
        };
        assert_eq!(black_down.square_at(1.0, 79.0), Some(63), "h8 bottom left");
    }
}
