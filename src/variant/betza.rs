//! Betza notation: the way variant designers write how a piece moves.
//!
//! A piece's movement is a sequence of *atoms*, each an upper-case letter (or `(x,y)`) with
//! optional lower-case modifiers in front and an optional range after it:
//!
//! | atom | meaning |
//! |---|---|
//! | `W` `F` `D` `N` `A` `H` `C` `Z` `G` | leapers (1,0) (1,1) (2,0) (2,1) (2,2) (3,0) (3,1) (3,2) (3,3) |
//! | `(x,y)` | any leaper, e.g. `(1,4)` |
//! | `K` | king: `WF` |
//! | `R` `B` `Q` | riders: rook `WW`, bishop `FF`, queen `RB` |
//! | `WW`, `NN`, ... | a doubled leaper rides: `NN` is the nightrider |
//! | `R4`, `W3`, `N2` | a number after an atom limits the ride to that many steps |
//!
//! Modifiers: `m` moves only (no capture), `c` captures only, `i` only from the piece's
//! starting rank (a pawn's double step), `n` lame (every square passed over must be empty: on
//! a line, or for an oblique leap the orthogonal step first, as the Xiangqi horse `nN`), `p`
//! hopper (jumps one piece on its line, the Xiangqi cannon `mRcpR`), `e` may also capture en
//! passant; directions `f` `b` `l` `r` (forward, backward, left, right,
//! as seen by the piece's owner), `v` = `fb`, `s` = `lr`, a pair such as `fl` for one diagonal,
//! and a doubled letter such as `ff` for the narrow forward moves of an oblique leaper.
//!
//! The orthodox pawn is `fmWfceFifmnD`.

use std::fmt;

/// Whether an atom moves, captures, or both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Mode {
    /// May move to an empty square.
    pub quiet: bool,
    /// May capture an enemy piece.
    pub capture: bool,
}

/// One direction of one atom, as seen by White (forward is +rank).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Atom {
    /// File step.
    pub dx: i8,
    /// Rank step (forward is positive for the piece's owner).
    pub dy: i8,
    /// `1` for a leap; `0` for an unlimited ride; `n` for a ride of at most `n` steps.
    pub range: u8,
    /// Move, capture or both.
    pub mode: Mode,
    /// Only from the piece's starting rank(s).
    pub initial: bool,
    /// Every square passed over must be empty (only for leaps along a line).
    pub lame: bool,
    /// May capture en passant.
    pub en_passant: bool,
    /// A hopper (`p`): rides to the first piece in its way (the screen), jumps it, and goes on
    /// beyond it: to the empty squares up to the next piece when it moves, onto that piece
    /// when it captures (the Xiangqi cannon is `mRcpR`). Only for unlimited rides.
    pub hop: bool,
}

impl Atom {
    /// Is this a ride (more than one step along its direction)?
    pub fn is_rider(&self) -> bool {
        self.range != 1
    }
}

/// A problem in a Betza string: where it is and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetzaError {
    /// Byte offset of the problem in the string.
    pub offset: usize,
    /// Length in bytes of the offending text (at least 1 unless the string ended early).
    pub len: usize,
    /// What is wrong, lower case, no trailing period.
    pub message: String,
    /// How to fix it, where that is clear.
    pub help: Option<String>,
}

impl fmt::Display for BetzaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at offset {})", self.message, self.offset)
    }
}

/// The most steps a ride may be limited to, and the largest leap coordinate.
pub const MAX_STEP: i32 = 11;

fn base_vectors(letter: char) -> Option<(Vec<(i8, i8)>, bool)> {
    // (vectors of the first octant, rides?)
    let v = match letter {
        'W' => (vec![(1, 0)], false),
        'F' => (vec![(1, 1)], false),
        'D' => (vec![(2, 0)], false),
        'N' => (vec![(2, 1)], false),
        'A' => (vec![(2, 2)], false),
        'H' => (vec![(3, 0)], false),
        'C' | 'L' => (vec![(3, 1)], false),
        'Z' | 'J' => (vec![(3, 2)], false),
        'G' => (vec![(3, 3)], false),
        'K' => (vec![(1, 0), (1, 1)], false),
        'R' => (vec![(1, 0)], true),
        'B' => (vec![(1, 1)], true),
        'Q' => (vec![(1, 0), (1, 1)], true),
        _ => return None,
    };
    Some(v)
}

/// All eight (or four) symmetric images of a leap.
fn symmetric(x: i8, y: i8) -> Vec<(i8, i8)> {
    let mut out = Vec::new();
    for (a, b) in [(x, y), (y, x)] {
        for sa in [1, -1] {
            for sb in [1, -1] {
                let v = (a * sa, b * sb);
                if !out.contains(&v) {
                    out.push(v);
                }
            }
        }
    }
    out
}

/// A direction term: which of an atom's directions it selects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Term {
    F,
    B,
    L,
    R,
    FL,
    FR,
    BL,
    BR,
    V,
    S,
    FF,
    BB,
    LL,
    RR,
}

impl Term {
    fn selects(self, dx: i8, dy: i8) -> bool {
        let (ax, ay) = (dx.abs(), dy.abs());
        match self {
            Term::F => dy > 0,
            Term::B => dy < 0,
            Term::L => dx < 0,
            Term::R => dx > 0,
            Term::FL => dy > 0 && dx < 0,
            Term::FR => dy > 0 && dx > 0,
            Term::BL => dy < 0 && dx < 0,
            Term::BR => dy < 0 && dx > 0,
            Term::V => ay > ax,
            Term::S => ax > ay,
            Term::FF => dy > 0 && ay > ax,
            Term::BB => dy < 0 && ay > ax,
            Term::LL => dx < 0 && ax > ay,
            Term::RR => dx > 0 && ax > ay,
        }
    }
}

fn err(offset: usize, len: usize, message: impl Into<String>, help: Option<&str>) -> BetzaError {
    BetzaError {
        offset,
        len,
        message: message.into(),
        help: help.map(str::to_string),
    }
}

/// Parses a Betza string into atoms, one per direction.
///
/// Every problem is reported with its byte offset; the first problem ends the parse.
pub fn parse(text: &str) -> Result<Vec<Atom>, BetzaError> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut atoms: Vec<Atom> = Vec::new();
    if text.trim().is_empty() {
        return Err(err(
            0,
            0,
            "empty movement",
            Some("write the moves in Betza notation, e.g. `N` for a knight or `fmWfceFifmnD` for a pawn"),
        ));
    }
    let mut i = 0;
    while i < chars.len() {
        if chars[i].1.is_whitespace() {
            i += 1;
            continue;
        }
        i = parse_term(text, &chars, i, &mut atoms)?;
    }
    Ok(atoms)
}

/// The lower-case modifiers in front of an atom.
#[derive(Default)]
struct Modifiers {
    /// `m`
    quiet_only: bool,
    /// `c`
    capture_only: bool,
    /// `i`
    initial: bool,
    /// `n`
    lame: bool,
    /// `e`
    en_passant: bool,
    /// `p`
    hop: bool,
    /// `f` `b` `l` `r` `v` `s`, as written.
    dirs: Vec<char>,
}

/// What an atom letter (or a leap) stands for.
struct AtomShape {
    /// The vectors of its first octant.
    vectors: Vec<(i8, i8)>,
    /// Does it ride?
    rides: bool,
}

/// Parses one modified atom starting at `chars[i]`, adding its atoms; returns where the next
/// one starts.
fn parse_term(
    text: &str,
    chars: &[(usize, char)],
    i: usize,
    atoms: &mut Vec<Atom>,
) -> Result<usize, BetzaError> {
    let start_off = chars[i].0;
    let (mods, i) = parse_modifiers(chars, i)?;
    if i >= chars.len() {
        return Err(err(
            text.len(),
            0,
            "modifiers without a piece letter at the end",
            Some("modifiers come before the atom they modify, as in `fmW`"),
        ));
    }
    let (aoff, a) = chars[i];
    let (shape, i) = parse_atom(text, chars, i)?;
    let (range, i) = parse_range(text, chars, i, shape.rides)?;
    if mods.quiet_only && mods.capture_only {
        return Err(err(
            start_off,
            aoff - start_off,
            "`m` and `c` together allow nothing",
            Some("leave both out for a piece that moves and captures alike"),
        ));
    }
    let produced = expand(&shape, &mods, range, atoms).map_err(|bad| match bad {
        Unsupported::Lame => err(
            start_off,
            aoff + 1 - start_off,
            "`n` (lame) is only supported for leaps of more than one step",
            Some("use it with a leap such as D, N, A or (4,0); e.g. `ifmnD` for a pawn's double step, `nN` for the Xiangqi horse"),
        ),
        Unsupported::Hop => err(
            start_off,
            aoff + 1 - start_off,
            "`p` (hopper) is only supported for unlimited rides",
            Some("use it with R, B, Q or a doubled leaper; e.g. `mRcpR` for the Xiangqi cannon"),
        ),
    })?;
    if produced == 0 {
        return Err(err(
            start_off,
            aoff + 1 - start_off,
            format!(
                "the directions `{}` select no move of `{}`",
                mods.dirs.iter().collect::<String>(),
                a
            ),
            Some("for example `f` selects forward moves; `fl` one forward diagonal"),
        ));
    }
    if mods.en_passant && mods.quiet_only {
        return Err(err(
            start_off,
            aoff + 1 - start_off,
            "`e` (en passant) needs a capturing atom",
            Some("write it with `c`, as in `fceF`"),
        ));
    }
    Ok(i)
}

/// The modifiers from `chars[i]` on; returns them and where the atom starts.
fn parse_modifiers(
    chars: &[(usize, char)],
    mut i: usize,
) -> Result<(Modifiers, usize), BetzaError> {
    const SUPPORTED: &str = "supported modifiers are m c i n e p and the directions f b l r v s";
    let mut m = Modifiers::default();
    while i < chars.len() && chars[i].1.is_ascii_lowercase() {
        let (off, c) = chars[i];
        match c {
            'm' => m.quiet_only = true,
            'c' => m.capture_only = true,
            'i' => m.initial = true,
            'n' => m.lame = true,
            'e' => m.en_passant = true,
            'f' | 'b' | 'l' | 'r' | 'v' | 's' => m.dirs.push(c),
            'p' => m.hop = true,
            'g' => {
                return Err(err(
                    off,
                    1,
                    format!("hopping modifier `{c}` is not supported"),
                    Some("Myriad supports the hopper `p` (the cannon `mRcpR`), not the grasshopper's `g`"),
                ))
            }
            'j' | 'a' | 'o' | 'x' | 'y' | 'z' | 'u' | 'h' | 't' | 'd' | 'k' | 'q' | 'w' => {
                return Err(err(
                    off,
                    1,
                    format!("modifier `{c}` is not supported"),
                    Some(SUPPORTED),
                ))
            }
            _ => return Err(err(off, 1, format!("unknown modifier `{c}`"), Some(SUPPORTED))),
        }
        i += 1;
    }
    Ok((m, i))
}

/// The atom at `chars[i]`: a letter, a doubled letter (a rider) or a leap `(x,y)`; returns it
/// and where what follows it starts.
fn parse_atom(
    text: &str,
    chars: &[(usize, char)],
    i: usize,
) -> Result<(AtomShape, usize), BetzaError> {
    let (aoff, a) = chars[i];
    if a == '(' {
        let (leap, close) = parse_leap(text, aoff)?;
        let next = (i..chars.len())
            .find(|&j| chars[j].0 > close)
            .unwrap_or(chars.len());
        let shape = AtomShape {
            vectors: vec![leap],
            rides: false,
        };
        return Ok((shape, next));
    }
    let Some((vectors, mut rides)) = base_vectors(a) else {
        if a.is_ascii_uppercase() {
            let help = if a == 'O' {
                Some("castling is declared in the `castling` block, not in the piece's moves")
            } else {
                Some("atoms are W F D N A H C Z G K R B Q or a leap `(x,y)`")
            };
            return Err(err(aoff, 1, format!("unknown atom `{a}`"), help));
        }
        return Err(err(
            aoff,
            1,
            format!("unexpected `{a}` in movement"),
            Some("atoms are upper-case letters such as `N`, with lower-case modifiers before them"),
        ));
    };
    let mut i = i + 1;
    // doubled letter: a rider
    if i < chars.len() && chars[i].1 == a && !rides {
        if a == 'K' {
            return Err(err(
                aoff,
                2,
                "`KK` is not a piece",
                Some("for a king that rides use `Q`"),
            ));
        }
        rides = true;
        i += 1;
    }
    Ok((AtomShape { vectors, rides }, i))
}

/// A leap `(x,y)` whose `(` is at byte `aoff`: the vector and the byte offset of `)`.
fn parse_leap(text: &str, aoff: usize) -> Result<((i8, i8), usize), BetzaError> {
    let Some(close) = text[aoff..].find(')').map(|p| aoff + p) else {
        return Err(err(
            aoff,
            text.len() - aoff,
            "unclosed `(`",
            Some("write a leap as `(x,y)`, e.g. `(1,3)`"),
        ));
    };
    let inner = &text[aoff + 1..close];
    let parts: Vec<&str> = inner.split(',').map(str::trim).collect();
    let nums: Option<Vec<i32>> = parts.iter().map(|p| p.parse::<i32>().ok()).collect();
    let Some(nums) = nums.filter(|n| n.len() == 2) else {
        return Err(err(
            aoff,
            close + 1 - aoff,
            format!("malformed leap `{}`", &text[aoff..=close]),
            Some("write a leap as `(x,y)` with two whole numbers, e.g. `(1,3)`"),
        ));
    };
    let (x, y) = (nums[0].abs(), nums[1].abs());
    if x == 0 && y == 0 {
        return Err(err(
            aoff,
            close + 1 - aoff,
            "a leap of `(0,0)` goes nowhere",
            None,
        ));
    }
    if x > MAX_STEP || y > MAX_STEP {
        return Err(err(
            aoff,
            close + 1 - aoff,
            format!("leap `{}` is longer than any board", &text[aoff..=close]),
            Some("leap coordinates must be at most 11"),
        ));
    }
    Ok(((x as i8, y as i8), close))
}

/// The range after an atom (`R4`): 0 for an unlimited ride, 1 for a leap, else the number;
/// returns it and where what follows it starts.
fn parse_range(
    text: &str,
    chars: &[(usize, char)],
    mut i: usize,
    rides: bool,
) -> Result<(u8, usize), BetzaError> {
    let num_start = i;
    while i < chars.len() && chars[i].1.is_ascii_digit() {
        i += 1;
    }
    if i == num_start {
        return Ok((if rides { 0 } else { 1 }, i));
    }
    let off = chars[num_start].0;
    let end = if i < chars.len() {
        chars[i].0
    } else {
        text.len()
    };
    let n: i64 = text[off..end].parse().unwrap_or(i64::MAX);
    if n == 0 || n > MAX_STEP as i64 {
        return Err(err(
            off,
            end - off,
            format!("range `{}` is out of bounds", &text[off..end]),
            Some("a range must be between 1 and 11"),
        ));
    }
    // `R1` is `W`: fine.
    Ok((n as u8, i))
}

/// The direction terms of the modifiers: pairs such as `fl` and doubled letters such as `ff`
/// first, then single letters.
fn direction_terms(dirs: &[char]) -> Vec<Term> {
    let mut terms: Vec<Term> = Vec::new();
    let mut k = 0;
    while k < dirs.len() {
        let c = dirs[k];
        let next = dirs.get(k + 1).copied();
        let pair = match (c, next) {
            ('f', Some('l')) | ('l', Some('f')) => Some(Term::FL),
            ('f', Some('r')) | ('r', Some('f')) => Some(Term::FR),
            ('b', Some('l')) | ('l', Some('b')) => Some(Term::BL),
            ('b', Some('r')) | ('r', Some('b')) => Some(Term::BR),
            ('f', Some('f')) => Some(Term::FF),
            ('b', Some('b')) => Some(Term::BB),
            ('l', Some('l')) => Some(Term::LL),
            ('r', Some('r')) => Some(Term::RR),
            _ => None,
        };
        if let Some(t) = pair {
            terms.push(t);
            k += 2;
            continue;
        }
        terms.push(match c {
            'f' => Term::F,
            'b' => Term::B,
            'l' => Term::L,
            'r' => Term::R,
            'v' => Term::V,
            _ => Term::S,
        });
        k += 1;
    }
    terms
}

/// A modifier that the atom it is written with does not support.
enum Unsupported {
    /// `n` on a ride or a one-step leap.
    Lame,
    /// `p` on a leap or a limited ride.
    Hop,
}

/// Adds the atoms of one modified atom, one per selected direction (each once); returns how
/// many directions were selected, or what is unsupported: a lame atom that is not a leap of
/// more than one step (Fairy-Stockfish's `lame_leaper_path`: `nN`, `nA`, `nD`), a hopper that
/// is not an unlimited ride.
fn expand(
    shape: &AtomShape,
    mods: &Modifiers,
    range: u8,
    atoms: &mut Vec<Atom>,
) -> Result<usize, Unsupported> {
    let terms = direction_terms(&mods.dirs);
    let mut produced = 0;
    for &(x, y) in &shape.vectors {
        if mods.lame && (x.max(y) < 2 || shape.rides) {
            return Err(Unsupported::Lame);
        }
        if mods.hop && (!shape.rides || range != 0) {
            return Err(Unsupported::Hop);
        }
        for (dx, dy) in symmetric(x, y) {
            let sel = terms.is_empty()
                || terms.iter().any(|t| {
                    // For orthogonal atoms `v`/`s` mean vertical/sideways; for diagonal atoms
                    // (|dx| == |dy|) `v` and `s` select nothing narrower, so they mean all.
                    if dx.abs() == dy.abs() && matches!(t, Term::V | Term::S) {
                        true
                    } else {
                        t.selects(dx, dy)
                    }
                });
            if !sel {
                continue;
            }
            let atom = Atom {
                dx,
                dy,
                range,
                mode: Mode {
                    quiet: !mods.capture_only,
                    capture: !mods.quiet_only,
                },
                initial: mods.initial,
                lame: mods.lame,
                en_passant: mods.en_passant,
                hop: mods.hop,
            };
            if !atoms.contains(&atom) {
                atoms.push(atom);
            }
            produced += 1;
        }
    }
    Ok(produced)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(s: &str) -> usize {
        parse(s).unwrap().len()
    }

    #[test]
    fn orthodox_pieces() {
        assert_eq!(count("N"), 8);
        assert_eq!(count("K"), 8);
        assert_eq!(count("Q"), 8);
        assert_eq!(count("R"), 4);
        assert_eq!(count("WW"), 4);
        assert!(parse("R").unwrap().iter().all(|a| a.range == 0));
        let pawn = parse("fmWfceFifmnD").unwrap();
        assert_eq!(pawn.len(), 4);
        assert!(pawn.contains(&Atom {
            dx: 0,
            dy: 2,
            range: 1,
            mode: Mode {
                quiet: true,
                capture: false
            },
            initial: true,
            lame: true,
            en_passant: false,
            hop: false
        }));
        assert!(pawn.iter().filter(|a| a.en_passant).count() == 2);
    }

    #[test]
    fn fairy_pieces() {
        assert_eq!(count("BN"), 12); // archbishop
        assert_eq!(count("RN"), 12); // chancellor
        assert_eq!(count("NN"), 8);
        assert_eq!(count("(1,3)"), 8);
        assert_eq!(count("R4"), 4);
        assert!(parse("R4").unwrap().iter().all(|a| a.range == 4));
        assert_eq!(count("ffN"), 2);
        assert_eq!(count("fN"), 4);
        assert_eq!(count("flF"), 1);
        assert_eq!(count("vW"), 2);
        assert_eq!(count("sW"), 2);
        assert_eq!(count("nN"), 8); // the Xiangqi horse
        assert_eq!(count("mRcpR"), 8); // the cannon: four quiet rides, four hopping captures
        assert!(parse("cpR").unwrap().iter().all(|a| a.hop && !a.mode.quiet));
    }

    #[test]
    fn errors_point_at_the_problem() {
        let e = parse("fmWX").unwrap_err();
        assert_eq!(e.offset, 3);
        assert!(e.message.contains("`X`"));
        // hoppers and oblique lame leaps are supported (Xiangqi), but not on every atom
        assert_eq!(parse("pN").unwrap_err().offset, 0);
        assert!(parse("nNN").is_err());
        assert!(parse("nW").is_err());
        assert!(parse("pR4").is_err());
        assert!(parse("R0").is_err());
        assert!(parse("R99").is_err());
        assert!(parse("(1,2").is_err());
        assert!(parse("mc").is_err());
        assert!(parse("").is_err());
        assert!(parse("O").unwrap_err().help.unwrap().contains("castling"));
    }
}
