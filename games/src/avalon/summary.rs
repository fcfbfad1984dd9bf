//! What Avalon tells the table in the shapes every game shares: a finished
//! game's summary, the reveals turned one at a time, the covered panel's
//! content, and the cue ids of the characters' reveal lines.

use super::{Avalon, Event, Phase, Role, Side};
use crate::{Game, Named, Number, Private, Reveal, RevealItem, RevealKind, SeatPart, Summary};
use tavola_words::msg;

/// The sides, in the order the charts draw them.
fn sides() -> Vec<Named> {
    vec![Named::new("good", msg!("avalon.summary.good")), Named::new("evil", msg!("avalon.summary.evil"))]
}

impl Avalon {
    /// See [`Game::summary`]: the characters in play (with their seats when
    /// they were tapped), the side each ended on (a Lancelot may have
    /// switched), who won, and the missions won and lost.
    pub(super) fn finished_summary(&self) -> Option<Summary> {
        let (Phase::Ended { reason }, Some(setup)) = (&self.phase, &self.setup) else { return None };
        let winner = reason.winner();
        let outcome = self.outcome()?;
        // The seats of each character, in seat order, when they are known.
        let mut seats: Vec<(crate::Seat, Role)> =
            if self.roles_known { self.roles.iter().map(|(&s, &r)| (s, r)).collect() } else { Vec::new() };
        let parts = setup
            .roles
            .roles()
            .iter()
            .map(|&role| {
                let seat = seats.iter().position(|(_, r)| *r == role).map(|i| seats.remove(i).0);
                let mut side = role.side();
                if role.is_lancelot() && self.switched {
                    side = if side == Side::Good { Side::Evil } else { Side::Good };
                }
                SeatPart {
                    seat,
                    part: Named::new(crate::code(&role), role.name()),
                    card_side: Some(crate::code(&role.side())),
                    side: Some(crate::code(&side)),
                    won: Some(side == winner),
                }
            })
            .collect();
        let mut set: Vec<Role> = setup.roles.roles().to_vec();
        set.sort();
        let done = self.results.iter().flatten();
        let succeeded = done.clone().filter(|r| r.succeeded).count() as i64;
        let failed = done.filter(|r| !r.succeeded).count() as i64;
        Some(Summary {
            sides: sides(),
            side: Some(crate::code(&winner)),
            reason: outcome.reason,
            winners: outcome.winners,
            parts,
            setup: set.into_iter().map(|r| Named::new(crate::code(&r), r.name())).collect(),
            numbers: vec![
                Number {
                    what: Named::new("missions_succeeded", msg!("avalon.summary.missions_succeeded")),
                    seat: None,
                    value: succeeded,
                },
                Number {
                    what: Named::new("missions_failed", msg!("avalon.summary.missions_failed")),
                    seat: None,
                    value: failed,
                },
            ],
        })
    }

    /// See [`Game::reveal`]: a mission's shuffled cards, one at a time; at
    /// the end, every player's character (when Tavola knows them).
    pub(super) fn reveal_of(&self, event: &Event) -> Option<Reveal> {
        match event {
            Event::MissionShuffled { mission, order } if !order.is_empty() => Some(Reveal {
                kind: RevealKind::Mission { mission: *mission },
                steps: order
                    .iter()
                    .enumerate()
                    .map(|(i, &card)| (super::turn_cue(i, card), RevealItem::Card { card: crate::code(&card) }))
                    .collect(),
            }),
            Event::GameEnded { .. } => {
                let named = self.end_reveal();
                if named.is_empty() {
                    return None;
                }
                let steps = named
                    .into_iter()
                    .map(|(seat, role, cue)| {
                        let side = self.allegiance(seat).unwrap_or(role.side());
                        (cue, RevealItem::Role { seat, role: crate::code(&role), side: crate::code(&side) })
                    })
                    .collect();
                Some(Reveal { kind: RevealKind::Roles, steps })
            }
            _ => None,
        }
    }

    /// See [`Game::private`]: the loyalty the Lady of the Lake shows, or
    /// the card Excalibur switched, to the one player who may look.
    pub(super) fn private_now(&self) -> Option<Private> {
        let reveal = self.private_reveal()?;
        Some(Private {
            seat: reveal.viewer,
            message: reveal.msg(&self.name(reveal.about)),
            shows: serde_json::to_value(reveal).unwrap_or_default(),
        })
    }
}

/// See [`Game::cue_id`]: a character's reveal line is named by its card's
/// slug (`avalon.reveal.lancelot-good`), which the catalogs write with `_`.
pub(super) fn cue_id(message: &str) -> Option<String> {
    let slug = message.strip_prefix("avalon.reveal.")?;
    Role::ALL
        .iter()
        .map(|r| r.slug())
        .find(|s| s.contains('-') && s.replace('-', "_") == slug)
        .map(|s| format!("avalon.reveal.{s}"))
}
