//! Bit sets of squares ("bitboards").
//!
//! Move generation is written once, generic over [`Bits`]. Boards of up to 64 squares (8x8
//! and smaller) use a plain `u64`, the fastest case; larger boards (up to 12x12 = 144 squares)
//! use [`Big`], three words wide.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of square indices.
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

    /// The set holding only square `i`.
    fn single(i: usize) -> Self;
    /// Does the set hold square `i`?
    fn has(self, i: usize) -> bool;
    /// Is the set empty?
    fn is_empty(self) -> bool;
    /// Number of squares in the set.
    fn count(self) -> u32;
    /// The lowest square; the set must not be empty.
    fn lsb(self) -> usize;
    /// The highest square; the set must not be empty.
    fn msb(self) -> usize;

    /// Is the set non-empty?
    #[inline]
    fn any(self) -> bool {
        !self.is_empty()
    }

    /// Adds square `i`.
    #[inline]
    fn set(&mut self, i: usize) {
        *self |= Self::single(i);
    }

    /// Removes square `i`.
    #[inline]
    fn clear(&mut self, i: usize) {
        *self &= !Self::single(i);
    }

    /// Removes and returns the lowest square.
    #[inline]
    fn pop_lsb(&mut self) -> usize {
        let i = self.lsb();
        self.clear(i);
        i
    }

    /// More than one square?
    #[inline]
    fn more_than_one(self) -> bool {
        self.count() > 1
    }

    /// Iterates over the squares, lowest first.
    #[inline]
    fn iter(self) -> BitIter<Self> {
        BitIter(self)
    }
}

/// Iterator over the squares of a [`Bits`] set.
pub struct BitIter<B>(B);

impl<B: Bits> Iterator for BitIter<B> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
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

    #[inline]
    fn single(i: usize) -> u64 {
        1u64 << i
    }
    #[inline]
    fn has(self, i: usize) -> bool {
        (self >> i) & 1 != 0
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
    fn lsb(self) -> usize {
        self.trailing_zeros() as usize
    }
    #[inline]
    fn msb(self) -> usize {
        63 - self.leading_zeros() as usize
    }
    #[inline]
    fn pop_lsb(&mut self) -> usize {
        let i = self.trailing_zeros() as usize;
        *self &= *self - 1;
        i
    }
    #[inline]
    fn more_than_one(self) -> bool {
        self & self.wrapping_sub(1) != 0
    }
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
    fn single(i: usize) -> Big {
        let mut b = [0u64; 3];
        b[i >> 6] = 1u64 << (i & 63);
        Big(b)
    }
    #[inline]
    fn has(self, i: usize) -> bool {
        (self.0[i >> 6] >> (i & 63)) & 1 != 0
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
    fn lsb(self) -> usize {
        if self.0[0] != 0 {
            self.0[0].trailing_zeros() as usize
        } else if self.0[1] != 0 {
            64 + self.0[1].trailing_zeros() as usize
        } else {
            128 + self.0[2].trailing_zeros() as usize
        }
    }
    #[inline]
    fn msb(self) -> usize {
        if self.0[2] != 0 {
            191 - self.0[2].leading_zeros() as usize
        } else if self.0[1] != 0 {
            127 - self.0[1].leading_zeros() as usize
        } else {
            63 - self.0[0].leading_zeros() as usize
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exercise<B: Bits>() {
        let mut b = B::EMPTY;
        assert!(b.is_empty());
        for i in [0, 5, 40, B::CAPACITY - 1] {
            b.set(i);
            assert!(b.has(i));
        }
        assert_eq!(b.count(), 4);
        assert_eq!(b.lsb(), 0);
        assert_eq!(b.msb(), B::CAPACITY - 1);
        let v: Vec<usize> = b.iter().collect();
        assert_eq!(v, vec![0, 5, 40, B::CAPACITY - 1]);
        b.clear(5);
        assert!(!b.has(5));
        assert!(b.more_than_one());
        assert!(!B::single(7).more_than_one());
    }

    #[test]
    fn u64_and_big_behave_alike() {
        exercise::<u64>();
        exercise::<Big>();
        assert_eq!(Big::single(100).lsb(), 100);
        assert_eq!(Big::single(130).msb(), 130);
    }
}
