//! The history page through the widgets, with Slint's testing backend: a
//! journal holding finished games of Avalon and Shadows over Camelot, the
//! page opened from the picker, each chart read off the screen; an empty
//! history says so.

use crate::common;

use common::{click, shown};
use slint::{ComponentHandle, Model};
use tavola_core::journal::{GameMeta, GameResult, Journal};
use tavola_games::avalon::{self, Avalon, Command, MissionCard, RoleSet};
use tavola_games::{soc, AnyEvent, Ctx, Game, GameEvent, GameKind, Seat};
use tavola_hw::boot::{boot, BootOptions};
use tavola_screens::{init, App, Page, Ui};

const NAMES: [&str; 5] = ["Anna", "Bruno", "Carla", "Dario", "Elena"];

fn setup() -> Command {
    Command::Setup(avalon::Setup {
        names: NAMES.iter().map(|s| s.to_string()).collect(),
        roles: RoleSet::standard(5, &[]).expect("five players"),
        scan_roles: false,
        first_leader: Some(Seat(0)),
        options: Default::default(),
    })
}

/// Three missions won, the Assassin wrong: good wins.
fn good_wins() -> Vec<Command> {
    let mut cmds = vec![setup(), Command::EndNight];
    for size in [2u8, 3, 2] {
        let team: Vec<Seat> = (0..size).map(Seat).collect();
        cmds.push(Command::ProposeTeam { team: team.clone(), mission: None, excalibur: None });
        cmds.extend((0..5).map(|s| Command::Vote { seat: Seat(s), approve: true }));
        cmds.extend(team.iter().map(|&seat| Command::PlayMission { seat, card: MissionCard::Success }));
    }
    cmds.push(Command::Assassinate { target: Seat(4) });
    cmds.push(Command::ConfirmMerlin { was_merlin: false });
    cmds
}

/// Five teams rejected: evil wins.
fn evil_wins() -> Vec<Command> {
    let mut cmds = vec![setup(), Command::EndNight];
    for _ in 0..5 {
        cmds.push(Command::ProposeTeam { team: vec![Seat(0), Seat(1)], mission: None, excalibur: None });
        cmds.extend((0..5).map(|s| Command::Vote { seat: Seat(s), approve: false }));
    }
    cmds
}

fn played<G: Game>(commands: &[G::Command], wrap: fn(G::Event) -> AnyEvent) -> Vec<Vec<AnyEvent>> {
    let mut rng = Ctx::seeded(3);
    let mut game = G::default();
    let mut entries = Vec::new();
    for c in commands {
        let events = game.execute(c, &mut rng).unwrap_or_else(|e| panic!("{c:?} refused: {e:?}"));
        let stored: Vec<AnyEvent> = events.into_iter().filter(|e| !e.is_transient()).map(wrap).collect();
        if !stored.is_empty() {
            entries.push(stored);
        }
    }
    entries
}

/// Stores a game as finished, `minutes` long.
fn store(db: &std::path::Path, kind: GameKind, entries: &[Vec<AnyEvent>], result: GameResult, minutes: i64) {
    let mut j = Journal::open(db).expect("open").journal;
    let id = j.begin_game(kind, &GameMeta::from_events(&entries[0], None)).expect("begin");
    for e in entries {
        j.append(id, e).expect("append");
    }
    j.finish_game(id, &result).expect("finish");
    drop(j);
    let conn = rusqlite::Connection::open(db).expect("the file");
    let start = 1_700_000_000_000_i64 + id.0 * 86_400_000;
    conn.execute(
        "UPDATE games SET started_at = ?1, ended_at = ?2 WHERE id = ?3",
        rusqlite::params![start, start + minutes * 60_000, id.0],
    )
    .expect("times");
}

fn avalon_game(db: &std::path::Path, commands: &[Command], minutes: i64) {
    let entries = played::<Avalon>(commands, AnyEvent::Avalon);
    let result = GameResult::from_events(&entries.concat()).expect("an end");
    store(db, GameKind::Avalon, &entries, result, minutes);
}

/// Arthur, Galahad and Gawain set up, then the swords counted: the traitor
/// (Gawain's player) wins.
fn soc_game(db: &std::path::Path, minutes: i64) {
    let mut entries = played::<soc::Soc>(
        &[soc::Command::Setup(soc::Setup {
            knights: vec![soc::Knight::Arthur, soc::Knight::Galahad, soc::Knight::Gawain],
            names: NAMES[..3].iter().map(|s| s.to_string()).collect(),
            loyalty: soc::LoyaltyMode::Standard,
            scan_loyalty: false,
            youngest: None,
            rules: None,
        })],
        AnyEvent::ShadowsOverCamelot,
    );
    let reason = soc::EndReason::SwordsCounted;
    entries.push(vec![
        AnyEvent::ShadowsOverCamelot(soc::Event::FinalCount { traitor: Some(Seat(2)), flipped: 0 }),
        AnyEvent::ShadowsOverCamelot(soc::Event::GameEnded { reason, winner: soc::Side::Evil, traitor: Some(Seat(2)) }),
    ]);
    let result = GameResult::from_events(&entries.concat()).expect("an end");
    store(db, GameKind::ShadowsOverCamelot, &entries, result, minutes);
}

fn open(tag: &str, fill: impl FnOnce(&std::path::Path)) -> (std::path::PathBuf, Ui) {
    i_slint_backend_testing::init_no_event_loop();
    let dir = std::env::temp_dir().join(format!("tavola-ui-history-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("t.db");
    fill(&db);
    let ui = init(boot(&BootOptions { simulate: true, db: Some(db), ..BootOptions::default() })).unwrap();
    ui.step(0);
    ui.window.global::<App<'_>>().invoke_set_lang("en".into());
    ui.step(0);
    (dir, ui)
}

#[test]
fn the_history_page_draws_each_games_charts() {
    let (dir, ui) = open("charts", |db| {
        soc_game(db, 90);
        avalon_game(db, &good_wins(), 30);
        avalon_game(db, &evil_wins(), 45);
        avalon_game(db, &evil_wins(), 20);
    });
    let app = ui.window.global::<App<'_>>();
    click(&ui, "History");
    assert_eq!(app.get_page(), Page::History);
    // The game played last comes first; the arrows go through the others.
    let kinds: Vec<String> = app.get_history_kinds().iter().map(|s| s.to_string()).collect();
    assert_eq!(kinds, ["The Resistance: Avalon", "Shadows over Camelot"]);
    assert_eq!(app.get_history_kind(), 0);
    assert!(shown(&ui, "The Resistance: Avalon · Games: 3"));

    // Wins over time: good once, then evil twice, marks in their rows.
    assert_eq!(app.get_history_view(), "wins");
    assert_eq!(app.get_wins_headline(), "Good 1 · Evil 2");
    let rows: Vec<(String, i32)> = app.get_chart_rows().iter().map(|r| (r.label.to_string(), r.count)).collect();
    assert_eq!(rows, [("Good".to_string(), 1), ("Evil".to_string(), 2)]);
    assert_eq!(app.get_chart_points().iter().collect::<Vec<_>>(), [0, 1, 1]);
    assert!(shown(&ui, "Good 1 · Evil 2") && shown(&ui, "Game 1") && shown(&ui, "Game 3"));

    // By character: each character's side won one game in three or two.
    click(&ui, "By character");
    assert_eq!(app.get_history_view(), "parts");
    let bars: Vec<(String, String, i32)> =
        app.get_chart_parts().iter().map(|b| (b.label.to_string(), b.value.to_string(), b.tone)).collect();
    assert!(bars.contains(&("Merlin".into(), "1 of 3 · 33%".into(), 0)), "{bars:?}");
    assert!(bars.contains(&("Assassin".into(), "2 of 3 · 67%".into(), 1)), "{bars:?}");
    assert_eq!(app.get_parts_headline(), "Wins most often: Assassin (67%)");
    assert!(shown(&ui, "2 of 3 · 67%"));

    // The players: Tavola never knew who played what in these games.
    click(&ui, "By player");
    assert_eq!(app.get_chart_players().row_count(), 0);
    assert!(shown(&ui, "Name the players at setup to follow them here."));

    // Game length: 30, 45 and 20 minutes, median 30.
    click(&ui, "Game length");
    assert_eq!(app.get_length_headline(), "Median 30 min");
    let minutes: Vec<String> = app.get_chart_lengths().iter().map(|c| c.label.to_string()).collect();
    assert_eq!(minutes, ["30", "45", "20"]);
    assert_eq!(app.get_chart_longest(), "45 min");
    assert!(shown(&ui, "Median 30 min") && shown(&ui, "45"));

    // The next game: Shadows over Camelot, its traitor's win.
    click(&ui, "Next game");
    assert_eq!(app.get_history_kind(), 1);
    click(&ui, "Wins over time");
    assert_eq!(app.get_wins_headline(), "Loyal knights 0 · The traitor 1 · Camelot fell 0");
    click(&ui, "By knight");
    let knights: Vec<(String, String)> =
        app.get_chart_parts().iter().map(|b| (b.label.to_string(), b.value.to_string())).collect();
    assert!(knights.contains(&("Gawain".into(), "1 of 1 · 100%".into())), "{knights:?}");
    click(&ui, "Games played");
    assert_eq!(app.get_history().row_count(), 1, "the list holds the game shown");
    click(&ui, "Back");
    assert_eq!(app.get_page(), Page::Picker);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_empty_history_says_so_in_both_languages() {
    let (dir, ui) = open("empty", |_| {});
    let app = ui.window.global::<App<'_>>();
    click(&ui, "History");
    assert_eq!(app.get_page(), Page::History);
    assert_eq!(app.get_history_kinds().row_count(), 0);
    assert!(shown(&ui, "No game finished yet."));
    assert!(!shown(&ui, "Wins over time"), "no chart to choose");
    app.invoke_set_lang("it".into());
    ui.step(0);
    assert!(shown(&ui, "Nessuna partita finita, per ora."));
    let _ = std::fs::remove_dir_all(&dir);
}
