//! The appliance's screens through the widgets (Slint's testing backend):
//! shutting the box down from the settings.

use std::cell::Cell;
use std::rc::Rc;
use tavola_hw::boot::{boot, BootOptions};
use tavola_screens::{init, wire_appliance, Closed, Ui};

use crate::common;
use common::{click, shown};

fn settings_in_english() -> Ui {
    let ui = init(boot(&BootOptions { simulate: true, no_journal: true, ..BootOptions::default() })).unwrap();
    ui.step(0);
    click(&ui, "Impostazioni");
    click(&ui, "English");
    ui.step(20);
    ui
}

#[test]
fn the_box_is_shut_down_from_the_settings_only_as_an_appliance_and_only_when_confirmed() {
    i_slint_backend_testing::init_no_event_loop();

    // A desktop start: no such button.
    let ui = settings_in_english();
    let closed = Rc::new(Cell::new(Closed::Window));
    wire_appliance(&ui.window, false, closed.clone());
    assert!(shown(&ui, "Speaker volume"), "the settings are open");
    assert!(!shown(&ui, "Shut down the box"));

    // The appliance: the button asks first; Cancel keeps the app running.
    let ui = settings_in_english();
    wire_appliance(&ui.window, true, closed.clone());
    click(&ui, "Shut down the box");
    assert_eq!(closed.get(), Closed::Window, "a single tap does not shut down");
    assert!(shown(&ui, "Shut the box down? Unplug it once the screen is dark."));
    click(&ui, "Cancel");
    assert!(!shown(&ui, "Shut the box down? Unplug it once the screen is dark."));
    assert_eq!(closed.get(), Closed::Window);

    // Confirmed: the app closes asking for the power-off.
    click(&ui, "Shut down the box");
    click(&ui, "Shut down");
    assert_eq!(closed.get(), Closed::ShutDown);
}
