//! Teaching Nottingham (see [`crate::teach`]): its steps and its moves'
//! words.

use super::items::{Action, AmbushCard, Item, PATH_CARD};
use super::legal::Choice;
use super::{Command, Event, Nottingham, Step as TurnStep};
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

/// The message id of an item's lesson (`teach.nottingham.card.item.copper_coin`).
fn item_lesson(item: Item) -> String {
    format!("teach.nottingham.card.item.{}", item.slug().replace('-', "_"))
}

/// The lesson `id` about the card `card` (a catalog id), with its name.
fn lesson(id: String, card: &str) -> crate::Lesson {
    crate::teach::card_lesson(Msg::new(id), crate::teach::card_named(card))
}

/// The explanations of the cards a Nottingham event brings into play: the
/// Sheriff's pawn and his path when the table is set up; an item when one
/// is first played for its action (the Necklace when one is first drawn,
/// since it always goes to the hand, or first played in defence); an
/// ambush card of a colour and one with two items when one is first
/// sprung; the commissions' first and second cards when a commission is
/// first completed by a first and by a second player.
pub(super) fn cards_entering(_game: &Nottingham, event: &Event) -> Vec<crate::Lesson> {
    match event {
        Event::SetUp { .. } => vec![
            lesson("teach.nottingham.card.pawn.sheriff".into(), "nottingham/pawn/sheriff"),
            lesson("teach.nottingham.card.board.sheriff_path".into(), PATH_CARD),
        ],
        Event::Acted { item, .. } | Event::Drew { item: item @ Item::Necklace, .. } => {
            vec![lesson(item_lesson(*item), &format!("nottingham/item/{}", item.slug()))]
        }
        Event::Took { defended: true, .. } => {
            vec![lesson(item_lesson(Item::Necklace), &format!("nottingham/item/{}", Item::Necklace.slug()))]
        }
        Event::Sprung { card, .. } => match AmbushCard::of_card(card) {
            Some(AmbushCard::Colour(_)) => vec![lesson("teach.nottingham.card.ambush.colour".into(), card)],
            Some(AmbushCard::Items(_)) => vec![lesson("teach.nottingham.card.ambush.items".into(), card)],
            None => Vec::new(),
        },
        Event::Completed { commission, first, .. } => {
            let which = if *first { "first" } else { "second" };
            let card = format!("nottingham/commission/{}-{which}", commission.slug());
            vec![lesson(format!("teach.nottingham.card.commission.{which}"), &card)]
        }
        _ => Vec::new(),
    }
}

/// Every explanation [`cards_entering`] may give, with the card kind it
/// explains.
pub(super) fn card_lesson_ids() -> Vec<(&'static str, String)> {
    let mut ids: Vec<(&'static str, String)> = Item::ALL.into_iter().map(|i| ("item", item_lesson(i))).collect();
    for id in ["teach.nottingham.card.ambush.colour", "teach.nottingham.card.ambush.items"] {
        ids.push(("ambush", id.into()));
    }
    for id in ["teach.nottingham.card.commission.first", "teach.nottingham.card.commission.second"] {
        ids.push(("commission", id.into()));
    }
    ids.push(("pawn", "teach.nottingham.card.pawn.sheriff".into()));
    ids.push(("board", "teach.nottingham.card.board.sheriff_path".into()));
    ids
}
