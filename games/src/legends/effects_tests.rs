//! Tests of the events' effects Tavola carries out. Every card fact here is
//! a test value, not a real card's numbers.

use super::cards::{CharacterFacts, EventType, Facts, Location, Skill};
use super::effects::*;
use super::full_tests::{ch, ev, facts, fillers, no, ok, play, refused, started_with, turn};
use super::*;

const GAWAIN: &str = "legends/character/sir-gawain";
const KAY: &str = "legends/character/sir-kay";
const BORS: &str = "legends/character/sir-bors";
const LOT: &str = "legends/character/king-lot";
const LUNETE: &str = "legends/character/lady-lunete";
const LYONESSE: &str = "legends/character/lady-lyonesse";

fn listed(g: &Legends) -> Vec<Command> {
    g.legal().into_iter().map(|l| l.command().clone()).collect()
}

fn resolve(card: Option<&str>, seat: Option<u8>) -> Command {
    Command::Resolve { card: card.map(str::to_string), seat: seat.map(Seat), to: None }
}

fn journey(card: &str, to: Location) -> Command {
    Command::Resolve { card: Some(card.into()), seat: None, to: Some(to) }
}

/// Events that do nothing Tavola carries out, to draw.
fn quiet(n: usize) -> Vec<String> {
    fillers(30).into_iter().filter(|e| !CARRIED_OUT.contains(&e.as_str())).take(n).collect()
}

/// The full tests' facts, with `event` a Cornwall event needing 6 Combat
/// and worth 2 points, Lady Lunete and Sir Dinadan (all test values).
fn effect_facts(event: &str) -> Facts {
    let mut f = facts();
    f.events.insert(event.into(), ev(EventType::Location, Some(Location::Cornwall), &[(Skill::Combat, 6)], 2));
    f.characters.insert(LUNETE.into(), CharacterFacts { gender: "female".into(), ..ch("none", [0, 2, 1, 1, 1, 1]) });
    f.characters.insert(DINADAN.into(), ch("grey", [1, 1, 1, 1, 1, 1]));
    f
}

/// Anna draws `event` (at Cornwall) and lays Sir Gawain and Sir Kay there
/// (7 Combat); Ugo, whose Sir Bors stands at `bors`, plays `ugo` in his
/// turn; Anna then completes `event`. Gives the game after the completion.
fn completing(f: Facts, event: &str, bors: Location, ugo: &[(&str, Location)]) -> (Legends, Ctx<'static>, Vec<Event>) {
    let (mut g, mut ctx) = started_with(f, bors);
    let draw = quiet(2);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: event.into() });
    play(&mut g, &mut ctx, GAWAIN, Location::Cornwall);
    play(&mut g, &mut ctx, KAY, Location::Cornwall);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[0].clone() });
    for (card, l) in ugo {
        play(&mut g, &mut ctx, card, *l);
    }
    if turn(&g).seat == Seat(1) {
        ok(&mut g, &mut ctx, Command::EndTurn);
    }
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[1].clone() });
    let events = ok(&mut g, &mut ctx, Command::Complete { card: event.into() });
    (g, ctx, events)
}

#[test]
fn assassination_lets_its_completer_discard_a_knight_anywhere_or_none() {
    let (mut g, mut ctx, events) = completing(effect_facts(ASSASSINATION), ASSASSINATION, Location::Camelot, &[]);
    assert!(matches!(events.last(), Some(Event::EffectOpened { pending: Pending { seat: Seat(0), .. } })));
    // Every knight on the table, and "none"; King Lot is no knight here.
    let offered: Vec<Command> = listed(&g).into_iter().filter(|c| matches!(c, Command::Resolve { .. })).collect();
    assert!(offered.contains(&resolve(Some(BORS), None)) && offered.contains(&resolve(Some(KAY), None)));
    assert!(offered.contains(&resolve(None, None)));
    assert_eq!(refused(&g, &mut ctx, resolve(Some(LOT), None)), no(LegendsError::WrongChoice));
    assert_eq!(refused(&g, &mut ctx, Command::DrawCharacter), no(LegendsError::EffectFirst));
    ok(&mut g, &mut ctx, resolve(Some(BORS), None));
    assert!(g.where_is(BORS).is_none());
    assert_eq!(g.character_discard(), [BORS]);
    assert!(g.effect().is_none());
    ok(&mut g, &mut ctx, Command::DrawCharacter);
    // Declined, nothing goes.
    let (mut g, mut ctx, _) = completing(effect_facts(ASSASSINATION), ASSASSINATION, Location::Camelot, &[]);
    ok(&mut g, &mut ctx, resolve(None, None));
    assert!(g.character_discard().is_empty());
}

#[test]
fn sir_dinadan_s_company_ignores_another_player_s_assassination() {
    let (g, mut ctx, _) =
        completing(effect_facts(ASSASSINATION), ASSASSINATION, Location::Camelot, &[(DINADAN, Location::Camelot)]);
    assert!(!listed(&g).contains(&resolve(Some(BORS), None)));
    assert_eq!(
        refused(&g, &mut ctx, resolve(Some(BORS), None)),
        no(LegendsError::Protected { card: BORS.into(), by: Protection::Dinadan })
    );
}

#[test]
fn trial_by_combat_discards_only_a_character_in_cornwall() {
    let (mut g, mut ctx, _) = completing(effect_facts(TRIAL_BY_COMBAT), TRIAL_BY_COMBAT, Location::Camelot, &[]);
    assert_eq!(refused(&g, &mut ctx, resolve(Some(BORS), None)), no(LegendsError::WrongChoice));
    ok(&mut g, &mut ctx, resolve(Some(KAY), None));
    assert_eq!(g.company(Seat(0), Location::Cornwall), [GAWAIN]);
}

#[test]
fn the_feast_of_pentecost_gives_a_third_action_and_the_truage_fills_the_hand() {
    let (g, _, events) = completing(effect_facts(FEAST), FEAST, Location::Camelot, &[]);
    assert!(matches!(events.last(), Some(Event::ThirdAction { seat: Seat(0) })), "{events:?}");
    assert_eq!(g.actions_allowed(Seat(0)), 3);
    let (g, _, events) = completing(effect_facts(TRUAGE), TRUAGE, Location::Camelot, &[]);
    // Anna held 2 (five, one placed, two played): three are drawn.
    assert!(matches!(events.last(), Some(Event::HandFilled { seat: Seat(0), cards: 3 })), "{events:?}");
    assert_eq!(g.player_states()[0].hand, 5);
}

#[test]
fn false_promise_exchanges_the_hands() {
    let (mut g, mut ctx, _) = completing(effect_facts(FALSE_PROMISE), FALSE_PROMISE, Location::Camelot, &[]);
    let hands = |g: &Legends| (g.player_states()[0].hand, g.player_states()[1].hand);
    assert_eq!(hands(&g), (2, 4));
    assert_eq!(refused(&g, &mut ctx, resolve(None, Some(0))), no(LegendsError::WrongChoice));
    ok(&mut g, &mut ctx, resolve(None, Some(1)));
    assert_eq!(hands(&g), (4, 2));
}

#[test]
fn the_villainous_request_takes_a_lady_from_another_company_in_cornwall() {
    let (mut g, mut ctx, _) = completing(
        effect_facts(VILLAINOUS_REQUEST),
        VILLAINOUS_REQUEST,
        Location::Cornwall,
        &[(LUNETE, Location::Cornwall), (LYONESSE, Location::Camelot)],
    );
    // Lady Lyonesse is at Camelot, Sir Bors is no lady.
    let offered: Vec<Command> = listed(&g).into_iter().filter(|c| matches!(c, Command::Resolve { .. })).collect();
    assert_eq!(offered, [resolve(Some(LUNETE), None), resolve(None, None)]);
    ok(&mut g, &mut ctx, resolve(Some(LUNETE), None));
    assert_eq!(g.where_is(LUNETE), Some((Seat(0), Location::Cornwall)));
    assert_eq!(g.company(Seat(1), Location::Cornwall), [BORS]);
}

#[test]
fn the_grand_tournament_discards_the_weakest_of_every_other_company_at_camelot() {
    // Ugo: Sir Bors (2 Combat) and Sir Lucan (1) at Camelot; Anna's King
    // Lot, alone at Camelot, is another company too.
    let lucan = "legends/character/sir-lucan";
    let (g, _, events) =
        completing(effect_facts(GRAND_TOURNAMENT), GRAND_TOURNAMENT, Location::Camelot, &[(lucan, Location::Camelot)]);
    let gone: Vec<&Vec<String>> = events
        .iter()
        .filter_map(|e| match e {
            Event::Discarded { cards, .. } => Some(cards),
            _ => None,
        })
        .collect();
    assert_eq!(gone, [&vec![LOT.to_string()], &vec![lucan.to_string()]]);
    assert_eq!(g.company(Seat(1), Location::Camelot), [BORS]);
    assert!(g.effect().is_none());
}

#[test]
fn the_grand_tournament_asks_which_of_the_tied_weakest_goes() {
    let dinas = "legends/character/sir-dinas";
    let mut f = effect_facts(GRAND_TOURNAMENT);
    f.characters.insert(dinas.into(), ch("cornish", [2, 1, 1, 1, 1, 1]));
    let (mut g, mut ctx, _) = completing(f, GRAND_TOURNAMENT, Location::Camelot, &[(dinas, Location::Camelot)]);
    // Sir Bors and Sir Dinas both have 2 Combat.
    let p = g.effect().expect("Ugo's choice");
    assert_eq!(p.seat, Seat(1));
    assert_eq!(p.effect, Effect::Tournament { tied: vec![BORS.into(), dinas.into()] });
    assert_eq!(refused(&g, &mut ctx, resolve(None, None)), no(LegendsError::WrongChoice));
    ok(&mut g, &mut ctx, resolve(Some(dinas), None));
    assert_eq!(g.company(Seat(1), Location::Camelot), [BORS]);
}

#[test]
fn the_mysterious_damosel_plays_a_lady_into_the_forest_for_free() {
    let (mut g, mut ctx, events) = completing(effect_facts(DAMOSEL), DAMOSEL, Location::Camelot, &[]);
    assert!(matches!(events.last(), Some(Event::DamoselOffered { seat: Seat(0) })));
    ok(&mut g, &mut ctx, Command::Lay { card: LUNETE.into() });
    let events = ok(&mut g, &mut ctx, Command::Play { location: Location::PerilousForest });
    assert!(matches!(&events[0], Event::Played { free: true, .. }), "{events:?}");
    assert_eq!(turn(&g).actions, 0);
    // Once: the next lady spends an action.
    ok(&mut g, &mut ctx, Command::Lay { card: LYONESSE.into() });
    let events = ok(&mut g, &mut ctx, Command::Play { location: Location::PerilousForest });
    assert!(matches!(&events[0], Event::Played { free: false, .. }), "{events:?}");
}

/// Anna draws `event`, a special event (test values), in her second turn.
fn special(event: &str, anna: &[(&str, Location)]) -> (Legends, Ctx<'static>, Vec<Event>) {
    let mut f = effect_facts(event);
    f.events.insert(event.into(), ev(EventType::Special, None, &[], 0));
    let (mut g, mut ctx) = started_with(f, Location::Cornwall);
    let draw = quiet(2);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[0].clone() });
    for (card, l) in anna {
        play(&mut g, &mut ctx, card, *l);
    }
    if turn(&g).seat == Seat(0) {
        ok(&mut g, &mut ctx, Command::EndTurn);
    }
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[1].clone() });
    ok(&mut g, &mut ctx, Command::EndTurn);
    let events = ok(&mut g, &mut ctx, Command::DrawEvent { card: event.into() });
    (g, ctx, events)
}

#[test]
fn royal_boon_moves_a_card_from_the_fullest_hand_to_the_emptiest() {
    // Anna played two: 2 cards against Ugo's 4.
    let (g, _, events) = special(ROYAL_BOON, &[(GAWAIN, Location::Cornwall), (KAY, Location::Cornwall)]);
    assert!(matches!(events.last(), Some(Event::CardGiven { from: Seat(1), to: Seat(0) })), "{events:?}");
    assert_eq!((g.player_states()[0].hand, g.player_states()[1].hand), (3, 3));
    // Tied for the most: nothing happens.
    let (g, _, events) = special(ROYAL_BOON, &[]);
    assert_eq!(events.len(), 1, "{events:?}");
    assert_eq!((g.player_states()[0].hand, g.player_states()[1].hand), (4, 4));
}

#[test]
fn noble_alliance_has_the_player_with_most_characters_give_one_where_it_stands() {
    let (mut g, mut ctx, _) = special(NOBLE_ALLIANCE, &[(GAWAIN, Location::Cornwall), (KAY, Location::Cornwall)]);
    let p = g.effect().expect("Anna's choice");
    assert_eq!(p.seat, Seat(0));
    assert_eq!(refused(&g, &mut ctx, resolve(Some(BORS), Some(1))), no(LegendsError::WrongChoice));
    ok(&mut g, &mut ctx, resolve(Some(KAY), Some(1)));
    assert_eq!(g.where_is(KAY), Some((Seat(1), Location::Cornwall)));
    assert_eq!(g.company(Seat(0), Location::Cornwall), [GAWAIN]);
}

#[test]
fn dark_journey_has_each_player_in_turn_move_an_opposing_character() {
    // Anna: King Lot at Camelot, Sir Gawain and Sir Kay at Cornwall; Ugo:
    // Sir Bors at Cornwall. Anna drew it: she moves first.
    let (mut g, mut ctx, events) = special(DARK_JOURNEY, &[(GAWAIN, Location::Cornwall), (KAY, Location::Cornwall)]);
    assert!(matches!(events.last(), Some(Event::EffectOpened { pending: Pending { seat: Seat(0), .. } })));
    // Not her own, and not "none": the text says must.
    assert_eq!(refused(&g, &mut ctx, journey(KAY, Location::Camelot)), no(LegendsError::WrongChoice));
    assert_eq!(refused(&g, &mut ctx, resolve(None, None)), no(LegendsError::WrongChoice));
    let offered: Vec<Command> = listed(&g).into_iter().filter(|c| matches!(c, Command::Resolve { .. })).collect();
    assert_eq!(offered, [journey(BORS, Location::Camelot), journey(BORS, Location::PerilousForest)]);
    let events = ok(&mut g, &mut ctx, journey(BORS, Location::PerilousForest));
    assert_eq!(g.where_is(BORS), Some((Seat(1), Location::PerilousForest)));
    // Then Ugo moves one of Anna's.
    assert!(
        matches!(events.last(), Some(Event::EffectOpened { pending: Pending { seat: Seat(1), .. } })),
        "{events:?}"
    );
    ok(&mut g, &mut ctx, journey(LOT, Location::Cornwall));
    assert_eq!(g.company(Seat(0), Location::Cornwall), [GAWAIN, KAY, LOT]);
    assert!(g.effect().is_none());
    assert_eq!(turn(&g).seat, Seat(0));
    ok(&mut g, &mut ctx, Command::DrawCharacter);
}

#[test]
fn the_questing_beast_moves_to_another_main_location_for_an_action() {
    let mut f = effect_facts(QUESTING_BEAST);
    f.events
        .insert(QUESTING_BEAST.into(), ev(EventType::Location, Some(Location::Cornwall), &[(Skill::Psyche, 18)], 2));
    let (mut g, mut ctx) = started_with(f, Location::Cornwall);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: QUESTING_BEAST.into() });
    let hunts: Vec<Command> = listed(&g).into_iter().filter(|c| matches!(c, Command::Hunt { .. })).collect();
    assert_eq!(hunts, [Command::Hunt { to: Location::Camelot }, Command::Hunt { to: Location::PerilousForest }]);
    assert_eq!(refused(&g, &mut ctx, Command::Hunt { to: Location::Cornwall }), no(LegendsError::SameLocation));
    ok(&mut g, &mut ctx, Command::Hunt { to: Location::PerilousForest });
    assert_eq!(g.place(Location::PerilousForest).expect("the Forest").events, [QUESTING_BEAST]);
    assert!(g.place(Location::Cornwall).expect("Cornwall").events.is_empty());
    assert_eq!(turn(&g).actions, 1);
}

#[test]
fn the_tournament_of_logres_sends_the_best_knight_where_his_player_says_and_the_others_home() {
    // Anna's best: Sir Kay (3 + 4); Ugo's: Sir Bors (2 + 2), or Sir Lucan
    // (1 + 3) tied with him.
    const LUCAN: &str = "legends/character/sir-lucan";
    let mut f = effect_facts(LOGRES);
    f.events.insert(LOGRES.into(), ev(EventType::Special, None, &[], 0));
    let (mut g, mut ctx) = started_with(f, Location::Cornwall);
    let draw = quiet(2);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[0].clone() });
    play(&mut g, &mut ctx, GAWAIN, Location::Cornwall);
    play(&mut g, &mut ctx, KAY, Location::Cornwall);
    ok(&mut g, &mut ctx, Command::DrawEvent { card: draw[1].clone() });
    play(&mut g, &mut ctx, LUCAN, Location::Camelot);
    ok(&mut g, &mut ctx, Command::EndTurn);
    let events = ok(&mut g, &mut ctx, Command::DrawEvent { card: LOGRES.into() });
    // Ugo chooses between his two.
    let p = g.effect().expect("Ugo's champion");
    assert_eq!(p.seat, Seat(1));
    assert!(
        matches!(&p.effect, Effect::Champion { tied, chosen, .. } if *tied == [LUCAN, BORS] && *chosen == [KAY]),
        "{events:?}"
    );
    ok(&mut g, &mut ctx, resolve(Some(LUCAN), None));
    // Sir Lucan goes back to Ugo's hand; Sir Kay wins, Anna says where.
    assert!(g.where_is(LUCAN).is_none());
    assert_eq!(g.player_states()[1].hand, 4);
    let p = g.effect().expect("the winner's place");
    assert_eq!((p.seat, &p.effect), (Seat(0), &Effect::Winner { knight: KAY.into() }));
    ok(&mut g, &mut ctx, journey(KAY, Location::PerilousForest));
    assert_eq!(g.where_is(KAY), Some((Seat(0), Location::PerilousForest)));
    assert_eq!(g.where_is(BORS), Some((Seat(1), Location::Cornwall)));
    assert!(g.effect().is_none());
}
