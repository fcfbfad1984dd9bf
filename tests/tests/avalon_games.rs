//! Whole games of Avalon through the headless driver, as a table would play
//! them: touches on the screen, presses on the secret pad, time passing.

use serde_json::json;
use tavola::headless::Options;
use tavola_core::table::TimerConfig;
use tavola_tests::{codes, errors, events, lines, Driver};

fn ended(d: &mut Driver) -> (String, String) {
    let v = d.avalon_view();
    assert_eq!(v["phase"]["phase"], "ended", "the game should be over: {v}");
    (v["phase"]["reason"].as_str().unwrap().into(), v["phase"]["winner"].as_str().unwrap().into())
}

#[test]
fn good_wins_when_three_missions_succeed_and_the_assassin_misses() {
    let mut d = Driver::new(1);
    d.start_avalon(5, &[]);
    for _ in 0..3 {
        let out = d.mission(0);
        assert!(errors(&out).is_empty(), "{out:?}");
    }
    assert_eq!(d.avalon_view()["phase"]["phase"], "assassination");
    d.avalon("assassinate", json!({"target": 3}));
    let out = d.avalon("confirm_merlin", json!({"was_merlin": false}));
    assert!(lines(&out).contains(&"avalon.end.merlin_survived".to_string()));
    assert_eq!(ended(&mut d), ("merlin_survived".into(), "good".into()));
}

#[test]
fn evil_wins_by_three_failed_missions() {
    let mut d = Driver::new(2);
    d.start_avalon(6, &["percival", "morgana"]);
    d.mission(1);
    d.mission(0);
    d.mission(2);
    let out = d.mission(1);
    let revealed = events(&out, "mission_revealed");
    assert_eq!(revealed[0]["fails"], 1);
    assert_eq!(ended(&mut d), ("three_failures".into(), "evil".into()));
    let v = d.avalon_view();
    assert_eq!(v["score"], json!([1, 3]));
}

#[test]
fn evil_wins_after_five_rejected_teams_in_one_round() {
    let mut d = Driver::new(3);
    d.start_avalon(5, &[]);
    for round in 0..5u64 {
        let v = d.avalon_view();
        assert_eq!(v["rejections"], round);
        assert_eq!(v["leader"], round, "the leader passes clockwise after each rejection");
        d.avalon("propose_team", json!({"team": [0, 1]}));
        d.everyone_votes(5, "reject");
    }
    assert_eq!(ended(&mut d), ("five_rejections".into(), "evil".into()));
}

#[test]
fn evil_wins_by_assassinating_merlin_when_tavola_knows_the_roles() {
    let mut d = Driver::new(4);
    d.touch(json!({"touch": "choose_game", "game": "avalon"}));
    let roles = tavola_tests::role_set(5, &[]);
    d.avalon("setup", json!({"roles": {"roles": roles}, "scan_roles": true, "first_leader": 0}));
    let cards = ["avalon/role/servant-1", "avalon/role/assassin", "avalon/role/merlin", "avalon/role/minion-1"];
    for (i, card) in cards.iter().enumerate() {
        let out = d.send(json!({"tag": "placed", "uid": format!("04000000000{i}"), "card": card}));
        let recorded = events(&out, "role_recorded");
        assert_eq!(recorded.len(), 1, "{out:?}");
        assert!(recorded[0]["role"].is_null(), "the role must not be shown: {out:?}");
        d.send(json!({"tag": "removed", "uid": format!("04000000000{i}")}));
    }
    // A card from another game is refused and changes nothing.
    let before = d.avalon_view();
    let out = d.send(json!({"tag": "placed", "uid": "04AA", "card": "soc/black/saxons-1"}));
    assert_eq!(codes(&out), vec!["common.wrong_game_card"]);
    assert_eq!(d.avalon_view(), before);
    d.send(json!({"tag": "removed", "uid": "04AA"}));
    let out = d.send(json!({"tag": "placed", "uid": "040000000004", "card": "avalon/role/servant-2"}));
    assert!(lines(&out).contains(&"avalon.night.close_all".to_string()), "the night starts after the last card");
    d.avalon("end_night", json!({}));
    for _ in 0..3 {
        d.mission(0);
    }
    let out = d.avalon("assassinate", json!({"target": 2}));
    assert_eq!(events(&out, "merlin_named")[0]["hit"], true);
    assert_eq!(ended(&mut d), ("merlin_assassinated".into(), "evil".into()));
    let roles = d.avalon_view()["roles_revealed"].clone();
    assert_eq!(
        roles,
        json!([[0, "loyal-servant"], [1, "assassin"], [2, "merlin"], [3, "minion"], [4, "loyal-servant"]])
    );
}

#[test]
fn the_fourth_mission_with_seven_players_needs_two_fails() {
    let mut d = Driver::new(5);
    d.start_avalon(7, &[]);
    d.mission(0);
    d.mission(1);
    d.mission(1);
    let v = d.avalon_view();
    assert_eq!(v["missions"][3]["fails_needed"], 2);
    assert_eq!(v["phase"]["team_size"], 4);
    let out = d.mission(1);
    let revealed = events(&out, "mission_revealed")[0];
    assert_eq!((revealed["fails"].as_u64(), revealed["succeeded"].as_bool()), (Some(1), Some(true)));
    let out = d.mission(2);
    assert_eq!(events(&out, "mission_revealed")[0]["succeeded"], false);
    assert_eq!(ended(&mut d), ("three_failures".into(), "evil".into()));
}

#[test]
fn a_bouncing_button_votes_once() {
    let mut d = Driver::new(6);
    d.start_avalon(5, &[]);
    d.avalon("propose_team", json!({"team": [0, 1]}));
    // Seat 2's approve button chatters on press and on release.
    let mut out = Vec::new();
    for (down, ms) in [(true, 2), (false, 3), (true, 2), (false, 1), (true, 60), (false, 2), (true, 3), (false, 60)] {
        out.extend(d.send(json!({"button": {"seat": 2, "button": "approve", "down": down}})));
        out.extend(d.wait(ms));
    }
    let cast = events(&out, "vote_cast");
    assert_eq!(cast.len(), 1, "exactly one vote: {out:?}");
    assert_eq!(cast[0]["seat"], 2);
    assert!(cast[0]["approve"].is_null(), "the vote stays secret");
    assert!(errors(&out).is_empty(), "no second vote was even attempted: {out:?}");
    let v = d.avalon_view();
    assert_eq!(v["phase"]["voted"], json!([2]));
    // The others vote; the team is approved 5-0, seat 2 counted once.
    for s in [0, 1, 3, 4] {
        d.press(s, "approve");
    }
    assert_eq!(d.avalon_view()["last_votes"], json!([[0, true], [1, true], [2, true], [3, true], [4, true]]));
}

#[test]
fn a_stuck_button_cannot_vote_and_both_buttons_are_no_vote() {
    let mut d = Driver::new(7);
    d.start_avalon(5, &[]);
    d.avalon("propose_team", json!({"team": [0, 1]}));
    d.send(json!({"button": {"seat": 1, "button": "reject", "down": true}}));
    let out = d.wait(6_000);
    assert!(codes(&out).contains(&"table.stuck".to_string()), "{out:?}");
    let out = d.send(json!({"button": {"seat": 1, "button": "reject", "down": false}}));
    let mut out = [out, d.wait(100)].concat();
    assert!(events(&out, "vote_cast").is_empty(), "a stuck button never votes: {out:?}");
    d.send(json!({"button": {"seat": 3, "button": "approve", "down": true}}));
    d.send(json!({"button": {"seat": 3, "button": "reject", "down": true}}));
    out = d.wait(100);
    out.extend(d.send(json!({"button": {"seat": 3, "button": "approve", "down": false}})));
    out.extend(d.send(json!({"button": {"seat": 3, "button": "reject", "down": false}})));
    out.extend(d.wait(100));
    assert!(codes(&out).contains(&"table.both_pressed".to_string()), "{out:?}");
    assert!(events(&out, "vote_cast").is_empty());
    assert_eq!(d.avalon_view()["phase"]["missing"], json!([0, 1, 2, 3, 4]));
}

#[test]
fn a_seat_that_never_votes_is_named_and_the_game_waits_for_it() {
    let mut timers =
        TimerConfig::default().with("discussion", 60).with("vote", 20).with("mission", 20).with("ambush", 20);
    timers.warning_s = 5;
    let mut d = Driver::with(Options { seed: 8, timers, ..Options::default() });
    d.start_avalon(5, &[]);
    let v = d.view();
    assert_eq!(v["timer"]["kind"], "discussion");
    d.avalon("propose_team", json!({"team": [0, 1]}));
    assert_eq!(d.view()["timer"]["kind"], "vote");
    for s in [0, 1, 2, 3] {
        d.press(s, "approve");
    }
    let out = d.wait(16_000);
    assert!(lines(&out).contains(&"table.timer.warning".to_string()), "a warning before the end: {out:?}");
    let out = d.wait(5_000);
    let missing: Vec<_> = out.iter().filter(|o| o["code"] == "table.missing").collect();
    assert_eq!(missing.len(), 1, "{out:?}");
    assert!(missing[0]["message"].as_str().unwrap().contains('5'), "seat 5 is named: {missing:?}");
    // The game neither guesses nor stalls: it waits, and the timer says so.
    let out = d.wait(60_000);
    assert!(out.iter().all(|o| o["out"] != "event"), "nothing decided for the missing seat: {out:?}");
    let v = d.view();
    assert_eq!(v["timer"]["expired"], true);
    assert_eq!(v["avalon"]["phase"]["missing"], json!([4]));
    // The host gives more time; the late vote still counts.
    d.touch(json!({"touch": "extend_timer", "seconds": 15}));
    assert_eq!(d.view()["timer"]["expired"], false);
    let out = d.press(4, "reject");
    assert_eq!(events(&out, "votes_revealed")[0]["approved"], true);
    assert_eq!(d.view()["timer"]["kind"], "mission");
}

#[test]
fn the_same_seed_plays_the_same_game() {
    let play = |seed| {
        let mut d = Driver::new(seed);
        d.touch(json!({"touch": "choose_game", "game": "avalon"}));
        d.avalon("setup", json!({"roles": {"roles": tavola_tests::role_set(8, &["oberon"])}}));
        d.avalon("end_night", json!({}));
        d.log.clone()
    };
    assert_eq!(play(11), play(11));
    let leaders: std::collections::BTreeSet<String> = (0..20)
        .map(|s| play(s).iter().find(|o| o["event"]["event"] == "set_up").unwrap()["event"]["first_leader"].to_string())
        .collect();
    assert!(leaders.len() > 1, "the first leader is drawn by lot");
}

#[test]
fn bad_input_lines_are_refused_with_a_message() {
    let mut d = Driver::new(9);
    let out = d.send(json!({"dance": true}));
    assert_eq!(codes(&out), vec!["headless.bad_input"]);
    let out = d.send(json!({"touch": "avalon", "cmd": "end_night"}));
    assert_eq!(codes(&out), vec!["table.no_game"]);
    d.start_avalon(5, &[]);
    let before = d.avalon_view();
    let out = d.avalon("propose_team", json!({"team": [0, 1, 2]}));
    assert_eq!(codes(&out), vec!["avalon.team_size"]);
    assert_eq!(out[0]["message"], "This mission needs a team of 2, not 3.");
    assert_eq!(d.avalon_view(), before, "a refused command changes nothing");
}

#[test]
fn italian_messages_and_narration() {
    let mut d = Driver::with(Options { lang: tavola_games::Lang::It, ..Options::default() });
    d.start_avalon(5, &[]);
    let out = d.avalon("propose_team", json!({"team": [0]}));
    assert_eq!(out[0]["message"], "Questa missione vuole una squadra di 2, non di 1.");
    let leader_line = d.all("line").into_iter().find(|l| l["id"] == "avalon.round.leader").unwrap();
    assert_eq!(leader_line["text"], "Missione 1: guida Posto 1, che sceglie una squadra di 2.");
}

/// A journal in a fresh folder, for a game stopped and taken up again.
fn journal(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tavola-avalon-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("tavola.db")
}

/// The database and its WAL, as a disk would show them.
fn on_disk(path: &std::path::Path) -> String {
    let mut bytes = std::fs::read(path).unwrap_or_default();
    for suffix in ["-wal", "-journal"] {
        bytes.extend(std::fs::read(format!("{}{suffix}", path.display())).unwrap_or_default());
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

fn lay(d: &mut Driver, uid: &str, card: &str) -> Vec<serde_json::Value> {
    let out = d.send(json!({"tag": "placed", "uid": uid, "card": card}));
    d.send(json!({"tag": "removed", "uid": uid}));
    d.wait(1_200);
    out
}

#[test]
fn a_dead_button_players_own_card_on_the_reader_keeps_the_secret_through_a_power_cut() {
    let path = journal("reader");
    let open = |resume| {
        Driver::open(Options { seed: 5, db: Some(path.clone()), resume, ..Options::default() }).expect("the journal")
    };
    {
        let mut d = open(false);
        d.start_avalon(5, &[]);
        // Outside a mission, a mission card is refused and changes nothing.
        let before = d.avalon_view();
        let out = lay(&mut d, "04B0000000A001", "avalon/mission/fail-1");
        assert_eq!(codes(&out), vec!["avalon.no_mission_now"]);
        assert_eq!(d.avalon_view(), before);
        d.avalon("propose_team", json!({"team": [0, 1]}));
        d.everyone_votes(5, "approve");
        d.press(0, "approve");
        // Seat 2's button is dead: a card laid before anybody is named is
        // refused; a seat off the team cannot be named.
        let out = lay(&mut d, "04B0000000A002", "avalon/mission/fail-2");
        assert_eq!(codes(&out), vec!["avalon.nobody_at_reader"]);
        let out = d.avalon("mission_by_reader", json!({"seat": 3}));
        assert_eq!(codes(&out), vec!["avalon.not_on_team"]);
        let out = d.avalon("mission_by_reader", json!({"seat": 0}));
        assert_eq!(codes(&out), vec!["common.already_answered"]);
        let out = d.avalon("mission_by_reader", json!({"seat": 1}));
        assert_eq!(events(&out, "mission_card_awaited")[0]["seat"], 1);
        assert!(lines(&out).contains(&"avalon.mission.reader".to_string()));
        assert_eq!(d.avalon_view()["phase"]["reader"], 1);
        // The card laid: one more card played, shown without its face; it
        // is the last of the team, so the tally follows.
        let out = lay(&mut d, "04B0000000A003", "avalon/mission/fail-3");
        let played = events(&out, "mission_card_played");
        assert_eq!(played.len(), 1, "{out:?}");
        assert!(played[0]["card"].is_null(), "never shown: {out:?}");
        assert!(!out.iter().any(|o| o.to_string().contains("fail-3")), "the card's id stays off the output");
        assert_eq!(events(&out, "mission_revealed").len(), 1);
    }
    // The mission ended with the card above: its tally is stored, the card
    // tied to its seat is not, in no byte of the files.
    let disk = on_disk(&path);
    assert!(!disk.contains("mission_card_played") && !disk.contains("fail-3"), "a card tied to a seat on disk");
    assert!(disk.contains("mission_revealed"));
    let mut d = open(true);
    let m = &d.avalon_view()["missions"][0];
    assert_eq!((m["fails"].clone(), m["succeeded"].clone()), (json!(1), json!(false)));
    // Mission 2, three players: the reader's card, then the power goes.
    d.avalon("propose_team", json!({"team": [1, 2, 3]}));
    d.everyone_votes(5, "approve");
    d.avalon("mission_by_reader", json!({"seat": 2}));
    lay(&mut d, "04B0000000A004", "avalon/mission/success-4");
    assert_eq!(d.avalon_view()["phase"]["played"], json!([2]));
    // Twice: the same player's second card finds nobody named.
    let out = lay(&mut d, "04B0000000A005", "avalon/mission/fail-5");
    assert_eq!(codes(&out), vec!["avalon.nobody_at_reader"]);
    drop(d);
    assert!(on_disk(&path).contains("mission_card_played"), "the card in flight is kept until the tally");
    let mut d = open(true);
    assert_eq!(d.avalon_view()["phase"]["played"], json!([2]), "the card on the reader survived the power cut");
    d.press(1, "approve");
    d.press(3, "approve");
    assert_eq!(d.avalon_view()["missions"][1]["succeeded"], true);
    drop(d);
    assert!(!on_disk(&path).contains("mission_card_played"), "erased once revealed");
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}

#[test]
fn a_mission_played_by_hand_is_entered_as_counts_that_fit_the_team() {
    let mut d = Driver::new(6);
    d.start_avalon(5, &[]);
    let out = d.avalon("mission_counts", json!({"successes": 2, "fails": 0}));
    assert_eq!(codes(&out), vec!["avalon.no_mission_now"]);
    d.avalon("propose_team", json!({"team": [0, 1]}));
    d.everyone_votes(5, "approve");
    d.press(0, "approve");
    let before = d.avalon_view();
    let out = d.avalon("mission_counts", json!({"successes": 2, "fails": 1}));
    assert_eq!(codes(&out), vec!["avalon.mission_count"]);
    assert_eq!(d.avalon_view(), before, "nothing changed");
    let out = d.avalon("mission_counts", json!({"successes": 1, "fails": 1}));
    assert!(errors(&out).is_empty(), "{out:?}");
    assert_eq!(
        events(&out, "mission_counted_by_hand")[0],
        &json!({"event": "mission_counted_by_hand", "successes": 1, "fails": 1})
    );
    assert!(lines(&out).contains(&"avalon.mission.by_hand".to_string()));
    let m = &d.avalon_view()["missions"][0];
    assert_eq!((m["successes"].clone(), m["fails"].clone()), (json!(1), json!(1)), "the counts, not the pad's card");
    assert_eq!(d.avalon_view()["phase"]["phase"], "team_building");
}
