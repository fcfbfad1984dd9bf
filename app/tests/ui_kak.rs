//! King Arthur's Knights through the widgets, with Slint's testing backend:
//! the setup page (players, knights, the ring tapped clockwise), a game
//! that asks for the virtue cards' facts before it deals, the quests turned
//! face up, the picks in tent order, and a training at Camelot. The card
//! facts are test values (`kak::test_facts`), not a real box's.

mod common;

use common::{click, open_game};
use slint::{ComponentHandle, Model};
use tavola::games::kak;
use tavola::games::GameRng;
use tavola::table::{Input, Touch};
use tavola::ui::{App, KakUi, Page, SetupUi, TableSim, Ui};

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
    let title = ui.window.global::<tavola::ui::FactsUi<'_>>().get_card_name().to_string();
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
