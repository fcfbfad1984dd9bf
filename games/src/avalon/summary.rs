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

#[cfg(test)]
mod tests {
    use super::super::Phase;
    use crate::testkit::recorded_game;
    use crate::{Ctx, Game, RevealItem, RevealKind, Sound};

    #[test]
    fn a_lancelot_who_switched_shows_in_the_summary_on_the_side_he_ended() {
        let mut seen = 0;
        for seed in 0..3000 {
            let r = recorded_game::<super::Avalon>(seed, 400);
            let a = &r.state;
            if !a.is_over() || !a.switched || !a.roles_known {
                continue;
            }
            let summary = a.summary().expect("over");
            let winner = summary.side.clone().expect("won by a side");
            for p in summary.parts.iter().filter(|p| p.part.code.ends_with("lancelot")) {
                let (card, ended) = (p.card_side.as_deref().unwrap(), p.side.as_deref().unwrap());
                assert_ne!(card, ended, "the switch shows: {p:?}");
                assert_eq!(p.won, Some(ended == winner));
                let seat = p.seat.expect("the roles were tapped");
                assert_eq!(summary.seat_won(seat), p.won);
            }
            seen += 1;
            if seen == 3 {
                return;
            }
        }
        panic!("no random game ended with the Lancelots switched and the roles known ({seen})");
    }

    #[test]
    fn the_private_panel_holds_what_its_viewer_may_see_and_only_then() {
        let (mut lady, mut excalibur) = (0, 0);
        for seed in 0..400 {
            let r = recorded_game::<super::Avalon>(seed, 400);
            let mut a = super::Avalon::default();
            let mut ctx = Ctx::seeded(seed);
            for c in &r.commands {
                let _ = a.execute(c, &mut ctx);
                let private = a.private();
                match a.phase() {
                    Phase::LadyReveal { target, loyalty } => {
                        let p = private.expect("the Lady's holder looks");
                        assert_eq!(p.seat, a.lady.as_ref().unwrap().holder);
                        assert_eq!(p.shows["about"], serde_json::json!(target));
                        assert_eq!(p.shows["shows"]["value"], serde_json::json!(loyalty));
                        if let Some(side) = a.allegiance(*target) {
                            assert_eq!(side, *loyalty, "the true loyalty, when Tavola knows it");
                        }
                        lady += 1;
                    }
                    Phase::ExcaliburReveal { holder, target, original, .. } => {
                        let p = private.expect("Excalibur's holder looks");
                        assert_eq!(p.seat, *holder);
                        assert_eq!(p.shows["about"], serde_json::json!(target));
                        assert_eq!(p.shows["shows"]["value"], serde_json::json!(original));
                        excalibur += 1;
                    }
                    _ => assert_eq!(private, None, "nobody looks at anything"),
                }
            }
        }
        assert!(lady > 0 && excalibur > 0, "random games reach both private reveals: {lady}, {excalibur}");
    }

    #[test]
    fn a_missions_cards_and_the_characters_are_turned_one_by_one_with_their_lines() {
        let (mut cards, mut roles) = (0, 0);
        for seed in 0..200 {
            let r = recorded_game::<super::Avalon>(seed, 400);
            let mut a = super::Avalon::default();
            for e in r.stored.iter().flatten() {
                a.apply(e);
                let said = a.cues(e);
                let Some(reveal) = a.reveal(e) else { continue };
                let lines: Vec<_> = reveal.steps.iter().map(|(c, _)| c.clone()).collect();
                assert!(said.windows(lines.len()).any(|w| w == lines.as_slice()), "the steps' lines are said in order");
                match reveal.kind {
                    RevealKind::Mission { .. } => {
                        cards += 1;
                        for (cue, item) in &reveal.steps {
                            assert_eq!(cue.sound, Some(Sound::Drum), "a drum for each card");
                            assert!(matches!(item, RevealItem::Card { card } if card == "success" || card == "fail"));
                        }
                    }
                    RevealKind::Roles => {
                        roles += 1;
                        assert!(a.is_over() && a.roles_known);
                        assert_eq!(reveal.steps.len(), a.players(), "every player's character");
                        for (_, item) in &reveal.steps {
                            let RevealItem::Role { seat, role, side } = item else { panic!("a character") };
                            assert_eq!(*role, crate::code(&a.roles[seat]));
                            assert_eq!(*side, crate::code(&a.allegiance(*seat).unwrap()));
                        }
                    }
                }
            }
        }
        assert!(cards > 0 && roles > 0, "{cards} missions, {roles} endings revealed");
    }

    #[test]
    fn the_votes_turned_over_ring_a_chime_and_a_reveal_line_keeps_its_slug() {
        let r = recorded_game::<super::Avalon>(1, 400);
        let mut a = super::Avalon::default();
        let mut chimes = 0;
        for e in r.stored.iter().flatten() {
            a.apply(e);
            for cue in a.cues(e) {
                let vote = cue.id == "avalon.vote.approved" || cue.id == "avalon.vote.rejected";
                assert_eq!(cue.sound == Some(Sound::Chime), vote, "{}", cue.id);
                chimes += usize::from(vote);
            }
        }
        assert!(chimes > 0);
        assert_eq!(super::cue_id("avalon.reveal.lancelot_good").as_deref(), Some("avalon.reveal.lancelot-good"));
        assert_eq!(super::cue_id("avalon.reveal.merlin"), None, "the same as its message");
    }
}
