//! The danger to a royal piece, in the manner of Stockfish's classical evaluation: the enemy
//! pieces that reach its neighbourhood (weighted by kind, more for several together), the
//! squares there that the defence holds badly, the safe and unsafe checks of each enemy kind,
//! and whether the enemy still has its strongest piece. The units add up to a danger `d`
//! whose square, not the sum, is taken off: one attacker is little, several together decide.

use super::{EvalTables, SideTerms};
use crate::position::Position;
use crate::types::{ByColor, Color, Role};
use crate::variant::{Tables, TablesFor};

/// Danger units for each kind of piece that can give check next move, but only on squares
/// the defence holds (a kind with a safe check counts [`super::EvalWeights::safe_check`]).
const UNSAFE_CHECK: i32 = 148;
/// Danger units for each square of the royal piece's neighbourhood that the attacker reaches
/// and the defence holds only with the royal piece or its strongest piece, or not at all.
const WEAK_SQUARE: i32 = 183;
/// Danger units for each attack on a square of the neighbourhood.
const ZONE_HIT: i32 = 69;
/// Danger units taken off when the attacker has none of its strongest kind (a queen) left.
const NO_TOP_PIECE: i32 = 873;
/// The most kinds of checking pieces counted for one side.
pub(super) const CHECK_KINDS: usize = 8;

impl<B> SideTerms<B> {
    /// Where the danger stands aside (no royal piece, or material that does not count for
    /// its owner: Codrus, Antichess), the attack on the enemy king's neighbourhood that came
    /// before it: the square of the weighted hits times the attackers, from two attackers.
    pub(super) fn simple_attack(&self) -> i32 {
        if self.piece_attackers < 2 {
            return 0;
        }
        let u = self.attack_units;
        u * u.min(20) * self.piece_attackers.min(4) * 228 / 400
    }
}

impl<B: TablesFor> EvalTables<B> {
    /// The middlegame and endgame penalty for `c`'s royal piece, from the enemy's attacks
    /// (both sides' terms complete).
    pub(super) fn king_danger(
        &self,
        pos: &Position<B>,
        terms: &ByColor<SideTerms<B>>,
        c: Color,
    ) -> (i32, i32) {
        let them = !c;
        let (us, att) = (&terms[c], &terms[them]);
        let zone = self.zone[pos.king(c).index()];
        // squares the attacker reaches that we defend not at all, or once with the royal piece
        // or the strongest piece alone
        let weak = att.attacks & !us.attacks2 & (!us.attacks | us.guard);
        // squares where an attacker may stand: not its own, and not defended (or weak and
        // supported twice)
        let safe = !pos.by_color(them) & (!us.attacks | (weak & att.attacks2));
        let mut checks = 0;
        for sq in &att.checks[..att.check_kinds] {
            if (*sq & safe).any() {
                checks += self.w.safe_check;
            } else {
                checks += UNSAFE_CHECK;
            }
        }
        let mut d = att.attackers * att.attack_weight
            + WEAK_SQUARE * (zone & weak).count() as i32
            + checks
            + ZONE_HIT * att.zone_hits
            + 37;
        if !att.has_top {
            d -= NO_TOP_PIECE;
        }
        if d <= 100 {
            return (0, 0);
        }
        let mg = (d as i64 * d as i64 / 4096) as i32 * self.w.king_attack / 100;
        let eg = d / 16 * self.w.king_attack / 100;
        (mg, eg)
    }

    /// The squares from which a piece of `c`'s `role` would give check to the enemy royal
    /// piece (by a plain leap or a ride; hoppers and special moves aside).
    #[inline]
    pub(super) fn check_squares(
        &self,
        t: &Tables<B>,
        pos: &Position<B>,
        c: Color,
        role: Role,
    ) -> B {
        let k = pos.king(!c);
        let occ = pos.occupied();
        let plan = &t.attack_plans[c];
        let mut sq = t.rev_leap[t.idx(c, role, k)]
            | t.lines(
                plan.orthogonal.contains(role),
                plan.diagonal.contains(role),
                k,
                occ,
            );
        for &(kind, roles) in &plan.rest {
            if roles.contains(role) {
                sq |= t.ray_attacks(kind, k, occ);
            }
        }
        sq
    }
}
