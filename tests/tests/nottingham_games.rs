//! Nottingham through the headless driver, as a table plays it: the
//! documented example, the ambush window on the pad and its time running
//! out, a card whose facts the game learns when it first needs them, and a
//! game to its final count.

use serde_json::{json, Value};
use tavola::headless::{run, Options};

fn drive(seed: u64, lines: &[Value]) -> Vec<Value> {
    let script: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let mut out = Vec::new();
    run(&Options { seed, ..Options::default() }, script.as_bytes(), &mut out).expect("the driver runs");
    String::from_utf8(out).unwrap().lines().map(|l| serde_json::from_str(l).expect("JSON")).collect()
}

fn n(cmd: Value) -> Value {
    let mut c = json!({"touch": "nottingham"});
    c.as_object_mut().unwrap().extend(cmd.as_object().unwrap().clone());
    c
}

fn last_view(out: &[Value]) -> Value {
    out.iter().rev().find(|o| o["out"] == "view").expect("a view")["view"]["nottingham"].clone()
}

fn hands(view: &Value) -> Vec<u64> {
    view["players"].as_array().unwrap().iter().map(|p| p["hand"].as_u64().unwrap()).collect()
}

fn errors(out: &[Value]) -> Vec<String> {
    out.iter().filter(|o| o["out"] == "error").map(|o| o["code"].as_str().unwrap().to_string()).collect()
}

/// Test facts: not a real board.
fn setup(colours: &[&str], path: &[u8]) -> Value {
    let names = &["Anna", "Bruno", "Carla", "Dario"][..colours.len()];
    n(json!({"cmd": "setup", "colours": colours, "names": names, "first": 0, "facts": {"path": path}}))
}

#[test]
fn the_documented_example_counts_every_hand() {
    let path = format!("{}/../docs/examples/nottingham-4-players.jsonl", env!("CARGO_MANIFEST_DIR"));
    let script = std::fs::read_to_string(path).expect("the example");
    let mut out = Vec::new();
    run(&Options { seed: 7, ..Options::default() }, script.as_bytes(), &mut out).expect("runs");
    let out: Vec<Value> = String::from_utf8(out).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert!(errors(&out).is_empty(), "{:?}", errors(&out));
    let v = last_view(&out);
    // Anna 3 + a chest (ambush) + a favour; Bruno 3 + chest - 3 + gold + 2 back + favour;
    // Carla 3 + the necklace + favour; Dario 3 + jewels - 3 (kept one) + favour.
    assert_eq!(hands(&v), [5, 5, 5, 2]);
    assert_eq!(v["sheriff"], 1);
    assert_eq!(v["players"][3]["winnings"], 1);
    let lines: Vec<&str> = out.iter().filter(|o| o["out"] == "line").map(|o| o["text"].as_str().unwrap()).collect();
    assert!(lines.contains(&"2 cards are left: Bruno's exchange fails and they go back to the hand."), "{lines:?}");
    assert!(lines.contains(&"The ambush card of Purple goes back in the box."));
}

#[test]
fn an_ambush_window_nobody_answers_closes_when_its_time_runs_out() {
    let out = drive(
        3,
        &[
            json!({"touch": "choose_game", "game": "nottingham"}),
            json!({"touch": "set_timers", "discussion_s": 0, "vote_s": 30, "mission_s": 30, "ambush_s": 5, "warning_s": 2}),
            setup(&["red", "yellow", "green"], &[4, 3, 5, 2, 6]),
            n(json!({"cmd": "draw", "item": "gold"})),
            n(json!({"cmd": "act"})),
            n(json!({"cmd": "end_turn"})),
            n(json!({"cmd": "draw", "item": "pearls"})),
            n(json!({"cmd": "keep"})),
            n(json!({"cmd": "trade", "item": "pearls", "count": 3})),
            json!({"view": true}),
            json!({"wait_ms": 6000}),
            json!({"view": true}),
        ],
    );
    assert!(errors(&out).is_empty(), "{:?}", errors(&out));
    let during = out.iter().find(|o| o["out"] == "view").unwrap();
    assert_eq!(during["view"]["timer"]["kind"], "ambush", "{during}");
    assert_eq!(during["view"]["lights"][0], "waiting", "Anna's pad light asks her");
    let v = last_view(&out);
    assert_eq!(v["players"][1]["winnings"], 1, "the exchange went through");
    assert_eq!(v["sheriff"], 1);
}

#[test]
fn a_two_item_ambush_card_asks_its_items_once_and_a_wrong_card_changes_nothing() {
    let start = vec![
        json!({"touch": "choose_game", "game": "nottingham"}),
        setup(&["red", "yellow", "green"], &[4, 3, 5, 2, 6]),
        n(json!({"cmd": "draw", "item": "gold"})),
        n(json!({"cmd": "act"})),
        n(json!({"cmd": "end_turn"})),
        n(json!({"cmd": "draw", "item": "pearls"})),
        n(json!({"cmd": "keep"})),
        n(json!({"cmd": "correct_hand", "seat": 1, "cards": 6})),
        n(json!({"cmd": "trade", "item": "pearls", "count": 4})),
        json!({"press": {"seat": 0, "button": "approve"}}),
        json!({"view": true}),
        // Carla's colour: not Bruno's exchange.
        json!({"tag": "placed", "uid": "04A10000000031", "card": "nottingham/ambush/green"}),
        json!({"tag": "removed"}),
        json!({"view": true}),
        // A two-item card Tavola has not learned yet.
        json!({"tag": "placed", "uid": "04A10000000032", "card": "nottingham/ambush/items-3"}),
        json!({"tag": "removed"}),
    ];
    let out = drive(5, &start);
    assert_eq!(errors(&out), ["nottingham.wrong_colour", "common.facts_needed"]);
    let views: Vec<&Value> = out.iter().filter(|o| o["out"] == "view").collect();
    assert_eq!(views[0]["view"]["nottingham"], views[1]["view"]["nottingham"], "the refused card changed nothing");
    let asked = out.iter().find(|o| o["code"] == "common.facts_needed").unwrap();
    let said = asked["message"].as_str().unwrap();
    assert!(said.starts_with("Ambush: two items: ") && said.contains("Enter them"), "the card by its name: {said}");
    // The table asks for that card alone: its two items, each a choice without Gold.
    let form = out.iter().find(|o| o["out"] == "facts_needed").expect("a form")["cards"][0].clone();
    assert_eq!(form["card"], "nottingham/ambush/items-3");
    let keys: Vec<&str> = form["fields"].as_array().unwrap().iter().map(|f| f["key"].as_str().unwrap()).collect();
    assert_eq!(keys, ["first", "second"]);
    assert_eq!(form["fields"][0]["type"], "choice");
    let options = form["fields"][0]["options"].as_array().unwrap();
    assert_eq!(options.len(), 6);
    assert!(!options.iter().any(|o| o[0] == "gold"), "no ambush card shows Gold");
    // The items are given (test values): the card laid before is taken at
    // once, with no second laying; it catches pearls.
    let mut more = start.clone();
    more.push(json!({"touch": "set_facts", "card": "nottingham/ambush/items-3", "facts": {"first": "pearls", "second": "pearls"}}));
    more.push(json!({"wait_ms": 3000}));
    more.push(json!({"touch": "set_facts", "card": "nottingham/ambush/items-3", "facts": {"first": "pearls", "second": "chest"}}));
    more.push(json!({"view": true}));
    let out = drive(5, &more);
    assert_eq!(
        errors(&out),
        ["nottingham.wrong_colour", "common.facts_needed", "facts.rule"],
        "the same item twice is refused"
    );
    let v = last_view(&out);
    assert_eq!(v["players"][1]["winnings"], 1, "three pearls left: the exchange stands");
    assert_eq!(hands(&v)[0], 5, "Anna took a pearl, then a favour (four cards on a 4)");
}

/// The Sheriff's path as the owner gives it on the form (test values).
fn set_path(spaces: &[i64]) -> Value {
    json!({"touch": "set_facts", "card": "nottingham/board/sheriff-path", "facts": {"spaces": spaces}})
}

#[test]
fn a_game_without_its_path_asks_for_it_refuses_a_value_off_the_board_and_starts_once_given() {
    let setup = n(json!({"cmd": "setup", "colours": ["red", "yellow", "green"], "names": ["Anna", "Bruno", "Carla"]}));
    let out = drive(
        2,
        &[
            json!({"touch": "choose_game", "game": "nottingham"}),
            setup,
            set_path(&[4, 9, 5]),
            json!({"view": true}),
            set_path(&[4, 3, 5, 2, 6]),
            json!({"view": true}),
        ],
    );
    assert_eq!(errors(&out), ["common.facts_needed", "facts.out_of_range"]);
    let form = out.iter().find(|o| o["out"] == "facts_needed").expect("the form")["cards"][0].clone();
    assert_eq!(form["card"], "nottingham/board/sheriff-path");
    assert_eq!(form["fields"][0]["type"], "ints");
    assert_eq!((form["fields"][0]["min"].as_i64(), form["fields"][0]["max"].as_i64()), (Some(2), Some(8)));
    let refused =
        out.iter().find(|o| o["code"] == "facts.out_of_range").unwrap()["message"].as_str().unwrap().to_string();
    assert!(refused.contains('9') && refused.contains("from 2 to 8"), "{refused}");
    let views: Vec<&Value> = out.iter().filter(|o| o["out"] == "view").collect();
    assert!(views[0]["view"]["nottingham"]["players"].as_array().is_none_or(|p| p.is_empty()), "not started yet");
    let v = last_view(&out);
    assert_eq!(v["path"], json!([4, 3, 5, 2, 6]), "the game started with the path given");
    assert_eq!(hands(&v), [3, 3, 3]);
}

#[test]
fn a_fact_corrected_during_a_game_is_for_the_next_game() {
    let out = drive(
        2,
        &[
            json!({"touch": "choose_game", "game": "nottingham"}),
            set_path(&[4, 3, 5]),
            n(json!({"cmd": "setup", "colours": ["red", "yellow", "green"]})),
            set_path(&[6, 6, 6, 6]),
            json!({"view": true}),
            json!({"touch": "leave", "confirm": true}),
            json!({"touch": "choose_game", "game": "nottingham"}),
            n(json!({"cmd": "setup", "colours": ["red", "yellow", "green"]})),
            json!({"view": true}),
        ],
    );
    assert!(errors(&out).is_empty(), "{:?}", errors(&out));
    let views: Vec<&Value> = out.iter().filter(|o| o["out"] == "view").collect();
    assert_eq!(views[0]["view"]["nottingham"]["path"], json!([4, 3, 5]), "the game in progress keeps its path");
    assert_eq!(views[1]["view"]["nottingham"]["path"], json!([6, 6, 6, 6]), "the next game has the correction");
}

#[test]
fn a_deck_file_with_one_bad_value_imports_nothing_and_a_good_one_only_once_confirmed() {
    let good = json!({
        "format": "tavola-card-facts", "version": 1, "game": "nottingham",
        "cards": {
            "nottingham/board/sheriff-path": {"spaces": [4, 3, 5]},
            "nottingham/commission/five-alike-first": {"alone": 22, "shared": 14}
        }
    });
    let text = serde_json::to_string_pretty(&good).unwrap();
    let bad = text.replace("22", "40");
    let out = drive(
        1,
        &[
            json!({"touch": "import_deck", "deck": bad}),
            json!({"touch": "confirm_import"}),
            json!({"touch": "choose_game", "game": "nottingham"}),
            n(json!({"cmd": "setup", "colours": ["red", "yellow", "green"]})),
            json!({"touch": "import_deck", "deck": text}),
            json!({"view": true}),
            json!({"touch": "confirm_import"}),
            json!({"view": true}),
        ],
    );
    let codes: Vec<&str> = out
        .iter()
        .filter(|o| o["out"] == "error" || o["out"] == "notice")
        .map(|o| o["code"].as_str().unwrap())
        .collect();
    assert_eq!(
        codes,
        ["facts.out_of_range", "table.no_deck", "common.facts_needed", "table.deck_read", "table.deck_imported"],
        "{out:?}"
    );
    let bad_said =
        out.iter().find(|o| o["code"] == "facts.out_of_range").unwrap()["message"].as_str().unwrap().to_string();
    let line = 1 + bad.lines().position(|l| l.contains("\"alone\": 40")).unwrap();
    assert!(bad_said.starts_with(&format!("Line {line}:")) && bad_said.contains("40"), "{bad_said}");
    let preview = out.iter().find(|o| o["out"] == "deck_preview").expect("a preview");
    assert_eq!(preview["changes"].as_array().unwrap().len(), 2);
    let views: Vec<&Value> = out.iter().filter(|o| o["out"] == "view").collect();
    assert!(
        views[0]["view"]["nottingham"]["path"].as_array().is_none_or(|p| p.is_empty()),
        "a preview changes nothing"
    );
    assert_eq!(views[1]["view"]["nottingham"]["path"], json!([4, 3, 5]), "imported, the waiting setup goes on");
}

#[test]
fn a_game_waiting_on_a_facts_form_when_the_power_went_comes_back_waiting() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("tavola.db");
    let drive_db = |resume: bool, lines: &[Value]| -> Vec<Value> {
        let script: String = lines.iter().map(|l| format!("{l}\n")).collect();
        let mut out = Vec::new();
        let opts = Options { seed: 5, db: Some(db.clone()), resume, ..Options::default() };
        run(&opts, script.as_bytes(), &mut out).expect("the driver runs");
        String::from_utf8(out).unwrap().lines().map(|l| serde_json::from_str(l).expect("JSON")).collect()
    };
    let before = drive_db(
        false,
        &[
            json!({"touch": "choose_game", "game": "nottingham"}),
            setup(&["red", "yellow", "green"], &[4, 3, 5, 2, 6]),
            n(json!({"cmd": "draw", "item": "gold"})),
            n(json!({"cmd": "act"})),
            n(json!({"cmd": "end_turn"})),
            n(json!({"cmd": "draw", "item": "pearls"})),
            n(json!({"cmd": "keep"})),
            n(json!({"cmd": "correct_hand", "seat": 1, "cards": 6})),
            n(json!({"cmd": "trade", "item": "pearls", "count": 4})),
            json!({"press": {"seat": 0, "button": "approve"}}),
            // A two-item card Tavola has not learned yet: the table waits.
            json!({"tag": "placed", "uid": "04A10000000032", "card": "nottingham/ambush/items-3"}),
            json!({"tag": "removed"}),
            json!({"view": true}),
        ],
    );
    assert_eq!(errors(&before), ["common.facts_needed"]);
    let waiting = before.iter().rev().find(|o| o["out"] == "view").unwrap();
    assert_eq!(waiting["view"]["facts_block_game"], true);
    // The power goes; the game is taken up, still waiting for that card.
    let after = drive_db(
        true,
        &[
            json!({"view": true}),
            json!({"touch": "set_facts", "card": "nottingham/ambush/items-3", "facts": {"first": "pearls", "second": "chest"}}),
            json!({"view": true}),
        ],
    );
    let taken_up = after.iter().find(|o| o["out"] == "view").unwrap();
    assert_eq!(taken_up["view"]["facts_block_game"], true, "{taken_up}");
    assert_eq!(taken_up["view"]["facts_form"]["card"], "nottingham/ambush/items-3");
    assert!(taken_up["view"]["message"].as_str().unwrap_or_default().starts_with("Ambush: two items"), "{taken_up}");
    // The items are given: the card laid before the cut is taken, with no
    // second laying (test values).
    let v = last_view(&after);
    assert_eq!(v["players"][1]["winnings"], 1, "three pearls left: the exchange stands");
    assert_eq!(hands(&v)[0], 5, "Anna took a pearl, then a favour");
}

#[test]
fn a_game_runs_to_the_sheriffs_return_and_the_count_asks_the_commissions_points() {
    let mut lines =
        vec![json!({"touch": "choose_game", "game": "nottingham"}), setup(&["red", "yellow", "green"], &[4, 3])];
    // Anna completes five alike, then exchanges bring the Sheriff home.
    lines.extend([
        n(json!({"cmd": "draw", "item": "chest"})),
        n(json!({"cmd": "keep"})),
        n(json!({"cmd": "correct_hand", "seat": 0, "cards": 6})),
        n(json!({"cmd": "complete", "commission": "five_alike"})),
        n(json!({"cmd": "end_turn"})),
        n(json!({"cmd": "draw", "item": "chest"})),
        n(json!({"cmd": "keep"})),
        n(json!({"cmd": "trade", "item": "chest", "count": 3})),
        n(json!({"cmd": "end_turn"})),
        n(json!({"cmd": "draw", "item": "gold"})),
        n(json!({"cmd": "keep"})),
        n(json!({"cmd": "correct_hand", "seat": 2, "cards": 4})),
        n(json!({"cmd": "trade", "item": "gold", "count": 3})),
        json!({"view": true}),
        n(json!({"cmd": "learn", "facts": {"commissions": {"five_alike": {"alone": 25, "shared": 15}}}})),
        json!({"view": true}),
    ]);
    let out = drive(9, &lines);
    assert!(errors(&out).is_empty(), "{:?}", errors(&out));
    let views: Vec<&Value> = out.iter().filter(|o| o["out"] == "view").collect();
    let before = &views[0]["view"]["nottingham"];
    assert_eq!(before["ended"], "sheriff_home");
    assert_eq!(before["points_missing"], json!(["five_alike"]), "the count waits for the points");
    assert!(before["scores"].is_null());
    let after = &views[1]["view"]["nottingham"];
    let totals: Vec<u64> = after["scores"].as_array().unwrap().iter().map(|s| s["total"].as_u64().unwrap()).collect();
    // Anna: five alike alone 25; Bruno: a chest 13; Carla: a gold 9.
    assert_eq!(totals, [25, 13, 9]);
    assert_eq!(after["winners"], json!([0]));
}

#[test]
fn points_entered_on_the_facts_form_after_the_end_finish_the_count_and_the_history() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("tavola.db");
    let mut lines =
        vec![json!({"touch": "choose_game", "game": "nottingham"}), setup(&["red", "yellow", "green"], &[4, 3])];
    lines.extend([
        n(json!({"cmd": "draw", "item": "chest"})),
        n(json!({"cmd": "keep"})),
        n(json!({"cmd": "correct_hand", "seat": 0, "cards": 6})),
        n(json!({"cmd": "complete", "commission": "five_alike"})),
        n(json!({"cmd": "end_turn"})),
        n(json!({"cmd": "draw", "item": "chest"})),
        n(json!({"cmd": "keep"})),
        n(json!({"cmd": "trade", "item": "chest", "count": 3})),
        n(json!({"cmd": "end_turn"})),
        n(json!({"cmd": "draw", "item": "gold"})),
        n(json!({"cmd": "keep"})),
        n(json!({"cmd": "correct_hand", "seat": 2, "cards": 4})),
        n(json!({"cmd": "trade", "item": "gold", "count": 3})),
        json!({"view": true}),
        // The documented path: the card's form (test values).
        json!({"touch": "set_facts", "card": "nottingham/commission/five-alike-first",
               "facts": {"alone": 25, "shared": 15}}),
        json!({"view": true}),
    ]);
    let script: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let mut out = Vec::new();
    let opts = Options { seed: 9, db: Some(db.clone()), ..Options::default() };
    run(&opts, script.as_bytes(), &mut out).expect("the driver runs");
    let out: Vec<Value> = String::from_utf8(out).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert!(errors(&out).is_empty(), "{:?}", errors(&out));
    let views: Vec<&Value> = out.iter().filter(|o| o["out"] == "view").collect();
    assert_eq!(views[0]["view"]["nottingham"]["points_missing"], json!(["five_alike"]));
    let after = &views[1]["view"]["nottingham"];
    let totals: Vec<u64> = after["scores"].as_array().unwrap().iter().map(|s| s["total"].as_u64().unwrap()).collect();
    assert_eq!(totals, [25, 13, 9], "the count is made");
    assert_eq!(after["winners"], json!([0]));
    let notices: Vec<&str> =
        out.iter().filter(|o| o["out"] == "notice").map(|o| o["message"].as_str().unwrap()).collect();
    assert!(
        notices.iter().any(|m| m.contains("the game in progress takes these values now")),
        "the owner is told the game took them: {notices:?}"
    );
    assert!(!notices.iter().any(|m| m.contains("keeps the old values")), "{notices:?}");
    // The history has the one game, finished, won by Red.
    let journal = tavola_core::journal::Journal::open(&db).expect("the journal").journal;
    let history = journal.history().expect("history");
    assert_eq!(history.len(), 1, "one game, not a second one begun by the points");
    assert_eq!(history[0].info.result.as_ref().and_then(|r| r.winner.as_deref()), Some("red"));
    assert!(journal.unfinished().expect("unfinished").is_none());
}

#[test]
fn in_card_facts_entry_a_card_laid_on_the_reader_opens_its_form_and_a_card_without_facts_is_refused() {
    let out = drive(
        1,
        &[
            json!({"touch": "facts_entry", "game": "nottingham"}),
            json!({"tag": "placed", "uid": "04A10000000041", "card": "nottingham/ambush/items-5"}),
            json!({"tag": "removed"}),
            json!({"view": true}),
            json!({"touch": "set_facts", "card": "nottingham/ambush/items-5", "facts": {"first": "jewels", "second": "chest"}}),
            json!({"view": true}),
            json!({"wait_ms": 1000}),
            json!({"tag": "placed", "uid": "04A10000000042", "card": "nottingham/item/gold-3"}),
            json!({"tag": "removed"}),
            json!({"view": true}),
        ],
    );
    let views: Vec<&Value> = out.iter().filter(|o| o["out"] == "view").collect();
    assert_eq!(views[0]["view"]["facts_form"]["card"], "nottingham/ambush/items-5", "the card laid opens its form");
    assert!(views[1]["view"]["facts_form"].is_null(), "saved, the form closes");
    assert!(views[2]["view"]["facts_form"].is_null());
    assert_eq!(errors(&out), ["facts.no_facts"], "an item card carries no facts to enter");
    assert!(views.iter().all(|v| v["view"]["game"].is_null()), "no game was touched");
}

#[test]
fn each_traded_card_is_laid_on_the_reader_and_one_read_twice_is_refused() {
    let tag = |uid: &str, card: &str| json!({"tag": "placed", "uid": uid, "card": card});
    let off = || json!({"tag": "removed"});
    let out = drive(
        4,
        &[
            json!({"touch": "choose_game", "game": "nottingham"}),
            setup(&["red", "yellow", "green"], &[4, 3, 5, 2, 6]),
            tag("04B10000000001", "nottingham/item/chest-1"),
            off(),
            n(json!({"cmd": "keep"})),
            json!({"wait_ms": 1500}),
            tag("04B10000000002", "nottingham/item/chest-2"),
            off(),
            json!({"wait_ms": 1500}),
            // The same card again: refused, the exchange unchanged.
            tag("04B10000000002", "nottingham/item/chest-2"),
            off(),
            json!({"wait_ms": 1500}),
            tag("04B10000000003", "nottingham/item/chest-3"),
            off(),
            json!({"wait_ms": 1500}),
            tag("04B10000000004", "nottingham/item/chest-4"),
            off(),
            json!({"view": true}),
            n(json!({"cmd": "trade", "item": "chest", "count": 4})),
            n(json!({"cmd": "trade", "item": "chest", "count": 3})),
            json!({"view": true}),
        ],
    );
    assert_eq!(errors(&out), ["nottingham.card_laid_twice", "nottingham.not_the_cards_laid"]);
    let views: Vec<&Value> = out.iter().filter(|o| o["out"] == "view").collect();
    assert_eq!(views[0]["view"]["nottingham"]["laid"], json!(["chest", "chest", "chest"]));
    let v = last_view(&out);
    assert_eq!(v["players"][0]["winnings"], 1, "the three chests laid were exchanged");
    assert!(v["laid"].is_null(), "nothing left laid");
}
