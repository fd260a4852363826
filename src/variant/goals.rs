//! Goals of the game other than mate: a piece reaching a region (King of the Hill, Racing
//! Kings), giving check a number of times (Three-check), and the rule that forbids giving
//! check (Racing Kings). The rules file states them in its `end { ... }` block; the position
//! ([`crate::position::Position::rule_end`]) applies them.

use crate::types::{ByColor, Color, Role, Square};

/// A region that a side's piece of one kind wins by reaching (Fairy-Stockfish's `flagPiece`
/// and `flagRegion`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    /// The kind that must reach it (the king in King of the Hill).
    pub role: Role,
    /// Its squares, as on the board (not mirrored for Black).
    pub squares: Vec<Square>,
}

/// The goals of the `end` block: `region`, `checks`, `checking illegal`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Goals {
    /// Each side's region, if reaching one wins.
    pub region: ByColor<Option<Region>>,
    /// `answer` (Fairy-Stockfish's `flagMove`): a side that reaches its region wins only at
    /// its next turn, after the other side's answer; if White arrived and Black's answer
    /// arrives too, the game is drawn, as both then had the same number of moves (Racing
    /// Kings).
    pub answer: bool,
    /// `checks N`: the side that gives its N-th check wins (Three-check: 3).
    pub checks: Option<u8>,
    /// `checking illegal`: a move that gives check is not allowed (Racing Kings).
    pub checking_illegal: bool,
}

impl Goals {
    /// Does any goal need [`crate::position::Position::rule_end`] (or the move filter)?
    pub fn any(&self) -> bool {
        self.region[Color::White].is_some()
            || self.region[Color::Black].is_some()
            || self.checks.is_some()
            || self.checking_illegal
    }

    /// Side `c`'s region, if it has one.
    pub fn region(&self, c: Color) -> Option<&Region> {
        self.region[c].as_ref()
    }

    /// The squares of side `c`'s region (empty if it has none), as the GUI highlights them.
    pub fn region_squares(&self, c: Color) -> &[Square] {
        self.region(c).map_or(&[], |r| &r.squares)
    }
}

/// The goals in words for `myriad check`'s summary: "; White's K wins on d4 e4 d5 e5; giving
/// check 3 times wins; no move may give check" (empty without goals).
pub fn goals_summary(v: &super::Variant) -> String {
    let goals = &v.end().goals;
    let g = v.geometry();
    let mut out = String::new();
    for c in Color::ALL {
        if let Some(r) = goals.region(c) {
            let squares: Vec<String> = r.squares.iter().map(|&s| g.name(s)).collect();
            out += &format!(
                "; {c}'s {} wins on {}",
                v.role(r.role).letter,
                squares.join(" ")
            );
        }
    }
    if goals.answer {
        out += "; an arrival wins at the arriving side's next turn (Black arriving in answer to White draws)";
    }
    if let Some(n) = goals.checks {
        out += &format!("; giving check {n} times wins");
    }
    if goals.checking_illegal {
        out += "; no move may give check";
    }
    out
}
