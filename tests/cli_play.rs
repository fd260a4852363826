//! `myriad play` through the binary, with the moves on its standard input.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `myriad play ARGS` with `input` typed in; returns what it printed.
fn play(args: &[&str], input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_myriad"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("myriad starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

/// Placement Chess with the human as White: the AI makes Black's king swap, White's mirror
/// plays itself (the user types only the queen step), Black's mirror of it too, then the
/// game proper begins with the user's first move.
#[test]
fn mirror_steps_play_themselves() {
    let out = play(
        &["placement", "--level", "1", "--movetime", "50"],
        "pass\ne4\nquit\n",
    );
    let line = out
        .lines()
        .find(|l| l.starts_with("White mirrors Black's swap: "))
        .unwrap_or_else(|| panic!("no mirror line: {out}"));
    // the AI's king swap (`swap e8 ..`) or its pass, mirrored
    assert!(
        line.starts_with("White mirrors Black's swap: swap e1 ") || line.ends_with(": pass"),
        "{out}"
    );
    assert!(out.contains("Black mirrors White's swap: pass"), "{out}");
    assert!(out.contains("you play pass"), "{out}");
    assert!(out.contains("you play e4"), "{out}");
    assert!(out.contains("White resigns"), "{out}");
    // the user was asked three times: the queen step, move 1, and after the AI's reply
    assert_eq!(out.matches("white to move> ").count(), 3, "{out}");
}

/// `--color` takes the words and their one-letter forms, in any case.
#[test]
fn colour_words() {
    for (word, side) in [("b", "black"), ("BLACK", "black"), ("w", "white")] {
        let out = play(&["chess", "--color", word], "quit\n");
        assert!(out.contains(&format!("you play {side},")), "{word}: {out}");
    }
    let out = Command::new(env!("CARGO_BIN_EXE_myriad"))
        .args(["play", "chess", "--color", "purple"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}
