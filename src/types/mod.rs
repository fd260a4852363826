//! The vocabulary shared by every layer: colours, squares, roles, pieces, moves and bit sets.
//!
//! Nothing here knows the rules of any game. Squares are plain indices (`rank * files + file`);
//! the board geometry that turns them into names such as `e4` lives in [`Geometry`].
//! Roles are indices into the piece kinds that a rules file declares, not a fixed enum.

mod bits;
mod geometry;
mod promoted;
pub mod rng;

pub use bits::{mix, Big, Bits};
pub use geometry::Geometry;
pub use promoted::{
    letter_is_upper, letter_lower, letter_text, letter_upper, promoted_base, promoted_letter,
};

use std::fmt;
use std::ops::{Index, IndexMut, Not};

/// The largest board Myriad accepts, in files and in ranks.
pub const MAX_FILES: u8 = 12;
/// The largest board Myriad accepts, in ranks.
pub const MAX_RANKS: u8 = 12;
/// The smallest board, in files and ranks.
pub const MIN_SIDE: u8 = 4;
/// Number of squares on the largest board.
pub const MAX_SQUARES: usize = MAX_FILES as usize * MAX_RANKS as usize;
/// The most piece kinds (roles) one rules file may declare.
pub const MAX_ROLES: usize = 16;

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Moves first in the game proper; uppercase letters in FEN.
    White = 0,
    /// Lowercase letters in FEN; begins the setup phase in the relocation variants.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// `0` for White, `1` for Black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `"white"` or `"black"`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// `'w'` or `'b'`, as in FEN.
    pub const fn fen_char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// White is `true`.
    pub const fn is_white(self) -> bool {
        matches!(self, Color::White)
    }

    /// The colour for a boolean "is white".
    pub const fn from_white(white: bool) -> Color {
        if white {
            Color::White
        } else {
            Color::Black
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "White",
            Color::Black => "Black",
        })
    }
}

/// One value per colour, indexed by [`Color`].
///
/// The values are kept in an array indexed by the colour's number rather than in two named
/// fields: move generation looks colours up in its innermost loops, and an array index is
/// one address computation where a `match` on the colour is a compare and a conditional move
/// (measured: about 1% of perft's instructions).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByColor<T> {
    v: [T; 2],
}

impl<T> ByColor<T> {
    /// White's and Black's values.
    pub const fn new(white: T, black: T) -> ByColor<T> {
        ByColor { v: [white, black] }
    }

    /// Builds both values from a function of the colour.
    pub fn new_with(mut f: impl FnMut(Color) -> T) -> ByColor<T> {
        ByColor::new(f(Color::White), f(Color::Black))
    }

    /// The value of `color`.
    #[inline]
    pub fn get(&self, color: Color) -> &T {
        &self.v[color.index()]
    }

    /// The value of `color`, mutably.
    #[inline]
    pub fn get_mut(&mut self, color: Color) -> &mut T {
        &mut self.v[color.index()]
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    #[inline]
    fn index(&self, c: Color) -> &T {
        self.get(c)
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    #[inline]
    fn index_mut(&mut self, c: Color) -> &mut T {
        self.get_mut(c)
    }
}

/// The two castling sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    /// Towards the higher files (`O-O`).
    KingSide = 0,
    /// Towards the lower files (`O-O-O`).
    QueenSide = 1,
}

impl CastlingSide {
    /// Both sides, king side first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::KingSide, CastlingSide::QueenSide];

    /// The side on which a rook on file `rook` stands, seen from a king on file `king`
    /// (higher files: the king side).
    #[inline]
    pub const fn of_rook(king: u8, rook: u8) -> CastlingSide {
        if rook > king {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        }
    }

    /// SAN of a castling move on this side.
    pub const fn san(self) -> &'static str {
        match self {
            CastlingSide::KingSide => "O-O",
            CastlingSide::QueenSide => "O-O-O",
        }
    }
}

/// One value per castling side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByCastlingSide<T> {
    /// The king side (`O-O`).
    pub king_side: T,
    /// The queen side (`O-O-O`).
    pub queen_side: T,
}

impl<T> Index<CastlingSide> for ByCastlingSide<T> {
    type Output = T;
    #[inline]
    fn index(&self, s: CastlingSide) -> &T {
        match s {
            CastlingSide::KingSide => &self.king_side,
            CastlingSide::QueenSide => &self.queen_side,
        }
    }
}

impl<T> IndexMut<CastlingSide> for ByCastlingSide<T> {
    #[inline]
    fn index_mut(&mut self, s: CastlingSide) -> &mut T {
        match s {
            CastlingSide::KingSide => &mut self.king_side,
            CastlingSide::QueenSide => &mut self.queen_side,
        }
    }
}

/// A square, as the index `rank * files + file` on the variant's board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Square(pub u8);

impl Square {
    /// The index as `usize`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A piece kind, as the index of its declaration in the rules file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Role(pub u8);

impl Role {
    /// The index as `usize`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A set of roles, one bit per role (a rules file declares at most [`MAX_ROLES`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct RoleSet(pub u32);

impl RoleSet {
    /// The empty set.
    pub const EMPTY: RoleSet = RoleSet(0);

    /// Adds `r`.
    #[inline]
    pub fn insert(&mut self, r: Role) {
        self.0 |= 1 << r.0;
    }

    /// Does the set hold `r`?
    #[inline]
    pub const fn contains(self, r: Role) -> bool {
        self.0 & (1 << r.0) != 0
    }

    /// Is the set empty?
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The roles in the set, in declaration order.
    #[inline]
    pub fn iter(self) -> impl Iterator<Item = Role> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let r = Role(bits.trailing_zeros() as u8);
                bits &= bits - 1;
                r
            })
        })
    }
}

impl FromIterator<Role> for RoleSet {
    fn from_iter<I: IntoIterator<Item = Role>>(iter: I) -> RoleSet {
        let mut set = RoleSet::EMPTY;
        for r in iter {
            set.insert(r);
        }
        set
    }
}

/// A piece: a colour and a role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What kind of piece it is.
    pub role: Role,
}

impl Piece {
    /// Packs the piece into one byte: `role * 2 + color + 1` (0 means an empty square).
    #[inline]
    pub const fn pack(self) -> u8 {
        self.role.0 * 2 + self.color as u8 + 1
    }

    /// Unpacks a byte made by [`Piece::pack`]; `0` is no piece.
    #[inline]
    pub const fn unpack(b: u8) -> Option<Piece> {
        if b == 0 {
            None
        } else {
            let v = b - 1;
            Some(Piece {
                color: if v & 1 == 0 {
                    Color::White
                } else {
                    Color::Black
                },
                role: Role(v >> 1),
            })
        }
    }
}

/// What kind of move a [`Move`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// An ordinary move or capture (including a pawn's double step).
    Normal,
    /// A move that promotes; the new role is [`Move::promotion`].
    Promotion,
    /// An en passant capture: the captured pawn is not on the destination square.
    EnPassant,
    /// Castling, encoded as king takes own rook: `from` is the king, `to` the rook.
    Castle,
    /// A piece taken from the hand of the side to move and put on the empty square `to`
    /// (Pre-Chess placements); the role is [`Move::promotion`], `from` equals `to`.
    Drop,
    /// A setup-phase swap of the pieces on `from` (the relocating piece) and `to` (the relocatee).
    Swap,
    /// Declining a setup step (`pass`, `0000` in UCI).
    Pass,
    /// A swap of two of the mover's pieces played instead of a move in the game proper
    /// (Transcendental Chess: "on its first turn a player may, instead of a move, exchange any
    /// two pieces of its back rank"). Unlike a setup swap it passes the turn.
    Exchange,
}

/// A move of the game: an ordinary chess move, castling, or a setup step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The square the moving (or relocating) piece starts on; the king for castling.
    pub from: Square,
    /// The destination; the rook's square for castling; the relocatee's square for a swap.
    pub to: Square,
    /// The kind of move.
    pub kind: MoveKind,
    /// The new role when `kind` is [`MoveKind::Promotion`].
    pub promotion: Role,
}

impl Move {
    /// An ordinary move.
    #[inline]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            kind: MoveKind::Normal,
            promotion: Role(0),
        }
    }

    /// A move of a given kind without promotion.
    #[inline]
    pub const fn with_kind(from: Square, to: Square, kind: MoveKind) -> Move {
        Move {
            from,
            to,
            kind,
            promotion: Role(0),
        }
    }

    /// A promotion to `role`.
    #[inline]
    pub const fn promote(from: Square, to: Square, role: Role) -> Move {
        Move {
            from,
            to,
            kind: MoveKind::Promotion,
            promotion: role,
        }
    }

    /// A setup swap.
    #[inline]
    pub const fn swap(from: Square, to: Square) -> Move {
        Move::with_kind(from, to, MoveKind::Swap)
    }

    /// A swap played instead of a move in the game proper (see [`MoveKind::Exchange`]).
    #[inline]
    pub const fn exchange(from: Square, to: Square) -> Move {
        Move::with_kind(from, to, MoveKind::Exchange)
    }

    /// A declined setup step.
    pub const PASS: Move = Move::with_kind(Square(0), Square(0), MoveKind::Pass);

    /// Is this a setup-phase move (swap or pass)?
    #[inline]
    pub const fn is_setup(self) -> bool {
        matches!(self.kind, MoveKind::Swap | MoveKind::Pass)
    }

    /// The role promoted to, if any.
    #[inline]
    pub fn promotion_role(self) -> Option<Role> {
        (self.kind == MoveKind::Promotion).then_some(self.promotion)
    }

    /// A drop of a piece of `role` from the hand onto `to`.
    #[inline]
    pub const fn drop(role: Role, to: Square) -> Move {
        Move {
            from: to,
            to,
            kind: MoveKind::Drop,
            promotion: role,
        }
    }

    /// The role dropped, if this is a drop.
    #[inline]
    pub fn drop_role(self) -> Option<Role> {
        (self.kind == MoveKind::Drop).then_some(self.promotion)
    }
}

/// A list of moves, filled by move generation without allocating: the first
/// [`MoveList::CAPACITY`] moves live inline; a position with more (a large board crowded with
/// riders) moves the list to the heap, so no move is ever dropped.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MoveList::CAPACITY],
    /// Number of moves. Above `CAPACITY` the moves are all in `spill`.
    len: usize,
    spill: Vec<Move>,
}

impl MoveList {
    /// How many moves are kept inline (far above any orthodox chess position's 218).
    pub const CAPACITY: usize = 1024;

    /// An empty list.
    #[inline]
    pub fn new() -> MoveList {
        MoveList {
            moves: [Move::PASS; MoveList::CAPACITY],
            len: 0,
            spill: Vec::new(),
        }
    }

    /// Appends a move.
    #[inline]
    pub fn push(&mut self, m: Move) {
        if self.len < MoveList::CAPACITY {
            self.moves[self.len] = m;
            self.len += 1;
        } else {
            self.push_spilled(m);
        }
    }

    #[cold]
    #[inline(never)]
    fn push_spilled(&mut self, m: Move) {
        if self.len == MoveList::CAPACITY {
            self.spill.extend_from_slice(&self.moves);
        }
        self.spill.push(m);
        self.len += 1;
    }

    /// Has the list outgrown its inline storage?
    #[inline]
    fn spilled(&self) -> bool {
        self.len > MoveList::CAPACITY
    }

    /// Number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// No moves?
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
        self.spill.clear();
    }

    /// Keeps only the moves for which `f` is true.
    pub fn retain(&mut self, mut f: impl FnMut(&Move) -> bool) {
        if self.spilled() {
            self.spill.retain(f);
            self.len = self.spill.len();
            if self.len <= MoveList::CAPACITY {
                self.moves[..self.len].copy_from_slice(&self.spill);
                self.spill.clear();
            }
            return;
        }
        let mut j = 0;
        for i in 0..self.len {
            if f(&self.moves[i]) {
                self.moves[j] = self.moves[i];
                j += 1;
            }
        }
        self.len = j;
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        if self.spilled() {
            &self.spill
        } else {
            &self.moves[..self.len]
        }
    }

    /// The moves as a mutable slice (for ordering).
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        if self.spilled() {
            &mut self.spill
        } else {
            &mut self.moves[..self.len]
        }
    }

    /// Iterates over the moves.
    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(i: usize) -> Move {
        Move::normal(Square((i % 144) as u8), Square((i / 144) as u8))
    }

    #[test]
    fn a_move_list_keeps_every_move_past_its_inline_capacity() {
        let mut l = MoveList::new();
        let n = MoveList::CAPACITY + 300;
        for i in 0..n {
            l.push(m(i));
        }
        assert_eq!(l.len(), n);
        assert!(l.iter().copied().eq((0..n).map(m)));
        // retain across the boundary: back inline, order kept
        l.retain(|x| (x.from.0 as usize + 144 * x.to.0 as usize).is_multiple_of(2));
        assert_eq!(l.len(), n.div_ceil(2));
        assert!(l.iter().copied().eq((0..n).step_by(2).map(m)));
        l.push(m(1));
        assert_eq!(l.as_slice().last(), Some(&m(1)));
        l.as_mut_slice().reverse();
        assert_eq!(l.as_slice()[0], m(1));
        l.clear();
        assert!(l.is_empty());
        for i in 0..n {
            l.push(m(i));
        }
        assert!(l.iter().copied().eq((0..n).map(m)));
    }
}
