//! Property checks shared by every game: random command sequences that never
//! panic, invariants after every event, replay and serde round trips.
//!
//! A game takes part by implementing [`Fuzz`]; `tests/tests/properties.rs`
//! runs [`check_game`] for each game with thousands of seeded sequences.

use super::{Ctx, Game, GameEvent, GameRng};
use std::fmt::Write as _;

/// A game that can produce random commands for property tests.
pub trait Fuzz: Game {
    /// A random command for the current state: mostly plausible ones that
    /// move the game on, with a share of wrong ones (bad seats, wrong sizes,
    /// wrong phase) that must be refused without harm.
    fn random_command(&self, rng: &mut GameRng) -> Self::Command;
}

/// A game played to its end (or `max_steps`) with random commands.
#[derive(Debug, Clone)]
pub struct Recorded<G: Game> {
    /// Where it ended.
    pub state: G,
    /// The accepted commands, in order.
    pub commands: Vec<G::Command>,
    /// Per accepted command, the events the table stores (transient ones
    /// left out; commands whose events are all transient left out too).
    pub stored: Vec<Vec<G::Event>>,
}

/// Plays a seeded random game (for benchmarks and storage tests).
pub fn recorded_game<G: Fuzz>(seed: u64, max_steps: usize) -> Recorded<G> {
    let mut rng = Ctx::seeded(seed);
    let mut state = G::default();
    let (mut commands, mut stored) = (Vec::new(), Vec::new());
    for _ in 0..max_steps {
        if state.is_over() {
            break;
        }
        let cmd = state.random_command(&mut rng);
        if let Ok(events) = state.execute(&cmd, &mut rng) {
            commands.push(cmd);
            let kept: Vec<G::Event> = events.into_iter().filter(|e| !e.is_transient()).collect();
            if !kept.is_empty() {
                stored.push(kept);
            }
        }
    }
    Recorded { state, commands, stored }
}

/// What a property run saw.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Report {
    /// Sequences played.
    pub games: usize,
    /// Commands tried.
    pub commands: usize,
    /// Commands refused with a rule error.
    pub refused: usize,
    /// Events applied.
    pub events: usize,
    /// Sequences that reached the end of the game.
    pub finished: usize,
}

/// Steps between two full replays of a game's history.
const REPLAY_EVERY: usize = 5;

/// Plays `games` random sequences of at most `max_steps` commands each, from
/// seeds `seed..seed+games`, checking after every step that:
/// - a refused command left the state untouched;
/// - every invariant holds after every event;
/// - replaying all events reproduces the state, and replaying only the
///   stored (non-transient) ones lands in a sound state (every few steps and
///   at the end of each game);
/// - the state survives a serde (JSON) round trip, and so do the events.
///
/// Returns the first failure with the seed and step that reproduce it.
pub fn check_game<G: Fuzz>(seed: u64, games: usize, max_steps: usize) -> Result<Report, String> {
    let mut report = Report::default();
    for g in 0..games {
        let game_seed = seed.wrapping_add(g as u64);
        let mut rng = Ctx::seeded(game_seed);
        let mut state = G::default();
        let mut history: Vec<G::Event> = Vec::new();
        let mut trail = String::new();
        for step in 0..max_steps {
            let cmd = state.random_command(&mut rng);
            let _ = writeln!(trail, "{step}: {cmd:?}");
            report.commands += 1;
            let fail = |what: String| format!("seed {game_seed}, step {step}: {what}\ncommands:\n{trail}");
            match state.decide(&cmd, &mut rng) {
                Err(_) => report.refused += 1,
                Ok(events) => {
                    for e in &events {
                        state.apply(e);
                        report.events += 1;
                        state
                            .check_invariants()
                            .map_err(|why| fail(format!("after {e:?}: invariant broken: {why}")))?;
                        if e.redacted().is_some_and(|r| serde_json::to_string(&r).is_err()) {
                            return Err(fail(format!("public form of {e:?} does not serialise")));
                        }
                    }
                    history.extend(events);
                }
            }
            let last = state.is_over() || step + 1 == max_steps;
            // Replaying is quadratic over a game: check every few steps and at the end.
            if step % REPLAY_EVERY == 0 || last {
                if G::replay(&history) != state {
                    return Err(fail("replaying the events gives another state".into()));
                }
                // What the journal keeps (no transient events) must also replay
                // into a sound state: a resume after a power cut.
                G::replay(history.iter().filter(|e| !e.is_transient()))
                    .check_invariants()
                    .map_err(|why| fail(format!("replay of the stored events only: {why}")))?;
            }
            let json = serde_json::to_string(&state).map_err(|e| fail(format!("serialise: {e}")))?;
            let back: G = serde_json::from_str(&json).map_err(|e| fail(format!("deserialise: {e}")))?;
            if back != state {
                return Err(fail("serde round trip changed the state".into()));
            }
            if last {
                let events_json = serde_json::to_string(&history).map_err(|e| fail(format!("events: {e}")))?;
                let events_back: Vec<G::Event> =
                    serde_json::from_str(&events_json).map_err(|e| fail(format!("events back: {e}")))?;
                if events_back != history {
                    return Err(fail("serde round trip changed the events".into()));
                }
            }
            if state.is_over() {
                report.finished += 1;
                break;
            }
        }
        report.games += 1;
    }
    Ok(report)
}
