//! Typed rule errors in the players' own words.
//!
//! Every refusal a rules engine gives is a [`RuleError`]: a stable `code()`
//! for tests and logs, and a sentence in Italian or English for the screen.

use super::{Lang, Localize, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;

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
}

impl Localize for CommonError {
    fn text(&self, lang: Lang) -> String {
        use CommonError::*;
        match self {
            NotStarted => {
                lang.pick("La partita non è ancora stata preparata.", "The game has not been set up yet.").into()
            }
            AlreadyStarted => lang.pick("La partita è già cominciata.", "The game has already started.").into(),
            GameOver => lang.pick("La partita è finita.", "The game is over.").into(),
            NoSuchSeat { seat } => match lang {
                Lang::It => format!("Al tavolo non c'è il posto {seat}."),
                Lang::En => format!("There is no seat {seat} at this table."),
            },
            AlreadyAnswered { seat } => match lang {
                Lang::It => format!("Il posto {seat} ha già risposto: conta la prima scelta."),
                Lang::En => format!("Seat {seat} has already answered: the first choice stands."),
            },
            NotAsked { seat } => match lang {
                Lang::It => format!("Ora non tocca al posto {seat} rispondere."),
                Lang::En => format!("Seat {seat} is not asked to answer now."),
            },
            WrongGameCard { card } => {
                let name = crate::catalog::Catalog::builtin().label(card, lang);
                match (lang, super::GameKind::of_card(card)) {
                    (Lang::It, Some(g)) => {
                        format!("La carta «{name}» è di {}: rimettila nella sua scatola.", g.title())
                    }
                    (Lang::En, Some(g)) => {
                        format!("The card “{name}” belongs to {}: put it back in its box.", g.title())
                    }
                    (Lang::It, None) => format!("La carta «{name}» è di un altro gioco: rimettila nella sua scatola."),
                    (Lang::En, None) => format!("The card “{name}” belongs to another game: put it back in its box."),
                }
            }
            CardNotExpected { card } => match lang {
                Lang::It => format!(
                    "La carta «{}» non serve in questo momento.",
                    crate::catalog::Catalog::builtin().label(card, lang)
                ),
                Lang::En => format!(
                    "The card “{}” is not needed right now.",
                    crate::catalog::Catalog::builtin().label(card, lang)
                ),
            },
            NotNow => lang.pick("Non è il momento per questa azione.", "This is not the moment for that.").into(),
        }
    }
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
        }
    }
}

impl RuleError {
    /// The text in `lang`, naming seats by their players where `who` knows
    /// them ("Anna has already answered" rather than "Seat 1 has…").
    pub fn text_named(&self, lang: Lang, who: &dyn Fn(Seat) -> Option<String>) -> String {
        match self {
            RuleError::Common(CommonError::AlreadyAnswered { seat }) => match who(*seat) {
                Some(n) => lang
                    .pick(
                        &format!("{n} ha già risposto: conta la prima scelta."),
                        &format!("{n} has already answered: the first choice stands."),
                    )
                    .to_string(),
                None => self.text(lang),
            },
            RuleError::Common(CommonError::NotAsked { seat }) => match who(*seat) {
                Some(n) => lang
                    .pick(&format!("Ora non tocca a {n} rispondere."), &format!("{n} is not asked to answer now."))
                    .to_string(),
                None => self.text(lang),
            },
            RuleError::Common(_) => self.text(lang),
            game => game.game_text_named(lang, who),
        }
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
