//! Arrows and circles on the board: the user's own (drawn with the right button, as on
//! lichess) and the analysis's (the best move). The board paints whatever [`Mark`]s its view
//! carries, above the pieces; who makes them is not its business.

use egui::{pos2, Color32, Painter, Response, Shape, Stroke, Ui};

use crate::types::Square;
use crate::variant::Variant;

use super::board::{BoardState, BoardView, Layout};

/// What a mark means, which decides its colour (lichess's: green for the user's plain marks,
/// red with Shift, blue with Ctrl, yellow with Alt; the analysis's best move in its own blue).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkKind {
    /// The user's mark, no modifier.
    Green,
    /// The user's mark with Shift.
    Red,
    /// The user's mark with Ctrl.
    Blue,
    /// The user's mark with Alt.
    Yellow,
    /// The analysis's best move.
    Best,
    /// The analysis's other lines (MultiPV), fainter.
    Line,
}

impl MarkKind {
    fn color(self) -> Color32 {
        match self {
            MarkKind::Green => Color32::from_rgba_unmultiplied(21, 120, 27, 170),
            MarkKind::Red => Color32::from_rgba_unmultiplied(136, 32, 32, 170),
            MarkKind::Blue => Color32::from_rgba_unmultiplied(0, 48, 136, 170),
            MarkKind::Yellow => Color32::from_rgba_unmultiplied(230, 143, 0, 170),
            MarkKind::Best => Color32::from_rgba_unmultiplied(0, 90, 200, 190),
            MarkKind::Line => Color32::from_rgba_unmultiplied(0, 90, 200, 90),
        }
    }
}

/// One mark on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// An arrow from one square to another.
    Arrow {
        /// Where the arrow starts.
        from: Square,
        /// Where it points.
        to: Square,
        /// Its meaning (colour).
        kind: MarkKind,
    },
    /// A ring around a square.
    Circle {
        /// The square.
        sq: Square,
        /// Its meaning (colour).
        kind: MarkKind,
    },
}

/// Paints the marks above the pieces.
pub(super) fn paint(painter: &Painter, v: &Variant, layout: &Layout, marks: &[Mark]) {
    let sz = layout.size();
    for m in marks {
        match *m {
            Mark::Circle { sq, kind } => {
                let r = layout.rect(v, sq);
                painter.circle_stroke(r.center(), sz * 0.46, Stroke::new(sz * 0.07, kind.color()));
            }
            Mark::Arrow { from, to, kind } => {
                arrow(painter, layout, v, from, to, kind.color(), sz);
            }
        }
    }
}

/// An arrow as lichess draws it: a thick shaft from the centre of `from`, a head ending just
/// short of the centre of `to`.
fn arrow(
    painter: &Painter,
    layout: &Layout,
    v: &Variant,
    from: Square,
    to: Square,
    color: Color32,
    sz: f32,
) {
    let a = layout.rect(v, from).center();
    let b = layout.rect(v, to).center();
    let d = b - a;
    let len = d.length();
    if len < 1.0 {
        return;
    }
    let dir = d / len;
    let normal = egui::vec2(-dir.y, dir.x);
    let head_len = sz * 0.45;
    let head_half = sz * 0.28;
    let shaft_half = sz * 0.09;
    let tip = b - dir * (sz * 0.12);
    let base = tip - dir * head_len;
    let start = a + dir * (sz * 0.2);
    if (base - start).dot(dir) > 0.0 {
        painter.add(Shape::convex_polygon(
            vec![
                start + normal * shaft_half,
                base + normal * shaft_half,
                base - normal * shaft_half,
                start - normal * shaft_half,
            ],
            color,
            Stroke::NONE,
        ));
    }
    painter.add(Shape::convex_polygon(
        vec![
            base + normal * head_half,
            tip,
            base - normal * head_half,
            pos2(base.x, base.y),
        ],
        color,
        Stroke::NONE,
    ));
}

/// The kind of mark the modifiers held choose, as on lichess: plain green, Shift (or Ctrl) red,
/// Alt blue, both yellow.
pub(super) fn mark_kind(ui: &Ui) -> MarkKind {
    let m = ui.input(|i| i.modifiers);
    match (m.shift || m.ctrl || m.command, m.alt) {
        (false, false) => MarkKind::Green,
        (true, false) => MarkKind::Red,
        (false, true) => MarkKind::Blue,
        (true, true) => MarkKind::Yellow,
    }
}

/// The right button draws: a click rings a square, a drag draws an arrow (the same mark again
/// takes it away); a right click also cancels a premove. A left click clears the marks.
pub(super) fn mark_gestures(
    ui: &Ui,
    view: &BoardView<'_>,
    state: &mut BoardState,
    layout: &Layout,
    responses: &[(Square, Response)],
) {
    let v = view.variant;
    let toggle = |state: &mut BoardState, m: Mark| {
        if let Some(i) = state.user_marks.iter().position(|x| same_place(x, &m)) {
            let old = state.user_marks.remove(i);
            if old == m {
                return;
            }
        }
        state.user_marks.push(m);
    };
    for (sq, resp) in responses {
        if resp.drag_started_by(egui::PointerButton::Secondary) {
            state.drawing = Some(*sq);
        }
        // (a right click on a premove only cancels it)
        if resp.secondary_clicked() && state.premove.take().is_none() {
            let kind = mark_kind(ui);
            toggle(state, Mark::Circle { sq: *sq, kind });
        }
        if resp.clicked() {
            state.user_marks.clear();
        }
    }
    let released = ui.input(|i| i.pointer.button_released(egui::PointerButton::Secondary));
    if let (Some(from), true) = (state.drawing, released) {
        state.drawing = None;
        let at = ui
            .input(|i| i.pointer.latest_pos())
            .and_then(|p| layout.square_at(v, p));
        let kind = mark_kind(ui);
        if state.premove.take().is_some() {
            return;
        }
        match at {
            Some(to) if to != from => toggle(state, Mark::Arrow { from, to, kind }),
            Some(_) => toggle(state, Mark::Circle { sq: from, kind }),
            None => {}
        }
    }
}

/// Do two marks sit in the same place (whatever their colour)?
fn same_place(a: &Mark, b: &Mark) -> bool {
    match (a, b) {
        (Mark::Circle { sq: x, .. }, Mark::Circle { sq: y, .. }) => x == y,
        (
            Mark::Arrow {
                from: f1, to: t1, ..
            },
            Mark::Arrow {
                from: f2, to: t2, ..
            },
        ) => f1 == f2 && t1 == t2,
        _ => false,
    }
}
