//! pest pairs -> typed AST ([`super::ast`]). One `parse_*` function per grammar rule; pest types
//! never leave this module. Syntax errors come back as [`SyntaxError`]s whose messages use the
//! human names of `rule_name`.

use std::borrow::Cow;

use pest::error::{ErrorVariant, InputLocation};
use pest::iterators::Pair;
use pest::Parser;

use super::ast::*;
use super::keywords::Block;

#[derive(pest_derive::Parser)]
#[grammar = "grammar/rules.pest"]
struct RulesParser;

/// A human name for every grammar rule, as a user reads it after "expected". The entries of a
/// block are named with the keyword table's hint ("a piece property such as `moves`, ...").
fn rule_name(rule: Rule) -> Cow<'static, str> {
    let block = match rule {
        Rule::item => Some(Block::Top),
        Rule::piece_attr | Rule::piece_keyword | Rule::unknown_attr => Some(Block::Piece),
        Rule::castling_entry
        | Rule::castling_keyword
        | Rule::castling_stop
        | Rule::castling_unknown => Some(Block::Castling),
        Rule::end_entry | Rule::end_keyword | Rule::end_unknown => Some(Block::End),
        Rule::setup_entry | Rule::setup_keyword | Rule::setup_unknown => Some(Block::Setup),
        Rule::step_keyword => Some(Block::Step),
        _ => None,
    };
    match block {
        Some(b) => Cow::Owned(b.hint()),
        None => Cow::Borrowed(token_name(rule)),
    }
}

/// The human name of a rule that is not a block's entry.
fn token_name(rule: Rule) -> &'static str {
    match rule {
        Rule::EOI => "end of file",
        Rule::WHITESPACE => "a space",
        Rule::COMMENT => "a comment",
        Rule::file => "a rules file",
        Rule::word => "a name",
        Rule::letter => "a piece letter like `N`",
        Rule::file_name => "a file letter like `g`",
        Rule::integer => "a whole number",
        Rule::string => "a quoted text like `\"...\"`",
        Rule::text => "a quoted text like `\"...\"`",
        Rule::board_size => "a board size like `8x8`",
        Rule::color => "`white` or `black`",
        Rule::rest_of_line => "the rest of the line",
        Rule::ident_char => "a letter or digit",
        Rule::arg => "a value",
        Rule::top_keyword => "an item name",
        Rule::kw_extends => "`extends`",
        Rule::kw_name => "`name`",
        Rule::kw_description => "`description`",
        Rule::kw_source => "`source`",
        Rule::kw_board => "`board`",
        Rule::kw_piece => "`piece`",
        Rule::kw_array => "`array`",
        Rule::kw_castling => "`castling`",
        Rule::kw_end => "`end`",
        Rule::kw_setup => "`setup`",
        Rule::kw_none => "`none`",
        Rule::kw_moves => "`moves`",
        Rule::kw_value => "`value`",
        Rule::kw_royal => "`royal`",
        Rule::kw_pawn => "`pawn`",
        Rule::kw_promote => "`promote`",
        Rule::kw_on => "`on`",
        Rule::kw_rank => "`rank`",
        Rule::kw_to => "`to`",
        Rule::kw_rook => "`rook`",
        Rule::kw_king => "`king`",
        Rule::kw_king_side => "`king-side`",
        Rule::kw_queen_side => "`queen-side`",
        Rule::kw_curtailed => "`curtailed`",
        Rule::kw_safety => "`safety`",
        Rule::kw_strict => "`strict`",
        Rule::kw_chess960 => "`chess960`",
        Rule::kw_stalemate => "`stalemate`",
        Rule::kw_draw => "`draw`",
        Rule::kw_loss => "`loss`",
        Rule::kw_repetition => "`repetition`",
        Rule::kw_move_rule => "`move-rule`",
        Rule::kw_insufficient => "`insufficient-material`",
        Rule::kw_off => "`off`",
        Rule::kw_step => "`step`",
        Rule::kw_swap => "`swap`",
        Rule::kw_with => "`with`",
        Rule::kw_optional => "`optional`",
        Rule::kw_ranks => "`ranks`",
        Rule::kw_mirror => "`mirror`",
        Rule::kw_require => "`require`",
        Rule::kw_opposite => "`opposite-colours`",
        Rule::kw_between => "`between`",
        Rule::kw_at => "`at`",
        Rule::kw_after => "`after`",
        Rule::kw_each => "`each`",
        Rule::kw_randomize => "`randomize`",
        Rule::kw_shuffle => "`shuffle`",
        Rule::kw_mirrored => "`mirrored`",
        Rule::kw_independent => "`independent`",
        Rule::extends_item => "`extends \"<file>\"`",
        Rule::name_item => "`name \"<name>\"`",
        Rule::description_item => "`description \"<text>\"`",
        Rule::source_item => "`source \"<text>\"`",
        Rule::board_item => "`board <files>x<ranks>`",
        Rule::array_item => "`array \"<FEN ranks>\"`",
        Rule::unknown_item => "an item",
        Rule::piece_item => "a piece like `piece Knight N moves \"N\"`",
        Rule::moves_attr => "`moves \"<Betza>\"`",
        Rule::value_attr => "`value <centipawns>`",
        Rule::promote_attr => "`promote on rank <n> to <letters>`",
        Rule::castling_item => "`castling { ... }` or `castling none`",
        Rule::castling_rook => "`rook <letter>`",
        Rule::castling_king_side => "`king-side king <file> rook <file>`",
        Rule::castling_queen_side => "`queen-side king <file> rook <file>`",
        Rule::castling_curtailed => "`curtailed <files>`",
        Rule::castling_safety => "`safety strict` or `safety chess960`",
        Rule::end_item => "`end { ... }`",
        Rule::end_stalemate => "`stalemate draw` or `stalemate loss`",
        Rule::end_repetition => "`repetition <n>` or `repetition off`",
        Rule::end_move_rule => "`move-rule <n>` or `move-rule off`",
        Rule::end_insufficient => "`insufficient-material`",
        Rule::setup_item => "`setup { ... }` or `setup none`",
        Rule::setup_step => "a step like `step white swap K with Q B N optional`",
        Rule::step_swap => "`swap <letters> with <letters>`",
        Rule::step_ranks => "`ranks <numbers>`",
        Rule::setup_require => "a requirement like `require opposite-colours B at end`",
        Rule::require_opposite => "`opposite-colours <letter>`",
        Rule::require_between => "`<letter> between <letter>`",
        Rule::require_when => "`at end` or `after each swap`",
        Rule::setup_shuffle => "`shuffle`",
        Rule::item
        | Rule::piece_attr
        | Rule::piece_keyword
        | Rule::unknown_attr
        | Rule::castling_entry
        | Rule::castling_keyword
        | Rule::castling_stop
        | Rule::castling_unknown
        | Rule::end_entry
        | Rule::end_keyword
        | Rule::end_unknown
        | Rule::setup_entry
        | Rule::setup_keyword
        | Rule::setup_unknown
        | Rule::step_keyword => unreachable!("named by its block in `rule_name`"),
    }
}

/// A syntax error: where, what, and how to fix it.
pub struct SyntaxError {
    /// Where the parse stopped.
    pub span: Span,
    /// "expected ..., found ..."
    pub message: String,
    /// A hint, for a few common slips.
    pub help: Option<String>,
}

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

fn syntax_error(e: pest::error::Error<Rule>, text: &str, file: usize) -> SyntaxError {
    let pos = match e.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((p, _)) => p,
    };
    let (found, found_len) = found_at(text, pos);
    let mut help = None;
    let message = match &e.variant {
        ErrorVariant::ParsingError {
            positives,
            negatives,
        } => {
            // `end of file` and the catch-all `word` of unknown entries only add noise next
            // to real alternatives; at the end of a line, "end of file" reads "end of line".
            let mut rules: Vec<Rule> = positives.clone();
            if rules.len() > 1 {
                rules.retain(|r| !matches!(r, Rule::EOI | Rule::word));
            }
            let mut names: Vec<Cow<str>> = rules
                .iter()
                .map(|r| match r {
                    Rule::EOI if pos < text.len() => Cow::Borrowed("end of line"),
                    r => rule_name(*r),
                })
                .collect();
            names.dedup();
            if pos >= text.len() {
                if let Some(open) = unclosed_brace(text) {
                    return SyntaxError {
                        span: Span {
                            file,
                            start: open,
                            end: open + 1,
                        },
                        message: "this `{` is never closed".into(),
                        help: Some("end the block with `}`".into()),
                    };
                }
            }
            if !names.is_empty() {
                format!("expected {}, found {found}", join_or(&names))
            } else if !negatives.is_empty() {
                let names: Vec<Cow<str>> = negatives.iter().map(|r| rule_name(*r)).collect();
                format!("unexpected {}", join_or(&names))
            } else {
                format!("unexpected {found}")
            }
        }
        ErrorVariant::CustomError { message } => message.clone(),
    };
    if text[pos..].starts_with('"') {
        let line_end = text[pos..].find('\n').map_or(text.len(), |i| pos + i);
        if !text[pos + 1..line_end].contains('"') {
            help = Some("a quoted text must end with `\"` on the same line".to_string());
        }
    } else if text[pos..].starts_with('{') || text[pos..].starts_with('}') {
        help =
            Some("blocks are written `castling { ... }`, `end { ... }` or `setup { ... }`".into());
    }
    SyntaxError {
        span: Span {
            file,
            start: pos,
            end: pos + found_len,
        },
        message,
        help,
    }
}

/// The last `{` without a matching `}` (strings and comments skipped), if any.
fn unclosed_brace(text: &str) -> Option<usize> {
    let mut open = vec![];
    let mut in_string = false;
    let mut in_comment = false;
    let mut prev = '\0';
    for (i, c) in text.char_indices() {
        match c {
            '\n' => {
                in_string = false;
                in_comment = false;
            }
            _ if in_comment => {}
            '"' if !(in_string && prev == '\\') => in_string = !in_string,
            _ if in_string => {}
            '#' => in_comment = true,
            '/' if prev == '/' => in_comment = true,
            '{' => open.push(i),
            '}' => {
                open.pop();
            }
            _ => {}
        }
        prev = c;
    }
    open.pop()
}

/// What stands at `pos`, for "found ..." (and its length in bytes).
fn found_at(text: &str, pos: usize) -> (String, usize) {
    let rest = &text[pos.min(text.len())..];
    let Some(c) = rest.chars().next() else {
        return ("end of file".into(), 0);
    };
    if c == '\n' || c == '\r' {
        return ("end of line".into(), 0);
    }
    if c.is_alphanumeric() || c == '-' || c == '_' {
        let len = rest
            .find(|ch: char| !(ch.is_alphanumeric() || ch == '-' || ch == '_'))
            .unwrap_or(rest.len());
        return (format!("`{}`", &rest[..len]), len);
    }
    (format!("`{c}`"), c.len_utf8())
}

fn join_or(names: &[Cow<str>]) -> String {
    match names {
        [] => String::new(),
        [a] => a.to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

struct Cx {
    file: usize,
}

impl Cx {
    fn span(&self, p: &Pair<Rule>) -> Span {
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
            Rule::castling_item => self.parse_castling_item(inner),
            Rule::end_item => self.parse_end_item(inner),
            Rule::setup_item => self.parse_setup_item(inner),
            Rule::unknown_item => self.parse_unknown_item(inner),
            r => unreachable!("unexpected item {r:?}"),
        }
    }

    /// The keyword's span and the remaining children.
    fn split_kw<'i>(&self, pair: Pair<'i, Rule>) -> (Span, Vec<Pair<'i, Rule>>) {
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
        let Some(size) = rest.into_iter().next() else {
            unreachable!("board has a size")
        };
        Item::Board(k, self.parse_board_size(size))
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
                Rule::unknown_attr => d.unknown.push(self.parse_unknown(p)),
                r => unreachable!("unexpected piece attribute {r:?}"),
            }
        }
        d
    }

    fn parse_promote_attr(&self, pair: Pair<Rule>) -> PromoteDecl {
        let span = self.span(&pair);
        let mut rank = None;
        let mut to = vec![];
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::integer => rank = Some(self.parse_integer(p)),
                Rule::letter => to.push(self.parse_letter(p)),
                _ => {}
            }
        }
        let Some(rank) = rank else {
            unreachable!("promote has a rank")
        };
        PromoteDecl { span, rank, to }
    }

    /// Any `*_unknown` rule: its first word.
    fn parse_unknown(&self, pair: Pair<Rule>) -> Spanned<String> {
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
                Rule::castling_unknown => b.unknown.push(self.parse_unknown(p)),
                r => unreachable!("unexpected castling entry {r:?}"),
            }
        }
        Item::Castling(k, Some(b))
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

    fn parse_limit(&self, pair: Pair<Rule>) -> (Span, Limit) {
        let span = self.span(&pair);
        let limit = match pair.into_inner().find(|q| q.as_rule() == Rule::integer) {
            Some(q) => Limit::Number(self.parse_integer(q)),
            None => Limit::Off,
        };
        (span, limit)
    }

    fn parse_end_item(&self, pair: Pair<Rule>) -> Item {
        let (k, rest) = self.split_kw(pair);
        let mut b = EndBlock::default();
        for p in rest {
            let span = self.span(&p);
            match p.as_rule() {
                Rule::end_stalemate => b.stalemate_draw.push(Spanned {
                    value: p.into_inner().any(|q| q.as_rule() == Rule::kw_draw),
                    span,
                }),
                Rule::end_repetition => b.repetition.push(self.parse_limit(p)),
                Rule::end_move_rule => b.move_rule.push(self.parse_limit(p)),
                Rule::end_insufficient => b.insufficient.push(Spanned {
                    value: !p.into_inner().any(|q| q.as_rule() == Rule::kw_off),
                    span,
                }),
                Rule::end_unknown => b.unknown.push(self.parse_unknown(p)),
                r => unreachable!("unexpected end entry {r:?}"),
            }
        }
        Item::End(k, b)
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
                Rule::kw_randomize => b.randomize.push(span),
                Rule::setup_shuffle => b.shuffle.push(Spanned {
                    value: !p.into_inner().any(|q| q.as_rule() == Rule::kw_independent),
                    span,
                }),
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
                _ => {}
            }
        }
        Step { span, side, action }
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

    fn parse_setup_require(&self, pair: Pair<Rule>) -> Require {
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

    fn parse_word(&self, pair: Pair<Rule>) -> Spanned<String> {
        Spanned {
            value: pair.as_str().to_string(),
            span: self.span(&pair),
        }
    }

    fn parse_letter(&self, pair: Pair<Rule>) -> Spanned<char> {
        Spanned {
            value: pair.as_str().chars().next().unwrap_or('?'),
            span: self.span(&pair),
        }
    }

    fn parse_integer(&self, pair: Pair<Rule>) -> Spanned<i64> {
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
    fn parse_string(&self, pair: Pair<Rule>) -> Str {
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

    #[test]
    fn block_hints_name_the_grammar_rules() {
        assert_eq!(
            rule_name(Rule::unknown_attr),
            "a piece property such as `moves`, `value`, `royal`, `pawn` or `promote`"
        );
        assert_eq!(
            rule_name(Rule::castling_stop),
            "a castling entry such as `rook`, `king-side`, `queen-side`, `curtailed` or `safety`"
        );
        assert_eq!(
            rule_name(Rule::setup_entry),
            "a setup entry such as `step`, `require`, `randomize` or `shuffle`"
        );
        assert_eq!(rule_name(Rule::kw_on), "`on`");
    }
}
