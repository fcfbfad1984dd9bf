//! Nottingham through the widgets, with Slint's testing backend: the setup
//! page with the Sheriff's path typed (a word is refused with it), a card
//! drawn and played for an ambush, an exchange chosen item then count, the
//! ambush window answered, and the Sheriff's first move on the board; the
//! path drawn as a winding road, the Sheriff's figure on his space.

use crate::common;

use common::{click, open_game};
use i_slint_backend_testing::{AccessibleRole, ElementHandle};
use slint::{ComponentHandle, Model};
use tavola_hw::boot::{boot, BootOptions};
use tavola_screens::{init, App, NottsUi, Page, SetupUi, Ui};

/// Presses the button labelled `label` (a path space may show the same number).
fn press(ui: &Ui, label: &str) {
    let found = ElementHandle::find_by_accessible_label(&ui.window, label)
        .find(|e| e.accessible_role() == Some(AccessibleRole::Button))
        .unwrap_or_else(|| panic!("no button “{label}”"));
    found.invoke_accessible_default_action();
}

fn field(ui: &Ui, label: &str) -> ElementHandle {
    ElementHandle::find_by_accessible_label(&ui.window, label)
        .find(|e| e.accessible_role() == Some(AccessibleRole::TextInput))
        .unwrap_or_else(|| panic!("a field “{label}”"))
}

#[test]
fn a_table_sets_up_draws_ambushes_and_exchanges_through_the_widgets() {
    let ui = open_game("Nottingham");
    let app = ui.window.global::<App<'_>>();
    let n = ui.window.global::<NottsUi<'_>>();
    let setup = ui.window.global::<SetupUi<'_>>();
    assert_eq!(app.get_page(), Page::Setup);
    assert_eq!(setup.get_seats().row_count(), 4, "four players to begin with");
    click(&ui, "Fewer players");
    let colours: Vec<String> = setup.get_seats().iter().map(|s| s.pick.to_string()).collect();
    assert_eq!(colours, ["Red", "Yellow", "Green"]);
    click(&ui, "Colour of seat 3");
    assert_eq!(setup.get_seats().row_data(2).unwrap().pick, "Blue", "the next colour nobody holds");
    for (i, name) in ["Anna", "Bruno", "Carla"].iter().enumerate() {
        field(&ui, &format!("Seat {}", i + 1)).set_accessible_value(*name);
    }
    // The path's numbers are test values, not a real board.
    field(&ui, "The Sheriff's path").set_accessible_value("4 three 5");
    // The table's next turn shows the word refused, and the start waits.
    ui.step(20);
    assert!(setup.get_problem().contains("three"), "{}", setup.get_problem());
    click(&ui, "Deal the cards");
    assert_eq!(app.get_page(), Page::Setup);
    field(&ui, "The Sheriff's path").set_accessible_value("4 3 5 2 6");
    ui.step(40);
    assert_eq!(setup.get_problem(), "");
    click(&ui, "Deal the cards");
    assert_eq!(app.get_page(), Page::NottsBoard, "{}", app.get_message());
    let hands = |n: &NottsUi<'_>| n.get_players().iter().map(|p| p.hand).collect::<Vec<_>>();
    assert_eq!(hands(&n), [3, 3, 3]);
    assert!(n.get_prompt().starts_with("Anna: draw the top card"), "{}", n.get_prompt());

    // Anna's Gold, picked on screen, played for its action: an ambush laid.
    click(&ui, "Pick the card drawn");
    click(&ui, "Gold");
    assert!(n.get_prompt().contains("Anna drew Gold"), "{}", n.get_prompt());
    click(&ui, "Play the action: Ambush");
    assert_eq!(n.get_players().row_data(0).unwrap().ambushes, 1);
    click(&ui, "End the turn");

    // Bruno keeps a Chest and exchanges three chests: Anna passes.
    click(&ui, "Pick the card drawn");
    click(&ui, "Chest");
    click(&ui, "Keep the card");
    click(&ui, "Exchange cards alike for points");
    click(&ui, "Chest");
    press(&ui, "3");
    assert!(n.get_prompt().contains("press your button"), "{}", n.get_prompt());
    click(&ui, "Anna passes");
    let bruno = n.get_players().row_data(1).unwrap();
    assert_eq!(bruno.winnings, 1);
    // The Sheriff stands on the path's first space, a 4: every hand of four
    // or fewer got a favour.
    let here: Vec<String> = n.get_path().iter().filter(|s| s.here).map(|s| s.value.to_string()).collect();
    assert_eq!(here, ["4"]);
    assert_eq!(hands(&n), [4, 2, 4]);
    assert!(n.get_prompt().contains("exchange made"), "{}", n.get_prompt());
}

#[test]
fn the_sheriffs_path_typed_once_is_offered_again_at_the_next_start() {
    let dir = std::env::temp_dir().join(format!("tavola-ui-notts-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let opts = BootOptions { simulate: true, db: Some(dir.join("t.db")), ..BootOptions::default() };
    {
        i_slint_backend_testing::init_no_event_loop();
        let ui = init(boot(&opts)).unwrap();
        ui.step(0);
        ui.window.global::<App<'_>>().invoke_set_lang("en".into());
        click(&ui, "Nottingham");
        assert_eq!(ui.window.global::<SetupUi<'_>>().get_typed_text(), "", "nothing known yet");
        // Test values, not a real board.
        field(&ui, "The Sheriff's path").set_accessible_value("4 3 5 2 6");
        click(&ui, "Deal the cards");
        assert_eq!(ui.window.global::<App<'_>>().get_page(), Page::NottsBoard);
    }
    let ui = init(boot(&opts)).unwrap();
    ui.step(0);
    let app = ui.window.global::<App<'_>>();
    if app.get_resume_offered() {
        app.invoke_start_fresh();
        ui.step(0);
    }
    click(&ui, "Nottingham");
    assert_eq!(ui.window.global::<SetupUi<'_>>().get_typed_text(), "4 3 5 2 6", "the owner's path, kept");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The path's stones as drawn, left to right: `(label, centre x, centre y)`.
fn stones(ui: &Ui) -> Vec<(String, f32, f32)> {
    let mut out: Vec<(String, f32, f32)> = ElementHandle::find_by_element_type_name(&ui.window, "PathStone")
        .map(|e| {
            let (p, s) = (e.absolute_position(), e.size());
            (e.accessible_label().unwrap_or_default().to_string(), p.x + s.width / 2.0, p.y + s.height / 2.0)
        })
        .collect();
    out.sort_by(|a, b| a.1.total_cmp(&b.1));
    out
}

/// Where the Sheriff's figure stands: its centre.
fn sheriff(ui: &Ui) -> (f32, f32) {
    let found: Vec<ElementHandle> = ElementHandle::find_by_accessible_label(&ui.window, "The Sheriff").collect();
    assert_eq!(found.len(), 1, "one Sheriff on the path");
    let (p, s) = (found[0].absolute_position(), found[0].size());
    (p.x + s.width / 2.0, p.y + s.height / 2.0)
}

#[test]
fn the_path_is_drawn_as_a_winding_road_with_the_sheriff_standing_on_his_space() {
    let ui = open_game("Nottingham");
    ui.window.window().set_size(slint::PhysicalSize::new(800, 480));
    let n = ui.window.global::<NottsUi<'_>>();
    click(&ui, "Fewer players");
    for (i, name) in ["Anna", "Bruno", "Carla"].iter().enumerate() {
        field(&ui, &format!("Seat {}", i + 1)).set_accessible_value(*name);
    }
    // Test values, not a real board.
    field(&ui, "The Sheriff's path").set_accessible_value("4 3 5 2 6");
    ui.step(20);
    click(&ui, "Deal the cards");
    assert_eq!(ui.window.global::<App<'_>>().get_page(), Page::NottsBoard);

    // The spaces in the path's order from Nottingham to Nottingham, along
    // a road that winds (not one row), the Sheriff on the first.
    let drawn = stones(&ui);
    let labels: Vec<&str> = drawn.iter().map(|s| s.0.as_str()).collect();
    assert_eq!(labels, ["Nottingham", "4", "3", "5", "2", "6", "Nottingham"]);
    let (top, bottom) = drawn.iter().fold((f32::MAX, f32::MIN), |(t, b), s| (t.min(s.2), b.max(s.2)));
    assert!(bottom - top >= 8.0, "the road winds: {drawn:?}");
    let on = |ui: &Ui| {
        let (x, y) = sheriff(ui);
        let nearest = stones(ui).into_iter().min_by(|a, b| (a.1 - x).abs().total_cmp(&(b.1 - x).abs())).unwrap();
        assert!((nearest.1 - x).abs() < 2.0, "standing over the stone: {x} / {nearest:?}");
        assert!(y < nearest.2, "on it, not under it");
        nearest.1
    };
    assert_eq!(on(&ui), drawn[0].1, "in Nottingham at the start");

    // Bruno's exchange (Anna's ambush let pass) moves the Sheriff a space
    // on: he stands on the 4.
    click(&ui, "Pick the card drawn");
    click(&ui, "Gold");
    click(&ui, "Play the action: Ambush");
    click(&ui, "End the turn");
    click(&ui, "Pick the card drawn");
    click(&ui, "Chest");
    click(&ui, "Keep the card");
    click(&ui, "Exchange cards alike for points");
    click(&ui, "Chest");
    press(&ui, "3");
    click(&ui, "Anna passes");
    let here: Vec<String> = n.get_path().iter().filter(|s| s.here).map(|s| s.value.to_string()).collect();
    assert_eq!(here, ["4"], "{}", n.get_prompt());
    assert_eq!(on(&ui), drawn[1].1, "the figure moved with him");
}
