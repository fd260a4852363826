//! Drops in play (`drops { ... }`): pieces in hand that a side may put on an empty square
//! instead of moving, and captured pieces that change sides (Crazyhouse, Loop, Chessgi, Pocket
//! Knight). The compiled form of the block; the position keeps the hands
//! (`crate::position::Position::hand_count`) and move generation reads [`Tables::drop_mask`].

use super::{Tables, Variant};
use crate::types::{Bits, Color, Role, MAX_ROLES};

/// What happens to a captured piece that had promoted, when captures go to hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PromotedCapture {
    /// It goes to hand as the kind it promoted from (Crazyhouse: a promoted queen returns as
    /// a pawn). The position then tracks promoted pieces, and the FEN marks them `Q~`.
    #[default]
    Demote,
    /// It goes to hand as what it became (Loop, Chessgi: `promoted keep`).
    Keep,
}

/// The `drops { ... }` block, compiled.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Drops {
    /// The pieces each side holds in hand at the start (`hand "N"`: Pocket Knight).
    pub hand: Vec<Role>,
    /// Do captured pieces go to the captor's hand (`captures to hand`)?
    pub captures_to_hand: bool,
    /// What a captured promoted piece becomes in hand.
    pub promoted: PromotedCapture,
    /// Where each listed kind may be dropped: ranks counted from the side's own first rank,
    /// 0-based (`P ranks 2 3 4 5 6 7`). A kind not listed may be dropped on any empty square.
    pub ranks: Vec<(Role, Vec<u8>)>,
    /// Shogi's restrictions on dropping some kinds ([`DropLimits`]).
    pub limits: DropLimits,
}

/// Shogi's restrictions on drops, by kind.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct DropLimits {
    /// `P not doubled`: not dropped on a file that holds one of the side's own of that kind
    /// (nifu; Fairy-Stockfish's `shogiDoubledPawn = false`).
    pub not_doubled: Vec<Role>,
    /// `P drop-mate loss`: a checkmate given by dropping one of these loses for the side that
    /// dropped it (uchifuzume; Fairy-Stockfish 11.1's `shogiPawnDropMateIllegal`, which scores
    /// the mate as won by the mated side rather than forbidding the drop).
    pub mate_loss: Vec<Role>,
}

impl Drops {
    /// Does the position need to know which pieces promoted (captures to hand, demoted)?
    pub fn tracks_promoted(&self) -> bool {
        self.captures_to_hand && self.promoted == PromotedCapture::Demote
    }
}

/// For each role, the role a promoted piece of it returns to hand as: the first pawn-like
/// kind that promotes to it (Fairy-Stockfish's `main_promotion_pawn_type` for Crazyhouse),
/// else itself.
pub(super) fn demotions(v: &Variant) -> [Role; MAX_ROLES] {
    let mut out = [Role(0); MAX_ROLES];
    for r in v.roles() {
        out[r.index()] = r;
    }
    let roles: Vec<Role> = v.roles().collect();
    for &r in roles.iter().rev() {
        if let Some(p) = &v.role(r).promotion {
            let all = p.choices.iter().chain(p.black_choices.iter().flatten());
            for c in all {
                out[c.index()] = r;
            }
        }
    }
    out
}

impl<B: Bits> Tables<B> {
    /// [`Tables::drop_mask`]: the squares of the ranks each kind may be dropped on (the whole
    /// board for kinds without `ranks`, nothing in games without drops).
    pub(super) fn fill_drop_mask(&mut self, v: &Variant) {
        let Some(d) = v.drops() else { return };
        let g = self.geometry;
        for c in Color::ALL {
            for r in v.roles() {
                let cr = self.cr(c, r);
                let Some((_, ranks)) = d.ranks.iter().find(|(k, _)| *k == r) else {
                    self.drop_mask[cr] = self.board;
                    continue;
                };
                for &rel in ranks {
                    let abs = if c.is_white() { rel } else { g.ranks - 1 - rel };
                    self.drop_mask[cr] |= self.rank_mask[abs as usize];
                }
            }
        }
    }
}

/// The `drops` line of `myriad check`'s summary (empty for games without drops):
/// `drops: captures to hand (promoted pieces demoted); P on ranks 2-7`.
pub fn drops_summary(v: &Variant) -> String {
    let Some(d) = v.drops() else {
        return String::new();
    };
    let letter = |r: Role| v.role(r).letter.to_string();
    let mut parts = vec![];
    if !d.hand.is_empty() {
        let hand: Vec<String> = d.hand.iter().map(|&r| letter(r)).collect();
        parts.push(format!("each side starts with {} in hand", hand.join(" ")));
    }
    if d.captures_to_hand {
        parts.push(match d.promoted {
            PromotedCapture::Demote => "captures to hand (promoted pieces demoted)".to_string(),
            PromotedCapture::Keep => "captures to hand (promoted pieces kept)".to_string(),
        });
    }
    for (r, ranks) in &d.ranks {
        let rs: Vec<String> = ranks.iter().map(|x| (x + 1).to_string()).collect();
        parts.push(format!("{} dropped on ranks {}", letter(*r), rs.join(" ")));
    }
    format!("  drops: {}\n", parts.join("; "))
}
