//! A short multi-line summary of a game, for `myriad check`: what the checker understood.

use std::fmt::Write as _;

use crate::types::{Geometry, Role};
use crate::variant::look::PieceImage;
use crate::variant::{
    CastlingRules, ConstraintKind, ConstraintWhen, EndRules, RoleDef, SetupPhase, StepAction,
    Variant, VariantSpec,
};

/// A short multi-line summary of a game, for `myriad check`.
pub fn summary(v: &Variant) -> String {
    let s: &VariantSpec = &v.spec;
    let mut out = String::new();
    let _ = writeln!(out, "{} ({})", s.name, s.origin.display());
    if !s.source.is_empty() {
        let _ = writeln!(out, "  source: {}", s.source);
    }
    if let Some(p) = &s.pgn_variant {
        let _ = writeln!(out, "  PGN variant: {p}");
    }
    let _ = writeln!(out, "  board: {}x{}", s.geometry.files, s.geometry.ranks);
    if s.notation != crate::variant::Notation::San {
        let _ = writeln!(out, "  notation: {}", s.notation.word());
    }
    let _ = writeln!(out, "  pieces:");
    for r in &s.roles {
        pieces_line(&mut out, s, r);
    }
    castling_line(&mut out, s, s.castling.as_ref());
    if let Some(p) = &s.setup {
        setup_lines(&mut out, s, p);
    }
    out += &crate::variant::drops_summary(v);
    let letters: Vec<char> = s.roles.iter().map(|r| r.letter).collect();
    end_line(&mut out, &s.end, &letters);
    out += &crate::variant::goals_summary(v);
    out
}

fn letter(s: &VariantSpec, r: Role) -> char {
    s.roles.get(r.index()).map_or('?', |d| d.letter)
}

fn letters(s: &VariantSpec, rs: &[Role]) -> String {
    rs.iter()
        .map(|&r| crate::types::letter_text(letter(s, r)))
        .collect::<Vec<_>>()
        .join(" ")
}

fn pieces_line(out: &mut String, s: &VariantSpec, r: &RoleDef) {
    let mut extra = String::new();
    if let Some(val) = r.value {
        let _ = write!(extra, " value {val}");
    }
    if r.royal {
        extra.push_str(" royal");
    }
    if r.pawn {
        extra.push_str(" pawn");
    }
    if let Some(c) = r.san {
        let _ = write!(extra, " san {c}");
    }
    if let Some(p) = &r.promotion {
        let zone = if p.zone == 1 {
            "the last rank".to_string()
        } else {
            format!("the last {} ranks", p.zone)
        };
        let _ = write!(extra, ", promotes on {zone} to {}", letters(s, &p.choices));
        if let Some(black) = &p.black_choices {
            let _ = write!(extra, " (White), {} (Black)", letters(s, black));
        }
        if p.optional {
            extra.push_str(" (optional where it can still move)");
        }
        if p.captured {
            extra.push_str(" (only to lost pieces)");
        }
        if p.leaving {
            extra.push_str(" (also on moves leaving the zone)");
        }
    }
    match &r.image {
        Some(PieceImage::Figures(f)) => {
            let names: Vec<&str> = f.iter().map(|f| f.name()).collect();
            let _ = write!(extra, ", image {}", names.join("+"));
        }
        Some(PieceImage::Files(w, b)) => {
            let _ = write!(extra, ", image {}", w.path);
            if let Some(b) = b {
                let _ = write!(extra, " {}", b.path);
            }
        }
        Some(PieceImage::Token(t)) => {
            let _ = write!(extra, ", image {} \"{}\"", t.shape.name(), t.white);
            if let Some(b) = &t.black {
                let _ = write!(extra, " \"{b}\"");
            }
        }
        None => {}
    }
    let shown = crate::types::letter_text(r.letter);
    let _ = writeln!(out, "    {shown} {} \"{}\"{extra}", r.name, r.betza);
}

fn castling_line(out: &mut String, s: &VariantSpec, c: Option<&CastlingRules>) {
    let Some(c) = c else {
        let _ = writeln!(out, "  castling: none");
        return;
    };
    let file = Geometry::file_char;
    let _ = write!(
        out,
        "  castling: rook {}; king-side king {} rook {}; queen-side king {} rook {}",
        letter(s, c.rook),
        file(c.king_side().0),
        file(c.king_side().1),
        file(c.queen_side().0),
        file(c.queen_side().1)
    );
    if !c.curtailed_files.is_empty() {
        let fs: Vec<String> = c
            .curtailed_files
            .iter()
            .map(|&f| file(f).to_string())
            .collect();
        let _ = write!(out, "; curtailed {}", fs.join(" "));
    }
    if c.strict_safety {
        let _ = write!(out, "; strict safety");
    }
    if !c.only_king_files.is_empty() || !c.only_rook_files.is_empty() {
        let fs = |v: &[u8]| -> String {
            let f: Vec<String> = v.iter().map(|&f| file(f).to_string()).collect();
            if f.is_empty() {
                "any".into()
            } else {
                f.join(" ")
            }
        };
        let _ = write!(
            out,
            "; only king {} rook {}",
            fs(&c.only_king_files),
            fs(&c.only_rook_files)
        );
    }
    out.push('\n');
}

fn setup_lines(out: &mut String, s: &VariantSpec, p: &SetupPhase) {
    let _ = writeln!(
        out,
        "  setup:{}",
        if p.randomized { " (randomized)" } else { "" }
    );
    if let Some(pl) = &p.placement {
        let rs = |v: &[u8]| -> String {
            let r: Vec<String> = v.iter().map(|r| (r + 1).to_string()).collect();
            r.join(" ")
        };
        let _ = write!(
            out,
            "    hand {} each; {} places first, then the sides alternate, on ranks {}",
            letters(s, &pl.hand),
            pl.first.name(),
            rs(&pl.ranks)
        );
        for (r, rk) in &pl.by_role {
            let _ = write!(out, ", {} on ranks {}", letter(s, *r), rs(rk));
        }
        out.push('\n');
    }
    if let Some(sh) = &p.shuffle {
        let _ = writeln!(
            out,
            "    shuffle the back rank{}",
            if sh.mirrored {
                ", Black mirrors White"
            } else {
                ", each side on its own"
            }
        );
    }
    for (i, st) in p.steps.iter().enumerate() {
        let side = st.side.name();
        match &st.action {
            StepAction::Swap {
                relocate,
                with,
                optional,
                ranks,
            } => {
                let _ = write!(
                    out,
                    "    {}. {side} swaps {} with {}",
                    i + 1,
                    letters(s, relocate),
                    letters(s, with)
                );
                if !ranks.is_empty() {
                    let rs: Vec<String> = ranks.iter().map(|r| (r + 1).to_string()).collect();
                    let _ = write!(out, " on ranks {}", rs.join(" "));
                }
                if *optional {
                    out.push_str(" (optional)");
                }
                out.push('\n');
            }
            StepAction::Mirror => {
                let _ = writeln!(out, "    {}. {side} mirrors", i + 1);
            }
            StepAction::SwapSquares { pairs, optional } => {
                let g = s.geometry;
                let each: Vec<String> = pairs
                    .iter()
                    .map(|&(a, b)| format!("{} {}", g.name(a), g.name(b)))
                    .collect();
                let _ = write!(out, "    {}. {side} swaps {}", i + 1, each.join(" or "));
                if *optional {
                    out.push_str(" (optional)");
                }
                out.push('\n');
            }
        }
    }
    for ps in &p.in_play {
        let what = match &ps.action {
            StepAction::Swap { relocate, with, .. } => {
                format!("{} with {}", letters(s, relocate), letters(s, with))
            }
            StepAction::SwapSquares { pairs, .. } => {
                let g = s.geometry;
                let each: Vec<String> = pairs
                    .iter()
                    .map(|&(a, b)| format!("{} {}", g.name(a), g.name(b)))
                    .collect();
                each.join(" or ")
            }
            StepAction::Mirror => String::new(),
        };
        let _ = writeln!(
            out,
            "    at move {} each side may swap {what} instead of moving",
            ps.move_number
        );
    }
    for c in &p.constraints {
        let when = match c.when {
            _ if p.placement.is_some() => "after each placement",
            ConstraintWhen::EachSwap => "after each swap",
            ConstraintWhen::Final => "at end",
        };
        let what = match &c.kind {
            ConstraintKind::OppositeColors(r) => format!("{} on opposite colours", letter(s, *r)),
            ConstraintKind::Between { inner, outer } => {
                format!("{} between {}", letter(s, *inner), letter(s, *outer))
            }
            ConstraintKind::NotOnFiles { role, files } => {
                let fs: Vec<String> = files
                    .iter()
                    .map(|&f| ((b'a' + f) as char).to_string())
                    .collect();
                format!("{} not on {}", letter(s, *role), fs.join(" "))
            }
            ConstraintKind::NotMirroring {
                side,
                unless_unchanged,
            } => format!(
                "{} not mirroring {}{}",
                side.name(),
                (!*side).name(),
                if *unless_unchanged {
                    " unless unchanged"
                } else {
                    ""
                }
            ),
        };
        let _ = writeln!(out, "    require {what} {when}");
    }
}

fn end_line(out: &mut String, e: &EndRules, letters: &[char]) {
    let mut ends = vec![format!(
        "stalemate {}",
        match (e.stalemate_draw, e.stalemate_win) {
            (true, _) => "draws",
            _ if e.stalemate_fewer_pieces => "is won by the side with fewer pieces",
            (false, true) => "wins",
            (false, false) => "loses",
        }
    )];
    if let Some(x) = &e.extinction {
        ends.push(match (&x.kinds, x.count) {
            (None, 1) if x.extinct_wins => "a bare king wins".into(),
            (None, 1) => "a bare king loses".into(),
            (None, _) if x.extinct_wins => "losing every piece wins".into(),
            (None, _) => "losing every piece loses".into(),
            (Some(k), n) => format!(
                "{} {} {}",
                if n == 0 {
                    "losing every".to_string()
                } else {
                    format!("keeping {n} or fewer of")
                },
                k.iter()
                    .map(|r| letters[r.index()].to_string())
                    .collect::<Vec<_>>()
                    .join(" or "),
                if x.extinct_wins { "wins" } else { "loses" }
            ),
        });
    }
    if e.captures_obligatory {
        ends.push("captures obligatory".into());
    }
    if e.checkmate_win {
        ends.push("checkmate wins for the mated side".into());
    }
    if let Some(n) = e.repetition {
        let result = match e.repetition_winner {
            Some(c) => format!("wins for {}", c.name()),
            None => "draws".into(),
        };
        let perpetual = if e.perpetual_check {
            " (perpetual check loses)"
        } else {
            ""
        };
        ends.push(format!("{n}-fold repetition {result}{perpetual}"));
    }
    if let Some(n) = e.move_rule {
        ends.push(format!("{n}-move rule"));
    }
    if e.insufficient_material {
        ends.push("insufficient material draws".into());
    }
    if let Some(c) = &e.counting {
        ends.push(format!(
            "Makruk's counting (board's honour {} moves)",
            c.board
        ));
    }
    let _ = write!(out, "  end: {}", ends.join(", "));
}
