//! `pgn-variant`: the name a rules file gives its games in the PGN `Variant` tag, so that
//! lichess and python-chess import them as that variant. Written on export (with an X-FEN start),
//! accepted on import as python-chess compares names, never inherited through `extends`, and
//! read by python-chess as its own variant of that name.

use std::sync::Arc;

use myriad::game::pgn;
use myriad::game::Game;
use myriad::variant::Variant;

fn tag(text: &str, name: &str) -> Option<String> {
    let key = format!("[{name} \"");
    let start = text.find(&key)? + key.len();
    Some(text[start..].split('"').next().unwrap().to_string())
}

/// A test-only rules source: orthodox chess under lichess's name for King of the Hill. The
/// games below never bring a king near the centre, so they are the same games under both rules.
const HILL: &str = "extends \"chess\"\nname \"Hill Test\"\npgn-variant \"King of the Hill\"\n";

/// A short game whose moves are legal in King of the Hill and in chess alike, castling included.
const MOVES: &[&str] = &[
    "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O", "Nf6", "d3", "O-O", "c3", "d6",
];

fn hill() -> Arc<Variant> {
    myriad::rules::compile_source(HILL, "hill-test.rules").unwrap_or_else(|d| panic!("{d}"))
}

fn play(v: &Arc<Variant>) -> Game {
    let mut g = Game::new_seeded(v.clone(), 1);
    for san in MOVES {
        let m = g
            .legal_moves()
            .into_iter()
            .find(|&m| g.san(m) == *san)
            .unwrap_or_else(|| panic!("{san} is not legal in {}", g.fen()));
        g.play(m).unwrap();
    }
    g
}

#[test]
fn the_declared_name_is_written_and_read_back() {
    let v = hill();
    assert_eq!(v.pgn_variant(), Some("King of the Hill"));
    let g = play(&v);
    let text = g.to_pgn(&[]);
    assert_eq!(
        tag(&text, "Variant").as_deref(),
        Some("King of the Hill"),
        "{text}"
    );
    // the start in X-FEN, as lichess and python-chess write it
    assert_eq!(
        tag(&text, "FEN").as_deref(),
        Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        "{text}"
    );
    assert_eq!(pgn::import(&v, &text).unwrap().fen(), g.fen());
    // the names python-chess accepts for it, spaces, hyphens and case aside; and the game is
    // refused under other rules by that name
    let body = |name: &str| text.replace("King of the Hill", name);
    for name in [
        "king of the hill",
        "KingOfTheHill",
        "kingofthehill",
        "King-of-the-Hill",
    ] {
        let back = pgn::import(&v, &body(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(back.fen(), g.fen(), "{name}");
    }
    let chess = myriad::rules::load("chess").unwrap();
    let only_moves = |t: &str| {
        t.lines()
            .filter(|l| !l.starts_with("[Myriad"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let e = pgn::import(&chess, &only_moves(&text)).unwrap_err();
    assert!(e.message.contains("this game is `King of the Hill`"), "{e}");
    assert!(pgn::import(&v, &only_moves(&body("Three-check"))).is_err());
}

#[test]
fn a_bundled_file_is_found_by_its_pgn_variant() {
    // chess960.rules declares `pgn-variant "Chess960"`; the spellings python-chess accepts find it
    let c = myriad::rules::load("chess960").unwrap();
    assert_eq!(c.pgn_variant(), Some("Chess960"));
    for name in ["Chess960", "chess 960", "Chess-960", "CHESS960"] {
        let found = pgn::rules_of(&format!("[Variant \"{name}\"]\n\n*")).unwrap();
        assert_eq!(
            found.map(|o| o.spec()).as_deref(),
            Some("chess960"),
            "{name}"
        );
    }
}

#[test]
fn pgn_variant_is_not_inherited() {
    let dir = std::env::temp_dir().join(format!("myriad-pgn-variant-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("hill.rules"), HILL).unwrap();
    let child = dir.join("hill-relocation.rules");
    std::fs::write(
        &child,
        "extends \"hill.rules\"\nname \"Hill Relocation\"\nsetup {\n  step white swap K with Q B N optional\n  step black mirror\n}\n",
    )
    .unwrap();
    let v = myriad::rules::load(child.to_str().unwrap()).unwrap();
    assert_eq!(v.pgn_variant(), None);
    let _ = std::fs::remove_dir_all(&dir);
    // the bundled children of chess960-like files keep their own names too
    let d = myriad::rules::load("double-fischer-random").unwrap();
    assert_eq!(d.pgn_variant(), None);
}

/// python-chess reads the exported game as its King of the Hill (`chess.variant.
/// KingOfTheHillBoard`), replays every move and reaches Myriad's final position.
#[test]
fn python_chess_reads_the_declared_variant() {
    let ok = std::process::Command::new("python3")
        .args(["-c", "import chess.variant, chess.pgn"])
        .status()
        .is_ok_and(|s| s.success());
    if !ok && std::env::var_os("MYRIAD_SKIP_PYTHON_CHESS").is_some() {
        eprintln!("SKIPPED: python-chess is missing and MYRIAD_SKIP_PYTHON_CHESS is set");
        return;
    }
    assert!(
        ok,
        "python3 with the `chess` package is needed: `pip install chess`"
    );
    let v = hill();
    let g = play(&v);
    let dir = std::env::temp_dir().join(format!("myriad-pgn-koth-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("koth.pgn");
    std::fs::write(&path, g.to_pgn(&[])).unwrap();
    let script = r#"
import sys, chess.pgn
game = chess.pgn.read_game(open(sys.argv[1], encoding="utf-8"))
assert not game.errors, game.errors
board = game.board()
print(type(board).uci_variant)
for m in game.mainline_moves():
    board.push(m)
print(board.fen())
"#;
    let out = std::process::Command::new("python3")
        .args(["-c", script])
        .arg(&path)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.first(), Some(&"kingofthehill"), "{stdout}");
    let fields = |f: &str| f.split(' ').take(4).collect::<Vec<_>>().join(" ");
    assert_eq!(
        lines.get(1).map(|f| fields(f)),
        Some(fields(&g.fen())),
        "{stdout}"
    );
}
