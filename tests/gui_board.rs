//! The board as a lichess player uses it, driven through egui_kittest: pieces placed from the
//! hand beside the board, the banner that says why Keep is not offered, arrows and circles with
//! the right button, premoves, the captured material, the board turning to the human's side,
//! and FEN/PGN through the clipboard.

#![cfg(feature = "gui")]

use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use myriad::ui::{MyriadApp, Options};

fn harness_with(opts: Options) -> Harness<'static, MyriadApp> {
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

fn harness(file: &str) -> Harness<'static, MyriadApp> {
    harness_with(Options {
        file: Some(file.into()),
        ..Options::headless()
    })
}

fn square(h: &Harness<'static, MyriadApp>, name: &str) -> egui::Rect {
    h.get_by_role_and_label(Role::GridCell, name).rect()
}

fn click_square(h: &mut Harness<'static, MyriadApp>, name: &str) {
    h.get_by_role_and_label(Role::GridCell, name).click();
    h.run();
}

fn sans(h: &Harness<'static, MyriadApp>) -> Vec<String> {
    h.state()
        .game()
        .history()
        .iter()
        .map(|p| p.san.clone())
        .collect()
}

fn piece_name(h: &Harness<'static, MyriadApp>, sq: &str) -> Option<String> {
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

/// Drags with the primary button from point `a` to point `b`, in steps as a hand would.
fn drag_points(h: &mut Harness<'static, MyriadApp>, a: egui::Pos2, b: egui::Pos2) {
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

#[test]
fn pieces_are_placed_from_the_hand_by_click_and_by_drag() {
    let mut h = harness("pre-chess");
    // White's hand holds two knights; clicking one highlights the first rank, b1 places it
    h.get_by_label("White's hand: knight ×2").click();
    h.run();
    click_square(&mut h, "b1");
    assert_eq!(sans(&h), ["N@b1"]);
    assert_eq!(piece_name(&h, "b1").as_deref(), Some("white Knight"));
    assert!(h.query_by_label("White's hand: knight ×1").is_some());
    // Black drags its king from the hand onto e8
    let from = h.get_by_label("Black's hand: king ×1").rect().center();
    let to = square(&h, "e8").center();
    drag_points(&mut h, from, to);
    assert_eq!(sans(&h), ["N@b1", "K@e8"]);
    assert_eq!(piece_name(&h, "e8").as_deref(), Some("black King"));
    // a square outside the first rank takes no piece: the click puts the knight back
    h.get_by_label("White's hand: knight ×1").click();
    h.run();
    click_square(&mut h, "e4");
    assert_eq!(sans(&h).len(), 2);
    assert!(piece_name(&h, "e4").is_none());
}

#[test]
fn the_banner_says_why_keep_is_not_offered() {
    let mut h = harness("regroupment");
    // Black's king swaps with the f8 bishop: the bishops now share a colour, so the queen
    // step cannot be declined
    click_square(&mut h, "e8");
    click_square(&mut h, "f8");
    assert_eq!(h.state().game().history().len(), 1);
    assert!(h.query_by_label("Keep").is_none(), "Keep is still offered");
    let why = h
        .query_by_label_contains("No Keep here")
        .expect("the banner says why Keep is gone");
    let text = format!("{why:?}");
    assert!(
        text.contains("bishops on squares of both colours"),
        "{text}"
    );
}
