//! How a piece is drawn: the figures of a piece set it is shown with, worked out from its moves
//! (an archbishop moves like a bishop plus a knight, so it is drawn as both), or named by the
//! rules file (`image bishop+knight`, `image "archer.svg"`).
//!
//! This is the rules' side of the picture: no pixels here. The GUI paints a [`Look`] with the
//! piece set the user chose.

use std::fmt;
use std::sync::Arc;

use super::betza::Atom;
use super::RoleDef;

/// A figure of a piece set: the six orthodox pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Figure {
    /// The king.
    King,
    /// The queen.
    Queen,
    /// The rook.
    Rook,
    /// The bishop.
    Bishop,
    /// The knight.
    Knight,
    /// The pawn.
    Pawn,
}

impl Figure {
    /// Every figure, in the usual order.
    pub const ALL: [Figure; 6] = [
        Figure::King,
        Figure::Queen,
        Figure::Rook,
        Figure::Bishop,
        Figure::Knight,
        Figure::Pawn,
    ];

    /// The figure's name in a rules file (`image knight`).
    pub fn name(self) -> &'static str {
        match self {
            Figure::King => "king",
            Figure::Queen => "queen",
            Figure::Rook => "rook",
            Figure::Bishop => "bishop",
            Figure::Knight => "knight",
            Figure::Pawn => "pawn",
        }
    }

    /// The figure's usual FEN letter (upper case).
    pub fn letter(self) -> char {
        match self {
            Figure::King => 'K',
            Figure::Queen => 'Q',
            Figure::Rook => 'R',
            Figure::Bishop => 'B',
            Figure::Knight => 'N',
            Figure::Pawn => 'P',
        }
    }

    /// The figure named `name` (any case).
    pub fn from_name(name: &str) -> Option<Figure> {
        let n = name.to_ascii_lowercase();
        Figure::ALL.into_iter().find(|f| f.name() == n)
    }
}

impl fmt::Display for Figure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An SVG file a rules file names, read when the rules were compiled.
#[derive(Clone, Debug)]
pub struct SvgFile {
    /// The path as resolved (relative paths against the rules file's folder), for messages and
    /// as a key for caches.
    pub path: String,
    /// The file's bytes.
    pub data: Arc<[u8]>,
}

/// The picture a rules file names for a piece (`image ...` on its `piece` line).
#[derive(Clone, Debug)]
pub enum PieceImage {
    /// Figures of the user's piece set, combined: `image knight`, `image bishop+knight`.
    Figures(Vec<Figure>),
    /// SVG files: White's, and Black's (`None`: White's with its colours inverted).
    Files(SvgFile, Option<SvgFile>),
    /// A token with text on it, as Xiangqi's discs and Shogi's wedges are written.
    Token(Token),
}

/// The shape of a [`PieceImage::Token`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenShape {
    /// A round disc, as Xiangqi's pieces; White's text is red, Black's black.
    Disc,
    /// A wedge pointing at the opponent, as Shogi's pieces; both sides' tokens look alike and
    /// only the direction tells them apart.
    Pentagon,
}

impl TokenShape {
    /// The shape's name in a rules file (`image disc "車"`).
    pub fn name(self) -> &'static str {
        match self {
            TokenShape::Disc => "disc",
            TokenShape::Pentagon => "pentagon",
        }
    }
}

/// A token: its shape and the text written on it for each side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// The shape.
    pub shape: TokenShape,
    /// White's text.
    pub white: String,
    /// Black's text (`None`: the same as White's).
    pub black: Option<String>,
}

impl Token {
    /// The text on side `c`'s token.
    pub fn text(&self, c: crate::types::Color) -> &str {
        match (c, &self.black) {
            (crate::types::Color::Black, Some(b)) => b,
            _ => &self.white,
        }
    }
}

/// How a piece is drawn with figures of a piece set: one or more figures (the first is the
/// main one), and a letter badge where the figures alone do not tell the piece apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Look {
    /// The figures, main one first; none for a piece that resembles no orthodox piece at all.
    pub figures: Vec<Figure>,
    /// The piece's letter, shown small beside the figures.
    pub badge: Option<char>,
    /// The badge's text where the letter alone does not write it: `+P` for a promoted kind
    /// (whose letter is one private-use `char`, see [`crate::types::letter_text`]).
    pub label: Option<String>,
}

/// The figures a piece is drawn with: the rules file's `image` figures; else the orthodox
/// piece of its name; else the orthodox pieces its moves combine (see [`combination`]).
pub fn look(role: &RoleDef) -> Look {
    let mut l = figures_look(role);
    l.label =
        crate::types::promoted_base(role.letter).map(|_| crate::types::letter_text(role.letter));
    l
}

/// [`look`] without the label.
fn figures_look(role: &RoleDef) -> Look {
    if let Some(PieceImage::Figures(f)) = &role.image {
        return Look {
            figures: f.clone(),
            badge: None,
            label: None,
        };
    }
    if let Some(f) = Figure::from_name(&role.name) {
        return Look {
            figures: vec![f],
            badge: None,
            label: None,
        };
    }
    if role.pawn {
        return Look {
            figures: vec![Figure::Pawn],
            badge: (role.letter != 'P').then_some(role.letter),
            label: None,
        };
    }
    let mut l = combination(&role.atoms);
    // One figure that is not the piece it shows (a non-royal piece moving like the king, a
    // rook called `C`): the letter tells it from the orthodox piece.
    if let [f] = l.figures[..] {
        if f.letter() != role.letter || (f == Figure::King && !role.royal) {
            l.badge = Some(role.letter);
        }
    }
    if l.badge.is_some() {
        l.badge = Some(role.letter);
    }
    l
}

/// The eight unit steps and the knight's leaps, as (file, rank) steps.
const ORTHOGONAL: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The orthodox pieces whose moves a movement combines: unlimited orthogonal rides make a
/// rook, diagonal ones a bishop (both: a queen), the eight knight leaps a knight, the eight
/// unit steps (where no rider has them) a king. Moves that none of them covers set the badge
/// (its letter is filled in by [`look`]). A movement with no orthodox part at all is shown as
/// the figure it is most like (short orthogonal moves a rook, short diagonal ones a bishop,
/// both a king, other leaps a knight) with a badge.
pub fn combination(atoms: &[Atom]) -> Look {
    let has = |dirs: &[(i8, i8)], ride: bool| {
        dirs.iter().all(|&(x, y)| {
            atoms
                .iter()
                .any(|a| a.dx == x && a.dy == y && (!ride || a.range == 0))
        })
    };
    let rook = has(&ORTHOGONAL, true);
    let bishop = has(&DIAGONAL, true);
    let knight = has(&KNIGHT, false);
    let steps: Vec<(i8, i8)> = ORTHOGONAL.iter().chain(&DIAGONAL).copied().collect();
    let king = has(&steps, false) || {
        // limited rides (`W2`, `K3`) step like the king too
        steps
            .iter()
            .all(|&(x, y)| atoms.iter().any(|a| a.dx == x && a.dy == y))
    };
    let mut figures = Vec::new();
    match (rook, bishop) {
        (true, true) => figures.push(Figure::Queen),
        (true, false) => figures.push(Figure::Rook),
        (false, true) => figures.push(Figure::Bishop),
        (false, false) => {}
    }
    if knight {
        figures.push(Figure::Knight);
    }
    // The king's steps matter only where no rider already makes them.
    if king && !(rook && bishop) {
        figures.push(Figure::King);
    }
    let covered = |a: &Atom| {
        let (x, y) = (a.dx, a.dy);
        let unit = ORTHOGONAL.contains(&(x, y)) || DIAGONAL.contains(&(x, y));
        (rook && ORTHOGONAL.contains(&(x, y)))
            || (bishop && DIAGONAL.contains(&(x, y)))
            || (knight && KNIGHT.contains(&(x, y)) && a.range == 1)
            || (king && unit && a.range == 1)
    };
    let extra = atoms.iter().any(|a| !covered(a));
    if !figures.is_empty() {
        return Look {
            figures,
            badge: extra.then_some('?'),
            label: None,
        };
    }
    if atoms.is_empty() {
        return Look {
            figures: vec![],
            badge: Some('?'),
            label: None,
        };
    }
    let ortho = atoms.iter().any(|a| a.dx == 0 || a.dy == 0);
    let diag = atoms.iter().any(|a| a.dx.abs() == a.dy.abs());
    let oblique = atoms
        .iter()
        .any(|a| a.dx != 0 && a.dy != 0 && a.dx.abs() != a.dy.abs());
    let figure = match (ortho, diag, oblique) {
        (_, _, true) => Figure::Knight,
        (true, true, false) => Figure::King,
        (true, false, false) => Figure::Rook,
        _ => Figure::Bishop,
    };
    Look {
        figures: vec![figure],
        badge: Some('?'),
        label: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::betza;

    fn role(name: &str, letter: char, moves: &str) -> RoleDef {
        RoleDef {
            name: name.into(),
            letter,
            san: None,
            value: None,
            betza: moves.into(),
            atoms: if moves.is_empty() {
                vec![]
            } else {
                betza::parse(moves).unwrap()
            },
            royal: false,
            pawn: false,
            promotion: None,
            image: None,
            initial_ranks: None,
            ep_ranks: None,
        }
    }

    fn figures(name: &str, letter: char, moves: &str) -> (Vec<Figure>, Option<char>) {
        let l = look(&role(name, letter, moves));
        (l.figures, l.badge)
    }

    use Figure::*;

    #[test]
    fn compounds_show_their_parts() {
        assert_eq!(
            figures("Archbishop", 'A', "BN"),
            (vec![Bishop, Knight], None)
        );
        assert_eq!(figures("Cardinal", 'C', "NB"), (vec![Bishop, Knight], None));
        assert_eq!(figures("Chancellor", 'C', "RN"), (vec![Rook, Knight], None));
        assert_eq!(figures("Marshal", 'M', "RN"), (vec![Rook, Knight], None));
        assert_eq!(figures("Amazon", 'A', "QN"), (vec![Queen, Knight], None));
        assert_eq!(figures("Centaur", 'C', "KN"), (vec![Knight, King], None));
        // a queen written as rook plus bishop is a queen
        assert_eq!(figures("Dame", 'Q', "RB"), (vec![Queen], None));
    }

    #[test]
    fn orthodox_names_and_lookalikes() {
        assert_eq!(figures("Knight", 'N', "N"), (vec![Knight], None));
        assert_eq!(figures("knight", 'S', "N"), (vec![Knight], None));
        // a rook by another name and letter carries its letter
        assert_eq!(figures("Castle", 'C', "R"), (vec![Rook], Some('C')));
        // a non-royal piece moving like the king is not the king
        assert_eq!(figures("Commoner", 'M', "K"), (vec![King], Some('M')));
    }

    #[test]
    fn pieces_with_no_orthodox_part_get_a_badge() {
        assert_eq!(figures("Camel", 'L', "C"), (vec![Knight], Some('L')));
        assert_eq!(figures("Wazir", 'W', "W"), (vec![Rook], Some('W')));
        assert_eq!(figures("Ferz", 'F', "F"), (vec![Bishop], Some('F')));
        assert_eq!(figures("Dragon", 'D', "RF"), (vec![Rook, King], None));
        assert_eq!(figures("Griffin", 'G', "BD"), (vec![Bishop], Some('G')));
        assert_eq!(figures("Nothing", 'X', ""), (vec![], Some('X')));
    }

    #[test]
    fn a_rules_file_image_wins() {
        let mut r = role("Wizard", 'W', "FC");
        r.image = Some(PieceImage::Figures(vec![Bishop, Knight]));
        assert_eq!(look(&r).figures, vec![Bishop, Knight]);
        let mut p = role("Berolina", 'B', "fmFfcW");
        p.pawn = true;
        assert_eq!(
            look(&p),
            Look {
                figures: vec![Pawn],
                badge: Some('B'),
                label: None,
            }
        );
    }
}
