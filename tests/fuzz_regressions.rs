//! Every input that made a fuzz target (`fuzz/`, see `fuzz/README.md`) fail, replayed through
//! the same checks as the target, so `cargo test` keeps it fixed. Inputs start with the
//! targets' selector byte: the index of a bundled variant in `myriad::rules::bundled()`,
//! modulo their number.

use std::sync::Arc;

use myriad::game::{pgn, Game};
use myriad::position::AnyPosition;
use myriad::variant::Variant;

fn variant(selector: u8) -> Arc<Variant> {
    let all = myriad::rules::bundled();
    let (name, _) = all[selector as usize % all.len()];
    myriad::rules::load(name).unwrap()
}

/// The `random_play` target: selector, mode (even: the setup phase by hand, odd: the variant's
/// own start), then one byte per move. Returns the game played.
fn random_play(data: &[u8]) -> Game {
    let v = variant(data[0]);
    let mode = data[1];
    let mut g = if mode & 1 == 0 {
        Game::new_with_setup(v.clone())
    } else {
        Game::new_seeded(v.clone(), mode as u64)
    };
    for &b in data[2..].iter().take(400) {
        let pos = *g.position();
        assert_eq!(pos.hash(), pos.compute_hash());
        if !g.in_setup() {
            let fen = pos.fen_shredder(&v);
            let back = AnyPosition::from_fen(&v, &fen).unwrap();
            assert_eq!(back.fen_shredder(&v), fen);
        }
        if g.outcome().is_some() {
            break;
        }
        let moves = g.legal_moves();
        let m = moves[b as usize % moves.len()];
        g.play(m).unwrap();
        assert_eq!(g.undo(), Some(m));
        assert_eq!(*g.position(), pos);
        g.play(m).unwrap();
    }
    let text = pgn::export(&g, &[]);
    let back = pgn::import(&v, &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.moves(), g.moves(), "{text}");
    assert_eq!(back.position(), g.position(), "{text}");
    assert_eq!(back.in_setup(), g.in_setup(), "{text}");
    assert_eq!(pgn::export(&back, &[]), text);
    g
}

/// random_play crash-72c59bd8 (2026-12-03): a Minixiangqi game that ended by perpetual check
/// (the checking side loses on the repetition), with moves left, as a repetition leaves them.
/// The target wrongly expected every rule end but Makruk's count to leave no move; the game
/// was right, and the target now counts a perpetual check with the count.
#[test]
fn random_play_perpetual_check_ends_the_game_with_moves_left() {
    use myriad::game::Reason;
    use myriad::position::EndRule;
    let data: &[u8] = &[
        61, 55, 54, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 91, 1, 1, 1, 1,
        33, 1, 1, 1, 140, 255, 61, 55, 54, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 1, 1, 1, 1, 1, 1, 1, 49,
        1, 1, 1, 91, 1, 1, 1, 1, 33, 1, 1, 1, 1, 1, 91, 1, 1, 1, 190, 190, 190, 190, 190, 190, 190,
        190, 190, 190, 190, 1, 33, 1, 1, 1, 140, 255, 61, 55, 54, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 1,
        1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 91, 1, 1, 1, 1, 33, 1, 1, 1, 140, 96, 255, 255, 255, 255,
        255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 11, 255,
        255, 255, 255, 255, 255, 255, 255, 99, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
        255, 255, 255, 255, 1, 140, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
        255, 255, 255, 255, 255, 255, 255, 255, 11, 255, 255, 255, 255, 255, 255, 255, 255, 255,
        255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 11, 12,
    ];
    let v = variant(data[0]);
    assert_eq!(v.name(), "Minixiangqi");
    let g = random_play(data);
    let o = g.outcome().expect("the game ended");
    assert_eq!(o.reason, Reason::Rule(EndRule::PerpetualCheck));
    assert!(!g.position().legal_moves(&v).is_empty());
}

/// random_play crash-a83d8a08: Chess64 (a randomized variant) started with its setup phase
/// by hand and no step played exported a PGN with neither `SetupSteps` nor `FEN`, which the
/// importer refused ("starts from a random array, but there is no FEN tag"). Export now writes
/// an empty `SetupSteps` tag, which import reads as "the setup phase, not begun".
#[test]
fn random_play_randomized_variant_in_setup_before_any_step() {
    random_play(&[43, 12]);
    // the same for the other randomized variant with steps, and after one step
    random_play(&[9, 0]);
    random_play(&[4, 0, 7]);
    let v = variant(4);
    let g = pgn::import(&v, "[Variant \"Chess64\"]\n[SetupSteps \"\"]\n\n*\n").unwrap();
    assert!(g.in_setup() && g.history().is_empty());
}

/// fuzz `fen` crash-496d3803: chess accepted a FEN whose kings were in a hand it cannot have
/// (`.../8[KQRRBBNNkqrrbbnn]`), then wrote it back without the hand and without kings. A game
/// without a `hand` now refuses a non-empty hand; an empty `[]` is still read.
#[test]
fn a_hand_in_a_game_without_hands_is_refused() {
    let chess = myriad::rules::load("chess").unwrap();
    let e = myriad::position::AnyPosition::from_fen(
        &chess,
        "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1",
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("this game has no pieces in hand"), "{e}");
    assert!(myriad::position::AnyPosition::from_fen(
        &chess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
    )
    .is_ok());
    let pre = myriad::rules::load("pre-chess").unwrap();
    assert!(myriad::position::AnyPosition::from_fen(
        &pre,
        "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1"
    )
    .is_ok());
}

/// fuzz `pgn_import` crash-1a122821: a Pre-Chess game set up from a FEN in mid-placement was
/// exported without that FEN, so it came back as a different game. The FEN where it began is
/// now written, with every placement in the movetext.
#[test]
fn a_game_set_up_in_mid_placement_keeps_its_fen() {
    use myriad::game::pgn;
    let v = myriad::rules::load("pre-chess").unwrap();
    let fen = "8/ppppqppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1";
    let text = format!("[Variant \"Pre-Chess\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n1. R@a1 *\n");
    let g = pgn::import(&v, &text).unwrap();
    assert_eq!(g.moves().len(), 1);
    let out = pgn::export(&g, &[]);
    assert!(out.contains(&format!("[FEN \"{fen}\"]")), "{out}");
    let back = pgn::import(&v, &out).unwrap_or_else(|e| panic!("{e}\n{out}"));
    assert_eq!(back.moves(), g.moves(), "{out}");
    assert_eq!(back.position(), g.position(), "{out}");
    assert_eq!(pgn::export(&back, &[]), out);
}

/// `pgn_import` `crash-51e69892`: Clobber's start array and the same position read from its
/// FEN tracked its (non-royal) king kind on different squares, so a game and its exported PGN
/// compared unequal. Every bundled game's start must equal its own FEN.
#[test]
fn every_start_equals_its_own_fen() {
    for (name, _) in myriad::rules::bundled() {
        let v = myriad::rules::load(name).unwrap();
        let g = Game::new(v.clone());
        let text = pgn::export(&g, &[]);
        let back = pgn::import(&v, &text).unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
        assert_eq!(back.position(), g.position(), "{name}: {text}");
        let start = AnyPosition::start(&v);
        let fen = start.fen(&v);
        let read = AnyPosition::from_fen(&v, &fen).unwrap();
        assert_eq!(read, start, "{name}: {fen}");
    }
}

/// `move_text` `crash-0db2436e`: SAN with a promotion into a promoted kind (`+Q`, one
/// multi-byte character inside) sliced a string inside that character. Move texts full of
/// `+` and letters are refused with a message in every bundled game.
#[test]
fn move_text_with_plus_signs_never_panics() {
    let texts = [
        "d++++++++++++++++++++++++++QQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQ+++++++++++++++++++?",
        "+Pe4",
        "P+e4",
        "e4+P",
        "a1=+N",
        "+N@e4",
        "++",
    ];
    for (name, _) in myriad::rules::bundled() {
        let v = myriad::rules::load(name).unwrap();
        let g = Game::new(v);
        for t in texts {
            let _ = g.parse_move(t);
        }
    }
}

/// fuzz `rules_compile` timeout-0c81e2b1 (2026-12-03): Choose-your-own Chess960 with 129
/// pieces in hand for the 8 squares of the first rank. It compiled, and every placement then
/// searched for a way to finish among the partial arrays of the whole hand (0.4 s a move,
/// over 10 s under the fuzzer). A hand larger than its squares is now refused by the checker,
/// the search tries only the kinds the `require` lines name (the others need a free square
/// each), and a FEN in mid-placement must leave room for its hand too.
#[test]
fn a_hand_larger_than_its_squares_is_refused() {
    let text = format!(
        "extends \"chess\"\nname \"Choose\"\narray \"8/pppppppp/8/8/8/8/PPPPPPPP/8\"\n\
         setup {{\n  hand \"KQRRB{}BNN\"\n  place white first ranks 1\n  \
         require opposite-colours B\n  require K between R\n}}\n",
        "R".repeat(121)
    );
    let e = myriad::rules::compile_source(&text, "t.rules")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("the hand holds 129 pieces, but White has only 8 empty squares")
            && e.contains("t.rules:5:8"),
        "{e}"
    );
    // the bundled placement still plays: five kinds on eight squares, but not the king in a
    // corner (it could not stand between the rooks)
    let v = myriad::rules::load("choose960").unwrap();
    let g = Game::new_with_setup(v.clone());
    assert_eq!(g.legal_moves().len(), 5 * 8 - 2);
    let fen = "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRRRRRRRRRRRBBNNkqrrbbnn] w - - 0 1";
    let e = Game::from_fen(v, fen).unwrap_err().to_string();
    assert!(e.contains("White holds 18 pieces in hand"), "{e}");
}
