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
    assert!(lines.contains(&"Anna completes The Black Knight: 3 Victory Points."), "{lines:?}");
    assert!(lines.contains(&"Bruno wins with 6 Victory Points."), "{lines:?}");
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

/// A first-game example (`docs/examples/first-game-<game>.jsonl`), replayed
/// in `lang`.
fn first_game(game: &str, lang: tavola_games::Lang) -> Vec<Value> {
    let path = format!("{}/../docs/examples/first-game-{game}.jsonl", env!("CARGO_MANIFEST_DIR"));
    let script = std::fs::read_to_string(path).expect("the example script");
    let mut out = Vec::new();
    run(&Options { seed: 7, lang, ..Options::default() }, script.as_bytes(), &mut out).expect("the driver runs");
    String::from_utf8(out).unwrap().lines().map(|l| serde_json::from_str(l).expect("JSON")).collect()
}

const FIRST_GAMES: [&str; 5] = ["avalon", "soc", "nottingham", "kak", "legends"];

#[test]
fn a_first_game_explains_the_goal_then_each_step_once_and_what_now_names_the_moves() {
    use tavola_games::Lang;
    for game in FIRST_GAMES {
        for lang in Lang::ALL {
            let out = first_game(game, lang);
            let refused: Vec<&Value> = out.iter().filter(|o| o["out"] == "error").collect();
            assert!(refused.is_empty(), "{game}: no input of the example is refused: {refused:?}");
            let taught: Vec<&str> =
                out.iter().filter(|o| o["out"] == "teach").map(|o| o["id"].as_str().unwrap()).collect();
            assert_eq!(
                taught[..2],
                [format!("teach.{game}.goal"), format!("teach.{game}.setup")],
                "{game}: the goal first"
            );
            let mut once = taught.clone();
            once.sort_unstable();
            once.dedup();
            assert_eq!(once.len(), taught.len(), "{game}: an explanation said twice: {taught:?}");
            assert!(taught.len() >= 4, "{game}: a whole game goes through several steps: {taught:?}");
            // The cards it brings into play are explained as they come, each
            // by one of its engine's card lessons.
            let lessons = tavola_games::teach::card_lesson_ids();
            let cards: Vec<&&str> = taught.iter().filter(|id| lessons.iter().any(|l| l == *id)).collect();
            assert!(cards.len() >= 3, "{game} in {}: the first game explains its cards: {taught:?}", lang.code());
            for o in out.iter().filter(|o| o["out"] == "teach") {
                let text = o["message"].as_str().unwrap();
                assert!(!text.is_empty() && !text.starts_with("teach.") && !text.contains('{'), "{game}: {o}");
            }
            // Every "What now?" names a step already explained, says what
            // the table waits for, and lists the moves (none once over).
            let mut heard = Vec::new();
            let mut asked = 0;
            for o in &out {
                match o["out"].as_str() {
                    Some("teach") => heard.push(o["id"].as_str().unwrap().to_string()),
                    Some("what_now") => {
                        asked += 1;
                        let step = o["step"].as_str().unwrap();
                        assert!(
                            heard.contains(&format!("teach.{step}")),
                            "{game}: {step} asked before it was explained"
                        );
                        assert!(!o["waiting"].as_str().unwrap().is_empty());
                        let moves = o["moves"].as_array().unwrap();
                        assert!(!moves.is_empty() || step.ends_with(".over"), "{game}: no moves at {step}");
                    }
                    _ => {}
                }
            }
            assert!(asked >= 3, "{game}: the example asks what now");
        }
    }
}

#[test]
fn what_now_speaks_the_tables_language_and_follows_the_game() {
    let en = first_game("avalon", tavola_games::Lang::En);
    let it = first_game("avalon", tavola_games::Lang::It);
    let first = |out: &[Value]| out.iter().find(|o| o["out"] == "what_now").cloned().unwrap();
    let (en, it) = (first(&en), first(&it));
    assert_eq!(en["step"], "avalon.setup");
    assert_eq!(en["moves"][0], "Fill in the setup page and start the game.");
    assert_eq!(it["moves"][0], "Compila la pagina di preparazione e avvia la partita.");
}

#[test]
fn the_guide_shows_real_first_game_lines() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/headless.md")).unwrap();
    for game in FIRST_GAMES {
        assert!(doc.contains(&format!("examples/first-game-{game}.jsonl")), "the guide points at the {game} example");
        let out = first_game(game, tavola_games::Lang::En);
        let shown = out
            .iter()
            .filter(|o| matches!(o["out"].as_str(), Some("teach" | "what_now")))
            .filter(|o| doc.contains(&o.to_string()))
            .count();
        assert!(shown >= 2, "docs/headless.md shows real teach and what_now lines of the {game} example");
    }
}

#[test]
fn the_first_game_switch_refuses_what_it_cannot_read_and_what_now_needs_a_game() {
    let mut h = tavola::headless::Headless::new(&Options::default());
    let out: Vec<Value> = h.line(r#"{"what_now": true}"#).iter().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(out[0]["code"], "table.no_game");
    let out: Vec<Value> = h.line(r#"{"first_game": "yes"}"#).iter().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(out[0]["out"], "error");
    assert!(out[0]["message"].as_str().unwrap().contains("first_game"), "{out:?}");
    // Off: choosing a game teaches nothing.
    let out = h.line(r#"{"touch":"choose_game","game":"soc"}"#);
    assert!(out.iter().all(|l| !l.contains(r#""out":"teach""#)), "{out:?}");
    // On during the setup: the goal and the setup, once.
    let out = h.line(r#"{"first_game": true}"#);
    let taught: Vec<Value> =
        out.iter().map(|l| serde_json::from_str::<Value>(l).unwrap()).filter(|o| o["out"] == "teach").collect();
    assert_eq!(taught.len(), 2, "{out:?}");
    assert_eq!(taught[0]["id"], "teach.soc.goal");
    assert!(h.line(r#"{"what_now": true}"#).iter().all(|l| !l.contains(r#""out":"teach""#)), "said once");
}

#[test]
fn a_game_taken_up_after_a_restart_does_not_explain_again_what_it_explained() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tavola.db");
    let opts = Options { seed: 7, db: Some(db.clone()), first_game: true, ..Options::default() };
    let script =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/examples/first-game-avalon.jsonl"))
            .unwrap();
    let lines: Vec<&str> = script.lines().collect();
    // The first half of the game, then the power goes.
    let mut before = Vec::new();
    {
        let mut h = tavola::headless::Headless::open(&opts).unwrap();
        for l in &lines[..lines.len() / 2] {
            before.extend(h.line(l));
        }
    }
    let heard: Vec<String> = before
        .iter()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|o| o["out"] == "teach")
        .map(|o| o["id"].as_str().unwrap().to_string())
        .collect();
    assert!(heard.contains(&"teach.avalon.team_vote".to_string()), "{heard:?}");
    let mut h = tavola::headless::Headless::open(&Options { resume: true, ..opts }).unwrap();
    let mut after = h.opening();
    for l in &lines[lines.len() / 2..] {
        after.extend(h.line(l));
    }
    for o in after.iter().map(|l| serde_json::from_str::<Value>(l).unwrap()).filter(|o| o["out"] == "teach") {
        let id = o["id"].as_str().unwrap();
        assert!(!heard.iter().any(|h| h == id), "{id} explained again after the restart");
    }
}
