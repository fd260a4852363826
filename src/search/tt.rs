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
    /// The memory: `len` slots from `start` on (the ones before only align them).
    slots: Vec<Entry>,
    /// The first slot in use.
    start: usize,
    /// How many slots are in use.
    len: usize,
}

/// Huge pages (Linux's transparent ones) are this large.
const HUGE_PAGE: usize = 2 << 20;

impl Tt {
    /// A table of about `mb` megabytes (at least 1024 slots).
    ///
    /// Each probe lands on a random slot: with ordinary 4 KiB pages nearly every one also
    /// misses the processor's cache of address translations. On Linux the table is aligned to
    /// 2 MiB and the kernel is asked to back it with huge pages (`madvise`, before the memory
    /// is first written), as Stockfish does; elsewhere, or if the kernel declines, it is an
    /// ordinary allocation.
    pub fn new(mb: usize) -> Tt {
        let size = std::mem::size_of::<Entry>();
        let bytes = mb.max(1) * 1024 * 1024;
        let len = (bytes / size).max(1024);
        // (a table smaller than a huge page is left as it is)
        let huge = len * size >= HUGE_PAGE;
        let pad = if huge { HUGE_PAGE / size + 1 } else { 0 };
        let mut slots: Vec<Entry> = Vec::with_capacity(len + pad);
        // the slots in use begin at the first huge-page boundary of the allocation
        let addr = slots.as_ptr() as usize;
        let gap = if huge {
            addr.next_multiple_of(HUGE_PAGE) - addr
        } else {
            0
        };
        let start = gap.div_ceil(size);
        if huge {
            advise_huge_pages(&slots, gap);
        }
        slots.resize(start + len, EMPTY);
        Tt { slots, start, len }
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|e| *e = EMPTY);
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        self.start + ((key as u128 * self.len as u128) >> 64) as usize
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

/// Asks the kernel to back `v`'s allocation (not yet written) with huge pages, from byte
/// `offset` (a huge-page boundary) to the last whole huge page, where it can.
fn advise_huge_pages(v: &Vec<Entry>, offset: usize) {
    let bytes = v.capacity() * std::mem::size_of::<Entry>();
    let len = bytes.saturating_sub(offset) / HUGE_PAGE * HUGE_PAGE;
    #[cfg(target_os = "linux")]
    if len > 0 {
        // SAFETY: the range lies within `v`'s allocation and begins on a page boundary; the
        // advice changes how the kernel backs those pages, never their contents or validity
        // (and its failure is harmless).
        unsafe {
            libc::madvise(
                v.as_ptr().cast::<u8>().add(offset) as *mut libc::c_void,
                len,
                libc::MADV_HUGEPAGE,
            );
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = len;
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

#[cfg(test)]
mod tests {
    use super::{Bound, Tt, HUGE_PAGE};
    use crate::types::{Move, Square};

    #[test]
    fn a_large_table_is_aligned_for_huge_pages_and_keeps_what_it_stores() {
        let mut tt = Tt::new(8);
        let size = std::mem::size_of::<super::Entry>();
        assert_eq!(tt.len, (8 << 20) / size);
        assert_eq!(tt.slots.len(), tt.start + tt.len);
        // (the slots in use begin at a huge-page boundary: the first within an entry of it)
        let first = &tt.slots[tt.start] as *const super::Entry as usize;
        assert!(first % HUGE_PAGE < size, "{first:#x}");
        let m = Move::normal(Square(12), Square(28));
        let keys = [1u64, u64::MAX, 0x9E37_79B9_7F4A_7C15, 1 << 63];
        for (i, &key) in keys.iter().enumerate() {
            let slot = tt.index(key);
            assert!((tt.start..tt.start + tt.len).contains(&slot));
            tt.store(key, Some(m), 10 * i as i32, 5, Bound::Lower);
        }
        for (i, &key) in keys.iter().enumerate() {
            let e = tt.probe(key).expect("stored");
            assert_eq!(
                (e.mv, e.score, e.depth, e.bound),
                (Some(m), 10 * i as i32, 5, Bound::Lower)
            );
        }
        assert!(tt.probe(2).is_none());
        tt.clear();
        assert!(keys.iter().all(|&k| tt.probe(k).is_none()));
        // a table smaller than a huge page is not padded
        let small = Tt::new(1);
        assert_eq!((small.start, small.slots.len()), (0, small.len));
    }
}
