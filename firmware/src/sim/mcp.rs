//! Simulated MCP23017 expanders on one I2C bus, at the register level (IOCON.BANK = 0, the
//! power-on layout, sequential addressing): what [`McpPad`](crate::votepad::McpPad) writes and
//! reads, with buttons to ground on the inputs and a brown-out that puts every register back to
//! its power-on value, as a real expander does when its supply dips. An input without its
//! pull-up floats: it reads high or low, pin by pin, and may change from one read to the next.

use std::sync::{Arc, Mutex, MutexGuard};
use std::vec::Vec;

use embedded_hal::i2c::{ErrorKind, ErrorType, I2c, NoAcknowledgeSource, Operation};

/// One expander's registers (22 of them) and what is wired to its pins.
#[derive(Clone, Debug)]
struct Expander {
    address: u8,
    regs: [u8; 0x16],
    /// Answers on the bus (false: unplugged, or its supply gone).
    answering: bool,
    /// Buttons held down (pin bits): a pressed button pulls the pin to ground.
    pressed: u16,
    pointer: usize,
    /// What the floating inputs read now (a pin bit each); it wanders at every read.
    floating: u16,
}

impl Expander {
    fn new(address: u8) -> Self {
        // Each expander's floating pins start from their own pattern, some high, some low.
        let floating = 0x5A5A ^ u16::from(address).wrapping_mul(0x9E37);
        let mut e = Expander { address, regs: [0; 0x16], answering: true, pressed: 0, pointer: 0, floating };
        e.power_on();
        e
    }

    /// Power-on values: every pin an input (IODIR = 0xFF), everything else 0.
    fn power_on(&mut self) {
        self.regs = [0; 0x16];
        self.regs[0x00] = 0xFF;
        self.regs[0x01] = 0xFF;
    }

    fn pair(&self, reg: usize) -> u16 {
        u16::from_le_bytes([self.regs[reg], self.regs[reg + 1]])
    }

    /// The level on each pin: outputs drive their latch; a pressed button is low; a released
    /// one is high through the internal pull-up, or (without it) floats: an open CMOS input
    /// reads either way, and two pins of one seat need not agree.
    fn levels(&self) -> u16 {
        let inputs = self.pair(0x00);
        let outputs = !inputs & self.pair(0x14);
        let pulled = self.pair(0x0C);
        let released = (pulled | (!pulled & self.floating)) & !self.pressed;
        outputs | (inputs & released)
    }

    /// The floating inputs drift (a step of a xorshift): what they read changes between reads.
    fn drift(&mut self) {
        let mut x = self.floating;
        x ^= x << 7;
        x ^= x >> 9;
        x ^= x << 8;
        self.floating = if x == 0 { 0x5A5A } else { x };
    }

    fn read(&mut self) -> u8 {
        let r = self.pointer;
        self.pointer = (self.pointer + 1) % self.regs.len();
        match r {
            // GPIO: the levels, inverted where IPOL says; reading it clears the interrupt.
            0x12 | 0x13 => {
                let v = self.levels() ^ (self.pair(0x02) & self.pair(0x00));
                if r == 0x13 {
                    self.drift();
                }
                v.to_le_bytes()[r - 0x12]
            }
            _ => self.regs[r],
        }
    }

    fn write(&mut self, v: u8) {
        let r = self.pointer;
        self.pointer = (self.pointer + 1) % self.regs.len();
        match r {
            0x0E..=0x11 => {} // INTF, INTCAP: read-only
            // Writing GPIO writes the output latch.
            0x12 | 0x13 => self.regs[r + 2] = v,
            _ => self.regs[r] = v,
        }
    }
}

/// Expanders on a simulated I2C bus. Clones share the same bus: give one to the pad, keep one
/// to press buttons, look at the lights and cause brown-outs.
#[derive(Clone, Debug)]
pub struct SimMcpBus {
    chips: Arc<Mutex<(Vec<Expander>, u64)>>,
}

/// An I2C error of the simulated bus: nobody acknowledged the address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoAck;

impl embedded_hal::i2c::Error for NoAck {
    fn kind(&self) -> ErrorKind {
        ErrorKind::NoAcknowledge(NoAcknowledgeSource::Address)
    }
}

impl SimMcpBus {
    /// Expanders at these addresses, just powered on.
    pub fn new(addresses: &[u8]) -> Self {
        SimMcpBus { chips: Arc::new(Mutex::new((addresses.iter().map(|&a| Expander::new(a)).collect(), 0))) }
    }

    fn lock(&self) -> MutexGuard<'_, (Vec<Expander>, u64)> {
        self.chips.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Presses or releases the button on `pin` (0..=15) of the expander at `address`.
    pub fn set_button(&self, address: u8, pin: u8, pressed: bool) {
        if let Some(e) = self.lock().0.iter_mut().find(|e| e.address == address) {
            e.pressed = if pressed { e.pressed | 1 << pin } else { e.pressed & !(1 << pin) };
        }
    }

    /// The supply dipped: the expander at `address` forgets every setting (power-on values).
    pub fn brown_out(&self, address: u8) {
        if let Some(e) = self.lock().0.iter_mut().find(|e| e.address == address) {
            e.power_on();
        }
    }

    /// The expander stops answering (`false`: its supply gone) or comes back (`true`: powered
    /// on afresh, every setting forgotten).
    pub fn set_answering(&self, address: u8, answering: bool) {
        if let Some(e) = self.lock().0.iter_mut().find(|e| e.address == address) {
            if answering && !e.answering {
                e.power_on();
            }
            e.answering = answering;
        }
    }

    /// The levels driven on the expander's pins that are outputs (the lights), as a pin mask.
    pub fn outputs(&self, address: u8) -> u16 {
        self.lock().0.iter().find(|e| e.address == address).map_or(0, |e| !e.pair(0x00) & e.pair(0x14))
    }

    /// A register pair (A in the low byte) of the expander at `address`.
    pub fn register_pair(&self, address: u8, register: u8) -> u16 {
        self.lock().0.iter().find(|e| e.address == address).map_or(0, |e| e.pair(usize::from(register)))
    }

    /// I2C transactions so far.
    pub fn transactions(&self) -> u64 {
        self.lock().1
    }
}

impl ErrorType for SimMcpBus {
    type Error = NoAck;
}

impl I2c for SimMcpBus {
    fn transaction(&mut self, address: u8, operations: &mut [Operation<'_>]) -> Result<(), Self::Error> {
        let mut guard = self.lock();
        guard.1 += 1;
        let chip = guard.0.iter_mut().find(|e| e.address == address && e.answering).ok_or(NoAck)?;
        for op in operations.iter_mut() {
            match op {
                Operation::Write(bytes) => {
                    if let Some((&reg, data)) = bytes.split_first() {
                        chip.pointer = usize::from(reg) % chip.regs.len();
                        data.iter().for_each(|&b| chip.write(b));
                    }
                }
                Operation::Read(buf) => buf.iter_mut().for_each(|b| *b = chip.read()),
            }
        }
        Ok(())
    }
}
