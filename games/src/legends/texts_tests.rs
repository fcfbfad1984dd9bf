//! Tests of the card texts that change the turn: Lady Lunete, the Love
//! Potion, Lady Ettard, Nimue, King Arthur and the Archbishop. Every card
//! fact here is a test value, not a real card's numbers.

use super::cards::{CharacterFacts, Facts, Location};
use super::full_tests::{ch, facts, fillers, no, ok, play, refused, started_with, turn};
use super::*;

const GAWAIN: &str = "legends/character/sir-gawain";
const KAY: &str = "legends/character/sir-kay";
const LYONESSE: &str = "legends/character/lady-lyonesse";
const LUNETE: &str = texts::LUNETE;

/// A test lady of no alliance.
fn lady(skills: [i8; 6]) -> CharacterFacts {
    CharacterFacts { gender: "female".into(), ..ch("none", skills) }
}

/// The full tests' facts with the ladies and men of these tests.
fn more_facts() -> Facts {
    let mut f = facts();
    f.characters.insert(LUNETE.into(), lady([0, 2, 1, 1, 1, 1]));
    f
}

/// A normal game for two, the turn's event drawn (a filler at Cornwall).
fn drawn() -> (Legends, Ctx<'static>) {
    let (mut g, mut ctx) = started_with(more_facts(), Location::Cornwall);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: fillers(1)[0].clone() });
    (g, ctx)
}

#[test]
fn lady_lunete_lets_a_lady_follow_a_knight_in_the_same_action() {
    let (mut g, mut ctx) = drawn();
    // Action 1: Lunete to Camelot; action 2: Gawain joins her company.
    play(&mut g, &mut ctx, LUNETE, Location::Camelot);
    let events = ok(&mut g, &mut ctx, Command::Lay { card: GAWAIN.into() });
    assert_eq!(events.len(), 1);
    let events = ok(&mut g, &mut ctx, Command::Play { location: Location::Camelot });
    assert!(matches!(&events[..], [Event::Played { lunete: true, free: false, .. }]), "{events:?}");
    // The actions are spent, yet the turn waits for the lady.
    let t = turn(&g);
    assert_eq!((t.seat, t.actions, t.lunete), (Seat(0), 2, Some(Location::Camelot)));
    assert!(g.legal().iter().any(|l| matches!(l.command(), Command::Lay { .. })));
    assert!(!g.legal().iter().any(|l| matches!(l.command(), Command::DrawCharacter | Command::Move { .. })));
    // A man is not a lady.
    assert_eq!(
        refused(&g, &mut ctx, Command::Lay { card: KAY.into() }),
        no(LegendsError::LuneteLadyOnly { location: Location::Camelot })
    );
    // Lady Lyonesse, laid: only Camelot is offered, and elsewhere is refused.
    ok(&mut g, &mut ctx, Command::Lay { card: LYONESSE.into() });
    let plays: Vec<Command> =
        g.legal().into_iter().map(|l| l.command().clone()).filter(|c| matches!(c, Command::Play { .. })).collect();
    assert_eq!(plays, [Command::Play { location: Location::Camelot }]);
    assert_eq!(
        refused(&g, &mut ctx, Command::Play { location: Location::Cornwall }),
        no(LegendsError::LuneteLadyOnly { location: Location::Camelot })
    );
    let events = ok(&mut g, &mut ctx, Command::Play { location: Location::Camelot });
    assert!(matches!(&events[0], Event::Played { free: true, .. }), "{events:?}");
    // Then the turn passes, two actions spent for three characters.
    assert!(matches!(events.last(), Some(Event::TurnPassed { to: Seat(1) })), "{events:?}");
    assert_eq!(g.company(Seat(0), Location::Camelot).len(), 4);
    assert_eq!(g.player_states()[0].hand, 1);
}

#[test]
fn lady_lunete_s_offer_may_be_declined_and_closes_with_another_action() {
    let (mut g, mut ctx) = drawn();
    play(&mut g, &mut ctx, LUNETE, Location::Camelot);
    play(&mut g, &mut ctx, GAWAIN, Location::Camelot);
    let events = ok(&mut g, &mut ctx, Command::EndTurn);
    assert!(matches!(events.last(), Some(Event::TurnPassed { to: Seat(1) })));
    // With an action left, the offer closes when another action is taken.
    let (mut g, mut ctx) = drawn();
    play(&mut g, &mut ctx, LUNETE, Location::Camelot);
    ok(&mut g, &mut ctx, Command::EndTurn);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: fillers(2)[1].clone() });
    ok(&mut g, &mut ctx, Command::EndTurn);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: fillers(3)[2].clone() });
    // Anna's knight joins Lunete with her first action: the offer stands.
    play(&mut g, &mut ctx, GAWAIN, Location::Camelot);
    assert_eq!(turn(&g).lunete, Some(Location::Camelot));
    // A draw instead: the offer is gone, and the turn ends.
    let events = ok(&mut g, &mut ctx, Command::DrawCharacter);
    assert!(matches!(events.last(), Some(Event::TurnPassed { .. })));
}
