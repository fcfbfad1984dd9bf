//! What Shadows over Camelot tells the history and the statistics: a
//! finished game's summary in the shape every game shares.

use super::{LoyaltyMode, Phase, Side, Soc};
use crate::{Game, Named, Number, Said, Seat, SeatPart, Summary};
use tavola_words::msg;

impl Soc {
    /// See [`Game::summary`]: the knights, who was loyal and who the
    /// traitor (once Tavola knows every seat's loyalty), the winning side
    /// (the loyal knights, the traitor, or Camelot simply fell), and the
    /// swords and siege engines at the end.
    pub(super) fn finished_summary(&self) -> Option<Summary> {
        let (Phase::Ended { winner, .. }, Some(setup)) = (&self.phase, &self.setup) else { return None };
        let outcome = self.outcome()?;
        let side = match winner {
            Side::Loyal => "loyal",
            // A traitor among the winners; else Camelot simply fell.
            Side::Evil if outcome.winners.as_ref().is_some_and(|w| !w.is_empty()) => "traitor",
            Side::Evil => "fell",
        };
        let traitor = self.known_traitor();
        let all_known =
            setup.loyalty == LoyaltyMode::NoTraitor || traitor.is_some() || self.loyalty.len() == self.players();
        let side_of = |s: Seat| {
            let evil = traitor == Some(s) || self.loyalty.get(&s) == Some(&Side::Evil);
            if evil {
                "traitor"
            } else {
                "loyal"
            }
        };
        let parts = setup
            .knights
            .iter()
            .enumerate()
            .map(|(i, k)| {
                let seat = Seat(i as u8);
                SeatPart {
                    seat: Some(seat),
                    part: Named::new(crate::code(k), k.msg()),
                    card_side: None,
                    side: all_known.then(|| side_of(seat).to_string()),
                    won: outcome.winners.as_ref().map(|w| w.contains(&seat)),
                }
            })
            .collect();
        let number =
            |code: &str, name, value: u8| Number { what: Named::new(code, name), seat: None, value: value.into() };
        Some(Summary {
            sides: vec![
                Named::new("loyal", msg!("soc.summary.loyal")),
                Named::new("traitor", msg!("soc.summary.traitor")),
                Named::new("fell", msg!("soc.summary.fell")),
            ],
            side: Some(side.to_string()),
            reason: outcome.reason,
            winners: outcome.winners,
            parts,
            setup: Vec::new(),
            numbers: vec![
                number("white_swords", msg!("soc.summary.white_swords"), self.white),
                number("black_swords", msg!("soc.summary.black_swords"), self.black),
                number("siege_engines", msg!("soc.summary.siege_engines"), self.siege),
            ],
        })
    }
}
