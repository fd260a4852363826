//! PGN export and import: a round trip over every bundled file (random setup and random
//! moves), error messages with line:column, and python-chess replaying the exported games.

use std::sync::Arc;

use myriad::game::pgn::{self, PgnError};
use myriad::game::setup::Rng;
use myriad::game::Game;
use myriad::variant::{Origin, Variant};

/// The value of the `Variant` tag of a PGN text.
fn world_variant(text: &str) -> String {
    let start = text.find("[Variant \"").expect("a Variant tag") + 10;
    text[start..].split('"').next().unwrap().to_string()
}

fn load(name: &str) -> Arc<Variant> {
    myriad::rules::load(name).unwrap_or_else(|d| panic!("{name}: {d}"))
}

/// A game of random legal moves: the setup phase (or a random start) then up to `plies` moves.
fn random_game(v: &Arc<Variant>, seed: u64, plies: usize) -> Game {
    let mut rng = Rng(seed);
    let mut g = Game::new_seeded(v.clone(), rng.next_u64());
    let mut n = 0;
    // The setup phase is always played to its end, then up to `plies` moves.
    while g.in_setup() || n < plies {
        let moves = g.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        g.play(m).unwrap();
        if !m.is_setup() {
            n += 1;
        }
    }
    g
}

fn roundtrip(v: &Arc<Variant>, g: &Game) -> String {
    let text = g.to_pgn(&[("Event", "Round trip"), ("White", "A \"quoted\" name")]);
    let back = pgn::import(v, &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.moves(), g.moves(), "{text}");
    assert_eq!(back.fen(), g.fen(), "{text}");
    assert_eq!(back.outcome(), g.outcome(), "{text}");
    assert_eq!(
        back.initial_position().fen_shredder(v),
        g.initial_position().fen_shredder(v)
    );
    // Exporting the imported game gives the same text.
    let again = back.to_pgn(&[("Event", "Round trip"), ("White", "A \"quoted\" name")]);
    assert_eq!(again, text);
    text
}

#[test]
fn every_bundled_file_round_trips() {
    for (name, _) in myriad::rules::bundled() {
        let v = load(name);
        for seed in 0..6u64 {
            let plies = [0usize, 1, 7, 40, 80, 200][seed as usize];
            let g = random_game(&v, seed * 7919 + 1, plies);
            let text = roundtrip(&v, &g);
            let variant = world_variant(&text);
            assert!(
                [v.name(), "Chess960", "Standard"].contains(&variant.as_str()),
                "{name}: {variant}"
            );
            assert!(
                text.contains(&format!("[MyriadRules \"{name}\"]\n")),
                "{text}"
            );
            assert_eq!(
                pgn::rules_of(&text).unwrap(),
                Some(Origin::Bundled(name.to_string()))
            );
            for tag in ["Event", "Site", "Date", "Round", "White", "Black", "Result"] {
                assert!(text.contains(&format!("[{tag} \"")), "{tag}");
            }
            let has_steps = v
                .spec
                .setup
                .as_ref()
                .is_some_and(|s| !s.steps.is_empty() && !s.randomized && s.shuffle.is_none());
            assert_eq!(text.contains("[SetupSteps \""), has_steps, "{name}\n{text}");
            assert!(text.contains("[SetUp \"1\"]\n[FEN \""), "{name}\n{text}");
        }
        // A game stopped in the middle of the setup phase.
        let mut g = Game::new(v.clone());
        if g.in_setup() {
            let m = g.legal_moves()[0];
            g.play(m).unwrap();
            roundtrip(&v, &g);
        }
    }
}

#[test]
fn the_exported_text_reads_like_the_design() {
    let v = load("regroupment");
    let mut g = Game::new(v.clone());
    for m in [
        "swap e8 c8",
        "pass",
        "swap e1 d1",
        "pass",
        "e4",
        "e5",
        "Nf3",
    ] {
        let mv = g.parse_move(m).unwrap();
        g.play(mv).unwrap();
    }
    let text = pgn::export(&g, &[("Date", "2026.01.02")]);
    assert_eq!(
        text,
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"2026.01.02\"]\n[Round \"?\"]\n[White \"?\"]\n\
         [Black \"?\"]\n[Result \"*\"]\n[Variant \"Chess960\"]\n[MyriadRules \"regroupment\"]\n\
         [SetupSteps \"swap e8 c8, pass, swap e1 d1, pass\"]\n[SetUp \"1\"]\n\
         [FEN \"rnkqbbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w KQkq - 0 1\"]\n\n\
         1. e4 e5 2. Nf3 *\n"
    );
    // Setup moves may also be written in the movetext, in either notation.
    let text = "[Variant \"regroupment\"]\n\nswap e8 c8 pass e1d1 0000 1. e4 e5 2. Nf3 *\n";
    let back = pgn::import(&v, text).unwrap();
    assert_eq!(back.moves(), g.moves());
    // Comments, NAGs, variations and glued move numbers are skipped.
    let text = "[SetupSteps \"swap e8 c8,pass, swap e1 d1 , pass\"]\n\n\
                {start} 1.e4 $1 e5 (1... c5 2. Nf3) ; a comment\n2. Nf3 1-0\n";
    let back = pgn::import(&v, text).unwrap();
    assert_eq!(back.moves(), g.moves());
}

fn err(v: &Arc<Variant>, text: &str) -> PgnError {
    match pgn::import(v, text) {
        Ok(g) => panic!("accepted: {}", g.fen()),
        Err(e) => e,
    }
}

#[test]
fn errors_say_where_and_how() {
    let v = load("regroupment");
    let e = err(&v, "[Event \"x\"]\n[Variant \"Chess960\"]\n\n*");
    assert_eq!((e.line, e.column), (2, 11));
    assert_eq!(
        e.message,
        "this game is `Chess960`, not `Regroupment Chess`"
    );
    assert!(e.help.unwrap().contains("rules file"));

    let e = err(&v, "[SetupSteps \"pass, swap e8 e1, pass\"]\n\n*");
    assert_eq!((e.line, e.column), (1, 20));
    assert!(e.message.contains("not"), "{}", e.message);

    let e = err(
        &v,
        "[SetupSteps \"pass, pass, pass, pass\"]\n\n1. e4 e5\n2. Ke3 *",
    );
    assert_eq!((e.line, e.column), (4, 4), "{e}");
    assert!(e.to_string().starts_with("4:4: "), "{e}");

    let e = err(
        &v,
        "[SetupSteps \"pass, pass, pass, pass\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w HAha - 0 1\"]\n\n*",
    );
    assert_eq!((e.line, e.column), (2, 7));
    assert!(e.message.contains("FEN tag"), "{}", e.message);

    let e = err(&v, "[Event \"never closed]\n\n*");
    assert_eq!((e.line, e.column), (1, 9));
    let e = err(&v, "[Event]\n*");
    assert_eq!(e.line, 1);
    let e = err(&v, "1. e4 { no end");
    assert_eq!((e.line, e.column), (1, 7));
    let e = err(&v, "1. e4 (1. d4");
    assert_eq!((e.line, e.column), (1, 7));
    let e = err(&v, "1. e4 )");
    assert_eq!((e.line, e.column), (1, 7));

    let e = err(&load("chess484"), "1. e4 *");
    assert!(e.message.contains("no FEN tag"), "{}", e.message);
    let e = err(&load("chess"), "[SetupSteps \"pass\"]\n*");
    assert!(e.message.contains("no setup steps"), "{}", e.message);
    let e = err(
        &load("chess"),
        "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1\"]\n*",
    );
    assert_eq!(e.line, 1);
    assert!(e.message.starts_with("bad FEN"), "{}", e.message);
}

/// Cut and mangled texts: import answers, never panics.
#[test]
fn import_never_panics() {
    let v = load("placement");
    let g = random_game(&v, 99, 30);
    let text = g.to_pgn(&[]);
    let mut rng = Rng(5);
    let chars: Vec<char> = text.chars().collect();
    for cut in 0..chars.len() {
        let s: String = chars[..cut].iter().collect();
        let _ = pgn::import(&v, &s);
        let _ = pgn::rules_of(&s);
    }
    let noise = [
        '[', ']', '"', '{', '}', '(', ')', '\\', '\n', ' ', '.', '1', 'x', ';', '%', 'é',
    ];
    for _ in 0..400 {
        let mut c = chars.clone();
        for _ in 0..3 {
            let i = rng.below(c.len());
            c[i] = noise[rng.below(noise.len())];
        }
        let s: String = c.into_iter().collect();
        let _ = pgn::import(&v, &s);
        let _ = pgn::rules_of(&s);
    }
}
