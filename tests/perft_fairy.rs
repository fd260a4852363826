//! Bundled files named after Fairy-Stockfish variants against Fairy-Stockfish itself: each
//! `tests/golden/fs/VARIANT.perft` was made by `scripts/fs_golden.py VARIANT` from
//! Fairy-Stockfish alone (its start position, its own random games, its FENs and perft counts),
//! and `rules/VARIANT.rules` must give the same counts and read and write the same FENs.

use myriad::position::AnyPosition;

#[test]
fn bundled_fairy_stockfish_variants_match_its_perft() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/fs");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("tests/golden/fs")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "perft"))
        .collect();
    files.sort();
    assert!(files.len() >= 5, "{files:?}");
    for path in files {
        let name = path.file_stem().unwrap().to_str().unwrap().to_string();
        let v = myriad::rules::load(&name)
            .unwrap_or_else(|e| panic!("no bundled rules for Fairy-Stockfish's {name}: {e}"));
        let golden = std::fs::read_to_string(&path).unwrap();
        let (mut positions, mut counts) = (0, 0);
        for line in golden
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let mut parts = line.split(';').map(str::trim);
            let fen = parts.next().unwrap();
            let pos =
                AnyPosition::from_fen(&v, fen).unwrap_or_else(|e| panic!("{name}: {fen}: {e}"));
            // the FEN out is Fairy-Stockfish's, field for field
            assert_eq!(pos.fen(&v), fen, "{name}: FEN written back");
            for field in parts {
                let (d, n) = field.split_once(' ').unwrap();
                let depth: u32 = d.trim_start_matches('D').parse().unwrap();
                let expected: u64 = n.parse().unwrap();
                assert_eq!(
                    pos.perft(&v, depth),
                    expected,
                    "{name}: perft({depth}) of {fen}"
                );
                counts += 1;
            }
            positions += 1;
        }
        assert!(positions >= 21, "{name}: only {positions} positions");
        eprintln!("{name}: {positions} positions, {counts} counts agree with Fairy-Stockfish");
    }
}
