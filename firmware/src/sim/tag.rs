//! Virtual ISO/IEC 14443 type A tags: NTAG213/215/216 and MIFARE Classic 1K (UID only).

use std::vec;
use std::vec::Vec;

/// CRC_A computed bit by bit (independently of [`crate::nfc::crc_a`], so that each checks the
/// other).
pub(crate) fn crc_a_bitwise(data: &[u8]) -> [u8; 2] {
    let mut crc: u16 = 0x6363;
    for &b in data {
        crc ^= u16::from(b);
        for _ in 0..8 {
            crc = if crc & 1 != 0 { (crc >> 1) ^ 0x8408 } else { crc >> 1 };
        }
    }
    crc.to_le_bytes()
}

fn with_crc(data: &[u8]) -> Vec<u8> {
    let mut v = data.to_vec();
    v.extend_from_slice(&crc_a_bitwise(data));
    v
}

fn crc_ok(frame: &[u8]) -> bool {
    frame.len() >= 3 && crc_a_bitwise(&frame[..frame.len() - 2]) == frame[frame.len() - 2..]
}

/// The kind of a virtual tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TagKind {
    /// NTAG213: 45 pages, 144 bytes of user memory.
    Ntag213,
    /// NTAG215: 135 pages, 504 bytes of user memory.
    Ntag215,
    /// NTAG216: 231 pages, 888 bytes of user memory.
    Ntag216,
    /// MIFARE Classic 1K: 4-byte UID; its blocks need authentication, which the simulation does
    /// not offer, so only the UID can be read.
    Classic1k,
}

impl TagKind {
    /// Number of 4-byte pages (0 for MIFARE Classic).
    pub fn pages(self) -> usize {
        match self {
            TagKind::Ntag213 => 45,
            TagKind::Ntag215 => 135,
            TagKind::Ntag216 => 231,
            TagKind::Classic1k => 0,
        }
    }

    /// Size byte of the capability container (data area / 8).
    fn cc_size(self) -> u8 {
        match self {
            TagKind::Ntag213 => 0x12,
            TagKind::Ntag215 => 0x3E,
            TagKind::Ntag216 => 0x6D,
            TagKind::Classic1k => 0,
        }
    }

    fn atqa(self) -> [u8; 2] {
        match self {
            TagKind::Classic1k => [0x04, 0x00],
            _ => [0x44, 0x00],
        }
    }

    fn sak(self) -> u8 {
        match self {
            TagKind::Classic1k => 0x08,
            _ => 0x00,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Idle,
    Ready(u8),
    Active,
    Halt,
}

/// What a tag sends back: bytes, and the valid bits of the last byte (0 = all 8).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Answer {
    pub data: Vec<u8>,
    pub last_bits: u8,
    /// How long the tag works before it answers (programming its EEPROM), in ns.
    pub busy_ns: u64,
}

/// NTAG21x EEPROM programming time before a WRITE's ACK (datasheet: 4.1 ms).
const WRITE_NS: u64 = 4_100_000;

impl Answer {
    fn bytes(data: Vec<u8>) -> Option<Self> {
        Some(Answer { data, last_bits: 0, busy_ns: 0 })
    }

    fn nibble(code: u8) -> Option<Self> {
        Some(Answer { data: vec![code & 0x0F], last_bits: 4, busy_ns: 0 })
    }
}

/// Why raw pages are not a tag the simulation can lay on the reader.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PagesError {
    /// Not 45, 135 or 231 pages of 4 bytes (NTAG213, 215, 216).
    Size {
        /// Bytes given.
        bytes: usize,
    },
    /// The check bytes of pages 0..2 do not match the UID they hold.
    CheckBytes,
}

impl core::fmt::Display for PagesError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            PagesError::Size { bytes } => {
                write!(f, "{bytes} bytes are not the 45, 135 or 231 pages of an NTAG213, 215 or 216")
            }
            PagesError::CheckBytes => f.write_str("the check bytes of pages 0 to 2 do not match the UID"),
        }
    }
}

/// A virtual tag: UID, memory and ISO 14443-3 state (idle, ready, active, halt).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SimTag {
    kind: TagKind,
    uid: Vec<u8>,
    mem: Vec<u8>,
    state: State,
}

impl SimTag {
    /// An NTAG as NXP delivers it (NTAG213/215/216 datasheet, "memory content at delivery"):
    /// UID and check bytes in pages 0..2 with the static lock bytes clear, the capability
    /// container in page 3, from page 4 an empty NDEF message (`03 00 FE`), on an NTAG213 after
    /// a Lock Control TLV (`01 03 A0 0C 34`); the dynamic lock bytes clear (`00 00 00 BD`), no
    /// password protection (`AUTH0` = 0xFF). `kind` must be an NTAG.
    pub fn ntag(kind: TagKind, uid: [u8; 7]) -> Self {
        assert!(kind != TagKind::Classic1k, "use SimTag::classic_1k");
        let mut mem = vec![0u8; kind.pages() * 4];
        mem[0..3].copy_from_slice(&uid[0..3]);
        mem[3] = 0x88 ^ uid[0] ^ uid[1] ^ uid[2];
        mem[4..8].copy_from_slice(&uid[3..7]);
        mem[8] = uid[3] ^ uid[4] ^ uid[5] ^ uid[6];
        mem[9] = 0x48;
        mem[12..16].copy_from_slice(&[0xE1, 0x10, kind.cc_size(), 0x00]);
        if kind == TagKind::Ntag213 {
            mem[16..24].copy_from_slice(&[0x01, 0x03, 0xA0, 0x0C, 0x34, 0x03, 0x00, 0xFE]);
        } else {
            mem[16..19].copy_from_slice(&[0x03, 0x00, 0xFE]);
        }
        let p = kind.pages();
        mem[(p - 5) * 4 + 3] = 0xBD; // dynamic lock page, RFUI byte
        mem[(p - 4) * 4..(p - 3) * 4].copy_from_slice(&[0x04, 0x00, 0x00, 0xFF]); // CFG0, AUTH0 = 0xFF
        mem[(p - 3) * 4 + 1] = 0x05; // CFG1
        mem[(p - 2) * 4..(p - 1) * 4].fill(0xFF); // PWD (never read back)
        SimTag { kind, uid: uid.to_vec(), mem, state: State::Idle }
    }

    /// An NTAG from its raw memory, page 0 first (a dump): 45, 135 or 231 pages of 4 bytes make
    /// an NTAG213, 215 or 216. The UID is the one pages 0..2 hold, as a real tag answers with it.
    pub fn from_pages(bytes: &[u8]) -> Result<Self, PagesError> {
        let kind = match bytes.len() {
            180 => TagKind::Ntag213,
            540 => TagKind::Ntag215,
            924 => TagKind::Ntag216,
            n => return Err(PagesError::Size { bytes: n }),
        };
        let m = bytes;
        let uid = [m[0], m[1], m[2], m[4], m[5], m[6], m[7]];
        if m[3] != 0x88 ^ m[0] ^ m[1] ^ m[2] || m[8] != m[4] ^ m[5] ^ m[6] ^ m[7] {
            return Err(PagesError::CheckBytes);
        }
        Ok(SimTag { kind, uid: uid.to_vec(), mem: bytes.to_vec(), state: State::Idle })
    }

    /// A fresh NTAG213.
    pub fn ntag213(uid: [u8; 7]) -> Self {
        Self::ntag(TagKind::Ntag213, uid)
    }

    /// A fresh NTAG215.
    pub fn ntag215(uid: [u8; 7]) -> Self {
        Self::ntag(TagKind::Ntag215, uid)
    }

    /// A fresh NTAG216.
    pub fn ntag216(uid: [u8; 7]) -> Self {
        Self::ntag(TagKind::Ntag216, uid)
    }

    /// A MIFARE Classic 1K (ATQA 0x0004, SAK 0x08).
    pub fn classic_1k(uid: [u8; 4]) -> Self {
        SimTag { kind: TagKind::Classic1k, uid: uid.to_vec(), mem: Vec::new(), state: State::Idle }
    }

    /// An NTAG with a never-formatted data area: capability container and user memory zero.
    pub fn unformatted(mut self) -> Self {
        if self.kind != TagKind::Classic1k {
            self.mem[12..16].fill(0);
            let end = self.user_end() * 4 + 4;
            self.mem[16..end].fill(0);
        }
        self
    }

    /// Sets the static lock bytes (page 2, bytes 2 and 3): bit 3 of the first locks the
    /// capability container, bits 4..7 pages 4..7, the second byte pages 8..15.
    pub fn with_static_lock(mut self, lock: [u8; 2]) -> Self {
        self.mem[10] |= lock[0];
        self.mem[11] |= lock[1];
        self
    }

    /// Stores `message` as the NDEF TLV from page 4 (where Tavola writes it, over any Lock
    /// Control TLV), followed by a terminator TLV.
    pub fn with_ndef(self, message: &[u8]) -> Self {
        let mut tlv = vec![0x03];
        if message.len() < 0xFF {
            tlv.push(message.len() as u8);
        } else {
            tlv.extend_from_slice(&[0xFF, (message.len() >> 8) as u8, message.len() as u8]);
        }
        tlv.extend_from_slice(message);
        tlv.push(0xFE);
        self.write_user(0, &tlv)
    }

    /// Stores a Tavola card record (`tavola.app:card`) holding `id`.
    pub fn with_card(self, id: &str) -> Self {
        let mut rec = vec![0xD4, 15, id.len() as u8];
        rec.extend_from_slice(b"tavola.app:card");
        rec.extend_from_slice(id.as_bytes());
        self.with_ndef(&rec)
    }

    /// Stores a Well-known Text record (UTF-8, language `en`) holding `text`.
    pub fn with_text(self, text: &str) -> Self {
        let mut rec = vec![0xD1, 1, (text.len() + 3) as u8, b'T', 0x02, b'e', b'n'];
        rec.extend_from_slice(text.as_bytes());
        self.with_ndef(&rec)
    }

    /// Writes raw bytes into the data area, starting `offset` bytes after the start of page 4.
    pub fn write_user(mut self, offset: usize, bytes: &[u8]) -> Self {
        let start = 16 + offset;
        assert!(start + bytes.len() <= self.user_end() * 4 + 4, "does not fit in the tag's user memory");
        self.mem[start..start + bytes.len()].copy_from_slice(bytes);
        self
    }

    /// Overwrites one page of memory (0-based), whatever it is: for odd or damaged tags.
    pub fn with_page(mut self, page: usize, bytes: [u8; 4]) -> Self {
        self.mem[page * 4..page * 4 + 4].copy_from_slice(&bytes);
        self
    }

    /// The tag kind.
    pub fn kind(&self) -> TagKind {
        self.kind
    }

    /// The UID.
    pub fn uid(&self) -> &[u8] {
        &self.uid
    }

    /// The whole memory, page 0 first (empty for MIFARE Classic).
    pub fn memory(&self) -> &[u8] {
        &self.mem
    }

    /// Last page of user memory.
    fn user_end(&self) -> usize {
        self.kind.pages() - 6
    }

    /// The field went away (or the tag was just placed): back to idle.
    pub(crate) fn power_up(&mut self) {
        self.state = State::Idle;
    }

    fn levels(&self) -> u8 {
        match self.uid.len() {
            4 => 1,
            7 => 2,
            _ => 3,
        }
    }

    /// UID bytes and BCC sent at cascade level `level` (1-based).
    fn cascade(&self, level: u8) -> [u8; 5] {
        let u = &self.uid;
        let four: [u8; 4] = match (self.levels(), level) {
            (1, _) => [u[0], u[1], u[2], u[3]],
            (2, 1) | (3, 1) => [0x88, u[0], u[1], u[2]],
            (2, _) => [u[3], u[4], u[5], u[6]],
            (3, 2) => [0x88, u[3], u[4], u[5]],
            _ => [u[6], u[7], u[8], u[9]],
        };
        [four[0], four[1], four[2], four[3], four[0] ^ four[1] ^ four[2] ^ four[3]]
    }

    /// Handles one frame from the reader (`last_bits` valid bits in its last byte, 0 = 8).
    pub(crate) fn handle(&mut self, frame: &[u8], last_bits: u8) -> Option<Answer> {
        if frame.len() == 1 && last_bits == 7 {
            return match (frame[0] & 0x7F, self.state) {
                (0x26, State::Idle) | (0x52, State::Idle | State::Halt) => {
                    self.state = State::Ready(1);
                    Answer::bytes(self.kind.atqa().to_vec())
                }
                (0x26 | 0x52, State::Ready(_) | State::Active) => {
                    self.state = State::Idle;
                    None
                }
                _ => None,
            };
        }
        match self.state {
            State::Idle | State::Halt => None,
            State::Ready(level) => self.anticollision(level, frame, last_bits),
            State::Active => self.command(frame),
        }
    }

    fn anticollision(&mut self, level: u8, frame: &[u8], last_bits: u8) -> Option<Answer> {
        let sel = [0x93, 0x95, 0x97][usize::from(level - 1).min(2)];
        if frame.len() < 2 || frame[0] != sel {
            self.state = State::Idle;
            return None;
        }
        let cl = self.cascade(level);
        let nvb = frame[1];
        if nvb == 0x70 {
            if frame.len() != 9 || last_bits != 0 || !crc_ok(frame) || frame[2..7] != cl {
                self.state = State::Idle;
                return None;
            }
            let complete = level == self.levels();
            let sak = if complete { self.kind.sak() } else { 0x04 };
            self.state = if complete { State::Active } else { State::Ready(level + 1) };
            return Answer::bytes(with_crc(&[sak]));
        }
        let known = usize::from(nvb >> 4).checked_sub(2)? * 8 + usize::from(nvb & 7);
        if known >= 40 || frame.len() < 2 + known.div_ceil(8) {
            return None;
        }
        let bit = |bytes: &[u8], i: usize| bytes[i / 8] >> (i % 8) & 1;
        if (0..known).any(|i| bit(&frame[2..], i) != bit(&cl, i)) {
            return None; // not addressed to this tag: stays silent, still ready
        }
        Answer::bytes(cl[known / 8..].to_vec())
    }

    /// Whether a WRITE to page `p` is refused by the lock bits.
    fn locked(&self, p: usize) -> bool {
        let (l0, l1) = (self.mem[10], self.mem[11]);
        let dynamic = self.kind.pages() - 5;
        match p {
            3 => l0 & 0x08 != 0,
            4..=7 => l0 & (0x10 << (p - 4)) != 0,
            8..=15 => l1 & (1 << (p - 8)) != 0,
            p if p >= 16 && p <= self.user_end() => {
                // Dynamic lock bits: on an NTAG213 each locks 2 pages, on a 215/216 16 pages.
                let per_bit = if self.kind == TagKind::Ntag213 { 2 } else { 16 };
                let bit = (p - 16) / per_bit;
                let lock = u16::from_le_bytes([self.mem[dynamic * 4], self.mem[dynamic * 4 + 1]]);
                bit < 16 && lock & (1 << bit) != 0
            }
            _ => false,
        }
    }

    /// WRITE of one page as an NTAG21x does it: the UID pages are read-only, the lock bytes and
    /// the capability container are one-time programmable (bits are OR'ed, never cleared),
    /// locked pages refuse. Returns false for a refusal (NAK).
    fn write_page(&mut self, p: usize, d: [u8; 4]) -> bool {
        let pages = self.kind.pages();
        if p < 2 || p >= pages || self.locked(p) {
            return false;
        }
        let at = p * 4;
        match p {
            2 => {
                self.mem[at + 2] |= d[2];
                self.mem[at + 3] |= d[3];
            }
            3 => (0..4).for_each(|i| self.mem[at + i] |= d[i]),
            p if p == pages - 5 => (0..3).for_each(|i| self.mem[at + i] |= d[i]),
            _ => self.mem[at..at + 4].copy_from_slice(&d),
        }
        true
    }

    fn command(&mut self, frame: &[u8]) -> Option<Answer> {
        if !crc_ok(frame) {
            self.state = State::Idle;
            return None;
        }
        let body = &frame[..frame.len() - 2];
        let ntag = self.kind != TagKind::Classic1k;
        match body {
            [0x50, 0x00] => {
                self.state = State::Halt;
                None
            }
            [0x30, addr] if ntag => {
                let pages = self.kind.pages();
                let addr = usize::from(*addr);
                if addr >= pages {
                    self.state = State::Idle;
                    return Answer::nibble(0x0);
                }
                let mut data = Vec::with_capacity(18);
                for p in addr..addr + 4 {
                    let p = p % pages;
                    // PWD and PACK always read as zeros.
                    let hidden = p >= pages - 2;
                    data.extend((0..4).map(|i| if hidden { 0 } else { self.mem[p * 4 + i] }));
                }
                Answer::bytes(with_crc(&data))
            }
            [0xA2, addr, d @ ..] if ntag && d.len() == 4 => {
                let addr = usize::from(*addr);
                if !self.write_page(addr, [d[0], d[1], d[2], d[3]]) {
                    self.state = State::Idle;
                    return Answer::nibble(0x0);
                }
                Some(Answer { data: vec![0xA], last_bits: 4, busy_ns: WRITE_NS })
            }
            [0x30, _] => {
                self.state = State::Idle;
                Answer::nibble(0x4) // MIFARE Classic: not authenticated
            }
            _ => {
                self.state = State::Idle;
                None
            }
        }
    }
}
