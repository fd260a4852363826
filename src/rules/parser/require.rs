//! The parse function of a setup block's `require` entries.

use pest::iterators::Pair;

use super::{Cx, Rule};
use crate::rules::ast::{Require, RequireKind, Side, Spanned, When};

impl Cx {
    pub(super) fn parse_setup_require(&self, pair: Pair<Rule>) -> Require {
        let span = self.span(&pair);
        let mut kind = None;
        let mut when = None;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::require_opposite => {
                    if let Some(l) = p.into_inner().find(|q| q.as_rule() == Rule::letter) {
                        kind = Some(RequireKind::Opposite(self.parse_letter(l)));
                    }
                }
                Rule::require_between => {
                    let ls: Vec<_> = p
                        .into_inner()
                        .filter(|q| q.as_rule() == Rule::letter)
                        .map(|q| self.parse_letter(q))
                        .collect();
                    if let Ok([a, b]) = <[Spanned<char>; 2]>::try_from(ls) {
                        kind = Some(RequireKind::Between(a, b));
                    }
                }
                Rule::require_not_on => {
                    let mut inner = p.into_inner();
                    let l = inner.find(|q| q.as_rule() == Rule::letter);
                    let files = inner
                        .filter(|q| q.as_rule() == Rule::file_name)
                        .map(|q| self.parse_word(q))
                        .collect();
                    if let Some(l) = l {
                        kind = Some(RequireKind::NotOn(self.parse_letter(l), files));
                    }
                }
                Rule::require_not_mirroring => {
                    let parts: Vec<_> = p.into_inner().collect();
                    let sides: Vec<_> = parts
                        .iter()
                        .filter(|q| q.as_rule() == Rule::color)
                        .map(|q| self.parse_side(q))
                        .collect();
                    let unless = parts.iter().any(|q| q.as_rule() == Rule::require_unless);
                    if let Ok([a, b]) = <[Spanned<Side>; 2]>::try_from(sides) {
                        kind = Some(RequireKind::NotMirroring(a, b, unless));
                    }
                }
                Rule::require_when => {
                    when = Some(if p.into_inner().any(|q| q.as_rule() == Rule::kw_at) {
                        When::End
                    } else {
                        When::EachSwap
                    })
                }
                _ => {}
            }
        }
        let Some(kind) = kind else {
            unreachable!("a requirement has a kind")
        };
        Require { span, kind, when }
    }
}
