//! The full game's tests: the deck over the final event, the special cards,
//! the characters' abilities in the totals, bidding, and the count after
//! the end-of-turn discards. Every card fact here is a test value, not a
//! real card's numbers.

use super::cards::{CharacterFacts, EventFacts, EventType, Facts, Location, Mode, Requirement, Skill, Special};
use super::*;
use crate::{CommonError, Ctx, Game, RuleError};

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
const MORDRED: &str = "legends/character/sir-mordred";
const MERLIN: &str = "legends/character/merlin";
const MORGAN: &str = "legends/character/morgan-le-fay";
const LYONESSE: &str = "legends/character/lady-lyonesse";
const LAMORAK: &str = "legends/character/sir-lamorak";

pub(super) fn ch(alliance: &str, skills: [i8; 6]) -> CharacterFacts {
    CharacterFacts {
        skills,
        alliance: alliance.into(),
        second_alliance: None,
        gender: "male".into(),
        level: "normal".into(),
    }
}

pub(super) fn ev(event_type: EventType, location: Option<Location>, req: &[(Skill, u8)], points: u8) -> EventFacts {
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
pub(super) fn fillers(n: usize) -> Vec<String> {
    let named = [ORKNEY, FRENCH, THEFT];
    Catalog::builtin()
        .by_kind(GameKind::CamelotLegends, "event")
        .map(|c| c.id.clone())
        .filter(|c| !named.contains(&c.as_str()) && sites::opens(c).is_none())
        .take(n)
        .collect()
}

pub(super) fn facts() -> Facts {
    let mut f = Facts::default();
    f.characters.insert(LOT.into(), ch("none", [1, 1, 1, 1, 1, 1]));
    f.characters.insert(SAGRAMORE.into(), ch("orkney", [3, 0, 0, 0, 0, 0]));
    f.characters.insert(GAWAIN.into(), ch("orkney", [4, 0, 1, 1, 1, 1]));
    f.characters.insert(KAY.into(), ch("grey", [3, 1, 2, 0, 4, -1]));
    f.characters.insert(BORS.into(), ch("de-ganis", [2, 2, 2, 2, 2, 2]));
    f.characters.insert(LUCAN.into(), ch("steward", [1, 3, 0, 1, 3, 0]));
    f.characters.insert(DINAS.into(), ch("cornish", [1, 1, 1, 1, 1, 1]));
    f.characters.insert(MORDRED.into(), ch("orkney", [4, 1, 1, 4, 1, 2]));
    f.characters.insert(TOR.into(), ch("de-gales", [6, 0, 0, 6, 0, 0]));
    f.characters.insert(LAMORAK.into(), ch("de-gales", [5, 0, 0, 0, 0, 0]));
    f.characters.insert(MERLIN.into(), ch("none", [0, 3, 1, 1, 1, 5]));
    f.characters.insert(MORGAN.into(), CharacterFacts { gender: "female".into(), ..ch("none", [0, 1, 1, 3, 0, 4]) });
    f.characters.insert(LYONESSE.into(), CharacterFacts { gender: "female".into(), ..ch("none", [0, 1, 1, 1, 2, 2]) });
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

pub(super) fn ok(g: &mut Legends, ctx: &mut Ctx<'_>, c: Command) -> Vec<Event> {
    g.execute(&c, ctx).unwrap_or_else(|e| panic!("{c:?} refused: {e:?}"))
}

pub(super) fn refused(g: &Legends, ctx: &mut Ctx<'_>, c: Command) -> RuleError {
    let before = g.clone();
    let e = g.decide(&c, ctx).expect_err("refused");
    assert_eq!(*g, before, "a refusal changes nothing");
    e
}

pub(super) fn no(e: LegendsError) -> RuleError {
    e.into()
}

/// A normal game for two: Anna places Lot at Camelot, Ugo Bors at
/// Cornwall; Anna's turn, nothing drawn.
pub(super) fn started() -> (Legends, Ctx<'static>) {
    started_with(facts(), Location::Cornwall)
}

/// A normal game for two with these facts: Anna places Lot at Camelot, Ugo
/// Bors at `bors`; Anna's turn, nothing drawn.
pub(super) fn started_with(facts: Facts, bors: Location) -> (Legends, Ctx<'static>) {
    started_in(Mode::Normal, facts, bors)
}

/// A game of `mode` for two with these facts: Anna places Lot at Camelot,
/// Ugo Bors at `bors`; Anna's turn, nothing drawn.
pub(super) fn started_in(mode: Mode, facts: Facts, bors: Location) -> (Legends, Ctx<'static>) {
    let mut ctx = Ctx::seeded(3);
    let mut g = Legends::default();
    let setup = Setup {
        colours: vec![Colour::Blue, Colour::Red],
        names: vec!["Anna".into(), "Ugo".into()],
        first: Some(Seat(0)),
        events: 0,
        characters: 40,
        facts,
        mode,
    };
    ok(&mut g, &mut ctx, Command::Setup(setup));
    for (card, l) in [(LOT, Location::Camelot), (BORS, bors)] {
        ok(&mut g, &mut ctx, Command::Lay { card: card.into() });
        ok(&mut g, &mut ctx, Command::Play { location: l });
    }
    (g, ctx)
}

pub(super) fn play(g: &mut Legends, ctx: &mut Ctx<'_>, card: &str, l: Location) {
    ok(g, ctx, Command::Lay { card: card.into() });
    ok(g, ctx, Command::Play { location: l });
}

pub(super) fn turn(g: &Legends) -> Turn {
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
    assert_eq!(g.open_places(), Location::EVERY[..4].to_vec());
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
    // Sir Dagonet learned as a red card.
    let dagonet = "legends/character/sir-dagonet".to_string();
    let mut learned = Facts::default();
    learned.characters.insert(dagonet.clone(), CharacterFacts { level: "advanced".into(), ..ch("grey", [1; 6]) });
    ok(&mut g, &mut ctx, Command::Learn { facts: learned });
    assert_eq!(
        refused(&g, &mut ctx, Command::Lay { card: dagonet.clone() }),
        no(LegendsError::AdvancedCard { card: dagonet })
    );
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
    crate::teach::testing::assert_explained(&g, "legends.grant");
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

/// Anna's turn after setup, with `mine` played by Anna at Cornwall (beside
/// Ugo's Bors) over her first turn, Ugo's turn passed: Anna to act again.
fn at_cornwall(mine: &[&str], ugo: &[&str]) -> (Legends, Ctx<'static>) {
    let (mut g, mut ctx) = started();
    let fill = fillers(4);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: fill[0].clone() });
    for c in mine {
        play(&mut g, &mut ctx, c, Location::Cornwall);
    }
    if turn(&g).seat == Seat(0) {
        ok(&mut g, &mut ctx, Command::EndTurn);
    }
    ok(&mut g, &mut ctx, Command::DrawEvent { card: fill[1].clone() });
    for c in ugo {
        play(&mut g, &mut ctx, c, Location::Cornwall);
    }
    if turn(&g).seat == Seat(1) {
        ok(&mut g, &mut ctx, Command::EndTurn);
    }
    ok(&mut g, &mut ctx, Command::DrawEvent { card: fill[2].clone() });
    (g, ctx)
}

#[test]
fn a_threat_strikes_an_opposing_character_weaker_where_its_card_compares() {
    // Mordred (Combat 4 + Cunning 4 = 8) against Bors (2 + 2 = 4), both
    // at Cornwall.
    let (g, mut ctx) = at_cornwall(&[MORDRED], &[]);
    let strike = |t: &str| Command::Strike { card: MORDRED.into(), target: t.into() };
    // Not his own; not one elsewhere.
    assert_eq!(refused(&g, &mut ctx, strike(LOT)), no(LegendsError::NotOpposing { card: LOT.into() }));
    let mut g2 = g.clone();
    ok(&mut g2, &mut ctx, strike(BORS));
    // "scarta entrambi".
    assert!(g2.company(Seat(1), Location::Cornwall).is_empty() && g2.company(Seat(0), Location::Cornwall).is_empty());
    assert_eq!(g2.character_discard(), [BORS, MORDRED]);
    // Kay strikes only at Camelot.
    let (g, mut ctx) = at_cornwall(&[KAY], &[]);
    assert_eq!(
        refused(&g, &mut ctx, Command::Strike { card: KAY.into(), target: BORS.into() }),
        no(LegendsError::ThreatNotHere { card: KAY.into(), location: Location::Camelot })
    );
    // Gawain (4 + 1) is weaker: listed; Sir Tor (6 + 6) is not.
    let (g, mut ctx) = at_cornwall(&[MORDRED], &[GAWAIN, TOR]);
    assert!(g.legal().iter().any(|l| l.command() == &strike(GAWAIN)));
    assert!(!g.legal().iter().any(|l| l.command() == &strike(TOR)));
    assert_eq!(
        refused(&g, &mut ctx, strike(TOR)),
        no(LegendsError::NotStronger { card: MORDRED.into(), target: TOR.into() })
    );
}

const TOR: &str = "legends/character/sir-tor";

#[test]
fn merlin_excalibur_and_lady_lyonesse_protect_from_threats() {
    // Merlin (Psyche 5) beside Bors: Mordred (Psyche 2) cannot touch him.
    let (g, mut ctx) = at_cornwall(&[MORDRED], &[MERLIN]);
    assert_eq!(
        refused(&g, &mut ctx, Command::Strike { card: MORDRED.into(), target: BORS.into() }),
        no(LegendsError::Protected { card: BORS.into(), by: Protection::Merlin })
    );
    // Excalibur in Bors' hand.
    let (mut g, mut ctx) = at_cornwall(&[MORDRED], &[]);
    ok(&mut g, &mut ctx, Command::GiveSpecial { special: Special::Excalibur, card: Some(BORS.into()) });
    assert_eq!(
        refused(&g, &mut ctx, Command::Strike { card: MORDRED.into(), target: BORS.into() }),
        no(LegendsError::Protected { card: BORS.into(), by: Protection::Excalibur })
    );
    // Lady Lyonesse wards Anna's Gawain; once a game.
    let (mut g, mut ctx) = at_cornwall(&[LYONESSE, GAWAIN], &[]);
    ok(&mut g, &mut ctx, Command::Ward { card: LYONESSE.into(), target: GAWAIN.into() });
    assert_eq!(
        refused(&g, &mut ctx, Command::Ward { card: LYONESSE.into(), target: GAWAIN.into() }),
        no(LegendsError::AbilityUsed { card: LYONESSE.into() })
    );
    // Ugo's Mordred comes to Cornwall and cannot strike the warded Gawain.
    ok(&mut g, &mut ctx, Command::EndTurn);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: fillers(5)[4].clone() });
    play(&mut g, &mut ctx, MORDRED, Location::Cornwall);
    ok(&mut g, &mut ctx, Command::EndTurn);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: fillers(6)[5].clone() });
    ok(&mut g, &mut ctx, Command::EndTurn);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: fillers(7)[6].clone() });
    assert_eq!(turn(&g).seat, Seat(1));
    assert_eq!(
        refused(&g, &mut ctx, Command::Strike { card: MORDRED.into(), target: GAWAIN.into() }),
        no(LegendsError::Protected { card: GAWAIN.into(), by: Protection::Lyonesse })
    );
}

#[test]
fn morgan_le_fay_lures_a_weaker_man_into_her_company() {
    // Morgan (Psyche 4) and Bors (Psyche 2) at Cornwall.
    let (mut g, mut ctx) = at_cornwall(&[MORGAN], &[]);
    ok(&mut g, &mut ctx, Command::Strike { card: MORGAN.into(), target: BORS.into() });
    assert_eq!(g.company(Seat(0), Location::Cornwall), [BORS]);
    assert!(g.company(Seat(1), Location::Cornwall).is_empty());
    assert_eq!(g.character_discard(), [MORGAN]);
}

#[test]
fn a_full_game_asks_the_special_cards_points_before_it_starts() {
    let g = Legends::default();
    let mut ctx = Ctx::seeded(1);
    let mut f = facts();
    f.specials.clear();
    let setup = Setup {
        colours: vec![Colour::Blue, Colour::Red],
        names: Vec::new(),
        first: None,
        events: 0,
        characters: 40,
        facts: f,
        mode: Mode::Advanced,
    };
    let e = refused(&g, &mut ctx, Command::Setup(setup));
    let specials: Vec<String> = Special::ALL.iter().map(|s| s.card()).collect();
    assert_eq!(e, CommonError::FactsNeeded { cards: specials }.into());
}

#[test]
fn sir_lamorak_leaves_at_the_start_of_his_turn_beside_two_orkney_knights() {
    // Anna's Lamorak at Cornwall; Ugo brings Gawain and Sagramore (Orkney).
    let (g, _) = at_cornwall(&[LAMORAK], &[GAWAIN, SAGRAMORE]);
    // The turn began with the draw done in `at_cornwall`: he went first.
    assert!(g.where_is(LAMORAK).is_none());
    assert_eq!(g.character_discard(), [LAMORAK]);
    // With one Orkney knight he stays.
    let (g, _) = at_cornwall(&[LAMORAK], &[GAWAIN]);
    assert!(g.where_is(LAMORAK).is_some());
}

#[test]
fn the_black_knight_covers_a_forest_event_until_he_is_defeated() {
    let bk = "legends/event/the-black-knight";
    // Three Forest events (test values) and the Black Knight.
    let forest: Vec<String> = fillers(6)[3..6].to_vec();
    let forest_event = |req| ev(EventType::Location, Some(Location::PerilousForest), &[req], 1);
    let mut f = facts();
    f.events.insert(bk.into(), EventFacts { victory_points: 3, ..forest_event((Skill::Combat, 6)) });
    for e in &forest {
        f.events.insert(e.clone(), forest_event((Skill::Psyche, 18)));
    }
    let (mut g, mut ctx) = started_with(f, Location::PerilousForest);
    for e in &forest {
        ok(&mut g, &mut ctx, Command::DrawEvent { card: e.clone() });
        ok(&mut g, &mut ctx, Command::EndTurn);
    }
    // Ugo's turn: the Black Knight, the Forest full.
    assert_eq!(turn(&g).seat, Seat(1));
    ok(&mut g, &mut ctx, Command::DrawEvent { card: bk.into() });
    assert_eq!(refused(&g, &mut ctx, Command::DrawCharacter), no(LegendsError::CoverFirst));
    ok(&mut g, &mut ctx, Command::Cover { card: Some(forest[1].clone()) });
    let events = &g.place(Location::PerilousForest).expect("Forest").events;
    assert_eq!(events, &[forest[0].clone(), bk.to_string(), forest[2].clone()]);
    assert_eq!(g.covered(), Some(forest[1].as_str()));
    // Bors (2) and Gawain (4) and Kay (3) defeat him: the covered event
    // comes back.
    play(&mut g, &mut ctx, GAWAIN, Location::PerilousForest);
    play(&mut g, &mut ctx, KAY, Location::PerilousForest);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: fillers(1)[0].clone() });
    ok(&mut g, &mut ctx, Command::EndTurn);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: fillers(2)[1].clone() });
    ok(&mut g, &mut ctx, Command::Complete { card: bk.into() });
    let events = &g.place(Location::PerilousForest).expect("Forest").events;
    assert_eq!(events, &[forest[0].clone(), forest[2].clone(), forest[1].clone()]);
    assert_eq!(g.points(), vec![0, 3]);
}

const AGLOVAL: &str = "legends/character/sir-agloval";
const ALISANDER: &str = "legends/character/sir-alisander";
const TURQUIN: &str = "legends/character/sir-turquin";

/// Facts for the movers: Agloval and Tor of De Gales, Alisander (Combat 4)
/// and Turquin (Combat 5).
fn movers() -> Facts {
    let mut f = Facts::default();
    f.characters.insert(AGLOVAL.into(), ch("de-gales", [2, 1, 1, 1, 1, 1]));
    f.characters.insert(ALISANDER.into(), ch("grey", [4, 0, 0, 0, 0, 0]));
    f.characters.insert(TURQUIN.into(), ch("grey", [5, 0, 0, 0, 0, 0]));
    f
}

#[test]
fn sir_agloval_moves_with_a_de_gales_knight_for_free_once_a_turn() {
    let (mut g, mut ctx) = at_cornwall(&[], &[]);
    ok(&mut g, &mut ctx, Command::Learn { facts: movers() });
    play(&mut g, &mut ctx, AGLOVAL, Location::Camelot);
    play(&mut g, &mut ctx, TOR, Location::Camelot);
    // Ugo's turn, then Anna's again.
    ok(&mut g, &mut ctx, Command::DrawEvent { card: fillers(5)[3].clone() });
    ok(&mut g, &mut ctx, Command::EndTurn);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: fillers(5)[4].clone() });
    let both = || vec![AGLOVAL.to_string(), TOR.to_string()];
    ok(&mut g, &mut ctx, Command::Move { cards: both(), to: Location::Cornwall });
    assert_eq!(turn(&g).actions, 0, "no action spent");
    // Once a turn: back again costs an action.
    ok(&mut g, &mut ctx, Command::Move { cards: both(), to: Location::Camelot });
    assert_eq!(turn(&g).actions, 1);
}

#[test]
fn sir_alisander_keeps_weaker_opposing_knights_out_of_the_forest() {
    let (mut g, mut ctx) = at_cornwall(&[], &[]);
    ok(&mut g, &mut ctx, Command::Learn { facts: movers() });
    play(&mut g, &mut ctx, ALISANDER, Location::PerilousForest);
    ok(&mut g, &mut ctx, Command::DrawCharacter);
    // Ugo: Bors (Combat 2) may not move in; Gawain played there may.
    ok(&mut g, &mut ctx, Command::DrawEvent { card: fillers(5)[3].clone() });
    let bors = Command::Move { cards: vec![BORS.into()], to: Location::PerilousForest };
    assert_eq!(refused(&g, &mut ctx, bors), no(LegendsError::Guarded { card: BORS.into() }));
    assert!(!g.legal().iter().any(|l| matches!(l.command(), Command::Move { to: Location::PerilousForest, .. })));
    // Played from the hand, Gawain goes in ("non ha alcun effetto sui
    // Cavalieri che vengono giocati direttamente dalla mano").
    play(&mut g, &mut ctx, GAWAIN, Location::PerilousForest);
    assert_eq!(g.company(Seat(1), Location::PerilousForest), [GAWAIN]);
}

#[test]
fn sir_turquin_takes_a_weaker_knight_prisoner_for_a_point_and_one_action() {
    let (mut g, mut ctx) = at_cornwall(&[], &[]);
    ok(&mut g, &mut ctx, Command::Learn { facts: movers() });
    play(&mut g, &mut ctx, TURQUIN, Location::PerilousForest);
    ok(&mut g, &mut ctx, Command::DrawCharacter);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: fillers(5)[3].clone() });
    ok(&mut g, &mut ctx, Command::Move { cards: vec![BORS.into()], to: Location::PerilousForest });
    ok(&mut g, &mut ctx, Command::EndTurn);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: fillers(5)[4].clone() });
    ok(&mut g, &mut ctx, Command::Strike { card: TURQUIN.into(), target: BORS.into() });
    assert_eq!(g.prisoners(), [BORS]);
    assert!(g.where_is(BORS).is_none());
    assert_eq!(g.points(), vec![1, 0]);
    assert_eq!(g.view().actions_left, 1);
    ok(&mut g, &mut ctx, Command::DrawCharacter);
    assert_eq!(turn(&g).seat, Seat(1), "one action, the turn passed");
    // Turquin discarded: his prisoners go with him.
    ok(&mut g, &mut ctx, Command::Remove { card: TURQUIN.into(), to_hand: false });
    assert!(g.prisoners().is_empty());
    assert_eq!(g.points(), vec![0, 0]);
}

#[test]
fn the_sword_in_the_stone_is_drawn_by_a_single_knight_who_becomes_high_king() {
    let sword = "legends/event/sword-in-the-stone";
    let galahad = "legends/character/sir-galahad";
    // Its place and the owner's requirement are test values; the single
    // knight's Combat + Chivalry 10 is its text's.
    let mut f = facts();
    f.events.insert(sword.into(), ev(EventType::Location, Some(Location::Camelot), &[(Skill::Combat, 6)], 0));
    f.characters.insert(galahad.into(), ch("grey", [5, 0, 0, 0, 5, 0]));
    let (mut g, mut ctx) = started_with(f, Location::Cornwall);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: sword.into() });
    play(&mut g, &mut ctx, KAY, Location::Camelot);
    play(&mut g, &mut ctx, LUCAN, Location::Camelot);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: fillers(1)[0].clone() });
    ok(&mut g, &mut ctx, Command::EndTurn);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: fillers(2)[1].clone() });
    // The company has Combat 6 and more, but no knight alone reaches 10:
    // Kay 3 + 1 (Lot) and 4, Lucan 1 + 1 and 3.
    let e = refused(&g, &mut ctx, Command::Complete { card: sword.into() });
    assert!(matches!(e, RuleError::CamelotLegends(LegendsError::NoLoneKnight { total: 10, .. })), "{e:?}");
    assert!(!g.view().places[0].events[0].met[0]);
    play(&mut g, &mut ctx, galahad, Location::Camelot);
    ok(&mut g, &mut ctx, Command::EndTurn);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: fillers(3)[2].clone() });
    ok(&mut g, &mut ctx, Command::EndTurn);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: fillers(4)[3].clone() });
    // Galahad: 5 + 1 (Lot) and 5: he alone qualifies, and is High King.
    ok(&mut g, &mut ctx, Command::Complete { card: sword.into() });
    assert_eq!(g.specials().get(&Special::HighKing).map(String::as_str), Some(galahad));
    assert!(g.player_states()[0].zone.is_empty(), "the event is discarded");
    assert_eq!(g.view().actions_left, 3);
}
