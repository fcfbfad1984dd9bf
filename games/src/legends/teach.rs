//! Teaching Camelot Legends (see [`crate::teach`]): its steps and its moves'
//! words.

use super::legal::Choice;
use super::{Command, Legends, Phase, Turn};
use crate::facts::card_msg;
use crate::teach::{name_of, words, Step};
use crate::{Arg, Legal, Msg};
use tavola_words::msg;

/// Every step [`Legends`] answers.
pub(super) const STEPS: &[&str] = &[
    "legends.setup",
    "legends.placing",
    "legends.draw_event",
    "legends.actions",
    "legends.bidding",
    "legends.dagonet",
    "legends.black_knight",
    "legends.grant",
    "legends.rescue",
    "legends.effect",
    "legends.forfeit",
    "legends.companion",
    "legends.over",
];

impl Legends {
    /// See [`crate::Game::step`]: the moments are looked at in the order
    /// `legal` looks at them.
    pub(super) fn step_now(&self) -> Step {
        let turn = match &self.phase {
            Phase::Setup => return Step::all("legends.setup"),
            Phase::Over { .. } => return Step::all("legends.over"),
            Phase::Placing { seat, .. } => Some(*seat),
            Phase::Turn(t) => Some(t.seat),
        };
        let of = |id, seat: Option<crate::Seat>| match seat {
            Some(s) => Step::of(id, s),
            None => Step::all(id),
        };
        if self.setup.is_none() {
            return Step::all("legends.setup");
        }
        if let Some(a) = &self.auction {
            return match a.dagonet {
                Some(seat) => Step::of("legends.dagonet", seat),
                None => Step::of("legends.bidding", a.to),
            };
        }
        if self.black_knight_waits() {
            return of("legends.black_knight", turn);
        }
        if let Some(g) = &self.grant {
            return Step::of("legends.grant", g.seat);
        }
        if let Some(r) = self.rescue() {
            return Step::of("legends.rescue", r.seat);
        }
        if let Some(p) = self.effect() {
            return Step::of("legends.effect", p.seat);
        }
        if let Some(seat) = self.forfeit_due() {
            return Step::of("legends.forfeit", seat);
        }
        if self.companion_due {
            return of("legends.companion", turn);
        }
        match &self.phase {
            Phase::Placing { seat, .. } => Step::of("legends.placing", *seat),
            Phase::Turn(Turn { seat, drawn: false, .. }) => Step::of("legends.draw_event", *seat),
            Phase::Turn(t) => Step::of("legends.actions", t.seat),
            Phase::Setup | Phase::Over { .. } => Step::all("legends.over"),
        }
    }

    /// See [`crate::Game::move_words`].
    pub(super) fn move_words_now(&self, legal: &Legal<Command, Choice>) -> Msg {
        let player = || match self.step_now().whose {
            Some(s) => name_of(self, s),
            None => Arg::Msg(msg!("teach.legends.the_player")),
        };
        let card = |c: &str| card_msg(c);
        match legal.command() {
            Command::Setup(_) => words::setup(),
            Command::Lay { .. } => msg!("teach.legends.move.lay", name = player()),
            Command::Play { .. } => msg!("teach.legends.move.play", name = player()),
            Command::DrawEvent { .. } => msg!("teach.legends.move.draw_event", name = player()),
            Command::Complete { card: c } => msg!("teach.legends.move.complete", name = player(), card = card(c)),
            Command::DrawCharacter => msg!("teach.legends.move.draw_character", name = player()),
            Command::Move { .. } => msg!("teach.legends.move.move", name = player()),
            Command::EndTurn => words::end_turn(player()),
            Command::EndGame => msg!("teach.legends.move.end_game"),
            Command::Learn { .. } => words::learn(),
            Command::CorrectHand { .. } => words::correct_hand(),
            Command::Use { card: c, .. } => msg!("teach.legends.move.use", card = card(c)),
            Command::Bid { .. } => msg!("teach.legends.move.bid", name = player()),
            Command::Pass => msg!("teach.legends.move.pass", name = player()),
            Command::Grant { .. } => msg!("teach.legends.move.grant", name = player()),
            Command::Strike { card: c, .. } => msg!("teach.legends.move.strike", card = card(c)),
            Command::Cover { card: Some(_) } => msg!("teach.legends.move.cover"),
            Command::Cover { card: None } => msg!("teach.legends.move.uncovered"),
            Command::Ward { card: c, .. } => msg!("teach.legends.move.ward", card = card(c)),
            Command::Remove { .. } => msg!("teach.legends.move.remove"),
            Command::Relocate { .. } => msg!("teach.legends.move.relocate"),
            Command::Spell { card: c, .. } => msg!("teach.legends.move.spell", card = card(c)),
            Command::Crown { card: c, .. } => msg!("teach.legends.move.crown", card = card(c)),
            Command::Scrap { card: c, .. } => msg!("teach.legends.move.scrap", card = card(c)),
            Command::Raid { card: c, .. } => msg!("teach.legends.move.raid", card = card(c)),
            Command::Replace { .. } => msg!("teach.legends.move.replace", name = player()),
            Command::Recall { card: c } => msg!("teach.legends.move.recall", card = card(c)),
            Command::Summon { card: c, .. } => msg!("teach.legends.move.summon", card = card(c)),
            Command::Renounce { card: c } => msg!("teach.legends.move.renounce", card = card(c)),
            Command::Rescue { take: true } => msg!("teach.legends.move.rescue", name = player()),
            Command::Rescue { take: false } => msg!("teach.legends.move.no_rescue", name = player()),
            Command::Hunt { .. } => msg!("teach.legends.move.hunt", name = player()),
            Command::Resolve { .. } => msg!("teach.legends.move.resolve", name = player()),
            Command::Forfeit { .. } => msg!("teach.legends.move.forfeit", name = player()),
            Command::Companion { .. } => msg!("teach.legends.move.companion", name = player()),
            Command::GiveSpecial { .. } => msg!("teach.legends.move.give_special"),
        }
    }
}

// --- Cards entering play (see `crate::teach`, "Cards entering play") ---

/// The explanations of the cards a Camelot Legends event brings into play:
/// an event as it is drawn, a special card as a character takes one (the
/// card's own summary).
pub(super) fn cards_entering(_game: &Legends, event: &super::Event) -> Vec<crate::Lesson> {
    use crate::catalog::message_id;
    use crate::teach::{card_base, card_lesson, card_named};
    match event {
        super::Event::EventDrawn { card, .. } => {
            vec![card_lesson(Msg::new(format!("{}.summary", message_id(&card_base(card)))), card_named(card))]
        }
        super::Event::SpecialGiven { special, card: Some(_) } => {
            vec![card_lesson(Msg::new(format!("{}.summary", message_id(&special.card()))), crate::Said::msg(special))]
        }
        _ => Vec::new(),
    }
}

/// Every explanation [`cards_entering`] may give, with the card kind it
/// explains.
pub(super) fn card_lesson_ids() -> Vec<(&'static str, String)> {
    let catalog = crate::catalog::Catalog::builtin();
    let mut ids = Vec::new();
    for card in catalog.by_game(crate::GameKind::CamelotLegends) {
        let kind = match card.kind.as_str() {
            "event" => "event",
            "final" => "final",
            "special" => "special",
            _ => continue,
        };
        ids.push((kind, format!("{}.summary", crate::catalog::message_id(&card.base))));
    }
    ids
}
