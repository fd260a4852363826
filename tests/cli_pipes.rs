//! The command line as shell users run it: into a pipe that closes early (`| head -1`), and
//! `myriad match` seeds.

use std::io::Write;
use std::process::{Command, Stdio};

fn myriad() -> Command {
    Command::new(env!("CARGO_BIN_EXE_myriad"))
}

/// Runs `args` with its standard output closed before it writes anything, `input` on its
/// standard input; returns its standard error.
fn into_closed_pipe(args: &[&str], input: &str) -> (Option<i32>, String) {
    let mut child = myriad()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("myriad starts");
    // `| head -0`: the reader is gone before the first line
    drop(child.stdout.take());
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(input.as_bytes());
    }
    let out = child.wait_with_output().expect("myriad ends");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn no_subcommand_panics_on_a_closed_pipe() {
    let cases: &[(&[&str], &str)] = &[
        (&["list"], ""),
        (&["check", "chess", "regroupment", "placement"], ""),
        (&["perft", "chess", "3"], ""),
        (&["perft", "chess", "3", "--divide"], ""),
        (&["positions", "regroupment", "--list"], ""),
        (&["uci", "chess"], "uci\nisready\ngo depth 3\nquit\n"),
        (
            &["play", "chess", "--movetime", "10"],
            "moves\nboard\nquit\n",
        ),
        (
            &[
                "match",
                "chess",
                "--games",
                "1",
                "--depth",
                "1",
                "--max-plies",
                "4",
            ],
            "",
        ),
        (&["bench", "--depth", "1"], ""),
        (&["--help"], ""),
        (&["--version"], ""),
    ];
    for (args, input) in cases {
        let (code, stderr) = into_closed_pipe(args, input);
        assert!(
            !stderr.contains("panicked") && code != Some(101),
            "`myriad {}` into a closed pipe: exit {code:?}\n{stderr}",
            args.join(" ")
        );
    }
}

/// The start FENs of the games `myriad match` plays, in order.
fn match_starts(seed: u64, games: u32) -> Vec<String> {
    let out = myriad()
        .args(["match", "chess960", "--depth", "1", "--max-plies", "2"])
        .args(["--games", &games.to_string(), "--seed", &seed.to_string()])
        .output()
        .expect("myriad match runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| {
            l.strip_prefix("[FEN \"")
                .map(|f| f.trim_end_matches("\"]").to_string())
        })
        .collect()
}

#[test]
fn match_seeds_give_unrelated_openings() {
    let a = match_starts(1, 6);
    let b = match_starts(2, 6);
    assert_eq!(a.len(), 6, "one FEN tag a game: {a:?}");
    // each start is played twice, once with each colour
    for pair in a.chunks(2) {
        assert_eq!(pair[0], pair[1]);
    }
    // --seed 2 is not --seed 1 shifted by a pair (the old defect), nor the same openings
    let pairs_a: Vec<&String> = a.iter().step_by(2).collect();
    let pairs_b: Vec<&String> = b.iter().step_by(2).collect();
    assert_ne!(
        pairs_a[1..],
        pairs_b[..2],
        "seed 2 replays seed 1's openings shifted"
    );
    assert_ne!(pairs_a, pairs_b);
    // the same seed gives the same games
    assert_eq!(match_starts(1, 6), a);
}
