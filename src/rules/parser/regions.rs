//! The `region` item and the pieces' region clauses (`confined to`, `also ... in`).

use pest::iterators::Pair;

use super::{Cx, Rule};
use crate::rules::ast::{PieceRegion, RegionItem};

impl Cx {
    /// `region palace d1-f3 drawn` / `region home ranks 1 2 3 4 5`
    pub(super) fn parse_region_item(&self, pair: Pair<Rule>) -> RegionItem {
        let span = self.span(&pair);
        let mut name = None;
        let mut squares = vec![];
        let mut ranks = vec![];
        let mut drawn = false;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::word => name = Some(self.parse_word(p)),
                Rule::square | Rule::square_span => squares.push(self.parse_word(p)),
                Rule::step_ranks => ranks.extend(
                    p.into_inner()
                        .filter(|q| q.as_rule() == Rule::integer)
                        .map(|q| self.parse_integer(q)),
                ),
                Rule::kw_drawn => drawn = true,
                _ => {}
            }
        }
        RegionItem {
            span,
            name: name.expect("a region has a name"),
            squares,
            ranks,
            drawn,
        }
    }

    /// `confined to palace` / `also "sW" in across`
    pub(super) fn parse_piece_region(&self, pair: Pair<Rule>) -> PieceRegion {
        let span = self.span(&pair);
        let confined = pair.as_rule() == Rule::confined_attr;
        let mut text = None;
        let mut name = None;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::string => text = Some(self.parse_string(p)),
                Rule::word => name = Some(self.parse_word(p)),
                _ => {}
            }
        }
        let name = name.expect("a region clause names a region");
        match text {
            Some(t) if !confined => PieceRegion::Also(span, t, name),
            _ => PieceRegion::Confined(span, name),
        }
    }
}
