//! The languages Tavola speaks, each with its catalog compiled in.

use crate::compiled::{Compiled, Table};
use crate::plural::PluralRule;
use crate::po::Catalog;
use crate::Msg;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::sync::OnceLock;

/// Declares the languages: one line each, `Variant = "code", "Endonym";`.
/// The code is the catalog's folder under `words/lang/` and the language's
/// serde form; everything else about a language comes from its catalog.
macro_rules! languages {
    ($( $(#[$attr:meta])* $variant:ident = $code:literal, $name:literal; )+) => {
        /// The languages Tavola speaks.
        ///
        /// Serialized as its code (`"it"`, `"en"`), as settings files, the
        /// journal and the headless protocol write it.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
        pub enum Lang {
            $( $(#[$attr])* $variant, )+
        }

        impl Lang {
            /// How many languages there are.
            pub const COUNT: usize = [$($code),+].len();

            /// Every language, in the order the settings screen lists them.
            pub const ALL: [Lang; Lang::COUNT] = [$(Lang::$variant),+];

            /// The language's code (ISO 639-1 where there is one: `it`, `en`),
            /// the name of its catalog's folder.
            pub fn code(self) -> &'static str {
                match self {
                    $( Lang::$variant => $code, )+
                }
            }

            /// The language's name in itself ("Italiano", "English").
            pub fn name(self) -> &'static str {
                match self {
                    $( Lang::$variant => $name, )+
                }
            }

            /// The text of the language's catalog,
            /// `words/lang/<code>/LC_MESSAGES/tavola.po`, as compiled in.
            pub fn catalog_source(self) -> &'static str {
                match self {
                    $( Lang::$variant => include_str!(concat!("../lang/", $code, "/LC_MESSAGES/tavola.po")), )+
                }
            }

            /// The catalog as the build script compiled it.
            fn compiled(self) -> &'static Compiled {
                match self {
                    $( Lang::$variant => {
                        static TABLE: Compiled = include!(concat!(env!("OUT_DIR"), "/compiled-", $code, ".rs"));
                        &TABLE
                    } )+
                }
            }
        }
    };
}

languages! {
    /// Italiano.
    #[default]
    It = "it", "Italiano";
    /// English.
    En = "en", "English";
}

impl Lang {
    /// Parses a language code: `it`, `en`, also locale strings such as
    /// `it_IT.UTF-8`, `en-GB` or `IT` (the part before `_`, `-`, `.` or `@`,
    /// in any case).
    pub fn from_code(code: &str) -> Option<Lang> {
        let base = code.split(['_', '-', '.', '@']).next().unwrap_or_default();
        Lang::ALL.into_iter().find(|l| l.code().eq_ignore_ascii_case(base))
    }

    /// The language's whole catalog (comments, contexts, line numbers),
    /// parsed at its first use: for the tools and tests that read a catalog
    /// as a file. Saying something never parses it (see [`Lang::text`]). A
    /// catalog that does not parse (which the tests prevent) counts as
    /// empty.
    pub fn catalog(self) -> &'static Catalog {
        static CATALOGS: [OnceLock<Catalog>; Lang::COUNT] = [const { OnceLock::new() }; Lang::COUNT];
        CATALOGS[self as usize].get_or_init(|| Catalog::parse(self.catalog_source()).unwrap_or_default())
    }

    /// The catalog's messages as compiled into the binary: looked up where
    /// they lie, nothing parsed.
    fn table(self) -> Table {
        static PLURALS: [OnceLock<(usize, PluralRule)>; Lang::COUNT] = [const { OnceLock::new() }; Lang::COUNT];
        Table { compiled: self.compiled(), plural: &PLURALS[self as usize] }
    }

    /// The translation of `id` for the count `n` (`None` for no plural), as
    /// [`Catalog::translation`] reads it from this language's catalog.
    pub fn translation(self, id: &str, n: Option<u64>) -> Option<&'static str> {
        self.table().lookup(id, n)
    }

    /// Every form of a translated message (one, or one per plural form);
    /// `None` when the catalog lacks it, or it is fuzzy or has an empty form.
    pub fn forms(self, id: &str) -> Option<&'static [&'static str]> {
        self.compiled().forms(id).filter(|forms| !forms.is_empty() && forms.iter().all(|f| !f.is_empty()))
    }

    /// The message in this language: the catalog's translation, else the
    /// English one, else the message's id. Never fails; see [`Msg`].
    pub fn text(self, msg: &Msg) -> String {
        let own = self.table();
        let fallback = (self != Lang::En && !crate::msg::covers(&own, msg, 0)).then(|| Lang::En.table());
        crate::msg::render(&own, msg, fallback.as_ref())
    }
}

impl Serialize for Lang {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

impl<'de> Deserialize<'de> for Lang {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Lang, D::Error> {
        let code = std::borrow::Cow::<'de, str>::deserialize(d)?;
        Lang::ALL.into_iter().find(|l| l.code() == code).ok_or_else(|| {
            let codes: Vec<&str> = Lang::ALL.iter().map(|l| l.code()).collect();
            serde::de::Error::custom(format!("unknown language “{code}”: expected one of {}", codes.join(", ")))
        })
    }
}

/// A language code as [`Lang::from_code`] reads it (for `--lang` on the
/// command line); the error names the languages there are.
impl std::str::FromStr for Lang {
    type Err = String;

    fn from_str(s: &str) -> Result<Lang, String> {
        Lang::from_code(s).ok_or_else(|| {
            let codes: Vec<&str> = Lang::ALL.iter().map(|l| l.code()).collect();
            format!("unknown language '{s}': use {}", codes.join(" or "))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes() {
        assert_eq!(Lang::ALL, [Lang::It, Lang::En]);
        assert_eq!(Lang::default(), Lang::It);
        for l in Lang::ALL {
            assert_eq!(Lang::from_code(l.code()), Some(l));
        }
        assert_eq!(Lang::from_code("it_IT.UTF-8"), Some(Lang::It));
        assert_eq!(Lang::from_code("en-GB"), Some(Lang::En));
        assert_eq!(Lang::from_code("EN"), Some(Lang::En));
        assert_eq!(Lang::from_code("en@quot"), Some(Lang::En));
        assert_eq!(Lang::from_code("C"), None);
        assert_eq!(Lang::from_code(""), None);
        assert_eq!(Lang::from_code("de"), None);
        assert_eq!(Lang::It.name(), "Italiano");
    }

    #[test]
    fn the_compiled_messages_are_the_catalogs() {
        for lang in Lang::ALL {
            let catalog = lang.catalog();
            assert!(catalog.entries().count() > 100, "{lang:?}");
            for e in catalog.entries().filter(|e| e.context.is_none()) {
                for n in [None, Some(0), Some(1), Some(2), Some(5), Some(11), Some(21), Some(101)] {
                    assert_eq!(lang.translation(&e.id, n), catalog.translation(&e.id, n), "{lang:?} {} {n:?}", e.id);
                }
                let forms: Option<Vec<&str>> =
                    e.is_translated().then(|| e.strings.iter().map(String::as_str).collect());
                assert_eq!(lang.forms(&e.id).map(<[&str]>::to_vec), forms, "{lang:?} {}", e.id);
            }
            assert_eq!(lang.translation("no.such.message", None), None);
            assert_eq!(lang.forms("no.such.message"), None);
        }
    }

    #[test]
    fn serde_form_is_the_code() {
        assert_eq!(serde_json::to_string(&Lang::ALL).unwrap(), r#"["it","en"]"#);
        assert_eq!(serde_json::from_str::<Lang>(r#""en""#).unwrap(), Lang::En);
        assert!(serde_json::from_str::<Lang>(r#""EN""#).is_err());
        assert!(serde_json::from_str::<Lang>(r#""fr""#).is_err());
    }
}
