//! The side panel's Rules tab: the game's description, its board and pieces (each drawn, with
//! its Betza notation in words; clicking one shows its diagram), the rules file's source with
//! its diagnostics in place and a way to edit it, and the full summary `myriad check` prints.

use egui::{RichText, Ui};

use crate::types::{Color, Piece, Role};
use crate::variant::{Origin, Variant};

use super::action::Action;
use super::app::MyriadApp;
use super::designer::DesignerAction;
use super::{diagram, paint, source_view};

impl MyriadApp {
    pub(super) fn rules_tab(&self, ui: &mut Ui, out: &mut Vec<Action>) {
        let v = self.variant();
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .show(ui, |ui| {
                self.edit_buttons(ui, out);
                if !v.description().is_empty() {
                    ui.label(v.description());
                }
                if !v.source().is_empty() {
                    ui.add_space(4.0);
                    ui.label(RichText::new(format!("Source: {}", v.source())).italics());
                }
                ui.add_space(6.0);
                let g = v.geometry();
                ui.label(format!("Board: {} × {}", g.files, g.ranks));
                ui.add_space(6.0);
                ui.label(RichText::new("Pieces").strong());
                ui.weak("Click a piece to see where it moves and captures.");
                let shown = self.designer.diagram;
                for r in v.roles() {
                    let open = shown.filter(|d| d.role == r);
                    piece_row(ui, v, r, open.is_some(), out);
                    if let Some(d) = open {
                        let shown = ui.vertical(|ui| diagram::show(ui, v, d, out)).response;
                        // just opened: the whole diagram and its legend come into sight
                        if self.designer.diagram_new.take() {
                            ui.scroll_to_rect(shown.rect, None);
                        }
                    }
                    ui.add_space(4.0);
                }
                ui.add_space(6.0);
                self.source_section(ui);
                ui.collapsing("Full summary", |ui| {
                    ui.monospace(crate::rules::summary(v));
                });
            });
    }

    /// "Open in editor" for a file; "Save a copy to edit" for a bundled (read-only) one.
    fn edit_buttons(&self, ui: &mut Ui, out: &mut Vec<Action>) {
        ui.horizontal(|ui| match &self.source {
            Origin::File(_) => {
                if ui
                    .button("Open in editor")
                    .on_hover_text(
                        "Edit the rules file in $VISUAL, $EDITOR or the desktop's default \
                         editor; Myriad reloads it when it is saved",
                    )
                    .clicked()
                {
                    out.push(Action::Designer(DesignerAction::OpenInEditor));
                }
            }
            Origin::Bundled(_) => {
                if ui
                    .button("Save a copy to edit")
                    .on_hover_text(
                        "A bundled file is read-only: save a copy in the config folder, \
                         play on under it and edit it",
                    )
                    .clicked()
                {
                    out.push(Action::Designer(DesignerAction::SaveCopy));
                }
            }
        });
        ui.add_space(4.0);
    }

    /// The rules file's text with line numbers and its diagnostics in place; a jump to a line
    /// opens it and scrolls to the line.
    fn source_section(&self, ui: &mut Ui) {
        let Some(src) = &self.designer.source else {
            return;
        };
        let pending = self.designer.jump.get();
        let (errors, warnings) = src
            .here
            .iter()
            .chain(&src.elsewhere)
            .fold((0, 0), |(e, w), d| {
                if d.is_warning() {
                    (e, w + 1)
                } else {
                    (e + 1, w)
                }
            });
        let mut title = format!("Source: {}", self.source.short());
        for (n, word) in [(errors, "error"), (warnings, "warning")] {
            if n > 0 {
                title.push_str(&format!(", {n} {word}{}", if n == 1 { "" } else { "s" }));
            }
        }
        let shown = egui::CollapsingHeader::new(title)
            .id_salt("myriad-source")
            .open(pending.map(|_| true))
            .show(ui, |ui| source_view::show(ui, src, pending));
        // the jump is done once its line was scrolled to with the section fully open (while
        // it opens, the scroll area is not yet as tall as it will be)
        if pending.is_some() {
            if shown.fully_open() && shown.body_returned == Some(true) {
                self.designer.jump.set(None);
            } else {
                ui.ctx().request_repaint();
            }
        }
    }
}

/// One piece: its picture, name, letter, value, movement and promotions. Clicking its picture
/// or its name shows (or hides) its diagram.
fn piece_row(ui: &mut Ui, v: &Variant, r: Role, open: bool, out: &mut Vec<Action>) {
    let def = v.role(r);
    let toggle = if open {
        DesignerAction::CloseDiagram
    } else {
        DesignerAction::ShowDiagram(r)
    };
    ui.horizontal_top(|ui| {
        let (rect, pic) = ui.allocate_exact_size(egui::vec2(40.0, 40.0), egui::Sense::click());
        if pic.clicked() {
            out.push(Action::Designer(toggle.clone()));
        }
        let white = Piece {
            color: Color::White,
            role: r,
        };
        paint::paint_piece(ui.painter(), v, white, rect, 1.0);
        ui.vertical(|ui| {
            let mut title = format!("{} ({})", def.name, def.letter);
            if def.royal {
                title.push_str(", royal");
            }
            if let Some(val) = def.value {
                title.push_str(&format!(", value {val}"));
            }
            if ui
                .selectable_label(open, RichText::new(title).strong())
                .on_hover_text("Show where it moves and captures")
                .clicked()
            {
                out.push(Action::Designer(toggle.clone()));
            }
            ui.horizontal_wrapped(|ui| {
                ui.monospace(&def.betza).on_hover_text("Betza notation");
                ui.label(describe_betza(&def.betza));
            });
            if let Some(p) = &def.promotion {
                let to: Vec<String> = p.choices.iter().map(|c| v.role(*c).name.clone()).collect();
                ui.weak(format!("promotes to {}", to.join(", ")));
            }
        });
    });
}

/// A few words for common Betza strings; the notation itself is shown beside it.
fn describe_betza(b: &str) -> String {
    match b {
        "K" => "one step in any direction".into(),
        "Q" => "any distance along ranks, files and diagonals".into(),
        "R" => "any distance along ranks and files".into(),
        "B" => "any distance along diagonals".into(),
        "N" => "leaps two squares one way and one the other".into(),
        "fmWfceFifmnD" => "one step forward, two from its first rank; captures diagonally forward, also en passant".into(),
        "BN" => "bishop + knight".into(),
        "RN" => "rook + knight".into(),
        "QN" => "queen + knight".into(),
        _ => format!("moves as `{b}` in Betza notation"),
    }
}
