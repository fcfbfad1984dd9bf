//! The narration as the table hears it: lines in order, never over each
//! other, nothing dropped when the game moves on during a line, and the
//! host's controls.

use serde_json::json;
use tavola_core::hw::sim::speaking_time;
use tavola_tests::Driver;

#[test]
fn the_night_is_spoken_line_after_line_and_a_new_event_waits_its_turn() {
    let mut d = Driver::new(1);
    d.touch(json!({"touch": "choose_game", "game": "avalon"}));
    d.avalon("setup", json!({"roles": {"roles": tavola_tests::role_set(7, &["percival", "morgana", "oberon"])}}));
    d.wait(200_000);
    let night: Vec<_> = d.spoken();
    assert_eq!(night.first().unwrap().1.id, "avalon.night.close_all");
    assert_eq!(night.last().unwrap().1.id, "avalon.night.open_all");
    for pair in night.windows(2) {
        let ((t0, l0), (t1, _)) = (&pair[0], &pair[1]);
        assert!(
            *t1 >= t0 + speaking_time(l0) + u64::from(l0.pause_ms),
            "{} starts before {} ended",
            pair[1].1.id,
            l0.id
        );
    }
    // Two events in a row: the second line is queued behind the first.
    d.avalon("end_night", json!({}));
    let leader = d.avalon_view()["leader"].as_u64().unwrap();
    let team: Vec<u64> = (0..2).map(|i| (leader + i) % 7).collect();
    d.avalon("propose_team", json!({ "team": team }));
    d.wait(30_000);
    let day: Vec<_> = d.spoken().into_iter().skip(night.len()).filter(|(_, l)| l.id.starts_with("avalon.")).collect();
    let ids: Vec<&str> = day.iter().map(|(_, l)| l.id.as_str()).collect();
    assert_eq!(ids, vec!["avalon.round.leader", "avalon.vote.open"], "nothing dropped");
    assert!(day[1].0 >= day[0].0 + speaking_time(&day[0].1), "and not spoken over the first");
}

#[test]
fn the_host_pauses_repeats_and_skips() {
    let mut d = Driver::new(1);
    d.touch(json!({"touch": "choose_game", "game": "avalon"}));
    d.avalon("setup", json!({"roles": {"roles": tavola_tests::role_set(5, &[])}}));
    d.touch(json!({"touch": "narration", "control": {"do": "pause"}}));
    d.wait(120_000);
    assert_eq!(d.spoken().len(), 1, "only the line already started is said");
    assert_eq!(d.view()["narration_paused"], true);
    d.touch(json!({"touch": "narration", "control": {"do": "repeat"}}));
    assert_eq!(d.spoken().len(), 1, "paused: the repeat waits too");
    d.touch(json!({"touch": "narration", "control": {"do": "resume"}}));
    let said: Vec<String> = d.spoken().into_iter().map(|(_, l)| l.id).collect();
    assert_eq!(said, vec!["avalon.night.close_all", "avalon.night.close_all"], "the repeat comes first");
    d.touch(json!({"touch": "narration", "control": {"do": "skip"}}));
    assert_eq!(d.spoken().last().unwrap().1.id, "avalon.night.evil_open");
    d.touch(json!({"touch": "narration", "control": {"do": "volume", "percent": 35}}));
    assert_eq!(d.view()["volume"], 35);
}
