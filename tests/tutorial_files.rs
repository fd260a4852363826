//! The tutorial `docs/writing-a-variant.md` stays true: its rules blocks are the files in
//! `tests/tutorial/`, they compile, and every `myriad positions` / `myriad perft` command it
//! shows prints what it says. Its PGN example imports.

use myriad::game::Game;

const DOC: &str = "docs/writing-a-variant.md";

/// The fenced blocks of a Markdown text: (info string, body).
fn blocks(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut current: Option<(String, String)> = None;
    for line in text.lines() {
        if let Some(info) = line.strip_prefix("```") {
            match current.take() {
                Some(b) => out.push(b),
                None => current = Some((info.trim().to_string(), String::new())),
            }
        } else if let Some((_, body)) = current.as_mut() {
            body.push_str(line);
            body.push('\n');
        }
    }
    out
}

#[test]
fn the_rules_blocks_are_the_tutorial_files_and_compile() {
    let doc = std::fs::read_to_string(DOC).unwrap();
    let rules: Vec<String> = blocks(&doc)
        .into_iter()
        .filter(|(info, _)| info == "rules")
        .map(|(_, b)| b)
        .collect();
    let mut files: Vec<_> = std::fs::read_dir("tests/tutorial")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rules"))
        .collect();
    files.sort();
    assert_eq!(rules.len(), files.len());
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        assert!(
            rules.iter().any(|b| b.trim() == text.trim()),
            "{} differs from every rules block of {DOC}",
            f.display()
        );
        myriad::rules::load(f.to_str().unwrap()).unwrap_or_else(|d| panic!("{d}"));
    }
}

#[test]
fn the_commands_print_what_the_tutorial_says() {
    let doc = std::fs::read_to_string(DOC).unwrap();
    let mut checked = 0;
    for (info, body) in blocks(&doc) {
        if info != "text" {
            continue;
        }
        let lines: Vec<&str> = body.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let Some(cmd) = line.strip_prefix("$ myriad ") else {
                continue;
            };
            let words: Vec<&str> = cmd.split_whitespace().collect();
            let expected = lines.get(i + 1).copied().unwrap_or("");
            match words.as_slice() {
                ["positions", file] if myriad::rules::load(file).unwrap().placement().is_some() => {
                    // a placement phase: each side's arrays, then the positions (two lines)
                    let v = myriad::rules::load(file).unwrap();
                    let pa = myriad::game::placement::placement_arrays(&v).unwrap();
                    let w = pa.arrays[myriad::types::Color::White].len();
                    assert_eq!(format!("{w} arrays a side"), expected, "{line}");
                    let got = format!("{} positions, {} mirrored", pa.positions(), pa.mirrored);
                    assert_eq!(Some(got.as_str()), lines.get(i + 2).copied(), "{line}");
                    checked += 1;
                }
                ["positions", file] => {
                    let v = myriad::rules::load(file).unwrap();
                    let ex = myriad::game::setup::explore(&v, |_| {});
                    let got = format!("{} positions, {} mirrored", ex.len(), ex.mirrored);
                    assert_eq!(got, expected, "{line}");
                    checked += 1;
                }
                ["perft", file, depth, rest @ ..] => {
                    let v = myriad::rules::load(file).unwrap();
                    let mut g = Game::new_seeded(v, 0);
                    let moves = match rest {
                        ["--moves", m @ ..] => m,
                        [] => &[][..],
                        _ => panic!("unexpected perft options in `{line}`"),
                    };
                    for m in moves {
                        let mv = g.parse_move(m).unwrap();
                        g.play(mv).unwrap();
                    }
                    let n = g.perft(depth.parse().unwrap());
                    assert_eq!(format!("Nodes searched: {n}"), expected, "{line}");
                    checked += 1;
                }
                ["check", file] => {
                    myriad::rules::load(file).unwrap();
                    assert_eq!(expected, format!("{file}: ok"));
                    checked += 1;
                }
                _ => {}
            }
        }
        if body.contains("[SetupSteps") {
            let v = myriad::rules::load("tests/tutorial/rook-regroupment.rules").unwrap();
            let g = myriad::game::pgn::import(&v, &body).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(g.moves().len(), 6);
            checked += 1;
        }
    }
    assert!(checked >= 6, "only {checked} commands checked");
}
