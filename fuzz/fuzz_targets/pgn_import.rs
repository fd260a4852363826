//! PGN import for every bundled variant: errors never panic; an imported game exports and
//! imports again to the same game.
#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;
use myriad::game::pgn;

fuzz_target!(|data: &[u8]| {
    let Some((v, rest)) = common::split(data) else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let _ = pgn::rules_of(text);
    let g = match pgn::import(v, text) {
        Ok(g) => g,
        Err(e) => {
            assert!(e.line >= 1 && e.column >= 1, "{e:?}");
            return;
        }
    };
    let out = pgn::export(&g, &[]);
    let back = pgn::import(v, &out).unwrap_or_else(|e| panic!("{e}\n{out}"));
    assert_eq!(back.moves(), g.moves(), "{out}");
    assert_eq!(back.position(), g.position(), "{out}");
    assert_eq!(pgn::export(&back, &[]), out);
});
