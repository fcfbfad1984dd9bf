//! The simulated table a desktop shows beside the game (`make run` without
//! the Pi's parts): only the seats at the table on the pad, keys a finger
//! can hit, a card picker that searches, the pad coming forward when the
//! table asks it, and no card of the last game left on the reader.

use i_slint_backend_testing::ElementHandle;
use slint::{ComponentHandle, Model};
use tavola_core::table::{Input, Touch};
use tavola_screens::{App, Page, TableSim, Ui};

use crate::common;
use common::{click, open_table, run_for, shown};

fn keys(ui: &Ui) -> usize {
    (1..=10).filter(|n| shown(ui, &format!("Seat {n} approve"))).count()
}

#[test]
fn the_pad_shows_the_seats_at_the_table_with_keys_a_finger_can_hit() {
    let ui = open_table();
    let app = ui.window.global::<App<'_>>();
    let sim = ui.window.global::<TableSim<'_>>();
    click(&ui, "Table");
    assert!(app.get_show_table());
    click(&ui, "Pad");
    assert_eq!(keys(&ui), 10, "before a game: the whole pad");
    click(&ui, "The Resistance: Avalon");
    click(&ui, "Start");
    assert_ne!(app.get_page(), Page::Setup);
    let mut now = 0;
    run_for(&ui, &mut now, 100);
    assert_eq!(sim.get_lights().row_count(), 5);
    assert_eq!(keys(&ui), 5, "five at the table: five seats on the pad");
    let key = ElementHandle::find_by_accessible_label(&ui.window, "Seat 5 approve").next().unwrap();
    let size = key.size();
    assert!(size.height >= 48.0 && size.width >= 48.0, "a key of {size:?}");
}

#[test]
fn the_picker_searches_the_cards_and_a_card_of_the_last_game_leaves_the_reader() {
    let ui = open_table();
    let sim = ui.window.global::<TableSim<'_>>();
    click(&ui, "Table");
    click(&ui, "The Resistance: Avalon");
    click(&ui, "Cards");
    let all = sim.get_shown().row_count();
    assert_eq!(all, sim.get_cards().row_count(), "nothing searched: every card");
    sim.set_search("merl".into());
    ui.step(0);
    let shown: Vec<String> = sim.get_shown().iter().map(|c| c.label.to_string()).collect();
    assert!(!shown.is_empty() && shown.len() < all, "{shown:?}");
    assert!(shown.iter().all(|l| l.to_lowercase().contains("merl")), "{shown:?}");
    // A tap on a card found lays that card, whatever its place in the list.
    let merlin = sim.get_shown().iter().find(|c| c.id == "avalon/role/merlin").expect("Merlin found");
    click(&ui, "avalon/role/merlin");
    assert_eq!(sim.get_selected_card(), merlin.index);
    assert_eq!(sim.get_on_reader(), "avalon/role/merlin");

    // Another game: the reader is empty and the search starts afresh.
    ui.controller.borrow_mut().input(Input::Touch(Touch::Leave { confirm: true }));
    ui.step(0);
    click(&ui, "Shadows over Camelot");
    assert_eq!(sim.get_on_reader(), "", "the last game's card was lifted");
    assert_eq!(sim.get_search(), "");
    assert!(sim.get_shown().iter().any(|c| c.id.starts_with("soc/")));
}

#[test]
fn the_pad_comes_forward_when_the_table_asks_for_votes() {
    let ui = open_table();
    let sim = ui.window.global::<TableSim<'_>>();
    click(&ui, "Table");
    click(&ui, "The Resistance: Avalon");
    click(&ui, "Start");
    click(&ui, "Cards");
    assert_eq!(sim.get_tab(), 1);
    // The night, then a team of two and the vote.
    let mut now = 0;
    click(&ui, "Day begins");
    click(&ui, "End the night now");
    run_for(&ui, &mut now, 100);
    let leader = ui.window.global::<tavola_screens::AvalonUi<'_>>().get_leader_name().to_string();
    let first: usize = leader.parse().expect("an unnamed leader shows the seat");
    for n in [first, first % 5 + 1] {
        click(&ui, &format!("Seat {n}"));
    }
    click(&ui, "Propose the team");
    run_for(&ui, &mut now, 100);
    assert!(sim.get_lights().iter().any(|l| l == 1), "the pad is asked");
    assert_eq!(sim.get_tab(), 0, "the pad came forward");
}

#[test]
fn a_wheel_notch_moves_the_card_list_one_row() {
    let ui = open_table();
    click(&ui, "Table");
    click(&ui, "Camelot Legends");
    click(&ui, "Cards");
    let sim = ui.window.global::<TableSim<'_>>();
    assert!(sim.get_shown().row_count() > 20, "a long list");
    let row = |id: &str| {
        ElementHandle::find_by_accessible_label(&ui.window, id)
            .next()
            .map(|e| (e.absolute_position(), e.size()))
            .unwrap_or_else(|| panic!("{id} not in view"))
    };
    let second = sim.get_shown().row_data(1).unwrap().id.to_string();
    let third = sim.get_shown().row_data(2).unwrap().id.to_string();
    let (at, size) = row(&third);
    let over = slint::LogicalPosition::new(at.x + size.width / 2.0, at.y + size.height / 2.0);
    // One notch down, as a desktop's windowing system gives it (60 px).
    let notch = |dy: f32| {
        ui.window.window().dispatch_event(slint::platform::WindowEvent::PointerScrolled {
            position: over,
            delta_x: 0.0,
            delta_y: dy,
        });
        ui.step(0);
    };
    let (before, _) = row(&third);
    notch(-60.0);
    let (after, _) = row(&third);
    assert_eq!(before.y - after.y, 47.0, "one notch, one row (44 px and the 3 px between)");
    assert!(
        ElementHandle::find_by_accessible_label(&ui.window, &second).next().is_some(),
        "the card above still there"
    );
    notch(60.0);
    assert_eq!(row(&third).0.y, before.y, "and back");
    notch(60.0);
    assert_eq!(row(&third).0.y, before.y, "no further than the top");
}

#[test]
fn hiding_the_table_gives_its_room_back_to_the_window() {
    let ui = open_table();
    let w = ui.window.window();
    w.set_size(slint::LogicalSize::new(800.0, 480.0));
    ui.step(0);
    let at = |label: &str| {
        let e = ElementHandle::find_by_accessible_label(&ui.window, label).next().expect(label);
        (e.absolute_position(), e.size())
    };
    let table = at("Table");
    click(&ui, "Table");
    ui.step(0);
    // The window grew by the panel (a desktop's window manager follows the
    // window's minimum width; the testing backend does not, so it is set).
    let grown = 800.0 + ui.window.global::<App<'_>>().get_table_panel_width();
    w.set_size(slint::LogicalSize::new(grown, 480.0));
    ui.step(0);
    let hide = at("Hide table");
    assert_eq!(hide.0.x + hide.1.width, table.0.x + table.1.width, "the button stays under the finger");
    click(&ui, "Hide table");
    ui.step(0);
    assert_eq!(w.size().to_logical(w.scale_factor()).width, 800.0, "the game's own width again");
    assert_eq!(w.size().to_logical(w.scale_factor()).height, 480.0);
}

/// A start reads no card file: the simulated table's list of a card of
/// each game is made when the table is first shown, not before. The start
/// is run in a process of its own (the probe), since the catalog is read
/// once a process.
#[test]
fn the_card_list_waits_for_the_table_and_a_start_reads_no_card_file() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_startup-probe")).arg("phases").output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("card_files_read=[]"), "a start read card files: {text}");

    let ui = open_table();
    let sim = ui.window.global::<TableSim<'_>>();
    assert_eq!(sim.get_cards().row_count(), 0, "no list while the table is hidden");
    click(&ui, "Table");
    ui.step(0);
    let ids: Vec<String> = sim.get_cards().iter().map(|c| c.id.to_string()).collect();
    let games: std::collections::BTreeSet<&str> =
        ids.iter().filter_map(|id| id.split('/').next()).filter(|g| !g.is_empty()).collect();
    assert_eq!(games.len(), 5, "a card of each game once shown: {ids:?}");
    assert!(ids.iter().any(String::is_empty), "and a blank tag: {ids:?}");
}
