//! Mating material follows the royal piece's moves. In Knightmate the royal piece moves as a
//! knight, so chess's "a king and a lone minor piece cannot mate" does not hold: a lone commoner
//! mates a royal knight in the corner, and so does a bishop with its own royal beside it. Those
//! endings are played on, not drawn; only bare royals are.

use myriad::game::{can_mate, insufficient_material};
use myriad::position::AnyPosition;
use myriad::types::Color;

fn mated(v: &myriad::variant::Variant, fen: &str) -> AnyPosition {
    let pos = AnyPosition::from_fen(v, fen).unwrap();
    assert!(pos.legal_moves(v).is_empty(), "{fen}: moves left");
    assert!(pos.is_check(v), "{fen}: not in check");
    pos
}

#[test]
fn knightmate_mates_with_what_chess_calls_insufficient() {
    let v = myriad::rules::load("knightmate").unwrap();
    // the commoner on b2 checks the royal knight on a1 and guards b3 and c2, its only flights
    let pos = mated(&v, "8/8/8/8/8/8/1M6/k6K b - - 0 1");
    assert!(!insufficient_material(&v, &pos));
    assert!(can_mate(&v, &pos, Color::White));
    assert!(!can_mate(&v, &pos, Color::Black));
    // a bishop on c3 checks; White's royal knight on d4 guards b3 and c2
    let pos = mated(&v, "8/8/8/8/3K4/2B5/8/k7 b - - 0 1");
    assert!(!insufficient_material(&v, &pos));
    assert!(can_mate(&v, &pos, Color::White));
    // bare royals are dead
    let bare = AnyPosition::from_fen(&v, "8/8/8/8/3K4/8/8/k7 b - - 0 1").unwrap();
    assert!(insufficient_material(&v, &bare));
    assert!(!can_mate(&v, &bare, Color::White));
    // chess keeps chess's rule: king and bishop against king is a draw
    let chess = myriad::rules::load("chess").unwrap();
    let kb = AnyPosition::from_fen(&chess, "8/8/8/8/3K4/2B5/8/k7 b - - 0 1").unwrap();
    assert!(insufficient_material(&chess, &kb));
    assert!(!can_mate(&chess, &kb, Color::White));
}
