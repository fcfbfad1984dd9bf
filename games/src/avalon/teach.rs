//! Teaching Avalon (see [`crate::teach`]): its steps and its moves' words.

use super::legal::Choice;
use super::{Avalon, Command, LoyaltyCard, Phase};
use crate::teach::{name_of, words, Step};
use crate::{Legal, Msg};
use tavola_words::msg;

/// Every step [`Avalon`] answers.
pub(super) const STEPS: &[&str] = &[
    "avalon.setup",
    "avalon.role_scan",
    "avalon.night",
    "avalon.team_building",
    "avalon.team_vote",
    "avalon.mission",
    "avalon.excalibur_reveal",
    "avalon.lady",
    "avalon.lady_card",
    "avalon.lady_reveal",
    "avalon.assassination",
    "avalon.confirm_merlin",
    "avalon.over",
];

impl Avalon {
    /// See [`crate::Game::step`].
    pub(super) fn step_now(&self) -> Step {
        if self.setup.is_none() {
            return Step::all("avalon.setup");
        }
        match &self.phase {
            Phase::Lobby => Step::all("avalon.setup"),
            Phase::RoleScan => Step::all("avalon.role_scan"),
            Phase::Night => Step::all("avalon.night"),
            Phase::TeamBuilding => Step::of("avalon.team_building", self.leader),
            Phase::TeamVote { .. } => Step::all("avalon.team_vote"),
            Phase::Mission { .. } => Step::all("avalon.mission"),
            Phase::ExcaliburReveal { holder, .. } => Step::of("avalon.excalibur_reveal", *holder),
            Phase::Lady => match &self.lady {
                Some(lady) => Step::of("avalon.lady", lady.holder),
                None => Step::all("avalon.lady"),
            },
            Phase::LadyCard { target } => Step::of("avalon.lady_card", *target),
            Phase::LadyReveal { .. } => match &self.lady {
                Some(lady) => Step::of("avalon.lady_reveal", lady.holder),
                None => Step::all("avalon.lady_reveal"),
            },
            Phase::Assassination => Step::all("avalon.assassination"),
            Phase::ConfirmMerlin { .. } => Step::all("avalon.confirm_merlin"),
            Phase::Ended { .. } => Step::all("avalon.over"),
        }
    }

    /// See [`crate::Game::move_words`].
    pub(super) fn move_words_now(&self, legal: &Legal<Command, Choice>) -> Msg {
        let name = |seat| name_of(self, seat);
        match legal.command() {
            Command::Setup(_) => words::setup(),
            Command::RoleCard { .. } => match self.phase {
                Phase::LadyCard { target } => msg!("teach.avalon.move.loyalty_card", name = name(target)),
                _ => msg!("teach.avalon.move.role_card"),
            },
            Command::SkipRoleScan => msg!("teach.avalon.move.skip_role_scan"),
            Command::EndNight => msg!("teach.avalon.move.end_night"),
            Command::ProposeTeam { .. } => match legal.choice() {
                Some(Choice::Team { mission, size, .. }) => msg!(
                    "teach.avalon.move.propose_team",
                    name = name(self.leader),
                    size = *size as i64,
                    mission = i64::from(*mission) + 1
                ),
                _ => msg!("teach.avalon.move.propose", name = name(self.leader)),
            },
            Command::Vote { .. } => msg!("teach.avalon.move.vote"),
            Command::HostAnswer { .. } => msg!("teach.avalon.move.host_answer"),
            Command::PlayMission { .. } => msg!("teach.avalon.move.play_mission"),
            Command::UseExcalibur { target } => {
                let holder = match &self.phase {
                    Phase::Mission { excalibur: Some(h), .. } => name(*h),
                    _ => name(self.leader),
                };
                match target {
                    Some(_) => msg!("teach.avalon.move.excalibur", name = holder),
                    None => msg!("teach.avalon.move.excalibur_none", name = holder),
                }
            }
            Command::MissionByReader { .. } => msg!("teach.avalon.move.mission_by_reader"),
            Command::MissionCardTag { .. } => match legal.choice() {
                Some(Choice::MissionCard { seat }) => msg!("teach.avalon.move.mission_card_tag", name = name(*seat)),
                _ => msg!("teach.avalon.move.mission_by_reader"),
            },
            Command::MissionCounts { .. } => msg!("teach.avalon.move.mission_counts"),
            Command::RevealSeen => match self.phase {
                Phase::LadyCard { .. } => msg!("teach.avalon.move.lady_card_by_hand"),
                _ => words::reveal_seen(),
            },
            Command::LadyExamine { .. } => match &self.lady {
                Some(lady) => msg!("teach.avalon.move.lady_examine", name = name(lady.holder)),
                None => msg!("teach.avalon.move.assassinate"),
            },
            Command::Assassinate { .. } => msg!("teach.avalon.move.assassinate"),
            Command::ConfirmMerlin { .. } => msg!("teach.avalon.move.confirm_merlin"),
        }
    }
}

// --- Cards entering play (see `crate::teach`, "Cards entering play") ---

/// A lesson of a card of the catalog, named by its id there.
fn card(id: &str, lesson: Msg) -> crate::Lesson {
    crate::teach::card_lesson(lesson, crate::teach::card_named(id))
}

/// The lesson of a card of the Lancelots' loyalty deck.
fn loyalty_deck_card(card_turned: LoyaltyCard) -> crate::Lesson {
    match card_turned {
        LoyaltyCard::NoChange => {
            card("avalon/lancelot-deck/no-change", msg!("teach.avalon.card.lancelot_deck.no_change"))
        }
        LoyaltyCard::Switch => card("avalon/lancelot-deck/switch", msg!("teach.avalon.card.lancelot_deck.switch")),
    }
}

/// The explanations of the cards an Avalon event brings into play:
/// - at setup, the special characters in play (a plain servant or minion
///   needs none) and the tokens the optional rules put on the table (the
///   Lady of the Lake, Excalibur);
/// - the two Loyalty cards, when the Lady of the Lake first examines a
///   player;
/// - the box's two mission cards, Success and Fail, both at once, when a
///   team member whose pad button failed is named at the reader: before
///   the card is laid, so the lesson says nothing of which card it is;
/// - a card of the Lancelots' loyalty deck, when one first takes effect.
pub(super) fn cards_entering(_game: &Avalon, event: &super::Event) -> Vec<crate::Lesson> {
    use super::{Event, Role};
    let mut out: Vec<crate::Lesson> = Vec::new();
    match event {
        Event::SetUp { setup, .. } => {
            for role in setup.roles.roles() {
                let plain = matches!(role, Role::LoyalServant | Role::Minion);
                let l = crate::teach::card_lesson(role.explain(), crate::Said::msg(role));
                if !plain && !out.contains(&l) {
                    out.push(l);
                }
            }
            if setup.options.lady_of_the_lake {
                out.push(card("avalon/token/lady-of-the-lake", msg!("teach.avalon.card.token.lady_of_the_lake")));
            }
            if setup.options.excalibur {
                out.push(card("avalon/token/excalibur", msg!("teach.avalon.card.token.excalibur")));
            }
        }
        Event::LadyExamined { .. } => {
            out.push(crate::teach::card_lesson(msg!("teach.avalon.card.loyalty"), msg!("avalon.loyalty_cards")));
        }
        Event::MissionCardAwaited { .. } => {
            out.push(card("avalon/mission/success", msg!("teach.avalon.card.mission.success")));
            out.push(card("avalon/mission/fail", msg!("teach.avalon.card.mission.fail")));
        }
        Event::LoyaltyCardTurned { card: turned, .. } => out.push(loyalty_deck_card(*turned)),
        _ => {}
    }
    out
}

/// Every explanation [`cards_entering`] may give, with the card kind it
/// explains.
pub(super) fn card_lesson_ids() -> Vec<(&'static str, String)> {
    use super::Role;
    let mut ids: Vec<(&'static str, String)> = Role::ALL
        .into_iter()
        .filter(|r| !matches!(r, Role::LoyalServant | Role::Minion))
        .map(|r| ("role", r.explain().id.to_string()))
        .collect();
    for id in ["teach.avalon.card.token.lady_of_the_lake", "teach.avalon.card.token.excalibur"] {
        ids.push(("token", id.to_string()));
    }
    ids.push(("loyalty", "teach.avalon.card.loyalty".to_string()));
    for id in ["teach.avalon.card.mission.success", "teach.avalon.card.mission.fail"] {
        ids.push(("mission", id.to_string()));
    }
    for turned in [LoyaltyCard::NoChange, LoyaltyCard::Switch] {
        ids.push(("lancelot-deck", loyalty_deck_card(turned).id));
    }
    ids
}
