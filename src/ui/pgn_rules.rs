//! Loading a PGN game under the rules its tags name (the shared resolver is
//! [`crate::game::pgn::rules_of`]): the `Variant` tag is rewritten to the resolved rules' name,
//! so a lichess "From Position" or "Fischerandom" game reads under them.

/// The PGN text with its `Variant` tag (if any) naming `name`, so that the rules it was
/// resolved to read it.
pub(super) fn retag(text: &str, name: &str) -> String {
    let tag = format!(
        "[Variant \"{}\"]",
        name.replace('\\', "\\\\").replace('"', "\\\"")
    );
    let out: Vec<String> = text
        .lines()
        .map(|l| {
            if l.trim_start().starts_with("[Variant ") {
                tag.clone()
            } else {
                l.to_string()
            }
        })
        .collect();
    out.join("\n") + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retag_replaces_the_variant_tag() {
        assert_eq!(
            retag(
                "[Variant \"From Position\"]\n[FEN \"x\"]\n\n1. e4 *",
                "Chess"
            ),
            "[Variant \"Chess\"]\n[FEN \"x\"]\n\n1. e4 *\n"
        );
        assert_eq!(retag("1. e4 *", "Chess"), "1. e4 *\n");
    }
}
