//! Legal move generation for any compiled variant.
//!
//! The generator is legal, not pseudo-legal: it finds the checkers and the pinned pieces of
//! the side to move first, then filters each piece's targets with bit operations, as fast
//! chess engines do. The only moves verified by playing them on a copy are en passant
//! captures (which remove a piece from a third square and can expose the king along a rank).
//! Pins are found along every rider line of every enemy piece kind, so fairy riders pin too.

use super::{EnPassant, Position};
use crate::types::{Bits, CastlingSide, Color, Move, MoveKind, MoveList, Piece, Square};
use crate::variant::{Tables, TablesFor, Variant};

/// Up to this many pinned pieces are tracked (more cannot occur with 16 rider lines per
/// kind... and if they could, extra pins are handled by the slow verification path).
const MAX_PINS: usize = 32;

struct Pins<B> {
    len: usize,
    sq: [u8; MAX_PINS],
    mask: [B; MAX_PINS],
    all: B,
    overflow: bool,
}

impl<B: Bits> Pins<B> {
    #[inline(always)]
    fn mask_for(&self, sq: usize) -> B {
        let mut m = !B::EMPTY;
        for i in 0..self.len {
            if self.sq[i] as usize == sq {
                m &= self.mask[i];
            }
        }
        m
    }
}

impl<B: TablesFor> Position<B> {
    /// Pieces of colour `c` whose role is in `mask`.
    #[inline(always)]
    fn roles_mask(&self, c: Color, mut mask: u32) -> B {
        let mut b = B::EMPTY;
        while mask != 0 {
            let r = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            b |= self.by_role[r];
        }
        b & self.by_color[c.index()]
    }

    /// Pieces of colour `by` that attack `sq`, given occupancy `occ`.
    pub(crate) fn attackers_to(&self, t: &Tables<B>, sq: usize, by: Color, occ: B) -> B {
        let mine = self.by_color[by.index()] & occ;
        let mut a = B::EMPTY;
        for r in 0..t.roles {
            let p = self.by_role[r] & mine;
            if p.any() {
                a |= t.rev_leap[t.idx(by, r, sq)] & p;
            }
        }
        for &(k, mask) in &t.rev_rides[by.index()] {
            let p = self.roles_mask(by, mask) & occ;
            if p.any() {
                a |= t.ray_attacks(k as usize, sq, occ) & p;
            }
        }
        let special = t.special_capturers[by.index()];
        if special != 0 {
            a |= self.special_attackers(t, sq, by, occ, special);
        }
        a
    }

    /// Attackers by special capturing atoms (initial-only or lame), checked one by one.
    #[cold]
    fn special_attackers(&self, t: &Tables<B>, sq: usize, by: Color, occ: B, mut roles: u32) -> B {
        let mut a = B::EMPTY;
        while roles != 0 {
            let r = roles.trailing_zeros() as usize;
            roles &= roles - 1;
            let cr = t.cr(by, r);
            for from in (self.by_role[r] & self.by_color[by.index()] & occ).iter() {
                for s in &t.specials[cr] {
                    if s.capture
                        && s.to[from] as usize == sq
                        && (!s.initial || t.initial_mask[cr].has(from))
                        && (!s.lame || (s.path[from] & occ).is_empty())
                    {
                        a.set(from);
                    }
                }
                for ride in &t.rides[cr] {
                    if ride.capture
                        && ride.initial
                        && t.initial_mask[cr].has(from)
                        && t.ray_attacks(ride.ray as usize, from, occ).has(sq)
                    {
                        a.set(from);
                    }
                }
            }
        }
        a
    }

    fn pins(&self, t: &Tables<B>, ksq: usize, us: Color, occ: B) -> Pins<B> {
        let them = !us;
        let ours = self.by_color[us.index()];
        let mut pins = Pins {
            len: 0,
            sq: [0; MAX_PINS],
            mask: [B::EMPTY; MAX_PINS],
            all: B::EMPTY,
            overflow: false,
        };
        for &(k, mask) in &t.rev_rides[them.index()] {
            let k = k as usize;
            let snipers = self.roles_mask(them, mask) & t.rays[k].lim[ksq];
            if snipers.is_empty() {
                continue;
            }
            let ray = t.ray_attacks(k, ksq, occ);
            let blocker = ray & ours;
            if blocker.is_empty() {
                continue;
            }
            let xray = t.ray_attacks(k, ksq, occ ^ blocker);
            if (xray & snipers).any() {
                if pins.len == MAX_PINS {
                    pins.overflow = true;
                    continue;
                }
                pins.sq[pins.len] = blocker.lsb() as u8;
                pins.mask[pins.len] = xray;
                pins.len += 1;
                pins.all |= blocker;
            }
        }
        pins
    }

    /// The squares that block or capture a single checker.
    fn evasion_mask(&self, t: &Tables<B>, ksq: usize, checker: usize, us: Color, occ: B) -> B {
        let them = !us;
        let role = Piece::unpack(self.board.as_ref()[checker])
            .map(|p| p.role.index())
            .unwrap_or(0);
        let mut mask = B::single(checker);
        for &(k, roles) in &t.rev_rides[them.index()] {
            if roles & (1 << role) != 0 {
                let ray = t.ray_attacks(k as usize, ksq, occ);
                if ray.has(checker) {
                    mask |= ray;
                }
            }
        }
        mask
    }

    #[inline(always)]
    fn push_targets(
        &self,
        t: &Tables<B>,
        role: usize,
        from: usize,
        targets: B,
        list: &mut MoveList,
        v: &Variant,
    ) {
        let us = self.turn;
        let promo = t.promo_mask[t.cr(us, role)];
        let normal = targets & !promo;
        for to in normal.iter() {
            list.push(Move::normal(Square(from as u8), Square(to as u8)));
        }
        let pr = targets & promo;
        if pr.any() {
            if let Some(p) = &v.spec.roles[role].promotion {
                for to in pr.iter() {
                    for &c in &p.choices {
                        list.push(Move::promote(Square(from as u8), Square(to as u8), c));
                    }
                }
            }
        }
    }

    /// Plain targets (leaps and rides) of a piece.
    #[inline(always)]
    fn plain_targets(&self, t: &Tables<B>, role: usize, from: usize, occ: B, theirs: B) -> B {
        let us = self.turn;
        let i = t.idx(us, role, from);
        let mut targets = (t.leap_quiet[i] & !occ) | (t.leap_capture[i] & theirs);
        let cr = t.cr(us, role);
        for ride in &t.rides[cr] {
            if ride.initial && !t.initial_mask[cr].has(from) {
                continue;
            }
            let a = t.ray_attacks(ride.ray as usize, from, occ);
            if ride.quiet {
                targets |= a & !occ;
            }
            if ride.capture {
                targets |= a & theirs;
            }
        }
        targets
    }

    /// Targets of special leaps (initial-only, lame) of a piece.
    #[inline(always)]
    fn special_targets(&self, t: &Tables<B>, role: usize, from: usize, occ: B, theirs: B) -> B {
        let cr = t.cr(self.turn, role);
        let mut targets = B::EMPTY;
        for s in &t.specials[cr] {
            let to = s.to[from];
            if to == u8::MAX
                || (s.initial && !t.initial_mask[cr].has(from))
                || (s.lame && (s.path[from] & occ).any())
            {
                continue;
            }
            let to = to as usize;
            if occ.has(to) {
                if s.capture && theirs.has(to) {
                    targets.set(to);
                }
            } else if s.quiet {
                targets.set(to);
            }
        }
        targets
    }

    /// Generates every legal move of the game proper into `list`.
    pub fn gen_legal(&self, t: &Tables<B>, v: &Variant, list: &mut MoveList) {
        let us = self.turn;
        let them = !us;
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[them.index()];
        let occ = ours | theirs;
        let ksq = self.kings[us].index();
        let royal = v.royal.index();
        let checkers = self.attackers_to(t, ksq, them, occ);

        // The royal piece: every target must be safe with the king lifted off the board
        // (so that it cannot hide behind itself on a checking line).
        let mut kt = self.plain_targets(t, royal, ksq, occ, theirs);
        if !t.specials[t.cr(us, royal)].is_empty() {
            kt |= self.special_targets(t, royal, ksq, occ, theirs);
        }
        let occ_wo_king = occ ^ B::single(ksq);
        let mut safe = B::EMPTY;
        for to in kt.iter() {
            if self.attackers_to(t, to, them, occ_wo_king).is_empty() {
                safe.set(to);
            }
        }
        self.push_targets(t, royal, ksq, safe, list, v);

        if checkers.more_than_one() {
            return;
        }
        let pins = self.pins(t, ksq, us, occ);
        let verify_all = pins.overflow || t.special_capturers[them.index()] != 0;
        let allowed = if checkers.is_empty() || verify_all {
            !B::EMPTY
        } else {
            self.evasion_mask(t, ksq, checkers.lsb(), us, occ)
        };

        for r in 0..t.roles {
            if r == royal {
                continue;
            }
            let pieces = self.by_role[r] & ours;
            if pieces.is_empty() {
                continue;
            }
            let has_specials = !t.specials[t.cr(us, r)].is_empty();
            for from in pieces.iter() {
                let mut targets = self.plain_targets(t, r, from, occ, theirs);
                if has_specials {
                    targets |= self.special_targets(t, r, from, occ, theirs);
                }
                targets &= allowed;
                if pins.all.has(from) {
                    targets &= pins.mask_for(from);
                }
                if verify_all && targets.any() {
                    // Lame or initial-only enemy captures (which our bit tricks do not model as
                    // pins or blockable checks), or too many pins: verify each move by playing it.
                    for to in targets.iter() {
                        let mut tmp = MoveList::new();
                        self.push_targets(t, r, from, B::single(to), &mut tmp, v);
                        for &m in tmp.iter() {
                            if self.leaves_king_safe(v, m) {
                                list.push(m);
                            }
                        }
                    }
                    continue;
                }
                self.push_targets(t, r, from, targets, list, v);
            }
        }

        if let Some(EnPassant { target, .. }) = self.ep {
            let tsq = target.index();
            for r in 0..t.roles {
                let pieces = self.by_role[r] & ours;
                for from in pieces.iter() {
                    if t.ep_capture[t.idx(us, r, from)].has(tsq) {
                        let m = Move::with_kind(Square(from as u8), target, MoveKind::EnPassant);
                        if self.leaves_king_safe(v, m) {
                            list.push(m);
                        }
                    }
                }
            }
        }

        if checkers.is_empty() {
            self.gen_castling(t, v, occ, list);
        }
    }

    fn leaves_king_safe(&self, v: &Variant, m: Move) -> bool {
        let mut p = *self;
        let us = self.turn;
        p.play(v, m);
        let t = v.tables::<B>();
        p.attackers_to(t, p.kings[us].index(), !us, p.occupied())
            .is_empty()
    }

    fn span(t: &Tables<B>, a: Square, b: Square) -> B {
        // squares from a to b inclusive on one rank
        let g = t.geometry;
        let rank = g.rank(a);
        let (lo, hi) = if g.file(a) <= g.file(b) {
            (g.file(a), g.file(b))
        } else {
            (g.file(b), g.file(a))
        };
        let mut m = B::EMPTY;
        for f in lo..=hi {
            m.set(g.square(f, rank).index());
        }
        m
    }

    fn gen_castling(&self, t: &Tables<B>, v: &Variant, occ: B, list: &mut MoveList) {
        let us = self.turn;
        let Some(rules) = v.castling() else { return };
        let king = self.kings[us];
        let g = t.geometry;
        for side in CastlingSide::ALL {
            let Some(rook) = self.castling[us][side] else {
                continue;
            };
            if self.piece_at(rook)
                != Some(Piece {
                    color: us,
                    role: rules.rook,
                })
                || g.rank(rook) != g.rank(king)
            {
                continue;
            }
            let (kf, rf) = rules.landing(side);
            let rank = g.rank(king);
            let kt = g.square(kf, rank);
            let rt = g.square(rf, rank);
            let kbit = B::single(king.index());
            let rbit = B::single(rook.index());
            let must_be_empty =
                (Self::span(t, king, kt) | Self::span(t, rook, rt)) & !(kbit | rbit);
            if (occ & must_be_empty).any() {
                continue;
            }
            // Chess960: the king does not cross or land on an attacked square.
            let them = !us;
            let path = Self::span(t, king, kt) & !B::single(kt.index()) & !kbit;
            let occ_wo_king = occ ^ kbit;
            if path
                .iter()
                .any(|s| self.attackers_to(t, s, them, occ_wo_king).any())
            {
                continue;
            }
            let final_occ = (occ ^ kbit ^ rbit) | B::single(kt.index()) | B::single(rt.index());
            if self.attackers_to(t, kt.index(), them, final_occ).any() {
                continue;
            }
            if rules.strict_safety {
                // Relocation Chess: "all squares between king and rook must be ... unthreatened".
                let between = Self::span(t, king, rook) & !(kbit | rbit);
                if between
                    .iter()
                    .any(|s| self.attackers_to(t, s, them, occ_wo_king).any())
                {
                    continue;
                }
            }
            list.push(Move::with_kind(king, rook, MoveKind::Castle));
        }
    }
}
