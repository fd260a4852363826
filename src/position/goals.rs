//! The goals of the rules file's `end` block at a position: a piece reaching its region (King
//! of the Hill; Racing Kings, where the other side may answer), the N-th check (Three-check),
//! and the rule that no move may give check (Racing Kings). The rules are Fairy-Stockfish's
//! (11.1's `Position::is_immediate_game_end`, its "capture the flag" and "nCheck" parts), so
//! that perft agrees with it, and so are the check counters of the FEN (`3+3`: the checks each
//! side still has to give, written between the en passant field and the halfmove clock).

use super::fen::ferr;
use super::{zobrist, FenError, Position};
use super::{EndRule, RuleEnd};
use crate::types::{Color, MoveList, Piece};
use crate::variant::{TablesFor, Variant};

impl<B: TablesFor> Position<B> {
    /// The end by a goal of the rules file at this position, if any (see
    /// [`Position::rule_end`]).
    pub(super) fn goal_end(&self, v: &Variant) -> Option<RuleEnd> {
        let goals = &v.end().goals;
        let us = self.turn;
        let them = !us;
        let end = |winner, rule| Some(RuleEnd { winner, rule });
        // Fairy-Stockfish 11.1 ("capture the flag"): without `answer` (flagMove), a side
        // whose piece reached its region has won; with it, the other side has one more move
        // first, and the game is drawn if White arrived and Black arrived with that move.
        let king = |c| {
            goals
                .region(c)
                .is_some_and(|r| Self::region_is_royal(v, r.role))
        };
        if !goals.answer && self.region_reached(v, them) {
            let rule = EndRule::Region {
                king: king(them),
                both: false,
            };
            return end(Some(them), rule);
        }
        if goals.answer && self.region_reached(v, us) {
            let both = us == Color::White && self.region_reached(v, them);
            let rule = EndRule::Region {
                king: king(us),
                both,
            };
            return end(if both { None } else { Some(us) }, rule);
        }
        if let Some(n) = goals.checks {
            if self.checks_given[them] >= n {
                return end(Some(them), EndRule::Checks { n });
            }
        }
        None
    }

    /// Does a piece of `c`'s region kind stand in `c`'s region?
    pub fn region_reached(&self, v: &Variant, c: Color) -> bool {
        let Some(r) = v.end().goals.region(c) else {
            return false;
        };
        let own = |role| Piece { color: c, role };
        if Self::region_is_royal(v, r.role) {
            // (a royal piece still in hand, as in Pre-Chess, has no square yet)
            let k = self.kings[c];
            return r.squares.contains(&k) && self.piece_at(k) == Some(own(v.royal));
        }
        let ours = self.pieces(own(r.role));
        r.squares.iter().any(|&sq| ours.has(sq))
    }

    /// Is the region's kind the royal piece, whose square is tracked? (In a game without a
    /// royal piece, Breakthrough, `v.royal` is merely the first kind: its tracked square is one
    /// of many.)
    fn region_is_royal(v: &Variant, role: crate::types::Role) -> bool {
        role == v.royal && v.spec.roles[role.index()].royal
    }

    /// `checking illegal`: removes the moves that give check.
    pub(super) fn drop_checking_moves(&self, v: &Variant, list: &mut MoveList) {
        list.retain(|&m| {
            let mut after = *self;
            after.play(v, m);
            !after.is_check(v)
        });
    }

    /// After a move (the turn already passed), counts a check given by the mover in games
    /// with `checks N`.
    #[inline(always)]
    pub(super) fn count_check(&mut self, v: &Variant) {
        if v.has_rule_ends && v.end().goals.checks.is_some() && self.is_check(v) {
            let mover = !self.turn;
            self.set_checks_given(mover, self.checks_given[mover].saturating_add(1));
        }
    }

    fn set_checks_given(&mut self, c: Color, n: u8) {
        self.hash ^= zobrist::checks(c, self.checks_given[c]) ^ zobrist::checks(c, n);
        self.checks_given[c] = n;
    }

    /// The hash of the check counters (0 where no check was given).
    pub(super) fn checks_hash(&self) -> u64 {
        Color::ALL
            .iter()
            .map(|&c| zobrist::checks(c, self.checks_given[c]))
            .fold(0, |a, b| a ^ b)
    }

    /// How many checks side `c` has given (games with `checks N`; else 0).
    pub fn checks_given(&self, c: Color) -> u8 {
        self.checks_given[c]
    }

    /// How many checks side `c` still has to give to win (`None` in games without `checks`).
    pub fn checks_remaining(&self, v: &Variant, c: Color) -> Option<u8> {
        let n = v.end().goals.checks?;
        Some(n.saturating_sub(self.checks_given[c]))
    }

    /// The FEN's check-counter field with its leading space (` 3+3`), or nothing in games
    /// without `checks`.
    pub(super) fn checks_fen(&self, v: &Variant) -> String {
        match v.end().goals.checks {
            Some(n) => {
                let left = |c: Color| n.saturating_sub(self.checks_given[c]);
                format!(" {}+{}", left(Color::White), left(Color::Black))
            }
            None => String::new(),
        }
    }

    /// Reads the check counters (`3+3`, the checks each side still has to give) from the FEN
    /// field after en passant, removing it from `fields`. As in Fairy-Stockfish, a FEN without
    /// them leaves each side one check to give. A count above the rules file's is taken as
    /// the rules file's.
    pub(super) fn read_checks_field(
        &mut self,
        v: &Variant,
        fields: &mut Vec<(usize, &str)>,
    ) -> Result<(), FenError> {
        let Some(n) = v.end().goals.checks else {
            return Ok(());
        };
        // Fairy-Stockfish reads one digit for each side.
        let mut left = [1, 1];
        if let Some(&(at, f)) = fields.get(4).filter(|(_, f)| f.contains('+')) {
            let digits: Option<Vec<u8>> = f.split('+').map(|d| d.parse().ok()).collect();
            match digits.as_deref() {
                Some(&[w, b]) => left = [w, b],
                _ => {
                    return Err(ferr(
                        at,
                        format!("check counters `{f}`"),
                        Some(format!(
                            "write the checks each side still has to give, such as `{n}+{n}`"
                        )),
                    ))
                }
            }
            fields.remove(4);
        }
        for (c, l) in Color::ALL.into_iter().zip(left) {
            self.set_checks_given(c, n - l.min(n));
        }
        Ok(())
    }
}

impl super::AnyPosition {
    /// How many checks side `c` still has to give to win (`None` in games without `checks`).
    pub fn checks_remaining(&self, v: &Variant, c: Color) -> Option<u8> {
        crate::with_position!(self, p => p.checks_remaining(v, c))
    }

    /// Does a piece of side `c`'s region kind stand in its region (`region` in `end`)?
    pub fn region_reached(&self, v: &Variant, c: Color) -> bool {
        crate::with_position!(self, p => p.region_reached(v, c))
    }
}
