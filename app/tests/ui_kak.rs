//! King Arthur's Knights through the widgets, with Slint's testing backend:
//! the setup page (players, knights, the ring tapped clockwise), a game
//! that asks for the virtue cards' facts before it deals, the quests turned
//! face up, the picks in tent order, and a training at Camelot; the board's
//! ring drawn as a loop with the knights on their places, a horse ridden by
//! a touch on the ring. The card facts are test values (`kak::test_facts`),
//! not a real box's.

use crate::common;

use common::{click, open_game};
use i_slint_backend_testing::ElementHandle;
use slint::{ComponentHandle, Model};
use tavola_core::table::{Input, Touch};
use tavola_games::kak;
use tavola_games::GameRng;
use tavola_screens::{App, KakUi, Page, SetupUi, TableSim, Ui};

/// The owner's facts for every card, as the form would keep them.
fn give_test_facts(ui: &Ui) {
    let book = kak::test_facts(&mut GameRng::seeded(5)).to_book();
    for (card, facts) in book.iter() {
        let touch = Touch::SetFacts { card: card.to_string(), facts: facts.clone() };
        ui.controller.borrow_mut().input(Input::Touch(touch));
    }
    ui.step(0);
}

fn labels(k: &KakUi<'_>) -> Vec<String> {
    k.get_actions().iter().map(|a| a.label.to_string()).collect()
}

#[test]
fn a_table_sets_up_its_ring_picks_in_tent_order_and_trains_at_camelot() {
    let ui = open_game("King Arthur's Knights");
    let app = ui.window.global::<App<'_>>();
    let k = ui.window.global::<KakUi<'_>>();
    let setup = ui.window.global::<SetupUi<'_>>();
    assert_eq!(app.get_page(), Page::Setup);
    assert_eq!(setup.get_seats().row_count(), 4, "a usual table");
    click(&ui, "More players");
    assert_eq!(setup.get_seats().row_count(), 4, "the most the rules allow");
    for _ in 0..3 {
        click(&ui, "Fewer players");
    }
    assert_eq!(setup.get_seats().row_count(), 2, "the fewest the rules allow");
    click(&ui, "Knight of seat 2");
    let knights: Vec<String> = setup.get_seats().iter().map(|s| s.pick.to_string()).collect();
    assert_eq!(knights, ["Knight 1", "Knight 3"], "the next knight nobody holds");

    // The ring, tapped in order; one taken back and tapped again.
    let places: Vec<String> = setup.get_lay_buttons().iter().map(|p| p.label.to_string()).collect();
    assert_eq!(places.len(), 8, "{places:?}");
    for place in &places[..3] {
        click(&ui, place);
    }
    click(&ui, "Take the last one back");
    assert!(setup.get_laid_hint().contains("6 locations"), "{}", setup.get_laid_hint());
    assert!(!setup.get_problem().is_empty(), "a ring of two is refused");
    for place in &places[2..] {
        click(&ui, place);
    }
    assert_eq!(setup.get_problem(), "");

    // No virtue card's facts yet: the table asks for them before dealing.
    click(&ui, "Draw the tents and deal");
    assert_eq!(app.get_page(), Page::FactsForm, "{}", app.get_message());
    // Eighteen cards share the name: the form says which one it asks for.
    let title = ui.window.global::<tavola_screens::FactsUi<'_>>().get_card_name().to_string();
    let number = title.strip_prefix("Virtue card ").and_then(|n| n.parse::<u8>().ok());
    assert!(number.is_some_and(|n| (1..=18).contains(&n)), "{title}");
    give_test_facts(&ui);
    assert_eq!(app.get_page(), Page::KakBoard, "{}", app.get_message());
    assert_eq!(k.get_ring().row_count(), 8);

    // Each player looks at the virtue cards Tavola dealt, in turn, alone.
    // Nobody typed a name: "Seat 1", never a bare number.
    for name in ["Seat 1", "Seat 2"] {
        assert!(k.get_prompt().starts_with(&format!("Tavola dealt the virtue cards. {name}")), "{}", k.get_prompt());
        assert!(k.get_big_menu(), "the board is covered while a hand may show");
        click(&ui, "Show my cards");
        let shown = k.get_prompt().to_string();
        assert!(shown.starts_with(&format!("{name}, your virtue cards: ")), "{shown}");
        // Two players: one value-1 card of each virtue dealt, two each.
        let cards = shown.split(": ").nth(1).and_then(|rest| rest.split(". ").next()).expect("the cards");
        assert_eq!(cards.split(", ").filter(|c| c.ends_with(" 1")).count(), 2, "{shown}");
        click(&ui, "Hide");
    }
    assert!(!k.get_big_menu());
    let camelot = k.get_ring().iter().find(|s| s.camelot).expect("Camelot in the ring");
    assert_eq!(camelot.knights.split(' ').count(), 2, "both knights start by Camelot (their tents' numbers)");

    // Three quests turned face up, tapped on screen.
    for _ in 0..3 {
        click(&ui, "Turn a quest face up");
        let quest = labels(&k).into_iter().next().expect("a quest in the pile");
        click(&ui, &quest);
    }
    assert_eq!(k.get_open_quests().lines().count(), 4, "{}", k.get_open_quests());
    assert!(k.get_prompt().contains("take an action card"), "{}", k.get_prompt());

    // Picks in tent order: four each at two players; a Tournament card at
    // most once each.
    let first_tent = k.get_players().iter().find(|p| p.tent == 1).expect("tent 1").name.to_string();
    assert!(k.get_prompt().starts_with(&first_tent), "{} / {first_tent}", k.get_prompt());
    for _ in 0..8 {
        let all = labels(&k);
        let pick = all.iter().find(|l| l.starts_with("Training")).or(all.first());
        click(&ui, pick.expect("a card to take"));
    }
    assert!(k.get_prompt().contains("use your action cards"), "{}", k.get_prompt());
    let before = k.get_players().iter().map(|p| p.virtue_cards).sum::<i32>();
    let train = labels(&k).into_iter().find(|l| l.starts_with("Train: ")).expect("a training at Camelot");
    click(&ui, &train);
    let after = k.get_players().iter().map(|p| p.virtue_cards).sum::<i32>();
    assert_eq!(after, before + 1, "the trained card goes to the hand");
}

#[test]
fn a_ring_left_untapped_is_laid_on_the_reader_after_the_deal() {
    let ui = open_game("King Arthur's Knights");
    let app = ui.window.global::<App<'_>>();
    let k = ui.window.global::<KakUi<'_>>();
    give_test_facts(&ui);
    let hint = ui.window.global::<SetupUi<'_>>().get_laid_hint();
    assert!(hint.contains("lay them on the reader"), "{hint}");
    click(&ui, "Draw the tents and deal");
    assert_eq!(app.get_page(), Page::KakBoard, "{}", app.get_message());
    for _ in 0..4 {
        click(&ui, "Show my cards");
        click(&ui, "Hide");
    }
    assert!(k.get_prompt().contains("8 to go"), "{}", k.get_prompt());
    assert!(k.get_ring().iter().all(|s| s.name.is_empty()), "nothing laid yet");
    // Clockwise from Camelot, each location on the simulated reader.
    let sim = ui.window.global::<TableSim<'_>>();
    let mut t = 0;
    for place in ["camelot", "moon-lake", "wild-forest", "hidden-valley", "other-1", "other-2", "other-3", "other-4"] {
        let id = format!("kak/location/{place}");
        let index = sim.get_cards().iter().position(|c| c.id == id.as_str()).expect("on the picker");
        sim.invoke_tap_card(index as i32);
        for _ in 0..3 {
            t += 60;
            ui.step(t);
        }
        sim.invoke_lift_card();
        for _ in 0..3 {
            t += 60;
            ui.step(t);
        }
    }
    let ring: Vec<String> = k.get_ring().iter().map(|s| s.name.to_string()).collect();
    assert_eq!(ring[..3], ["Camelot", "The Moon Lake", "The Wild Forest"], "{ring:?}");
    assert!(k.get_prompt().contains("quests face up"), "{} / {}", k.get_prompt(), app.get_message());
    let camelot = k.get_ring().iter().find(|s| s.camelot).expect("Camelot");
    assert_eq!(camelot.knights.split(' ').count(), 4, "every knight by Camelot (their tents' numbers)");
}

/// The element drawn as `type_name` with the accessible label `label`,
/// and where it lies on the window: `(x, y, width, height)`.
fn drawn(ui: &Ui, type_name: &str, label: &str) -> Vec<(ElementHandle, [f32; 4])> {
    ElementHandle::find_by_element_type_name(&ui.window, type_name)
        .filter(|e| e.accessible_label().as_deref() == Some(label))
        .map(|e| {
            let (p, s) = (e.absolute_position(), e.size());
            (e, [p.x, p.y, s.width, s.height])
        })
        .collect()
}

fn within(inner: [f32; 4], outer: [f32; 4]) -> bool {
    inner[0] >= outer[0] - 0.5
        && inner[1] >= outer[1] - 0.5
        && inner[0] + inner[2] <= outer[0] + outer[2] + 0.5
        && inner[1] + inner[3] <= outer[1] + outer[3] + 0.5
}

/// The engine's view of the game on the table.
fn game(ui: &Ui) -> kak::KakView {
    let c = ui.controller.borrow();
    c.view().game_view.as_ref().and_then(|g| g.get::<kak::Kak>()).cloned().expect("a game of King Arthur's Knights")
}

/// Every knight's token is drawn on the place the engine says it stands,
/// and only the place of the player whose turn it is says so.
fn knights_stand_where_the_engine_says(ui: &Ui) {
    let v = game(ui);
    let k = ui.window.global::<KakUi<'_>>();
    let current = match &v.phase {
        kak::PhaseView::Picks { seat, .. } | kak::PhaseView::Actions { seat } => Some(*seat),
        _ => None,
    };
    for p in &v.players {
        let at = v.ring.iter().position(|l| *l == p.location).expect("on the ring");
        let place = k.get_ring().row_data(at).expect("the place").name.to_string();
        let spot = drawn(ui, "RingSpot", &place);
        let token = drawn(ui, "KnightToken", &p.tent.to_string());
        assert_eq!((spot.len(), token.len()), (1, 1), "{place}, tent {}", p.tent);
        assert!(within(token[0].1, spot[0].1), "tent {} drawn on {place}: {:?} in {:?}", p.tent, token[0].1, spot[0].1);
        let marked = spot[0].0.accessible_description().unwrap_or_default();
        if current == Some(p.seat) {
            assert_eq!(marked, "The player whose turn it is stands here", "{place}");
        }
    }
    let marked: Vec<String> = ElementHandle::find_by_element_type_name(&ui.window, "RingSpot")
        .filter(|e| !e.accessible_description().unwrap_or_default().is_empty())
        .filter_map(|e| e.accessible_label().map(|l| l.to_string()))
        .collect();
    assert_eq!(marked.len(), usize::from(current.is_some()), "{marked:?}");
}

#[test]
fn the_ring_is_drawn_as_a_loop_the_knights_stand_on_it_and_a_touch_on_a_place_rides_there() {
    let ui = open_game("King Arthur's Knights");
    ui.window.window().set_size(slint::PhysicalSize::new(800, 480));
    let k = ui.window.global::<KakUi<'_>>();
    let setup = kak::Setup {
        knights: kak::cards::knights().take(3).collect(),
        names: vec!["Anna".into(), "Bruno".into(), "Carla".into()],
        ring: kak::cards::locations().collect(),
        facts: kak::test_facts(&mut GameRng::seeded(11)),
    };
    let touch = |c: kak::Command| {
        ui.controller.borrow_mut().input(Input::Touch(Touch::KingArthursKnights(c)));
        ui.step(0);
    };
    touch(kak::Command::Setup(setup));
    for quest in kak::cards::QUESTS.iter().take(3) {
        touch(kak::Command::Reveal { card: quest.to_string() });
    }
    assert_eq!(ui.window.global::<App<'_>>().get_page(), Page::KakBoard);

    // The eight places around the loop, clockwise in the ring's order: each
    // one further round the board's middle than the one before, once round.
    let centres: Vec<(f32, f32)> = k
        .get_ring()
        .iter()
        .map(|s| {
            let spot = drawn(&ui, "RingSpot", &s.name);
            assert_eq!(spot.len(), 1, "{} drawn once", s.name);
            let [x, y, w, h] = spot[0].1;
            (x + w / 2.0, y + h / 2.0)
        })
        .collect();
    assert_eq!(centres.len(), 8);
    let middle = centres.iter().fold((0.0, 0.0), |m, c| (m.0 + c.0 / 8.0, m.1 + c.1 / 8.0));
    let angles: Vec<f32> = centres.iter().map(|c| (c.1 - middle.1).atan2(c.0 - middle.0).to_degrees()).collect();
    let mut turned = 0.0;
    for pair in angles.windows(2) {
        let step = (pair[1] - pair[0]).rem_euclid(360.0);
        assert!(step > 20.0 && step < 90.0, "clockwise round the board: {angles:?}");
        turned += step;
    }
    assert!(turned < 360.0, "once round: {angles:?}");
    // Places on all four sides, not a row.
    let ys: Vec<f32> = centres.iter().map(|c| c.1).collect();
    let xs: Vec<f32> = centres.iter().map(|c| c.0).collect();
    let spread = |v: &[f32]| v.iter().copied().fold(f32::MIN, f32::max) - v.iter().copied().fold(f32::MAX, f32::min);
    assert!(spread(&ys) > 120.0 && spread(&xs) > 500.0, "{centres:?}");
    knights_stand_where_the_engine_says(&ui);

    // Picks, horses first: each player has one to ride.
    while matches!(game(&ui).phase, kak::PhaseView::Picks { .. }) {
        let all = labels(&k);
        let pick = all.iter().find(|l| l.starts_with("Horse")).or(all.first()).expect("a card to take").clone();
        click(&ui, &pick);
    }
    let v = game(&ui);
    let kak::PhaseView::Actions { seat } = v.phase else { panic!("the actions: {:?}", v.phase) };
    knights_stand_where_the_engine_says(&ui);
    assert!(k.get_ring().iter().all(|s| s.act < 0), "no place takes a touch before a horse is chosen");

    // The horse chosen, a touch on a place of the ring rides there.
    let ride = labels(&k).into_iter().find(|l| l.starts_with("Ride: ")).expect("a horse to ride");
    click(&ui, &ride);
    let reachable: Vec<String> = k.get_ring().iter().filter(|s| s.act >= 0).map(|s| s.name.to_string()).collect();
    assert!(!reachable.is_empty(), "{:?}", labels(&k));
    // Each place a touch rides to is a button of the grid too.
    assert!(reachable.iter().all(|r| labels(&k).contains(r)), "{reachable:?} / {:?}", labels(&k));
    let to = reachable.last().expect("a place").clone();
    let spot = drawn(&ui, "RingSpot", &to);
    spot[0].0.mock_single_click(slint::platform::PointerEventButton::Left);
    ui.step(0);
    let v = game(&ui);
    let moved = &v.players[seat.index()];
    let at = v.ring.iter().position(|l| *l == moved.location).expect("on the ring");
    assert_eq!(k.get_ring().row_data(at).unwrap().name, to.as_str(), "the knight rode where the ring was touched");
    knights_stand_where_the_engine_says(&ui);
}
