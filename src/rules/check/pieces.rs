//! The `piece` lines: letters, movement, value, the royal piece, promotion.

use super::{report_twice, role_of};
use crate::rules::ast::{PieceDecl, PromoteDecl, Side, Span, Spanned};
use crate::rules::diagnostic::did_you_mean;
use crate::rules::keywords::{Block, Kw};
use crate::rules::session::Session;
use crate::types::{
    letter_is_upper, letter_text, letter_upper, promoted_base, Geometry, Role, MAX_ROLES,
};
use crate::variant::{betza, Promotion, RoleDef};

/// Checks the pieces, in declaration order; returns a role for each (with what could be read of
/// a faulty one, so that later passes still know every letter).
pub(super) fn check(
    s: &mut Session,
    pieces: &[PieceDecl],
    geometry: Option<Geometry>,
    royal_optional: bool,
) -> Vec<RoleDef> {
    if pieces.is_empty() {
        s.file_error(
            0,
            "this file declares no pieces",
            Some("add `piece` lines, e.g. `piece King K moves \"K\" royal`".into()),
        );
    }
    let mut roles = Vec::new();
    let mut royal_seen: Option<&str> = None;
    for (i, p) in pieces.iter().enumerate() {
        if i == MAX_ROLES {
            s.error(
                p.span,
                format!("too many pieces: at most {MAX_ROLES} kinds are allowed"),
                Some(
                    "drop or combine piece kinds; a file that extends another inherits its pieces"
                        .into(),
                ),
            );
        }
        let role = check_piece(s, p, geometry);
        if role.royal {
            match royal_seen {
                Some(first) => s.error(
                    p.royal[0],
                    format!("two royal piece kinds: `{first}` and `{}`", p.name.value),
                    Some("exactly one kind of piece is royal (the king)".into()),
                ),
                None => royal_seen = Some(&p.name.value),
            }
        }
        roles.push(role);
    }
    let misspelled_royal = pieces
        .iter()
        .flat_map(|p| &p.unknown)
        .any(|u| did_you_mean(&u.value, &Block::Piece.words()) == Some(Kw::Royal.word()));
    if !pieces.is_empty() && royal_seen.is_none() && !misspelled_royal && !royal_optional {
        let span = pieces[0].span;
        s.error(
            Span {
                end: span.start + 5,
                ..span
            },
            "no piece is royal",
            Some("mark the king with `royal`, e.g. `piece King K moves \"K\" royal`".into()),
        );
    }
    // Promotion choices need every letter known.
    let letters: Vec<char> = roles.iter().map(|r| r.letter).collect();
    for p in pieces {
        let base = promoted_base(p.letter.value).map(|b| b.to_ascii_uppercase());
        if let Some(b) = base.filter(|b| !letters.contains(b)) {
            s.error(
                p.letter.span,
                format!(
                    "`{}` is the promoted form of `{b}`, and no piece has the letter `{b}`",
                    letter_text(p.letter.value)
                ),
                Some(format!(
                    "declare the piece it promotes from (`piece <Name> {b} ...`); a captured `+{b}` goes to the hand as `{b}`"
                )),
            );
        }
    }
    for (i, p) in pieces.iter().enumerate() {
        if let Some(pr) = p.promote.first() {
            let (choices, black) = promotion_sides(s, pr, &letters, &roles);
            if let Some(pm) = roles.get_mut(i).and_then(|r| r.promotion.as_mut()) {
                pm.choices = choices;
                pm.black_choices = black;
            }
        }
    }
    roles
}

/// One piece on its own (promotion choices are filled in once every letter is known).
fn check_piece(s: &mut Session, p: &PieceDecl, geometry: Option<Geometry>) -> RoleDef {
    for u in &p.unknown {
        let (message, help) = Block::Piece.unknown(&u.value);
        s.error(u.span, message, Some(help));
    }
    let letter = p.letter.value;
    if !letter_is_upper(letter) {
        s.error(
            p.letter.span,
            format!("piece letter `{}` must be upper case", letter_text(letter)),
            Some(format!(
                "write `{}`; the array writes Black's pieces in lower case",
                letter_text(letter_upper(letter))
            )),
        );
    }
    let twice = [
        (Kw::Moves, p.moves.iter().map(|s| s.span).collect()),
        (Kw::Value, p.value.iter().map(|s| s.span).collect()),
        (Kw::Royal, p.royal.clone()),
        (Kw::Pawn, p.pawn.clone()),
        (Kw::Promote, p.promote.iter().map(|s| s.span).collect()),
        (Kw::Image, p.image.iter().map(|s| s.span).collect()),
        (Kw::Initial, p.initial.iter().map(|s| s.0).collect()),
        (Kw::EnPassant, p.en_passant.iter().map(|s| s.0).collect()),
        (Kw::San, p.san.iter().map(|s| s.span).collect()),
    ];
    report_twice(s, &twice, &format!("for `{}`", p.name.value));
    let (betza, atoms) = match p.moves.first() {
        None => {
            s.error(
                p.name.span,
                format!("piece `{}` has no `moves`", p.name.value),
                Some("say how it moves in Betza notation, e.g. `moves \"N\"`".into()),
            );
            (String::new(), vec![])
        }
        Some(m) => match betza::parse(&m.value) {
            Ok(a) => (m.value.clone(), a),
            Err(e) => {
                let span = m.sub_span(e.offset, e.offset + e.len.max(1));
                s.error(span, e.message, e.help);
                (m.value.clone(), vec![])
            }
        },
    };
    let value = match p.value.first() {
        Some(v) if !(-100_000..=100_000).contains(&v.value) => {
            let msg = format!("value `{}` is out of range", s.text(v.span));
            s.error(
                v.span,
                msg,
                Some("values are centipawns between -100000 and 100000 (a pawn is 100)".into()),
            );
            None
        }
        Some(v) => Some(v.value as i32),
        None => None,
    };
    let pawn = !p.pawn.is_empty();
    let zone = p
        .promote
        .first()
        .and_then(|pr| promotion_zone(s, p, pr, pawn, geometry));
    RoleDef {
        name: p.name.value.clone(),
        letter: letter_upper(letter),
        // set once every letter is known (check::notation)
        san: None,
        value,
        betza,
        atoms,
        royal: !p.royal.is_empty(),
        pawn,
        // The choices are filled in later, once every letter is known.
        promotion: zone.map(|zone| Promotion {
            zone,
            choices: vec![],
            black_choices: None,
            optional: p.promote.first().is_some_and(|pr| !pr.optional.is_empty()),
            captured: p.promote.first().is_some_and(|pr| !pr.captured.is_empty()),
            leaving: p.promote.first().is_some_and(|pr| !pr.leaving.is_empty()),
        }),
        image: p.image.first().and_then(|i| super::image::check(s, i)),
        initial_ranks: p.initial.first().and_then(|x| rank_set(s, x, geometry)),
        ep_ranks: p.en_passant.first().and_then(|x| rank_set(s, x, geometry)),
    }
}

/// `ranks 1 2` of `initial` or `en-passant`: a set of ranks counted from the owner's side.
fn rank_set(
    s: &mut Session,
    (_, ranks): &(Span, Vec<Spanned<i64>>),
    geometry: Option<Geometry>,
) -> Option<u16> {
    let g = geometry?;
    let mut set = 0u16;
    for r in ranks {
        if !(1..=g.ranks as i64).contains(&r.value) {
            let msg = format!("rank `{}` is not on the board", s.text(r.span));
            s.error(r.span, msg, Some(format!("ranks are 1 to {}", g.ranks)));
            return None;
        }
        set |= 1 << (r.value - 1);
    }
    Some(set)
}

/// The promotion zone (how many ranks at the far end) of `promote on rank N`.
fn promotion_zone(
    s: &mut Session,
    p: &PieceDecl,
    pr: &PromoteDecl,
    pawn: bool,
    geometry: Option<Geometry>,
) -> Option<u8> {
    // A piece that promotes into its own promoted kinds (`to +S`: Shogi's silver) need not be
    // a pawn: its moves do not reset the move rule (Fairy-Stockfish's shogi pawn does not).
    let own_kinds = pr.sides.is_empty()
        && !pr.to.is_empty()
        && pr.to.iter().all(|l| promoted_base(l.value).is_some());
    if !pawn && !own_kinds {
        s.error(
            pr.span,
            format!(
                "only a `pawn` piece can promote, and `{}` is not one",
                p.name.value
            ),
            Some("add `pawn` to the piece".into()),
        );
    }
    for (word, spans) in [
        ("optional", &pr.optional),
        ("captured", &pr.captured),
        ("leaving", &pr.leaving),
    ] {
        if let Some(&again) = spans.get(1) {
            s.error(
                again,
                format!("`{word}` is given twice in `promote`"),
                Some(format!("write `{word}` once")),
            );
        }
    }
    let g = geometry?;
    let r = pr.rank.value;
    if r < 1 || r > g.ranks as i64 {
        let msg = format!("promotion rank `{}` is off the board", s.text(pr.rank.span));
        s.error(
            pr.rank.span,
            msg,
            Some(format!(
                "the board has {} ranks; `promote on rank {}` promotes on the last rank",
                g.ranks, g.ranks
            )),
        );
        None
    } else {
        Some((g.ranks as i64 - r + 1) as u8)
    }
}

/// The roles each side may promote to: the same for both (`to Q R B N`), or White's and
/// Black's (`to white C R N black Q R B`), each side named once.
fn promotion_sides(
    s: &mut Session,
    pr: &PromoteDecl,
    letters: &[char],
    roles: &[RoleDef],
) -> (Vec<Role>, Option<Vec<Role>>) {
    if pr.sides.is_empty() {
        return (promotion_choices(s, &pr.to, letters, roles), None);
    }
    let mut by_side: [Option<Vec<Role>>; 2] = [None, None];
    for (side, to) in &pr.sides {
        let i = (side.value == Side::Black) as usize;
        let choices = promotion_choices(s, to, letters, roles);
        if by_side[i].replace(choices).is_some() {
            let name = s.text(side.span).to_string();
            s.error(
                side.span,
                format!("`{name}` is given twice in `promote`"),
                Some("name each side once: `to white C R N black Q R B`".into()),
            );
        }
    }
    let [white, black] = by_side;
    if white.is_none() || black.is_none() {
        let (given, missing) = if white.is_none() {
            ("Black", "White")
        } else {
            ("White", "Black")
        };
        s.error(
            pr.span,
            format!("`promote` gives {given}'s choices but not {missing}'s"),
            Some("give both: `to white C R N black Q R B`, or one list for both sides".into()),
        );
    }
    (white.unwrap_or_default(), black)
}

/// The roles a pawn may promote to: declared, not royal, each once.
fn promotion_choices(
    s: &mut Session,
    to: &[Spanned<char>],
    letters: &[char],
    roles: &[RoleDef],
) -> Vec<Role> {
    let mut choices = vec![];
    for l in to {
        if let Some(r) = role_of(s, l, letters, "promotion") {
            if roles[r.index()].royal {
                s.error(
                    l.span,
                    format!(
                        "cannot promote to the royal piece `{}`",
                        letter_text(l.value)
                    ),
                    Some("a side has exactly one royal piece".into()),
                );
            } else if !choices.contains(&r) {
                choices.push(r);
            }
        }
    }
    choices
}
