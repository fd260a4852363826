//! A compiled bundled variant plus moves chosen by the input bytes, setup phase included,
//! checking the invariants at every ply: the incremental hash equals a fresh one; play then
//! undo restores position and hash; the mover's king is never left attacked; the FEN
//! round-trips; the result matches the position; the PGN round-trips at the end.
#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;
use myriad::game::{pgn, Game, Reason};
use myriad::position::{AnyPosition, EndRule};
use myriad::types::Color;
use myriad::variant::Variant;

/// Does side `c` have a royal piece on the board?
fn has_royal(v: &Variant, pos: &AnyPosition, c: Color) -> bool {
    v.role(v.royal).royal
        && pos
            .pieces_on_board()
            .iter()
            .any(|&(_, p)| p.color == c && p.role == v.royal)
}

fuzz_target!(|data: &[u8]| {
    let Some((v, rest)) = common::split(data) else {
        return;
    };
    let Some((&mode, rest)) = rest.split_first() else {
        return;
    };
    let mut g = if mode & 1 == 0 {
        Game::new_with_setup(v.clone())
    } else {
        Game::new_seeded(v.clone(), mode as u64)
    };
    for &b in rest.iter().take(400) {
        let pos = *g.position();
        assert_eq!(pos.hash(), pos.compute_hash());
        if !g.in_setup() {
            let fen = pos.fen_shredder(v);
            let back = AnyPosition::from_fen(v, &fen).unwrap();
            assert_eq!(back.fen_shredder(v), fen);
            assert_eq!(back.hash(), pos.hash(), "{fen}");
        }
        let moves = g.legal_moves();
        if let Some(o) = g.outcome() {
            let real = pos.legal_moves(v);
            match o.reason {
                Reason::Checkmate => assert!(real.is_empty() && pos.is_check(v)),
                Reason::Stalemate => assert!(real.is_empty() && !pos.is_check(v)),
                // Makruk's count ends the game as the move rule does, and a perpetual check
                // as a repetition does: moves remain
                Reason::Rule(EndRule::Counting | EndRule::PerpetualCheck) => {
                    assert!(!real.is_empty())
                }
                // the other rule ends (a region, the n-th check, extinction) leave no move
                Reason::Rule(rule) => {
                    assert!(real.is_empty());
                    assert_eq!(pos.rule_end(v).map(|e| e.rule), Some(rule));
                }
                _ => assert!(!real.is_empty()),
            }
            break;
        }
        assert!(!moves.is_empty(), "no moves but no result: {}", g.fen());
        let m = moves[b as usize % moves.len()];
        let mover = g.turn();
        let setup = g.in_setup();
        g.play(m).unwrap();
        assert_eq!(g.undo(), Some(m));
        assert_eq!(*g.position(), pos);
        g.play(m).unwrap();
        // (a side without a royal piece, as in Antichess or Horde's White, has no king to
        // keep safe)
        if !setup && has_royal(v, &pos, mover) {
            let p = g.position();
            assert!(!p.is_attacked(v, p.king(mover), !mover), "{}", g.fen());
        }
    }
    let text = pgn::export(&g, &[]);
    let back = pgn::import(v, &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.moves(), g.moves());
});
