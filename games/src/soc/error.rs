//! Shadows over Camelot's refusals: messages `soc.<code>` in the catalogs.

use super::quests::{Place, QuestId};
use super::turn::Action;
use super::Knight;
use crate::Seat;
use serde::{Deserialize, Serialize};
use tavola_words::{msg, Msg, Said};

/// Why Shadows over Camelot refused a command.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SocError {
    /// 3 to 7 knights.
    KnightCount {
        /// Knights given.
        knights: usize,
    },
    /// Each shield once.
    KnightTwice {
        /// The knight.
        knight: Knight,
    },
    /// More names than knights.
    TooManyNames {
        /// Knights.
        knights: usize,
    },
    /// Without Arthur, the youngest starts: the setup must say who.
    NameTheYoungest,
    /// The owner's rules file cannot be played.
    BadRules {
        /// Why.
        why: String,
    },
    /// Not a card of this game's catalog.
    UnknownCard {
        /// The id.
        card: String,
    },
    /// A card of this game, but not a black card.
    NotABlackCard {
        /// The id.
        card: String,
    },
    /// A card of this game, but not a loyalty card.
    NotALoyaltyCard {
        /// The id.
        card: String,
    },
    /// The same loyalty card tapped twice.
    CardAlreadyTapped {
        /// The id.
        card: String,
    },
    /// More loyal cards than the deal holds.
    NotInTheDeal {
        /// The id.
        card: String,
    },
    /// The loyalty cards are being tapped.
    ScanFirst,
    /// A dying knight waits for the Grail's holder.
    GrailFirst {
        /// The dying knight.
        seat: Seat,
    },
    /// Something on screen waits for an answer.
    Waiting {
        /// What, in a word (`black_card`, `merlin`, `die`, `kay`, `loyalty`, `traitor`).
        what: String,
    },
    /// The evil step comes first.
    EvilFirst,
    /// A black card is read only in the evil step, with nothing waiting.
    BlackCardNotNow,
    /// The evil step is already done.
    EvilDone {
        /// Whose turn.
        seat: Seat,
    },
    /// An exposed traitor does not lose life by choice.
    TraitorNoLife,
    /// An exposed traitor has no heroic actions.
    TraitorNoActions,
    /// Percival peeks only before his evil choice, once.
    PeekBeforeEvil,
    /// That power belongs to another knight.
    NotYourPower {
        /// The knight whose power it is.
        power: Knight,
    },
    /// The turn was ended.
    TurnOver,
    /// The same kind of heroic action twice in a turn.
    SameActionTwice {
        /// The kind.
        action: Action,
    },
    /// No heroic action left this turn.
    NoActionLeft {
        /// A sacrifice would give one.
        can_sacrifice: bool,
    },
    /// End the turn after at least one heroic action.
    ActFirst,
    /// The knight is already there.
    AlreadyThere {
        /// The place.
        place: Place,
    },
    /// The quest is over.
    QuestClosed {
        /// The quest.
        quest: QuestId,
    },
    /// A solo quest holds one knight.
    SoloTaken {
        /// The quest.
        quest: QuestId,
        /// Who is there.
        seat: Seat,
    },
    /// This action needs the knight on that quest.
    NotOnQuest {
        /// The quest.
        quest: QuestId,
    },
    /// Only at Camelot.
    OnlyAtCamelot,
    /// Fight cards go on a fight quest or a war.
    FightWhere,
    /// No fight cards on this quest.
    NoFightHere {
        /// The quest.
        quest: QuestId,
    },
    /// Fight cards are 1 to 5.
    NoSuchFightCard {
        /// The value.
        value: u8,
    },
    /// The card would break the quest's combination.
    BreaksCombination {
        /// The quest.
        quest: QuestId,
        /// The value.
        value: u8,
    },
    /// The war's ladder needs the next value.
    LadderOrder {
        /// The value needed.
        needed: u8,
        /// The value given.
        value: u8,
    },
    /// Not enough white cards in hand.
    NotEnoughCards {
        /// Whose hand.
        seat: Seat,
        /// Cards needed.
        needed: u8,
        /// Cards held.
        held: u8,
    },
    /// Twelve cards or more: no drawing.
    HandFull {
        /// The limit.
        limit: u8,
    },
    /// A hand count out of reach.
    TooManyCards {
        /// The count given.
        cards: u8,
    },
    /// Not a special white card.
    NotASpecialWhite {
        /// The card.
        card: String,
    },
    /// One special white card per turn.
    OneSpecialPerTurn,
    /// Life is already at its top.
    FullLife {
        /// The most life points a knight may have.
        max: i32,
    },
    /// A correction out of its track.
    CorrectionOutOfRange,
    /// An accusation needs 6 siege engines or 6 swords.
    AccuseTooEarly {
        /// Engines needed.
        engines: u8,
        /// Swords needed.
        swords: u8,
    },
    /// The sacrifice buys a second action, after the first.
    SacrificeAfterFirst,
    /// No siege engine to fight.
    NoEngine,
    /// A siege fight needs at least one fight card.
    NoFightCards,
    /// No siege fight waits for the die.
    NoSiegeFight,
    /// Kay's card is for the end of a fight he is in.
    NoKayNow,
    /// No special black card waits.
    NoSpecialCard,
    /// Exactly three Merlin cards.
    ThreeMerlins {
        /// Cards given.
        given: usize,
    },
    /// Mercenaries need a war.
    PickAWar,
    /// Not a war.
    NotAWar {
        /// The quest named.
        quest: QuestId,
    },
    /// Nobody to accuse but others.
    AccuseSelf,
    /// The knight is dead or out of play.
    KnightOut {
        /// The knight.
        seat: Seat,
    },
    /// Already exposed.
    AlreadyExposed {
        /// The traitor.
        seat: Seat,
    },
    /// One accusation per knight per game.
    AccusedBefore,
    /// The card shown is not the one dealt to that knight.
    NotTheCardDealt {
        /// The knight.
        seat: Seat,
    },
    /// Nobody is dying.
    NobodyDying,
    /// Nobody holds the Grail.
    NoGrail,
}

impl crate::GameError for SocError {
    const NOT_RULES: &'static [&'static str] = &[
        // More names typed than knights: a slip of the setup form.
        "too_many_names",
        // Options of the setup that contradict each other: the message says which.
        "bad_rules",
        // Checks of the physical cards on the reader, not rules of play.
        "unknown_card",
        "not_a_black_card",
        "not_a_loyalty_card",
        "card_already_tapped",
        "not_in_the_deal",
        "not_a_special_white",
        // The table waits for something else first: the message names it.
        "waiting",
        // A count the host typed that the box cannot hold.
        "too_many_cards",
        "correction_out_of_range",
    ];

    fn msg_named(&self, who: &dyn Fn(Seat) -> Option<String>) -> Msg {
        use SocError::*;
        let seat = match self {
            GrailFirst { seat }
            | EvilDone { seat }
            | SoloTaken { seat, .. }
            | NotEnoughCards { seat, .. }
            | KnightOut { seat }
            | AlreadyExposed { seat }
            | NotTheCardDealt { seat } => *seat,
            _ => return self.msg(),
        };
        let Some(name) = who(seat) else { return self.msg() };
        match self {
            GrailFirst { .. } => msg!("soc.grail_first.named", name),
            EvilDone { .. } => msg!("soc.evil_done.named", name),
            SoloTaken { quest, .. } => msg!("soc.solo_taken.named", quest = quest.title(), name),
            NotEnoughCards { needed, held, .. } => msg!("soc.not_enough_cards.named", name, needed, count = held),
            KnightOut { .. } => msg!("soc.knight_out.named", name),
            AlreadyExposed { .. } => msg!("soc.already_exposed.named", name),
            NotTheCardDealt { .. } => msg!("soc.not_the_card_dealt.named", name),
            _ => self.msg(),
        }
    }
}

/// What the table waits for, in words (`soc.waiting.<what>`).
fn waiting(what: &str) -> Msg {
    const KNOWN: [&str; 5] = ["black_card", "merlin", "die", "kay", "loyalty"];
    let what = KNOWN.into_iter().find(|&w| w == what).unwrap_or("traitor");
    Msg::new(format!("soc.waiting.{what}"))
}

/// An action, in words (`soc.action.move`).
fn action(a: Action) -> Msg {
    Msg::new(match a {
        Action::Move => "soc.action.move",
        Action::Quest => "soc.action.quest",
        Action::Special => "soc.action.special",
        Action::Heal => "soc.action.heal",
        Action::Accuse => "soc.action.accuse",
    })
}

impl Said for SocError {
    fn msg(&self) -> Msg {
        use SocError::*;
        match self {
            KnightCount { knights } => msg!("soc.knight_count", knights),
            KnightTwice { knight } => msg!("soc.knight_twice", knight = knight.msg()),
            TooManyNames { knights } => msg!("soc.too_many_names", knights),
            NameTheYoungest => msg!("soc.name_the_youngest"),
            BadRules { why } => msg!("soc.bad_rules", why),
            UnknownCard { card } => msg!("soc.unknown_card", card),
            NotABlackCard { card } => msg!("soc.not_a_black_card", card),
            NotALoyaltyCard { card } => msg!("soc.not_a_loyalty_card", card),
            CardAlreadyTapped { card } => msg!("soc.card_already_tapped", card),
            NotInTheDeal { card } => msg!("soc.not_in_the_deal", card),
            ScanFirst => msg!("soc.scan_first"),
            GrailFirst { seat } => msg!("soc.grail_first", seat = seat.number()),
            Waiting { what } => msg!("soc.waiting", what = waiting(what)),
            EvilFirst => msg!("soc.evil_first"),
            EvilDone { seat } => msg!("soc.evil_done", seat = seat.number()),
            BlackCardNotNow => msg!("soc.black_card_not_now"),
            TraitorNoLife => msg!("soc.traitor_no_life"),
            TraitorNoActions => msg!("soc.traitor_no_actions"),
            PeekBeforeEvil => msg!("soc.peek_before_evil"),
            NotYourPower { power } => msg!("soc.not_your_power", knight = power.msg()),
            TurnOver => msg!("soc.turn_over"),
            SameActionTwice { action: a } => msg!("soc.same_action_twice", action = action(*a)),
            NoActionLeft { can_sacrifice: true } => msg!("soc.no_action_left.can_sacrifice"),
            NoActionLeft { can_sacrifice: false } => msg!("soc.no_action_left"),
            ActFirst => msg!("soc.act_first"),
            AlreadyThere { place } => msg!("soc.already_there", at = place.at()),
            QuestClosed { quest } => msg!("soc.quest_closed", quest = quest.msg()),
            SoloTaken { quest, seat } => msg!("soc.solo_taken", quest = quest.title(), seat = seat.number()),
            NotOnQuest { quest } => msg!("soc.not_on_quest", quest = quest.msg()),
            OnlyAtCamelot => msg!("soc.only_at_camelot"),
            FightWhere => msg!("soc.fight_where"),
            NoFightHere { quest } => msg!("soc.no_fight_here", on = quest.on()),
            NoSuchFightCard { value } => msg!("soc.no_such_fight_card", value),
            BreaksCombination { quest, value } => msg!("soc.breaks_combination", value, on = quest.on()),
            LadderOrder { needed, value } => msg!("soc.ladder_order", needed, value),
            NotEnoughCards { seat, needed, held } => {
                msg!("soc.not_enough_cards", seat = seat.number(), needed, count = held)
            }
            HandFull { limit } => msg!("soc.hand_full", limit),
            TooManyCards { cards } => msg!("soc.too_many_cards", cards),
            NotASpecialWhite { card } => msg!("soc.not_a_special_white", card),
            OneSpecialPerTurn => msg!("soc.one_special_per_turn"),
            FullLife { max } => msg!("soc.full_life", max),
            CorrectionOutOfRange => msg!("soc.correction_out_of_range"),
            AccuseTooEarly { engines, swords } => msg!("soc.accuse_too_early", engines, swords),
            SacrificeAfterFirst => msg!("soc.sacrifice_after_first"),
            NoEngine => msg!("soc.no_engine"),
            NoFightCards => msg!("soc.no_fight_cards"),
            NoSiegeFight => msg!("soc.no_siege_fight"),
            NoKayNow => msg!("soc.no_kay_now"),
            NoSpecialCard => msg!("soc.no_special_card"),
            ThreeMerlins { given } => msg!("soc.three_merlins", given),
            PickAWar => msg!("soc.pick_a_war"),
            NotAWar { quest } => msg!("soc.not_a_war", quest = quest.title()),
            AccuseSelf => msg!("soc.accuse_self"),
            KnightOut { seat } => msg!("soc.knight_out", seat = seat.number()),
            AlreadyExposed { seat } => msg!("soc.already_exposed", seat = seat.number()),
            AccusedBefore => msg!("soc.accused_before"),
            NotTheCardDealt { seat } => msg!("soc.not_the_card_dealt", seat = seat.number()),
            NobodyDying => msg!("soc.nobody_dying"),
            NoGrail => msg!("soc.no_grail"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::{GameError, Lang};

    #[test]
    fn codes_are_stable_and_words_differ_by_language() {
        let e = SocError::LadderOrder { needed: 3, value: 5 };
        assert_eq!(e.code(), "ladder_order");
        assert_eq!(e.text(Lang::En), "The war needs a 3 now, not a 5.");
        assert_eq!(e.text(Lang::It), "Nella guerra ora serve un 3, non un 5.");
    }

    fn both(m: &Msg) -> [String; 2] {
        [Lang::It.text(m), Lang::En.text(m)]
    }

    #[test]
    fn every_name_built_at_run_time_is_in_the_catalogs() {
        let mut names: Vec<Msg> = Vec::new();
        for q in QuestId::ALL {
            names.extend([q.msg(), q.title(), q.on()]);
        }
        names.extend(Place::ALL.into_iter().map(Place::at));
        names.extend(Knight::ALL.iter().map(Said::msg));
        names.extend([Action::Move, Action::Quest, Action::Special, Action::Heal, Action::Accuse].map(action));
        names.extend(["black_card", "merlin", "die", "kay", "loyalty", "traitor"].map(waiting));
        for m in names {
            for lang in Lang::ALL {
                assert_ne!(lang.text(&m), m.id, "{} has no words in {lang:?}", m.id);
            }
        }
    }

    #[test]
    fn places_and_quests_take_the_right_preposition() {
        let there = |p| both(&SocError::AlreadyThere { place: p }.msg());
        assert_eq!(
            there(Place::Excalibur),
            ["Il cavaliere è già ad Excalibur.", "The knight is already at Excalibur."]
        );
        assert_eq!(
            there(Place::BlackKnight),
            ["Il cavaliere è già al Cavaliere Nero.", "The knight is already at the Black Knight."]
        );
        assert_eq!(
            there(Place::Lancelot),
            ["Il cavaliere è già all'Armatura di Lancillotto.", "The knight is already at Lancelot's Armor."]
        );
        assert_eq!(there(Place::Camelot), ["Il cavaliere è già a Camelot.", "The knight is already at Camelot."]);
        assert_eq!(
            both(&SocError::NoFightHere { quest: QuestId::Grail }.msg()),
            ["Non si giocano carte combattimento sul Santo Graal.", "Fight cards are not played on the Holy Grail."]
        );
        assert_eq!(
            both(&SocError::BreaksCombination { quest: QuestId::Dragon, value: 4 }.msg()),
            [
                "Un 4 sul Drago romperebbe la combinazione richiesta.",
                "A 4 on the Dragon would break the combination it needs."
            ]
        );
        assert_eq!(
            both(&SocError::NotAWar { quest: QuestId::Excalibur }.msg()),
            ["Excalibur non è una guerra.", "Excalibur is not a war."]
        );
        assert_eq!(
            both(&SocError::NotAWar { quest: QuestId::Grail }.msg()),
            ["Il Santo Graal non è una guerra.", "The Holy Grail is not a war."]
        );
    }

    #[test]
    fn cards_in_hand_are_counted_and_seats_named_by_their_players() {
        let anna = |_| Some("Anna".to_string());
        let nobody = |_| None;
        let expected = [
            [
                ["Il posto 2 ha 0 carte in mano, ne servono 3.", "Seat 2 holds 0 cards; 3 are needed."],
                ["Anna ha 0 carte in mano, ne servono 3.", "Anna holds 0 cards; 3 are needed."],
            ],
            [
                ["Il posto 2 ha una sola carta in mano, ne servono 3.", "Seat 2 holds one card; 3 are needed."],
                ["Anna ha una sola carta in mano, ne servono 3.", "Anna holds one card; 3 are needed."],
            ],
            [
                ["Il posto 2 ha 2 carte in mano, ne servono 3.", "Seat 2 holds 2 cards; 3 are needed."],
                ["Anna ha 2 carte in mano, ne servono 3.", "Anna holds 2 cards; 3 are needed."],
            ],
        ];
        for (held, [by_seat, by_name]) in expected.into_iter().enumerate() {
            let e = SocError::NotEnoughCards { seat: Seat(1), needed: 3, held: held as u8 };
            assert_eq!(both(&e.msg_named(&nobody)), by_seat, "{held}");
            assert_eq!(both(&e.msg_named(&anna)), by_name, "{held}");
        }
        let e = SocError::SoloTaken { quest: QuestId::BlackKnight, seat: Seat(0) };
        assert_eq!(
            both(&e.msg_named(&anna)),
            [
                "Il Cavaliere Nero è un'impresa solitaria e c'è già Anna.",
                "The Black Knight is a solo quest and Anna is already there."
            ]
        );
    }
}
