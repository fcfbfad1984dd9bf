//! Teaching as the game is played, through the widgets: the first-game mode
//! suggested for a title nobody has played here, its explanations shown
//! one at a time before a step comes for the first time and never twice,
//! gone with one touch; and "What now?" on a game under way.

use slint::{ComponentHandle, Model};
use tavola_games::{Lang, Msg};
use tavola_screens::{App, Page, SetupUi, Ui};

use crate::common;
use common::{click, open_table, run_for, shown};

/// Touches "Got it" (or "Next") until no explanation stands; returns the
/// titles and words shown.
fn read_all(ui: &Ui) -> Vec<(String, String)> {
    let app = ui.window.global::<App<'_>>();
    let mut read = Vec::new();
    for _ in 0..20 {
        if app.get_lesson().is_empty() {
            break;
        }
        read.push((app.get_lesson_title().to_string(), app.get_lesson().to_string()));
        let next = if app.get_lessons_waiting() > 0 {
            format!("Next ({} more)", app.get_lessons_waiting())
        } else {
            "Got it".to_string()
        };
        click(ui, &next);
    }
    read
}

/// Through Avalon's night to the first team.
fn to_the_first_team(ui: &Ui, now: &mut u64) {
    run_for(ui, now, 100);
    click(ui, "Day begins");
    if shown(ui, "End the night now") {
        click(ui, "End the night now");
    }
    run_for(ui, now, 100);
}

#[test]
fn a_first_game_explains_the_goal_then_each_step_once() {
    let ui = open_table();
    let app = ui.window.global::<App<'_>>();
    click(&ui, "The Resistance: Avalon");
    assert!(ui.window.global::<SetupUi<'_>>().get_first_game(), "suggested: nobody played it here");
    click(&ui, "Start");
    let mut now = 0;
    run_for(&ui, &mut now, 60);
    let first = read_all(&ui);
    assert!(first.len() >= 2, "the goal, then the night: {first:?}");
    assert_eq!(first[0].0, "The goal");
    assert_eq!(first[0].1, Lang::En.text(&Msg::new("teach.avalon.goal")));
    let step = "First game: what happens now";
    assert!(
        first[1..].iter().all(|(title, words)| title.starts_with("First game: ") && !words.is_empty()),
        "{first:?}"
    );
    assert!(first.iter().any(|l| l.0 == step), "{first:?}");
    // The special characters in play are explained, by name, as the table
    // is set up.
    let merlin = Lang::En.text(&Msg::new("avalon.role.merlin.explain"));
    assert!(first.iter().any(|l| l.0 == "First game: Merlin" && l.1 == merlin), "Merlin is in every game: {first:?}");

    // The day: the team's step is explained when it first comes.
    to_the_first_team(&ui, &mut now);
    let team = read_all(&ui);
    assert_eq!(team.len(), 1, "{team:?}");
    assert!(!first.iter().any(|l| l.1 == team[0].1), "a new step, a new explanation");
    // Nothing stands once read, and the page is the game's.
    assert_eq!(app.get_lesson(), "");
    assert_eq!(app.get_page(), Page::AvalonRound);
    // The same step again is not explained again.
    run_for(&ui, &mut now, 200);
    assert_eq!(app.get_lesson(), "");
}

#[test]
fn explain_no_more_ends_the_mode() {
    let ui = open_table();
    let app = ui.window.global::<App<'_>>();
    click(&ui, "The Resistance: Avalon");
    click(&ui, "Start");
    let mut now = 0;
    run_for(&ui, &mut now, 60);
    assert_ne!(app.get_lesson(), "");
    click(&ui, "Explain no more");
    to_the_first_team(&ui, &mut now);
    assert_eq!(app.get_lesson(), "", "no explanation after Explain no more");
}

#[test]
fn a_table_that_knows_the_game_turns_the_switch_off_at_setup() {
    let ui = open_table();
    let app = ui.window.global::<App<'_>>();
    click(&ui, "Shadows over Camelot");
    click(&ui, "First game");
    assert!(!ui.window.global::<SetupUi<'_>>().get_first_game());
    click(&ui, "Begin the quest");
    let mut now = 0;
    run_for(&ui, &mut now, 200);
    assert_eq!(app.get_lesson(), "", "the mode is off");
}

#[test]
fn what_now_says_what_the_table_waits_for_and_the_moves_open() {
    let ui = open_table();
    let app = ui.window.global::<App<'_>>();
    click(&ui, "The Resistance: Avalon");
    assert!(!shown(&ui, "What now?"), "not before the game is under way");
    click(&ui, "First game");
    click(&ui, "Start");
    let mut now = 0;
    to_the_first_team(&ui, &mut now);
    click(&ui, "What now?");
    assert!(app.get_show_what_now());
    let waiting = app.get_what_now_waiting().to_string();
    let moves: Vec<String> = app.get_what_now_moves().iter().map(|m| m.to_string()).collect();
    assert!(!waiting.is_empty(), "what the table waits for");
    assert!(moves.iter().any(|m| m.to_lowercase().contains("team")), "the leader may propose a team: {moves:?}");
    assert!(moves.len() < 10, "one line per kind of move, not per team: {moves:?}");
    // The words follow the language.
    app.invoke_set_lang("it".into());
    run_for(&ui, &mut now, 40);
    assert_ne!(app.get_what_now_waiting().to_string(), waiting, "said again in Italian");
    click(&ui, "Chiudi");
    assert!(!app.get_show_what_now());
}

#[test]
fn a_first_game_taken_up_after_a_restart_goes_on_teaching_without_repeating() {
    use tavola_hw::boot::{boot, BootOptions};
    let dir = std::env::temp_dir().join(format!("tavola-ui-teach-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let opts = BootOptions { simulate: true, db: Some(dir.join("t.db")), ..BootOptions::default() };
    i_slint_backend_testing::init_no_event_loop();
    let ui = tavola_screens::init(boot(&opts)).unwrap();
    ui.step(0);
    let app = ui.window.global::<App<'_>>();
    app.invoke_set_lang("en".into());
    click(&ui, "The Resistance: Avalon");
    assert!(ui.window.global::<SetupUi<'_>>().get_first_game());
    click(&ui, "Start");
    let mut now = 0;
    run_for(&ui, &mut now, 60);
    let night = read_all(&ui);
    assert!(night.len() >= 2, "{night:?}");
    drop(ui);

    // Tavola starts again on the same journal and the game is taken up.
    let ui = tavola_screens::init(boot(&opts)).unwrap();
    let app = ui.window.global::<App<'_>>();
    ui.step(0);
    click(&ui, "Take it up");
    let mut now = 0;
    run_for(&ui, &mut now, 60);
    assert_eq!(app.get_page(), Page::AvalonNight);
    assert_eq!(app.get_lesson(), "", "the night was explained before the restart");
    to_the_first_team(&ui, &mut now);
    let team = read_all(&ui);
    assert_eq!(team.len(), 1, "the team's step, new, is explained: {team:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Lets `ms` pass in big steps (the narrator's lines last seconds).
fn wait(ui: &Ui, now: &mut u64, ms: u64, each: impl Fn(&Ui)) {
    let end = *now + ms;
    while *now < end {
        *now += 500;
        ui.step(*now);
        each(ui);
    }
}

/// The id of the line the narrator says now.
fn saying(ui: &Ui) -> Option<String> {
    ui.controller.borrow().view().subtitle.map(|l| l.id)
}

/// The words of the line the narrator says now.
fn words(ui: &Ui) -> String {
    ui.controller.borrow().view().subtitle.map(|l| l.text).unwrap_or_default()
}

/// A first game in `code`'s language: each explanation on the screen is
/// said while the game's own lines wait; "Got it" lets them go on; "What
/// now?" is said too. The subtitle shows what is said, except on the
/// night's page, which shows the night's lines alone.
fn the_narrator_says_the_explanations(code: &str) {
    let ui = open_table();
    let app = ui.window.global::<App<'_>>();
    app.invoke_set_lang(code.into());
    ui.step(0);
    let lang = Lang::from_code(code).unwrap();
    click(&ui, "The Resistance: Avalon");
    assert!(ui.window.global::<SetupUi<'_>>().get_first_game());
    ui.window.global::<SetupUi<'_>>().invoke_start();
    let mut now = 0;
    run_for(&ui, &mut now, 60);
    assert_eq!(app.get_lesson(), lang.text(&Msg::new("teach.avalon.goal")));
    assert_eq!(saying(&ui).as_deref(), Some("teach.avalon.goal"), "the goal is said as it is shown");
    assert_eq!(words(&ui), app.get_lesson().as_str(), "in the table's language");
    assert_eq!(app.get_page(), Page::AvalonNight);
    assert_eq!(app.get_subtitle(), "", "the night's page shows no explanation behind the explanation");
    let held = app.get_queued_lines();
    assert!(held > 0, "the night's lines wait for the explanation");
    // A minute on, the goal still stands and the night has not begun.
    wait(&ui, &mut now, 60_000, |ui| {
        let id = saying(ui);
        assert!(
            id.as_deref().is_none_or(|id| !id.starts_with("avalon.night")),
            "the game spoke over the lesson: {id:?}"
        );
    });
    assert_eq!(app.get_queued_lines(), held, "held, not lost");
    // "Next": the next explanation is said at once, the goal's words stop.
    let mut lessons = 1;
    loop {
        app.invoke_lesson_heard(false);
        ui.step(now);
        ui.step(now);
        if app.get_lesson().is_empty() {
            break;
        }
        lessons += 1;
        let id = saying(&ui).unwrap_or_default();
        let explains = id.starts_with("teach.avalon.") || id.starts_with("avalon.role.");
        assert!(explains && id != "teach.avalon.goal", "{id}");
        assert_eq!(words(&ui), app.get_lesson().as_str());
    }
    assert!(lessons >= 2, "the goal, then the night");
    // "Got it": the night's narration goes on, from its first line.
    let id = saying(&ui).unwrap_or_default();
    assert!(id.starts_with("avalon.night"), "the game's line after the explanation: {id}");
    assert_eq!(app.get_subtitle(), words(&ui).as_str(), "the night's page shows the night's line");
    // "What now?" is said as well as shown; closing it lets the night go on.
    let night_line = id;
    app.set_show_what_now(true);
    ui.step(now);
    ui.step(now);
    let waiting = app.get_what_now_waiting().to_string();
    assert!(!waiting.is_empty());
    assert_eq!(saying(&ui).as_deref(), Some("teach.avalon.night.waiting"));
    assert_eq!(words(&ui), waiting, "said in the table's language");
    app.set_show_what_now(false);
    ui.step(now);
    ui.step(now);
    assert_eq!(saying(&ui), Some(night_line), "the night's line cut short is said again");
    // The day: the team's explanation is on the subtitle line too, over a
    // page that does not show the narration itself.
    let (day, end) = match code {
        "it" => ("Inizia il giorno", "Chiudi subito la notte"),
        _ => ("Day begins", "End the night now"),
    };
    click(&ui, day);
    if shown(&ui, end) {
        click(&ui, end);
    }
    run_for(&ui, &mut now, 100);
    assert_eq!(app.get_page(), Page::AvalonRound);
    assert!(!app.get_lesson().is_empty(), "the team's step is explained");
    assert_eq!(app.get_subtitle(), app.get_lesson(), "said and shown on the subtitle line");
}

#[test]
fn the_narrator_says_the_explanations_in_english() {
    the_narrator_says_the_explanations("en");
}

#[test]
fn the_narrator_says_the_explanations_in_italian() {
    the_narrator_says_the_explanations("it");
}
