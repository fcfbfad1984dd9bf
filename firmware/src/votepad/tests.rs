use super::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::vec::Vec;

use Button::{Approve as A, Reject as R};

fn pad() -> VotePad {
    VotePad::new(PadConfig::default())
}

fn drain(pad: &mut VotePad, now: u64) -> Vec<PadEvent> {
    let mut v = Vec::new();
    pad.poll(now, &mut |e| v.push(e));
    v
}

fn votes(events: &[PadEvent]) -> Vec<PadEvent> {
    events.iter().copied().filter(|e| matches!(e, PadEvent::Vote { .. })).collect()
}

/// Presses (with `bounces` toggles 3 ms apart) at `t`, holds, releases (with bounces) at `t + hold`.
fn bouncy_click(pad: &mut VotePad, t: u64, seat: u8, b: Button, bounces: u32, hold: u64) {
    let mut level = false;
    for i in 0..bounces {
        level = !level;
        pad.set_level(t + 3 * u64::from(i), seat, b, level);
    }
    pad.set_level(t + 3 * u64::from(bounces), seat, b, true);
    let up = t + hold;
    for i in 0..bounces {
        pad.set_level(up + 3 * u64::from(i), seat, b, i % 2 == 1);
    }
    pad.set_level(up + 3 * u64::from(bounces), seat, b, false);
}

#[test]
fn clean_click_is_one_vote() {
    let mut p = pad();
    p.set_level(0, 2, A, true);
    assert_eq!(drain(&mut p, 29), []);
    assert_eq!(drain(&mut p, 30), [PadEvent::Pressed { seat: 2, button: A }]);
    assert!(p.is_pressed(2, A));
    p.set_level(200, 2, A, false);
    assert_eq!(drain(&mut p, 229), []);
    assert_eq!(drain(&mut p, 230), [PadEvent::Released { seat: 2, button: A }, PadEvent::Vote { seat: 2, button: A }]);
}

#[test]
fn bouncing_press_and_release_give_exactly_one_vote() {
    let mut p = pad();
    // 5 fast toggles, then stable down; release with bounces as well.
    bouncy_click(&mut p, 1000, 0, R, 5, 300);
    let ev = drain(&mut p, 5000);
    assert_eq!(
        ev,
        [
            PadEvent::Pressed { seat: 0, button: R },
            PadEvent::Released { seat: 0, button: R },
            PadEvent::Vote { seat: 0, button: R }
        ]
    );
}

#[test]
fn chatter_shorter_than_debounce_gives_nothing() {
    let mut p = pad();
    for i in 0..50u64 {
        p.set_level(i * 10, 1, A, i % 2 == 0);
    }
    // Last level written at t=490 is "up" (i = 49 is odd).
    assert_eq!(drain(&mut p, 2000), []);
    assert!(!p.is_pressed(1, A));
}

#[test]
fn repeating_the_same_level_does_not_restart_debounce() {
    let mut p = pad();
    for t in 0..40 {
        p.set_level(t, 0, A, true);
    }
    assert_eq!(drain(&mut p, 30), [PadEvent::Pressed { seat: 0, button: A }]);
}

#[test]
fn stuck_button_reports_once_and_never_votes() {
    let mut p = pad();
    p.set_level(0, 4, A, true);
    assert_eq!(drain(&mut p, 5029), [PadEvent::Pressed { seat: 4, button: A }]);
    assert_eq!(drain(&mut p, 5030), [PadEvent::Stuck { seat: 4, button: A }]);
    assert!(p.is_stuck(4, A));
    assert_eq!(drain(&mut p, 60_000), []);
    p.set_level(60_000, 4, A, false);
    assert_eq!(
        drain(&mut p, 61_000),
        [PadEvent::Released { seat: 4, button: A }, PadEvent::Unstuck { seat: 4, button: A }]
    );
    assert!(!p.is_stuck(4, A));
    // The button works again afterwards.
    bouncy_click(&mut p, 62_000, 4, A, 2, 200);
    assert_eq!(votes(&drain(&mut p, 70_000)), [PadEvent::Vote { seat: 4, button: A }]);
}

#[test]
fn a_stuck_button_does_not_block_the_other_one() {
    let mut p = pad();
    p.set_level(0, 3, A, true);
    drain(&mut p, 6000);
    bouncy_click(&mut p, 7000, 3, R, 3, 200);
    let ev = drain(&mut p, 8000);
    assert_eq!(votes(&ev), [PadEvent::Vote { seat: 3, button: R }]);
    assert!(!ev.iter().any(|e| matches!(e, PadEvent::BothPressed { .. })));
}

#[test]
fn other_button_held_while_one_gets_stuck_gives_no_vote() {
    let mut p = pad();
    p.set_level(0, 0, A, true);
    p.set_level(100, 0, R, true);
    p.set_level(6000, 0, R, false);
    p.set_level(7000, 0, A, false);
    let ev = drain(&mut p, 8000);
    assert_eq!(votes(&ev), []);
    assert!(ev.contains(&PadEvent::BothPressed { seat: 0 }));
    assert!(ev.contains(&PadEvent::Stuck { seat: 0, button: A }));
    assert!(ev.contains(&PadEvent::Stuck { seat: 0, button: R }));
}

#[test]
fn stuck_timeout_while_release_is_still_bouncing_counts_as_stuck() {
    let mut p = pad();
    p.set_level(0, 0, A, true);
    p.set_level(5010, 0, A, false); // pressed counted at 30: stuck at 5030, release settles at 5040
    let ev = drain(&mut p, 6000);
    assert_eq!(
        ev,
        [
            PadEvent::Pressed { seat: 0, button: A },
            PadEvent::Stuck { seat: 0, button: A },
            PadEvent::Released { seat: 0, button: A },
            PadEvent::Unstuck { seat: 0, button: A }
        ]
    );
}

#[test]
fn both_buttons_in_one_gesture_give_no_vote() {
    let mut p = pad();
    p.set_level(0, 1, A, true);
    p.set_level(100, 1, R, true);
    p.set_level(200, 1, A, false);
    p.set_level(210, 1, R, false);
    let ev = drain(&mut p, 1000);
    assert_eq!(
        ev,
        [
            PadEvent::Pressed { seat: 1, button: A },
            PadEvent::Pressed { seat: 1, button: R },
            PadEvent::BothPressed { seat: 1 },
            PadEvent::Released { seat: 1, button: A },
            PadEvent::Released { seat: 1, button: R },
        ]
    );
}

#[test]
fn second_button_tapped_during_a_hold_cancels_the_vote() {
    let mut p = pad();
    p.set_level(0, 1, A, true);
    p.set_level(100, 1, R, true);
    p.set_level(200, 1, R, false);
    p.set_level(400, 1, A, false);
    let ev = drain(&mut p, 1000);
    assert_eq!(votes(&ev), []);
    assert_eq!(ev.iter().filter(|e| **e == PadEvent::BothPressed { seat: 1 }).count(), 1);
    // The next clean gesture votes normally.
    bouncy_click(&mut p, 2000, 1, R, 0, 100);
    assert_eq!(votes(&drain(&mut p, 3000)), [PadEvent::Vote { seat: 1, button: R }]);
}

#[test]
fn two_seats_at_once() {
    let mut p = pad();
    p.set_level(0, 0, A, true);
    p.set_level(5, 9, R, true);
    p.set_level(100, 9, R, false);
    p.set_level(150, 0, A, false);
    let ev = drain(&mut p, 1000);
    assert_eq!(votes(&ev), [PadEvent::Vote { seat: 9, button: R }, PadEvent::Vote { seat: 0, button: A }]);
}

#[test]
fn seats_are_independent() {
    let mut p = pad();
    // Seat 2 presses both, seat 3 votes, seat 4 gets stuck, all overlapping.
    p.set_level(0, 2, A, true);
    p.set_level(0, 4, R, true);
    p.set_level(10, 3, R, true);
    p.set_level(50, 2, R, true);
    p.set_level(300, 3, R, false);
    p.set_level(400, 2, A, false);
    p.set_level(400, 2, R, false);
    let ev = drain(&mut p, 10_000);
    assert_eq!(votes(&ev), [PadEvent::Vote { seat: 3, button: R }]);
    assert!(ev.contains(&PadEvent::BothPressed { seat: 2 }));
    assert!(ev.contains(&PadEvent::Stuck { seat: 4, button: R }));
    assert!(!ev.iter().any(|e| matches!(e, PadEvent::BothPressed { seat: 3 } | PadEvent::BothPressed { seat: 4 })));
}

#[test]
fn late_poll_catches_up_in_time_order() {
    let mut p = pad();
    bouncy_click(&mut p, 0, 5, A, 3, 100);
    bouncy_click(&mut p, 500, 5, R, 3, 100);
    p.set_level(1000, 6, A, true);
    p.set_level(9000, 6, A, false);
    let ev = drain(&mut p, 20_000);
    assert_eq!(
        ev,
        [
            PadEvent::Pressed { seat: 5, button: A },
            PadEvent::Released { seat: 5, button: A },
            PadEvent::Vote { seat: 5, button: A },
            PadEvent::Pressed { seat: 5, button: R },
            PadEvent::Released { seat: 5, button: R },
            PadEvent::Vote { seat: 5, button: R },
            PadEvent::Pressed { seat: 6, button: A },
            PadEvent::Stuck { seat: 6, button: A },
            PadEvent::Released { seat: 6, button: A },
            PadEvent::Unstuck { seat: 6, button: A },
        ]
    );
}

#[test]
fn unknown_seat_is_ignored_and_reported_once() {
    let mut p = VotePad::new(PadConfig { seats: 4, ..PadConfig::default() });
    p.set_level(0, 4, A, true);
    p.set_level(10, 4, A, false);
    p.set_level(20, 200, R, true);
    p.set_level(100, 4, A, true);
    assert_eq!(drain(&mut p, 1000), [PadEvent::UnknownSeat { seat: 4 }, PadEvent::UnknownSeat { seat: 200 }]);
    assert!(!p.is_pressed(4, A));
}

#[test]
fn config_is_clamped_or_refused() {
    let p = VotePad::new(PadConfig { seats: 40, ..PadConfig::default() });
    assert_eq!(p.config().seats, MAX_SEATS);
    assert_eq!(
        VotePad::try_new(PadConfig { seats: 11, ..PadConfig::default() }).err(),
        Some(PadConfigError::Seats(11))
    );
    assert_eq!(VotePad::try_new(PadConfig { seats: 0, ..PadConfig::default() }).err(), Some(PadConfigError::Seats(0)));
    assert_eq!(
        VotePad::try_new(PadConfig { seats: 2, debounce_ms: 30, stuck_ms: 30 }).err(),
        Some(PadConfigError::StuckNotAfterDebounce)
    );
    assert!(VotePad::try_new(PadConfig { seats: 2, debounce_ms: 30, stuck_ms: 0 }).is_ok());
}

#[test]
fn stuck_check_can_be_disabled() {
    let mut p = VotePad::new(PadConfig { seats: 1, debounce_ms: 30, stuck_ms: 0 });
    p.set_level(0, 0, A, true);
    p.set_level(100_000, 0, A, false);
    assert_eq!(votes(&drain(&mut p, 200_000)), [PadEvent::Vote { seat: 0, button: A }]);
}

#[test]
fn zero_debounce_takes_levels_at_once() {
    let mut p = VotePad::new(PadConfig { seats: 1, debounce_ms: 0, stuck_ms: 1000 });
    p.set_level(0, 0, R, true);
    p.set_level(1, 0, R, false);
    assert_eq!(votes(&drain(&mut p, 1)), [PadEvent::Vote { seat: 0, button: R }]);
}

#[test]
fn time_going_backwards_is_harmless() {
    let mut p = pad();
    p.set_level(1000, 0, A, true);
    p.set_level(500, 0, A, false); // treated as t=1000: the press never settles
    assert_eq!(drain(&mut p, 900), []);
    assert_eq!(drain(&mut p, 5000), []);
}

#[test]
fn overflow_drops_newest_and_counts() {
    let mut p = pad();
    for i in 0..100u64 {
        bouncy_click(&mut p, i * 1000, (i % 10) as u8, A, 0, 100);
    }
    let ev = drain(&mut p, 200_000);
    assert_eq!(ev.len(), EVENT_QUEUE);
    assert_eq!(p.dropped_events(), 300 - EVENT_QUEUE as u32);
    assert_eq!(ev[0], PadEvent::Pressed { seat: 0, button: A });
}

#[test]
fn settling_reports_pending_levels() {
    let mut p = pad();
    assert!(!p.settling());
    p.set_level(0, 0, A, true);
    assert!(p.settling());
    drain(&mut p, 30);
    assert!(!p.settling());
}

/// Random bouncy gestures on random seats, one after another, with polls at random moments:
/// every gesture gives exactly the vote of its button, never two, never a lost one.
#[test]
fn random_bouncy_gestures_vote_exactly_once() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x007a_601a);
    for _round in 0..300 {
        let mut p = pad();
        let mut t = 0u64;
        let mut expected = Vec::new();
        let mut got = Vec::new();
        for _ in 0..20 {
            let seat = rng.random_range(0..MAX_SEATS);
            let b = if rng.random() { A } else { R };
            let bounces = rng.random_range(0..8);
            let hold = rng.random_range(60..4900);
            bouncy_click(&mut p, t, seat, b, bounces, hold);
            expected.push(PadEvent::Vote { seat, button: b });
            t += hold + 100;
            if rng.random_ratio(1, 3) {
                p.poll(t, &mut |e| got.push(e));
            }
        }
        p.poll(t + 10_000, &mut |e| got.push(e));
        assert_eq!(votes(&got), expected);
        assert_eq!(p.dropped_events(), 0);
    }
}
