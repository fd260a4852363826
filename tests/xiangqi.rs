//! Xiangqi's rules beyond perft (which tests/perft_fairy.rs compares with Fairy-Stockfish):
//! the board the GUI draws, and the perpetual-check rule at a repetition.

use myriad::game::{Game, Reason};
use myriad::position::EndRule;
use myriad::types::Color;

#[test]
fn the_gui_draws_points_a_river_and_two_palaces() {
    let v = myriad::rules::load("xiangqi").unwrap();
    let d = v.board_drawing();
    assert!(d.points);
    // the river runs between the fifth and sixth ranks
    assert_eq!(d.river, Some(5));
    // d1-f3 and d8-f10: files 3..5, ranks 0..2 and 7..9
    assert_eq!(d.palaces, vec![(3, 0, 5, 2), (3, 7, 5, 9)]);
    let mini = myriad::rules::load("minixiangqi").unwrap().board_drawing();
    assert_eq!(
        (mini.points, mini.river, mini.palaces),
        (true, None, vec![(2, 0, 4, 2), (2, 4, 4, 6)])
    );
    // orthodox chess: squares, no river, no palace
    let chess = myriad::rules::load("chess").unwrap().board_drawing();
    assert_eq!(
        (chess.points, chess.river, chess.palaces.len()),
        (false, None, 0)
    );
}

fn play(g: &mut Game, moves: &[&str]) {
    for m in moves {
        let mv = g.position().parse_uci(g.variant(), m).unwrap();
        g.play(mv).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

#[test]
fn perpetual_check_loses_and_a_plain_repetition_draws() {
    let v = myriad::rules::load("xiangqi").unwrap();
    // White's chariot checks the general along the tenth and ninth ranks, move after move
    let mut g = Game::from_fen(v.clone(), "4k4/R8/9/9/9/9/9/9/9/5K3 w - - 0 1").unwrap();
    let cycle = ["a9a10", "e10e9", "a10a9", "e9e10"];
    play(&mut g, &cycle);
    assert!(
        g.outcome().is_none(),
        "a second occurrence does not end the game"
    );
    play(&mut g, &cycle);
    let o = g.outcome().expect("the third occurrence ends the game");
    assert_eq!(o.winner, Some(Color::Black), "{o}");
    assert_eq!(o.reason, Reason::Rule(EndRule::PerpetualCheck));

    // the same shuffle without checks is a draw by repetition
    let mut g = Game::from_fen(v, "4k4/9/R8/9/9/9/9/9/9/5K3 w - - 0 1").unwrap();
    let quiet = ["a8a7", "e10e9", "a7a8", "e9e10"];
    play(&mut g, &quiet);
    play(&mut g, &quiet);
    let o = g.outcome().expect("threefold repetition");
    assert_eq!(o.winner, None, "{o}");
    assert_eq!(o.reason, Reason::Repetition { times: 3 });
}

#[test]
fn uci_names_rank_ten_as_fairy_stockfish_does() {
    let v = myriad::rules::load("xiangqi").unwrap();
    let g = Game::new(v);
    let names: Vec<String> = g.legal_moves().iter().map(|&m| g.uci(m, false)).collect();
    // Fairy-Stockfish 11.1's perft list from the start has the cannon's capture `b3b10`
    assert!(names.contains(&"b3b10".to_string()), "{names:?}");
    assert!(names.contains(&"h3e3".to_string()), "{names:?}");
    assert_eq!(names.len(), 44);
}
