//! `myriad play`: a game in the terminal against the AI.
//!
//! The board is drawn with coordinates after each move; the human types moves in SAN or UCI,
//! setup steps as `swap e8 g8` or `pass`, or `undo`, `moves`, `board`, `help`, `quit`. The AI
//! plays its own setup steps and moves; forced setup steps (a mirror, a step with one legal
//! choice: [`Game::forced_move`]) play themselves, with their reason. The result is announced
//! with its reason.

use std::io::{BufRead, Write};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use myriad::game::Game;
use myriad::search::{interactive_threads, Engine, Limits};
use myriad::types::rng::Rng;
use myriad::types::Color;
use myriad::variant::Variant;

/// The colour the human plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// you play White (also `w`)
    #[value(alias = "w")]
    White,
    /// you play Black (also `b`)
    #[value(alias = "b")]
    Black,
    /// a colour drawn at random (also `r`)
    #[value(alias = "r")]
    Random,
}

/// Arguments of `myriad play`.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// A .rules path or bundled name
    pub file: String,
    /// The AI's level, from 1 (beginner) to 10 (full strength)
    #[arg(
        long,
        default_value_t = 5,
        value_parser = clap::value_parser!(u8).range(1..=10),
        long_help = myriad::search::levels::ladder_text()
    )]
    pub level: u8,
    /// The colour you play
    #[arg(long, value_enum, ignore_case = true, default_value_t = ColorChoice::White)]
    pub color: ColorChoice,
    /// The AI's thinking time per move, in milliseconds
    #[arg(long, default_value_t = 1000)]
    pub movetime: u64,
}

const HELP: &str = "\
commands:
  <move>        a move in SAN (Nf3, exd5, O-O, e8=Q; Shogi's P-76, Bx22+, P*34) or UCI (g1f3, e7e8q)
  swap e8 g8    a setup step: swap the pieces on two squares (also `e8g8`)
  pass          decline an optional setup step
  undo          take back your last move (and the AI's reply)
  moves         list the legal moves
  board         draw the board again
  help          this text
  quit          leave the game";

/// Draws the board with coordinates, rank 1 at the bottom (White's side).
pub fn draw(v: &Variant, game: &Game) -> String {
    let g = v.geometry();
    let pos = game.position();
    let mut s = String::new();
    let width = if g.ranks >= 10 { 2 } else { 1 };
    for r in (0..g.ranks).rev() {
        s += &format!(" {:>width$} |", r + 1);
        for f in 0..g.files {
            let c = match pos.piece_at(g.square(f, r)) {
                Some(p) => v.piece_char(p),
                None => '.',
            };
            s += &format!(" {c}");
        }
        s.push('\n');
    }
    s += &format!(" {:>width$} +{}\n", "", "-".repeat(2 * g.files as usize));
    s += &format!(" {:>width$}  ", "");
    for f in 0..g.files {
        s += &format!(" {}", (b'a' + f) as char);
    }
    s.push('\n');
    // pieces in hand (Crazyhouse, Pre-Chess), dropped with `N@f3`
    if v.has_hands() {
        for c in Color::ALL {
            let held: Vec<String> = game
                .hand(c)
                .iter()
                .map(|&(r, n)| format!("{}x{n}", v.role(r).letter))
                .collect();
            s += &format!(" {} in hand: {}\n", c.name(), held.join(" "));
        }
    }
    s
}

/// Runs `myriad play`.
pub fn run(a: PlayArgs) -> anyhow::Result<()> {
    let v = super::load(&a.file)?;
    let human = match a.color {
        ColorChoice::White => Color::White,
        ColorChoice::Black => Color::Black,
        ColorChoice::Random => Color::from_white(Rng::from_entropy().below(2) == 0),
    };
    let mut engine = Engine::new(32);
    engine.set_level(a.level);
    engine.set_threads(interactive_threads());
    let mut game = Game::new(v.clone());
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    println!(
        "{} — you play {}, Myriad plays at level {}",
        v.name(),
        human.name(),
        a.level
    );
    println!("type `help` for the commands\n");
    println!("{}", draw(&v, &game));
    loop {
        if let Some(o) = game.outcome() {
            println!("{}  {o}", o.pgn_result());
            return Ok(());
        }
        if let Some(forced) = game.forced_move() {
            let (side, san) = (game.turn(), game.san(forced.mv));
            game.play(forced.mv)?;
            println!("{}: {san}\n", forced.reason.describe(side));
            println!("{}", draw(&v, &game));
            continue;
        }
        if let Some(p) = game.setup_prompt() {
            println!("{p}");
            if let Some(why) = game.pass_refused() {
                println!("(no `pass` here: {why})");
            }
        }
        if game.turn() != human {
            let limits = Limits {
                movetime: Some(Duration::from_millis(a.movetime)),
                ..Limits::default()
            };
            let stop = AtomicBool::new(false);
            let Some(m) = engine.think(&game, &limits, &stop, &mut |_| {}) else {
                continue;
            };
            let san = game.san(m);
            game.play(m).map_err(|e| {
                anyhow::anyhow!("internal error: the AI chose an illegal move `{san}`: {e}")
            })?;
            println!("Myriad plays {san}\n");
            println!("{}", draw(&v, &game));
            continue;
        }
        print!("{} to move> ", game.turn().name());
        let _ = std::io::stdout().flush();
        let Some(Ok(line)) = lines.next() else {
            println!();
            return Ok(());
        };
        let text = line.trim();
        match text.to_ascii_lowercase().as_str() {
            "" => continue,
            "help" | "?" => println!("{HELP}"),
            "quit" | "exit" | "resign" => {
                println!("{} resigns", human);
                return Ok(());
            }
            "board" => println!("{}", draw(&v, &game)),
            "moves" | "legal" => {
                let list: Vec<String> = game.legal_moves().iter().map(|&m| game.san(m)).collect();
                println!("{}", list.join(" "));
            }
            "undo" => {
                // take back the AI's reply and the human's move, back to the human's turn
                // (past forced steps, which would play themselves again)
                let mut undone = 0;
                while game.undo().is_some() {
                    undone += 1;
                    if game.turn() == human && game.forced_move().is_none() {
                        break;
                    }
                }
                if undone == 0 {
                    println!("nothing to undo");
                } else {
                    println!("{}", draw(&v, &game));
                }
            }
            _ => match game.parse_move(text) {
                Ok(m) => {
                    let san = game.san(m);
                    match game.play(m) {
                        Ok(()) => {
                            println!("you play {san}\n");
                            println!("{}", draw(&v, &game));
                        }
                        Err(e) => println!("{e}"),
                    }
                }
                Err(e) => println!("{e}"),
            },
        }
    }
}
