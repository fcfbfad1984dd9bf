//! The table loop: polls the hardware ports and feeds the session.

use super::{Input, Output, Session};
use crate::hw::{AudioOut, DiceButton, HwError, Millis, TagSource, VotePad};
use tavola_words::msg;

/// Die rolled by the roll button when the game does not say otherwise.
pub const DEFAULT_DIE: u8 = 6;

/// How often a speaker still playing is asked whether it has finished: the
/// next line waits for the sound, not only for its estimated length.
pub const SOUND_LOOK_MS: Millis = 100;

/// Reports kept for the screen at most (the oldest go first when nobody
/// takes them, as in the headless driver).
const KEPT_REPORTS: usize = 64;

/// What happened to a part, for the screen's message line and the system
/// journal: each is reported once when it happens (a part failing again
/// and again on every poll is one report until it has worked in between).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HwReport {
    /// A part failed: why, and what to do.
    Failed(HwError),
    /// A part that had failed works again (its words say so).
    WorksAgain(HwError),
    /// A part that did not open at start has opened: the real part took
    /// over from the on-screen substitute (its words say so).
    Connected(HwError),
}

impl HwReport {
    /// The part and the words.
    pub fn said(&self) -> &HwError {
        match self {
            HwReport::Failed(e) | HwReport::WorksAgain(e) | HwReport::Connected(e) => e,
        }
    }
}

/// A session with its hardware. The same loop runs on the Pi (real ports),
/// on the desktop (on-screen ports) and in the headless driver.
pub struct Table<R, P, D> {
    /// The session.
    pub session: Session,
    /// The reader.
    pub reader: R,
    /// The vote pad.
    pub pad: P,
    /// The roll button.
    pub dice: D,
    audio: Option<Box<dyn AudioOut>>,
    volume: Option<u8>,
    /// The session's cut count the speaker last saw.
    cuts: u64,
    hw_errors: Vec<HwError>,
    /// What happened to the parts since the screen last looked.
    reports: std::collections::VecDeque<HwReport>,
}

impl<R, P, D> std::fmt::Debug for Table<R, P, D> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("session", &self.session)
            .field("audio", &self.audio.is_some())
            .finish_non_exhaustive()
    }
}

impl<R: TagSource, P: VotePad, D: DiceButton> Table<R, P, D> {
    /// Puts the pieces together.
    pub fn new(session: Session, reader: R, pad: P, dice: D) -> Self {
        Table {
            session,
            reader,
            pad,
            dice,
            audio: None,
            volume: None,
            cuts: 0,
            hw_errors: Vec::new(),
            reports: Default::default(),
        }
    }

    /// Whether lines are handed to a speaker (otherwise only shown).
    pub fn speaks(&self) -> bool {
        self.audio.is_some()
    }

    /// Every part at once, the speaker too if lines are spoken (the
    /// self-test lends them to its checks while the loop waits).
    pub fn parts_mut(&mut self) -> (&mut R, &mut P, &mut D, Option<&mut (dyn AudioOut + 'static)>) {
        (&mut self.reader, &mut self.pad, &mut self.dice, self.audio.as_deref_mut())
    }

    /// Speaks every narration line through `audio` as it starts.
    pub fn set_audio(&mut self, audio: Box<dyn AudioOut>) {
        self.audio = Some(audio);
        self.volume = None;
    }

    /// One turn of the loop at time `now`: reads every port, hands what
    /// happened to the session, lets time pass, and updates the lights.
    pub fn poll(&mut self, now: Millis) -> Vec<Output> {
        let mut out = Vec::new();
        let polled = self.reader.poll(now);
        if self.reader.took_over() {
            self.hw_connected("reader", &mut out);
        }
        match polled {
            Ok(tags) => {
                match self.reader.down() {
                    // The real reader is down and the cards on the screen stand in for it: why,
                    // and that they do, each said once.
                    Some(why) => {
                        self.hw_error(why, &mut out);
                        self.hw_error(HwError::said("reader", msg!("hw.reader.stand_in")), &mut out);
                    }
                    None => self.hw_ok("reader", &mut out),
                }
                for t in tags {
                    out.extend(self.session.handle(now, Input::Tag(t)));
                }
            }
            Err(e) => self.hw_error(e, &mut out),
        }
        let polled = self.pad.poll(now);
        if self.pad.took_over() {
            self.hw_connected("pad", &mut out);
        }
        match polled {
            Ok(events) => {
                self.hw_ok("pad", &mut out);
                for e in events {
                    out.extend(self.session.handle(now, Input::Pad(e)));
                }
            }
            Err(e) => self.hw_error(e, &mut out),
        }
        let polled = self.dice.poll(now);
        if self.dice.took_over() {
            self.hw_connected("dice", &mut out);
        }
        match polled {
            Ok(presses) => {
                self.hw_ok("dice", &mut out);
                for _ in 0..presses {
                    out.extend(self.session.handle(now, Input::Roll { sides: DEFAULT_DIE }));
                }
            }
            Err(e) => self.hw_error(e, &mut out),
        }
        if let Some(audio) = self.audio.as_ref() {
            // Sound still coming out holds the next line, whatever the
            // estimate of its length said.
            self.session.speaker_report(None, audio.busy(now), now);
        }
        out.extend(self.session.tick(now));
        self.speak(now, &mut out);
        let lights = self.session.lights();
        if let Err(e) = self.pad.set_lights(&lights) {
            self.hw_error(e, &mut out);
        }
        out
    }

    /// When the table next needs a turn of [`Table::poll`] by itself, time
    /// passing alone: the timer's next second, the narration's next line, a
    /// look at a speaker still playing. `None` when nothing is due: what
    /// comes from the parts and the touches brings its own turn.
    pub fn due(&self, now: Millis) -> Option<Millis> {
        let mut narration = self.session.narration_due();
        if self.audio.as_ref().is_some_and(|a| a.busy(now)) {
            // The sound decides when the next line may start: looked at
            // again a little later, never in a tight loop.
            narration = Some(narration.unwrap_or(now).max(now + SOUND_LOOK_MS));
        }
        super::min_due(narration, self.session.timer_due())
    }

    /// A touch or any other input, outside the polling.
    pub fn input(&mut self, now: Millis, input: Input) -> Vec<Output> {
        let mut out = self.session.handle(now, input);
        self.speak(now, &mut out);
        out
    }

    /// Hands the lines that just started to the speaker (lines started
    /// without a speaker are simply shown).
    fn speak(&mut self, now: Millis, out: &mut Vec<Output>) {
        let lines = self.session.take_started_lines();
        let Some(audio) = self.audio.as_mut() else { return };
        let volume = self.session.volume();
        if self.volume != Some(volume) {
            audio.set_volume(volume);
            self.volume = Some(volume);
        }
        let cuts = self.session.narration_cuts();
        if cuts != self.cuts {
            // A line was skipped, repeated or the night ended early: the
            // speaker goes quiet before anything new is said.
            audio.stop(now);
            self.cuts = cuts;
        }
        let mut failed = None;
        for line in &lines {
            // A chime, a drum before the line; nothing at all when muted.
            if let Some(sound) = line.sound.filter(|_| volume > 0) {
                if let Err(e) = audio.sound(sound, now) {
                    failed = Some(e);
                }
            }
            if let Err(e) = audio.speak(line, now) {
                failed = Some(e);
            }
            let length = audio.length(line);
            self.session.speaker_report(length.map(|l| (line.id.as_str(), l)), false, now);
        }
        if let Some(e) = failed {
            self.hw_error(e, out);
        }
    }

    /// What happened to the parts since the last call, oldest first.
    pub fn take_hw_reports(&mut self) -> Vec<HwReport> {
        self.reports.drain(..).collect()
    }

    fn report(&mut self, report: HwReport) {
        if self.reports.len() >= KEPT_REPORTS {
            self.reports.pop_front();
        }
        self.reports.push_back(report);
    }

    /// Reports a hardware problem once (the same problem again stays quiet
    /// until the part has worked in between).
    fn hw_error(&mut self, e: HwError, out: &mut Vec<Output>) {
        if !self.hw_errors.contains(&e) {
            out.push(Output::Notice { code: format!("hw.{}", e.part), message: e.text(self.session.lang()) });
            self.hw_errors.push(e.clone());
            self.report(HwReport::Failed(e));
        }
    }

    /// A part missing at start has opened and took over from its
    /// substitute: say so once.
    fn hw_connected(&mut self, part: &str, out: &mut Vec<Output>) {
        self.hw_errors.retain(|e| e.part != part);
        let said = match part {
            "reader" => msg!("notice.hw.reader_connected"),
            "pad" => msg!("notice.hw.pad_connected"),
            _ => msg!("notice.hw.dice_connected"),
        };
        let said = HwError::said(part, said);
        out.push(Output::Notice { code: format!("hw.{part}.connected"), message: said.text(self.session.lang()) });
        self.report(HwReport::Connected(said));
    }

    /// A part that works again after a problem: say so once.
    fn hw_ok(&mut self, part: &str, out: &mut Vec<Output>) {
        if self.hw_errors.iter().any(|e| e.part == part) {
            self.hw_errors.retain(|e| e.part != part);
            let said = match part {
                "reader" => msg!("notice.hw.reader_ok"),
                "pad" => msg!("notice.hw.pad_ok"),
                _ => msg!("notice.hw.dice_ok"),
            };
            let said = HwError::said(part, said);
            out.push(Output::Notice { code: format!("hw.{part}.ok"), message: said.text(self.session.lang()) });
            self.report(HwReport::WorksAgain(said));
        }
    }
}
