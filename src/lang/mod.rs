//! The player's languages: English, Bahasa Indonesia and Nederlands, as Project Fluent
//! resources compiled into the binary (`assets/locales/<lang>/main.ftl`), and the language
//! the operating system asks for. Plain Rust (no Bevy), so the window and the command line
//! word things the same way.
//!
//! Decisions:
//! - Fluent, through `fluent-bundle` (the reference implementation, maintained by Mozilla's
//!   Project Fluent): plurals and variables are the translator's business, written in each
//!   language's resource, not assembled in code.
//! - The resources are compiled in, like the card art, so no install can lose them. A message
//!   missing from a language falls back to English, and one missing everywhere shows its id:
//!   never a panic, and a test keeps every id in all three languages with the same variables.
//! - Unicode isolation marks are off: every message is left-to-right, and the marks would
//!   show as boxes in some fonts.
//! - The system language comes from `sys-locale` (the maintained crate that asks Windows,
//!   macOS and the Unix locale variables alike); anything that is not Indonesian or Dutch is
//!   English.
//! - `HOLLYWOOD_GIN_LANG` (`en`, `id`, `nl`, or a locale tag such as `nl_BE.UTF-8`) comes
//!   before the system's language. `sys-locale` reads `LANG`/`LC_ALL` only on Linux and the
//!   BSDs: on Windows and macOS it asks the OS, so this variable is the one way that works on
//!   every system to start the game (or a test of its command line) in a given language.

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use serde::{Deserialize, Serialize};

use crate::rules::{Card, Rank, Suit};

/// A language the game speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Lang {
    #[default]
    /// English.
    En,
    /// Indonesian.
    Id,
    /// Dutch.
    Nl,
}

impl Lang {
    /// Every language, in the order the settings offer them.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Id, Lang::Nl];

    /// The BCP 47 language code.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Id => "id",
            Lang::Nl => "nl",
        }
    }

    /// The language's name in itself, as a language menu shows it.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Id => "Bahasa Indonesia",
            Lang::Nl => "Nederlands",
        }
    }

    /// The language of a locale tag ("nl-BE", "id_ID.UTF-8", "en-US"), if the game speaks it.
    pub fn of_locale(tag: &str) -> Option<Lang> {
        let primary = tag
            .split(['-', '_', '.', '@'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        match primary.as_str() {
            "en" => Some(Lang::En),
            // "in" is Indonesian's old ISO 639 code, still sent by some systems.
            "id" | "in" => Some(Lang::Id),
            "nl" => Some(Lang::Nl),
            _ => None,
        }
    }

    /// The environment variable that chooses the language on every system.
    pub const OVERRIDE: &'static str = "HOLLYWOOD_GIN_LANG";

    /// The language asked for by [`Lang::OVERRIDE`], else the first of the system's preferred
    /// languages that the game speaks; English if none.
    pub fn system() -> Lang {
        Lang::chosen(
            std::env::var(Lang::OVERRIDE).ok().as_deref(),
            sys_locale::get_locales(),
        )
    }

    /// [`Lang::system`] from its inputs: the override (ignored when empty or a language the
    /// game does not speak) and the system's preferred locales, best first.
    pub fn chosen(over: Option<&str>, locales: impl IntoIterator<Item = String>) -> Lang {
        over.and_then(Lang::of_locale)
            .or_else(|| locales.into_iter().find_map(|l| Lang::of_locale(&l)))
            .unwrap_or_default()
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// A suit's symbol.
pub fn suit_symbol(s: Suit) -> char {
    match s {
        Suit::Clubs => '♣',
        Suit::Diamonds => '♦',
        Suit::Hearts => '♥',
        Suit::Spades => '♠',
    }
}

/// A rank as written on a card: A, 2 … 10, J, Q, K.
pub fn rank_text(r: Rank) -> String {
    match r.value() {
        1 => "A".into(),
        11 => "J".into(),
        12 => "Q".into(),
        13 => "K".into(),
        v => v.to_string(),
    }
}

/// A card as players write it: "8♦", "10♠", "A♥".
pub fn card(c: Card) -> String {
    format!("{}{}", rank_text(c.rank()), suit_symbol(c.suit()))
}

/// Cards in a row, as the cards print them: "A♣ 7♦ 10♠".
pub fn card_row(cards: impl IntoIterator<Item = Card>) -> String {
    cards.into_iter().map(card).collect::<Vec<_>>().join(" ")
}

/// Each language's resource text, in [`Lang::ALL`] order.
const SOURCES: [&str; 3] = [
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/locales/en/main.ftl"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/locales/id/main.ftl"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/locales/nl/main.ftl"
    )),
];

/// Every message of every language, ready to format.
pub struct Texts {
    bundles: Vec<FluentBundle<FluentResource>>,
}

impl Default for Texts {
    fn default() -> Self {
        Texts::new()
    }
}

impl std::fmt::Debug for Texts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Texts")
    }
}

/// One argument of a message: its name and value.
pub type Arg<'a> = (&'a str, FluentValue<'a>);

impl Texts {
    /// Parses the compiled-in resources. (A resource with a syntax error keeps the messages
    /// that parsed; the test below keeps them all parsing.)
    pub fn new() -> Texts {
        let bundles = Lang::ALL
            .iter()
            .zip(SOURCES)
            .map(|(lang, src)| {
                let id: unic_langid::LanguageIdentifier = lang.code().parse().unwrap_or_default();
                let mut b = FluentBundle::new_concurrent(vec![id]);
                b.set_use_isolating(false);
                let res = FluentResource::try_new(src.to_string()).unwrap_or_else(|(r, _)| r);
                // Duplicate ids keep the first; the test forbids them.
                let _ = b.add_resource(res);
                b
            })
            .collect();
        Texts { bundles }
    }

    /// Message `id` in `lang` with `args`; English if `lang` lacks it, the id itself if no
    /// language has it.
    pub fn get(&self, lang: Lang, id: &str, args: &[Arg]) -> String {
        let fargs = (!args.is_empty()).then(|| {
            let mut a = FluentArgs::new();
            for (k, v) in args {
                a.set(*k, v.clone());
            }
            a
        });
        for l in [lang, Lang::En] {
            let b = &self.bundles[l.index()];
            if let Some(pattern) = b.get_message(id).and_then(|m| m.value()) {
                let mut errors = Vec::new();
                return b
                    .format_pattern(pattern, fargs.as_ref(), &mut errors)
                    .into_owned();
            }
        }
        id.to_string()
    }
}

/// Every message of every language, parsed once for the whole program.
fn texts() -> &'static Texts {
    static TEXTS: std::sync::OnceLock<Texts> = std::sync::OnceLock::new();
    TEXTS.get_or_init(Texts::new)
}

/// The one way anything is worded, in the window and on the command line: a language to
/// speak, and [`Voice::t`] for a message in it. Cheap to clone (the messages are parsed once).
///
/// Playing a friend, the voice names the opponent ([`Voice::against`]): the table's messages
/// say "Ana" where they say "the computer". Decision: the opponent is named in the worded
/// text, by the words each language uses for the computer ([`opponent_words`]), rather than by
/// a second variant in each of the seventeen messages that name it in three languages: one
/// place to get right, and a message added later names the friend without anyone
/// remembering to. The pages that speak of the computer as such (settings, statistics, help,
/// the menu) are left alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Voice {
    lang: Lang,
    opponent: Option<std::sync::Arc<str>>,
}

/// How each language names the computer in the table's messages, longest first.
fn opponent_words(lang: Lang) -> &'static [&'static str] {
    match lang {
        Lang::En => &["The computer", "the computer", "Computer"],
        Lang::Nl => &["De computer", "de computer", "Computer"],
        Lang::Id => &["Komputer", "komputer"],
    }
}

/// How each language calls a friend who gave no name, word for word in the places of
/// [`opponent_words`]: capitalised where the computer's words are (a sentence's start, a
/// seat's label).
fn unnamed_words(lang: Lang) -> &'static [&'static str] {
    match lang {
        Lang::En => &["Your friend", "your friend", "Your friend"],
        Lang::Nl => &["Je vriend", "je vriend", "Je vriend"],
        Lang::Id => &["Temanmu", "temanmu"],
    }
}

/// Messages that speak of the computer as such, never of the opponent at the table.
fn about_the_computer(id: &str) -> bool {
    ["settings-", "stats-", "help-", "menu-", "friend-", "level-"]
        .iter()
        .any(|p| id.starts_with(p))
}

impl Voice {
    /// A voice speaking `lang`.
    pub const fn new(lang: Lang) -> Voice {
        Voice {
            lang,
            opponent: None,
        }
    }

    /// This voice, naming the opponent `name` (a friend; an empty name is a friend who gave
    /// none, called "your friend" in the voice's language) where it would say "the
    /// computer"; `None`: the computer again.
    pub fn against(&self, name: Option<&str>) -> Voice {
        Voice {
            lang: self.lang,
            opponent: name.map(std::sync::Arc::from),
        }
    }

    /// The opponent's name, when it is a friend.
    pub fn opponent(&self) -> Option<&str> {
        self.opponent.as_deref()
    }

    /// The system's language: for lines printed to the terminal, which come before (or
    /// without) the player's settings. Asked of the system once.
    pub fn system() -> Voice {
        static SYSTEM: std::sync::OnceLock<Lang> = std::sync::OnceLock::new();
        Voice::new(*SYSTEM.get_or_init(Lang::system))
    }

    /// The language spoken.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// Message `id` with `args`, in this voice's language (English if it lacks the message).
    pub fn t(&self, id: &str, args: &[Arg]) -> String {
        let text = texts().get(self.lang, id, args);
        match &self.opponent {
            Some(name) if !about_the_computer(id) && name.is_empty() => opponent_words(self.lang)
                .iter()
                .zip(unnamed_words(self.lang))
                .fold(text, |t, (w, u)| t.replace(w, u)),
            // Through a mark no message holds, so a name with "computer" in it stays whole.
            Some(name) if !about_the_computer(id) => opponent_words(self.lang)
                .iter()
                .fold(text, |t, w| t.replace(w, "\u{1}"))
                .replace('\u{1}', name),
            _ => text,
        }
    }

    /// Message `id` about a friend, its `$name` the friend's name; for a friend who gave none,
    /// the language's "your friend", capitalised where it starts a sentence.
    pub fn named(&self, id: &str, name: Option<&str>, args: &[Arg]) -> String {
        let mut all = args.to_vec();
        if let Some(name) = name.filter(|n| !n.is_empty()) {
            all.push(("name", name.into()));
            return self.t(id, &all);
        }
        all.push(("name", "\u{1}".into()));
        let text = self.t(id, &all);
        let words = unnamed_words(self.lang);
        let mut out = String::with_capacity(text.len() + 16);
        for (i, part) in text.split('\u{1}').enumerate() {
            if i > 0 {
                let before = out.trim_end();
                let starts = before.is_empty() || before.ends_with(['.', '!', '?', '…', ':']);
                out.push_str(if starts { words[0] } else { words[1] });
            }
            out.push_str(part);
        }
        out
    }
}

#[cfg(test)]
mod opponent_tests {
    use super::*;

    #[test]
    fn a_friend_is_named_where_the_table_says_the_computer_in_every_language() {
        for lang in Lang::ALL {
            let v = Voice::new(lang).against(Some("Computer Ana"));
            for id in ["status-thinking", "status-layoff", "banner-series-decided"] {
                let plain = Voice::new(lang).t(id, &[("who", "computer".into())]);
                let named = v.t(id, &[("who", "computer".into())]);
                assert_ne!(plain, named, "{lang:?} {id}");
                assert!(named.contains("Computer Ana"), "{lang:?} {id}: {named}");
                let lower = named.replace("Computer Ana", "").to_lowercase();
                assert!(
                    !lower.contains("computer") && !lower.contains("komputer"),
                    "{named}"
                );
            }
            // A friend with no name is "your friend", with a capital where a sentence starts.
            let unnamed = Voice::new(lang).against(Some(""));
            for id in ["status-thinking", "status-layoff"] {
                let said = unnamed.t(id, &[("who", "computer".into())]);
                let first = said.chars().next().unwrap();
                assert!(first.is_uppercase(), "{lang:?} {id}: {said}");
                assert!(!said.to_lowercase().contains("computer"), "{said}");
            }
            for id in ["friend-left", "friend-lost", "friend-playing"] {
                let said = unnamed.named(id, None, &[]);
                let first = said.chars().next().unwrap();
                assert!(first.is_uppercase(), "{lang:?} {id}: {said}");
                assert!(!said.contains('\u{1}'), "{said}");
                assert!(
                    said.contains(unnamed_words(lang)[0]) || said.contains(unnamed_words(lang)[1]),
                    "{said}"
                );
                assert_eq!(
                    unnamed.named(id, Some("Ana"), &[]),
                    Voice::new(lang).t(id, &[("name", "Ana".into())])
                );
            }
            // The settings still speak of the computer.
            assert_eq!(
                v.t("settings-computer", &[]),
                Voice::new(lang).t("settings-computer", &[])
            );
            assert_eq!(v.against(None), Voice::new(lang));
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use fluent_syntax::ast;

    use super::*;

    /// The variables a pattern uses.
    fn vars(p: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
        for e in &p.elements {
            if let ast::PatternElement::Placeable { expression } = e {
                expr(expression, out);
            }
        }
    }
    fn expr(e: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
        match e {
            ast::Expression::Inline(i) => inline(i, out),
            ast::Expression::Select { selector, variants } => {
                inline(selector, out);
                for v in variants {
                    vars(&v.value, out);
                }
            }
        }
    }
    fn inline(i: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>) {
        match i {
            ast::InlineExpression::VariableReference { id } => {
                out.insert(id.name.to_string());
            }
            ast::InlineExpression::Placeable { expression } => expr(expression, out),
            ast::InlineExpression::FunctionReference { arguments, .. } => {
                for a in &arguments.positional {
                    inline(a, out);
                }
            }
            _ => {}
        }
    }

    /// Each message of a language and the variables it uses.
    fn messages(src: &str) -> BTreeMap<String, BTreeSet<String>> {
        let res = match fluent_syntax::parser::parse(src) {
            Ok(r) => r,
            Err((_, errors)) => panic!("syntax errors: {errors:?}"),
        };
        let mut out = BTreeMap::new();
        for entry in &res.body {
            if let ast::Entry::Message(m) = entry {
                let mut v = BTreeSet::new();
                if let Some(p) = &m.value {
                    vars(p, &mut v);
                }
                let before = out.insert(m.id.name.to_string(), v);
                assert!(before.is_none(), "{} is defined twice", m.id.name);
            }
        }
        out
    }

    #[test]
    fn every_message_is_in_every_language_with_the_same_variables() {
        let en = messages(SOURCES[0]);
        assert!(en.len() > 10);
        for (lang, src) in Lang::ALL.iter().zip(SOURCES).skip(1) {
            let other = messages(src);
            let missing: Vec<&String> = en.keys().filter(|k| !other.contains_key(*k)).collect();
            let extra: Vec<&String> = other.keys().filter(|k| !en.contains_key(*k)).collect();
            assert!(missing.is_empty(), "{lang:?} lacks {missing:?}");
            assert!(extra.is_empty(), "{lang:?} has unknown {extra:?}");
            for (id, v) in &en {
                assert_eq!(&other[id], v, "{lang:?} {id}: other variables");
            }
        }
    }

    #[test]
    fn every_message_formats_without_error_in_every_language() {
        let en = messages(SOURCES[0]);
        let texts = Texts::new();
        for lang in Lang::ALL {
            let b = &texts.bundles[lang.index()];
            for (id, vs) in &en {
                // Samples: a number and a word for every variable.
                for sample in [FluentValue::from(7), FluentValue::from("x")] {
                    let mut args = FluentArgs::new();
                    for v in vs {
                        args.set(v.as_str(), sample.clone());
                    }
                    let msg = b.get_message(id).expect("present");
                    let mut errors = Vec::new();
                    let s =
                        b.format_pattern(msg.value().expect("a value"), Some(&args), &mut errors);
                    assert!(errors.is_empty(), "{lang:?} {id}: {errors:?}");
                    assert!(!s.trim().is_empty(), "{lang:?} {id} is empty");
                }
            }
        }
    }

    #[test]
    fn languages_come_from_locale_tags_and_fall_back() {
        assert_eq!(Lang::of_locale("nl-BE"), Some(Lang::Nl));
        assert_eq!(Lang::of_locale("id_ID.UTF-8"), Some(Lang::Id));
        assert_eq!(Lang::of_locale("in"), Some(Lang::Id));
        assert_eq!(Lang::of_locale("en-GB"), Some(Lang::En));
        assert_eq!(Lang::of_locale("fr-FR"), None);
        // HOLLYWOOD_GIN_LANG comes first; an empty or unknown value leaves the system's.
        let sys = || ["fr-FR".to_string(), "nl-NL".to_string()];
        assert_eq!(Lang::chosen(None, sys()), Lang::Nl);
        assert_eq!(Lang::chosen(Some("id"), sys()), Lang::Id);
        assert_eq!(Lang::chosen(Some("en_US.UTF-8"), sys()), Lang::En);
        assert_eq!(Lang::chosen(Some(""), sys()), Lang::Nl);
        assert_eq!(Lang::chosen(Some("de"), sys()), Lang::Nl);
        assert_eq!(Lang::chosen(Some("xx"), Vec::new()), Lang::En);
        let t = Texts::new();
        // A message in each language, with its variable; an unknown id shows itself.
        let d = [("deadwood", FluentValue::from(7))];
        assert_eq!(t.get(Lang::En, "button-knock", &d), "Knock (7)");
        assert_eq!(t.get(Lang::Nl, "button-knock", &d), "Kloppen (7)");
        assert_eq!(t.get(Lang::Id, "button-knock", &d), "Ketuk (7)");
        assert_eq!(t.get(Lang::Nl, "no-such-message", &[]), "no-such-message");
    }

    #[test]
    fn numbers_are_written_as_each_language_writes_them_and_counts_agree() {
        let texts = &Texts::new();
        let decimal = |lang, x, digits| crate::words::decimal(&Voice::new(lang), x, digits);
        assert_eq!(decimal(Lang::En, 2.34, 1), "2.3");
        assert_eq!(decimal(Lang::Nl, 2.34, 1), "2,3");
        assert_eq!(decimal(Lang::Id, -0.45, 2), "-0,45");
        assert_eq!(decimal(Lang::Nl, 12.0, 0), "12");
        let n = |k: usize| [("round", FluentValue::from(1)), ("decisions", k.into())];
        assert_eq!(
            texts.get(Lang::En, "review-header", &n(1)),
            "Round 1: 1 decision reviewed."
        );
        assert_eq!(
            texts.get(Lang::En, "review-header", &n(3)),
            "Round 1: 3 decisions reviewed."
        );
        assert_eq!(
            texts.get(Lang::Nl, "review-header", &n(1)),
            "Ronde 1: 1 beslissing nagekeken."
        );
        let summary = |lang, costly: usize, of: usize| {
            let a = [
                ("costly", FluentValue::from(costly)),
                ("decisions", of.into()),
                ("total", "2,5".into()),
                ("move", 3.into()),
                ("played", "x".into()),
                ("best", "y".into()),
                ("cost", "2,5".into()),
            ];
            texts.get(lang, "review-summary", &a)
        };
        assert!(summary(Lang::Nl, 1, 5).starts_with("1 van de 5 beslissingen kostte punten"));
        assert!(summary(Lang::Nl, 2, 5).starts_with("2 van de 5 beslissingen kostten punten"));
        assert!(summary(Lang::En, 1, 1).starts_with("1 of 1 decision cost points"));
    }

    /// The string literals of Rust `code` (comments skipped), each with its line.
    fn literals(code: &str) -> Vec<(usize, String)> {
        let b: Vec<char> = code.chars().collect();
        let (mut i, mut line, mut out) = (0, 1, Vec::new());
        while i < b.len() {
            let c = b[i];
            let next = b.get(i + 1).copied();
            if c == '\n' {
                line += 1;
                i += 1;
            } else if c == '/' && next == Some('/') {
                while i < b.len() && b[i] != '\n' {
                    i += 1;
                }
            } else if c == '/' && next == Some('*') {
                while i + 1 < b.len() && !(b[i] == '*' && b[i + 1] == '/') {
                    line += usize::from(b[i] == '\n');
                    i += 1;
                }
                i += 2;
            } else if c == '\'' {
                // A char literal ('"', '\'') or a lifetime ('a).
                if next == Some('\\') {
                    i += 4;
                } else if b.get(i + 2) == Some(&'\'') {
                    i += 3;
                } else {
                    i += 1;
                }
            } else if c == 'r' && matches!(next, Some('"' | '#')) && !b[i - 1].is_alphanumeric() {
                let hashes = b[i + 1..].iter().take_while(|&&h| h == '#').count();
                let start = i + 1 + hashes + 1;
                let close: String = std::iter::once('"')
                    .chain("#".repeat(hashes).chars())
                    .collect();
                let rest: String = b[start..].iter().collect();
                let end = rest.find(&close).unwrap_or(rest.len());
                out.push((line, rest[..end].to_string()));
                line += rest[..end].matches('\n').count();
                i = start + rest[..end].chars().count() + close.len();
            } else if c == '"' {
                let mut lit = String::new();
                i += 1;
                while i < b.len() && b[i] != '"' {
                    if b[i] == '\\' {
                        i += 1;
                    }
                    line += usize::from(b[i] == '\n');
                    lit.push(b[i]);
                    i += 1;
                }
                out.push((line, lit));
                i += 1;
            } else {
                i += 1;
            }
        }
        out
    }

    /// Whether a literal reads as words for a person: two words or more ("Games close at"),
    /// or one capitalised ("Score"). Not: placeholders ("{head} {kept}"), identifiers and
    /// message ids ("hollywood-gin", "button-take"), paths, keys ("T"), formats ("{pct}%"),
    /// one word in capitals (card file names "QC", tags "RIFF"; so not "OK" either), or one
    /// lowercase word (a selector or an egui id: the check cannot tell those from a word).
    fn reads_as_words(lit: &str) -> bool {
        let mut plain = String::new();
        let mut depth = 0;
        for c in lit.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ if depth == 0 => plain.push(c),
                _ => {}
            }
        }
        if !plain.contains(char::is_whitespace) && plain.contains(['/', '.']) {
            // A path or a file name.
            return false;
        }
        let words: Vec<&str> = plain
            .split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '_' || c == '\''))
            .filter(|t| t.chars().filter(|c| c.is_alphabetic()).count() >= 2)
            .filter(|t| {
                !((t.contains('-') || t.contains('_')) && !t.chars().any(char::is_uppercase))
            })
            .filter(|t| !(t.contains('_') && t.chars().all(|c| !c.is_lowercase())))
            .collect();
        match words.as_slice() {
            [] => false,
            [one] => {
                one.chars().next().is_some_and(char::is_uppercase)
                    && one.chars().any(char::is_lowercase)
            }
            _ => true,
        }
    }

    /// The check that no player-facing text is left in the code that shows things (the GUI
    /// and the program's own lines): every string literal outside tests, attributes and
    /// developer diagnostics (logs, `expect`, panics) must not read as words. The core's few
    /// literals (error `Display`s, the validation details of a hand-edited file) are
    /// diagnostics by design: the shell only ever quotes them inside a translated sentence.
    #[test]
    fn no_player_facing_literal_is_left_outside_the_resources() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
        let mut files: Vec<std::path::PathBuf> = vec![format!("{root}/main.rs").into()];
        // Every file under src/gui, its folders included.
        let mut dirs: Vec<std::path::PathBuf> = vec![format!("{root}/gui").into()];
        while let Some(dir) = dirs.pop() {
            for e in std::fs::read_dir(&dir).expect("src/gui") {
                let path = e.expect("an entry").path();
                if path.is_dir() {
                    dirs.push(path);
                } else {
                    files.push(path);
                }
            }
        }
        assert!(files.len() > 30, "read {} files", files.len());
        // Literals that are not words for the player, each with why.
        let allowed: [(&str, &str); 5] = [
            (
                "Esc",
                "the key's cap as keyboards print it, shown on the Menu button",
            ),
            ("Unable to find a GPU", "matched against a library's panic"),
            (
                "Failed to build event loop",
                "matched against a library's panic",
            ),
            ("WAVEfmt ", "the tag of a WAV file's header"),
            (
                "Hollywood Gin Rummy against the computer",
                "clap's --help, whose own words are English; error lines are ours",
            ),
        ];
        let developer = [
            "#[",
            "info!",
            "warn!",
            "debug!",
            "error!",
            "trace!",
            "expect(",
            "panic!",
            "unreachable!",
            "assert",
            "filter:",
        ];
        let mut found = Vec::new();
        let mut checked = 0;
        for f in files {
            let text = std::fs::read_to_string(&f).expect("readable source");
            let code = text.split("#[cfg(test)]").next().unwrap_or("");
            let lines: Vec<&str> = code.lines().collect();
            for (line, lit) in literals(code) {
                checked += 1;
                let at = lines.get(line - 1).copied().unwrap_or("");
                if !reads_as_words(&lit)
                    || allowed.iter().any(|(a, _)| *a == lit)
                    || developer.iter().any(|d| at.contains(d))
                {
                    continue;
                }
                found.push(format!("{}:{line}: {lit:?}", f.display()));
            }
        }
        assert!(checked > 200, "the scan saw the code ({checked} literals)");
        assert!(
            found.is_empty(),
            "player-facing text in code:\n{}",
            found.join("\n")
        );
        // The test itself catches what it is for.
        let bad = literals("fn f() { ui.label(\"Games close at {target}.\"); let k = \"T\"; }");
        assert_eq!(bad.len(), 2);
        assert!(reads_as_words(&bad[0].1) && !reads_as_words(&bad[1].1));
        for words in ["Score", "won by you", "Knock ({ $deadwood })"] {
            assert!(reads_as_words(words), "{words}");
        }
        for not in [
            "button-take",
            "{pct}%",
            "hollywood-gin: {}",
            "{head} {kept}",
            "K",
            "you",
            "QC",
        ] {
            assert!(!reads_as_words(not), "{not}");
        }
    }

    /// Every `.rs` file under `src`, with the part before its tests.
    fn sources() -> Vec<(std::path::PathBuf, String)> {
        let mut dirs: Vec<std::path::PathBuf> =
            vec![concat!(env!("CARGO_MANIFEST_DIR"), "/src").into()];
        let mut out = Vec::new();
        while let Some(dir) = dirs.pop() {
            for e in std::fs::read_dir(&dir).expect("src") {
                let path = e.expect("an entry").path();
                if path.is_dir() {
                    // A folder with a Cargo.toml of its own is another crate (src/vendor).
                    if !path.join("Cargo.toml").exists() {
                        dirs.push(path);
                    }
                } else if path.extension().is_some_and(|x| x == "rs") {
                    let text = std::fs::read_to_string(&path).expect("readable source");
                    let code = text.split("#[cfg(test)]").next().unwrap_or("").to_string();
                    out.push((path, code));
                }
            }
        }
        out
    }

    /// What a literal of the code that looks like a message id (`refused-dealing`) is, if it
    /// is one of ours: a message of the resources, a selector value the messages choose by
    /// (`[big-gin]`), or one of the few other names written that way (egui ids and areas of
    /// the table, each listed with its reason). A typo in a message id is none of these.
    fn id_like_is_known(lit: &str, ids: &BTreeSet<String>, variants: &BTreeSet<String>) -> bool {
        const OTHER: [(&str, &str); 23] = [
            (
                "computer-hand",
                "an area of the table, for the layout's messages",
            ),
            ("player-hand", "an area of the table"),
            ("discard-pile", "an area of the table"),
            ("stock-pile", "an area of the table"),
            ("status-line", "an area of the table"),
            ("computer-turn-line", "an area of the table"),
            ("hint-button", "an egui id"),
            ("menu-button", "an egui id"),
            ("menu-backdrop", "an egui id"),
            ("menu-guard", "an egui id"),
            ("menu-rect", "an egui id"),
            ("moves-strip", "an egui id"),
            ("score-strip", "an egui id"),
            ("series-over", "an egui id"),
            ("licence-font", "an egui id"),
            ("focus-first-next-frame", "an egui id"),
            ("screen-reader-reads-the-menu", "an egui id"),
            ("screen-reader-focus-first", "an egui id"),
            ("licence-game", "an egui id"),
            ("licence-notices", "an egui id"),
            ("dejavu-sans", "the font's name for egui"),
            ("hollywood-gin", "the program's name, for its own lines"),
            ("hollywood-gin-writer", "a thread's name"),
        ];
        const CLI: [&str; 3] = ["not-hex", "too-long", "too-short"];
        ids.contains(lit)
            || variants.contains(lit)
            || OTHER.iter().any(|(o, _)| *o == lit)
            || CLI.contains(&lit)
    }

    /// Every message id the code uses is in the resources: every literal passed to
    /// [`Voice::t`] is a message, and every literal shaped like an id anywhere in the code (the
    /// ids chosen in a `match` and passed on) is a message, a selector value, or listed as
    /// something else. (That every language has every message is the test above.)
    #[test]
    fn every_message_id_used_in_the_code_exists_in_the_resources() {
        let ftl = SOURCES[0];
        let ids: BTreeSet<String> = ftl
            .lines()
            .filter_map(|l| l.split_once(" =").map(|(k, _)| k.trim().to_string()))
            .filter(|k| !k.is_empty() && !k.starts_with(['#', ' ', '.', '*', '[']))
            .collect();
        let variants: BTreeSet<String> = ftl
            .split('[')
            .skip(1)
            .filter_map(|s| s.split_once(']').map(|(k, _)| k.to_string()))
            .filter(|k| k.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
            .collect();
        assert!(
            ids.len() > 200 && ids.contains("refused-dealing"),
            "{}",
            ids.len()
        );
        assert!(variants.contains("big-gin"), "{variants:?}");
        let id_like = |s: &str| {
            let mut parts = s.split('-');
            s.contains('-')
                && parts.all(|p| {
                    !p.is_empty()
                        && p.chars()
                            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
                })
                && s.starts_with(|c: char| c.is_ascii_lowercase())
        };
        let (mut said, mut checked, mut wrong) = (0, 0, Vec::new());
        for (path, code) in sources() {
            let name = path.display().to_string();
            // Literals passed straight to `t`: each must be a message.
            for (i, _) in code.match_indices(".t(\"") {
                let rest = &code[i + 4..];
                let id = &rest[..rest.find('"').unwrap_or(0)];
                said += 1;
                if !ids.contains(id) {
                    wrong.push(format!("{name}: t(\"{id}\") is no message"));
                }
            }
            for (_, lit) in literals(&code) {
                if id_like(&lit) {
                    checked += 1;
                    if !id_like_is_known(&lit, &ids, &variants) {
                        wrong.push(format!("{name}: \"{lit}\" is no message"));
                    }
                }
            }
        }
        assert!(
            said > 100 && checked > 250,
            "saw {said} calls, {checked} ids"
        );
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
        // The check catches what it is for.
        assert!(!id_like_is_known("refused-dealling", &ids, &variants));
        assert!(id_like("refused-dealling") && !id_like("Knock-now") && !id_like("a.b-c"));
    }
}
