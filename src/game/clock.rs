//! A chess clock: a time control (base time plus an increment per move), each side's remaining
//! time, and the side whose time runs.
//!
//! The clock never reads the real time: every call that depends on it takes `now`, a
//! [`Duration`] since any fixed moment the caller chooses (the GUI passes its frame time, tests
//! a time they drive), so it is plain, deterministic state.
//!
//! When the time runs, as on lichess:
//! - A side's clock starts after that side's first ply: nobody's time runs before Black's
//!   first move in chess, and in a game with a setup phase each side's first setup step is
//!   free too. Later setup steps are timed like moves.
//! - The increment is added after each ply its side made on a running clock, so the first ply
//!   earns none.
//! - A setup step that plays itself ([`Game::forced_move`](super::Game::forced_move): a mirror
//!   step, a step with one legal choice) takes no time and earns no increment: the front end
//!   [`Clock::pause`]s the clock while it waits.
//! - Nothing else stops a running clock (browsing the history does not; there is no pause, as
//!   on lichess); the front end stops it when the game ends.
//!
//! A flag fall ([`Clock::flagged`]) is turned into a result by
//! [`Game::flag`](super::Game::flag), which decides between a loss and a draw.

use std::fmt;
use std::time::Duration;

use crate::types::{ByColor, Color};

/// A time control: each side's base time and the increment added after each of its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimeControl {
    /// Each side's time at the start.
    pub base: Duration,
    /// Added to a side's time after each of its timed plies.
    pub increment: Duration,
}

impl TimeControl {
    /// `minutes` of base time and `increment` seconds a move (`3+2`).
    pub const fn minutes(minutes: u64, increment: u64) -> TimeControl {
        TimeControl {
            base: Duration::from_secs(minutes * 60),
            increment: Duration::from_secs(increment),
        }
    }

    /// The usual controls, bullet to classical, as on lichess's lobby.
    pub const PRESETS: [TimeControl; 6] = [
        TimeControl::minutes(1, 0),
        TimeControl::minutes(3, 2),
        TimeControl::minutes(5, 3),
        TimeControl::minutes(10, 5),
        TimeControl::minutes(15, 10),
        TimeControl::minutes(30, 0),
    ];

    /// The PGN `TimeControl` tag's value: base and increment in seconds (`180+2`).
    pub fn pgn_tag(&self) -> String {
        format!("{}+{}", self.base.as_secs(), self.increment.as_secs())
    }

    /// Reads a control as [`TimeControl`]'s `Display` writes it (`3+2`, `45s+0`, or minutes
    /// alone, `10`); `None` for anything else (`none`, `-`).
    pub fn from_minutes_text(text: &str) -> Option<TimeControl> {
        let (base, inc) = text.trim().split_once('+').unwrap_or((text.trim(), "0"));
        let inc: u64 = inc.trim().parse().ok()?;
        let base = match base.trim().strip_suffix('s') {
            Some(secs) => Duration::from_secs(secs.trim().parse().ok()?),
            None => Duration::from_secs(base.trim().parse::<u64>().ok()? * 60),
        };
        (!base.is_zero()).then(|| TimeControl {
            base,
            increment: Duration::from_secs(inc),
        })
    }

    /// Reads a PGN `TimeControl` value written as `base+increment` or `base` (seconds).
    pub fn from_pgn_tag(text: &str) -> Option<TimeControl> {
        let (base, inc) = text.trim().split_once('+').unwrap_or((text.trim(), "0"));
        let base: u64 = base.trim().parse().ok()?;
        let inc: u64 = inc.trim().parse().ok()?;
        (base > 0).then(|| TimeControl {
            base: Duration::from_secs(base),
            increment: Duration::from_secs(inc),
        })
    }
}

impl fmt::Display for TimeControl {
    /// As lichess names controls: minutes and increment seconds, `3+2`; a base of less than
    /// a whole minute in seconds, `45s+0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let secs = self.base.as_secs();
        let inc = self.increment.as_secs();
        if secs.is_multiple_of(60) {
            write!(f, "{}+{inc}", secs / 60)
        } else {
            write!(f, "{secs}s+{inc}")
        }
    }
}

/// Both sides' clocks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    /// Time left when the clock last stopped or switched.
    left: ByColor<Duration>,
    /// The side whose time runs, and since when.
    running: Option<(Color, Duration)>,
    /// Has each side made its first ply (after which its time runs)?
    started: ByColor<bool>,
}

impl Clock {
    /// Both sides with the full base time; nothing runs yet.
    pub fn new(control: TimeControl) -> Clock {
        Clock {
            control,
            left: ByColor::new(control.base, control.base),
            running: None,
            started: ByColor::new(false, false),
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// `side`'s time left at `now`.
    pub fn remaining(&self, side: Color, now: Duration) -> Duration {
        match self.running {
            Some((c, since)) if c == side => {
                self.left[side].saturating_sub(now.saturating_sub(since))
            }
            _ => self.left[side],
        }
    }

    /// The side whose time runs, if any.
    pub fn running(&self) -> Option<Color> {
        self.running.map(|(c, _)| c)
    }

    /// Has `side` made its first ply, so that its time runs on its turn?
    pub fn has_started(&self, side: Color) -> bool {
        self.started[side]
    }

    /// Counts `side`'s first ply as made (a clock given to a game already in progress).
    pub fn mark_started(&mut self, side: Color) {
        self.started[side] = true;
    }

    /// `mover` has just played a ply at `now`: its time stops, and the increment is added when
    /// its time was running (not for its first ply, nor for a step that played itself).
    pub fn ply(&mut self, mover: Color, now: Duration) {
        if self.running() == Some(mover) {
            let left = self.remaining(mover, now);
            self.running = None;
            // a side that has already flagged earns nothing
            self.left[mover] = if left.is_zero() {
                left
            } else {
                left + self.control.increment
            };
        }
        self.started[mover] = true;
    }

    /// Makes `side`'s time run from `now` (stopping the other's), once `side` has made its
    /// first ply; before that, nobody's time runs.
    pub fn run(&mut self, side: Color, now: Duration) {
        if self.running() == Some(side) {
            return;
        }
        self.pause(now);
        if self.started[side] {
            self.running = Some((side, now));
        }
    }

    /// Stops the time of the side whose time runs (the game ended, or a step plays itself).
    pub fn pause(&mut self, now: Duration) {
        if let Some((c, _)) = self.running {
            self.left[c] = self.remaining(c, now);
            self.running = None;
        }
    }

    /// The side whose time has run out at `now`, if any.
    pub fn flagged(&self, now: Duration) -> Option<Color> {
        self.running().filter(|&c| self.remaining(c, now).is_zero())
    }

    /// How long `side` should think for its next move at `now`: a thirtieth of its time left
    /// plus three quarters of the increment, never more than a fifth of its time left, nor more
    /// than `cap` (the level's own limit). Before its first ply the time does not run: `cap`.
    pub fn think_time(&self, side: Color, now: Duration, cap: Duration) -> Duration {
        if !self.started[side] {
            return cap;
        }
        let left = self.remaining(side, now);
        let budget = left / 30 + self.control.increment * 3 / 4;
        budget.min(left / 5).min(cap)
    }

    /// How long until a running clock's face changes (the next second, or the next tenth under
    /// ten seconds), for the front end's next repaint; `None` when nothing runs.
    pub fn next_change(&self, now: Duration) -> Option<Duration> {
        let (c, _) = self.running?;
        let left = self.remaining(c, now);
        let step = if left < Duration::from_secs(10) {
            Duration::from_millis(100)
        } else {
            Duration::from_secs(1)
        };
        let into = Duration::from_nanos((left.as_nanos() % step.as_nanos()) as u64);
        Some(if into.is_zero() { step } else { into } + Duration::from_millis(1))
    }
}

/// A clock face: `m:ss`, with tenths under ten seconds (`0:09.3`); the time is rounded down,
/// so a face reads `0:00.0` only when the time is up.
pub fn face(left: Duration) -> String {
    let tenths = left.as_millis() / 100;
    let secs = tenths / 10;
    if left < Duration::from_secs(10) {
        format!("0:{:02}.{}", secs, tenths % 10)
    } else {
        format!("{}:{:02}", secs / 60, secs % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(x: f64) -> Duration {
        Duration::from_secs_f64(x)
    }

    #[test]
    fn each_side_starts_after_its_first_ply_and_earns_the_increment_after() {
        use Color::{Black, White};
        let mut c = Clock::new(TimeControl::minutes(3, 2));
        // White's first move: nothing runs
        c.run(White, s(0.0));
        assert_eq!(c.running(), None);
        c.ply(White, s(5.0));
        assert_eq!(
            c.remaining(White, s(5.0)),
            s(180.0),
            "no increment for a free ply"
        );
        c.run(Black, s(5.0));
        assert_eq!(c.running(), None, "Black has not moved yet");
        c.ply(Black, s(9.0));
        c.run(White, s(9.0));
        assert_eq!(c.running(), Some(White));
        assert_eq!(c.remaining(White, s(19.0)), s(170.0));
        c.ply(White, s(19.0));
        assert_eq!(
            c.remaining(White, s(30.0)),
            s(172.0),
            "10 s spent, 2 s added"
        );
        c.run(Black, s(19.0));
        assert_eq!(c.remaining(Black, s(20.5)), s(178.5));
        // a paused clock (a step that plays itself) loses nothing and earns nothing
        c.pause(s(20.5));
        c.ply(Black, s(25.0));
        assert_eq!(c.remaining(Black, s(99.0)), s(178.5));
    }

    #[test]
    fn the_flag_falls_when_the_running_side_has_no_time_left() {
        use Color::{Black, White};
        let mut c = Clock::new(TimeControl {
            base: s(2.0),
            increment: Duration::ZERO,
        });
        c.ply(White, s(0.0));
        c.ply(Black, s(1.0));
        c.run(White, s(1.0));
        assert_eq!(c.flagged(s(2.9)), None);
        assert_eq!(c.flagged(s(3.0)), Some(White));
        assert_eq!(c.remaining(White, s(50.0)), Duration::ZERO);
        // a ply after the flag fell earns no increment back
        c.ply(White, s(3.5));
        assert_eq!(c.remaining(White, s(3.5)), Duration::ZERO);
    }

    #[test]
    fn the_computer_thinks_a_share_of_its_time() {
        use Color::{Black, White};
        let mut c = Clock::new(TimeControl::minutes(1, 0));
        let cap = s(6.0);
        assert_eq!(
            c.think_time(White, s(0.0), cap),
            cap,
            "the first ply is free"
        );
        c.ply(White, s(0.0));
        c.ply(Black, s(0.0));
        assert_eq!(c.think_time(White, s(0.0), cap), s(2.0), "60 s / 30");
        assert_eq!(
            c.think_time(White, s(0.0), s(0.6)),
            s(0.6),
            "the level's cap"
        );
        let mut c = Clock::new(TimeControl::minutes(3, 2));
        c.ply(White, s(0.0));
        c.ply(Black, s(0.0));
        assert_eq!(c.think_time(White, s(0.0), cap), s(7.5).min(cap));
        c.run(White, s(0.0));
        // 5 s left: 5/30 + 1.5 would be more than a fifth of it
        assert_eq!(c.think_time(White, s(175.0), cap), s(1.0));
    }

    #[test]
    fn faces_and_labels() {
        assert_eq!(face(s(180.0)), "3:00");
        assert_eq!(face(s(59.99)), "0:59");
        assert_eq!(face(s(9.87)), "0:09.8");
        assert_eq!(face(Duration::ZERO), "0:00.0");
        assert_eq!(face(s(5400.0)), "90:00");
        assert_eq!(TimeControl::minutes(3, 2).to_string(), "3+2");
        assert_eq!(TimeControl::minutes(3, 2).pgn_tag(), "180+2");
        assert_eq!(
            TimeControl::from_pgn_tag("180+2"),
            Some(TimeControl::minutes(3, 2))
        );
        assert_eq!(TimeControl::from_pgn_tag("-"), None);
        let short = TimeControl {
            base: s(45.0),
            increment: Duration::ZERO,
        };
        assert_eq!(short.to_string(), "45s+0");
        for tc in TimeControl::PRESETS.into_iter().chain([short]) {
            assert_eq!(TimeControl::from_minutes_text(&tc.to_string()), Some(tc));
        }
        assert_eq!(TimeControl::from_minutes_text("none"), None);
    }
}
