//! The weights of the evaluation's terms. The terms themselves are derived from the rules file
//! (which squares are central, how far a pawn has come, which piece is royal); these numbers
//! say how much each is worth. They were tuned Texel-style by `scripts/texel_tune.py` (see
//! docs/levels.md, "The evaluation's weights"), and a tuner may set them at run time through
//! [`crate::search::evaluate_with`]. Every weight is in centipawns unless its comment says
//! otherwise; "at the full" means for a pawn that has come all the way (advance 1000) or a
//! square in the very centre.
//!
//! The weights are listed once, in [`weights!`]'s invocation below: each with its meaning,
//! the value first set by hand and the tuned value. The struct, the two sets of values and
//! the tuner's list of names and values are all made from that one list.

/// Declares [`EvalWeights`] from one list of `name: hand H, tuned T;` items (each with its
/// doc comment): the struct, [`EvalWeights::HAND`], [`EvalWeights::TUNED`],
/// [`EvalWeights::NAMES`], [`EvalWeights::values`] and [`EvalWeights::from_values`].
macro_rules! weights {
    ($( $(#[$meta:meta])* $name:ident: hand $hand:literal, tuned $tuned:literal; )*) => {
        /// How much each term of the evaluation is worth.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct EvalWeights {
            $( $(#[$meta])* pub $name: i32, )*
        }

        impl EvalWeights {
            /// The weights as first set by hand, before any tuning.
            pub const HAND: EvalWeights = EvalWeights { $( $name: $hand, )* };

            /// The weights as `scripts/texel_tune.py` fitted them (docs/levels.md): the
            /// evaluation of every variant uses these.
            pub const TUNED: EvalWeights = EvalWeights { $( $name: $tuned, )* };

            /// How many weights there are.
            pub const COUNT: usize = [$( stringify!($name) ),*].len();

            /// The names of the weights, in the order of [`EvalWeights::values`].
            pub const NAMES: [&'static str; EvalWeights::COUNT] = [$( stringify!($name) ),*];

            /// The weights as a list, in the order of [`EvalWeights::NAMES`].
            pub fn values(&self) -> [i32; EvalWeights::COUNT] {
                [$( self.$name ),*]
            }

            /// Weights from a list in the order of [`EvalWeights::NAMES`].
            pub fn from_values(x: [i32; EvalWeights::COUNT]) -> EvalWeights {
                let mut it = x.into_iter();
                EvalWeights {
                    $( $name: it.next().unwrap_or_default(), )*
                }
            }
        }
    };
}

weights! {
    /// Bonus for the side to move.
    tempo: hand 10, tuned 32;
    /// Centralisation of a short-range piece (a knight), at the full, middlegame.
    leaper_centre: hand 30, tuned 73;
    /// Centralisation of a rider (bishop, rook, queen), at the full, middlegame.
    rider_centre: hand 12, tuned 31;
    /// Mobility: a piece reaching `m` squares on average on the empty board is worth
    /// `mobility / m` tenths of a centipawn per square it reaches (as tuned, a knight ~ 14 cp,
    /// a queen ~ 3).
    mobility: hand 320, tuned 735;
    /// A pawn's worth in the middlegame, in percent of its declared value (its endgame
    /// worth): while the officers are on the board a pawn is worth less beside them, as
    /// Stockfish's values have it (a knight is 6.2 pawns there in the middlegame, 4.1 in the
    /// endgame). Set from those values, not fitted (docs/levels.md, "A pawn among the
    /// officers"); 52, which makes a knight 6.2 pawns, did no better (the tenth declared
    /// run, "A pawn at Stockfish's middlegame proportion").
    pawn_mg: hand 100, tuned 60;
    /// A pawn's worth in the endgame, in percent of its declared value: Stockfish's
    /// endgame values make a knight 4.1 pawns, the declared 320 and 100 only 3.2
    /// (docs/levels.md, "A pawn in the endgame").
    pawn_eg: hand 100, tuned 80;
    /// A pawn's advance, quadratic, at the full, middlegame.
    pawn_advance_mg: hand 20, tuned 59;
    /// A pawn's advance on a centre file, linear, at the full, middlegame.
    pawn_centre_mg: hand 25, tuned 19;
    /// A pawn's advance, quadratic, at the full, endgame.
    pawn_advance_eg: hand 83, tuned 7;
    /// A pawn's advance, linear, at the full, endgame.
    pawn_linear_eg: hand 16, tuned 3;
    /// The royal piece away from home, per rank (up to three), middlegame: a penalty.
    king_rank: hand 25, tuned 7;
    /// The royal piece on a centre file, middlegame: a penalty at the full.
    king_file: hand 20, tuned 47;
    /// The royal piece in the centre, endgame, at the full (half of it taken off in a corner).
    king_centre_eg: hand 40, tuned 65;
    /// The danger to the royal piece (`src/search/eval/king.rs`): percent of the square of
    /// the danger units over 4096 taken off in centipawns, middlegame (a sixteenth of the
    /// units, endgame). 40 turns Stockfish's classical units into this evaluation's
    /// centipawns (a knight is 781 there, 320 here).
    king_attack: hand 40, tuned 40;
    /// Each pawn of the royal piece's shield (up to three).
    shield: hand 12, tuned 19;
    /// A passed pawn, middlegame.
    passed_mg: hand 10, tuned 0;
    /// A passed pawn's advance, quadratic, at the full, middlegame.
    passed_advance_mg: hand 40, tuned 2;
    /// A passed pawn, endgame.
    passed_eg: hand 20, tuned 0;
    /// A passed pawn's advance, quadratic, at the full, endgame.
    passed_advance_eg: hand 143, tuned 299;
    /// An isolated pawn, middlegame: a penalty.
    isolated_mg: hand 10, tuned 15;
    /// An isolated pawn, endgame: a penalty.
    isolated_eg: hand 12, tuned 11;
    /// A doubled pawn, middlegame: a penalty.
    doubled_mg: hand 8, tuned 25;
    /// A doubled pawn, endgame: a penalty.
    doubled_eg: hand 15, tuned 30;
    /// A pair of colour-bound pieces of one kind on both colours (the bishop pair),
    /// middlegame.
    pair_mg: hand 25, tuned 39;
    /// The same pair, endgame.
    pair_eg: hand 45, tuned 48;
    /// A file rider (a rook: it rides the whole file, never a diagonal step) on a file
    /// without pawns, middlegame.
    open_file_mg: hand 35, tuned 42;
    /// The same, endgame.
    open_file_eg: hand 15, tuned 29;
    /// A file rider on a file without pawns of its own side, middlegame.
    half_open_file_mg: hand 15, tuned 18;
    /// The same, endgame.
    half_open_file_eg: hand 10, tuned 34;
    /// A passed pawn's distance from the enemy royal piece (in king steps to the square in
    /// front of it, up to five), per step, at the full, endgame.
    passed_king_them: hand 20, tuned 47;
    /// The same for our own royal piece: a penalty.
    passed_king_us: hand 10, tuned 39;
    /// A passed pawn's free way ahead (`src/search/eval/pawns.rs`, `passed_path`), in percent
    /// of Stockfish's classical units (48: its endgame pawn is 208 there, 100 here).
    passed_free: hand 48, tuned 48;
    /// Each enemy piece (not a pawn, not the royal piece) that our pawns attack, middlegame.
    pawn_threat_mg: hand 40, tuned 64;
    /// The same, endgame.
    pawn_threat_eg: hand 30, tuned 103;
    /// Danger units for each kind of our pieces (not pawns) that could give check next move
    /// on a square the enemy does not defend (or defends poorly and we support twice).
    safe_check: hand 800, tuned 800;
    /// Each file at or beside our royal piece without a pawn of ours, middlegame: a penalty.
    king_open_file: hand 15, tuned 15;
    /// The royal piece where castling lands it, with its rook where castling lands that
    /// (castled, or as good as), middlegame.
    castled: hand 40, tuned 40;
    // (the eight weights below keep their hand values: a fit of them on positions from games
    // against Stockfish did worse against Stockfish, see docs/levels.md)
    /// Each enemy piece (not a pawn, not the royal piece) that a clearly cheaper piece of ours
    /// (not a pawn) attacks, middlegame.
    lesser_threat_mg: hand 60, tuned 60;
    /// The same, endgame.
    lesser_threat_eg: hand 50, tuned 50;
    /// Each enemy piece (the royal piece aside) that we attack and no enemy piece defends,
    /// middlegame.
    hanging_mg: hand 50, tuned 50;
    /// The same, endgame.
    hanging_eg: hand 30, tuned 30;
    /// Each enemy piece (not a pawn, not the royal piece) that a pawn of ours would attack
    /// after a safe push (`src/search/eval/threats.rs`), middlegame (Stockfish's classical 48,
    /// in these centipawns).
    push_threat_mg: hand 23, tuned 23;
    /// The same, endgame.
    push_threat_eg: hand 19, tuned 19;
    /// Each square both sides attack where the enemy is not strong (Stockfish's
    /// `Restricted`), middlegame and endgame.
    restricted: hand 3, tuned 3;
    /// A pawn defended by a pawn or beside one on its rank, middlegame (0.4 of it on its
    /// first squares, 2.4 at the full advance).
    connected_mg: hand 10, tuned 10;
    /// The same, endgame.
    connected_eg: hand 10, tuned 10;
    /// An officer that only leaps or steps (a knight) on an outpost: a square at least half-way
    /// up the board (the fourth rank of eight), defended by a pawn and out of reach of every
    /// enemy pawn, middlegame.
    outpost_mg: hand 30, tuned 30;
    /// The same, endgame.
    outpost_eg: hand 15, tuned 15;
}

impl Default for EvalWeights {
    fn default() -> EvalWeights {
        EvalWeights::TUNED
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
        assert_eq!(EvalWeights::NAMES[0], "tempo");
        assert_eq!(x[EvalWeights::COUNT - 1], EvalWeights::COUNT as i32 - 1);
    }
}
