//! Whole games of Shadows over Camelot through the headless driver: touches
//! on the screen, black and loyalty cards laid on the reader, the dice
//! button.

use serde_json::{json, Value};
use std::sync::atomic::{AtomicUsize, Ordering};
use tavola_tests::{codes, events, lines, Driver};

/// A table with Shadows over Camelot chosen.
fn table(seed: u64) -> Driver {
    let mut d = Driver::new(seed);
    d.send(json!({"touch": "choose_game", "game": "shadows-over-camelot"}));
    d
}

fn soc(d: &mut Driver, cmd: &str, fields: Value) -> Vec<Value> {
    let mut v = json!({"touch": "soc", "cmd": cmd});
    if let (Value::Object(m), Value::Object(f)) = (&mut v, fields) {
        m.extend(f);
    }
    d.send(v)
}

/// A command that must be accepted.
fn ok(d: &mut Driver, cmd: &str, fields: Value) -> Vec<Value> {
    let out = soc(d, cmd, fields.clone());
    let errs: Vec<&Value> = out.iter().filter(|o| o["out"] == "error").collect();
    assert!(errs.is_empty(), "{cmd} {fields} refused: {errs:?}");
    out
}

/// A card laid on the reader and lifted again (each card its own tag).
fn tap(d: &mut Driver, card: &str) -> Vec<Value> {
    static N: AtomicUsize = AtomicUsize::new(1);
    let uid = format!("04C0{:010X}", N.fetch_add(1, Ordering::Relaxed));
    let out = d.send(json!({"tag": "placed", "uid": uid, "card": card}));
    d.send(json!({"tag": "removed", "uid": uid}));
    out
}

fn view(d: &mut Driver) -> Value {
    d.view()["soc"].clone()
}

fn start(d: &mut Driver, knights: &[&str], loyalty: &str, rules: Option<Value>) {
    let mut setup = json!({"knights": knights, "loyalty": loyalty, "youngest": 0});
    if let Some(r) = rules {
        setup["rules"] = r;
    }
    ok(d, "setup", setup);
}

/// The built-in rules, changed by `f` (an owner's corrections).
fn rules_with(f: impl FnOnce(&mut Value)) -> Value {
    let mut r: Value = serde_json::from_str(tavola_games::soc::rules::RULES_JSON).unwrap();
    f(&mut r);
    r
}

/// Ends the current knight's turn after one harmless heroic action: white
/// cards drawn at the Round Table, travel when the hand is full, a special
/// white card on a quest.
fn pass(d: &mut Driver) {
    let v = view(d);
    let seat = v["turn"].as_u64().unwrap() as usize;
    let k = &v["knights"][seat];
    if k["place"] == "picts" {
        ok(d, "move", json!({"to": "camelot"}));
    } else if k["place"] != "camelot" {
        // On a quest the knight stays: a special white card is the action.
        ok(d, "play_special", json!({"card": "soc/white/heroism"}));
    } else if k["hand"].as_u64().unwrap() < 12 {
        ok(d, "draw_white", json!({}));
    } else {
        ok(d, "move", json!({"to": "picts"}));
    }
    ok(d, "end_turn", json!({}));
}

/// The built-in rules with room for 60 siege engines: a test that is not
/// about the siege spends its evil steps on engines without losing.
fn roomy() -> Value {
    rules_with(|r| r["siege"]["loss_at"] = json!(60))
}

/// One whole turn: the evil step is a siege engine.
fn siege_turn(d: &mut Driver) {
    ok(d, "add_siege_engine", json!({}));
    pass(d);
}

/// One whole turn: the evil step is `card` from the reader.
fn black_turn(d: &mut Driver, card: &str) -> Vec<Value> {
    let mut out = tap(d, card);
    assert!(codes(&out).is_empty(), "{card} refused: {out:?}");
    if view(d)["pending"]["pending"] == "black_choice" {
        out.extend(ok(d, "place_black", json!({"face_down": false})));
    }
    pass_if_on(d);
    out
}

fn pass_if_on(d: &mut Driver) {
    let v = view(d);
    if v["ended"].is_null() && v["pending"].is_null() {
        pass(d);
    }
}

fn ended(d: &mut Driver) -> (String, String) {
    let v = view(d);
    let e = &v["ended"];
    assert!(!e.is_null(), "the game should be over: {v}");
    (e[0].as_str().unwrap().into(), e[1].as_str().unwrap().into())
}

fn turn(d: &mut Driver) -> usize {
    view(d)["turn"].as_u64().unwrap() as usize
}

fn said(out: &[Value], id: &str) -> bool {
    lines(out).iter().any(|l| l == id)
}

#[test]
fn arthur_starts_and_a_table_without_him_needs_the_youngest() {
    let mut d = table(1);
    start(&mut d, &["kay", "gawain", "arthur"], "no_traitor", None);
    let v = view(&mut d);
    assert_eq!(v["turn"], 2, "King Arthur sits at seat 3 and starts");
    assert!(v["knights"].as_array().unwrap().iter().all(|k| k["life"] == 4 && k["place"] == "camelot"));

    let mut d = table(1);
    let out = soc(&mut d, "setup", json!({"knights": ["kay", "gawain", "tristan"], "loyalty": "no_traitor"}));
    assert_eq!(codes(&out), vec!["soc.name_the_youngest"]);
    let out = soc(&mut d, "setup", json!({"knights": ["kay", "kay", "tristan"], "loyalty": "no_traitor"}));
    assert_eq!(codes(&out), vec!["soc.knight_twice"]);
    let out = soc(&mut d, "setup", json!({"knights": ["kay", "gawain"], "loyalty": "no_traitor"}));
    assert_eq!(codes(&out), vec!["soc.knight_count"]);
    ok(&mut d, "setup", json!({"knights": ["kay", "gawain", "tristan"], "loyalty": "no_traitor", "youngest": 1}));
    assert_eq!(view(&mut d)["turn"], 1);
}

#[test]
fn twelve_siege_engines_lose_at_once() {
    let mut d = table(2);
    start(&mut d, &["arthur", "kay", "gawain"], "no_traitor", None);
    for _ in 0..11 {
        siege_turn(&mut d);
    }
    assert_eq!(view(&mut d)["siege"], 11);
    let out = ok(&mut d, "add_siege_engine", json!({}));
    assert!(said(&out, "soc.end.siege") && said(&out, "soc.end.lost"), "{:?}", lines(&out));
    assert_eq!(ended(&mut d), ("siege_engines".into(), "evil".into()));
    let out = soc(&mut d, "move", json!({"to": "grail"}));
    assert_eq!(codes(&out), vec!["common.game_over"]);
}

#[test]
fn seven_black_swords_lose_at_once_and_every_lost_quest_gives_its_swords() {
    let mut d = table(3);
    start(&mut d, &["arthur", "kay", "gawain"], "no_traitor", None);
    // Excalibur drifts to the evil bank: lost, 2 black swords.
    for i in 1..=5 {
        black_turn(&mut d, &format!("soc/black/excalibur-{i}"));
    }
    let v = view(&mut d);
    assert_eq!(v["black"], 2);
    assert!(!v["open"].as_array().unwrap().contains(&json!("excalibur")));
    // A card for Excalibur now brings a siege engine instead.
    let before = view(&mut d)["siege"].as_u64().unwrap();
    let out = black_turn(&mut d, "soc/black/excalibur-6");
    assert!(said(&out, "soc.black_card.instead"));
    assert_eq!(view(&mut d)["siege"].as_u64().unwrap(), before + 1);
    // Seven Despair fill the Grail: lost, 3 black swords.
    for i in 1..=7 {
        black_turn(&mut d, &format!("soc/black/despair-{i}"));
    }
    assert_eq!(view(&mut d)["black"], 5);
    // Five Black Knight cards fill his black spaces against no white card.
    for i in 1..=4 {
        black_turn(&mut d, &format!("soc/black/black-knight-1-{i}"));
    }
    assert_eq!(view(&mut d)["black_knight"]["black"], json!([1, 1, 1, 1]));
    let out = tap(&mut d, "soc/black/black-knight-1-5");
    assert!(codes(&out).is_empty(), "{out:?}");
    // Face up or down is asked for a Black Knight card.
    ok(&mut d, "place_black", json!({"face_down": false}));
    assert_eq!(view(&mut d)["black"], 6);
    pass_if_on(&mut d);
    // Four Saxons: the war is lost, one black sword more: seven.
    for i in 1..=3 {
        black_turn(&mut d, &format!("soc/black/saxons-{i}"));
    }
    let out = tap(&mut d, "soc/black/saxons-4");
    assert!(said(&out, "soc.end.black_swords"), "{:?}", lines(&out));
    assert_eq!(ended(&mut d), ("black_swords".into(), "evil".into()));
}

#[test]
fn all_loyal_knights_dead_lose_the_game() {
    let mut d = table(4);
    start(&mut d, &["arthur", "kay", "gawain"], "no_traitor", None);
    for _ in 0..3 {
        for _ in 0..3 {
            ok(&mut d, "lose_life", json!({}));
            pass(&mut d);
        }
    }
    assert!(view(&mut d)["knights"].as_array().unwrap().iter().all(|k| k["life"] == 1));
    ok(&mut d, "lose_life", json!({}));
    let v = view(&mut d);
    assert_eq!(v["knights"][0]["alive"], false);
    assert_eq!(v["turn"], 1, "the fallen knight's turn passes at once");
    ok(&mut d, "lose_life", json!({}));
    let out = ok(&mut d, "lose_life", json!({}));
    assert!(said(&out, "soc.end.all_dead"));
    assert_eq!(ended(&mut d), ("loyal_knights_dead".into(), "evil".into()));
}

/// Rules where a Black Knight quest is worth four white swords won and two
/// black lost: a count in a few turns.
fn quick_count() -> Value {
    rules_with(|r| {
        r["siege"]["loss_at"] = json!(60);
        r["quests"]["black-knight"]["won"]["white"] = json!(4);
        r["quests"]["black-knight"]["lost"]["black"] = json!(2);
    })
}

/// The knight at seat 0 wins the Black Knight: 1, 1, 2, 2 against nothing.
fn win_black_knight(d: &mut Driver, others: usize) {
    assert_eq!(turn(d), 0);
    ok(d, "add_siege_engine", json!({}));
    ok(d, "move", json!({"to": "black-knight"}));
    ok(d, "end_turn", json!({}));
    for _ in 0..others {
        siege_turn(d);
    }
    for value in [1, 1, 2, 2] {
        if !view(d)["ended"].is_null() {
            return;
        }
        ok(d, "add_siege_engine", json!({}));
        ok(d, "correct_hand", json!({"seat": 0, "cards": 6}));
        ok(d, "play_fight", json!({"value": value}));
        if view(d)["ended"].is_null() {
            ok(d, "end_turn", json!({}));
            for _ in 0..others {
                siege_turn(d);
            }
        }
    }
}

fn lose_black_knight(d: &mut Driver) {
    for i in 1..=5 {
        let out = tap(d, &format!("soc/black/black-knight-1-{i}"));
        assert!(codes(&out).is_empty(), "{out:?}");
        ok(d, "place_black", json!({"face_down": true}));
        pass_if_on(d);
    }
}

#[test]
fn the_twelfth_sword_counts_and_the_knights_win_with_a_white_majority() {
    let mut d = table(5);
    start(&mut d, &["arthur", "percival", "palamedes"], "no_traitor", Some(quick_count()));
    win_black_knight(&mut d, 2);
    assert_eq!(view(&mut d)["white"], 4);
    // Won quest: +1 life for the knight on it; none for Palamedes (no rules
    // text gives him one).
    let v = view(&mut d);
    assert_eq!(v["knights"][0]["life"], 5);
    assert_eq!(v["knights"][2]["life"], 4);
    assert_eq!(v["knights"][0]["place"], "camelot", "back to Camelot after the quest");
    win_black_knight(&mut d, 2);
    lose_black_knight(&mut d);
    assert_eq!((view(&mut d)["white"].clone(), view(&mut d)["black"].clone()), (json!(8), json!(2)));
    let out = {
        let mut last = Vec::new();
        for i in 1..=5 {
            last = tap(&mut d, &format!("soc/black/black-knight-3-{}", 1 + i % 3));
            if !view(&mut d)["pending"].is_null() {
                last.extend(ok(&mut d, "place_black", json!({"face_down": false})));
            }
            if !view(&mut d)["ended"].is_null() {
                break;
            }
            pass_if_on(&mut d);
        }
        last
    };
    assert!(said(&out, "soc.end.count") && said(&out, "soc.end.won"), "{:?}", lines(&out));
    assert_eq!(ended(&mut d), ("swords_counted".into(), "loyal".into()));
}

#[test]
fn a_hidden_traitor_turns_two_white_swords_black_at_the_count_and_is_named() {
    let mut d = table(6);
    let rules = quick_count();
    ok(
        &mut d,
        "setup",
        json!({"knights": ["arthur", "kay", "gawain"], "loyalty": "traitor_among_us", "scan_loyalty": true, "rules": rules}),
    );
    // Each knight lays their loyalty card face down; nothing of it shows.
    for card in ["soc/loyalty/loyal-1", "soc/loyalty/loyal-2", "soc/loyalty/traitor"] {
        let out = tap(&mut d, card);
        let recorded = events(&out, "loyalty_recorded");
        assert_eq!(recorded.len(), 1, "{out:?}");
        assert!(recorded[0]["side"].is_null() && recorded[0]["card"].is_null(), "the side must stay secret: {out:?}");
    }
    assert!(!d.log.iter().any(|o| o.to_string().contains("\"evil\"")), "no output names the traitor before the end");
    win_black_knight(&mut d, 2);
    win_black_knight(&mut d, 2);
    lose_black_knight(&mut d);
    let mut out = Vec::new();
    for i in 1..=5 {
        out = tap(&mut d, &format!("soc/black/black-knight-3-{}", 1 + i % 3));
        if !view(&mut d)["pending"].is_null() {
            out.extend(ok(&mut d, "place_black", json!({"face_down": false})));
        }
        if !view(&mut d)["ended"].is_null() {
            break;
        }
        pass_if_on(&mut d);
    }
    // 8 white, 4 black; the traitor at seat 3 turns two: 6 against 6, a tie goes to evil.
    let count = events(&out, "final_count");
    assert_eq!(count[0]["traitor"], 2);
    assert_eq!(count[0]["flipped"], 2);
    assert!(said(&out, "soc.traitor.revealed") && said(&out, "soc.end.lost"), "{:?}", lines(&out));
    assert_eq!(ended(&mut d), ("swords_counted".into(), "evil".into()));
    assert_eq!(view(&mut d)["ended"][2], 2, "the traitor is revealed at the end");
}

#[test]
fn an_accused_traitor_is_exposed_and_a_false_accusation_turns_a_sword_black() {
    let mut d = table(7);
    ok(
        &mut d,
        "setup",
        json!({"knights": ["arthur", "kay", "gawain"], "loyalty": "standard", "scan_loyalty": true, "rules": quick_count()}),
    );
    for card in ["soc/loyalty/loyal-4", "soc/loyalty/traitor", "soc/loyalty/loyal-6"] {
        tap(&mut d, card);
    }
    win_black_knight(&mut d, 2);
    assert_eq!(view(&mut d)["white"], 4);
    // Arthur accuses Gawain, who is loyal: a white sword turns black.
    ok(&mut d, "add_siege_engine", json!({}));
    ok(&mut d, "accuse", json!({"accused": 2}));
    // Another knight's card is not the one dealt to Gawain.
    let out = tap(&mut d, "soc/loyalty/traitor");
    assert_eq!(codes(&out), vec!["soc.not_the_card_dealt"]);
    let out = tap(&mut d, "soc/loyalty/loyal-6");
    assert!(said(&out, "soc.traitor.wrong") && said(&out, "soc.sword.flipped"), "{:?}", lines(&out));
    let v = view(&mut d);
    assert_eq!((v["white"].clone(), v["black"].clone()), (json!(3), json!(1)));
    ok(&mut d, "end_turn", json!({}));
    // Kay accuses Gawain... no: Gawain's turn comes after Kay's. Kay passes,
    // then Gawain accuses Kay, the traitor.
    siege_turn(&mut d);
    ok(&mut d, "add_siege_engine", json!({}));
    ok(&mut d, "accuse", json!({"accused": 1}));
    let out = ok(&mut d, "confirm_loyalty", json!({"traitor": true}));
    assert!(said(&out, "soc.traitor.exposed"), "{:?}", lines(&out));
    let v = view(&mut d);
    assert_eq!(v["white"], 4, "exposing the traitor adds a white sword");
    assert_eq!(v["knights"][1]["exposed"], true);
    ok(&mut d, "end_turn", json!({}));
    siege_turn(&mut d);
    // The exposed traitor's turn is the evil step only.
    assert_eq!(turn(&mut d), 1);
    let out = soc(&mut d, "lose_life", json!({}));
    assert_eq!(codes(&out), vec!["soc.traitor_no_life"]);
    ok(&mut d, "add_siege_engine", json!({}));
    assert_eq!(turn(&mut d), 2, "the traitor's turn ends after the evil step");
    let out = soc(&mut d, "accuse", json!({"accused": 1}));
    assert!(codes(&out).contains(&"soc.evil_first".to_string()));
}

#[test]
fn siege_fights_use_the_dice_button_and_its_roll_is_announced() {
    let mut d = table(8);
    start(&mut d, &["arthur", "kay", "gawain"], "no_traitor", None);
    ok(&mut d, "add_siege_engine", json!({}));
    let out = soc(&mut d, "siege_fight", json!({"cards": [5, 5, 5]}));
    assert!(codes(&out).is_empty());
    let out = d.send(json!({"roll": 8}));
    let rolled = events(&out, "die_rolled");
    assert_eq!(rolled.len(), 1, "the button rolls the siege die: {out:?}");
    let die = rolled[0]["roll"]["value"].as_u64().unwrap();
    assert!(said(&out, "soc.die.rolled"));
    let fight = events(&out, "siege_fight_ended");
    assert_eq!(fight[0]["won"], 15 > die, "15 against {die}");
    assert_eq!(view(&mut d)["siege"], 0, "a fight of 15 always beats a d8");
    ok(&mut d, "end_turn", json!({}));
    // Kay fights with a 1: the die shows, then Kay may add one card.
    ok(&mut d, "add_siege_engine", json!({}));
    ok(&mut d, "siege_fight", json!({"cards": [1]}));
    ok(&mut d, "roll_die", json!({}));
    assert_eq!(view(&mut d)["pending"]["pending"], "kay");
    let out = ok(&mut d, "kay", json!({"value": 5}));
    let fight = events(&out, "siege_fight_ended");
    assert_eq!(fight[0]["total"], 6);
    let die = fight[0]["die"].as_u64().unwrap();
    let life = view(&mut d)["knights"][1]["life"].as_i64().unwrap();
    if 6 > die {
        assert_eq!(life, 4);
    } else {
        assert_eq!(life, 3, "a tie or a loss costs a life point");
    }
}

#[test]
fn the_sacrifice_comes_once_a_turn_from_the_first_and_the_accusation_waits_for_six_engines() {
    let mut d = table(9);
    start(&mut d, &["arthur", "kay", "gawain"], "no_traitor", Some(roomy()));
    ok(&mut d, "add_siege_engine", json!({}));
    let out = soc(&mut d, "sacrifice", json!({}));
    assert_eq!(codes(&out), vec!["soc.sacrifice_after_first"]);
    let out = soc(&mut d, "accuse", json!({"accused": 1}));
    assert_eq!(codes(&out), vec!["soc.accuse_too_early"], "one engine is not six");
    ok(&mut d, "draw_white", json!({}));
    let out = soc(&mut d, "move", json!({"to": "grail"}));
    assert_eq!(codes(&out), vec!["soc.no_action_left"]);
    // The first turn already: a life point for a second, different action.
    ok(&mut d, "sacrifice", json!({}));
    let out = soc(&mut d, "draw_white", json!({}));
    assert_eq!(codes(&out), vec!["soc.same_action_twice"], "the second action must differ");
    // Both actions spent and no second sacrifice: nothing is left but the
    // end of the turn, which Tavola takes and says.
    let out = ok(&mut d, "move", json!({"to": "grail"}));
    assert!(said(&out, "soc.turn.no_action_left"), "{:?}", lines(&out));
    assert_eq!(events(&out, "turn_ended").len(), 1);
    assert_eq!(turn(&mut d), 1, "the next knight's turn, without a touch");
    let out = soc(&mut d, "end_turn", json!({}));
    assert_eq!(codes(&out), vec!["soc.evil_first"], "no end of turn to touch any more");
    siege_turn(&mut d);
    siege_turn(&mut d);
    // Arthur again, on the Grail quest: back to Camelot, a life point, the
    // Round Table; the turn passes by itself again.
    ok(&mut d, "add_siege_engine", json!({}));
    ok(&mut d, "move", json!({"to": "camelot"}));
    ok(&mut d, "sacrifice", json!({}));
    ok(&mut d, "draw_white", json!({}));
    assert_eq!(turn(&mut d), 1);
    let out = soc(&mut d, "sacrifice", json!({}));
    assert_eq!(codes(&out), vec!["soc.evil_first"], "once a turn: the turn is over, the next one begins");
    siege_turn(&mut d);
    assert_eq!(turn(&mut d), 2);
    ok(&mut d, "add_siege_engine", json!({}));
    assert_eq!(view(&mut d)["siege"], 6);
    ok(&mut d, "correct_hand", json!({"seat": 2, "cards": 6}));
    ok(&mut d, "draw_white", json!({}));
    // Six engines: an accusation, and a sacrifice again in a later turn.
    ok(&mut d, "sacrifice", json!({}));
    let out = ok(&mut d, "accuse", json!({"accused": 0}));
    assert!(!out.is_empty());
}

#[test]
fn a_knight_who_sacrifices_the_last_life_point_acts_then_falls() {
    let mut d = table(10);
    start(&mut d, &["arthur", "kay", "gawain"], "no_traitor", Some(roomy()));
    for _ in 0..6 {
        siege_turn(&mut d);
    }
    // Arthur: three life points lost over three turns, down to 1.
    for _ in 0..3 {
        ok(&mut d, "lose_life", json!({}));
        pass(&mut d);
        siege_turn(&mut d);
        siege_turn(&mut d);
    }
    assert_eq!(view(&mut d)["knights"][0]["life"], 1);
    ok(&mut d, "add_siege_engine", json!({}));
    ok(&mut d, "correct_hand", json!({"seat": 0, "cards": 6}));
    ok(&mut d, "draw_white", json!({}));
    ok(&mut d, "sacrifice", json!({}));
    let v = view(&mut d);
    assert_eq!(v["knights"][0]["alive"], true, "the knight still takes the second action");
    let out = ok(&mut d, "move", json!({"to": "excalibur"}));
    assert!(said(&out, "soc.knight.dead"), "{:?}", lines(&out));
    let v = view(&mut d);
    assert_eq!(v["knights"][0]["alive"], false);
    assert_eq!(v["turn"], 1);
}

#[test]
fn every_quest_is_won_by_its_own_rule() {
    let mut d = table(11);
    start(&mut d, &["arthur", "galahad", "percival"], "no_traitor", Some(roomy()));
    let all_to = |d: &mut Driver, place: &str| {
        for _ in 0..3 {
            ok(d, "add_siege_engine", json!({}));
            ok(d, "move", json!({"to": place}));
            ok(d, "end_turn", json!({}));
        }
    };
    // Excalibur: five white cards discarded bring the sword to the knights.
    all_to(&mut d, "excalibur");
    let mut out = Vec::new();
    for _ in 0..5 {
        let s = turn(&mut d);
        ok(&mut d, "add_siege_engine", json!({}));
        ok(&mut d, "correct_hand", json!({"seat": s, "cards": 9}));
        out = ok(&mut d, "discard_for_excalibur", json!({}));
        ok(&mut d, "end_turn", json!({}));
    }
    assert!(said(&out, "soc.quest.won") && said(&out, "soc.relic.won"), "{:?}", lines(&out));
    let v = view(&mut d);
    assert_eq!(v["white"], 2);
    assert!(v["knights"][1]["relics"].as_array().unwrap().contains(&json!("excalibur")), "{v}");
    // The Grail: seven Grail cards.
    all_to(&mut d, "grail");
    for _ in 0..7 {
        let s = turn(&mut d);
        ok(&mut d, "add_siege_engine", json!({}));
        ok(&mut d, "correct_hand", json!({"seat": s, "cards": 9}));
        out = ok(&mut d, "play_grail", json!({}));
        ok(&mut d, "end_turn", json!({}));
    }
    assert!(said(&out, "soc.quest.won"));
    assert_eq!(view(&mut d)["white"], 5);
    // The Picts: the ladder 1 to 5.
    all_to(&mut d, "picts");
    for value in 1..=5 {
        let s = turn(&mut d);
        ok(&mut d, "add_siege_engine", json!({}));
        ok(&mut d, "correct_hand", json!({"seat": s, "cards": 9}));
        if value < 5 {
            let bad = soc(&mut d, "play_fight", json!({"value": value + 1}));
            assert_eq!(codes(&bad), vec!["soc.ladder_order"], "the ladder goes in order");
        }
        out = ok(&mut d, "play_fight", json!({"value": value}));
        ok(&mut d, "end_turn", json!({}));
    }
    assert!(said(&out, "soc.quest.won"));
    assert_eq!(view(&mut d)["white"], 6);
    assert_eq!(view(&mut d)["picts"], json!([0, 0]), "the war starts again empty");
}

#[test]
fn fight_quests_compare_totals_after_revealing_the_face_down_cards_ties_to_evil() {
    let mut d = table(12);
    start(&mut d, &["arthur", "kay", "gawain"], "no_traitor", Some(roomy()));
    // Kay goes to Lancelot's quest alone.
    siege_turn(&mut d);
    ok(&mut d, "add_siege_engine", json!({}));
    ok(&mut d, "move", json!({"to": "lancelot"}));
    ok(&mut d, "end_turn", json!({}));
    // Gawain cannot join a solo quest.
    ok(&mut d, "add_siege_engine", json!({}));
    let out = soc(&mut d, "move", json!({"to": "lancelot"}));
    assert_eq!(codes(&out), vec!["soc.solo_taken"]);
    let refusal = out.iter().find(|o| o["out"] == "error").unwrap();
    assert!(refusal["message"].as_str().unwrap().ends_with("is a solo quest and Kay is already there."), "{refusal}");
    pass(&mut d);
    // Three Lancelot cards face down (values 7, 5, 5), one face up (3).
    let mut drawn = Vec::new();
    for card in
        ["soc/black/lancelot-dragon-7-11-1", "soc/black/lancelot-dragon-5-9-1", "soc/black/lancelot-dragon-5-9-2"]
    {
        let s = turn(&mut d);
        let hand = view(&mut d)["knights"][s]["hand"].as_u64().unwrap();
        let out = tap(&mut d, card);
        let pending = events(&out, "black_card_drawn");
        assert!(pending[0]["card"].is_null(), "a card that may go face down is not shown: {out:?}");
        let out = ok(&mut d, "place_black", json!({"face_down": true}));
        assert!(events(&out, "black_placed")[0]["value"].is_null(), "a face-down value stays hidden");
        assert_eq!(view(&mut d)["knights"][s]["hand"].as_u64().unwrap(), hand + 1, "hiding a value earns a white card");
        drawn.extend(out);
        pass_if_on(&mut d);
    }
    assert!(!drawn.iter().any(|o| o.to_string().contains("lancelot-dragon-7-11")));
    let v = view(&mut d);
    assert_eq!(v["lancelot"]["black"], json!([null, null, null]));
    // The fourth black card fills the quest: 7+5+5+3 = 20 against no white card.
    let out = tap(&mut d, "soc/black/lancelot-dragon-3-7-1");
    assert!(codes(&out).is_empty());
    let out = ok(&mut d, "place_black", json!({"face_down": false}));
    // Kay is on the quest, but no card of his (5 at most) beats 20 with no
    // white card down: he is not asked, the quest ends at once.
    assert!(view(&mut d)["pending"].is_null(), "{out:?}");
    assert!(!said(&out, "soc.kay.offer"));
    let late = soc(&mut d, "kay", json!({"value": 5}));
    assert_eq!(codes(&late), vec!["soc.no_kay_now"]);
    let ended_q = events(&out, "quest_ended");
    assert_eq!(ended_q[0]["black_values"], json!([3, 5, 5, 7]), "revealed together, in no telling order");
    assert_eq!(ended_q[0]["won"], false);
    assert!(said(&out, "soc.quest.lost"));
    let v = view(&mut d);
    assert_eq!(v["black"], 1);
    assert!(v["open"].as_array().unwrap().contains(&json!("dragon")), "the board turns to the Dragon");
    // A Lancelot card now goes to the Dragon with its Dragon value.
    pass_if_on(&mut d);
    let out = tap(&mut d, "soc/black/lancelot-dragon-1-5-1");
    assert!(codes(&out).is_empty());
    ok(&mut d, "place_black", json!({"face_down": false}));
    assert_eq!(view(&mut d)["dragon"]["black"], json!([5]));
}

#[test]
fn black_cards_from_another_game_or_out_of_turn_are_refused_and_change_nothing() {
    let mut d = table(13);
    start(&mut d, &["arthur", "kay", "gawain"], "no_traitor", None);
    let before = view(&mut d);
    let out = tap(&mut d, "avalon/role/merlin");
    assert_eq!(codes(&out), vec!["common.wrong_game_card"]);
    let out = tap(&mut d, "soc/black/saxons-9");
    assert_eq!(codes(&out), vec!["table.unknown_card"]);
    let out = tap(&mut d, "soc/white/grail-3");
    assert_eq!(codes(&out), vec!["common.card_not_expected"]);
    assert_eq!(view(&mut d), before, "the board is untouched");
    ok(&mut d, "add_siege_engine", json!({}));
    let out = tap(&mut d, "soc/black/saxons-1");
    assert_eq!(codes(&out), vec!["soc.black_card_not_now"]);
    let message = out.iter().find(|o| o["out"] == "error").unwrap()["message"].as_str().unwrap().to_string();
    assert!(message.contains("not applied"), "{message}");
    assert_eq!(view(&mut d)["saxons"], json!([0, 0]));
}

#[test]
fn a_special_black_card_can_be_cancelled_by_three_merlins_only_when_drawn() {
    let mut d = table(14);
    start(&mut d, &["arthur", "kay", "gawain"], "no_traitor", None);
    let out = tap(&mut d, "soc/black/vivien");
    assert!(said(&out, "soc.merlin.offer"));
    let out = soc(&mut d, "move", json!({"to": "grail"}));
    assert_eq!(codes(&out), vec!["soc.waiting"]);
    let out = soc(&mut d, "cancel_with_merlin", json!({"from": [0, 1]}));
    assert_eq!(codes(&out), vec!["soc.three_merlins"]);
    ok(&mut d, "cancel_with_merlin", json!({"from": [0, 1, 1]}));
    let v = view(&mut d);
    assert!(v["lasting"].as_array().unwrap().is_empty());
    assert_eq!(v["knights"][1]["hand"], 4, "Kay gave two Merlin cards");
    pass(&mut d);
    tap(&mut d, "soc/black/dark-forest");
    ok(&mut d, "let_stand", json!({}));
    assert_eq!(view(&mut d)["lasting"], json!(["dark-forest"]));
    let out = soc(&mut d, "cancel_with_merlin", json!({"from": [0, 1, 2]}));
    assert_eq!(codes(&out), vec!["soc.no_special_card"], "not retroactive");
}

#[test]
fn undo_takes_back_a_misread_black_card_but_never_a_die_roll() {
    let mut d = table(15);
    start(&mut d, &["arthur", "kay", "gawain"], "no_traitor", None);
    tap(&mut d, "soc/black/picts-2");
    assert_eq!(view(&mut d)["picts"], json!([0, 1]));
    let out = d.send(json!({"touch": "undo"}));
    assert_eq!(codes(&out), vec!["table.undone"]);
    assert_eq!(view(&mut d)["picts"], json!([0, 0]));
    assert_eq!(d.view()["game"], "soc", "still the same game after taking everything back");
    ok(&mut d, "add_siege_engine", json!({}));
    ok(&mut d, "siege_fight", json!({"cards": [2]}));
    d.send(json!({"roll": 8}));
    let out = d.send(json!({"touch": "undo"}));
    assert_eq!(codes(&out), vec!["table.cannot_undo"]);
}

#[test]
fn the_grail_saves_one_dying_knight_once_then_the_dead_lose_their_relics() {
    let mut d = table(12);
    start(&mut d, &["arthur", "galahad", "percival"], "no_traitor", Some(roomy()));
    for _ in 0..3 {
        ok(&mut d, "add_siege_engine", json!({}));
        ok(&mut d, "move", json!({"to": "grail"}));
        ok(&mut d, "end_turn", json!({}));
    }
    for _ in 0..7 {
        let s = turn(&mut d);
        ok(&mut d, "add_siege_engine", json!({}));
        ok(&mut d, "correct_hand", json!({"seat": s, "cards": 9}));
        ok(&mut d, "play_grail", json!({}));
        ok(&mut d, "end_turn", json!({}));
    }
    let v = view(&mut d);
    let holder = (0..3).find(|&i| v["knights"][i]["relics"].as_array().unwrap().contains(&json!("grail")));
    let holder = holder.expect("the Grail won is someone's relic");
    // Everyone's evil step is a life point now, and the knights go back to Camelot.
    let mut saved = None;
    for _ in 0..80 {
        let v = view(&mut d);
        if !v["ended"].is_null() {
            break;
        }
        if v["pending"]["pending"] == "grail" {
            let seat = v["pending"]["seat"].as_u64().unwrap() as usize;
            assert_eq!(v["pending"]["holder"], holder, "the holder answers");
            if saved.is_none() {
                let out = ok(&mut d, "grail", json!({"drink": true}));
                assert!(said(&out, "soc.knight.saved"), "{:?}", lines(&out));
                let v = view(&mut d);
                assert!(v["knights"][seat]["life"].as_i64().unwrap() > 0, "back on their feet: {v}");
                assert!(
                    v["knights"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .all(|k| !k["relics"].as_array().unwrap().contains(&json!("grail"))),
                    "drunk once, the Grail is gone"
                );
                saved = Some(seat);
            } else {
                panic!("the Grail offered a second time: {v}");
            }
            continue;
        }
        // One step at a time: a knight who falls ends the turn at once.
        if v["evil_done"] == false {
            ok(&mut d, "lose_life", json!({}));
        } else {
            pass_if_on(&mut d);
        }
    }
    assert!(saved.is_some(), "a knight was saved");
    let v = view(&mut d);
    assert_eq!(ended(&mut d), ("loyal_knights_dead".to_string(), "evil".to_string()));
    assert!(
        v["knights"]
            .as_array()
            .unwrap()
            .iter()
            .all(|k| k["alive"] == false && k["relics"].as_array().unwrap().is_empty()),
        "the dead keep no relics: {v}"
    );
}
