//! Messages: an id and named arguments, rendered in a language at the last
//! moment.

use crate::compiled::Translations;
use crate::po::Catalog;
use crate::Lang;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};

/// Something to say: a catalog id and its named arguments.
///
/// Build one with [`crate::msg!`]; render it with [`Lang::text`] or
/// [`Msg::text`]. Messages are plain data: errors, notices and events carry
/// them and they serialize as `{"id": "…", "args": {"seat": 3}}` (`args`
/// left out when empty).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Msg {
    /// The catalog id, such as `notice.table.stuck`.
    pub id: Cow<'static, str>,
    /// The arguments, by name (the names in the catalog's `{…}`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub args: BTreeMap<Cow<'static, str>, Arg>,
}

/// The value of a message's argument.
///
/// Serialized untagged: a number, a string, or a message.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Arg {
    /// A whole number, written in digits. The argument `count` also picks
    /// the plural form.
    Number(i64),
    /// Text written as it is: a player's name, a tag's UID. Never words to
    /// translate: those are a [`Arg::Msg`].
    Text(String),
    /// Another message, rendered in the same language: a card's or a role's
    /// name inside a sentence.
    Msg(Msg),
}

impl Msg {
    /// A message without arguments. For a fixed id prefer
    /// [`msg!`](crate::msg!), whose ids the tests check against the
    /// catalogs; `Msg::new` is for ids built at run time (then a test should
    /// render every id the code can build).
    pub fn new(id: impl Into<Cow<'static, str>>) -> Msg {
        Msg { id: id.into(), args: BTreeMap::new() }
    }

    /// The same message with one more argument (or another value for it).
    #[must_use]
    pub fn with(mut self, name: impl Into<Cow<'static, str>>, value: impl Into<Arg>) -> Msg {
        self.args.insert(name.into(), value.into());
        self
    }

    /// An argument's value.
    pub fn arg(&self, name: &str) -> Option<&Arg> {
        self.args.get(name)
    }

    /// The message in `lang`; the same as [`Lang::text`].
    pub fn text(&self, lang: Lang) -> String {
        lang.text(self)
    }

    /// The count that picks the plural form: the argument `count`, when it is
    /// a number (its absolute value).
    pub fn count(&self) -> Option<u64> {
        match self.arg("count")? {
            Arg::Number(n) => Some(n.unsigned_abs()),
            _ => None,
        }
    }
}

/// Something that can be said to the players: an error, a notice, a role.
///
/// ```
/// use tavola_words::{msg, Lang, Msg, Said};
///
/// enum Pad {
///     Stuck { seat: String },
/// }
///
/// impl Said for Pad {
///     fn msg(&self) -> Msg {
///         match self {
///             Pad::Stuck { seat } => msg!("notice.table.stuck", seat),
///         }
///     }
/// }
///
/// let stuck = Pad::Stuck { seat: "Anna".into() };
/// assert_eq!(stuck.text(Lang::En), "Anna: a button is held down. It is ignored until released.");
/// ```
pub trait Said {
    /// What to say, as a message.
    fn msg(&self) -> Msg;

    /// The words in `lang`.
    fn text(&self, lang: Lang) -> String {
        lang.text(&self.msg())
    }
}

impl Said for Msg {
    fn msg(&self) -> Msg {
        self.clone()
    }
}

impl Arg {
    /// The value in `lang`: a number in digits, a text as it is, a message
    /// rendered.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            Arg::Number(n) => n.to_string(),
            Arg::Text(t) => t.clone(),
            Arg::Msg(m) => lang.text(m),
        }
    }
}

impl From<Msg> for Arg {
    fn from(m: Msg) -> Arg {
        Arg::Msg(m)
    }
}

impl From<&Msg> for Arg {
    fn from(m: &Msg) -> Arg {
        Arg::Msg(m.clone())
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Text(s)
    }
}

impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::Text(s.clone())
    }
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Text(s.to_string())
    }
}

impl From<Cow<'_, str>> for Arg {
    fn from(s: Cow<'_, str>) -> Arg {
        Arg::Text(s.into_owned())
    }
}

macro_rules! number_args {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Number(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }

        impl From<&$t> for Arg {
            fn from(n: &$t) -> Arg {
                Arg::from(*n)
            }
        }
    )*};
}

number_args!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);

/// Messages nested deeper than this are cut (a serialized message could be
/// deep; a written one never is).
const MAX_NESTING: usize = 16;

impl Catalog {
    /// Renders `msg` with this catalog, taking from `fallback` the messages
    /// this one lacks (missing, fuzzy or empty), and writing the id of a
    /// message neither has. Nested messages are rendered the same way.
    pub fn render(&self, msg: &Msg, fallback: Option<&Catalog>) -> String {
        render(self, msg, fallback)
    }

    /// Whether this catalog has the message and every message nested in
    /// it (no fallback needed to render it).
    pub fn covers(&self, msg: &Msg) -> bool {
        covers(self, msg, 0)
    }
}

/// [`Catalog::render`] from any source of translations.
pub(crate) fn render<T: Translations>(own: &T, msg: &Msg, fallback: Option<&T>) -> String {
    let mut out = String::new();
    render_into(own, &mut out, msg, fallback, 0);
    out
}

/// [`Catalog::covers`] from any source of translations.
pub(crate) fn covers<T: Translations>(own: &T, msg: &Msg, depth: usize) -> bool {
    depth < MAX_NESTING
        && own.translation(&msg.id, msg.count()).is_some()
        && msg.args.values().all(|a| match a {
            Arg::Msg(m) => covers(own, m, depth + 1),
            _ => true,
        })
}

fn render_into<T: Translations>(own: &T, out: &mut String, msg: &Msg, fallback: Option<&T>, depth: usize) {
    let count = msg.count();
    let template = own.translation(&msg.id, count).or_else(|| fallback?.translation(&msg.id, count));
    let Some(template) = template.filter(|_| depth < MAX_NESTING) else {
        out.push_str(&msg.id);
        return;
    };
    for piece in Pieces(template) {
        match piece {
            Piece::Text(t) => out.push_str(t),
            Piece::Arg(name) => match msg.arg(name) {
                Some(Arg::Number(n)) => out.push_str(&n.to_string()),
                Some(Arg::Text(t)) => out.push_str(t),
                Some(Arg::Msg(m)) => render_into(own, out, m, fallback, depth + 1),
                // Left visible, for the tests and the eye to catch.
                None => {
                    out.push('{');
                    out.push_str(name);
                    out.push('}');
                }
            },
        }
    }
}

/// The names of the placeholders (`{seat}`, `{count}`) in a catalog string,
/// as rendering sees them: `{{` and `}}` are braces, and braces around
/// anything but a name (`{}`, `{0}`, Slint's positional arguments) are text.
pub fn placeholders(template: &str) -> BTreeSet<&str> {
    Pieces(template)
        .filter_map(|p| match p {
            Piece::Arg(name) => Some(name),
            Piece::Text(_) => None,
        })
        .collect()
}

/// Whether a msgid is a message id (`notice.table.stuck`): lowercase ASCII
/// words of letters, digits and `_`, at least two, joined by dots, the first
/// starting with a letter. Other msgids are Slint's labels.
pub fn is_id(msgid: &str) -> bool {
    msgid.starts_with(|c: char| c.is_ascii_lowercase())
        && msgid.contains('.')
        && msgid
            .split('.')
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'))
}

enum Piece<'a> {
    Text(&'a str),
    Arg(&'a str),
}

struct Pieces<'a>(&'a str);

impl<'a> Iterator for Pieces<'a> {
    type Item = Piece<'a>;

    fn next(&mut self) -> Option<Piece<'a>> {
        let s = self.0;
        if s.is_empty() {
            return None;
        }
        if let Some(rest) = s.strip_prefix("{{") {
            self.0 = rest;
            return Some(Piece::Text("{"));
        }
        if let Some(rest) = s.strip_prefix("}}") {
            self.0 = rest;
            return Some(Piece::Text("}"));
        }
        if let Some(body) = s.strip_prefix('{') {
            let end = body.find('}');
            if let Some(name) = end.map(|e| &body[..e]).filter(|n| is_name(n)) {
                self.0 = &body[name.len() + 1..];
                return Some(Piece::Arg(name));
            }
            self.0 = body;
            return Some(Piece::Text("{"));
        }
        // Plain text up to the next brace (past the first character, which
        // may be a lone `}`).
        let first = s.chars().next().map_or(1, char::len_utf8);
        let end = s[first..].find(['{', '}']).map_or(s.len(), |i| i + first);
        self.0 = &s[end..];
        Some(Piece::Text(&s[..end]))
    }
}

fn is_name(s: &str) -> bool {
    s.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholder_names() {
        let names = |s| placeholders(s).into_iter().collect::<Vec<_>>();
        assert_eq!(names("{seat}: {name} and {seat}"), ["name", "seat"]);
        assert_eq!(names("{{seat}} {} {0} { x} {count"), Vec::<&str>::new());
        assert_eq!(names("}{a}}"), ["a"]);
    }

    #[test]
    fn ids() {
        for id in ["common.no_such_seat", "narration.avalon.night.evil_open", "a.b2", "soc.quest.grail_3"] {
            assert!(is_id(id), "{id}");
        }
        for label in
            ["Back", "2 fails", "common", "Common.x", "a..b", ".a", "a.", "a.b c", "1a.b", "Settings → Tags", ""]
        {
            assert!(!is_id(label), "{label}");
        }
    }

    #[test]
    fn pieces_keep_the_text() {
        let c = Catalog::parse("msgid \"t.x\"\nmsgstr \"}}a{{b} {c}é{d\"").unwrap();
        let m = Msg::new("t.x").with("c", "C");
        assert_eq!(c.render(&m, None), "}a{b} Cé{d");
    }
}
