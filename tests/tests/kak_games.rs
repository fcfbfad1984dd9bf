//! King Arthur's Knights through the headless driver, as a table plays it:
//! the setup at three players with the cards put away named, the picks that
//! are refused, where each action may be used and how far a horse rides, a
//! quest done with more virtue than it asks, the tournament's tie and its
//! lone bidder, the tents by score with a tie drawn by lot.
//!
//! Every card fact here is a TEST VALUE, not a real box's: the virtue
//! cards' faces, the horses' reach and the quests' places, needs and points.

use serde_json::{json, Value};
use tavola_tests::{codes, lines, Driver};

/// Test values: cards 1–12 are value 1 (three of each virtue: sword,
/// lance, dragon, book), 13–18 value 2 (sword, lance, dragon, book, sword,
/// lance); horses reach 2, 3, 4, 2; every quest lies in the Wild Forest
/// (two steps clockwise from Camelot) and asks one Sword for 3 points.
fn facts() -> Value {
    let virtues = ["sword", "lance", "dragon", "book"];
    let mut v = serde_json::Map::new();
    for n in 1..=18usize {
        let (virtue, value) = if n <= 12 { (virtues[(n - 1) / 3], 1) } else { (virtues[(n - 13) % 4], 2) };
        v.insert(format!("kak/virtue/card-{n}"), json!({"virtue": virtue, "value": value}));
    }
    let mut quests = serde_json::Map::new();
    for q in tavola_games::kak::cards::QUESTS {
        quests
            .insert(q.to_string(), json!({"location": "kak/location/wild-forest", "needs": [1, 0, 0, 0], "points": 3}));
    }
    json!({
        "virtues": v,
        "horses": {"kak/action/horse-1": 2, "kak/action/horse-2": 3, "kak/action/horse-3": 4, "kak/action/horse-4": 2},
        "quests": quests,
    })
}

const RING: [&str; 8] =
    ["camelot", "hidden-valley", "wild-forest", "moon-lake", "other-1", "other-2", "other-3", "other-4"];

fn kak(cmd: &str, fields: Value) -> Value {
    let mut c = json!({"touch": "kak", "cmd": cmd});
    c.as_object_mut().unwrap().extend(fields.as_object().cloned().unwrap_or_default());
    c
}

/// A table of `n` set up, its three quests turned up.
fn table(seed: u64, n: usize) -> (Driver, Vec<Value>) {
    let mut d = Driver::new(seed);
    d.send(json!({"touch": "choose_game", "game": "kak"}));
    let knights: Vec<String> = (1..=n).map(|k| format!("kak/knight/knight-{k}")).collect();
    let names = &["Anna", "Bruno", "Carla", "Dario"][..n];
    let ring: Vec<String> = RING.iter().map(|l| format!("kak/location/{l}")).collect();
    let mut out = d.send(kak("setup", json!({"knights": knights, "names": names, "ring": ring, "facts": facts()})));
    for q in ["wild-boar", "black-knight", "white-stag"] {
        out.extend(d.send(kak("reveal", json!({"card": format!("kak/quest/{q}")}))));
    }
    (d, out)
}

fn view(d: &mut Driver) -> Value {
    d.view()["kak"].clone()
}

/// Seats in tent order.
fn tent_order(v: &Value) -> Vec<usize> {
    let mut seats: Vec<(u64, usize)> =
        v["players"].as_array().unwrap().iter().enumerate().map(|(i, p)| (p["tent"].as_u64().unwrap(), i)).collect();
    seats.sort();
    seats.into_iter().map(|(_, s)| s).collect()
}

/// Phase I: `picks[k]` is what the k-th player in tent order takes, one
/// round of picks after another.
fn pick(d: &mut Driver, picks: &[&[&str]]) {
    let rounds = picks[0].len();
    for r in 0..rounds {
        for p in picks {
            let out = d.send(kak("pick", json!({"card": format!("kak/action/{}", p[r])})));
            assert!(codes(&out).iter().all(|c| !c.contains('.')), "{:?}", codes(&out));
        }
    }
}

/// A card of the virtue piles with this face (by the test facts' numbering).
fn in_supply(v: &Value, cards: &[usize]) -> String {
    let supply: Vec<&str> = v["supply"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
    cards.iter().map(|n| format!("kak/virtue/card-{n}")).find(|c| supply.contains(&c.as_str())).expect("in the piles")
}

/// The horse on the table, at two players one of the four is in the box.
fn horse_left(v: &Value) -> String {
    let actions: Vec<&str> = v["actions"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
    ["horse-2", "horse-3"].iter().find(|h| actions.contains(&format!("kak/action/{h}").as_str())).unwrap().to_string()
}

#[test]
fn three_players_put_away_a_round_table_a_court_a_horse_and_a_value_one_card_of_each_virtue() {
    let (mut d, out) = table(3, 3);
    assert!(codes(&out).iter().all(|c| !c.contains('.')), "{:?}", codes(&out));
    let v = view(&mut d);
    let removed: Vec<&str> = v["removed"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
    assert!(removed.contains(&"kak/action/round-table-2") && removed.contains(&"kak/action/court-2"), "{removed:?}");
    assert_eq!(removed.iter().filter(|c| c.starts_with("kak/action/horse-")).count(), 1, "{removed:?}");
    // One value-1 card of each virtue (cards 1-3 swords, 4-6 lances, ...).
    for virtue in 0..4 {
        let ones =
            (virtue * 3 + 1..=virtue * 3 + 3).filter(|n| removed.contains(&format!("kak/virtue/card-{n}").as_str()));
        assert_eq!(ones.count(), 1, "virtue {virtue}: {removed:?}");
    }
    // The table is told which.
    assert!(out.iter().any(|o| o["out"] == "line" && o["id"] == "kak.setup.removed"), "{:?}", lines(&out));
    // Three hands: 2 swords + 1 lance + 2 dragons + 1 book dealt (value 1).
    let hands: u64 = v["players"].as_array().unwrap().iter().map(|p| p["virtue_cards"].as_u64().unwrap()).sum();
    assert_eq!(hands, 6);
    assert_eq!(v["target"], 20);
}

#[test]
fn a_card_already_taken_a_second_tournament_card_and_another_games_card_are_refused() {
    let (mut d, _) = table(1, 2);
    assert!(codes(&d.send(kak("pick", json!({"card": "kak/action/tournament-1"})))).is_empty());
    let taken = d.send(kak("pick", json!({"card": "kak/action/tournament-1"})));
    assert_eq!(codes(&taken), ["kak.action_taken"]);
    assert!(codes(&d.send(kak("pick", json!({"card": "kak/action/training-sword"})))).is_empty());
    // The first player again: a second Tournament card in one round is not
    // allowed.
    let twice = d.send(kak("pick", json!({"card": "kak/action/tournament-2"})));
    assert_eq!(codes(&twice), ["kak.tournament_twice"]);
    // A card of another game is no pick at all.
    let wrong = d.send(json!({"tag": "placed", "uid": "04AA000000001", "card": "avalon/role/merlin"}));
    assert_eq!(codes(&wrong), ["common.wrong_game_card"]);
    let v = view(&mut d);
    let picked: usize = v["players"].as_array().unwrap().iter().map(|p| p["picked"].as_array().unwrap().len()).sum();
    assert_eq!(picked, 2, "nothing changed by the refusals");
}

#[test]
fn each_action_only_where_its_border_allows_and_a_horse_rides_at_most_its_reach() {
    let (mut d, _) = table(2, 2);
    let v = view(&mut d);
    let horse = horse_left(&v);
    let reach = if horse == "horse-2" { 3 } else { 4 };
    pick(
        &mut d,
        &[
            &["court-1", "training-sword", &horse, "quest-1"],
            &["training-lance", "round-table-1", "training-dragon", "training-book"],
        ],
    );
    let first = tent_order(&view(&mut d))[0];
    // At Camelot: no Court.
    assert_eq!(codes(&d.send(kak("court", json!({"card": "kak/virtue/card-10"})))), ["kak.only_outside"]);
    // Beyond the reach, either way round; not staying put.
    let too_far = RING[reach + 1];
    let out =
        d.send(kak("ride", json!({"horse": format!("kak/action/{horse}"), "to": format!("kak/location/{too_far}")})));
    assert_eq!(codes(&out), ["kak.too_far"]);
    let out = d.send(kak("ride", json!({"horse": format!("kak/action/{horse}"), "to": "kak/location/camelot"})));
    assert_eq!(codes(&out), ["kak.stay_put"]);
    // Two steps the other way round (counter-clockwise) are within reach.
    let out = d.send(kak("ride", json!({"horse": format!("kak/action/{horse}"), "to": "kak/location/other-3"})));
    assert!(codes(&out).is_empty(), "{:?}", codes(&out));
    let v = view(&mut d);
    assert_eq!(v["players"][first]["location"], "kak/location/other-3");
    // Away from Camelot: no training.
    let sword = in_supply(&v, &[13, 17]);
    assert_eq!(codes(&d.send(kak("train", json!({"card": sword})))), ["kak.only_at_camelot"]);
}

#[test]
fn a_quest_done_with_a_sword_two_where_one_was_asked_says_the_extra_is_lost() {
    let (mut d, _) = table(4, 2);
    let v = view(&mut d);
    let horse = horse_left(&v);
    pick(
        &mut d,
        &[
            &["round-table-1", "training-sword", &horse, "quest-1"],
            &["training-lance", "court-1", "training-dragon", "training-book"],
        ],
    );
    let first = tent_order(&view(&mut d))[0];
    assert!(codes(&d.send(kak("round_table", json!({"quest": "kak/quest/wild-boar"})))).is_empty());
    let sword2 = in_supply(&view(&mut d), &[13, 17]);
    assert!(codes(&d.send(kak("train", json!({"card": sword2.clone()})))).is_empty());
    let out = d.send(kak("ride", json!({"horse": format!("kak/action/{horse}"), "to": "kak/location/wild-forest"})));
    assert!(codes(&out).is_empty(), "{:?}", codes(&out));
    let out = d.send(kak("quest", json!({"quest": "kak/quest/wild-boar", "cards": [sword2]})));
    assert!(codes(&out).is_empty(), "{:?}", codes(&out));
    assert!(out.iter().any(|o| o["id"] == "kak.quest.wasted"), "{:?}", lines(&out));
    let v = view(&mut d);
    assert_eq!(v["players"][first]["score"], 3);
    assert!(v["completed"].as_array().unwrap().contains(&json!("kak/quest/wild-boar")));
}

/// Two players through a round in which each takes a Tournament card and
/// trains a Sword (the first) or a Lance (the second) to bid with; returns
/// the table at the tournament and the seats in tent order.
fn to_the_tournament(seed: u64, both: bool) -> (Driver, Vec<usize>, [String; 2]) {
    let (mut d, _) = table(seed, 2);
    let v = view(&mut d);
    let horse = horse_left(&v);
    let second_takes: &str = if both { "tournament-2" } else { "court-1" };
    pick(
        &mut d,
        &[
            &["tournament-1", "training-sword", &horse, "quest-1"],
            &[second_takes, "training-lance", "round-table-1", "training-book"],
        ],
    );
    let order = tent_order(&view(&mut d));
    let sword = in_supply(&view(&mut d), &[13, 17]);
    d.send(kak("train", json!({"card": sword.clone()})));
    d.send(kak("end_turn", json!({})));
    let lance = in_supply(&view(&mut d), &[14, 18]);
    d.send(kak("train", json!({"card": lance.clone()})));
    d.send(kak("end_turn", json!({})));
    (d, order, [sword, lance])
}

#[test]
fn the_tournaments_bids_are_laid_down_on_the_pad_then_shown_and_a_tie_scores_one_each() {
    let (mut d, order, [sword, lance]) = to_the_tournament(5, true);
    let v = view(&mut d);
    assert_eq!(v["phase"]["phase"], "tournament", "{}", v["phase"]);
    // Shown before every bid is down: refused.
    let early = d.send(kak("bid", json!({"seat": order[0], "cards": [sword.clone()]})));
    assert_eq!(codes(&early), ["kak.bids_not_down"]);
    d.press(order[0] as u8, "approve");
    d.press(order[1] as u8, "reject");
    assert!(codes(&d.send(kak("bid", json!({"seat": order[0], "cards": [sword]})))).is_empty());
    let out = d.send(kak("bid", json!({"seat": order[1], "cards": [lance]})));
    assert!(out.iter().any(|o| o["id"] == "kak.tournament.tied"), "{:?}", lines(&out));
    let v = view(&mut d);
    let scores: Vec<u64> = v["players"].as_array().unwrap().iter().map(|p| p["score"].as_u64().unwrap()).collect();
    assert_eq!(scores, [1, 1]);
}

#[test]
fn a_lone_bidder_scores_two_with_a_card_and_nothing_without() {
    for (seed, with_card) in [(6, true), (8, false)] {
        let (mut d, order, [sword, _]) = to_the_tournament(seed, false);
        d.press(order[0] as u8, "approve");
        let cards: Vec<String> = if with_card { vec![sword] } else { Vec::new() };
        let out = d.send(kak("bid", json!({"seat": order[0], "cards": cards})));
        let v = view(&mut d);
        let score = v["players"][order[0]]["score"].as_u64().unwrap();
        if with_card {
            assert!(out.iter().any(|o| o["id"] == "kak.tournament.won"), "{:?}", lines(&out));
            assert_eq!(score, 2);
        } else {
            assert!(out.iter().any(|o| o["id"] == "kak.tournament.alone_empty"), "{:?}", lines(&out));
            assert_eq!(score, 0);
        }
    }
}

#[test]
fn the_next_rounds_tents_go_fewest_points_first_and_a_tie_is_drawn_by_lot() {
    // Three players: the first in tent order wins the tournament alone (2
    // points) and takes the last tent; the other two, tied on none, share
    // tents 1 and 2 by lot, which differs from seed to seed.
    let mut ties = std::collections::BTreeSet::new();
    for seed in 10..18 {
        let (mut d, _) = table(seed, 3);
        pick(
            &mut d,
            &[
                &["tournament-1", "training-sword", "quest-1"],
                &["training-lance", "court-1", "round-table-1"],
                &["training-dragon", "training-book", "tournament-2"],
            ],
        );
        let order = tent_order(&view(&mut d));
        let sword = in_supply(&view(&mut d), &[13, 17]);
        assert!(codes(&d.send(kak("train", json!({"card": sword.clone()})))).is_empty());
        d.send(kak("end_turn", json!({})));
        d.send(kak("end_turn", json!({})));
        // Nobody rides: the other Tournament card's holder stays at
        // Camelot, bids nothing, and the first's Sword wins.
        d.send(kak("end_turn", json!({})));
        d.press(order[0] as u8, "approve");
        d.press(order[2] as u8, "approve");
        d.send(kak("bid", json!({"seat": order[0], "cards": [sword]})));
        let out = d.send(kak("bid", json!({"seat": order[2], "cards": []})));
        assert!(out.iter().any(|o| o["id"] == "kak.tournament.won"), "{:?}", lines(&out));
        assert!(out.iter().any(|o| o["id"] == "kak.tent.drawn"), "the tie drawn by lot is said: {:?}", lines(&out));
        let v = view(&mut d);
        assert_eq!(v["players"][order[0]]["score"], 2);
        let tents = tent_order(&v);
        assert_eq!(tents[2], order[0], "the most points, the last tent");
        // Which of the two tied seats drew tent 1: the lower or the higher.
        ties.insert(tents[0] < tents[1]);
    }
    assert_eq!(ties.len(), 2, "both orders of the tie come up over the seeds");
}

#[test]
fn two_players_past_the_target_in_the_same_tournament_share_the_victory_at_the_end_of_that_round() {
    // Four players (15 points to win). Every round the first two seats take
    // the Tournament cards and train a Sword 2 and a Lance 2 to bid with:
    // a tie, a point each; the other two never bid. Both reach 15 in the
    // same tournament, and the game ends with that round, shared.
    let (mut d, _) = table(21, 4);
    let plan: [&[&str]; 4] = [
        &["tournament-1", "training-sword", "horse-1"],
        &["tournament-2", "training-lance", "horse-2"],
        &["training-dragon", "round-table-1", "court-1"],
        &["training-book", "round-table-2", "court-2"],
    ];
    for round in 1..=15 {
        let v = view(&mut d);
        assert_eq!(v["round"], round);
        let order = tent_order(&v);
        for r in 0..3 {
            for &seat in &order {
                let card = plan[seat].get(r).expect("three picks each");
                let out = d.send(kak("pick", json!({"card": format!("kak/action/{card}")})));
                assert!(codes(&out).is_empty(), "round {round}: {:?}", codes(&out));
            }
        }
        let mut trained = [false; 2];
        for _ in 0..12 {
            let v = view(&mut d);
            if v["phase"]["phase"] != "actions" {
                break;
            }
            let seat = v["phase"]["seat"].as_u64().unwrap() as usize;
            if seat < 2 && !trained[seat] {
                trained[seat] = true;
                let card = in_supply(&v, if seat == 0 { &[13, 17] } else { &[14, 18] });
                let out = d.send(kak("train", json!({"card": card})));
                assert!(codes(&out).is_empty(), "{:?}", codes(&out));
            } else {
                d.send(kak("end_turn", json!({})));
            }
        }
        let v = view(&mut d);
        assert_eq!(v["phase"]["phase"], "tournament", "round {round}: {}", v["phase"]);
        d.press(0, "approve");
        d.press(1, "approve");
        // Each bids the value-2 card trained this round.
        let hand_card = |v: &Value, cards: [usize; 2]| {
            let supply: Vec<&str> = v["supply"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
            cards.iter().map(|n| format!("kak/virtue/card-{n}")).find(|c| !supply.contains(&c.as_str())).unwrap()
        };
        let (sword, lance) = (hand_card(&v, [13, 17]), hand_card(&v, [14, 18]));
        d.send(kak("bid", json!({"seat": 0, "cards": [sword]})));
        let out = d.send(kak("bid", json!({"seat": 1, "cards": [lance]})));
        assert!(out.iter().any(|o| o["id"] == "kak.tournament.tied"), "round {round}: {:?}", lines(&out));
        if round < 15 {
            assert_ne!(view(&mut d)["phase"]["phase"], "over", "round {round}");
        } else {
            assert!(out.iter().any(|o| o["id"] == "kak.end.shared"), "{:?}", lines(&out));
        }
    }
    let v = view(&mut d);
    assert_eq!(v["phase"]["phase"], "over");
    assert_eq!(v["phase"]["winners"], json!([0, 1]));
    let scores: Vec<u64> = v["players"].as_array().unwrap().iter().map(|p| p["score"].as_u64().unwrap()).collect();
    assert_eq!(scores, [15, 15, 0, 0]);
}
