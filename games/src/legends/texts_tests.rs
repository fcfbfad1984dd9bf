//! Tests of the card texts that change the turn: Lady Lunete, the Love
//! Potion, Lady Ettard, Nimue, King Arthur and the Archbishop. Every card
//! fact here is a test value, not a real card's numbers.

use super::cards::{CharacterFacts, EventType, Facts, Location, Skill, Special};
use super::full_tests::{ch, ev, facts, fillers, no, ok, play, refused, started_with, turn};
use super::*;

const GAWAIN: &str = "legends/character/sir-gawain";
const KAY: &str = "legends/character/sir-kay";
const LYONESSE: &str = "legends/character/lady-lyonesse";
const LUNETE: &str = texts::LUNETE;
const LOT: &str = "legends/character/king-lot";

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

const AMOUR: &str = "legends/event/test-of-amour";

/// Test events to draw, other than Test of Amour.
fn others(n: usize) -> Vec<String> {
    fillers(24).into_iter().filter(|e| e != AMOUR).take(n).collect()
}

/// Anna's company at Camelot: Lot, Lunete, Gawain and Lyonesse (the lady
/// following Gawain in his action); Test of Amour waiting there (a test
/// event: 6 Combat, 2 points); Anna's turn again, its event drawn.
fn amour_ready() -> (Legends, Ctx<'static>) {
    let mut f = more_facts();
    f.events.insert(AMOUR.into(), ev(EventType::Location, Some(Location::Camelot), &[(Skill::Combat, 6)], 2));
    let (mut g, mut ctx) = started_with(f, Location::Cornwall);
    let draw = others(3);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: AMOUR.into() });
    play(&mut g, &mut ctx, LUNETE, Location::Camelot);
    play(&mut g, &mut ctx, GAWAIN, Location::Camelot);
    play(&mut g, &mut ctx, LYONESSE, Location::Camelot);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[0].clone() });
    ok(&mut g, &mut ctx, Command::EndTurn);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[1].clone() });
    (g, ctx)
}

#[test]
fn the_love_potion_s_knight_chooses_a_companion_and_the_pair_moves_free_once_a_turn() {
    let (mut g, mut ctx) = amour_ready();
    // Gawain is the only knight: the potion is his at once; two ladies
    // stand beside him, so Anna chooses.
    let events = ok(&mut g, &mut ctx, Command::Complete { card: AMOUR.into() });
    assert!(matches!(events.last(), Some(Event::CompanionAsked)), "{events:?}");
    crate::teach::testing::assert_explained(&g, "legends.companion");
    assert_eq!(g.specials().get(&Special::LovePotion).map(String::as_str), Some(GAWAIN));
    assert_eq!(refused(&g, &mut ctx, Command::DrawCharacter), no(LegendsError::CompanionFirst));
    assert_eq!(
        refused(&g, &mut ctx, Command::Companion { card: LOT.into() }),
        no(LegendsError::NotCompanion { card: LOT.into() })
    );
    let listed: Vec<Command> = g.legal().into_iter().map(|l| l.command().clone()).collect();
    assert!(listed.contains(&Command::Companion { card: LUNETE.into() }));
    assert!(listed.contains(&Command::Companion { card: LYONESSE.into() }));
    ok(&mut g, &mut ctx, Command::Companion { card: LYONESSE.into() });
    assert_eq!(g.potion_pair(), Some((GAWAIN.into(), LYONESSE.into())));
    // The pair moves together, alone, for free; once a turn.
    let pair = vec![GAWAIN.to_string(), LYONESSE.to_string()];
    let events = ok(&mut g, &mut ctx, Command::Move { cards: pair.clone(), to: Location::Cornwall });
    assert!(matches!(&events[..], [Event::Moved { free: true, .. }]), "{events:?}");
    assert_eq!(turn(&g).actions, 0);
    ok(&mut g, &mut ctx, Command::Move { cards: pair, to: Location::Camelot });
    assert_eq!(turn(&g).actions, 1);
    // Gawain with another: an action as usual.
    ok(&mut g, &mut ctx, Command::Move { cards: vec![GAWAIN.into(), LUNETE.into()], to: Location::Cornwall });
    assert_eq!(turn(&g).seat, Seat(1));
}

#[test]
fn the_love_potion_s_pair_is_discarded_together() {
    let (mut g, mut ctx) = amour_ready();
    ok(&mut g, &mut ctx, Command::Complete { card: AMOUR.into() });
    ok(&mut g, &mut ctx, Command::Companion { card: LYONESSE.into() });
    // The lady discarded by a card's text: her knight goes with her, and
    // the potion back beside the board.
    ok(&mut g, &mut ctx, Command::Remove { card: LYONESSE.into(), to_hand: false });
    assert_eq!(g.company(Seat(0), Location::Camelot), [LOT, LUNETE]);
    assert!(g.character_discard().ends_with(&[LYONESSE.to_string(), GAWAIN.to_string()]));
    assert_eq!(g.specials().get(&Special::LovePotion), None);
    assert_eq!(g.potion_pair(), None);
}

#[test]
fn the_love_potion_s_companion_is_chosen_at_once_when_one_lady_stands_there() {
    let (mut g, mut ctx) = amour_ready();
    // Lunete goes back to the hand first: Lyonesse is the only lady.
    ok(&mut g, &mut ctx, Command::Remove { card: LUNETE.into(), to_hand: true });
    let events = ok(&mut g, &mut ctx, Command::Complete { card: AMOUR.into() });
    assert!(matches!(events.last(), Some(Event::CompanionChosen { card }) if card == LYONESSE), "{events:?}");
    // Back to the hand is no discard: the pair ends, the knight stays.
    ok(&mut g, &mut ctx, Command::Remove { card: LYONESSE.into(), to_hand: true });
    assert_eq!(g.company(Seat(0), Location::Camelot), [LOT, GAWAIN]);
    assert_eq!(g.potion_pair(), None);
}

const BORS: &str = "legends/character/sir-bors";
const SAGRAMORE: &str = "legends/character/sir-sagramore";
/// A test event at Camelot whose text does nothing Tavola carries out.
const AT_CAMELOT: &str = "legends/event/the-questing-beast";

/// Test events to draw, other than those these tests set up.
fn plain(n: usize) -> Vec<String> {
    // Events whose effects Tavola carries out would ask for choices.
    let carried_out = effects::CARRIED_OUT;
    fillers(30)
        .into_iter()
        .filter(|e| e != AMOUR && e != AT_CAMELOT && !carried_out.contains(&e.as_str()))
        // A single knight's event is completed on its text's terms.
        .filter(|e| !cards::single_knight(e))
        .take(n)
        .collect()
}

/// Facts with Lady Ettard, Nimue, King Arthur and the Archbishop (test
/// values), and the Questing Beast as a test event at Camelot (6 Combat, 3
/// points).
fn spell_facts() -> Facts {
    let mut f = more_facts();
    f.characters.insert(texts::ETTARD.into(), lady([0, 1, 1, 2, 0, 2]));
    f.characters.insert(texts::NIMUE.into(), lady([0, 1, 1, 2, 0, 4]));
    f.characters.insert(texts::ARTHUR.into(), ch("none", [2, 2, 2, 2, 2, 2]));
    f.characters.insert(texts::ARCHBISHOP.into(), ch("none", [0, 2, 0, 1, 1, 3]));
    f.events.insert(AT_CAMELOT.into(), ev(EventType::Location, Some(Location::Camelot), &[(Skill::Combat, 6)], 3));
    f
}

fn listed(g: &Legends) -> Vec<Command> {
    g.legal().into_iter().map(|l| l.command().clone()).collect()
}

#[test]
fn lady_ettard_played_bewitches_a_knight_who_stays_while_she_does() {
    let (mut g, mut ctx) = started_with(spell_facts(), Location::Cornwall);
    let draw = plain(4);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[0].clone() });
    ok(&mut g, &mut ctx, Command::DrawCharacter);
    // Her play is the last action; the turn waits for her spell.
    play(&mut g, &mut ctx, texts::ETTARD, Location::Cornwall);
    assert_eq!(turn(&g).seat, Seat(0));
    let spell = Command::Spell { card: texts::ETTARD.into(), target: BORS.into() };
    assert!(listed(&g).contains(&spell));
    // Lot stands at Camelot, not beside her.
    assert_eq!(
        refused(&g, &mut ctx, Command::Spell { card: texts::ETTARD.into(), target: LOT.into() }),
        no(LegendsError::WrongTarget { card: texts::ETTARD.into() })
    );
    let events = ok(&mut g, &mut ctx, spell.clone());
    assert!(matches!(events.last(), Some(Event::TurnPassed { to: Seat(1) })), "{events:?}");
    assert_eq!(g.bewitched(), Some(BORS));
    // Ugo's Bors cannot move away while she stays at Cornwall.
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[1].clone() });
    let away = Command::Move { cards: vec![BORS.into()], to: Location::Camelot };
    assert_eq!(refused(&g, &mut ctx, away.clone()), no(LegendsError::Bewitched { card: BORS.into() }));
    assert!(!listed(&g).iter().any(|c| matches!(c, Command::Move { cards, .. } if cards.contains(&BORS.to_string()))));
    ok(&mut g, &mut ctx, Command::EndTurn);
    // Her spell comes only as she is played.
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[2].clone() });
    assert_eq!(refused(&g, &mut ctx, spell), no(LegendsError::SpellNotNow { card: texts::ETTARD.into() }));
    // She leaves Cornwall: the spell is over for good.
    ok(&mut g, &mut ctx, Command::Move { cards: vec![texts::ETTARD.into()], to: Location::Camelot });
    assert_eq!(g.bewitched(), None);
    ok(&mut g, &mut ctx, Command::EndTurn);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[3].clone() });
    ok(&mut g, &mut ctx, away);
}

#[test]
fn nimue_negates_a_man_s_text_until_her_player_s_next_turn() {
    let (mut g, mut ctx) = started_with(spell_facts(), Location::Cornwall);
    let draw = plain(6);
    let combat = |g: &Legends| g.totals(Seat(0), Location::Camelot)[Skill::Combat as usize];
    // Anna: Gawain beside King Lot, who adds +1 Combat: 1 + 4 + 1.
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[0].clone() });
    play(&mut g, &mut ctx, GAWAIN, Location::Camelot);
    ok(&mut g, &mut ctx, Command::EndTurn);
    assert_eq!(combat(&g), 6);
    // Ugo plays Nimue at Camelot, and next turn casts her spell on Lot.
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[1].clone() });
    play(&mut g, &mut ctx, texts::NIMUE, Location::Camelot);
    ok(&mut g, &mut ctx, Command::EndTurn);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[2].clone() });
    ok(&mut g, &mut ctx, Command::EndTurn);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[3].clone() });
    // A lady is no man.
    assert_eq!(
        refused(&g, &mut ctx, Command::Spell { card: texts::NIMUE.into(), target: texts::NIMUE.into() }),
        no(LegendsError::WrongTarget { card: texts::NIMUE.into() })
    );
    let spell = Command::Spell { card: texts::NIMUE.into(), target: LOT.into() };
    assert!(listed(&g).contains(&spell));
    ok(&mut g, &mut ctx, spell);
    assert_eq!(combat(&g), 5, "Lot's bonus is gone; his own Combat still counts");
    assert_eq!(
        refused(&g, &mut ctx, Command::Spell { card: texts::NIMUE.into(), target: GAWAIN.into() }),
        no(LegendsError::AbilityUsed { card: texts::NIMUE.into() })
    );
    ok(&mut g, &mut ctx, Command::EndTurn);
    // Through Anna's turn, then over when Ugo's begins.
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[4].clone() });
    assert_eq!(combat(&g), 5);
    ok(&mut g, &mut ctx, Command::EndTurn);
    assert_eq!(g.silenced().count(), 0);
    assert_eq!(combat(&g), 6);
}

#[test]
fn king_arthur_becomes_high_king_once_a_game_with_two_other_knights() {
    let (mut g, mut ctx) = started_with(spell_facts(), Location::Cornwall);
    let draw = plain(7);
    let crown = Command::Crown { card: texts::ARTHUR.into(), event: None };
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[0].clone() });
    play(&mut g, &mut ctx, texts::ARTHUR, Location::Camelot);
    play(&mut g, &mut ctx, GAWAIN, Location::Camelot);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[1].clone() });
    ok(&mut g, &mut ctx, Command::EndTurn);
    // One other knight is not two (King Lot is of no alliance).
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[2].clone() });
    assert_eq!(refused(&g, &mut ctx, crown.clone()), no(LegendsError::ArthurKnights));
    assert!(!listed(&g).contains(&crown));
    play(&mut g, &mut ctx, SAGRAMORE, Location::Camelot);
    ok(&mut g, &mut ctx, Command::EndTurn);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[3].clone() });
    ok(&mut g, &mut ctx, Command::EndTurn);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[4].clone() });
    assert!(listed(&g).contains(&crown));
    ok(&mut g, &mut ctx, crown.clone());
    assert_eq!(g.specials().get(&Special::HighKing).map(String::as_str), Some(texts::ARTHUR));
    // At Camelot, the High King's third action.
    assert_eq!(g.actions_allowed(Seat(0)), 3);
    // The card put back, Arthur cannot take it again.
    ok(&mut g, &mut ctx, Command::GiveSpecial { special: Special::HighKing, card: None });
    ok(&mut g, &mut ctx, Command::EndTurn);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[5].clone() });
    ok(&mut g, &mut ctx, Command::EndTurn);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[6].clone() });
    assert_eq!(refused(&g, &mut ctx, crown), no(LegendsError::AbilityUsed { card: texts::ARTHUR.into() }));
}

#[test]
fn the_archbishop_spends_an_event_of_the_zone_to_crown_the_best_knight_at_camelot() {
    let (mut g, mut ctx) = started_with(spell_facts(), Location::Cornwall);
    let draw = plain(3);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: AT_CAMELOT.into() });
    play(&mut g, &mut ctx, texts::ARCHBISHOP, Location::Camelot);
    play(&mut g, &mut ctx, GAWAIN, Location::Camelot);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[0].clone() });
    ok(&mut g, &mut ctx, Command::EndTurn);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[1].clone() });
    ok(&mut g, &mut ctx, Command::Complete { card: AT_CAMELOT.into() });
    assert_eq!(g.points()[0], 3);
    ok(&mut g, &mut ctx, Command::EndTurn);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[2].clone() });
    ok(&mut g, &mut ctx, Command::EndTurn);
    let other = plain(4)[3].clone();
    ok(&mut g, &mut ctx, Command::DrawEvent { card: other.clone() });
    // An event is spent, one of the zone.
    let arch = || texts::ARCHBISHOP.to_string();
    assert_eq!(
        refused(&g, &mut ctx, Command::Crown { card: arch(), event: None }),
        no(LegendsError::WrongTarget { card: arch() })
    );
    assert_eq!(
        refused(&g, &mut ctx, Command::Crown { card: arch(), event: Some(other.clone()) }),
        no(LegendsError::NotInZone { card: other })
    );
    let crown = Command::Crown { card: arch(), event: Some(AT_CAMELOT.into()) };
    assert!(listed(&g).contains(&crown));
    ok(&mut g, &mut ctx, crown);
    // Gawain, the only knight at Camelot, is High King; the Archbishop and
    // the event are discarded: 3 points traded for the High King's 2.
    assert_eq!(g.specials().get(&Special::HighKing).map(String::as_str), Some(GAWAIN));
    assert_eq!(g.company(Seat(0), Location::Camelot), [LOT, GAWAIN]);
    assert!(g.player_states()[0].zone.is_empty());
    assert_eq!(g.points()[0], 2);
}

#[test]
fn the_single_knight_s_events_are_asked_their_place_and_level_but_no_requirement() {
    use crate::facts::{check, kind_of, FactBook};
    let cards = Catalog::builtin();
    for card in ["legends/event/sword-in-the-stone", "legends/event/lady-of-the-lake", "legends/event/irish-alliance"] {
        let kind = kind_of(GameKind::CamelotLegends.fact_kinds(), card).expect(card);
        let keys: Vec<&str> = kind.fields.iter().map(|f| f.key).collect();
        assert_eq!(keys, ["location", "victory_points", "level"], "{card}");
        // The owner's answers, test values: read back as a location event
        // with no requirement, which Tavola completes by the stated total.
        let mut f = serde_json::Map::new();
        f.insert("location".into(), serde_json::json!("camelot"));
        f.insert("level".into(), serde_json::json!("normal"));
        assert!(check(GameKind::CamelotLegends.fact_kinds(), cards, card, &f).is_ok(), "{card}");
        let mut book = FactBook::default();
        book.set(card.to_string(), f);
        let facts = Facts::from_book(&book, cards);
        let e = facts.events.get(card).expect(card);
        assert_eq!((e.event_type, e.location, e.requirements.len()), (EventType::Location, Some(Location::Camelot), 0));
        // And back into a book the form accepts.
        let again = facts.to_book();
        let f = again.get(card).expect(card);
        assert!(check(GameKind::CamelotLegends.fact_kinds(), cards, card, f).is_ok(), "{card}: {f:?}");
    }
    // Another event is still asked its requirement.
    let kind = kind_of(GameKind::CamelotLegends.fact_kinds(), "legends/event/assassination").expect("an event");
    assert!(kind.fields.iter().any(|f| f.key == "requirement"));
}

#[test]
fn la_cote_male_taile_discards_the_event_with_the_fewest_points_and_himself() {
    let mut f = spell_facts();
    let draw = plain(3);
    f.characters.insert(texts::COTE_MALE_TAILE.into(), ch("grey", [2, 1, 1, 1, 1, 1]));
    // Test values: the first event drawn is worth 2 points, the others 1.
    f.events.insert(draw[0].clone(), ev(EventType::Location, Some(Location::Cornwall), &[(Skill::Psyche, 18)], 2));
    let (mut g, mut ctx) = started_with(f, Location::Camelot);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[0].clone() });
    play(&mut g, &mut ctx, texts::COTE_MALE_TAILE, Location::Cornwall);
    ok(&mut g, &mut ctx, Command::EndTurn);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[1].clone() });
    ok(&mut g, &mut ctx, Command::EndTurn);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[2].clone() });
    let scrap = |e: &String| Command::Scrap { card: texts::COTE_MALE_TAILE.into(), event: e.clone() };
    // The 2-point event is not the fewest; either 1-point event is.
    assert_eq!(refused(&g, &mut ctx, scrap(&draw[0])), no(LegendsError::NotFewestPoints { card: draw[0].clone() }));
    let offered: Vec<Command> = listed(&g).into_iter().filter(|c| matches!(c, Command::Scrap { .. })).collect();
    assert_eq!(offered, [scrap(&draw[1]), scrap(&draw[2])]);
    ok(&mut g, &mut ctx, scrap(&draw[1]));
    assert_eq!(g.place(Location::Cornwall).expect("Cornwall").events, [draw[0].clone(), draw[2].clone()]);
    assert!(g.where_is(texts::COTE_MALE_TAILE).is_none());
    assert_eq!(g.character_discard().last().map(String::as_str), Some(texts::COTE_MALE_TAILE));
}

#[test]
fn queen_morgause_takes_a_card_and_sir_breunis_makes_one_discarded_then_goes_back_to_the_hand() {
    let mut f = spell_facts();
    f.characters.insert(texts::MORGAUSE.into(), lady([0, 2, 1, 3, 0, 2]));
    f.characters.insert(texts::BREUNIS.into(), ch("grey", [2, 0, 2, 3, 0, 1]));
    let (mut g, mut ctx) = started_with(f, Location::Cornwall);
    let draw = plain(3);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[0].clone() });
    play(&mut g, &mut ctx, texts::MORGAUSE, Location::Camelot);
    play(&mut g, &mut ctx, texts::BREUNIS, Location::Camelot);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[1].clone() });
    ok(&mut g, &mut ctx, Command::EndTurn);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[2].clone() });
    let hands = |g: &Legends| (g.player_states()[0].hand, g.player_states()[1].hand);
    assert_eq!(hands(&g), (2, 4));
    let raid = |card: &str, s: u8| Command::Raid { card: card.into(), seat: Seat(s) };
    assert_eq!(
        refused(&g, &mut ctx, raid(texts::BREUNIS, 0)),
        no(LegendsError::WrongTarget { card: texts::BREUNIS.into() })
    );
    assert!(listed(&g).contains(&raid(texts::MORGAUSE, 1)));
    // Morgause takes one of Ugo's cards and is discarded.
    ok(&mut g, &mut ctx, raid(texts::MORGAUSE, 1));
    assert_eq!(hands(&g), (3, 3));
    assert_eq!(g.character_discard().last().map(String::as_str), Some(texts::MORGAUSE));
    // Breunis makes Ugo discard one and goes back to Anna's hand.
    ok(&mut g, &mut ctx, raid(texts::BREUNIS, 1));
    assert_eq!(hands(&g), (4, 2));
    assert!(g.where_is(texts::BREUNIS).is_none());
    assert_ne!(g.character_discard().last().map(String::as_str), Some(texts::BREUNIS));
    assert_eq!(g.company(Seat(0), Location::Camelot), [LOT]);
}

#[test]
fn sir_dagonet_takes_the_place_and_the_special_cards_of_another_player_s_character() {
    let mut f = spell_facts();
    f.characters.insert(texts::DAGONET.into(), ch("grey", [1, 1, 1, 1, 1, 1]));
    let (mut g, mut ctx) = started_with(f, Location::Cornwall);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: plain(1)[0].clone() });
    // The host's correction: Ugo's Bors holds Excalibur.
    ok(&mut g, &mut ctx, Command::GiveSpecial { special: Special::Excalibur, card: Some(BORS.into()) });
    let replace = |t: &str| Command::Replace { target: t.into() };
    // Nothing laid, then a card other than Sir Dagonet.
    assert_eq!(refused(&g, &mut ctx, replace(BORS)), no(LegendsError::NothingLaid));
    ok(&mut g, &mut ctx, Command::Lay { card: KAY.into() });
    assert_eq!(refused(&g, &mut ctx, replace(BORS)), no(LegendsError::NoAbility { card: KAY.into() }));
    ok(&mut g, &mut ctx, Command::Lay { card: texts::DAGONET.into() });
    // Only another player's character: Anna's own Lot is not offered.
    let offered: Vec<Command> = listed(&g).into_iter().filter(|c| matches!(c, Command::Replace { .. })).collect();
    assert_eq!(offered, [replace(BORS)]);
    assert_eq!(refused(&g, &mut ctx, replace(LOT)), no(LegendsError::WrongTarget { card: texts::DAGONET.into() }));
    let hand = g.player_states()[0].hand;
    ok(&mut g, &mut ctx, replace(BORS));
    assert_eq!(g.company(Seat(1), Location::Cornwall), [texts::DAGONET.to_string()]);
    assert_eq!(g.where_is(texts::DAGONET), Some((Seat(1), Location::Cornwall)));
    assert_eq!(g.character_discard().last().map(String::as_str), Some(BORS));
    assert_eq!(g.specials().get(&Special::Excalibur).map(String::as_str), Some(texts::DAGONET));
    assert_eq!(g.player_states()[0].hand, hand - 1);
    assert_eq!(turn(&g).actions, 1);
}

/// Facts with the White Knight, Hellawes and Dame Bragwaine (test values).
fn rescue_facts() -> Facts {
    let mut f = spell_facts();
    f.characters.insert(texts::WHITE_KNIGHT.into(), ch("grey", [2, 1, 1, 1, 1, 1]));
    f.characters.insert(texts::HELLAWES.into(), lady([0, 1, 1, 2, 0, 2]));
    f.characters.insert(texts::BRAGWAINE.into(), lady([0, 2, 1, 1, 0, 1]));
    f
}

/// Anna's second turn, her event drawn, with `cards` played (Anna's
/// first turn) at their locations.
fn second_turn(cards: &[(&str, Location)]) -> (Legends, Ctx<'static>) {
    let (mut g, mut ctx) = started_with(rescue_facts(), Location::Cornwall);
    let draw = plain(3);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[0].clone() });
    for (card, l) in cards {
        play(&mut g, &mut ctx, card, *l);
    }
    if turn(&g).seat == Seat(0) {
        ok(&mut g, &mut ctx, Command::EndTurn);
    }
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[1].clone() });
    ok(&mut g, &mut ctx, Command::EndTurn);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[2].clone() });
    (g, ctx)
}

#[test]
fn a_knight_from_the_hand_takes_the_white_knight_s_place_and_special_cards_spending_no_action() {
    let (mut g, mut ctx) = second_turn(&[(texts::WHITE_KNIGHT, Location::Cornwall)]);
    ok(&mut g, &mut ctx, Command::GiveSpecial { special: Special::Excalibur, card: Some(texts::WHITE_KNIGHT.into()) });
    let successor = Command::Replace { target: texts::WHITE_KNIGHT.into() };
    // A lady is not a knight.
    ok(&mut g, &mut ctx, Command::Lay { card: LUNETE.into() });
    assert!(!listed(&g).contains(&successor));
    assert_eq!(refused(&g, &mut ctx, successor.clone()), no(LegendsError::NotAKnight { card: LUNETE.into() }));
    // Sir Kay, laid: his place is offered, and taken.
    ok(&mut g, &mut ctx, Command::Lay { card: KAY.into() });
    assert!(listed(&g).contains(&successor));
    let hand = g.player_states()[0].hand;
    let events = ok(&mut g, &mut ctx, successor);
    assert!(matches!(&events[..], [Event::Replaced { card, .. }] if card == KAY), "{events:?}");
    assert_eq!(g.company(Seat(0), Location::Cornwall), [KAY.to_string()]);
    assert_eq!(g.specials().get(&Special::Excalibur).map(String::as_str), Some(KAY));
    assert_eq!(g.character_discard().last().map(String::as_str), Some(texts::WHITE_KNIGHT));
    assert_eq!(g.player_states()[0].hand, hand - 1);
    // No action spent: both are still there.
    assert_eq!(turn(&g).actions, 0);
    assert!(listed(&g).contains(&Command::DrawCharacter));
}

#[test]
fn the_white_knight_is_replaced_only_before_the_actions() {
    let (mut g, mut ctx) = second_turn(&[(texts::WHITE_KNIGHT, Location::Cornwall)]);
    ok(&mut g, &mut ctx, Command::DrawCharacter);
    ok(&mut g, &mut ctx, Command::Lay { card: KAY.into() });
    let successor = Command::Replace { target: texts::WHITE_KNIGHT.into() };
    assert!(!listed(&g).contains(&successor));
    assert_eq!(refused(&g, &mut ctx, successor), no(LegendsError::AbilitiesOver));
    assert_eq!(g.company(Seat(0), Location::Cornwall), [texts::WHITE_KNIGHT.to_string()]);
}

#[test]
fn hellawes_in_the_forest_is_discarded_for_a_character_of_the_discard_pile_the_hand_count_kept() {
    let (mut g, mut ctx) = second_turn(&[(texts::HELLAWES, Location::PerilousForest)]);
    let recall = Command::Recall { card: texts::HELLAWES.into() };
    assert!(listed(&g).contains(&recall));
    let hand = g.player_states()[0].hand;
    let events = ok(&mut g, &mut ctx, recall);
    assert!(matches!(&events[..], [Event::Recalled { seat: Seat(0), .. }]), "{events:?}");
    assert!(g.where_is(texts::HELLAWES).is_none());
    assert_eq!(g.character_discard().last().map(String::as_str), Some(texts::HELLAWES));
    assert_eq!(g.player_states()[0].hand, hand);
    assert_eq!(turn(&g).actions, 0);
    // Elsewhere than the Forest, her text is silent.
    let (g, mut ctx) = second_turn(&[(texts::HELLAWES, Location::Camelot)]);
    let recall = Command::Recall { card: texts::HELLAWES.into() };
    assert!(!listed(&g).contains(&recall));
    assert_eq!(refused(&g, &mut ctx, recall), no(LegendsError::NotInForest { card: texts::HELLAWES.into() }));
}

#[test]
fn dame_bragwaine_brings_a_knight_to_her_location_for_free_and_leaves_at_the_end_of_the_turn() {
    let (mut g, mut ctx) = second_turn(&[(texts::BRAGWAINE, Location::Cornwall), (GAWAIN, Location::Camelot)]);
    let summon = |t: &str| Command::Summon { card: texts::BRAGWAINE.into(), target: t.into() };
    // Only her player's knights elsewhere: Sir Gawain, not King Lot (no
    // knight in these test values) nor Ugo's Sir Bors.
    let offered: Vec<Command> = listed(&g).into_iter().filter(|c| matches!(c, Command::Summon { .. })).collect();
    assert_eq!(offered, [summon(GAWAIN)]);
    assert_eq!(refused(&g, &mut ctx, summon(BORS)), no(LegendsError::NotYours { card: BORS.into() }));
    assert_eq!(refused(&g, &mut ctx, summon(LOT)), no(LegendsError::NotAKnight { card: LOT.into() }));
    let events = ok(&mut g, &mut ctx, summon(GAWAIN));
    assert!(matches!(&events[..], [Event::Summoned { from: Location::Camelot, to: Location::Cornwall, .. }]));
    assert_eq!(g.where_is(GAWAIN), Some((Seat(0), Location::Cornwall)));
    assert_eq!(turn(&g).actions, 0);
    assert_eq!(refused(&g, &mut ctx, summon(GAWAIN)), no(LegendsError::AbilityUsed { card: texts::BRAGWAINE.into() }));
    // She is discarded as the turn ends; Sir Gawain stays.
    let events = ok(&mut g, &mut ctx, Command::EndTurn);
    assert!(events.iter().any(
        |e| matches!(e, Event::Discarded { cards, why: Gone::EndOfTurn } if cards == &[texts::BRAGWAINE.to_string()])
    ));
    assert!(g.where_is(texts::BRAGWAINE).is_none());
    assert_eq!(g.where_is(GAWAIN), Some((Seat(0), Location::Cornwall)));
}

/// A game where Cornwall's events need 6 Combat and are worth 1 point
/// (test values), Sir Balin (test values, 6 Combat) laid by Anna at
/// Cornwall in her first turn; Ugo's Sir Bors there completes one event in each of his
/// turns, `ugo` turns in all. Anna's next turn, her event drawn.
fn balin_game(ugo: usize) -> (Legends, Ctx<'static>, Vec<String>) {
    let mut f = rescue_facts();
    f.characters.insert(texts::BALIN.into(), ch("grey", [6, 1, 1, 1, 1, 1]));
    f.characters.insert(BORS.into(), ch("de-ganis", [6, 2, 2, 2, 2, 2]));
    let draw = plain(2 * ugo + 2);
    for e in &draw {
        f.events.insert(e.clone(), ev(EventType::Location, Some(Location::Cornwall), &[(Skill::Combat, 6)], 1));
    }
    let (mut g, mut ctx) = started_with(f, Location::Cornwall);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[0].clone() });
    play(&mut g, &mut ctx, texts::BALIN, Location::Cornwall);
    ok(&mut g, &mut ctx, Command::EndTurn);
    for i in 0..ugo {
        ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[2 * i + 1].clone() });
        ok(&mut g, &mut ctx, Command::Complete { card: draw[2 * i].clone() });
        ok(&mut g, &mut ctx, Command::EndTurn);
        ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[2 * i + 2].clone() });
        if i + 1 < ugo {
            ok(&mut g, &mut ctx, Command::EndTurn);
        }
    }
    (g, ctx, draw)
}

#[test]
fn sir_balin_is_discarded_with_the_event_his_company_completed_and_the_others_lose_one() {
    let (mut g, mut ctx, draw) = balin_game(1);
    let renounce = Command::Renounce { card: texts::BALIN.into() };
    assert_eq!(refused(&g, &mut ctx, renounce.clone()), no(LegendsError::RenounceNotNow));
    ok(&mut g, &mut ctx, Command::Complete { card: draw[1].clone() });
    assert!(listed(&g).contains(&renounce));
    let events = ok(&mut g, &mut ctx, renounce);
    // Ugo holds one event: it goes at once.
    assert!(
        matches!(&events[..], [Event::Renounced { lost, .. }, Event::Forfeited { seat: Seat(1), lost: other }]
            if *lost == draw[1] && *other == draw[0]),
        "{events:?}"
    );
    assert!(g.where_is(texts::BALIN).is_none());
    assert!(g.player_states().iter().all(|p| p.zone.is_empty()));
    assert!(g.view().discarded.ends_with(&[draw[1].clone(), draw[0].clone()]));
    // The turn goes on: two actions left.
    assert!(listed(&g).contains(&Command::DrawCharacter));
}

#[test]
fn sir_balin_s_sacrifice_asks_a_player_with_several_events_which_to_discard() {
    let (mut g, mut ctx, draw) = balin_game(2);
    assert_eq!(g.player_states()[1].zone, [draw[0].clone(), draw[2].clone()]);
    ok(&mut g, &mut ctx, Command::Complete { card: draw[3].clone() });
    let events = ok(&mut g, &mut ctx, Command::Renounce { card: texts::BALIN.into() });
    assert_eq!(events.len(), 1, "{events:?}");
    assert_eq!(g.forfeit_due(), Some(Seat(1)));
    crate::teach::testing::assert_explained(&g, "legends.forfeit");
    let forfeits: Vec<Command> = listed(&g).into_iter().filter(|c| matches!(c, Command::Forfeit { .. })).collect();
    assert_eq!(forfeits, [Command::Forfeit { event: draw[0].clone() }, Command::Forfeit { event: draw[2].clone() }]);
    // Nothing else goes on until Ugo has chosen.
    assert_eq!(refused(&g, &mut ctx, Command::DrawCharacter), no(LegendsError::ForfeitFirst));
    assert_eq!(
        refused(&g, &mut ctx, Command::Forfeit { event: draw[3].clone() }),
        no(LegendsError::NotInZone { card: draw[3].clone() })
    );
    ok(&mut g, &mut ctx, Command::Forfeit { event: draw[2].clone() });
    assert_eq!(g.player_states()[1].zone, [draw[0].clone()]);
    assert_eq!(g.forfeit_due(), None);
    ok(&mut g, &mut ctx, Command::DrawCharacter);
}

#[test]
fn sir_balin_s_offer_closes_with_the_next_command() {
    let (mut g, mut ctx, draw) = balin_game(1);
    ok(&mut g, &mut ctx, Command::Complete { card: draw[1].clone() });
    ok(&mut g, &mut ctx, Command::DrawCharacter);
    let renounce = Command::Renounce { card: texts::BALIN.into() };
    assert!(!listed(&g).contains(&renounce));
    assert_eq!(refused(&g, &mut ctx, renounce), no(LegendsError::RenounceNotNow));
    assert_eq!(g.player_states()[0].zone, [draw[1].clone()]);
    assert_eq!(g.where_is(texts::BALIN), Some((Seat(0), Location::Cornwall)));
}

/// Anna's second turn, her event drawn, Ugo having played `cards` at
/// Cornwall beside Sir Bors in his first turn (test values).
fn ugo_played(cards: &[&str]) -> (Legends, Ctx<'static>) {
    let mut f = rescue_facts();
    f.characters.insert(texts::PRIAMUS.into(), ch("grey", [2, 1, 1, 1, 1, 1]));
    f.characters.insert(texts::LAMBEGUS.into(), ch("cornish", [2, 1, 1, 1, 1, 1]));
    let (mut g, mut ctx) = started_with(f, Location::Cornwall);
    let draw = plain(3);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[0].clone() });
    ok(&mut g, &mut ctx, Command::EndTurn);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[1].clone() });
    for card in cards {
        play(&mut g, &mut ctx, card, Location::Cornwall);
    }
    if turn(&g).seat == Seat(1) {
        ok(&mut g, &mut ctx, Command::EndTurn);
    }
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[2].clone() });
    (g, ctx)
}

fn discard(card: &str) -> Command {
    Command::Remove { card: card.into(), to_hand: false }
}

#[test]
fn sir_priamus_brings_a_discarded_companion_back_to_the_hand_once_in_an_opponent_s_turn() {
    let (mut g, mut ctx) = ugo_played(&[texts::PRIAMUS, GAWAIN]);
    ok(&mut g, &mut ctx, discard(BORS));
    let r = g.rescue().expect("Sir Priamus' offer");
    crate::teach::testing::assert_explained(&g, "legends.rescue");
    assert_eq!((r.by.as_str(), r.seat, r.card.as_str()), (texts::PRIAMUS, Seat(1), BORS));
    // The offer is answered before anything else.
    assert_eq!(
        refused(&g, &mut ctx, Command::DrawCharacter),
        no(LegendsError::RescueFirst { card: texts::PRIAMUS.into() })
    );
    let rescues: Vec<Command> = listed(&g).into_iter().filter(|c| matches!(c, Command::Rescue { .. })).collect();
    assert_eq!(rescues, [Command::Rescue { take: true }, Command::Rescue { take: false }]);
    let hand = g.player_states()[1].hand;
    let events = ok(&mut g, &mut ctx, Command::Rescue { take: true });
    assert!(matches!(&events[..], [Event::Rescued { taken: true, .. }]), "{events:?}");
    assert!(!g.character_discard().contains(&BORS.to_string()));
    assert_eq!(g.player_states()[1].hand, hand);
    assert!(g.rescue().is_none());
    // Once a turn: Sir Gawain, discarded next, stays in the pile.
    ok(&mut g, &mut ctx, discard(GAWAIN));
    assert!(g.rescue().is_none());
    ok(&mut g, &mut ctx, Command::DrawCharacter);
}

#[test]
fn sir_priamus_does_nothing_in_his_own_player_s_turn() {
    let (mut g, mut ctx) = ugo_played(&[texts::PRIAMUS, GAWAIN]);
    ok(&mut g, &mut ctx, Command::EndTurn);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: plain(4)[3].clone() });
    assert_eq!(turn(&g).seat, Seat(1));
    ok(&mut g, &mut ctx, discard(BORS));
    assert!(g.rescue().is_none());
}

#[test]
fn sir_lambegus_is_discarded_in_a_knight_s_place_who_keeps_his_special_cards() {
    let (mut g, mut ctx) = ugo_played(&[texts::LAMBEGUS, GAWAIN]);
    ok(&mut g, &mut ctx, Command::GiveSpecial { special: Special::Excalibur, card: Some(GAWAIN.into()) });
    ok(&mut g, &mut ctx, discard(GAWAIN));
    assert_eq!(g.specials().get(&Special::Excalibur), None);
    let r = g.rescue().expect("Sir Lambegus' offer");
    assert_eq!((r.by.as_str(), r.card.as_str()), (texts::LAMBEGUS, GAWAIN));
    ok(&mut g, &mut ctx, Command::Rescue { take: true });
    assert_eq!(g.where_is(GAWAIN), Some((Seat(1), Location::Cornwall)));
    assert_eq!(g.specials().get(&Special::Excalibur).map(String::as_str), Some(GAWAIN));
    assert!(g.where_is(texts::LAMBEGUS).is_none());
    assert_eq!(g.character_discard().last().map(String::as_str), Some(texts::LAMBEGUS));
    assert!(!g.character_discard().contains(&GAWAIN.to_string()));
}

#[test]
fn sir_lambegus_offer_declined_leaves_the_knight_discarded() {
    let (mut g, mut ctx) = ugo_played(&[texts::LAMBEGUS, GAWAIN]);
    ok(&mut g, &mut ctx, discard(BORS));
    assert_eq!(g.rescue().map(|r| r.card.as_str()), Some(BORS));
    let events = ok(&mut g, &mut ctx, Command::Rescue { take: false });
    assert!(matches!(&events[..], [Event::Rescued { taken: false, .. }]), "{events:?}");
    assert!(g.rescue().is_none());
    assert!(g.where_is(BORS).is_none());
    assert_eq!(g.where_is(texts::LAMBEGUS), Some((Seat(1), Location::Cornwall)));
    assert_eq!(refused(&g, &mut ctx, Command::Rescue { take: true }), no(LegendsError::NoRescue));
}

#[test]
fn sir_dagonet_bid_takes_the_place_of_a_character_already_bid_in_that_bid() {
    const FRENCH: &str = "legends/event/french-delegation";
    const LUCAN: &str = "legends/character/sir-lucan";
    let mut f = rescue_facts();
    f.characters.insert(texts::DAGONET.into(), ch("grey", [1, 1, 1, 1, 1, 1]));
    let (mut g, mut ctx) = started_with(f, Location::Cornwall);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: FRENCH.into() });
    // Nobody has bid yet: he has no place to take.
    assert_eq!(
        refused(&g, &mut ctx, Command::Bid { card: texts::DAGONET.into() }),
        no(LegendsError::DagonetNothingBid)
    );
    ok(&mut g, &mut ctx, Command::Bid { card: LUCAN.into() });
    let events = ok(&mut g, &mut ctx, Command::Bid { card: texts::DAGONET.into() });
    assert!(matches!(&events[..], [Event::DagonetBid { seat: Seat(1), from: None }]), "{events:?}");
    crate::teach::testing::assert_explained(&g, "legends.dagonet");
    assert_eq!(refused(&g, &mut ctx, Command::Pass), no(LegendsError::DagonetPlaceFirst));
    assert_eq!(
        refused(&g, &mut ctx, Command::Replace { target: BORS.into() }),
        no(LegendsError::NotBid { card: BORS.into() })
    );
    let offered: Vec<Command> = listed(&g).into_iter().filter(|c| matches!(c, Command::Replace { .. })).collect();
    assert_eq!(offered, [Command::Replace { target: LUCAN.into() }]);
    ok(&mut g, &mut ctx, Command::Replace { target: LUCAN.into() });
    // He is now in Anna's bid, Sir Lucan in the discard pile; Anna's say.
    let a = g.auction().expect("the bidding");
    assert_eq!(a.bids, [vec![texts::DAGONET.to_string()], Vec::new()]);
    assert_eq!(a.to, Seat(0));
    assert_eq!(g.character_discard(), [LUCAN]);
    assert_eq!((g.player_states()[0].hand, g.player_states()[1].hand), (3, 3));
    ok(&mut g, &mut ctx, Command::Pass);
    let events = ok(&mut g, &mut ctx, Command::Pass);
    // Sir Dagonet's 1 + 1 win it for Anna.
    assert_eq!(events.last(), Some(&Event::AuctionClosed { totals: vec![Some(2), None], winner: Some(Seat(0)) }));
    assert_eq!(g.character_discard(), [LUCAN, texts::DAGONET]);
}
