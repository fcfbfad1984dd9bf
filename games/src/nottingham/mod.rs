//! Nottingham — Tavola as the table's referee and memory.
//!
//! The players hold and trade the real cards; Tavola keeps what a table
//! gets wrong: how many cards each player holds (never which), the deck and
//! the discards, the Sheriff's place on his path and who gets a favour after
//! each exchange, whether an ambush may be sprung, who completed which
//! commission first, and the final count.
//!
//! - [`items`]: items, actions, colours, commissions and the card facts.
//! - [`Command`]s follow a turn: the card drawn (laid on the reader or
//!   picked), kept or played for its action, the action's outcome, at most
//!   one exchange for points, the end of the turn.
//! - An exchange of three or more alike opens a window in which the
//!   players holding ambush cards may spring them (the pad, or the card on
//!   the reader); see [`Step::Ambushes`].
//!
//! Readings where the rules text is silent (also in docs/games/nottingham.md):
//! - The Sheriff walks the path's spaces and ends the game when he steps
//!   back into Nottingham; that step gives no favour (Nottingham has no
//!   number).
//! - An exchange spoiled by ambushes (fewer than three cards left) was the
//!   turn's one exchange: the cards left go back to the hand, the Sheriff
//!   stays.
//! - An action no opponent can answer (Steal, Rob or Raid with every other
//!   hand empty, Barter with no offer possible, Ambush with the ambush deck
//!   empty) cannot be chosen: the card is kept.
//! - When the deck and the discards are both empty at the turn's draw, the
//!   exception of "Mazzo esaurito" applies (hands above the Sheriff's
//!   number are cut to it, the Sheriff moves on without favours); if there
//!   is still nothing to draw, the turn goes on without a draw.
//! - The favours after a move are drawn seat by seat from the player whose
//!   turn it is, so that a deck running out mid-way is fair to the order
//!   of play.

mod actions;
mod ambushes;
mod error;
mod exchange;
#[cfg(any(test, feature = "testkit"))]
mod fuzz;
pub mod items;
mod legal;
mod setup;
mod sheriff;
mod stored;
mod summary;
mod teach;
#[cfg(test)]
mod tests;
mod turn;
mod view;

pub use error::NottinghamError;
pub use items::{Action, AmbushCard, Colour, Commission, Facts, Item, Points};
pub use legal::Choice;
pub use setup::Setup;
pub use view::{NottinghamView, PlayerView, StepView};

use crate::catalog::Catalog;
use crate::{CommonError, Ctx, Cue, FactBook, Game, GameEvent, GameKind, Legal, Outcome, RuleError, Seat, Waiting};
use items::DECK;
use serde::{Deserialize, Serialize};
use setup::{check_facts, merge_facts};
use std::collections::{BTreeMap, BTreeSet};

/// Players at the table (rules text: "Da 3 a 7 giocatori").
pub const MIN_PLAYERS: usize = 3;
/// Most players.
pub const MAX_PLAYERS: usize = 7;
/// Cards dealt to each player ("Preparazione": 3 item cards each).
pub const HAND_AT_START: u8 = 3;
/// Ambush cards in the box: one per colour and six showing two items.
pub const AMBUSH_CARDS: u8 = 13;
/// Cards in an exchange of items alike: three or more.
pub const MIN_TRADE: u8 = 3;
/// Cards of the exchange an ambush takes ("Imboscata": the ambusher "prende
/// una delle carte" being exchanged, and gives the Gold in return).
pub const AMBUSH_TAKES: u8 = 1;

/// The window in which the other players may ambush an exchange: when it
/// closes, no ambush is sprung ([`Game::timeout_command`]).
pub const AMBUSH: crate::TimedWindow = crate::TimedWindow {
    name: "ambush",
    default_s: 20,
    max_s: 900,
    countdown: "ui.timer.ambush",
    setting: "ui.timer.ambush.setting",
    over: None,
};

/// What the players ask.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "cmd", rename_all = "snake_case")]
pub enum Command {
    /// Set the table up.
    Setup(Setup),
    /// The card drawn at the start of the turn, shown to all (laid on the
    /// reader or picked on screen).
    Draw {
        /// Its item.
        item: Item,
    },
    /// Keep the card drawn.
    Keep,
    /// Play the card drawn for its action.
    Act,
    /// Buy: the offer taken (`None`: every offer refused, the coin kept).
    Buy {
        /// Whose offer.
        #[serde(default)]
        from: Option<Seat>,
    },
    /// Steal, Rob or Raid: whom, and whether they stopped it with the
    /// Necklace.
    Take {
        /// The opponent.
        from: Seat,
        /// Stopped with the Necklace.
        #[serde(default)]
        defended: bool,
    },
    /// Steal, Rob or Raid: the opponent chosen; their own pad then says
    /// whether they defend with the Necklace ([`Command::Defend`]).
    Target {
        /// The opponent.
        from: Seat,
    },
    /// The opponent attacked answers: the Necklace played, or not.
    Defend {
        /// Stopped with the Necklace.
        defended: bool,
    },
    /// Barter: the offer taken (one or two cards), or `None` when nobody
    /// could offer (the chest is kept).
    Barter {
        /// Whose offer.
        #[serde(default)]
        from: Option<Seat>,
        /// Cards in it.
        #[serde(default = "one")]
        cards: u8,
    },
    /// Exchange `count` cards of one item for points.
    Trade {
        /// The item.
        item: Item,
        /// How many (three or more).
        count: u8,
    },
    /// A card of the exchange laid on the reader (each card of it, one
    /// after another, before the exchange is named).
    Lay {
        /// The card's id.
        card: String,
    },
    /// The cards laid for the exchange are taken back into the hand.
    TakeBack,
    /// Complete a commission.
    Complete {
        /// Which.
        commission: Commission,
    },
    /// A player says they spring an ambush (the pad's left button); their
    /// card follows on the reader.
    Announce {
        /// Who.
        seat: Seat,
    },
    /// A player lets the exchange go (the pad's right button).
    Pass {
        /// Who.
        seat: Seat,
    },
    /// An ambush card shown: by `seat`, or by whoever announced one.
    Spring {
        /// Who springs it (`None`: the one who announced, or the only
        /// player holding ambush cards).
        #[serde(default)]
        seat: Option<Seat>,
        /// The ambush card.
        card: String,
    },
    /// The ambush window closes (the host, or its time running out).
    CloseAmbushes,
    /// The facts of a card learned now, when the game first needs them.
    Learn {
        /// What was learned.
        facts: Facts,
    },
    /// The turn ends.
    EndTurn,
    /// The host sets a hand's count right.
    CorrectHand {
        /// Whose.
        seat: Seat,
        /// Cards held.
        cards: u8,
    },
}

fn one() -> u8 {
    1
}

/// Why the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// The Sheriff came back to Nottingham.
    SheriffHome,
    /// The eighth commission card was taken.
    Commissions,
}

/// One player's final score.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    /// Points from the cards kept in the winnings pile.
    pub winnings: u32,
    /// Cards in the winnings pile (the tie-break).
    pub cards: u8,
    /// Points from commissions.
    pub commissions: u32,
    /// The total.
    pub total: u32,
}

/// What happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// The table is set: the hands dealt, the ambush cards of unused
    /// colours put away.
    SetUp {
        /// The setup.
        setup: Setup,
        /// Colours whose ambush cards go back in the box.
        put_away: Vec<Colour>,
    },
    /// The card drawn, shown to all.
    Drew {
        /// Who.
        seat: Seat,
        /// Its item.
        item: Item,
    },
    /// Nothing to draw anywhere: the turn goes on without a card.
    NoDraw {
        /// Whose turn.
        seat: Seat,
    },
    /// The discards shuffled into a new deck.
    Reshuffled {
        /// Cards in the new deck.
        cards: u8,
    },
    /// The card drawn joins the hand.
    Kept {
        /// Who.
        seat: Seat,
        /// Its item.
        item: Item,
    },
    /// The card drawn is played for its action.
    Acted {
        /// Who.
        seat: Seat,
        /// The item.
        item: Item,
    },
    /// A Buy settled.
    Bought {
        /// Who bought.
        seat: Seat,
        /// Whose offer (`None`: the coin kept).
        from: Option<Seat>,
    },
    /// Steal, Rob or Raid settled.
    Took {
        /// The attacker.
        seat: Seat,
        /// The action.
        action: Action,
        /// The victim.
        from: Seat,
        /// Stopped with the Necklace.
        defended: bool,
    },
    /// An opponent is attacked: their answer (the Necklace) is awaited.
    Targeted {
        /// The attacker.
        seat: Seat,
        /// The opponent.
        from: Seat,
    },
    /// A Barter settled.
    Bartered {
        /// Who bartered.
        seat: Seat,
        /// Whose offer (`None`: nobody could offer, the chest kept).
        from: Option<Seat>,
        /// Cards taken.
        cards: u8,
    },
    /// An ambush card kept face down, the Gold under it.
    AmbushLaid {
        /// Who.
        seat: Seat,
    },
    /// A card of the exchange laid on the reader.
    Laid {
        /// Who.
        seat: Seat,
        /// The card's id.
        card: String,
        /// Its item.
        item: Item,
    },
    /// The cards laid went back into the hand.
    TakenBack {
        /// Who.
        seat: Seat,
    },
    /// An exchange of items alike begins: the ambush window opens when
    /// someone holds ambush cards.
    TradeOffered {
        /// Who.
        seat: Seat,
        /// The item.
        item: Item,
        /// Cards laid.
        count: u8,
    },
    /// A player announced an ambush.
    Announced {
        /// Who.
        seat: Seat,
    },
    /// A player let the exchange go.
    Passed {
        /// Who.
        seat: Seat,
    },
    /// An ambush sprung: one card of the exchange to the ambusher, the Gold
    /// to the trader.
    Sprung {
        /// The ambusher.
        seat: Seat,
        /// The card shown.
        card: String,
        /// The trader.
        on: Seat,
    },
    /// The exchange is done: one card kept for points, the rest discarded.
    Traded {
        /// Who.
        seat: Seat,
        /// The item.
        item: Item,
        /// Cards exchanged (after ambushes).
        count: u8,
    },
    /// Ambushes left fewer than three cards: back to the hand, no points.
    TradeSpoiled {
        /// Who.
        seat: Seat,
        /// Cards back in the hand.
        back: u8,
    },
    /// A commission completed.
    Completed {
        /// Who.
        seat: Seat,
        /// Which.
        commission: Commission,
        /// The first to complete it (the single-pawn card, for now).
        first: bool,
    },
    /// The Sheriff moved one space.
    SheriffMoved {
        /// His space (0: Nottingham at the start; the path's length + 1:
        /// back in Nottingham).
        to: u8,
    },
    /// Favours: one card each, drawn unseen.
    Favoured {
        /// Who.
        seats: Vec<Seat>,
    },
    /// Deck and discards both empty: hands above the Sheriff's number are
    /// cut to it.
    HandsCut {
        /// Who discarded, and how many.
        cuts: Vec<(Seat, u8)>,
    },
    /// Facts learned during the game.
    Learned {
        /// The facts.
        facts: Facts,
    },
    /// The next player's turn.
    TurnPassed {
        /// Whose.
        to: Seat,
    },
    /// A hand's count set right.
    HandCorrected {
        /// Whose.
        seat: Seat,
        /// Cards now.
        cards: u8,
    },
    /// The game is over.
    GameEnded {
        /// Why.
        reason: EndReason,
    },
}

impl GameEvent for Event {
    fn redacted(&self) -> Option<Self> {
        // Nothing Tavola knows is secret: it counts cards, never sees them.
        Some(self.clone())
    }

    fn blocks_undo(&self) -> bool {
        matches!(self, Event::GameEnded { .. })
    }
}

/// One seat.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerState {
    /// Cards in hand.
    pub hand: u8,
    /// Items kept face down for points, one per exchange.
    pub winnings: Vec<Item>,
    /// Ambush cards held face down (each with its Gold).
    pub ambushes: u8,
    /// Commissions completed.
    pub commissions: Vec<Commission>,
}

/// Where the turn stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Step {
    /// The card is to be drawn and shown.
    Draw,
    /// The card drawn: keep it, or play its action.
    Drawn {
        /// Its item.
        item: Item,
    },
    /// The action's outcome is awaited.
    Acting {
        /// The action.
        action: Action,
    },
    /// The opponent attacked may defend with the Necklace.
    Defence {
        /// The action.
        action: Action,
        /// The opponent.
        from: Seat,
    },
    /// An exchange waits for ambushes.
    Ambushes {
        /// The item exchanged.
        item: Item,
        /// Cards still in the exchange.
        count: u8,
        /// Who may still spring an ambush and has not let it go.
        open: BTreeSet<Seat>,
        /// Who announced an ambush and is to show the card.
        announced: Option<Seat>,
        /// Ambushes sprung so far (their windows' keys).
        sprung: u8,
    },
    /// Free: exchange (once) or end the turn.
    Free,
}

/// The turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    /// Whose.
    pub seat: Seat,
    /// Where it stands.
    pub step: Step,
    /// The turn's one exchange is made (or spoiled).
    pub traded: bool,
    /// The cards laid on the reader for the exchange, each by its id (a
    /// card read twice is refused), with its item.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub laid: Vec<(String, Item)>,
}

/// The whole game. Everything here is public: the view shows it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Nottingham {
    setup: Option<Setup>,
    facts: Facts,
    players: Vec<PlayerState>,
    deck: u8,
    discard: u8,
    /// Ambush cards face down in their deck.
    ambush_deck: u8,
    /// The Sheriff's space: 0 is Nottingham at the start.
    sheriff: u8,
    /// Who completed each commission, in order.
    commissions: BTreeMap<Commission, Vec<Seat>>,
    turn: Option<Turn>,
    /// Exchanges made, for the ambush windows' keys.
    trades: u32,
    ended: Option<EndReason>,
}

/// Events being built: each applied to a copy as it is made.
struct Draft {
    sim: Nottingham,
    events: Vec<Event>,
}

impl Draft {
    fn emit(&mut self, e: Event) {
        self.sim.apply(&e);
        self.events.push(e);
    }

    /// The game ends (the count is read from the state; see
    /// [`Nottingham::scores`]).
    fn end(&mut self, reason: EndReason) {
        self.emit(Event::GameEnded { reason });
    }
}

type Res<T> = Result<T, RuleError>;

/// A hand up or down by `delta` (never below zero).
fn hand(g: &mut Nottingham, s: Seat, delta: i32) {
    if let Some(p) = g.players.get_mut(s.index()) {
        p.hand = (i32::from(p.hand) + delta).clamp(0, i32::from(u8::MAX)) as u8;
    }
}

fn err(e: NottinghamError) -> RuleError {
    e.into()
}

impl Nottingham {
    /// Players at the table (0 before setup).
    pub fn players(&self) -> usize {
        self.players.len()
    }

    /// Each seat's state.
    pub fn player_states(&self) -> &[PlayerState] {
        &self.players
    }

    /// The facts in force.
    pub fn facts(&self) -> &Facts {
        &self.facts
    }

    /// The turn.
    pub fn turn(&self) -> Option<&Turn> {
        self.turn.as_ref()
    }

    /// Cards in the deck and in the discards.
    pub fn piles(&self) -> (u8, u8) {
        (self.deck, self.discard)
    }

    /// The Sheriff's space (0: Nottingham at the start) and its number, if
    /// it has one.
    pub fn sheriff(&self) -> (u8, Option<u8>) {
        (self.sheriff, self.space_value(self.sheriff))
    }

    fn space_value(&self, space: u8) -> Option<u8> {
        usize::from(space).checked_sub(1).and_then(|i| self.facts.path.get(i)).copied()
    }

    /// The seat's colour.
    pub fn colour(&self, seat: Seat) -> Option<Colour> {
        self.setup.as_ref()?.colours.get(seat.index()).copied()
    }

    /// The seat's name: the name typed at setup, else the seat's number.
    pub fn name(&self, seat: Seat) -> String {
        self.setup
            .as_ref()
            .and_then(|s| s.names.get(seat.index()))
            .map(|n| n.trim())
            .filter(|n| !n.is_empty())
            .map_or_else(|| seat.to_string(), str::to_string)
    }

    /// Who completed `c` so far, in order.
    pub fn completed(&self, c: Commission) -> &[Seat] {
        self.commissions.get(&c).map_or(&[], Vec::as_slice)
    }

    /// Each seat's score, when the commissions' points are known.
    pub fn scores(&self) -> Option<Vec<Score>> {
        let mut out = Vec::new();
        for p in &self.players {
            let winnings: u32 = p.winnings.iter().map(|i| i.value()).sum();
            let mut commissions = 0;
            for c in &p.commissions {
                let points = self.facts.commissions.get(c)?;
                let shared = self.completed(*c).len() > 1;
                commissions += u32::from(if shared { points.shared } else { points.alone });
            }
            out.push(Score { winnings, cards: p.winnings.len() as u8, commissions, total: winnings + commissions });
        }
        Some(out)
    }

    /// The commissions completed whose points are not known yet.
    pub fn points_missing(&self) -> Vec<Commission> {
        self.commissions.keys().copied().filter(|c| !self.facts.commissions.contains_key(c)).collect()
    }

    /// Winners: the highest total, then the most winnings cards; a further
    /// tie shares the victory ("Punteggio").
    pub fn winners(&self) -> Option<Vec<Seat>> {
        let scores = self.scores()?;
        let best = scores.iter().map(|s| (s.total, s.cards)).max()?;
        Some(Seat::all(scores.len()).filter(|s| (scores[s.index()].total, scores[s.index()].cards) == best).collect())
    }

    fn seat_ok(&self, seat: Seat) -> Res<()> {
        if seat.index() < self.players() {
            Ok(())
        } else {
            Err(CommonError::NoSuchSeat { seat }.into())
        }
    }

    fn playing(&self) -> Res<&Turn> {
        if self.setup.is_none() {
            return Err(CommonError::NotStarted.into());
        }
        if self.ended.is_some() {
            return Err(CommonError::GameOver.into());
        }
        self.turn.as_ref().ok_or_else(|| CommonError::NotNow.into())
    }

    fn decide_in(&self, c: &Command, d: &mut Draft) -> Res<()> {
        if let Command::Setup(s) = c {
            self.check_setup(s)?;
            let put_away = Colour::ALL.into_iter().filter(|c| !s.colours.contains(c)).collect();
            d.emit(Event::SetUp { setup: s.clone(), put_away });
            return Ok(());
        }
        if let Command::Learn { facts } = c {
            if self.setup.is_none() {
                return Err(CommonError::NotStarted.into());
            }
            if facts.is_empty() {
                return Err(CommonError::NothingToLearn.into());
            }
            check_facts(facts)?;
            // A fact in force stays for the whole game (a correction is for
            // the next one); the path is known from the setup.
            let known = &self.facts;
            let changes = !facts.path.is_empty()
                || facts.commissions.iter().any(|(c, p)| known.commissions.get(c).is_some_and(|k| k != p))
                || facts.ambush_items.iter().any(|(c, i)| known.ambush_items.get(c).is_some_and(|k| k != i));
            if changes {
                return Err(err(NottinghamError::FactInForce));
            }
            d.emit(Event::Learned { facts: facts.clone() });
            return Ok(());
        }
        if let Command::CorrectHand { seat, cards } = c {
            self.playing()?;
            self.seat_ok(*seat)?;
            if *cards > DECK {
                return Err(err(NottinghamError::TooManyCards { cards: *cards }));
            }
            d.emit(Event::HandCorrected { seat: *seat, cards: *cards });
            return Ok(());
        }
        let turn = self.playing()?.clone();
        match c {
            Command::Draw { .. } | Command::Keep | Command::Act | Command::EndTurn => self.decide_card(c, d, &turn),
            Command::Buy { .. }
            | Command::Take { .. }
            | Command::Target { .. }
            | Command::Defend { .. }
            | Command::Barter { .. } => self.decide_action(c, d, &turn),
            Command::Lay { .. } | Command::TakeBack | Command::Trade { .. } | Command::Complete { .. } => {
                self.decide_exchange(c, d, &turn)
            }
            Command::Announce { .. } | Command::Pass { .. } | Command::Spring { .. } | Command::CloseAmbushes => {
                self.decide_ambushes(c, d, &turn)
            }
            Command::Setup(_) | Command::Learn { .. } | Command::CorrectHand { .. } => unreachable!("handled above"),
        }
    }

    fn apply_event(&mut self, e: &Event) {
        match e {
            Event::NoDraw { .. } => self.free(),
            Event::SheriffMoved { to } => self.sheriff = *to,
            Event::Learned { facts } => merge_facts(&mut self.facts, facts),
            Event::SetUp { .. } | Event::HandCorrected { .. } => self.apply_setup(e),
            Event::Drew { .. }
            | Event::Kept { .. }
            | Event::Acted { .. }
            | Event::TurnPassed { .. }
            | Event::GameEnded { .. } => self.apply_turn(e),
            Event::Bought { .. }
            | Event::Took { .. }
            | Event::Targeted { .. }
            | Event::Bartered { .. }
            | Event::AmbushLaid { .. } => self.apply_action(e),
            Event::Laid { .. }
            | Event::TakenBack { .. }
            | Event::TradeOffered { .. }
            | Event::Traded { .. }
            | Event::TradeSpoiled { .. }
            | Event::Completed { .. } => self.apply_exchange(e),
            Event::Announced { .. } | Event::Passed { .. } | Event::Sprung { .. } => self.apply_ambushes(e),
            Event::Reshuffled { .. } | Event::Favoured { .. } | Event::HandsCut { .. } => self.apply_sheriff(e),
        }
    }

    /// The card's outcome is settled: the turn is free.
    fn free(&mut self) {
        if let Some(t) = &mut self.turn {
            t.step = Step::Free;
        }
    }
}

impl Game for Nottingham {
    type Command = Command;
    type Event = Event;
    type View = NottinghamView;
    type Error = NottinghamError;
    type Choice = Choice;

    const KIND: GameKind = GameKind::Nottingham;

    const STEPS: &'static [&'static str] = teach::STEPS;

    const WINDOWS: &'static [crate::TimedWindow] = &[AMBUSH];

    const LOOK: crate::Look = crate::Look {
        colour: 0x94c76e,
        ground: 0x21361a,
        emblem: include_bytes!("emblem.svg"),
        short_title: "Nottingham",
    };

    fn step(&self) -> crate::Step {
        self.step_now()
    }

    fn move_words(&self, legal: &Legal<Command, Choice>) -> tavola_words::Msg {
        self.move_words_now(legal)
    }

    fn decide(&self, command: &Command, ctx: &mut Ctx<'_>) -> Result<Vec<Event>, RuleError> {
        let mut d = Draft { sim: self.clone(), events: Vec::new() };
        // The setup copies the owner's facts known now into its event (the
        // facts the command carries, typed at setup, over the book's).
        if let Command::Setup(s) = command {
            let mut facts = Facts::from_book(ctx.facts);
            merge_facts(&mut facts, &s.facts);
            let setup = Setup { facts, ..s.clone() };
            self.decide_in(&Command::Setup(setup), &mut d)?;
            return Ok(d.events);
        }
        self.decide_in(command, &mut d)?;
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

    fn view(&self) -> NottinghamView {
        self.view_now()
    }

    fn cues(&self, event: &Event) -> Vec<Cue> {
        view::cues(self, event)
    }

    fn check_invariants(&self) -> Result<(), String> {
        let Some(setup) = &self.setup else { return Ok(()) };
        // Hands are counts the host may set right (a miscount has no known
        // source), so only what never passes through a hand is held to the
        // box: the deck, the cards won and the ambush cards.
        let won: u32 = self.players.iter().map(|p| p.winnings.len() as u32).sum();
        let laid = self.players.iter().map(|p| u32::from(p.ambushes)).sum::<u32>();
        if u32::from(self.deck) + won > u32::from(DECK) {
            return Err(format!("more cards than the box: deck {}, won {won}", self.deck));
        }
        let put_away = (MAX_PLAYERS - setup.colours.len()) as u32;
        if u32::from(self.ambush_deck) + laid + put_away != u32::from(AMBUSH_CARDS) {
            return Err(format!("ambush cards: deck {} + held {laid} + away {put_away}", self.ambush_deck));
        }
        if usize::from(self.sheriff) > self.facts.path.len() + 1 {
            return Err(format!("the Sheriff is past Nottingham: {}", self.sheriff));
        }
        for (c, seats) in &self.commissions {
            if seats.len() > 2 || seats.iter().collect::<BTreeSet<_>>().len() != seats.len() {
                return Err(format!("{c:?} completed by {seats:?}"));
            }
        }
        if self.ended.is_none() && self.turn.is_none() {
            return Err("no turn in a game on".into());
        }
        Ok(())
    }

    fn is_over(&self) -> bool {
        self.ended.is_some()
    }

    fn players(&self) -> usize {
        self.players.len()
    }

    fn player_name(&self, seat: Seat) -> Option<String> {
        let names = &self.setup.as_ref()?.names;
        names.get(seat.index()).map(|n| n.trim()).filter(|n| !n.is_empty()).map(str::to_string)
    }

    /// The card drawn: on the player's own pad, the left button keeps it,
    /// the right plays its action. In the ambush window: the left button
    /// springs an ambush (the card follows on the reader), the right lets
    /// the exchange go.
    fn pad_command(&self, seat: Seat, approve: bool) -> Option<Command> {
        match &self.turn {
            Some(Turn { step: Step::Drawn { .. }, seat: s, .. }) if *s == seat => {
                Some(if approve { Command::Keep } else { Command::Act })
            }
            Some(Turn { step: Step::Ambushes { .. }, .. }) => {
                Some(if approve { Command::Announce { seat } } else { Command::Pass { seat } })
            }
            // The opponent attacked: left, the Necklace; right, no defence.
            Some(Turn { step: Step::Defence { from, .. }, .. }) if *from == seat => {
                Some(Command::Defend { defended: approve })
            }
            _ => None,
        }
    }

    /// An item card at the draw; an ambush card in the ambush window.
    fn card_command(&self, card: &str, cards: &Catalog) -> Result<Command, RuleError> {
        let _ = cards;
        match (&self.turn, Item::of_card(card), AmbushCard::of_card(card)) {
            (Some(Turn { step: Step::Draw, .. }), Some(item), _) => Ok(Command::Draw { item }),
            // After the card drawn is settled, a card laid is one of the
            // exchange's.
            (Some(Turn { step: Step::Free, traded: false, .. }), Some(_), _) => {
                Ok(Command::Lay { card: card.to_string() })
            }
            (Some(Turn { step: Step::Ambushes { .. }, .. }), _, Some(_)) => {
                Ok(Command::Spring { seat: None, card: card.to_string() })
            }
            _ => Err(CommonError::CardNotExpected { card: card.to_string() }.into()),
        }
    }

    fn die_command(&self) -> Option<Command> {
        None
    }

    fn waiting(&self) -> Option<Waiting> {
        // The card drawn: the player's light asks keep (left) or act (right).
        if let Some(Turn { step: Step::Drawn { .. }, seat, .. }) = &self.turn {
            return Some(Waiting { timer: None, pad: vec![(*seat, false)] });
        }
        if let Some(Turn { step: Step::Defence { from, .. }, .. }) = &self.turn {
            return Some(Waiting { timer: None, pad: vec![(*from, false)] });
        }
        let Some(Turn { step: Step::Ambushes { open, .. }, .. }) = &self.turn else { return None };
        let key = self.ambush_key()?;
        let pad = Seat::all(self.players()).filter(|s| open.contains(s)).map(|s| (s, false)).collect();
        Some(Waiting { timer: Some((&AMBUSH, key)), pad })
    }

    const FACTS: &'static [crate::FactKind] = items::FACTS;

    fn card_facts(&self) -> Option<FactBook> {
        self.setup.as_ref()?;
        Some(self.facts.to_book())
    }

    fn learn_command(&self, facts: &FactBook) -> Option<Command> {
        // The path is in force from the setup: only cards met since.
        let mut learned = Facts::from_book(facts);
        learned.path.clear();
        (!learned.is_empty()).then_some(Command::Learn { facts: learned })
    }

    fn timeout_command(&self) -> Option<Command> {
        matches!(self.turn, Some(Turn { step: Step::Ambushes { .. }, .. })).then_some(Command::CloseAmbushes)
    }

    fn outcome(&self) -> Option<Outcome> {
        let reason = self.ended?;
        let winners = self.winners();
        let winner = match &winners {
            Some(w) if w.len() == 1 => self.colour(w[0]).map_or_else(String::new, |c| crate::code(&c)),
            Some(_) => "shared".to_string(),
            None => String::new(),
        };
        Some(Outcome { winner, reason: crate::code(&reason), winners })
    }

    fn outcome_words(winner: &str, reason: &str) -> Option<crate::OutcomeWords> {
        let title = match winner {
            "shared" => tavola_words::msg!("nottingham.winner.shared"),
            "" => tavola_words::msg!("nottingham.winner.unknown"),
            colour => {
                tavola_words::msg!("nottingham.winner.colour", colour = crate::from_code::<Colour>(colour)?.msg())
            }
        };
        let reason = match crate::from_code::<EndReason>(reason)? {
            EndReason::SheriffHome => tavola_words::msg!("nottingham.outcome.sheriff_home"),
            EndReason::Commissions => tavola_words::msg!("nottingham.outcome.commissions"),
        };
        Some(crate::OutcomeWords { title, reason })
    }

    fn summary(&self) -> Option<crate::Summary> {
        self.finished_summary()
    }

    fn old_facts(stored: &serde_json::Value) -> Option<FactBook> {
        stored::old_facts(stored)
    }

    fn setup_spec(answers: &crate::SetupAnswers) -> crate::SetupSpec {
        setup::setup_spec(answers)
    }

    fn setup_command(answers: &crate::SetupAnswers) -> Result<Command, RuleError> {
        setup::setup_command(answers)
    }

    fn seated_names(event: &Event) -> Option<Vec<String>> {
        let Event::SetUp { setup, .. } = event else { return None };
        Some((0..setup.colours.len()).map(|i| setup.names.get(i).map_or("", |s| s.trim()).to_string()).collect())
    }
}

use tavola_words::Said;

/// The screens see nothing beyond the view.
impl crate::Public for Nottingham {
    type Public<'a> = ();

    fn public(&self) {}
}
