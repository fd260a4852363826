//! How moves are written: the `notation` item and the pieces' `san` letters.

use crate::rules::ast::PieceDecl;
use crate::rules::diagnostic::did_you_mean;
use crate::rules::load::Draft;
use crate::rules::session::Session;
use crate::types::{letter_text, promoted_base};
use crate::variant::{Notation, RoleDef};

/// The notations, by the word the rules file writes.
const NOTATIONS: [Notation; 2] = [Notation::San, Notation::Hodges];

/// `notation san | hodges`; chess SAN when the files say nothing.
pub(super) fn check_notation(s: &mut Session, d: &Draft) -> Notation {
    let Some(w) = &d.notation else {
        return Notation::San;
    };
    if let Some(n) = NOTATIONS.iter().find(|n| n.word() == w.value) {
        return *n;
    }
    let words: Vec<&str> = NOTATIONS.iter().map(|n| n.word()).collect();
    let help = match did_you_mean(&w.value, &words) {
        Some(m) => format!("did you mean `{m}`?"),
        None => "the notations are `san` (chess: `Nf3`, `e8=Q`) and `hodges` (Shogi: `P-76`, `Bx22+`, `P*34`)".into(),
    };
    s.error(
        w.span,
        format!("unknown notation `{}`", w.value),
        Some(help),
    );
    Notation::San
}

/// `san H`: one plain upper-case letter that no other piece has as its FEN or SAN letter, so
/// that a move text names one piece.
pub(super) fn check_san_letters(s: &mut Session, pieces: &[PieceDecl], roles: &mut [RoleDef]) {
    for (i, p) in pieces.iter().enumerate() {
        let Some(l) = p.san.first() else {
            continue;
        };
        let shown = letter_text(l.value);
        if promoted_base(l.value).is_some() || !l.value.is_ascii_uppercase() {
            s.error(
                l.span,
                format!(
                    "SAN letter `{shown}` of `{}` is not an upper-case letter",
                    p.name.value
                ),
                Some(format!(
                    "write one upper-case letter, e.g. `san {}`",
                    shown.trim_start_matches('+').to_ascii_uppercase()
                )),
            );
            continue;
        }
        let clash = pieces.iter().enumerate().find_map(|(j, q)| {
            let fen = roles.get(j).map_or(q.letter.value, |r| r.letter);
            let san = q.san.first().filter(|x| x.value == l.value);
            // Two pieces with one SAN letter: said once, at the one the user's own file (the
            // lowest file index) declares last.
            let here = |x: &crate::rules::ast::Spanned<char>| {
                (std::cmp::Reverse(x.span.file), x.span.start)
            };
            let san_clash = san.is_some_and(|x| here(x) < here(l));
            (j != i && (fen == l.value || san_clash)).then_some((q, san.is_some()))
        });
        if let Some((q, as_san)) = clash {
            let what = if as_san { "SAN letter" } else { "letter" };
            s.error(
                l.span,
                format!(
                    "SAN letter `{shown}` of `{}` is already the {what} of `{}`",
                    p.name.value, q.name.value
                ),
                Some("a move written with it could name either piece; pick a letter no other piece uses".into()),
            );
            continue;
        }
        if let Some(r) = roles.get_mut(i) {
            r.san = Some(l.value);
        }
    }
}
