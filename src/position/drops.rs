//! Drops in play (`drops { ... }` in the rules file): a piece in hand put on an empty square is
//! an ordinary legal move, captured pieces go to the captor's hand (demoted if they had
//! promoted, Crazyhouse), and the FEN marks promoted pieces `Q~` as Fairy-Stockfish writes them.
//! Everything here runs only when [`Variant::has_drops`] is set, so other games pay nothing.

use super::{fen::ferr, FenError, MoveError, Position};
use crate::types::{Move, MoveList, Piece, Square};
use crate::variant::{Tables, TablesFor, Variant};

impl<B: TablesFor> Position<B> {
    /// Is the piece on `sq` a promoted one (tracked only where captures return it demoted)?
    #[inline]
    pub fn is_promoted(&self, sq: Square) -> bool {
        self.promoted.has(sq)
    }

    /// A piece was captured on `sq`: with `captures to hand` it changes sides, into the
    /// captor's hand, as the kind it promoted from if it had promoted (unless `promoted keep`).
    pub(super) fn capture_to_hand(&mut self, v: &Variant, sq: Square, captured: Piece) {
        if !v.drops().is_some_and(|d| d.captures_to_hand) {
            return;
        }
        let mut role = captured.role;
        if self.promoted.has(sq) {
            self.promoted.clear(sq);
            role = v.demoted[role.index()];
        } else if crate::variant::demotes_unmarked(v, role) {
            role = v.demoted[role.index()]; // Shogi's `+P` returns as `P`
        }
        self.add_to_hand(!captured.color, role);
    }

    /// A piece moved from `from` to `to` (any piece there was captured and its mark cleared):
    /// its promoted mark moves with it, and a promotion sets one.
    #[inline]
    pub(super) fn track_promoted(&mut self, from: Square, to: Square, promoting: bool) {
        if self.promoted.has(from) || promoting {
            self.promoted.clear(from);
            self.promoted.set(to);
        }
    }

    /// The drops of the side to move onto the empty squares of `allowed` (the squares that
    /// block a single check, or the whole board). A drop never uncovers the dropping side's
    /// king, so only `verify` (enemy captures the pin and check masks do not model) plays them
    /// out.
    pub(super) fn gen_drops(
        &self,
        t: &Tables<B>,
        v: &Variant,
        allowed: B,
        verify: bool,
        list: &mut MoveList,
    ) {
        let us = self.turn;
        let empty = t.board & !self.occupied() & allowed;
        if empty.is_empty() {
            return;
        }
        for r in t.roles() {
            if self.hand[us][r.index()] == 0 {
                continue;
            }
            let allowed = empty & t.drop_mask[t.cr(us, r)] & !self.doubled_files(t, v, r);
            for to in allowed.iter() {
                let m = Move::drop(r, to);
                if !verify || self.leaves_king_safe(v, m) {
                    list.push(m);
                }
            }
        }
    }

    /// Takes Crazyhouse's promoted marks (`q~`) off a FEN board field (at `boff` in the FEN):
    /// the field without them, and the marked squares as (rank from the top, file).
    pub(super) fn split_promoted_marks(
        v: &Variant,
        boff: usize,
        board: &str,
    ) -> Result<(String, Vec<(usize, usize)>), FenError> {
        if !board.contains('~') {
            return Ok((board.to_string(), vec![]));
        }
        if !v.drops().is_some_and(|d| d.captures_to_hand) {
            return Err(ferr(
                boff + board.find('~').unwrap_or(0),
                "`~` marks a promoted piece, but in this game captures do not go to hand",
                Some("remove the `~`".into()),
            ));
        }
        let (mut rank, mut file, mut run) = (0usize, 0usize, 0usize);
        let mut after_letter = false;
        let mut marks = vec![];
        for (i, ch) in board.char_indices() {
            if let Some(d) = ch.to_digit(10) {
                run = run * 10 + d as usize;
                after_letter = false;
                continue;
            }
            file += std::mem::take(&mut run);
            match ch {
                '/' => (rank, file) = (rank + 1, 0),
                '~' if after_letter => marks.push((rank, file - 1)),
                '~' => {
                    return Err(ferr(
                        boff + i,
                        "`~` does not follow a piece letter",
                        Some("write `~` right after a promoted piece, e.g. `Q~`".into()),
                    ))
                }
                _ => file += 1,
            }
            after_letter = ch.is_ascii_alphabetic();
        }
        Ok((board.replace('~', ""), marks))
    }

    /// Sets the promoted marks read by [`Position::split_promoted_marks`] (kept only where
    /// captures return promoted pieces demoted: Loop reads and ignores them).
    pub(super) fn set_promoted_marks(&mut self, v: &Variant, marks: &[(usize, usize)]) {
        if !v.tracks_promoted {
            return;
        }
        let g = v.geometry();
        for &(rank, file) in marks {
            if rank < g.ranks as usize && file < g.files as usize {
                let sq = g.square(file as u8, g.ranks - 1 - rank as u8);
                if self.piece_at(sq).is_some() {
                    self.promoted.set(sq);
                }
            }
        }
    }
}

impl<B: TablesFor> Position<B> {
    /// The legal drop `P@e4` (`N@f3`; `@e4` for a pawn, as SAN readers allow) names, if any.
    pub(super) fn parse_drop(&self, v: &Variant, legal: &MoveList, s: &str) -> Option<Move> {
        let (letter, square) = s.split_once('@')?;
        let to = v.geometry().parse_square(&square.to_ascii_lowercase())?;
        let role = match letter.chars().collect::<Vec<_>>().as_slice() {
            // a `san` letter too: SAN writes a drop with it (`H@e4`)
            [c] => v.role_from_move_letter(c.to_ascii_uppercase())?,
            [] => v.roles().find(|&r| v.role(r).pawn)?,
            _ => return None,
        };
        legal.iter().copied().find(|m| *m == Move::drop(role, to))
    }

    /// Why `s`, which reads as a drop, is not a legal one here.
    pub(super) fn drop_error(&self, v: &Variant, legal: &MoveList, s: &str) -> MoveError {
        let g = v.geometry();
        let (letter, square) = s.split_once('@').unwrap_or((s, ""));
        let piece = letter
            .chars()
            .next()
            .and_then(|c| v.role_from_move_letter(c.to_ascii_uppercase()));
        let to = g.parse_square(&square.to_ascii_lowercase());
        let (Some(p), Some(to), 1) = (piece, to, letter.chars().count()) else {
            return MoveError {
                message: format!("`{s}` is not a drop"),
                help: Some("write the piece letter, `@` and the square, e.g. `N@f3`".into()),
            };
        };
        let us = self.turn;
        let held: Vec<String> = v
            .roles()
            .filter(|&r| self.hand_count(us, r) > 0)
            .map(|r| v.role(r).letter.to_string())
            .collect();
        let help = if !v.has_drops {
            "this game has no drops".to_string()
        } else if self.hand_count(us, p) == 0 {
            match held.is_empty() {
                true => format!("{} holds no piece in hand", us.name()),
                false => format!("{} holds {} in hand", us.name(), held.join(" ")),
            }
        } else if self.piece_at(to).is_some() {
            format!("{} is not empty", g.name(to))
        } else {
            let drops: Vec<String> = legal
                .iter()
                .filter(|m| m.drop_role() == Some(p))
                .map(|m| g.name(m.to))
                .collect();
            format!(
                "`{}` may be dropped on {}",
                v.role(p).letter,
                drops.join(" ")
            )
        };
        MoveError {
            message: format!("`{s}` is not a legal drop here"),
            help: Some(help),
        }
    }
}
