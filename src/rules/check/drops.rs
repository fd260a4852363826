//! `drops { ... }`: drops in play. Which pieces start in hand, whether captures go to hand,
//! what a captured promoted piece becomes, and where each kind may be dropped.

use super::{report_twice, role_of, side_ranks};
use crate::rules::ast::{DropsBlock, Span};
use crate::rules::keywords::{Block, Kw};
use crate::rules::session::Session;
use crate::types::{Geometry, Role};
use crate::variant::{Drops, PromotedCapture, RoleDef};

/// Checks a drops block (`keyword` is the span of `drops`); `placement`: the setup phase
/// places pieces from a hand (Pre-Chess), which drops in play cannot join yet.
pub(super) fn check(
    s: &mut Session,
    keyword: Span,
    b: &DropsBlock,
    geometry: Option<Geometry>,
    roles: &[RoleDef],
    placement: bool,
) -> Option<Drops> {
    let letters: Vec<char> = roles.iter().map(|r| r.letter).collect();
    for u in &b.unknown {
        let (message, help) = Block::Drops.unknown(&u.value);
        s.error(u.span, message, Some(help));
    }
    let twice = [
        (Kw::DropHand, b.hand.iter().map(|h| h.0).collect()),
        (Kw::DropCaptures, b.captures.clone()),
        (Kw::Promoted, b.promoted.iter().map(|p| p.span).collect()),
    ];
    report_twice(s, &twice, &format!("in `{}`", Kw::Drops.word()));
    if placement {
        s.error(
            keyword,
            "drops in play cannot follow a placement phase yet",
            Some("remove `hand` and `place` from `setup`, or the `drops` block".into()),
        );
    }
    let mut hand = vec![];
    if let Some((_, text)) = b.hand.first() {
        for (i, c) in text.value.chars().enumerate() {
            if c.is_whitespace() {
                continue;
            }
            let l = crate::rules::ast::Spanned {
                value: c,
                span: text.sub_span(i, i + 1),
            };
            let Some(r) = role_of(s, &l, &letters, "hand") else {
                continue;
            };
            if roles[r.index()].royal {
                s.error(
                    l.span,
                    format!("the royal `{c}` cannot start in hand"),
                    Some("only pieces that may be captured go to hand".into()),
                );
            }
            hand.push(r);
        }
    }
    if b.captures.is_empty() && b.hand.is_empty() {
        s.error(
            keyword,
            "drops without pieces in hand",
            Some("add `captures to hand`, or `hand \"N\"` for pieces held from the start".into()),
        );
    }
    if let (Some(p), true) = (b.promoted.first(), b.captures.is_empty()) {
        s.error(
            p.span,
            "`promoted` says what a captured promoted piece becomes in hand",
            Some("add `captures to hand`, or remove this line".into()),
        );
    }
    let mut ranks: Vec<(Role, Vec<u8>)> = vec![];
    for k in b.kinds.iter().filter(|k| !k.ranks.is_empty()) {
        let rk = side_ranks(s, &k.ranks, geometry);
        for l in &k.letters {
            let Some(r) = role_of(s, l, &letters, "drops") else {
                continue;
            };
            if ranks.iter().any(|(x, _)| *x == r) {
                s.error(
                    l.span,
                    format!("the drop ranks of `{}` are given twice", l.value),
                    Some("keep one line per kind".into()),
                );
            }
            ranks.push((r, rk.clone()));
        }
    }
    Some(Drops {
        hand,
        captures_to_hand: !b.captures.is_empty(),
        promoted: if b.promoted.first().is_some_and(|p| p.value) {
            PromotedCapture::Keep
        } else {
            PromotedCapture::Demote
        },
        ranks,
        limits: super::drop_limits::check(s, &b.kinds, &letters),
    })
}
