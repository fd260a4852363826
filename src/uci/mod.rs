//! The UCI engine protocol over any rules file.
//!
//! `uci`, `isready`, `setoption name ... value ...` (`UCI_Variant`, `UCI_Chess960`, `Hash`,
//! `Threads` (Lazy SMP, see [`crate::search::Engine::set_threads`]), `Skill Level`, `UCI_LimitStrength` with `UCI_Elo` (the level rated nearest, see
//! [`levels`]), `MultiPV`), `ucinewgame`, `position startpos|fen ... [moves ...]` (setup steps as `e8g8`
//! swaps and `0000` passes), `go perft N` (stoppable), `go [depth N] [nodes N] [movetime T]
//! [wtime T] [btime T] [winc T] [binc T] [movestogo N] [infinite]`, `stop`, `quit`. The search
//! runs on a [`Worker`] thread, so `stop` and `isready` are answered while it thinks; it reports
//! an `info` line after each completed depth (one per line with `MultiPV`) and ends with
//! `bestmove` (at once on a forced setup step, such as a mirror). Bad input never stops the
//! engine: it is answered with an `info string` and the engine goes on.
//!
//! `UCI_Variant` switches the game: its values are the bundled files under the names a GUI that
//! drives Fairy-Stockfish sends, each meaning Fairy-Stockfish's game (`placement` is Pre-Chess;
//! Mats Winther's Placement Chess is `winther-placement`), see [`variants`].

mod parse;
pub mod variants;

use std::io::{BufRead, Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use crate::game::Game;
use crate::search::worker::{Event, Setting, Worker};
use crate::search::{levels, Report, Score};
use crate::variant::Variant;

pub use parse::{parse_go, parse_perft_depth, parse_position, GoError, PositionError};

/// The longest input line read, in bytes; longer lines are ignored with an `info string`.
pub const MAX_LINE: usize = 1 << 16;

/// The most lines `MultiPV` may ask for.
const MAX_MULTIPV: usize = 256;

/// Default transposition table size, in megabytes.
const DEFAULT_HASH_MB: usize = 16;

/// Runs the UCI loop until `quit` or end of input. At the end of input a running search is
/// allowed to finish (an infinite one is stopped), so piped scripts get their `bestmove`.
pub fn run<R: BufRead, W: Write + Send>(v: Arc<Variant>, input: R, out: W) {
    run_with_hash(v, input, out, DEFAULT_HASH_MB)
}

/// [`run`] with a transposition table of `hash_mb` megabytes until `setoption name Hash`
/// says otherwise (the fuzzer starts thousands of sessions a minute with a small one).
pub fn run_with_hash<R: BufRead, W: Write + Send>(
    v: Arc<Variant>,
    input: R,
    out: W,
    hash_mb: usize,
) {
    let out = Output {
        out: Mutex::new(out),
        // Pre-Chess castles only from e1 with corner rooks: the standard form, as Fairy-Stockfish
        // writes it for `placement`
        chess960: AtomicBool::new(v.setup().is_some() && !v.has_hands()),
        forced960: AtomicBool::new(false),
    };
    std::thread::scope(|scope| {
        let worker = Worker::scoped(scope, hash_mb, |game: &Game, e: Event| out.event(game, e));
        let mut session = UciSession {
            game: Game::new_seeded(v.clone(), 0),
            name: variants::uci_name(v.origin()),
            v,
            out: &out,
            worker,
            infinite: false,
            strength: Strength::default(),
        };
        let mut lines = Lines { input };
        loop {
            let text = match lines.next() {
                Line::End => break,
                Line::TooLong => {
                    out.say(&format!(
                        "info string line ignored: longer than {MAX_LINE} bytes"
                    ));
                    continue;
                }
                Line::Text(text) => text,
            };
            let words: Vec<&str> = text.split_whitespace().collect();
            if !words.is_empty() && session.command(&words) == Flow::Quit {
                return;
            }
        }
        session.end_of_input();
        // the worker is dropped here, before the scope waits for its thread
    });
}

/// Where the session writes: the GUI's end of the pipe, shared with the worker's thread.
struct Output<W> {
    out: Mutex<W>,
    /// The `UCI_Chess960` option: castling written as king takes rook.
    chess960: AtomicBool,
    /// The `UCI_Variant` chosen asks for Chess960 castling whatever the option says
    /// (Fairy-Stockfish's `fischerandom`).
    forced960: AtomicBool,
}

impl<W: Write> Output<W> {
    /// Writes one line and flushes it (the GUI reads line by line).
    fn say(&self, line: &str) {
        if let Ok(mut o) = self.out.lock() {
            let _ = writeln!(o, "{line}");
            let _ = o.flush();
        }
    }

    /// Is castling written as king takes rook: the option, or a variant that asks for it?
    fn chess960(&self) -> bool {
        self.chess960.load(Ordering::Relaxed) || self.forced960.load(Ordering::Relaxed)
    }

    /// The lines of a worker's event about `game` (on the worker's thread).
    fn event(&self, game: &Game, e: Event) {
        let chess960 = self.chess960();
        match e {
            Event::Report { report, .. } => self.say(&info_line(game, &report, chess960)),
            Event::BestMove { best: Some(m), .. } => {
                self.say(&format!("bestmove {}", game.uci(m, chess960)))
            }
            Event::BestMove { best: None, .. } => self.say("bestmove 0000"),
            Event::PerftMove { mv, nodes, .. } => {
                self.say(&format!("{}: {nodes}", game.uci(mv, chess960)))
            }
            Event::PerftDone { total, .. } if total.complete() => {
                self.say("");
                self.say(&format!("Nodes searched: {}", total.nodes));
            }
            Event::PerftDone { total, .. } => self.say(&format!(
                "info string perft stopped: {} of {} moves counted, {} nodes",
                total.counted, total.moves, total.nodes
            )),
        }
    }
}

/// What the loop does after a command.
#[derive(PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

/// One UCI session: the rules, the position set by `position`, and the worker that searches
/// and counts. Each command is a method; a command that changes what the engine works on
/// first stops the running job and waits for its answer, as the protocol wants.
struct UciSession<'o, W> {
    v: Arc<Variant>,
    /// The game's name under `UCI_Variant` ([`variants::uci_name`], or the name it was chosen by).
    name: String,
    out: &'o Output<W>,
    game: Game,
    worker: Worker,
    /// Is the last job an infinite search (stopped, not awaited, at the end of input)?
    infinite: bool,
    /// `Skill Level`, `UCI_LimitStrength` and `UCI_Elo`, which together set the level.
    strength: Strength,
}

impl<W: Write> UciSession<'_, W> {
    fn command(&mut self, words: &[&str]) -> Flow {
        let (cmd, args) = (words[0], &words[1..]);
        match cmd {
            "uci" => self.uci(),
            "isready" => self.out.say("readyok"),
            "ucinewgame" => self.ucinewgame(),
            "setoption" => self.setoption(args),
            "position" => self.position(args),
            "go" if args.first() == Some(&"perft") => self.go_perft(&args[1..]),
            "go" => self.go(args),
            "stop" => self.finish(true),
            "d" => self.out.say(&self.game.fen()),
            "ponderhit" | "debug" | "register" => {}
            "quit" => {
                self.finish(true);
                return Flow::Quit;
            }
            _ => self
                .out
                .say(&format!("info string unknown command `{cmd}`")),
        }
        Flow::Continue
    }

    /// Stops the running job when `stop` is set, and waits until it has answered.
    fn finish(&mut self, stop: bool) {
        if stop {
            self.worker.stop();
        }
        self.worker.wait_all();
        self.infinite = false;
    }

    /// At the end of input a running search finishes, unless it is infinite.
    fn end_of_input(&mut self) {
        self.finish(self.infinite);
    }

    fn uci(&self) {
        let out = self.out;
        out.say(&format!("id name Myriad {}", env!("CARGO_PKG_VERSION")));
        out.say("id author the Myriad developers");
        out.say(&format!(
            "option name UCI_Chess960 type check default {}",
            out.chess960.load(Ordering::Relaxed)
        ));
        out.say(&variant_option(&self.name));
        out.say(&format!(
            "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max 4096"
        ));
        out.say(&format!(
            "option name Threads type spin default 1 min 1 max {}",
            crate::search::MAX_THREADS
        ));
        out.say("option name Skill Level type spin default 10 min 1 max 10");
        out.say("option name UCI_LimitStrength type check default false");
        let (low, high) = levels::rating_range().unwrap_or((0, 0));
        out.say(&format!(
            "option name UCI_Elo type spin default {} min {low} max {high}",
            self.strength.elo
        ));
        out.say(&format!(
            "option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"
        ));
        out.say("uciok");
    }

    fn ucinewgame(&mut self) {
        self.finish(true);
        self.game = Game::new_seeded(self.v.clone(), 0);
        self.worker.set(Setting::NewGame);
    }

    fn setoption(&mut self, args: &[&str]) {
        self.finish(true);
        let (name, value) = parse::parse_setoption(args);
        if name.is_empty() {
            self.out
                .say("info string expected `setoption name <id> [value <x>]`");
            return;
        }
        let bad = |what: String| self.out.say(&format!("info string {what}"));
        let setting = match name.to_ascii_lowercase().as_str() {
            "uci_chess960" => {
                let on = value.eq_ignore_ascii_case("true");
                self.out.chess960.store(on, Ordering::Relaxed);
                return;
            }
            "hash" => match value.parse::<usize>() {
                Ok(mb) if (1..=4096).contains(&mb) => Setting::Hash(mb),
                _ => return bad(format!("bad Hash value `{value}` (1..4096 MB)")),
            },
            "skill level" => match value.parse::<u8>() {
                Ok(l) if (1..=10).contains(&l) => {
                    self.strength.skill = l;
                    Setting::Level(self.strength.level())
                }
                _ => return bad(format!("bad Skill Level `{value}` (1..10)")),
            },
            "uci_limitstrength" => {
                self.strength.limit = value.eq_ignore_ascii_case("true");
                Setting::Level(self.strength.level())
            }
            "uci_elo" => match value.parse::<u32>() {
                Ok(e) => {
                    self.strength.elo = e;
                    Setting::Level(self.strength.level())
                }
                _ => return bad(format!("bad UCI_Elo `{value}` (a rating, e.g. 1500)")),
            },
            "multipv" => match value.parse::<usize>() {
                Ok(n) if (1..=MAX_MULTIPV).contains(&n) => Setting::MultiPv(n),
                _ => return bad(format!("bad MultiPV `{value}` (1..{MAX_MULTIPV})")),
            },
            "uci_variant" => return self.set_variant(&value),
            "threads" => match value.parse::<usize>() {
                Ok(n) if (1..=crate::search::MAX_THREADS).contains(&n) => Setting::Threads(n),
                _ => {
                    return bad(format!(
                        "bad Threads value `{value}` (1..{})",
                        crate::search::MAX_THREADS
                    ))
                }
            },
            "ponder" | "move overhead" => return,
            _ => return bad(format!("unknown option `{name}`")),
        };
        self.worker.set(setting);
    }

    /// `setoption name UCI_Variant value NAME`: a new game of the variant NAME means under
    /// `UCI_Variant` ([`variants::resolve`]); the game already loaded when NAME is its name (a
    /// user's file keeps its stem). `UCI_Chess960` keeps its value, as in Fairy-Stockfish.
    fn set_variant(&mut self, value: &str) {
        if value.trim().eq_ignore_ascii_case(&self.name) {
            return;
        }
        let Some(u) = variants::resolve(value) else {
            return self.out.say(&format!(
                "info string unknown UCI_Variant `{value}`; the game stays `{}`",
                self.name
            ));
        };
        match crate::rules::load(u.file) {
            Ok(v) => {
                self.v = v;
                self.name = value.trim().to_ascii_lowercase();
                self.out.forced960.store(u.chess960, Ordering::Relaxed);
                self.ucinewgame();
            }
            Err(e) => self
                .out
                .say(&format!("info string cannot load `{}`: {e}", u.file)),
        }
    }

    fn position(&mut self, args: &[&str]) {
        self.finish(true);
        match parse_position(&self.v, args) {
            Ok(g) => self.game = g,
            Err(e) => self.out.say(&format!(
                "info string error: {}",
                e.to_string()
                    .replace("\n  = help: ", "; help: ")
                    .replace('\n', " ")
            )),
        }
    }

    /// `go perft N`: counted on the worker like a search, so `stop`, `isready` and `quit` are
    /// answered while it counts.
    fn go_perft(&mut self, args: &[&str]) {
        self.finish(true);
        match parse_perft_depth(args) {
            Ok(depth) => {
                self.worker.perft(self.game.clone(), depth.max(1));
            }
            Err(e) => self.out.say(&format!("info string {e}")),
        }
    }

    fn go(&mut self, args: &[&str]) {
        self.finish(true);
        match parse_go(args) {
            Ok(limits) => {
                self.infinite = limits.infinite;
                self.worker.think(self.game.clone(), limits);
            }
            Err(e) => self.out.say(&format!("info string {e}")),
        }
    }
}

/// An input line, read as bytes: text that is not UTF-8 is a bad line like any other, not the
/// end of the session, and a line longer than [`MAX_LINE`] is refused.
enum Line {
    Text(String),
    TooLong,
    End,
}

/// The strength options: the level is `Skill Level`, or with `UCI_LimitStrength` the level
/// whose measured rating is nearest `UCI_Elo` (as Stockfish maps `UCI_Elo` onto its skill).
struct Strength {
    skill: u8,
    limit: bool,
    elo: u32,
}

impl Default for Strength {
    fn default() -> Strength {
        Strength {
            skill: 10,
            limit: false,
            elo: levels::rating_range().map_or(0, |(low, high)| (low + high) / 2),
        }
    }
}

impl Strength {
    fn level(&self) -> u8 {
        if self.limit {
            levels::level_for_elo(self.elo)
        } else {
            self.skill
        }
    }
}

struct Lines<R> {
    input: R,
}

impl<R: BufRead> Lines<R> {
    fn next(&mut self) -> Line {
        let mut buf = Vec::new();
        match Read::take(&mut self.input, MAX_LINE as u64).read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => return Line::End,
            Ok(_) => {}
        }
        if buf.len() >= MAX_LINE && buf.last() != Some(&b'\n') {
            // skip the rest of the line
            loop {
                buf.clear();
                match Read::take(&mut self.input, MAX_LINE as u64).read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) if buf.last() == Some(&b'\n') => break,
                    Ok(_) => {}
                }
            }
            return Line::TooLong;
        }
        Line::Text(String::from_utf8_lossy(&buf).into_owned())
    }
}

/// The `UCI_Variant` option: the loaded game's name as its default, and every name
/// [`variants::names`] offers (python-chess, which sets `UCI_Variant chess` for standard and
/// Chess960 boards, finds `chess` among them).
fn variant_option(current: &str) -> String {
    let vars: Vec<String> = variants::names(current)
        .iter()
        .map(|x| format!("var {x}"))
        .collect();
    format!(
        "option name UCI_Variant type combo default {current} {}",
        vars.join(" ")
    )
}

/// The `info` line of a report, with the principal variation in UCI notation.
pub fn info_line(game: &Game, r: &Report, chess960: bool) -> String {
    let score = match r.score {
        Score::Cp(c) => format!("cp {c}"),
        Score::Mate(m) => format!("mate {m}"),
    };
    let mut pos = *game.position();
    let v = game.variant();
    let mut pv = Vec::new();
    for &m in &r.pv {
        if !pos.legal_moves(v).as_slice().contains(&m) {
            break;
        }
        pv.push(pos.uci(v, m, chess960));
        pos.play(v, m);
    }
    format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} time {} pv {}",
        r.depth,
        r.seldepth,
        r.multipv,
        score,
        r.nodes,
        r.nps,
        r.time.as_millis(),
        pv.join(" ")
    )
}
