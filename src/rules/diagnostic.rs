//! Problems in a rules file, rendered the way rustc renders them.
//!
//! ```text
//! error: unknown piece letter `X` in array
//!   --> rules/my-variant.rules:12:16
//!    |
//! 12 | array "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBXKBNR"
//!    |                                             ^
//!    = help: declared pieces are K Q R B N P; add a `piece` line to define `X`
//! ```

use std::fmt;

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Severity {
    /// The file is refused.
    #[default]
    Error,
    /// The file compiles, but something in it is probably not what its author meant (a
    /// `require` that can never fail).
    Warning,
    /// A remark attached to another diagnostic, pointing at a related place.
    Note,
}

impl Severity {
    /// `error`, `warning` or `note`, as printed before the message.
    pub fn word(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        }
    }
}

/// One problem in a rules file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error, warning or note.
    pub severity: Severity,
    /// The file, as the user named it (a path or `rules/<name>.rules` for a bundled file).
    pub file: String,
    /// Line, from 1; `0` when the problem has no position (e.g. a file that cannot be read).
    pub line: usize,
    /// Column in characters, from 1.
    pub column: usize,
    /// What is wrong: lower case, no trailing period, offending text in backticks.
    pub message: String,
    /// How to fix it, when that is clear.
    pub help: Option<String>,
    /// The text of the offending line, without its line break.
    pub source_line: String,
    /// How many characters the caret underline covers (at least one is drawn).
    pub span_len: usize,
    /// Related places, each with its own message (severity [`Severity::Note`]), printed after
    /// the main one: the other `require` lines at fault, say.
    pub notes: Vec<Diagnostic>,
}

impl Diagnostic {
    /// A problem with no position in a file.
    pub fn whole_file(file: &str, message: impl Into<String>, help: Option<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            file: file.to_string(),
            line: 0,
            column: 0,
            message: message.into(),
            help,
            source_line: String::new(),
            span_len: 0,
            notes: Vec::new(),
        }
    }

    /// A problem at byte range `start..end` of `text`, the contents of `file`.
    pub fn at(
        file: &str,
        text: &str,
        start: usize,
        end: usize,
        message: impl Into<String>,
        help: Option<String>,
    ) -> Diagnostic {
        let start = floor_char_boundary(text, start.min(text.len()));
        let end = floor_char_boundary(text, end.clamp(start, text.len()));
        let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[start..].find('\n').map_or(text.len(), |i| start + i);
        let line = text[..start].matches('\n').count() + 1;
        let column = text[line_start..start].chars().count() + 1;
        let source_line = text[line_start..line_end]
            .trim_end_matches('\r')
            .to_string();
        let span_end = end.min(line_end);
        let span_len = text[start..span_end].chars().count();
        Diagnostic {
            severity: Severity::Error,
            file: file.to_string(),
            line,
            column,
            message: message.into(),
            help,
            source_line,
            span_len,
            notes: Vec::new(),
        }
    }

    /// The same diagnostic with another severity.
    pub fn with_severity(mut self, severity: Severity) -> Diagnostic {
        self.severity = severity;
        self
    }

    /// Is it a warning (the file still compiles)?
    pub fn is_warning(&self) -> bool {
        self.severity == Severity::Warning
    }
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // One gutter width for the main place and its notes, as rustc aligns them.
        let width = std::iter::once(self)
            .chain(&self.notes)
            .map(|d| d.line.to_string().len())
            .max()
            .unwrap_or(1);
        self.head(f, width)?;
        for n in &self.notes {
            writeln!(f)?;
            n.head(f, width)?;
        }
        if let Some(h) = &self.help {
            if self.line == 0 && self.notes.is_empty() {
                write!(f, "\n  = help: {h}")?;
            } else {
                write!(f, "\n{} = help: {h}", " ".repeat(width))?;
            }
        }
        Ok(())
    }
}

impl Diagnostic {
    /// `error: message`, then the place: `--> file:line:column`, the line and the caret
    /// underline, with a gutter `width` digits wide.
    fn head(&self, f: &mut fmt::Formatter<'_>, width: usize) -> fmt::Result {
        writeln!(f, "{}: {}", self.severity.word(), self.message)?;
        if self.line == 0 {
            return write!(f, " --> {}", self.file);
        }
        let num = format!("{:>width$}", self.line);
        let pad = " ".repeat(width);
        writeln!(f, "{pad}--> {}:{}:{}", self.file, self.line, self.column)?;
        writeln!(f, "{pad} |")?;
        // Tabs would misalign the caret; show them as single spaces.
        let shown = self.source_line.replace('\t', " ");
        if shown.is_empty() {
            writeln!(f, "{num} |")?;
        } else {
            writeln!(f, "{num} | {shown}")?;
        }
        write!(
            f,
            "{pad} | {}{}",
            " ".repeat(self.column.saturating_sub(1)),
            "^".repeat(self.span_len.max(1))
        )
    }
}

/// Every problem found in a rules file (and the files it extends), in file order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    /// The problems.
    pub fn iter(&self) -> std::slice::Iter<'_, Diagnostic> {
        self.0.iter()
    }

    /// How many problems.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// No problems?
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}

impl<'a> IntoIterator for &'a Diagnostics {
    type Item = &'a Diagnostic;
    type IntoIter = std::slice::Iter<'a, Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

/// Edit distance with adjacent transpositions (optimal string alignment), ignoring ASCII case:
/// `roayl` is one edit from `royal`.
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    strsim::osa_distance(&a.to_ascii_lowercase(), &b.to_ascii_lowercase())
}

/// The closest candidate to `word`, if it is close enough to be a likely typo.
pub(crate) fn did_you_mean<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    let limit = (word.chars().count() / 3).max(1) + usize::from(word.len() > 6);
    candidates
        .iter()
        .map(|c| (edit_distance(word, c), *c))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_like_rustc() {
        let text = "name \"x\"\nboard 8y8\n";
        let d = Diagnostic::at(
            "a.rules",
            text,
            15,
            18,
            "expected a board size like `8x8`, found `8y8`",
            Some("write files x ranks".into()),
        );
        assert_eq!(
            d.to_string(),
            "error: expected a board size like `8x8`, found `8y8`\n \
             --> a.rules:2:7\n  |\n2 | board 8y8\n  |       ^^^\n  = help: write files x ranks"
        );
    }

    #[test]
    fn suggestions() {
        assert_eq!(did_you_mean("boad", &["board", "name"]), Some("board"));
        assert_eq!(did_you_mean("xyzzy", &["board", "name"]), None);
        assert_eq!(did_you_mean("kingside", &["king-side"]), Some("king-side"));
        assert_eq!(did_you_mean("roayl", &["royal", "pawn"]), Some("royal"));
        assert_eq!(edit_distance("Name", "name"), 0);
    }
}
