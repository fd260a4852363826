//! The setup-phase AI of the stronger levels weighs the opponent's later steps: Black decides
//! first, and White's answer can punish an array that looks best on its own.
//!
//! Here Black's queen stands on d8 and may swap with the knight on a8; White may then swap its
//! knight on d1 with the rook on h1, which opens the d-file onto d8 with White to move. Judged
//! alone (White's pieces where they stand), the queen on d8 looks best (more squares than in the
//! corner); with White's answer in view, keeping it there loses the queen (Rxd8+), while the
//! swap loses nothing (Rxd8+ Qxd8). Level 10 must swap. (The setup AI that judged only its own
//! steps, before this test, kept the queen on d8 at level 10 with these seeds.)

use std::sync::atomic::AtomicBool;

use myriad::game::Game;
use myriad::search::{Engine, Limits};

const RULES: &str = r#"
name "Setup lookahead"
board 8x8
piece King   K moves "K" royal value 0
piece Queen  Q moves "Q" value 900
piece Rook   R moves "R" value 500
piece Knight N moves "N" value 320
array "n2q2k1/8/8/8/8/8/8/3N2KR"
castling none
setup {
  step black swap Q with N optional
  step white swap N with R optional
}
"#;

fn first_step(level: u8, seed: u64) -> String {
    let v = myriad::rules::compile_source(RULES, "lookahead.rules").expect("valid rules");
    let game = Game::new(v);
    assert!(game.in_setup());
    let mut e = Engine::new(8);
    e.set_level(level);
    e.set_seed(seed);
    let stop = AtomicBool::new(false);
    let m = e
        .think(&game, &Limits::default(), &stop, &mut |_| {})
        .expect("a setup step");
    game.san(m)
}

#[test]
fn the_strong_levels_see_the_answer_to_their_array() {
    for seed in 1..=4 {
        assert_eq!(first_step(10, seed), "swap d8 a8", "level 10, seed {seed}");
    }
}
