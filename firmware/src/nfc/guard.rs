//! An SPI device wrapper that bounds how long the `mfrc522` crate can keep talking to a reader
//! that does not answer. See the [module docs](super#bounded-waits).

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

/// Passes transactions through to `SPI` while the budget lasts; every version register read
/// re-arms it (and always goes through).
#[derive(Debug)]
pub struct GuardedSpi<SPI> {
    spi: SPI,
    budget: u32,
    left: u32,
}

impl<SPI> GuardedSpi<SPI> {
    /// Wraps `spi` with a budget of `budget` transactions between version reads (armed now).
    pub fn new(spi: SPI, budget: u32) -> Self {
        GuardedSpi { spi, budget, left: budget }
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

impl<SPI: SpiDevice> SpiDevice for GuardedSpi<SPI> {
    fn transaction(&mut self, operations: &mut [Operation<'_, u8>]) -> Result<(), Self::Error> {
        if is_version_read(operations) {
            self.left = self.budget;
        } else if self.left == 0 {
            return Err(GuardError::Stalled);
        } else {
            self.left -= 1;
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
