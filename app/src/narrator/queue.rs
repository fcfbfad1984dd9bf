//! The narration queue: lines are said one after the other, never over each
//! other, each followed by its pause; a line queued while another is playing
//! waits its turn. The host can pause, resume, repeat the last line, skip,
//! and make the pauses longer or shorter.

use super::Line;
use crate::hw::sim::speaking_time;
use crate::hw::Millis;
use std::collections::VecDeque;

/// Slowest and fastest pace: the factor applied to the pauses between lines.
pub const PACE_RANGE: (f32, f32) = (0.5, 2.5);

/// Lines waiting to be said and the one being said.
#[derive(Debug)]
pub struct Queue {
    /// Lines waiting, with the time each was queued.
    waiting: VecDeque<(Line, Millis)>,
    /// The line being said and when it (with its pause) ends.
    current: Option<(Line, Millis)>,
    /// The last line that started, for "repeat".
    last: Option<Line>,
    /// Paused: nothing new starts.
    paused: bool,
    /// Factor on every pause between lines.
    pace: f32,
    /// Lines started and not yet handed to the speaker.
    started: Vec<Line>,
}

impl Default for Queue {
    fn default() -> Self {
        Queue { waiting: VecDeque::new(), current: None, last: None, paused: false, pace: 1.0, started: Vec::new() }
    }
}

impl Queue {
    /// An empty queue.
    pub fn new() -> Self {
        Self::default()
    }

    /// Queues a line at time `now`; a new line never cuts the current one.
    pub fn push(&mut self, line: Line, now: Millis) {
        self.waiting.push_back((line, now));
        self.advance(now);
    }

    /// Lets time pass: the next line starts when the current one and its
    /// pause are over.
    pub fn advance(&mut self, now: Millis) {
        loop {
            if self.current.as_ref().is_some_and(|(_, until)| *until > now) {
                return;
            }
            if self.paused {
                self.current = None;
                return;
            }
            match self.waiting.pop_front() {
                Some((line, queued)) => {
                    // A line starts when the previous one ends (even if this
                    // call comes late), or now if the narrator was silent.
                    let start = self.current.as_ref().map_or(now, |(_, u)| *u).max(queued);
                    let pause = (line.pause_ms as f32 * self.pace) as Millis;
                    let until = start + speaking_time(&line) + pause;
                    self.started.push(line.clone());
                    self.last = Some(line.clone());
                    self.current = Some((line, until));
                }
                None => {
                    self.current = None;
                    return;
                }
            }
        }
    }

    /// Lines that started since the last call, in order, for the speaker.
    pub fn take_started(&mut self) -> Vec<Line> {
        std::mem::take(&mut self.started)
    }

    /// The line being said.
    pub fn current(&self) -> Option<&Line> {
        self.current.as_ref().map(|(l, _)| l)
    }

    /// Lines still waiting.
    pub fn waiting(&self) -> usize {
        self.waiting.len()
    }

    /// Whether the host paused the narration.
    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// The pace factor on pauses.
    pub fn pace(&self) -> f32 {
        self.pace
    }

    /// Stops after the current line; nothing is lost.
    pub fn pause(&mut self) {
        self.paused = true;
    }

    /// Goes on with the lines waiting.
    pub fn resume(&mut self, now: Millis) {
        self.paused = false;
        self.advance(now);
    }

    /// Says the last line again, next.
    pub fn repeat(&mut self, now: Millis) {
        if let Some(line) = self.last.clone() {
            self.waiting.push_front((line, now));
            if self.current.is_some() {
                // The current line is cut short so the repeat starts now.
                self.current = None;
            }
            self.advance(now);
        }
    }

    /// Cuts the current line short and goes to the next.
    pub fn skip(&mut self, now: Millis) {
        self.current = None;
        self.advance(now);
    }

    /// Longer (factor > 1) or shorter pauses, within [`PACE_RANGE`].
    pub fn set_pace(&mut self, pace: f32) {
        self.pace = pace.clamp(PACE_RANGE.0, PACE_RANGE.1);
    }

    /// Drops everything: the line being said and those waiting.
    pub fn clear(&mut self) {
        self.waiting.clear();
        self.current = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(id: &str, pause_ms: u32) -> Line {
        Line { id: id.into(), text: "Some words.".into(), pause_ms }
    }

    fn ids(lines: Vec<Line>) -> Vec<String> {
        lines.into_iter().map(|l| l.id).collect()
    }

    #[test]
    fn lines_never_overlap_and_a_new_one_waits_its_turn() {
        let mut q = Queue::new();
        q.push(line("a", 1000), 0);
        q.push(line("b", 0), 10);
        assert_eq!(ids(q.take_started()), vec!["a"]);
        let a_ends = speaking_time(&line("a", 0)) + 1000;
        q.advance(a_ends - 1);
        assert!(q.take_started().is_empty());
        q.advance(a_ends);
        assert_eq!(ids(q.take_started()), vec!["b"]);
    }

    #[test]
    fn pause_holds_the_rest_and_resume_goes_on() {
        let mut q = Queue::new();
        q.push(line("a", 0), 0);
        q.push(line("b", 0), 0);
        q.take_started();
        q.pause();
        q.advance(60_000);
        assert!(q.take_started().is_empty());
        assert_eq!(q.waiting(), 1, "nothing is lost while paused");
        q.resume(60_000);
        assert_eq!(ids(q.take_started()), vec!["b"]);
    }

    #[test]
    fn repeat_and_skip() {
        let mut q = Queue::new();
        q.push(line("a", 0), 0);
        q.push(line("b", 0), 0);
        q.take_started();
        q.repeat(100);
        assert_eq!(ids(q.take_started()), vec!["a"], "the last line again, at once");
        q.skip(200);
        assert_eq!(ids(q.take_started()), vec!["b"]);
    }

    #[test]
    fn pace_stretches_the_pauses() {
        let mut slow = Queue::new();
        slow.set_pace(2.0);
        slow.push(line("a", 1000), 0);
        slow.push(line("b", 0), 0);
        let t = speaking_time(&line("a", 0));
        slow.advance(t + 1999);
        assert_eq!(ids(slow.take_started()), vec!["a"]);
        slow.advance(t + 2000);
        assert_eq!(ids(slow.take_started()), vec!["b"]);
        slow.set_pace(100.0);
        assert_eq!(slow.pace(), PACE_RANGE.1);
    }
}
