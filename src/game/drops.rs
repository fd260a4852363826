//! Drops in play, as the front ends see them: the hands of the game's current position and
//! the legal drops among its legal moves. A drop is an ordinary [`Move`] (`MoveKind::Drop`,
//! the role in [`Move::drop_role`]), played with [`Game::play`] like any other, so the
//! terminal, UCI and the GUI need no special case; these helpers only sort them out.

use super::Game;
use crate::types::{Color, Move, Role};

impl Game {
    /// The pieces side `c` holds in hand now, by kind in declaration order, with their
    /// counts (kinds it does not hold are left out; empty in games without hands).
    pub fn hand(&self, c: Color) -> Vec<(Role, u8)> {
        let pos = self.position();
        self.variant()
            .roles()
            .map(|r| (r, pos.hand_count(c, r)))
            .filter(|&(_, n)| n > 0)
            .collect()
    }

    /// The legal drops of the side to move (a subset of [`Game::legal_moves`]).
    pub fn legal_drops(&self) -> Vec<Move> {
        self.legal_moves()
            .into_iter()
            .filter(|m| m.drop_role().is_some())
            .collect()
    }
}
