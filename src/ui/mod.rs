//! The desktop GUI (egui/eframe).
//!
//! One state struct, [`MyriadApp`] (`app.rs`); `eframe::App::logic` polls background work and
//! `eframe::App::ui` draws (`panels.rs`). The board is its own widget (`board.rs`); the computer
//! thinks in a background thread (`ai.rs`); the in-app file picker (`picker.rs`) stands in
//! where the desktop has no native dialog; the game in progress is autosaved (`autosave.rs`). Tests drive [`MyriadApp`] through `egui_kittest`.

mod ai;
mod app;
mod autosave;
mod board;
mod files;
mod fonts;
mod panels;
mod pgn;
mod picker;

pub use ai::Analysis;
pub use app::{Computer, MyriadApp, Options, Problems, Source, Tab, DEFAULT_GAME};
pub use autosave::Offer;
pub use files::Purpose;

/// Opens the window on `file` (a path or bundled name; default: a bundled game).
///
/// Environment: `MYRIAD_FRAME_STATS=1` prints frame-time statistics to stderr;
/// `MYRIAD_COMPUTER=neither|white|black|both` and `MYRIAD_LEVEL=1..10` choose the computer
/// player; `MYRIAD_PGN=FILE` loads a game at start; `MYRIAD_NO_NATIVE_DIALOG=1` always uses
/// the in-app file picker.
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
    }
    if let Some(l) = std::env::var("MYRIAD_LEVEL")
        .ok()
        .and_then(|l| l.parse().ok())
    {
        opts.level = l;
    }
    let pgn = std::env::var_os("MYRIAD_PGN").map(std::path::PathBuf::from);
    let native = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Myriad")
            .with_inner_size([1180.0, 760.0])
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
