//! Avalon's optional rules through the widgets, with Slint's testing
//! backend: the rules chosen on the setup page, Excalibur handed over and
//! used, and the switched card seen behind the covered panel.

use i_slint_backend_testing::{AccessibleRole, ElementHandle};
use slint::platform::WindowEvent;
use slint::{ComponentHandle, Model};
use tavola_hw::boot::{boot, BootOptions};
use tavola_screens::{init, App, AvalonExtras, AvalonUi, Page, SetupUi, Ui};

use crate::common;
use common::click;

/// A choice among players: the toggle labelled with the name.
fn pick(ui: &Ui, name: &str) {
    let found = ElementHandle::find_by_accessible_label(&ui.window, name)
        .find(|e| e.accessible_role() == Some(AccessibleRole::Checkbox))
        .unwrap_or_else(|| panic!("no choice “{name}”"));
    found.invoke_accessible_default_action();
}

fn key(ui: &Ui, now: &mut u64, seat: usize, text: &str) {
    ui.window.window().dispatch_event(WindowEvent::KeyPressed { text: (seat + 1).to_string().into() });
    for down in [true, false] {
        ui.step(*now);
        let event = if down {
            WindowEvent::KeyPressed { text: text.into() }
        } else {
            WindowEvent::KeyReleased { text: text.into() }
        };
        ui.window.window().dispatch_event(event);
        *now += 60;
        ui.step(*now);
    }
}

#[test]
fn excalibur_through_the_widgets_and_the_covered_panel() {
    i_slint_backend_testing::init_no_event_loop();
    let ui = init(boot(&BootOptions { simulate: true, no_journal: true, ..BootOptions::default() })).unwrap();
    let mut now = 0;
    ui.step(now);
    let app = ui.window.global::<App<'_>>();
    click(&ui, "Impostazioni");
    click(&ui, "English");
    click(&ui, "Done");
    click(&ui, "The Resistance: Avalon");
    let names = ["Anna", "Bruno", "Carla", "Dario", "Elena"];
    for (i, name) in names.iter().enumerate() {
        let field = ElementHandle::find_by_accessible_label(&ui.window, &format!("Seat {}", i + 1))
            .find(|e| e.accessible_role() == Some(AccessibleRole::TextInput))
            .expect("a name field");
        field.set_accessible_value(*name);
    }
    ui.step(now);

    let extras = ui.window.global::<AvalonExtras<'_>>();
    // The details explain the characters and the balance.
    click(&ui, "Details");
    let setup = ui.window.global::<SetupUi<'_>>();
    assert!(setup.get_show_details());
    let details = || setup.get_details().iter().map(|l| l.to_string()).collect::<Vec<_>>();
    assert!(details().iter().any(|l| l.starts_with("Merlin: Good.")), "{:?}", details());
    click(&ui, "Back to the setup");
    assert!(!setup.get_show_details());
    // The rules lie below the fold of the options' list: set as a finger
    // would once it scrolled.
    let set = |label, value| assert!(tavola_screens::set_setup_option(&ui.window, label, value), "{label}");
    set("Lady of the Lake", 1);
    let note = |label: &str| setup.get_options().iter().find(|o| o.label == label).map(|o| o.note.to_string());
    let lady = note("Lady of the Lake").unwrap_or_default();
    assert!(lady.contains("7 players"), "a hint at five players, not a refusal: {lady}");
    assert_eq!(setup.get_problem(), "");
    assert!(details().iter().any(|l| l.contains("Lady of the Lake") && l.contains("Good")), "{:?}", details());
    set("Lady of the Lake", 0);
    set("Excalibur", 1);
    let option = |label| tavola_screens::setup_option(&ui.window, label);
    assert_eq!((option("Excalibur"), option("Lady of the Lake")), (Some(1), Some(0)));
    click(&ui, "Start");
    click(&ui, "Day begins");
    if ui.window.global::<App<'_>>().get_page() == Page::AvalonNight {
        // The script is still being read: a second touch ends the night.
        click(&ui, "End the night now");
    }
    assert_eq!(app.get_page(), Page::AvalonRound);

    // The leader picks two players and hands Excalibur to one who is not the leader.
    let avalon = ui.window.global::<AvalonUi<'_>>();
    click(&ui, "Seat 1");
    click(&ui, "Seat 2");
    let candidates: Vec<String> = extras.get_excalibur_candidates().iter().map(|c| c.name.to_string()).collect();
    assert!(!candidates.is_empty() && !candidates.contains(&avalon.get_leader_name().to_string()), "{candidates:?}");
    let holder = candidates[0].clone();
    pick(&ui, &holder);
    click(&ui, "Propose the team");
    assert_eq!(avalon.get_chosen(), -1, "the vote is open: {}", app.get_message());
    for seat in 0..4 {
        key(&ui, &mut now, seat, "a");
    }
    // Elena's pad is stuck: the host opens the fold and votes for her.
    assert!(ElementHandle::find_by_accessible_label(&ui.window, "Approve for Elena").next().is_none(), "folded");
    click(&ui, "Host: vote for a seat");
    click(&ui, "Approve for Elena");
    assert!(
        avalon.get_status().contains("mission cards: 0 of 2 in"),
        "the fifth vote counted: {}",
        avalon.get_status()
    );
    // The votes are shown a moment before the mission opens.
    now += tavola_core::table::PAD_QUIET_MS;
    ui.step(now);
    // Anna plays Fail, Bruno Success (Tavola does not know the roles).
    key(&ui, &mut now, 0, "r");
    key(&ui, &mut now, 1, "a");
    assert_eq!(app.get_page(), Page::AvalonChoice);
    assert!(extras.get_choice_title().contains(&holder), "{}", extras.get_choice_title());
    let target = if holder == "Anna" { "Bruno" } else { "Anna" };
    pick(&ui, target);
    assert_eq!(app.get_page(), Page::AvalonPrivate);
    assert!(extras.get_private_prompt().starts_with(&format!("Everyone but {holder}, look away")));
    assert_eq!(extras.get_private_text(), "", "covered until touched");
    click(&ui, "Covered panel");
    let card = if target == "Anna" { "Fail" } else { "Success" };
    assert_eq!(extras.get_private_text(), format!("{target} had played {card}."));
    click(&ui, "Seen: cover it and go on");
    assert_eq!(app.get_page(), Page::AvalonRound);
    assert_eq!(extras.get_private_text(), "", "nothing stays on the screen");
    // The cards are turned one at a time; the host skips to the result.
    assert_eq!(avalon.get_reveal_total(), 2, "two cards to turn");
    avalon.invoke_skip_reveal();
    ui.step(now);
    let first = avalon.get_missions().row_data(0).unwrap();
    // Switching Anna's Fail makes two Successes; switching Bruno's Success makes two Fails.
    assert_eq!(first.result, if target == "Anna" { 1 } else { 2 });
}

#[test]
fn after_the_end_the_same_table_plays_again_in_one_touch_or_takes_new_seats() {
    use tavola_core::table::{Input, Touch};
    use tavola_games::avalon::{AvalonOptions, Command, Role, RoleSet, Setup};
    use tavola_games::{GameKind, Lang, Seat};
    i_slint_backend_testing::init_no_event_loop();
    let ui = init(boot(&BootOptions { simulate: true, no_journal: true, ..BootOptions::default() })).unwrap();
    let send = |t: Touch| ui.controller.borrow_mut().input(Input::Touch(t));
    send(Touch::SetLang { lang: Lang::En });
    send(Touch::ChooseGame { game: GameKind::Avalon });
    let names: Vec<String> = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Franco"].map(String::from).to_vec();
    let options = AvalonOptions { excalibur: true, ..AvalonOptions::default() };
    let roles = RoleSet::standard(6, &[Role::Percival, Role::Morgana]).unwrap();
    let end = |first: bool| {
        if first {
            send(Touch::Avalon(Command::Setup(Setup { names: names.clone(), options, ..Setup::new(roles.clone()) })));
        }
        send(Touch::Avalon(Command::EndNight));
        for _ in 0..5 {
            let leader = ui
                .controller
                .borrow()
                .view()
                .game_view
                .as_ref()
                .and_then(|v| v.get::<tavola_games::avalon::Avalon>())
                .and_then(|a| a.leader)
                .unwrap();
            let other = Seat((leader.0 + 1) % 6);
            send(Touch::Avalon(Command::ProposeTeam {
                team: vec![leader, other],
                mission: None,
                excalibur: Some(other),
            }));
            for s in 0..6 {
                send(Touch::Avalon(Command::Vote { seat: Seat(s), approve: false }));
            }
        }
        ui.step(0);
    };
    end(true);
    let app = ui.window.global::<App<'_>>();
    assert_eq!(app.get_page(), Page::AvalonEnd);
    click(&ui, "Play again with the same table");
    assert_eq!(app.get_page(), Page::AvalonNight, "a new game at once: {}", app.get_message());
    end(false);
    click(&ui, "Same game, new seats");
    assert_eq!(app.get_page(), Page::Setup);
    let setup = ui.window.global::<SetupUi<'_>>();
    assert_eq!(setup.get_players(), 6);
    assert_eq!(setup.get_seats().row_data(5).unwrap().name, "Franco");
    assert_eq!(tavola_screens::setup_option(&ui.window, "Excalibur"), Some(1), "the rules stay chosen");
    let chosen: Vec<String> =
        setup.get_options().iter().filter(|o| o.kind == 0 && o.value == 1).map(|o| o.label.to_string()).collect();
    assert_eq!(chosen, vec!["Percival", "Morgana", "Excalibur"]);
}

#[test]
fn the_mission_the_leader_picks_sets_the_team_size_the_engine_asks() {
    i_slint_backend_testing::init_no_event_loop();
    let ui = init(boot(&BootOptions { simulate: true, no_journal: true, ..BootOptions::default() })).unwrap();
    ui.step(0);
    click(&ui, "Impostazioni");
    click(&ui, "English");
    click(&ui, "Done");
    click(&ui, "The Resistance: Avalon");
    assert!(tavola_screens::set_setup_option(&ui.window, "The leader chooses the mission", 1));
    click(&ui, "Start");
    click(&ui, "Day begins");
    if ui.window.global::<App<'_>>().get_page() == Page::AvalonNight {
        // The script is still being read: a second touch ends the night.
        click(&ui, "End the night now");
    }
    let (extras, avalon) = (ui.window.global::<AvalonExtras<'_>>(), ui.window.global::<AvalonUi<'_>>());
    let open: Vec<i32> = extras.get_open_missions().iter().collect();
    assert_eq!(open, [1, 2, 3, 4], "the fifth only after two others");
    // Five players: the missions take 2, 3, 2, 3 and 3 players.
    for (mission, size) in [(2, 3), (3, 2), (4, 3), (1, 2)] {
        extras.invoke_choose_mission(mission);
        ui.step(0);
        assert_eq!((avalon.get_mission_number(), avalon.get_team_size()), (mission, size));
        assert!(avalon.get_status().contains(&format!("tap {size} players")), "{}", avalon.get_status());
    }
}
