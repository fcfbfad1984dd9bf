//! The secret vote pad: debounce and gesture logic for up to [`MAX_SEATS`] seats with two
//! buttons each (Approve / Reject), plus the hardware backends that feed it.
//!
//! [`VotePad`] is pure logic: it never touches a pin. A backend (or the simulated pad in the
//! app) reads the raw button levels from the wire and hands every level to
//! [`VotePad::set_level`]; the app calls [`VotePad::poll`] regularly and receives
//! [`PadEvent`]s. No allocation, no clock: time comes in as `now_ms` (any monotonic
//! millisecond counter; a value smaller than one seen before is treated as "no time passed").
//!
//! # Semantics
//!
//! - **Debounce.** A level change counts only once the raw level has stayed the same for
//!   `debounce_ms`. Chatter shorter than that never produces an edge. The debounced edge is
//!   dated `debounce_ms` after the last raw change.
//! - **Gesture.** A gesture of a seat starts when one of its buttons goes down (debounced) while
//!   none was down, and ends when its last button goes up. At the end a single
//!   [`PadEvent::Vote`] is emitted if exactly one button was down during the whole gesture and
//!   nothing got stuck.
//! - **Both.** If the second button goes down during a gesture, [`PadEvent::BothPressed`] is
//!   emitted (once) and that gesture gives no vote.
//! - **Stuck.** A button held down longer than `stuck_ms` emits [`PadEvent::Stuck`] once; the
//!   gesture it belonged to gives no vote, and the button is ignored by the gesture logic until
//!   it is released ([`PadEvent::Released`] then [`PadEvent::Unstuck`]). The other button of
//!   the seat keeps working, so one jammed button never blocks a seat or the table.
//! - **Late polls.** Everything is evaluated in time order, whenever `set_level` or `poll` is
//!   called, so a `poll` that comes late still sees every edge, stuck timeout and vote, in the
//!   order they happened. Events wait in a fixed queue of [`EVENT_QUEUE`] entries; if the app
//!   does not poll for so long that it overflows, the newest events are dropped and counted
//!   ([`VotePad::dropped_events`]).
//! - **Unknown seats.** A level for a seat outside `0..seats` is ignored and reported once per
//!   seat number as [`PadEvent::UnknownSeat`].
//!
//! # Backends
//!
//! - [`McpPad`]: MCP23017 expanders on I2C with a shared interrupt line, wired as a
//!   [`McpPinMap`] says ([`McpPinMap::standard`] fits ten seats on two expanders).
//! - [`GpioPad`]: one GPIO per button and per light, for small tables.
//!
//! Both only read levels into a [`VotePad`] (`update`) and drive [`Lights`] (`set_lights`).

mod gpio;
mod lights;
mod mcp23017;

pub use gpio::{GpioPad, GpioPadError, GpioSeat};
pub use lights::{Light, Lights};
pub use mcp23017::{
    reg as mcp_reg, Error as McpError, ExpanderPin, Mcp23017, McpPad, McpPinMap, McpSeatPins, NoInterrupt, PinMapError,
    MCP23017_BASE_ADDRESS, MCP_MAX_CHIPS,
};

/// Largest number of seats a pad supports.
pub const MAX_SEATS: u8 = 10;

/// Number of events the pad can hold between two polls.
pub const EVENT_QUEUE: usize = 128;

const SEATS: usize = MAX_SEATS as usize;
const CHANNELS: usize = SEATS * 2;

/// One of the two buttons of a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Button {
    /// Approve (in mission votes: success).
    Approve,
    /// Reject (in mission votes: fail).
    Reject,
}

impl Button {
    /// Both buttons, in index order.
    pub const ALL: [Button; 2] = [Button::Approve, Button::Reject];

    fn index(self) -> usize {
        match self {
            Button::Approve => 0,
            Button::Reject => 1,
        }
    }

    fn from_index(i: usize) -> Self {
        if i == 0 {
            Button::Approve
        } else {
            Button::Reject
        }
    }
}

/// Timings and size of a pad.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PadConfig {
    /// Number of seats, `1..=MAX_SEATS`. Seats are numbered from 0.
    pub seats: u8,
    /// How long a raw level must stay unchanged before it counts.
    pub debounce_ms: u32,
    /// How long a button may stay down before it is reported stuck. `0` disables the check.
    pub stuck_ms: u32,
}

impl Default for PadConfig {
    fn default() -> Self {
        PadConfig { seats: MAX_SEATS, debounce_ms: 30, stuck_ms: 5000 }
    }
}

/// Why [`VotePad::try_new`] refused a configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PadConfigError {
    /// `seats` was 0 or more than [`MAX_SEATS`].
    Seats(u8),
    /// `stuck_ms` was not longer than `debounce_ms` (and not 0).
    StuckNotAfterDebounce,
}

impl core::fmt::Display for PadConfigError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            PadConfigError::Seats(n) => write!(f, "a vote pad has 1 to {MAX_SEATS} seats, not {n}"),
            PadConfigError::StuckNotAfterDebounce => {
                f.write_str("the stuck time must be longer than the debounce time")
            }
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for PadConfigError {}

/// What the pad reports. Seats are numbered from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PadEvent {
    /// A button went down (debounced).
    Pressed {
        /// Seat number.
        seat: u8,
        /// Which button.
        button: Button,
    },
    /// A button went up (debounced).
    Released {
        /// Seat number.
        seat: u8,
        /// Which button.
        button: Button,
    },
    /// A seat gave one clear answer: one button pressed and released, nothing else.
    Vote {
        /// Seat number.
        seat: u8,
        /// The answer.
        button: Button,
    },
    /// Both buttons of a seat were down during the same gesture: no vote.
    BothPressed {
        /// Seat number.
        seat: u8,
    },
    /// A button has been held longer than `stuck_ms`; it is ignored until released.
    Stuck {
        /// Seat number.
        seat: u8,
        /// Which button.
        button: Button,
    },
    /// A button reported stuck has been released.
    Unstuck {
        /// Seat number.
        seat: u8,
        /// Which button.
        button: Button,
    },
    /// A level arrived for a seat the pad does not have (reported once per seat number).
    UnknownSeat {
        /// The seat number given.
        seat: u8,
    },
}

#[derive(Clone, Copy, Debug, Default)]
struct Channel {
    raw: bool,
    raw_since: u64,
    stable: bool,
    stable_since: u64,
    stuck: bool,
}

impl Channel {
    /// Down as far as gestures are concerned.
    fn held(&self) -> bool {
        self.stable && !self.stuck
    }
}

#[derive(Clone, Copy, Debug, Default)]
struct Gesture {
    active: bool,
    seen: [bool; 2],
    both: bool,
    tainted: bool,
}

#[derive(Clone, Copy, Debug)]
enum Due {
    Commit,
    Stuck,
}

/// Debounce and gesture logic for the whole pad. See the [module docs](self).
#[derive(Debug, Clone)]
pub struct VotePad {
    cfg: PadConfig,
    now: u64,
    channels: [Channel; CHANNELS],
    gestures: [Gesture; SEATS],
    queue: [PadEvent; EVENT_QUEUE],
    head: usize,
    len: usize,
    dropped: u32,
    unknown_reported: [u32; 8],
}

impl VotePad {
    /// A pad with every button up. `seats` above [`MAX_SEATS`] is clamped to it; a `stuck_ms`
    /// not longer than `debounce_ms` disables the stuck check. Use [`VotePad::try_new`] to have
    /// such a configuration refused instead.
    pub fn new(cfg: PadConfig) -> Self {
        let mut cfg = cfg;
        cfg.seats = cfg.seats.min(MAX_SEATS);
        if cfg.stuck_ms != 0 && cfg.stuck_ms <= cfg.debounce_ms {
            cfg.stuck_ms = 0;
        }
        VotePad {
            cfg,
            now: 0,
            channels: [Channel::default(); CHANNELS],
            gestures: [Gesture::default(); SEATS],
            queue: [PadEvent::UnknownSeat { seat: 0 }; EVENT_QUEUE],
            head: 0,
            len: 0,
            dropped: 0,
            unknown_reported: [0; 8],
        }
    }

    /// Like [`VotePad::new`], but refuses 0 seats, more than [`MAX_SEATS`] seats, and a
    /// non-zero `stuck_ms` not longer than `debounce_ms`.
    pub fn try_new(cfg: PadConfig) -> Result<Self, PadConfigError> {
        if cfg.seats == 0 || cfg.seats > MAX_SEATS {
            return Err(PadConfigError::Seats(cfg.seats));
        }
        if cfg.stuck_ms != 0 && cfg.stuck_ms <= cfg.debounce_ms {
            return Err(PadConfigError::StuckNotAfterDebounce);
        }
        Ok(Self::new(cfg))
    }

    /// The configuration in use (after clamping).
    pub fn config(&self) -> PadConfig {
        self.cfg
    }

    /// Records a raw level as read from the wire at `now_ms`. It may bounce: only a level that
    /// stays unchanged for `debounce_ms` counts. Repeating the current level is harmless.
    /// A seat outside the pad is ignored (and reported once as [`PadEvent::UnknownSeat`]).
    pub fn set_level(&mut self, now_ms: u64, seat: u8, button: Button, pressed: bool) {
        if seat >= self.cfg.seats {
            let (word, bit) = (usize::from(seat / 32), seat % 32);
            if self.unknown_reported[word] & (1 << bit) == 0 {
                self.unknown_reported[word] |= 1 << bit;
                self.push(PadEvent::UnknownSeat { seat });
            }
            return;
        }
        self.advance(now_ms);
        let now = self.now;
        let c = &mut self.channels[usize::from(seat) * 2 + button.index()];
        if c.raw != pressed {
            c.raw = pressed;
            c.raw_since = now;
        }
    }

    /// Evaluates everything due up to `now_ms` and hands the waiting events to `out`, oldest
    /// first.
    pub fn poll(&mut self, now_ms: u64, out: &mut impl FnMut(PadEvent)) {
        self.advance(now_ms);
        while self.len > 0 {
            let ev = self.queue[self.head];
            self.head = (self.head + 1) % EVENT_QUEUE;
            self.len -= 1;
            out(ev);
        }
    }

    /// The debounced level of a button (`false` for a seat outside the pad).
    pub fn is_pressed(&self, seat: u8, button: Button) -> bool {
        seat < self.cfg.seats && self.channels[usize::from(seat) * 2 + button.index()].stable
    }

    /// Whether a button is currently reported stuck.
    pub fn is_stuck(&self, seat: u8, button: Button) -> bool {
        seat < self.cfg.seats && self.channels[usize::from(seat) * 2 + button.index()].stuck
    }

    /// Whether some raw level is still waiting to become stable; a backend that reads levels
    /// only on interrupts should keep reading while this is true.
    pub fn settling(&self) -> bool {
        self.channels[..usize::from(self.cfg.seats) * 2].iter().any(|c| c.raw != c.stable)
    }

    /// How many events were lost because the queue was full (polls too rare).
    pub fn dropped_events(&self) -> u32 {
        self.dropped
    }

    fn push(&mut self, ev: PadEvent) {
        if self.len == EVENT_QUEUE {
            self.dropped = self.dropped.saturating_add(1);
            return;
        }
        self.queue[(self.head + self.len) % EVENT_QUEUE] = ev;
        self.len += 1;
    }

    /// Runs every timer (debounce commit, stuck timeout) due at or before `to`, in time order.
    fn advance(&mut self, to: u64) {
        let debounce = u64::from(self.cfg.debounce_ms);
        let stuck = u64::from(self.cfg.stuck_ms);
        let n = usize::from(self.cfg.seats) * 2;
        loop {
            let mut next: Option<(u64, usize, Due)> = None;
            for (i, c) in self.channels[..n].iter().enumerate() {
                let mut consider = |t: u64, due: Due| {
                    if t <= to && next.is_none_or(|(bt, _, _)| t < bt) {
                        next = Some((t, i, due));
                    }
                };
                if c.raw != c.stable {
                    consider(c.raw_since.saturating_add(debounce), Due::Commit);
                }
                if stuck != 0 && c.held() {
                    consider(c.stable_since.saturating_add(stuck), Due::Stuck);
                }
            }
            let Some((t, i, due)) = next else { break };
            self.now = self.now.max(t);
            match due {
                Due::Commit => self.commit(i, t),
                Due::Stuck => self.stick(i),
            }
        }
        self.now = self.now.max(to);
    }

    fn commit(&mut self, i: usize, t: u64) {
        let seat = (i / 2) as u8;
        let button = Button::from_index(i % 2);
        let c = &mut self.channels[i];
        c.stable = c.raw;
        c.stable_since = t;
        if c.stable {
            self.push(PadEvent::Pressed { seat, button });
            let g = &mut self.gestures[usize::from(seat)];
            if !g.active {
                *g = Gesture { active: true, ..Gesture::default() };
            }
            g.seen[i % 2] = true;
            if g.seen == [true, true] && !g.both {
                g.both = true;
                self.push(PadEvent::BothPressed { seat });
            }
        } else {
            let was_stuck = c.stuck;
            c.stuck = false;
            self.push(PadEvent::Released { seat, button });
            if was_stuck {
                self.push(PadEvent::Unstuck { seat, button });
            } else {
                self.end_gesture_if_idle(seat);
            }
        }
    }

    fn stick(&mut self, i: usize) {
        let seat = (i / 2) as u8;
        self.channels[i].stuck = true;
        self.push(PadEvent::Stuck { seat, button: Button::from_index(i % 2) });
        let g = &mut self.gestures[usize::from(seat)];
        if g.active {
            g.tainted = true;
        }
        self.end_gesture_if_idle(seat);
    }

    fn end_gesture_if_idle(&mut self, seat: u8) {
        let s = usize::from(seat);
        if self.channels[s * 2].held() || self.channels[s * 2 + 1].held() {
            return;
        }
        let g = self.gestures[s];
        self.gestures[s] = Gesture::default();
        if !g.active || g.both || g.tainted {
            return;
        }
        match g.seen {
            [true, false] => self.push(PadEvent::Vote { seat, button: Button::Approve }),
            [false, true] => self.push(PadEvent::Vote { seat, button: Button::Reject }),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests;
