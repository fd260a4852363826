//! A game replayed under other rules: what a designer's edit of the rules file does to the
//! game on the board. Either every step and move still fits (the game goes on under the new
//! rules), or the first one that does not is named, as the game wrote it, with the reason.

use std::fmt;
use std::sync::Arc;

use super::{setup, Game, Phase, Ply};
use crate::position::AnyPosition;
use crate::types::{Color, MoveKind, Piece};
use crate::variant::Variant;

/// The first part of a game that the new rules no longer allow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Misfit {
    /// The index of the ply in the old game's history, or `None` when the start itself no
    /// longer fits (before any step or move).
    pub ply: Option<usize>,
    /// The step or move as the old game wrote it: `step 3, Black: swap e8 g8`, `12...Nf6`,
    /// `the start position`.
    pub label: String,
    /// Why it does not fit, in words: `the new setup phase does not offer this swap`.
    pub reason: String,
}

impl fmt::Display for Misfit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.label, self.reason)
    }
}

impl Game {
    /// This game replayed under `v` (the same start, the same steps and moves), or the first
    /// ply that no longer fits and why. A game that began from a FEN or a random array keeps
    /// its start; any other must begin from the new rules' own array, which has to be the one
    /// the game began from.
    pub fn replay_under(&self, v: &Arc<Variant>) -> Result<Game, Misfit> {
        let mut g = self.replay_start(v)?;
        let mut step = 0;
        for (i, p) in self.history.iter().enumerate() {
            let label = ply_label(p, step);
            if p.mv.is_setup() {
                step += 1;
            }
            let misfit = |reason: String| Misfit {
                ply: Some(i),
                label: label.clone(),
                reason,
            };
            if let Err(reason) = fits(self, &g, p) {
                return Err(misfit(reason));
            }
            g.play(p.mv).map_err(|e| misfit(e.message))?;
        }
        Ok(g)
    }

    /// The new game's start: the same as this game's, or the reason it cannot be.
    fn replay_start(&self, v: &Arc<Variant>) -> Result<Game, Misfit> {
        let start = |reason: String| Misfit {
            ply: None,
            label: "the start position".into(),
            reason,
        };
        if self.from_fen || self.variant.is_random_setup() {
            // A FEN or a randomized start: keep the same arrays.
            let fen = self.initial.fen(&self.variant);
            return Game::from_fen(v.clone(), &fen)
                .map_err(|e| start(format!("the new rules cannot set it up: {e}")));
        }
        let g = Game::new_seeded(v.clone(), 0);
        match array_difference(&self.variant, &self.initial, v, &g.initial) {
            Some(why) => Err(start(format!(
                "the array no longer matches the new start ({why})"
            ))),
            None => Ok(g),
        }
    }
}

/// How the old game writes ply `p`: `step 3, Black: swap e8 g8` for a setup step (`keep` for
/// a declined one), `12. e4` or `12...Nf6` for a move. `steps` counts the steps before it.
fn ply_label(p: &Ply, steps: usize) -> String {
    let side = p.before.turn();
    if p.mv.is_setup() {
        let what = if p.mv.kind == MoveKind::Pass {
            "keep"
        } else {
            p.san.as_str()
        };
        return format!("step {}, {side}: {what}", steps + 1);
    }
    let dots = if side == Color::White { ". " } else { "..." };
    format!("{}{dots}{}", p.before.fullmove_number(), p.san)
}

/// Does ply `p` of `old` fit where the replayed game `new` stands? The reason if it does not,
/// more precise than "not legal": the phase or the step differs, or the game is over.
fn fits(old: &Game, new: &Game, p: &Ply) -> Result<(), String> {
    let v = new.variant();
    if let Some(o) = new.outcome() {
        return Err(format!("the game is already over under the new rules: {o}"));
    }
    match (p.phase_before, new.phase()) {
        (Phase::Setup { .. }, Phase::Play) => Err(format!(
            "the new setup phase has ended before it (it has {} steps)",
            v.setup().map_or(0, |s| s.steps.len())
        )),
        (Phase::Play, Phase::Setup { step }) => Err(format!(
            "the new rules have a setup step here ({})",
            setup::describe_step(v, step)
        )),
        (Phase::Setup { .. }, Phase::Setup { step }) => {
            if new.turn() != p.before.turn() {
                return Err(format!(
                    "the new setup phase gives this step to {} ({})",
                    new.turn(),
                    setup::describe_step(v, step)
                ));
            }
            if new.is_legal(p.mv) {
                return Ok(());
            }
            let what = match p.mv.kind {
                MoveKind::Pass => "does not let this step be declined",
                MoveKind::Drop => "does not offer this placement",
                _ => "does not offer this swap",
            };
            Err(format!(
                "the new setup phase {what} ({})",
                setup::describe_step(v, step)
            ))
        }
        (Phase::Play, Phase::Play) => {
            if new.is_legal(p.mv) {
                return Ok(());
            }
            Err(move_misfit(old, new, p))
        }
    }
}

/// Why a move of the game proper is illegal under the new rules: its piece moves otherwise
/// now, or no longer exists; else plainly "not legal".
fn move_misfit(old: &Game, new: &Game, p: &Ply) -> String {
    let (ov, nv) = (old.variant(), new.variant());
    let plain = "the move is not legal under the new rules".to_string();
    let Some(piece) = p.before.piece_at(p.mv.from) else {
        return plain;
    };
    let was = ov.role(piece.role);
    match nv.role_defs().iter().find(|d| d.letter == was.letter) {
        None => format!(
            "the new rules have no piece `{}` ({})",
            was.letter, was.name
        ),
        Some(now) if now.betza != was.betza => format!(
            "the move is not legal under the new rules: the {} now moves as `{}` (was `{}`)",
            now.name, now.betza, was.betza
        ),
        Some(_) => plain,
    }
}

/// The first square where two starts differ, in words (`g1 held a white Knight, now a white
/// Bishop`), or `None` when they are the same.
fn array_difference(
    ov: &Variant,
    old: &AnyPosition,
    nv: &Variant,
    new: &AnyPosition,
) -> Option<String> {
    let (og, ng) = (ov.geometry(), nv.geometry());
    if og != ng {
        return Some(format!(
            "the board is now {}x{}, was {}x{}",
            ng.files, ng.ranks, og.files, og.ranks
        ));
    }
    let name = |v: &Variant, p: Option<Piece>| match p {
        Some(p) => format!(
            "a {} {}",
            p.color.to_string().to_lowercase(),
            v.role(p.role).name
        ),
        None => "nothing".into(),
    };
    let letter = |v: &Variant, p: Option<Piece>| p.map(|p| v.piece_char(p));
    og.squares().find_map(|sq| {
        let (a, b) = (old.piece_at(sq), new.piece_at(sq));
        (letter(ov, a) != letter(nv, b))
            .then(|| format!("{} held {}, now {}", og.name(sq), name(ov, a), name(nv, b)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn compile(text: &str) -> Arc<Variant> {
        crate::rules::compile_source(text, "test.rules").unwrap()
    }

    fn played(v: &Arc<Variant>, moves: &[&str]) -> Game {
        let mut g = Game::new_seeded(v.clone(), 0);
        for m in moves {
            let mv = g.parse_move(m).unwrap();
            g.play(mv).unwrap();
        }
        g
    }

    const SETUP: &str = "extends \"chess\"\nsetup {\n  step black swap K with Q B N optional\n  step white swap K with Q B N optional\n}\n";

    #[test]
    fn a_game_that_still_fits_goes_on_under_the_new_rules() {
        let old = compile("extends \"chess\"\nname \"Old\"\n");
        let g = played(&old, &["e4", "e5", "Nf3"]);
        let new = compile("extends \"chess\"\nname \"New\"\n");
        let r = g.replay_under(&new).unwrap();
        assert_eq!(r.variant().name(), "New");
        assert_eq!(r.history().len(), 3);
        assert_eq!(r.fen(), g.fen());
    }

    #[test]
    fn a_swap_the_new_setup_phase_does_not_offer_is_named() {
        let old = compile(SETUP);
        let g = played(&old, &["swap e8 d8", "pass", "e4"]);
        let new = compile(&SETUP.replacen("K with Q B N", "K with B N", 1));
        let m = g.replay_under(&new).unwrap_err();
        assert_eq!(m.ply, Some(0));
        assert_eq!(m.label, "step 1, Black: swap e8 d8");
        assert!(m.reason.contains("does not offer this swap"), "{m}");
        // a declined step that may no longer be declined
        let g = played(&old, &["pass", "pass", "e4"]);
        let new =
            compile(&SETUP.replacen("Q B N optional\n  step white", "Q B N\n  step white", 1));
        let m = g.replay_under(&new).unwrap_err();
        assert_eq!(m.to_string(), "step 1, Black: keep: the new setup phase does not let this step be declined (Black: relocate the king (swap with a queen, bishop or knight))");
    }

    #[test]
    fn an_illegal_move_is_named_as_written_with_why() {
        let old = compile("extends \"chess\"\n");
        let g = played(&old, &["e4", "e5", "Nf3", "Nc6", "Bb5", "Nf6"]);
        let new = compile("extends \"chess\"\npiece Knight N moves \"W\" value 300\n");
        let m = g.replay_under(&new).unwrap_err();
        assert_eq!(m.ply, Some(2));
        assert_eq!(m.label, "2. Nf3");
        assert!(m.reason.contains("now moves as `W` (was `N`)"), "{m}");
        // a move of Black's is written with three dots
        let g = played(&old, &["e4", "Nf6"]);
        let m = g.replay_under(&new).unwrap_err();
        assert_eq!(m.label, "1...Nf6");
    }

    #[test]
    fn a_changed_array_is_the_start_that_no_longer_fits() {
        let old = compile("extends \"chess\"\n");
        let g = played(&old, &["e4"]);
        let new =
            compile("extends \"chess\"\narray \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RBNQKBNR\"\n");
        let m = g.replay_under(&new).unwrap_err();
        assert_eq!(m.ply, None);
        assert_eq!(
            m.to_string(),
            "the start position: the array no longer matches the new start (b1 held a white Knight, now a white Bishop)"
        );
    }

    #[test]
    fn a_setup_phase_that_ends_sooner_is_named() {
        let old = compile(SETUP);
        let g = played(&old, &["pass", "swap e1 d1"]);
        let new = compile(&SETUP.replace("  step white swap K with Q B N optional\n", ""));
        let m = g.replay_under(&new).unwrap_err();
        assert_eq!(m.label, "step 2, White: swap e1 d1");
        assert!(m.reason.contains("has ended"), "{m}");
    }
}
