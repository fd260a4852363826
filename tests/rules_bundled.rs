//! The bundled rules files compile and say what the source texts say.

use myriad::rules::{bundled, compile_source, load, summary};
use myriad::types::{Color, Role};
use myriad::variant::{ConstraintKind, ConstraintWhen, StepAction, Variant};

fn letters(v: &Variant, roles: &[Role]) -> String {
    roles.iter().map(|&r| v.role(r).letter).collect()
}

/// A step as text: `black K>QBN?` for a swap, `white mirror`.
fn steps(v: &Variant) -> Vec<String> {
    let setup = v.spec.setup.as_ref().expect("has a setup");
    setup
        .steps
        .iter()
        .map(|s| {
            let side = if s.side == Color::White {
                "white"
            } else {
                "black"
            };
            match &s.action {
                StepAction::Swap {
                    relocate,
                    with,
                    optional,
                    ranks,
                } => {
                    assert!(ranks.is_empty());
                    format!(
                        "{side} {}>{}{}",
                        letters(v, relocate),
                        letters(v, with),
                        if *optional { "?" } else { "" }
                    )
                }
                StepAction::Mirror => format!("{side} mirror"),
                StepAction::SwapSquares { pairs, optional } => {
                    let g = v.spec.geometry;
                    let each: Vec<String> = pairs
                        .iter()
                        .map(|&(a, b)| format!("{}{}", g.name(a), g.name(b)))
                        .collect();
                    let opt = if *optional { "?" } else { "" };
                    format!("{side} {}{opt}", each.join("|"))
                }
            }
        })
        .collect()
}

fn constraints(v: &Variant) -> Vec<String> {
    let setup = v.spec.setup.as_ref().expect("has a setup");
    setup
        .constraints
        .iter()
        .map(|c| {
            let when = match c.when {
                ConstraintWhen::EachSwap => "each",
                ConstraintWhen::Final => "end",
            };
            match &c.kind {
                ConstraintKind::OppositeColors(r) => {
                    format!("{} opposite {when}", v.role(*r).letter)
                }
                ConstraintKind::Between { inner, outer } => {
                    format!(
                        "{} between {} {when}",
                        v.role(*inner).letter,
                        v.role(*outer).letter
                    )
                }
                ConstraintKind::NotOnFiles { role, files } => {
                    let fs: String = files.iter().map(|&f| (b'a' + f) as char).collect();
                    format!("{} not on {fs} {when}", v.role(*role).letter)
                }
                ConstraintKind::NotMirroring {
                    side,
                    unless_unchanged,
                } => format!("{side:?} not mirroring unless={unless_unchanged} {when}"),
            }
        })
        .collect()
}

#[test]
fn every_bundled_file_compiles_by_name_and_with_suffix() {
    let names: Vec<&str> = bundled().iter().map(|(n, _)| *n).collect();
    for name in [
        "chess",
        "capablanca",
        "relocation",
        "chess64",
        "regroupment",
        "regroupment-bwbw",
        "chess484",
        "regroupment-no-knight",
        "regroupment-curtailed",
        "relocation-curtailed",
        "placement",
        "fischer-placement",
        "chess960",
    ] {
        assert!(names.contains(&name), "{name} is bundled");
    }
    for (name, text) in bundled() {
        let v = load(name).unwrap_or_else(|d| panic!("{name}:\n{d}"));
        assert!(!v.spec.description.is_empty(), "{name} has a description");
        assert!(!v.spec.source.is_empty(), "{name} has a source");
        load(&format!("{name}.rules")).unwrap_or_else(|d| panic!("{name}.rules:\n{d}"));
        assert!(!summary(&v).is_empty());
        if name.starts_with("re")
            || name.contains("placement")
            || name.starts_with("chess4")
            || name == &"chess64"
        {
            assert!(text.contains("Winther"), "{name} credits Mats Winther");
        }
    }
}

#[test]
fn chess_is_orthodox() {
    let v = load("chess").unwrap();
    let s = &v.spec;
    assert_eq!((s.geometry.files, s.geometry.ranks), (8, 8));
    let got: Vec<(char, Option<i32>)> = s.roles.iter().map(|r| (r.letter, r.value)).collect();
    assert_eq!(
        got,
        [
            ('K', Some(0)),
            ('Q', Some(900)),
            ('R', Some(500)),
            ('B', Some(330)),
            ('N', Some(320)),
            ('P', Some(100))
        ]
    );
    assert!(s.roles[0].royal);
    let pawn = &s.roles[5];
    assert!(pawn.pawn);
    let promo = pawn.promotion.as_ref().unwrap();
    assert_eq!(promo.zone, 1);
    assert_eq!(letters(&v, &promo.choices), "QRBN");
    let c = s.castling.as_ref().unwrap();
    assert_eq!(v.role(c.rook).letter, 'R');
    assert_eq!(c.king_side(), (6, 5));
    assert_eq!(c.queen_side(), (2, 3));
    assert!(c.curtailed_files.is_empty());
    assert!(!c.strict_safety);
    assert_eq!(s.end, myriad::variant::EndRules::default());
    assert!(s.setup.is_none());
    let e1 = s.geometry.parse_square("e1").unwrap();
    assert_eq!(v.piece_char(s.array[e1.index()].unwrap()), 'K');
    let d8 = s.geometry.parse_square("d8").unwrap();
    assert_eq!(v.piece_char(s.array[d8.index()].unwrap()), 'q');
}

#[test]
fn capablanca_matches_fairy_stockfish() {
    let v = load("capablanca").unwrap();
    let s = &v.spec;
    assert_eq!((s.geometry.files, s.geometry.ranks), (10, 8));
    let a = v.piece_from_char('A').unwrap().role;
    let c = v.piece_from_char('C').unwrap().role;
    assert_eq!(v.role(a).betza, "BN");
    assert_eq!(v.role(c).betza, "RN");
    let castling = s.castling.as_ref().unwrap();
    assert_eq!(castling.king_side(), (8, 7)); // king to i, rook to h
    assert_eq!(castling.queen_side(), (2, 3)); // king to c, rook to d
    let pawn = v.piece_from_char('P').unwrap().role;
    let promo = v.role(pawn).promotion.as_ref().unwrap();
    assert_eq!(letters(&v, &promo.choices), "QCARBN");
    let row: String = (0..10)
        .map(|f| v.piece_char(s.array[s.geometry.square(f, 0).index()].unwrap()))
        .collect();
    assert_eq!(row, "RNABQKBCNR");
}

#[test]
fn relocation_family() {
    let v = load("relocation").unwrap();
    assert_eq!(steps(&v), ["black KQ>QBN?", "white KQ>QBN?"]);
    assert_eq!(constraints(&v), ["B opposite each"]);
    // Chess960 safety by default; `safety strict` is the option (see docs/rules-language.md)
    assert!(!v.spec.castling.as_ref().unwrap().strict_safety);
    assert!(!v.spec.setup.as_ref().unwrap().randomized);

    let v = load("chess64").unwrap();
    assert_eq!(steps(&v), ["black KQ>QBN?", "white KQ>QBN?"]);
    assert!(v.spec.setup.as_ref().unwrap().randomized);

    let v = load("relocation-curtailed").unwrap();
    let c = v.spec.castling.as_ref().unwrap();
    assert_eq!(c.curtailed_files, [1, 6]);
    assert!(!c.strict_safety);
    assert_eq!(steps(&v), ["black KQ>QBN?", "white KQ>QBN?"]);
}

#[test]
fn regroupment_family() {
    // "Black begins by deciding whether to relocate the king ... he then has the option of
    // relocating the queen. White subsequently makes his king and queen relocations."
    let v = load("regroupment").unwrap();
    assert_eq!(
        steps(&v),
        ["black K>QBN?", "black Q>BN?", "white K>QBN?", "white Q>BN?"]
    );
    assert_eq!(constraints(&v), ["B opposite end"]);
    assert!(!v.spec.castling.as_ref().unwrap().strict_safety);

    let v = load("regroupment-bwbw").unwrap();
    assert_eq!(
        steps(&v),
        ["black K>QBN?", "white K>QBN?", "black Q>BN?", "white Q>BN?"]
    );

    let v = load("regroupment-no-knight").unwrap();
    assert_eq!(
        steps(&v),
        ["black K>QB?", "black Q>BN?", "white K>QB?", "white Q>BN?"]
    );

    let v = load("regroupment-curtailed").unwrap();
    assert_eq!(v.spec.castling.as_ref().unwrap().curtailed_files, [1, 6]);

    let v = load("chess484").unwrap();
    assert_eq!(steps(&v).len(), 4);
    assert!(v.spec.setup.as_ref().unwrap().randomized);
    assert_eq!(constraints(&v), ["B opposite end"]);
}

#[test]
fn placement_family() {
    let v = load("placement").unwrap();
    assert_eq!(
        steps(&v),
        [
            "black K>QBN?",
            "white mirror",
            "white Q>BN?",
            "black mirror"
        ]
    );
    assert_eq!(constraints(&v), ["B opposite each"]);

    let v = load("fischer-placement").unwrap();
    assert_eq!(
        steps(&v),
        [
            "black K>QBN?",
            "white mirror",
            "white Q>BNR?",
            "black mirror"
        ]
    );
    assert_eq!(constraints(&v), ["B opposite each", "K between R each"]);

    let v = load("chess960").unwrap();
    let setup = v.spec.setup.as_ref().unwrap();
    assert!(setup.steps.is_empty());
    assert_eq!(setup.shuffle.as_ref().map(|s| s.mirrored), Some(true));
    assert_eq!(constraints(&v), ["B opposite end", "K between R end"]);
}

#[test]
fn extends_overrides_items_and_replaces_pieces() {
    let src = r#"
extends "chess"
name "Knightrider Chess"
piece Nightrider N moves "NN" value 500   # replaces the knight by letter
piece Amazon A moves "QN" value 1200
piece Pawn P moves "fmWfceFifmnD" pawn promote on rank 8 to A Q
castling none
end { stalemate loss }
"#;
    let v = compile_source(src, "knightrider.rules").unwrap();
    let s = &v.spec;
    assert_eq!(s.name, "Knightrider Chess");
    let names: Vec<&str> = s.roles.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "King",
            "Queen",
            "Rook",
            "Bishop",
            "Nightrider",
            "Pawn",
            "Amazon"
        ]
    );
    assert_eq!(s.roles[4].betza, "NN");
    assert!(s.castling.is_none());
    assert!(!s.end.stalemate_draw);
    assert_eq!(s.end.repetition, None);
    let promo = s.roles[5].promotion.as_ref().unwrap();
    assert_eq!(letters(&v, &promo.choices), "AQ");
    assert_eq!(s.description, load("chess").unwrap().spec.description);
}

#[test]
fn promotion_zone_counts_from_the_far_end() {
    let src = r#"
extends "chess"
name "Early Promotion"
piece Pawn P moves "fmWfceFifmnD" pawn promote on rank 6 to Q
"#;
    let v = compile_source(src, "early.rules").unwrap();
    assert_eq!(v.spec.roles[5].promotion.as_ref().unwrap().zone, 3);
}

#[test]
fn wide_boards_take_two_digit_runs() {
    let src = r#"
name "Wide"
board 12x4
piece King K moves "K" royal
piece Rook R moves "R"
array "r4k6/12/12/R10K"
"#;
    let v = compile_source(src, "wide.rules").unwrap();
    assert_eq!(v.spec.geometry.files, 12);
    assert!(v.spec.castling.is_none());
    assert_eq!(v.spec.end, myriad::variant::EndRules::default());
}

#[test]
fn unknown_names_are_reported() {
    let err = load("regrupment").unwrap_err();
    let text = err.to_string();
    assert!(
        text.contains("no rules file or bundled game named `regrupment`"),
        "{text}"
    );
    assert!(text.contains("did you mean `regroupment`?"), "{text}");
}

#[test]
fn summary_lists_the_essentials() {
    let v = load("regroupment").unwrap();
    let s = summary(&v);
    for needle in [
        "Regroupment Chess",
        "board: 8x8",
        "K King \"K\" value 0 royal",
        "P Pawn \"fmWfceFifmnD\" value 100 pawn, promotes on the last rank to Q R B N",
        "1. black swaps K with Q B N (optional)",
        "4. white swaps Q with B N (optional)",
        "require B on opposite colours at end",
        "castling: rook R; king-side king g rook f; queen-side king c rook d",
        "3-fold repetition",
    ] {
        assert!(s.contains(needle), "missing {needle:?} in\n{s}");
    }
}

#[test]
fn extends_resolves_relative_paths_and_load_takes_paths() {
    let src = "extends \"inc-depth-9\"\nname \"Relative\"\n";
    let v = compile_source(src, "tests/bad_rules/relative.rules").unwrap();
    assert_eq!(v.spec.name, "Relative");
    assert_eq!(v.spec.roles.len(), 6);
    let v = load("rules/regroupment.rules").unwrap();
    assert_eq!(v.origin().display(), "rules/regroupment.rules");
    assert_eq!(steps(&v).len(), 4);
}
