//! The clock, resigning and draw offers, driven as a user would through egui_kittest. The
//! clock reads the frame time, which the harness drives: each step is a quarter of a second,
//! and a test jumps it forward to make a flag fall. The computer's use of its time is measured
//! for real: engine against engine at a short control, each think timed with the wall clock.

#![cfg(feature = "gui")]

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use myriad::game::{Clock, Game, Reason, TimeControl};
use myriad::search::{Engine, Limits};
use myriad::types::Color;
use myriad::ui::{Action, Computer, MyriadApp, Options};

mod common;
use common::*;

/// Chess at one board with a clock.
fn timed(tc: Option<TimeControl>, computer: Computer) -> Harness<'static, MyriadApp> {
    harness_with(Options {
        file: Some("chess".into()),
        computer,
        time_control: tc,
        ..Options::headless()
    })
}

/// Jumps the frame time forward by `secs`, as if the user waited.
fn wait(h: &mut Harness<'static, MyriadApp>, secs: f64) {
    let t = h.ctx.input(|i| i.time);
    h.input_mut().time = Some(t + secs);
    h.step();
    // from there the time moves on by itself again, a step at a time (a time left in the
    // input would stay fixed)
    h.input_mut().time = None;
    h.run();
}

fn now(h: &Harness<'static, MyriadApp>) -> Duration {
    Duration::from_secs_f64(h.ctx.input(|i| i.time))
}

fn remaining(h: &Harness<'static, MyriadApp>, c: Color) -> Duration {
    h.state().clock().expect("a clock").remaining(c, now(h))
}

/// Loads a chess game from a PGN text (through the GUI's Load).
fn load(h: &mut Harness<'static, MyriadApp>, tag: &str, pgn: &str) {
    let path = temp_dir(tag).join("game.pgn");
    std::fs::write(&path, pgn).unwrap();
    h.state_mut().load_pgn(&path);
    h.run();
}

#[test]
fn a_flag_fall_ends_the_game_on_time() {
    let mut h = timed(Some(TimeControl::minutes(1, 0)), Computer::Neither);
    assert!(h.query_by_label("White's clock 1:00").is_some());
    assert!(h.query_by_label("Black's clock 1:00").is_some());
    // each side's clock starts after its first move
    click_move(&mut h, "e2", "e4");
    wait(&mut h, 30.0);
    assert_eq!(h.state().clock().unwrap().running(), None);
    click_move(&mut h, "e7", "e5");
    assert_eq!(h.state().clock().unwrap().running(), Some(Color::White));
    assert_eq!(remaining(&h, Color::Black), Duration::from_secs(60));
    // browsing the history does not stop the clock
    h.state_mut().apply(Action::ViewPly(0));
    wait(&mut h, 50.5);
    assert!(
        remaining(&h, Color::White) < Duration::from_secs(10),
        "{:?} at {:?}",
        remaining(&h, Color::White),
        now(&h)
    );
    assert!(
        h.query_by_label_contains("White's clock 0:0").is_some(),
        "tenths under ten seconds"
    );
    wait(&mut h, 10.0);
    let o = h.state().game().outcome().expect("White's flag fell");
    assert_eq!(o.winner, Some(Color::Black));
    assert_eq!(
        o.reason,
        Reason::TimeForfeit {
            flagged: Color::White
        }
    );
    assert!(
        h.query_by_label("Black wins on time  0-1").is_some(),
        "the banner"
    );
    assert_eq!(h.state().clock().unwrap().running(), None);
    assert_eq!(remaining(&h, Color::White), Duration::ZERO);
    // no taking back a flag fall: there is no time left to play on with
    h.state_mut().apply(Action::Undo);
    h.run();
    assert!(h.state().game().outcome().is_some());
    // the PGN says so
    let pgn = h.state().game().to_pgn(&[]);
    assert!(pgn.contains("[Termination \"time forfeit\"]"), "{pgn}");
    assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
    // a new game starts with full clocks
    h.state_mut().apply(Action::NewGame);
    h.run();
    assert!(h.state().game().outcome().is_none());
    assert_eq!(remaining(&h, Color::White), Duration::from_secs(60));
}

#[test]
fn a_flag_fall_against_a_bare_king_is_a_draw() {
    let mut h = timed(Some(TimeControl::minutes(1, 0)), Computer::Neither);
    load(
        &mut h,
        "bare",
        "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"]\n\n1. Rb1 Kd7 2. Rc1 Ke7 *\n",
    );
    // both sides have moved: White's time runs at once
    assert_eq!(h.state().clock().unwrap().running(), Some(Color::White));
    wait(&mut h, 61.0);
    let o = h.state().game().outcome().expect("White's flag fell");
    assert_eq!(o.winner, None, "Black's bare king cannot mate");
    assert!(h
        .query_by_label_contains("Draw: White's time ran out, and Black cannot mate")
        .is_some());
    let pgn = h.state().game().to_pgn(&[]);
    assert!(pgn.contains("[Result \"1/2-1/2\"]"), "{pgn}");
    assert!(pgn.contains("[Termination \"time forfeit\"]"), "{pgn}");
}

#[test]
fn the_increment_is_added_after_each_timed_move() {
    let mut h = timed(Some(TimeControl::minutes(3, 2)), Computer::Neither);
    click_move(&mut h, "e2", "e4");
    click_move(&mut h, "e7", "e5");
    // White's time runs from Black's first move (a frame or two ago)
    let start = remaining(&h, Color::White);
    assert!(start > Duration::from_secs(179), "{start:?}");
    wait(&mut h, 10.0);
    // the move played at this frame's time: the clock is read before and after it
    let before = remaining(&h, Color::White);
    assert!(before < Duration::from_secs(170), "10 s spent: {before:?}");
    let m = h.state().game().parse_move("Nf3").unwrap();
    h.state_mut().apply(Action::Play(m));
    let white = remaining(&h, Color::White);
    assert_eq!(white, before + Duration::from_secs(2), "2 s added");
    assert_eq!(h.state().clock().unwrap().running(), Some(Color::Black));
    h.run();
    let face = format!("White's clock {}", myriad::game::clock::face(white));
    assert!(h.query_by_label(&face).is_some(), "{face}");
    // Black's first move was free: no increment for it
    assert!(remaining(&h, Color::Black) <= Duration::from_secs(180));
    // the next side's time starts with the move itself, not at the next frame (a computer
    // that answers within one frame must still be charged for its thinking)
    let m = h.state().game().parse_move("Nc6").unwrap();
    h.state_mut().apply(Action::Play(m));
    assert_eq!(h.state().clock().unwrap().running(), Some(Color::White));
}

#[test]
fn the_time_control_is_chosen_for_the_next_game() {
    let mut h = timed(None, Computer::Neither);
    assert!(h.state().clock().is_none());
    assert!(
        h.query_by_label_contains("'s clock").is_none(),
        "no clock, no face"
    );
    h.get_by_label("Clock:").click();
    h.run();
    click_label(&mut h, "3+2");
    assert_eq!(h.state().time_control(), Some(TimeControl::minutes(3, 2)));
    assert!(
        h.state().clock().is_none(),
        "the game on the board keeps its (no) clock"
    );
    assert!(h
        .query_by_label_contains("Applies from the next new game")
        .is_some());
    // a custom control: minutes and increment seconds
    h.get_by_label("Clock:").click();
    h.run();
    click_label(&mut h, "Custom");
    assert!(h.query_by_label("Clock minutes").is_some());
    assert!(h.query_by_label("Clock increment").is_some());
    h.state_mut().apply(Action::SetTimeControl(
        Some(TimeControl::minutes(2, 1)),
        true,
    ));
    h.state_mut().apply(Action::NewGame);
    h.run();
    assert_eq!(
        h.state().clock().map(|c| c.control()),
        Some(TimeControl::minutes(2, 1))
    );
    assert!(h.query_by_label("White's clock 2:00").is_some());
    assert!(h
        .query_by_label_contains("Applies from the next new game")
        .is_none());
}

#[test]
fn resigning_ends_the_game_and_the_pgn_keeps_it() {
    let mut h = timed(None, Computer::Neither);
    click_move(&mut h, "e2", "e4");
    // at one board, the side to move resigns
    click_label(&mut h, "Resign");
    let o = h.state().game().outcome().expect("Black resigned");
    assert_eq!(o.reason, Reason::Resignation);
    assert_eq!(o.winner, Some(Color::White));
    assert!(h
        .query_by_label_contains("White wins by resignation")
        .is_some());
    let dir = temp_dir("resign");
    let path = dir.join("game.pgn");
    h.state_mut().save_pgn(&path);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("[Result \"1-0\"]"), "{text}");
    assert!(text.contains("[Termination \"normal\"]"), "{text}");
    // a new game (no question: the game is over), then the saved one read back
    h.state_mut().apply(Action::NewGame);
    h.run();
    assert!(h.state().game().history().is_empty());
    h.state_mut().load_pgn(&path);
    h.run();
    assert_eq!(h.state().game().outcome(), Some(o));
    // Undo reopens it
    h.state_mut().apply(Action::Undo);
    h.run();
    assert_eq!(h.state().game().outcome(), None);
}

#[test]
fn a_draw_offer_at_one_board_is_answered_by_the_other_side() {
    let mut h = timed(None, Computer::Neither);
    click_move(&mut h, "e2", "e4");
    click_label(&mut h, "Offer draw");
    assert_eq!(h.state().draw_offer(), Some(Color::Black));
    assert!(h.query_by_label("Black offers a draw. White:").is_some());
    click_label(&mut h, "Decline");
    assert_eq!(h.state().draw_offer(), None);
    assert!(h.state().game().outcome().is_none());
    // an offer lapses when the other side moves instead of answering
    click_label(&mut h, "Offer draw");
    click_move(&mut h, "e7", "e5");
    assert_eq!(
        h.state().draw_offer(),
        Some(Color::Black),
        "the offerer may move"
    );
    click_move(&mut h, "g1", "f3");
    assert_eq!(h.state().draw_offer(), None, "White moved: declined");
    // accepted
    click_label(&mut h, "Offer draw");
    click_label(&mut h, "Accept");
    let o = h.state().game().outcome().expect("a draw");
    assert_eq!(o.reason, Reason::Agreement);
    assert!(h.query_by_label_contains("Draw by agreement").is_some());
}

/// The computer plays Black in a position loaded with White to move; White offers a draw.
fn offer_to_computer(fen: &str) -> Harness<'static, MyriadApp> {
    let mut h = timed(None, Computer::Black);
    load(
        &mut h,
        "offer",
        &format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n*\n"),
    );
    click_label(&mut h, "Offer draw");
    h
}

#[test]
fn the_computer_accepts_a_draw_when_it_is_not_better() {
    // the computer's bare king against a queen: it accepts
    let h = offer_to_computer("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1");
    let o = h.state().game().outcome().expect("accepted");
    assert_eq!(o.reason, Reason::Agreement);
    assert!(h.state().toast().unwrap().contains("accepts"));
    // its queen against a bare king: it declines, and the game goes on
    let h = offer_to_computer("q3k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(h.state().game().outcome(), None);
    let toast = h.state().toast().unwrap();
    assert!(toast.contains("declines"), "{toast}");
}

/// Engine against engine at a short control: each think gets the clock's share of the time
/// left, and the time it really took is charged to the clock. No flag may fall.
fn play_timed(rules: &str, tc: TimeControl, level: u8, max_plies: usize) {
    let v = myriad::rules::load(rules).unwrap();
    let mut game = Game::new_seeded(v, 7);
    let mut clock = Clock::new(tc);
    let mut engines = [Engine::new(16), Engine::new(16)];
    for e in &mut engines {
        e.set_level(level);
        e.set_seed(3);
    }
    let stop = AtomicBool::new(false);
    // the GUI's cap at this level (see `ai::limits`)
    let cap = Duration::from_millis(match level {
        1..=3 => 600,
        4..=6 => 1500,
        7..=8 => 3000,
        _ => 6000,
    });
    let mut now = Duration::ZERO;
    let mut plies = 0;
    while game.outcome().is_none() && plies < max_plies {
        let side = game.turn();
        if let Some(f) = game.forced_move() {
            // a step that plays itself takes no time
            clock.pause(now);
            game.play(f.mv).unwrap();
            clock.ply(side, now);
            continue;
        }
        clock.run(side, now);
        let limits = Limits {
            movetime: Some(clock.think_time(side, now, cap)),
            ..Limits::default()
        };
        let t = Instant::now();
        let m = engines[side.index()]
            .think(&game, &limits, &stop, &mut |_| {})
            .expect("a move");
        now += t.elapsed();
        assert_eq!(
            clock.flagged(now),
            None,
            "{rules}: {side}'s flag fell at ply {plies} ({tc})"
        );
        game.play(m).unwrap();
        clock.ply(side, now);
        plies += 1;
    }
    for c in [Color::White, Color::Black] {
        assert!(!clock.remaining(c, now).is_zero());
    }
    eprintln!(
        "{rules} at {tc}: {plies} plies, left {:?} / {:?}, {:?}",
        clock.remaining(Color::White, now),
        clock.remaining(Color::Black, now),
        game.outcome()
    );
}

#[test]
fn the_computer_never_loses_on_time_at_a_short_control() {
    let short = TimeControl {
        base: Duration::from_secs(5),
        increment: Duration::ZERO,
    };
    play_timed("chess", short, 10, 160);
    // a setup phase: the steps are timed like moves
    play_timed("regroupment", short, 6, 120);
}

#[test]
fn setup_steps_are_timed_and_a_step_that_plays_itself_takes_no_time() {
    // Placement Chess: Black swaps, White mirrors it, White swaps, Black mirrors it
    let mut h = harness_with(Options {
        file: Some("placement".into()),
        time_control: Some(TimeControl::minutes(1, 0)),
        forced_delay: 5.0,
        ..Options::headless()
    });
    let clock = |h: &Harness<'static, MyriadApp>| h.state().clock().unwrap().clone();
    // Black's first step is free, as a first move is
    click_move(&mut h, "e8", "d8");
    assert_eq!(clock(&h).running(), None, "White's mirror plays itself");
    wait(&mut h, 6.0);
    assert_eq!(h.state().game().history().len(), 2, "the mirror was played");
    // White's time has run only since its mirror (the frames since)
    let white = remaining(&h, Color::White);
    assert!(white > Duration::from_secs(59), "{white:?}");
    // White's own swap is its second ply: its time runs
    assert_eq!(clock(&h).running(), Some(Color::White));
    wait(&mut h, 4.0);
    click_move(&mut h, "e1", "g1");
    assert_eq!(
        h.state().game().history().len(),
        3,
        "White swapped queen and knight"
    );
    let white = remaining(&h, Color::White);
    assert!(white < Duration::from_secs(56), "{white:?}");
    // Black's mirror waits to play itself: nobody's time runs, and Black loses nothing
    assert_eq!(clock(&h).running(), None);
    wait(&mut h, 3.0);
    assert_eq!(remaining(&h, Color::Black), Duration::from_secs(60));
    wait(&mut h, 3.0);
    assert!(!h.state().game().in_setup(), "the setup phase is over");
    assert_eq!(clock(&h).running(), Some(Color::White), "White's move 1");
    assert_eq!(remaining(&h, Color::Black), Duration::from_secs(60));
}
