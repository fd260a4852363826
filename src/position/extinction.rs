//! Extinction and bare-king ends (Fairy-Stockfish's `extinction*` options), and move
//! generation for a side without a royal piece (Antichess, Extinction Chess, Horde's White).

use super::{EndRule, Position, RuleEnd};
use crate::types::{CastlingSide, Color, Move, MoveKind, MoveList, Piece};
use crate::variant::{Extinction, Tables, TablesFor, Variant};

impl<B: TablesFor> Position<B> {
    /// The extinction rule's verdict here, read as Fairy-Stockfish's `is_immediate_game_end`
    /// does: the side not to move is looked at first, then the side to move; a side is
    /// extinct when it has at most `count` pieces of a kind (or in all) while the other has at
    /// least `opponent_count`, one more against the side to move under `claim` (a bare king
    /// that can still bare the other king in return has not lost yet).
    pub(super) fn extinction_end(&self, x: &Extinction) -> Option<RuleEnd> {
        let stm = self.turn;
        for c in [!stm, stm] {
            let need = x.opponent_count as u32 + u32::from(x.claim && c == stm);
            let extinct = match &x.kinds {
                None => {
                    self.by_color[c].count() <= x.count as u32 && self.by_color[!c].count() >= need
                }
                Some(kinds) => kinds.iter().any(|&r| {
                    let n = |side: Color| (self.by_role(r) & self.by_color[side]).count();
                    n(c) <= x.count as u32 && n(!c) >= need
                }),
            };
            if extinct {
                let rule = if x.kinds.is_none() && x.count == 1 {
                    EndRule::BareKing
                } else {
                    EndRule::Extinction
                };
                let winner = if x.extinct_wins { c } else { !c };
                return Some(RuleEnd {
                    winner: Some(winner),
                    rule,
                });
            }
        }
        None
    }

    /// Does side `c` have a royal piece on the board (or in hand, still to be placed)?
    #[inline]
    pub fn has_royal(&self, v: &Variant, c: Color) -> bool {
        if !v.royal_free {
            return true;
        }
        v.role(v.royal).royal
            && (self
                .pieces(Piece {
                    color: c,
                    role: v.royal,
                })
                .any()
                || self.hand_count(c, v.royal) > 0)
    }

    /// Where side `c`'s king stands in a game whose king is not royal: the one on the back
    /// rank (the only one that may still castle), else any.
    pub(super) fn castling_king_square(
        &self,
        v: &Variant,
        c: Color,
    ) -> Option<crate::types::Square> {
        let ks = self.pieces(Piece {
            color: c,
            role: v.royal,
        });
        let g = v.geometry();
        let back = if c.is_white() { 0 } else { g.ranks - 1 };
        ks.iter()
            .find(|&s| g.rank(s) == back)
            .or_else(|| ks.iter().next())
    }

    /// After a move in a game whose king kind is not royal (Antichess, Breakthrough's men),
    /// tracks the same piece of that kind as a FEN read of the position does (see
    /// `find_kings`), so that a position reached by play equals the one its FEN gives even
    /// when a side has several pieces of that kind.
    #[inline]
    pub(super) fn retrack_kings(&mut self, v: &Variant) {
        if v.royal_free && !v.role(v.royal).royal {
            for c in Color::ALL {
                // (none left: the FEN read leaves its default square)
                self.kings[c] = self.castling_king_square(v, c).unwrap_or_default();
            }
        }
    }

    /// The legal moves in games where a side may lack a royal piece or captures are
    /// obligatory. A side without a royal piece has no check to heed: every pseudo-legal move
    /// is legal (Fairy-Stockfish: "return early when without king"), and its king, if it has
    /// one that castles, castles without the check tests ("non-royal pieces can not be
    /// impeded from castling"). Under `captures obligatory` only the captures are legal when
    /// there is one (castling is no capture).
    pub(super) fn gen_legal_royal_free(&self, t: &Tables<B>, v: &Variant, list: &mut MoveList) {
        if self.has_royal(v, self.turn) {
            self.gen_legal_royal(t, v, list);
        } else {
            self.gen_pseudo(t, v, list);
        }
        if v.end().captures_obligatory {
            let theirs = self.by_color[!self.turn];
            let capture = |m: &Move| {
                m.kind == MoveKind::EnPassant || (m.kind != MoveKind::Castle && theirs.has(m.to))
            };
            if list.iter().any(capture) {
                list.retain(capture);
            }
        }
    }

    fn gen_pseudo(&self, t: &Tables<B>, v: &Variant, list: &mut MoveList) {
        let us = self.turn;
        let ours = self.by_color[us];
        let theirs = self.by_color[!us];
        let occ = ours | theirs;
        for r in t.roles() {
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
                self.push_targets(t, r, from, targets, list, v);
            }
        }
        if let Some(ep) = self.ep {
            for r in t.roles() {
                for from in (self.by_role(r) & ours).iter() {
                    if t.ep_capture[t.idx(us, r, from)].has(ep.target) {
                        list.push(Move::with_kind(from, ep.target, MoveKind::EnPassant));
                    }
                }
            }
        }
        self.gen_castling_unchecked(t, v, occ, list);
    }

    /// Castling by a king that is not royal: both pieces unmoved, the squares between them and
    /// their landing squares empty; attacks do not matter.
    fn gen_castling_unchecked(&self, t: &Tables<B>, v: &Variant, occ: B, list: &mut MoveList) {
        let us = self.turn;
        let Some(rules) = v.castling() else { return };
        let king = self.kings[us];
        let g = t.geometry;
        if self.piece_at(king)
            != Some(Piece {
                color: us,
                role: v.royal,
            })
        {
            return;
        }
        for side in CastlingSide::ALL {
            let Some(rook) = self.castling[us][side] else {
                continue;
            };
            let rook_piece = Piece {
                color: us,
                role: rules.rook,
            };
            if self.piece_at(rook) != Some(rook_piece) || g.rank(rook) != g.rank(king) {
                continue;
            }
            let landing = rules.landing[side];
            let rank = g.rank(king);
            let kt = g.square(landing.king, rank);
            let rt = g.square(landing.rook, rank);
            let both = B::single(king) | B::single(rook);
            let must_be_empty = (Self::span(t, king, kt) | Self::span(t, rook, rt)) & !both;
            if (occ & must_be_empty).is_empty() {
                list.push(Move::with_kind(king, rook, MoveKind::Castle));
            }
        }
    }
}
