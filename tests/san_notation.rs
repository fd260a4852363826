//! A game's own notation beyond the golden lists of `san_fairy.rs`: the Shogi family still
//! reads the chess SAN that older saved games and PGNs hold, Xiangqi reads the FEN letters of
//! its horse and elephant as well as `H` and `E`, and a PGN of Shogi or Xiangqi carries the
//! moves as Fairy-Stockfish writes them (the golden game line) and reads back.

use std::sync::Arc;

use myriad::game::{pgn, Game};
use myriad::position::AnyPosition;
use myriad::variant::{Notation, Variant};

fn load(name: &str) -> Arc<Variant> {
    myriad::rules::load(name).unwrap_or_else(|d| panic!("{name}: {d}"))
}

/// The golden file's positions (the `fen ; uci=san ...` lines).
fn golden_positions(name: &str) -> Vec<String> {
    let path = format!(
        "{}/tests/golden/fs/san/{name}.san",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("game "))
        .map(|l| l.split(" ; ").next().unwrap().to_string())
        .collect()
}

/// The golden file's game line: start FEN, UCI moves, Fairy-Stockfish's SAN.
fn golden_game(name: &str) -> (String, Vec<String>, Vec<String>) {
    let path = format!(
        "{}/tests/golden/fs/san/{name}.san",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).unwrap();
    let line = text.lines().find_map(|l| l.strip_prefix("game ")).unwrap();
    let mut parts = line.split(" ; ");
    let fen = parts.next().unwrap().to_string();
    let words = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
    let ucis = words(parts.next().unwrap());
    let sans = words(parts.next().unwrap());
    (fen, ucis, sans)
}

#[test]
fn the_shogi_family_still_reads_chess_san() {
    for name in ["shogi", "minishogi", "euroshogi"] {
        let v = load(name);
        assert_eq!(v.notation(), Notation::Hodges, "{name}");
        // The same game written in chess SAN: what Myriad wrote before `notation hodges`.
        let src = format!("extends \"{name}\"\nnotation san\n");
        let chess = myriad::rules::compile_source(&src, "chess-san.rules").unwrap();
        let mut read = 0;
        for fen in golden_positions(name) {
            let pos = AnyPosition::from_fen(&v, &fen).unwrap();
            for &m in pos.legal_moves(&v).iter() {
                let old = pos.san(&chess, m);
                assert!(!old.contains('-') || old.starts_with('O'), "{name}: {old}");
                match pos.parse_san(&v, &old) {
                    Ok(back) => assert_eq!(back, m, "{name}: {fen}: {old}"),
                    Err(e) => panic!("{name}: {fen}: {old}: {e}"),
                }
                read += 1;
            }
        }
        assert!(read > 100, "{name}: {read}");
    }
}

#[test]
fn xiangqi_reads_the_fen_letters_of_horse_and_elephant_too() {
    for name in ["xiangqi", "minixiangqi"] {
        let v = load(name);
        let mut read = 0;
        for fen in golden_positions(name) {
            let pos = AnyPosition::from_fen(&v, &fen).unwrap();
            for &m in pos.legal_moves(&v).iter() {
                let san = pos.san(&v, m);
                let fen_letter = match san.as_bytes()[0] {
                    b'H' => format!("N{}", &san[1..]),
                    b'E' => format!("B{}", &san[1..]),
                    _ => continue,
                };
                assert_eq!(pos.parse_san(&v, &fen_letter).unwrap(), m, "{fen_letter}");
                read += 1;
            }
        }
        assert!(read > 10, "{name}: {read}");
    }
}

/// The movetext of a PGN as words, without move numbers and the result.
fn movetext_words(text: &str) -> Vec<String> {
    let body = text.split("\n\n").nth(1).unwrap();
    body.split_whitespace()
        .filter(|w| !w.ends_with('.') && !["*", "1-0", "0-1", "1/2-1/2"].contains(w))
        .map(String::from)
        .collect()
}

#[test]
fn shogi_and_xiangqi_pgns_carry_fairy_stockfish_s_moves_and_read_back() {
    for name in ["shogi", "minishogi", "euroshogi", "xiangqi", "minixiangqi"] {
        let v = load(name);
        let (fen, ucis, sans) = golden_game(name);
        let mut g = Game::from_fen(v.clone(), &fen).unwrap();
        for u in &ucis {
            let m = g.position().parse_uci(&v, u).unwrap();
            g.play(m).unwrap();
        }
        let text = g.to_pgn(&[("Event", "Notation")]);
        assert_eq!(movetext_words(&text), sans, "{name}:\n{text}");
        let back = pgn::import(&v, &text).unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
        assert_eq!(back.moves(), g.moves(), "{name}");
        assert_eq!(back.fen(), g.fen(), "{name}");
        // The bare movetext, as another program would write it, reads too.
        let bare = format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n{} *\n", sans.join(" "));
        let again = pgn::import(&v, &bare).unwrap_or_else(|e| panic!("{name}: {e}\n{bare}"));
        assert_eq!(again.moves(), g.moves(), "{name}");
    }
}

#[test]
fn a_shogi_pgn_in_chess_san_still_imports() {
    let v = load("shogi");
    let chess =
        myriad::rules::compile_source("extends \"shogi\"\nnotation san\n", "x.rules").unwrap();
    let (fen, ucis, _) = golden_game("shogi");
    let mut g = Game::from_fen(v.clone(), &fen).unwrap();
    let mut old = vec![];
    for u in &ucis {
        let m = g.position().parse_uci(&v, u).unwrap();
        old.push(g.position().san(&chess, m));
        g.play(m).unwrap();
    }
    let text = format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n{} *\n", old.join(" "));
    let back = pgn::import(&v, &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.moves(), g.moves());
}

#[test]
fn odd_move_texts_are_refused_in_words() {
    let v = load("shogi");
    let g = Game::new(v.clone());
    for t in [
        "P-７６",
        "+",
        "+-",
        "P*",
        "G69-",
        "x",
        "=",
        "P-76==",
        "P-76=+",
        "+P",
        "*34",
        "P-76=Z",
        "P--76",
        "Px*76",
        "P-76-",
        "+p-76",
        "p-76",
        "P-0",
        "P-99999999999999999999",
        "0-0",
    ] {
        let e = g.parse_move(t).expect_err(t);
        assert!(e.message.contains('`') && e.help.is_some(), "{t}: {e}");
    }
}
