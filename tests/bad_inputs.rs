//! The bad-input catalogue beyond rules files (those are `tests/bad_rules/`, checked by
//! `tests/rules_errors.rs`): FEN, move text, PGN and UCI input as users type them. Each case
//! checks its message: what is wrong, where, and a hint; none of them may panic. In UCI mode
//! every bad line is answered with an `info string` and the engine goes on answering.

use std::io::Cursor;
use std::sync::Arc;

use myriad::game::{pgn, Game};
use myriad::position::AnyPosition;
use myriad::variant::Variant;

fn load(name: &str) -> Arc<Variant> {
    myriad::rules::load(name).unwrap_or_else(|d| panic!("{name}: {d}"))
}

/// Runs `f` and turns a panic into a failure message.
fn no_panic<T>(what: &str, f: impl FnOnce() -> T) -> Result<T, String> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).map_err(|e| {
        let msg = e
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default();
        format!("{what}: panicked: {msg}")
    })
}

/// Checks that `actual` contains every fragment; returns a failure description if not.
/// With `SHOW=1` every message is printed (to review them by eye).
fn expect(case: &str, actual: &str, fragments: &[&str]) -> Option<String> {
    if std::env::var_os("SHOW").is_some() {
        eprintln!("{case}\n{actual}\n");
    }
    let missing: Vec<&&str> = fragments.iter().filter(|f| !actual.contains(**f)).collect();
    if missing.is_empty() {
        None
    } else {
        Some(format!(
            "{case}\n  missing {missing:?}\n  actual:\n{}",
            actual
                .lines()
                .map(|l| format!("    | {l}"))
                .collect::<Vec<_>>()
                .join("\n")
        ))
    }
}

fn report(kind: &str, failures: Vec<String>, cases: usize) {
    assert!(
        failures.is_empty(),
        "{} of {cases} {kind} cases failed:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// (variant, FEN, fragments of the message). Every message names the column and has a hint.
const FEN_CASES: &[(&str, &str, &[&str])] = &[
    // Three-check's check counters, between en passant and the halfmove clock
    (
        "3check",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x+3 0 1",
        &[
            "check counters `x+3`",
            "column 54",
            "help: write the checks each side still has to give, such as `3+3`",
        ],
    ),
    (
        "3check",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3+3 0 1",
        &["check counters `3+3+3`", "help:"],
    ),
    // Makruk's count stands in the en passant and halfmove fields
    (
        "makruk",
        "8/8/8/3k4/8/8/8/R3K3 w - 32 x 61",
        &[
            "halfmove clock `x`",
            "column 29",
            "help: write a whole number",
        ],
    ),
    // Crazyhouse's hands and promoted marks
    (
        "crazyhouse",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[X] w KQkq - 0 1",
        &["unknown piece `X` in hand", "column 45", "help:"],
    ),
    (
        "crazyhouse",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q w KQkq - 0 1",
        &["the hand is not closed by `]`", "help:"],
    ),
    (
        "crazyhouse",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[K] w KQkq - 0 1",
        &["white has 2 king pieces", "help:"],
    ),
    (
        "crazyhouse",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/~RNBQKBNR[] w KQkq - 0 1",
        &["`~` does not follow a piece letter", "column 36", "help:"],
    ),
    (
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ~KBNR w KQkq - 0 1",
        &[
            "`~` marks a promoted piece, but in this game captures do not go to hand",
            "help: remove the `~`",
        ],
    ),
    (
        "chess",
        "",
        &["empty fen", "help: a FEN starts with the board"],
    ),
    ("chess", "   ", &["empty fen", "help:"]),
    (
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        &[
            "the board has 7 ranks, the game needs 8",
            "column 1",
            "help: write 8 ranks separated by `/`",
        ],
    ),
    (
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &["the board has 9 ranks, the game needs 8", "help:"],
    ),
    (
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
        &[
            "unknown piece letter `X`",
            "column 43",
            "help: this game's pieces are K Q R B N P",
        ],
    ),
    (
        "chess",
        "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[
            "rank 7 (`ppppppppp`) has more than 8 squares",
            "column 10",
            "help: each rank describes 8 squares",
        ],
    ),
    (
        "chess",
        "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[
            "rank 7 (`ppppppp`) has 7 squares, the board has 8 files",
            "column 10",
            "help:",
        ],
    ),
    (
        "chess",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &["rank 6 (`9`) has more than 8 squares", "column 19", "help:"],
    ),
    (
        "chess",
        "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &["rank 6 (`44`) has more than 8 squares", "help:"],
    ),
    (
        "chess",
        "rnbqkbnr/pppppppp/0/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[
            "`0` empty squares",
            "column 19",
            "help: digits count empty squares, from 1",
        ],
    ),
    (
        "chess",
        "rnbqkbnr/pppppppp/99999999999999999999/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[
            "rank 6 (`99999999999999999999`) has more than 8 squares",
            "help:",
        ],
    ),
    (
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        &["side to move `x`", "column 45", "help: write `w` or `b`"],
    ),
    (
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkX - 0 1",
        &["castling right `X`", "column 50", "help:"],
    ),
    (
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1",
        &[
            "castling right `K` repeats a side",
            "help: each side has one right per wing",
        ],
    ),
    (
        "chess",
        "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &["castling right `k`", "help:"],
    ),
    (
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
        &[
            "en passant square `e9`",
            "column 52",
            "help: write a square such as `e3`, or `-`",
        ],
    ),
    (
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq 4e 0 1",
        &["en passant square `4e`", "help:"],
    ),
    (
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
        &[
            "halfmove clock `x`",
            "column 54",
            "help: write a whole number such as `0`",
        ],
    ),
    (
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
        &["halfmove clock `-1`", "help:"],
    ),
    (
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 one",
        &[
            "move number `one`",
            "column 56",
            "help: write a whole number such as `1`",
        ],
    ),
    (
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
        &[
            "unexpected `extra` after the move number",
            "column 58",
            "help: a FEN has at most six fields",
        ],
    ),
    (
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w - - 0 1",
        &[
            "white has 2 king pieces",
            "column 1",
            "help: each side needs exactly one `K`",
        ],
    ),
    (
        "chess",
        "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
        &[
            "black has 0 king pieces",
            "column 1",
            "help: each side needs exactly one `k`",
        ],
    ),
    (
        "chess",
        "4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1",
        &[
            "black is in check but it is white's turn",
            "help: check the side-to-move field",
        ],
    ),
    (
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNé w KQkq - 0 1",
        &["unknown piece letter `é`", "column 43", "help:"],
    ),
    (
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 1111111111111111111111111111111",
        &[
            "unexpected `1111111111111111111111111111111` after the move number",
            "help:",
        ],
    ),
    (
        "capablanca",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[
            "rank 8 (`rnbqkbnr`) has 8 squares, the board has 10 files",
            "help: each rank describes 10 squares",
        ],
    ),
    (
        "chess",
        "rnabqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &["unknown piece letter `a`", "column 3", "help:"],
    ),
    (
        "pre-chess",
        "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn w - - 0 1",
        &["the hand is not closed by `]`", "column 30", "help:"],
    ),
    (
        "pre-chess",
        "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNXkqrrbbnn] w - - 0 1",
        &["unknown piece `X` in hand", "column 38", "help:"],
    ),
    // Shogi's promoted kinds are written `+P`: a `+` before a kind that has none, or before
    // nothing, is an unknown letter
    (
        "shogi",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSG+KGSNL[] w - - 0 1",
        &["unknown piece letter `+K`", "column 53", "help:", "+P"],
    ),
    (
        "shogi",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN+[] w - - 0 1",
        &["unknown piece letter `+`", "column 57", "help:"],
    ),
    (
        "pre-chess",
        "8/pppppppp/8/8/8/8/PPPPPPPP/4K3[KQRRBBNNkqrrbbnn] w - - 0 1",
        &[
            "white has 2 king pieces",
            "help: each side needs exactly one `K`",
        ],
    ),
    // a placement places every piece in hand: more than the free squares can never finish
    (
        "choose960",
        "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRRRRRRRRRRRBBNNkqrrbbnn] w - - 0 1",
        &[
            "White holds 18 pieces in hand (KQRBN), but has only 8 empty squares",
            "column 30",
            "help: every piece in hand is placed before move 1",
        ],
    ),
    (
        "pre-chess",
        "rn6/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] b - - 0 1",
        &[
            "Black holds 8 pieces in hand (KQRBN), but has only 6 empty squares",
            "column 32",
            "help:",
        ],
    ),
];

#[test]
fn fen_errors_say_what_where_and_how() {
    let mut failures = vec![];
    // generated cases: an overlong FEN, and a 12x12-sized board on 8x8
    let long = format!("{} w - - 0 1", "8/".repeat(600));
    let big = format!("{}12 w - - 0 1", "12/".repeat(11));
    let generated: Vec<(&str, &str, &[&str])> = vec![
        (
            "chess",
            &long,
            &[
                "fen is 1210 bytes long",
                "column 1",
                "help: a FEN has at most 1024 bytes",
            ],
        ),
        (
            "chess",
            &big,
            &[
                "the board has 12 ranks, the game needs 8",
                "column 1",
                "help:",
            ],
        ),
    ];
    for (i, (variant, fen, fragments)) in FEN_CASES.iter().chain(&generated).enumerate() {
        let v = load(variant);
        let case = format!("FEN case {i} ({variant}): {}", &fen[..fen.len().min(100)]);
        let r = no_panic(&case, || AnyPosition::from_fen(&v, fen).map(|_| ()));
        let r2 = no_panic(&case, || Game::from_fen(v.clone(), fen).map(|_| ()));
        match (r, r2) {
            (Ok(Err(e)), Ok(Err(e2))) => {
                assert_eq!(
                    e, e2,
                    "{case}: Game::from_fen and AnyPosition::from_fen differ"
                );
                if let Some(f) = expect(&case, &e.to_string(), fragments) {
                    failures.push(f);
                }
            }
            (Ok(Ok(())), _) | (_, Ok(Ok(()))) => failures.push(format!("{case}: accepted")),
            (Err(p), _) | (_, Err(p)) => failures.push(p),
        }
    }
    report("FEN", failures, FEN_CASES.len() + generated.len());
}

/// (variant, FEN or "" for the start, setup moves to play first, move text, fragments).
type MoveCase = (
    &'static str,
    &'static str,
    &'static [&'static str],
    &'static str,
    &'static [&'static str],
);

const MOVE_CASES: &[MoveCase] = &[
    ("chess", "", &[], "", &["`` is not a move", "help:"]),
    (
        "chess",
        "",
        &[],
        "e5",
        &["`e5` is not a legal move here", "help:"],
    ),
    (
        "chess",
        "",
        &[],
        "Zf3",
        &["no piece has the letter `Z`", "help:"],
    ),
    (
        "chess",
        "",
        &[],
        "e2e5",
        &["`e2e5`", "help: the piece on e2 can play e3 e4"],
    ),
    (
        "chess",
        "",
        &[],
        "e3e4",
        &["`e3e4`", "help: there is no piece on e3"],
    ),
    ("chess", "", &[], "O-O", &["`O-O`", "help:"]),
    (
        "chess",
        "",
        &[],
        "é4",
        &["`é4` is not a move", "help: write moves in SAN"],
    ),
    ("chess", "", &[], "Nf3 Nf6", &["`Nf3 Nf6`", "help:"]),
    ("chess", "", &[], "z9z9", &["`z9z9`", "help:"]),
    ("chess", "", &[], "swap e1 d1", &["`swap e1 d1`", "help:"]),
    // a promotion into a promoted kind (`=+B`) where the move cannot promote
    (
        "shogi",
        "",
        &["c3c4", "c7c6"],
        "Bd4=+B",
        &["`Bd4=+B`", "help:"],
    ),
    // Shogi's own notation (Hodges, `notation hodges`): a move that is not legal, an
    // ambiguous one, a square off the board, a drop with nothing in hand, a bad letter
    (
        "shogi",
        "",
        &[],
        "P-75",
        &["`P-75` is not a legal move here", "help: legal moves: "],
    ),
    (
        "shogi",
        "",
        &[],
        "G-58",
        &["`G-58` is ambiguous", "help: it could be G69-58 or G49-58"],
    ),
    (
        "shogi",
        "",
        &[],
        "P-70",
        &[
            "`P-70` is not a move in Hodges notation",
            "help: write the piece",
        ],
    ),
    (
        "shogi",
        "",
        &[],
        "P*55",
        &["`P*55` is not a legal move here", "help:"],
    ),
    (
        "shogi",
        "",
        &[],
        "P76*55",
        &["`P76*55` is not a move in Hodges notation", "help:"],
    ),
    (
        "shogi",
        "",
        &[],
        "Q-76",
        &[
            "`Q-76`: no piece has the letter `Q`",
            "help: this game's pieces are K G",
        ],
    ),
    (
        "shogi",
        "",
        &[],
        "P-76+",
        &["`P-76+` is not a legal move here", "help:"],
    ),
    (
        "shogi",
        "",
        &[],
        "-76",
        &["`-76` is not a move in Hodges notation", "help:"],
    ),
    (
        "shogi",
        "",
        &[],
        "p-76",
        &["`p-76` is not a move", "help: write moves such as `P-76`"],
    ),
    // Xiangqi's horse and elephant: SAN letters `H` and `E`, FEN letters `N` and `B`
    (
        "xiangqi",
        "",
        &[],
        "Qe2",
        &[
            "`Qe2`: no piece has the letter `Q`",
            "help: this game's pieces are K A B (E) N (H) R C P",
        ],
    ),
    (
        "xiangqi",
        "",
        &[],
        "Hd3",
        &["`Hd3` is not a legal move here", "help:"],
    ),
    (
        "chess",
        "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1",
        &[],
        "Nd2",
        &["`Nd2` is ambiguous", "help:"],
    ),
    (
        "chess",
        "4k3/P7/8/8/8/8/8/4K3 w - - 0 1",
        &[],
        "a8=K",
        &["`a8=K`", "help:"],
    ),
    (
        "chess",
        "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
        &[],
        "Kh7",
        &[
            "the game is over: White wins by checkmate",
            "help: undo a move or start a new game",
        ],
    ),
    (
        "regroupment",
        "",
        &[],
        "swap e8 e1",
        &["`swap e8 e1` is not allowed here", "help:", "allowed:"],
    ),
    (
        "regroupment",
        "",
        &[],
        "e4",
        &["`e4` is not a setup move", "help: the setup phase is on"],
    ),
    (
        "regroupment",
        "",
        &[],
        "swap e8",
        &["`swap e8` is not a setup move", "help:"],
    ),
    (
        "relocation",
        "",
        &["pass"],
        "swap e1 a1",
        &["`swap e1 a1` is not allowed here", "help:", "allowed:"],
    ),
    (
        "pre-chess",
        "",
        &["B@c1", "N@b8"],
        "B@e1",
        &[
            "`B@e1` is not a legal placement here",
            "help: White: place a piece from the hand",
            "allowed:",
        ],
    ),
    (
        "pre-chess",
        "",
        &[],
        "e4",
        &["`e4` is not a legal placement here", "help:"],
    ), // drops in play (Crazyhouse): the hand, the square, the letter
    (
        "crazyhouse",
        "",
        &[],
        "P@e4",
        &[
            "`P@e4` is not a legal drop here",
            "help: white holds no piece in hand",
        ],
    ),
    (
        "crazyhouse",
        "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1",
        &[],
        "P@a8",
        &[
            "`P@a8` is not a legal drop here",
            "help: `P` may be dropped on a2 b2",
        ],
    ),
    (
        "crazyhouse",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Pn] w KQkq - 0 1",
        &[],
        "P@e2",
        &["`P@e2` is not a legal drop here", "help: e2 is not empty"],
    ),
    (
        "crazyhouse",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Pn] w KQkq - 0 1",
        &[],
        "N@e4",
        &[
            "`N@e4` is not a legal drop here",
            "help: white holds P in hand",
        ],
    ),
    (
        "crazyhouse",
        "",
        &[],
        "X@e4",
        &[
            "`X@e4` is not a drop",
            "help: write the piece letter, `@` and the square",
        ],
    ),
    (
        "crazyhouse",
        "",
        &[],
        "P@z9",
        &["`P@z9` is not a drop", "help:"],
    ),
    (
        "chess",
        "",
        &[],
        "N@f3",
        &[
            "`N@f3` is not a legal drop here",
            "help: this game has no drops",
        ],
    ),
];

#[test]
fn move_text_errors_say_what_and_how() {
    let mut failures = vec![];
    for (i, (variant, fen, before, text, fragments)) in MOVE_CASES.iter().enumerate() {
        let v = load(variant);
        let case = format!("move case {i} ({variant} {fen:?} {before:?}): {text:?}");
        let r = no_panic(&case, || {
            let mut g = if fen.is_empty() {
                Game::new_with_setup(v.clone())
            } else {
                Game::from_fen(v.clone(), fen).unwrap()
            };
            for m in *before {
                let mv = g.parse_move(m).unwrap();
                g.play(mv).unwrap();
            }
            g.parse_move(text).map(|_| ())
        });
        match r {
            Ok(Err(e)) => {
                if let Some(f) = expect(&case, &e.to_string(), fragments) {
                    failures.push(f);
                }
            }
            Ok(Ok(())) => failures.push(format!("{case}: accepted")),
            Err(p) => failures.push(p),
        }
    }
    report("move", failures, MOVE_CASES.len());
}

/// (variant, PGN text, fragments). Every message starts with `line:column`.
const PGN_CASES: &[(&str, &str, &[&str])] = &[
    // Shogi's moves in its own notation: the third move cannot promote
    (
        "shogi",
        "[Event \"x\"]\n\n1. P-76 P-34 2. Bx22+ Sx22 3. B*45+ *\n",
        &["3:31: `B*45+` is not a legal move here", "help: legal moves: "],
    ),
    (
        "chess",
        "[Event \"x\"]\n\n1. e4 e4 *\n",
        &["3:7: `e4` is not a legal move here", "help:"],
    ),
    (
        "chess",
        "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 Bxb5 *\n",
        &["3:28: `Bxb5` is not a legal move here", "help: legal moves: Ke7"],
    ),
    (
        "chess",
        "[Variant \"Capablanca Chess\"]\n\n1. e4 *\n",
        &["1:", "this game is `Capablanca Chess`, not `Chess`", "help: load the rules file of `Capablanca Chess`"],
    ),
    (
        "chess",
        "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1\"]\n\n*\n",
        &["2:", "bad FEN: unknown piece letter `X`", "help:"],
    ),
    (
        "chess",
        "[Event \"x\"]\n\n1. e4 { unclosed comment\n",
        &["3:7:", "this comment is never closed", "help:"],
    ),
    (
        "chess",
        "[Event \"x\n\n1. e4 *\n",
        &["1:", "the value of tag `Event` is never closed", "help:"],
    ),
    (
        "chess",
        "[Event \"x\"]\n\n1. e4 (1. d4 d5 *\n",
        &["3:7:", "this variation is never closed", "help:"],
    ),
    ("chess", "[Event\n\n1. e4 *\n", &["1:7: expected the quoted value of tag `Event`", "help: a tag looks like"]),
    ("chess", "[Event \"x\"\n\n1. e4 *\n", &["1:11: expected `]` to close tag `Event`", "help:"]),
    ("chess", "[\"x\"]\n\n1. e4 *\n", &["1:2: expected a tag name", "help:"]),
    (
        "chess",
        "[Event \"x\"]\n\n1. e4 e5 2. Qh5 ## *\n",
        &["3:17: `##` is not a move in SAN", "help: write moves such as"],
    ),
    ("chess", "[Event \"x\"]\n\n1. e4 é5 *\n", &["3:7: `é5` is not a move", "help: write moves in SAN"]),
    (
        "chess",
        "[Event \"x\"]\n\n1. e4 e5 2. Nf3\n3. Nc3 Nc6\n",
        &["4:4:", "`Nc3`", "help:"],
    ),
    (
        "chess",
        "[Event \"x\"]\n\n1. f3 e5 2. g4 Qh4# 3. a3 *\n",
        &["3:24: `a3` comes after the end of the game (Black wins by checkmate)", "help: remove the moves after the last one"],
    ),
    (
        "regroupment",
        "[Variant \"Regroupment Chess\"]\n[SetupSteps \"swap e8 e1, pass\"]\n\n*\n",
        &["2:", "swap e8 e1", "help:"],
    ),
    (
        "regroupment",
        "[Variant \"Regroupment Chess\"]\n[SetupSteps \"pass, pass, pass, pass\"]\n[SetUp \"1\"]\n[FEN \"rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w KQkq - 0 1\"]\n\n*\n",
        &["4:7: the FEN tag is not the position the setup steps lead to", "help: the setup steps give"],
    ),
    (
        "regroupment",
        "[Variant \"Regroupment Chess\"]\n[SetupSteps \"pass, pass\"]\n\n1. e4 *\n",
        &["4:4: `e4` is not a setup move", "help: the setup phase is on: White"],
    ),
    (
        "regroupment",
        "[Variant \"Chess960\"]\n[MyriadRules \"regroupmnet\"]\n\n*\n",
        &["2:15: `MyriadRules` names no bundled rules file: `regroupmnet`", "help: bundled files are chess,", "MyriadRulesFile"],
    ),
    (
        "chess960",
        "[Variant \"Chess960\"]\n[MyriadRules \"regroupment\"]\n\n*\n",
        &["2:15: this game is played under `rules/regroupment.rules`, not `rules/chess960.rules`", "help: load the bundled rules `regroupment`"],
    ),
    (
        "chess",
        "[MyriadRulesFile \"/tmp/my.rules\"]\n[MyriadRulesHash \"12ab\"]\n\n*\n",
        &["2:19: `MyriadRulesHash` is not a hash: `12ab`", "help: write the 16 hexadecimal digits"],
    ),
    (
        "chess",
        "[MyriadRulesFile \"\"]\n\n*\n",
        &["1:19: `MyriadRulesFile` names no file", "help:"],
    ),
    (
        "regroupment",
        "[Variant \"My Game\"]\n[MyriadRulesFile \"/home/me/my-game.rules\"]\n\n*\n",
        &["2:19: this game is played under `/home/me/my-game.rules`", "help: open the rules file"],
    ),
];

#[test]
fn pgn_errors_say_where_what_and_how() {
    let mut failures = vec![];
    for (i, (variant, text, fragments)) in PGN_CASES.iter().enumerate() {
        let v = load(variant);
        let case = format!("PGN case {i} ({variant}): {text:?}");
        match no_panic(&case, || pgn::import(&v, text).map(|_| ())) {
            Ok(Err(e)) => {
                if let Some(f) = expect(&case, &e.to_string(), fragments) {
                    failures.push(f);
                }
                if e.line == 0 || e.column == 0 {
                    failures.push(format!("{case}: no position in {e:?}"));
                }
            }
            Ok(Ok(())) => failures.push(format!("{case}: accepted")),
            Err(p) => failures.push(p),
        }
    }
    report("PGN", failures, PGN_CASES.len());
}

/// A PGN text may hold many games: the first is read and the rest is not looked at, so the
/// limits on size and length apply to that one game.
#[test]
fn pgn_limits_and_files_of_several_games() {
    let v = load("chess");
    // several games: the first is read, the second (even broken) is not
    let two = "[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. e4 e5 2. Kxe8 *\n";
    let g = pgn::import(&v, two).expect("the first game is read");
    assert_eq!(g.history().len(), 2);
    // a first game longer than any legal game
    let mut long = String::from("[Event \"long\"]\n\n");
    for _ in 0..pgn::MAX_PGN_PLIES / 4 + 1 {
        long.push_str("Nf3 Nf6 Ng1 Ng8 ");
    }
    long.push('*');
    let e = pgn::import(&v, &long).unwrap_err();
    assert_eq!(e.line, 3);
    let msg = e.to_string();
    assert!(msg.contains("this game has more than 20000 moves"), "{msg}");
    assert!(
        msg.contains("help: Myriad reads games of at most 20000 plies"),
        "{msg}"
    );
    // a first game that never ends within the size limit
    let mut endless = String::from("[Event \"endless\"]\n\n1. e4 e5\n");
    endless.push_str(&" ".repeat(pgn::MAX_PGN_BYTES));
    endless.push_str("*\n");
    let e = pgn::import(&v, &endless).unwrap_err().to_string();
    assert!(
        e.contains("the first game does not end within the first 16 MiB") && e.contains("help:"),
        "{e}"
    );
    // a big file whose first game is whole: read from disk up to the limit, then imported
    let dir = std::env::temp_dir().join(format!("myriad-pgn-limit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("big.pgn");
    let mut big = String::from("[Event \"big\"]\n\n1. d4 d5 *\n\n");
    while big.len() <= pgn::MAX_PGN_BYTES + 1000 {
        big.push_str("[Event \"more\"]\n\n1. e4 é5 *\n\n");
    }
    std::fs::write(&path, &big).unwrap();
    let text = pgn::read_file(&path).unwrap();
    assert!(text.len() <= pgn::MAX_PGN_BYTES + 1);
    assert_eq!(pgn::import(&v, &text).unwrap().history().len(), 2);
    // not text at all
    std::fs::write(&path, b"[Event \"x\"]\n\xff\xfe 1. e4 *").unwrap();
    let e = pgn::read_file(&path).unwrap_err();
    assert!(
        e.contains("is not a PGN text: it is not UTF-8 (byte 12"),
        "{e}"
    );
    let e = pgn::read_file(&dir.join("missing.pgn")).unwrap_err();
    assert!(
        e.starts_with("cannot read ") && e.contains("missing.pgn"),
        "{e}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// (variant, one bad UCI line, fragments of the `info string` answer).
const UCI_CASES: &[(&str, &str, &[&str])] = &[
    ("chess", "frobnicate", &["info string unknown command `frobnicate`"]),
    ("chess", "UCI", &["info string unknown command `UCI`"]),
    (
        "chess",
        "position fen garbage",
        &["info string error: invalid fen: the board has 1 ranks, the game needs 8 (at column 1); help: write 8 ranks"],
    ),
    (
        "chess",
        "position",
        &["info string error: expected `position startpos` or `position fen <fen>`"],
    ),
    (
        "chess",
        "position fen",
        &["info string error: invalid fen: empty fen (at column 1); help: a FEN starts with the board"],
    ),
    (
        "chess",
        "position startpos moves e2e5",
        &["info string error: move `e2e5`: `e2e5` is not a legal move here; help: the piece on e2 can play e3 e4"],
    ),
    (
        "chess",
        "position startpos moves e2e4 e2e4",
        &["info string error: move `e2e4`: `e2e4` is not a legal move here; help: there is no piece on e2"],
    ),
    (
        "chess",
        "position startpos moves e9e4",
        &["info string error: move `e9e4`: `e9e4` is not a move in SAN; help:"],
    ),
    (
        "regroupment",
        "position startpos moves e8e1",
        &[
            "info string error: move `e8e1`: `swap e8 e1` is not allowed here; help: Black: relocate the king",
            "allowed: pass, swap e8 b8",
        ],
    ),
    ("chess", "go depth x", &["info string `go depth`: `x` is not a number"]),
    ("chess", "go depth", &["info string `go depth` needs a number"]),
    ("chess", "go movetime -", &["info string `go movetime`: `-` is not a number"]),
    ("chess", "go frob 3", &["info string unknown `go` parameter `frob`"]),
    ("chess", "go searchmoves e2e4", &["info string `go searchmoves` is not supported"]),
    ("chess", "go perft x", &["info string `go perft`: `x` is not a number"]),
    ("chess", "setoption name Hash value lots", &["info string bad Hash value `lots` (1..4096 MB)"]),
    ("chess", "setoption name Hash value 0", &["info string bad Hash value `0` (1..4096 MB)"]),
    ("chess", "setoption name Threads value 0", &["info string bad Threads value `0` (1..64)"]),
    ("chess", "setoption name Threads value lots", &["info string bad Threads value `lots` (1..64)"]),
    (
        "chess",
        "setoption name Skill Level value 99",
        &["info string bad Skill Level `99` (1..10)"],
    ),
    ("chess", "setoption name Frobnicate value 1", &["info string unknown option `Frobnicate`"]),
    ("chess", "setoption", &["info string expected `setoption name <id> [value <x>]`"]),
    (
        "chess",
        "position startpos moves \u{e9}4",
        &["info string error: move `é4`: `é4` is not a move; help: write moves in SAN"],
    ),
    ("chess", "\u{ff}\u{fe}garbage", &["info string unknown command `ÿþgarbage`"]),
];

fn uci(variant: &str, input: &[u8]) -> String {
    let v = load(variant);
    let mut out = Vec::new();
    myriad::uci::run(v, Cursor::new(input.to_vec()), &mut out);
    String::from_utf8(out).expect("UCI output is UTF-8")
}

#[test]
fn uci_answers_bad_lines_with_info_string_and_goes_on() {
    let mut failures = vec![];
    for (i, (variant, line, fragments)) in UCI_CASES.iter().enumerate() {
        let case = format!("UCI case {i} ({variant}): {line:?}");
        let input = format!("isready\n{line}\nisready\nposition startpos\ngo depth 1\nquit\n");
        match no_panic(&case, || uci(variant, input.as_bytes())) {
            Ok(out) => {
                let lines: Vec<&str> = out.lines().collect();
                let infos: Vec<&str> = lines
                    .iter()
                    .copied()
                    .filter(|l| l.starts_with("info string"))
                    .collect();
                if infos.len() != 1 {
                    failures.push(format!("{case}: expected one info string, got:\n{out}"));
                    continue;
                }
                if let Some(f) = expect(&case, infos[0], fragments) {
                    failures.push(f);
                }
                let ready = lines.iter().filter(|l| **l == "readyok").count();
                if ready != 2 || !lines.iter().any(|l| l.starts_with("bestmove ")) {
                    failures.push(format!("{case}: the engine did not go on:\n{out}"));
                }
            }
            Err(p) => failures.push(p),
        }
    }
    report("UCI", failures, UCI_CASES.len());
}

/// Input that is not UTF-8 is a bad line like any other, not the end of the session.
#[test]
fn uci_survives_bytes_that_are_not_utf8() {
    let out = uci(
        "chess",
        b"isready\n\xff\xfe\x80 go\nisready\nposition startpos\ngo depth 1\n",
    );
    assert_eq!(out.lines().filter(|l| *l == "readyok").count(), 2, "{out}");
    assert!(out.contains("info string"), "{out}");
    assert!(out.contains("bestmove "), "{out}");
}

#[test]
fn catalogue_size() {
    let rules = std::fs::read_dir("tests/bad_rules")
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| {
            let n = e.file_name().to_string_lossy().to_string();
            n.ends_with(".rules") && !n.starts_with("inc-")
        })
        .count();
    let total =
        rules + FEN_CASES.len() + 2 + MOVE_CASES.len() + PGN_CASES.len() + UCI_CASES.len() + 1;
    eprintln!(
        "bad-input catalogue: {rules} rules files, {} FEN, {} move, {} PGN, {} UCI (+1 non-UTF-8): {total}",
        FEN_CASES.len() + 2,
        MOVE_CASES.len(),
        PGN_CASES.len(),
        UCI_CASES.len()
    );
    assert!(total >= 60);
}
