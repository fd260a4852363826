//! Resource limits, each enforced with a clear error rather than a hang or a crash: the size
//! of a rules file, the board size, the number of piece kinds, `extends` depth and cycles
//! (those are in `tests/bad_rules/`), Betza ranges, FEN length, UCI line length, and setup
//! phases whose exploration would explode.

use std::time::{Duration, Instant};

use myriad::game::Game;

fn compile(text: &str) -> Result<std::sync::Arc<myriad::variant::Variant>, String> {
    myriad::rules::compile_source(text, "limits.rules").map_err(|d| d.to_string())
}

fn steps(n: usize, step: &str, extra: &str) -> String {
    let mut s = String::from("extends \"chess\"\nname \"Many steps\"\nsetup {\n");
    for i in 0..n {
        let side = if i % 2 == 0 { "white" } else { "black" };
        s += &format!("  step {side} {step}\n");
    }
    s += extra;
    s += "}\n";
    s
}

/// Twelve optional steps that may each swap any back-rank piece with any other: billions of
/// lines. Refused when compiled, with the bound and a hint, in well under a second.
#[test]
fn a_setup_phase_that_would_explode_is_refused() {
    let t = Instant::now();
    let text = steps(
        12,
        "swap K Q R B N with K Q R B N optional",
        "  require opposite-colours B at end\n",
    );
    let err = compile(&text).expect_err("refused");
    assert!(
        err.contains("this setup phase has too many lines of play: as many as 10^19 or more"),
        "{err}"
    );
    assert!(err.contains("at most 1000000 are allowed"), "{err}");
    assert!(err.contains("help: use fewer steps"), "{err}");
    assert!(err.contains("limits.rules:3:1"), "{err}");
    assert!(t.elapsed() < Duration::from_secs(2));
}

/// A shuffle of twelve distinct kinds on a 12-wide board would enumerate 12! arrangements.
#[test]
fn a_shuffle_that_would_explode_is_refused() {
    let text = r#"name "Big shuffle"
board 12x8
piece King K moves "K" royal value 0
piece A A moves "W"
piece B B moves "F"
piece C C moves "D"
piece D D moves "A"
piece E E moves "H"
piece F F moves "G"
piece G G moves "N"
piece H H moves "C"
piece I I moves "Z"
piece J J moves "WF"
piece L L moves "WD"
piece Pawn P moves "fmWfcF" value 100 pawn promote on rank 8 to A
array "abcdefghijkl/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/ABCDEFGHIJKL"
setup {
  shuffle
}
"#;
    let err = compile(text).expect_err("refused");
    assert!(err.contains("too many arrangements"), "{err}");
    assert!(err.contains("help: shuffle fewer pieces"), "{err}");
}

/// Within the limit, a setup phase of many steps stays quick: the game starts, its legal
/// setup moves are found, and a random game through the whole setup phase is played.
#[test]
fn a_large_allowed_setup_phase_stays_quick() {
    // 9 steps, each K with Q, a bishop or pass: 4^9 = 262144 lines, under the limit
    for extra in ["", "  require opposite-colours B at end\n", "  randomize\n"] {
        let text = steps(9, "swap K with Q B optional", extra);
        let v = compile(&text).unwrap_or_else(|e| panic!("{e}"));
        let t = Instant::now();
        let mut g = Game::new_seeded(v.clone(), 7);
        let mut n = 0;
        while g.in_setup() {
            let moves = g.legal_moves();
            assert!(!moves.is_empty());
            g.play(moves[n % moves.len()]).unwrap();
            n += 1;
        }
        assert!(!g.legal_moves().is_empty());
        let took = t.elapsed();
        eprintln!("{extra:?}: {n} setup moves, {took:?}");
        assert!(took < Duration::from_secs(20), "{extra:?}: {took:?}");
    }
}

#[test]
fn every_bundled_setup_is_far_below_the_limit() {
    for (name, _) in myriad::rules::bundled() {
        let v = myriad::rules::load(name).unwrap();
        let t = Instant::now();
        let _ = Game::new_seeded(v.clone(), 1).legal_moves();
        assert!(t.elapsed() < Duration::from_secs(5), "{name}");
    }
}
