//! The setup phase: which swaps a step allows, mirrors, constraints and random arrays.
//!
//! A setup move is legal when it follows the step's declaration, satisfies every constraint
//! checked "after each swap", and still leaves the side a way to satisfy the constraints checked
//! "at the end" with its remaining steps (Regroupment: a king that swapped with the f-bishop
//! obliges the queen to swap with a bishop, so passing is then not offered).

use crate::position::AnyPosition;
use crate::types::{Color, Move, MoveKind, Piece, Square};
use crate::variant::{Constraint, ConstraintKind, ConstraintWhen, SetupPhase, StepAction, Variant};

/// A seed from the clock and the process, for randomized arrays.
pub fn entropy_seed() -> u64 {
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    t ^ ((std::process::id() as u64) << 32) ^ 0x9E37_79B9_7F4A_7C15
}

/// A small, fast, reproducible generator (SplitMix64).
#[derive(Clone, Debug)]
pub struct Rng(pub u64);

impl Rng {
    /// Next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform number below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }
}

/// The squares of a side's ranks on which a step acts (its back rank unless it says otherwise).
fn step_squares(v: &Variant, side: Color, ranks: &[u8]) -> Vec<Square> {
    let g = v.geometry();
    let rel: Vec<u8> = if ranks.is_empty() {
        vec![0]
    } else {
        ranks.to_vec()
    };
    let mut out = Vec::new();
    for r in rel {
        if r >= g.ranks {
            continue;
        }
        let abs = if side.is_white() { r } else { g.ranks - 1 - r };
        for f in 0..g.files {
            out.push(g.square(f, abs));
        }
    }
    out
}

/// Does `array` satisfy the constraint for `side`?
pub fn satisfies(v: &Variant, array: &[Option<Piece>], side: Color, c: &Constraint) -> bool {
    let g = v.geometry();
    match &c.kind {
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
    }
}

fn all_hold(
    v: &Variant,
    array: &[Option<Piece>],
    side: Color,
    when: ConstraintWhen,
    setup: &SetupPhase,
) -> bool {
    setup
        .constraints
        .iter()
        .filter(|c| c.when == when)
        .all(|c| satisfies(v, array, side, c))
}

/// The swap and pass options of a swap step for `side` on `array`, before constraints.
fn raw_options(
    v: &Variant,
    array: &[Option<Piece>],
    side: Color,
    action: &StepAction,
) -> Vec<Move> {
    let StepAction::Swap {
        relocate,
        with,
        ranks,
        optional,
    } = action
    else {
        return Vec::new();
    };
    let squares = step_squares(v, side, ranks);
    let mut out = Vec::new();
    if *optional {
        out.push(Move::PASS);
    }
    for &a in &squares {
        let Some(pa) = array[a.index()] else { continue };
        if pa.color != side || !relocate.contains(&pa.role) {
            continue;
        }
        for &b in &squares {
            let Some(pb) = array[b.index()] else { continue };
            if a == b || pb.color != side || !with.contains(&pb.role) || pb.role == pa.role {
                continue;
            }
            // The same exchange may be declarable both ways (king with queen, queen with
            // king): offer it once, with the first-declared relocating role moving.
            if relocate.contains(&pb.role) && with.contains(&pa.role) {
                let ia = relocate.iter().position(|&r| r == pa.role);
                let ib = relocate.iter().position(|&r| r == pb.role);
                if ib < ia {
                    continue;
                }
            }
            out.push(Move::swap(a, b));
        }
    }
    out
}

fn apply(array: &mut [Option<Piece>], m: Move) {
    if m.kind == MoveKind::Swap {
        array.swap(m.from.index(), m.to.index());
    }
}

/// Can `side`, from `array`, finish its steps after `step` so that every "at the end"
/// constraint holds? (Mirror steps copy the opponent and are assumed to keep constraints,
/// since the opponent's mirrored array satisfied them.)
fn can_finish(
    v: &Variant,
    array: &mut Vec<Option<Piece>>,
    side: Color,
    step: usize,
    setup: &SetupPhase,
) -> bool {
    let next = setup
        .steps
        .iter()
        .enumerate()
        .skip(step + 1)
        .find(|(_, s)| s.side == side && !matches!(s.action, StepAction::Mirror));
    let Some((i, s)) = next else {
        return all_hold(v, array, side, ConstraintWhen::Final, setup);
    };
    for m in raw_options(v, array, side, &s.action) {
        apply(array, m);
        let ok = all_hold(v, array, side, ConstraintWhen::EachSwap, setup)
            && can_finish(v, array, side, i, setup);
        apply(array, m);
        if ok {
            return true;
        }
    }
    false
}

/// The move a mirror step must make: the opponent's corresponding step reflected.
fn mirror_move(v: &Variant, setup: &SetupPhase, step: usize, played: &[Move]) -> Move {
    let side = setup.steps[step].side;
    let mirrors_before = setup.steps[..step]
        .iter()
        .filter(|s| s.side == side && s.action == StepAction::Mirror)
        .count();
    let source = setup.steps[..step]
        .iter()
        .enumerate()
        .filter(|(_, s)| s.side != side && s.action != StepAction::Mirror)
        .nth(mirrors_before)
        .map(|(i, _)| i);
    let g = v.geometry();
    match source.and_then(|i| played.get(i)) {
        Some(m) if m.kind == MoveKind::Swap => Move::swap(g.flip_rank(m.from), g.flip_rank(m.to)),
        _ => Move::PASS,
    }
}

/// The legal moves of setup step `step`, given the setup moves played so far (one per step).
pub fn legal_moves(v: &Variant, pos: &AnyPosition, step: usize, played: &[Move]) -> Vec<Move> {
    let Some(setup) = &v.spec.setup else {
        return Vec::new();
    };
    let Some(s) = setup.steps.get(step) else {
        return Vec::new();
    };
    if s.action == StepAction::Mirror {
        return vec![mirror_move(v, setup, step, played)];
    }
    let array = pos.array(v);
    let mut out = Vec::new();
    for m in raw_options(v, &array, s.side, &s.action) {
        let mut a = array.clone();
        apply(&mut a, m);
        if all_hold(v, &a, s.side, ConstraintWhen::EachSwap, setup)
            && can_finish(v, &mut a, s.side, step, setup)
        {
            out.push(m);
        }
    }
    out
}

/// Every array `side` can reach through its own (non-mirror) steps, deduplicated, in a
/// fixed order.
pub fn reachable_arrays(v: &Variant, side: Color) -> Vec<Vec<Option<Piece>>> {
    let start = v.spec.array.clone();
    let Some(setup) = &v.spec.setup else {
        return vec![start];
    };
    if setup.shuffle.is_some() {
        return shuffled_arrays(v, side, setup);
    }
    let mut out: Vec<Vec<Option<Piece>>> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    fn walk(
        v: &Variant,
        setup: &SetupPhase,
        side: Color,
        step: Option<usize>,
        array: &mut Vec<Option<Piece>>,
        out: &mut Vec<Vec<Option<Piece>>>,
        seen: &mut std::collections::HashSet<Vec<Option<Piece>>>,
    ) {
        let from = step.map(|s| s + 1).unwrap_or(0);
        let next = setup
            .steps
            .iter()
            .enumerate()
            .skip(from)
            .find(|(_, s)| s.side == side && !matches!(s.action, StepAction::Mirror));
        let Some((i, s)) = next else {
            if all_hold(v, array, side, ConstraintWhen::Final, setup) && seen.insert(array.clone())
            {
                out.push(array.clone());
            }
            return;
        };
        for m in raw_options(v, array, side, &s.action) {
            apply(array, m);
            if all_hold(v, array, side, ConstraintWhen::EachSwap, setup) {
                walk(v, setup, side, Some(i), array, out, seen);
            }
            apply(array, m);
        }
    }
    let mut a = start;
    walk(v, setup, side, None, &mut a, &mut out, &mut seen);
    out
}

fn shuffled_arrays(v: &Variant, side: Color, setup: &SetupPhase) -> Vec<Vec<Option<Piece>>> {
    let g = v.geometry();
    let back = if side.is_white() { 0 } else { g.ranks - 1 };
    let squares: Vec<Square> = (0..g.files).map(|f| g.square(f, back)).collect();
    let mut pieces: Vec<Option<Piece>> = squares.iter().map(|s| v.spec.array[s.index()]).collect();
    pieces.sort_by_key(|p| p.map(|p| p.pack()).unwrap_or(0));
    let mut out = Vec::new();
    // every distinct permutation, in lexicographic order
    loop {
        let mut a = v.spec.array.clone();
        for (i, s) in squares.iter().enumerate() {
            a[s.index()] = pieces[i];
        }
        if all_hold(v, &a, side, ConstraintWhen::Final, setup)
            && all_hold(v, &a, side, ConstraintWhen::EachSwap, setup)
        {
            out.push(a);
        }
        // next permutation
        let key = |p: &Option<Piece>| p.map(|p| p.pack()).unwrap_or(0);
        let n = pieces.len();
        let Some(i) = (0..n.saturating_sub(1))
            .rev()
            .find(|&i| key(&pieces[i]) < key(&pieces[i + 1]))
        else {
            break;
        };
        let j = (i + 1..n)
            .rev()
            .find(|&j| key(&pieces[j]) > key(&pieces[i]))
            .unwrap();
        pieces.swap(i, j);
        pieces[i + 1..].reverse();
    }
    out
}

/// A random start: each side's array drawn uniformly among the arrays it can reach
/// (independently, or mirrored for a mirrored shuffle), White to move.
pub fn random_start(v: &Variant, seed: u64) -> AnyPosition {
    let mut rng = Rng(seed);
    let g = v.geometry();
    let mirrored = v
        .spec
        .setup
        .as_ref()
        .and_then(|s| s.shuffle.as_ref())
        .is_some_and(|s| s.mirrored);
    let white = reachable_arrays(v, Color::White);
    let wa = white[rng.below(white.len())].clone();
    let ba = if mirrored {
        // Black's back rank copies White's.
        let mut a = v.spec.array.clone();
        for f in 0..g.files {
            let w = wa[g.square(f, 0).index()];
            a[g.square(f, g.ranks - 1).index()] = w.map(|p| Piece {
                color: Color::Black,
                role: p.role,
            });
        }
        a
    } else {
        let black = reachable_arrays(v, Color::Black);
        black[rng.below(black.len())].clone()
    };
    // White's pieces from White's array, Black's from Black's.
    let array: Vec<Option<Piece>> = g
        .squares()
        .map(|s| match (wa[s.index()], ba[s.index()]) {
            (Some(p), _) if p.color == Color::White => Some(p),
            (_, Some(p)) if p.color == Color::Black => Some(p),
            _ => None,
        })
        .collect();
    AnyPosition::from_array(v, &array)
}

/// A sentence for the current step: "Black: relocate the king (swap it with the queen, a
/// bishop or a knight), or keep it".
pub fn describe_step(v: &Variant, step: usize) -> String {
    let Some(setup) = &v.spec.setup else {
        return String::new();
    };
    let Some(s) = setup.steps.get(step) else {
        return String::new();
    };
    let names = |roles: &[crate::types::Role]| -> String {
        let n: Vec<String> = roles
            .iter()
            .map(|r| v.role(*r).name.to_lowercase())
            .collect();
        match n.len() {
            0 => String::new(),
            1 => n[0].clone(),
            _ => format!("{} or {}", n[..n.len() - 1].join(", "), n[n.len() - 1]),
        }
    };
    match &s.action {
        StepAction::Mirror => format!("{}: mirror {}'s swap", s.side, !s.side),
        StepAction::Swap {
            relocate,
            with,
            optional,
            ..
        } => {
            let mut t = format!(
                "{}: relocate the {} (swap with a {})",
                s.side,
                names(relocate),
                names(with)
            );
            if *optional {
                t += ", or keep it";
            }
            t
        }
    }
}

/// Short form of [`describe_step`] for a phase.
pub fn describe_step_short(v: &Variant, phase: super::Phase) -> String {
    match phase {
        super::Phase::Setup { step } => describe_step(v, step),
        super::Phase::Play => "the game proper has begun".into(),
    }
}
