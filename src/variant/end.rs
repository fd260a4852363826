//! How a game ends: the rules of the `end { ... }` block, as compiled.

use super::Goals;
use crate::types::{Color, Role};

/// How the game ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndRules {
    /// Stalemate is a draw (`true`) or a loss for the side that cannot move (`false`).
    pub stalemate_draw: bool,
    /// Draw on the n-th occurrence of a position (3 in chess); `None` turns it off.
    pub repetition: Option<u8>,
    /// Draw after this many moves by each side without a capture or pawn move (50 in chess).
    pub move_rule: Option<u16>,
    /// Draw when neither side can possibly checkmate.
    pub insufficient_material: bool,
    /// Stalemate wins for the side that cannot move (Antichess); takes effect when
    /// `stalemate_draw` is `false`.
    pub stalemate_win: bool,
    /// Stalemate is won by the side with fewer pieces, drawn when both have as many (Suicide,
    /// Fairy-Stockfish's `stalematePieceCount`); takes effect when `stalemate_draw` is `false`.
    pub stalemate_fewer_pieces: bool,
    /// Extinction and bare-king rules ([`Extinction`]).
    pub extinction: Option<Extinction>,
    /// A side that can capture must capture (Antichess, Giveaway).
    pub captures_obligatory: bool,
    /// Checkmate wins for the side that is mated (Losers).
    pub checkmate_win: bool,
    /// Makruk's counting draws (`counting { ... }`), if the game has them.
    pub counting: Option<CountingRules>,
    /// Goals other than mate: a region to reach, checks to give, checks forbidden.
    pub goals: Goals,
    /// `repetition 4 perpetual-check`: a repetition in which one side gave check at every
    /// move loses for that side (Shogi, Xiangqi; Fairy-Stockfish's `perpetualCheckIllegal`).
    pub perpetual_check: bool,
    /// `repetition 4 winner black`: the repetition is won by this side instead of drawn
    /// (Minishogi's sennichite loses for White; Fairy-Stockfish's `nFoldValueAbsolute`).
    pub repetition_winner: Option<Color>,
}

/// An extinction rule, Fairy-Stockfish's `extinctionValue`, `extinctionPieceTypes`,
/// `extinctionPieceCount`, `extinctionOpponentPieceCount` and `extinctionClaim`: a side that
/// has at most `count` pieces of one of the kinds (or in all) while the other has at least
/// `opponent_count` of them has lost (or won, `extinct_wins`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extinction {
    /// The kinds counted one by one; `None`: all of a side's pieces together.
    pub kinds: Option<Vec<Role>>,
    /// At most this many left ends the game (0: none left; 1: a bare king).
    pub count: u8,
    /// ... provided the other side has at least this many.
    pub opponent_count: u8,
    /// The side to move is not yet extinct while it can still reduce the other side in
    /// return (the bare king's last chance): it needs one more opposing piece.
    pub claim: bool,
    /// The extinct side wins (Antichess: the side without pieces wins).
    pub extinct_wins: bool,
}

/// Makruk's counting rules, as Fairy-Stockfish 11.1 applies them (`MAKRUK_COUNTING`). While no
/// pawn is on the board and neither side is bare, a side with a lone king counts by the
/// opponent's pieces (the first `pieces` entry that the opponent has, "pieces' honour"), a side
/// with more counts `board` moves ("board's honour"); the game is drawn once the count passes
/// the limit. Limits are in moves (each side's), as the rules file writes them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountingRules {
    /// The board's honour limit, in moves (0: none).
    pub board: u16,
    /// The pieces' honour limits: the kinds the opponent has at least (a kind listed twice:
    /// at least two) and the limit in moves; the first that matches counts.
    pub pieces: Vec<(Vec<Role>, u16)>,
}

impl Default for EndRules {
    fn default() -> Self {
        EndRules {
            stalemate_draw: true,
            repetition: Some(3),
            move_rule: Some(50),
            insufficient_material: true,
            counting: None,
            goals: Goals::default(),
            stalemate_win: false,
            stalemate_fewer_pieces: false,
            extinction: None,
            captures_obligatory: false,
            checkmate_win: false,
            perpetual_check: false,
            repetition_winner: None,
        }
    }
}
