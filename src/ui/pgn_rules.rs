//! Which rules a PGN game names, from its tags: a small private resolver for the GUI's Load
//! game, to be swapped for the shared one in `crate::game::pgn` once it lands.
//!
//! The `MyriadRules` tag wins when present; else the `Variant` tag: "Chess960" or
//! "Fischerandom" is Chess960; "Standard" (or no tag at all) is chess, and so is lichess's
//! "From Position" unless its FEN castles in a Chess960 way; a bundled game's name (as its
//! rules file declares it, "Regroupment Chess") is that bundled file.

use std::path::Path;

use super::app::BundledEntry;

/// The tag pairs at the head of the first game of a PGN text, in the order written.
pub(super) fn tags(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('%') {
            continue;
        }
        let Some(inner) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) else {
            break;
        };
        let Some((name, rest)) = inner.split_once(char::is_whitespace) else {
            continue;
        };
        let rest = rest.trim();
        let Some(value) = rest.strip_prefix('"').and_then(|r| r.strip_suffix('"')) else {
            continue;
        };
        out.push((
            name.to_string(),
            value.replace("\\\"", "\"").replace("\\\\", "\\"),
        ));
    }
    out
}

/// The rules spec (a bundled name or a path) a PGN's tags name, if it names one Myriad has.
pub(super) fn rules_for(tags: &[(String, String)], bundled: &[BundledEntry]) -> Option<String> {
    let tag = |name: &str| {
        tags.iter()
            .rev()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.trim())
    };
    let has = |name: &str| bundled.iter().any(|e| e.name == name);
    if let Some(r) = tag("MyriadRules") {
        let stem = r.strip_suffix(".rules").unwrap_or(r);
        if has(stem) {
            return Some(stem.to_string());
        }
        if Path::new(r).is_file() {
            return Some(r.to_string());
        }
    }
    let variant = tag("Variant").unwrap_or("Standard").to_lowercase();
    let chess = |s: &str| has(s).then(|| s.to_string());
    match variant.as_str() {
        "chess960" | "fischerandom" | "fischer random" | "fischerrandom" | "960" => {
            chess("chess960")
        }
        "standard" | "normal" | "classical" | "chess" | "" => chess("chess"),
        "from position" | "fromposition" => match tag("FEN") {
            Some(fen) if castles_960(fen) => chess("chess960"),
            _ => chess("chess"),
        },
        v => bundled
            .iter()
            .find(|e| e.title.to_lowercase() == v || e.name.to_lowercase() == v)
            .map(|e| e.name.clone()),
    }
}

/// Does this FEN castle in a way only Chess960 allows: castling letters naming files
/// (Shredder-FEN), or `KQkq` rights with the king off the e-file or a rook off its corner?
fn castles_960(fen: &str) -> bool {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let (Some(board), Some(castling)) = (fields.first(), fields.get(2)) else {
        return false;
    };
    if castling.chars().any(|c| !"KQkq-".contains(c)) {
        return true;
    }
    let ranks: Vec<Vec<char>> = board
        .split('/')
        .map(|r| {
            r.chars()
                .flat_map(|c| match c.to_digit(10) {
                    Some(n) => vec!['.'; n as usize],
                    None => vec![c],
                })
                .collect()
        })
        .collect();
    if ranks.len() != 8 || ranks.iter().any(|r| r.len() != 8) {
        return false;
    }
    // (right, rank row from the top, king, rook, rook file)
    let checks = [
        ('K', 7, 'K', 'R', 7),
        ('Q', 7, 'K', 'R', 0),
        ('k', 0, 'k', 'r', 7),
        ('q', 0, 'k', 'r', 0),
    ];
    checks.iter().any(|&(right, row, king, rook, file)| {
        castling.contains(right) && (ranks[row][4] != king || ranks[row][file] != rook)
    })
}

/// The PGN text with its `Variant` tag (if any) naming `name`, so that the rules it was
/// resolved to read it.
pub(super) fn retag(text: &str, name: &str) -> String {
    let tag = format!(
        "[Variant \"{}\"]",
        name.replace('\\', "\\\\").replace('"', "\\\"")
    );
    let out: Vec<String> = text
        .lines()
        .map(|l| {
            if l.trim_start().starts_with("[Variant ") {
                tag.clone()
            } else {
                l.to_string()
            }
        })
        .collect();
    out.join("\n") + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries() -> Vec<BundledEntry> {
        super::super::session::bundled_entries()
    }

    fn resolve(pgn: &str) -> Option<String> {
        rules_for(&tags(pgn), &entries())
    }

    #[test]
    fn resolves_the_names_lichess_and_myriad_write() {
        assert_eq!(resolve("1. e4 *").as_deref(), Some("chess"));
        assert_eq!(
            resolve("[Variant \"Standard\"]\n\n1. e4 *").as_deref(),
            Some("chess")
        );
        assert_eq!(
            resolve("[Variant \"Chess960\"]\n[FEN \"x\"]\n").as_deref(),
            Some("chess960")
        );
        assert_eq!(
            resolve("[Variant \"Fischerandom\"]\n").as_deref(),
            Some("chess960")
        );
        assert_eq!(
            resolve("[Variant \"Regroupment Chess\"]\n").as_deref(),
            Some("regroupment")
        );
        assert_eq!(
            resolve("[Variant \"Chess960\"]\n[MyriadRules \"placement\"]\n").as_deref(),
            Some("placement")
        );
        assert_eq!(resolve("[Variant \"Nonesuch\"]\n"), None);
        let std = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let fp = |fen: &str| format!("[Variant \"From Position\"]\n[FEN \"{fen}\"]\n");
        assert_eq!(resolve(&fp(std)).as_deref(), Some("chess"));
        let shredder = "bqnrknrb/pppppppp/8/8/8/8/PPPPPPPP/BQNRKNRB w GDgd - 0 1";
        assert_eq!(resolve(&fp(shredder)).as_deref(), Some("chess960"));
        let kq = "bqnrkrnb/pppppppp/8/8/8/8/PPPPPPPP/BQNRKRNB w KQkq - 0 1";
        assert_eq!(resolve(&fp(kq)).as_deref(), Some("chess960"));
    }

    #[test]
    fn retag_replaces_the_variant_tag() {
        assert_eq!(
            retag(
                "[Variant \"From Position\"]\n[FEN \"x\"]\n\n1. e4 *",
                "Chess"
            ),
            "[Variant \"Chess\"]\n[FEN \"x\"]\n\n1. e4 *\n"
        );
        assert_eq!(retag("1. e4 *", "Chess"), "1. e4 *\n");
    }
}
