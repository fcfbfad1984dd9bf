//! Typed rule errors in the players' own words.
//!
//! Every refusal a rules engine gives is a [`RuleError`]: a stable `code()`
//! for tests and logs, and a message (`common.<code>`, `avalon.<code>`,
//! `soc.<code>` in the catalogs) for the screen.

use super::{Lang, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;
use tavola_words::{msg, Arg, Msg, Said};

pub use crate::registry::RuleError;

/// Refusals shared by every game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum CommonError {
    /// The game has not been set up yet.
    NotStarted,
    /// The game is already set up.
    AlreadyStarted,
    /// The game has ended.
    GameOver,
    /// That seat is not at this table.
    NoSuchSeat {
        /// The seat asked for.
        seat: Seat,
    },
    /// This seat has already answered in the current secret input.
    AlreadyAnswered {
        /// Who pressed again.
        seat: Seat,
    },
    /// This seat has no say in the current secret input.
    NotAsked {
        /// Who pressed.
        seat: Seat,
    },
    /// A card from another game was scanned.
    WrongGameCard {
        /// The card's id.
        card: String,
    },
    /// A card the game does not use right now.
    CardNotExpected {
        /// The card's id.
        card: String,
    },
    /// This is not the moment for this action.
    NotNow,
    /// The game needs the owner's facts of these cards (printed only on
    /// them) before it can go on: the table asks for them.
    FactsNeeded {
        /// The cards' ids.
        cards: Vec<String>,
    },
    /// A learn command that names no card's facts.
    NothingToLearn,
    /// A player's name longer than the screen shows.
    NameTooLong {
        /// The seat named.
        seat: Seat,
        /// The most letters a name may have.
        most: usize,
    },
}

impl Said for CommonError {
    fn msg(&self) -> Msg {
        use CommonError::*;
        match self {
            NotStarted => msg!("common.not_started"),
            AlreadyStarted => msg!("common.already_started"),
            GameOver => msg!("common.game_over"),
            NoSuchSeat { seat } => msg!("common.no_such_seat", seat = seat.number()),
            AlreadyAnswered { seat } => msg!("common.already_answered", seat = seat.number()),
            NotAsked { seat } => msg!("common.not_asked", seat = seat.number()),
            WrongGameCard { card } => match super::GameKind::of_card(card) {
                Some(g) => msg!("common.wrong_game_card", card = card.as_str(), game = g.title()),
                None => msg!("common.wrong_game_card.unknown", card = card.as_str()),
            },
            CardNotExpected { card } => msg!("common.card_not_expected", card = card.as_str()),
            NotNow => msg!("common.not_now"),
            FactsNeeded { cards } => {
                let names = cards.iter().map(|c| crate::facts::card_msg(c)).collect::<Vec<_>>();
                match names.as_slice() {
                    [one] => msg!("common.facts_needed", card = one.clone()),
                    _ => msg!("common.facts_needed.cards", count = names.len()),
                }
            }
            NothingToLearn => msg!("common.nothing_to_learn"),
            NameTooLong { seat, most } => msg!("common.name_too_long", seat = seat.number(), most = *most),
        }
    }

    fn text(&self, lang: Lang) -> String {
        lang.text(&cards_named(self.msg(), lang))
    }
}

/// A refusal that carries a card's id (`card`) names the card on the
/// screen: its name in `lang`, from the card catalog (an id the catalog
/// does not know is shown as read, cut short).
fn cards_named(mut msg: Msg, lang: Lang) -> Msg {
    if let Some(Arg::Text(card)) = msg.arg("card") {
        let name = crate::catalog::Catalog::builtin().label(card, lang);
        msg = msg.with("card", name);
    }
    msg
}

impl CommonError {
    /// Stable code (`not_now`).
    pub fn code(&self) -> &'static str {
        use CommonError::*;
        match self {
            NotStarted => "not_started",
            AlreadyStarted => "already_started",
            GameOver => "game_over",
            NoSuchSeat { .. } => "no_such_seat",
            AlreadyAnswered { .. } => "already_answered",
            NotAsked { .. } => "not_asked",
            WrongGameCard { .. } => "wrong_game_card",
            CardNotExpected { .. } => "card_not_expected",
            NotNow => "not_now",
            FactsNeeded { .. } => "facts_needed",
            NothingToLearn => "nothing_to_learn",
            NameTooLong { .. } => "name_too_long",
        }
    }
}

impl RuleError {
    /// What to say, naming seats by their players where `who` knows them
    /// ("Anna has already answered" rather than "Seat 1 has…").
    pub fn msg_named(&self, who: &dyn Fn(Seat) -> Option<String>) -> Msg {
        match self {
            RuleError::Common(e) => match e {
                CommonError::AlreadyAnswered { seat } => {
                    who(*seat).map(|name| msg!("common.already_answered.named", name))
                }
                CommonError::NotAsked { seat } => who(*seat).map(|name| msg!("common.not_asked.named", name)),
                _ => None,
            }
            .unwrap_or_else(|| e.msg()),
            game => game.game_msg_named(who),
        }
    }

    /// The text in `lang`, naming seats by their players where `who` knows
    /// them.
    pub fn text_named(&self, lang: Lang, who: &dyn Fn(Seat) -> Option<String>) -> String {
        lang.text(&cards_named(self.msg_named(who), lang))
    }
}

impl Said for RuleError {
    fn msg(&self) -> Msg {
        self.msg_named(&|_| None)
    }

    fn text(&self, lang: Lang) -> String {
        lang.text(&cards_named(self.msg(), lang))
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(Lang::En))
    }
}

impl std::error::Error for RuleError {}

impl From<CommonError> for RuleError {
    fn from(e: CommonError) -> Self {
        RuleError::Common(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_is_named_by_its_player_when_known_without_a_glued_preposition() {
        let e = RuleError::from(CommonError::NotAsked { seat: Seat(2) });
        let anna = |_| Some("Anna".to_string());
        assert_eq!(e.text_named(Lang::It, &anna), "Anna non deve rispondere ora.");
        assert_eq!(e.text_named(Lang::En, &anna), "Anna is not asked to answer now.");
        assert_eq!(e.text_named(Lang::It, &|_| None), "Ora non tocca al posto 3 rispondere.");
        assert_eq!(e.text(Lang::En), "Seat 3 is not asked to answer now.");
        let e = RuleError::from(CommonError::AlreadyAnswered { seat: Seat(0) });
        assert_eq!(e.text_named(Lang::It, &|_| Some("Ugo".into())), "Ugo ha già risposto: conta la prima scelta.");
        assert_eq!(e.code(), "common.already_answered");
        assert_eq!(e.msg().id, "common.already_answered");
    }

    #[test]
    fn a_card_is_named_in_the_language_of_the_sentence() {
        let e = CommonError::CardNotExpected { card: "avalon/role/merlin".into() };
        assert_eq!(e.text(Lang::It), "La carta «Merlino» non serve in questo momento.");
        assert_eq!(RuleError::from(e).text(Lang::En), "The card “Merlin” is not needed right now.");
    }
}
