//! The reader session: polling, reading and writing tags through the `mfrc522` crate.

use embedded_hal::spi::SpiDevice;
use mfrc522::comm::blocking::spi::{DummyDelay, SpiInterface};
use mfrc522::{Initialized, Mfrc522};

use super::ndef::{self, TlvScan};
use super::{
    crc_a, crc_a_ok, CardId, GuardError, GuardedSpi, NfcConfig, NfcError, NfcEvent, Presence, ReaderChip, TagError,
    Uid, VERSION_READ,
};

/// SEL codes of the three cascade levels.
const SEL: [u8; 3] = [0x93, 0x95, 0x97];
/// The cascade tag that opens a level whose UID continues at the next one.
const CASCADE_TAG: u8 = 0x88;
/// SAK bit: the UID is not complete yet.
const SAK_CASCADE: u8 = 0x04;

type Driver<SPI> = Mfrc522<SpiInterface<GuardedSpi<SPI>, DummyDelay>, Initialized>;
type RfError<E> = mfrc522::Error<GuardError<E>>;

/// Largest stretch of a tag's data area the session reads (NDEF TLV included). A message that
/// does not fit is not a Tavola card: the tag is reported by UID only.
const READ_LIMIT: usize = 512;

const CMD_READ: u8 = 0x30;
const CMD_WRITE: u8 = 0xA2;
const ACK: u8 = 0x0A;

/// Counters for a diagnostics screen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NfcStats {
    /// Polls done.
    pub polls: u32,
    /// Tag contents read completely.
    pub reads: u32,
    /// Tag errors seen (garbled answers, interrupted reads...).
    pub tag_errors: u32,
    /// The last tag error.
    pub last_tag_error: Option<TagError>,
}

/// Failure inside a step: the reader is at fault (ends the call with an error) or the tag is
/// (handled by the presence logic).
enum Fail<E> {
    Reader(NfcError<E>),
    Tag(TagError),
}

impl<E> From<NfcError<E>> for Fail<E> {
    fn from(e: NfcError<E>) -> Self {
        Fail::Reader(e)
    }
}

impl<E> From<TagError> for Fail<E> {
    fn from(e: TagError) -> Self {
        Fail::Tag(e)
    }
}

impl<E> From<RfError<E>> for Fail<E> {
    fn from(e: RfError<E>) -> Self {
        use mfrc522::Error as M;
        match e {
            M::Comm(GuardError::Spi(e)) => Fail::Reader(NfcError::Spi(e)),
            M::Comm(GuardError::Stalled) => Fail::Reader(NfcError::Stalled),
            M::Timeout => Fail::Tag(TagError::NoAnswer),
            M::Crc | M::Parity => Fail::Tag(TagError::Crc),
            M::Collision => Fail::Tag(TagError::Collision),
            M::IncompleteFrame => Fail::Tag(TagError::ShortFrame),
            M::Nak => Fail::Tag(TagError::Nak(0)),
            _ => Fail::Tag(TagError::Protocol),
        }
    }
}

impl<E> Fail<E> {
    /// For calls where a tag error is the caller's error too (writing).
    fn into_error(self) -> NfcError<E> {
        match self {
            Fail::Reader(e) => e,
            Fail::Tag(e) => NfcError::Tag(e),
        }
    }
}

/// A selected tag.
#[derive(Clone, Copy)]
struct Selected {
    uid: Uid,
    /// SAK 0x00 with a 7-byte UID: NTAG21x / Ultralight, readable by pages.
    ntag: bool,
}

/// An MFRC522 reader session. See the [module docs](super).
pub struct NfcSession<SPI: SpiDevice> {
    drv: Driver<SPI>,
    chip: ReaderChip,
    presence: Presence,
    stats: NfcStats,
    /// Several tags are answering at once (reported once, until they are one again).
    several: bool,
}

impl<SPI: SpiDevice> core::fmt::Debug for NfcSession<SPI> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("NfcSession")
            .field("chip", &self.chip)
            .field("presence", &self.presence)
            .field("stats", &self.stats)
            .finish_non_exhaustive()
    }
}

impl<SPI: SpiDevice> NfcSession<SPI> {
    /// Checks the version register, then initializes the reader (soft reset, timer, antenna on,
    /// receiver gain `cfg.antenna_gain`). Fails with [`NfcError::NoReader`] if nothing answers,
    /// [`NfcError::Stalled`] if the reset never completes. A clone chip is accepted: see
    /// [`NfcSession::chip`].
    pub fn new(spi: SPI, cfg: NfcConfig) -> Result<Self, NfcError<SPI::Error>> {
        Self::start(GuardedSpi::with_wait(spi, cfg.step_limit_ms.saturating_mul(1000), cfg.wait), cfg)
    }

    /// [`NfcSession::new`], each step also bounded by `clock` (a monotonic time in µs): a
    /// pause that runs long is counted as long as it ran.
    pub fn with_clock(spi: SPI, cfg: NfcConfig, clock: fn() -> u64) -> Result<Self, NfcError<SPI::Error>> {
        Self::start(GuardedSpi::with_wait(spi, cfg.step_limit_ms.saturating_mul(1000), cfg.wait).with_clock(clock), cfg)
    }

    fn start(mut spi: GuardedSpi<SPI>, cfg: NfcConfig) -> Result<Self, NfcError<SPI::Error>> {
        let mut buf = VERSION_READ;
        spi.transfer_in_place(&mut buf).map_err(|e| match e {
            GuardError::Spi(e) => NfcError::Spi(e),
            GuardError::Stalled => NfcError::Stalled,
        })?;
        let version = buf[1];
        let chip = ReaderChip::from_version(version).ok_or(NfcError::NoReader { version })?;
        let mut drv = Mfrc522::new(SpiInterface::new(spi)).init().map_err(|e| Fail::from(e).into_error())?;
        drv.set_antenna_gain(cfg.antenna_gain.rx_gain()).map_err(|e| Fail::from(e).into_error())?;
        let mut session =
            NfcSession { drv, chip, presence: Presence::new(cfg), stats: NfcStats::default(), several: false };
        session.arm()?;
        Ok(session)
    }

    /// The reader chip found at start.
    pub fn chip(&self) -> ReaderChip {
        self.chip
    }

    /// Counters since the start.
    pub fn stats(&self) -> NfcStats {
        self.stats
    }

    /// The tag currently considered on the reader, if any.
    pub fn present(&self) -> Option<Uid> {
        self.presence.present()
    }

    /// What the session knows of the tags on the reader: to be handed to the session that takes
    /// its place ([`NfcSession::recall`]).
    pub fn presence(&self) -> &Presence {
        &self.presence
    }

    /// Goes on from what an earlier session on this reader knew of its tags
    /// ([`NfcSession::presence`]), as a session started again after a failure of the reader (a
    /// bus error, a chip that stopped answering, a thread restarted) must: a card it announced
    /// is not announced again while it lies there, and leaves, and counts again once laid
    /// anew, as [`Presence`] says, with this session's polls.
    pub fn recall(&mut self, earlier: &Presence) {
        self.presence.take_over(earlier);
    }

    /// Whether several tags answered at once at the last poll (said once by
    /// [`NfcEvent::SeveralTags`], and true until they are one again).
    pub fn several(&self) -> bool {
        self.several
    }

    /// Gives back the SPI device. The reader is left as it is (antenna on).
    pub fn release(self) -> SPI {
        self.drv.release().release().release()
    }

    /// One poll at `now_ms`: looks for a tag, reads it if it is new, and reports what changed.
    /// Tag trouble never ends in `Err`; only the reader's own failures do (SPI error, stalled,
    /// vanished, replaced). After an `Err` the next poll tries again from scratch; whether to
    /// keep polling or to rebuild the session is the caller's choice.
    pub fn poll(&mut self, now_ms: u64, out: &mut impl FnMut(NfcEvent)) -> Result<(), NfcError<SPI::Error>> {
        self.stats.polls = self.stats.polls.wrapping_add(1);
        let activated = self.activate();
        let collided = matches!(activated, Err(Fail::Tag(TagError::Collision)));
        if collided && !self.several {
            out(NfcEvent::SeveralTags);
        }
        self.several = collided;
        let sel = match activated {
            Ok(Some(sel)) => sel,
            Ok(None) => {
                self.presence.missed(now_ms, out);
                return Ok(());
            }
            Err(Fail::Reader(e)) => return Err(e),
            Err(Fail::Tag(TagError::Collision)) => {
                // Two tags answer at once: neither is read, and the one already on the reader
                // (if any) stays there; both answered, so nobody left.
                self.note(TagError::Collision);
                self.halt()?;
                return Ok(());
            }
            Err(Fail::Tag(e)) => {
                // A tag left half-way through anticollision ignores the next WUPA; HLTA sends it
                // back to idle (or halt) so that the next poll finds it.
                self.note(e);
                self.halt()?;
                self.presence.missed(now_ms, out);
                return Ok(());
            }
        };
        if !self.presence.needs_read(now_ms, &sel.uid) {
            self.halt()?;
            self.presence.seen(now_ms, sel.uid, out);
            return Ok(());
        }
        let content = self.read_content(&sel);
        self.halt()?;
        let result = match content {
            Ok(card) => self.confirm(&sel.uid).map(|()| card),
            Err(e) => Err(e),
        };
        match result {
            Ok(card) => {
                self.stats.reads = self.stats.reads.wrapping_add(1);
                self.presence.arrived(now_ms, sel.uid, card, out);
            }
            Err(Fail::Reader(e)) => return Err(e),
            Err(Fail::Tag(e)) => {
                self.note(e);
                self.presence.read_failed(now_ms, sel.uid, e, out);
            }
        }
        Ok(())
    }

    /// Writes a Tavola card record with `id` on the tag lying on the reader and reads it back.
    /// Returns the tag's UID.
    pub fn write_card(&mut self, id: &CardId) -> Result<Uid, NfcError<SPI::Error>> {
        let mut msg = [0u8; 3 + 15 + CardId::MAX_LEN];
        let n = ndef::encode_card_message(id, &mut msg)
            .map_err(|_| NfcError::TooLarge { needed: msg.len() + 1, capacity: msg.len() })?;
        self.write_ndef(&msg[..n])
    }

    /// Writes an NDEF message on the NTAG lying on the reader and reads it back. The TLV is
    /// first written empty, then the pages after the first, then the first page with the real
    /// length: a write cut short leaves an empty tag, never a mix of old and new records.
    /// Returns the tag's UID.
    pub fn write_ndef(&mut self, message: &[u8]) -> Result<Uid, NfcError<SPI::Error>> {
        let result = self.write_inner(message);
        let halted = self.halt();
        let uid = result.map_err(Fail::into_error)?;
        halted?;
        Ok(uid)
    }

    fn write_inner(&mut self, message: &[u8]) -> Result<Uid, Fail<SPI::Error>> {
        let sel = self.activate()?.ok_or(NfcError::NoTag)?;
        if !sel.ntag {
            return Err(NfcError::NotWritable.into());
        }
        let head = self.read_block(0)?;
        check_uid_pages(&sel.uid, &head)?;
        let cc = &head[12..16];
        if cc[0] != 0xE1 || cc[1] >> 4 != 1 || cc[3] & 0x0F != 0 {
            return Err(NfcError::NotWritable.into());
        }
        let area = usize::from(cc[2]) * 8;
        let mut tlv = [0u8; READ_LIMIT];
        let n = ndef::encode_tlv(message, &mut tlv)
            .map_err(|_| NfcError::TooLarge { needed: message.len() + 5, capacity: area.min(READ_LIMIT) })?;
        if n > area {
            return Err(NfcError::TooLarge { needed: n, capacity: area }.into());
        }
        let pages = n.div_ceil(4);
        self.write_page(4, [ndef::TLV_NDEF, 0x00, ndef::TLV_TERMINATOR, 0x00])?;
        for p in 1..pages {
            let d = &tlv[p * 4..p * 4 + 4];
            self.write_page(4 + p as u8, [d[0], d[1], d[2], d[3]])?;
        }
        self.write_page(4, [tlv[0], tlv[1], tlv[2], tlv[3]])?;
        let mut back = [0u8; READ_LIMIT];
        let mut have = 0;
        while have < n {
            let block = self.read_block(4 + (have / 4) as u8)?;
            let take = block.len().min(back.len() - have);
            back[have..have + take].copy_from_slice(&block[..take]);
            have += take;
        }
        if back[..n] != tlv[..n] {
            return Err(NfcError::VerifyFailed.into());
        }
        Ok(sel.uid)
    }

    fn note(&mut self, e: TagError) {
        self.stats.tag_errors = self.stats.tag_errors.wrapping_add(1);
        self.stats.last_tag_error = Some(e);
    }

    /// Reads the version register: re-arms the transaction budget and checks the reader is
    /// still the one found at start.
    fn arm(&mut self) -> Result<(), NfcError<SPI::Error>> {
        let found = self.drv.version().map_err(|e| Fail::from(e).into_error())?;
        let expected = self.chip.version();
        if found == expected {
            Ok(())
        } else if ReaderChip::from_version(found).is_none() {
            Err(NfcError::NoReader { version: found })
        } else {
            Err(NfcError::ReaderChanged { expected, found })
        }
    }

    /// WUPA + select. `Ok(None)` when no tag answers.
    fn activate(&mut self) -> Result<Option<Selected>, Fail<SPI::Error>> {
        self.arm()?;
        let atqa = match self.drv.wupa() {
            Ok(a) => a,
            Err(mfrc522::Error::Timeout) => return Ok(None),
            Err(e) => return Err(e.into()),
        };
        let _ = atqa;
        self.select().map(Some)
    }

    /// Anticollision and select, cascade level by cascade level (ISO/IEC 14443-3). Tavola takes
    /// one card at a time, so two tags answering different UID bits end it with
    /// [`TagError::Collision`] instead of resolving which one to take (the `mfrc522` crate's own
    /// loop would try, with no bound on its rounds).
    fn select(&mut self) -> Result<Selected, Fail<SPI::Error>> {
        let mut uid = [0u8; 10];
        let mut n = 0;
        for sel in SEL {
            // Every UID bit of this level asked for (NVB 0x20): a collision is an error here.
            let rx = self.drv.transceive::<5>(&[sel, 0x20], 0, 0)?;
            if rx.valid_bytes != 5 || rx.valid_bits != 0 {
                return Err(TagError::ShortFrame.into());
            }
            let cl = rx.buffer;
            if cl[0] ^ cl[1] ^ cl[2] ^ cl[3] != cl[4] {
                return Err(TagError::Crc.into());
            }
            let mut frame = [sel, 0x70, cl[0], cl[1], cl[2], cl[3], cl[4], 0, 0];
            let crc = crc_a(&frame[..7]);
            frame[7..].copy_from_slice(&crc);
            let rx = self.drv.transceive::<3>(&frame, 0, 0)?;
            if rx.valid_bytes != 3 || rx.valid_bits != 0 {
                return Err(TagError::ShortFrame.into());
            }
            if !crc_a_ok(&rx.buffer) {
                return Err(TagError::Crc.into());
            }
            let sak = rx.buffer[0];
            if sak & SAK_CASCADE != 0 {
                if cl[0] != CASCADE_TAG || n + 3 > 7 {
                    return Err(TagError::Protocol.into());
                }
                uid[n..n + 3].copy_from_slice(&cl[1..4]);
                n += 3;
                continue;
            }
            uid[n..n + 4].copy_from_slice(&cl[..4]);
            n += 4;
            let uid = Uid::new(&uid[..n]).ok_or(TagError::Protocol)?;
            return Ok(Selected { uid, ntag: sak & 0x7F == 0 && n == 7 });
        }
        Err(TagError::Protocol.into())
    }

    /// HLTA; the tag's own trouble is ignored (it may be gone already).
    fn halt(&mut self) -> Result<(), NfcError<SPI::Error>> {
        self.arm()?;
        match self.drv.hlta().map_err(Fail::from) {
            Ok(()) | Err(Fail::Tag(_)) => Ok(()),
            Err(Fail::Reader(e)) => Err(e),
        }
    }

    /// After a read: wake and select again; the same UID must answer.
    fn confirm(&mut self, uid: &Uid) -> Result<(), Fail<SPI::Error>> {
        let again = self.activate();
        self.halt()?;
        match again? {
            Some(sel) if sel.uid == *uid => Ok(()),
            Some(_) => Err(TagError::UidMismatch.into()),
            None => Err(TagError::NoAnswer.into()),
        }
    }

    /// READ: 16 bytes from `page` (4 pages), CRC_A checked here.
    fn read_block(&mut self, page: u8) -> Result<[u8; 16], Fail<SPI::Error>> {
        self.arm()?;
        let [c0, c1] = crc_a(&[CMD_READ, page]);
        let cmd = [CMD_READ, page, c0, c1];
        let rx = self.drv.transceive::<18>(&cmd, 0, 0)?;
        if rx.valid_bytes == 1 && rx.valid_bits == 4 {
            return Err(TagError::Nak(rx.buffer[0] & 0x0F).into());
        }
        if rx.valid_bytes != 18 || rx.valid_bits != 0 {
            return Err(TagError::ShortFrame.into());
        }
        if !crc_a_ok(&rx.buffer) {
            return Err(TagError::Crc.into());
        }
        let mut out = [0u8; 16];
        out.copy_from_slice(&rx.buffer[..16]);
        Ok(out)
    }

    /// WRITE: one page, expecting the 4-bit ACK.
    fn write_page(&mut self, page: u8, data: [u8; 4]) -> Result<(), Fail<SPI::Error>> {
        self.arm()?;
        let mut cmd = [CMD_WRITE, page, data[0], data[1], data[2], data[3], 0, 0];
        let crc = crc_a(&cmd[..6]);
        cmd[6..].copy_from_slice(&crc);
        let rx = self.drv.transceive::<1>(&cmd, 0, 0)?;
        match (rx.valid_bytes, rx.valid_bits, rx.buffer[0] & 0x0F) {
            (1, 4, ACK) => Ok(()),
            (1, 4, code) => Err(TagError::Nak(code).into()),
            _ => Err(TagError::ShortFrame.into()),
        }
    }

    /// The card id on a selected tag (`None` for UID-only tags).
    fn read_content(&mut self, sel: &Selected) -> Result<Option<CardId>, Fail<SPI::Error>> {
        if !sel.ntag {
            return Ok(None);
        }
        let head = self.read_block(0)?;
        check_uid_pages(&sel.uid, &head)?;
        let cc = &head[12..16];
        if cc[0] != 0xE1 || cc[1] >> 4 != 1 {
            return Ok(None); // not NDEF formatted
        }
        let area = usize::from(cc[2]) * 8;
        let mut buf = [0u8; READ_LIMIT];
        let mut have = 0usize;
        loop {
            let need = match ndef::scan_tlv(&buf[..have], area).map_err(TagError::Ndef)? {
                TlvScan::NoNdef => return Ok(None),
                TlvScan::NeedBytes(n) => n,
                TlvScan::Ndef { start, len } => {
                    let end = start + len;
                    if end > READ_LIMIT {
                        return Ok(None);
                    }
                    while have < end {
                        have = self.read_more(&mut buf, have)?;
                    }
                    return ndef::card_id_from_message(&buf[start..end]).map_err(|e| TagError::Ndef(e).into());
                }
            };
            if need > READ_LIMIT {
                return Ok(None);
            }
            have = self.read_more(&mut buf, have)?;
        }
    }

    /// Reads the next 4 pages of the data area into `buf[have..]`; returns the new fill.
    fn read_more(&mut self, buf: &mut [u8; READ_LIMIT], have: usize) -> Result<usize, Fail<SPI::Error>> {
        let block = self.read_block(4 + (have / 4) as u8)?;
        let take = block.len().min(READ_LIMIT - have);
        buf[have..have + take].copy_from_slice(&block[..take]);
        Ok(have + take)
    }
}

/// Pages 0..2 of an NTAG hold the 7-byte UID with its two check bytes.
fn check_uid_pages(uid: &Uid, head: &[u8; 16]) -> Result<(), TagError> {
    let u = uid.as_bytes();
    let ok = u.len() == 7
        && head[0..3] == u[0..3]
        && head[3] == 0x88 ^ u[0] ^ u[1] ^ u[2]
        && head[4..8] == u[3..7]
        && head[8] == u[3] ^ u[4] ^ u[5] ^ u[6];
    if ok {
        Ok(())
    } else {
        Err(TagError::UidMismatch)
    }
}
