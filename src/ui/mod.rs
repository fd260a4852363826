//! The desktop GUI (egui/eframe).
//!
//! One state struct, [`MyriadApp`] (`app.rs`), and one place that changes it in answer to the
//! user, [`MyriadApp::apply`]: the views only read the state and push [`Action`]s
//! (`action.rs`). `eframe::App::logic` polls background work and `eframe::App::ui` draws.
//!
//! - State changes, by job: `session.rs` (opening rules, reloading, the autosave), `moves.rs`
//!   (moves, undo, browsing, forced setup steps), `computer.rs` (driving the AI), `dialogs.rs`
//!   (file dialogs, dropped files, PGN, loading a PGN under the rules it names: `pgn_rules.rs`),
//!   `discard.rs` (asking before a game in progress is thrown away), `designer.rs` (the
//!   designer's tools: the rules file's text, the piece diagram, opening the file in an editor).
//! - Views: `panels.rs` (the window's layout: a resizable side panel, a fixed strip for the
//!   banners so the board never moves, status bar, board area), `menus.rs` (menu bar and
//!   shortcuts), `banners.rs` (problems, setup step, result, ...), `game_tab.rs` and
//!   `rules_tab.rs` (the side panel; the Rules tab shows the rules file's source with its
//!   diagnostics, `source_view.rs`, and each piece's moves on an empty board, `diagram.rs`),
//!   `board.rs` (the board widget: input) and `paint.rs` (its painting), `picker.rs` (the
//!   in-app file picker, where the desktop has no native dialog).
//! - Background and files: `ai.rs` (the computer thinks on the search's one worker type; its
//!   analysis keeps moves and a score), `analysis.rs` (the analysis mode: a worker of its own
//!   on the position on show; its views, the lines and the evaluation bar: `analysis_panel.rs`), `autosave.rs`, `files.rs` (recent files, native
//!   dialogs), `pgn.rs`, `fonts.rs`; `stats.rs` measures frame times.
//!
//! Tests drive [`MyriadApp`] through `egui_kittest`.

mod action;
mod ai;
mod analysis;
mod analysis_panel;
mod app;
mod autosave;
mod banners;
mod board;
mod clipboard;
mod clock;
mod computer;
mod designer;
mod diagram;
mod dialogs;
mod discard;
mod files;
mod fonts;
mod game_tab;
mod marks;
mod menus;
mod moves;
mod paint;
mod panels;
mod pgn;
mod pgn_rules;
mod picker;
mod pieces;
mod points;
mod prefs;
mod rules_tab;
mod session;
mod source_view;
mod stats;
mod strips;
mod tokens;

pub use action::Action;
pub use ai::Analysis;
pub use app::{window_title, Computer, Explicit, MyriadApp, Options, Problems, Tab, DEFAULT_GAME};
pub use autosave::Offer;
pub use designer::DesignerAction;
pub use files::Purpose;
pub use marks::{Mark, MarkKind};
pub use pieces::{cached_textures, PieceSet, Style, Theme, CREDITS};
pub use prefs::Prefs;

/// Where the game's rules came from: the one [`Origin`](crate::variant::Origin) type, under
/// the GUI's old name.
pub use crate::variant::Origin as Source;

/// Opens the window on `file` (a path or bundled name; default: a bundled game).
///
/// Environment: `MYRIAD_FRAME_STATS=1` prints frame-time statistics to stderr;
/// `MYRIAD_COMPUTER=neither|white|black|both` and `MYRIAD_LEVEL=1..10` choose the computer
/// player; `MYRIAD_PGN=FILE` loads a game at start; `MYRIAD_NO_NATIVE_DIALOG=1` always uses
/// the in-app file picker; `MYRIAD_CLOCK=3+2` plays with a clock (minutes + increment seconds).
pub fn run(file: Option<&str>) -> anyhow::Result<()> {
    let mut opts = Options {
        file: file.map(str::to_string),
        frame_stats: std::env::var_os("MYRIAD_FRAME_STATS").is_some(),
        ..Options::default()
    };
    if let Ok(c) = std::env::var("MYRIAD_COMPUTER") {
        opts.computer = match c.to_ascii_lowercase().as_str() {
            "white" => Computer::White,
            "black" => Computer::Black,
            "both" => Computer::Both,
            _ => Computer::Neither,
        };
        opts.explicit.computer = true;
    }
    if let Some(l) = std::env::var("MYRIAD_LEVEL")
        .ok()
        .and_then(|l| l.parse().ok())
    {
        opts.level = l;
        opts.explicit.level = true;
    }
    // The window opens at the size it had when it was last closed.
    let (prefs, _) = Prefs::load(opts.config_dir.as_deref());
    let size = prefs
        .window
        .map_or([1180.0, 760.0], |[w, h]| [w.max(640.0), h.max(420.0)]);
    if let Ok(c) = std::env::var("MYRIAD_CLOCK") {
        opts.time_control = crate::game::TimeControl::from_minutes_text(&c);
    }
    let pgn = std::env::var_os("MYRIAD_PGN").map(std::path::PathBuf::from);
    let native = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Myriad")
            .with_inner_size(size)
            .with_min_inner_size([640.0, 420.0])
            .with_drag_and_drop(true),
        ..Default::default()
    };
    eframe::run_native(
        "Myriad",
        native,
        Box::new(move |cc| {
            let mut app = MyriadApp::new(opts);
            app.attach(&cc.egui_ctx);
            if let Some(p) = pgn {
                app.load_pgn(&p);
            }
            Ok(Box::new(app))
        }),
    )
    .map_err(|e| anyhow::anyhow!("cannot open the window: {e}"))
}
