//! An SPI device wrapper that bounds how long the `mfrc522` crate can keep talking to a reader
//! that does not answer, how much of the bus (and of the processor) its waits take, and that
//! puts back the set-up a chip that reset itself has lost. See the
//! [module docs](super#bounded-waits).

use embedded_hal::spi::{ErrorKind, ErrorType, Operation, SpiDevice};

/// The two bytes of a version register read (address 0x37, read bit set), as the `mfrc522`
/// crate and the session send it. Seeing it re-arms the budget.
pub const VERSION_READ: [u8; 2] = [0x80 | (0x37 << 1), 0x00];

/// Error of a [`GuardedSpi`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GuardError<E> {
    /// The wrapped device failed.
    Spi(E),
    /// The step's time is spent: the reader is not completing its commands.
    Stalled,
}

impl<E: embedded_hal::spi::Error> embedded_hal::spi::Error for GuardError<E> {
    fn kind(&self) -> ErrorKind {
        match self {
            GuardError::Spi(e) => e.kind(),
            GuardError::Stalled => ErrorKind::Other,
        }
    }
}

/// The first byte of a write to a register, and of a read.
const fn write_addr(reg: u8) -> u8 {
    reg << 1
}
const fn read_addr(reg: u8) -> u8 {
    0x80 | (reg << 1)
}
const COMMAND: u8 = 0x01;
const COM_IRQ: u8 = 0x04;
const FIFO_DATA: u8 = 0x09;
const BIT_FRAMING: u8 = 0x0D;
const T_RELOAD_HIGH: u8 = 0x2C;
const T_RELOAD_LOW: u8 = 0x2D;
const MODE: u8 = 0x11;
const TX_CONTROL: u8 = 0x14;
const TX_ASK: u8 = 0x15;
const RF_CFG: u8 = 0x26;
const T_MODE: u8 = 0x2A;
const T_PRESCALER: u8 = 0x2B;
/// The set-up a chip loses when it resets itself (static from a hand, a dip in its supply)
/// while its version still reads right: the timer's mode and prescaler, the mode, the
/// modulation, the antenna drivers and the receiver gain. Without them the antenna is off and
/// the timer never runs: every wait for a tag would last until the step's time is spent.
const KEPT: [u8; 6] = [T_MODE, T_PRESCALER, MODE, TX_ASK, TX_CONTROL, RF_CFG];
/// Of those, the ones read back at the start of every step: a reset changes each of them.
const CHECKED: [u8; 3] = [T_MODE, TX_CONTROL, RF_CFG];
/// What one transaction of a few bytes takes on the bus, in µs, as the guard counts it: two
/// bytes at 1 MHz and the gap between two transactions (a faster bus takes less).
const TRANSACTION_US: u64 = 20;
/// ComIrqReg bits that end the crate's wait: RxIRq, IdleIRq, ErrIRq, TimerIRq.
const WAIT_OVER: u8 = 0x20 | 0x10 | 0x02 | 0x01;
/// The NTAG WRITE command: its ACK comes only after the tag has programmed its EEPROM.
const NTAG_WRITE: u8 = 0xA2;
/// One tick of the timer as the `mfrc522` crate sets it up (prescaler 0xA9: 339 periods of
/// 13.56 MHz), in ns.
const TICK_NS: u32 = 25_000;

/// How long the reader chip waits for a tag's answer, and how the wait is watched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WaitConfig {
    /// The chip's timeout for a frame, in µs: a tag's first bit comes about 0.1 ms after the
    /// frame (ISO/IEC 14443-3), and a halted tag must stay silent for 1 ms.
    pub timeout_us: u32,
    /// The timeout for an NTAG WRITE, which answers after programming its EEPROM (4.1 ms).
    pub write_timeout_us: u32,
    /// Pause before each read of the interrupt register while a frame is on the air, in µs
    /// (sent as an `Operation::DelayNs` in the same transaction, before chip select): the
    /// caller sleeps instead of spinning on the bus. 0 reads back to back.
    pub irq_pause_us: u32,
}

impl WaitConfig {
    /// What the `mfrc522` crate does alone: a 25 ms timer for every frame, and the interrupt
    /// register read back to back until it fires (for comparison in benchmarks).
    pub const CRATE: WaitConfig = WaitConfig { timeout_us: 25_000, write_timeout_us: 25_000, irq_pause_us: 0 };
}

impl Default for WaitConfig {
    fn default() -> Self {
        WaitConfig { timeout_us: 1_000, write_timeout_us: 10_000, irq_pause_us: 250 }
    }
}

/// Timer reload value for a timeout in µs.
fn reload(us: u32) -> u16 {
    let ticks = (u64::from(us) * 1000).div_ceil(u64::from(TICK_NS));
    ticks.clamp(1, 0x1_0000) as u16 - 1
}

/// Passes transactions through to `SPI` while the step's time lasts; every version register
/// read starts a new step (and always goes through).
///
/// A step's time is counted from what the guard knows: each transaction's time on the bus and
/// each pause it puts before a read of the interrupt register; with a clock
/// ([`GuardedSpi::with_clock`]) the clock's time when it is longer (a pause asked of the system
/// can last longer than asked). A step is thereby bounded in time, whatever its waits do.
///
/// It also shapes the crate's waits for a tag ([`WaitConfig`]): before each frame goes out it
/// sets the chip's timer for that frame (short, or long for an NTAG WRITE), and it paces the
/// reads of the interrupt register while the frame is on the air. And it keeps the chip set
/// up: it remembers what the crate's set-up wrote to the registers a reset clears, reads three
/// of them back at the start of every step and, if the chip has lost them, writes them all
/// again ([`GuardedSpi::restored`]).
#[derive(Debug)]
pub struct GuardedSpi<SPI> {
    spi: SPI,
    /// How long a step may last, in µs.
    limit_us: u64,
    /// The step's time spent so far, as counted, in µs.
    spent_us: u64,
    /// A clock in µs, and its reading when the step began.
    clock: Option<(fn() -> u64, u64)>,
    /// What the set-up wrote to the registers of [`KEPT`], as far as seen.
    kept: [Option<u8>; KEPT.len()],
    /// How many times the set-up was found lost and written again.
    restored: u32,
    wait: WaitConfig,
    /// The first byte of the frame last put in the FIFO.
    frame: Option<u8>,
    /// The timer reload value last written, when known.
    reload: Option<u16>,
    /// A frame is on the air and the crate is waiting for its interrupt bits.
    waiting: bool,
}

impl<SPI> GuardedSpi<SPI> {
    /// Wraps `spi`, a step (from one version read to the next) lasting at most `limit_us`,
    /// with the default [`WaitConfig`]. The first step begins now.
    pub fn new(spi: SPI, limit_us: u32) -> Self {
        Self::with_wait(spi, limit_us, WaitConfig::default())
    }

    /// [`GuardedSpi::new`] with the waits set by `wait`.
    pub fn with_wait(spi: SPI, limit_us: u32, wait: WaitConfig) -> Self {
        GuardedSpi {
            spi,
            limit_us: u64::from(limit_us),
            spent_us: 0,
            clock: None,
            kept: [None; KEPT.len()],
            restored: 0,
            wait,
            frame: None,
            reload: None,
            waiting: false,
        }
    }

    /// The guard also reads `clock` (a monotonic time in µs): a step lasts at most the limit by
    /// the clock too, pauses that run long included.
    pub fn with_clock(mut self, clock: fn() -> u64) -> Self {
        self.clock = Some((clock, clock()));
        self
    }

    /// The step's time spent so far, in µs (by the clock when it says more).
    pub fn spent_us(&self) -> u64 {
        let by_clock = self.clock.map_or(0, |(clock, start)| clock().saturating_sub(start));
        self.spent_us.max(by_clock)
    }

    /// How many times the chip was found without its set-up (it reset itself) and set up
    /// again.
    pub fn restored(&self) -> u32 {
        self.restored
    }

    /// A new step begins.
    fn new_step(&mut self) {
        self.spent_us = 0;
        if let Some((clock, start)) = &mut self.clock {
            *start = clock();
        }
    }

    /// The wrapped device.
    pub fn release(self) -> SPI {
        self.spi
    }
}

fn is_version_read(ops: &[Operation<'_, u8>]) -> bool {
    matches!(ops, [Operation::TransferInPlace(buf)] if buf[..] == VERSION_READ)
}

impl<SPI: SpiDevice> ErrorType for GuardedSpi<SPI> {
    type Error = GuardError<SPI::Error>;
}

impl<SPI: SpiDevice> GuardedSpi<SPI> {
    /// Reads a register, outside the step's count.
    fn read_reg(&mut self, reg: u8) -> Result<u8, GuardError<SPI::Error>> {
        let mut buf = [read_addr(reg), 0];
        self.spi.transfer_in_place(&mut buf).map_err(GuardError::Spi)?;
        Ok(buf[1])
    }

    /// At the start of a step: if the chip lost its set-up (a reset of its own), writes it all
    /// again; the timer's reload value is written again before the next frame.
    fn keep_set_up(&mut self) -> Result<(), GuardError<SPI::Error>> {
        for reg in CHECKED {
            let Some(i) = KEPT.iter().position(|&k| k == reg) else { continue };
            let Some(want) = self.kept[i] else { continue };
            if self.read_reg(reg)? != want {
                for (&reg, value) in KEPT.iter().zip(self.kept) {
                    if let Some(v) = value {
                        self.spi.write(&[write_addr(reg), v]).map_err(GuardError::Spi)?;
                    }
                }
                self.reload = None;
                self.restored = self.restored.saturating_add(1);
                return Ok(());
            }
        }
        Ok(())
    }

    /// Writes the timer reload registers, if they do not hold `value` already.
    fn set_reload(&mut self, value: u16) -> Result<(), GuardError<SPI::Error>> {
        if self.reload != Some(value) {
            let [hi, lo] = value.to_be_bytes();
            self.spi.write(&[write_addr(T_RELOAD_HIGH), hi]).map_err(GuardError::Spi)?;
            self.spi.write(&[write_addr(T_RELOAD_LOW), lo]).map_err(GuardError::Spi)?;
            self.reload = Some(value);
        }
        Ok(())
    }
}

impl<SPI: SpiDevice> SpiDevice for GuardedSpi<SPI> {
    fn transaction(&mut self, operations: &mut [Operation<'_, u8>]) -> Result<(), Self::Error> {
        if is_version_read(operations) {
            // A new step: the version goes through, then the set-up is checked (a chip that
            // answers with its version may still have reset itself).
            self.new_step();
            self.spi.transaction(operations).map_err(GuardError::Spi)?;
            if let [Operation::TransferInPlace(buf)] = operations {
                if !matches!(buf[1], 0x00 | 0xFF) {
                    self.keep_set_up()?;
                }
            }
            return Ok(());
        }
        if self.spent_us() >= self.limit_us {
            return Err(GuardError::Stalled);
        }
        self.spent_us += TRANSACTION_US;
        match operations {
            // A register of the set-up a reset clears: remembered, to be written again.
            [Operation::Write([a, v])] if KEPT.iter().any(|&k| write_addr(k) == *a) => {
                if let Some(i) = KEPT.iter().position(|&k| write_addr(k) == *a) {
                    self.kept[i] = Some(*v);
                }
            }
            // The frame to send, written into the FIFO.
            [Operation::Write([a]), Operation::Write(frame)] if *a == write_addr(FIFO_DATA) => {
                self.frame = frame.first().copied();
            }
            // The crate's own timer set-up, or a soft reset: the reload is no longer known.
            [Operation::Write([a, _])] if *a == write_addr(T_RELOAD_HIGH) || *a == write_addr(T_RELOAD_LOW) => {
                self.reload = None;
            }
            [Operation::Write([a, cmd])] if *a == write_addr(COMMAND) && *cmd & 0x0F == 0x0F => self.reload = None,
            // StartSend: the frame goes out; the timer first gets the frame's timeout.
            [Operation::Write([a, v])] if *a == write_addr(BIT_FRAMING) && *v & 0x80 != 0 => {
                let us = if self.frame == Some(NTAG_WRITE) { self.wait.write_timeout_us } else { self.wait.timeout_us };
                self.set_reload(reload(us))?;
                self.waiting = true;
            }
            // A read of the interrupt register while the frame is on the air: pause first.
            [Operation::TransferInPlace(buf)] if self.waiting && buf.len() == 2 && buf[0] == read_addr(COM_IRQ) => {
                if self.wait.irq_pause_us > 0 {
                    self.spent_us += u64::from(self.wait.irq_pause_us);
                    let pause = self.wait.irq_pause_us.saturating_mul(1000);
                    let mut ops = [Operation::DelayNs(pause), Operation::TransferInPlace(buf)];
                    self.spi.transaction(&mut ops).map_err(GuardError::Spi)?;
                } else {
                    self.spi.transaction(operations).map_err(GuardError::Spi)?;
                }
                if let [Operation::TransferInPlace(buf)] = operations {
                    if buf[1] & WAIT_OVER != 0 {
                        self.waiting = false;
                    }
                }
                return Ok(());
            }
            _ => {}
        }
        self.spi.transaction(operations).map_err(GuardError::Spi)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use embedded_hal_mock::eh1::spi::{Mock, Transaction as T};
    use std::vec;

    /// Two transactions of 20 µs spend a 40 µs step: the third is refused, without touching
    /// the bus; a version read begins a new step (and checks nothing before the set-up is
    /// known).
    #[test]
    fn a_step_runs_out_of_time_and_a_version_read_begins_the_next() {
        let mut spi = Mock::new(&[
            T::transaction_start(),
            T::write_vec(vec![0x08, 0x00]),
            T::transaction_end(),
            T::transaction_start(),
            T::write_vec(vec![0x08, 0x00]),
            T::transaction_end(),
            T::transaction_start(),
            T::transfer_in_place(vec![0xEE, 0x00], vec![0x00, 0x92]),
            T::transaction_end(),
            T::transaction_start(),
            T::write_vec(vec![0x08, 0x00]),
            T::transaction_end(),
        ]);
        let mut g = GuardedSpi::new(spi.clone(), 40);
        g.write(&[0x08, 0x00]).unwrap();
        g.write(&[0x08, 0x00]).unwrap();
        assert_eq!(g.write(&[0x08, 0x00]), Err(GuardError::Stalled));
        let mut v = VERSION_READ;
        g.transfer_in_place(&mut v).unwrap();
        assert_eq!(v[1], 0x92);
        assert_eq!(g.spent_us(), 0);
        g.write(&[0x08, 0x00]).unwrap();
        spi.done();
    }

    /// The pauses before the interrupt register's reads count: an 800 µs step holds the frame
    /// sent and three reads paced 250 µs apart (830 µs), not a fourth.
    #[test]
    fn the_pauses_count_in_the_steps_time() {
        let irq = |level: u8| {
            [
                T::transaction_start(),
                T::delay(250_000),
                T::transfer_in_place(vec![0x88, 0x00], vec![0x00, level]),
                T::transaction_end(),
            ]
        };
        let mut txs = vec![T::transaction_start(), T::write_vec(vec![0x58, 0x00]), T::transaction_end()];
        txs.extend([T::transaction_start(), T::write_vec(vec![0x5A, 0x27]), T::transaction_end()]);
        txs.extend([T::transaction_start(), T::write_vec(vec![0x1A, 0x87]), T::transaction_end()]);
        for _ in 0..3 {
            txs.extend(irq(0x00));
        }
        let mut spi = Mock::new(&txs);
        let mut g = GuardedSpi::new(spi.clone(), 800);
        // StartSend: the guard sets the timer first (its two writes are its own), then sends.
        g.write(&[0x1A, 0x87]).unwrap();
        let mut reads = 0;
        loop {
            let mut b = [0x88, 0x00];
            match g.transfer_in_place(&mut b) {
                Ok(()) => reads += 1,
                Err(GuardError::Stalled) => break,
                Err(e) => panic!("{e:?}"),
            }
        }
        assert_eq!(reads, 3, "spent {} µs", g.spent_us());
        spi.done();
    }

    /// A chip that reset itself answers its version as before, but its timer and antenna
    /// settings are gone: read back at the step's start, found lost, every remembered
    /// register is written again, and the timer's reload before the next frame.
    #[test]
    fn a_set_up_lost_to_a_reset_is_written_again_at_the_next_step() {
        let version =
            [T::transaction_start(), T::transfer_in_place(vec![0xEE, 0x00], vec![0x00, 0x92]), T::transaction_end()];
        let write = |r: u8, v: u8| [T::transaction_start(), T::write_vec(vec![r << 1, v]), T::transaction_end()];
        let read = |r: u8, v: u8| {
            [
                T::transaction_start(),
                T::transfer_in_place(vec![0x80 | (r << 1), 0x00], vec![0x00, v]),
                T::transaction_end(),
            ]
        };
        let mut txs = Vec::new();
        // The set-up, as the crate writes it.
        for (r, v) in [(0x2A, 0x8D), (0x2B, 0x3E), (0x15, 0x40), (0x11, 0x3D), (0x14, 0x83), (0x26, 0x70)] {
            txs.extend(write(r, v));
        }
        // A step: all three read back as set.
        txs.extend(version.clone());
        txs.extend(read(0x2A, 0x8D));
        txs.extend(read(0x14, 0x83));
        txs.extend(read(0x26, 0x70));
        // The chip reset itself: TModeReg reads its power-on 0x00: everything is written again.
        txs.extend(version);
        txs.extend(read(0x2A, 0x00));
        for (r, v) in [(0x2A, 0x8D), (0x2B, 0x3E), (0x11, 0x3D), (0x15, 0x40), (0x14, 0x83), (0x26, 0x70)] {
            txs.extend(write(r, v));
        }
        let mut spi = Mock::new(&txs);
        let mut g = GuardedSpi::new(spi.clone(), 10_000);
        for (r, v) in [(0x2A, 0x8D), (0x2B, 0x3E), (0x15, 0x40), (0x11, 0x3D), (0x14, 0x83), (0x26, 0x70)] {
            g.write(&[r << 1, v]).unwrap();
        }
        let mut v = VERSION_READ;
        g.transfer_in_place(&mut v).unwrap();
        assert_eq!(g.restored(), 0);
        let mut v = VERSION_READ;
        g.transfer_in_place(&mut v).unwrap();
        assert_eq!(g.restored(), 1);
        spi.done();
    }
}
