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

/// The reader's SPI device together with its reset line (RST), for as long as the reader
/// lives: the line is an output held high while the port exists. Dropped apart from the bus,
/// a GPIO library puts the pin back as an input, and the Pi's default pull-down on it holds
/// the MFRC522 in hard power-down: version 0x00, "no reader" for ever. A reader without its
/// reset line wired (or with the pin busy) has `None`.
#[derive(Debug)]
pub struct ReaderPort<SPI, RST> {
    spi: SPI,
    reset: Option<RST>,
}

impl<SPI, RST: embedded_hal::digital::OutputPin> ReaderPort<SPI, RST> {
    /// The bus and the reset line; the line is pulled low for 2 ms (a hard reset) and then
    /// held high, and the chip is given 50 ms to start its oscillator. `pause` sleeps.
    pub fn new(spi: SPI, reset: Option<RST>, mut pause: impl FnMut(std::time::Duration)) -> Self {
        let mut reset = reset;
        if let Some(pin) = reset.as_mut() {
            // A pin that cannot be driven is simply not used.
            let pulsed = pin.set_low().is_ok() && {
                pause(std::time::Duration::from_millis(2));
                pin.set_high().is_ok()
            };
            if pulsed {
                pause(std::time::Duration::from_millis(50));
            } else {
                reset = None;
            }
        }
        ReaderPort { spi, reset }
    }

    /// Whether the reset line is held.
    pub fn has_reset(&self) -> bool {
        self.reset.is_some()
    }
}

impl<SPI: SpiDevice, RST> ErrorType for ReaderPort<SPI, RST> {
    type Error = SPI::Error;
}

impl<SPI: SpiDevice, RST> SpiDevice for ReaderPort<SPI, RST> {
    fn transaction(&mut self, operations: &mut [Operation<'_, u8>]) -> Result<(), Self::Error> {
        self.spi.transaction(operations)
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

    /// A reader polled for a minute of table time: with the reset line kept in the port the
    /// chip runs throughout; with the line dropped after set-up (what the Pi build did, keeping
    /// only the bus) the chip sits in hard power-down and the reader is reported missing.
    #[test]
    fn the_reset_line_lives_as_long_as_the_reader() {
        use crate::hw::nfc::NfcReader;
        use crate::hw::TagSource;
        use tavola_firmware::nfc::NfcConfig;
        use tavola_firmware::sim::{SimChip, SimTag};
        let chip = SimChip::new();
        chip.place(SimTag::ntag213([4, 1, 2, 3, 4, 5, 6]).with_card("avalon/role/merlin"));
        let mut first = Some(ReaderPort::new(chip.clone(), Some(chip.reset_pin()), |_| {}));
        assert!(first.as_ref().is_some_and(|p| p.has_reset()));
        let mut reader = NfcReader::new(
            move || {
                first
                    .take()
                    .ok_or_else(|| crate::hw::HwError::said("reader", tavola_words::msg!("hw.reader.not_ready")))
            },
            NfcConfig::default(),
            50,
        );
        let mut arrived = 0;
        for t in (0..60_000).step_by(50) {
            let events = reader.poll(t).expect("the reader keeps answering");
            arrived += events.iter().filter(|e| matches!(e, crate::hw::TagEvent::Arrived { .. })).count();
        }
        assert_eq!(arrived, 1);

        // The old way: the bus kept, the pin dropped.
        let chip = SimChip::new();
        let port = ReaderPort::new(chip.clone(), Some(chip.reset_pin()), |_| {});
        let ReaderPort { spi, reset } = port;
        drop(reset);
        let mut first = Some(spi);
        let mut reader = NfcReader::new(
            move || {
                first
                    .take()
                    .ok_or_else(|| crate::hw::HwError::said("reader", tavola_words::msg!("hw.reader.not_ready")))
            },
            NfcConfig::default(),
            50,
        );
        let e = reader.poll(0).unwrap_err();
        assert!(e.text(crate::games::Lang::En).contains("0x00"), "{e:?}");
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
