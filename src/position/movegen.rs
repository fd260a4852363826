//! Legal move generation for any compiled variant.
//!
//! The generator is legal, not pseudo-legal: it finds the checkers and the pinned pieces of
//! the side to move first, then filters each piece's targets with bit operations, as fast
//! chess engines do. The only moves verified by playing them on a copy are en passant
//! captures (which remove a piece from a third square and can expose the king along a rank).
//! Pins are found along every rider line of every enemy piece kind, so fairy riders pin too.

use super::{EnPassant, Position};
use crate::types::{
    Bits, CastlingSide, Color, Move, MoveKind, MoveList, Piece, Role, RoleSet, Square,
};
use crate::variant::{Tables, TablesFor, Variant};

/// Up to this many pinned pieces are tracked (more cannot occur with 16 rider lines per
/// kind... and if they could, extra pins are handled by the slow verification path).
const MAX_PINS: usize = 32;

struct Pins<B> {
    len: usize,
    sq: [Square; MAX_PINS],
    mask: [B; MAX_PINS],
    all: B,
    overflow: bool,
}

impl<B: Bits> Pins<B> {
    #[inline(always)]
    fn mask_for(&self, sq: Square) -> B {
        let mut m = !B::EMPTY;
        for i in 0..self.len {
            if self.sq[i] == sq {
                m &= self.mask[i];
            }
        }
        m
    }
}

impl<B: TablesFor> Position<B> {
    /// Pieces of colour `c` whose role is in `roles`.
    #[inline(always)]
    fn roles_mask(&self, c: Color, roles: RoleSet) -> B {
        let mut b = B::EMPTY;
        for r in roles.iter() {
            b |= self.by_role(r);
        }
        b & self.by_color[c]
    }

    /// Pieces of colour `by` that attack `sq`, given occupancy `occ`.
    pub(crate) fn attackers_to(&self, t: &Tables<B>, sq: Square, by: Color, occ: B) -> B {
        let mine = self.by_color[by] & occ;
        let mut a = B::EMPTY;
        for r in t.roles() {
            let p = self.by_role(r) & mine;
            if p.any() {
                a |= t.rev_leap[t.idx(by, r, sq)] & p;
            }
        }
        // the roles that capture along all four orthogonal or diagonal lines: one lookup
        // (`variant::tables::lines`)
        let plan = &t.attack_plans[by];
        for (lines, roles) in [(true, plan.orthogonal), (false, plan.diagonal)] {
            if !roles.is_empty() {
                let p = self.roles_mask(by, roles) & occ;
                if p.any() {
                    a |= t.lines(lines, !lines, sq, occ) & p;
                }
            }
        }
        // (the rays that the same roles ride come one after another: their pieces are found
        // once; a ray with none of them on its line is passed over before it is traced)
        let mut last = (RoleSet::default(), B::EMPTY);
        for &(k, mask) in &plan.rest {
            if mask != last.0 {
                last = (mask, self.roles_mask(by, mask) & occ);
            }
            let p = last.1;
            if (t.ray(k).lim[sq.index()] & p).any() {
                a |= t.ray_attacks(k, sq, occ) & p;
            }
        }
        let special = t.special_capturers[by];
        if !special.is_empty() {
            a |= self.special_attackers(t, sq, by, occ, special);
        }
        if t.extra_attacks {
            // hoppers and confined pieces (regions.rs)
            a = self.extra_attackers(t, sq, by, occ, a);
        }
        a
    }

    /// Attackers by special capturing atoms (initial-only or lame), checked one by one.
    #[cold]
    fn special_attackers(&self, t: &Tables<B>, sq: Square, by: Color, occ: B, roles: RoleSet) -> B {
        let mut a = B::EMPTY;
        for r in roles.iter() {
            let cr = t.cr(by, r);
            for from in (self.by_role(r) & self.by_color[by] & occ).iter() {
                for s in &t.specials[cr] {
                    if s.capture
                        && s.to[from.index()] == Some(sq)
                        && s.from.has(from)
                        && (!s.lame || (s.path[from.index()] & occ).is_empty())
                    {
                        a.set(from);
                    }
                }
                for ride in &t.rides[cr] {
                    if ride.capture
                        && ride.initial
                        && t.initial_mask[cr].has(from)
                        && t.ray_attacks(ride.ray, from, occ).has(sq)
                    {
                        a.set(from);
                    }
                }
            }
        }
        a
    }

    fn pins(&self, t: &Tables<B>, ksq: Square, us: Color, occ: B) -> Pins<B> {
        let them = !us;
        let ours = self.by_color[us];
        let mut pins = Pins {
            len: 0,
            sq: [Square(0); MAX_PINS],
            mask: [B::EMPTY; MAX_PINS],
            all: B::EMPTY,
            overflow: false,
        };
        // along the lines of the tables: each enemy rider on a line from the royal piece pins
        // the one piece between them, if that piece is ours (the pin: the squares between
        // and the rider)
        let plan = &t.attack_plans[them];
        for (lines, roles) in [(true, plan.orthogonal), (false, plan.diagonal)] {
            if roles.is_empty() {
                continue;
            }
            let snipers = self.roles_mask(them, roles) & t.lines(lines, !lines, ksq, B::EMPTY);
            for s in snipers.iter() {
                let between = t.between(ksq, s);
                let blocker = between & occ;
                if blocker.count() != 1 || (blocker & ours).is_empty() {
                    continue;
                }
                if pins.len == MAX_PINS {
                    pins.overflow = true;
                    continue;
                }
                pins.sq[pins.len] = blocker.lsb();
                pins.mask[pins.len] = between | B::single(s);
                pins.len += 1;
                pins.all |= blocker;
            }
        }
        for &(k, mask) in &plan.rest {
            let snipers = self.roles_mask(them, mask) & t.ray(k).lim[ksq.index()];
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
                pins.sq[pins.len] = blocker.lsb();
                pins.mask[pins.len] = xray;
                pins.len += 1;
                pins.all |= blocker;
            }
        }
        pins
    }

    /// The squares that block or capture a single checker.
    fn evasion_mask(&self, t: &Tables<B>, ksq: Square, checker: Square, us: Color, occ: B) -> B {
        let them = !us;
        let role = self.piece_at(checker).map_or(Role(0), |p| p.role);
        let mut mask = B::single(checker);
        for &(k, roles) in &t.rev_rides[them] {
            if roles.contains(role) {
                let ray = t.ray_attacks(k, ksq, occ);
                if ray.has(checker) {
                    mask |= ray;
                }
            }
        }
        mask
    }

    #[inline(always)]
    pub(super) fn push_targets(
        &self,
        t: &Tables<B>,
        role: Role,
        from: Square,
        targets: B,
        list: &mut MoveList,
        v: &Variant,
    ) {
        let us = self.turn;
        let cr = t.cr(us, role);
        let mut promo = t.promo_mask[cr];
        // `leaving` (Shogi): a move that starts in the zone may promote wherever it goes
        if t.promo_leaving[cr] && promo.has(from) {
            promo = !B::EMPTY;
        }
        let normal = targets & !promo;
        for to in normal.iter() {
            list.push(Move::normal(from, to));
        }
        let pr = targets & promo;
        if pr.any() {
            if let Some(p) = &v.role(role).promotion {
                for to in pr.iter() {
                    for &c in p.choices_for(us) {
                        // `captured`: only to a kind the side has fewer of than in the array
                        if p.captured
                            && self.pieces(Piece { color: us, role: c }).count()
                                >= v.promotion_limit[us][c.index()] as u32
                        {
                            continue;
                        }
                        list.push(Move::promote(from, to, c));
                    }
                }
                // `optional`: the piece may also stay as it is where it keeps a move
                for to in (pr & t.promo_stay[cr]).iter() {
                    list.push(Move::normal(from, to));
                }
            }
        }
    }

    /// Plain targets (leaps and rides) of a piece.
    #[inline(always)]
    pub(super) fn plain_targets(
        &self,
        t: &Tables<B>,
        role: Role,
        from: Square,
        occ: B,
        theirs: B,
    ) -> B {
        let us = self.turn;
        let i = t.idx(us, role, from);
        let mut targets = (t.leap_quiet[i] & !occ) | (t.leap_capture[i] & theirs);
        let cr = t.cr(us, role);
        let plan = &t.ride_plans[cr];
        if plan.orthogonal || plan.diagonal {
            let a = t.lines(plan.orthogonal, plan.diagonal, from, occ);
            targets |= (a & !occ) | (a & theirs);
        }
        for ride in &plan.rest {
            if ride.initial && !t.initial_mask[cr].has(from) {
                continue;
            }
            let a = t.ray_attacks(ride.ray, from, occ);
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
    pub(super) fn special_targets(
        &self,
        t: &Tables<B>,
        role: Role,
        from: Square,
        occ: B,
        theirs: B,
    ) -> B {
        let cr = t.cr(self.turn, role);
        let mut targets = B::EMPTY;
        for s in &t.specials[cr] {
            let Some(to) = s.to[from.index()] else {
                continue;
            };
            if !s.from.has(from) || (s.lame && (s.path[from.index()] & occ).any()) {
                continue;
            }
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

    /// The swaps the side to move may play instead of a move at this move number
    /// (`at move 1 swap ...`): those the setup block allows and that leave its king safe.
    pub(super) fn gen_play_swaps(&self, v: &Variant, list: &mut MoveList) {
        let us = self.turn;
        let setup = v.setup().expect("called with in-play swaps");
        if !setup.in_play.iter().any(|p| p.move_number == self.fullmove) {
            return;
        }
        let g = v.geometry();
        let mut array: Vec<Option<Piece>> = g.squares().map(|s| self.piece_at(s)).collect();
        for m in crate::variant::setup::play_swaps(v, &mut array, us, self.fullmove) {
            let mut after = *self;
            after.play(v, m);
            if !after.is_attacked(v, after.kings[us], !us) {
                list.push(m);
            }
        }
    }

    /// Generates every legal move of the game proper into `list`.
    pub fn gen_legal(&self, t: &Tables<B>, v: &Variant, list: &mut MoveList) {
        // a game over by a rule of the rules file has no moves (as in Fairy-Stockfish)
        if v.has_rule_ends && self.rule_end(v).is_some() {
            return;
        }
        self.gen_moves(t, v, list);
        if v.has_rule_ends && v.end().goals.checking_illegal {
            self.drop_checking_moves(v, list);
        }
    }

    /// The legal moves whatever the rules that end a game say ([`Position::rule_end`]) and
    /// without `checking illegal` applied.
    fn gen_moves(&self, t: &Tables<B>, v: &Variant, list: &mut MoveList) {
        // a side without a royal piece, or obligatory captures (extinction.rs)
        if v.royal_free || v.end().captures_obligatory {
            return self.gen_legal_royal_free(t, v, list);
        }
        // hoppers, regions, facing royals (regions.rs)
        if v.slow_moves {
            return self.gen_legal_slow(t, v, list);
        }
        self.gen_legal_royal(t, v, list);
    }

    /// The legal captures and promotions (and some non-capturing promotion alternatives) for
    /// the search's quiescence, without generating the quiet moves; `false` (and nothing
    /// generated) where the rules need the full generator ([`Position::gen_legal`]) instead:
    /// rules that end the game or forbid checks, obligatory captures, no royal piece, swaps,
    /// moves shaped by hoppers or regions (the general generator's games), and promotions on
    /// leaving a zone.
    pub fn gen_tactical(&self, t: &Tables<B>, v: &Variant, list: &mut MoveList) -> bool {
        if v.has_rule_ends
            || v.royal_free
            || v.end().captures_obligatory
            || v.has_play_swaps
            || v.slow_moves
            // a move out of a Shogi zone may promote: not a move to a promotion square
            || t.promo_leaving.iter().any(|&l| l)
        {
            return false;
        }
        self.gen_royal(t, v, list, true);
        true
    }

    /// The legal moves of a side with a royal piece.
    pub(super) fn gen_legal_royal(&self, t: &Tables<B>, v: &Variant, list: &mut MoveList) {
        self.gen_royal(t, v, list, false);
    }

    /// The legal moves of a side with a royal piece; with `tactical`, only the captures and
    /// the moves to promotion squares ([`Position::gen_tactical`]).
    fn gen_royal(&self, t: &Tables<B>, v: &Variant, list: &mut MoveList, tactical: bool) {
        if v.has_play_swaps && !tactical {
            self.gen_play_swaps(v, list);
        }
        let us = self.turn;
        let them = !us;
        let ours = self.by_color[us];
        let theirs = self.by_color[them];
        let occ = ours | theirs;
        let ksq = self.kings[us];
        let royal = v.royal;
        let checkers = self.attackers_to(t, ksq, them, occ);

        // The royal piece: every target must be safe with the king lifted off the board
        // (so that it cannot hide behind itself on a checking line).
        let mut kt = self.plain_targets(t, royal, ksq, occ, theirs);
        if !t.specials[t.cr(us, royal)].is_empty() {
            kt |= self.special_targets(t, royal, ksq, occ, theirs);
        }
        if tactical {
            kt &= theirs | t.promo_mask[t.cr(us, royal)];
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
        let verify_all = pins.overflow || !t.special_capturers[them].is_empty();
        let allowed = if checkers.is_empty() || verify_all {
            !B::EMPTY
        } else {
            self.evasion_mask(t, ksq, checkers.lsb(), us, occ)
        };

        for r in t.roles() {
            if r == royal {
                continue;
            }
            let pieces = self.by_role(r) & ours;
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
                if tactical {
                    targets &= theirs | t.promo_mask[t.cr(us, r)];
                }
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

        // a drop is never a capture: quiescence does without them
        if v.has_drops && !tactical {
            self.gen_drops(t, v, allowed, verify_all && checkers.any(), list);
        }

        if let Some(EnPassant { target, .. }) = self.ep {
            for r in t.roles() {
                let pieces = self.by_role(r) & ours;
                for from in pieces.iter() {
                    if t.ep_capture[t.idx(us, r, from)].has(target) {
                        let m = Move::with_kind(from, target, MoveKind::EnPassant);
                        if self.leaves_king_safe(v, m) {
                            list.push(m);
                        }
                    }
                }
            }
        }

        if checkers.is_empty() && !tactical {
            self.gen_castling(t, v, occ, list);
        }
    }

    pub(super) fn leaves_king_safe(&self, v: &Variant, m: Move) -> bool {
        let mut p = *self;
        let us = self.turn;
        p.play(v, m);
        let t = v.tables::<B>();
        p.attackers_to(t, p.kings[us], !us, p.occupied()).is_empty()
    }

    pub(super) fn span(t: &Tables<B>, a: Square, b: Square) -> B {
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
            m.set(g.square(f, rank));
        }
        m
    }

    pub(super) fn gen_castling(&self, t: &Tables<B>, v: &Variant, occ: B, list: &mut MoveList) {
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
            let landing = rules.landing[side];
            let rank = g.rank(king);
            let kt = g.square(landing.king, rank);
            let rt = g.square(landing.rook, rank);
            let kbit = B::single(king);
            let rbit = B::single(rook);
            let must_be_empty =
                (Self::span(t, king, kt) | Self::span(t, rook, rt)) & !(kbit | rbit);
            if (occ & must_be_empty).any() {
                continue;
            }
            // Chess960: the king does not cross or land on an attacked square.
            let them = !us;
            let path = Self::span(t, king, kt) & !B::single(kt) & !kbit;
            let occ_wo_king = occ ^ kbit;
            if path
                .iter()
                .any(|s| self.attackers_to(t, s, them, occ_wo_king).any())
            {
                continue;
            }
            let final_occ = (occ ^ kbit ^ rbit) | B::single(kt) | B::single(rt);
            if self.attackers_to(t, kt, them, final_occ).any() {
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
