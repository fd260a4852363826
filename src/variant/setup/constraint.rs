//! What a requirement of the setup phase asks of an array.

use super::{Constraint, ConstraintKind};
use crate::types::{Color, Geometry, Piece, Square};

impl Constraint {
    /// Does `array` satisfy the constraint for `side`?
    pub fn holds(&self, g: Geometry, array: &[Option<Piece>], side: Color) -> bool {
        match &self.kind {
            ConstraintKind::OppositeColors(role) => {
                let squares: Vec<Square> = g
                    .squares()
                    .filter(|s| {
                        array[s.index()]
                            == Some(Piece {
                                color: side,
                                role: *role,
                            })
                    })
                    .collect();
                let light = squares.iter().filter(|&&s| g.is_light(s)).count();
                squares.len() < 2 || (light > 0 && light < squares.len())
            }
            ConstraintKind::Between { inner, outer } => {
                let back = if side.is_white() { 0 } else { g.ranks - 1 };
                let files = |role| -> Vec<u8> {
                    (0..g.files)
                        .filter(|&f| {
                            array[g.square(f, back).index()] == Some(Piece { color: side, role })
                        })
                        .collect()
                };
                let outers = files(*outer);
                files(*inner)
                    .iter()
                    .all(|&k| outers.iter().any(|&r| r < k) && outers.iter().any(|&r| r > k))
            }
            ConstraintKind::NotOnFiles { role, files } => g.squares().all(|s| {
                array[s.index()]
                    != Some(Piece {
                        color: side,
                        role: *role,
                    })
                    || !files.contains(&g.file(s))
            }),
            // Compares the sides: see `holds_across`.
            ConstraintKind::NotMirroring { .. } => true,
        }
    }

    /// Does a constraint that compares the two sides hold on the whole final `array`, `start`
    /// being the variant's own array? (True for a constraint on one side: see `holds`.)
    pub fn holds_across(
        &self,
        g: Geometry,
        start: &[Option<Piece>],
        array: &[Option<Piece>],
    ) -> bool {
        match &self.kind {
            ConstraintKind::NotMirroring {
                unless_unchanged, ..
            } => !is_symmetric(g, array) || (*unless_unchanged && array == start),
            _ => true,
        }
    }
}

/// Is the array symmetric: Black's pieces White's reflected top to bottom?
fn is_symmetric(g: Geometry, array: &[Option<Piece>]) -> bool {
    g.squares().all(
        |s| match (array[s.index()], array[g.flip_rank(s).index()]) {
            (None, None) => true,
            (Some(a), Some(b)) => a.role == b.role && a.color != b.color,
            _ => false,
        },
    )
}
