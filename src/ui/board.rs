//! The board widget: any size the rules declare, painted with `allocate_painter` and a
//! [`RectTransform`] from board coordinates (one unit per square) to the screen.
//!
//! Input: click-click and drag-and-drop, both; legal destinations shown as dots. Castling is
//! the king moving onto its own rook, or to its landing square when that is not also an
//! ordinary king move; a king that already stands on its landing square castles by moving onto
//! the rook, or by the rook's own gesture (the rook to its landing square), never by a click on
//! the king itself (which only deselects). Each square carries accessibility info labelled with
//! its name ("e4") so tests can find it.

use egui::emath::RectTransform;
use egui::{
    pos2, vec2, Align2, Color32, FontId, Id, LayerId, Order, Painter, Pos2, Rect, Response, Sense,
    Shape, Stroke, StrokeKind, Ui,
};

use crate::position::AnyPosition;
use crate::types::{Color, Move, MoveKind, Piece, Square};
use crate::variant::Variant;

use super::fonts;

/// Board colours (the familiar brown board).
const LIGHT: Color32 = Color32::from_rgb(240, 217, 181);
const DARK: Color32 = Color32::from_rgb(181, 136, 99);
const LAST_MOVE: Color32 = Color32::from_rgba_unmultiplied_const(155, 199, 0, 105);
const SELECTED: Color32 = Color32::from_rgba_unmultiplied_const(20, 85, 30, 128);
const DEST: Color32 = Color32::from_rgba_unmultiplied_const(20, 85, 30, 128);
const SETUP_RING: Color32 = Color32::from_rgb(224, 170, 20);
const RELOCATEE: Color32 = Color32::from_rgba_unmultiplied_const(30, 100, 200, 170);
const CASTLE_RING: Color32 = Color32::from_rgb(40, 110, 200);

/// What the board shows; built fresh each frame by the app.
pub struct BoardView<'a> {
    /// The game's rules.
    pub variant: &'a Variant,
    /// The position to draw.
    pub pos: &'a AnyPosition,
    /// Black at the bottom?
    pub flipped: bool,
    /// Highlighted as the last move.
    pub last_move: Option<Move>,
    /// The square of a king in check.
    pub check: Option<Square>,
    /// The moves the user may make now (empty when the board is only shown).
    pub legal: &'a [Move],
    /// Is this the setup phase (swaps instead of moves)?
    pub setup: bool,
}

/// A move the user is dragging.
#[derive(Clone, Copy, Debug)]
struct Drag {
    from: Square,
    pos: Pos2,
}

/// A promotion waiting for the user's choice.
#[derive(Clone, Debug)]
struct PendingPromotion {
    to: Square,
    moves: Vec<Move>,
}

/// Selection and drag state that lives across frames.
#[derive(Default, Debug)]
pub struct BoardState {
    selected: Option<Square>,
    drag: Option<Drag>,
    promotion: Option<PendingPromotion>,
}

impl BoardState {
    /// Forgets the selection, a drag and an open promotion chooser (after a move or a new game).
    pub fn clear(&mut self) {
        *self = BoardState::default();
    }
}

/// The legal moves a gesture from `from` to each destination square stands for.
///
/// A destination can stand for several moves (the promotion choices). Castling appears on the
/// rook's square, on the king's landing square when the king moves and no ordinary king move
/// goes there, and, for the rook, on the rook's landing square when the king does not move.
pub fn targets(
    v: &Variant,
    pos: &AnyPosition,
    legal: &[Move],
    from: Square,
) -> Vec<(Square, Vec<Move>)> {
    let mut out: Vec<(Square, Vec<Move>)> = Vec::new();
    let mut add = |sq: Square, m: Move| match out.iter_mut().find(|(s, _)| *s == sq) {
        Some((_, ms)) => {
            if !ms.contains(&m) {
                ms.push(m)
            }
        }
        None => out.push((sq, vec![m])),
    };
    let plain = |to: Square, mover: Square| {
        legal.iter().any(|m| {
            m.from == mover
                && m.to == to
                && matches!(
                    m.kind,
                    MoveKind::Normal | MoveKind::EnPassant | MoveKind::Promotion
                )
        })
    };
    for &m in legal {
        match m.kind {
            MoveKind::Pass => {}
            MoveKind::Castle => {
                let (king_to, rook_to) = pos.castle_targets(v, m.from, m.to);
                if m.from == from {
                    add(m.to, m);
                    if king_to != m.from && king_to != m.to && !plain(king_to, m.from) {
                        add(king_to, m);
                    }
                } else if m.to == from && king_to == m.from && !plain(rook_to, m.to) {
                    // The king stays put: "castles by moving only the rook".
                    add(rook_to, m);
                }
            }
            _ => {
                if m.from == from {
                    add(m.to, m);
                }
            }
        }
    }
    out
}

/// Squares from which some gesture starts.
fn movable(v: &Variant, pos: &AnyPosition, legal: &[Move]) -> Vec<Square> {
    let mut out = Vec::new();
    for &m in legal {
        match m.kind {
            MoveKind::Pass => {}
            MoveKind::Castle => {
                out.push(m.from);
                let (king_to, rook_to) = pos.castle_targets(v, m.from, m.to);
                if king_to == m.from && rook_to != m.to {
                    out.push(m.to);
                }
            }
            _ => out.push(m.from),
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Screen geometry of the board: where each square is.
struct Layout {
    files: u8,
    ranks: u8,
    flipped: bool,
    to_screen: RectTransform,
}

impl Layout {
    fn cell(&self, v: &Variant, sq: Square) -> (f32, f32) {
        let g = v.geometry();
        let (f, r) = (g.file(sq), g.rank(sq));
        if self.flipped {
            ((self.files - 1 - f) as f32, r as f32)
        } else {
            (f as f32, (self.ranks - 1 - r) as f32)
        }
    }

    fn rect(&self, v: &Variant, sq: Square) -> Rect {
        let (x, y) = self.cell(v, sq);
        self.to_screen
            .transform_rect(Rect::from_min_size(pos2(x, y), vec2(1.0, 1.0)))
    }

    fn square_at(&self, v: &Variant, p: Pos2) -> Option<Square> {
        let b = self.to_screen.inverse().transform_pos(p);
        if b.x < 0.0 || b.y < 0.0 || b.x >= self.files as f32 || b.y >= self.ranks as f32 {
            return None;
        }
        let (x, y) = (b.x as u8, b.y as u8);
        let (f, r) = if self.flipped {
            (self.files - 1 - x, y)
        } else {
            (x, self.ranks - 1 - y)
        };
        v.geometry().square_at(f as i32, r as i32)
    }

    fn size(&self) -> f32 {
        self.to_screen.scale().x
    }
}

/// The board's square size for the available space.
pub fn square_size(v: &Variant, avail: egui::Vec2) -> f32 {
    let g = v.geometry();
    (avail.x / g.files as f32)
        .min(avail.y / g.ranks as f32)
        .floor()
        .max(16.0)
}

/// Draws the board and handles the user's gestures. Returns the move the user made, if any.
pub fn show(ui: &mut Ui, view: &BoardView<'_>, state: &mut BoardState) -> Option<Move> {
    let v = view.variant;
    let g = v.geometry();
    let sz = square_size(v, ui.available_size());
    let size = vec2(sz * g.files as f32, sz * g.ranks as f32);
    let (board_resp, painter) = ui.allocate_painter(size, Sense::hover());
    let board_rect = board_resp.rect;
    let layout = Layout {
        files: g.files,
        ranks: g.ranks,
        flipped: view.flipped,
        to_screen: RectTransform::from_to(
            Rect::from_min_size(Pos2::ZERO, vec2(g.files as f32, g.ranks as f32)),
            board_rect,
        ),
    };
    let board_id = egui::Id::unique("myriad-board");
    let interactive = !view.legal.is_empty();
    if !interactive {
        state.selected = None;
        state.drag = None;
        state.promotion = None;
    }
    let movable = movable(v, view.pos, view.legal);
    if state.selected.is_some_and(|s| !movable.contains(&s)) {
        state.selected = None;
    }

    // Input first (so this frame draws the result), squares as accessible widgets.
    let mut played = None;
    let mut responses: Vec<(Square, Response)> = Vec::with_capacity(g.len());
    for sq in g.squares() {
        let rect = layout.rect(v, sq);
        let resp = ui.interact(rect, board_id.with(sq.0), Sense::click_and_drag());
        let name = g.name(sq);
        let selected = state.selected == Some(sq);
        resp.widget_info(|| {
            egui::WidgetInfo::selected(egui::Role::GridCell, interactive, selected, &name)
        });
        responses.push((sq, resp));
    }
    if state.promotion.is_none() && interactive {
        for (sq, resp) in &responses {
            let sq = *sq;
            if resp.drag_started() && movable.contains(&sq) {
                let pos = resp.interact_pointer_pos().unwrap_or(resp.rect.center());
                state.drag = Some(Drag { from: sq, pos });
                state.selected = Some(sq);
            }
            if let Some(d) = &mut state.drag {
                if d.from == sq {
                    if let Some(p) = resp.interact_pointer_pos() {
                        d.pos = p;
                    }
                    if resp.drag_stopped() {
                        let from = d.from;
                        let drop = layout.square_at(v, d.pos);
                        state.drag = None;
                        match drop {
                            Some(t) if t == from => {} // dropped back: keep the selection
                            Some(t) => {
                                played = try_move(v, view, state, from, t);
                                if played.is_none() && state.promotion.is_none() {
                                    state.selected = None;
                                }
                            }
                            None => state.selected = None,
                        }
                    }
                }
            }
            if resp.clicked() {
                played = click(v, view, state, &movable, sq).or(played);
            }
        }
    }
    if ui.input(|i| i.key_pressed(egui::Key::Escape)) {
        state.selected = None;
        state.promotion = None;
    }

    // Paint.
    paint_squares(&painter, v, view, &layout);
    let hover_sq = ui
        .input(|i| i.pointer.hover_pos())
        .filter(|p| board_rect.contains(*p))
        .and_then(|p| layout.square_at(v, p));
    let drag_from = state.drag.map(|d| d.from);
    let tgs = state
        .selected
        .map(|s| targets(v, view.pos, view.legal, s))
        .unwrap_or_default();

    // Setup phase: the pieces that may relocate glow while nothing is selected.
    if view.setup && state.selected.is_none() {
        for &sq in &movable {
            let r = layout.rect(v, sq).shrink(sz * 0.04);
            painter.rect_stroke(
                r,
                sz * 0.1,
                Stroke::new(sz * 0.06, SETUP_RING),
                StrokeKind::Inside,
            );
        }
    }
    if let Some(s) = state.selected {
        painter.rect_filled(layout.rect(v, s), 0.0, SELECTED);
    }
    // Castling and swap previews: where the king and rook would land, or the relocating
    // piece and its relocatee after the swap.
    let mut ghosts: Vec<(Square, Piece)> = Vec::new();
    let mut hidden: Vec<Square> = Vec::new();
    // the two squares of a previewed swap show only the swapped pieces
    let mut swapped: Vec<Square> = Vec::new();
    if let Some(h) = hover_sq {
        if let Some((_, ms)) = tgs.iter().find(|(s, _)| *s == h) {
            if let Some(m) = ms.iter().find(|m| m.kind == MoveKind::Swap) {
                if let (Some(a), Some(b)) = (view.pos.piece_at(m.from), view.pos.piece_at(m.to)) {
                    ghosts.push((m.to, a));
                    ghosts.push((m.from, b));
                    swapped.push(m.from);
                    swapped.push(m.to);
                }
            }
            if let Some(c) = ms.iter().find(|m| m.kind == MoveKind::Castle) {
                let (kt, rt) = view.pos.castle_targets(v, c.from, c.to);
                if let (Some(k), Some(r)) = (view.pos.piece_at(c.from), view.pos.piece_at(c.to)) {
                    ghosts.push((kt, k));
                    ghosts.push((rt, r));
                    hidden.push(c.from);
                    hidden.push(c.to);
                    let a = layout.rect(v, c.to).center();
                    let b = layout.rect(v, rt).center();
                    painter.arrow(
                        a,
                        b - a,
                        Stroke::new(sz * 0.08, CASTLE_RING.gamma_multiply(0.7)),
                    );
                }
            }
        }
    }
    for sq in g.squares() {
        let Some(p) = view.pos.piece_at(sq) else {
            continue;
        };
        if swapped.contains(&sq) {
            continue;
        }
        let r = layout.rect(v, sq);
        let alpha = if drag_from == Some(sq) || hidden.contains(&sq) {
            0.3
        } else {
            1.0
        };
        paint_piece(&painter, v, p, r, alpha);
    }
    for (sq, p) in &ghosts {
        paint_piece(&painter, v, *p, layout.rect(v, *sq), 0.55);
    }
    // Destinations.
    for (sq, ms) in &tgs {
        let r = layout.rect(v, *sq);
        let hovered = hover_sq == Some(*sq);
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
    // The dragged piece follows the pointer, above everything.
    if let Some(d) = state.drag {
        if let Some(p) = view.pos.piece_at(d.from) {
            let top = ui
                .ctx()
                .layer_painter(LayerId::new(Order::Foreground, board_id.with("drag")));
            paint_piece(
                &top,
                v,
                p,
                Rect::from_center_size(d.pos, vec2(sz, sz) * 1.1),
                1.0,
            );
        }
    }
    if let Some(pp) = state.promotion.clone() {
        if let Some(m) = promotion_chooser(ui, v, view, &layout, board_id, &pp, state) {
            played = Some(m);
        }
    }
    if played.is_some() {
        state.clear();
    }
    played
}

fn click(
    v: &Variant,
    view: &BoardView<'_>,
    state: &mut BoardState,
    movable: &[Square],
    sq: Square,
) -> Option<Move> {
    match state.selected {
        Some(s) if s == sq => {
            state.selected = None;
            None
        }
        Some(s) => {
            if targets(v, view.pos, view.legal, s)
                .iter()
                .any(|(t, _)| *t == sq)
            {
                let m = try_move(v, view, state, s, sq);
                if m.is_none() && state.promotion.is_none() {
                    state.selected = None;
                }
                m
            } else {
                state.selected = movable.contains(&sq).then_some(sq);
                None
            }
        }
        None => {
            if movable.contains(&sq) {
                state.selected = Some(sq);
            }
            None
        }
    }
}

/// The move for a gesture from `from` to `to`; opens the chooser for a promotion.
fn try_move(
    v: &Variant,
    view: &BoardView<'_>,
    state: &mut BoardState,
    from: Square,
    to: Square,
) -> Option<Move> {
    let tgs = targets(v, view.pos, view.legal, from);
    let (_, ms) = tgs.into_iter().find(|(t, _)| *t == to)?;
    if ms.len() > 1 && ms.iter().all(|m| m.kind == MoveKind::Promotion) {
        state.promotion = Some(PendingPromotion { to, moves: ms });
        state.selected = Some(from);
        return None;
    }
    ms.first().copied()
}

/// The promotion chooser: the choices stacked from the destination square towards the board's
/// middle, each a button labelled "promote to Queen".
fn promotion_chooser(
    ui: &mut Ui,
    v: &Variant,
    view: &BoardView<'_>,
    layout: &Layout,
    board_id: Id,
    pp: &PendingPromotion,
    state: &mut BoardState,
) -> Option<Move> {
    let sz = layout.size();
    let dest = layout.rect(v, pp.to);
    let board = layout.to_screen.to();
    let down = dest.center().y < board.center().y;
    let color = view.pos.turn();
    let painter = ui.ctx().layer_painter(LayerId::new(
        Order::Foreground,
        board_id.with("promo-layer"),
    ));
    painter.rect_filled(*board, 0.0, Color32::from_black_alpha(110));
    let mut chosen = None;
    for (i, m) in pp.moves.iter().enumerate() {
        let dy = if down { i as f32 } else { -(i as f32) } * sz;
        let mut r = dest.translate(vec2(0.0, dy));
        // keep the column on the board
        if r.bottom() > board.bottom() + 0.5 {
            r = r.translate(vec2(0.0, board.bottom() - r.bottom()));
        }
        if r.top() < board.top() - 0.5 {
            r = r.translate(vec2(0.0, board.top() - r.top()));
        }
        let name = v.role(m.promotion).name.clone();
        let resp = ui
            .interact(r, board_id.with(("promote", i)), Sense::click())
            .on_hover_text(&name);
        resp.widget_info(|| {
            egui::WidgetInfo::labeled(egui::Role::Button, true, format!("promote to {name}"))
        });
        let fill = if resp.hovered() {
            Color32::from_rgb(250, 250, 250)
        } else {
            Color32::from_rgb(220, 220, 220)
        };
        painter.circle_filled(r.center(), sz * 0.48, fill);
        paint_piece(
            &painter,
            v,
            Piece {
                color,
                role: m.promotion,
            },
            r,
            1.0,
        );
        if resp.clicked() {
            chosen = Some(*m);
        }
    }
    // A click anywhere else cancels.
    if chosen.is_none() && ui.input(|i| i.pointer.any_click()) {
        let on_choice = ui.input(|i| i.pointer.interact_pos()).is_some_and(|p| {
            (0..pp.moves.len()).any(|i| {
                let dy = if down { i as f32 } else { -(i as f32) } * sz;
                dest.translate(vec2(0.0, dy)).contains(p)
            })
        });
        if !on_choice {
            state.promotion = None;
            state.selected = None;
        }
    }
    chosen
}

fn paint_squares(painter: &Painter, v: &Variant, view: &BoardView<'_>, layout: &Layout) {
    let g = v.geometry();
    let sz = layout.size();
    let last: Vec<Square> = match view.last_move {
        Some(m) if m.kind != MoveKind::Pass => vec![m.from, m.to],
        _ => vec![],
    };
    let coord_font = FontId::proportional((sz * 0.2).clamp(9.0, 16.0));
    for sq in g.squares() {
        let r = layout.rect(v, sq);
        let light = g.is_light(sq);
        painter.rect_filled(r, 0.0, if light { LIGHT } else { DARK });
        if last.contains(&sq) {
            painter.rect_filled(r, 0.0, LAST_MOVE);
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
        let ink = if light { DARK } else { LIGHT };
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

/// The chess glyphs (solid, outline) for an orthodox piece, found by its name or, failing
/// that, by its usual letter.
fn glyphs(v: &Variant, p: Piece) -> Option<(char, char)> {
    let def = v.role(p.role);
    let by_name = match def.name.to_ascii_lowercase().as_str() {
        "king" => Some('K'),
        "queen" => Some('Q'),
        "rook" => Some('R'),
        "bishop" => Some('B'),
        "knight" => Some('N'),
        "pawn" => Some('P'),
        _ => None,
    };
    let key = by_name.or(if def.name.is_empty() {
        Some(def.letter)
    } else {
        None
    })?;
    Some(match key {
        'K' => ('\u{265A}', '\u{2654}'),
        'Q' => ('\u{265B}', '\u{2655}'),
        'R' => ('\u{265C}', '\u{2656}'),
        'B' => ('\u{265D}', '\u{2657}'),
        'N' => ('\u{265E}', '\u{2658}'),
        'P' => ('\u{265F}', '\u{2659}'),
        _ => return None,
    })
}

/// Paints a piece into a square: the DejaVu glyph for orthodox pieces; a disc with the
/// piece's letter for fairy pieces.
pub fn paint_piece(painter: &Painter, v: &Variant, p: Piece, r: Rect, alpha: f32) {
    let sz = r.width();
    let (fill, ink) = match p.color {
        Color::White => (
            Color32::from_rgb(250, 250, 250),
            Color32::from_rgb(20, 20, 20),
        ),
        Color::Black => (
            Color32::from_rgb(30, 30, 30),
            Color32::from_rgb(235, 235, 235),
        ),
    };
    let fill = fill.gamma_multiply(alpha);
    let ink = ink.gamma_multiply(alpha);
    match glyphs(v, p) {
        Some((solid, outline)) => {
            let font = FontId::new(sz * 0.86, fonts::pieces());
            // The glyphs sit a little high in their em box: nudge them down.
            let c = r.center() + vec2(0.0, sz * 0.03);
            // shadow for depth
            painter.text(
                c + vec2(sz * 0.015, sz * 0.025),
                Align2::CENTER_CENTER,
                solid,
                font.clone(),
                Color32::from_black_alpha((60.0 * alpha) as u8),
            );
            painter.text(c, Align2::CENTER_CENTER, solid, font.clone(), fill);
            if p.color == Color::White {
                painter.text(c, Align2::CENTER_CENTER, outline, font, ink);
            }
        }
        None => {
            let c = r.center();
            let rad = sz * 0.38;
            painter.add(Shape::circle_filled(
                c + vec2(sz * 0.015, sz * 0.025),
                rad,
                Color32::from_black_alpha((60.0 * alpha) as u8),
            ));
            painter.circle(c, rad, fill, Stroke::new((sz * 0.05).max(1.5), ink));
            let letter = v.role(p.role).letter.to_string();
            painter.text(
                c,
                Align2::CENTER_CENTER,
                letter,
                FontId::new(sz * 0.42, fonts::pieces()),
                ink,
            );
        }
    }
}
