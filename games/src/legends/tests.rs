//! The engine's unit tests. Every card fact here is a test value, not a
//! real card's numbers (those are the owner's, printed only on the cards).

use super::cards::{CharacterFacts, EventFacts, EventType, Facts, Location, Mode, Requirement, Skill, INTRODUCTORY};
use super::*;
use crate::{Catalog, CommonError, Ctx, FactBook, Game, Lang, RuleError};
use std::collections::BTreeSet;
use tavola_words::{msg, placeholders, Msg, Said};

const KAY: &str = "legends/character/sir-kay";
const BORS: &str = "legends/character/sir-bors";
const GAWAIN: &str = "legends/character/sir-gawain";
const LUCAN: &str = "legends/character/sir-lucan";
const DINAS: &str = "legends/character/sir-dinas";
const TOR: &str = "legends/character/sir-tor";
const GARETH: &str = "legends/character/sir-gareth";
const MERLIN: &str = "legends/character/merlin";

/// A test event whose text Tavola has nothing to carry out for.
const GRAIL: &str = "legends/event/the-grail-castle";
const CAERLEON: &str = "legends/event/battle-of-caerleon";
const PROMISE: &str = "legends/event/false-promise";
const PENTECOST: &str = "legends/event/feast-of-pentecost";
const TOURNAMENT: &str = "legends/event/grand-tournament";
/// A test special event whose text Tavola has nothing to carry out for.
const GREEN: &str = "legends/event/the-green-knight";

/// A test character: these skills, an introductory card.
fn ch(skills: [i8; 6]) -> CharacterFacts {
    CharacterFacts {
        skills,
        alliance: "none".into(),
        second_alliance: None,
        gender: "male".into(),
        level: INTRODUCTORY.into(),
    }
}

/// A test location event.
fn ev(location: Location, requirements: &[(Skill, u8)], victory_points: u8) -> EventFacts {
    EventFacts {
        event_type: EventType::Location,
        location: Some(location),
        requirements: requirements.iter().map(|&(skill, needed)| Requirement { skill, needed }).collect(),
        victory_points,
        level: INTRODUCTORY.into(),
    }
}

/// Test facts: skills in the rules' order (combat, diplomacy, adventure,
/// cunning, chivalry, psyche).
fn facts() -> Facts {
    let mut f = Facts::default();
    f.characters.insert(KAY.into(), ch([3, 1, 2, 0, 4, -1]));
    f.characters.insert(BORS.into(), ch([2, 2, 2, 2, 2, 2]));
    f.characters.insert(GAWAIN.into(), ch([4, 0, 1, 1, 1, 1]));
    f.characters.insert(LUCAN.into(), ch([1, 3, 0, 1, 3, 0]));
    f.characters.insert(DINAS.into(), ch([1, 1, 1, 1, 1, 1]));
    f.characters.insert(TOR.into(), ch([0, 0, 0, 0, 0, 0]));
    f.characters.insert(GARETH.into(), ch([1, 1, 1, 1, 1, 1]));
    f.events.insert(GRAIL.into(), ev(Location::Camelot, &[(Skill::Combat, 6)], 2));
    f.events.insert(CAERLEON.into(), ev(Location::Camelot, &[(Skill::Combat, 6), (Skill::Chivalry, 8)], 3));
    f.events.insert(PROMISE.into(), ev(Location::Camelot, &[(Skill::Psyche, 18)], 1));
    f.events.insert(PENTECOST.into(), ev(Location::Camelot, &[(Skill::Psyche, 18)], 1));
    f.events.insert(TOURNAMENT.into(), ev(Location::Cornwall, &[(Skill::Psyche, 18)], 4));
    f.events.insert(
        GREEN.into(),
        EventFacts {
            event_type: EventType::Special,
            location: None,
            requirements: Vec::new(),
            victory_points: 0,
            level: INTRODUCTORY.into(),
        },
    );
    f
}

fn ok(g: &mut Legends, ctx: &mut Ctx<'_>, c: Command) -> Vec<Event> {
    g.execute(&c, ctx).unwrap_or_else(|e| panic!("{c:?} refused: {e:?}"))
}

/// A refused command changes nothing.
fn refused(g: &Legends, ctx: &mut Ctx<'_>, c: Command) -> RuleError {
    let before = g.clone();
    let e = g.decide(&c, ctx).expect_err("refused");
    assert_eq!(*g, before);
    e
}

fn legends(e: LegendsError) -> RuleError {
    e.into()
}

/// Two players, seat 0 first, `events` in the deck; Kay placed at
/// Camelot by seat 0, Bors at Cornwall by seat 1.
fn started(f: Facts, events: u8) -> (Legends, Ctx<'static>) {
    let mut ctx = Ctx::seeded(7);
    let mut g = Legends::default();
    let setup = Setup {
        colours: vec![Colour::Blue, Colour::Red],
        names: vec!["Anna".into(), "Ugo".into()],
        first: Some(Seat(0)),
        events,
        characters: 40,
        facts: f,
        mode: Mode::Introductory,
    };
    ok(&mut g, &mut ctx, Command::Setup(setup));
    ok(&mut g, &mut ctx, Command::Lay { card: KAY.into() });
    ok(&mut g, &mut ctx, Command::Play { location: Location::Camelot });
    ok(&mut g, &mut ctx, Command::Lay { card: BORS.into() });
    ok(&mut g, &mut ctx, Command::Play { location: Location::Cornwall });
    (g, ctx)
}

fn turn(g: &Legends) -> Turn {
    match g.phase() {
        Phase::Turn(t) => t.clone(),
        p => panic!("not a turn: {p:?}"),
    }
}

#[test]
fn setup_deals_five_and_each_player_places_an_initial_character() {
    let (g, _) = started(facts(), 10);
    assert_eq!(g.decks(), (10, 40 - 10));
    // One played from each hand of five.
    assert!(g.player_states().iter().all(|p| p.hand == 4));
    assert_eq!(g.company(Seat(0), Location::Camelot), [KAY]);
    assert_eq!(g.company(Seat(1), Location::Cornwall), [BORS]);
    let t = turn(&g);
    assert_eq!((t.seat, t.drawn, t.actions), (Seat(0), false, 0));
}

#[test]
fn the_event_is_drawn_first_and_a_card_on_the_reader_stands_for_the_moment() {
    let (g, mut ctx) = started(facts(), 10);
    let cards = Catalog::builtin();
    // Nothing before the draw: it is mandatory.
    for c in [Command::DrawCharacter, Command::EndTurn, Command::Complete { card: GRAIL.into() }] {
        assert_eq!(refused(&g, &mut ctx, c), legends(LegendsError::DrawFirst));
    }
    assert_eq!(g.card_command(TOURNAMENT, cards), Ok(Command::DrawEvent { card: TOURNAMENT.into() }));
    let e = g.card_command(GAWAIN, cards).expect_err("the draw first");
    assert_eq!(e, CommonError::CardNotExpected { card: GAWAIN.into() }.into());
    let listed: Vec<Command> = g.legal().into_iter().map(|l| l.command().clone()).collect();
    assert!(matches!(listed[0], Command::DrawEvent { .. }));
    assert!(!listed.iter().any(|c| matches!(c, Command::Lay { .. } | Command::Move { .. })));
    // While the first characters are placed, only characters.
    let mut ctx2 = Ctx::seeded(2);
    let mut placing = Legends::default();
    let setup = Setup {
        colours: vec![Colour::Blue, Colour::Red, Colour::Green],
        names: Vec::new(),
        first: Some(Seat(2)),
        events: 10,
        characters: 40,
        facts: facts(),
        mode: Mode::Introductory,
    };
    ok(&mut placing, &mut ctx2, Command::Setup(setup));
    assert_eq!(placing.card_command(KAY, cards), Ok(Command::Lay { card: KAY.into() }));
    assert!(placing.card_command(TOURNAMENT, cards).is_err());
    assert_eq!(refused(&placing, &mut ctx2, Command::DrawCharacter), legends(LegendsError::StillPlacing));
    assert_eq!(
        refused(&placing, &mut ctx2, Command::Play { location: Location::Camelot }),
        legends(LegendsError::NothingLaid)
    );
    // Seat 3 (index 2) places first, then clockwise.
    ok(&mut placing, &mut ctx2, Command::Lay { card: KAY.into() });
    ok(&mut placing, &mut ctx2, Command::Play { location: Location::PerilousForest });
    assert_eq!(placing.company(Seat(2), Location::PerilousForest), [KAY]);
    assert!(matches!(placing.phase(), Phase::Placing { seat: Seat(0), .. }));
    assert_eq!(
        refused(&placing, &mut ctx2, Command::Lay { card: KAY.into() }),
        legends(LegendsError::InPlay { card: KAY.into() })
    );
}

#[test]
fn company_totals_add_each_skill_of_its_members() {
    let (mut g, mut ctx) = started(facts(), 10);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: TOURNAMENT.into() });
    ok(&mut g, &mut ctx, Command::Lay { card: GAWAIN.into() });
    ok(&mut g, &mut ctx, Command::Play { location: Location::Camelot });
    // Kay [3, 1, 2, 0, 4, -1] + Gawain [4, 0, 1, 1, 1, 1].
    assert_eq!(g.totals(Seat(0), Location::Camelot), [7, 1, 3, 1, 5, 0]);
    ok(&mut g, &mut ctx, Command::Lay { card: LUCAN.into() });
    ok(&mut g, &mut ctx, Command::Play { location: Location::Camelot });
    // + Lucan [1, 3, 0, 1, 3, 0].
    assert_eq!(g.totals(Seat(0), Location::Camelot), [8, 4, 3, 2, 8, 0]);
    assert_eq!(g.totals(Seat(1), Location::Camelot), [0; 6]);
    assert_eq!(g.totals(Seat(1), Location::Cornwall), [2; 6]);
    let view = g.view();
    let camelot = &view.places[0];
    assert_eq!(camelot.companies.len(), 1);
    assert_eq!(camelot.companies[0].totals[&Skill::Combat], 8);
    assert_eq!(camelot.companies[0].totals[&Skill::Chivalry], 8);
    assert_eq!(camelot.companies[0].totals[&Skill::Psyche], 0);
    // Two actions spent: the turn passed by itself.
    assert_eq!(turn(&g).seat, Seat(1));
}

#[test]
fn a_fourth_event_for_a_location_is_discarded() {
    let (mut g, mut ctx) = started(facts(), 10);
    for card in [PROMISE, PENTECOST, GRAIL] {
        let events = ok(&mut g, &mut ctx, Command::DrawEvent { card: card.into() });
        assert!(matches!(&events[0], Event::EventDrawn { went: Went::Placed { location: Location::Camelot }, .. }));
        ok(&mut g, &mut ctx, Command::EndTurn);
    }
    let events = ok(&mut g, &mut ctx, Command::DrawEvent { card: CAERLEON.into() });
    assert!(matches!(&events[0], Event::EventDrawn { went: Went::Discarded { why: Discard::Fourth }, .. }));
    let camelot = g.place(Location::Camelot).expect("Camelot");
    assert_eq!(camelot.events, [PROMISE, PENTECOST, GRAIL]);
    assert_eq!(g.view().discarded, [CAERLEON]);
    assert_eq!(g.decks().0, 6);
    g.check_invariants().expect("sound");
}

#[test]
fn one_event_per_location_per_turn() {
    let (mut g, mut ctx) = started(facts(), 10);
    // Seat 0: Kay has combat 3; Gawain joins (combat 7).
    ok(&mut g, &mut ctx, Command::DrawEvent { card: GRAIL.into() });
    ok(&mut g, &mut ctx, Command::Lay { card: GAWAIN.into() });
    ok(&mut g, &mut ctx, Command::Play { location: Location::Camelot });
    ok(&mut g, &mut ctx, Command::EndTurn);
    // Seat 1 draws a second Camelot event needing combat 6 and chivalry 8.
    ok(&mut g, &mut ctx, Command::DrawEvent { card: CAERLEON.into() });
    ok(&mut g, &mut ctx, Command::EndTurn);
    // Seat 0 again: both events wait at Camelot.
    ok(&mut g, &mut ctx, Command::DrawEvent { card: TOURNAMENT.into() });
    // Kay + Gawain: combat 7, chivalry 5: the Grail Castle only.
    let listed: Vec<Command> = g.legal().into_iter().map(|l| l.command().clone()).collect();
    assert!(listed.contains(&Command::Complete { card: GRAIL.into() }));
    assert!(!listed.contains(&Command::Complete { card: CAERLEON.into() }));
    ok(&mut g, &mut ctx, Command::Complete { card: GRAIL.into() });
    assert_eq!(g.player_states()[0].zone, [GRAIL]);
    // A second event at Camelot in the same turn: refused, nothing changed.
    let e = refused(&g, &mut ctx, Command::Complete { card: CAERLEON.into() });
    assert_eq!(e, legends(LegendsError::LocationDone { location: Location::Camelot }));
    assert!(!g.legal().iter().any(|l| matches!(l.command(), Command::Complete { .. })));
}

#[test]
fn an_event_needs_both_skills_it_names() {
    let (mut g, mut ctx) = started(facts(), 10);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: CAERLEON.into() });
    // Kay alone: combat 3 of 6.
    let e = refused(&g, &mut ctx, Command::Complete { card: CAERLEON.into() });
    assert_eq!(
        e,
        legends(LegendsError::FallsShort { card: CAERLEON.into(), skill: Skill::Combat, total: 3, needed: 6 })
    );
    ok(&mut g, &mut ctx, Command::Lay { card: GAWAIN.into() });
    ok(&mut g, &mut ctx, Command::Play { location: Location::Camelot });
    ok(&mut g, &mut ctx, Command::EndTurn);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: TOURNAMENT.into() });
    ok(&mut g, &mut ctx, Command::EndTurn);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: PROMISE.into() });
    // Kay + Gawain: combat 7 meets 6, chivalry 5 falls short of 8.
    let e = refused(&g, &mut ctx, Command::Complete { card: CAERLEON.into() });
    assert_eq!(
        e,
        legends(LegendsError::FallsShort { card: CAERLEON.into(), skill: Skill::Chivalry, total: 5, needed: 8 })
    );
    let said = e.text(Lang::It);
    assert!(said.contains('5') && said.contains('8'), "{said}");
    assert_eq!(
        g.view().places[0].events.iter().find(|e| e.card == CAERLEON).map(|e| e.met.clone()),
        Some(vec![false, false])
    );
    // Lucan brings chivalry 3: 8 of 8, next turn.
    ok(&mut g, &mut ctx, Command::Lay { card: LUCAN.into() });
    ok(&mut g, &mut ctx, Command::Play { location: Location::Camelot });
    ok(&mut g, &mut ctx, Command::EndTurn);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: PENTECOST.into() });
    ok(&mut g, &mut ctx, Command::EndTurn);
    assert_eq!(
        g.view().places[0].events.iter().find(|e| e.card == CAERLEON).map(|e| e.met.clone()),
        Some(vec![true, false])
    );
    ok(&mut g, &mut ctx, Command::DrawEvent { card: GRAIL.into() });
    ok(&mut g, &mut ctx, Command::Complete { card: CAERLEON.into() });
    assert_eq!(g.points(), [3, 0]);
}

#[test]
fn events_are_completed_before_the_actions_only() {
    let (mut g, mut ctx) = started(facts(), 10);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: GRAIL.into() });
    ok(&mut g, &mut ctx, Command::Lay { card: GAWAIN.into() });
    ok(&mut g, &mut ctx, Command::Play { location: Location::Camelot });
    let e = refused(&g, &mut ctx, Command::Complete { card: GRAIL.into() });
    assert_eq!(e, legends(LegendsError::ActionsBegun));
}

#[test]
fn a_seventh_character_a_full_hand_and_another_games_card_are_refused() {
    let (mut g, mut ctx) = started(facts(), 10);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: TOURNAMENT.into() });
    // Seat 0 holds 4: one draw fills the hand, a second is refused.
    ok(&mut g, &mut ctx, Command::DrawCharacter);
    assert_eq!(g.player_states()[0].hand, HAND);
    assert_eq!(refused(&g, &mut ctx, Command::DrawCharacter), legends(LegendsError::HandFull));
    assert!(!g.legal().iter().any(|l| l.command() == &Command::DrawCharacter));
    // A card of another game on the reader.
    let e = g.card_command("avalon/role/merlin", Catalog::builtin()).expect_err("another game");
    assert_eq!(e, CommonError::WrongGameCard { card: "avalon/role/merlin".into() }.into());
    assert_eq!(g.card_command(GAWAIN, Catalog::builtin()), Ok(Command::Lay { card: GAWAIN.into() }));
    // Six in a company: a seventh is refused.
    let mut full = g.clone();
    full.places[Location::Camelot as usize].companies[0] =
        [KAY, BORS, GAWAIN, LUCAN, DINAS, TOR].map(String::from).to_vec();
    full.places[Location::Cornwall as usize].companies[1].clear();
    full.laid = Some(GARETH.into());
    let e = refused(&full, &mut ctx, Command::Play { location: Location::Camelot });
    assert_eq!(e, legends(LegendsError::CompanyFull { location: Location::Camelot }));
    assert!(!full.legal().contains(&Legal::Exact(Command::Play { location: Location::Camelot })));
    assert!(full.legal().contains(&Legal::Exact(Command::Play { location: Location::Cornwall })));
    // A move to where the character stands is refused.
    let e = refused(&full, &mut ctx, Command::Move { cards: vec![KAY.into()], to: Location::Camelot });
    assert_eq!(e, legends(LegendsError::SameLocation));
}

#[test]
fn moves_take_one_or_two_from_one_place_to_another() {
    let (mut g, mut ctx) = started(facts(), 10);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: TOURNAMENT.into() });
    ok(&mut g, &mut ctx, Command::Lay { card: GAWAIN.into() });
    ok(&mut g, &mut ctx, Command::Play { location: Location::Camelot });
    let e = refused(&g, &mut ctx, Command::Move { cards: vec![BORS.into()], to: Location::Camelot });
    assert_eq!(e, legends(LegendsError::NotYours { card: BORS.into() }));
    let e = refused(&g, &mut ctx, Command::Move { cards: vec![], to: Location::Cornwall });
    assert_eq!(e, legends(LegendsError::MoveCount));
    ok(&mut g, &mut ctx, Command::Move { cards: vec![GAWAIN.into(), KAY.into()], to: Location::PerilousForest });
    assert_eq!(g.company(Seat(0), Location::PerilousForest), [GAWAIN, KAY]);
    assert!(g.company(Seat(0), Location::Camelot).is_empty());
    assert_eq!(turn(&g).seat, Seat(1));
}

#[test]
fn a_card_met_without_its_facts_is_asked_for_then_the_game_goes_on() {
    let mut f = facts();
    let gawain = f.characters.remove(GAWAIN).expect("test facts");
    let (mut g, mut ctx) = started(f, 10);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: TOURNAMENT.into() });
    let e = refused(&g, &mut ctx, Command::Lay { card: GAWAIN.into() });
    assert_eq!(e, CommonError::FactsNeeded { cards: vec![GAWAIN.into()] }.into());
    // The owner's answer, checked against the declared facts, then learned.
    let mut book = FactBook::new();
    let mut card = Facts::default();
    card.characters.insert(GAWAIN.into(), gawain.clone());
    for (id, f) in card.to_book().iter() {
        let checked = crate::facts::check(cards::FACTS, Catalog::builtin(), id, f).expect("valid test facts");
        book.set(id, checked);
    }
    let learn = g.learn_command(&book).expect("a learn command");
    ok(&mut g, &mut ctx, learn);
    assert_eq!(g.facts().characters.get(GAWAIN), Some(&gawain));
    ok(&mut g, &mut ctx, Command::Lay { card: GAWAIN.into() });
    ok(&mut g, &mut ctx, Command::Play { location: Location::Camelot });
    assert_eq!(g.totals(Seat(0), Location::Camelot), [7, 1, 3, 1, 5, 0]);
    // A fact in force does not change within the game.
    let mut other = Facts::default();
    other.characters.insert(GAWAIN.into(), ch([0; 6]));
    let e = refused(&g, &mut ctx, Command::Learn { facts: other });
    assert_eq!(e, legends(LegendsError::FactInForce));
    // A card of the normal game is refused in the introductory game.
    let mut blue = Facts::default();
    blue.characters.insert(MERLIN.into(), CharacterFacts { level: "normal".into(), ..ch([0; 6]) });
    ok(&mut g, &mut ctx, Command::Learn { facts: blue });
    let e = refused(&g, &mut ctx, Command::Lay { card: MERLIN.into() });
    assert_eq!(e, legends(LegendsError::NotIntroductory { card: MERLIN.into() }));
}

#[test]
fn an_event_drawn_without_its_facts_is_asked_for() {
    let mut f = facts();
    f.events.remove(TOURNAMENT);
    let (g, mut ctx) = started(f, 10);
    let e = refused(&g, &mut ctx, Command::DrawEvent { card: TOURNAMENT.into() });
    assert_eq!(e, CommonError::FactsNeeded { cards: vec![TOURNAMENT.into()] }.into());
}

#[test]
fn the_game_ends_when_the_deck_is_empty_and_the_last_event_completed() {
    let (mut g, mut ctx) = started(facts(), 3);
    // Seat 0: the Grail Castle at Camelot (combat 6, 2 points).
    ok(&mut g, &mut ctx, Command::DrawEvent { card: GRAIL.into() });
    ok(&mut g, &mut ctx, Command::Lay { card: GAWAIN.into() });
    ok(&mut g, &mut ctx, Command::Play { location: Location::Camelot });
    ok(&mut g, &mut ctx, Command::EndTurn);
    // Seat 1: a special event, resolved and discarded.
    let events = ok(&mut g, &mut ctx, Command::DrawEvent { card: GREEN.into() });
    assert!(matches!(&events[0], Event::EventDrawn { went: Went::Discarded { why: Discard::Special }, .. }));
    ok(&mut g, &mut ctx, Command::EndTurn);
    // Seat 0: the last card; the Grail Castle completed, one event left.
    ok(&mut g, &mut ctx, Command::DrawEvent { card: TOURNAMENT.into() });
    ok(&mut g, &mut ctx, Command::Complete { card: GRAIL.into() });
    assert!(!g.is_over());
    assert_eq!(g.decks().0, 0);
    ok(&mut g, &mut ctx, Command::EndTurn);
    // Seat 1's turn has nothing to draw.
    assert!(turn(&g).drawn);
    assert_eq!(refused(&g, &mut ctx, Command::DrawEvent { card: PROMISE.into() }), legends(LegendsError::AlreadyDrawn));
    // Nobody reaches psyche 18: the host ends it, and the count is made.
    let events = ok(&mut g, &mut ctx, Command::EndGame);
    assert_eq!(events, [Event::GameEnded { reason: EndReason::Stopped }]);
    assert_eq!(g.points(), [2, 0]);
    assert_eq!(g.winners(), [Seat(0)]);
    let outcome = g.outcome().expect("over");
    assert_eq!((outcome.winner.as_str(), outcome.reason.as_str()), ("blue", "stopped"));
    let words = Legends::outcome_words(&outcome.winner, &outcome.reason).expect("words");
    assert!(Lang::En.text(&words.title).contains("Blue"), "{}", Lang::En.text(&words.title));
}

#[test]
fn completing_the_last_event_with_the_deck_empty_ends_the_game() {
    let (mut g, mut ctx) = started(facts(), 1);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: GRAIL.into() });
    ok(&mut g, &mut ctx, Command::Lay { card: GAWAIN.into() });
    ok(&mut g, &mut ctx, Command::Play { location: Location::Camelot });
    ok(&mut g, &mut ctx, Command::EndTurn);
    ok(&mut g, &mut ctx, Command::EndTurn);
    let events = ok(&mut g, &mut ctx, Command::Complete { card: GRAIL.into() });
    assert_eq!(events.last(), Some(&Event::GameEnded { reason: EndReason::AllCompleted }));
    assert!(g.is_over());
    assert_eq!(g.view().winners, Some(vec![Seat(0)]));
    let cues = g.cues(events.last().expect("end"));
    assert!(cues.iter().any(|c| c.id == "legends.end.winner"));
}

#[test]
fn a_tie_shares_the_victory() {
    let (mut g, mut ctx) = started(facts(), 1);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: TOURNAMENT.into() });
    ok(&mut g, &mut ctx, Command::EndTurn);
    ok(&mut g, &mut ctx, Command::EndGame);
    assert_eq!(g.winners(), [Seat(0), Seat(1)]);
    assert_eq!(g.outcome().map(|o| o.winner), Some("shared".into()));
}

#[test]
fn the_setup_refuses_what_the_box_cannot_hold() {
    let mut ctx = Ctx::seeded(1);
    let g = Legends::default();
    let base = Setup {
        colours: vec![Colour::Blue, Colour::Red],
        names: Vec::new(),
        first: None,
        events: 12,
        characters: 30,
        facts: Facts::default(),
        mode: Mode::Introductory,
    };
    let e = refused(&g, &mut ctx, Command::Setup(Setup { colours: vec![Colour::Blue], ..base.clone() }));
    assert_eq!(e, legends(LegendsError::PlayerCount { players: 1 }));
    let e = refused(&g, &mut ctx, Command::Setup(Setup { colours: vec![Colour::Red, Colour::Red], ..base.clone() }));
    assert_eq!(e, legends(LegendsError::ColourTwice));
    let e = refused(&g, &mut ctx, Command::Setup(Setup { characters: 9, ..base.clone() }));
    assert_eq!(e, legends(LegendsError::CharacterDeck { cards: 9 }));
    let e = refused(&g, &mut ctx, Command::Setup(Setup { events: 35, ..base.clone() }));
    assert_eq!(e, legends(LegendsError::EventDeck { cards: 35 }));
    // The words say the box's count the engine holds the deck to.
    for lang in Lang::ALL {
        let said = lang.text(&e.msg());
        assert!(said.contains("35") && said.contains(&EVENTS.to_string()), "{said}");
    }
    // The first player drawn by lot is stored in the event.
    let events = g.decide(&Command::Setup(base), &mut ctx).expect("setup");
    let Event::SetUp { setup, first } = &events[0] else { panic!("{events:?}") };
    assert_eq!(setup.first, Some(*first));
}

#[test]
fn the_setup_refuses_facts_for_a_card_that_takes_none() {
    // The Isle of Avalon's text is all there is: its form asks nothing, so
    // facts given for it at setup would be kept where nothing reads them
    // back. Test values.
    let mut ctx = Ctx::seeded(1);
    let g = Legends::default();
    let mut f = facts();
    f.events.insert("legends/event/isle-of-avalon".into(), ev(Location::Cornwall, &[(Skill::Psyche, 18)], 1));
    let setup = Setup {
        colours: vec![Colour::Blue, Colour::Red],
        names: Vec::new(),
        first: None,
        events: 12,
        characters: 30,
        facts: f.clone(),
        mode: Mode::Introductory,
    };
    let e = refused(&g, &mut ctx, Command::Setup(setup.clone()));
    let no_facts = crate::facts::FactError::NoFacts { card: "legends/event/isle-of-avalon".into() };
    assert_eq!(e, legends(LegendsError::BadFacts { error: no_facts }));
    assert!(e.text(Lang::En).contains("Isle of Avalon"), "{}", e.text(Lang::En));
    // Without it, the same facts set up a game, and what the game keeps
    // reads back card by card.
    f.events.remove("legends/event/isle-of-avalon");
    let mut g = g;
    ok(&mut g, &mut ctx, Command::Setup(Setup { facts: f, ..setup }));
    let kept = g.card_facts().expect("set up");
    crate::facts::check_book(cards::FACTS, Catalog::builtin(), &kept).expect("every fact kept reads back");
}

#[test]
fn the_setup_copies_the_owners_facts_with_what_the_catalog_states() {
    let mut book = FactBook::new();
    let mut f = Facts::default();
    f.characters.insert(KAY.into(), ch([3, 1, 2, 0, 4, -1]));
    // Test values; the Black Knight's location is the catalog's.
    f.events.insert("legends/event/the-black-knight".into(), ev(Location::Camelot, &[(Skill::Combat, 9)], 2));
    // The owner typed the Sword in the Stone a special event; the rules
    // text says it is a location event: without its place it is asked
    // again when met.
    let sword = "legends/event/sword-in-the-stone";
    f.events.insert(
        sword.into(),
        EventFacts {
            event_type: EventType::Special,
            location: None,
            requirements: Vec::new(),
            victory_points: 0,
            level: INTRODUCTORY.into(),
        },
    );
    book.merge(&f.to_book());
    let mut ctx = Ctx::seeded(3).with_facts(&book);
    let mut g = Legends::default();
    let setup = Setup {
        colours: vec![Colour::Green, Colour::Yellow],
        names: Vec::new(),
        first: Some(Seat(1)),
        events: 12,
        characters: 30,
        facts: Facts::default(),
        mode: Mode::Introductory,
    };
    ok(&mut g, &mut ctx, Command::Setup(setup));
    assert_eq!(g.facts().characters.get(KAY), f.characters.get(KAY));
    let knight = g.facts().events.get("legends/event/the-black-knight").expect("copied");
    assert_eq!(knight.location, Some(Location::PerilousForest));
    assert!(!g.facts().events.contains_key(sword));
    assert_eq!(g.card_facts().map(|b| b.len()), Some(2));
}

#[test]
fn every_declared_fact_field_takes_its_range() {
    let cards = Catalog::builtin();
    let mut f = crate::facts::CardFacts::new();
    for (k, v) in [("combat", -1), ("diplomacy", 6), ("adventure", 0), ("cunning", 1), ("chivalry", 2), ("psyche", 3)] {
        f.insert(k.into(), v.into());
    }
    for (k, v) in [("alliance", "orkney"), ("gender", "female"), ("level", "introductory")] {
        f.insert(k.into(), v.into());
    }
    assert!(crate::facts::check(cards::FACTS, cards, KAY, &f).is_ok());
    let mut high = f.clone();
    high.insert("combat".into(), 7.into());
    assert!(matches!(
        crate::facts::check(cards::FACTS, cards, KAY, &high),
        Err(crate::facts::FactError::OutOfRange { min: -1, max: 6, .. })
    ));
    let mut two = f.clone();
    two.insert("second_alliance".into(), "orkney".into());
    assert!(matches!(crate::facts::check(cards::FACTS, cards, KAY, &two), Err(crate::facts::FactError::Rule { .. })));
    // A location event names its location and a requirement of 6 to 18.
    let event = |v: serde_json::Value| v.as_object().cloned().unwrap_or_default();
    let ok_event = event(
        serde_json::json!({"event_type": "location", "location": "cornwall", "skill": "cunning", "requirement": 18, "victory_points": 6, "level": "introductory"}),
    );
    assert!(crate::facts::check(cards::FACTS, cards, PROMISE, &ok_event).is_ok());
    let mut low = ok_event.clone();
    low.insert("requirement".into(), 5.into());
    assert!(matches!(
        crate::facts::check(cards::FACTS, cards, PROMISE, &low),
        Err(crate::facts::FactError::OutOfRange { min: 6, max: 18, .. })
    ));
    let mut nowhere = ok_event.clone();
    nowhere.remove("location");
    assert!(matches!(
        crate::facts::check(cards::FACTS, cards, PROMISE, &nowhere),
        Err(crate::facts::FactError::Rule { .. })
    ));
    let mut points = ok_event;
    points.insert("victory_points".into(), 7.into());
    assert!(matches!(
        crate::facts::check(cards::FACTS, cards, PROMISE, &points),
        Err(crate::facts::FactError::OutOfRange { min: 1, max: 6, .. })
    ));
}

#[test]
fn an_event_s_place_is_its_type_and_only_a_place_less_event_is_asked_one() {
    let cards = Catalog::builtin();
    let event = |v: serde_json::Value| v.as_object().cloned().unwrap_or_default();
    let rule = |f: &crate::facts::CardFacts| match crate::facts::check(cards::FACTS, cards, PROMISE, f) {
        Err(crate::facts::FactError::Rule { why, .. }) => why,
        _ => None,
    };
    // A "Cornwall Event": its place typed, no type, reads as a location
    // event at Cornwall.
    let placed = event(
        serde_json::json!({"location": "cornwall", "skill": "cunning", "requirement": 18, "victory_points": 6, "level": "introductory"}),
    );
    assert!(crate::facts::check(cards::FACTS, cards, PROMISE, &placed).is_ok());
    let mut book = FactBook::new();
    book.set(PROMISE.to_string(), placed.clone());
    let read = Facts::from_book(&book, cards);
    let promise = read.events.get(PROMISE).expect("read");
    assert_eq!((promise.event_type, promise.location), (EventType::Location, Some(Location::Cornwall)));
    // A book that names the type as well still reads, and a facts' book
    // says it.
    assert_eq!(read.to_book().text(PROMISE, "event_type"), Some("location"));
    let mut named = placed.clone();
    named.insert("event_type".into(), "location".into());
    assert!(crate::facts::check(cards::FACTS, cards, PROMISE, &named).is_ok());
    // Neither a place nor a type: the type is asked.
    let mut nothing = placed;
    for k in ["location", "skill", "requirement"] {
        nothing.remove(k);
    }
    assert_eq!(rule(&nothing), Some(msg!("facts.legends.event.needs_type")));
    nothing.insert("event_type".into(), "special".into());
    assert!(crate::facts::check(cards::FACTS, cards, PROMISE, &nothing).is_ok());
    // The type is asked after the place, skill, number, points and level.
    let kind = crate::facts::kind_of(cards::FACTS, PROMISE).expect("an event's facts");
    let keys: Vec<&str> = kind.fields.iter().map(|f| f.key).collect();
    assert_eq!(keys[..6], ["location", "skill", "requirement", "victory_points", "level", "event_type"]);
    assert!(kind.field("event_type").is_some_and(|f| f.optional));
}

#[test]
fn a_form_is_given_only_what_the_rules_make_certain() {
    let given = |card: &str, game: Option<&Legends>| -> Vec<(String, serde_json::Value)> {
        Legends::facts_given(card, game).into_iter().collect()
    };
    let s = |v: &str| serde_json::Value::from(v);
    // The name's title, or the rulebook's words for a name without one.
    assert_eq!(given("legends/character/king-arthur", None), [("gender".into(), s("male"))]);
    assert_eq!(given("legends/character/lady-lunete", None), [("gender".into(), s("female"))]);
    assert_eq!(given("legends/character/morgan-le-fay", None), [("gender".into(), s("female"))]);
    assert_eq!(given("legends/character/merlin", None), [("gender".into(), s("male"))]);
    let catalog = Catalog::builtin();
    assert!(catalog.by_kind(GameKind::CamelotLegends, "character").all(|c| given(&c.id, None).len() == 1));
    // The Black Knight: a Forest event of Combat 12 by the rules' example;
    // its points, level and any second requirement are the card's.
    let knight: BTreeMap<String, serde_json::Value> =
        given("legends/event/the-black-knight", None).into_iter().collect();
    let keys: Vec<&str> = knight.keys().map(String::as_str).collect();
    assert_eq!(keys, ["event_type", "location", "requirement", "skill"]);
    assert_eq!(
        (&knight["location"], &knight["skill"], &knight["requirement"]),
        (&s("perilous-forest"), &s("combat"), &12.into())
    );
    // A heraldic event's type is its text's; an event the text says nothing
    // of is given nothing; nor is a card its kind asks nothing of.
    assert_eq!(given("legends/event/strength-of-orkney", None), [("event_type".into(), s("heraldic"))]);
    assert_eq!(given(PROMISE, None), []);
    assert_eq!(given("legends/event/isle-of-avalon", None), []);
    assert_eq!(given("legends/event/sword-in-the-stone", None), [], "its type is not a field of its form");
    // Every value given is one its field takes.
    for c in catalog.by_game(GameKind::CamelotLegends) {
        if let Some(kind) = crate::facts::kind_of(cards::FACTS, &c.id) {
            let mut full = crate::facts::CardFacts::new();
            for (k, v) in given(&c.id, None) {
                assert!(kind.field(&k).is_some(), "{}: {k}", c.id);
                full.insert(k, v);
            }
            let refused = crate::facts::check(cards::FACTS, catalog, &c.id, &full).err();
            assert!(
                !matches!(
                    refused,
                    Some(crate::facts::FactError::OutOfRange { .. } | crate::facts::FactError::NotAnOption { .. })
                ),
                "{}: {refused:?}",
                c.id
            );
        }
    }
    // The introductory game gives every card it meets the white icon; the
    // normal game, and a game not set up yet, fix no level.
    let mut ctx = Ctx::seeded(3);
    let mut intro = Legends::default();
    assert!(!given(PROMISE, Some(&intro)).iter().any(|(k, _)| k == "level"));
    let setup = |mode| Setup {
        colours: vec![Colour::Green, Colour::Yellow],
        names: Vec::new(),
        first: Some(Seat(1)),
        events: 12,
        characters: 30,
        facts: Facts::default(),
        mode,
    };
    ok(&mut intro, &mut ctx, Command::Setup(setup(Mode::Introductory)));
    assert_eq!(given(PROMISE, Some(&intro)), [("level".into(), s(INTRODUCTORY))]);
    assert!(given(KAY, Some(&intro)).contains(&("level".into(), s(INTRODUCTORY))));
    assert_eq!(given("legends/special/excalibur", Some(&intro)), []);
    let mut normal = Legends::default();
    let mut book = FactBook::new();
    for special in Special::ALL {
        book.set(special.card(), serde_json::json!({ "victory_points": 2 }).as_object().cloned().unwrap_or_default());
    }
    let mut ctx = Ctx::seeded(3).with_facts(&book);
    let mut with = setup(Mode::Normal);
    with.facts = Facts::from_book(&book, catalog);
    ok(&mut normal, &mut ctx, Command::Setup(with));
    assert_eq!(given(PROMISE, Some(&normal)), []);
}

/// The id the catalogs hold for a cue's line.
fn line_id(cue: &Cue) -> String {
    format!("narration.{}", cue.id.replace('-', "_"))
}

/// True when `lang` has the message with exactly these parameters.
fn has(lang: Lang, id: &str, params: &BTreeSet<String>) -> bool {
    // A plural form serving one number may leave `{count}` out ("one
    // victory point").
    let mut uncounted = params.clone();
    uncounted.remove("count");
    lang.catalog().get(id).is_some_and(|e| {
        e.strings.iter().all(|s| {
            let found = placeholders(s).into_iter().map(str::to_string).collect::<BTreeSet<_>>();
            found == *params || (e.strings.len() > 1 && found == uncounted)
        })
    })
}

#[test]
fn every_refusal_fact_and_line_has_its_words_in_every_language() {
    let args = |m: &Msg| m.args.keys().map(|k| k.to_string()).collect::<BTreeSet<String>>();
    for e in error::every_error() {
        let m = e.msg();
        for lang in Lang::ALL {
            assert!(has(lang, &m.id, &args(&m)), "{} in {lang:?}", m.id);
        }
    }
    // The fields and options of every declared fact.
    for kind in cards::FACTS {
        for field in kind.fields {
            let mut ids = vec![format!("facts.legends.{}.{}", kind.kind, field.key)];
            if let crate::facts::FieldKind::Choice { options, words } = field.kind {
                ids.extend(options.iter().map(|o| crate::facts::option_msg(words, o).id.to_string()));
            }
            for id in ids {
                for lang in Lang::ALL {
                    assert!(lang.catalog().get(&id).is_some(), "{id} missing in {lang:?}");
                }
            }
        }
    }
    // The lines of random games.
    let mut ids = BTreeSet::new();
    for seed in 0..40 {
        let rec = crate::testkit::recorded_game::<Legends>(seed, 300);
        let mut g = Legends::default();
        for e in rec.stored.iter().flatten() {
            g.apply(e);
            for cue in g.cues(e) {
                let params = cue.args.keys().cloned().collect();
                for lang in Lang::ALL {
                    assert!(has(lang, &line_id(&cue), &params), "{} in {lang:?}", cue.id);
                }
                ids.insert(cue.id);
            }
        }
    }
    assert!(ids.len() >= 12, "{ids:?}");
    for (w, r) in [("blue", "all_completed"), ("shared", "stopped"), ("", "stopped")] {
        let words = Legends::outcome_words(w, r).expect("words");
        for lang in Lang::ALL {
            for m in [&words.title, &words.reason] {
                assert!(has(lang, &m.id, &args(m)), "{} in {lang:?}", m.id);
            }
        }
    }
}

#[test]
fn random_games_hold_together() {
    let report = crate::testkit::check_game::<Legends>(16, 200, 400).unwrap_or_else(|e| panic!("{e}"));
    assert!(report.finished > 60, "{report:?}");
    assert!(report.listed_accepted > 10_000, "{report:?}");
    assert!(report.unlisted_refused > 100, "{report:?}");
}

/// A test knight of `alliance` with these skills.
fn knight(alliance: &str, skills: [i8; 6]) -> CharacterFacts {
    CharacterFacts { alliance: alliance.into(), ..ch(skills) }
}

#[test]
fn kings_add_to_the_others_in_their_company_and_doubling_comes_last() {
    use super::modifiers::{company_totals, member_values, Boost, Change, Member, Scene};
    let lot = ch([1, 1, 1, 1, 1, 1]);
    let mark = ch([0, 0, 0, 0, 0, 0]);
    let sagramore = knight("grey", [3, 0, 0, 0, 0, 0]);
    let company = [
        Member { card: "legends/character/king-lot", facts: &lot, excalibur: false, silenced: false },
        Member { card: "legends/character/king-mark", facts: &mark, excalibur: false, silenced: false },
        Member { card: "legends/character/sir-sagramore", facts: &sagramore, excalibur: true, silenced: false },
    ];
    let none = Scene::default();
    let values = member_values(&company, &none, &[]);
    // Lot: +1 Cunning from Mark; Mark: +1 Combat from Lot, never his own
    // bonus; Sagramore: +1 Combat, +1 Cunning, +2 Combat from Excalibur.
    assert_eq!(values, vec![[1, 1, 1, 2, 1, 1], [1, 0, 0, 0, 0, 0], [6, 0, 0, 1, 0, 0]]);
    // Sagramore doubles his Combat after every bonus: (3 + 1 + 2) × 2.
    let doubled =
        [Boost { card: "legends/character/sir-sagramore".into(), skill: Skill::Combat, change: Change::Double }];
    assert_eq!(member_values(&company, &none, &doubled)[2], [12, 0, 0, 1, 0, 0]);
    assert_eq!(company_totals(&company, &none, &doubled), [14, 1, 1, 3, 1, 1]);
}

#[test]
fn the_heraldic_event_and_the_round_table_add_as_the_glossary_says() {
    use super::modifiers::{company_totals, heraldic_bonus, three_alliances, Member, Scene};
    let orkney = heraldic_bonus("legends/event/strength-of-orkney", Catalog::builtin()).expect("stated");
    assert_eq!(orkney, ("orkney".to_string(), Skill::Combat, 2));
    assert_eq!(heraldic_bonus("legends/event/assassination", Catalog::builtin()), None);
    let gawain = knight("orkney", [2, 0, 0, 0, 0, 0]);
    let gaheris = knight("orkney", [1, 0, 1, 0, 0, 0]);
    let bors = knight("de-ganis", [1, 0, 0, 0, 0, 0]);
    let dame = ch([0, 1, 0, 0, 0, 0]);
    let company = [
        Member { card: GAWAIN, facts: &gawain, excalibur: false, silenced: false },
        Member { card: "legends/character/sir-gaheris", facts: &gaheris, excalibur: false, silenced: false },
        Member { card: BORS, facts: &bors, excalibur: false, silenced: false },
        Member { card: "legends/character/dame-bragwaine", facts: &dame, excalibur: false, silenced: false },
    ];
    // Orkney knights +2 Combat; Gaheris +1 Adventure for Gawain.
    let heraldic = Scene { heraldic: Some(orkney), ..Scene::default() };
    assert_eq!(company_totals(&company, &heraldic, &[]), [8, 1, 2, 0, 0, 0]);
    // Two alliances only: no Round Table.
    assert!(!three_alliances(&company));
    let round_table = Scene { round_table: true, ..Scene::default() };
    assert_eq!(company_totals(&company, &round_table, &[]), [4, 1, 2, 0, 0, 0]);
    let tor = knight("de-gales", [0; 6]);
    let mut four = company.to_vec();
    four.push(Member { card: TOR, facts: &tor, excalibur: false, silenced: false });
    assert!(three_alliances(&four));
    assert_eq!(company_totals(&four, &round_table, &[]), [6, 3, 4, 2, 2, 2]);
}

/// The cards the engine offers to draw or to lay are the ones it accepts:
/// over random games, every event listed is taken (or asks for its facts)
/// and every event not listed that the catalog holds is refused; every
/// character listed for the hand is laid or asks its facts.
#[test]
fn the_cards_offered_to_draw_and_to_lay_are_the_ones_the_rules_take() {
    use crate::testkit::Fuzz;
    use crate::Legal;
    let mut checked = 0;
    for seed in 0..8 {
        let mut ctx = Ctx::seeded(seed);
        let mut g = Legends::default();
        for _ in 0..300 {
            if g.is_over() {
                break;
            }
            for l in g.legal() {
                let (Legal::Open(_, Choice::Event { cards }), true) = (&l, checked < 400) else { continue };
                let all = Catalog::builtin()
                    .by_game(GameKind::CamelotLegends)
                    .iter()
                    .filter(|c| c.kind == "event" || c.kind == "final");
                for card in all {
                    let taken = match g.decide(&Command::DrawEvent { card: card.id.clone() }, &mut ctx.clone()) {
                        Ok(_) => true,
                        Err(RuleError::Common(CommonError::FactsNeeded { .. })) => true,
                        Err(_) => false,
                    };
                    assert_eq!(
                        cards.contains(&card.id),
                        taken,
                        "seed {seed}: {} listed {}",
                        card.id,
                        cards.contains(&card.id)
                    );
                    checked += 1;
                }
            }
            let cmd = g.random_command(&mut ctx.rng);
            let _ = g.execute(&cmd, &mut ctx);
        }
    }
    assert!(checked > 100, "only {checked} cards checked");
}
