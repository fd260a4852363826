//! The transposition table: one entry per slot, indexed by the Zobrist hash, shared without
//! a lock by the threads of a search.

use std::sync::atomic::AtomicU64;
use std::sync::atomic::Ordering::Relaxed;

use super::alphabeta::MATE_BOUND;
use crate::types::{Move, MoveKind, Role, Square};

/// A score as stored: a mate counted from this node, not from the root.
#[inline]
pub(crate) fn to_tt(s: i32, ply: usize) -> i32 {
    if s > MATE_BOUND {
        s + ply as i32
    } else if s < -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

/// The score a stored entry settles for the window `alpha..beta`, if its bound allows.
#[inline]
pub(crate) fn tt_cutoff(e: Entry, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    let s = from_tt(e.score, ply);
    match e.bound {
        Bound::Exact => Some(s),
        Bound::Lower if s >= beta => Some(s),
        Bound::Upper if s <= alpha => Some(s),
        _ => None,
    }
}

/// A stored score as seen from the root, `ply` plies above the node.
#[inline]
pub(crate) fn from_tt(s: i32, ply: usize) -> i32 {
    if s > MATE_BOUND {
        s - ply as i32
    } else if s < -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}

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

/// What a probe finds.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub mv: Option<Move>,
    pub score: i32,
    pub depth: i16,
    pub bound: Bound,
}

/// One slot, shared by the threads of a search (Lazy SMP) without a lock: the entry packed
/// into one word, stored beside its key XORed with that word. A slot torn by two threads
/// writing at once (the key of one, the data of the other) no longer matches either key and
/// reads as empty: Hyatt's lockless table, as Crafty and Stockfish's forerunners kept it.
/// Each word is atomic, with relaxed ordering: on x86-64 that is a plain load or store.
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

// The data word: bits 0-31 the move (from, to, kind, promotion), bit 32 "has a move",
// bits 33-34 the bound, bit 35 "occupied", bits 36-43 the depth, bits 48-63 the score.
const HAS_MOVE: u64 = 1 << 32;
const OCCUPIED: u64 = 1 << 35;

/// The kinds by their discriminant (the order of [`MoveKind`]'s declaration), for `unpack`.
const KINDS: [MoveKind; 8] = [
    MoveKind::Normal,
    MoveKind::Promotion,
    MoveKind::EnPassant,
    MoveKind::Castle,
    MoveKind::Drop,
    MoveKind::Swap,
    MoveKind::Pass,
    MoveKind::Exchange,
];

fn pack(mv: Option<Move>, score: i32, depth: i32, bound: Bound) -> u64 {
    let m = mv.map_or(0, |m| {
        HAS_MOVE
            | m.from.0 as u64
            | (m.to.0 as u64) << 8
            | (m.kind as u64) << 16
            | (m.promotion.0 as u64) << 24
    });
    let b = match bound {
        Bound::Exact => 0u64,
        Bound::Lower => 1,
        Bound::Upper => 2,
    };
    let score = score.clamp(i16::MIN as i32, i16::MAX as i32) as i16 as u16 as u64;
    m | b << 33 | OCCUPIED | (depth.clamp(0, 255) as u64) << 36 | score << 48
}

fn unpack(d: u64) -> Entry {
    let mv = (d & HAS_MOVE != 0).then(|| Move {
        from: Square(d as u8),
        to: Square((d >> 8) as u8),
        kind: KINDS[((d >> 16) & 7) as usize],
        promotion: Role((d >> 24) as u8),
    });
    Entry {
        mv,
        score: (d >> 48) as u16 as i16 as i32,
        depth: ((d >> 36) & 0xff) as i16,
        bound: match (d >> 33) & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        },
    }
}

/// A fixed-size table of entries, shared by the threads of one search.
pub(crate) struct Tt {
    /// The memory: `len` slots from `start` on (the ones before only align them).
    slots: Vec<Slot>,
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
        let size = std::mem::size_of::<Slot>();
        let bytes = mb.max(1) * 1024 * 1024;
        let len = (bytes / size).max(1024);
        // (a table smaller than a huge page is left as it is)
        let huge = len * size >= HUGE_PAGE;
        let pad = if huge { HUGE_PAGE / size + 1 } else { 0 };
        let mut slots: Vec<Slot> = Vec::with_capacity(len + pad);
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
        slots.resize_with(start + len, Slot::default);
        Tt { slots, start, len }
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        for s in &mut self.slots {
            *s = Slot::default();
        }
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
        let s = &self.slots[self.index(key)];
        let d = s.data.load(Relaxed);
        (d & OCCUPIED != 0 && s.check.load(Relaxed) ^ d == key).then(|| unpack(d))
    }

    /// Stores an entry, replacing a shallower one or one of another position.
    #[inline]
    pub fn store(&self, key: u64, mv: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let s = &self.slots[self.index(key)];
        let od = s.data.load(Relaxed);
        let same = od & OCCUPIED != 0 && s.check.load(Relaxed) ^ od == key;
        let old_depth = if same { ((od >> 36) & 0xff) as i32 } else { -1 };
        if !same || depth >= old_depth - 2 || bound == Bound::Exact {
            let mv = mv.or(if same { unpack(od).mv } else { None });
            let d = pack(mv, score, depth, bound);
            s.check.store(key ^ d, Relaxed);
            s.data.store(d, Relaxed);
        }
    }
}

/// Asks the kernel to back `v`'s allocation (not yet written) with huge pages, from byte
/// `offset` (a huge-page boundary) to the last whole huge page, where it can.
fn advise_huge_pages(v: &Vec<Slot>, offset: usize) {
    let bytes = v.capacity() * std::mem::size_of::<Slot>();
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
    use super::{pack, unpack, Bound, Tt, HUGE_PAGE, KINDS};
    use crate::search::alphabeta::MATE;
    use crate::types::{Move, Role, Square};

    #[test]
    fn an_entry_survives_its_packing() {
        let bounds = [Bound::Exact, Bound::Lower, Bound::Upper];
        for (i, &kind) in KINDS.iter().enumerate() {
            let m = Move {
                from: Square(3 + i as u8),
                to: Square(200 - i as u8),
                kind,
                promotion: Role(i as u8),
            };
            for (mv, score, depth) in [
                (Some(m), 0, 0),
                (None, -MATE + 7, 1),
                (Some(m), MATE - 1, 127),
                (Some(m), -35, 255),
                (None, i16::MAX as i32, 40),
            ] {
                let bound = bounds[i % 3];
                let e = unpack(pack(mv, score, depth, bound));
                assert_eq!(
                    (e.mv, e.score, e.depth as i32, e.bound),
                    (mv, score, depth, bound)
                );
            }
        }
    }

    #[test]
    fn a_torn_slot_reads_as_empty() {
        // two threads storing into one slot at once may leave one's key word beside the
        // other's data word: that mix matches neither key
        let tt = Tt::new(1);
        let (a, b) = (0x1234_5678_9ABC_DEF0u64, 0x0FED_CBA9_8765_4321u64);
        assert_eq!(tt.index(a), tt.index(a));
        tt.store(a, None, 10, 3, Bound::Exact);
        let slot = &tt.slots[tt.index(a)];
        let d = pack(None, -20, 9, Bound::Lower);
        slot.data.store(d, std::sync::atomic::Ordering::Relaxed);
        assert!(tt.probe(a).is_none());
        assert!(tt.probe(b).is_none());
    }

    #[test]
    fn a_large_table_is_aligned_for_huge_pages_and_keeps_what_it_stores() {
        let mut tt = Tt::new(8);
        assert_eq!(std::mem::size_of::<super::Slot>(), 16);
        let size = std::mem::size_of::<super::Slot>();
        assert_eq!(tt.len, (8 << 20) / size);
        assert_eq!(tt.slots.len(), tt.start + tt.len);
        // (the slots in use begin at a huge-page boundary: the first within an entry of it)
        let first = &tt.slots[tt.start] as *const super::Slot as usize;
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
