//! The analysis mode: a search of its own, beside the computer player's, of whatever position
//! the board shows (the live game or a position browsed in the move list), whoever plays. It
//! searches without end and reports each completed depth, several best lines at once
//! (`MultiPV`), and starts again whenever the position on show changes. Its results feed the
//! evaluation bar, the arrows on the board and the lines in the side panel
//! (`analysis_panel.rs`).
//!
//! The setup phase is not scored by the search (it chooses its own steps by trying the arrays
//! they lead to, without a score or a line): there the analysis asks the search for the step it
//! would take and shows that, and the panel says why there is no evaluation.

use std::sync::Arc;

use crate::game::Game;
use crate::search::worker::{Event, JobId, Setting, Worker};
use crate::search::{Limits, Score};
use crate::types::{Move, MoveKind};

use super::ai::{self, Analysis};
use super::app::MyriadApp;
use super::marks::{Mark, MarkKind};

/// The most lines the panel offers.
pub(super) const MAX_LINES: usize = 5;
/// Lines shown at first.
const DEFAULT_LINES: usize = 3;

/// What identifies the position analysed: the game's serial number, its rules, the plies on
/// show, the position's hash, and how many lines were asked for (a change restarts the search).
type Key = (u64, usize, usize, u64, usize);

/// The analysis mode's state.
pub(super) struct Analyser {
    /// Is the mode on?
    pub on: bool,
    /// How many best lines to search (1..=[`MAX_LINES`]).
    pub wanted: usize,
    /// Its own worker, made the first time the mode is turned on.
    worker: Option<Worker>,
    /// The search of the position on show.
    job: Option<JobId>,
    key: Option<Key>,
    /// The game analysed: the game as it stood after the plies on show.
    pub game: Option<Arc<Game>>,
    /// The best lines of the latest completed depth, best first.
    pub lines: Vec<Analysis>,
    /// In the setup phase: the step the search would take.
    pub suggestion: Option<Move>,
    /// Has the search answered (a setup step chosen)?
    pub answered: bool,
    /// White's share of the evaluation bar (0 to 1), kept while a new search begins so the bar
    /// does not flicker between positions.
    share: Option<f32>,
}

impl Default for Analyser {
    fn default() -> Self {
        Analyser {
            on: false,
            wanted: DEFAULT_LINES,
            worker: None,
            job: None,
            key: None,
            game: None,
            lines: Vec::new(),
            suggestion: None,
            answered: false,
            share: None,
        }
    }
}

impl Analyser {
    /// Forgets the analysis (a new one begins, or the mode is off).
    fn clear(&mut self) {
        if let Some(w) = &mut self.worker {
            w.stop();
        }
        self.job = None;
        self.key = None;
        self.game = None;
        self.lines.clear();
        self.suggestion = None;
        self.answered = false;
    }

    /// Takes a report of the search: line `multipv` of a completed depth.
    fn take(&mut self, game: &Arc<Game>, report: crate::search::Report) {
        let i = (report.multipv as usize).saturating_sub(1);
        let line = Analysis::new(game.clone(), report);
        if i == 0 {
            self.share = Some(white_share(line.white_score()));
        }
        if i < self.lines.len() {
            self.lines[i] = line;
        } else {
            self.lines.push(line);
        }
    }
}

impl MyriadApp {
    /// Turns the analysis mode on or off; it starts on the next frame's poll.
    pub(super) fn set_analysis_mode(&mut self, on: bool) {
        self.analyser.on = on;
        if !on {
            self.analyser.clear();
            self.analyser.share = None;
        }
    }

    /// Sets how many best lines the analysis searches (its search starts again).
    pub(super) fn set_analysis_lines(&mut self, n: usize) {
        self.analyser.wanted = n.clamp(1, MAX_LINES);
    }

    /// Is the analysis mode on?
    pub fn analysis_mode(&self) -> bool {
        self.analyser.on
    }

    /// The analysis mode's best lines of the position on show, best first (empty while the
    /// first depth is searched, in the setup phase, or with the mode off).
    pub fn analysis_lines(&self) -> &[Analysis] {
        if self.analysis_current() {
            &self.analyser.lines
        } else {
            &[]
        }
    }

    /// In the setup phase, the step the analysis's search would take in the position on show.
    pub fn analysis_suggestion(&self) -> Option<Move> {
        self.analyser.suggestion.filter(|_| self.analysis_current())
    }

    /// White's share of the evaluation bar, 0 to 1 (a mate for White fills it), while the
    /// analysis mode has an evaluation of the position on show or of the one before it.
    pub fn evaluation_bar(&self) -> Option<f32> {
        self.analyser.share.filter(|_| self.analyser.on)
    }

    /// The analysis's marks on the board: the best move's arrow (a circle for a drop), and the
    /// second line's first move, fainter, below it.
    pub fn analysis_marks(&self) -> Vec<Mark> {
        let a = &self.analyser;
        let Some(game) = a.game.as_deref().filter(|_| self.analysis_current()) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        if let Some(m) = a.lines.get(1).and_then(|l| l.pv.first()) {
            out.extend(mark_of(game, *m, MarkKind::Line));
        }
        let best = a
            .lines
            .first()
            .and_then(|l| l.pv.first())
            .or(a.suggestion.as_ref());
        if let Some(m) = best {
            out.extend(mark_of(game, *m, MarkKind::Best));
        }
        out
    }

    /// Does the analysis belong to the position on show?
    fn analysis_current(&self) -> bool {
        self.analyser.on && self.analyser.key == Some(self.analysis_key())
    }

    fn analysis_key(&self) -> Key {
        let n = self.shown_plies();
        (
            self.game_serial,
            Arc::as_ptr(self.game.variant()) as usize,
            n,
            self.game.position_after(n).hash(),
            self.analyser.wanted,
        )
    }

    /// Each frame: starts the analysis of the position on show when it changed, and takes the
    /// search's reports.
    pub(super) fn poll_analysis(&mut self) {
        if !self.analyser.on {
            return;
        }
        let key = self.analysis_key();
        if self.analyser.key != Some(key) {
            self.restart_analysis(key);
        }
        let a = &mut self.analyser;
        let (Some(w), Some(game)) = (&mut a.worker, a.game.clone()) else {
            return;
        };
        for e in w.poll() {
            if Some(e.job()) != a.job {
                continue; // a search of a position no longer on show
            }
            match e {
                Event::Report { report, .. } => a.take(&game, report),
                Event::BestMove { best, .. } => {
                    a.answered = true;
                    if game.in_setup() {
                        a.suggestion = best;
                    }
                }
                Event::PerftMove { .. } | Event::PerftDone { .. } => {}
            }
        }
    }

    /// Starts the search of the position on show: the game after the plies on show, searched
    /// without end (a setup step: until the search has chosen one). A finished game is not
    /// searched; its result fills the bar.
    fn restart_analysis(&mut self, key: Key) {
        let ctx = self.ctx();
        let mut game = self.game.clone();
        while game.history().len() > key.2 {
            game.undo();
        }
        let a = &mut self.analyser;
        a.clear();
        a.key = Some(key);
        let w = a.worker.get_or_insert_with(|| ai::worker(ctx));
        if let Some(o) = game.outcome() {
            a.share = Some(match o.winner {
                Some(crate::types::Color::White) => 1.0,
                Some(crate::types::Color::Black) => 0.0,
                None => 0.5,
            });
        } else {
            if game.in_setup() {
                a.share = None;
            }
            w.set(Setting::MultiPv(a.wanted));
            let limits = Limits {
                infinite: !game.in_setup(),
                ..Limits::default()
            };
            a.job = Some(w.think(game.clone(), limits));
        }
        a.game = Some(Arc::new(game));
    }

    /// Can the user play `m` from the analysis panel now: the live game on show, the user's
    /// turn, and the move legal?
    pub(super) fn may_play_from_analysis(&self, m: Move) -> bool {
        self.view.is_none()
            && self.analysis_current()
            && !self.computer.plays(self.game.turn())
            && self.forced().is_none()
            && self.rules_changed.is_none()
            && self.game.is_legal(m)
    }
}

/// The mark a move leaves: an arrow from where the piece starts to where it lands (castling:
/// the king to its landing square, or the rook when the king stays), a circle for a drop,
/// nothing for a pass.
fn mark_of(game: &Game, m: Move, kind: MarkKind) -> Option<Mark> {
    match m.kind {
        MoveKind::Pass => None,
        MoveKind::Drop => Some(Mark::Circle { sq: m.to, kind }),
        MoveKind::Castle => {
            let (king, rook) = game.position().castle_targets(game.variant(), m.from, m.to);
            let (from, to) = if king != m.from {
                (m.from, king)
            } else {
                (m.to, rook)
            };
            Some(Mark::Arrow { from, to, kind })
        }
        _ => Some(Mark::Arrow {
            from: m.from,
            to: m.to,
            kind,
        }),
    }
}

/// White's share of the evaluation bar for a White-relative score: lichess's winning-chances
/// curve, so a pawn is a visible step and ten pawns nearly fill it; a mate fills it.
pub(super) fn white_share(white: Score) -> f32 {
    match white {
        Score::Cp(cp) => {
            let chances = 2.0 / (1.0 + (-0.00368208 * cp as f64).exp()) - 1.0;
            (0.5 + 0.5 * chances) as f32
        }
        Score::Mate(n) if n > 0 => 1.0,
        Score::Mate(0) => 0.5,
        Score::Mate(_) => 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bar_is_even_at_zero_full_at_mate_and_grows_with_the_score() {
        assert_eq!(white_share(Score::Cp(0)), 0.5);
        assert_eq!(white_share(Score::Mate(3)), 1.0);
        assert_eq!(white_share(Score::Mate(-1)), 0.0);
        let pawn = white_share(Score::Cp(100));
        assert!(pawn > 0.55 && pawn < 0.7, "{pawn}");
        assert!((white_share(Score::Cp(-100)) - (1.0 - pawn)).abs() < 1e-6);
        assert!(white_share(Score::Cp(1000)) > 0.95);
    }

    #[test]
    fn castling_points_the_king_at_its_landing_square_and_drops_get_a_circle() {
        let mut g = Game::new_seeded(crate::rules::load("chess").unwrap(), 0);
        for m in ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"] {
            let m = g.parse_move(m).unwrap();
            g.play(m).unwrap();
        }
        let castle = g.parse_move("O-O").unwrap();
        let sq = |s: &str| g.variant().geometry().parse_square(s).unwrap();
        assert_eq!(
            mark_of(&g, castle, MarkKind::Best),
            Some(Mark::Arrow {
                from: sq("e1"),
                to: sq("g1"),
                kind: MarkKind::Best
            })
        );
        let drop = Move {
            from: sq("e4"),
            to: sq("e4"),
            kind: MoveKind::Drop,
            promotion: crate::types::Role(0),
        };
        assert_eq!(
            mark_of(&g, drop, MarkKind::Line),
            Some(Mark::Circle {
                sq: sq("e4"),
                kind: MarkKind::Line
            })
        );
    }
}
