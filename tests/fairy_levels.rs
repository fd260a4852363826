//! The AI plays each Fairy-Stockfish family as its rules say, not only legally: in every
//! bundled file that tests/golden/fs proves against Fairy-Stockfish, level 6 must score at
//! least 75% against level 1 in self-play (both colours, setup phase included).
//!
//! `cargo test` plays 4 games a file (level 6 twice with each colour), with a node limit so that
//! the games are the same on any machine. The full figure of the closing note is the same test
//! with more games: `MYRIAD_LEVEL_GAMES=10 cargo test --release --test fairy_levels --
//! --nocapture` prints a table line per file; `MYRIAD_LEVEL_FILES=codrus,clobber` keeps those
//! files alone.

use std::sync::atomic::AtomicBool;

use myriad::game::Game;
use myriad::search::{Engine, Limits};
use myriad::types::Color;

/// Plies of the game proper after which a game is adjudicated a draw.
const MAX_PLIES: usize = 200;

/// Level 6's score against level 1 over `games` games (level 6 is White in even games).
fn score(name: &str, games: u32) -> (f64, String) {
    let v = myriad::rules::load(name).unwrap_or_else(|e| panic!("{name}: {e}"));
    // level 6 thinks to its own depth within a node budget; level 1 is depth 1 anyway
    let limits = Limits {
        nodes: Some(20_000),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    let mut points = 0.0;
    let mut results = String::new();
    for g in 0..games {
        let mut engines = [Engine::new(8), Engine::new(8)];
        engines[0].set_level(6);
        engines[1].set_level(1);
        for (i, e) in engines.iter_mut().enumerate() {
            e.set_seed(u64::from(g) * 2 + i as u64 + 1);
        }
        let strong = if g % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let mut game = Game::new_seeded(v.clone(), u64::from(g) / 2 + 1);
        let mut plies = 0;
        while game.outcome().is_none() && plies < MAX_PLIES {
            let e = if game.turn() == strong { 0 } else { 1 };
            let m = engines[e]
                .think(&game, &limits, &stop, &mut |_| {})
                .unwrap_or_else(|| panic!("{name}: no move in a game that is not over"));
            game.play(m)
                .unwrap_or_else(|e| panic!("{name}: the AI chose an illegal move: {e}"));
            if !game.in_setup() {
                plies += 1;
            }
        }
        let p = match game.outcome() {
            Some(o) if o.winner == Some(strong) => 1.0,
            Some(o) if o.winner.is_some() => 0.0,
            _ => 0.5,
        };
        points += p;
        let why = game
            .outcome()
            .map_or(format!("{MAX_PLIES} plies"), |o| o.to_string());
        results.push_str(&format!(" [{p} {why}]"));
    }
    (points / f64::from(games), results)
}

#[test]
fn level_6_beats_level_1_in_every_fairy_stockfish_file() {
    let games: u32 = std::env::var("MYRIAD_LEVEL_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(4);
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/fs");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("tests/golden/fs")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "perft"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert!(names.len() >= 5, "{names:?}");
    // MYRIAD_LEVEL_FILES=codrus,clobber measures those files alone
    if let Ok(only) = std::env::var("MYRIAD_LEVEL_FILES") {
        let only: Vec<&str> = only.split(',').map(str::trim).collect();
        names.retain(|n| only.contains(&n.as_str()));
        assert!(
            !names.is_empty(),
            "MYRIAD_LEVEL_FILES names no file of tests/golden/fs"
        );
    }
    // two files at a time: the suite runs on two cores
    let chunks: Vec<Vec<String>> = names
        .chunks(names.len().div_ceil(2))
        .map(<[_]>::to_vec)
        .collect();
    let rows: Vec<(String, f64, String)> = std::thread::scope(|s| {
        let handles: Vec<_> = chunks
            .iter()
            .map(|chunk| {
                s.spawn(move || {
                    chunk
                        .iter()
                        .map(|n| {
                            let (sc, why) = score(n, games);
                            (n.clone(), sc, why)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("no panic"))
            .collect()
    });
    let mut weak = Vec::new();
    for (name, sc, why) in &rows {
        eprintln!(
            "{name:16} level 6 vs level 1: {:5.1}% over {games} games:{why}",
            100.0 * sc
        );
        if *sc < 0.75 {
            weak.push(format!("{name} {:.0}%", 100.0 * sc));
        }
    }
    assert!(
        weak.is_empty(),
        "level 6 under 75% against level 1: {weak:?}"
    );
}
