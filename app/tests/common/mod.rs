//! What the UI tests share: finding a widget by the label a screen reader
//! would read, and pressing it.

// Each test file uses the part it needs.
#![allow(dead_code)]

use i_slint_backend_testing::ElementHandle;
use slint::ComponentHandle;
use tavola::boot::{boot, BootOptions};
use tavola::ui::{init, App, Ui};

/// A simulated table in English, without a journal, on the game picker.
pub fn open_table() -> Ui {
    i_slint_backend_testing::init_no_event_loop();
    let ui = init(boot(&BootOptions { simulate: true, no_journal: true, ..BootOptions::default() })).unwrap();
    ui.step(0);
    ui.window.global::<App<'_>>().invoke_set_lang("en".into());
    ui.step(0);
    ui
}

/// The same, on `game`'s setup page.
pub fn open_game(game: &str) -> Ui {
    let ui = open_table();
    click(&ui, game);
    ui
}

/// Presses the first widget labelled `label`; fails naming the page when
/// there is none.
pub fn click(ui: &Ui, label: &str) {
    let found: Vec<ElementHandle> = ElementHandle::find_by_accessible_label(&ui.window, label).collect();
    assert!(!found.is_empty(), "no “{label}” on the page {:?}", ui.window.global::<App<'_>>().get_page());
    found[0].invoke_accessible_default_action();
}

/// Whether a widget labelled `label` is on the screen.
pub fn shown(ui: &Ui, label: &str) -> bool {
    ElementHandle::find_by_accessible_label(&ui.window, label).next().is_some()
}
