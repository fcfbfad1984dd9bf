//! The narration queue: lines are said one after the other, never over each
//! other, each followed by its pause; a line queued while another is playing
//! waits its turn. The host can pause, resume, repeat the last line, skip,
//! and make the pauses longer or shorter.
//!
//! An explanation on the screen (the first-game mode's lesson, "What now?")
//! is said at once, before anything waiting: while it stands, the game's
//! own lines are held (queued, never dropped), and they go on once it is
//! dismissed; dismissing it early stops its words.

use super::Line;
use crate::hw::sim::speaking_time;
use crate::hw::Millis;
use std::collections::VecDeque;

/// Slowest and fastest pace: the factor applied to the pauses between lines.
pub const PACE_RANGE: (f32, f32) = (0.5, 2.5);

/// The line being said.
#[derive(Debug, Clone)]
struct Current {
    line: Line,
    /// When it started.
    start: Millis,
    /// How long it is heard: estimated from its words until the speaker
    /// says better (a preloaded clip's length, or still playing).
    speaking: Millis,
    /// The pause after it, pace applied.
    pause: Millis,
    /// An explanation's line, not the game's.
    explains: bool,
}

impl Current {
    /// When the line and its pause are over.
    fn until(&self) -> Millis {
        self.start + self.speaking + self.pause
    }
}

/// Lines waiting to be said and the one being said.
#[derive(Debug)]
pub struct Queue {
    /// Lines waiting, with the time each was queued.
    waiting: VecDeque<(Line, Millis)>,
    /// An explanation on the screen: its lines still to say. While it is
    /// `Some`, the lines `waiting` are held.
    explaining: Option<VecDeque<Line>>,
    /// The line being said.
    current: Option<Current>,
    /// The last line that started, for "repeat".
    last: Option<Line>,
    /// Paused: nothing new starts.
    paused: bool,
    /// Factor on every pause between lines.
    pace: f32,
    /// Lines started and not yet handed to the speaker.
    started: Vec<Line>,
    /// How many times a line was cut short (skip, repeat, clear): the
    /// speaker must stop when this changes.
    cuts: u64,
}

impl Default for Queue {
    fn default() -> Self {
        Queue {
            waiting: VecDeque::new(),
            explaining: None,
            current: None,
            last: None,
            paused: false,
            pace: 1.0,
            started: Vec::new(),
            cuts: 0,
        }
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

    /// An explanation goes on the screen: its `lines` are said now, in
    /// order. One said before it (the previous lesson) is cut short; a line
    /// of the game being said is cut short too and said again, whole, once
    /// the explanation is dismissed. Until then ([`Queue::explained`]) the
    /// game's lines wait.
    pub fn explain(&mut self, lines: Vec<Line>, now: Millis) {
        if let Some(c) = self.current.take() {
            self.cuts += 1;
            if !c.explains {
                self.waiting.push_front((c.line, now));
            }
        }
        self.explaining = Some(lines.into());
        self.advance(now);
    }

    /// The explanation left the screen: what is left of its words is not
    /// said (the line being said stops), and the game's lines go on.
    pub fn explained(&mut self, now: Millis) {
        if self.explaining.take().is_none() {
            return;
        }
        if self.current.as_ref().is_some_and(|c| c.explains) {
            self.current = None;
            self.cuts += 1;
        }
        self.advance(now);
    }

    /// Whether the line being said is an explanation's.
    pub fn says_explanation(&self) -> bool {
        self.current.as_ref().is_some_and(|c| c.explains)
    }

    /// Whether an explanation stands (the game's lines are held).
    pub fn is_explaining(&self) -> bool {
        self.explaining.is_some()
    }

    /// Lets time pass: the next line starts when the current one and its
    /// pause are over.
    pub fn advance(&mut self, now: Millis) {
        loop {
            if self.current.as_ref().is_some_and(|c| c.until() > now) {
                return;
            }
            if self.paused {
                self.current = None;
                return;
            }
            // An explanation's lines first; the game's wait for it to go.
            let next = match self.explaining.as_mut() {
                Some(lines) => lines.pop_front().map(|l| (l, now, true)),
                None => self.waiting.pop_front().map(|(l, queued)| (l, queued, false)),
            };
            match next {
                Some((line, queued, explains)) => {
                    // A line starts when the previous one ends (even if this
                    // call comes late), or now if the narrator was silent.
                    let start = self.current.as_ref().map_or(now, Current::until).max(queued);
                    let pause = (line.pause_ms as f32 * self.pace) as Millis;
                    self.started.push(line.clone());
                    self.last = Some(line.clone());
                    self.current = Some(Current { speaking: speaking_time(&line), line, start, pause, explains });
                }
                None => {
                    self.current = None;
                    return;
                }
            }
        }
    }

    /// When the narration next changes by itself (the line being said and
    /// its pause are over, or one waits to start at once): `None` while
    /// nothing is said and nothing can start.
    pub fn next_change(&self, now: Millis) -> Option<Millis> {
        if let Some(c) = &self.current {
            return Some(c.until());
        }
        let queued = match &self.explaining {
            Some(lines) => !lines.is_empty(),
            None => !self.waiting.is_empty(),
        };
        (queued && !self.paused).then_some(now)
    }

    /// Lines that started since the last call, in order, for the speaker.
    pub fn take_started(&mut self) -> Vec<Line> {
        std::mem::take(&mut self.started)
    }

    /// The line being said.
    pub fn current(&self) -> Option<&Line> {
        self.current.as_ref().map(|c| &c.line)
    }

    /// The speaker knows how long the current line (`id`) plays: its pause
    /// is counted from then, not from the estimate.
    pub fn set_length(&mut self, id: &str, length: Millis) {
        if let Some(c) = self.current.as_mut().filter(|c| c.line.id == id) {
            c.speaking = length;
        }
    }

    /// The speaker is still playing the current line at `now`: whatever the
    /// estimate said, its pause starts only when the sound has ended, so no
    /// line is ever spoken over another.
    pub fn still_speaking(&mut self, now: Millis) {
        if let Some(c) = self.current.as_mut() {
            if now >= c.start + c.speaking {
                c.speaking = now + 1 - c.start;
            }
        }
    }

    /// Changes each time a line is cut short (skip, repeat, clear); the
    /// speaker stops what it plays when it sees a new value.
    pub fn cuts(&self) -> u64 {
        self.cuts
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
            match self.explaining.as_mut() {
                Some(lines) => lines.push_front(line),
                None => self.waiting.push_front((line, now)),
            }
            if self.current.is_some() {
                // The current line is cut short so the repeat starts now.
                self.current = None;
                self.cuts += 1;
            }
            self.advance(now);
        }
    }

    /// Cuts the current line short and goes to the next.
    pub fn skip(&mut self, now: Millis) {
        if self.current.take().is_some() {
            self.cuts += 1;
        }
        self.advance(now);
    }

    /// Longer (factor > 1) or shorter pauses, within [`PACE_RANGE`].
    pub fn set_pace(&mut self, pace: f32) {
        self.pace = pace.clamp(PACE_RANGE.0, PACE_RANGE.1);
    }

    /// Drops everything: the line being said and those waiting (an
    /// explanation on the screen still holds what comes next).
    pub fn clear(&mut self) {
        self.waiting.clear();
        if let Some(lines) = self.explaining.as_mut() {
            lines.clear();
        }
        if self.current.take().is_some() {
            self.cuts += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(id: &str, pause_ms: u32) -> Line {
        Line { id: id.into(), text: "Some words.".into(), pause_ms, sound: None }
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
    fn the_next_change_is_the_end_of_the_line_and_its_pause_and_none_once_silent() {
        let mut q = Queue::new();
        assert_eq!(q.next_change(0), None, "nothing to say");
        q.push(line("a", 1000), 0);
        let a_ends = speaking_time(&line("a", 0)) + 1000;
        assert_eq!(q.next_change(0), Some(a_ends));
        q.advance(a_ends);
        assert_eq!(q.current().map(|l| l.id.as_str()), None);
        assert_eq!(q.next_change(a_ends), None, "silent again: nothing is due");
        q.pause();
        q.push(line("b", 0), a_ends);
        assert_eq!(q.next_change(a_ends), None, "paused: the waiting line does not start by itself");
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

    #[test]
    fn a_clip_longer_than_the_estimate_pushes_the_next_line_back() {
        let mut q = Queue::new();
        q.push(line("a", 500), 0);
        q.push(line("b", 0), 0);
        q.take_started();
        q.set_length("a", 5_000);
        q.advance(speaking_time(&line("a", 0)) + 500);
        assert!(q.take_started().is_empty(), "b waits for the clip to end");
        q.advance(5_499);
        assert!(q.take_started().is_empty(), "then for the pause");
        q.advance(5_500);
        assert_eq!(ids(q.take_started()), vec!["b"]);
    }

    #[test]
    fn a_speaker_still_playing_holds_the_next_line_until_its_pause_is_over() {
        let mut q = Queue::new();
        q.push(line("a", 300), 0);
        q.push(line("b", 0), 0);
        q.take_started();
        let estimate = speaking_time(&line("a", 0));
        for t in (estimate..estimate + 2_000).step_by(50) {
            q.still_speaking(t);
            q.advance(t);
            assert!(q.take_started().is_empty(), "b started over a at {t} ms");
        }
        // The sound was last heard at estimate + 1950: b comes after the pause.
        let last_heard = estimate + 1_950;
        q.advance(last_heard + 300);
        assert!(q.take_started().is_empty());
        q.advance(last_heard + 301);
        assert_eq!(ids(q.take_started()), vec!["b"]);
    }

    #[test]
    fn an_explanation_is_said_at_once_and_holds_the_games_lines_until_dismissed() {
        let mut q = Queue::new();
        q.push(line("game.a", 0), 0);
        q.push(line("game.b", 0), 0);
        assert_eq!(ids(q.take_started()), vec!["game.a"]);
        q.explain(vec![line("teach.x", 0), line("teach.y", 0)], 10);
        assert_eq!(q.cuts(), 1, "the game's line stops for the explanation");
        assert_eq!(ids(q.take_started()), vec!["teach.x"]);
        q.advance(60_000);
        assert_eq!(ids(q.take_started()), vec!["teach.y"], "the explanation's lines in order");
        q.advance(120_000);
        assert!(q.take_started().is_empty(), "the game's lines wait while the explanation stands");
        assert!(q.current().is_none());
        assert_eq!(q.waiting(), 2, "held, not lost: the line cut short and the next");
        q.explained(120_000);
        assert_eq!(ids(q.take_started()), vec!["game.a"], "said again, whole");
        q.advance(200_000);
        assert_eq!(ids(q.take_started()), vec!["game.b"]);
    }

    #[test]
    fn dismissing_an_explanation_early_stops_its_words() {
        let mut q = Queue::new();
        q.explain(vec![line("teach.x", 0), line("teach.y", 0)], 0);
        q.push(line("game.a", 0), 5);
        assert_eq!(ids(q.take_started()), vec!["teach.x"]);
        let cuts = q.cuts();
        q.explained(10);
        assert_eq!(q.cuts(), cuts + 1, "the speaker stops");
        assert_eq!(ids(q.take_started()), vec!["game.a"], "the rest of the explanation is not said");
        // The next explanation replaces the one being said.
        q.explain(vec![line("teach.x", 0)], 20);
        q.explain(vec![line("teach.z", 0)], 30);
        assert_eq!(ids(q.take_started()), vec!["teach.x", "teach.z"]);
        q.explained(40);
        assert_eq!(ids(q.take_started()), vec!["game.a"], "the game's line cut short comes back");
    }

    #[test]
    fn skip_repeat_and_clear_each_count_as_a_cut_only_when_a_line_plays() {
        let mut q = Queue::new();
        q.skip(0);
        assert_eq!(q.cuts(), 0, "nothing playing, nothing cut");
        q.push(line("a", 0), 0);
        q.push(line("b", 0), 0);
        q.skip(10);
        assert_eq!(q.cuts(), 1);
        q.repeat(20);
        assert_eq!(q.cuts(), 2);
        q.clear();
        assert_eq!(q.cuts(), 3);
        assert!(q.current().is_none() && q.waiting() == 0);
    }
}
