//! Hodges notation with numbers (`notation hodges`), as Fairy-Stockfish writes Shogi's moves
//! (`SAN::move_to_san` in its `apiutil.h` with `NOTATION_SHOGI_HODGES_NUMBER`): `P-76`,
//! `Bx22+`, `P*34`, `G69-58`, `+R-22`, `Bx57=`.

use super::notation::{unknown_letter, MoveError};
use super::Position;
use crate::types::{letter_text, letter_upper, promoted_base, promoted_letter, Geometry, Move};
use crate::types::{MoveKind, MoveList, Role, Square};
use crate::variant::{TablesFor, Variant};

/// A square as Hodges writes it: the file counted from the right, then the rank counted from
/// the top (Black's side), both from 1: `76` is chess's `c3` on a 9x9 board.
pub(super) fn hodges_square(g: Geometry, sq: Square) -> String {
    format!("{}{}", g.files - g.file(sq), g.ranks - g.rank(sq))
}

/// Does promotion into `to` turn `from` into its own promoted kind (`S` into `+S`)? Such a
/// promotion is written `+`; any other (a chess pawn's choice) `=Q`.
fn own_promotion(v: &Variant, from: Role, to: Role) -> bool {
    promoted_base(v.role(to).letter) == Some(v.role(from).letter)
}

/// What a move text says after the destination square.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Suffix {
    /// Nothing, or `=`: the piece stays as it is.
    Stays,
    /// `+`: the piece promotes to its own promoted kind.
    Promotes,
    /// `=Q`, `=+N`: promotion to this kind.
    To(Role),
}

impl<B: TablesFor> Position<B> {
    /// A move in Hodges notation (no check mark: Hodges has none). Castling, passes and swaps
    /// are written as in SAN.
    pub(super) fn hodges(&self, v: &Variant, m: Move) -> String {
        let g = v.geometry();
        if m.kind == MoveKind::Drop {
            // Drops need no origin: `P*34`.
            return format!("{}*{}", v.san_letter(m.promotion), hodges_square(g, m.to));
        }
        let Some(pc) = self.piece_at(m.from) else {
            return format!("{}{}", g.name(m.from), g.name(m.to));
        };
        let legal = self.legal_moves(v);
        // The letter always, a promoted kind as `+` and its base's letter: `+R-22`.
        let mut s = v.san_letter(pc.role);
        // Another piece of the kind that can go there, promoting alike, asks for the origin.
        let rival = legal.iter().any(|o| {
            o.to == m.to
                && o.from != m.from
                && o.kind != MoveKind::Castle
                && o.promotion_role() == m.promotion_role()
                && self.piece_at(o.from).map(|p| p.role) == Some(pc.role)
        });
        if rival {
            s += &hodges_square(g, m.from);
        }
        let capture = self.piece_at(m.to).is_some() || m.kind == MoveKind::EnPassant;
        s.push(if capture { 'x' } else { '-' });
        s += &hodges_square(g, m.to);
        match m.promotion_role() {
            Some(r) if own_promotion(v, pc.role, r) => s.push('+'),
            Some(r) => {
                s.push('=');
                s += &letter_text(v.role(r).letter);
            }
            // `=`: the move could have promoted and does not (`Bx57=`)
            None if legal.iter().any(|o| {
                o.from == m.from
                    && o.to == m.to
                    && o.promotion_role()
                        .is_some_and(|r| own_promotion(v, pc.role, r))
            }) =>
            {
                s.push('=')
            }
            None => {}
        }
        s
    }

    /// Reads a move in Hodges notation, if `text` (ASCII) is written so: its squares are digits
    /// only, with no file letter. `None` for anything else (chess SAN, `O-O`, `swap e1 g1`),
    /// which the SAN reader then takes.
    pub(super) fn parse_hodges(
        &self,
        v: &Variant,
        legal: &MoveList,
        text: &str,
    ) -> Option<Result<Move, MoveError>> {
        let t = text.trim();
        let s = t.trim_end_matches(['!', '?']);
        let chess_like = s
            .bytes()
            .any(|b| (b.is_ascii_lowercase() && b != b'x') || b == b'@');
        // `0-0` is castling, as SAN's reader takes it
        let castling = matches!(s, "0-0" | "0-0-0");
        if chess_like || castling || !s.bytes().any(|b| b.is_ascii_digit()) {
            return None;
        }
        let bad = || {
            MoveError {
            message: format!("`{t}` is not a move in Hodges notation"),
            help: Some("write the piece, the origin if two pieces can go, `-`, `x` or `*`, the square and `+` or `=`: `P-76`, `Bx22+`, `P*34`, `G69-58`".into()),
        }
        };
        let (promoted, rest) = match s.strip_prefix('+') {
            Some(r) => (true, r),
            None => (false, s),
        };
        let Some(&letter) = rest.as_bytes().first().filter(|c| c.is_ascii_uppercase()) else {
            return Some(Err(bad()));
        };
        let written = if promoted {
            promoted_letter(letter as char)
        } else {
            letter as char
        };
        let Some(role) = v.role_from_move_letter(written) else {
            return Some(Err(unknown_letter(v, t, written)));
        };
        // The text is ASCII: byte offsets are character offsets.
        let body = &rest[1..];
        let Some(at) = body.find(['-', 'x', '*']) else {
            return Some(Err(bad()));
        };
        let (origin, sep, after) = (&body[..at], body.as_bytes()[at], &body[at + 1..]);
        let Some((dest, suffix)) = self.hodges_suffix(v, after) else {
            return Some(Err(bad()));
        };
        let g = v.geometry();
        let named = |w: &str| w.is_empty() || g.squares().any(|q| hodges_square(g, q) == w);
        if dest.is_empty() || !named(dest) || !named(origin) || (sep == b'*' && !origin.is_empty())
        {
            return Some(Err(bad()));
        }
        let found: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| {
                if hodges_square(g, m.to) != dest {
                    return false;
                }
                if sep == b'*' {
                    return m.drop_role() == Some(role) && suffix == Suffix::Stays;
                }
                // `x` and `-` are both read for either, as SAN's reader lets `x` out
                let by = matches!(
                    m.kind,
                    MoveKind::Normal | MoveKind::Promotion | MoveKind::EnPassant
                ) && self.piece_at(m.from).is_some_and(|p| p.role == role)
                    && (origin.is_empty() || hodges_square(g, m.from) == origin);
                by && match (suffix, m.promotion_role()) {
                    (Suffix::Stays, p) => p.is_none(),
                    (Suffix::Promotes, Some(r)) => own_promotion(v, role, r),
                    (Suffix::To(want), Some(r)) => want == r,
                    _ => false,
                }
            })
            .collect();
        // (`san` writes Hodges in these games)
        Some(self.the_one(v, legal, &found, t))
    }

    /// Splits what follows the separator into the destination and the suffix (`+`, `=`,
    /// `=Q`, `=+N`, or nothing); `None` if the suffix names no piece.
    fn hodges_suffix<'t>(&self, v: &Variant, after: &'t str) -> Option<(&'t str, Suffix)> {
        if let Some(d) = after.strip_suffix('+') {
            return Some((d, Suffix::Promotes));
        }
        if let Some(d) = after.strip_suffix('=') {
            return Some((d, Suffix::Stays));
        }
        match after.split_once('=') {
            Some((d, kind)) => {
                let c = match kind.strip_prefix('+') {
                    Some(k) if k.len() == 1 => promoted_letter(k.chars().next()?),
                    _ if kind.len() == 1 => kind.chars().next()?,
                    _ => return None,
                };
                let r = v.role_from_move_letter(letter_upper(c))?;
                Some((d, Suffix::To(r)))
            }
            None => Some((after, Suffix::Stays)),
        }
    }
}
