//! Opening the history page with 500 finished games stored: the journal
//! read into the charts' games (`Journal::chart_games`, from the summaries
//! kept beside the games), each game's charts computed from them, the
//! same read once with no summary kept (as a file from before summaries
//! were kept is read the first time: every game replayed and summed up
//! again, its summary written), and the whole opening
//! as the box does it (the touch on History: the journal read, the charts
//! and the games' list put into the page, one frame drawn by the software
//! renderer at 800×480). Prints median, 99th percentile and maximum.
//!
//! The 500 games are seeded random games of Avalon, Shadows over Camelot,
//! Nottingham and King Arthur's Knights played to their end, stored through
//! the journal (written on a RAM disk when there is one, then copied to
//! `TAVOLA_BENCH_DIR` or Cargo's target temporary directory, where they are
//! read). Target: the page open in under 300 ms on this machine (a touch
//! answered at once; the Pi is about three times slower).

mod support;
use slint::ComponentHandle;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use support::report;
use tavola_core::journal::charts;
use tavola_core::journal::{GameMeta, GameResult, Journal};
use tavola_core::table::AnyEvent;
use tavola_games::testkit::{recorded_game, Fuzz};
use tavola_games::{avalon::Avalon, kak::Kak, nottingham::Nottingham, soc::Soc, GameKind};
use tavola_hw::boot::{boot, BootOptions};
use tavola_screens::{init, offscreen, App};

/// Finished games stored.
const GAMES: usize = 500;
/// Times each measure is taken.
const RUNS: usize = 21;

/// `n` different finished games of `G`, as the table stores them.
fn finished<G: Fuzz>(n: usize, wrap: fn(G::Event) -> AnyEvent) -> Vec<Vec<Vec<AnyEvent>>> {
    let mut out = Vec::new();
    for seed in 1..=(n as u64 * 50) {
        let game = recorded_game::<G>(seed, 20_000);
        if !game.state.is_over() {
            continue;
        }
        out.push(game.stored.into_iter().map(|c| c.into_iter().map(wrap).collect()).collect());
        if out.len() == n {
            break;
        }
    }
    out
}

fn bench_dir() -> PathBuf {
    let base =
        std::env::var_os("TAVOLA_BENCH_DIR").map_or_else(|| PathBuf::from(env!("CARGO_TARGET_TMPDIR")), PathBuf::from);
    let dir = base.join(format!("history-bench-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("bench directory");
    dir
}

/// Stores `GAMES` finished games, in turn from each pool, each lasting
/// between 20 and 110 minutes; returns how many of each game.
fn fill(db: &Path, pools: &[(GameKind, Vec<Vec<Vec<AnyEvent>>>)]) -> Vec<(GameKind, usize)> {
    let mut j = Journal::open(db).expect("open").journal;
    let mut counts: Vec<(GameKind, usize)> = pools.iter().map(|(k, _)| (*k, 0)).collect();
    let pools: Vec<&(GameKind, Vec<Vec<Vec<AnyEvent>>>)> = pools.iter().filter(|(_, p)| !p.is_empty()).collect();
    for i in 0..GAMES {
        let (kind, pool) = pools[i % pools.len()];
        let game = &pool[(i / pools.len()) % pool.len()];
        let id = j.begin_game(*kind, &GameMeta::from_events(&game[0], None)).expect("begin");
        for entry in game {
            j.append(id, entry).expect("append");
        }
        let result = GameResult::from_events(&game.concat()).expect("a finished game has a result");
        j.finish_game(id, &result).expect("finish");
        counts.iter_mut().find(|(k, _)| k == kind).expect("a pool's kind").1 += 1;
    }
    drop(j);
    // Times a day apart, of different lengths (the journal wrote them all
    // within the same second).
    let conn = rusqlite::Connection::open(db).expect("the file");
    conn.execute(
        "UPDATE games SET started_at = 1700000000000 + id * 86400000, \
         ended_at = 1700000000000 + id * 86400000 + (20 + (id * 37) % 91) * 60000",
        [],
    )
    .expect("times");
    counts
}

fn main() {
    let dir = bench_dir();
    // Written where syncs cost nothing, read from the bench directory.
    let ram = Path::new("/dev/shm");
    let scratch =
        if ram.is_dir() { ram.join(format!("tavola-history-bench-{}", std::process::id())) } else { dir.clone() };
    std::fs::create_dir_all(&scratch).expect("a scratch folder");
    let start = Instant::now();
    let pools = vec![
        (GameKind::Avalon, finished::<Avalon>(40, AnyEvent::Avalon)),
        (GameKind::ShadowsOverCamelot, finished::<Soc>(20, AnyEvent::ShadowsOverCamelot)),
        (GameKind::Nottingham, finished::<Nottingham>(20, AnyEvent::Nottingham)),
        (GameKind::KingArthursKnights, finished::<Kak>(20, AnyEvent::KingArthursKnights)),
    ];
    let counts = fill(&scratch.join("tavola.db"), &pools);
    let db = dir.join("tavola.db");
    if scratch != dir {
        std::fs::copy(scratch.join("tavola.db"), &db).expect("the journal copied");
        let _ = std::fs::remove_dir_all(&scratch);
    }
    let events: usize = pools.iter().flat_map(|(_, p)| p).map(|g| g.iter().map(Vec::len).sum::<usize>()).sum();
    println!(
        "{GAMES} finished games stored in {:.1?} ({}; pools of {} different games, {events} stored events in all), \
         read from {}",
        start.elapsed(),
        counts.iter().map(|(k, n)| format!("{} {n}", k.title())).collect::<Vec<_>>().join(", "),
        pools.iter().map(|(_, p)| p.len()).sum::<usize>(),
        dir.display()
    );

    // 1. The journal read into the charts' games.
    let journal = Journal::open(&db).expect("open").journal;
    let mut read = Vec::new();
    let mut games = Vec::new();
    for _ in 0..RUNS {
        let start = Instant::now();
        games = black_box(journal.chart_games().expect("chart games"));
        read.push(start.elapsed());
    }
    assert_eq!(games.len(), GAMES, "every stored game is read");
    report("Journal::chart_games(), 500 games", read, Duration::from_millis(200));

    // 2. Every game's charts from them.
    let mut compute = Vec::new();
    for _ in 0..RUNS {
        let start = Instant::now();
        for (kind, _) in charts::kinds_played(black_box(&games)) {
            black_box(charts::wins_over_time(&games, kind, 20));
            black_box(charts::win_rates(&games, kind));
            black_box(charts::player_rates(&games, kind));
            black_box(charts::lengths(&games, kind, 20));
        }
        compute.push(start.elapsed());
    }
    report("the charts of every game played", compute, Duration::from_millis(10));
    drop(journal);

    // 3. Once, every summary forgotten: each game replayed, summed up and
    // its summary written (a file from before summaries were kept).
    rusqlite::Connection::open(&db)
        .expect("the file")
        .execute("UPDATE games SET summary = NULL, summed_by = NULL", [])
        .expect("summaries forgotten");
    let journal = Journal::open(&db).expect("open").journal;
    let start = Instant::now();
    let games = black_box(journal.chart_games().expect("chart games"));
    let once = start.elapsed();
    assert_eq!(games.len(), GAMES);
    println!(
        "{:<44} {once:>9.2?}  (once; the next reads use the summaries kept)",
        "every game summed up again, 500 games"
    );
    drop(journal);

    // 4. The touch on History: the page filled and drawn.
    let window = offscreen::install(800, 480).expect("the off-screen platform");
    let ui = init(boot(&BootOptions {
        simulate: true,
        db: Some(db.clone()),
        settings: Some(dir.join("settings.toml")),
        ..BootOptions::default()
    }))
    .expect("the window");
    ui.window.show().expect("show");
    ui.step(0);
    let draw = || black_box(offscreen::render(&window));
    draw();
    let app = ui.window.global::<App<'_>>();
    let mut open = Vec::new();
    let mut now = 0;
    for _ in 0..RUNS {
        app.invoke_close_page();
        now += 1_000;
        ui.step(now);
        draw();
        let start = Instant::now();
        app.invoke_open_history();
        ui.step(now);
        draw();
        open.push(start.elapsed());
        assert_eq!(app.get_page(), tavola_screens::Page::History, "the history is shown");
    }
    report("History touched → its page drawn, 800×480", open, Duration::from_millis(300));

    drop(ui);
    let _ = std::fs::remove_dir_all(&dir);
}
