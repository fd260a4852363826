//! Move generation for games whose pieces the fast generator's pins and check masks do not
//! model: hoppers (the Xiangqi cannon jumps a screen, so a piece between it and the king
//! *gives* check rather than blocks it), pieces confined to a region (palace, own side of the
//! river), moves a piece has only in a region (the soldier across the river), and royal pieces
//! that may not face each other (the flying general). Every pseudo-legal move is played on a
//! copy and kept if it leaves the mover's royal piece unattacked and, with `facing illegal`,
//! the two royal pieces not facing, as Fairy-Stockfish's `Position::legal` tests them.
//!
//! Only games that need it come here ([`Variant::slow_moves`]); orthodox chess keeps the fast
//! generator.

use super::{EnPassant, Position};
use crate::types::{Color, Move, MoveKind, MoveList, Square};
use crate::variant::{Tables, TablesFor, Variant};

impl<B: TablesFor> Position<B> {
    /// Attackers of `sq` by `by` beyond those `attackers_to` finds from its tables: hoppers
    /// (the first piece behind the first piece on a line), and without the pieces confined to a
    /// region that does not hold `sq` (Fairy-Stockfish's attacks stay in the mobility region).
    #[inline(never)]
    pub(super) fn extra_attackers(&self, t: &Tables<B>, sq: Square, by: Color, occ: B, a: B) -> B {
        let mut a = a;
        for &(k, roles) in &t.rev_hops[by] {
            let screen = t.ray_attacks(k, sq, occ) & occ;
            if screen.is_empty() {
                continue;
            }
            let behind = t.ray_attacks(k, screen.lsb(), occ) & occ;
            for r in roles.iter() {
                a |= behind & self.by_role(r) & self.by_color[by];
            }
        }
        for r in t.confined[by].iter() {
            if !t.confine[t.cr(by, r)].has(sq) {
                a &= !self.by_role(r);
            }
        }
        a
    }

    /// Targets of a piece's hopping rides: beyond the first piece on the line, the empty
    /// squares up to the next piece (quiet) and that piece (capture).
    #[inline]
    fn hop_targets(&self, t: &Tables<B>, cr: usize, from: Square, occ: B, theirs: B) -> B {
        let mut targets = B::EMPTY;
        for h in &t.hops[cr] {
            if h.initial && !t.initial_mask[cr].has(from) {
                continue;
            }
            let screen = t.ray_attacks(h.ray, from, occ) & occ;
            if screen.is_empty() {
                continue;
            }
            let beyond = t.ray_attacks(h.ray, screen.lsb(), occ);
            if h.quiet {
                targets |= beyond & !occ;
            }
            if h.capture {
                targets |= beyond & theirs;
            }
        }
        targets
    }

    /// Are the two royal pieces on one file or rank with nothing between them?
    pub(crate) fn royals_facing(&self, t: &Tables<B>, v: &Variant) -> bool {
        let royal = self.by_role(v.royal);
        let (w, b) = (self.kings[Color::White], self.kings[Color::Black]);
        if !(royal & self.by_color[Color::White]).has(w)
            || !(royal & self.by_color[Color::Black]).has(b)
        {
            return false;
        }
        let g = t.geometry;
        (g.file(w) == g.file(b) || g.rank(w) == g.rank(b))
            && (t.line_between(w, b) & self.occupied()).is_empty()
    }

    /// Does move `m` (pseudo-legal) leave the mover's royal piece safe and, with `facing
    /// illegal`, the royal pieces not facing?
    fn legal_after(&self, t: &Tables<B>, v: &Variant, m: Move) -> bool {
        let us = self.turn;
        let mut p = *self;
        p.play(v, m);
        if p.attackers_to(t, p.kings[us], !us, p.occupied()).any() {
            return false;
        }
        !(v.spec.regions.facing_illegal && p.royals_facing(t, v))
    }

    /// The legal moves of a game with hoppers, regions or facing royals.
    pub(super) fn gen_legal_slow(&self, t: &Tables<B>, v: &Variant, list: &mut MoveList) {
        let us = self.turn;
        let ours = self.by_color[us];
        let theirs = self.by_color[!us];
        let occ = ours | theirs;
        let mut pseudo = MoveList::new();
        for r in t.roles() {
            let pieces = self.by_role(r) & ours;
            if pieces.is_empty() {
                continue;
            }
            let cr = t.cr(us, r);
            for from in pieces.iter() {
                let mut targets = self.plain_targets(t, r, from, occ, theirs)
                    | self.special_targets(t, r, from, occ, theirs);
                if !t.hops[cr].is_empty() {
                    targets |= self.hop_targets(t, cr, from, occ, theirs);
                }
                self.push_targets(t, r, from, targets & t.confine[cr], &mut pseudo, v);
            }
        }
        if let Some(EnPassant { target, .. }) = self.ep {
            for r in t.roles() {
                for from in (self.by_role(r) & ours).iter() {
                    if t.ep_capture[t.idx(us, r, from)].has(target) {
                        pseudo.push(Move::with_kind(from, target, MoveKind::EnPassant));
                    }
                }
            }
        }
        if v.has_play_swaps {
            // swaps are checked when generated (movegen.rs); facing is checked below
            self.gen_play_swaps(v, &mut pseudo);
        }
        for &m in pseudo.iter() {
            if self.legal_after(t, v, m) {
                list.push(m);
            }
        }
        if self.attackers_to(t, self.kings[us], !us, occ).is_empty() {
            let mut castles = MoveList::new();
            self.gen_castling(t, v, occ, &mut castles);
            for &m in castles.iter() {
                if self.legal_after(t, v, m) {
                    list.push(m);
                }
            }
        }
    }
}
