//! The piece diagram of the Rules tab, as H. G. Muller's Interactive Diagram shows pieces on
//! chessvariants.com: an empty board of the game's size, the piece on one square (click
//! another to move it), and every square it reaches marked by kind: move only, capture only,
//! or both. The squares come from the game's own move generator ([`crate::position::reach`]),
//! so a designer sees what the game will play, not what the Betza string was meant to say.

use egui::{vec2, Color32, Rect, RichText, Sense, Stroke, Ui};

use crate::position::{reach, Reach};
use crate::types::{Color, Piece, Square};
use crate::variant::Variant;

use super::action::Action;
use super::designer::{DesignerAction, DiagramState};
use super::paint;

const LIGHT: Color32 = Color32::from_rgb(240, 217, 181);
const DARK: Color32 = Color32::from_rgb(181, 136, 99);
/// Move only: a green dot, as the board shows a quiet destination.
const MOVE: Color32 = Color32::from_rgb(40, 150, 60);
/// Capture only: a red ring with a cross.
const CAPTURE: Color32 = Color32::from_rgb(210, 45, 45);
/// Both: a blue disc.
const BOTH: Color32 = Color32::from_rgb(40, 100, 210);

/// What a square of the diagram is to the piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    MoveOnly,
    CaptureOnly,
    Both,
}

impl Kind {
    fn words(self) -> &'static str {
        match self {
            Kind::MoveOnly => "move only",
            Kind::CaptureOnly => "capture only",
            Kind::Both => "move and capture",
        }
    }
}

/// The square a diagram starts on: the middle of the board (d4 on 8x8, e4 on 10x8).
fn centre(v: &Variant) -> Square {
    let g = v.geometry();
    g.square((g.files - 1) / 2, (g.ranks - 1) / 2)
}

fn kind_of(r: &Reach, sq: Square) -> Option<Kind> {
    if r.both.contains(&sq) {
        Some(Kind::Both)
    } else if r.move_only.contains(&sq) {
        Some(Kind::MoveOnly)
    } else if r.capture_only.contains(&sq) {
        Some(Kind::CaptureOnly)
    } else {
        None
    }
}

/// Draws the diagram of `d` (its role, square and colour) as wide as the panel allows.
pub(super) fn show(ui: &mut Ui, v: &Variant, d: DiagramState, out: &mut Vec<Action>) {
    if d.role.index() >= v.role_count() {
        return;
    }
    let g = v.geometry();
    let from = d
        .square
        .filter(|s| s.index() < g.len())
        .unwrap_or(centre(v));
    let piece = Piece {
        color: d.color,
        role: d.role,
    };
    let r = reach(v, piece, from);
    let name = &v.role(d.role).name;
    ui.horizontal(|ui| {
        for c in Color::ALL {
            if ui
                .selectable_label(d.color == c, format!("{c} piece"))
                .on_hover_text(format!("Show a {c} {name}: its forward is {c}'s"))
                .clicked()
            {
                out.push(Action::Designer(DesignerAction::DiagramColor(c)));
            }
        }
        if ui.small_button("Close").clicked() {
            out.push(Action::Designer(DesignerAction::CloseDiagram));
        }
    });
    let sz = ((ui.available_width() - 4.0) / g.files as f32).clamp(14.0, 40.0);
    let (board, _) = ui.allocate_exact_size(
        vec2(sz * g.files as f32, sz * g.ranks as f32),
        Sense::hover(),
    );
    let painter = ui.painter_at(board);
    for sq in g.squares() {
        // White at the bottom, as on the board
        let x = board.min.x + g.file(sq) as f32 * sz;
        let y = board.max.y - (g.rank(sq) as f32 + 1.0) * sz;
        let rect = Rect::from_min_size(egui::pos2(x, y), vec2(sz, sz));
        painter.rect_filled(rect, 0.0, if g.is_light(sq) { LIGHT } else { DARK });
        let kind = kind_of(&r, sq);
        if let Some(k) = kind {
            mark(&painter, rect, k);
        }
        if sq == from {
            paint::paint_piece(&painter, v, piece, rect, 1.0);
        }
        coordinates(&painter, v, sq, rect);
        let resp = ui.interact(
            rect,
            egui::Id::unique("myriad-diagram").with(sq.0),
            Sense::click(),
        );
        let label = match kind {
            _ if sq == from => format!("diagram {}: {name}", g.name(sq)),
            Some(k) => format!("diagram {}: {}", g.name(sq), k.words()),
            None => format!("diagram {}", g.name(sq)),
        };
        resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
        if resp.clicked() && sq != from {
            out.push(Action::Designer(DesignerAction::DiagramSquare(sq)));
        }
    }
    ui.weak(format!(
        "{name} on {}: {} squares. Click a square to move it there.",
        g.name(from),
        r.len()
    ));
    legend(ui);
}

/// The rank number on the a-file and the file letter on the first rank, as on the board, so
/// a designer can name the squares.
fn coordinates(painter: &egui::Painter, v: &Variant, sq: Square, rect: Rect) {
    let g = v.geometry();
    let font = egui::FontId::proportional((rect.width() * 0.28).clamp(8.0, 12.0));
    let ink = if g.is_light(sq) { DARK } else { LIGHT };
    if g.file(sq) == 0 {
        let text = (g.rank(sq) + 1).to_string();
        let at = rect.left_top() + vec2(2.0, 1.0);
        painter.text(at, egui::Align2::LEFT_TOP, text, font.clone(), ink);
    }
    if g.rank(sq) == 0 {
        let text = crate::types::Geometry::file_char(g.file(sq));
        let at = rect.right_bottom() - vec2(2.0, 1.0);
        painter.text(at, egui::Align2::RIGHT_BOTTOM, text, font, ink);
    }
}

/// The mark of a square's kind: a dot to move to, a crossed ring to capture on, a disc for both.
fn mark(painter: &egui::Painter, rect: Rect, k: Kind) {
    let c = rect.center();
    let sz = rect.width();
    match k {
        Kind::MoveOnly => {
            painter.circle_filled(c, sz * 0.16, MOVE);
        }
        Kind::CaptureOnly => {
            let s = Stroke::new((sz * 0.08).max(1.5), CAPTURE);
            painter.circle_stroke(c, sz * 0.36, s);
            let d = sz * 0.17;
            painter.line_segment([c + vec2(-d, -d), c + vec2(d, d)], s);
            painter.line_segment([c + vec2(-d, d), c + vec2(d, -d)], s);
        }
        Kind::Both => {
            painter.circle_filled(c, sz * 0.3, BOTH);
            painter.circle_stroke(c, sz * 0.3, Stroke::new(1.0, Color32::WHITE));
        }
    }
}

/// What the marks mean.
fn legend(ui: &mut Ui) {
    ui.horizontal_wrapped(|ui| {
        for k in [Kind::MoveOnly, Kind::CaptureOnly, Kind::Both] {
            let (rect, _) = ui.allocate_exact_size(vec2(18.0, 18.0), Sense::hover());
            ui.painter().rect_filled(rect, 2.0, LIGHT);
            mark(ui.painter(), rect, k);
            ui.label(RichText::new(k.words()).small());
            ui.add_space(6.0);
        }
    });
}
