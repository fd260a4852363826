//! Evaluation terms for the goals of the rules file's `end` block, so that the AI plays for
//! them and not only for mate: a piece that wins by reaching a region is worth more the
//! closer it stands to it (King of the Hill's hill, Racing Kings' eighth rank), and each check
//! given is worth more the fewer remain (Three-check). Built only for files with such goals,
//! so the evaluation of every other game is unchanged.

use crate::position::Position;
use crate::types::{ByColor, Color, Role};
use crate::variant::{TablesFor, Variant};

/// Per step closer to the region, in centipawns.
const REGION_STEP: i32 = 25;
/// Bonus for standing next to the region, halved for each step further away.
const REGION_NEAR: i32 = 400;
/// Per check given, in centipawns.
const CHECK_VALUE: i32 = 100;
/// Extra for needing only one more check.
const LAST_CHECK: i32 = 250;

/// The goal terms of one variant.
pub(crate) struct GoalEval {
    /// For each side with a region: the kind that must reach it, and its bonus on each square.
    region: ByColor<Option<(Role, Vec<i32>)>>,
    /// `checks N`
    checks: Option<u8>,
}

impl GoalEval {
    /// The terms for `v`, or `None` if its rules file states no goal that they serve.
    pub(crate) fn new(v: &Variant) -> Option<GoalEval> {
        let goals = &v.end().goals;
        if goals.region(Color::White).is_none()
            && goals.region(Color::Black).is_none()
            && goals.checks.is_none()
        {
            return None;
        }
        let g = v.geometry();
        let region = ByColor::new_with(|c| {
            let r = goals.region(c)?;
            // king steps (Chebyshev distance) to the nearest square of the region
            let dist: Vec<i32> = g
                .squares()
                .map(|sq| {
                    r.squares
                        .iter()
                        .map(|&t| {
                            let df = (g.file(sq) as i32 - g.file(t) as i32).abs();
                            let dr = (g.rank(sq) as i32 - g.rank(t) as i32).abs();
                            df.max(dr)
                        })
                        .min()
                        .unwrap_or(0)
                })
                .collect();
            let far = dist.iter().copied().max().unwrap_or(0);
            let bonus = dist
                .iter()
                .map(|&d| REGION_STEP * (far - d) + (REGION_NEAR >> d.clamp(1, 20)))
                .collect();
            Some((r.role, bonus))
        });
        Some(GoalEval {
            region,
            checks: goals.checks,
        })
    }

    /// The goal terms from White's point of view.
    pub(crate) fn white<B: TablesFor>(&self, pos: &Position<B>) -> i32 {
        let mut score = 0;
        for c in Color::ALL {
            let sign = if c.is_white() { 1 } else { -1 };
            if let Some((role, bonus)) = &self.region[c] {
                let ours = pos.by_role(*role) & pos.by_color(c);
                let best = ours.iter().map(|sq| bonus[sq.index()]).max().unwrap_or(0);
                score += sign * best;
            }
            if let Some(n) = self.checks {
                let given = pos.checks_given(c) as i32;
                let last = if given > 0 && given + 1 >= n as i32 {
                    LAST_CHECK
                } else {
                    0
                };
                score += sign * (CHECK_VALUE * given + last);
            }
        }
        score
    }
}
