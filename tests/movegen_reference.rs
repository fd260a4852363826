//! The fast, table-driven move generator against a slow, obvious one written here from the
//! Betza atoms alone: square-by-square walks, a naive make, and legality by asking whether any
//! enemy move could capture the royal piece afterwards.
//!
//! The games are random: boards from 4x4 to 12x12 (so both the 64-bit and the wide bit sets
//! are exercised), fairy pieces (nightriders, limited rides, lame and initial leaps, directional
//! atoms, a non-king royal piece), random arrays, castling and en passant. Each position of a
//! random game is compared move by move.

use myriad::position::AnyPosition;
use myriad::types::{CastlingSide, Color, Geometry, Piece, Role, Square};
use myriad::variant::{betza, CastlingRules, EndRules, Promotion, RoleDef, Variant, VariantSpec};
use std::collections::BTreeSet;

/// The project's own reproducible generator (SplitMix64).
use myriad::game::setup::Rng;

const POOL: &[&str] = &[
    "Q", "R", "B", "N", "NN", "R3", "W", "F", "D", "A", "H", "mNcK", "fR", "bB", "sW", "vN", "ffN",
    "(1,3)", "nDnA", "iNW", "BN", "RN", "mRcB", "fmWfcF", "WB2", "fsW", "Z", "C", "G",
];

/// A random game description: a royal piece, castling rook, pawn and 2..5 others.
fn random_variant(rng: &mut Rng) -> Variant {
    let files = 4 + rng.below(9) as u8;
    let ranks = 4 + rng.below(9) as u8;
    let g = Geometry::new(files, ranks).unwrap();
    let letters = ['K', 'R', 'P', 'A', 'C', 'D', 'E', 'F', 'G'];
    let royal_betza = if rng.below(4) == 0 { "W" } else { "K" };
    let mut betzas = vec![
        royal_betza.to_string(),
        "R".to_string(),
        "fmWfceFifmnD".to_string(),
    ];
    let extra = 2 + rng.below(4);
    for _ in 0..extra {
        betzas.push(POOL[rng.below(POOL.len())].to_string());
    }
    let n = betzas.len();
    let roles: Vec<RoleDef> = betzas
        .iter()
        .enumerate()
        .map(|(i, b)| RoleDef {
            name: format!("piece{i}"),
            letter: letters[i],
            san: None,
            value: None,
            betza: b.clone(),
            atoms: betza::parse(b).unwrap_or_else(|e| panic!("{b}: {e}")),
            royal: i == 0,
            pawn: i == 2,
            promotion: (i == 2).then(|| Promotion {
                zone: 1,
                choices: (3..n as u8).chain([1]).map(Role).collect(),
                black_choices: None,
                optional: false,
                captured: false,
                leaving: false,
            }),
            image: None,
            initial_ranks: None,
            ep_ranks: None,
        })
        .collect();
    // array: king and rooks on the back rank, pawns on the second, others anywhere else
    let mut array = vec![None; g.len()];
    for c in Color::ALL {
        let back = if c.is_white() { 0 } else { ranks - 1 };
        let second = if c.is_white() { 1 } else { ranks - 2 };
        let kf = 1 + rng.below(files as usize - 2) as u8;
        array[g.square(kf, back).index()] = Some(Piece {
            color: c,
            role: Role(0),
        });
        array[g.square(0, back).index()] = Some(Piece {
            color: c,
            role: Role(1),
        });
        array[g.square(files - 1, back).index()] = Some(Piece {
            color: c,
            role: Role(1),
        });
        for f in 0..files {
            if rng.below(3) > 0 && ranks > 4 {
                array[g.square(f, second).index()] = Some(Piece {
                    color: c,
                    role: Role(2),
                });
            }
        }
        for _ in 0..(2 + rng.below(5)) {
            let s = g.square(
                rng.below(files as usize) as u8,
                rng.below(ranks as usize) as u8,
            );
            if array[s.index()].is_none() {
                array[s.index()] = Some(Piece {
                    color: c,
                    role: Role(3 + rng.below(n - 3) as u8),
                });
            }
        }
    }
    let kk = (files - 2).max(1).min(files - 1);
    let castling = Some(CastlingRules {
        strict_safety: rng.below(3) == 0,
        ..CastlingRules::new(Role(1), (kk, kk - 1), (1.min(files - 1), 2.min(files - 1)))
    });
    Variant::new(VariantSpec {
        name: "random".into(),
        description: String::new(),
        source: String::new(),
        pgn_variant: None,
        notation: Default::default(),
        origin: myriad::variant::Origin::File("random".into()),
        geometry: g,
        roles,
        array,
        castling,
        end: EndRules::default(),
        setup: None,
        drops: None,
        regions: Default::default(),
    })
    .expect("random variant compiles")
}

/// The naive board: one entry per square.
#[derive(Clone)]
struct Naive {
    board: Vec<Option<Piece>>,
    turn: Color,
    castling: Vec<(Color, Square)>,
    ep: Option<(Square, Square)>,
}

fn naive_from(v: &Variant, p: &AnyPosition) -> Naive {
    let rights = p.castling_rights();
    let mut castling = Vec::new();
    for c in Color::ALL {
        for s in CastlingSide::ALL {
            if let Some(r) = rights[c][s] {
                castling.push((c, r));
            }
        }
    }
    Naive {
        board: p.array(v),
        turn: p.turn(),
        castling,
        ep: p.ep().map(|e| (e.target, e.victim)),
    }
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Kind {
    Normal,
    Ep,
    Castle,
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
struct NMove {
    from: Square,
    to: Square,
    promo: Option<Role>,
    kind: Kind,
}

fn initial_ok(v: &Variant, n: &Naive, sq: Square, p: Piece) -> bool {
    let g = v.geometry();
    // the ranks on which this role starts in the array, from its owner's side
    let rel = |s: Square| {
        if p.color.is_white() {
            g.rank(s)
        } else {
            g.ranks - 1 - g.rank(s)
        }
    };
    let start_ranks: BTreeSet<u8> = g
        .squares()
        .filter(|s| v.spec.array[s.index()] == Some(p))
        .map(rel)
        .collect();
    let _ = n;
    start_ranks.contains(&rel(sq))
}

/// Pseudo-legal moves of `color` (captures only when `captures_only`), by walking the atoms.
fn pseudo(v: &Variant, n: &Naive, color: Color, captures_only: bool) -> Vec<NMove> {
    let g = v.geometry();
    let mut out = Vec::new();
    for s in g.squares() {
        let Some(p) = n.board[s.index()] else {
            continue;
        };
        if p.color != color {
            continue;
        }
        let def = v.role(p.role);
        for a in &def.atoms {
            let dy = if color.is_white() { a.dy } else { -a.dy } as i32;
            let dx = a.dx as i32;
            if a.initial && !initial_ok(v, n, s, p) {
                continue;
            }
            let (f, r) = (g.file(s) as i32, g.rank(s) as i32);
            let max = if a.range == 0 { 64 } else { a.range as i32 };
            let mut k = 1;
            while k <= max {
                let Some(t) = g.square_at(f + dx * k, r + dy * k) else {
                    break;
                };
                if a.lame && !a.is_rider() {
                    let steps = gcd(dx, dy);
                    let (sx, sy) = (dx / steps, dy / steps);
                    if (1..steps).any(|j| {
                        n.board[g.square_at(f + sx * j, r + sy * j).unwrap().index()].is_some()
                    }) {
                        break;
                    }
                }
                match n.board[t.index()] {
                    None => {
                        if a.mode.quiet && !captures_only {
                            out.push(NMove {
                                from: s,
                                to: t,
                                promo: None,
                                kind: Kind::Normal,
                            });
                        }
                        if a.en_passant && a.mode.capture && n.ep.map(|e| e.0) == Some(t) {
                            out.push(NMove {
                                from: s,
                                to: t,
                                promo: None,
                                kind: Kind::Ep,
                            });
                        }
                    }
                    Some(q) => {
                        if q.color != color && a.mode.capture {
                            out.push(NMove {
                                from: s,
                                to: t,
                                promo: None,
                                kind: Kind::Normal,
                            });
                        }
                        break;
                    }
                }
                if !a.is_rider() {
                    break;
                }
                k += 1;
            }
        }
    }
    // promotions
    let mut expanded = Vec::new();
    for m in out {
        let p = n.board[m.from.index()].unwrap();
        let zone = v.role(p.role).promotion.as_ref().filter(|pr| {
            let rel = if color.is_white() {
                g.rank(m.to)
            } else {
                g.ranks - 1 - g.rank(m.to)
            };
            rel >= g.ranks - pr.zone
        });
        match zone {
            Some(pr) => {
                for &c in &pr.choices {
                    expanded.push(NMove {
                        promo: Some(c),
                        ..m
                    });
                }
            }
            None => expanded.push(m),
        }
    }
    expanded
}

fn gcd(a: i32, b: i32) -> i32 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

fn make(v: &Variant, n: &Naive, m: NMove) -> Naive {
    let mut b = n.clone();
    let p = b.board[m.from.index()].unwrap();
    match m.kind {
        Kind::Castle => {
            let rook = b.board[m.to.index()].unwrap();
            let (kt, rt) = landing(v, m.from, m.to);
            b.board[m.from.index()] = None;
            b.board[m.to.index()] = None;
            b.board[kt.index()] = Some(p);
            b.board[rt.index()] = Some(rook);
        }
        Kind::Ep => {
            b.board[n.ep.unwrap().1.index()] = None;
            b.board[m.to.index()] = Some(p);
            b.board[m.from.index()] = None;
        }
        Kind::Normal => {
            b.board[m.to.index()] = Some(
                m.promo
                    .map(|r| Piece {
                        color: p.color,
                        role: r,
                    })
                    .unwrap_or(p),
            );
            b.board[m.from.index()] = None;
        }
    }
    b.turn = !n.turn;
    b
}

fn landing(v: &Variant, king: Square, rook: Square) -> (Square, Square) {
    let g = v.geometry();
    let c = v.castling().unwrap();
    let (kf, rf) = if g.file(rook) > g.file(king) {
        c.king_side()
    } else {
        c.queen_side()
    };
    (g.square(kf, g.rank(king)), g.square(rf, g.rank(king)))
}

fn royal_square(v: &Variant, n: &Naive, c: Color) -> Square {
    v.geometry()
        .squares()
        .find(|s| {
            n.board[s.index()]
                == Some(Piece {
                    color: c,
                    role: v.royal,
                })
        })
        .unwrap()
}

/// Could `by` capture on `sq`? (An empty square gets a stand-in piece of the other side, so
/// that capture-only atoms see it.)
fn attacked(v: &Variant, n: &Naive, sq: Square, by: Color) -> bool {
    let mut probe = n.clone();
    if probe.board[sq.index()].is_none() {
        probe.board[sq.index()] = Some(Piece {
            color: !by,
            role: v.royal,
        });
    }
    pseudo(v, &probe, by, true)
        .iter()
        .any(|m| m.to == sq && m.kind == Kind::Normal)
}

fn naive_legal(v: &Variant, n: &Naive) -> Vec<NMove> {
    let us = n.turn;
    let mut out: Vec<NMove> = pseudo(v, n, us, false)
        .into_iter()
        .filter(|&m| {
            let after = make(v, n, m);
            !attacked(v, &after, royal_square(v, &after, us), !us)
        })
        .collect();
    // castling, Chess960 rules, written out plainly
    let g = v.geometry();
    let k = royal_square(v, n, us);
    if !attacked(v, n, k, !us) {
        for &(c, r) in &n.castling {
            if c != us
                || g.rank(r) != g.rank(k)
                || n.board[r.index()]
                    != Some(Piece {
                        color: us,
                        role: v.castling().unwrap().rook,
                    })
            {
                continue;
            }
            let (kt, rt) = landing(v, k, r);
            let span = |a: Square, b: Square| {
                let (lo, hi) = (g.file(a).min(g.file(b)), g.file(a).max(g.file(b)));
                (lo..=hi)
                    .map(|f| g.square(f, g.rank(a)))
                    .collect::<Vec<_>>()
            };
            let mut need_empty = span(k, kt);
            need_empty.extend(span(r, rt));
            if need_empty
                .iter()
                .any(|&s| s != k && s != r && n.board[s.index()].is_some())
            {
                continue;
            }
            // the king may not pass through or land on an attacked square
            let mut lifted = n.clone();
            lifted.board[k.index()] = None;
            let path_ok = span(k, kt)
                .iter()
                .filter(|&&s| s != kt && s != k)
                .all(|&s| !attacked(v, &lifted, s, !us));
            let m = NMove {
                from: k,
                to: r,
                promo: None,
                kind: Kind::Castle,
            };
            let after = make(v, n, m);
            let land_ok = !attacked(v, &after, kt, !us);
            let strict_ok = !v.castling().unwrap().strict_safety
                || span(k, r)
                    .iter()
                    .filter(|&&s| s != k && s != r)
                    .all(|&s| !attacked(v, &lifted, s, !us));
            if path_ok && land_ok && strict_ok {
                out.push(m);
            }
        }
    }
    out
}

fn uci(v: &Variant, m: &NMove) -> String {
    let g = v.geometry();
    let promo = m
        .promo
        .map(|r| v.role(r).letter.to_ascii_lowercase().to_string())
        .unwrap_or_default();
    format!("{}{}{}", g.name(m.from), g.name(m.to), promo)
}

#[test]
fn fast_generator_matches_naive_one_on_random_fairy_games() {
    let mut rng = Rng(0x4D79_7269_6164);
    let mut compared = 0;
    let mut wide = 0;
    let mut castles = 0;
    let mut eps = 0;
    for _ in 0..200 {
        let v = random_variant(&mut rng);
        let mut pos = AnyPosition::start(&v);
        // a start where the side not to move is in check is not a position: skip it
        let mut tmp = pos;
        tmp.set_turn(Color::Black);
        if tmp.is_check(&v) {
            continue;
        }
        if !v.is_small() {
            wide += 1;
        }
        for _ in 0..50 {
            let n = naive_from(&v, &pos);
            let reference: BTreeSet<String> =
                naive_legal(&v, &n).iter().map(|m| uci(&v, m)).collect();
            let fast = pos.legal_moves(&v);
            let ours: BTreeSet<String> = fast.iter().map(|&m| pos.uci(&v, m, true)).collect();
            assert_eq!(
                ours,
                reference,
                "moves differ at {} ({:?})\nbetza: {:?}\nonly fast: {:?}\nonly naive: {:?}",
                pos.fen_shredder(&v),
                v.castling(),
                v.spec
                    .roles
                    .iter()
                    .map(|r| r.betza.clone())
                    .collect::<Vec<_>>(),
                ours.difference(&reference).collect::<Vec<_>>(),
                reference.difference(&ours).collect::<Vec<_>>()
            );
            compared += 1;
            if fast.is_empty() {
                break;
            }
            castles += fast
                .iter()
                .filter(|m| m.kind == myriad::types::MoveKind::Castle)
                .count();
            eps += fast
                .iter()
                .filter(|m| m.kind == myriad::types::MoveKind::EnPassant)
                .count();
            let m = fast.as_slice()[rng.below(fast.len())];
            pos.play(&v, m);
            assert_eq!(pos.hash(), pos.compute_hash());
        }
    }
    assert!(compared > 4000, "only {compared} positions compared");
    assert!(wide > 5, "only {wide} games on boards above 64 squares");
    assert!(
        castles > 0 && eps > 0,
        "castling {castles}, en passant {eps}: the rarer rules were not reached"
    );
}

/// A 12x12 board crowded with wide leapers has more legal moves than a move list keeps inline
/// ([`MoveList::CAPACITY`]): none may be dropped, and the fast list must still equal the naive
/// one, in perft too (which counts the last ply from the list's length). The leapers only
/// move, never capture, so the kings are not in check.
#[test]
fn a_position_with_more_moves_than_the_inline_list_holds_loses_none() {
    use myriad::types::MoveList;
    let rules = r#"
name "Leapers"
board 12x12
piece King   K moves "K" royal
piece Leaper L moves "mNmCmZmGmAmDmWmFmH"
array "k11/12/LLLLLLLLLLLL/12/LLLLLLLLLLLL/12/12/LLLLLLLLLLLL/12/LLLLLLLLLLLL/12/11K"
end { stalemate draw }
"#;
    let v = myriad::rules::compile_source(rules, "leapers.rules").unwrap_or_else(|d| panic!("{d}"));
    let pos = AnyPosition::start(&v);
    let fast = pos.legal_moves(&v);
    assert!(
        fast.len() > MoveList::CAPACITY,
        "only {} moves: the position does not test the spill",
        fast.len()
    );
    let n = naive_from(&v, &pos);
    let reference: BTreeSet<String> = naive_legal(&v, &n).iter().map(|m| uci(&v, m)).collect();
    let ours: Vec<String> = fast.iter().map(|&m| pos.uci(&v, m, true)).collect();
    assert_eq!(
        ours.len(),
        reference.len(),
        "a move was dropped or repeated"
    );
    assert_eq!(ours.into_iter().collect::<BTreeSet<_>>(), reference);
    assert_eq!(pos.perft(&v, 1), reference.len() as u64);
}
