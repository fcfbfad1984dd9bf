//! Camelot Legends' refusals: messages `legends.<code>` in the catalogs.

use super::cards::{Location, Skill, REQUIREMENT, SKILL_VALUES, VICTORY_POINTS};
use super::{EVENTS, MAX_COMPANY, MAX_EVENTS, MAX_PLAYERS, MIN_PLAYERS};
use crate::facts::{card_msg, FactError};
use crate::Seat;
use serde::{Deserialize, Serialize};
use tavola_words::{msg, Msg, Said};

/// Why Camelot Legends refused a command.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum LegendsError {
    /// 2 to 4 players.
    PlayerCount {
        /// Players given.
        players: usize,
    },
    /// Each colour once.
    ColourTwice,
    /// More names than players.
    TooManyNames,
    /// The event deck's size is not one the box can hold.
    EventDeck {
        /// Cards given.
        cards: u8,
    },
    /// The character deck is too small to deal or larger than the box.
    CharacterDeck {
        /// Cards given.
        cards: u8,
    },
    /// Not a character card of this game.
    NotACharacter {
        /// The card.
        card: String,
    },
    /// Not an event card of this game.
    NotAnEvent {
        /// The card.
        card: String,
    },
    /// A card of the normal or advanced game in an introductory game.
    NotIntroductory {
        /// The card.
        card: String,
    },
    /// The character is on the table already.
    InPlay {
        /// The card.
        card: String,
    },
    /// The event was drawn already in this game.
    EventSeen {
        /// The card.
        card: String,
    },
    /// The turn's event is drawn already.
    AlreadyDrawn,
    /// The turn's event must be drawn first.
    DrawFirst,
    /// The event deck is empty.
    EventDeckEmpty,
    /// The character deck is empty.
    CharacterDeckEmpty,
    /// Five cards in hand already.
    HandFull,
    /// No card in hand to play.
    HandEmpty,
    /// A company holds six characters at most.
    CompanyFull {
        /// Where.
        location: Location,
    },
    /// The player's companies are full at every location.
    CompaniesFull,
    /// Both actions of the turn are spent.
    NoActionLeft,
    /// Not one of the player's characters on the table.
    NotYours {
        /// The card.
        card: String,
    },
    /// One or two characters move in one action.
    MoveCount,
    /// Two characters moving together start from the same location.
    MoveFromOnePlace,
    /// A move goes to another location.
    SameLocation,
    /// The event is not waiting at a location.
    EventNotHere {
        /// The card.
        card: String,
    },
    /// One event per location per turn.
    LocationDone {
        /// Where.
        location: Location,
    },
    /// The company falls short of the requirement.
    FallsShort {
        /// The event.
        card: String,
        /// The skill.
        skill: Skill,
        /// The company's total.
        total: i32,
        /// The number needed.
        needed: u8,
    },
    /// Events are completed before the actions, not after.
    ActionsBegun,
    /// The players' initial characters are still being placed.
    StillPlacing,
    /// A fact in force in this game cannot change until the next.
    FactInForce,
    /// A character's facts out of the rulebook's ranges or options.
    CharacterFacts {
        /// The card.
        card: String,
    },
    /// An event's facts do not hold together (a location event without
    /// its location or requirement, numbers out of range).
    EventFacts {
        /// The card.
        card: String,
    },
    /// Facts given for a card that do not read as the card's own form
    /// would take them (a card Tavola asks nothing for, among others).
    BadFacts {
        /// What is wrong.
        error: FactError,
    },
    /// The table may end the game only once the event deck is empty.
    EventsLeft {
        /// Cards still in the event deck.
        cards: u8,
    },
    /// A hand's count beyond five.
    HandCount {
        /// Cards given.
        cards: u8,
    },
    /// No character is being laid to play.
    NothingLaid,
    /// Another seat's turn.
    NotYourTurn {
        /// The seat.
        seat: Seat,
    },
    /// A red card in a normal game.
    AdvancedCard {
        /// The card.
        card: String,
    },
    /// The final event lies under the deck: other events come first.
    FinalIsLast {
        /// Events still over it.
        cards: u8,
    },
    /// The last card of the deck is the final event.
    FinalNow,
    /// No character goes to the final event before it is drawn.
    FinalNotDrawn,
    /// A special location not open now (not drawn yet, or closed).
    SiteClosed {
        /// Which.
        location: Location,
    },
    /// Nobody is played on the Isle of Avalon, nor comes there but by a
    /// player's move of a knight and a lady.
    IsleNoPlay,
    /// Nobody leaves the Isle of Avalon.
    IsleStay {
        /// The character.
        card: String,
    },
    /// A knight and a lady of the same player go to the Isle together.
    IslePair,
    /// Once a game for each player.
    IsleOnce,
    /// The bidding comes first.
    BiddingOpen,
    /// The special card's holder is chosen first.
    GrantFirst,
    /// Nothing is being bid on.
    NoBidding,
    /// The most characters a player bids on this event.
    BidMax {
        /// The most.
        most: u8,
    },
    /// The character is bid already.
    AlreadyBid {
        /// The card.
        card: String,
    },
    /// No special card waits for a holder.
    NoGrant,
    /// The character cannot receive the special card.
    NotGrantee {
        /// The card.
        card: String,
        /// Only a knight may.
        knight: bool,
    },
    /// The character is not on the table.
    NotOnTable {
        /// The card.
        card: String,
    },
    /// The introductory game has no special cards.
    NoSpecials,
    /// The special card is there already.
    SpecialThere,
    /// Optional abilities come before events are completed and before the
    /// actions.
    AbilitiesOver,
    /// The character has no optional ability that changes a total.
    NoAbility {
        /// The card.
        card: String,
    },
    /// The character's ability was used this turn.
    AbilityUsed {
        /// The card.
        card: String,
    },
    /// The ability needs a female character in the company.
    NeedsLady {
        /// The card.
        card: String,
    },
    /// The ability acts on a knight.
    NotAKnight {
        /// The card.
        card: String,
    },
    /// The ability acts on another character than the one named.
    WrongTarget {
        /// The card.
        card: String,
    },
    /// The ability does not change that skill.
    WrongSkill {
        /// The card.
        card: String,
    },
    /// The threat acts only at one location.
    ThreatNotHere {
        /// The striker.
        card: String,
        /// Where it acts.
        location: Location,
    },
    /// A threat strikes an opposing character at the same location.
    NotOpposing {
        /// The character named.
        card: String,
    },
    /// The striker is not stronger than its target where its card compares
    /// them.
    NotStronger {
        /// The striker.
        card: String,
        /// The target.
        target: String,
    },
    /// A single knight completes this event, with these skills together.
    NoLoneKnight {
        /// The event.
        card: String,
        /// The skills added up.
        skills: Vec<Skill>,
        /// The total needed.
        total: i32,
        /// With a female character in the company.
        lady: bool,
    },
    /// Sir Alisander guards the Forest against this knight.
    Guarded {
        /// The knight.
        card: String,
    },
    /// No Black Knight waits for its place.
    NoCover,
    /// The Black Knight's place is chosen first.
    CoverFirst,
    /// The actions are spent: only a lady joins Lady Lunete's company
    /// at this location, as part of the knight's action.
    LuneteLadyOnly {
        /// Where.
        location: Location,
    },
    /// The Love Potion's companion is chosen first.
    CompanionFirst,
    /// No companion of the Love Potion is to be chosen.
    NoCompanionDue,
    /// Not a lady of the Love Potion's holder's company.
    NotCompanion {
        /// The card.
        card: String,
    },
    /// Lady Ettard keeps this knight from moving.
    Bewitched {
        /// The knight.
        card: String,
    },
    /// Nimue negates this character's text until her player's next turn.
    Silenced {
        /// The card.
        card: String,
    },
    /// Lady Ettard's spell comes only as she is played from the hand.
    SpellNotNow {
        /// The card.
        card: String,
    },
    /// King Arthur needs two other knights in his company.
    ArthurKnights,
    /// The card's text works only at Camelot.
    NotAtCamelot {
        /// The card.
        card: String,
    },
    /// The player has no knight at Camelot to crown.
    NoKnightAtCamelot,
    /// The event is not in the player's victory points zone.
    NotInZone {
        /// The event.
        card: String,
    },
    /// La Cote Male Taile discards only the event of his main location
    /// with the fewest victory points, one at least.
    NotFewestPoints {
        /// The event.
        card: String,
    },
    /// The card's text works only at a main location.
    NotAtMain {
        /// The card.
        card: String,
    },
    /// Sir Balin's sacrifice comes only right after his company completes
    /// a location event.
    RenounceNotNow,
    /// Every other player first discards an event of their zone for Sir
    /// Balin's sacrifice.
    ForfeitFirst,
    /// No player is asked to discard an event of their zone.
    NoForfeitDue,
    /// Sir Lambegus' or Sir Priamus' offer is answered first.
    RescueFirst {
        /// Sir Lambegus or Sir Priamus.
        card: String,
    },
    /// No offer of Sir Lambegus or Sir Priamus waits.
    NoRescue,
    /// Sir Dagonet is bid only in the place of a character already bid.
    DagonetNothingBid,
    /// Whose place Sir Dagonet takes is chosen first.
    DagonetPlaceFirst,
    /// The location holds its three events already.
    EventsFull {
        /// Where.
        location: Location,
    },
    /// An event's effect waits for its choice first.
    EffectFirst,
    /// No event's effect waits for a choice.
    NoEffect,
    /// Not a choice the event's effect offers.
    WrongChoice,
    /// The character is not among those bid.
    NotBid {
        /// The character.
        card: String,
    },
    /// The card's text works only in the Perilous Forest.
    NotInForest {
        /// The card.
        card: String,
    },
    /// The hand raided is empty.
    NothingToRaid {
        /// The raider.
        card: String,
    },
    /// The target is protected.
    Protected {
        /// The target.
        card: String,
        /// By what.
        by: Protection,
    },
}

/// What protects a character from opposing abilities.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Protection {
    /// It holds Excalibur.
    Excalibur,
    /// Merlin in its company, with more Psyche than the striker.
    Merlin,
    /// Lady Lyonesse's ward.
    Lyonesse,
    /// Sir Dinadan's company ignores the events' effects in the other
    /// players' turns.
    Dinadan,
    /// Siege Perilous: it cannot be discarded.
    SiegePerilous,
}

impl crate::GameError for LegendsError {
    const NOT_RULES: &'static [&'static str] = &[
        // More names typed than players: a slip of the setup form.
        "too_many_names",
        // Checks of the physical cards on the reader, not rules of play.
        "not_a_character",
        "not_an_event",
        "in_play",
        "event_seen",
        "nothing_laid",
        // The owner's card facts typed wrong, not a rule of play.
        "fact_in_force",
        "character_facts",
        "event_facts",
        "bad_facts",
        // A count the host typed that the box cannot hold.
        "hand_count",
    ];

    fn msg_named(&self, who: &dyn Fn(Seat) -> Option<String>) -> Msg {
        match self {
            LegendsError::NotYourTurn { seat } => match who(*seat) {
                Some(name) => msg!("legends.not_your_turn.named", name),
                None => self.msg(),
            },
            _ => self.msg(),
        }
    }
}

impl Said for LegendsError {
    fn msg(&self) -> Msg {
        use LegendsError::*;
        let card = |c: &str| card_msg(c);
        match self {
            PlayerCount { players } => msg!("legends.player_count", players, low = MIN_PLAYERS, high = MAX_PLAYERS),
            ColourTwice => msg!("legends.colour_twice"),
            TooManyNames => msg!("legends.too_many_names"),
            EventDeck { cards } => msg!("legends.event_deck", cards, most = EVENTS),
            CharacterDeck { cards } => msg!("legends.character_deck", cards),
            NotACharacter { card: c } => msg!("legends.not_a_character", card = card(c)),
            NotAnEvent { card: c } => msg!("legends.not_an_event", card = card(c)),
            NotIntroductory { card: c } => msg!("legends.not_introductory", card = card(c)),
            InPlay { card: c } => msg!("legends.in_play", card = card(c)),
            EventSeen { card: c } => msg!("legends.event_seen", card = card(c)),
            AlreadyDrawn => msg!("legends.already_drawn"),
            DrawFirst => msg!("legends.draw_first"),
            EventDeckEmpty => msg!("legends.event_deck_empty"),
            CharacterDeckEmpty => msg!("legends.character_deck_empty"),
            HandFull => msg!("legends.hand_full"),
            HandEmpty => msg!("legends.hand_empty"),
            CompanyFull { location } => msg!("legends.company_full", location = location.msg(), most = MAX_COMPANY),
            CompaniesFull => msg!("legends.companies_full", most = MAX_COMPANY),
            NoActionLeft => msg!("legends.no_action_left"),
            NotYours { card: c } => msg!("legends.not_yours", card = card(c)),
            MoveCount => msg!("legends.move_count"),
            MoveFromOnePlace => msg!("legends.move_from_one_place"),
            SameLocation => msg!("legends.same_location"),
            EventNotHere { card: c } => msg!("legends.event_not_here", card = card(c)),
            LocationDone { location } => msg!("legends.location_done", location = location.msg()),
            FallsShort { card: c, skill, total, needed } => falls_short(c, *skill, *total, *needed),
            ActionsBegun => msg!("legends.actions_begun"),
            StillPlacing => msg!("legends.still_placing"),
            FactInForce => msg!("legends.fact_in_force"),
            CharacterFacts { card: c } => facts_msg(c, false),
            EventFacts { card: c } => facts_msg(c, true),
            BadFacts { error } => error.msg(),
            EventsLeft { cards } => msg!("legends.events_left", cards),
            HandCount { cards } => msg!("legends.hand_count", cards),
            NothingLaid => msg!("legends.nothing_laid"),
            NotYourTurn { seat } => msg!("legends.not_your_turn", seat = seat.number()),
            AdvancedCard { card: c } => msg!("legends.advanced_card", card = card(c)),
            FinalIsLast { cards } => msg!("legends.final_is_last", count = *cards),
            FinalNow => msg!("legends.final_now"),
            FinalNotDrawn => msg!("legends.final_not_drawn"),
            SiteClosed { location } => msg!("legends.site_closed", location = location.msg()),
            IsleNoPlay => msg!("legends.isle_no_play"),
            IsleStay { card: c } => msg!("legends.isle_stay", card = card(c)),
            IslePair => msg!("legends.isle_pair"),
            IsleOnce => msg!("legends.isle_once"),
            BiddingOpen => msg!("legends.bidding_open"),
            GrantFirst => msg!("legends.grant_first"),
            NoBidding => msg!("legends.no_bidding"),
            BidMax { most } => msg!("legends.bid_max", count = *most),
            AlreadyBid { card: c } => msg!("legends.already_bid", card = card(c)),
            NoGrant => msg!("legends.no_grant"),
            NotGrantee { card: c, knight: true } => msg!("legends.not_grantee.knight", card = card(c)),
            NotGrantee { card: c, knight: false } => msg!("legends.not_grantee", card = card(c)),
            NotOnTable { card: c } => msg!("legends.not_on_table", card = card(c)),
            NoSpecials => msg!("legends.no_specials"),
            SpecialThere => msg!("legends.special_there"),
            AbilitiesOver => msg!("legends.abilities_over"),
            NoAbility { card: c } => msg!("legends.no_ability", card = card(c)),
            AbilityUsed { card: c } => msg!("legends.ability_used", card = card(c)),
            NeedsLady { card: c } => msg!("legends.needs_lady", card = card(c)),
            NotAKnight { card: c } => msg!("legends.not_a_knight", card = card(c)),
            WrongTarget { card: c } => msg!("legends.wrong_target", card = card(c)),
            WrongSkill { card: c } => msg!("legends.wrong_skill", card = card(c)),
            ThreatNotHere { card: c, location } => {
                msg!("legends.threat_not_here", card = card(c), location = location.msg())
            }
            NotOpposing { card: c } => msg!("legends.not_opposing", card = card(c)),
            NotStronger { card: c, target } => msg!("legends.not_stronger", card = card(c), target = card(target)),
            Guarded { card: c } => msg!("legends.guarded", card = card(c)),
            NoLoneKnight { card: c, skills, total, lady } => no_lone_knight(c, skills, *total, *lady),
            LuneteLadyOnly { location } => msg!("legends.lunete_lady_only", location = location.msg()),
            CompanionFirst => msg!("legends.companion_first"),
            NoCompanionDue => msg!("legends.no_companion_due"),
            NotCompanion { card: c } => msg!("legends.not_companion", card = card(c)),
            Bewitched { card: c } => msg!("legends.bewitched", card = card(c)),
            Silenced { card: c } => msg!("legends.silenced", card = card(c)),
            SpellNotNow { card: c } => msg!("legends.spell_not_now", card = card(c)),
            ArthurKnights => msg!("legends.arthur_knights"),
            NotAtCamelot { card: c } => msg!("legends.not_at_camelot", card = card(c)),
            NoKnightAtCamelot => msg!("legends.no_knight_at_camelot"),
            NotInZone { card: c } => msg!("legends.not_in_zone", card = card(c)),
            NotFewestPoints { card: c } => msg!("legends.not_fewest_points", card = card(c)),
            NotAtMain { card: c } => msg!("legends.not_at_main", card = card(c)),
            NotInForest { card: c } => msg!("legends.not_in_forest", card = card(c)),
            RenounceNotNow => msg!("legends.renounce_not_now"),
            ForfeitFirst => msg!("legends.forfeit_first"),
            NoForfeitDue => msg!("legends.no_forfeit_due"),
            RescueFirst { card: c } => msg!("legends.rescue_first", card = card(c)),
            NoRescue => msg!("legends.no_rescue"),
            DagonetNothingBid => msg!("legends.dagonet_nothing_bid"),
            DagonetPlaceFirst => msg!("legends.dagonet_place_first"),
            NotBid { card: c } => msg!("legends.not_bid", card = card(c)),
            EventsFull { location } => msg!("legends.events_full", location = location.msg(), most = MAX_EVENTS),
            EffectFirst => msg!("legends.effect_first"),
            NoEffect => msg!("legends.no_effect"),
            WrongChoice => msg!("legends.wrong_choice"),
            NothingToRaid { card: c } => msg!("legends.nothing_to_raid", card = card(c)),
            NoCover => msg!("legends.no_cover"),
            CoverFirst => msg!("legends.cover_first"),
            Protected { card: c, by } => protected(c, *by),
        }
    }
}

/// A total that falls short of an event's requirement.
fn falls_short(c: &str, skill: Skill, total: i32, needed: u8) -> Msg {
    msg!("legends.falls_short", card = card_msg(c), skill = skill.msg(), total = i64::from(total), needed)
}

/// A card's facts out of their ranges: a character's skills, or an event's
/// requirement and points.
fn facts_msg(c: &str, event: bool) -> Msg {
    let card = card_msg(c);
    if event {
        let (low, high) = (REQUIREMENT.start(), REQUIREMENT.end());
        let (points_low, points_high) = (VICTORY_POINTS.start(), VICTORY_POINTS.end());
        msg!("legends.event_facts", card, low, high, points_low, points_high)
    } else {
        let (low, high) = (SKILL_VALUES.start(), SKILL_VALUES.end());
        msg!("legends.character_facts", card, low, high)
    }
}

/// A knight who may not face an event alone, with the skills it asks.
fn no_lone_knight(c: &str, skills: &[Skill], total: i32, lady: bool) -> Msg {
    let card = card_msg(c);
    let first = skills.first().map_or_else(|| msg!("legends.skill.combat"), Said::msg);
    let second = skills.get(1).map_or_else(|| first.clone(), Said::msg);
    let total = i64::from(total);
    if lady {
        msg!("legends.no_lone_knight.lady", card, first, second, total)
    } else {
        msg!("legends.no_lone_knight", card, first, second, total)
    }
}

/// A card kept from harm, and by what.
fn protected(c: &str, by: Protection) -> Msg {
    let card = card_msg(c);
    match by {
        Protection::Excalibur => msg!("legends.protected.excalibur", card),
        Protection::Merlin => msg!("legends.protected.merlin", card),
        Protection::Lyonesse => msg!("legends.protected.lyonesse", card),
        Protection::SiegePerilous => msg!("legends.protected.siege_perilous", card),
        Protection::Dinadan => msg!("legends.protected.dinadan", card),
    }
}

/// Every refusal once, for the catalogs' tests.
#[cfg(test)]
pub(super) fn every_error() -> Vec<LegendsError> {
    use LegendsError::*;
    let c = || "legends/character/sir-kay".to_string();
    let l = Location::Camelot;
    vec![
        PlayerCount { players: 5 },
        ColourTwice,
        TooManyNames,
        EventDeck { cards: 0 },
        CharacterDeck { cards: 3 },
        NotACharacter { card: c() },
        NotAnEvent { card: c() },
        NotIntroductory { card: c() },
        InPlay { card: c() },
        EventSeen { card: c() },
        AlreadyDrawn,
        DrawFirst,
        EventDeckEmpty,
        CharacterDeckEmpty,
        HandFull,
        HandEmpty,
        CompanyFull { location: l },
        CompaniesFull,
        NoActionLeft,
        NotYours { card: c() },
        MoveCount,
        MoveFromOnePlace,
        SameLocation,
        EventNotHere { card: c() },
        LocationDone { location: l },
        FallsShort { card: c(), skill: Skill::Combat, total: 9, needed: 12 },
        ActionsBegun,
        StillPlacing,
        FactInForce,
        CharacterFacts { card: c() },
        EventFacts { card: c() },
        BadFacts { error: FactError::NoFacts { card: "legends/event/isle-of-avalon".into() } },
        EventsLeft { cards: 4 },
        HandCount { cards: 9 },
        NothingLaid,
        NotYourTurn { seat: Seat(1) },
        AdvancedCard { card: c() },
        FinalIsLast { cards: 3 },
        FinalNow,
        FinalNotDrawn,
        SiteClosed { location: Location::CastleOfMaidens },
        IsleNoPlay,
        IsleStay { card: c() },
        IslePair,
        IsleOnce,
        BiddingOpen,
        GrantFirst,
        NoBidding,
        BidMax { most: 2 },
        AlreadyBid { card: c() },
        NoGrant,
        NotGrantee { card: c(), knight: true },
        NotGrantee { card: c(), knight: false },
        NotOnTable { card: c() },
        NoSpecials,
        SpecialThere,
        AbilitiesOver,
        NoAbility { card: c() },
        AbilityUsed { card: c() },
        NeedsLady { card: c() },
        NotAKnight { card: c() },
        WrongTarget { card: c() },
        WrongSkill { card: c() },
        ThreatNotHere { card: c(), location: l },
        NotOpposing { card: c() },
        NotStronger { card: c(), target: c() },
        Guarded { card: c() },
        NoLoneKnight { card: c(), skills: vec![Skill::Combat, Skill::Chivalry], total: 10, lady: false },
        NoLoneKnight { card: c(), skills: vec![Skill::Diplomacy, Skill::Cunning], total: 6, lady: true },
        LuneteLadyOnly { location: l },
        CompanionFirst,
        NoCompanionDue,
        NotCompanion { card: c() },
        Bewitched { card: c() },
        Silenced { card: c() },
        SpellNotNow { card: c() },
        ArthurKnights,
        NotAtCamelot { card: c() },
        NoKnightAtCamelot,
        NotInZone { card: c() },
        NotFewestPoints { card: c() },
        NotAtMain { card: c() },
        NotInForest { card: c() },
        RenounceNotNow,
        ForfeitFirst,
        NoForfeitDue,
        RescueFirst { card: c() },
        NoRescue,
        DagonetNothingBid,
        DagonetPlaceFirst,
        NotBid { card: c() },
        EventsFull { location: l },
        EffectFirst,
        NoEffect,
        WrongChoice,
        Protected { card: c(), by: Protection::Dinadan },
        NothingToRaid { card: c() },
        NoCover,
        CoverFirst,
        Protected { card: c(), by: Protection::Excalibur },
        Protected { card: c(), by: Protection::Merlin },
        Protected { card: c(), by: Protection::Lyonesse },
        Protected { card: c(), by: Protection::SiegePerilous },
    ]
}
