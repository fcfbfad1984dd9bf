//! Nottingham's refusals: messages `nottingham.<code>` in the catalogs.

use super::items::{Colour, Commission, Item, COMMISSION_POINTS, MAX_PATH, PATH_VALUES};
use crate::Seat;
use serde::{Deserialize, Serialize};
use tavola_words::{msg, Msg, Said};

/// Why Nottingham refused a command.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum NottinghamError {
    /// The same card read twice in one exchange.
    CardLaidTwice {
        /// The card.
        card: String,
    },
    /// No exchange to lay cards for, or none laid to take back.
    NothingToLay,
    /// The exchange named is not the cards laid on the reader.
    NotTheCardsLaid {
        /// Cards laid.
        laid: u8,
    },
    /// The cards laid do not make the commission named.
    NotTheCommission {
        /// The commission.
        commission: Commission,
    },
    /// 3 to 7 players.
    PlayerCount {
        /// Players given.
        players: usize,
    },
    /// Each colour once.
    ColourTwice,
    /// More names than players.
    TooManyNames {
        /// Players.
        players: usize,
    },
    /// A path longer than any board.
    PathTooLong {
        /// Spaces given.
        spaces: usize,
    },
    /// A word typed for the path that is not a number.
    PathWord {
        /// The word.
        word: String,
    },
    /// A path value out of the board's range.
    PathValue {
        /// The value.
        value: u8,
    },
    /// Commission points out of range.
    CommissionPoints {
        /// Which.
        commission: Commission,
        /// The points given.
        points: u8,
    },
    /// The single pawn's side must be worth more than the two pawns'.
    AloneNotHigher {
        /// Which.
        commission: Commission,
    },
    /// A two-item ambush card shows two different items, never Gold.
    AmbushItems {
        /// The card.
        card: String,
    },
    /// Not an ambush card.
    NotAnAmbushCard {
        /// The card.
        card: String,
    },
    /// A fact already in force in this game cannot change until the next.
    FactInForce,
    /// A count beyond the deck.
    TooManyCards {
        /// Cards given.
        cards: u8,
    },
    /// The card of the turn is drawn already.
    AlreadyDrawn,
    /// The turn's card is not drawn yet.
    DrawFirst,
    /// The card drawn is kept or played already.
    CardPlaced,
    /// The Necklace is kept, never played on the draw.
    NecklaceIsKept,
    /// No opponent holds a card to take or offer.
    NoOpponentHolds,
    /// The ambush deck is empty.
    NoAmbushCards,
    /// Not the action being played.
    NotThatAction,
    /// Not oneself.
    NotYourself,
    /// That player holds no (or too few) cards.
    EmptyHand {
        /// Whose.
        seat: Seat,
    },
    /// A barter offer is one or two cards.
    BarterCards {
        /// Cards given.
        cards: u8,
    },
    /// A barter cannot be refused while someone can offer.
    BarterMustTake,
    /// One exchange a turn.
    OneExchange,
    /// Three or more alike.
    TradeTooSmall {
        /// Cards given.
        count: u8,
    },
    /// More alike than the box holds of one kind.
    TradeTooLarge {
        /// Cards given.
        count: u8,
    },
    /// Fewer cards in hand than the exchange needs.
    NotEnoughCards {
        /// Whose.
        seat: Seat,
        /// Cards needed.
        needed: u8,
        /// Cards held.
        held: u8,
    },
    /// Each player completes a commission once.
    CommissionTwice {
        /// Which.
        commission: Commission,
    },
    /// Two players completed it already.
    CommissionGone {
        /// Which.
        commission: Commission,
    },
    /// The ambush window is open.
    AmbushesOpen,
    /// The card drawn comes first.
    FinishTheCard,
    /// That player holds no ambush card to spring (or let it go already).
    NoAmbushToSpring {
        /// Who.
        seat: Seat,
    },
    /// One ambush at a time.
    OneAmbushAtATime,
    /// Several hold ambush cards: who springs this one?
    AnnounceFirst,
    /// No exchange is waiting for ambushes.
    NoExchangeNow,
    /// One's own colour is never kept nor sprung.
    OwnColour,
    /// A colour card catches that colour's exchanges only.
    WrongColour {
        /// The card's colour.
        colour: Colour,
        /// The trader.
        seat: Seat,
    },
    /// A two-item card catches exchanges of its items only.
    WrongItems {
        /// The card's items.
        items: [Item; 2],
        /// The item exchanged.
        item: Item,
    },
}

impl crate::GameError for NottinghamError {
    const NOT_RULES: &'static [&'static str] = &[
        // Checks of the physical cards on the reader, not rules of play.
        "card_laid_twice",
        "not_the_cards_laid",
        "not_an_ambush_card",
        // More names typed than players: a slip of the setup form.
        "too_many_names",
        // The owner's facts of the board and the cards typed wrong, not a
        // rule of play.
        "path_too_long",
        "path_word",
        "path_value",
        "commission_points",
        "alone_not_higher",
        "ambush_items",
        "fact_in_force",
        // A count the host typed that the box cannot hold.
        "too_many_cards",
    ];

    fn msg_named(&self, who: &dyn Fn(Seat) -> Option<String>) -> Msg {
        use NottinghamError::*;
        let seat = match self {
            EmptyHand { seat } | NotEnoughCards { seat, .. } | NoAmbushToSpring { seat } | WrongColour { seat, .. } => {
                *seat
            }
            _ => return self.msg(),
        };
        let Some(name) = who(seat) else { return self.msg() };
        match self {
            EmptyHand { .. } => msg!("nottingham.empty_hand.named", name),
            NotEnoughCards { needed, held, .. } => {
                msg!("nottingham.not_enough_cards.named", name, needed, count = held)
            }
            NoAmbushToSpring { .. } => msg!("nottingham.no_ambush_to_spring.named", name),
            WrongColour { colour, .. } => msg!("nottingham.wrong_colour.named", colour = colour.msg(), name),
            _ => self.msg(),
        }
    }
}

/// A card's name: the name of its entry in the catalog (the six two-item
/// ambush cards are copies of one entry, `nottingham/ambush/items`).
fn card_name(card: &str) -> Msg {
    let base = match card.rsplit_once('-') {
        Some((base, n)) if n.parse::<u8>().is_ok() => base,
        _ => card,
    };
    Msg::new(crate::catalog::message_id(base))
}

impl Said for NottinghamError {
    fn msg(&self) -> Msg {
        use NottinghamError::*;
        let (low, high) = (PATH_VALUES.start(), PATH_VALUES.end());
        match self {
            PlayerCount { players } => msg!("nottingham.player_count", count = players),
            ColourTwice => msg!("nottingham.colour_twice"),
            TooManyNames { players } => msg!("nottingham.too_many_names", count = players),
            PathTooLong { spaces } => msg!("nottingham.path_too_long", count = spaces, most = MAX_PATH),
            PathWord { word } => msg!("nottingham.path_word", word = word.as_str()),
            PathValue { value } => msg!("nottingham.path_value", value, low, high),
            CommissionPoints { commission, points } => msg!(
                "nottingham.commission_points",
                commission = commission.msg(),
                points,
                low = COMMISSION_POINTS.start(),
                high = COMMISSION_POINTS.end()
            ),
            AloneNotHigher { commission } => msg!("nottingham.alone_not_higher", commission = commission.msg()),
            AmbushItems { card } => msg!("nottingham.ambush_items", card = card_name(card)),
            NotAnAmbushCard { card } => msg!("nottingham.not_an_ambush_card", card = card.as_str()),
            FactInForce => msg!("nottingham.fact_in_force"),
            TooManyCards { cards } => msg!("nottingham.too_many_cards", count = cards),
            CardLaidTwice { card } => msg!("nottingham.card_laid_twice", card = card_name(card)),
            NothingToLay => msg!("nottingham.nothing_to_lay"),
            NotTheCardsLaid { laid } => msg!("nottingham.not_the_cards_laid", count = laid),
            NotTheCommission { commission } => msg!("nottingham.not_the_commission", commission = commission.msg()),
            AlreadyDrawn => msg!("nottingham.already_drawn"),
            DrawFirst => msg!("nottingham.draw_first"),
            CardPlaced => msg!("nottingham.card_placed"),
            NecklaceIsKept => msg!("nottingham.necklace_is_kept"),
            NoOpponentHolds => msg!("nottingham.no_opponent_holds"),
            NoAmbushCards => msg!("nottingham.no_ambush_cards"),
            NotThatAction => msg!("nottingham.not_that_action"),
            NotYourself => msg!("nottingham.not_yourself"),
            EmptyHand { seat } => msg!("nottingham.empty_hand", seat = seat.number()),
            BarterCards { cards } => msg!("nottingham.barter_cards", count = cards),
            BarterMustTake => msg!("nottingham.barter_must_take"),
            OneExchange => msg!("nottingham.one_exchange"),
            TradeTooSmall { count } => msg!("nottingham.trade_too_small", count),
            TradeTooLarge { count } => msg!("nottingham.trade_too_large", count, most = super::items::COPIES),
            NotEnoughCards { seat, needed, held } => {
                msg!("nottingham.not_enough_cards", seat = seat.number(), needed, count = held)
            }
            CommissionTwice { commission } => msg!("nottingham.commission_twice", commission = commission.msg()),
            CommissionGone { commission } => msg!("nottingham.commission_gone", commission = commission.msg()),
            AmbushesOpen => msg!("nottingham.ambushes_open"),
            FinishTheCard => msg!("nottingham.finish_the_card"),
            NoAmbushToSpring { seat } => msg!("nottingham.no_ambush_to_spring", seat = seat.number()),
            OneAmbushAtATime => msg!("nottingham.one_ambush_at_a_time"),
            AnnounceFirst => msg!("nottingham.announce_first"),
            NoExchangeNow => msg!("nottingham.no_exchange_now"),
            OwnColour => msg!("nottingham.own_colour"),
            WrongColour { colour, seat } => {
                msg!("nottingham.wrong_colour", colour = colour.msg(), seat = seat.number())
            }
            WrongItems { items, item } => {
                msg!("nottingham.wrong_items", first = items[0].msg(), second = items[1].msg(), item = item.msg())
            }
        }
    }
}
