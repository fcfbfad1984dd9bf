//! Rules-engine speed: one Avalon command decided and applied, and a whole
//! recorded game replayed. Prints median and 99th percentile; the targets
//! are a median under 5 µs per command and a replay under 1 ms.

mod support;
use std::hint::black_box;
use std::time::{Duration, Instant};
use support::report;
use tavola_games::avalon::{Avalon, Command, Event};
use tavola_games::Game;

/// A whole game from random (seeded) commands: the accepted ones, in order,
/// and every event they produced.
fn recorded_game(seed: u64) -> (Vec<Command>, Vec<Event>) {
    let game = tavola_games::testkit::recorded_game::<Avalon>(seed, usize::MAX);
    let mut events = Vec::new();
    let mut replayed = Avalon::default();
    let mut rng = tavola_games::Ctx::seeded(seed);
    for cmd in &game.commands {
        if let Ok(evs) = replayed.execute(cmd, &mut rng) {
            events.extend(evs);
        }
    }
    (game.commands, events)
}

fn main() {
    // The longest of a few recorded games, so the replay is a hard case.
    let (commands, events) = (1..=20).map(recorded_game).max_by_key(|(_, e)| e.len()).unwrap();
    println!("recorded game: {} commands, {} events", commands.len(), events.len());

    let mut per_command = Vec::new();
    for round in 0..2_000u64 {
        let mut rng = tavola_games::Ctx::seeded(round);
        let mut state = Avalon::default();
        for cmd in &commands {
            let start = Instant::now();
            let evs = state.decide(black_box(cmd), &mut rng);
            if let Ok(evs) = &evs {
                for e in evs {
                    state.apply(e);
                }
            }
            per_command.push(start.elapsed());
            black_box(&evs);
        }
    }
    report("decide+apply, one Avalon command", per_command, Duration::from_micros(5));

    let mut replays = Vec::new();
    for _ in 0..2_000 {
        let start = Instant::now();
        let state = Avalon::replay(black_box(&events));
        replays.push(start.elapsed());
        black_box(state);
    }
    report(&format!("replay of a {}-event game", events.len()), replays, Duration::from_millis(1));
}
