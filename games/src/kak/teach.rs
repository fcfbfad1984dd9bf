//! Teaching King Arthur's Knights (see [`crate::teach`]): its steps and its
//! moves' words.

use super::legal::Choice;
use super::{Command, Kak, Phase};
use crate::teach::{name_of, words, Step};
use crate::{Legal, Msg};
use tavola_words::msg;

/// Every step [`Kak`] answers.
pub(super) const STEPS: &[&str] = &[
    "kak.setup",
    "kak.ring",
    "kak.refill",
    "kak.picks",
    "kak.actions",
    "kak.tournament_bids",
    "kak.tournament_show",
    "kak.over",
];

impl Kak {
    /// See [`crate::Game::step`].
    pub(super) fn step_now(&self) -> Step {
        let by = |id, seat: Option<crate::Seat>| match seat {
            Some(s) => Step::of(id, s),
            None => Step::all(id),
        };
        match &self.phase {
            Phase::Setup => Step::all("kak.setup"),
            Phase::Ring => Step::all("kak.ring"),
            Phase::Refill => Step::all("kak.refill"),
            Phase::Picks { .. } => by("kak.picks", self.picking()),
            Phase::Actions { .. } => by("kak.actions", self.acting()),
            Phase::Tournament { bidders, down, .. } if down.len() < bidders.len() => Step::all("kak.tournament_bids"),
            Phase::Tournament { .. } => Step::all("kak.tournament_show"),
            Phase::Over => Step::all("kak.over"),
        }
    }

    /// See [`crate::Game::move_words`].
    pub(super) fn move_words_now(&self, legal: &Legal<Command, Choice>) -> Msg {
        let player = |seat: Option<crate::Seat>| match seat {
            Some(s) => name_of(self, s),
            None => tavola_words::Arg::Msg(msg!("teach.kak.the_player")),
        };
        let acting = || player(self.acting());
        match legal.command() {
            Command::Setup(_) => words::setup(),
            Command::Lay { .. } => msg!("teach.kak.move.lay"),
            Command::Reveal { .. } => msg!("teach.kak.move.reveal"),
            Command::Pick { .. } => msg!("teach.kak.move.pick", name = player(self.picking())),
            Command::Train { .. } => msg!("teach.kak.move.train", name = acting()),
            Command::RoundTable { .. } => msg!("teach.kak.move.round_table", name = acting()),
            Command::Court { .. } => msg!("teach.kak.move.court", name = acting()),
            Command::Quest { .. } => msg!("teach.kak.move.quest", name = acting()),
            Command::Ride { .. } => msg!("teach.kak.move.ride", name = acting()),
            Command::EndTurn => words::end_turn(acting()),
            Command::BidDown { .. } => msg!("teach.kak.move.bid_down"),
            Command::Bid { seat, .. } => msg!("teach.kak.move.bid", name = player(Some(*seat))),
            Command::Learn { .. } => words::learn(),
        }
    }
}

// --- Cards entering play (see `crate::teach`, "Cards entering play") ---

/// The explanations of the cards an event brings into play: none yet.
pub(super) fn cards_entering(_game: &Kak, _event: &super::Event) -> Vec<crate::Lesson> {
    Vec::new()
}

/// Every explanation [`cards_entering`] may give, with the card kind it
/// explains.
pub(super) fn card_lesson_ids() -> Vec<(&'static str, String)> {
    Vec::new()
}
