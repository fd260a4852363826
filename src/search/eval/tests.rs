//! Tests of the evaluation's terms: which pieces each term finds from the rules file, and
//! that each term counts where it should and nowhere else.

use super::*;

/// Each role's letter, and whether the evaluation finds it colour-bound and a file rider.
fn kinds<B: TablesFor>(file: &str) -> Vec<(char, bool, bool)> {
    let v = crate::rules::load(file).unwrap();
    let et = EvalTables::<B>::new(&v);
    v.roles()
        .map(|r| {
            let i = r.index();
            (v.role(r).letter, et.colour_bound[i], et.file_rider[i])
        })
        .collect()
}

#[test]
fn bishops_are_colour_bound_and_rooks_ride_files() {
    let k = kinds::<u64>("chess");
    let find = |l: char| *k.iter().find(|x| x.0 == l).unwrap();
    assert_eq!(find('B'), ('B', true, false));
    assert_eq!(find('R'), ('R', false, true));
    assert_eq!(find('N'), ('N', false, false));
    // the queen rides files but also steps diagonally: no open-file bonus
    assert_eq!(find('Q'), ('Q', false, false));
    // pawns and the king are not officers
    assert_eq!(find('P'), ('P', false, false));
    assert_eq!(find('K'), ('K', false, false));
    // Capablanca chess: the chancellor (rook and knight) rides files; the archbishop
    // (bishop and knight) leaves its colour
    let k = kinds::<crate::types::Big>("capablanca");
    let find = |l: char| *k.iter().find(|x| x.0 == l).unwrap();
    assert_eq!(find('C'), ('C', false, true));
    assert_eq!(find('A'), ('A', false, false));
    assert_eq!(find('B'), ('B', true, false));
}

/// How much the terms that `off` switches off add to White's score in `fen`.
fn worth(fen: &str, off: fn(&mut EvalWeights)) -> i32 {
    let v = crate::rules::load("chess").unwrap();
    let t = v.tables::<u64>();
    let p = Position::<u64>::from_fen(&v, fen).unwrap();
    let mut w = EvalWeights::default();
    off(&mut w);
    EvalTables::<u64>::new(&v).evaluate_white(t, &p)
        - EvalTables::<u64>::with_weights(&v, w).evaluate_white(t, &p)
}

#[test]
fn the_bishop_pair_open_files_and_pawn_threats_count() {
    let pair: fn(&mut EvalWeights) = |w| (w.pair_mg, w.pair_eg) = (0, 0);
    assert!(worth("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", pair) > 0);
    assert_eq!(worth("4k3/8/8/8/8/8/8/B1B1K3 w - - 0 1", pair), 0);
    assert!(worth("2b1kb2/8/8/8/8/8/8/4K3 w - - 0 1", pair) < 0);

    let open: fn(&mut EvalWeights) = |w| {
        (w.open_file_mg, w.open_file_eg) = (0, 0);
        (w.half_open_file_mg, w.half_open_file_eg) = (0, 0);
    };
    assert!(worth("4k3/p7/8/8/8/8/1P6/R3K3 w - - 0 1", open) > 0);
    assert_eq!(worth("4k3/p7/8/8/8/8/P7/R3K3 w - - 0 1", open), 0);
    // the queen is no file rider
    assert_eq!(worth("4k3/p7/8/8/8/8/1P6/Q3K3 w - - 0 1", open), 0);

    let threat: fn(&mut EvalWeights) = |w| (w.pawn_threat_mg, w.pawn_threat_eg) = (0, 0);
    assert!(worth("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", threat) > 0);
    assert_eq!(worth("4k3/8/8/n7/4P3/8/8/4K3 w - - 0 1", threat), 0);
    // a pawn attacking the king gives check, not a threat
    assert_eq!(worth("8/8/8/3k4/4P3/8/8/4K3 b - - 0 1", threat), 0);

    let race: fn(&mut EvalWeights) = |w| (w.passed_king_them, w.passed_king_us) = (0, 0);
    // a passed pawn with the enemy king far away, then close in front of it
    let far = worth("k7/8/8/8/8/7P/8/7K w - - 0 1", race);
    let near = worth("8/8/8/6k1/8/7P/8/7K w - - 0 1", race);
    assert!(far > near, "{far} {near}");
}

#[test]
fn safe_checks_and_open_files_at_the_king_count() {
    // What the safe checks are worth to White, less what they are worth to Black: the danger
    // is a square, so the units of a side's safe checks count more beside its other units.
    let check: fn(&mut EvalWeights) = |w| w.safe_check = 0;
    // Each queen has a safe check (Qxa8+, and Black's on e4); a knight on g1 has none, and
    // the two sides' dangers are alike ...
    let no_knight = worth("q3k3/8/8/8/8/8/8/Q3K1N1 w - - 0 1", check);
    assert_eq!(no_knight, 0);
    // ... a knight on e4 adds a safe check from d6 or f6 ...
    let knight = worth("q3k3/8/8/8/4N3/8/8/Q3K3 w - - 0 1", check);
    // ... and with pawns on c7, e7 and g7 guarding both squares, an unsafe one: it adds
    // fewer units beside the queen's safe check
    let guarded = worth("q3k3/2p1p1p1/8/8/4N3/8/8/Q3K3 w - - 0 1", check);
    assert!(
        knight > guarded && guarded > no_knight,
        "{knight} {guarded} {no_knight}"
    );

    let open: fn(&mut EvalWeights) = |w| w.king_open_file = 0;
    let full = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(worth(full, open), 0);
    // White's e- and f-pawns gone: two open files at White's king
    let w_open = worth(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPP2PP/RNBQKBNR w KQkq - 0 1",
        open,
    );
    let b_open = worth(
        "rnbqkbnr/ppp3pp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        open,
    );
    assert!(w_open < 0 && b_open > 0, "{w_open} {b_open}");
    // Black's d-, e- and f-pawns gone: three files, more than White's two
    assert!(b_open > -w_open, "{w_open} {b_open}");
}

#[test]
fn a_castled_royal_piece_counts() {
    let castled: fn(&mut EvalWeights) = |w| w.castled = 0;
    // White has castled short: the king on g1, the rook on f1
    assert!(
        worth(
            "r2qk2r/pppppppp/8/8/8/8/PPPPPPPP/R2Q1RK1 w kq - 0 1",
            castled
        ) > 0
    );
    // the king on g1 with its rook still on h1 has not
    assert_eq!(
        worth(
            "r2qk2r/pppppppp/8/8/8/8/PPPPPPPP/R2Q2KR w kq - 0 1",
            castled
        ),
        0
    );
    // Black has castled long: the king on c8, the rook on d8
    assert!(worth("2kr3r/pppppppp/8/8/8/8/PPPPPPPP/R2QK2R w KQ - 0 1", castled) < 0);
    // a middlegame term: it counts for less as the pieces come off
    let full = worth(
        "r2qk2r/pppppppp/8/8/8/8/PPPPPPPP/R2Q1RK1 w kq - 0 1",
        castled,
    );
    let late = worth("4k3/pppppppp/8/8/8/8/PPPPPPPP/5RK1 w - - 0 1", castled);
    assert!(0 < late && late < full, "{late} {full}");
}

#[test]
fn threats_by_cheaper_pieces_and_hanging_pieces_count() {
    let lesser: fn(&mut EvalWeights) = |w| (w.lesser_threat_mg, w.lesser_threat_eg) = (0, 0);
    // the knight on d5 attacks the rook on c7: a cheaper piece attacking a dearer one
    assert!(worth("4k3/2r5/8/3N4/8/8/8/4K3 w - - 0 1", lesser) > 0);
    // a knight attacking a knight is no such threat
    assert_eq!(worth("4k3/2n5/8/3N4/8/8/8/4K3 w - - 0 1", lesser), 0);
    // a rook attacking a queen is; a queen attacking a rook is not (Black's side)
    assert!(worth("3qk3/8/8/8/8/8/8/3RK3 w - - 0 1", lesser) > 0);
    assert!(worth("7k/8/8/3Q4/8/8/7K/3r4 b - - 0 1", lesser) < 0);

    let hanging: fn(&mut EvalWeights) = |w| (w.hanging_mg, w.hanging_eg) = (0, 0);
    // the rook on a1 attacks the undefended knight on a7 ...
    assert!(worth("4k3/n7/8/8/8/8/8/R3K3 w - - 0 1", hanging) > 0);
    // ... not once a pawn defends it
    assert_eq!(worth("4k3/8/1p6/n7/8/8/8/R3K3 w - - 0 1", hanging), 0);
    // the enemy king defends too, and is never itself hanging
    assert_eq!(worth("8/nk6/8/8/8/8/8/R3K3 w - - 0 1", hanging), 0);
    assert_eq!(worth("k7/8/8/8/8/8/8/R3K3 b - - 0 1", hanging), 0);
}

#[test]
fn a_passed_pawns_free_way_counts() {
    let free: fn(&mut EvalWeights) = |w| w.passed_free = 0;
    // e6 is 4/6 of the way from e2 to e8: weight 30 * 666 / 1000 - 8 = 11 (Stockfish's 12 on
    // its sixth rank); nothing of Black's contests d7-f8: 36 of it, 396 units, 48% of them
    assert_eq!(worth("k7/8/4P3/8/8/8/8/6K1 w - - 0 1", free), 190);
    // a white king guarding e7 adds 5: 41 * 11 * 48 / 100
    assert_eq!(worth("k7/8/4PK2/8/8/8/8/8 w - - 0 1", free), 216);
    // a black rook on e8 contests e7, the square in front: nothing
    assert_eq!(worth("k3r3/8/4P3/8/8/8/8/6K1 w - - 0 1", free), 0);
    // a black rook behind the pawn contests its whole way
    assert_eq!(worth("k7/8/4P3/8/8/8/7K/4r3 w - - 0 1", free), 0);
    // a pawn on the third rank, and a pawn the square in front of which is taken: nothing
    assert_eq!(worth("k7/8/8/8/8/4P3/8/6K1 w - - 0 1", free), 0);
    assert_eq!(worth("k7/4n3/4P3/8/8/8/8/6K1 w - - 0 1", free), 0);
    // Black's the same way round
    assert_eq!(worth("6k1/8/8/8/8/4p3/8/K7 b - - 0 1", free), -190);
}

#[test]
fn threats_of_a_pawn_push_count() {
    let push: fn(&mut EvalWeights) = |w| (w.push_threat_mg, w.push_threat_eg) = (0, 0);
    // d4-d5 would attack the knight on e6; d5 is safe (the h7 pawn keeps the score from
    // being scaled down for a side without pawns)
    let n = worth("6k1/7p/4n3/8/3P4/8/8/6K1 w - - 0 1", push);
    assert!((19..=23).contains(&n), "{n}");
    // a black pawn on c6 guards d5: no threat (and Black's c6-c5 runs into the d4 pawn)
    assert_eq!(worth("6k1/8/2p1n3/8/3P4/8/8/6K1 w - - 0 1", push), 0);
    // the push is blocked
    assert_eq!(worth("6k1/8/4n3/3b4/3P4/8/8/6K1 w - - 0 1", push), 0);
}

#[test]
fn connected_pawns_and_outposts_count() {
    let connected: fn(&mut EvalWeights) = |w| (w.connected_mg, w.connected_eg) = (0, 0);
    // side by side, and one defending the other
    assert!(worth("4k3/8/8/8/3PP3/8/8/4K3 w - - 0 1", connected) > 0);
    assert!(worth("4k3/8/8/8/4P3/3P4/8/4K3 w - - 0 1", connected) > 0);
    // two pawns a file apart are not connected
    assert_eq!(worth("4k3/8/8/8/2P1P3/8/8/4K3 w - - 0 1", connected), 0);
    // further up, worth more
    let low = worth("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1", connected);
    let high = worth("4k3/8/3PP3/8/8/8/8/4K3 w - - 0 1", connected);
    assert!(high > low && low > 0, "{low} {high}");

    let outpost: fn(&mut EvalWeights) = |w| (w.outpost_mg, w.outpost_eg) = (0, 0);
    // the knight on d5, defended by the e4 pawn, no black pawn on c- or e-files to chase it
    assert!(worth("4k3/8/8/3N4/4P3/8/8/4K3 w - - 0 1", outpost) > 0);
    // a black pawn on c7 could chase it away
    assert_eq!(worth("4k3/2p5/8/3N4/4P3/8/8/4K3 w - - 0 1", outpost), 0);
    // undefended, or at home: no outpost; a bishop is a rider
    assert_eq!(worth("4k3/8/8/3N4/8/8/8/4K3 w - - 0 1", outpost), 0);
    assert_eq!(worth("4k3/8/8/8/8/8/3N4/4K3 w - - 0 1", outpost), 0);
    assert_eq!(worth("4k3/8/8/3B4/4P3/8/8/4K3 w - - 0 1", outpost), 0);
}

#[test]
fn threats_count_only_where_material_is_worth_keeping() {
    let matter =
        |file: &str| EvalTables::<u64>::new(&crate::rules::load(file).unwrap()).exchanges_matter;
    assert!(matter("chess") && matter("chess484"));
    // captures obligatory, or losing the king (every piece) wins: an attacked piece is no loss
    assert!(!matter("codrus") && !matter("antichess"));
}

/// The pawn cache changes nothing: along random games of variants with pawns of one or more
/// kinds, on small and large boards, the evaluation with a cache (hit or missed) equals the
/// evaluation without one. In chess and Chess484 the cache also keeps the learnt correction's
/// first-layer sums (`net.rs`), brought up from one position to the next: they must equal the
/// sums computed whole.
/// Calls `at` after each move of `games` random games of `v` (at most `plies` moves each,
/// drawn with `rng`; each game's setup drawn with its number as the seed).
pub(super) fn along_random_games(
    v: &std::sync::Arc<Variant>,
    games: u64,
    plies: usize,
    rng: &mut crate::types::rng::Rng,
    mut at: impl FnMut(&crate::game::Game),
) {
    for seed in 0..games {
        let mut g = crate::game::Game::new_seeded(v.clone(), seed);
        for _ in 0..plies {
            let moves = g.legal_moves();
            if moves.is_empty() || g.outcome().is_some() {
                break;
            }
            g.play(moves[rng.below(moves.len())]).unwrap();
            at(&g);
        }
    }
}

#[test]
fn the_pawn_cache_gives_the_same_evaluations() {
    use crate::position::AnyPosition;
    let mut rng = crate::types::rng::Rng(11);
    for file in [
        "chess",
        "chess484",
        "capablanca",
        "makruk",
        "horde",
        "shogi",
        "grand",
    ] {
        let v = crate::rules::load(file).unwrap();
        let g = v.geometry();
        let wide = g.files as usize * g.ranks as usize > 64;
        let small = (!wide).then(|| EvalTables::<u64>::new(&v));
        let big = wide.then(|| EvalTables::<crate::types::Big>::new(&v));
        let mut cache = PawnCache::new();
        let mut hits = 0;
        along_random_games(&v, 6, 80, &mut rng, |g| {
            for _ in 0..2 {
                let (plain, cached) = match g.position() {
                    AnyPosition::Small(p) => {
                        let et = small.as_ref().unwrap();
                        (
                            et.evaluate(v.tables(), p),
                            et.evaluate_with(v.tables(), p, Some(&mut cache)),
                        )
                    }
                    AnyPosition::Big(p) => {
                        let et = big.as_ref().unwrap();
                        (
                            et.evaluate(v.tables(), p),
                            et.evaluate_with(v.tables(), p, Some(&mut cache)),
                        )
                    }
                };
                assert_eq!(plain, cached, "{file}: {}", g.position().fen_shredder(&v));
                hits += 1;
            }
        });
        assert!(hits > 100, "{file}: {hits}");
    }
}

#[test]
fn a_pawn_is_worth_less_among_the_officers() {
    // White a pawn up: with every officer on the board the pawn counts for less than its
    // declared 100 (`pawn_mg`), in a pawn ending for all of it
    let full: fn(&mut EvalWeights) = |w| w.pawn_mg = 100;
    let start = "rnbqkbnr/1ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let up = worth(start, full);
    assert!(up < -20, "{up}");
    assert_eq!(worth("4k3/8/8/8/8/8/P7/4K3 w - - 0 1", full), 0);
}

#[test]
fn a_pawn_is_worth_less_in_the_endgame_too() {
    // a king and pawn ending, White a pawn up: the pawn counts for `pawn_eg` percent of its
    // declared 100 (80: a knight of 320 is then four pawns, as Stockfish's endgame values
    // have it)
    let full: fn(&mut EvalWeights) = |w| w.pawn_eg = 100;
    let share = EvalWeights::default().pawn_eg;
    assert!(share < 100);
    assert_eq!(worth("4k3/8/8/8/8/8/P7/4K3 w - - 0 1", full), share - 100);
}

#[test]
fn a_pawn_in_hand_is_worth_less_among_the_officers_too() {
    // Crazyhouse, every officer on the board, White a pawn up: `pawn_mg` takes the same
    // share off White's e-pawn in hand as off the same pawn on e3, so that dropping a pawn
    // does not look like losing that share
    let v = crate::rules::load("crazyhouse").unwrap();
    let t = v.tables::<u64>();
    let white = |fen: &str, w: EvalWeights| {
        let p = Position::<u64>::from_fen(&v, fen).unwrap();
        EvalTables::<u64>::with_weights(&v, w).evaluate_white(t, &p)
    };
    let hand = "rnbqkbnr/1ppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR[P] w KQkq - 0 1";
    let board = "rnbqkbnr/1ppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR w KQkq - 0 1";
    let full = EvalWeights {
        pawn_mg: 100,
        ..EvalWeights::default()
    };
    let tuned = EvalWeights::default();
    assert!(tuned.pawn_mg < 100);
    let less = |fen| white(fen, full) - white(fen, tuned);
    assert!(less(board) > 20, "{}", less(board));
    assert_eq!(less(hand), less(board));
}
