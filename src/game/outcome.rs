//! How a game ends: the result, its reason, and the rules that decide it (mate, stalemate, the
//! repetition and move-count draws with the counts the rules file sets, insufficient material).

use crate::position::AnyPosition;
use crate::types::{Color, Piece, Square};
use crate::variant::Variant;

use super::Ply;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// The same position occurred for the `times`-th time (3 in chess).
    Repetition {
        /// The count the rules file sets (`repetition 3`).
        times: u8,
    },
    /// No capture or pawn move for `moves` moves by each side (50 in chess).
    MoveRule {
        /// The count the rules file sets (`move-rule 50`).
        moves: u16,
    },
    /// Neither side can checkmate.
    InsufficientMaterial,
}

impl Reason {
    /// Words for a result line: "checkmate", "threefold repetition", "the 50-move rule", ...
    /// with the counts the rules file sets ("fivefold repetition", "the 75-move rule").
    pub fn describe(self) -> String {
        match self {
            Reason::Checkmate => "checkmate".into(),
            Reason::Stalemate => "stalemate".into(),
            Reason::Repetition { times } => format!("{} repetition", fold(times)),
            Reason::MoveRule { moves } => format!("the {moves}-move rule"),
            Reason::InsufficientMaterial => "insufficient material".into(),
        }
    }
}

/// "threefold", "fivefold", ...: English has words up to ten; past that, digits ("12-fold").
fn fold(n: u8) -> String {
    const WORDS: [&str; 11] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    match WORDS.get(n as usize) {
        Some(w) if n >= 2 => format!("{w}fold"),
        _ => format!("{n}-fold"),
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: Reason,
}

impl Outcome {
    /// PGN result: `1-0`, `0-1` or `1/2-1/2`.
    pub fn pgn_result(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.winner {
            Some(c) => write!(f, "{} wins by {}", c, self.reason.describe()),
            None => write!(f, "draw by {}", self.reason.describe()),
        }
    }
}

/// The result of the game proper at `pos`, reached through `history`, or `None` while it goes
/// on: no legal move first (mate or stalemate), then repetition, the move rule, material.
pub(crate) fn decide(v: &Variant, pos: &AnyPosition, history: &[Ply]) -> Option<Outcome> {
    let draw = |reason| {
        Some(Outcome {
            winner: None,
            reason,
        })
    };
    if pos.legal_moves(v).is_empty() {
        let loser = pos.turn();
        return if pos.is_check(v) {
            Some(Outcome {
                winner: Some(!loser),
                reason: Reason::Checkmate,
            })
        } else if v.end().stalemate_draw {
            draw(Reason::Stalemate)
        } else {
            Some(Outcome {
                winner: Some(!loser),
                reason: Reason::Stalemate,
            })
        };
    }
    if let Some(times) = v.end().repetition {
        let h = pos.hash();
        let mut count = 1;
        // Only positions since the last irreversible move can repeat.
        let clock = pos.halfmove_clock() as usize;
        for ply in history.iter().rev().take(clock) {
            if !ply.mv.is_setup() && ply.before.hash() == h {
                count += 1;
            }
        }
        if count >= times as usize {
            return draw(Reason::Repetition { times });
        }
    }
    if let Some(moves) = v.end().move_rule {
        if pos.halfmove_clock() as u32 >= 2 * moves as u32 {
            return draw(Reason::MoveRule { moves });
        }
    }
    if v.end().insufficient_material && insufficient_material(v, pos) {
        return draw(Reason::InsufficientMaterial);
    }
    None
}

/// Can neither side possibly checkmate? The rule of python-chess, generalized: a side lacks
/// mating material when it has no pawn and no major piece (one that rides and is not
/// colour-bound) and either (a) nothing but its royal piece, (b) a single non-colour-bound
/// leaper (a knight) while the opponent has no minor pieces or pawns, or (c) only colour-bound
/// pieces, all of the board's colour-bound pieces standing on one square colour and no other
/// minor piece or pawn on the board.
pub fn insufficient_material(v: &Variant, pos: &AnyPosition) -> bool {
    let g = v.geometry();
    let pieces: Vec<(Square, Piece)> = pos
        .pieces_on_board()
        .into_iter()
        .filter(|(_, p)| p.role != v.royal)
        .collect();
    let colour_bound = |p: &Piece| v.role(p.role).atoms.iter().all(|a| (a.dx + a.dy) % 2 == 0);
    let pawnish = |p: &Piece| v.role(p.role).pawn || v.role(p.role).promotion.is_some();
    let major = |p: &Piece| {
        !pawnish(p) && !colour_bound(p) && v.role(p.role).atoms.iter().any(|a| a.is_rider())
    };
    let minor = |p: &Piece| !pawnish(p) && !major(p);
    if pieces.iter().any(|(_, p)| pawnish(p) || major(p)) {
        return false;
    }
    let bound_on_one_colour = {
        let bound: Vec<_> = pieces.iter().filter(|(_, p)| colour_bound(p)).collect();
        let lights = bound.iter().filter(|(s, _)| g.is_light(*s)).count();
        lights == 0 || lights == bound.len()
    };
    let side_insufficient = |c: Color| {
        let mine: Vec<&Piece> = pieces
            .iter()
            .filter(|(_, p)| p.color == c)
            .map(|(_, p)| p)
            .collect();
        let theirs_minor = pieces.iter().any(|(_, p)| p.color != c && minor(p));
        if mine.is_empty() {
            return true;
        }
        if mine.iter().any(|p| !colour_bound(p)) {
            return mine.len() == 1 && !theirs_minor;
        }
        bound_on_one_colour && pieces.iter().all(|(_, p)| colour_bound(p))
    };
    side_insufficient(Color::White) && side_insufficient(Color::Black)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reason_says_the_counts_the_rules_file_sets() {
        let said = |reason| {
            Outcome {
                winner: None,
                reason,
            }
            .to_string()
        };
        assert_eq!(
            said(Reason::Repetition { times: 3 }),
            "draw by threefold repetition"
        );
        assert_eq!(
            said(Reason::MoveRule { moves: 50 }),
            "draw by the 50-move rule"
        );
        assert_eq!(
            said(Reason::Repetition { times: 5 }),
            "draw by fivefold repetition"
        );
        assert_eq!(
            said(Reason::Repetition { times: 12 }),
            "draw by 12-fold repetition"
        );
        assert_eq!(
            said(Reason::MoveRule { moves: 75 }),
            "draw by the 75-move rule"
        );
    }

    #[test]
    fn a_rules_file_with_other_counts_ends_games_with_those_counts() {
        let text = r#"
extends "chess"
name "Counts test"
end {
  stalemate draw
  repetition 5
  move-rule 75
  insufficient-material
}
"#;
        let v = crate::rules::compile_source(text, "counts.rules").unwrap();
        let mut g = super::super::Game::from_fen(v, "k7/8/8/8/8/8/8/K6R w - - 149 100").unwrap();
        let m = g.parse_move("Rh2").unwrap();
        g.play(m).unwrap();
        assert_eq!(
            g.outcome().map(|o| o.reason),
            Some(Reason::MoveRule { moves: 75 })
        );
        assert_eq!(g.outcome().unwrap().to_string(), "draw by the 75-move rule");
    }
}
