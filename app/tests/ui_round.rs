//! The first round of a five-player Avalon game played through the widgets,
//! with Slint's testing backend: buttons found by their accessible labels,
//! the pad pressed through the table keys, the result read off the screen.

use i_slint_backend_testing::{AccessibleRole, ElementHandle};
use slint::platform::WindowEvent;
use slint::{ComponentHandle, Model};
use tavola_hw::boot::{boot, BootOptions};
use tavola_screens::{init, App, AvalonUi, Page, SetupUi, Ui};

use crate::common;
use common::{click, key, run_for, shown};

/// What seat `n`'s tile says to a screen reader: the name, then its marks
/// in words.
fn tile(ui: &Ui, n: usize) -> String {
    ElementHandle::find_by_accessible_label(&ui.window, &format!("Seat {n}"))
        .find(|e| e.accessible_role() == Some(AccessibleRole::Button))
        .and_then(|e| e.accessible_description())
        .map(|d| d.to_string())
        .unwrap_or_default()
}

/// How many marks named `label` the seats show.
fn marks(ui: &Ui, label: &str) -> usize {
    ElementHandle::find_by_accessible_label(&ui.window, label)
        .filter(|e| e.accessible_role() == Some(AccessibleRole::Image))
        .count()
}

/// Simulated hardware and a journal in a fresh temporary folder.
fn with_journal(tag: &str) -> (std::path::PathBuf, BootOptions) {
    let dir = std::env::temp_dir().join(format!("tavola-ui-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let opts = BootOptions { simulate: true, db: Some(dir.join("t.db")), ..BootOptions::default() };
    (dir, opts)
}

#[test]
fn the_first_round_through_the_widgets() {
    i_slint_backend_testing::init_no_event_loop();
    let ui = init(boot(&BootOptions { simulate: true, no_journal: true, ..BootOptions::default() })).unwrap();
    let mut now = 0;
    ui.step(now);
    assert_eq!(ui.window.global::<App<'_>>().get_page(), Page::Picker);
    switch_to_english(&ui);
    set_up_avalon(&ui, now);
    let leader_before = ui.window.global::<AvalonUi<'_>>().get_leader_name();
    propose_and_vote(&ui, &mut now);
    play_the_mission(&ui, &mut now, &leader_before);
    leave_and_come_back(&ui, now);
}

/// The language switches at run time, labels included.
fn switch_to_english(ui: &Ui) {
    let labels: Vec<String> = i_slint_backend_testing::ElementQuery::from_root(&ui.window)
        .find_all()
        .iter()
        .filter_map(|e| e.accessible_label().map(|l| l.to_string()))
        .collect();
    assert!(shown(ui, "Impostazioni"), "Italian first: {labels:?}");
    click(ui, "Impostazioni");
    click(ui, "English");
    assert!(shown(ui, "Done") && !shown(ui, "Fatto"), "English labels after the switch");
    click(ui, "Done");
}

/// Every game is listed and opens its setup; nothing is lost leaving it.
/// Then Avalon set up for five, and the night.
fn set_up_avalon(ui: &Ui, now: u64) {
    let app = ui.window.global::<App<'_>>();
    for (game, page) in [("Camelot Legends", Page::Setup), ("King Arthur's Knights", Page::Setup)] {
        click(ui, game);
        assert_eq!(app.get_page(), page);
        click(ui, "Leave the game");
        assert_eq!(app.get_page(), Page::Picker);
    }
    click(ui, "The Resistance: Avalon");
    assert_eq!(app.get_page(), Page::Setup);

    // An impossible set is refused before starting: Mordred and Morgana at five.
    click(ui, "Mordred");
    click(ui, "Morgana");
    let setup = ui.window.global::<SetupUi<'_>>();
    let avalon = ui.window.global::<AvalonUi<'_>>();
    assert!(setup.get_problem().contains("Evil has 2 places"), "{}", setup.get_problem());
    click(ui, "Morgana");
    assert_eq!(setup.get_problem(), "");

    // A name typed for seat 1 (the field is labelled by its seat).
    let field = ElementHandle::find_by_accessible_label(&ui.window, "Seat 1")
        .find(|e| e.accessible_role() == Some(AccessibleRole::TextInput))
        .expect("the name field of seat 1");
    field.set_accessible_value("Anna");
    ui.step(now);

    // The character-card choice stays as tapped while the table loop runs.
    // The option lies below the fold of the options' list: set as a finger
    // would once it scrolled.
    let scan = || tavola_screens::setup_option(&ui.window, "Players tap their character cards");
    let tap = |on| assert!(tavola_screens::set_setup_option(&ui.window, "Players tap their character cards", on));
    tap(1);
    ui.step(now);
    assert_eq!(scan(), Some(1), "the cards are to be tapped");
    tap(0);
    ui.step(now);
    assert_eq!(scan(), Some(0), "played on trust");
    click(ui, "Start");
    assert_eq!(app.get_page(), Page::AvalonNight);
    assert!(app.get_subtitle().contains("close your eyes"), "{}", app.get_subtitle());
    click(ui, "Day begins");
    // The script is still being read: the first touch only asks for a second.
    assert_eq!(ui.window.global::<App<'_>>().get_page(), Page::AvalonNight, "one touch does not cut the night short");
    click(ui, "End the night now");
    assert_eq!(app.get_page(), Page::AvalonRound);
    assert_eq!(avalon.get_seats().row_data(0).unwrap().name, "Anna", "the name typed at setup");
}

/// The leader picks two players and proposes the team; the vote runs out
/// and is given more time; everybody approves.
fn propose_and_vote(ui: &Ui, now: &mut u64) {
    let app = ui.window.global::<App<'_>>();
    let avalon = ui.window.global::<AvalonUi<'_>>();
    assert_eq!(avalon.get_team_size(), 2);
    click(ui, "Seat 1");
    click(ui, "Seat 2");
    assert_eq!(avalon.get_chosen(), 2);
    assert_eq!(tile(ui, 1), "Anna, on the team", "the name, then the team in words");
    assert!(!tile(ui, 3).contains("on the team"), "{}", tile(ui, 3));
    click(ui, "Propose the team");
    assert_eq!(avalon.get_chosen(), -1, "the vote is open");
    assert!(avalon.get_status().contains("0 of 5"), "{}", avalon.get_status());

    // The vote window runs out: the host gives more time.
    assert!(!shown(ui, "More time"));
    *now += 31_000;
    ui.step(*now);
    assert!(app.get_timer_expired(), "{}", app.get_timer_label());
    click(ui, "More time");
    assert!(!app.get_timer_expired(), "30 more seconds");

    // Everybody approves on the pad: seat key, then A. Until the last vote
    // the screen says how many have voted and who is missing, never how.
    for (n, seat) in ["1", "2", "3", "4", "5"].into_iter().enumerate() {
        ui.window.window().dispatch_event(WindowEvent::KeyPressed { text: seat.into() });
        key(ui, now, "a");
        if n < 4 {
            let seats = avalon.get_seats();
            assert!((0..5).all(|i| seats.row_data(i).unwrap().vote == -1), "no vote shown before all are in");
            assert_eq!((0..5).filter(|&i| seats.row_data(i).unwrap().light == 2).count(), n + 1);
            // An hourglass on each seat still awaited, a card face down on
            // each that has voted, and the same in words.
            assert_eq!(marks(ui, "done"), n + 1);
            assert_eq!(marks(ui, "waiting"), 4 - n);
            assert_eq!(tile(ui, 1), "Anna, on the team, done");
            assert!(tile(ui, 5).ends_with(", waiting"), "{}", tile(ui, 5));
            let status = avalon.get_status().to_string();
            assert!(status.contains(&format!("{} of 5", n + 1)), "{status}");
            // The tiles show who is awaited; the last two are named too.
            if n >= 2 {
                assert!(status.contains("Still to vote: ") && status.ends_with("5."), "{status}");
            } else {
                assert!(!status.contains("Still to vote"), "{status}");
            }
        }
    }
    let seats = avalon.get_seats();
    assert!((0..5).all(|i| seats.row_data(i).unwrap().vote == 1), "the votes are shown once all are in");
    // The team is awaited for its cards; the others show how they voted.
    assert_eq!(tile(ui, 1), "Anna, on the team, waiting");
    assert!(tile(ui, 3).ends_with(", approves"), "{}", tile(ui, 3));
    assert_eq!((marks(ui, "waiting"), marks(ui, "approves"), marks(ui, "done")), (2, 3, 0));
    assert!(avalon.get_status().contains("mission cards: 0 of 2 in"), "{}", avalon.get_status());
}

/// The votes are shown a moment before the mission opens; the team plays
/// two Success cards and the host skips the reveal.
fn play_the_mission(ui: &Ui, now: &mut u64, leader_before: &str) {
    let avalon = ui.window.global::<AvalonUi<'_>>();
    *now += tavola_core::table::PAD_QUIET_MS;
    ui.step(*now);
    // The team plays two Success cards.
    for seat in ["1", "2"] {
        ui.window.window().dispatch_event(WindowEvent::KeyPressed { text: seat.into() });
        key(ui, now, "a");
    }
    // The cards are turned one at a time; the host skips to the result.
    assert_eq!(avalon.get_missions().row_data(0).unwrap().result, 0, "the result waits for the last card");
    click(ui, "Skip the reveal");
    let first = avalon.get_missions().row_data(0).unwrap();
    assert_eq!(first.result, 1, "the track shows the first mission won");
    let mission_1 = ElementHandle::find_by_accessible_label(&ui.window, "Mission 1").next().unwrap();
    assert_eq!(mission_1.accessible_value().as_deref(), Some("success"));
    assert_eq!(avalon.get_mission_number(), 2);
    assert_ne!(avalon.get_leader_name(), leader_before, "the leader passed on");
}

/// Leaving a game under way asks first; the names stay for the next game.
fn leave_and_come_back(ui: &Ui, now: u64) {
    let app = ui.window.global::<App<'_>>();
    let setup = ui.window.global::<SetupUi<'_>>();
    click(ui, "Leave the game");
    assert!(app.get_confirm_leave());
    click(ui, "Cancel");
    assert_eq!(app.get_page(), Page::AvalonRound, "still playing");
    click(ui, "Leave the game");
    let leave: Vec<ElementHandle> = ElementHandle::find_by_accessible_label(&ui.window, "Leave the game")
        .filter(|e| e.accessible_role() == Some(AccessibleRole::Button))
        .collect();
    assert_eq!(leave.len(), 2, "the top bar's button and the question's");
    leave[1].invoke_accessible_default_action();
    assert_eq!(app.get_page(), Page::Picker);

    // The names stay for the next game.
    click(ui, "The Resistance: Avalon");
    ui.step(now);
    assert_eq!(setup.get_seats().row_data(0).unwrap().name, "Anna");
}

#[test]
fn a_finished_game_shows_in_the_history_with_its_players() {
    use tavola_core::table::{Input, Touch};
    use tavola_games::avalon::{Command, RoleSet, Setup};
    use tavola_games::{GameKind, Seat};
    i_slint_backend_testing::init_no_event_loop();
    let (dir, opts) = with_journal("history");
    let ui = init(boot(&opts)).unwrap();
    let send = |t: Touch| ui.controller.borrow_mut().input(Input::Touch(t));
    send(Touch::SetLang { lang: tavola_games::Lang::En });
    send(Touch::ChooseGame { game: GameKind::Avalon });
    let names = ["Anna", "Bruno", "Carla", "Dario", "Elena"].map(String::from).to_vec();
    let roles = RoleSet::standard(5, &[]).unwrap();
    send(Touch::Avalon(Command::Setup(Setup {
        names,
        roles,
        scan_roles: false,
        first_leader: Some(Seat(0)),
        options: Default::default(),
    })));
    send(Touch::Avalon(Command::EndNight));
    for _ in 0..5 {
        send(Touch::Avalon(Command::ProposeTeam { team: vec![Seat(0), Seat(1)], mission: None, excalibur: None }));
        for s in 0..5 {
            send(Touch::Avalon(Command::Vote { seat: Seat(s), approve: false }));
        }
    }
    ui.step(0);
    click(&ui, "Back to the games");
    click(&ui, "History");
    let app = ui.window.global::<App<'_>>();
    assert_eq!(app.get_page(), Page::History);
    let games = app.get_history();
    assert_eq!(games.row_count(), 1);
    let row = games.row_data(0).unwrap();
    assert!(row.result.contains("Five teams rejected"), "{}", row.result);
    assert!(row.players.contains("Anna") && row.players.contains("Elena"));
    assert_eq!(app.get_wins_headline(), "Good 0 · Evil 1", "evil won the only game");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_unfinished_game_is_offered_and_taken_up_from_the_picker() {
    use tavola_core::table::{Input, Touch};
    use tavola_games::avalon::{Command, RoleSet, Setup};
    use tavola_games::{GameKind, Lang, Seat};
    i_slint_backend_testing::init_no_event_loop();
    let (dir, opts) = with_journal("resume");
    {
        let ui = init(boot(&opts)).unwrap();
        let send = |t: Touch| ui.controller.borrow_mut().input(Input::Touch(t));
        send(Touch::SetLang { lang: Lang::En });
        send(Touch::ChooseGame { game: GameKind::Avalon });
        let roles = RoleSet::standard(6, &[]).unwrap();
        send(Touch::Avalon(Command::Setup(Setup {
            names: vec![],
            roles,
            scan_roles: false,
            first_leader: Some(Seat(2)),
            options: Default::default(),
        })));
        send(Touch::Avalon(Command::EndNight));
    }
    let ui = init(boot(&opts)).unwrap();
    ui.step(0);
    let app = ui.window.global::<App<'_>>();
    assert_eq!(app.get_page(), Page::Picker);
    assert!(app.get_resume_offered());
    click(&ui, "Take it up");
    assert_eq!(app.get_page(), Page::AvalonRound, "back where the game was");
    let avalon = ui.window.global::<AvalonUi<'_>>();
    assert_eq!(avalon.get_leader_name(), "3");
    assert_eq!(avalon.get_team_size(), 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn character_cards_laid_through_the_card_picker_stay_secret() {
    use tavola_core::table::{Input, Touch};
    use tavola_screens::TableSim;
    i_slint_backend_testing::init_no_event_loop();
    let ui = init(boot(&BootOptions { simulate: true, no_journal: true, ..BootOptions::default() })).unwrap();
    let mut now = 0;
    ui.controller.borrow_mut().input(Input::Touch(Touch::SetLang { lang: tavola_games::Lang::En }));
    ui.step(now);
    let app = ui.window.global::<App<'_>>();
    let avalon = ui.window.global::<AvalonUi<'_>>();
    click(&ui, "The Resistance: Avalon");
    assert!(tavola_screens::set_setup_option(&ui.window, "Players tap their character cards", 1));
    click(&ui, "Start");
    assert_eq!(app.get_page(), Page::AvalonScan);
    click(&ui, "Table");
    assert!(app.get_show_table());

    // A tap on the picker lays the card on the simulated reader.
    click(&ui, "avalon/role/merlin");
    run_for(&ui, &mut now, 200);
    assert_eq!(avalon.get_scan_done(), 1);
    assert_eq!(avalon.get_scan_next(), "2");

    // The rest with the keys (the list scrolls): choose the card, T lays it.
    let sim = ui.window.global::<TableSim<'_>>();
    let cards = sim.get_cards();
    let lay = |now: &mut u64, id: &str| {
        let i = (0..cards.row_count()).find(|&i| cards.row_data(i).unwrap().id == id).expect(id);
        sim.set_selected_card(i as i32);
        key(&ui, now, "t");
        run_for(&ui, now, 200);
    };

    // A card of another game and a blank tag are refused in words, nothing read.
    let foreign = (0..cards.row_count())
        .map(|i| cards.row_data(i).unwrap().id.to_string())
        .find(|id| !id.is_empty() && !id.starts_with("avalon/"))
        .expect("a card of another game");
    lay(&mut now, &foreign);
    assert!(app.get_message().contains("belongs to Shadows over Camelot"), "{}", app.get_message());
    lay(&mut now, "");
    assert!(app.get_message().contains("Unknown tag"), "{}", app.get_message());
    assert_eq!(avalon.get_scan_done(), 1);

    for id in ["servant-1", "servant-2", "assassin", "minion-1"] {
        lay(&mut now, &format!("avalon/role/{id}"));
        if app.get_page() == Page::AvalonScan {
            let seats = avalon.get_seats();
            assert!((0..5).all(|s| seats.row_data(s).unwrap().role.is_empty()), "no character on screen");
        }
    }
    assert_eq!(app.get_page(), Page::AvalonNight, "{}", app.get_message());
}

/// A five-player game in English up to its first mission, seats 1 and 2 on
/// the team and the mission open, all through the widgets and the keys.
fn to_the_first_mission(ui: &Ui, now: &mut u64) {
    use tavola_core::table::{Input, Touch};
    ui.controller.borrow_mut().input(Input::Touch(Touch::SetLang { lang: tavola_games::Lang::En }));
    ui.step(*now);
    click(ui, "The Resistance: Avalon");
    click(ui, "Start");
    click(ui, "Day begins");
    click(ui, "End the night now");
    click(ui, "Seat 1");
    click(ui, "Seat 2");
    click(ui, "Propose the team");
    for seat in ["1", "2", "3", "4", "5"] {
        ui.window.window().dispatch_event(WindowEvent::KeyPressed { text: seat.into() });
        key(ui, now, "a");
    }
    *now += tavola_core::table::PAD_QUIET_MS;
    ui.step(*now);
    assert!(ui.window.global::<AvalonUi<'_>>().get_status().contains("mission cards: 0 of 2 in"));
}

#[test]
fn a_dead_button_player_lays_their_own_card_on_the_reader() {
    use tavola_screens::TableSim;
    i_slint_backend_testing::init_no_event_loop();
    let ui = init(boot(&BootOptions { simulate: true, no_journal: true, ..BootOptions::default() })).unwrap();
    let mut now = 0;
    to_the_first_mission(&ui, &mut now);
    let app = ui.window.global::<App<'_>>();
    let avalon = ui.window.global::<AvalonUi<'_>>();
    // Seat 1 plays on the pad; seat 2's button is dead.
    ui.window.window().dispatch_event(WindowEvent::KeyPressed { text: "1".into() });
    key(&ui, &mut now, "a");
    assert!(!shown(&ui, "Card on the reader for 2"), "folded until asked");
    click(&ui, "A button does not work");
    // Only the team member still to play can be named.
    assert!(shown(&ui, "Card on the reader for 2"));
    assert!(!shown(&ui, "Card on the reader for 1") && !shown(&ui, "Card on the reader for 3"));
    click(&ui, "Card on the reader for 2");
    assert_eq!(avalon.get_reader_seat(), 1);
    let status = avalon.get_status().to_string();
    assert!(status.ends_with("2: lay your mission card face down on the reader."), "{status}");
    // The player lays their own card (the simulated reader's picker).
    let sim = ui.window.global::<TableSim<'_>>();
    let cards = sim.get_cards();
    let i =
        (0..cards.row_count()).find(|&i| cards.row_data(i).unwrap().id == "avalon/mission/fail-1").expect("the card");
    sim.set_selected_card(i as i32);
    key(&ui, &mut now, "t");
    run_for(&ui, &mut now, 200);
    click(&ui, "Skip the reveal");
    assert_eq!(avalon.get_missions().row_data(0).unwrap().result, 2, "one Fail: {}", app.get_message());
    assert_eq!(avalon.get_reader_seats().row_count(), 0, "nothing to name after the mission");
    // The card laid again, outside a mission: refused in words.
    key(&ui, &mut now, "t");
    run_for(&ui, &mut now, 1_500);
    sim.invoke_lift_card();
    run_for(&ui, &mut now, 1_500);
    key(&ui, &mut now, "t");
    run_for(&ui, &mut now, 200);
    assert!(app.get_message().contains("No mission is being played"), "{}", app.get_message());
}

#[test]
fn a_mission_played_by_hand_is_entered_as_counts() {
    i_slint_backend_testing::init_no_event_loop();
    let ui = init(boot(&BootOptions { simulate: true, no_journal: true, ..BootOptions::default() })).unwrap();
    let mut now = 0;
    to_the_first_mission(&ui, &mut now);
    let avalon = ui.window.global::<AvalonUi<'_>>();
    click(&ui, "A button does not work");
    assert_eq!(avalon.get_hand_cards(), 2, "the team's two cards");
    click(&ui, "One Fail more");
    click(&ui, "One Fail more");
    click(&ui, "One Fail more");
    assert_eq!(avalon.get_hand_fails(), 2, "no more Fails than cards");
    click(&ui, "One Fail less");
    click(&ui, "Enter the count");
    click(&ui, "Skip the reveal");
    let first = avalon.get_missions().row_data(0).unwrap();
    assert_eq!((first.result, first.fails), (2, 1), "1 Success and 1 Fail: the mission failed");
    assert!(!shown(&ui, "Enter the count"), "the way on closes with the mission");
}

/// With each game chosen, the simulated reader's cards are that game's
/// cards, named from its catalog, then one card of another game and a
/// blank tag: Nottingham's table offers no character of Avalon.
#[test]
fn the_card_picker_offers_the_cards_of_the_game_chosen() {
    use tavola_core::table::{Input, Touch};
    use tavola_games::GameKind;
    use tavola_screens::TableSim;
    let ui = common::open_table();
    for game in GameKind::ALL.into_iter().filter(|g| g.is_playable()) {
        ui.controller.borrow_mut().input(Input::Touch(Touch::ChooseGame { game }));
        ui.step(0);
        let cards: Vec<_> = ui.window.global::<TableSim<'_>>().get_cards().iter().collect();
        let (blank, rest) = cards.split_last().expect("cards");
        assert_eq!((blank.id.as_str(), blank.label.as_str()), ("", "blank tag"), "{game:?}: the blank tag last");
        let (foreign, own) = rest.split_last().expect("cards");
        assert_ne!(GameKind::of_card(&foreign.id), Some(game), "{game:?}: {}", foreign.id);
        assert!(GameKind::of_card(&foreign.id).is_some(), "{game:?}: {}", foreign.id);
        assert!(own.len() > 3, "{game:?} offers {} of its cards", own.len());
        for card in own {
            assert_eq!(GameKind::of_card(&card.id), Some(game), "{game:?} offers {}", card.id);
            assert!(!card.label.is_empty() && card.label != card.id, "{}: named “{}”", card.id, card.label);
        }
        ui.controller.borrow_mut().input(Input::Touch(Touch::Leave { confirm: true }));
        ui.step(0);
    }
}

#[test]
fn the_night_shows_how_far_it_has_come_and_says_when_it_is_over() {
    let ui = common::open_table();
    let app = ui.window.global::<App<'_>>();
    let avalon = ui.window.global::<AvalonUi<'_>>();
    click(&ui, "The Resistance: Avalon");
    // Not a first game: no explanation holds the night's lines.
    ui.window.global::<SetupUi<'_>>().set_first_game(false);
    click(&ui, "Start");
    let mut now = 0;
    run_for(&ui, &mut now, 100);
    assert_eq!(app.get_page(), Page::AvalonNight);
    let lines = avalon.get_night_lines();
    assert!(lines > 3, "the night's script has {lines} lines");
    assert!(shown(&ui, &format!("Line 1 of {lines}")) || shown(&ui, &format!("Line 2 of {lines}")));
    let said = avalon.get_night_said();
    assert!(said < lines, "{said} of {lines} said at the start");
    // Line after line: the count only grows, and the end is said.
    let mut last = said;
    for _ in 0..lines {
        app.invoke_narration("skip".into());
        run_for(&ui, &mut now, 40);
        let now_said = avalon.get_night_said();
        assert!(now_said >= last, "{now_said} after {last}");
        last = now_said;
    }
    assert_eq!(avalon.get_night_said(), lines, "all said");
    assert!(shown(&ui, "Night over"));
    let big = ElementHandle::find_by_accessible_label(&ui.window, "Narration").next().unwrap();
    let words = big.accessible_description().unwrap_or_default().to_string();
    assert!(words.starts_with("The night is over"), "{words}");
}
