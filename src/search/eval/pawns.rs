//! The pawn-structure terms of the evaluation: passed pawns (and the royal pieces' race to
//! them), isolated, doubled and connected pawns. The terms that depend on the pawns alone are
//! kept in a small cache keyed by where the pawns stand (Stockfish's pawn hash table): most
//! positions of a search share their pawns with many others.

use super::{EvalTables, Seen};
use crate::position::Position;
use crate::types::{mix, ByColor, Color, Geometry, Square};
use crate::variant::{Tables, TablesFor};

/// Both sides' pawns (the pieces of pawn-like kinds) and the squares they attack: the first
/// thing the evaluation works out, which most of its terms read.
#[derive(Clone, Copy, Default)]
pub(super) struct Pawns<B> {
    /// Each side's pawns.
    pub(super) on: ByColor<B>,
    /// The squares each side's pawns attack.
    pub(super) attacks: ByColor<B>,
}

/// Slots of the pawn cache (a power of two).
const PAWN_CACHE: usize = 1 << 13;

/// One slot: a digest of the pawns and their captures, and the two sides' structure terms
/// (middlegame, endgame).
#[derive(Clone, Copy, Default)]
struct PawnSlot {
    key: u64,
    terms: [(i32, i32); 2],
}

/// The pawn-structure terms of recent pawn placements, for one searcher.
pub(crate) struct PawnCache {
    slots: Vec<PawnSlot>,
    /// The learnt correction's first-layer sums of the last position evaluated (`net.rs`).
    pub(super) net: super::net::Scratch,
}

impl PawnCache {
    pub fn new() -> PawnCache {
        PawnCache {
            slots: vec![PawnSlot::default(); PAWN_CACHE],
            net: super::net::Scratch::default(),
        }
    }

    /// Forgets every entry (another variant, other weights).
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = PawnSlot::default());
        self.net.clear();
    }
}

impl Default for PawnCache {
    fn default() -> Self {
        PawnCache::new()
    }
}

impl<B: TablesFor> EvalTables<B> {
    /// A pawn's piece-square value, middlegame and endgame: its worth, and its advance `a`
    /// (0..=1000) on a file of centrality `centre_file` (0..=1000).
    pub(super) fn pawn_square(&self, value: i32, a: i32, centre_file: i32) -> (i32, i32) {
        let (mg, eg) = self.pawn_worth(value);
        let mg = mg
            + a * a / 1000 * self.w.pawn_advance_mg / 1000
            + centre_file * a / 1000 * self.w.pawn_centre_mg / 1000;
        let eg =
            eg + a * a / 1000 * self.w.pawn_advance_eg / 1000 + a * self.w.pawn_linear_eg / 1000;
        (mg, eg)
    }

    /// A digest of where both sides' pawns stand, for the search's correction history; none
    /// where the variant has no pawns.
    pub(crate) fn pawn_key(&self, t: &crate::variant::Tables<B>, pos: &Position<B>) -> Option<u64> {
        let mut pawns = ByColor::<B>::default();
        let mut any = false;
        for r in t.roles().filter(|r| self.pawn[r.index()]) {
            any = true;
            let ps = pos.by_role(r);
            pawns[Color::White] |= ps & pos.by_color(Color::White);
            pawns[Color::Black] |= ps & pos.by_color(Color::Black);
        }
        any.then(|| {
            pawns[Color::White].digest() ^ mix(pawns[Color::Black].digest() ^ 0x6a09_e667_f3bc_c909)
        })
    }

    /// Both sides' pawns in `pos` and the squares they attack.
    pub(super) fn pawns(&self, t: &Tables<B>, pos: &Position<B>) -> Pawns<B> {
        let mut p = Pawns::<B>::default();
        for c in Color::ALL {
            let ours = pos.by_color(c);
            for r in t.roles().filter(|r| self.pawn[r.index()]) {
                let ps = pos.by_role(r) & ours;
                p.on[c] |= ps;
                for sq in ps.iter() {
                    p.attacks[c] |= t.leap_capture[t.idx(c, r, sq)];
                }
            }
        }
        p
    }

    /// Both sides' structure terms, (middlegame, endgame) each, from the cache if it has them.
    pub(super) fn pawn_structure(
        &self,
        p: &Pawns<B>,
        cache: Option<&mut PawnCache>,
    ) -> ByColor<(i32, i32)> {
        let (pawns, pawn_attacks) = (&p.on, &p.attacks);
        let compute = || ByColor::new_with(|c| self.structure_of(c, p));
        let Some(cache) = cache else {
            return compute();
        };
        // the captures are in the key: with two kinds of pawn the squares alone are not enough
        let key = (pawns[Color::White].digest()
            ^ mix(pawns[Color::Black].digest() ^ 0x5851_f42d_4c95_7f2d)
            ^ mix(pawn_attacks[Color::White].digest() ^ 0x1405_7b7e_f767_814f).rotate_left(17)
            ^ mix(pawn_attacks[Color::Black].digest() ^ 0x2545_f491_4f6c_dd1d).rotate_left(34))
            | 1;
        let slot = &mut cache.slots[(key as usize) & (PAWN_CACHE - 1)];
        if slot.key == key {
            return ByColor::new(slot.terms[0], slot.terms[1]);
        }
        let terms = compute();
        *slot = PawnSlot {
            key,
            terms: [terms[Color::White], terms[Color::Black]],
        };
        terms
    }

    /// The isolated, doubled, connected and passed terms of `c`'s pawns (the race aside).
    fn structure_of(&self, c: Color, p: &Pawns<B>) -> (i32, i32) {
        let (pawns, pawn_attacks) = (&p.on, &p.attacks);
        let (mut mg, mut eg) = (0, 0);
        let ours = pawns[c];
        let theirs = pawns[!c];
        for sq in ours.iter() {
            let i = sq.index();
            let adv = self.advance[c][i];
            let span = self.passed_span[c][i];
            if (span & theirs).is_empty() {
                let a2 = adv * adv / 1000;
                mg += self.w.passed_mg + a2 * self.w.passed_advance_mg / 1000;
                eg += self.w.passed_eg + a2 * self.w.passed_advance_eg / 1000;
            }
            if (self.adjacent_files[i] & ours).is_empty() {
                mg -= self.w.isolated_mg;
                eg -= self.w.isolated_eg;
            }
            // doubled: another own pawn ahead on the same file
            let ahead = span & !self.adjacent_files[i];
            if (ahead & ours).any() {
                mg -= self.w.doubled_mg;
                eg -= self.w.doubled_eg;
            }
            // connected: defended by a pawn of ours, or beside one on its rank (more as it
            // advances)
            if (self.beside[i] & ours).any() || pawn_attacks[c].has(sq) {
                mg += self.w.connected_mg * (400 + 2 * adv) / 1000;
                eg += self.w.connected_eg * (400 + 2 * adv) / 1000;
            }
        }
        (mg, eg)
    }

    /// In the endgame the royal pieces race to the square in front of each of `c`'s passed
    /// pawns: the endgame term of that race, for all of them.
    pub(super) fn pawn_race(
        &self,
        g: Geometry,
        pos: &Position<B>,
        c: Color,
        pawns: &ByColor<B>,
    ) -> i32 {
        let mut eg = 0;
        let theirs = pawns[!c];
        let ahead = if c.is_white() { 1 } else { -1 };
        let dist = |k: Square, stop: Square| {
            let df = (g.file(k) as i32 - g.file(stop) as i32).abs();
            let dr = (g.rank(k) as i32 - g.rank(stop) as i32).abs();
            df.max(dr).min(5)
        };
        for sq in pawns[c].iter() {
            let i = sq.index();
            if (self.passed_span[c][i] & theirs).any() {
                continue;
            }
            if let Some(stop) = g.square_at(g.file(sq) as i32, g.rank(sq) as i32 + ahead) {
                let race = dist(pos.king(!c), stop) * self.w.passed_king_them
                    - dist(pos.king(c), stop) * self.w.passed_king_us;
                eg += race * self.advance[c][i] / 1000;
            }
        }
        eg
    }

    /// The way ahead of `c`'s passed pawns past the middle of their run (Stockfish's
    /// classical term): where the square in front is empty, a bonus that grows with the
    /// advance and with how little of the way the enemy contests (no square of it attacked
    /// or occupied, or only squares our pawns guard, or none on the file itself, or at least
    /// not the square in front), more where we guard the square in front or a piece of ours
    /// that rides the file stands behind the pawn. An enemy rider behind it contests every
    /// square. The same in the middlegame and the endgame.
    pub(super) fn passed_path(&self, seen: &Seen<B>, c: Color) -> i32 {
        let Seen { t, pos, terms, .. } = *seen;
        let (pawns, pawn_attacks) = (&seen.pawns.on, &seen.pawns.attacks);
        let g = t.geometry;
        let occ = pos.occupied();
        let ahead = if c.is_white() { 1 } else { -1 };
        let mut heavy = None;
        let mut bonus = 0;
        for sq in pawns[c].iter() {
            let i = sq.index();
            // 2 on the fourth rank of eight, 17 on the seventh (Stockfish's `5 * r - 13`)
            let w = 30 * self.advance[c][i] / 1000 - 8;
            let span = self.passed_span[c][i];
            if w <= 0 || (span & pawns[!c]).any() {
                continue;
            }
            let Some(block) = g.square_at(g.file(sq) as i32, g.rank(sq) as i32 + ahead) else {
                continue;
            };
            if occ.has(block) {
                continue;
            }
            // the riders of files (rooks, queens) on the file behind the pawn
            let heavy = *heavy.get_or_insert_with(|| {
                t.roles()
                    .filter(|r| self.file_rider[r.index()] || self.top.contains(*r))
                    .fold(B::EMPTY, |b, r| b | pos.by_role(r))
            });
            let behind = heavy & self.passed_span[!c][i] & !self.adjacent_files[i];
            let mut contested = span;
            if (behind & pos.by_color(!c)).is_empty() {
                contested &= terms[!c].attacks | pos.by_color(!c);
            }
            let file_ahead = span & !self.adjacent_files[i];
            let mut k = if contested.is_empty() {
                36
            } else if (contested & !pawn_attacks[c]).is_empty() {
                30
            } else if (contested & file_ahead).is_empty() {
                17
            } else if !contested.has(block) {
                7
            } else {
                0
            };
            if (behind & pos.by_color(c)).any() || terms[c].attacks.has(block) {
                k += 5;
            }
            bonus += k * w;
        }
        bonus * self.w.passed_free / 100
    }
}
