//! What the UI tests share: finding a widget by the label a screen reader
//! would read, and pressing it.

// Each test file uses the part it needs.
#![allow(dead_code)]

use i_slint_backend_testing::ElementHandle;
use slint::ComponentHandle;
use tavola_hw::boot::{boot, BootOptions};
use tavola_screens::{init, App, Ui};

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

/// Presses and releases a key of the simulated table.
pub fn key(ui: &Ui, now: &mut u64, text: &str) {
    use slint::platform::WindowEvent;
    ui.step(*now);
    ui.window.window().dispatch_event(WindowEvent::KeyPressed { text: text.into() });
    *now += 60;
    ui.step(*now);
    ui.window.window().dispatch_event(WindowEvent::KeyReleased { text: text.into() });
    *now += 60;
    ui.step(*now);
}

/// Steps the table loop for `ms` (the reader is polled every few tens of ms).
pub fn run_for(ui: &Ui, now: &mut u64, ms: u64) {
    let end = *now + ms;
    while *now < end {
        *now += 20;
        ui.step(*now);
    }
}

/// Lays `card` on the simulated reader at `at` ms and lifts it.
pub fn lay(ui: &Ui, card: &str, at: u64) {
    use slint::Model;
    let sim = ui.window.global::<tavola_screens::TableSim<'_>>();
    let index = sim.get_cards().iter().position(|c| c.id == card).expect("on the picker");
    sim.invoke_tap_card(index as i32);
    for t in 1..4 {
        ui.step(at + t * 60);
    }
    sim.invoke_lift_card();
    ui.step(at + 300);
}
