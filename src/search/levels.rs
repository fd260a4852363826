//! What the levels 1 to 10 mean, in one place: how deep each searches, among how many of its
//! best moves it chooses and how readily it takes a worse one, and the rating each level was
//! measured at. The GUI's level control, `myriad play --help` and the UCI options
//! (`Skill Level`, `UCI_LimitStrength`, `UCI_Elo`) all read this table.
//!
//! A weaker level is not a level that plays absurd moves: it searches shallower, and at the
//! root it looks at its few best moves (a MultiPV search) and may choose one a little worse
//! than the best, as a club player overlooks a finer point. It never chooses a move that its
//! own search sees losing much more than the level allows, and it never misses a mate it has
//! seen. This is Stockfish's `Skill` idea with a bound on the loss.

use super::alphabeta::{MATE, MATE_BOUND};
use super::Score;
use crate::types::rng::Rng;
use crate::types::Move;

/// How a level plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelParams {
    /// The deepest iteration, in plies (`u32::MAX`: as deep as time allows).
    pub depth: u32,
    /// How many of its best moves it weighs at the root (1: always the best).
    pub lines: usize,
    /// How much worse than the best a move it chooses may be, in centipawns.
    pub max_loss: i32,
    /// The scale of its preference for better moves, in centipawns: a move `t` worse than the
    /// best is chosen `e` times less often than the best.
    pub temperature: i32,
    /// Amplitude of a noise on the evaluation, in centipawns (the weakest levels only).
    pub noise: i32,
    /// Does it add the learnt correction to its evaluation (`eval/net.rs`, in the games the
    /// network serves)? Only at full strength: the ratings of levels 1 to 9 were measured
    /// with the evaluation derived from the rules file alone, and they keep it.
    pub learnt: bool,
}

/// The levels, 1 to 10.
pub fn level_params(level: u8) -> LevelParams {
    let p = |depth, lines, max_loss, temperature, noise| LevelParams {
        depth,
        lines,
        max_loss,
        temperature,
        noise,
        learnt: false,
    };
    match level {
        1 => p(1, 6, 300, 150, 60),
        2 => p(3, 5, 200, 90, 25),
        3 => p(3, 4, 130, 60, 10),
        4 => p(4, 4, 110, 50, 0),
        5 => p(4, 3, 80, 35, 0),
        6 => p(5, 3, 90, 40, 0),
        7 => p(5, 3, 40, 18, 0),
        8 => p(6, 2, 30, 12, 0),
        9 => p(8, 2, 12, 6, 0),
        _ => LevelParams {
            learnt: true,
            ..p(u32::MAX, 1, 0, 1, 0)
        },
    }
}

/// The rough rating of each level, 1 to 10, as measured by `scripts/level_ladder.py` (the table,
/// the matches and the command are in docs/levels.md): Elo on Stockfish 15.1's `UCI_Elo` scale,
/// at 0.2 s a move, rounded to tens: levels 5 to 10 each by its own matches against Stockfish,
/// levels 2 to 4 by matches between neighbours below level 5. Level 1 has none: level 2 won
/// 39.5 of 40 games against it, so it lies about 750 below level 2, off the bottom of the scale.
const RATINGS: [Option<u32>; 10] = [
    None,
    Some(870),
    Some(1060),
    Some(1350),
    Some(1610),
    Some(1650),
    Some(1700),
    Some(1770),
    Some(1870),
    Some(2200),
];

/// The rough rating of `level`, when it has been measured.
pub fn rating(level: u8) -> Option<u32> {
    RATINGS
        .get(usize::from(level.clamp(1, 10)) - 1)
        .copied()
        .flatten()
}

/// The lowest and highest ratings of the ladder (for `UCI_Elo`'s bounds).
pub fn rating_range() -> Option<(u32, u32)> {
    let rated: Vec<u32> = RATINGS.iter().flatten().copied().collect();
    Some((*rated.iter().min()?, *rated.iter().max()?))
}

/// The level whose rating is closest to `elo` (`UCI_LimitStrength` with `UCI_Elo`); full
/// strength when no level is rated.
pub fn level_for_elo(elo: u32) -> u8 {
    (1..=10u8)
        .filter_map(|l| rating(l).map(|r| (r.abs_diff(elo), l)))
        .min()
        .map_or(10, |(_, l)| l)
}

/// The ladder in words, a line a level, for `myriad play --help`: "level 4: about 1400
/// (depth 4, weighs its 4 best moves)".
pub fn ladder_text() -> String {
    let mut text = String::from(
        "The AI's level, from 1 (beginner) to 10 (full strength); the ratings are rough \
         Elo ratings measured against Stockfish (docs/levels.md):",
    );
    for l in 1..=10u8 {
        let p = level_params(l);
        let rating = rating(l).map_or("below the rated levels".to_string(), |r| {
            format!("about {r}")
        });
        let how = if p.lines > 1 {
            format!("depth {}, weighs its {} best moves", p.depth, p.lines)
        } else {
            "full strength".to_string()
        };
        text += &format!("\n  level {l}: {rating} ({how})");
    }
    text
}

/// Chooses the move to play among the root's best lines, `(score, first move)` from the best
/// down, by the level's rules: a mate the search found is always played; otherwise each line
/// no more than `max_loss` worse than the best is chosen with a weight that falls by `e` every
/// `temperature` centipawns.
pub fn pick(lines: &[(i32, Move)], p: &LevelParams, rng: &mut Rng) -> Option<Move> {
    let &(top, best) = lines.first()?;
    if p.lines <= 1 || lines.len() == 1 || top.abs() >= MATE_BOUND {
        return Some(best);
    }
    let weights: Vec<(f64, Move)> = lines
        .iter()
        .filter(|&&(s, _)| top - s <= p.max_loss && s > -MATE_BOUND)
        .map(|&(s, m)| {
            let w = (-f64::from(top - s) / f64::from(p.temperature.max(1))).exp();
            (w, m)
        })
        .collect();
    let total: f64 = weights.iter().map(|w| w.0).sum();
    // a uniform draw in [0, total): 53 random bits
    let mut x = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
    for &(w, m) in &weights {
        if x < w {
            return Some(m);
        }
        x -= w;
    }
    Some(best)
}

/// A reported score back on the search's own scale (mates as `MATE` less the plies to it), so
/// that [`pick`] can compare lines.
pub(super) fn internal(score: Score) -> i32 {
    match score {
        Score::Cp(c) => c,
        Score::Mate(n) if n > 0 => MATE - (2 * n - 1),
        Score::Mate(n) => -MATE + 2 * -n,
    }
}

/// Does the setup AI of `level` weigh the opponent's later setup steps (the stronger levels)?
/// The weaker ones only look at their own steps.
pub fn setup_sees_replies(level: u8) -> bool {
    level >= 7
}

/// The deepest search and the nodes the setup lookahead may spend in all, by level.
pub(super) fn setup_judge_budget(level: u8) -> (u32, u64) {
    match level {
        1..=3 => (1, 20_000),
        4..=6 => (2, 200_000),
        _ => (3, 800_000),
    }
}

/// The noise on each setup choice, in centipawns either way: the weaker levels vary their
/// arrays more, the strongest keep to the best ones.
pub(super) fn setup_noise(level: u8) -> i32 {
    match level {
        1..=3 => 60,
        4..=6 => 30,
        _ => 10,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Square;

    fn mv(i: u8) -> Move {
        Move::normal(Square(i), Square(i + 8))
    }

    #[test]
    fn full_strength_plays_the_best_line() {
        let lines = [(30, mv(0)), (29, mv(1))];
        let mut rng = Rng(7);
        for _ in 0..50 {
            assert_eq!(pick(&lines, &level_params(10), &mut rng), Some(mv(0)));
        }
    }

    #[test]
    fn a_weak_level_varies_among_close_moves_but_never_takes_a_big_loss() {
        let p = level_params(2);
        let lines = [(40, mv(0)), (20, mv(1)), (-400, mv(2))];
        let mut rng = Rng(11);
        let mut seen = [0; 3];
        for _ in 0..400 {
            let m = pick(&lines, &p, &mut rng).unwrap();
            seen[lines.iter().position(|l| l.1 == m).unwrap()] += 1;
        }
        assert!(seen[0] > seen[1] && seen[1] > 0, "{seen:?}");
        assert_eq!(seen[2], 0, "a move {} worse than the best", 440);
    }

    #[test]
    fn a_mate_found_is_always_played() {
        let lines = [(MATE - 3, mv(0)), (20, mv(1))];
        let mut rng = Rng(3);
        for _ in 0..50 {
            assert_eq!(pick(&lines, &level_params(1), &mut rng), Some(mv(0)));
        }
    }

    #[test]
    fn levels_grow_deeper_and_stricter() {
        for l in 1..10u8 {
            let (a, b) = (level_params(l), level_params(l + 1));
            // each level searches at least as deep, or chooses more strictly at the same depth
            assert!(a.depth <= b.depth);
            assert!(a.depth < b.depth || a.max_loss > b.max_loss);
        }
    }

    #[test]
    fn only_full_strength_adds_the_learnt_correction() {
        // the ratings of levels 1 to 9 were measured without it
        for l in 1..=10u8 {
            assert_eq!(level_params(l).learnt, l == 10, "level {l}");
        }
    }
}
