//! King Arthur's Knights — Tavola as the round keeper and the scorer.
//!
//! The players hold the real cards and move the real knights; Tavola keeps
//! what the rulebook leaves to pen and paper and to the table's memory:
//! the tents and the order of play, the three (four) picks of action cards
//! each round, where each knight stands on the ring of locations, which
//! action may be used where, the quests open, held and completed, the
//! virtue cards in the piles and in each hand (the hands are never shown,
//! only counted), the tournament's secret bids, the score, the tents by
//! score, and the end.
//!
//! - [`cards`]: virtues, actions, locations, quests and the card facts.
//! - A round: the open quests refilled ([`Command::Reveal`], the card
//!   turned face up laid on the reader), phase I's picks in tent order
//!   ([`Command::Pick`]), phase II's actions in tent order (one player's
//!   turn at a time, ended by [`Command::EndTurn`]), the tournament (each
//!   bidder presses on the pad when the bid lies face down, then the bids
//!   are shown), phase III's tents by score.
//!
//! Readings where the rules text is silent (also in docs/games/kak.md):
//! - The knights start beside Camelot, outside the ring ("vicino alla
//!   carta luogo Camelot"): Tavola counts them as at Camelot, so the first
//!   round's Camelot actions may be used before any horse.
//! - The cards put away at 2 or 3 players: of the two Round Table and the
//!   two Court cards, the second copy (they are alike); of the four horses,
//!   one drawn by lot (their reach differs and the text does not say
//!   which); of the value-1 virtue cards, one of each virtue drawn by lot
//!   (alike on their face). Tavola names each one.
//! - The virtue cards dealt at setup are dealt by Tavola, by lot, from the
//!   value-1 cards the rules name; each player's two are theirs alone (the
//!   public view counts them; each player is to be shown theirs privately).
//! - Virtue cards of the same virtue and value are alike at the table: a
//!   card laid on the reader stands for one alike in the hand or the pile
//!   when Tavola placed another copy there.
//! - A horse moves the knight at least one location (riding nowhere is
//!   not using it), at most its reach, the shorter way round or the longer
//!   one, in either direction.
//! - A quest takes exactly the cards it needs: a card without which the
//!   quest is still done is refused (the text's "excess" is a card worth
//!   more than needed, whose extra value is lost and said so).
//! - The Court with no Book is refused rather than played for nothing
//!   (the card goes back either way).
//! - A player whose every action card but the Tournament is used ends the
//!   turn at once; otherwise the player ends it, and the cards not used go
//!   back ("Fase II": "vengono rimesse a posto").
//! - A player who took the Tournament card and is not at Camelot at the
//!   end of phase II does not take part (the card goes back, no points).
//! - The tournament's bid cards go back to their piles, as the text says:
//!   the bidders lose them, winners and losers alike.
//! - Two bidders who both bid nothing score nothing; a bid of some cards
//!   against none wins.
//! - A game ends once the round in which a player reached the target is
//!   played through phase II and its tournament: phase III only readies a
//!   next round, so it is not played.
//! - Phase III: Tavola deals the tents as the round closes, then asks for
//!   the open quests to be refilled; neither depends on the other.
//! - The winner: the most points; on a tie, the first of the tied to reach
//!   the target. Two tied players who reached it with the same event (a
//!   tournament tie, 1 point each) share the victory.

mod actions;
pub mod cards;
mod error;
#[cfg(any(test, feature = "testkit"))]
mod fuzz;
#[cfg(any(test, feature = "testkit"))]
pub use fuzz::test_facts;
mod legal;
mod round;
mod setup;
mod summary;
mod teach;
#[cfg(test)]
mod tests;
mod tournament;
mod view;

pub use cards::{Action, Facts, Needs, Quest, Virtue, VirtueCard, Where};
pub use error::KakError;
pub use legal::Choice;
pub use setup::Setup;
pub use tournament::{Bid, Joust};
pub use view::{KakView, PhaseView, PlayerView};

use crate::catalog::Catalog;
use crate::{CommonError, Ctx, Cue, FactBook, Game, GameEvent, GameKind, Legal, Outcome, RuleError, Seat, Waiting};
use cards::{ACTION_CARDS, CAMELOT, QUESTS};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// Players at the table (the box: "2-4 giocatori").
pub const MIN_PLAYERS: usize = 2;
/// Most players.
pub const MAX_PLAYERS: usize = 4;
/// Locations in the ring ("8 carte luogo").
pub const RING: usize = 8;
/// Open quests ("Preparazione": the first 3; "Fase III": "fino a tornare
/// a tre").
pub const OPEN_QUESTS: usize = 3;
/// Points for the Court ("guadagna due punti").
pub const COURT_POINTS: u8 = 2;
/// Points for winning the tournament ("guadagna 2 scudi").
pub const TOURNAMENT_WIN: u8 = 2;
/// Points each on a tied tournament ("ottengono un punto ciascuno").
pub const TOURNAMENT_TIE: u8 = 1;

/// The points that end the game ("Fine del gioco": 25 with 2 players,
/// 20 with 3, 15 with 4).
pub fn target(players: usize) -> u32 {
    match players {
        2 => 25,
        3 => 20,
        _ => 15,
    }
}

/// Action cards each player picks a round ("Fase I": three, a fourth with
/// 2 players).
pub fn picks_per_round(players: usize) -> usize {
    if players == 2 {
        4
    } else {
        3
    }
}

/// The value-1 virtue cards dealt at setup, by virtue (sword, lance,
/// dragon, book) ("Preparazione": at 4, two of each; at 3, two swords and
/// two dragons, one lance and one book; at 2, one of each).
pub fn dealt_ones(players: usize) -> [usize; 4] {
    match players {
        4 => [2, 2, 2, 2],
        3 => [2, 1, 2, 1],
        _ => [1, 1, 1, 1],
    }
}

/// What the players ask.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "cmd", rename_all = "snake_case")]
pub enum Command {
    /// Set the table up.
    Setup(Setup),
    /// A location laid in the ring, clockwise after the ones laid before
    /// (when the setup left the ring to the reader).
    Lay {
        /// The location.
        card: String,
    },
    /// A quest card turned face up from the pile (laid on the reader).
    Reveal {
        /// The quest.
        card: String,
    },
    /// Phase I: the player whose pick it is takes an action card.
    Pick {
        /// The action card.
        card: String,
    },
    /// Training: the virtue card taken from its pile (laid on the reader).
    Train {
        /// The virtue card.
        card: String,
    },
    /// The Round Table: an open quest taken.
    RoundTable {
        /// The quest.
        quest: String,
    },
    /// The Court: a Book handed back for 2 points.
    Court {
        /// The Book.
        card: String,
    },
    /// A quest completed with these virtue cards.
    Quest {
        /// The quest.
        quest: String,
        /// The virtue cards handed in.
        cards: Vec<String>,
    },
    /// A horse ridden to a location.
    Ride {
        /// The horse card.
        horse: String,
        /// The location.
        to: String,
    },
    /// The player's phase II turn is over.
    EndTurn,
    /// A bidder's bid lies face down (the pad).
    BidDown {
        /// Who.
        seat: Seat,
    },
    /// A bid shown: the cards laid on the reader or entered.
    Bid {
        /// Who.
        seat: Seat,
        /// The Swords and Lances bid (none is a bid too).
        cards: Vec<String>,
    },
    /// The facts of cards learned now, when the game first needs them.
    Learn {
        /// What was learned.
        facts: Facts,
    },
}

/// What happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// The table is set: cards put away, first tents drawn by lot, virtue
    /// cards dealt.
    SetUp {
        /// The setup.
        setup: Setup,
        /// The cards that go back in the box.
        removed: Vec<String>,
        /// The tents: `tents[0]` holds tent 1.
        tents: Vec<Seat>,
        /// The virtue cards dealt, by seat (secret: blank in public).
        dealt: Vec<Vec<String>>,
    },
    /// A location laid in the ring, clockwise after the others.
    Laid {
        /// The location.
        card: String,
    },
    /// A quest turned face up.
    Revealed {
        /// The quest.
        card: String,
    },
    /// A round begins: the action cards are all on the table.
    RoundStarted {
        /// Its number, from 1.
        round: u32,
    },
    /// An action card picked.
    Picked {
        /// Who.
        seat: Seat,
        /// The card.
        card: String,
    },
    /// A virtue card taken from its pile by training.
    Trained {
        /// Who.
        seat: Seat,
        /// The training card used.
        action: String,
        /// The virtue card.
        card: String,
    },
    /// An open quest taken at the Round Table.
    QuestTaken {
        /// Who.
        seat: Seat,
        /// The Round Table card used.
        action: String,
        /// The quest.
        quest: String,
    },
    /// Justice held at court: a Book back, points won.
    CourtHeld {
        /// Who.
        seat: Seat,
        /// The Court card used.
        action: String,
        /// The Book.
        card: String,
        /// Points won.
        points: u8,
    },
    /// A quest completed.
    QuestCompleted {
        /// Who.
        seat: Seat,
        /// The Quest card used.
        action: String,
        /// The quest.
        quest: String,
        /// The virtue cards handed in.
        cards: Vec<String>,
        /// Points won.
        points: u8,
        /// Virtue value beyond what the quest asked, lost.
        wasted: u8,
    },
    /// A knight rode to another location.
    Rode {
        /// Who.
        seat: Seat,
        /// The horse.
        horse: String,
        /// Where to.
        to: String,
    },
    /// A player's phase II turn ended; the cards not used go back.
    TurnEnded {
        /// Who.
        seat: Seat,
        /// Action cards put back unused.
        unused: Vec<String>,
    },
    /// The tournament at the end of phase II.
    TournamentOpened {
        /// The bidders: the Tournament card taken, the knight at Camelot.
        bidders: Vec<Seat>,
        /// Took the card but are not at Camelot: out.
        absent: Vec<Seat>,
    },
    /// A bid lies face down.
    BidLaid {
        /// Who.
        seat: Seat,
    },
    /// A bid shown.
    BidShown {
        /// Who.
        seat: Seat,
        /// The cards.
        cards: Vec<String>,
        /// Their total.
        total: u8,
    },
    /// The tournament's points.
    TournamentDecided {
        /// How it ended.
        joust: Joust,
        /// Points won, by seat.
        points: Vec<(Seat, u8)>,
    },
    /// Tents for the next round, by score (phase III).
    TentsDealt {
        /// `tents[0]` holds tent 1.
        tents: Vec<Seat>,
        /// Groups tied on points whose tents were drawn by lot.
        drawn: Vec<Vec<Seat>>,
    },
    /// Facts learned during the game.
    Learned {
        /// The facts.
        facts: Facts,
    },
    /// The game is over.
    GameEnded {
        /// The winners (more than one: shared).
        winners: Vec<Seat>,
    },
}

impl GameEvent for Event {
    fn redacted(&self) -> Option<Self> {
        match self {
            // Each player's dealt cards are theirs alone.
            Event::SetUp { setup, removed, tents, dealt } => Some(Event::SetUp {
                setup: setup.clone(),
                removed: removed.clone(),
                tents: tents.clone(),
                dealt: dealt.iter().map(|_| Vec::new()).collect(),
            }),
            _ => Some(self.clone()),
        }
    }

    fn blocks_undo(&self) -> bool {
        matches!(self, Event::BidLaid { .. } | Event::GameEnded { .. })
    }
}

/// Where the round stands.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// Before the setup.
    #[default]
    Setup,
    /// The ring is being laid on the reader, one location after another
    /// clockwise (the setup left it empty).
    Ring,
    /// Open quests are being turned face up, up to three.
    Refill,
    /// Phase I: `pick` (from 0) of each player's picks, `turn` the place in
    /// the tent order.
    Picks {
        /// The round of picks.
        pick: u8,
        /// Whose pick, by tent.
        turn: u8,
    },
    /// Phase II: the player holding tent `turn + 1` acts.
    Actions {
        /// Whose turn, by tent.
        turn: u8,
    },
    /// The tournament: bids laid face down, then shown.
    Tournament {
        /// Who bids.
        bidders: Vec<Seat>,
        /// Whose bid lies face down.
        down: BTreeSet<Seat>,
        /// The bids shown.
        #[serde(with = "crate::core::seat_map")]
        shown: BTreeMap<Seat, Bid>,
    },
    /// The game is over.
    Over,
}

/// One seat.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// The knight's place in the ring (an index of [`Setup::ring`]).
    pub at: usize,
    /// Points.
    pub score: u32,
    /// The scoring event in which the target was first reached.
    pub reached: Option<u32>,
    /// Virtue cards in hand (secret).
    pub hand: Vec<String>,
    /// Quests held.
    pub quests: Vec<String>,
    /// Action cards picked this round and not used yet.
    pub picked: Vec<String>,
    /// The phase II turn is over this round.
    pub done: bool,
}

/// The whole game.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Kak {
    setup: Option<Setup>,
    facts: Facts,
    removed: Vec<String>,
    players: Vec<Player>,
    /// `tents[i]` holds tent `i + 1`.
    tents: Vec<Seat>,
    /// Action cards on the table.
    actions: BTreeSet<String>,
    /// Virtue cards in their piles.
    supply: BTreeSet<String>,
    /// Quests face down in the pile.
    deck: BTreeSet<String>,
    /// Quests face up.
    open: Vec<String>,
    /// Quests completed, out of the game.
    completed: Vec<String>,
    round: u32,
    /// Scoring events so far (the order in which targets were reached).
    awards: u32,
    phase: Phase,
    winners: Vec<Seat>,
}

/// Events being built: each applied to a copy as it is made.
struct Draft {
    sim: Kak,
    events: Vec<Event>,
}

impl Draft {
    fn emit(&mut self, e: Event) {
        self.sim.apply(&e);
        self.events.push(e);
    }
}

type Res<T> = Result<T, RuleError>;

fn err(e: KakError) -> RuleError {
    e.into()
}

impl Kak {
    /// Players at the table (0 before setup).
    pub fn players(&self) -> usize {
        self.players.len()
    }

    /// Each seat's state (hands included: for the engine and its tests).
    pub fn player_states(&self) -> &[Player] {
        &self.players
    }

    /// The facts in force.
    pub fn facts(&self) -> &Facts {
        &self.facts
    }

    /// Where the round stands.
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// The tents: `tents()[0]` holds tent 1.
    pub fn tents(&self) -> &[Seat] {
        &self.tents
    }

    /// The cards put away at setup.
    pub fn removed(&self) -> &[String] {
        &self.removed
    }

    /// The quests face up.
    pub fn open_quests(&self) -> &[String] {
        &self.open
    }

    /// The round (from 1; 0 during the setup's reveals).
    pub fn round(&self) -> u32 {
        self.round
    }

    /// The location a seat's knight is at.
    pub fn location(&self, seat: Seat) -> Option<&str> {
        let ring = &self.setup.as_ref()?.ring;
        ring.get(self.players.get(seat.index())?.at).map(String::as_str)
    }

    fn at_camelot(&self, seat: Seat) -> bool {
        self.location(seat) == Some(CAMELOT)
    }

    /// The winners, once the game is over.
    pub fn winners(&self) -> &[Seat] {
        &self.winners
    }

    /// The seat's name: the name typed at setup, else the seat's number.
    pub fn name(&self, seat: Seat) -> String {
        self.player_name_of(seat).unwrap_or_else(|| seat.to_string())
    }

    fn player_name_of(&self, seat: Seat) -> Option<String> {
        let names = &self.setup.as_ref()?.names;
        names.get(seat.index()).map(|n| n.trim()).filter(|n| !n.is_empty()).map(str::to_string)
    }

    /// Open quests still to turn face up before the round can start.
    fn wanted(&self) -> usize {
        OPEN_QUESTS.saturating_sub(self.open.len()).min(self.deck.len())
    }

    /// The seat whose phase II turn it is.
    fn acting(&self) -> Option<Seat> {
        match self.phase {
            Phase::Actions { turn } => self.tents.get(usize::from(turn)).copied(),
            _ => None,
        }
    }

    /// The seat whose pick it is.
    fn picking(&self) -> Option<Seat> {
        match self.phase {
            Phase::Picks { turn, .. } => self.tents.get(usize::from(turn)).copied(),
            _ => None,
        }
    }

    /// Every action card in play (the box's less those put away).
    fn in_play(&self) -> impl Iterator<Item = &'static str> + '_ {
        ACTION_CARDS.iter().map(|(id, _)| *id).filter(|id| !self.removed.iter().any(|r| r == id))
    }

    /// The most points, and on a tie the first to reach the target ("Fine
    /// del gioco": "il primo giocatore che ha raggiunto la quota").
    fn leaders(&self) -> Vec<Seat> {
        let best = self.players.iter().map(|p| p.score).max().unwrap_or(0);
        let tied: Vec<Seat> = Seat::all(self.players()).filter(|s| self.players[s.index()].score == best).collect();
        let first = tied.iter().filter_map(|s| self.players[s.index()].reached).min();
        match first {
            Some(f) => tied.into_iter().filter(|s| self.players[s.index()].reached == Some(f)).collect(),
            None => tied,
        }
    }

    fn virtue_of(&self, card: &str) -> Option<VirtueCard> {
        self.facts.virtues.get(card).copied()
    }

    fn playing(&self) -> Res<()> {
        match self.phase {
            Phase::Setup => Err(CommonError::NotStarted.into()),
            Phase::Over => Err(CommonError::GameOver.into()),
            _ => Ok(()),
        }
    }

    fn kak_card(card: &str) -> Res<()> {
        match GameKind::of_card(card) {
            Some(GameKind::KingArthursKnights) | None => Ok(()),
            Some(_) => Err(CommonError::WrongGameCard { card: card.to_string() }.into()),
        }
    }

    fn decide_in(&self, c: &Command, d: &mut Draft, ctx: &mut Ctx<'_>) -> Res<()> {
        if let Command::Setup(s) = c {
            self.check_setup(s)?;
            Self::check_facts(&s.facts, ctx.cards)?;
            d.emit(Self::set_up(s, &mut ctx.rng));
            d.start_round_if_ready();
            return Ok(());
        }
        self.playing()?;
        if let Command::Learn { facts } = c {
            if facts.is_empty() {
                return Err(CommonError::NothingToLearn.into());
            }
            Self::check_facts(facts, ctx.cards)?;
            // A fact in force stays for the whole game (a correction is
            // for the next one).
            if self.facts.conflicts(facts) {
                return Err(err(KakError::FactInForce));
            }
            d.emit(Event::Learned { facts: facts.clone() });
            return Ok(());
        }
        let rng = &mut ctx.rng;
        match (c, &self.phase) {
            (Command::Lay { .. }, Phase::Ring) => self.decide_ring(c, d),
            (Command::Reveal { .. }, Phase::Refill) | (Command::Pick { .. }, Phase::Picks { .. }) => {
                self.decide_round(c, d)
            }
            (
                Command::Train { .. }
                | Command::RoundTable { .. }
                | Command::Court { .. }
                | Command::Quest { .. }
                | Command::Ride { .. }
                | Command::EndTurn,
                Phase::Actions { .. },
            ) => self.decide_actions(c, d, rng),
            (Command::BidDown { .. } | Command::Bid { .. }, Phase::Tournament { .. }) => self.decide_bids(c, d, rng),
            (Command::Setup(_) | Command::Learn { .. }, _) => unreachable!("handled above"),
            _ => Err(CommonError::NotNow.into()),
        }
    }

    fn apply_event(&mut self, e: &Event) {
        match e {
            Event::Learned { facts } => self.facts.merge(facts),
            Event::SetUp { .. } | Event::Laid { .. } => self.apply_setup(e),
            Event::Revealed { .. }
            | Event::RoundStarted { .. }
            | Event::Picked { .. }
            | Event::TentsDealt { .. }
            | Event::GameEnded { .. } => self.apply_round(e),
            Event::Trained { .. }
            | Event::QuestTaken { .. }
            | Event::CourtHeld { .. }
            | Event::QuestCompleted { .. }
            | Event::Rode { .. }
            | Event::TurnEnded { .. } => self.apply_actions(e),
            Event::TournamentOpened { .. }
            | Event::BidLaid { .. }
            | Event::BidShown { .. }
            | Event::TournamentDecided { .. } => self.apply_tournament(e),
        }
    }
}

impl Game for Kak {
    type Command = Command;
    type Event = Event;
    type View = KakView;
    type Error = KakError;
    type Choice = Choice;

    const KIND: GameKind = GameKind::KingArthursKnights;

    const STEPS: &'static [&'static str] = teach::STEPS;

    // None: the table times no window of this game; it waits for the
    // players.
    const WINDOWS: &'static [crate::TimedWindow] = &[];

    const LOOK: crate::Look = crate::Look {
        colour: 0xe99c62,
        ground: 0x46280f,
        emblem: include_bytes!("emblem.svg"),
        short_title: "King Arthur's Knights",
    };

    fn step(&self) -> crate::Step {
        self.step_now()
    }

    fn move_words(&self, legal: &Legal<Command, Choice>) -> tavola_words::Msg {
        self.move_words_now(legal)
    }

    fn decide(&self, command: &Command, ctx: &mut Ctx<'_>) -> Result<Vec<Event>, RuleError> {
        let mut d = Draft { sim: self.clone(), events: Vec::new() };
        // The setup copies the facts known now into its event: the
        // catalog's (the rules' example), the owner's book, then those the
        // command carries (typed at setup).
        if let Command::Setup(s) = command {
            let mut facts = Facts::from_catalog(ctx.cards);
            facts.merge(&Facts::from_book(ctx.facts));
            facts.merge(&s.facts);
            let setup = Setup { facts, ..s.clone() };
            self.decide_in(&Command::Setup(setup), &mut d, ctx)?;
            return Ok(d.events);
        }
        self.decide_in(command, &mut d, ctx)?;
        Ok(d.events)
    }

    fn apply(&mut self, event: &Event) {
        self.apply_event(event);
    }

    fn legal(&self) -> Vec<Legal<Command, Choice>> {
        self.legal_now()
    }

    fn cards_entering(&self, event: &Event) -> Vec<crate::Lesson> {
        teach::cards_entering(self, event)
    }

    fn card_lesson_ids() -> Vec<(&'static str, String)> {
        teach::card_lesson_ids()
    }

    fn view(&self) -> KakView {
        self.view_now()
    }

    fn cues(&self, event: &Event) -> Vec<Cue> {
        view::cues(self, event)
    }

    fn check_invariants(&self) -> Result<(), String> {
        let Some(setup) = &self.setup else { return Ok(()) };
        let n = self.players();
        // Every virtue card in one place: a pile, a hand, the box.
        let mut places: BTreeMap<&str, usize> = BTreeMap::new();
        for c in self.supply.iter().chain(self.players.iter().flat_map(|p| &p.hand)).chain(self.removed.iter()) {
            if cards::is_virtue_card(c) {
                *places.entry(c.as_str()).or_default() += 1;
            }
        }
        if places.len() != cards::VIRTUE_CARDS || places.values().any(|&k| k != 1) {
            return Err(format!("virtue cards out of place: {places:?}"));
        }
        // Every quest in one place: the pile, the open row, a hand, done.
        let quests: Vec<&String> = self
            .deck
            .iter()
            .chain(&self.open)
            .chain(self.players.iter().flat_map(|p| &p.quests))
            .chain(&self.completed)
            .collect();
        if quests.len() != QUESTS.len() || quests.iter().collect::<BTreeSet<_>>().len() != QUESTS.len() {
            return Err(format!("quests out of place: {quests:?}"));
        }
        if self.open.len() > OPEN_QUESTS {
            return Err(format!("{} open quests", self.open.len()));
        }
        // Every action card in play on the table or picked, once.
        let mut actions: Vec<&String> =
            self.actions.iter().chain(self.players.iter().flat_map(|p| &p.picked)).collect();
        actions.sort();
        let in_play: Vec<&str> = {
            let mut v: Vec<&str> = self.in_play().collect();
            v.sort();
            v
        };
        if actions.iter().map(|s| s.as_str()).collect::<Vec<_>>() != in_play {
            return Err(format!("action cards out of place: {actions:?}"));
        }
        for p in &self.players {
            let t = p.picked.iter().filter(|c| Action::of_card(c) == Some(Action::Tournament)).count();
            if t > 1 {
                return Err("two Tournament cards in one hand".into());
            }
            if p.at >= RING {
                return Err(format!("a knight off the ring: {}", p.at));
            }
        }
        let mut tents = self.tents.clone();
        tents.sort();
        if tents != Seat::all(n).collect::<Vec<_>>() {
            return Err(format!("tents {:?}", self.tents));
        }
        if setup.ring.len() != RING && self.phase != Phase::Ring {
            return Err("the ring".into());
        }
        if let Phase::Picks { pick, turn } = self.phase {
            let per = picks_per_round(n);
            let t = usize::from(turn);
            for (i, s) in self.tents.iter().enumerate() {
                let had = usize::from(pick) + usize::from(i < t);
                if self.players[s.index()].picked.len() != had.min(per) {
                    return Err(format!("picks out of turn: {:?}", self.players[s.index()].picked));
                }
            }
        }
        if self.phase == Phase::Over && self.winners.is_empty() {
            return Err("over without winners".into());
        }
        Ok(())
    }

    fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    fn players(&self) -> usize {
        self.players.len()
    }

    fn player_name(&self, seat: Seat) -> Option<String> {
        self.player_name_of(seat)
    }

    /// The tournament: either button says the bid lies face down.
    fn pad_command(&self, seat: Seat, approve: bool) -> Option<Command> {
        let _ = approve;
        match &self.phase {
            Phase::Tournament { bidders, down, .. } if bidders.contains(&seat) && !down.contains(&seat) => {
                Some(Command::BidDown { seat })
            }
            _ => None,
        }
    }

    /// A quest turned face up; an action card picked; a virtue card taken
    /// by training.
    fn card_command(&self, card: &str, cards: &Catalog) -> Result<Command, RuleError> {
        let _ = cards;
        Self::kak_card(card)?;
        let card = card.to_string();
        match &self.phase {
            Phase::Ring if cards::is_location(&card) => Ok(Command::Lay { card }),
            Phase::Refill if QUESTS.contains(&card.as_str()) => Ok(Command::Reveal { card }),
            Phase::Picks { .. } if Action::of_card(&card).is_some() => Ok(Command::Pick { card }),
            Phase::Actions { .. } if cards::is_virtue_card(&card) && self.supply.contains(&card) => {
                Ok(Command::Train { card })
            }
            _ => Err(CommonError::CardNotExpected { card }.into()),
        }
    }

    fn die_command(&self) -> Option<Command> {
        None
    }

    /// The virtue cards dealt to `seat` (their ids), for that player's
    /// eyes as the screen shows each player their own in turn.
    fn dealt(&self, seat: Seat) -> Option<crate::Private> {
        let hand = &self.players.get(seat.index())?.hand;
        Some(crate::Private {
            seat,
            message: tavola_words::msg!("kak.dealt", count = hand.len()),
            shows: serde_json::json!(hand),
        })
    }

    fn waiting(&self) -> Option<Waiting> {
        let Phase::Tournament { bidders, down, .. } = &self.phase else { return None };
        Some(Waiting { timer: None, pad: bidders.iter().map(|s| (*s, down.contains(s))).collect() })
    }

    const FACTS: &'static [crate::FactKind] = cards::FACTS;

    fn card_facts(&self) -> Option<FactBook> {
        self.setup.as_ref()?;
        Some(self.facts.to_book())
    }

    fn learn_command(&self, facts: &FactBook) -> Option<Command> {
        let learned = Facts::from_book(facts);
        (!learned.is_empty()).then_some(Command::Learn { facts: learned })
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.phase != Phase::Over {
            return None;
        }
        let winner = match self.winners.as_slice() {
            [one] => self.setup.as_ref()?.knights.get(one.index())?.rsplit('/').next()?.to_string(),
            _ => "shared".to_string(),
        };
        Some(Outcome { winner, reason: "target".into(), winners: Some(self.winners.clone()) })
    }

    fn outcome_words(winner: &str, reason: &str) -> Option<crate::OutcomeWords> {
        if reason != "target" {
            return None;
        }
        let title = match winner {
            "shared" => tavola_words::msg!("kak.winner.shared"),
            knight => {
                let card = format!("kak/knight/{knight}");
                if !cards::knights().any(|k| k == card) {
                    return None;
                }
                tavola_words::msg!("kak.winner.knight", knight = crate::facts::card_msg(&card))
            }
        };
        Some(crate::OutcomeWords { title, reason: tavola_words::msg!("kak.outcome.target") })
    }

    fn summary(&self) -> Option<crate::Summary> {
        self.finished_summary()
    }

    fn setup_spec(answers: &crate::SetupAnswers) -> crate::SetupSpec {
        setup::setup_spec(answers)
    }

    fn setup_command(answers: &crate::SetupAnswers) -> Result<Command, RuleError> {
        setup::setup_command(answers)
    }

    fn seated_names(event: &Event) -> Option<Vec<String>> {
        let Event::SetUp { setup, .. } = event else { return None };
        Some((0..setup.knights.len()).map(|i| setup.names.get(i).map_or("", |s| s.trim()).to_string()).collect())
    }
}

/// The screens see nothing beyond the view.
impl crate::Public for Kak {
    type Public<'a> = ();

    fn public(&self) {}
}
