//! An SPI device wrapper that bounds how long the `mfrc522` crate can keep talking to a reader
//! that does not answer, and how much of the bus (and of the processor) its waits take. See the
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
    /// The transaction budget is spent: the reader is not completing its commands.
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

/// Passes transactions through to `SPI` while the budget lasts; every version register read
/// re-arms it (and always goes through). It also shapes the crate's waits for a tag
/// ([`WaitConfig`]): before each frame goes out it sets the chip's timer for that frame (short,
/// or long for an NTAG WRITE), and it paces the reads of the interrupt register while the
/// frame is on the air.
#[derive(Debug)]
pub struct GuardedSpi<SPI> {
    spi: SPI,
    budget: u32,
    left: u32,
    wait: WaitConfig,
    /// The first byte of the frame last put in the FIFO.
    frame: Option<u8>,
    /// The timer reload value last written, when known.
    reload: Option<u16>,
    /// A frame is on the air and the crate is waiting for its interrupt bits.
    waiting: bool,
}

impl<SPI> GuardedSpi<SPI> {
    /// Wraps `spi` with a budget of `budget` transactions between version reads (armed now),
    /// with the default [`WaitConfig`].
    pub fn new(spi: SPI, budget: u32) -> Self {
        Self::with_wait(spi, budget, WaitConfig::default())
    }

    /// [`GuardedSpi::new`] with the waits set by `wait`.
    pub fn with_wait(spi: SPI, budget: u32, wait: WaitConfig) -> Self {
        GuardedSpi { spi, budget, left: budget, wait, frame: None, reload: None, waiting: false }
    }

    /// Transactions left before the next version read.
    pub fn left(&self) -> u32 {
        self.left
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
            self.left = self.budget;
        } else if self.left == 0 {
            return Err(GuardError::Stalled);
        } else {
            self.left -= 1;
        }
        match operations {
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

    #[test]
    fn budget_runs_out_and_version_reads_rearm_it() {
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
        let mut g = GuardedSpi::new(spi.clone(), 2);
        g.write(&[0x08, 0x00]).unwrap();
        g.write(&[0x08, 0x00]).unwrap();
        assert_eq!(g.write(&[0x08, 0x00]), Err(GuardError::Stalled));
        let mut v = VERSION_READ;
        g.transfer_in_place(&mut v).unwrap();
        assert_eq!(v[1], 0x92);
        assert_eq!(g.left(), 2);
        g.write(&[0x08, 0x00]).unwrap();
        spi.done();
    }
}
