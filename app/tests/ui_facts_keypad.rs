//! Card facts typed on the form's keypad, through the widgets with Slint's
//! testing backend: every digit fills the field at the cursor and moves
//! on; what was typed and left for later comes back; an optional choice
//! can be taken away again; a whole kind of card is typed as one table.
//!
//! The taps are counted as a finger would make them (every button
//! pressed, from the form shown to the card saved), once with the
//! steppers and choices a card had before the keypad and once with the
//! keypad, the same way both times. Every number is a test value, not a
//! real card's.

use crate::common;

use common::click;
use i_slint_backend_testing::{AccessibleRole, ElementHandle};
use slint::{ComponentHandle, Model};
use tavola_games::{kak, GameRng};
use tavola_screens::{App, FactsUi, Page, Ui};

/// A finger on the screen, counting its taps.
struct Finger<'a> {
    ui: &'a Ui,
    taps: usize,
    /// Taps on a button first scrolled into view (the testing backend
    /// hides what is scrolled out: the button's own callback stands in).
    scrolled: usize,
}

impl<'a> Finger<'a> {
    fn on(ui: &'a Ui) -> Self {
        Finger { ui, taps: 0, scrolled: 0 }
    }

    /// Taps the button (or toggle) labelled `label`.
    fn tap(&mut self, label: &str) {
        let found = ElementHandle::find_by_accessible_label(&self.ui.window, label)
            .find(|e| matches!(e.accessible_role(), Some(AccessibleRole::Button | AccessibleRole::Checkbox)))
            .unwrap_or_else(|| panic!("no button “{label}” on {:?}", self.page()));
        found.invoke_accessible_default_action();
        self.ui.step(0);
        self.taps += 1;
    }

    /// Taps the button labelled `label`, scrolled into view first when it
    /// is out of it (`scrolled_to` does what the button does).
    fn tap_scrolled(&mut self, label: &str, scrolled_to: impl FnOnce(&FactsUi<'_>)) {
        let shown = ElementHandle::find_by_accessible_label(&self.ui.window, label)
            .any(|e| matches!(e.accessible_role(), Some(AccessibleRole::Button | AccessibleRole::Checkbox)));
        if shown {
            return self.tap(label);
        }
        scrolled_to(&self.ui.window.global::<FactsUi<'_>>());
        self.ui.step(0);
        self.taps += 1;
        self.scrolled += 1;
    }

    /// Types `keys` on the keypad: digits, `-` for minus, `>` for "→",
    /// `<` for "⌫"; spaces only part them for the reader.
    fn keys(&mut self, keys: &str) {
        for k in keys.chars().filter(|c| !c.is_whitespace()) {
            let label = match k {
                '-' => "Minus".to_string(),
                '>' => "Next".to_string(),
                '<' => "Delete".to_string(),
                d => d.to_string(),
            };
            self.tap(&label);
        }
    }

    fn page(&self) -> Page {
        self.ui.window.global::<App<'_>>().get_page()
    }
}

thread_local! {
    static BACKEND: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// A fresh simulated table in English, without a journal, on the game
/// picker (Slint's testing backend set up once a thread).
fn open_table() -> Ui {
    if BACKEND.with(|b| b.replace(true)) {
        let opts = tavola_hw::boot::BootOptions { simulate: true, no_journal: true, ..Default::default() };
        let ui = tavola_screens::init(tavola_hw::boot::boot(&opts)).unwrap();
        ui.step(0);
        ui.window.global::<App<'_>>().invoke_set_lang("en".into());
        ui.step(0);
        ui
    } else {
        common::open_table()
    }
}

/// The same, on `game`'s setup page.
fn open_game(game: &str) -> Ui {
    let ui = open_table();
    click(&ui, game);
    ui
}

fn facts(ui: &Ui) -> FactsUi<'_> {
    ui.window.global::<FactsUi<'_>>()
}

/// The form's fields as shown, by name: "" while not given.
fn values(ui: &Ui) -> Vec<String> {
    facts(ui).get_fields().iter().map(|f| f.value.to_string()).collect()
}

/// The name of field `i` on the form (as the steppers are labelled).
fn field_name(ui: &Ui, i: usize) -> String {
    facts(ui).get_fields().row_data(i).expect("the field").name.to_string()
}

/// Opens the card named `name` from the list (scrolled to it).
fn open_card(ui: &Ui, name: &str) {
    let at = facts(ui).get_cards().iter().position(|c| c.name == name).unwrap_or_else(|| panic!("no {name}"));
    facts(ui).invoke_open_card(at as i32);
    ui.step(0);
    assert_eq!(ui.window.global::<App<'_>>().get_page(), Page::FactsForm);
}

/// Settings → Card facts, `game`'s list.
fn card_list(ui: &Ui, game: &str) {
    click(ui, "Settings");
    click(ui, "Card facts");
    click(ui, game);
    ui.step(0);
    assert_eq!(ui.window.global::<App<'_>>().get_page(), Page::FactsDeck);
}

/// A number typed the way the form allowed before its keypad: "+" or "−"
/// from what the field shows ("?" steps from nothing where nothing is a
/// value, else from the end of the range).
fn step_to(f: &mut Finger<'_>, field: usize, from: Option<i64>, to: i64, min: i64, max: i64) {
    let name = field_name(f.ui, field);
    let mut at = from;
    while at != Some(to) {
        let up = match at {
            Some(n) => to > n,
            None if (min..=max).contains(&0) => to > 0,
            None => to - min <= max - to,
        };
        let label = format!("{}: {name}", if up { "More" } else { "Less" });
        f.tap_scrolled(&label, |ui| ui.invoke_step(field as i32, -1, if up { 1 } else { -1 }));
        at = Some(match at {
            Some(n) => n + if up { 1 } else { -1 },
            None if (min..=max).contains(&0) => {
                if up {
                    1
                } else {
                    -1
                }
            }
            None if up => min,
            None => max,
        });
    }
}

/// The eighteen virtue cards' test faces: (virtue's number on the form,
/// its option's name, value), card by card.
fn virtue_faces() -> Vec<(String, usize, i64)> {
    let book = kak::test_facts(&mut GameRng::seeded(5)).to_book();
    let order = ["sword", "lance", "dragon", "book"];
    (1..=18)
        .map(|n| {
            let card = format!("kak/virtue/card-{n}");
            let f = book.get(&card).expect("a face");
            let virtue = f["virtue"].as_str().expect("a virtue");
            let number = order.iter().position(|v| *v == virtue).expect("one of four") + 1;
            (card, number, f["value"].as_i64().expect("a value"))
        })
        .collect()
}

/// King Arthur's Knights, two players, the ring laid, dealt: the game asks
/// for the virtue cards.
fn kak_asks_for_virtue_cards() -> Ui {
    let ui = open_game("King Arthur's Knights");
    for _ in 0..3 {
        click(&ui, "Fewer players");
    }
    for _ in 0..8 {
        assert!(tavola_screens::lay_next_setup_card(&ui.window));
        ui.step(0);
    }
    click(&ui, "Draw the tents and deal");
    assert_eq!(ui.window.global::<App<'_>>().get_page(), Page::FactsForm);
    assert!(facts(&ui).get_blocks_game());
    ui
}

/// One virtue card typed with the choice and the steppers (before the keypad).
fn virtue_card_by_steppers(f: &mut Finger<'_>, number: usize, value: i64) {
    let option = facts(f.ui).get_fields().row_data(0).unwrap().options.row_data(number - 1).unwrap();
    f.tap(&option);
    step_to(f, 1, None, value, 1, 2);
    f.tap("Save");
}

#[test]
fn a_virtue_card_and_all_eighteen_take_fewer_taps_on_the_keypad() {
    let faces = virtue_faces();

    // Before: one card at a time, the game asking for each in turn.
    let ui = kak_asks_for_virtue_cards();
    ui.window.global::<FactsUi<'_>>().invoke_as_table(false);
    ui.step(0);
    let mut f = Finger::on(&ui);
    let mut first = None;
    while f.page() == Page::FactsForm {
        let title = facts(&ui).get_card_name().to_string();
        let n: usize = title.strip_prefix("Virtue card ").and_then(|n| n.parse().ok()).expect("a virtue card");
        let (number, value) = (faces[n - 1].1, faces[n - 1].2);
        let before = f.taps;
        virtue_card_by_steppers(&mut f, number, value);
        first.get_or_insert(f.taps - before);
    }
    assert_eq!(f.page(), Page::KakBoard, "{}", ui.window.global::<App<'_>>().get_message());
    let (one_before, all_before) = (first.expect("a card"), f.taps);

    // After: the game asks for them as a table, typed row by row.
    let ui = kak_asks_for_virtue_cards();
    assert!(facts(&ui).get_table(), "eighteen cards asked at once come as a table");
    assert_eq!(facts(&ui).get_rows().row_count(), 18);
    let mut f = Finger::on(&ui);
    for (_, number, value) in &faces {
        f.keys(&format!("{number}{value}"));
    }
    f.tap("Save");
    assert_eq!(f.page(), Page::KakBoard, "{}", ui.window.global::<App<'_>>().get_message());
    let all_after = f.taps;

    // One card alone on its form, opened from Settings.
    let ui = open_table();
    card_list(&ui, "King Arthur's Knights");
    open_card(&ui, "Virtue card 7");
    assert!(!facts(&ui).get_table());
    let (number, value) = (faces[6].1, faces[6].2);
    let mut f = Finger::on(&ui);
    f.keys(&format!("{number}{value}"));
    f.tap("Save");
    assert_eq!(f.page(), Page::FactsDeck, "{}", ui.window.global::<App<'_>>().get_message());
    let one_after = f.taps;
    let row = facts(&ui).get_cards().iter().find(|c| c.name == "Virtue card 7").expect("the row");
    assert!(row.known);

    eprintln!(
        "virtue card: {one_before} taps before, {one_after} after; all 18: {all_before} before, {all_after} after"
    );
    assert_eq!(one_after, 3, "a virtue and a value, then Save");
    assert_eq!(all_after, 37, "two digits a card, then Save");
    assert!(all_before >= 54, "{all_before}");
}

#[test]
fn an_eight_space_path_is_eight_digits_and_save() {
    let path = [4, 3, 5, 2, 6, 3, 8, 5];
    let open_path = |ui: &Ui| {
        card_list(ui, "Nottingham");
        let at = facts(ui).get_cards().iter().position(|c| c.name.contains("path")).expect("the Sheriff's path");
        facts(ui).invoke_open_card(at as i32);
        ui.step(0);
    };

    // Before: a space added, then stepped from the one before it.
    let ui = open_table();
    open_path(&ui);
    let mut f = Finger::on(&ui);
    let mut last: i32 = 2;
    for (i, &n) in path.iter().enumerate() {
        f.tap("Add a space");
        let label = format!("{} space {}", if n > last { "More:" } else { "Less:" }, i + 1);
        for _ in 0..(n - last).abs() {
            f.tap_scrolled(&label, |ui| ui.invoke_step(0, i as i32, (n - last).signum()));
        }
        last = n;
    }
    let typed: Vec<i32> = facts(&ui).get_fields().row_data(0).unwrap().values.iter().collect();
    assert_eq!(typed, path);
    f.tap("Save");
    assert_eq!(f.page(), Page::FactsDeck, "{}", ui.window.global::<App<'_>>().get_message());
    let (before, scrolled) = (f.taps, f.scrolled);

    // After: the digits.
    let ui = open_table();
    open_path(&ui);
    let mut f = Finger::on(&ui);
    f.keys("4 3 5 2 6 3 8 5");
    let typed: Vec<i32> = facts(&ui).get_fields().row_data(0).unwrap().values.iter().collect();
    assert_eq!(typed, path);
    f.tap("Save");
    assert_eq!(f.page(), Page::FactsDeck, "{}", ui.window.global::<App<'_>>().get_message());
    eprintln!("8-space path: {before} taps before ({scrolled} scrolled to), {} after", f.taps);
    assert_eq!(f.taps, 9);
    assert!(before > 20, "{before}");
}

/// A character's test values: the six skills, then the shield, the level
/// and the second emblem by their numbers on the form (the gender is the
/// name's, filled in).
const SKILLS: [i64; 6] = [3, 0, -1, 5, 2, 1];

/// The character form's fields, as asked.
const ALLIANCE: usize = 6;
const GENDER: usize = 7;
const LEVEL: usize = 8;
const SECOND_ALLIANCE: usize = 9;

#[test]
fn a_character_is_typed_in_one_go_and_its_second_emblem_can_be_taken_away() {
    // Before: the steppers and the choices.
    let ui = open_table();
    card_list(&ui, "Camelot Legends");
    let character = facts(&ui).get_cards().row_data(0).expect("a character").name.to_string();
    open_card(&ui, &character);
    let mut f = Finger::on(&ui);
    for (i, &v) in SKILLS.iter().enumerate() {
        step_to(&mut f, i, None, v, -1, 6);
    }
    let option =
        |field: usize, n: usize| facts(&ui).get_fields().row_data(field).unwrap().options.row_data(n - 1).unwrap();
    for (field, n) in [(ALLIANCE, 6), (LEVEL, 2), (SECOND_ALLIANCE, 3)] {
        f.tap_scrolled(&option(field, n), |ui| ui.invoke_pick(field as i32, n as i32 - 1));
    }
    let stepped = values(&ui);
    f.tap("Save");
    assert_eq!(f.page(), Page::FactsDeck, "{}", ui.window.global::<App<'_>>().get_message());
    let (before, scrolled) = (f.taps, f.scrolled);

    // After: the keypad, the cursor moving on by itself.
    let ui = open_table();
    card_list(&ui, "Camelot Legends");
    open_card(&ui, &character);
    let mut f = Finger::on(&ui);
    f.keys("3 0 - 5 2 1 6 2 3");
    assert_eq!(values(&ui), stepped, "the same card");
    f.tap("Save");
    assert_eq!(f.page(), Page::FactsDeck, "{}", ui.window.global::<App<'_>>().get_message());
    eprintln!("character: {before} taps before ({scrolled} scrolled to), {} after", f.taps);
    assert_eq!(f.taps, 10, "nine fields (the gender given), “−1” one key, then Save");
    assert!(before > f.taps, "{before}");

    // The second emblem the first's: refused; taken away, and Save works.
    let ui = open_table();
    card_list(&ui, "Camelot Legends");
    let second = facts(&ui).get_cards().row_data(1).expect("a character").name.to_string();
    open_card(&ui, &second);
    let mut f = Finger::on(&ui);
    f.keys("1 1 1 1 1 1 3 1 3");
    assert_eq!(values(&ui)[ALLIANCE], values(&ui)[SECOND_ALLIANCE], "the same emblem twice");
    f.tap("Save");
    assert_eq!(f.page(), Page::FactsForm, "refused");
    // The field tapped on the card's outline takes the cursor; "⌫" clears it.
    facts(&ui).invoke_focus(0, SECOND_ALLIANCE as i32, -1);
    ui.step(0);
    assert!(facts(&ui).get_fields().row_data(SECOND_ALLIANCE).unwrap().current);
    f.keys("<");
    assert_eq!(values(&ui)[SECOND_ALLIANCE], "", "taken away");
    assert_ne!(values(&ui)[ALLIANCE], "", "the shield kept");
    f.tap("Save");
    assert_eq!(f.page(), Page::FactsDeck, "{}", ui.window.global::<App<'_>>().get_message());
    let row = facts(&ui).get_cards().iter().find(|c| c.name == second.as_str()).expect("the row");
    assert!(row.known, "saved without a second emblem");

    // The same with the field's own "Clear" button, the cursor elsewhere.
    let third = facts(&ui).get_cards().row_data(2).expect("a character").name.to_string();
    open_card(&ui, &third);
    let mut f = Finger::on(&ui);
    f.keys("1 1 1 1 1 1 3 1 3");
    let emblem = field_name(&ui, SECOND_ALLIANCE);
    facts(&ui).invoke_clear(SECOND_ALLIANCE as i32);
    ui.step(0);
    assert_eq!(values(&ui)[SECOND_ALLIANCE], "", "“Clear: {emblem}” took it away");
    f.tap("Save");
    assert_eq!(f.page(), Page::FactsDeck, "{}", ui.window.global::<App<'_>>().get_message());
}

#[test]
fn a_value_the_rules_give_comes_filled_in_is_passed_by_and_can_be_changed() {
    let ui = open_table();
    card_list(&ui, "Camelot Legends");
    open_card(&ui, "King Arthur");
    let field = |i: usize| facts(&ui).get_fields().row_data(i).expect("the field");
    // The name says the gender: filled in, ticked on the card's outline,
    // and the cursor starts on what the owner types.
    assert_eq!(values(&ui)[GENDER], "male");
    assert!(field(GENDER).filled);
    assert!(!field(ALLIANCE).filled && !field(LEVEL).filled);
    let said = |label: &str| ElementHandle::find_by_accessible_label(&ui.window, label).count();
    let ticked =
        |label: &str| said(&format!("{}. {label} ✓", GENDER + 1)) + said(&format!("▶ {}. {label} ✓", GENDER + 1));
    assert_eq!(ticked("male"), 1, "ticked on the card's outline");
    assert!(field(0).current);
    let mut f = Finger::on(&ui);
    // The shield typed: the cursor passes the gender by, to the level.
    f.keys("1 1 1 1 1 1 5");
    assert!(field(LEVEL).current, "the cursor on the level, the gender passed by");
    // "⌫" with nothing typed at the level takes back the shield, not the
    // gender given.
    f.keys("<");
    assert_eq!(values(&ui)[ALLIANCE], "");
    assert_eq!(values(&ui)[GENDER], "male");
    f.keys("5");
    // The gender's name tapped: the cursor there, and a digit changes it.
    facts(&ui).invoke_focus(0, GENDER as i32, -1);
    ui.step(0);
    assert!(field(GENDER).current);
    f.keys("2");
    assert_eq!(values(&ui)[GENDER], "female");
    assert!(!field(GENDER).filled, "the owner's now");
    assert_eq!(ticked("female"), 0, "no longer ticked");
    assert!(field(LEVEL).current);
    f.keys("1");
    f.tap("Save");
    assert_eq!(f.page(), Page::FactsDeck, "{}", ui.window.global::<App<'_>>().get_message());
    let row = facts(&ui).get_cards().iter().find(|c| c.name == "King Arthur").expect("the row");
    assert!(row.summary.contains("female"), "{}", row.summary);

    // The Black Knight, in both languages: its place, requirement and type
    // are the rules' (a Forest event of Combat 12), each row saying it is
    // filled in; the cursor starts at its points.
    for (lang, settings, card_facts, name, filled_in) in [
        ("en", "Settings", "Card facts", "The Black Knight", "Filled in"),
        ("it", "Impostazioni", "Dati delle carte", "Il Cavaliere Nero", "Già compilato"),
    ] {
        let ui = open_table();
        ui.window.global::<App<'_>>().invoke_set_lang(lang.into());
        ui.step(0);
        click(&ui, settings);
        click(&ui, card_facts);
        click(&ui, "Camelot Legends");
        ui.step(0);
        open_card(&ui, name);
        let fields = facts(&ui).get_fields();
        let filled: Vec<bool> = fields.iter().map(|f| f.filled).collect();
        assert_eq!(filled, [true, true, true, false, false, true, false, false], "{lang}");
        // Each of those rows in view says so (the type, after the points
        // and the level, may be below the fold).
        let shown = ElementHandle::find_by_accessible_label(&ui.window, filled_in).count();
        assert!((3..=4).contains(&shown), "{lang}: {shown}");
        assert!(fields.row_data(3).expect("its points").current, "{lang}");
        let other = if lang == "en" { "Già compilato" } else { "Filled in" };
        assert_eq!(ElementHandle::find_by_accessible_label(&ui.window, other).count(), 0, "{lang}");
    }
}

#[test]
fn a_digit_out_of_range_is_refused_and_a_two_digit_number_waits_for_its_second() {
    let ui = open_table();
    card_list(&ui, "Nottingham");
    open_card(&ui, "Commission: Five alike (single pawn)");
    let mut f = Finger::on(&ui);
    // 10 to 30: "2" waits, "2" again makes 22 and the cursor moves on.
    f.keys("2");
    assert_eq!(values(&ui), ["", ""]);
    assert_eq!(facts(&ui).get_fields().row_data(0).unwrap().typed, "2");
    f.keys("2");
    assert_eq!(values(&ui), ["22", ""]);
    // "4" can start nothing from 10 to 30: refused with the range.
    f.keys("4");
    assert_eq!(values(&ui), ["22", ""]);
    assert!(facts(&ui).get_note().contains("from 10 to 30"), "{}", facts(&ui).get_note());
    f.keys("1 4");
    assert_eq!(values(&ui), ["22", "14"]);
    // Taken back digit by digit.
    f.keys("<");
    assert_eq!(values(&ui), ["22", ""]);
    f.keys("<");
    assert_eq!(values(&ui), ["", ""]);
}

#[test]
fn not_now_keeps_what_was_typed_and_the_form_shows_it_again() {
    let ui = open_game("Nottingham");
    let app = ui.window.global::<App<'_>>();
    click(&ui, "Deal the cards");
    assert_eq!(app.get_page(), Page::FactsForm);
    let mut f = Finger::on(&ui);
    f.keys("4 3 5");
    f.tap("Not now");
    assert_eq!(app.get_page(), Page::Setup);
    click(&ui, "Deal the cards");
    assert_eq!(app.get_page(), Page::FactsForm);
    let path: Vec<i32> = facts(&ui).get_fields().row_data(0).unwrap().values.iter().collect();
    assert_eq!(path, [4, 3, 5], "the draft, back");
    f.keys("2");
    f.tap("Save");
    assert_eq!(app.get_page(), Page::NottsBoard, "{}", app.get_message());

    // A card opened from Settings, left with Cancel, opened again.
    let ui = open_table();
    card_list(&ui, "Nottingham");
    open_card(&ui, "Commission: Five alike (single pawn)");
    let mut f = Finger::on(&ui);
    f.keys("22 14");
    f.tap("Cancel");
    assert_eq!(f.page(), Page::FactsDeck);
    open_card(&ui, "Commission: Five alike (single pawn)");
    assert_eq!(values(&ui), ["22", "14"]);
}

#[test]
fn what_was_typed_and_left_comes_back_after_a_restart_and_goes_once_saved() {
    use tavola_hw::boot::{boot, BootOptions};
    let dir = std::env::temp_dir().join(format!("tavola-ui-drafts-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let opts = BootOptions { simulate: true, db: Some(dir.join("t.db")), ..BootOptions::default() };
    BACKEND.with(|b| b.set(true));
    i_slint_backend_testing::init_no_event_loop();
    let start = || {
        let ui = tavola_screens::init(boot(&opts)).unwrap();
        ui.step(0);
        ui.window.global::<App<'_>>().invoke_set_lang("en".into());
        ui.step(0);
        click(&ui, "Nottingham");
        click(&ui, "Deal the cards");
        assert_eq!(ui.window.global::<App<'_>>().get_page(), Page::FactsForm);
        ui
    };
    let path = |ui: &Ui| -> Vec<i32> { facts(ui).get_fields().row_data(0).unwrap().values.iter().collect() };

    let ui = start();
    let mut f = Finger::on(&ui);
    f.keys("4 3 5");
    f.tap("Not now");
    drop(ui);

    // Tavola starts again (a restart, or the power came back).
    let ui = start();
    assert_eq!(path(&ui), [4, 3, 5], "the draft, back after the restart");
    let mut f = Finger::on(&ui);
    f.keys("2");
    f.tap("Save");
    assert_eq!(ui.window.global::<App<'_>>().get_page(), Page::NottsBoard);
    drop(ui);

    // Saved: the next start has the card's facts and no draft of it.
    let journal = tavola_core::journal::Journal::open(dir.join("t.db")).unwrap().journal;
    let kept: Option<serde_json::Value> = journal.setting("facts.drafts").unwrap();
    assert_eq!(kept, None, "no draft is kept for a saved card");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_table_of_virtue_cards_saves_every_row_or_names_the_one_refused() {
    let faces = virtue_faces();
    let ui = open_table();
    card_list(&ui, "King Arthur's Knights");
    let missing = facts(&ui).get_missing_text().to_string();
    open_card(&ui, "Virtue card 1");
    let mut f = Finger::on(&ui);
    f.tap("All 18 in a table");
    assert!(facts(&ui).get_table());
    let columns: Vec<String> = facts(&ui).get_columns().iter().map(|c| c.to_string()).collect();
    assert_eq!(columns.len(), 2, "{columns:?}");
    // Row 5 left without its value: the cursor is put on row 6 by hand.
    for (i, (_, number, value)) in faces.iter().enumerate() {
        match i {
            4 => {
                f.keys(&number.to_string());
                facts(&ui).invoke_focus(5, 0, -1);
                ui.step(0);
            }
            _ => f.keys(&format!("{number}{value}")),
        }
    }
    f.tap("Save");
    assert_eq!(f.page(), Page::FactsForm, "nothing saved");
    let note = facts(&ui).get_note().to_string();
    assert!(note.contains("row 5, Virtue card 5"), "{note}");
    let cell =
        |r: usize, c: usize| facts(&ui).get_rows().row_data(r).unwrap().cells.row_data(c).unwrap().text.to_string();
    assert_eq!(cell(4, 1), "", "row 5's value still missing");
    assert_eq!(cell(17, 1), faces[17].2.to_string(), "the rows typed are all still there");
    assert!(facts(&ui).get_rows().row_data(4).unwrap().current, "the cursor on the row refused");
    // The row's value typed: the cursor is on it.
    f.keys(&faces[4].2.to_string());
    f.tap("Save");
    assert_eq!(f.page(), Page::FactsDeck, "{}", ui.window.global::<App<'_>>().get_message());
    assert_ne!(facts(&ui).get_missing_text().to_string(), missing);
    let known = facts(&ui).get_cards().iter().filter(|c| c.name.starts_with("Virtue card") && c.known).count();
    assert_eq!(known, 18, "every row saved");
    // Each row as typed: card 18's value among its numbers.
    let last = facts(&ui).get_cards().iter().find(|c| c.name == "Virtue card 18").expect("card 18");
    assert!(last.summary.ends_with(&format!(" · {}", faces[17].2)), "{}", last.summary);
}
