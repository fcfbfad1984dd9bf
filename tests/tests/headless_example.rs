//! The worked example in docs/headless.md, replayed: the documentation stays
//! true to what the driver does.

use serde_json::Value;
use tavola::headless::{run, Options};

fn play(seed: u64) -> Vec<Value> {
    let script =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/examples/avalon-5-players.jsonl"))
            .expect("the example script");
    let mut out = Vec::new();
    run(&Options { seed, ..Options::default() }, script.as_bytes(), &mut out).expect("the driver runs");
    String::from_utf8(out).unwrap().lines().map(|l| serde_json::from_str(l).expect("JSON")).collect()
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
