//! Flipper Zero `.nfc` dumps ("Filetype: Flipper NFC device", versions 2 to 4) turned into
//! simulated tags: an NTAG21x from its `Page N:` lines, a MIFARE Classic from its UID.

use std::string::{String, ToString};
use std::vec::Vec;

use super::tag::{PagesError, SimTag};

/// Why a `.nfc` file is not a tag the simulation can lay on the reader.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FlipperError {
    /// The first line is not `Filetype: Flipper NFC device`.
    NotFlipper,
    /// A line cannot be read (its number, 1-based).
    Line(usize),
    /// A kind of card the simulation has no model for (the `Device type`).
    Unsupported(String),
    /// The dump misses pages (`Pages read` below `Pages total`, or page lines missing).
    MissingPages {
        /// Pages found.
        found: usize,
        /// Pages the tag has.
        total: usize,
    },
    /// The pages do not make an NTAG213/215/216.
    Pages(PagesError),
}

impl core::fmt::Display for FlipperError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            FlipperError::NotFlipper => f.write_str("not a Flipper NFC file"),
            FlipperError::Line(n) => write!(f, "line {n} cannot be read"),
            FlipperError::Unsupported(kind) => write!(f, "no simulated card of type {kind}"),
            FlipperError::MissingPages { found, total } => write!(f, "{found} of {total} pages are in the file"),
            FlipperError::Pages(e) => write!(f, "{e}"),
        }
    }
}

fn hex_bytes(text: &str) -> Option<Vec<u8>> {
    text.split_whitespace().map(|b| if b.len() == 2 { u8::from_str_radix(b, 16).ok() } else { None }).collect()
}

/// Reads a Flipper `.nfc` dump: an NTAG21x (`Device type: NTAG/Ultralight`, or `NTAG213`..
/// `NTAG216` in older files) with every page, or a MIFARE Classic (UID only).
pub fn parse_flipper_nfc(text: &str) -> Result<SimTag, FlipperError> {
    let mut lines = text.lines().enumerate();
    match lines.next() {
        Some((_, l)) if l.trim() == "Filetype: Flipper NFC device" => {}
        _ => return Err(FlipperError::NotFlipper),
    }
    let mut device = String::new();
    let mut uid = Vec::new();
    let mut total = None;
    let mut pages: Vec<Option<[u8; 4]>> = Vec::new();
    for (i, line) in lines {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((key, value)) = line.split_once(':') else { return Err(FlipperError::Line(i + 1)) };
        let value = value.trim();
        match key.trim() {
            "Device type" => device = value.to_string(),
            "UID" => uid = hex_bytes(value).ok_or(FlipperError::Line(i + 1))?,
            "Pages total" => total = Some(value.parse::<usize>().map_err(|_| FlipperError::Line(i + 1))?),
            k if k.starts_with("Page ") => {
                let n: usize = k[5..].trim().parse().map_err(|_| FlipperError::Line(i + 1))?;
                let b = hex_bytes(value).filter(|b| b.len() == 4).ok_or(FlipperError::Line(i + 1))?;
                if n >= 1024 {
                    return Err(FlipperError::Line(i + 1));
                }
                if pages.len() <= n {
                    pages.resize(n + 1, None);
                }
                pages[n] = Some([b[0], b[1], b[2], b[3]]);
            }
            _ => {}
        }
    }
    if device.starts_with("Mifare Classic") || device == "UID" && uid.len() == 4 {
        let four: [u8; 4] = uid.as_slice().try_into().map_err(|_| FlipperError::Unsupported(device.clone()))?;
        return Ok(SimTag::classic_1k(four));
    }
    if !(device == "NTAG/Ultralight" || device.starts_with("NTAG21")) {
        return Err(FlipperError::Unsupported(device));
    }
    let total = total.unwrap_or(pages.len());
    let found = pages.iter().take(total).flatten().count();
    if found < total || total == 0 {
        return Err(FlipperError::MissingPages { found, total });
    }
    let bytes: Vec<u8> = pages.iter().take(total).flatten().flatten().copied().collect();
    SimTag::from_pages(&bytes).map_err(FlipperError::Pages)
}
