//! The owner's card facts through the widgets, with Slint's testing
//! backend: a game that needs the Sheriff's path asks for it on a form and
//! starts once it is saved; Settings → Card facts lists the cards still
//! missing and takes a commission's points. Every number is a test value,
//! not a real card's.

use crate::common;

use common::{click, open_table};
use i_slint_backend_testing::{AccessibleRole, ElementHandle};
use slint::{ComponentHandle, Model};
use tavola_screens::{App, FactsUi, NottsUi, Page, Ui};

/// Presses the button labelled `label`.
fn press(ui: &Ui, label: &str) {
    let found = ElementHandle::find_by_accessible_label(&ui.window, label)
        .find(|e| e.accessible_role() == Some(AccessibleRole::Button))
        .unwrap_or_else(|| panic!("no button “{label}”"));
    found.invoke_accessible_default_action();
}

#[test]
fn a_game_without_the_sheriffs_path_asks_for_it_and_starts_once_it_is_saved() {
    let ui = open_table();
    let app = ui.window.global::<App<'_>>();
    let f = ui.window.global::<FactsUi<'_>>();
    click(&ui, "Nottingham");
    click(&ui, "Fewer players");
    // Nothing typed in the path field, and nothing kept: the game asks.
    click(&ui, "Deal the cards");
    assert_eq!(app.get_page(), Page::FactsForm, "{}", app.get_message());
    assert_eq!(f.get_card_name(), "Sheriff's path");
    assert!(f.get_blocks_game());
    let field = f.get_fields().row_data(0).unwrap();
    assert_eq!(field.kind, "ints");
    assert_eq!(field.hint, "1 to 40 numbers, each from 2 to 8");
    // An empty path is refused with what it needs, and the form stays.
    click(&ui, "Save");
    assert_eq!(app.get_page(), Page::FactsForm);
    assert!(app.get_message().contains("it needs 1 to 40"), "{}", app.get_message());
    for _ in 0..3 {
        click(&ui, "Add a space");
    }
    press(&ui, "More: space 2");
    press(&ui, "More: space 2");
    let values: Vec<i32> = f.get_fields().row_data(0).unwrap().values.iter().collect();
    assert_eq!(values, [2, 4, 2]);
    click(&ui, "Save");
    assert_eq!(app.get_page(), Page::NottsBoard, "{}", app.get_message());
    let n = ui.window.global::<NottsUi<'_>>();
    let path: Vec<String> = n.get_path().iter().map(|s| s.value.to_string()).filter(|v| !v.is_empty()).collect();
    assert_eq!(path, ["2", "4", "2"], "the game started with the path saved");
}

#[test]
fn settings_list_the_cards_still_missing_and_take_a_commissions_points() {
    let ui = open_table();
    let app = ui.window.global::<App<'_>>();
    let f = ui.window.global::<FactsUi<'_>>();
    click(&ui, "Settings");
    click(&ui, "Card facts");
    assert_eq!(app.get_page(), Page::FactsDeck);
    let games: Vec<String> = f.get_games().iter().map(|g| g.to_string()).collect();
    assert_eq!(
        games,
        ["Nottingham", "King Arthur's Knights", "Camelot Legends"],
        "every game whose cards carry facts, playable first"
    );
    assert_eq!(f.get_missing_text(), "11 cards of 11 still lack their numbers.");
    click(&ui, "Commission: Five alike (single pawn)");
    assert_eq!(app.get_page(), Page::FactsForm);
    assert!(!f.get_blocks_game());
    let names: Vec<String> = f.get_fields().iter().map(|x| x.name.to_string()).collect();
    assert_eq!(names, ["Points beside the single pawn", "Points beside the two pawns"]);
    // Both at 10: refused, the single pawn's must be more.
    press(&ui, "More: Points beside the single pawn");
    press(&ui, "More: Points beside the two pawns");
    click(&ui, "Save");
    assert_eq!(app.get_page(), Page::FactsForm);
    assert!(app.get_message().contains("must be more"), "{}", app.get_message());
    press(&ui, "More: Points beside the single pawn");
    click(&ui, "Save");
    assert_eq!(app.get_page(), Page::FactsDeck, "{}", app.get_message());
    assert_eq!(f.get_missing_text(), "10 cards of 11 still lack their numbers.");
    let row = f.get_cards().iter().find(|c| c.name == "Commission: Five alike (single pawn)").unwrap();
    assert!(row.known);
    assert_eq!(row.summary, "11 · 10");
    click(&ui, "Done");
    assert_eq!(app.get_page(), Page::Settings);
}
