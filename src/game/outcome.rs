//! How a game ends: the result, its reason, and the rules that decide it (mate, stalemate, the
//! repetition and move-count draws with the counts the rules file sets, insufficient material),
//! and the results that are not reached on the board (resignation, a draw by agreement, a flag
//! fall: see `ending.rs`), with the mating-material rule a flag fall needs ([`can_mate`]).

use crate::position::{AnyPosition, EndRule};
use crate::types::{Color, Piece, Square};
use crate::variant::Variant;

use super::Ply;

// Shogi's repetition rule, in a file of its own beside this one
#[path = "sennichite.rs"]
mod sennichite;

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
    /// A rule of the rules file other than mate and stalemate (a region reached, the n-th
    /// check, extinction, ...).
    Rule(EndRule),
    /// The loser resigned.
    Resignation,
    /// The players agreed to a draw.
    Agreement,
    /// `flagged` ran out of time: a loss, or a draw when the other side cannot mate
    /// (see [`can_mate`]).
    TimeForfeit {
        /// The side whose time ran out.
        flagged: Color,
    },
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
            Reason::Rule(rule) => rule.describe(),
            Reason::Resignation => "resignation".into(),
            Reason::Agreement => "agreement".into(),
            Reason::TimeForfeit { .. } => "time forfeit".into(),
        }
    }

    /// Was the game decided on the board (mate, a draw by rule) rather than by the players or
    /// the clock?
    pub fn on_board(self) -> bool {
        !matches!(
            self,
            Reason::Resignation | Reason::Agreement | Reason::TimeForfeit { .. }
        )
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

    /// The PGN `Termination` tag, as the PGN standard and lichess write it: `time forfeit`
    /// when a clock decided the game, `normal` for every other end (mate, a draw by rule,
    /// resignation, agreement).
    pub fn termination(&self) -> &'static str {
        match self.reason {
            Reason::TimeForfeit { .. } => "time forfeit",
            _ => "normal",
        }
    }
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.winner, self.reason) {
            (Some(c), Reason::TimeForfeit { .. }) => write!(f, "{c} wins on time"),
            (None, Reason::TimeForfeit { flagged }) => write!(
                f,
                "draw: {flagged}'s time ran out, and {} cannot mate",
                !flagged
            ),
            (Some(c), reason) => write!(f, "{} wins by {}", c, reason.describe()),
            (None, reason) => write!(f, "draw by {}", reason.describe()),
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
    if let Some(end) = pos.rule_end(v) {
        return Some(Outcome {
            winner: end.winner,
            reason: Reason::Rule(end.rule),
        });
    }
    if pos.legal_moves(v).is_empty() {
        let loser = pos.turn();
        return if pos.is_check(v) {
            // `checkmate win`: the side that is mated wins (Losers); `drop-mate loss`: a mate
            // by dropping a pawn loses for the dropper (Shogi, as Fairy-Stockfish 11.1)
            let by_drop = history
                .last()
                .is_some_and(|p| crate::position::drop_mate_loses(v, p.mv));
            let winner = if v.end().checkmate_win != by_drop {
                loser
            } else {
                !loser
            };
            Some(Outcome {
                winner: Some(winner),
                reason: Reason::Checkmate,
            })
        } else if v.end().stalemate_draw {
            draw(Reason::Stalemate)
        } else if v.end().stalemate_fewer_pieces {
            // Suicide: the side with fewer pieces wins, as many draw
            let n = |c| {
                let mine = |s| pos.piece_at(s).is_some_and(|p: Piece| p.color == c);
                v.geometry().squares().filter(|&s| mine(s)).count()
            };
            match n(loser).cmp(&n(!loser)) {
                std::cmp::Ordering::Equal => draw(Reason::Stalemate),
                o => Some(Outcome {
                    winner: Some(if o.is_lt() { loser } else { !loser }),
                    reason: Reason::Stalemate,
                }),
            }
        } else {
            // `stalemate win`: the side that cannot move wins (Antichess)
            let winner = if v.end().stalemate_win { loser } else { !loser };
            Some(Outcome {
                winner: Some(winner),
                reason: Reason::Stalemate,
            })
        };
    }
    if let Some(times) = v.end().repetition.filter(|_| sennichite::applies(v)) {
        if let Some(o) = sennichite::decide(v, pos, history, times) {
            return Some(o);
        }
    } else if let Some(times) = v.end().repetition {
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
    // Makruk's count: like the move rule, after mate and stalemate (Fairy-Stockfish 11.1)
    if v.has_counting && pos.counting_over() {
        return Some(Outcome {
            winner: None,
            reason: Reason::Rule(EndRule::Counting),
        });
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
    // a piece in hand may still enter the game (Pocket Knight's knight): never dead then
    if v.has_drops && Color::ALL.iter().any(|&c| pos.has_hand(c)) {
        return false;
    }
    if !royal_moves_as_king(v) {
        // the rule is chess's; against another royal piece (Knightmate's royal knight is mated
        // by a lone commoner, or a bishop beside its own royal) only bare royals are dead
        return pos
            .pieces_on_board()
            .into_iter()
            .all(|(_, p)| v.role(p.role).royal);
    }
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

/// Does the royal piece move as a king: one step in each of the eight directions, moving and
/// capturing alike, and nothing else? The mating-material rules here are chess's and need it.
fn royal_moves_as_king(v: &Variant) -> bool {
    let atoms = &v.role(v.royal).atoms;
    let step = |a: &crate::variant::betza::Atom| a.range == 1 && a.dx.abs() <= 1 && a.dy.abs() <= 1;
    let all_ways = (-1..=1i8)
        .flat_map(|dx| (-1..=1i8).map(move |dy| (dx, dy)))
        .filter(|&d| d != (0, 0))
        .all(|(dx, dy)| {
            atoms
                .iter()
                .any(|a| (a.dx, a.dy) == (dx, dy) && a.mode.quiet && a.mode.capture && !a.initial)
        });
    all_ways && atoms.iter().all(step)
}

/// Can `side` still checkmate with the pieces it has, if the game went on? A flag fall is a
/// draw rather than a loss when the side on time cannot (FIDE 6.9, lichess). Decided from the
/// compiled piece definitions, never from letters, as lichess decides it for chess,
/// generalised:
///
/// - a pawn-like piece (it may promote) or a *major* piece (one that rides and is not
///   colour-bound: a rook, a queen, an archbishop, a chancellor) can mate, and so can a
///   leaper with more than one kind of leap (a commoner, a wazir-knight): the side can mate;
/// - a side with nothing but its royal pieces cannot;
/// - a side whose only other piece is one *minor leaper* (a knight, a wazir: one kind of leap,
///   not colour-bound) cannot when the opponent has nothing but royal pieces (with an enemy
///   piece to block its own king's flight, a knight can mate);
/// - a side whose other pieces are all colour-bound (bishops, ferzes, camels) on one square
///   colour cannot when the opponent has no pawn-like piece, no minor leaper, and no
///   colour-bound piece on the other square colour (any of which could block a flight square
///   the bishops do not reach).
///
/// Anything else counts as able to mate, so a doubtful case goes to the side on time. A side
/// whose piece wins by reaching a region (King of the Hill, Racing Kings) can always win.
pub fn can_mate(v: &Variant, pos: &AnyPosition, side: Color) -> bool {
    if v.end().goals.region(side).is_some() {
        return true;
    }
    if !royal_moves_as_king(v) {
        // as in `insufficient_material`: chess's reasoning needs a king-like royal piece
        return pos
            .pieces_on_board()
            .into_iter()
            .any(|(_, p)| p.color == side && !v.role(p.role).royal);
    }
    let g = v.geometry();
    let pieces: Vec<(Square, Piece)> = pos
        .pieces_on_board()
        .into_iter()
        .filter(|(_, p)| !v.role(p.role).royal)
        .collect();
    let def = |p: &Piece| v.role(p.role);
    let colour_bound = |p: &Piece| def(p).atoms.iter().all(|a| (a.dx + a.dy) % 2 == 0);
    let pawnish = |p: &Piece| def(p).pawn || def(p).promotion.is_some();
    let minor_leaper = |p: &Piece| {
        let atoms = &def(p).atoms;
        let mut leaps: Vec<(i8, i8)> = atoms
            .iter()
            .map(|a| {
                let (x, y) = (a.dx.abs(), a.dy.abs());
                (x.min(y), x.max(y))
            })
            .collect();
        leaps.sort();
        leaps.dedup();
        !pawnish(p) && !colour_bound(p) && atoms.iter().all(|a| !a.is_rider()) && leaps.len() == 1
    };
    let mine: Vec<&(Square, Piece)> = pieces.iter().filter(|(_, p)| p.color == side).collect();
    let theirs: Vec<&(Square, Piece)> = pieces.iter().filter(|(_, p)| p.color != side).collect();
    if mine.is_empty() {
        return false;
    }
    if let [(_, p)] = mine.as_slice() {
        if minor_leaper(p) {
            return !theirs.is_empty();
        }
    }
    if mine.iter().all(|(_, p)| colour_bound(p) && !pawnish(p)) {
        let light = g.is_light(mine[0].0);
        let one_colour = mine.iter().all(|(s, _)| g.is_light(*s) == light);
        let blockers = theirs.iter().any(|(s, p)| {
            pawnish(p) || minor_leaper(p) || (colour_bound(p) && g.is_light(*s) != light)
        });
        return !one_colour || blockers;
    }
    true
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
