//! Unit tests of the move generator on a hand-built chess description (the bundled rules files
//! are tested against shakmaty in `tests/perft_*.rs`).

use super::*;
use crate::types::{Geometry, Piece, Role};
use crate::variant::{betza, CastlingRules, EndRules, Promotion, RoleDef, Variant, VariantSpec};

pub(crate) fn chess() -> Variant {
    let role = |name: &str, letter: char, b: &str, royal: bool, pawn: bool| RoleDef {
        name: name.into(),
        letter,
        san: None,
        value: None,
        betza: b.into(),
        atoms: betza::parse(b).unwrap(),
        royal,
        pawn,
        promotion: pawn.then(|| Promotion {
            zone: 1,
            choices: vec![Role(1), Role(2), Role(3), Role(4)],
            black_choices: None,
            optional: false,
            captured: false,
            leaving: false,
        }),
        image: None,
        initial_ranks: None,
        ep_ranks: None,
    };
    let roles = vec![
        role("King", 'K', "K", true, false),
        role("Queen", 'Q', "Q", false, false),
        role("Rook", 'R', "R", false, false),
        role("Bishop", 'B', "B", false, false),
        role("Knight", 'N', "N", false, false),
        role("Pawn", 'P', "fmWfceFifmnD", false, true),
    ];
    let g = Geometry::CHESS;
    let mut array = vec![None; 64];
    let back = "RNBQKBNR";
    for (f, c) in back.chars().enumerate() {
        let r = roles.iter().position(|x| x.letter == c).unwrap() as u8;
        array[f] = Some(Piece {
            color: Color::White,
            role: Role(r),
        });
        array[56 + f] = Some(Piece {
            color: Color::Black,
            role: Role(r),
        });
        array[8 + f] = Some(Piece {
            color: Color::White,
            role: Role(5),
        });
        array[48 + f] = Some(Piece {
            color: Color::Black,
            role: Role(5),
        });
    }
    Variant::new(VariantSpec {
        name: "Chess".into(),
        description: String::new(),
        source: String::new(),
        pgn_variant: None,
        notation: Default::default(),
        origin: crate::variant::Origin::File("test".into()),
        geometry: g,
        roles,
        array,
        castling: Some(CastlingRules::new(Role(2), (6, 5), (2, 3))),
        end: EndRules::default(),
        setup: None,
        drops: None,
        regions: Default::default(),
    })
    .unwrap()
}

fn perft_fen(v: &Variant, fen: &str, depth: u32) -> u64 {
    AnyPosition::from_fen(v, fen).unwrap().perft(v, depth)
}

#[test]
fn start_position_perft() {
    let v = chess();
    let p = AnyPosition::start(&v);
    assert_eq!(
        p.fen(&v),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(p.perft(&v, 1), 20);
    assert_eq!(p.perft(&v, 2), 400);
    assert_eq!(p.perft(&v, 3), 8902);
    assert_eq!(p.perft(&v, 4), 197_281);
}

#[test]
fn kiwipete_and_friends() {
    let v = chess();
    // Published perft results (chessprogramming.org "Perft Results").
    assert_eq!(
        perft_fen(
            &v,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            3
        ),
        97_862
    );
    assert_eq!(
        perft_fen(&v, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4),
        43_238
    );
    assert_eq!(
        perft_fen(
            &v,
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            3
        ),
        9_467
    );
    assert_eq!(
        perft_fen(
            &v,
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            3
        ),
        62_379
    );
    assert_eq!(
        perft_fen(
            &v,
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            3
        ),
        89_890
    );
}

#[test]
fn hash_is_incremental() {
    let v = chess();
    let mut p = AnyPosition::from_fen(
        &v,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    )
    .unwrap();
    let mut seed = 7u64;
    for _ in 0..200 {
        let moves = p.legal_moves(&v);
        if moves.is_empty() {
            break;
        }
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let m = moves.as_slice()[(seed >> 33) as usize % moves.len()];
        p.play(&v, m);
        assert_eq!(p.hash(), p.compute_hash());
        let again = AnyPosition::from_fen(&v, &p.fen(&v)).unwrap();
        assert_eq!(again.hash(), p.hash(), "fen round trip of {}", p.fen(&v));
    }
}

#[test]
fn notation_round_trips() {
    let v = chess();
    let p = AnyPosition::from_fen(
        &v,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    )
    .unwrap();
    for &m in p.legal_moves(&v).iter() {
        let san = p.san(&v, m);
        assert_eq!(p.parse_san(&v, &san).unwrap(), m, "{san}");
        assert_eq!(p.parse_uci(&v, &p.uci(&v, m, true)).unwrap(), m);
        assert_eq!(p.parse_uci(&v, &p.uci(&v, m, false)).unwrap(), m);
    }
    let castle = p.parse_san(&v, "O-O").unwrap();
    assert_eq!(p.uci(&v, castle, true), "e1h1");
    assert_eq!(p.uci(&v, castle, false), "e1g1");
    assert!(p.parse_san(&v, "Nxe9").is_err());
    assert!(p.parse_san(&v, "dé").is_err());
    assert!(p.parse_uci(&v, "é2e4").is_err());
    assert!(p
        .parse_uci(&v, "e2e5")
        .unwrap_err()
        .help
        .unwrap()
        .contains("e2"));
}

#[test]
#[ignore = "speed probe; run with --release -- --ignored --nocapture"]
fn speed_probe() {
    let v = chess();
    for fen in [
        "rkbnnbqr/pppppppp/8/8/8/8/PPPPPPPP/RNKNBBQR w HAha - 0 1",
        "rqbnkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBBKQNR w HAha - 0 1",
    ] {
        let p = AnyPosition::from_fen(&v, fen).unwrap();
        let t = std::time::Instant::now();
        let n = p.perft(&v, 5);
        let s = t.elapsed().as_secs_f64();
        println!("{n} {s:.3} {:.0}", n as f64 / s);
    }
}

/// The captures and promotions quiescence generates alone ([`Position::gen_tactical`]) are
/// exactly those among the legal moves, in every bundled game where it does not decline, along
/// random games (hands fill, pieces cross rivers and promote).
#[test]
fn tactical_moves_are_the_legal_captures_and_promotions() {
    fn tactical<B: TablesFor>(p: &Position<B>, m: Move) -> bool {
        match m.kind {
            MoveKind::EnPassant | MoveKind::Promotion => true,
            MoveKind::Normal => p.piece_at(m.to).is_some(),
            _ => false,
        }
    }
    fn compare<B: TablesFor>(p: &Position<B>, v: &Variant, name: &str) -> bool {
        let t = v.tables::<B>();
        let mut legal = MoveList::new();
        p.gen_legal(t, v, &mut legal);
        let mut tac = MoveList::new();
        if !p.gen_tactical(t, v, &mut tac) {
            return false;
        }
        let mut a: Vec<Move> = legal.iter().copied().filter(|&m| tactical(p, m)).collect();
        let mut b: Vec<Move> = tac.iter().copied().filter(|&m| tactical(p, m)).collect();
        a.sort_by_key(|m| format!("{m:?}"));
        b.sort_by_key(|m| format!("{m:?}"));
        assert_eq!(a, b, "{name}: {}", p.fen(v, true));
        true
    }
    let mut rng = crate::types::rng::Rng(7);
    for (name, _) in crate::rules::bundled() {
        let v = crate::rules::load(name).unwrap();
        for _ in 0..3 {
            let mut p = AnyPosition::start(&v);
            for _ in 0..60 {
                with_position!(&p, q => compare(q, &v, name));
                let moves = p.legal_moves(&v);
                if moves.is_empty() {
                    break;
                }
                let m = moves.iter().copied().nth(rng.below(moves.len())).unwrap();
                p.play(&v, m);
            }
        }
    }
}
