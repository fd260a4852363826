//! Swaps offered in the game proper, instead of a move (`at move 1 swap ...`, the in-game
//! swap of Transcendental Chess) on the orthodox array: legal moves, perft against
//! scripts/move1_swap_perft.py (python-chess), notation, FEN and PGN round trips, UCI, and the
//! AI choosing a swap.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use myriad::game::Game;
use myriad::search::{Engine, Limits};
use myriad::types::{Color, MoveKind};
use myriad::variant::Variant;

/// "On its first turn a player may, instead of a move, exchange any two pieces of its back
/// rank, provided the bishops stay on opposite colours" (Transcendental Chess), on the
/// orthodox array, without castling as in Transcendental Chess.
const RULES: &str = r#"extends "chess"
name "Swap at Move 1"
castling none
setup {
  at move 1 swap K Q R B N with K Q R B N
  require opposite-colours B
}
"#;

fn variant() -> Arc<Variant> {
    myriad::rules::compile_source(RULES, "swap-at-move-1.rules").unwrap_or_else(|d| panic!("{d}"))
}

fn sans(game: &Game) -> Vec<String> {
    let mut v: Vec<String> = game.legal_moves().iter().map(|&m| game.san(m)).collect();
    v.sort();
    v
}

fn swaps(game: &Game) -> Vec<String> {
    sans(game)
        .into_iter()
        .filter(|s| s.starts_with("swap"))
        .collect()
}

/// Perft counts the swaps. The figures are python-chess's with the swap rule added by hand:
/// `python3 scripts/move1_swap_perft.py 4` prints 39, 1521, 32021, 672673;
/// `python3 scripts/move1_swap_perft.py 3 "rnbqkbnr/ppp2ppp/8/1B1pp3/4P3/8/PPPP1PPP/RNBQK1NR b - - 0 1"`
/// (Black in check at move 1: swaps that take the king out of the bishop's line are legal,
/// the others are not) prints 12, 413, 13559.
#[test]
fn perft_counts_the_swaps() {
    let v = variant();
    let mut g = Game::new(v.clone());
    let want = [39u64, 1521, 32021, 672673];
    for (d, &n) in want.iter().enumerate() {
        assert_eq!(g.perft(d as u32 + 1), n, "start, depth {}", d + 1);
    }
    let fen = "rnbqkbnr/ppp2ppp/8/1B1pp3/4P3/8/PPPP1PPP/RNBQK1NR b - - 0 1";
    let mut g = Game::from_fen(v, fen).unwrap();
    for (d, &n) in [12u64, 413, 13559].iter().enumerate() {
        assert_eq!(g.perft(d as u32 + 1), n, "{fen}, depth {}", d + 1);
    }
    // The script itself, when python-chess is at hand, prints the same figures.
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/move1_swap_perft.py");
    let run = |args: &[&str]| {
        std::process::Command::new("python3")
            .arg(script)
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
    };
    if let Some(out) = run(&["3"]) {
        assert_eq!(out, "depth 1: 39\ndepth 2: 1521\ndepth 3: 32021\n");
    }
    if let Some(out) = run(&["3", fen]) {
        assert_eq!(out, "depth 1: 12\ndepth 2: 413\ndepth 3: 13559\n");
    }
}

/// 25 pairs of back-rank pieces of different kinds, less the 6 that put both bishops on one
/// colour; offered at each side's first turn only.
#[test]
fn swaps_are_offered_at_move_one_only() {
    let mut g = Game::new(variant());
    let s = swaps(&g);
    assert_eq!(s.len(), 19, "{s:?}");
    assert!(s.contains(&"swap e1 g1".to_string()));
    assert!(!s.iter().any(|m| m == "swap c1 d1" || m == "swap d1 c1"));
    let m = g.parse_move("swap g1 e1").unwrap();
    assert_eq!(m.kind, MoveKind::Exchange);
    assert_eq!(g.san(m), "swap e1 g1");
    assert_eq!(g.uci(m, false), "e1g1");
    g.play(m).unwrap();
    // The swap was White's move: Black to move, and Black's first turn offers swaps too.
    assert_eq!(g.turn(), Color::Black);
    assert_eq!(g.history()[0].san, "swap e1 g1");
    assert_eq!(
        g.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQNBKR b - - 1 1"
    );
    assert_eq!(swaps(&g).len(), 19);
    g.play(g.parse_move("e5").unwrap()).unwrap();
    // Move 2: no more swaps.
    assert!(swaps(&g).is_empty());
    assert_eq!(
        g.legal_moves().len(),
        g.position().legal_moves(g.variant()).len()
    );
    // Undo restores the choice.
    g.undo();
    g.undo();
    assert_eq!(swaps(&g).len(), 19);
}

/// A FEN written after a swap reads back to the same position and the same legal moves; so
/// does a FEN at move 1 (which offers the swaps again).
#[test]
fn fen_round_trips() {
    let v = variant();
    let mut g = Game::new(v.clone());
    for m in ["swap e1 d1", "swap e8 b8"] {
        g.play(g.parse_move(m).unwrap()).unwrap();
        let back = Game::from_fen(v.clone(), &g.fen()).unwrap();
        assert_eq!(back.fen(), g.fen());
        assert_eq!(sans(&back), sans(&g));
    }
}

/// The PGN shows the swaps in the movetext and reads back to the same game.
#[test]
fn pgn_round_trips() {
    let v = variant();
    let mut g = Game::new(v.clone());
    for m in ["e4", "swap e8 g8", "Nf3", "Nc6"] {
        g.play(g.parse_move(m).unwrap()).unwrap();
    }
    let pgn = g.to_pgn(&[]);
    assert!(pgn.contains("1. e4 swap e8 g8 2. Nf3 Nc6"), "{pgn}");
    let back = Game::from_pgn(&v, &pgn).unwrap_or_else(|e| panic!("{e}\n{pgn}"));
    assert_eq!(back.fen(), g.fen());
    assert_eq!(back.to_pgn(&[]), pgn);
}

/// UCI: a swap is written as its two squares, like a setup swap.
#[test]
fn uci_position_accepts_swaps() {
    let v = variant();
    let g = myriad::uci::parse_position(&v, &["startpos", "moves", "e1g1", "e8d8"]).unwrap();
    assert_eq!(
        g.fen(),
        "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQNBKR w - - 2 2"
    );
}

/// The AI plays a swap when it is best: here only Black's king-rook swap mates (the rook lands
/// on e8, on the open file; White's king is walled in by its own rooks and pawns, and White's
/// next turn is move 2, with no swap to escape).
#[test]
fn the_ai_chooses_a_mating_swap() {
    let v = variant();
    let game = Game::from_fen(v, "r3k3/8/8/8/8/8/3P1P2/3RKR2 b - - 0 1").unwrap();
    let mut engine = Engine::new(8);
    let stop = AtomicBool::new(false);
    let limits = Limits {
        depth: Some(3),
        ..Limits::default()
    };
    let m = engine
        .think(&game, &limits, &stop, &mut |_| {})
        .expect("a move");
    assert_eq!(game.san(m), "swap e8 a8#");
}
