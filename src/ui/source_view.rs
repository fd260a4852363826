//! The Rules tab's view of the rules file: its text with line numbers, and each diagnostic
//! (error or warning) in place under its line, with a caret at its column, the way
//! `myriad check` prints it. A jump (from the problems' details) scrolls to its line.

use egui::{Color32, RichText, Ui};

use crate::rules::{Diagnostic, Severity};

use super::action::Action;
use super::app::{MyriadApp, Problems};
use super::designer::{DesignerAction, SourceText};

/// The colour of `help:` lines, as in the problems' details.
const HELP: Color32 = Color32::from_rgb(90, 170, 255);

impl MyriadApp {
    /// In the problems' details: a button that shows the first problem's line in the Rules
    /// tab's source view, when the problem is in the open file.
    pub(super) fn show_in_source_button(&self, ui: &mut Ui, p: &Problems, out: &mut Vec<Action>) {
        let here = self.source.display();
        let Some(d) = p.diagnostics.iter().find(|d| d.file == here && d.line > 0) else {
            return;
        };
        if ui
            .button(format!("Show line {} in the Rules tab", d.line))
            .on_hover_text("The file's text, with every problem under its line")
            .clicked()
        {
            out.push(Action::Designer(DesignerAction::JumpToLine(d.line)));
        }
    }
}

/// Draws `src`; scrolls to `jump` (a line number) when given, and says whether it did.
pub(super) fn show(ui: &mut Ui, src: &SourceText, jump: Option<usize>) -> bool {
    if let Some(why) = &src.unreadable {
        ui.colored_label(
            ui.visuals().error_fg_color,
            format!("Cannot read the file: {why}"),
        );
        return true;
    }
    let mut target = None;
    for d in &src.elsewhere {
        ui.label(
            RichText::new(format!(
                "{}: {} (in {}:{})",
                d.severity.word(),
                d.message,
                d.file,
                d.line
            ))
            .color(colour(ui, d.severity))
            .monospace(),
        );
    }
    let lines: Vec<&str> = src.text.lines().collect();
    let width = lines.len().max(1).to_string().len();
    egui::ScrollArea::horizontal()
        .id_salt("myriad-source")
        .show(ui, |ui| {
            ui.spacing_mut().item_spacing.y = 0.0;
            for (i, line) in lines.iter().enumerate() {
                let n = i + 1;
                let marks: Vec<&Diagnostic> = src.here.iter().filter(|d| d.line == n).collect();
                let text = format!("{n:>width$} │ {line}");
                let mut rich = RichText::new(text).monospace();
                if let Some(d) = marks.first() {
                    rich = rich.background_color(colour(ui, d.severity).gamma_multiply(0.18));
                }
                let resp = ui.add(egui::Label::new(rich).extend());
                if jump == Some(n) {
                    target = Some(resp.rect);
                }
                for d in marks {
                    under_line(ui, d, width);
                }
            }
        });
    // Scrolled from out here: a scroll area takes both directions' targets, so the
    // horizontal one around the text would swallow the vertical scroll the tab needs.
    if let Some(r) = target {
        ui.scroll_to_rect(r, Some(egui::Align::Center));
    }
    // a line past the end (the file got shorter) is no jump to wait for
    jump.is_none() || target.is_some() || jump.is_some_and(|n| n > lines.len())
}

/// A diagnostic under its line: carets under its span, then its message, help and notes,
/// each wrapped to the panel and indented past the line numbers.
fn under_line(ui: &mut Ui, d: &Diagnostic, width: usize) {
    let colour = colour(ui, d.severity);
    // the gutter (`12 │ `) and the columns before the span
    let pad = " ".repeat(width + 3 + d.column.saturating_sub(1));
    let carets = "^".repeat(d.span_len.max(1));
    let mono = |t: String| RichText::new(t).monospace();
    ui.add(egui::Label::new(mono(format!("{pad}{carets}")).color(colour)).extend());
    let message = format!("{}: {}", d.severity.word(), d.message);
    indented(ui, width, mono(message).color(colour));
    if let Some(h) = &d.help {
        indented(ui, width, mono(format!("= help: {h}")).color(HELP));
    }
    for note in &d.notes {
        let text = format!("note: {} (line {})", note.message, note.line);
        indented(ui, width, mono(text).weak());
    }
}

/// A wrapped line of text that starts where the source text does, past the line numbers.
fn indented(ui: &mut Ui, width: usize, text: RichText) {
    let font = egui::TextStyle::Monospace.resolve(ui.style());
    // a monospace cell is about 0.6 of the font size wide
    let gutter = font.size * 0.6 * (width + 3) as f32;
    let margin = egui::Margin {
        left: gutter.min(120.0) as i8,
        ..egui::Margin::ZERO
    };
    // wrapped where the panel ends, not where the longest source line does
    let visible = (ui.clip_rect().right() - ui.cursor().left() - gutter).max(80.0);
    egui::Frame::new().inner_margin(margin).show(ui, |ui| {
        ui.set_max_width(visible);
        ui.add(egui::Label::new(text).wrap());
    });
}

fn colour(ui: &Ui, s: Severity) -> Color32 {
    match s {
        Severity::Error => ui.visuals().error_fg_color,
        Severity::Warning => ui.visuals().warn_fg_color,
        Severity::Note => ui.visuals().weak_text_color(),
    }
}
