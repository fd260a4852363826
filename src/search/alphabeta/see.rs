//! Static exchange evaluation: the material balance of the captures and recaptures on one
//! square, each side taking with its cheapest piece and free to stop. It tells a capture
//! that wins material from one that loses it, and a quiet move that puts a piece where it
//! is lost, without searching. Pieces are found by the variant's own attack tables, so
//! riders behind riders (x-rays), hoppers and lame leapers count as they do in the game.

use super::Searcher;
use crate::position::Position;
use crate::types::{Move, MoveKind, Role};
use crate::variant::TablesFor;

/// What the royal piece is worth in an exchange: more than anything it could win.
const ROYAL: i32 = 50_000;

impl<B: TablesFor> Searcher<'_, B> {
    /// The worth of `role` in an exchange.
    #[inline]
    fn see_value(&self, role: Role) -> i32 {
        if role == self.et.royal {
            ROYAL
        } else {
            self.et.value[role.index()]
        }
    }

    /// Does the exchange that `m` starts on its destination gain at least `threshold` for the
    /// side to move? Moves other than ordinary ones and promotions (castling, drops, en
    /// passant) are taken as even. Pins are not looked at.
    pub(super) fn see_ge(&self, pos: &Position<B>, m: Move, threshold: i32) -> bool {
        if m.kind != MoveKind::Normal && m.kind != MoveKind::Promotion {
            return threshold <= 0;
        }
        let Some(mover) = pos.piece_at(m.from) else {
            return threshold <= 0;
        };
        let promo = if m.kind == MoveKind::Promotion {
            self.et.value[m.promotion.index()] - self.et.value[mover.role.index()]
        } else {
            0
        };
        // what we have won if the exchange stops now, less the threshold
        let mut swap = self.victim_value(pos, m) + promo - threshold;
        if swap < 0 {
            return false;
        }
        // what is left if the piece that moved is taken
        let moved = if m.kind == MoveKind::Promotion {
            m.promotion
        } else {
            mover.role
        };
        swap = self.see_value(moved) - swap;
        if swap <= 0 {
            return true;
        }
        let mut occ = pos.occupied() & !B::single(m.from) & !B::single(m.to);
        let mut stm = pos.turn();
        // does the side to move come out of the exchange ahead (as far as it has gone)?
        let mut res = true;
        loop {
            stm = !stm;
            let attackers = pos.attackers_to(self.t, m.to, stm, occ);
            if attackers.is_empty() {
                break;
            }
            let (sq, role) = attackers
                .iter()
                .filter_map(|sq| pos.piece_at(sq).map(|p| (sq, p.role)))
                .min_by_key(|&(_, r)| self.see_value(r))
                .expect("an attacker stands on its square");
            res = !res;
            if role == self.et.royal {
                // the royal piece may take only if nothing can take it back
                let back = pos.attackers_to(self.t, m.to, !stm, occ);
                return if back.any() { !res } else { res };
            }
            swap = self.see_value(role) - swap;
            if swap < res as i32 {
                break;
            }
            occ &= !B::single(sq);
        }
        res
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::with_searcher;

    /// The exchange of the move `uci` in the chess position `fen`: the least threshold that
    /// `see_ge` accepts, found by asking it (each answer is a plain yes or no).
    fn exchange(fen: &str, uci: &str) -> (i32, Vec<i32>) {
        with_searcher(fen, uci, |s, p, m| {
            // the exchange's value: the largest threshold that still holds
            let value = (-2000..=2000).rev().find(|&x| s.see_ge(p, m, x)).unwrap();
            (value, s.et.value.clone())
        })
    }

    /// Values by letter, from the evaluation's tables (derived from the rules file).
    fn val(values: &[i32], letter: char) -> i32 {
        let v = crate::rules::load("chess").unwrap();
        let r = v.roles().find(|&r| v.role(r).letter == letter).unwrap();
        values[r.index()]
    }

    #[test]
    fn exchanges_are_counted_to_the_end() {
        // a pawn takes an undefended pawn: wins a pawn
        let (x, vals) = exchange("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5");
        assert_eq!(x, val(&vals, 'P'));
        // a rook takes a pawn that a pawn defends: loses the rook for a pawn
        let (x, vals) = exchange("4k3/8/2p5/3p4/8/8/3R4/4K3 w - - 0 1", "d2d5");
        assert_eq!(x, val(&vals, 'P') - val(&vals, 'R'));
        // doubled rooks against a rook behind the pawn (an x-ray): P for White, R for R
        let (x, vals) = exchange("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5");
        assert_eq!(x, val(&vals, 'P'));
        // the same without the second white rook: Black's rook takes back
        let (x, vals) = exchange("3rk3/8/8/3p4/8/8/3R4/4K3 w - - 0 1", "d2d5");
        assert_eq!(x, val(&vals, 'P') - val(&vals, 'R'));
        // the king may take back only where nothing takes it in turn
        let (x, vals) = exchange("8/8/8/3pk3/8/8/3Q4/4K3 w - - 0 1", "d2d5");
        assert_eq!(x, val(&vals, 'P') - val(&vals, 'Q'));
        let (x, vals) = exchange("8/8/8/3pk3/8/8/3Q4/3RK3 w - - 0 1", "d2d5");
        assert_eq!(x, val(&vals, 'P'));
        // a quiet move onto a square a pawn guards loses the piece; elsewhere it is even
        let (x, vals) = exchange("4k3/8/8/2p5/8/5N2/8/4K3 w - - 0 1", "f3d4");
        assert_eq!(x, -val(&vals, 'N'));
        let (x, _) = exchange("4k3/8/8/2p5/8/5N2/8/4K3 w - - 0 1", "f3e5");
        assert_eq!(x, 0);
    }
}
