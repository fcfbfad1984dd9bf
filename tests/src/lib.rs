//! Helpers for the whole-game tests: a headless table driven with the same
//! JSON lines a user would type into `tavola headless`.

use serde_json::{json, Value};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use tavola::headless::{Headless, Options};

/// A headless table that remembers everything it said.
#[derive(Debug)]
pub struct Driver {
    table: Headless,
    /// Every output line so far, parsed.
    pub log: Vec<Value>,
    /// Every input line so far (a replayable script).
    pub script: Vec<String>,
    /// What the table said before the first input (journal opened, resumed).
    pub opening: Vec<Value>,
}

impl Driver {
    /// A table with this seed, in English.
    pub fn new(seed: u64) -> Self {
        Self::with(Options { seed, ..Options::default() })
    }

    /// A table with these options.
    pub fn with(opts: Options) -> Self {
        Driver { table: Headless::new(&opts), log: Vec::new(), script: Vec::new(), opening: Vec::new() }
    }

    /// A table with a journal (`opts.db`), as `tavola headless --db` opens it.
    pub fn open(opts: Options) -> Result<Self, String> {
        let mut table = Headless::open(&opts)?;
        let opening = table.opening().iter().map(|l| serde_json::from_str(l).expect("JSON")).collect();
        Ok(Driver { table, log: Vec::new(), script: Vec::new(), opening })
    }

    /// Sends one input line; returns what it produced.
    pub fn send(&mut self, input: Value) -> Vec<Value> {
        let line = input.to_string();
        self.script.push(line.clone());
        let out: Vec<Value> = self
            .table
            .line(&line)
            .iter()
            .map(|l| serde_json::from_str(l).expect("the driver writes JSON lines"))
            .collect();
        self.log.extend(out.iter().cloned());
        // Whatever the game, it holds together after every line.
        if let Some(game) = self.table.session().game() {
            if let Err(why) = game.check_invariants() {
                panic!("after {line}: the game breaks an invariant: {why}");
            }
        }
        out
    }

    /// A touch command, e.g. `json!({"touch": "avalon", "cmd": "end_night"})`.
    pub fn touch(&mut self, t: Value) -> Vec<Value> {
        self.send(t)
    }

    /// An Avalon command by name with its fields.
    pub fn avalon(&mut self, cmd: &str, fields: Value) -> Vec<Value> {
        let mut v = json!({"touch": "avalon", "cmd": cmd});
        if let (Value::Object(m), Value::Object(f)) = (&mut v, fields) {
            m.extend(f);
        }
        self.send(v)
    }

    /// A clean press of one button (down, held, up).
    pub fn press(&mut self, seat: u8, button: &str) -> Vec<Value> {
        self.send(json!({"press": {"seat": seat, "button": button}}))
    }

    /// Every line the speaker was given, with the table time it started.
    pub fn spoken(&self) -> Vec<(u64, tavola_core::narrator::Line)> {
        self.table.spoken()
    }

    /// Lets time pass.
    pub fn wait(&mut self, ms: u64) -> Vec<Value> {
        self.send(json!({ "wait_ms": ms }))
    }

    /// The public view.
    pub fn view(&mut self) -> Value {
        let out = self.send(json!({"view": true}));
        out.into_iter().next().expect("a view")["view"].clone()
    }

    /// Avalon's public view.
    pub fn avalon_view(&mut self) -> Value {
        self.view()["avalon"].clone()
    }

    /// Starts an Avalon game: `players` seats, optional roles, first leader 0,
    /// roles unknown to Tavola, and the night done.
    pub fn start_avalon(&mut self, players: usize, optional: &[&str]) {
        self.touch(json!({"touch": "choose_game", "game": "avalon"}));
        let roles = role_set(players, optional);
        let out = self.avalon("setup", json!({"roles": {"roles": roles}, "first_leader": 0}));
        assert!(errors(&out).is_empty(), "setup refused: {out:?}");
        let out = self.avalon("end_night", json!({}));
        assert!(errors(&out).is_empty(), "night refused: {out:?}");
    }

    /// Every seat presses the same button.
    pub fn everyone_votes(&mut self, players: u8, button: &str) -> Vec<Value> {
        let mut out: Vec<Value> = (0..players).flat_map(|s| self.press(s, button)).collect();
        // The votes are shown; the pad listens again after a moment.
        out.extend(self.wait(tavola_core::table::PAD_QUIET_MS));
        out
    }

    /// The leader proposes seats `0..size` after the current leader, the
    /// whole table approves, and the team plays `fails` Fail cards.
    pub fn mission(&mut self, fails: usize) -> Vec<Value> {
        let v = self.avalon_view();
        let players = v["players"].as_u64().unwrap() as u8;
        let size = v["phase"]["team_size"].as_u64().expect("team building") as u8;
        let team: Vec<u8> = (0..size).collect();
        let mut out = self.avalon("propose_team", json!({ "team": team }));
        out.extend(self.everyone_votes(players, "approve"));
        for (i, s) in team.iter().enumerate() {
            out.extend(self.press(*s, if i < fails { "reject" } else { "approve" }));
        }
        out
    }

    /// Outputs of one kind from the whole log.
    pub fn all(&self, kind: &str) -> Vec<Value> {
        self.log.iter().filter(|o| o["out"] == kind).cloned().collect()
    }
}

/// The role cards of a standard set, by their JSON names.
pub fn role_set(players: usize, optional: &[&str]) -> Vec<String> {
    let evil_count = [2, 2, 3, 3, 3, 4][players - 5];
    let mut roles: Vec<String> = vec!["merlin".into(), "assassin".into()];
    roles.extend(optional.iter().map(|s| s.to_string()));
    let evil_special =
        roles.iter().filter(|r| ["assassin", "mordred", "morgana", "oberon"].contains(&r.as_str())).count();
    let good_special = roles.len() - evil_special;
    roles.extend(std::iter::repeat_n("minion".to_string(), evil_count - evil_special));
    roles.extend(std::iter::repeat_n("loyal-servant".to_string(), players - evil_count - good_special));
    roles
}

/// The error outputs among `out`.
pub fn errors(out: &[Value]) -> Vec<Value> {
    out.iter().filter(|o| o["out"] == "error").cloned().collect()
}

/// The codes of the error and notice outputs among `out`.
pub fn codes(out: &[Value]) -> Vec<String> {
    out.iter()
        .filter(|o| o["out"] == "error" || o["out"] == "notice")
        .map(|o| o["code"].as_str().unwrap_or_default().to_string())
        .collect()
}

/// The game events among `out`, by their `event` name.
pub fn events<'a>(out: &'a [Value], name: &str) -> Vec<&'a Value> {
    out.iter().filter(|o| o["out"] == "event" && o["event"]["event"] == name).map(|o| &o["event"]).collect()
}

/// The narration line ids among `out`.
pub fn lines(out: &[Value]) -> Vec<String> {
    out.iter().filter(|o| o["out"] == "line").map(|o| o["id"].as_str().unwrap_or_default().to_string()).collect()
}

/// A directory of its own under the system's temporary directory, removed
/// when dropped.
#[derive(Debug)]
pub struct Scratch(pub PathBuf);

impl Scratch {
    /// A fresh, empty directory named after `tag`.
    pub fn new(tag: &str) -> Scratch {
        static N: AtomicUsize = AtomicUsize::new(0);
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
        let dir = std::env::temp_dir().join(format!(
            "tavola-{tag}-{}-{}-{nanos}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).expect("scratch dir");
        Scratch(dir)
    }

    /// The journal file's path inside it.
    pub fn db(&self) -> PathBuf {
        self.0.join("tavola.db")
    }

    /// The names of the files inside, sorted.
    pub fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.0)
            .expect("list")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
