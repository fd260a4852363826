//! Every file in `tests/bad_rules/` must fail to compile with exactly the diagnostics in the
//! `.expected` file next to it (line:column, wording, caret and help). Run with `BLESS=1` to
//! rewrite the expectations after checking the new output by eye.

use std::fs;
use std::path::Path;

fn diff(expected: &str, actual: &str) -> String {
    let e: Vec<&str> = expected.lines().collect();
    let a: Vec<&str> = actual.lines().collect();
    let mut out = String::new();
    for i in 0..e.len().max(a.len()) {
        match (e.get(i), a.get(i)) {
            (Some(x), Some(y)) if x == y => out.push_str(&format!("  {x}\n")),
            (x, y) => {
                if let Some(x) = x {
                    out.push_str(&format!("- {x}\n"));
                }
                if let Some(y) = y {
                    out.push_str(&format!("+ {y}\n"));
                }
            }
        }
    }
    out
}

#[test]
fn bad_rules_report_expected_errors() {
    let bless = std::env::var_os("BLESS").is_some();
    let dir = Path::new("tests/bad_rules");
    let mut files: Vec<_> = fs::read_dir(dir)
        .expect("tests/bad_rules exists")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "rules"))
        .collect();
    files.sort();
    assert!(files.len() >= 30, "expected at least 30 bad files");
    let mut failures = vec![];
    for path in &files {
        let name = path.to_string_lossy().replace('\\', "/");
        // Files named `*-inc-*.rules` are only extended by other cases.
        if name.contains("/inc-") {
            continue;
        }
        let text = fs::read_to_string(path).expect("readable");
        let actual = match myriad::rules::compile_source(&text, &name) {
            Ok(_) => "(compiled without errors)".to_string(),
            Err(d) => d.to_string(),
        };
        let expected_path = path.with_extension("expected");
        if bless {
            fs::write(&expected_path, format!("{actual}\n")).expect("writable");
            continue;
        }
        let expected = fs::read_to_string(&expected_path).unwrap_or_default();
        if expected.trim_end() != actual.trim_end() {
            failures.push(format!("{name}:\n{}", diff(expected.trim_end(), &actual)));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn oversized_input_is_refused() {
    let big = "# ".repeat(600_000);
    let err = myriad::rules::compile_source(&big, "big.rules").unwrap_err();
    assert_eq!(err.len(), 1);
    assert!(
        err.to_string().contains("larger than the 1 MiB limit"),
        "{err}"
    );
}

#[test]
fn garbage_never_panics() {
    let base = myriad::rules::bundled()[0].1;
    // Cut the chess file at every byte and mangle single characters: errors, never panics.
    for cut in 0..base.len() {
        if base.is_char_boundary(cut) {
            let _ = myriad::rules::compile_source(&base[..cut], "cut.rules");
        }
    }
    for (i, c) in base.char_indices().step_by(3) {
        for repl in ["", "\"", "{", "}", "\n", "é", "0", "Z", "x"] {
            let mut s = String::with_capacity(base.len());
            s.push_str(&base[..i]);
            s.push_str(repl);
            s.push_str(&base[i + c.len_utf8()..]);
            let _ = myriad::rules::compile_source(&s, "mangled.rules");
        }
    }
}
