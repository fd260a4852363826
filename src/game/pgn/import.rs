//! Reading a PGN game: the `Variant` tag checked, the setup steps replayed and checked
//! against the `FEN` tag, then the movetext.

use std::sync::Arc;

use super::tokens::{tokenize, Tag, Token};
use super::world::{self, RULES_FILE_TAG, RULES_HASH_TAG, RULES_TAG};
use super::{is_result, PgnError, SETUP_STEPS_TAG};
use crate::game::Game;
use crate::position::AnyPosition;
use crate::variant::{Origin, Variant};

/// Does a `Variant` tag name this variant? Compared without case with the rules file's `name`
/// and the name it was loaded by (`regroupment`, `rules/regroupment.rules`), and as
/// python-chess compares names with its `pgn-variant` (`Three check` is `Three-check`).
fn names_variant(v: &Variant, tag: &str) -> bool {
    let t = tag.trim().to_lowercase();
    let origin = v.origin().display().to_lowercase();
    let stem = v.origin().stem().to_lowercase();
    let name = v.name().to_lowercase();
    t == name
        || v.pgn_variant()
            .is_some_and(|p| world::same_variant_name(p, &t))
        || t == origin
        || t == stem
        || (name == "chess"
            && matches!(
                t.as_str(),
                "standard" | "normal" | "classical" | "from position"
            ))
        || (name == "chess960" && matches!(t.as_str(), "fischerandom" | "fischer random"))
}

/// Do the tags name the rules `v`? `MyriadRules` (a bundled file), else `MyriadRulesFile` (a
/// path: the same path or file name, the same text by `MyriadRulesHash`, or a `Variant` tag
/// naming `v`), else the `Variant` tag, else any rules do.
fn check_rules(v: &Variant, tags: &[Tag]) -> Result<(), PgnError> {
    let tag = |name: &str| tags.iter().rev().find(|t| t.name == name);
    let variant_names_v = tag("Variant").is_some_and(|t| names_variant(v, &t.value));
    if let Some(t) = tag(RULES_TAG) {
        let Some(name) = world::bundled_named(&t.value) else {
            return Err(world::unknown_bundled(t));
        };
        if v.origin().stem() == name || v.name().eq_ignore_ascii_case(name) {
            return Ok(());
        }
        return Err(at(
            t.line,
            t.column,
            format!(
                "this game is played under `rules/{name}.rules`, not `{}`",
                v.origin().display()
            ),
            Some(format!("load the bundled rules `{name}`")),
        ));
    }
    if let Some(t) = tag(RULES_HASH_TAG) {
        if !world::is_hash(t.value.trim()) {
            return Err(at(
                t.line,
                t.column,
                format!("`{RULES_HASH_TAG}` is not a hash: `{}`", t.value),
                Some("write the 16 hexadecimal digits Myriad wrote, or remove the tag".into()),
            ));
        }
    }
    if let Some(t) = tag(RULES_FILE_TAG) {
        let path = std::path::Path::new(t.value.trim());
        if t.value.trim().is_empty() {
            return Err(at(
                t.line,
                t.column,
                format!("`{RULES_FILE_TAG}` names no file"),
                Some("write the path of the rules file, or remove the tag".into()),
            ));
        }
        let same_file = match v.origin() {
            Origin::File(p) => p == path || p.file_name() == path.file_name(),
            Origin::Bundled(n) => path.file_stem().is_some_and(|s| s == n.as_str()),
        };
        let same_text = tag(RULES_HASH_TAG).is_some_and(|h| {
            world::rules_tags(v)
                .iter()
                .any(|(k, x)| *k == RULES_HASH_TAG && x.eq_ignore_ascii_case(h.value.trim()))
        });
        if same_file || same_text || variant_names_v {
            return Ok(());
        }
        return Err(at(
            t.line,
            t.column,
            format!(
                "this game is played under `{}`, not `{}`",
                t.value.trim(),
                v.origin().display()
            ),
            Some(format!("open the rules file `{}`", t.value.trim())),
        ));
    }
    match tag("Variant") {
        Some(t) if !variant_names_v => Err(at(
            t.line,
            t.column,
            format!("this game is `{}`, not `{}`", t.value, v.name()),
            Some(format!("load the rules file of `{}`", t.value)),
        )),
        _ => Ok(()),
    }
}

/// Reads the first game of a PGN text into a [`Game`] of `variant`: the setup steps from the
/// `SetupSteps` tag (checked against the `FEN` tag), or the `FEN` position when there are none,
/// then the movetext. Never panics; errors say where (line:column) and how to fix it.
pub fn import(variant: &Arc<Variant>, text: &str) -> Result<Game, PgnError> {
    import_with_tags(variant, text).map(|(g, _)| g)
}

/// Like [`import`], also returning every tag pair in the order read.
pub fn import_with_tags(
    variant: &Arc<Variant>,
    text: &str,
) -> Result<(Game, Vec<(String, String)>), PgnError> {
    let (tags, tokens) = tokenize(text)?;
    let tag = |name: &str| tags.iter().rev().find(|t| t.name == name);
    let v = &**variant;
    check_rules(v, &tags)?;
    let fen_tag = tag("FEN");
    let fen_pos = match fen_tag {
        Some(t) => Some(AnyPosition::from_fen(v, &t.value).map_err(|e| {
            at(
                t.line,
                t.column + e.offset,
                format!("bad FEN: {}", e.message),
                e.help.clone(),
            )
        })?),
        None => None,
    };
    let random = v.is_random_setup();
    let mut fen_check = FenCheck {
        tag: fen_tag.zip(fen_pos),
        done: false,
    };
    let mut game = if let Some(t) = tag(SETUP_STEPS_TAG) {
        replay_setup_steps(variant, t)?
    } else if let Some(p) = &fen_pos {
        let mut game = Game::from_position(variant.clone(), *p);
        // A randomized variant's FEN is its drawn start, not a position set up by hand.
        game.from_fen = !random;
        fen_check.done = true;
        game
    } else if random {
        return Err(at(
            1,
            1,
            format!(
                "`{}` starts from a random array, but there is no FEN tag",
                v.name()
            ),
            Some("add the `[SetUp \"1\"]` and `[FEN \"...\"]` tags of the start position".into()),
        ));
    } else {
        Game::new_with_setup(variant.clone())
    };
    fen_check.check(&game)?;
    replay_movetext(&mut game, &tokens, &mut fen_check)?;
    let result = tokens
        .iter()
        .find(|t| is_result(&t.text))
        .map(|t| t.text.as_str())
        .or(tag("Result").map(|t| t.value.trim()));
    end_as_recorded(
        &mut game,
        result,
        tag("Termination").map(|t| t.value.as_str()),
    );
    let pairs = tags.into_iter().map(|t| (t.name, t.value)).collect();
    Ok((game, pairs))
}

/// A game the board did not decide ends as the PGN records it: a decisive result by
/// resignation, a drawn one by agreement (`Termination` absent or `normal`, as lichess writes
/// them), or on time (`time forfeit`: the loser flagged; in a draw, the side to move, whose time
/// was running). Any other termination (adjudication, an abandoned game, a match's own words)
/// leaves the game open, as does `*`.
fn end_as_recorded(game: &mut Game, result: Option<&str>, termination: Option<&str>) {
    use crate::game::{Outcome, Reason};
    use crate::types::Color;
    if game.outcome().is_some() {
        return;
    }
    let winner = match result {
        Some("1-0") => Some(Color::White),
        Some("0-1") => Some(Color::Black),
        Some("1/2-1/2") => None,
        _ => return,
    };
    let reason = match termination
        .map(|t| t.trim().to_ascii_lowercase())
        .as_deref()
    {
        None | Some("normal") => match winner {
            Some(_) => Reason::Resignation,
            None => Reason::Agreement,
        },
        Some("time forfeit") => Reason::TimeForfeit {
            flagged: winner.map_or(game.turn(), |w| !w),
        },
        Some(_) => return,
    };
    // the game is open (checked above), so this cannot be refused
    let _ = game.end_off_board(Outcome { winner, reason });
}

/// An error at a place of the text.
fn at(line: usize, column: usize, message: String, help: Option<String>) -> PgnError {
    PgnError {
        line,
        column,
        message,
        help,
    }
}

/// The `FEN` tag, checked once against the position where the game proper begins.
struct FenCheck<'t> {
    tag: Option<(&'t Tag, AnyPosition)>,
    done: bool,
}

impl FenCheck<'_> {
    /// Once the setup phase is over (the first call after it), is the position the tag's?
    fn check(&mut self, game: &Game) -> Result<(), PgnError> {
        if self.done || game.in_setup() {
            return Ok(());
        }
        self.done = true;
        if let Some((t, p)) = &self.tag {
            let v = game.variant();
            let want = p.fen_shredder(v);
            let got = game.position().fen_shredder(v);
            if want != got {
                return Err(at(
                    t.line,
                    t.column,
                    "the FEN tag is not the position the setup steps lead to".into(),
                    Some(format!("the setup steps give `{got}`")),
                ));
            }
        }
        Ok(())
    }
}

/// A game that has played the setup steps of the `SetupSteps` tag `t`.
fn replay_setup_steps(variant: &Arc<Variant>, t: &Tag) -> Result<Game, PgnError> {
    let v = &**variant;
    let has_steps = v
        .setup()
        .is_some_and(|s| !s.steps.is_empty() && s.shuffle.is_none());
    if !has_steps {
        return Err(at(
            t.line,
            t.column,
            format!("`{}` has no setup steps", v.name()),
            Some(format!("remove the {SETUP_STEPS_TAG} tag")),
        ));
    }
    let mut game = Game::new_with_setup(variant.clone());
    let mut offset = 0;
    // an empty value: the setup phase has begun, no step played yet
    let parts = if t.value.trim().is_empty() {
        ""
    } else {
        t.value.as_str()
    };
    for part in parts.split(',').filter(|_| !parts.is_empty()) {
        let word = part.trim();
        let lead = part.len() - part.trim_start().len();
        let col = t.column + t.value[..offset].chars().count() + lead;
        offset += part.len() + 1;
        if word.is_empty() {
            return Err(at(
                t.line,
                col,
                "empty setup step".into(),
                Some("separate the steps with single commas: `swap e8 c8, pass`".into()),
            ));
        }
        if !game.in_setup() {
            return Err(at(
                t.line,
                col,
                format!("`{word}`: the setup phase is already over"),
                Some("remove the extra setup steps".into()),
            ));
        }
        let m = game
            .parse_move(word)
            .map_err(|e| at(t.line, col, e.message.clone(), e.help.clone()))?;
        game.play(m)
            .map_err(|e| at(t.line, col, e.message.clone(), e.help.clone()))?;
    }
    Ok(game)
}

/// Plays the movetext's moves (setup steps may lead it) up to the result token.
fn replay_movetext(
    game: &mut Game,
    tokens: &[Token],
    fen_check: &mut FenCheck,
) -> Result<(), PgnError> {
    let mut i = 0;
    while i < tokens.len() {
        let t = &tokens[i];
        if is_result(&t.text) {
            break;
        }
        let mut text = t.text.clone();
        if text.eq_ignore_ascii_case("swap") && i + 2 < tokens.len() {
            text = format!("swap {} {}", tokens[i + 1].text, tokens[i + 2].text);
            i += 2;
        }
        i += 1;
        if let Some(o) = game.outcome() {
            return Err(at(
                t.line,
                t.column,
                format!("`{text}` comes after the end of the game ({o})"),
                Some("remove the moves after the last one".into()),
            ));
        }
        let m = game
            .parse_move(&text)
            .map_err(|e| at(t.line, t.column, e.message.clone(), e.help.clone()))?;
        game.play(m)
            .map_err(|e| at(t.line, t.column, e.message.clone(), e.help.clone()))?;
        fen_check.check(game)?;
    }
    Ok(())
}
