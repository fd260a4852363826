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
use egui::{pos2, vec2, Color32, Id, LayerId, Order, Pos2, Rect, Response, Sense, Ui};

use crate::position::AnyPosition;
use crate::types::{Move, MoveKind, Piece, Role, Square};
use crate::variant::Variant;

use super::marks::{self, mark_gestures, mark_kind, Mark};
use super::paint::{self, paint_piece, Marks};

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
    /// Arrows and circles to paint above the pieces (the analysis's; the user's own live in
    /// [`BoardState`]).
    pub marks: &'a [Mark],
    /// Are `legal`'s moves premoves (the computer is thinking: the move is kept, not played)?
    pub premoving: bool,
    /// The squares a piece wins by reaching (King of the Hill's hill, Racing Kings' eighth
    /// rank: `region` in the rules file), marked on the board.
    pub goals: &'a [Square],
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

/// A piece picked up from the hand (placement and drop games): its role, and where the
/// pointer is while it is dragged.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct HandPick {
    /// The role picked.
    pub role: Role,
    /// The pointer while the piece is dragged (`None`: picked with a click).
    pub drag: Option<Pos2>,
}

/// Selection and drag state that lives across frames.
#[derive(Default, Debug)]
pub struct BoardState {
    selected: Option<Square>,
    drag: Option<Drag>,
    promotion: Option<PendingPromotion>,
    /// A piece of the hand picked up (the strips beside the board pick it; the board drops it).
    pub(super) hand: Option<HandPick>,
    /// The user's own arrows and circles (right button), until the next move or left click.
    pub(super) user_marks: Vec<Mark>,
    /// A right-button drag: where it started.
    pub(super) drawing: Option<Square>,
    /// A move made while the computer thinks, played when the user's turn comes if legal.
    pub(super) premove: Option<Move>,
}

impl BoardState {
    /// Forgets everything: the selection, drags, the promotion chooser, the user's marks and a
    /// premove (after a move or a new game).
    pub fn clear(&mut self) {
        *self = BoardState::default();
    }

    /// Forgets the gesture in progress (selection, drags, the promotion chooser, a picked hand
    /// piece) but keeps the marks and the premove: the board went non-interactive.
    fn clear_gesture(&mut self) {
        self.selected = None;
        self.drag = None;
        self.promotion = None;
        self.hand = None;
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
            // a drop starts from the hand, not from a square (`hand_targets`)
            MoveKind::Pass | MoveKind::Drop => {}
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

/// The squares a piece of the hand of role `role` may be dropped on, each with its drop.
pub fn hand_targets(legal: &[Move], role: Role) -> Vec<(Square, Vec<Move>)> {
    legal
        .iter()
        .filter(|m| m.drop_role() == Some(role))
        .map(|&m| (m.to, vec![m]))
        .collect()
}

/// Squares from which some gesture starts.
fn movable(v: &Variant, pos: &AnyPosition, legal: &[Move]) -> Vec<Square> {
    let mut out = Vec::new();
    for &m in legal {
        match m.kind {
            MoveKind::Pass | MoveKind::Drop => {}
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
pub(super) struct Layout {
    files: u8,
    pub(super) ranks: u8,
    flipped: bool,
    to_screen: RectTransform,
}

impl Layout {
    /// The square's column and row on screen (0, 0 top left), in squares.
    pub(super) fn cell(&self, v: &Variant, sq: Square) -> (f32, f32) {
        let g = v.geometry();
        let (f, r) = (g.file(sq), g.rank(sq));
        if self.flipped {
            ((self.files - 1 - f) as f32, r as f32)
        } else {
            (f as f32, (self.ranks - 1 - r) as f32)
        }
    }

    /// The square's rectangle on screen.
    pub(super) fn rect(&self, v: &Variant, sq: Square) -> Rect {
        let (x, y) = self.cell(v, sq);
        self.to_screen
            .transform_rect(Rect::from_min_size(pos2(x, y), vec2(1.0, 1.0)))
    }

    /// The square under a point of the screen, if any.
    pub(super) fn square_at(&self, v: &Variant, p: Pos2) -> Option<Square> {
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

    /// The side of a square, in points.
    pub(super) fn size(&self) -> f32 {
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
        state.clear_gesture();
    }
    let movable = movable(v, view.pos, view.legal);
    if state.selected.is_some_and(|s| !movable.contains(&s)) {
        state.selected = None;
    }

    // Input first (so this frame draws the result), squares as accessible widgets.
    let responses = square_widgets(ui, view, &layout, board_id, state);
    mark_gestures(ui, view, state, &layout, &responses);
    let mut played = None;
    if state.hand.is_some() && interactive {
        played = hand_gestures(ui, view, state, &layout, &movable, &responses);
    } else if state.promotion.is_none() && interactive {
        played = gestures(view, state, &layout, &movable, &responses);
    }
    if ui.input(|i| i.key_pressed(egui::Key::Escape)) {
        state.selected = None;
        state.promotion = None;
    }

    // Paint.
    let hover = ui
        .input(|i| i.pointer.hover_pos())
        .filter(|p| board_rect.contains(*p))
        .and_then(|p| layout.square_at(v, p));
    let targets = match (state.hand, state.selected) {
        (Some(h), _) => hand_targets(view.legal, h.role),
        (None, Some(s)) => targets(v, view.pos, view.legal, s),
        (None, None) => Vec::new(),
    };
    let marks = Marks {
        selected: state.selected,
        dragged: state.drag.map(|d| (d.from, d.pos)),
        targets: &targets,
        hover,
        movable: &movable,
    };
    paint::board(ui, &painter, view, &layout, &marks, board_id);
    if let Some(p) = state.premove {
        for sq in [p.from, p.to] {
            painter.rect_filled(layout.rect(v, sq), 0.0, PREMOVE);
        }
    }
    marks::paint(&painter, v, &layout, view.marks);
    marks::paint(&painter, v, &layout, &state.user_marks);
    if let (Some(from), Some(p)) = (state.drawing, ui.input(|i| i.pointer.latest_pos())) {
        let kind = mark_kind(ui);
        match layout.square_at(v, p) {
            Some(to) if to != from => {
                marks::paint(&painter, v, &layout, &[Mark::Arrow { from, to, kind }])
            }
            _ => marks::paint(&painter, v, &layout, &[Mark::Circle { sq: from, kind }]),
        }
    }
    if let Some(HandPick {
        role,
        drag: Some(pos),
    }) = state.hand
    {
        let top = ui
            .ctx()
            .layer_painter(LayerId::new(Order::Foreground, board_id.with("hand-drag")));
        let piece = Piece {
            color: view.pos.turn(),
            role,
        };
        let sz = layout.size();
        paint_piece(
            &top,
            v,
            piece,
            Rect::from_center_size(pos, vec2(sz, sz) * 1.1),
            1.0,
        );
    }
    if let Some(pp) = state.promotion.clone() {
        if let Some(m) = promotion_chooser(ui, v, view, &layout, board_id, &pp, state) {
            played = Some(m);
        }
    }
    if played.is_some() {
        if view.premoving {
            // kept, not played: shown until the user's turn comes
            state.clear_gesture();
            state.premove = played.take();
        } else {
            state.clear();
        }
    }
    played
}

/// The colour of a premove's squares.
const PREMOVE: Color32 = Color32::from_rgba_unmultiplied_const(20, 30, 85, 110);

/// Every square as an interactive widget, labelled with its name ("e4") for accessibility.
fn square_widgets(
    ui: &mut Ui,
    view: &BoardView<'_>,
    layout: &Layout,
    board_id: Id,
    state: &BoardState,
) -> Vec<(Square, Response)> {
    let v = view.variant;
    let g = v.geometry();
    let interactive = !view.legal.is_empty();
    g.squares()
        .map(|sq| {
            let rect = layout.rect(v, sq);
            let resp = ui.interact(rect, board_id.with(sq.0), Sense::click_and_drag());
            let name = g.name(sq);
            let selected = state.selected == Some(sq);
            resp.widget_info(|| {
                egui::WidgetInfo::selected(egui::Role::GridCell, interactive, selected, &name)
            });
            (sq, resp)
        })
        .collect()
}

/// Clicks and drags on the squares: the move they make, if any.
fn gestures(
    view: &BoardView<'_>,
    state: &mut BoardState,
    layout: &Layout,
    movable: &[Square],
    responses: &[(Square, Response)],
) -> Option<Move> {
    let v = view.variant;
    let mut played = None;
    for (sq, resp) in responses {
        let sq = *sq;
        // Only the primary button moves pieces; the secondary one is for marks on the board.
        if resp.drag_started_by(egui::PointerButton::Primary) && movable.contains(&sq) {
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
                    let drop = layout.square_at(v, d.pos);
                    played = dropped(view, state, sq, drop).or(played);
                }
            }
        }
        if resp.clicked() {
            played = click(v, view, state, movable, sq).or(played);
        }
    }
    played
}

/// Gestures while a piece of the hand is picked up: a click on a highlighted square drops it
/// there; letting go of a dragged one over such a square too. Any other click or let-go puts
/// it back (a click on one of the user's pieces selects that piece instead).
fn hand_gestures(
    ui: &Ui,
    view: &BoardView<'_>,
    state: &mut BoardState,
    layout: &Layout,
    movable: &[Square],
    responses: &[(Square, Response)],
) -> Option<Move> {
    let pick = state.hand?;
    let drops = hand_targets(view.legal, pick.role);
    let drop_on = |sq: Option<Square>| {
        sq.and_then(|s| drops.iter().find(|(t, _)| *t == s))
            .map(|(_, ms)| ms[0])
    };
    if pick.drag.is_some() {
        let (released, pos) = ui.input(|i| (i.pointer.primary_released(), i.pointer.latest_pos()));
        if let Some(p) = pos {
            state.hand = Some(HandPick {
                role: pick.role,
                drag: Some(p),
            });
        }
        if released {
            let at = pos.and_then(|p| layout.square_at(view.variant, p));
            let m = drop_on(at);
            // let go elsewhere: the piece stays picked, as after a click, unless off the board
            state.hand = if m.is_none() && at.is_none() {
                None
            } else {
                Some(HandPick {
                    role: pick.role,
                    drag: None,
                })
            };
            return m;
        }
        return None;
    }
    for (sq, resp) in responses {
        if resp.clicked() {
            if let Some(m) = drop_on(Some(*sq)) {
                return Some(m);
            }
            state.hand = None;
            state.selected = movable.contains(sq).then_some(*sq);
        }
    }
    None
}

/// The dragged piece from `from` was let go over `drop` (`None`: off the board).
fn dropped(
    view: &BoardView<'_>,
    state: &mut BoardState,
    from: Square,
    drop: Option<Square>,
) -> Option<Move> {
    state.drag = None;
    match drop {
        Some(t) if t == from => None, // dropped back: keep the selection
        Some(t) => {
            let played = try_move(view.variant, view, state, from, t);
            if played.is_none() && state.promotion.is_none() {
                state.selected = None;
            }
            played
        }
        None => {
            state.selected = None;
            None
        }
    }
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
    // every choice, with the plain move among them where promotion is optional (Grand Chess)
    if ms.len() > 1 && ms.iter().any(|m| m.kind == MoveKind::Promotion) {
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
        // a plain move declines an optional promotion: it shows the piece as it stays
        let promotes = m.kind == MoveKind::Promotion;
        let role = match view.pos.piece_at(m.from) {
            Some(p) if !promotes => p.role,
            _ => m.promotion,
        };
        let name = v.role(role).name.clone();
        let resp = ui
            .interact(r, board_id.with(("promote", i)), Sense::click())
            .on_hover_text(&name);
        let label = if promotes {
            format!("promote to {name}")
        } else {
            format!("stay a {name}")
        };
        resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
        let fill = if resp.hovered() {
            Color32::from_rgb(250, 250, 250)
        } else {
            Color32::from_rgb(220, 220, 220)
        };
        painter.circle_filled(r.center(), sz * 0.48, fill);
        paint_piece(&painter, v, Piece { color, role }, r, 1.0);
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
