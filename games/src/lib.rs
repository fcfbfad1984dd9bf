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
//!    in `decide` from the [`Ctx`] it is handed (the random numbers and the
//!    cards) and written into the event, so replaying the events never needs
//!    the RNG again.
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
//! change (tents), dice as events. [`error`] holds the typed [`RuleError`];
//! its words, like every name the engines say (roles, quests, knights) and
//! the narrator's lines for their [`Cue`]s, are messages in the catalogs of
//! `tavola-words` (`words/lang/<code>/LC_MESSAGES/tavola.po`).
//!
//! # Adding a game
//!
//! A game is a module here with its engine (its errors implement
//! [`GameError`] and [`Said`], their messages `<game id>.<code>` and its
//! cues' lines `narration.<cue id>` in every catalog), and one line in
//! [`games!`] (`registry.rs`); `docs/adding-a-game.md` in the project is the
//! checklist. The engine answers [`Game::legal`] (the commands the rules
//! accept now, from the same checks `decide` makes): the screens offer what
//! it lists and the fuzzers draw from it.

pub mod catalog;
pub mod core;
pub mod declared;
pub mod error;
pub mod facts;
pub mod registry;
pub mod reveal;
pub mod setup;
pub mod summary;
pub mod teach;
#[cfg(any(test, feature = "testkit"))]
pub mod testkit;

/// Declares each engine's module, `<module>/mod.rs`, from the list of
/// games ([`games!`]).
macro_rules! engines {
    ($($module:ident::$Engine:ident)*) => {
        $(pub mod $module;)*
    };
}
crate::games!(@modules engines);

pub use self::catalog::Catalog;

/// The most letters a player's name may have: what a seat's place on the
/// smallest screen (7", 800×480) shows whole.
pub const MAX_NAME_CHARS: usize = 24;
pub use self::core::{GameRng, Seat};
pub use self::declared::{timed_windows, Look, Rgb, TimedWindow};
pub use self::error::{CommonError, RuleError};
pub use self::facts::{FactBook, FactKind};
pub use self::registry::{AnyCommand, AnyEvent, AnyGame, AnyView, GameKind, Registered, ReplayError};
pub use self::reveal::{Private, Reveal, RevealItem, RevealKind};
pub use self::setup::{SetupAnswers, SetupSpec};
pub use self::summary::{Named, Number, SeatPart, Summary};
pub use self::teach::{Lesson, Lessons, Step, WhatNow};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Debug;
pub use tavola_words::{Arg, Msg, Said};

/// The languages Tavola speaks (the message catalogs' crate).
pub use tavola_words::Lang;

/// What a game's screens may see of its engine beyond the view: what the
/// game was set up with, all of it public (Shadows over Camelot's rules in
/// force, Avalon's setup to seat the players again), or nothing (`()`).
/// Each engine answers it beside its rules; the table's `Sight` is the one
/// place that asks, so no screen holds the engine.
pub trait Public: Game + 'static {
    /// What the screens see.
    type Public<'a>: Debug
    where
        Self: 'a;

    /// What the screens see of this game.
    fn public(&self) -> Self::Public<'_>;
}

/// What every event type offers the table around the engine.
pub trait GameEvent: Clone + Debug + Serialize + DeserializeOwned + PartialEq {
    /// The event as the screen, the narrator, the logs and the headless
    /// driver's output may see it: secrets blanked out, or `None` when the
    /// event is wholly secret.
    fn redacted(&self) -> Option<Self>;

    /// True for secret inputs that must never join the stored history (a
    /// mission card, with who played it). The table keeps them apart, just
    /// as durable, until the event that reveals them
    /// ([`GameEvent::reveals_secrets`]), then erases them: replaying the
    /// history and then the secrets still held lands where the game was.
    fn is_transient(&self) -> bool {
        false
    }

    /// True for the event that reveals the secret inputs held so far (a
    /// mission's tally): the table keeps transient events durable until
    /// then, and erases them once this event is stored.
    fn reveals_secrets(&self) -> bool {
        false
    }

    /// True when the command that produced this event can no longer be taken
    /// back: a secret input was given or revealed (a vote, mission cards),
    /// or the game ended. A misread card or a wrong team pick can be undone.
    fn blocks_undo(&self) -> bool {
        false
    }
}

/// A narration cue: a line id and its named arguments. The narrator turns
/// cues into words in the active language (the catalogs' message
/// `narration.<id>`) and, later, into sound.
///
/// Serialized as `{"id": "soc.knight.life", "args": {"name": "Anna",
/// "count": 3}, "pause_ms": 0}` (`args` left out when empty); a card's
/// argument is `{"card": "<card id>"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cue {
    /// Stable id of the line (`avalon.night.evil_open`).
    pub id: String,
    /// Values spoken inside the line (names, numbers, quests, cards), by the
    /// names of the message's `{…}` parameters.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub args: BTreeMap<String, CueArg>,
    /// Silence after the line, in milliseconds, before the next one.
    #[serde(default)]
    pub pause_ms: u32,
    /// The line cuts short whatever is still being said or queued (the host
    /// ended the night while the script was still being read).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub interrupt: bool,
    /// A short sound played just before the line (a drum for a card turned
    /// over, a chime for the votes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sound: Option<Sound>,
}

/// A short sound the narrator plays before a line: made by Tavola's own
/// code, never a downloaded sample.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Sound {
    /// A bell's chime: votes are turned over.
    Chime,
    /// A drum's beat: a card is turned over.
    Drum,
}

impl Sound {
    /// Every sound.
    pub const ALL: [Sound; 2] = [Sound::Chime, Sound::Drum];

    /// Its id in a voice pack's manifest (`sound.drum`); its file is the
    /// id with `.wav`.
    pub fn id(self) -> &'static str {
        match self {
            Sound::Chime => "sound.chime",
            Sound::Drum => "sound.drum",
        }
    }

    /// The sound whose manifest id is `id`.
    pub fn from_id(id: &str) -> Option<Sound> {
        Sound::ALL.into_iter().find(|s| s.id() == id)
    }
}

/// Where a game stands, as the table needs to know it (whether leaving
/// loses anything).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// Nothing set up yet: the game's setup page.
    Setup,
    /// Set up and not over.
    Playing,
    /// Over ([`Game::is_over`]).
    Over,
}

/// A value inside a cue's line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum CueArg {
    /// A card, named by the card catalog in the listener's language.
    Card {
        /// The card's id (`soc/black/morgan`).
        card: String,
    },
    /// A number, a text as it is (a player's name) or a nested message (a
    /// quest's name).
    Say(Arg),
}

impl Cue {
    /// A cue without arguments or pause.
    pub fn new(id: impl Into<String>) -> Self {
        Cue { id: id.into(), args: BTreeMap::new(), pause_ms: 0, interrupt: false, sound: None }
    }

    /// Plays `sound` just before the line.
    pub fn sound(mut self, sound: Sound) -> Self {
        self.sound = Some(sound);
        self
    }

    /// Adds an argument: `name` is the parameter's name in the message.
    pub fn arg(mut self, name: &str, value: impl Into<Arg>) -> Self {
        self.args.insert(name.to_string(), CueArg::Say(value.into()));
        self
    }

    /// Adds a card, said by its name.
    pub fn card(mut self, name: &str, card: impl Into<String>) -> Self {
        self.args.insert(name.to_string(), CueArg::Card { card: card.into() });
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

/// What a rules engine may consult while it decides, handed in by the
/// caller: the seeded randomness and the cards. Nothing else reaches an
/// engine (no clock, no files, no global).
#[derive(Debug, Clone)]
pub struct Ctx<'a> {
    /// The game's random numbers; whatever is drawn ends up in events.
    pub rng: GameRng,
    /// The cards the table knows (ids, kinds and the facts printed on them).
    pub cards: &'a Catalog,
    /// The owner's card facts known now (see [`facts`]): a setup copies
    /// the ones its game uses into its event.
    pub facts: &'a FactBook,
}

impl<'a> Ctx<'a> {
    /// A context with these random numbers and cards.
    pub fn new(rng: GameRng, cards: &'a Catalog) -> Self {
        Ctx { rng, cards, facts: &facts::NO_FACTS }
    }

    /// The same context, knowing these card facts.
    pub fn with_facts(self, facts: &'a FactBook) -> Self {
        Ctx { facts, ..self }
    }
}

impl Ctx<'static> {
    /// Seeded random numbers and the cards that ship with Tavola: the usual
    /// context of tests, benchmarks and the headless driver.
    pub fn seeded(seed: u64) -> Self {
        Ctx::new(GameRng::seeded(seed), Catalog::builtin())
    }
}

impl std::ops::Deref for Ctx<'_> {
    type Target = GameRng;
    fn deref(&self) -> &GameRng {
        &self.rng
    }
}

impl std::ops::DerefMut for Ctx<'_> {
    fn deref_mut(&mut self) -> &mut GameRng {
        &mut self.rng
    }
}

/// How the narration names a seat's player: `names[seat]` when one was
/// typed, else the message "Seat 3" (`common.seat`), said in the listener's
/// language.
pub fn seat_name(names: &[String], seat: Seat) -> Arg {
    match names.get(seat.index()).map(|n| n.trim()).filter(|n| !n.is_empty()) {
        Some(n) => Arg::Text(n.to_string()),
        None => Arg::Msg(tavola_words::msg!("common.seat", seat = seat.number())),
    }
}

/// How the narration names several seats' players, in order ("Anna, Seat
/// 3, Bruno"): each as [`seat_name`] says it.
pub fn seat_names(names: &[String], seats: &[Seat]) -> Arg {
    let mut said = seats.iter().rev().map(|&s| seat_name(names, s));
    let Some(last) = said.next() else { return Arg::Text(String::new()) };
    said.fold(last, |rest, first| Arg::Msg(tavola_words::msg!("common.list", first, rest)))
}

/// The serde name of a unit variant (`good`, `merlin_survived`): the stable
/// codes of results.
pub fn code<T: Serialize>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(s)) => s,
        _ => String::new(),
    }
}

/// Reads a stored code (`merlin_assassinated`) back into the value it
/// names, if it names one.
pub fn from_code<T: DeserializeOwned>(code: &str) -> Option<T> {
    serde_json::from_value(serde_json::Value::String(code.to_string())).ok()
}

/// A game's own refusals (beside the [`CommonError`]s every game gives).
pub trait GameError: Clone + Debug + PartialEq + Eq + Serialize + DeserializeOwned + Said {
    /// A stable code within the game (`team_size`); [`RuleError::code`]
    /// puts the game's id before it. The message's id is the game's id,
    /// a dot and this code.
    /// By default the serde tag `kind` of the error (`one_exchange`).
    fn code(&self) -> String {
        match serde_json::to_value(self) {
            Ok(v) => v["kind"].as_str().unwrap_or("unknown").to_string(),
            Err(_) => "unknown".into(),
        }
    }

    /// The message, naming a seat by its player where `who` knows the
    /// name (the message's `.named` variant), by its number otherwise.
    fn msg_named(&self, who: &dyn Fn(Seat) -> Option<String>) -> Msg;

    /// The codes of this game's refusals that apply no rule of the game (a
    /// card of the wrong kind on the reader, the owner's card facts typed
    /// wrong, a name too long): each says why beside it. Every other
    /// refusal names the rule it applies, in the message `<game id>.<code>.rule`
    /// (see [`RuleError::rule`]).
    const NOT_RULES: &'static [&'static str];
}

/// What the table waits for at a moment of the game.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Waiting {
    /// The window the table times, with a key naming this moment of the
    /// game (mission 2, third proposal…): a new key starts a new timer.
    pub timer: Option<(&'static TimedWindow, String)>,
    /// The seats asked for a secret answer on the pad, each with whether
    /// it has answered (their lights; never the answer).
    pub pad: Vec<(Seat, bool)>,
}

impl Waiting {
    /// The seats that still owe their answer.
    pub fn missing(&self) -> Vec<Seat> {
        self.pad.iter().filter(|(_, done)| !done).map(|(s, _)| *s).collect()
    }
}

/// How a game ended, as its engine tells it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The winning side or player, as a stable code (`good`, `evil`).
    pub winner: String,
    /// Why the game ended, as a stable code (`merlin_assassinated`).
    pub reason: String,
    /// The seats that won, when Tavola knows who played for the winner.
    pub winners: Option<Vec<Seat>>,
}

/// The words for an ending ([`Game::outcome_words`]): who won and why.
#[derive(Debug, Clone, PartialEq)]
pub struct OutcomeWords {
    /// Who won, as a title ("Good wins", "Camelot stands").
    pub title: Msg,
    /// Why the game ended, one sentence.
    pub reason: Msg,
}

/// One command [`Game::legal`] lists: something the rules accept now.
///
/// Most commands are whole ([`Legal::Exact`]). Two kinds are not:
/// - a command whose acceptance hangs on a secret the engine keeps (the
///   loyalty card dealt to the accused, who the Assassin is) is listed as
///   the table may know it ([`Legal::Secret`]): listing only the accepted
///   ones would tell the secret;
/// - a command with a value the players give that the rules do not narrow
///   to a short list (a card laid on the reader, the fight cards played,
///   the setup) is listed once with placeholders (an empty card id, no
///   cards) and a `P`, the game's own description of what the rules allow
///   in their place ([`Legal::Open`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Legal<C, P> {
    /// This command as it stands: `decide` accepts it.
    Exact(C),
    /// This command as far as the table may know: a secret the engine
    /// keeps may still refuse it.
    Secret(C),
    /// This command once the players give the values `P` describes;
    /// `decide` judges the values given.
    Open(C, P),
}

impl<C, P> Legal<C, P> {
    /// The command (with placeholders where it is open).
    pub fn command(&self) -> &C {
        match self {
            Legal::Exact(c) | Legal::Secret(c) | Legal::Open(c, _) => c,
        }
    }

    /// What an open command leaves to the players.
    pub fn choice(&self) -> Option<&P> {
        match self {
            Legal::Open(_, p) => Some(p),
            _ => None,
        }
    }
}

/// One rules engine. See the module documentation for the shape.
pub trait Game: Default + Clone + Debug + PartialEq + Serialize + DeserializeOwned {
    /// What the players can ask for.
    type Command: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    /// What happened.
    type Event: GameEvent;
    /// What everybody may see.
    type View: Clone + Debug + Serialize;
    /// Why the game's own rules refuse a command.
    type Error: GameError;
    /// What an open command of [`Game::legal`] leaves to the players, and
    /// what the rules allow there (see [`Legal::Open`]).
    type Choice: Clone + Debug + PartialEq;

    /// Which game this is.
    const KIND: GameKind;

    /// Validates `command` against the state and returns its events.
    fn decide(&self, command: &Self::Command, ctx: &mut Ctx<'_>) -> Result<Vec<Self::Event>, RuleError>;

    /// Folds one event into the state. Never fails.
    fn apply(&mut self, event: &Self::Event);

    /// The commands the rules accept now, in the order a screen offers
    /// them: the screens' buttons and the fuzzers are built from this
    /// answer, never from a second copy of a rule. The engine keeps it true:
    /// - every [`Legal::Exact`] command is accepted by `decide`;
    /// - a command of a kind the list does not hold is refused, and so is
    ///   one of a kind listed only whole that is not in the list (but for a
    ///   value the engine ignores, such as a war for a card that joins none);
    /// - the answer reads only what everybody may know: it tells no more
    ///   than the view (see [`Legal::Secret`]).
    ///
    /// The property tests check the first two on random games.
    fn legal(&self) -> Vec<Legal<Self::Command, Self::Choice>>;

    /// Every id [`Game::step`] may answer, each with its explanation
    /// `teach.<id>` and its line `teach.<id>.waiting` in every catalog (see
    /// [`teach`]); the tests hold the catalogs to this list both ways.
    const STEPS: &'static [&'static str];

    /// The moment of the game the state is at, for teaching it (see
    /// [`teach`]): the setup, each phase and step of a turn, the end. Cheap:
    /// a look at the state.
    fn step(&self) -> Step;

    /// The words for one command [`Game::legal`] lists now ("Anna: propose
    /// a team of 3 for mission 2"), naming the player by name where the
    /// game knows it. Commands of one kind that differ only by a value the
    /// players pick (a team, a card) share their words: "What now?" says
    /// each once ([`teach::what_now`]).
    fn move_words(&self, legal: &Legal<Self::Command, Self::Choice>) -> Msg;

    /// The first-game mode's explanations of the cards `event` brought
    /// into play (`self` is the game once it is applied): see [`teach`],
    /// "Cards entering play". Every kind of card the game's catalog holds
    /// has at least one ([`Game::card_lesson_ids`]); no default, so a game
    /// without them does not compile.
    fn cards_entering(&self, event: &Self::Event) -> Vec<Lesson>;

    /// Every card explanation [`Game::cards_entering`] may give, as the
    /// catalog's card kind it explains and its message id: what a voice
    /// pack records, and what the tests hold against the catalog.
    fn card_lesson_ids() -> Vec<(&'static str, String)>;

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

    /// Players at the table (0 before the setup).
    fn players(&self) -> usize;

    /// The name typed for a seat's player at setup, when one was.
    fn player_name(&self, seat: Seat) -> Option<String>;

    /// What a sentence calls a seat's player when the table knows better
    /// than the seat's number: the name typed at setup or, where the game
    /// gives one, the character the player plays (a message, said in the
    /// listener's language).
    fn player_said(&self, seat: Seat) -> Option<Arg> {
        self.player_name(seat).map(Arg::Text)
    }

    /// The command an answer on the secret pad stands for now (`approve`
    /// is the left button: approve, success, bid), if the game asks one.
    fn pad_command(&self, seat: Seat, approve: bool) -> Option<Self::Command>;

    /// The command a card laid on the reader stands for now, or why it is
    /// not wanted (a card of another game, a card out of turn).
    fn card_command(&self, card: &str, cards: &Catalog) -> Result<Self::Command, RuleError>;

    /// The command the roll button stands for now, when the rules wait
    /// for a die; `None` lets the button roll a plain die.
    fn die_command(&self) -> Option<Self::Command>;

    /// The facts each kind of card carries in this game, declared next to
    /// its rules (see [`facts`]); empty for a game that needs none.
    const FACTS: &'static [FactKind] = &[];

    /// The card facts in force in this game (the owner's numbers, copied at
    /// setup or learned since), for the table to keep for the next game;
    /// `None` for a game that uses none.
    fn card_facts(&self) -> Option<FactBook> {
        None
    }

    /// The command that brings `facts` (checked against [`Game::FACTS`],
    /// for cards the game asked for with
    /// [`CommonError::FactsNeeded`]) into the game as an event, so that a
    /// replay never needs the database; `None` for a game that learns none.
    fn learn_command(&self, facts: &FactBook) -> Option<Self::Command> {
        let _ = facts;
        None
    }

    /// The values of `card`'s facts that need no typing, each one the
    /// rules make certain (the engine says where it comes from beside it):
    /// what the card's name or its text in the catalog states and, for a
    /// card this game met (`met_in`: the game in progress asked for it),
    /// what the game played fixes. Its form shows them filled in and
    /// skips them, open to a correction; empty for a game that knows none.
    fn facts_given(card: &str, met_in: Option<&Self>) -> facts::CardFacts {
        let _ = (card, met_in);
        facts::CardFacts::new()
    }

    /// The command the end of the timed window stands for, when the rules
    /// say what happens then (an ambush window closes); `None`: the table
    /// only says who is missing.
    fn timeout_command(&self) -> Option<Self::Command> {
        None
    }

    /// What the table is waiting for now: the window it times (one of
    /// [`Game::WINDOWS`]) and the seats that owe a secret answer on the pad.
    fn waiting(&self) -> Option<Waiting>;

    /// Every window the table may time for this game ([`Game::waiting`]),
    /// with its default length, its range and its words: Settings lists
    /// them, the countdown names them. Empty for a game whose table times
    /// nothing (said in a comment where it is declared).
    const WINDOWS: &'static [TimedWindow];

    /// The game's look: its colour, the ground of its tile, its emblem and
    /// its short title, for the picker, the top bar and every place that
    /// draws the game.
    const LOOK: Look;

    /// How the game ended, once it has.
    fn outcome(&self) -> Option<Outcome>;

    /// The words for an ending, from the codes of its [`Outcome`]: the end
    /// page, the history and the statistics all say these, so that every
    /// ending has one text. `None` for codes this game does not know.
    fn outcome_words(winner: &str, reason: &str) -> Option<OutcomeWords>;

    /// A finished game told in the shape every game shares (sides, who
    /// was what, who won, the numbers worth charting): what the history
    /// and the statistics read. `None` until the game is over, so that it
    /// never tells a secret the rules keep.
    fn summary(&self) -> Option<Summary>;

    /// Where the game stands: no setup yet, under way, or over.
    fn stage(&self) -> Stage {
        if self.is_over() {
            Stage::Over
        } else if self.players() == 0 {
            Stage::Setup
        } else {
            Stage::Playing
        }
    }

    /// The reveal `event` (just applied; `self` is the state after it)
    /// opens: items the table turns one at a time with the narration.
    /// `None` for an event that reveals nothing step by step.
    fn reveal(&self, event: &Self::Event) -> Option<Reveal> {
        let _ = event;
        None
    }

    /// What the covered panel shows now to the one player allowed to look,
    /// if anybody is looking at something.
    fn private(&self) -> Option<Private> {
        None
    }

    /// What `seat`'s player holds that only they may see (the cards the
    /// table dealt them), shown to them when the table hands them the
    /// screen in turn: `None` for a game that deals nothing secret, or for
    /// a seat that holds nothing.
    fn dealt(&self, seat: Seat) -> Option<Private> {
        let _ = seat;
        None
    }

    /// The card facts in an older form Tavola stored them in (the setting
    /// `facts.<game id>` of version 2), read into today's form; `None`
    /// when the game kept none that way or `stored` does not read.
    fn old_facts(stored: &serde_json::Value) -> Option<FactBook> {
        let _ = stored;
        None
    }

    /// The cue id of one of this game's narration messages (its catalog id
    /// without `narration.`), when it is not the message id itself (a `-`
    /// the catalogs write `_`); `None` when they are the same.
    fn cue_id(message: &str) -> Option<String> {
        let _ = message;
        None
    }

    /// What the setup asks, given the answers so far: the players the
    /// rules allow, what each seat chooses, the options (see [`setup`]).
    /// The setup screen is built from it.
    fn setup_spec(answers: &SetupAnswers) -> SetupSpec;

    /// The setup command for these answers (settled within
    /// [`Game::setup_spec`]), or why they form none; `decide` judges it.
    fn setup_command(answers: &SetupAnswers) -> Result<Self::Command, RuleError>;

    /// The players named at setup, one per seat (empty for an unnamed
    /// seat), if `event` is the setup event.
    fn seated_names(event: &Self::Event) -> Option<Vec<String>>;

    /// The setup command of another game for the same table once this one
    /// is over (`names`: the players in their new seats).
    fn next_game(&self, names: Option<Vec<String>>) -> Result<Self::Command, RuleError> {
        let _ = names;
        Err(CommonError::NotNow.into())
    }

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
    fn execute(&mut self, command: &Self::Command, ctx: &mut Ctx<'_>) -> Result<Vec<Self::Event>, RuleError> {
        let events = self.decide(command, ctx)?;
        for e in &events {
            self.apply(e);
        }
        Ok(events)
    }
}
