//! A process killed with SIGKILL at random moments while it journals: every
//! entry it acknowledged is on disk, at most the one in flight is missing
//! or present whole, the file is sound and the game goes on after restart.
//!
//! The child is this test binary run again with `TAVOLA_JOURNAL_CRASH_CHILD`
//! set: it appends (and now and then undoes) forever, printing `ack <seq>`
//! after each call returned, as the table would light up a confirmed input.
//!
//! SIGKILL tests that a commit is all-or-nothing when the process dies at
//! any instruction. It cannot test a power cut (the kernel's page cache
//! survives a killed process); that part rests on `synchronous=FULL`.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;
use tavola_core::journal::{Damage, EntryKind, GameMeta, Journal};
use tavola_core::table::AnyEvent;
use tavola_games::avalon::Event;
use tavola_games::{GameKind, GameRng, Seat};
use tavola_tests::Scratch;

const CHILD_ENV: &str = "TAVOLA_JOURNAL_CRASH_CHILD";

/// The events of the command at position `seq`: every entry's content is
/// known from its position, so the parent can check what it finds.
fn entry(seq: i64) -> Vec<AnyEvent> {
    let n = 1 + (seq % 3) as usize;
    (0..n).map(|k| AnyEvent::Avalon(Event::LeaderPassed { leader: Seat(((seq + k as i64) % 10) as u8) })).collect()
}

/// Entry `seq` is an undo when `seq % 7 == 0`, a command otherwise.
fn is_undo(seq: i64) -> bool {
    seq % 7 == 0
}

/// The child process, not a test by itself: ignored in a test run, started
/// (with `--ignored`) by the test below.
#[test]
#[ignore = "the child process of acknowledged_entries_survive_sigkill_at_random_moments, which starts it"]
fn crash_child() {
    let Some(path) = std::env::var_os(CHILD_ENV) else {
        panic!("{CHILD_ENV} is not set: this is the child process of acknowledged_entries_survive_sigkill_at_random_moments");
    };
    let mut journal = Journal::open(PathBuf::from(path)).expect("child open").journal;
    let (id, mut next) = match journal.unfinished().expect("child load") {
        Some(g) => (g.info.id, g.entries.len() as i64 + 1),
        None => (journal.begin_game(GameKind::Avalon, &GameMeta::default()).expect("begin"), 1),
    };
    let mut out = std::io::stdout().lock();
    loop {
        let seq = if is_undo(next) {
            journal.undo(id).expect("child undo").entry
        } else {
            journal.append(id, &entry(next)).expect("child append")
        };
        assert_eq!(seq.0, next);
        writeln!(out, "ack {}", seq.0).expect("stdout");
        out.flush().expect("flush");
        next += 1;
    }
}

fn scratch() -> Scratch {
    Scratch::new("journal-crash")
}

/// Starts the child, lets it run `run`, kills it with SIGKILL and returns
/// the last sequence number it acknowledged.
fn run_and_kill(db: &Path, run: Duration) -> i64 {
    let exe = std::env::current_exe().expect("test binary");
    let mut child = Command::new(exe)
        .args(["journal_crash::crash_child", "--exact", "--ignored", "--nocapture", "--test-threads=1"])
        .env(CHILD_ENV, db)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn child");
    let stdout = child.stdout.take().expect("stdout");
    let reader = std::thread::spawn(move || {
        let mut last = 0;
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            // The test harness prints "test journal_crash::crash_child ... " before the
            // first acknowledgement, on the same line.
            if let Some((_, n)) = line.split_once("ack ") {
                last = n.trim().parse().expect("a sequence number");
            }
        }
        last
    });
    std::thread::sleep(run);
    child.kill().expect("SIGKILL");
    child.wait().expect("reap");
    reader.join().expect("reader")
}

#[test]
fn acknowledged_entries_survive_sigkill_at_random_moments() {
    let dir = scratch();
    let db = dir.0.join("tavola.db");
    let mut rng = GameRng::seeded(0x5EED);
    let mut acked_total = 0;
    for round in 0..10 {
        let run = Duration::from_millis(40 + rng.below(260) as u64);
        // A child killed before its first acknowledgement (a slow start on a
        // busy machine) acknowledged nothing new: what earlier rounds stored
        // must still be there.
        let acked = run_and_kill(&db, run).max(acked_total);

        let opened = Journal::open(&db).expect("open after the kill");
        match &opened.moved_aside {
            None => {}
            // Killed between SQLite creating the file and its first write:
            // an empty file, set aside, with nothing in it to lose.
            Some(m) if m.damage == Damage::Empty && acked_total == 0 && acked == 0 => continue,
            Some(m) => panic!("round {round}: the file did not survive whole: {:?}", m.damage),
        }
        let journal = opened.journal;
        assert!(journal.quick_check().expect("check").is_empty(), "round {round}");
        let Some(game) = journal.unfinished().expect("load") else {
            // Killed before its game began: nothing was acknowledged yet.
            assert_eq!(acked, 0, "round {round}: {acked} acknowledged and no game stored");
            continue;
        };
        let stored = game.entries.len() as i64;
        assert!(
            stored == acked || stored == acked + 1,
            "round {round}: {acked} acknowledged, {stored} stored (only the entry in flight may differ)"
        );
        for (i, e) in game.entries.iter().enumerate() {
            let seq = i as i64 + 1;
            assert_eq!(e.seq.0, seq, "round {round}: entries are numbered without gaps");
            if is_undo(seq) {
                assert_eq!(e.kind, EntryKind::Undo, "round {round}, entry {seq}");
            } else {
                assert_eq!((e.kind, &e.events), (EntryKind::Command, &entry(seq)), "round {round}, entry {seq}");
            }
        }
        acked_total = acked_total.max(acked);
    }
    assert!(acked_total > 20, "the child got some work done: {acked_total} entries");
}
