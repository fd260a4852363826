//! Fonts: the embedded DejaVu Sans supplies the letters on fairy pieces' badges and the chess
//! symbols (U+2654..U+265F) in text, the same on every machine whatever fonts the system has.
//! The pieces themselves are SVG sets (`pieces.rs`).

use egui::{FontData, FontDefinitions, FontFamily};
use std::sync::Arc;

/// DejaVu Sans (Bitstream Vera licence, see `assets/fonts/LICENSE-DejaVu.txt`).
static DEJAVU_SANS: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");

/// The font family of the letters drawn on pieces: DejaVu Sans alone, no system fallback in
/// front of it.
pub fn pieces() -> FontFamily {
    FontFamily::Name("myriad-pieces".into())
}

/// Installs the fonts: egui's defaults, DejaVu Sans as the pieces family and as a fallback for
/// the proportional and monospace families (for the piece symbols in text).
pub fn install(ctx: &egui::Context) {
    let mut fonts = FontDefinitions::default();
    fonts.font_data.insert(
        "dejavu-sans".to_owned(),
        Arc::new(FontData::from_static(DEJAVU_SANS)),
    );
    fonts
        .families
        .insert(pieces(), vec!["dejavu-sans".to_owned()]);
    for family in [FontFamily::Proportional, FontFamily::Monospace] {
        fonts
            .families
            .entry(family)
            .or_default()
            .push("dejavu-sans".to_owned());
    }
    ctx.set_fonts(fonts);
}
