//! The parse function of `drops { ... }`: drops in play (Crazyhouse, issue 12).

use pest::iterators::Pair;

use super::{Cx, Item, Rule};
use crate::rules::ast::{DropKind, DropsBlock, Spanned};

impl Cx {
    pub(super) fn parse_drops_item(&self, pair: Pair<Rule>) -> Item {
        let (k, rest) = self.split_kw(pair);
        let mut b = DropsBlock::default();
        for p in rest {
            let span = self.span(&p);
            match p.as_rule() {
                Rule::drops_hand => {
                    if let Some(q) = p.into_inner().find(|q| q.as_rule() == Rule::string) {
                        b.hand.push((span, self.parse_string(q)));
                    }
                }
                Rule::drops_captures => b.captures.push(span),
                Rule::drops_promoted => b.promoted.push(Spanned {
                    value: p.into_inner().any(|q| q.as_rule() == Rule::kw_keep),
                    span,
                }),
                Rule::drops_kind => {
                    let mut d = DropKind {
                        span,
                        letters: vec![],
                        ranks: vec![],
                        not_doubled: vec![],
                        mate_loss: vec![],
                    };
                    for q in p.into_inner() {
                        match q.as_rule() {
                            Rule::letter => d.letters.push(self.parse_letter(q)),
                            Rule::step_ranks => d.ranks.extend(
                                q.into_inner()
                                    .filter(|i| i.as_rule() == Rule::integer)
                                    .map(|i| self.parse_integer(i)),
                            ),
                            Rule::drops_not_doubled => d.not_doubled.push(self.span(&q)),
                            Rule::drops_mate_loss => d.mate_loss.push(self.span(&q)),
                            _ => {}
                        }
                    }
                    b.kinds.push(d);
                }
                Rule::drops_unknown => b.unknown.push(self.parse_unknown(p)),
                r => unreachable!("unexpected drops entry {r:?}"),
            }
        }
        Item::Drops(k, b)
    }
}
