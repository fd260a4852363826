//! The rules front end: parse + check + compile any text; a compiled game must start and
//! offer its moves (this is where an exploding setup phase would show as a timeout).
#![no_main]

use libfuzzer_sys::fuzz_target;
use myriad::game::Game;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match myriad::rules::compile_source(text, "fuzz/input.rules") {
        Ok(v) => {
            let _ = myriad::rules::summary(&v);
            let g = Game::new_seeded(v.clone(), 1);
            let moves = g.legal_moves();
            if let Some(&m) = moves.first() {
                let mut g = g;
                g.play(m).expect("a legal move plays");
                let _ = g.legal_moves();
            }
            let g = Game::new_with_setup(v);
            let _ = g.legal_moves();
        }
        Err(d) => {
            // rendering the diagnostics must not panic either
            let _ = d.to_string();
        }
    }
});
