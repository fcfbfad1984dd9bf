//! The full game's tests: the deck over the final event, the special cards,
//! the characters' abilities in the totals, bidding, and the count after
//! the end-of-turn discards. Every card fact here is a test value, not a
//! real card's numbers.

use super::cards::{CharacterFacts, EventFacts, EventType, Facts, Location, Mode, Requirement, Skill, Special};
use super::*;
use crate::{Ctx, Game, RuleError};

const LOT: &str = "legends/character/king-lot";
const SAGRAMORE: &str = "legends/character/sir-sagramore";
const GAWAIN: &str = "legends/character/sir-gawain";
const KAY: &str = "legends/character/sir-kay";
const BORS: &str = "legends/character/sir-bors";
const LUCAN: &str = "legends/character/sir-lucan";
const DINAS: &str = "legends/character/sir-dinas";
const ORKNEY: &str = "legends/event/strength-of-orkney";
const FRENCH: &str = "legends/event/french-delegation";
const THEFT: &str = "legends/event/theft-of-excalibur";
const FINAL: &str = "legends/final/dragonslayer";

fn ch(alliance: &str, skills: [i8; 6]) -> CharacterFacts {
    CharacterFacts {
        skills,
        alliance: alliance.into(),
        second_alliance: None,
        gender: "male".into(),
        level: "normal".into(),
    }
}

fn ev(event_type: EventType, location: Option<Location>, req: &[(Skill, u8)], points: u8) -> EventFacts {
    EventFacts {
        event_type,
        location,
        requirements: req.iter().map(|&(skill, needed)| Requirement { skill, needed }).collect(),
        victory_points: points,
        level: "normal".into(),
    }
}

/// The catalog's first events other than those named, as test location
/// events of one point each, needing 18 Psyche (nobody completes them).
fn fillers(n: usize) -> Vec<String> {
    let named = [ORKNEY, FRENCH, THEFT];
    Catalog::builtin()
        .by_kind(GameKind::CamelotLegends, "event")
        .map(|c| c.id.clone())
        .filter(|c| !named.contains(&c.as_str()))
        .take(n)
        .collect()
}

fn facts() -> Facts {
    let mut f = Facts::default();
    f.characters.insert(LOT.into(), ch("none", [1, 1, 1, 1, 1, 1]));
    f.characters.insert(SAGRAMORE.into(), ch("orkney", [3, 0, 0, 0, 0, 0]));
    f.characters.insert(GAWAIN.into(), ch("orkney", [4, 0, 1, 1, 1, 1]));
    f.characters.insert(KAY.into(), ch("grey", [3, 1, 2, 0, 4, -1]));
    f.characters.insert(BORS.into(), ch("de-ganis", [2, 2, 2, 2, 2, 2]));
    f.characters.insert(LUCAN.into(), ch("steward", [1, 3, 0, 1, 3, 0]));
    f.characters.insert(DINAS.into(), ch("cornish", [1, 1, 1, 1, 1, 1]));
    f.events.insert(ORKNEY.into(), ev(EventType::Heraldic, None, &[], 0));
    f.events.insert(FRENCH.into(), ev(EventType::Bidding, None, &[], 3));
    f.events.insert(THEFT.into(), ev(EventType::Location, Some(Location::PerilousForest), &[(Skill::Combat, 6)], 0));
    f.events.insert(FINAL.into(), ev(EventType::Location, Some(Location::Final), &[(Skill::Combat, 8)], 5));
    for e in fillers(24) {
        f.events.insert(e, ev(EventType::Location, Some(Location::Cornwall), &[(Skill::Psyche, 18)], 1));
    }
    f.specials.insert(Special::Excalibur.card(), 3);
    f.specials.insert(Special::HighKing.card(), 2);
    f.specials.insert(Special::LovePotion.card(), 1);
    f
}

fn ok(g: &mut Legends, ctx: &mut Ctx<'_>, c: Command) -> Vec<Event> {
    g.execute(&c, ctx).unwrap_or_else(|e| panic!("{c:?} refused: {e:?}"))
}

fn refused(g: &Legends, ctx: &mut Ctx<'_>, c: Command) -> RuleError {
    let before = g.clone();
    let e = g.decide(&c, ctx).expect_err("refused");
    assert_eq!(*g, before, "a refusal changes nothing");
    e
}

fn no(e: LegendsError) -> RuleError {
    e.into()
}

/// A normal game for two: Anna places Lot at Camelot, Ugo Bors at
/// Cornwall; Anna's turn, nothing drawn.
fn started() -> (Legends, Ctx<'static>) {
    let mut ctx = Ctx::seeded(3);
    let mut g = Legends::default();
    let setup = Setup {
        colours: vec![Colour::Blue, Colour::Red],
        names: vec!["Anna".into(), "Ugo".into()],
        first: Some(Seat(0)),
        events: 0,
        characters: 40,
        facts: facts(),
        mode: Mode::Normal,
    };
    ok(&mut g, &mut ctx, Command::Setup(setup));
    for (card, l) in [(LOT, Location::Camelot), (BORS, Location::Cornwall)] {
        ok(&mut g, &mut ctx, Command::Lay { card: card.into() });
        ok(&mut g, &mut ctx, Command::Play { location: l });
    }
    (g, ctx)
}

fn play(g: &mut Legends, ctx: &mut Ctx<'_>, card: &str, l: Location) {
    ok(g, ctx, Command::Lay { card: card.into() });
    ok(g, ctx, Command::Play { location: l });
}

fn turn(g: &Legends) -> Turn {
    match g.phase() {
        Phase::Turn(t) => t.clone(),
        p => panic!("not a turn: {p:?}"),
    }
}

#[test]
fn the_full_deck_is_counted_by_players_and_the_final_event_lies_last() {
    let (mut g, mut ctx) = started();
    // Two players: 17 events over the final one.
    assert_eq!(g.decks().0, 18);
    assert_eq!(g.view().before_final, Some(17));
    assert_eq!(
        refused(&g, &mut ctx, Command::DrawEvent { card: FINAL.into() }),
        no(LegendsError::FinalIsLast { cards: 17 })
    );
    for (i, e) in fillers(17).iter().enumerate() {
        ok(&mut g, &mut ctx, Command::DrawEvent { card: e.clone() });
        ok(&mut g, &mut ctx, Command::EndTurn);
        assert_eq!(g.view().before_final, Some(16 - i as u8).filter(|_| i < 17));
    }
    // The last card is the final event, and nothing else.
    let other = fillers(18).pop().expect("an 18th event");
    assert_eq!(refused(&g, &mut ctx, Command::DrawEvent { card: other }), no(LegendsError::FinalNow));
    // Nobody goes to the final event before it is drawn.
    let seat = turn(&g).seat;
    assert_eq!(seat, Seat(1));
    ok(&mut g, &mut ctx, Command::DrawEvent { card: FINAL.into() });
    assert_eq!(g.open_places(), Location::EVERY.to_vec());
    assert_eq!(g.place(Location::Final).expect("its place").events, [FINAL]);
    // Ugo moves Bors there (2 Combat) and plays Gawain there (4): 6 of 8.
    ok(&mut g, &mut ctx, Command::Move { cards: vec![BORS.into()], to: Location::Final });
    play(&mut g, &mut ctx, GAWAIN, Location::Final);
    assert_eq!(turn(&g).seat, Seat(0));
    ok(&mut g, &mut ctx, Command::EndTurn);
    // Next turn, Gawain's +3: 9 Combat, the final event completed, the
    // game over at once, Gawain discarded before the count.
    ok(&mut g, &mut ctx, Command::Use { card: GAWAIN.into(), target: None, skill: Some(Skill::Combat) });
    assert_eq!(g.totals(Seat(1), Location::Final)[Skill::Combat as usize], 9);
    let events = ok(&mut g, &mut ctx, Command::Complete { card: FINAL.into() });
    assert!(matches!(events[1], Event::Discarded { why: Gone::EndOfTurn, .. }), "{events:?}");
    assert_eq!(g.phase(), &Phase::Over { reason: EndReason::FinalCompleted });
    assert_eq!(g.company(Seat(1), Location::Final), [BORS]);
    assert_eq!(g.points(), vec![0, 5]);
}

#[test]
fn a_normal_game_refuses_the_red_cards() {
    let (mut g, mut ctx) = started();
    ok(&mut g, &mut ctx, Command::DrawEvent { card: fillers(1)[0].clone() });
    let mut red = ch("grey", [1; 6]);
    red.level = "advanced".into();
    let mut learned = Facts::default();
    learned.characters.insert(LUCAN.into(), red.clone());
    // Lucan's facts are in force already; Dinas is learned as a red card.
    learned.characters.clear();
    learned.characters.insert("legends/character/sir-tor".into(), red);
    ok(&mut g, &mut ctx, Command::Learn { facts: learned });
    let tor = "legends/character/sir-tor".to_string();
    assert_eq!(refused(&g, &mut ctx, Command::Lay { card: tor.clone() }), no(LegendsError::AdvancedCard { card: tor }));
}

#[test]
fn a_king_the_heraldic_event_and_a_doubling_add_up_in_order() {
    let (mut g, mut ctx) = started();
    // Strength of Orkney: Orkney knights +2 Combat.
    ok(&mut g, &mut ctx, Command::DrawEvent { card: ORKNEY.into() });
    play(&mut g, &mut ctx, SAGRAMORE, Location::Camelot);
    // Lot [1, 1, 1, 1, 1, 1] and Sagramore [3, 0, 0, 0, 0, 0]: Sagramore
    // 3 + 1 (Lot) + 2 (Orkney) = 6 Combat, Lot 1.
    assert_eq!(g.totals(Seat(0), Location::Camelot), [7, 1, 1, 1, 1, 1]);
    ok(&mut g, &mut ctx, Command::EndTurn);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: fillers(1)[0].clone() });
    ok(&mut g, &mut ctx, Command::EndTurn);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: fillers(2)[1].clone() });
    // Sagramore doubles his Combat after every bonus: (3 + 1 + 2) × 2 = 12.
    ok(&mut g, &mut ctx, Command::Use { card: SAGRAMORE.into(), target: None, skill: Some(Skill::Combat) });
    assert_eq!(g.values(SAGRAMORE), Some([12, 0, 0, 0, 0, 0]));
    assert_eq!(g.totals(Seat(0), Location::Camelot), [13, 1, 1, 1, 1, 1]);
    // Once a turn; the skill its card names only.
    assert_eq!(
        refused(&g, &mut ctx, Command::Use { card: SAGRAMORE.into(), target: None, skill: Some(Skill::Combat) }),
        no(LegendsError::AbilityUsed { card: SAGRAMORE.into() })
    );
    assert_eq!(
        refused(&g, &mut ctx, Command::Use { card: LOT.into(), target: None, skill: None }),
        no(LegendsError::NoAbility { card: LOT.into() })
    );
    assert_eq!(g.view().places[0].companies[0].leaving, [SAGRAMORE]);
    // After an action the abilities are over.
    ok(&mut g, &mut ctx, Command::DrawCharacter);
    let gawain = Command::Use { card: GAWAIN.into(), target: None, skill: Some(Skill::Combat) };
    assert_eq!(refused(&g, &mut ctx, gawain), no(LegendsError::AbilitiesOver));
    // The end of the turn takes Sagramore away; the doubling ends with it.
    ok(&mut g, &mut ctx, Command::EndTurn);
    assert_eq!(g.company(Seat(0), Location::Camelot), [LOT]);
    assert_eq!(g.character_discard(), [SAGRAMORE]);
}

#[test]
fn an_ability_on_a_knight_names_one_in_the_company() {
    let (mut g, mut ctx) = started();
    ok(&mut g, &mut ctx, Command::DrawEvent { card: fillers(1)[0].clone() });
    play(&mut g, &mut ctx, LUCAN, Location::Camelot);
    play(&mut g, &mut ctx, KAY, Location::Camelot);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: fillers(2)[1].clone() });
    ok(&mut g, &mut ctx, Command::EndTurn);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: fillers(3)[2].clone() });
    // Lucan gives +3 Diplomacy to another knight: not to Lot (no shield),
    // not to himself.
    let on = |t: &str| Command::Use { card: LUCAN.into(), target: Some(t.into()), skill: Some(Skill::Diplomacy) };
    assert_eq!(refused(&g, &mut ctx, on(LOT)), no(LegendsError::NotAKnight { card: LOT.into() }));
    assert_eq!(refused(&g, &mut ctx, on(LUCAN)), no(LegendsError::WrongTarget { card: LUCAN.into() }));
    let combat = Command::Use { card: LUCAN.into(), target: Some(KAY.into()), skill: Some(Skill::Combat) };
    assert_eq!(refused(&g, &mut ctx, combat), no(LegendsError::WrongSkill { card: LUCAN.into() }));
    let before = g.values(KAY).expect("Kay")[Skill::Diplomacy as usize];
    ok(&mut g, &mut ctx, on(KAY));
    assert_eq!(g.values(KAY).expect("Kay")[Skill::Diplomacy as usize], before + 3);
    assert!(g.legal().iter().all(|l| !matches!(l.command(), Command::Use { card, .. } if card == LUCAN)));
}

#[test]
fn a_bid_is_won_by_the_highest_total_and_every_bid_character_goes() {
    let (mut g, mut ctx) = started();
    // French Delegation: up to 2 each, Diplomacy + Chivalry.
    let events = ok(&mut g, &mut ctx, Command::DrawEvent { card: FRENCH.into() });
    assert!(matches!(&events[0], Event::EventDrawn { went: Went::Bidding { max: 2, .. }, .. }), "{events:?}");
    assert_eq!(g.auction().map(|a| a.to), Some(Seat(0)));
    // Nothing else while the bidding is open.
    assert_eq!(refused(&g, &mut ctx, Command::DrawCharacter), no(LegendsError::BiddingOpen));
    // Anna bids Lucan from her hand (3 + 3), Ugo Bors from his company
    // (2 + 2), Anna Lot from hers (1 + 1): she is at the most, Ugo passes.
    assert_eq!(g.card_command(LUCAN, Catalog::builtin()), Ok(Command::Bid { card: LUCAN.into() }));
    ok(&mut g, &mut ctx, Command::Bid { card: LUCAN.into() });
    assert_eq!(
        refused(&g, &mut ctx, Command::Bid { card: LUCAN.into() }),
        no(LegendsError::AlreadyBid { card: LUCAN.into() })
    );
    ok(&mut g, &mut ctx, Command::Bid { card: BORS.into() });
    ok(&mut g, &mut ctx, Command::Bid { card: LOT.into() });
    assert_eq!(g.auction().map(|a| a.to), Some(Seat(1)), "Anna has bid her most: Ugo's say");
    let events = ok(&mut g, &mut ctx, Command::Pass);
    // Lucan 3 + 3 and Lot 1 + 1 (his bonus is to Combat): 8 against 4.
    assert_eq!(events.last(), Some(&Event::AuctionClosed { totals: vec![Some(8), Some(4)], winner: Some(Seat(0)) }));
    assert!(g.auction().is_none());
    assert_eq!(g.player_states()[0].zone, [FRENCH]);
    assert_eq!(g.player_states()[0].hand, 3, "Lucan came from the hand");
    assert!(g.company(Seat(0), Location::Camelot).is_empty() && g.company(Seat(1), Location::Cornwall).is_empty());
    assert_eq!(g.character_discard().len(), 3);
    assert_eq!(g.points(), vec![3, 0]);
}

#[test]
fn a_tie_discards_the_event_and_the_bid_characters() {
    let (mut g, mut ctx) = started();
    ok(&mut g, &mut ctx, Command::DrawEvent { card: FRENCH.into() });
    // Lot 2 and Dinas 2: a tie.
    ok(&mut g, &mut ctx, Command::Bid { card: LOT.into() });
    ok(&mut g, &mut ctx, Command::Bid { card: DINAS.into() });
    ok(&mut g, &mut ctx, Command::Pass);
    let events = ok(&mut g, &mut ctx, Command::Pass);
    assert_eq!(events.last(), Some(&Event::AuctionClosed { totals: vec![Some(2), Some(2)], winner: None }));
    assert!(g.player_states().iter().all(|p| p.zone.is_empty()));
    assert_eq!(g.character_discard(), [LOT, DINAS]);
    // Nobody bidding: the event is discarded.
    let (mut g, mut ctx) = started();
    ok(&mut g, &mut ctx, Command::DrawEvent { card: FRENCH.into() });
    ok(&mut g, &mut ctx, Command::Pass);
    let events = ok(&mut g, &mut ctx, Command::Pass);
    assert_eq!(events.last(), Some(&Event::AuctionClosed { totals: vec![None, None], winner: None }));
    assert_eq!(no_say(&g), None);
}

fn no_say(g: &Legends) -> Option<Seat> {
    g.auction().map(|a| a.to)
}

#[test]
fn excalibur_goes_to_a_character_of_the_company_and_counts_at_the_end() {
    let (mut g, mut ctx) = started();
    ok(&mut g, &mut ctx, Command::DrawEvent { card: fillers(1)[0].clone() });
    play(&mut g, &mut ctx, GAWAIN, Location::PerilousForest);
    play(&mut g, &mut ctx, KAY, Location::PerilousForest);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: fillers(2)[1].clone() });
    ok(&mut g, &mut ctx, Command::EndTurn);
    // The Theft of Excalibur at the Forest: Gawain 4 + Kay 3 Combat.
    ok(&mut g, &mut ctx, Command::DrawEvent { card: THEFT.into() });
    ok(&mut g, &mut ctx, Command::Complete { card: THEFT.into() });
    assert_eq!(g.grant().map(|x| x.special), Some(Special::Excalibur));
    assert_eq!(refused(&g, &mut ctx, Command::DrawCharacter), no(LegendsError::GrantFirst));
    assert_eq!(
        refused(&g, &mut ctx, Command::Grant { card: LOT.into() }),
        no(LegendsError::NotGrantee { card: LOT.into(), knight: false })
    );
    ok(&mut g, &mut ctx, Command::Grant { card: GAWAIN.into() });
    assert_eq!(g.specials().get(&Special::Excalibur).map(String::as_str), Some(GAWAIN));
    // +2 Combat to its holder; its points while held.
    assert_eq!(g.values(GAWAIN).expect("Gawain")[Skill::Combat as usize], 6);
    assert_eq!(g.points(), vec![3, 0]);
    // A card's text discards Gawain (the host carries it out): Excalibur
    // goes back beside the board.
    ok(&mut g, &mut ctx, Command::Remove { card: GAWAIN.into(), to_hand: false });
    assert!(g.specials().is_empty());
    assert_eq!(g.points(), vec![0, 0]);
}

#[test]
fn the_high_king_at_camelot_gives_a_third_action() {
    let (mut g, mut ctx) = started();
    ok(&mut g, &mut ctx, Command::DrawEvent { card: fillers(1)[0].clone() });
    ok(&mut g, &mut ctx, Command::GiveSpecial { special: Special::HighKing, card: Some(LOT.into()) });
    assert_eq!(g.view().actions_left, 3);
    ok(&mut g, &mut ctx, Command::DrawCharacter);
    // Lot leaves Camelot as the second action: the third is gone with him.
    ok(&mut g, &mut ctx, Command::Move { cards: vec![LOT.into()], to: Location::Cornwall });
    assert_eq!(turn(&g).seat, Seat(1), "two actions spent, the High King away: the turn passed");
    // The introductory game has no special cards.
    let mut intro = Legends::default();
    let mut ctx2 = Ctx::seeded(1);
    let setup = Setup {
        colours: vec![Colour::Blue, Colour::Red],
        names: Vec::new(),
        first: Some(Seat(0)),
        events: 5,
        characters: 40,
        facts: Facts::default(),
        mode: Mode::Introductory,
    };
    ok(&mut intro, &mut ctx2, Command::Setup(setup));
    assert_eq!(
        refused(&intro, &mut ctx2, Command::GiveSpecial { special: Special::HighKing, card: None }),
        no(LegendsError::NoSpecials)
    );
}
