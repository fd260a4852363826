//! SAN/UCI move text (and setup-step text) on the start of every bundled variant, in the
//! setup phase and after it: a parsed move is legal and plays.
#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;
use myriad::game::Game;

fuzz_target!(|data: &[u8]| {
    let Some((v, rest)) = common::split(data) else {
        return;
    };
    // the second byte picks how many moves (the first legal one each time) to play first
    let Some((&n, rest)) = rest.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let mut g = Game::new_with_setup(v.clone());
    for _ in 0..n % 8 {
        let moves = g.legal_moves();
        let Some(&m) = moves.get(n as usize % moves.len().max(1)) else {
            break;
        };
        g.play(m).unwrap();
    }
    for t in [text, text.trim()] {
        if let Ok(m) = g.parse_move(t) {
            assert!(g.is_legal(m), "{t:?} parsed to an illegal move");
            let mut g2 = g.clone();
            g2.play(m).unwrap();
        }
    }
    // the position-level parsers directly
    let pos = *g.position();
    if let Ok(m) = pos.parse_san(v, text) {
        assert!(pos.legal_moves(v).as_slice().contains(&m));
    }
    if let Ok(m) = pos.parse_uci(v, text) {
        assert!(pos.legal_moves(v).as_slice().contains(&m));
    }
});
