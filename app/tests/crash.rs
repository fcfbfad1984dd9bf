//! Pulled plugs: `tavola headless --db` is killed with SIGKILL at random
//! points of scripted games, started again with `--resume`, and must be
//! exactly where the last acknowledged input left it (or one input further,
//! if the input in flight had been committed). Mission cards given are kept
//! until their tally too, so a plug pulled mid-mission loses none.
//!
//! Prints the kill points, the inputs acknowledged and the inputs lost.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

const KILL_POINTS: usize = 220;

struct Run {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Run {
    fn start(db: &Path) -> (Run, Vec<Value>) {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tavola"))
            .args(["headless", "--seed", "3", "--resume", "--db"])
            .arg(db)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("tavola starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let mut run = Run { child, stdin, stdout };
        let (opening, _) = run.send(&json!({"view": true}));
        (run, opening)
    }

    /// Sends one input followed by a view request; returns every line up to
    /// and the view itself (the acknowledgement).
    fn send(&mut self, input: &Value) -> (Vec<Value>, Value) {
        writeln!(self.stdin, "{input}").unwrap();
        if input.get("view").is_none() {
            writeln!(self.stdin, "{}", json!({"view": true})).unwrap();
        }
        self.stdin.flush().unwrap();
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            assert!(self.stdout.read_line(&mut line).unwrap() > 0, "tavola stopped answering");
            let v: Value = serde_json::from_str(&line).unwrap();
            if v["out"] == "view" {
                return (lines, v["view"].clone());
            }
            lines.push(v);
        }
    }

    /// Writes an input and kills the process before reading its answer.
    fn send_and_kill(mut self, input: &Value) {
        let _ = writeln!(self.stdin, "{input}");
        let _ = self.stdin.flush();
        self.kill();
    }

    fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

/// The next input a table would give, from the public view.
fn next_input(view: &Value, rng: &mut ChaCha8Rng) -> Value {
    let a = &view["avalon"];
    let press = |seat: &Value, rng: &mut ChaCha8Rng| {
        let button = if rng.random_range(0..4) == 0 { "reject" } else { "approve" };
        json!({"press": {"seat": seat, "button": button}})
    };
    if view["game"].is_null() {
        return json!({"touch": "choose_game", "game": "avalon"});
    }
    match a["phase"]["phase"].as_str().unwrap_or("lobby") {
        "lobby" => json!({"touch": "avalon", "cmd": "setup", "first_leader": 0,
            "roles": {"roles": ["merlin", "percival", "loyal-servant", "assassin", "morgana"]}}),
        "night" => json!({"touch": "avalon", "cmd": "end_night"}),
        "team_building" => {
            let size = a["phase"]["team_size"].as_u64().unwrap();
            let leader = a["leader"].as_u64().unwrap();
            let team: Vec<u64> = (0..size).map(|i| (leader + i) % 5).collect();
            json!({"touch": "avalon", "cmd": "propose_team", "team": team})
        }
        "team_vote" | "mission" => press(&a["phase"]["missing"][0], rng),
        "assassination" => json!({"touch": "avalon", "cmd": "assassinate", "target": rng.random_range(0..5)}),
        "confirm_merlin" => json!({"touch": "avalon", "cmd": "confirm_merlin", "was_merlin": rng.random_bool(0.5)}),
        _ => json!({"touch": "leave"}),
    }
}

/// The game as stored: the view without what is not journaled (the timer,
/// the narration).
fn stored_part(view: &Value) -> Value {
    json!({"game": view["game"], "avalon": view["avalon"]})
}

/// Copies the journal files (the writer is idle: everything is committed).
fn snapshot(db: &Path, to: &Path) {
    for ext in ["", "-wal"] {
        let from = format!("{}{ext}", db.display());
        let dest = format!("{}{ext}", to.display());
        let _ = std::fs::remove_file(&dest);
        if Path::new(&from).exists() {
            std::fs::copy(&from, &dest).unwrap();
        }
    }
    let _ = std::fs::remove_file(format!("{}-shm", to.display()));
}

/// A game is on once it is set up and until it ends; a game chosen but not
/// yet set up has nothing stored and is not on.
fn still_on(view: &Value) -> bool {
    let phase = &view["avalon"]["phase"]["phase"];
    !view["game"].is_null() && phase != "ended" && phase != "lobby"
}

#[test]
fn killed_at_random_points_nothing_acknowledged_is_lost() {
    let dir = std::env::temp_dir().join(format!("tavola-crash-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("tavola.db");
    let scratch = dir.join("scratch.db");
    let mut rng = ChaCha8Rng::seed_from_u64(0xC0FFEE);

    let (mut acknowledged, mut lost, mut in_flight_kept, mut games_finished) = (0usize, 0usize, 0usize, 0usize);
    // What must be found after the next restart: the acknowledged game, or
    // (when an input was in flight) that game with the input applied.
    let mut expected: Vec<Value> = Vec::new();
    // The input in flight, which takes the acknowledged game to `expected[1]`.
    let mut replay = Value::Null;
    for kill in 0..KILL_POINTS {
        let (mut run, _) = Run::start(&db);
        let (_, mut view) = run.send(&json!({"view": true}));
        if !expected.is_empty() {
            let found = stored_part(&view);
            let ok = expected.iter().any(|e| !still_on(e) && !still_on(&view) || stored_part(e) == found);
            if !ok {
                lost += 1;
                eprintln!("kill point {kill}: found {found}\nexpected one of {expected:?}");
            } else if expected.len() == 2
                && still_on(&expected[1])
                && stored_part(&expected[1]) == found
                && stored_part(&expected[0]) != found
            {
                in_flight_kept += 1;
            }
            // The table gives an input the plug took again, so the games go
            // on the same way whether or not it had been committed; then a
            // clean restart, so that nothing but the journal (no pad still
            // quiet after a vote, say) carries over in either case.
            if expected.len() == 2 && stored_part(&expected[0]) == found && found != stored_part(&expected[1]) {
                run.send(&replay);
                run.kill();
                (run, _) = Run::start(&db);
                view = run.send(&json!({"view": true})).1;
            }
        }
        for _ in 0..rng.random_range(0..12) {
            let input = next_input(&view, &mut rng);
            let (out, after) = run.send(&input);
            // Every input the script gives fits the game: a game taken up
            // is never stuck (all cards played and no tally, say).
            assert!(out.iter().all(|o| o["code"] != "headless.bad_input"), "kill point {kill}: {input} {out:?}");
            assert!(out.iter().all(|o| o["code"] != "table.not_saved"), "{out:?}");
            acknowledged += 1;
            if still_on(&view) && after["avalon"]["phase"]["phase"] == "ended" {
                games_finished += 1;
            }
            view = after;
        }
        expected = vec![view.clone()];
        if rng.random_bool(0.5) {
            // One more input written, and the plug pulled before its answer.
            let input = next_input(&view, &mut rng);
            snapshot(&db, &scratch);
            let (mut probe, _) = Run::start(&scratch);
            let (_, with_input) = probe.send(&input);
            probe.kill();
            if still_on(&view) && with_input["avalon"]["phase"]["phase"] == "ended" {
                games_finished += 1;
            }
            expected.push(with_input);
            run.send_and_kill(&input);
            replay = input;
        } else {
            run.kill();
        }
    }
    println!(
        "kill points: {KILL_POINTS}, inputs acknowledged: {acknowledged}, inputs lost: {lost}, \
         inputs in flight found committed: {in_flight_kept}, games finished: {games_finished}"
    );
    assert_eq!(lost, 0, "acknowledged inputs lost");
    assert!(games_finished >= 3, "the scripted games reach their end: {games_finished}");
    let _ = std::fs::remove_dir_all(&dir);
}
