//! Evaluation derived from the rules file alone.
//!
//! Nothing here knows the orthodox pieces or the 8x8 board. Material is the value each piece
//! declares, or one derived from its average mobility on the empty board. Piece-square terms
//! are computed from the geometry: centralization (stronger for short-range leapers, which
//! need the centre most), pawn advancement towards the promotion zone, and a royal piece that
//! stays home while there is material about and walks to the centre in the endgame. Dynamic
//! terms: mobility (squares not attacked by enemy pawns), a pawn shield and the danger to the
//! royal piece from the enemy's attacks and checks (`king.rs`), passed pawns (the royal
//! pieces' race to them, their free way ahead), doubled and isolated pawns, threats on enemy
//! pieces (`threats.rs`), a pair of colour-bound pieces on both colours (found from their
//! moves: the bishop pair) and pieces that ride whole files on open files (rooks). The
//! middlegame and endgame weights are blended by the non-pawn material left on the board.
//!
//! Every term is computed for both colours from each colour's own point of view, so a
//! position and its colour-mirrored twin score exactly the negation of each other. In the
//! games of the orthodox pieces on 8x8 a learnt correction is added (`net.rs`).

use crate::position::Position;
use crate::types::{ByColor, Color, Geometry, Role, RoleSet, Square};
use crate::variant::{Tables, TablesFor, Variant};

use super::weights::EvalWeights;

/// Tables for evaluating positions of one variant at one bit-set width.
pub(crate) struct EvalTables<B> {
    /// Material value of each role (0 for the royal piece).
    pub value: Vec<i32>,
    /// Material worth of one piece of each role, middlegame and endgame (`material.rs`).
    worth: Vec<(i32, i32)>,
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
    pub royal: Role,
    /// The roles that are neither pawns nor royal (the material that sets the game phase).
    officers: RoleSet,
    /// The royal piece's neighbourhood, by square.
    zone: Vec<B>,
    /// For each colour and square: the squares ahead on the same and adjacent files.
    passed_span: ByColor<Vec<B>>,
    /// For each square: the squares on adjacent files.
    adjacent_files: Vec<B>,
    /// For each colour and square: the shield squares (one and two ranks ahead, three files).
    shield: ByColor<Vec<B>>,
    /// Relative advancement (0..=1000) of a pawn of each colour on each square.
    advance: ByColor<Vec<i32>>,
    /// Terms for the goals of the `end` block (a region, checks), if the file has any.
    goal: Option<super::goal_eval::GoalEval>,
    /// Does the rules file make losing every piece a win (`extinction all win`, Antichess)?
    /// Then material counts against its owner.
    pub inverted: bool,
    /// Does the game have drops in play (`drops { ... }`)? Then pieces in hand count.
    hands: bool,
    /// Does material count for its owner, with captures a free choice (not Antichess, not
    /// Codrus)? Then an attacked piece is in danger: threats and hanging pieces count, and the
    /// search may use a static exchange evaluation.
    pub exchanges_matter: bool,
    /// Is every move a capture (Clobber)? Then a square attacked is no square to move to.
    pub captures_only: bool,
    /// The officer roles that are colour-bound (a pair on both colours is worth more).
    colour_bound: Vec<bool>,
    /// The officer roles that ride whole files (they want open files).
    file_rider: Vec<bool>,
    /// The officer roles that only leap or step (a knight): they want outposts.
    outpost_role: Vec<bool>,
    /// For each role: the officer roles worth clearly more (by half a pawn), whose pieces a
    /// piece of this role threatens.
    dearer: Vec<RoleSet>,
    /// For each square: the squares beside it on its rank (a connected pawn's neighbours).
    beside: Vec<B>,
    /// For each square: the files at and beside it, as square sets (an empty set off the
    /// board): the royal piece's files that want a pawn of its own.
    king_files: Vec<[B; 3]>,
    /// For each colour: the squares half-way up the board or beyond (outposts).
    far_half: ByColor<B>,
    /// For each colour: its first two ranks (a royal piece there keeps a pawn shield).
    home_ranks: ByColor<B>,
    /// For each colour, where castling lands on each side: the royal piece's square and the
    /// rook's (none in a game without castling). A royal piece there with its rook beside it
    /// has castled, or stands as if it had.
    castled: ByColor<Vec<(Square, Square)>>,
    /// The role that castles with the royal piece (a rook), if any.
    castle_rook: Option<Role>,
    /// The strongest officer kinds (a queen): they defend the royal piece's neighbourhood
    /// poorly (a queen will not trade itself for a knight there).
    top: RoleSet,
    /// For each role: how much one of its pieces reaching the enemy royal piece's
    /// neighbourhood weighs in the danger (cheaper pieces more, as in Stockfish: a knight
    /// there is rarer than a queen).
    attack_weight: Vec<i32>,
    /// The weights of the terms.
    w: EvalWeights,
    /// The learnt correction (`net.rs`), for the games it was trained for.
    net: Option<net::NetMap>,
}

/// The squares a white `role` on `sq` reaches on the empty board (moves and captures).
fn empty_board_reach<B: TablesFor>(t: &Tables<B>, role: Role, sq: Square) -> B {
    let i = t.idx(Color::White, role, sq);
    let mut a = t.leap_quiet[i] | t.leap_capture[i];
    for r in &t.rides[t.cr(Color::White, role)] {
        a |= t.ray(r.ray).lim[sq.index()];
    }
    a
}

/// Average number of squares a role reaches from each square of the empty board.
pub(crate) fn empty_board_mobility<B: TablesFor>(t: &Tables<B>, role: Role) -> f64 {
    let total: u64 = t
        .geometry
        .squares()
        .map(|sq| empty_board_reach(t, role, sq).count() as u64)
        .sum();
    total as f64 / t.n as f64
}

/// Does `role` stay on the colour of its square for ever (a bishop, an alfil)?
fn colour_bound<B: TablesFor>(t: &Tables<B>, role: Role) -> bool {
    let g = t.geometry;
    let parity = |sq: Square| (g.file(sq) + g.rank(sq)) % 2;
    let mut moves = false;
    for sq in g.squares() {
        let a = empty_board_reach(t, role, sq);
        moves |= a.any();
        if a.iter().any(|x| parity(x) != parity(sq)) {
            return false;
        }
    }
    moves
}

/// Does `role` ride the whole of its file and never step diagonally (a rook, a chancellor,
/// not a queen)? Such a piece wants an open file.
fn file_rider<B: TablesFor>(t: &Tables<B>, role: Role) -> bool {
    let g = t.geometry;
    let (f, r) = ((g.files / 2) as i32, (g.ranks / 2) as i32);
    let Some(sq) = g.square_at(f, r) else {
        return false;
    };
    let a = empty_board_reach(t, role, sq);
    let file = t.file_mask[g.file(sq) as usize] & !B::single(sq);
    let diagonal = [(-1, -1), (-1, 1), (1, -1), (1, 1)]
        .iter()
        .filter_map(|&(df, dr)| g.square_at(f + df, r + dr))
        .any(|x| a.has(x));
    (a & file) == file && !diagonal
}

/// Centrality of a square in 0..=1000: 1000 in the centre, 0 in a corner.
fn centrality(g: Geometry, sq: Square) -> i32 {
    let (files, ranks) = (g.files as i32, g.ranks as i32);
    let df = (2 * g.file(sq) as i32 - (files - 1)).abs() * 1000 / (files - 1);
    let dr = (2 * g.rank(sq) as i32 - (ranks - 1)).abs() * 1000 / (ranks - 1);
    1000 - (df + dr) / 2
}

/// Centrality of a square's file in 0..=1000: 1000 on the centre files, 0 on the edge.
fn file_centrality(g: Geometry, sq: Square) -> i32 {
    let files = g.files as i32;
    1000 - (2 * g.file(sq) as i32 - (files - 1)).abs() * 1000 / (files - 1)
}

/// The rank of a square counted from `c`'s side (0 = `c`'s back rank).
fn rel_rank(g: Geometry, c: Color, sq: Square) -> i32 {
    let r = g.rank(sq) as i32;
    if c.is_white() {
        r
    } else {
        g.ranks as i32 - 1 - r
    }
}

/// How far a pawn of each colour on each square has come: from its start ranks (0) to the
/// promotion zone's nearest rank (1000). Both come from the rules file: the start is the
/// lowest rank a promoting piece starts on in the array (the second in chess, the third in
/// Makruk and Grand Chess), the goal the zone's first rank (Makruk's sixth, Grand's eighth).
fn pawn_advance(v: &Variant) -> ByColor<Vec<i32>> {
    let g = v.geometry();
    let promoting = || v.roles().filter(|&r| v.role(r).promotion.is_some());
    let zone = promoting()
        .map(|r| v.role(r).promotion.as_ref().map_or(1, |p| p.zone as i32))
        .max()
        .unwrap_or(1);
    let start = promoting()
        .map(|r| v.initial_ranks[Color::White][r.index()])
        .filter(|&ranks| ranks != 0)
        .map(|ranks| ranks.trailing_zeros() as i32)
        .min()
        .unwrap_or(1)
        .min(g.ranks as i32 - zone - 1);
    let last = (g.ranks as i32 - zone).max(start + 1);
    ByColor::new_with(|c| {
        g.squares()
            .map(|sq| ((rel_rank(g, c, sq) - start).max(0) * 1000 / (last - start)).min(1000))
            .collect()
    })
}

impl<B: TablesFor> EvalTables<B> {
    /// Builds the tables for `v`, with the tuned weights.
    pub fn new(v: &Variant) -> EvalTables<B> {
        EvalTables::with_weights(v, EvalWeights::default())
    }

    /// Builds the tables for `v` with the given weights (for the tuner).
    pub fn with_weights(v: &Variant, w: EvalWeights) -> EvalTables<B> {
        let t = v.tables::<B>();
        let g = v.geometry();
        let n = g.len();
        let roles = v.role_count();
        let mut value: Vec<i32> = v.roles().map(|r| role_value(v, t, r)).collect();
        // `extinction K win` (Codrus): the kinds a side wins by losing count against it
        if let Some(x) = v.end().extinction.as_ref().filter(|x| x.extinct_wins) {
            for r in x.kinds.iter().flatten() {
                value[r.index()] = -value[r.index()];
            }
        }
        let pawn: Vec<bool> = v
            .roles()
            .map(|r| v.role(r).pawn || v.role(r).promotion.is_some())
            .collect();
        let officers: RoleSet = v
            .roles()
            .filter(|&r| !pawn[r.index()] && !v.role(r).royal)
            .collect();
        // The opening amount of non-pawn material, from the starting array.
        let total_phase = v
            .array()
            .iter()
            .flatten()
            .filter(|p| officers.contains(p.role))
            .map(|p| value[p.role.index()])
            .sum::<i32>()
            .max(1);
        let mut et = EvalTables {
            value,
            worth: Vec::new(),
            pst_mg: vec![0; 2 * roles * n],
            pst_eg: vec![0; 2 * roles * n],
            pawn,
            mob_weight: vec![0; roles],
            total_phase,
            // a king that is not royal (Extinction Chess, Antichess) is an ordinary piece
            royal: if v.role(v.royal).royal {
                v.royal
            } else {
                Role(u8::MAX)
            },
            officers,
            zone: vec![B::EMPTY; n],
            passed_span: ByColor::new_with(|_| vec![B::EMPTY; n]),
            adjacent_files: vec![B::EMPTY; n],
            shield: ByColor::new_with(|_| vec![B::EMPTY; n]),
            advance: pawn_advance(v),
            goal: super::goal_eval::GoalEval::new(v),
            inverted: v
                .end()
                .extinction
                .as_ref()
                .is_some_and(|x| x.kinds.is_none() && x.extinct_wins),
            hands: v.has_drops,
            exchanges_matter: false,
            captures_only: threats::captures_only(v),
            colour_bound: v
                .roles()
                .map(|r| officers.contains(r) && colour_bound(t, r))
                .collect(),
            file_rider: v
                .roles()
                .map(|r| officers.contains(r) && file_rider(t, r))
                .collect(),
            outpost_role: v
                .roles()
                .map(|r| officers.contains(r) && !v.role(r).atoms.iter().any(|a| a.is_rider()))
                .collect(),
            dearer: Vec::new(),
            beside: vec![B::EMPTY; n],
            king_files: vec![[B::EMPTY; 3]; n],
            far_half: ByColor::default(),
            home_ranks: ByColor::default(),
            castled: ByColor::new_with(|c| {
                v.castling()
                    .map(|r| {
                        let rank = if c.is_white() { 0 } else { g.ranks - 1 };
                        [r.landing.king_side, r.landing.queen_side]
                            .iter()
                            .map(|l| (g.square(l.king, rank), g.square(l.rook, rank)))
                            .collect()
                    })
                    .unwrap_or_default()
            }),
            castle_rook: v.castling().map(|r| r.rook),
            top: RoleSet::default(),
            attack_weight: Vec::new(),
            w,
            net: net::NetMap::new(v),
        };
        let top_value = officers.iter().map(|r| et.value[r.index()]).max();
        et.top = officers
            .iter()
            .filter(|r| Some(et.value[r.index()]) == top_value)
            .collect();
        et.attack_weight = v
            .roles()
            .map(|r| (100 - et.value[r.index()] / 10).clamp(10, 90))
            .collect();
        et.exchanges_matter =
            !v.end().captures_obligatory && !et.inverted && et.value.iter().all(|&x| x >= 0);
        et.dearer = v
            .roles()
            .map(|r| {
                let pawn_or_royal = et.pawn[r.index()] || r == et.royal;
                v.roles()
                    .filter(|d| {
                        !pawn_or_royal
                            && et.exchanges_matter
                            && officers.contains(*d)
                            && et.value[d.index()] > et.value[r.index()] + 50
                    })
                    .collect()
            })
            .collect();
        et.fill_worth();
        for r in v.roles() {
            et.fill_piece_squares(v, t, r);
        }
        et.fill_masks(t);
        et
    }

    /// Fills the mobility weight and the piece-square values (material included) of role `r`.
    fn fill_piece_squares(&mut self, v: &Variant, t: &Tables<B>, r: Role) {
        let g = t.geometry;
        let ri = r.index();
        let rider = v.role(r).atoms.iter().any(|a| a.is_rider());
        let mob = empty_board_mobility(t, r);
        // Mobility matters per square reached; scale it so that a piece's mobility swing
        // stays well below its value.
        // (in tenths of a centipawn: tuned, a knight ~14 cp per square, a queen ~3)
        let scale = self.w.mobility;
        self.mob_weight[ri] = if self.pawn[ri] || r == self.royal {
            0
        } else {
            ((f64::from(scale) / mob.max(1.0)).round() as i32).clamp(scale * 3 / 64, scale * 3 / 16)
        };
        let baseline = (mob / 2.0).round() as i32 * self.mob_weight[ri] / 10;
        let value = self.value[ri];
        for c in Color::ALL {
            for sq in g.squares() {
                let cen = centrality(g, sq);
                let (mg, eg) = if r == self.royal {
                    // Home, preferably off the centre files, while material is about; the
                    // centre in the endgame.
                    let home = -(rel_rank(g, c, sq).min(3)) * self.w.king_rank
                        - file_centrality(g, sq) * self.w.king_file / 1000;
                    (home, (cen - 500) * self.w.king_centre_eg / 1000)
                } else if self.pawn[ri] {
                    self.pawn_square(value, self.advance[c][sq.index()], file_centrality(g, sq))
                } else {
                    let w = if rider {
                        self.w.rider_centre
                    } else {
                        self.w.leaper_centre
                    };
                    let b = (cen - 500) * w / 1000 - baseline;
                    let (worth_mg, worth_eg) = self.worth[ri];
                    (worth_mg + b, worth_eg + b / 2)
                };
                let i = t.idx(c, r, sq);
                self.pst_mg[i] = mg;
                self.pst_eg[i] = eg;
            }
        }
    }

    /// Does `c` have material other than pawns and the royal piece?
    pub fn has_pieces(&self, pos: &Position<B>, c: Color) -> bool {
        let ours = pos.by_color(c);
        self.officers.iter().any(|r| (pos.by_role(r) & ours).any())
    }

    /// The evaluation from the point of view of the side to move, in centipawns.
    pub fn evaluate(&self, t: &Tables<B>, pos: &Position<B>) -> i32 {
        self.evaluate_with(t, pos, None)
    }

    /// [`Self::evaluate`], with the pawn-structure terms kept in `cache` (a searcher's).
    pub fn evaluate_with(
        &self,
        t: &Tables<B>,
        pos: &Position<B>,
        mut cache: Option<&mut PawnCache>,
    ) -> i32 {
        let learnt = self
            .net
            .as_ref()
            .map_or(0, |n| n.correction(pos, cache.as_mut().map(|c| &mut c.net)));
        let white = if self.inverted {
            self.inverted_white(t, pos)
        } else {
            self.evaluate_white_with(t, pos, cache)
        };
        let tempo = self.w.tempo;
        let s = white + if pos.turn().is_white() { tempo } else { -tempo };
        learnt + if pos.turn().is_white() { s } else { -s }
    }

    /// The evaluation from White's point of view, without the tempo bonus.
    #[cfg(test)]
    pub fn evaluate_white(&self, t: &Tables<B>, pos: &Position<B>) -> i32 {
        self.evaluate_white_with(t, pos, None)
    }

    /// The evaluation from White's point of view, without the tempo bonus.
    fn evaluate_white_with(
        &self,
        t: &Tables<B>,
        pos: &Position<B>,
        cache: Option<&mut PawnCache>,
    ) -> i32 {
        let pawns = self.pawns(t, pos);
        let mut terms = ByColor::<SideTerms<B>>::default();
        let structure = self.pawn_structure(&pawns, cache);
        for c in Color::ALL {
            terms[c] = self.side_terms(t, pos, c, &pawns);
            terms[c].mg += structure[c].0;
            terms[c].eg += structure[c].1 + self.pawn_race(t.geometry, pos, c, &pawns.on);
        }
        // The danger to each royal piece, from the enemy's attacks (`king.rs`; not where
        // material counts against its owner or captures are obligatory: Codrus's king wants
        // to be taken).
        for c in Color::ALL {
            if self.royal != Role(u8::MAX) && self.exchanges_matter {
                let (mg, eg) = self.king_danger(pos, &terms, c);
                terms[c].mg -= mg;
                terms[c].eg -= eg;
            } else {
                terms[c].mg += terms[c].simple_attack();
            }
        }
        // Threats on the enemy's pieces (`threats.rs`) and the way ahead of passed pawns.
        for c in Color::ALL.into_iter().filter(|_| self.exchanges_matter) {
            let seen = Seen {
                t,
                pos,
                pawns: &pawns,
                terms: &terms,
            };
            let (mg, eg) = self.threats(&seen, c);
            let free = self.passed_path(&seen, c);
            terms[c].mg += mg + free;
            terms[c].eg += eg + free;
        }
        let (white, black) = (terms[Color::White], terms[Color::Black]);
        let phase = (white.phase + black.phase).min(self.total_phase);
        let w = (white.mg - black.mg) as i64;
        let b = (white.eg - black.eg) as i64;
        let blend = |mg: i64, eg: i64| {
            ((mg * phase as i64 + eg * (self.total_phase - phase) as i64) / self.total_phase as i64)
                as i32
        };
        let mut score = blend(w, b);
        // Without pawns, a small material edge rarely wins: scale it down.
        let stronger = Color::from_white(score > 0);
        if pawns.on[stronger].is_empty()
            && (terms[stronger].material - terms[!stronger].material).abs() < 400
        {
            score /= 4;
        }
        if let Some(goal) = &self.goal {
            score += goal.white(pos);
        }
        if self.hands {
            let (mg, eg) = self.hands_white(t, pos);
            score += blend(mg.into(), eg.into());
        }
        score
    }

    /// The terms of one side's pieces, from its own point of view.
    #[inline]
    fn side_terms(&self, t: &Tables<B>, pos: &Position<B>, c: Color, p: &Pawns<B>) -> SideTerms<B> {
        let (pawns, pawn_attacks) = (&p.on, &p.attacks);
        let occ = pos.occupied();
        let them = !c;
        let ours = pos.by_color(c);
        let enemy_zone = self.zone[pos.king(them).index()];
        let mut s = SideTerms::<B> {
            attacks: pawn_attacks[c],
            ..Default::default()
        };
        let mut threats = B::EMPTY;
        s.attackers = (pawn_attacks[c] & enemy_zone).count() as i32;
        let all_pawns = pawns[c] | pawns[them];
        for r in t.roles() {
            let ps = pos.by_role(r) & ours;
            if ps.is_empty() {
                continue;
            }
            let ri = r.index();
            if self.colour_bound[ri] && (ps & t.light).any() && (ps & !t.light).any() {
                s.mg += self.w.pair_mg;
                s.eg += self.w.pair_eg;
            }
            let w = self.mob_weight[ri];
            let pawn = self.pawn[ri];
            let checks = if pawn || r == self.royal {
                B::EMPTY
            } else {
                self.check_squares(t, pos, c, r)
            };
            let top = self.top.contains(r);
            s.has_top |= top;
            let mut role_checks = B::EMPTY;
            let dearer = self.dearer[ri]
                .iter()
                .fold(B::EMPTY, |b, d| b | pos.by_role(d))
                & pos.by_color(them);
            for sq in ps.iter() {
                let i = t.idx(c, r, sq);
                s.mg += self.pst_mg[i];
                s.eg += self.pst_eg[i];
                if r == self.royal {
                    let a = t.leap_capture[i];
                    s.attacks2 |= s.attacks & a;
                    s.attacks |= a;
                    s.guard |= a;
                    continue;
                }
                s.material += self.value[ri];
                if pawn {
                    continue; // the structure: `pawns.rs`
                }
                s.phase += self.value[ri];
                if self.outpost_role[ri]
                    && pawn_attacks[c].has(sq)
                    && self.far_half[c].has(sq)
                    && (self.passed_span[c][sq.index()]
                        & self.adjacent_files[sq.index()]
                        & pawns[them])
                        .is_empty()
                {
                    s.mg += self.w.outpost_mg;
                    s.eg += self.w.outpost_eg;
                }
                let a = t.leap_capture[i] | t.leap_quiet[i] | t.ride_reach(t.cr(c, r), sq, occ);
                s.attacks2 |= s.attacks & a;
                s.attacks |= a;
                if top {
                    s.guard |= a;
                }
                threats |= a & dearer;
                if self.file_rider[ri] {
                    let file = t.file_mask[t.geometry.file(sq) as usize];
                    if (file & all_pawns).is_empty() {
                        s.mg += self.w.open_file_mg;
                        s.eg += self.w.open_file_eg;
                    } else if (file & pawns[c]).is_empty() {
                        s.mg += self.w.half_open_file_mg;
                        s.eg += self.w.half_open_file_eg;
                    }
                }
                role_checks |= a & checks & !ours;
                let safe = !ours & !pawn_attacks[them];
                let mob = (a & safe).count() as i32;
                s.mg += mob * w / 10;
                s.eg += mob * w / 10;
                let hits = (a & enemy_zone).count() as i32;
                if hits > 0 {
                    s.attackers += 1;
                    s.attack_weight += self.attack_weight[ri];
                    s.zone_hits += hits;
                    s.piece_attackers += 1;
                    s.attack_units += hits * (1 + self.value[ri] / 400);
                }
            }
            if role_checks.any() && s.check_kinds < s.checks.len() {
                s.checks[s.check_kinds] = role_checks;
                s.check_kinds += 1;
            }
        }
        // Enemy pieces our pawns attack (the royal piece aside: that is check).
        let threatened =
            (pawn_attacks[c] & pos.by_color(them) & !pawns[them] & !B::single(pos.king(them)))
                .count() as i32;
        s.mg += threatened * self.w.pawn_threat_mg;
        s.eg += threatened * self.w.pawn_threat_eg;
        // Enemy pieces that a cheaper piece of ours attacks.
        let n = threats.count() as i32;
        s.mg += n * self.w.lesser_threat_mg;
        s.eg += n * self.w.lesser_threat_eg;
        // Our own royal piece's pawn shield, while it stays near home, and the files at and
        // beside it that no pawn of ours closes.
        let k = pos.king(c);
        let open = self.king_files[k.index()]
            .iter()
            .filter(|&&file| file.any() && (file & pawns[c]).is_empty())
            .count() as i32;
        s.mg -= open * self.w.king_open_file;
        if let Some(rook) = self.castle_rook {
            let rooks = pos.by_role(rook) & ours;
            if self.castled[c]
                .iter()
                .any(|&(ks, rs)| ks == k && rooks.has(rs))
            {
                s.mg += self.w.castled;
            }
        }
        if self.home_ranks[c].has(k) {
            let sh = (self.shield[c][k.index()] & pawns[c]).count() as i32;
            s.mg += sh.min(3) * self.w.shield;
        }
        s
    }
}

/// The board once both sides' pieces are counted and their attacks known: what the terms
/// that compare the two sides read (`threats.rs`, the way ahead of passed pawns).
#[derive(Clone, Copy)]
struct Seen<'a, B: TablesFor> {
    t: &'a Tables<B>,
    pos: &'a Position<B>,
    pawns: &'a Pawns<B>,
    terms: &'a ByColor<SideTerms<B>>,
}

/// One side's share of the evaluation.
#[derive(Clone, Copy, Default)]
struct SideTerms<B> {
    /// Middlegame score.
    mg: i32,
    /// Endgame score.
    eg: i32,
    /// Material, royal piece excluded.
    material: i32,
    /// Non-pawn material, for the game phase.
    phase: i32,
    /// The squares the side's pieces attack (its pawns' captures, its pieces' moves).
    attacks: B,
    /// The squares two of them attack.
    attacks2: B,
    /// The squares the royal piece or a piece of the strongest kind attacks (a poor guard of
    /// the royal piece's neighbourhood).
    guard: B,
    /// Pieces reaching the enemy royal piece's neighbourhood (and its squares attacked by
    /// pawns).
    attackers: i32,
    /// Their weights, summed.
    attack_weight: i32,
    /// Their attacks on the neighbourhood's squares.
    zone_hits: i32,
    /// The pieces (not pawns) among the attackers, and their hits weighted by value (the
    /// simpler attack term where the danger stands aside).
    piece_attackers: i32,
    attack_units: i32,
    /// For each kind of piece (up to [`king::CHECK_KINDS`]): the squares from which one of
    /// them could give check next move.
    checks: [B; king::CHECK_KINDS],
    /// How many of `checks` are filled.
    check_kinds: usize,
    /// Has the side a piece of the strongest kind (a queen)?
    has_top: bool,
}

mod king;
mod masks;
mod material;
mod net;
pub(crate) use material::role_value;
mod pawns;
mod special;
mod threats;
pub(crate) use pawns::PawnCache;
use pawns::Pawns;
#[cfg(test)]
mod tests;
