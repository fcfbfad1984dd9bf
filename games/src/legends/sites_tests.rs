//! Tests of the special locations the advanced cards open: the Isle of
//! Avalon and the Castle of Maidens. Every card fact here is a test value,
//! not a real card's numbers.

use super::cards::{site_facts, CharacterFacts, Facts, Location, Mode};
use super::effects::{Effect, Pending, DINADAN};
use super::full_tests::{ch, facts, fillers, no, ok, play, refused, started, started_in, turn};
use super::sites::{Captive, CASTLE, ISLE};
use super::*;
use crate::Ctx;

const LOT: &str = "legends/character/king-lot";
const BORS: &str = "legends/character/sir-bors";
const KAY: &str = "legends/character/sir-kay";
const DINAS: &str = "legends/character/sir-dinas";
const LUCAN: &str = "legends/character/sir-lucan";
const GRIFLET: &str = "legends/character/sir-griflet";
const ISOLDE: &str = "legends/character/princess-isolde";
const MORGAN: &str = "legends/character/morgan-le-fay";
const LYONESSE: &str = "legends/character/lady-lyonesse";

fn lady(skills: [i8; 6]) -> CharacterFacts {
    CharacterFacts { gender: "female".into(), ..ch("none", skills) }
}

/// The full tests' facts, with plain knights of large Combat, Princess
/// Isolde, Sir Dinadan and the Castle of Maidens' 3 points (test values).
fn site_test_facts() -> Facts {
    let mut f = facts();
    f.characters.insert(KAY.into(), ch("grey", [6, 0, 2, 0, 0, 0]));
    f.characters.insert(DINAS.into(), ch("grey", [6, 0, 0, 0, 0, 0]));
    f.characters.insert(LUCAN.into(), ch("grey", [5, 0, 0, 0, 0, 0]));
    f.characters.insert(GRIFLET.into(), ch("grey", [1, 0, 0, 0, 0, 0]));
    f.characters.insert(DINADAN.into(), ch("grey", [1, 1, 1, 1, 1, 1]));
    f.characters.insert(ISOLDE.into(), lady([0, 1, 1, 1, 1, 1]));
    f.events.insert(CASTLE.into(), site_facts(Location::CastleOfMaidens, 3));
    f
}

/// An advanced game for two: Anna places King Lot at Camelot, Ugo Sir Bors
/// at Cornwall; Anna's turn, nothing drawn.
fn advanced() -> (Legends, Ctx<'static>) {
    started_in(Mode::Advanced, site_test_facts(), Location::Cornwall)
}

/// Events that do nothing to draw, `n` of them.
fn quiet(n: usize) -> Vec<String> {
    let carried = effects::CARRIED_OUT;
    fillers(30).into_iter().filter(|e| !carried.contains(&e.as_str())).take(n).collect()
}

fn listed(g: &Legends) -> Vec<Command> {
    g.legal().into_iter().map(|l| l.command().clone()).collect()
}

fn moving(cards: &[&str], to: Location) -> Command {
    Command::Move { cards: cards.iter().map(|c| c.to_string()).collect(), to }
}

fn choose(card: &str, to: Option<Location>) -> Command {
    Command::Resolve { card: Some(card.into()), seat: None, to }
}

/// Ends the turn of whoever plays, after drawing a quiet event if none is
/// drawn yet.
fn pass(g: &mut Legends, ctx: &mut Ctx<'_>, draw: &str) {
    if !turn(g).drawn {
        ok(g, ctx, Command::DrawEvent { card: draw.into() });
    }
    if matches!(g.phase(), Phase::Turn(t) if t.actions < g.actions_allowed(t.seat)) {
        ok(g, ctx, Command::EndTurn);
    }
}

#[test]
fn the_isle_of_avalon_is_an_advanced_card_that_opens_a_location_nobody_is_played_on() {
    let (g, mut ctx) = started();
    assert_eq!(
        refused(&g, &mut ctx, Command::DrawEvent { card: ISLE.into() }),
        no(LegendsError::AdvancedCard { card: ISLE.into() })
    );
    let (mut g, mut ctx) = advanced();
    assert!(!g.open_places().contains(&Location::IsleOfAvalon));
    let events = ok(&mut g, &mut ctx, Command::DrawEvent { card: ISLE.into() });
    assert!(matches!(&events[..], [Event::EventDrawn { went: Went::Site { location: Location::IsleOfAvalon }, .. }]));
    assert!(g.open_places().contains(&Location::IsleOfAvalon));
    assert!(g.view().places.iter().any(|p| p.location == Location::IsleOfAvalon && p.events.is_empty()));
    ok(&mut g, &mut ctx, Command::Lay { card: KAY.into() });
    assert!(!listed(&g).contains(&Command::Play { location: Location::IsleOfAvalon }));
    assert!(listed(&g).contains(&Command::Play { location: Location::Camelot }));
    assert_eq!(refused(&g, &mut ctx, Command::Play { location: Location::IsleOfAvalon }), no(LegendsError::IsleNoPlay));
    // Drawn once only.
    let draw = quiet(1);
    ok(&mut g, &mut ctx, Command::Play { location: Location::Camelot });
    ok(&mut g, &mut ctx, Command::EndTurn);
    assert_eq!(
        refused(&g, &mut ctx, Command::DrawEvent { card: ISLE.into() }),
        no(LegendsError::EventSeen { card: ISLE.into() })
    );
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[0].clone() });
}

#[test]
fn a_knight_and_a_lady_go_to_the_isle_together_once_a_game_stay_and_score_his_adventure() {
    let (mut g, mut ctx) = advanced();
    let draw = quiet(4);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: ISLE.into() });
    play(&mut g, &mut ctx, KAY, Location::Camelot);
    play(&mut g, &mut ctx, ISOLDE, Location::Camelot);
    pass(&mut g, &mut ctx, &draw[0]);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[1].clone() });
    // Alone, or with a man who is no knight: refused.
    assert_eq!(refused(&g, &mut ctx, moving(&[KAY], Location::IsleOfAvalon)), no(LegendsError::IslePair));
    assert_eq!(refused(&g, &mut ctx, moving(&[KAY, LOT], Location::IsleOfAvalon)), no(LegendsError::IslePair));
    assert!(!listed(&g).contains(&moving(&[KAY, LOT], Location::IsleOfAvalon)));
    assert!(listed(&g).contains(&moving(&[KAY, ISOLDE], Location::IsleOfAvalon)));
    let before = g.points()[0];
    ok(&mut g, &mut ctx, moving(&[KAY, ISOLDE], Location::IsleOfAvalon));
    assert_eq!(g.company(Seat(0), Location::IsleOfAvalon), [KAY, ISOLDE]);
    // Sir Kay's Adventure (2) counts for Anna; Isolde is no knight.
    assert_eq!(g.points()[0], before + 2);
    // Nobody leaves: not by a move, nor by the host's hand, nor in a bid.
    assert_eq!(
        refused(&g, &mut ctx, moving(&[KAY], Location::Camelot)),
        no(LegendsError::IsleStay { card: KAY.into() })
    );
    assert!(!listed(&g).iter().any(|c| matches!(c, Command::Move { cards, .. } if cards.contains(&KAY.to_string()))));
    assert_eq!(
        refused(&g, &mut ctx, Command::Relocate { card: ISOLDE.into(), to: Location::Cornwall, seat: None }),
        no(LegendsError::IsleStay { card: ISOLDE.into() })
    );
    assert_eq!(
        refused(&g, &mut ctx, Command::Relocate { card: LOT.into(), to: Location::IsleOfAvalon, seat: None }),
        no(LegendsError::IsleNoPlay)
    );
    // Once a game.
    play(&mut g, &mut ctx, DINAS, Location::Camelot);
    pass(&mut g, &mut ctx, &draw[2]);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[3].clone() });
    play(&mut g, &mut ctx, MORGAN, Location::Camelot);
    assert_eq!(refused(&g, &mut ctx, moving(&[DINAS, MORGAN], Location::IsleOfAvalon)), no(LegendsError::IsleOnce));
}

/// Anna lays Princess Isolde and Morgan le Fay at Camelot, Ugo Lady
/// Lyonesse at Cornwall (and `ugo` beside her); Anna then draws the Castle
/// of Maidens.
fn castle_drawn(ugo: &[&str]) -> (Legends, Ctx<'static>, Vec<Event>) {
    let (mut g, mut ctx) = advanced();
    let draw = quiet(2);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[0].clone() });
    play(&mut g, &mut ctx, ISOLDE, Location::Camelot);
    play(&mut g, &mut ctx, MORGAN, Location::Camelot);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[1].clone() });
    play(&mut g, &mut ctx, LYONESSE, Location::Cornwall);
    for c in ugo {
        play(&mut g, &mut ctx, c, Location::Cornwall);
    }
    if turn(&g).seat == Seat(1) {
        ok(&mut g, &mut ctx, Command::EndTurn);
    }
    let events = ok(&mut g, &mut ctx, Command::DrawEvent { card: CASTLE.into() });
    (g, ctx, events)
}

#[test]
fn the_castle_of_maidens_takes_a_lady_of_each_player_prisoner() {
    let (mut g, mut ctx, events) = castle_drawn(&[]);
    assert!(g.open_places().contains(&Location::CastleOfMaidens));
    assert_eq!(g.place(Location::CastleOfMaidens).expect("the castle").events, [CASTLE]);
    // Anna, the drawer, has two ladies: she chooses which is taken.
    let pending = Pending { seat: Seat(0), effect: Effect::Captive { left: vec![Seat(1)] } };
    assert!(matches!(events.last(), Some(Event::EffectOpened { pending: p }) if *p == pending), "{events:?}");
    assert!(listed(&g).contains(&choose(MORGAN, None)) && listed(&g).contains(&choose(ISOLDE, None)));
    assert_eq!(refused(&g, &mut ctx, choose(LOT, None)), no(LegendsError::WrongChoice));
    assert_eq!(refused(&g, &mut ctx, Command::DrawCharacter), no(LegendsError::EffectFirst));
    // Ugo's only lady goes at once.
    let events = ok(&mut g, &mut ctx, choose(MORGAN, None));
    assert!(events.contains(&Event::Captured { seat: Seat(1), card: LYONESSE.into() }), "{events:?}");
    let captives = [Captive { seat: Seat(0), card: MORGAN.into() }, Captive { seat: Seat(1), card: LYONESSE.into() }];
    assert_eq!(g.captives(), captives);
    assert_eq!(g.company(Seat(0), Location::Camelot), [LOT, ISOLDE]);
    assert_eq!(g.company(Seat(1), Location::Cornwall), [BORS]);
    assert!(g.where_is(LYONESSE).is_none());
    let castle = g.view().places.into_iter().find(|p| p.location == Location::CastleOfMaidens).expect("shown");
    assert_eq!(castle.captives, captives);
    assert_eq!(castle.events[0].any_skill, Some(18));
    // A prisoner is on the table: she is not laid again.
    ok(&mut g, &mut ctx, Command::EndTurn);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: quiet(3)[2].clone() });
    assert_eq!(
        refused(&g, &mut ctx, Command::Lay { card: LYONESSE.into() }),
        no(LegendsError::InPlay { card: LYONESSE.into() })
    );
}

#[test]
fn sir_dinadan_keeps_his_company_s_lady_from_another_player_s_castle() {
    let (mut g, mut ctx, _) = castle_drawn(&[DINADAN]);
    let events = ok(&mut g, &mut ctx, choose(ISOLDE, None));
    assert!(!events.iter().any(|e| matches!(e, Event::Captured { .. })), "{events:?}");
    assert_eq!(g.company(Seat(1), Location::Cornwall), [BORS, LYONESSE, DINADAN]);
}

#[test]
fn the_castle_is_completed_with_18_in_any_skill_then_everybody_leaves_and_the_turn_ends() {
    let (mut g, mut ctx, _) = castle_drawn(&[]);
    let draw = quiet(10);
    ok(&mut g, &mut ctx, choose(MORGAN, None));
    // Anna's company at the castle: 6 + 6 Combat.
    play(&mut g, &mut ctx, KAY, Location::CastleOfMaidens);
    play(&mut g, &mut ctx, DINAS, Location::CastleOfMaidens);
    // Ugo sends Sir Bors there.
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[2].clone() });
    ok(&mut g, &mut ctx, moving(&[BORS], Location::CastleOfMaidens));
    ok(&mut g, &mut ctx, Command::EndTurn);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[3].clone() });
    assert_eq!(
        refused(&g, &mut ctx, Command::Complete { card: CASTLE.into() }),
        no(LegendsError::FallsShort { card: CASTLE.into(), skill: Skill::Combat, total: 12, needed: 18 })
    );
    ok(&mut g, &mut ctx, Command::DrawCharacter);
    ok(&mut g, &mut ctx, Command::DrawCharacter);
    pass(&mut g, &mut ctx, &draw[4]);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[5].clone() });
    play(&mut g, &mut ctx, LUCAN, Location::CastleOfMaidens);
    ok(&mut g, &mut ctx, Command::DrawCharacter);
    pass(&mut g, &mut ctx, &draw[6]);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[7].clone() });
    // 17: one short.
    assert_eq!(
        refused(&g, &mut ctx, Command::Complete { card: CASTLE.into() }),
        no(LegendsError::FallsShort { card: CASTLE.into(), skill: Skill::Combat, total: 17, needed: 18 })
    );
    // Sir Griflet makes 18, for the next turn.
    play(&mut g, &mut ctx, GRIFLET, Location::CastleOfMaidens);
    ok(&mut g, &mut ctx, Command::EndTurn);
    pass(&mut g, &mut ctx, &draw[8]);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[9].clone() });
    assert!(listed(&g).contains(&Command::Complete { card: CASTLE.into() }));
    let points = g.points()[0];
    let events = ok(&mut g, &mut ctx, Command::Complete { card: CASTLE.into() });
    assert!(events.contains(&Event::Freed { seat: Seat(0) }), "{events:?}");
    assert_eq!(g.player_states()[0].zone, [CASTLE]);
    assert_eq!(g.points()[0], points + 3);
    // Anna first: her characters there and the freed prisoners.
    assert_eq!(g.effect(), Some(&Pending { seat: Seat(0), effect: Effect::Departure }));
    assert!(listed(&g).contains(&choose(LYONESSE, Some(Location::Cornwall))));
    assert_eq!(refused(&g, &mut ctx, choose(LYONESSE, Some(Location::Final))), no(LegendsError::WrongChoice));
    assert_eq!(refused(&g, &mut ctx, Command::DrawCharacter), no(LegendsError::EffectFirst));
    ok(&mut g, &mut ctx, choose(LYONESSE, Some(Location::Cornwall)));
    assert_eq!(g.company(Seat(0), Location::Cornwall), [LYONESSE]);
    // Then Ugo, then Anna again, in turn, until nobody is left.
    assert_eq!(g.effect().map(|p| p.seat), Some(Seat(1)));
    ok(&mut g, &mut ctx, choose(BORS, Some(Location::Camelot)));
    for c in [MORGAN, KAY, DINAS, LUCAN] {
        assert_eq!(g.effect().map(|p| p.seat), Some(Seat(0)));
        ok(&mut g, &mut ctx, choose(c, Some(Location::Camelot)));
    }
    assert!(matches!(g.phase(), Phase::Turn(t) if t.seat == Seat(0)));
    let events = ok(&mut g, &mut ctx, choose(GRIFLET, Some(Location::PerilousForest)));
    // The turn ends at once, and the castle is gone.
    assert!(matches!(events.last(), Some(Event::TurnPassed { to: Seat(1) })), "{events:?}");
    assert!(!g.open_places().contains(&Location::CastleOfMaidens));
    assert!(g.captives().is_empty());
    assert_eq!(g.company(Seat(0), Location::Camelot), [LOT, ISOLDE, MORGAN, KAY, DINAS, LUCAN]);
    assert_eq!(g.company(Seat(1), Location::Camelot), [BORS]);
    assert_eq!(
        refused(&g, &mut ctx, Command::DrawEvent { card: CASTLE.into() }),
        no(LegendsError::EventSeen { card: CASTLE.into() })
    );
}
