//! Setup phases with independent sides and millions of positions: counted from each side's
//! arrays, listed as a stream, started at random uniformly and fast.
//!
//! The independent source for the counts is arithmetic from the definitions, checked here by
//! a direct enumeration of the strings `RNBQKBNR` can be rearranged into:
//! - Double Fischer Random Chess: each side an independent Chess960 array. 960 is Chess960's
//!   count (bishops on opposite colours, king between the rooks), so 960 x 960 = 921,600
//!   positions, and a position is mirrored when Black's array is White's reflected: 960.
//! - Transcendental Chess: each side an independent arrangement with the bishops on opposite
//!   colours and no castling: 4 x 4 (a light and a dark square for the bishops) x 6!/(2! 2!)
//!   (rooks and knights on the other six) = 2,880 a side, 2,880 x 2,880 = 8,294,400
//!   positions, 2,880 mirrored.

use std::collections::{HashMap, HashSet};
use std::io::{BufRead, BufReader};
use std::time::{Duration, Instant};

use myriad::game::setup::{census, for_each_start, is_mirrored, StartArrays};
use myriad::game::Game;

fn load(name: &str) -> std::sync::Arc<myriad::variant::Variant> {
    myriad::rules::load(name).unwrap_or_else(|d| panic!("{name}: {d}"))
}

/// The distinct rearrangements of `RNBQKBNR` meeting `keep`, by direct enumeration.
fn rearrangements(keep: impl Fn(&[u8]) -> bool) -> usize {
    fn perms(rest: &mut Vec<u8>, cur: &mut Vec<u8>, out: &mut HashSet<Vec<u8>>) {
        if rest.is_empty() {
            out.insert(cur.clone());
            return;
        }
        for i in 0..rest.len() {
            let c = rest.remove(i);
            cur.push(c);
            perms(rest, cur, out);
            cur.pop();
            rest.insert(i, c);
        }
    }
    let mut all = HashSet::new();
    perms(&mut b"RNBQKBNR".to_vec(), &mut Vec::new(), &mut all);
    all.iter().filter(|a| keep(a)).count()
}

fn bishops_opposite(a: &[u8]) -> bool {
    let b: Vec<usize> = (0..8).filter(|&i| a[i] == b'B').collect();
    b[0] % 2 != b[1] % 2
}

fn king_between_rooks(a: &[u8]) -> bool {
    let r: Vec<usize> = (0..8).filter(|&i| a[i] == b'R').collect();
    let k = a.iter().position(|&c| c == b'K').unwrap();
    r[0] < k && k < r[1]
}

#[test]
fn independent_shuffles_count_from_the_definition() {
    let chess960 = rearrangements(|a| bishops_opposite(a) && king_between_rooks(a));
    let transcendental = rearrangements(bishops_opposite);
    // The arithmetic of the definitions (see the module comment).
    assert_eq!(chess960, 960);
    assert_eq!(transcendental, 4 * 4 * 720 / 4);

    let t = Instant::now();
    for (name, side) in [
        ("double-fischer-random", chess960 as u64),
        ("transcendental", transcendental as u64),
    ] {
        let c = census(&load(name));
        let per_side = c.per_side.expect("independent sides");
        assert_eq!(
            (
                *per_side.get(myriad::types::Color::White),
                *per_side.get(myriad::types::Color::Black)
            ),
            (side, side),
            "{name}"
        );
        assert_eq!((c.positions, c.mirrored), (side * side, side), "{name}");
    }
    assert!(t.elapsed() < Duration::from_secs(10), "{:?}", t.elapsed());
}

/// Transcendental Chess has no castling; Double Fischer Random Chess castles as Chess960.
#[test]
fn castling_rights_of_the_new_files() {
    let v = load("transcendental");
    let arrays = StartArrays::new(&v);
    let mut n = 0;
    for_each_start(&v, &arrays, |_, pos| {
        let fen = pos.fen_shredder(&v);
        assert!(fen.ends_with(" w - - 0 1"), "{fen}");
        n += 1;
        n < 5000
    });
    assert_eq!(n, 5000);
    let v = load("double-fischer-random");
    let g = Game::new_seeded(v.clone(), 11);
    let fen = g.position().fen_shredder(&v);
    let rights = fen.split(' ').nth(2).unwrap();
    assert_eq!(rights.len(), 4, "{fen}");
}

/// Random starts draw each side's array on its own, uniformly, and quickly: every White array
/// is a Chess960 array, Black's is not tied to White's, and the 960 arrays come up evenly.
#[test]
fn double_fischer_random_starts_are_uniform_and_independent() {
    let v = load("double-fischer-random");
    let t = Instant::now();
    let n = 960 * 20;
    let mut white: HashMap<String, usize> = HashMap::new();
    let mut black: HashSet<String> = HashSet::new();
    let mut mirrored = 0;
    for seed in 0..n as u64 {
        let g = Game::new_seeded(v.clone(), seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        assert!(!g.in_setup());
        let fen = g.fen();
        let ranks: Vec<&str> = fen.split(['/', ' ']).collect();
        let w = ranks[7].as_bytes().to_vec();
        assert!(bishops_opposite(&w) && king_between_rooks(&w), "{fen}");
        *white.entry(ranks[7].to_string()).or_default() += 1;
        black.insert(ranks[0].to_string());
        if is_mirrored(&v, g.position()) {
            mirrored += 1;
        }
    }
    assert_eq!(white.len(), 960);
    assert_eq!(black.len(), 960);
    let e = n as f64 / 960.0;
    let chi2: f64 = white.values().map(|&c| (c as f64 - e).powi(2) / e).sum();
    // 959 degrees of freedom: mean 959, standard deviation about 44; p = 0.001 near 1100.
    assert!(chi2 < 1100.0, "chi-square {chi2}");
    // Independent sides: mirrored about once in 960 draws (20 expected), not always.
    assert!(mirrored < 60, "{mirrored} mirrored");
    assert!(t.elapsed() < Duration::from_secs(60), "{:?}", t.elapsed());
}

/// `myriad positions` prints the counts at once; `--list` streams the FENs: the first lines
/// arrive and the command can be stopped long before the 8,294,400th.
#[test]
fn the_positions_command_counts_and_streams() {
    let t = Instant::now();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_myriad"))
        .args(["positions", "transcendental"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!("{} positions, 2880 mirrored\n", 2880 * 2880)
    );
    assert!(t.elapsed() < Duration::from_secs(10));

    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_myriad"))
        .args(["positions", "transcendental", "--list"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let mut lines = BufReader::new(stdout).lines();
    let mut first = HashSet::new();
    for _ in 0..1000 {
        let l = lines.next().unwrap().unwrap();
        assert!(l.ends_with(" w - - 0 1"), "{l}");
        assert!(first.insert(l));
    }
    // Closing the pipe stops the listing (as `| head` does).
    drop(lines);
    let status = child.wait().unwrap();
    // it ends by itself: an exit code, or SIGPIPE's default action as Unix tools do (no panic)
    #[cfg(unix)]
    let by_sigpipe = std::os::unix::process::ExitStatusExt::signal(&status) == Some(13);
    #[cfg(not(unix))]
    let by_sigpipe = false;
    assert!(status.success() || status.code().is_some() || by_sigpipe);

    // The whole list of Double Fischer Random Chess: 921,600 distinct FENs, then the count.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_myriad"))
        .args(["positions", "double-fischer-random", "--list"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 960 * 960 + 1);
    assert_eq!(lines[lines.len() - 1], "921600 positions, 960 mirrored");
    let distinct: HashSet<&str> = lines[..lines.len() - 1].iter().copied().collect();
    assert_eq!(distinct.len(), 960 * 960);
}

/// The bound the rules checker refuses phases by is an upper bound: no bundled file, and none
/// of a few heavier phases, reaches more arrays a side than it promises, and all are inside
/// the limit.
#[test]
fn the_size_bound_is_an_upper_bound() {
    use myriad::types::Color;
    use myriad::variant::setup::{setup_size, Shape, MAX_SETUP_WORK};
    let mut variants: Vec<(String, std::sync::Arc<myriad::variant::Variant>)> =
        myriad::rules::bundled()
            .iter()
            .map(|(n, _)| (n.to_string(), load(n)))
            .collect();
    for (steps, extra) in [
        (4, ""),
        (6, "  require opposite-colours B at end\n"),
        (2, "  require K between R after each swap\n"),
    ] {
        let mut text = String::from("extends \"chess\"\nname \"Swaps\"\nsetup {\n");
        for i in 0..steps {
            let side = if i % 2 == 0 { "white" } else { "black" };
            text += &format!("  step {side} swap K Q R B N with K Q R B N optional\n");
        }
        text += extra;
        text += "}\n";
        let v = myriad::rules::compile_source(&text, "swaps.rules").unwrap();
        variants.push((format!("{steps} swaps {extra:?}"), v));
    }
    for (name, v) in &variants {
        let size = setup_size(&v.spec);
        assert!(size.work <= MAX_SETUP_WORK, "{name}");
        let c = census(v);
        match c.per_side {
            Some(per_side) => {
                assert!(
                    matches!(size.shape, Shape::Independent | Shape::Fixed),
                    "{name}"
                );
                for side in Color::ALL {
                    assert!(
                        per_side.get(side) <= size.arrays.get(side),
                        "{name} {side:?}"
                    );
                }
            }
            None => {
                let bound = size
                    .arrays
                    .get(Color::White)
                    .saturating_mul(*size.arrays.get(Color::Black));
                assert!(c.positions <= bound, "{name}");
            }
        }
    }
}
