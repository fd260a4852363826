//! Painting the board: squares in the chosen theme, coordinates, pieces (the chosen SVG set;
//! fairy pieces as their orthodox parts combined: `pieces.rs`), and the marks of the user's gestures (selection, destinations,
//! castling and swap previews, the dragged piece). Input is handled in `board.rs`.

use egui::{
    vec2, Align2, Color32, FontId, Id, LayerId, Order, Painter, Pos2, Rect, Stroke, StrokeKind, Ui,
};

use crate::position::AnyPosition;
use crate::types::{Move, MoveKind, Piece, Square};
use crate::variant::Variant;

use super::board::{BoardView, Layout};
use super::pieces;

const LAST_MOVE: Color32 = Color32::from_rgba_unmultiplied_const(155, 199, 0, 105);
const SELECTED: Color32 = Color32::from_rgba_unmultiplied_const(20, 85, 30, 128);
const DEST: Color32 = Color32::from_rgba_unmultiplied_const(20, 85, 30, 128);
const SETUP_RING: Color32 = Color32::from_rgb(224, 170, 20);
const RELOCATEE: Color32 = Color32::from_rgba_unmultiplied_const(30, 100, 200, 170);
const CASTLE_RING: Color32 = Color32::from_rgb(40, 110, 200);
/// The squares a piece wins by reaching: a golden tint and an inner frame, light enough to
/// leave the last move's and the check's marks readable on top.
const GOAL_FILL: Color32 = Color32::from_rgba_unmultiplied_const(240, 190, 40, 70);
const GOAL_EDGE: Color32 = Color32::from_rgba_unmultiplied_const(200, 140, 0, 200);

/// What the user's gestures put on the board this frame.
pub(super) struct Marks<'a> {
    /// The selected square.
    pub selected: Option<Square>,
    /// The square a piece is dragged from, and where the pointer is.
    pub dragged: Option<(Square, Pos2)>,
    /// The selected piece's destinations and the moves each stands for.
    pub targets: &'a [(Square, Vec<Move>)],
    /// The square under the pointer.
    pub hover: Option<Square>,
    /// The squares from which a gesture starts.
    pub movable: &'a [Square],
}

/// Paints the whole board (the promotion chooser aside).
pub(super) fn board(
    ui: &Ui,
    painter: &Painter,
    view: &BoardView<'_>,
    layout: &Layout,
    marks: &Marks<'_>,
    board_id: Id,
) {
    let v = view.variant;
    let sz = layout.size();
    super::tokens::set_flipped(ui.ctx(), view.flipped);
    paint_squares(painter, v, view, layout);
    // Setup phase: the pieces that may relocate glow while nothing is selected.
    if view.setup && marks.selected.is_none() {
        for &sq in marks.movable {
            let r = layout.rect(v, sq).shrink(sz * 0.04);
            painter.rect_stroke(
                r,
                sz * 0.1,
                Stroke::new(sz * 0.06, SETUP_RING),
                StrokeKind::Inside,
            );
        }
    }
    if let Some(s) = marks.selected {
        let r = layout.rect(v, s);
        if v.board_drawing().points {
            painter.circle_filled(r.center(), sz * 0.46, SELECTED);
        } else {
            painter.rect_filled(r, 0.0, SELECTED);
        }
    }
    let preview = preview(painter, view, layout, marks);
    let drag_from = marks.dragged.map(|(from, _)| from);
    for sq in v.geometry().squares() {
        let Some(p) = view.pos.piece_at(sq) else {
            continue;
        };
        if preview.swapped.contains(&sq) {
            continue;
        }
        let alpha = if drag_from == Some(sq) || preview.hidden.contains(&sq) {
            0.3
        } else {
            1.0
        };
        paint_piece(painter, v, p, layout.rect(v, sq), alpha);
    }
    for (sq, p) in &preview.ghosts {
        paint_piece(painter, v, *p, layout.rect(v, *sq), 0.55);
    }
    destinations(painter, view, layout, marks);
    // The dragged piece follows the pointer, above everything.
    if let Some((from, pos)) = marks.dragged {
        if let Some(p) = view.pos.piece_at(from) {
            let top = ui
                .ctx()
                .layer_painter(LayerId::new(Order::Foreground, board_id.with("drag")));
            paint_piece(
                &top,
                v,
                p,
                Rect::from_center_size(pos, vec2(sz, sz) * 1.1),
                1.0,
            );
        }
    }
}

/// A castling or swap preview under the pointer.
#[derive(Default)]
struct Preview {
    /// Pieces shown faintly where they would land.
    ghosts: Vec<(Square, Piece)>,
    /// Pieces shown faded (the castling king and rook where they stand).
    hidden: Vec<Square>,
    /// The two squares of a previewed swap, which show only the swapped pieces.
    swapped: Vec<Square>,
}

/// Castling and swap previews: where the king and rook would land (with an arrow for the rook),
/// or the relocating piece and its relocatee after the swap.
fn preview(painter: &Painter, view: &BoardView<'_>, layout: &Layout, marks: &Marks<'_>) -> Preview {
    let v = view.variant;
    let sz = layout.size();
    let mut out = Preview::default();
    let Some(h) = marks.hover else {
        return out;
    };
    let Some((_, ms)) = marks.targets.iter().find(|(s, _)| *s == h) else {
        return out;
    };
    if let Some(m) = ms.iter().find(|m| m.kind == MoveKind::Swap) {
        if let (Some(a), Some(b)) = (view.pos.piece_at(m.from), view.pos.piece_at(m.to)) {
            out.ghosts.push((m.to, a));
            out.ghosts.push((m.from, b));
            out.swapped.push(m.from);
            out.swapped.push(m.to);
        }
    }
    if let Some(c) = ms.iter().find(|m| m.kind == MoveKind::Castle) {
        let (kt, rt) = view.pos.castle_targets(v, c.from, c.to);
        if let (Some(k), Some(r)) = (view.pos.piece_at(c.from), view.pos.piece_at(c.to)) {
            out.ghosts.push((kt, k));
            out.ghosts.push((rt, r));
            out.hidden.push(c.from);
            out.hidden.push(c.to);
            let a = layout.rect(v, c.to).center();
            let b = layout.rect(v, rt).center();
            painter.arrow(
                a,
                b - a,
                Stroke::new(sz * 0.08, CASTLE_RING.gamma_multiply(0.7)),
            );
        }
    }
    out
}

/// The selected piece's destinations: dots, rings on captures, castling and swap marks.
fn destinations(painter: &Painter, view: &BoardView<'_>, layout: &Layout, marks: &Marks<'_>) {
    let v = view.variant;
    let sz = layout.size();
    for (sq, ms) in marks.targets {
        let r = layout.rect(v, *sq);
        let hovered = marks.hover == Some(*sq);
        let castle = ms.iter().any(|m| m.kind == MoveKind::Castle);
        let swap = ms.iter().any(|m| m.kind == MoveKind::Swap);
        if hovered {
            painter.rect_filled(r, 0.0, DEST.gamma_multiply(0.5));
        }
        if swap {
            painter.rect_stroke(
                r.shrink(sz * 0.04),
                sz * 0.1,
                Stroke::new(sz * 0.07, RELOCATEE),
                StrokeKind::Inside,
            );
        } else if castle {
            painter.circle_stroke(r.center(), sz * 0.42, Stroke::new(sz * 0.06, CASTLE_RING));
        } else if view.pos.piece_at(*sq).is_some() {
            painter.circle_stroke(r.center(), sz * 0.44, Stroke::new(sz * 0.08, DEST));
        } else {
            painter.circle_filled(r.center(), sz * 0.15, DEST);
        }
    }
}

/// The squares highlighted as the last move: where it went from and to; for castling (written
/// king-takes-rook) where the king and the rook went; none for a pass.
pub(super) fn last_move_squares(v: &Variant, pos: &AnyPosition, m: Option<Move>) -> Vec<Square> {
    match m {
        Some(m) if m.kind == MoveKind::Castle => {
            let (king, rook) = pos.castle_targets(v, m.from, m.to);
            vec![king, rook]
        }
        Some(m) if m.kind != MoveKind::Pass => vec![m.from, m.to],
        _ => vec![],
    }
}

/// The squares: colours, the last move, a king in check, the coordinates.
fn paint_squares(painter: &Painter, v: &Variant, view: &BoardView<'_>, layout: &Layout) {
    let g = v.geometry();
    let sz = layout.size();
    let last = last_move_squares(v, view.pos, view.last_move);
    let coord_font = FontId::proportional((sz * 0.2).clamp(9.0, 16.0));
    let (light_sq, dark_sq) = pieces::style(painter.ctx()).theme.squares();
    // A board of points (Xiangqi): lines instead of squares; marks become discs on the points.
    let drawing = v.board_drawing();
    if drawing.points {
        super::points::paint(painter, v, layout, &drawing);
    }
    let mark = |r: Rect, fill: Color32| {
        if drawing.points {
            painter.circle_filled(r.center(), sz * 0.46, fill);
        } else {
            painter.rect_filled(r, 0.0, fill);
        }
    };
    for sq in g.squares() {
        let r = layout.rect(v, sq);
        let light = g.is_light(sq);
        if !drawing.points {
            painter.rect_filled(r, 0.0, if light { light_sq } else { dark_sq });
        }
        if view.goals.contains(&sq) {
            painter.rect_filled(r, 0.0, GOAL_FILL);
            painter.rect_stroke(
                r.shrink(sz * 0.03),
                0.0,
                Stroke::new(sz * 0.035, GOAL_EDGE),
                StrokeKind::Inside,
            );
        }
        if last.contains(&sq) {
            mark(r, LAST_MOVE);
        }
        if view.check == Some(sq) {
            // a red glow around the king in check
            for (k, a) in [(0.5, 60u8), (0.4, 90), (0.3, 140)] {
                painter.circle_filled(
                    r.center(),
                    sz * k,
                    Color32::from_rgba_unmultiplied(230, 20, 20, a),
                );
            }
        }
        // Coordinates inside the edge squares, in the other square colour.
        let (x, y) = layout.cell(v, sq);
        let ink = match (drawing.points, light) {
            (true, _) => super::points::LINE,
            (false, true) => dark_sq,
            (false, false) => light_sq,
        };
        if y as u8 == layout.ranks - 1 {
            let file = crate::types::Geometry::file_char(g.file(sq)).to_string();
            painter.text(
                r.right_bottom() + vec2(-sz * 0.06, -sz * 0.02),
                Align2::RIGHT_BOTTOM,
                file,
                coord_font.clone(),
                ink,
            );
        }
        if x == 0.0 {
            let rank = (g.rank(sq) + 1).to_string();
            painter.text(
                r.left_top() + vec2(sz * 0.05, sz * 0.03),
                Align2::LEFT_TOP,
                rank,
                coord_font.clone(),
                ink,
            );
        }
    }
}

/// Paints a piece into a square: the one piece painter, used by the board, the promotion
/// chooser, the hands and the rules tab. The figures come from the piece set the user chose
/// (see `pieces.rs`); a fairy piece shows the orthodox pieces its moves combine.
pub fn paint_piece(painter: &Painter, v: &Variant, p: Piece, r: Rect, alpha: f32) {
    pieces::paint(painter, v.role(p.role), p.color, r, alpha);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn castling_highlights_where_king_and_rook_went() {
        let v = crate::rules::load("chess960").unwrap();
        // king f1, rook a1: O-O-O puts the king on c1 and the rook on d1
        let fen = "r4k1r/8/8/8/8/8/8/R4K1R w HAha - 0 1";
        let mut g = Game::from_fen(v.clone(), fen).unwrap();
        let m = g.parse_move("O-O-O").unwrap();
        g.play(m).unwrap();
        let g8 = v.geometry();
        let names: Vec<String> = last_move_squares(&v, g.position(), Some(m))
            .into_iter()
            .map(|s| g8.name(s))
            .collect();
        assert_eq!(names, ["c1", "d1"]);
        let quiet = Move::normal(
            g8.parse_square("a8").unwrap(),
            g8.parse_square("a7").unwrap(),
        );
        let names: Vec<String> = last_move_squares(&v, g.position(), Some(quiet))
            .into_iter()
            .map(|s| g8.name(s))
            .collect();
        assert_eq!(names, ["a8", "a7"]);
        assert!(last_move_squares(&v, g.position(), Some(Move::PASS)).is_empty());
    }
}
