//! Property tests for every rules engine: thousands of seeded random command
//! sequences, drawn from what each engine lists as legal, never panic, keep
//! every invariant after every event, replay to the same state, and survive
//! a serde round trip; every whole command an engine lists is accepted, and
//! a wild one it does not list is refused.
//!
//! A failure prints the seed and the commands that reproduce it.

use tavola_games::avalon::Avalon;
use tavola_games::testkit::{check_game, Fuzz, Report};

fn check<G: Fuzz>(name: &str, seed: u64, games: usize) -> Report {
    let report = check_game::<G>(seed, games, 400).unwrap_or_else(|failure| panic!("{name}: {failure}"));
    println!("{name}: {report:?}");
    assert_eq!(report.games, games);
    assert!(report.refused > 0, "{name}: the random commands never tried anything illegal");
    assert!(report.listed_accepted > 0 && report.unlisted_refused > 0, "{name}: the list was not put to the test");
    assert!(report.finished * 2 > games, "{name}: fewer than half the games reached an end: {report:?}");
    report
}

/// Each game's run, a test of its own: its seed and its games. King
/// Arthur's Knights and Camelot Legends have none here: their games take
/// more steps than this run gives, and their own tests run them
/// (`games/src/kak/tests.rs`, `games/src/legends/tests.rs`).
macro_rules! property_run {
    (@test $module:ident $Engine:path, $seed:expr, $games:expr) => {
        mod $module {
            #[test]
            fn random_games_keep_every_rule() {
                super::check::<$Engine>(stringify!($module), $seed, $games);
            }
        }
    };
    (kak $Engine:path) => {};
    (legends $Engine:path) => {};
    (avalon $Engine:path) => {
        property_run!(@test avalon $Engine, 0x7A70_1A00, 3_000);
    };
    (soc $Engine:path) => {
        property_run!(@test soc $Engine, 0x50C0_CA3E, 1_000);
    };
    (nottingham $Engine:path) => {
        property_run!(@test nottingham $Engine, 0x0B07_7123, 1_000);
    };
    ($module:ident $Engine:path) => {
        property_run!(@test $module $Engine, 0x5EED_0001, 1_000);
    };
}

/// Every game of the list in the property run.
macro_rules! random_games_keep_every_rule {
    ($($module:ident::$Engine:ident)*) => {
        $(property_run!($module tavola_games::$module::$Engine);)*
    };
}
tavola_games::games!(@modules random_games_keep_every_rule);

/// Random games with random optional rules reach every rule, and the public
/// form of every event they store keeps the private reveals private.
#[test]
fn avalon_random_options_reach_every_rule_and_keep_reveals_private() {
    use std::collections::BTreeMap;
    use tavola_games::avalon::Event;
    use tavola_games::testkit::recorded_game;
    use tavola_games::GameEvent;
    let started = std::time::Instant::now();
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    let games = 1_500;
    for seed in 0..games {
        let game = recorded_game::<Avalon>(0xA7A1_0000 + seed, 400);
        for e in game.stored.iter().flatten() {
            let public = e.redacted().expect("every Avalon event has a public form");
            let kind = match (e, &public) {
                (Event::LadyExamined { loyalty: Some(_), .. }, Event::LadyExamined { loyalty: None, .. }) => {
                    "lady examined, loyalty kept private"
                }
                (Event::LadyExamined { .. }, _) => "lady examined without known roles",
                (Event::LoyaltyShown { loyalty: Some(_), .. }, Event::LoyaltyShown { loyalty: None, .. }) => {
                    "loyalty card tapped, kept private"
                }
                (Event::LoyaltyShown { .. }, _) => panic!("a tapped loyalty shown in public: {public:?}"),
                (
                    Event::ExcaliburUsed { target: Some(_), original: Some(_), .. },
                    Event::ExcaliburUsed { original: None, counts: None, .. },
                ) => "excalibur switched a card, kept private",
                (Event::ExcaliburUsed { target: None, .. }, _) => "excalibur kept",
                (Event::ExcaliburUsed { .. }, _) => panic!("a switched card shown in public: {public:?}"),
                (Event::LoyaltyCardTurned { card: tavola_games::avalon::LoyaltyCard::Switch, .. }, _) => {
                    "lancelots switched"
                }
                (Event::TeamProposed { mission: 4, .. }, _) => "fifth mission proposed",
                (Event::HostAnswered { .. }, _) => "host answered",
                (Event::GameEnded { .. }, _) => "game ended",
                _ => continue,
            };
            *seen.entry(kind).or_default() += 1;
        }
    }
    println!("avalon options, {games} games in {:?}: {seen:#?}", started.elapsed());
    for kind in [
        "lady examined, loyalty kept private",
        "lady examined without known roles",
        "loyalty card tapped, kept private",
        "excalibur switched a card, kept private",
        "excalibur kept",
        "lancelots switched",
        "fifth mission proposed",
        "host answered",
    ] {
        assert!(seen.get(kind).copied().unwrap_or(0) > 10, "random games reach “{kind}”: {seen:?}");
    }
    assert!(seen["game ended"] * 2 > games as usize, "most games end: {seen:?}");
}
