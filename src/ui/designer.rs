//! The designer's loop: the open rules file's text and diagnostics for the Rules tab's source
//! view, the piece diagram's state, opening the file in an editor, and saving an editable copy
//! of a bundled file. The views are `source_view.rs` and `diagram.rs`.

use std::cell::Cell;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::SystemTime;

use crate::rules::Diagnostic;
use crate::types::{Color, Role, Square};
use crate::variant::Origin;

use super::app::{MyriadApp, Tab};

/// What the user asks of the designer's tools (a part of [`Action`](super::Action)).
#[derive(Clone, Debug, PartialEq)]
pub enum DesignerAction {
    /// Show the diagram of this piece (clicking it again, or another, changes it).
    ShowDiagram(Role),
    /// Hide the piece diagram.
    CloseDiagram,
    /// Put the diagram's piece on this square.
    DiagramSquare(Square),
    /// Show the diagram's piece of this colour (its forward direction follows).
    DiagramColor(Color),
    /// Open the rules file in the user's editor.
    OpenInEditor,
    /// Save a copy of a bundled (read-only) file in the config folder, open and watch it.
    SaveCopy,
    /// Show this line of the source in the Rules tab.
    JumpToLine(usize),
}

/// The piece diagram on show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct DiagramState {
    /// The piece kind.
    pub role: Role,
    /// Where it stands; `None`: the square nearest the centre.
    pub square: Option<Square>,
    /// Its colour.
    pub color: Color,
}

/// The rules file as the source view shows it.
#[derive(Clone, Debug, Default)]
pub(super) struct SourceText {
    /// Its text.
    pub text: String,
    /// Its diagnostics in this file (errors or warnings), in line order.
    pub here: Vec<Diagnostic>,
    /// Diagnostics in other files it reads (`extends`), shown above the text.
    pub elsewhere: Vec<Diagnostic>,
    /// The file cannot be read: why.
    pub unreadable: Option<String>,
}

/// The designer tools' state.
#[derive(Debug, Default)]
pub(super) struct Designer {
    pub diagram: Option<DiagramState>,
    /// The diagram was just opened: the view scrolls it into sight once.
    pub diagram_new: Cell<bool>,
    /// The text of the open rules file, read when the file or its time changes.
    pub source: Option<SourceText>,
    source_key: Option<(Origin, Option<SystemTime>)>,
    /// A line to show in the source view once (the view takes it).
    pub jump: Cell<Option<usize>>,
    /// The editor launched last, watched for a failure to report.
    editor: Option<(Child, String)>,
}

/// How to open a file for editing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Launch {
    /// Run this program with these arguments, then the file.
    Run {
        /// The program.
        program: String,
        /// Its arguments before the file.
        args: Vec<String>,
    },
    /// The variable names an editor that needs a terminal: tell the user instead.
    Terminal {
        /// `VISUAL` or `EDITOR`.
        var: &'static str,
        /// The command it holds.
        command: String,
    },
}

/// Editors that draw in a terminal: launched from a window they would run invisibly.
const TERMINAL_EDITORS: &[&str] = &[
    "vi", "vim", "nvim", "neovim", "view", "nano", "pico", "ed", "ex", "joe", "jed", "mg", "micro",
    "hx", "helix", "kak", "ne", "mcedit", "vis", "zile", "jove", "elvis", "amp",
];

/// Does `command` (as `$EDITOR` holds it) run in a terminal? `emacs -nw`, `emacsclient -t`
/// do; plain `emacs` opens a window.
fn is_terminal_editor(command: &str) -> bool {
    let mut words = command.split_whitespace();
    let Some(first) = words.next() else {
        return false;
    };
    let name = Path::new(first)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let name = name.strip_suffix(".exe").unwrap_or(&name);
    if name.starts_with("emacs") {
        return words.any(|w| matches!(w, "-nw" | "-t" | "--tty" | "--no-window-system"));
    }
    TERMINAL_EDITORS.contains(&name)
}

/// How to open a file: `$VISUAL`, else `$EDITOR` (a terminal editor is reported, not run),
/// else the desktop's default program for the file.
pub(super) fn choose_editor(visual: Option<&str>, editor: Option<&str>) -> Launch {
    for (var, value) in [("VISUAL", visual), ("EDITOR", editor)] {
        let Some(command) = value.map(str::trim).filter(|c| !c.is_empty()) else {
            continue;
        };
        if is_terminal_editor(command) {
            return Launch::Terminal {
                var,
                command: command.to_string(),
            };
        }
        let mut words = command.split_whitespace().map(str::to_string);
        let program = words.next().expect("a command that is not empty");
        return Launch::Run {
            program,
            args: words.collect(),
        };
    }
    desktop_default()
}

/// The desktop's own way to open a file with its default program.
fn desktop_default() -> Launch {
    let (program, args): (&str, &[&str]) = if cfg!(target_os = "macos") {
        ("open", &["-t"])
    } else if cfg!(windows) {
        // `start` is a shell built-in; its first quoted argument is a window title
        ("cmd", &["/C", "start", ""])
    } else {
        ("xdg-open", &[])
    };
    Launch::Run {
        program: program.into(),
        args: args.iter().map(|a| a.to_string()).collect(),
    }
}

/// A name for a copy of bundled file `name` in `dir` that is not taken yet: `chess.rules`,
/// then `chess-2.rules`, ...
fn free_copy_path(dir: &Path, name: &str) -> PathBuf {
    let first = dir.join(format!("{name}.rules"));
    if !first.exists() {
        return first;
    }
    (2..)
        .map(|i| dir.join(format!("{name}-{i}.rules")))
        .find(|p| !p.exists())
        .expect("some number is free")
}

/// The rules text of `origin` and its diagnostics, split by file.
fn read_source(origin: &Origin) -> SourceText {
    let text = match origin {
        Origin::Bundled(n) => crate::rules::bundled()
            .iter()
            .find(|(b, _)| b == n)
            .map(|(_, t)| t.to_string())
            .ok_or_else(|| format!("no bundled file named `{n}`")),
        Origin::File(p) => std::fs::read_to_string(p).map_err(|e| e.to_string()),
    };
    let text = match text {
        Ok(t) => t,
        Err(why) => {
            return SourceText {
                unreadable: Some(why),
                ..SourceText::default()
            }
        }
    };
    let diagnostics = match crate::rules::load_with_warnings(&origin.spec()) {
        Ok((_, w)) => w,
        Err(e) => e,
    };
    let here_name = origin.display();
    let (mut here, elsewhere): (Vec<Diagnostic>, Vec<Diagnostic>) = diagnostics
        .iter()
        .cloned()
        .partition(|d| d.file == here_name && d.line > 0);
    here.sort_by_key(|d| (d.line, d.column));
    SourceText {
        text,
        here,
        elsewhere,
        unreadable: None,
    }
}

impl MyriadApp {
    /// Carries out a designer action (see [`MyriadApp::apply`]).
    pub(super) fn designer_apply(&mut self, a: DesignerAction) {
        match a {
            DesignerAction::ShowDiagram(role) => {
                let color = self.designer.diagram.map_or(Color::White, |d| d.color);
                self.designer.diagram = Some(DiagramState {
                    role,
                    square: None,
                    color,
                });
                self.designer.diagram_new.set(true);
            }
            DesignerAction::CloseDiagram => self.designer.diagram = None,
            DesignerAction::DiagramSquare(sq) => {
                if let Some(d) = &mut self.designer.diagram {
                    d.square = Some(sq);
                }
            }
            DesignerAction::DiagramColor(c) => {
                if let Some(d) = &mut self.designer.diagram {
                    d.color = c;
                }
            }
            DesignerAction::OpenInEditor => self.open_in_editor(),
            DesignerAction::SaveCopy => self.save_copy(),
            DesignerAction::JumpToLine(line) => {
                self.tab = Tab::Rules;
                self.designer.jump.set(Some(line));
                // the source view shows the same messages, in place: the details step aside
                self.problem_details = false;
            }
        }
    }

    /// Each frame: re-reads the source text when the open file or its time changed, and
    /// reports an editor that failed to start.
    pub(super) fn poll_designer(&mut self) {
        let key = (self.source.clone(), self.source_mtime);
        if self.designer.source_key.as_ref() != Some(&key) {
            if self.designer.source_key.as_ref().map(|k| &k.0) != Some(&key.0) {
                // other rules: their pieces are not the ones the diagram showed
                self.designer.diagram = None;
            }
            self.designer.source = Some(read_source(&self.source));
            self.designer.source_key = Some(key);
        }
        let Some((child, what)) = &mut self.designer.editor else {
            return;
        };
        match child.try_wait() {
            Ok(None) => {}
            Ok(Some(status)) => {
                let failed =
                    (!status.success()).then(|| format!("The editor `{what}` failed ({status})"));
                self.designer.editor = None;
                if let Some(msg) = failed {
                    self.say(msg);
                }
            }
            Err(e) => {
                let msg = format!("Cannot follow the editor `{what}`: {e}");
                self.designer.editor = None;
                self.say(msg);
            }
        }
    }

    /// Opens the rules file in the user's editor; a bundled file is read-only (the Rules tab
    /// offers a copy instead). A failure is a message, never a crash.
    fn open_in_editor(&mut self) {
        let Origin::File(path) = self.source.clone() else {
            self.say("A bundled file is read-only: save a copy to edit it");
            return;
        };
        let env = |k: &str| std::env::var(k).ok();
        match choose_editor(env("VISUAL").as_deref(), env("EDITOR").as_deref()) {
            Launch::Terminal { var, command } => {
                let line = format!("{command} {}", shell_quote(&path));
                if let Some(ctx) = &self.ctx {
                    ctx.copy_text(line.clone());
                }
                self.say(format!(
                    "${var} is `{command}`, which needs a terminal: run `{line}` there \
                     (copied); Myriad reloads the file when it is saved"
                ));
            }
            Launch::Run { program, args } => {
                let spawned = Command::new(&program)
                    .args(&args)
                    .arg(&path)
                    .stdin(Stdio::null())
                    .stdout(Stdio::null())
                    .stderr(Stdio::null())
                    .spawn();
                match spawned {
                    Ok(child) => {
                        self.say(format!("Opened {} with `{program}`", self.source.short()));
                        self.designer.editor = Some((child, program));
                    }
                    Err(e) => self.say(format!("Cannot start the editor `{program}`: {e}")),
                }
            }
        }
    }

    /// Writes the bundled file's text to the config folder's `rules/`, then plays on under the
    /// copy (the same rules, so the game goes on), watching it for changes.
    fn save_copy(&mut self) {
        let Origin::Bundled(name) = self.source.clone() else {
            return;
        };
        let Some(dir) = self.opts.config_dir.as_ref().map(|d| d.join("rules")) else {
            self.say("There is no config folder to save a copy in");
            return;
        };
        let Some((_, text)) = crate::rules::bundled().iter().find(|(n, _)| *n == name) else {
            return;
        };
        let path = free_copy_path(&dir, &name);
        let written = std::fs::create_dir_all(&dir).and_then(|_| std::fs::write(&path, text));
        if let Err(e) = written {
            self.say(format!("Cannot save a copy as {}: {e}", path.display()));
            return;
        }
        let path = std::fs::canonicalize(&path).unwrap_or(path);
        self.switch_source(Origin::File(path.clone()));
        // the same rules under the copy's name: the game goes on
        self.reload();
        self.say(format!(
            "Saved a copy as {}: edit it, and the game follows your changes",
            path.display()
        ));
    }
}

/// A path as a shell would need it typed: quoted when it has spaces or quotes.
fn shell_quote(p: &Path) -> String {
    let s = p.display().to_string();
    if s.chars()
        .all(|c| c.is_ascii_alphanumeric() || "/._-+~:".contains(c))
    {
        s
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(program: &str, args: &[&str]) -> Launch {
        Launch::Run {
            program: program.into(),
            args: args.iter().map(|a| a.to_string()).collect(),
        }
    }

    #[test]
    fn visual_comes_first_then_editor_then_the_desktop() {
        assert_eq!(
            choose_editor(Some("code --wait"), Some("gedit")),
            run("code", &["--wait"])
        );
        assert_eq!(choose_editor(None, Some("gedit")), run("gedit", &[]));
        assert_eq!(choose_editor(Some("  "), Some("kate")), run("kate", &[]));
        assert_eq!(choose_editor(None, None), desktop_default());
    }

    #[test]
    fn terminal_editors_are_named_not_run() {
        for cmd in [
            "vi",
            "/usr/bin/vim",
            "nano -w",
            "emacs -nw",
            "emacsclient -t",
            "nvim",
        ] {
            assert_eq!(
                choose_editor(Some(cmd), None),
                Launch::Terminal {
                    var: "VISUAL",
                    command: cmd.into()
                },
                "{cmd}"
            );
        }
        assert_eq!(
            choose_editor(None, Some("vim")),
            Launch::Terminal {
                var: "EDITOR",
                command: "vim".into()
            }
        );
        // plain emacs opens a window
        assert_eq!(choose_editor(Some("emacs"), None), run("emacs", &[]));
    }

    #[test]
    fn a_copy_never_overwrites_another() {
        let dir = std::env::temp_dir().join(format!("myriad-copy-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        assert_eq!(free_copy_path(&dir, "chess"), dir.join("chess.rules"));
        std::fs::write(dir.join("chess.rules"), "x").unwrap();
        assert_eq!(free_copy_path(&dir, "chess"), dir.join("chess-2.rules"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn paths_with_spaces_are_quoted_for_the_shell() {
        assert_eq!(shell_quote(Path::new("/a/b.rules")), "/a/b.rules");
        assert_eq!(
            shell_quote(Path::new("/a b/it's.rules")),
            r"'/a b/it'\''s.rules'"
        );
    }
}
