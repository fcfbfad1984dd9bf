//! Shadows over Camelot's refusals, in Italian and English.

use super::quests::{Place, QuestId};
use super::turn::Action;
use super::Knight;
use crate::{Lang, Localize, Seat};
use serde::{Deserialize, Serialize};

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
    FullLife,
    /// The sacrifice is once per game.
    SacrificedBefore,
    /// The sacrifice needs 6 engines or 6 swords.
    SacrificeTooEarly {
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
    /// Stable code (`knight_count`).
    fn code(&self) -> String {
        match serde_json::to_value(self) {
            Ok(v) => v["kind"].as_str().unwrap_or("unknown").to_string(),
            Err(_) => "unknown".into(),
        }
    }

    fn text_named(&self, lang: Lang, who: &dyn Fn(Seat) -> Option<String>) -> String {
        SocError::text_named(self, lang, who)
    }
}

fn quest(q: QuestId, lang: Lang) -> &'static str {
    q.name(lang)
}

fn place(p: Place, lang: Lang) -> &'static str {
    match p.quest() {
        Some(q) => q.name(lang),
        None => "Camelot",
    }
}

fn action(a: Action, lang: Lang) -> &'static str {
    match a {
        Action::Move => lang.pick("viaggiare", "travelling"),
        Action::Quest => lang.pick("l'azione dell'impresa", "the quest's action"),
        Action::Special => lang.pick("una carta bianca speciale", "a special white card"),
        Action::Heal => lang.pick("curarsi", "healing"),
        Action::Accuse => lang.pick("accusare", "accusing"),
    }
}

impl SocError {
    /// The text in `lang`, naming a seat by its player (`who` gives the
    /// name, or `None` to say "seat 3").
    pub fn text_named(&self, lang: Lang, who: &dyn Fn(Seat) -> Option<String>) -> String {
        use SocError::*;
        let it = lang == Lang::It;
        let seat = match self {
            GrailFirst { seat }
            | EvilDone { seat }
            | SoloTaken { seat, .. }
            | NotEnoughCards { seat, .. }
            | KnightOut { seat }
            | AlreadyExposed { seat }
            | NotTheCardDealt { seat } => *seat,
            _ => return self.text(lang),
        };
        let Some(n) = who(seat) else { return self.text(lang) };
        match self {
            GrailFirst { .. } if it => format!("Prima si decide se {n} beve dal Graal."),
            GrailFirst { .. } => format!("First decide whether {n} drinks from the Grail."),
            EvilDone { .. } if it => format!("{n} ha già fatto la scelta del Male in questo turno."),
            EvilDone { .. } => format!("{n} has already made this turn's evil choice."),
            SoloTaken { quest: q, .. } if it => {
                format!("{} è un'impresa solitaria e c'è già {n}.", capital(quest(*q, lang)))
            }
            SoloTaken { quest: q, .. } => {
                format!("{} is a solo quest and {n} is already there.", capital(quest(*q, lang)))
            }
            NotEnoughCards { needed, held, .. } if it => format!("{n} ha {held} carte in mano, ne servono {needed}."),
            NotEnoughCards { needed, held, .. } => format!("{n} holds {held} cards; {needed} are needed."),
            KnightOut { .. } if it => format!("{n} non è più in gioco."),
            KnightOut { .. } => format!("{n} is out of the game."),
            AlreadyExposed { .. } if it => format!("{n} è già stato smascherato."),
            AlreadyExposed { .. } => format!("{n} is already exposed."),
            NotTheCardDealt { .. } if it => format!("Non è la carta lealtà di {n}: mostrate quella distribuita."),
            NotTheCardDealt { .. } => format!("That is not {n}'s loyalty card: show the one dealt."),
            _ => self.text(lang),
        }
    }
}

impl Localize for SocError {
    fn text(&self, lang: Lang) -> String {
        use SocError::*;
        let it = lang == Lang::It;
        match self {
            KnightCount { knights } => {
                if it {
                    format!("Servono da 3 a 7 cavalieri, non {knights}.")
                } else {
                    format!("The table needs 3 to 7 knights, not {knights}.")
                }
            }
            KnightTwice { knight } => {
                if it {
                    format!("{} è già al tavolo: ogni stemma una volta sola.", knight.name(lang))
                } else {
                    format!("{} is already at the table: each shield only once.", knight.name(lang))
                }
            }
            TooManyNames { knights } => {
                if it {
                    format!("Più nomi che cavalieri ({knights}).")
                } else {
                    format!("More names than knights ({knights}).")
                }
            }
            NameTheYoungest => lang
                .pick(
                    "Re Artù non gioca: indica il giocatore più giovane, che comincia.",
                    "King Arthur is not playing: say who the youngest player is, who starts.",
                )
                .into(),
            BadRules { why } => {
                if it {
                    format!("Le regole scelte non reggono: {why}.")
                } else {
                    format!("The chosen rules do not hold together: {why}.")
                }
            }
            UnknownCard { card } => {
                if it {
                    format!("«{card}» non è una carta di Ombre su Camelot che Tavola conosca.")
                } else {
                    format!("“{card}” is not a Shadows over Camelot card Tavola knows.")
                }
            }
            NotABlackCard { card } => {
                if it {
                    format!("«{card}» non è una carta nera: qui serve la carta nera appena pescata.")
                } else {
                    format!("“{card}” is not a black card: the black card just drawn goes here.")
                }
            }
            NotALoyaltyCard { card } => {
                if it {
                    format!("«{card}» non è una carta lealtà.")
                } else {
                    format!("“{card}” is not a loyalty card.")
                }
            }
            CardAlreadyTapped { card } => {
                if it {
                    format!("La carta «{card}» è già stata letta: ognuno tocca la propria.")
                } else {
                    format!("The card “{card}” was already read: each knight taps their own.")
                }
            }
            NotInTheDeal { card } => {
                if it {
                    format!("«{card}»: nel mazzo distribuito non ci sono altre carte così.")
                } else {
                    format!("“{card}”: the deal holds no more cards like it.")
                }
            }
            ScanFirst => lang
                .pick(
                    "Prima ogni cavaliere tocca la sua carta lealtà, coperta.",
                    "First every knight taps their loyalty card, face down.",
                )
                .into(),
            GrailFirst { seat } => {
                if it {
                    format!("Prima si decide se il posto {seat} beve dal Graal.")
                } else {
                    format!("First decide whether seat {seat} drinks from the Grail.")
                }
            }
            Waiting { what } => {
                let w = match what.as_str() {
                    "black_card" => lang.pick("dove va la carta nera", "where the black card goes"),
                    "merlin" => lang.pick(
                        "se tre carte Merlino annullano la carta speciale",
                        "whether three Merlin cards cancel the special card",
                    ),
                    "die" => lang.pick("il tiro del dado", "the roll of the die"),
                    "kay" => lang.pick("la carta di Kay", "Kay's card"),
                    "loyalty" => lang.pick("la carta lealtà dell'accusato", "the accused's loyalty card"),
                    _ => lang.pick("chi è il traditore", "who the traitor is"),
                };
                if it {
                    format!("Prima si aspetta {w}.")
                } else {
                    format!("First the table waits for {w}.")
                }
            }
            EvilFirst => lang
                .pick(
                    "Prima il Progresso del Male: carta nera, macchina d'assedio o un punto vita.",
                    "First the progression of evil: a black card, a siege engine or a life point.",
                )
                .into(),
            EvilDone { seat } => {
                if it {
                    format!("Il posto {seat} ha già fatto la scelta del Male in questo turno.")
                } else {
                    format!("Seat {seat} has already made this turn's evil choice.")
                }
            }
            BlackCardNotNow => lang.pick(
                "Le carte nere si leggono solo nel Progresso del Male, quando nulla è in sospeso: la carta non è stata applicata.",
                "Black cards are read only in the progression of evil, with nothing else waiting: the card was not applied.",
            ).into(),
            TraitorNoLife => lang
                .pick(
                    "Il traditore smascherato non perde vita per scelta.",
                    "The exposed traitor does not lose life by choice.",
                )
                .into(),
            TraitorNoActions => lang
                .pick(
                    "Il traditore smascherato non ha più azioni eroiche.",
                    "The exposed traitor has no heroic actions left.",
                )
                .into(),
            PeekBeforeEvil => lang
                .pick(
                    "Percival sbircia una volta, prima della scelta del Male.",
                    "Percival peeks once, before the evil choice.",
                )
                .into(),
            NotYourPower { power } => {
                if it {
                    format!("È il potere di {}.", power.name(lang))
                } else {
                    format!("That is {}'s power.", power.name(lang))
                }
            }
            TurnOver => lang.pick("Il turno è finito.", "The turn is over.").into(),
            SameActionTwice { action: a } => {
                if it {
                    format!("Non si può scegliere due volte {} nello stesso turno.", action(*a, lang))
                } else {
                    format!("{} cannot be chosen twice in one turn.", capital(action(*a, lang)))
                }
            }
            NoActionLeft { can_sacrifice } => match (it, can_sacrifice) {
                (true, true) => "Azioni eroiche finite: sacrificare un punto vita ne darebbe un'altra.".into(),
                (true, false) => "Azioni eroiche finite per questo turno.".into(),
                (false, true) => "No heroic action left: sacrificing a life point would give one more.".into(),
                (false, false) => "No heroic action left this turn.".into(),
            },
            ActFirst => lang.pick("Prima almeno un'azione eroica.", "First at least one heroic action.").into(),
            AlreadyThere { place: p } => {
                if it {
                    format!("Il cavaliere è già a {}.", place(*p, lang))
                } else {
                    format!("The knight is already at {}.", place(*p, lang))
                }
            }
            QuestClosed { quest: q } => {
                if it {
                    format!("L'impresa per {} non è aperta.", quest(*q, lang))
                } else {
                    format!("The quest for {} is not open.", quest(*q, lang))
                }
            }
            SoloTaken { quest: q, seat } => {
                if it {
                    format!("{} è un'impresa solitaria e c'è già il posto {seat}.", capital(quest(*q, lang)))
                } else {
                    format!("{} is a solo quest and seat {seat} is already there.", capital(quest(*q, lang)))
                }
            }
            NotOnQuest { quest: q } => {
                if it {
                    format!("Serve essere nell'impresa per {}.", quest(*q, lang))
                } else {
                    format!("The knight must be on the quest for {}.", quest(*q, lang))
                }
            }
            OnlyAtCamelot => lang.pick("Solo a Camelot.", "Only at Camelot.").into(),
            FightWhere => lang
                .pick(
                    "Le carte combattimento si giocano in un'impresa di combattimento o in una guerra.",
                    "Fight cards are played on a fight quest or in a war.",
                )
                .into(),
            NoFightHere { quest: q } => {
                if it {
                    format!("Su {} non si giocano carte combattimento.", quest(*q, lang))
                } else {
                    format!("Fight cards are not played on {}.", quest(*q, lang))
                }
            }
            NoSuchFightCard { value } => {
                if it {
                    format!("Le carte combattimento valgono da 1 a 5, non {value}.")
                } else {
                    format!("Fight cards are worth 1 to 5, not {value}.")
                }
            }
            BreaksCombination { quest: q, value } => {
                if it {
                    format!("Un {value} su {} romperebbe la combinazione richiesta.", quest(*q, lang))
                } else {
                    format!("A {value} on {} would break the combination it needs.", quest(*q, lang))
                }
            }
            LadderOrder { needed, value } => {
                if it {
                    format!("Nella guerra ora serve un {needed}, non un {value}.")
                } else {
                    format!("The war needs a {needed} now, not a {value}.")
                }
            }
            NotEnoughCards { seat, needed, held } => {
                if it {
                    format!("Il posto {seat} ha {held} carte in mano, ne servono {needed}.")
                } else {
                    format!("Seat {seat} holds {held} cards; {needed} are needed.")
                }
            }
            HandFull { limit } => {
                if it {
                    format!("Con {limit} o più carte in mano non si pesca.")
                } else {
                    format!("With {limit} or more cards in hand nobody draws.")
                }
            }
            TooManyCards { cards } => {
                if it {
                    format!("{cards} carte in mano non sono possibili.")
                } else {
                    format!("{cards} cards in hand are not possible.")
                }
            }
            NotASpecialWhite { card } => {
                if it {
                    format!("«{card}» non è una carta bianca speciale.")
                } else {
                    format!("“{card}” is not a special white card.")
                }
            }
            OneSpecialPerTurn => {
                lang.pick("Una sola carta bianca speciale per turno.", "Only one special white card per turn.").into()
            }
            FullLife => lang.pick("La vita è già al massimo.", "Life is already at its top.").into(),
            SacrificedBefore => lang
                .pick("Il sacrificio si fa una volta sola per partita.", "The sacrifice is made only once per game.")
                .into(),
            SacrificeTooEarly { engines, swords } => {
                if it {
                    format!("Il sacrificio richiede almeno {engines} macchine d'assedio o {swords} spade.")
                } else {
                    format!("The sacrifice needs at least {engines} siege engines or {swords} swords.")
                }
            }
            SacrificeAfterFirst => lang
                .pick(
                    "Il sacrificio compra una seconda azione, dopo la prima.",
                    "The sacrifice buys a second action, after the first.",
                )
                .into(),
            NoEngine => lang.pick("Nessuna macchina d'assedio da combattere.", "No siege engine to fight.").into(),
            NoFightCards => lang.pick("Scegli almeno una carta combattimento.", "Pick at least one fight card.").into(),
            NoSiegeFight => lang
                .pick("Nessuno sta combattendo una macchina d'assedio.", "Nobody is fighting a siege engine.")
                .into(),
            NoKayNow => lang.pick("Ora Kay non può aggiungere carte.", "Kay cannot add a card now.").into(),
            NoSpecialCard => {
                lang.pick("Nessuna carta nera speciale in attesa.", "No special black card is waiting.").into()
            }
            ThreeMerlins { given } => {
                if it {
                    format!("Servono esattamente tre carte Merlino, non {given}.")
                } else {
                    format!("Exactly three Merlin cards are needed, not {given}.")
                }
            }
            PickAWar => lang
                .pick(
                    "I Mercenari vanno nella guerra contro i Pitti o contro i Sassoni: scegli quale.",
                    "Mercenaries join the war against the Picts or the Saxons: pick one.",
                )
                .into(),
            NotAWar { quest: q } => {
                if it {
                    format!("{} non è una guerra.", capital(quest(*q, lang)))
                } else {
                    format!("{} is not a war.", capital(quest(*q, lang)))
                }
            }
            AccuseSelf => lang.pick("Non ci si accusa da soli.", "Nobody accuses themselves.").into(),
            KnightOut { seat } => {
                if it {
                    format!("Il cavaliere del posto {seat} non è più in gioco.")
                } else {
                    format!("The knight at seat {seat} is out of the game.")
                }
            }
            AlreadyExposed { seat } => {
                if it {
                    format!("Il posto {seat} è già stato smascherato.")
                } else {
                    format!("Seat {seat} is already exposed.")
                }
            }
            AccusedBefore => lang
                .pick("Ogni cavaliere accusa una volta sola per partita.", "Each knight accuses only once per game.")
                .into(),
            NotTheCardDealt { seat } => {
                if it {
                    format!("Non è la carta lealtà del posto {seat}: mostrate quella distribuita.")
                } else {
                    format!("That is not seat {seat}'s loyalty card: show the one dealt.")
                }
            }
            NobodyDying => lang.pick("Nessuno sta per cadere.", "Nobody is about to fall.").into(),
            NoGrail => lang.pick("Nessuno ha il Santo Graal.", "Nobody holds the Holy Grail.").into(),
        }
    }
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::GameError;

    #[test]
    fn codes_are_stable_and_words_differ_by_language() {
        let e = SocError::LadderOrder { needed: 3, value: 5 };
        assert_eq!(e.code(), "ladder_order");
        assert_eq!(e.text(Lang::En), "The war needs a 3 now, not a 5.");
        assert_eq!(e.text(Lang::It), "Nella guerra ora serve un 3, non un 5.");
    }
}
