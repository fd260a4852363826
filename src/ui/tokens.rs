//! Tokens with text on them: Xiangqi's discs and Shogi's wedges (`image disc "車"`,
//! `image pentagon "歩"`). The characters come from the embedded CJK subset (`fonts.rs`), so
//! kanji-style pieces read the same on every machine.

use egui::{pos2, vec2, Align2, Color32, FontId, Id, Painter, Pos2, Rect, Shape, Stroke};

use crate::types::Color;
use crate::variant::look::{Token, TokenShape};

use super::fonts;

const WOOD: Color32 = Color32::from_rgb(236, 201, 140);
const WOOD_EDGE: Color32 = Color32::from_rgb(120, 84, 40);
const IVORY: Color32 = Color32::from_rgb(246, 232, 200);
const RED_INK: Color32 = Color32::from_rgb(190, 20, 20);
const BLACK_INK: Color32 = Color32::from_rgb(25, 25, 25);

/// Whether the board is drawn with Black at the bottom this frame: Shogi's wedges point away
/// from their owner, so the hands and the board must agree on which way is up.
fn flipped_id() -> Id {
    Id::unique("myriad-tokens-flipped")
}

/// Records the board's orientation for the tokens painted after it.
pub(super) fn set_flipped(ctx: &egui::Context, flipped: bool) {
    ctx.data_mut(|d| d.insert_temp(flipped_id(), flipped));
}

/// Paints side `c`'s token into the square `r`. `promoted` writes the text in red on a wedge
/// (Shogi writes promoted pieces in red).
pub(super) fn paint(painter: &Painter, t: &Token, promoted: bool, c: Color, r: Rect, alpha: f32) {
    let sz = r.width();
    let text = t.text(c);
    let chars = text.chars().count().max(1) as f32;
    match t.shape {
        TokenShape::Disc => {
            let ink = if c == Color::White {
                RED_INK
            } else {
                BLACK_INK
            };
            let ink = ink.gamma_multiply(alpha);
            let rad = sz * 0.43;
            painter.circle(
                r.center(),
                rad,
                IVORY.gamma_multiply(alpha),
                Stroke::new((sz * 0.03).max(1.0), WOOD_EDGE.gamma_multiply(alpha)),
            );
            painter.circle_stroke(
                r.center(),
                rad * 0.82,
                Stroke::new((sz * 0.025).max(1.0), ink),
            );
            let font = FontId::new(sz * 0.5 / chars.sqrt(), fonts::pieces());
            painter.text(r.center(), Align2::CENTER_CENTER, text, font, ink);
        }
        TokenShape::Pentagon => {
            let flipped = painter
                .ctx()
                .data(|d| d.get_temp::<bool>(flipped_id()))
                .unwrap_or(false);
            // White's wedges point up the screen unless the board is turned round.
            let up = (c == Color::White) != flipped;
            let pts = wedge(r, up);
            painter.add(Shape::convex_polygon(
                pts,
                WOOD.gamma_multiply(alpha),
                Stroke::new((sz * 0.025).max(1.0), WOOD_EDGE.gamma_multiply(alpha)),
            ));
            let ink = if promoted { RED_INK } else { BLACK_INK }.gamma_multiply(alpha);
            let font = FontId::new(sz * 0.44 / chars.sqrt(), fonts::pieces());
            let centre = r.center() + vec2(0.0, if up { sz * 0.06 } else { -sz * 0.06 });
            if up {
                painter.text(centre, Align2::CENTER_CENTER, text, font, ink);
            } else {
                // Black's text is written upside down, as on a real board.
                let galley = painter.layout_no_wrap(text.to_owned(), font, ink);
                let half = galley.size() / 2.0;
                let at = centre + half;
                painter.add(
                    egui::epaint::TextShape::new(at, galley, ink).with_angle(std::f32::consts::PI),
                );
            }
        }
    }
}

/// The five corners of a Shogi wedge in `r`, its point up the screen or down.
fn wedge(r: Rect, up: bool) -> Vec<Pos2> {
    let (w, h) = (r.width(), r.height());
    // (x, y) in square units, the point at the top
    let shape = [
        (0.5, 0.07),
        (0.8, 0.2),
        (0.88, 0.93),
        (0.12, 0.93),
        (0.2, 0.2),
    ];
    shape
        .iter()
        .map(|&(x, y)| {
            let y = if up { y } else { 1.0 - y };
            pos2(r.min.x + x * w, r.min.y + y * h)
        })
        .collect()
}
