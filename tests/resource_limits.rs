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

/// Twelve optional steps that may each swap any two of a side's pieces on its first two ranks,
/// pawns included: 16! / (8! 2! 2! 2!) = 64,864,800 arrangements a side, far more than can be
/// counted. Refused when compiled, with the estimate and a hint, in well under a second.
///
/// (Before the limit counted distinct arrays, the same twelve steps on the back rank alone
/// were refused as "10^19 or more" lines of play; they are accepted now: see
/// `many_swaps_are_counted_by_their_distinct_arrays`.)
#[test]
fn a_setup_phase_that_would_explode_is_refused() {
    let t = Instant::now();
    let text = steps(
        12,
        "swap K Q R B N P with K Q R B N P optional ranks 1 2",
        "  require opposite-colours B at end\n",
    );
    let err = compile(&text).expect_err("refused");
    assert!(
        err.contains("this setup phase is too large to count: up to 64,864,800 arrays a side"),
        "{err}"
    );
    assert!(err.contains("Myriad counts at most 3,000,000"), "{err}");
    assert!(err.contains("help: name fewer pieces"), "{err}");
    assert!(err.contains("limits.rules:3:1"), "{err}");
    assert!(t.elapsed() < Duration::from_secs(2));
}

/// `mirror` steps tie the sides together, so their lines are walked whole and bounded as
/// lines: five pairs of "swap any two back-rank pieces" and its mirror, 26^5 lines.
#[test]
fn a_linked_setup_phase_is_bounded_by_its_lines() {
    let mut text = String::from("extends \"chess\"\nname \"Linked\"\nsetup {\n");
    for i in 0..5 {
        let (a, b) = if i % 2 == 0 {
            ("black", "white")
        } else {
            ("white", "black")
        };
        text += &format!("  step {a} swap K Q R B N with K Q R B N optional\n  step {b} mirror\n");
    }
    text += "}\n";
    let err = compile(&text).expect_err("refused");
    // 8 pieces, 25 pairs of different kinds, and a pass: 26 options a step.
    let lines = 26u64.pow(5);
    assert!(err.contains("too many lines of play to count"), "{err}");
    let shown = lines.to_string();
    let grouped = format!("{},{},{}", &shown[..2], &shown[2..5], &shown[5..]);
    assert!(err.contains(&format!("as many as {grouped}")), "{err}");
    assert!(err.contains("`mirror` steps"), "{err}");
}

/// Many optional "swap any two back-rank pieces" steps are bounded by the arrays they can
/// reach, not their lines: each side's arrays are at most the 8! / (2! 2! 2!) = 5,040
/// arrangements of its pieces. Two steps a side (65^4 = 17,850,625 lines by the old bound)
/// and six a side are accepted and counted in seconds, and Game::new starts them at once.
#[test]
fn many_swaps_are_counted_by_their_distinct_arrays() {
    // Two steps a side: compared with a direct enumeration of the swaps of two letters in
    // `RNBQKBNR` (any two squares holding different letters, or a pass), twice.
    let text = steps(4, "swap K Q R B N with K Q R B N optional", "");
    let v = compile(&text).unwrap_or_else(|e| panic!("{e}"));
    let mut arrays = std::collections::HashSet::new();
    let start: Vec<char> = "RNBQKBNR".chars().collect();
    let options = |a: &Vec<char>| -> Vec<Vec<char>> {
        let mut out = vec![a.clone()];
        for i in 0..8 {
            for j in i + 1..8 {
                if a[i] != a[j] {
                    let mut b = a.clone();
                    b.swap(i, j);
                    out.push(b);
                }
            }
        }
        out
    };
    for a in options(&start) {
        arrays.extend(options(&a));
    }
    let n = arrays.len() as u64;
    let t = Instant::now();
    let census = myriad::game::setup::census(&v);
    // Both sides reach the same arrangements, so each White array's mirror image is one of
    // Black's.
    assert_eq!((census.positions, census.mirrored), (n * n, n));
    assert!(t.elapsed() < Duration::from_secs(10));

    // Six steps a side with the bishops on opposite colours: every arrangement with the
    // bishops on opposite colours, 4 x 4 x 6! / (2! 2!) = 2,880 a side (as in Transcendental
    // Chess).
    let text = steps(
        12,
        "swap K Q R B N with K Q R B N optional",
        "  require opposite-colours B at end\n",
    );
    let t = Instant::now();
    let v = compile(&text).unwrap_or_else(|e| panic!("{e}"));
    let census = myriad::game::setup::census(&v);
    assert_eq!((census.positions, census.mirrored), (2880 * 2880, 2880));
    let mut g = Game::new_seeded(v, 3);
    while g.in_setup() {
        let moves = g.legal_moves();
        g.play(moves[moves.len() / 2]).unwrap();
    }
    assert!(t.elapsed() < Duration::from_secs(10), "{:?}", t.elapsed());
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
