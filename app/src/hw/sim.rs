//! Simulated table hardware: always compiled, used by the desktop app (the
//! on-screen pad and card picker), by the headless driver and by the tests.

use super::{AudioOut, Clock, DiceButton, HwError, Light, Millis, PadButton, PadEvent, TagEvent, TagSource, VotePad};
use crate::narrator::Line;
use std::cell::Cell;
use std::rc::Rc;
use tavola_firmware::votepad as fw;

/// A clock that moves only when told to. Clones share the same time.
#[derive(Debug, Clone, Default)]
pub struct MockClock(Rc<Cell<Millis>>);

impl MockClock {
    /// A clock at time 0.
    pub fn new() -> Self {
        Self::default()
    }

    /// Moves time forward.
    pub fn advance(&self, ms: Millis) {
        self.0.set(self.0.get().saturating_add(ms));
    }

    /// Sets the time (never backwards).
    pub fn set(&self, ms: Millis) {
        self.0.set(self.0.get().max(ms));
    }
}

impl Clock for MockClock {
    fn now_ms(&self) -> Millis {
        self.0.get()
    }
}

/// The monotonic clock of the machine.
#[derive(Debug, Clone)]
pub struct SystemClock(std::time::Instant);

impl Default for SystemClock {
    fn default() -> Self {
        SystemClock(std::time::Instant::now())
    }
}

impl Clock for SystemClock {
    fn now_ms(&self) -> Millis {
        self.0.elapsed().as_millis() as Millis
    }
}

/// A reader with tags placed and removed by hand (the card picker).
#[derive(Debug, Default)]
pub struct SimReader {
    on_reader: Option<String>,
    pending: Vec<TagEvent>,
}

impl SimReader {
    /// An empty reader.
    pub fn new() -> Self {
        Self::default()
    }

    /// Lays a tag on the reader; a tag already lying there is not read twice.
    /// Another tag still lying there is taken off first.
    pub fn place(&mut self, uid: &str, card: Option<&str>) {
        if self.on_reader.as_deref() == Some(uid) {
            return;
        }
        self.remove();
        self.on_reader = Some(uid.to_string());
        self.pending.push(TagEvent::Arrived { uid: uid.to_string(), card: card.map(str::to_string) });
    }

    /// Takes the tag away.
    pub fn remove(&mut self) {
        if let Some(uid) = self.on_reader.take() {
            self.pending.push(TagEvent::Left { uid });
        }
    }
}

impl TagSource for SimReader {
    fn poll(&mut self, _now: Millis) -> Result<Vec<TagEvent>, HwError> {
        Ok(std::mem::take(&mut self.pending))
    }
}

/// The on-screen (or scripted) pad: raw button levels go through the same
/// debouncer as the real pad, so bounces and stuck buttons behave alike.
#[derive(Debug)]
pub struct SimPad {
    pad: fw::VotePad,
    lights: Vec<Light>,
}

impl SimPad {
    /// A pad for `seats` seats with the firmware's default timings.
    pub fn new(seats: u8) -> Self {
        let cfg = fw::PadConfig { seats, ..fw::PadConfig::default() };
        SimPad { pad: fw::VotePad::new(cfg), lights: vec![Light::Off; usize::from(seats)] }
    }

    /// A raw level change on the wire (may bounce).
    pub fn set_level(&mut self, now: Millis, seat: u8, button: PadButton, pressed: bool) {
        self.pad.set_level(now, seat, super::pad::to_fw(button), pressed);
    }

    /// The lights as last set.
    pub fn lights(&self) -> &[Light] {
        &self.lights
    }
}

impl VotePad for SimPad {
    fn poll(&mut self, now: Millis) -> Result<Vec<PadEvent>, HwError> {
        Ok(super::pad::events(&mut self.pad, now))
    }

    fn set_lights(&mut self, lights: &[Light]) -> Result<(), HwError> {
        self.lights = lights.to_vec();
        Ok(())
    }
}

/// The on-screen roll button.
#[derive(Debug, Default)]
pub struct SimDice {
    presses: u32,
}

impl SimDice {
    /// Presses the button once.
    pub fn press(&mut self) {
        self.presses += 1;
    }
}

impl DiceButton for SimDice {
    fn poll(&mut self, _now: Millis) -> Result<u32, HwError> {
        Ok(std::mem::take(&mut self.presses))
    }
}

/// An audio output that plays nothing and remembers what it was asked to
/// say and when, for tests and for machines without a speaker. It counts a
/// line as playing for a time estimated from its length.
#[derive(Debug, Default)]
pub struct RecordingAudio {
    /// Every line spoken, with its start time.
    pub spoken: Vec<(Millis, Line)>,
    busy_until: Millis,
}

/// Estimated speaking time of a line: a calm narrator's pace.
pub fn speaking_time(line: &Line) -> Millis {
    60 * line.text.chars().count() as Millis + 400
}

impl AudioOut for RecordingAudio {
    fn speak(&mut self, line: &Line, now: Millis) -> Result<(), HwError> {
        self.busy_until = now + speaking_time(line);
        self.spoken.push((now, line.clone()));
        Ok(())
    }

    fn busy(&self, now: Millis) -> bool {
        now < self.busy_until
    }
}
