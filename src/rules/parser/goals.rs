//! The goal entries of `end { ... }`: `region`, `checks`, `checking illegal`.

use pest::iterators::Pair;

use super::{Cx, Rule};
use crate::rules::ast::{EndBlock, RegionDecl};

impl Cx {
    /// Adds one goal entry (`end_region`, `end_checks` or `end_checking`) to the block.
    pub(super) fn parse_end_goal(&self, b: &mut EndBlock, pair: Pair<Rule>) {
        let span = self.span(&pair);
        match pair.as_rule() {
            Rule::end_region => b.region.push(self.parse_region(pair)),
            Rule::end_checks => {
                if let Some(n) = pair.into_inner().find(|q| q.as_rule() == Rule::integer) {
                    b.checks.push(self.parse_integer(n));
                }
            }
            Rule::end_checking => b.checking_illegal.push(span),
            r => unreachable!("not a goal entry: {r:?}"),
        }
    }

    /// `region [white|black] K d4 e4 d5 e5 [rank 8] [answer]`
    fn parse_region(&self, pair: Pair<Rule>) -> RegionDecl {
        let span = self.span(&pair);
        let mut side = None;
        let mut letter = None;
        let mut squares = vec![];
        let mut ranks = vec![];
        let mut answer = false;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::color => side = Some(self.parse_side(&p)),
                Rule::letter => letter = Some(self.parse_letter(p)),
                Rule::square => squares.push(self.parse_word(p)),
                Rule::region_rank => {
                    if let Some(n) = p.into_inner().find(|q| q.as_rule() == Rule::integer) {
                        ranks.push(self.parse_integer(n));
                    }
                }
                Rule::kw_answer => answer = true,
                _ => {}
            }
        }
        RegionDecl {
            span,
            side,
            letter: letter.expect("a region names a piece letter"),
            squares,
            ranks,
            answer,
        }
    }
}
