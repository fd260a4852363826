//! `UCI_Variant` speaks Fairy-Stockfish's names: a GUI that drives Fairy-Stockfish sets
//! `UCI_Variant NAME`, sends `position startpos`, and gets Fairy-Stockfish's game. The counts
//! compared are Fairy-Stockfish's own (the golden files `scripts/fs_golden.py` and
//! `scripts/prechess_golden.py` made from it alone).

use std::io::Cursor;

fn session(file: &str, input: &str) -> String {
    let v = myriad::rules::load(file).unwrap();
    let mut out = Vec::new();
    myriad::uci::run(v, Cursor::new(input.to_string()), &mut out);
    String::from_utf8(out).unwrap()
}

/// The last `Nodes searched` of a session (a perft at the end of the input runs to its end).
fn nodes(out: &str) -> u64 {
    out.lines()
        .rev()
        .find_map(|l| l.strip_prefix("Nodes searched: "))
        .unwrap_or_else(|| panic!("no perft total in\n{out}"))
        .parse()
        .unwrap()
}

/// The start line of a golden file: its FEN and its counts by depth.
fn golden_start(path: &str) -> (String, Vec<u64>) {
    let text = std::fs::read_to_string(path).unwrap();
    let line = text
        .lines()
        .find(|l| !l.starts_with('#') && !l.trim().is_empty())
        .unwrap();
    let mut parts = line.split(';').map(str::trim);
    let fen = parts.next().unwrap().to_string();
    let counts = parts
        .filter_map(|f| f.strip_prefix('D'))
        .map(|f| f.split_once(' ').unwrap().1.parse().unwrap())
        .collect();
    (fen, counts)
}

fn option_line(out: &str) -> &str {
    out.lines()
        .find(|l| l.starts_with("option name UCI_Variant "))
        .unwrap_or_else(|| panic!("no UCI_Variant option in\n{out}"))
}

#[test]
fn placement_is_pre_chess_as_in_fairy_stockfish() {
    let golden = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/prechess.perft");
    let (fen, counts) = golden_start(golden);
    // from orthodox chess, as a GUI starts the engine, and from Winther's game
    for file in ["chess", "placement"] {
        let out = session(
            file,
            "uci\nsetoption name UCI_Variant value placement\nposition startpos\nd\ngo perft 2\n",
        );
        assert!(option_line(&out).contains(" var placement "), "{out}");
        assert!(out.lines().any(|l| l == fen), "{file}: {out}");
        assert_eq!(nodes(&out), counts[1], "{file}: {out}");
        assert!(!out.contains("info string"), "{out}");
    }
    // the same after `go perft 1`
    let out = session(
        "chess",
        "setoption name UCI_Variant value placement\nposition startpos\ngo perft 1\n",
    );
    assert_eq!(nodes(&out), counts[0], "{out}");
}

#[test]
fn winthers_placement_chess_has_another_name() {
    // `myriad uci placement` loads Mats Winther's Placement Chess: under UCI_Variant it is
    // `winther-placement`, since `placement` is Fairy-Stockfish's Pre-Chess
    let out = session("placement", "uci\nquit\n");
    let line = option_line(&out);
    assert!(line.contains("default winther-placement "), "{line}");
    assert!(line.contains(" var winther-placement"), "{line}");
    // and a GUI reaches it by that name from any game: Black's king swap comes first
    let v = myriad::rules::load("placement").unwrap();
    let want = myriad::game::Game::new_seeded(v, 0).legal_moves().len();
    let out = session(
        "chess",
        "setoption name UCI_Variant value winther-placement\nposition startpos\nd\ngo perft 1\n",
    );
    assert!(
        out.lines()
            .any(|l| l == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"),
        "{out}"
    );
    assert_eq!(nodes(&out), want as u64, "{out}");
}

/// Every bundled file proven against Fairy-Stockfish is offered under Fairy-Stockfish's name
/// and, chosen by it, gives Fairy-Stockfish's start position and perft.
#[test]
fn every_fairy_stockfish_name_gives_its_game() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/fs");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "perft"))
        .collect();
    files.sort();
    assert!(files.len() >= 12, "{files:?}");
    let offered = option_line(&session("chess", "uci\nquit\n")).to_string();
    for path in files {
        let name = path.file_stem().unwrap().to_str().unwrap();
        let (fen, counts) = golden_start(path.to_str().unwrap());
        assert!(
            offered.contains(&format!(" var {name}")),
            "{name}: {offered}"
        );
        let out = session(
            "chess",
            &format!("setoption name UCI_Variant value {name}\nposition startpos\nd\ngo perft 2\n"),
        );
        assert!(out.lines().any(|l| l == fen), "{name}: {out}");
        assert_eq!(nodes(&out), counts[1], "{name}: {out}");
    }
}

#[test]
fn fairy_stockfish_aliases_and_unknown_names() {
    // `normal` is chess; `fischerandom` is chess with castling written king takes rook
    let out = session(
        "regroupment",
        "setoption name UCI_Variant value normal\nposition startpos\ngo perft 1\n",
    );
    assert_eq!(nodes(&out), 20, "{out}");
    let castle = "position fen r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1\ngo perft 1\n";
    let out = session(
        "chess",
        &format!("setoption name UCI_Variant value fischerandom\n{castle}"),
    );
    assert!(
        out.contains("\ne1h1: 1\n") && out.contains("\ne1a1: 1\n"),
        "{out}"
    );
    let out = session("chess", castle);
    assert!(
        out.contains("\ne1g1: 1\n") && out.contains("\ne1c1: 1\n"),
        "{out}"
    );
    // `mini` is Fairy-Stockfish's second name for Minishogi
    let (fen, counts) = golden_start(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/golden/fs/minishogi.perft"
    ));
    let out = session(
        "chess",
        "uci\nsetoption name UCI_Variant value mini\nposition startpos\nd\ngo perft 2\n",
    );
    assert!(option_line(&out).contains(" var mini "), "{out}");
    assert!(out.lines().any(|l| l == fen), "{out}");
    assert_eq!(nodes(&out), counts[1], "{out}");
    // python-chess sets `UCI_Variant chess` for its standard and Chess960 boards
    let out = session(
        "chess484",
        "uci\nsetoption name UCI_Variant value chess\nposition startpos\ngo perft 1\n",
    );
    assert!(option_line(&out).contains(" var chess "), "{out}");
    assert_eq!(nodes(&out), 20, "{out}");
    // a name Myriad does not have leaves the game as it is, with a word to the GUI
    let out = session(
        "chess",
        "setoption name UCI_Variant value bughouse\nposition startpos\ngo perft 1\n",
    );
    assert!(
        out.contains("info string unknown UCI_Variant `bughouse`; the game stays `chess`"),
        "{out}"
    );
    assert_eq!(nodes(&out), 20, "{out}");
    // a user's file is offered under its stem, and choosing that name keeps it
    let dir = std::env::temp_dir().join(format!("myriad-uci-names-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("my game.rules");
    std::fs::write(&path, "extends \"chess\"\nname \"Mine\"\ncastling none\n").unwrap();
    let out = session(
        path.to_str().unwrap(),
        "uci\nsetoption name UCI_Variant value my-game\nposition fen r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w - - 0 1\ngo perft 1\n",
    );
    let _ = std::fs::remove_dir_all(&dir);
    assert!(option_line(&out).contains("default my-game "), "{out}");
    assert!(!out.contains("info string"), "{out}");
    assert_eq!(nodes(&out), 23, "{out}");
}
