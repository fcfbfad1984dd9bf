//! A simulated MFRC522 with virtual tags in its field, at the register level.
//!
//! [`SimChip`] implements [`embedded_hal::spi::SpiDevice`] and answers the MFRC522 SPI
//! protocol (first byte: bit 7 = read, bits 6..1 = register address; on reads every further
//! byte is the next address and MISO carries the value of the previous one; on writes every
//! further byte is data for the same register). It models what the unmodified `mfrc522` crate
//! and [`NfcSession`](crate::nfc::NfcSession) rely on:
//!
//! - the 64-byte FIFO (`FIFODataReg`, `FIFOLevelReg` with flush, overflow in `ErrorReg`);
//! - `CommandReg`: Idle, CalcCRC (the CRC_A coprocessor, results in `CRCResultReg`),
//!   Transceive (sent on `BitFramingReg.StartSend`, with `TxLastBits` for 7-bit short frames),
//!   SoftReset (register defaults, antenna off, the power-down bit reads set for a couple of
//!   reads), MFAuthent (refused with a protocol error);
//! - `ComIrqReg` / `DivIrqReg` with their set/clear write semantics; `TimerIRq` when no tag
//!   answers and the timer starts automatically (`TModeReg.TAuto`, set by the crate's `init`);
//! - `ErrorReg`, `CollReg`, `ControlReg.RxLastBits` (4-bit ACK/NAK answers), `TxControlReg`
//!   (no field, no answers; switching the field off resets the tags), `VersionReg`.
//!
//! Tags ([`SimTag`]) follow ISO/IEC 14443-3: REQA/WUPA, anticollision and select over one to
//! three cascade levels, HLTA, and for NTAG21x READ (0x30) and WRITE (0xA2) with CRC_A; a tag
//! that was selected and is sent REQA/WUPA again goes back to idle without answering.
//!
//! Time is modelled, because a simulator that answers faster than the real part hides what
//! costs time on it: the chip has a clock (in ns) that follows the table's clock
//! ([`SimChip::sync_ms`]) and moves on with every byte on the bus (at the SPI clock, 1 MHz
//! unless [`SimChip::set_spi_hz`]) and every pause (`Operation::DelayNs`). Frames take their air
//! time at 106 kbit/s, a tag answers after the ISO/IEC 14443-3 frame delay (an NTAG WRITE after
//! programming its EEPROM, 4.1 ms), and the timer started by `TAuto` runs out after its
//! programmed time ((TReload + 1) × (2 × TPrescaler + 1) periods of 13.56 MHz). Several tags in
//! the field ([`SimChip::add`]) answer together: where their bits differ the chip sees a
//! collision (`CollErr`, `CollReg.CollPos`).
//!
//! Clones of a [`SimChip`] share the same chip (`Arc<Mutex<..>>`): give one to the driver and
//! keep one to place and remove tags, inject [`Fault`]s and count SPI transactions
//! ([`SimChip::transactions`]). With the session's default waits an idle
//! [`NfcSession::poll`](crate::nfc::NfcSession::poll) costs 11 SPI transactions and 1.2 ms of
//! bus time (version check, then WUPA: command, IRQ clear, FIFO flush, FIFO write, Transceive,
//! StartSend, and the interrupt register read every 250 µs until the 1 ms timer runs out); with
//! the `mfrc522` crate's own 25 ms timer read back to back it would cost about 1,400.
//! [`parse_flipper_nfc`] lays a Flipper Zero `.nfc` dump on the reader.

mod chip;
mod tag;

use std::sync::{Arc, Mutex, MutexGuard};

use embedded_hal::spi::{ErrorType, Operation, SpiDevice};

use chip::ChipState;
pub use tag::{PagesError, SimTag, TagKind};

mod flipper;
mod mcp;
pub use flipper::{parse_flipper_nfc, FlipperError};
pub use mcp::{NoAck, SimMcpBus};

/// Something going wrong, on purpose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The next answer from a tag arrives with a CRC error flagged by the chip.
    CrcError,
    /// The next answer from a tag shows a bit collision (position not valid).
    Collision,
    /// The next answer from a tag is cut to half its length.
    Truncated,
    /// The next answer from a tag has one bit flipped, and the chip does not notice.
    Corrupted,
    /// The tag leaves the field after this many more frames (pulled away mid-read).
    PullAfter(u32),
    /// From now on every MISO byte is this value: 0x00 (no reader, MISO low) or 0xFF
    /// (floating). Writes are lost.
    DeadMiso(u8),
    /// From now on commands never complete: no interrupt bit is ever set, the power-down bit
    /// never clears after a reset. SPI still answers.
    Stall,
    /// The chip resets itself now (static from a hand, a dip in its supply): every register
    /// back to its power-on value (the antenna off, the timer not running), the version as
    /// before, SPI answering as before.
    SelfReset,
    /// The chip resets itself (as [`Fault::SelfReset`]) when this many more frames have gone
    /// out: in the middle of a poll, a read cut short. The frame that meets the reset never
    /// reaches the air, and the command it belonged to never completes.
    SelfResetAfter(u32),
    /// The SPI transaction after this many more fails (a transfer error of the bus: the
    /// driver's call returns an error, nothing reaches the chip). Once.
    TransferErrorAfter(u32),
}

/// A transfer error of the simulated bus ([`Fault::TransferErrorAfter`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TransferError;

impl embedded_hal::spi::Error for TransferError {
    fn kind(&self) -> embedded_hal::spi::ErrorKind {
        embedded_hal::spi::ErrorKind::Other
    }
}

/// The simulated reader chip. Clones share the same chip.
#[derive(Clone, Debug)]
pub struct SimChip {
    state: Arc<Mutex<ChipState>>,
}

impl Default for SimChip {
    fn default() -> Self {
        Self::new()
    }
}

impl SimChip {
    /// A genuine MFRC522 v2.0 (version 0x92), powered on, no tag in the field.
    pub fn new() -> Self {
        SimChip { state: Arc::new(Mutex::new(ChipState::new())) }
    }

    fn lock(&self) -> MutexGuard<'_, ChipState> {
        // A panic elsewhere while holding the lock leaves plain data behind: keep using it.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Lays a tag in the field (replacing any other). It powers up idle.
    pub fn place(&self, mut tag: SimTag) {
        tag.power_up();
        self.lock().tags = vec![tag];
    }

    /// Lays one more tag in the field, beside those already there (two cards on the reader at
    /// once: their answers collide bit by bit, as on the air).
    pub fn add(&self, mut tag: SimTag) {
        tag.power_up();
        self.lock().tags.push(tag);
    }

    /// Takes every tag out of the field and returns the first.
    pub fn remove(&self) -> Option<SimTag> {
        let mut s = self.lock();
        s.pull_after = None;
        let mut tags = std::mem::take(&mut s.tags);
        (!tags.is_empty()).then(|| tags.remove(0))
    }

    /// Takes the tag with this UID out of the field, leaving the others.
    pub fn remove_uid(&self, uid: &[u8]) -> Option<SimTag> {
        let mut s = self.lock();
        let i = s.tags.iter().position(|t| t.uid() == uid)?;
        Some(s.tags.remove(i))
    }

    /// The chip's time in µs: the table's clock, plus the time spent on the SPI bus and in
    /// pauses since it was last told the time.
    pub fn now_us(&self) -> u64 {
        self.lock().now_ns / 1000
    }

    /// The table's clock reads `ms`: the chip's time catches up (never goes back).
    pub fn sync_ms(&self, ms: u64) {
        self.lock().sync_ms(ms);
    }

    /// The chip's RST line, driven like a GPIO output (see [`SimResetPin`]). The line starts
    /// high: a chip without a pin handed out runs.
    pub fn reset_pin(&self) -> SimResetPin {
        SimResetPin { chip: self.clone() }
    }

    /// A register's value (0x00..=0x3F) as the chip holds it, without reading it over SPI.
    pub fn register(&self, address: u8) -> u8 {
        self.lock().register(address)
    }

    /// The machine's clock reads `us` µs since the chip's start: the chip's time catches up
    /// (never goes back). For running the chip on the wall clock (benchmarks).
    pub fn sync_us(&self, us: u64) {
        let mut s = self.lock();
        s.now_ns = s.now_ns.max(us.saturating_mul(1000));
    }

    /// Sets the SPI clock the chip's time counts bytes at (1 MHz unless told).
    pub fn set_spi_hz(&self, hz: u32) {
        self.lock().spi_hz = hz.max(1);
    }

    /// The tag last pulled away by [`Fault::PullAfter`], taken out of the simulation (to
    /// inspect what an interrupted write left on it).
    pub fn take_pulled(&self) -> Option<SimTag> {
        self.lock().pulled.take()
    }

    /// A copy of the (first) tag in the field (to inspect its memory after a write).
    pub fn tag(&self) -> Option<SimTag> {
        self.lock().tags.first().cloned()
    }

    /// Injects a fault. One-shot faults queue up and hit the next answers in order.
    pub fn inject(&self, fault: Fault) {
        let mut s = self.lock();
        match fault {
            Fault::PullAfter(k) => s.pull_after = Some(k),
            Fault::DeadMiso(level) => s.dead = Some(level),
            Fault::Stall => s.stalled = true,
            Fault::SelfReset => s.self_reset(),
            Fault::SelfResetAfter(k) => s.reset_after = Some(k),
            Fault::TransferErrorAfter(k) => s.fail_after = Some(k),
            f => s.one_shot.push_back(Some(f)),
        }
    }

    /// Injects a one-shot fault that hits the answer after the next `answers` answers.
    /// (Persistent faults and those counted in frames or transactions act at once, as with
    /// [`SimChip::inject`].)
    pub fn inject_after(&self, answers: usize, fault: Fault) {
        if matches!(
            fault,
            Fault::PullAfter(_)
                | Fault::DeadMiso(_)
                | Fault::Stall
                | Fault::SelfReset
                | Fault::SelfResetAfter(_)
                | Fault::TransferErrorAfter(_)
        ) {
            return self.inject(fault);
        }
        let mut s = self.lock();
        s.one_shot.extend(std::iter::repeat_n(None, answers));
        s.one_shot.push_back(Some(fault));
    }

    /// Removes every fault: queued ones, a pending pull, reset or transfer error, a dead MISO
    /// and a stall.
    pub fn clear_faults(&self) {
        let mut s = self.lock();
        s.one_shot.clear();
        s.pull_after = None;
        s.reset_after = None;
        s.fail_after = None;
        s.dead = None;
        s.stalled = false;
    }

    /// Sets the value of the version register (0x91, 0x92, or a clone's value).
    pub fn set_version(&self, version: u8) {
        self.lock().version = version;
    }

    /// Makes interrupt bits appear only after this many reads of the IRQ registers (0: at
    /// once), as a real chip does while a frame is on the air.
    pub fn set_irq_latency(&self, reads: u32) {
        self.lock().irq_latency = reads;
    }

    /// The chip's time in ns: its bus bytes, the pauses asked of it, the table's clock.
    pub fn now_ns(&self) -> u64 {
        self.lock().now_ns
    }

    /// SPI transactions seen so far (one per chip-select cycle).
    pub fn transactions(&self) -> u64 {
        self.lock().transactions
    }

    /// RF frames sent to the field so far.
    pub fn frames(&self) -> u64 {
        self.lock().frames
    }
}

/// The chip's RST pin as a Raspberry Pi GPIO drives it through rppal: high lets the chip run,
/// low holds it in hard power-down. Dropping it does what rppal does by default with a dropped
/// output: the pin goes back to an input, and the Pi's default pull-down on it (GPIO9 to 27)
/// holds RST low. [`SimChip::reset_pin`] gives one.
#[derive(Debug)]
pub struct SimResetPin {
    chip: SimChip,
}

impl embedded_hal::digital::ErrorType for SimResetPin {
    type Error = core::convert::Infallible;
}

impl embedded_hal::digital::OutputPin for SimResetPin {
    fn set_low(&mut self) -> Result<(), Self::Error> {
        self.chip.lock().set_rst(false);
        Ok(())
    }

    fn set_high(&mut self) -> Result<(), Self::Error> {
        self.chip.lock().set_rst(true);
        Ok(())
    }
}

impl Drop for SimResetPin {
    fn drop(&mut self) {
        self.chip.lock().set_rst(false);
    }
}

impl ErrorType for SimChip {
    type Error = TransferError;
}

impl SpiDevice for SimChip {
    fn transaction(&mut self, operations: &mut [Operation<'_, u8>]) -> Result<(), Self::Error> {
        let mut s = self.lock();
        match s.fail_after {
            Some(0) => {
                s.fail_after = None;
                return Err(TransferError);
            }
            Some(k) => s.fail_after = Some(k - 1),
            None => {}
        }
        s.begin();
        for op in operations.iter_mut() {
            match op {
                Operation::Read(buf) => buf.iter_mut().for_each(|b| *b = s.exchange(0)),
                Operation::Write(buf) => buf.iter().for_each(|&b| {
                    s.exchange(b);
                }),
                Operation::Transfer(read, write) => {
                    for i in 0..read.len().max(write.len()) {
                        let miso = s.exchange(write.get(i).copied().unwrap_or(0));
                        if let Some(r) = read.get_mut(i) {
                            *r = miso;
                        }
                    }
                }
                Operation::TransferInPlace(buf) => buf.iter_mut().for_each(|b| *b = s.exchange(*b)),
                Operation::DelayNs(ns) => s.wait_ns(u64::from(*ns)),
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
