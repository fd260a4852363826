//! Games without a royal piece or with material ends (Shatranj, Antichess, Horde, Extinction
//! Chess): the result names the rule and the winner the rules file gives, and the AI plays
//! for that goal. Positions are Fairy-Stockfish's (`tests/golden/fs/`), where it counts no
//! moves.

use std::sync::atomic::AtomicBool;

use myriad::game::{Game, Reason};
use myriad::position::EndRule;
use myriad::search::{Engine, Limits};
use myriad::types::Color;

fn game(name: &str, fen: &str) -> Game {
    let v = myriad::rules::load(name).unwrap_or_else(|d| panic!("{name}: {d}"));
    Game::from_fen(v, fen).unwrap_or_else(|e| panic!("{name}: {fen}: {e}"))
}

#[test]
fn each_rule_names_its_winner() {
    let cases: &[(&str, &str, Color, Reason)] = &[
        // Antichess: White has no piece left and wins
        (
            "antichess",
            "8/8/8/8/8/8/8/k7 w - - 0 1",
            Color::White,
            Reason::Rule(EndRule::Extinction),
        ),
        // Antichess: White cannot move (its pawns are blocked) and wins
        (
            "antichess",
            "4kb1r/p4pp1/P2p3p/3b1p1P/5P2/8/1r6/8 w - - 1 25",
            Color::White,
            Reason::Stalemate,
        ),
        // Shatranj: Black's bare king cannot bare White's in return
        (
            "shatranj",
            "8/8/8/8/8/8/1k6/RQ2K3 b - - 0 1",
            Color::White,
            Reason::Rule(EndRule::BareKing),
        ),
        // Horde: White has lost every piece
        (
            "horde",
            "4k3/8/8/8/8/8/8/8 w - - 0 1",
            Color::Black,
            Reason::Rule(EndRule::Extinction),
        ),
        // Extinction Chess: Black has lost its knights
        (
            "extinction",
            "rQbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR b KQkq - 0 1",
            Color::White,
            Reason::Rule(EndRule::Extinction),
        ),
    ];
    for (name, fen, winner, reason) in cases {
        let g = game(name, fen);
        let o = g
            .outcome()
            .unwrap_or_else(|| panic!("{name}: {fen} goes on"));
        assert_eq!(
            (o.winner, o.reason),
            (Some(*winner), *reason),
            "{name}: {fen}"
        );
        assert!(g.legal_moves().is_empty(), "{name}: {fen}");
    }
    // Losers: the side that is checkmated wins
    let g = game("losers", "4R2k/6pp/8/8/8/8/8/4K3 b - - 0 1");
    let o = g.outcome().expect("a mate");
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::Black), Reason::Checkmate)
    );
    // Shatranj: the bare king to move may still bare the other king: the game goes on
    let g = game("shatranj", "8/8/8/8/8/8/1k6/R3K3 b - - 0 1");
    assert_eq!(g.outcome(), None);
}

#[test]
fn the_ai_plays_for_the_rules_goal() {
    let stop = AtomicBool::new(false);
    let limits = Limits {
        depth: Some(3),
        ..Limits::default()
    };
    // Antichess: White gives its rook away (the pawn must take it) and has no piece left
    let g = game("antichess", "8/8/8/8/8/1p6/8/R7 w - - 0 1");
    let mut engine = Engine::new(1);
    let m = engine.think(&g, &limits, &stop, &mut |_| {}).unwrap();
    assert_eq!(g.uci(m, false), "a1a2");
    // Antichess: the king must take the rook (captures are obligatory)
    let g = game("antichess", "8/8/8/8/8/8/1r6/K7 w - - 0 1");
    assert!(g.legal_moves().len() == 1, "the capture is obligatory");
}
