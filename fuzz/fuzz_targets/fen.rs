//! FEN parsing on every bundled board: errors never panic; an accepted FEN round-trips and
//! its position is sound (hash, legal moves).
#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;
use myriad::position::AnyPosition;

fuzz_target!(|data: &[u8]| {
    let Some((v, rest)) = common::split(data) else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let Ok(pos) = AnyPosition::from_fen(v, text) else {
        return;
    };
    assert_eq!(pos.hash(), pos.compute_hash());
    let fen = pos.fen_shredder(v);
    let back = AnyPosition::from_fen(v, &fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(back.fen_shredder(v), fen);
    let _ = pos.fen(v);
    let moves = pos.legal_moves(v);
    for &m in moves.iter() {
        let _ = pos.san(v, m);
        let _ = pos.uci(v, m, true);
        let mut p = pos;
        p.play(v, m);
        assert_eq!(p.hash(), p.compute_hash(), "{fen}");
    }
    let _ = myriad::game::Game::from_fen(v.clone(), text).map(|g| g.outcome());
});
