//! Table timers: the windows each game declares
//! ([`crate::games::Game::WINDOWS`]: Avalon's discussion before a team vote,
//! its vote and mission windows, Nottingham's window in which an exchange
//! may be ambushed), each with a warning before the end. The engine says
//! which window is open ([`crate::games::Waiting`]); the table knows no
//! window by name.
//!
//! A timer decides for the players only where the rules say what the end
//! of the window means (an ambush not sprung in time is not sprung:
//! [`crate::games::Game::timeout_command`]). Otherwise, when a window closes
//! with answers missing, the table is told who is missing and the game
//! waits; the host can give more time.

use crate::games::{timed_windows, Seat, TimedWindow};
use crate::hw::Millis;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeMap;

/// Durations, in seconds; 0 switches a timer off. One length for every
/// window a game of the registry declares (each at its default until set),
/// and the warning.
///
/// Stored (in the journal's settings, the headless `set_timers`) as one
/// key a window, its name and `_s` (`{"vote_s": 30, …, "warning_s": 10}`):
/// a key left out keeps the window's default, a key no game declares any
/// more is passed over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimerConfig {
    /// Each declared window's length, by name.
    lengths: BTreeMap<&'static str, u32>,
    /// Warning this many seconds before a timer ends.
    pub warning_s: u32,
}

/// The warning's default, in seconds.
const WARNING_S: u32 = 10;

impl Default for TimerConfig {
    fn default() -> Self {
        let lengths = timed_windows().map(|(_, w)| (w.name, w.default_s)).collect();
        TimerConfig { lengths, warning_s: WARNING_S }
    }
}

impl TimerConfig {
    /// The configured length of a window, in milliseconds (0 = off).
    pub fn length(&self, window: &TimedWindow) -> Millis {
        Millis::from(self.seconds(window)) * 1000
    }

    /// The configured length of a window, in seconds (0 = off).
    pub fn seconds(&self, window: &TimedWindow) -> u32 {
        self.lengths.get(window.name).copied().unwrap_or(window.default_s)
    }

    /// Sets a window's length, in seconds, at most its
    /// [`TimedWindow::max_s`].
    pub fn set(&mut self, window: &'static TimedWindow, seconds: u32) {
        self.lengths.insert(window.name, seconds.min(window.max_s));
    }

    /// The same with one window's length set.
    #[must_use]
    pub fn with(mut self, name: &str, seconds: u32) -> TimerConfig {
        if let Some(window) = TimedWindow::named(name) {
            self.set(window, seconds);
        }
        self
    }
}

impl Serialize for TimerConfig {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(self.lengths.len() + 1))?;
        for (_, w) in timed_windows() {
            map.serialize_entry(&w.key(), &self.seconds(w))?;
        }
        map.serialize_entry("warning_s", &self.warning_s)?;
        map.end()
    }
}

impl<'de> Deserialize<'de> for TimerConfig {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let stored = BTreeMap::<String, u32>::deserialize(d)?;
        let mut config = TimerConfig::default();
        for (key, seconds) in stored {
            if key == "warning_s" {
                config.warning_s = seconds;
            } else if let Some(window) = key.strip_suffix("_s").and_then(TimedWindow::named) {
                config.lengths.insert(window.name, seconds);
            }
        }
        Ok(config)
    }
}

/// What the game asks the timer for right now: the timer, a key naming the
/// moment (a new key restarts the timer) and the seats still to answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimerRequest {
    /// The window timed.
    pub kind: &'static TimedWindow,
    /// Identifies this moment of the game (mission 2, third proposal…).
    pub key: String,
    /// Seats that still owe an answer.
    pub missing: Vec<Seat>,
}

/// A running timer as stored, so that a game taken up after a power cut
/// reopens its window with the time that remained.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedTimer {
    /// The moment of the game it belongs to.
    pub key: String,
    /// Milliseconds that remained when it was stored.
    pub remaining_ms: Millis,
}

/// How often a running timer's remaining time is stored.
pub const SAVE_EVERY_MS: Millis = 5_000;

/// A timer as the screen shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimerView {
    /// The window timed.
    pub kind: &'static TimedWindow,
    /// Milliseconds left (0 once expired).
    pub remaining_ms: Millis,
    /// Full length, for a progress bar.
    pub total_ms: Millis,
    /// Inside the warning period.
    pub warning: bool,
    /// Time is up.
    pub expired: bool,
}

/// A running timer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Timer {
    /// The window timed.
    pub kind: &'static TimedWindow,
    /// The moment it belongs to.
    pub key: String,
    /// When it started.
    pub started: Millis,
    /// When it ends.
    pub deadline: Millis,
    /// Its full length (a timer taken up after a restart has less left).
    pub length: Millis,
    /// The warning has been given.
    pub warned: bool,
    /// The end has been announced.
    pub expired: bool,
}

/// What a tick of the timer brings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimerSignal {
    /// Entered the warning period; seconds left.
    Warning(u32),
    /// Time is up.
    Expired(&'static TimedWindow),
}

impl Timer {
    /// Starts a timer of `length` ms at `now`.
    pub fn start(kind: &'static TimedWindow, key: String, now: Millis, length: Millis) -> Self {
        Timer { kind, key, started: now, deadline: now + length, length, warned: false, expired: false }
    }

    /// Moves the timer to `now`; returns what the table should hear.
    pub fn tick(&mut self, now: Millis, warning_ms: Millis) -> Option<TimerSignal> {
        if self.expired {
            return None;
        }
        if now >= self.deadline {
            self.expired = true;
            self.warned = true;
            return Some(TimerSignal::Expired(self.kind));
        }
        let left = self.deadline - now;
        if !self.warned && warning_ms > 0 && left <= warning_ms && self.length > warning_ms {
            self.warned = true;
            return Some(TimerSignal::Warning(left.div_ceil(1000) as u32));
        }
        None
    }

    /// A timer of full length `length` of which only `remaining` is left.
    pub fn resume(kind: &'static TimedWindow, key: String, now: Millis, length: Millis, remaining: Millis) -> Self {
        let remaining = remaining.min(length);
        Timer { kind, key, started: now, deadline: now + remaining, length, warned: false, expired: false }
    }

    /// Gives `ms` more time, counted from now if the timer had run out.
    pub fn extend(&mut self, now: Millis, ms: Millis) {
        self.deadline = self.deadline.max(now) + ms;
        self.expired = false;
        self.warned = false;
    }

    /// When the timer next needs a look after `now`: the next whole second
    /// of the time left (the figure shown changes, the warning and the end
    /// fall on one), `None` once it has run out.
    pub fn next_change(&self, now: Millis) -> Option<Millis> {
        if self.expired {
            return None;
        }
        let left = self.deadline.saturating_sub(now);
        Some(if left == 0 { now } else { now + (left - 1) % 1000 + 1 })
    }

    /// The timer as the screen shows it.
    pub fn view(&self, now: Millis, warning_ms: Millis) -> TimerView {
        let remaining = self.deadline.saturating_sub(now);
        TimerView {
            kind: self.kind,
            remaining_ms: remaining,
            total_ms: self.length.max(self.deadline - self.started),
            warning: remaining <= warning_ms,
            expired: self.expired || remaining == 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::avalon::VOTE;

    /// Every change of the figure shown (whole seconds of the time left,
    /// counted up), the warning and the end come at a look it asked for.
    #[test]
    fn the_next_look_is_the_next_whole_second_of_the_time_left() {
        let mut t = Timer::start(&VOTE, "v".into(), 1_250, 3_000);
        assert_eq!(t.next_change(1_250), Some(2_250));
        assert_eq!(t.next_change(1_300), Some(2_250));
        assert_eq!(t.next_change(2_250), Some(3_250));
        assert_eq!(t.next_change(3_250), Some(4_250), "the deadline itself");
        let shown = |t: &Timer, now| t.view(now, 10_000).remaining_ms.div_ceil(1000);
        let mut now = 1_250;
        let mut looks = 0;
        while let Some(next) = t.next_change(now) {
            assert_eq!(shown(&t, next - 1), shown(&t, now), "no change between two looks");
            now = next;
            looks += 1;
            if t.tick(now, 0) == Some(TimerSignal::Expired(&VOTE)) {
                break;
            }
        }
        assert_eq!((now, looks), (4_250, 3));
        assert_eq!(t.next_change(now), None, "run out: nothing more to look at");
    }

    #[test]
    fn warns_once_then_expires_once() {
        let mut t = Timer::start(&VOTE, "v".into(), 1_000, 30_000);
        assert_eq!(t.tick(10_000, 10_000), None);
        assert_eq!(t.tick(21_500, 10_000), Some(TimerSignal::Warning(10)));
        assert_eq!(t.tick(25_000, 10_000), None);
        assert_eq!(t.tick(31_000, 10_000), Some(TimerSignal::Expired(&VOTE)));
        assert_eq!(t.tick(40_000, 10_000), None);
        t.extend(40_000, 20_000);
        assert_eq!(t.view(40_000, 10_000).remaining_ms, 20_000);
        assert_eq!(t.tick(50_000, 10_000), Some(TimerSignal::Warning(10)));
        assert_eq!(t.tick(60_000, 10_000), Some(TimerSignal::Expired(&VOTE)));
    }
}
