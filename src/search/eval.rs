//! Evaluation derived from the rules file alone.
//!
//! Nothing here knows the orthodox pieces or the 8x8 board. Material is the value each piece
//! declares, or one derived from its average mobility on the empty board. Piece-square terms
//! are computed from the geometry: centralization (stronger for short-range leapers, which
//! need the centre most), pawn advancement towards the promotion zone, and a royal piece that
//! stays home while there is material about and walks to the centre in the endgame. Dynamic
//! terms: mobility (squares not attacked by enemy pawns), a pawn shield and attacks on the
//! royal piece's neighbourhood, passed, doubled and isolated pawns. The middlegame and
//! endgame weights are blended by the non-pawn material left on the board.
//!
//! Every term is computed for both colours from each colour's own point of view, so a
//! position and its colour-mirrored twin score exactly the negation of each other.

use crate::position::Position;
use crate::types::{Color, Square};
use crate::variant::{Tables, TablesFor, Variant};

/// Bonus for the side to move.
const TEMPO: i32 = 10;

/// Tables for evaluating positions of one variant at one bit-set width.
pub(crate) struct EvalTables<B> {
    /// Material value of each role (0 for the royal piece).
    pub value: Vec<i32>,
    /// Middlegame piece-square values with material, by `idx(color, role, sq)`.
    pst_mg: Vec<i32>,
    /// Endgame piece-square values with material, by `idx(color, role, sq)`.
    pst_eg: Vec<i32>,
    /// Does the role count as a pawn (pawn structure, shield, phase)?
    pawn: Vec<bool>,
    /// Mobility weight per attacked square, per role, in tenths of a centipawn.
    mob_weight: Vec<i32>,
    /// Material of the full non-pawn army of both sides (the opening phase).
    total_phase: i32,
    /// The royal role.
    royal: usize,
    /// The royal piece's neighbourhood, by square.
    zone: Vec<B>,
    /// For each (colour, square): the squares ahead on the same and adjacent files.
    passed_span: Vec<B>,
    /// For each square: the squares on adjacent files.
    adjacent_files: Vec<B>,
    /// For each (colour, square): the shield squares (one and two ranks ahead, three files).
    shield: Vec<B>,
    /// Relative advancement (0..=1000) of a pawn on each (colour, square).
    advance: Vec<i32>,
}

/// Average number of squares a role reaches from each square of the empty board.
pub(crate) fn empty_board_mobility<B: TablesFor>(t: &Tables<B>, role: usize) -> f64 {
    let mut total = 0u64;
    for sq in 0..t.n {
        let mut a = t.leap_quiet[t.idx(Color::White, role, sq)]
            | t.leap_capture[t.idx(Color::White, role, sq)];
        for r in &t.rides[t.cr(Color::White, role)] {
            a |= t.rays[r.ray as usize].lim[sq];
        }
        total += a.count() as u64;
    }
    total as f64 / t.n as f64
}

/// The value of a role: as declared, else derived from its mobility (a chess knight, with
/// 5.25 squares on average, comes out near 300; a queen with 22.75 near 900).
pub(crate) fn role_value<B: TablesFor>(v: &Variant, t: &Tables<B>, role: usize) -> i32 {
    let def = &v.spec.roles[role];
    if role == v.royal.index() {
        return 0;
    }
    if let Some(x) = def.value {
        return x.max(0);
    }
    if def.pawn {
        return 100;
    }
    let m = empty_board_mobility(t, role);
    (35.0 * m + 2.0 * m * m / 3.0).round().max(50.0) as i32
}

impl<B: TablesFor> EvalTables<B> {
    /// Builds the tables for `v`.
    pub fn new(v: &Variant) -> EvalTables<B> {
        let t = v.tables::<B>();
        let g = v.geometry();
        let n = g.len();
        let roles = v.role_count();
        let royal = v.royal.index();
        let value: Vec<i32> = (0..roles).map(|r| role_value(v, t, r)).collect();
        let pawn: Vec<bool> = (0..roles)
            .map(|r| v.spec.roles[r].pawn || v.spec.roles[r].promotion.is_some())
            .collect();
        let (files, ranks) = (g.files as i32, g.ranks as i32);
        // Centrality in 0..=1000: 1000 in the centre, 0 in a corner.
        let centrality = |sq: usize| -> i32 {
            let s = Square(sq as u8);
            let df = (2 * g.file(s) as i32 - (files - 1)).abs() * 1000 / (files - 1);
            let dr = (2 * g.rank(s) as i32 - (ranks - 1)).abs() * 1000 / (ranks - 1);
            1000 - (df + dr) / 2
        };
        let file_centrality = |sq: usize| -> i32 {
            let s = Square(sq as u8);
            1000 - (2 * g.file(s) as i32 - (files - 1)).abs() * 1000 / (files - 1)
        };
        let rel_rank = |c: Color, sq: usize| -> i32 {
            let r = g.rank(Square(sq as u8)) as i32;
            if c.is_white() {
                r
            } else {
                ranks - 1 - r
            }
        };
        // How far a pawn has come: from its start ranks (0) to the promotion zone (1000).
        let mut advance = vec![0; 2 * n];
        for c in Color::ALL {
            for sq in 0..n {
                let r = rel_rank(c, sq);
                // the pawn's usual start is the second rank; the zone begins `zone` from the end
                let zone = (0..roles)
                    .filter_map(|x| v.spec.roles[x].promotion.as_ref().map(|p| p.zone as i32))
                    .max()
                    .unwrap_or(1);
                let last = (ranks - zone).max(2);
                advance[c.index() * n + sq] = ((r - 1).max(0) * 1000 / (last - 1)).min(1000);
            }
        }
        let mut pst_mg = vec![0; 2 * roles * n];
        let mut pst_eg = vec![0; 2 * roles * n];
        let mut mob_weight = vec![0; roles];
        for r in 0..roles {
            let def = &v.spec.roles[r];
            let rider = def.atoms.iter().any(|a| a.is_rider());
            let mob = empty_board_mobility(t, r);
            // Mobility matters per square reached; scale it so that a piece's mobility swing
            // stays well below its value.
            // (in tenths of a centipawn: a knight ~6 cp per square, a queen ~2)
            mob_weight[r] = if pawn[r] || r == royal {
                0
            } else {
                ((320.0 / mob.max(1.0)).round() as i32).clamp(15, 60)
            };
            let baseline = (mob / 2.0).round() as i32 * mob_weight[r] / 10;
            for c in Color::ALL {
                for sq in 0..n {
                    let i = t.idx(c, r, sq);
                    let cen = centrality(sq);
                    let rr = rel_rank(c, sq);
                    let (mg, eg) = if r == royal {
                        // Home, preferably off the centre files, while material is about; the
                        // centre in the endgame.
                        let home = -(rr.min(3)) * 25 - file_centrality(sq) * 20 / 1000;
                        (home, (cen - 500) * 40 / 1000)
                    } else if pawn[r] {
                        let a = advance[c.index() * n + sq];
                        let centre_file = file_centrality(sq);
                        let mg = a * a / 50_000 + centre_file * a / 40_000;
                        let eg = a * a / 12_000 + a / 60;
                        (value[r] + mg, value[r] + eg)
                    } else {
                        let w = if rider { 12 } else { 30 };
                        let b = (cen - 500) * w / 1000 - baseline;
                        (value[r] + b, value[r] + b / 2)
                    };
                    pst_mg[i] = mg;
                    pst_eg[i] = eg;
                }
            }
        }
        // The opening amount of non-pawn material, from the starting array.
        let mut total_phase = 0;
        for p in v.spec.array.iter().flatten() {
            let r = p.role.index();
            if !pawn[r] && r != royal {
                total_phase += value[r];
            }
        }
        let total_phase = total_phase.max(1);

        let mut zone = vec![B::EMPTY; n];
        let mut adjacent_files = vec![B::EMPTY; n];
        let mut passed_span = vec![B::EMPTY; 2 * n];
        let mut shield = vec![B::EMPTY; 2 * n];
        for sq in 0..n {
            let s = Square(sq as u8);
            let (f, rk) = (g.file(s) as i32, g.rank(s) as i32);
            for df in -1..=1 {
                for dr in -1..=1 {
                    if let Some(z) = g.square_at(f + df, rk + dr) {
                        zone[sq].set(z.index());
                    }
                }
                if df != 0 {
                    if let Some(x) = g.square_at(f + df, 0) {
                        adjacent_files[sq] |= t.file_mask[g.file(x) as usize];
                    }
                }
            }
            for c in Color::ALL {
                let dir = if c.is_white() { 1 } else { -1 };
                for df in -1..=1 {
                    let mut r = rk + dir;
                    while let Some(x) = g.square_at(f + df, r) {
                        passed_span[c.index() * n + sq].set(x.index());
                        r += dir;
                    }
                    for k in 1..=2 {
                        if let Some(x) = g.square_at(f + df, rk + k * dir) {
                            shield[c.index() * n + sq].set(x.index());
                        }
                    }
                }
            }
        }
        EvalTables {
            value,
            pst_mg,
            pst_eg,
            pawn,
            mob_weight,
            total_phase,
            royal,
            zone,
            passed_span,
            adjacent_files,
            shield,
            advance,
        }
    }

    /// Does `c` have material other than pawns and the royal piece?
    pub fn has_pieces(&self, pos: &Position<B>, c: Color) -> bool {
        let ours = pos.by_color(c);
        (0..self.value.len()).any(|r| {
            !self.pawn[r]
                && r != self.royal
                && (pos.by_role(crate::types::Role(r as u8)) & ours).any()
        })
    }

    /// The evaluation from the point of view of the side to move, in centipawns.
    pub fn evaluate(&self, t: &Tables<B>, pos: &Position<B>) -> i32 {
        let white = self.evaluate_white(t, pos);
        let s = white + if pos.turn().is_white() { TEMPO } else { -TEMPO };
        if pos.turn().is_white() {
            s
        } else {
            -s
        }
    }

    /// The evaluation from White's point of view, without the tempo bonus.
    pub fn evaluate_white(&self, t: &Tables<B>, pos: &Position<B>) -> i32 {
        let n = t.n;
        let occ = pos.occupied();
        let roles = self.value.len();
        let mut mg = [0i32; 2];
        let mut eg = [0i32; 2];
        let mut phase = 0;
        let mut material = [0i32; 2];
        let mut pawns = [B::EMPTY; 2];
        let mut pawn_attacks = [B::EMPTY; 2];
        for c in Color::ALL {
            let ours = pos.by_color(c);
            for r in 0..roles {
                if !self.pawn[r] {
                    continue;
                }
                let ps = pos.by_role(crate::types::Role(r as u8)) & ours;
                pawns[c.index()] |= ps;
                for sq in ps.iter() {
                    pawn_attacks[c.index()] |= t.leap_capture[t.idx(c, r, sq)];
                }
            }
        }
        for c in Color::ALL {
            let ci = c.index();
            let them = !c;
            let ours = pos.by_color(c);
            let enemy_zone = self.zone[pos.king(them).index()];
            let mut attack_units = 0;
            let mut attackers = 0;
            for r in 0..roles {
                let ps = pos.by_role(crate::types::Role(r as u8)) & ours;
                if ps.is_empty() {
                    continue;
                }
                let w = self.mob_weight[r];
                let pawn = self.pawn[r];
                for sq in ps.iter() {
                    let i = t.idx(c, r, sq);
                    mg[ci] += self.pst_mg[i];
                    eg[ci] += self.pst_eg[i];
                    if r == self.royal {
                        continue;
                    }
                    material[ci] += self.value[r];
                    if pawn {
                        self.pawn_terms(c, sq, &pawns, &mut mg[ci], &mut eg[ci], n);
                        continue;
                    }
                    phase += self.value[r];
                    let mut a = t.leap_capture[i] | t.leap_quiet[i];
                    for ride in &t.rides[t.cr(c, r)] {
                        a |= t.ray_attacks(ride.ray as usize, sq, occ);
                    }
                    let mob = (a & !ours & !pawn_attacks[them.index()]).count() as i32;
                    mg[ci] += mob * w / 10;
                    eg[ci] += mob * w / 10;
                    let hits = (a & enemy_zone).count() as i32;
                    if hits > 0 {
                        attackers += 1;
                        attack_units += hits * (1 + self.value[r] / 400);
                    }
                }
            }
            // Attacks on the enemy royal piece's neighbourhood: several attackers together
            // are much more dangerous than one.
            if attackers >= 2 {
                mg[ci] += attack_units * attack_units.min(20) * (attackers.min(4)) / 4;
            }
            // Our own royal piece's pawn shield, while it stays near home.
            let k = pos.king(c).index();
            let g = t.geometry;
            let rr = if c.is_white() {
                g.rank(Square(k as u8))
            } else {
                g.ranks - 1 - g.rank(Square(k as u8))
            };
            if rr <= 1 {
                let sh = (self.shield[ci * n + k] & pawns[ci]).count() as i32;
                mg[ci] += sh.min(3) * 12;
            }
        }
        let phase = phase.min(self.total_phase);
        let w = (mg[0] - mg[1]) as i64;
        let b = (eg[0] - eg[1]) as i64;
        let mut score = ((w * phase as i64 + b * (self.total_phase - phase) as i64)
            / self.total_phase as i64) as i32;
        // Without pawns, a small material edge rarely wins: scale it down.
        let stronger = if score > 0 { 0 } else { 1 };
        if pawns[stronger].is_empty() && (material[stronger] - material[1 - stronger]).abs() < 400 {
            score /= 4;
        }
        score
    }

    #[inline]
    fn pawn_terms(
        &self,
        c: Color,
        sq: usize,
        pawns: &[B; 2],
        mg: &mut i32,
        eg: &mut i32,
        n: usize,
    ) {
        let ci = c.index();
        let ours = pawns[ci];
        let theirs = pawns[1 - ci];
        let adv = self.advance[ci * n + sq];
        if (self.passed_span[ci * n + sq] & theirs).is_empty() {
            *mg += 10 + adv * adv / 25_000;
            *eg += 20 + adv * adv / 7_000;
        }
        if (self.adjacent_files[sq] & ours).is_empty() {
            *mg -= 10;
            *eg -= 12;
        }
        // doubled: another own pawn ahead on the same file
        let ahead = self.passed_span[ci * n + sq] & !self.adjacent_files[sq];
        if (ahead & ours).any() {
            *mg -= 8;
            *eg -= 15;
        }
    }
}
