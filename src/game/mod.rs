//! A game in progress: the setup phase and the game proper as one sequence of moves, with
//! history, undo/redo and the result.
//!
//! Setup steps (`swap e8 g8`, `pass`) are ordinary [`Move`]s: the same [`Game::legal_moves`],
//! [`Game::play`] and [`Game::undo`] serve both phases, so the command line, the GUI, PGN and
//! the AI need no special case. The phase machine is data-driven: after each move, one place
//! (`Game::advance_phase`) decides whose turn it is and when the setup phase ends.

pub mod clock;
mod drops;
mod ending;
mod goals;
mod outcome;
pub mod pgn;
pub mod placement;
mod replay;
pub mod save;
pub mod setup;

pub use clock::{Clock, TimeControl};
pub use outcome::{can_mate, insufficient_material, Outcome, Reason};
pub use replay::Misfit;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::position::{AnyPosition, FenError, MoveError};
use crate::types::{Color, Move, MoveKind};
use crate::variant::Variant;

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// In the setup phase, at step `step` (an index into the variant's setup steps).
    Setup {
        /// Index of the current step.
        step: usize,
    },
    /// The game proper.
    Play,
}

/// Why a setup step plays itself (see [`Game::forced_move`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ForcedReason {
    /// A `mirror` step: the side repeats the opponent's swap (Placement Chess).
    Mirror,
    /// A swap step with exactly one legal choice: every other choice (declining included)
    /// would leave the setup phase unable to end with every `require` met.
    OnlyChoice,
}

impl ForcedReason {
    /// Words for a banner or a terminal line: "mirrors Black's swap", ...
    pub fn describe(self, side: Color) -> String {
        match self {
            ForcedReason::Mirror => format!("{side} mirrors {}'s swap", !side),
            ForcedReason::OnlyChoice => format!(
                "{side} has one legal setup move: any other would leave the setup phase unable to end with every `require` met"
            ),
        }
    }
}

/// A setup step that has exactly one legal move, which every front end plays by itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Forced {
    /// The move.
    pub mv: Move,
    /// Why it is forced.
    pub reason: ForcedReason,
}

/// One move of the history, with what is needed to show and undo it.
#[derive(Clone, Debug)]
pub struct Ply {
    /// The move.
    pub mv: Move,
    /// Its SAN (`Nf3`, `O-O`, `swap e8 g8`, `pass`).
    pub san: String,
    /// The position before it.
    pub before: AnyPosition,
    /// The phase before it.
    pub phase_before: Phase,
}

/// A game of a variant: the current position, its phase and its history.
#[derive(Clone, Debug)]
pub struct Game {
    variant: Arc<Variant>,
    initial: AnyPosition,
    initial_phase: Phase,
    pos: AnyPosition,
    phase: Phase,
    history: Vec<Ply>,
    redo: Vec<Move>,
    outcome: Option<Outcome>,
    from_fen: bool,
}

impl Game {
    /// A new game from the variant's starting array. With a setup phase the game starts in
    /// it (Black acts first in the relocation variants); a randomized setup phase is skipped
    /// and each side's array is drawn at random (see [`setup::random_start`]).
    pub fn new(variant: Arc<Variant>) -> Game {
        Self::new_seeded(variant, setup::entropy_seed())
    }

    /// Like [`Game::new`], with a fixed seed for randomized variants (reproducible).
    pub fn new_seeded(variant: Arc<Variant>, seed: u64) -> Game {
        let random = variant.is_random_setup();
        if random {
            let pos = setup::random_start(&variant, seed);
            Self::starting(variant, pos, Phase::Play, false)
        } else {
            Self::new_with_setup(variant)
        }
    }

    /// A game that starts at `pos` in `phase`: the one constructor the others call.
    fn starting(variant: Arc<Variant>, pos: AnyPosition, phase: Phase, from_fen: bool) -> Game {
        let mut g = Game {
            variant,
            initial: pos,
            initial_phase: phase,
            pos,
            phase,
            history: Vec::new(),
            redo: Vec::new(),
            outcome: None,
            from_fen,
        };
        g.update_outcome();
        g
    }

    /// A new game that starts in the setup phase whenever the variant has setup steps, even
    /// a randomized one (Chess64, Chess484), whose steps are then played by hand: used to
    /// explore the setup phase ([`setup::explore`]) and to replay recorded setup steps
    /// ([`pgn::import`]). A shuffle phase (Chess960) has no steps: the game starts from the
    /// variant's own array.
    pub fn new_with_setup(variant: Arc<Variant>) -> Game {
        let mut pos = AnyPosition::start(&variant);
        let mut phase = Phase::Play;
        if let Some(s) = variant.setup() {
            if let Some(pl) = &s.placement {
                phase = Phase::Setup { step: 0 };
                pos.set_turn(pl.first);
            } else if s.shuffle.is_none() && !s.steps.is_empty() {
                phase = Phase::Setup { step: 0 };
                pos.set_turn(s.steps[0].side);
            }
        }
        Self::starting(variant, pos, phase, false)
    }

    /// The game as PGN (see [`pgn::export`]): `tags` fill the seven-tag roster and add others.
    pub fn to_pgn(&self, tags: &[(&str, &str)]) -> String {
        pgn::export(self, tags)
    }

    /// Reads the first game of a PGN text (see [`pgn::import`]).
    pub fn from_pgn(variant: &Arc<Variant>, text: &str) -> Result<Game, pgn::PgnError> {
        pgn::import(variant, text)
    }

    /// A game starting from a FEN: the game proper, or the placement resumed where the FEN
    /// stands when it has pieces in hand (Pre-Chess).
    pub fn from_fen(variant: Arc<Variant>, fen: &str) -> Result<Game, FenError> {
        let pos = AnyPosition::from_fen(&variant, fen)?;
        Ok(Self::from_position(variant, pos))
    }

    /// A game starting from a given position: the game proper (no setup phase), or the
    /// placement resumed when the position has pieces in hand (Pre-Chess).
    pub fn from_position(variant: Arc<Variant>, mut pos: AnyPosition) -> Game {
        if placement::placing(&variant, &pos) {
            placement::next_turn(&mut pos);
            return Self::starting(variant, pos, Phase::Setup { step: 0 }, true);
        }
        Self::starting(variant, pos, Phase::Play, true)
    }

    /// The variant being played.
    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    /// The current position.
    pub fn position(&self) -> &AnyPosition {
        &self.pos
    }

    /// The position the game started from (before any setup step).
    pub fn initial_position(&self) -> &AnyPosition {
        &self.initial
    }

    /// The phase the game started in.
    pub fn initial_phase(&self) -> Phase {
        self.initial_phase
    }

    /// Did the game start from a FEN (rather than the variant's own start)?
    pub fn started_from_fen(&self) -> bool {
        self.from_fen
    }

    /// The current phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Is the game in its setup phase?
    pub fn in_setup(&self) -> bool {
        matches!(self.phase, Phase::Setup { .. })
    }

    /// Are pieces being placed from the hands (Pre-Chess)?
    pub fn placing(&self) -> bool {
        self.in_setup() && placement::placing(&self.variant, &self.pos)
    }

    /// Side to move (or to act in the setup phase).
    pub fn turn(&self) -> Color {
        self.pos.turn()
    }

    /// The moves played so far, setup steps first.
    pub fn history(&self) -> &[Ply] {
        &self.history
    }

    /// The moves only.
    pub fn moves(&self) -> Vec<Move> {
        self.history.iter().map(|p| p.mv).collect()
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Is the side to move in check?
    pub fn is_check(&self) -> bool {
        !self.in_setup() && self.pos.is_check(&self.variant)
    }

    /// The FEN of the current position (Shredder castling letters where not standard).
    pub fn fen(&self) -> String {
        self.pos.fen(&self.variant)
    }

    /// A sentence describing the current setup step, e.g. "Black: relocate the king, or keep
    /// it", or `None` in the game proper.
    pub fn setup_prompt(&self) -> Option<String> {
        match self.phase {
            Phase::Setup { .. } if self.placing() => {
                Some(placement::describe(&self.variant, &self.pos))
            }
            Phase::Setup { step } => Some(setup::describe_step(&self.variant, step)),
            Phase::Play => None,
        }
    }

    /// Why Keep (declining the current setup step) is not offered although the step may be
    /// declined, in words for a banner; `None` when it is offered or cannot be.
    pub fn pass_refused(&self) -> Option<String> {
        match self.phase {
            Phase::Setup { .. } if self.placing() => None,
            Phase::Setup { step } if self.outcome.is_none() => {
                setup::pass_refused(&self.variant, &self.pos, step, &self.setup_moves())
            }
            _ => None,
        }
    }

    /// The move the game makes by itself now, if any: a setup step that allows exactly one
    /// legal move (a `mirror` step, or a swap step whose other choices would leave the setup
    /// phase stuck). A lone legal reply in the game proper is never forced: the player makes it.
    /// The GUI, `myriad play`, UCI and the AI all use this one notion.
    pub fn forced_move(&self) -> Option<Forced> {
        let Phase::Setup { step } = self.phase else {
            return None;
        };
        if self.placing() {
            // a lone legal placement is the player's, like a lone legal reply
            return None;
        }
        let legal = self.legal_moves();
        let [mv] = legal.as_slice() else {
            return None;
        };
        let mirror = self
            .variant
            .setup_step(step)
            .is_some_and(|s| s.action == crate::variant::StepAction::Mirror);
        Some(Forced {
            mv: *mv,
            reason: if mirror {
                ForcedReason::Mirror
            } else {
                ForcedReason::OnlyChoice
            },
        })
    }

    /// Every legal move: setup swaps and passes during the setup phase, chess moves after;
    /// none once the game is over.
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        match self.phase {
            Phase::Setup { .. } if self.placing() => {
                placement::legal_drops(&self.variant, &self.pos)
            }
            Phase::Setup { step } => {
                setup::legal_moves(&self.variant, &self.pos, step, &self.setup_moves())
            }
            Phase::Play => self.pos.legal_moves(&self.variant).as_slice().to_vec(),
        }
    }

    /// The setup moves played so far.
    pub fn setup_moves(&self) -> Vec<Move> {
        self.history
            .iter()
            .filter(|p| p.mv.is_setup())
            .map(|p| p.mv)
            .collect()
    }

    /// Is `m` legal now?
    pub fn is_legal(&self, m: Move) -> bool {
        self.legal_moves().contains(&m)
    }

    /// Plays a legal move; an illegal one is refused with a reason and changes nothing.
    pub fn play(&mut self, m: Move) -> Result<(), MoveError> {
        if let Some(o) = self.outcome {
            return Err(MoveError {
                message: format!("the game is over: {o}"),
                help: Some("undo a move or start a new game".into()),
            });
        }
        if !self.is_legal(m) {
            return Err(MoveError {
                message: format!("`{}` is not legal here", self.describe_move(m)),
                help: None,
            });
        }
        let redo = std::mem::take(&mut self.redo);
        self.play_unchecked(m);
        // keep the redo line if this move is its next move
        if redo.last() == Some(&m) {
            self.redo = redo;
            self.redo.pop();
        }
        Ok(())
    }

    fn play_unchecked(&mut self, m: Move) {
        let san = self.san(m);
        self.history.push(Ply {
            mv: m,
            san,
            before: self.pos,
            phase_before: self.phase,
        });
        self.pos.play(&self.variant, m);
        self.advance_phase();
        self.update_outcome();
    }

    /// The one place where the phase moves on: after a setup step, the next step's side acts;
    /// after the last, castling rights are derived from the final arrays (curtailed castling
    /// applied) and White makes move 1.
    fn advance_phase(&mut self) {
        let Phase::Setup { step } = self.phase else {
            return;
        };
        if self.variant.placement().is_some() {
            // Pre-Chess: the phase lasts while pieces are in hand; the position as placed
            // (castling rights and clocks as the drops left them) starts the game proper.
            if placement::next_turn(&mut self.pos) {
                self.phase = Phase::Play;
            }
            return;
        }
        let steps = self.variant.setup().map(|s| s.steps.len()).unwrap_or(0);
        let next = step + 1;
        if next < steps {
            self.phase = Phase::Setup { step: next };
            let side = self
                .variant
                .setup_step(next)
                .expect("a step after this one")
                .side;
            self.pos.set_turn(side);
        } else {
            self.phase = Phase::Play;
            // The game proper starts from the final array, exactly as a fresh start would.
            let array = self.pos.array(&self.variant);
            self.pos = AnyPosition::from_array(&self.variant, &array);
        }
    }

    /// Plays `m`, one of [`Game::legal_moves`], without checking it again and without touching
    /// the redo line. The walks over the game's own tree (perft, the AI's setup search) pair it
    /// with [`Game::retract`], so one `Game` serves a whole walk instead of a clone per node.
    pub(crate) fn push_legal(&mut self, m: Move) {
        self.play_unchecked(m);
    }

    /// Takes back the last move like [`Game::undo`], without adding it to the redo line.
    pub(crate) fn retract(&mut self) {
        if let Some(ply) = self.history.pop() {
            self.pos = ply.before;
            self.phase = ply.phase_before;
            // a move was played from there, so the game was not over
            self.outcome = None;
        }
    }

    /// Takes back the last move (setup steps included). Returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let ply = self.history.pop()?;
        self.pos = ply.before;
        self.phase = ply.phase_before;
        self.redo.push(ply.mv);
        self.update_outcome();
        Some(ply.mv)
    }

    /// Replays the last undone move.
    pub fn redo(&mut self) -> Option<Move> {
        let m = self.redo.pop()?;
        self.play_unchecked(m);
        Some(m)
    }

    /// Can [`Game::redo`] replay a move?
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The game as it stood after the first `n` plies (for browsing the history).
    pub fn position_after(&self, n: usize) -> AnyPosition {
        if n >= self.history.len() {
            self.pos
        } else {
            self.history[n].before
        }
    }

    /// Perft over the game's own moves: setup steps count as plies, then chess moves.
    pub fn perft(&mut self, depth: u32) -> u64 {
        self.perft_until(depth, &crate::position::perft::NEVER)
    }

    /// [`Game::perft`] that gives up soon after `stop` is raised (the count is then
    /// meaningless).
    pub fn perft_until(&mut self, depth: u32, stop: &AtomicBool) -> u64 {
        if depth == 0 {
            return 1;
        }
        if !self.in_setup() {
            return self.pos.perft_until(&self.variant, depth, stop);
        }
        if depth == 1 {
            // the last ply counted in bulk, as the position's perft does
            return self.legal_moves().len() as u64;
        }
        let mut n = 0;
        for m in self.legal_moves() {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            self.push_legal(m);
            n += self.perft_until(depth - 1, stop);
            self.retract();
        }
        n
    }

    /// Perft per legal move.
    pub fn perft_divide(&mut self, depth: u32) -> Vec<(Move, u64)> {
        let mut out = Vec::new();
        self.perft_divide_until(depth, &crate::position::perft::NEVER, |m, n| {
            out.push((m, n))
        });
        out
    }

    /// Perft per legal move, each count handed to `each` as soon as it is known; stops soon
    /// after `stop` is raised. Returns whether every move was counted.
    pub fn perft_divide_until(
        &mut self,
        depth: u32,
        stop: &AtomicBool,
        mut each: impl FnMut(Move, u64),
    ) -> bool {
        for m in self.legal_moves() {
            self.push_legal(m);
            let n = self.perft_until(depth.saturating_sub(1), stop);
            self.retract();
            if stop.load(Ordering::Relaxed) {
                return false;
            }
            each(m, n);
        }
        true
    }

    /// SAN of a legal move in the current position (`swap e8 g8` and `pass` in the setup phase).
    pub fn san(&self, m: Move) -> String {
        self.pos.san(&self.variant, m)
    }

    /// A line of moves from here (a search's best line) in SAN, as far as its moves are legal.
    pub fn line_san(&self, line: &[Move]) -> Vec<String> {
        let mut g = self.clone();
        let mut out = Vec::new();
        for &m in line {
            let san = g.san(m);
            if g.play(m).is_err() {
                break;
            }
            out.push(san);
        }
        out
    }

    /// UCI text of a move (`e8g8` for a swap, `0000` for a pass).
    pub fn uci(&self, m: Move, chess960: bool) -> String {
        self.pos.uci(&self.variant, m, chess960)
    }

    fn describe_move(&self, m: Move) -> String {
        let g = self.variant.geometry();
        match m.kind {
            MoveKind::Drop => crate::position::drop_text(&self.variant, m),
            MoveKind::Pass => "pass".into(),
            MoveKind::Swap | MoveKind::Exchange => {
                format!("swap {} {}", g.name(m.from), g.name(m.to))
            }
            _ => format!("{}{}", g.name(m.from), g.name(m.to)),
        }
    }

    /// Parses a move as a user would type it: SAN (`Nf3`, `O-O`), UCI (`g1f3`, `e1h1`),
    /// `swap e8 g8`, `pass` or `0000`.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let t = text.trim();
        // Move notation is ASCII; anything else is refused here, before the notation parsers
        // slice the text by bytes.
        if !t.is_ascii() {
            return Err(MoveError {
                message: format!("`{t}` is not a move"),
                help: Some("write moves in SAN (`Nf3`) or UCI (`g1f3`), setup steps as `swap e8 g8` or `pass`".into()),
            });
        }
        let legal = self.legal_moves();
        if let Some(o) = self.outcome {
            return Err(MoveError {
                message: format!("the game is over: {o}"),
                help: Some("undo a move or start a new game".into()),
            });
        }
        if self.placing() {
            return placement::parse_drop(&self.variant, &legal, t).ok_or_else(|| MoveError {
                message: format!("`{t}` is not a legal placement here"),
                help: Some(self.setup_hint(&legal)),
            });
        }
        if self.in_setup() {
            let g = self.variant.geometry();
            let lower = t.to_ascii_lowercase();
            if lower == "pass" || lower == "0000" || lower == "keep" {
                return if legal.contains(&Move::PASS) {
                    Ok(Move::PASS)
                } else {
                    Err(MoveError {
                        message: "this step cannot be declined".into(),
                        help: Some(self.setup_hint(&legal)),
                    })
                };
            }
            let words: Vec<&str> = lower.split_whitespace().collect();
            let squares: Option<(crate::types::Square, crate::types::Square)> =
                match words.as_slice() {
                    ["swap", a, b] => g.parse_square(a).zip(g.parse_square(b)),
                    [ab] => g
                        .parse_square_prefix(ab)
                        .and_then(|(a, rest)| g.parse_square(rest).map(|b| (a, b))),
                    _ => None,
                };
            let Some((a, b)) = squares else {
                return Err(MoveError {
                    message: format!("`{t}` is not a setup move"),
                    help: Some(format!(
                        "the setup phase is on: {}",
                        self.setup_hint(&legal)
                    )),
                });
            };
            return legal
                .iter()
                .copied()
                .find(|m| {
                    m.kind == MoveKind::Swap
                        && ((m.from == a && m.to == b) || (m.from == b && m.to == a))
                })
                .ok_or_else(|| MoveError {
                    message: format!("`swap {} {}` is not allowed here", g.name(a), g.name(b)),
                    help: Some(self.setup_hint(&legal)),
                });
        }
        match self.pos.parse_san(&self.variant, t) {
            Ok(m) => Ok(m),
            Err(san_err) => self.pos.parse_uci(&self.variant, t).map_err(|uci_err| {
                // Prefer the message of the notation the text looks like.
                let g = self.variant.geometry();
                let looks_uci = g
                    .parse_square_prefix(&t.to_ascii_lowercase())
                    .and_then(|(_, r)| g.parse_square_prefix(r))
                    .is_some();
                if looks_uci {
                    uci_err
                } else {
                    san_err
                }
            }),
        }
    }

    fn setup_hint(&self, legal: &[Move]) -> String {
        let list: Vec<String> = legal.iter().map(|&m| self.san(m)).collect();
        let what = match self.setup_prompt() {
            Some(p) if self.placing() => p,
            _ => setup::describe_step_short(&self.variant, self.phase),
        };
        format!("{}; allowed: {}", what, list.join(", "))
    }

    fn update_outcome(&mut self) {
        self.outcome = if self.in_setup() {
            None
        } else {
            outcome::decide(&self.variant, &self.pos, &self.history)
        };
    }
}

#[cfg(test)]
mod forced_tests {
    use super::*;

    #[test]
    fn mirror_steps_are_forced_and_moves_of_the_game_proper_never_are() {
        let v = crate::rules::load("placement").unwrap();
        let mut g = Game::new_with_setup(v);
        assert_eq!(g.forced_move(), None, "Black's own swap is a choice");
        let first = g.legal_moves()[1];
        g.play(first).unwrap();
        let f = g.forced_move().expect("White mirrors Black's swap");
        assert_eq!(f.reason, ForcedReason::Mirror);
        assert_eq!(g.legal_moves(), vec![f.mv]);
        let chess = crate::rules::load("chess").unwrap();
        // Black's one legal move is Kh7 (python-chess agrees); the player still makes it
        let mut g = Game::from_fen(chess, "7k/8/5K2/8/8/8/8/6R1 b - - 0 1").unwrap();
        assert_eq!(g.legal_moves().len(), 1);
        assert_eq!(g.forced_move(), None);
        assert!(g.undo().is_none());
    }

    #[test]
    fn a_swap_step_with_one_legal_choice_is_forced() {
        // The king must end between the rooks, and may only swap with a rook: from R K . . R
        // shapes where K sits outside, exactly one swap puts it back.
        let text = r#"
extends "chess"
name "Forced test"
array "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/KRBQNBNR"
castling none
setup {
  step white swap K with R
  require K between R at end
}
"#;
        let v = crate::rules::compile_source(text, "forced.rules").unwrap();
        let g = Game::new_with_setup(v);
        let f = g
            .forced_move()
            .expect("one swap puts the king between the rooks");
        assert_eq!(f.reason, ForcedReason::OnlyChoice);
        assert_eq!(g.san(f.mv), "swap a1 b1");
    }
}
