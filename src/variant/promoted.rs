//! Promoted kinds (`+P`, Shogi's) in a game with drops: a captured one goes to hand as the kind
//! whose letter follows the `+`, whatever the table of [`super::drops`] derives from the
//! promotion lists, and since the kind itself says that it promoted, the position need not mark
//! it (no `~` in the FEN: Fairy-Stockfish writes Shogi's pieces `+P`, Crazyhouse's `Q~`).

use super::{PromotedCapture, Variant};
use crate::types::{promoted_base, Role};

/// Sets [`Variant::demoted`] for the promoted kinds, and turns the promoted marks off when every
/// promotion of the game is into a promoted kind.
pub(super) fn apply(v: &mut Variant) {
    let letters: Vec<char> = v.spec.roles.iter().map(|r| r.letter).collect();
    let mut any = false;
    for (i, &l) in letters.iter().enumerate() {
        if let Some(base) = promoted_base(l).and_then(|b| letters.iter().position(|&c| c == b)) {
            v.demoted[i] = Role(base as u8);
            any = true;
        }
    }
    let into_other_kinds = v
        .spec
        .roles
        .iter()
        .filter_map(|r| r.promotion.as_ref())
        .any(|p| {
            p.choices
                .iter()
                .chain(p.black_choices.iter().flatten())
                .any(|c| promoted_base(letters[c.index()]).is_none())
        });
    if any && !into_other_kinds {
        v.tracks_promoted = false;
    }
}

/// Is `r` a promoted kind (its letter `+X`) that a capture returns to hand as
/// [`Variant::demoted`] without a promoted mark (unless the drops say `promoted keep`)?
#[inline]
pub fn demotes_unmarked(v: &Variant, r: Role) -> bool {
    promoted_base(v.role(r).letter).is_some()
        && v.drops()
            .is_some_and(|d| d.promoted == PromotedCapture::Demote)
}
