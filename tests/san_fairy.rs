//! SAN as Fairy-Stockfish writes it, family by family: each `tests/golden/fs/san/VARIANT.san`
//! was made by `scripts/fs_san.py VARIANT` from Fairy-Stockfish's Python binding alone (pyffish,
//! its default notation for the variant). For every legal move of the positions there, Myriad
//! must write the same text and read it back as the same move; the file's game line must come
//! out of a played game, move for move, as the PGN's move text.

use myriad::game::Game;
use myriad::position::AnyPosition;

fn golden_files() -> Vec<std::path::PathBuf> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/fs/san");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("tests/golden/fs/san")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "san"))
        .collect();
    files.sort();
    files
}

#[test]
fn san_is_fairy_stockfish_s_in_every_family() {
    let files = golden_files();
    assert!(files.len() >= 40, "{files:?}");
    let mut failures = Vec::new();
    for path in files {
        let name = path.file_stem().unwrap().to_str().unwrap().to_string();
        let v = myriad::rules::load(&name).unwrap_or_else(|e| panic!("{name}: {e}"));
        let golden = std::fs::read_to_string(&path).unwrap();
        let before = failures.len();
        let mut moves = 0;
        for line in golden.lines().filter(|l| !l.starts_with('#')) {
            if let Some(game) = line.strip_prefix("game ") {
                let mut parts = game.split(" ; ");
                let (fen, ucis, sans) = (
                    parts.next().unwrap(),
                    parts.next().unwrap(),
                    parts.next().unwrap(),
                );
                let mut g =
                    Game::from_fen(v.clone(), fen).unwrap_or_else(|e| panic!("{name}: {fen}: {e}"));
                for (uci, want) in ucis.split(' ').zip(sans.split(' ')) {
                    let m = g
                        .position()
                        .parse_uci(&v, uci)
                        .unwrap_or_else(|e| panic!("{name}: game: {uci}: {e}"));
                    let got = g.position().san(&v, m);
                    if got != want {
                        failures.push(format!(
                            "{name}: game at {}: {uci} is {want}, Myriad writes {got}",
                            g.position().fen(&v)
                        ));
                    }
                    g.play(m).unwrap();
                }
                continue;
            }
            let (fen, list) = line.split_once(" ; ").unwrap();
            let pos =
                AnyPosition::from_fen(&v, fen).unwrap_or_else(|e| panic!("{name}: {fen}: {e}"));
            for pair in list.split(' ') {
                let (uci, want) = pair.split_once('=').unwrap();
                let m = match pos.parse_uci(&v, uci) {
                    Ok(m) => m,
                    Err(e) => {
                        failures.push(format!("{name}: {fen}: {uci} not legal: {e}"));
                        continue;
                    }
                };
                let got = pos.san(&v, m);
                if got != want {
                    failures.push(format!(
                        "{name}: {fen}: {uci} is {want}, Myriad writes {got}"
                    ));
                }
                match pos.parse_san(&v, want) {
                    Ok(back) if back == m => {}
                    Ok(back) => failures.push(format!(
                        "{name}: {fen}: {want} reads as {}",
                        pos.uci(&v, back, false)
                    )),
                    Err(e) => failures.push(format!("{name}: {fen}: {want} does not read: {e}")),
                }
                moves += 1;
            }
        }
        let wrong = failures.len() - before;
        eprintln!("{name}: {moves} moves, {wrong} differ");
    }
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures
            .iter()
            .take(4000)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
