//! The per-seat light: on, off or blinking, computed from the time so that every backend
//! (expander outputs, GPIO outputs, the on-screen pad) shows the same thing.

use super::{MAX_SEATS, SEATS};

/// What one seat's light does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Light {
    /// Dark.
    #[default]
    Off,
    /// Lit.
    On,
    /// Lit for `on_ms`, dark for `off_ms`, repeating; the phase is taken from the clock so that
    /// every blinking light blinks together.
    Blink {
        /// Lit time of a period.
        on_ms: u16,
        /// Dark time of a period.
        off_ms: u16,
    },
}

impl Light {
    /// A calm blink: half a second on, half a second off.
    pub const BLINK: Light = Light::Blink { on_ms: 500, off_ms: 500 };

    /// Whether the light is lit at `now_ms`.
    pub fn is_lit(&self, now_ms: u64) -> bool {
        match *self {
            Light::Off => false,
            Light::On => true,
            Light::Blink { on_ms, off_ms } => {
                let period = u64::from(on_ms) + u64::from(off_ms);
                period != 0 && now_ms % period < u64::from(on_ms)
            }
        }
    }
}

/// The lights of every seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Lights {
    seats: [Light; SEATS],
}

impl Lights {
    /// All lights off.
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets one seat's light; a seat at or beyond [`MAX_SEATS`] is ignored.
    pub fn set(&mut self, seat: u8, light: Light) {
        if let Some(l) = self.seats.get_mut(usize::from(seat)) {
            *l = light;
        }
    }

    /// Sets every seat's light.
    pub fn set_all(&mut self, light: Light) {
        self.seats = [light; SEATS];
    }

    /// One seat's light ([`Light::Off`] for a seat at or beyond [`MAX_SEATS`]).
    pub fn get(&self, seat: u8) -> Light {
        self.seats.get(usize::from(seat)).copied().unwrap_or_default()
    }

    /// Which lights are lit at `now_ms`: bit `n` for seat `n`.
    pub fn levels(&self, now_ms: u64) -> u16 {
        self.seats.iter().enumerate().fold(0, |acc, (i, l)| if l.is_lit(now_ms) { acc | 1 << i } else { acc })
    }
}

const _: () = assert!(MAX_SEATS <= 16, "levels() packs the seats into a u16");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blink_follows_the_clock() {
        let l = Light::Blink { on_ms: 100, off_ms: 300 };
        assert!(l.is_lit(0) && l.is_lit(99) && !l.is_lit(100) && !l.is_lit(399) && l.is_lit(400));
        assert!(!Light::Blink { on_ms: 0, off_ms: 0 }.is_lit(5));
    }

    #[test]
    fn levels_pack_one_bit_per_seat() {
        let mut lights = Lights::new();
        lights.set(0, Light::On);
        lights.set(3, Light::BLINK);
        lights.set(12, Light::On);
        assert_eq!(lights.levels(0), 0b1001);
        assert_eq!(lights.levels(600), 0b0001);
        assert_eq!(lights.get(12), Light::Off);
        lights.set_all(Light::On);
        assert_eq!(lights.levels(0), 0x3FF);
    }
}
