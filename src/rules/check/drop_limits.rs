//! Shogi's restrictions on drops, as options of a kind's line in `drops { ... }`:
//! `P ranks 1 2 3 4 5 6 7 8 not doubled drop-mate loss`.

use super::role_of;
use crate::rules::ast::DropKind;
use crate::rules::session::Session;
use crate::types::Role;
use crate::variant::DropLimits;

/// The kinds named with `not doubled` and with `drop-mate loss`, each option once per line.
pub(super) fn check(s: &mut Session, kinds: &[DropKind], letters: &[char]) -> DropLimits {
    let mut limits = DropLimits::default();
    for k in kinds {
        for (word, spans) in [
            ("not doubled", &k.not_doubled),
            ("drop-mate loss", &k.mate_loss),
        ] {
            if let Some(&again) = spans.get(1) {
                s.error(
                    again,
                    format!("`{word}` is given twice for these kinds"),
                    Some(format!("write `{word}` once")),
                );
            }
        }
        if k.not_doubled.is_empty() && k.mate_loss.is_empty() {
            continue;
        }
        for l in &k.letters {
            // a line with ranks has its letters checked with the ranks already
            let r = if k.ranks.is_empty() {
                role_of(s, l, letters, "drops")
            } else {
                letters
                    .iter()
                    .position(|&c| c == l.value)
                    .map(|i| Role(i as u8))
            };
            let Some(r) = r else { continue };
            if !k.not_doubled.is_empty() && !limits.not_doubled.contains(&r) {
                limits.not_doubled.push(r);
            }
            if !k.mate_loss.is_empty() && !limits.mate_loss.contains(&r) {
                limits.mate_loss.push(r);
            }
        }
    }
    limits
}
