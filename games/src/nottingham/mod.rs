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
//! Readings where the rules text is silent (also in the README):
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

mod error;
#[cfg(any(test, feature = "testkit"))]
mod fuzz;
pub mod items;
mod legal;
mod stored;
mod summary;
#[cfg(test)]
mod tests;
mod view;

pub use error::NottinghamError;
pub use items::{Action, AmbushCard, Colour, Commission, Facts, Item, Points};
pub use legal::Choice;
pub use view::{NottinghamView, PlayerView, StepView};

use crate::catalog::Catalog;
use crate::{CommonError, Ctx, Cue, FactBook, Game, GameEvent, GameKind, Legal, Outcome, RuleError, Seat, Waiting};
use items::{COMMISSION_POINTS, DECK, MAX_PATH, PATH_VALUES};
use serde::{Deserialize, Serialize};
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

/// The table's choices at setup.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// One colour per seat, in the order of play (clockwise).
    pub colours: Vec<Colour>,
    /// Players' names, by seat (empty: the seat's number).
    #[serde(default)]
    pub names: Vec<String>,
    /// Who starts.
    #[serde(default)]
    pub first: Seat,
    /// The owner's card facts known now (the path at least).
    #[serde(default)]
    pub facts: Facts,
}

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

    /// An empty deck: the discards shuffled in, or, with none, the hands
    /// cut to the Sheriff's number and the Sheriff moved on ("Mazzo
    /// esaurito").
    fn refill(&mut self, turn: Seat) {
        if self.sim.discard > 0 {
            let cards = self.sim.discard;
            self.emit(Event::Reshuffled { cards });
            return;
        }
        let value = self.sim.space_value(self.sim.sheriff).unwrap_or(0);
        let cuts: Vec<(Seat, u8)> = Seat::all(self.sim.players())
            .filter_map(|s| {
                let hand = self.sim.players[s.index()].hand;
                (hand > value).then(|| (s, hand - value))
            })
            .collect();
        if !cuts.is_empty() {
            self.emit(Event::HandsCut { cuts });
        }
        self.move_sheriff(turn, false);
        if self.sim.ended.is_none() && self.sim.deck == 0 && self.sim.discard > 0 {
            let cards = self.sim.discard;
            self.emit(Event::Reshuffled { cards });
        }
    }

    /// The Sheriff moves on; favours, or the end back in Nottingham.
    fn move_sheriff(&mut self, from: Seat, favours: bool) {
        let to = self.sim.sheriff + 1;
        self.emit(Event::SheriffMoved { to });
        let Some(value) = self.sim.space_value(to) else {
            return self.end(EndReason::SheriffHome);
        };
        if !favours {
            return;
        }
        let n = self.sim.players();
        let mut seats = Vec::new();
        for i in 0..n {
            let s = Seat(((from.index() + i) % n) as u8);
            if self.sim.players[s.index()].hand <= value {
                seats.push(s);
            }
        }
        let mut given = Vec::new();
        for s in seats {
            if self.sim.deck == 0 {
                if !given.is_empty() {
                    self.emit(Event::Favoured { seats: std::mem::take(&mut given) });
                }
                self.refill(s);
                if self.sim.ended.is_some() || self.sim.deck == 0 {
                    return;
                }
            }
            given.push(s);
            // The deck as it will be once this favour is drawn.
            self.sim.deck -= 1;
        }
        // Undo the look-ahead: the event applies the draws.
        self.sim.deck += given.len() as u8;
        if !given.is_empty() {
            self.emit(Event::Favoured { seats: given });
        }
    }

    /// Closes the exchange when nobody can spring an ambush any more.
    fn settle_ambushes(&mut self) {
        let Some(Turn { seat, step: Step::Ambushes { item, count, open, announced, .. }, .. }) = self.sim.turn.clone()
        else {
            return;
        };
        if announced.is_some() || (!open.is_empty() && count > 0) {
            return;
        }
        if count >= MIN_TRADE {
            self.emit(Event::Traded { seat, item, count });
            self.move_sheriff(seat, true);
        } else {
            self.emit(Event::TradeSpoiled { seat, back: count });
        }
    }
}

type Res<T> = Result<T, RuleError>;

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

    /// Who may answer an action that takes from a hand: opponents holding
    /// a card.
    fn victims(&self, seat: Seat) -> impl Iterator<Item = Seat> + '_ {
        Seat::all(self.players()).filter(move |&s| s != seat && self.players[s.index()].hand > 0)
    }

    /// Whether `from` may be attacked by `seat`: an opponent holding a card.
    fn check_victim(&self, seat: Seat, from: Seat) -> Res<()> {
        self.seat_ok(from)?;
        if from == seat {
            return Err(err(NottinghamError::NotYourself));
        }
        if self.players[from.index()].hand == 0 {
            return Err(err(NottinghamError::EmptyHand { seat: from }));
        }
        Ok(())
    }

    /// Whether the card drawn may be played for its action now.
    fn check_act(&self, seat: Seat, item: Item) -> Res<()> {
        match item.action() {
            Action::Defence => Err(err(NottinghamError::NecklaceIsKept)),
            Action::Steal | Action::Rob | Action::Raid | Action::Barter if self.victims(seat).next().is_none() => {
                Err(err(NottinghamError::NoOpponentHolds))
            }
            Action::Ambush if self.ambush_deck == 0 => Err(err(NottinghamError::NoAmbushCards)),
            _ => Ok(()),
        }
    }

    fn check_setup(&self, s: &Setup) -> Res<()> {
        if self.setup.is_some() {
            return Err(CommonError::AlreadyStarted.into());
        }
        let n = s.colours.len();
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&n) {
            return Err(err(NottinghamError::PlayerCount { players: n }));
        }
        let distinct: BTreeSet<Colour> = s.colours.iter().copied().collect();
        if distinct.len() != n {
            return Err(err(NottinghamError::ColourTwice));
        }
        if s.names.len() > n {
            return Err(err(NottinghamError::TooManyNames { players: n }));
        }
        if s.first.index() >= n {
            return Err(CommonError::NoSuchSeat { seat: s.first }.into());
        }
        if s.facts.path.is_empty() {
            return Err(CommonError::FactsNeeded { cards: vec![items::PATH_CARD.to_string()] }.into());
        }
        check_facts(&s.facts)
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
        let seat = turn.seat;
        match (c, &turn.step) {
            (Command::Draw { item }, Step::Draw) => {
                if d.sim.deck == 0 {
                    d.refill(seat);
                }
                if d.sim.ended.is_some() {
                    return Ok(());
                }
                if d.sim.deck == 0 {
                    // Every card is in a hand or won: the turn goes on
                    // without a draw.
                    d.emit(Event::NoDraw { seat });
                    return Ok(());
                }
                d.emit(Event::Drew { seat, item: *item });
                if item.action() == Action::Defence {
                    // The Necklace is never played on the draw ("Difesa").
                    d.emit(Event::Kept { seat, item: *item });
                }
            }
            (Command::Draw { .. }, _) => return Err(err(NottinghamError::AlreadyDrawn)),
            (Command::Keep, Step::Drawn { item }) => d.emit(Event::Kept { seat, item: *item }),
            (Command::Act, Step::Drawn { item }) => {
                self.check_act(seat, *item)?;
                d.emit(Event::Acted { seat, item: *item });
                if item.action() == Action::Ambush {
                    d.emit(Event::AmbushLaid { seat });
                }
            }
            (Command::Keep | Command::Act, Step::Draw) => return Err(err(NottinghamError::DrawFirst)),
            (Command::Keep | Command::Act, _) => return Err(err(NottinghamError::CardPlaced)),
            (Command::Buy { from }, Step::Acting { action: Action::Buy }) => {
                if let Some(f) = from {
                    self.seat_ok(*f)?;
                    if *f == seat {
                        return Err(err(NottinghamError::NotYourself));
                    }
                    if self.players[f.index()].hand == 0 {
                        return Err(err(NottinghamError::EmptyHand { seat: *f }));
                    }
                }
                d.emit(Event::Bought { seat, from: *from });
            }
            (Command::Take { from, defended }, Step::Acting { action }) if action.is_attack() => {
                self.check_victim(seat, *from)?;
                d.emit(Event::Took { seat, action: *action, from: *from, defended: *defended });
            }
            (Command::Target { from }, Step::Acting { action }) if action.is_attack() => {
                self.check_victim(seat, *from)?;
                d.emit(Event::Targeted { seat, from: *from });
            }
            (Command::Defend { defended }, Step::Defence { action, from }) => {
                d.emit(Event::Took { seat, action: *action, from: *from, defended: *defended });
            }
            (Command::Target { .. } | Command::Defend { .. }, _) => return Err(err(NottinghamError::NotThatAction)),
            (Command::Barter { from, cards }, Step::Acting { action: Action::Barter }) => {
                match from {
                    Some(f) => {
                        self.seat_ok(*f)?;
                        if *f == seat {
                            return Err(err(NottinghamError::NotYourself));
                        }
                        if !(1..=2).contains(cards) {
                            return Err(err(NottinghamError::BarterCards { cards: *cards }));
                        }
                        if self.players[f.index()].hand < *cards {
                            return Err(err(NottinghamError::EmptyHand { seat: *f }));
                        }
                    }
                    // The player may not refuse a barter; only an offer nobody
                    // could make lets the chest stay.
                    None if self.victims(seat).next().is_some() => {
                        return Err(err(NottinghamError::BarterMustTake));
                    }
                    None => {}
                }
                d.emit(Event::Bartered { seat, from: *from, cards: if from.is_some() { *cards } else { 0 } });
            }
            (Command::Buy { .. } | Command::Take { .. } | Command::Barter { .. }, _) => {
                return Err(err(NottinghamError::NotThatAction))
            }
            (Command::Lay { card }, Step::Free) => {
                if turn.traded {
                    return Err(err(NottinghamError::OneExchange));
                }
                let Some(item) = Item::of_card(card) else {
                    return Err(CommonError::CardNotExpected { card: card.clone() }.into());
                };
                // "Carte uguali" are shown from the hand: one physical card
                // counts once.
                if turn.laid.iter().any(|(c, _)| c == card) {
                    return Err(err(NottinghamError::CardLaidTwice { card: card.clone() }));
                }
                let hand = self.players[seat.index()].hand;
                let needed = turn.laid.len() as u8 + 1;
                if needed > hand {
                    return Err(err(NottinghamError::NotEnoughCards { seat, needed, held: hand }));
                }
                d.emit(Event::Laid { seat, card: card.clone(), item });
            }
            (Command::TakeBack, Step::Free) if !turn.laid.is_empty() => d.emit(Event::TakenBack { seat }),
            (Command::Lay { .. } | Command::TakeBack, _) => return Err(err(NottinghamError::NothingToLay)),
            (Command::Trade { item, count }, Step::Free) => {
                if turn.traded {
                    return Err(err(NottinghamError::OneExchange));
                }
                let laid: Vec<Item> = turn.laid.iter().map(|(_, i)| *i).collect();
                if !laid.is_empty() && (laid.len() != usize::from(*count) || laid.iter().any(|i| i != item)) {
                    return Err(err(NottinghamError::NotTheCardsLaid { laid: laid.len() as u8 }));
                }
                if *count < MIN_TRADE {
                    return Err(err(NottinghamError::TradeTooSmall { count: *count }));
                }
                let hand = self.players[seat.index()].hand;
                if *count > hand {
                    return Err(err(NottinghamError::NotEnoughCards { seat, needed: *count, held: hand }));
                }
                d.emit(Event::TradeOffered { seat, item: *item, count: *count });
                d.settle_ambushes();
            }
            (Command::Complete { commission }, Step::Free) => {
                if turn.traded {
                    return Err(err(NottinghamError::OneExchange));
                }
                let done = self.completed(*commission);
                if done.contains(&seat) {
                    return Err(err(NottinghamError::CommissionTwice { commission: *commission }));
                }
                let laid: Vec<Item> = turn.laid.iter().map(|(_, i)| *i).collect();
                if !laid.is_empty() && !commission.is_made_of(&laid) {
                    return Err(err(NottinghamError::NotTheCommission { commission: *commission }));
                }
                if done.len() >= 2 {
                    return Err(err(NottinghamError::CommissionGone { commission: *commission }));
                }
                let hand = self.players[seat.index()].hand;
                let needed = commission.cards();
                if needed > hand {
                    return Err(err(NottinghamError::NotEnoughCards { seat, needed, held: hand }));
                }
                d.emit(Event::Completed { seat, commission: *commission, first: done.is_empty() });
                if d.sim.commissions.values().map(Vec::len).sum::<usize>() == 2 * Commission::ALL.len() {
                    d.end(EndReason::Commissions);
                } else {
                    d.move_sheriff(seat, true);
                }
            }
            (Command::Trade { .. } | Command::Complete { .. }, Step::Ambushes { .. }) => {
                return Err(err(NottinghamError::AmbushesOpen))
            }
            (Command::Trade { .. } | Command::Complete { .. }, _) => return Err(err(NottinghamError::FinishTheCard)),
            (Command::Announce { seat: who }, Step::Ambushes { open, announced, .. }) => {
                self.seat_ok(*who)?;
                if !open.contains(who) {
                    return Err(err(NottinghamError::NoAmbushToSpring { seat: *who }));
                }
                if announced.is_some() {
                    return Err(err(NottinghamError::OneAmbushAtATime));
                }
                d.emit(Event::Announced { seat: *who });
            }
            (Command::Pass { seat: who }, Step::Ambushes { open, announced, .. }) => {
                self.seat_ok(*who)?;
                if !open.contains(who) || *announced == Some(*who) {
                    return Err(CommonError::NotAsked { seat: *who }.into());
                }
                d.emit(Event::Passed { seat: *who });
                d.settle_ambushes();
            }
            (Command::Spring { seat: who, card }, Step::Ambushes { item, open, announced, .. }) => {
                let who = match (who, announced) {
                    (Some(w), _) => *w,
                    (None, Some(a)) => *a,
                    (None, None) if open.len() == 1 => open.iter().copied().next().unwrap_or(seat),
                    (None, None) => return Err(err(NottinghamError::AnnounceFirst)),
                };
                self.seat_ok(who)?;
                if !open.contains(&who) {
                    return Err(err(NottinghamError::NoAmbushToSpring { seat: who }));
                }
                if announced.is_some_and(|a| a != who) {
                    return Err(err(NottinghamError::OneAmbushAtATime));
                }
                self.check_ambush(card, who, seat, *item)?;
                d.emit(Event::Sprung { seat: who, card: card.clone(), on: seat });
                d.settle_ambushes();
            }
            (Command::CloseAmbushes, Step::Ambushes { .. }) => {
                let open: Vec<Seat> = match &d.sim.turn {
                    Some(Turn { step: Step::Ambushes { open, .. }, .. }) => open.iter().copied().collect(),
                    _ => Vec::new(),
                };
                for s in open {
                    d.emit(Event::Passed { seat: s });
                }
                d.settle_ambushes();
            }
            (Command::Announce { .. } | Command::Pass { .. } | Command::Spring { .. } | Command::CloseAmbushes, _) => {
                return Err(err(NottinghamError::NoExchangeNow))
            }
            (Command::EndTurn, Step::Free) => {
                let next = Seat(((seat.index() + 1) % self.players()) as u8);
                d.emit(Event::TurnPassed { to: next });
            }
            (Command::EndTurn, Step::Ambushes { .. }) => return Err(err(NottinghamError::AmbushesOpen)),
            (Command::EndTurn, _) => return Err(err(NottinghamError::FinishTheCard)),
            (Command::Setup(_) | Command::Learn { .. } | Command::CorrectHand { .. }, _) => {
                unreachable!("handled above")
            }
        }
        Ok(())
    }

    /// Whether `card` may be sprung by `who` on `trader`'s exchange of
    /// `item` ("Attivare una carta imboscata").
    fn check_ambush(&self, card: &str, who: Seat, trader: Seat, item: Item) -> Res<()> {
        let Some(kind) = AmbushCard::of_card(card) else {
            return Err(err(NottinghamError::NotAnAmbushCard { card: card.to_string() }));
        };
        match kind {
            AmbushCard::Colour(c) if Some(c) == self.colour(who) => Err(err(NottinghamError::OwnColour)),
            AmbushCard::Colour(c) if Some(c) != self.colour(trader) => {
                Err(err(NottinghamError::WrongColour { colour: c, seat: trader }))
            }
            AmbushCard::Colour(_) => Ok(()),
            AmbushCard::Items(_) => match self.facts.ambush_items.get(card) {
                None => Err(CommonError::FactsNeeded { cards: vec![card.to_string()] }.into()),
                Some(items) if items.contains(&item) => Ok(()),
                Some(items) => Err(err(NottinghamError::WrongItems { items: *items, item })),
            },
        }
    }

    /// The key of the ambush window open now.
    fn ambush_key(&self) -> Option<String> {
        match &self.turn {
            Some(Turn { step: Step::Ambushes { sprung, .. }, .. }) => Some(format!("ambush-{}-{sprung}", self.trades)),
            _ => None,
        }
    }

    fn apply_event(&mut self, e: &Event) {
        let hand = |g: &mut Nottingham, s: Seat, delta: i32| {
            if let Some(p) = g.players.get_mut(s.index()) {
                p.hand = (i32::from(p.hand) + delta).clamp(0, i32::from(u8::MAX)) as u8;
            }
        };
        match e {
            Event::SetUp { setup, put_away } => {
                let n = setup.colours.len();
                self.players = vec![PlayerState { hand: HAND_AT_START, ..PlayerState::default() }; n];
                self.deck = DECK - HAND_AT_START * n as u8;
                self.discard = 0;
                self.ambush_deck = AMBUSH_CARDS - put_away.len() as u8;
                self.sheriff = 0;
                self.facts = setup.facts.clone();
                self.turn = Some(Turn { seat: setup.first, step: Step::Draw, traded: false, laid: Vec::new() });
                self.setup = Some(setup.clone());
            }
            Event::Drew { item, .. } => {
                self.deck = self.deck.saturating_sub(1);
                if let Some(t) = &mut self.turn {
                    t.step = Step::Drawn { item: *item };
                }
            }
            Event::NoDraw { .. } => self.free(),
            Event::Reshuffled { cards } => {
                self.deck += cards;
                self.discard -= (*cards).min(self.discard);
            }
            Event::Kept { seat, .. } => {
                hand(self, *seat, 1);
                if let Some(t) = &mut self.turn {
                    t.step = Step::Free;
                }
            }
            Event::Acted { item, .. } => {
                if let Some(t) = &mut self.turn {
                    t.step = Step::Acting { action: item.action() };
                }
            }
            Event::Bought { seat, .. } => {
                // The coin or the card bought: one more either way; the
                // seller's card is paid with the coin.
                hand(self, *seat, 1);
                self.free();
            }
            Event::Took { seat, .. } => {
                // The card taken (or the Necklace given back): one more for
                // the attacker, as many for the victim.
                hand(self, *seat, 1);
                self.free();
            }
            Event::Targeted { from, .. } => {
                if let Some(t) = &mut self.turn {
                    if let Step::Acting { action } = t.step {
                        t.step = Step::Defence { action, from: *from };
                    }
                }
            }
            Event::Bartered { seat, from, cards } => {
                match from {
                    Some(f) => {
                        hand(self, *seat, i32::from(*cards));
                        hand(self, *f, 1 - i32::from(*cards));
                    }
                    None => hand(self, *seat, 1),
                }
                self.free();
            }
            Event::AmbushLaid { seat } => {
                self.ambush_deck = self.ambush_deck.saturating_sub(1);
                if let Some(p) = self.players.get_mut(seat.index()) {
                    p.ambushes += 1;
                }
                self.free();
            }
            Event::Laid { card, item, .. } => {
                if let Some(t) = &mut self.turn {
                    t.laid.push((card.clone(), *item));
                }
            }
            Event::TakenBack { .. } => {
                if let Some(t) = &mut self.turn {
                    t.laid.clear();
                }
            }
            Event::TradeOffered { seat, item, count } => {
                if let Some(t) = &mut self.turn {
                    t.laid.clear();
                }
                self.trades += 1;
                let open: BTreeSet<Seat> =
                    Seat::all(self.players()).filter(|&s| s != *seat && self.players[s.index()].ambushes > 0).collect();
                if let Some(t) = &mut self.turn {
                    t.traded = true;
                    t.step = Step::Ambushes { item: *item, count: *count, open, announced: None, sprung: 0 };
                }
                hand(self, *seat, -i32::from(*count));
            }
            Event::Announced { seat } => {
                if let Some(Turn { step: Step::Ambushes { announced, .. }, .. }) = &mut self.turn {
                    *announced = Some(*seat);
                }
            }
            Event::Passed { seat } => {
                if let Some(Turn { step: Step::Ambushes { open, announced, .. }, .. }) = &mut self.turn {
                    open.remove(seat);
                    if *announced == Some(*seat) {
                        *announced = None;
                    }
                }
            }
            Event::Sprung { seat, on, .. } => {
                hand(self, *seat, 1);
                hand(self, *on, 1);
                self.ambush_deck += 1;
                if let Some(p) = self.players.get_mut(seat.index()) {
                    p.ambushes = p.ambushes.saturating_sub(1);
                }
                let still = self.players.get(seat.index()).is_some_and(|p| p.ambushes > 0);
                if let Some(Turn { step: Step::Ambushes { count, open, announced, sprung, .. }, .. }) = &mut self.turn {
                    *count = count.saturating_sub(1);
                    *announced = None;
                    *sprung += 1;
                    if !still {
                        open.remove(seat);
                    }
                }
            }
            Event::Traded { seat, item, count } => {
                if let Some(p) = self.players.get_mut(seat.index()) {
                    p.winnings.push(*item);
                }
                self.discard += count.saturating_sub(1);
                self.free();
            }
            Event::TradeSpoiled { seat, back } => {
                hand(self, *seat, i32::from(*back));
                self.free();
            }
            Event::Completed { seat, commission, .. } => {
                if let Some(t) = &mut self.turn {
                    t.laid.clear();
                }
                let n = commission.cards();
                hand(self, *seat, -i32::from(n));
                self.discard += n;
                if let Some(p) = self.players.get_mut(seat.index()) {
                    p.commissions.push(*commission);
                }
                self.commissions.entry(*commission).or_default().push(*seat);
                if let Some(t) = &mut self.turn {
                    t.traded = true;
                }
            }
            Event::SheriffMoved { to } => self.sheriff = *to,
            Event::Favoured { seats } => {
                for s in seats {
                    hand(self, *s, 1);
                }
                self.deck = self.deck.saturating_sub(seats.len() as u8);
            }
            Event::HandsCut { cuts } => {
                for (s, n) in cuts {
                    hand(self, *s, -i32::from(*n));
                    self.discard += n;
                }
            }
            Event::Learned { facts } => merge_facts(&mut self.facts, facts),
            Event::TurnPassed { to } => {
                self.turn = Some(Turn { seat: *to, step: Step::Draw, traded: false, laid: Vec::new() })
            }
            Event::HandCorrected { seat, cards } => {
                if let Some(p) = self.players.get_mut(seat.index()) {
                    p.hand = *cards;
                }
            }
            Event::GameEnded { reason } => {
                self.ended = Some(*reason);
                self.turn = None;
            }
        }
    }

    /// The card's outcome is settled: the turn is free.
    fn free(&mut self) {
        if let Some(t) = &mut self.turn {
            t.step = Step::Free;
        }
    }
}

/// Checks facts against the ranges the game knows.
fn check_facts(f: &Facts) -> Res<()> {
    if f.path.len() > MAX_PATH {
        return Err(err(NottinghamError::PathTooLong { spaces: f.path.len() }));
    }
    if let Some(&v) = f.path.iter().find(|v| !PATH_VALUES.contains(v)) {
        return Err(err(NottinghamError::PathValue { value: v }));
    }
    for (c, p) in &f.commissions {
        for v in [p.alone, p.shared] {
            if !COMMISSION_POINTS.contains(&v) {
                return Err(err(NottinghamError::CommissionPoints { commission: *c, points: v }));
            }
        }
        // "il valore ... accanto alla pedina singola è maggiore".
        if p.alone <= p.shared {
            return Err(err(NottinghamError::AloneNotHigher { commission: *c }));
        }
    }
    for (card, items) in &f.ambush_items {
        if !matches!(AmbushCard::of_card(card), Some(AmbushCard::Items(_))) {
            return Err(err(NottinghamError::NotAnAmbushCard { card: card.clone() }));
        }
        // No ambush card shows Gold, and each shows two different items
        // ("Note", under "Attivare una carta imboscata").
        if items.contains(&Item::Gold) || items[0] == items[1] {
            return Err(err(NottinghamError::AmbushItems { card: card.clone() }));
        }
    }
    Ok(())
}

/// `learned` added to `facts` (what was known stays unless re-learned).
fn merge_facts(facts: &mut Facts, learned: &Facts) {
    if !learned.path.is_empty() {
        facts.path.clone_from(&learned.path);
    }
    facts.commissions.extend(learned.commissions.iter().map(|(k, v)| (*k, *v)));
    facts.ambush_items.extend(learned.ambush_items.iter().map(|(k, v)| (k.clone(), *v)));
}

impl Game for Nottingham {
    type Command = Command;
    type Event = Event;
    type View = NottinghamView;
    type Error = NottinghamError;
    type Choice = Choice;

    const KIND: GameKind = GameKind::Nottingham;

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
        Some(Waiting { timer: Some((crate::TimerKind::Ambush, key)), pad })
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

    fn seated_names(event: &Event) -> Option<Vec<String>> {
        let Event::SetUp { setup, .. } = event else { return None };
        Some((0..setup.colours.len()).map(|i| setup.names.get(i).map_or("", |s| s.trim()).to_string()).collect())
    }
}

use tavola_words::Said;
