//! Per-square move tables, built once when a variant is compiled.
//!
//! Leaps become one bit set per (colour, role, square). Rides become *ray kinds*: for each
//! distinct step and range, the squares a rider would reach from each square on an empty
//! board (`lim`), and the same ray without a range limit (`full`). On a ray with a constant
//! index step the first blocker is the lowest or highest set bit, so a rider's reach is
//! `lim[sq] & !full[blocker]`: the classical approach, valid for any step (nightriders too).

use super::betza::Atom;
use super::magic::Magics;
use super::Variant;
pub use lines::{AttackPlan, RidePlan};

mod lines;
use crate::types::{Bits, ByColor, Color, Geometry, Role, RoleSet, Square};

/// A rider's direction and range, with its precomputed rays.
#[derive(Clone, Debug)]
pub struct RayKind<B> {
    /// File step.
    pub dx: i8,
    /// Rank step.
    pub dy: i8,
    /// Most steps (0 = unlimited).
    pub range: u8,
    /// Does the square index grow along the ray (first blocker = lowest bit)?
    pub positive: bool,
    /// Squares reached from each square on an empty board, range-limited.
    pub lim: Vec<B>,
    /// The same without the range limit.
    pub full: Vec<B>,
}

/// A role's use of a ray kind.
#[derive(Clone, Copy, Debug)]
pub struct Ride {
    /// Index into [`Tables::rays`].
    pub ray: u16,
    /// May end on an empty square.
    pub quiet: bool,
    /// May capture.
    pub capture: bool,
    /// Only from the role's initial ranks.
    pub initial: bool,
}

/// A leap that needs a check beyond a table lookup: initial-rank only, or lame.
#[derive(Clone, Debug)]
pub struct Special<B> {
    /// File step (already oriented for the colour).
    pub dx: i8,
    /// Rank step (already oriented for the colour).
    pub dy: i8,
    /// May end on an empty square.
    pub quiet: bool,
    /// May capture.
    pub capture: bool,
    /// Only from the role's initial ranks.
    pub initial: bool,
    /// The squares it applies from: the initial ranks for an `initial` leap, the region of an
    /// `also "..." in <region>` move, else the whole board.
    pub from: B,
    /// The squares passed over must be empty.
    pub lame: bool,
    /// A pawn's multi-step: creates an en passant target on the square passed over.
    pub creates_ep: bool,
    /// Destination from each square (`None` if off the board).
    pub to: Vec<Option<Square>>,
    /// Squares passed over from each square (must be empty when `lame`).
    pub path: Vec<B>,
}

/// All tables of one variant at bit-set width `B`.
#[derive(Clone, Debug)]
pub struct Tables<B> {
    /// Number of squares.
    pub n: usize,
    /// Number of roles.
    pub roles: usize,
    /// Board geometry.
    pub geometry: Geometry,
    /// Every square of the board.
    pub board: B,
    /// Plain quiet leaps, by `idx(color, role, sq)`.
    pub leap_quiet: Vec<B>,
    /// Plain capturing leaps, by `idx(color, role, sq)`.
    pub leap_capture: Vec<B>,
    /// En passant capture leaps, by `idx(color, role, sq)`.
    pub ep_capture: Vec<B>,
    /// Squares from which a piece of (color, role) attacks `sq` with a plain leap.
    pub rev_leap: Vec<B>,
    /// Rides of each (color, role), by `color * roles + role`.
    pub rides: Vec<Vec<Ride>>,
    /// Special leaps of each (color, role), by `color * roles + role`.
    pub specials: Vec<Vec<Special<B>>>,
    /// The ray kinds.
    pub rays: Vec<RayKind<B>>,
    /// For an attacking colour: (reverse ray kind, the roles that capture along it).
    pub rev_rides: ByColor<Vec<(u16, RoleSet)>>,
    /// The orthogonal and diagonal line tables, on a board of 8x8 squares (`lines.rs`).
    magics: Option<&'static Magics>,
    /// Each (colour, role)'s rides split between the line tables and the rays, by
    /// `color * roles + role` (`lines.rs`).
    pub ride_plans: Vec<RidePlan>,
    /// Each attacking colour's `rev_rides` split the same way.
    pub attack_plans: ByColor<AttackPlan>,
    /// Roles of each colour with special capturing leaps, checked slowly for attacks.
    pub special_capturers: ByColor<RoleSet>,
    /// Squares on the role's initial ranks, by `color * roles + role`.
    pub initial_mask: Vec<B>,
    /// Promotion zone of a role, by `color * roles + role` (empty if it does not promote).
    pub promo_mask: Vec<B>,
    /// The squares of the zone where a role with `optional` promotion may also stay as it is:
    /// those from which it still has a move on an empty board (Fairy-Stockfish's
    /// `immobilityIllegal`), by `color * roles + role`; empty unless promotion is optional.
    pub promo_stay: Vec<B>,
    /// `leaving` promotion (Shogi), by `color * roles + role`: a move from a square of the
    /// zone may promote wherever it goes.
    pub promo_leaving: Vec<bool>,
    /// Where a role may be dropped in play, by `color * roles + role` (empty without drops).
    pub drop_mask: Vec<B>,
    /// Each rank's squares.
    pub rank_mask: Vec<B>,
    /// Each file's squares.
    pub file_mask: Vec<B>,
    /// Light squares.
    pub light: B,
    /// Hopping rides (`p`, the cannon) of each (color, role), by `color * roles + role`.
    pub hops: Vec<Vec<Ride>>,
    /// For an attacking colour: (reverse ray kind, the roles that capture hopping along it).
    pub rev_hops: ByColor<Vec<(u16, RoleSet)>>,
    /// The squares a role may move to and attacks (`confined to <region>`), by
    /// `color * roles + role`; the whole board for a role that is not confined.
    pub confine: Vec<B>,
    /// Roles of each colour that are confined to a region.
    pub confined: ByColor<RoleSet>,
    /// Do pieces attack other than by plain leaps, rides and specials (hoppers, confinement)?
    /// Only then does [`crate::position::Position`]'s attack test look at `rev_hops` and
    /// `confine`, so orthodox games pay one predictable branch.
    pub extra_attacks: bool,
}

impl<B: Bits> Tables<B> {
    /// Index of a (colour, role, square) entry in the flat per-square tables
    /// (`leap_quiet`, `leap_capture`, `ep_capture`, `rev_leap`).
    #[inline(always)]
    pub fn idx(&self, c: Color, role: Role, sq: Square) -> usize {
        ((c.index() * self.roles) + role.index()) * self.n + sq.index()
    }

    /// Index of a (colour, role) entry in the per-role tables (`rides`, `specials`, masks).
    #[inline(always)]
    pub fn cr(&self, c: Color, role: Role) -> usize {
        c.index() * self.roles + role.index()
    }

    /// Every role of the variant, in declaration order.
    #[inline(always)]
    pub fn roles(&self) -> impl Iterator<Item = Role> {
        (0..self.roles as u8).map(Role)
    }

    /// Ray kind `k` (an index into [`Tables::rays`], as [`Ride::ray`] and `rev_rides` hold it).
    #[inline(always)]
    pub fn ray(&self, k: u16) -> &RayKind<B> {
        &self.rays[k as usize]
    }

    /// Squares a rider of ray kind `k` on `sq` reaches with occupancy `occ` (the first blocker
    /// included).
    #[inline(always)]
    pub fn ray_attacks(&self, k: u16, sq: Square, occ: B) -> B {
        let rk = self.ray(k);
        let a = rk.lim[sq.index()];
        let b = a & occ;
        if b.is_empty() {
            a
        } else {
            let blk = if rk.positive { b.lsb() } else { b.msb() };
            a & !rk.full[blk.index()]
        }
    }

    pub(super) fn build(v: &Variant) -> Tables<B> {
        let g = v.geometry();
        let n = g.len();
        let roles = v.role_count();
        let mut t = Tables {
            n,
            roles,
            geometry: g,
            board: B::EMPTY,
            leap_quiet: vec![B::EMPTY; 2 * roles * n],
            leap_capture: vec![B::EMPTY; 2 * roles * n],
            ep_capture: vec![B::EMPTY; 2 * roles * n],
            rev_leap: vec![B::EMPTY; 2 * roles * n],
            rides: vec![Vec::new(); 2 * roles],
            specials: vec![Vec::new(); 2 * roles],
            rays: Vec::new(),
            rev_rides: ByColor::default(),
            magics: None,
            ride_plans: vec![],
            attack_plans: ByColor::default(),
            special_capturers: ByColor::default(),
            initial_mask: vec![B::EMPTY; 2 * roles],
            promo_mask: vec![B::EMPTY; 2 * roles],
            promo_stay: vec![B::EMPTY; 2 * roles],
            promo_leaving: vec![false; 2 * roles],
            drop_mask: vec![B::EMPTY; 2 * roles],
            rank_mask: vec![B::EMPTY; g.ranks as usize],
            file_mask: vec![B::EMPTY; g.files as usize],
            light: B::EMPTY,
            hops: vec![Vec::new(); 2 * roles],
            rev_hops: ByColor::default(),
            confine: vec![B::EMPTY; 2 * roles],
            confined: ByColor::default(),
            extra_attacks: false,
        };
        for sq in g.squares() {
            t.board.set(sq);
            t.rank_mask[g.rank(sq) as usize].set(sq);
            t.file_mask[g.file(sq) as usize].set(sq);
            if g.is_light(sq) {
                t.light.set(sq);
            }
        }
        for c in Color::ALL {
            for r in v.roles() {
                let def = v.role(r);
                let cr = t.cr(c, r);
                // relative rank -> absolute rank for this colour
                let abs_rank = |rel: u8| if c.is_white() { rel } else { g.ranks - 1 - rel };
                let ranks = v.initial_ranks[c][r.index()];
                for rel in 0..g.ranks {
                    if ranks & (1 << rel) != 0 {
                        t.initial_mask[cr] |= t.rank_mask[abs_rank(rel) as usize];
                    }
                }
                if let Some(p) = &def.promotion {
                    for rel in g.ranks.saturating_sub(p.zone)..g.ranks {
                        t.promo_mask[cr] |= t.rank_mask[abs_rank(rel) as usize];
                    }
                    t.promo_leaving[cr] = p.leaving;
                }
                for a in &def.atoms {
                    t.add_atom(g, c, r, def.pawn, a);
                }
            }
        }
        t.add_regions(v);
        // reverse leap tables
        for c in Color::ALL {
            for r in v.roles() {
                for from in g.squares() {
                    let i = t.idx(c, r, from);
                    for to in t.leap_capture[i].iter() {
                        let j = t.idx(c, r, to);
                        t.rev_leap[j].set(from);
                    }
                }
            }
        }
        t.fill_promo_stay(v);
        t.fill_drop_mask(v);
        t.fill_line_plans();
        t
    }

    /// [`Tables::promo_stay`]: a square of the zone is kept if the role has a quiet move from
    /// it on an empty board (a pawn on the last rank has none).
    fn fill_promo_stay(&mut self, v: &Variant) {
        for c in Color::ALL {
            for r in v.roles() {
                if !v.role(r).promotion.as_ref().is_some_and(|p| p.optional) {
                    continue;
                }
                let cr = self.cr(c, r);
                // with `leaving`, a move out of the zone may decline too: every square counts
                let squares = if self.promo_leaving[cr] {
                    !B::EMPTY
                } else {
                    self.promo_mask[cr]
                };
                for sq in squares.iter().filter(|s| s.index() < self.geometry.len()) {
                    let leaps = self.leap_quiet[self.idx(c, r, sq)].any();
                    let rides = self.rides[cr]
                        .iter()
                        .any(|ride| ride.quiet && self.ray(ride.ray).lim[sq.index()].any());
                    let specials = self.specials[cr]
                        .iter()
                        .any(|s| s.quiet && s.to[sq.index()].is_some());
                    if leaps || rides || specials {
                        self.promo_stay[cr].set(sq);
                    }
                }
            }
        }
    }

    pub(super) fn ray_index(&mut self, g: Geometry, dx: i8, dy: i8, range: u8) -> u16 {
        if let Some(i) = self
            .rays
            .iter()
            .position(|k| k.dx == dx && k.dy == dy && k.range == range)
        {
            return i as u16;
        }
        let mut lim = vec![B::EMPTY; self.n];
        let mut full = vec![B::EMPTY; self.n];
        for sq in g.squares() {
            let (f, r) = (g.file(sq) as i32, g.rank(sq) as i32);
            let mut step = 1;
            while let Some(t) = g.square_at(f + dx as i32 * step, r + dy as i32 * step) {
                full[sq.index()].set(t);
                if range == 0 || step <= range as i32 {
                    lim[sq.index()].set(t);
                }
                step += 1;
            }
        }
        let delta = dy as i32 * g.files as i32 + dx as i32;
        self.rays.push(RayKind {
            dx,
            dy,
            range,
            positive: delta > 0,
            lim,
            full,
        });
        (self.rays.len() - 1) as u16
    }

    fn add_atom(&mut self, g: Geometry, c: Color, r: Role, pawn: bool, a: &Atom) {
        let dy = if c.is_white() { a.dy } else { -a.dy };
        let dx = a.dx;
        let cr = self.cr(c, r);
        if a.hop {
            self.add_hop(g, c, r, dx, dy, a);
            return;
        }
        if a.is_rider() {
            let ray = self.ray_index(g, dx, dy, a.range);
            self.rides[cr].push(Ride {
                ray,
                quiet: a.mode.quiet,
                capture: a.mode.capture,
                initial: a.initial,
            });
            if a.mode.capture {
                if a.initial {
                    self.special_capturers[c].insert(r);
                } else {
                    // attacks on a square come from the reverse direction
                    let rev = self.ray_index(g, -dx, -dy, a.range);
                    let list = &mut self.rev_rides[c];
                    if let Some(e) = list.iter_mut().find(|e| e.0 == rev) {
                        e.1.insert(r);
                    } else {
                        list.push((rev, [r].into_iter().collect()));
                    }
                }
            }
            return;
        }
        if a.initial || a.lame {
            let from = if a.initial {
                self.initial_mask[cr]
            } else {
                self.board
            };
            self.add_special(g, c, r, pawn, a, from);
            return;
        }
        for sq in g.squares() {
            let Some(to) =
                g.square_at(g.file(sq) as i32 + dx as i32, g.rank(sq) as i32 + dy as i32)
            else {
                continue;
            };
            let i = self.idx(c, r, sq);
            if a.mode.quiet {
                self.leap_quiet[i].set(to);
            }
            if a.mode.capture {
                self.leap_capture[i].set(to);
                if a.en_passant {
                    self.ep_capture[i].set(to);
                }
            }
        }
    }

    /// Adds a leap that applies only from the squares `from` (initial-rank leaps, moves in a
    /// region) or that is lame: a [`Special`], checked one by one.
    pub(super) fn add_special(
        &mut self,
        g: Geometry,
        c: Color,
        r: Role,
        pawn: bool,
        a: &Atom,
        from: B,
    ) {
        let dy = if c.is_white() { a.dy } else { -a.dy };
        let dx = a.dx;
        let cr = self.cr(c, r);
        let mut to = vec![None; self.n];
        let mut path = vec![B::EMPTY; self.n];
        for sq in g.squares() {
            if let Some(t) =
                g.square_at(g.file(sq) as i32 + dx as i32, g.rank(sq) as i32 + dy as i32)
            {
                to[sq.index()] = Some(t);
                if a.lame {
                    path[sq.index()] = self.lame_path(sq, dx, dy);
                }
            }
        }
        self.specials[cr].push(Special {
            dx,
            dy,
            quiet: a.mode.quiet,
            capture: a.mode.capture,
            initial: a.initial,
            from,
            lame: a.lame,
            creates_ep: pawn && a.lame && !a.mode.capture,
            to,
            path,
        });
        if a.mode.capture {
            self.special_capturers[c].insert(r);
        }
    }

    /// The squares a lame leap from `from` by (dx, dy) passes over, as Fairy-Stockfish's
    /// `lame_leaper_path` walks them: a step along the longer axis while the distances still
    /// left differ, a diagonal step once they are equal. For a leap along a line these are the
    /// squares between (`nD`, `nA`); the Xiangqi horse `nN` passes the orthogonally adjacent
    /// square, its "leg".
    fn lame_path(&self, from: Square, dx: i8, dy: i8) -> B {
        let g = self.geometry;
        let (mut f, mut r) = (g.file(from) as i32, g.rank(from) as i32);
        let (tf, tr) = (f + dx as i32, r + dy as i32);
        let mut b = B::EMPTY;
        loop {
            let diff = (tf - f).abs() - (tr - r).abs();
            if diff >= 0 {
                f += (tf - f).signum();
            }
            if diff <= 0 {
                r += (tr - r).signum();
            }
            if (f, r) == (tf, tr) {
                return b;
            }
            if let Some(s) = g.square_at(f, r) {
                b.set(s);
            }
        }
    }

    /// The squares strictly between `from` and `to` on a straight line (rank, file or
    /// diagonal), or a leap's path for a lame leap; empty if they are not aligned.
    pub fn line_between(&self, from: Square, to: Square) -> B {
        let g = self.geometry;
        let (f0, r0) = (g.file(from) as i32, g.rank(from) as i32);
        let (f1, r1) = (g.file(to) as i32, g.rank(to) as i32);
        let (dx, dy) = (f1 - f0, r1 - r0);
        let steps = gcd(dx, dy);
        let mut b = B::EMPTY;
        if steps <= 1 {
            return b;
        }
        let (sx, sy) = (dx / steps, dy / steps);
        for k in 1..steps {
            if let Some(s) = g.square_at(f0 + sx * k, r0 + sy * k) {
                b.set(s);
            }
        }
        b
    }
}

/// Greatest common divisor (of absolute values).
pub fn gcd(a: i32, b: i32) -> i32 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}
