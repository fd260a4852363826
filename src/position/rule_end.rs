//! Ends decided by a rule of the rules file at a position, rather than by the side to move
//! having no legal move: a piece reaching its region (King of the Hill, Racing Kings), the
//! n-th check (Three-check), the extinction of a kind or a bare king (antichess, Shatranj),
//! a counting limit (Makruk).
//!
//! One function, [`Position::rule_end`], answers "is the game over here, and who won?" for
//! every such rule; move generation ([`Position::gen_legal`]) yields no move once it says so
//! (as Fairy-Stockfish does, so perft agrees), the game's result ([`crate::game::Outcome`])
//! and the search's terminal scores read it. Each family adds its test here and nowhere else.

use super::Position;
use crate::types::Color;
use crate::variant::{TablesFor, Variant};

/// The rule of the rules file that ended a game, other than mate and stalemate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndRule {
    /// A piece reached the region the rules file names (King of the Hill, Racing Kings).
    Region {
        /// The piece is the royal one (the king), not another kind.
        king: bool,
        /// Both sides reached their regions (Racing Kings' draw, when Black's answer arrives
        /// too).
        both: bool,
    },
    /// A side gave its n-th check (Three-check: n = 3).
    Checks {
        /// The count the rules file sets.
        n: u8,
    },
    /// A side lost every piece of the kinds the rules file names, or all of its pieces.
    Extinction,
    /// A side was left with its king alone (Shatranj, Courier).
    BareKing,
    /// The counting rule's limit was reached (Makruk).
    Counting,
    /// A repetition reached by checking at every move: the checking side loses
    /// (`repetition 3 perpetual-check`, Xiangqi; Shogi's sennichite).
    PerpetualCheck,
}

impl EndRule {
    /// Words for a result line ("the king reached the hill", "the third check", ...).
    pub fn describe(self) -> String {
        match self {
            EndRule::Region { king, both } => {
                let who = match (king, both) {
                    (true, false) => "the king",
                    (true, true) => "both kings",
                    (false, false) => "a piece",
                    (false, true) => "both sides",
                };
                format!("{who} reaching the goal squares")
            }
            EndRule::Checks { n } => format!("giving check {n} times"),
            EndRule::Extinction => "extinction".into(),
            EndRule::BareKing => "bare king".into(),
            EndRule::Counting => "the counting rule".into(),
            EndRule::PerpetualCheck => "perpetual check".into(),
        }
    }
}

/// A game over by a rule: the winner (`None`: a draw) and the rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RuleEnd {
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// The rule that decided it.
    pub rule: EndRule,
}

impl<B: TablesFor> Position<B> {
    /// Is the game over at this position by a rule of the rules file (not mate or stalemate),
    /// and who won? `None` at once in variants without such rules
    /// ([`Variant::has_rule_ends`]), so orthodox games pay one test.
    #[inline]
    pub fn rule_end(&self, v: &Variant) -> Option<RuleEnd> {
        if !v.has_rule_ends {
            return None;
        }
        if let Some(end) = self.goal_end(v) {
            return Some(end);
        }
        if let Some(x) = &v.end().extinction {
            if let Some(end) = self.extinction_end(x) {
                return Some(end);
            }
        }
        None
    }
}
