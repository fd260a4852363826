//! Shared by the fuzz targets: the bundled variants, compiled once.

use std::sync::{Arc, OnceLock};

use myriad::variant::Variant;

/// Every bundled variant, compiled once per process.
pub fn variants() -> &'static [Arc<Variant>] {
    static V: OnceLock<Vec<Arc<Variant>>> = OnceLock::new();
    V.get_or_init(|| {
        myriad::rules::bundled()
            .iter()
            .map(|(n, _)| myriad::rules::load(n).expect("bundled files compile"))
            .collect()
    })
}

/// Picks a bundled variant with the first byte and returns it with the rest of the input.
pub fn split(data: &[u8]) -> Option<(&'static Arc<Variant>, &[u8])> {
    let (&b, rest) = data.split_first()?;
    let vs = variants();
    Some((&vs[b as usize % vs.len()], rest))
}
