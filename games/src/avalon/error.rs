//! Avalon's refusals: messages `avalon.<code>` in the catalogs.

use super::roles::Role;
use crate::Seat;
use serde::{Deserialize, Serialize};
use tavola_words::{msg, Msg, Said};

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
    /// Only Percival, Mordred, Morgana, Oberon and the two Lancelots are
    /// optional.
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
    /// A mission card, a reader's card or counts outside a mission.
    NoMissionNow,
    /// A mission card on the reader before the host named whose it is.
    NobodyAtReader,
    /// The card laid for a mission is not a mission card.
    NotAMissionCard {
        /// The card's id.
        card: String,
    },
    /// The counts of a mission played by hand must add up to the team.
    MissionCount {
        /// Players on the team.
        needed: usize,
        /// Cards counted.
        given: usize,
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
            NoMissionNow => "no_mission_now",
            NobodyAtReader => "nobody_at_reader",
            NotAMissionCard { .. } => "not_a_mission_card",
            MissionCount { .. } => "mission_count",
        }
    }
}

impl crate::GameError for AvalonError {
    const NOT_RULES: &'static [&'static str] = &[
        // More names typed than seats: a slip of the setup form.
        "too_many_names",
        // A seat number that is not at the table: a slip of the input.
        "no_such_leader",
        // Checks of the physical cards on the reader, not rules of play.
        "not_a_role_card",
        "role_not_in_set",
        "card_already_tapped",
        "not_a_loyalty_card",
        "not_a_mission_card",
        "nobody_at_reader",
        // Tavola's own order: a new game at the same table after this one.
        "game_not_over",
    ];

    fn code(&self) -> String {
        self.code_str().to_string()
    }

    fn msg_named(&self, who: &dyn Fn(Seat) -> Option<String>) -> Msg {
        use AvalonError::*;
        let seat = match self {
            DuplicateMember { seat }
            | NotOnTeam { seat }
            | BadAssassinationTarget { seat }
            | ExcaliburNotOnTeam { seat }
            | BadExcaliburTarget { seat }
            | LadyFormerHolder { seat } => *seat,
            _ => return self.msg(),
        };
        let Some(name) = who(seat) else { return self.msg() };
        match self {
            DuplicateMember { .. } => msg!("avalon.duplicate_member.named", name),
            NotOnTeam { .. } => msg!("avalon.not_on_team.named", name),
            BadAssassinationTarget { .. } => msg!("avalon.bad_assassination_target.named", name),
            ExcaliburNotOnTeam { .. } => msg!("avalon.excalibur_not_on_team.named", name),
            BadExcaliburTarget { .. } => msg!("avalon.bad_excalibur_target.named", name),
            LadyFormerHolder { .. } => msg!("avalon.lady_former_holder.named", name),
            _ => self.msg(),
        }
    }
}

impl Said for AvalonError {
    fn msg(&self) -> Msg {
        use AvalonError::*;
        match self {
            PlayerCount { players } => msg!("avalon.player_count", players),
            TooManyNames { players } => msg!("avalon.too_many_names", players),
            NotOptional { role } => msg!("avalon.not_optional", role = role.msg()),
            DuplicateRole { role } => msg!("avalon.duplicate_role", role = role.msg()),
            MissingRole { role } => msg!("avalon.missing_role", role = role.msg()),
            TooManyEvilCharacters { players, evil, chosen } => {
                msg!("avalon.too_many_evil_characters", players, evil, chosen)
            }
            Unbalanced { players, evil_expected, evil_given } => {
                msg!("avalon.unbalanced", players, evil_expected, evil_given)
            }
            NotEnoughCards => msg!("avalon.not_enough_cards"),
            NoSuchLeader { seat } => msg!("avalon.no_such_leader", seat = seat.number()),
            NotARoleCard { card } => msg!("avalon.not_a_role_card", card),
            RoleNotInSet { role } => msg!("avalon.role_not_in_set", role = role.msg()),
            CardAlreadyTapped { .. } => msg!("avalon.card_already_tapped"),
            TeamSize { needed, given } => msg!("avalon.team_size", needed, given),
            DuplicateMember { seat } => msg!("avalon.duplicate_member", seat = seat.number()),
            NotOnTeam { seat } => msg!("avalon.not_on_team", seat = seat.number()),
            BadAssassinationTarget { seat } => msg!("avalon.bad_assassination_target", seat = seat.number()),
            NothingToConfirm => msg!("avalon.nothing_to_confirm"),
            LancelotsTogether => msg!("avalon.lancelots_together"),
            TooManyGoodCharacters { players, good, chosen } => {
                msg!("avalon.too_many_good_characters", players, good, chosen)
            }
            LancelotVariantNeeded => msg!("avalon.lancelot_variant_needed"),
            LancelotsMissing => msg!("avalon.lancelots_missing"),
            MissionNotOpen { mission } => msg!("avalon.mission_not_open", mission),
            FinalMissionLocked => msg!("avalon.final_mission_locked"),
            MissionsInOrder { mission } => msg!("avalon.missions_in_order", mission),
            ExcaliburNeeded => msg!("avalon.excalibur_needed"),
            ExcaliburToLeader => msg!("avalon.excalibur_to_leader"),
            ExcaliburNotOnTeam { seat } => msg!("avalon.excalibur_not_on_team", seat = seat.number()),
            ExcaliburOff => msg!("avalon.excalibur_off"),
            BadExcaliburTarget { seat } => msg!("avalon.bad_excalibur_target", seat = seat.number()),
            LadyOnHolder => msg!("avalon.lady_on_holder"),
            LadyFormerHolder { seat } => msg!("avalon.lady_former_holder", seat = seat.number()),
            HostCannotPlayMission => msg!("avalon.host_cannot_play_mission"),
            NotALoyaltyCard { card } => msg!("avalon.not_a_loyalty_card", card),
            GameNotOver => msg!("avalon.game_not_over"),
            NoMissionNow => msg!("avalon.no_mission_now"),
            NobodyAtReader => msg!("avalon.nobody_at_reader"),
            NotAMissionCard { card } => msg!("avalon.not_a_mission_card", card),
            MissionCount { needed, given } => msg!("avalon.mission_count", needed, given),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GameError, Lang};

    #[test]
    fn every_role_has_a_name_and_an_explanation_in_every_language() {
        for role in Role::ALL {
            for m in [role.name(), role.explain()] {
                for lang in Lang::ALL {
                    assert_ne!(lang.text(&m), m.id, "{} has no words in {lang:?}", m.id);
                }
            }
        }
    }

    #[test]
    fn a_seat_is_named_by_its_player_when_known() {
        let e = AvalonError::BadExcaliburTarget { seat: Seat(3) };
        let elena = |_| Some("Elena".to_string());
        assert_eq!(
            Lang::It.text(&e.msg_named(&elena)),
            "Excalibur cambia la carta di un altro membro della squadra, non di Elena."
        );
        assert_eq!(Lang::En.text(&e.msg_named(&elena)), "Excalibur switches another team member's card, not Elena's.");
        assert_eq!(e.text(Lang::It), "Excalibur cambia la carta di un altro membro della squadra, non del posto 4.");
        assert_eq!(e.code(), "bad_excalibur_target");
        let e = AvalonError::DuplicateRole { role: Role::Merlin };
        assert_eq!(e.text(Lang::It), "Merlino può esserci una volta sola.");
        assert_eq!(e.text(Lang::En), "There can be only one Merlin.");
    }
}
