//! Teaching Nottingham (see [`crate::teach`]): its steps and its moves'
//! words.

use super::items::Action;
use super::legal::Choice;
use super::{Command, Nottingham, Step as TurnStep};
use crate::teach::{name_of, words, Step};
use crate::{Game, Legal, Msg};
use tavola_words::msg;

/// Every step [`Nottingham`] answers.
pub(super) const STEPS: &[&str] = &[
    "nottingham.setup",
    "nottingham.draw",
    "nottingham.drawn",
    "nottingham.buy",
    "nottingham.attack",
    "nottingham.barter",
    "nottingham.defence",
    "nottingham.ambushes",
    "nottingham.free",
    "nottingham.over",
];

impl Nottingham {
    /// See [`crate::Game::step`].
    pub(super) fn step_now(&self) -> Step {
        if self.setup.is_none() {
            return Step::all("nottingham.setup");
        }
        if self.is_over() {
            return Step::all("nottingham.over");
        }
        let Some(turn) = &self.turn else { return Step::all("nottingham.over") };
        let seat = turn.seat;
        match &turn.step {
            TurnStep::Draw => Step::of("nottingham.draw", seat),
            TurnStep::Drawn { .. } => Step::of("nottingham.drawn", seat),
            TurnStep::Acting { action: Action::Buy } => Step::of("nottingham.buy", seat),
            TurnStep::Acting { action: Action::Barter } => Step::of("nottingham.barter", seat),
            TurnStep::Acting { .. } => Step::of("nottingham.attack", seat),
            TurnStep::Defence { from, .. } => Step::of("nottingham.defence", *from),
            TurnStep::Ambushes { .. } => Step::all("nottingham.ambushes"),
            TurnStep::Free => Step::of("nottingham.free", seat),
        }
    }

    /// See [`crate::Game::move_words`].
    pub(super) fn move_words_now(&self, legal: &Legal<Command, Choice>) -> Msg {
        let player = || match &self.turn {
            Some(t) => name_of(self, t.seat),
            None => tavola_words::Arg::Msg(msg!("teach.nottingham.the_player")),
        };
        match legal.command() {
            Command::Setup(_) => words::setup(),
            Command::Draw { .. } => msg!("teach.nottingham.move.draw", name = player()),
            Command::Keep => msg!("teach.nottingham.move.keep", name = player()),
            Command::Act => msg!("teach.nottingham.move.act", name = player()),
            Command::Buy { from: Some(_) } => msg!("teach.nottingham.move.buy", name = player()),
            Command::Buy { from: None } => msg!("teach.nottingham.move.buy_none", name = player()),
            Command::Take { .. } | Command::Target { .. } => msg!("teach.nottingham.move.target", name = player()),
            Command::Defend { .. } => msg!("teach.nottingham.move.defend"),
            Command::Barter { from: Some(_), .. } => msg!("teach.nottingham.move.barter", name = player()),
            Command::Barter { from: None, .. } => msg!("teach.nottingham.move.barter_none", name = player()),
            Command::Trade { .. } => msg!("teach.nottingham.move.trade", name = player()),
            Command::Lay { .. } => msg!("teach.nottingham.move.lay", name = player()),
            Command::TakeBack => msg!("teach.nottingham.move.take_back"),
            Command::Complete { .. } => msg!("teach.nottingham.move.complete", name = player()),
            Command::Announce { .. } => msg!("teach.nottingham.move.announce"),
            Command::Pass { .. } => msg!("teach.nottingham.move.pass"),
            Command::Spring { .. } => msg!("teach.nottingham.move.spring"),
            Command::CloseAmbushes => msg!("teach.nottingham.move.close_ambushes"),
            Command::Learn { .. } => words::learn(),
            Command::EndTurn => words::end_turn(player()),
            Command::CorrectHand { .. } => words::correct_hand(),
        }
    }
}

// --- Cards entering play (see `crate::teach`, "Cards entering play") ---

/// The explanations of the cards an event brings into play: none yet.
pub(super) fn cards_entering(_game: &Nottingham, _event: &super::Event) -> Vec<crate::Lesson> {
    Vec::new()
}

/// Every explanation [`cards_entering`] may give, with the card kind it
/// explains.
pub(super) fn card_lesson_ids() -> Vec<(&'static str, String)> {
    Vec::new()
}
