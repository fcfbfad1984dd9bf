//! A gettext catalog (`.po` file): parsing, looking up, and the plural rule
//! from its header.
//!
//! The parser reads what Tavola's catalogs use, which is what `msgfmt` and
//! Slint's bundler read too: `msgctxt`, `msgid`, `msgid_plural`, `msgstr`,
//! `msgstr[N]`, strings continued on following lines, C escapes (`\n`, `\t`,
//! `\"`, `\\` and the rest), comments (`#`, `#.`, `#:`, `#,` flags,
//! `#|` previous strings) and obsolete entries (`#~`, skipped). An entry
//! flagged `fuzzy` is kept but counts as untranslated, as in gettext.

use crate::plural::PluralRule;
use std::collections::HashMap;
use std::fmt;

/// One entry of a catalog.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The `msgctxt`, if any.
    pub context: Option<String>,
    /// The `msgid`: a message id such as `notice.table.stuck`, or the English
    /// source text of one of Slint's labels.
    pub id: String,
    /// The `msgid_plural` of a plural entry.
    pub id_plural: Option<String>,
    /// The translation: one `msgstr`, or the `msgstr[0]`, `msgstr[1]`, … of a
    /// plural entry, in order.
    pub strings: Vec<String>,
    /// Flagged `#, fuzzy`: a draft, not used.
    pub fuzzy: bool,
    /// The comment lines before the entry, without their `#`.
    pub comments: Vec<String>,
    /// The line of the entry's `msgid` in the file, from 1.
    pub line: usize,
}

impl Entry {
    /// A plural entry (`msgid_plural` with `msgstr[N]`).
    pub fn is_plural(&self) -> bool {
        self.id_plural.is_some()
    }

    /// Translated: not fuzzy, and no form empty.
    pub fn is_translated(&self) -> bool {
        !self.fuzzy && !self.strings.is_empty() && self.strings.iter().all(|s| !s.is_empty())
    }
}

/// Why a catalog could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PoError {
    /// The line, from 1.
    pub line: usize,
    /// What was wrong.
    pub message: String,
}

impl fmt::Display for PoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for PoError {}

/// A parsed catalog: one language's messages.
#[derive(Debug, Clone)]
pub struct Catalog {
    headers: Vec<(String, String)>,
    nplurals: usize,
    plural: PluralRule,
    entries: Vec<Entry>,
    /// Entries without a context, by msgid.
    by_id: HashMap<String, usize>,
}

impl Default for Catalog {
    fn default() -> Self {
        Catalog::empty()
    }
}

impl Catalog {
    /// A catalog with no messages and the rule `n != 1`.
    pub fn empty() -> Catalog {
        Catalog {
            headers: Vec::new(),
            nplurals: 2,
            plural: PluralRule::one_other(),
            entries: Vec::new(),
            by_id: HashMap::new(),
        }
    }

    /// Parses the text of a `.po` file.
    pub fn parse(text: &str) -> Result<Catalog, PoError> {
        let mut p = Builder::default();
        for (i, raw) in text.lines().enumerate() {
            p.line(i + 1, raw.trim())?;
        }
        p.finish_entry(text.lines().count().max(1))?;
        let mut catalog = Catalog::empty();
        catalog.by_id.reserve(p.entries.len());
        catalog.entries.reserve(p.entries.len());
        if let Some((line, header)) = p.header {
            for l in header.lines().filter(|l| !l.trim().is_empty()) {
                let Some((k, v)) = l.split_once(':') else {
                    return Err(PoError { line, message: format!("header line “{l}” is not “Key: value”") });
                };
                catalog.headers.push((k.trim().to_string(), v.trim().to_string()));
            }
            if let Some(forms) = catalog.header("Plural-Forms") {
                let (n, rule) = PluralRule::from_header(forms)
                    .map_err(|e| PoError { line, message: format!("Plural-Forms: {e}") })?;
                catalog.nplurals = n;
                catalog.plural = rule;
            }
        }
        for entry in p.entries {
            if entry.is_plural() && entry.strings.len() != catalog.nplurals {
                return Err(PoError {
                    line: entry.line,
                    message: format!(
                        "“{}” has {} plural forms, the header says {}",
                        entry.id,
                        entry.strings.len(),
                        catalog.nplurals
                    ),
                });
            }
            // A catalog holds each id once (per context).
            let twice = match &entry.context {
                None => catalog.by_id.insert(entry.id.clone(), catalog.entries.len()).is_some(),
                Some(_) => catalog.entries.iter().any(|e| e.context == entry.context && e.id == entry.id),
            };
            if twice {
                return Err(PoError {
                    line: entry.line, message: format!("“{}” is in the catalog twice", entry.id)
                });
            }
            catalog.entries.push(entry);
        }
        Ok(catalog)
    }

    /// A header's value (`Language`, `Plural-Forms`, …).
    pub fn header(&self, key: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(key)).map(|(_, v)| v.as_str())
    }

    /// The `Language` header.
    pub fn language(&self) -> Option<&str> {
        self.header("Language")
    }

    /// How many forms a plural entry has (`nplurals`).
    pub fn nplurals(&self) -> usize {
        self.nplurals
    }

    /// The plural rule.
    pub fn plural_rule(&self) -> &PluralRule {
        &self.plural
    }

    /// Which form of a plural entry goes with `n`.
    pub fn plural_index(&self, n: u64) -> usize {
        self.plural.index(n).min(self.nplurals - 1)
    }

    /// The entry with this msgid and no context.
    pub fn get(&self, id: &str) -> Option<&Entry> {
        self.by_id.get(id).map(|&i| &self.entries[i])
    }

    /// The entry with this context and msgid.
    pub fn find(&self, context: Option<&str>, id: &str) -> Option<&Entry> {
        match context {
            None => self.get(id),
            Some(c) => self.entries.iter().find(|e| e.context.as_deref() == Some(c) && e.id == id),
        }
    }

    /// Every entry but the header, in the file's order.
    pub fn entries(&self) -> impl Iterator<Item = &Entry> {
        self.entries.iter()
    }

    /// The translation of `id` for `n` (`None` for no plural): the form the
    /// plural rule picks in a plural entry, the only one otherwise. `None`
    /// when the entry is missing, fuzzy or that form is empty.
    pub fn translation(&self, id: &str, n: Option<u64>) -> Option<&str> {
        let e = self.get(id).filter(|e| !e.fuzzy)?;
        let i = match n {
            Some(n) if e.is_plural() => self.plural_index(n),
            _ => 0,
        };
        e.strings.get(i).or(e.strings.last()).map(String::as_str).filter(|s| !s.is_empty())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Field {
    Context,
    Id,
    IdPlural,
    Str(usize),
}

#[derive(Default)]
struct Builder {
    entries: Vec<Entry>,
    header: Option<(usize, String)>,
    // The entry being read.
    context: Option<String>,
    id: Option<String>,
    id_plural: Option<String>,
    strings: Vec<String>,
    fuzzy: bool,
    comments: Vec<String>,
    id_line: usize,
    last: Option<Field>,
    started_at: usize,
}

impl Builder {
    fn line(&mut self, n: usize, line: &str) -> Result<(), PoError> {
        let err = |message: String| PoError { line: n, message };
        if line.is_empty() {
            return self.finish_entry(n);
        }
        if line.starts_with("#~") {
            // An obsolete entry, kept by the tools for memory only.
            return Ok(());
        }
        if let Some(comment) = line.strip_prefix('#') {
            if !self.strings.is_empty() {
                self.finish_entry(n)?;
            }
            if let Some(flags) = comment.strip_prefix(',') {
                self.fuzzy |= flags.split(',').any(|f| f.trim() == "fuzzy");
            }
            self.comments.push(comment.to_string());
            self.last = None;
            return Ok(());
        }
        if line.starts_with('"') {
            let s = string(line).map_err(err)?;
            let field = match self.last {
                Some(Field::Context) => self.context.as_mut(),
                Some(Field::Id) => self.id.as_mut(),
                Some(Field::IdPlural) => self.id_plural.as_mut(),
                Some(Field::Str(i)) => self.strings.get_mut(i),
                None => None,
            };
            let Some(field) = field else { return Err(err("a string that continues nothing".into())) };
            field.push_str(&s);
            return Ok(());
        }
        let (keyword, rest) = line.split_at(line.find(|c: char| c.is_whitespace() || c == '"').unwrap_or(line.len()));
        let value = string(rest.trim_start()).map_err(|m| err(format!("{keyword}: {m}")))?;
        match keyword {
            "msgctxt" => {
                self.finish_before_new(n)?;
                self.start(n);
                self.context = Some(value);
                self.last = Some(Field::Context);
            }
            "msgid" => {
                if self.id.is_some() {
                    self.finish_before_new(n)?;
                }
                self.start(n);
                self.id = Some(value);
                self.id_line = n;
                self.last = Some(Field::Id);
            }
            "msgid_plural" => {
                if self.id.is_none() || self.id_plural.is_some() || !self.strings.is_empty() {
                    return Err(err("msgid_plural must follow a msgid".into()));
                }
                self.id_plural = Some(value);
                self.last = Some(Field::IdPlural);
            }
            "msgstr" => {
                if self.id.is_none() || !self.strings.is_empty() {
                    return Err(err("msgstr must follow a msgid".into()));
                }
                if self.id_plural.is_some() {
                    return Err(err("a plural entry takes msgstr[0], msgstr[1], …".into()));
                }
                self.strings.push(value);
                self.last = Some(Field::Str(0));
            }
            k if k.starts_with("msgstr[") && k.ends_with(']') => {
                let index: usize =
                    k["msgstr[".len()..k.len() - 1].parse().map_err(|_| err(format!("bad index in {k}")))?;
                if self.id_plural.is_none() {
                    return Err(err(format!("{k} without msgid_plural")));
                }
                if index != self.strings.len() {
                    return Err(err(format!("{k} where msgstr[{}] was expected", self.strings.len())));
                }
                self.strings.push(value);
                self.last = Some(Field::Str(index));
            }
            other => return Err(err(format!("unknown keyword “{other}”"))),
        }
        Ok(())
    }

    fn start(&mut self, n: usize) {
        if self.context.is_none() && self.id.is_none() {
            self.started_at = n;
        }
    }

    /// A new msgctxt or msgid: the entry before it must be complete.
    fn finish_before_new(&mut self, n: usize) -> Result<(), PoError> {
        if self.id.is_some() || self.context.is_some() {
            if self.strings.is_empty() {
                return Err(PoError { line: n, message: "the entry before has no msgstr".into() });
            }
            self.finish_entry(n)?;
        }
        Ok(())
    }

    fn finish_entry(&mut self, n: usize) -> Result<(), PoError> {
        let Some(id) = self.id.take() else {
            if self.context.is_some() {
                return Err(PoError { line: self.started_at, message: "msgctxt without msgid".into() });
            }
            // Comments alone belong to the next entry; a blank line after
            // them does not end anything.
            return Ok(());
        };
        if self.strings.is_empty() {
            return Err(PoError { line: n, message: format!("“{id}” has no msgstr") });
        }
        if self.id_plural.is_some() && self.strings.len() < 2 {
            return Err(PoError { line: n, message: format!("the plural entry “{id}” has one form") });
        }
        let entry = Entry {
            context: self.context.take(),
            id,
            id_plural: self.id_plural.take(),
            strings: std::mem::take(&mut self.strings),
            fuzzy: std::mem::take(&mut self.fuzzy),
            comments: std::mem::take(&mut self.comments),
            line: self.id_line,
        };
        self.last = None;
        if entry.id.is_empty() && entry.context.is_none() {
            if self.header.is_some() || !self.entries.is_empty() {
                return Err(PoError { line: entry.line, message: "the header must be the first entry, once".into() });
            }
            self.header = Some((entry.line, entry.strings.into_iter().next().unwrap_or_default()));
            return Ok(());
        }
        self.entries.push(entry);
        Ok(())
    }
}

/// Reads one quoted C string that fills the rest of the line.
fn string(text: &str) -> Result<String, String> {
    let Some(body) = text.strip_prefix('"') else { return Err("expected a string in quotes".into()) };
    // Most strings have no escape: copied whole.
    if let Some(end) = body.find(['"', '\\']).filter(|&i| body.as_bytes()[i] == b'"') {
        let after = body[end + 1..].trim();
        if !after.is_empty() && !after.starts_with('#') {
            return Err(format!("unexpected “{after}” after the string"));
        }
        return Ok(body[..end].to_string());
    }
    let mut out = String::with_capacity(body.len());
    let mut chars = body.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => {
                let after = body[i + 1..].trim();
                if !after.is_empty() && !after.starts_with('#') {
                    return Err(format!("unexpected “{after}” after the string"));
                }
                return Ok(out);
            }
            '\\' => {
                let Some((_, e)) = chars.next() else { break };
                out.push(match e {
                    'n' => '\n',
                    't' => '\t',
                    'r' => '\r',
                    'a' => '\u{7}',
                    'b' => '\u{8}',
                    'f' => '\u{c}',
                    'v' => '\u{b}',
                    '"' | '\\' | '\'' | '?' => e,
                    other => return Err(format!("unknown escape \\{other}")),
                });
            }
            c => out.push(c),
        }
    }
    Err("the string is not closed".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = r#"# A comment.
msgid ""
msgstr ""
"Language: xx\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

#. For the translator.
#: somewhere.rs:1
msgid "plain"
msgstr "Plain"

msgctxt "menu"
msgid "plain"
msgstr "Plain in a menu"

msgid ""
"multi "
"line"
msgstr "A \"quoted\"\n"
"tab\there \\ done"

msgid "count"
msgid_plural "count"
msgstr[0] "{count} thing"
msgstr[1] "{count} things"

#, fuzzy
msgid "draft"
msgstr "Not yet"
#~ msgid "old"
#~ msgstr "Gone"
msgid "empty"
msgstr ""
"#;

    #[test]
    fn reads_every_construct() {
        let c = Catalog::parse(SAMPLE).unwrap();
        assert_eq!(c.language(), Some("xx"));
        assert_eq!(c.nplurals(), 2);
        assert_eq!(c.entries().count(), 6);
        let plain = c.get("plain").unwrap();
        assert_eq!(plain.strings, ["Plain"]);
        assert_eq!(plain.comments, [". For the translator.", ": somewhere.rs:1"]);
        assert_eq!(plain.line, 9);
        assert_eq!(c.find(Some("menu"), "plain").unwrap().strings, ["Plain in a menu"]);
        assert_eq!(c.get("multi line").unwrap().strings, ["A \"quoted\"\ntab\there \\ done"]);
        let count = c.get("count").unwrap();
        assert!(count.is_plural());
        assert_eq!(c.translation("count", Some(1)), Some("{count} thing"));
        assert_eq!(c.translation("count", Some(0)), Some("{count} things"));
        assert!(!c.get("draft").unwrap().is_translated());
        assert_eq!(c.translation("draft", None), None);
        assert_eq!(c.translation("empty", None), None);
        assert!(c.get("old").is_none());
    }

    #[test]
    fn refuses_broken_files() {
        let cases = [
            ("msgid \"a\"\n", "no msgstr"),
            ("msgid \"a\"\nmsgid \"b\"\nmsgstr \"\"\n", "no msgstr"),
            ("msgid \"a\"\nmsgstr \"x\"\nmsgid \"a\"\nmsgstr \"y\"\n", "twice"),
            ("msgid \"a\"\nmsgstr \"x\\q\"\n", "escape"),
            ("msgid \"a\"\nmsgstr \"x\n", "not closed"),
            ("\"stray\"\n", "continues nothing"),
            ("msgid \"a\"\nmsgstr[0] \"x\"\n", "without msgid_plural"),
            ("msgid \"a\"\nmsgid_plural \"a\"\nmsgstr[1] \"x\"\n", "expected"),
            ("msgid \"a\"\nmsgid_plural \"a\"\nmsgstr[0] \"x\"\n", "one form"),
            ("msgid \"a\"\nmsgid_plural \"a\"\nmsgstr[0] \"x\"\nmsgstr[1] \"y\"\nmsgstr[2] \"z\"\n", "header says 2"),
            ("msgid \"\"\nmsgstr \"Plural-Forms: nplurals=2; plural=n +;\\n\"\n", "Plural-Forms"),
            ("msgid \"a\"\nmsgstr \"x\" trailing\n", "after the string"),
            ("msgstring \"a\"\n", "unknown keyword"),
        ];
        for (text, why) in cases {
            let e = Catalog::parse(text).expect_err(text);
            assert!(e.to_string().contains(why), "{text:?}: {e}");
        }
    }

    #[test]
    fn no_header_means_two_forms() {
        let c = Catalog::parse("msgid \"a\"\nmsgstr \"b\"").unwrap();
        assert_eq!((c.nplurals(), c.plural_index(1), c.plural_index(2)), (2, 0, 1));
        assert_eq!(c.language(), None);
    }
}
