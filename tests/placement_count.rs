//! Counting a placement's arrays without listing them (`placement_count`): the count agrees
//! with the list wherever the list can be made, and is exact where it cannot (Pre-Chess on two
//! ranks, tens of millions of arrays a side), by the arithmetic stated in each test. Listing a
//! placement that large is refused with a clear error rather than filling the memory.

use myriad::game::placement::legal_drops;
use myriad::game::placement::{
    placement_arrays, placement_count, random_placement, PlacementError, MAX_LISTED_ARRAYS,
};
use myriad::position::AnyPosition;
use myriad::types::{Color, Piece};
use std::collections::HashSet;

fn rules(hand: &str, place: &str, require: &str) -> std::sync::Arc<myriad::variant::Variant> {
    let text = format!(
        "extends \"pre-chess\"\nname \"Count\"\narray \"8/8/8/8/8/8/8/8\"\n\
         setup {{\n  hand \"{hand}\"\n  place {place}\n{require}}}\n"
    );
    myriad::rules::compile_source(&text, "count.rules").unwrap_or_else(|d| panic!("{d}\n{text}"))
}

/// The reference: side `c`'s final arrays found by playing its legal drops (the game's own
/// rule for each drop, `legal_drops`) from every partial array, each visited once.
fn arrays_by_dropping(v: &myriad::variant::Variant, c: Color) -> HashSet<Vec<Option<Piece>>> {
    let mut start = AnyPosition::start(v);
    start.set_turn(c);
    let base = v.array();
    let (mut seen, mut found) = (HashSet::new(), HashSet::new());
    let mut stack = vec![start];
    while let Some(pos) = stack.pop() {
        if !pos.has_hand(c) {
            let g = v.geometry();
            found.insert(
                g.squares()
                    .map(|s| pos.piece_at(s).filter(|_| base[s.index()].is_none()))
                    .collect(),
            );
            continue;
        }
        for m in legal_drops(v, &pos) {
            let mut next = pos;
            next.play(v, m);
            next.set_turn(c);
            if seen.insert(next.hash()) {
                stack.push(next);
            }
        }
    }
    found
}

fn factorial(n: u128) -> u128 {
    (1..=n).product()
}

/// The count, the list and the drops agree: the bundled placements and small ones built here,
/// on one rank or two, with kinds on ranks of their own, an odd number of bishops, no bishops'
/// rule, and requirements that only the list and the drops can judge.
#[test]
fn the_count_agrees_with_the_list_and_the_drops() {
    let mut cases = vec![
        myriad::rules::load("pre-chess").unwrap(),
        myriad::rules::load("choose960").unwrap(),
    ];
    let opposite = "  require opposite-colours B\n";
    for (hand, place, require) in [
        ("KBBN", "white first ranks 1 2", opposite),
        ("KBBBN", "white first ranks 1 2", opposite),
        ("KQBBN", "white first ranks 1 2 B ranks 1", opposite),
        ("KRBBNN", "black first ranks 1 2 R ranks 2", opposite),
        ("KBBNN", "white first ranks 1 2", ""),
        ("KQRRBBNN", "white first ranks 1", opposite),
        (
            "KRRBN",
            "white first ranks 1 2 R ranks 1",
            "  require K between R\n",
        ),
        ("KQBBN", "white first ranks 1 2", "  require K not on b g\n"),
    ] {
        cases.push(rules(hand, place, require));
    }
    for v in cases {
        let listed = placement_arrays(&v).unwrap();
        let counted = placement_count(&v).unwrap();
        for c in Color::ALL {
            let distinct: HashSet<_> = listed.arrays[c].iter().cloned().collect();
            assert_eq!(distinct.len(), listed.arrays[c].len(), "{}", v.name());
            assert_eq!(distinct, arrays_by_dropping(&v, c), "{} {c}", v.name());
            assert_eq!(
                counted.arrays[c],
                listed.arrays[c].len() as u128,
                "{} {c}",
                v.name()
            );
        }
        assert_eq!(counted.mirrored, listed.mirrored as u128, "{}", v.name());
        assert_eq!(counted.positions(), listed.positions() as u128);
    }
}

/// Pre-Chess's hand and eight pawns placed on two ranks: one bishop on one of the 8 dark
/// squares and one on one of the 8 light ones (8 x 8), the other 14 squares K Q R R N N and
/// eight pawns in 14!/(2!2!8!) ways; every array is mirrored by one of Black's. Too many to
/// list, so listing is refused, and a random placement still plays out.
#[test]
fn pre_chess_on_two_ranks_is_counted_not_listed() {
    let v = rules(
        "KQRRBBNNPPPPPPPP",
        "white first ranks 1 2",
        "  require opposite-colours B\n",
    );
    let per_side = 8 * 8 * factorial(14) / (factorial(2) * factorial(2) * factorial(8));
    assert_eq!(per_side, 34_594_560);
    let count = placement_count(&v).unwrap();
    assert_eq!(count.arrays[Color::White], per_side);
    assert_eq!(count.arrays[Color::Black], per_side);
    assert_eq!(count.positions(), per_side * per_side);
    assert_eq!(count.mirrored, per_side);
    let err = placement_arrays(&v).unwrap_err();
    assert_eq!(
        err,
        PlacementError::TooMany {
            side: Color::White,
            arrays: per_side
        }
    );
    assert!(per_side > MAX_LISTED_ARRAYS);
    assert!(err.to_string().contains("34,594,560 arrays"), "{err}");
    let mut seed = 7u64;
    let pos = random_placement(&v, |n| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((seed >> 33) % n as u64) as usize
    });
    let fen = pos.fen_shredder(&v);
    let (board, _) = fen.split_once(' ').unwrap();
    let ranks: Vec<&str> = board.split('/').collect();
    let count_of = |s: &str, ch: char| s.chars().filter(|&c| c == ch).count();
    // every piece placed: sixteen a side on its two home ranks, eight of them pawns
    let pieces = |s: &str| s.chars().filter(|c| c.is_ascii_alphabetic()).count();
    assert_eq!(pieces(ranks[6]) + pieces(ranks[7]), 16, "{fen}");
    assert_eq!(pieces(ranks[0]) + pieces(ranks[1]), 16, "{fen}");
    assert!(board.ends_with("[]"), "both hands empty: {fen}");
    assert_eq!(
        count_of(ranks[6], 'P') + count_of(ranks[7], 'P'),
        8,
        "{fen}"
    );
}

/// A placement that cannot be counted side by side says why.
#[test]
fn overlapping_or_missing_placements_are_refused() {
    let chess = myriad::rules::load("chess").unwrap();
    assert_eq!(
        placement_count(&chess).unwrap_err(),
        PlacementError::NoPlacement
    );
}

const TWO_RANKS: &str = "extends \"pre-chess\"\nname \"Pre-Chess on two ranks\"\n\
    array \"8/8/8/8/8/8/8/8\"\nsetup {\n  hand \"KQRRBBNNPPPPPPPP\"\n\
    place white first ranks 1 2\n  require opposite-colours B\n}\n";

/// Through the binary: `myriad positions` prints the counts at once; `--list` is refused with
/// the count, the limit and a hint, and exits with an error; `myriad playtest`'s starts are
/// drawn by placing at random, with the count as the total.
#[test]
fn the_commands_count_and_refuse_to_list() {
    let path = std::env::temp_dir().join(format!("two-ranks-{}.rules", std::process::id()));
    std::fs::write(&path, TWO_RANKS).unwrap();
    let myriad = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_myriad"))
            .args(args)
            .arg(&path)
            .output()
            .unwrap()
    };
    let per_side: u128 = 34_594_560; // the arithmetic of the test above
    let out = myriad(&["positions"]);
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!(
            "{per_side} arrays a side\n{} positions, {per_side} mirrored\n",
            per_side * per_side
        )
    );
    let out = myriad(&["positions", "--list"]);
    assert!(!out.status.success());
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("White can end its placement in up to 34,594,560 arrays")
            && err.contains("500,000")
            && err.contains("hint: without `--list`"),
        "{err}"
    );
    let v = myriad::rules::compile_source(TWO_RANKS, "two.rules").unwrap();
    let (starts, total) = myriad::playtest::starts(&v, 3, 1);
    assert_eq!(total as u128, per_side * per_side);
    assert_eq!(starts.len(), 3);
    let _ = std::fs::remove_file(&path);
}
