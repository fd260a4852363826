//! The side panel's Rules tab: the game's description, its board and pieces (each drawn, with
//! its Betza notation in words), and the full summary `myriad check` prints.

use egui::{RichText, Ui};

use crate::types::{Color, Piece, Role};
use crate::variant::Variant;

use super::app::MyriadApp;
use super::paint;

impl MyriadApp {
    pub(super) fn rules_tab(&self, ui: &mut Ui) {
        let v = self.variant();
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .show(ui, |ui| {
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
                for r in v.roles() {
                    piece_row(ui, v, r);
                    ui.add_space(4.0);
                }
                ui.add_space(6.0);
                ui.collapsing("Full summary", |ui| {
                    ui.monospace(crate::rules::summary(v));
                });
            });
    }
}

/// One piece: its picture, name, letter, value, movement and promotions.
fn piece_row(ui: &mut Ui, v: &Variant, r: Role) {
    let def = v.role(r);
    ui.horizontal_top(|ui| {
        let (rect, _) = ui.allocate_exact_size(egui::vec2(40.0, 40.0), egui::Sense::hover());
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
            ui.label(RichText::new(title).strong());
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
