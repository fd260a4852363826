//! PGN export and import, setup phase included.
//!
//! A game is written with the seven-tag roster, a `Variant` tag (the rules file's `name`), the
//! setup steps, and `SetUp`/`FEN` tags holding the position when the game proper began:
//!
//! ```text
//! [Event "?"]
//! [Site "?"]
//! [Date "????.??.??"]
//! [Round "?"]
//! [White "?"]
//! [Black "?"]
//! [Result "*"]
//! [Variant "Regroupment Chess"]
//! [SetupSteps "swap e8 c8, pass, swap e1 d1, pass"]
//! [SetUp "1"]
//! [FEN "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w HAha - 0 1"]
//!
//! 1. e4 e5 2. Nf3 *
//! ```
//!
//! `SetupSteps` lists every setup step in order, separated by commas, each as Myriad writes it
//! (`swap e8 c8`, `pass`; mirror steps too, since they are moves of the game; empty for a
//! randomized variant whose setup phase is played by hand but not begun). The movetext
//! holds the chess moves only, in SAN from the `FEN` position, so any PGN reader that knows
//! Chess960 castling (python-chess with `chess960=True`) can replay them; Myriad replays the
//! setup steps from the variant's array and checks that they lead to the `FEN` position.
//! Randomized variants (Chess64, Chess484, Chess960) have no `SetupSteps`: the `FEN` tag is
//! the drawn start. On import, setup moves may also stand at the start of the movetext
//! (`swap e8 c8`, `pass`, or the UCI forms `e8c8`, `0000`); only the first game of a text is read.

use std::fmt;
use std::sync::Arc;

use super::Game;
use crate::position::AnyPosition;
use crate::variant::Variant;

/// The seven-tag roster, in its required order, with the values used when unknown.
pub const SEVEN_TAG_ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// The most text read for one game: a first game that has not ended within it is refused.
pub const MAX_PGN_BYTES: usize = 16 << 20;

/// The most moves (plies, setup steps included) one imported game may have; the longest legal
/// game of chess under the 75-move rule has fewer than 18,000.
pub const MAX_PGN_PLIES: usize = 20_000;

/// The tag that records the setup steps.
pub const SETUP_STEPS_TAG: &str = "SetupSteps";

/// Tags that export computes from the game; values passed for them are ignored.
const COMPUTED: [&str; 4] = ["Variant", SETUP_STEPS_TAG, "SetUp", "FEN"];

/// Why a PGN text could not be read: where (1-based line and column, in characters), what,
/// and a hint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1.
    pub column: usize,
    /// What is wrong, lower case, no trailing period.
    pub message: String,
    /// How to fix it, when that is clear.
    pub help: Option<String>,
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)?;
        if let Some(h) = &self.help {
            write!(f, "\n  = help: {h}")?;
        }
        Ok(())
    }
}

impl std::error::Error for PgnError {}

/// Escapes a tag value (`\` and `"`), and turns line breaks into spaces.
fn escape(value: &str) -> String {
    let mut s = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' => s.push_str("\\\\"),
            '"' => s.push_str("\\\""),
            '\n' | '\r' => s.push(' '),
            c => s.push(c),
        }
    }
    s
}

/// Writes `game` as PGN. `tags` give values for the seven-tag roster (unknown ones are `?`)
/// and any further tags; `Variant`, `SetupSteps`, `SetUp` and `FEN` are always computed from the
/// game. `Result` is the game's outcome when it is over, else the value given, else `*`.
pub fn export(game: &Game, tags: &[(&str, &str)]) -> String {
    let v = game.variant();
    let given = |name: &str| {
        tags.iter()
            .rev()
            .find(|(k, _)| *k == name)
            .map(|(_, val)| val.to_string())
    };
    let result = match game.outcome() {
        Some(o) => o.pgn_result().to_string(),
        None => given("Result").unwrap_or_else(|| "*".into()),
    };
    let mut out = String::new();
    for (name, default) in SEVEN_TAG_ROSTER {
        let value = if name == "Result" {
            result.clone()
        } else {
            given(name).unwrap_or_else(|| default.into())
        };
        out += &format!("[{name} \"{}\"]\n", escape(&value));
    }
    out += &format!("[Variant \"{}\"]\n", escape(v.name()));
    let history = game.history();
    let setup_len = history.iter().take_while(|p| p.mv.is_setup()).count();
    // A randomized variant whose setup phase is being played by hand (see
    // `Game::new_with_setup`) gets the tag even before its first step, empty: without it the
    // importer would expect the drawn start in a FEN tag.
    let random = v
        .spec
        .setup
        .as_ref()
        .is_some_and(|s| s.randomized || s.shuffle.is_some());
    if setup_len > 0 || (random && game.in_setup()) {
        let steps: Vec<&str> = history[..setup_len]
            .iter()
            .map(|p| p.san.as_str())
            .collect();
        out += &format!("[{SETUP_STEPS_TAG} \"{}\"]\n", escape(&steps.join(", ")));
    }
    // The position the game proper began from: after the last setup step, or the start.
    let play_start: Option<AnyPosition> = if setup_len < history.len() {
        Some(history[setup_len].before)
    } else if !game.in_setup() {
        Some(*game.position())
    } else {
        None
    };
    if let Some(p) = play_start {
        out += "[SetUp \"1\"]\n";
        out += &format!("[FEN \"{}\"]\n", p.fen_shredder(v));
    }
    for (name, value) in tags {
        if SEVEN_TAG_ROSTER.iter().any(|(n, _)| n == name) || COMPUTED.contains(name) {
            continue;
        }
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            continue;
        }
        out += &format!("[{name} \"{}\"]\n", escape(value));
    }
    out.push('\n');

    // Movetext: chess moves only, numbered from the FEN's move number.
    let mut words: Vec<String> = Vec::new();
    let mut first = true;
    for ply in &history[setup_len..] {
        let turn = ply.before.turn();
        let n = ply.before.fullmove_number();
        if turn.is_white() {
            words.push(format!("{n}."));
        } else if first {
            words.push(format!("{n}..."));
        }
        first = false;
        words.push(ply.san.clone());
    }
    words.push(result);
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > 79 {
            out += &line;
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line += &w;
    }
    out += &line;
    out.push('\n');
    out
}

/// A piece of PGN text with its place.
#[derive(Clone, Debug)]
struct Token {
    text: String,
    line: usize,
    column: usize,
}

/// Reads characters keeping line and column.
struct Cursor<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    line: usize,
    column: usize,
}

impl<'a> Cursor<'a> {
    fn new(text: &'a str) -> Self {
        Cursor {
            chars: text.chars().peekable(),
            line: 1,
            column: 1,
        }
    }

    fn peek(&mut self) -> Option<char> {
        self.chars.peek().copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn err(&self, message: impl Into<String>, help: Option<&str>) -> PgnError {
        PgnError {
            line: self.line,
            column: self.column,
            message: message.into(),
            help: help.map(Into::into),
        }
    }
}

/// A tag pair with the place of its value (just after the opening quote).
#[derive(Clone, Debug)]
struct Tag {
    name: String,
    value: String,
    line: usize,
    column: usize,
}

/// Splits a PGN text into its tags and movetext tokens (comments, NAGs, variations and move
/// numbers dropped; the result token kept).
fn tokenize(text: &str) -> Result<(Vec<Tag>, Vec<Token>), PgnError> {
    // Only the first game is read: past MAX_PGN_BYTES the text is not looked at (and a game
    // still going on there is refused below).
    let truncated = text.len() > MAX_PGN_BYTES;
    let text = if truncated {
        let mut end = MAX_PGN_BYTES;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        &text[..end]
    } else {
        text
    };
    let mut c = Cursor::new(text);
    let mut tags = Vec::new();
    let mut tokens: Vec<Token> = Vec::new();
    let mut at_line_start = true;
    let mut depth = 0usize; // variation nesting
    let mut variation_start = (0, 0);
    while let Some(ch) = c.peek() {
        if ch == '\n' {
            c.bump();
            at_line_start = true;
            continue;
        }
        if ch.is_whitespace() {
            c.bump();
            continue;
        }
        let line_start = std::mem::replace(&mut at_line_start, false);
        match ch {
            '%' if line_start => {
                while c.peek().is_some_and(|x| x != '\n') {
                    c.bump();
                }
            }
            ';' => {
                while c.peek().is_some_and(|x| x != '\n') {
                    c.bump();
                }
            }
            '{' => {
                let start = c.err("", None);
                c.bump();
                loop {
                    match c.bump() {
                        Some('}') => break,
                        Some(_) => {}
                        None => {
                            return Err(PgnError {
                                message: "this comment is never closed".into(),
                                help: Some("end it with `}`".into()),
                                ..start
                            })
                        }
                    }
                }
            }
            '(' => {
                if depth == 0 {
                    variation_start = (c.line, c.column);
                }
                depth += 1;
                c.bump();
            }
            ')' => {
                if depth == 0 {
                    return Err(c.err(
                        "`)` closes no variation",
                        Some("remove it, or open the variation with `(`"),
                    ));
                }
                depth -= 1;
                c.bump();
            }
            '[' if depth == 0 && tokens.is_empty() => {
                tags.push(read_tag(&mut c)?);
            }
            _ => {
                let (line, column) = (c.line, c.column);
                let mut word = String::new();
                while let Some(x) = c.peek() {
                    if x.is_whitespace() || "{}();[]".contains(x) {
                        break;
                    }
                    word.push(x);
                    c.bump();
                }
                if word.is_empty() {
                    // A stray `]` or `[` inside the movetext.
                    return Err(c.err(
                        format!("unexpected `{ch}` in the movetext"),
                        Some("tags go before the moves, one `[Name \"value\"]` per line"),
                    ));
                }
                if depth > 0 || word.starts_with('$') {
                    continue;
                }
                // Move numbers: `12.`, `12...`, or glued to the move: `12.e4`.
                let digits = word.chars().take_while(|d| d.is_ascii_digit()).count();
                let dots = word[digits..].chars().take_while(|&d| d == '.').count();
                let (skip, rest) = if digits > 0 && dots > 0 {
                    (digits + dots, &word[digits + dots..])
                } else {
                    (0, word.as_str())
                };
                if rest.is_empty() {
                    continue;
                }
                if tokens.len() >= MAX_PGN_PLIES {
                    return Err(PgnError {
                        line,
                        column: column + skip,
                        message: format!("this game has more than {MAX_PGN_PLIES} moves"),
                        help: Some(format!(
                            "Myriad reads games of at most {MAX_PGN_PLIES} plies; no legal game is longer"
                        )),
                    });
                }
                let result = is_result(rest);
                tokens.push(Token {
                    text: rest.to_string(),
                    line,
                    column: column + skip,
                });
                if result {
                    // the end of the first game: what follows (more games) is not read
                    return Ok((tags, tokens));
                }
            }
        }
    }
    if truncated {
        return Err(PgnError {
            line: c.line,
            column: c.column,
            message: format!(
                "the first game does not end within the first {} MiB of the text",
                MAX_PGN_BYTES >> 20
            ),
            help: Some(
                "end the game with its result (`1-0`, `0-1`, `1/2-1/2` or `*`), or split the file"
                    .into(),
            ),
        });
    }
    if depth > 0 {
        return Err(PgnError {
            line: variation_start.0,
            column: variation_start.1,
            message: "this variation is never closed".into(),
            help: Some("end it with `)`".into()),
        });
    }
    Ok((tags, tokens))
}

/// Reads `[Name "value"]`.
fn read_tag(c: &mut Cursor) -> Result<Tag, PgnError> {
    c.bump(); // [
    while c.peek().is_some_and(|x| x == ' ' || x == '\t') {
        c.bump();
    }
    let mut name = String::new();
    while let Some(x) = c.peek() {
        if x.is_ascii_alphanumeric() || x == '_' {
            name.push(x);
            c.bump();
        } else {
            break;
        }
    }
    if name.is_empty() {
        return Err(c.err(
            "expected a tag name",
            Some("a tag looks like `[Event \"Casual game\"]`"),
        ));
    }
    while c.peek().is_some_and(|x| x == ' ' || x == '\t') {
        c.bump();
    }
    if c.peek() != Some('"') {
        return Err(c.err(
            format!("expected the quoted value of tag `{name}`"),
            Some("a tag looks like `[Event \"Casual game\"]`"),
        ));
    }
    c.bump();
    let (line, column) = (c.line, c.column);
    let mut value = String::new();
    loop {
        match c.bump() {
            Some('\\') => match c.bump() {
                Some(x) if x != '\n' => value.push(x),
                _ => {
                    return Err(c.err(
                        format!("the value of tag `{name}` is never closed"),
                        Some("end it with `\"]` on the same line"),
                    ))
                }
            },
            Some('"') => break,
            Some('\n') | None => {
                return Err(PgnError {
                    line,
                    column,
                    message: format!("the value of tag `{name}` is never closed"),
                    help: Some("end it with `\"]` on the same line".into()),
                })
            }
            Some(x) => value.push(x),
        }
    }
    while c.peek().is_some_and(|x| x == ' ' || x == '\t') {
        c.bump();
    }
    if c.peek() != Some(']') {
        return Err(c.err(
            format!("expected `]` to close tag `{name}`"),
            Some("a tag looks like `[Event \"Casual game\"]`"),
        ));
    }
    c.bump();
    Ok(Tag {
        name,
        value,
        line,
        column,
    })
}

fn is_result(t: &str) -> bool {
    matches!(t, "1-0" | "0-1" | "1/2-1/2" | "*")
}

/// Does a `Variant` tag name this variant? Compared without case with the rules file's `name`
/// and the name it was loaded by (`regroupment`, `rules/regroupment.rules`).
fn names_variant(v: &Variant, tag: &str) -> bool {
    let t = tag.trim().to_lowercase();
    let origin = v.origin().display().to_lowercase();
    let stem = v.origin().stem().to_lowercase();
    let name = v.name().to_lowercase();
    t == name
        || t == origin
        || t == stem
        || (name == "chess" && matches!(t.as_str(), "standard" | "normal" | "classical"))
}

/// Reads a PGN file's text for [`import`]: at most [`MAX_PGN_BYTES`] of it (only the first
/// game is read), so a huge or endless file cannot exhaust memory. The error says what went
/// wrong in words a user reads (missing file, not text).
pub fn read_file(path: &std::path::Path) -> Result<String, String> {
    use std::io::Read;
    let f =
        std::fs::File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut bytes = Vec::new();
    f.take(MAX_PGN_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    match String::from_utf8(bytes) {
        Ok(t) => Ok(t),
        // a character cut in two at the read limit: keep the whole ones
        Err(e) if e.utf8_error().error_len().is_none() => {
            let n = e.utf8_error().valid_up_to();
            let mut b = e.into_bytes();
            b.truncate(n);
            Ok(String::from_utf8(b).expect("valid up to n"))
        }
        Err(e) => Err(format!(
            "{} is not a PGN text: it is not UTF-8 (byte {} is invalid)",
            path.display(),
            e.utf8_error().valid_up_to()
        )),
    }
}

/// Saves a PGN text to `path` so that a crash mid-write leaves the old file whole (see
/// [`super::save::write_atomic`]), flushed to the disk.
pub fn write_file(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    super::save::write_atomic(path, text.as_bytes(), true)
}

/// Reads the first game of a PGN text into a [`Game`] of `variant`: the setup steps from the
/// `SetupSteps` tag (checked against the `FEN` tag), or the `FEN` position when there are none,
/// then the movetext. Never panics; errors say where (line:column) and how to fix it.
pub fn import(variant: &Arc<Variant>, text: &str) -> Result<Game, PgnError> {
    import_with_tags(variant, text).map(|(g, _)| g)
}

/// Like [`import`], also returning every tag pair in the order read.
pub fn import_with_tags(
    variant: &Arc<Variant>,
    text: &str,
) -> Result<(Game, Vec<(String, String)>), PgnError> {
    let (tags, tokens) = tokenize(text)?;
    let tag = |name: &str| tags.iter().rev().find(|t| t.name == name);
    let v = &**variant;
    let at = |line, column, message: String, help: Option<String>| PgnError {
        line,
        column,
        message,
        help,
    };
    if let Some(t) = tag("Variant") {
        if !names_variant(v, &t.value) {
            return Err(at(
                t.line,
                t.column,
                format!("this game is `{}`, not `{}`", t.value, v.name()),
                Some(format!("load the rules file of `{}`", t.value)),
            ));
        }
    }
    let fen_tag = tag("FEN");
    let fen_pos = match fen_tag {
        Some(t) => Some(AnyPosition::from_fen(v, &t.value).map_err(|e| {
            at(
                t.line,
                t.column + e.offset,
                format!("bad FEN: {}", e.message),
                e.help.clone(),
            )
        })?),
        None => None,
    };
    let setup = v.spec.setup.as_ref();
    let has_steps = setup.is_some_and(|s| !s.steps.is_empty() && s.shuffle.is_none());
    let random = setup.is_some_and(|s| s.randomized || s.shuffle.is_some());
    let mut fen_checked = false;
    let check_fen = |game: &Game, checked: &mut bool| -> Result<(), PgnError> {
        if *checked || game.in_setup() {
            return Ok(());
        }
        *checked = true;
        if let (Some(t), Some(p)) = (fen_tag, &fen_pos) {
            let want = p.fen_shredder(v);
            let got = game.position().fen_shredder(v);
            if want != got {
                return Err(at(
                    t.line,
                    t.column,
                    "the FEN tag is not the position the setup steps lead to".into(),
                    Some(format!("the setup steps give `{got}`")),
                ));
            }
        }
        Ok(())
    };

    let mut game = if let Some(t) = tag(SETUP_STEPS_TAG) {
        if !has_steps {
            return Err(at(
                t.line,
                t.column,
                format!("`{}` has no setup steps", v.name()),
                Some(format!("remove the {SETUP_STEPS_TAG} tag")),
            ));
        }
        let mut game = Game::new_with_setup(variant.clone());
        let mut offset = 0;
        // an empty value: the setup phase has begun, no step played yet
        let parts = if t.value.trim().is_empty() {
            ""
        } else {
            t.value.as_str()
        };
        for part in parts.split(',').filter(|_| !parts.is_empty()) {
            let word = part.trim();
            let lead = part.len() - part.trim_start().len();
            let col = t.column + t.value[..offset].chars().count() + lead;
            offset += part.len() + 1;
            if word.is_empty() {
                return Err(at(
                    t.line,
                    col,
                    "empty setup step".into(),
                    Some("separate the steps with single commas: `swap e8 c8, pass`".into()),
                ));
            }
            if !game.in_setup() {
                return Err(at(
                    t.line,
                    col,
                    format!("`{word}`: the setup phase is already over"),
                    Some("remove the extra setup steps".into()),
                ));
            }
            let m = game
                .parse_move(word)
                .map_err(|e| at(t.line, col, e.message.clone(), e.help.clone()))?;
            game.play(m)
                .map_err(|e| at(t.line, col, e.message.clone(), e.help.clone()))?;
        }
        game
    } else if let Some(p) = &fen_pos {
        let mut game = Game::from_position(variant.clone(), *p);
        // A randomized variant's FEN is its drawn start, not a position set up by hand.
        game.from_fen = !random;
        fen_checked = true;
        game
    } else if random {
        return Err(at(
            1,
            1,
            format!(
                "`{}` starts from a random array, but there is no FEN tag",
                v.name()
            ),
            Some("add the `[SetUp \"1\"]` and `[FEN \"...\"]` tags of the start position".into()),
        ));
    } else {
        Game::new_with_setup(variant.clone())
    };
    check_fen(&game, &mut fen_checked)?;

    let mut i = 0;
    while i < tokens.len() {
        let t = &tokens[i];
        if is_result(&t.text) {
            break;
        }
        let mut text = t.text.clone();
        if text.eq_ignore_ascii_case("swap") && i + 2 < tokens.len() {
            text = format!("swap {} {}", tokens[i + 1].text, tokens[i + 2].text);
            i += 2;
        }
        i += 1;
        if let Some(o) = game.outcome() {
            return Err(at(
                t.line,
                t.column,
                format!("`{text}` comes after the end of the game ({o})"),
                Some("remove the moves after the last one".into()),
            ));
        }
        let m = game
            .parse_move(&text)
            .map_err(|e| at(t.line, t.column, e.message.clone(), e.help.clone()))?;
        game.play(m)
            .map_err(|e| at(t.line, t.column, e.message.clone(), e.help.clone()))?;
        check_fen(&game, &mut fen_checked)?;
    }
    let pairs = tags.into_iter().map(|t| (t.name, t.value)).collect();
    Ok((game, pairs))
}
