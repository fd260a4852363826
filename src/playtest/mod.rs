//! Playtesting a variant: self-play games over its start positions (every array of a finite
//! setup phase, or a sample), on all cores, and what they say about the variant, the way
//! Ludii's game-evaluation metrics report on a game: balance (White's score), decisiveness,
//! drawishness and duration, overall and per start array, with the arrays whose score stands
//! out flagged by a stated statistical test (`stats`). `svg` draws the result.
//!
//! The games start from the positions the setup phase leads to (the setup decisions are not
//! played: the point is to judge the arrays themselves), and each game is played by the same
//! engine on both sides, its noise seeded per game so that runs repeat exactly with the same
//! `seed` and a node limit.

pub mod stats;
pub mod svg;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::game::placement::{placement_arrays, placement_count, random_placement, PlacementError};
use crate::game::setup::StartArrays;
use crate::game::Game;
use crate::position::AnyPosition;
use crate::search::{Engine, Limits};
use crate::types::rng::Rng;
use crate::types::{Color, Piece};
use crate::variant::Variant;

/// How the games are played.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Number of games.
    pub games: usize,
    /// The engine's level (1..=10) on both sides.
    pub level: u8,
    /// Nodes per move (the default limit: the same games on any machine).
    pub nodes: Option<u64>,
    /// Time per move, when given instead of nodes.
    pub movetime: Option<Duration>,
    /// Threads (games played at once).
    pub threads: usize,
    /// Seed for the choice of starts and the engine's noise.
    pub seed: u64,
    /// A game still going after this many plies is adjudicated a draw.
    pub max_plies: usize,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            games: 200,
            level: 6,
            nodes: Some(20_000),
            movetime: None,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            seed: 1,
            max_plies: 300,
        }
    }
}

/// A start position of the playtest, with each side's array as a label.
#[derive(Clone, Debug)]
pub struct Start {
    /// The position (White to move, castling rights as the setup leaves them).
    pub pos: AnyPosition,
    /// White's array: its pieces on its half of the board, its back rank first
    /// (`RNBQKBNR/PPPPPPPP`).
    pub white: String,
    /// Black's array, likewise (`rnbqkbnr/pppppppp`).
    pub black: String,
}

/// The start positions to play: all of them when there are no more than `games`, else
/// `games` drawn at random (distinct where possible); and the number the variant has.
pub fn starts(v: &Variant, games: usize, seed: u64) -> (Vec<Start>, u64) {
    let mut rng = Rng(seed ^ 0x5eed_57a7);
    let make = |pos: AnyPosition| Start {
        white: side_label(v, &pos, Color::White),
        black: side_label(v, &pos, Color::Black),
        pos,
    };
    if v.placement().is_some() {
        match placement_arrays(v) {
            Ok(pa) => {
                let b = pa.arrays[Color::Black].len() as u64;
                let total = pa.positions();
                let picks = pick(total, games, &mut rng);
                let out = picks
                    .into_iter()
                    .map(|i| make(pa.position(v, (i / b) as usize, (i % b) as usize)))
                    .collect();
                return (out, total);
            }
            // too many arrays to list: a sample placed at random, the total counted
            Err(PlacementError::TooMany { .. }) => {
                let total = placement_count(v).map_or(u64::MAX, |c| {
                    u64::try_from(c.positions()).unwrap_or(u64::MAX)
                });
                let out = (0..games)
                    .map(|_| make(random_placement(v, |n| rng.below(n))))
                    .collect();
                return (out, total);
            }
            Err(_) => {}
        }
    }
    let arrays = StartArrays::new(v);
    let total = arrays.len() as u64;
    if total == 0 {
        return (vec![make(AnyPosition::start(v))], 1);
    }
    let picks = pick(total, games, &mut rng);
    let out = picks
        .into_iter()
        .map(|i| make(AnyPosition::from_array(v, &arrays.get(v, i as usize))))
        .collect();
    (out, total)
}

/// Indices to play among `total`: all when `total <= games`, else `games` distinct ones at
/// random (a partial Fisher-Yates shuffle when the total is small enough to list, else
/// independent draws, which rarely repeat among millions).
fn pick(total: u64, games: usize, rng: &mut Rng) -> Vec<u64> {
    if total <= games as u64 {
        return (0..total).collect();
    }
    if total <= 1_000_000 {
        let mut all: Vec<u64> = (0..total).collect();
        for i in 0..games {
            let j = i + (rng.next_u64() % (total - i as u64)) as usize;
            all.swap(i, j);
        }
        all.truncate(games);
        return all;
    }
    (0..games).map(|_| rng.next_u64() % total).collect()
}

/// A side's array as text: its pieces on the ranks of its half, its back rank first.
fn side_label(v: &Variant, pos: &AnyPosition, c: Color) -> String {
    let g = v.geometry();
    let half = g.ranks / 2;
    let rows: Vec<String> = (0..half)
        .map(|i| {
            let r = if c == Color::White {
                i
            } else {
                g.ranks - 1 - i
            };
            (0..g.files)
                .map(|f| match pos.piece_at(g.square(f, r)) {
                    Some(Piece { color, role }) if color == c => {
                        let l = v.role(role).letter;
                        if c == Color::White {
                            l
                        } else {
                            l.to_ascii_lowercase()
                        }
                    }
                    _ => '.',
                })
                .collect()
        })
        .collect();
    // drop trailing empty rows (a side's third rank and beyond)
    let keep = rows
        .iter()
        .rposition(|r| r.chars().any(|c| c != '.'))
        .map_or(1, |i| i + 1);
    rows[..keep].join("/")
}

/// The rows of array labels worth showing side by side: the first (the back rank, where
/// relocations happen) and every other in which the labels differ (a placement over two
/// ranks). Labels are a side's rows joined by `/`, as [`Start`] writes them.
pub fn varying_rows<'a>(labels: impl IntoIterator<Item = &'a str>) -> Vec<usize> {
    let split: Vec<Vec<&str>> = labels.into_iter().map(|l| l.split('/').collect()).collect();
    let most = split.iter().map(Vec::len).max().unwrap_or(1);
    (0..most)
        .filter(|&i| i == 0 || split.iter().any(|rows| rows.get(i) != split[0].get(i)))
        .collect()
}

/// `label` with only the `rows` given ([`varying_rows`]), joined by `/`.
pub fn shown_rows(label: &str, rows: &[usize]) -> String {
    let split: Vec<&str> = label.split('/').collect();
    rows.iter()
        .filter_map(|&i| split.get(i).copied())
        .collect::<Vec<_>>()
        .join("/")
}

/// One game of the playtest.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// Which start (an index into the starts played).
    pub start: usize,
    /// White's score: 1, 0.5 or 0.
    pub white_score: f64,
    /// Plies of the game proper.
    pub plies: usize,
    /// Why it ended ("checkmate", "adjudicated after 300 plies", ...).
    pub termination: String,
}

/// Plays `settings.games` games over `starts` (game `i` from start `i % starts.len()`) on
/// `settings.threads` threads; `progress` is called with the number of games finished after
/// each one. The records come back in game order.
pub fn play(
    v: &Arc<Variant>,
    starts: &[Start],
    settings: &Settings,
    progress: &(dyn Fn(usize) + Sync),
) -> Vec<Record> {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let out: Mutex<Vec<(usize, Record)>> = Mutex::new(Vec::with_capacity(settings.games));
    let threads = settings.threads.clamp(1, 256).min(settings.games.max(1));
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                let mut engine = Engine::new(16);
                engine.set_level(settings.level);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= settings.games || starts.is_empty() {
                        break;
                    }
                    let start = i % starts.len();
                    let seed = settings.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ i as u64;
                    engine.set_seed(seed);
                    engine.new_game();
                    let r = play_one(v, &starts[start].pos, &mut engine, settings, start);
                    out.lock()
                        .expect("no thread panics holding it")
                        .push((i, r));
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1);
                }
            });
        }
    });
    let mut v = out.into_inner().expect("no thread panicked");
    v.sort_by_key(|(i, _)| *i);
    v.into_iter().map(|(_, r)| r).collect()
}

/// One self-play game from `pos`.
fn play_one(
    v: &Arc<Variant>,
    pos: &AnyPosition,
    engine: &mut Engine,
    settings: &Settings,
    start: usize,
) -> Record {
    let mut game = Game::from_position(v.clone(), *pos);
    let limits = Limits {
        nodes: settings.nodes.filter(|_| settings.movetime.is_none()),
        movetime: settings.movetime,
        ..Limits::default()
    };
    let stop = std::sync::atomic::AtomicBool::new(false);
    let mut plies = 0;
    while game.outcome().is_none() && plies < settings.max_plies {
        let Some(m) = engine.think(&game, &limits, &stop, &mut |_| {}) else {
            break;
        };
        if game.play(m).is_err() {
            break;
        }
        plies += 1;
    }
    let (white_score, termination) = match game.outcome() {
        Some(o) => (
            match o.winner {
                Some(Color::White) => 1.0,
                Some(Color::Black) => 0.0,
                None => 0.5,
            },
            o.reason.describe(),
        ),
        None => (0.5, format!("adjudicated a draw after {plies} plies")),
    };
    Record {
        start,
        white_score,
        plies,
        termination,
    }
}
