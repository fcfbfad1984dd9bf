//! The games' own look, through Slint's testing backend: each game's emblem
//! on its tile of the picker and beside its name in the top bar; Avalon's
//! mission track and vote track drawn as on the board; Shadows over
//! Camelot's siege engines around Camelot and the swords on the Round Table
//! drawn one by one as they come.

use i_slint_backend_testing::{AccessibleRole, ElementHandle};
use slint::platform::WindowEvent;
use slint::{ComponentHandle, Model};
use tavola_screens::{AvalonUi, SocUi, Ui};

use crate::common;
use common::{click, key, open_table};

/// Every playable game's title, from the list of games.
fn titles() -> impl Iterator<Item = &'static str> {
    tavola_games::GameKind::ALL.into_iter().filter(|g| g.is_playable()).map(|g| g.title())
}

/// The images on the screen named `label`.
fn images(ui: &Ui, label: &str) -> usize {
    ElementHandle::find_by_accessible_label(&ui.window, label)
        .filter(|e| e.accessible_role() == Some(AccessibleRole::Image))
        .count()
}

/// The texts on the screen named `label`, with their values.
fn values(ui: &Ui, label: &str) -> Vec<String> {
    ElementHandle::find_by_accessible_label(&ui.window, label)
        .filter(|e| e.accessible_role() == Some(AccessibleRole::Text))
        .map(|e| e.accessible_value().unwrap_or_default().to_string())
        .collect()
}

/// Every seat of five presses `button` (a approve, r reject).
fn all_press(ui: &Ui, now: &mut u64, buttons: [&str; 5]) {
    for (seat, button) in ["1", "2", "3", "4", "5"].into_iter().zip(buttons) {
        ui.window.window().dispatch_event(WindowEvent::KeyPressed { text: seat.into() });
        key(ui, now, button);
    }
}

#[test]
fn each_game_has_its_emblem_on_the_picker_and_beside_its_name_while_played() {
    let ui = open_table();
    for title in titles() {
        assert_eq!(images(&ui, &format!("Emblem of {title}")), 1, "the picker shows {title}'s emblem");
        let tiles = ElementHandle::find_by_accessible_label(&ui.window, title)
            .filter(|e| e.accessible_role() == Some(AccessibleRole::Button))
            .count();
        assert_eq!(tiles, 1, "{title} is a button to press");
    }
    click(&ui, "Shadows over Camelot");
    assert_eq!(images(&ui, "Emblem of Shadows over Camelot"), 1, "the top bar shows the game's emblem");
    assert_eq!(images(&ui, "Emblem of The Resistance: Avalon"), 0, "and no other game's");
}

#[test]
fn avalons_track_shows_the_team_sizes_the_tokens_and_the_vote_marker() {
    let ui = open_table();
    let mut now = 0;
    click(&ui, "The Resistance: Avalon");
    click(&ui, "Start");
    click(&ui, "Day begins");
    click(&ui, "End the night now");
    // Five players: teams of 2, 3, 2, 3, 3; each space says its size.
    for (size, count) in [(2, 2), (3, 3)] {
        assert_eq!(values(&ui, &format!("Team of {size}")).len(), count, "spaces for teams of {size}");
    }
    assert!(values(&ui, "Vote marker").is_empty(), "no team rejected yet: the marker is off the track");

    // A team rejected by all: the marker on the first space.
    click(&ui, "Seat 1");
    click(&ui, "Seat 2");
    click(&ui, "Propose the team");
    all_press(&ui, &mut now, ["r"; 5]);
    assert_eq!(ui.window.global::<AvalonUi<'_>>().get_rejections(), 1);
    assert_eq!(values(&ui, "Vote marker"), ["1"], "the marker on the first space");

    // The next team goes and fails: the first space carries a fail token
    // and no longer its size; the marker goes back off the track.
    now += tavola_core::table::PAD_QUIET_MS;
    ui.step(now);
    click(&ui, "Seat 1");
    click(&ui, "Seat 5");
    click(&ui, "Propose the team");
    all_press(&ui, &mut now, ["a"; 5]);
    now += tavola_core::table::PAD_QUIET_MS;
    ui.step(now);
    for (seat, button) in [("1", "a"), ("5", "r")] {
        ui.window.window().dispatch_event(WindowEvent::KeyPressed { text: seat.into() });
        key(&ui, &mut now, button);
    }
    ui.window.global::<AvalonUi<'_>>().invoke_skip_reveal();
    ui.step(now);
    assert_eq!(ui.window.global::<AvalonUi<'_>>().get_missions().row_data(0).unwrap().result, 2);
    assert_eq!(images(&ui, "fail"), 1, "the failed mission's token");
    assert_eq!(values(&ui, "Mission 1"), ["fail"]);
    assert_eq!(values(&ui, "Team of 2").len(), 1, "only the third space still shows a team of 2");
    assert_eq!(values(&ui, "Team of 3").len(), 3);
    assert!(values(&ui, "Vote marker").is_empty(), "a team went: the count starts again");
}

#[test]
fn camelot_is_drawn_with_one_engine_per_engine_and_the_swords_as_laid() {
    let ui = open_table();
    let soc = ui.window.global::<SocUi<'_>>();
    click(&ui, "Shadows over Camelot");
    click(&ui, "Fewer players");
    click(&ui, "Fewer players");
    click(&ui, "No traitor");
    click(&ui, "Begin the quest");
    assert_eq!(images(&ui, "siege engine"), 0, "no engine yet");
    click(&ui, "Add a siege engine");
    assert_eq!(soc.get_siege(), 1);
    assert_eq!(images(&ui, "siege engine"), 1, "one engine around Camelot");
    assert_eq!(values(&ui, "Siege engines"), ["1/12"]);

    // The host sets the board right: five engines, three white swords and
    // two black.
    click(&ui, "Set the board right");
    click(&ui, "Siege engines: 1");
    click(&ui, "5");
    assert_eq!(soc.get_siege(), 5);
    assert_eq!(images(&ui, "siege engine"), 5, "as many engines drawn as stand");
    click(&ui, "Set the board right");
    click(&ui, "Swords: 0 white, 0 black");
    click(&ui, "3");
    click(&ui, "2");
    assert_eq!((soc.get_white(), soc.get_black()), (3, 2));
    assert_eq!(images(&ui, "white sword"), 3, "three white swords on the Round Table");
    assert_eq!(images(&ui, "black sword"), 2, "and two black");
    assert_eq!(values(&ui, "Swords"), ["3 white, 2 black"]);
}
