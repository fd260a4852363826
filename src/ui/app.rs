//! The application state: one struct, [`MyriadApp`]. [`eframe::App::logic`] polls background
//! work (the AI, file dialogs, the watched rules file, mirror steps) and [`eframe::App::ui`]
//! draws (see `panels.rs`).

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Instant, SystemTime};

use crate::game::{Game, Phase};
use crate::rules::{Diagnostic, Diagnostics};
use crate::types::{Color, Move};
use crate::variant::{StepAction, Variant};

use super::ai::{AiEvent, AiWorker, Analysis};
use super::autosave::{Autosave, Offer};
use super::board::BoardState;
use super::files::{self, DialogOutcome, NativeDialog, Purpose, Recent};
use super::picker::{FilePicker, PickerResult};

/// The bundled game opened when none is named.
pub const DEFAULT_GAME: &str = "regroupment";

/// Which sides the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Computer {
    /// Nobody: two people at one board (or one analysing).
    Neither,
    /// The computer plays White.
    White,
    /// The computer plays Black.
    Black,
    /// The computer plays both sides.
    Both,
}

impl Computer {
    /// Does the computer play `c`?
    pub fn plays(self, c: Color) -> bool {
        match self {
            Computer::Neither => false,
            Computer::White => c == Color::White,
            Computer::Black => c == Color::Black,
            Computer::Both => true,
        }
    }

    /// Every choice, for the selector.
    pub const ALL: [Computer; 4] = [
        Computer::Neither,
        Computer::White,
        Computer::Black,
        Computer::Both,
    ];

    /// The label shown in the selector.
    pub fn label(self) -> &'static str {
        match self {
            Computer::Neither => "Neither",
            Computer::White => "White",
            Computer::Black => "Black",
            Computer::Both => "Both",
        }
    }
}

/// How the app starts.
#[derive(Clone, Debug)]
pub struct Options {
    /// A `.rules` path or bundled name; `None` opens [`DEFAULT_GAME`].
    pub file: Option<String>,
    /// Which sides the computer plays at first.
    pub computer: Computer,
    /// The computer's level, 1..=10.
    pub level: u8,
    /// Try the native file dialog before the in-app picker.
    pub native_dialogs: bool,
    /// Where the recent-files list lives; `None` keeps nothing on disk.
    pub config_dir: Option<PathBuf>,
    /// Seconds a mirror step waits before it plays itself, so the user sees it happen.
    pub mirror_delay: f64,
    /// Seconds between checks of the open file for changes.
    pub watch_interval: f64,
    /// Print frame-time statistics to stderr every few seconds.
    pub frame_stats: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            file: None,
            computer: Computer::Black,
            level: 3,
            native_dialogs: true,
            config_dir: files::default_config_dir(),
            mirror_delay: 0.8,
            watch_interval: 0.5,
            frame_stats: false,
        }
    }
}

impl Options {
    /// Options for tests and headless use: no native dialogs, nothing written to disk, the
    /// computer plays nobody, mirror steps play at once.
    pub fn headless() -> Options {
        Options {
            computer: Computer::Neither,
            native_dialogs: false,
            config_dir: None,
            mirror_delay: 0.0,
            ..Options::default()
        }
    }
}

/// Where the game's rules came from (the one [`Origin`] type).
pub use crate::variant::Origin as Source;

/// Problems to show: a rules file that failed to compile, or another error.
#[derive(Clone, Debug)]
pub struct Problems {
    /// One line saying what happened.
    pub title: String,
    /// The diagnostics, if it was a rules file.
    pub diagnostics: Vec<Diagnostic>,
    /// Everything as plain text (for copying).
    pub text: String,
}

/// A bundled game for the menu.
#[derive(Clone, Debug)]
pub struct BundledEntry {
    /// File name without `.rules`.
    pub name: String,
    /// The game's name.
    pub title: String,
    /// Its description.
    pub description: String,
}

/// The tabs of the side panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tab {
    /// Move list and controls.
    Game,
    /// The rules: description and pieces.
    Rules,
}

/// The search in progress.
#[derive(Clone, Debug)]
pub(super) struct Thinking {
    pub job: u64,
    pub plies: usize,
    pub started: f64,
    pub best_so_far: Option<Move>,
}

/// Frame-time statistics (how long `ui` takes, and the interval between frames).
#[derive(Debug, Default)]
pub(super) struct FrameStats {
    pub last_start: Option<Instant>,
    pub build_ms: Vec<f32>,
    pub interval_ms: Vec<f32>,
    pub thinking_build_ms: Vec<f32>,
    pub thinking_interval_ms: Vec<f32>,
    /// Whole frames as eframe times them (egui pass, tessellation, rendering; no vsync wait).
    pub full_ms: Vec<f32>,
    pub thinking_full_ms: Vec<f32>,
    pub last_print: Option<Instant>,
}

/// The whole application.
pub struct MyriadApp {
    pub(super) ctx: Option<egui::Context>,
    pub(super) opts: Options,
    pub(super) source: Source,
    pub(super) source_mtime: Option<SystemTime>,
    pub(super) variant: Arc<Variant>,
    pub(super) game: Game,
    /// Plies shown while browsing the history; `None` follows the game.
    pub(super) view: Option<usize>,
    pub(super) board: BoardState,
    pub(super) flipped: bool,
    pub(super) tab: Tab,
    pub(super) problems: Option<Problems>,
    /// The file changed and its new rules cannot continue this game.
    pub(super) rules_changed: Option<Arc<Variant>>,
    pub(super) computer: Computer,
    pub(super) level: u8,
    pub(super) worker: Option<AiWorker>,
    pub(super) thinking: Option<Thinking>,
    pub(super) analysis: Option<Analysis>,
    pub(super) show_analysis: bool,
    pub(super) ai_paused: bool,
    pub(super) mirror_due: Option<f64>,
    pub(super) picker: Option<FilePicker>,
    pub(super) native: Option<NativeDialog>,
    pub(super) recent: Recent,
    pub(super) toast: Option<(String, f64)>,
    pub(super) bundled: Vec<BundledEntry>,
    pub(super) stats: FrameStats,
    pub(super) last_watch: f64,
    pub(super) last_pgn_dir: Option<PathBuf>,
    /// The game in progress, kept on disk after every change.
    pub(super) autosave: Autosave,
    /// A game a previous run left unsaved (it did not exit cleanly), offered back; nothing is
    /// autosaved until the user answers, so the offer cannot be overwritten.
    pub(super) restore: Option<Offer>,
    /// Counts [`MyriadApp::set_game`] calls: a new game is a change even with no move played.
    pub(super) game_serial: u64,
}

impl MyriadApp {
    /// Creates the app and opens the starting game. It attaches to its egui context (fonts,
    /// repaints from background threads) on its first frame, or through [`MyriadApp::attach`].
    pub fn new(opts: Options) -> MyriadApp {
        let spec = opts.file.clone().unwrap_or_else(|| DEFAULT_GAME.into());
        let (source, variant, problems) = match load(&spec) {
            Ok((s, v)) => (s, v, None),
            Err(d) => {
                // The named file is broken: open the default game, show the problems.
                let p = problems_from(&spec, &d);
                let (s, v) = load(DEFAULT_GAME)
                    .or_else(|_| load("chess"))
                    .expect("the bundled games compile");
                (s, v, Some(p))
            }
        };
        let recent = Recent::load(opts.config_dir.as_deref());
        let (autosave, restore) = Autosave::open(opts.config_dir.as_deref());
        let mut app = MyriadApp {
            ctx: None,
            source_mtime: None,
            game: Game::new(variant.clone()),
            variant,
            source: source.clone(),
            view: None,
            board: BoardState::default(),
            flipped: false,
            tab: Tab::Game,
            problems,
            rules_changed: None,
            computer: opts.computer,
            level: opts.level.clamp(1, 10),
            worker: None,
            thinking: None,
            analysis: None,
            show_analysis: false,
            ai_paused: false,
            mirror_due: None,
            picker: None,
            native: None,
            recent,
            toast: None,
            bundled: bundled_entries(),
            stats: FrameStats::default(),
            last_watch: 0.0,
            last_pgn_dir: None,
            autosave,
            restore,
            game_serial: 0,
            opts,
        };
        if let Source::File(p) = &source {
            app.source_mtime = files::mtime(p);
            app.recent.add(p);
        }
        // While a game from a previous run is offered back, the computer waits for the answer.
        app.ai_paused = app.game_offered();
        // The human plays from the bottom: flip when the computer has White only.
        app.flipped = app.computer == Computer::White;
        app
    }

    /// The game being played.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The variant being played.
    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    /// Where the rules came from.
    pub fn source(&self) -> &Source {
        &self.source
    }

    /// The problems on show (a broken rules file), if any.
    pub fn problems(&self) -> Option<&Problems> {
        self.problems.as_ref()
    }

    /// The latest analysis of the computer's search, if any.
    pub fn analysis(&self) -> Option<&Analysis> {
        self.analysis.as_ref()
    }

    /// Is the computer thinking?
    pub fn is_thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// Is the board flipped (Black at the bottom)?
    pub fn is_flipped(&self) -> bool {
        self.flipped
    }

    /// Recently opened files, newest first.
    pub fn recent_files(&self) -> &[PathBuf] {
        self.recent.paths()
    }

    /// Frame-time figures: (max ms to build a frame, mean ms between frames) while the
    /// computer was thinking, over the frames seen so far.
    pub fn thinking_frame_stats(&self) -> Option<(f32, f32)> {
        let b = &self.stats.thinking_build_ms;
        let i = &self.stats.thinking_interval_ms;
        if b.is_empty() || i.is_empty() {
            return None;
        }
        let max_b = b.iter().copied().fold(0.0, f32::max);
        let mean_i = i.iter().sum::<f32>() / i.len() as f32;
        Some((max_b, mean_i))
    }

    /// Attaches the app to the egui context it is drawn in: installs the fonts once.
    pub fn attach(&mut self, ctx: &egui::Context) {
        if self.ctx.is_none() {
            super::fonts::install(ctx);
            self.ctx = Some(ctx.clone());
        }
    }

    pub(super) fn ctx(&self) -> egui::Context {
        self.ctx
            .clone()
            .expect("the app is attached to a context before its first frame")
    }

    pub(super) fn now(&self) -> f64 {
        self.ctx.as_ref().map_or(0.0, |c| c.input(|i| i.time))
    }

    pub(super) fn say(&mut self, msg: impl Into<String>) {
        let t = self.now();
        self.toast = Some((msg.into(), t + 4.0));
    }

    // ----- opening games ---------------------------------------------------------------------

    /// Opens a rules file or bundled game. On errors the diagnostics are shown and the current
    /// game stays open.
    pub fn open(&mut self, spec: &str) {
        match load(spec) {
            Ok((source, v)) => {
                self.stop_ai();
                if let Source::File(p) = &source {
                    self.recent.add(p);
                    self.source_mtime = files::mtime(p);
                } else {
                    self.source_mtime = None;
                }
                self.source = source;
                self.variant = v.clone();
                self.problems = None;
                self.rules_changed = None;
                self.set_game(Game::new(v));
                self.say(format!("Opened {}", self.variant.name()));
            }
            Err(d) => {
                self.problems = Some(problems_from(spec, &d));
            }
        }
    }

    /// Starts a new game of the same rules (a randomized variant draws new arrays).
    pub fn new_game(&mut self) {
        self.stop_ai();
        self.set_game(Game::new(self.variant.clone()));
    }

    pub(super) fn set_game(&mut self, g: Game) {
        self.game = g;
        self.game_serial += 1;
        self.view = None;
        self.board.clear();
        self.analysis = None;
        self.ai_paused = false;
        self.mirror_due = None;
    }

    /// Re-reads the open file when it changed on disk: keeps the game if its moves are still
    /// legal under the new rules, else offers a new game; keeps the old rules on errors.
    pub(super) fn check_file_changed(&mut self) {
        let Source::File(path) = &self.source else {
            return;
        };
        let now = self.now();
        if now - self.last_watch < self.opts.watch_interval {
            return;
        }
        self.last_watch = now;
        let m = files::mtime(path);
        if m.is_none() || m == self.source_mtime {
            return;
        }
        self.source_mtime = m;
        self.reload();
    }

    /// Reloads the open file now.
    pub fn reload(&mut self) {
        let spec = self.source.spec();
        match crate::rules::load(&spec) {
            Err(d) => {
                let mut p = problems_from(&spec, &d);
                p.title = format!(
                    "{} changed and now has errors; the game goes on under the previous rules",
                    self.source.short()
                );
                self.problems = Some(p);
            }
            Ok(v) => {
                self.problems = None;
                match replay(&self.game, &v) {
                    Some(g) => {
                        self.stop_ai();
                        self.variant = v;
                        self.game = g;
                        self.board.clear();
                        self.rules_changed = None;
                        self.say(format!(
                            "Reloaded {}: the game goes on",
                            self.source.short()
                        ));
                    }
                    None => self.rules_changed = Some(v),
                }
            }
        }
    }

    /// Accepts changed rules that cannot continue the game: a new game under them.
    pub(super) fn accept_changed_rules(&mut self) {
        if let Some(v) = self.rules_changed.take() {
            self.stop_ai();
            self.variant = v.clone();
            self.set_game(Game::new(v));
        }
    }

    // ----- the autosave ----------------------------------------------------------------------

    /// The game a previous run did not close cleanly on, while it is offered back.
    pub fn restore_offer(&self) -> Option<&Offer> {
        self.restore.as_ref()
    }

    /// Where the game in progress is autosaved (`None` when nothing is kept on disk).
    pub fn autosave_path(&self) -> Option<&Path> {
        self.autosave.path()
    }

    /// Takes the offered game back: its rules and its moves, as they were.
    pub fn restore_game(&mut self) {
        let Some(offer) = self.restore.take() else {
            return;
        };
        if let Offer::Game {
            spec,
            variant,
            game,
        } = offer
        {
            self.stop_ai();
            self.source = source_of(&spec);
            self.source_mtime = match &self.source {
                Source::File(p) => files::mtime(p),
                Source::Bundled(_) => None,
            };
            self.variant = variant;
            self.problems = None;
            self.rules_changed = None;
            self.set_game(*game);
            // the user looks at the restored game first; the computer waits for them
            self.ai_paused = self.computer.plays(self.game.turn());
            self.say(format!(
                "Restored the unfinished game of {}",
                self.variant.name()
            ));
        }
    }

    /// Declines the offered game: its autosave is removed (a game that could not be read was
    /// already moved aside and stays there).
    pub fn discard_restore(&mut self) {
        if let Some(Offer::Game { .. }) = self.restore.take() {
            self.autosave.remove();
            self.ai_paused = false;
        }
    }

    /// Is a game from a previous run offered back (so its autosave must not be overwritten)?
    fn game_offered(&self) -> bool {
        matches!(self.restore, Some(Offer::Game { .. }))
    }

    /// What identifies the game's state for the autosave.
    fn autosave_key(&self) -> (u64, u64, usize) {
        (
            self.game_serial,
            self.game.position().hash(),
            self.game.history().len(),
        )
    }

    /// Writes the autosave if the game changed since the last write.
    pub(super) fn autosave_now(&mut self) {
        if !self.game_offered() {
            let key = self.autosave_key();
            self.autosave.write(key, &self.source.spec(), &self.game);
        }
    }

    // ----- moves -----------------------------------------------------------------------------

    /// Plays a move for the side to move (from the board, a button or the computer).
    pub fn play(&mut self, m: Move) {
        match self.game.play(m) {
            Ok(()) => {
                self.view = None;
                self.board.clear();
                self.mirror_due = None;
                if let Some(o) = self.game.outcome() {
                    self.say(o.to_string());
                }
            }
            Err(e) => self.say(format!("error: {}", e.message)),
        }
    }

    /// The user moved: cancels a search for this position and resumes a paused computer.
    pub(super) fn user_play(&mut self, m: Move) {
        self.stop_ai();
        self.ai_paused = false;
        self.play(m);
    }

    /// Takes back a move; with the computer playing one side, back to the user's turn.
    pub fn undo(&mut self) {
        self.stop_ai();
        if self.game.undo().is_none() {
            return;
        }
        if self.computer != Computer::Both {
            while self.computer.plays(self.game.turn()) && !self.game.history().is_empty() {
                self.game.undo();
            }
        }
        self.after_takeback();
    }

    /// Replays an undone move.
    pub fn redo(&mut self) {
        self.stop_ai();
        if self.game.redo().is_none() {
            return;
        }
        self.after_takeback();
    }

    fn after_takeback(&mut self) {
        self.view = None;
        self.board.clear();
        self.mirror_due = None;
        // Don't let the computer reply at once to a position the user is going back over.
        self.ai_paused = self.computer.plays(self.game.turn());
    }

    /// The current setup step is a mirror step (it plays itself).
    pub(super) fn mirror_step(&self) -> bool {
        let Phase::Setup { step } = self.game.phase() else {
            return false;
        };
        self.variant
            .spec
            .setup
            .as_ref()
            .and_then(|s| s.steps.get(step))
            .is_some_and(|s| s.action == StepAction::Mirror)
    }

    /// The number of plies on show and whether that is the live position.
    pub(super) fn shown_plies(&self) -> usize {
        self.view
            .unwrap_or(self.game.history().len())
            .min(self.game.history().len())
    }

    /// Shows the position after `n` plies (the live game when `n` is the last).
    pub fn view_ply(&mut self, n: usize) {
        let len = self.game.history().len();
        self.view = (n < len).then_some(n);
        self.board.clear();
    }

    pub(super) fn step_view(&mut self, delta: i64) {
        let cur = self.shown_plies() as i64;
        let len = self.game.history().len() as i64;
        let n = (cur + delta).clamp(0, len);
        self.view_ply(n as usize);
    }

    // ----- the computer ----------------------------------------------------------------------

    pub(super) fn computer_to_move(&self) -> bool {
        self.game.outcome().is_none()
            && !self.ai_paused
            && self.view.is_none()
            && self.rules_changed.is_none()
            && !self.mirror_step()
            && self.computer.plays(self.game.turn())
    }

    pub(super) fn start_ai(&mut self) {
        let ctx = self.ctx();
        let w = self
            .worker
            .get_or_insert_with(|| AiWorker::new(move || ctx.request_repaint()));
        let job = w.start(self.game.clone(), self.level);
        self.thinking = Some(Thinking {
            job,
            plies: self.game.history().len(),
            started: self.now(),
            best_so_far: None,
        });
        self.analysis = None;
    }

    /// Stops the search (its result is dropped).
    pub fn stop_ai(&mut self) {
        if let Some(w) = &mut self.worker {
            w.stop();
        }
        self.thinking = None;
    }

    /// The Stop button: stop thinking and let the user decide (the computer pauses).
    pub(super) fn stop_button(&mut self) {
        self.stop_ai();
        self.ai_paused = true;
    }

    /// The Move-now button: play the best move found so far.
    pub(super) fn move_now(&mut self) {
        let Some(t) = &self.thinking else { return };
        if let Some(m) = t
            .best_so_far
            .filter(|_| t.plies == self.game.history().len())
        {
            self.stop_ai();
            self.play(m);
        }
    }

    fn poll_ai(&mut self) {
        let Some(w) = &mut self.worker else { return };
        let events = w.poll();
        for e in events {
            match e {
                AiEvent::Report { job, analysis } => {
                    if let Some(t) = &mut self.thinking {
                        if t.job == job {
                            t.best_so_far =
                                analysis_first_move(&self.game, &analysis).or(t.best_so_far);
                            self.analysis = Some(analysis);
                        }
                    }
                }
                AiEvent::Done { job, best } => {
                    if let Some(w) = &mut self.worker {
                        w.finished(job);
                    }
                    let ours = self
                        .thinking
                        .as_ref()
                        .is_some_and(|t| t.job == job && t.plies == self.game.history().len());
                    if ours {
                        self.thinking = None;
                        match best {
                            Some(m) => self.play(m),
                            None => self.ai_paused = true,
                        }
                    }
                }
            }
        }
    }

    // ----- files and dialogs -----------------------------------------------------------------

    /// File > Open: the native dialog when the desktop has one, else the in-app picker.
    pub fn open_dialog(&mut self, purpose: Purpose) {
        let start = self.dialog_dir(purpose);
        if self.opts.native_dialogs && files::native_dialog_possible() {
            let ctx = self.ctx();
            self.native = Some(NativeDialog::spawn(purpose, start, move || {
                ctx.request_repaint()
            }));
        } else {
            self.picker = Some(FilePicker::new(purpose, start));
        }
    }

    /// Opens the in-app picker whatever the desktop offers.
    pub fn open_picker(&mut self, purpose: Purpose) {
        let start = self.dialog_dir(purpose);
        self.picker = Some(FilePicker::new(purpose, start));
    }

    fn dialog_dir(&self, purpose: Purpose) -> Option<PathBuf> {
        match purpose {
            Purpose::OpenRules => match &self.source {
                Source::File(p) => p.parent().map(Path::to_path_buf),
                Source::Bundled(_) => self
                    .recent
                    .paths()
                    .first()
                    .and_then(|p| p.parent().map(Path::to_path_buf)),
            },
            _ => self.last_pgn_dir.clone(),
        }
    }

    fn poll_dialogs(&mut self) {
        if let Some(d) = &self.native {
            let purpose = d.purpose;
            match d.poll() {
                DialogOutcome::Pending => {}
                DialogOutcome::Cancelled => self.native = None,
                DialogOutcome::Unavailable => {
                    self.native = None;
                    self.open_picker(purpose);
                }
                DialogOutcome::Chosen(p) => {
                    self.native = None;
                    self.chosen(purpose, p);
                }
            }
        }
    }

    pub(super) fn picker_frame(&mut self, ctx: &egui::Context) {
        let Some(p) = &mut self.picker else { return };
        let purpose = p.purpose;
        match p.show(ctx) {
            PickerResult::Open => {}
            PickerResult::Cancelled => self.picker = None,
            PickerResult::Chosen(path) => {
                self.picker = None;
                self.chosen(purpose, path);
            }
        }
    }

    fn chosen(&mut self, purpose: Purpose, path: PathBuf) {
        match purpose {
            Purpose::OpenRules => self.open(&path.display().to_string()),
            Purpose::OpenPgn => {
                self.last_pgn_dir = path.parent().map(Path::to_path_buf);
                self.load_pgn(&path)
            }
            Purpose::SavePgn => {
                self.last_pgn_dir = path.parent().map(Path::to_path_buf);
                self.save_pgn(&path)
            }
        }
    }

    /// Saves the game as PGN.
    pub fn save_pgn(&mut self, path: &Path) {
        let text = super::pgn::export(&self.game);
        match crate::game::pgn::write_file(path, &text) {
            Ok(()) => self.say(format!("Saved {}", path.display())),
            Err(e) => self.say(format!("error: cannot write {}: {e}", path.display())),
        }
    }

    /// Loads a game from PGN (under the open rules).
    pub fn load_pgn(&mut self, path: &Path) {
        let text = match crate::game::pgn::read_file(path) {
            Ok(t) => t,
            Err(e) => {
                self.say(format!("error: {e}"));
                return;
            }
        };
        match super::pgn::import(&self.variant, &text) {
            Ok(g) => {
                self.stop_ai();
                self.set_game(g);
                // Don't let the computer move at once in a loaded game.
                self.ai_paused = self.computer.plays(self.game.turn());
                self.say(format!("Loaded {}", path.display()));
            }
            Err(e) => {
                self.problems = Some(Problems {
                    title: format!("Could not load {}", path.display()),
                    diagnostics: Vec::new(),
                    text: e,
                });
            }
        }
    }

    fn dropped_files(&mut self, ctx: &egui::Context) {
        let dropped: Vec<PathBuf> = ctx.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_path_buf())
                .collect()
        });
        for p in dropped {
            if p.extension().is_some_and(|e| e == "pgn") {
                self.load_pgn(&p);
            } else {
                self.open(&p.display().to_string());
            }
        }
    }

    // ----- per frame -------------------------------------------------------------------------

    /// Everything that is not drawing: background results, timers, the watched file.
    pub fn poll(&mut self, ctx: &egui::Context) {
        self.poll_ai();
        self.poll_dialogs();
        self.dropped_files(ctx);
        self.check_file_changed();
        self.autosave_now();
        if matches!(self.source, Source::File(_)) {
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(
                self.opts.watch_interval.max(0.1),
            ));
        }
        let now = self.now();
        // Mirror steps happen by themselves, after a pause so the user sees them.
        if self.mirror_step() && self.view.is_none() && self.rules_changed.is_none() {
            match self.mirror_due {
                None => {
                    self.mirror_due = Some(now + self.opts.mirror_delay);
                    ctx.request_repaint_after(std::time::Duration::from_secs_f64(
                        self.opts.mirror_delay,
                    ));
                }
                Some(t) if now >= t => {
                    if let Some(&m) = self.game.legal_moves().first() {
                        let who = self.game.turn();
                        self.play(m);
                        self.say(format!(
                            "{who} mirrored: {}",
                            self.game
                                .history()
                                .last()
                                .map(|p| p.san.as_str())
                                .unwrap_or("")
                        ));
                    }
                }
                Some(t) => ctx
                    .request_repaint_after(std::time::Duration::from_secs_f64((t - now).max(0.0))),
            }
        }
        if self.thinking.is_none() && self.computer_to_move() {
            self.start_ai();
        }
        if self.thinking.is_some() || self.opts.frame_stats {
            // keep the clock and the analysis moving (and, when measuring, draw continuously)
            ctx.request_repaint();
        }
        if let Some((_, until)) = &self.toast {
            if now > *until {
                self.toast = None;
            } else {
                ctx.request_repaint_after(std::time::Duration::from_secs_f64(until - now));
            }
        }
    }
}

impl Drop for MyriadApp {
    /// The window closed: a clean exit removes the autosave (unless a game is still offered
    /// back, which stays for the next start). When a panic unwinds through the app, the autosave
    /// stays, so the next start offers the game back.
    fn drop(&mut self) {
        self.stop_ai();
        if !std::thread::panicking() && !self.game_offered() {
            self.autosave.remove();
        }
    }
}

/// Loads a rules file or bundled game, telling which it was.
pub(super) fn load(spec: &str) -> Result<(Source, Arc<Variant>), Diagnostics> {
    let v = crate::rules::load(spec)?;
    Ok((source_of(spec), v))
}

/// Where rules named `spec` come from: a file on disk, else a bundled game.
fn source_of(spec: &str) -> Source {
    Source::from_spec(spec)
}

fn problems_from(spec: &str, d: &Diagnostics) -> Problems {
    let n = d.into_iter().count();
    Problems {
        title: format!(
            "{spec}: {n} error{} — the game that was open stays open",
            if n == 1 { "" } else { "s" }
        ),
        diagnostics: d.into_iter().cloned().collect(),
        text: d.to_string(),
    }
}

fn bundled_entries() -> Vec<BundledEntry> {
    crate::rules::bundled()
        .iter()
        .map(|(name, _)| match crate::rules::load(name) {
            Ok(v) => BundledEntry {
                name: name.to_string(),
                title: v.spec.name.clone(),
                description: v.spec.description.clone(),
            },
            Err(_) => BundledEntry {
                name: name.to_string(),
                title: name.to_string(),
                description: "(does not compile)".into(),
            },
        })
        .collect()
}

/// The game replayed under new rules, if every move is still legal.
fn replay(old: &Game, v: &Arc<Variant>) -> Option<Game> {
    let randomized = old
        .variant()
        .spec
        .setup
        .as_ref()
        .is_some_and(|s| s.randomized || s.shuffle.is_some());
    let mut g = if old.started_from_fen() || randomized {
        // A randomized or FEN start: keep the same arrays.
        Game::from_fen(v.clone(), &old.initial_position().fen(old.variant())).ok()?
    } else {
        Game::new_seeded(v.clone(), 0)
    };
    for p in old.history() {
        g.play(p.mv).ok()?;
    }
    Some(g)
}

/// The first move of an analysis's principal variation, as a move of `game`.
fn analysis_first_move(game: &Game, a: &Analysis) -> Option<Move> {
    let san = a.pv.first()?;
    game.parse_move(san).ok()
}
