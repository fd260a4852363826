//! What the playtest's games say: the overall figures (Ludii's balance, decisiveness,
//! drawishness, duration) and a score per start array, with the arrays that stand out flagged.
//!
//! The test: each group's mean score (White's, per game: 1, 0.5, 0) against the mean of all
//! other games, a two-sample z-test with the variance of all games' scores pooled, two-sided;
//! a group is flagged when its p-value is below 0.05 divided by the number of groups tested
//! (Bonferroni: with 22 arrays a side, 22 tests are made, and one would otherwise be flagged
//! by chance about two times in three). Groups of fewer than 5 games are not tested.

use super::{Record, Start};

/// The figures of a set of games.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// Games played.
    pub games: usize,
    /// White wins.
    pub white_wins: usize,
    /// Draws (adjudicated ones included).
    pub draws: usize,
    /// Black wins.
    pub black_wins: usize,
    /// White's mean score, 0..=1.
    pub white_score: f64,
    /// Half the width of the 95% confidence interval of `white_score`.
    pub ci95: f64,
    /// Mean length of the games, in plies.
    pub mean_plies: f64,
}

impl Summary {
    /// Ludii's balance: 1 when both sides win equally often, 0 when one side always wins.
    pub fn balance(&self) -> f64 {
        let decisive = (self.white_wins + self.black_wins) as f64;
        if decisive == 0.0 {
            return 1.0;
        }
        1.0 - (self.white_wins as f64 - self.black_wins as f64).abs() / decisive
    }

    /// Share of games won by either side.
    pub fn decisiveness(&self) -> f64 {
        (self.white_wins + self.black_wins) as f64 / self.games.max(1) as f64
    }

    /// Share of games drawn.
    pub fn drawishness(&self) -> f64 {
        self.draws as f64 / self.games.max(1) as f64
    }
}

/// The figures of `records`.
pub fn summarize<'a>(records: impl IntoIterator<Item = &'a Record>) -> Summary {
    let scores: Vec<(f64, usize)> = records
        .into_iter()
        .map(|r| (r.white_score, r.plies))
        .collect();
    let n = scores.len();
    let count = |x: f64| scores.iter().filter(|(s, _)| *s == x).count();
    let mean = mean_of(scores.iter().map(|(s, _)| *s));
    let var = variance(scores.iter().map(|(s, _)| *s), mean);
    Summary {
        games: n,
        white_wins: count(1.0),
        draws: count(0.5),
        black_wins: count(0.0),
        white_score: mean,
        ci95: if n > 1 {
            1.96 * (var / n as f64).sqrt()
        } else {
            0.0
        },
        mean_plies: mean_of(scores.iter().map(|(_, p)| *p as f64)),
    }
}

fn mean_of(xs: impl Iterator<Item = f64>) -> f64 {
    let (mut sum, mut n) = (0.0, 0usize);
    for x in xs {
        sum += x;
        n += 1;
    }
    if n == 0 {
        0.0
    } else {
        sum / n as f64
    }
}

/// The sample variance (n - 1 in the denominator).
fn variance(xs: impl Iterator<Item = f64>, mean: f64) -> f64 {
    let (mut ss, mut n) = (0.0, 0usize);
    for x in xs {
        ss += (x - mean) * (x - mean);
        n += 1;
    }
    if n < 2 {
        0.0
    } else {
        ss / (n - 1) as f64
    }
}

/// One start array's games and how they compare with the rest.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    /// The array (a side's pieces, see [`Start`]).
    pub label: String,
    /// Its games' figures.
    pub summary: Summary,
    /// The z-score of its mean against all other games (`None`: too few games to test).
    pub z: Option<f64>,
    /// The two-sided p-value of `z`.
    pub p: Option<f64>,
    /// Does it stand out (p below 0.05 / the number of groups tested)?
    pub flagged: bool,
}

/// The games grouped by a side's array (`key` picks White's or Black's label), in the order
/// of the labels, each tested against the rest.
pub fn groups(records: &[Record], starts: &[Start], key: fn(&Start) -> &str) -> Vec<Group> {
    let mut labels: Vec<&str> = Vec::new();
    for r in records {
        let l = key(&starts[r.start]);
        if !labels.contains(&l) {
            labels.push(l);
        }
    }
    labels.sort_unstable();
    let all_mean = mean_of(records.iter().map(|r| r.white_score));
    let pooled = variance(records.iter().map(|r| r.white_score), all_mean);
    let mut out: Vec<Group> = labels
        .iter()
        .map(|&l| {
            let (mine, rest): (Vec<&Record>, Vec<&Record>) =
                records.iter().partition(|r| key(&starts[r.start]) == l);
            let s = summarize(mine.iter().copied());
            let rest_mean = mean_of(rest.iter().map(|r| r.white_score));
            let testable = mine.len() >= 5 && !rest.is_empty() && pooled > 0.0;
            let z = testable.then(|| {
                let se = (pooled * (1.0 / mine.len() as f64 + 1.0 / rest.len() as f64)).sqrt();
                (s.white_score - rest_mean) / se
            });
            Group {
                label: l.to_string(),
                summary: s,
                z,
                p: z.map(|z| erfc(z.abs() / std::f64::consts::SQRT_2)),
                flagged: false,
            }
        })
        .collect();
    let tested = out.iter().filter(|g| g.p.is_some()).count().max(1);
    for g in &mut out {
        g.flagged = g.p.is_some_and(|p| p < 0.05 / tested as f64);
    }
    out
}

/// The complementary error function, to a relative error below 1.2e-7 (Numerical Recipes'
/// `erfcc`, a Chebyshev fit).
pub fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 {
        r
    } else {
        2.0 - r
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::AnyPosition;

    #[test]
    fn erfc_matches_known_values() {
        // erfc(0) = 1; erfc(1) = 0.157299207; two-sided p of z = 1.96 is 0.05
        assert!((erfc(0.0) - 1.0).abs() < 1e-6);
        assert!((erfc(1.0) - 0.157_299_207).abs() < 1e-6);
        assert!((erfc(1.96 / std::f64::consts::SQRT_2) - 0.049_995_790).abs() < 1e-6);
        assert!((erfc(-1.0) - 1.842_700_793).abs() < 1e-6);
    }

    fn start(label: &str) -> Start {
        let v = crate::rules::load("chess").unwrap();
        Start {
            pos: AnyPosition::start(&v),
            white: label.into(),
            black: "b".into(),
        }
    }

    fn rec(start: usize, s: f64) -> Record {
        Record {
            start,
            white_score: s,
            plies: 40,
            termination: String::new(),
        }
    }

    #[test]
    fn an_array_that_always_wins_is_flagged_and_the_others_are_not() {
        let starts: Vec<Start> = (0..6).map(|i| start(&format!("a{i}"))).collect();
        let mut records = Vec::new();
        for i in 0..6 {
            for k in 0..20 {
                // array 0 wins every game; the others alternate win, draw, loss
                let s = if i == 0 { 1.0 } else { [1.0, 0.5, 0.0][k % 3] };
                records.push(rec(i, s));
            }
        }
        let g = groups(&records, &starts, |s| &s.white);
        assert_eq!(g.len(), 6);
        assert!(g[0].flagged, "{:?}", g[0]);
        assert!(g[1..].iter().all(|x| !x.flagged), "{g:?}");
        let all = summarize(&records);
        assert_eq!(all.games, 120);
        assert_eq!(all.white_wins, 20 + 5 * 7);
        assert!((all.balance() - (1.0 - (55.0 - 30.0) / 85.0)).abs() < 1e-9);
        assert!((all.decisiveness() + all.drawishness() - 1.0).abs() < 1e-9);
    }
}
