//! The narrator: turns the games' cues into lines in the active language.
//!
//! Lines are shown as subtitles; speaking them aloud is the job of the audio
//! output behind [`crate::hw::AudioOut`].

mod lines;
mod queue;
pub mod synth;
pub mod voice;

pub use lines::all_line_ids;
pub use queue::Queue;

use crate::games::{Cue, Lang};
use serde::{Deserialize, Serialize};

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

/// The words of a cue in `lang`, parameters filled in. A cue without words
/// (which a test catches) shows its id in brackets rather than nothing.
pub fn line(cue: &Cue, lang: Lang) -> Line {
    let template = lines::template(&cue.id, lang);
    let text = match template {
        Some(t) => fill(t, &cue.params, lang),
        None => format!("[{}]", cue.id),
    };
    Line { id: cue.id.clone(), text, pause_ms: cue.pause_ms }
}

/// True when the cue id has words in both languages.
pub fn knows(id: &str) -> bool {
    Lang::ALL.iter().all(|&l| lines::template(id, l).is_some())
}

/// Fills `{0}`, `{1}`… A parameter `@line:<id>` is that line's words in the
/// language (a quest's name), `@card:<id>` the catalog name of a card.
fn fill(template: &str, params: &[String], lang: Lang) -> String {
    let mut out = template.to_string();
    for (i, p) in params.iter().enumerate() {
        let word = if let Some(id) = p.strip_prefix("@line:") {
            lines::template(id, lang).unwrap_or(id).to_string()
        } else if let Some(id) = p.strip_prefix("@card:") {
            crate::catalog::Catalog::builtin().name(id, lang).unwrap_or(id).to_string()
        } else {
            p.clone()
        };
        out = out.replace(&format!("{{{i}}}"), &word);
    }
    out
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
        let cue = Cue::new("avalon.round.leader").with("Laura").with(2).with(3);
        assert_eq!(line(&cue, Lang::En).text, "Mission 2: Laura leads and picks a team of 3.");
        assert_eq!(line(&cue, Lang::It).text, "Missione 2: guida Laura, che sceglie una squadra di 3.");
    }

    #[test]
    fn unknown_cue_shows_its_id() {
        assert_eq!(line(&Cue::new("nope"), Lang::It).text, "[nope]");
    }
}
