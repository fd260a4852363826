//! The search on chess positions: mates in 1, 2 and 3 at modest depth (with helper threads
//! too), determinism at a fixed depth, a symmetric evaluation, and a prompt stop.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use myriad::game::Game;
use myriad::position::AnyPosition;
use myriad::search::{evaluate, Engine, Limits, Report, Score};

fn chess() -> Arc<myriad::variant::Variant> {
    myriad::rules::load("chess").expect("bundled chess")
}

/// Searches `fen` to `depth`; returns the best move (UCI) and the last report.
fn search(fen: &str, depth: u32) -> (String, Report) {
    search_threads(fen, depth, 1)
}

/// [`search`] with `threads` threads.
fn search_threads(fen: &str, depth: u32, threads: usize) -> (String, Report) {
    let v = chess();
    let game = Game::from_fen(v, fen).unwrap();
    let mut engine = Engine::new(8);
    engine.set_threads(threads);
    assert_eq!(engine.threads(), threads);
    let stop = AtomicBool::new(false);
    let mut last = None;
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let m = engine
        .think(&game, &limits, &stop, &mut |r| last = Some(r.clone()))
        .expect("a legal move");
    assert!(game.legal_moves().contains(&m));
    (game.uci(m, false), last.expect("a report"))
}

#[test]
fn mate_in_one() {
    for (fen, best) in [
        ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1d8"),
        ("6rk/6pp/8/6N1/8/8/8/6QK w - - 0 1", "g5f7"),
        ("k7/8/1K6/8/8/8/8/7R w - - 0 1", "h1h8"),
    ] {
        let (m, r) = search(fen, 3);
        assert_eq!(m, best, "{fen}");
        assert_eq!(r.score, Score::Mate(1), "{fen}");
    }
}

#[test]
fn mate_in_two() {
    for (fen, best) in [
        (
            "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
            Some("d5f6"),
        ),
        ("7k/8/5K2/8/8/8/8/6R1 w - - 0 1", None),
    ] {
        let (m, r) = search(fen, 5);
        if let Some(b) = best {
            assert_eq!(m, b, "{fen}");
        }
        assert_eq!(r.score, Score::Mate(2), "{fen}");
    }
}

#[test]
fn mate_in_three() {
    for (fen, best) in [
        ("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", "f6a6"),
        (
            "2r3k1/p4p2/3Rp2p/1p2P1pK/8/1P4P1/P3Q2P/1q6 b - - 0 1",
            "b1g6",
        ),
        (
            "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1",
            "f8c5",
        ),
    ] {
        let (m, r) = search(fen, 7);
        assert_eq!(m, best, "{fen}");
        assert_eq!(r.score, Score::Mate(3), "{fen}");
    }
}

#[test]
fn helper_threads_find_the_same_mates() {
    // Lazy SMP: the helpers share only the table, so the first thread's answer to a fixed
    // depth may come from a deeper helper's entries, but a forced mate stays the best move
    for (fen, best, mate, depth) in [
        ("6rk/6pp/8/6N1/8/8/8/6QK w - - 0 1", "g5f7", 1, 3),
        ("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", "f6a6", 3, 7),
        (
            "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1",
            "f8c5",
            3,
            7,
        ),
    ] {
        for threads in [2, 3] {
            let (m, r) = search_threads(fen, depth, threads);
            assert_eq!(m, best, "{fen}, {threads} threads");
            assert_eq!(r.score, Score::Mate(mate), "{fen}, {threads} threads");
        }
    }
}

#[test]
fn threads_are_clamped_and_weak_levels_stay_reproducible() {
    let mut e = Engine::new(1);
    e.set_threads(0);
    assert_eq!(e.threads(), 1);
    e.set_threads(1000);
    assert_eq!(e.threads(), myriad::search::MAX_THREADS);
    // a weaker level (several candidate lines) searches on one thread: the same seed plays
    // the same move with four threads as with one
    let game = Game::from_fen(
        chess(),
        "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQK2R w KQ - 0 8",
    )
    .unwrap();
    let play = |threads: usize| {
        let mut e = Engine::new(4);
        e.set_level(6);
        e.set_seed(9);
        e.set_threads(threads);
        let mut nodes = 0;
        let limits = Limits {
            depth: Some(5),
            ..Limits::default()
        };
        let stop = AtomicBool::new(false);
        let m = e.think(&game, &limits, &stop, &mut |r| nodes = r.nodes);
        (m, nodes)
    };
    assert_eq!(play(1), play(4));
}

#[test]
fn being_mated_is_a_negative_mate() {
    // Black to move, mated next move whatever it does
    let (_, r) = search("k7/8/1K6/8/8/8/8/7R b - - 0 1", 4);
    assert!(matches!(r.score, Score::Mate(n) if n < 0), "{:?}", r.score);
}

#[test]
fn deterministic_at_a_fixed_depth() {
    for fen in [
        "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQK2R w KQ - 0 8",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ] {
        let (m1, r1) = search(fen, 6);
        let (m2, r2) = search(fen, 6);
        assert_eq!(m1, m2);
        assert_eq!(r1.score, r2.score);
        assert_eq!(r1.nodes, r2.nodes);
        assert_eq!(r1.pv, r2.pv);
    }
}

/// The colour-mirrored FEN: ranks reversed, colours swapped, the other side to move.
fn mirror(fen: &str) -> String {
    let f: Vec<&str> = fen.split_whitespace().collect();
    let board: Vec<String> = f[0]
        .split('/')
        .rev()
        .map(|r| r.chars().map(swap_case).collect())
        .collect();
    let turn = if f[1] == "w" { "b" } else { "w" };
    let castling: String = if f[2] == "-" {
        "-".into()
    } else {
        let mut c: Vec<char> = f[2].chars().map(swap_case).collect();
        c.sort_by_key(|x| (x.is_ascii_lowercase(), *x));
        c.into_iter().collect()
    };
    let ep = if f[3] == "-" {
        "-".to_string()
    } else {
        let b = f[3].as_bytes();
        format!("{}{}", b[0] as char, (b'1' + b'8' - b[1]) as char)
    };
    format!(
        "{} {} {} {} {} {}",
        board.join("/"),
        turn,
        castling,
        ep,
        f[4],
        f[5]
    )
}

fn swap_case(c: char) -> char {
    if c.is_ascii_uppercase() {
        c.to_ascii_lowercase()
    } else {
        c.to_ascii_uppercase()
    }
}

#[test]
fn evaluation_is_symmetric() {
    let v = chess();
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQK2R w KQ - 0 8",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rkbnnbqr/pppppppp/8/8/4P3/8/PPPP1PPP/RNKNBBQR b HAha e3 0 1",
        "4k3/8/8/8/8/8/8/4K2N w - - 0 1",
    ] {
        let p = AnyPosition::from_fen(&v, fen).unwrap();
        let q = AnyPosition::from_fen(&v, &mirror(fen)).unwrap();
        // both from the side to move's point of view: the mirrored side to move is the other
        // colour in the same situation
        assert_eq!(
            evaluate(&v, &p),
            evaluate(&v, &q),
            "{fen} / {}",
            mirror(fen)
        );
    }
    // and a 10x8 board
    let cap = myriad::rules::load("capablanca").unwrap();
    let g = Game::new_seeded(cap.clone(), 0);
    let mut p = *g.position();
    let m = p.legal_moves(&cap).as_slice()[3];
    p.play(&cap, m);
    let fen = p.fen_shredder(&cap);
    let q = AnyPosition::from_fen(&cap, &mirror(&fen)).unwrap();
    assert_eq!(evaluate(&cap, &p), evaluate(&cap, &q), "{fen}");
}

/// Runs `think` in a thread with `limits`, sets the stop flag after `stop_after` (if any),
/// and returns how long the search ran.
fn timed(limits: Limits, stop_after: Option<Duration>) -> Duration {
    timed_threads(limits, stop_after, 1)
}

/// [`timed`] with `threads` threads.
fn timed_threads(limits: Limits, stop_after: Option<Duration>, threads: usize) -> Duration {
    let v = chess();
    let game = Game::from_fen(
        v,
        "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQK2R w KQ - 0 8",
    )
    .unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let start = Instant::now();
    let h = std::thread::spawn(move || {
        let mut e = Engine::new(8);
        e.set_threads(threads);
        let m = e.think(&game, &limits, &flag, &mut |_| {});
        assert!(game.legal_moves().contains(&m.unwrap()));
    });
    if let Some(d) = stop_after {
        std::thread::sleep(d);
        stop.store(true, Ordering::Relaxed);
    }
    h.join().unwrap();
    start.elapsed()
}

#[test]
fn stop_and_movetime_are_honoured_within_50_ms() {
    // the machine may be busy: take the best of three runs
    let best = |f: &dyn Fn() -> Duration| (0..3).map(|_| f()).min().unwrap();
    // (with two threads the helper stops with the first one)
    for threads in [1, 2] {
        let infinite = best(&|| {
            timed_threads(
                Limits {
                    infinite: true,
                    ..Limits::default()
                },
                Some(Duration::from_millis(200)),
                threads,
            )
        });
        assert!(
            infinite < Duration::from_millis(250),
            "{infinite:?}, {threads}"
        );
        let movetime = best(&|| {
            timed_threads(
                Limits {
                    movetime: Some(Duration::from_millis(200)),
                    ..Limits::default()
                },
                None,
                threads,
            )
        });
        assert!(
            movetime < Duration::from_millis(250),
            "{movetime:?}, {threads}"
        );
    }
    let clock = best(&|| {
        timed(
            Limits {
                wtime: Some(Duration::from_millis(3000)),
                btime: Some(Duration::from_millis(3000)),
                ..Limits::default()
            },
            None,
        )
    });
    assert!(clock < Duration::from_millis(1050), "{clock:?}");
}
