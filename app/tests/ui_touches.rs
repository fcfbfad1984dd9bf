//! Touches a turn takes, counted through the widgets as a finger makes them:
//! every button pressed on the screen from the turn's first prompt to the
//! next player's, in four games' ordinary turns (Avalon's round is its
//! team's size and one more: the votes and the mission cards are on the
//! pad). A card laid on the reader is counted apart: it is not a touch.
//!
//! The counts are printed (`cargo test -p tavola --test ui_touches --
//! --nocapture`) and held: a change that makes a turn longer fails here
//! and has to say why.

use crate::common;

use common::open_game;
use i_slint_backend_testing::{AccessibleRole, ElementHandle};
use slint::{ComponentHandle, Model};
use std::cell::Cell;
use tavola::games::{kak, legends, GameRng};
use tavola::table::{Input, Touch};
use tavola::ui::{App, KakUi, LegendsUi, NottsUi, Page, SetupUi, SocUi, Ui};

/// A finger at the table, counting.
struct Finger<'a> {
    ui: &'a Ui,
    touches: Cell<usize>,
    reads: Cell<usize>,
}

impl<'a> Finger<'a> {
    fn on(ui: &'a Ui) -> Self {
        Finger { ui, touches: Cell::new(0), reads: Cell::new(0) }
    }

    /// Presses the button labelled `label` (a button before any other
    /// element of that name).
    fn tap(&self, label: &str) {
        let all: Vec<ElementHandle> = ElementHandle::find_by_accessible_label(&self.ui.window, label).collect();
        let found = all
            .iter()
            .find(|e| e.accessible_role() == Some(AccessibleRole::Button))
            .or(all.first())
            .unwrap_or_else(|| panic!("no “{label}” on {:?}", self.ui.window.global::<App<'_>>().get_page()));
        found.invoke_accessible_default_action();
        self.ui.step(0);
        self.touches.set(self.touches.get() + 1);
    }

    /// Lays `card` on the simulated reader and lifts it.
    fn read(&self, card: &str) {
        common::lay(self.ui, card, 0);
        self.reads.set(self.reads.get() + 1);
    }

    /// The touches and reads since the last call.
    fn turn(&self, game: &str, turn: &str) -> (usize, usize) {
        let counted = (self.touches.replace(0), self.reads.replace(0));
        println!("{game:<24} {turn:<48} touches {:>2}  cards read {}", counted.0, counted.1);
        counted
    }
}

/// Starts the game set up on the page without its first-game explanations.
fn start(ui: &Ui, label: &str) {
    ui.window.global::<SetupUi<'_>>().set_first_game(false);
    common::click(ui, label);
    ui.step(0);
}

#[test]
fn shadows_over_camelot_a_turn_is_three_touches() {
    let ui = open_game("Shadows over Camelot");
    common::click(&ui, "Fewer players");
    common::click(&ui, "Fewer players");
    common::click(&ui, "No traitor");
    start(&ui, "Begin the quest");
    let soc = ui.window.global::<SocUi<'_>>();
    assert_eq!(ui.window.global::<App<'_>>().get_page(), Page::SocBoard);
    let f = Finger::on(&ui);
    // The evil's progress, a heroic action, the end.
    f.tap("Add a siege engine");
    f.tap("Draw white cards");
    f.tap("End the turn");
    assert_eq!(f.turn("Shadows over Camelot", "engine, white cards"), (3, 0));
    // A black card laid on the reader, a journey, the end.
    f.read("soc/black/saxons-1");
    f.tap("Travel");
    f.tap("Grail");
    f.tap("End the turn");
    assert_eq!(soc.get_knights().iter().filter(|k| k.place == "Grail").count(), 1);
    assert_eq!(f.turn("Shadows over Camelot", "black card on the reader, travel"), (3, 1));
    // The same black card picked on the screen instead.
    f.tap("Draw a black card");
    f.tap("Saxons");
    f.tap("Draw white cards");
    f.tap("End the turn");
    assert_eq!(f.turn("Shadows over Camelot", "black card picked on screen, white cards"), (4, 0));
}

#[test]
fn nottingham_a_turn_is_three_to_six_touches() {
    let ui = open_game("Nottingham");
    common::click(&ui, "Fewer players");
    let path = ElementHandle::find_by_accessible_label(&ui.window, "The Sheriff's path")
        .find(|e| e.accessible_role() == Some(AccessibleRole::TextInput))
        .expect("the path's field");
    path.set_accessible_value("4 3 5 2 6");
    ui.step(40);
    start(&ui, "Deal the cards");
    let n = ui.window.global::<NottsUi<'_>>();
    assert_eq!(ui.window.global::<App<'_>>().get_page(), Page::NottsBoard);
    let f = Finger::on(&ui);
    // A card drawn and laid on the reader, kept.
    f.read("nottingham/item/chest-1");
    f.tap("Keep the card");
    f.tap("End the turn");
    assert_eq!(f.turn("Nottingham", "card read and kept"), (2, 1));
    // Picked on screen, played for its action.
    f.tap("Pick the card drawn");
    f.tap("Gold");
    f.tap("Play the action: Ambush");
    f.tap("End the turn");
    assert_eq!(f.turn("Nottingham", "card picked on screen, its action"), (4, 0));
    // Kept, then three alike exchanged; nobody ambushes.
    f.tap("Pick the card drawn");
    f.tap("Chest");
    f.tap("Keep the card");
    f.tap("Exchange cards alike for points");
    f.tap("Chest");
    f.tap("3");
    assert!(n.get_prompt().contains("press your button"), "{}", n.get_prompt());
    f.tap("No more ambushes");
    assert_eq!(f.turn("Nottingham", "card picked, three alike exchanged"), (7, 0));
}

#[test]
fn king_arthurs_knights_a_pick_is_one_touch_and_a_turn_two() {
    let ui = open_game("King Arthur's Knights");
    for _ in 0..2 {
        common::click(&ui, "Fewer players");
    }
    let k = ui.window.global::<KakUi<'_>>();
    let labels = || k.get_actions().iter().map(|a| a.label.to_string()).collect::<Vec<_>>();
    // The ring, tapped in order at setup.
    let setup = ui.window.global::<SetupUi<'_>>();
    let places: Vec<String> = setup.get_lay_buttons().iter().map(|p| p.label.to_string()).collect();
    for place in &places {
        common::click(&ui, place);
    }
    ui.window.global::<SetupUi<'_>>().set_first_game(false);
    common::click(&ui, "Draw the tents and deal");
    let book = kak::test_facts(&mut GameRng::seeded(5)).to_book();
    for (card, facts) in book.iter() {
        let touch = Touch::SetFacts { card: card.to_string(), facts: facts.clone() };
        ui.controller.borrow_mut().input(Input::Touch(touch));
    }
    ui.step(0);
    assert_eq!(ui.window.global::<App<'_>>().get_page(), Page::KakBoard);
    let f = Finger::on(&ui);
    // Each player sees the hand dealt: two touches, alone at the screen.
    while labels().iter().any(|l| l == "Show my cards") {
        f.tap("Show my cards");
        f.tap("Hide");
    }
    let (seen, _) = f.turn("King Arthur's Knights", "virtue cards seen (both players)");
    assert_eq!(seen, 4);
    for _ in 0..3 {
        f.tap("Turn a quest face up");
        let quest = labels().into_iter().next().expect("a quest");
        f.tap(&quest);
    }
    assert_eq!(f.turn("King Arthur's Knights", "three quests turned up"), (6, 0));
    // The draft: one touch a card.
    for _ in 0..8 {
        let all = labels();
        let pick = all.iter().find(|l| l.starts_with("Training")).or(all.first()).cloned();
        f.tap(&pick.expect("a card to take"));
    }
    assert_eq!(f.turn("King Arthur's Knights", "the action cards drafted (8)"), (8, 0));
    // A turn: a training at Camelot, the end.
    let train = labels().into_iter().find(|l| l.starts_with("Train: ")).expect("a training at Camelot");
    f.tap(&train);
    f.tap("End the turn");
    assert_eq!(f.turn("King Arthur's Knights", "a training, the end"), (2, 0));
}

#[test]
fn camelot_legends_a_turn_is_an_event_read_and_up_to_eight_touches() {
    let ui = open_game("Camelot Legends");
    let mut facts = legends::test_facts(&mut GameRng::seeded(8), 100);
    for f in facts.characters.values_mut() {
        f.level = legends::cards::INTRODUCTORY.to_string();
    }
    for (id, f) in facts.events.iter_mut() {
        f.level = legends::cards::INTRODUCTORY.to_string();
        f.event_type = legends::EventType::Location;
        let forest = id.ends_with("the-black-knight") || id.ends_with("theft-of-excalibur");
        f.location = Some(if forest { legends::Location::PerilousForest } else { legends::Location::Camelot });
    }
    for (card, facts) in facts.to_book().iter() {
        let touch = Touch::SetFacts { card: card.to_string(), facts: facts.clone() };
        ui.controller.borrow_mut().input(Input::Touch(touch));
    }
    ui.step(0);
    common::click(&ui, "Fewer players");
    common::click(&ui, "Fewer players");
    for _ in 0..2 {
        common::click(&ui, "Five more: Events");
    }
    for _ in 0..3 {
        common::click(&ui, "Five more: Characters");
    }
    common::click(&ui, "Seat 1 starts");
    start(&ui, "Deal the characters");
    let l = ui.window.global::<LegendsUi<'_>>();
    assert_eq!(ui.window.global::<App<'_>>().get_page(), Page::LegendsBoard);
    let labels = || l.get_actions().iter().map(|a| a.label.to_string()).collect::<Vec<_>>();
    let f = Finger::on(&ui);
    // The first characters: the list, a letter, the card, the place.
    for place in ["Cornwall", "Camelot"] {
        f.tap("Play a character");
        let letters = labels().into_iter().next().expect("a letter");
        f.tap(&letters);
        let card = labels().into_iter().next().expect("a card");
        f.tap(&card);
        f.tap(&format!("{card} to {place}"));
    }
    assert_eq!(f.turn("Camelot Legends", "first characters placed (both players)"), (8, 0));
    // A turn: the event on the reader, a character played, one drawn.
    f.read("legends/event/the-black-knight");
    f.tap("Play a character");
    let letters = labels().into_iter().next().expect("a letter");
    f.tap(&letters);
    let card = labels().into_iter().next().expect("a card");
    f.tap(&card);
    f.tap(&format!("{card} to Camelot"));
    f.tap("Draw a character");
    let (touches, reads) = f.turn("Camelot Legends", "event read, a character played, one drawn");
    assert_eq!((touches, reads), (5, 1));
}
