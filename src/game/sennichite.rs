//! Shogi's repetition rule (sennichite) and its perpetual-check rule, as Fairy-Stockfish 11.1
//! decides them (`Position::is_optional_game_end`, n-fold repetition with
//! `perpetualCheckIllegal` and `nFoldValueAbsolute`): the position that occurs for the n-th
//! time ends the game; if the side to move was in check in every position with it to move
//! since the first of those occurrences, the other side checked perpetually and loses; if the
//! other side was in check in every position between, the side to move loses; otherwise the
//! game is drawn, or won by the side `repetition ... winner` names (Minishogi: Black).
//!
//! With drops it looks at the whole game, not only since the last capture: with captures to
//! hand a capture is no longer irreversible, and Fairy-Stockfish counts from the start of the
//! game (`pliesFromNull`) too; without drops, since the last irreversible move
//! (`min(rule50, pliesFromNull)`), as for Xiangqi. A win by the perpetual-check rule is
//! reported as [`EndRule::PerpetualCheck`]; Fairy-Stockfish 11.1 has no chasing rule
//! (`chasingRule` came later), and neither has Myriad.

use super::{Outcome, Ply, Reason};
use crate::position::{AnyPosition, EndRule};
use crate::variant::Variant;

/// Does the end block ask for this rule rather than the plain repetition draw?
pub(crate) fn applies(v: &Variant) -> bool {
    v.end().perpetual_check || v.end().repetition_winner.is_some()
}

/// The result by repetition at `pos`, reached through `history`, if the n-th occurrence is
/// reached now.
pub(crate) fn decide(v: &Variant, pos: &AnyPosition, history: &[Ply], n: u8) -> Option<Outcome> {
    // positions of the game, oldest first; the last is the current one
    let at = |k: usize| {
        if k == history.len() {
            pos
        } else {
            &history[k].before
        }
    };
    let last = history.len();
    if last < 4 {
        return None;
    }
    let check = |k: usize| at(k).is_check(v);
    let h = pos.hash();
    let perpetual = v.end().perpetual_check;
    // the side to move is in check now and at every earlier turn of its own: the other side
    // checks perpetually ("them"); the other side in check at all its turns: "us"
    let mut them = perpetual && check(last) && check(last - 2);
    let mut us = perpetual && check(last - 1) && check(last - 3);
    let mut count = 0;
    let end = if v.has_drops {
        last
    } else {
        last.min(pos.halfmove_clock() as usize)
    };
    let mut i = 4;
    while i <= end {
        let k = last - i;
        them &= !perpetual || check(k);
        if !history[k].mv.is_setup() && at(k).hash() == h {
            count += 1;
            if count + 1 == n as usize {
                let turn = pos.turn();
                let (winner, reason) = if them {
                    (Some(turn), Reason::Rule(EndRule::PerpetualCheck))
                } else if us {
                    (Some(!turn), Reason::Rule(EndRule::PerpetualCheck))
                } else {
                    (v.end().repetition_winner, Reason::Repetition { times: n })
                };
                return Some(Outcome { winner, reason });
            }
        }
        if i < end {
            us &= !perpetual || check(k - 1);
        }
        i += 2;
    }
    None
}
