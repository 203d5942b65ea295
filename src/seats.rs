//! Who sits where: the player at [`Seat::P1`] (the bottom of the table, "you" in every
//! sentence), the computer at [`Seat::P2`] (the top). The window, the words and the command
//! line all ask here.

use crate::rules::Seat;

/// The human sits at P1, the computer at P2.
pub const HUMAN: Seat = Seat::P1;
/// The other side's seat: the computer's, or the friend's.
pub const OPPONENT: Seat = Seat::P2;

/// The longest display name, in characters: what fits on a seat's name plate. The table's
/// font is monospaced (Fira Mono), so every letter takes 0.6 of the text's height, which is
/// 0.44 of the plate's: 18 letters take 162 of the plate's 176 units at any window size
/// (20 ran past the plate into the dealer's chip). The headless test
/// `the_longest_name_fits_on_its_plate` measures it.
pub const MAX_NAME: usize = 18;

/// A display name as every part of the game shows and stores it, the friend's and one's own:
/// cleaned once where it enters (a greeting from the friend's game, the name typed in the
/// menu), so the plate, the narration and the score table show one and the same name.
///
/// Removed: control characters (a newline would split the plate), the bidirectional
/// overrides, embeddings, isolates and marks (which could show "evil" as "live" in one place
/// and not another), zero-width and other invisible format characters. Runs of white space
/// become one space, the ends are trimmed, and the name is cut to [`MAX_NAME`] characters.
/// An empty result is `None`: the caller shows its default name.
pub fn clean_name(raw: &str) -> Option<String> {
    let kept = typed_name(raw);
    let name: String = kept.trim().chars().take(MAX_NAME).collect();
    let name = name.trim_end();
    (!name.is_empty()).then(|| name.to_string())
}

/// [`clean_name`] while the player is still typing: the invisible characters go and white
/// space runs become one space, but the ends are kept (a space typed before the next word
/// must stay) and nothing is cut.
pub fn typed_name(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut space = false;
    for c in raw.chars() {
        if c.is_whitespace() {
            space = true;
            continue;
        }
        if invisible(c) {
            continue;
        }
        if space {
            out.push(' ');
            space = false;
        }
        out.push(c);
    }
    if space {
        out.push(' ');
    }
    out
}

/// Characters that draw nothing of their own or change how others are drawn.
fn invisible(c: char) -> bool {
    c.is_control()
        || matches!(c,
            // Soft hyphen, Arabic letter mark, Mongolian vowel separator.
            '\u{00AD}' | '\u{061C}' | '\u{180E}'
            // Zero-width space, joiners, left-to-right and right-to-left marks.
            | '\u{200B}'..='\u{200F}'
            // Bidirectional embeddings and overrides.
            | '\u{202A}'..='\u{202E}'
            // Word joiner, invisible operators, bidirectional isolates, deprecated format
            // characters.
            | '\u{2060}'..='\u{206F}'
            // Byte order mark (zero-width no-break space), interlinear annotations.
            | '\u{FEFF}' | '\u{FFF9}'..='\u{FFFB}'
            // Variation selectors, tag characters.
            | '\u{FE00}'..='\u{FE0F}' | '\u{E0000}'..='\u{E01EF}'
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_shown_as_it_reads_and_nothing_hidden_survives() {
        // A right-to-left override would show "evil" as "live" on one surface only.
        assert_eq!(clean_name("\u{202E}live\u{202C}").as_deref(), Some("live"));
        assert_eq!(clean_name("Ana\nBo\tCy\r").as_deref(), Some("Ana Bo Cy"));
        assert_eq!(
            clean_name("  Z\u{200B}oë  \u{2067}x\u{2069} ").as_deref(),
            Some("Zoë x")
        );
        assert_eq!(clean_name("a\u{0007}b\u{FEFF}c").as_deref(), Some("abc"));
        assert_eq!(clean_name("\u{202E}\u{200D} \n\t"), None, "nothing left");
        assert_eq!(clean_name(""), None);
        let long = "W".repeat(MAX_NAME + 5);
        assert_eq!(clean_name(&long).map(|n| n.chars().count()), Some(MAX_NAME));
        // Cut at the limit, no space left hanging at the end.
        let spaced = format!("{} b", "a".repeat(MAX_NAME - 1));
        assert_eq!(clean_name(&spaced), Some("a".repeat(MAX_NAME - 1)));
        // Letters of any script stay.
        assert_eq!(clean_name("Đức 李 علي").as_deref(), Some("Đức 李 علي"));
    }

    #[test]
    fn a_name_being_typed_keeps_its_spaces() {
        assert_eq!(typed_name("Ana "), "Ana ");
        assert_eq!(typed_name("Ana  \u{202E}B"), "Ana B");
        assert_eq!(clean_name(&typed_name(" Ana ")).as_deref(), Some("Ana"));
    }
}
