//! The one random-number generator and the one seed source.
//!
//! Everything random in Myriad (randomized setup arrays, the AI's variety and weaker levels,
//! match openings, tests) draws from [`Rng`], seeded either explicitly (reproducible) or from
//! [`entropy_seed`].

/// A seed from the clock and the process: the one place Myriad asks the machine for entropy.
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
    /// A generator seeded from [`entropy_seed`].
    pub fn from_entropy() -> Rng {
        Rng(entropy_seed())
    }

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
