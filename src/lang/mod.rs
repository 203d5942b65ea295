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

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use serde::{Deserialize, Serialize};

/// A language the game speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Lang {
    #[default]
    En,
    Id,
    Nl,
}

impl Lang {
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

    /// The first of the system's preferred languages that the game speaks; English if none.
    pub fn system() -> Lang {
        sys_locale::get_locales()
            .find_map(|l| Lang::of_locale(&l))
            .unwrap_or_default()
    }

    fn index(self) -> usize {
        self as usize
    }
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
        let t = Texts::new();
        // A message in each language, with its variable; an unknown id shows itself.
        let d = [("deadwood", FluentValue::from(7))];
        assert_eq!(t.get(Lang::En, "button-knock", &d), "Knock (7)");
        assert_eq!(t.get(Lang::Nl, "button-knock", &d), "Kloppen (7)");
        assert_eq!(t.get(Lang::Id, "button-knock", &d), "Ketuk (7)");
        assert_eq!(t.get(Lang::Nl, "no-such-message", &[]), "no-such-message");
    }
}
