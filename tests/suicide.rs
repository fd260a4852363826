//! Suicide Chess (`stalemate fewer-pieces`): a stalemate is won by the side with fewer pieces
//! and drawn when both have as many. The verdicts are Fairy-Stockfish's (`UCI_Variant
//! suicide`, `go depth 2`): `score cp 0` at the first position, `score mate -1` for Black,
//! whose only move h2h1 stalemates White, at the second.

use myriad::game::{Game, Reason};
use myriad::types::Color;

fn game(fen: &str) -> Game {
    let v = myriad::rules::load("suicide").unwrap_or_else(|d| panic!("suicide: {d}"));
    Game::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn a_stalemate_is_won_by_fewer_pieces_and_drawn_by_as_many() {
    // White's pawns are blocked: two pieces each, a draw (in Antichess White would win)
    let g = game("8/8/8/8/8/p6p/P6P/8 w - - 0 1");
    let o = g.outcome().expect("a stalemate");
    assert_eq!((o.winner, o.reason), (None, Reason::Stalemate));
    // Black must take on h1; White, with one piece against two, is stalemated and wins
    let mut g = game("8/8/8/8/8/p7/P6k/7K b - - 0 1");
    assert_eq!(g.legal_moves().len(), 1);
    let m = g.parse_move("h2h1").unwrap();
    g.play(m).unwrap();
    let o = g.outcome().expect("a stalemate");
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::White), Reason::Stalemate)
    );
    // the antichess rule on the same position: the side that cannot move wins
    let v = myriad::rules::load("antichess").unwrap();
    let g = Game::from_fen(v, "8/8/8/8/8/p6p/P6P/8 w - - 0 1").unwrap();
    assert_eq!(g.outcome().unwrap().winner, Some(Color::White));
}
