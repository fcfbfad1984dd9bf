//! Whole Avalon games through the journal, on real files: every accepted
//! command's stored events are one entry; after closing and reopening the
//! file the effective history replays into the same game; undo and redo
//! agree with a model; finished games reach the history, the statistics
//! and the export.

use std::path::Path;
use tavola_core::journal::{parse_jsonl, GameMeta, GameResult, GameState, Journal, JournalError};
use tavola_core::table::AnyEvent;
use tavola_games::avalon::{Avalon, Event};
use tavola_games::testkit::{recorded_game, Fuzz};
use tavola_games::{Game, GameEvent, GameKind};
use tavola_tests::Scratch;

fn open(path: &Path) -> Journal {
    let opened = Journal::open(path).expect("open");
    assert!(opened.moved_aside.is_none(), "a sound file is never moved aside");
    opened.journal
}

/// One recorded game: the live state at the end and, per accepted command,
/// the events the journal is given (transient ones left out, as the table
/// does).
struct Recorded {
    state: Avalon,
    entries: Vec<Vec<AnyEvent>>,
}

fn record(seed: u64) -> Recorded {
    let game = recorded_game::<Avalon>(seed, 2_000);
    let entries = game.stored.into_iter().map(|c| c.into_iter().map(AnyEvent::Avalon).collect()).collect();
    Recorded { state: game.state, entries }
}

fn avalon_events(events: &[AnyEvent]) -> Vec<Event> {
    events
        .iter()
        .filter_map(|e| match e {
            AnyEvent::Avalon(e) => Some(e.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn whole_random_games_round_trip_through_the_file() {
    let scratch = Scratch::new("journal-round-trip");
    let mut finished = 0;
    let mut ids = Vec::new();
    for seed in 0..40u64 {
        let game = record(0x10_0000 + seed);
        let mut journal = open(&scratch.db());
        let meta = GameMeta::from_events(&game.entries[0], Some(seed));
        let id = journal.begin_game(GameKind::Avalon, &meta).expect("begin");
        for (i, events) in game.entries.iter().enumerate() {
            assert_eq!(journal.append(id, events).expect("append").0, i as i64 + 1);
        }
        if let Some(result) = GameResult::from_events(&game.entries.concat()) {
            assert!(game.state.is_over());
            journal.finish_game(id, &result).expect("finish");
            finished += 1;
        }
        drop(journal);

        // A fresh process would find exactly this on disk.
        let journal = open(&scratch.db());
        let stored = journal.events(id).expect("events");
        assert_eq!(stored, game.entries.concat(), "seed {seed}: the events come back as given");
        let replayed = Avalon::replay(&avalon_events(&stored));
        replayed.check_invariants().unwrap_or_else(|why| panic!("seed {seed}: {why}"));
        assert_eq!(replayed.is_over(), game.state.is_over());
        if game.state.is_over() {
            assert_eq!(replayed, game.state, "seed {seed}: a finished game replays to its end state");
        }
        let info = journal.info(id).expect("info");
        assert_eq!(info.seed, Some(seed));
        assert_eq!(info.state, if game.state.is_over() { GameState::Finished } else { GameState::Open });

        // The export replays into the same game too.
        let export = parse_jsonl(&journal.export_jsonl(id).expect("export")).expect("parse");
        if info.state == GameState::Finished {
            assert_eq!(export.events, stored);
            assert_eq!(Avalon::replay(&avalon_events(&export.events)), replayed);
        }
        ids.push((id, game.entries.iter().map(Vec::len).sum::<usize>(), game.state.is_over()));
    }
    assert!(finished > 20, "most random games end: {finished}");

    let journal = open(&scratch.db());
    let history = journal.history().expect("history");
    assert_eq!(history.len(), finished);
    for summary in &history {
        let (_, events, over) = ids.iter().find(|(id, _, _)| *id == summary.info.id).expect("recorded");
        assert!(over);
        assert_eq!(summary.events, *events);
    }
    let stats = journal.stats(GameKind::Avalon).expect("stats");
    assert_eq!(stats.games, finished);
    assert_eq!(stats.side_wins("good") + stats.side_wins("evil"), finished);
    assert_eq!(stats.setups.iter().map(|s| s.games).sum::<usize>(), finished);
    assert_eq!(stats.reasons.iter().map(|(_, n)| n).sum::<usize>(), finished);
    assert!(journal.quick_check().expect("check").is_empty());
}

#[test]
fn an_interrupted_game_is_found_and_resumed_after_reopening() {
    let scratch = Scratch::new("journal-resume");
    let game = record(0x20_0001);
    assert!(game.entries.len() > 10);
    let cut = game.entries.len() / 2;
    {
        let mut journal = open(&scratch.db());
        let id = journal.begin_game(GameKind::Avalon, &GameMeta::from_events(&game.entries[0], None)).expect("begin");
        for e in &game.entries[..cut] {
            journal.append(id, e).expect("append");
        }
        // The power goes: no finish, no clean shutdown of the game.
    }
    let mut journal = open(&scratch.db());
    let stored = journal.unfinished().expect("query").expect("an unfinished game");
    assert_eq!(stored.entries.len(), cut);
    assert_eq!(stored.events, game.entries[..cut].concat());
    let resumed = Avalon::replay(&avalon_events(&stored.events));
    resumed.check_invariants().expect("a sound state");

    // The table goes on from the resumed state and the journal with it.
    for e in &game.entries[cut..] {
        journal.append(stored.info.id, e).expect("append");
    }
    assert_eq!(journal.events(stored.info.id).expect("events"), game.entries.concat());
}

/// Random commands, undos and redos against a model of what should be in
/// effect, with the file closed and reopened along the way.
#[test]
fn undo_and_redo_agree_with_a_model() {
    let scratch = Scratch::new("journal-undo");
    let mut rng = tavola_games::Ctx::seeded(0x30_0003);
    let mut journal = open(&scratch.db());
    let id = journal.begin_game(GameKind::Avalon, &GameMeta::default()).expect("begin");
    let mut state = Avalon::default();
    let (mut done, mut undone): (Vec<Vec<AnyEvent>>, Vec<Vec<AnyEvent>>) = (Vec::new(), Vec::new());
    let (mut undos, mut redos) = (0, 0);
    for step in 0..600 {
        match rng.below(10) {
            0 | 1 => match journal.undo(id) {
                Ok(s) => {
                    assert_eq!(Some(&s.events), done.last(), "step {step}");
                    done.pop();
                    undone.push(s.events);
                    undos += 1;
                    state = Avalon::replay(&avalon_events(&done.concat()));
                }
                Err(JournalError::NothingToUndo(_)) => assert!(done.is_empty(), "step {step}"),
                Err(e) => panic!("step {step}: {e}"),
            },
            2 => match journal.redo(id) {
                Ok(s) => {
                    assert_eq!(Some(s.events.clone()), undone.pop(), "step {step}");
                    for e in avalon_events(&s.events) {
                        state.apply(&e);
                    }
                    done.push(s.events);
                    redos += 1;
                }
                Err(JournalError::NothingToRedo(_)) => assert!(undone.is_empty(), "step {step}"),
                Err(e) => panic!("step {step}: {e}"),
            },
            3 if step % 7 == 0 => {
                drop(journal);
                journal = open(&scratch.db());
            }
            _ => {
                if state.is_over() {
                    continue;
                }
                let cmd = state.random_command(&mut rng);
                if let Ok(events) = state.execute(&cmd, &mut rng) {
                    let stored: Vec<AnyEvent> =
                        events.into_iter().filter(|e| !e.is_transient()).map(AnyEvent::Avalon).collect();
                    if !stored.is_empty() {
                        journal.append(id, &stored).expect("append");
                        done.push(stored);
                        undone.clear();
                    }
                }
            }
        }
        assert_eq!(journal.events(id).expect("events"), done.concat(), "step {step}");
        assert_eq!(journal.can_undo_redo(id).expect("flags"), (!done.is_empty(), !undone.is_empty()));
    }
    assert!(undos > 50 && redos >= 5, "the run exercised undo ({undos}) and redo ({redos})");
    let stored = journal.game(id).expect("game");
    assert_eq!(stored.events, done.concat());
    Avalon::replay(&avalon_events(&stored.events)).check_invariants().expect("sound");
}
