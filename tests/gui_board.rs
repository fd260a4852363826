//! The board as a lichess player uses it, driven through egui_kittest: pieces placed from the
//! hand beside the board, the banner that says why Keep is not offered, arrows and circles with
//! the right button, premoves, the captured material, the board turning to the human's side,
//! and FEN/PGN through the clipboard.

#![cfg(feature = "gui")]

use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use myriad::ui::{Action, Computer, Mark, MarkKind, MyriadApp, Options};

mod common;
use common::*;

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

#[test]
fn the_right_button_draws_arrows_and_circles_and_a_left_click_clears_them() {
    let mut h = harness("chess");
    drag_with(&mut h, egui::PointerButton::Secondary, "e2", "e4");
    assert!(sans(&h).is_empty(), "the right button moved a piece");
    let arrow = Mark::Arrow {
        from: sq(&h, "e2"),
        to: sq(&h, "e4"),
        kind: MarkKind::Green,
    };
    assert_eq!(h.state().user_marks(), [arrow]);
    // a right click rings a square; the same click again takes the ring away
    h.get_by_role_and_label(Role::GridCell, "d5")
        .click_secondary();
    h.run();
    let ring = Mark::Circle {
        sq: sq(&h, "d5"),
        kind: MarkKind::Green,
    };
    assert_eq!(h.state().user_marks(), [arrow, ring]);
    h.get_by_role_and_label(Role::GridCell, "d5")
        .click_secondary();
    h.run();
    assert_eq!(h.state().user_marks(), [arrow]);
    // the same arrow again takes it away; a left click clears every mark
    drag_with(&mut h, egui::PointerButton::Secondary, "e2", "e4");
    assert!(h.state().user_marks().is_empty());
    drag_with(&mut h, egui::PointerButton::Secondary, "g1", "f3");
    assert_eq!(h.state().user_marks().len(), 1);
    click_square(&mut h, "a6");
    assert!(h.state().user_marks().is_empty());
    assert!(sans(&h).is_empty());
}

/// Chess against the computer (Black, full strength) after 1. e4, the computer thinking.
fn thinking_after_e4() -> Harness<'static, MyriadApp> {
    let mut h = harness_with(Options {
        file: Some("chess".into()),
        computer: Computer::Black,
        level: 10,
        ..Options::headless()
    });
    click_square(&mut h, "e2");
    h.get_by_role_and_label(Role::GridCell, "e4").click();
    h.step();
    step_until(&mut h, "the computer to think", |a| a.is_thinking());
    h
}

/// Clicks a square without waiting for the app to settle (the computer is thinking).
fn tap(h: &mut Harness<'static, MyriadApp>, name: &str) {
    h.get_by_role_and_label(Role::GridCell, name).click();
    h.step();
}

#[test]
fn a_premove_made_while_the_computer_thinks_is_played_when_the_turn_comes() {
    let mut h = thinking_after_e4();
    // the knight's premove, while Black thinks
    tap(&mut h, "g1");
    tap(&mut h, "f3");
    assert_eq!(sans(&h), ["e4"], "a premove is not played at once");
    let pm = h.state().premove().expect("the premove is kept");
    assert_eq!((pm.from, pm.to), (sq(&h, "g1"), sq(&h, "f3")));
    h.state_mut().apply(Action::MoveNow);
    step_until(&mut h, "the reply and the premove", |a| {
        a.game().history().len() >= 3
    });
    assert_eq!(sans(&h)[2], "Nf3");
    assert!(h.state().premove().is_none());
}

#[test]
fn a_right_click_cancels_a_premove() {
    let mut h = thinking_after_e4();
    tap(&mut h, "d2");
    tap(&mut h, "d4");
    assert!(h.state().premove().is_some());
    h.get_by_role_and_label(Role::GridCell, "h5")
        .click_secondary();
    h.step();
    assert!(h.state().premove().is_none());
    assert!(
        h.state().user_marks().is_empty(),
        "the cancelling click draws nothing"
    );
    h.state_mut().apply(Action::MoveNow);
    step_until(&mut h, "the reply", |a| a.game().history().len() >= 2);
    for _ in 0..5 {
        h.step();
    }
    assert_eq!(sans(&h).len(), 2);
}

#[test]
fn the_board_turns_to_the_human_s_side() {
    let mut h = harness("chess");
    assert!(!h.state().is_flipped());
    h.state_mut().apply(Action::SetComputer(Computer::White));
    h.run_ok();
    assert!(
        h.state().is_flipped(),
        "the human plays Black: Black at the bottom"
    );
    h.state_mut().apply(Action::SetComputer(Computer::Neither));
    assert!(
        h.state().is_flipped(),
        "two humans: the board stays as it was"
    );
    h.state_mut().apply(Action::SetComputer(Computer::Black));
    assert!(!h.state().is_flipped());
}

#[test]
fn the_strips_show_the_material_lead() {
    let mut h = harness("chess");
    for (a, b) in [("e2", "e4"), ("d7", "d5"), ("e4", "d5")] {
        click_square(&mut h, a);
        click_square(&mut h, b);
    }
    assert_eq!(sans(&h), ["e4", "d5", "exd5"]);
    assert!(
        h.query_by_label("+1").is_some(),
        "White's pawn lead is shown"
    );
}

fn copied(h: &Harness<'static, MyriadApp>) -> Vec<String> {
    h.output()
        .platform_output
        .commands
        .iter()
        .filter_map(|c| match c {
            egui::OutputCommand::CopyText(t) => Some(t.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn fen_and_pgn_are_copied_and_pasted_through_the_clipboard() {
    let mut h = harness("chess");
    click_square(&mut h, "e2");
    click_square(&mut h, "e4");
    h.state_mut().apply(Action::CopyFen);
    h.step();
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    assert!(copied(&h).iter().any(|t| t == fen), "{:?}", copied(&h));
    h.state_mut().apply(Action::CopyPgn);
    h.step();
    let pgn = copied(&h)
        .into_iter()
        .find(|t| t.contains("[Event"))
        .expect("the PGN is copied");
    assert!(pgn.contains("1. e4"), "{pgn}");

    // Ctrl+V in a fresh window: the FEN becomes the game's position
    let mut h = harness("chess");
    h.event(egui::Event::Paste(fen.into()));
    h.run();
    assert_eq!(h.state().game().fen(), fen);
    // a PGN of another bundled game switches to its rules
    let mut g = harness("chess");
    g.event(egui::Event::Paste(pgn.clone()));
    g.run();
    assert_eq!(g.state().game().history().len(), 1);
    let mut r = harness("regroupment");
    r.event(egui::Event::Paste(pgn));
    r.run();
    assert_eq!(r.state().variant().name(), "Chess");
    assert_eq!(sans(&r), ["e4"]);
}

#[test]
fn a_bad_paste_says_why_and_keeps_the_game() {
    let mut h = harness("chess");
    click_square(&mut h, "e2");
    click_square(&mut h, "e4");
    h.event(egui::Event::Paste("rnbqkbnr/pppppppp/8/8 w".into()));
    h.run();
    assert_eq!(sans(&h), ["e4"], "the game survives");
    let p = h.state().problems().expect("the problems bar says why");
    assert!(p.title.contains("not a FEN"), "{}", p.title);
    // a good FEN with a game in progress asks first
    h.state_mut().apply(Action::DismissProblems);
    h.event(egui::Event::Paste("4k3/8/8/8/8/8/8/4K2R w K - 0 1".into()));
    h.run();
    assert_eq!(sans(&h), ["e4"]);
    assert!(
        h.state().discard_question().is_some(),
        "the user is asked first"
    );
    h.state_mut().apply(Action::ConfirmDiscard);
    h.run();
    assert_eq!(h.state().game().fen(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
}

#[test]
fn the_paste_box_loads_what_is_typed_into_it() {
    let mut h = harness("chess");
    h.state_mut().apply(Action::OpenPasteBox);
    h.run();
    let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    h.state_mut().apply(Action::EditPasteBox(fen.into()));
    h.run();
    h.get_by_label("Load").click();
    h.run();
    assert_eq!(h.state().game().fen(), fen);
    assert!(
        h.query_by_label("Paste FEN or PGN").is_none(),
        "the box closes"
    );
}
