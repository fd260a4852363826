//! The GUI's side of the search: the one [`Worker`] every front end uses, with the GUI's
//! policy (hash size, a time cap per level) and the [`Analysis`] it keeps of the reports. The
//! worker thread owns the engine (its hash table survives between moves) and wakes the UI
//! with `request_repaint` after each event, so the window keeps drawing at full rate while
//! the computer thinks.

use std::sync::Arc;
use std::time::Duration;

use crate::game::Game;
use crate::search::levels::rating;
use crate::search::worker::{Setting, Worker};
use crate::search::{interactive_threads, Limits, Report, Score};
use crate::types::{Color, Move};

/// Transposition table size for the GUI's engine.
const HASH_MB: usize = 32;

/// The GUI's search worker; its events wake the window. It searches with every core (up to
/// eight, [`interactive_threads`]): a person is waiting for the answer, and the full-strength
/// level plays better with them (the weaker levels search on one thread whatever the setting).
pub(super) fn worker(ctx: egui::Context) -> Worker {
    let mut w = Worker::new(HASH_MB, move || ctx.request_repaint());
    w.set(Setting::Threads(interactive_threads()));
    w
}

/// How long the computer may think at `level` (the level also bounds the depth): a time cap
/// keeps its answers brisk at every level.
pub(super) fn limits(level: u8) -> Limits {
    let ms = match level {
        1..=3 => 600,
        4..=6 => 1500,
        7..=8 => 3000,
        _ => 6000,
    };
    Limits {
        movetime: Some(Duration::from_millis(ms)),
        ..Limits::default()
    }
}

/// What a level means, in a few words for the level control: "Level 3: depth 2, up to 0.6 s
/// a move" (and "~1200" once ratings are measured).
pub(super) fn level_text(level: u8) -> String {
    let depth = crate::search::level_params(level).depth;
    let depth = if depth == u32::MAX {
        "full depth".to_string()
    } else {
        format!("depth {depth}")
    };
    let time = match limits(level).movetime {
        Some(t) => format!("up to {} s a move", seconds(t)),
        None => "on its clock".to_string(),
    };
    let mut text = format!("Level {level}: {depth}, {time}");
    if let Some(r) = rating(level) {
        text += &format!(", ~{r}");
    }
    text
}

/// The level control's hover text for a level: the same, in sentences.
pub(super) fn level_help(level: u8) -> String {
    let p = crate::search::level_params(level);
    let mut text = match limits(level).movetime {
        Some(t) => format!("Thinks up to {} s a move", seconds(t)),
        None => "Thinks on its clock".to_string(),
    };
    if p.depth == u32::MAX {
        text += ", as deep as that time allows";
    } else {
        text += &format!(", at most {} plies deep", p.depth);
    }
    if p.lines > 1 {
        text += &format!(
            ", and may choose any of its {} best moves that it sees at most {:.2} pawns worse \
             than the best, the better ones more often, so it slips as a player does.",
            p.lines,
            p.max_loss as f64 / 100.0
        );
    } else {
        text += ", at full strength.";
    }
    if crate::search::setup_sees_replies(level) {
        text += " In a setup phase it weighs the opponent's answering steps.";
    }
    text += &match rating(level) {
        Some(r) => format!(" Rough rating: {r}."),
        None => " Rough rating: not measured yet.".to_string(),
    };
    text
}

/// Seconds as the level control writes them: "0.6", "3".
fn seconds(t: Duration) -> String {
    let s = t.as_secs_f64();
    if s.fract() == 0.0 {
        format!("{s:.0}")
    } else {
        format!("{s:.1}")
    }
}

/// One line of the computer's analysis, as moves and a score: the notation ("Nf3", "+0.35")
/// is written only when it is drawn, from the game it belongs to.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The game as it stood when the search began: the line's moves are moves of its position.
    pub game: Arc<Game>,
    /// Completed depth.
    pub depth: u32,
    /// The evaluation, from the point of view of the side to move in `game`.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Seconds since the search started.
    pub seconds: f64,
    /// The principal variation, best move first.
    pub pv: Vec<Move>,
}

impl Analysis {
    /// The analysis of `game` in a search report.
    pub(super) fn new(game: Arc<Game>, r: Report) -> Analysis {
        Analysis {
            game,
            depth: r.depth,
            score: r.score,
            nodes: r.nodes,
            seconds: r.time.as_secs_f64(),
            pv: r.pv,
        }
    }

    /// The ply it belongs to: how many plies had been played when the search began.
    pub fn ply(&self) -> usize {
        self.game.history().len()
    }

    /// The evaluation from White's point of view (positive: White is better; `Mate(n)` with
    /// `n > 0`: White mates).
    pub fn white_score(&self) -> Score {
        let sign = if self.game.turn() == Color::White {
            1
        } else {
            -1
        };
        match self.score {
            Score::Cp(cp) => Score::Cp(cp * sign),
            Score::Mate(n) => Score::Mate(n * sign),
        }
    }
}
