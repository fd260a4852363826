//! Board geometry: files x ranks, and square names such as `e4` or `j10`.

use super::{Square, MAX_FILES, MAX_RANKS, MIN_SIDE};

/// The size of a rectangular board, and the naming of its squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    /// Number of files (columns), named `a`, `b`, ...
    pub files: u8,
    /// Number of ranks (rows), numbered from 1.
    pub ranks: u8,
}

impl Geometry {
    /// The orthodox 8x8 board.
    pub const CHESS: Geometry = Geometry { files: 8, ranks: 8 };

    /// A board of the given size, if it is within the supported range (4..=12 each way).
    pub fn new(files: u8, ranks: u8) -> Option<Geometry> {
        ((MIN_SIDE..=MAX_FILES).contains(&files) && (MIN_SIDE..=MAX_RANKS).contains(&ranks))
            .then_some(Geometry { files, ranks })
    }

    /// Number of squares.
    #[inline]
    pub const fn len(self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// Boards are never empty; present for clippy's `len_without_is_empty`.
    pub const fn is_empty(self) -> bool {
        false
    }

    /// The square on `file` and `rank` (both from 0).
    #[inline]
    pub const fn square(self, file: u8, rank: u8) -> Square {
        Square(rank * self.files + file)
    }

    /// The square at signed coordinates, if on the board.
    #[inline]
    pub fn square_at(self, file: i32, rank: i32) -> Option<Square> {
        (file >= 0 && rank >= 0 && file < self.files as i32 && rank < self.ranks as i32)
            .then(|| Square((rank * self.files as i32 + file) as u8))
    }

    /// File of a square (from 0).
    #[inline]
    pub const fn file(self, sq: Square) -> u8 {
        sq.0 % self.files
    }

    /// Rank of a square (from 0).
    #[inline]
    pub const fn rank(self, sq: Square) -> u8 {
        sq.0 / self.files
    }

    /// Every square, rank 1 first.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        (0..self.len() as u8).map(Square)
    }

    /// Is the square light? (`a1` is dark, as on a chess board.)
    pub const fn is_light(self, sq: Square) -> bool {
        (self.file(sq) + self.rank(sq)) % 2 == 1
    }

    /// The square reflected top to bottom (White's `e1` to Black's `e8`).
    pub const fn flip_rank(self, sq: Square) -> Square {
        self.square(self.file(sq), self.ranks - 1 - self.rank(sq))
    }

    /// A file's letter: `a` for 0.
    pub const fn file_char(file: u8) -> char {
        (b'a' + file) as char
    }

    /// A square's name, e.g. `e4`, `j10`.
    pub fn name(self, sq: Square) -> String {
        format!("{}{}", Self::file_char(self.file(sq)), self.rank(sq) + 1)
    }

    /// Parses a square name; `None` if malformed or off the board.
    pub fn parse_square(self, s: &str) -> Option<Square> {
        let (sq, rest) = self.parse_square_prefix(s)?;
        rest.is_empty().then_some(sq)
    }

    /// Parses a square name at the start of `s`, returning it and the rest of the text.
    ///
    /// Ranks may have two digits (`a10`); the longest rank that is on the board is taken.
    pub fn parse_square_prefix(self, s: &str) -> Option<(Square, &str)> {
        let b = s.as_bytes();
        let f = *b.first()?;
        if !f.is_ascii_lowercase() || f - b'a' >= self.files {
            return None;
        }
        let digits = b[1..].iter().take_while(|c| c.is_ascii_digit()).count();
        for len in (1..=digits.min(2)).rev() {
            if let Ok(r) = s[1..1 + len].parse::<u8>() {
                if r >= 1 && r <= self.ranks && !(len == 2 && b[1] == b'0') {
                    return Some((self.square(f - b'a', r - 1), &s[1 + len..]));
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        let g = Geometry::new(10, 12).unwrap();
        for sq in g.squares() {
            assert_eq!(g.parse_square(&g.name(sq)), Some(sq));
        }
        assert_eq!(g.parse_square("k1"), None);
        assert_eq!(g.parse_square("a13"), None);
        assert_eq!(g.parse_square("a0"), None);
        assert_eq!(Geometry::CHESS.name(Geometry::CHESS.square(4, 3)), "e4");
        assert!(!Geometry::CHESS.is_light(Square(0)));
        assert!(Geometry::new(3, 8).is_none());
    }
}
