//! Syntax errors: what the pest parser reports, worded for a user. Every grammar rule has a
//! human name ([`rule_name`]); the entries of a block are named with the keyword table's hint.

use std::borrow::Cow;

use pest::error::{ErrorVariant, InputLocation};

use super::ast::Span;
use super::keywords::Block;
use super::parser::Rule;

/// A human name for every grammar rule, as a user reads it after "expected". The entries of a
/// block are named with the keyword table's hint ("a piece property such as `moves`, ...").
pub(super) fn rule_name(rule: Rule) -> Cow<'static, str> {
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
        Rule::drops_entry | Rule::drops_keyword | Rule::drops_unknown => Some(Block::Drops),
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
        Rule::kw_image => "`image`",
        Rule::image_attr => "`image <figure>`, `image \"<file.svg>\"` or `image disc \"<text>\"`",
        Rule::figure_list => "a figure like `knight` or `bishop+knight`",
        Rule::kw_on => "`on`",
        Rule::kw_rank => "`rank`",
        Rule::kw_to => "`to`",
        Rule::kw_rook => "`rook`",
        Rule::kw_king => "`king`",
        Rule::kw_king_side => "`king-side`",
        Rule::kw_queen_side => "`queen-side`",
        Rule::kw_curtailed => "`curtailed`",
        Rule::kw_safety => "`safety`",
        Rule::kw_only => "`only`",
        Rule::kw_hand => "`hand`",
        Rule::kw_place => "`place`",
        Rule::kw_first => "`first`",
        Rule::castling_only => "`only king <files> rook <files>`",
        Rule::setup_hand => "`hand \"<letters>\"`",
        Rule::setup_place => "a placement like `place white first ranks 1`",
        Rule::place_kind => "`<letters> ranks <numbers>`",
        Rule::kw_strict => "`strict`",
        Rule::kw_chess960 => "`chess960`",
        Rule::kw_stalemate => "`stalemate`",
        Rule::kw_draw => "`draw`",
        Rule::kw_loss => "`loss`",
        Rule::kw_fewer_pieces => "`fewer-pieces`",
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
        Rule::kw_or => "`or`",
        Rule::kw_move => "`move`",
        Rule::setup_play => "`at move <n> swap ...`",
        Rule::kw_not => "`not`",
        Rule::kw_mirroring => "`mirroring`",
        Rule::kw_unless => "`unless`",
        Rule::kw_unchanged => "`unchanged`",
        Rule::extends_item => "`extends \"<file>\"`",
        Rule::name_item => "`name \"<name>\"`",
        Rule::description_item => "`description \"<text>\"`",
        Rule::source_item => "`source \"<text>\"`",
        Rule::board_item => "`board <files>x<ranks>`",
        Rule::array_item => "`array \"<FEN ranks>\"`",
        Rule::pgn_variant_item => "`pgn-variant \"<name>\"`",
        Rule::unknown_item => "an item",
        Rule::piece_item => "a piece like `piece Knight N moves \"N\"`",
        Rule::moves_attr => "`moves \"<Betza>\"`",
        Rule::value_attr => "`value <centipawns>`",
        Rule::promote_attr => "`promote on rank <n> to <letters> [optional] [captured] [leaving]`",
        Rule::castling_item => "`castling { ... }` or `castling none`",
        Rule::castling_rook => "`rook <letter>`",
        Rule::castling_king_side => "`king-side king <file> rook <file>`",
        Rule::castling_queen_side => "`queen-side king <file> rook <file>`",
        Rule::castling_curtailed => "`curtailed <files>`",
        Rule::castling_safety => "`safety strict` or `safety chess960`",
        Rule::end_item => "`end { ... }`",
        Rule::end_stalemate => "`stalemate draw`, `stalemate loss` or `stalemate win`",
        Rule::end_repetition => {
            "`repetition <n> [perpetual-check] [winner <colour>]` or `repetition off`"
        }
        Rule::end_move_rule => "`move-rule <n>` or `move-rule off`",
        Rule::end_insufficient => "`insufficient-material`",
        Rule::setup_item => "`setup { ... }` or `setup none`",
        Rule::setup_step => "a step like `step white swap K with Q B N optional`",
        Rule::step_swap => "`swap <letters> with <letters>`",
        Rule::step_ranks => "`ranks <numbers>`",
        Rule::step_swap_squares => "`swap <square> <square>`",
        Rule::square_pair => "two squares like `c1 f2`",
        Rule::square => "a square like `c1`",
        Rule::setup_require => "a requirement like `require opposite-colours B at end`",
        Rule::require_opposite => "`opposite-colours <letter>`",
        Rule::require_between => "`<letter> between <letter>`",
        Rule::require_when => "`at end` or `after each swap`",
        Rule::require_not_on => "`<letter> not on <files>`",
        Rule::require_not_mirroring => "`white not mirroring black`",
        Rule::require_unless => "`unless unchanged`",
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
        | Rule::promote_option
        | Rule::counting_entry
        | Rule::end_keyword
        | Rule::end_unknown
        | Rule::setup_entry
        | Rule::setup_keyword
        | Rule::setup_unknown
        | Rule::drops_entry
        | Rule::drops_keyword
        | Rule::drops_unknown
        | Rule::step_keyword => unreachable!("named by its block in `rule_name`"),
        _ => royal_free_token_name(rule),
    }
}

/// The names of the rules of extinction, bare king, obligatory captures, the castling king
/// and the pawn's `initial` and `en-passant` ranks.
fn royal_free_token_name(rule: Rule) -> &'static str {
    match rule {
        Rule::kw_win => "`win`",
        Rule::kw_initial => "`initial`",
        Rule::kw_en_passant => "`en-passant`",
        Rule::initial_attr => "`initial ranks <numbers>`",
        Rule::ep_attr => "`en-passant ranks <numbers>`",
        Rule::kw_all => "`all`",
        Rule::kw_left => "`left`",
        Rule::extinction_left => "`left <n>`",
        Rule::kw_extinction => "`extinction`",
        Rule::kw_bare_king => "`bare-king`",
        Rule::kw_captures => "`captures`",
        Rule::kw_obligatory => "`obligatory`",
        Rule::castling_king => "`king <letter>`",
        Rule::end_extinction => "`extinction <letters>` or `extinction all`",
        Rule::end_bare_king => "`bare-king loss` or `bare-king win`",
        Rule::kw_checkmate => "`checkmate`",
        Rule::end_checkmate => "`checkmate loss` or `checkmate win`",
        Rule::end_captures => "`captures obligatory`",
        _ => goal_token_name(rule),
    }
}

/// The names of the rules of goals (regions, checks), promotion options, counting and the
/// PGN name.
fn goal_token_name(rule: Rule) -> &'static str {
    match rule {
        Rule::kw_pgn_variant => "`pgn-variant`",
        Rule::kw_notation => "`notation`",
        Rule::notation_item => "`notation san` or `notation hodges`",
        Rule::kw_san => "`san`",
        Rule::kw_captured => "`captured`",
        Rule::promote_side => "`white <letters>` or `black <letters>`",
        Rule::kw_counting => "`counting`",
        Rule::kw_pieces => "`pieces`",
        Rule::end_counting => "`counting { ... }`",
        Rule::counting_board => "`board <moves>`",
        Rule::counting_pieces => "`pieces <letters> <moves>`",
        Rule::end_region => "a region like `region K d4 e4 d5 e5` or `region K rank 8`",
        Rule::region_rank => "`rank <n>`",
        Rule::end_checks => "`checks <n>`",
        Rule::end_checking => "`checking illegal`",
        Rule::kw_region => "`region`",
        Rule::kw_answer => "`answer`",
        Rule::kw_checks => "`checks`",
        Rule::kw_checking => "`checking`",
        Rule::kw_illegal => "`illegal`",
        _ => drops_token_name(rule),
    }
}

/// The names of the rules of `drops { ... }`.
fn drops_token_name(rule: Rule) -> &'static str {
    match rule {
        Rule::kw_drops => "`drops`",
        Rule::kw_promoted => "`promoted`",
        Rule::kw_demote => "`demote`",
        Rule::kw_keep => "`keep`",
        Rule::drops_item => "`drops { ... }`",
        Rule::drops_hand => "`hand \"<letters>\"`",
        Rule::drops_captures => "`captures to hand`",
        Rule::drops_promoted => "`promoted demote` or `promoted keep`",
        Rule::drops_kind => "`<letters> ranks <numbers>`",
        _ => region_token_name(rule),
    }
}

/// The names of the rules of regions, confinement, moves in a region, facing royals, the
/// board of points (Xiangqi).
fn region_token_name(rule: Rule) -> &'static str {
    match rule {
        Rule::kw_points => "`points`",
        Rule::kw_drawn => "`drawn`",
        Rule::kw_confined => "`confined`",
        Rule::kw_also => "`also`",
        Rule::kw_in => "`in`",
        Rule::kw_facing => "`facing`",
        Rule::region_item => "a region like `region palace d1-f3` or `region home ranks 1 2 3`",
        Rule::square_span => "a rectangle of squares like `d1-f3`",
        Rule::confined_attr => "`confined to <region>`",
        Rule::san_attr => "`san <letter>`",
        Rule::also_attr => "`also \"<Betza>\" in <region>`",
        Rule::end_facing => "`facing illegal`",
        _ => shogi_token_name(rule),
    }
}

/// The names of the rules Shogi added: promoted kinds' promotion, sennichite, drops.
fn shogi_token_name(rule: Rule) -> &'static str {
    match rule {
        Rule::kw_leaving => "`leaving`",
        Rule::token_shape => "a token shape, `disc` or `pentagon`",
        Rule::kw_perpetual => "`perpetual-check`",
        Rule::kw_winner => "`winner`",
        Rule::kw_doubled => "`doubled`",
        Rule::kw_drop_mate => "`drop-mate`",
        Rule::drops_not_doubled => "`not doubled`",
        Rule::drops_mate_loss => "`drop-mate loss`",
        Rule::repetition_winner => "`winner white` or `winner black`",
        r => unreachable!("every rule has a name: {r:?}"),
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

pub(super) fn syntax_error(e: pest::error::Error<Rule>, text: &str, file: usize) -> SyntaxError {
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
            // so do the optional words that may end a complete line (`board 9x10 points`,
            // `region ... drawn`): "expected end of line" says more
            if rules.contains(&Rule::EOI) {
                rules.retain(|r| !matches!(r, Rule::kw_points | Rule::kw_drawn));
            }
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

#[cfg(test)]
mod tests {
    use super::*;

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
