//! Results that are not reached on the board: a resignation, a draw by agreement, and a flag
//! fall (the side whose time ran out loses, unless the other side cannot mate: then it is a
//! draw, see [`can_mate`]). They end the game like a mate does: [`Game::outcome`] gives them,
//! [`Game::legal_moves`] is empty, PGN writes them (`[Termination "time forfeit"]` for a flag
//! fall, `normal` otherwise) and reads them back.
//!
//! [`Game::undo`] reopens such a game: taking back the last move takes back the result given
//! after it. (A front end with a clock keeps a flag fall final: the flagged side has no time
//! left to play on with.)

use crate::position::MoveError;
use crate::types::Color;

use super::outcome::can_mate;
use super::{Game, Outcome, Reason};

impl Game {
    /// `side` resigns: the other side wins. Refused when the game is already over.
    pub fn resign(&mut self, side: Color) -> Result<(), MoveError> {
        self.end_off_board(Outcome {
            winner: Some(!side),
            reason: Reason::Resignation,
        })
    }

    /// The players agree to a draw. Refused when the game is already over.
    pub fn agree_draw(&mut self) -> Result<(), MoveError> {
        self.end_off_board(Outcome {
            winner: None,
            reason: Reason::Agreement,
        })
    }

    /// `side`'s time ran out: the other side wins if it can still mate (see [`can_mate`]),
    /// else the game is drawn. Refused when the game is already over.
    pub fn flag(&mut self, side: Color) -> Result<(), MoveError> {
        let winner = can_mate(self.variant(), self.position(), !side).then_some(!side);
        self.end_off_board(Outcome {
            winner,
            reason: Reason::TimeForfeit { flagged: side },
        })
    }

    /// Ends the game with a result the board did not decide.
    pub(super) fn end_off_board(&mut self, o: Outcome) -> Result<(), MoveError> {
        if let Some(done) = self.outcome {
            return Err(MoveError {
                message: format!("the game is over: {done}"),
                help: Some("undo a move or start a new game".into()),
            });
        }
        self.outcome = Some(o);
        Ok(())
    }

    /// Was the game ended by the players or the clock rather than on the board?
    pub fn ended_off_board(&self) -> bool {
        self.outcome.is_some_and(|o| !o.reason.on_board())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Reason;

    fn chess(fen: &str) -> Game {
        Game::from_fen(crate::rules::load("chess").unwrap(), fen).unwrap()
    }

    #[test]
    fn a_flag_fall_loses_unless_the_side_on_time_cannot_mate() {
        // White has a rook: Black's flag loses
        let mut g = chess("4k3/8/8/8/8/8/8/R3K3 b - - 0 1");
        g.flag(Color::Black).unwrap();
        let o = g.outcome().unwrap();
        assert_eq!(o.winner, Some(Color::White));
        assert_eq!(o.to_string(), "White wins on time");
        assert_eq!(o.termination(), "time forfeit");
        assert!(g.legal_moves().is_empty());
        // a bare king cannot mate: a draw
        let mut g = chess("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
        g.flag(Color::White).unwrap();
        let o = g.outcome().unwrap();
        assert_eq!(o.winner, None);
        assert_eq!(o.pgn_result(), "1/2-1/2");
        assert_eq!(
            o.to_string(),
            "draw: White's time ran out, and Black cannot mate"
        );
    }

    #[test]
    fn mating_material_follows_the_piece_definitions() {
        let v = crate::rules::load("chess").unwrap();
        let can = |fen: &str, side| {
            let g = chess(fen);
            can_mate(&v, g.position(), side)
        };
        use Color::{Black, White};
        // a knight or a bishop alone against a bare king: no
        assert!(!can("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", White));
        assert!(!can("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", White));
        // a knight against a king with a rook (it can block its own king): yes
        assert!(can("3rk3/8/8/8/8/8/8/1N2K3 w - - 0 1", White));
        // bishops on one colour: no; on both colours, or against a knight: yes
        assert!(!can("4k3/8/8/8/8/8/8/B1B1K3 w - - 0 1", White));
        assert!(can("4k3/8/8/8/8/8/8/BB2K3 w - - 0 1", White));
        assert!(can("1n2k3/8/8/8/8/8/8/2B1K3 w - - 0 1", White));
        // two knights, a pawn, a rook: yes (a helpmate exists, or a promotion)
        assert!(can("4k3/8/8/8/8/8/8/NN2K3 w - - 0 1", White));
        assert!(can("4k3/8/8/8/8/8/P7/4K3 w - - 0 1", White));
        assert!(can("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", White));
        assert!(!can("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", Black));
        // fairy pieces by their moves: an archbishop (bishop + knight) mates, a camel does not
        let text = r#"
extends "chess"
name "Mating test"
piece Archbishop A moves "BN" value 825
piece Camel C moves "C" value 250
piece Commoner M moves "K" value 300
"#;
        let fairy = crate::rules::compile_source(text, "mating.rules").unwrap();
        let can = |fen: &str| {
            let g = Game::from_fen(fairy.clone(), fen).unwrap();
            can_mate(&fairy, g.position(), White)
        };
        assert!(can("4k3/8/8/8/8/8/8/A3K3 w - - 0 1"));
        assert!(!can("4k3/8/8/8/8/8/8/C3K3 w - - 0 1"));
        assert!(can("4k3/8/8/8/8/8/8/M3K3 w - - 0 1"));
    }

    #[test]
    fn resignation_and_agreement_end_the_game_and_undo_reopens_it() {
        let mut g = Game::new(crate::rules::load("chess").unwrap());
        let e4 = g.parse_move("e4").unwrap();
        g.play(e4).unwrap();
        g.resign(Color::Black).unwrap();
        let o = g.outcome().unwrap();
        assert_eq!(o.reason, Reason::Resignation);
        assert_eq!(o.to_string(), "White wins by resignation");
        assert_eq!(o.termination(), "normal");
        assert!(g.ended_off_board());
        assert!(g.agree_draw().is_err(), "the game is over");
        assert!(g.play(g.parse_move("e5").unwrap_or(e4)).is_err());
        // undo takes back the move and the resignation after it
        assert_eq!(g.undo(), Some(e4));
        assert_eq!(g.outcome(), None);
        g.agree_draw().unwrap();
        assert_eq!(g.outcome().unwrap().to_string(), "draw by agreement");
    }

    #[test]
    fn pgn_writes_and_reads_back_results_not_reached_on_the_board() {
        let v = crate::rules::load("chess").unwrap();
        let mut g = Game::new(v.clone());
        for san in ["e4", "e5", "Nf3"] {
            g.play(g.parse_move(san).unwrap()).unwrap();
        }
        g.resign(Color::Black).unwrap();
        let text = g.to_pgn(&[]);
        assert!(text.contains("[Result \"1-0\"]"), "{text}");
        assert!(text.contains("[Termination \"normal\"]"), "{text}");
        assert!(text.trim_end().ends_with("2. Nf3 1-0"), "{text}");
        let back = Game::from_pgn(&v, &text).unwrap();
        assert_eq!(back.outcome(), g.outcome());
        assert_eq!(back.moves(), g.moves());
        // a flag fall, and the draw when the side on time has a bare king
        let mut g = chess("4k3/8/8/8/8/8/8/R3K3 b - - 0 1");
        g.flag(Color::Black).unwrap();
        let text = g.to_pgn(&[]);
        assert!(text.contains("[Termination \"time forfeit\"]"), "{text}");
        assert_eq!(Game::from_pgn(&v, &text).unwrap().outcome(), g.outcome());
        let mut g = chess("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
        g.flag(Color::White).unwrap();
        let text = g.to_pgn(&[]);
        assert!(text.contains("[Result \"1/2-1/2\"]"), "{text}");
        assert_eq!(Game::from_pgn(&v, &text).unwrap().outcome(), g.outcome());
        // as lichess writes them: a draw by agreement, a loss on time
        let read = |tags: &str, moves: &str| {
            let text = format!("{tags}\n\n{moves}\n");
            Game::from_pgn(&v, &text).unwrap().outcome().unwrap()
        };
        let o = read(
            "[Result \"1/2-1/2\"]\n[Termination \"Normal\"]",
            "1. e4 e5 1/2-1/2",
        );
        assert_eq!(o.reason, Reason::Agreement);
        let o = read(
            "[Result \"0-1\"]\n[Termination \"Time forfeit\"]",
            "1. e4 0-1",
        );
        assert_eq!(o.to_string(), "Black wins on time");
        // other terminations leave the game open, as does `*`
        let text = "[Result \"1/2-1/2\"]\n[Termination \"adjudication\"]\n\n1. e4 1/2-1/2\n";
        assert_eq!(Game::from_pgn(&v, text).unwrap().outcome(), None);
        assert_eq!(Game::from_pgn(&v, "1. e4 *").unwrap().outcome(), None);
    }
}
