//! The message line through the widgets: with several messages standing it
//! keeps one line of the same height, shows one message and counts the
//! others on a button that brings the next; a move the rules refuse comes to
//! the front at once; a touch on the message lists them all in full.

use i_slint_backend_testing::ElementHandle;
use slint::{ComponentHandle, Model};
use tavola_core::hw::HwError;
use tavola_games::Msg;
use tavola_hw::boot::{boot, BootOptions};
use tavola_screens::{init, App, TableSim, Ui};

use crate::common;
use common::{click, shown};

/// The simulated table in English, start-up having found `notices` parts
/// missing.
fn table(notices: usize) -> Ui {
    let mut booted = boot(&BootOptions { simulate: true, no_journal: true, ..BootOptions::default() });
    let all = [
        HwError::said("reader", Msg::new("hw.reader.none").with("version", "0x00")),
        HwError::said("audio", Msg::new("hw.audio.no_speaker").with("why", "no card")),
        HwError::said("board", Msg::new("hw.not_a_pi")),
    ];
    booted.notices.extend(all.into_iter().take(notices));
    let ui = init(booted).unwrap();
    ui.step(0);
    ui.window.global::<App<'_>>().invoke_set_lang("en".into());
    ui.step(0);
    ui
}

fn line_height(ui: &Ui) -> f32 {
    let line = ElementHandle::find_by_element_id(&ui.window, "AppWindow::message-line").next().expect("the line");
    line.size().height
}

fn next_button(ui: &Ui) -> Option<String> {
    ElementHandle::find_by_accessible_label(&ui.window, "Next message (2 more)")
        .chain(ElementHandle::find_by_accessible_label(&ui.window, "Next message (3 more)"))
        .next()
        .and_then(|e| e.accessible_label())
        .map(|l| l.to_string())
}

#[test]
fn several_messages_stand_on_one_line_one_at_a_time_and_a_refused_move_comes_first() {
    i_slint_backend_testing::init_no_event_loop();
    let one = table(1);
    let height = line_height(&one);
    assert!(height > 0.0);
    assert!(!shown(&one, "Next message (0 more)"), "a lone message has no button");

    let ui = table(3);
    let app = ui.window.global::<App<'_>>();
    assert_eq!(line_height(&ui), height, "three messages keep the height of one");
    assert_eq!(app.get_message_count(), 3);
    assert!(app.get_message().starts_with("No NFC reader answers"), "{}", app.get_message());
    assert_eq!(next_button(&ui).as_deref(), Some("Next message (2 more)"));

    // The button brings the next, and after the last the first again.
    click(&ui, "Next message (2 more)");
    assert!(app.get_message().starts_with("No speaker found"), "{}", app.get_message());
    click(&ui, "Next message (2 more)");
    assert!(app.get_message().starts_with("This machine is not a Raspberry Pi"), "{}", app.get_message());
    click(&ui, "Next message (2 more)");
    assert!(app.get_message().starts_with("No NFC reader answers"), "{}", app.get_message());
    click(&ui, "Next message (2 more)");

    // A press nobody asked for: the table's answer is shown at once, the
    // notices still counted behind it.
    click(&ui, "The Resistance: Avalon");
    let sim = ui.window.global::<TableSim<'_>>();
    sim.invoke_press(0, true, true);
    ui.step(100);
    sim.invoke_press(0, true, false);
    ui.step(200);
    assert!(app.get_message().contains("nothing to vote on"), "{}", app.get_message());
    assert_eq!(app.get_message_count(), 4);
    assert_eq!(next_button(&ui).as_deref(), Some("Next message (3 more)"));
    assert_eq!(line_height(&ui), height, "four messages keep the height of one");

    // A touch on the message lists every one in full.
    let shown_message = ElementHandle::find_by_accessible_label(&ui.window, "Message").next().expect("the message");
    shown_message.mock_single_click(slint::platform::PointerEventButton::Left);
    assert!(app.get_show_messages(), "the list is open");
    let listed: Vec<String> = app.get_messages().iter().map(|m| m.to_string()).collect();
    assert_eq!(listed.len(), 4, "{listed:?}");
    assert!(listed[1].ends_with("use the cards on the screen."), "in full: {}", listed[1]);
    click(&ui, "Close");
    assert!(!app.get_show_messages());
}

/// Avalon at five, the first team approved: the mission under way.
fn avalon_mission(lang: &str) -> (Ui, Vec<usize>) {
    use tavola_core::table::{Input, NarrationControl, Touch};
    use tavola_games::avalon::Command;
    use tavola_games::Seat;
    use tavola_screens::{AvalonUi, SetupUi};
    let ui = table(0);
    ui.window.global::<App<'_>>().invoke_set_lang(lang.into());
    ui.step(0);
    let touch = |t: Touch| {
        ui.controller.borrow_mut().input(Input::Touch(t));
        ui.step(0);
    };
    touch(Touch::ChooseGame { game: tavola_games::GameKind::Avalon });
    let setup = ui.window.global::<SetupUi<'_>>();
    setup.invoke_set_players(5);
    ui.step(0);
    // Not a first game: no explanation holds the narration.
    setup.set_first_game(false);
    setup.invoke_start();
    ui.step(0);
    touch(Touch::Avalon(Command::EndNight));
    while ui.controller.borrow().view().queued_lines > 0 {
        touch(Touch::Narration { control: NarrationControl::Skip });
    }
    let avalon = ui.window.global::<AvalonUi<'_>>();
    let leader = (0..5).find(|&i| avalon.get_seats().row_data(i).is_some_and(|r| r.leader)).expect("a leader");
    let team: Vec<usize> = (0..2).map(|k| (leader + k) % 5).collect();
    for &seat in &team {
        avalon.invoke_toggle_seat(seat as i32);
    }
    ui.step(0);
    avalon.invoke_propose();
    ui.step(0);
    for seat in 0..5 {
        touch(Touch::Avalon(Command::Vote { seat: Seat(seat), approve: true }));
    }
    ui.step(5_000);
    // The narration over: the message line shows the table's word again.
    touch(Touch::Narration { control: NarrationControl::Skip });
    let mut now = 5_000;
    while ui.window.global::<App<'_>>().get_subtitle() != "" && now < 20_000 {
        now += 500;
        ui.step(now);
    }
    assert_eq!(ui.window.global::<App<'_>>().get_subtitle(), "", "the narration is over");
    (ui, team)
}

#[test]
fn a_refused_move_says_the_rule_it_applies_under_it_and_in_the_list() {
    use tavola_core::table::{Input, Touch};
    use tavola_games::avalon::{Command, MissionCard};
    use tavola_games::Seat;
    i_slint_backend_testing::init_no_event_loop();
    for (lang, reason, rule) in [
        ("en", "is not on the team", "Rule: only the team's members play mission cards (Fase Missione)"),
        ("it", "non è nella squadra", "Regola: solo i membri della squadra giocano carte missione (Fase Missione)"),
    ] {
        let (ui, team) = avalon_mission(lang);
        let app = ui.window.global::<App<'_>>();
        assert_eq!(app.get_message_rule(), "", "no rule before a refusal");
        let outsider = (0..5).find(|s| !team.contains(s)).unwrap();
        ui.controller.borrow_mut().input(Input::Touch(Touch::Avalon(Command::PlayMission {
            seat: Seat(outsider as u8),
            card: MissionCard::Success,
        })));
        ui.step(0);
        assert!(app.get_message().contains(reason), "{}", app.get_message());
        assert_eq!(app.get_message_rule(), rule);
        // On the line, under the refusal, where the players read it.
        let line = ElementHandle::find_by_accessible_label(&ui.window, "Rule")
            .next()
            .or_else(|| ElementHandle::find_by_accessible_label(&ui.window, "Regola").next())
            .expect("the rule on the message line");
        assert!(line.size().height > 0.0 && line.size().width > 100.0, "{:?}", line.size());
        let message = ElementHandle::find_by_accessible_label(&ui.window, "Message")
            .next()
            .or_else(|| ElementHandle::find_by_accessible_label(&ui.window, "Messaggio").next())
            .expect("the message");
        assert!(line.absolute_position().y > message.absolute_position().y, "the rule is under the refusal");
        // The list, a touch away, says both in full.
        let listed: Vec<String> = app.get_messages().iter().map(|m| m.to_string()).collect();
        assert!(listed[0].contains(reason) && listed[0].ends_with(rule), "{listed:?}");
        // Another word of the table takes the rule away with the refusal.
        ui.controller.borrow_mut().input(Input::Touch(Touch::Avalon(Command::PlayMission {
            seat: Seat(team[0] as u8),
            card: MissionCard::Success,
        })));
        ui.step(0);
        assert!(!app.get_message().contains(reason), "{}", app.get_message());
        assert_eq!(app.get_message_rule(), "", "{}", app.get_message());
    }
}
