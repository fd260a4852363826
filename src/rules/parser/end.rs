//! The `end { ... }` block.

use pest::iterators::Pair;

use super::{Cx, Rule};
use crate::rules::ast::*;

impl Cx {
    pub(super) fn parse_limit(&self, pair: Pair<Rule>) -> (Span, Limit) {
        let span = self.span(&pair);
        let limit = match pair.into_inner().find(|q| q.as_rule() == Rule::integer) {
            Some(q) => Limit::Number(self.parse_integer(q)),
            None => Limit::Off,
        };
        (span, limit)
    }

    pub(super) fn parse_end_item(&self, pair: Pair<Rule>) -> Item {
        let (k, rest) = self.split_kw(pair);
        let mut b = EndBlock::default();
        for p in rest {
            let span = self.span(&p);
            match p.as_rule() {
                Rule::end_stalemate => {
                    if p.clone().into_inner().any(|q| q.as_rule() == Rule::kw_win) {
                        b.stalemate_win.push(span);
                    }
                    if p.clone()
                        .into_inner()
                        .any(|q| q.as_rule() == Rule::kw_fewer_pieces)
                    {
                        b.stalemate_fewer.push(span);
                    }
                    b.stalemate_draw.push(Spanned {
                        value: p.into_inner().any(|q| q.as_rule() == Rule::kw_draw),
                        span,
                    })
                }
                Rule::end_extinction | Rule::end_bare_king => {
                    let bare_king = p.as_rule() == Rule::end_bare_king;
                    let inner: Vec<_> = p.into_inner().collect();
                    b.extinction.push(ExtinctionDecl {
                        span,
                        kinds: inner
                            .iter()
                            .filter(|q| q.as_rule() == Rule::letter)
                            .map(|q| self.parse_letter(q.clone()))
                            .collect(),
                        bare_king,
                        win: inner.iter().any(|q| q.as_rule() == Rule::kw_win),
                        left: inner
                            .iter()
                            .find(|q| q.as_rule() == Rule::extinction_left)
                            .and_then(|q| {
                                q.clone()
                                    .into_inner()
                                    .find(|n| n.as_rule() == Rule::integer)
                            })
                            .map(|n| self.parse_integer(n)),
                    })
                }
                Rule::end_captures => b.captures.push(span),
                Rule::end_checkmate => b.checkmate_win.push(Spanned {
                    value: p.into_inner().any(|q| q.as_rule() == Rule::kw_win),
                    span,
                }),
                Rule::end_repetition => {
                    for q in p.clone().into_inner() {
                        match q.as_rule() {
                            Rule::kw_perpetual => b.perpetual_check.push(self.span(&q)),
                            Rule::repetition_winner => {
                                if let Some(c) = q.into_inner().find(|c| c.as_rule() == Rule::color)
                                {
                                    b.repetition_winner.push(self.parse_side(&c));
                                }
                            }
                            _ => {}
                        }
                    }
                    b.repetition.push(self.parse_limit(p))
                }
                Rule::end_move_rule => b.move_rule.push(self.parse_limit(p)),
                Rule::end_insufficient => b.insufficient.push(Spanned {
                    value: !p.into_inner().any(|q| q.as_rule() == Rule::kw_off),
                    span,
                }),
                Rule::end_counting => b.counting.push(self.parse_end_counting(p)),
                Rule::end_region | Rule::end_checks | Rule::end_checking => {
                    self.parse_end_goal(&mut b, p)
                }
                Rule::end_facing => b.facing.push(span),
                Rule::end_unknown => b.unknown.push(self.parse_unknown(p)),
                r => unreachable!("unexpected end entry {r:?}"),
            }
        }
        Item::End(k, b)
    }
}
