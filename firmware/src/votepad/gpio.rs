//! Vote pad wired straight to GPIO pins: one input per button, one output per light. Good for
//! small tables; the Pi's own pull-ups and the kernel's debounce may be used, the
//! [`VotePad`] debounces anyway.

use embedded_hal::digital::{InputPin, OutputPin};

use super::{Button, Lights, VotePad};

/// The pins of one seat.
#[derive(Debug)]
pub struct GpioSeat<I, O> {
    /// The Approve button input.
    pub approve: I,
    /// The Reject button input.
    pub reject: I,
    /// The light output (high = lit), if wired.
    pub light: Option<O>,
}

/// An error of a pin of the GPIO pad.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GpioPadError<IE, OE> {
    /// Reading a button failed.
    Input {
        /// The seat.
        seat: u8,
        /// The pin's error.
        error: IE,
    },
    /// Driving a light failed.
    Output {
        /// The seat.
        seat: u8,
        /// The pin's error.
        error: OE,
    },
}

impl<IE: core::fmt::Debug, OE: core::fmt::Debug> core::fmt::Display for GpioPadError<IE, OE> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            GpioPadError::Input { seat, error } => write!(f, "seat {seat}: button pin unreadable: {error:?}"),
            GpioPadError::Output { seat, error } => write!(f, "seat {seat}: light pin failed: {error:?}"),
        }
    }
}

#[cfg(feature = "std")]
impl<IE: core::fmt::Debug, OE: core::fmt::Debug> std::error::Error for GpioPadError<IE, OE> {}

/// The vote pad on plain GPIO pins: seat `n` is `seats[n]`.
#[derive(Debug)]
pub struct GpioPad<I, O, const N: usize> {
    seats: [GpioSeat<I, O>; N],
    active_low: bool,
    lit: [Option<bool>; N],
}

impl<I, O, const N: usize> GpioPad<I, O, N>
where
    I: InputPin,
    O: OutputPin,
{
    /// A pad on these pins. With `active_low` a button reads low when pressed (switch to
    /// ground, pull-up), the usual wiring. Seats beyond the [`VotePad`]'s are reported by it as
    /// unknown.
    pub fn new(seats: [GpioSeat<I, O>; N], active_low: bool) -> Self {
        GpioPad { seats, active_low, lit: [None; N] }
    }

    /// Reads every button and hands its level to `pad`.
    pub fn update(&mut self, now_ms: u64, pad: &mut VotePad) -> Result<(), GpioPadError<I::Error, O::Error>> {
        for (s, seat) in self.seats.iter_mut().enumerate() {
            let s = s as u8;
            for (button, pin) in [(Button::Approve, &mut seat.approve), (Button::Reject, &mut seat.reject)] {
                let low = pin.is_low().map_err(|error| GpioPadError::Input { seat: s, error })?;
                pad.set_level(now_ms, s, button, low == self.active_low);
            }
        }
        Ok(())
    }

    /// Drives the lights as they should look at `now_ms`; a pin is written only when its level
    /// changes (and once at the start).
    pub fn set_lights(&mut self, now_ms: u64, lights: &Lights) -> Result<(), GpioPadError<I::Error, O::Error>> {
        let levels = lights.levels(now_ms);
        for (s, seat) in self.seats.iter_mut().enumerate() {
            let Some(pin) = seat.light.as_mut() else { continue };
            let on = s < 16 && levels & (1 << s) != 0;
            if self.lit[s] != Some(on) {
                let r = if on { pin.set_high() } else { pin.set_low() };
                r.map_err(|error| GpioPadError::Output { seat: s as u8, error })?;
                self.lit[s] = Some(on);
            }
        }
        Ok(())
    }

    /// Gives back the pins.
    pub fn release(self) -> [GpioSeat<I, O>; N] {
        self.seats
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::votepad::{Light, PadConfig, PadEvent};
    use embedded_hal_mock::eh1::digital::{Mock as PinMock, State, Transaction as PinTx};
    use std::vec::Vec;

    #[test]
    fn active_low_buttons_vote_and_lights_follow() {
        // Seat 0: Approve pressed at the 1st and 2nd reads, released at the 3rd; Reject up.
        let mut a = PinMock::new(&[PinTx::get(State::Low), PinTx::get(State::Low), PinTx::get(State::High)]);
        let mut r = PinMock::new(&[PinTx::get(State::High), PinTx::get(State::High), PinTx::get(State::High)]);
        let mut l = PinMock::new(&[PinTx::set(State::High), PinTx::set(State::Low)]);
        let seat = GpioSeat { approve: a.clone(), reject: r.clone(), light: Some(l.clone()) };
        let mut gp = GpioPad::new([seat], true);
        let mut vp = VotePad::new(PadConfig { seats: 1, ..PadConfig::default() });
        gp.update(0, &mut vp).unwrap();
        gp.update(50, &mut vp).unwrap();
        gp.update(300, &mut vp).unwrap();
        let mut ev = Vec::new();
        vp.poll(400, &mut |e| ev.push(e));
        assert!(ev.contains(&PadEvent::Vote { seat: 0, button: Button::Approve }));
        let mut lights = Lights::new();
        lights.set(0, Light::On);
        gp.set_lights(0, &lights).unwrap();
        gp.set_lights(10, &lights).unwrap();
        lights.set(0, Light::Off);
        gp.set_lights(20, &lights).unwrap();
        drop(gp.release());
        a.done();
        r.done();
        l.done();
    }

    #[test]
    fn pin_errors_name_the_seat() {
        let err = embedded_hal_mock::eh1::MockError::Io(std::io::ErrorKind::Other);
        let mut a0 = PinMock::new(&[PinTx::get(State::High)]);
        let mut r0 = PinMock::new(&[PinTx::get(State::High)]);
        let mut a1 = PinMock::new(&[PinTx::get(State::High).with_error(err.clone())]);
        let mut r1 = PinMock::new(&[]);
        let seats = [
            GpioSeat::<PinMock, PinMock> { approve: a0.clone(), reject: r0.clone(), light: None },
            GpioSeat { approve: a1.clone(), reject: r1.clone(), light: None },
        ];
        let mut gp = GpioPad::new(seats, true);
        let mut vp = VotePad::new(PadConfig::default());
        assert!(matches!(gp.update(0, &mut vp), Err(GpioPadError::Input { seat: 1, .. })));
        drop(gp);
        for p in [&mut a0, &mut r0, &mut a1, &mut r1] {
            p.done();
        }
    }
}
