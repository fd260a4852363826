//! The rides that the orthogonal and diagonal line tables (`magic.rs`) answer at once. On a
//! board of 8x8 squares a (colour, role) that rides all four orthogonal lines without limit,
//! moving and capturing and not only from its first ranks (the rook, the queen, the
//! archbishop's and chancellor's rider halves), has them looked up in one step; its other rides
//! are walked ray by ray as before. The same split serves the attacks towards a square (the
//! roles that capture along all four lines) and the evaluation's reach of each piece, so that
//! move generation, the check test and the evaluation see the same squares as the rays give.

use super::{Ride, Tables};
use crate::types::{Bits, RoleSet, Square};
use crate::variant::magic::{Magics, DIAGONAL, ORTHOGONAL};

/// A (colour, role)'s rides, split: the lines looked up at once, and the rest ray by ray.
#[derive(Clone, Debug, Default)]
pub struct RidePlan {
    /// All four orthogonal lines, moving and capturing.
    pub orthogonal: bool,
    /// All four diagonal lines, moving and capturing.
    pub diagonal: bool,
    /// The other rides.
    pub rest: Vec<Ride>,
}

/// A colour's capture lines towards a square (`rev_rides`), split the same way.
#[derive(Clone, Debug, Default)]
pub struct AttackPlan {
    /// The roles that capture along all four orthogonal lines.
    pub orthogonal: RoleSet,
    /// The roles that capture along all four diagonal lines.
    pub diagonal: RoleSet,
    /// The other (reverse ray kind, roles) pairs, without the roles above on their lines.
    pub rest: Vec<(u16, RoleSet)>,
}

/// A ride the tables may answer for: moving and capturing, from anywhere.
fn plain(r: &Ride) -> bool {
    r.quiet && r.capture && !r.initial
}

impl<B: Bits> Tables<B> {
    /// The ray kinds of the four `lines`, unlimited, if the variant has all four.
    fn line_kinds(&self, lines: &[(i8, i8); 4]) -> Option<[u16; 4]> {
        let mut out = [0u16; 4];
        for (o, &(dx, dy)) in out.iter_mut().zip(lines) {
            let k = self
                .rays
                .iter()
                .position(|k| k.dx == dx && k.dy == dy && k.range == 0)?;
            *o = k as u16;
        }
        Some(out)
    }

    /// Splits every rider's rides and every colour's capture lines (on boards of 8x8 only;
    /// elsewhere everything stays ray by ray).
    pub(super) fn fill_line_plans(&mut self) {
        let on = self.geometry.files == 8 && self.geometry.ranks == 8 && self.n == 64;
        self.magics = on.then(Magics::get);
        let orthogonal = self.line_kinds(&ORTHOGONAL).filter(|_| on);
        let diagonal = self.line_kinds(&DIAGONAL).filter(|_| on);
        let covers = |rides: &[Ride], kinds: Option<[u16; 4]>| {
            kinds.is_some_and(|ks| {
                ks.iter()
                    .all(|&k| rides.iter().any(|r| r.ray == k && plain(r)))
            })
        };
        let within = |kinds: Option<[u16; 4]>, k: u16| kinds.is_some_and(|ks| ks.contains(&k));
        self.ride_plans = self
            .rides
            .iter()
            .map(|rides| {
                let o = covers(rides, orthogonal);
                let d = covers(rides, diagonal);
                let rest = rides
                    .iter()
                    .filter(|r| {
                        !(plain(r)
                            && ((o && within(orthogonal, r.ray)) || (d && within(diagonal, r.ray))))
                    })
                    .copied()
                    .collect();
                RidePlan {
                    orthogonal: o,
                    diagonal: d,
                    rest,
                }
            })
            .collect();
        for c in crate::types::Color::ALL {
            let lines = &self.rev_rides[c];
            // the roles capturing along all four lines (the reverse of a line is a line)
            let all = |kinds: Option<[u16; 4]>| {
                kinds.map_or(RoleSet::default(), |ks| {
                    ks.iter().fold(RoleSet(u32::MAX), |acc, &k| {
                        let roles = lines.iter().find(|e| e.0 == k).map_or(0, |e| e.1 .0);
                        RoleSet(acc.0 & roles)
                    })
                })
            };
            let (o, d) = (all(orthogonal), all(diagonal));
            let rest = lines
                .iter()
                .map(|&(k, roles)| {
                    let mut left = roles.0;
                    if within(orthogonal, k) {
                        left &= !o.0;
                    }
                    if within(diagonal, k) {
                        left &= !d.0;
                    }
                    (k, RoleSet(left))
                })
                .filter(|e| !e.1.is_empty())
                .collect();
            self.attack_plans[c] = AttackPlan {
                orthogonal: o,
                diagonal: d,
                rest,
            };
        }
    }

    /// The squares the looked-up lines reach from `sq` (none without the tables).
    #[inline(always)]
    pub fn lines(&self, orthogonal: bool, diagonal: bool, sq: Square, occ: B) -> B {
        let Some(m) = self.magics else {
            return B::EMPTY;
        };
        let occ = occ.low_u64();
        let mut a = 0;
        if orthogonal {
            a |= m.orthogonal(sq.index(), occ);
        }
        if diagonal {
            a |= m.diagonal(sq.index(), occ);
        }
        B::from_low_u64(a)
    }

    /// The squares strictly between `a` and `b` on an orthogonal or diagonal line (none
    /// without the tables, or off a common line).
    #[inline(always)]
    pub fn between(&self, a: Square, b: Square) -> B {
        self.magics.map_or(B::EMPTY, |m| {
            B::from_low_u64(m.between(a.index(), b.index()))
        })
    }

    /// Every square the rides of (colour, role) `cr` reach from `sq`, whatever their kind
    /// of move: the union of their rays.
    #[inline(always)]
    pub fn ride_reach(&self, cr: usize, sq: Square, occ: B) -> B {
        let p = &self.ride_plans[cr];
        let mut a = self.lines(p.orthogonal, p.diagonal, sq, occ);
        for ride in &p.rest {
            a |= self.ray_attacks(ride.ray, sq, occ);
        }
        a
    }
}

#[cfg(test)]
mod tests {
    use crate::types::Color;

    /// On every bundled file of 8x8 squares, for every piece kind of both colours, every square
    /// and occupancies from empty to crowded: the reach of the rides and the attackers of a
    /// square, split between the line tables and the rays, are what the rays alone give.
    #[test]
    fn the_split_agrees_with_the_rays() {
        let mut rng = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        let mut covered = 0;
        for (name, _) in crate::rules::bundled() {
            let v = crate::rules::load(name).unwrap();
            let g = v.geometry();
            if g.files != 8 || g.ranks != 8 {
                continue;
            }
            let t = v.tables::<u64>();
            for c in Color::ALL {
                let plan = &t.attack_plans[c];
                for r in t.roles() {
                    let cr = t.cr(c, r);
                    covered +=
                        usize::from(t.ride_plans[cr].orthogonal || t.ride_plans[cr].diagonal);
                    for sq in g.squares() {
                        for density in 0..4 {
                            let mut occ = next();
                            for _ in 0..density {
                                occ &= next();
                            }
                            let rays = t.rides[cr]
                                .iter()
                                .fold(0u64, |a, ride| a | t.ray_attacks(ride.ray, sq, occ));
                            assert_eq!(t.ride_reach(cr, sq, occ), rays, "{name} {r:?} {sq:?}");
                            // the lines along which this kind captures towards `sq`
                            let towards = t.rev_rides[c]
                                .iter()
                                .filter(|e| e.1.contains(r))
                                .fold(0u64, |a, e| a | t.ray_attacks(e.0, sq, occ));
                            let split = t.lines(
                                plan.orthogonal.contains(r),
                                plan.diagonal.contains(r),
                                sq,
                                occ,
                            ) | plan
                                .rest
                                .iter()
                                .filter(|e| e.1.contains(r))
                                .fold(0u64, |a, e| a | t.ray_attacks(e.0, sq, occ));
                            assert_eq!(split, towards, "{name} {r:?} {sq:?}");
                        }
                    }
                }
            }
        }
        assert!(
            covered >= 4,
            "the rooks, bishops and queens of chess at least"
        );
    }
}
