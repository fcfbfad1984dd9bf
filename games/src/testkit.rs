//! Property checks shared by every game: random command sequences that never
//! panic, invariants after every event, replay and serde round trips, and
//! the engine's list of legal commands held to what `decide` does.
//!
//! A game takes part by implementing [`Fuzz`]; `tests/tests/properties.rs`
//! runs [`check_game`] for each game with thousands of seeded sequences.

use super::{Ctx, Game, GameEvent, GameRng, Legal};
use std::fmt::Write as _;

/// One command in this many is a [`Fuzz::wild`] one.
const WILD_ONE_IN: usize = 8;

/// A game that can produce random commands for property tests. The
/// commands are drawn from [`Game::legal`]: no fuzzer keeps its own copy
/// of the rules.
pub trait Fuzz: Game {
    /// Values for an open command `legal` lists (a card on the reader, the
    /// fight cards, the setup): mostly what `choice` says the rules allow,
    /// now and then a wrong one, which must be refused without harm.
    fn fill(&self, command: &Self::Command, choice: &Self::Choice, rng: &mut GameRng) -> Self::Command;

    /// A command that is probably wrong now (a bad seat, a card of another
    /// game, another moment's command), which must be refused without harm
    /// unless `legal` lists it.
    fn wild(&self, rng: &mut GameRng) -> Self::Command;

    /// How often a listed command is drawn against the others (1 by
    /// default): a table plays far more than it corrects a count.
    fn weight(&self, legal: &Legal<Self::Command, Self::Choice>) -> u32 {
        let _ = legal;
        1
    }

    /// Whether `given` asks what the listed `listed` asks: equal, or equal
    /// but for a value the engine ignores there.
    fn same(&self, listed: &Self::Command, given: &Self::Command) -> bool {
        listed == given
    }

    /// A random command for the current state: mostly one `legal` lists
    /// (an open one filled by [`Fuzz::fill`]), with a share of
    /// [`Fuzz::wild`] ones.
    fn random_command(&self, rng: &mut GameRng) -> Self::Command {
        draw(self, &self.legal(), rng).0
    }
}

/// Where a random command came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Drawn {
    /// A whole command `legal` lists: `decide` must accept it.
    Exact,
    /// Listed as far as the table may know, or filled in: either way.
    Listed,
    /// A wild one: refused unless `legal` lists it.
    Wild,
}

fn draw<G: Fuzz>(game: &G, legal: &[Legal<G::Command, G::Choice>], rng: &mut GameRng) -> (G::Command, Drawn) {
    let total: u32 = legal.iter().map(|l| game.weight(l)).sum();
    if total == 0 || rng.below(WILD_ONE_IN) == 0 {
        return (game.wild(rng), Drawn::Wild);
    }
    let mut at = rng.below(total as usize) as u32;
    for l in legal {
        let w = game.weight(l);
        if at < w {
            return match l {
                Legal::Exact(c) => (c.clone(), Drawn::Exact),
                Legal::Secret(c) => (c.clone(), Drawn::Listed),
                Legal::Open(c, choice) => (game.fill(c, choice, rng), Drawn::Listed),
            };
        }
        at -= w;
    }
    (game.wild(rng), Drawn::Wild)
}

/// Whether `legal` lists `command`: the same as a whole one, or of the
/// kind of an open one.
fn lists<G: Fuzz>(game: &G, legal: &[Legal<G::Command, G::Choice>], command: &G::Command) -> bool {
    legal.iter().any(|l| match l {
        Legal::Exact(c) | Legal::Secret(c) => game.same(c, command),
        Legal::Open(c, _) => std::mem::discriminant(c) == std::mem::discriminant(command),
    })
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
    /// Whole commands `legal` listed that `decide` was asked (all accepted).
    pub listed_accepted: usize,
    /// Wild commands `legal` did not list that `decide` was asked (all refused).
    pub unlisted_refused: usize,
    /// Steps at which the table timed a window (each one the game declares).
    pub timed: usize,
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
/// - the state survives a serde (JSON) round trip, and so do the events;
/// - the window the table times, if any, is one of the game's
///   [`Game::WINDOWS`].
///
/// - every whole command `legal` lists is accepted (the one drawn, and one
///   more listed command per step), and a wild command `legal` does not
///   list is refused.
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
            let legal = state.legal();
            let (cmd, drawn) = draw(&state, &legal, &mut rng);
            let _ = writeln!(trail, "{step}: {cmd:?}");
            report.commands += 1;
            let fail = |what: String| format!("seed {game_seed}, step {step}: {what}\ncommands:\n{trail}");
            // One more whole command of the list, not played: accepted too.
            let exact: Vec<&G::Command> = legal
                .iter()
                .filter_map(|l| match l {
                    Legal::Exact(c) => Some(c),
                    _ => None,
                })
                .collect();
            if !exact.is_empty() {
                let other = exact[rng.below(exact.len())];
                if let Err(why) = state.decide(other, &mut rng.clone()) {
                    return Err(fail(format!("legal lists {other:?}, which decide refuses: {why:?}")));
                }
                report.listed_accepted += 1;
            }
            match state.decide(&cmd, &mut rng) {
                Err(why) => {
                    report.refused += 1;
                    match drawn {
                        Drawn::Exact => {
                            return Err(fail(format!("legal lists {cmd:?}, which decide refuses: {why:?}")))
                        }
                        Drawn::Wild if !lists(&state, &legal, &cmd) => report.unlisted_refused += 1,
                        _ => {}
                    }
                }
                Ok(events) => {
                    match drawn {
                        Drawn::Exact => report.listed_accepted += 1,
                        Drawn::Wild if !lists(&state, &legal, &cmd) => {
                            return Err(fail(format!("decide accepts {cmd:?}, which legal does not list: {legal:?}")));
                        }
                        _ => {}
                    }
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
            // The window the table times is one the game declares: Settings
            // lists it and the owner can set it.
            if let Some((window, _)) = state.waiting().and_then(|w| w.timer) {
                if !G::WINDOWS.contains(window) {
                    return Err(fail(format!("the table times `{}`, not in the game's WINDOWS", window.name)));
                }
                report.timed += 1;
            }
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
                // Every ending has its words, read back from its stored codes.
                let outcome = state.outcome().ok_or_else(|| fail("over without an outcome".into()))?;
                if G::outcome_words(&outcome.winner, &outcome.reason).is_none() {
                    return Err(fail(format!("no words for the ending {outcome:?}")));
                }
                report.finished += 1;
                break;
            }
        }
        report.games += 1;
    }
    Ok(report)
}
