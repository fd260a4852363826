//! Promotion per side (`to white C R N black Q R B`), as Fairy-Stockfish's newer Chigorin Chess
//! defines it (src/variant.cpp: `promotionPieceTypes[WHITE] = C R N`, `[BLACK] = Q R B`).

use myriad::position::AnyPosition;

#[test]
fn each_side_promotes_to_its_own_pieces() {
    let text = r#"
extends "chess"
name "Chigorin Chess, newer rules"
piece Chancellor C moves "RN" value 875
piece Pawn P moves "fmWfceFifmnD" value 100 pawn promote on rank 8 to white C R N black Q R B
array "rbbqkbbr/pppppppp/8/8/8/8/PPPPPPPP/RNNCKNNR"
"#;
    let v = myriad::rules::compile_source(text, "chigorin-new.rules").unwrap();
    let promotions = |fen: &str| {
        let pos = AnyPosition::from_fen(&v, fen).unwrap();
        let mut ms: Vec<String> = pos
            .legal_moves(&v)
            .iter()
            .filter(|m| m.promotion_role().is_some())
            .map(|&m| pos.uci(&v, m, false))
            .collect();
        ms.sort();
        ms
    };
    assert_eq!(
        promotions("4k3/P7/8/8/8/8/7p/4K3 w - - 0 1"),
        ["a7a8c", "a7a8n", "a7a8r"]
    );
    assert_eq!(
        promotions("4k3/P7/8/8/8/8/7p/4K3 b - - 0 1"),
        ["h2h1b", "h2h1q", "h2h1r"]
    );
}
