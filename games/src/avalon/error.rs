//! Avalon's refusals, in Italian and English.

use super::roles::Role;
use crate::{Lang, Localize, Seat};
use serde::{Deserialize, Serialize};

/// Why Avalon refused a command.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum AvalonError {
    /// Avalon is for 5 to 10 players.
    PlayerCount {
        /// Players asked for.
        players: usize,
    },
    /// More names than players.
    TooManyNames {
        /// Players at the table.
        players: usize,
    },
    /// Only Percival, Mordred, Morgana and Oberon are optional.
    NotOptional {
        /// The role asked for.
        role: Role,
    },
    /// A named character can be in play only once.
    DuplicateRole {
        /// The role chosen twice.
        role: Role,
    },
    /// Merlin and the Assassin are always in play.
    MissingRole {
        /// The role left out.
        role: Role,
    },
    /// More evil characters than evil players.
    TooManyEvilCharacters {
        /// Players.
        players: usize,
        /// Evil places at that table.
        evil: usize,
        /// Evil characters chosen.
        chosen: usize,
    },
    /// The good/evil split does not match the rulebook.
    Unbalanced {
        /// Players.
        players: usize,
        /// Evil players the rulebook wants.
        evil_expected: usize,
        /// Evil cards given.
        evil_given: usize,
    },
    /// The box has 5 loyal servants and 3 minions.
    NotEnoughCards,
    /// The first leader must sit at the table.
    NoSuchLeader {
        /// The seat named.
        seat: Seat,
    },
    /// The scanned card is not an Avalon character card.
    NotARoleCard {
        /// The card's id.
        card: String,
    },
    /// That character is not in this game's role set, or all its cards are taken.
    RoleNotInSet {
        /// The role on the card.
        role: Role,
    },
    /// The same physical card was tapped twice.
    CardAlreadyTapped {
        /// The card's id.
        card: String,
    },
    /// Only the leader's team can be proposed now, with the right size.
    TeamSize {
        /// Members needed.
        needed: usize,
        /// Members given.
        given: usize,
    },
    /// A seat appears twice in the team.
    DuplicateMember {
        /// The seat.
        seat: Seat,
    },
    /// Only team members play mission cards.
    NotOnTeam {
        /// The seat that pressed.
        seat: Seat,
    },
    /// The Assassin must name another player as Merlin.
    BadAssassinationTarget {
        /// The seat named.
        seat: Seat,
    },
    /// The game has no Merlin to confirm yet.
    NothingToConfirm,
    /// Good Lancelot and Evil Lancelot come as a pair.
    LancelotsTogether,
    /// More good characters than good players.
    TooManyGoodCharacters {
        /// Players.
        players: usize,
        /// Good places at that table.
        good: usize,
        /// Good characters chosen.
        chosen: usize,
    },
    /// The Lancelots are in the set but no variant is chosen.
    LancelotVariantNeeded,
    /// A Lancelot variant is chosen but the set has no Lancelots.
    LancelotsMissing,
    /// The mission chosen was already played (or does not exist).
    MissionNotOpen {
        /// The mission (1-based).
        mission: u8,
    },
    /// The fifth mission waits until two others are done.
    FinalMissionLocked,
    /// Missions are played in order unless choosing them is on.
    MissionsInOrder {
        /// The mission in play (1-based).
        mission: u8,
    },
    /// With Excalibur, the leader must hand it to a team member.
    ExcaliburNeeded,
    /// The leader cannot keep Excalibur.
    ExcaliburToLeader,
    /// Excalibur goes to a member of the team.
    ExcaliburNotOnTeam {
        /// The seat named.
        seat: Seat,
    },
    /// Excalibur is not in this game.
    ExcaliburOff,
    /// Excalibur switches the card of another team member.
    BadExcaliburTarget {
        /// The seat named.
        seat: Seat,
    },
    /// The Lady of the Lake cannot examine her holder.
    LadyOnHolder,
    /// The Lady of the Lake cannot examine a former holder.
    LadyFormerHolder {
        /// The seat named.
        seat: Seat,
    },
    /// The host may vote for a seat, never play its mission card.
    HostCannotPlayMission,
    /// Playing again needs a finished game.
    GameNotOver,
    /// Only a loyalty card answers the Lady of the Lake.
    NotALoyaltyCard {
        /// The card's id.
        card: String,
    },
}

impl AvalonError {
    fn code_str(&self) -> &'static str {
        use AvalonError::*;
        match self {
            PlayerCount { .. } => "player_count",
            TooManyNames { .. } => "too_many_names",
            NotOptional { .. } => "not_optional",
            DuplicateRole { .. } => "duplicate_role",
            MissingRole { .. } => "missing_role",
            TooManyEvilCharacters { .. } => "too_many_evil_characters",
            Unbalanced { .. } => "unbalanced",
            NotEnoughCards => "not_enough_cards",
            NoSuchLeader { .. } => "no_such_leader",
            NotARoleCard { .. } => "not_a_role_card",
            RoleNotInSet { .. } => "role_not_in_set",
            CardAlreadyTapped { .. } => "card_already_tapped",
            TeamSize { .. } => "team_size",
            DuplicateMember { .. } => "duplicate_member",
            NotOnTeam { .. } => "not_on_team",
            BadAssassinationTarget { .. } => "bad_assassination_target",
            NothingToConfirm => "nothing_to_confirm",
            LancelotsTogether => "lancelots_together",
            TooManyGoodCharacters { .. } => "too_many_good_characters",
            LancelotVariantNeeded => "lancelot_variant_needed",
            LancelotsMissing => "lancelots_missing",
            MissionNotOpen { .. } => "mission_not_open",
            FinalMissionLocked => "final_mission_locked",
            MissionsInOrder { .. } => "missions_in_order",
            ExcaliburNeeded => "excalibur_needed",
            ExcaliburToLeader => "excalibur_to_leader",
            ExcaliburNotOnTeam { .. } => "excalibur_not_on_team",
            ExcaliburOff => "excalibur_off",
            BadExcaliburTarget { .. } => "bad_excalibur_target",
            LadyOnHolder => "lady_on_holder",
            LadyFormerHolder { .. } => "lady_former_holder",
            HostCannotPlayMission => "host_cannot_play_mission",
            GameNotOver => "game_not_over",
            NotALoyaltyCard { .. } => "not_a_loyalty_card",
        }
    }
}

impl crate::GameError for AvalonError {
    fn code(&self) -> String {
        self.code_str().to_string()
    }

    fn text_named(&self, lang: Lang, who: &dyn Fn(Seat) -> Option<String>) -> String {
        AvalonError::text_named(self, lang, who)
    }
}

impl AvalonError {
    /// The text in `lang`, naming a seat by its player (`who` gives the
    /// name, or `None` to say "seat 3").
    pub fn text_named(&self, lang: Lang, who: &dyn Fn(Seat) -> Option<String>) -> String {
        use AvalonError::*;
        let it = lang == Lang::It;
        let seat = match self {
            DuplicateMember { seat }
            | NotOnTeam { seat }
            | BadAssassinationTarget { seat }
            | ExcaliburNotOnTeam { seat }
            | BadExcaliburTarget { seat }
            | LadyFormerHolder { seat } => *seat,
            _ => return self.text(lang),
        };
        let Some(n) = who(seat) else { return self.text(lang) };
        match self {
            DuplicateMember { .. } if it => format!("{n} è già nella squadra."),
            DuplicateMember { .. } => format!("{n} is already on the team."),
            NotOnTeam { .. } if it => format!("{n} non è nella squadra: solo la squadra gioca le carte missione."),
            NotOnTeam { .. } => format!("{n} is not on the team: only the team plays mission cards."),
            BadAssassinationTarget { .. } if it => format!("L'Assassino deve indicare un altro giocatore, non {n}."),
            BadAssassinationTarget { .. } => format!("The Assassin must name another player, not {n}."),
            ExcaliburNotOnTeam { .. } if it => {
                format!("{n} non è nella squadra: Excalibur va a un membro della squadra.")
            }
            ExcaliburNotOnTeam { .. } => format!("{n} is not on the team: Excalibur goes to a team member."),
            BadExcaliburTarget { .. } if it => {
                format!("Excalibur cambia la carta di un altro membro della squadra, non di {n}.")
            }
            BadExcaliburTarget { .. } => format!("Excalibur switches another team member's card, not {n}'s."),
            LadyFormerHolder { .. } if it => {
                format!("{n} ha già tenuto la Dama del Lago: non può essere esaminato.")
            }
            LadyFormerHolder { .. } => format!("{n} already held the Lady of the Lake and cannot be examined."),
            _ => self.text(lang),
        }
    }
}

impl Localize for AvalonError {
    fn text(&self, lang: Lang) -> String {
        use AvalonError::*;
        let it = lang == Lang::It;
        match self {
            PlayerCount { players } => {
                if it {
                    format!("Avalon si gioca in 5–10; qui i giocatori sono {players}.")
                } else {
                    format!("Avalon is for 5 to 10 players, not {players}.")
                }
            }
            TooManyNames { players } => {
                if it {
                    format!("Ci sono più nomi che posti: i giocatori sono {players}.")
                } else {
                    format!("There are more names than seats: {players} players.")
                }
            }
            NotOptional { role } => {
                if it {
                    format!("{} non è un personaggio opzionale.", role.text(lang))
                } else {
                    format!("{} is not an optional character.", role.text(lang))
                }
            }
            DuplicateRole { role } => {
                if it {
                    format!("{} può esserci una volta sola.", role.text(lang))
                } else {
                    format!("There can be only one {}.", role.text(lang))
                }
            }
            MissingRole { role } => {
                if it {
                    format!("{} è sempre in gioco: manca la sua carta.", role.text(lang))
                } else {
                    format!("{} is always in play: the card is missing.", role.text(lang))
                }
            }
            TooManyEvilCharacters { players, evil, chosen } => {
                if it {
                    format!(
                        "In {players} il Male ha {evil} posti, ma i personaggi malvagi scelti sono {chosen} (Assassino compreso). Togline qualcuno."
                    )
                } else {
                    format!(
                        "With {players} players Evil has {evil} places, but {chosen} evil characters are chosen (the Assassin included). Remove some."
                    )
                }
            }
            Unbalanced { players, evil_expected, evil_given } => {
                if it {
                    format!("In {players} i malvagi devono essere {evil_expected}, non {evil_given}.")
                } else {
                    format!("With {players} players there must be {evil_expected} evil cards, not {evil_given}.")
                }
            }
            NotEnoughCards => lang
                .pick(
                    "La scatola ha 5 Servi Leali e 3 Lacchè: questo mazzo ne chiede di più.",
                    "The box has 5 Loyal Servants and 3 Minions: this deck needs more.",
                )
                .into(),
            NoSuchLeader { seat } => {
                if it {
                    format!("Il primo leader deve sedere al tavolo: il posto {seat} non c'è.")
                } else {
                    format!("The first leader must sit at the table: there is no seat {seat}.")
                }
            }
            NotARoleCard { card } => {
                if it {
                    format!("«{card}» non è una carta personaggio di Avalon.")
                } else {
                    format!("“{card}” is not an Avalon character card.")
                }
            }
            RoleNotInSet { role } => {
                if it {
                    format!("{} non è in questa partita, o le sue carte sono già state toccate: controlla le carte distribuite.", role.text(lang))
                } else {
                    format!(
                        "{} is not in this game, or all its cards were already tapped: check the cards dealt.",
                        role.text(lang)
                    )
                }
            }
            CardAlreadyTapped { .. } => lang
                .pick(
                    "Questa carta è già stata toccata da un altro posto.",
                    "This card was already tapped for another seat.",
                )
                .into(),
            TeamSize { needed, given } => {
                if it {
                    format!("Questa missione vuole una squadra di {needed}, non di {given}.")
                } else {
                    format!("This mission needs a team of {needed}, not {given}.")
                }
            }
            DuplicateMember { seat } => {
                if it {
                    format!("Il posto {seat} è già nella squadra.")
                } else {
                    format!("Seat {seat} is already on the team.")
                }
            }
            NotOnTeam { seat } => {
                if it {
                    format!("Il posto {seat} non è nella squadra: solo la squadra gioca le carte missione.")
                } else {
                    format!("Seat {seat} is not on the team: only the team plays mission cards.")
                }
            }
            BadAssassinationTarget { seat } => {
                if it {
                    format!("L'Assassino deve indicare un altro giocatore, non il posto {seat}.")
                } else {
                    format!("The Assassin must name another player, not seat {seat}.")
                }
            }
            NothingToConfirm => {
                lang.pick("Non c'è nessun Merlino da confermare ora.", "There is no Merlin to confirm now.").into()
            }
            LancelotsTogether => lang
                .pick(
                    "I due Lancillotto si usano insieme: uno del Bene e uno del Male.",
                    "The two Lancelots play together: one good and one evil.",
                )
                .into(),
            TooManyGoodCharacters { players, good, chosen } => {
                if it {
                    format!("In {players} il Bene ha {good} posti, ma i personaggi buoni scelti sono {chosen}. Togline qualcuno.")
                } else {
                    format!("With {players} players Good has {good} places, but {chosen} good characters are chosen. Remove some.")
                }
            }
            LancelotVariantNeeded => lang
                .pick(
                    "Con i due Lancillotto scegli anche la variante (1, 2 o 3).",
                    "With the two Lancelots, choose a variant too (1, 2 or 3).",
                )
                .into(),
            LancelotsMissing => lang
                .pick(
                    "La variante di Lancillotto chiede i due Lancillotto nel mazzo dei personaggi.",
                    "A Lancelot variant needs both Lancelots among the characters.",
                )
                .into(),
            MissionNotOpen { mission } => {
                if it {
                    format!("La missione {mission} non si può scegliere: è già stata giocata o non esiste.")
                } else {
                    format!("Mission {mission} cannot be chosen: it was already played or does not exist.")
                }
            }
            FinalMissionLocked => lang
                .pick(
                    "La quinta missione si può tentare solo dopo averne concluse altre due.",
                    "The fifth mission can be attempted only after two others are done.",
                )
                .into(),
            MissionsInOrder { mission } => {
                if it {
                    format!("Le missioni si giocano in ordine: ora tocca alla missione {mission}.")
                } else {
                    format!("Missions are played in order: mission {mission} is next.")
                }
            }
            ExcaliburNeeded => lang
                .pick(
                    "Il leader deve dare Excalibur a un membro della squadra.",
                    "The leader must hand Excalibur to a member of the team.",
                )
                .into(),
            ExcaliburToLeader => lang
                .pick(
                    "Il leader non può tenere Excalibur per sé: la dà a un altro membro della squadra.",
                    "The leader cannot keep Excalibur: it goes to another member of the team.",
                )
                .into(),
            ExcaliburNotOnTeam { seat } => {
                if it {
                    format!("Il posto {seat} non è nella squadra: Excalibur va a un membro della squadra.")
                } else {
                    format!("Seat {seat} is not on the team: Excalibur goes to a team member.")
                }
            }
            ExcaliburOff => {
                lang.pick("Excalibur non è in gioco in questa partita.", "Excalibur is not in this game.").into()
            }
            BadExcaliburTarget { seat } => {
                if it {
                    format!("Excalibur cambia la carta di un altro membro della squadra, non del posto {seat}.")
                } else {
                    format!("Excalibur switches another team member's card, not seat {seat}'s.")
                }
            }
            LadyOnHolder => lang
                .pick(
                    "La Dama del Lago esamina un altro giocatore, non chi la tiene.",
                    "The Lady of the Lake examines another player, not her holder.",
                )
                .into(),
            LadyFormerHolder { seat } => {
                if it {
                    format!("Il posto {seat} ha già tenuto la Dama del Lago: non può essere esaminato.")
                } else {
                    format!("Seat {seat} already held the Lady of the Lake and cannot be examined.")
                }
            }
            HostCannotPlayMission => lang
                .pick(
                    "L'ospite può votare al posto di un giocatore, mai giocare la sua carta missione: solo il giocatore può farlo.",
                    "The host may vote for a player, never play their mission card: only the player can.",
                )
                .into(),
            NotALoyaltyCard { card } => {
                if it {
                    format!("«{card}» non è una carta lealtà: per la Dama del Lago serve la carta lealtà del Bene o del Male.")
                } else {
                    format!("“{card}” is not a loyalty card: the Lady of the Lake needs the good or the evil loyalty card.")
                }
            }
            GameNotOver => lang
                .pick(
                    "Si può rigiocare solo a partita finita.",
                    "A new game with the same table can start only once this one is over.",
                )
                .into(),
        }
    }
}
