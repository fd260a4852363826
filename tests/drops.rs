//! Drops in play (`drops { ... }`), rule by rule: what a capture puts in hand (a promoted piece
//! demoted in Crazyhouse, kept in Loop), drops that block a check and none against a double
//! check, pawns kept off the first and last ranks (Chessgi: off the last only), no castling
//! rights for a dropped rook, the FEN's promoted marks, and the Game API the front ends use.
//! The perft counts themselves are Fairy-Stockfish's (tests/golden/fs, tests/perft_fairy.rs).

use std::sync::Arc;

use myriad::game::Game;
use myriad::position::AnyPosition;
use myriad::types::{Color, MoveKind};
use myriad::variant::Variant;

fn load(name: &str) -> Arc<Variant> {
    myriad::rules::load(name).unwrap_or_else(|d| panic!("{name}: {d}"))
}

fn hand(v: &Variant, p: &AnyPosition, c: Color) -> String {
    v.roles()
        .flat_map(|r| std::iter::repeat_n(v.role(r).letter, p.hand_count(c, r) as usize))
        .collect()
}

fn play(v: &Variant, fen: &str, moves: &[&str]) -> AnyPosition {
    let mut p = AnyPosition::from_fen(v, fen).unwrap();
    for m in moves {
        let mv = p.parse_uci(v, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        p.play(v, mv);
    }
    p
}

#[test]
fn a_captured_promoted_piece_returns_as_a_pawn_in_crazyhouse_only() {
    // White's queen takes Black's promoted queen on a1
    let fen = "4k3/8/8/8/8/8/8/q~2QK3[NP] w - - 0 1";
    let ch = load("crazyhouse");
    let p = play(&ch, fen, &["d1a1"]);
    assert_eq!(hand(&ch, &p, Color::White), "NPP");
    let lp = load("loop");
    let p = play(&lp, fen, &["d1a1"]);
    assert_eq!(hand(&lp, &p, Color::White), "QNP");
}

#[test]
fn promoted_marks_move_with_the_piece_and_are_written_back() {
    let v = load("crazyhouse");
    let fen = "4k3/1P6/8/8/8/8/8/4K3[] w - - 0 1";
    let p = play(&v, fen, &["b7b8q"]);
    assert!(p.fen(&v).starts_with("1Q~2k3/"), "{}", p.fen(&v));
    let p = play(&v, fen, &["b7b8q", "e8d7", "b8b3"]);
    assert!(p.fen(&v).contains("/1Q~6/"), "{}", p.fen(&v));
    // Loop reads the mark and does not write it, as Fairy-Stockfish
    let lp = load("loop");
    let p = AnyPosition::from_fen(&lp, "1Q~2k3/8/8/8/8/8/8/4K3[] b - - 0 1").unwrap();
    assert_eq!(p.fen(&lp), "1Q2k3/8/8/8/8/8/8/4K3[] b - - 0 1");
}

#[test]
fn drops_block_a_check_and_none_answer_a_double_check() {
    let v = load("crazyhouse");
    // the rook on a1 checks the king on h1 along the first rank: drops go between them
    let p = AnyPosition::from_fen(&v, "k7/8/8/8/8/8/7P/r6K[N] w - - 0 1").unwrap();
    let drops: Vec<String> = p
        .legal_moves(&v)
        .iter()
        .filter(|m| m.kind == MoveKind::Drop)
        .map(|&m| p.uci(&v, m, false))
        .collect();
    assert_eq!(drops, ["N@b1", "N@c1", "N@d1", "N@e1", "N@f1", "N@g1"]);
    // rook and bishop both check: only the king moves
    let p = AnyPosition::from_fen(&v, "k7/8/8/8/3b4/8/8/r5K1[N] w - - 0 1").unwrap();
    assert!(p.legal_moves(&v).iter().all(|m| m.kind != MoveKind::Drop));
}

#[test]
fn pawns_are_dropped_on_the_ranks_the_file_allows() {
    let ranks = |name: &str| -> Vec<u8> {
        let v = load(name);
        let p = AnyPosition::from_fen(&v, "k7/8/8/8/8/8/8/7K[P] w - - 0 1").unwrap();
        let mut rs: Vec<u8> = p
            .legal_moves(&v)
            .iter()
            .filter(|m| m.kind == MoveKind::Drop)
            .map(|m| v.geometry().rank(m.to) + 1)
            .collect();
        rs.dedup();
        rs
    };
    assert_eq!(ranks("crazyhouse"), [2, 3, 4, 5, 6, 7]);
    assert_eq!(ranks("chessgi"), [1, 2, 3, 4, 5, 6, 7]);
}

#[test]
fn a_rook_dropped_on_its_corner_gives_no_castling_rights() {
    let v = load("crazyhouse");
    let p = play(&v, "r3k3/8/8/8/8/8/8/4K3[R] w q - 0 1", &["R@h1"]);
    assert_eq!(p.fen(&v), "r3k3/8/8/8/8/8/8/4K2R[] b q - 1 1");
}

#[test]
fn the_game_offers_hands_and_drops_to_every_front_end() {
    let v = load("pocketknight");
    let mut g = Game::new(v.clone());
    let knight = v.roles().find(|&r| v.role(r).letter == 'N').unwrap();
    assert_eq!(g.hand(Color::White), [(knight, 1)]);
    assert_eq!(g.hand(Color::Black), [(knight, 1)]);
    let drops = g.legal_drops();
    // every empty square of ranks 3 to 6
    assert_eq!(drops.len(), 32);
    let m = g.parse_move("N@e4").unwrap();
    assert_eq!(g.san(m), "N@e4");
    g.play(m).unwrap();
    assert!(g.hand(Color::White).is_empty());
    assert_eq!(
        g.fen(),
        "rnbqkbnr/pppppppp/8/8/4N3/8/PPPPPPPP/RNBQKBNR[n] b KQkq - 1 1"
    );
    // a drop that checks is written with `+`
    let ch = load("crazyhouse");
    let g = Game::from_fen(ch, "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1").unwrap();
    let m = g.parse_move("Q@e7").unwrap();
    assert_eq!(g.san(m), "Q@e7+");
}
