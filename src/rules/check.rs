//! The checker: loads a file and the files it extends, merges their items, checks the result
//! and builds a [`VariantSpec`]. Every problem is collected; nothing stops at the first one.

use std::collections::HashMap;
use std::path::Path;

use super::ast::*;
use super::diagnostic::{did_you_mean, Diagnostic, Diagnostics};
use super::parser::parse_file;
use crate::types::{Color, Geometry, Piece, Role, MAX_ROLES};
use crate::variant::{
    betza, CastlingRules, Constraint, ConstraintKind, ConstraintWhen, EndRules, Origin, Promotion,
    RoleDef, SetupPhase, SetupStep, Shuffle, StepAction, VariantSpec,
};

/// The largest rules file accepted, in bytes.
pub const MAX_FILE_SIZE: usize = 1 << 20;
/// How many files deep `extends` may go.
pub const MAX_DEPTH: usize = 8;

const TOP_KEYWORDS: &[&str] = &[
    "extends",
    "name",
    "description",
    "source",
    "board",
    "piece",
    "array",
    "castling",
    "end",
    "setup",
];
const PIECE_KEYWORDS: &[&str] = &["moves", "value", "royal", "pawn", "promote"];
const CASTLING_KEYWORDS: &[&str] = &["rook", "king-side", "queen-side", "curtailed", "safety"];
const END_KEYWORDS: &[&str] = &[
    "stalemate",
    "repetition",
    "move-rule",
    "insufficient-material",
];
const SETUP_KEYWORDS: &[&str] = &["step", "require", "randomize", "shuffle"];

/// What may end a `step ... swap` line.
const STEP_OPTIONS: &[&str] = &["optional", "ranks"];

/// A file taking part in a compilation.
struct SourceFile {
    name: String,
    text: String,
}

/// Where a problem is.
enum Loc {
    Span(Span),
    File(usize),
}

struct Problem {
    loc: Loc,
    message: String,
    help: Option<String>,
}

/// Everything the files said, merged (child over parent), not yet checked.
#[derive(Clone, Default)]
struct Draft {
    name: Option<Str>,
    description: Option<Vec<Str>>,
    source: Option<Vec<Str>>,
    board: Option<Spanned<(u32, u32)>>,
    pieces: Vec<PieceDecl>,
    array: Option<Str>,
    castling: Option<(Span, Option<CastlingBlock>)>,
    end: Option<(Span, EndBlock)>,
    setup: Option<(Span, Option<SetupBlock>)>,
}

/// One compilation: the files read so far and the problems found.
pub(crate) struct Compiler {
    files: Vec<SourceFile>,
    problems: Vec<Problem>,
    bundled: &'static [(&'static str, &'static str)],
}

impl Compiler {
    pub(crate) fn new(bundled: &'static [(&'static str, &'static str)]) -> Compiler {
        Compiler {
            files: vec![],
            problems: vec![],
            bundled,
        }
    }

    fn error(&mut self, span: Span, message: impl Into<String>, help: Option<String>) {
        self.problems.push(Problem {
            loc: Loc::Span(span),
            message: message.into(),
            help,
        });
    }

    fn file_error(&mut self, file: usize, message: impl Into<String>, help: Option<String>) {
        self.problems.push(Problem {
            loc: Loc::File(file),
            message: message.into(),
            help,
        });
    }

    fn text(&self, span: Span) -> &str {
        self.files
            .get(span.file)
            .and_then(|f| f.text.get(span.start..span.end))
            .unwrap_or("")
    }

    fn line_of(&self, span: Span) -> usize {
        self.files
            .get(span.file)
            .map(|f| f.text[..span.start.min(f.text.len())].matches('\n').count() + 1)
            .unwrap_or(0)
    }

    /// All problems as diagnostics, in file order then position order.
    pub(crate) fn diagnostics(&self) -> Diagnostics {
        let mut order: Vec<(usize, usize, usize)> = self
            .problems
            .iter()
            .enumerate()
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
                match p.loc {
                    Loc::Span(s) => {
                        let f = &self.files[s.file];
                        Diagnostic::at(
                            &f.name,
                            &f.text,
                            s.start,
                            s.end,
                            p.message.clone(),
                            p.help.clone(),
                        )
                    }
                    Loc::File(file) => Diagnostic::whole_file(
                        &self.files[file].name,
                        p.message.clone(),
                        p.help.clone(),
                    ),
                }
            })
            .collect();
        Diagnostics(list)
    }

    /// Compiles `text` (the top-level file) into a spec, or returns `None` after recording why.
    pub(crate) fn compile(
        &mut self,
        text: &str,
        display: &str,
        origin: Origin,
    ) -> Option<VariantSpec> {
        let mut chain = vec![identity(&origin)];
        let draft = self.load(text, display, &origin, &mut chain, None)?;
        let spec = self.check(draft, display);
        if self.problems.is_empty() {
            spec
        } else {
            None
        }
    }

    fn bundled_text(&self, name: &str) -> Option<&'static str> {
        let name = name.strip_suffix(".rules").unwrap_or(name);
        self.bundled
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, t)| *t)
    }

    fn bundled_names(&self) -> String {
        self.bundled
            .iter()
            .map(|(n, _)| *n)
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Reads one file and (recursively) its parents; returns the merged draft, or `None` if
    /// this file or a parent could not be parsed (the problem is recorded).
    fn load(
        &mut self,
        text: &str,
        display: &str,
        origin: &Origin,
        chain: &mut Vec<String>,
        included_at: Option<Span>,
    ) -> Option<Draft> {
        let file = self.files.len();
        if text.len() > MAX_FILE_SIZE {
            self.files.push(SourceFile {
                name: display.to_string(),
                text: String::new(),
            });
            let msg = format!(
                "`{display}` is {} bytes, larger than the 1 MiB limit",
                text.len()
            );
            let help = Some("rules files are a few kilobytes; is this the right file?".into());
            match included_at {
                Some(s) => self.error(s, msg, help),
                None => self.file_error(file, msg, help),
            }
            return None;
        }
        self.files.push(SourceFile {
            name: display.to_string(),
            text: text.to_string(),
        });
        let ast = match parse_file(text, file) {
            Ok(a) => a,
            Err(e) => {
                self.error(e.span, e.message, e.help);
                return None;
            }
        };
        self.merge(file, ast, origin, chain)
    }

    /// Resolves `extends`, then lays this file's items over the parent's.
    fn merge(
        &mut self,
        file: usize,
        ast: RulesFile,
        origin: &Origin,
        chain: &mut Vec<String>,
    ) -> Option<Draft> {
        // Duplicate items and unknown words first.
        let mut seen: HashMap<&'static str, Span> = HashMap::new();
        for item in &ast.items {
            if let Some((kw, span)) = item.keyword() {
                if let Some(first) = seen.get(kw).copied() {
                    let line = self.line_of(first);
                    self.error(
                        span,
                        format!("`{kw}` is given twice"),
                        Some(format!("the first `{kw}` is on line {line}; keep one")),
                    );
                } else {
                    seen.insert(kw, span);
                }
            }
            if let Item::Unknown(w) = item {
                let help = suggest(&w.value, TOP_KEYWORDS, "items are");
                self.error(w.span, format!("unknown item `{}`", w.value), Some(help));
            }
        }
        let mut draft = Draft::default();
        let mut ok = true;
        if let Some(ext) = ast.items.iter().find_map(|i| match i {
            Item::Extends(s) => Some(s.clone()),
            _ => None,
        }) {
            match self.load_parent(&ext, origin, chain) {
                Some(d) => draft = d,
                None => ok = false,
            }
        }
        for item in ast.items {
            match item {
                Item::Extends(_) | Item::Unknown(_) => {}
                Item::Name(_, s) => draft.name = Some(s),
                Item::Description(_, t) => draft.description = Some(t),
                Item::Source(_, t) => draft.source = Some(t),
                Item::Board(_, b) => draft.board = Some(b),
                Item::Array(_, a) => draft.array = Some(a),
                Item::Castling(k, c) => draft.castling = Some((k, c)),
                Item::End(k, e) => draft.end = Some((k, e)),
                Item::Setup(k, s) => draft.setup = Some((k, s)),
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
        for (hit, what) in [(by_name, "name"), (by_letter, "letter")] {
            if let Some(i) = hit {
                let q = &draft.pieces[i];
                if q.span.file == file {
                    let line = self.line_of(q.span);
                    let (span, shown) = if what == "name" {
                        (p.name.span, p.name.value.clone())
                    } else {
                        (p.letter.span, p.letter.value.to_string())
                    };
                    let help = if what == "name" {
                        format!("`{shown}` is already declared on line {line}; give each piece its own name")
                    } else {
                        format!(
                            "`{shown}` is already the letter of `{}` on line {line}; give each piece its own letter",
                            q.name.value
                        )
                    };
                    self.error(
                        span,
                        format!("duplicate piece {what} `{shown}`"),
                        Some(help),
                    );
                    return;
                }
            }
        }
        match (by_name, by_letter) {
            (Some(a), Some(b)) if a != b => {
                let (na, nb) = (
                    draft.pieces[a].name.value.clone(),
                    draft.pieces[b].name.value.clone(),
                );
                self.error(
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

    fn load_parent(
        &mut self,
        ext: &Str,
        origin: &Origin,
        chain: &mut Vec<String>,
    ) -> Option<Draft> {
        let target = ext.value.trim().to_string();
        // A bundled file extends bundled files only; a file on disk looks next to itself
        // first, then among the bundled files.
        let mut found: Option<(Origin, String, String)> = None; // origin, display, text
        if let Origin::File(path) = origin {
            let dir = path.parent().unwrap_or_else(|| Path::new(""));
            let mut candidates = vec![dir.join(&target)];
            if !target.ends_with(".rules") {
                candidates.push(dir.join(format!("{target}.rules")));
            }
            for c in candidates {
                if c.is_file() {
                    match read_limited(&c) {
                        Ok(text) => {
                            found = Some((Origin::File(c.clone()), c.display().to_string(), text))
                        }
                        Err(e) => {
                            self.error(
                                ext.span,
                                format!("cannot read `{}`: {e}", c.display()),
                                None,
                            );
                            return None;
                        }
                    }
                    break;
                }
            }
        }
        if found.is_none() {
            if let Some(text) = self.bundled_text(&target) {
                let name = target.strip_suffix(".rules").unwrap_or(&target).to_string();
                found = Some((
                    Origin::Bundled(name.clone()),
                    format!("rules/{name}.rules"),
                    text.to_string(),
                ));
            }
        }
        let Some((parent, display, text)) = found else {
            let names: Vec<&str> = self.bundled.iter().map(|(n, _)| *n).collect();
            let help = match did_you_mean(&target, &names) {
                Some(n) => format!("did you mean `{n}`?"),
                None => format!(
                    "give a path relative to this file, or a bundled game: {}",
                    self.bundled_names()
                ),
            };
            self.error(
                ext.span,
                format!("cannot find `{target}` to extend"),
                Some(help),
            );
            return None;
        };
        let id = identity(&parent);
        if chain.contains(&id) {
            let mut names: Vec<String> = chain.iter().map(|s| short_name(s)).collect();
            names.push(short_name(&id));
            self.error(
                ext.span,
                format!("`extends` makes a cycle: {}", names.join(" -> ")),
                Some("a file cannot extend itself, directly or through other files".into()),
            );
            return None;
        }
        if chain.len() >= MAX_DEPTH {
            self.error(
                ext.span,
                format!("`extends` goes more than {MAX_DEPTH} files deep"),
                Some("extend a file closer to the base game".into()),
            );
            return None;
        }
        chain.push(id);
        let d = self.load(&text, &display, &parent, chain, Some(ext.span));
        chain.pop();
        d
    }

    // ------------------------------------------------------------------ checking

    fn check(&mut self, d: Draft, display: &str) -> Option<VariantSpec> {
        // Problems with no line of their own are reported against the file being compiled.
        let top = 0;
        let name = match &d.name {
            Some(s) if s.value.trim().is_empty() => {
                self.error(
                    s.span,
                    "the name is empty",
                    Some("write the game's name, e.g. `name \"Relocation Chess\"`".into()),
                );
                String::new()
            }
            Some(s) => s.value.trim().to_string(),
            None => {
                self.file_error(
                    top,
                    "this file has no `name`",
                    Some("add a line such as `name \"My Chess\"`".into()),
                );
                String::new()
            }
        };
        let join = |t: &Option<Vec<Str>>| {
            t.as_ref()
                .map(|v| {
                    v.iter()
                        .map(|s| s.value.trim())
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .unwrap_or_default()
        };
        let description = join(&d.description);
        let source = join(&d.source);

        let geometry = match &d.board {
            Some(b) => {
                let (f, r) = b.value;
                let g = u8::try_from(f)
                    .ok()
                    .zip(u8::try_from(r).ok())
                    .and_then(|(f, r)| Geometry::new(f, r));
                if g.is_none() {
                    self.error(
                        b.span,
                        format!("board `{}` is outside the allowed range", self.text(b.span)),
                        Some(
                            "boards have 4 to 12 files and 4 to 12 ranks, e.g. `board 8x8`".into(),
                        ),
                    );
                }
                g
            }
            None => {
                self.file_error(
                    top,
                    "this file has no `board`",
                    Some("add a line such as `board 8x8`".into()),
                );
                None
            }
        };

        let roles = self.check_pieces(&d, geometry);
        let letters: Vec<char> = roles.iter().map(|r| r.letter).collect();
        let array = match (&d.array, geometry) {
            (Some(a), Some(g)) => self.check_array(a, g, d.board.as_ref().map(|b| b.span), &roles),
            (None, _) => {
                self.file_error(top, "this file has no `array`", Some("add the starting position, e.g. `array \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\"`".into()));
                None
            }
            _ => None,
        };
        let castling = match &d.castling {
            Some((k, Some(c))) => self.check_castling(
                *k,
                c,
                geometry,
                &letters,
                &roles,
                array.as_deref(),
                d.array.as_ref(),
            ),
            _ => None,
        };
        let end = match &d.end {
            Some((_, e)) => self.check_end(e),
            None => EndRules::default(),
        };
        let setup = match &d.setup {
            Some((k, Some(s))) => self.check_setup(*k, s, geometry, &letters),
            _ => None,
        };
        let geometry = geometry?;
        let array = array?;
        if let (Some((k, _)), Some(sp)) = (&d.setup, &setup) {
            let lines = setup_lines_bound(&array, geometry, sp);
            if lines > MAX_SETUP_LINES {
                let what = if sp.shuffle.is_some() {
                    "arrangements"
                } else {
                    "lines of play"
                };
                self.error(
                    *k,
                    format!(
                        "this setup phase has too many {what}: as many as {} (at most {MAX_SETUP_LINES} are allowed)",
                        if lines == u64::MAX { "10^19 or more".to_string() } else { lines.to_string() }
                    ),
                    Some(if sp.shuffle.is_some() {
                        "shuffle fewer pieces, or repeat kinds (two knights instead of two kinds)".into()
                    } else {
                        "use fewer steps, or fewer pieces before or after `with` (each step multiplies the choices)".into()
                    }),
                );
            }
        }
        if !self.problems.is_empty() {
            return None;
        }
        Some(VariantSpec {
            name,
            description,
            source,
            origin: display.to_string(),
            geometry,
            roles,
            array,
            castling,
            end,
            setup,
        })
    }

    fn letter_list(letters: &[char]) -> String {
        letters
            .iter()
            .map(char::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Resolves a piece letter written in `context`, reporting an unknown one.
    fn role_of(&mut self, l: &Spanned<char>, letters: &[char], context: &str) -> Option<Role> {
        if let Some(i) = letters.iter().position(|&c| c == l.value) {
            return Some(Role(i as u8));
        }
        let up = l.value.to_ascii_uppercase();
        let help = if letters.contains(&up) {
            format!("piece letters are upper case here: write `{up}`")
        } else {
            format!(
                "declared pieces are {}; add a `piece` line to define `{}`",
                Self::letter_list(letters),
                l.value
            )
        };
        self.error(
            l.span,
            format!("unknown piece letter `{}` in {context}", l.value),
            Some(help),
        );
        None
    }

    fn check_pieces(&mut self, d: &Draft, geometry: Option<Geometry>) -> Vec<RoleDef> {
        let mut roles = Vec::new();
        let mut royal_seen: Option<String> = None;
        if d.pieces.is_empty() {
            self.file_error(
                0,
                "this file declares no pieces",
                Some("add `piece` lines, e.g. `piece King K moves \"K\" royal`".into()),
            );
        }
        for (i, p) in d.pieces.iter().enumerate() {
            if i == MAX_ROLES {
                self.error(
                    p.span,
                    format!("too many pieces: at most {MAX_ROLES} kinds are allowed"),
                    Some("drop or combine piece kinds; a file that extends another inherits its pieces".into()),
                );
            }
            for u in &p.unknown {
                let help = suggest(&u.value, PIECE_KEYWORDS, "piece properties are");
                self.error(
                    u.span,
                    format!("unknown piece property `{}`", u.value),
                    Some(help),
                );
            }
            let letter = p.letter.value;
            if !letter.is_ascii_uppercase() {
                self.error(
                    p.letter.span,
                    format!("piece letter `{letter}` must be upper case"),
                    Some(format!(
                        "write `{}`; the array writes Black's pieces in lower case",
                        letter.to_ascii_uppercase()
                    )),
                );
            }
            for (what, spans) in [
                ("moves", p.moves.iter().map(|s| s.span).collect::<Vec<_>>()),
                ("value", p.value.iter().map(|s| s.span).collect()),
                ("royal", p.royal.clone()),
                ("pawn", p.pawn.clone()),
                ("promote", p.promote.iter().map(|s| s.span).collect()),
            ] {
                if spans.len() > 1 {
                    self.error(
                        spans[1],
                        format!("`{what}` is given twice for `{}`", p.name.value),
                        Some("keep one".into()),
                    );
                }
            }
            let (betza, atoms) = match p.moves.first() {
                None => {
                    self.error(
                        p.name.span,
                        format!("piece `{}` has no `moves`", p.name.value),
                        Some("say how it moves in Betza notation, e.g. `moves \"N\"`".into()),
                    );
                    (String::new(), vec![])
                }
                Some(m) => match betza::parse(&m.value) {
                    Ok(a) => (m.value.clone(), a),
                    Err(e) => {
                        let span = m.sub_span(e.offset, e.offset + e.len.max(1));
                        self.error(span, e.message, e.help);
                        (m.value.clone(), vec![])
                    }
                },
            };
            let value = match p.value.first() {
                Some(v) if !(-100_000..=100_000).contains(&v.value) => {
                    self.error(
                        v.span,
                        format!("value `{}` is out of range", self.text(v.span)),
                        Some(
                            "values are centipawns between -100000 and 100000 (a pawn is 100)"
                                .into(),
                        ),
                    );
                    None
                }
                Some(v) => Some(v.value as i32),
                None => None,
            };
            let royal = !p.royal.is_empty();
            if royal {
                if let Some(first) = &royal_seen {
                    self.error(
                        p.royal[0],
                        format!("two royal piece kinds: `{first}` and `{}`", p.name.value),
                        Some("exactly one kind of piece is royal (the king)".into()),
                    );
                } else {
                    royal_seen = Some(p.name.value.clone());
                }
            }
            let pawn = !p.pawn.is_empty();
            let mut promotion = None;
            if let Some(pr) = p.promote.first() {
                if !pawn {
                    self.error(
                        pr.span,
                        format!(
                            "only a `pawn` piece can promote, and `{}` is not one",
                            p.name.value
                        ),
                        Some("add `pawn` to the piece".into()),
                    );
                }
                if let Some(g) = geometry {
                    let r = pr.rank.value;
                    if r < 1 || r > g.ranks as i64 {
                        self.error(
                            pr.rank.span,
                            format!("promotion rank `{}` is off the board", self.text(pr.rank.span)),
                            Some(format!(
                                "the board has {} ranks; `promote on rank {}` promotes on the last rank",
                                g.ranks, g.ranks
                            )),
                        );
                    } else {
                        promotion = Some((g.ranks as i64 - r + 1) as u8);
                    }
                }
            }
            roles.push(RoleDef {
                name: p.name.value.clone(),
                letter: letter.to_ascii_uppercase(),
                value,
                betza,
                atoms,
                royal,
                pawn,
                // The choices are filled in below, once every letter is known.
                promotion: promotion.map(|zone| Promotion {
                    zone,
                    choices: vec![],
                }),
            });
        }
        let misspelled_royal = d
            .pieces
            .iter()
            .flat_map(|p| &p.unknown)
            .any(|u| did_you_mean(&u.value, PIECE_KEYWORDS) == Some("royal"));
        if !d.pieces.is_empty() && royal_seen.is_none() && !misspelled_royal {
            let span = d.pieces[0].span;
            self.error(
                Span {
                    end: span.start + 5,
                    ..span
                },
                "no piece is royal",
                Some("mark the king with `royal`, e.g. `piece King K moves \"K\" royal`".into()),
            );
        }
        // Promotion choices need every letter known.
        let letters: Vec<char> = roles.iter().map(|r| r.letter).collect();
        for (i, p) in d.pieces.iter().enumerate() {
            let Some(pr) = p.promote.first() else {
                continue;
            };
            let mut choices = vec![];
            for l in &pr.to {
                if let Some(r) = self.role_of(l, &letters, "promotion") {
                    if roles[r.index()].royal {
                        self.error(
                            l.span,
                            format!("cannot promote to the royal piece `{}`", l.value),
                            Some("a side has exactly one royal piece".into()),
                        );
                    } else if !choices.contains(&r) {
                        choices.push(r);
                    }
                }
            }
            if let Some(pm) = roles.get_mut(i).and_then(|r| r.promotion.as_mut()) {
                pm.choices = choices;
            }
        }
        roles
    }

    fn check_array(
        &mut self,
        a: &Str,
        g: Geometry,
        board: Option<Span>,
        roles: &[RoleDef],
    ) -> Option<Vec<Option<Piece>>> {
        let letters: Vec<char> = roles.iter().map(|r| r.letter).collect();
        let text = a.value.as_str();
        let segments: Vec<(usize, &str)> = {
            let mut v = vec![];
            let mut start = 0;
            for (i, c) in text.char_indices() {
                if c == '/' {
                    v.push((start, &text[start..i]));
                    start = i + 1;
                }
            }
            v.push((start, &text[start..]));
            v
        };
        let before = self.problems.len();
        if segments.len() != g.ranks as usize {
            self.error(
                a.span,
                format!(
                    "the array has {} ranks but the board has {}",
                    segments.len(),
                    g.ranks
                ),
                Some(format!(
                    "write {} ranks separated by `/`, rank {} first",
                    g.ranks, g.ranks
                )),
            );
        }
        let mut array = vec![None; g.len()];
        let mut wrong_width: Vec<(Span, i64, usize)> = vec![];
        let mut unknown_reported: Vec<char> = vec![];
        for (idx, (off, seg)) in segments.iter().enumerate() {
            let rank_no = g.ranks as i64 - idx as i64; // 1-based, top first
            let mut width: usize = 0;
            let mut file_squares = vec![];
            let mut chars = seg.char_indices().peekable();
            let mut bad = false;
            while let Some((i, c)) = chars.next() {
                if c.is_ascii_digit() {
                    let mut end = i + 1;
                    while let Some(&(j, d)) = chars.peek() {
                        if d.is_ascii_digit() {
                            end = j + 1;
                            chars.next();
                        } else {
                            break;
                        }
                    }
                    let n: usize = seg[i..end].parse().unwrap_or(usize::MAX);
                    if n == 0 {
                        self.error(
                            a.sub_span(off + i, off + end),
                            "`0` empty squares in array",
                            Some("write the number of empty squares, at least 1".into()),
                        );
                        bad = true;
                    }
                    width = width.saturating_add(n);
                } else if c.is_ascii_alphabetic() {
                    let up = c.to_ascii_uppercase();
                    match letters.iter().position(|&l| l == up) {
                        Some(r) => file_squares.push((
                            width,
                            Piece {
                                color: Color::from_white(c.is_ascii_uppercase()),
                                role: Role(r as u8),
                            },
                        )),
                        None if unknown_reported.contains(&up) => bad = true,
                        None => {
                            unknown_reported.push(up);
                            self.error(
                                a.sub_span(off + i, off + i + 1),
                                format!("unknown piece letter `{c}` in array"),
                                Some(format!(
                                    "declared pieces are {}; add a `piece` line to define `{up}`",
                                    Self::letter_list(&letters)
                                )),
                            );
                            bad = true;
                        }
                    }
                    width += 1;
                } else {
                    let end = i + c.len_utf8();
                    self.error(
                        a.sub_span(off + i, off + end),
                        format!("unexpected `{c}` in array"),
                        Some("the array has piece letters, numbers of empty squares and `/` between ranks".into()),
                    );
                    bad = true;
                    width += 1;
                }
            }
            if width != g.files as usize && !bad {
                let span = if seg.is_empty() {
                    a.sub_span(*off, off + 1)
                } else {
                    a.sub_span(*off, off + seg.len())
                };
                wrong_width.push((span, rank_no, width));
            }
            if rank_no >= 1 && (rank_no as usize) <= g.ranks as usize {
                let r = (rank_no - 1) as u8;
                for (f, piece) in file_squares {
                    if f < g.files as usize {
                        array[g.square(f as u8, r).index()] = Some(piece);
                    }
                }
            }
        }
        let width_help =
            "each rank lists every square: letters for pieces, numbers for runs of empty squares";
        let same = wrong_width.first().map(|w| w.2);
        if wrong_width.len() == g.ranks as usize
            && wrong_width.len() == segments.len()
            && wrong_width.iter().all(|w| Some(w.2) == same)
        {
            // Every rank is off by the same amount: the board changed, not the array.
            let help = match board {
                Some(b) if b.file != a.span.file => format!(
                    "the board is set to {}x{} on line {} of `{}`; give an `array` that fits it",
                    g.files,
                    g.ranks,
                    self.line_of(b),
                    self.files[b.file].name
                ),
                _ => width_help.to_string(),
            };
            self.error(
                a.span,
                format!(
                    "every rank of the array is {} squares wide but the board has {} files",
                    same.unwrap_or(0),
                    g.files
                ),
                Some(help),
            );
        } else {
            for (span, rank_no, width) in wrong_width {
                self.error(
                    span,
                    format!(
                        "rank {rank_no} of the array is {width} squares wide but the board has {} files",
                        g.files
                    ),
                    Some(width_help.into()),
                );
            }
        }
        if self.problems.len() != before {
            return None;
        }
        // Exactly one royal piece per side.
        if let Some(royal) = roles.iter().position(|r| r.royal) {
            for color in Color::ALL {
                let piece = Piece {
                    color,
                    role: Role(royal as u8),
                };
                let n = array.iter().filter(|p| **p == Some(piece)).count();
                if n != 1 {
                    let l = if color.is_white() {
                        roles[royal].letter
                    } else {
                        roles[royal].letter.to_ascii_lowercase()
                    };
                    let what = if n == 0 {
                        "no".to_string()
                    } else {
                        n.to_string()
                    };
                    self.error(
                        a.span,
                        format!("{} has {what} royal `{l}` in the array", color.name()),
                        Some("each side needs exactly one royal piece".into()),
                    );
                }
            }
        }
        (self.problems.len() == before).then_some(array)
    }

    #[allow(clippy::too_many_arguments)]
    fn check_castling(
        &mut self,
        keyword: Span,
        c: &CastlingBlock,
        geometry: Option<Geometry>,
        letters: &[char],
        roles: &[RoleDef],
        array: Option<&[Option<Piece>]>,
        array_text: Option<&Str>,
    ) -> Option<CastlingRules> {
        for u in &c.unknown {
            let help = suggest(&u.value, CASTLING_KEYWORDS, "castling entries are");
            self.error(
                u.span,
                format!("unknown castling entry `{}`", u.value),
                Some(help),
            );
        }
        let twice: Vec<(&str, Vec<Span>)> = vec![
            ("rook", c.rook.iter().map(|s| s.span).collect()),
            ("king-side", c.king_side.iter().map(|s| s.0).collect()),
            ("queen-side", c.queen_side.iter().map(|s| s.0).collect()),
            (
                "curtailed",
                c.curtailed
                    .iter()
                    .filter_map(|s| s.first().map(|f| f.span))
                    .collect(),
            ),
            ("safety", c.strict.iter().map(|s| s.span).collect()),
        ];
        for (what, spans) in twice {
            if spans.len() > 1 {
                self.error(
                    spans[1],
                    format!("`{what}` is given twice in `castling`"),
                    Some("keep one".into()),
                );
            }
        }
        let mut ok = true;
        let rook = match c.rook.first() {
            None => {
                self.error(
                    keyword,
                    "`castling` does not say which piece is the rook",
                    Some("add `rook R` inside `castling { ... }`, or write `castling none`".into()),
                );
                ok = false;
                None
            }
            Some(l) => {
                let r = self.role_of(l, letters, "castling");
                if let Some(r) = r {
                    if roles[r.index()].royal {
                        self.error(
                            l.span,
                            format!("the royal piece `{}` cannot be the castling rook", l.value),
                            Some("name the piece the king castles with, e.g. `rook R`".into()),
                        );
                        ok = false;
                    }
                    if let (Some(g), Some(arr)) = (geometry, array) {
                        for color in Color::ALL {
                            let back = if color.is_white() { 0 } else { g.ranks - 1 };
                            let there = (0..g.files).any(|f| {
                                arr[g.square(f, back).index()] == Some(Piece { color, role: r })
                            });
                            if !there {
                                // Point at the back rank in the array: that is what to fix.
                                let span = array_text
                                    .and_then(|a| rank_segment(a, g, back))
                                    .unwrap_or(l.span);
                                self.error(
                                    span,
                                    format!(
                                        "castling rook `{}` is not on {}'s back rank in the array",
                                        l.value,
                                        color.name()
                                    ),
                                    Some(
                                        "put the rooks on the back rank, or write `castling none`"
                                            .into(),
                                    ),
                                );
                                ok = false;
                            }
                        }
                    }
                } else {
                    ok = false;
                }
                r
            }
        };
        let g = geometry?;
        let file_of = |this: &mut Self, f: &Spanned<char>| -> Option<u8> {
            let n = (f.value as u32).wrapping_sub('a' as u32);
            if f.value.is_ascii_lowercase() && n < g.files as u32 {
                Some(n as u8)
            } else {
                this.error(
                    f.span,
                    format!("file `{}` is not on the board", f.value),
                    Some(format!(
                        "files run from `a` to `{}`",
                        Geometry::file_char(g.files - 1)
                    )),
                );
                None
            }
        };
        let side = |this: &mut Self,
                    v: &[(Span, Spanned<char>, Spanned<char>)],
                    default: (u8, u8)| {
            match v.first() {
                None => Some(default),
                Some((span, k, r)) => {
                    let kf = file_of(this, k);
                    let rf = file_of(this, r);
                    let (kf, rf) = (kf?, rf?);
                    if kf == rf {
                        this.error(*span, "king and rook cannot land on the same file", None);
                        return None;
                    }
                    Some((kf, rf))
                }
            }
        };
        let king_side = side(self, &c.king_side, (g.files - 2, g.files - 3));
        let queen_side = side(self, &c.queen_side, (2, 3));
        let mut curtailed = vec![];
        for f in c.curtailed.iter().flatten() {
            let n = (f.value as u32).wrapping_sub('a' as u32);
            if f.value.is_ascii_lowercase() && n < g.files as u32 {
                if !curtailed.contains(&(n as u8)) {
                    curtailed.push(n as u8);
                }
            } else {
                self.error(
                    f.span,
                    format!("file `{}` is not on the board", f.value),
                    Some(format!(
                        "files run from `a` to `{}`",
                        Geometry::file_char(g.files - 1)
                    )),
                );
                ok = false;
            }
        }
        let strict = c.strict.first().is_some_and(|s| s.value);
        if !ok {
            return None;
        }
        Some(CastlingRules {
            curtailed_files: curtailed,
            strict_safety: strict,
            ..CastlingRules::new(rook?, king_side?, queen_side?)
        })
    }

    fn check_end(&mut self, e: &EndBlock) -> EndRules {
        for u in &e.unknown {
            let help = suggest(&u.value, END_KEYWORDS, "end rules are");
            self.error(
                u.span,
                format!("unknown end rule `{}`", u.value),
                Some(help),
            );
        }
        let twice: Vec<(&str, Vec<Span>)> = vec![
            (
                "stalemate",
                e.stalemate_draw.iter().map(|s| s.span).collect(),
            ),
            ("repetition", e.repetition.iter().map(|s| s.0).collect()),
            ("move-rule", e.move_rule.iter().map(|s| s.0).collect()),
            (
                "insufficient-material",
                e.insufficient.iter().map(|s| s.span).collect(),
            ),
        ];
        for (what, spans) in twice {
            if spans.len() > 1 {
                self.error(
                    spans[1],
                    format!("`{what}` is given twice in `end`"),
                    Some("keep one".into()),
                );
            }
        }
        let repetition = match e.repetition.first() {
            None | Some((_, Limit::Off)) => None,
            Some((_, Limit::Number(n))) => {
                if (2..=100).contains(&n.value) {
                    Some(n.value as u8)
                } else {
                    self.error(n.span, format!("repetition count `{}` is out of range", self.text(n.span)), Some("draw on the 2nd to 100th occurrence (3 in chess), or write `repetition off`".into()));
                    None
                }
            }
        };
        let move_rule = match e.move_rule.first() {
            None | Some((_, Limit::Off)) => None,
            Some((_, Limit::Number(n))) => {
                if (1..=1000).contains(&n.value) {
                    Some(n.value as u16)
                } else {
                    self.error(
                        n.span,
                        format!("move rule `{}` is out of range", self.text(n.span)),
                        Some(
                            "count 1 to 1000 moves (50 in chess), or write `move-rule off`".into(),
                        ),
                    );
                    None
                }
            }
        };
        EndRules {
            stalemate_draw: e.stalemate_draw.first().is_none_or(|s| s.value),
            repetition,
            move_rule,
            insufficient_material: e.insufficient.first().is_some_and(|s| s.value),
        }
    }

    fn check_setup(
        &mut self,
        keyword: Span,
        s: &SetupBlock,
        geometry: Option<Geometry>,
        letters: &[char],
    ) -> Option<SetupPhase> {
        for u in &s.unknown {
            // A misspelt step option is read as an entry of its own.
            let help = match did_you_mean(&u.value, STEP_OPTIONS) {
                Some(o) => format!("did you mean `{o}`, the `step` option?"),
                None => suggest(&u.value, SETUP_KEYWORDS, "setup entries are"),
            };
            self.error(
                u.span,
                format!("unknown setup entry `{}`", u.value),
                Some(help),
            );
        }
        for (what, spans) in [
            ("randomize", s.randomize.clone()),
            (
                "shuffle",
                s.shuffle.iter().map(|x| x.span).collect::<Vec<_>>(),
            ),
        ] {
            if spans.len() > 1 {
                self.error(
                    spans[1],
                    format!("`{what}` is given twice in `setup`"),
                    Some("keep one".into()),
                );
            }
        }
        let mut steps = vec![];
        let mut prev: Option<(Side, bool)> = None; // side, was mirror
        for (n, st) in s.steps.iter().enumerate() {
            let color = match st.side {
                Side::White => Color::White,
                Side::Black => Color::Black,
            };
            let action = match &st.action {
                StepDecl::Mirror => {
                    match prev {
                        None => self.error(st.span, "the first step cannot be `mirror`", Some("`mirror` repeats the opponent's previous step; start with a `swap`".into())),
                        Some((side, _)) if side == st.side => self.error(st.span, format!("step {} mirrors {}'s own step", n + 1, color.name()), Some("`mirror` repeats the opponent's previous step; give it to the other side".into())),
                        Some((_, true)) => self.error(st.span, "a `mirror` step cannot follow another `mirror`", Some("mirror a `swap` step".into())),
                        _ => {}
                    }
                    StepAction::Mirror
                }
                StepDecl::Swap {
                    relocate,
                    with,
                    optional,
                    ranks,
                } => {
                    let mut rel = vec![];
                    for l in relocate {
                        if let Some(r) = self.role_of(l, letters, "setup") {
                            if !rel.contains(&r) {
                                rel.push(r)
                            }
                        }
                    }
                    let mut wi = vec![];
                    for l in with {
                        if let Some(r) = self.role_of(l, letters, "setup") {
                            if !wi.contains(&r) {
                                wi.push(r)
                            }
                        }
                    }
                    if rel.len() == 1 && wi == rel {
                        self.error(
                            st.span,
                            "a piece cannot swap only with its own kind",
                            Some("list other pieces after `with`".into()),
                        );
                    }
                    let mut rk = vec![];
                    for r in ranks {
                        let max = geometry.map_or(12, |g| g.ranks as i64);
                        if r.value < 1 || r.value > max {
                            self.error(
                                r.span,
                                format!("rank `{}` is off the board", self.text(r.span)),
                                Some(format!(
                                    "ranks count from 1 (the side's own back rank) to {max}"
                                )),
                            );
                        } else if !rk.contains(&((r.value - 1) as u8)) {
                            rk.push((r.value - 1) as u8);
                        }
                    }
                    StepAction::Swap {
                        relocate: rel,
                        with: wi,
                        ranks: rk,
                        optional: !optional.is_empty(),
                    }
                }
            };
            prev = Some((st.side, matches!(st.action, StepDecl::Mirror)));
            steps.push(SetupStep {
                side: color,
                action,
            });
        }
        let mut constraints = vec![];
        for rq in &s.requires {
            let when = match rq.when {
                Some(When::EachSwap) => ConstraintWhen::EachSwap,
                Some(When::End) | None => ConstraintWhen::Final,
            };
            let kind = match &rq.kind {
                RequireKind::Opposite(l) => self
                    .role_of(l, letters, "setup")
                    .map(ConstraintKind::OppositeColors),
                RequireKind::Between(a, b) => {
                    let ra = self.role_of(a, letters, "setup");
                    let rb = self.role_of(b, letters, "setup");
                    match (ra, rb) {
                        (Some(x), Some(y)) if x == y => {
                            self.error(
                                rq.span,
                                format!("`{} between {}` names one piece twice", a.value, b.value),
                                Some("write e.g. `require K between R`".into()),
                            );
                            None
                        }
                        (Some(inner), Some(outer)) => {
                            Some(ConstraintKind::Between { inner, outer })
                        }
                        _ => None,
                    }
                }
            };
            if let Some(kind) = kind {
                constraints.push(Constraint { kind, when });
            }
        }
        let shuffle = s.shuffle.first().map(|x| Shuffle { mirrored: x.value });
        if let Some(sh) = s.shuffle.first() {
            if !s.steps.is_empty() {
                self.error(
                    sh.span,
                    "`shuffle` and `step` lines cannot be combined",
                    Some(
                        "`shuffle` draws every arrangement at random; remove it or the steps"
                            .into(),
                    ),
                );
            }
            if let Some(r) = s.randomize.first() {
                self.error(
                    *r,
                    "`randomize` is not needed with `shuffle`",
                    Some("a shuffle is always drawn at random; remove `randomize`".into()),
                );
            }
        } else if s.steps.is_empty() {
            let span = s.randomize.first().copied();
            let help = Some("add `step` lines, or `shuffle` for a random back rank; `setup none` removes the setup".into());
            match span {
                Some(sp) => self.error(sp, "`randomize` needs steps to draw from", help),
                None => self.error(keyword, "the `setup` block has no steps", help),
            }
        }
        Some(SetupPhase {
            steps,
            constraints,
            randomized: !s.randomize.is_empty(),
            shuffle,
        })
    }
}

/// The most setup lines (or shuffled arrangements) a rules file may declare, counted
/// generously by [`setup_lines_bound`]: every walk over the setup phase (legal setup moves,
/// random starts, `myriad positions`) stays within this many leaves.
pub const MAX_SETUP_LINES: u64 = 1_000_000;

/// An upper bound on the leaves of the setup game tree: for each swap step, the side's pieces
/// of a relocating kind times its pieces of a relocatee kind (anywhere on the board), plus one
/// for a pass; mirror steps have one move. For a shuffle, the distinct arrangements of each
/// side's back rank (White's only when mirrored). Saturates at `u64::MAX`.
pub(crate) fn setup_lines_bound(array: &[Option<Piece>], g: Geometry, setup: &SetupPhase) -> u64 {
    let count = |side: Color, roles: &[Role]| -> u64 {
        array
            .iter()
            .flatten()
            .filter(|p| p.color == side && roles.contains(&p.role))
            .count() as u64
    };
    if let Some(sh) = &setup.shuffle {
        let sides: &[Color] = if sh.mirrored {
            &[Color::White]
        } else {
            &Color::ALL
        };
        let mut total: u64 = 1;
        for &side in sides {
            let rank = if side.is_white() { 0 } else { g.ranks - 1 };
            let mut kinds: HashMap<Option<Piece>, u64> = HashMap::new();
            for f in 0..g.files {
                *kinds.entry(array[g.square(f, rank).index()]).or_default() += 1;
            }
            // n! / prod(c!) as a product of binomials, saturating
            let mut n = 0u64;
            let mut perms: u128 = 1;
            for &c in kinds.values() {
                for i in 1..=c {
                    n += 1;
                    perms = perms.saturating_mul(n as u128) / i as u128;
                }
            }
            total = total.saturating_mul(u64::try_from(perms).unwrap_or(u64::MAX));
        }
        return total;
    }
    setup.steps.iter().fold(1u64, |acc, st| match &st.action {
        StepAction::Swap {
            relocate,
            with,
            optional,
            ..
        } => acc.saturating_mul(
            count(st.side, relocate)
                .saturating_mul(count(st.side, with))
                .saturating_add(*optional as u64)
                .max(1),
        ),
        _ => acc,
    })
}

/// The span of rank `rank` (from 0 = rank 1) inside an array string, if the array has one
/// segment per rank.
fn rank_segment(a: &Str, g: Geometry, rank: u8) -> Option<Span> {
    let segs: Vec<&str> = a.value.split('/').collect();
    if segs.len() != g.ranks as usize {
        return None;
    }
    let idx = (g.ranks - 1 - rank) as usize;
    let start: usize = segs[..idx].iter().map(|s| s.len() + 1).sum();
    Some(a.sub_span(start, start + segs[idx].len().max(1)))
}

/// "did you mean ..." or the list of valid words.
fn suggest(word: &str, candidates: &[&str], what: &str) -> String {
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

fn short_name(id: &str) -> String {
    match id.strip_prefix("bundled:") {
        Some(n) => n.to_string(),
        None => Path::new(id)
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_else(|| id.to_string()),
    }
}

/// Reads a file, refusing anything over [`MAX_FILE_SIZE`].
pub(crate) fn read_limited(path: &Path) -> Result<String, String> {
    let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if meta.len() > MAX_FILE_SIZE as u64 {
        return Err(format!(
            "it is {} bytes, larger than the 1 MiB limit",
            meta.len()
        ));
    }
    let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
    String::from_utf8(bytes).map_err(|_| "it is not UTF-8 text".to_string())
}

fn identity(origin: &Origin) -> String {
    origin.identity()
}
