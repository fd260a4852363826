//! A board of points (Xiangqi): the pieces stand on the crossings of lines, not in squares. The
//! lines join the centres of the squares the rules file gives, so everything else (moves,
//! highlights, dragging) keeps working on the same squares; a river breaks the files between
//! two ranks, and palaces get their diagonals.

use egui::{Align2, Color32, FontId, Painter, Pos2, Stroke};

use crate::variant::{BoardDrawing, Variant};

use super::board::Layout;
use super::fonts;

/// The paper the lines are drawn on, and their ink.
pub(super) const PAPER: Color32 = Color32::from_rgb(232, 196, 134);
pub(super) const LINE: Color32 = Color32::from_rgb(70, 45, 20);

/// Paints the paper, the lines, the river and the palaces of [`Variant::board_drawing`].
pub(super) fn paint(painter: &Painter, v: &Variant, layout: &Layout, style: &BoardDrawing) {
    let g = v.geometry();
    let sz = layout.size();
    let corner = |f: u8, r: u8| layout.rect(v, g.square(f, r)).center();
    let full = layout
        .rect(v, g.square(0, 0))
        .union(layout.rect(v, g.square(g.files - 1, g.ranks - 1)));
    painter.rect_filled(full, sz * 0.08, PAPER);
    let thin = Stroke::new((sz * 0.025).max(1.0), LINE);
    let line = |a: Pos2, b: Pos2| {
        painter.line_segment([a, b], thin);
    };
    for r in 0..g.ranks {
        line(corner(0, r), corner(g.files - 1, r));
    }
    for f in 0..g.files {
        let edge = f == 0 || f == g.files - 1;
        match style.river {
            // inner files stop at the river (between ranks `river - 1` and `river`); the edge
            // files cross it
            Some(river) if !edge && river > 0 && river < g.ranks => {
                line(corner(f, 0), corner(f, river - 1));
                line(corner(f, river), corner(f, g.ranks - 1));
            }
            _ => line(corner(f, 0), corner(f, g.ranks - 1)),
        }
    }
    // a frame around the whole grid
    let grid = egui::Rect::from_two_pos(corner(0, 0), corner(g.files - 1, g.ranks - 1));
    painter.rect_stroke(
        grid.expand(sz * 0.08),
        0.0,
        Stroke::new((sz * 0.05).max(1.5), LINE),
        egui::StrokeKind::Middle,
    );
    for &(f0, r0, f1, r1) in &style.palaces {
        line(corner(f0, r0), corner(f1, r1));
        line(corner(f0, r1), corner(f1, r0));
    }
    if let Some(river) = style.river.filter(|&r| r > 0 && r < g.ranks) {
        let river = river - 1;
        let y = (corner(0, river).y + corner(0, river + 1).y) / 2.0;
        let x0 = corner(0, river).x;
        let x1 = corner(g.files - 1, river).x;
        let font = FontId::new(sz * 0.45, fonts::pieces());
        let ink = LINE.gamma_multiply(0.8);
        let third = (x1 - x0) / 4.0;
        painter.text(
            Pos2::new(x0 + third, y),
            Align2::CENTER_CENTER,
            "楚 河",
            font.clone(),
            ink,
        );
        painter.text(
            Pos2::new(x1 - third, y),
            Align2::CENTER_CENTER,
            "漢 界",
            font,
            ink,
        );
    }
}
