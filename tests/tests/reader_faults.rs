//! Reader faults during a game, through the headless driver, the firmware's
//! reader session and the simulated MFRC522: each ends in a clear notice or
//! in nothing at all, never in a wrong card, and the game stays as it was.

use serde_json::{json, Value};
use tavola_tests::{codes, events, Driver};

/// A 5-player game waiting for the first character card.
fn scanning() -> Driver {
    let mut d = Driver::new(21);
    d.touch(json!({"touch": "choose_game", "game": "avalon"}));
    d.avalon("setup", json!({"roles": {"roles": tavola_tests::role_set(5, &[])}, "scan_roles": true}));
    assert_eq!(d.avalon_view()["phase"]["phase"], "role_scan");
    d
}

fn recorded(out: &[Value]) -> usize {
    events(out, "role_recorded").len()
}

#[test]
fn one_garbled_answer_is_read_again_and_the_card_counts_once() {
    for fault in ["crc", "collision", "truncated", "corrupted"] {
        let mut d = scanning();
        d.send(json!({ "fault": fault }));
        let mut out = d.send(json!({"tag": "placed", "uid": "04112233445566", "card": "avalon/role/merlin"}));
        out.extend(d.wait(500));
        assert_eq!(recorded(&out), 1, "{fault}: the card is read on a later poll: {out:?}");
        assert_eq!(d.avalon_view()["phase"]["done"], 1);
        assert!(codes(&out).iter().all(|c| !c.starts_with("common.") && !c.starts_with("avalon.")), "{fault}: {out:?}");
    }
}

#[test]
fn a_tag_pulled_away_mid_read_gives_nothing() {
    let mut d = scanning();
    let before = d.avalon_view();
    d.send(json!({"fault": "pulled"}));
    let mut out = d.send(json!({"tag": "placed", "uid": "04112233445566", "card": "avalon/role/merlin"}));
    out.extend(d.wait(2_000));
    assert_eq!(recorded(&out), 0, "a half-read tag never yields a card: {out:?}");
    assert_eq!(d.avalon_view(), before);
}

#[test]
fn a_dead_reader_is_reported_once_and_the_game_goes_on_with_it_back() {
    for (fault, words) in [
        ("dead_low", "No NFC reader answers"),
        ("dead_high", "No NFC reader answers"),
        ("stalled", "stopped answering"),
    ] {
        let mut d = scanning();
        let before = d.avalon_view();
        let mut out = d.send(json!({ "fault": fault }));
        out.extend(d.wait(300));
        out.extend(d.send(json!({"tag": "placed", "uid": "04112233445566", "card": "avalon/role/merlin"})));
        out.extend(d.wait(5_000));
        let notices: Vec<&Value> = out.iter().filter(|o| o["code"] == "hw.reader").collect();
        assert_eq!(notices.len(), 1, "{fault}: said once, not on every poll: {out:?}");
        assert!(notices[0]["message"].as_str().unwrap().contains(words), "{fault}: {notices:?}");
        assert_eq!(recorded(&out), 0);
        assert_eq!(d.avalon_view(), before, "{fault}: the game is untouched");
        // The reader comes back: Tavola says so and reads the card lying there.
        let mut out = d.send(json!({"fault": "clear"}));
        out.extend(d.wait(3_000));
        assert!(codes(&out).contains(&"hw.reader.ok".to_string()), "{fault}: {out:?}");
        assert_eq!(recorded(&out), 1, "{fault}: the card on the reader is read once it is back: {out:?}");
    }
}

#[test]
fn a_blank_tag_and_a_uid_only_tag_ask_to_be_learned() {
    let mut d = scanning();
    let before = d.avalon_view();
    let out = d.send(json!({"tag": "placed", "uid": "04A1B2C3D4E5F6"}));
    assert_eq!(codes(&out), vec!["table.unknown_tag"]);
    assert!(out[0]["message"].as_str().unwrap().contains("04A1B2C3D4E5F6"));
    let out = d.send(json!({"tag": "placed", "uid": "A1B2C3D4", "card": "avalon/role/merlin"}));
    assert_eq!(codes(&out), vec!["table.unknown_tag"], "a MIFARE Classic carries no card id: {out:?}");
    assert_eq!(d.avalon_view(), before);
}

#[test]
fn a_tag_lying_on_the_reader_is_one_scan() {
    let mut d = scanning();
    let mut out = d.send(json!({"tag": "placed", "uid": "04112233445566", "card": "avalon/role/merlin"}));
    out.extend(d.wait(10_000));
    assert_eq!(recorded(&out), 1);
    // Lifted and laid again after a while: a second scan (refused: the card was tapped already).
    d.send(json!({"tag": "removed"}));
    d.wait(2_000);
    let out = d.send(json!({"tag": "placed", "uid": "04112233445566", "card": "avalon/role/merlin"}));
    assert_eq!(codes(&out), vec!["avalon.card_already_tapped"]);
}
