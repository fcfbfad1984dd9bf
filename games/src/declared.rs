//! What each game declares about itself beyond its rules: the windows the
//! table times ([`TimedWindow`], in [`crate::Game::WINDOWS`]) and its look
//! ([`Look`], in [`crate::Game::LOOK`]). The table's timer, the Settings'
//! durations and every place the screen draws a game read them through the
//! registry ([`crate::GameKind::windows`], [`crate::GameKind::look`]): a game
//! with a window of its own, or a look, edits no shared code.

use crate::GameKind;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use tavola_words::Msg;

/// A window of the game the table times, so that a table never stalls (the
/// discussion before a vote, the vote, an ambush): its name, its length
/// until the owner sets another, how long it may be set, and its words.
///
/// 0 seconds switches a window off; every window may be set from 0 to
/// [`TimedWindow::max_s`].
#[derive(Debug, Clone, Copy)]
pub struct TimedWindow {
    /// Its name: the key of its length among the settings (`vote` is kept
    /// as `vote_s`) and in the headless protocol's `set_timers`. One name
    /// across all games (a test holds them apart): a name two games gave
    /// would set both games' windows at once.
    pub name: &'static str,
    /// Its length until the owner sets another, in seconds (0: off).
    pub default_s: u32,
    /// The longest the owner may set, in seconds.
    pub max_s: u32,
    /// The message naming it on the countdown ("Vote", shown as "Vote:
    /// 0:25"): no parameter.
    pub countdown: &'static str,
    /// The message naming it in Settings ("Vote window"), beside its
    /// game's short title: no parameter.
    pub setting: &'static str,
    /// The narration cue said when the window runs out, when its end has
    /// words of its own (the discussion is over: the leader proposes);
    /// `None`: the game's [`crate::Game::timeout_command`] if it has one,
    /// else the table says who is still to answer.
    pub over: Option<&'static str>,
}

impl TimedWindow {
    /// Its name on the countdown.
    pub fn countdown_words(&self) -> Msg {
        Msg::new(self.countdown)
    }

    /// Its name in Settings.
    pub fn setting_words(&self) -> Msg {
        Msg::new(self.setting)
    }

    /// The key of its length among the stored settings (`vote_s`).
    pub fn key(&self) -> String {
        format!("{}_s", self.name)
    }

    /// The window named `name`, of whichever game declares it.
    pub fn named(name: &str) -> Option<&'static TimedWindow> {
        timed_windows().map(|(_, w)| w).find(|w| w.name == name)
    }
}

/// Two windows are the same window when they have the same name (names are
/// unique across the games).
impl PartialEq for TimedWindow {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

impl Eq for TimedWindow {}

/// Written as its name.
impl Serialize for TimedWindow {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name)
    }
}

/// Read back from its name, as some game of the registry declares it.
impl<'de> Deserialize<'de> for &'static TimedWindow {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = String::deserialize(d)?;
        TimedWindow::named(&name).ok_or_else(|| serde::de::Error::custom(format!("no game times a window `{name}`")))
    }
}

/// Every window any game times, with its game, game after game in
/// [`GameKind::ALL`]'s order, each game's in the order it declares them.
pub fn timed_windows() -> impl Iterator<Item = (GameKind, &'static TimedWindow)> {
    GameKind::ALL.into_iter().flat_map(|g| g.windows().iter().map(move |w| (g, w)))
}

/// A colour as `0xRRGGBB`.
pub type Rgb = u32;

/// A game's look: what tells it at a glance on the picker and in the top
/// bar (see "Identity and boards" in `docs/design.md`). The colour never
/// tells the game alone: the emblem and the title are always beside it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Look {
    /// The game's colour: its emblem, its tile's border, its name in the
    /// top bar. At least 4.5:1 on its ground and on the screen's surface.
    pub colour: Rgb,
    /// The dark ground of its tile, under the screen's text.
    pub ground: Rgb,
    /// Its emblem: an SVG drawn in one colour and tinted by the screen
    /// (`0 0 48 48`, a shield and the game's motif: `docs/design.md`).
    pub emblem: &'static [u8],
    /// Its title where the full one would not fit or is not needed
    /// (`Avalon`); the same in every language, like the title.
    pub short_title: &'static str,
}

impl Look {
    /// The look of a game not playable yet: dim, on the surface, without
    /// an emblem.
    pub const fn coming(title: &'static str) -> Look {
        Look { colour: 0xb9b2c4, ground: 0x221f2a, emblem: &[], short_title: title }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Lang;
    use std::collections::BTreeSet;

    #[test]
    fn every_window_has_its_own_name_a_default_in_range_and_its_words_in_every_language() {
        let mut names = BTreeSet::new();
        for (game, w) in timed_windows() {
            assert!(names.insert(w.name), "{game:?}: a second window named `{}`", w.name);
            assert!(w.name.chars().all(|c| c.is_ascii_lowercase() || c == '_'), "{game:?}: `{}`", w.name);
            assert!(w.default_s <= w.max_s && w.max_s > 0, "{game:?}: `{}` {}..{}", w.name, w.default_s, w.max_s);
            assert_eq!(TimedWindow::named(w.name), Some(w));
            for lang in Lang::ALL {
                for words in [w.countdown_words(), w.setting_words()] {
                    let said = lang.text(&words);
                    assert!(!said.is_empty() && said != words.id, "{game:?}, {lang:?}: no words for {}", words.id);
                }
            }
        }
        let avalon: Vec<&str> = GameKind::Avalon.windows().iter().map(|w| w.name).collect();
        assert_eq!(avalon, ["discussion", "vote", "mission"]);
        assert_eq!(GameKind::Nottingham.windows().iter().map(|w| w.name).collect::<Vec<_>>(), ["ambush"]);
        assert_eq!(TimedWindow::named("siege"), None);
    }

    #[test]
    fn a_window_is_stored_by_its_name_and_read_back_as_its_games() {
        let vote = TimedWindow::named("vote").unwrap();
        assert_eq!(serde_json::to_value(vote).unwrap(), serde_json::json!("vote"));
        let back: &'static TimedWindow = serde_json::from_value(serde_json::json!("ambush")).unwrap();
        assert_eq!(back.default_s, 20);
        assert!(serde_json::from_value::<&'static TimedWindow>(serde_json::json!("siege")).is_err());
    }

    #[test]
    fn every_game_has_a_look_of_its_own() {
        let playable: Vec<(GameKind, Look)> =
            GameKind::ALL.into_iter().filter(|g| g.is_playable()).map(|g| (g, g.look())).collect();
        for (i, (game, look)) in playable.iter().enumerate() {
            let svg = std::str::from_utf8(look.emblem).expect("an SVG is text");
            assert!(svg.contains("<svg") && svg.contains("viewBox=\"0 0 48 48\""), "{game:?}'s emblem");
            assert!(!look.short_title.is_empty() && game.title().contains(look.short_title), "{game:?}");
            for (other, theirs) in &playable[i + 1..] {
                assert_ne!(look.colour, theirs.colour, "{game:?} and {other:?} share a colour");
                assert_ne!(look.ground, theirs.ground, "{game:?} and {other:?} share a ground");
                assert_ne!(look.emblem, theirs.emblem, "{game:?} and {other:?} share an emblem");
                assert_ne!(look.short_title, theirs.short_title, "{game:?} and {other:?}");
            }
        }
        assert_eq!(GameKind::Avalon.look().short_title, "Avalon");
    }
}
