//! `myriad playtest`: self-play over a variant's start positions, through the binary and the
//! library.

use std::process::Command;

use myriad::playtest::{starts, Settings};

fn playtest(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_myriad"))
        .arg("playtest")
        .args(args)
        .output()
        .expect("myriad starts");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

/// Regroupment Chess has 484 start positions (the source text's figure); with more games than
/// that every one is played, 22 arrays a side.
#[test]
fn every_start_is_played_when_the_games_allow() {
    let v = myriad::rules::load("regroupment").unwrap();
    let (st, total) = starts(&v, 1000, 1);
    assert_eq!(total, 484);
    assert_eq!(st.len(), 484);
    let mut white: Vec<&str> = st.iter().map(|s| s.white.as_str()).collect();
    white.sort();
    white.dedup();
    assert_eq!(white.len(), 22);
    // fewer games: a sample of distinct starts
    let (few, _) = starts(&v, 30, 1);
    assert_eq!(few.len(), 30);
    let mut fens: Vec<String> = few.iter().map(|s| s.pos.fen(&v)).collect();
    fens.sort();
    fens.dedup();
    assert_eq!(fens.len(), 30);
}

/// A run reports the figures, writes its files, and the same seed gives the same games.
#[test]
fn a_playtest_reports_writes_and_repeats() {
    let dir = std::env::temp_dir().join(format!("myriad-playtest-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let args = |d: &str| {
        vec![
            "chess57".to_string(),
            "--games".into(),
            "10".into(),
            "--nodes".into(),
            "400".into(),
            "--threads".into(),
            "2".into(),
            "--max-plies".into(),
            "60".into(),
            "--no-baseline".into(),
            "--out".into(),
            d.into(),
        ]
    };
    let a = dir.join("a");
    let b = dir.join("b");
    let out = playtest(
        &args(a.to_str().unwrap())
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>(),
    );
    assert!(
        out.contains("start positions: 57 in all; 10 played"),
        "{out}"
    );
    assert!(out.contains("White's score"), "{out}");
    assert!(out.contains("balance"), "{out}");
    let games = std::fs::read_to_string(a.join("games.csv")).unwrap();
    assert_eq!(games.lines().count(), 11, "{games}");
    let svg = std::fs::read_to_string(a.join("playtest.svg")).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    playtest(
        &args(b.to_str().unwrap())
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>(),
    );
    let again = std::fs::read_to_string(b.join("games.csv")).unwrap();
    assert_eq!(
        games, again,
        "the same seed and node limit give the same games"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn zero_games_is_a_usage_error() {
    let out = Command::new(env!("CARGO_BIN_EXE_myriad"))
        .args(["playtest", "chess", "--games", "0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("at least 1"));
    let _ = Settings::default();
}

/// Array labels show the back rank, and the other rows only where the arrays differ: a
/// relocation game's pawns are left out, a placement over two ranks keeps both.
#[test]
fn labels_show_the_rows_that_vary() {
    use myriad::playtest::{shown_rows, varying_rows};
    let relocation = ["RNBQKBNR/PPPPPPPP", "RNBKQBNR/PPPPPPPP"];
    let rows = varying_rows(relocation);
    assert_eq!(rows, vec![0]);
    assert_eq!(shown_rows(relocation[1], &rows), "RNBKQBNR");
    let two_ranks = [
        "NPPRKPQN/BPPRPPPB",
        "NPPRKPQN/BPPRPPBP",
        "PPPPKNRN/BRQBPPPP",
    ];
    let rows = varying_rows(two_ranks);
    assert_eq!(rows, vec![0, 1]);
    assert_eq!(shown_rows(two_ranks[1], &rows), "NPPRKPQN/BPPRPPBP");
}
