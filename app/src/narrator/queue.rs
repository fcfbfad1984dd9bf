//! The narration queue: lines are said one after the other, never over each
//! other, each followed by its pause; a line queued while another is playing
//! waits its turn.

use super::Line;
use crate::hw::sim::speaking_time;
use crate::hw::Millis;
use std::collections::VecDeque;

/// Lines waiting to be said and the one being said.
#[derive(Debug, Default)]
pub struct Queue {
    /// Lines waiting, with the time each was queued.
    waiting: VecDeque<(Line, Millis)>,
    /// The line being said and when it (with its pause) ends.
    current: Option<(Line, Millis)>,
}

impl Queue {
    /// An empty queue.
    pub fn new() -> Self {
        Self::default()
    }

    /// Queues a line at time `now`; returns the lines that start now.
    pub fn push(&mut self, line: Line, now: Millis) -> Vec<Line> {
        self.waiting.push_back((line, now));
        self.advance(now)
    }

    /// Lets time pass; returns the lines that started since the last call,
    /// in order (more than one if the caller was late).
    pub fn advance(&mut self, now: Millis) -> Vec<Line> {
        let mut started = Vec::new();
        loop {
            if self.current.as_ref().is_some_and(|(_, until)| *until > now) {
                return started;
            }
            match self.waiting.pop_front() {
                Some((line, queued)) => {
                    // A line starts when the previous one ends, or when it
                    // was queued if the narrator was silent by then.
                    let start = self.current.as_ref().map_or(queued, |(_, u)| *u).max(queued);
                    let until = start + speaking_time(&line) + Millis::from(line.pause_ms);
                    started.push(line.clone());
                    self.current = Some((line, until));
                }
                None => {
                    self.current = None;
                    return started;
                }
            }
        }
    }

    /// The line being said.
    pub fn current(&self) -> Option<&Line> {
        self.current.as_ref().map(|(l, _)| l)
    }

    /// Lines still waiting.
    pub fn waiting(&self) -> usize {
        self.waiting.len()
    }

    /// Drops everything: the line being said and those waiting.
    pub fn clear(&mut self) {
        self.waiting.clear();
        self.current = None;
    }
}
