//! The weights of the evaluation's terms. The terms themselves are derived from the rules file
//! (which squares are central, how far a pawn has come, which piece is royal); these numbers
//! say how much each is worth. They were tuned Texel-style by `scripts/texel_tune.py` (see
//! docs/levels.md, "The evaluation's weights"), and a tuner may set them at run time through
//! [`crate::search::evaluate_with`]. Every weight is in centipawns unless its comment says
//! otherwise; "at the full" means for a pawn that has come all the way (advance 1000) or a
//! square in the very centre.

/// How much each term of the evaluation is worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EvalWeights {
    /// Bonus for the side to move.
    pub tempo: i32,
    /// Centralisation of a short-range piece (a knight), at the full, middlegame.
    pub leaper_centre: i32,
    /// Centralisation of a rider (bishop, rook, queen), at the full, middlegame.
    pub rider_centre: i32,
    /// Mobility: a piece reaching `m` squares on average on the empty board is worth
    /// `mobility / m` tenths of a centipawn per square it reaches (a knight ~ 6 cp).
    pub mobility: i32,
    /// A pawn's advance, quadratic, at the full, middlegame.
    pub pawn_advance_mg: i32,
    /// A pawn's advance on a centre file, linear, at the full, middlegame.
    pub pawn_centre_mg: i32,
    /// A pawn's advance, quadratic, at the full, endgame.
    pub pawn_advance_eg: i32,
    /// A pawn's advance, linear, at the full, endgame.
    pub pawn_linear_eg: i32,
    /// The royal piece away from home, per rank (up to three), middlegame: a penalty.
    pub king_rank: i32,
    /// The royal piece on a centre file, middlegame: a penalty at the full.
    pub king_file: i32,
    /// The royal piece in the centre, endgame, at the full (half of it taken off in a corner).
    pub king_centre_eg: i32,
    /// Attacks on the enemy royal piece's neighbourhood, in percent of the base formula.
    pub king_attack: i32,
    /// Each pawn of the royal piece's shield (up to three).
    pub shield: i32,
    /// A passed pawn, middlegame.
    pub passed_mg: i32,
    /// A passed pawn's advance, quadratic, at the full, middlegame.
    pub passed_advance_mg: i32,
    /// A passed pawn, endgame.
    pub passed_eg: i32,
    /// A passed pawn's advance, quadratic, at the full, endgame.
    pub passed_advance_eg: i32,
    /// An isolated pawn, middlegame: a penalty.
    pub isolated_mg: i32,
    /// An isolated pawn, endgame: a penalty.
    pub isolated_eg: i32,
    /// A doubled pawn, middlegame: a penalty.
    pub doubled_mg: i32,
    /// A doubled pawn, endgame: a penalty.
    pub doubled_eg: i32,
}

impl Default for EvalWeights {
    fn default() -> EvalWeights {
        EvalWeights::TUNED
    }
}

impl EvalWeights {
    /// The weights as first set by hand, before any tuning.
    pub const HAND: EvalWeights = EvalWeights {
        tempo: 10,
        leaper_centre: 30,
        rider_centre: 12,
        mobility: 320,
        pawn_advance_mg: 20,
        pawn_centre_mg: 25,
        pawn_advance_eg: 83,
        pawn_linear_eg: 16,
        king_rank: 25,
        king_file: 20,
        king_centre_eg: 40,
        king_attack: 100,
        shield: 12,
        passed_mg: 10,
        passed_advance_mg: 40,
        passed_eg: 20,
        passed_advance_eg: 143,
        isolated_mg: 10,
        isolated_eg: 12,
        doubled_mg: 8,
        doubled_eg: 15,
    };

    /// The weights as `scripts/texel_tune.py` fitted them (docs/levels.md): the evaluation of
    /// every variant uses these.
    pub const TUNED: EvalWeights = EvalWeights {
        tempo: 30,
        leaper_centre: 51,
        rider_centre: 28,
        mobility: 840,
        pawn_advance_mg: 38,
        pawn_centre_mg: 18,
        pawn_advance_eg: 9,
        pawn_linear_eg: 3,
        king_rank: 0,
        king_file: 40,
        king_centre_eg: 65,
        king_attack: 235,
        shield: 17,
        passed_mg: 0,
        passed_advance_mg: 0,
        passed_eg: 0,
        passed_advance_eg: 248,
        isolated_mg: 18,
        isolated_eg: 2,
        doubled_mg: 4,
        doubled_eg: 37,
    };

    /// The names of the weights, in the order of [`EvalWeights::values`].
    pub const NAMES: [&'static str; 21] = [
        "tempo",
        "leaper_centre",
        "rider_centre",
        "mobility",
        "pawn_advance_mg",
        "pawn_centre_mg",
        "pawn_advance_eg",
        "pawn_linear_eg",
        "king_rank",
        "king_file",
        "king_centre_eg",
        "king_attack",
        "shield",
        "passed_mg",
        "passed_advance_mg",
        "passed_eg",
        "passed_advance_eg",
        "isolated_mg",
        "isolated_eg",
        "doubled_mg",
        "doubled_eg",
    ];

    /// The weights as a list, in the order of [`EvalWeights::NAMES`].
    pub fn values(&self) -> [i32; 21] {
        [
            self.tempo,
            self.leaper_centre,
            self.rider_centre,
            self.mobility,
            self.pawn_advance_mg,
            self.pawn_centre_mg,
            self.pawn_advance_eg,
            self.pawn_linear_eg,
            self.king_rank,
            self.king_file,
            self.king_centre_eg,
            self.king_attack,
            self.shield,
            self.passed_mg,
            self.passed_advance_mg,
            self.passed_eg,
            self.passed_advance_eg,
            self.isolated_mg,
            self.isolated_eg,
            self.doubled_mg,
            self.doubled_eg,
        ]
    }

    /// Weights from a list in the order of [`EvalWeights::NAMES`].
    pub fn from_values(x: [i32; 21]) -> EvalWeights {
        EvalWeights {
            tempo: x[0],
            leaper_centre: x[1],
            rider_centre: x[2],
            mobility: x[3],
            pawn_advance_mg: x[4],
            pawn_centre_mg: x[5],
            pawn_advance_eg: x[6],
            pawn_linear_eg: x[7],
            king_rank: x[8],
            king_file: x[9],
            king_centre_eg: x[10],
            king_attack: x[11],
            shield: x[12],
            passed_mg: x[13],
            passed_advance_mg: x[14],
            passed_eg: x[15],
            passed_advance_eg: x[16],
            isolated_mg: x[17],
            isolated_eg: x[18],
            doubled_mg: x[19],
            doubled_eg: x[20],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_and_the_struct_agree() {
        let w = EvalWeights::HAND;
        assert_eq!(EvalWeights::from_values(w.values()), w);
        let mut x = w.values();
        for (i, v) in x.iter_mut().enumerate() {
            *v = i as i32;
        }
        assert_eq!(EvalWeights::from_values(x).values(), x);
    }
}
