//! Self-play of every bundled rules file at level 1: every move the AI chooses (setup steps
//! included) must be legal, and a game that ends must end for a correct reason.

use std::sync::atomic::AtomicBool;

use myriad::game::{Game, Reason};
use myriad::position::EndRule;
use myriad::search::{Engine, Limits};

/// Games per bundled file.
const GAMES: u64 = 200;
/// Plies of the game proper per game (the setup phase is always played out).
const MAX_PLIES: usize = 60;

#[test]
fn no_illegal_move_in_self_play_of_every_bundled_file() {
    let stop = AtomicBool::new(false);
    let limits = Limits {
        depth: Some(1),
        ..Limits::default()
    };
    for (name, _) in myriad::rules::bundled() {
        let v = myriad::rules::load(name).unwrap_or_else(|d| panic!("{name}: {d}"));
        let mut engine = Engine::new(1);
        engine.set_level(1);
        engine.set_seed(7);
        let (mut ended, mut setup_steps) = (0, 0);
        for seed in 0..GAMES {
            let mut game = Game::new_seeded(v.clone(), seed);
            let mut plies = 0;
            while game.outcome().is_none() && plies < MAX_PLIES {
                let legal = game.legal_moves();
                let m = engine
                    .think(&game, &limits, &stop, &mut |_| {})
                    .unwrap_or_else(|| panic!("{name}: no move while the game is on"));
                assert!(
                    legal.contains(&m),
                    "{name} game {seed}: illegal {m:?} in {}",
                    game.fen()
                );
                if game.in_setup() {
                    setup_steps += 1;
                } else {
                    plies += 1;
                }
                game.play(m).unwrap();
            }
            assert!(!game.in_setup(), "{name}: the setup phase never ended");
            if let Some(o) = game.outcome() {
                ended += 1;
                assert!(engine.think(&game, &limits, &stop, &mut |_| {}).is_none());
                let pos = game.position();
                let no_moves = pos.legal_moves(&v).is_empty();
                match o.reason {
                    Reason::Checkmate => {
                        assert!(no_moves && pos.is_check(&v), "{name}: {}", game.fen());
                        // (`checkmate win`: the mated side wins, Losers)
                        // (`drop-mate loss`: a mate by a pawn drop loses for the dropper)
                        let by_drop = game
                            .history()
                            .last()
                            .is_some_and(|p| myriad::position::drop_mate_loses(&v, p.mv));
                        let mated_wins = v.end().checkmate_win != by_drop;
                        let want = if mated_wins { pos.turn() } else { !pos.turn() };
                        assert_eq!(o.winner, Some(want));
                    }
                    Reason::Stalemate => assert!(no_moves && !pos.is_check(&v)),
                    // Makruk's count ends the game like the move rule, moves or not
                    Reason::Rule(myriad::position::EndRule::Counting) => {
                        assert!(pos.counting_over() && o.winner.is_none(), "{name}")
                    }
                    Reason::Rule(EndRule::PerpetualCheck) => {
                        assert!(v.end().perpetual_check && o.winner.is_some(), "{name}")
                    }
                    Reason::Rule(rule) => {
                        let end = pos.rule_end(&v).expect("the position knows the rule");
                        assert!(no_moves, "{name}: moves after {rule:?}: {}", game.fen());
                        assert_eq!((end.rule, end.winner), (rule, o.winner), "{name}");
                    }
                    Reason::MoveRule { .. } => assert!(pos.halfmove_clock() >= 100),
                    Reason::InsufficientMaterial => assert!(o.winner.is_none()),
                    // a draw, or the side `winner` names; with `perpetual-check` the side
                    // that checked throughout loses
                    Reason::Repetition { .. } => {
                        if !v.end().perpetual_check {
                            assert_eq!(o.winner, v.end().repetition_winner)
                        }
                    }
                    // nobody resigns, agrees or runs out of time in self-play
                    Reason::Resignation | Reason::Agreement | Reason::TimeForfeit { .. } => {
                        panic!("{name}: a result off the board: {o}")
                    }
                }
            }
        }
        eprintln!("{name}: {GAMES} games, {ended} ended within {MAX_PLIES} plies, {setup_steps} setup steps");
    }
}
