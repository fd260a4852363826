//! Bit sets of squares ("bitboards").
//!
//! Move generation is written once, generic over [`Bits`]. Boards of up to 64 squares (8x8
//! and smaller) use a plain `u64`, the fastest case; larger boards (up to 12x12 = 144 squares)
//! use [`Big`], three words wide.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use super::Square;

/// A set of squares.
pub trait Bits:
    Copy
    + Clone
    + Debug
    + Default
    + PartialEq
    + Eq
    + Hash
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// How many squares the set can hold.
    const CAPACITY: usize;
    /// A byte per square (the piece on it), sized for this width.
    type Mailbox: Copy
        + Clone
        + Debug
        + PartialEq
        + Eq
        + Hash
        + Send
        + Sync
        + AsRef<[u8]>
        + AsMut<[u8]>
        + 'static;
    /// An all-empty mailbox.
    const EMPTY_MAILBOX: Self::Mailbox;
    /// The empty set.
    const EMPTY: Self;

    /// The set holding only `sq`.
    fn single(sq: Square) -> Self;
    /// Does the set hold `sq`?
    fn has(self, sq: Square) -> bool;
    /// Is the set empty?
    fn is_empty(self) -> bool;
    /// Number of squares in the set.
    fn count(self) -> u32;
    /// The lowest square; the set must not be empty.
    fn lsb(self) -> Square;
    /// The highest square; the set must not be empty.
    fn msb(self) -> Square;
    /// The set of the first 64 squares given as a `u64` (the orthogonal and diagonal line
    /// tables of `variant::magic`, used on boards of 64 squares).
    fn from_low_u64(x: u64) -> Self;
    /// The first 64 squares of the set as a `u64`.
    fn low_u64(self) -> u64;

    /// Is the set non-empty?
    #[inline]
    fn any(self) -> bool {
        !self.is_empty()
    }

    /// Adds `sq`.
    #[inline]
    fn set(&mut self, sq: Square) {
        *self |= Self::single(sq);
    }

    /// Removes `sq`.
    #[inline]
    fn clear(&mut self, sq: Square) {
        *self &= !Self::single(sq);
    }

    /// Removes and returns the lowest square.
    #[inline]
    fn pop_lsb(&mut self) -> Square {
        let sq = self.lsb();
        self.clear(sq);
        sq
    }

    /// More than one square?
    #[inline]
    fn more_than_one(self) -> bool {
        self.count() > 1
    }

    /// A well-mixed 64-bit digest of the set (for caches keyed by a few sets).
    fn digest(self) -> u64;

    /// Iterates over the squares, lowest first.
    #[inline]
    fn iter(self) -> BitIter<Self> {
        BitIter(self)
    }
}

/// Iterator over the squares of a [`Bits`] set.
pub struct BitIter<B>(B);

impl<B: Bits> Iterator for BitIter<B> {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0.is_empty() {
            None
        } else {
            Some(self.0.pop_lsb())
        }
    }
}

impl Bits for u64 {
    const CAPACITY: usize = 64;
    type Mailbox = [u8; 64];
    const EMPTY_MAILBOX: [u8; 64] = [0; 64];
    const EMPTY: u64 = 0;

    #[inline(always)]
    fn from_low_u64(x: u64) -> u64 {
        x
    }
    #[inline(always)]
    fn low_u64(self) -> u64 {
        self
    }

    #[inline]
    fn single(sq: Square) -> u64 {
        1u64 << sq.0
    }
    #[inline]
    fn has(self, sq: Square) -> bool {
        (self >> sq.0) & 1 != 0
    }
    #[inline]
    fn is_empty(self) -> bool {
        self == 0
    }
    #[inline]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline]
    fn lsb(self) -> Square {
        Square(self.trailing_zeros() as u8)
    }
    #[inline]
    fn msb(self) -> Square {
        Square(63 - self.leading_zeros() as u8)
    }
    #[inline]
    fn pop_lsb(&mut self) -> Square {
        let sq = self.lsb();
        *self &= *self - 1;
        sq
    }
    #[inline]
    fn more_than_one(self) -> bool {
        self & self.wrapping_sub(1) != 0
    }
    #[inline]
    fn digest(self) -> u64 {
        mix(self)
    }
}

/// SplitMix64's finalizer: every input bit moves about half the output bits.
#[inline]
pub fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A 192-square set, for boards larger than 64 squares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Big(pub [u64; 3]);

macro_rules! big_binop {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Big {
            type Output = Big;
            #[inline]
            fn $f(self, o: Big) -> Big {
                Big([self.0[0] $op o.0[0], self.0[1] $op o.0[1], self.0[2] $op o.0[2]])
            }
        }
        impl $tra for Big {
            #[inline]
            fn $fa(&mut self, o: Big) {
                *self = *self $op o;
            }
        }
    };
}
big_binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
big_binop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
big_binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Big {
    type Output = Big;
    #[inline]
    fn not(self) -> Big {
        Big([!self.0[0], !self.0[1], !self.0[2]])
    }
}

impl Bits for Big {
    const CAPACITY: usize = 192;
    type Mailbox = [u8; 192];
    const EMPTY_MAILBOX: [u8; 192] = [0; 192];
    const EMPTY: Big = Big([0; 3]);

    #[inline]
    fn from_low_u64(x: u64) -> Big {
        Big([x, 0, 0])
    }
    #[inline]
    fn low_u64(self) -> u64 {
        self.0[0]
    }

    #[inline]
    fn digest(self) -> u64 {
        mix(self.0[0])
            ^ mix(self.0[1] ^ 0x9e37_79b9_7f4a_7c15).rotate_left(21)
            ^ mix(self.0[2] ^ 0x3c6e_f372_fe94_f82a).rotate_left(42)
    }
    #[inline]
    fn single(sq: Square) -> Big {
        let mut b = [0u64; 3];
        b[sq.index() >> 6] = 1u64 << (sq.0 & 63);
        Big(b)
    }
    #[inline]
    fn has(self, sq: Square) -> bool {
        (self.0[sq.index() >> 6] >> (sq.0 & 63)) & 1 != 0
    }
    #[inline]
    fn is_empty(self) -> bool {
        (self.0[0] | self.0[1] | self.0[2]) == 0
    }
    #[inline]
    fn count(self) -> u32 {
        self.0[0].count_ones() + self.0[1].count_ones() + self.0[2].count_ones()
    }
    #[inline]
    fn lsb(self) -> Square {
        Square(if self.0[0] != 0 {
            self.0[0].trailing_zeros() as u8
        } else if self.0[1] != 0 {
            64 + self.0[1].trailing_zeros() as u8
        } else {
            128 + self.0[2].trailing_zeros() as u8
        })
    }
    #[inline]
    fn msb(self) -> Square {
        Square(if self.0[2] != 0 {
            191 - self.0[2].leading_zeros() as u8
        } else if self.0[1] != 0 {
            127 - self.0[1].leading_zeros() as u8
        } else {
            63 - self.0[0].leading_zeros() as u8
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exercise<B: Bits>() {
        let last = Square(B::CAPACITY as u8 - 1);
        let mut b = B::EMPTY;
        assert!(b.is_empty());
        for sq in [Square(0), Square(5), Square(40), last] {
            b.set(sq);
            assert!(b.has(sq));
        }
        assert_eq!(b.count(), 4);
        assert_eq!(b.lsb(), Square(0));
        assert_eq!(b.msb(), last);
        let v: Vec<Square> = b.iter().collect();
        assert_eq!(v, vec![Square(0), Square(5), Square(40), last]);
        b.clear(Square(5));
        assert!(!b.has(Square(5)));
        assert!(b.more_than_one());
        assert!(!B::single(Square(7)).more_than_one());
    }

    #[test]
    fn u64_and_big_behave_alike() {
        exercise::<u64>();
        exercise::<Big>();
        assert_eq!(Big::single(Square(100)).lsb(), Square(100));
        assert_eq!(Big::single(Square(130)).msb(), Square(130));
    }
}
