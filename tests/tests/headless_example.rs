//! The worked example in docs/headless.md, replayed: the documentation stays
//! true to what the driver does.

use serde_json::Value;
use tavola::headless::{run, Options};

/// The example `name` in docs/examples/, replayed with `seed`.
fn replay(name: &str, seed: u64) -> Vec<Value> {
    let path = format!("{}/../docs/examples/{name}", env!("CARGO_MANIFEST_DIR"));
    let script = std::fs::read_to_string(path).expect("the example script");
    let mut out = Vec::new();
    run(&Options { seed, ..Options::default() }, script.as_bytes(), &mut out).expect("the driver runs");
    String::from_utf8(out).unwrap().lines().map(|l| serde_json::from_str(l).expect("JSON")).collect()
}

/// What the table said, line by line, after checking no input was refused.
fn said_without_refusals(out: &[Value]) -> Vec<&str> {
    let refused: Vec<&Value> = out.iter().filter(|o| o["out"] == "error").collect();
    assert!(refused.is_empty(), "no input of the example is refused: {refused:?}");
    out.iter().filter(|o| o["out"] == "line").map(|o| o["text"].as_str().unwrap()).collect()
}

fn play(seed: u64) -> Vec<Value> {
    replay("avalon-5-players.jsonl", seed)
}

#[test]
fn the_documented_game_ends_as_documented() {
    let out = play(7);
    assert!(out.iter().all(|o| o["out"] != "error"), "no input of the example is refused");
    let last = out.last().unwrap();
    assert_eq!(last["out"], "view");
    let avalon = &last["view"]["avalon"];
    assert_eq!(avalon["phase"]["winner"], "good");
    assert_eq!(avalon["phase"]["reason"], "merlin_survived");
    assert_eq!(avalon["score"], serde_json::json!([3, 1]));
    let lines: Vec<&str> = out.iter().filter(|o| o["out"] == "line").map(|o| o["text"].as_str().unwrap()).collect();
    assert!(lines.contains(&"Mission 2: Bruno leads and picks a team of 3."));
    assert!(lines.contains(&"Team rejected, 2 to 3. Teams rejected this round: 1 of 5."));
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/headless.md")).unwrap();
    for o in &out {
        if o["out"] == "event" && o["event"]["event"] == "mission_revealed" && o["event"]["mission"] == 0 {
            assert!(doc.contains(&o.to_string()), "docs/headless.md shows the real output line {o}");
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_lines() {
    assert_eq!(play(7), play(7));
}

#[test]
fn the_optional_rules_example_keeps_each_reveal_for_its_viewer() {
    let script =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/examples/avalon-lady-excalibur.jsonl"))
            .expect("the example script");
    let mut out = Vec::new();
    run(&Options { seed: 3, ..Options::default() }, script.as_bytes(), &mut out).expect("the driver runs");
    let out: Vec<Value> = String::from_utf8(out).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert!(out.iter().all(|o| o["out"] != "error"), "no input of the example is refused: {out:?}");
    let private: Vec<(u64, String)> = out
        .iter()
        .filter(|o| o["out"] == "private")
        .map(|o| (o["seat"].as_u64().unwrap(), o["message"].as_str().unwrap().to_string()))
        .collect();
    assert_eq!(private, vec![(3, "Bruno had played Fail.".into()), (6, "Elena is loyal to Evil.".into())]);
    let view = &out.last().unwrap()["view"]["avalon"];
    assert_eq!(view["score"], serde_json::json!([2, 0]), "the switched Fail counted as a Success");
    assert_eq!(view["lady"]["holder"], 4);
    assert_eq!(view["phase"]["phase"], "team_building");
}

/// The Shadows over Camelot example in docs/headless.md, replayed.
fn play_soc(seed: u64) -> Vec<Value> {
    replay("soc-3-knights.jsonl", seed)
}

#[test]
fn the_documented_soc_game_exposes_the_traitor_and_keeps_every_secret() {
    let out = play_soc(7);
    assert!(out.iter().all(|o| o["out"] != "error"), "no input of the example is refused");
    let soc = &out.last().unwrap()["view"]["soc"];
    assert_eq!(soc["knights"][1]["exposed"], true, "Bruno's card on the reader exposed him");
    assert_eq!(soc["white"], 1, "one white sword for the traitor found");
    assert_eq!(soc["black_knight"]["black"], serde_json::json!([null]), "the face-down card stays face down");
    // Carla fought with 4 + 2 against the d8 the dice button rolled: above
    // the die an engine goes, a tie or less costs her a life.
    let die = out.iter().find(|o| o["event"]["event"] == "die_rolled").expect("the die was rolled");
    let value = die["event"]["roll"]["value"].as_u64().unwrap();
    // Then seven more engines came, the last before the accusation.
    let (life, siege) = if 6 > value { (3, 7) } else { (2, 8) };
    assert_eq!(
        (soc["knights"][2]["life"].as_u64().unwrap(), soc["siege"].as_u64().unwrap()),
        (life, siege),
        "die {value}"
    );
    // Loyalty cards tapped face down and the face-down Black Knight never show.
    for o in &out {
        let text = o.to_string();
        assert!(!text.contains("black-knight-5"), "a face-down card leaked: {text}");
        if o["event"]["event"] == "loyalty_recorded" {
            assert!(o["event"]["side"].is_null() && o["event"]["card"].is_null(), "{text}");
        }
    }
    let lines: Vec<&str> = out.iter().filter(|o| o["out"] == "line").map(|o| o["text"].as_str().unwrap()).collect();
    assert!(lines.contains(&"Bruno was the traitor, and is exposed!"), "{lines:?}");
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/headless.md")).unwrap();
    assert!(doc.contains("examples/soc-3-knights.jsonl"), "the guide points at the example");
}

#[test]
fn the_king_arthurs_knights_example_plays_a_round_as_its_comments_say() {
    let out = replay("kak-3-players.jsonl", 7);
    let lines = said_without_refusals(&out);
    assert!(lines.contains(&"At the Round Table Carla takes the quest: Slay the wild boar!"), "{lines:?}");
    assert!(lines.contains(&"Round 2 begins."), "{lines:?}");
    let kak = &out.last().unwrap()["view"]["kak"];
    assert_eq!(kak["round"], 2);
    assert_eq!(kak["players"][2]["quests"], serde_json::json!(["kak/quest/wild-boar"]));
    let places: Vec<&str> =
        kak["players"].as_array().unwrap().iter().map(|p| p["location"].as_str().unwrap()).collect();
    assert_eq!(places, ["kak/location/hidden-valley", "kak/location/other-4", "kak/location/camelot"]);
    // Four virtue cards trained out of the piles: each hand holds one more.
    let hands: Vec<u64> =
        kak["players"].as_array().unwrap().iter().map(|p| p["virtue_cards"].as_u64().unwrap()).collect();
    assert_eq!(hands.iter().sum::<u64>(), 6 + 4, "{hands:?}");
}

#[test]
fn the_camelot_legends_example_plays_an_introductory_game_to_its_count() {
    let out = replay("legends-2-players.jsonl", 7);
    let lines = said_without_refusals(&out);
    assert!(lines.contains(&"Anna completes The Black Knight: 3 victory points."), "{lines:?}");
    assert!(lines.contains(&"Bruno wins with 6 victory points."), "{lines:?}");
    let legends = &out.last().unwrap()["view"]["legends"];
    assert_eq!(legends["phase"]["phase"], "over");
    assert_eq!(legends["winners"], serde_json::json!([1]));
}

#[test]
fn the_camelot_legends_normal_example_bids_and_ends_with_the_final_event() {
    let out = replay("legends-normal-2-players.jsonl", 7);
    let lines = said_without_refusals(&out);
    assert!(lines.iter().any(|l| l.starts_with("Anna wins the bidding with a total of 8")), "{lines:?}");
    assert!(lines.contains(&"The final event is completed: the game is over."), "{lines:?}");
    let legends = &out.last().unwrap()["view"]["legends"];
    assert_eq!(legends["phase"]["reason"], "final_completed");
    assert_eq!(legends["winners"], serde_json::json!([1]));
}
