//! A learnt correction to the derived evaluation, for the orthodox pieces on 8x8.
//!
//! A small network (`nets/chess.net`, made by `scripts/net_train.py` from Stockfish's scores
//! of quiet positions: its searches', `scripts/net_data.py`, or its static evaluation's,
//! `scripts/net_static.py`) adds to the evaluation derived from the rules
//! file what those scores say it misses. Its inputs are one per (own or enemy piece, kind,
//! square) seen from the side to move (the board turned round when Black is to move, so that
//! a position and its colour-mirrored twin get the same correction), either one set of them
//! or one set per bucket of the side to move's royal piece (its file folded onto a-d, the
//! board mirrored left-right when it stands on e-h, and whether it is still on its first
//! rank: [`BUCKETS`]; the file says which); one hidden layer of [`HIDDEN`] units (ReLU); one
//! output, in pawns, held within [`LIMIT`] centipawns.
//!
//! It is on with the Cargo feature `net`, a default feature since the network by the royal
//! piece's bucket (trained on the positions the search meets, `scripts/net_search_sample.py`)
//! screened above the derived evaluation against Stockfish on two sets of openings
//! (docs/levels.md); built without it, the derived evaluation serves alone. Only full
//! strength adds the correction (`levels::LevelParams::learnt`). It serves only
//! games it was trained for, recognised from the rules file, not from names:
//! an 8x8 board whose six kinds move as the orthodox pieces do (Betza `K`, `Q`, `R`, `B`, `N`
//! and the pawn), a royal king, material that counts for its owner, no drops and no goal
//! beyond checkmate: chess, Chess960, the relocation variants and Pre-Chess once its pieces
//! are placed. Every other game keeps the derived evaluation alone, so a new variant still
//! plays without any training.
//!
//! The first layer is a sum of one row of weights per piece, so a searcher keeps the sums of
//! the last position it evaluated ([`Scratch`], beside its pawn cache) and brings them up by
//! the rows of the pieces that changed (a side's sums whole again when its royal piece changes
//! bucket). The sums are 16-bit integers with wrapping adds, so the kept sums are exactly
//! those computed whole.

use std::sync::OnceLock;

use super::EvalTables;
use crate::position::Position;
use crate::types::{Color, Piece, Role};
use crate::variant::TablesFor;
use crate::variant::Variant;

/// Units of the hidden layer.
pub(crate) const HIDDEN: usize = 64;
/// Inputs of a plain network: own and enemy pieces of six kinds on 64 squares.
const PLAIN: usize = 2 * 6 * 64;
/// The buckets of a network with one set of [`PLAIN`] inputs per square of the side to
/// move's royal piece ([`bucket`]): its file folded onto a-d, on its first rank or not.
const BUCKETS: usize = 8;
/// The first layer's weights as integers: the float weight times this.
const ONE: f32 = 1024.0;
/// The correction is held within this many centipawns.
pub(crate) const LIMIT: i32 = 400;
/// More changed pieces than this and the sums are computed whole.
const MAX_CHANGES: u32 = 12;
/// The file's first bytes.
const MAGIC: &[u8; 8] = b"MYRNET01";

/// The network's weights.
pub(crate) struct Net {
    /// 1, or [`BUCKETS`] sets of inputs by the royal piece's square.
    buckets: usize,
    /// First layer, one row of [`HIDDEN`] per input.
    w1: Vec<[i16; HIDDEN]>,
    b1: [i16; HIDDEN],
    /// Output layer, in pawns per unit of a hidden activation.
    w2: [f32; HIDDEN],
    b2: f32,
}

/// The network that ships with Myriad.
static CHESS: &[u8] = include_bytes!("../../../nets/chess.net");

impl Net {
    /// Reads a network file: [`MAGIC`], the inputs and hidden units (u32, little-endian), then
    /// the first layer's weights by input, its biases, the output weights and bias (f32).
    pub(crate) fn parse(bytes: &[u8]) -> Option<Net> {
        let rest = bytes.strip_prefix(MAGIC.as_slice())?;
        let word = |i: usize| -> Option<[u8; 4]> { rest.get(4 * i..4 * i + 4)?.try_into().ok() };
        let (inputs, hidden) = (u32::from_le_bytes(word(0)?), u32::from_le_bytes(word(1)?));
        let inputs = inputs as usize;
        let buckets = inputs / PLAIN;
        if !(inputs == PLAIN || inputs == BUCKETS * PLAIN) || hidden as usize != HIDDEN {
            return None;
        }
        let floats = inputs * HIDDEN + 2 * HIDDEN + 1;
        if rest.len() != 4 * (2 + floats) {
            return None;
        }
        let f: Vec<f32> = (0..floats)
            .map(|i| word(2 + i).map(f32::from_le_bytes))
            .collect::<Option<_>>()?;
        let q = |x: f32| (x * ONE).round().clamp(-32767.0, 32767.0) as i16;
        let mut net = Net {
            buckets,
            w1: vec![[0; HIDDEN]; inputs],
            b1: [0; HIDDEN],
            w2: [0.0; HIDDEN],
            b2: f[floats - 1],
        };
        for (i, row) in net.w1.iter_mut().enumerate() {
            for (j, w) in row.iter_mut().enumerate() {
                *w = q(f[i * HIDDEN + j]);
            }
        }
        let b1 = &f[inputs * HIDDEN..];
        for j in 0..HIDDEN {
            net.b1[j] = q(b1[j]);
            net.w2[j] = b1[HIDDEN + j];
        }
        Some(net)
    }

    /// The bundled network, read once.
    pub(crate) fn bundled() -> Option<&'static Net> {
        static NET: OnceLock<Option<Net>> = OnceLock::new();
        NET.get_or_init(|| Net::parse(CHESS)).as_ref()
    }

    /// The correction in centipawns for the side to move, from the first layer's sums.
    fn output(&self, sums: &[i16; HIDDEN]) -> i32 {
        let mut hidden = 0.0;
        for (&s, &w) in sums.iter().zip(&self.w2) {
            hidden += f32::from(s.max(0)) * w;
        }
        (((self.b2 + hidden / ONE) * 100.0).round() as i32).clamp(-LIMIT, LIMIT)
    }
}

/// How `view`'s side sees the board: the set of inputs (the bucket of its royal piece's
/// square, 0 for a plain network) and the file flip (7 when its royal piece stands on the
/// files e-h of a network with buckets: the board mirrored left-right).
#[derive(Clone, Copy, PartialEq, Eq, Default)]
struct Frame {
    bucket: usize,
    flip: u32,
}

/// The frame of `view`'s side, whose royal pieces are `kings` (a1 = 0).
#[inline]
fn frame(net: &Net, view: usize, kings: u64) -> Frame {
    if net.buckets == 1 || kings == 0 {
        return Frame::default();
    }
    let sq = kings.trailing_zeros() ^ if view == 1 { 56 } else { 0 };
    let (file, rank) = (sq & 7, sq >> 3);
    let flip = if file >= 4 { 7 } else { 0 };
    Frame {
        bucket: (file ^ flip) as usize + 4 * usize::from(rank > 0),
        flip,
    }
}

/// The input of a piece of `colour` and `kind` (0..6: pawn, knight, bishop, rook, queen,
/// king) on `sq` (a1 = 0), seen from `view`'s side in its frame.
#[inline]
fn input(view: usize, f: Frame, colour: usize, kind: usize, sq: u32) -> usize {
    let sq = (if view == 1 { sq ^ 56 } else { sq } ^ f.flip) as usize;
    f.bucket * PLAIN + usize::from(view != colour) * 384 + kind * 64 + sq
}

/// A searcher's first-layer sums of the last position it evaluated, from both sides' views,
/// and the pieces they are of (by kind and colour).
#[derive(Clone)]
pub(crate) struct Scratch {
    boards: [u64; 12],
    sums: [[i16; HIDDEN]; 2],
    frames: [Frame; 2],
    valid: bool,
}

impl Default for Scratch {
    fn default() -> Self {
        Scratch {
            boards: [0; 12],
            sums: [[0; HIDDEN]; 2],
            frames: [Frame::default(); 2],
            valid: false,
        }
    }
}

impl Scratch {
    /// Forgets the sums (another variant, another network).
    pub(crate) fn clear(&mut self) {
        self.valid = false;
    }

    /// Brings the sums to the pieces in `boards` (index `2 * kind + colour`).
    fn update(&mut self, net: &Net, boards: &[u64; 12]) {
        let changes: u32 = if self.valid {
            self.boards
                .iter()
                .zip(boards)
                .map(|(a, b)| (a ^ b).count_ones())
                .sum()
        } else {
            u32::MAX
        };
        for view in 0..2 {
            let f = frame(net, view, boards[10 + view]);
            if changes > MAX_CHANGES || f != self.frames[view] {
                // (a royal piece that changes bucket changes every input of its side's view)
                self.frames[view] = f;
                self.sums[view] = net.b1;
                for (i, &b) in boards.iter().enumerate() {
                    self.apply(net, view, i, b, true);
                }
            } else {
                for (i, &new) in boards.iter().enumerate() {
                    let old = self.boards[i];
                    let (gone, came) = (old & !new, new & !old);
                    self.apply(net, view, i, gone, false);
                    self.apply(net, view, i, came, true);
                }
            }
        }
        self.boards = *boards;
        self.valid = true;
    }

    /// Adds (or takes away) in `view`'s sums the rows of the pieces of board `i` on the
    /// squares of `set`.
    #[inline]
    fn apply(&mut self, net: &Net, view: usize, i: usize, mut set: u64, add: bool) {
        let (kind, colour) = (i / 2, i % 2);
        let f = self.frames[view];
        let sums = &mut self.sums[view];
        while set != 0 {
            let sq = set.trailing_zeros();
            set &= set - 1;
            let row = &net.w1[input(view, f, colour, kind, sq)];
            if add {
                for (s, &w) in sums.iter_mut().zip(row) {
                    *s = s.wrapping_add(w);
                }
            } else {
                for (s, &w) in sums.iter_mut().zip(row) {
                    *s = s.wrapping_sub(w);
                }
            }
        }
    }
}

/// Which network serves a game, and each role's kind for it.
pub(crate) struct NetMap {
    net: &'static Net,
    /// The network's kind of each role (0..6).
    kind: Vec<usize>,
}

/// The orthodox kinds' moves (Betza), in the network's order.
const KINDS: [&str; 6] = ["fmWfceFifmnD", "N", "B", "R", "Q", "K"];

impl NetMap {
    /// The bundled network for `v`, if `v` is a game it was trained for.
    pub(crate) fn new(v: &Variant) -> Option<NetMap> {
        // off where built without the feature `net`
        if !cfg!(feature = "net") {
            return None;
        }
        let g = v.geometry();
        let end = v.end();
        let plain = g.files == 8
            && g.ranks == 8
            && !v.has_drops
            && end.extinction.is_none()
            && !end.checkmate_win
            && !end.perpetual_check
            && end.repetition_winner.is_none()
            && end.stalemate_draw
            && !end.stalemate_win
            && !end.captures_obligatory
            && end.counting.is_none()
            && super::super::goal_eval::GoalEval::new(v).is_none()
            && v.role_count() == 6;
        if !plain {
            return None;
        }
        let kind: Vec<usize> = v
            .roles()
            .map(|r| {
                let d = v.role(r);
                let k = KINDS.iter().position(|&b| b == d.betza)?;
                let fits = match k {
                    0 => d.pawn && d.promotion.is_some(),
                    5 => d.royal,
                    _ => !d.pawn && !d.royal,
                };
                fits.then_some(k)
            })
            .collect::<Option<_>>()?;
        let mut seen = [false; 6];
        for &k in &kind {
            if std::mem::replace(&mut seen[k], true) {
                return None;
            }
        }
        Some(NetMap {
            net: Net::bundled()?,
            kind,
        })
    }

    /// The correction in centipawns for the side to move, with the sums kept in `scratch` (a
    /// searcher's) or computed whole; none while pieces wait in hand (Pre-Chess's placement:
    /// the network has seen only whole armies).
    pub(crate) fn correction<B: TablesFor>(
        &self,
        pos: &Position<B>,
        scratch: Option<&mut Scratch>,
    ) -> i32 {
        if pos.has_hand(Color::White) || pos.has_hand(Color::Black) {
            return 0;
        }
        let mut boards = [0u64; 12];
        for (r, &k) in self.kind.iter().enumerate() {
            for c in Color::ALL {
                let p = Piece {
                    color: c,
                    role: Role(r as u8),
                };
                boards[2 * k + c.index()] = pos.pieces(p).low_u64();
            }
        }
        let mut own;
        let scratch = match scratch {
            Some(s) => s,
            None => {
                own = Scratch::default();
                &mut own
            }
        };
        scratch.update(self.net, &boards);
        self.net.output(&scratch.sums[pos.turn().index()])
    }
}

impl<B> EvalTables<B> {
    /// The same evaluation without the learnt correction: the evaluation derived from the
    /// rules file alone (the Texel tuner's and the network trainer's).
    pub(crate) fn without_net(mut self) -> Self {
        self.net = None;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A bundled rules file and the network's map of it (which it must serve).
    fn served(file: &str) -> (std::sync::Arc<Variant>, NetMap) {
        let v = crate::rules::load(file).unwrap();
        let map = NetMap::new(&v).unwrap_or_else(|| panic!("the network serves {file}"));
        (v, map)
    }

    #[test]
    fn the_bundled_network_reads() {
        assert!(Net::bundled().is_some(), "nets/chess.net does not read");
        assert!(Net::parse(b"MYRNET01").is_none());
        // a plain network and one by the royal piece's bucket both read; other sizes do not
        let file = |inputs: usize| {
            let mut b = MAGIC.to_vec();
            b.extend((inputs as u32).to_le_bytes());
            b.extend((HIDDEN as u32).to_le_bytes());
            b.extend(vec![0; 4 * (inputs * HIDDEN + 2 * HIDDEN + 1)]);
            Net::parse(&b)
        };
        assert_eq!(file(PLAIN).map(|n| n.buckets), Some(1));
        assert_eq!(file(BUCKETS * PLAIN).map(|n| n.buckets), Some(BUCKETS));
        assert!(file(2 * PLAIN).is_none());
        assert!(Net::parse(&CHESS[..CHESS.len() - 1]).is_none());
    }

    #[test]
    #[cfg_attr(
        not(feature = "net"),
        ignore = "the network serves only with `--features net`"
    )]
    fn it_serves_the_games_it_was_trained_for_only() {
        let serves = |file: &str| NetMap::new(&crate::rules::load(file).unwrap()).is_some();
        for file in [
            "chess",
            "chess960",
            "chess484",
            "relocation",
            "regroupment",
            "placement",
            "pre-chess",
        ] {
            assert!(serves(file), "{file}");
        }
        for file in [
            "capablanca",
            "3check",
            "horde",
            "antichess",
            "crazyhouse",
            "kingofthehill",
            "extinction",
            "shatranj",
            "knightmate",
            "racingkings",
            "losers",
            "giveaway",
        ] {
            assert!(!serves(file), "{file}");
        }
    }

    #[test]
    #[cfg_attr(
        not(feature = "net"),
        ignore = "the network serves only with `--features net`"
    )]
    fn no_correction_while_pieces_wait_in_hand() {
        use crate::position::AnyPosition;
        let (v, map) = served("pre-chess");
        let AnyPosition::Small(p) = AnyPosition::start(&v) else {
            panic!("8x8 positions are small");
        };
        assert!(p.has_hand(Color::White));
        assert_eq!(map.correction(&p, None), 0);
    }

    /// A FEN with the colours exchanged and the board turned round.
    fn mirrored(fen: &str) -> String {
        let f: Vec<&str> = fen.split(' ').collect();
        let swap = |s: &str| -> String {
            s.chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        };
        let board: Vec<String> = f[0].split('/').rev().map(swap).collect();
        let turn = if f[1] == "w" { "b" } else { "w" };
        let ep = match f[3].as_bytes() {
            [file, b'3'] => format!("{}6", *file as char),
            [file, b'6'] => format!("{}3", *file as char),
            _ => f[3].to_string(),
        };
        format!(
            "{} {turn} {} {ep} {} {}",
            board.join("/"),
            swap(f[2]),
            f[4],
            f[5]
        )
    }

    #[test]
    #[cfg_attr(
        not(feature = "net"),
        ignore = "the network serves only with `--features net`"
    )]
    fn a_position_and_its_mirrored_twin_get_the_same_correction() {
        use crate::position::AnyPosition;
        let (v, map) = served("chess960");
        let mut rng = crate::types::rng::Rng(5);
        let mut checked = 0;
        super::super::tests::along_random_games(&v, 4, 60, &mut rng, |g| {
            let fen = g.position().fen_shredder(&v);
            let twin = AnyPosition::from_fen(&v, &mirrored(&fen)).unwrap();
            let (AnyPosition::Small(a), AnyPosition::Small(b)) = (g.position(), &twin) else {
                panic!("8x8 positions are small");
            };
            let (x, y) = (map.correction(a, None), map.correction(b, None));
            assert_eq!(x, y, "{fen}");
            assert_eq!(
                crate::search::evaluate(&v, g.position()),
                crate::search::evaluate(&v, &twin),
                "{fen}"
            );
            checked += usize::from(x != 0);
        });
        assert!(checked > 100, "{checked} positions with a correction");
    }
}
