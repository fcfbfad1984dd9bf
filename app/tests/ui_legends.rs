//! Camelot Legends' introductory game through the widgets, with Slint's
//! testing backend: the setup page (players, colours, the decks' counts,
//! the Pendragon card), the first characters picked on screen and played to
//! a location, an event drawn on the simulated reader, a character drawn,
//! and a hand's count set right by tapping its player; a normal game chosen
//! on the setup page and a bid made on its bidding event. The card facts are
//! test values (`legends::test_facts`), not a real box's.

use crate::common;

use common::{click, lay, open_game};
use slint::{ComponentHandle, Model};
use tavola_core::table::{Input, Touch};
use tavola_games::legends::{self, cards::INTRODUCTORY, EventType, Location};
use tavola_games::GameRng;
use tavola_screens::{App, GameUi, LegendsUi, Page, SetupUi, TableSim, Ui};

/// Test facts for every card, every one of the introductory game, every
/// event a location event (its place the rules text's where it gives one).
fn give_test_facts(ui: &Ui) -> legends::Facts {
    let mut facts = legends::test_facts(&mut GameRng::seeded(8), 100);
    for f in facts.characters.values_mut() {
        f.level = INTRODUCTORY.to_string();
    }
    for (id, f) in facts.events.iter_mut() {
        f.level = INTRODUCTORY.to_string();
        f.event_type = EventType::Location;
        let forest = id.ends_with("the-black-knight") || id.ends_with("theft-of-excalibur");
        f.location = Some(if forest { Location::PerilousForest } else { Location::Camelot });
    }
    for (card, facts) in facts.to_book().iter() {
        let touch = Touch::SetFacts { card: card.to_string(), facts: facts.clone() };
        ui.controller.borrow_mut().input(Input::Touch(touch));
    }
    ui.step(0);
    facts
}

fn labels(l: &LegendsUi<'_>) -> Vec<String> {
    l.get_actions().iter().map(|a| a.label.to_string()).collect()
}

/// Whether a button is a long list's letters ("A – C", "G", "Ga – Gr").
fn is_letters(label: &str) -> bool {
    let initial = |w: &str| {
        let mut cs = w.chars();
        cs.next().is_some_and(char::is_uppercase) && cs.all(char::is_lowercase) && w.chars().count() <= 2
    };
    match label.split_once(" – ") {
        Some((a, z)) => initial(a) && initial(z),
        None => initial(label),
    }
}

/// The first card of the list opened: under its first letters when the
/// list opens on them.
fn first_card(ui: &Ui, l: &LegendsUi<'_>) -> String {
    let first = labels(l).into_iter().next().expect("a card or a letter");
    if !is_letters(&first) {
        return first;
    }
    click(ui, &first);
    labels(l).into_iter().next().expect("a card")
}

/// Touches the card `name` in the list opened, through its letters.
fn pick(ui: &Ui, l: &LegendsUi<'_>, name: &str) {
    if labels(l).iter().any(|b| b == name) {
        return click(ui, name);
    }
    for letters in labels(l).into_iter().filter(|b| is_letters(b)) {
        click(ui, &letters);
        if labels(l).iter().any(|b| b == name) {
            return click(ui, name);
        }
        click(ui, "Back");
    }
    panic!("{name} under no letter: {:?}", labels(l));
}

#[test]
fn a_table_sets_up_places_its_first_characters_and_plays_a_turn_through_the_widgets() {
    let ui = open_game("Camelot Legends");
    let app = ui.window.global::<App<'_>>();
    let l = ui.window.global::<LegendsUi<'_>>();
    let setup = ui.window.global::<SetupUi<'_>>();
    assert_eq!(app.get_page(), Page::Setup);
    let facts = give_test_facts(&ui);
    click(&ui, "Fewer players");
    click(&ui, "Fewer players");
    assert_eq!(setup.get_seats().row_count(), 2);
    click(&ui, "Colour of seat 2");
    let colours: Vec<String> = setup.get_seats().iter().map(|s| s.pick.to_string()).collect();
    assert_eq!(colours, ["Blue", "Yellow"], "the next colour nobody holds");
    // The decks' counts start at nothing: the table counts its cards.
    let count = |label| tavola_screens::setup_option(&ui.window, label);
    assert_eq!((count("Events"), count("Characters")), (Some(0), Some(0)));
    assert!(!setup.get_problem().is_empty(), "no deck counted yet");
    click(&ui, "Deal the characters");
    assert_eq!(app.get_page(), Page::Setup, "no deck counted yet");
    for _ in 0..2 {
        click(&ui, "Five more: Events");
    }
    for _ in 0..3 {
        click(&ui, "Five more: Characters");
    }
    click(&ui, "Seat 1 starts");
    click(&ui, "Deal the characters");
    assert_eq!(app.get_page(), Page::LegendsBoard, "{}", app.get_message());
    assert!(l.get_prompt().starts_with("Seat 1: lay your first character"), "{}", l.get_prompt());

    // The first characters, picked on screen and played.
    for (seat, place) in [(0, "Cornwall"), (1, "Camelot")] {
        click(&ui, "Play a character");
        let first = first_card(&ui, &l);
        click(&ui, &first);
        assert!(l.get_prompt().contains("to which location"), "{}", l.get_prompt());
        click(&ui, &format!("{first} to {place}"));
        assert_eq!(l.get_players().row_data(seat).unwrap().hand, 4, "five dealt, one played");
    }
    let cornwall = l.get_places().iter().find(|p| p.name == "Cornwall").expect("Cornwall");
    assert!(cornwall.companies.starts_with("Seat 1 ("), "{}", cornwall.companies);
    // Drawn: the company's six totals beside the skills' icons, the same
    // numbers the words give.
    let row = cornwall.company_rows.row_data(0).expect("Seat 1's company at Cornwall");
    assert!(row.who.starts_with("Seat 1 ("), "{}", row.who);
    let totals: Vec<i32> = row.totals.iter().collect();
    let words: Vec<i32> =
        cornwall.companies.split(" · ").map(|t| t.rsplit(' ').next().unwrap().parse().unwrap()).collect();
    assert_eq!((totals.len(), totals), (6, words));

    // Seat 1's turn: the event drawn on the simulated reader.
    assert!(l.get_prompt().contains("draw an event"), "{}", l.get_prompt());
    let sim = ui.window.global::<TableSim<'_>>();
    let index = sim.get_cards().iter().position(|c| c.id == "legends/event/the-black-knight").expect("on the picker");
    sim.invoke_tap_card(index as i32);
    for t in 1..4 {
        ui.step(t * 60);
    }
    sim.invoke_lift_card();
    ui.step(300);
    let forest = l.get_places().iter().find(|p| p.name == "Perilous Forest").expect("the Forest");
    assert!(forest.events.contains("Black Knight"), "{}", forest.events);
    assert!(l.get_prompt().contains("2 actions"), "{}", l.get_prompt());
    // Drawn as a card: its requirement's skill and value, nobody there yet.
    let card = || {
        let forest = l.get_places().iter().find(|p| p.name == "Perilous Forest").expect("the Forest");
        forest.event_cards.row_data(0).expect("the Black Knight's card")
    };
    let knight = facts.events.get("legends/event/the-black-knight").expect("its facts").clone();
    assert_eq!(card().name, "The Black Knight");
    assert_eq!(card().points, i32::from(knight.victory_points));
    let needs: Vec<(i32, i32)> = card().needs.iter().map(|n| (n.skill, n.needed)).collect();
    let expected: Vec<(i32, i32)> = knight.requirements.iter().map(|r| (r.skill as i32, i32::from(r.needed))).collect();
    assert_eq!(needs, expected);
    assert_eq!(card().needs.row_data(0).unwrap().strengths.row_count(), 0, "no company in the Forest");
    // A character played there: its company's total against each requirement.
    click(&ui, "Play a character");
    let first = first_card(&ui, &l);
    click(&ui, &first);
    click(&ui, &format!("{first} to Perilous Forest"));
    let forest = l.get_places().iter().find(|p| p.name == "Perilous Forest").expect("the Forest");
    let company = forest.company_rows.row_data(0).expect("Seat 1's company in the Forest");
    for need in card().needs.iter() {
        let strength = need.strengths.row_data(0).expect("Seat 1's strength");
        let total = company.totals.row_data(need.skill as usize).unwrap();
        assert_eq!(strength.value, total.to_string());
        assert_eq!(strength.met, total >= need.needed);
        assert_eq!(strength.tint, l.get_players().row_data(0).unwrap().tint);
    }
    click(&ui, "Draw a character");
    assert_eq!(l.get_players().row_data(0).unwrap().hand, 4, "one played, one drawn");

    // The host sets a hand right by tapping the player.
    ui.window.global::<GameUi<'_>>().invoke_seat(1);
    ui.step(400);
    assert!(l.get_prompt().contains("How many cards does Seat 2 hold"), "{}", l.get_prompt());
    // The button "3" (a company's total may read 3 as well).
    i_slint_backend_testing::ElementHandle::find_by_accessible_label(&ui.window, "3")
        .find(|e| e.accessible_role() == Some(i_slint_backend_testing::AccessibleRole::Button))
        .expect("the button 3")
        .invoke_accessible_default_action();
    assert_eq!(l.get_players().row_data(1).unwrap().hand, 3);
}

#[test]
fn a_normal_game_is_chosen_on_the_setup_page_and_a_bid_made_through_the_widgets() {
    let ui = open_game("Camelot Legends");
    let l = ui.window.global::<LegendsUi<'_>>();
    // Test facts: normal cards, French Delegation a bidding event, every
    // other event at Camelot; the special cards' points are in them.
    let mut facts = legends::test_facts(&mut GameRng::seeded(9), 100);
    for f in facts.characters.values_mut() {
        f.level = "normal".to_string();
    }
    for (id, f) in facts.events.iter_mut() {
        f.level = "normal".to_string();
        if id.starts_with("legends/event/") {
            f.event_type = EventType::Location;
            f.location = Some(Location::Camelot);
        }
    }
    let french = "legends/event/french-delegation";
    let bidding = facts.events.get_mut(french).expect("French Delegation");
    bidding.event_type = EventType::Bidding;
    bidding.location = None;
    bidding.requirements.clear();
    bidding.victory_points = 3;
    for (card, facts) in facts.to_book().iter() {
        let touch = Touch::SetFacts { card: card.to_string(), facts: facts.clone() };
        ui.controller.borrow_mut().input(Input::Touch(touch));
    }
    ui.step(0);
    assert_eq!(tavola_screens::setup_option(&ui.window, "The game"), Some(0), "the introductory game first");
    two_players_in(&ui, "Standard");
    let note = ui.window.global::<SetupUi<'_>>().get_options().row_data(0).expect("the game").note;
    assert!(note.contains("17 events"), "{note}");
    assert_eq!(tavola_screens::setup_option(&ui.window, "Events"), None, "a full game's events are counted by Tavola");
    deal_and_place(&ui);
    // Seat 1 draws French Delegation: the bidding opens with Seat 1.
    click(&ui, "Pick the event drawn");
    pick(&ui, &l, "French Delegation");
    assert!(l.get_prompt().starts_with("Bidding on French Delegation"), "{}", l.get_prompt());
    assert!(l.get_prompt().contains("Seat 1"), "{}", l.get_prompt());
    assert!(!labels(&l).iter().any(|b| b == "Draw a character"), "nothing else while bidding: {:?}", labels(&l));
    click(&ui, "Bid from the hand");
    let first = first_card(&ui, &l);
    click(&ui, &first);
    assert!(l.get_prompt().contains("Seat 2"), "{}", l.get_prompt());
    click(&ui, "Pass");
    click(&ui, "Pass");
    // Seat 1's bid alone: the event is Seat 1's, the bid character gone.
    assert_eq!(l.get_players().row_data(0).unwrap().points, 3);
    assert_eq!(l.get_players().row_data(0).unwrap().hand, 3, "five dealt, one played, one bid");
    assert!(l.get_prompt().contains("actions"), "{}", l.get_prompt());
    assert!(l.get_status().contains("16 events before the final"), "{}", l.get_status());
}

/// Two players, and the setup page's game `mode` tapped.
fn two_players_in(ui: &Ui, mode: &str) {
    click(ui, "Fewer players");
    click(ui, "Fewer players");
    click(ui, mode);
}

/// Fifteen characters, Seat 1 first, the deal; each seat's first
/// character, the first of the list, to Cornwall and Camelot.
fn deal_and_place(ui: &Ui) {
    let app = ui.window.global::<App<'_>>();
    let l = ui.window.global::<LegendsUi<'_>>();
    for _ in 0..3 {
        click(ui, "Five more: Characters");
    }
    click(ui, "Seat 1 starts");
    click(ui, "Deal the characters");
    assert_eq!(app.get_page(), Page::LegendsBoard, "{}", app.get_message());
    for place in ["Cornwall", "Camelot"] {
        click(ui, "Play a character");
        let first = first_card(ui, &l);
        click(ui, &first);
        click(ui, &format!("{first} to {place}"));
    }
}

#[test]
fn the_advanced_cards_open_the_isle_and_the_castle_as_new_places_on_the_board() {
    let ui = open_game("Camelot Legends");
    let app = ui.window.global::<App<'_>>();
    let l = ui.window.global::<LegendsUi<'_>>();
    // Test facts: every character a lady of the normal game, every event at
    // Camelot needing more than anybody has.
    let mut facts = legends::test_facts(&mut GameRng::seeded(10), 100);
    for f in facts.characters.values_mut() {
        f.level = "normal".to_string();
        f.gender = "female".to_string();
        f.alliance = "none".to_string();
    }
    for (id, f) in facts.events.iter_mut() {
        f.level = "normal".to_string();
        if id.starts_with("legends/event/") {
            f.event_type = EventType::Location;
            f.location = Some(Location::Camelot);
            f.requirements = vec![legends::Requirement { skill: legends::Skill::Psyche, needed: 18 }];
        }
    }
    for (card, facts) in facts.to_book().iter() {
        let touch = Touch::SetFacts { card: card.to_string(), facts: facts.clone() };
        ui.controller.borrow_mut().input(Input::Touch(touch));
    }
    ui.step(0);
    two_players_in(&ui, "Advanced");
    deal_and_place(&ui);
    let names = |l: &LegendsUi<'_>| l.get_places().iter().map(|p| p.name.to_string()).collect::<Vec<_>>();
    assert_eq!(names(&l), ["Camelot", "Cornwall", "Perilous Forest"]);
    // Seat 1 draws the Isle of Avalon: a fourth place, its rule beside it;
    // nobody is played there.
    lay(&ui, "legends/event/isle-of-avalon", 1_000);
    assert_eq!(names(&l), ["Camelot", "Cornwall", "Perilous Forest", "Isle of Avalon"]);
    let isle = l.get_places().iter().find(|p| p.name == "Isle of Avalon").expect("the Isle");
    assert!(isle.events.contains("once a game"), "{}", isle.events);
    click(&ui, "Play a character");
    let first = first_card(&ui, &l);
    click(&ui, &first);
    assert!(!labels(&l).iter().any(|b| b.ends_with("to Isle of Avalon")), "{:?}", labels(&l));
    click(&ui, &format!("{first} to Camelot"));
    click(&ui, "End the turn");
    // Seat 2 draws the Castle of Maidens: Seat 2's only lady on the table is
    // taken at once; Seat 1 chooses among two.
    lay(&ui, "legends/event/castle-of-maidens", 2_000);
    assert_eq!(names(&l).len(), 5, "{:?} {} {}", names(&l), app.get_message(), l.get_prompt());
    assert!(l.get_prompt().contains("choose which of your ladies"), "{}", l.get_prompt());
    let choice = labels(&l).into_iter().find(|b| b.ends_with("to the castle")).expect("a lady to choose");
    click(&ui, &choice);
    let castle = l.get_places().iter().find(|p| p.name == "Castle of Maidens").expect("the castle");
    assert!(castle.events.contains("18 in any one ability"), "{}", castle.events);
    assert!(castle.events.contains("Prisoners: ") && castle.events.contains("(Seat 2)"), "{}", castle.events);
    assert!(castle.events.contains("(Seat 1)"), "{}", castle.events);
}

/// The setup page opens with its decks still to count: what stops the
/// start is said as a thing to do (the page's quiet colour), not as a
/// mistake in red, until the table changes something on the page.
#[test]
fn a_setup_page_nobody_touched_says_what_is_missing_without_calling_it_a_mistake() {
    let ui = open_game("Camelot Legends");
    ui.step(0);
    let setup = ui.window.global::<SetupUi<'_>>();
    assert!(!setup.get_problem().is_empty(), "the decks are still to count");
    assert!(setup.get_problem_pending(), "nothing was touched: not a mistake yet");
    click(&ui, "Fewer players");
    ui.step(0);
    assert!(!setup.get_problem().is_empty(), "the decks are still to count");
    assert!(!setup.get_problem_pending(), "the table changed the page: the refusal stands in red");
}
