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
//! Readings of the full game (also in the README): the Round Table's "+2
//! al valore combinato totale di qualsiasi caratteristica" is +2 to each
//! skill's total; "un Re" (Sir Bedivere) is a character named King; the
//! bidding skips a player at the card's most and closes when every other
//! has passed in a row; bid characters are one company for the always-on
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
//! rules leave a point to the full rules (also for the README):
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
pub mod cards;
pub mod effects;
mod error;
mod full;
#[cfg(any(test, feature = "testkit"))]
mod fuzz;
#[cfg(any(test, feature = "testkit"))]
pub use fuzz::test_facts;
#[cfg(test)]
mod effects_tests;
#[cfg(test)]
mod full_tests;
mod legal;
pub mod modifiers;
pub mod sites;
#[cfg(test)]
mod sites_tests;
mod summary;
#[cfg(test)]
mod tests;
pub mod texts;
#[cfg(test)]
mod texts_tests;
mod view;

pub use cards::{CharacterFacts, Colour, EventFacts, EventType, Facts, Location, Mode, Requirement, Skill, Special};
pub use effects::{Effect, Pending};
pub use error::{LegendsError, Protection};
pub use legal::Choice;
pub use modifiers::{Boost, Change};
pub use view::{CompanyView, EventView, LegendsView, PlaceView, PlayerView};

use crate::catalog::Catalog;
use crate::{CommonError, Ctx, Cue, FactBook, Game, GameEvent, GameKind, Legal, Outcome, RuleError, Seat, Waiting};
use cards::{is_character, is_event, is_final, REQUIREMENT, VICTORY_POINTS};
use full::{bidding_terms, next_bidder};
use modifiers::{Member, Scene};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
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

/// The table's choices at setup.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// One colour per seat, in the order of play (clockwise).
    pub colours: Vec<Colour>,
    /// Players' names, by seat (empty: the seat's number).
    #[serde(default)]
    pub names: Vec<String>,
    /// Who holds the Pendragon card (`None`: drawn by lot).
    #[serde(default)]
    pub first: Option<Seat>,
    /// Events in the introductory deck (the white-icon events).
    pub events: u8,
    /// Characters in the introductory deck, before the deal.
    pub characters: u8,
    /// The owner's card facts known now.
    #[serde(default)]
    pub facts: Facts,
    /// The introductory, normal or advanced game.
    #[serde(default)]
    pub mode: Mode,
}

/// What the players ask.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "cmd", rename_all = "snake_case")]
pub enum Command {
    /// Set the table up.
    Setup(Setup),
    /// A character from the hand laid on the reader, to be played: its
    /// location follows ([`Command::Play`]).
    Lay {
        /// The character.
        card: String,
    },
    /// The character laid goes to a location (an action, or the initial
    /// character at setup).
    Play {
        /// Where.
        location: Location,
    },
    /// The turn's event, drawn and laid on the reader.
    DrawEvent {
        /// The event.
        card: String,
    },
    /// The player's company completes an event at its location.
    Complete {
        /// The event.
        card: String,
    },
    /// Action: draw a character.
    DrawCharacter,
    /// Action: one or two characters move from one location to another.
    Move {
        /// The characters (one or two, from the same location).
        cards: Vec<String>,
        /// Where to.
        to: Location,
    },
    /// The turn ends (its remaining actions unspent).
    EndTurn,
    /// The host ends a game whose event deck is empty and whose events
    /// nobody can complete any more: the count is made.
    EndGame,
    /// The facts of cards learned now, when the game first needs them.
    Learn {
        /// What was learned.
        facts: Facts,
    },
    /// The host sets a hand's count right.
    CorrectHand {
        /// Whose.
        seat: Seat,
        /// Cards held.
        cards: u8,
    },
    /// A character's optional ability that changes a total for the turn
    /// ("2. Usare il testo opzionale delle carte").
    Use {
        /// The character using it.
        card: String,
        /// The knight it acts on, for an ability on another.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<String>,
        /// The skill chosen, where the card gives a choice.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        skill: Option<Skill>,
    },
    /// A character bid on the bidding event: from the hand (laid on the
    /// reader) or from one of the bidder's companies.
    Bid {
        /// The character.
        card: String,
    },
    /// The bidder passes.
    Pass,
    /// The character of the company that completed an event who receives
    /// the special card the event gives.
    Grant {
        /// The character.
        card: String,
    },
    /// A threat (the sword icon): the character strikes an opposing
    /// character at its location, as its card says.
    Strike {
        /// The striker.
        card: String,
        /// The opposing character struck.
        target: String,
    },
    /// The Black Knight, drawn with three Forest events, covers one of
    /// them (`Some`) or is discarded (`None`).
    Cover {
        /// The Forest event it covers.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<String>,
    },
    /// Lady Lyonesse's ward, once a game, on a knight of her company.
    Ward {
        /// Lady Lyonesse.
        card: String,
        /// The knight.
        target: String,
    },
    /// The host takes a character off the table, as a card's text says
    /// (a threat, an event): to the discard pile or back to its player's
    /// hand.
    Remove {
        /// The character.
        card: String,
        /// Back to the hand (discarded when the hand is full).
        #[serde(default)]
        to_hand: bool,
    },
    /// The host moves a character as a card's text says, spending no
    /// action, to another location and, where the text says so, into
    /// another player's company.
    Relocate {
        /// The character.
        card: String,
        /// Where to.
        to: Location,
        /// The player whose company it joins (`None`: its own).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<Seat>,
    },
    /// A spell on a character at the caster's location: Lady Ettard's, as
    /// she is played from the hand (the knight cannot move while she stays
    /// there); Nimue's, an optional ability (the man's text is negated
    /// until her player's next turn).
    Spell {
        /// Lady Ettard or Nimue.
        card: String,
        /// The character bewitched.
        target: String,
    },
    /// A knight made High King by a card's text: King Arthur himself, once a
    /// game, with two other knights in his company; or the Archbishop of
    /// Canterbury, at Camelot, discarded with an event of the player's zone,
    /// for the player's knight at Camelot with the most Chivalry.
    Crown {
        /// King Arthur or the Archbishop.
        card: String,
        /// The event discarded from the zone (the Archbishop's).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        event: Option<String>,
    },
    /// La Cote Male Taile discards the event of his main location with the
    /// fewest victory points (one at least), and is discarded.
    Scrap {
        /// La Cote Male Taile.
        card: String,
        /// The event.
        event: String,
    },
    /// A hand raided, an optional ability: Queen Morgause takes a card of
    /// another player's hand and is discarded; Sir Breunis makes a player
    /// discard a card at random and goes back to his player's hand.
    Raid {
        /// Queen Morgause or Sir Breunis.
        card: String,
        /// The player whose hand loses a card.
        seat: Seat,
    },
    /// The character laid takes `target`'s place: Sir Dagonet in another
    /// player's company, as an action; a knight in the place of the
    /// player's White Knight, an optional ability spending none. `target`
    /// is discarded and its special cards pass to the newcomer.
    Replace {
        /// The character replaced.
        target: String,
    },
    /// Hellawes, in the Forest, discarded with a card of the hand: a
    /// character of the discard pile goes back to the hand.
    Recall {
        /// Hellawes.
        card: String,
    },
    /// Dame Bragwaine, at a main location, brings one of her player's
    /// knights there, spending no action; she is discarded at the end of the
    /// turn.
    Summon {
        /// Dame Bragwaine.
        card: String,
        /// The knight.
        target: String,
    },
    /// Sir Balin's sacrifice, right after his company completes a location
    /// event: he and the event are discarded, and every other player
    /// discards an event of their victory points.
    Renounce {
        /// Sir Balin.
        card: String,
    },
    /// The answer to Sir Lambegus' or Sir Priamus' offer, in an opponent's
    /// turn, for a character of their company just discarded: Sir Lambegus
    /// discarded in a knight's place, or the character back to the hand
    /// for a card of it.
    Rescue {
        /// Taken, or declined.
        take: bool,
    },
    /// Action: the Questing Beast moved to another main location.
    Hunt {
        /// Where to.
        to: Location,
    },
    /// The choice an event's effect waits for (see [`effects`]): a card, a
    /// player, both, or neither to decline an optional effect.
    Resolve {
        /// The character chosen.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<String>,
        /// The player chosen.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<Seat>,
        /// The location chosen.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<Location>,
    },
    /// The event a player discards from their victory points for Sir
    /// Balin's sacrifice.
    Forfeit {
        /// The event.
        event: String,
    },
    /// The lady who becomes the Love Potion's companion, chosen in her
    /// holder's company.
    Companion {
        /// The lady.
        card: String,
    },
    /// The host gives a special card to a character on the table, or puts
    /// it back beside the board (`None`), as a card's text says.
    GiveSpecial {
        /// Which.
        special: Special,
        /// Its new holder.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<String>,
    },
}

impl Command {
    /// A character's text used on the board (an ability, a threat, a ward,
    /// a spell, a crowning, a discard or a raid): what the screen's
    /// "Use an ability" menu lists.
    pub fn is_ability(&self) -> bool {
        matches!(
            self,
            Command::Use { .. }
                | Command::Strike { .. }
                | Command::Ward { .. }
                | Command::Spell { .. }
                | Command::Crown { .. }
                | Command::Scrap { .. }
                | Command::Raid { .. }
                | Command::Recall { .. }
                | Command::Summon { .. }
        )
    }
}

/// Why an event was discarded as drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Discard {
    /// A fourth event for a full location.
    Fourth,
    /// A special event, resolved by the players.
    Special,
    /// A bidding event in the introductory game (its rules do not
    /// describe bidding).
    Bidding,
    /// A bidding event nobody bid on, or with a tie for the highest total.
    NoWinner,
    /// Completed, an event whose text gives a special card and is then
    /// discarded.
    Spent,
}

/// Where an event drawn went.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "to", rename_all = "snake_case")]
pub enum Went {
    /// A location event, placed at its location.
    Placed {
        /// Where.
        location: Location,
    },
    /// Discarded as drawn.
    Discarded {
        /// Why.
        why: Discard,
    },
    /// A heraldic event, laid beside the board over the previous one.
    Heraldic,
    /// A bidding event: the bidding opens.
    Bidding {
        /// Characters each player may bid at most.
        max: u8,
        /// The skills whose combined value wins it.
        skills: Vec<Skill>,
    },
    /// The Black Knight with three Forest events waiting: its drawer chooses
    /// to cover one or discard it.
    BlackKnight,
    /// The final event: its own location opens.
    Final,
    /// An advanced card that opens a special location ([`sites`]).
    Site {
        /// The location opened.
        location: Location,
    },
}

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

/// A bidding event being bid on ("Eventi di Asta").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Auction {
    /// The event.
    pub event: String,
    /// Characters each player may bid at most.
    pub max: u8,
    /// The skills whose combined value wins it.
    pub skills: Vec<Skill>,
    /// Each seat's bid characters.
    pub bids: Vec<Vec<String>>,
    /// Whose say it is.
    pub to: Seat,
    /// Passes in a row since the last bid.
    pub passes: u8,
    /// Sir Dagonet was bid by this seat: whose place he takes among the
    /// characters bid is chosen next ([`Command::Replace`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dagonet: Option<Seat>,
}

/// A special card waiting for its holder, chosen in the company that
/// completed the event giving it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Grant {
    /// Which.
    pub special: Special,
    /// Whose company chooses.
    pub seat: Seat,
    /// Where that company stands.
    pub location: Location,
    /// Only a knight may receive it.
    pub knight: bool,
    /// Only a knight who alone meets the event (Sword in the Stone, the
    /// Lady of the Lake, the Irish Alliance).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lone: Option<LoneKnight>,
}

/// An event only a single knight completes ("può essere completato solo da
/// un singolo Cavaliere che abbia un valore combinato di ..."), as its text
/// states it (the catalog).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LoneKnight {
    /// The skills added up.
    pub skills: Vec<Skill>,
    /// The total needed.
    pub total: i32,
    /// A female character must be in the knight's company.
    pub lady: bool,
}

impl LoneKnight {
    /// The terms the catalog states for `event`, if it is such an event.
    pub fn of(event: &str) -> Option<LoneKnight> {
        let card = Catalog::builtin().get(event)?;
        if !card.fact_flag("single_knight") {
            return None;
        }
        let threshold = card.fact("threshold")?;
        let skills = threshold.get("skills")?.as_array()?.iter().filter_map(|s| s.as_str().and_then(Skill::of_code));
        Some(LoneKnight {
            skills: skills.collect(),
            total: i32::try_from(threshold.get("total")?.as_i64()?).ok()?,
            lady: card.fact_flag("needs_female_in_company"),
        })
    }
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

/// The turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    /// Whose.
    pub seat: Seat,
    /// The event is drawn (or the deck was empty).
    pub drawn: bool,
    /// Locations where an event was completed this turn.
    pub completed: Vec<Location>,
    /// Actions spent.
    pub actions: u8,
    /// Changes from optional abilities, for this turn.
    #[serde(default)]
    pub boosts: Vec<Boost>,
    /// Characters whose optional ability was used this turn.
    #[serde(default)]
    pub used: Vec<String>,
    /// Characters discarded at the end of this turn.
    #[serde(default)]
    pub to_discard: Vec<String>,
    /// One action only this turn (Sir Turquin's capture).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub one_action: bool,
    /// Lady Lunete's offer: a knight just played into her company here, a
    /// lady may join this location as part of the same action.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lunete: Option<Location>,
    /// Lady Ettard was just played from the hand: her spell may follow.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ettard: bool,
    /// Sir Balin's offer: the location event his company just completed,
    /// which he may be discarded with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub balin: Option<String>,
    /// Sir Priamus has saved a character in this turn ("Una volta per ogni
    /// turno di un avversario").
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub priamus: bool,
    /// The Feast of Pentecost was completed: a third action.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub feast: bool,
    /// The Mysterious Damosel was just completed: a lady from the hand may
    /// go to the Forest, spending no action.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub damosel: bool,
}

/// Sir Lambegus' or Sir Priamus' offer for a character of their company
/// discarded in an opponent's turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rescue {
    /// Sir Lambegus or Sir Priamus.
    pub by: String,
    /// Their player.
    pub seat: Seat,
    /// The character discarded.
    pub card: String,
    /// Where it stood.
    pub location: Location,
    /// The special cards it held.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub specials: Vec<Special>,
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

/// A man's text negated by Nimue ("vengono negati fino all'inizio del tuo
/// prossimo turno").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Silence {
    /// The man.
    pub card: String,
    /// Nimue's player: the negation ends when that player's turn begins.
    pub until: Seat,
}

/// A knight warded from opposing characters.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ward {
    /// Whose knight.
    pub seat: Seat,
    /// The knight.
    pub card: String,
    /// Lady Lyonesse's card (while she is in play) or Siege Perilous' (while
    /// it is in the player's zone: the knight cannot be discarded).
    pub by: String,
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

    /// "Fine del gioco e vittoria nel gioco introduttivo": the deck empty
    /// and the last event on the table completed (or discarded) — the
    /// introductory game ends. The full game ends with its final event.
    fn end_if_done(&mut self) {
        if self.sim.mode().full() {
            return;
        }
        if self.sim.event_deck == 0 && self.sim.places.iter().all(|p| p.events.is_empty()) {
            self.emit(Event::GameEnded { reason: EndReason::AllCompleted });
        }
    }

    /// A special card given (or put back); the Love Potion's holder then
    /// has a companion chosen among the ladies of his company.
    fn give(&mut self, special: Special, card: Option<String>) {
        self.emit(Event::SpecialGiven { special, card });
        if special == Special::LovePotion {
            let ladies = self.sim.potion_ladies();
            match ladies.as_slice() {
                [] => {}
                [one] => self.emit(Event::CompanionChosen { card: one.clone() }),
                _ => self.emit(Event::CompanionAsked),
            }
        }
    }

    /// Sir Balin's sacrifice: a player asked whose zone holds a single
    /// event discards it at once.
    fn forfeit_single(&mut self) {
        while let Some(seat) = self.sim.forfeit_due() {
            match self.sim.players[seat.index()].zone.as_slice() {
                [one] => {
                    let lost = one.clone();
                    self.emit(Event::Forfeited { seat, lost });
                }
                _ => break,
            }
        }
    }

    /// An action spent: after the last the turn passes.
    fn after_action(&mut self, seat: Seat) {
        if let Phase::Turn(t) = &self.sim.phase {
            let spell = t.ettard && !self.sim.spell_targets(t, texts::ETTARD).is_empty();
            if t.actions >= self.sim.actions_allowed(seat) && t.lunete.is_none() && !spell {
                self.end_turn(seat);
            }
        }
    }

    /// "fino a quando tutti i giocatori passano consecutivamente o hanno
    /// puntato il massimo": the totals are made and the bidding closes.
    fn close_auction_if_done(&mut self) {
        let Some(a) = &self.sim.auction else { return };
        let able = a.bids.iter().filter(|b| b.len() < usize::from(a.max)).count();
        if able > 0 && usize::from(a.passes) < able {
            return;
        }
        let totals: Vec<Option<i32>> = Seat::all(a.bids.len())
            .map(|s| (!a.bids[s.index()].is_empty()).then(|| self.sim.bid_total(a, s)))
            .collect();
        // "quello che ha il maggior totale completa l'evento"; "Se si
        // verifica un pareggio ... l'evento viene scartato".
        let best = totals.iter().flatten().copied().max();
        let top: Vec<Seat> = Seat::all(totals.len()).filter(|s| best.is_some() && totals[s.index()] == best).collect();
        let winner = match top.as_slice() {
            [one] => Some(*one),
            _ => None,
        };
        self.emit(Event::AuctionClosed { totals, winner });
    }

    /// The characters marked for the end of the turn are discarded, then
    /// the next player's turn begins.
    fn end_turn(&mut self, seat: Seat) {
        self.discard_marked();
        let to = self.sim.next(seat);
        self.emit(Event::TurnPassed { to });
        // Sir Lamorak: "All'inizio del tuo turno di gioco, scarta Ser
        // Lamorak se nella sua stessa locazione si trovano almeno due
        // Cavalieri dell'alleanza Orkney", before the draw.
        if let Some((owner, l)) = self.sim.where_is(abilities::LAMORAK).filter(|(s, _)| *s == to) {
            let orkney = Seat::all(self.sim.players())
                .flat_map(|s| self.sim.company(s, l))
                .filter(|c| *c != abilities::LAMORAK)
                .filter(|c| self.sim.facts.characters.get(*c).is_some_and(|f| f.is_knight() && f.in_alliance("orkney")))
                .count();
            if orkney >= 2 && owner == to {
                self.emit(Event::Discarded { cards: vec![abilities::LAMORAK.into()], why: Gone::CardText });
            }
        }
    }

    /// "alla fine del turno": the characters an ability marked leave the
    /// table (before the count, when the final event ends the game).
    fn discard_marked(&mut self) {
        if let Phase::Turn(t) = &self.sim.phase {
            let cards: Vec<String> = t.to_discard.iter().filter(|c| self.sim.where_is(c).is_some()).cloned().collect();
            if !cards.is_empty() {
                self.emit(Event::Discarded { cards, why: Gone::EndOfTurn });
            }
        }
    }
}

type Res<T> = Result<T, RuleError>;

fn err(e: LegendsError) -> RuleError {
    e.into()
}

impl Legends {
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

    /// Where the game stands.
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// Cards in the event deck and the character deck.
    pub fn decks(&self) -> (u8, u8) {
        (self.event_deck, self.character_deck)
    }

    /// A location's events and companies.
    pub fn place(&self, location: Location) -> Option<&Place> {
        self.places.get(location as usize)
    }

    /// The character laid on the reader, its location awaited.
    pub fn laid(&self) -> Option<&str> {
        self.laid.as_deref()
    }

    /// The seat's colour.
    pub fn colour(&self, seat: Seat) -> Option<Colour> {
        self.setup.as_ref()?.colours.get(seat.index()).copied()
    }

    /// The seat after `seat`, clockwise.
    fn next(&self, seat: Seat) -> Seat {
        Seat(((seat.index() + 1) % self.players().max(1)) as u8)
    }

    /// A seat's company at a location (empty when it has none).
    pub fn company(&self, seat: Seat, location: Location) -> &[String] {
        self.places.get(location as usize).and_then(|p| p.companies.get(seat.index())).map_or(&[], Vec::as_slice)
    }

    /// A seat's company at a location, to change.
    fn company_mut(&mut self, seat: Seat, location: Location) -> Option<&mut Vec<String>> {
        self.places.get_mut(location as usize).and_then(|p| p.companies.get_mut(seat.index()))
    }

    /// The game being played.
    pub fn mode(&self) -> Mode {
        self.setup.as_ref().map_or_else(Mode::default, |s| s.mode)
    }

    /// The locations open now: the three main ones, the final event's once
    /// it is drawn, and the special locations the advanced cards opened.
    pub fn open_places(&self) -> Vec<Location> {
        let fin = self.places.get(Location::Final as usize).is_some_and(|p| self.final_drawn(p));
        Location::EVERY
            .into_iter()
            .filter(|l| match l {
                Location::Final => fin,
                Location::IsleOfAvalon => self.isle,
                Location::CastleOfMaidens => self.castle_open(),
                _ => true,
            })
            .collect()
    }

    /// The open locations where a character may be played: all but the Isle
    /// of Avalon ("Nessun Personaggio può essere giocato direttamente").
    fn playable(&self) -> Vec<Location> {
        self.open_places().into_iter().filter(|l| *l != Location::IsleOfAvalon).collect()
    }

    fn final_drawn(&self, p: &Place) -> bool {
        !p.events.is_empty() || p.companies.iter().any(|c| !c.is_empty())
    }

    /// Who holds each special card.
    pub fn specials(&self) -> &BTreeMap<Special, String> {
        &self.specials
    }

    /// The bidding in progress.
    pub fn auction(&self) -> Option<&Auction> {
        self.auction.as_ref()
    }

    /// The special card waiting for its holder.
    pub fn grant(&self) -> Option<&Grant> {
        self.grant.as_ref()
    }

    /// The Black Knight waits for its place.
    pub fn black_knight_waits(&self) -> bool {
        self.black_knight.is_some()
    }

    /// The Forest event under the Black Knight.
    pub fn covered(&self) -> Option<&str> {
        self.covered.as_deref()
    }

    /// Characters discarded, in order.
    pub fn character_discard(&self) -> &[String] {
        &self.character_discard
    }

    /// The changes of this turn's optional abilities.
    fn boosts(&self) -> &[Boost] {
        match &self.phase {
            Phase::Turn(t) => &t.boosts,
            _ => &[],
        }
    }

    /// The members of a group of characters, with their facts.
    fn members<'a>(&'a self, cards: &'a [String]) -> Vec<Member<'a>> {
        cards
            .iter()
            .filter_map(|c| {
                let facts = self.facts.characters.get(c)?;
                let excalibur = self.specials.get(&Special::Excalibur) == Some(c);
                Some(Member { card: c.as_str(), facts, excalibur, silenced: !self.speaks(c) })
            })
            .collect()
    }

    /// What the modifiers see at `location` for `seat`'s company.
    fn scene(&self, seat: Seat, location: Option<Location>) -> Scene<'_> {
        let mut in_play = Vec::new();
        for l in Location::EVERY {
            if let Some(p) = self.places.get(l as usize) {
                for (s, company) in p.companies.iter().enumerate() {
                    in_play.extend(company.iter().map(|c| (c.as_str(), l, s)));
                }
            }
        }
        let here = in_play.iter().filter(|(_, l, _)| Some(*l) == location).map(|(c, _, _)| *c).collect();
        let full = self.mode().full();
        let zone = self.players.get(seat.index()).map_or(&[][..], |p| &p.zone[..]);
        Scene {
            location,
            here,
            in_play,
            heraldic: self.heraldic.last().and_then(|h| modifiers::heraldic_bonus(h, Catalog::builtin())),
            round_table: full && self.players.iter().any(|p| p.zone.iter().any(|e| e == modifiers::ROUND_TABLE)),
            zone: if full { modifiers::zone_bonus(zone) } else { [0; 6] },
        }
    }

    /// A company's combined value in each skill, in the rules' order: the
    /// members' values with every modifier, added up ("valore combinato";
    /// see [`modifiers`]).
    pub fn totals(&self, seat: Seat, location: Location) -> [i32; 6] {
        let company = self.company(seat, location);
        modifiers::company_totals(&self.members(company), &self.scene(seat, Some(location)), self.boosts())
    }

    /// A character's values now, with every modifier, in its company.
    pub fn values(&self, card: &str) -> Option<[i32; 6]> {
        let (seat, location) = self.where_is(card)?;
        let company = self.company(seat, location);
        let members = self.members(company);
        let i = members.iter().position(|m| m.card == card)?;
        modifiers::member_values(&members, &self.scene(seat, Some(location)), self.boosts()).get(i).copied()
    }

    /// The actions of `seat`'s turn: two, three while its High King stands
    /// at Camelot ("La Carta Speciale High King").
    pub fn actions_allowed(&self, seat: Seat) -> u8 {
        // Sir Turquin's capture: one action, "anche se controlla la Carta
        // Speciale High King".
        if matches!(&self.phase, Phase::Turn(t) if t.seat == seat && t.one_action) {
            return 1;
        }
        let king = self.specials.get(&Special::HighKing).and_then(|c| self.where_is(c));
        let feast = match &self.phase {
            Phase::Turn(t) if t.seat == seat => effects::feast(t),
            _ => 0,
        };
        ACTIONS + u8::from(king == Some((seat, Location::Camelot))) + feast
    }

    /// The knights under Sir Turquin.
    pub fn prisoners(&self) -> &[String] {
        &self.prisoners
    }

    /// The first requirement of `event` that the company falls short of,
    /// with its total; `None` when it meets them all.
    fn shortfall(&self, seat: Seat, location: Location, event: &str) -> Option<LegendsError> {
        // An event a single knight completes, by its text.
        if let Some(lone) = LoneKnight::of(event) {
            return self.lone_knights(seat, location, &lone).is_empty().then(|| LegendsError::NoLoneKnight {
                card: event.to_string(),
                skills: lone.skills.clone(),
                total: lone.total,
                lady: lone.lady,
            });
        }
        let totals = self.totals(seat, location);
        // The Castle of Maidens: a total in any one skill.
        if let Some(needed) = sites::any_skill(event) {
            let best = Skill::ALL.into_iter().max_by_key(|s| totals[*s as usize]).unwrap_or(Skill::Combat);
            let total = totals[best as usize];
            return (total < needed).then(|| LegendsError::FallsShort {
                card: event.to_string(),
                skill: best,
                total,
                needed: u8::try_from(needed).unwrap_or(u8::MAX),
            });
        }
        let facts = self.facts.events.get(event)?;
        facts.requirements.iter().find(|r| totals[r.skill as usize] < i32::from(r.needed)).map(|r| {
            LegendsError::FallsShort {
                card: event.to_string(),
                skill: r.skill,
                total: totals[r.skill as usize],
                needed: r.needed,
            }
        })
    }

    /// The knights of `seat`'s company at `location` who alone meet a
    /// single knight's event.
    fn lone_knights(&self, seat: Seat, location: Location, lone: &LoneKnight) -> Vec<String> {
        let company = self.company(seat, location);
        let lady = company.iter().any(|c| self.facts.characters.get(c).is_some_and(|f| f.gender == "female"));
        if lone.lady && !lady {
            return Vec::new();
        }
        company
            .iter()
            .filter(|c| self.facts.characters.get(*c).is_some_and(CharacterFacts::is_knight))
            .filter(|c| {
                self.values(c).is_some_and(|v| lone.skills.iter().map(|s| v[*s as usize]).sum::<i32>() >= lone.total)
            })
            .cloned()
            .collect()
    }

    /// Where a character is on the table, and whose it is.
    pub fn where_is(&self, card: &str) -> Option<(Seat, Location)> {
        for l in Location::EVERY {
            for (s, company) in self.places.get(l as usize)?.companies.iter().enumerate() {
                if company.iter().any(|c| c == card) {
                    return Some((Seat(s as u8), l));
                }
            }
        }
        None
    }

    /// Where an event waits.
    fn event_at(&self, card: &str) -> Option<Location> {
        Location::EVERY
            .into_iter()
            .find(|l| self.places.get(*l as usize).is_some_and(|p| p.events.iter().any(|e| e == card)))
    }

    /// True when the event card has been drawn in this game.
    fn seen(&self, card: &str) -> bool {
        self.event_at(card).is_some()
            || self.discarded.iter().any(|c| c == card)
            || self.heraldic.iter().any(|c| c == card)
            || self.covered.as_deref() == Some(card)
            || self.black_knight.as_deref() == Some(card)
            || (self.isle && card == sites::ISLE)
            || self.players.iter().any(|p| p.zone.iter().any(|c| c == card))
    }

    /// Victory points of each seat: the events in its zone, and the
    /// special cards its characters hold ("Fine del gioco e vittoria nel
    /// gioco normale").
    pub fn points(&self) -> Vec<u32> {
        let mut points: Vec<u32> = self
            .players
            .iter()
            .map(|p| p.zone.iter().filter_map(|c| self.facts.events.get(c)).map(|e| u32::from(e.victory_points)).sum())
            .collect();
        for (special, holder) in &self.specials {
            if let (Some((seat, _)), Some(p)) = (self.where_is(holder), self.facts.specials.get(&special.card())) {
                points[seat.index()] += u32::from(*p);
            }
        }
        // "ogni Cavaliere che si trovi sotto Ser Turquin vale 1 Punto
        // Vittoria aggiuntivo".
        if let Some((seat, _)) = self.where_is(abilities::TURQUIN) {
            points[seat.index()] += self.prisoners.len() as u32;
        }
        for s in Seat::all(points.len()) {
            points[s.index()] += self.isle_points(s);
        }
        points
    }

    /// The seats with the most victory points ("chi ha il totale maggiore
    /// vince"); a tie shares the victory.
    pub fn winners(&self) -> Vec<Seat> {
        let points = self.points();
        let best = points.iter().copied().max().unwrap_or(0);
        Seat::all(points.len()).filter(|s| points[s.index()] == best).collect()
    }

    fn seat_ok(&self, seat: Seat) -> Res<()> {
        if seat.index() < self.players() {
            Ok(())
        } else {
            Err(CommonError::NoSuchSeat { seat }.into())
        }
    }

    fn started(&self) -> Res<()> {
        match self.phase {
            Phase::Setup => Err(CommonError::NotStarted.into()),
            Phase::Over { .. } => Err(CommonError::GameOver.into()),
            _ => Ok(()),
        }
    }

    /// The turn, once its event is drawn and nothing waits.
    fn turn_open(&self) -> Res<&Turn> {
        self.started()?;
        let Phase::Turn(t) = &self.phase else { return Err(err(LegendsError::StillPlacing)) };
        if !t.drawn {
            return Err(err(LegendsError::DrawFirst));
        }
        if self.auction.is_some() {
            return Err(err(LegendsError::BiddingOpen));
        }
        if self.grant.is_some() {
            return Err(err(LegendsError::GrantFirst));
        }
        if self.companion_due {
            return Err(err(LegendsError::CompanionFirst));
        }
        if !self.forfeits.is_empty() {
            return Err(err(LegendsError::ForfeitFirst));
        }
        if self.black_knight.is_some() {
            return Err(err(LegendsError::CoverFirst));
        }
        Ok(t)
    }

    /// The turn, once its event is drawn, with an action left.
    fn acting(&self) -> Res<&Turn> {
        let t = self.turn_open()?;
        if t.actions >= self.actions_allowed(t.seat) {
            return Err(err(LegendsError::NoActionLeft));
        }
        Ok(t)
    }

    /// Who may lay a character now: the player placing, or the player
    /// whose turn has an action left.
    fn layer(&self) -> Res<Seat> {
        match &self.phase {
            Phase::Placing { seat, .. } => Ok(*seat),
            // Lady Lunete's offer outlasts the turn's last action.
            Phase::Turn(Turn { lunete: Some(_), .. }) => self.turn_open().map(|t| t.seat),
            _ => self.acting().map(|t| t.seat),
        }
    }

    /// Whether `card` may be laid by `seat` to be played: a character of
    /// the introductory game, known, not on the table, with a card in hand.
    fn check_character(&self, seat: Seat, card: &str) -> Res<()> {
        if !is_character(card) || Catalog::builtin().get(card).is_none() {
            return Err(err(LegendsError::NotACharacter { card: card.to_string() }));
        }
        if self.where_is(card).is_some() || self.is_captive(card) {
            return Err(err(LegendsError::InPlay { card: card.to_string() }));
        }
        // A card met without its facts: the table asks for them.
        let Some(facts) = self.facts.characters.get(card) else {
            return Err(CommonError::FactsNeeded { cards: vec![card.to_string()] }.into());
        };
        self.check_level(card, &facts.level)?;
        if self.players[seat.index()].hand == 0 {
            return Err(err(LegendsError::HandEmpty));
        }
        Ok(())
    }

    /// Whether a card of `level` belongs to the game played: "mettete da
    /// parte quelle con l'icona Blu e Rossa" (introductory); the red cards
    /// only in the advanced game.
    fn check_level(&self, card: &str, level: &str) -> Res<()> {
        match self.mode() {
            m if m.takes(level) => Ok(()),
            Mode::Introductory => Err(err(LegendsError::NotIntroductory { card: card.to_string() })),
            _ => Err(err(LegendsError::AdvancedCard { card: card.to_string() })),
        }
    }

    /// The locations where `seat`'s company has room for `n` more
    /// ("limite di 6 Personaggi per Compagnia").
    fn room(&self, seat: Seat, location: Location, n: usize) -> bool {
        self.company(seat, location).len() + n <= MAX_COMPANY
    }

    fn check_setup(&self, s: &Setup) -> Res<()> {
        if self.setup.is_some() {
            return Err(CommonError::AlreadyStarted.into());
        }
        let n = s.colours.len();
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&n) {
            return Err(err(LegendsError::PlayerCount { players: n }));
        }
        if s.colours.iter().collect::<BTreeSet<_>>().len() != n {
            return Err(err(LegendsError::ColourTwice));
        }
        if s.names.len() > n {
            return Err(err(LegendsError::TooManyNames));
        }
        if let Some(first) = s.first {
            if first.index() >= n {
                return Err(CommonError::NoSuchSeat { seat: first }.into());
            }
        }
        // The full game's deck is counted by the table's size.
        if !s.mode.full() && !(1..=EVENTS).contains(&s.events) {
            return Err(err(LegendsError::EventDeck { cards: s.events }));
        }
        // Five dealt to each, the rest the deck.
        if usize::from(s.characters) < usize::from(HAND) * n || s.characters > CHARACTERS {
            return Err(err(LegendsError::CharacterDeck { cards: s.characters }));
        }
        check_facts(&s.facts)?;
        // The special cards' points count in every full game: asked before
        // it starts.
        let missing: Vec<String> = Special::ALL
            .iter()
            .map(|k| k.card())
            .filter(|c| s.mode.full() && !s.facts.specials.contains_key(c))
            .collect();
        if !missing.is_empty() {
            return Err(CommonError::FactsNeeded { cards: missing }.into());
        }
        Ok(())
    }

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
            Command::Setup(s) => {
                self.check_setup(s)?;
                // "Preparazione": the Pendragon card's holder starts;
                // given, or dealt at random.
                let first = s.first.unwrap_or_else(|| Seat(rng.below(s.colours.len()) as u8));
                // "Preparazione del gioco normale e avanzato": the table's
                // number of events over the final event.
                let events = if s.mode.full() { cards::full_deck(s.colours.len()) + 1 } else { s.events };
                d.emit(Event::SetUp { setup: Setup { first: Some(first), events, ..s.clone() }, first });
            }
            Command::Learn { facts } => {
                if self.setup.is_none() {
                    return Err(CommonError::NotStarted.into());
                }
                check_facts(facts)?;
                // A fact in force stays for the whole game.
                let known = &self.facts;
                let changes = facts.characters.iter().any(|(c, f)| known.characters.get(c).is_some_and(|k| k != f))
                    || facts.events.iter().any(|(c, f)| known.events.get(c).is_some_and(|k| k != f))
                    || facts.specials.iter().any(|(c, f)| known.specials.get(c).is_some_and(|k| k != f));
                if changes {
                    return Err(err(LegendsError::FactInForce));
                }
                d.emit(Event::Learned { facts: facts.clone() });
            }
            Command::CorrectHand { seat, cards } => {
                self.started()?;
                self.seat_ok(*seat)?;
                if *cards > HAND {
                    return Err(err(LegendsError::HandCount { cards: *cards }));
                }
                d.emit(Event::HandCorrected { seat: *seat, cards: *cards });
            }
            Command::Lay { card } => {
                let seat = self.layer()?;
                self.check_character(seat, card)?;
                if !self.playable().into_iter().any(|l| self.room(seat, l, 1)) {
                    return Err(err(LegendsError::CompaniesFull));
                }
                if let Some(at) = self.lunete_only() {
                    if !self.is_lady(card) {
                        return Err(err(LegendsError::LuneteLadyOnly { location: at }));
                    }
                }
                d.emit(Event::Laid { seat, card: card.clone() });
            }
            Command::Play { location } => {
                let seat = self.layer()?;
                let Some(card) = self.laid.clone() else { return Err(err(LegendsError::NothingLaid)) };
                self.check_character(seat, &card)?;
                self.check_open(*location)?;
                if *location == Location::IsleOfAvalon {
                    return Err(err(LegendsError::IsleNoPlay));
                }
                // "va rispettato il limite di 6 Personaggi per Compagnia".
                if !self.room(seat, *location, 1) {
                    return Err(err(LegendsError::CompanyFull { location: *location }));
                }
                let free = self.lunete_free(&card, *location);
                if let Some(at) = self.lunete_only().filter(|_| !free) {
                    return Err(err(LegendsError::LuneteLadyOnly { location: at }));
                }
                let lunete = !free && self.lunete_opens(seat, &card, *location);
                d.emit(Event::Played { seat, card, location: *location, free, lunete });
                match self.phase {
                    // "ciascun giocatore ... giocherà un personaggio
                    // iniziale": then the first player's turn.
                    Phase::Placing { after: 0, .. } => d.emit(Event::TurnPassed { to: self.first }),
                    Phase::Placing { .. } => {}
                    _ => d.after_action(seat),
                }
            }
            Command::DrawEvent { card } => {
                self.started()?;
                let Phase::Turn(t) = &self.phase else { return Err(err(LegendsError::StillPlacing)) };
                // "1. Pescare una Carta Evento": the active player "DEVE
                // pescare".
                if t.drawn {
                    return Err(err(LegendsError::AlreadyDrawn));
                }
                if self.event_deck == 0 {
                    return Err(err(LegendsError::EventDeckEmpty));
                }
                // The final event lies under the others ("disporre tale
                // numero di carte sopra la carta Evento Finale").
                let last = self.mode().full() && self.event_deck == 1;
                let known = Catalog::builtin().get(card).is_some();
                if is_final(card) && known {
                    if !self.mode().full() {
                        return Err(err(LegendsError::NotIntroductory { card: card.clone() }));
                    }
                    if !last {
                        return Err(err(LegendsError::FinalIsLast { cards: self.event_deck - 1 }));
                    }
                } else if !is_event(card) || !known {
                    return Err(err(LegendsError::NotAnEvent { card: card.clone() }));
                } else if last {
                    return Err(err(LegendsError::FinalNow));
                }
                if self.seen(card) {
                    return Err(err(LegendsError::EventSeen { card: card.clone() }));
                }
                // An advanced card that opens a special location: its text
                // is its facts; only the Castle of Maidens' points are asked.
                if let Some(site) = sites::opens(card) {
                    self.check_level(card, "advanced")?;
                    if site == Location::CastleOfMaidens && !self.facts.events.contains_key(card) {
                        return Err(CommonError::FactsNeeded { cards: vec![card.clone()] }.into());
                    }
                    d.emit(Event::EventDrawn { seat: t.seat, card: card.clone(), went: Went::Site { location: site } });
                    d.site_opened(t.seat, site);
                    return Ok(());
                }
                let Some(facts) = self.facts.events.get(card) else {
                    return Err(CommonError::FactsNeeded { cards: vec![card.clone()] }.into());
                };
                if !is_final(card) {
                    self.check_level(card, &facts.level)?;
                }
                let full = self.mode().full();
                let went = match (facts.event_type, facts.location) {
                    _ if is_final(card) => Went::Final,
                    // "La sola eccezione a questa regola è la carta Black
                    // Knight": it may cover a Forest event instead.
                    (EventType::Location, Some(location))
                        if card == BLACK_KNIGHT
                            && location == Location::PerilousForest
                            && self.places[location as usize].events.len() >= MAX_EVENTS =>
                    {
                        Went::BlackKnight
                    }
                    (EventType::Location, Some(location)) => {
                        // "Eventi di Locazione" (full rules): "un quarto
                        // evento ... sarà scartato".
                        if self.places[location as usize].events.len() >= MAX_EVENTS {
                            Went::Discarded { why: Discard::Fourth }
                        } else {
                            Went::Placed { location }
                        }
                    }
                    // "1. Pescare una Carta Evento": a special event is
                    // "risolto immediatamente e quindi scartato".
                    (EventType::Special, _) => Went::Discarded { why: Discard::Special },
                    // "ricoprendosi di volta in volta".
                    (EventType::Heraldic, _) => Went::Heraldic,
                    (EventType::Bidding, _) if full => {
                        let (max, skills) = bidding_terms(card, facts);
                        Went::Bidding { max, skills }
                    }
                    (EventType::Bidding, _) | (EventType::Location, None) => Went::Discarded { why: Discard::Bidding },
                };
                let special = matches!(went, Went::Discarded { why: Discard::Special });
                d.emit(Event::EventDrawn { seat: t.seat, card: card.clone(), went });
                if special {
                    d.special_drawn(t.seat, card);
                }
                d.end_if_done();
            }
            Command::Complete { card } => {
                let t = self.turn_open()?;
                // "3. Completare gli Eventi di Locazione": not "dopo
                // aver iniziato la fase delle azioni".
                if t.actions > 0 {
                    return Err(err(LegendsError::ActionsBegun));
                }
                let Some(location) = self.event_at(card) else {
                    return Err(err(LegendsError::EventNotHere { card: card.clone() }));
                };
                // "3. Completare gli Eventi di Locazione": "un solo
                // evento per ogni locazione".
                if t.completed.contains(&location) {
                    return Err(err(LegendsError::LocationDone { location }));
                }
                // "3. Completare gli Eventi di Locazione": with two
                // skills, "entrambi i requisiti".
                if let Some(why) = self.shortfall(t.seat, location, card) {
                    return Err(err(why));
                }
                let seat = t.seat;
                let stated = Catalog::builtin().get(card);
                // The special cards come with the full game ("non sono
                // utilizzate nel gioco introduttivo").
                let gives =
                    stated.and_then(|c| c.fact_str("gives")).and_then(Special::of_code).filter(|_| self.mode().full());
                // "Il testo di alcuni Eventi di Locazione indica che la carta
                // deve essere scartata": it gives a special card instead.
                let spent = gives.is_some() && stated.is_some_and(|c| c.fact_flag("discarded_on_completion"));
                d.emit(Event::EventCompleted { seat, card: card.clone(), location, spent });
                // Siege Perilous: "influenza immediatamente il suo Cavaliere
                // con il maggior valore di Forza di Volontà che si trovi a
                // Camelot".
                if card == abilities::SIEGE_PERILOUS {
                    if let Some(knight) = d.sim.siege_knight(seat) {
                        d.emit(Event::Warded { seat, card: knight, by: card.clone() });
                    }
                }
                if let Some(special) = gives {
                    // A knight receives it where the text names one.
                    let knight =
                        stated.is_some_and(|c| c.fact_flag("single_knight")) || card == "legends/event/test-of-amour";
                    let grant = Grant { special, seat, location, knight, lone: LoneKnight::of(card) };
                    let can: Vec<String> = d.sim.grantees(&grant);
                    match can.as_slice() {
                        [] => {}
                        [one] => d.give(special, Some(one.clone())),
                        _ => d.emit(Event::GrantOpened { grant }),
                    }
                }
                // "Non appena si completa l'Evento Finale, il gioco termina
                // immediatamente", the characters due at the end of the
                // turn discarded before the count.
                if location == Location::Final {
                    d.discard_marked();
                    d.emit(Event::GameEnded { reason: EndReason::FinalCompleted });
                } else if location == Location::CastleOfMaidens {
                    d.castle_completed(seat);
                } else {
                    d.completed(seat, card, location);
                    d.end_if_done();
                }
            }
            Command::DrawCharacter => {
                let t = self.acting()?;
                // "4. Due Azioni": the "limite di 5 carte in mano".
                if self.players[t.seat.index()].hand >= HAND {
                    return Err(err(LegendsError::HandFull));
                }
                if self.character_deck == 0 {
                    return Err(err(LegendsError::CharacterDeckEmpty));
                }
                d.emit(Event::CharacterDrawn { seat: t.seat });
                d.after_action(t.seat);
            }
            Command::Move { cards, to } => {
                let t = self.acting()?;
                let seat = t.seat;
                // "muovere uno o due dei suoi Personaggi".
                let distinct: BTreeSet<&String> = cards.iter().collect();
                if cards.is_empty() || cards.len() > 2 || distinct.len() != cards.len() {
                    return Err(err(LegendsError::MoveCount));
                }
                let mut from = None;
                for c in cards {
                    match self.where_is(c) {
                        Some((s, l)) if s == seat => {
                            // "entrambi devono iniziare e terminare il
                            // movimento nella stessa locazione".
                            if from.is_some_and(|f| f != l) {
                                return Err(err(LegendsError::MoveFromOnePlace));
                            }
                            from = Some(l);
                        }
                        _ => return Err(err(LegendsError::NotYours { card: c.clone() })),
                    }
                }
                let Some(from) = from else { return Err(err(LegendsError::MoveCount)) };
                if from == *to {
                    return Err(err(LegendsError::SameLocation));
                }
                self.check_open(*to)?;
                self.check_isle(seat, cards, from, *to)?;
                if !self.room(seat, *to, cards.len()) {
                    return Err(err(LegendsError::CompanyFull { location: *to }));
                }
                self.check_guard(seat, cards, *to)?;
                self.check_bewitched(cards)?;
                let free = self.agloval_free(t, cards) || self.potion_free(t, cards);
                d.emit(Event::Moved { seat, cards: cards.clone(), from, to: *to, free });
                d.after_action(seat);
            }
            Command::EndTurn => {
                let t = self.turn_open()?;
                d.end_turn(t.seat);
            }
            Command::Use { card, target, skill } => {
                let t = self.turn_open()?;
                let u = self.check_use(t, card, target.as_deref(), *skill)?;
                let seat = t.seat;
                let (boosts, discard) = self.use_effects(card, *skill, u);
                d.emit(Event::AbilityUsed { seat, card: card.clone(), boosts, discard });
            }
            Command::Strike { card, target } => {
                let t = self.turn_open()?;
                let seat = t.seat;
                let blow = self.check_strike(t, card, target)?;
                d.emit(Event::Struck { seat, card: card.clone(), target: target.clone(), blow });
            }
            Command::Cover { card } => {
                self.started()?;
                if self.black_knight.is_none() {
                    return Err(err(LegendsError::NoCover));
                }
                if let Some(c) = card {
                    let forest = self.places.get(Location::PerilousForest as usize);
                    if !forest.is_some_and(|p| p.events.contains(c)) {
                        return Err(err(LegendsError::EventNotHere { card: c.clone() }));
                    }
                }
                d.emit(Event::Covered { card: card.clone() });
            }
            Command::Ward { card, target } => {
                let t = self.turn_open()?;
                let seat = t.seat;
                self.check_ward(t, card, target)?;
                d.emit(Event::Warded { seat, card: target.clone(), by: card.clone() });
            }
            Command::Bid { card } => {
                self.started()?;
                let Some(a) = &self.auction else { return Err(err(LegendsError::NoBidding)) };
                if a.dagonet.is_some() {
                    return Err(err(LegendsError::DagonetPlaceFirst));
                }
                let seat = a.to;
                // "fino al massimo numero di Personaggi consentito".
                if a.bids[seat.index()].len() >= usize::from(a.max) {
                    return Err(err(LegendsError::BidMax { most: a.max }));
                }
                if !is_character(card) || Catalog::builtin().get(card).is_none() {
                    return Err(err(LegendsError::NotACharacter { card: card.clone() }));
                }
                if a.bids.iter().flatten().any(|c| c == card) {
                    return Err(err(LegendsError::AlreadyBid { card: card.clone() }));
                }
                // "preso dalla propria mano di carte oppure da una delle
                // Compagnie già in gioco di quel giocatore".
                let from = match self.where_is(card) {
                    // Nobody leaves the Isle of Avalon.
                    Some((s, Location::IsleOfAvalon)) if s == seat => {
                        return Err(err(LegendsError::IsleStay { card: card.clone() }))
                    }
                    Some((s, l)) if s == seat => Some(l),
                    Some(_) => return Err(err(LegendsError::NotYours { card: card.clone() })),
                    None if self.is_captive(card) => return Err(err(LegendsError::InPlay { card: card.clone() })),
                    None => None,
                };
                if from.is_none() {
                    let Some(facts) = self.facts.characters.get(card) else {
                        return Err(CommonError::FactsNeeded { cards: vec![card.clone()] }.into());
                    };
                    self.check_level(card, &facts.level)?;
                    if self.players[seat.index()].hand == 0 {
                        return Err(err(LegendsError::HandEmpty));
                    }
                }
                // "Se puntato in un Evento di Asta, Ser Dagonet deve
                // rimpiazzare un altro personaggio che qualcuno abbia già
                // puntato".
                if card == texts::DAGONET {
                    if a.bids.iter().all(Vec::is_empty) {
                        return Err(err(LegendsError::DagonetNothingBid));
                    }
                    d.emit(Event::DagonetBid { seat, from });
                    return Ok(());
                }
                d.emit(Event::BidMade { seat, card: card.clone(), from });
                d.close_auction_if_done();
            }
            Command::Pass => {
                self.started()?;
                let Some(a) = &self.auction else { return Err(err(LegendsError::NoBidding)) };
                if a.dagonet.is_some() {
                    return Err(err(LegendsError::DagonetPlaceFirst));
                }
                d.emit(Event::Passed { seat: a.to });
                d.close_auction_if_done();
            }
            Command::Grant { card } => {
                self.started()?;
                let Some(g) = &self.grant else { return Err(err(LegendsError::NoGrant)) };
                if !self.grantees(g).contains(card) {
                    return Err(err(LegendsError::NotGrantee { card: card.clone(), knight: g.knight }));
                }
                d.give(g.special, Some(card.clone()));
            }
            Command::Remove { card, to_hand } => {
                self.started()?;
                let Some((seat, _)) = self.where_is(card) else {
                    return Err(err(LegendsError::NotOnTable { card: card.clone() }));
                };
                // "(o scartato se dovessi superare il limite delle 5 carte
                // in mano)".
                if *to_hand && self.players[seat.index()].hand < HAND {
                    d.emit(Event::ReturnedToHand { seat, card: card.clone() });
                } else {
                    d.emit(Event::Discarded { cards: vec![card.clone()], why: Gone::CardText });
                }
            }
            Command::Relocate { card, to, seat } => {
                self.started()?;
                let Some((from_seat, from)) = self.where_is(card) else {
                    return Err(err(LegendsError::NotOnTable { card: card.clone() }));
                };
                let seat = seat.unwrap_or(from_seat);
                self.seat_ok(seat)?;
                if seat == from_seat && from == *to {
                    return Err(err(LegendsError::SameLocation));
                }
                // The Isle of Avalon's text holds here too (`check_isle_kept`).
                self.check_open(*to)?;
                if !self.room(seat, *to, 1) {
                    return Err(err(LegendsError::CompanyFull { location: *to }));
                }
                d.emit(Event::Relocated { card: card.clone(), from_seat, from, seat, to: *to });
            }
            Command::GiveSpecial { special, card } => {
                self.started()?;
                if !self.mode().full() {
                    return Err(err(LegendsError::NoSpecials));
                }
                if let Some(c) = card {
                    if self.where_is(c).is_none() {
                        return Err(err(LegendsError::NotOnTable { card: c.clone() }));
                    }
                }
                if self.specials.get(special) == card.as_ref() {
                    return Err(err(LegendsError::SpecialThere));
                }
                d.give(*special, card.clone());
            }
            Command::Spell { card, target } => {
                let t = self.turn_open()?;
                let seat = t.seat;
                self.check_spell(t, card, target)?;
                d.emit(Event::Spelled { seat, card: card.clone(), target: target.clone() });
                // Lady Ettard's spell may follow the turn's last action.
                d.after_action(seat);
            }
            Command::Crown { card, event } => {
                let t = self.turn_open()?;
                let seat = t.seat;
                let knight = self.check_crown(t, card, event.as_deref())?;
                d.emit(Event::Crowned { seat, by: card.clone(), knight, spent: event.clone() });
            }
            Command::Scrap { card, event } => {
                let t = self.turn_open()?;
                self.check_scrap(t, card, event)?;
                d.emit(Event::Scrapped { card: card.clone(), scrapped: event.clone() });
            }
            Command::Raid { card, seat } => {
                let t = self.turn_open()?;
                let by = t.seat;
                self.check_raid(t, card, *seat)?;
                d.emit(Event::Raided { seat: by, card: card.clone(), from: *seat });
            }
            Command::Replace { target } => {
                let seat = self.check_replace(target)?;
                let bid = self.auction.as_ref().is_some_and(|a| a.dagonet.is_some());
                let card = if bid { texts::DAGONET.to_string() } else { self.laid.clone().unwrap_or_default() };
                d.emit(Event::Replaced { seat, card, target: target.clone() });
                if bid {
                    d.close_auction_if_done();
                } else {
                    d.after_action(seat);
                }
            }
            Command::Recall { card } => {
                let t = self.turn_open()?;
                let seat = t.seat;
                self.check_recall(t, card)?;
                d.emit(Event::Recalled { seat, card: card.clone() });
            }
            Command::Summon { card, target } => {
                let t = self.turn_open()?;
                let seat = t.seat;
                let (from, to) = self.check_summon(t, card, target)?;
                d.emit(Event::Summoned { seat, card: card.clone(), target: target.clone(), from, to });
            }
            Command::Renounce { card } => {
                let t = self.turn_open()?;
                let seat = t.seat;
                let event = self.check_renounce(t, card)?;
                d.emit(Event::Renounced { seat, card: card.clone(), lost: event });
                d.forfeit_single();
            }
            Command::Rescue { take } => {
                self.started()?;
                let Some(r) = self.rescue() else { return Err(err(LegendsError::NoRescue)) };
                if *take {
                    self.check_rescue(r)?;
                }
                d.emit(Event::Rescued { rescue: r.clone(), taken: *take });
            }
            Command::Hunt { to } => {
                let seat = self.acting()?.seat;
                let from = self.check_hunt(*to)?;
                d.emit(Event::Hunted { seat, from, to: *to });
                d.after_action(seat);
            }
            Command::Resolve { card, seat, to } => {
                self.started()?;
                let answer = effects::Answer { card: card.clone(), seat: *seat, to: *to };
                let p = self.check_resolve(&answer)?;
                let effect = p.effect.clone();
                d.emit(Event::Resolved {
                    seat: p.seat,
                    effect: effect.clone(),
                    card: card.clone(),
                    with: *seat,
                    to: *to,
                });
                match effect {
                    Effect::Captive { left } => d.captives(left),
                    Effect::Departure => d.departures(self.next(p.seat)),
                    Effect::DarkJourney { left } => d.journey(left),
                    Effect::Champion { mut chosen, left, .. } => {
                        chosen.extend(card.clone());
                        d.champions(chosen, left);
                    }
                    _ => {}
                }
            }
            Command::Forfeit { event } => {
                self.started()?;
                let Some(seat) = self.forfeit_due() else { return Err(err(LegendsError::NoForfeitDue)) };
                if !self.players[seat.index()].zone.contains(event) {
                    return Err(err(LegendsError::NotInZone { card: event.clone() }));
                }
                d.emit(Event::Forfeited { seat, lost: event.clone() });
                d.forfeit_single();
            }
            Command::Companion { card } => {
                self.started()?;
                if !self.companion_due {
                    return Err(err(LegendsError::NoCompanionDue));
                }
                if !self.potion_ladies().contains(card) {
                    return Err(err(LegendsError::NotCompanion { card: card.clone() }));
                }
                d.emit(Event::CompanionChosen { card: card.clone() });
            }
            Command::EndGame => {
                self.started()?;
                if !matches!(self.phase, Phase::Turn(_)) {
                    return Err(err(LegendsError::StillPlacing));
                }
                if self.event_deck > 0 {
                    return Err(err(LegendsError::EventsLeft { cards: self.event_deck }));
                }
                d.emit(Event::GameEnded { reason: EndReason::Stopped });
            }
        }
        Ok(())
    }

    /// A character leaves the table: the special cards it held go back
    /// beside the board ("la Carta Speciale dovrà essere riposta").
    fn take_off(&mut self, card: &str, location: Location) {
        if let Some(p) = self.places.get_mut(location as usize) {
            for c in &mut p.companies {
                c.retain(|x| x != card);
            }
        }
        self.specials.retain(|_, h| h != card);
        // Sir Turquin's prisoners leave with him.
        if card == abilities::TURQUIN {
            self.character_discard.append(&mut self.prisoners);
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
            Event::SetUp { setup, first } => {
                let n = setup.colours.len();
                self.players = vec![PlayerState { hand: HAND, zone: Vec::new() }; n];
                self.character_deck = setup.characters.saturating_sub(HAND * n as u8);
                self.event_deck = setup.events;
                self.places = vec![Place { events: Vec::new(), companies: vec![Vec::new(); n] }; Location::EVERY.len()];
                self.facts = setup.facts.clone();
                self.first = *first;
                self.phase = Phase::Placing { seat: *first, after: n.saturating_sub(1) as u8 };
                // The facts live in `facts` alone (learned ones join them).
                self.setup = Some(Setup { facts: Facts::default(), ..setup.clone() });
            }
            Event::Laid { card, .. } => self.laid = Some(card.clone()),
            Event::Played { seat, card, location, free, lunete } => {
                if let Some(c) = self.company_mut(*seat, *location) {
                    c.push(card.clone());
                }
                if let Some(p) = self.players.get_mut(seat.index()) {
                    p.hand = p.hand.saturating_sub(1);
                }
                self.laid = None;
                match &mut self.phase {
                    Phase::Placing { seat: s, after } if *after > 0 => {
                        *after -= 1;
                        *s = Seat(((s.index() + 1) % self.players.len().max(1)) as u8);
                    }
                    Phase::Turn(t) => {
                        if !*free {
                            t.actions += 1;
                        }
                        t.lunete = lunete.then_some(*location);
                        t.ettard = card == texts::ETTARD;
                    }
                    _ => {}
                }
            }
            Event::EventDrawn { card, went, .. } => {
                self.event_deck = self.event_deck.saturating_sub(1);
                if let Phase::Turn(t) = &mut self.phase {
                    t.drawn = true;
                }
                match went {
                    Went::Placed { location } => {
                        if let Some(p) = self.places.get_mut(*location as usize) {
                            p.events.push(card.clone());
                        }
                    }
                    Went::Discarded { .. } => self.discarded.push(card.clone()),
                    Went::Heraldic => self.heraldic.push(card.clone()),
                    Went::Bidding { max, skills } => {
                        let to = match &self.phase {
                            Phase::Turn(t) => t.seat,
                            _ => Seat(0),
                        };
                        self.auction = Some(Auction {
                            event: card.clone(),
                            max: *max,
                            skills: skills.clone(),
                            bids: vec![Vec::new(); self.players.len()],
                            to,
                            passes: 0,
                            dagonet: None,
                        });
                    }
                    Went::Final => {
                        if let Some(p) = self.places.get_mut(Location::Final as usize) {
                            p.events.push(card.clone());
                        }
                    }
                    Went::BlackKnight => self.black_knight = Some(card.clone()),
                    Went::Site { location } => {
                        if *location == Location::IsleOfAvalon {
                            self.isle = true;
                        } else if let Some(p) = self.places.get_mut(*location as usize) {
                            p.events.push(card.clone());
                        }
                    }
                }
            }
            Event::EventCompleted { seat, card, location, spent } => {
                if let Some(p) = self.places.get_mut(*location as usize) {
                    p.events.retain(|c| c != card);
                    // "solo al completamento del Cavaliere Nero l'evento
                    // sottostante tornerà in gioco".
                    if card == BLACK_KNIGHT {
                        p.events.extend(self.covered.take());
                    }
                }
                if *spent {
                    self.discarded.push(card.clone());
                } else if let Some(p) = self.players.get_mut(seat.index()) {
                    p.zone.push(card.clone());
                }
                let balin = self.balin_offer(*seat, card, *location, *spent);
                if let Phase::Turn(t) = &mut self.phase {
                    t.completed.push(*location);
                    t.balin = balin.then(|| card.clone());
                }
            }
            Event::CharacterDrawn { seat } => {
                if let Some(p) = self.players.get_mut(seat.index()) {
                    p.hand = (p.hand + 1).min(HAND);
                }
                self.character_deck = self.character_deck.saturating_sub(1);
                if let Phase::Turn(t) = &mut self.phase {
                    t.actions += 1;
                    t.lunete = None;
                    t.ettard = false;
                }
            }
            Event::Moved { seat, cards, from, to, free } => {
                let pair = self.is_pair(cards);
                if *to == Location::IsleOfAvalon && !self.isle_crossed.contains(seat) {
                    self.isle_crossed.push(*seat);
                }
                if let Some(c) = self.company_mut(*seat, *from) {
                    c.retain(|x| !cards.contains(x));
                }
                if let Some(c) = self.company_mut(*seat, *to) {
                    c.extend(cards.iter().cloned());
                }
                if let Phase::Turn(t) = &mut self.phase {
                    if *free {
                        t.used.push(if pair { Special::LovePotion.card() } else { abilities::AGLOVAL.to_string() });
                    } else {
                        t.actions += 1;
                    }
                    t.lunete = None;
                    t.ettard = false;
                }
            }
            Event::TurnPassed { to } => {
                self.laid = None;
                // With the event deck empty, there is nothing to draw.
                self.phase = Phase::Turn(Turn {
                    seat: *to,
                    drawn: self.event_deck == 0,
                    completed: Vec::new(),
                    actions: 0,
                    boosts: Vec::new(),
                    used: Vec::new(),
                    to_discard: Vec::new(),
                    one_action: false,
                    lunete: None,
                    ettard: false,
                    balin: None,
                    priamus: false,
                    feast: false,
                    damosel: false,
                });
                // Nimue's spell lasts "fino all'inizio del tuo prossimo
                // turno".
                self.silenced.retain(|s| s.until != *to);
            }
            Event::AbilityUsed { card, boosts, discard, .. } => {
                if let Phase::Turn(t) = &mut self.phase {
                    t.used.push(card.clone());
                    t.boosts.extend(boosts.iter().cloned());
                    t.to_discard
                        .extend(discard.iter().filter(|c| !t.to_discard.contains(c)).cloned().collect::<Vec<_>>());
                }
            }
            Event::BidMade { seat, card, from } => {
                match from {
                    Some(l) => self.take_off(card, *l),
                    None => {
                        if let Some(p) = self.players.get_mut(seat.index()) {
                            p.hand = p.hand.saturating_sub(1);
                        }
                    }
                }
                let n = self.players.len().max(1);
                if let Some(a) = &mut self.auction {
                    if let Some(b) = a.bids.get_mut(seat.index()) {
                        b.push(card.clone());
                    }
                    a.passes = 0;
                    a.to = next_bidder(a, n);
                }
            }
            Event::DagonetBid { seat, from } => {
                match from {
                    Some(l) => self.take_off(texts::DAGONET, *l),
                    None => {
                        if let Some(p) = self.players.get_mut(seat.index()) {
                            p.hand = p.hand.saturating_sub(1);
                        }
                    }
                }
                if let Some(a) = &mut self.auction {
                    a.dagonet = Some(*seat);
                }
            }
            Event::Passed { .. } => {
                let n = self.players.len().max(1);
                if let Some(a) = &mut self.auction {
                    a.passes = a.passes.saturating_add(1);
                    a.to = next_bidder(a, n);
                }
            }
            Event::AuctionClosed { winner, .. } => {
                if let Some(a) = self.auction.take() {
                    match winner.and_then(|w| self.players.get_mut(w.index())) {
                        Some(p) => p.zone.push(a.event.clone()),
                        None => self.discarded.push(a.event.clone()),
                    }
                    // "tutti i Personaggi puntati vengono scartati".
                    for c in a.bids.into_iter().flatten() {
                        self.specials.retain(|_, h| *h != c);
                        self.character_discard.push(c);
                    }
                }
            }
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
            Event::Hunted { from, to, .. } => {
                let beast = effects::QUESTING_BEAST.to_string();
                if let Some(p) = self.places.get_mut(*from as usize) {
                    p.events.retain(|e| *e != beast);
                }
                if let Some(p) = self.places.get_mut(*to as usize) {
                    p.events.push(beast);
                }
                if let Phase::Turn(t) = &mut self.phase {
                    t.actions += 1;
                    t.lunete = None;
                    t.ettard = false;
                }
            }
            Event::ThirdAction { .. } => {
                if let Phase::Turn(t) = &mut self.phase {
                    t.feast = true;
                }
            }
            Event::HandFilled { seat, cards } => {
                if let Some(p) = self.players.get_mut(seat.index()) {
                    p.hand = (p.hand + cards).min(HAND);
                }
                self.character_deck = self.character_deck.saturating_sub(*cards);
            }
            Event::DamoselOffered { .. } => {
                if let Phase::Turn(t) = &mut self.phase {
                    t.damosel = true;
                }
            }
            Event::CardGiven { from, to } => self.give_card(*from, *to),
            Event::Summoned { seat, card, target, from, to } => self.apply_summon(*seat, card, target, *from, *to),
            Event::Scrapped { card, scrapped: event } => {
                if let Phase::Turn(t) = &mut self.phase {
                    t.used.push(card.clone());
                }
                for p in &mut self.places {
                    p.events.retain(|e| e != event);
                }
                self.discarded.push(event.clone());
                for c in self.with_partners(std::slice::from_ref(card)) {
                    if let Some((_, l)) = self.where_is(&c) {
                        self.take_off(&c, l);
                    }
                    self.character_discard.push(c);
                }
            }
            Event::Spelled { seat, card, target } => {
                let at = self.where_is(card).map(|(_, l)| l);
                if let Phase::Turn(t) = &mut self.phase {
                    if card == texts::ETTARD {
                        t.ettard = false;
                    } else {
                        t.used.push(card.clone());
                    }
                }
                if card == texts::ETTARD {
                    self.bewitched = at.map(|l| (target.clone(), l));
                } else {
                    self.silenced.push(Silence { card: target.clone(), until: *seat });
                }
            }
            Event::Crowned { seat, by, knight, spent } => {
                if let Phase::Turn(t) = &mut self.phase {
                    t.used.push(by.clone());
                }
                self.specials.insert(Special::HighKing, knight.clone());
                if by == texts::ARTHUR {
                    self.arthur_crowned = true;
                }
                if let Some(e) = spent {
                    if let Some(p) = self.players.get_mut(seat.index()) {
                        p.zone.retain(|z| z != e);
                    }
                    self.discarded.push(e.clone());
                }
                if by == texts::ARCHBISHOP {
                    if let Some((_, l)) = self.where_is(by) {
                        self.take_off(by, l);
                    }
                    self.character_discard.push(by.clone());
                }
            }
            Event::CompanionChosen { card } => {
                self.companion = Some(card.clone());
                self.companion_due = false;
            }
            Event::SpecialGiven { special, card } => {
                // A new holder, a new companion.
                if *special == Special::LovePotion {
                    self.companion = None;
                    self.companion_due = false;
                }
                match card {
                    Some(c) => {
                        self.specials.insert(*special, c.clone());
                    }
                    None => {
                        self.specials.remove(special);
                    }
                }
                if self.grant.as_ref().is_some_and(|g| g.special == *special) {
                    self.grant = None;
                }
            }
            Event::Discarded { cards, .. } => {
                for c in &self.with_partners(cards) {
                    if let Some((_, l)) = self.where_is(c) {
                        self.take_off(c, l);
                    }
                    self.captives.retain(|x| x.card != *c);
                    self.character_discard.push(c.clone());
                }
            }
            Event::Captured { seat, card } => self.capture(*seat, card),
            Event::Freed { seat } => self.captor = Some(*seat),
            Event::ReturnedToHand { seat, card } => {
                if let Some((_, l)) = self.where_is(card) {
                    self.take_off(card, l);
                }
                if let Some(p) = self.players.get_mut(seat.index()) {
                    p.hand = (p.hand + 1).min(HAND);
                }
            }
            Event::Struck { card, target, blow, seat } => {
                if let Phase::Turn(t) = &mut self.phase {
                    t.used.push(card.clone());
                }
                let place = self.where_is(card).map(|(_, l)| l);
                let struck = self.where_is(target);
                let mut gone = vec![];
                match blow {
                    abilities::Blow::Both => gone.extend([target.clone(), card.clone()]),
                    abilities::Blow::Struck => gone.push(target.clone()),
                    abilities::Blow::Lure => {
                        // He joins her company; she is discarded.
                        if let (Some((owner, l)), Some(here)) = (struck, place) {
                            if let Some(c) = self.company_mut(owner, l) {
                                c.retain(|x| x != target);
                            }
                            if let Some(c) = self.company_mut(*seat, here) {
                                c.push(target.clone());
                            }
                        }
                        gone.push(card.clone());
                    }
                    abilities::Blow::Capture => {
                        if let Some((_, l)) = struck {
                            self.take_off(target, l);
                            self.prisoners.push(target.clone());
                        }
                        if let Phase::Turn(t) = &mut self.phase {
                            t.one_action = true;
                        }
                    }
                }
                for c in self.with_partners(&gone) {
                    if let Some((_, l)) = self.where_is(&c) {
                        self.take_off(&c, l);
                    }
                    self.character_discard.push(c);
                }
            }
            Event::Covered { card } => {
                self.black_knight = None;
                match card {
                    Some(c) => {
                        // He takes the covered event's place.
                        if let Some(p) = self.places.get_mut(Location::PerilousForest as usize) {
                            if let Some(i) = p.events.iter().position(|e| e == c) {
                                p.events[i] = BLACK_KNIGHT.to_string();
                            }
                        }
                        self.covered = Some(c.clone());
                    }
                    None => self.discarded.push(BLACK_KNIGHT.to_string()),
                }
            }
            Event::Warded { seat, card, by } => {
                if let Phase::Turn(t) = &mut self.phase {
                    if by != abilities::SIEGE_PERILOUS {
                        t.used.push(by.clone());
                    }
                }
                self.wards.push(Ward { seat: *seat, card: card.clone(), by: by.clone() });
            }
            Event::Relocated { card, from_seat, from, seat, to } => {
                if let Some(c) = self.company_mut(*from_seat, *from) {
                    c.retain(|x| x != card);
                }
                if let Some(c) = self.company_mut(*seat, *to) {
                    c.push(card.clone());
                }
            }
            Event::Learned { facts } => {
                self.facts.characters.extend(facts.characters.iter().map(|(k, v)| (k.clone(), v.clone())));
                self.facts.events.extend(facts.events.iter().map(|(k, v)| (k.clone(), v.clone())));
                self.facts.specials.extend(facts.specials.iter().map(|(k, v)| (k.clone(), *v)));
            }
            Event::HandCorrected { seat, cards } => {
                if let Some(p) = self.players.get_mut(seat.index()) {
                    p.hand = *cards;
                }
            }
            Event::GameEnded { reason } => {
                self.laid = None;
                self.phase = Phase::Over { reason: *reason };
            }
        }
    }
}

/// Checks facts against the rulebook's ranges and each other (the same
/// checks as the fact forms, for facts that come with a command).
fn check_facts(f: &Facts) -> Res<()> {
    for (card, c) in &f.characters {
        if !is_character(card) {
            return Err(err(LegendsError::NotACharacter { card: card.clone() }));
        }
        let skills = c.skills.iter().all(|v| cards::SKILL_VALUES.contains(&i64::from(*v)));
        let second = match c.second_alliance.as_deref() {
            None => true,
            Some(a) => cards::ALLIANCES.contains(&a) && !matches!(a, "none" | "grey") && a != c.alliance,
        };
        let choices = cards::ALLIANCES.contains(&c.alliance.as_str())
            && cards::GENDERS.contains(&c.gender.as_str())
            && cards::LEVELS.contains(&c.level.as_str());
        if !skills || !second || !choices {
            return Err(err(LegendsError::CharacterFacts { card: card.clone() }));
        }
    }
    for (card, e) in &f.events {
        // A final event is completed at its own place, and only there.
        let site = e.location.is_some_and(|l| !l.is_main() && l != Location::Final);
        if !(is_event(card) || is_final(card))
            || is_final(card) != (e.location == Some(Location::Final))
            || (site && sites::opens(card) != e.location)
        {
            return Err(err(LegendsError::NotAnEvent { card: card.clone() }));
        }
        let bad = || err(LegendsError::EventFacts { card: card.clone() });
        // A card opening a special location: its text is its facts, but
        // for its points.
        if sites::opens(card).is_some() {
            let points = e.victory_points == 0 || VICTORY_POINTS.contains(&i64::from(e.victory_points));
            if !points || !cards::LEVELS.contains(&e.level.as_str()) {
                return Err(bad());
            }
            continue;
        }
        let in_range = e.requirements.iter().all(|r| REQUIREMENT.contains(&i64::from(r.needed)));
        let points = e.victory_points == 0 || VICTORY_POINTS.contains(&i64::from(e.victory_points));
        let two_skills = e.requirements.len() < 2 || e.requirements[0].skill != e.requirements[1].skill;
        // A single knight's event needs no requirement: its text states its
        // total.
        let asked = !e.requirements.is_empty() || cards::single_knight(card);
        let located = e.event_type != EventType::Location || (e.location.is_some() && asked);
        let level = cards::LEVELS.contains(&e.level.as_str());
        if !in_range || !points || !two_skills || !located || !level || e.requirements.len() > 2 {
            return Err(bad());
        }
    }
    Ok(())
}

impl Game for Legends {
    type Command = Command;
    type Event = Event;
    type View = LegendsView;
    type Error = LegendsError;
    type Choice = Choice;

    const KIND: GameKind = GameKind::CamelotLegends;

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

    fn view(&self) -> LegendsView {
        self.view_now()
    }

    fn cues(&self, event: &Event) -> Vec<Cue> {
        view::cues(self, event)
    }

    fn check_invariants(&self) -> Result<(), String> {
        let Some(setup) = &self.setup else { return Ok(()) };
        let mut seen = BTreeSet::new();
        for (l, place) in Location::EVERY.into_iter().zip(&self.places) {
            if place.events.len() > MAX_EVENTS {
                return Err(format!("{} events at {l:?}", place.events.len()));
            }
            for e in &place.events {
                // A special location holds its own card.
                let at = sites::opens(e).or_else(|| self.facts.events.get(e).and_then(|f| f.location));
                // The Questing Beast is moved from main location to main
                // location.
                let beast = e == effects::QUESTING_BEAST && l.is_main() && at.is_some_and(|a| a.is_main());
                if at != Some(l) && !beast {
                    return Err(format!("{e} at {l:?}, its location {at:?}"));
                }
            }
            for (s, company) in place.companies.iter().enumerate() {
                if company.len() > MAX_COMPANY {
                    return Err(format!("seat {s} has {} characters at {l:?}", company.len()));
                }
                for c in company {
                    if !self.facts.characters.contains_key(c) {
                        return Err(format!("{c} in play without its facts"));
                    }
                    if !seen.insert(c.clone()) {
                        return Err(format!("{c} twice on the table"));
                    }
                }
            }
        }
        let mut events = BTreeSet::new();
        let isle = sites::ISLE.to_string();
        let all = self
            .places
            .iter()
            .flat_map(|p| &p.events)
            .chain(&self.discarded)
            .chain(&self.heraldic)
            .chain(self.auction.iter().map(|a| &a.event))
            .chain(self.covered.iter())
            .chain(self.black_knight.iter())
            .chain(self.isle.then_some(&isle))
            .chain(self.players.iter().flat_map(|p| &p.zone));
        let mut drawn = 0u32;
        for e in all {
            drawn += 1;
            if !events.insert(e) {
                return Err(format!("{e} drawn twice"));
            }
        }
        if drawn + u32::from(self.event_deck) != u32::from(setup.events) {
            return Err(format!("events: {drawn} drawn + {} in the deck != {}", self.event_deck, setup.events));
        }
        if self.players.iter().any(|p| p.hand > HAND) {
            return Err("a hand above five".into());
        }
        // Hands are counts the host may set right: only the deck, the table,
        // the bids and the discard pile are held to the cards dealt.
        let mut out: BTreeSet<&String> = seen.iter().collect();
        out.extend(self.character_discard.iter());
        out.extend(self.prisoners.iter());
        out.extend(self.captives.iter().map(|c| &c.card));
        out.extend(self.auction.iter().flat_map(|a| a.bids.iter().flatten()));
        if out.len() + usize::from(self.character_deck) > usize::from(setup.characters) {
            return Err(format!(
                "{} out of the deck + {} in it > {}",
                out.len(),
                self.character_deck,
                setup.characters
            ));
        }
        for holder in self.specials.values() {
            if !seen.contains(holder) {
                return Err(format!("{holder} holds a special card off the table"));
            }
        }
        if !setup.mode.full() && !self.specials.is_empty() {
            return Err("a special card in the introductory game".into());
        }
        if let Some(a) = &self.auction {
            if a.bids.iter().any(|b| b.len() > usize::from(a.max)) {
                return Err(format!("a bid above {} characters", a.max));
            }
        }
        if let Phase::Turn(t) = &self.phase {
            if t.actions > ACTIONS + 1 {
                return Err(format!("{} actions in a turn", t.actions));
            }
            let places: BTreeSet<_> = t.completed.iter().collect();
            if places.len() != t.completed.len() {
                return Err("two events completed at one location in a turn".into());
            }
        }
        Ok(())
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

    fn seated_names(event: &Event) -> Option<Vec<String>> {
        let Event::SetUp { setup, .. } = event else { return None };
        Some((0..setup.colours.len()).map(|i| setup.names.get(i).map_or("", |s| s.trim()).to_string()).collect())
    }
}
