//! What Camelot Legends tells the history and the statistics: a finished
//! game's summary in the shape every game shares.

use super::Legends;
use crate::{Game, Named, Said, Summary};
use tavola_words::msg;

impl Legends {
    /// See [`Game::summary`]: each seat's colour, the winners and every
    /// seat's victory points.
    pub(super) fn finished_summary(&self) -> Option<Summary> {
        let outcome = self.outcome()?;
        let setup = self.setup.as_ref()?;
        let colours = setup.colours.iter().map(|c| Named::new(crate::code(c), c.msg())).collect();
        let points = self.points().into_iter().map(i64::from).collect();
        Some(crate::summary::won_by_players(
            colours,
            outcome.reason,
            outcome.winners,
            Some((Named::new("points", msg!("legends.summary.points")), points)),
        ))
    }
}
