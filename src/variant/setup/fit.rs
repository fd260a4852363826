//! Whether a side can still place the pieces of its hand (a placement phase, Pre-Chess): enough
//! free squares for every kind (Hall's condition over the kinds' placement ranks), and a way to
//! finish that meets every `require`. The rules checker refuses a hand that cannot fit and a
//! placement too large to judge; the game offers a placement only if the side can still finish.

use std::collections::HashSet;

use super::{Constraint, ConstraintKind, Placement};
use crate::types::{Color, Geometry, Piece, Role, Square};

/// The most partial arrays a completion search may examine: the rules checker refuses a
/// placement whose bound ([`completion_work`]) is larger, so a declared hand never reaches it.
pub const MAX_PLACEMENT_WORK: u64 = 200_000;

/// The squares where side `c` may place a piece of `role` (empty or not).
pub fn placement_region(g: Geometry, pl: &Placement, c: Color, role: Role) -> Vec<Square> {
    let mut out = vec![];
    for &r in pl.ranks_of(role) {
        if r >= g.ranks {
            continue;
        }
        let abs = if c.is_white() { r } else { g.ranks - 1 - r };
        out.extend((0..g.files).map(|f| g.square(f, abs)));
    }
    out
}

/// Kinds of a hand that cannot all be placed: together they hold more pieces than there are
/// free squares on their ranks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shortfall {
    /// The kinds (all of the hand's kinds when the hand as a whole is too large).
    pub roles: Vec<Role>,
    /// How many pieces of these kinds are in hand.
    pub pieces: usize,
    /// How many free squares their ranks have.
    pub squares: usize,
}

/// Hall's condition for a hand (`(kind, count)`) on `array` for side `c`: `None` if every
/// piece can be given its own free square of its ranks, otherwise the smallest set of kinds
/// that outnumbers its squares.
pub fn shortfall(
    g: Geometry,
    pl: &Placement,
    c: Color,
    array: &[Option<Piece>],
    hand: &[(Role, usize)],
) -> Option<Shortfall> {
    // kinds with the same ranks compete for the same squares: one group each
    let mut groups: Vec<(Vec<u8>, Vec<Role>, usize)> = vec![];
    for &(role, n) in hand.iter().filter(|(_, n)| *n > 0) {
        let mut rk = pl.ranks_of(role).to_vec();
        rk.sort_unstable();
        rk.dedup();
        match groups.iter_mut().find(|(r, _, _)| *r == rk) {
            Some((_, roles, count)) => {
                roles.push(role);
                *count += n;
            }
            None => groups.push((rk, vec![role], n)),
        }
    }
    let free = |ranks: &[u8], seen: &mut Vec<bool>| {
        for &r in ranks.iter().filter(|&&r| r < g.ranks) {
            let abs = if c.is_white() { r } else { g.ranks - 1 - r };
            for f in 0..g.files {
                let s = g.square(f, abs);
                if array[s.index()].is_none() {
                    seen[s.index()] = true;
                }
            }
        }
    };
    let test = |mask: u32| -> Option<Shortfall> {
        let mut seen = vec![false; array.len()];
        let (mut roles, mut pieces) = (vec![], 0);
        for (i, (ranks, rs, n)) in groups.iter().enumerate() {
            if mask & (1 << i) != 0 {
                free(ranks, &mut seen);
                roles.extend(rs.iter().copied());
                pieces += n;
            }
        }
        let squares = seen.iter().filter(|&&b| b).count();
        (pieces > squares).then_some(Shortfall {
            roles,
            pieces,
            squares,
        })
    };
    if groups.len() > 12 {
        // more rank sets than any game has: the hand as a whole only
        return test(u32::MAX >> (32 - groups.len().min(32)));
    }
    let mut masks: Vec<u32> = (1..1u32 << groups.len()).collect();
    masks.sort_by_key(|m| m.count_ones());
    masks.into_iter().find_map(test)
}

/// The kinds a constraint looks at: only their squares can make it hold or fail.
fn watched(constraints: &[Constraint]) -> Vec<Role> {
    let mut out = vec![];
    for c in constraints {
        match &c.kind {
            ConstraintKind::OppositeColors(r) | ConstraintKind::NotOnFiles { role: r, .. } => {
                out.push(*r)
            }
            ConstraintKind::Between { inner, outer } => out.extend([*inner, *outer]),
            ConstraintKind::NotMirroring { .. } => {}
        }
    }
    out
}

/// An upper bound on the partial arrays a completion search from `array` with `hand` may
/// examine: the arrangements of the watched pieces on the free squares of their ranks, once
/// for each of them placed (saturating).
pub fn completion_work(
    g: Geometry,
    pl: &Placement,
    constraints: &[Constraint],
    c: Color,
    array: &[Option<Piece>],
    hand: &[(Role, usize)],
) -> u64 {
    let watched = watched(constraints);
    let mut squares: Vec<Square> = vec![];
    let mut counts = vec![];
    for &(role, n) in hand.iter().filter(|(r, n)| *n > 0 && watched.contains(r)) {
        for s in placement_region(g, pl, c, role) {
            if array[s.index()].is_none() && !squares.contains(&s) {
                squares.push(s);
            }
        }
        counts.push(n as u64);
    }
    let m: u64 = counts.iter().sum();
    let n = squares.len() as u64;
    if m > n {
        return 0; // cannot fit: refused before any search
    }
    // n! / ((n - m)! * prod(c!)), built up as products of binomials
    let mut ways: u128 = 1;
    let mut left = n;
    for &k in &counts {
        for i in 0..k {
            ways = ways.saturating_mul((left - i) as u128) / (i + 1) as u128;
        }
        left -= k;
    }
    u64::try_from(ways.saturating_mul(m.max(1) as u128)).unwrap_or(u64::MAX)
}

/// A search for a way to finish a side's placement that meets every requirement, remembering
/// the partial arrays from which there is none (valid for every search from one position: the
/// array alone says what is left in hand).
pub struct Completion<'a> {
    g: Geometry,
    pl: &'a Placement,
    constraints: &'a [Constraint],
    us: Color,
    watched: Vec<Role>,
    dead: HashSet<Vec<Option<Piece>>>,
}

impl<'a> Completion<'a> {
    /// A search for side `us` under `constraints`.
    pub fn new(g: Geometry, pl: &'a Placement, constraints: &'a [Constraint], us: Color) -> Self {
        Completion {
            g,
            pl,
            constraints,
            us,
            watched: watched(constraints),
            dead: HashSet::new(),
        }
    }

    /// The side placing.
    pub fn side(&self) -> Color {
        self.us
    }

    /// Can the side place `hand` on `array` so that every constraint holds at the end? The
    /// watched kinds are tried on every free square of their ranks; the others only need a
    /// square each. `None` if the search met more than [`MAX_PLACEMENT_WORK`] dead ends.
    pub fn can_finish(
        &mut self,
        array: &mut [Option<Piece>],
        hand: &[(Role, usize)],
    ) -> Option<bool> {
        if shortfall(self.g, self.pl, self.us, array, hand).is_some() {
            return Some(false);
        }
        let mut placed = vec![];
        let mut others = vec![];
        for &(role, n) in hand {
            if self.watched.contains(&role) {
                placed.extend(std::iter::repeat_n(role, n));
            } else {
                others.push((role, n));
            }
        }
        self.walk(array, &mut placed, &others)
    }

    fn walk(
        &mut self,
        array: &mut [Option<Piece>],
        pieces: &mut Vec<Role>,
        others: &[(Role, usize)],
    ) -> Option<bool> {
        let Some(role) = pieces.pop() else {
            let us = self.us;
            let holds = self.constraints.iter().all(|c| c.holds(self.g, array, us));
            return Some(holds && shortfall(self.g, self.pl, us, array, others).is_none());
        };
        let result = if self.dead.contains(array) {
            Some(false)
        } else if self.dead.len() as u64 >= MAX_PLACEMENT_WORK {
            None
        } else {
            let mut ok = Some(false);
            for sq in placement_region(self.g, self.pl, self.us, role) {
                if array[sq.index()].is_some() {
                    continue;
                }
                array[sq.index()] = Some(Piece {
                    color: self.us,
                    role,
                });
                ok = self.walk(array, pieces, others);
                array[sq.index()] = None;
                if ok != Some(false) {
                    break;
                }
            }
            if ok == Some(false) {
                self.dead.insert(array.to_vec());
            }
            ok
        };
        pieces.push(role);
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::rng::Rng;
    use crate::variant::ConstraintWhen;

    const K: Role = Role(0);
    const Q: Role = Role(1);
    const R: Role = Role(2);
    const B: Role = Role(3);
    const N: Role = Role(4);

    /// Every way to place the hand, each piece tried on every free square of its ranks.
    fn exhaustive(
        g: Geometry,
        pl: &Placement,
        cs: &[Constraint],
        array: &mut Vec<Option<Piece>>,
        hand: &mut Vec<Role>,
    ) -> bool {
        let Some(role) = hand.pop() else {
            return cs.iter().all(|c| c.holds(g, array, Color::White));
        };
        let mut ok = false;
        for sq in placement_region(g, pl, Color::White, role) {
            if array[sq.index()].is_none() {
                array[sq.index()] = Some(Piece {
                    color: Color::White,
                    role,
                });
                ok = exhaustive(g, pl, cs, array, hand);
                array[sq.index()] = None;
                if ok {
                    break;
                }
            }
        }
        hand.push(role);
        ok
    }

    /// The search (watched kinds placed, the others only counted against free squares, dead
    /// ends remembered across calls) agrees with the exhaustive one on random partial
    /// placements: one rank, or two ranks with rooks and queens on the first only.
    #[test]
    fn completion_agrees_with_trying_every_square() {
        let g = Geometry::new(6, 6).unwrap();
        let between = Constraint {
            kind: ConstraintKind::Between { inner: K, outer: R },
            when: ConstraintWhen::EachSwap,
        };
        let colours = Constraint {
            kind: ConstraintKind::OppositeColors(B),
            when: ConstraintWhen::EachSwap,
        };
        let not_on = Constraint {
            kind: ConstraintKind::NotOnFiles {
                role: K,
                files: vec![1, 4],
            },
            when: ConstraintWhen::EachSwap,
        };
        let cs = vec![between, colours, not_on];
        let mut rng = Rng(7);
        let (mut yes, mut no) = (0, 0);
        for case in 0..600 {
            let two = case % 2 == 1;
            let pl = Placement {
                hand: vec![],
                first: Color::White,
                ranks: if two { vec![0, 1] } else { vec![0] },
                by_role: if two {
                    vec![(R, vec![0]), (Q, vec![0])]
                } else {
                    vec![]
                },
            };
            let mut array = vec![None; 36];
            let kinds = [K, Q, R, R, B, B, N, N, N];
            let mut hand = vec![];
            for &role in &kinds[..3 + rng.below(kinds.len() - 2)] {
                let region = placement_region(g, &pl, Color::White, role);
                let sq = region[rng.below(region.len())];
                if rng.below(3) == 0 && array[sq.index()].is_none() {
                    array[sq.index()] = Some(Piece {
                        color: Color::White,
                        role,
                    });
                } else {
                    hand.push(role);
                }
            }
            let mut counts: Vec<(Role, usize)> = vec![];
            for &r in &hand {
                match counts.iter_mut().find(|(k, _)| *k == r) {
                    Some((_, n)) => *n += 1,
                    None => counts.push((r, 1)),
                }
            }
            let want = exhaustive(g, &pl, &cs, &mut array.clone(), &mut hand.clone());
            let mut c = Completion::new(g, &pl, &cs, Color::White);
            assert_eq!(
                c.can_finish(&mut array.clone(), &counts),
                Some(want),
                "case {case}"
            );
            // asked again with the dead ends of the first search remembered
            assert_eq!(c.can_finish(&mut array, &counts), Some(want), "case {case}");
            if want {
                yes += 1
            } else {
                no += 1
            }
        }
        assert!(yes > 100 && no > 100, "{yes} finishable, {no} not");
    }

    /// Hall's condition names the smallest set of kinds that outnumbers its squares.
    #[test]
    fn shortfall_names_the_crowded_kinds() {
        let g = Geometry::new(8, 8).unwrap();
        let pl = Placement {
            hand: vec![],
            first: Color::White,
            ranks: vec![0, 2],
            by_role: vec![(R, vec![0]), (Q, vec![0])],
        };
        let array = vec![None; 64];
        let fits = [(K, 1), (Q, 1), (R, 7), (N, 7)];
        assert_eq!(shortfall(g, &pl, Color::White, &array, &fits), None);
        let crowded = [(K, 1), (Q, 2), (R, 7), (N, 2)];
        assert_eq!(
            shortfall(g, &pl, Color::White, &array, &crowded),
            Some(Shortfall {
                roles: vec![Q, R],
                pieces: 9,
                squares: 8
            })
        );
        let too_many = [(K, 1), (Q, 1), (R, 6), (N, 9)];
        let s = shortfall(g, &pl, Color::White, &array, &too_many).unwrap();
        assert_eq!((s.pieces, s.squares), (17, 16));
        // Black's ranks are counted from its own side
        let mut blocked = vec![None; 64];
        for f in 0..8 {
            blocked[g.square(f, 7).index()] = Some(Piece {
                color: Color::Black,
                role: N,
            });
        }
        let s = shortfall(g, &pl, Color::Black, &blocked, &[(R, 1)]).unwrap();
        assert_eq!((s.pieces, s.squares), (1, 0));
        assert_eq!(shortfall(g, &pl, Color::White, &blocked, &[(R, 1)]), None);
    }
}
