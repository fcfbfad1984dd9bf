//! `tavola headless`: the whole table driven by JSON lines.
//!
//! Every input line is one JSON object; every output line is one JSON object
//! with an `"out"` kind and the table time `"t"` in milliseconds. Time only
//! moves when an input says so (`wait_ms`), so a run is deterministic for a
//! given `--seed`. The format is documented in `docs/headless.md`.

use crate::games::{CommonError, GameKind, GameRng, Lang, Lessons, RuleError, Seat};
use crate::hw::nfc::POLL_MS;
use crate::hw::sim::RecordingAudio;
use crate::hw::sim::{SimDice, SimPad, SimReader};
use crate::hw::{Millis, PadButton, Shared};
use crate::journal::{GameResult, Journal, JournalStore};
use crate::table::{Input, Output, SavedTimer, Session, Table, TimerConfig, Touch};
use serde::Deserialize;
use serde_json::{json, Value};
use std::io::{BufRead, Write};
use tavola_firmware::sim::Fault;
use tavola_words::{msg, Msg};

/// Time step of the simulated loop: the pad's debouncer and the timers see
/// the clock move in steps this long.
pub const STEP_MS: Millis = 5;

/// Settings of a headless run.
#[derive(Debug, Clone)]
pub struct Options {
    /// Seed of the game's random numbers.
    pub seed: u64,
    /// Language of messages and narration.
    pub lang: Lang,
    /// Seats on the simulated pad.
    pub seats: u8,
    /// Timers.
    pub timers: TimerConfig,
    /// A journal file: every accepted command is committed to it before
    /// its output is written.
    pub db: Option<std::path::PathBuf>,
    /// Take up the journal's unfinished game at start.
    pub resume: bool,
    /// A game exported with `tavola export`: its events are told again, in
    /// order, and the game goes on from its end.
    pub replay: Option<std::path::PathBuf>,
    /// First-game mode from the start: each step of the game is explained
    /// the first time it comes (`teach` output lines), the goal at setup.
    /// The `{"first_game": …}` input switches it later.
    pub first_game: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            seed: 0,
            lang: Lang::En,
            seats: 10,
            timers: TimerConfig::default(),
            db: None,
            resume: false,
            replay: None,
            first_game: false,
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "snake_case")]
enum TagAction {
    Placed,
    Removed,
}

#[derive(Debug, Deserialize)]
struct TagInput {
    tag: TagAction,
    #[serde(default)]
    uid: String,
    #[serde(default)]
    card: Option<String>,
    /// The tag's raw memory, one hex string per page (an NTAG dump).
    #[serde(default)]
    pages: Option<Vec<String>>,
}

#[derive(Debug, Deserialize)]
struct ButtonInput {
    seat: u8,
    button: PadButton,
    down: bool,
}

#[derive(Debug, Deserialize)]
struct PressInput {
    seat: u8,
    button: PadButton,
    #[serde(default = "default_hold")]
    hold_ms: Millis,
}

fn default_hold() -> Millis {
    80
}

/// The headless table: a session with simulated hardware on a mocked clock.
#[derive(Debug)]
pub struct Headless {
    table: Table<SimReader, SimPad, SimDice>,
    /// The speaker: records what is said and when, on the table's clock.
    speaker: Shared<RecordingAudio>,
    now: Millis,
    /// Lines to say before the first input (journal opened, game resumed).
    opening: Vec<Value>,
    /// First-game mode: what was explained in the game on, when the mode
    /// is on (see [`crate::games::teach`]).
    teaching: Option<Teaching>,
}

/// The first-game mode's memory: the game it follows and what it explained.
#[derive(Debug)]
struct Teaching {
    /// The game followed, and how many stored events it had when last
    /// looked at (fewer now: undone, or a new game of the same kind).
    game: Option<(GameKind, usize)>,
    lessons: Lessons,
}

impl Headless {
    /// A fresh table; with a journal, opened (and the unfinished game taken
    /// up, if asked). A journal that cannot be opened is an error.
    pub fn open(opts: &Options) -> Result<Self, String> {
        let mut session = Session::new(opts.lang, opts.timers.clone(), GameRng::seeded(opts.seed));
        let mut opening = Vec::new();
        if let Some(path) = &opts.db {
            let opened = Journal::open(path).map_err(|e| e.to_string())?;
            if let Some(moved) = &opened.moved_aside {
                opening.push(
                    json!({"out": "notice", "code": "journal.moved_aside", "message": opts.lang.text(&moved.notice())}),
                );
            }
            let journal = opened.journal;
            let unfinished = if opts.resume { journal.unfinished().map_err(|e| e.to_string())? } else { None };
            // A game whose end was stored but not yet marked finished (the
            // power went between the two) is finished now, not offered.
            let (journal, unfinished) = match unfinished {
                Some(stored) if GameResult::from_events(&stored.events).is_some() => {
                    let mut journal = journal;
                    if let Some(result) = GameResult::from_events(&stored.events) {
                        journal.finish_game(stored.info.id, &result).map_err(|e| e.to_string())?;
                    }
                    (journal, None)
                }
                other => (journal, other),
            };
            match unfinished {
                Some(stored) => {
                    let (done, undone) = crate::journal::commands(&stored);
                    let timer = journal.setting::<SavedTimer>("timer").ok().flatten();
                    session.resume(0, done, undone, stored.secrets.clone(), timer).map_err(|e| e.to_string())?;
                    session.await_facts_again(journal.setting(crate::table::FACTS_WAIT).ok().flatten());
                    session.set_store(Box::new(JournalStore::resuming(journal, &stored, Some(opts.seed))));
                    let said = msg!("notice.journal.resumed", game = stored.info.id.0, count = stored.events.len());
                    opening.push(json!({"out": "notice", "code": "table.resumed", "message": opts.lang.text(&said)}));
                }
                None => session.set_store(Box::new(JournalStore::new(journal, Some(opts.seed)))),
            }
        }
        if let Some(path) = &opts.replay {
            opening.extend(replay(&mut session, path, opts.lang)?);
        }
        let table = Table::new(session, SimReader::new(), SimPad::new(opts.seats), SimDice::default());
        let mut headless = Self::with_speaker(table, opening);
        if opts.first_game {
            headless.teaching = Some(Teaching { game: None, lessons: Lessons::new() });
            let lessons = headless.lessons();
            headless.opening.extend(lessons);
        }
        Ok(headless)
    }

    /// A fresh table without a journal.
    pub fn new(opts: &Options) -> Self {
        let session = Session::new(opts.lang, opts.timers.clone(), GameRng::seeded(opts.seed));
        let table = Table::new(session, SimReader::new(), SimPad::new(opts.seats), SimDice::default());
        let mut headless = Self::with_speaker(table, Vec::new());
        if opts.first_game {
            headless.teaching = Some(Teaching { game: None, lessons: Lessons::new() });
        }
        headless
    }

    fn with_speaker(mut table: Table<SimReader, SimPad, SimDice>, opening: Vec<Value>) -> Self {
        let speaker: Shared<RecordingAudio> = Default::default();
        table.set_audio(Box::new(speaker.clone()));
        Headless { table, speaker, now: 0, opening, teaching: None }
    }

    /// Every line the speaker was given, with the table time it started.
    pub fn spoken(&self) -> Vec<(Millis, crate::narrator::Line)> {
        self.speaker.borrow().spoken.clone()
    }

    /// What the table says before the first input.
    pub fn opening(&mut self) -> Vec<String> {
        std::mem::take(&mut self.opening).into_iter().map(|v| v.to_string()).collect()
    }

    /// The session (for tests that look inside).
    pub fn session(&self) -> &Session {
        &self.table.session
    }

    /// The table time.
    pub fn now(&self) -> Millis {
        self.now
    }

    /// Handles one input line; returns the output lines (without newlines).
    pub fn line(&mut self, line: &str) -> Vec<String> {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            return Vec::new();
        }
        let outputs = match serde_json::from_str::<Value>(trimmed) {
            Ok(v) => self.input(v),
            Err(e) => vec![bad_input(format!("not JSON: {e}"))],
        };
        outputs
            .into_iter()
            .map(|mut v| {
                // Each output carries the table time it happened at (set
                // while waiting); the rest, the time the input finished.
                if let Value::Object(m) = &mut v {
                    m.entry("t").or_insert(json!(self.now));
                    // What was given is never said back whole: an id or a
                    // command of any length fits in a line of a screen.
                    if let Some(Value::String(message)) = m.get_mut("message") {
                        cut(message);
                    }
                    if let Some(Value::String(message)) = m.get_mut("view").and_then(|v| v.get_mut("message")) {
                        cut(message);
                    }
                }
                v.to_string()
            })
            .collect()
    }

    /// Handles one input line given as bytes: a line that is not UTF-8
    /// text is answered with an error, and the driver goes on.
    pub fn bytes(&mut self, line: &[u8]) -> Vec<String> {
        match std::str::from_utf8(line) {
            Ok(text) => self.line(text),
            Err(e) => {
                let said = msg!("cli.headless.not_utf8", at = e.valid_up_to());
                let mut v = bad_input(self.table.session.lang().text(&said));
                if let Value::Object(m) = &mut v {
                    m.insert("t".into(), json!(self.now));
                }
                vec![v.to_string()]
            }
        }
    }

    fn input(&mut self, v: Value) -> Vec<Value> {
        let mut out = self.input_line(v);
        out.extend(self.lessons());
        out
    }

    /// The first-game mode's explanations due now (`teach` lines): the
    /// goal when a game is chosen, then each special card the first time
    /// one comes into play, and each step the first time it comes.
    /// A game taken up (resumed, replayed, or the mode switched on during
    /// it) counts every step its history went through as explained.
    fn lessons(&mut self) -> Vec<Value> {
        let session = &self.table.session;
        let lang = session.lang();
        let Some(teaching) = &mut self.teaching else { return Vec::new() };
        let Some(game) = session.game() else {
            teaching.game = None;
            return Vec::new();
        };
        let stored = session.history().len();
        let seen = teaching.game.filter(|&(kind, seen)| kind == game.kind() && stored >= seen).map(|(_, n)| n);
        if seen.is_none() {
            teaching.lessons = if stored == 0 {
                Lessons::new()
            } else {
                Lessons::from_history(game.kind(), session.history()).unwrap_or_default()
            };
        }
        teaching.game = Some((game.kind(), stored));
        // The cards the new events brought into play, explained once.
        let new = seen.map_or(&[][..], |n| &session.history()[n..stored]);
        teaching
            .lessons
            .due_after(game, new)
            .into_iter()
            .map(|l| json!({"out": "teach", "id": l.id, "message": lang.text(&l.msg)}))
            .collect()
    }

    /// "What now?" for the game on, in the table's language: the words the
    /// screen shows.
    fn what_now(&self) -> Value {
        let session = &self.table.session;
        let lang = session.lang();
        let Some(game) = session.game() else {
            return json!({"out": "error", "code": "table.no_game", "message": lang.text(&msg!("notice.table.no_game"))});
        };
        let now = game.what_now();
        json!({
            "out": "what_now",
            "step": now.step.id,
            "whose": now.whose.map(|s| s.0),
            "waiting": lang.text(&now.waiting),
            "moves": now.moves.iter().map(|m| lang.text(m)).collect::<Vec<_>>(),
        })
    }

    fn input_line(&mut self, v: Value) -> Vec<Value> {
        const KEYS: [&str; 10] =
            ["wait_ms", "tag", "fault", "button", "press", "roll", "touch", "view", "what_now", "first_game"];
        let lang = self.table.session.lang();
        let said = |m: Msg| lang.text(&m);
        let key = v.as_object().and_then(|m| KEYS.into_iter().find(|k| m.contains_key(*k)));
        // A press on a seat the pad does not have is refused like any other
        // seat the table does not have.
        let pad_seat = |b: &Value| b["seat"].as_u64().filter(|&s| s >= u64::from(self.table.pad.seats()));
        if let Some(seat) = pad_seat(&v["button"]).or_else(|| pad_seat(&v["press"])) {
            let e = RuleError::from(CommonError::NoSuchSeat { seat: Seat(u8::try_from(seat).unwrap_or(u8::MAX)) });
            let out = Output::Error { code: e.code(), message: e.text_named(lang, &|_| None), rule: e.rule_text(lang) };
            return vec![serde_json::to_value(out).unwrap_or(Value::Null)];
        }
        let result: Result<Vec<Value>, String> = match key {
            Some("wait_ms") => match v["wait_ms"].as_u64() {
                Some(ms) if ms <= MAX_WAIT_MS => Ok(self.wait_stamped(ms)),
                Some(ms) => Err(said(msg!("cli.headless.wait_too_long", ms, most = MAX_WAIT_MS))),
                None => Err(said(msg!("cli.headless.wait_ms"))),
            },
            Some("tag") => parse::<TagInput>(v).and_then(|t| {
                match (t.tag, &t.pages) {
                    (TagAction::Placed, Some(pages)) => self.table.reader.place_pages(pages).map_err(said)?,
                    (TagAction::Placed, None) => self.table.reader.place(&t.uid, t.card.as_deref()),
                    (TagAction::Removed, _) => self.table.reader.remove(),
                }
                // One poll period, so that the reader has looked at its field.
                Ok(self.wait_stamped(POLL_MS + STEP_MS))
            }),
            Some("fault") => {
                let name = v["fault"].as_str().unwrap_or_default();
                let chip = self.table.reader.chip();
                match (name, fault(name)) {
                    ("clear", _) => chip.clear_faults(),
                    (_, Some(f)) => chip.inject(f),
                    _ => {
                        let faults =
                            "crc, collision, truncated, corrupted, pulled, dead_low, dead_high, stalled, clear";
                        return vec![bad_input(said(msg!("cli.headless.fault", faults)))];
                    }
                }
                Ok(self.wait_stamped(STEP_MS))
            }
            Some("button") => parse::<ButtonInput>(v["button"].clone()).map(|b| {
                self.table.pad.set_level(self.now, b.seat, b.button, b.down);
                self.wait_stamped(STEP_MS)
            }),
            Some("press") => parse::<PressInput>(v["press"].clone()).map(|p| {
                self.table.pad.set_level(self.now, p.seat, p.button, true);
                let mut out = self.wait_stamped(p.hold_ms);
                self.table.pad.set_level(self.now, p.seat, p.button, false);
                out.extend(self.wait_stamped(default_hold()));
                out
            }),
            Some("roll") => match v["roll"].as_u64().and_then(|s| u8::try_from(s).ok()).filter(|&s| s >= 2) {
                Some(sides) => Ok(values(self.table.input(self.now, Input::Roll { sides }))),
                None => Err(said(msg!("cli.headless.roll"))),
            },
            Some("touch") => parse::<Touch>(v).map(|t| values(self.table.input(self.now, Input::Touch(t)))),
            Some("view") => return vec![json!({ "out": "view", "view": self.table.session.view() })],
            Some("what_now") => return vec![self.what_now()],
            Some("first_game") => match v["first_game"].as_bool() {
                Some(on) => {
                    let was = self.teaching.is_some();
                    if on && !was {
                        // Switched on during a game: what its history went
                        // through counts as known; the next new step is explained.
                        self.teaching = Some(Teaching { game: None, lessons: Lessons::new() });
                    } else if !on {
                        self.teaching = None;
                    }
                    Ok(vec![json!({"out": "first_game", "on": on})])
                }
                None => Err(said(msg!("cli.headless.first_game"))),
            },
            _ => Err(said(msg!("cli.headless.unknown_input", keys = KEYS.join(", ")))),
        };
        match result {
            Ok(outs) => outs,
            Err(e) => vec![bad_input(e)],
        }
    }

    /// [`Headless::wait`], each output stamped with the table time it
    /// happened at (`t`).
    fn wait_stamped(&mut self, ms: Millis) -> Vec<Value> {
        let end = self.now + ms;
        let mut out = Vec::new();
        loop {
            self.now = (self.now + STEP_MS).min(end);
            for o in self.table.poll(self.now) {
                let mut v = serde_json::to_value(o).unwrap_or(Value::Null);
                if let Value::Object(m) = &mut v {
                    m.insert("t".into(), json!(self.now));
                }
                out.push(v);
            }
            if self.now >= end {
                return out;
            }
        }
    }

    /// Lets `ms` milliseconds pass, polling the table every [`STEP_MS`].
    pub fn wait(&mut self, ms: Millis) -> Vec<Output> {
        let end = self.now + ms;
        let mut out = Vec::new();
        loop {
            self.now = (self.now + STEP_MS).min(end);
            out.extend(self.table.poll(self.now));
            if self.now >= end {
                return out;
            }
        }
    }
}

/// The longest wait one input line may ask for: an hour of table time
/// (stepped every few milliseconds, it takes well under a second).
pub const MAX_WAIT_MS: Millis = 60 * 60 * 1000;

/// Outputs as JSON values.
fn values(outs: Vec<Output>) -> Vec<Value> {
    outs.into_iter().map(|o| serde_json::to_value(o).unwrap_or(Value::Null)).collect()
}

/// A reader fault by its name in the headless format.
fn fault(name: &str) -> Option<Fault> {
    Some(match name {
        "crc" => Fault::CrcError,
        "collision" => Fault::Collision,
        "truncated" => Fault::Truncated,
        "corrupted" => Fault::Corrupted,
        "pulled" => Fault::PullAfter(3),
        "dead_low" => Fault::DeadMiso(0x00),
        "dead_high" => Fault::DeadMiso(0xFF),
        "stalled" => Fault::Stall,
        _ => return None,
    })
}

/// Tells an exported game again, event by event with its narration, and
/// takes it up in `session`.
fn replay(session: &mut Session, path: &std::path::Path, lang: Lang) -> Result<Vec<Value>, String> {
    use crate::games::AnyGame;
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let export = crate::journal::export::parse_jsonl(&text).map_err(|e| e.to_string())?;
    if export.header.public {
        return Err(lang.text(&msg!("cli.headless.public_export")));
    }
    let mut out = Vec::new();
    let kind = export.header.kind;
    let mut game =
        AnyGame::new(kind).ok_or_else(|| lang.text(&msg!("notice.table.not_built", title = kind.title())))?;
    for e in &export.events {
        game.apply(e).map_err(|e| e.to_string())?;
        let (public, cues) = (e.redacted().map(|p| p.body()), game.cues(e));
        if let Some(public) = public {
            out.push(json!({"out": "event", "game": e.kind(), "event": public}));
        }
        for cue in cues {
            out.push(serde_json::to_value(Output::Line(crate::narrator::line(&cue, lang))).unwrap_or(Value::Null));
        }
    }
    session.handle(0, Input::Touch(Touch::ChooseGame { game: export.header.kind }));
    session.resume(0, vec![export.events], Vec::new(), Vec::new(), None).map_err(|e| e.to_string())?;
    Ok(out)
}

fn parse<T: for<'de> Deserialize<'de>>(v: Value) -> Result<T, String> {
    serde_json::from_value(v).map_err(|e| e.to_string())
}

fn bad_input(message: String) -> Value {
    json!({ "out": "error", "code": "headless.bad_input", "message": message })
}

/// The most characters of a message the driver writes.
pub const MAX_MESSAGE_CHARS: usize = 400;

/// Cuts `message` after [`MAX_MESSAGE_CHARS`] characters, with an ellipsis.
fn cut(message: &mut String) {
    if let Some((at, _)) = message.char_indices().nth(MAX_MESSAGE_CHARS) {
        message.truncate(at);
        message.push('…');
    }
}

/// Runs the driver over a reader and a writer (stdin and stdout).
pub fn run(opts: &Options, input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
    let mut h = Headless::open(opts).map_err(std::io::Error::other)?;
    for out in h.opening() {
        writeln!(output, "{out}")?;
    }
    output.flush()?;
    let mut input = input;
    let mut line = Vec::new();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            return Ok(());
        }
        let text = line.strip_suffix(b"\n").unwrap_or(&line);
        let text = text.strip_suffix(b"\r").unwrap_or(text);
        for out in h.bytes(text) {
            writeln!(output, "{out}")?;
        }
        output.flush()?;
    }
}
