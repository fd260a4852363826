//! The arguments of the UCI commands, and what is wrong with them.

use std::sync::Arc;
use std::time::Duration;

use crate::game::Game;
use crate::position::{FenError, MoveError};
use crate::search::Limits;
use crate::variant::Variant;

/// Why the arguments of `go` were refused (the text follows `info string`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GoError {
    /// A parameter without its number: `go depth`.
    #[error("`go {0}` needs a number")]
    MissingNumber(String),
    /// A parameter whose number is not one: `go depth x`.
    #[error("`go {param}`: `{word}` is not a number")]
    NotANumber {
        /// The parameter (`depth`, `perft`, ...).
        param: String,
        /// What stood in place of the number.
        word: String,
    },
    /// `go searchmoves ...`.
    #[error("`go searchmoves` is not supported")]
    Searchmoves,
    /// A word that is no parameter of `go`.
    #[error("unknown `go` parameter `{0}`")]
    UnknownParameter(String),
}

/// Why a `position` command was refused (the text follows `info string error: `).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// Neither `startpos` nor `fen` follows `position`.
    #[error("expected `position startpos` or `position fen <fen>`")]
    Expected,
    /// The FEN is wrong.
    #[error(transparent)]
    Fen(#[from] FenError),
    /// A move of the `moves` list is not a legal move there.
    #[error("move `{text}`: {error}")]
    Move {
        /// The move as given.
        text: String,
        /// Why it cannot be played.
        #[source]
        error: MoveError,
    },
}

/// Splits `name <words> value <words>` of `setoption`.
pub(super) fn parse_setoption(args: &[&str]) -> (String, String) {
    let name_at = args.iter().position(|w| w.eq_ignore_ascii_case("name"));
    let value_at = args.iter().position(|w| w.eq_ignore_ascii_case("value"));
    let name_end = value_at.unwrap_or(args.len());
    let name = match name_at {
        Some(i) if i < name_end => args[i + 1..name_end].join(" "),
        _ => String::new(),
    };
    let value = match value_at {
        Some(i) => args[i + 1..].join(" "),
        None => String::new(),
    };
    (name, value)
}

/// Parses the arguments of `go` (other than `perft`).
pub fn parse_go(args: &[&str]) -> Result<Limits, GoError> {
    let mut l = Limits::default();
    let mut i = 0;
    let num = |i: usize| -> Result<i64, GoError> {
        let w = args
            .get(i + 1)
            .ok_or_else(|| GoError::MissingNumber(args[i].to_string()))?;
        w.parse::<i64>().map_err(|_| GoError::NotANumber {
            param: args[i].to_string(),
            word: w.to_string(),
        })
    };
    let ms = |x: i64| Duration::from_millis(x.max(0) as u64);
    while i < args.len() {
        match args[i] {
            "infinite" => {
                l.infinite = true;
                i += 1;
                continue;
            }
            "ponder" => {
                i += 1;
                continue;
            }
            "depth" => l.depth = Some(num(i)?.max(1) as u32),
            "mate" => l.depth = Some((num(i)?.max(1) * 2) as u32),
            "nodes" => l.nodes = Some(num(i)?.max(1) as u64),
            "movetime" => l.movetime = Some(ms(num(i)?)),
            "wtime" => l.wtime = Some(ms(num(i)?)),
            "btime" => l.btime = Some(ms(num(i)?)),
            "winc" => l.winc = Some(ms(num(i)?)),
            "binc" => l.binc = Some(ms(num(i)?)),
            "movestogo" => l.movestogo = Some(num(i)?.max(1) as u32),
            "searchmoves" => return Err(GoError::Searchmoves),
            w => return Err(GoError::UnknownParameter(w.to_string())),
        }
        i += 2;
    }
    Ok(l)
}

/// Parses the depth of `go perft [N]` (`args` follow `perft`): 1 when it is not given.
pub fn parse_perft_depth(args: &[&str]) -> Result<u32, GoError> {
    match args.first() {
        None => Ok(1),
        Some(w) => w.parse::<u32>().map_err(|_| GoError::NotANumber {
            param: "perft".into(),
            word: w.to_string(),
        }),
    }
}

/// Parses the arguments of `position`.
pub fn parse_position(v: &Arc<Variant>, args: &[&str]) -> Result<Game, PositionError> {
    let moves_at = args.iter().position(|&w| w == "moves");
    let (head, moves) = match moves_at {
        Some(i) => (&args[..i], &args[i + 1..]),
        None => (args, &[][..]),
    };
    let mut game = match head.first() {
        Some(&"startpos") => Game::new_seeded(v.clone(), 0),
        Some(&"fen") => Game::from_fen(v.clone(), &head[1..].join(" "))?,
        _ => return Err(PositionError::Expected),
    };
    for &m in moves {
        let wrong = |error| PositionError::Move {
            text: m.to_string(),
            error,
        };
        let mv = game.parse_move(m).map_err(wrong)?;
        game.play(mv).map_err(wrong)?;
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_errors_read_as_before() {
        let go = |s: &str| parse_go(&s.split_whitespace().collect::<Vec<_>>());
        assert_eq!(
            go("depth").unwrap_err().to_string(),
            "`go depth` needs a number"
        );
        assert_eq!(
            go("depth x").unwrap_err().to_string(),
            "`go depth`: `x` is not a number"
        );
        assert_eq!(
            go("frob 3").unwrap_err(),
            GoError::UnknownParameter("frob".into())
        );
        assert_eq!(
            parse_perft_depth(&["x"]).unwrap_err().to_string(),
            "`go perft`: `x` is not a number"
        );
        assert_eq!(parse_perft_depth(&[]), Ok(1));
        let v = crate::rules::load("chess").unwrap();
        let e = parse_position(&v, &["startpos", "moves", "e2e5"]).unwrap_err();
        assert!(matches!(e, PositionError::Move { ref text, .. } if text == "e2e5"));
        assert!(e.to_string().starts_with("move `e2e5`: "), "{e}");
        assert_eq!(
            parse_position(&v, &["nowhere"]).unwrap_err().to_string(),
            "expected `position startpos` or `position fen <fen>`"
        );
        assert!(matches!(
            parse_position(&v, &["fen", "x"]),
            Err(PositionError::Fen(_))
        ));
    }
}
