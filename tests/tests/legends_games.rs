//! Camelot Legends' introductory game through the headless driver, from
//! setup to the count: the first characters placed, events drawn to their
//! locations, companies added up skill by skill, an event completed only
//! when every requirement is met and one a location a turn, the draw that
//! stops with the deck empty, and the end when the last event is done.
//!
//! Every card fact here is a TEST VALUE, not a real card's: every
//! character has 2 in each skill; the events' places, requirements and
//! points are made up within the rulebook's ranges.

use serde_json::{json, Value};
use tavola_games::catalog::Catalog;
use tavola_games::GameKind;
use tavola_tests::{codes, lines, Driver};

fn legends(cmd: &str, fields: Value) -> Value {
    let mut c = json!({"touch": "legends", "cmd": cmd});
    c.as_object_mut().unwrap().extend(fields.as_object().cloned().unwrap_or_default());
    c
}

fn characters() -> Vec<String> {
    Catalog::builtin().by_kind(GameKind::CamelotLegends, "character").map(|c| c.id.clone()).collect()
}

fn event(slug: &str) -> String {
    format!("legends/event/{slug}")
}

/// Test values (see the module's note).
fn facts() -> Value {
    let mut chars = serde_json::Map::new();
    for c in characters() {
        chars.insert(
            c,
            json!({"skills": [2, 2, 2, 2, 2, 2], "alliance": "none", "gender": "male", "level": "introductory"}),
        );
    }
    let ev = |location: &str, reqs: Value, points: u8| json!({"event_type": "location", "location": location, "requirements": reqs, "victory_points": points, "level": "introductory"});
    json!({
        "characters": chars,
        "events": {
            event("the-black-knight"): ev("perilous-forest", json!([{"skill": "combat", "needed": 6}]), 3),
            event("theft-of-excalibur"): ev("perilous-forest", json!([{"skill": "cunning", "needed": 6}, {"skill": "combat", "needed": 8}]), 2),
            event("false-promise"): ev("camelot", json!([{"skill": "diplomacy", "needed": 6}]), 2),
            event("feast-of-pentecost"): ev("camelot", json!([{"skill": "psyche", "needed": 6}]), 1),
            event("grand-tournament"): ev("camelot", json!([{"skill": "chivalry", "needed": 6}]), 2),
            event("the-questing-beast"): ev("camelot", json!([{"skill": "adventure", "needed": 6}]), 1),
        },
    })
}

fn ok(d: &mut Driver, cmd: &str, fields: Value) -> Vec<Value> {
    let out = d.send(legends(cmd, fields.clone()));
    assert!(codes(&out).iter().all(|c| !c.contains('.')), "{cmd} {fields}: {:?}", codes(&out));
    out
}

/// A tag's UID, a new one each time.
fn uid() -> String {
    static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(1);
    format!("04C1{:010X}", NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
}

/// Lays `card` on the reader (a tag), then plays it to `location`.
fn play(d: &mut Driver, card: &str, location: &str) {
    let out = d.send(json!({"tag": "placed", "uid": uid(), "card": card}));
    assert!(codes(&out).iter().all(|c| !c.contains('.')), "{card}: {:?}", codes(&out));
    d.send(json!({"tag": "removed"}));
    ok(d, "play", json!({"location": location}));
}

fn draw(d: &mut Driver, slug: &str) -> Vec<Value> {
    let out = d.send(json!({"tag": "placed", "uid": uid(), "card": event(slug)}));
    assert!(codes(&out).iter().all(|c| !c.contains('.')), "{slug}: {:?}", codes(&out));
    d.send(json!({"tag": "removed"}));
    out
}

fn view(d: &mut Driver) -> Value {
    d.view()["legends"].clone()
}

fn points(v: &Value) -> Vec<u64> {
    v["players"].as_array().unwrap().iter().map(|p| p["points"].as_u64().unwrap()).collect()
}

/// A company's total in one skill at a location.
fn total(v: &Value, location: &str, seat: u64, skill: &str) -> i64 {
    let place = v["places"].as_array().unwrap().iter().find(|p| p["location"] == location).expect("the place");
    place["companies"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["seat"] == seat)
        .map_or(0, |c| c["totals"][skill].as_i64().unwrap())
}

#[test]
fn an_introductory_game_from_the_first_characters_to_the_count() {
    let mut d = Driver::new(4);
    d.send(json!({"touch": "choose_game", "game": "legends"}));
    let out = ok(
        &mut d,
        "setup",
        json!({"colours": ["blue", "red"], "names": ["Anna", "Bruno"], "first": 0, "events": 6, "characters": 20, "facts": facts()}),
    );
    let said: Vec<&str> = out.iter().filter(|o| o["out"] == "line").map(|o| o["text"].as_str().unwrap()).collect();
    assert!(said.iter().any(|l| l.contains("Anna")), "the first to place is named: {said:?}");
    let c = characters();

    // The first characters: Anna's to the Forest, Bruno's to Camelot.
    play(&mut d, &c[0], "perilous-forest");
    play(&mut d, &c[1], "camelot");

    // Anna draws the Black Knight (to the Forest); one character is not
    // enough for Combat 6; she plays two more there.
    draw(&mut d, "the-black-knight");
    let early = d.send(legends("complete", json!({"card": event("the-black-knight")})));
    assert_eq!(codes(&early).len(), 1, "refused: {:?}", codes(&early));
    assert!(codes(&early)[0].starts_with("legends."), "{:?}", codes(&early));
    play(&mut d, &c[2], "perilous-forest");
    play(&mut d, &c[3], "perilous-forest");
    let v = view(&mut d);
    assert_eq!(total(&v, "perilous-forest", 0, "combat"), 6, "three characters of 2 each");
    assert_eq!(v["players"][0]["hand"], 2, "five dealt, three laid");

    // Bruno: the False Promise to Camelot, two more characters there (the
    // turn ends by itself after the second action).
    draw(&mut d, "false-promise");
    play(&mut d, &c[4], "camelot");
    play(&mut d, &c[7], "camelot");
    assert_eq!(total(&view(&mut d), "camelot", 1, "diplomacy"), 6);

    // Anna: the Theft of Excalibur to the Forest; the Black Knight is
    // completed; a second event at the same location this turn is not.
    draw(&mut d, "theft-of-excalibur");
    let out = ok(&mut d, "complete", json!({"card": event("the-black-knight")}));
    assert!(!lines(&out).is_empty());
    let again = d.send(legends("complete", json!({"card": event("theft-of-excalibur")})));
    assert_eq!(codes(&again).len(), 1, "one event a location a turn: {:?}", codes(&again));
    ok(&mut d, "end_turn", json!({}));
    assert_eq!(points(&view(&mut d)), [3, 0]);

    // Bruno completes the False Promise (Diplomacy 6 with three): he may
    // exchange his hand with Anna's; nothing else goes on until he says.
    draw(&mut d, "feast-of-pentecost");
    ok(&mut d, "complete", json!({"card": event("false-promise")}));
    let waiting = d.send(legends("end_turn", json!({})));
    assert_eq!(codes(&waiting), ["legends.effect_first"]);
    ok(&mut d, "resolve", json!({}));
    ok(&mut d, "end_turn", json!({}));

    // Anna: the theft asks Cunning 6 and Combat 8: her three characters
    // meet only the first, so it is refused until a fourth joins them.
    draw(&mut d, "grand-tournament");
    let short = d.send(legends("complete", json!({"card": event("theft-of-excalibur")})));
    assert_eq!(codes(&short).len(), 1, "both requirements: {:?}", codes(&short));
    let v = view(&mut d);
    let forest = v["places"].as_array().unwrap().iter().find(|p| p["location"] == "perilous-forest").unwrap().clone();
    let theft = forest["events"].as_array().unwrap().iter().find(|e| e["card"] == event("theft-of-excalibur")).unwrap();
    assert_eq!(theft["met"], json!([false, false]));
    play(&mut d, &c[5], "perilous-forest");
    ok(&mut d, "end_turn", json!({}));

    // Bruno: the Questing Beast is the last event; Camelot holds three. He
    // completes the Feast of Pentecost (Psyche 6).
    draw(&mut d, "the-questing-beast");
    let v = view(&mut d);
    assert_eq!(v["event_deck"], 0);
    let camelot = v["places"].as_array().unwrap().iter().find(|p| p["location"] == "camelot").unwrap().clone();
    assert_eq!(camelot["events"].as_array().unwrap().len(), 3);
    ok(&mut d, "complete", json!({"card": event("feast-of-pentecost")}));
    ok(&mut d, "end_turn", json!({}));

    // The deck is empty: no draw. Anna completes the theft (Cunning 8,
    // Combat 8 with four characters).
    ok(&mut d, "complete", json!({"card": event("theft-of-excalibur")}));
    ok(&mut d, "end_turn", json!({}));
    assert_eq!(points(&view(&mut d)), [5, 3]);

    // Bruno: the Grand Tournament now, the beast on his next turn, the last event.
    ok(&mut d, "complete", json!({"card": event("grand-tournament")}));
    ok(&mut d, "end_turn", json!({}));
    ok(&mut d, "end_turn", json!({}));
    let out = ok(&mut d, "complete", json!({"card": event("the-questing-beast")}));
    let v = view(&mut d);
    assert_eq!(v["phase"]["phase"], "over", "the last event done with the deck empty: {:?}", lines(&out));
    assert_eq!(points(&v), [5, 6]);
    assert_eq!(v["winners"], json!([1]));
    assert_eq!(v["players"][0]["hand"], 1, "five dealt, four laid");
}

/// Test values for the full game: every character 2 in each skill, a
/// normal card; French Delegation a bidding event worth 3; every other
/// event a Cornwall event nobody meets (18 Psyche); the final event needs
/// 6 Combat and is worth 5; the special cards 1 each.
fn full_facts() -> Value {
    let mut chars = serde_json::Map::new();
    for c in characters() {
        chars.insert(c, json!({"skills": [2, 2, 2, 2, 2, 2], "alliance": "none", "gender": "male", "level": "normal"}));
    }
    let mut events = serde_json::Map::new();
    // The Isle of Avalon takes no facts: its text is all there is.
    for e in Catalog::builtin().by_kind(GameKind::CamelotLegends, "event").filter(|e| e.id != event("isle-of-avalon")) {
        events.insert(e.id.clone(), json!({"event_type": "location", "location": "cornwall", "requirements": [{"skill": "psyche", "needed": 18}], "victory_points": 1, "level": "normal"}));
    }
    events.insert(event("french-delegation"), json!({"event_type": "bidding", "victory_points": 3, "level": "normal"}));
    events.insert("legends/final/sacred-quest".into(), json!({"event_type": "location", "location": "final", "requirements": [{"skill": "combat", "needed": 6}], "victory_points": 5, "level": "normal"}));
    let specials =
        json!({"legends/special/high-king": 1, "legends/special/excalibur": 1, "legends/special/love-potion": 1});
    json!({"characters": chars, "events": events, "specials": specials})
}

#[test]
fn a_full_game_with_a_bid_won_and_the_final_event_at_the_bottom_of_the_deck() {
    let mut d = Driver::new(5);
    d.send(json!({"touch": "choose_game", "game": "legends"}));
    ok(
        &mut d,
        "setup",
        json!({"colours": ["blue", "red"], "names": ["Anna", "Bruno"], "first": 0, "events": 0, "characters": 40, "facts": full_facts(), "mode": "normal"}),
    );
    // Two players: 17 events over the final one.
    assert_eq!(view(&mut d)["event_deck"], 18);
    let c = characters();
    play(&mut d, &c[0], "camelot");
    play(&mut d, &c[1], "cornwall");

    // Anna draws French Delegation: the bidding opens with her. Characters
    // laid on the reader are bids; Bruno passes; Anna's second bid is her
    // most (two), and Bruno's pass closes it.
    let out = draw(&mut d, "french-delegation");
    assert!(lines(&out).iter().any(|l| l == "legends.bid.turn"), "the bidder is asked: {:?}", lines(&out));
    let bid = |d: &mut Driver, card: &str| {
        let out = d.send(json!({"tag": "placed", "uid": uid(), "card": card}));
        assert!(codes(&out).iter().all(|c| !c.contains('.')), "{card}: {:?}", codes(&out));
        d.send(json!({"tag": "removed"}));
    };
    bid(&mut d, &c[2]);
    // Nothing else until the bidding is over.
    let early = d.send(legends("draw_character", json!({})));
    assert_eq!(codes(&early), ["legends.bidding_open"]);
    ok(&mut d, "pass", json!({}));
    bid(&mut d, &c[3]);
    ok(&mut d, "pass", json!({}));
    let v = view(&mut d);
    assert!(v["auction"].is_null(), "closed: {v}");
    // Two characters of 2 Diplomacy and 2 Chivalry: 8, against no bid.
    assert_eq!(points(&v), vec![3, 0]);
    assert_eq!(v["players"][0]["hand"], 2, "five dealt, one placed, two bid");
    ok(&mut d, "end_turn", json!({}));

    // Sixteen more events, then the final event is the last card.
    let fillers: Vec<String> = Catalog::builtin()
        .by_kind(GameKind::CamelotLegends, "event")
        .map(|e| e.id.clone())
        .filter(|e| *e != event("french-delegation"))
        // The red cards that open a location belong to the advanced game.
        .filter(|e| tavola_games::legends::sites::opens(e).is_none())
        .collect();
    for e in &fillers[..16] {
        let final_early = d.send(legends("draw_event", json!({"card": "legends/final/sacred-quest"})));
        assert_eq!(codes(&final_early), ["legends.final_is_last"]);
        ok(&mut d, "draw_event", json!({"card": e}));
        ok(&mut d, "end_turn", json!({}));
    }
    let other = d.send(legends("draw_event", json!({"card": fillers[16]})));
    assert_eq!(codes(&other), ["legends.final_now"]);
    // Bruno draws it; its own location opens. He plays a character there
    // and moves his first one from Cornwall: 2 + 2 Combat, short of 6.
    let out = ok(&mut d, "draw_event", json!({"card": "legends/final/sacred-quest"}));
    assert!(!lines(&out).is_empty());
    play(&mut d, &c[4], "final");
    ok(&mut d, "move", json!({"cards": [c[1]], "to": "final"}));
    // Anna's turn: nothing to draw any more; she plays one there too.
    play(&mut d, &c[6], "final");
    ok(&mut d, "end_turn", json!({}));
    let early = d.send(legends("complete", json!({"card": "legends/final/sacred-quest"})));
    assert_eq!(codes(&early), ["legends.falls_short"]);
    play(&mut d, &c[7], "final");
    ok(&mut d, "end_turn", json!({}));
    ok(&mut d, "end_turn", json!({}));
    // Bruno completes the final event: the game is over at once.
    ok(&mut d, "complete", json!({"card": "legends/final/sacred-quest"}));
    let v = view(&mut d);
    assert_eq!(v["phase"]["phase"], "over", "{v}");
    assert_eq!(points(&v), vec![3, 5]);
}
