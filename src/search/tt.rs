//! The transposition table: one entry per slot, indexed by the Zobrist hash.

use crate::types::Move;

/// What a stored score means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The exact score.
    Exact,
    /// At least this score (a beta cutoff).
    Lower,
    /// At most this score (no move raised alpha).
    Upper,
}

/// One slot.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub key: u64,
    pub mv: Option<Move>,
    pub score: i32,
    pub depth: i16,
    pub bound: Bound,
}

const EMPTY: Entry = Entry {
    key: 0,
    mv: None,
    score: 0,
    depth: -1,
    bound: Bound::Upper,
};

/// A fixed-size table of [`Entry`].
pub(crate) struct Tt {
    slots: Vec<Entry>,
}

impl Tt {
    /// A table of about `mb` megabytes (at least 1024 slots).
    pub fn new(mb: usize) -> Tt {
        let bytes = mb.max(1) * 1024 * 1024;
        let n = (bytes / std::mem::size_of::<Entry>()).max(1024);
        Tt {
            slots: vec![EMPTY; n],
        }
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|e| *e = EMPTY);
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        ((key as u128 * self.slots.len() as u128) >> 64) as usize
    }

    /// Starts loading the slot of `key` into the cache: called as soon as a child position
    /// is made, so that the probe at its node does not wait on memory.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        prefetch(&self.slots[self.index(key)]);
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.slots[self.index(key)];
        (e.key == key && e.depth >= 0).then_some(e)
    }

    /// Stores an entry, replacing a shallower one or one of another position.
    #[inline]
    pub fn store(&mut self, key: u64, mv: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let i = self.index(key);
        let old = &mut self.slots[i];
        if old.key != key || depth >= old.depth as i32 - 2 || bound == Bound::Exact {
            let mv = mv.or(if old.key == key { old.mv } else { None });
            *old = Entry {
                key,
                mv,
                score,
                depth: depth.clamp(0, i16::MAX as i32) as i16,
                bound,
            };
        }
    }
}

/// Asks the processor to bring the cache line of `p` in (a hint: nothing happens elsewhere).
#[inline(always)]
pub(crate) fn prefetch<T>(p: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is a hint that never faults, and `p` is a valid reference anyway.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>(p as *const T as *const i8);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}
