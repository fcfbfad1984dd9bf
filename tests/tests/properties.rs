//! Property tests for every rules engine: thousands of seeded random command
//! sequences never panic, keep every invariant after every event, replay to
//! the same state, and survive a serde round trip.
//!
//! A failure prints the seed and the commands that reproduce it.

use tavola::games::avalon::Avalon;
use tavola::games::soc::Soc;
use tavola::games::testkit::{check_game, Fuzz, Report};

fn check<G: Fuzz>(name: &str, seed: u64, games: usize) -> Report {
    let report = check_game::<G>(seed, games, 400).unwrap_or_else(|failure| panic!("{name}: {failure}"));
    println!("{name}: {report:?}");
    assert_eq!(report.games, games);
    assert!(report.refused > 0, "{name}: the random commands never tried anything illegal");
    assert!(report.finished * 2 > games, "{name}: fewer than half the games reached an end: {report:?}");
    report
}

#[test]
fn avalon_random_games_keep_every_rule() {
    check::<Avalon>("avalon", 0x7A70_1A00, 3_000);
}

#[test]
fn shadows_over_camelot_random_games_keep_every_rule() {
    check::<Soc>("soc", 0x50C0_CA3E, 1_000);
}
