//! NDEF on Type 2 tags (NTAG21x): the TLV container in the data area, NDEF records, and the
//! Tavola card record.
//!
//! A Tavola card carries one NDEF record of the NFC Forum external type
//! [`CARD_RECORD_TYPE`] (`tavola.app:card`, TNF 0x04) whose payload is the card id, for example
//! `avalon/role/merlin`. A Well-known Text record (TNF 0x01, type `T`, UTF-8) holding a valid
//! card id is accepted too, so a tag written with a phone app works. Short and long records,
//! ID fields and several records per message are understood; chunked records are refused.
//!
//! Everything here works on byte slices without allocation.

use super::CardId;

/// External type name of the Tavola card record.
pub const CARD_RECORD_TYPE: &[u8] = b"tavola.app:card";

/// TNF: NFC Forum well-known type.
pub const TNF_WELL_KNOWN: u8 = 0x01;
/// TNF: NFC Forum external type.
pub const TNF_EXTERNAL: u8 = 0x04;

const MB: u8 = 0x80;
const ME: u8 = 0x40;
const CF: u8 = 0x20;
const SR: u8 = 0x10;
const IL: u8 = 0x08;

/// TLV tag of an NDEF message.
pub const TLV_NDEF: u8 = 0x03;
/// TLV tag ending the data area.
pub const TLV_TERMINATOR: u8 = 0xFE;

/// Why NDEF data was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NdefError {
    /// The data ends before a length says it should.
    Truncated,
    /// A TLV says its value runs past the end of the tag's data area.
    BeyondDataArea,
    /// A record is chunked (unsupported) or the MB/ME flags are inconsistent.
    BadFlags,
    /// Bytes follow the record marked ME, or no record is marked ME.
    LengthMismatch,
    /// A Tavola card record whose payload is not a valid card id.
    BadCardId,
    /// The output buffer is too small (encoding).
    NoRoom,
}

impl core::fmt::Display for NdefError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            NdefError::Truncated => "NDEF data ends early",
            NdefError::BeyondDataArea => "NDEF length runs past the tag's memory",
            NdefError::BadFlags => "NDEF record flags are inconsistent (or chunked)",
            NdefError::LengthMismatch => "NDEF message length does not match its records",
            NdefError::BadCardId => "the card record holds no valid card id",
            NdefError::NoRoom => "buffer too small for the NDEF data",
        })
    }
}

/// One NDEF record, borrowing from the message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record<'a> {
    /// Type name format (3 bits).
    pub tnf: u8,
    /// Record type.
    pub record_type: &'a [u8],
    /// Record id (often empty).
    pub id: &'a [u8],
    /// Payload.
    pub payload: &'a [u8],
}

/// Splits a whole NDEF message into records, checking that they fill it exactly: the first
/// record has MB, the last (and only the last) has ME and ends at the last byte. Calls `each`
/// for every record, in order.
pub fn parse_message<'a>(msg: &'a [u8], mut each: impl FnMut(Record<'a>)) -> Result<(), NdefError> {
    let mut pos = 0usize;
    let mut first = true;
    loop {
        let take = |pos: &mut usize, n: usize| -> Result<&'a [u8], NdefError> {
            let end = pos.checked_add(n).ok_or(NdefError::Truncated)?;
            let s = msg.get(*pos..end).ok_or(NdefError::Truncated)?;
            *pos = end;
            Ok(s)
        };
        let header = take(&mut pos, 1)?[0];
        if header & CF != 0 || (header & MB != 0) != first {
            return Err(NdefError::BadFlags);
        }
        let type_len = usize::from(take(&mut pos, 1)?[0]);
        let payload_len = if header & SR != 0 {
            usize::from(take(&mut pos, 1)?[0])
        } else {
            let b = take(&mut pos, 4)?;
            u32::from_be_bytes([b[0], b[1], b[2], b[3]]) as usize
        };
        let id_len = if header & IL != 0 { usize::from(take(&mut pos, 1)?[0]) } else { 0 };
        let record_type = take(&mut pos, type_len)?;
        let id = take(&mut pos, id_len)?;
        let payload = take(&mut pos, payload_len)?;
        each(Record { tnf: header & 0x07, record_type, id, payload });
        first = false;
        if header & ME != 0 {
            return if pos == msg.len() { Ok(()) } else { Err(NdefError::LengthMismatch) };
        }
        if pos == msg.len() {
            return Err(NdefError::LengthMismatch);
        }
    }
}

/// The card id of a message: the first Tavola card record, else the first UTF-8 Text record
/// that holds a valid card id. `Ok(None)` for a well-formed message without either (a tag of
/// someone else's). A Tavola record with an invalid payload is an error: the tag is ours but
/// damaged or half written.
pub fn card_id_from_message(msg: &[u8]) -> Result<Option<CardId>, NdefError> {
    if msg.is_empty() {
        return Ok(None);
    }
    let mut ours: Option<Result<CardId, NdefError>> = None;
    let mut text: Option<CardId> = None;
    parse_message(msg, |r| {
        if ours.is_none() && r.tnf == TNF_EXTERNAL && r.record_type.eq_ignore_ascii_case(CARD_RECORD_TYPE) {
            ours = Some(core::str::from_utf8(r.payload).ok().and_then(CardId::new).ok_or(NdefError::BadCardId));
        } else if text.is_none() && r.tnf == TNF_WELL_KNOWN && r.record_type == b"T" {
            text = text_payload(r.payload).and_then(CardId::new);
        }
    })?;
    match ours {
        Some(r) => r.map(Some),
        None => Ok(text),
    }
}

/// The text of a Well-known Text payload, if UTF-8 encoded.
fn text_payload(payload: &[u8]) -> Option<&str> {
    let status = *payload.first()?;
    if status & 0x80 != 0 {
        return None; // UTF-16
    }
    let lang = usize::from(status & 0x3F);
    core::str::from_utf8(payload.get(1 + lang..)?).ok()
}

/// Where the NDEF message sits in a Type 2 tag data area (the bytes from page 4 on).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TlvScan {
    /// The message occupies `start..start + len` of the data area.
    Ndef {
        /// Offset of the message in the data area.
        start: usize,
        /// Length of the message.
        len: usize,
    },
    /// A terminator (or the end of the area) came before any NDEF TLV.
    NoNdef,
    /// More bytes are needed to go on: read up to (at least) this many bytes and scan again.
    NeedBytes(usize),
}

/// Scans the TLVs at the start of a data area of `area_size` bytes, of which `data` has been
/// read so far. NULL TLVs are skipped, Lock/Memory Control and proprietary TLVs are stepped
/// over by their length.
pub fn scan_tlv(data: &[u8], area_size: usize) -> Result<TlvScan, NdefError> {
    let mut pos = 0usize;
    loop {
        if pos >= area_size {
            return Ok(TlvScan::NoNdef);
        }
        let Some(&t) = data.get(pos) else { return Ok(TlvScan::NeedBytes(pos + 1)) };
        match t {
            0x00 => {
                pos += 1;
                continue;
            }
            TLV_TERMINATOR => return Ok(TlvScan::NoNdef),
            _ => {}
        }
        let Some(&l0) = data.get(pos + 1) else { return Ok(TlvScan::NeedBytes(pos + 2)) };
        let (len, header) = if l0 == 0xFF {
            let Some(l) = data.get(pos + 2..pos + 4) else { return Ok(TlvScan::NeedBytes(pos + 4)) };
            (usize::from(u16::from_be_bytes([l[0], l[1]])), 4)
        } else {
            (usize::from(l0), 2)
        };
        let start = pos + header;
        if start + len > area_size {
            return Err(NdefError::BeyondDataArea);
        }
        if t == TLV_NDEF {
            return Ok(TlvScan::Ndef { start, len });
        }
        pos = start + len;
    }
}

/// Encodes the NDEF message of a Tavola card: one short external record
/// `tavola.app:card` with the id as payload. Returns the length written to `out`.
pub fn encode_card_message(id: &CardId, out: &mut [u8]) -> Result<usize, NdefError> {
    encode_record(TNF_EXTERNAL, CARD_RECORD_TYPE, id.as_str().as_bytes(), out)
}

/// Encodes a single-record message (MB and ME set; short form when the payload fits in 255
/// bytes). Returns the length written to `out`.
pub fn encode_record(tnf: u8, record_type: &[u8], payload: &[u8], out: &mut [u8]) -> Result<usize, NdefError> {
    let type_len = u8::try_from(record_type.len()).map_err(|_| NdefError::NoRoom)?;
    let short = payload.len() <= 255;
    let header_len = if short { 3 } else { 6 };
    let total = header_len + record_type.len() + payload.len();
    let out = out.get_mut(..total).ok_or(NdefError::NoRoom)?;
    out[0] = MB | ME | (tnf & 0x07) | if short { SR } else { 0 };
    out[1] = type_len;
    if short {
        out[2] = payload.len() as u8;
    } else {
        let n = u32::try_from(payload.len()).map_err(|_| NdefError::NoRoom)?;
        out[2..6].copy_from_slice(&n.to_be_bytes());
    }
    out[header_len..header_len + record_type.len()].copy_from_slice(record_type);
    out[header_len + record_type.len()..].copy_from_slice(payload);
    Ok(total)
}

/// Wraps a message in an NDEF TLV followed by a terminator TLV, as it is stored from page 4 of
/// a Type 2 tag. Returns the length written to `out`.
pub fn encode_tlv(message: &[u8], out: &mut [u8]) -> Result<usize, NdefError> {
    let len = u16::try_from(message.len()).map_err(|_| NdefError::NoRoom)?;
    let header: &[u8] =
        if len < 0xFF { &[TLV_NDEF, len as u8] } else { &[TLV_NDEF, 0xFF, (len >> 8) as u8, len as u8] };
    let total = header.len() + message.len() + 1;
    let out = out.get_mut(..total).ok_or(NdefError::NoRoom)?;
    out[..header.len()].copy_from_slice(header);
    out[header.len()..total - 1].copy_from_slice(message);
    out[total - 1] = TLV_TERMINATOR;
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(s: &str) -> CardId {
        CardId::new(s).unwrap()
    }

    #[test]
    fn card_record_round_trip() {
        let mut buf = [0u8; 64];
        let n = encode_card_message(&id("avalon/role/merlin"), &mut buf).unwrap();
        assert_eq!(&buf[..3], &[0xD4, 15, 18]);
        assert_eq!(&buf[3..18], b"tavola.app:card");
        assert_eq!(card_id_from_message(&buf[..n]), Ok(Some(id("avalon/role/merlin"))));
        let mut tlv = [0u8; 64];
        let t = encode_tlv(&buf[..n], &mut tlv).unwrap();
        assert_eq!((tlv[0], tlv[1], tlv[t - 1]), (0x03, n as u8, 0xFE));
        assert_eq!(scan_tlv(&tlv[..t], 144), Ok(TlvScan::Ndef { start: 2, len: n }));
    }

    #[test]
    fn long_records_ids_and_several_records() {
        // A URI record (long form, with an id) then the card record.
        let mut msg = Vec::new();
        msg.extend_from_slice(&[0x80 | 0x08 | 0x01, 1, 0, 0, 0, 4, 2, b'U', b'i', b'd', 0x04, b'a', b'.', b'b']);
        msg.extend_from_slice(&[0x40 | 0x10 | 0x04, 15, 8]);
        msg.extend_from_slice(b"tavola.app:cardcamelot1");
        assert_eq!(card_id_from_message(&msg), Ok(Some(id("camelot1"))));
        let mut n = 0;
        parse_message(&msg, |r| {
            n += 1;
            if n == 1 {
                assert_eq!((r.tnf, r.record_type, r.id, r.payload), (1, &b"U"[..], &b"id"[..], &b"\x04a.b"[..]));
            }
        })
        .unwrap();
        assert_eq!(n, 2);
    }

    #[test]
    fn text_records_are_accepted_when_they_hold_an_id() {
        let mut buf = [0u8; 64];
        let payload = b"\x02ennottingham/favor/3";
        let n = encode_record(TNF_WELL_KNOWN, b"T", payload, &mut buf).unwrap();
        assert_eq!(card_id_from_message(&buf[..n]), Ok(Some(id("nottingham/favor/3"))));
        let n = encode_record(TNF_WELL_KNOWN, b"T", b"\x02enHello world", &mut buf).unwrap();
        assert_eq!(card_id_from_message(&buf[..n]), Ok(None));
        let n = encode_record(TNF_WELL_KNOWN, b"T", b"\x82enab", &mut buf).unwrap();
        assert_eq!(card_id_from_message(&buf[..n]), Ok(None), "UTF-16 text is not a card id");
        let n = encode_record(TNF_WELL_KNOWN, b"U", b"\x04x", &mut buf).unwrap();
        assert_eq!(card_id_from_message(&buf[..n]), Ok(None));
    }

    #[test]
    fn malformed_messages_are_refused() {
        let mut buf = [0u8; 64];
        let n = encode_card_message(&id("x/y"), &mut buf).unwrap();
        let good = &buf[..n];
        for cut in 0..n {
            assert!(card_id_from_message(&good[..cut]).is_err() || cut == 0, "accepted a message cut at {cut}");
        }
        let mut longer = Vec::from(good);
        longer.push(0);
        assert_eq!(card_id_from_message(&longer), Err(NdefError::LengthMismatch));
        let mut no_mb = Vec::from(good);
        no_mb[0] &= !0x80;
        assert_eq!(card_id_from_message(&no_mb), Err(NdefError::BadFlags));
        let mut chunked = Vec::from(good);
        chunked[0] |= 0x20;
        assert_eq!(card_id_from_message(&chunked), Err(NdefError::BadFlags));
        let mut no_me = Vec::from(good);
        no_me[0] &= !0x40;
        assert_eq!(card_id_from_message(&no_me), Err(NdefError::LengthMismatch));
        let n = encode_record(TNF_EXTERNAL, CARD_RECORD_TYPE, b"has space", &mut buf).unwrap();
        assert_eq!(card_id_from_message(&buf[..n]), Err(NdefError::BadCardId));
        let n = encode_record(TNF_EXTERNAL, CARD_RECORD_TYPE, b"", &mut buf).unwrap();
        assert_eq!(card_id_from_message(&buf[..n]), Err(NdefError::BadCardId));
    }

    #[test]
    fn tlv_scanning() {
        assert_eq!(scan_tlv(&[0x03, 0x00, 0xFE], 144), Ok(TlvScan::Ndef { start: 2, len: 0 }));
        assert_eq!(scan_tlv(&[0xFE], 144), Ok(TlvScan::NoNdef));
        assert_eq!(scan_tlv(&[0x00, 0x00], 144), Ok(TlvScan::NeedBytes(3)));
        // Lock control TLV (3 bytes) then NDEF.
        assert_eq!(scan_tlv(&[0x01, 0x03, 0xA0, 0x10, 0x44, 0x03, 0x05], 144), Ok(TlvScan::Ndef { start: 7, len: 5 }));
        assert_eq!(scan_tlv(&[0x03, 0xFF, 0x01], 504), Ok(TlvScan::NeedBytes(4)));
        assert_eq!(scan_tlv(&[0x03, 0xFF, 0x01, 0x00], 504), Ok(TlvScan::Ndef { start: 4, len: 256 }));
        assert_eq!(scan_tlv(&[0x03, 0xFF, 0x01, 0xF5], 504), Err(NdefError::BeyondDataArea));
        assert_eq!(scan_tlv(&[0x03, 0x90], 144), Err(NdefError::BeyondDataArea));
        assert_eq!(scan_tlv(&[0u8; 8], 8), Ok(TlvScan::NoNdef));
        // Long TLV form when encoding 255 bytes or more.
        let msg = [0u8; 300];
        let mut out = [0u8; 310];
        assert_eq!(encode_tlv(&msg, &mut out), Ok(305));
        assert_eq!(&out[..4], &[0x03, 0xFF, 0x01, 0x2C]);
        assert_eq!(encode_tlv(&msg, &mut [0u8; 10]), Err(NdefError::NoRoom));
    }

    #[test]
    fn long_payload_encodes_in_long_form() {
        let payload = [b'a'; 300];
        let mut out = [0u8; 400];
        let n = encode_record(TNF_EXTERNAL, b"x:y", &payload, &mut out).unwrap();
        assert_eq!(out[0], 0xC4);
        assert_eq!(&out[2..6], &300u32.to_be_bytes());
        let mut seen = 0;
        parse_message(&out[..n], |r| seen = r.payload.len()).unwrap();
        assert_eq!(seen, 300);
    }
}
