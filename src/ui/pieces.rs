//! Piece sets and board themes: the bundled SVG sets (`assets/pieces/<set>/`), rendered with
//! resvg into textures cached per set, figure, colour and pixel size, so a frame only draws
//! textured rectangles; and the painting of one piece from its [`Look`] (a fairy piece as its
//! orthodox parts combined) or from the SVG files its rules name.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use egui::{pos2, vec2, Align2, Color32, FontId, Id, Painter, Rect, Stroke, TextureHandle};

use crate::types::Color;
use crate::variant::look::{self, Figure, Look, PieceImage};
use crate::variant::RoleDef;

use super::fonts;

/// A bundled piece set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PieceSet {
    /// Alexis Luengas's Chessnut (Apache-2.0): flat and plain, the default.
    #[default]
    Chessnut,
    /// Maurizio Monge's Fantasy (MIT).
    Fantasy,
    /// Maurizio Monge's Celtic (MIT).
    Celtic,
}

/// The credits for the bundled artwork, one line each (Help > About, README).
pub const CREDITS: [&str; 4] = [
    "Chessnut pieces © 2015 Alexis Luengas, Apache License 2.0 (github.com/LexLuengas/chessnut-pieces)",
    "Fantasy and Celtic pieces © Maurizio Monge, MIT License (github.com/maurimo/chess-art)",
    "DejaVu Sans font: Bitstream Vera licence (dejavu-fonts.github.io)",
    "Shogi and Xiangqi characters: a subset of Noto Serif CJK © Adobe, SIL Open Font License 1.1",
];

/// The twelve SVGs of a set, White's K Q R B N P then Black's.
macro_rules! set_files {
    ($dir:literal) => {
        [
            include_bytes!(concat!("../../assets/pieces/", $dir, "/wK.svg")).as_slice(),
            include_bytes!(concat!("../../assets/pieces/", $dir, "/wQ.svg")).as_slice(),
            include_bytes!(concat!("../../assets/pieces/", $dir, "/wR.svg")).as_slice(),
            include_bytes!(concat!("../../assets/pieces/", $dir, "/wB.svg")).as_slice(),
            include_bytes!(concat!("../../assets/pieces/", $dir, "/wN.svg")).as_slice(),
            include_bytes!(concat!("../../assets/pieces/", $dir, "/wP.svg")).as_slice(),
            include_bytes!(concat!("../../assets/pieces/", $dir, "/bK.svg")).as_slice(),
            include_bytes!(concat!("../../assets/pieces/", $dir, "/bQ.svg")).as_slice(),
            include_bytes!(concat!("../../assets/pieces/", $dir, "/bR.svg")).as_slice(),
            include_bytes!(concat!("../../assets/pieces/", $dir, "/bB.svg")).as_slice(),
            include_bytes!(concat!("../../assets/pieces/", $dir, "/bN.svg")).as_slice(),
            include_bytes!(concat!("../../assets/pieces/", $dir, "/bP.svg")).as_slice(),
        ]
    };
}

static CHESSNUT: [&[u8]; 12] = set_files!("chessnut");
static FANTASY: [&[u8]; 12] = set_files!("fantasy");
static CELTIC: [&[u8]; 12] = set_files!("celtic");

impl PieceSet {
    /// Every set, in menu order.
    pub const ALL: [PieceSet; 3] = [PieceSet::Chessnut, PieceSet::Fantasy, PieceSet::Celtic];

    /// The set's name in the preferences file.
    pub fn key(self) -> &'static str {
        match self {
            PieceSet::Chessnut => "chessnut",
            PieceSet::Fantasy => "fantasy",
            PieceSet::Celtic => "celtic",
        }
    }

    /// The set's name in the menu.
    pub fn label(self) -> &'static str {
        match self {
            PieceSet::Chessnut => "Chessnut",
            PieceSet::Fantasy => "Fantasy",
            PieceSet::Celtic => "Celtic",
        }
    }

    /// The set with this preferences key.
    pub fn from_key(key: &str) -> Option<PieceSet> {
        PieceSet::ALL.into_iter().find(|s| s.key() == key)
    }

    /// The SVG of one figure in one colour.
    fn svg(self, f: Figure, c: Color) -> &'static [u8] {
        let files = match self {
            PieceSet::Chessnut => &CHESSNUT,
            PieceSet::Fantasy => &FANTASY,
            PieceSet::Celtic => &CELTIC,
        };
        let i = Figure::ALL.iter().position(|x| *x == f).unwrap_or(0);
        files[if c.is_white() { i } else { i + 6 }]
    }
}

/// A board colour theme.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Theme {
    /// The familiar brown board.
    #[default]
    Brown,
    /// Blue-grey, as lichess's blue board.
    Blue,
    /// Green and cream, as a tournament board.
    Green,
}

impl Theme {
    /// Every theme, in menu order.
    pub const ALL: [Theme; 3] = [Theme::Brown, Theme::Blue, Theme::Green];

    /// The theme's name in the preferences file.
    pub fn key(self) -> &'static str {
        match self {
            Theme::Brown => "brown",
            Theme::Blue => "blue",
            Theme::Green => "green",
        }
    }

    /// The theme's name in the menu.
    pub fn label(self) -> &'static str {
        match self {
            Theme::Brown => "Brown",
            Theme::Blue => "Blue",
            Theme::Green => "Green",
        }
    }

    /// The theme with this preferences key.
    pub fn from_key(key: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.key() == key)
    }

    /// The light and dark square colours.
    pub fn squares(self) -> (Color32, Color32) {
        match self {
            Theme::Brown => (
                Color32::from_rgb(240, 217, 181),
                Color32::from_rgb(181, 136, 99),
            ),
            Theme::Blue => (
                Color32::from_rgb(222, 227, 230),
                Color32::from_rgb(140, 162, 173),
            ),
            Theme::Green => (
                Color32::from_rgb(235, 236, 208),
                Color32::from_rgb(119, 149, 86),
            ),
        }
    }
}

/// The look the user chose: piece set and board theme. The app puts it in the egui context
/// each frame, so every painter of pieces and squares (board, promotion chooser, hands, rules
/// tab) reads the same choice without it being threaded through their arguments.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// The piece set.
    pub set: PieceSet,
    /// The board theme.
    pub theme: Theme,
}

fn style_id() -> Id {
    Id::unique("myriad-style")
}

/// The style in force in `ctx`.
pub fn style(ctx: &egui::Context) -> Style {
    ctx.data(|d| d.get_temp(style_id())).unwrap_or_default()
}

/// Puts the style in force in `ctx`.
pub fn set_style(ctx: &egui::Context, s: Style) {
    ctx.data_mut(|d| d.insert_temp(style_id(), s));
}

/// What a texture is drawn from.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Source {
    /// A figure of a bundled set.
    Set(PieceSet, Figure, Color),
    /// A rules file's SVG (by its resolved path), inverted for Black when it has one file only.
    File(String, bool),
}

/// Rendered textures by source and pixel size; `None` where the SVG could not be rendered.
#[derive(Default)]
struct Cache {
    textures: HashMap<(Source, u32), Option<TextureHandle>>,
}

/// Past this many textures (a window resized through many sizes) the cache starts afresh.
const CACHE_MAX: usize = 400;

/// Textures are rendered at sizes rounded up to this step: a window being resized then
/// renders a new set every few pixels, not every frame.
const PX_STEP: u32 = 8;

fn cache(ctx: &egui::Context) -> Arc<Mutex<Cache>> {
    ctx.data_mut(|d| {
        d.get_temp_mut_or_default::<Arc<Mutex<Cache>>>(Id::unique("myriad-piece-textures"))
            .clone()
    })
}

/// How many textures are cached (for tests of the cache).
pub fn cached_textures(ctx: &egui::Context) -> usize {
    let c = cache(ctx);
    let n = c.lock().map(|c| c.textures.len()).unwrap_or(0);
    n
}

/// The texture of `src` at about `px` pixels square, rendered on first use.
fn texture(ctx: &egui::Context, src: Source, svg: &[u8], px: u32) -> Option<egui::TextureId> {
    let px = px.clamp(PX_STEP, 1024).div_ceil(PX_STEP) * PX_STEP;
    let c = cache(ctx);
    let mut c = c.lock().ok()?;
    let key = (src, px);
    if let Some(t) = c.textures.get(&key) {
        return t.as_ref().map(|t| t.id());
    }
    if c.textures.len() >= CACHE_MAX {
        c.textures.clear();
    }
    let invert = matches!(key.0, Source::File(_, true));
    let t = render(svg, px, invert).map(|img| {
        ctx.load_texture(
            format!("piece-{:?}-{px}", key.0),
            img,
            egui::TextureOptions::LINEAR,
        )
    });
    let id = t.as_ref().map(|t| t.id());
    c.textures.insert(key, t);
    id
}

/// Renders an SVG centred in a `px` square; with `invert`, its colours inverted (a single
/// image stands for White, its negative for Black).
fn render(svg: &[u8], px: u32, invert: bool) -> Option<egui::ColorImage> {
    use resvg::{tiny_skia, usvg};
    let tree = usvg::Tree::from_data(svg, &usvg::Options::default()).ok()?;
    let mut pm = tiny_skia::Pixmap::new(px, px)?;
    let size = tree.size();
    let scale = px as f32 / size.width().max(size.height());
    let dx = (px as f32 - size.width() * scale) / 2.0;
    let dy = (px as f32 - size.height() * scale) / 2.0;
    let t = tiny_skia::Transform::from_row(scale, 0.0, 0.0, scale, dx, dy);
    resvg::render(&tree, t, &mut pm.as_mut());
    let mut data = pm.take();
    if invert {
        // premultiplied: the inverse of channel c under alpha a is a - c
        for p in data.chunks_exact_mut(4) {
            let a = p[3];
            for ch in &mut p[..3] {
                *ch = a.saturating_sub(*ch);
            }
        }
    }
    Some(egui::ColorImage::from_rgba_premultiplied(
        [px as usize, px as usize],
        &data,
    ))
}

/// Paints one piece of `role` in colour `c` into `r`.
pub fn paint(painter: &Painter, role: &RoleDef, c: Color, r: Rect, alpha: f32) {
    let ctx = painter.ctx();
    let px = (r.width() * ctx.pixels_per_point()).round() as u32;
    let tint = Color32::WHITE.gamma_multiply(alpha);
    if let Some(PieceImage::Files(white, black)) = &role.image {
        let (src, svg) = match (c, black) {
            (Color::White, _) => (Source::File(white.path.clone(), false), &white.data),
            (Color::Black, Some(b)) => (Source::File(b.path.clone(), false), &b.data),
            (Color::Black, None) => (Source::File(white.path.clone(), true), &white.data),
        };
        if let Some(t) = texture(ctx, src, svg, px) {
            painter.image(t, r, full_uv(), tint);
            return;
        }
        // An SVG resvg cannot read: the figures its moves suggest.
    }
    if let Some(PieceImage::Token(t)) = &role.image {
        // Shogi writes its promoted pieces in red
        let promoted = crate::types::promoted_base(role.letter).is_some();
        super::tokens::paint(painter, t, promoted, c, r, alpha);
        return;
    }
    let l = look::look(role);
    paint_look(painter, &l, role.letter, c, r, alpha);
}

fn full_uv() -> Rect {
    Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0))
}

/// Where each figure of a combination goes, as (centre offset, size) in square widths: one
/// figure fills the square; two stand side by side, overlapping, the second in front; a third
/// stands small in the lower left corner.
fn slots(n: usize) -> &'static [((f32, f32), f32)] {
    match n {
        0 => &[],
        1 => &[((0.0, 0.0), 1.0)],
        2 => &[((-0.17, -0.1), 0.7), ((0.17, 0.1), 0.7)],
        _ => &[
            ((-0.12, -0.1), 0.7),
            ((0.16, 0.08), 0.7),
            ((-0.27, 0.27), 0.44),
        ],
    }
}

/// Paints a [`Look`]: its figures from the user's set, and its letter badge.
pub fn paint_look(painter: &Painter, l: &Look, letter: char, c: Color, r: Rect, alpha: f32) {
    let ctx = painter.ctx();
    let set = style(ctx).set;
    let sz = r.width();
    let tint = Color32::WHITE.gamma_multiply(alpha);
    for (f, ((dx, dy), k)) in l.figures.iter().zip(slots(l.figures.len())) {
        let rr = Rect::from_center_size(r.center() + vec2(dx * sz, dy * sz), vec2(sz, sz) * *k);
        let px = (rr.width() * ctx.pixels_per_point()).round() as u32;
        if let Some(t) = texture(ctx, Source::Set(set, *f, c), set.svg(*f, c), px) {
            painter.image(t, rr, full_uv(), tint);
        }
    }
    let (fill, ink) = match c {
        Color::White => (
            Color32::from_rgb(250, 250, 250),
            Color32::from_rgb(20, 20, 20),
        ),
        Color::Black => (
            Color32::from_rgb(30, 30, 30),
            Color32::from_rgb(235, 235, 235),
        ),
    };
    let (fill, ink) = (fill.gamma_multiply(alpha), ink.gamma_multiply(alpha));
    // a promoted kind's letter is one private-use character: write it `+P`
    let letter = l
        .label
        .clone()
        .unwrap_or_else(|| crate::types::letter_text(letter));
    if l.figures.is_empty() {
        // Nothing orthodox about it: a token with its letter.
        let rad = sz * 0.36;
        painter.circle(
            r.center(),
            rad,
            fill,
            Stroke::new((sz * 0.05).max(1.5), ink),
        );
        painter.text(
            r.center(),
            Align2::CENTER_CENTER,
            &letter,
            FontId::new(
                sz * 0.42 / (letter.chars().count() as f32).sqrt(),
                fonts::pieces(),
            ),
            ink,
        );
    } else if l.badge.is_some() || l.label.is_some() {
        let c = r.right_top() + vec2(-sz * 0.19, sz * 0.19);
        let rad = sz * 0.16;
        painter.circle(c, rad, fill, Stroke::new((sz * 0.03).max(1.0), ink));
        painter.text(
            c,
            Align2::CENTER_CENTER,
            &letter,
            FontId::new(
                sz * 0.22 / (letter.chars().count() as f32).sqrt(),
                fonts::pieces(),
            ),
            ink,
        );
    }
}
