//! The table loop: polls the hardware ports and feeds the session.

use super::{Input, Output, Session};
use crate::games::Lang;
use crate::hw::{DiceButton, HwError, Millis, TagSource, VotePad};

/// Die rolled by the roll button when the game does not say otherwise.
pub const DEFAULT_DIE: u8 = 6;

/// A session with its hardware. The same loop runs on the Pi (real ports),
/// on the desktop (on-screen ports) and in the headless driver.
#[derive(Debug)]
pub struct Table<R, P, D> {
    /// The session.
    pub session: Session,
    /// The reader.
    pub reader: R,
    /// The vote pad.
    pub pad: P,
    /// The roll button.
    pub dice: D,
    hw_errors: Vec<HwError>,
}

impl<R: TagSource, P: VotePad, D: DiceButton> Table<R, P, D> {
    /// Puts the pieces together.
    pub fn new(session: Session, reader: R, pad: P, dice: D) -> Self {
        Table { session, reader, pad, dice, hw_errors: Vec::new() }
    }

    /// One turn of the loop at time `now`: reads every port, hands what
    /// happened to the session, lets time pass, and updates the lights.
    pub fn poll(&mut self, now: Millis) -> Vec<Output> {
        let mut out = Vec::new();
        match self.reader.poll(now) {
            Ok(tags) => {
                self.hw_ok("reader", &mut out);
                for t in tags {
                    out.extend(self.session.handle(now, Input::Tag(t)));
                }
            }
            Err(e) => self.hw_error(e, &mut out),
        }
        match self.pad.poll(now) {
            Ok(events) => {
                self.hw_ok("pad", &mut out);
                for e in events {
                    out.extend(self.session.handle(now, Input::Pad(e)));
                }
            }
            Err(e) => self.hw_error(e, &mut out),
        }
        match self.dice.poll(now) {
            Ok(presses) => {
                self.hw_ok("dice", &mut out);
                for _ in 0..presses {
                    out.extend(self.session.handle(now, Input::Roll { sides: DEFAULT_DIE }));
                }
            }
            Err(e) => self.hw_error(e, &mut out),
        }
        out.extend(self.session.tick(now));
        let lights = self.session.lights();
        if let Err(e) = self.pad.set_lights(&lights) {
            self.hw_error(e, &mut out);
        }
        out
    }

    /// A touch or any other input, outside the polling.
    pub fn input(&mut self, now: Millis, input: Input) -> Vec<Output> {
        self.session.handle(now, input)
    }

    /// Reports a hardware problem once (the same problem again stays quiet
    /// until the part has worked in between).
    fn hw_error(&mut self, e: HwError, out: &mut Vec<Output>) {
        if !self.hw_errors.contains(&e) {
            out.push(Output::Notice { code: format!("hw.{}", e.part), message: e.text(self.session.lang()).into() });
            self.hw_errors.push(e);
        }
    }

    /// A part that works again after a problem: say so once.
    fn hw_ok(&mut self, part: &str, out: &mut Vec<Output>) {
        if self.hw_errors.iter().any(|e| e.part == part) {
            self.hw_errors.retain(|e| e.part != part);
            let message = match (part, self.session.lang()) {
                ("reader", Lang::It) => "Il lettore NFC funziona di nuovo.",
                ("reader", Lang::En) => "The NFC reader works again.",
                ("pad", Lang::It) => "La pulsantiera funziona di nuovo.",
                ("pad", Lang::En) => "The vote pad works again.",
                (_, Lang::It) => "Il pulsante del dado funziona di nuovo.",
                (_, Lang::En) => "The roll button works again.",
            };
            out.push(Output::Notice { code: format!("hw.{part}.ok"), message: message.into() });
        }
    }
}
