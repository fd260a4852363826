//! The designer's loop, driven as a user would through egui_kittest: the reload bar names
//! the first step that no longer fits, the Rules tab shows the file's source with its
//! diagnostics in place, and clicking a piece shows its diagram.

#![cfg(feature = "gui")]

use std::time::{Duration, Instant};

use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use myriad::ui::{Action, MyriadApp, Options, Tab};

mod common;
use common::*;

fn rules_tab(h: &mut Harness<'static, MyriadApp>) {
    h.state_mut().apply(Action::SetTab(Tab::Rules));
    h.run();
}

/// Steps the app until `done` holds (the file watcher polls on a timer).
fn wait_for(h: &mut Harness<'static, MyriadApp>, what: &str, done: impl Fn(&MyriadApp) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !done(h.state()) {
        assert!(Instant::now() < deadline, "{what}");
        h.step();
        std::thread::sleep(Duration::from_millis(20));
    }
    h.run();
}

/// Steps the app until a label containing `text` is on screen.
fn wait_for_label(h: &mut Harness<'static, MyriadApp>, text: &str) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while h.query_by_label_contains(text).is_none() {
        assert!(Instant::now() < deadline, "no `{text}` on screen");
        h.step();
        std::thread::sleep(Duration::from_millis(20));
    }
}

const SETUP: &str = "extends \"chess\"\nname \"Mine\"\nsetup {\n  step black swap K with Q B N optional\n  step white swap K with Q B N optional\n}\n";

#[test]
fn the_reload_bar_names_the_first_step_that_no_longer_fits() {
    let dir = temp_dir("reload");
    let path = dir.join("mine.rules");
    std::fs::write(&path, SETUP).unwrap();
    let mut h = harness(path.to_str().unwrap());
    play(&mut h, &["pass", "swap e1 d1", "e4"]);
    // The designer takes the queen out of White's choices: White's swap no longer fits.
    std::thread::sleep(Duration::from_millis(20));
    let edited = SETUP.replace("step white swap K with Q B N", "step white swap K with B N");
    std::fs::write(&path, edited).unwrap();
    wait_for_label(&mut h, "step 2, White: swap e1 d1");
    assert!(
        h.query_by_label_contains(
            "step 2, White: swap e1 d1: the new setup phase does not offer this swap"
        )
        .is_some(),
        "the bar names the step as it was written, and why"
    );
    assert!(h
        .query_by_label_contains("changed: its new rules cannot continue")
        .is_some());
    // the game is kept until the user chooses
    assert_eq!(h.state().game().history().len(), 3);
    click_label(&mut h, "New game with the new rules");
    assert!(h.state().game().history().is_empty());
    assert!(h.query_by_label_contains("step 2, White").is_none());
}

#[test]
fn a_move_that_no_longer_fits_is_named_with_its_number() {
    let dir = temp_dir("move");
    let path = dir.join("knights.rules");
    std::fs::write(&path, "extends \"chess\"\nname \"Knights\"\n").unwrap();
    let mut h = harness(path.to_str().unwrap());
    play(&mut h, &["e4", "e5", "Nf3", "Nc6"]);
    std::thread::sleep(Duration::from_millis(20));
    std::fs::write(
        &path,
        "extends \"chess\"\nname \"Knights\"\npiece Knight N moves \"W\" value 300\n",
    )
    .unwrap();
    wait_for_label(&mut h, "2. Nf3");
    assert!(h
        .query_by_label_contains("2. Nf3: the move is not legal under the new rules: the Knight now moves as `W` (was `N`)")
        .is_some());
}

#[test]
fn the_rules_tab_shows_the_source_with_a_warning_on_its_line() {
    let dir = temp_dir("source");
    let path = dir.join("warned.rules");
    // `require` on a step that can never fail: the rules load, with a warning
    let text = "extends \"chess\"\nname \"Warned\"\nsetup {\n  step black swap K with Q optional\n  require opposite-colours B at end\n}\n";
    std::fs::write(&path, text).unwrap();
    let mut h = harness(path.to_str().unwrap());
    let warning = h
        .state()
        .problems()
        .and_then(|p| p.diagnostics.first().cloned())
        .expect("the file loads with a warning");
    assert!(warning.is_warning());
    // the details offer to show the line in the Rules tab
    click_label(
        &mut h,
        &format!("Show line {} in the Rules tab", warning.line),
    );
    assert_eq!(h.state().variant().name(), "Warned");
    // every line is numbered
    for (i, line) in text.lines().enumerate() {
        let shown = format!("{} │ {line}", i + 1);
        assert!(
            h.query_by_label(&shown).is_some(),
            "line {} is not shown as `{shown}`",
            i + 1
        );
    }
    // the warning's message is right under its line
    let line_text = format!(
        "{} │ {}",
        warning.line,
        text.lines().nth(warning.line - 1).unwrap()
    );
    let line = h.get_by_label(&line_text).rect();
    let wanted = format!("warning: {}", warning.message);
    let m = h.get_by_label_contains(&wanted).rect();
    assert!(
        m.top() >= line.bottom() - 1.0 && m.top() < line.bottom() + 40.0,
        "the message is not under its line: {line:?} {m:?}"
    );
    assert!(h.query_by_label("Open in editor").is_some());
}

#[test]
fn a_terminal_editor_is_named_not_launched_invisibly() {
    let dir = temp_dir("editor");
    let path = dir.join("edit.rules");
    std::fs::write(&path, "extends \"chess\"\nname \"Edit\"\n").unwrap();
    let mut h = harness(path.to_str().unwrap());
    rules_tab(&mut h);
    // the only test in this binary that reads $VISUAL
    std::env::set_var("VISUAL", "vim");
    click_label(&mut h, "Open in editor");
    std::env::remove_var("VISUAL");
    let toast = h.state().toast().unwrap_or_default().to_string();
    assert!(
        toast.contains("$VISUAL is `vim`, which needs a terminal"),
        "{toast}"
    );
    assert!(toast.contains("edit.rules"), "{toast}");
}

#[test]
fn a_bundled_file_is_copied_to_be_edited_and_the_game_goes_on() {
    let dir = temp_dir("copy");
    let mut h = harness_with(Options {
        file: Some("chess".into()),
        config_dir: Some(dir.clone()),
        ..Options::headless()
    });
    play(&mut h, &["e4"]);
    rules_tab(&mut h);
    assert!(
        h.query_by_label("Open in editor").is_none(),
        "bundled files are read-only"
    );
    click_label(&mut h, "Save a copy to edit");
    let copy = dir.join("rules").join("chess.rules");
    assert!(copy.is_file());
    assert_eq!(
        std::fs::read_to_string(&copy).unwrap(),
        myriad::rules::bundled()
            .iter()
            .find(|(n, _)| *n == "chess")
            .unwrap()
            .1
    );
    assert_eq!(h.state().game().history().len(), 1, "the game goes on");
    assert!(h.query_by_label("Open in editor").is_some());
    // the copy is watched: an edit reaches the game
    std::thread::sleep(Duration::from_millis(20));
    let edited: Vec<String> = std::fs::read_to_string(&copy)
        .unwrap()
        .lines()
        .map(|l| {
            if l.starts_with("name ") {
                "name \"My Chess\"".to_string()
            } else {
                l.to_string()
            }
        })
        .collect();
    let edited = edited.join("\n");
    std::fs::write(&copy, edited).unwrap();
    wait_for(&mut h, "the copy was not reloaded", |a| {
        a.variant().name() == "My Chess"
    });
    assert_eq!(h.state().game().history().len(), 1);
}

fn open_diagram(h: &mut Harness<'static, MyriadApp>, piece: &str) {
    rules_tab(h);
    h.get_by_label_contains(piece).click();
    h.run();
}

#[test]
fn a_knight_on_d4_reaches_its_eight_squares_both_ways() {
    let mut h = harness("chess");
    open_diagram(&mut h, "Knight (N)");
    assert!(h.query_by_label("diagram d4: Knight").is_some());
    for sq in ["c2", "e2", "b3", "f3", "b5", "f5", "c6", "e6"] {
        assert!(
            h.query_by_label(&format!("diagram {sq}: move and capture"))
                .is_some(),
            "{sq}"
        );
    }
    assert!(
        h.query_all_by_label_contains("move only").count() <= 1,
        "only the legend"
    );
    assert!(
        h.query_by_label("diagram d5").is_some(),
        "d5 is not reached"
    );
    // another square: the knight moves there
    click_label(&mut h, "diagram a1");
    assert!(h.query_by_label("diagram a1: Knight").is_some());
    assert!(h.query_by_label("diagram b3: move and capture").is_some());
    assert!(h.query_by_label("diagram e6").is_some());
}

#[test]
fn a_pawn_steps_forward_and_captures_diagonally_by_colour() {
    let mut h = harness("chess");
    open_diagram(&mut h, "Pawn (P)");
    assert!(h.query_by_label("diagram d5: move only").is_some());
    assert!(h.query_by_label("diagram c5: capture only").is_some());
    assert!(h.query_by_label("diagram e5: capture only").is_some());
    assert!(h.query_by_label("diagram d3").is_some());
    // from its first rank, two steps
    click_label(&mut h, "diagram d2");
    assert!(h.query_by_label("diagram d3: move only").is_some());
    assert!(h.query_by_label("diagram d4: move only").is_some());
    // Black's pawn goes the other way
    click_label(&mut h, "Black piece");
    assert!(h.query_by_label("diagram d1: move only").is_some());
    assert!(h.query_by_label("diagram c1: capture only").is_some());
    assert!(h.query_by_label("diagram d3").is_some());
}

#[test]
fn a_betza_compound_from_a_fairy_file() {
    // Capablanca's archbishop (`BN`) on e4 of the 10x8 board
    let mut h = harness("capablanca");
    open_diagram(&mut h, "Archbishop (A)");
    assert!(h.query_by_label("diagram e4: Archbishop").is_some());
    for sq in ["d6", "g5", "c3", "f2", "a8", "i8", "h1", "b1"] {
        assert!(
            h.query_by_label(&format!("diagram {sq}: move and capture"))
                .is_some(),
            "{sq}"
        );
    }
    assert!(h.query_by_label("diagram e5").is_some(), "no rook moves");
    assert!(h.query_by_label("diagram j10").is_none(), "a 10x8 board");
    assert!(h.query_by_label("diagram j8").is_some());
    assert!(h
        .query_by_label_contains("Archbishop on e4: 22 squares")
        .is_some());
}

#[test]
fn an_edit_with_an_error_shows_in_the_source_while_the_game_goes_on() {
    let dir = temp_dir("error");
    let path = dir.join("broken.rules");
    std::fs::write(&path, "extends \"chess\"\nname \"Fine\"\n").unwrap();
    let mut h = harness(path.to_str().unwrap());
    play(&mut h, &["e4"]);
    std::thread::sleep(Duration::from_millis(20));
    std::fs::write(&path, "extends \"chess\"\nname \"Fine\"\nboard 8y8\n").unwrap();
    wait_for(&mut h, "the broken file was not noticed", |a| {
        a.problems().is_some()
    });
    let error = h.state().problems().unwrap().diagnostics[0].clone();
    assert_eq!(error.line, 3);
    click_label(&mut h, "Show line 3 in the Rules tab");
    // the file as it is now, the error under its line; the game goes on under the old rules
    assert!(h.query_by_label("3 │ board 8y8").is_some());
    assert!(h
        .query_by_label_contains(&format!("error: {}", error.message))
        .is_some());
    assert!(h
        .query_by_label_contains("Source: broken.rules, 1 error")
        .is_some());
    assert_eq!(h.state().variant().name(), "Fine");
    assert_eq!(h.state().game().history().len(), 1);
}
