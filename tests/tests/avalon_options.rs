//! Whole games of Avalon with the optional rules, through the headless
//! driver: the Lady of the Lake, Excalibur, the Lancelot variants, choosing
//! missions, the host answering for a seat, and playing again.

use serde_json::{json, Value};
use tavola_tests::{codes, errors, events, lines, Driver};

/// Sets up a game: `roles` by their JSON names, `options` as the setup's
/// `options` object, first leader 0. With `cards`, every seat taps its
/// character card in seat order so that Tavola knows the roles.
fn start(d: &mut Driver, roles: &[&str], options: Value, cards: Option<&[&str]>) -> Vec<Value> {
    d.touch(json!({"touch": "choose_game", "game": "avalon"}));
    let setup =
        json!({"roles": {"roles": roles}, "first_leader": 0, "scan_roles": cards.is_some(), "options": options});
    let mut out = d.avalon("setup", setup);
    assert!(errors(&out).is_empty(), "setup refused: {out:?}");
    for (i, card) in cards.unwrap_or_default().iter().enumerate() {
        let uid = format!("04A{i:02}");
        let o = d.send(json!({"tag": "placed", "uid": uid, "card": card}));
        assert!(errors(&o).is_empty(), "{card} refused: {o:?}");
        out.extend(o);
        d.send(json!({"tag": "removed", "uid": uid}));
    }
    out.extend(d.avalon("end_night", json!({})));
    out
}

/// One round: the team is proposed (with Excalibur's holder, if given), the
/// whole table approves, and the seats in `fails` press Fail.
fn round(d: &mut Driver, team: &[u8], excalibur: Option<u8>, fails: &[u8]) -> Vec<Value> {
    let players = d.avalon_view()["players"].as_u64().unwrap() as u8;
    let mut out = d.avalon("propose_team", json!({"team": team, "excalibur": excalibur}));
    assert!(errors(&out).is_empty(), "team refused: {out:?}");
    out.extend(d.everyone_votes(players, "approve"));
    for s in team {
        out.extend(d.press(*s, if fails.contains(s) { "reject" } else { "approve" }));
    }
    // The host skips the cards turned one at a time: the result and what
    // follows it are said at once.
    out.extend(d.touch(json!({"touch": "skip_reveal"})));
    out
}

fn phase(d: &mut Driver) -> Value {
    d.avalon_view()["phase"].clone()
}

const SEVEN: [&str; 7] = ["merlin", "percival", "loyal-servant", "loyal-servant", "assassin", "morgana", "minion"];
const SEVEN_CARDS: [&str; 7] = [
    "avalon/role/merlin",
    "avalon/role/assassin",
    "avalon/role/servant-1",
    "avalon/role/percival",
    "avalon/role/morgana",
    "avalon/role/servant-2",
    "avalon/role/minion-1",
];

#[test]
fn the_lady_of_the_lake_shows_a_loyalty_to_her_holder_alone_three_times() {
    let mut d = Driver::new(21);
    let out = start(&mut d, &SEVEN, json!({"lady_of_the_lake": true}), Some(&SEVEN_CARDS));
    let starts = out.iter().find(|o| o["id"] == "avalon.lady.starts").expect("the table hears where she starts");
    assert_eq!(starts["text"], "The Lady of the Lake starts with Seat 7, on the first leader's right.");
    let v = d.avalon_view();
    assert_eq!(v["lady"]["holder"], 6, "the token starts to the right of the first leader (seat 1)");
    // Mission 1 succeeds: no Lady yet.
    round(&mut d, &[0, 1], None, &[]);
    assert_eq!(phase(&mut d)["phase"], "team_building");
    // Mission 2 fails: the Lady acts before the next round.
    let out = round(&mut d, &[1, 2, 3], None, &[1]);
    assert!(lines(&out).contains(&"avalon.lady.choose".to_string()), "{:?}", lines(&out));
    assert!(!lines(&out).contains(&"avalon.round.leader".to_string()), "the next round waits for the Lady");
    let p = phase(&mut d);
    assert_eq!((p["phase"].clone(), p["holder"].clone()), (json!("lady"), json!(6)));
    assert_eq!(p["targets"], json!([0, 1, 2, 3, 4, 5]));
    let before = d.avalon_view();
    let out = d.avalon("lady_examine", json!({"target": 6}));
    assert_eq!(codes(&out), vec!["avalon.lady_on_holder"]);
    assert_eq!(d.avalon_view(), before, "a refused examination changes nothing");

    // Seat 4 is Morgana: the holder alone learns "evil".
    let out = d.avalon("lady_examine", json!({"target": 4}));
    let examined = events(&out, "lady_examined");
    assert_eq!(examined.len(), 1);
    assert!(examined[0]["loyalty"].is_null(), "the public event never carries the loyalty: {out:?}");
    assert!(lines(&out).contains(&"avalon.private.look_away".to_string()));
    let p = phase(&mut d);
    assert_eq!(p, json!({"phase": "private", "viewer": 6, "about": 4, "what": "loyalty"}));
    assert!(!d.view().to_string().contains("\"evil\""), "the public view says nothing of the loyalty");
    let out = d.touch(json!({"touch": "peek"}));
    assert_eq!(out.len(), 1, "{out:?}");
    assert_eq!(out[0]["out"], "private");
    assert_eq!(out[0]["seat"], 6);
    assert_eq!(out[0]["reveal"]["shows"], json!({"kind": "loyalty", "value": "evil"}));
    assert_eq!(out[0]["message"], "5 is loyal to Evil.");
    let out = d.avalon("reveal_seen", json!({}));
    assert_eq!(events(&out, "lady_passed")[0]["holder"], 4);
    assert!(lines(&out).contains(&"avalon.round.leader".to_string()), "then the next round starts");
    let out = d.touch(json!({"touch": "peek"}));
    assert_eq!(codes(&out), vec!["table.nothing_private"], "nothing stays on the panel");

    // Mission 3 succeeds; seat 4 holds the Lady and cannot examine seat 6.
    round(&mut d, &[0, 2, 3], None, &[]);
    let out = d.avalon("lady_examine", json!({"target": 6}));
    assert_eq!(codes(&out), vec!["avalon.lady_former_holder"]);
    d.avalon("lady_examine", json!({"target": 0}));
    let out = d.touch(json!({"touch": "peek"}));
    assert_eq!(out[0]["reveal"]["shows"], json!({"kind": "loyalty", "value": "good"}));
    d.avalon("reveal_seen", json!({}));
    // Mission 4 fails (two Fails at 7 players): 2-2, the third and last use.
    round(&mut d, &[4, 5, 6, 1], None, &[4, 6]);
    assert_eq!(d.avalon_view()["score"], json!([2, 2]));
    assert_eq!(phase(&mut d)["targets"], json!([1, 2, 3, 5]));
    d.avalon("lady_examine", json!({"target": 3}));
    d.avalon("reveal_seen", json!({}));
    let v = d.avalon_view();
    assert_eq!((v["lady"]["uses"].clone(), v["lady"]["holder"].clone()), (json!(3), json!(3)));
    let out = round(&mut d, &[0, 2, 3, 5], None, &[]);
    assert_eq!(events(&out, "assassination_began").len(), 1, "no fourth Lady after the fifth mission");
}

#[test]
fn without_known_roles_the_loyalty_card_goes_by_hand_or_on_the_reader() {
    let mut d = Driver::new(22);
    start(&mut d, &SEVEN, json!({"lady_of_the_lake": true}), None);
    round(&mut d, &[0, 1], None, &[]);
    round(&mut d, &[1, 2, 3], None, &[1]);
    // By hand: Tavola waits for the table to say it is done, then moves the token.
    let out = d.avalon("lady_examine", json!({"target": 2}));
    assert!(events(&out, "lady_examined")[0]["loyalty"].is_null());
    assert!(lines(&out).contains(&"avalon.lady.card".to_string()), "the loyalty card passes by hand");
    assert_eq!(phase(&mut d), json!({"phase": "lady_card", "holder": 6, "target": 2}));
    assert_eq!(codes(&d.touch(json!({"touch": "peek"}))), vec!["table.nothing_private"]);
    let out = d.avalon("reveal_seen", json!({}));
    assert_eq!(events(&out, "lady_passed")[0]["holder"], 2);
    assert_eq!(phase(&mut d)["phase"], "team_building");
    // On the reader: the card lands behind the covered panel for the holder.
    round(&mut d, &[2, 3, 4], None, &[]);
    d.avalon("lady_examine", json!({"target": 5}));
    let out = d.send(json!({"tag": "placed", "uid": "04B1", "card": "avalon/role/merlin"}));
    assert_eq!(codes(&out), vec!["avalon.not_a_loyalty_card"], "a character card is no answer");
    d.send(json!({"tag": "removed", "uid": "04B1"}));
    let out = d.send(json!({"tag": "placed", "uid": "04B2", "card": "avalon/loyalty/evil"}));
    let shown = events(&out, "loyalty_shown");
    assert!(shown[0]["loyalty"].is_null(), "the card's side stays off the public output: {out:?}");
    assert_eq!(phase(&mut d), json!({"phase": "private", "viewer": 2, "about": 5, "what": "loyalty"}));
    let out = d.touch(json!({"touch": "peek"}));
    assert_eq!(out[0]["reveal"]["shows"], json!({"kind": "loyalty", "value": "evil"}));
    d.send(json!({"tag": "removed", "uid": "04B2"}));
    let out = d.avalon("reveal_seen", json!({}));
    assert_eq!(events(&out, "lady_passed")[0]["holder"], 5);
}

#[test]
fn excalibur_switches_one_card_before_the_tally_and_shows_it_to_the_holder() {
    let mut d = Driver::new(23);
    let five = ["merlin", "loyal-servant", "loyal-servant", "assassin", "minion"];
    start(&mut d, &five, json!({"excalibur": true}), None);
    for (fields, code) in [
        (json!({"team": [0, 1]}), "avalon.excalibur_needed"),
        (json!({"team": [0, 1], "excalibur": 0}), "avalon.excalibur_to_leader"),
        (json!({"team": [0, 1], "excalibur": 3}), "avalon.excalibur_not_on_team"),
    ] {
        let out = d.avalon("propose_team", fields);
        assert_eq!(codes(&out), vec![code]);
    }
    let out = d.avalon("propose_team", json!({"team": [0, 1], "excalibur": 1}));
    assert!(lines(&out).contains(&"avalon.excalibur.given".to_string()));
    assert_eq!(phase(&mut d)["excalibur"], 1);
    d.everyone_votes(5, "approve");
    d.press(0, "reject");
    let out = d.press(1, "approve");
    assert!(events(&out, "mission_revealed").is_empty(), "no tally before the holder decides");
    assert!(lines(&out).contains(&"avalon.excalibur.decide".to_string()));
    assert_eq!(phase(&mut d), json!({"phase": "excalibur", "holder": 1, "targets": [0]}));
    let out = d.avalon("use_excalibur", json!({"target": 1}));
    assert_eq!(codes(&out), vec!["avalon.bad_excalibur_target"], "not the holder's own card");
    let out = d.avalon("use_excalibur", json!({"target": 0}));
    let used = events(&out, "excalibur_used")[0];
    assert_eq!(used["target"], 0);
    assert!(used["original"].is_null() && used["counts"].is_null(), "public form: {used}");
    assert_eq!(phase(&mut d), json!({"phase": "private", "viewer": 1, "about": 0, "what": "mission_card"}));
    let out = d.touch(json!({"touch": "peek"}));
    assert_eq!(out[0]["reveal"]["shows"], json!({"kind": "mission_card", "value": "fail"}));
    assert_eq!(out[0]["message"], "1 had played Fail.");
    let out = d.avalon("reveal_seen", json!({}));
    let revealed = events(&out, "mission_revealed")[0];
    assert_eq!((revealed["successes"].as_u64(), revealed["fails"].as_u64()), (Some(2), Some(0)));
    assert_eq!(revealed["succeeded"], true, "the switched Fail became a Success");

    // Next round: the holder lets the cards stand; the tally follows at once.
    d.avalon("propose_team", json!({"team": [1, 2, 3], "excalibur": 3}));
    d.everyone_votes(5, "approve");
    d.press(1, "approve");
    d.press(2, "reject");
    d.press(3, "approve");
    let out = d.avalon("use_excalibur", json!({"target": null}));
    assert!(lines(&out).contains(&"avalon.excalibur.kept".to_string()));
    let revealed = events(&out, "mission_revealed")[0];
    assert_eq!((revealed["fails"].as_u64(), revealed["succeeded"].as_bool()), (Some(1), Some(false)));
}

#[test]
fn excalibur_can_turn_a_good_players_success_into_a_fail() {
    let mut d = Driver::new(24);
    let five = ["merlin", "loyal-servant", "loyal-servant", "assassin", "minion"];
    let cards = [
        "avalon/role/merlin",
        "avalon/role/minion-1",
        "avalon/role/servant-1",
        "avalon/role/assassin",
        "avalon/role/servant-2",
    ];
    start(&mut d, &five, json!({"excalibur": true}), Some(&cards));
    // Seat 1 (evil) holds Excalibur and switches Merlin's forced Success.
    d.avalon("propose_team", json!({"team": [0, 1], "excalibur": 1}));
    d.everyone_votes(5, "approve");
    d.press(0, "reject");
    d.press(1, "approve");
    d.avalon("use_excalibur", json!({"target": 0}));
    let out = d.touch(json!({"touch": "peek"}));
    assert_eq!(out[0]["reveal"]["shows"]["value"], "success", "a good player's card is always a Success");
    let out = d.avalon("reveal_seen", json!({}));
    assert_eq!(events(&out, "mission_revealed")[0]["fails"], 1);
}

/// The five-player set with the two Lancelots: Merlin, Good Lancelot, a
/// servant, the Assassin and Evil Lancelot.
const LANCELOT_FIVE: [&str; 5] = ["merlin", "good-lancelot", "loyal-servant", "assassin", "evil-lancelot"];
const LANCELOT_CARDS: [&str; 5] = [
    "avalon/role/merlin",
    "avalon/role/lancelot-good",
    "avalon/role/servant-1",
    "avalon/role/assassin",
    "avalon/role/lancelot-evil",
];

#[test]
fn lancelot_variant_one_turns_a_card_from_round_three_and_a_switch_changes_who_wins() {
    // Find a seed whose first card turned (round 3) is a switch: the deck is
    // shuffled by Tavola and secret until turned.
    let (mut found, mut ended_switched) = (false, false);
    for seed in 0..40 {
        let mut d = Driver::new(seed);
        let out = start(&mut d, &LANCELOT_FIVE, json!({"lancelot": "v1"}), Some(&LANCELOT_CARDS));
        let set_up = events(&out, "set_up")[0].clone();
        assert!(set_up.get("loyalty_deck").is_none(), "the deck's order is secret in variant 1: {set_up}");
        assert!(events(&out, "loyalty_card_turned").is_empty(), "no card in round 1");
        round(&mut d, &[0, 2], None, &[]);
        let out = round(&mut d, &[0, 2, 3], None, &[3]);
        let turned = events(&out, "loyalty_card_turned");
        assert_eq!(turned.len(), 1, "a card at the start of round 3: {out:?}");
        assert_eq!(turned[0]["round"], 3);
        if turned[0]["card"] != "switch" {
            continue;
        }
        found = true;
        assert!(lines(&out).contains(&"avalon.lancelot.switch".to_string()));
        assert_eq!(d.avalon_view()["lancelot"]["switched"], true);
        // Now Good Lancelot (seat 1) plays for evil: his Fail counts. Evil
        // Lancelot (seat 4) plays for good: his Fail is a Success.
        let out = round(&mut d, &[1, 4], None, &[1, 4]);
        assert_eq!(events(&out, "mission_revealed")[0]["fails"], 1);
        let turned = events(&out, "loyalty_card_turned");
        assert_eq!(turned[0]["round"], 4, "and a card each round after");
        if d.avalon_view()["lancelot"]["switched"] == true {
            ended_switched = true;
            // Evil wins with the third failure; Good Lancelot is among the winners.
            let out = round(&mut d, &[1, 2, 3], None, &[1]);
            assert_eq!(events(&out, "game_ended")[0]["reason"], "three_failures");
            let v = d.avalon_view();
            assert_eq!(v["sides_revealed"][1], json!([1, "evil"]), "{v}");
            assert_eq!(v["sides_revealed"][4], json!([4, "good"]));
            assert!(lines(&out).contains(&"avalon.reveal.lancelots_switched".to_string()));
        }
        if ended_switched {
            break;
        }
    }
    assert!(found && ended_switched, "some seed turns a switch card in round 3 and none in round 4");
}

#[test]
fn lancelot_variant_two_lays_the_cards_out_and_evil_lancelot_must_fail() {
    let mut d = Driver::new(31);
    let out = start(&mut d, &LANCELOT_FIVE, json!({"lancelot": "v2"}), Some(&LANCELOT_CARDS));
    let deck: Vec<String> = events(&out, "set_up")[0]["loyalty_deck"]
        .as_array()
        .expect("the five cards are public in variant 2")
        .iter()
        .map(|c| c.as_str().unwrap().to_string())
        .collect();
    assert_eq!(deck.iter().filter(|c| *c == "switch").count(), 2);
    assert_eq!(deck.len(), 5);
    assert_eq!(d.avalon_view()["lancelot"]["laid_out"], json!(deck));
    // Round 1's card takes effect at its start.
    assert_eq!(events(&out, "loyalty_card_turned")[0]["card"], json!(deck[0]));
    let mut switched = deck[0] == "switch";
    for (r, card) in deck.iter().enumerate().take(3) {
        if r > 0 {
            switched ^= card == "switch";
        }
        // Both Lancelots on the team, both press Success: the one now on the
        // side of evil fails the mission anyway.
        let team = if r == 1 { vec![1, 4, 0] } else { vec![1, 4] };
        let out = round(&mut d, &team, None, &[]);
        let revealed = events(&out, "mission_revealed")[0];
        assert_eq!(revealed["fails"], 1, "round {}: Evil Lancelot's card is a Fail", r + 1);
        assert_eq!(d.avalon_view()["lancelot"]["switched"], switched);
        if d.avalon_view()["phase"]["phase"] == "ended" {
            break;
        }
    }
    assert_eq!(d.avalon_view()["phase"]["reason"], "three_failures");
}

#[test]
fn lancelot_variant_three_has_the_mutual_reveal_and_no_loyalty_cards() {
    let mut d = Driver::new(32);
    d.touch(json!({"touch": "choose_game", "game": "avalon"}));
    let out = d.avalon("setup", json!({"roles": {"roles": LANCELOT_FIVE}, "options": {"lancelot": "v3"}}));
    let night = lines(&out);
    assert!(night.contains(&"avalon.night.lancelots_open".to_string()), "{night:?}");
    assert!(night.contains(&"avalon.night.evil_open".to_string()), "Evil Lancelot opens his eyes with evil");
    assert!(!night.contains(&"avalon.night.lancelot_thumb".to_string()));
    assert!(events(&out, "set_up")[0].get("loyalty_deck").is_none());
    d.avalon("end_night", json!({}));
    for team in [&[0, 2][..], &[0, 2, 3], &[1, 2]] {
        let out = round(&mut d, team, None, &[]);
        assert!(errors(&out).is_empty(), "{out:?}");
        assert!(events(&out, "loyalty_card_turned").is_empty(), "no loyalty cards in variant 3");
    }
    assert_eq!(phase(&mut d)["phase"], "assassination");
}

#[test]
fn a_lancelot_setup_is_checked() {
    let mut d = Driver::new(33);
    d.touch(json!({"touch": "choose_game", "game": "avalon"}));
    let out = d.avalon("setup", json!({"roles": {"roles": LANCELOT_FIVE}}));
    assert_eq!(codes(&out), vec!["avalon.lancelot_variant_needed"]);
    let plain = ["merlin", "loyal-servant", "loyal-servant", "assassin", "minion"];
    let out = d.avalon("setup", json!({"roles": {"roles": plain}, "options": {"lancelot": "v1"}}));
    assert_eq!(codes(&out), vec!["avalon.lancelots_missing"]);
    let one = ["merlin", "good-lancelot", "loyal-servant", "assassin", "minion"];
    let out = d.avalon("setup", json!({"roles": {"roles": one}, "options": {"lancelot": "v1"}}));
    assert_eq!(codes(&out), vec!["avalon.lancelots_together"]);
    // Merlin may be kept from seeing Evil Lancelot.
    let out = d.avalon(
        "setup",
        json!({"roles": {"roles": LANCELOT_FIVE},
        "options": {"lancelot": "v1", "merlin_sees_evil_lancelot": false}}),
    );
    assert!(lines(&out).contains(&"avalon.night.evil_thumbs_but_lancelot".to_string()), "{:?}", lines(&out));
}

#[test]
fn the_leader_chooses_the_mission_and_the_fifth_waits_for_two_others() {
    let mut d = Driver::new(34);
    let eight =
        ["merlin", "loyal-servant", "loyal-servant", "loyal-servant", "loyal-servant", "assassin", "minion", "minion"];
    start(&mut d, &eight, json!({"choose_missions": true}), None);
    let p = phase(&mut d);
    assert_eq!(p["open_missions"], json!([0, 1, 2, 3]), "not the fifth yet");
    let out = d.avalon("propose_team", json!({"team": [0, 1, 2, 3, 4], "mission": 4}));
    assert_eq!(codes(&out), vec!["avalon.final_mission_locked"]);
    // Mission 4 (index 3) first: five players, and two Fails still needed.
    let out = d.avalon("propose_team", json!({"team": [0, 1, 2, 3, 4], "mission": 3}));
    assert!(lines(&out).contains(&"avalon.round.mission_chosen".to_string()));
    d.everyone_votes(8, "approve");
    let mut out = Vec::new();
    for s in 0..5 {
        out.extend(d.press(s, if s == 0 { "reject" } else { "approve" }));
    }
    let revealed = events(&out, "mission_revealed")[0];
    assert_eq!((revealed["mission"].as_u64(), revealed["succeeded"].as_bool()), (Some(3), Some(true)));
    assert_eq!(d.avalon_view()["missions"][3]["succeeded"], true);
    let out = d.avalon("propose_team", json!({"team": [0, 1, 2, 3, 4], "mission": 3}));
    assert_eq!(codes(&out), vec!["avalon.mission_not_open"], "a mission is played once");
    // Team size follows the mission: mission 1 (index 0) needs 3.
    let out = d.avalon("propose_team", json!({"team": [0, 1, 2, 3], "mission": 0}));
    assert_eq!(codes(&out), vec!["avalon.team_size"]);
    round_on(&mut d, &[0, 1, 2], 0, &[1]);
    assert_eq!(phase(&mut d)["open_missions"], json!([1, 2, 4]), "two done: the fifth opens");
    round_on(&mut d, &[0, 1, 2, 3, 4], 4, &[]);
    assert_eq!(d.avalon_view()["missions"][4]["succeeded"], true);
    round_on(&mut d, &[0, 1, 2, 3], 2, &[]);
    assert_eq!(phase(&mut d)["phase"], "assassination");
}

fn round_on(d: &mut Driver, team: &[u8], mission: u8, fails: &[u8]) {
    let players = d.avalon_view()["players"].as_u64().unwrap() as u8;
    let out = d.avalon("propose_team", json!({"team": team, "mission": mission}));
    assert!(errors(&out).is_empty(), "{out:?}");
    d.everyone_votes(players, "approve");
    for s in team {
        d.press(*s, if fails.contains(s) { "reject" } else { "approve" });
    }
}

#[test]
fn missions_stay_in_order_without_the_option() {
    let mut d = Driver::new(35);
    d.start_avalon(5, &[]);
    let out = d.avalon("propose_team", json!({"team": [0, 1, 2], "mission": 1}));
    assert_eq!(codes(&out), vec!["avalon.missions_in_order"]);
    assert!(phase(&mut d).get("open_missions").is_none());
}

#[test]
fn the_host_votes_for_a_seat_in_public_but_never_plays_its_mission_card() {
    let mut d = Driver::new(36);
    d.start_avalon(5, &[]);
    d.avalon("propose_team", json!({"team": [0, 1]}));
    for s in 0..4 {
        d.press(s, "approve");
    }
    let out = d.avalon("host_answer", json!({"seat": 4, "approve": false}));
    assert_eq!(events(&out, "host_answered")[0]["seat"], 4);
    assert!(lines(&out).contains(&"avalon.host.answered".to_string()), "announced to the table");
    assert_eq!(events(&out, "votes_revealed")[0]["votes"][4], json!([4, false]));
    let before = d.avalon_view();
    let out = d.avalon("host_answer", json!({"seat": 0, "approve": true}));
    assert_eq!(codes(&out), vec!["avalon.host_cannot_play_mission"]);
    assert_eq!(d.avalon_view(), before);
    assert!(out[0]["message"].as_str().unwrap().contains("only the player"));
}

#[test]
fn play_again_keeps_the_players_and_the_characters() {
    let mut d = Driver::new(37);
    d.touch(json!({"touch": "choose_game", "game": "avalon"}));
    let names = ["Anna", "Bruno", "Carla", "Dario", "Elena"];
    let roles = tavola_tests::role_set(5, &["percival", "morgana"]);
    d.avalon("setup", json!({"roles": {"roles": roles}, "names": names, "options": {"lady_of_the_lake": true}}));
    d.avalon("end_night", json!({}));
    let out = d.touch(json!({"touch": "play_again"}));
    assert_eq!(codes(&out), vec!["avalon.game_not_over"]);
    for _ in 0..5 {
        d.avalon("propose_team", json!({"team": [0, 1]}));
        d.everyone_votes(5, "reject");
    }
    assert_eq!(phase(&mut d)["phase"], "ended");
    let first = d.avalon_view();
    let out = d.touch(json!({"touch": "play_again"}));
    let set_up = events(&out, "set_up")[0];
    assert_eq!(set_up["setup"]["names"], json!(names));
    assert_eq!(set_up["setup"]["options"]["lady_of_the_lake"], true);
    let v = d.avalon_view();
    assert_eq!(v["role_set"], first["role_set"]);
    assert_eq!(v["phase"]["phase"], "night");
    assert_eq!(v["score"], json!([0, 0]));
    // Reseated: the same people in a new order.
    d.avalon("end_night", json!({}));
    for _ in 0..5 {
        d.avalon("propose_team", json!({"team": [0, 1]}));
        d.everyone_votes(5, "reject");
    }
    let reseated = ["Elena", "Anna", "Bruno", "Carla", "Dario"];
    d.touch(json!({"touch": "play_again", "names": reseated}));
    assert_eq!(d.avalon_view()["names"], json!(reseated));
}

#[test]
fn a_private_reveal_and_the_held_cards_survive_a_restart() {
    let dir = tavola_tests::Scratch::new("avalon-options");
    let open = |resume| {
        Driver::open(tavola::headless::Options { seed: 41, db: Some(dir.db()), resume, ..Default::default() })
            .expect("the journal opens")
    };
    let five = ["merlin", "loyal-servant", "loyal-servant", "assassin", "minion"];
    {
        let mut d = open(false);
        start(&mut d, &five, json!({"excalibur": true}), None);
        d.avalon("propose_team", json!({"team": [0, 1], "excalibur": 1}));
        d.everyone_votes(5, "approve");
        d.press(0, "reject");
        d.press(1, "approve");
        // The power goes while the holder is deciding: the held cards stay.
    }
    let mut d = open(true);
    let p = phase(&mut d);
    assert_eq!(p, json!({"phase": "excalibur", "holder": 1, "targets": [0]}), "nothing to play again");
    d.avalon("use_excalibur", json!({"target": 0}));
    drop(d);
    // The power goes while the holder is looking: the reveal is still there.
    let mut d = open(true);
    assert_eq!(phase(&mut d), json!({"phase": "private", "viewer": 1, "about": 0, "what": "mission_card"}));
    let out = d.touch(json!({"touch": "peek"}));
    assert_eq!(out[0]["reveal"]["shows"], json!({"kind": "mission_card", "value": "fail"}));
    let out = d.avalon("reveal_seen", json!({}));
    assert_eq!(events(&out, "mission_revealed")[0]["succeeded"], true);
}

#[test]
fn a_private_reveal_cannot_be_taken_back() {
    let mut d = Driver::new(42);
    let five = ["merlin", "loyal-servant", "loyal-servant", "assassin", "minion"];
    start(&mut d, &five, json!({"excalibur": true}), None);
    d.avalon("propose_team", json!({"team": [0, 1], "excalibur": 1}));
    d.everyone_votes(5, "approve");
    d.press(0, "approve");
    d.press(1, "approve");
    d.avalon("use_excalibur", json!({"target": 0}));
    d.touch(json!({"touch": "peek"}));
    // Taking it back would let the holder look at another card.
    let out = d.touch(json!({"touch": "undo"}));
    assert_eq!(codes(&out), vec!["table.cannot_undo"]);
    assert_eq!(phase(&mut d)["phase"], "private");
}

#[test]
fn the_journal_counts_a_switched_lancelot_among_the_winners() {
    // A seed whose three first loyalty cards hold one switch: the Lancelots
    // end the game on each other's side.
    let seed = (0..100)
        .find(|&seed| {
            let mut d = Driver::new(seed);
            let out = start(&mut d, &LANCELOT_FIVE, json!({"lancelot": "v2"}), Some(&LANCELOT_CARDS));
            let deck = events(&out, "set_up")[0]["loyalty_deck"].clone();
            (0..3).filter(|&i| deck[i] == "switch").count() == 1
        })
        .expect("some seed");
    let dir = tavola_tests::Scratch::new("lancelot-winners");
    let mut d = Driver::open(tavola::headless::Options { seed, db: Some(dir.db()), ..Default::default() }).unwrap();
    start(&mut d, &LANCELOT_FIVE, json!({"lancelot": "v2"}), Some(&LANCELOT_CARDS));
    // The Assassin (seat 3) fails three missions.
    for team in [&[3, 0][..], &[3, 0, 2], &[3, 0]] {
        round(&mut d, team, None, &[3]);
    }
    assert_eq!(d.avalon_view()["phase"]["winner"], "evil");
    assert_eq!(d.avalon_view()["lancelot"]["switched"], true);
    drop(d);
    let journal = tavola_core::journal::Journal::open(dir.db()).unwrap().journal;
    let history = journal.history().unwrap();
    let result = history[0].info.result.clone().expect("a result");
    let winners: Vec<u8> = result.winners.expect("roles known").iter().map(|s| s.0).collect();
    assert_eq!(winners, vec![1, 3], "Good Lancelot ended on the side of evil and wins with it");
}
