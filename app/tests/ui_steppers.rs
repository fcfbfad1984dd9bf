//! A stepper's "+" held like a finger holds it (pressed, about 120 ms, then
//! lifted), with Slint's testing backend and the table's loop turning
//! meanwhile: the value rises by one each time, as it does for an instant
//! click. The table's loop refreshes the screen every 20 ms; a refresh must
//! not rebuild the widget under the finger (the press would be lost). Every
//! number is a test value, not a real card's.

use crate::common;

use common::{click, open_table};
use i_slint_backend_testing::{AccessibleRole, ElementHandle};
use slint::platform::{PointerEventButton, WindowEvent};
use slint::{ComponentHandle, LogicalPosition, Model};
use std::time::Duration;
use tavola_screens::{App, FactsUi, Page, Ui, TICK_MS};

/// How long a finger rests on a button.
const HOLD_MS: u64 = 120;

/// The centre of the button labelled `label`.
fn centre(ui: &Ui, label: &str) -> LogicalPosition {
    let button = ElementHandle::find_by_accessible_label(&ui.window, label)
        .find(|e| e.accessible_role() == Some(AccessibleRole::Button))
        .unwrap_or_else(|| panic!("no button “{label}”"));
    let (at, size) = (button.absolute_position(), button.size());
    LogicalPosition::new(at.x + size.width / 2.0, at.y + size.height / 2.0)
}

/// Presses the button labelled `label`, holds it `HOLD_MS` while the
/// table's loop turns, and lifts the finger; `now` is the loop's clock.
fn hold(ui: &Ui, label: &str, now: &mut u64) {
    let position = centre(ui, label);
    let window = ui.window.window();
    window.dispatch_event(WindowEvent::PointerMoved { position });
    window.dispatch_event(WindowEvent::PointerPressed { position, button: PointerEventButton::Left });
    for _ in 0..HOLD_MS / TICK_MS {
        i_slint_backend_testing::mock_elapsed_time(Duration::from_millis(TICK_MS));
        *now += TICK_MS;
        ui.step(*now);
    }
    window.dispatch_event(WindowEvent::PointerReleased { position, button: PointerEventButton::Left });
    ui.step(*now);
}

/// The value field `field` of the form shows.
fn value(ui: &Ui, field: usize) -> String {
    ui.window.global::<FactsUi<'_>>().get_fields().row_data(field).expect("the field").value.to_string()
}

#[test]
fn a_held_plus_on_a_cards_number_counts_once_like_a_click() {
    let ui = open_table();
    let mut now = 0;
    click(&ui, "Settings");
    click(&ui, "Card facts");
    click(&ui, "Commission: Five alike (single pawn)");
    assert_eq!(ui.window.global::<App<'_>>().get_page(), Page::FactsForm);
    let more = "More: Points beside the single pawn";
    // The first touch gives the least the rules allow.
    click(&ui, more);
    let first: i32 = value(&ui, 0).parse().expect("a number");
    for n in 1..=3 {
        hold(&ui, more, &mut now);
        assert_eq!(value(&ui, 0), (first + n).to_string(), "held press {n} counted once");
    }
    hold(&ui, "Less: Points beside the single pawn", &mut now);
    assert_eq!(value(&ui, 0), (first + 2).to_string());
}

#[test]
fn a_held_plus_on_a_space_of_the_sheriffs_path_counts_once_like_a_click() {
    let ui = open_table();
    let mut now = 0;
    let f = ui.window.global::<FactsUi<'_>>();
    click(&ui, "Settings");
    click(&ui, "Card facts");
    let path = f.get_cards().iter().position(|c| c.name.contains("path")).expect("the Sheriff's path");
    f.invoke_open_card(path as i32);
    ui.step(now);
    assert_eq!(ui.window.global::<App<'_>>().get_page(), Page::FactsForm);
    click(&ui, "Add a space");
    click(&ui, "Add a space");
    let spaces = || f.get_fields().row_data(0).expect("the path").values.iter().collect::<Vec<i32>>();
    let before = spaces();
    hold(&ui, "More: space 2", &mut now);
    hold(&ui, "More: space 2", &mut now);
    assert_eq!(spaces(), [before[0], before[1] + 2], "two held presses, two steps");
}
