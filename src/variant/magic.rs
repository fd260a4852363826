//! The orthodox lines by one table lookup: on a board of 8x8 squares, the squares a rider of
//! the four orthogonal or the four diagonal lines (unlimited, the first blocker included)
//! reaches from a square, whatever the occupancy, are read from a table indexed by the
//! occupancy of the line squares multiplied by a "magic" number (fancy magic bitboards, as in
//! most chess engines). The magic numbers are constants, found by the seeded search below
//! and checked again as the tables are built, once per process on first use;
//! [`super::Tables`] uses the tables for the rides they cover and the ray-by-ray walk for
//! every other ride.

use std::sync::OnceLock;

/// File and rank steps of the orthogonal lines.
pub const ORTHOGONAL: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// File and rank steps of the diagonal lines.
pub const DIAGONAL: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

/// The magic numbers of the orthogonal lines, square by square (found by [`find`] from its
/// seed, and checked again as the tables are built).
const ORTHOGONAL_MAGICS: [u64; 64] = [
    0x2080002080400010,
    0x00c0002001401000,
    0x2100110008402002,
    0x0880080081041000,
    0x0200020020041008,
    0x2300040008010012,
    0x0c00283004008201,
    0x0180010000407a80,
    0x0168800080400020,
    0x0010400040201000,
    0x1001002001001048,
    0x1001002408100100,
    0x0801000408010012,
    0x4001000209000400,
    0x08a20004c8020001,
    0x2002801145002280,
    0x0080860021004200,
    0x001000c009402002,
    0x00b0002004002800,
    0x100a808010020800,
    0x8101010008000410,
    0x0244008002000480,
    0x0000040010810208,
    0x2000020000448534,
    0x4104400480008033,
    0x0000810100204000,
    0x0440430900200010,
    0x4600240900100100,
    0x0060080080040080,
    0x0001000300080400,
    0x0004084400011002,
    0x0023040200008041,
    0x0580050043002080,
    0x0400804002802008,
    0x0001002001004010,
    0x1000200901001000,
    0x4410800801800c00,
    0xa012003806001004,
    0x0020100104008802,
    0x0004808402000041,
    0x0010400170898000,
    0x0080500020004004,
    0x1040408012020020,
    0x8010040008004040,
    0x2001080100110004,
    0x0000020004008080,
    0x0021010810040002,
    0x0800008c43020024,
    0x0000800021005100,
    0x0070201040008080,
    0x0000d04282006a00,
    0x0010014400080240,
    0x0001080110050100,
    0x0012000810240600,
    0x0402000801040200,
    0x028100108a004100,
    0x0050800300102045,
    0x8208210040120882,
    0x8010600101183441,
    0x020b000910006045,
    0x0241001002480005,
    0x0081000400880241,
    0x0000009008024124,
    0x0048122980410402,
];

/// The magic numbers of the diagonal lines, square by square.
const DIAGONAL_MAGICS: [u64; 64] = [
    0x0848020822040013,
    0x8010a40085821200,
    0x0008008430840822,
    0x0808048108040000,
    0x1304042100008104,
    0x5001012010204023,
    0x81048801b8200420,
    0x200a008084012000,
    0x0040102001042084,
    0x840a505042428020,
    0x0000700102202920,
    0x44101c0c10800002,
    0x0040040422000000,
    0x0180020802090202,
    0x4020020811041202,
    0x000104308c042000,
    0x4140661002424400,
    0x0028012008010460,
    0x0188062102002a00,
    0x0014004840102008,
    0x0105000290400002,
    0x8001022200410400,
    0x104a041918013446,
    0x008a000082008238,
    0x04a0060008100430,
    0x0008220008820801,
    0x2508041208005010,
    0x4008080200202020,
    0x2441001013004000,
    0x0030008060407000,
    0x4008108000420800,
    0x0012021050290100,
    0x0210080482200500,
    0xcc01112048100480,
    0x0020402806500440,
    0x00048e0080580080,
    0x0040102020020080,
    0x0028010440080807,
    0x4601041108008800,
    0x8040810e04104200,
    0x901210110400088a,
    0xa003080212081050,
    0x00c1004048401004,
    0x900000a014400800,
    0x0008021040405401,
    0x4020008206002090,
    0x0004190424030100,
    0x0424008a02026250,
    0x8004088250900040,
    0x1c00430088a04200,
    0x0001020094040001,
    0x8040210020880061,
    0x2010040450442032,
    0x0800840850044001,
    0x0004040802140004,
    0x0004080a04222020,
    0x8088802110022000,
    0x1081a10416114400,
    0x0205010a24060820,
    0x0000000720411080,
    0x1008000208430400,
    0x580c026028810840,
    0x802020441020a110,
    0x12c0022401020018,
];

/// One square's entry: which occupied squares matter, the multiplier, and where its slice of
/// the table starts.
#[derive(Clone, Copy, Debug)]
struct Entry {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

impl Entry {
    #[inline(always)]
    fn index(&self, occ: u64) -> usize {
        self.offset + ((occ & self.mask).wrapping_mul(self.magic) >> self.shift) as usize
    }
}

/// The tables of both kinds of line.
pub struct Magics {
    orthogonal: [Entry; 64],
    diagonal: [Entry; 64],
    table: Vec<u64>,
    /// The squares strictly between two squares on one orthogonal or diagonal line (none for
    /// squares on no common line), at `a * 64 + b`.
    between: Vec<u64>,
}

impl std::fmt::Debug for Magics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Magics({} entries)", self.table.len())
    }
}

impl Magics {
    /// The tables, built on first use.
    pub fn get() -> &'static Magics {
        static MAGICS: OnceLock<Magics> = OnceLock::new();
        MAGICS.get_or_init(Magics::build)
    }

    /// What the four orthogonal lines reach from `sq` with `occ` occupied.
    #[inline(always)]
    pub fn orthogonal(&self, sq: usize, occ: u64) -> u64 {
        self.table[self.orthogonal[sq & 63].index(occ)]
    }

    /// The squares strictly between `a` and `b` if they share an orthogonal or diagonal line.
    #[inline(always)]
    pub fn between(&self, a: usize, b: usize) -> u64 {
        self.between[(a & 63) * 64 + (b & 63)]
    }

    /// What the four diagonal lines reach from `sq` with `occ` occupied.
    #[inline(always)]
    pub fn diagonal(&self, sq: usize, occ: u64) -> u64 {
        self.table[self.diagonal[sq & 63].index(occ)]
    }

    fn build() -> Magics {
        let mut table = Vec::with_capacity(110_000);
        let mut rng = 0x9E37_79B9_7F4A_7C15u64;
        let mut entries = |lines: &[(i8, i8); 4], magics: &[u64; 64], table: &mut Vec<u64>| {
            std::array::from_fn(|sq| {
                fill(sq, lines, magics[sq], table)
                    .unwrap_or_else(|| find(sq, lines, table, &mut rng))
            })
        };
        let orthogonal = entries(&ORTHOGONAL, &ORTHOGONAL_MAGICS, &mut table);
        let diagonal = entries(&DIAGONAL, &DIAGONAL_MAGICS, &mut table);
        let mut between = vec![0u64; 64 * 64];
        for a in 0..64 {
            let (f, r) = ((a % 8) as i8, (a / 8) as i8);
            for &(dx, dy) in ORTHOGONAL.iter().chain(&DIAGONAL) {
                let (mut x, mut y, mut passed) = (f + dx, r + dy, 0u64);
                while (0..8).contains(&x) && (0..8).contains(&y) {
                    let b = (y * 8 + x) as usize;
                    between[a * 64 + b] = passed;
                    passed |= 1 << b;
                    x += dx;
                    y += dy;
                }
            }
        }
        Magics {
            orthogonal,
            diagonal,
            table,
            between,
        }
    }
}

/// The squares the `lines` reach from `sq` with `occ` occupied, step by step (the first blocker
/// included): the reference the tables are built from.
pub fn walk(sq: usize, lines: &[(i8, i8); 4], occ: u64) -> u64 {
    let (f, r) = ((sq % 8) as i8, (sq / 8) as i8);
    let mut out = 0;
    for &(dx, dy) in lines {
        let (mut x, mut y) = (f + dx, r + dy);
        while (0..8).contains(&x) && (0..8).contains(&y) {
            let bit = 1u64 << (y * 8 + x);
            out |= bit;
            if occ & bit != 0 {
                break;
            }
            x += dx;
            y += dy;
        }
    }
    out
}

/// The squares whose occupancy matters: the lines without their last square.
fn relevant(sq: usize, lines: &[(i8, i8); 4]) -> u64 {
    let (f, r) = ((sq % 8) as i8, (sq / 8) as i8);
    let mut out = 0;
    for &(dx, dy) in lines {
        let (mut x, mut y) = (f + dx, r + dy);
        while (0..8).contains(&(x + dx)) && (0..8).contains(&(y + dy)) {
            out |= 1u64 << (y * 8 + x);
            x += dx;
            y += dy;
        }
    }
    out
}

fn next(rng: &mut u64) -> u64 {
    *rng ^= *rng << 13;
    *rng ^= *rng >> 7;
    *rng ^= *rng << 17;
    *rng
}

/// Every occupancy of `sq`'s relevant squares with what the lines reach through it.
fn cases(sq: usize, lines: &[(i8, i8); 4]) -> (u64, Vec<(u64, u64)>) {
    let mask = relevant(sq, lines);
    let mut cases = Vec::with_capacity(1 << mask.count_ones());
    let mut occ = 0u64;
    loop {
        cases.push((occ, walk(sq, lines, occ)));
        occ = occ.wrapping_sub(mask) & mask;
        if occ == 0 {
            break;
        }
    }
    (mask, cases)
}

/// `sq`'s slice of the table for `magic`, if every occupancy lands on a slot holding its own
/// answer.
fn slice(mask: u64, cases: &[(u64, u64)], magic: u64) -> Option<Vec<u64>> {
    let shift = 64 - mask.count_ones();
    let mut slots = vec![None; 1usize << mask.count_ones()];
    for &(occ, reach) in cases {
        let i = (occ.wrapping_mul(magic) >> shift) as usize;
        match slots[i] {
            None => slots[i] = Some(reach),
            Some(r) if r == reach => {}
            Some(_) => return None,
        }
    }
    Some(slots.into_iter().map(Option::unwrap_or_default).collect())
}

fn entry(mask: u64, magic: u64, part: Vec<u64>, table: &mut Vec<u64>) -> Entry {
    let offset = table.len();
    table.extend(part);
    Entry {
        mask,
        magic,
        shift: 64 - mask.count_ones(),
        offset,
    }
}

/// `sq`'s entry with a known `magic`, its slice appended to `table`; `None` if it does not fit.
fn fill(sq: usize, lines: &[(i8, i8); 4], magic: u64, table: &mut Vec<u64>) -> Option<Entry> {
    let (mask, cases) = cases(sq, lines);
    let part = slice(mask, &cases, magic)?;
    Some(entry(mask, magic, part, table))
}

/// A magic number for `sq`'s lines, found by trying sparse random numbers from `rng` (how
/// the constants above were found), its slice appended to `table`.
fn find(sq: usize, lines: &[(i8, i8); 4], table: &mut Vec<u64>, rng: &mut u64) -> Entry {
    let (mask, cases) = cases(sq, lines);
    loop {
        let magic = next(rng) & next(rng) & next(rng);
        if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        if let Some(part) = slice(mask, &cases, magic) {
            return entry(mask, magic, part, table);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tables answer as the step-by-step walk does, on every square, for occupancies
    /// from empty to crowded.
    #[test]
    fn the_tables_agree_with_the_walk() {
        let m = Magics::get();
        let mut rng = 12345u64;
        for sq in 0..64 {
            for density in 0..6 {
                for _ in 0..200 {
                    let mut occ = next(&mut rng);
                    for _ in 0..density {
                        occ &= next(&mut rng);
                    }
                    assert_eq!(m.orthogonal(sq, occ), walk(sq, &ORTHOGONAL, occ));
                    assert_eq!(m.diagonal(sq, occ), walk(sq, &DIAGONAL, occ));
                }
            }
        }
    }

    /// `between` holds the squares a rider passes over from one square to the other.
    #[test]
    fn between_is_what_a_rider_passes_over() {
        let m = Magics::get();
        for a in 0..64 {
            for b in 0..64 {
                // on the line that joins them: what a rider from each end passes over
                let along = |lines: &[(i8, i8); 4]| {
                    if a != b && walk(a, lines, 1 << b) & (1 << b) != 0 {
                        walk(a, lines, 1 << b) & walk(b, lines, 1 << a) & !(1 << a | 1 << b)
                    } else {
                        0
                    }
                };
                let expected = along(&ORTHOGONAL) | along(&DIAGONAL);
                assert_eq!(m.between(a, b), expected, "{a} {b}");
            }
        }
    }

    /// The constants fit (the tables need no search), and the search finds numbers that fit
    /// too, on a few squares.
    #[test]
    fn the_magic_numbers_fit() {
        let mut table = vec![];
        for sq in 0..64 {
            assert!(fill(sq, &ORTHOGONAL, ORTHOGONAL_MAGICS[sq], &mut table).is_some());
            assert!(fill(sq, &DIAGONAL, DIAGONAL_MAGICS[sq], &mut table).is_some());
        }
        let mut rng = 7u64;
        for sq in [0, 27, 63] {
            let e = find(sq, &DIAGONAL, &mut table, &mut rng);
            assert!(fill(sq, &DIAGONAL, e.magic, &mut vec![]).is_some());
        }
    }
}
