//! Helpers shared by the GUI tests (`tests/gui_*.rs`): a harness around the real app, and
//! the user's gestures on the board and the panels, found through the accessibility tree (each
//! square is a grid cell labelled with its name, "e4").

// Each test file uses the helpers it needs.
#![allow(dead_code)]

use std::path::PathBuf;
use std::time::{Duration, Instant};

use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use myriad::types::Square;
use myriad::ui::{Action, MyriadApp, Options};

/// The app in a 1280x860 window, one frame run.
pub fn harness_with(opts: Options) -> Harness<'static, MyriadApp> {
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 860.0))
        .with_max_steps(400)
        .build_ui_state(
            |ui, app: &mut MyriadApp| app.frame(ui),
            MyriadApp::new(opts),
        );
    h.run();
    h
}

/// The app on `file` (a bundled name or a path), headless: the computer plays nobody.
pub fn harness(file: &str) -> Harness<'static, MyriadApp> {
    harness_with(Options {
        file: Some(file.into()),
        ..Options::headless()
    })
}

/// A square's rectangle on screen.
pub fn square(h: &Harness<'static, MyriadApp>, name: &str) -> egui::Rect {
    h.get_by_role_and_label(Role::GridCell, name).rect()
}

/// The square named `name` in the open game's geometry.
pub fn sq(h: &Harness<'static, MyriadApp>, name: &str) -> Square {
    h.state().variant().geometry().parse_square(name).unwrap()
}

/// Clicks a square.
pub fn click_square(h: &mut Harness<'static, MyriadApp>, name: &str) {
    h.get_by_role_and_label(Role::GridCell, name).click();
    h.run();
}

/// Click-click: the piece, then its destination.
pub fn click_move(h: &mut Harness<'static, MyriadApp>, from: &str, to: &str) {
    click_square(h, from);
    click_square(h, to);
}

/// Clicks the widget labelled `label`.
pub fn click_label(h: &mut Harness<'static, MyriadApp>, label: &str) {
    h.get_by_label(label).click();
    h.run();
}

/// Drags with the primary button from point `a` to point `b`, in steps as a hand would.
pub fn drag_points(h: &mut Harness<'static, MyriadApp>, a: egui::Pos2, b: egui::Pos2) {
    h.hover_at(a);
    h.run();
    h.drag_at(a);
    h.run();
    for i in 1..=4 {
        h.hover_at(a + (b - a) * (i as f32 / 4.0));
        h.run();
    }
    h.drop_at(b);
    h.run();
}

/// Drag-and-drop from one square to another.
pub fn drag_move(h: &mut Harness<'static, MyriadApp>, from: &str, to: &str) {
    let (a, b) = (square(h, from).center(), square(h, to).center());
    drag_points(h, a, b);
}

/// Presses `button` on square `from`, moves to `to` and lets go there.
pub fn drag_with(
    h: &mut Harness<'static, MyriadApp>,
    button: egui::PointerButton,
    from: &str,
    to: &str,
) {
    let a = square(h, from).center();
    let b = square(h, to).center();
    let press = |pos, pressed| egui::Event::PointerButton {
        pos,
        button,
        pressed,
        modifiers: egui::Modifiers::default(),
    };
    h.hover_at(a);
    h.run();
    h.event(press(a, true));
    h.run();
    for i in 1..=4 {
        h.hover_at(a + (b - a) * (i as f32 / 4.0));
        h.run();
    }
    h.event(press(b, false));
    h.run();
}

/// Plays moves (SAN or UCI, as the game reads them) through the app's actions.
pub fn play(h: &mut Harness<'static, MyriadApp>, moves: &[&str]) {
    for m in moves {
        let mv = h.state().game().parse_move(m).unwrap();
        h.state_mut().apply(Action::Play(mv));
        h.run();
    }
}

/// The game's plies in SAN.
pub fn sans(h: &Harness<'static, MyriadApp>) -> Vec<String> {
    h.state()
        .game()
        .history()
        .iter()
        .map(|p| p.san.clone())
        .collect()
}

/// "white Knight": the piece on `sq`, if any.
pub fn piece_name(h: &Harness<'static, MyriadApp>, sq: &str) -> Option<String> {
    let app = h.state();
    let v = app.variant();
    let s = v.geometry().parse_square(sq)?;
    app.game().position().piece_at(s).map(|p| {
        format!(
            "{} {}",
            p.color.to_string().to_lowercase(),
            v.role(p.role).name
        )
    })
}

/// A fresh, empty directory for one test (named after the test file, the tag and the process).
pub fn temp_dir(tag: &str) -> PathBuf {
    let file = module_path!().split("::").next().unwrap_or("gui");
    let d = std::env::temp_dir().join(format!("myriad-{file}-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Steps the harness (a search wakes it at its own pace, so it never settles) until `done`
/// holds, then once more.
pub fn step_until(
    h: &mut Harness<'static, MyriadApp>,
    what: &str,
    done: impl Fn(&MyriadApp) -> bool,
) {
    let deadline = Instant::now() + Duration::from_secs(120);
    while !done(h.state()) {
        assert!(Instant::now() < deadline, "waited too long for {what}");
        h.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    h.step();
}
