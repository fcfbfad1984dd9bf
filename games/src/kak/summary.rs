//! What King Arthur's Knights tells the history and the statistics: a
//! finished game's summary in the shape every game shares.

use super::{Kak, Phase};
use crate::{Game, Named, Number, Summary};
use tavola_words::msg;

impl Kak {
    /// See [`Game::summary`]: each seat's knight, the winners, every
    /// seat's score and the rounds played.
    pub(super) fn finished_summary(&self) -> Option<Summary> {
        if self.phase != Phase::Over {
            return None;
        }
        let setup = self.setup.as_ref()?;
        let outcome = self.outcome()?;
        let knights = setup
            .knights
            .iter()
            .map(|k| Named::new(k.rsplit('/').next().unwrap_or(k), crate::facts::card_msg(k)))
            .collect();
        let scores = self.players.iter().map(|p| i64::from(p.score)).collect();
        let mut summary = crate::summary::won_by_players(
            knights,
            outcome.reason,
            outcome.winners,
            Some((Named::new("score", msg!("kak.summary.score")), scores)),
        );
        summary.numbers.push(Number {
            what: Named::new("rounds", msg!("kak.summary.rounds")),
            seat: None,
            value: self.round.into(),
        });
        Some(summary)
    }
}
