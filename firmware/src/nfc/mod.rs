//! The NFC reader: an MFRC522 session on the [`mfrc522`] crate that turns tags lying on the
//! reader into [`NfcEvent`]s, NDEF parsing and encoding for Tavola cards, and the guard that
//! keeps a silent reader from hanging the caller.
//!
//! # What a poll does
//!
//! [`NfcSession::poll`] sends WUPA (which also wakes tags halted by the previous poll), selects
//! the tag that answers (cascade levels for 4-, 7- and 10-byte UIDs), and then:
//!
//! - if it is the tag already on the reader, or the same tag back within `rearm_ms`: halts it
//!   (HLTA) and only updates the presence logic;
//! - otherwise reads it: NTAG/Ultralight (SAK 0x00, 7-byte UID) with READ (0x30, 16 bytes = 4
//!   pages, CRC_A checked in software), first pages 0..3 (the UID bytes there must match the
//!   selected UID; page 3 is the capability container), then the NDEF TLV from page 4 for as
//!   many pages as its length needs; other tags (MIFARE Classic, SAK 0x08) give their UID only.
//!   The tag is halted, woken and selected again: only if the same UID answers is the read
//!   accepted. Then [`NfcEvent::TagArrived`].
//!
//! A read that fails in any way (tag pulled away, CRC error, short frame, NAK, UID changed,
//! NDEF length inconsistent) yields no event, never a wrong id; the tag is read again on the
//! next poll, and reported as [`NfcEvent::TagUnreadable`] after `read_attempts` failures in a
//! row. Presence rules are in [`Presence`].
//!
//! # Bounded waits
//!
//! The `mfrc522` crate waits for interrupt bits without a time limit (`transceive`) and loops
//! while the power-down bit reads set (`init`), so a reader that stops answering would hang
//! the caller. The session hands the crate a [`GuardedSpi`]: every read of the version
//! register begins a step of at most `step_limit_ms`, counted from the bus time and the pauses
//! of the waits (and by a clock when the session has one), and once it is spent every
//! transaction fails, so the crate returns at once with an error that the session reports as
//! [`NfcError::Stalled`]: a step never outlasts its limit, however slowly its pauses run. At
//! the start of each step the guard also reads back the chip's timer and antenna settings: a
//! chip that reset itself (its version still reads right) is set up again before it can stall. The session reads the version register itself before each step (a
//! poll, each page read or write): this both re-arms the budget and notices a reader that
//! vanished ([`NfcError::NoReader`]) or was swapped ([`NfcError::ReaderChanged`]).
//! Before `init` the session reads the version register directly: 0x00 or 0xFF means no reader
//! (or a wiring fault) and `init` is not even tried.

mod crc;
mod guard;
pub mod ndef;
mod presence;
mod session;

pub use crc::{crc_a, crc_a_ok};
pub use guard::{GuardError, GuardedSpi, WaitConfig, VERSION_READ};
pub use presence::Presence;
pub use session::{NfcSession, NfcStats};

/// A tag's UID: 4, 7 or 10 bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Uid {
    len: u8,
    bytes: [u8; 10],
}

impl Uid {
    /// A UID from its bytes; `None` unless there are 4, 7 or 10 of them.
    pub fn new(bytes: &[u8]) -> Option<Self> {
        if !matches!(bytes.len(), 4 | 7 | 10) {
            return None;
        }
        let mut b = [0u8; 10];
        b[..bytes.len()].copy_from_slice(bytes);
        Some(Uid { len: bytes.len() as u8, bytes: b })
    }

    /// The UID bytes.
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }
}

/// Upper-case hex without separators, e.g. `04A1B2C3D4E5F6`.
impl core::fmt::Display for Uid {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.as_bytes().iter().try_for_each(|b| write!(f, "{b:02X}"))
    }
}

impl core::fmt::Debug for Uid {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Uid({self})")
    }
}

/// A card id as stored on a Tavola tag, e.g. `avalon/role/merlin`: 1 to [`CardId::MAX_LEN`]
/// visible ASCII characters (0x21..=0x7E, so no spaces).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CardId {
    len: u8,
    bytes: [u8; CardId::MAX_LEN],
}

impl CardId {
    /// Longest card id.
    pub const MAX_LEN: usize = 64;

    /// A card id, or `None` if `s` is empty, too long or has characters outside 0x21..=0x7E.
    pub fn new(s: &str) -> Option<Self> {
        if s.is_empty() || s.len() > Self::MAX_LEN || !s.bytes().all(|b| (0x21..=0x7E).contains(&b)) {
            return None;
        }
        let mut bytes = [0u8; Self::MAX_LEN];
        bytes[..s.len()].copy_from_slice(s.as_bytes());
        Some(CardId { len: s.len() as u8, bytes })
    }

    /// The id.
    pub fn as_str(&self) -> &str {
        // Only visible ASCII is ever stored.
        core::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or_default()
    }
}

impl core::fmt::Display for CardId {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl core::fmt::Debug for CardId {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "CardId({:?})", self.as_str())
    }
}

/// What the reader reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NfcEvent {
    /// A tag was laid on the reader and read completely. `card` is `None` for a tag without a
    /// Tavola card id (MIFARE Classic, blank or foreign NTAG): it can be learned by its UID.
    TagArrived {
        /// The tag's UID.
        uid: Uid,
        /// The card id written on it, if any.
        card: Option<CardId>,
    },
    /// The tag announced earlier is gone.
    TagLeft {
        /// The tag's UID.
        uid: Uid,
    },
    /// Two or more tags answer at once (their UIDs collide): none is read until only one is
    /// left. Reported once when it starts; the tag already on the reader, if any, stays there.
    SeveralTags,
    /// A tag answers but its content could not be read `read_attempts` times in a row (damaged,
    /// half written, or held at the edge of the field). It counts as on the reader until it
    /// leaves ([`NfcEvent::TagLeft`] follows).
    TagUnreadable {
        /// The tag's UID.
        uid: Uid,
        /// The last failure.
        error: TagError,
    },
}

/// Why talking to a tag failed. These never stop the session: the tag is tried again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TagError {
    /// The tag did not answer (gone, or out of range).
    NoAnswer,
    /// Garbled answer: CRC or parity error.
    Crc,
    /// Several tags answered at once.
    Collision,
    /// The answer was shorter (or longer) than the command's answer.
    ShortFrame,
    /// The tag refused the command (NAK code).
    Nak(u8),
    /// The UID stored in the tag's pages, or the UID selected again after the read, differs from
    /// the one selected first.
    UidMismatch,
    /// The NDEF data is malformed.
    Ndef(ndef::NdefError),
    /// Other protocol errors reported by the reader chip (buffer overflow, bad frame...).
    Protocol,
}

impl core::fmt::Display for TagError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            TagError::NoAnswer => f.write_str("the tag did not answer"),
            TagError::Crc => f.write_str("garbled answer from the tag (CRC)"),
            TagError::Collision => f.write_str("more than one tag on the reader"),
            TagError::ShortFrame => f.write_str("incomplete answer from the tag"),
            TagError::Nak(c) => write!(f, "the tag refused the command (NAK {c:#x})"),
            TagError::UidMismatch => f.write_str("the tag changed during the read"),
            TagError::Ndef(e) => write!(f, "tag content: {e}"),
            TagError::Protocol => f.write_str("reader protocol error"),
        }
    }
}

/// The reader chip, from its version register (0x37).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReaderChip {
    /// NXP MFRC522 version 1.0 (0x91).
    Mfrc522V1,
    /// NXP MFRC522 version 2.0 (0x92).
    Mfrc522V2,
    /// A compatible chip reporting another version (clones report 0x88, 0xB2, 0x12, ...). It
    /// is used, but worth mentioning when a reader misbehaves.
    Clone(u8),
}

impl ReaderChip {
    /// Classifies a version register value; 0x00 and 0xFF mean no chip answered.
    pub fn from_version(version: u8) -> Option<Self> {
        match version {
            0x00 | 0xFF => None,
            0x91 => Some(ReaderChip::Mfrc522V1),
            0x92 => Some(ReaderChip::Mfrc522V2),
            v => Some(ReaderChip::Clone(v)),
        }
    }

    /// The version register value.
    pub fn version(&self) -> u8 {
        match self {
            ReaderChip::Mfrc522V1 => 0x91,
            ReaderChip::Mfrc522V2 => 0x92,
            ReaderChip::Clone(v) => *v,
        }
    }

    /// Whether this is a genuine NXP chip.
    pub fn is_genuine(&self) -> bool {
        !matches!(self, ReaderChip::Clone(_))
    }
}

/// Errors of the reader itself (and of tag writes). `E` is the SPI device's error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NfcError<E> {
    /// The SPI device failed.
    Spi(E),
    /// The version register reads 0x00 (MISO stuck low) or 0xFF (MISO floating): no reader
    /// connected, not powered, miswired, or SPI not enabled.
    NoReader {
        /// The value read.
        version: u8,
    },
    /// The reader stopped answering: a command did not complete within the transaction budget.
    Stalled,
    /// The version register changed since the session started: the reader was reset or
    /// replaced.
    ReaderChanged {
        /// Version read at the start.
        expected: u8,
        /// Version read now.
        found: u8,
    },
    /// Nothing on the reader to write to.
    NoTag,
    /// Talking to the tag failed (while writing).
    Tag(TagError),
    /// The tag is not an NDEF-formatted, writable NTAG/Ultralight.
    NotWritable,
    /// The data does not fit on the tag.
    TooLarge {
        /// Bytes needed (NDEF TLV included).
        needed: usize,
        /// Bytes available on the tag (or in the session's buffer).
        capacity: usize,
    },
    /// Reading back what was written gave something else.
    VerifyFailed,
}

impl<E: core::fmt::Debug> core::fmt::Display for NfcError<E> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            NfcError::Spi(e) => write!(f, "SPI error talking to the NFC reader: {e:?}"),
            NfcError::NoReader { version: 0x00 } => f.write_str(
                "no NFC reader answers on SPI (every bit reads 0): check the wiring and power, and enable SPI \
                 (raspi-config)",
            ),
            NfcError::NoReader { version } => write!(
                f,
                "no NFC reader answers on SPI (version register reads {version:#04x}): check that the reader is \
                 connected and powered"
            ),
            NfcError::Stalled => f.write_str("the NFC reader stopped answering"),
            NfcError::ReaderChanged { expected, found } => {
                write!(f, "the NFC reader was reset or replaced (version {expected:#04x}, now {found:#04x})")
            }
            NfcError::NoTag => f.write_str("no tag on the reader"),
            NfcError::Tag(e) => write!(f, "{e}"),
            NfcError::NotWritable => f.write_str("this tag cannot be written (not an NDEF NTAG, or locked)"),
            NfcError::TooLarge { needed, capacity } => {
                write!(f, "the data needs {needed} bytes, the tag holds {capacity}")
            }
            NfcError::VerifyFailed => f.write_str("the tag did not keep what was written"),
        }
    }
}

#[cfg(feature = "std")]
impl<E: core::fmt::Debug> std::error::Error for NfcError<E> {}

/// Settings of a reader session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NfcConfig {
    /// Polls in a row without the tag before it counts as gone.
    pub miss_limit: u8,
    /// How long a tag must be away before it counts again.
    pub rearm_ms: u32,
    /// Failed reads in a row before a tag is reported unreadable.
    pub read_attempts: u8,
    /// The longest a step (a poll, a page read or write) may last before the reader is
    /// declared stalled, in ms. A step that works takes a few ms; a third of the 3 s after
    /// which the app's watchdog gives up on the reader's thread, so a stall is said long
    /// before.
    pub step_limit_ms: u32,
    /// The chip's timeouts and the pacing of its status reads.
    pub wait: WaitConfig,
    /// The receiver gain (RFCfgReg). Small stickers (NTAG213 on a card, 20 to 25 mm) couple
    /// weakly with the reader's antenna: the default is the highest, 48 dB; CRC_A checks catch
    /// what noise that lets in.
    pub antenna_gain: AntennaGain,
}

/// The MFRC522 receiver's gain (RFCfgReg.RxGain).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AntennaGain {
    /// 18 dB, the lowest.
    Db18,
    /// 23 dB.
    Db23,
    /// 33 dB, the chip's default after reset.
    Db33,
    /// 38 dB.
    Db38,
    /// 43 dB.
    Db43,
    /// 48 dB, the highest.
    Db48,
}

impl AntennaGain {
    /// The value of RFCfgReg for this gain.
    pub fn register(self) -> u8 {
        self.rx_gain().into()
    }

    pub(crate) fn rx_gain(self) -> mfrc522::RxGain {
        use mfrc522::RxGain as G;
        match self {
            AntennaGain::Db18 => G::DB18,
            AntennaGain::Db23 => G::DB23,
            AntennaGain::Db33 => G::DB33,
            AntennaGain::Db38 => G::DB38,
            AntennaGain::Db43 => G::DB43,
            AntennaGain::Db48 => G::DB48,
        }
    }
}

impl Default for NfcConfig {
    fn default() -> Self {
        NfcConfig {
            miss_limit: 3,
            rearm_ms: 1000,
            read_attempts: 3,
            step_limit_ms: 1_000,
            wait: WaitConfig::default(),
            antenna_gain: AntennaGain::Db48,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uid_and_card_id_rules() {
        let u = Uid::new(&[0x04, 0xA1, 0xB2, 0xC3, 0xD4, 0xE5, 0xF6]).unwrap();
        assert_eq!(std::format!("{u}"), "04A1B2C3D4E5F6");
        assert_eq!(u.as_bytes().len(), 7);
        assert!(Uid::new(&[1, 2, 3]).is_none());
        assert!(Uid::new(&[1; 10]).is_some());
        assert_eq!(CardId::new("avalon/role/merlin").unwrap().as_str(), "avalon/role/merlin");
        assert!(CardId::new("").is_none());
        assert!(CardId::new("two words").is_none());
        assert!(CardId::new("caffè").is_none());
        assert!(CardId::new(&"x".repeat(64)).is_some());
        assert!(CardId::new(&"x".repeat(65)).is_none());
    }

    #[test]
    fn reader_chip_classification() {
        assert_eq!(ReaderChip::from_version(0x92), Some(ReaderChip::Mfrc522V2));
        assert_eq!(ReaderChip::from_version(0x91), Some(ReaderChip::Mfrc522V1));
        for v in [0x88, 0xB2, 0x12] {
            assert_eq!(ReaderChip::from_version(v), Some(ReaderChip::Clone(v)));
            assert!(!ReaderChip::Clone(v).is_genuine());
        }
        assert_eq!(ReaderChip::from_version(0x00), None);
        assert_eq!(ReaderChip::from_version(0xFF), None);
    }
}
