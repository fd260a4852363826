//! What the rest of the world reads: the `Variant` name other programs know (`Standard`,
//! `Chess960`, or the game's own name), X-FEN castling, and Myriad's own tags naming the rules
//! (`MyriadRules`, or `MyriadRulesFile` with `MyriadRulesHash`); and back: which rules a PGN
//! names ([`rules_of`]).

use std::sync::OnceLock;

use super::tokens::{tokenize, Tag};
use super::PgnError;
use crate::position::AnyPosition;
use crate::variant::{Origin, Variant};

/// The tag naming the bundled rules file a game was played under (`regroupment`).
pub const RULES_TAG: &str = "MyriadRules";
/// The tag holding the path of a user's own rules file a game was played under.
pub const RULES_FILE_TAG: &str = "MyriadRulesFile";
/// The tag holding [`rules_hash`] of that file's text, when it could be read.
pub const RULES_HASH_TAG: &str = "MyriadRulesHash";

/// A stable hash of a rules file's source text: 64-bit FNV-1a over its UTF-8 bytes (offset
/// basis `0xcbf29ce484222325`, prime `0x100000001b3`), written as 16 lower-case hex digits.
/// The same text gives the same hash on every machine and in every Myriad version.
pub fn rules_hash(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// Is `s` a value [`rules_hash`] can write (16 hex digits)?
pub(super) fn is_hash(s: &str) -> bool {
    s.len() == 16 && s.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Myriad's tags naming the rules of `v`: the bundled file's name, or a user's file's path
/// (absolute when the file exists) and (when the file can be read now) the hash of its text.
pub(super) fn rules_tags(v: &Variant) -> Vec<(&'static str, String)> {
    match v.origin() {
        Origin::Bundled(n) => vec![(RULES_TAG, n.clone())],
        Origin::File(p) => {
            // an absolute path, so that the game can be opened from another directory
            let full = std::fs::canonicalize(p).unwrap_or_else(|_| p.clone());
            let mut tags = vec![(RULES_FILE_TAG, full.display().to_string())];
            if let Ok(text) = std::fs::read_to_string(p) {
                tags.push((RULES_HASH_TAG, rules_hash(&text)));
            }
            tags
        }
    }
}

/// The bundled rules of orthodox chess, compiled once.
fn chess() -> Option<&'static Variant> {
    static CHESS: OnceLock<Option<std::sync::Arc<Variant>>> = OnceLock::new();
    CHESS
        .get_or_init(|| crate::rules::load("chess").ok())
        .as_deref()
}

/// Does `v` play by the moves of orthodox chess (Chess960 castling)? 8x8, the pieces K Q R B N
/// P moving as in chess (pawns from their usual rank, promoting to Q R B N on the last), castling
/// landing on g/f and c/d with the Chess960 safety rule, stalemate a draw, no swaps during play.
/// Where the pieces start and the setup phase do not matter.
pub(super) fn plays_orthodox_chess(v: &Variant) -> bool {
    let Some(c) = chess() else { return false };
    let g = v.geometry();
    // (a goal besides mate, such as King of the Hill's, or a rule end such as extinction makes
    // another game)
    if (g.files, g.ranks) != (8, 8)
        || v.has_play_swaps
        || v.has_rule_ends
        || !v.end().stalemate_draw
        || v.royal_free
        || v.has_drops
    {
        return false;
    }
    if v.role_count() != c.role_count() {
        return false;
    }
    let letters = |v: &Variant, rs: &[crate::types::Role]| -> Vec<char> {
        rs.iter().map(|&r| v.role(r).letter).collect()
    };
    let same_roles = c.roles().all(|cr| {
        let cd = c.role(cr);
        let Some(r) = v.roles().find(|&r| v.role(r).letter == cd.letter) else {
            return false;
        };
        let d = v.role(r);
        let promo = |v: &Variant, p: &Option<crate::variant::Promotion>| {
            p.as_ref().map(|p| {
                let black = p.black_choices.as_ref().map(|b| letters(v, b));
                (p.zone, letters(v, &p.choices), black)
            })
        };
        d.atoms == cd.atoms
            && d.royal == cd.royal
            && d.pawn == cd.pawn
            && promo(v, &d.promotion) == promo(c, &cd.promotion)
            && crate::types::Color::ALL
                .into_iter()
                .all(|col| v.initial_ranks[col][r.index()] == c.initial_ranks[col][cr.index()])
    });
    let castling = match (v.castling(), c.castling()) {
        (Some(a), Some(b)) => {
            v.role(a.rook).letter == c.role(b.rook).letter
                && a.landing == b.landing
                && !a.strict_safety
        }
        _ => false,
    };
    same_roles && castling
}

/// The rows of a FEN's board field, rank 8 (the last) first, one character per square.
fn rows(board: &str) -> Vec<Vec<char>> {
    board
        .split('/')
        .map(|row| {
            let mut out = Vec::new();
            let mut n = 0usize;
            for ch in row.chars() {
                if let Some(d) = ch.to_digit(10) {
                    n = n * 10 + d as usize;
                } else {
                    out.extend(std::iter::repeat_n('.', n));
                    n = 0;
                    out.push(ch);
                }
            }
            out.extend(std::iter::repeat_n('.', n));
            out
        })
        .collect()
}

/// A Shredder-FEN (`HAha`) rewritten as X-FEN: `K`/`Q` (`k`/`q`) for a right whose rook is the
/// outermost rook on its side of the king, the rook's file letter otherwise. This is what
/// lichess writes for Chess960 and what python-chess and Myriad read.
pub(super) fn xfen(shredder: &str) -> String {
    let mut f: Vec<String> = shredder.split(' ').map(str::to_string).collect();
    if f.len() < 3 || f[2] == "-" {
        return shredder.to_string();
    }
    let rows = rows(&f[0]);
    let mut castling = String::new();
    for ch in f[2].chars() {
        let white = ch.is_ascii_uppercase();
        let back = if white { rows.last() } else { rows.first() };
        let (king, rook) = if white { ('K', 'R') } else { ('k', 'r') };
        let file = (ch.to_ascii_lowercase() as u8).wrapping_sub(b'a') as usize;
        let written = back.and_then(|b| {
            let kf = b.iter().position(|&c| c == king)?;
            let outer = if file > kf {
                !b[file + 1..].contains(&rook)
            } else {
                !b[..file].contains(&rook)
            };
            let letter = if file > kf { 'k' } else { 'q' };
            outer.then(|| {
                if white {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                }
            })
        });
        castling.push(written.unwrap_or(ch));
    }
    f[2] = castling;
    f.join(" ")
}

/// Is the position a Chess960 position to other programs: one king a side, no pawn on a back
/// rank (castling rights already name a rook beside the king on its back rank)?
fn is_chess960_position(shredder: &str) -> bool {
    let board = shredder.split(' ').next().unwrap_or("");
    let rows = rows(board);
    let count = |c: char| rows.iter().flatten().filter(|&&x| x == c).count();
    let pawn_on_back = [rows.first(), rows.last()]
        .into_iter()
        .flatten()
        .any(|r| r.iter().any(|&c| c == 'P' || c == 'p'));
    rows.len() == 8 && count('K') == 1 && count('k') == 1 && !pawn_on_back
}

/// The `Variant` tag and `FEN` tag for a game of `v` whose game proper began at `start`
/// (`None`: still in the setup phase). Orthodox chess without a setup phase from a position
/// with orthodox castling is `Standard`; any other game with the moves of orthodox chess from
/// a Chess960 position is `Chess960` (X-FEN castling); anything else keeps the game's name and
/// Shredder-FEN castling. A rules file's `pgn-variant` names the game instead, always.
pub(super) fn world_names(v: &Variant, start: Option<&AnyPosition>) -> (String, Option<String>) {
    if let Some(name) = v.pgn_variant() {
        // the name lichess and python-chess know the game by, with the FEN they read: X-FEN
        return (name.to_string(), start.map(|p| xfen(&p.fen_shredder(v))));
    }
    let Some(p) = start else {
        return (v.name().to_string(), None);
    };
    let shredder = p.fen_shredder(v);
    if !plays_orthodox_chess(v) || !is_chess960_position(&shredder) {
        return (v.name().to_string(), Some(shredder));
    }
    let fen = xfen(&shredder);
    let mut fields = fen.split(' ');
    let board = rows(fields.next().unwrap_or(""));
    let castling = fields.nth(1).unwrap_or("-");
    let king_on_e = |white: bool| {
        let (row, king) = if white { (7, 'K') } else { (0, 'k') };
        board.get(row).and_then(|r| r.get(4)) == Some(&king)
    };
    let standard = v.setup().is_none()
        && p.castling_is_standard(v)
        && castling.chars().all(|c| match c {
            'K' | 'Q' => king_on_e(true),
            'k' | 'q' => king_on_e(false),
            c => c == '-',
        });
    let name = if standard { "Standard" } else { "Chess960" };
    (name.to_string(), Some(fen))
}

/// The text a bundled rules file gives an item (its first `name "..."` or `pgn-variant "..."`
/// line), without compiling it. `pgn-variant` is never inherited, so the file's own line is
/// the whole truth.
fn declared<'s>(source: &'s str, item: &str) -> Option<&'s str> {
    source.lines().find_map(|l| {
        let rest = l.trim_start().strip_prefix(item)?;
        let rest = rest.trim_start().strip_prefix('"')?;
        rest.split('"').next()
    })
}

/// Do two `Variant` names name the same game? Compared as python-chess does, without case, and
/// without spaces and hyphens, so `Three-check`, `Three check` and `threecheck` agree, and
/// `King of the Hill` is also `kingofthehill` (Fairy-Stockfish's name).
pub(super) fn same_variant_name(a: &str, b: &str) -> bool {
    let key = |s: &str| -> String {
        s.chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .collect()
    };
    let (a, b) = (key(a), key(b));
    !a.is_empty() && a == b
}

/// The bundled file `value` names (`regroupment`, `rules/regroupment.rules`), if any.
pub(super) fn bundled_named(value: &str) -> Option<&'static str> {
    let n = Origin::bundled_name(value.trim());
    crate::rules::bundled()
        .iter()
        .find(|(name, _)| *name == n)
        .map(|(name, _)| *name)
}

/// The error for a `MyriadRules` tag that names no bundled file.
pub(super) fn unknown_bundled(t: &Tag) -> PgnError {
    let names: Vec<&str> = crate::rules::bundled().iter().map(|(n, _)| *n).collect();
    PgnError {
        line: t.line,
        column: t.column,
        message: format!("`{RULES_TAG}` names no bundled rules file: `{}`", t.value),
        help: Some(format!(
            "bundled files are {}; for a file of your own write `[{RULES_FILE_TAG} \"PATH\"]`",
            names.join(", ")
        )),
    }
}

/// Which rules a PGN text names, so that a program can load them before [`super::import`]:
/// - `MyriadRules "NAME"`: the bundled file (an error with line:column if there is none);
/// - else `MyriadRulesFile "PATH"`: that file (whether it exists is for the caller to find);
/// - else the `Variant` tag: `Chess960`, `Fischerandom`, `Fischer Random` -> `chess960`;
///   `Standard`, `From Position`, `Normal`, `Classical` or no tag -> `chess`; a bundled game's
///   name (`Regroupment Chess`) or file name (`regroupment`) -> that file, compared without
///   case, or the name its `pgn-variant` gives (`King of the Hill`, also `kingofthehill`,
///   spaces, hyphens and case aside). Any other name gives `Ok(None)`: the text names no rules Myriad has.
///
/// Only the tags are looked at beyond the syntax check of the whole text (a text
/// [`super::import`] would reject as malformed is rejected here with the same error).
pub fn rules_of(text: &str) -> Result<Option<Origin>, PgnError> {
    let (tags, _) = tokenize(text)?;
    let tag = |name: &str| tags.iter().rev().find(|t| t.name == name);
    if let Some(t) = tag(RULES_TAG) {
        return match bundled_named(&t.value) {
            Some(n) => Ok(Some(Origin::Bundled(n.to_string()))),
            None => Err(unknown_bundled(t)),
        };
    }
    if let Some(t) = tag(RULES_FILE_TAG) {
        if !t.value.trim().is_empty() {
            return Ok(Some(Origin::File(t.value.trim().into())));
        }
    }
    let Some(t) = tag("Variant") else {
        return Ok(Some(Origin::Bundled("chess".into())));
    };
    let key: String = t.value.trim().to_lowercase();
    let bundled = |n: &str| Ok(Some(Origin::Bundled(n.to_string())));
    match key.as_str() {
        "chess960" | "chess 960" | "fischerandom" | "fischer random" | "fischerrandom" => {
            return bundled("chess960")
        }
        // lichess writes a Chess960 game set up from a position as "From Position"
        "from position" if tag("FEN").is_some_and(|f| castles_960(&f.value)) => {
            return bundled("chess960")
        }
        "" | "standard" | "from position" | "normal" | "classical" => return bundled("chess"),
        _ => {}
    }
    for (name, source) in crate::rules::bundled() {
        let own = declared(source, "name").map(str::to_lowercase);
        let pgn = declared(source, "pgn-variant");
        if key == *name
            || own.as_deref() == Some(key.as_str())
            || pgn.is_some_and(|p| same_variant_name(p, &key))
        {
            return bundled(name);
        }
    }
    Ok(bundled_named(&key).map(|n| Origin::Bundled(n.to_string())))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xfen_uses_letters_only_for_inner_rooks() {
        let s = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1";
        assert_eq!(xfen(s), s.replace("HAha", "KQkq"));
        let s = "1r2k1rr/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w HAg - 0 1";
        assert_eq!(xfen(s), s.replace("HAg", "KQg"));
        let s = "8/8/8/8/8/8/8/K7 w - - 0 1";
        assert_eq!(xfen(s), s);
    }

    #[test]
    fn the_hash_is_fnv1a_64() {
        // the published FNV-1a 64 test vectors
        assert_eq!(rules_hash(""), "cbf29ce484222325");
        assert_eq!(rules_hash("a"), "af63dc4c8601ec8c");
        assert_eq!(rules_hash("foobar"), "85944171f73967e8");
        assert!(is_hash(&rules_hash("x")));
    }

    fn resolve(pgn: &str) -> Option<String> {
        rules_of(pgn).ok().flatten().map(|o| o.spec())
    }

    #[test]
    fn resolves_the_names_lichess_and_myriad_write_for_the_gui() {
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
}
