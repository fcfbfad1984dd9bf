//! What Nottingham tells the history and the statistics: a finished game's
//! summary in the shape every game shares.

use super::Nottingham;
use crate::{Game, Named, Said, Summary};
use tavola_words::msg;

impl Nottingham {
    /// See [`Game::summary`]: each seat's colour, the winners, and every
    /// seat's score when the commissions' points are known.
    pub(super) fn finished_summary(&self) -> Option<Summary> {
        let outcome = self.outcome()?;
        let setup = self.setup.as_ref()?;
        let colours = setup.colours.iter().map(|c| Named::new(crate::code(c), c.msg())).collect();
        let scores = self.scores().map(|s| s.iter().map(|s| i64::from(s.total)).collect());
        Some(crate::summary::won_by_players(
            colours,
            outcome.reason,
            outcome.winners,
            scores.map(|s| (Named::new("score", msg!("nottingham.summary.score")), s)),
        ))
    }
}
