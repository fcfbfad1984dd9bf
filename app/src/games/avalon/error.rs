//! Avalon's refusals, in Italian and English.

use super::roles::Role;
use crate::games::{Lang, Localize, Seat};
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
}

impl AvalonError {
    pub(crate) fn code(&self) -> &'static str {
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
        }
    }
}
