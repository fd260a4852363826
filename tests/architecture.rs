//! Keeps the codebase's shape: no source file under `src/` over 700 lines, no function over 150
//! lines (except the search's main recursion, name tables and tests), and the layering of the
//! rules front end (`src/rules` never reaches into the game, positions, the search or the GUI).
//!
//! These are plain text scans of the source tree: cheap, and they fail with the file and the
//! line to look at.

use std::path::{Path, PathBuf};

const MAX_FILE_LINES: usize = 700;
const MAX_FN_LINES: usize = 150;

/// Functions allowed to be longer: the search's main recursion and tables of names.
const LONG_FN_ALLOWED: &[(&str, &str)] = &[
    ("src/search/alphabeta.rs", "negamax"),
    ("src/rules/parser.rs", "rule_name"),
];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

fn sources() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    files
        .into_iter()
        .map(|p| {
            let rel = p
                .strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            let text = std::fs::read_to_string(&p).unwrap();
            (rel, text)
        })
        .collect()
}

#[test]
fn no_source_file_is_over_700_lines() {
    let over: Vec<String> = sources()
        .into_iter()
        .filter_map(|(path, text)| {
            let n = text.lines().count();
            (n > MAX_FILE_LINES).then(|| format!("{path}: {n} lines"))
        })
        .collect();
    assert!(
        over.is_empty(),
        "files under src/ over {MAX_FILE_LINES} lines; split them by job:\n{}",
        over.join("\n")
    );
}

/// The code of a line with string and char literals blanked and a `//` comment removed, so
/// that braces inside them do not count.
fn code_of(line: &str) -> String {
    let mut out = String::new();
    let mut chars = line.chars().peekable();
    let mut in_str = false;
    while let Some(c) = chars.next() {
        if in_str {
            match c {
                '\\' => {
                    chars.next();
                }
                '"' => {
                    in_str = false;
                    out.push('"');
                }
                _ => {}
            }
            continue;
        }
        match c {
            '"' => {
                in_str = true;
                out.push('"');
            }
            '/' if chars.peek() == Some(&'/') => break,
            // a char literal such as '{' (not a lifetime such as 'a)
            '\'' => {
                let rest: String = chars.clone().take(3).collect();
                if rest.starts_with('\\') {
                    for d in chars.by_ref() {
                        if d == '\'' {
                            break;
                        }
                    }
                } else if rest.chars().nth(1) == Some('\'') {
                    chars.next();
                    chars.next();
                } else {
                    out.push('\'');
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// `(name, first line, number of lines)` of every `fn` with a body outside `#[cfg(test)]`
/// modules. A multi-line string literal is rare in this code base and only ever data.
fn functions(text: &str) -> Vec<(String, usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let t = lines[i].trim_start();
        if t.starts_with("#[cfg(test)]") {
            // skip the test module that follows
            break;
        }
        let is_fn = {
            let words: Vec<&str> = t.split_whitespace().collect();
            let pos = words.iter().position(|w| *w == "fn");
            pos.is_some_and(|p| {
                words[..p].iter().all(|w| {
                    w.starts_with("pub")
                        || matches!(*w, "const" | "unsafe" | "async" | "extern" | "\"C\"")
                })
            })
        };
        if is_fn {
            let name: String = t[t.find("fn ").unwrap() + 3..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            let mut depth = 0i32;
            let mut opened = false;
            let mut j = i;
            'scan: while j < lines.len() {
                for c in code_of(lines[j]).chars() {
                    match c {
                        '{' => {
                            depth += 1;
                            opened = true;
                        }
                        '}' => depth -= 1,
                        ';' if !opened => break 'scan,
                        _ => {}
                    }
                    if opened && depth == 0 {
                        break 'scan;
                    }
                }
                j += 1;
            }
            if opened {
                out.push((name, i + 1, j - i + 1));
            }
        }
        i += 1;
    }
    out
}

#[test]
fn no_function_is_over_150_lines() {
    let mut over = Vec::new();
    for (path, text) in sources() {
        for (name, line, n) in functions(&text) {
            let allowed = LONG_FN_ALLOWED
                .iter()
                .any(|(p, f)| *p == path && *f == name);
            if n > MAX_FN_LINES && !allowed {
                over.push(format!("{path}:{line}: fn {name} is {n} lines"));
            }
        }
    }
    assert!(
        over.is_empty(),
        "functions over {MAX_FN_LINES} lines; split them into named steps:\n{}",
        over.join("\n")
    );
}

#[test]
fn the_function_scan_measures_what_it_should() {
    let text = "fn short() {\n    let s = \"}\";\n    let c = '{';\n}\n\npub(crate) fn long<'a>(x: &'a str) -> &'a str {\n    if true {\n        x\n    } else {\n        x\n    }\n}\nfn decl();\n";
    assert_eq!(
        functions(text),
        vec![("short".to_string(), 1, 4), ("long".to_string(), 6, 7)]
    );
}

#[test]
fn the_rules_front_end_does_not_reach_into_later_layers() {
    let mut bad = Vec::new();
    for (path, text) in sources() {
        if !path.starts_with("src/rules/") {
            continue;
        }
        for (n, line) in text.lines().enumerate() {
            let code = code_of(line);
            for layer in ["game", "position", "search", "ui", "uci"] {
                let needle = format!("crate::{layer}");
                let hit = code.match_indices(&needle).any(|(at, _)| {
                    !code[at + needle.len()..]
                        .chars()
                        .next()
                        .is_some_and(|c| c.is_alphanumeric() || c == '_')
                });
                if hit {
                    bad.push(format!("{path}:{}: {}", n + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        bad.is_empty(),
        "src/rules turns text into a Variant and must not use the game, positions, the search \
         or the GUI (data flows one way: rules -> variant -> position -> game):\n{}",
        bad.join("\n")
    );
}
