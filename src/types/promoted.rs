//! Letters of promoted kinds. Shogi's promoted pieces are kinds of their own with their own
//! moves, written as a `+` before the letter of the kind they promote from (`+P`, the tokin):
//! in a rules file (`piece Tokin +P ...`, `promote ... to +P`) and in a FEN (Fairy-Stockfish's
//! form). Internally each such two-character letter is one `char` of the Unicode private use
//! area, so that every table keyed by a letter (roles, FEN reading, promotion lists) keeps one
//! `char` per kind; only the text written for people goes through [`letter_text`].

/// Where the encoded letters start: `+X` is `BASE + X`.
const BASE: u32 = 0xE000;

/// The one-`char` letter of `+base` (`base` an ASCII letter, either case: the colour).
pub const fn promoted_letter(base: char) -> char {
    match char::from_u32(BASE + base as u32) {
        Some(c) => c,
        None => base,
    }
}

/// The letter after the `+` if `c` is a promoted letter (`+P` gives `P`).
pub fn promoted_base(c: char) -> Option<char> {
    let n = (c as u32).checked_sub(BASE)?;
    char::from_u32(n).filter(|b| b.is_ascii_alphabetic())
}

/// A letter as people write it: `+P` for a promoted letter, the letter itself otherwise.
pub fn letter_text(c: char) -> String {
    match promoted_base(c) {
        Some(b) => format!("+{b}"),
        None => c.to_string(),
    }
}

/// Upper case (White's) form of a letter, promoted or not.
pub fn letter_upper(c: char) -> char {
    match promoted_base(c) {
        Some(b) => promoted_letter(b.to_ascii_uppercase()),
        None => c.to_ascii_uppercase(),
    }
}

/// Lower case (Black's) form of a letter, promoted or not.
pub fn letter_lower(c: char) -> char {
    match promoted_base(c) {
        Some(b) => promoted_letter(b.to_ascii_lowercase()),
        None => c.to_ascii_lowercase(),
    }
}

/// Is the letter upper case (White's), promoted or not?
pub fn letter_is_upper(c: char) -> bool {
    promoted_base(c).unwrap_or(c).is_ascii_uppercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn promoted_letters_round_trip() {
        let p = promoted_letter('P');
        assert_eq!(promoted_base(p), Some('P'));
        assert_eq!(letter_text(p), "+P");
        assert_eq!(letter_text(letter_lower(p)), "+p");
        assert_eq!(letter_upper(letter_lower(p)), p);
        assert!(letter_is_upper(p) && !letter_is_upper(letter_lower(p)));
        assert_eq!(promoted_base('P'), None);
        assert_eq!(letter_text('N'), "N");
    }
}
