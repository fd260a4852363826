//! Counting a placement's arrays without listing them. A side's final arrays are the ways to
//! put its whole hand on the empty squares of its placement ranks, each kind on its own
//! ranks, with the bishops' colours balanced (`require opposite-colours`: no more than half
//! of a colour-bound kind, rounded up, on either colour). Every such array can be reached by
//! the drops (place the bishops first, then the rest on their squares), and no other can, so
//! a walk over the squares that carries only how many of each kind are left (and how many
//! bishops stand on each colour) counts them: a few hundred states where listing Pre-Chess on
//! two ranks would hold tens of millions of arrays. The other requirements (`K between R`,
//! `K not on b g`) only remove arrays, so the same count bounds them from above.

use std::collections::HashMap;

use super::region;
use crate::position::AnyPosition;
use crate::types::{Color, Piece, Role, Square};
use crate::variant::{ConstraintKind, Variant};

/// One side's placement as the count sees it.
#[derive(PartialEq, Eq)]
pub(super) struct SidePlacement {
    /// The side placing.
    color: Color,
    /// The kinds in hand and how many of each.
    kinds: Vec<(Role, u8)>,
    /// For each square (by index), the kinds (a bit each, in the order of `kinds`) that may
    /// be placed there.
    allowed: Vec<u64>,
    /// The kinds (indices into `kinds`) whose pieces must be spread over both colours.
    balanced: Vec<usize>,
}

impl SidePlacement {
    /// Side `c`'s placement from the game's start: its hand, and the empty squares where
    /// each kind may go.
    pub(super) fn new(v: &Variant, c: Color) -> SidePlacement {
        let start = AnyPosition::start(v);
        let kinds: Vec<(Role, u8)> = v
            .roles()
            .map(|r| (r, start.hand_count(c, r)))
            .filter(|&(_, n)| n > 0)
            .collect();
        // (a rules file declares at most `MAX_ROLES` kinds: each has its bit)
        const _: () = assert!(crate::types::MAX_ROLES <= 64);
        let mut allowed = vec![0u64; v.geometry().len()];
        for (k, &(r, _)) in kinds.iter().enumerate() {
            for sq in region(v, c, r) {
                if start.piece_at(sq).is_none() {
                    allowed[sq.index()] |= 1 << k;
                }
            }
        }
        let balanced = v
            .setup()
            .into_iter()
            .flat_map(|s| &s.constraints)
            .filter_map(|con| match con.kind {
                ConstraintKind::OppositeColors(b) => kinds.iter().position(|&(r, _)| r == b),
                _ => None,
            })
            .collect();
        SidePlacement {
            color: c,
            kinds,
            allowed,
            balanced,
        }
    }

    /// The number of arrays the side can end its placement with (saturating at `u128::MAX`).
    pub(super) fn arrays(&self, v: &Variant) -> u128 {
        let g = v.geometry();
        let cells: Vec<Cell> = g
            .squares()
            .map(|s| Cell {
                allowed: self.allowed[s.index()],
                dark: [dark(v, s), false],
            })
            .collect();
        count(&self.kinds, &self.balanced, 1, &cells)
    }

    /// The side's final arrays, each a whole board holding the side's placed pieces only,
    /// in the order of the squares: every way to place the hand with the bishops' colours
    /// balanced (the walk of [`count`], one array at a time) that meets every `require` of
    /// the setup on the board the side's start makes with it. Those are exactly the arrays the
    /// drops reach: a drop is refused only if no such array can follow it.
    pub(super) fn list(&self, v: &Variant) -> Vec<Vec<Option<Piece>>> {
        let g = v.geometry();
        let constraints = v.setup().map_or(&[][..], |s| &s.constraints[..]);
        let cells: Vec<Square> = g
            .squares()
            .filter(|s| self.allowed[s.index()] != 0)
            .collect();
        let mut walk = ListWalk {
            side: self,
            cells,
            left: self.kinds.iter().map(|&(_, n)| n).collect(),
            on_dark: vec![[0; 2]; self.balanced.len()],
            board: AnyPosition::start(v).array(v),
            placed: vec![None; g.len()],
            accept: &|board: &[Option<Piece>]| {
                constraints.iter().all(|c| c.holds(g, board, self.color))
            },
            out: vec![],
        };
        walk.step(0, v);
        walk.out
    }

    /// How many of White's arrays (`self`) have their mirror image among Black's (`black`):
    /// the same kinds placed on squares that mirror each other, both sides' bishops balanced.
    pub(super) fn mirrored(&self, black: &SidePlacement, v: &Variant) -> u128 {
        if self.kinds != black.kinds {
            return 0; // the mirror of a White array holds White's hand
        }
        let g = v.geometry();
        let cells: Vec<Cell> = g
            .squares()
            .map(|s| {
                let m = g.flip_rank(s);
                Cell {
                    allowed: self.allowed[s.index()] & black.allowed[m.index()],
                    dark: [dark(v, s), dark(v, m)],
                }
            })
            .collect();
        count(&self.kinds, &self.balanced, 2, &cells)
    }
}

/// The backtracking behind [`SidePlacement::list`].
struct ListWalk<'a> {
    side: &'a SidePlacement,
    /// The squares where some kind may go, in order.
    cells: Vec<Square>,
    /// How many of each kind are left in hand.
    left: Vec<u8>,
    /// Of each balanced kind: how many placed on dark squares, and on light ones.
    on_dark: Vec<[u8; 2]>,
    /// The whole board: the start's pieces and those placed so far.
    board: Vec<Option<Piece>>,
    /// The pieces placed so far only.
    placed: Vec<Option<Piece>>,
    accept: &'a dyn Fn(&[Option<Piece>]) -> bool,
    out: Vec<Vec<Option<Piece>>>,
}

impl ListWalk<'_> {
    fn step(&mut self, i: usize, v: &Variant) {
        let left: usize = self.left.iter().map(|&n| n as usize).sum();
        if left == 0 {
            if (self.accept)(&self.board) {
                self.out.push(self.placed.clone());
            }
            return;
        }
        if left > self.cells.len() - i {
            return;
        }
        let sq = self.cells[i];
        for k in 0..self.left.len() {
            if self.side.allowed[sq.index()] & (1 << k) == 0 || self.left[k] == 0 {
                continue;
            }
            let balanced = self.side.balanced.iter().position(|&b| b == k);
            let colour = usize::from(!dark(v, sq));
            if let Some(j) = balanced {
                if self.on_dark[j][colour] >= self.side.kinds[k].1.div_ceil(2) {
                    continue;
                }
                self.on_dark[j][colour] += 1;
            }
            let piece = Some(Piece {
                color: self.side.color,
                role: self.side.kinds[k].0,
            });
            self.left[k] -= 1;
            self.board[sq.index()] = piece;
            self.placed[sq.index()] = piece;
            self.step(i + 1, v);
            self.board[sq.index()] = None;
            self.placed[sq.index()] = None;
            self.left[k] += 1;
            if let Some(j) = balanced {
                self.on_dark[j][colour] -= 1;
            }
        }
        // the square left empty
        if left < self.cells.len() - i {
            self.step(i + 1, v);
        }
    }
}

fn dark(v: &Variant, s: Square) -> bool {
    !v.geometry().is_light(s)
}

/// A square of the walk: the kinds that may go there, and its colour for each side counted
/// (a second side: the mirror square, for the mirrored count).
struct Cell {
    allowed: u64,
    dark: [bool; 2],
}

/// The ways to place all of `kinds` on `cells` (at most one piece a cell), the kinds of
/// `balanced` spread over both colours for each of `sides` sides. The state carried from
/// square to square: how many of each kind are left, then, side by side and balanced kind by
/// kind, how many stand on dark and on light squares.
fn count(kinds: &[(Role, u8)], balanced: &[usize], sides: usize, cells: &[Cell]) -> u128 {
    let n = kinds.len();
    let mut start: Vec<u8> = kinds.iter().map(|&(_, k)| k).collect();
    start.resize(n + 2 * sides * balanced.len(), 0);
    let mut states: HashMap<Vec<u8>, u128> = HashMap::from([(start, 1)]);
    // how many cells after each one can still take a piece, to drop states that cannot finish
    let mut open_after = vec![0usize; cells.len() + 1];
    for i in (0..cells.len()).rev() {
        open_after[i] = open_after[i + 1] + usize::from(cells[i].allowed != 0);
    }
    for (i, cell) in cells.iter().enumerate() {
        if cell.allowed == 0 {
            continue;
        }
        let mut next: HashMap<Vec<u8>, u128> = HashMap::with_capacity(states.len() * 2);
        for (state, ways) in states {
            let left: usize = state[..n].iter().map(|&k| k as usize).sum();
            if left < open_after[i] {
                add(&mut next, state.clone(), ways); // the cell stays empty
            }
            for k in (0..n).filter(|&k| cell.allowed & (1 << k) != 0 && state[k] > 0) {
                let mut s = state.clone();
                s[k] -= 1;
                if let Some(j) = balanced.iter().position(|&b| b == k) {
                    let most = kinds[k].1.div_ceil(2);
                    let mut fits = true;
                    for (side, &is_dark) in cell.dark.iter().enumerate().take(sides) {
                        let at = n + 2 * (side * balanced.len() + j) + usize::from(!is_dark);
                        s[at] += 1;
                        fits &= s[at] <= most;
                    }
                    if !fits {
                        continue;
                    }
                }
                add(&mut next, s, ways);
            }
        }
        states = next;
    }
    states
        .into_iter()
        .filter(|(s, _)| s[..n].iter().all(|&k| k == 0))
        .fold(0u128, |a, (_, w)| a.saturating_add(w))
}

fn add(states: &mut HashMap<Vec<u8>, u128>, s: Vec<u8>, ways: u128) {
    let e = states.entry(s).or_insert(0);
    *e = e.saturating_add(ways);
}
