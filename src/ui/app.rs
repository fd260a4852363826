//! The application state: one struct, [`MyriadApp`], and the one place that changes it in
//! answer to the user, [`MyriadApp::apply`]. Each frame, [`eframe::App::logic`] polls
//! background work (the AI, file dialogs, the watched rules file, forced setup steps) and
//! [`eframe::App::ui`] draws (`panels.rs` and the modules it calls), which only reads the
//! state and collects [`Action`]s. The state changes themselves live by job: `session.rs`
//! (opening rules, reloading, the autosave), `moves.rs` (moves, undo, browsing, forced steps),
//! `computer.rs` (the AI), `dialogs.rs` (file dialogs, dropped files, PGN).

use std::cell::Cell;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::SystemTime;

use crate::game::{Clock, Game, TimeControl};
use crate::rules::Diagnostic;
use crate::search::worker::Worker;
use crate::types::Color;
use crate::variant::{Origin, Variant};

use super::action::Action;
use super::ai::Analysis;
use super::analysis::Analyser;
use super::autosave::{Autosave, Offer};
use super::board::BoardState;
use super::computer::Thinking;
use super::designer::Designer;
use super::discard::Discard;
use super::files::{self, NativeDialog, Recent};
use super::marks::Mark;
use super::moves::ForcedCache;
use super::picker::FilePicker;
use super::pieces::Style;
use super::prefs::{Prefs, Remembered};
use super::session::{bundled_entries, load, problems_from, warnings_from, ChangedRules};
use super::stats::FrameStats;

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
    /// Seconds a forced setup step (a mirror step, or a step with one legal choice: see
    /// [`Game::forced_move`]) waits before it plays itself, so the user sees it happen.
    pub forced_delay: f64,
    /// Seconds between checks of the open file for changes.
    pub watch_interval: f64,
    /// Print frame-time statistics to stderr every few seconds.
    pub frame_stats: bool,
    /// The time control of the games played (`None`: no clock).
    pub time_control: Option<TimeControl>,
    /// The settings given explicitly (command line, environment): they win over the
    /// preferences remembered in the config folder; the others only stand in for them.
    pub explicit: Explicit,
}

/// Which [`Options`] were given explicitly, so that remembered preferences do not override them.
#[derive(Clone, Copy, Debug, Default)]
pub struct Explicit {
    /// [`Options::computer`] was given.
    pub computer: bool,
    /// [`Options::level`] was given.
    pub level: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            file: None,
            computer: Computer::Black,
            level: 3,
            native_dialogs: true,
            config_dir: files::default_config_dir(),
            forced_delay: 0.8,
            watch_interval: 0.5,
            frame_stats: false,
            explicit: Explicit::default(),
            time_control: None,
        }
    }
}

impl Options {
    /// Options for tests and headless use: no native dialogs, nothing written to disk, the
    /// computer plays nobody, forced steps play at once.
    pub fn headless() -> Options {
        Options {
            computer: Computer::Neither,
            native_dialogs: false,
            config_dir: None,
            forced_delay: 0.0,
            ..Options::default()
        }
    }
}

/// Problems to show: a rules file that failed to compile, or another error.
#[derive(Clone, Debug)]
pub struct Problems {
    /// One line saying what happened.
    pub title: String,
    /// The diagnostics, if it was a rules file.
    pub diagnostics: Vec<Diagnostic>,
    /// Everything as plain text (for copying).
    pub text: String,
    /// Only warnings: the rules loaded and the game goes on (a yellow bar, not a red one).
    pub warning: bool,
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

/// The whole application.
pub struct MyriadApp {
    pub(super) ctx: Option<egui::Context>,
    pub(super) opts: Options,
    pub(super) source: Origin,
    pub(super) source_mtime: Option<SystemTime>,
    /// The game, and with it the rules it is played under (`game.variant()`, the one source of
    /// truth for the rules).
    pub(super) game: Game,
    /// Plies shown while browsing the history; `None` follows the game.
    pub(super) view: Option<usize>,
    pub(super) board: BoardState,
    pub(super) flipped: bool,
    pub(super) tab: Tab,
    pub(super) problems: Option<Problems>,
    /// The file changed and its new rules cannot continue this game: them, and the first step
    /// or move they no longer allow.
    pub(super) rules_changed: Option<ChangedRules>,
    pub(super) computer: Computer,
    pub(super) level: u8,
    pub(super) worker: Option<Worker>,
    pub(super) thinking: Option<Thinking>,
    pub(super) analysis: Option<Analysis>,
    pub(super) show_analysis: bool,
    /// The analysis mode: its own search of the position on show.
    pub(super) analyser: Analyser,
    pub(super) ai_paused: bool,
    /// When the forced setup step on the board plays itself.
    pub(super) forced_due: Option<f64>,
    /// [`Game::forced_move`] for the position on the board, worked out once per position.
    pub(super) forced_cache: Cell<ForcedCache>,
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
    /// A change that would discard the game in progress, waiting for the user's yes.
    pub(super) discard: Option<Discard>,
    /// Are the problems' diagnostics shown (over the board) or only their one-line bar?
    pub(super) problem_details: bool,
    /// The window title last sent to the window.
    pub(super) title_sent: Option<String>,
    /// The paste box's text, while it is open.
    pub(super) paste_box: Option<String>,
    /// The piece set and board theme.
    pub(super) style: Style,
    /// The window's size and the side panel's width as last drawn (for the preferences).
    pub(super) window_size: Cell<Option<[f32; 2]>>,
    pub(super) side_width: Cell<Option<f32>>,
    /// The preferences as last written.
    pub(super) remembered: Remembered,
    /// The designer's tools: source view, piece diagram, editor.
    pub(super) designer: Designer,
    /// The time control the next new game gets (`None`: no clock).
    pub(super) time_control: Option<TimeControl>,
    /// Was the time control set in the custom fields (they stay open)?
    pub(super) custom_clock: bool,
    /// The clock of the game on the board.
    pub(super) clock: Option<Clock>,
    /// A draw offered by this side at one board, waiting for the other's answer.
    pub(super) draw_offer: Option<Color>,
}

impl MyriadApp {
    /// Creates the app and opens the starting game. It attaches to its egui context (fonts,
    /// repaints from background threads) on its first frame, or through [`MyriadApp::attach`].
    pub fn new(opts: Options) -> MyriadApp {
        let spec = opts.file.clone().unwrap_or_else(|| DEFAULT_GAME.into());
        let (source, variant, problems) = match load(&spec) {
            Ok((s, v, w)) => {
                let p = warnings_from(&s, &w);
                (s, v, p)
            }
            Err(d) => {
                // The named file is broken: open the default game, show the problems.
                let p = problems_from(&spec, &d);
                let (s, v, _) = load(DEFAULT_GAME)
                    .or_else(|_| load("chess"))
                    .expect("the bundled games compile");
                (s, v, Some(p))
            }
        };
        let recent = Recent::load(opts.config_dir.as_deref());
        let (prefs, note) = Prefs::load(opts.config_dir.as_deref());
        let computer = match prefs.computer {
            Some(c) if !opts.explicit.computer => c,
            _ => opts.computer,
        };
        let level = match prefs.level {
            Some(l) if !opts.explicit.level => l,
            _ => opts.level,
        };
        let (autosave, restore) = Autosave::open(opts.config_dir.as_deref());
        let mut app = MyriadApp {
            ctx: None,
            source_mtime: None,
            game: Game::new(variant),
            source: source.clone(),
            view: None,
            board: BoardState::default(),
            flipped: false,
            tab: Tab::Game,
            problems,
            rules_changed: None,
            computer,
            level: level.clamp(1, 10),
            worker: None,
            thinking: None,
            analysis: None,
            show_analysis: prefs.show_analysis.unwrap_or(false),
            analyser: Analyser::default(),
            ai_paused: false,
            forced_due: None,
            forced_cache: Cell::new(None),
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
            discard: None,
            problem_details: true,
            title_sent: None,
            paste_box: None,
            style: Style {
                set: prefs.set.unwrap_or_default(),
                theme: prefs.theme.unwrap_or_default(),
            },
            window_size: Cell::new(prefs.window),
            side_width: Cell::new(prefs.side_width),
            remembered: Remembered {
                saved: prefs.clone(),
                note,
                sizes_at: 0.0,
            },
            designer: Designer::default(),
            time_control: opts.time_control,
            custom_clock: false,
            clock: None,
            draw_offer: None,
            opts,
        };
        app.reset_clock();
        if let Origin::File(p) = &source {
            app.source_mtime = files::mtime(p);
            app.recent.add(p);
        }
        // While a game from a previous run is offered back, the computer waits for the answer.
        app.ai_paused = app.game_offered();
        // The human plays from the bottom: flip when the computer has White only, unless the
        // user's own choice is remembered (and the computer's side was not given anew).
        app.flipped = match prefs.flipped {
            Some(f) if !app.opts.explicit.computer => f,
            _ => app.computer == Computer::White,
        };
        if let Some(n) = prefs.analysis_lines {
            app.set_analysis_lines(n);
        }
        if prefs.analysis_mode == Some(true) {
            app.set_analysis_mode(true);
        }
        app
    }

    /// The game being played.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The variant being played: the game's own rules.
    pub fn variant(&self) -> &Arc<Variant> {
        self.game.variant()
    }

    /// Where the rules came from.
    pub fn source(&self) -> &Origin {
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

    /// The user's arrows and circles on the board.
    pub fn user_marks(&self) -> &[Mark] {
        &self.board.user_marks
    }

    /// The move kept to be played when the user's turn comes, if any.
    pub fn premove(&self) -> Option<crate::types::Move> {
        self.board.premove
    }

    /// Is the board flipped (Black at the bottom)?
    pub fn is_flipped(&self) -> bool {
        self.flipped
    }

    /// Recently opened files, newest first.
    pub fn recent_files(&self) -> &[PathBuf] {
        self.recent.paths()
    }

    /// The message on show in the status bar, if any (it fades after a few seconds).
    pub fn toast(&self) -> Option<&str> {
        self.toast.as_ref().map(|(m, _)| m.as_str())
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

    /// Shows problems: their bar above the board, their details over it.
    pub(super) fn show_problems(&mut self, p: Problems) {
        self.problems = Some(p);
        self.problem_details = true;
    }

    pub(super) fn say(&mut self, msg: impl Into<String>) {
        let t = self.now();
        self.toast = Some((msg.into(), t + 4.0));
    }

    // ----- the one place the user's intents change the state ---------------------------------

    /// Carries out what the user asked for (a menu item, a button, a move on the board, a
    /// shortcut): every change the user makes to the app's state goes through here.
    pub fn apply(&mut self, action: Action) {
        match action {
            Action::Open(spec) => self.open(&spec),
            Action::OpenDialog(purpose) => self.open_dialog(purpose),
            Action::OpenPicker(purpose) => self.open_picker(purpose),
            Action::FileChosen(purpose, path) => {
                self.picker = None;
                self.native = None;
                self.chosen(purpose, path);
            }
            Action::ClosePicker => self.picker = None,
            Action::LoadPgn(path) => self.load_pgn(&path),
            Action::ClearRecent => self.recent.clear(),
            Action::Reload => self.reload(),
            Action::NewGame => self.new_game(),
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::Play(m) => self.user_play(m),
            Action::Flip => self.flipped = !self.flipped,
            Action::ViewPly(n) => self.view_ply(n),
            Action::StepView(delta) => self.step_view(delta),
            Action::SetTab(tab) => self.tab = tab,
            Action::SetComputer(c) => {
                if c != self.computer {
                    self.computer = c;
                    // the board turns to the human's side
                    match c {
                        Computer::White => self.flipped = true,
                        Computer::Black => self.flipped = false,
                        Computer::Neither | Computer::Both => {}
                    }
                    self.stop_ai();
                    self.ai_paused = false;
                }
            }
            Action::SetLevel(level) => self.level = level.clamp(1, 10),
            Action::ShowAnalysis(show) => self.show_analysis = show,
            Action::SetPieceSet(set) => self.style.set = set,
            Action::SetTheme(theme) => self.style.theme = theme,
            Action::AnalysisMode(on) => self.set_analysis_mode(on),
            Action::AnalysisLines(n) => self.set_analysis_lines(n),
            Action::StopThinking => self.stop_button(),
            Action::MoveNow => self.move_now(),
            Action::ResumeComputer => self.ai_paused = false,
            Action::AcceptChangedRules => self.accept_changed_rules(),
            Action::KeepOldRules => self.rules_changed = None,
            Action::DismissProblems => self.problems = None,
            Action::RestoreGame => self.restore_game(),
            Action::DiscardRestore => self.discard_restore(),
            Action::ConfirmDiscard => self.confirm_discard(),
            Action::CancelDiscard => self.discard = None,
            Action::ShowProblemDetails(show) => self.problem_details = show,
            Action::CopyFen => self.copy_fen(),
            Action::CopyPgn => self.copy_pgn(),
            Action::Paste(text) => self.paste(&text),
            Action::OpenPasteBox => self.paste_box = Some(String::new()),
            Action::EditPasteBox(text) => self.paste_box = Some(text),
            Action::ClosePasteBox => self.paste_box = None,
            Action::Designer(a) => self.designer_apply(a),
            Action::SetTimeControl(tc, custom) => {
                self.time_control = tc;
                self.custom_clock = custom && tc.is_some();
            }
            Action::Resign => self.resign(),
            Action::OfferDraw => self.offer_draw(),
            Action::AcceptDraw => self.accept_draw(),
            Action::DeclineDraw => self.decline_draw(),
            Action::Quit => {
                if let Some(ctx) = &self.ctx {
                    ctx.send_viewport_cmd(egui::ViewportCommand::Close);
                }
            }
        }
    }

    /// Applies a frame's actions, in the order they were asked for, and draws their result.
    pub(super) fn apply_all(&mut self, actions: Vec<Action>) {
        if actions.is_empty() {
            return;
        }
        for a in actions {
            self.apply(a);
        }
        if let Some(ctx) = &self.ctx {
            ctx.request_repaint();
        }
    }

    // ----- per frame -------------------------------------------------------------------------

    /// One whole frame, as eframe runs it: [`MyriadApp::logic_pass`] then
    /// [`MyriadApp::ui_pass`]. Tests drive the app through this.
    pub fn frame(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        self.logic_pass(&ctx);
        self.ui_pass(ui);
    }

    /// The non-drawing part of a frame: background results, timers, shortcuts.
    pub fn logic_pass(&mut self, ctx: &egui::Context) {
        self.attach(ctx);
        self.frame_begin();
        self.poll(ctx);
        let actions = self.shortcuts(ctx);
        self.apply_all(actions);
        self.send_title(ctx);
    }

    /// The window's title: the game, its file, and the program ("Regroupment Chess —
    /// regroupment.rules — Myriad").
    pub fn window_title(&self) -> String {
        window_title(self.variant().name(), &self.source.short())
    }

    /// Tells the window its title when it changed.
    fn send_title(&mut self, ctx: &egui::Context) {
        let title = self.window_title();
        if self.title_sent.as_deref() != Some(title.as_str()) {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title_sent = Some(title);
        }
    }

    /// The drawing part of a frame.
    pub fn ui_pass(&mut self, ui: &mut egui::Ui) {
        self.attach(ui.ctx());
        super::pieces::set_style(ui.ctx(), self.style);
        self.draw(ui);
        let size = ui.ctx().content_rect().size();
        self.window_size.set(Some([size.x, size.y]));
        self.remember_prefs(&ui.ctx().clone());
        // a move made in this frame is on disk before the app waits for the next event
        self.autosave_now();
        self.frame_end();
    }

    /// Everything that is not drawing: background results, timers, the watched file.
    pub fn poll(&mut self, ctx: &egui::Context) {
        // the flag first: a move that comes after it does not count
        self.tick_clock(ctx);
        self.poll_ai();
        self.poll_dialogs();
        self.dropped_files(ctx);
        self.check_file_changed();
        self.poll_designer();
        self.autosave_now();
        if matches!(self.source, Origin::File(_)) {
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(
                self.opts.watch_interval.max(0.1),
            ));
        }
        // Forced setup steps happen by themselves, after a pause so the user sees them.
        self.play_forced_when_due(ctx);
        if self.thinking.is_none() && self.computer_to_move() {
            self.start_ai();
        }
        self.poll_analysis();
        if self.thinking.is_some() || self.opts.frame_stats {
            // keep the clock and the analysis moving (and, when measuring, draw continuously)
            ctx.request_repaint();
        }
        let now = self.now();
        if let Some((_, until)) = &self.toast {
            if now > *until {
                self.toast = None;
            } else {
                ctx.request_repaint_after(std::time::Duration::from_secs_f64(until - now));
            }
        }
    }
}

/// A window title naming the game and its rules file.
pub fn window_title(game: &str, file: &str) -> String {
    format!("{game} — {file} — Myriad")
}

impl eframe::App for MyriadApp {
    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        self.logic_pass(ctx);
    }

    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        // eframe's timing of the previous whole frame (egui, tessellation, rendering)
        if let Some(s) = frame.info().cpu_usage {
            self.stats.record_full_frame(s, self.thinking.is_some());
        }
        self.ui_pass(ui);
    }
}

impl Drop for MyriadApp {
    /// The window closed: a clean exit removes the autosave (unless a game is still offered
    /// back, which stays for the next start). When a panic unwinds through the app, the autosave
    /// stays, so the next start offers the game back.
    fn drop(&mut self) {
        self.stop_ai();
        self.remember_prefs_now();
        if !std::thread::panicking() && !self.game_offered() {
            self.autosave.remove();
        }
    }
}
