//! An `embedded_hal::spi::SpiDevice` over a bus that sends a list of
//! segments in one go with the chip select held (Linux spidev's
//! `SPI_IOC_MESSAGE`, rppal's `Spi::transfer_segments`).
//!
//! Two facts shape it (see `HARDWARE-NOTES.md`):
//! - rppal's own `SimpleHalSpiDevice` turns an in-place transfer into a
//!   segment with no write buffer, so the kernel clocks out zeros and the
//!   MFRC522 reads back nothing useful. Here an in-place transfer sends a
//!   copy of the buffer and reads into the buffer.
//! - The MFRC522 driver writes the register address and the data as two
//!   operations of one transaction; chip select must stay asserted between
//!   them, so the whole transaction is one list of segments.

use embedded_hal::spi::{ErrorKind, ErrorType, Operation, SpiDevice};
use std::fmt;

/// One segment of a transfer: what to send, where to put what comes back,
/// and a pause after it (chip select stays asserted).
#[derive(Debug)]
pub struct Segment<'a> {
    /// Bytes received, if they are wanted.
    pub read: Option<&'a mut [u8]>,
    /// Bytes to send (zeros are sent when absent).
    pub write: Option<&'a [u8]>,
    /// Microseconds to wait after this segment.
    pub delay_us: u16,
}

/// A bus that runs a list of segments as one chip-select-held transfer.
pub trait SegmentBus {
    /// The bus's error.
    type Error: fmt::Debug;
    /// Runs the segments in order, chip select held throughout.
    fn transfer(&mut self, segments: &mut [Segment<'_>]) -> Result<(), Self::Error>;
}

/// The error of [`SegmentSpi`].
#[derive(Debug)]
pub struct SpiError<E>(pub E);

impl<E: fmt::Debug> embedded_hal::spi::Error for SpiError<E> {
    fn kind(&self) -> ErrorKind {
        ErrorKind::Other
    }
}

/// An `SpiDevice` over a [`SegmentBus`].
#[derive(Debug)]
pub struct SegmentSpi<B>(pub B);

impl<B: SegmentBus> ErrorType for SegmentSpi<B> {
    type Error = SpiError<B::Error>;
}

impl<B: SegmentBus> SpiDevice for SegmentSpi<B> {
    fn transaction(&mut self, operations: &mut [Operation<'_, u8>]) -> Result<(), Self::Error> {
        // Copies of the in-place buffers: what is sent while the buffer fills.
        let copies: Vec<Vec<u8>> = operations
            .iter()
            .filter_map(|op| match op {
                Operation::TransferInPlace(buf) => Some(buf.to_vec()),
                _ => None,
            })
            .collect();
        let mut copies = copies.iter();
        let mut segments: Vec<Segment<'_>> = Vec::with_capacity(operations.len() + 1);
        let mut leading_delay_us: u64 = 0;
        for op in operations.iter_mut() {
            match op {
                Operation::Read(buf) => segments.push(Segment { read: Some(buf), write: None, delay_us: 0 }),
                Operation::Write(buf) => segments.push(Segment { read: None, write: Some(buf), delay_us: 0 }),
                Operation::Transfer(read, write) => {
                    let n = read.len().min(write.len());
                    let (read_common, read_rest) = read.split_at_mut(n);
                    let (write_common, write_rest) = write.split_at(n);
                    if n > 0 {
                        segments.push(Segment { read: Some(read_common), write: Some(write_common), delay_us: 0 });
                    }
                    if !read_rest.is_empty() {
                        segments.push(Segment { read: Some(read_rest), write: None, delay_us: 0 });
                    }
                    if !write_rest.is_empty() {
                        segments.push(Segment { read: None, write: Some(write_rest), delay_us: 0 });
                    }
                }
                Operation::TransferInPlace(buf) => {
                    let sent = copies.next().map(Vec::as_slice);
                    segments.push(Segment { read: Some(buf), write: sent, delay_us: 0 });
                }
                Operation::DelayNs(ns) => {
                    let us = u64::from(*ns).div_ceil(1000);
                    match segments.last_mut() {
                        Some(last) => last.delay_us = last.delay_us.saturating_add(us.min(u64::from(u16::MAX)) as u16),
                        None => leading_delay_us += us,
                    }
                }
            }
        }
        if leading_delay_us > 0 {
            std::thread::sleep(std::time::Duration::from_micros(leading_delay_us));
        }
        if segments.is_empty() {
            return Ok(());
        }
        self.0.transfer(&mut segments).map_err(SpiError)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A bus that answers every byte with its complement and records what
    /// it was sent, transfer by transfer.
    #[derive(Default)]
    struct Echo {
        sent: Vec<Vec<Vec<u8>>>,
        delays: Vec<u16>,
    }

    impl SegmentBus for Echo {
        type Error = ();
        fn transfer(&mut self, segments: &mut [Segment<'_>]) -> Result<(), ()> {
            let mut transfer = Vec::new();
            for s in segments.iter_mut() {
                let len = s.read.as_ref().map(|r| r.len()).or(s.write.map(|w| w.len())).unwrap_or(0);
                let out: Vec<u8> = (0..len).map(|i| s.write.map_or(0, |w| w[i])).collect();
                if let Some(r) = s.read.as_mut() {
                    for (dst, b) in r.iter_mut().zip(&out) {
                        *dst = !b;
                    }
                }
                self.delays.push(s.delay_us);
                transfer.push(out);
            }
            self.sent.push(transfer);
            Ok(())
        }
    }

    #[test]
    fn in_place_transfers_send_the_buffer_not_zeros() {
        let mut spi = SegmentSpi(Echo::default());
        let mut buf = [0xEE, 0x00];
        spi.transaction(&mut [Operation::TransferInPlace(&mut buf)]).unwrap();
        assert_eq!(spi.0.sent, vec![vec![vec![0xEE, 0x00]]]);
        assert_eq!(buf, [0x11, 0xFF], "the answer lands in the buffer");
    }

    #[test]
    fn one_transaction_is_one_transfer_with_chip_select_held() {
        let mut spi = SegmentSpi(Echo::default());
        let mut read = [0u8; 3];
        spi.transaction(&mut [
            Operation::Write(&[0x12]),
            Operation::DelayNs(1500),
            Operation::Transfer(&mut read, &[1, 2]),
        ])
        .unwrap();
        assert_eq!(spi.0.sent.len(), 1, "address and data in the same transfer");
        assert_eq!(spi.0.sent[0], vec![vec![0x12], vec![1, 2], vec![0]]);
        assert_eq!(spi.0.delays, vec![2, 0, 0], "the delay rides on the segment before it");
        assert_eq!(read, [!1, !2, 0xFF]);
    }
}
