//! Every keyword that opens an entry of the rules language, in one table.
//!
//! The grammar (`grammar/rules.pest`) necessarily names the keywords too; a test in `parser.rs`
//! checks that it accepts exactly the keywords of this table, block by block. Everything else reads
//! the table: the syntax-error hints of the parser ("expected a piece property such as ..."),
//! the checker's "unknown ..." and "given twice" messages, and the did-you-mean suggestions.
//! A new keyword is one row here, plus its grammar rule and its meaning in the checker.

use super::diagnostic::did_you_mean;

/// Where an entry stands: at the top of a file or inside a block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Block {
    /// A top-level item: `name`, `board`, `piece`, ...
    Top,
    /// A property on a `piece` line.
    Piece,
    /// An entry of `castling { ... }`.
    Castling,
    /// An entry of `end { ... }`.
    End,
    /// An entry of `setup { ... }`.
    Setup,
    /// An option at the end of a `step ... swap` line.
    Step,
    /// An entry of `drops { ... }`.
    Drops,
}

/// One row of the table: where a keyword stands and how it is written.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Keyword {
    /// Where it stands.
    pub block: Block,
    /// How it is written.
    pub word: &'static str,
    /// Its place in the block's syntax-error hint ("an item such as `name`, `board`, ...");
    /// 0 leaves it out of the hint.
    pub hint: u8,
}

macro_rules! keywords {
    ($($block:ident $id:ident $word:literal $hint:literal $what:literal;)*) => {
        /// A keyword of the language, by name (the table's last column is its doc); [`KEYWORDS`]
        /// has a row for each, in this order.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        // Every keyword has a name, though the checker names only some (a `piece` line is
        // never "given twice"; step options are never duplicates).
        #[allow(dead_code)]
        pub(crate) enum Kw {
            $(
                #[doc = $what]
                $id,
            )*
        }

        /// The table: one row per keyword, in [`Kw`] order. Within a block, the order is the
        /// order of the "... are `a`, `b`" lists and the tie-break of suggestions.
        pub(crate) static KEYWORDS: &[Keyword] = &[
            $(Keyword { block: Block::$block, word: $word, hint: $hint },)*
        ];
    };
}

keywords! {
    // block   name          word                     hint  what
    Top       Extends       "extends"                   8  "the file this one builds on";
    Top       Name          "name"                      1  "the game's name";
    Top       Description   "description"               0  "a description of the game";
    Top       Source        "source"                    0  "where the rules come from";
    Top       Board         "board"                     2  "the board size, files x ranks";
    Top       Piece         "piece"                     3  "a piece kind: name, letter, movement";
    Top       Array         "array"                     4  "the starting array, in FEN";
    Top       Castling      "castling"                  5  "the castling rules, or `none`";
    Top       End           "end"                       6  "how the game ends";
    Top       Setup         "setup"                     7  "the pre-game setup phase, or `none`";
    Top       PgnVariant    "pgn-variant"               0  "the PGN `Variant` tag other programs give the game";
    Top       Drops         "drops"                     0  "drops in play: pieces in hand, captures to hand";
    Top       NamedRegion   "region"                    0  "a named region of the board (palace, own side of a river)";
    Top       Notation      "notation"                  0  "how moves are written: `san` (chess) or `hodges` (Shogi's `P-76`)";
    Piece     Moves         "moves"                     1  "the movement in Betza notation";
    Piece     Value         "value"                     2  "the value in centipawns";
    Piece     Royal         "royal"                     3  "the piece that must not be captured";
    Piece     Pawn          "pawn"                      4  "a pawn: resets the move count, may promote";
    Piece     Promote       "promote"                   5  "where and to what a pawn promotes";
    Piece     Image         "image"                     0  "the picture: figures of the piece set or an SVG file";
    Piece     Initial       "initial"                   0  "the ranks where its `i` moves apply";
    Piece     EnPassant     "en-passant"                0  "the ranks passed over that allow en passant";
    Piece     Confined      "confined"                  0  "`confined to <region>`: it moves only inside the region";
    Piece     Also          "also"                      0  "`also \"<Betza>\" in <region>`: moves it has in the region";
    Piece     San           "san"                       0  "`san H`: the letter SAN writes for it, its FEN letter unchanged";
    Castling  Rook          "rook"                      1  "the piece the king castles with";
    Castling  KingSide      "king-side"                 2  "where king and rook land on the king side";
    Castling  QueenSide     "queen-side"                3  "where king and rook land on the queen side";
    Castling  Curtailed     "curtailed"                 4  "king files that lose the castling rights";
    Castling  Safety        "safety"                    5  "which squares must be unattacked";
    Castling  Only          "only"                      0  "the king and rook files that keep castling rights";
    Castling  King          "king"                      0  "the piece that castles when no piece is royal";
    End       Stalemate     "stalemate"                 1  "whether stalemate draws or loses";
    End       Repetition    "repetition"                2  "the repetition count that draws";
    End       MoveRule      "move-rule"                 3  "the moves without capture or pawn move that draw";
    End       Insufficient  "insufficient-material"     4  "whether insufficient material draws";
    End       Counting      "counting"                  0  "Makruk's counting draws: the limits in moves";
    End       Region        "region"                    0  "the squares a side's piece wins by reaching";
    End       Checks        "checks"                    0  "the number of checks that wins";
    End       Checking      "checking"                  0  "`checking illegal`: no move may give check";
    End       Extinction    "extinction"                0  "the kinds whose loss ends the game, or `all`";
    End       BareKing      "bare-king"                 0  "a side left with its king alone loses";
    End       Captures      "captures"                  0  "`captures obligatory`: a side that can capture must";
    End       Checkmate     "checkmate"                 0  "whether checkmate loses (as in chess) or wins";
    End       Facing        "facing"                    0  "`facing illegal`: the royal pieces may not face each other";
    Setup     Step          "step"                      1  "one step of the setup phase";
    Setup     Require       "require"                   2  "a requirement on the arrays";
    Setup     Hand          "hand"                      0  "the pieces each side starts with in hand";
    Setup     Place         "place"                     0  "the sides place their pieces in hand";
    Setup     Randomize     "randomize"                 3  "draw the arrays at random";
    Setup     Shuffle       "shuffle"                   4  "every arrangement of the back rank";
    Setup     At            "at"                        0  "a swap offered in the game proper, at a given move";
    Step      Optional      "optional"                  1  "the side may keep its array";
    Step      Ranks         "ranks"                     2  "the ranks the step acts on";
    Drops     DropHand      "hand"                      1  "the pieces each side holds in hand at the start";
    Drops     DropCaptures  "captures"                  2  "`captures to hand`: captured pieces change sides";
    Drops     Promoted      "promoted"                  3  "whether a captured promoted piece returns demoted";
}

impl Kw {
    /// How the keyword is written.
    pub(crate) fn word(self) -> &'static str {
        KEYWORDS[self as usize].word
    }
}

impl Block {
    /// The block's keywords, in table order.
    pub(crate) fn words(self) -> Vec<&'static str> {
        KEYWORDS
            .iter()
            .filter(|k| k.block == self)
            .map(|k| k.word)
            .collect()
    }

    /// What one entry of the block is called.
    fn entry(self) -> &'static str {
        match self {
            Block::Top => "item",
            Block::Piece => "piece property",
            Block::Castling => "castling entry",
            Block::End => "end rule",
            Block::Setup => "setup entry",
            Block::Step => "step option",
            Block::Drops => "drops entry",
        }
    }

    /// How the list of valid words is introduced in a help line.
    fn list_intro(self) -> &'static str {
        match self {
            Block::Top => "items are",
            Block::Piece => "piece properties are",
            Block::Castling => "castling entries are",
            Block::End => "end rules are",
            Block::Setup => "setup entries are",
            Block::Step => "step options are",
            Block::Drops => "drops entries are",
        }
    }

    /// The syntax-error hint naming the block's common keywords: "a piece property such as
    /// `moves`, `value`, `royal`, `pawn` or `promote`".
    pub(crate) fn hint(self) -> String {
        let mut listed: Vec<&Keyword> = KEYWORDS
            .iter()
            .filter(|k| k.block == self && k.hint > 0)
            .collect();
        listed.sort_by_key(|k| k.hint);
        let words: Vec<String> = listed.iter().map(|k| format!("`{}`", k.word)).collect();
        let list = match words.split_last() {
            None => String::new(),
            Some((last, [])) => last.clone(),
            Some((last, init)) => format!("{} or {last}", init.join(", ")),
        };
        let entry = self.entry();
        let article = if entry.starts_with(['a', 'e', 'i', 'o', 'u']) {
            "an"
        } else {
            "a"
        };
        format!("{article} {entry} such as {list}")
    }

    /// The message and help for an unknown word where the block expects a keyword:
    /// "unknown piece property `roayl`", "did you mean `royal`?".
    pub(crate) fn unknown(self, word: &str) -> (String, String) {
        let message = format!("unknown {} `{word}`", self.entry());
        // A misspelt step option is read as a setup entry of its own.
        if self == Block::Setup {
            if let Some(o) = did_you_mean(word, &Block::Step.words()) {
                let step = Kw::Step.word();
                return (message, format!("did you mean `{o}`, the `{step}` option?"));
            }
        }
        (message, suggest(word, &self.words(), self.list_intro()))
    }
}

/// "did you mean ..." or the list of valid words.
pub(crate) fn suggest(word: &str, candidates: &[&str], what: &str) -> String {
    match did_you_mean(word, candidates) {
        Some(c) => format!("did you mean `{c}`?"),
        None => format!(
            "{what} {}",
            candidates
                .iter()
                .map(|c| format!("`{c}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_by_name() {
        assert_eq!(Kw::Extends.word(), "extends");
        assert_eq!(Kw::Ranks.word(), "ranks");
        assert_eq!(Kw::Insufficient.word(), "insufficient-material");
    }

    #[test]
    fn hints_read_as_before() {
        assert_eq!(
            Block::Top.hint(),
            "an item such as `name`, `board`, `piece`, `array`, `castling`, `end`, `setup` or `extends`"
        );
        assert_eq!(
            Block::End.hint(),
            "an end rule such as `stalemate`, `repetition`, `move-rule` or `insufficient-material`"
        );
        assert_eq!(
            Block::Setup.unknown("optinal").1,
            "did you mean `optional`, the `step` option?"
        );
    }
}
