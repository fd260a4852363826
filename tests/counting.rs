//! Makruk's count as a rule of play (the FENs are Fairy-Stockfish's; the rule is its
//! `is_optional_game_end`: a draw once the count passes the limit, unless the side to move is
//! mated).

use myriad::game::{Game, Reason};
use myriad::position::EndRule;

fn makruk() -> std::sync::Arc<myriad::variant::Variant> {
    myriad::rules::load("makruk").unwrap()
}

#[test]
fn the_count_passing_its_limit_draws() {
    // a rook's 16 moves (32 plies), 32 counted: one more ply passes the limit
    let mut g = Game::from_fen(makruk(), "8/8/8/3k4/8/8/8/R3K3 b - 32 32 61").unwrap();
    assert_eq!(g.outcome(), None);
    let m = g.position().parse_uci(g.variant(), "d5d4").unwrap();
    g.play(m).unwrap();
    // Fairy-Stockfish: `8/8/8/8/3k4/8/8/R3K3 w - 32 33 62`
    assert_eq!(g.fen(), "8/8/8/8/3k4/8/8/R3K3 w - 32 33 62");
    let o = g.outcome().expect("the count is over");
    assert_eq!(
        (o.winner, o.reason),
        (None, Reason::Rule(EndRule::Counting))
    );
    assert_eq!(o.to_string(), "draw by the counting rule");
    // the count does not stop move generation (Fairy-Stockfish's perft goes on too)
    assert!(!g.position().legal_moves(g.variant()).is_empty());
}

#[test]
fn mate_beats_the_count() {
    let g = Game::from_fen(makruk(), "R2k4/8/3K4/8/8/8/8/8 b - 32 40 40").unwrap();
    let o = g.outcome().expect("mate");
    assert_eq!(o.reason, Reason::Checkmate);
}
