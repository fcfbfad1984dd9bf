//! Camelot Legends — Tavola as the table's calculator: the introductory,
//! normal and advanced games.
//!
//! The players hold and lay the real cards; Tavola keeps what a table adds
//! up wrong or forgets: every company's combined value in each skill at
//! each location, which events each company can complete, the events on
//! each location (three at most), how many cards each player holds (never
//! which), the decks' counts, each player's victory points and the end.
//!
//! - [`cards`]: skills, locations, colours and the card facts
//!   ([`cards::FACTS`]): every number printed on the cards is the owner's,
//!   learned as each card first appears.
//! - A game is set up ([`Command::Setup`]), each player places an initial
//!   character, then each turn: the event drawn (laid on the reader), events
//!   completed (one per location), two actions (draw a character, play one,
//!   move one or two).
//! - [`modifiers`]: every change to a company's totals (kings, alliance
//!   companions, who stands at the same location, the heraldic event,
//!   Excalibur, the zone's events, the Round Table, the turn's optional
//!   abilities with doubling last), each a function of its own;
//!   [`abilities`]: the optional abilities that change a total.
//! - The normal and advanced games ([`Mode`]): the event deck counted by
//!   players over the final event ([`cards::full_deck`]), which opens
//!   [`Location::Final`] and ends the game when completed; bidding events
//!   ([`Auction`]); the special cards ([`Special`]); the host's corrections
//!   for the card texts the players carry out ([`Command::Remove`],
//!   [`Command::Relocate`], [`Command::GiveSpecial`]).
//!
//! Readings of the full game (also in docs/games/legends.md): the Round Table's "+2
//! al valore combinato totale di qualsiasi caratteristica" is +2 to each
//! skill's total; "un Re" (Sir Bedivere) is a character named King; the
//! bidding skips a player at the card's most and closes when every player
//! still able to bid has passed in a row; bid characters are one company for the always-on
//! bonuses, with no optional ability ("non è possibile usare queste
//! abilità"); a character bid from a company leaves it and its special card
//! goes back; a special card goes at once to the only eligible character;
//! the optional abilities come after the draw and before the first
//! completion or action; the High King's third action holds while he is at
//! Camelot, and moving him away as the third is allowed; the texts that
//! take cards from hands are carried out by the players, the host setting
//! the board right. The advanced cards' special locations follow their
//! texts ([`sites`], where their readings are).
//!
//! Readings of the card texts that change the turn ([`texts`]): Lady
//! Lunete's offer comes with a knight played as an action, keeps the turn
//! open after its last action, and closes with any other action; the Love
//! Potion's pair moves free when the two move alone, once a turn, is
//! discarded together whatever discards one of them, and ends when one
//! leaves the table otherwise; Lady Ettard's spell falls on an opposing
//! knight (protections apply) and ends for good when she leaves its
//! location; Nimue's is an optional ability on any other man at her
//! location, negating his bonuses, abilities and protections (not his
//! skills); King Arthur's and the Archbishop's High King are optional
//! abilities of the full game, the Archbishop crowning the first laid of
//! the knights tied for the most Chivalry; La Cote Male Taile, Queen
//! Morgause and Sir Breunis use their text in the same phase, the player
//! choosing among events tied for the fewest points, a card over five in
//! hand discarded. Sir Dagonet's place is taken as an action, in any other
//! player's company (only Siege Perilous' knight is out of his reach, his
//! text influencing no one); he then belongs to that player and holds the
//! special cards of the character replaced, the other of a Love Potion's
//! pair discarded with it. The White Knight's successor, Hellawes and Dame
//! Bragwaine act in the optional abilities' phase; Siege Perilous' White
//! Knight cannot be discarded, so keeps his place; Bragwaine's knight moves
//! as any move (Ettard's spell, Alisander's guard). Sir Balin's offer
//! stands until his player's next command, for a location event of a main
//! location kept in the zone; the others discard clockwise from the next.
//! Sir Lambegus and Sir Priamus are asked right after the discard that
//! calls them, before anything else (Lambegus first, his knight put back).
//! Sir Dagonet bid counts in the bid of whoever bid the character he
//! replaces, and is not bid before any other character.
//!
//! The events' effects ([`effects`]) follow their texts in every game;
//! only Siege Perilous and Sir Dinadan shield from them (Excalibur, Merlin
//! and Lady Lyonesse keep off characters' abilities); the Grand
//! Tournament's "other companies" include the completer's own at Camelot
//! when completed elsewhere; Sir Dinadan's company always ignores another
//! player's event.
//!
//! Readings where the rules text is silent, or where the introductory
//! rules leave a point to the full rules (also for docs/games/legends.md):
//! - The introductory game's decks are the white-icon cards the table has
//!   separated; their counts are given at setup (the table counts them
//!   once). A card drawn or laid whose level is not introductory is
//!   refused.
//! - The limit of three events a location, the fourth discarded, is stated
//!   in the full rules ("Eventi di Locazione", "Svolgimento del gioco
//!   normale") and applies here too, with the Black Knight's choice to
//!   cover a Forest event.
//! - The characters' always-on and optional abilities apply in the
//!   introductory game too (its turn has the optional text's phase); the
//!   special cards do not. Special events are discarded as drawn, Royal
//!   Boon, Noble Alliance, Dark Journey and the Tournament of Logres
//!   carried out by Tavola, the others by the players; the host sets a hand's count right when one changes hands
//!   ([`Command::CorrectHand`]).
//!   A heraldic event is laid beside the board (its bonus belongs to the
//!   full game); a bidding event, which the introductory rules do not
//!   describe, is discarded without effect.
//! - The special cards are not used in the introductory game ("anche le
//!   tre Carte Speciali ... non saranno utilizzate"): an event that gives
//!   one gives nothing here; an event without victory points scores none.
//! - Completing is optional and happens after the draw, before the first
//!   action; an action (or the end of the turn) closes it. The turn ends
//!   by itself after the second action; a player may end it sooner.
//! - With the event deck empty, turns go on without a draw until the last
//!   event on the table is completed; a table that can complete none any
//!   more ends the game by the host's command ([`Command::EndGame`]), and
//!   the count is made as usual.
//! - Who starts: the holder of the Pendragon reference card, given at setup
//!   or drawn by lot by Tavola (the cards are dealt at random).
//! - A tie for the most victory points shares the victory (the text names
//!   no tie-break).

pub mod abilities;
mod bidding;
pub mod cards;
mod command;
pub mod effects;
mod error;
mod events;
mod full;
#[cfg(any(test, feature = "testkit"))]
mod fuzz;
#[cfg(any(test, feature = "testkit"))]
pub use fuzz::test_facts;
#[cfg(test)]
mod effects_tests;
#[cfg(test)]
mod full_tests;
mod host;
mod legal;
pub mod modifiers;
mod powers;
mod setup;
pub mod sites;
#[cfg(test)]
mod sites_tests;
mod specials;
mod state;
mod summary;
mod teach;
#[cfg(test)]
mod tests;
pub mod texts;
#[cfg(test)]
mod texts_tests;
mod turn;
mod view;

pub use bidding::Auction;
pub use cards::{CharacterFacts, Colour, EventFacts, EventType, Facts, Location, Mode, Requirement, Skill, Special};
pub use command::Command;
pub use effects::{Effect, Pending};
pub use error::{LegendsError, Protection};
pub use events::{Discard, Went};
pub use legal::Choice;
pub use modifiers::{Boost, Change};
pub use powers::{Rescue, Silence, Ward};
pub use setup::Setup;
pub use specials::{Grant, LoneKnight};
pub use turn::Turn;
pub use view::{CompanyView, EventView, LegendsView, PlaceView, PlayerView};

use crate::catalog::Catalog;
use crate::{CommonError, Ctx, Cue, FactBook, Game, GameEvent, GameKind, Legal, Outcome, RuleError, Seat, Waiting};
use cards::{is_character, is_event, is_final};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use tavola_words::Said;

/// Players: four reference cards and four colours on the tiles.
pub const MIN_PLAYERS: usize = 2;
/// Most players.
pub const MAX_PLAYERS: usize = 4;
/// Characters dealt to each player, and the most a hand holds
/// ("distribuitene 5 ad ogni giocatore"; "limite di 5 carte in mano").
pub const HAND: u8 = 5;
/// Characters in a company ("non può contenere più di 6 Carte Personaggio").
pub const MAX_COMPANY: usize = 6;
/// Events a location holds ("Ogni locazione può contenere solo 3 eventi").
pub const MAX_EVENTS: usize = 3;
/// Actions a turn ("4. Due Azioni").
pub const ACTIONS: u8 = 2;
/// Characters in the box ("60 Carte Personaggio").
pub const CHARACTERS: u8 = 60;
/// The Black Knight, who may cover a Forest event.
pub const BLACK_KNIGHT: &str = "legends/event/the-black-knight";
/// Events in the box ("34 Carte Evento").
pub const EVENTS: u8 = 34;

/// Why the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// The event deck is empty and the last event on the table completed.
    AllCompleted,
    /// The host ended it with the deck empty and events nobody completes.
    Stopped,
    /// The final event was completed.
    FinalCompleted,
}

/// Why characters left the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Gone {
    /// The end of the turn, for the abilities used.
    EndOfTurn,
    /// Bid on a bidding event.
    Bid,
    /// A card's text, carried out by the host.
    CardText,
}

/// What happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// The table is set: five characters dealt to each player.
    SetUp {
        /// The setup, its facts and first player settled.
        setup: Setup,
        /// Who starts.
        first: Seat,
    },
    /// A character laid on the reader, its location awaited.
    Laid {
        /// Who.
        seat: Seat,
        /// The character.
        card: String,
    },
    /// A character played to a location.
    Played {
        /// Whose.
        seat: Seat,
        /// The character.
        card: String,
        /// Where.
        location: Location,
        /// A lady played beside Lady Lunete as part of the knight's action:
        /// no action spent.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        free: bool,
        /// A knight played into Lady Lunete's company: a lady may follow
        /// at that location as part of the same action.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        lunete: bool,
    },
    /// The turn's event drawn, and where it went.
    EventDrawn {
        /// Who.
        seat: Seat,
        /// The event.
        card: String,
        /// Where it went.
        went: Went,
    },
    /// An event completed: to the player's victory points.
    EventCompleted {
        /// Who.
        seat: Seat,
        /// The event.
        card: String,
        /// Where.
        location: Location,
        /// Discarded once completed, for the special card it gives.
        #[serde(default)]
        spent: bool,
    },
    /// A character drawn (an action).
    CharacterDrawn {
        /// Who.
        seat: Seat,
    },
    /// One or two characters moved (an action).
    Moved {
        /// Whose.
        seat: Seat,
        /// The characters.
        cards: Vec<String>,
        /// From where.
        from: Location,
        /// Where to.
        to: Location,
        /// Spending no action (Sir Agloval with a De Gales knight).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        free: bool,
    },
    /// The next player's turn.
    TurnPassed {
        /// Whose.
        to: Seat,
    },
    /// Facts learned during the game.
    Learned {
        /// The facts.
        facts: Facts,
    },
    /// A hand's count set right.
    HandCorrected {
        /// Whose.
        seat: Seat,
        /// Cards now.
        cards: u8,
    },
    /// An optional ability used: its changes for the turn, and who goes at
    /// the end of the turn.
    AbilityUsed {
        /// Whose.
        seat: Seat,
        /// The character using it.
        card: String,
        /// The changes.
        boosts: Vec<Boost>,
        /// Discarded at the end of the turn.
        discard: Vec<String>,
    },
    /// A character bid.
    BidMade {
        /// Who.
        seat: Seat,
        /// The character.
        card: String,
        /// The location of the company it came from (`None`: the hand).
        from: Option<Location>,
    },
    /// Sir Dagonet bid: whose place he takes among the characters bid is
    /// chosen next.
    DagonetBid {
        /// Who.
        seat: Seat,
        /// The location of the company he came from (`None`: the hand).
        from: Option<Location>,
    },
    /// The bidder passed.
    Passed {
        /// Who.
        seat: Seat,
    },
    /// The bidding is over: each seat's total, the winner (none on a tie
    /// or without bids); every bid character is discarded.
    AuctionClosed {
        /// Each seat's combined value in the event's skills (`None`: no
        /// bid).
        totals: Vec<Option<i32>>,
        /// Who completes the event.
        winner: Option<Seat>,
    },
    /// A special card waits for its holder in a company.
    GrantOpened {
        /// The grant.
        grant: Grant,
    },
    /// A special card given to a character (`None`: back beside the
    /// board).
    SpecialGiven {
        /// Which.
        special: Special,
        /// Its holder.
        card: Option<String>,
    },
    /// A spell cast (see [`Command::Spell`]).
    Spelled {
        /// The caster's player.
        seat: Seat,
        /// Lady Ettard or Nimue.
        card: String,
        /// The character bewitched.
        target: String,
    },
    /// A knight made High King by King Arthur's or the Archbishop's text.
    Crowned {
        /// Whose.
        seat: Seat,
        /// King Arthur or the Archbishop.
        by: String,
        /// The new High King.
        knight: String,
        /// The event discarded from the zone (the Archbishop's).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        spent: Option<String>,
    },
    /// An event discarded from its location by La Cote Male Taile, who is
    /// discarded too.
    Scrapped {
        /// La Cote Male Taile.
        card: String,
        /// The event.
        scrapped: String,
    },
    /// A hand raided (see [`Command::Raid`]).
    Raided {
        /// The raider's player.
        seat: Seat,
        /// Queen Morgause or Sir Breunis.
        card: String,
        /// The player whose hand lost a card.
        from: Seat,
    },
    /// A character played from `seat`'s hand in `target`'s place (see
    /// [`Command::Replace`]); `target` is discarded.
    Replaced {
        /// Whose hand he came from.
        seat: Seat,
        /// Sir Dagonet.
        card: String,
        /// The character replaced.
        target: String,
    },
    /// Hellawes discarded with a card of the hand, a character of the
    /// discard pile taken back (see [`Command::Recall`]).
    Recalled {
        /// Her player.
        seat: Seat,
        /// Hellawes.
        card: String,
    },
    /// A knight brought by Dame Bragwaine (see [`Command::Summon`]).
    Summoned {
        /// Their player.
        seat: Seat,
        /// Dame Bragwaine.
        card: String,
        /// The knight.
        target: String,
        /// From where.
        from: Location,
        /// Where to: hers.
        to: Location,
    },
    /// Sir Balin discarded with the event his company completed (see
    /// [`Command::Renounce`]).
    Renounced {
        /// His player.
        seat: Seat,
        /// Sir Balin.
        card: String,
        /// The event.
        lost: String,
    },
    /// Sir Lambegus' or Sir Priamus' offer answered (see
    /// [`Command::Rescue`]).
    Rescued {
        /// The offer.
        rescue: Rescue,
        /// Taken, or declined.
        taken: bool,
    },
    /// An event's effect waits for a player's choice.
    EffectOpened {
        /// The effect and who chooses.
        pending: Pending,
    },
    /// The choice made for the effect waiting (see [`Command::Resolve`]).
    Resolved {
        /// Who chose.
        seat: Seat,
        /// The effect.
        effect: Effect,
        /// The character chosen.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<String>,
        /// The player chosen.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        with: Option<Seat>,
        /// The location chosen.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<Location>,
    },
    /// The Questing Beast moved (an action).
    Hunted {
        /// Who moved it.
        seat: Seat,
        /// From where.
        from: Location,
        /// Where to.
        to: Location,
    },
    /// The Feast of Pentecost: a third action this turn.
    ThirdAction {
        /// Whose.
        seat: Seat,
    },
    /// The Truage of Cornwall: cards drawn up to five in hand.
    HandFilled {
        /// Whose.
        seat: Seat,
        /// Cards drawn.
        cards: u8,
    },
    /// The Mysterious Damosel: a lady from the hand may go to the Forest.
    DamoselOffered {
        /// Whose.
        seat: Seat,
    },
    /// A card of one hand given to another (Royal Boon).
    CardGiven {
        /// From whose hand.
        from: Seat,
        /// To whose.
        to: Seat,
    },
    /// An event discarded from a player's victory points for Sir Balin's
    /// sacrifice.
    Forfeited {
        /// Whose.
        seat: Seat,
        /// The event.
        lost: String,
    },
    /// A lady taken prisoner at the Castle of Maidens.
    Captured {
        /// Her player.
        seat: Seat,
        /// The lady.
        card: String,
    },
    /// The Castle of Maidens completed: its prisoners belong to `seat` now.
    Freed {
        /// The completer.
        seat: Seat,
    },
    /// The Love Potion's holder has several ladies in his company: his
    /// player chooses his companion.
    CompanionAsked,
    /// The Love Potion's companion, chosen.
    CompanionChosen {
        /// The lady.
        card: String,
    },
    /// Characters left the table.
    Discarded {
        /// The characters.
        cards: Vec<String>,
        /// Why.
        why: Gone,
    },
    /// A character taken back into its player's hand.
    ReturnedToHand {
        /// Whose.
        seat: Seat,
        /// The character.
        card: String,
    },
    /// A threat carried out.
    Struck {
        /// The striker's player.
        seat: Seat,
        /// The striker.
        card: String,
        /// The character struck.
        target: String,
        /// What it did.
        blow: abilities::Blow,
    },
    /// The Black Knight covers a Forest event (`None`: discarded).
    Covered {
        /// The event covered.
        card: Option<String>,
    },
    /// A knight warded: by Lady Lyonesse, or Siege Perilous.
    Warded {
        /// Whose knight.
        seat: Seat,
        /// The knight.
        card: String,
        /// Lady Lyonesse's card or Siege Perilous'.
        by: String,
    },
    /// A character moved by a card's text, spending no action.
    Relocated {
        /// The character.
        card: String,
        /// Whose company it leaves.
        from_seat: Seat,
        /// From where.
        from: Location,
        /// Whose company it joins.
        seat: Seat,
        /// Where to.
        to: Location,
    },
    /// The game is over; the count follows from the state.
    GameEnded {
        /// Why.
        reason: EndReason,
    },
}

impl GameEvent for Event {
    fn redacted(&self) -> Option<Self> {
        // Every card Tavola sees is laid face up on the table.
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
    /// Events completed, in the victory points zone.
    pub zone: Vec<String>,
}

/// One location: its events and each player's company (the three main
/// locations, then the final event's place).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Place {
    /// Events waiting here, in the order they came.
    pub events: Vec<String>,
    /// Each seat's company here.
    pub companies: Vec<Vec<String>>,
}

/// Where the game stands.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// Not set up.
    #[default]
    Setup,
    /// Each player in turn places an initial character.
    Placing {
        /// Who places now.
        seat: Seat,
        /// Players still to place after this one.
        after: u8,
    },
    /// A player's turn.
    Turn(Turn),
    /// The game is over.
    Over {
        /// Why.
        reason: EndReason,
    },
}

/// The whole game. Everything here is public: the view shows it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Legends {
    setup: Option<Setup>,
    first: Seat,
    facts: Facts,
    players: Vec<PlayerState>,
    character_deck: u8,
    event_deck: u8,
    places: Vec<Place>,
    /// Events discarded, in order.
    discarded: Vec<String>,
    /// Heraldic events laid, the top one last.
    heraldic: Vec<String>,
    /// The character laid on the reader, its location awaited.
    laid: Option<String>,
    phase: Phase,
    /// The special cards' holders.
    specials: BTreeMap<Special, String>,
    /// The bidding event being bid on.
    auction: Option<Auction>,
    /// A special card waiting for its holder.
    grant: Option<Grant>,
    /// Characters discarded, in order.
    character_discard: Vec<String>,
    /// Knights warded, by whom.
    wards: Vec<Ward>,
    /// The Black Knight drawn with three Forest events, its place awaited.
    black_knight: Option<String>,
    /// The Forest event under the Black Knight, back when he is completed.
    covered: Option<String>,
    /// The knights under Sir Turquin.
    prisoners: Vec<String>,
    /// The Love Potion's companion, with its holder.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    companion: Option<String>,
    /// The Love Potion's companion is to be chosen.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    companion_due: bool,
    /// The knight Lady Ettard keeps from moving, and where she cast it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    bewitched: Option<(String, Location)>,
    /// King Arthur has made himself High King ("Una volta per partita").
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    arthur_crowned: bool,
    /// Men whose text Nimue negates, until her player's next turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    silenced: Vec<Silence>,
    /// The players still to discard an event of their zone for Sir Balin's
    /// sacrifice, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    forfeits: Vec<Seat>,
    /// Sir Lambegus' and Sir Priamus' offers waiting for an answer, in
    /// order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    rescues: Vec<Rescue>,
    /// Events' effects waiting for a player's choice, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    effects: Vec<Pending>,
    /// The Isle of Avalon lies beside the board, open.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    isle: bool,
    /// The players who have sent their knight and lady to the Isle ("Durante
    /// l'intera partita").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    isle_crossed: Vec<Seat>,
    /// The ladies held prisoner at the Castle of Maidens.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    captives: Vec<sites::Captive>,
    /// Who completed the Castle of Maidens and holds its prisoners while the
    /// castle empties.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    captor: Option<Seat>,
}

/// Events being built: each applied to a copy as it is made.
struct Draft {
    sim: Legends,
    events: Vec<Event>,
}

impl Draft {
    fn emit(&mut self, e: Event) {
        self.sim.apply_event(&e);
        self.events.push(e);
    }
}

type Res<T> = Result<T, RuleError>;

fn err(e: LegendsError) -> RuleError {
    e.into()
}

impl Legends {
    fn decide_in(&self, c: &Command, d: &mut Draft, rng: &mut crate::GameRng) -> Res<()> {
        // Sir Lambegus' or Sir Priamus' offer is answered first.
        if let Some(r) = self.rescue() {
            if !matches!(c, Command::Rescue { .. } | Command::Learn { .. } | Command::CorrectHand { .. }) {
                return Err(err(LegendsError::RescueFirst { card: r.by.clone() }));
            }
        }
        // An event's effect waits for its choice.
        if self.effect().is_some()
            && !matches!(c, Command::Resolve { .. } | Command::Learn { .. } | Command::CorrectHand { .. })
        {
            return Err(err(LegendsError::EffectFirst));
        }
        match c {
            Command::Setup(_) | Command::Learn { .. } => self.decide_setup(c, d, rng),
            Command::CorrectHand { .. } | Command::Remove { .. } | Command::Relocate { .. } | Command::EndGame => {
                self.decide_host(c, d)
            }
            Command::Lay { .. }
            | Command::Play { .. }
            | Command::DrawCharacter
            | Command::Move { .. }
            | Command::EndTurn => self.decide_turn(c, d),
            Command::DrawEvent { .. } => self.decide_draw(c, d),
            Command::Complete { .. } | Command::Cover { .. } => self.decide_event_card(c, d),
            Command::Bid { .. } | Command::Pass => self.decide_bidding(c, d),
            Command::Grant { .. } | Command::GiveSpecial { .. } | Command::Companion { .. } => {
                self.decide_specials(c, d)
            }
            Command::Use { .. }
            | Command::Strike { .. }
            | Command::Ward { .. }
            | Command::Spell { .. }
            | Command::Crown { .. }
            | Command::Scrap { .. }
            | Command::Raid { .. }
            | Command::Replace { .. }
            | Command::Recall { .. }
            | Command::Summon { .. }
            | Command::Renounce { .. }
            | Command::Rescue { .. }
            | Command::Forfeit { .. } => self.decide_powers(c, d),
            Command::Resolve { .. } | Command::Hunt { .. } => self.decide_effects(c, d),
        }
    }

    fn apply_event(&mut self, e: &Event) {
        // Sir Balin's offer stands until the player does anything else; the
        // special card the completion gives, its companion and the facts
        // and counts set right leave it open.
        let keeps_offer = matches!(
            e,
            Event::Learned { .. }
                | Event::HandCorrected { .. }
                | Event::GrantOpened { .. }
                | Event::SpecialGiven { .. }
                | Event::CompanionAsked
                | Event::CompanionChosen { .. }
        );
        if let (Phase::Turn(t), false) = (&mut self.phase, keeps_offer) {
            t.balin = None;
        }
        // The Mysterious Damosel's lady is laid and played next, or not at
        // all.
        let keeps_damosel = keeps_offer || matches!(e, Event::Laid { .. } | Event::EffectOpened { .. });
        if let (Phase::Turn(t), false) = (&mut self.phase, keeps_damosel) {
            t.damosel = false;
        }
        let watch = self.rescue_watch();
        self.apply_one(e);
        self.settle();
        self.settle_sites();
        self.offer_rescues(watch);
    }

    fn apply_one(&mut self, e: &Event) {
        match e {
            Event::Laid { card, .. } => self.laid = Some(card.clone()),
            Event::GrantOpened { grant } => self.grant = Some(grant.clone()),
            Event::CompanionAsked => self.companion_due = true,
            Event::Replaced { seat, card, target } => self.apply_replace(*seat, card, target),
            Event::Raided { seat, card, from } => self.apply_raid(*seat, card, *from),
            Event::Recalled { card, .. } => self.apply_recall(card),
            Event::Renounced { seat, card, lost } => self.apply_renounce(*seat, card, lost),
            Event::Forfeited { seat, lost } => self.apply_forfeit(*seat, lost),
            Event::Rescued { taken, .. } => self.apply_rescue(*taken),
            Event::EffectOpened { pending } => self.effects.push(pending.clone()),
            Event::Resolved { card, with, to, .. } => self.apply_resolve(card.as_deref(), *with, *to),
            Event::CardGiven { from, to } => self.give_card(*from, *to),
            Event::Summoned { seat, card, target, from, to } => self.apply_summon(*seat, card, target, *from, *to),
            Event::Captured { seat, card } => self.capture(*seat, card),
            Event::Freed { seat } => self.captor = Some(*seat),
            Event::SetUp { .. } | Event::Learned { .. } => self.apply_setup(e),
            Event::Discarded { .. }
            | Event::ReturnedToHand { .. }
            | Event::Relocated { .. }
            | Event::HandCorrected { .. } => self.apply_host(e),
            Event::Played { .. }
            | Event::CharacterDrawn { .. }
            | Event::Moved { .. }
            | Event::TurnPassed { .. }
            | Event::GameEnded { .. } => self.apply_turn(e),
            Event::EventDrawn { .. } | Event::EventCompleted { .. } | Event::Covered { .. } => self.apply_event_card(e),
            Event::BidMade { .. } | Event::DagonetBid { .. } | Event::Passed { .. } | Event::AuctionClosed { .. } => {
                self.apply_bidding(e)
            }
            Event::CompanionChosen { .. } | Event::SpecialGiven { .. } => self.apply_specials(e),
            Event::AbilityUsed { .. }
            | Event::Scrapped { .. }
            | Event::Spelled { .. }
            | Event::Crowned { .. }
            | Event::Struck { .. }
            | Event::Warded { .. } => self.apply_powers(e),
            Event::Hunted { .. }
            | Event::ThirdAction { .. }
            | Event::HandFilled { .. }
            | Event::DamoselOffered { .. } => self.apply_effects(e),
        }
    }
}

impl Game for Legends {
    type Command = Command;
    type Event = Event;
    type View = LegendsView;
    type Error = LegendsError;
    type Choice = Choice;

    const KIND: GameKind = GameKind::CamelotLegends;

    const STEPS: &'static [&'static str] = teach::STEPS;

    // None: the table times no window of this game; it waits for the
    // players.
    const WINDOWS: &'static [crate::TimedWindow] = &[];

    const LOOK: crate::Look = crate::Look {
        colour: 0x93a6f6,
        ground: 0x212a5a,
        emblem: include_bytes!("emblem.svg"),
        short_title: "Camelot Legends",
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
        // facts the command carries over the book's).
        if let Command::Setup(s) = command {
            let mut facts = Facts::from_book(ctx.facts, ctx.cards);
            facts.characters.extend(s.facts.characters.clone());
            facts.events.extend(s.facts.events.clone());
            facts.specials.extend(s.facts.specials.clone());
            let setup = Setup { facts, ..s.clone() };
            self.decide_in(&Command::Setup(setup), &mut d, &mut ctx.rng)?;
            return Ok(d.events);
        }
        self.decide_in(command, &mut d, &mut ctx.rng)?;
        // Whatever the command, nobody leaves the Isle of Avalon, and nobody
        // comes but by a player's move.
        self.check_isle_kept(&d.sim, &d.events)?;
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

    fn view(&self) -> LegendsView {
        self.view_now()
    }

    fn cues(&self, event: &Event) -> Vec<Cue> {
        view::cues(self, event)
    }

    fn check_invariants(&self) -> Result<(), String> {
        self.invariants()
    }

    fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over { .. })
    }

    fn players(&self) -> usize {
        self.players.len()
    }

    fn player_name(&self, seat: Seat) -> Option<String> {
        let names = &self.setup.as_ref()?.names;
        names.get(seat.index()).map(|n| n.trim()).filter(|n| !n.is_empty()).map(str::to_string)
    }

    /// While the bidding is open, the bidder's reject button passes; the
    /// approve button is the bid, made by laying the character on the
    /// reader.
    fn pad_command(&self, seat: Seat, approve: bool) -> Option<Command> {
        let a = self.auction.as_ref()?;
        (!approve && a.to == seat).then_some(Command::Pass)
    }

    /// An event at the turn's draw; a character to be played (at the
    /// initial placing or as an action).
    fn card_command(&self, card: &str, cards: &Catalog) -> Result<Command, RuleError> {
        if cards.get(card).is_some_and(|c| c.game != GameKind::CamelotLegends) {
            return Err(CommonError::WrongGameCard { card: card.to_string() }.into());
        }
        // A character laid while the bidding is open is the bidder's bid.
        if self.auction.is_some() && is_character(card) {
            return Ok(Command::Bid { card: card.into() });
        }
        match &self.phase {
            Phase::Turn(Turn { drawn: false, .. }) if is_event(card) || is_final(card) => {
                Ok(Command::DrawEvent { card: card.into() })
            }
            Phase::Placing { .. } | Phase::Turn(Turn { drawn: true, .. }) if is_character(card) => {
                Ok(Command::Lay { card: card.into() })
            }
            _ => Err(CommonError::CardNotExpected { card: card.to_string() }.into()),
        }
    }

    fn die_command(&self) -> Option<Command> {
        None
    }

    fn waiting(&self) -> Option<Waiting> {
        None
    }

    const FACTS: &'static [crate::FactKind] = cards::FACTS;

    fn card_facts(&self) -> Option<FactBook> {
        self.setup.as_ref()?;
        Some(self.facts.to_book())
    }

    fn facts_given(card: &str, met_in: Option<&Self>) -> crate::facts::CardFacts {
        cards::given(card, met_in.filter(|g| g.setup.is_some()).map(Legends::mode))
    }

    fn learn_command(&self, facts: &FactBook) -> Option<Command> {
        self.setup.as_ref()?;
        let mut learned = Facts::from_book(facts, Catalog::builtin());
        learned.characters.retain(|c, _| !self.facts.characters.contains_key(c));
        learned.events.retain(|c, _| !self.facts.events.contains_key(c));
        learned.specials.retain(|c, _| !self.facts.specials.contains_key(c));
        (!learned.is_empty()).then_some(Command::Learn { facts: learned })
    }

    fn outcome(&self) -> Option<Outcome> {
        let Phase::Over { reason } = self.phase else { return None };
        let winners = self.winners();
        let winner = match winners.as_slice() {
            [one] => self.colour(*one).map_or_else(String::new, |c| crate::code(&c)),
            _ => "shared".to_string(),
        };
        Some(Outcome { winner, reason: crate::code(&reason), winners: Some(winners) })
    }

    fn outcome_words(winner: &str, reason: &str) -> Option<crate::OutcomeWords> {
        let title = match winner {
            "shared" => tavola_words::msg!("legends.winner.shared"),
            "" => tavola_words::msg!("legends.winner.unknown"),
            colour => tavola_words::msg!("legends.winner.colour", colour = crate::from_code::<Colour>(colour)?.msg()),
        };
        let reason = match crate::from_code::<EndReason>(reason)? {
            EndReason::AllCompleted => tavola_words::msg!("legends.outcome.all_completed"),
            EndReason::Stopped => tavola_words::msg!("legends.outcome.stopped"),
            EndReason::FinalCompleted => tavola_words::msg!("legends.outcome.final_completed"),
        };
        Some(crate::OutcomeWords { title, reason })
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
        Some((0..setup.colours.len()).map(|i| setup.names.get(i).map_or("", |s| s.trim()).to_string()).collect())
    }
}

/// The screens see nothing beyond the view.
impl crate::Public for Legends {
    type Public<'a> = ();

    fn public(&self) {}
}
