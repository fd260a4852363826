//! Pieces in hand (Pre-Chess): counts per side and role, drops, and the `[...]` part of the FEN
//! as Fairy-Stockfish writes it. In games without hands the counts stay zero and nothing here
//! runs; the hand costs only the bytes copied with the position.

use super::{zobrist, FenError, Position};
use crate::types::{Color, Move, Piece, Role, MAX_ROLES};
use crate::variant::setup::shortfall;
use crate::variant::{TablesFor, Variant};

impl<B: TablesFor> Position<B> {
    /// How many pieces of `role` side `c` holds in hand.
    #[inline]
    pub fn hand_count(&self, c: Color, role: Role) -> u8 {
        self.hand[c][role.index()]
    }

    /// Does side `c` hold any piece in hand?
    #[inline]
    pub fn has_hand(&self, c: Color) -> bool {
        self.hand[c].iter().any(|&n| n > 0)
    }

    /// Gives each side the variant's pieces in hand (the start of a game with hands).
    pub(crate) fn fill_hands(&mut self, v: &Variant) {
        for c in Color::ALL {
            for &r in v.hand() {
                self.add_to_hand(c, r);
            }
        }
    }

    /// Puts a piece of `role` into `c`'s hand.
    pub(crate) fn add_to_hand(&mut self, c: Color, role: Role) {
        let n = &mut self.hand[c][role.index()];
        self.hash ^= zobrist::hand(c, role, *n);
        *n = n.saturating_add(1);
        self.hash ^= zobrist::hand(c, role, *n);
    }

    fn take_from_hand(&mut self, c: Color, role: Role) {
        let n = &mut self.hand[c][role.index()];
        self.hash ^= zobrist::hand(c, role, *n);
        *n = n.saturating_sub(1);
        self.hash ^= zobrist::hand(c, role, *n);
    }

    /// The hands' part of the hash.
    pub(super) fn hand_hash(&self) -> u64 {
        let mut h = 0;
        for c in Color::ALL {
            for (i, &n) in self.hand[c].iter().enumerate() {
                h ^= zobrist::hand(c, Role(i as u8), n);
            }
        }
        h
    }

    /// The board part of a drop (the caller flips the turn and counts the move). A king or a
    /// castling rook placed on the back rank may create castling rights, as Fairy-Stockfish's
    /// `castlingDroppedPiece`: the rights are those the array now gives (`only` files applied).
    pub(super) fn play_drop(&mut self, v: &Variant, m: Move) {
        let us = self.turn;
        let role = m.promotion;
        if self.piece_at(m.to).is_some() || self.hand_count(us, role) == 0 {
            return;
        }
        self.take_from_hand(us, role);
        self.put(m.to, Piece { color: us, role });
        if role == v.royal {
            self.kings[us] = m.to;
        }
        if v.role(role).pawn {
            self.halfmove = 0;
        } else {
            self.halfmove = self.halfmove.saturating_add(1);
        }
        // Only a placement creates rights; a rook dropped in play (Crazyhouse) does not.
        let castles =
            !v.has_drops && (v.castling().is_some_and(|c| c.rook == role) || role == v.royal);
        if castles {
            self.reset_castling(v);
        }
    }

    /// The hands as the FEN writes them after the board: `[KQRRBBNNkqrrbbnn]`, White's then
    /// Black's, kinds in declaration order; `[]` once empty; nothing for a game without hands.
    pub(super) fn hand_fen(&self, v: &Variant) -> String {
        if !v.has_hands() {
            return String::new();
        }
        let mut s = String::from("[");
        for c in Color::ALL {
            for r in v.roles() {
                for _ in 0..self.hand_count(c, r) {
                    s += &v.piece_text(Piece { color: c, role: r });
                }
            }
        }
        s.push(']');
        s
    }

    /// Reads the `[...]` part of a FEN's board field (`text` without the brackets, at byte
    /// `off` of the FEN).
    pub(super) fn read_hand(
        &mut self,
        v: &Variant,
        off: usize,
        text: &str,
    ) -> Result<(), FenError> {
        for (i, ch) in text.char_indices() {
            let Some(p) = v.piece_from_char(ch) else {
                return Err(super::fen::ferr(
                    off + i,
                    format!("unknown piece `{ch}` in hand"),
                    Some("the hand lists piece letters, White's upper case, e.g. `[QRqr]`".into()),
                ));
            };
            if self.hand[p.color]
                .iter()
                .map(|&n| n as usize)
                .sum::<usize>()
                >= 4 * MAX_ROLES
            {
                return Err(super::fen::ferr(off + i, "too many pieces in hand", None));
            }
            self.add_to_hand(p.color, p.role);
        }
        Ok(())
    }

    /// A FEN of a game in its placement phase: each side must be able to place every piece it
    /// holds on a free square of its ranks (`off`: where the hand is written).
    pub(super) fn check_hand_fits(&self, v: &Variant, off: usize) -> Result<(), FenError> {
        let Some(pl) = v.placement() else {
            return Ok(());
        };
        let g = v.geometry();
        let array: Vec<Option<Piece>> = g.squares().map(|s| self.piece_at(s)).collect();
        for c in Color::ALL {
            let hand: Vec<(Role, usize)> = v
                .roles()
                .map(|r| (r, self.hand_count(c, r) as usize))
                .filter(|(_, n)| *n > 0)
                .collect();
            let Some(short) = shortfall(g, pl, c, &array, &hand) else {
                continue;
            };
            let kinds: String = short.roles.iter().map(|&r| v.role(r).letter).collect();
            return Err(super::fen::ferr(
                off,
                format!(
                    "{c} holds {} pieces in hand ({kinds}), but has only {} empty squares to place them on",
                    short.pieces, short.squares
                ),
                Some("every piece in hand is placed before move 1: hold fewer pieces, or free squares on the placement ranks".into()),
            ));
        }
        Ok(())
    }
}
