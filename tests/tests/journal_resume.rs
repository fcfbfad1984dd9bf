//! A game driven through the headless driver with a journal: stopped in the
//! middle, started again with `--resume`, it is exactly where it was.

use serde_json::json;
use std::path::{Path, PathBuf};
use tavola::headless::Options;
use tavola_tests::{codes, Driver};

fn db(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tavola-resume-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("tavola.db")
}

fn with_db(path: &Path, resume: bool) -> Driver {
    Driver::open(Options { seed: 5, db: Some(path.to_path_buf()), resume, ..Options::default() })
        .expect("the journal opens")
}

#[test]
fn a_game_stopped_mid_vote_resumes_where_it_was() {
    let path = db("mid-vote");
    let before = {
        let mut d = with_db(&path, false);
        d.start_avalon(5, &["percival", "morgana"]);
        d.mission(1);
        d.avalon("propose_team", json!({"team": [1, 2, 3]}));
        d.press(0, "approve");
        d.press(3, "reject");
        d.avalon_view()
    };
    let mut d = with_db(&path, true);
    assert_eq!(codes(&d.opening), vec!["table.resumed"]);
    assert_eq!(d.avalon_view(), before, "the votes already cast are there, still secret");
    // The vote goes on and counts the two stored votes.
    for s in [1, 2, 4] {
        d.press(s, "approve");
    }
    assert_eq!(d.avalon_view()["last_votes"], json!([[0, true], [1, true], [2, true], [3, false], [4, true]]));
}

/// The bytes of the database and its WAL, as a disk would show them.
fn raw_bytes(path: &Path) -> Vec<u8> {
    let mut bytes = std::fs::read(path).unwrap_or_default();
    for suffix in ["-wal", "-journal"] {
        bytes.extend(std::fs::read(format!("{}{suffix}", path.display())).unwrap_or_default());
    }
    bytes
}

fn contains(haystack: &[u8], needle: &str) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle.as_bytes())
}

#[test]
fn a_mission_card_played_before_a_power_cut_survives_it_and_leaves_no_trace_once_revealed() {
    let path = db("mid-mission");
    {
        let mut d = with_db(&path, false);
        d.start_avalon(5, &[]);
        d.avalon("propose_team", json!({"team": [0, 1]}));
        d.everyone_votes(5, "approve");
        d.press(0, "reject");
        assert_eq!(d.avalon_view()["phase"]["played"], json!([0]));
        // The process dies here: nothing more is written.
    }
    assert!(contains(&raw_bytes(&path), "mission_card_played"), "the card in flight is on disk");
    let mut d = with_db(&path, true);
    let v = d.avalon_view();
    assert_eq!(v["phase"]["phase"], "mission");
    assert_eq!(v["phase"]["played"], json!([0]), "Seat 1's card survived the power cut");
    assert_eq!(v["phase"]["missing"], json!([1]));
    let said = d.view()["message"].as_str().unwrap_or_default().to_string();
    assert!(said.contains("Seat 1") && said.contains("Seat 2"), "where the table stands: {said}");
    d.press(1, "approve");
    let m = &d.avalon_view()["missions"][0];
    assert_eq!((m["fails"].clone(), m["succeeded"].clone()), (json!(1), json!(false)), "the stored Fail counted");
    drop(d);
    // Revealed: only the tally remains, in no byte of the files.
    let bytes = raw_bytes(&path);
    assert!(!contains(&bytes, "mission_card_played"), "a card still tied to a seat on disk");
    assert!(contains(&bytes, "mission_revealed"), "the tally is stored");
}

#[test]
fn a_finished_game_is_not_offered_again() {
    let path = db("finished");
    {
        let mut d = with_db(&path, false);
        d.start_avalon(5, &[]);
        for _ in 0..5 {
            d.avalon("propose_team", json!({"team": [0, 1]}));
            d.everyone_votes(5, "reject");
        }
        assert_eq!(d.avalon_view()["phase"]["phase"], "ended");
    }
    let mut d = with_db(&path, true);
    assert!(d.opening.is_empty(), "{:?}", d.opening);
    assert!(d.view()["game"].is_null());
}

#[test]
fn a_wrong_team_pick_is_undone_and_redone_across_a_restart_but_votes_stay() {
    let path = db("undo");
    {
        let mut d = with_db(&path, false);
        d.start_avalon(5, &[]);
        let out = d.touch(json!({"touch": "undo"}));
        assert_eq!(codes(&out), vec!["table.undone"], "the night's end can be taken back");
        assert_eq!(d.avalon_view()["phase"]["phase"], "night");
        d.touch(json!({"touch": "redo"}));
        d.avalon("propose_team", json!({"team": [0, 1]}));
        let out = d.touch(json!({"touch": "undo"}));
        assert_eq!(codes(&out), vec!["table.undone"]);
        assert_eq!(d.avalon_view()["phase"]["phase"], "team_building");
    }
    let mut d = with_db(&path, true);
    assert_eq!(d.avalon_view()["phase"]["phase"], "team_building", "the undo was stored");
    let out = d.touch(json!({"touch": "redo"}));
    assert_eq!(codes(&out), vec!["table.redone"], "redo survives a restart");
    assert_eq!(d.avalon_view()["phase"]["team"], json!([0, 1]));
    d.press(2, "reject");
    let before = d.avalon_view();
    let out = d.touch(json!({"touch": "undo"}));
    assert_eq!(codes(&out), vec!["table.cannot_undo"], "a vote cannot be taken back");
    assert_eq!(d.avalon_view(), before);
    let out = d.touch(json!({"touch": "redo"}));
    assert_eq!(codes(&out), vec!["table.nothing_to_redo"], "a new action ends redo");
}

#[test]
fn an_open_vote_window_reopens_with_the_time_that_remained() {
    let path = db("timer");
    {
        let mut d = with_db(&path, false);
        d.start_avalon(5, &[]);
        d.avalon("propose_team", json!({"team": [0, 1]}));
        d.wait(12_000);
        let t = &d.view()["timer"];
        assert_eq!(t["kind"], "vote");
        assert_eq!(t["remaining_ms"], 18_000);
    }
    let mut d = with_db(&path, true);
    let t = d.view()["timer"].clone();
    assert_eq!(t["kind"], "vote");
    let remaining = t["remaining_ms"].as_u64().unwrap();
    assert!((18_000..=20_000).contains(&remaining), "the time left, to within the 5 s it is stored: {remaining}");
    assert_eq!(t["total_ms"], 30_000);
}

#[test]
fn an_exported_game_is_told_again_by_the_driver() {
    let path = db("export");
    let end = {
        let mut d = with_db(&path, false);
        d.start_avalon(5, &[]);
        for _ in 0..3 {
            d.mission(1);
        }
        d.avalon_view()
    };
    assert_eq!(end["phase"]["reason"], "three_failures");
    let journal = tavola_core::journal::Journal::open(&path).unwrap().journal;
    let game = journal.history().unwrap()[0].info.id;
    let file = path.with_file_name("game.jsonl");
    std::fs::write(&file, journal.export_jsonl(game).unwrap()).unwrap();
    let mut d = Driver::open(Options { replay: Some(file), ..Options::default() }).unwrap();
    assert_eq!(d.avalon_view(), end, "the replayed game ends where the game ended");
    let told: Vec<&str> = d.opening.iter().filter(|o| o["out"] == "line").map(|o| o["id"].as_str().unwrap()).collect();
    assert_eq!(told.iter().filter(|id| id.starts_with("avalon.mission.failed")).count(), 3, "{told:?}");
    assert_eq!(told.last(), Some(&"avalon.end.three_failures"));
}

#[test]
fn leaving_a_game_in_progress_asks_first_and_keeps_it_for_the_next_start() {
    let path = db("leave");
    let before = {
        let mut d = with_db(&path, false);
        d.start_avalon(5, &[]);
        d.avalon("propose_team", json!({"team": [0, 1]}));
        let before = d.avalon_view();
        let out = d.touch(json!({"touch": "choose_game", "game": "soc"}));
        assert_eq!(codes(&out), vec!["table.game_in_progress"], "another game is not opened over it");
        let out = d.touch(json!({"touch": "leave"}));
        assert_eq!(codes(&out), vec!["table.leave_first"]);
        assert_eq!(d.avalon_view(), before, "nothing changed");
        let out = d.touch(json!({"touch": "leave", "confirm": true}));
        assert_eq!(codes(&out), vec!["table.left_saved"]);
        assert!(d.view()["game"].is_null(), "back to the picker");
        before
    };
    // The next start takes it up where it was left.
    let mut d = with_db(&path, true);
    assert_eq!(d.avalon_view(), before);
}
