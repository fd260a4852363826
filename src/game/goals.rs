//! What a board view shows of the goals of the rules file's `end` block: the squares each
//! side's piece wins by reaching (King of the Hill's hill, Racing Kings' eighth rank) and the
//! check counters (Three-check). The GUI draws them; the rules themselves are the position's
//! ([`crate::position::Position::rule_end`]).

use super::Game;
use crate::types::{Color, Role, Square};

impl Game {
    /// The squares that side `c` wins by bringing its [`Game::goal_piece`] to (`region` in the
    /// rules file), for highlighting; empty in games without a region.
    pub fn goal_squares(&self, c: Color) -> Vec<Square> {
        self.variant.end().goals.region_squares(c).to_vec()
    }

    /// The kind of piece that side `c` must bring to its [`Game::goal_squares`] (the king in
    /// King of the Hill and Racing Kings), if the game has a region.
    pub fn goal_piece(&self, c: Color) -> Option<Role> {
        self.variant.end().goals.region(c).map(|r| r.role)
    }

    /// How many checks win the game (`checks N` in the rules file: 3 in Three-check), if
    /// checks are counted.
    pub fn checks_needed(&self) -> Option<u8> {
        self.variant.end().goals.checks
    }

    /// How many checks side `c` has given so far in the current position (0 in games that do
    /// not count them). With [`Game::checks_needed`] this is what a counter shows ("2/3").
    pub fn checks_given(&self, c: Color) -> u8 {
        match (
            self.checks_needed(),
            self.pos.checks_remaining(&self.variant, c),
        ) {
            (Some(n), Some(left)) => n - left,
            _ => 0,
        }
    }
}
