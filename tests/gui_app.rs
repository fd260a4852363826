//! The GUI driven as a user would, through egui_kittest and the accessibility tree: no
//! display needed. Each board square is a grid cell labelled with its name ("e4").

#![cfg(feature = "gui")]

use std::path::PathBuf;
use std::time::{Duration, Instant};

use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use myriad::types::MoveKind;
use myriad::ui::{Action, Computer, MyriadApp, Options, Tab};

mod common;
use common::*;

#[test]
fn a_right_button_drag_makes_no_move() {
    let mut h = harness("chess");
    drag_with(&mut h, egui::PointerButton::Secondary, "e2", "e4");
    assert!(sans(&h).is_empty(), "the right button moved a piece");
    assert_eq!(piece_name(&h, "e2").as_deref(), Some("white Pawn"));
    drag_with(&mut h, egui::PointerButton::Middle, "g1", "f3");
    assert!(sans(&h).is_empty(), "the middle button moved a piece");
    // the primary button still does
    drag_move(&mut h, "e2", "e4");
    assert_eq!(sans(&h), ["e4"]);
}

/// A file dropped on the window, as the windowing integration hands it to egui.
#[derive(Debug)]
struct Dropped(PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &std::path::Path {
        &self.0
    }
    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}

fn drop_file(h: &mut Harness<'static, MyriadApp>, path: &std::path::Path) {
    h.input_mut()
        .dropped_files
        .push(std::sync::Arc::new(Dropped(path.to_path_buf())));
    h.run();
}

#[test]
fn games_menu_opens_a_bundled_rules_file() {
    let mut h = harness("chess");
    assert_eq!(h.state().variant().name(), "Chess");
    click_label(&mut h, "Games");
    // every bundled file is listed with its name
    for (name, _) in myriad::rules::bundled() {
        assert!(
            h.query_by_label_contains(&format!("({name}.rules)"))
                .is_some(),
            "{name} missing from the Games menu"
        );
    }
    click_label(&mut h, "Regroupment Chess  (regroupment.rules)");
    assert_eq!(h.state().variant().name(), "Regroupment Chess");
    assert!(h.state().game().in_setup());
    // The banner says whose step it is and what may happen.
    assert!(h
        .query_by_label_contains("Black: relocate the king")
        .is_some());
}

#[test]
fn black_king_swap_then_a_pass_in_regroupment() {
    let mut h = harness("regroupment");
    assert!(h
        .query_by_label_contains("Black: relocate the king")
        .is_some());
    // The king is highlighted as a piece that may relocate; clicking it selects it.
    click_square(&mut h, "e8");
    // g8 (the knight) is a relocatee: swap.
    click_square(&mut h, "g8");
    assert_eq!(piece_name(&h, "g8").as_deref(), Some("black King"));
    assert_eq!(piece_name(&h, "e8").as_deref(), Some("black Knight"));
    // Next step: the queen; keep it with the Keep button.
    assert!(h.query_by_label_contains("relocate the queen").is_some());
    click_label(&mut h, "Keep");
    let moves = h.state().game().history().to_vec();
    assert_eq!(moves.len(), 2);
    assert_eq!(moves[0].mv.kind, MoveKind::Swap);
    assert_eq!(moves[1].mv.kind, MoveKind::Pass);
    assert!(h
        .query_by_label_contains("White: relocate the king")
        .is_some());
    // The setup steps head the move list.
    assert!(h.query_by_label("Black: keep").is_some());
}

#[test]
fn placement_mirror_steps_happen_by_themselves() {
    let mut h = harness("placement");
    click_move(&mut h, "e8", "g8"); // Black: king to g8 (with the knight)
    h.run();
    // White's mirror step played itself: White's king went to g1 too.
    assert_eq!(piece_name(&h, "g1").as_deref(), Some("white King"));
    assert_eq!(h.state().game().history().len(), 2);
    // White relocates the queen (d1 with the c1 bishop would break the bishops; take b1).
    click_move(&mut h, "d1", "b1");
    h.run();
    assert_eq!(piece_name(&h, "b8").as_deref(), Some("black Queen"));
    assert!(!h.state().game().in_setup(), "the setup phase is over");
    assert_eq!(h.state().game().history().len(), 4);
}

#[test]
fn moves_by_click_click_and_by_drag() {
    let mut h = harness("chess");
    click_move(&mut h, "e2", "e4");
    assert_eq!(sans(&h), ["e4"]);
    drag_move(&mut h, "e7", "e5");
    assert_eq!(sans(&h), ["e4", "e5"]);
    // Clicking a piece twice deselects it and moves nothing.
    click_square(&mut h, "g1");
    click_square(&mut h, "g1");
    click_square(&mut h, "f3");
    assert_eq!(sans(&h).len(), 2);
    drag_move(&mut h, "g1", "f3");
    assert_eq!(sans(&h), ["e4", "e5", "Nf3"]);
}

#[test]
fn castling_by_landing_square_and_onto_the_rook() {
    let mut h = harness("chess");
    for (a, b) in [
        ("e2", "e4"),
        ("e7", "e5"),
        ("g1", "f3"),
        ("g8", "f6"),
        ("f1", "c4"),
        ("f8", "c5"),
    ] {
        click_move(&mut h, a, b);
    }
    // White: the king to its landing square g1.
    click_move(&mut h, "e1", "g1");
    assert_eq!(sans(&h).last().map(String::as_str), Some("O-O"));
    assert_eq!(piece_name(&h, "f1").as_deref(), Some("white Rook"));
    // Black: the king onto its own rook, by drag.
    drag_move(&mut h, "e8", "h8");
    assert_eq!(sans(&h).last().map(String::as_str), Some("O-O"));
    assert_eq!(piece_name(&h, "g8").as_deref(), Some("black King"));
    assert_eq!(piece_name(&h, "f8").as_deref(), Some("black Rook"));
}

#[test]
fn castling_with_a_relocated_king() {
    let mut h = harness("regroupment");
    // Both kings relocate to g (swapping with the knights), both queens stay.
    click_move(&mut h, "e8", "g8");
    click_label(&mut h, "Keep");
    click_move(&mut h, "e1", "g1");
    click_label(&mut h, "Keep");
    assert!(!h.state().game().in_setup());
    for (a, b) in [("e2", "e3"), ("e7", "e6"), ("f1", "d3"), ("f8", "d6")] {
        click_move(&mut h, a, b);
    }
    // The king already stands on its landing square: a click on it only selects/deselects...
    click_square(&mut h, "g1");
    click_square(&mut h, "g1");
    assert_eq!(sans(&h).len(), 8);
    // ...and moving it onto its rook castles.
    click_move(&mut h, "g1", "h1");
    assert_eq!(sans(&h).last().map(String::as_str), Some("O-O"));
    assert_eq!(piece_name(&h, "g1").as_deref(), Some("white King"));
    assert_eq!(piece_name(&h, "f1").as_deref(), Some("white Rook"));
    // Black castles by the rook's own gesture: the rook to its landing square.
    click_move(&mut h, "h8", "f8");
    assert_eq!(sans(&h).last().map(String::as_str), Some("O-O"));
    assert_eq!(piece_name(&h, "g8").as_deref(), Some("black King"));
    assert_eq!(piece_name(&h, "f8").as_deref(), Some("black Rook"));
}

#[test]
fn promotion_opens_a_chooser() {
    let mut h = harness("chess");
    for (a, b) in [
        ("a2", "a4"),
        ("b7", "b5"),
        ("a4", "b5"),
        ("a7", "a6"),
        ("b5", "a6"),
        ("c8", "b7"),
        ("a6", "b7"),
        ("b8", "c6"),
    ] {
        click_move(&mut h, a, b);
    }
    assert_eq!(sans(&h).len(), 8);
    click_move(&mut h, "b7", "a8");
    // Nothing played yet: the chooser is open.
    assert_eq!(sans(&h).len(), 8);
    assert!(h.query_by_label("promote to Queen").is_some());
    click_label(&mut h, "promote to Knight");
    assert_eq!(sans(&h).last().map(String::as_str), Some("bxa8=N"));
    assert_eq!(piece_name(&h, "a8").as_deref(), Some("white Knight"));
}

#[test]
fn undo_redo_and_browsing_the_moves() {
    let mut h = harness("chess");
    click_move(&mut h, "e2", "e4");
    click_move(&mut h, "e7", "e5");
    click_label(&mut h, "Undo");
    assert_eq!(sans(&h), ["e4"]);
    click_label(&mut h, "Redo");
    assert_eq!(sans(&h), ["e4", "e5"]);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(sans(&h), ["e4"]);
    click_move(&mut h, "d7", "d5");
    // Arrow keys step through the moves; the game itself is unchanged.
    h.key_press(egui::Key::ArrowLeft);
    h.run();
    assert!(h
        .query_by_label_contains("Viewing the position after 1 of 2")
        .is_some());
    h.key_press(egui::Key::ArrowRight);
    h.run();
    assert!(h.query_by_label_contains("Viewing the position").is_none());
    // Clicking a move in the list shows that position.
    h.get_by_role_and_label(Role::Button, "e4").click();
    h.run();
    assert!(h.query_by_label_contains("after 1 of 2").is_some());
    click_label(&mut h, "Back to the game");
    // F flips the board.
    assert!(!h.state().is_flipped());
    h.key_press(egui::Key::F);
    h.run();
    assert!(h.state().is_flipped());
    assert!(square(&h, "e1").top() < square(&h, "e8").top());
    // Ctrl+N: a new game (once the user agrees to discard this one).
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
    h.run();
    click_label(&mut h, "Start a new game");
    assert!(sans(&h).is_empty());
}

#[test]
fn the_computer_replies() {
    let mut h = harness_with(Options {
        file: Some("chess".into()),
        computer: Computer::Black,
        level: 1,
        ..Options::headless()
    });
    click_square(&mut h, "e2");
    // The computer starts thinking on this click and the window repaints while it thinks,
    // so the harness cannot settle here: step it by hand until the reply comes.
    h.get_by_role_and_label(Role::GridCell, "e4").click();
    h.step();
    assert_eq!(sans(&h), ["e4"]);
    let deadline = Instant::now() + Duration::from_secs(120);
    while h.state().game().history().len() < 2 {
        assert!(Instant::now() < deadline, "no reply from the computer");
        h.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    h.run_ok();
    assert_eq!(h.state().game().history().len(), 2);
    assert!(!h.state().is_thinking());
}

/// The analysis keeps the search's moves and score; the panel writes them as SAN and a
/// White-relative evaluation, and Move now plays the line's first move.
#[test]
fn the_analysis_shows_the_line_and_move_now_plays_its_first_move() {
    let mut h = harness_with(Options {
        file: Some("chess".into()),
        computer: Computer::Black,
        level: 10,
        ..Options::headless()
    });
    h.state_mut().apply(Action::ShowAnalysis(true));
    h.run();
    assert!(h.query_by_label_contains("No analysis yet").is_some());
    click_square(&mut h, "e2");
    h.get_by_role_and_label(Role::GridCell, "e4").click();
    h.step();
    assert_eq!(sans(&h), ["e4"]);
    step_until(&mut h, "a report of depth 2", |app| {
        app.analysis().is_some_and(|a| a.depth >= 2)
    });
    let a = h.state().analysis().unwrap().clone();
    assert_eq!(
        a.ply(),
        1,
        "the analysis belongs to the position after 1. e4"
    );
    assert!(h.state().game().is_legal(a.pv[0]));
    // Black to move: the White-relative score is the search's score turned round
    let (myriad::search::Score::Cp(w) | myriad::search::Score::Mate(w)) = a.white_score();
    let (myriad::search::Score::Cp(b) | myriad::search::Score::Mate(b)) = a.score;
    assert_eq!(w, -b);
    if let myriad::search::Score::Cp(cp) = a.white_score() {
        let text = format!("{:+.2}", cp as f64 / 100.0);
        assert!(h.query_by_label(&text).is_some(), "no evaluation {text}");
    }
    let line = h.state().game().line_san(&a.pv);
    assert!(h.query_by_label_contains("Best line").is_some());
    assert!(
        h.query_by_label(&line.join(" ")).is_some(),
        "no line {line:?}"
    );
    // Move now: the first move of the line shown last
    h.get_by_role_and_label(Role::Button, "Move now").click();
    h.step();
    let game = h.state().game();
    assert_eq!(game.history().len(), 2);
    assert_eq!(
        Some(game.history()[1].mv),
        h.state().analysis().map(|a| a.pv[0])
    );
    assert!(!h.state().is_thinking());
}

/// A stopped search's answer is dropped (the computer pauses); resuming starts a new search,
/// whose answer is played, once.
#[test]
fn a_stopped_search_is_dropped_and_a_new_one_answers() {
    let mut h = harness_with(Options {
        file: Some("chess".into()),
        computer: Computer::Black,
        level: 1,
        ..Options::headless()
    });
    click_square(&mut h, "e2");
    h.get_by_role_and_label(Role::GridCell, "e4").click();
    h.step(); // the move
    h.step(); // the computer starts thinking
    assert!(h.state().is_thinking());
    h.state_mut().apply(Action::StopThinking);
    assert!(!h.state().is_thinking());
    // the stopped search answers at once, and more than a level-1 search lasts goes by
    let until = Instant::now() + Duration::from_millis(1500);
    while Instant::now() < until {
        h.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(h.state().game().history().len(), 1);
    assert!(h
        .query_by_label_contains("The computer is paused")
        .is_some());
    h.state_mut().apply(Action::ResumeComputer);
    h.step();
    assert!(h.state().is_thinking());
    step_until(&mut h, "the reply", |app| app.game().history().len() >= 2);
    h.run_ok();
    assert_eq!(h.state().game().history().len(), 2);
    assert!(!h.state().is_thinking());
}

/// A game of chess after 1. e4, with the file `name` (holding `text`) dropped on the window:
/// the harness and the problems it shows.
fn drop_bad_file(name: &str, text: &str) -> (Harness<'static, MyriadApp>, myriad::ui::Problems) {
    let mut h = harness("chess");
    click_move(&mut h, "e2", "e4");
    let path = temp_dir(name).join(name);
    std::fs::write(&path, text).unwrap();
    drop_file(&mut h, &path);
    let p = h
        .state()
        .problems()
        .expect("the problems are shown")
        .clone();
    (h, p)
}

#[test]
fn a_broken_rules_file_shows_its_errors_and_the_game_survives() {
    let (mut h, p) = drop_bad_file(
        "broken.rules",
        "extends \"chess\"\nname \"Broken\"\nboard 8y8\n",
    );
    assert!(!p.diagnostics.is_empty());
    let d = &p.diagnostics[0];
    assert_eq!(d.line, 3);
    // file:line:column is on screen, with the offending line
    assert!(h
        .query_by_label_contains(&format!("broken.rules:{}:{}", d.line, d.column))
        .is_some());
    assert!(h.query_by_label_contains("board 8y8").is_some());
    // The game that was open stays open.
    assert_eq!(h.state().variant().name(), "Chess");
    assert_eq!(sans(&h), ["e4"]);
    click_label(&mut h, "Dismiss");
    assert!(h.state().problems().is_none());
}

#[test]
fn an_edited_rules_file_is_reloaded() {
    let dir = temp_dir("reload");
    let path = dir.join("mine.rules");
    let text = "extends \"chess\"\nname \"Mine\"\n";
    std::fs::write(&path, text).unwrap();
    let mut h = harness(path.to_str().unwrap());
    assert_eq!(h.state().variant().name(), "Mine");
    click_move(&mut h, "e2", "e4");
    // The designer edits the name: the game goes on under the new rules.
    std::thread::sleep(Duration::from_millis(20));
    std::fs::write(&path, "extends \"chess\"\nname \"Mine, edited\"\n").unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    while h.state().variant().name() != "Mine, edited" {
        assert!(Instant::now() < deadline, "the file was not reloaded");
        h.step();
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(sans(&h), ["e4"]);
    // A mistake: the errors show, the game stays.
    std::thread::sleep(Duration::from_millis(20));
    std::fs::write(&path, "extends \"chess\"\nname \"Mine\"\nboard 8y8\n").unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    while h.state().problems().is_none() {
        assert!(Instant::now() < deadline, "the broken file was not noticed");
        h.step();
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(h.state().variant().name(), "Mine, edited");
    assert_eq!(sans(&h), ["e4"]);
}

#[test]
fn the_in_app_picker_opens_a_file() {
    let dir = temp_dir("picker");
    std::fs::write(dir.join("tiny.rules"), "extends \"chess\"\nname \"Tiny\"\n").unwrap();
    std::fs::write(dir.join("notes.txt"), "not a rules file").unwrap();
    let mut h = harness_with(Options {
        file: Some("chess".into()),
        config_dir: Some(dir.join("config")),
        ..Options::headless()
    });
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::O);
    h.run();
    // Replace the path with our folder and press Enter.
    h.get_by_label("Path").focus();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.get_by_label("Path").type_text(dir.to_str().unwrap());
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(
        h.query_by_label_contains("notes.txt").is_none(),
        "only .rules files are listed"
    );
    click_label(&mut h, "tiny.rules");
    click_label(&mut h, "Open");
    assert_eq!(h.state().variant().name(), "Tiny");
    // Remembered among the recent files, across runs.
    let tiny = std::fs::canonicalize(dir.join("tiny.rules")).unwrap();
    assert_eq!(h.state().recent_files().first(), Some(&tiny));
    let again = MyriadApp::new(Options {
        config_dir: Some(dir.join("config")),
        ..Options::headless()
    });
    assert_eq!(again.recent_files().first(), Some(&tiny));
}

#[test]
fn pgn_round_trip() {
    let mut h = harness("regroupment");
    click_move(&mut h, "e8", "g8");
    click_label(&mut h, "Keep");
    click_label(&mut h, "Keep");
    click_label(&mut h, "Keep");
    click_move(&mut h, "e2", "e4");
    let dir = temp_dir("pgn");
    let path = dir.join("game.pgn");
    h.state_mut().save_pgn(&path);
    let before = sans(&h);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
    h.run();
    click_label(&mut h, "Start a new game");
    assert!(sans(&h).is_empty());
    h.state_mut().load_pgn(&path);
    h.run();
    assert_eq!(sans(&h), before);
}

fn harness_in(file: &str, config: &std::path::Path) -> Harness<'static, MyriadApp> {
    harness_with(Options {
        file: Some(file.into()),
        config_dir: Some(config.to_path_buf()),
        ..Options::headless()
    })
}

/// The game in progress is on disk after every move; a run that ends without a clean exit
/// (here: the app is leaked, as a killed process never drops it) leaves it there, and the next
/// start offers it back; Restore brings back the rules and every move, setup steps included.
#[test]
fn an_unfinished_game_is_offered_back_after_a_crash() {
    let dir = temp_dir("autosave");
    let mut h = harness_in("regroupment", &dir);
    assert!(h.state().restore_offer().is_none());
    let file = h.state().autosave_path().unwrap().to_path_buf();
    assert!(!file.exists(), "nothing to keep before the first move");
    click_move(&mut h, "e8", "g8");
    click_label(&mut h, "Keep");
    click_label(&mut h, "Keep");
    click_label(&mut h, "Keep");
    click_move(&mut h, "e2", "e4");
    let before = sans(&h);
    assert_eq!(before.len(), 5);
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.starts_with("% myriad-autosave rules regroupment\n"),
        "{text}"
    );
    assert!(text.contains("1. e4"), "{text}");
    // the process dies: no clean exit
    h.state_mut().release_autosave_claim();
    std::mem::forget(h);

    // the next start: the offer is shown, nothing is overwritten while it waits
    let mut h = harness_in("chess", &dir);
    assert!(h.state().restore_offer().is_some());
    assert!(h
        .query_by_label_contains(
            "Restore the unfinished game of Regroupment Chess (4 setup steps and 1 move)"
        )
        .is_some());
    assert_eq!(std::fs::read_to_string(&file).unwrap(), text);
    click_label(&mut h, "Restore");
    assert!(h.state().restore_offer().is_none());
    assert_eq!(h.state().variant().name(), "Regroupment Chess");
    assert_eq!(sans(&h), before);
    // play on: the autosave follows
    click_move(&mut h, "e7", "e5");
    assert!(std::fs::read_to_string(&file).unwrap().contains("1. e4 e5"));
    // a clean exit removes it
    drop(h);
    assert!(!file.exists());
    let h = harness_in("chess", &dir);
    assert!(h.state().restore_offer().is_none());
}

/// Discard removes the old game; a leftover that no longer replays is moved aside, not lost.
#[test]
fn an_offered_game_can_be_discarded_and_a_broken_one_is_kept_aside() {
    let dir = temp_dir("autosave-discard");
    let mut h = harness_in("chess", &dir);
    click_move(&mut h, "e2", "e4");
    let file = h.state().autosave_path().unwrap().to_path_buf();
    h.state_mut().release_autosave_claim();
    std::mem::forget(h);
    let mut h = harness_in("chess", &dir);
    click_label(&mut h, "Discard");
    assert!(h.state().restore_offer().is_none());
    assert!(!file.exists());
    assert!(sans(&h).is_empty());
    drop(h);

    // rules that cannot replay the moves any more
    std::fs::write(
        &file,
        "% myriad-autosave rules chess\n[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n",
    )
    .unwrap();
    let mut h = harness_in("chess", &dir);
    assert!(h
        .query_by_label_contains("cannot be restored: its moves no longer replay")
        .is_some());
    assert!(!file.exists());
    let kept: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("autosave-"))
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert!(std::fs::read_to_string(dir.join(&kept[0]))
        .unwrap()
        .contains("2. Ke3"));
    click_label(&mut h, "Dismiss");
    // and the new game is autosaved as usual
    click_move(&mut h, "d2", "d4");
    assert!(std::fs::read_to_string(&file).unwrap().contains("1. d4"));
}

/// A PGN that cannot be read, dropped on the window or loaded, shows where and why; the game
/// on the board stays as it was.
#[test]
fn a_bad_pgn_shows_its_error_and_the_game_survives() {
    let (mut h, p) = drop_bad_file("bad.pgn", "[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n");
    let dir = temp_dir("bad-pgn");
    assert!(p.title.contains("Could not load"), "{}", p.title);
    assert!(p.text.starts_with("3:13: "), "{}", p.text);
    assert!(h.query_by_label_contains("Ke3").is_some());
    assert_eq!(sans(&h), ["e4"]);
    // a file that is not there: a message, the game stays
    h.state_mut().load_pgn(&dir.join("missing.pgn"));
    h.run();
    assert_eq!(sans(&h), ["e4"]);
    // saving leaves the game file whole and no temporary file beside it
    let good = dir.join("good.pgn");
    h.state_mut().save_pgn(&good);
    assert!(std::fs::read_to_string(&good).unwrap().contains("1. e4 *"));
    assert!(!dir.join(".good.pgn.tmp").exists());
}

/// A forced setup step plays itself and the status bar says why; Undo takes it back with the
/// step before it (else it would play itself again at once), and Redo replays both.
#[test]
fn a_forced_step_says_why_and_undo_takes_it_back_with_the_step_before() {
    let mut h = harness("placement");
    click_move(&mut h, "e8", "g8");
    h.run();
    assert_eq!(h.state().game().history().len(), 2);
    let why = "White mirrors Black's swap: swap e1 g1";
    assert_eq!(h.state().toast(), Some(why));
    assert!(h.query_by_label_contains(why).is_some());
    click_label(&mut h, "Undo");
    h.run();
    assert!(sans(&h).is_empty(), "{:?}", sans(&h));
    click_label(&mut h, "Redo");
    h.run();
    assert_eq!(sans(&h).len(), 2);
    assert_eq!(piece_name(&h, "g1").as_deref(), Some("white King"));
}

/// A swap step with one legal choice is forced too (the game's one notion,
/// `Game::forced_move`): the banner says so, the computer does not search it, and it plays
/// itself.
#[test]
fn a_step_with_one_legal_choice_plays_itself() {
    let dir = temp_dir("forced");
    let path = dir.join("forced.rules");
    std::fs::write(
        &path,
        r#"extends "chess"
name "Forced test"
array "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/KRBQNBNR"
castling none
setup {
  step white swap K with R
  require K between R at end
}
"#,
    )
    .unwrap();
    // The computer plays White, and the step waits: no search, the banner says why.
    let h = harness_with(Options {
        file: Some(path.to_str().unwrap().into()),
        computer: Computer::White,
        forced_delay: 600.0,
        ..Options::headless()
    });
    assert!(h.state().game().in_setup());
    assert!(!h.state().is_thinking(), "a forced step is not searched");
    assert!(h.query_by_label_contains("happens by itself").is_some());
    assert!(h
        .query_by_label_contains("White has one legal setup move")
        .is_some());
    // Without the wait, it plays at once.
    let h = harness(path.to_str().unwrap());
    assert_eq!(sans(&h), ["swap a1 b1"]);
    assert!(!h.state().game().in_setup());
    assert!(h.state().toast().is_some_and(
        |t| t.starts_with("White has one legal setup move") && t.ends_with(": swap a1 b1")
    ));
}

/// Every change the user makes goes through `MyriadApp::apply`: the same actions the menus,
/// buttons, board and shortcuts push can drive the app directly.
#[test]
fn actions_drive_the_app() {
    let mut h = harness("chess");
    let e4 = h.state().game().parse_move("e4").unwrap();
    h.state_mut().apply(Action::Play(e4));
    h.run();
    assert_eq!(sans(&h), ["e4"]);
    h.state_mut().apply(Action::Flip);
    h.run();
    assert!(h.state().is_flipped());
    assert!(square(&h, "e1").top() < square(&h, "e8").top());
    h.state_mut().apply(Action::ViewPly(0));
    h.run();
    assert!(h
        .query_by_label_contains("Viewing the position after 0 of 1")
        .is_some());
    h.state_mut().apply(Action::ViewPly(usize::MAX));
    h.state_mut().apply(Action::Undo);
    h.run();
    assert!(sans(&h).is_empty());
    assert!(h.query_by_label_contains("Viewing the position").is_none());
    h.state_mut().apply(Action::SetTab(Tab::Rules));
    h.run();
    assert!(h.query_by_label("Full summary").is_some());
    h.state_mut().apply(Action::Open("regroupment".into()));
    h.run();
    assert_eq!(h.state().variant().name(), "Regroupment Chess");
    // the one source of truth for the rules: the game's
    assert!(std::sync::Arc::ptr_eq(
        h.state().variant(),
        h.state().game().variant()
    ));
    h.state_mut().apply(Action::SetComputer(Computer::White));
    h.state_mut().apply(Action::StopThinking);
    h.run();
    assert!(!h.state().is_thinking());
    assert!(h
        .query_by_label_contains("The computer is paused")
        .is_none());
}

/// The problems banner shows the shared renderer's text, exactly as `myriad check` prints it,
/// as one selectable label.
#[test]
fn the_problems_banner_shows_the_check_commands_text() {
    let (h, p) = drop_bad_file(
        "typo.rules",
        "extends \"chess\"\nname \"Typo\"\nboard 8y8\n",
    );
    let rendered: Vec<String> = p.diagnostics.iter().map(|d| d.to_string()).collect();
    assert_eq!(p.text, rendered.join("\n\n"));
    assert!(p.text.starts_with("error: "), "{}", p.text);
    assert!(h.query_by_label(&p.text).is_some(), "{}", p.text);
}

/// Two windows open at once each keep their own autosave: the second neither offers back nor
/// overwrites the first one's game; when the first dies, the next start offers its game.
#[test]
fn two_windows_keep_their_own_autosaves() {
    let dir = temp_dir("autosave-two");
    let mut first = harness_in("chess", &dir);
    click_move(&mut first, "e2", "e4");
    let first_file = first.state().autosave_path().unwrap().to_path_buf();
    let mut second = harness_in("chess", &dir);
    assert!(
        second.state().restore_offer().is_none(),
        "the second window offered the first one's game back"
    );
    let second_file = second.state().autosave_path().unwrap().to_path_buf();
    assert_ne!(first_file, second_file);
    click_move(&mut second, "d2", "d4");
    assert!(std::fs::read_to_string(&first_file)
        .unwrap()
        .contains("1. e4"));
    assert!(std::fs::read_to_string(&second_file)
        .unwrap()
        .contains("1. d4"));
    // the first window dies; the second closes cleanly
    first.state_mut().release_autosave_claim();
    std::mem::forget(first);
    drop(second);
    assert!(!second_file.exists());
    let third = harness_in("chess", &dir);
    assert!(third.state().restore_offer().is_some());
    assert_eq!(third.state().autosave_path(), Some(first_file.as_path()));
}

// ----- confirm before discarding a game -------------------------------------------------------

const DISCARD: &str = "Discard the game in progress?";

/// The autosave's text (the game in progress on disk).
fn autosave_text(h: &Harness<'static, MyriadApp>) -> String {
    std::fs::read_to_string(h.state().autosave_path().unwrap()).unwrap()
}

/// The question is on show with this button; the game, its rules and its autosave are as
/// they were.
fn asked(h: &Harness<'static, MyriadApp>, button: &str, name: &str, moves: &[&str], saved: &str) {
    assert!(h.query_by_label(DISCARD).is_some(), "no question");
    assert!(h.query_by_label(button).is_some(), "no button {button}");
    assert_eq!(h.state().discard_question(), Some(button));
    assert_eq!(h.state().variant().name(), name);
    assert_eq!(sans(h), moves);
    assert_eq!(
        autosave_text(h),
        saved,
        "the autosave changed before the answer"
    );
}

/// Picks `file` in `dir` with the in-app picker (already open).
fn pick_file(h: &mut Harness<'static, MyriadApp>, dir: &std::path::Path, file: &str) {
    h.get_by_label("Path").focus();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.get_by_label("Path").type_text(dir.to_str().unwrap());
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    click_label(h, file);
    click_label(h, "Open");
}

#[test]
fn the_games_menu_asks_before_discarding_the_game() {
    let dir = temp_dir("discard-games");
    let mut h = harness_in("chess", &dir);
    click_move(&mut h, "e2", "e4");
    let saved = autosave_text(&h);
    assert!(saved.contains("1. e4"), "{saved}");
    click_label(&mut h, "Games");
    click_label(&mut h, "Chess960  (chess960.rules)");
    asked(&h, "Open Chess960", "Chess", &["e4"], &saved);
    // the board is still while the question is open: a click beside the question is a no
    click_move(&mut h, "e7", "e5");
    assert!(h.query_by_label(DISCARD).is_none());
    assert_eq!(sans(&h), ["e4"]);
    click_label(&mut h, "Games");
    click_label(&mut h, "Chess960  (chess960.rules)");
    asked(&h, "Open Chess960", "Chess", &["e4"], &saved);
    click_label(&mut h, "Cancel");
    assert!(h.query_by_label(DISCARD).is_none());
    assert_eq!(h.state().variant().name(), "Chess");
    assert_eq!(sans(&h), ["e4"]);
    assert_eq!(autosave_text(&h), saved);
    // again, and yes
    click_label(&mut h, "Games");
    click_label(&mut h, "Chess960  (chess960.rules)");
    asked(&h, "Open Chess960", "Chess", &["e4"], &saved);
    click_label(&mut h, "Open Chess960");
    assert_eq!(h.state().variant().name(), "Chess960");
    assert!(sans(&h).is_empty());
    // no game at stake: no question
    click_label(&mut h, "Games");
    click_label(&mut h, "Chess  (chess.rules)");
    assert!(h.query_by_label(DISCARD).is_none());
    assert_eq!(h.state().variant().name(), "Chess");
}

#[test]
fn file_open_asks_before_discarding_the_game() {
    let dir = temp_dir("discard-open");
    std::fs::write(dir.join("tiny.rules"), "extends \"chess\"\nname \"Tiny\"\n").unwrap();
    let mut h = harness_in("regroupment", &dir.join("config"));
    click_move(&mut h, "e8", "g8"); // a setup step is a game worth asking about
    let saved = autosave_text(&h);
    click_label(&mut h, "File");
    h.get_by_label_contains("Open rules file…").click();
    h.run();
    pick_file(&mut h, &dir, "tiny.rules");
    asked(
        &h,
        "Open Tiny",
        "Regroupment Chess",
        &["swap e8 g8"],
        &saved,
    );
    click_label(&mut h, "Open Tiny");
    assert_eq!(h.state().variant().name(), "Tiny");
    assert!(sans(&h).is_empty());
}

#[test]
fn load_game_asks_before_discarding_the_game() {
    let dir = temp_dir("discard-load");
    std::fs::write(
        dir.join("game.pgn"),
        "[Event \"x\"]\n[Variant \"Chess\"]\n\n1. d4 d5 *\n",
    )
    .unwrap();
    let mut h = harness_in("chess", &dir.join("config"));
    click_move(&mut h, "e2", "e4");
    let saved = autosave_text(&h);
    click_label(&mut h, "File");
    h.get_by_label_contains("Load game (PGN)…").click();
    h.run();
    pick_file(&mut h, &dir, "game.pgn");
    asked(&h, "Load game.pgn", "Chess", &["e4"], &saved);
    click_label(&mut h, "Cancel");
    assert_eq!(sans(&h), ["e4"]);
    // a file dropped on the window asks too
    drop_file(&mut h, &dir.join("game.pgn"));
    asked(&h, "Load game.pgn", "Chess", &["e4"], &saved);
    click_label(&mut h, "Load game.pgn");
    assert_eq!(sans(&h), ["d4", "d5"]);
    assert!(autosave_text(&h).contains("1. d4 d5"));
}

#[test]
fn new_game_asks_before_discarding_the_game_unless_it_is_over() {
    let dir = temp_dir("discard-new");
    let mut h = harness_in("chess", &dir);
    click_move(&mut h, "f2", "f3");
    let saved = autosave_text(&h);
    click_label(&mut h, "New game");
    asked(&h, "Start a new game", "Chess", &["f3"], &saved);
    // Escape cancels, as Cancel does
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(h.query_by_label(DISCARD).is_none());
    assert_eq!(sans(&h), ["f3"]);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
    h.run();
    asked(&h, "Start a new game", "Chess", &["f3"], &saved);
    click_label(&mut h, "Cancel");
    for (a, b) in [("e7", "e5"), ("g2", "g4"), ("d8", "h4")] {
        click_move(&mut h, a, b);
    }
    assert!(h.state().game().outcome().is_some(), "fool's mate");
    // a game that is over is not asked about
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
    h.run();
    assert!(h.query_by_label(DISCARD).is_none());
    assert!(sans(&h).is_empty());
}

// ----- a PGN of other rules -------------------------------------------------------------------

/// The game is loaded under the rules it names: the toast says so, the rules are opened as if
/// from the Games menu.
fn switched(h: &Harness<'static, MyriadApp>, name: &str, file: &str, moves: &[&str]) {
    assert_eq!(h.state().variant().name(), name);
    assert_eq!(
        h.state().source(),
        &myriad::ui::Source::Bundled(file.into())
    );
    assert_eq!(sans(h), moves);
    let toast = format!("Switched to {name} to load this game");
    assert_eq!(h.state().toast(), Some(toast.as_str()));
    assert!(h.query_by_label_contains(&toast).is_some());
    assert!(h.state().problems().is_none());
}

#[test]
fn a_pgn_of_other_bundled_rules_switches_to_them() {
    let dir = temp_dir("pgn-switch");
    let write = |name: &str, text: &str| {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p
    };
    let chess = write(
        "chess.pgn",
        "[Event \"x\"]\n[Variant \"Chess\"]\n\n1. e4 e5 *\n",
    );
    let mut h = harness("regroupment");
    drop_file(&mut h, &chess);
    switched(&h, "Chess", "chess", &["e4", "e5"]);

    // lichess's Chess960 export (a game in progress: the question first)
    let c960 = write(
        "lichess960.pgn",
        "[Event \"Casual game\"]\n[Site \"https://lichess.org/abcdefgh\"]\n\
         [Variant \"Chess960\"]\n[SetUp \"1\"]\n\
         [FEN \"bqnrknrb/pppppppp/8/8/8/8/PPPPPPPP/BQNRKNRB w KQkq - 0 1\"]\n\n1. d4 d5 *\n",
    );
    drop_file(&mut h, &c960);
    click_label(&mut h, "Load lichess960.pgn");
    switched(&h, "Chess960", "chess960", &["d4", "d5"]);
    let start = h.state().game().initial_position().fen(h.state().variant());
    assert!(start.starts_with("bqnrknrb/pppppppp/"), "{start}");

    // lichess's From Position export of a standard position: chess again
    let from = write(
        "from-position.pgn",
        "[Event \"x\"]\n[Variant \"From Position\"]\n\
         [FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n\n1... c5 *\n",
    );
    drop_file(&mut h, &from);
    click_label(&mut h, "Load from-position.pgn");
    switched(&h, "Chess", "chess", &["c5"]);

    // the open rules read it: no switch
    h.state_mut().apply(Action::Undo);
    h.run();
    drop_file(&mut h, &from);
    assert_eq!(h.state().variant().name(), "Chess");
    assert_eq!(sans(&h), ["c5"]);
    assert!(h.state().toast().is_some_and(|t| t.starts_with("Loaded ")));

    // a Variant nobody has: refused, with the open rules' reason
    let none = write("none.pgn", "[Variant \"Nonesuch\"]\n\n1. e4 *\n");
    drop_file(&mut h, &none);
    let p = h.state().problems().expect("refused").clone();
    assert!(p.text.contains("this game is `Nonesuch`"), "{}", p.text);
    assert_eq!(h.state().variant().name(), "Chess");
}

// ----- the board stays still ------------------------------------------------------------------

#[test]
fn the_board_and_the_keep_button_stay_still_when_banners_come_and_go() {
    // no banner at all
    let plain = harness("chess");
    let e4 = square(&plain, "e4");
    // a setup banner
    let mut h = harness("regroupment");
    assert_eq!(square(&h, "e4"), e4, "the setup banner moved the board");
    let keep = h.get_by_label("Keep").rect();
    click_move(&mut h, "e8", "g8");
    assert!(h.query_by_label_contains("relocate the queen").is_some());
    assert_eq!(square(&h, "e4"), e4);
    assert_eq!(h.get_by_label("Keep").rect(), keep, "Keep moved");
    click_label(&mut h, "Keep");
    assert_eq!(h.get_by_label("Keep").rect(), keep, "Keep moved");
    // an error bar
    let bad = temp_dir("still").join("bad.rules");
    std::fs::write(&bad, "extends \"chess\"\nboard 8y8\n").unwrap();
    drop_file(&mut h, &bad);
    assert!(h.state().problems().is_some());
    assert_eq!(square(&h, "e4"), e4, "the error bar moved the board");
    assert_eq!(h.get_by_label("Keep").rect(), keep, "Keep moved");
    click_label(&mut h, "Hide details");
    click_label(&mut h, "Details");
    click_label(&mut h, "Dismiss");
    assert_eq!(square(&h, "e4"), e4);
    // the browsing bar
    h.state_mut().apply(Action::ViewPly(0));
    h.run();
    assert!(h.query_by_label_contains("Viewing the position").is_some());
    assert_eq!(square(&h, "e4"), e4, "the browsing bar moved the board");
    h.state_mut().apply(Action::ViewPly(usize::MAX));
    h.run();
    // the question before discarding
    h.state_mut().apply(Action::NewGame);
    h.run();
    assert!(h.state().discard_question().is_some());
    assert_eq!(square(&h, "e4"), e4);
    click_label(&mut h, "Cancel");
    assert_eq!(square(&h, "e4"), e4);
    // the game proper: no banner
    click_label(&mut h, "Keep");
    click_label(&mut h, "Keep");
    assert!(!h.state().game().in_setup());
    assert_eq!(square(&h, "e4"), e4);
}

/// The side panel's edge drags: the panel keeps its new width, within its bounds, and the
/// board re-centres in the space left.
#[test]
fn the_side_panel_resizes_and_the_board_recentres() {
    let mut h = harness("chess");
    let edge = |h: &Harness<'static, MyriadApp>| h.get_by_role(Role::Splitter).rect().center();
    let board = |h: &Harness<'static, MyriadApp>| square(h, "a1").union(square(h, "h8"));
    let centred = |h: &Harness<'static, MyriadApp>| {
        let (b, x) = (board(h), edge(h).x);
        assert!(
            (b.center().x - x / 2.0).abs() < 12.0,
            "the board {b:?} is not centred left of the panel at {x}"
        );
    };
    centred(&h);
    let (a, e4) = (edge(&h), square(&h, "e4"));
    let drag_edge = |h: &mut Harness<'static, MyriadApp>, dx: f32| {
        let from = edge(h);
        drag_points(h, from, from + egui::vec2(dx, 0.0));
        // a few frames later the panel is still where it was left
        h.hover_at(egui::pos2(5.0, 5.0));
        h.run();
    };
    // wider
    drag_edge(&mut h, -150.0);
    assert!(
        (edge(&h).x - (a.x - 150.0)).abs() < 3.0,
        "{:?} -> {:?}",
        a,
        edge(&h)
    );
    assert_ne!(square(&h, "e4"), e4);
    centred(&h);
    // narrower than before
    drag_edge(&mut h, 200.0);
    assert!(
        (edge(&h).x - (a.x + 50.0)).abs() < 3.0,
        "{:?} -> {:?}",
        a,
        edge(&h)
    );
    centred(&h);
    // within bounds: never wider than 640 points, nor narrower than 260
    drag_edge(&mut h, -1000.0);
    assert!(edge(&h).x >= 1280.0 - 640.0 - 10.0, "{:?}", edge(&h));
    centred(&h);
    drag_edge(&mut h, 1000.0);
    assert!(edge(&h).x <= 1280.0 - 260.0 + 10.0, "{:?}", edge(&h));
    centred(&h);
}

// ----- the window title -----------------------------------------------------------------------

/// The title commands the app sent the window in the last frame.
fn titles(h: &Harness<'static, MyriadApp>) -> Vec<String> {
    h.output()
        .viewport_output
        .values()
        .flat_map(|v| &v.commands)
        .filter_map(|c| match c {
            egui::ViewportCommand::Title(t) => Some(t.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn the_window_title_names_the_game_and_the_file() {
    let mut h = harness_with(Options {
        file: Some("regroupment".into()),
        ..Options::headless()
    });
    let title = "Regroupment Chess — regroupment.rules — Myriad";
    assert_eq!(h.state().window_title(), title);
    h.state_mut().apply(Action::Open("chess960".into()));
    h.step();
    assert_eq!(titles(&h), ["Chess960 — chess960.rules — Myriad"]);
    // sent once, not every frame
    h.step();
    assert!(titles(&h).is_empty());
    // a file of the user's
    let dir = temp_dir("title");
    let path = dir.join("mine.rules");
    std::fs::write(&path, "extends \"chess\"\nname \"Mine\"\n").unwrap();
    h.state_mut()
        .apply(Action::Open(path.display().to_string()));
    h.step();
    assert_eq!(titles(&h), ["Mine — mine.rules — Myriad"]);
    assert_eq!(
        myriad::ui::window_title("Chess", "chess.rules"),
        "Chess — chess.rules — Myriad"
    );
}

/// A PGN that names other rules but does not replay under them either: refused, with both
/// reasons, and the game on the board stays.
#[test]
fn a_pgn_its_named_rules_cannot_read_is_refused() {
    let dir = temp_dir("pgn-switch-bad");
    let path = dir.join("bad960.pgn");
    std::fs::write(
        &path,
        "[Variant \"Chess960\"]\n\
         [FEN \"bqnrknrb/pppppppp/8/8/8/8/PPPPPPPP/BQNRKNRB w KQkq - 0 1\"]\n\n1. Ke3 *\n",
    )
    .unwrap();
    let mut h = harness("chess");
    click_move(&mut h, "e2", "e4");
    drop_file(&mut h, &path);
    assert!(h.state().discard_question().is_none());
    let p = h.state().problems().expect("refused").clone();
    assert!(p.text.contains("read as Chess960"), "{}", p.text);
    assert!(p.text.contains("this game is `Chess960`"), "{}", p.text);
    assert_eq!(h.state().variant().name(), "Chess");
    assert_eq!(sans(&h), ["e4"]);
}

/// The offer of a game left by a crash sits in the banner strip too: the board and the Keep
/// button are where they are without it.
#[test]
fn the_restore_offer_does_not_move_the_board() {
    let plain = harness("regroupment");
    let (e4, keep) = (square(&plain, "e4"), plain.get_by_label("Keep").rect());
    let dir = temp_dir("still-restore");
    let mut h = harness_in("chess", &dir);
    click_move(&mut h, "e2", "e4");
    h.state_mut().release_autosave_claim();
    std::mem::forget(h);
    let mut h = harness_in("regroupment", &dir);
    assert!(h
        .query_by_label_contains("Restore the unfinished game of Chess (1 move)?")
        .is_some());
    assert_eq!(square(&h, "e4"), e4, "the restore offer moved the board");
    assert_eq!(
        h.get_by_label("Keep").rect(),
        keep,
        "the restore offer moved Keep"
    );
    // its buttons are on show in the strip, not scrolled away
    let strip_bottom = square(&h, "e8").top();
    assert!(h.get_by_label("Discard").rect().bottom() < strip_bottom);
    click_label(&mut h, "Discard");
    assert_eq!(square(&h, "e4"), e4);
    assert_eq!(h.get_by_label("Keep").rect(), keep);
}

/// A rules file with a warning (a `require` that can never fail) opens, and the bar shows the
/// warning exactly as `myriad check` prints it; the game is playable.
#[test]
fn rules_with_a_warning_open_and_say_so() {
    let dir = temp_dir("warning-rules");
    let path = dir.join("one-queen.rules");
    std::fs::write(
        &path,
        "extends \"chess\"\nname \"One Queen\"\nsetup {\n  step white swap K with Q B N optional\n  step black swap K with Q B N optional\n  require opposite-colours Q at end\n}\n",
    )
    .unwrap();
    let mut h = harness(path.to_str().unwrap());
    assert_eq!(h.state().variant().name(), "One Queen");
    let p = h.state().problems().expect("the warning is shown").clone();
    assert!(p.warning, "{}", p.title);
    assert!(p.title.contains("1 warning"), "{}", p.title);
    let (_, printed) = myriad::rules::load_with_warnings(path.to_str().unwrap()).unwrap();
    assert_eq!(p.text, printed.to_string());
    assert!(
        p.text
            .starts_with("warning: this requirement can never fail"),
        "{}",
        p.text
    );
    assert!(h.query_by_label_contains("1 warning").is_some());
    // the game goes on
    click_label(&mut h, "Keep");
    assert_eq!(sans(&h), ["pass"]);
}
