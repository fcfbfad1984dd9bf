//! What the headless driver answers to inputs a script gets wrong, and the
//! time each output carries.

use serde_json::Value;
use tavola::headless::{run, Options};

fn drive(script: &str) -> Vec<Value> {
    let mut out = Vec::new();
    run(&Options { seed: 1, ..Options::default() }, script.as_bytes(), &mut out).expect("the driver runs");
    String::from_utf8(out).unwrap().lines().map(|l| serde_json::from_str(l).expect("JSON")).collect()
}

#[test]
fn a_press_on_a_seat_the_pad_does_not_have_is_answered() {
    let out = drive(
        r#"{"press":{"seat":99,"button":"approve"}}
{"button":{"seat":10,"button":"reject","down":true}}"#,
    );
    let codes: Vec<&str> = out.iter().filter(|o| o["out"] == "error").map(|o| o["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["common.no_such_seat", "common.no_such_seat"], "{out:?}");
    assert!(out[0]["message"].as_str().unwrap().contains("100"), "the seat as players count it: {}", out[0]);
}

#[test]
fn an_absurd_wait_is_refused_at_once_and_the_table_time_stays() {
    let started = std::time::Instant::now();
    let out = drive(
        r#"{"wait_ms": 1000000000000}
{"view": true}"#,
    );
    assert!(started.elapsed().as_secs() < 10, "refused, not waited for");
    assert_eq!(out[0]["code"], "headless.bad_input");
    assert!(out[0]["message"].as_str().unwrap().contains("at most"), "{}", out[0]);
    assert_eq!(out[1]["t"], 0, "no time passed");
}

#[test]
fn each_output_carries_the_time_it_happened_at() {
    // A vote window of 10 s with a warning 5 s before its end, inside one
    // wait of 20 s: the warning and the end say their own times.
    let out = drive(
        r#"{"touch":"set_timers","discussion_s":0,"vote_s":10,"mission_s":10,"warning_s":5}
{"touch":"choose_game","game":"avalon"}
{"touch":"avalon","cmd":"setup","roles":{"roles":["merlin","assassin","loyal-servant","loyal-servant","minion"]},"first_leader":0}
{"touch":"avalon","cmd":"end_night"}
{"touch":"avalon","cmd":"propose_team","team":[0,1]}
{"wait_ms": 20000}"#,
    );
    let proposed =
        out.iter().find(|o| o["event"]["event"] == "team_proposed").expect("the team")["t"].as_u64().unwrap();
    let warning = out.iter().find(|o| o["id"] == "table.timer.warning").expect("a warning")["t"].as_u64().unwrap();
    let missing = out.iter().find(|o| o["code"] == "table.missing").expect("seats missing")["t"].as_u64().unwrap();
    assert!((proposed + 4_900..=proposed + 5_100).contains(&warning), "warning at {warning}, team at {proposed}");
    assert!((proposed + 9_900..=proposed + 10_100).contains(&missing), "end at {missing}");
    let times: Vec<u64> = out.iter().map(|o| o["t"].as_u64().unwrap()).collect();
    assert!(times.windows(2).all(|w| w[0] <= w[1]), "outputs in the order of their times: {times:?}");
}

#[test]
fn an_unnamed_seat_is_said_as_a_seat_never_a_bare_number() {
    let out = drive(
        r#"{"touch":"choose_game","game":"avalon"}
{"touch":"avalon","cmd":"setup","roles":{"roles":["merlin","assassin","loyal-servant","loyal-servant","minion"]},"first_leader":0}
{"touch":"avalon","cmd":"end_night"}"#,
    );
    let lines: Vec<&str> = out.iter().filter(|o| o["out"] == "line").map(|o| o["text"].as_str().unwrap()).collect();
    assert!(lines.contains(&"Mission 1: Seat 1 leads and picks a team of 2."), "{lines:?}");
}

#[test]
fn a_double_press_on_the_last_vote_does_not_become_a_mission_card() {
    let out = drive(
        r#"{"touch":"choose_game","game":"avalon"}
{"touch":"avalon","cmd":"setup","roles":{"roles":["merlin","assassin","loyal-servant","loyal-servant","minion"]},"first_leader":0}
{"touch":"avalon","cmd":"end_night"}
{"touch":"avalon","cmd":"propose_team","team":[3,4]}
{"press":{"seat":0,"button":"approve"}}
{"press":{"seat":1,"button":"approve"}}
{"press":{"seat":2,"button":"approve"}}
{"press":{"seat":3,"button":"approve"}}
{"press":{"seat":4,"button":"approve"}}
{"press":{"seat":4,"button":"approve"}}
{"view": true}
{"wait_ms": 2000}
{"press":{"seat":4,"button":"reject"}}
{"view": true}"#,
    );
    assert!(out.iter().any(|o| o["code"] == "table.pad_quiet"), "the table says presses wait");
    assert!(out.iter().all(|o| o["out"] != "error"), "{out:?}");
    let views: Vec<&Value> = out.iter().filter(|o| o["out"] == "view").collect();
    let phase = &views[0]["view"]["avalon"]["phase"];
    assert_eq!(phase["played"], serde_json::json!([]), "the second press on the vote played no card: {phase}");
    let phase = &views[1]["view"]["avalon"]["phase"];
    assert_eq!(phase["played"], serde_json::json!([4]), "a press after the pause plays the card: {phase}");
}
