//! Never colour alone: a revealed vote and a played mission show their
//! meaning in a shape (an icon a screen reader names too), not only in a
//! colour, through Slint's testing backend.

use i_slint_backend_testing::{AccessibleRole, ElementHandle};
use slint::platform::WindowEvent;
use slint::{ComponentHandle, Model};
use tavola_screens::{AvalonUi, Ui};

use crate::common;
use common::{click, key, open_table};

/// The icons on the screen named `label`.
fn icons(ui: &Ui, label: &str) -> usize {
    ElementHandle::find_by_accessible_label(&ui.window, label)
        .filter(|e| e.accessible_role() == Some(AccessibleRole::Image))
        .count()
}

#[test]
fn votes_and_missions_show_their_meaning_in_a_shape() {
    let ui = open_table();
    let mut now = 0;
    click(&ui, "The Resistance: Avalon");
    click(&ui, "Start");
    click(&ui, "Day begins");
    click(&ui, "End the night now");
    click(&ui, "Seat 1");
    click(&ui, "Seat 5");
    click(&ui, "Propose the team");
    assert_eq!(icons(&ui, "approves") + icons(&ui, "rejects"), 0, "no vote shown while the vote is open");
    // Three approve, two reject: the team goes.
    for (seat, button) in [("1", "a"), ("2", "a"), ("3", "a"), ("4", "r"), ("5", "r")] {
        ui.window.window().dispatch_event(WindowEvent::KeyPressed { text: seat.into() });
        key(&ui, &mut now, button);
    }
    let seats = ui.window.global::<AvalonUi<'_>>().get_seats();
    assert_eq!((0..5).filter(|&i| seats.row_data(i).unwrap().vote == 1).count(), 3);
    // Seats 1 and 5, on the team, are awaited for their mission cards; the
    // others show their vote.
    assert_eq!(icons(&ui, "approves"), 2, "a thumb up beside each approval");
    assert_eq!(icons(&ui, "rejects"), 1, "a thumb down beside each rejection");

    // One Success, one Fail: the first mission fails.
    now += tavola_core::table::PAD_QUIET_MS;
    ui.step(now);
    assert_eq!(icons(&ui, "success") + icons(&ui, "fail"), 0, "no mission played yet");
    for (seat, button) in [("1", "a"), ("5", "r")] {
        ui.window.window().dispatch_event(WindowEvent::KeyPressed { text: seat.into() });
        key(&ui, &mut now, button);
    }
    // The cards are turned one at a time: the track keeps the result until
    // the last one is, or until the host skips to it.
    assert_eq!(ui.window.global::<AvalonUi<'_>>().get_missions().row_data(0).unwrap().result, 0);
    assert_eq!(ui.window.global::<AvalonUi<'_>>().get_reveal_total(), 2, "two cards to turn");
    ui.window.global::<AvalonUi<'_>>().invoke_skip_reveal();
    ui.step(now);
    assert_eq!(ui.window.global::<AvalonUi<'_>>().get_missions().row_data(0).unwrap().result, 2);
    assert_eq!(icons(&ui, "fail"), 1, "the failed mission's square with a cross");
    assert_eq!(icons(&ui, "success"), 0);
}
