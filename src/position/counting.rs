//! Makruk's counting draws (the `counting` block of `end`), exactly as Fairy-Stockfish 11.1
//! keeps them (`MAKRUK_COUNTING`, position.cpp: `counting_limit`, `do_move`, `fen`).
//!
//! Once the last pawn has left the board, the side that is behind may count: a side with more
//! than its king counts `board` moves (the board's honour), a lone king counts by what the
//! opponent has (the pieces' honour), starting from the number of pieces on the board. When
//! the count passes its limit the game is drawn. In Fairy-Stockfish 11.1 this is an *optional*
//! game end, like the 50-move rule: the side to move that is mated is still mated, and move
//! generation (so perft) goes on. Myriad treats it the same way: the game's result and the
//! search read [`Position::counting_over`] where they read the move rule, and
//! [`Position::gen_legal`] is unaffected.
//!
//! The FEN carries the count as Fairy-Stockfish writes it: while counting, the en passant field
//! holds the limit and the halfmove field the count, both in plies
//! (`8/8/8/3k4/8/8/8/R3K3 w - 32 41 61`). The count is not part of the hash (nor is it in
//! Fairy-Stockfish's key): positions that differ only in the count are repetitions.

use super::{AnyPosition, Position};
use crate::types::Color;
use crate::variant::{CountingRules, TablesFor, Variant};

/// The count: its limit and how far it has got, in plies (Fairy-Stockfish's `countingLimit`
/// and `countingPly`); a zero limit means nobody is counting.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Count {
    /// The limit in plies (twice the moves of the rules file); 0: not counting.
    pub limit: u16,
    /// The plies counted so far.
    pub ply: u16,
}

impl<B: TablesFor> Position<B> {
    /// The count, if one is running.
    pub fn count(&self) -> Option<Count> {
        (self.count.limit > 0).then_some(self.count)
    }

    /// Has the count passed its limit (a draw, unless the side to move is mated)?
    pub fn counting_over(&self) -> bool {
        self.count.limit > 0 && self.count.ply > self.count.limit
    }

    /// After a move (the side to move already switched): the count goes on, or starts when
    /// nobody counts yet or a capture has just left the side to move with a lone king
    /// (Fairy-Stockfish's `do_move`).
    pub(super) fn count_move(&mut self, v: &Variant, captured: bool) {
        let Some(rules) = &v.end().counting else {
            return;
        };
        if self.count.limit > 0 {
            self.count.ply = self.count.ply.saturating_add(1);
        }
        let us = self.turn;
        let bare = self.by_color[us].count() == 1;
        if self.count.limit == 0 || (captured && bare) {
            let moves = self.counting_limit(v, rules, us);
            if moves > 0 {
                self.count.limit = 2 * moves;
                self.count.ply = if bare {
                    2 * self.occupied().count() as u16
                } else {
                    0
                };
            }
        }
    }

    /// The limit in moves for `side` counting now; 0 if it may not count (a pawn on the board,
    /// or the opponent is bare).
    fn counting_limit(&self, v: &Variant, rules: &CountingRules, side: Color) -> u16 {
        let pawns = v.roles().any(|r| v.role(r).pawn && self.by_role(r).any());
        let them = !side;
        if pawns || self.by_color[them].count() == 1 {
            return 0;
        }
        if self.by_color[side].count() > 1 {
            return rules.board;
        }
        let has = |roles: &[crate::types::Role]| {
            roles.iter().all(|&r| {
                let need = roles.iter().filter(|&&q| q == r).count() as u32;
                (self.by_role(r) & self.by_color[them]).count() >= need
            })
        };
        rules
            .pieces
            .iter()
            .find(|(roles, _)| has(roles))
            .map_or(0, |&(_, moves)| moves)
    }

    /// Reads the count from the FEN's en passant field (the limit, when it is a number) and
    /// halfmove clock (the count); `false` if the field is not a count.
    pub(super) fn read_count(&mut self, v: &Variant, ep_field: &str) -> bool {
        if !v.has_counting || !ep_field.bytes().all(|b| b.is_ascii_digit()) {
            return false;
        }
        self.count.limit = ep_field.parse().unwrap_or(0);
        true
    }

    /// After the halfmove clock is read: Fairy-Stockfish takes it as the count while counting.
    pub(super) fn halfmove_to_count(&mut self) {
        if self.count.limit > 0 && self.halfmove > 0 {
            self.count.ply = self.halfmove;
            self.halfmove = 0;
        }
    }

    /// The FEN's en passant and halfmove fields while counting (`32 41`), else `None`.
    pub(super) fn count_fields(&self) -> Option<(String, String)> {
        (self.count.limit > 0).then(|| (self.count.limit.to_string(), self.count.ply.to_string()))
    }
}

impl AnyPosition {
    /// Makruk's count, if one is running (see [`Position::count`]).
    pub fn count(&self) -> Option<Count> {
        crate::with_position!(self, p => p.count())
    }

    /// Has Makruk's count passed its limit (see [`Position::counting_over`])?
    pub fn counting_over(&self) -> bool {
        crate::with_position!(self, p => p.counting_over())
    }
}
