//! Fonts: the embedded DejaVu Sans supplies the letters on fairy pieces' badges and the chess
//! symbols (U+2654..U+265F) in text, the same on every machine whatever fonts the system has.
//! The pieces themselves are SVG sets (`pieces.rs`).

use egui::{FontData, FontDefinitions, FontFamily};
use std::sync::Arc;

/// DejaVu Sans (Bitstream Vera licence, see `assets/fonts/LICENSE-DejaVu.txt`).
static DEJAVU_SANS: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");

/// The CJK characters of Shogi's and Xiangqi's pieces, a subset of Noto Serif CJK JP Bold made
/// by `scripts/cjk_font_subset.py` (SIL Open Font License, `assets/fonts/LICENSE-NotoCJK.txt`).
static PIECES_CJK: &[u8] = include_bytes!("../../assets/fonts/PiecesCJK.otf");

/// The font family of the letters drawn on pieces: DejaVu Sans, then the CJK subset for
/// kanji-style tokens; no system fallback in front of them.
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
    fonts.font_data.insert(
        "pieces-cjk".to_owned(),
        Arc::new(FontData::from_static(PIECES_CJK)),
    );
    fonts.families.insert(
        pieces(),
        vec!["dejavu-sans".to_owned(), "pieces-cjk".to_owned()],
    );
    for family in [FontFamily::Proportional, FontFamily::Monospace] {
        let f = fonts.families.entry(family).or_default();
        f.push("dejavu-sans".to_owned());
        f.push("pieces-cjk".to_owned());
    }
    ctx.set_fonts(fonts);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Color;
    use crate::variant::look::PieceImage;

    /// Every character a bundled rules file writes on a token is in the embedded fonts, so no
    /// piece shows an empty box: a new file with a character outside the CJK subset fails here
    /// (remake the subset with `scripts/cjk_font_subset.py`).
    #[test]
    fn bundled_token_texts_have_glyphs() {
        let ctx = egui::Context::default();
        install(&ctx);
        let mut out = ctx.run_ui(egui::RawInput::default(), |_| {});
        out.textures_delta.clear();
        let font = egui::FontId::new(20.0, pieces());
        for (name, _) in crate::rules::bundled() {
            let v = crate::rules::load(name).unwrap();
            for r in v.roles() {
                if let Some(PieceImage::Token(t)) = &v.role(r).image {
                    for c in [Color::White, Color::Black] {
                        let text = t.text(c);
                        let ok = ctx.fonts_mut(|f| f.has_glyphs(&font, text));
                        assert!(ok, "{name}: no glyph for `{text}`");
                    }
                }
            }
        }
        // The subset itself: every Shogi and Xiangqi character the docs promise.
        let promised = "王玉飛龍角馬金銀桂香歩と全圭杏成帥將仕士相象傌俥車炮砲兵卒楚河漢界";
        assert!(ctx.fonts_mut(|f| f.has_glyphs(&font, promised)));
    }
}
