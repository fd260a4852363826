//! pest pairs -> typed AST ([`super::ast`]). One `parse_*` function per grammar rule; pest types
//! never leave the parser (this module and [`super::syntax`], which words its errors).

use pest::iterators::Pair;
use pest::Parser;

use super::ast::*;
use super::syntax::syntax_error;
pub(super) use super::syntax::SyntaxError;

mod drops;
mod end;
mod goals;
mod promo;
mod regions;
mod require;

#[derive(pest_derive::Parser)]
#[grammar = "grammar/rules.pest"]
pub(super) struct RulesParser;

/// Parses one file. `file` is the file's index, stored in every span.
pub fn parse_file(text: &str, file: usize) -> Result<RulesFile, SyntaxError> {
    let mut pairs =
        RulesParser::parse(Rule::file, text).map_err(|e| syntax_error(e, text, file))?;
    let Some(top) = pairs.next() else {
        return Ok(RulesFile::default());
    };
    let cx = Cx { file };
    let items = top
        .into_inner()
        .filter(|p| p.as_rule() == Rule::item)
        .map(|p| cx.parse_item(p))
        .collect();
    Ok(RulesFile { items })
}

struct Cx {
    file: usize,
}

impl Cx {
    pub(super) fn span(&self, p: &Pair<Rule>) -> Span {
        let s = p.as_span();
        Span {
            file: self.file,
            start: s.start(),
            end: s.end(),
        }
    }

    fn parse_item(&self, pair: Pair<Rule>) -> Item {
        let Some(inner) = pair.into_inner().next() else {
            unreachable!("an item always has one child")
        };
        match inner.as_rule() {
            Rule::extends_item => self.parse_extends_item(inner),
            Rule::name_item => self.parse_name_item(inner),
            Rule::description_item => {
                let (k, t) = self.parse_text_item(inner);
                Item::Description(k, t)
            }
            Rule::source_item => {
                let (k, t) = self.parse_text_item(inner);
                Item::Source(k, t)
            }
            Rule::board_item => self.parse_board_item(inner),
            Rule::array_item => self.parse_array_item(inner),
            Rule::piece_item => Item::Piece(self.parse_piece_item(inner)),
            Rule::region_item => Item::Region(self.parse_region_item(inner)),
            Rule::castling_item => self.parse_castling_item(inner),
            Rule::end_item => self.parse_end_item(inner),
            Rule::setup_item => self.parse_setup_item(inner),
            Rule::drops_item => self.parse_drops_item(inner),
            Rule::pgn_variant_item => {
                let (k, rest) = self.split_kw(inner);
                match rest.into_iter().next() {
                    Some(s) => Item::PgnVariant(k, self.parse_string(s)),
                    None => unreachable!("pgn-variant has a string"),
                }
            }
            Rule::notation_item => {
                let (k, rest) = self.split_kw(inner);
                match rest.into_iter().next() {
                    Some(w) => Item::Notation(k, self.parse_word(w)),
                    None => unreachable!("notation has a word"),
                }
            }
            Rule::unknown_item => self.parse_unknown_item(inner),
            r => unreachable!("unexpected item {r:?}"),
        }
    }

    /// The keyword's span and the remaining children.
    pub(super) fn split_kw<'i>(&self, pair: Pair<'i, Rule>) -> (Span, Vec<Pair<'i, Rule>>) {
        let mut it = pair.into_inner();
        let kw = it.next().map(|p| self.span(&p)).unwrap_or(Span {
            file: self.file,
            start: 0,
            end: 0,
        });
        (kw, it.collect())
    }

    fn parse_extends_item(&self, pair: Pair<Rule>) -> Item {
        let (_, rest) = self.split_kw(pair);
        match rest.into_iter().next() {
            Some(s) => Item::Extends(self.parse_string(s)),
            None => unreachable!("extends has a string"),
        }
    }

    fn parse_name_item(&self, pair: Pair<Rule>) -> Item {
        let (k, rest) = self.split_kw(pair);
        match rest.into_iter().next() {
            Some(s) => Item::Name(k, self.parse_string(s)),
            None => unreachable!("name has a string"),
        }
    }

    fn parse_text_item(&self, pair: Pair<Rule>) -> (Span, Vec<Str>) {
        let (k, rest) = self.split_kw(pair);
        let strings = rest
            .into_iter()
            .flat_map(|t| t.into_inner())
            .map(|s| self.parse_string(s))
            .collect();
        (k, strings)
    }

    fn parse_board_item(&self, pair: Pair<Rule>) -> Item {
        let (k, rest) = self.split_kw(pair);
        let mut rest = rest.into_iter();
        let Some(size) = rest.next() else {
            unreachable!("board has a size")
        };
        let points = rest.next().map(|p| self.span(&p));
        Item::Board(k, self.parse_board_size(size), points)
    }

    fn parse_board_size(&self, pair: Pair<Rule>) -> Spanned<(u32, u32)> {
        let span = self.span(&pair);
        let s = pair.as_str();
        let mut parts = s.split(['x', 'X']);
        let mut num = || {
            parts
                .next()
                .and_then(|p| p.parse::<u32>().ok())
                .unwrap_or(u32::MAX)
        };
        let files = num();
        let ranks = num();
        Spanned {
            value: (files, ranks),
            span,
        }
    }

    fn parse_array_item(&self, pair: Pair<Rule>) -> Item {
        let (k, rest) = self.split_kw(pair);
        match rest.into_iter().next() {
            Some(s) => Item::Array(k, self.parse_string(s)),
            None => unreachable!("array has a string"),
        }
    }

    fn parse_unknown_item(&self, pair: Pair<Rule>) -> Item {
        match pair.into_inner().next() {
            Some(w) => Item::Unknown(self.parse_word(w)),
            None => unreachable!("unknown item starts with a word"),
        }
    }

    fn parse_piece_item(&self, pair: Pair<Rule>) -> PieceDecl {
        let span = self.span(&pair);
        let mut it = pair.into_inner().filter(|p| p.as_rule() != Rule::kw_piece);
        let (Some(name), Some(letter)) = (it.next(), it.next()) else {
            unreachable!("a piece has a name and a letter")
        };
        let mut d = PieceDecl {
            span,
            name: self.parse_word(name),
            letter: self.parse_letter(letter),
            moves: vec![],
            value: vec![],
            royal: vec![],
            pawn: vec![],
            promote: vec![],
            image: vec![],
            initial: vec![],
            en_passant: vec![],
            regions: vec![],
            san: vec![],
            unknown: vec![],
        };
        for p in it {
            match p.as_rule() {
                Rule::moves_attr => {
                    if let Some(s) = p.into_inner().find(|q| q.as_rule() == Rule::string) {
                        d.moves.push(self.parse_string(s));
                    }
                }
                Rule::value_attr => {
                    if let Some(n) = p.into_inner().find(|q| q.as_rule() == Rule::integer) {
                        d.value.push(self.parse_integer(n));
                    }
                }
                Rule::kw_royal => d.royal.push(self.span(&p)),
                Rule::kw_pawn => d.pawn.push(self.span(&p)),
                Rule::promote_attr => d.promote.push(self.parse_promote_attr(p)),
                Rule::image_attr => d.image.push(self.parse_image_attr(p)),
                Rule::initial_attr | Rule::ep_attr => {
                    let span = self.span(&p);
                    let into = if p.as_rule() == Rule::initial_attr {
                        &mut d.initial
                    } else {
                        &mut d.en_passant
                    };
                    let ranks = p
                        .into_inner()
                        .filter(|q| q.as_rule() == Rule::integer)
                        .map(|q| self.parse_integer(q))
                        .collect();
                    into.push((span, ranks));
                }
                Rule::confined_attr | Rule::also_attr => d.regions.push(self.parse_piece_region(p)),
                Rule::san_attr => {
                    if let Some(l) = p.into_inner().find(|q| q.as_rule() == Rule::letter) {
                        d.san.push(self.parse_letter(l));
                    }
                }
                Rule::unknown_attr => d.unknown.push(self.parse_unknown(p)),
                r => unreachable!("unexpected piece attribute {r:?}"),
            }
        }
        d
    }

    fn parse_image_attr(&self, pair: Pair<Rule>) -> ImageDecl {
        let span = self.span(&pair);
        let mut files = vec![];
        let mut figures = None;
        let mut shape = None;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::string => files.push(self.parse_string(p)),
                Rule::figure_list => figures = Some(self.parse_word(p)),
                Rule::token_shape => shape = Some(self.parse_word(p)),
                _ => {}
            }
        }
        let mut files = files.into_iter();
        let what = match (figures, shape, files.next()) {
            (Some(f), _, _) => ImageWhat::Figures(f),
            (None, Some(s), Some(white)) => ImageWhat::Token(s, white, files.next()),
            (None, None, Some(white)) => ImageWhat::Files(white, files.next()),
            (None, _, None) => unreachable!("image names figures, a file or a token's text"),
        };
        ImageDecl { span, what }
    }

    /// Any `*_unknown` rule: its first word.
    pub(super) fn parse_unknown(&self, pair: Pair<Rule>) -> Spanned<String> {
        match pair.into_inner().next() {
            Some(w) => self.parse_word(w),
            None => unreachable!("unknown entries start with a word"),
        }
    }

    fn parse_castling_item(&self, pair: Pair<Rule>) -> Item {
        let (k, rest) = self.split_kw(pair);
        if rest.first().is_some_and(|p| p.as_rule() == Rule::kw_none) {
            return Item::Castling(k, None);
        }
        let mut b = CastlingBlock::default();
        for p in rest {
            match p.as_rule() {
                Rule::castling_rook => {
                    if let Some(l) = p.into_inner().find(|q| q.as_rule() == Rule::letter) {
                        b.rook.push(self.parse_letter(l));
                    }
                }
                Rule::castling_king_side => b.king_side.push(self.parse_castling_side(p)),
                Rule::castling_queen_side => b.queen_side.push(self.parse_castling_side(p)),
                Rule::castling_curtailed => b.curtailed.push(
                    p.into_inner()
                        .filter(|q| q.as_rule() == Rule::file_name)
                        .map(|q| self.parse_letter(q))
                        .collect(),
                ),
                Rule::castling_safety => {
                    let span = self.span(&p);
                    let strict = p.into_inner().any(|q| q.as_rule() == Rule::kw_strict);
                    b.strict.push(Spanned {
                        value: strict,
                        span,
                    });
                }
                Rule::castling_only => b.only.push(self.parse_castling_only(p)),
                Rule::castling_king => {
                    if let Some(l) = p.into_inner().find(|q| q.as_rule() == Rule::letter) {
                        b.king.push(self.parse_letter(l));
                    }
                }
                Rule::castling_unknown => b.unknown.push(self.parse_unknown(p)),
                r => unreachable!("unexpected castling entry {r:?}"),
            }
        }
        Item::Castling(k, Some(b))
    }

    fn parse_castling_only(&self, pair: Pair<Rule>) -> CastlingOnly {
        let span = self.span(&pair);
        let (mut king, mut rook, mut after_rook) = (vec![], vec![], false);
        for q in pair.into_inner() {
            match q.as_rule() {
                Rule::kw_rook => after_rook = true,
                Rule::file_name if after_rook => rook.push(self.parse_letter(q)),
                Rule::file_name => king.push(self.parse_letter(q)),
                _ => {}
            }
        }
        CastlingOnly { span, king, rook }
    }

    fn parse_setup_place(&self, pair: Pair<Rule>) -> PlaceDecl {
        let span = self.span(&pair);
        let mut d = PlaceDecl {
            span,
            first: Side::White,
            ranks: vec![],
            by_kind: vec![],
        };
        let ints = |p: Pair<Rule>| -> Vec<Spanned<i64>> {
            p.into_inner()
                .filter(|q| q.as_rule() == Rule::integer)
                .map(|q| self.parse_integer(q))
                .collect()
        };
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::color if p.as_str() == "black" => d.first = Side::Black,
                Rule::step_ranks => d.ranks = ints(p),
                Rule::place_kind => {
                    let (mut letters, mut ranks) = (vec![], vec![]);
                    for q in p.into_inner() {
                        match q.as_rule() {
                            Rule::letter => letters.push(self.parse_letter(q)),
                            Rule::step_ranks => ranks = ints(q),
                            _ => {}
                        }
                    }
                    d.by_kind.push((letters, ranks));
                }
                _ => {}
            }
        }
        d
    }

    fn parse_castling_side(&self, pair: Pair<Rule>) -> (Span, Spanned<char>, Spanned<char>) {
        let span = self.span(&pair);
        let files: Vec<Spanned<char>> = pair
            .into_inner()
            .filter(|q| q.as_rule() == Rule::file_name)
            .map(|q| self.parse_letter(q))
            .collect();
        match <[Spanned<char>; 2]>::try_from(files) {
            Ok([king, rook]) => (span, king, rook),
            Err(_) => unreachable!("a castling side names two files"),
        }
    }

    fn parse_setup_item(&self, pair: Pair<Rule>) -> Item {
        let (k, rest) = self.split_kw(pair);
        if rest.first().is_some_and(|p| p.as_rule() == Rule::kw_none) {
            return Item::Setup(k, None);
        }
        let mut b = SetupBlock::default();
        for p in rest {
            let span = self.span(&p);
            match p.as_rule() {
                Rule::setup_step => b.steps.push(self.parse_setup_step(p)),
                Rule::setup_require => b.requires.push(self.parse_setup_require(p)),
                Rule::setup_play => b.in_play.push(self.parse_setup_play(p)),
                Rule::kw_randomize => b.randomize.push(span),
                Rule::setup_shuffle => b.shuffle.push(Spanned {
                    value: !p.into_inner().any(|q| q.as_rule() == Rule::kw_independent),
                    span,
                }),
                Rule::setup_hand => {
                    if let Some(q) = p.into_inner().find(|q| q.as_rule() == Rule::string) {
                        b.hand.push((span, self.parse_string(q)));
                    }
                }
                Rule::setup_place => b.place.push(self.parse_setup_place(p)),
                Rule::setup_unknown => b.unknown.push(self.parse_unknown(p)),
                r => unreachable!("unexpected setup entry {r:?}"),
            }
        }
        Item::Setup(k, Some(b))
    }

    fn parse_setup_step(&self, pair: Pair<Rule>) -> Step {
        let span = self.span(&pair);
        let mut side = Side::White;
        let mut action = StepDecl::Mirror;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::color => {
                    side = if p.as_str() == "black" {
                        Side::Black
                    } else {
                        Side::White
                    }
                }
                Rule::step_swap => action = self.parse_step_swap(p),
                Rule::step_swap_squares => action = self.parse_step_swap_squares(p),
                _ => {}
            }
        }
        Step { span, side, action }
    }

    /// `at move 1 swap ...`
    fn parse_setup_play(&self, pair: Pair<Rule>) -> PlayDecl {
        let span = self.span(&pair);
        let mut move_number = Spanned { value: 0, span };
        let mut action = StepDecl::Mirror;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::integer => move_number = self.parse_integer(p),
                Rule::step_swap => action = self.parse_step_swap(p),
                Rule::step_swap_squares => action = self.parse_step_swap_squares(p),
                _ => {}
            }
        }
        PlayDecl {
            span,
            move_number,
            action,
        }
    }

    fn parse_step_swap(&self, pair: Pair<Rule>) -> StepDecl {
        let mut relocate = vec![];
        let mut with = vec![];
        let mut optional = vec![];
        let mut ranks = vec![];
        let mut after_with = false;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::kw_with => after_with = true,
                Rule::letter if after_with => with.push(self.parse_letter(p)),
                Rule::letter => relocate.push(self.parse_letter(p)),
                Rule::kw_optional => optional.push(self.span(&p)),
                Rule::step_ranks => ranks.extend(
                    p.into_inner()
                        .filter(|q| q.as_rule() == Rule::integer)
                        .map(|q| self.parse_integer(q)),
                ),
                _ => {}
            }
        }
        StepDecl::Swap {
            relocate,
            with,
            optional,
            ranks,
        }
    }

    /// `swap c1 f2 or f1 c2 optional`
    fn parse_step_swap_squares(&self, pair: Pair<Rule>) -> StepDecl {
        let mut pairs = vec![];
        let mut optional = vec![];
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::square_pair => {
                    let sq: Vec<_> = p.into_inner().map(|q| self.parse_word(q)).collect();
                    if let Ok([a, b]) = <[Spanned<String>; 2]>::try_from(sq) {
                        pairs.push((a, b));
                    }
                }
                Rule::kw_optional => optional.push(self.span(&p)),
                _ => {}
            }
        }
        StepDecl::SwapSquares { pairs, optional }
    }

    pub(super) fn parse_side(&self, p: &Pair<Rule>) -> Spanned<Side> {
        Spanned {
            value: if p.as_str() == "black" {
                Side::Black
            } else {
                Side::White
            },
            span: self.span(p),
        }
    }

    pub(super) fn parse_word(&self, pair: Pair<Rule>) -> Spanned<String> {
        Spanned {
            value: pair.as_str().to_string(),
            span: self.span(&pair),
        }
    }

    pub(super) fn parse_letter(&self, pair: Pair<Rule>) -> Spanned<char> {
        let text = pair.as_str();
        // `+P`, a promoted kind, is one letter of its own (types::promoted_letter)
        let value = match text.strip_prefix('+') {
            Some(rest) => crate::types::promoted_letter(rest.chars().next().unwrap_or('?')),
            None => text.chars().next().unwrap_or('?'),
        };
        Spanned {
            value,
            span: self.span(&pair),
        }
    }

    pub(super) fn parse_integer(&self, pair: Pair<Rule>) -> Spanned<i64> {
        // Huge numbers saturate; the checker reports them as out of range.
        let s = pair.as_str();
        let value = s.parse::<i64>().unwrap_or(if s.starts_with('-') {
            i64::MIN
        } else {
            i64::MAX
        });
        Spanned {
            value,
            span: self.span(&pair),
        }
    }

    /// Decodes a string, keeping the file offset of every decoded byte.
    pub(super) fn parse_string(&self, pair: Pair<Rule>) -> Str {
        let span = self.span(&pair);
        let raw = pair.as_str();
        let base = span.start;
        let inner = &raw[1..raw.len().saturating_sub(1).max(1)];
        let mut value = String::new();
        let mut offsets = Vec::new();
        let mut chars = inner.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            let at = base + 1 + i;
            let decoded = if c == '\\' {
                match chars.next() {
                    Some((_, 'n')) => '\n',
                    Some((_, 't')) => '\t',
                    Some((_, other)) => other,
                    None => '\\',
                }
            } else {
                c
            };
            for _ in 0..decoded.len_utf8() {
                offsets.push(at);
            }
            value.push(decoded);
        }
        offsets.push(base + raw.len().saturating_sub(1));
        Str {
            value,
            span,
            offsets,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::keywords::Block;

    const GRAMMAR: &str = include_str!("../../grammar/rules.pest");

    /// The grammar rule that recognises a block's keywords, and its name in the grammar.
    fn keyword_rule(b: Block) -> (Rule, &'static str) {
        match b {
            Block::Top => (Rule::top_keyword, "top_keyword"),
            Block::Piece => (Rule::piece_keyword, "piece_keyword"),
            Block::Castling => (Rule::castling_keyword, "castling_keyword"),
            Block::End => (Rule::end_keyword, "end_keyword"),
            Block::Setup => (Rule::setup_keyword, "setup_keyword"),
            Block::Step => (Rule::step_keyword, "step_keyword"),
            Block::Drops => (Rule::drops_keyword, "drops_keyword"),
        }
    }

    /// The spellings of each `kw_*` rule that grammar rule `name` lists.
    fn grammar_keywords(name: &str) -> Vec<(String, Vec<String>)> {
        let at = GRAMMAR
            .find(&format!("\n{name} "))
            .unwrap_or_else(|| panic!("no rule {name}"));
        let body = &GRAMMAR[at..];
        let body = &body[body.find('{').unwrap() + 1..body.find('}').unwrap()];
        body.split('|')
            .map(|k| {
                let k = k.trim().to_string();
                let def = GRAMMAR
                    .lines()
                    .find(|l| l.starts_with(&format!("{k} ")))
                    .unwrap_or_else(|| panic!("no rule {k}"));
                let spellings = def.split('"').skip(1).step_by(2).map(String::from);
                (k, spellings.collect())
            })
            .collect()
    }

    #[test]
    fn the_grammar_accepts_exactly_the_keyword_table() {
        for b in [
            Block::Top,
            Block::Piece,
            Block::Castling,
            Block::End,
            Block::Setup,
            Block::Step,
            Block::Drops,
        ] {
            let (rule, name) = keyword_rule(b);
            let words = b.words();
            for w in &words {
                let end = RulesParser::parse(rule, w)
                    .ok()
                    .and_then(|p| p.map(|p| p.as_span().end()).max());
                assert_eq!(end, Some(w.len()), "`{name}` does not accept `{w}`");
            }
            for (kw, spellings) in grammar_keywords(name) {
                assert!(
                    spellings.iter().any(|s| words.contains(&s.as_str())),
                    "`{kw}` ({spellings:?}) of `{name}` is not in the keyword table"
                );
            }
        }
    }
}
