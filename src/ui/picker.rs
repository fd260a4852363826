//! The in-app file picker, for desktops without a native dialog (no portal, no zenity) and for
//! tests: a folder listing with the matching files, a path field, and a name field for saving.

use std::path::{Path, PathBuf};

use super::files::Purpose;

/// One entry of the listing.
#[derive(Clone, Debug)]
struct Entry {
    name: String,
    dir: bool,
}

/// The picker's state.
pub struct FilePicker {
    /// What it is for.
    pub purpose: Purpose,
    dir: PathBuf,
    entries: Vec<Entry>,
    all_files: bool,
    path_text: String,
    file_name: String,
    selected: Option<String>,
    error: Option<String>,
}

/// What the user did this frame.
pub enum PickerResult {
    /// Still choosing.
    Open,
    /// Closed without a choice.
    Cancelled,
    /// Chose this file.
    Chosen(PathBuf),
}

impl FilePicker {
    /// A picker starting in `dir` (the current directory when `None`).
    pub fn new(purpose: Purpose, dir: Option<PathBuf>) -> FilePicker {
        let dir = dir
            .filter(|d| d.is_dir())
            .or_else(|| std::env::current_dir().ok())
            .unwrap_or_else(|| PathBuf::from("/"));
        let mut p = FilePicker {
            purpose,
            dir: PathBuf::new(),
            entries: Vec::new(),
            all_files: false,
            path_text: String::new(),
            file_name: if purpose == Purpose::SavePgn {
                "game.pgn".into()
            } else {
                String::new()
            },
            selected: None,
            error: None,
        };
        p.go(&dir);
        p
    }

    fn go(&mut self, dir: &Path) {
        let dir = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
        match std::fs::read_dir(&dir) {
            Ok(rd) => {
                let ext = self.purpose.extension();
                let mut entries: Vec<Entry> = rd
                    .filter_map(|e| e.ok())
                    .filter_map(|e| {
                        let name = e.file_name().to_string_lossy().into_owned();
                        if name.starts_with('.') {
                            return None;
                        }
                        let dir = e.path().is_dir();
                        let matches = dir
                            || self.all_files
                            || Path::new(&name).extension().is_some_and(|x| x == ext);
                        matches.then_some(Entry { name, dir })
                    })
                    .collect();
                entries.sort_by(|a, b| {
                    b.dir
                        .cmp(&a.dir)
                        .then(a.name.to_lowercase().cmp(&b.name.to_lowercase()))
                });
                self.entries = entries;
                self.dir = dir;
                self.path_text = self.dir.display().to_string();
                self.selected = None;
                self.error = None;
            }
            Err(e) => self.error = Some(format!("cannot read `{}`: {e}", dir.display())),
        }
    }

    /// Draws the picker as a modal window.
    pub fn show(&mut self, ctx: &egui::Context) -> PickerResult {
        let mut result = None;
        let modal = egui::Modal::new(egui::Id::unique("myriad-file-picker")).show(ctx, |ui| {
            ui.set_width(520.0);
            ui.heading(self.purpose.title());
            result = self.path_row(ui);
            if let Some(e) = &self.error {
                ui.colored_label(ui.visuals().error_fg_color, e);
            }
            ui.separator();
            result = self.listing(ui).or(result.take());
            ui.separator();
            result = self.footer(ui).or(result.take());
        });
        match result {
            Some(r) => r,
            None if modal.should_close() => PickerResult::Cancelled,
            None => PickerResult::Open,
        }
    }

    /// Up, and the path field (Enter goes to a folder or chooses a file).
    fn path_row(&mut self, ui: &mut egui::Ui) -> Option<PickerResult> {
        let mut result = None;
        ui.horizontal(|ui| {
            if ui.button("Up").on_hover_text("Parent folder").clicked() {
                if let Some(p) = self.dir.parent().map(Path::to_path_buf) {
                    self.go(&p);
                }
            }
            let edit = ui.add(
                egui::TextEdit::singleline(&mut self.path_text)
                    .desired_width(f32::INFINITY)
                    .hint_text("folder or file path"),
            );
            edit.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, "Path"));
            if edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                let p = PathBuf::from(self.path_text.trim());
                if p.is_dir() {
                    self.go(&p);
                } else if p.is_file() || self.purpose == Purpose::SavePgn {
                    result = Some(PickerResult::Chosen(p));
                } else {
                    self.error = Some(format!("no such file or folder: `{}`", p.display()));
                }
            }
        });
        result
    }

    /// The folder's listing: a click selects a file or opens a folder, a double click chooses.
    fn listing(&mut self, ui: &mut egui::Ui) -> Option<PickerResult> {
        let mut result = None;
        let mut go_to = None;
        egui::ScrollArea::vertical()
            .max_height(300.0)
            .auto_shrink([false, false])
            .show(ui, |ui| {
                for e in &self.entries {
                    let label = if e.dir {
                        format!("{}/", e.name)
                    } else {
                        e.name.clone()
                    };
                    let sel = self.selected.as_deref() == Some(e.name.as_str());
                    let r = ui.selectable_label(sel, label);
                    if r.clicked() {
                        if e.dir {
                            go_to = Some(self.dir.join(&e.name));
                        } else {
                            self.selected = Some(e.name.clone());
                            if self.purpose == Purpose::SavePgn {
                                self.file_name = e.name.clone();
                            }
                        }
                    }
                    if r.double_clicked() && !e.dir {
                        result = Some(PickerResult::Chosen(self.dir.join(&e.name)));
                    }
                }
                if self.entries.is_empty() {
                    ui.weak(format!(
                        "no folders or .{} files here",
                        self.purpose.extension()
                    ));
                }
            });
        if let Some(d) = go_to {
            self.go(&d);
        }
        result
    }

    /// The file name (when saving), Show all files, Cancel and Open/Save.
    fn footer(&mut self, ui: &mut egui::Ui) -> Option<PickerResult> {
        let mut result = None;
        if self.purpose == Purpose::SavePgn {
            ui.horizontal(|ui| {
                ui.label("File name:");
                let r = ui.text_edit_singleline(&mut self.file_name);
                r.widget_info(|| {
                    egui::WidgetInfo::labeled(egui::Role::TextInput, true, "File name")
                });
            });
        }
        ui.horizontal(|ui| {
            if ui.checkbox(&mut self.all_files, "Show all files").changed() {
                let d = self.dir.clone();
                self.go(&d);
            }
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if ui.button("Cancel").clicked() {
                    result = Some(PickerResult::Cancelled);
                }
                let (label, target) = match self.purpose {
                    Purpose::SavePgn => (
                        "Save",
                        (!self.file_name.trim().is_empty())
                            .then(|| self.dir.join(self.file_name.trim())),
                    ),
                    _ => ("Open", self.selected.as_ref().map(|n| self.dir.join(n))),
                };
                if ui
                    .add_enabled(target.is_some(), egui::Button::new(label))
                    .clicked()
                {
                    result = target.map(PickerResult::Chosen).or(result.take());
                }
            });
        });
        result
    }
}
