//! `myriad match`: the AI plays itself, setup phase and game, and prints the games as PGN and
//! the score.

use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use anyhow::Context;
use myriad::game::{pgn, Game};
use myriad::search::{Engine, Limits};
use myriad::types::rng::Rng;
use myriad::types::Color;

/// Arguments of `myriad match`.
#[derive(clap::Args, Debug)]
pub struct MatchArgs {
    /// A .rules path or bundled name
    pub file: String,
    /// Number of games (colours alternate)
    #[arg(long, default_value_t = 2)]
    pub games: u32,
    /// Levels of the two players (1..10): give it once for both, or twice (A then B)
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=10))]
    pub level: Vec<u8>,
    /// Thinking time per move, in milliseconds (default 100 unless --depth is given)
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Fixed search depth per move
    #[arg(long)]
    pub depth: Option<u32>,
    /// Adjudicate a draw after this many plies of the game proper
    #[arg(long, default_value_t = 300)]
    pub max_plies: usize,
    /// Write the PGN to this file instead of standard output
    #[arg(long)]
    pub pgn: Option<String>,
    /// Seed for the random start arrays and the AI's choices
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Runs `myriad match`.
pub fn run(a: MatchArgs) -> anyhow::Result<()> {
    let v = super::load(&a.file)?;
    let levels = match a.level.as_slice() {
        [] => (10, 10),
        [x] => (*x, *x),
        [x, y] => (*x, *y),
        _ => {
            return Err(super::Exit::Usage(
                "`--level` is given more than twice\n  = help: `--level A --level B`".into(),
            )
            .into())
        }
    };
    let limits = Limits {
        depth: a.depth,
        movetime: match (a.movetime, a.depth) {
            (Some(ms), _) => Some(Duration::from_millis(ms)),
            (None, None) => Some(Duration::from_millis(100)),
            (None, Some(_)) => None,
        },
        ..Limits::default()
    };
    let mut out: Box<dyn Write> = match &a.pgn {
        Some(path) => {
            let f =
                std::fs::File::create(path).with_context(|| format!("cannot write `{path}`"))?;
            Box::new(std::io::BufWriter::new(f))
        }
        None => Box::new(std::io::stdout()),
    };
    let mut engines = [Engine::new(32), Engine::new(32)];
    engines[0].set_level(levels.0);
    engines[1].set_level(levels.1);
    engines[0].set_seed(a.seed.wrapping_mul(2));
    engines[1].set_seed(a.seed.wrapping_mul(2) + 1);
    let name = |i: usize| format!("Myriad level {}", if i == 0 { levels.0 } else { levels.1 });
    // One start per pair of games (each played with both colours), drawn from a generator
    // seeded with --seed: seeds s and s+1 give unrelated openings, not the same ones shifted.
    let mut rng = Rng(a.seed);
    let opening_seeds: Vec<u64> = (0..a.games.div_ceil(2)).map(|_| rng.next_u64()).collect();
    // score of player A: wins, draws, losses
    let (mut w, mut d, mut l) = (0u32, 0u32, 0u32);
    for round in 0..a.games {
        let mut game = Game::new_seeded(v.clone(), opening_seeds[round as usize / 2]);
        // player A is White in even rounds
        let a_white = round % 2 == 0;
        let player = |c: Color| if (c == Color::White) == a_white { 0 } else { 1 };
        for e in engines.iter_mut() {
            e.new_game();
        }
        let adjudicated = play_out(&mut game, &mut engines, player, &limits, a.max_plies)?;
        let (result, termination) = match game.outcome() {
            Some(o) => (o.pgn_result(), o.to_string()),
            None if adjudicated => (
                "1/2-1/2",
                format!("draw adjudicated after {} plies", a.max_plies),
            ),
            // the AI found no move in a game that is not over: nothing to score
            None => ("*", "unterminated".to_string()),
        };
        let round_s = (round + 1).to_string();
        let (white, black) = if a_white {
            (name(0), name(1))
        } else {
            (name(1), name(0))
        };
        let tags = [
            ("Event", "Myriad self-play"),
            ("Site", "myriad match"),
            ("Round", round_s.as_str()),
            ("White", white.as_str()),
            ("Black", black.as_str()),
            ("Result", result),
            ("Termination", termination.as_str()),
        ];
        let text = pgn::export(&game, &tags);
        let _ = writeln!(out, "{text}");
        let _ = out.flush();
        match result {
            "*" => {}
            "1/2-1/2" => d += 1,
            "1-0" if a_white => w += 1,
            "0-1" if !a_white => w += 1,
            _ => l += 1,
        }
        eprintln!(
            "game {}: {} - {} {} ({}); {}: +{} ={} -{}",
            round + 1,
            white,
            black,
            result,
            termination,
            name(0),
            w,
            d,
            l
        );
    }
    let n = (w + d + l).max(1);
    let score = w as f64 + d as f64 / 2.0;
    eprintln!(
        "score: {} vs {}: +{w} ={d} -{l}, {score}/{n} ({:.1}%)",
        name(0),
        name(1),
        100.0 * score / n as f64
    );
    Ok(())
}

/// Plays `game` to its end, each side by its engine (`player` gives the index); returns
/// whether it was adjudicated a draw after `max_plies` plies of the game proper.
fn play_out(
    game: &mut Game,
    engines: &mut [Engine; 2],
    player: impl Fn(Color) -> usize,
    limits: &Limits,
    max_plies: usize,
) -> anyhow::Result<bool> {
    let stop = AtomicBool::new(false);
    let mut plies = 0;
    while game.outcome().is_none() {
        if !game.in_setup() {
            if plies >= max_plies {
                return Ok(true);
            }
            plies += 1;
        }
        let p = player(game.turn());
        let Some(m) = engines[p].think(game, limits, &stop, &mut |_| {}) else {
            break;
        };
        game.play(m)
            .context("internal error: the AI chose an illegal move")?;
    }
    Ok(false)
}
