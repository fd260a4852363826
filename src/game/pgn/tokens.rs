//! Splitting a PGN text into tag pairs and movetext tokens, with their places.

use super::{is_result, PgnError, MAX_PGN_BYTES, MAX_PGN_PLIES};

/// A piece of PGN text with its place.
#[derive(Clone, Debug)]
pub(super) struct Token {
    pub(super) text: String,
    pub(super) line: usize,
    pub(super) column: usize,
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
pub(super) struct Tag {
    pub(super) name: String,
    pub(super) value: String,
    pub(super) line: usize,
    pub(super) column: usize,
}

/// Splits a PGN text into its tags and movetext tokens (comments, NAGs, variations and move
/// numbers dropped; the result token kept).
pub(super) fn tokenize(text: &str) -> Result<(Vec<Tag>, Vec<Token>), PgnError> {
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
            '{' => skip_comment(&mut c)?,
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
                if movetext_word(&mut c, ch, depth, &mut tokens)? {
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

/// Skips a `{...}` comment.
fn skip_comment(c: &mut Cursor) -> Result<(), PgnError> {
    let start = c.err("", None);
    c.bump();
    loop {
        match c.bump() {
            Some('}') => return Ok(()),
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

/// Reads one word of the movetext starting with `ch`, and keeps it as a token unless it is a
/// move number, a NAG or inside a variation (`depth` > 0). Returns whether it was the result,
/// which ends the game.
fn movetext_word(
    c: &mut Cursor,
    ch: char,
    depth: usize,
    tokens: &mut Vec<Token>,
) -> Result<bool, PgnError> {
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
        return Ok(false);
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
        return Ok(false);
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
    tokens.push(Token {
        text: rest.to_string(),
        line,
        column: column + skip,
    });
    Ok(is_result(rest))
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
