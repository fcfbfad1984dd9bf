//! The table session: which game is on, the seats, the timers, the
//! narration queue, and the routing of every input (a tag, a pad answer, the
//! roll button, a touch) to the rules engine.
//!
//! The session holds no hardware and reads no clock: the caller passes the
//! time with every call, so the desktop app, the headless driver and the
//! tests drive it the same way.

mod facts;
pub mod reveal;
pub mod runner;
pub mod sight;
pub mod timer;
pub mod words;

use crate::games::{
    AnyCommand, AnyView, Ctx, GameKind, GameRng, Lang, Msg, Registered, ReplayError, RuleError, Seat, Stage,
};
pub use crate::games::{AnyEvent, AnyGame};
use crate::hw::{Light, Millis, PadButton, PadEvent, TagEvent};
use crate::narrator::{self, Line};
pub use facts::{card_title, form as fact_form, FactForm, FactsWait, FormField, FACTS_WAIT};
pub use reveal::{RevealItem, RevealKind, RevealView};
pub use runner::{HwReport, Table};
use serde::{Deserialize, Serialize};
pub use sight::{PrivateLook, Sight};
use tavola_words::msg;
pub use timer::{SavedTimer, Timer, TimerConfig, TimerRequest, TimerView};
pub use words::Notice;

/// Why a stored game could not be taken up. Its `Display` is in English,
/// for logs.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ResumeError {
    /// No unfinished game waits to be taken up.
    #[error("{}", Lang::En.text(&msg!("notice.journal.no_unfinished")))]
    NothingToTakeUp,
    /// No game was chosen, and the history names none.
    #[error("no game was chosen to take up")]
    NoGame,
    /// The history cannot be told again.
    #[error(transparent)]
    Replay(#[from] ReplayError),
}

/// Generates [`Touch`] from the list of games: one touch per playable game,
/// named by the game's id (`{"touch": "<game id>", "cmd": …}`).
macro_rules! touches {
    (
        playable { $( $Kind:ident($Engine:ty) = $id:literal, $title:literal, [$($alias:literal),*]; )* }
        coming { $( $Coming:ident = $cid:literal, $ctitle:literal, [$($calias:literal),*]; )* }
    ) => {
        /// A touch on the screen (or its headless equivalent).
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        #[serde(tag = "touch", rename_all = "snake_case")]
        pub enum Touch {
            /// Open a game's setup from the picker.
            ChooseGame {
                /// The game.
                game: GameKind,
            },
            $(
                #[doc = concat!("A command for ", $title, ".")]
                #[serde(rename = $id $(, alias = $alias)*)]
                $Kind(<$Engine as crate::games::Game>::Command),
            )*
            /// The host gives more time to the running timer.
            ExtendTimer {
                /// Seconds to add.
                seconds: u32,
            },
            /// Change the language.
            SetLang {
                /// The language.
                lang: Lang,
            },
            /// Change the timers (applies from the next timer on).
            SetTimers(TimerConfig),
            /// Control the narration.
            Narration {
                /// What to do.
                control: NarrationControl,
            },
            /// Leave the game and return to the picker. A game in progress
            /// is left only when `confirm` says so (the screen asks first);
            /// it stays saved, to be taken up at the next start.
            Leave {
                /// The host confirmed leaving a game in progress.
                #[serde(default)]
                confirm: bool,
            },
            /// The owner gives the facts printed on a card (a form on
            /// screen): kept for good, and the game goes on if it was
            /// waiting for them.
            SetFacts {
                /// The card's id.
                card: String,
                /// Its facts, by field.
                facts: crate::games::facts::CardFacts,
            },
            /// A deck file's text: checked whole, and what importing it would
            /// change is shown; nothing changes before [`Touch::ConfirmImport`].
            ImportDeck {
                /// The file's text.
                deck: String,
            },
            /// The deck file read last is imported.
            ConfirmImport,
            /// Settings → Card facts: while `game` is set, a card of that
            /// game laid on the reader opens its form (`None`: cards go to the
            /// game again).
            FactsEntry {
                /// The game whose cards are being entered.
                #[serde(default)]
                game: Option<GameKind>,
            },
            /// Opens a card's form (a card picked from the list), or closes
            /// the one open (`None`); a game waiting for facts is told they
            /// will not come now, and the card can be laid again later.
            OpenFacts {
                /// The card.
                #[serde(default)]
                card: Option<String>,
            },
            /// The host takes back the last action (after confirming on screen).
            Undo,
            /// The host brings back the action just taken back.
            Redo,
            /// The host skips the reveal under way (a mission's cards turned
            /// one by one, the characters named at the end): everything is
            /// shown at once and the narrator goes straight to the result.
            SkipReveal,
            /// The player a private reveal is for touches the covered panel: the
            /// table answers with an [`Output::Private`] for that panel only.
            Peek,
            /// Another game of the same kind with the same players and setup, once
            /// this one is over; `names` reseats the players (by default everyone
            /// keeps their seat).
            PlayAgain {
                /// The players' names in their new seats.
                #[serde(default)]
                names: Option<Vec<String>>,
            },
        }

        impl Touch {
            /// A game's own command goes to its engine, the rest to the table.
            fn route(self) -> Routed {
                match self {
                    $(Touch::$Kind(c) => Routed::Game(AnyCommand::$Kind(c)),)*
                    other => Routed::Table(other),
                }
            }
        }
    };
}

crate::games::games!(touches);

/// Where a touch goes.
enum Routed {
    /// A command for the game's engine.
    Game(AnyCommand),
    /// Something the table does itself.
    Table(Touch),
}

/// The host's controls over the narration.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case")]
pub enum NarrationControl {
    /// Stop after the current line.
    Pause,
    /// Go on.
    Resume,
    /// Say the last line again.
    Repeat,
    /// Go to the next line.
    Skip,
    /// Factor on the pauses between lines (0.5 to 2.5; 1 is normal).
    Pace {
        /// The factor.
        factor: f32,
    },
    /// Speaker volume, 0 to 100.
    Volume {
        /// The volume.
        percent: u8,
    },
}

/// Anything the table can receive.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Input {
    /// From the reader.
    Tag(TagEvent),
    /// From the pad.
    Pad(PadEvent),
    /// The roll button.
    Roll {
        /// Faces of the die to roll.
        sides: u8,
    },
    /// From the screen.
    Touch(Touch),
}

/// Anything the table says back.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "out", rename_all = "snake_case")]
pub enum Output {
    /// A game event, in its public form.
    Event {
        /// The game.
        game: GameKind,
        /// The event.
        event: serde_json::Value,
    },
    /// A narration line.
    Line(Line),
    /// A command refused by the rules.
    Error {
        /// Stable code (the game's id, a dot and the rule's code: `<game id>.team_size`).
        code: String,
        /// The players' words.
        message: String,
        /// The rule the refusal applies, in the players' words (the
        /// rulebook's section named where it helps); absent for a refusal
        /// that applies no rule (a card of another game, a name too long).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rule: Option<String>,
    },
    /// A die rolled on the roll button.
    Roll {
        /// Faces.
        sides: u8,
        /// The face rolled.
        value: u8,
    },
    /// What the covered panel shows to the one player allowed to look
    /// (never part of the public view, the events or the narration).
    Private {
        /// The game.
        game: GameKind,
        /// Who may look.
        seat: Seat,
        /// The players' words.
        message: String,
        /// What is shown, as data.
        reveal: serde_json::Value,
    },
    /// The game needs the facts printed on these cards before it can go
    /// on: a form for each (see [`Touch::SetFacts`]).
    FactsNeeded {
        /// The game.
        game: GameKind,
        /// The cards, each with its fields and their ranges.
        cards: Vec<FactForm>,
    },
    /// What importing a deck file would change (see [`Touch::ConfirmImport`]).
    DeckPreview {
        /// The deck's game.
        game: GameKind,
        /// The cards it adds or changes.
        changes: Vec<crate::deck::Change>,
    },
    /// Something the table should know (pad, tags, timers, hardware).
    Notice {
        /// Stable code (`table.stuck`).
        code: String,
        /// The players' words.
        message: String,
    },
}

/// Where accepted events go before the table shows them: the journal on
/// disk, so that an input acknowledged on screen survives a power cut.
///
/// An error is said to the players in their language ([`Notice::NotSaved`]).
pub trait Store {
    /// Stores the events of one accepted command; returns only once they
    /// are safe. An error leaves the game as it was.
    fn append(&mut self, kind: GameKind, events: &[AnyEvent]) -> Result<(), Msg>;
    /// The game has ended; `history` is everything stored for it.
    fn finish(&mut self, history: &[AnyEvent]) -> Result<(), Msg>;
    /// A command taken after the game's end (the points its count waited
    /// for): stored with the game just finished, whose result is now the
    /// one `history` (everything stored for it, these events included)
    /// gives.
    fn amend(&mut self, kind: GameKind, events: &[AnyEvent], history: &[AnyEvent]) -> Result<(), Msg> {
        let _ = history;
        self.append(kind, events)
    }
    /// The game is left before its end.
    fn discard(&mut self) -> Result<(), Msg>;
    /// The table stops storing into the game without closing it: it stays
    /// open, to be taken up at the next start.
    fn detach(&mut self);
    /// Keeps a secret input's events (transient ones) until their reveal.
    fn stash_secret(&mut self, events: &[AnyEvent]) -> Result<(), Msg>;
    /// The secret inputs were revealed: erase them, leaving no trace.
    fn clear_secrets(&mut self) -> Result<(), Msg>;
    /// Records that the last command in effect was taken back.
    fn undo(&mut self) -> Result<(), Msg>;
    /// Records that the last command taken back is in effect again.
    fn redo(&mut self) -> Result<(), Msg>;
    /// Remembers a setting (language, timers) for the next start.
    fn remember(&mut self, key: &str, value: &serde_json::Value) -> Result<(), Msg>;
    /// Keeps the owner's card facts (checked already) for good. An error:
    /// nothing was kept. `Ok(Some(why))`: kept, but the deck file beside
    /// the database could not be written (the next start writes it).
    fn keep_facts(&mut self, facts: &crate::games::FactBook) -> Result<Option<Msg>, Msg>;
}

/// Everything the screen shows.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TableView {
    /// The language.
    pub lang: Lang,
    /// The game chosen, if any.
    pub game: Option<GameKind>,
    /// The game's public view, under the game's id (`"<game id>": {…}`).
    #[serde(flatten)]
    pub game_view: Option<AnyView>,
    /// The running timer.
    pub timer: Option<TimerView>,
    /// The line being narrated now.
    pub subtitle: Option<Line>,
    /// The line being narrated is an explanation's (a first game's, "What
    /// now?"), not the game's. Not part of the protocol's view.
    #[serde(skip)]
    pub explaining: bool,
    /// Lines still to come.
    pub queued_lines: usize,
    /// The host paused the narration.
    pub narration_paused: bool,
    /// Factor on the pauses between lines.
    pub pace: f32,
    /// Speaker volume, 0 to 100.
    pub volume: u8,
    /// Every seat's light.
    pub lights: Vec<Light>,
    /// The last message for the players (an error or a notice).
    pub message: Option<String>,
    /// The rule that message applies, when it is a refusal that applies
    /// one (see [`Output::Error`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message_rule: Option<String>,
    /// The timer settings.
    pub timers: TimerConfig,
    /// The card whose facts the table asks for now (the game waits for
    /// them, or the owner chose the card in Settings), with its form.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub facts_form: Option<FactForm>,
    /// True when the game waits for that card's facts.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub facts_block_game: bool,
    /// A reveal under way: what has been turned over so far.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reveal: Option<RevealView>,
    /// Where the game chosen stands (`None`: no game chosen): whether
    /// leaving it loses anything. Not part of the protocol's view.
    #[serde(skip)]
    pub stage: Option<Stage>,
}

impl TableView {
    /// The public view of the game on, if it is a `G`.
    pub fn game<G: Registered>(&self) -> Option<&G::View> {
        self.game_view.as_ref()?.get::<G>()
    }
}

/// How long presses are ignored when one secret input gives way to the
/// next (the revealed votes are shown before the mission opens).
pub const PAD_QUIET_MS: Millis = 2_000;

/// The table session.
pub struct Session {
    lang: Lang,
    timers: TimerConfig,
    /// The engines' random numbers and the cards they read.
    ctx: Ctx<'static>,
    game: Option<AnyGame>,
    history: Vec<AnyEvent>,
    timer: Option<Timer>,
    speech: narrator::Queue,
    message: Option<String>,
    /// The rule of the last refusal, with the message it came with: it
    /// stands while that message does.
    rule: Option<(String, String)>,
    now: Millis,
    /// Tags that carry no card id, known by their UID (learned by the owner).
    learned: std::collections::BTreeMap<String, String>,
    /// The owner's card facts, every game's (kept in the journal's
    /// database): a setup copies what its game uses.
    facts: crate::games::FactBook,
    /// A command the game could not take without card facts nobody has
    /// given yet, with the cards asked for: taken again once they are.
    awaiting_facts: Option<(AnyCommand, Vec<String>)>,
    /// A deck file read and checked, waiting for the host's confirmation.
    pending_deck: Option<crate::games::FactBook>,
    /// Entering a game's card facts from Settings: a card of that game laid
    /// on the reader opens its form instead of going to the game.
    facts_entry: Option<GameKind>,
    /// The card whose form the owner opened (laid or picked).
    facts_open: Option<String>,
    store: Option<Box<dyn Store>>,
    /// How many of `history`'s events each command in effect produced.
    commands: Vec<usize>,
    /// Commands taken back, most recent last, for redo.
    undone: Vec<Vec<AnyEvent>>,
    /// The timer found stored when the game was taken up.
    saved_timer: Option<SavedTimer>,
    /// The secret input the pad answers now (its window's key), and until
    /// when presses are ignored after one window gave way to another (a
    /// second press on the vote must not become a mission card).
    pad_window: Option<String>,
    pad_quiet_until: Millis,
    /// When the running timer was last stored.
    timer_saved_at: Millis,
    volume: u8,
    /// A reveal under way, step by step with the narration.
    reveal: Option<reveal::Staged>,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("lang", &self.lang)
            .field("game", &self.game)
            .field("history", &self.history.len())
            .field("stored", &self.store.is_some())
            .finish_non_exhaustive()
    }
}

impl Session {
    /// A session with the given language, timers and random seed.
    pub fn new(lang: Lang, timers: TimerConfig, rng: GameRng) -> Self {
        Session {
            lang,
            timers,
            ctx: Ctx::new(rng, crate::catalog::Catalog::builtin()),
            game: None,
            history: Vec::new(),
            timer: None,
            speech: narrator::Queue::new(),
            message: None,
            rule: None,
            now: 0,
            learned: Default::default(),
            facts: Default::default(),
            awaiting_facts: None,
            pending_deck: None,
            facts_entry: None,
            facts_open: None,
            store: None,
            commands: Vec::new(),
            undone: Vec::new(),
            saved_timer: None,
            pad_window: None,
            pad_quiet_until: 0,
            timer_saved_at: 0,
            volume: 80,
            reveal: None,
        }
    }

    /// Stores every accepted command's events in `store` before showing them.
    pub fn set_store(&mut self, store: Box<dyn Store>) {
        self.store = Some(store);
    }

    /// Takes up a game where it was left: `commands` are the stored
    /// events of each command in effect, `undone` the commands taken back
    /// (for redo), `timer` the timer stored when the game stopped. The events
    /// are replayed; a window that was open reopens with the time that
    /// remained.
    pub fn resume(
        &mut self,
        now: Millis,
        commands: Vec<Vec<AnyEvent>>,
        undone: Vec<Vec<AnyEvent>>,
        secrets: Vec<AnyEvent>,
        timer: Option<SavedTimer>,
    ) -> Result<(), ResumeError> {
        let history: Vec<AnyEvent> = commands.iter().flatten().cloned().collect();
        let kind = self.game.as_ref().map(AnyGame::kind).or(history.first().map(AnyEvent::kind));
        let kind = kind.ok_or(ResumeError::NoGame)?;
        let mut game = AnyGame::replay(kind, &history)?;
        // The secret inputs given before the power cut, not revealed yet.
        for e in &secrets {
            game.apply(e)?;
        }
        // Where the table stands: who has answered on the pad, who not yet.
        let standing = game.waiting().filter(|w| !w.pad.is_empty()).map(|w| {
            let done: Vec<Seat> = w.pad.iter().filter(|(_, d)| *d).map(|(s, _)| *s).collect();
            (done, w.missing())
        });
        self.now = self.now.max(now);
        self.game = Some(game);
        self.commands = commands.iter().map(Vec::len).collect();
        self.history = history;
        self.undone = undone;
        self.timer = None;
        self.speech.clear();
        // A game taken up shows where it stands: nothing is turned again.
        self.reveal = None;
        self.saved_timer = timer;
        self.sync_timer();
        if let Some((done, missing)) = standing {
            let m = if done.is_empty() {
                msg!("notice.table.resumed_none", missing = self.names(&missing))
            } else {
                msg!("notice.table.resumed_waiting", done = self.names(&done), missing = self.names(&missing))
            };
            self.message = Some(self.lang.text(&m));
        }
        Ok(())
    }

    /// Whether the host can take back / bring back an action now.
    pub fn can_undo_redo(&self) -> (bool, bool) {
        (self.undo_refusal().is_none(), !self.undone.is_empty())
    }

    fn last_command(&self) -> &[AnyEvent] {
        let n = self.commands.last().copied().unwrap_or(0);
        &self.history[self.history.len() - n..]
    }

    fn undo_refusal(&self) -> Option<Notice> {
        if self.commands.is_empty() {
            return Some(Notice::NothingToUndo);
        }
        let secret = self.last_command().iter().any(AnyEvent::blocks_undo);
        secret.then_some(Notice::CannotUndo)
    }

    fn undo(&mut self, out: &mut Vec<Output>) {
        if let Some(n) = self.undo_refusal() {
            return self.notice(n, out);
        }
        if let Some(Err(why)) = self.store.as_mut().map(|s| s.undo()) {
            return self.notice(Notice::NotSaved { why }, out);
        }
        let n = self.commands.pop().unwrap_or(0);
        let taken: Vec<AnyEvent> = self.history.split_off(self.history.len() - n);
        self.undone.push(taken);
        self.after_rebuild(out, Notice::Undone);
    }

    fn redo(&mut self, out: &mut Vec<Output>) {
        let Some(events) = self.undone.last().cloned() else {
            return self.notice(Notice::NothingToRedo, out);
        };
        if let Some(Err(why)) = self.store.as_mut().map(|s| s.redo()) {
            return self.notice(Notice::NotSaved { why }, out);
        }
        self.undone.pop();
        self.commands.push(events.len());
        self.history.extend(events);
        self.after_rebuild(out, Notice::Redone);
    }

    /// The game rebuilt from the history after an undo or a redo.
    fn after_rebuild(&mut self, out: &mut Vec<Output>, said: Notice) {
        let Some(kind) = self.game.as_ref().map(AnyGame::kind) else { return };
        match AnyGame::replay(kind, &self.history) {
            Ok(game) => self.game = Some(game),
            // Never expected: the history was accepted once already.
            Err(why) => {
                let why = msg!("notice.table.history_broken", detail = why.to_string());
                return self.notice(Notice::NotSaved { why }, out);
            }
        }
        self.speech.clear();
        self.reveal = None;
        self.timer = None;
        self.notice(said, out);
    }

    /// The owner's card facts known to the table (every game's).
    pub fn facts(&self) -> &crate::games::FactBook {
        &self.facts
    }

    /// Sets the owner's card facts, as the journal keeps them.
    pub fn set_facts(&mut self, facts: crate::games::FactBook) {
        self.facts = facts;
    }

    /// Sets the tags known by UID (`uid → card id`), as stored by
    /// `tavola tags learn`.
    pub fn set_learned_tags(&mut self, tags: impl IntoIterator<Item = (String, String)>) {
        self.learned = tags.into_iter().collect();
    }

    /// The language.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// The game being played.
    pub fn game(&self) -> Option<&AnyGame> {
        self.game.as_ref()
    }

    /// The engine of the game on, if it is a `G`: what its rules accept now
    /// ([`crate::games::Game::legal`]) builds a screen's buttons.
    pub fn engine<G: Registered>(&self) -> Option<&G> {
        self.game.as_ref()?.get::<G>()
    }

    /// The stored history of the current game (transient events excluded).
    pub fn history(&self) -> &[AnyEvent] {
        &self.history
    }

    /// The screen's view.
    pub fn view(&self) -> TableView {
        let warning = Millis::from(self.timers.warning_s) * 1000;
        TableView {
            lang: self.lang,
            game: self.game.as_ref().map(AnyGame::kind),
            game_view: self.game.as_ref().map(AnyGame::view),
            timer: self.timer.as_ref().map(|t| t.view(self.now, warning)),
            subtitle: self.speech.current().cloned(),
            explaining: self.speech.says_explanation(),
            queued_lines: self.speech.waiting(),
            narration_paused: self.speech.is_paused(),
            pace: self.speech.pace(),
            volume: self.volume,
            lights: self.lights(),
            message: self.message.clone(),
            message_rule: self.rule.as_ref().filter(|(m, _)| self.message.as_ref() == Some(m)).map(|(_, r)| r.clone()),
            timers: self.timers.clone(),
            facts_form: self.facts_form(),
            facts_block_game: self.awaiting_facts.is_some(),
            reveal: self.reveal.as_ref().map(reveal::Staged::view),
            stage: self.game.as_ref().map(AnyGame::stage),
        }
    }

    /// Every seat's light: waiting while an answer is owed, done once given.
    pub fn lights(&self) -> Vec<Light> {
        let Some(game) = &self.game else { return Vec::new() };
        let mut lights = vec![Light::Off; game.players()];
        for (seat, done) in game.waiting().map(|w| w.pad).unwrap_or_default() {
            if let Some(l) = lights.get_mut(seat.index()) {
                *l = if done { Light::Done } else { Light::Waiting };
            }
        }
        lights
    }

    /// Handles one input at time `now`.
    pub fn handle(&mut self, now: Millis, input: Input) -> Vec<Output> {
        let mut out = self.tick(now);
        match input {
            Input::Touch(t) => self.touch(t, &mut out),
            Input::Pad(p) => self.pad(p, &mut out),
            Input::Tag(t) => self.tag(t, &mut out),
            // The dice button throws the game's die when the rules wait for
            // one (a siege fight); otherwise a plain die for the table.
            Input::Roll { sides } => match self.game.as_ref().and_then(AnyGame::die_command) {
                Some(cmd) => self.command(cmd, &mut out),
                None => {
                    let roll = crate::games::core::Roll::of(sides, &mut self.ctx.rng);
                    out.push(Output::Roll { sides: roll.sides, value: roll.value });
                }
            },
        }
        self.sync_pad_window(&mut out);
        self.sync_timer();
        out
    }

    /// When the pad's window gives way to another at once (the vote's
    /// reveal opens the mission), presses are ignored for a moment while
    /// the result is shown, and the table says so.
    fn sync_pad_window(&mut self, out: &mut Vec<Output>) {
        let waiting = self.game.as_ref().and_then(AnyGame::waiting).filter(|w| !w.pad.is_empty());
        let now = waiting.and_then(|w| w.timer).map(|(_, key)| key);
        if now != self.pad_window {
            if self.pad_window.is_some() && now.is_some() {
                self.pad_quiet_until = self.now + PAD_QUIET_MS;
                self.notice(Notice::PadQuiet { seconds: PAD_QUIET_MS / 1000 }, out);
            }
            self.pad_window = now;
        }
    }

    /// When the narration next moves on by itself (a line and its pause
    /// over, the reveal's next step): `None` while it has nothing to do.
    pub fn narration_due(&self) -> Option<Millis> {
        let due = self.speech.next_change(self.now);
        // A reveal goes on as soon as the narrator is idle.
        let idle = due.is_none() && !self.speech.is_paused() && self.speech.waiting() == 0;
        due.or((idle && self.reveal.is_some()).then_some(self.now))
    }

    /// When the running timer next needs a tick (its figure, its warning,
    /// its end, the time left stored): `None` while none runs.
    pub fn timer_due(&self) -> Option<Millis> {
        let timer = self.timer.as_ref()?;
        let next = timer.next_change(self.now)?;
        Some(next.min(self.timer_saved_at + timer::SAVE_EVERY_MS))
    }

    /// The timers' lengths in force.
    pub fn timers(&self) -> &TimerConfig {
        &self.timers
    }

    /// Lets time pass: timers and the narration queue move on.
    pub fn tick(&mut self, now: Millis) -> Vec<Output> {
        self.now = self.now.max(now);
        let mut out = Vec::new();
        self.speech.advance(self.now);
        let warning = Millis::from(self.timers.warning_s) * 1000;
        if self.timer.as_ref().is_some_and(|t| !t.expired) && self.now >= self.timer_saved_at + timer::SAVE_EVERY_MS {
            self.save_timer();
        }
        let signal = self.timer.as_mut().and_then(|t| t.tick(self.now, warning));
        match signal {
            Some(timer::TimerSignal::Warning(s)) => {
                self.say(crate::games::Cue::new("table.timer.warning").arg("count", s), &mut out);
            }
            // A window whose end has words of its own (the discussion is over).
            Some(timer::TimerSignal::Expired(crate::games::TimedWindow { over: Some(cue), .. })) => {
                self.say(crate::games::Cue::new(*cue), &mut out);
            }
            Some(timer::TimerSignal::Expired(_)) => {
                // Where the rules say what the window's end means (an ambush
                // not sprung in time is not sprung), the game goes on.
                if let Some(cmd) = self.game.as_ref().and_then(AnyGame::timeout_command) {
                    self.command(cmd, &mut out);
                    return out;
                }
                let missing = self.timer_request().map(|r| r.missing).unwrap_or_default();
                if !missing.is_empty() {
                    let seats = self.names(&missing);
                    self.say(crate::games::Cue::new("table.timer.missing").arg("seats", &seats), &mut out);
                    self.notice(Notice::Missing { seats }, &mut out);
                }
            }
            None => {}
        }
        self.advance_reveal(&mut out);
        out
    }

    /// The reveal's next step, once the narrator has said the last one and
    /// its beat is over; after the last step, the result.
    fn advance_reveal(&mut self, out: &mut Vec<Output>) {
        let idle = self.speech.current().is_none() && self.speech.waiting() == 0 && !self.speech.is_paused();
        if !idle {
            return;
        }
        let Some(staged) = self.reveal.as_mut() else { return };
        match staged.next_step() {
            Some(cue) => self.say(cue, out),
            None => self.finish_reveal(out),
        }
    }

    /// Everything left of the reveal at once, and the result said.
    fn finish_reveal(&mut self, out: &mut Vec<Output>) {
        if let Some(staged) = self.reveal.take() {
            for cue in staged.finish() {
                self.say(cue, out);
            }
            self.sync_timer();
        }
    }

    /// The host skipped the reveal: the lines of the steps not said yet are
    /// dropped, the one being said is cut short, and the result follows.
    fn skip_reveal(&mut self, out: &mut Vec<Output>) {
        if self.reveal.is_some() {
            self.speech.clear();
            self.finish_reveal(out);
        }
    }

    fn names(&self, seats: &[Seat]) -> String {
        let name = |s: Seat| {
            let said = self.game.as_ref().and_then(|g| g.player_said(s));
            said.map_or_else(|| self.lang.text(&msg!("common.seat", seat = s.number())), |a| a.text(self.lang))
        };
        seats.iter().map(|&s| name(s)).collect::<Vec<_>>().join(", ")
    }

    fn touch(&mut self, touch: Touch, out: &mut Vec<Output>) {
        let touch = match touch.route() {
            Routed::Game(cmd) => return self.command(cmd, out),
            Routed::Table(touch) => touch,
        };
        match touch {
            Touch::ChooseGame { .. } if self.in_progress() => {
                let title = self.game.as_ref().map_or("", |g| g.kind().title()).to_string();
                self.notice(Notice::GameInProgress { title }, out);
            }
            Touch::ChooseGame { game } => match AnyGame::new(game) {
                Some(g) => self.replace_game(Some(g), out),
                None => self.notice(Notice::NotBuilt { title: game.title().into() }, out),
            },
            Touch::ExtendTimer { seconds } => {
                if let Some(t) = &mut self.timer {
                    t.extend(self.now, Millis::from(seconds) * 1000);
                    self.notice(Notice::Extended { seconds }, out);
                }
            }
            Touch::SetLang { lang } => {
                self.lang = lang;
                self.remember("lang", serde_json::json!(lang), out);
            }
            Touch::SetTimers(cfg) => {
                self.remember("timers", serde_json::to_value(&cfg).unwrap_or_default(), out);
                self.timers = cfg;
            }
            Touch::Narration { control } => self.narration(control, out),
            Touch::SetFacts { card, facts } => self.give_facts(card, facts, out),
            Touch::ImportDeck { deck } => self.read_deck(&deck, out),
            Touch::ConfirmImport => self.confirm_import(out),
            Touch::FactsEntry { game } => self.facts_entry = game,
            Touch::OpenFacts { card } => self.open_facts(card, out),
            Touch::Undo => self.undo(out),
            Touch::Redo => self.redo(out),
            Touch::Peek => self.peek(out),
            Touch::SkipReveal => self.skip_reveal(out),
            Touch::PlayAgain { names } => self.play_again(names, out),
            Touch::Leave { confirm: false } if self.in_progress() => self.notice(Notice::LeaveFirst, out),
            Touch::Leave { .. } if self.in_progress() => {
                // Kept open in the journal: the next start offers it.
                if let Some(store) = self.store.as_mut() {
                    store.detach();
                }
                self.history.clear();
                self.notice(Notice::LeftSaved, out);
                self.replace_game(None, out);
            }
            Touch::Leave { .. } => self.replace_game(None, out),
            // Every game's own touches were handed to its engine above.
            _ => {}
        }
    }

    fn peek(&mut self, out: &mut Vec<Output>) {
        let Some(game) = &self.game else { return self.notice(Notice::NothingPrivate, out) };
        let Some(private) = game.private() else { return self.notice(Notice::NothingPrivate, out) };
        let message = self.lang.text(&private.message);
        out.push(Output::Private { game: game.kind(), seat: private.seat, message, reveal: private.shows });
    }

    fn play_again(&mut self, names: Option<Vec<String>>, out: &mut Vec<Output>) {
        let Some(game) = &self.game else { return self.notice(Notice::NoGame, out) };
        let kind = game.kind();
        match game.next_game(names) {
            Ok(setup) => {
                self.replace_game(AnyGame::new(kind), out);
                self.command(setup, out);
            }
            Err(e) => self.error(&e, out),
        }
    }

    /// Closes the current game (in the store too) and puts `game` in its place.
    /// A game set up and not over: leaving it or choosing another asks first.
    fn in_progress(&self) -> bool {
        !self.history.is_empty() && self.game.as_ref().is_some_and(|g| !g.is_over())
    }

    fn replace_game(&mut self, game: Option<AnyGame>, out: &mut Vec<Output>) {
        self.discard_unfinished(out);
        self.game = game;
        self.history.clear();
        self.commands.clear();
        self.undone.clear();
        self.timer = None;
        self.speech.clear();
        self.reveal = None;
        self.message = None;
    }

    fn narration(&mut self, control: NarrationControl, out: &mut Vec<Output>) {
        match control {
            NarrationControl::Pause => self.speech.pause(),
            NarrationControl::Resume => self.speech.resume(self.now),
            NarrationControl::Repeat => self.speech.repeat(self.now),
            NarrationControl::Skip => self.speech.skip(self.now),
            NarrationControl::Pace { .. } => {
                self.preview_narration(control);
                self.remember("pace", serde_json::json!(self.speech.pace()), out);
            }
            NarrationControl::Volume { .. } => {
                self.preview_narration(control);
                self.remember("volume", serde_json::json!(self.volume), out);
            }
        }
    }

    /// Puts a new volume or pace in effect without keeping it for the next start: a slider
    /// still moving. The same control as a touch ([`Touch::Narration`]) puts it in effect and
    /// keeps it, once the slider is let go: a write to the journal (a synchronous commit) per
    /// change, not per step of the slider. Other controls are touches only.
    pub fn preview_narration(&mut self, control: NarrationControl) {
        match control {
            NarrationControl::Pace { factor } => self.speech.set_pace(factor),
            NarrationControl::Volume { percent } => self.volume = percent.min(100),
            _ => {}
        }
    }

    /// An explanation goes on the screen (a first game's lesson, "What
    /// now?"): its `lines` are said at once, the game's own narration waits
    /// until [`Session::explained`]. See [`narrator::Queue::explain`].
    pub fn explain(&mut self, lines: Vec<Line>) {
        self.speech.explain(lines, self.now);
    }

    /// The explanation left the screen: its words stop, the game's
    /// narration goes on.
    pub fn explained(&mut self) {
        self.speech.explained(self.now);
    }

    /// Lines that started since the last call, for the speaker.
    pub fn take_started_lines(&mut self) -> Vec<Line> {
        self.speech.take_started()
    }

    /// The speaker's word on the line it plays: how long the clip of line
    /// `id` lasts, if it knows, and whether sound is still coming out at
    /// `now`. The queue times the next line from the sound, not only from
    /// the estimate.
    pub fn speaker_report(&mut self, id: Option<(&str, Millis)>, playing: bool, now: Millis) {
        if let Some((id, length)) = id {
            self.speech.set_length(id, length);
        }
        if playing {
            self.speech.still_speaking(now);
        }
    }

    /// Changes each time the narration cut a line short (skip, repeat, a
    /// night ended early): the speaker must go quiet at once.
    pub fn narration_cuts(&self) -> u64 {
        self.speech.cuts()
    }

    /// Speaker volume, 0 to 100.
    pub fn volume(&self) -> u8 {
        self.volume
    }

    fn remember(&mut self, key: &str, value: serde_json::Value, out: &mut Vec<Output>) {
        if let Some(Err(why)) = self.store.as_mut().map(|s| s.remember(key, &value)) {
            self.notice(Notice::NotSaved { why }, out);
        }
    }

    /// Closes the game in the store before another starts: a finished game
    /// is recorded as finished (again, harmlessly, if it already was), a game
    /// left before its end stays on disk, marked as left.
    fn discard_unfinished(&mut self, out: &mut Vec<Output>) {
        if self.history.is_empty() {
            return;
        }
        let over = self.game.as_ref().is_some_and(AnyGame::is_over);
        let history = &self.history;
        let result = self.store.as_mut().map(|s| if over { s.finish(history) } else { s.discard() });
        if let Some(Err(why)) = result {
            self.notice(Notice::NotSaved { why }, out);
        }
    }

    fn pad(&mut self, event: PadEvent, out: &mut Vec<Output>) {
        let seat_name = |s: &Self, seat: u8| s.names(&[Seat(seat)]);
        match event {
            // A press right after one window gave way to another belongs
            // to the window before: ignored.
            PadEvent::Vote { .. } if self.now < self.pad_quiet_until => {}
            PadEvent::Vote { seat, button } => {
                let approve = button == PadButton::Approve;
                match self.game.as_ref().and_then(|g| g.pad_command(Seat(seat), approve)) {
                    Some(c) => self.command(c, out),
                    None => self.notice(Notice::PadIdle { seat: Seat(seat).to_string() }, out),
                }
            }
            PadEvent::BothPressed { seat } => {
                let seat = seat_name(self, seat);
                self.notice(Notice::BothPressed { seat }, out)
            }
            PadEvent::Stuck { seat, .. } => {
                let seat = seat_name(self, seat);
                self.notice(Notice::Stuck { seat }, out)
            }
            PadEvent::Unstuck { seat, .. } => {
                let seat = seat_name(self, seat);
                self.notice(Notice::Unstuck { seat }, out)
            }
        }
    }

    fn tag(&mut self, event: TagEvent, out: &mut Vec<Output>) {
        let (uid, card) = match event {
            TagEvent::Arrived { uid, card } => (uid, card),
            TagEvent::Unreadable { uid, reason } => return self.notice(Notice::UnreadableTag { uid, reason }, out),
            TagEvent::Left { .. } => return,
        };
        let Some(card) = card.or_else(|| self.learned.get(&uid).cloned()) else {
            return self.notice(Notice::UnknownTag { uid }, out);
        };
        let Some(kind) = GameKind::of_card(&card).filter(|_| self.ctx.cards.contains(&card)) else {
            return self.notice(Notice::UnknownCard { card }, out);
        };
        if self.facts_entry.is_some() {
            return self.open_facts(Some(card), out);
        }
        match &self.game {
            None => self.notice(Notice::NoGame, out),
            Some(g) if g.kind() != kind => {
                let err = RuleError::from(crate::games::CommonError::WrongGameCard { card });
                self.error(&err, out);
            }
            Some(g) => match g.card_command(&card, self.ctx.cards) {
                Ok(cmd) => self.command(cmd, out),
                Err(e) => self.error(&e, out),
            },
        }
    }

    fn command(&mut self, cmd: AnyCommand, out: &mut Vec<Output>) {
        let Some(game) = self.game.as_ref() else {
            return self.notice(Notice::NoGame, out);
        };
        let kind = game.kind();
        let was_over = game.is_over();
        // The engine reads the owner's card facts through its context; the
        // random numbers it drew go back to the table's.
        let mut ctx = Ctx { rng: self.ctx.rng.clone(), cards: self.ctx.cards, facts: &self.facts };
        let decided = game.decide(&cmd, &mut ctx);
        let events = match decided {
            Err(RuleError::Common(crate::games::CommonError::FactsNeeded { cards })) => {
                return self.facts_needed(cmd, cards, out);
            }
            Err(e) => return self.error(&e, out),
            Ok(events) => events,
        };
        // A name longer than a seat's place on the screen is refused before
        // anything is stored (and the random numbers drawn are not spent).
        let mut names = events.iter().filter_map(AnyEvent::seated_names).flat_map(|n| n.into_iter().enumerate());
        if let Some((seat, _)) = names.find(|(_, n)| n.chars().count() > crate::games::MAX_NAME_CHARS) {
            let seat = Seat(u8::try_from(seat).unwrap_or(u8::MAX));
            let e = crate::games::CommonError::NameTooLong { seat, most: crate::games::MAX_NAME_CHARS };
            return self.error(&e.into(), out);
        }
        self.ctx.rng = ctx.rng;
        // Stored first, shown after: what the screen acknowledges is on disk.
        // A secret input (a mission card) is kept apart until its reveal,
        // then erased, so that only the tally remains. The input that
        // brings the reveal (the last card) is in the tally and is not kept
        // apart: its command is stored whole or not at all.
        let stored: Vec<AnyEvent> = events.iter().filter(|e| !e.is_transient()).cloned().collect();
        let secret: Vec<AnyEvent> = events.iter().filter(|e| e.is_transient()).cloned().collect();
        let reveals = stored.iter().any(AnyEvent::reveals_secrets);
        if let (Some(store), false) = (self.store.as_mut(), secret.is_empty() || reveals) {
            if let Err(why) = store.stash_secret(&secret) {
                return self.notice(Notice::NotSaved { why }, out);
            }
        }
        if let (Some(store), false) = (self.store.as_mut(), stored.is_empty()) {
            let saved = if was_over {
                let history: Vec<AnyEvent> = self.history.iter().chain(&stored).cloned().collect();
                store.amend(kind, &stored, &history)
            } else {
                store.append(kind, &stored)
            };
            if let Err(why) = saved {
                return self.notice(Notice::NotSaved { why }, out);
            }
            if reveals {
                if let Err(why) = store.clear_secrets() {
                    self.notice(Notice::NotSaved { why }, out);
                }
            }
        }
        // A reveal still under way ends before anything new is said.
        self.finish_reveal(out);
        let Some(game) = self.game.as_mut() else { return };
        let mut cues = Vec::new();
        let mut staged: Option<reveal::Staged> = None;
        for e in &events {
            // The engine's own events: they always fit its game.
            let _ = game.apply(e);
            let said = game.cues(e);
            match staged.as_mut() {
                // Whatever follows a reveal is said after its last step.
                Some(s) => s.push_tail(said),
                None => match reveal::stage(game, e, said) {
                    Ok((now, s)) => {
                        cues.extend(now);
                        staged = Some(s);
                    }
                    Err(said) => cues.extend(said),
                },
            }
            if let Some(public) = e.redacted() {
                out.push(Output::Event { game: kind, event: public.body() });
            }
        }
        let stored_any = !stored.is_empty();
        if stored_any {
            self.commands.push(stored.len());
            self.undone.clear();
        }
        self.history.extend(stored);
        // Facts typed at setup are kept for the next game (only stored
        // events change them); a card the owner has corrected since keeps
        // the correction.
        let facts = if stored_any { self.game.as_ref().and_then(AnyGame::card_facts) } else { None };
        if let Some(facts) = facts {
            let new = facts.only(|card| self.facts.get(card).is_none());
            if !new.is_empty() {
                self.keep_facts(&new, out);
            }
        }
        let over = self.game.as_ref().is_some_and(AnyGame::is_over);
        if over {
            if let Some(Err(why)) = self.store.as_mut().map(|s| s.finish(&self.history)) {
                self.notice(Notice::NotSaved { why }, out);
            }
        }
        self.message = None;
        for c in cues {
            self.say(c, out);
        }
        self.reveal = staged;
        self.advance_reveal(out);
    }

    fn error(&mut self, e: &RuleError, out: &mut Vec<Output>) {
        // A seat is named by its player when the table knows the name (or,
        // where the game gives one, the character's when nobody typed one).
        let who = |s: Seat| self.game.as_ref().and_then(|g| g.player_said(s)).map(|a| a.text(self.lang));
        let message = e.text_named(self.lang, &who);
        let rule = e.rule_text(self.lang);
        self.message = Some(message.clone());
        self.rule = rule.clone().map(|r| (message.clone(), r));
        out.push(Output::Error { code: e.code(), message, rule });
    }

    fn notice(&mut self, n: Notice, out: &mut Vec<Output>) {
        let message = n.text(self.lang);
        self.message = Some(message.clone());
        out.push(Output::Notice { code: n.code().into(), message });
    }

    fn say(&mut self, cue: crate::games::Cue, out: &mut Vec<Output>) {
        if cue.interrupt {
            self.skip_narration();
        }
        let line = narrator::line(&cue, self.lang);
        out.push(Output::Line(line.clone()));
        self.speech.push(line, self.now);
    }

    /// Skips the narration still queued (the host's "skip").
    pub fn skip_narration(&mut self) {
        self.speech.clear();
    }

    fn timer_request(&self) -> Option<TimerRequest> {
        let waiting = self.game.as_ref()?.waiting()?;
        let missing = waiting.missing();
        waiting.timer.map(|(kind, key)| TimerRequest { kind, key, missing })
    }

    /// Starts, keeps or stops the timer to match the game's moment.
    fn sync_timer(&mut self) {
        let req = self.timer_request();
        match (req, &self.timer) {
            (None, _) => self.timer = None,
            (Some(r), Some(t)) if t.key == r.key => {}
            // The next window's timer waits for the reveal under way (a
            // mission's cards being turned) to end: nobody talks over it.
            (Some(_), _) if self.reveal.is_some() => self.timer = None,
            (Some(r), _) => {
                let len = self.timers.length(r.kind);
                let saved = self.saved_timer.take().filter(|t| t.key == r.key);
                self.timer = (len > 0).then(|| match saved {
                    Some(t) => Timer::resume(r.kind, r.key, self.now, len, t.remaining_ms),
                    None => Timer::start(r.kind, r.key, self.now, len),
                });
                self.save_timer();
            }
        }
    }

    /// Stores the running timer's remaining time (at its start, then every
    /// few seconds), so a power cut costs the table at most that much.
    fn save_timer(&mut self) {
        let Some(t) = &self.timer else { return };
        let saved = SavedTimer { key: t.key.clone(), remaining_ms: t.deadline.saturating_sub(self.now) };
        self.timer_saved_at = self.now;
        if let (Some(store), Ok(v)) = (self.store.as_mut(), serde_json::to_value(&saved)) {
            // A timer that cannot be stored only costs time after a power cut.
            let _ = store.remember("timer", &v);
        }
    }
}

#[cfg(test)]
mod tests;

/// The earlier of two times, either of which may be missing.
pub fn min_due(a: Option<Millis>, b: Option<Millis>) -> Option<Millis> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}
