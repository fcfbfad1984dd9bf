//! Journal speed on a real file with `synchronous=FULL`: the commit time of
//! one `append` (one accepted command, synced to disk before it returns),
//! the time to load and replay a long game after a restart, and the history
//! screen's queries. Prints median and 99th percentile.
//!
//! The files go to `TAVOLA_BENCH_DIR` if set, else to Cargo's target
//! temporary directory: a real disk, not a RAM file system, or the syncs
//! would cost nothing. Targets: an append well under one frame of the
//! screen's attention (median < 20 ms), a resume under 100 ms.

mod support;
use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use support::report;
use tavola_core::journal::{GameMeta, GameResult, Journal};
use tavola_core::table::AnyEvent;
use tavola_games::avalon::Avalon;
use tavola_games::testkit::Fuzz;
use tavola_games::{Game, GameEvent, GameKind};

/// A whole game from random (seeded) commands: per accepted command, the
/// events the table stores.
fn recorded_game(seed: u64) -> Vec<Vec<AnyEvent>> {
    let game = tavola_games::testkit::recorded_game::<Avalon>(seed, usize::MAX);
    game.stored.into_iter().map(|c| c.into_iter().map(AnyEvent::Avalon).collect()).collect()
}

fn bench_dir() -> PathBuf {
    let base =
        std::env::var_os("TAVOLA_BENCH_DIR").map_or_else(|| PathBuf::from(env!("CARGO_TARGET_TMPDIR")), PathBuf::from);
    let dir = base.join(format!("journal-bench-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("bench directory");
    dir
}

/// A long game in a table that undoes a lot: commands are played, one in eight
/// of them undone and replaced, until the entries hold `events` stored
/// events. Returns the live state's stored history (what a resume must
/// rebuild).
fn long_game(journal: &mut Journal, events: usize) -> (tavola_core::journal::GameId, usize) {
    let mut rng = tavola_games::Ctx::seeded(0xB16);
    let id = journal.begin_game(GameKind::Avalon, &GameMeta::default()).expect("begin");
    let mut state = Avalon::default();
    let mut done: Vec<Vec<AnyEvent>> = Vec::new();
    let mut stored = 0;
    while stored < events {
        if state.is_over() || (rng.below(8) == 0 && !done.is_empty()) {
            journal.undo(id).expect("undo");
            done.pop();
            state = Avalon::replay(done.iter().flatten().filter_map(|e| match e {
                AnyEvent::Avalon(e) => Some(e),
                _ => None,
            }));
            continue;
        }
        let cmd = state.random_command(&mut rng);
        if let Ok(evs) = state.execute(&cmd, &mut rng) {
            let evs: Vec<AnyEvent> = evs.into_iter().filter(|e| !e.is_transient()).map(AnyEvent::Avalon).collect();
            if !evs.is_empty() {
                stored += evs.len();
                journal.append(id, &evs).expect("append");
                done.push(evs);
            }
        }
    }
    (id, done.iter().map(Vec::len).sum())
}

fn main() {
    let dir = bench_dir();
    println!("files in {}", dir.display());

    // 1. Commit time of one append, real file, synchronous=FULL.
    let games: Vec<Vec<Vec<AnyEvent>>> = (1..=20).map(recorded_game).collect();
    let mut journal = Journal::open(dir.join("append.db")).expect("open").journal;
    let mut per_append = Vec::new();
    let mut sizes = 0usize;
    'outer: for _ in 0..20 {
        for game in &games {
            let id = journal.begin_game(GameKind::Avalon, &GameMeta::from_events(&game[0], None)).expect("begin");
            for entry in game {
                let start = Instant::now();
                black_box(journal.append(id, black_box(entry)).expect("append"));
                per_append.push(start.elapsed());
                sizes += entry.len();
                if per_append.len() >= 3_000 {
                    break 'outer;
                }
            }
            let result = GameResult::from_events(&game.concat()).expect("a recorded game ends");
            journal.finish_game(id, &result).expect("finish");
        }
    }
    println!(
        "append: {} commits, {:.1} events each on average",
        per_append.len(),
        sizes as f64 / per_append.len() as f64
    );
    report("append (commit + fsync, FULL)", per_append, Duration::from_millis(20));

    // 2. Resume: open the file, load the unfinished game, replay it.
    let path = dir.join("resume.db");
    let (id, effective) = {
        let mut j = Journal::open(&path).expect("open").journal;
        long_game(&mut j, 2_000)
    };
    let mut resume = Vec::new();
    let mut parse_replay = Vec::new();
    let mut total = 0;
    for _ in 0..60 {
        let start = Instant::now();
        let j = Journal::open(&path).expect("open").journal;
        let opened = start.elapsed();
        let game = j.unfinished().expect("load").expect("an open game");
        let state = Avalon::replay(game.events.iter().filter_map(|e| match e {
            AnyEvent::Avalon(e) => Some(e),
            _ => None,
        }));
        black_box(&state);
        resume.push(start.elapsed());
        parse_replay.push(start.elapsed() - opened);
        total = game.entries.iter().map(|e| e.events.len()).sum::<usize>();
        assert_eq!(game.info.id, id);
        assert_eq!(game.events.len(), effective);
    }
    println!(
        "resume: a game whose entries hold {total} stored events ({effective} in effect after its undos; \
         a legal Avalon game never holds 2,000 in effect)"
    );
    report("resume: open + quick_check + load + replay", resume, Duration::from_millis(100));
    report("resume: load every entry + replay", parse_replay, Duration::from_millis(100));

    // 3. The history screen over the games of part 1.
    let mut history = Vec::new();
    let mut stats = Vec::new();
    let mut n = 0;
    for _ in 0..30 {
        let start = Instant::now();
        n = black_box(journal.history().expect("history")).len();
        history.push(start.elapsed());
        let start = Instant::now();
        black_box(journal.stats(GameKind::Avalon).expect("stats"));
        black_box(journal.player_stats().expect("stats"));
        stats.push(start.elapsed());
    }
    println!("history: {n} finished games");
    report("history()", history, Duration::from_millis(100));
    report("stats(avalon) + player_stats()", stats, Duration::from_millis(500));

    drop(journal);
    let _ = std::fs::remove_dir_all(&dir);
}
