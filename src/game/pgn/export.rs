//! Writing a game as PGN: the seven-tag roster, the computed tags, the movetext.

use super::world::{rules_tags, world_names};
use super::{COMPUTED, SETUP_STEPS_TAG, SEVEN_TAG_ROSTER};
use crate::game::{Game, Phase};
use crate::position::AnyPosition;

/// Escapes a tag value (`\` and `"`), and turns line breaks into spaces.
fn escape(value: &str) -> String {
    let mut s = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' => s.push_str("\\\\"),
            '"' => s.push_str("\\\""),
            '\n' | '\r' => s.push(' '),
            c => s.push(c),
        }
    }
    s
}

/// Writes `game` as PGN. `tags` give values for the seven-tag roster (unknown ones are `?`)
/// and any further tags; `Variant`, the `Myriad...` tags, `SetupSteps`, `SetUp` and `FEN` are
/// always computed from the game (see the [module documentation](super)). `Result` is the game's outcome when it is over, else the value given, else `*`;
/// a game that is over gets a `Termination` tag (`time forfeit` or `normal`) unless one is given.
pub fn export(game: &Game, tags: &[(&str, &str)]) -> String {
    let v = game.variant();
    let given = |name: &str| {
        tags.iter()
            .rev()
            .find(|(k, _)| *k == name)
            .map(|(_, val)| val.to_string())
    };
    let result = match game.outcome() {
        Some(o) => o.pgn_result().to_string(),
        None => given("Result").unwrap_or_else(|| "*".into()),
    };
    let mut out = String::new();
    for (name, default) in SEVEN_TAG_ROSTER {
        let value = if name == "Result" {
            result.clone()
        } else {
            given(name).unwrap_or_else(|| default.into())
        };
        out += &format!("[{name} \"{}\"]\n", escape(&value));
    }
    let history = game.history();
    // A game set up from a FEN in the middle of its setup phase (a Pre-Chess position with
    // pieces still in hand): the FEN is where it began, and every move, placements included,
    // is in the movetext, which the importer replays from that FEN.
    let resumed = game.started_from_fen() && matches!(game.initial_phase(), Phase::Setup { .. });
    let setup_len = if resumed {
        0
    } else {
        history.iter().take_while(|p| p.mv.is_setup()).count()
    };
    // The position the game proper began from: after the last setup step, or the start.
    let play_start: Option<AnyPosition> = if setup_len < history.len() {
        Some(history[setup_len].before)
    } else if !game.in_setup() {
        Some(*game.position())
    } else {
        None
    };
    let (variant_name, fen) = if resumed {
        (
            v.name().to_string(),
            Some(game.initial_position().fen_shredder(v)),
        )
    } else {
        world_names(v, play_start.as_ref())
    };
    out += &format!("[Variant \"{}\"]\n", escape(&variant_name));
    for (name, value) in rules_tags(v) {
        out += &format!("[{name} \"{}\"]\n", escape(&value));
    }
    // A randomized variant whose setup phase is being played by hand (see
    // `Game::new_with_setup`) gets the tag even before its first step, empty: without it the
    // importer would expect the drawn start in a FEN tag.
    let random = v.is_random_setup();
    if setup_len > 0 || (random && game.in_setup()) {
        let steps: Vec<&str> = history[..setup_len]
            .iter()
            .map(|p| p.san.as_str())
            .collect();
        out += &format!("[{SETUP_STEPS_TAG} \"{}\"]\n", escape(&steps.join(", ")));
    }
    if let Some(fen) = fen {
        out += "[SetUp \"1\"]\n";
        out += &format!("[FEN \"{fen}\"]\n");
    }
    // How the game ended, as the PGN standard and lichess say it (`time forfeit`, `normal`),
    // unless the caller says it in its own words (`myriad match`).
    if let Some(o) = game.outcome() {
        if given("Termination").is_none() {
            out += &format!("[Termination \"{}\"]\n", o.termination());
        }
    }
    for (name, value) in tags {
        if SEVEN_TAG_ROSTER.iter().any(|(n, _)| n == name) || COMPUTED.contains(name) {
            continue;
        }
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            continue;
        }
        out += &format!("[{name} \"{}\"]\n", escape(value));
    }
    out.push('\n');

    // Movetext: chess moves only, numbered from the FEN's move number.
    let mut words: Vec<String> = Vec::new();
    let mut first = true;
    for ply in &history[setup_len..] {
        let turn = ply.before.turn();
        let n = ply.before.fullmove_number();
        if turn.is_white() {
            words.push(format!("{n}."));
        } else if first {
            words.push(format!("{n}..."));
        }
        first = false;
        words.push(ply.san.clone());
    }
    words.push(result);
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > 79 {
            out += &line;
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line += &w;
    }
    out += &line;
    out.push('\n');
    out
}
