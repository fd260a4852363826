//! `perpetual-check loss`: Fairy-Stockfish's `perpetualCheckIllegal` (Xiangqi), as its 11.1
//! applies it when a repetition ends the game (`Position::is_optional_game_end`): when the
//! position occurs for the n-th time, the side that was in check at each of its turns since
//! the first of those occurrences wins (its opponent checked perpetually), else the side that
//! gave check at each of its moves loses; otherwise the repetition is the draw it always was.
//!
//! Fairy-Stockfish 11.1 has no chasing rule (`chasingRule` came later), and neither has
//! Myriad: a perpetual chase without check is a draw by repetition.

use crate::position::AnyPosition;
use crate::types::Color;
use crate::variant::Variant;

use super::Ply;

/// The winner by the perpetual-check rule of a repetition whose earlier occurrence lies
/// `back` plies before `pos` (reached through `history`), or `None` if neither side checked
/// throughout.
pub(super) fn winner(
    v: &Variant,
    pos: &AnyPosition,
    history: &[Ply],
    back: usize,
) -> Option<Color> {
    let at = |k: usize| -> &AnyPosition {
        if k == 0 {
            pos
        } else {
            &history[history.len() - k].before
        }
    };
    let stm = pos.turn();
    // the side to move was in check at each of its turns: the other side checked perpetually
    if (0..=back).step_by(2).all(|k| at(k).is_check(v)) {
        return Some(stm);
    }
    // the side to move gave check at each of its moves
    if (1..back).step_by(2).all(|k| at(k).is_check(v)) {
        return Some(!stm);
    }
    None
}
