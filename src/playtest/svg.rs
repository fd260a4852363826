//! The playtest's picture, as SVG text (no drawing library needed): a heat map of White's
//! score over the two sides' arrays when each side has few enough of them (Regroupment
//! Chess: 22 by 22), else a bar per White array with its 95% interval. Flagged arrays are
//! marked with a star.

use std::fmt::Write;

use super::stats::{groups, summarize, Group};
use super::{Record, Start};

/// The most arrays a side may have for the heat map.
const HEAT_MAX: usize = 40;

/// The picture of a playtest.
pub fn picture(title: &str, records: &[Record], starts: &[Start]) -> String {
    let white = groups(records, starts, |s| &s.white);
    let black = groups(records, starts, |s| &s.black);
    if white.len() > 1 && black.len() > 1 && white.len() <= HEAT_MAX && black.len() <= HEAT_MAX {
        heat_map(title, records, starts, &white, &black)
    } else {
        bars(title, records, &white)
    }
}

/// White's score as a colour: blue when White does better, red when Black does, white at 50%.
fn colour(score: f64) -> String {
    let d = ((score - 0.5) * 2.0).clamp(-1.0, 1.0);
    let (r, g, b) = if d >= 0.0 {
        (255.0 * (1.0 - d), 255.0 * (1.0 - 0.6 * d), 255.0)
    } else {
        (255.0, 255.0 * (1.0 + 0.6 * d), 255.0 * (1.0 + d))
    };
    format!("rgb({},{},{})", r as u8, g as u8, b as u8)
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The labels of `groups` as shown: the back rank, and the other rows only where the arrays
/// differ in them ([`super::varying_rows`]).
fn shown(groups: &[Group]) -> Vec<String> {
    let rows = super::varying_rows(groups.iter().map(|g| g.label.as_str()));
    groups
        .iter()
        .map(|g| super::shown_rows(&g.label, &rows))
        .collect()
}

/// The width in pixels of `n` characters of the 11-pixel monospace font, with a margin.
fn text_width(labels: &[String]) -> f64 {
    labels.iter().map(|l| l.chars().count()).max().unwrap_or(0) as f64 * 6.7 + 24.0
}

fn heat_map(
    title: &str,
    records: &[Record],
    starts: &[Start],
    white: &[Group],
    black: &[Group],
) -> String {
    let cell = 22.0;
    let (white_labels, black_labels) = (shown(white), shown(black));
    // (White's labels stand at 60 degrees above the columns)
    let left = text_width(&black_labels).max(150.0);
    let top = (text_width(&white_labels) * 0.87 + 70.0).max(140.0);
    let w = (left + cell * white.len() as f64 + 60.0).max(640.0);
    let h = top + cell * black.len() as f64 + 150.0;
    let mut s = String::new();
    let all = summarize(records);
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="10" y="20" font-size="15" font-weight="bold">{}</text>"#,
        esc(title)
    );
    let _ = writeln!(
        s,
        r#"<text x="10" y="38">{} games: White scores {:.1}% ± {:.1}; draws {:.0}%; mean length {:.0} plies.</text><text x="10" y="54">Columns: White's array; rows: Black's; grey: not played. ★ stands out (Bonferroni-corrected z-test).</text>"#,
        all.games,
        100.0 * all.white_score,
        100.0 * all.ci95,
        100.0 * all.drawishness(),
        all.mean_plies
    );
    for (i, g) in white.iter().enumerate() {
        let x = left + cell * (i as f64 + 0.5);
        let star = if g.flagged { "★" } else { "" };
        let _ = writeln!(
            s,
            r#"<text transform="translate({x},{}) rotate(-60)" font-family="monospace">{}{star}</text>"#,
            top - 6.0,
            esc(&white_labels[i])
        );
    }
    for (j, g) in black.iter().enumerate() {
        let y = top + cell * (j as f64 + 0.7);
        let star = if g.flagged { "★" } else { "" };
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{y}" text-anchor="end" font-family="monospace">{}{star}</text>"#,
            left - 6.0,
            esc(&black_labels[j])
        );
    }
    for (i, gw) in white.iter().enumerate() {
        for (j, gb) in black.iter().enumerate() {
            let cell_records: Vec<&Record> = records
                .iter()
                .filter(|r| starts[r.start].white == gw.label && starts[r.start].black == gb.label)
                .collect();
            let (x, y) = (left + cell * i as f64, top + cell * j as f64);
            if cell_records.is_empty() {
                let _ = writeln!(
                    s,
                    r##"<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="#ddd" stroke="white"/>"##
                );
                continue;
            }
            let c = summarize(cell_records.iter().copied());
            let _ = writeln!(
                s,
                r#"<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{}" stroke="white"><title>{} vs {}: {:.0}% in {} games</title></rect>"#,
                colour(c.white_score),
                esc(&gw.label),
                esc(&gb.label),
                100.0 * c.white_score,
                c.games
            );
        }
    }
    legend(&mut s, left, top + cell * black.len() as f64 + 30.0);
    s.push_str("</svg>\n");
    s
}

fn legend(s: &mut String, x: f64, y: f64) {
    for k in 0..=10 {
        let score = k as f64 / 10.0;
        let _ = writeln!(
            s,
            r#"<rect x="{}" y="{y}" width="24" height="14" fill="{}" stroke="grey"/>"#,
            x + 24.0 * k as f64,
            colour(score)
        );
    }
    let _ = writeln!(
        s,
        r#"<text x="{x}" y="{}">Black wins</text><text x="{}" y="{}" text-anchor="middle">even</text><text x="{}" y="{}" text-anchor="end">White wins</text>"#,
        y + 28.0,
        x + 132.0,
        y + 28.0,
        x + 264.0,
        y + 28.0
    );
}

fn bars(title: &str, records: &[Record], white: &[Group]) -> String {
    let row = 18.0;
    let labels = shown(white);
    let (left, top, width) = (text_width(&labels).max(220.0), 60.0, 400.0);
    let h = top + row * white.len() as f64 + 40.0;
    let all = summarize(records);
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{h}" font-family="sans-serif" font-size="11">"#,
        left + width + 80.0
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="10" y="20" font-size="15" font-weight="bold">{}</text>"#,
        esc(title)
    );
    let _ = writeln!(
        s,
        r#"<text x="10" y="38">{} games: White scores {:.1}% ± {:.1}. White's score per White array, with its 95% interval; ★ stands out.</text>"#,
        all.games,
        100.0 * all.white_score,
        100.0 * all.ci95
    );
    let mid = left + width / 2.0;
    let _ = writeln!(
        s,
        r#"<line x1="{mid}" y1="{top}" x2="{mid}" y2="{}" stroke="grey" stroke-dasharray="3,3"/>"#,
        top + row * white.len() as f64
    );
    for (i, g) in white.iter().enumerate() {
        let y = top + row * i as f64;
        let sc = g.summary.white_score;
        let x = left + width * sc;
        let star = if g.flagged { " ★" } else { "" };
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" text-anchor="end" font-family="monospace">{}{star}</text>"#,
            left - 6.0,
            y + 12.0,
            esc(&labels[i])
        );
        let _ = writeln!(
            s,
            r#"<rect x="{left}" y="{}" width="{}" height="{}" fill="{}"/>"#,
            y + 3.0,
            width * sc,
            row - 6.0,
            colour(sc)
        );
        let ci = width * g.summary.ci95;
        let _ = writeln!(
            s,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="black"/>"#,
            (x - ci).max(left),
            y + row / 2.0,
            (x + ci).min(left + width),
            y + row / 2.0
        );
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}">{:.0}% ({})</text>"#,
            left + width + 6.0,
            y + 12.0,
            100.0 * sc,
            g.summary.games
        );
    }
    s.push_str("</svg>\n");
    s
}
