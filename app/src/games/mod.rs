//! Pure rules engines, one module per game, on one shared shape.
//!
//! # The shape
//!
//! Every game is a state machine implementing [`Game`]:
//!
//! 1. [`Game::decide`] looks at the current state and a [`Game::Command`] (a
//!    touch on the screen, a button on the pad, a scanned card) and returns the
//!    [`Game::Event`]s that follow from it, or a [`RuleError`] telling the
//!    players, in their language, why the command is not allowed. `decide`
//!    never changes the state.
//! 2. [`Game::apply`] folds one event into the state. It cannot fail: every
//!    check happened in `decide`.
//! 3. Randomness (a first leader drawn by lot, a shuffled deck, a die) is drawn
//!    in `decide` from the [`GameRng`] it is handed and written into the event,
//!    so replaying the events never needs the RNG again.
//! 4. [`Game::view`] is the public view: what the screen, the narrator and the
//!    logs may know. Secret state (roles, mission cards) lives in the state and
//!    never reaches the view before the rules reveal it. Events that carry
//!    secrets say so through [`GameEvent::redacted`], and events that must not
//!    even be journaled (a single mission card tied to its seat) through
//!    [`GameEvent::is_transient`].
//!
//! A game starts from `Default::default()` (an empty table) and everything
//! after that, setup included, is an event. Resume is replay; undo is replay of
//! all but the last accepted command's events.
//!
//! # Building blocks
//!
//! [`core`] holds what several games share: seats, secret ballots (team votes,
//! mission cards, tournament bids), counters and tracks, turn orders that
//! change (tents), dice as events. [`error`] holds the typed [`RuleError`] and
//! its Italian and English wording.
//!
//! # Adding a game
//!
//! 1. Create `games/<name>/mod.rs` with the state (`Default + Clone + Serialize
//!    + Deserialize + PartialEq`), the command and event enums and the public
//!    view, and implement [`Game`] for the state.
//! 2. Add the game's error enum as a variant of [`RuleError`] and give it words
//!    in [`error`].
//! 3. Add the game to [`GameKind`] and to the dispatch in
//!    [`crate::table::AnyGame`], so the table session can route pad presses,
//!    tags and touches to it.
//! 4. Implement [`testkit::Fuzz`] and add the game to the property tests in
//!    `tests/tests/properties.rs` (random command sequences, invariants,
//!    replay, serde round trip).

pub mod avalon;
pub mod core;
pub mod error;
pub mod soc;
pub mod testkit;

pub use self::core::{GameRng, Seat};
pub use self::error::{CommonError, RuleError};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::Debug;

/// The languages Tavola speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// Italiano.
    #[default]
    It,
    /// English.
    En,
}

impl Lang {
    /// Both languages, in the order the settings screen lists them.
    pub const ALL: [Lang; 2] = [Lang::It, Lang::En];

    /// The ISO 639-1 code (`it`, `en`).
    pub fn code(self) -> &'static str {
        match self {
            Lang::It => "it",
            Lang::En => "en",
        }
    }

    /// Parses `it`/`en` (also `it_IT.UTF-8` and similar locale strings).
    pub fn from_code(code: &str) -> Option<Lang> {
        let c = code.get(..2)?.to_ascii_lowercase();
        match c.as_str() {
            "it" => Some(Lang::It),
            "en" => Some(Lang::En),
            _ => None,
        }
    }

    /// Picks the Italian or the English of a pair.
    pub fn pick<'a>(self, it: &'a str, en: &'a str) -> &'a str {
        match self {
            Lang::It => it,
            Lang::En => en,
        }
    }
}

/// `it` or `en` (as [`Lang::from_code`]), for `--lang` on the command line.
impl std::str::FromStr for Lang {
    type Err = String;

    fn from_str(s: &str) -> Result<Lang, String> {
        Lang::from_code(s).ok_or_else(|| format!("unknown language '{s}': use it or en"))
    }
}

/// Something that can be said to the players in either language.
pub trait Localize {
    /// The text in `lang`.
    fn text(&self, lang: Lang) -> String;
}

/// The five games Tavola knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameKind {
    /// The Resistance: Avalon.
    Avalon,
    /// Shadows over Camelot.
    ShadowsOverCamelot,
    /// Camelot Legends.
    CamelotLegends,
    /// Nottingham.
    Nottingham,
    /// King Arthur's Knights.
    KingArthursKnights,
}

impl GameKind {
    /// All games, in the order the picker shows them.
    pub const ALL: [GameKind; 5] = [
        GameKind::Avalon,
        GameKind::ShadowsOverCamelot,
        GameKind::CamelotLegends,
        GameKind::Nottingham,
        GameKind::KingArthursKnights,
    ];

    /// The prefix of this game's card ids in the catalog (`avalon/role/merlin`).
    pub fn card_prefix(self) -> &'static str {
        match self {
            GameKind::Avalon => "avalon",
            GameKind::ShadowsOverCamelot => "soc",
            GameKind::CamelotLegends => "legends",
            GameKind::Nottingham => "nottingham",
            GameKind::KingArthursKnights => "kak",
        }
    }

    /// Whether Tavola can run this game yet.
    pub fn is_playable(self) -> bool {
        matches!(self, GameKind::Avalon | GameKind::ShadowsOverCamelot)
    }

    /// The game's title (titles are the same in both languages).
    pub fn title(self) -> &'static str {
        match self {
            GameKind::Avalon => "The Resistance: Avalon",
            GameKind::ShadowsOverCamelot => "Shadows over Camelot",
            GameKind::CamelotLegends => "Camelot Legends",
            GameKind::Nottingham => "Nottingham",
            GameKind::KingArthursKnights => "King Arthur's Knights",
        }
    }

    /// The game a card id belongs to, from its prefix.
    pub fn of_card(card: &str) -> Option<GameKind> {
        let prefix = card.split('/').next()?;
        GameKind::ALL.into_iter().find(|g| g.card_prefix() == prefix)
    }
}

/// What every event type offers the table around the engine.
pub trait GameEvent: Clone + Debug + Serialize + DeserializeOwned + PartialEq {
    /// The event as the screen, the narrator, the logs and the headless
    /// driver's output may see it: secrets blanked out, or `None` when the
    /// event is wholly secret.
    fn redacted(&self) -> Option<Self>;

    /// True for events that must never be stored: they are applied to the
    /// state in memory and dropped. Replaying the stored events still lands in
    /// a consistent state (the rules engine is built so), only without the
    /// in-flight secret inputs, which the players then give again.
    fn is_transient(&self) -> bool {
        false
    }

    /// True when the command that produced this event can no longer be taken
    /// back: a secret input was given or revealed (a vote, mission cards),
    /// or the game ended. A misread card or a wrong team pick can be undone.
    fn blocks_undo(&self) -> bool {
        false
    }
}

/// A narration cue: a line id and its parameters. The narrator turns cues
/// into words in the active language and, later, into sound.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cue {
    /// Stable id of the line (`avalon.night.evil_open`).
    pub id: String,
    /// Values spoken inside the line (names, numbers).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub params: Vec<String>,
    /// Silence after the line, in milliseconds, before the next one.
    #[serde(default)]
    pub pause_ms: u32,
    /// The line cuts short whatever is still being said or queued (the host
    /// ended the night while the script was still being read).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub interrupt: bool,
}

impl Cue {
    /// A cue without parameters or pause.
    pub fn new(id: impl Into<String>) -> Self {
        Cue { id: id.into(), params: Vec::new(), pause_ms: 0, interrupt: false }
    }

    /// Adds a parameter.
    pub fn with(mut self, param: impl ToString) -> Self {
        self.params.push(param.to_string());
        self
    }

    /// Makes the line cut short what is still queued before it.
    pub fn interrupting(mut self) -> Self {
        self.interrupt = true;
        self
    }

    /// Sets the pause after the line.
    pub fn pause(mut self, ms: u32) -> Self {
        self.pause_ms = ms;
        self
    }
}

/// One rules engine. See the module documentation for the shape.
pub trait Game: Default + Clone + Debug + PartialEq + Serialize + DeserializeOwned {
    /// What the players can ask for.
    type Command: Clone + Debug + Serialize + DeserializeOwned;
    /// What happened.
    type Event: GameEvent;
    /// What everybody may see.
    type View: Clone + Debug + Serialize;

    /// Which game this is.
    const KIND: GameKind;

    /// Validates `command` against the state and returns its events.
    fn decide(&self, command: &Self::Command, rng: &mut GameRng) -> Result<Vec<Self::Event>, RuleError>;

    /// Folds one event into the state. Never fails.
    fn apply(&mut self, event: &Self::Event);

    /// The public view.
    fn view(&self) -> Self::View;

    /// Narration cues for an event that was just applied (`self` is the state
    /// after it). Cues never reveal more than the view.
    fn cues(&self, event: &Self::Event) -> Vec<Cue>;

    /// Checks the state's invariants; `Err` names the broken one. Used after
    /// every event by the property tests and on resume.
    fn check_invariants(&self) -> Result<(), String>;

    /// True once the game has a winner.
    fn is_over(&self) -> bool;

    /// Applies a whole history to a fresh state.
    fn replay<'a>(events: impl IntoIterator<Item = &'a Self::Event>) -> Self
    where
        Self::Event: 'a,
    {
        let mut state = Self::default();
        for e in events {
            state.apply(e);
        }
        state
    }

    /// `decide` then `apply`: the events are returned for the journal.
    fn execute(&mut self, command: &Self::Command, rng: &mut GameRng) -> Result<Vec<Self::Event>, RuleError> {
        let events = self.decide(command, rng)?;
        for e in &events {
            self.apply(e);
        }
        Ok(events)
    }
}
