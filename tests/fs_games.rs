//! Random games of Fairy-Stockfish against Myriad, move by move: each
//! `tests/golden/fs/games/VARIANT.games` was made by `scripts/fs_games.py VARIANT` from
//! Fairy-Stockfish alone. At every position Myriad must offer exactly Fairy-Stockfish's legal
//! moves under the same UCI names (promotion letters, optional promotions), and after Fairy-
//! Stockfish's move write exactly its FEN (counters included: Makruk's count).

use myriad::position::AnyPosition;

#[test]
fn fairy_stockfish_games_replay_move_for_move() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/fs/games");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("tests/golden/fs/games")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "games"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    for path in files {
        let name = path.file_stem().unwrap().to_str().unwrap().to_string();
        let v = myriad::rules::load(&name).unwrap_or_else(|e| panic!("{name}: {e}"));
        let text = std::fs::read_to_string(&path).unwrap();
        let mut lines = 0;
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
        {
            let fields: Vec<&str> = line.split(" ; ").collect();
            let [fen, moves, play, after] = fields[..] else {
                panic!("{name}: bad line {line}");
            };
            let moves = moves.strip_prefix("moves ").unwrap();
            let play = play.strip_prefix("play ").unwrap();
            let after = after.strip_prefix("after ").unwrap();
            let mut pos = AnyPosition::from_fen(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert_eq!(pos.fen(&v), fen, "{name}: FEN written back");
            let mut ours: Vec<String> = pos
                .legal_moves(&v)
                .iter()
                .map(|&m| pos.uci(&v, m, false))
                .collect();
            ours.sort();
            let mut theirs: Vec<&str> = moves.split(' ').collect();
            theirs.sort();
            assert_eq!(ours, theirs, "{name}: legal moves of {fen}");
            let m = pos
                .parse_uci(&v, play)
                .unwrap_or_else(|e| panic!("{name}: {play} in {fen}: {e:?}"));
            pos.play(&v, m);
            assert_eq!(pos.fen(&v), after, "{name}: {fen} after {play}");
            lines += 1;
        }
        eprintln!("{name}: {lines} moves replayed as Fairy-Stockfish plays them");
    }
}
