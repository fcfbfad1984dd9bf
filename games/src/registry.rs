//! The one list of games.
//!
//! Every game Tavola knows is declared once, in [`games!`]: its kind, the
//! one name the protocol, the journal and the card ids use, its title, the
//! older spellings still accepted, and (once it is playable) its engine.
//! Everything that dispatches on the game is generated from that list:
//! [`GameKind`], [`AnyGame`], [`AnyEvent`], [`AnyCommand`], [`AnyView`] and
//! their methods here, and whatever the table generates from it through
//! [`games!`] with a callback of its own (its touches).
//!
//! No `match` on a game anywhere has a catch-all arm: a game added to the
//! list is refused by the compiler at every place that does not answer it
//! yet (the engine's [`Game`] items, the screens).

use crate::{CommonError, Ctx, Cue, Game, GameError, GameEvent, Msg, Outcome, Said, Seat, Waiting};
use serde::{Deserialize, Serialize};

/// The list of games. Called with the name of a macro, it calls that macro
/// with the list, so each place that generates code per game reads the one
/// list:
///
/// ```text
/// playable { Kind(engine type) = "id", "Title", ["old spelling", …]; … }
/// coming { Kind = "id", "Title", […]; … }
/// ```
///
/// A playable game's line names its engine by its module and its type
/// (`kak::Kak`): the module is declared from this line too (`games!(@modules
/// m)` calls `m! { avalon::Avalon soc::Soc … }`), and so are the game's
/// screens in the app, a file of the same name, and the tests run for
/// every game.
///
/// A game moves from `coming` to `playable` when its engine exists.
#[macro_export]
macro_rules! games {
    (@list [@modules $callback:ident]
        playable { $( $Kind:ident($module:ident::$Engine:ident) = $($rest:tt),*; )* }
        coming { $($coming:tt)* }
    ) => {
        $callback! { $($module::$Engine)* }
    };
    (@list [$callback:ident]
        playable { $( $Kind:ident($module:ident::$Engine:ident) = $($rest:tt),*; )* }
        coming { $($coming:tt)* }
    ) => {
        $callback! {
            playable { $( $Kind($crate::$module::$Engine) = $($rest),*; )* }
            coming { $($coming)* }
        }
    };
    ($($callback:tt)+) => {
        $crate::games! { @list [$($callback)+]
            playable {
                Avalon(avalon::Avalon) = "avalon", "The Resistance: Avalon", [];
                ShadowsOverCamelot(soc::Soc) = "soc", "Shadows over Camelot", ["shadows-over-camelot"];
                Nottingham(nottingham::Nottingham) = "nottingham", "Nottingham", [];
                KingArthursKnights(kak::Kak) = "kak", "King Arthur's Knights", ["king-arthurs-knights"];
                CamelotLegends(legends::Legends) = "legends", "Camelot Legends", ["camelot-legends"];
            }
            coming {
            }
        }
    };
}

/// A section of a game's rules page: its title and its words.
pub type RulesSection = (Msg, Msg);

impl GameKind {
    /// The game's rules page, section by section: the turn in a few lines,
    /// how the game ends and who wins, and the readings Tavola chose where
    /// the rulebook is silent (messages `rules.<game id>.turn`, `.end` and
    /// `.readings`).
    pub fn rules_page(self) -> Vec<RulesSection> {
        let section = |title: Msg, part: &str| (title, Msg::new(format!("rules.{}.{part}", self.id())));
        vec![
            section(tavola_words::msg!("rules.section.turn"), "turn"),
            section(tavola_words::msg!("rules.section.end"), "end"),
            section(tavola_words::msg!("rules.section.readings"), "readings"),
        ]
    }

    /// The rules page's title (`The rules of Avalon`).
    pub fn rules_title(self) -> Msg {
        tavola_words::msg!("rules.title", game = self.title())
    }
}

/// Why a stored history cannot be told again.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// An event of another game in the history.
    #[error("a {} event in a {} game", .found.id(), .expected.id())]
    WrongGame {
        /// The game being rebuilt.
        expected: GameKind,
        /// The game the event belongs to.
        found: GameKind,
    },
    /// The game is not playable (yet).
    #[error("{} cannot be played yet", .0.title())]
    NotPlayable(GameKind),
    /// The rebuilt state breaks one of the game's invariants.
    #[error("the stored game does not hold together: {0}")]
    Broken(String),
}

/// An engine in the list: how it sits in the [`AnyGame`] family. Generated
/// for every playable game; code that needs one game's own state (its
/// screens) reaches it through these.
pub trait Registered: Game {
    /// The game's state inside an [`AnyGame`], if it is this game.
    fn get(game: &AnyGame) -> Option<&Self>;
    /// The same, to change.
    fn get_mut(game: &mut AnyGame) -> Option<&mut Self>;
    /// An event of this game, as any game's.
    fn wrap_event(event: Self::Event) -> AnyEvent;
    /// This game's event inside an [`AnyEvent`], if it is one.
    fn event(event: &AnyEvent) -> Option<&Self::Event>;
    /// A command of this game, as any game's.
    fn wrap_command(command: Self::Command) -> AnyCommand;
    /// This game's view inside an [`AnyView`], if it is one.
    fn view_of(view: &AnyView) -> Option<&Self::View>;
}

macro_rules! count {
    () => { 0usize };
    ($head:ident $($tail:ident)*) => { 1usize + count!($($tail)*) };
}

macro_rules! registry {
    (
        playable { $( $Kind:ident($Engine:ty) = $id:literal, $title:literal, [$($alias:literal),*]; )* }
        coming { $( $Coming:ident = $cid:literal, $ctitle:literal, [$($calias:literal),*]; )* }
    ) => {
        /// The games Tavola knows, playable or still to come.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        pub enum GameKind {
            $(
                #[doc = $title]
                #[serde(rename = $id $(, alias = $alias)*)]
                $Kind,
            )*
            $(
                #[doc = $ctitle]
                #[serde(rename = $cid $(, alias = $calias)*)]
                $Coming,
            )*
        }

        impl GameKind {
            /// How many games Tavola knows, playable or still to come.
            pub const COUNT: usize = count!($($Kind)* $($Coming)*);

            /// All games, in the order the picker shows them (playable first).
            pub const ALL: [GameKind; GameKind::COUNT] = [$(GameKind::$Kind,)* $(GameKind::$Coming,)*];

            /// The game's look (see [`Game::LOOK`]); a game not playable yet
            /// is dim and has no emblem.
            pub fn look(self) -> crate::Look {
                match self {
                    $(GameKind::$Kind => <$Engine as Game>::LOOK,)*
                    $(GameKind::$Coming => crate::Look::coming($ctitle),)*
                }
            }

            /// The windows the table may time for this game (see
            /// [`Game::WINDOWS`]); none for a game not playable yet.
            pub fn windows(self) -> &'static [crate::TimedWindow] {
                match self {
                    $(GameKind::$Kind => <$Engine as Game>::WINDOWS,)*
                    $(GameKind::$Coming => &[],)*
                }
            }

            /// The game's one name: in the protocol, the journal and as the
            /// prefix of its card ids (`avalon/role/merlin`).
            pub fn id(self) -> &'static str {
                match self {
                    $(GameKind::$Kind => $id,)*
                    $(GameKind::$Coming => $cid,)*
                }
            }

            /// The game's title (titles are the same in every language).
            pub fn title(self) -> &'static str {
                match self {
                    $(GameKind::$Kind => $title,)*
                    $(GameKind::$Coming => $ctitle,)*
                }
            }

            /// Whether Tavola can run this game yet.
            pub fn is_playable(self) -> bool {
                match self {
                    $(GameKind::$Kind => true,)*
                    $(GameKind::$Coming => false,)*
                }
            }

            /// The facts each kind of this game's cards carries (see
            /// [`Game::FACTS`]); empty for a game not playable yet.
            pub fn fact_kinds(self) -> &'static [crate::FactKind] {
                match self {
                    $(GameKind::$Kind => <$Engine as Game>::FACTS,)*
                    $(GameKind::$Coming => ahead::facts(GameKind::$Coming),)*
                }
            }

            /// The values of `card`'s facts its form shows filled in (see
            /// [`Game::facts_given`]): `met_in` the game in progress when
            /// it met the card (a game of another kind counts as none).
            pub fn facts_given(self, card: &str, met_in: Option<&AnyGame>) -> crate::facts::CardFacts {
                match self {
                    $(GameKind::$Kind => {
                        let game = match met_in {
                            Some(AnyGame::$Kind(g)) => Some(g),
                            _ => None,
                        };
                        <$Engine as Game>::facts_given(card, game)
                    })*
                    $(GameKind::$Coming => crate::facts::CardFacts::new(),)*
                }
            }

            /// The words for an ending of this game, from the codes the
            /// journal keeps (see [`Game::outcome_words`]); `None` for a
            /// game not playable yet or codes it does not know.
            pub fn outcome_words(self, winner: &str, reason: &str) -> Option<crate::OutcomeWords> {
                match self {
                    $(GameKind::$Kind => <$Engine as Game>::outcome_words(winner, reason),)*
                    $(GameKind::$Coming => None,)*
                }
            }

            /// Every step id this game's engine may answer (see
            /// [`Game::STEPS`]); empty for a game not playable yet.
            pub fn steps(self) -> &'static [&'static str] {
                match self {
                    $(GameKind::$Kind => <$Engine as Game>::STEPS,)*
                    $(GameKind::$Coming => &[],)*
                }
            }

            /// The cue id of one of this game's narration messages, when it
            /// is not the message id (see [`Game::cue_id`]).
            pub fn cue_id(self, message: &str) -> Option<String> {
                match self {
                    $(GameKind::$Kind => <$Engine as Game>::cue_id(message),)*
                    $(GameKind::$Coming => None,)*
                }
            }

            /// Every card explanation this game may give, with the card
            /// kind it explains (see [`Game::card_lesson_ids`]); empty for
            /// a game not playable yet.
            pub fn card_lesson_ids(self) -> Vec<(&'static str, String)> {
                match self {
                    $(GameKind::$Kind => <$Engine as Game>::card_lesson_ids(),)*
                    $(GameKind::$Coming => Vec::new(),)*
                }
            }

            /// This game's card facts in an older stored form (see
            /// [`Game::old_facts`]).
            pub fn old_facts(self, stored: &serde_json::Value) -> Option<crate::FactBook> {
                match self {
                    $(GameKind::$Kind => <$Engine as Game>::old_facts(stored),)*
                    $(GameKind::$Coming => None,)*
                }
            }

            /// The codes of this game's refusals, one for each kind the
            /// game gives (see [`GameError::code`]); empty for a game not
            /// playable yet.
            pub fn refusal_codes(self) -> Vec<String> {
                match self {
                    $(GameKind::$Kind => crate::error::variant_tags::<<$Engine as Game>::Error>(),)*
                    $(GameKind::$Coming => Vec::new(),)*
                }
            }

            /// The codes of this game's refusals that apply no rule (see
            /// [`GameError::NOT_RULES`]).
            pub fn not_rules(self) -> &'static [&'static str] {
                match self {
                    $(GameKind::$Kind => <<$Engine as Game>::Error as GameError>::NOT_RULES,)*
                    $(GameKind::$Coming => &[],)*
                }
            }

            /// The game named `name`: its id or an older spelling.
            pub fn from_name(name: &str) -> Option<GameKind> {
                match name {
                    $($id $(| $alias)* => Some(GameKind::$Kind),)*
                    $($cid $(| $calias)* => Some(GameKind::$Coming),)*
                    _ => None,
                }
            }
        }

        /// The built-in card catalog's data files, one per playable game
        /// (`games/data/catalog/<id>.json`), in [`GameKind::ALL`] order: a
        /// playable game without its file does not compile.
        pub const CATALOG_SOURCES: [(GameKind, &str); count!($($Kind)*)] = [
            $((GameKind::$Kind, include_str!(concat!("../data/catalog/", $id, ".json"))),)*
        ];

        /// The game being played, any of them.
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        #[serde(tag = "game", content = "state")]
        pub enum AnyGame {
            $(
                #[doc = $title]
                #[serde(rename = $id $(, alias = $alias)*)]
                $Kind($Engine),
            )*
        }

        /// An event of any game, as stored.
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        #[serde(tag = "game", content = "event")]
        pub enum AnyEvent {
            $(
                #[doc = $title]
                #[serde(rename = $id $(, alias = $alias)*)]
                $Kind(<$Engine as Game>::Event),
            )*
        }

        /// Why a command was refused: a refusal any game can give, or one
        /// of a game's own rules. Its `Display` is its words in English,
        /// for logs.
        #[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
        #[serde(tag = "game", content = "error")]
        pub enum RuleError {
            /// A refusal any game can give.
            #[serde(rename = "common")]
            #[error("{}", self.text(crate::Lang::En))]
            Common(CommonError),
            $(
                #[doc = concat!("A rule of ", $title, ".")]
                #[serde(rename = $id $(, alias = $alias)*)]
                #[error("{}", self.text(crate::Lang::En))]
                $Kind(<$Engine as Game>::Error),
            )*
        }

        $(
            impl From<<$Engine as Game>::Error> for RuleError {
                fn from(e: <$Engine as Game>::Error) -> Self {
                    RuleError::$Kind(e)
                }
            }
        )*

        impl RuleError {
            /// A stable identifier such as `common.already_answered` or
            /// `avalon.team_size` (the game's id, then its own code), for
            /// tests, logs and the headless driver.
            pub fn code(&self) -> String {
                match self {
                    RuleError::Common(e) => format!("common.{}", e.code()),
                    $(RuleError::$Kind(e) => format!("{}.{}", $id, e.code()),)*
                }
            }

            /// Whether the refusal applies a rule (its message
            /// `<code>.rule` says which): false for the codes a game lists
            /// in [`GameError::NOT_RULES`] and the common ones in
            /// [`CommonError::NOT_RULES`].
            pub fn applies_rule(&self) -> bool {
                let code = match self {
                    RuleError::Common(e) => return !CommonError::NOT_RULES.contains(&e.code()),
                    $(RuleError::$Kind(e) => e.code(),)*
                };
                !self.kind().map_or(&[][..], GameKind::not_rules).contains(&code.as_str())
            }

            /// The game whose rule refused, `None` for a common refusal.
            pub fn kind(&self) -> Option<GameKind> {
                match self {
                    RuleError::Common(_) => None,
                    $(RuleError::$Kind(_) => Some(GameKind::$Kind),)*
                }
            }

            /// A game's own refusal, naming seats through `who`.
            pub(crate) fn game_msg_named(&self, who: &dyn Fn(Seat) -> Option<String>) -> Msg {
                match self {
                    RuleError::Common(e) => e.msg(),
                    $(RuleError::$Kind(e) => e.msg_named(who),)*
                }
            }
        }

        /// A command for any game.
        #[derive(Debug, Clone, Serialize, Deserialize)]
        #[serde(tag = "game", content = "command")]
        pub enum AnyCommand {
            $(
                #[doc = $title]
                #[serde(rename = $id $(, alias = $alias)*)]
                $Kind(<$Engine as Game>::Command),
            )*
        }

        /// The public view of any game. Flattened into a larger view it
        /// reads `{"avalon": {…}}`: the game's id holds its view.
        #[derive(Debug, Clone, PartialEq, Serialize)]
        pub enum AnyView {
            $(
                #[doc = $title]
                #[serde(rename = $id)]
                $Kind(<$Engine as Game>::View),
            )*
        }

        $(
            impl Registered for $Engine {
                fn get(game: &AnyGame) -> Option<&Self> {
                    #[allow(irrefutable_let_patterns)]
                    if let AnyGame::$Kind(g) = game { Some(g) } else { None }
                }
                fn get_mut(game: &mut AnyGame) -> Option<&mut Self> {
                    #[allow(irrefutable_let_patterns)]
                    if let AnyGame::$Kind(g) = game { Some(g) } else { None }
                }
                fn wrap_event(event: Self::Event) -> AnyEvent {
                    AnyEvent::$Kind(event)
                }
                fn event(event: &AnyEvent) -> Option<&Self::Event> {
                    #[allow(irrefutable_let_patterns)]
                    if let AnyEvent::$Kind(e) = event { Some(e) } else { None }
                }
                fn wrap_command(command: Self::Command) -> AnyCommand {
                    AnyCommand::$Kind(command)
                }
                fn view_of(view: &AnyView) -> Option<&Self::View> {
                    #[allow(irrefutable_let_patterns)]
                    if let AnyView::$Kind(v) = view { Some(v) } else { None }
                }
            }
        )*

        impl AnyGame {
            /// A fresh game of `kind`, if Tavola can play it.
            pub fn new(kind: GameKind) -> Option<AnyGame> {
                match kind {
                    $(GameKind::$Kind => Some(AnyGame::$Kind(<$Engine>::default())),)*
                    $(GameKind::$Coming => None,)*
                }
            }

            /// Which game.
            pub fn kind(&self) -> GameKind {
                match self {
                    $(AnyGame::$Kind(_) => GameKind::$Kind,)*
                }
            }

            /// A game of `kind` rebuilt from its stored events and checked.
            pub fn replay<'a>(
                kind: GameKind,
                events: impl IntoIterator<Item = &'a AnyEvent>,
            ) -> Result<AnyGame, ReplayError> {
                let mut game = AnyGame::new(kind).ok_or(ReplayError::NotPlayable(kind))?;
                for e in events {
                    game.apply(e)?;
                }
                game.check_invariants().map_err(ReplayError::Broken)?;
                Ok(game)
            }

            /// Folds one event into the state; an event of another game is
            /// refused and changes nothing.
            pub fn apply(&mut self, event: &AnyEvent) -> Result<(), ReplayError> {
                match (self, event) {
                    $((AnyGame::$Kind(g), AnyEvent::$Kind(e)) => {
                        g.apply(e);
                        Ok(())
                    })*
                    #[allow(unreachable_patterns)]
                    (g, e) => Err(ReplayError::WrongGame { expected: g.kind(), found: e.kind() }),
                }
            }

            /// See [`Game::decide`]; a command for another game is refused.
            pub fn decide(&self, command: &AnyCommand, ctx: &mut Ctx<'_>) -> Result<Vec<AnyEvent>, RuleError> {
                match (self, command) {
                    $((AnyGame::$Kind(g), AnyCommand::$Kind(c)) => {
                        Ok(g.decide(c, ctx)?.into_iter().map(AnyEvent::$Kind).collect())
                    })*
                    #[allow(unreachable_patterns)]
                    _ => Err(CommonError::NotNow.into()),
                }
            }

            /// See [`Game::view`].
            pub fn view(&self) -> AnyView {
                match self {
                    $(AnyGame::$Kind(g) => AnyView::$Kind(g.view()),)*
                }
            }

            /// See [`Game::cues`] (an event of another game has none).
            pub fn cues(&self, event: &AnyEvent) -> Vec<Cue> {
                match (self, event) {
                    $((AnyGame::$Kind(g), AnyEvent::$Kind(e)) => g.cues(e),)*
                    #[allow(unreachable_patterns)]
                    _ => Vec::new(),
                }
            }

            /// See [`Game::check_invariants`].
            pub fn check_invariants(&self) -> Result<(), String> {
                match self {
                    $(AnyGame::$Kind(g) => g.check_invariants(),)*
                }
            }

            /// See [`Game::is_over`].
            pub fn is_over(&self) -> bool {
                match self {
                    $(AnyGame::$Kind(g) => g.is_over(),)*
                }
            }

            /// See [`Game::players`].
            pub fn players(&self) -> usize {
                match self {
                    $(AnyGame::$Kind(g) => g.players(),)*
                }
            }

            /// See [`Game::player_name`].
            pub fn player_name(&self, seat: Seat) -> Option<String> {
                match self {
                    $(AnyGame::$Kind(g) => g.player_name(seat),)*
                }
            }

            /// See [`Game::player_said`].
            pub fn player_said(&self, seat: Seat) -> Option<crate::Arg> {
                match self {
                    $(AnyGame::$Kind(g) => g.player_said(seat),)*
                }
            }

            /// See [`Game::pad_command`].
            pub fn pad_command(&self, seat: Seat, approve: bool) -> Option<AnyCommand> {
                match self {
                    $(AnyGame::$Kind(g) => g.pad_command(seat, approve).map(AnyCommand::$Kind),)*
                }
            }

            /// See [`Game::card_command`].
            pub fn card_command(&self, card: &str, cards: &crate::Catalog) -> Result<AnyCommand, RuleError> {
                match self {
                    $(AnyGame::$Kind(g) => g.card_command(card, cards).map(AnyCommand::$Kind),)*
                }
            }

            /// See [`Game::die_command`].
            pub fn die_command(&self) -> Option<AnyCommand> {
                match self {
                    $(AnyGame::$Kind(g) => g.die_command().map(AnyCommand::$Kind),)*
                }
            }

            /// See [`Game::step`]: cheap, for every frame.
            pub fn step(&self) -> crate::Step {
                match self {
                    $(AnyGame::$Kind(g) => g.step(),)*
                }
            }

            /// The explanations of the cards `event` brought into play,
            /// `self` being the game once it is applied (see
            /// [`Game::cards_entering`]); empty for another game's event.
            pub fn cards_entering(&self, event: &AnyEvent) -> Vec<crate::Lesson> {
                match (self, event) {
                    $((AnyGame::$Kind(g), AnyEvent::$Kind(e)) => g.cards_entering(e),)*
                    #[allow(unreachable_patterns)]
                    _ => Vec::new(),
                }
            }

            /// "What now?": where the game stands, what the table waits for
            /// and the words of the moves open now (see
            /// [`crate::teach::what_now`]). Reads [`Game::legal`]: call it
            /// when the state changes or when asked, not every frame.
            pub fn what_now(&self) -> crate::WhatNow {
                match self {
                    $(AnyGame::$Kind(g) => crate::teach::what_now(g),)*
                }
            }

            /// See [`Game::waiting`].
            pub fn waiting(&self) -> Option<Waiting> {
                match self {
                    $(AnyGame::$Kind(g) => g.waiting(),)*
                }
            }

            /// See [`Game::card_facts`].
            pub fn card_facts(&self) -> Option<crate::FactBook> {
                match self {
                    $(AnyGame::$Kind(g) => g.card_facts(),)*
                }
            }

            /// See [`Game::learn_command`].
            pub fn learn_command(&self, facts: &crate::FactBook) -> Option<AnyCommand> {
                match self {
                    $(AnyGame::$Kind(g) => g.learn_command(facts).map(AnyCommand::$Kind),)*
                }
            }

            /// See [`Game::timeout_command`].
            pub fn timeout_command(&self) -> Option<AnyCommand> {
                match self {
                    $(AnyGame::$Kind(g) => g.timeout_command().map(AnyCommand::$Kind),)*
                }
            }

            /// See [`Game::outcome`].
            pub fn outcome(&self) -> Option<Outcome> {
                match self {
                    $(AnyGame::$Kind(g) => g.outcome(),)*
                }
            }

            /// See [`Game::summary`].
            pub fn summary(&self) -> Option<crate::Summary> {
                match self {
                    $(AnyGame::$Kind(g) => g.summary(),)*
                }
            }

            /// See [`Game::stage`].
            pub fn stage(&self) -> crate::Stage {
                match self {
                    $(AnyGame::$Kind(g) => g.stage(),)*
                }
            }

            /// See [`Game::reveal`] (an event of another game opens none).
            pub fn reveal(&self, event: &AnyEvent) -> Option<crate::Reveal> {
                match (self, event) {
                    $((AnyGame::$Kind(g), AnyEvent::$Kind(e)) => g.reveal(e),)*
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }

            /// See [`Game::private`].
            pub fn private(&self) -> Option<crate::Private> {
                match self {
                    $(AnyGame::$Kind(g) => g.private(),)*
                }
            }

            /// See [`Game::next_game`]: the game to start for the same
            /// table once this one is over.
            pub fn next_game(&self, names: Option<Vec<String>>) -> Result<AnyCommand, RuleError> {
                match self {
                    $(AnyGame::$Kind(g) => g.next_game(names).map(AnyCommand::$Kind),)*
                }
            }
        }

        impl AnyEvent {
            /// The game the event belongs to.
            pub fn kind(&self) -> GameKind {
                match self {
                    $(AnyEvent::$Kind(_) => GameKind::$Kind,)*
                }
            }

            /// See [`GameEvent::blocks_undo`].
            pub fn blocks_undo(&self) -> bool {
                match self {
                    $(AnyEvent::$Kind(e) => e.blocks_undo(),)*
                }
            }

            /// See [`GameEvent::is_transient`].
            pub fn is_transient(&self) -> bool {
                match self {
                    $(AnyEvent::$Kind(e) => e.is_transient(),)*
                }
            }

            /// See [`GameEvent::reveals_secrets`].
            pub fn reveals_secrets(&self) -> bool {
                match self {
                    $(AnyEvent::$Kind(e) => e.reveals_secrets(),)*
                }
            }

            /// The event's public form (see [`GameEvent::redacted`]).
            pub fn redacted(&self) -> Option<AnyEvent> {
                match self {
                    $(AnyEvent::$Kind(e) => e.redacted().map(AnyEvent::$Kind),)*
                }
            }

            /// The event alone, without the game's name, as JSON.
            pub fn body(&self) -> serde_json::Value {
                match self {
                    $(AnyEvent::$Kind(e) => serde_json::to_value(e).unwrap_or(serde_json::Value::Null),)*
                }
            }

            /// The players named at setup, one per seat (empty for an
            /// unnamed seat), if this is the setup event.
            pub fn seated_names(&self) -> Option<Vec<String>> {
                match self {
                    $(AnyEvent::$Kind(e) => <$Engine as Game>::seated_names(e),)*
                }
            }
        }

        impl AnyCommand {
            /// The game the command is for.
            pub fn kind(&self) -> GameKind {
                match self {
                    $(AnyCommand::$Kind(_) => GameKind::$Kind,)*
                }
            }
        }

        impl AnyView {
            /// The game the view shows.
            pub fn kind(&self) -> GameKind {
                match self {
                    $(AnyView::$Kind(_) => GameKind::$Kind,)*
                }
            }
        }
    };
}

games!(registry);

/// Engines built ahead of their screens: their card facts reach the table
/// (the owner may enter a game's card facts before it is playable) while
/// the game stays in `coming`. Today: none, every game is playable. An
/// engine built ahead of its screens answers here for its kind (and its
/// refusals need an interim `RuleError` variant), until its line moves to
/// `playable`.
pub mod ahead {
    use super::GameKind;

    /// The card facts of a game in `coming` whose engine exists.
    pub fn facts(_kind: GameKind) -> &'static [crate::FactKind] {
        &[]
    }
}

impl GameKind {
    /// The prefix of this game's card ids in the catalog (its [`GameKind::id`]).
    pub fn card_prefix(self) -> &'static str {
        self.id()
    }

    /// The game a card id belongs to, from its prefix.
    pub fn of_card(card: &str) -> Option<GameKind> {
        let prefix = card.split('/').next()?;
        GameKind::ALL.into_iter().find(|g| g.id() == prefix)
    }
}

impl AnyGame {
    /// This game's own state, if it is `G`.
    pub fn get<G: Registered>(&self) -> Option<&G> {
        G::get(self)
    }
}

impl AnyView {
    /// This game's own view, if it is `G`'s.
    pub fn get<G: Registered>(&self) -> Option<&G::View> {
        G::view_of(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_has_one_name_and_its_old_spellings_still_read() {
        for kind in GameKind::ALL {
            let json = serde_json::to_value(kind).unwrap();
            assert_eq!(json, serde_json::json!(kind.id()), "{kind:?} is written by its id");
            assert_eq!(GameKind::from_name(kind.id()), Some(kind));
            assert_eq!(serde_json::from_value::<GameKind>(json).unwrap(), kind);
        }
        for (old, kind) in [
            ("shadows-over-camelot", GameKind::ShadowsOverCamelot),
            ("camelot-legends", GameKind::CamelotLegends),
            ("king-arthurs-knights", GameKind::KingArthursKnights),
        ] {
            assert_eq!(serde_json::from_value::<GameKind>(serde_json::json!(old)).unwrap(), kind);
            assert_eq!(GameKind::from_name(old), Some(kind));
        }
        assert_eq!(GameKind::from_name("chess"), None);
    }

    #[test]
    fn a_playable_game_starts_empty_and_a_coming_one_does_not_start() {
        for kind in GameKind::ALL {
            match AnyGame::new(kind) {
                Some(g) => {
                    assert!(kind.is_playable());
                    assert_eq!(g.kind(), kind);
                    assert!(!g.is_over());
                    assert_eq!(g.players(), 0);
                }
                None => assert!(!kind.is_playable(), "{kind:?}"),
            }
        }
    }

    #[test]
    fn an_event_of_another_game_is_refused_in_a_replay() {
        let soc = AnyEvent::ShadowsOverCamelot(crate::soc::Event::LoyaltyScanSkipped);
        assert_eq!(
            AnyGame::replay(GameKind::Avalon, [&soc]).unwrap_err(),
            ReplayError::WrongGame { expected: GameKind::Avalon, found: GameKind::ShadowsOverCamelot }
        );
        // Every game is playable now; a game added to `coming` would be
        // refused a replay (`ReplayError::NotPlayable`).
        for kind in GameKind::ALL {
            assert_eq!(AnyGame::replay(kind, []).is_ok(), kind.is_playable(), "{kind:?}");
        }
    }
}
