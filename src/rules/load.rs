//! Loading: reads a file (with a size limit) and the files it `extends`, detects cycles, and
//! lays each file's items over its parent's into one [`Draft`]. Nothing is checked here beyond
//! what only the separate files show (an item given twice in one file, an unknown item, a piece
//! declared twice in one file); the checker ([`super::check`]) judges the merged draft.

use std::collections::HashMap;
use std::path::Path;

use super::ast::*;
use super::diagnostic::did_you_mean;
use super::keywords::Block;
use super::parser::parse_file;
use super::session::Session;
use crate::variant::Origin;

/// The largest rules file accepted, in bytes.
pub const MAX_FILE_SIZE: usize = 1 << 20;
/// How many files deep `extends` may go.
pub const MAX_DEPTH: usize = 8;

/// Why a rules file could not be read.
#[derive(Debug, thiserror::Error)]
pub(crate) enum ReadError {
    /// The file system refused.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// Over [`MAX_FILE_SIZE`].
    #[error("it is {0} bytes, larger than the 1 MiB limit")]
    TooLarge(u64),
    /// Not text.
    #[error("it is not UTF-8 text")]
    NotUtf8,
}

/// Reads a file, refusing anything over [`MAX_FILE_SIZE`].
pub(crate) fn read_limited(path: &Path) -> Result<String, ReadError> {
    let meta = std::fs::metadata(path)?;
    if meta.len() > MAX_FILE_SIZE as u64 {
        return Err(ReadError::TooLarge(meta.len()));
    }
    let bytes = std::fs::read(path)?;
    String::from_utf8(bytes).map_err(|_| ReadError::NotUtf8)
}

/// Everything the files said, merged (child over parent), not yet checked.
#[derive(Clone, Default)]
pub(crate) struct Draft {
    /// `name`, as the last file to give it wrote it.
    pub name: Option<Str>,
    /// `description` lines.
    pub description: Option<Vec<Str>>,
    /// `source` lines.
    pub source: Option<Vec<Str>>,
    /// `board`.
    pub board: Option<Spanned<(u32, u32)>>,
    /// Every piece, parents' first; a child's piece replaces the parent's of the same name or
    /// letter in place.
    pub pieces: Vec<PieceDecl>,
    /// `array`.
    pub array: Option<Str>,
    /// `castling` (its keyword's span; `None` inside for `castling none`).
    pub castling: Option<(Span, Option<CastlingBlock>)>,
    /// `end`.
    pub end: Option<(Span, EndBlock)>,
    /// `setup` (its keyword's span; `None` inside for `setup none`).
    pub setup: Option<(Span, Option<SetupBlock>)>,
    /// `drops` (its keyword's span); a child's block replaces the parent's whole.
    pub drops: Option<(Span, DropsBlock)>,
    /// `pgn-variant`, of this file only: never inherited (see `merge`).
    pub pgn_variant: Option<Str>,
    /// `notation`, the last file's to give it (inherited: a Shogi variant writes Shogi's moves).
    pub notation: Option<Spanned<String>>,
    /// `points` after the board size, with the board that says it.
    pub points: Option<Span>,
    /// `region` items, parents' first.
    pub regions: Vec<RegionItem>,
}

/// A parent file found for `extends`.
struct Found {
    origin: Origin,
    /// The name shown in messages.
    display: String,
    text: String,
}

/// Loads a top-level file and its parents into a draft, recording problems in `session`.
pub(crate) struct Loader<'a> {
    session: &'a mut Session,
    /// The identities of the files being loaded, outermost first (for cycles).
    chain: Vec<String>,
}

impl<'a> Loader<'a> {
    /// A loader that records into `session`.
    pub(crate) fn new(session: &'a mut Session) -> Loader<'a> {
        Loader {
            session,
            chain: vec![],
        }
    }

    /// Loads `text` (the top-level file, shown as `display`) and its parents; `None` if a file
    /// could not be read or parsed (the problem is recorded).
    pub(crate) fn load_top(&mut self, text: &str, display: &str, origin: &Origin) -> Option<Draft> {
        self.chain = vec![origin.identity()];
        self.load(text, display, origin, None)
    }

    /// Reads one file and (recursively) its parents; returns the merged draft, or `None` if
    /// this file or a parent could not be parsed (the problem is recorded).
    fn load(
        &mut self,
        text: &str,
        display: &str,
        origin: &Origin,
        included_at: Option<Span>,
    ) -> Option<Draft> {
        if text.len() > MAX_FILE_SIZE {
            let file = self.session.add_file(display, "");
            let msg = format!(
                "`{display}` is {} bytes, larger than the 1 MiB limit",
                text.len()
            );
            let help = Some("rules files are a few kilobytes; is this the right file?".into());
            match included_at {
                Some(s) => self.session.error(s, msg, help),
                None => self.session.file_error(file, msg, help),
            }
            return None;
        }
        let file = self.session.add_file(display, text);
        if let Origin::File(path) = origin {
            self.session.set_path(file, path);
        }
        let ast = match parse_file(text, file) {
            Ok(a) => a,
            Err(e) => {
                self.session.error(e.span, e.message, e.help);
                return None;
            }
        };
        self.check_items(&ast);
        self.merge(file, ast, origin)
    }

    /// What one file shows on its own: an item given twice, an unknown item.
    fn check_items(&mut self, ast: &RulesFile) {
        let mut seen: HashMap<&'static str, Span> = HashMap::new();
        for item in &ast.items {
            if let Some((kw, span)) = item.keyword() {
                if let Some(first) = seen.get(kw).copied() {
                    let line = self.session.line_of(first);
                    self.session.error(
                        span,
                        format!("`{kw}` is given twice"),
                        Some(format!("the first `{kw}` is on line {line}; keep one")),
                    );
                } else {
                    seen.insert(kw, span);
                }
            }
            if let Item::Unknown(w) = item {
                let (message, help) = Block::Top.unknown(&w.value);
                self.session.error(w.span, message, Some(help));
            }
        }
    }

    /// Resolves `extends`, then lays this file's items over the parent's.
    fn merge(&mut self, file: usize, ast: RulesFile, origin: &Origin) -> Option<Draft> {
        let mut draft = Draft::default();
        let mut ok = true;
        if let Some(ext) = ast.items.iter().find_map(|i| match i {
            Item::Extends(s) => Some(s.clone()),
            _ => None,
        }) {
            match self.load_parent(&ext, origin) {
                Some(d) => draft = d,
                None => ok = false,
            }
        }
        // A file that extends a game is another game: the name other programs give the
        // parent (lichess's "King of the Hill") is not the child's unless it says so again.
        draft.pgn_variant = None;
        for item in ast.items {
            match item {
                Item::Extends(_) | Item::Unknown(_) => {}
                Item::PgnVariant(_, s) => draft.pgn_variant = Some(s),
                Item::Notation(_, w) => draft.notation = Some(w),
                Item::Name(_, s) => draft.name = Some(s),
                Item::Description(_, t) => draft.description = Some(t),
                Item::Source(_, t) => draft.source = Some(t),
                Item::Board(_, b, points) => {
                    draft.board = Some(b);
                    draft.points = points;
                }
                Item::Region(r) => {
                    // a child's region replaces the parent's of the same name
                    draft.regions.retain(|q| q.name.value != r.name.value);
                    draft.regions.push(r);
                }
                Item::Array(_, a) => draft.array = Some(a),
                Item::Castling(k, c) => draft.castling = Some((k, c)),
                Item::End(k, e) => draft.end = Some((k, e)),
                Item::Setup(k, s) => draft.setup = Some((k, s)),
                Item::Drops(k, b) => draft.drops = Some((k, b)),
                Item::Piece(p) => self.add_piece(&mut draft, file, p),
            }
        }
        ok.then_some(draft)
    }

    /// A piece with a new name and letter is added; one whose name or letter a parent file
    /// declared replaces that piece (keeping its place); a repeat within one file is an error.
    fn add_piece(&mut self, draft: &mut Draft, file: usize, p: PieceDecl) {
        let by_name = draft
            .pieces
            .iter()
            .position(|q| q.name.value == p.name.value);
        let letter = p.letter.value.to_ascii_uppercase();
        let by_letter = draft
            .pieces
            .iter()
            .position(|q| q.letter.value.to_ascii_uppercase() == letter);
        for (hit, by_name) in [(by_name, true), (by_letter, false)] {
            if let Some(q) = hit.map(|i| &draft.pieces[i]) {
                if q.span.file == file {
                    self.duplicate_piece(q, &p, by_name);
                    return;
                }
            }
        }
        match (by_name, by_letter) {
            (Some(a), Some(b)) if a != b => {
                let (na, nb) = (&draft.pieces[a].name.value, &draft.pieces[b].name.value);
                self.session.error(
                    p.letter.span,
                    format!(
                        "piece `{}` would replace both `{na}` (by name) and `{nb}` (by letter)",
                        p.name.value
                    ),
                    Some(format!("use the letter of `{na}` or a new name")),
                );
            }
            (Some(i), _) | (None, Some(i)) => draft.pieces[i] = p,
            (None, None) => draft.pieces.push(p),
        }
    }

    /// `p` repeats the name (or the letter) of `q`, declared earlier in the same file.
    fn duplicate_piece(&mut self, q: &PieceDecl, p: &PieceDecl, by_name: bool) {
        let line = self.session.line_of(q.span);
        let (what, span, shown, help) = if by_name {
            let shown = p.name.value.clone();
            let help = format!(
                "`{shown}` is already declared on line {line}; give each piece its own name"
            );
            ("name", p.name.span, shown, help)
        } else {
            let shown = p.letter.value.to_string();
            let help = format!(
                "`{shown}` is already the letter of `{}` on line {line}; give each piece its own letter",
                q.name.value
            );
            ("letter", p.letter.span, shown, help)
        };
        self.session.error(
            span,
            format!("duplicate piece {what} `{shown}`"),
            Some(help),
        );
    }

    /// Loads the file `extends` names, unless that would make a cycle or go too deep.
    fn load_parent(&mut self, ext: &Str, origin: &Origin) -> Option<Draft> {
        let target = ext.value.trim().to_string();
        let parent = self.find_parent(&target, origin, ext.span)?;
        let id = parent.origin.identity();
        if self.chain.contains(&id) {
            let mut names: Vec<String> = self.chain.iter().map(|s| short_name(s)).collect();
            names.push(short_name(&id));
            self.session.error(
                ext.span,
                format!("`extends` makes a cycle: {}", names.join(" -> ")),
                Some("a file cannot extend itself, directly or through other files".into()),
            );
            return None;
        }
        if self.chain.len() >= MAX_DEPTH {
            self.session.error(
                ext.span,
                format!("`extends` goes more than {MAX_DEPTH} files deep"),
                Some("extend a file closer to the base game".into()),
            );
            return None;
        }
        self.chain.push(id);
        let d = self.load(
            &parent.text,
            &parent.display,
            &parent.origin,
            Some(ext.span),
        );
        self.chain.pop();
        d
    }

    /// Finds the file `extends "target"` names: a file on disk looks next to itself first,
    /// then among the bundled files; a bundled file extends bundled files only.
    fn find_parent(&mut self, target: &str, origin: &Origin, at: Span) -> Option<Found> {
        if let Origin::File(path) = origin {
            let dir = path.parent().unwrap_or_else(|| Path::new(""));
            let mut candidates = vec![dir.join(target)];
            if !target.ends_with(".rules") {
                candidates.push(dir.join(format!("{target}.rules")));
            }
            if let Some(c) = candidates.into_iter().find(|c| c.is_file()) {
                return match read_limited(&c) {
                    Ok(text) => Some(Found {
                        origin: Origin::File(c.clone()),
                        display: c.display().to_string(),
                        text,
                    }),
                    Err(e) => {
                        let msg = format!("cannot read `{}`: {e}", c.display());
                        self.session.error(at, msg, None);
                        None
                    }
                };
            }
        }
        // Only `.rules` is optional here: `extends` names a bundled game as `chess`.
        let name = target.strip_suffix(".rules").unwrap_or(target);
        if let Some((n, text)) = super::bundled().iter().find(|(n, _)| *n == name) {
            let origin = Origin::Bundled(n.to_string());
            return Some(Found {
                display: origin.display(),
                origin,
                text: text.to_string(),
            });
        }
        let names: Vec<&str> = super::bundled().iter().map(|(n, _)| *n).collect();
        let help = match did_you_mean(target, &names) {
            Some(n) => format!("did you mean `{n}`?"),
            None => format!(
                "give a path relative to this file, or a bundled game: {}",
                names.join(", ")
            ),
        };
        self.session
            .error(at, format!("cannot find `{target}` to extend"), Some(help));
        None
    }
}

/// A file's name in a cycle message: the bundled name or the file name.
fn short_name(id: &str) -> String {
    match id.strip_prefix("bundled:") {
        Some(n) => n.to_string(),
        None => Path::new(id)
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_else(|| id.to_string()),
    }
}
