//! One compilation: the files read (the top-level file and those it extends) and the problems
//! found in them. Loading and every checking pass push into it; at the end the problems become
//! [`Diagnostics`], in file order then position order.

use super::ast::Span;
use super::diagnostic::{Diagnostic, Diagnostics, Severity};

/// A file taking part in a compilation.
struct SourceFile {
    /// As shown in messages (a path, or `rules/NAME.rules` for a bundled file).
    name: String,
    text: String,
    /// The file on disk, for what it names relative to itself (`image "x.svg"`); `None` for a
    /// bundled file.
    path: Option<std::path::PathBuf>,
}

/// Where a problem is.
enum Loc {
    Span(Span),
    /// A file as a whole (a missing item, a file too large to read).
    File(usize),
}

struct Problem {
    loc: Loc,
    message: String,
    help: Option<String>,
    /// Errors refuse the file; warnings do not.
    severity: Severity,
    /// Related places, each with a message.
    notes: Vec<(Span, String)>,
}

/// The files of one compilation and the problems found so far.
#[derive(Default)]
pub(crate) struct Session {
    files: Vec<SourceFile>,
    problems: Vec<Problem>,
}

impl Session {
    /// Adds a file; returns its index, the `file` of its spans.
    pub(crate) fn add_file(&mut self, name: &str, text: &str) -> usize {
        self.files.push(SourceFile {
            name: name.to_string(),
            text: text.to_string(),
            path: None,
        });
        self.files.len() - 1
    }

    /// Says where file `file` is on disk.
    pub(crate) fn set_path(&mut self, file: usize, path: &std::path::Path) {
        if let Some(f) = self.files.get_mut(file) {
            f.path = Some(path.to_path_buf());
        }
    }

    /// Where file `file` is on disk (`None` for a bundled file).
    pub(crate) fn path(&self, file: usize) -> Option<&std::path::Path> {
        self.files.get(file).and_then(|f| f.path.as_deref())
    }

    /// Records a problem at `span`.
    pub(crate) fn error(&mut self, span: Span, message: impl Into<String>, help: Option<String>) {
        self.problems.push(Problem {
            loc: Loc::Span(span),
            message: message.into(),
            help,
            severity: Severity::Error,
            notes: Vec::new(),
        });
    }

    /// Records a problem at `span` with notes pointing at related places.
    pub(crate) fn error_with_notes(
        &mut self,
        span: Span,
        message: impl Into<String>,
        notes: Vec<(Span, String)>,
        help: Option<String>,
    ) {
        self.error(span, message, help);
        if let Some(p) = self.problems.last_mut() {
            p.notes = notes;
        }
    }

    /// Adds notes pointing at related places to the problem recorded last.
    pub(crate) fn add_notes(&mut self, notes: Vec<(Span, String)>) {
        if let Some(p) = self.problems.last_mut() {
            p.notes.extend(notes);
        }
    }

    /// Records a warning at `span`: printed like an error, but the file still compiles.
    pub(crate) fn warning(&mut self, span: Span, message: impl Into<String>, help: Option<String>) {
        self.error(span, message, help);
        if let Some(p) = self.problems.last_mut() {
            p.severity = Severity::Warning;
        }
    }

    /// Records a problem with a whole file.
    pub(crate) fn file_error(
        &mut self,
        file: usize,
        message: impl Into<String>,
        help: Option<String>,
    ) {
        self.problems.push(Problem {
            loc: Loc::File(file),
            message: message.into(),
            help,
            severity: Severity::Error,
            notes: Vec::new(),
        });
    }

    /// The text under `span`, as written.
    pub(crate) fn text(&self, span: Span) -> &str {
        self.files
            .get(span.file)
            .and_then(|f| f.text.get(span.start..span.end))
            .unwrap_or("")
    }

    /// The line `span` starts on, from 1.
    pub(crate) fn line_of(&self, span: Span) -> usize {
        self.files
            .get(span.file)
            .map(|f| f.text[..span.start.min(f.text.len())].matches('\n').count() + 1)
            .unwrap_or(0)
    }

    /// The name of file `file`, as shown in messages.
    pub(crate) fn file_name(&self, file: usize) -> &str {
        &self.files[file].name
    }

    /// How many errors have been recorded (a pass compares counts to learn whether it found
    /// any).
    pub(crate) fn problem_count(&self) -> usize {
        self.errors().count()
    }

    /// Has any error been recorded? (Warnings do not count.)
    pub(crate) fn has_problems(&self) -> bool {
        self.errors().next().is_some()
    }

    fn errors(&self) -> impl Iterator<Item = &Problem> {
        self.problems
            .iter()
            .filter(|p| p.severity == Severity::Error)
    }

    /// All errors as diagnostics, in file order then position order (problems at the same
    /// place in the order they were found; whole-file problems after a file's lines).
    pub(crate) fn diagnostics(&self) -> Diagnostics {
        self.render(Severity::Error)
    }

    /// All warnings as diagnostics, in the same order.
    pub(crate) fn warnings(&self) -> Diagnostics {
        self.render(Severity::Warning)
    }

    fn render(&self, severity: Severity) -> Diagnostics {
        let mut order: Vec<(usize, usize, usize)> = self
            .problems
            .iter()
            .enumerate()
            .filter(|(_, p)| p.severity == severity)
            .map(|(i, p)| match p.loc {
                Loc::Span(s) => (s.file, s.start, i),
                Loc::File(f) => (f, usize::MAX, i),
            })
            .collect();
        order.sort();
        let list = order
            .into_iter()
            .map(|(_, _, i)| {
                let p = &self.problems[i];
                let mut d = match p.loc {
                    Loc::Span(s) => self.at(s, p.message.clone(), p.help.clone()),
                    Loc::File(file) => Diagnostic::whole_file(
                        &self.files[file].name,
                        p.message.clone(),
                        p.help.clone(),
                    ),
                };
                d.severity = p.severity;
                d.notes = p
                    .notes
                    .iter()
                    .map(|(s, m)| self.at(*s, m.clone(), None).with_severity(Severity::Note))
                    .collect();
                d
            })
            .collect();
        Diagnostics(list)
    }

    fn at(&self, s: Span, message: String, help: Option<String>) -> Diagnostic {
        let f = &self.files[s.file];
        Diagnostic::at(&f.name, &f.text, s.start, s.end, message, help)
    }
}
