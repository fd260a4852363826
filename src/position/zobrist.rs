//! Zobrist keys, generated at compile time from a fixed seed so that hashes are the same on
//! every machine and every run.

use crate::types::{Color, Piece, Square, MAX_ROLES, MAX_SQUARES};

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const PIECE_KEY_COUNT: usize = 2 * MAX_ROLES * MAX_SQUARES;

const fn make_keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (s, z) = splitmix(state);
        state = s;
        out[i] = z;
        i += 1;
    }
    out
}

static PIECE_KEYS: [u64; PIECE_KEY_COUNT] = make_keys(0x4D79_7269_6164_0001);
static CASTLE_KEYS: [u64; 2 * MAX_SQUARES] = make_keys(0x4D79_7269_6164_0002);
static EP_KEYS: [u64; MAX_SQUARES] = make_keys(0x4D79_7269_6164_0003);
/// XORed in when Black is to move.
pub const SIDE_KEY: u64 = splitmix(0x4D79_7269_6164_0004).1;

/// Key of a piece on a square.
#[inline(always)]
pub fn piece(p: Piece, sq: Square) -> u64 {
    PIECE_KEYS[(p.pack() as usize - 1) * MAX_SQUARES + sq.index()]
}

/// Key of a castling right, identified by the castling rook's square.
#[inline(always)]
pub fn castle(c: Color, rook: Square) -> u64 {
    CASTLE_KEYS[c.index() * MAX_SQUARES + rook.index()]
}

/// Key of an en passant target square.
#[inline(always)]
pub fn ep(target: Square) -> u64 {
    EP_KEYS[target.index()]
}

/// Counts of one kind in one hand that have a key of their own (more wrap around).
const HAND_COUNTS: usize = 32;
static HAND_KEYS: [u64; 2 * MAX_ROLES * HAND_COUNTS] = make_keys(0x4D79_7269_6164_0005);

/// Key of `count` pieces of `role` in `c`'s hand (0 for an empty hand, so that games without
/// hands hash as before).
#[inline(always)]
pub fn hand(c: Color, role: crate::types::Role, count: u8) -> u64 {
    if count == 0 {
        return 0;
    }
    HAND_KEYS[(c.index() * MAX_ROLES + role.index()) * HAND_COUNTS + count as usize % HAND_COUNTS]
}

/// Check counts that have a key of their own (`checks N` allows at most 9).
const CHECK_COUNTS: usize = 16;
static CHECK_KEYS: [u64; 2 * CHECK_COUNTS] = make_keys(0x4D79_7269_6164_0006);

/// Key of `given` checks given by `c` (0 for none, so that games without check counting
/// hash as before).
#[inline(always)]
pub fn checks(c: Color, given: u8) -> u64 {
    if given == 0 {
        return 0;
    }
    CHECK_KEYS[c.index() * CHECK_COUNTS + given as usize % CHECK_COUNTS]
}
