//! Touches a turn takes, counted through the widgets as a finger makes them:
//! every button pressed on the screen from the turn's first prompt to the
//! next player's, in four games' ordinary turns (Avalon's round is its
//! team's size and one more: the votes and the mission cards are on the
//! pad). A card laid on the reader is counted apart: it is not a touch.
//!
//! The counts are printed (`cargo test -p tavola --test ui_touches --
//! --nocapture`) and held: a change that makes a turn longer fails here
//! and has to say why.
//!
//! A card's numbers are counted the same way, on the card-facts form's
//! keypad, and timed with the keystroke-level model (a touch with its
//! pointing 1.1 s, a card laid on the reader 2 s, a mental step 1.35 s a
//! card): each card against 15 seconds, each game's first game against five
//! minutes. A value its form shows filled in (one the rules make certain)
//! costs nothing: the cursor passes it by.

use crate::common;

use common::open_game;
use i_slint_backend_testing::{AccessibleRole, ElementHandle};
use slint::{ComponentHandle, Model};
use std::cell::Cell;
use tavola_core::table::{Input, Touch};
use tavola_games::{kak, legends, GameRng};
use tavola_screens::{App, FactsUi, KakUi, LegendsUi, NottsUi, Page, SetupUi, SocUi, Ui};

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

    /// Types `keys` on the card-facts keypad: digits, `-` for minus, `>`
    /// for "→"; spaces only part them for the reader.
    fn keys(&self, keys: &str) {
        for k in keys.chars().filter(|c| !c.is_whitespace()) {
            match k {
                '-' => self.tap("Minus"),
                '>' => self.tap("Next"),
                d => self.tap(&d.to_string()),
            }
        }
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

/// The keystroke-level model's times, in seconds: a touch with its
/// pointing, a card laid on the reader, a mental step (finding the card's
/// next number) once a card.
const TOUCH_S: f64 = 1.1;
const LAY_S: f64 = 2.0;
const THINK_S: f64 = 1.35;

/// The targets: any single card's numbers, a whole first game's cards.
const CARD_TARGET_S: f64 = 15.0;
const FIRST_GAME_TARGET_S: f64 = 300.0;

/// What typing a kind of card costs: touches and cards laid on the reader,
/// for so many cards.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Cost {
    touches: usize,
    reads: usize,
    cards: usize,
}

impl Cost {
    fn seconds(self) -> f64 {
        self.touches as f64 * TOUCH_S + self.reads as f64 * LAY_S + self.cards as f64 * THINK_S
    }

    /// `n` cards of this one's kind, each on its own form.
    fn times(self, n: usize) -> Cost {
        Cost { touches: self.touches * n, reads: self.reads * n, cards: self.cards * n }
    }

    fn plus(self, o: Cost) -> Cost {
        Cost { touches: self.touches + o.touches, reads: self.reads + o.reads, cards: self.cards + o.cards }
    }
}

/// The cards whose numbers still take longer than 15 seconds, and the
/// first games whose cards take longer than five minutes (run with
/// `--nocapture` to see by how much): one made to fit must leave its list,
/// and any other going over fails the test.
const CARDS_STILL_OVER: [&str; 0] = [];
const FIRST_GAMES_STILL_OVER: [&str; 1] = ["Camelot Legends"];

thread_local! {
    static BACKEND: Cell<bool> = const { Cell::new(false) };
}

/// A fresh simulated table in English on the game picker (Slint's testing
/// backend set up once a thread).
fn fresh_table() -> Ui {
    if !BACKEND.with(|b| b.replace(true)) {
        return common::open_table();
    }
    let opts = tavola_hw::boot::BootOptions { simulate: true, no_journal: true, ..Default::default() };
    let ui = tavola_screens::init(tavola_hw::boot::boot(&opts)).expect("the window");
    ui.step(0);
    ui.window.global::<App<'_>>().invoke_set_lang("en".into());
    ui.step(0);
    ui
}

/// Settings → Card facts, `game`'s list; `card` laid on the reader opens
/// its form; `keys` typed and Save: the touches (the card laid is the read).
fn type_card(game: &str, card: &str, keys: &str) -> (Cost, Vec<String>) {
    let ui = fresh_table();
    common::click(&ui, "Settings");
    common::click(&ui, "Card facts");
    common::click(&ui, game);
    ui.step(0);
    assert_eq!(ui.window.global::<App<'_>>().get_page(), Page::FactsDeck);
    ui.controller.borrow_mut().input(Input::Touch(Touch::OpenFacts { card: Some(card.to_string()) }));
    ui.step(0);
    assert_eq!(ui.window.global::<App<'_>>().get_page(), Page::FactsForm, "{card}");
    let f = Finger::on(&ui);
    f.keys(keys);
    let typed: Vec<String> =
        ui.window.global::<FactsUi<'_>>().get_fields().iter().map(|x| x.value.to_string()).collect();
    f.tap("Save");
    assert_eq!(ui.window.global::<App<'_>>().get_page(), Page::FactsDeck, "{card}: {typed:?} not saved");
    let (touches, _) = f.turn(game, card);
    (Cost { touches, reads: 1, cards: 1 }, typed)
}

/// Camelot Legends' introductory game for two, every card known but
/// `card`, which is laid on the reader as the game meets it (a character
/// as the first one placed, an event as the first turn's draw): its form
/// comes up, `keys` typed and Save, and the game goes on. Returns the
/// touches and the values typed (the form's given ones among them).
fn legends_met(card: &str, keys: &str) -> (Cost, Vec<String>) {
    let ui = fresh_table();
    let mut facts = legends::test_facts(&mut GameRng::seeded(8), 100);
    for f in facts.characters.values_mut() {
        f.level = legends::cards::INTRODUCTORY.to_string();
    }
    for f in facts.events.values_mut() {
        f.level = legends::cards::INTRODUCTORY.to_string();
        f.event_type = legends::EventType::Location;
        f.location = Some(legends::Location::Camelot);
    }
    facts.characters.remove(card);
    facts.events.remove(card);
    for (card, facts) in facts.to_book().iter() {
        let touch = Touch::SetFacts { card: card.to_string(), facts: facts.clone() };
        ui.controller.borrow_mut().input(Input::Touch(touch));
    }
    ui.step(0);
    common::click(&ui, "Camelot Legends");
    for _ in 0..2 {
        common::click(&ui, "Fewer players");
    }
    for _ in 0..2 {
        common::click(&ui, "Five more: Events");
    }
    for _ in 0..3 {
        common::click(&ui, "Five more: Characters");
    }
    common::click(&ui, "Seat 1 starts");
    start(&ui, "Deal the characters");
    let app = ui.window.global::<App<'_>>();
    assert_eq!(app.get_page(), Page::LegendsBoard, "{}", app.get_message());
    let l = ui.window.global::<LegendsUi<'_>>();
    let first = || l.get_actions().iter().next().map(|a| a.label.to_string()).expect("a choice");
    if legends::cards::is_event(card) {
        // Both first characters placed, picked on the screen.
        for place in ["Cornwall", "Camelot"] {
            common::click(&ui, "Play a character");
            common::click(&ui, &first());
            let picked = first();
            common::click(&ui, &picked);
            common::click(&ui, &format!("{picked} to {place}"));
            ui.step(0);
        }
    }
    common::lay(&ui, card, 0);
    assert_eq!(app.get_page(), Page::FactsForm, "{card}: {}", app.get_message());
    assert!(ui.window.global::<FactsUi<'_>>().get_blocks_game());
    let f = Finger::on(&ui);
    f.keys(keys);
    let typed: Vec<String> =
        ui.window.global::<FactsUi<'_>>().get_fields().iter().map(|x| x.value.to_string()).collect();
    f.tap("Save");
    assert_eq!(app.get_page(), Page::LegendsBoard, "{card}: {typed:?}: {}", app.get_message());
    let (touches, _) = f.turn("Camelot Legends", &format!("{card}, met in the introductory game"));
    (Cost { touches, reads: 1, cards: 1 }, typed)
}

/// King Arthur's Knights, two players, the ring laid, dealt: the game asks
/// for the eighteen virtue cards at once, as a table, typed row by row.
fn kak_virtue_table() -> Cost {
    let ui = fresh_table();
    common::click(&ui, "King Arthur's Knights");
    for _ in 0..3 {
        common::click(&ui, "Fewer players");
    }
    for _ in 0..8 {
        assert!(tavola_screens::lay_next_setup_card(&ui.window));
        ui.step(0);
    }
    common::click(&ui, "Draw the tents and deal");
    let facts = ui.window.global::<FactsUi<'_>>();
    assert!(facts.get_table(), "eighteen cards asked at once come as a table");
    let book = kak::test_facts(&mut GameRng::seeded(5)).to_book();
    let order = ["sword", "lance", "dragon", "book"];
    let f = Finger::on(&ui);
    for n in 1..=kak::cards::VIRTUE_CARDS {
        let face = book.get(&format!("kak/virtue/card-{n}")).expect("a face");
        let virtue = order.iter().position(|v| Some(*v) == face["virtue"].as_str()).expect("a virtue") + 1;
        f.keys(&format!("{virtue}{}", face["value"]));
    }
    f.tap("Save");
    assert_eq!(ui.window.global::<App<'_>>().get_page(), Page::KakBoard);
    let (touches, _) = f.turn("King Arthur's Knights", "the 18 virtue cards as a table");
    Cost { touches, reads: 0, cards: kak::cards::VIRTUE_CARDS }
}

#[test]
fn a_cards_numbers_take_under_15_seconds_and_a_first_games_cards_under_five_minutes() {
    let catalog = tavola_games::Catalog::builtin();
    let count = |game, kind: &str, f: &dyn Fn(&str) -> bool| catalog.by_kind(game, kind).filter(|c| f(&c.id)).count();
    // One card of every kind a game asks numbers for, typed.
    let (virtue, _) = type_card("King Arthur's Knights", "kak/virtue/card-7", "1 2");
    let quest_card = catalog.by_kind(tavola_games::GameKind::KingArthursKnights, "quest").next().expect("a quest");
    let (quest, typed) = type_card("King Arthur's Knights", &quest_card.id, "1 2 0 1 0 3");
    assert!(typed.iter().all(|v| !v.is_empty()), "{typed:?}");
    let (horse, _) = type_card("King Arthur's Knights", "kak/action/horse-1", "3");
    // The path is typed from the board at setup: no card is laid.
    let (path, typed) = type_card("Nottingham", "nottingham/board/sheriff-path", "4 3 5 2 6 3 8 5");
    let path = Cost { reads: 0, ..path };
    assert_eq!(typed[0].split(|c: char| !c.is_ascii_digit()).filter(|d| !d.is_empty()).count(), 8, "{typed:?}");
    let (commission, _) = type_card("Nottingham", "nottingham/commission/five-alike-first", "22 14");
    let (ambush, _) = type_card("Nottingham", "nottingham/ambush/items-1", "3 6");
    // The six skills ("−" is −1), the shield, the level, a second emblem;
    // the gender is the name's ("King"), filled in.
    let (character, typed) = type_card("Camelot Legends", "legends/character/king-arthur", "3 0 - 5 2 1 6 1 3");
    assert!(typed.iter().all(|v| !v.is_empty()), "{typed:?}");
    assert_eq!(typed[7], "male", "{typed:?}");
    // A location event the rules say nothing of, at Camelot (its place its
    // type: no type asked): Combat 12, 3 points, the level, no second
    // requirement (asked last: Save leaves it out).
    let (event, typed) = type_card("Camelot Legends", "legends/event/the-grail-castle", "1 1 12 3 1");
    assert_eq!(typed[..5], ["Camelot", "Combat", "12", "3", "white (Beginner Game)"], "{typed:?}");
    assert_eq!(typed.iter().filter(|v| v.is_empty()).count(), 3, "no type, no second requirement: {typed:?}");
    // The Black Knight: its type, the Forest and Combat 12 are the rules'
    // ("Uno sguardo al gioco"), filled in; its 3 points and level typed.
    let (knight, typed) = type_card("Camelot Legends", "legends/event/the-black-knight", "3 1");
    assert_eq!(typed[..3], ["Perilous Forest", "Combat", "12"], "{typed:?}");
    assert_eq!(typed[5], "Location Event", "{typed:?}");
    assert_eq!(typed.iter().filter(|v| v.is_empty()).count(), 2, "the second requirement left out: {typed:?}");
    let virtues = kak_virtue_table();
    let cards = [
        ("King Arthur's Knights virtue card", virtue, 3),
        ("King Arthur's Knights quest", quest, 7),
        ("King Arthur's Knights horse", horse, 2),
        ("Nottingham Sheriff's path (8 spaces)", path, 9),
        ("Nottingham commission", commission, 5),
        ("Nottingham ambush card", ambush, 3),
        ("Camelot Legends character", character, 10),
        ("Camelot Legends event", event, 7),
        ("Camelot Legends event the rules state", knight, 3),
    ];
    let mut over = Vec::new();
    for (name, cost, touches) in cards {
        println!("{name:<40} touches {:>2}  ≈ {:>5.1} s", cost.touches, cost.seconds());
        assert_eq!(cost.touches, touches, "{name}");
        if cost.seconds() > CARD_TARGET_S {
            over.push(name);
        }
    }
    assert_eq!(virtues.touches, 37, "two digits a card, then Save");
    assert_eq!(over, CARDS_STILL_OVER, "cards over {CARD_TARGET_S} s");

    // A first game's cards. Nottingham: the path before the start, then
    // each commission's first card and each two-item ambush card as it is
    // met (every one, at most). King Arthur's Knights: the eighteen virtue
    // cards at once before the first round, every quest and the four horses
    // as each is met. Camelot Legends' introductory game for four: every
    // event of its deck (the game ends with the deck) and every character
    // of it, dealt or drawn, played (the deck as the table's tests count
    // it: 10 events, 20 characters), each on the form the game brings up
    // when it meets the card, the white icon's level filled in: a character
    // with one emblem ("Alcuni Cavalieri possiedono due diversi stemmi":
    // some), an event the rules say nothing of (the Black Knight, whose
    // type, place and requirement they give, takes 4 fewer: it is one card
    // of the deck at most).
    let (met_character, typed) = legends_met("legends/character/king-arthur", "3 0 - 5 2 1 6");
    assert_eq!(typed[7..9], ["male", "white (Beginner Game)"], "the gender and level filled in: {typed:?}");
    assert_eq!(typed[9], "", "no second emblem: {typed:?}");
    assert_eq!(met_character.touches, 8, "six skills, the shield, Save");
    let (met_event, typed) = legends_met("legends/event/the-grail-castle", "1 1 12 3");
    assert_eq!(typed[4], "white (Beginner Game)", "{typed:?}");
    assert_eq!(typed[5], "", "a place typed, no type asked: {typed:?}");
    assert_eq!(met_event.touches, 6, "the place, the requirement's skill and two digits, the points, Save");
    use tavola_games::GameKind as G;
    let commissions = count(G::Nottingham, "commission", &|c| c.ends_with("-first"));
    let quests = count(G::KingArthursKnights, "quest", &|_| true);
    let first_games = [
        ("Nottingham", path.plus(commission.times(commissions)).plus(ambush.times(6))),
        ("King Arthur's Knights", virtues.plus(quest.times(quests)).plus(horse.times(4))),
        ("Camelot Legends", met_event.times(10).plus(met_character.times(20))),
    ];
    let mut over = Vec::new();
    for (game, cost) in first_games {
        let s = cost.seconds();
        println!(
            "{game:<24} first game: {:>3} cards, {:>3} touches, {:>2} laid  ≈ {:>3.0} s ({:.1} min)",
            cost.cards,
            cost.touches,
            cost.reads,
            s,
            s / 60.0
        );
        if s > FIRST_GAME_TARGET_S {
            over.push(game);
        }
    }
    assert_eq!(over, FIRST_GAMES_STILL_OVER, "first games over {FIRST_GAME_TARGET_S} s");
}
