//! The catalogs as compiled into the binary by the build script
//! (`words/build.rs`): each language's messages sorted by id, with their
//! translations, read where they lie. Rendering a message looks its id up
//! here, so a table's first words cost no parsing and no memory; the full
//! [`Catalog`](crate::Catalog) (comments, contexts, lines) is parsed only by
//! the tools and tests that read it.

use crate::plural::PluralRule;
use std::sync::OnceLock;

/// One language's compiled messages.
#[derive(Debug)]
pub(crate) struct Compiled {
    /// The catalog's `Plural-Forms` header ("" for none: `n != 1`).
    pub(crate) plural_forms: &'static str,
    /// The entries without a context that are not fuzzy, sorted by id: the
    /// id and the translation (one form, or one per plural form).
    pub(crate) entries: &'static [(&'static str, &'static [&'static str])],
}

/// A source of translations: a compiled table or a parsed catalog.
pub(crate) trait Translations {
    /// The form of `id` for `n` (`None` for no plural); `None` when the
    /// message is missing, fuzzy or that form is empty.
    fn translation(&self, id: &str, n: Option<u64>) -> Option<&str>;
}

impl Compiled {
    /// Every form of `id`, as written (empty ones too).
    pub(crate) fn forms(&self, id: &str) -> Option<&'static [&'static str]> {
        let i = self.entries.binary_search_by(|(k, _)| (*k).cmp(id)).ok()?;
        Some(self.entries[i].1)
    }

    /// The plural rule and its number of forms, read from the header at
    /// the first counted message.
    fn plural(&self, cache: &'static OnceLock<(usize, PluralRule)>) -> &'static (usize, PluralRule) {
        cache.get_or_init(|| match self.plural_forms {
            "" => (2, PluralRule::one_other()),
            // The tests parse every catalog's header; a wrong one counts as
            // `n != 1`, as a catalog that does not parse counts as empty.
            forms => PluralRule::from_header(forms).unwrap_or((2, PluralRule::one_other())),
        })
    }
}

/// A compiled table with its plural rule's cache.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Table {
    pub(crate) compiled: &'static Compiled,
    pub(crate) plural: &'static OnceLock<(usize, PluralRule)>,
}

impl Translations for Table {
    fn translation(&self, id: &str, n: Option<u64>) -> Option<&str> {
        self.lookup(id, n)
    }
}

impl Table {
    /// [`Translations::translation`], borrowed from the binary.
    pub(crate) fn lookup(&self, id: &str, n: Option<u64>) -> Option<&'static str> {
        let forms = self.compiled.forms(id)?;
        let i = match n {
            Some(n) if forms.len() > 1 => {
                let (nplurals, rule) = self.compiled.plural(self.plural);
                rule.index(n).min(nplurals.saturating_sub(1))
            }
            _ => 0,
        };
        forms.get(i).or(forms.last()).copied().filter(|s| !s.is_empty())
    }
}

impl Translations for crate::Catalog {
    fn translation(&self, id: &str, n: Option<u64>) -> Option<&str> {
        crate::Catalog::translation(self, id, n)
    }
}
