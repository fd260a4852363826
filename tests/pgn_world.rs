//! PGN the rest of the world reads: python-chess reads every exported game of every 8x8 bundled
//! file (no tag stripped, no error, every move replayed, the same final position), Chess960 and
//! Standard where the game is one, the game's own name elsewhere; Myriad's own tags name the
//! rules and [`pgn::rules_of`] reads them back; players carry names.

use std::path::PathBuf;
use std::sync::Arc;

use myriad::game::pgn;
use myriad::game::setup::Rng;
use myriad::game::Game;
use myriad::variant::{Origin, Variant};

fn load(name: &str) -> Arc<Variant> {
    myriad::rules::load(name).unwrap_or_else(|d| panic!("{name}: {d}"))
}

fn tag(text: &str, name: &str) -> Option<String> {
    let key = format!("[{name} \"");
    let start = text.find(&key)? + key.len();
    Some(text[start..].split('"').next().unwrap().to_string())
}

/// A game of random legal moves, the setup phase played to its end; castling is played
/// whenever it is legal, so that the games castle.
fn castling_game(v: &Arc<Variant>, seed: u64, plies: usize) -> Game {
    let mut rng = Rng(seed);
    let mut g = Game::new_seeded(v.clone(), rng.next_u64());
    let mut n = 0;
    while g.in_setup() || n < plies {
        let moves = g.legal_moves();
        if moves.is_empty() {
            break;
        }
        let castles: Vec<_> = moves
            .iter()
            .copied()
            .filter(|&m| g.san(m).starts_with("O-O"))
            .collect();
        let m = if castles.is_empty() {
            moves[rng.below(moves.len())]
        } else {
            castles[rng.below(castles.len())]
        };
        g.play(m).unwrap();
        if !m.is_setup() {
            n += 1;
        }
    }
    g
}

fn python_chess() -> bool {
    let ok = std::process::Command::new("python3")
        .args(["-c", "import chess.pgn"])
        .status()
        .is_ok_and(|s| s.success());
    if !ok && std::env::var_os("MYRIAD_SKIP_PYTHON_CHESS").is_some() {
        eprintln!("SKIPPED: python-chess is missing and MYRIAD_SKIP_PYTHON_CHESS is set");
        return false;
    }
    assert!(
        ok,
        "python3 with the `chess` package is needed to check the PGN export: \
         `pip install chess` (CI installs it; set MYRIAD_SKIP_PYTHON_CHESS=1 to skip on purpose)"
    );
    true
}

/// Every 8x8 bundled file: a few self-play games (setup phase played, castling included) are
/// exported with names and read by python-chess; the others are exported under their own name
/// and read back by Myriad.
#[test]
fn python_chess_reads_every_8x8_export() {
    let check = python_chess();
    let dir = std::env::temp_dir().join(format!("myriad-pgn-world-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut files: Vec<PathBuf> = Vec::new();
    for (name, _) in myriad::rules::bundled() {
        let v = load(name);
        // Transcendental Chess swaps pieces at move 1, Pre-Chess and Choose-your-own Chess960 place
        // pieces from a hand,
        // which python-chess does not play: their games keep their own name (checked below)
        // (and the Fairy-Stockfish variants that are not Chess960 to other tools)
        let own_name = [
            "transcendental",
            "pre-chess",
            "choose960",
            "nocastle",
            "almost",
            "amazon",
            "knightmate",
            "hoppelpoppel",
            "chigorin",
            "makruk",
            // goals besides mate that lichess and python-chess do not play: their own names
            // (King of the Hill, Three-check, Racing Kings, Antichess and Horde declare
            // lichess's names with `pgn-variant` and are read by python-chess above)
            "5check",
            "regroupment-koth",
            "shatranj",
            "extinction",
            "giveaway",
            "kinglet",
            "codrus",
            "losers",
            "newzealand",
            "ai-wok",
            "breakthrough",
            "threekings",
            "suicide",
            // drops in play that python-chess does not play (Crazyhouse declares lichess's
            // name and is read by python-chess's CrazyhouseBoard above)
            "loop",
            "chessgi",
            "pocketknight",
            // Shogi on 8x8, which python-chess does not play
            "euroshogi",
        ]
        .contains(name);
        let g8 = v.geometry().files == 8 && v.geometry().ranks == 8 && !own_name;
        // a file naming its game for other programs (`pgn-variant "King of the Hill"`) is read by
        // python-chess as that variant; some of them never castle (Antichess, Racing Kings)
        let declared = v.pgn_variant();
        let castles = v.castling().is_some();
        let (mut checked, mut castled) = (0, 0);
        for seed in 0..80u64 {
            if checked >= 4 && (castled >= 1 || !castles) {
                break;
            }
            let g = castling_game(&v, seed * 977 + 11, 30 + 25 * (seed as usize % 4));
            let text = g.to_pgn(&[
                ("Event", name),
                ("White", "Myriad level 1"),
                ("Black", "Player"),
            ]);
            // Myriad reads every export back, whatever its Variant.
            let back = pgn::import(&v, &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(back.fen(), g.fen(), "{text}");
            let variant = tag(&text, "Variant").unwrap();
            let world = declared.is_some() || ["Chess960", "Standard"].contains(&variant.as_str());
            if !g8 || !world {
                assert_eq!(variant, declared.unwrap_or(v.name()), "{text}");
                continue;
            }
            if let Some(d) = declared {
                assert_eq!(variant, d, "{text}");
            }
            let path = dir.join(format!("{name}-{seed}.pgn"));
            std::fs::write(&path, &text).unwrap();
            std::fs::write(
                dir.join(format!("{name}-{seed}.pgn.fen")),
                g.position().fen_shredder(&v),
            )
            .unwrap();
            files.push(path);
            checked += 1;
            castled += usize::from(g.history().iter().any(|p| p.san.starts_with("O-O")));
        }
        if g8 {
            assert!(
                checked >= 4,
                "{name}: only {checked} games are Chess960 or Standard"
            );
            assert!(castled >= 1 || !castles, "{name}: no game castled");
        } else {
            assert_eq!(checked, 0, "{name} is not 8x8");
        }
    }
    if !check {
        let _ = std::fs::remove_dir_all(&dir);
        return;
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/pgn_python_check.py");
    let out = std::process::Command::new("python3")
        .arg(script)
        .args(&files)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains(&format!("{} passed, 0 failed", files.len())),
        "{stdout}"
    );
    eprintln!("python-chess read {} exported games", files.len());
}

/// Which world name each bundled file's games get once the setup phase is over.
#[test]
fn relocation_variants_are_chess960_and_chess_is_standard() {
    for (name, _) in myriad::rules::bundled() {
        let v = load(name);
        for seed in 0..12u64 {
            let g = castling_game(&v, seed * 31 + 7, 2);
            let text = g.to_pgn(&[]);
            let variant = tag(&text, "Variant").unwrap();
            // a game from the variant's own start writes no FEN
            let fen = tag(&text, "FEN").unwrap_or_default();
            let back_rank_pawn = {
                let rows: Vec<&str> = fen.split(' ').next().unwrap().split('/').collect();
                let edge = |r: Option<&&str>| r.is_some_and(|r| r.contains(['p', 'P']));
                edge(rows.first()) || edge(rows.last())
            };
            let want = v.pgn_variant().unwrap_or(match *name {
                "chess" => "Standard",
                "capablanca" => "Capablanca Chess",
                "transcendental" => "Transcendental Chess",
                "pre-chess" => "Pre-Chess",
                "choose960" => "Choose-your-own Chess960",
                "nocastle" => "No Castling Chess",
                "almost" => "Almost Chess",
                "amazon" => "Amazon Chess",
                "gardner" => "Gardner Minichess",
                "losalamos" => "Los Alamos Chess",
                "gothic" => "Gothic Chess",
                "embassy" => "Embassy Chess",
                "janus" => "Janus Chess",
                "modern" => "Modern Chess",
                "chancellor" => "Chancellor Chess",
                "knightmate" => "Knightmate",
                "hoppelpoppel" => "Hoppel-Poppel",
                "chigorin" => "Chigorin Chess",
                "makruk" => "Makruk",
                "grand" => "Grand Chess",
                "kingofthehill" => "King of the Hill",
                "3check" => "Three-check",
                "5check" => "Five-check",
                "racingkings" => "Racing Kings",
                "regroupment-koth" => "Regroupment King of the Hill",
                "shatranj" => "Shatranj",
                "courier" => "Courier Chess",
                "extinction" => "Extinction Chess",
                "antichess" => "Antichess",
                "giveaway" => "Giveaway Chess",
                "horde" => "Horde",
                "kinglet" => "Kinglet Chess",
                "codrus" => "Codrus",
                "losers" => "Losers Chess",
                "newzealand" => "New Zealand Chess",
                "ai-wok" => "Ai-wok",
                "centaur" => "Centaur Chess",
                "breakthrough" => "Breakthrough",
                "clobber" => "Clobber",
                "threekings" => "Three Kings Chess",
                "suicide" => "Suicide Chess",
                "jesonmor" => "Jeson Mor",
                "loop" => "Loop Chess",
                "chessgi" => "Chessgi",
                "pocketknight" => "Pocket Knight",
                "xiangqi" => "Xiangqi",
                "minixiangqi" => "Minixiangqi",
                "minishogi" => "Minishogi",
                "shogi" => "Shogi",
                "euroshogi" => "EuroShogi",
                "pawn-exchange" if back_rank_pawn => "Pawn Exchange",
                _ => "Chess960",
            });
            assert_eq!(variant, want, "{name}\n{text}");
            if (want == "Chess960" || want == "Standard") && !fen.is_empty() {
                // X-FEN: file letters only where `KQkq` would not name the rook
                let castling = fen.split(' ').nth(2).unwrap();
                assert!(castling.chars().all(|c| "KQkq-".contains(c)), "{fen}");
            }
        }
    }
}

#[test]
fn rules_of_reads_myriad_tags_then_the_variant() {
    let b = |n: &str| Ok(Some(Origin::Bundled(n.to_string())));
    let of = |t: &str| pgn::rules_of(t);
    assert_eq!(
        of("[Variant \"Chess960\"]\n[MyriadRules \"regroupment\"]\n\n*"),
        b("regroupment")
    );
    assert_eq!(of("[MyriadRules \"rules/chess57.rules\"]\n*"), b("chess57"));
    assert_eq!(of("[Variant \"Chess960\"]\n\n1. e4 *"), b("chess960"));
    assert_eq!(of("[Variant \"Fischerandom\"]\n*"), b("chess960"));
    assert_eq!(of("[Variant \"From Position\"]\n*"), b("chess"));
    assert_eq!(of("[Variant \"Standard\"]\n*"), b("chess"));
    assert_eq!(of("1. e4 e5 *"), b("chess"));
    assert_eq!(of("[Variant \"Regroupment Chess\"]\n*"), b("regroupment"));
    assert_eq!(of("[Variant \"capablanca chess\"]\n*"), b("capablanca"));
    assert_eq!(of("[Variant \"relocation\"]\n*"), b("relocation"));
    assert_eq!(of("[Variant \"Crazyhouse\"]\n*"), b("crazyhouse"));
    assert_eq!(of("[Variant \"Bughouse\"]\n*"), Ok(None));
    assert_eq!(
        of("[MyriadRulesFile \"/home/me/my.rules\"]\n[Variant \"My Game\"]\n*"),
        Ok(Some(Origin::File("/home/me/my.rules".into())))
    );
    let e = of("[Event \"x\"]\n[MyriadRules \"regroupmnet\"]\n*").unwrap_err();
    assert_eq!((e.line, e.column), (2, 15), "{e}");
    assert!(e.message.contains("names no bundled rules file"), "{e}");
    assert!(e.help.unwrap().contains("regroupment"));
    // Every bundled file's exports name it.
    for (name, _) in myriad::rules::bundled() {
        let v = load(name);
        let text = castling_game(&v, 3, 4).to_pgn(&[]);
        assert_eq!(of(&text), b(name), "{text}");
    }
}

/// A user's own rules file: its path and the hash of its text; read back under it; refused
/// under other rules with a hint.
#[test]
fn a_users_file_is_named_by_path_and_hash() {
    let dir = std::env::temp_dir().join(format!("myriad-pgn-user-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("my-regroupment.rules");
    let source = "extends \"regroupment\"\nname \"My Regroupment\"\n";
    std::fs::write(&path, source).unwrap();
    let v = load(path.to_str().unwrap());
    let g = castling_game(&v, 5, 10);
    let text = g.to_pgn(&[]);
    let origin = v.origin().clone();
    let Origin::File(p) = &origin else {
        panic!("{origin:?}")
    };
    let full = std::fs::canonicalize(p).unwrap();
    assert_eq!(
        tag(&text, "MyriadRulesFile"),
        Some(full.display().to_string())
    );
    assert_eq!(tag(&text, "MyriadRulesHash"), Some(pgn::rules_hash(source)));
    assert_eq!(tag(&text, "Variant").as_deref(), Some("Chess960"));
    assert_eq!(pgn::rules_of(&text), Ok(Some(Origin::File(full))));
    assert_eq!(pgn::import(&v, &text).unwrap().fen(), g.fen());
    let e = pgn::import(&load("chess57"), &text).unwrap_err();
    assert!(e.message.contains("this game is played under"), "{e}");
    assert!(e.help.unwrap().contains("open the rules file"));
    let bad = text.replace(&pgn::rules_hash(source), "not-a-hash");
    let e = pgn::import(&v, &bad).unwrap_err();
    assert!(e.message.contains("is not a hash"), "{e}");
    // Fairy pieces: not Chess960, the game keeps its name and Shredder castling.
    let path = dir.join("crowned.rules");
    let source =
        "extends \"chess\"\nname \"Crowned Knights\"\npiece Knight N moves \"NK\" value 400\n";
    std::fs::write(&path, source).unwrap();
    let v = load(path.to_str().unwrap());
    let g = castling_game(&v, 9, 20);
    let text = g.to_pgn(&[]);
    assert_eq!(
        tag(&text, "Variant").as_deref(),
        Some("Crowned Knights"),
        "{text}"
    );
    assert!(tag(&text, "FEN").unwrap().contains(" w HAha "), "{text}");
    assert_eq!(tag(&text, "MyriadRulesHash"), Some(pgn::rules_hash(source)));
    assert_eq!(pgn::import(&v, &text).unwrap().fen(), g.fen());
    let _ = std::fs::remove_dir_all(&dir);
}

/// `myriad match` names both players by their level.
#[test]
fn match_names_the_players() {
    let dir = std::env::temp_dir().join(format!("myriad-pgn-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("m.pgn");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_myriad"))
        .args([
            "match",
            "regroupment",
            "--games",
            "2",
            "--level",
            "1",
            "--level",
            "2",
        ])
        .args(["--depth", "1", "--max-plies", "6", "--pgn"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains("[White \"Myriad level 1\"]\n[Black \"Myriad level 2\"]"),
        "{text}"
    );
    assert!(
        text.contains("[White \"Myriad level 2\"]\n[Black \"Myriad level 1\"]"),
        "{text}"
    );
    assert!(
        text.contains("[Variant \"Chess960\"]\n[MyriadRules \"regroupment\"]"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
