//! Vote pad on MCP23017 I/O expanders (I2C) with a shared interrupt line.
//!
//! Each expander has 16 pins (GPA0..GPA7 = pins 0..7, GPB0..GPB7 = pins 8..15). Buttons switch
//! to ground and use the expander's internal pull-ups; the input polarity is inverted in the
//! chip so that a set bit means "pressed". Lights are driven from output pins (high = lit).
//! GPA7 and GPB7 can only be outputs on current MCP23017 silicon, so the pin map refuses a
//! button there.
//!
//! Interrupt-on-change is enabled for every button pin, compared with the previous value
//! (`INTCON` = 0). `IOCON` sets `MIRROR` (INTA and INTB act as one) and `ODR` (open-drain), so
//! the INT outputs of several expanders can be wired together to one GPIO with a pull-up:
//! the line is low while any expander has a change to report. Reading `GPIO` clears it.
//!
//! [`McpPad::update`] reads the expanders when the line is low, and also every `resync_ms`
//! whatever the line says, so a lost interrupt costs at most that long.
//!
//! An expander that browns out or is reset comes back with its power-on settings: no pull-ups,
//! no inversion, no interrupts, every pin an input (lights off), so every released button reads
//! as pressed (or floats). The pad therefore reads the settings back every `check_ms` and sets
//! them again when they differ, and after an I2C error it sets every expander up again before
//! reading it. Until then it reports nothing new: the debouncer keeps the last levels.

use embedded_hal::digital::InputPin;
use embedded_hal::i2c::I2c;

use super::{Button, Lights, VotePad, MAX_SEATS, SEATS};

/// Address of an MCP23017 with A2..A0 tied low; the others follow up to `0x27`.
pub const MCP23017_BASE_ADDRESS: u8 = 0x20;

/// Largest number of expanders on one pad.
pub const MCP_MAX_CHIPS: usize = 4;

/// Register addresses (IOCON.BANK = 0, the power-on layout). Each A register is followed by its
/// B register, so a two-byte write or read covers both ports.
pub mod reg {
    /// I/O direction, 1 = input.
    pub const IODIRA: u8 = 0x00;
    /// Input polarity, 1 = inverted.
    pub const IPOLA: u8 = 0x02;
    /// Interrupt-on-change enable.
    pub const GPINTENA: u8 = 0x04;
    /// Default compare value for interrupt-on-change.
    pub const DEFVALA: u8 = 0x06;
    /// Interrupt control: 0 = compare with the previous value.
    pub const INTCONA: u8 = 0x08;
    /// Configuration.
    pub const IOCON: u8 = 0x0A;
    /// Pull-up enable (100 kΩ).
    pub const GPPUA: u8 = 0x0C;
    /// Interrupt flags.
    pub const INTFA: u8 = 0x0E;
    /// Port values captured at the interrupt.
    pub const INTCAPA: u8 = 0x10;
    /// Port values (reading clears the interrupt).
    pub const GPIOA: u8 = 0x12;
    /// Output latches.
    pub const OLATA: u8 = 0x14;
    /// IOCON: INTA and INTB mirror each other.
    pub const IOCON_MIRROR: u8 = 1 << 6;
    /// IOCON: INT pins are open-drain.
    pub const IOCON_ODR: u8 = 1 << 2;
}

/// One pin of one expander of the pad.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExpanderPin {
    /// Index of the expander in [`McpPinMap::chips`].
    pub chip: u8,
    /// Pin number: 0..=7 are GPA0..GPA7, 8..=15 are GPB0..GPB7.
    pub pin: u8,
}

impl ExpanderPin {
    /// Pin `pin` of expander `chip`.
    pub const fn new(chip: u8, pin: u8) -> Self {
        ExpanderPin { chip, pin }
    }

    fn mask(self) -> u16 {
        1 << self.pin
    }
}

/// The pins of one seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct McpSeatPins {
    /// The Approve button (to ground).
    pub approve: ExpanderPin,
    /// The Reject button (to ground).
    pub reject: ExpanderPin,
    /// The seat light (high = lit), if wired.
    pub light: Option<ExpanderPin>,
}

/// Where every seat of the pad is wired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct McpPinMap {
    /// I2C addresses of the expanders, `chip_count` of them used.
    pub chips: [u8; MCP_MAX_CHIPS],
    /// How many entries of `chips` are used.
    pub chip_count: u8,
    /// Seat `n`'s pins at index `n`; `None` for a seat not wired.
    pub seats: [Option<McpSeatPins>; SEATS],
}

/// A pin map that cannot work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PinMapError {
    /// `chip_count` is 0 or more than [`MCP_MAX_CHIPS`].
    ChipCount(u8),
    /// An address outside `0x20..=0x27`, or the same address twice.
    Address(u8),
    /// A seat names an expander index not in use.
    Chip {
        /// The seat.
        seat: u8,
    },
    /// A seat names a pin above 15.
    Pin {
        /// The seat.
        seat: u8,
    },
    /// A button on GPA7 or GPB7, which can only be outputs.
    InputOnPin7 {
        /// The seat.
        seat: u8,
    },
    /// The same pin is used twice.
    Duplicate {
        /// The seat where the second use was found.
        seat: u8,
    },
}

impl core::fmt::Display for PinMapError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            PinMapError::ChipCount(n) => write!(f, "the pad needs 1 to {MCP_MAX_CHIPS} expanders, not {n}"),
            PinMapError::Address(a) => write!(f, "expander address {a:#04x} is outside 0x20..=0x27 or used twice"),
            PinMapError::Chip { seat } => write!(f, "seat {seat} names an expander that is not listed"),
            PinMapError::Pin { seat } => write!(f, "seat {seat} names a pin above 15"),
            PinMapError::InputOnPin7 { seat } => write!(f, "seat {seat} has a button on GPA7/GPB7 (output only)"),
            PinMapError::Duplicate { seat } => write!(f, "seat {seat} uses a pin that is already taken"),
        }
    }
}

impl McpPinMap {
    /// Pins of the light of the n-th seat (0..5) of an expander in the standard wiring.
    const STANDARD_LIGHTS: [u8; 5] = [5, 6, 7, 15, 14];

    /// The standard wiring: five seats per expander (addresses 0x20, 0x21). On each expander the
    /// n-th seat (n = 0..5) has Approve on GPA n, Reject on GPB n, and its light on GPA5, GPA6,
    /// GPA7, GPB7, GPB6 for n = 0..5. GPB5 stays free. `seats` is clamped to [`MAX_SEATS`].
    pub fn standard(seats: u8) -> Self {
        let seats = seats.min(MAX_SEATS);
        let mut map = McpPinMap {
            chips: [MCP23017_BASE_ADDRESS, MCP23017_BASE_ADDRESS + 1, 0, 0],
            chip_count: if seats > 5 { 2 } else { 1 },
            seats: [None; SEATS],
        };
        for s in 0..seats {
            let (chip, n) = (s / 5, s % 5);
            map.seats[usize::from(s)] = Some(McpSeatPins {
                approve: ExpanderPin::new(chip, n),
                reject: ExpanderPin::new(chip, 8 + n),
                light: Some(ExpanderPin::new(chip, Self::STANDARD_LIGHTS[usize::from(n)])),
            });
        }
        map
    }

    /// Checks the map: expander count and addresses, pin numbers, no button on a pin 7, no pin
    /// used twice.
    pub fn validate(&self) -> Result<(), PinMapError> {
        let n = usize::from(self.chip_count);
        if n == 0 || n > MCP_MAX_CHIPS {
            return Err(PinMapError::ChipCount(self.chip_count));
        }
        for (i, &a) in self.chips[..n].iter().enumerate() {
            if !(MCP23017_BASE_ADDRESS..=MCP23017_BASE_ADDRESS + 7).contains(&a) || self.chips[..i].contains(&a) {
                return Err(PinMapError::Address(a));
            }
        }
        let mut used = [0u16; MCP_MAX_CHIPS];
        for (s, pins) in self.seats.iter().enumerate() {
            let Some(pins) = pins else { continue };
            let seat = s as u8;
            let all = [Some(pins.approve), Some(pins.reject), pins.light];
            for (k, p) in all.iter().enumerate() {
                let Some(p) = *p else { continue };
                if usize::from(p.chip) >= n {
                    return Err(PinMapError::Chip { seat });
                }
                if p.pin > 15 {
                    return Err(PinMapError::Pin { seat });
                }
                if k < 2 && p.pin % 8 == 7 {
                    return Err(PinMapError::InputOnPin7 { seat });
                }
                let u = &mut used[usize::from(p.chip)];
                if *u & p.mask() != 0 {
                    return Err(PinMapError::Duplicate { seat });
                }
                *u |= p.mask();
            }
        }
        Ok(())
    }

    /// Button pins and light pins of expander `chip`, as masks.
    fn masks(&self, chip: u8) -> (u16, u16) {
        let (mut inputs, mut outputs) = (0, 0);
        for pins in self.seats.iter().flatten() {
            for p in [pins.approve, pins.reject] {
                if p.chip == chip {
                    inputs |= p.mask();
                }
            }
            if let Some(l) = pins.light.filter(|l| l.chip == chip) {
                outputs |= l.mask();
            }
        }
        (inputs, outputs)
    }
}

/// An error of the expander pad, generic over the bus and interrupt pin errors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Error<E, PE> {
    /// The I2C bus failed (no expander answering shows up here, usually as a NACK).
    I2c(E),
    /// Reading the interrupt line failed.
    Interrupt(PE),
    /// The pin map is unusable.
    PinMap(PinMapError),
}

impl<E: core::fmt::Debug, PE: core::fmt::Debug> core::fmt::Display for Error<E, PE> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Error::I2c(e) => write!(f, "vote pad expander not answering on I2C: {e:?}"),
            Error::Interrupt(e) => write!(f, "vote pad interrupt line unreadable: {e:?}"),
            Error::PinMap(e) => write!(f, "vote pad pin map: {e}"),
        }
    }
}

#[cfg(feature = "std")]
impl<E: core::fmt::Debug, PE: core::fmt::Debug> std::error::Error for Error<E, PE> {}

/// The register-level view of one expander, for callers that want a plain MCP23017 driver.
#[derive(Debug)]
pub struct Mcp23017<'a, I2C> {
    i2c: &'a mut I2C,
    address: u8,
}

impl<'a, I2C: I2c> Mcp23017<'a, I2C> {
    /// The expander at `address` on `i2c`.
    pub fn new(i2c: &'a mut I2C, address: u8) -> Self {
        Mcp23017 { i2c, address }
    }

    /// Writes a register pair (A then B) from a 16-bit value, port A in the low byte.
    pub fn write_pair(&mut self, register: u8, value: u16) -> Result<(), I2C::Error> {
        let [a, b] = value.to_le_bytes();
        self.i2c.write(self.address, &[register, a, b])
    }

    /// Reads a register pair (A then B) into a 16-bit value, port A in the low byte.
    pub fn read_pair(&mut self, register: u8) -> Result<u16, I2C::Error> {
        let mut buf = [0u8; 2];
        self.i2c.write_read(self.address, &[register], &mut buf)?;
        Ok(u16::from_le_bytes(buf))
    }

    /// Reads, in one burst from IODIRA to GPIOB, the settings that decide what the levels mean
    /// and the levels themselves: a level can then never be read under settings other than
    /// the ones read with it (a brown-out between two reads would give that).
    pub fn read_state(&mut self) -> Result<State, I2C::Error> {
        let mut buf = [0u8; STATE_LEN];
        self.i2c.write_read(self.address, &[reg::IODIRA], &mut buf)?;
        let pair = |r: u8| u16::from_le_bytes([buf[usize::from(r)], buf[usize::from(r) + 1]]);
        Ok(State {
            iodir: pair(reg::IODIRA),
            ipol: pair(reg::IPOLA),
            gpinten: pair(reg::GPINTENA),
            iocon: buf[usize::from(reg::IOCON)],
            gppu: pair(reg::GPPUA),
            gpio: pair(reg::GPIOA),
        })
    }

    /// Sets up the expander for a pad: `inputs` are buttons to ground (pull-up, inverted,
    /// interrupt on change), `outputs` are lights, first latched at `lit`. Every other pin stays
    /// an input without pull-up. Returns the button levels read at the end, which also clears
    /// any pending interrupt.
    pub fn configure(&mut self, inputs: u16, outputs: u16, lit: u16) -> Result<u16, I2C::Error> {
        self.i2c.write(self.address, &[reg::IOCON, reg::IOCON_MIRROR | reg::IOCON_ODR])?;
        // Latch the lights before the pins become outputs, so nothing flashes.
        self.write_pair(reg::OLATA, lit & outputs)?;
        self.write_pair(reg::GPPUA, inputs)?;
        self.write_pair(reg::IPOLA, inputs)?;
        self.write_pair(reg::INTCONA, 0)?;
        self.write_pair(reg::GPINTENA, inputs)?;
        self.write_pair(reg::IODIRA, !outputs)?;
        Ok(self.read_pair(reg::GPIOA)? & inputs)
    }
}

/// Bytes of a [`Mcp23017::read_state`] burst: the registers from IODIRA to GPIOB.
const STATE_LEN: usize = reg::GPIOA as usize + 2;

/// An expander's settings and levels, read in one burst ([`Mcp23017::read_state`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct State {
    /// IODIR: the pins that are inputs.
    pub iodir: u16,
    /// IPOL: the inputs read inverted.
    pub ipol: u16,
    /// GPINTEN: the inputs that raise the interrupt line.
    pub gpinten: u16,
    /// IOCON.
    pub iocon: u8,
    /// GPPU: the inputs with the internal pull-up.
    pub gppu: u16,
    /// GPIO: the levels, as IPOL turns them.
    pub gpio: u16,
}

impl State {
    /// Whether the expander holds the settings a pad gives it (see [`Mcp23017::configure`]):
    /// only then do its levels mean "pressed" and "released".
    pub fn is_set_up(&self, inputs: u16, outputs: u16) -> bool {
        self.iocon == reg::IOCON_MIRROR | reg::IOCON_ODR
            && self.iodir == !outputs
            && self.gppu == inputs
            && self.ipol == inputs
            && self.gpinten == inputs
    }
}

/// Placeholder interrupt line for a pad wired without one: always reads "asserted", so the
/// expanders are read on every update.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoInterrupt;

impl embedded_hal::digital::ErrorType for NoInterrupt {
    type Error = core::convert::Infallible;
}

impl InputPin for NoInterrupt {
    fn is_high(&mut self) -> Result<bool, Self::Error> {
        Ok(false)
    }

    fn is_low(&mut self) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// The vote pad on MCP23017 expanders: reads buttons into a [`VotePad`], drives the lights.
#[derive(Debug)]
pub struct McpPad<I2C, INT> {
    i2c: I2C,
    int: INT,
    map: McpPinMap,
    olat: [u16; MCP_MAX_CHIPS],
    last_read: Option<u64>,
    resync_ms: u32,
    /// An I2C error was seen, or an expander read without its settings: set every expander
    /// up again before trusting it.
    needs_init: bool,
    reinits: u32,
}

impl<I2C, INT, E, PE> McpPad<I2C, INT>
where
    I2C: I2c<Error = E>,
    INT: InputPin<Error = PE>,
{
    /// Default time after which the buttons are read even without an interrupt.
    pub const DEFAULT_RESYNC_MS: u32 = 250;

    /// A pad on `i2c` with its (active-low, open-drain) interrupt line `int`. Checks the map but
    /// sends nothing: call [`McpPad::init`].
    pub fn new(i2c: I2C, int: INT, map: McpPinMap) -> Result<Self, Error<E, PE>> {
        map.validate().map_err(Error::PinMap)?;
        Ok(McpPad {
            i2c,
            int,
            map,
            olat: [0; MCP_MAX_CHIPS],
            last_read: None,
            resync_ms: Self::DEFAULT_RESYNC_MS,
            needs_init: false,
            reinits: 0,
        })
    }

    /// How many times an expander was found without its settings (or gone and back) and set
    /// up again.
    pub fn reinits(&self) -> u32 {
        self.reinits
    }

    /// Sets every expander up again, its lights as they were.
    fn setup(&mut self) -> Result<(), Error<E, PE>> {
        for chip in 0..self.map.chip_count {
            let (inputs, outputs) = self.map.masks(chip);
            let address = self.map.chips[usize::from(chip)];
            let lit = self.olat[usize::from(chip)];
            Mcp23017::new(&mut self.i2c, address).configure(inputs, outputs, lit).map_err(Error::I2c)?;
        }
        self.last_read = None;
        Ok(())
    }

    /// Before reading: after a bus error or an expander found without its settings, every
    /// expander is set up again.
    fn keep_set_up(&mut self) -> Result<(), Error<E, PE>> {
        if self.needs_init {
            self.setup()?;
            self.needs_init = false;
            self.reinits += 1;
        }
        Ok(())
    }

    /// Changes how long the pad trusts the interrupt line before reading anyway.
    pub fn set_resync_ms(&mut self, ms: u32) {
        self.resync_ms = ms;
    }

    /// Configures every expander (lights off) and forgets earlier readings: the next
    /// [`McpPad::update`] reads the buttons whatever the interrupt line says.
    pub fn init(&mut self) -> Result<(), Error<E, PE>> {
        for chip in 0..self.map.chip_count {
            let (inputs, outputs) = self.map.masks(chip);
            let address = self.map.chips[usize::from(chip)];
            Mcp23017::new(&mut self.i2c, address).configure(inputs, outputs, 0).map_err(Error::I2c)?;
            self.olat[usize::from(chip)] = 0;
        }
        self.last_read = None;
        self.needs_init = false;
        Ok(())
    }

    /// Reads the buttons if the interrupt line is asserted (low), if nothing was read yet, or if
    /// the last reading is `resync_ms` old, and hands every mapped level to `pad`.
    ///
    /// Each expander's settings are read in the same burst as its levels: an expander that
    /// lost them (a brown-out puts it back to its power-on values: no pull-ups, no inversion,
    /// floating inputs that read either way) gives no level at all, its buttons keep the
    /// levels read before, and it is set up again at once. A button never looks pressed or
    /// released because of a reset, so a reset never makes a vote.
    pub fn update(&mut self, now_ms: u64, pad: &mut VotePad) -> Result<(), Error<E, PE>> {
        let result = self.update_inner(now_ms, pad);
        if let Err(Error::I2c(_)) = result {
            self.needs_init = true;
        }
        result
    }

    fn update_inner(&mut self, now_ms: u64, pad: &mut VotePad) -> Result<(), Error<E, PE>> {
        self.keep_set_up()?;
        let due = match self.last_read {
            None => true,
            Some(t) => now_ms.saturating_sub(t) >= u64::from(self.resync_ms),
        };
        if !due && !self.int.is_low().map_err(Error::Interrupt)? {
            return Ok(());
        }
        let mut levels = [None; MCP_MAX_CHIPS];
        for chip in 0..self.map.chip_count {
            let (inputs, outputs) = self.map.masks(chip);
            let address = self.map.chips[usize::from(chip)];
            let state = Mcp23017::new(&mut self.i2c, address).read_state().map_err(Error::I2c)?;
            levels[usize::from(chip)] = state.is_set_up(inputs, outputs).then_some(state.gpio);
        }
        self.last_read = Some(now_ms);
        for (s, pins) in self.map.seats.iter().enumerate() {
            let Some(pins) = pins else { continue };
            for (button, p) in [(Button::Approve, pins.approve), (Button::Reject, pins.reject)] {
                if let Some(level) = levels[usize::from(p.chip)] {
                    pad.set_level(now_ms, s as u8, button, level & p.mask() != 0);
                }
            }
        }
        // An expander without its settings is set up again now: its next reading counts.
        if levels[..usize::from(self.map.chip_count)].iter().any(Option::is_none) {
            self.setup()?;
            self.reinits += 1;
        }
        Ok(())
    }

    /// Drives the seat lights as they should look at `now_ms`; writes only the expanders whose
    /// outputs change.
    pub fn set_lights(&mut self, now_ms: u64, lights: &Lights) -> Result<(), Error<E, PE>> {
        let lit = lights.levels(now_ms);
        let mut want = [0u16; MCP_MAX_CHIPS];
        for (s, pins) in self.map.seats.iter().enumerate() {
            if let Some(l) = pins.and_then(|p| p.light) {
                if lit & (1 << s) != 0 {
                    want[usize::from(l.chip)] |= l.mask();
                }
            }
        }
        let n = usize::from(self.map.chip_count);
        for ((&want, olat), &address) in want.iter().zip(&mut self.olat).zip(&self.map.chips).take(n) {
            if want != *olat {
                if let Err(e) = Mcp23017::new(&mut self.i2c, address).write_pair(reg::OLATA, want) {
                    self.needs_init = true;
                    return Err(Error::I2c(e));
                }
                *olat = want;
            }
        }
        Ok(())
    }

    /// Gives back the bus and the interrupt pin.
    pub fn release(self) -> (I2C, INT) {
        (self.i2c, self.int)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::votepad::{Light, PadConfig, PadEvent};
    use embedded_hal_mock::eh1::digital::{Mock as PinMock, State, Transaction as PinTx};
    use embedded_hal_mock::eh1::i2c::{Mock as I2cMock, Transaction as I2cTx};
    use embedded_hal_mock::eh1::MockError;
    use std::vec;
    use std::vec::Vec;

    const A0: u8 = 0x20;
    const A1: u8 = 0x21;

    /// Every transaction `configure` sends to one expander.
    fn setup_txs(addr: u8, inputs: u16, outputs: u16, gpio: u16) -> Vec<I2cTx> {
        let [ia, ib] = inputs.to_le_bytes();
        let [da, db] = (!outputs).to_le_bytes();
        let [ga, gb] = gpio.to_le_bytes();
        vec![
            I2cTx::write(addr, vec![0x0A, 0x44]),
            I2cTx::write(addr, vec![0x14, 0, 0]),
            I2cTx::write(addr, vec![0x0C, ia, ib]),
            I2cTx::write(addr, vec![0x02, ia, ib]),
            I2cTx::write(addr, vec![0x08, 0, 0]),
            I2cTx::write(addr, vec![0x04, ia, ib]),
            I2cTx::write(addr, vec![0x00, da, db]),
            I2cTx::write_read(addr, vec![0x12], vec![ga, gb]),
        ]
    }

    /// A read of the buttons: the burst from IODIRA to GPIOB of an expander set up with
    /// `inputs` and `outputs`, its levels `gpio`.
    fn read(addr: u8, inputs: u16, outputs: u16, gpio: u16) -> I2cTx {
        let mut regs = vec![0u8; STATE_LEN];
        let mut put = |r: u8, v: u16| regs[usize::from(r)..usize::from(r) + 2].copy_from_slice(&v.to_le_bytes());
        put(reg::IODIRA, !outputs);
        put(reg::IPOLA, inputs);
        put(reg::GPINTENA, inputs);
        put(reg::GPPUA, inputs);
        put(reg::GPIOA, gpio);
        regs[usize::from(reg::IOCON)] = 0x44;
        regs[usize::from(reg::IOCON) + 1] = 0x44;
        I2cTx::write_read(addr, vec![0x00], regs)
    }

    // Standard map, 10 seats: per chip inputs GPA0-4 + GPB0-4, lights GPA5-7 + GPB6-7.
    const IN: u16 = 0x1F1F;
    const OUT: u16 = 0xC0E0;

    fn events(pad: &mut VotePad, now: u64) -> Vec<PadEvent> {
        let mut v = Vec::new();
        pad.poll(now, &mut |e| v.push(e));
        v
    }

    #[test]
    fn standard_map_is_valid_and_as_documented() {
        let map = McpPinMap::standard(10);
        assert_eq!(map.validate(), Ok(()));
        assert_eq!(map.masks(0), (IN, OUT));
        assert_eq!(map.masks(1), (IN, OUT));
        let s7 = map.seats[7].unwrap();
        assert_eq!(
            (s7.approve, s7.reject, s7.light),
            (ExpanderPin::new(1, 2), ExpanderPin::new(1, 10), Some(ExpanderPin::new(1, 7)))
        );
        assert_eq!(McpPinMap::standard(4).chip_count, 1);
    }

    #[test]
    fn bad_maps_are_refused() {
        let mut m = McpPinMap::standard(2);
        m.seats[1].as_mut().unwrap().reject = ExpanderPin::new(0, 7);
        assert_eq!(m.validate(), Err(PinMapError::InputOnPin7 { seat: 1 }));
        let mut m = McpPinMap::standard(2);
        m.seats[1].as_mut().unwrap().approve = ExpanderPin::new(0, 0);
        assert_eq!(m.validate(), Err(PinMapError::Duplicate { seat: 1 }));
        let mut m = McpPinMap::standard(2);
        m.seats[0].as_mut().unwrap().light = Some(ExpanderPin::new(1, 3));
        assert_eq!(m.validate(), Err(PinMapError::Chip { seat: 0 }));
        let mut m = McpPinMap::standard(10);
        m.chips[1] = 0x20;
        assert_eq!(m.validate(), Err(PinMapError::Address(0x20)));
        let mut m = McpPinMap::standard(2);
        m.chip_count = 0;
        assert_eq!(m.validate(), Err(PinMapError::ChipCount(0)));
        let i2c = I2cMock::new(&[]);
        let int = PinMock::new(&[]);
        let mut m = McpPinMap::standard(2);
        m.seats[0].as_mut().unwrap().approve.pin = 16;
        let Err(e) = McpPad::new(i2c.clone(), int.clone(), m) else { panic!("accepted a bad map") };
        assert_eq!(e, Error::PinMap(PinMapError::Pin { seat: 0 }));
        i2c.clone().done();
        int.clone().done();
    }

    #[test]
    fn init_sends_exactly_the_documented_setup() {
        let mut txs = setup_txs(A0, IN, OUT, 0);
        txs.extend(setup_txs(A1, IN, OUT, 0));
        let mut i2c = I2cMock::new(&txs);
        let mut int = PinMock::new(&[]);
        let mut pad = McpPad::new(i2c.clone(), int.clone(), McpPinMap::standard(10)).unwrap();
        pad.init().unwrap();
        i2c.done();
        int.done();
    }

    #[test]
    fn interrupt_triggers_a_read_and_a_vote_comes_out() {
        let mut txs = setup_txs(A0, 0x0101, 0x0020, 0);
        // First update always reads; then INT high (nothing); then INT low: seat 0 Reject down
        // (GPB0); then INT low: released.
        txs.push(read(A0, 0x0101, 0x0020, 0x0000));
        txs.push(read(A0, 0x0101, 0x0020, 0x0100));
        txs.push(read(A0, 0x0101, 0x0020, 0x0000));
        let mut i2c = I2cMock::new(&txs);
        let mut int = PinMock::new(&[PinTx::get(State::High), PinTx::get(State::Low), PinTx::get(State::Low)]);
        let mut pad = McpPad::new(i2c.clone(), int.clone(), McpPinMap::standard(1)).unwrap();
        let mut vp = VotePad::new(PadConfig { seats: 1, ..PadConfig::default() });
        pad.init().unwrap();
        pad.update(0, &mut vp).unwrap();
        pad.update(10, &mut vp).unwrap();
        pad.update(20, &mut vp).unwrap();
        pad.update(200, &mut vp).unwrap();
        assert_eq!(
            events(&mut vp, 1000),
            [
                PadEvent::Pressed { seat: 0, button: Button::Reject },
                PadEvent::Released { seat: 0, button: Button::Reject },
                PadEvent::Vote { seat: 0, button: Button::Reject }
            ]
        );
        i2c.done();
        int.done();
    }

    #[test]
    fn reads_without_interrupt_after_resync_time() {
        let mut txs = setup_txs(A0, 0x0101, 0x0020, 0);
        txs.push(read(A0, 0x0101, 0x0020, 0x0001));
        txs.push(read(A0, 0x0101, 0x0020, 0x0001));
        let mut i2c = I2cMock::new(&txs);
        let mut int = PinMock::new(&[PinTx::get(State::High)]);
        let mut pad = McpPad::new(i2c.clone(), int.clone(), McpPinMap::standard(1)).unwrap();
        let mut vp = VotePad::new(PadConfig { seats: 1, ..PadConfig::default() });
        pad.init().unwrap();
        pad.update(1000, &mut vp).unwrap();
        pad.update(1100, &mut vp).unwrap(); // INT high, not yet due
        pad.update(1250, &mut vp).unwrap(); // due: read without asking INT
        assert!(vp.is_pressed(0, Button::Approve));
        i2c.done();
        int.done();
    }

    #[test]
    fn lights_are_written_only_when_they_change() {
        let mut txs = setup_txs(A0, IN, OUT, 0);
        txs.extend(setup_txs(A1, IN, OUT, 0));
        // Seat 0 on (GPA5), seat 8 blinking (chip 1, n = 3: GPB7).
        txs.push(I2cTx::write(A0, vec![0x14, 0x20, 0x00]));
        txs.push(I2cTx::write(A1, vec![0x14, 0x00, 0x80]));
        // At t = 600 the blink is dark: only chip 1 changes.
        txs.push(I2cTx::write(A1, vec![0x14, 0x00, 0x00]));
        let mut i2c = I2cMock::new(&txs);
        let mut int = PinMock::new(&[]);
        let mut pad = McpPad::new(i2c.clone(), int.clone(), McpPinMap::standard(10)).unwrap();
        pad.init().unwrap();
        let mut lights = Lights::new();
        lights.set(0, Light::On);
        lights.set(8, Light::BLINK);
        pad.set_lights(0, &lights).unwrap();
        pad.set_lights(100, &lights).unwrap();
        pad.set_lights(600, &lights).unwrap();
        i2c.done();
        int.done();
    }

    #[test]
    fn bus_errors_are_reported() {
        let txs = [I2cTx::write(A0, vec![0x0A, 0x44]).with_error(embedded_hal::i2c::ErrorKind::Other)];
        let mut i2c = I2cMock::new(&txs);
        let mut int = PinMock::new(&[]);
        let mut pad = McpPad::new(i2c.clone(), int.clone(), McpPinMap::standard(1)).unwrap();
        assert_eq!(pad.init(), Err(Error::I2c(embedded_hal::i2c::ErrorKind::Other)));
        i2c.done();
        int.done();

        let mut txs = setup_txs(A0, 0x0101, 0x0020, 0);
        txs.push(read(A0, 0x0101, 0x0020, 0));
        let mut i2c = I2cMock::new(&txs);
        let mut int = PinMock::new(&[PinTx::get(State::Low).with_error(MockError::Io(std::io::ErrorKind::Other))]);
        let mut pad = McpPad::new(i2c.clone(), int.clone(), McpPinMap::standard(1)).unwrap();
        let mut vp = VotePad::new(PadConfig::default());
        pad.init().unwrap();
        pad.update(0, &mut vp).unwrap();
        assert!(matches!(pad.update(1, &mut vp), Err(Error::Interrupt(_))));
        i2c.done();
        int.done();
    }

    /// The pad on simulated expanders: a brown-out of one expander (its settings back to
    /// power-on values, its inputs floating) would make released buttons read pressed, one
    /// pin of a seat and not the other: the burst that reads the settings with the levels
    /// drops them and sets the expander up again, so no vote and no stuck button come of it;
    /// an expander that stops answering and comes back is set up again after the error.
    #[test]
    fn an_expander_that_forgets_its_settings_is_set_up_again() {
        use crate::sim::SimMcpBus;
        let bus = SimMcpBus::new(&[A0, A1]);
        let mut pad = McpPad::new(bus.clone(), NoInterrupt, McpPinMap::standard(10)).unwrap();
        let mut vp = VotePad::new(PadConfig::default());
        pad.init().unwrap();
        let mut lights = Lights::new();
        lights.set(6, Light::On); // seat 7: chip 1, n = 1, GPA6
        pad.set_lights(0, &lights).unwrap();
        assert_eq!(bus.outputs(A1), 1 << 6);
        let mut t = 0;
        let mut run = |pad: &mut McpPad<_, _>, vp: &mut VotePad, until: u64| {
            let mut seen = Vec::new();
            while t < until {
                t += 10;
                pad.update(t, vp).unwrap_or(());
                pad.set_lights(t, &lights).unwrap_or(());
                vp.poll(t, &mut |e| seen.push(e));
            }
            seen
        };
        // A clean press of seat 2's approve (chip 0, GPA1).
        bus.set_button(A0, 1, true);
        run(&mut pad, &mut vp, 300);
        bus.set_button(A0, 1, false);
        let seen = run(&mut pad, &mut vp, 600);
        assert!(seen.contains(&PadEvent::Vote { seat: 1, button: Button::Approve }), "{seen:?}");

        // Brown-out of the second expander: its pins read high, not inverted: "pressed".
        bus.brown_out(A1);
        assert_eq!(bus.outputs(A1), 0, "its light went out");
        let seen = run(&mut pad, &mut vp, 4_000);
        assert_eq!(pad.reinits(), 1);
        assert!(
            !seen.iter().any(|e| matches!(e, PadEvent::Vote { .. } | PadEvent::Stuck { .. })),
            "no vote, no stuck button out of a brown-out: {seen:?}"
        );
        assert_eq!(bus.register_pair(A1, reg::IPOLA), IN, "inversion back");
        assert_eq!(bus.register_pair(A1, reg::GPPUA), IN, "pull-ups back");
        assert_eq!(bus.outputs(A1), 1 << 6, "the light is back as it was");

        // The expander gone for a while, then back with its power-on settings.
        bus.set_answering(A0, false);
        let seen = run(&mut pad, &mut vp, 4_100);
        assert!(seen.iter().all(|e| !matches!(e, PadEvent::Vote { .. })));
        bus.set_answering(A0, true);
        let seen = run(&mut pad, &mut vp, 6_000);
        assert_eq!(pad.reinits(), 2);
        assert!(!seen.iter().any(|e| matches!(e, PadEvent::Vote { .. } | PadEvent::Stuck { .. })), "{seen:?}");
        bus.set_button(A0, 3, true);
        run(&mut pad, &mut vp, 6_300);
        bus.set_button(A0, 3, false);
        let seen = run(&mut pad, &mut vp, 6_600);
        assert!(seen.contains(&PadEvent::Vote { seat: 3, button: Button::Approve }), "{seen:?}");
    }

    /// An expander read without its settings gives no level and is set up at once; its
    /// buttons keep the levels read before; the next reading is trusted again. Proved on the
    /// bus: the burst that finds the power-on settings, the whole set-up, then a clean read.
    #[test]
    fn levels_read_under_lost_settings_are_dropped_and_the_expander_set_up_again() {
        let mut txs = setup_txs(A0, 0x0101, 0x0020, 0);
        // Seat 0's approve held (GPA0), read twice: it settles.
        txs.push(read(A0, 0x0101, 0x0020, 0x0001));
        txs.push(read(A0, 0x0101, 0x0020, 0x0001));
        // A brown-out: power-on settings, floating inputs that read one high, one low.
        let mut lost = vec![0u8; STATE_LEN];
        lost[0] = 0xFF;
        lost[1] = 0xFF;
        lost[usize::from(reg::GPIOA)] = 0x00;
        lost[usize::from(reg::GPIOA) + 1] = 0x01;
        txs.push(I2cTx::write_read(A0, vec![0x00], lost));
        txs.extend(setup_txs(A0, 0x0101, 0x0020, 0x0001));
        txs.push(read(A0, 0x0101, 0x0020, 0x0000));
        txs.push(read(A0, 0x0101, 0x0020, 0x0000));
        let mut i2c = I2cMock::new(&txs);
        let mut pad = McpPad::new(i2c.clone(), NoInterrupt, McpPinMap::standard(1)).unwrap();
        let mut vp = VotePad::new(PadConfig { seats: 1, ..PadConfig::default() });
        pad.init().unwrap();
        pad.update(0, &mut vp).unwrap();
        pad.update(100, &mut vp).unwrap();
        assert!(vp.is_pressed(0, Button::Approve));
        pad.update(200, &mut vp).unwrap();
        assert_eq!(pad.reinits(), 1);
        pad.update(300, &mut vp).unwrap();
        assert!(vp.is_pressed(0, Button::Approve), "the level read before is kept");
        assert!(!vp.is_pressed(0, Button::Reject), "the floating reject pin is not a press");
        pad.update(400, &mut vp).unwrap();
        assert!(!vp.is_pressed(0, Button::Approve), "released, read under its settings");
        i2c.done();
    }

    /// The simulated expander is as unkind as a real one: after a brown-out its floating
    /// inputs read either way, so a seat's two buttons disagree on some read (which, taken as
    /// levels, is one button held: a vote once the set-up ends the gesture).
    #[test]
    fn after_a_brown_out_the_simulated_floating_pins_disagree() {
        use crate::sim::SimMcpBus;
        let mut bus = SimMcpBus::new(&[A0]);
        bus.brown_out(A0);
        let mut mcp = Mcp23017::new(&mut bus, A0);
        let disagree = (0..20).any(|_| {
            let gpio = mcp.read_pair(reg::GPIOA).unwrap();
            (gpio & 1 != 0) != (gpio & 0x100 != 0)
        });
        assert!(disagree, "seat 0's approve (GPA0) and reject (GPB0) pins always agreed");
        let mut mcp = Mcp23017::new(&mut bus, A0);
        let levels: std::collections::BTreeSet<u16> = (0..20).map(|_| mcp.read_pair(reg::GPIOA).unwrap()).collect();
        assert!(levels.len() > 1, "floating pins that never change");
    }

    #[test]
    fn no_interrupt_line_reads_every_time() {
        let mut txs = setup_txs(A0, 0x0101, 0x0020, 0);
        txs.push(read(A0, 0x0101, 0x0020, 0));
        txs.push(read(A0, 0x0101, 0x0020, 0));
        let mut i2c = I2cMock::new(&txs);
        let mut pad = McpPad::new(i2c.clone(), NoInterrupt, McpPinMap::standard(1)).unwrap();
        let mut vp = VotePad::new(PadConfig::default());
        pad.init().unwrap();
        pad.update(0, &mut vp).unwrap();
        pad.update(1, &mut vp).unwrap();
        drop(pad.release());
        i2c.done();
    }
}
