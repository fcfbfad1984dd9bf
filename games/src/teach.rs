//! Teaching a game while it is played: where the game stands in words a
//! newcomer follows, and what may be done now.
//!
//! Every engine answers [`Game::step`]: the moment of the game it is at
//! (its [`Step`], a stable id such as `avalon.team_vote` or
//! `soc.heroic_action`, with the player it waits for, if one), and
//! [`Game::move_words`]: the words for each command its [`Game::legal`]
//! lists ("Anna: propose a team of 3 for mission 2"). From those two,
//! [`what_now`] answers "What now?" on any screen, for any game, in any
//! mode: never wrong, never out of date, because it is read from the very
//! list the buttons are built from.
//!
//! # Messages
//!
//! Each step has, in every catalog:
//! - `teach.<step id>`: two or three sentences in Tavola's own words: what
//!   happens now, what each player may do, why it matters for winning. The
//!   first-game mode shows and says it the first time the step comes;
//! - `teach.<step id>.waiting`: one short line, what the table waits for.
//!   A step with a player ([`Step::whose`]) says them as `{name}`; a step
//!   without one takes no parameter.
//!
//! and each game has `teach.<game id>.goal`: the goal and how the game ends,
//! said at setup. Moves' words are `teach.move.*` (moves every game shares)
//! and `teach.<game id>.move.*`.
//!
//! # Heard once in this game
//!
//! The first-game mode explains a step the first time it comes in a game.
//! What was explained is not stored: it is every step the game has been at
//! so far, read again from its history ([`Lessons::from_history`]) when a
//! game is taken up after a restart. Replay is what resume already does, the
//! answer is the same on every machine and after every power cut, and the
//! journal needs no new table. (An undone command does not make a step new
//! again: the lessons kept in memory remember it; only a restart forgets
//! what undo took back, and then the step is explained once more.)
//!
//! # Cards entering play
//!
//! The first time a card comes into play in a first game, what it does is
//! explained in one or two sentences. Each engine gives its own
//! ([`Game::cards_entering`], in its `teach` module) and lists every one it
//! may give with the catalog's card kind it explains
//! ([`Game::card_lesson_ids`]): neither has a default, so a game without
//! them does not compile, and a test holds every kind of card of every
//! game's catalog to at least one lesson. Ids are `teach.<game>.card.…`
//! (Avalon's characters keep `avalon.role.*.explain`, Camelot Legends'
//! events and special cards their `card.legends.….summary`). Each game
//! chooses the moment a card first matters: a character or a knight at
//! setup, a black card as it is drawn, an item when it is first played for
//! its action, an action card when it is first picked, a quest when one is
//! first turned up. An explanation is given once in a game even when
//! several cards share it (the five Morgan cards); [`Lessons::from_history`]
//! remembers them like the steps.
//!
//! # Narration
//!
//! Explanations, goals and cards' explanations take no parameters, so a
//! voice pack holds one clip per [`Lesson::id`] in each language: the
//! narrator's list of lines (`all_line_ids` in the app) takes every
//! `teach.*` message and every id [`card_lesson_ids`] gives, and `tavola
//! voice build` records them beside the `narration.*` lines. The table says
//! a lesson as a line of its own (its id and words) while it is on the
//! screen, and holds the game's narration until it is dismissed. The
//! waiting lines and the moves' words that name players are synthesised,
//! like every line with a name.
//!
//! # Cost
//!
//! [`Game::step`] is a `match` on the state: cheap enough for every frame.
//! [`what_now`] calls [`Game::legal`] (a few hundred checks at most): call
//! it when the state changes (after each accepted command) or when the
//! player asks, not on every frame.

use crate::{AnyEvent, AnyGame, Arg, Game, GameKind, Msg, ReplayError, Seat};
use std::collections::BTreeSet;

/// A moment of a game that has its own explanation: the setup, a phase, a
/// step of a turn, the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Step {
    /// Stable id: the game's id, a dot, the step's name
    /// (`avalon.team_proposal`). One of the game's [`Game::STEPS`].
    pub id: &'static str,
    /// The player the table waits for, when one player acts (the leader,
    /// the knight whose turn it is); `None` when everybody or the host
    /// does.
    pub whose: Option<Seat>,
}

impl Step {
    /// A step where everybody, or the host, acts.
    pub const fn all(id: &'static str) -> Step {
        Step { id, whose: None }
    }

    /// A step where `seat`'s player acts.
    pub const fn of(id: &'static str, seat: Seat) -> Step {
        Step { id, whose: Some(seat) }
    }

    /// The explanation: `teach.<id>`, two or three sentences.
    pub fn explanation(&self) -> Msg {
        Msg::new(format!("teach.{}", self.id))
    }

    /// The message id of the explanation (`teach.avalon.team_vote`): what a
    /// voice pack keys its recording by, and what the headless driver
    /// prints.
    pub fn lesson_id(&self) -> String {
        format!("teach.{}", self.id)
    }

    /// What the table waits for, one short line, naming the player by
    /// `name` when the step has one.
    pub fn waiting(&self, name: Option<Arg>) -> Msg {
        let msg = Msg::new(format!("teach.{}.waiting", self.id));
        match (self.whose, name) {
            (Some(_), Some(name)) => msg.with("name", name),
            _ => msg,
        }
    }
}

/// The answer to "What now?".
#[derive(Debug, Clone, PartialEq)]
pub struct WhatNow {
    /// Where the game stands.
    pub step: Step,
    /// What the table waits for, one line.
    pub waiting: Msg,
    /// The player whose turn it is, when one player acts.
    pub whose: Option<Seat>,
    /// The moves open now, each said once, in the order the screen offers
    /// them (the rules' moves first, the host's corrections last): one line
    /// per kind of move, not one per possible team or card.
    pub moves: Vec<Msg>,
}

/// How the teaching names a seat's player: the name typed, else the
/// character played where the game gives one, else "Seat 3".
pub fn name_of<G: Game>(game: &G, seat: Seat) -> Arg {
    match game.player_said(seat) {
        Some(said) => said,
        None => Arg::Msg(tavola_words::msg!("common.seat", seat = seat.number())),
    }
}

/// "What now?" for `game`: its step, what the table waits for and the words
/// of every move [`Game::legal`] lists, each said once (moves of one kind
/// share their words, so 200 possible teams are one line).
pub fn what_now<G: Game>(game: &G) -> WhatNow {
    let step = game.step();
    let waiting = step.waiting(step.whose.map(|s| name_of(game, s)));
    let mut moves: Vec<Msg> = Vec::new();
    for l in game.legal() {
        let words = game.move_words(&l);
        if !moves.contains(&words) {
            moves.push(words);
        }
    }
    WhatNow { step, waiting, whose: step.whose, moves }
}

/// `kind`'s goal and how its games end: `teach.<game id>.goal`.
pub fn goal(kind: GameKind) -> Msg {
    Msg::new(format!("teach.{}.goal", kind.id()))
}

/// The message id of `kind`'s goal.
pub fn goal_id(kind: GameKind) -> String {
    format!("teach.{}.goal", kind.id())
}

/// One explanation the first-game mode gives: its message id (what a voice
/// pack records) and its words.
#[derive(Debug, Clone, PartialEq)]
pub struct Lesson {
    /// The message id (`teach.avalon.goal`, `teach.soc.heroic_action`).
    pub id: String,
    /// The words.
    pub msg: Msg,
    /// The card explained, by name (`None`: a goal or a step).
    pub card: Option<Msg>,
}

/// The explanations of the cards `event` brought into play (see the module
/// documentation), `game` being the game once it is applied: each engine's
/// own ([`Game::cards_entering`]); empty for an event that lays no card
/// still to explain.
pub fn cards_entering(game: &AnyGame, event: &AnyEvent) -> Vec<Lesson> {
    game.cards_entering(event)
}

/// The message id of every card explanation any game may give: what a
/// voice pack records beside the steps'.
pub fn card_lesson_ids() -> Vec<String> {
    let mut seen = BTreeSet::new();
    GameKind::ALL
        .into_iter()
        .flat_map(GameKind::card_lesson_ids)
        .map(|(_, id)| id)
        .filter(|id| seen.insert(id.clone()))
        .collect()
}

/// A card's explanation, `msg`, with the card's name.
pub(crate) fn card_lesson(msg: Msg, name: Msg) -> Lesson {
    Lesson { id: msg.id.to_string(), msg, card: Some(name) }
}

/// The id of the card `card` is a copy of (`soc/black/morgan-2` is a copy
/// of `soc/black/morgan`), or `card` itself when the catalog does not know it.
pub(crate) fn card_base(card: &str) -> String {
    crate::catalog::Catalog::builtin().get(card).map_or(card.to_string(), |c| c.base.clone())
}

/// A card's name, by its id, from the card catalog.
pub(crate) fn card_named(card: &str) -> Msg {
    Msg::new(crate::catalog::message_id(&card_base(card)))
}

/// What the first-game mode has explained in this game: the goal, and every
/// step it has been at. Held by the table beside the game; see the module
/// documentation for why it is read from the history rather than stored.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Lessons {
    goal: bool,
    heard: BTreeSet<&'static str>,
    /// The cards' explanations given (their message ids).
    cards: BTreeSet<String>,
}

impl Lessons {
    /// Nothing explained yet: a new game.
    pub fn new() -> Lessons {
        Lessons::default()
    }

    /// What was explained in a game taken up with this stored history: the
    /// goal and every step it has been at, the one it is at now included.
    pub fn from_history<'a>(
        kind: GameKind,
        events: impl IntoIterator<Item = &'a AnyEvent>,
    ) -> Result<Lessons, ReplayError> {
        let mut game = AnyGame::new(kind).ok_or(ReplayError::NotPlayable(kind))?;
        let mut lessons = Lessons { goal: true, ..Lessons::default() };
        lessons.heard.insert(game.step().id);
        for e in events {
            game.apply(e)?;
            lessons.heard.insert(game.step().id);
            lessons.cards.extend(cards_entering(&game, e).into_iter().map(|l| l.id));
        }
        Ok(lessons)
    }

    /// The explanations due now that `game` stands where it does: the
    /// goal first (once per game), then the step's explanation if the step
    /// comes for the first time. Marks them heard: the next call gives
    /// them no more.
    pub fn due(&mut self, game: &AnyGame) -> Vec<Lesson> {
        self.due_after(game, &[])
    }

    /// [`Lessons::due`] once `events` came: the goal first, then the
    /// cards they brought into play not explained yet in this game, then
    /// the step.
    pub fn due_after(&mut self, game: &AnyGame, events: &[AnyEvent]) -> Vec<Lesson> {
        let mut out = Vec::new();
        if !self.goal {
            self.goal = true;
            out.push(Lesson { id: goal_id(game.kind()), msg: goal(game.kind()), card: None });
        }
        for l in events.iter().flat_map(|e| cards_entering(game, e)) {
            if self.cards.insert(l.id.clone()) {
                out.push(l);
            }
        }
        let step = game.step();
        if self.heard.insert(step.id) {
            out.push(Lesson { id: step.lesson_id(), msg: step.explanation(), card: None });
        }
        out
    }

    /// Whether the step `id` was explained in this game.
    pub fn heard(&self, id: &str) -> bool {
        self.heard.contains(id)
    }
}

/// Moves' words every game shares.
pub(crate) mod words {
    use crate::Msg;
    use tavola_words::msg;

    /// The setup page, filled in and confirmed.
    pub fn setup() -> Msg {
        msg!("teach.move.setup")
    }

    /// The host sets a player's count of cards in hand right.
    pub fn correct_hand() -> Msg {
        msg!("teach.move.correct_hand")
    }

    /// The facts of a card Tavola asks for, entered.
    pub fn learn() -> Msg {
        msg!("teach.move.learn")
    }

    /// The turn ends.
    pub fn end_turn(name: crate::Arg) -> Msg {
        msg!("teach.move.end_turn", name)
    }

    /// The player looking at the covered panel is done.
    pub fn reveal_seen() -> Msg {
        msg!("teach.move.reveal_seen")
    }
}

/// Checks the engines' scenarios share: the step a game has come to is
/// explained.
#[cfg(test)]
pub(crate) mod testing {
    use super::{what_now, Game};
    use crate::Lang;

    /// `game` stands at the step `id`, whose explanation, waiting line and
    /// moves' words are said in full in both languages.
    pub(crate) fn assert_explained<G: Game>(game: &G, id: &str) {
        let now = what_now(game);
        assert_eq!(now.step.id, id, "the game is not at {id}");
        assert!(G::STEPS.contains(&id), "{id} is not among the game's steps");
        assert!(!now.moves.is_empty(), "nothing to do at {id}");
        for msg in [now.step.explanation(), now.waiting].iter().chain(&now.moves) {
            for lang in Lang::ALL {
                let text = lang.text(msg);
                assert!(lang.catalog().get(&msg.id).is_some(), "no {} in {}", msg.id, lang.code());
                assert!(!text.trim().is_empty() && !text.contains('{'), "{} says {text:?} in {}", msg.id, lang.code());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::Fuzz;
    use crate::{avalon::Avalon, legends::Legends, soc::Soc};
    use crate::{Ctx, Lang};

    #[test]
    fn a_step_names_its_messages_by_its_id() {
        let s = Step::of("avalon.team_building", Seat(1));
        assert_eq!(s.lesson_id(), "teach.avalon.team_building");
        assert_eq!(s.explanation().id, "teach.avalon.team_building");
        assert_eq!(s.waiting(Some(Arg::Text("Bruno".into()))).id, "teach.avalon.team_building.waiting");
        assert_eq!(goal_id(GameKind::Nottingham), "teach.nottingham.goal");
    }

    /// `msg` is a message of both catalogs, said in full in both languages.
    fn said(msg: &Msg, what: &str) -> Result<(), String> {
        for lang in Lang::ALL {
            if lang.catalog().get(&msg.id).is_none() {
                return Err(format!("{what}: no {} in the {} catalog", msg.id, lang.code()));
            }
            let text = lang.text(msg);
            if text.trim().is_empty() || text.contains('{') || text.contains(&*msg.id) {
                return Err(format!("{what}: {} says {text:?} in {}", msg.id, lang.code()));
            }
        }
        Ok(())
    }

    /// Sentences in a text: its full stops, question and exclamation marks.
    fn sentences(text: &str) -> usize {
        text.split_inclusive(['.', '?', '!']).filter(|s| s.trim().len() > 1).count()
    }

    /// Walks `games` random games of `G` as the property tests do; at every
    /// state the step, what the table waits for and every move offered must
    /// have their words in both languages. Returns the steps reached.
    fn walk<G: Fuzz>(games: u64, max: usize) -> BTreeSet<&'static str> {
        let mut reached = BTreeSet::new();
        for seed in 0..games {
            let mut ctx = Ctx::seeded(seed);
            let mut game = G::default();
            for n in 0..max {
                reached.insert(look(&game, &format!("{:?} seed {seed} step {n}", G::KIND)));
                if game.is_over() {
                    break;
                }
                let command = game.random_command(&mut ctx);
                let _ = game.execute(&command, &mut ctx);
            }
        }
        reached
    }

    /// The step `game` is at, checked: one of its game's steps, explained,
    /// with what the table waits for and every move open said in both
    /// languages.
    fn look<G: Fuzz>(game: &G, at: &str) -> &'static str {
        let now = what_now(game);
        assert!(G::STEPS.contains(&now.step.id), "{at}: step {} is not in STEPS", now.step.id);
        said(&now.step.explanation(), at).unwrap();
        said(&now.waiting, at).unwrap();
        assert!(!now.moves.is_empty() || game.is_over(), "{at}: nothing to do at {}", now.step.id);
        for m in &now.moves {
            said(m, at).unwrap();
        }
        now.step.id
    }

    // Shadows over Camelot's grail and traitor_check, and Camelot Legends'
    // dagonet, grant, rescue, forfeit and companion, are not reached by
    // the random walks above: scenarios built through the engines' own
    // moves reach them (here, and in `legends::texts_tests` and
    // `legends::full_tests` with `testing::assert_explained`).

    /// Plays `commands` on `game`, each of which must be accepted, until
    /// the game stands at `id`; then checks the step is explained.
    fn play_to<G: Fuzz>(game: &mut G, ctx: &mut Ctx<'_>, commands: Vec<G::Command>, id: &str) {
        for command in commands {
            if game.step().id == id {
                break;
            }
            let _ = look(game, id);
            game.execute(&command, ctx).unwrap_or_else(|e| panic!("{command:?} refused: {e:?}"));
        }
        testing::assert_explained(game, id);
    }

    /// Plays `commands` on `game`, each of which must be accepted.
    fn play<G: Fuzz>(game: &mut G, ctx: &mut Ctx<'_>, commands: Vec<G::Command>) {
        for command in commands {
            let _ = look(game, "on the way");
            game.execute(&command, ctx).unwrap_or_else(|e| panic!("{command:?} refused: {e:?}"));
        }
    }

    fn soc_setup() -> crate::soc::Command {
        use crate::soc::{Knight, LoyaltyMode, Setup};
        crate::soc::Command::Setup(Setup {
            knights: vec![Knight::Arthur, Knight::Kay, Knight::Gawain],
            names: ["Anna", "Bruno", "Carla"].map(String::from).to_vec(),
            loyalty: LoyaltyMode::Standard,
            scan_loyalty: false,
            youngest: None,
            rules: None,
        })
    }

    #[test]
    fn a_knight_dying_with_the_grail_won_is_explained() {
        use crate::soc::{Command as C, Correction, Place};
        let (mut ctx, mut game) = (Ctx::seeded(1), Soc::default());
        let mut commands = vec![soc_setup()];
        for _ in 0..3 {
            commands.extend([C::AddSiegeEngine, C::Move { to: Place::Grail }, C::EndTurn]);
        }
        play(&mut game, &mut ctx, commands);
        // Seven Grail cards win the quest; the Grail goes to a knight.
        for _ in 0..7 {
            let seat = game.step().whose.expect("a knight's turn");
            let turn = vec![C::AddSiegeEngine, C::CorrectHand { seat, cards: 9 }, C::PlayGrail, C::EndTurn];
            play(&mut game, &mut ctx, turn);
        }
        // A knight at his last life point loses it: the Grail may save him.
        let seat = game.step().whose.expect("a knight's turn");
        let last = vec![C::Correct { correction: Correction::Life { seat, life: 1 } }, C::LoseLife];
        play_to(&mut game, &mut ctx, last, "soc.grail");
    }

    #[test]
    fn the_last_sword_with_a_traitor_unknown_asks_the_table_and_is_explained() {
        use crate::soc::{Command as C, Correction};
        let (mut ctx, mut game) = (Ctx::seeded(2), Soc::default());
        // Eleven swords short of one lost quest's two black ones.
        let mut commands = vec![soc_setup(), C::Correct { correction: Correction::Swords { white: 6, black: 4 } }];
        for i in 1..=5 {
            let card = format!("soc/black/excalibur-{i}");
            commands.extend([C::BlackCard { card, face_down: None, war: None }, C::DrawWhite, C::EndTurn]);
        }
        play_to(&mut game, &mut ctx, commands, "soc.traitor_check");
    }

    fn walked<G: Fuzz>(games: u64, max: usize) {
        let reached = walk::<G>(games, max);
        let missed: Vec<&&str> = G::STEPS.iter().filter(|s| !reached.contains(**s)).collect();
        eprintln!("{:?}: {} of {} steps reached; not reached: {missed:?}", G::KIND, reached.len(), G::STEPS.len());
        assert!(reached.len() * 2 > G::STEPS.len(), "{:?}: the walk reached too few steps: {reached:?}", G::KIND);
    }

    /// How far each game is walked: games, and steps at most in each
    /// (Avalon reaches its optional steps over more games, King Arthur's
    /// Knights' rounds take more steps); any other game as most are.
    macro_rules! walk_budget {
        (avalon) => {
            (40, 300)
        };
        (kak) => {
            (20, 400)
        };
        ($module:ident) => {
            (20, 300)
        };
    }

    /// Every game of the list, walked at random: every step and move it
    /// reaches has words, and it reaches more than half of its steps.
    macro_rules! every_step_and_move_has_words {
        ($($module:ident::$Engine:ident)*) => {$(
            mod $module {
                #[test]
                fn every_step_and_move_of_its_games_has_words() {
                    let (games, max) = walk_budget!($module);
                    super::walked::<crate::$module::$Engine>(games, max);
                }
            }
        )*};
    }
    crate::games!(@modules every_step_and_move_has_words);

    #[test]
    fn every_step_a_game_may_reach_is_explained_in_two_or_three_sentences_and_has_its_waiting_line() {
        for kind in GameKind::ALL {
            said(&goal(kind), "goal").unwrap();
            assert!(!kind.steps().is_empty(), "{kind:?} has no steps");
            for id in kind.steps() {
                assert!(id.starts_with(&format!("{}.", kind.id())), "{id} is not named after {kind:?}");
                let step = Step::all(id);
                said(&step.explanation(), id).unwrap();
                for lang in Lang::ALL {
                    let text = lang.text(&step.explanation());
                    let n = sentences(&text);
                    assert!((2..=3).contains(&n), "teach.{id} has {n} sentences in {}: {text}", lang.code());
                    let entry = lang.catalog().get(&format!("teach.{id}.waiting"));
                    assert!(entry.is_some_and(|e| e.is_translated()), "no teach.{id}.waiting in {}", lang.code());
                }
            }
        }
    }

    #[test]
    fn the_catalogs_hold_no_teaching_for_a_step_no_game_has() {
        let mut known: BTreeSet<String> = BTreeSet::new();
        for kind in GameKind::ALL {
            known.insert(goal_id(kind));
            for id in kind.steps() {
                known.insert(format!("teach.{id}"));
                known.insert(format!("teach.{id}.waiting"));
            }
        }
        for lang in Lang::ALL {
            for e in lang.catalog().entries() {
                let id = e.id.as_str();
                let Some(rest) = id.strip_prefix("teach.") else { continue };
                // Moves' words and the words they share are checked where
                // they are said (`msg!`); the rest names a step or a goal.
                let mut parts = rest.split('.');
                let (first, second) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
                if first == "move" || second == "move" || second == "card" || second.starts_with("the_") {
                    continue;
                }
                assert!(known.contains(id), "{id} in the {} catalog explains no step of any game", lang.code());
            }
        }
    }

    /// Walks `games` random games of `G`: every card an event brings into
    /// play must be explained, in one or two sentences, in both languages.
    /// Returns the explanations given.
    fn cards_walked<G: Fuzz + crate::Registered>(games: u64, max: usize) -> BTreeSet<String> {
        let mut given = BTreeSet::new();
        for seed in 0..games {
            let mut ctx = Ctx::seeded(seed);
            let mut game = G::default();
            for n in 0..max {
                if game.is_over() {
                    break;
                }
                let command = game.random_command(&mut ctx);
                let Ok(events) = game.execute(&command, &mut ctx) else { continue };
                for e in events {
                    for l in game.cards_entering(&e) {
                        let at = format!("{:?} seed {seed} step {n}", G::KIND);
                        said(&l.msg, &at).unwrap();
                        said(l.card.as_ref().expect("a card's name"), &at).unwrap();
                        for lang in Lang::ALL {
                            let text = lang.text(&l.msg);
                            let count = sentences(&text);
                            assert!((1..=2).contains(&count), "{at}: {} has {count} sentences: {text}", l.id);
                        }
                        let listed = G::card_lesson_ids();
                        assert!(listed.iter().any(|(_, id)| *id == l.id), "{at}: {} is not in card_lesson_ids", l.id);
                        given.insert(l.id);
                    }
                }
            }
        }
        given
    }

    #[test]
    fn every_card_a_random_game_brings_into_play_is_explained() {
        let avalon = cards_walked::<Avalon>(20, 20);
        assert!(avalon.len() >= 3, "Avalon's special characters: {avalon:?}");
        assert!(avalon.contains("avalon.role.merlin.explain"), "{avalon:?}");
        let soc = cards_walked::<Soc>(40, 300);
        assert!(soc.iter().any(|id| id.starts_with("teach.soc.card.")), "{soc:?}");
        let legends = cards_walked::<Legends>(10, 300);
        assert!(legends.iter().filter(|id| id.starts_with("card.legends.event.")).count() >= 3, "{legends:?}");
        eprintln!(
            "cards explained: Avalon {}, Shadows over Camelot {soc:?}, Camelot Legends {}",
            avalon.len(),
            legends.len()
        );
    }

    #[test]
    fn every_card_explanation_there_is_says_the_card_in_one_or_two_sentences() {
        let ids = card_lesson_ids();
        assert!(ids.len() > 40, "{}", ids.len());
        for id in ids {
            let msg = Msg::new(id.clone());
            said(&msg, "card").unwrap();
            for lang in Lang::ALL {
                let text = lang.text(&msg);
                let count = sentences(&text);
                assert!((1..=2).contains(&count), "{id} has {count} sentences in {}: {text}", lang.code());
            }
        }
        // Morgan's five cards share one explanation, the special white
        // cards theirs.
        let morgan = AnyEvent::ShadowsOverCamelot(crate::soc::Event::SpecialDrawn {
            card: "soc/black/morgan-3".into(),
            slug: "morgan".into(),
        });
        let soc = AnyGame::new(GameKind::ShadowsOverCamelot).unwrap();
        assert_eq!(cards_entering(&soc, &morgan)[0].id, "teach.soc.card.morgan");
    }

    #[test]
    fn every_kind_of_card_of_every_game_has_its_explanation() {
        let catalog = crate::catalog::Catalog::builtin();
        let mut missing = Vec::new();
        for kind in GameKind::ALL.into_iter().filter(|k| k.is_playable()) {
            let lessons = kind.card_lesson_ids();
            let kinds: BTreeSet<&str> = catalog.by_game(kind).iter().map(|c| c.kind.as_str()).collect();
            for card_kind in &kinds {
                if !lessons.iter().any(|(k, _)| k == card_kind) {
                    missing.push(format!("{}: {card_kind}", kind.id()));
                }
            }
            for (k, id) in &lessons {
                assert!(kinds.contains(k), "{}: {id} explains {k}, a kind its catalog does not have", kind.id());
            }
        }
        assert!(missing.is_empty(), "card kinds no lesson explains: {missing:?}");
    }

    #[test]
    fn a_card_is_explained_once_in_a_game_and_a_restart_remembers_it() {
        let morgan = |n: u8| {
            AnyEvent::ShadowsOverCamelot(crate::soc::Event::SpecialDrawn {
                card: format!("soc/black/morgan-{n}"),
                slug: "morgan".into(),
            })
        };
        let game = AnyGame::new(GameKind::ShadowsOverCamelot).unwrap();
        let mut lessons = Lessons::new();
        let first: Vec<String> = lessons.due_after(&game, &[morgan(1)]).into_iter().map(|l| l.id).collect();
        assert_eq!(first, ["teach.soc.goal", "teach.soc.card.morgan", "teach.soc.setup"]);
        assert!(lessons.due_after(&game, &[morgan(2)]).is_empty(), "the second Morgan card is not explained again");
    }

    #[test]
    fn lessons_come_once_and_a_restart_remembers_them_from_the_history() {
        let mut ctx = Ctx::seeded(3);
        let mut game = AnyGame::new(GameKind::Avalon).unwrap();
        let mut lessons = Lessons::new();
        let first: Vec<String> = lessons.due(&game).into_iter().map(|l| l.id).collect();
        assert_eq!(first, ["teach.avalon.goal", "teach.avalon.setup"]);
        assert!(lessons.due(&game).is_empty(), "nothing is said twice");
        let mut history = Vec::new();
        let mut said = BTreeSet::new();
        let mut avalon = Avalon::default();
        for _ in 0..200 {
            if avalon.is_over() {
                break;
            }
            let command = avalon.random_command(&mut ctx);
            if let Ok(events) = avalon.execute(&command, &mut ctx) {
                for e in events {
                    let any = AnyEvent::Avalon(e);
                    game.apply(&any).unwrap();
                    for l in lessons.due_after(&game, std::slice::from_ref(&any)) {
                        assert!(said.insert(l.id.clone()), "{} said twice", l.id);
                    }
                    history.push(any);
                }
            }
        }
        assert!(said.contains("teach.avalon.team_building"), "{said:?}");
        assert!(said.contains("avalon.role.merlin.explain"), "the characters in play: {said:?}");
        let again = Lessons::from_history(GameKind::Avalon, &history).unwrap();
        assert_eq!(again, lessons, "the history tells what was heard");
        let mut taken_up = again;
        assert!(taken_up.due(&game).is_empty(), "a game taken up does not explain its step again");
    }
}
