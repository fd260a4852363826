//! Messages a designer needs about the `require` lines of a setup phase: a requirement that can
//! never fail is a warning (printed like an error, the file still compiles, `myriad check`
//! succeeds), and a phase that can never end names the lines at fault. Each case asserts the
//! line:column and the wording, as `tests/rules_errors.rs` does for errors.

use myriad::rules::{compile_source_with_warnings, Severity};

fn warnings(text: &str) -> Vec<myriad::rules::Diagnostic> {
    match compile_source_with_warnings(text, "w.rules") {
        Ok((_, w)) => w.0,
        Err(d) => panic!("does not compile:\n{d}"),
    }
}

fn errors(text: &str) -> String {
    match compile_source_with_warnings(text, "e.rules") {
        Ok(_) => panic!("compiled"),
        Err(d) => d.to_string(),
    }
}

const ONE_QUEEN: &str = r#"extends "chess"
name "One queen"
setup {
  step white swap K with Q B N optional
  step black swap K with Q B N optional
  require opposite-colours Q at end
  require opposite-colours B at end
}
"#;

/// `require opposite-colours Q` with one queen a side can never fail.
#[test]
fn opposite_colours_of_a_single_piece_is_a_warning() {
    let w = warnings(ONE_QUEEN);
    assert_eq!(w.len(), 1, "{w:?}");
    let d = &w[0];
    assert_eq!(d.severity, Severity::Warning);
    assert_eq!((d.line, d.column), (6, 3));
    assert_eq!(
        d.to_string(),
        "warning: this requirement can never fail: neither side has two `Q`s\n \
         --> w.rules:6:3\n  |\n6 |   require opposite-colours Q at end\n  |   \
         ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n  = help: `opposite-colours` compares two or more \
         pieces of one kind on a side; remove the line, or name a kind each side has twice"
    );
}

/// `require K between R` when no step moves a rook and the king only swaps with pieces
/// standing between the rooks; and bishops that no step moves off opposite colours.
#[test]
fn requirements_the_steps_cannot_break_are_warnings() {
    let text = r#"extends "chess"
name "Fenced king"
setup {
  step white swap K with Q B N optional
  step black swap K with Q B N optional
  require K between R after each swap
  require opposite-colours B
  require opposite-colours N
}
"#;
    let w = warnings(text);
    let shown: Vec<(usize, usize, String)> = w
        .iter()
        .map(|d| (d.line, d.column, d.message.clone()))
        .collect();
    assert_eq!(
        shown,
        [
            (
                6,
                3,
                "this requirement can never fail: no step can take a `K` out from between \
                 the `R`s"
                    .to_string()
            ),
            // The king's swaps move the knights: they may then share a colour (no warning);
            // the bishops too. Only a kind the steps never move and that already stands on
            // both colours is warned about: see below.
        ]
    );
    let text = r#"extends "chess"
name "Fixed bishops"
setup {
  step white swap K with Q N optional
  step black swap K with Q N optional
  require opposite-colours B
}
"#;
    let w = warnings(text);
    assert_eq!(w.len(), 1);
    assert_eq!((w[0].line, w[0].column), (6, 3));
    assert_eq!(
        w[0].message,
        "this requirement can never fail: no step can put two `B`s on squares of one colour"
    );
    assert_eq!(
        w[0].help.as_deref(),
        Some("remove the line, or let the steps move these pieces")
    );
}

/// A requirement that bites gets no warning, and neither does any bundled file.
#[test]
fn requirements_that_bite_are_not_warned_about() {
    let text = r#"extends "chess"
name "Regroupment"
setup {
  step black swap K with Q B N optional
  step black swap Q with B N optional
  require opposite-colours B at end
}
"#;
    assert!(warnings(text).is_empty());
    for (name, _) in myriad::rules::bundled() {
        let (_, w) = myriad::rules::load_with_warnings(name).unwrap();
        assert!(w.is_empty(), "{name}: {w}");
    }
}

/// `myriad check` prints the warning on the standard error, like an error, and succeeds.
#[test]
fn myriad_check_prints_warnings_and_succeeds() {
    let dir = std::env::temp_dir().join(format!("myriad-warn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("one-queen.rules");
    std::fs::write(&path, ONE_QUEEN).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_myriad"))
        .arg("check")
        .arg(&path)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stdout.contains(": ok"), "{stdout}");
    assert!(
        stderr.starts_with("warning: this requirement can never fail: neither side has two `Q`s"),
        "{stderr}"
    );
    assert!(stderr.contains("one-queen.rules:6:3"), "{stderr}");
    assert!(
        stderr.contains("= help: `opposite-colours` compares"),
        "{stderr}"
    );
}

/// A phase that can never end points at the `require` line that cannot be met, not at
/// `setup`.
#[test]
fn a_stuck_phase_names_the_require_at_fault() {
    let text = r#"extends "chess"
name "Stuck"
array "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNQBKBNR"
setup {
  step white swap K with N optional
  require K between R
  require opposite-colours B at end
}
"#;
    let e = errors(text);
    assert!(
        e.starts_with(
            "error: the setup phase can never end with every `require` met\n --> e.rules:7:3\n"
        ),
        "{e}"
    );
    assert!(
        e.contains("7 |   require opposite-colours B at end\n  |   ^^^^"),
        "{e}"
    );
    assert!(!e.contains("note:"), "{e}");
    assert!(
        e.contains("= help: no sequence of setup moves meets this requirement; remove it"),
        "{e}"
    );
}

/// Two requirements each possible alone but not together: the error is on the one whose
/// removal lets the phase end, with a note on the one it conflicts with.
#[test]
fn conflicting_requirements_are_both_named() {
    let text = r#"extends "chess"
name "Conflict"
array "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/NBRQKNRB"
setup {
  step white swap K with B optional
  require opposite-colours B at end
  require K between R at end
}
"#;
    let e = errors(text);
    let lines: Vec<&str> = e.lines().collect();
    assert_eq!(
        lines[0],
        "error: the setup phase can never end with every `require` met"
    );
    assert_eq!(lines[1], " --> e.rules:7:3");
    assert_eq!(lines[3], "7 |   require K between R at end");
    assert_eq!(
        lines[5],
        "note: it cannot be met together with this `require`"
    );
    assert_eq!(lines[6], " --> e.rules:6:3");
    assert_eq!(lines[8], "6 |   require opposite-colours B at end");
    assert!(
        lines[10].ends_with("= help: no sequence of setup moves meets these requirements together; remove one of them, or change the steps or the array"),
        "{e}"
    );
    // Either line alone is fine.
    for keep in [
        "require opposite-colours B at end\n",
        "require K between R at end\n",
    ] {
        let one = text
            .lines()
            .filter(|l| !l.trim_start().starts_with("require") || l.trim() == keep.trim())
            .collect::<Vec<_>>()
            .join("\n");
        compile_source_with_warnings(&one, "one.rules").unwrap_or_else(|d| panic!("{d}"));
    }
}
