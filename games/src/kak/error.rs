//! King Arthur's Knights' refusals: messages `kak.<code>` in the catalogs.

use super::cards::{Action, Virtue};
use crate::facts::{card_msg, FactError};
use crate::Seat;
use serde::{Deserialize, Serialize};
use tavola_words::{msg, Msg, Said};

/// Why King Arthur's Knights refused a command.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum KakError {
    /// 2 to 4 players.
    PlayerCount {
        /// Players given.
        players: usize,
    },
    /// Not one of the four knights.
    NotAKnight {
        /// The card.
        card: String,
    },
    /// Each knight once.
    KnightTwice,
    /// More names than players.
    TooManyNames {
        /// Players.
        players: usize,
    },
    /// The ring holds the eight locations.
    RingSize {
        /// Locations given.
        count: usize,
    },
    /// Not a location card.
    NotALocation {
        /// The card.
        card: String,
    },
    /// A location laid twice in the ring.
    LocationTwice {
        /// The card.
        card: String,
    },
    /// The box's virtue cards, as the owner entered them, have too few of
    /// value 1 of a virtue for the setup.
    TooFewOnes {
        /// The virtue.
        virtue: Virtue,
        /// Cards of value 1 the setup takes.
        needed: usize,
        /// Cards of value 1 entered.
        found: usize,
    },
    /// Facts given for a card do not fit its kind.
    BadFacts {
        /// What is wrong.
        error: FactError,
    },
    /// A fact already in force in this game cannot change until the next.
    FactInForce,
    /// Not an action card.
    NotAnActionCard {
        /// The card.
        card: String,
    },
    /// The action card is not on the table (taken, or in the box).
    ActionTaken {
        /// The card.
        card: String,
    },
    /// One Tournament card a round.
    TournamentTwice,
    /// The player holds no such action card this round.
    NoSuchAction {
        /// The action.
        action: Action,
    },
    /// This action is used at Camelot only.
    OnlyAtCamelot {
        /// The action.
        action: Action,
    },
    /// This action is used outside Camelot only.
    OnlyOutside {
        /// The action.
        action: Action,
    },
    /// Not a virtue card.
    NotAVirtueCard {
        /// The card.
        card: String,
    },
    /// The virtue card is not in its pile.
    NotInPile {
        /// The card.
        card: String,
    },
    /// The player does not hold this virtue card.
    NotInHand {
        /// The card.
        card: String,
    },
    /// The Court takes a Book.
    NotABook {
        /// The card.
        card: String,
    },
    /// Not a quest card.
    NotAQuest {
        /// The card.
        card: String,
    },
    /// The quest is not among the open ones.
    QuestNotOpen {
        /// The quest.
        quest: String,
    },
    /// The player does not hold this quest.
    QuestNotHeld {
        /// The quest.
        quest: String,
    },
    /// The knight is not at the quest's location.
    WrongPlace {
        /// The quest's location.
        location: String,
    },
    /// The cards handed in fall short of a virtue the quest asks.
    VirtuesShort {
        /// The virtue.
        virtue: Virtue,
        /// The value asked.
        needed: u8,
        /// The value given.
        given: u8,
    },
    /// A card the quest does not need (it is done without it).
    CardNotNeeded {
        /// The card.
        card: String,
    },
    /// The same card named twice.
    CardTwice {
        /// The card.
        card: String,
    },
    /// The horse does not reach so far.
    TooFar {
        /// The horse's reach.
        reach: u8,
        /// Locations to go.
        distance: u8,
    },
    /// A horse moves the knight somewhere else.
    StayPut,
    /// Only Swords and Lances are bid.
    NotSwordOrLance {
        /// The card.
        card: String,
    },
    /// The bids are shown once every one lies face down.
    BidsNotDown,
    /// The quest is not in the face-down pile.
    NotInDeck {
        /// The card.
        card: String,
    },
}

impl crate::GameError for KakError {
    const NOT_RULES: &'static [&'static str] = &[
        // More names typed than players: a slip of the setup form.
        "too_many_names",
        // Checks of the physical cards on the reader, not rules of play.
        "not_a_knight",
        "not_a_location",
        "not_an_action_card",
        "not_a_virtue_card",
        "not_a_quest",
        "not_in_pile",
        "not_in_deck",
        "card_twice",
        // The owner's card facts typed wrong, not a rule of play.
        "too_few_ones",
        "bad_facts",
        "fact_in_force",
    ];

    fn msg_named(&self, who: &dyn Fn(Seat) -> Option<String>) -> Msg {
        let _ = who;
        self.msg()
    }
}

impl Said for KakError {
    fn msg(&self) -> Msg {
        use KakError::*;
        match self {
            PlayerCount { players } => {
                msg!("kak.player_count", count = players, min = super::MIN_PLAYERS, max = super::MAX_PLAYERS)
            }
            NotAKnight { card } => msg!("kak.not_a_knight", card = card_msg(card)),
            KnightTwice => msg!("kak.knight_twice"),
            TooManyNames { players } => msg!("kak.too_many_names", count = players),
            RingSize { count } => msg!("kak.ring_size", count, locations = super::RING),
            NotALocation { card } => msg!("kak.not_a_location", card = card_msg(card)),
            LocationTwice { card } => msg!("kak.location_twice", card = card_msg(card)),
            TooFewOnes { virtue, needed, found } => {
                msg!("kak.too_few_ones", virtue = virtue.msg(), needed, count = found)
            }
            BadFacts { error } => error.msg(),
            FactInForce => msg!("kak.fact_in_force"),
            NotAnActionCard { card } => msg!("kak.not_an_action_card", card = card_msg(card)),
            ActionTaken { card } => msg!("kak.action_taken", card = card_msg(card)),
            TournamentTwice => msg!("kak.tournament_twice"),
            NoSuchAction { action } => msg!("kak.no_such_action", action = action.msg()),
            OnlyAtCamelot { action } => msg!("kak.only_at_camelot", action = action.msg()),
            OnlyOutside { action } => msg!("kak.only_outside", action = action.msg()),
            NotAVirtueCard { card } => msg!("kak.not_a_virtue_card", card = card_msg(card)),
            NotInPile { card } => msg!("kak.not_in_pile", card = card_msg(card)),
            NotInHand { card } => msg!("kak.not_in_hand", card = card_msg(card)),
            NotABook { card } => msg!("kak.not_a_book", card = card_msg(card)),
            NotAQuest { card } => msg!("kak.not_a_quest", card = card_msg(card)),
            QuestNotOpen { quest } => msg!("kak.quest_not_open", quest = card_msg(quest)),
            QuestNotHeld { quest } => msg!("kak.quest_not_held", quest = card_msg(quest)),
            WrongPlace { location } => msg!("kak.wrong_place", location = card_msg(location)),
            VirtuesShort { virtue, needed, given } => {
                msg!("kak.virtues_short", virtue = virtue.msg(), needed, count = given)
            }
            CardNotNeeded { card } => msg!("kak.card_not_needed", card = card_msg(card)),
            CardTwice { card } => msg!("kak.card_twice", card = card_msg(card)),
            TooFar { reach, distance } => msg!("kak.too_far", reach, count = distance),
            StayPut => msg!("kak.stay_put"),
            NotSwordOrLance { card } => msg!("kak.not_sword_or_lance", card = card_msg(card)),
            BidsNotDown => msg!("kak.bids_not_down"),
            NotInDeck { card } => msg!("kak.not_in_deck", card = card_msg(card)),
        }
    }
}
