//! Regions of the board and what they rule: pieces confined to a region (the Xiangqi palace,
//! the elephant's own side of the river), moves a piece gains in a region (the soldier's
//! sideways step across the river), royal pieces that may not face each other (the flying
//! general), and how the GUI draws such a board (pieces on the points, river and palaces).
//!
//! These are Fairy-Stockfish's `mobilityRegion`, `soldierPromotionRank` and `flyingGeneral`,
//! stated once in the rules language (`region`, `confined to`, `also ... in`, `facing
//! illegal`, `board 9x10 points`) rather than for one game.

use super::betza::Atom;
use super::{Tables, Variant};
use crate::types::{Bits, ByColor, Color, Geometry, Role, Square};

/// A named region (`region palace d1-f3`): the squares as written for White, and their mirror
/// image (top to bottom) for Black, so that "its own palace" is one declaration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedRegion {
    /// The name, as written.
    pub name: String,
    /// Each side's squares, sorted.
    pub squares: ByColor<Vec<Square>>,
    /// `drawn`: the GUI draws it (a palace's diagonals, a river).
    pub drawn: bool,
}

/// Moves a piece has only while it stands in a region (`also "sW" in across`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegionMoves {
    /// Index into [`Regions::regions`].
    pub region: usize,
    /// The Betza text, as written.
    pub betza: String,
    /// Its atoms (leaps only; the checker refuses rides).
    pub atoms: Vec<Atom>,
}

/// Everything the rules file says about regions; the default says nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Regions {
    /// The named regions, in declaration order.
    pub regions: Vec<NamedRegion>,
    /// By role index: the region the role is confined to (`confined to palace`); missing
    /// entries are `None`.
    pub confined: Vec<Option<usize>>,
    /// By role index: the moves it has in a region (`also "sW" in across`).
    pub moves: Vec<Vec<RegionMoves>>,
    /// `facing illegal` (in `end`): no move may leave the two royal pieces on one file or rank
    /// with nothing between them (Xiangqi's flying general, Fairy-Stockfish's `flyingGeneral`).
    pub facing_illegal: bool,
    /// `board 9x10 points`: pieces stand on the points where lines cross (Xiangqi).
    pub points: bool,
}

impl Regions {
    /// Does anything here change move generation (then the general, slower generator runs)?
    pub fn rules_moves(&self) -> bool {
        self.facing_illegal
            || self.confined.iter().any(Option::is_some)
            || self.moves.iter().any(|m| !m.is_empty())
    }
}

/// How the GUI should draw the board: derived from `board ... points` and the regions
/// declared `drawn`. See [`Variant::board_drawing`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardDrawing {
    /// Draw the pieces on the points where the lines cross (Xiangqi), not inside squares.
    pub points: bool,
    /// A river between two ranks: `Some(r)` means it runs between rank index `r - 1` and `r`
    /// (0-based, White's first rank is 0); on a 9x10 Xiangqi board `Some(5)`. Vertical lines
    /// are interrupted there, except on the outermost files.
    pub river: Option<u8>,
    /// Rectangles to draw with both diagonals (Xiangqi's palaces): `(file_lo, rank_lo,
    /// file_hi, rank_hi)`, 0-based and inclusive, one per side and region.
    pub palaces: Vec<(u8, u8, u8, u8)>,
}

/// The rectangle a set of squares fills exactly, if it does.
fn rectangle(g: Geometry, squares: &[Square]) -> Option<(u8, u8, u8, u8)> {
    let files = squares.iter().map(|&s| g.file(s));
    let ranks = squares.iter().map(|&s| g.rank(s));
    let (f0, f1) = (files.clone().min()?, files.max()?);
    let (r0, r1) = (ranks.clone().min()?, ranks.max()?);
    let area = (f1 - f0 + 1) as usize * (r1 - r0 + 1) as usize;
    (area == squares.len()).then_some((f0, r0, f1, r1))
}

impl Variant {
    /// How the GUI should draw this board (the Xiangqi board: pieces on the points, a river,
    /// two palaces). Computed from the rules file: `board 9x10 points` gives `points`; a
    /// `drawn` region made of White's first ranks whose mirror image is the rest of the board
    /// gives the river at its edge (`region home ranks 1 2 3 4 5 drawn`); any other `drawn`
    /// region that fills a rectangle is drawn with its diagonals, for each side
    /// (`region palace d1-f3 drawn`). A board without these gives the default: squares.
    pub fn board_drawing(&self) -> BoardDrawing {
        let g = self.geometry();
        let rg = &self.spec.regions;
        let mut d = BoardDrawing {
            points: rg.points,
            ..BoardDrawing::default()
        };
        for region in rg.regions.iter().filter(|r| r.drawn) {
            let white = &region.squares[Color::White];
            let ranks = white.iter().map(|&s| g.rank(s)).max().map_or(0, |r| r + 1);
            let whole_ranks = white.len() == ranks as usize * g.files as usize
                && 2 * ranks == g.ranks
                && white.iter().all(|&s| g.rank(s) < ranks);
            if whole_ranks {
                d.river = Some(ranks);
                continue;
            }
            for c in Color::ALL {
                if let Some(rect) = rectangle(g, &region.squares[c]) {
                    if !d.palaces.contains(&rect) {
                        d.palaces.push(rect);
                    }
                }
            }
        }
        d
    }
}

impl<B: Bits> Tables<B> {
    /// The tables of the regions: confinement masks and moves in a region.
    pub(super) fn add_regions(&mut self, v: &Variant) {
        let g = self.geometry;
        let rg = &v.spec.regions;
        let mask = |c: Color, i: usize| {
            let mut b = B::EMPTY;
            for &s in &rg.regions[i].squares[c] {
                b.set(s);
            }
            b
        };
        for c in Color::ALL {
            for r in v.roles() {
                let cr = self.cr(c, r);
                self.confine[cr] = self.board;
                if let Some(Some(i)) = rg.confined.get(r.index()) {
                    self.confine[cr] = mask(c, *i);
                    self.confined[c].insert(r);
                    self.extra_attacks = true;
                }
                for m in rg.moves.get(r.index()).into_iter().flatten() {
                    let zone = mask(c, m.region);
                    for a in &m.atoms {
                        self.add_special(g, c, r, false, a, zone);
                    }
                }
            }
        }
    }

    /// A hopping ride (`p`): its ray, and the reverse ray its captures are found along.
    pub(super) fn add_hop(&mut self, g: Geometry, c: Color, r: Role, dx: i8, dy: i8, a: &Atom) {
        let cr = self.cr(c, r);
        let ray = self.ray_index(g, dx, dy, 0);
        self.hops[cr].push(super::Ride {
            ray,
            quiet: a.mode.quiet,
            capture: a.mode.capture,
            initial: a.initial,
        });
        if a.mode.capture {
            let rev = self.ray_index(g, -dx, -dy, 0);
            let list = &mut self.rev_hops[c];
            if let Some(e) = list.iter_mut().find(|e| e.0 == rev) {
                e.1.insert(r);
            } else {
                list.push((rev, [r].into_iter().collect()));
            }
            self.extra_attacks = true;
        }
    }
}
