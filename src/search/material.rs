//! The material balance as a board shows it beside the players (as lichess does): the pieces
//! one side has more of than the other, and its lead in pawns, with the values the evaluation
//! uses (declared in the rules file, else derived from the piece's moves).

use crate::position::AnyPosition;
use crate::types::Big;
use crate::types::{ByColor, Color, Role};
use crate::variant::Variant;

use super::eval;

/// Each role's material value in centipawns (0 for the royal piece), as the evaluation counts
/// it.
pub fn piece_values(v: &Variant) -> Vec<i32> {
    if v.geometry().len() <= 64 {
        let t = v.tables::<u64>();
        v.roles().map(|r| eval::role_value(v, t, r)).collect()
    } else {
        let t = v.tables::<Big>();
        v.roles().map(|r| eval::role_value(v, t, r)).collect()
    }
}

/// One side's material lead.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Edge {
    /// The roles this side has more of (a role twice when it has two more), most valuable first.
    pub roles: Vec<Role>,
    /// The lead in centipawns (0 when level or behind).
    pub points: i32,
}

/// Each side's lead, counting the pieces on the board and in hand; the royal piece does not
/// count.
pub fn material_edge(v: &Variant, pos: &AnyPosition, values: &[i32]) -> ByColor<Edge> {
    let n = v.role_count();
    let mut count = ByColor::new_with(|_| vec![0i32; n]);
    for (_, p) in pos.pieces_on_board() {
        count[p.color][p.role.index()] += 1;
    }
    for c in Color::ALL {
        for r in v.roles() {
            count[c][r.index()] += pos.hand_count(c, r) as i32;
        }
    }
    let total = |c: Color| -> i32 {
        v.roles()
            .map(|r| count[c][r.index()] * values.get(r.index()).copied().unwrap_or(0))
            .sum()
    };
    let (w, b) = (total(Color::White), total(Color::Black));
    ByColor::new_with(|c| {
        let mut roles: Vec<Role> = Vec::new();
        for r in v.roles().filter(|&r| !v.role(r).royal) {
            let d = count[c][r.index()] - count[!c][r.index()];
            for _ in 0..d.max(0) {
                roles.push(r);
            }
        }
        roles.sort_by_key(|r| std::cmp::Reverse(values.get(r.index()).copied().unwrap_or(0)));
        let lead = if c == Color::White { w - b } else { b - w };
        Edge {
            roles,
            points: lead.max(0),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn a_captured_knight_is_white_s_lead() {
        let v = crate::rules::load("chess").expect("bundled");
        // Black's g8 knight is missing.
        let g = Game::from_fen(
            v.clone(),
            "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        )
        .expect("fen");
        let values = piece_values(&v);
        let e = material_edge(&v, g.position(), &values);
        let knight = v.roles().find(|&r| v.role(r).letter == 'N').unwrap();
        assert_eq!(e[Color::White].roles, vec![knight]);
        assert_eq!(e[Color::White].points, values[knight.index()]);
        assert_eq!(e[Color::Black], Edge::default());
    }
}
