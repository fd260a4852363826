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
/// own start), then one byte per move.
fn random_play(data: &[u8]) {
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
