//! Setup requirements that compare the two sides or name files, and swaps on named squares:
//! Multi-chess (Chess57), Pawn Exchange, and Regroupment with the king kept off two files.
//! Each figure is computed by Myriad from the rules file and compared with the source text or
//! an independent script.

use std::sync::Arc;

use myriad::game::setup::{explore, reachable_arrays, StartArrays};
use myriad::game::Game;
use myriad::types::Color;
use myriad::variant::Variant;

fn load(name: &str) -> Arc<Variant> {
    myriad::rules::load(name).unwrap_or_else(|d| panic!("{name}: {d}"))
}

fn compile(text: &str) -> Arc<Variant> {
    myriad::rules::compile_source(text, "test.rules").unwrap_or_else(|d| panic!("{d}"))
}

fn play(game: &mut Game, moves: &[&str]) {
    for m in moves {
        let mv = game
            .parse_move(m)
            .unwrap_or_else(|e| panic!("`{m}` in {}: {e}", game.fen()));
        game.play(mv).unwrap();
    }
}

fn sans(game: &Game) -> Vec<String> {
    let mut v: Vec<String> = game.legal_moves().iter().map(|&m| game.san(m)).collect();
    v.sort();
    v
}

/// (positions, mirrored), by exploring the setup phase through the game, and the start arrays
/// random starts draw from.
fn counts(v: &Arc<Variant>) -> (usize, usize) {
    let ex = explore(v, |_| {});
    assert_eq!(StartArrays::new(v).len(), ex.len(), "start arrays");
    (ex.len(), ex.mirrored)
}

/// Chess57: "8 arrays a side and 57 positions, one of them mirrored" (64 pairs less the 7
/// mirrored ones that are not the orthodox array).
#[test]
fn chess57_gives_57_positions_one_mirrored() {
    let v = load("chess57");
    assert_eq!(counts(&v), (57, 1));
    for side in Color::ALL {
        assert_eq!(reachable_arrays(&v, side).len(), 8, "{side:?}");
    }
    // 8 Black lines (one per array) times White's choices; perft walks the same tree.
    let mut g = Game::new_with_setup(v);
    let lines = g.perft(4);
    assert_eq!(lines, 57, "every setup line ends in a distinct position");
}

/// Black decides first; White may not copy Black's array unless both keep the orthodox one.
#[test]
fn chess57_white_may_not_mirror_black() {
    let v = load("chess57");
    let mut g = Game::new_with_setup(v.clone());
    // Black keeps everything: White may keep everything too (both orthodox).
    play(&mut g, &["pass", "pass"]);
    assert!(sans(&g).contains(&"pass".to_string()));
    // Black swaps king and queen and stops there: after White does the same, White's queen
    // (now on e1) may not stay (that would mirror Black) and must swap with the c-bishop (the
    // f-bishop on e1 would stand on the colour of the c-bishop).
    let mut g = Game::new_with_setup(v);
    play(&mut g, &["swap e8 d8", "pass", "swap e1 d1"]);
    assert_eq!(sans(&g), ["swap e1 c1"]);
    play(&mut g, &["swap e1 c1"]);
    assert!(!g.in_setup());
}

/// Pawn Exchange: "3 arrays a side, 9 positions, 3 mirrored"; Black's squares are White's
/// reflected.
#[test]
fn pawn_exchange_swaps_named_squares() {
    let v = load("pawn-exchange");
    assert_eq!(counts(&v), (9, 3));
    let mut g = Game::new_with_setup(v);
    assert_eq!(g.turn(), Color::White);
    assert_eq!(sans(&g), ["pass", "swap c1 f2", "swap f1 c2"]);
    play(&mut g, &["swap c1 f2"]);
    assert_eq!(sans(&g), ["pass", "swap c8 f7", "swap f8 c7"]);
    play(&mut g, &["swap f8 c7"]);
    assert!(!g.in_setup());
    assert_eq!(
        g.fen(),
        "rnbqkpnr/ppbppppp/8/8/8/8/PPPPPBPP/RNPQKBNR w KQkq - 0 1"
    );
}

/// The nearest construct before named squares, `swap B with P ranks 1 2`, gives 81.
#[test]
fn swap_by_kind_on_two_ranks_still_gives_81() {
    let v = compile(
        "extends \"chess\"\nsetup {\n  step white swap B with P ranks 1 2 optional\n  step black swap B with P ranks 1 2 optional\n  require opposite-colours B\n}\n",
    );
    assert_eq!(counts(&v).0, 81);
}

/// `require K not on b g at end` on Regroupment; the figures come from
/// scripts/regroupment_bg_count.py, which enumerates Regroupment arrays from the source text
/// in plain Python: "regroupment, K not on b g: 14 arrays a side, 196 positions, 14
/// mirrored" and "regroupment, Q not on d: 18 arrays a side, 324 positions, 18 mirrored"
/// (and 22, 484, 22 for Regroupment itself, as the source says).
#[test]
fn regroupment_with_files_the_king_avoids() {
    let golden = [
        ("require K not on b g at end", (196, 14)),
        ("require Q not on d", (324, 18)),
    ];
    for (line, want) in golden {
        let v = compile(&format!(
            "extends \"regroupment\"\nsetup {{\n  step black swap K with Q B N optional\n  step black swap Q with B N optional\n  step white swap K with Q B N optional\n  step white swap Q with B N optional\n  require opposite-colours B at end\n  {line}\n}}\n"
        ));
        assert_eq!(counts(&v), want, "{line}");
    }
    // The script itself, when Python is at hand, prints the same figures.
    let out = std::process::Command::new("python3")
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/scripts/regroupment_bg_count.py"
        ))
        .output();
    if let Some(out) = out.ok().filter(|o| o.status.success()) {
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("regroupment: 22 arrays a side, 484 positions, 22 mirrored"));
        assert!(text.contains("K not on b g: 14 arrays a side, 196 positions, 14 mirrored"));
        assert!(text.contains("Q not on d: 18 arrays a side, 324 positions, 18 mirrored"));
    }
}

/// The king's file requirement takes away choices during the setup phase: with the king kept
/// off the b- and g-files, Black's king may no longer swap with a knight.
#[test]
fn a_file_requirement_removes_the_knight_swaps() {
    let v = compile(
        "extends \"regroupment\"\nsetup {\n  step black swap K with Q B N optional\n  step black swap Q with B N optional\n  step white swap K with Q B N optional\n  step white swap Q with B N optional\n  require opposite-colours B at end\n  require K not on b g at end\n}\n",
    );
    let g = Game::new_with_setup(v);
    assert_eq!(sans(&g), ["pass", "swap e8 c8", "swap e8 d8", "swap e8 f8"]);
}
