//! Rules-engine speed: one Avalon command decided and applied, and a whole
//! recorded game replayed. Prints median and 99th percentile; the targets
//! are a median under 5 µs per command and a replay under 1 ms.

use std::hint::black_box;
use std::time::{Duration, Instant};
use tavola::games::avalon::{Avalon, Command, Event};
use tavola::games::testkit::Fuzz;
use tavola::games::{Game, GameRng};

/// A whole game from random (seeded) commands: the accepted ones, in order.
fn recorded_game(seed: u64) -> (Vec<Command>, Vec<Event>) {
    let mut rng = GameRng::seeded(seed);
    let mut state = Avalon::default();
    let (mut commands, mut events) = (Vec::new(), Vec::new());
    while !state.is_over() {
        let cmd = state.random_command(&mut rng);
        if let Ok(evs) = state.execute(&cmd, &mut rng) {
            commands.push(cmd);
            events.extend(evs);
        }
    }
    (commands, events)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn report(name: &str, mut samples: Vec<Duration>, target: Duration) {
    samples.sort();
    let median = percentile(&samples, 0.5);
    println!(
        "{name:<34} median {:>9.2?}  p99 {:>9.2?}  max {:>9.2?}  n={}  target {:?}: {}",
        median,
        percentile(&samples, 0.99),
        samples.last().unwrap(),
        samples.len(),
        target,
        if median < target { "met" } else { "MISSED" }
    );
}

fn main() {
    // The longest of a few recorded games, so the replay is a hard case.
    let (commands, events) = (1..=20).map(recorded_game).max_by_key(|(_, e)| e.len()).unwrap();
    println!("recorded game: {} commands, {} events", commands.len(), events.len());

    let mut per_command = Vec::new();
    for round in 0..2_000u64 {
        let mut rng = GameRng::seeded(round);
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
