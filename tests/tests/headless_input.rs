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

fn drive_bytes(script: &[u8]) -> Vec<Value> {
    let mut out = Vec::new();
    run(&Options { seed: 1, ..Options::default() }, script, &mut out).expect("the driver runs to the end");
    String::from_utf8(out).unwrap().lines().map(|l| serde_json::from_str(l).expect("JSON")).collect()
}

fn errors(out: &[Value]) -> Vec<&str> {
    out.iter().filter(|o| o["out"] == "error").map(|o| o["code"].as_str().unwrap()).collect()
}

#[test]
fn a_line_that_is_not_utf8_is_answered_and_the_driver_goes_on() {
    let mut script = b"{\"view\": true}\n".to_vec();
    script.extend_from_slice(b"{\"touch\": \"choose_game\", \"game\": \"avalon\xff\xfe\"}\n");
    script.extend_from_slice(b"{\"view\": true}\n");
    let out = drive_bytes(&script);
    assert_eq!(errors(&out), ["headless.bad_input"]);
    let said = out[1]["message"].as_str().unwrap();
    assert!(said.contains("UTF-8") && said.contains("40"), "where the text stops: {said}");
    assert_eq!(out[2]["out"], "view", "the next line is read");
    assert_eq!(out[0]["view"], out[2]["view"], "nothing changed");
}

#[test]
fn a_card_no_catalog_knows_is_said_by_its_id_and_a_long_one_is_cut() {
    let out = drive(
        r#"{"touch": "choose_game", "game": "kak"}
{"touch": "open_facts", "card": "kak/action/teleport-1"}"#,
    );
    let said = out.iter().find(|o| o["out"] == "error").expect("refused")["message"].as_str().unwrap().to_string();
    assert!(said.contains("kak/action/teleport-1") && !said.contains("card.kak"), "{said}");
    // An id of 150 kB, and a command of 200 kB: said back cut.
    let long = "x".repeat(150_000);
    let script = format!(
        "{{\"touch\": \"open_facts\", \"card\": \"{long}\"}}\n{{\"touch\": \"kak\", \"cmd\": \"{}\"}}\n{{\"view\": true}}\n",
        "y".repeat(200_000)
    );
    let out = drive(&script);
    assert_eq!(errors(&out).len(), 2, "{:?}", errors(&out));
    for o in out.iter().filter(|o| o["out"] == "error") {
        let n = o["message"].as_str().unwrap().chars().count();
        assert!(n <= 401, "{n} characters said back");
    }
    let view = out.last().unwrap().to_string();
    assert!(view.len() < 10_000, "the view says no whole id back: {} bytes", view.len());
}

#[test]
fn a_name_longer_than_the_screen_shows_is_refused_and_nothing_is_set_up() {
    let long = "N".repeat(10_000);
    let script = format!(
        "{{\"touch\": \"choose_game\", \"game\": \"nottingham\"}}\n{{\"view\": true}}\n\
         {{\"touch\": \"nottingham\", \"cmd\": \"setup\", \"colours\": [\"red\", \"yellow\", \"green\"], \
         \"names\": [\"Anna\", \"{long}\", \"Carla\"], \"first\": 0, \"facts\": {{\"path\": [4, 3]}}}}\n{{\"view\": true}}\n"
    );
    let out = drive(&script);
    assert_eq!(errors(&out), ["common.name_too_long"]);
    let said = out.iter().find(|o| o["out"] == "error").unwrap()["message"].as_str().unwrap();
    assert!(said.contains("Seat 2") && said.contains("24"), "{said}");
    let views: Vec<&Value> = out.iter().filter(|o| o["out"] == "view").collect();
    assert_eq!(views[0]["view"]["nottingham"], views[1]["view"]["nottingham"], "nothing set up");
    // Twenty-four letters fit.
    let out = drive(&script.replace(&long, &"N".repeat(24)));
    assert!(errors(&out).is_empty(), "{:?}", errors(&out));
}

#[test]
fn an_empty_learn_is_refused_and_not_journaled() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("tavola.db");
    let script = r#"{"touch": "choose_game", "game": "nottingham"}
{"touch": "nottingham", "cmd": "setup", "colours": ["red", "yellow", "green"], "names": [], "first": 0, "facts": {"path": [4, 3]}}
{"touch": "nottingham", "cmd": "learn", "facts": {}}"#;
    let mut out = Vec::new();
    run(&Options { seed: 1, db: Some(db.clone()), ..Options::default() }, script.as_bytes(), &mut out).unwrap();
    let out: Vec<Value> = String::from_utf8(out).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(errors(&out), ["common.nothing_to_learn"]);
    let journal = tavola_core::journal::Journal::open(&db).unwrap().journal;
    let game = journal.unfinished().unwrap().expect("the game set up");
    assert_eq!(game.entries.len(), 1, "the setup alone");
}

/// A small deterministic generator for the fuzz run below.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<'a>(&mut self, of: &[&'a str]) -> &'a str {
        of[self.below(of.len())]
    }
}

/// A random line: random bytes, broken JSON, or a JSON input of a kind the
/// driver takes with random values.
fn random_line(r: &mut Lcg) -> Vec<u8> {
    let words = [
        "nottingham",
        "avalon",
        "kak",
        "legends",
        "soc",
        "x",
        "",
        "setup",
        "draw",
        "keep",
        "act",
        "end_turn",
        "trade",
        "learn",
        "complete",
        "gold",
        "chest",
        "pearls",
        "nottingham/ambush/items-3",
        "kak/action/teleport-1",
        "choose_game",
        "set_facts",
        "open_facts",
        "import_deck",
        "confirm_import",
        "undo",
        "redo",
        "leave",
        "peek",
    ];
    let value = |r: &mut Lcg| -> String {
        match r.below(6) {
            0 => format!("{}", r.below(40) as i64 - 5),
            1 => format!("\"{}\"", r.pick(&words)),
            2 => "null".into(),
            3 => format!("[{}, {}]", r.below(14), r.below(14)),
            4 => "{}".into(),
            _ => format!("\"{}\"", "z".repeat(r.below(3000))),
        }
    };
    match r.below(10) {
        0 => (0..r.below(200)).map(|_| r.next() as u8).collect(),
        1 => {
            let mut l = format!("{{\"touch\": \"{}\", \"cmd\": ", r.pick(&words)).into_bytes();
            l.truncate(r.below(l.len() + 1));
            l
        }
        _ => {
            let key =
                r.pick(&["touch", "touch", "touch", "tag", "press", "button", "roll", "wait_ms", "fault", "nope"]);
            let mut fields = vec![format!("\"{key}\": {}", value(r))];
            for _ in 0..r.below(4) {
                let name = r.pick(&[
                    "cmd",
                    "game",
                    "card",
                    "item",
                    "count",
                    "seat",
                    "facts",
                    "names",
                    "colours",
                    "uid",
                    "button",
                    "first",
                    "commission",
                    "down",
                    "hold_ms",
                    "deck",
                ]);
                fields.push(format!("\"{name}\": {}", value(r)));
            }
            if key == "wait_ms" {
                fields[0] = format!("\"wait_ms\": {}", r.below(5000));
            }
            format!("{{{}}}", fields.join(", ")).into_bytes()
        }
    }
}

#[test]
fn random_bytes_and_random_lines_never_end_the_driver_and_a_refusal_changes_no_view() {
    let started = std::time::Instant::now();
    let mut h = tavola::headless::Headless::new(&Options { seed: 3, ..Options::default() });
    for line in [
        r#"{"touch": "choose_game", "game": "nottingham"}"#,
        r#"{"touch": "nottingham", "cmd": "setup", "colours": ["red", "yellow", "green"], "names": [], "first": 0, "facts": {"path": [4, 3, 5]}}"#,
    ] {
        h.line(line);
    }
    let game_view = |h: &tavola::headless::Headless| {
        let v = serde_json::to_value(h.session().view()).unwrap();
        (v["game"].clone(), v["nottingham"].clone())
    };
    let mut r = Lcg(0x5EED);
    let (mut refusals, mut lines) = (0, 0);
    for _ in 0..4_000 {
        let line = random_line(&mut r);
        let before = game_view(&h);
        let out = h.bytes(&line);
        lines += 1;
        let out: Vec<Value> = out.iter().map(|l| serde_json::from_str(l).expect("every output is JSON")).collect();
        if !out.is_empty() && out.iter().all(|o| o["out"] == "error") {
            refusals += 1;
            assert_eq!(game_view(&h), before, "refused, and the view changed: {}", String::from_utf8_lossy(&line));
        }
        for o in &out {
            if let Some(m) = o["message"].as_str() {
                assert!(m.chars().count() <= 401, "said back whole: {} characters", m.chars().count());
            }
        }
    }
    assert!(refusals > 1_000, "{refusals} refusals in {lines} lines");
    assert!(started.elapsed().as_secs() < 120, "no line hangs the driver: {:?}", started.elapsed());
}

#[test]
fn a_refusal_says_the_rule_it_applies_and_a_slip_of_the_input_says_none() {
    let script = r#"{"touch":"choose_game","game":"avalon"}
{"touch":"avalon","cmd":"setup","roles":{"roles":["merlin","assassin","loyal-servant","loyal-servant"]},"first_leader":0}
{"press":{"seat":99,"button":"approve"}}"#;
    for (lang, words, section) in [
        (tavola_games::Lang::En, "Avalon seats 5 to 10 players", "(Preparazione)"),
        (tavola_games::Lang::It, "ad Avalon giocano da 5 a 10 persone", "(Preparazione)"),
    ] {
        let mut out = Vec::new();
        run(&Options { seed: 1, lang, ..Options::default() }, script.as_bytes(), &mut out).expect("the driver runs");
        let out: Vec<Value> =
            String::from_utf8(out).unwrap().lines().map(|l| serde_json::from_str(l).expect("JSON")).collect();
        assert_eq!(errors(&out), ["avalon.player_count", "common.no_such_seat"], "{out:?}");
        let refused: Vec<&Value> = out.iter().filter(|o| o["out"] == "error").collect();
        let rule = refused[0]["rule"].as_str().expect("the rule");
        assert!(rule.starts_with(words) && rule.ends_with(section), "{rule}");
        assert!(refused[1].get("rule").is_none(), "a seat the table lacks applies no rule: {}", refused[1]);
    }
}
