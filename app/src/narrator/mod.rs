//! The narrator: turns the games' cues into lines in the active language.
//!
//! Lines are shown as subtitles; speaking them aloud is the job of the audio
//! output behind [`crate::hw::AudioOut`].

mod queue;
pub mod synth;
pub mod voice;

pub use queue::Queue;

use crate::games::avalon::Role;
use crate::games::{Cue, CueArg, Lang};
use serde::{Deserialize, Serialize};
use tavola_words::{Arg, Msg};

/// A line ready to be shown and spoken.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Line {
    /// The cue's id.
    pub id: String,
    /// The words.
    pub text: String,
    /// Silence after the line, in milliseconds.
    pub pause_ms: u32,
}

/// The prefix of the narrator's messages in the catalogs.
const PREFIX: &str = "narration.";

/// The suffix of a counted line's words for a count of 0, said instead of
/// the plural form when the catalog has them ("none left" rather than "0
/// left").
const ZERO: &str = ".zero";

/// The catalog id of a cue's words: `narration.<cue id>`, with the `-` of a
/// role's slug (`avalon.reveal.lancelot-good`) written `_`.
pub fn message_id(cue_id: &str) -> String {
    format!("{PREFIX}{}", cue_id.replace('-', "_"))
}

/// The message a cue says: its words with its arguments, a card named by
/// the card catalog in `lang`.
pub fn message(cue: &Cue, lang: Lang) -> Msg {
    let mut id = message_id(&cue.id);
    let zero = format!("{id}{ZERO}");
    let count_is_zero = matches!(cue.args.get("count"), Some(CueArg::Say(Arg::Number(0))));
    if count_is_zero && template(&zero, lang).is_some() {
        id = zero;
    }
    cue.args.iter().fold(Msg::new(id), |m, (name, value)| {
        let value = match value {
            CueArg::Say(a) => a.clone(),
            CueArg::Card { card } => Arg::Text(crate::catalog::Catalog::builtin().label(card, lang)),
        };
        m.with(name.clone(), value)
    })
}

/// The words of a cue in `lang`, arguments filled in. A cue without words
/// (which a test catches) shows its id in brackets rather than nothing.
pub fn line(cue: &Cue, lang: Lang) -> Line {
    let text = if knows(&cue.id) { lang.text(&message(cue, lang)) } else { format!("[{}]", cue.id) };
    Line { id: cue.id.clone(), text, pause_ms: cue.pause_ms }
}

/// True when the cue id has words in every language.
pub fn knows(id: &str) -> bool {
    let id = message_id(id);
    Lang::ALL.iter().all(|&l| template(&id, l).is_some())
}

/// Every line id the narrator has words for, in the English catalog's order.
pub fn all_line_ids() -> impl Iterator<Item = String> {
    Lang::En.catalog().entries().filter_map(|e| {
        let id = e.id.strip_prefix(PREFIX)?;
        (!id.ends_with(ZERO)).then(|| cue_id(id))
    })
}

/// The cue id of a message id without its prefix: the reveal of a role
/// whose slug has a `-` gets it back.
fn cue_id(id: &str) -> String {
    Role::ALL
        .iter()
        .map(|r| r.slug())
        .filter(|s| s.contains('-'))
        .find(|s| id.strip_prefix("avalon.reveal.") == Some(&s.replace('-', "_")))
        .map_or_else(|| id.to_string(), |s| format!("avalon.reveal.{s}"))
}

/// The words of a line (a cue id or a catalog id) in `lang`, parameters
/// unfilled: for a counted line, the form for many.
pub fn template(id: &str, lang: Lang) -> Option<&'static str> {
    forms(id, lang).pop()
}

/// Every form of a line's words in `lang` (one, or one per plural form).
pub fn forms(id: &str, lang: Lang) -> Vec<&'static str> {
    let id = if id.starts_with(PREFIX) { id.to_string() } else { message_id(id) };
    let Some(entry) = lang.catalog().get(&id).filter(|e| e.is_translated()) else { return Vec::new() };
    entry.strings.iter().map(String::as_str).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::avalon::night::night_script;
    use crate::games::avalon::{Role, RoleSet};

    #[test]
    fn every_night_line_has_words_in_both_languages() {
        let set = RoleSet::standard(10, &Role::OPTIONAL).unwrap();
        let plain = RoleSet::standard(5, &[Role::Percival]).unwrap();
        for step in night_script(&set).into_iter().chain(night_script(&plain)) {
            assert!(knows(&step.cue.id), "no words for {}", step.cue.id);
            let it = line(&step.cue, Lang::It).text;
            let en = line(&step.cue, Lang::En).text;
            assert_ne!(it, en, "{} is not translated", step.cue.id);
        }
    }

    #[test]
    fn parameters_are_filled_in() {
        let cue = Cue::new("avalon.round.leader").arg("leader", "Laura").arg("mission", 2).arg("size", 3);
        assert_eq!(line(&cue, Lang::En).text, "Mission 2: Laura leads and picks a team of 3.");
        assert_eq!(line(&cue, Lang::It).text, "Missione 2: guida Laura, che sceglie una squadra di 3.");
    }

    #[test]
    fn unknown_cue_shows_its_id() {
        assert_eq!(line(&Cue::new("nope"), Lang::It).text, "[nope]");
    }
}
