//! Teaching Shadows over Camelot (see [`crate::teach`]): its steps and its
//! moves' words.

use super::legal::Choice;
use super::{Command, Pending, Phase, Soc};
use crate::teach::{name_of, words, Step};
use crate::{Legal, Msg};
use tavola_words::msg;

/// Every step [`Soc`] answers.
pub(super) const STEPS: &[&str] = &[
    "soc.setup",
    "soc.loyalty_scan",
    "soc.evil_action",
    "soc.heroic_action",
    "soc.black_choice",
    "soc.merlin",
    "soc.siege_roll",
    "soc.kay",
    "soc.accusation",
    "soc.grail",
    "soc.traitor_check",
    "soc.over",
];

impl Soc {
    /// See [`crate::Game::step`].
    pub(super) fn step_now(&self) -> Step {
        if self.setup.is_none() {
            return Step::all("soc.setup");
        }
        match &self.phase {
            Phase::Lobby => return Step::all("soc.setup"),
            Phase::LoyaltyScan => return Step::all("soc.loyalty_scan"),
            Phase::Ended { .. } => return Step::all("soc.over"),
            Phase::Play if self.is_over_now() => return Step::all("soc.over"),
            Phase::Play => {}
        }
        let whose = self.turn.as_ref().map(|t| t.seat);
        let step = |id| match whose {
            Some(seat) => Step::of(id, seat),
            None => Step::all(id),
        };
        if let Some(&dying) = self.dying.first() {
            return Step::of("soc.grail", dying);
        }
        match &self.pending {
            Some(Pending::BlackChoice { .. }) => step("soc.black_choice"),
            Some(Pending::Merlin { .. }) => Step::all("soc.merlin"),
            Some(Pending::SiegeRoll { seat, .. }) => Step::of("soc.siege_roll", *seat),
            Some(Pending::Kay { seat, .. }) => Step::of("soc.kay", *seat),
            Some(Pending::Accusation { accused, .. }) => Step::of("soc.accusation", *accused),
            Some(Pending::TraitorCheck) => Step::all("soc.traitor_check"),
            None => match &self.turn {
                Some(t) if !t.evil_done => Step::of("soc.evil_action", t.seat),
                Some(t) => Step::of("soc.heroic_action", t.seat),
                None => Step::all("soc.heroic_action"),
            },
        }
    }

    /// See [`crate::Game::move_words`].
    pub(super) fn move_words_now(&self, legal: &Legal<Command, Choice>) -> Msg {
        let knight = || match self.turn.as_ref() {
            Some(t) => name_of(self, t.seat),
            None => tavola_words::Arg::Msg(msg!("teach.soc.the_knight")),
        };
        match legal.command() {
            Command::Setup(_) => words::setup(),
            Command::LoyaltyCard { .. } => msg!("teach.soc.move.loyalty_card"),
            Command::SkipLoyaltyScan => msg!("teach.soc.move.skip_loyalty_scan"),
            Command::Peek => msg!("teach.soc.move.peek", name = knight()),
            Command::BlackCard { .. } => msg!("teach.soc.move.black_card", name = knight()),
            Command::PlaceBlack { face_down: true, .. } => msg!("teach.soc.move.face_down"),
            Command::PlaceBlack { war: Some(_), .. } => msg!("teach.soc.move.war"),
            Command::PlaceBlack { .. } => msg!("teach.soc.move.face_up"),
            Command::AddSiegeEngine => msg!("teach.soc.move.siege_engine", name = knight()),
            Command::LoseLife => msg!("teach.soc.move.lose_life", name = knight()),
            Command::CancelWithMerlin { .. } => msg!("teach.soc.move.merlin"),
            Command::LetStand => msg!("teach.soc.move.let_stand"),
            Command::Move { .. } => msg!("teach.soc.move.travel", name = knight()),
            Command::DrawWhite => msg!("teach.soc.move.draw_white", name = knight()),
            Command::PlayFight { .. } => msg!("teach.soc.move.fight", name = knight()),
            Command::PlayGrail => msg!("teach.soc.move.grail_card", name = knight()),
            Command::DiscardForExcalibur => msg!("teach.soc.move.excalibur", name = knight()),
            Command::SiegeFight { .. } => msg!("teach.soc.move.siege_fight", name = knight()),
            Command::RollDie => msg!("teach.soc.move.roll"),
            Command::Kay { value: Some(_) } => msg!("teach.soc.move.kay_card"),
            Command::Kay { value: None } => msg!("teach.soc.move.kay_pass"),
            Command::PlaySpecial { .. } => msg!("teach.soc.move.special", name = knight()),
            Command::Heal => msg!("teach.soc.move.heal", name = knight()),
            Command::Sacrifice => msg!("teach.soc.move.sacrifice", name = knight()),
            Command::Accuse { .. } => msg!("teach.soc.move.accuse", name = knight()),
            Command::ShowLoyalty { .. } => msg!("teach.soc.move.show_loyalty"),
            Command::ConfirmLoyalty { .. } => msg!("teach.soc.move.confirm_loyalty"),
            Command::Grail { drink: true } => msg!("teach.soc.move.drink"),
            Command::Grail { drink: false } => msg!("teach.soc.move.no_drink"),
            Command::EndTurn => words::end_turn(knight()),
            Command::CorrectHand { .. } => words::correct_hand(),
            Command::Correct { .. } => msg!("teach.soc.move.correct"),
            Command::DeclareTraitor { .. } => msg!("teach.soc.move.declare_traitor"),
        }
    }
}

// --- Cards entering play (see `crate::teach`, "Cards entering play") ---

/// The explanations of the cards a Shadows over Camelot event brings into
/// play: a special black card as it is drawn, the Merlin cards when three
/// cancel one, a special white card when one is played.
pub(super) fn cards_entering(_game: &Soc, event: &super::Event) -> Vec<crate::Lesson> {
    use crate::teach::{card_lesson, card_named};
    let lesson =
        |slug: &str, name: Msg| card_lesson(Msg::new(format!("teach.soc.card.{}", slug.replace('-', "_"))), name);
    match event {
        super::Event::SpecialDrawn { card, slug } => vec![lesson(slug, card_named(card))],
        super::Event::SpecialCancelled { .. } => vec![lesson("merlin", card_named("soc/white/merlin"))],
        super::Event::SpecialWhitePlayed { card, .. } => {
            vec![lesson("special_white", card_named(&format!("soc/white/{card}")))]
        }
        _ => Vec::new(),
    }
}

/// Every explanation [`cards_entering`] may give, with the card kind it
/// explains.
pub(super) fn card_lesson_ids() -> Vec<(&'static str, String)> {
    let mut ids = Vec::new();
    for card in crate::catalog::Catalog::builtin().by_game(crate::GameKind::ShadowsOverCamelot) {
        if card.kind == "black" && card.fact_flag("special") {
            let slug = card.base.rsplit('/').next().unwrap_or_default();
            ids.push(("black", format!("teach.soc.card.{}", slug.replace('-', "_"))));
        }
    }
    ids.push(("white", "teach.soc.card.merlin".into()));
    ids.push(("white", "teach.soc.card.special_white".into()));
    ids
}
