//! The analysis mode, driven as a user would through egui_kittest: its own search of the
//! position on show (the live game or a position browsed in the move list), the best move as an
//! arrow, the evaluation bar beside a board that never moves, the lines in the side panel, and
//! the level control saying what each level means.

#![cfg(feature = "gui")]

use std::time::Duration;

use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use myriad::search::Score;
use myriad::types::MoveKind;
use myriad::ui::{Action, Computer, Mark, MarkKind, MyriadApp, Options};

mod common;
use common::*;

/// The board's rectangle, from its corner squares.
fn board(h: &Harness<'static, MyriadApp>) -> egui::Rect {
    square(h, "a1").union(square(h, "h8"))
}

/// The first move of the analysis's best line, in SAN, once it has one.
fn best_san(app: &MyriadApp) -> Option<String> {
    let line = app.analysis_lines().first()?;
    let m = *line.pv.first()?;
    Some(line.game.san(m))
}

/// 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6: White mates at once with Qxf7#.
const SCHOLAR: [&str; 6] = ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"];

#[test]
fn analysis_finds_the_mate_in_one_shows_its_arrow_and_plays_it() {
    let mut h = harness("chess");
    play(&mut h, &SCHOLAR);
    let still = board(&h);
    assert!(h.state().analysis_marks().is_empty());
    // the shortcut turns it on
    h.key_press(egui::Key::L);
    h.step();
    assert!(h.state().analysis_mode());
    step_until(&mut h, "the mate", |app| {
        best_san(app).as_deref() == Some("Qxf7#")
    });
    let line = h.state().analysis_lines()[0].clone();
    assert_eq!(line.white_score(), Score::Mate(1));
    assert_eq!(line.ply(), 6);
    let best = Mark::Arrow {
        from: sq(&h, "h5"),
        to: sq(&h, "f7"),
        kind: MarkKind::Best,
    };
    assert!(
        h.state().analysis_marks().contains(&best),
        "{:?}",
        h.state().analysis_marks()
    );
    // the bar: full for White, beside a board that did not move
    assert_eq!(h.state().evaluation_bar(), Some(1.0));
    assert!(h
        .query_by_label_contains("Evaluation bar: White 100%")
        .is_some());
    assert_eq!(board(&h), still, "turning analysis on moved the board");
    // the panel: the score from White's side and the line's first move
    assert!(h.query_by_label("#1").is_some());
    // several lines (3 by default), each with its score
    step_until(&mut h, "three lines", |app| app.analysis_lines().len() == 3);
    // clicking the first move plays it: the user's turn on the live game
    h.get_by_role_and_label(Role::Button, "Qxf7#").click();
    h.step();
    h.step();
    let game = h.state().game();
    assert_eq!(game.history().len(), 7);
    assert_eq!(game.history()[6].san, "Qxf7#");
    assert!(h.query_by_label_contains("The game is over").is_some());
}

#[test]
fn browsing_re_analyses_and_turning_off_clears_the_board_which_stays_still() {
    let mut h = harness("chess");
    play(&mut h, &SCHOLAR);
    let still = board(&h);
    h.state_mut().apply(Action::AnalysisMode(true));
    step_until(&mut h, "the mate", |app| {
        best_san(app).as_deref() == Some("Qxf7#")
    });
    // back to the position after 1. e4 e5: analysed anew
    h.state_mut().apply(Action::ViewPly(2));
    step_until(&mut h, "the analysis of ply 2", |app| {
        app.analysis_lines().first().is_some_and(|l| l.ply() == 2)
    });
    let line = h.state().analysis_lines()[0].clone();
    let initial = &line.game;
    assert_eq!(initial.history().len(), 2);
    assert!(initial.is_legal(line.pv[0]));
    assert!(
        !matches!(line.white_score(), Score::Mate(_)),
        "no mate after 1. e4 e5"
    );
    let marks = h.state().analysis_marks();
    assert!(
        marks.iter().any(|m| matches!(
            m,
            Mark::Arrow { from, kind: MarkKind::Best, .. } if *from == line.pv[0].from
        )),
        "{marks:?}"
    );
    assert!(h.query_by_label_contains("Evaluation bar").is_some());
    // fewer lines
    h.state_mut().apply(Action::AnalysisLines(1));
    step_until(&mut h, "one line", |app| app.analysis_lines().len() == 1);
    h.run_ok();
    std::thread::sleep(Duration::from_millis(300));
    h.run_ok();
    assert_eq!(h.state().analysis_lines().len(), 1);
    // off: no arrow, no bar, the board where it was
    h.state_mut().apply(Action::AnalysisMode(false));
    h.run();
    assert!(h.state().analysis_marks().is_empty());
    assert_eq!(h.state().evaluation_bar(), None);
    assert!(h.query_by_label_contains("Evaluation bar").is_none());
    assert_eq!(board(&h), still, "turning analysis off moved the board");
    // the Game tab's button turns it on again
    h.get_by_role_and_label(Role::Button, "Analysis").click();
    h.step();
    assert!(h.state().analysis_mode());
    step_until(&mut h, "the analysis again", |app| {
        app.analysis_lines().first().is_some_and(|l| l.ply() == 2)
    });
    assert_eq!(board(&h), still);
    // and the Game menu's item (which names its shortcut) turns it off
    // (the menu bar's "Game", above the side panel's tab of that name)
    h.query_all_by_label("Game")
        .min_by(|a, b| a.rect().top().total_cmp(&b.rect().top()))
        .unwrap()
        .click();
    h.run_ok();
    h.get_by_label_contains("Analysis mode").click();
    h.run_ok();
    assert!(!h.state().analysis_mode());
    assert!(h.state().analysis_marks().is_empty());
}

#[test]
fn the_computer_still_plays_while_the_analysis_runs() {
    let mut h = harness_with(Options {
        file: Some("chess".into()),
        computer: Computer::Black,
        level: 1,
        ..Options::headless()
    });
    h.state_mut().apply(Action::AnalysisMode(true));
    step_until(&mut h, "the start position's analysis", |app| {
        !app.analysis_lines().is_empty()
    });
    play(&mut h, &["e4"]);
    step_until(&mut h, "the computer's reply", |app| {
        app.game().history().len() == 2
    });
    assert!(h.state().analysis_mode());
    // the analysis follows the game to the position after the reply
    step_until(&mut h, "the analysis of the reply", |app| {
        app.analysis_lines().first().is_some_and(|l| l.ply() == 2)
    });
    let line = h.state().analysis_lines()[0].clone();
    assert!(h.state().game().is_legal(line.pv[0]));
}

#[test]
fn the_setup_phase_says_it_is_not_scored_and_shows_the_step_the_search_would_take() {
    let mut h = harness("regroupment");
    h.state_mut().apply(Action::AnalysisMode(true));
    h.step();
    h.step();
    assert!(h
        .query_by_label_contains("the search does not score setup steps")
        .is_some());
    step_until(&mut h, "a suggested step", |app| {
        app.analysis_suggestion().is_some()
    });
    let step = h.state().analysis_suggestion().unwrap();
    assert!(h.state().game().is_legal(step));
    assert!(h.query_by_label_contains("The search would play").is_some());
    assert_eq!(h.state().evaluation_bar(), None);
    let marks = h.state().analysis_marks();
    if step.kind == MoveKind::Swap {
        // Black relocates its king first: an arrow from it
        assert_eq!(
            marks,
            [Mark::Arrow {
                from: sq(&h, "e8"),
                to: step.to,
                kind: MarkKind::Best
            }]
        );
    } else {
        assert_eq!(step.kind, MoveKind::Pass);
        assert!(marks.is_empty(), "{marks:?}");
    }
}

#[test]
fn the_level_control_says_what_each_level_means() {
    let mut h = harness_with(Options {
        file: Some("chess".into()),
        level: 3,
        ..Options::headless()
    });
    let level =
        |h: &Harness<'static, MyriadApp>| h.get_by_role_and_label(Role::ComboBox, "Level:").value();
    // the words of a level: its depth (src/search/levels.rs), the GUI's time cap, its rating
    let text = |l: u8, secs: &str| {
        let depth = myriad::search::level_params(l).depth;
        let rating = myriad::search::levels::rating(l).map_or(String::new(), |r| format!(", ~{r}"));
        format!("Level {l}: depth {depth}, up to {secs} s a move{rating}")
    };
    assert_eq!(level(&h), Some(text(3, "0.6")));
    // every level is described in the list; choosing one sets it
    h.get_by_role_and_label(Role::ComboBox, "Level:").click();
    h.run();
    assert!(h.query_by_label(&text(1, "0.6")).is_some());
    h.get_by_label(&text(5, "1.5")).click();
    h.run();
    assert_eq!(level(&h), Some(text(5, "1.5")));
    h.state_mut().apply(Action::SetLevel(10));
    h.run();
    let rating = myriad::search::levels::rating(10).map_or(String::new(), |r| format!(", ~{r}"));
    assert_eq!(
        level(&h),
        Some(format!("Level 10: full depth, up to 6 s a move{rating}"))
    );
}
