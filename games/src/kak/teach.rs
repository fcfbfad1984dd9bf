//! Teaching King Arthur's Knights (see [`crate::teach`]): its steps and its
//! moves' words.

use super::cards::{self, Action, CAMELOT};
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
            Command::Court { .. } => msg!("teach.kak.move.court", name = acting(), points = super::COURT_POINTS),
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

/// The quest the rulebook's worked example describes ("Carte Azione", "Q
/// (Ricerca)": quest 11): it has a lesson of its own.
const EXAMPLE_QUEST: &str = "kak/quest/golden-pheasant";

/// The lesson of an action card: one per action, the four Trainings
/// sharing theirs (they differ only in the virtue's pile).
fn action_lesson(action: Action) -> &'static str {
    match action {
        Action::Training(_) => "teach.kak.card.action.training",
        Action::RoundTable => "teach.kak.card.action.round_table",
        Action::Tournament => "teach.kak.card.action.tournament",
        Action::Court => "teach.kak.card.action.court",
        Action::Quest => "teach.kak.card.action.quest",
        Action::Horse => "teach.kak.card.action.horse",
    }
}

/// The lesson of a location: Camelot's, or the one the seven outside it
/// share (the same actions are used at each).
fn location_lesson(card: &str) -> &'static str {
    if card == CAMELOT {
        "teach.kak.card.location.camelot"
    } else {
        "teach.kak.card.location.outside"
    }
}

/// The explanations of the cards a King Arthur's Knights event brings into
/// play: at the setup the knights, the tents and the virtue cards (dealt,
/// their piles laid face up), and the locations when the ring is given
/// with it; a location as it is laid in the ring; a quest as it is turned
/// face up (the rules' worked example, quest 11, with its own words too);
/// an action card as it is first picked.
pub(super) fn cards_entering(_game: &Kak, event: &super::Event) -> Vec<crate::Lesson> {
    use super::Event;
    use crate::teach::{card_lesson, card_named};
    let lesson = |id: &str, card: &str| card_lesson(Msg::new(id.to_string()), card_named(card));
    match event {
        Event::SetUp { setup, .. } => {
            let mut out = Vec::new();
            if let Some(knight) = setup.knights.first() {
                out.push(lesson("teach.kak.card.knight", knight));
            }
            out.push(lesson("teach.kak.card.tent", "kak/tent/1"));
            if let Some(card) = cards::virtue_cards().next() {
                out.push(lesson("teach.kak.card.virtue", &card));
            }
            // The ring given with the setup: Camelot, then the first
            // location outside it.
            for card in setup.ring.iter().filter(|l| *l == CAMELOT).chain(setup.ring.iter().find(|l| *l != CAMELOT)) {
                out.push(lesson(location_lesson(card), card));
            }
            out
        }
        Event::Laid { card } => vec![lesson(location_lesson(card), card)],
        Event::Revealed { card } => {
            let mut out = vec![lesson("teach.kak.card.quest", card)];
            if card == EXAMPLE_QUEST {
                out.push(lesson("teach.kak.card.quest.golden_pheasant", card));
            }
            out
        }
        Event::Picked { card, .. } => match Action::of_card(card) {
            Some(action) => vec![lesson(action_lesson(action), card)],
            None => Vec::new(),
        },
        _ => Vec::new(),
    }
}

/// Every explanation [`cards_entering`] may give, with the card kind it
/// explains.
pub(super) fn card_lesson_ids() -> Vec<(&'static str, String)> {
    let mut ids: Vec<(&'static str, String)> = vec![
        ("knight", "teach.kak.card.knight".into()),
        ("tent", "teach.kak.card.tent".into()),
        ("virtue", "teach.kak.card.virtue".into()),
        ("location", location_lesson(CAMELOT).into()),
        ("location", location_lesson("kak/location/hidden-valley").into()),
    ];
    for action in [
        Action::Training(super::Virtue::Sword),
        Action::RoundTable,
        Action::Tournament,
        Action::Court,
        Action::Quest,
        Action::Horse,
    ] {
        ids.push(("action", action_lesson(action).into()));
    }
    ids.push(("quest", "teach.kak.card.quest".into()));
    ids.push(("quest", "teach.kak.card.quest.golden_pheasant".into()));
    ids
}
