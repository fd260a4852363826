//! The parse functions of promotion and counting (issue 11): `promote on rank 8 to Q R
//! optional captured` and `counting { board 64  pieces R R 8 }`.

use pest::iterators::Pair;

use super::{Cx, Rule};
use crate::rules::ast::{CountingDecl, PromoteDecl};

impl Cx {
    pub(super) fn parse_promote_attr(&self, pair: Pair<Rule>) -> PromoteDecl {
        let span = self.span(&pair);
        let mut rank = None;
        let (mut to, mut optional, mut captured, mut sides) = (vec![], vec![], vec![], vec![]);
        let mut leaving = vec![];
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::integer => rank = Some(self.parse_integer(p)),
                Rule::letter => to.push(self.parse_letter(p)),
                Rule::promote_side => {
                    let mut inner = p.into_inner();
                    let side = inner.next().map(|c| self.parse_side(&c));
                    let letters = inner.map(|l| self.parse_letter(l)).collect();
                    sides.extend(side.map(|s| (s, letters)));
                }
                Rule::kw_optional => optional.push(self.span(&p)),
                Rule::kw_captured => captured.push(self.span(&p)),
                Rule::kw_leaving => leaving.push(self.span(&p)),
                _ => {}
            }
        }
        let Some(rank) = rank else {
            unreachable!("promote has a rank")
        };
        PromoteDecl {
            span,
            rank,
            to,
            sides,
            optional,
            captured,
            leaving,
        }
    }

    pub(super) fn parse_end_counting(&self, pair: Pair<Rule>) -> CountingDecl {
        let mut c = CountingDecl {
            span: self.span(&pair),
            board: vec![],
            pieces: vec![],
        };
        for p in pair.into_inner() {
            let span = self.span(&p);
            match p.as_rule() {
                Rule::counting_board => {
                    if let Some(n) = p.into_inner().find(|q| q.as_rule() == Rule::integer) {
                        c.board.push(self.parse_integer(n));
                    }
                }
                Rule::counting_pieces => {
                    let (mut letters, mut moves) = (vec![], None);
                    for q in p.into_inner() {
                        match q.as_rule() {
                            Rule::letter => letters.push(self.parse_letter(q)),
                            Rule::integer => moves = Some(self.parse_integer(q)),
                            _ => {}
                        }
                    }
                    if let Some(moves) = moves {
                        c.pieces.push((span, letters, moves));
                    }
                }
                _ => {}
            }
        }
        c
    }
}
