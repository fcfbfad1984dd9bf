//! Table drivers for Tavola, written against the `embedded-hal` 1.0 traits only.
//!
//! Nothing here knows about the Raspberry Pi: the `tavola` app plugs in rppal or
//! linux-embedded-hal devices (or the simulated chip in `sim`) from the outside. Time always
//! comes in as a millisecond count from the caller; nothing here sleeps or reads a clock.
//!
//! | module | what it does | needs |
//! |---|---|---|
//! | [`votepad`] | debounce and gestures for up to 10 seats × Approve/Reject: one vote per clean gesture, both-pressed and stuck buttons reported, never a double vote; seat lights; backends on MCP23017 expanders (I2C + interrupt line) and on plain GPIO | `no_std`, no allocation |
//! | [`dice`] | fair rolls by rejection sampling (no modulo bias), a debounced roll button, a chi-square self-test | `no_std` |
//! | [`nfc`] | the MFRC522 reader session on the `mfrc522` crate: WUPA/select/READ/HLTA polling, NDEF card ids, presence (one arrival per tag lying there, departure after missed polls, re-arm time), verified reads, tag writing, and a guard so a silent reader cannot hang the caller | `no_std`, no allocation |
//! | `sim` (feature `sim`) | a simulated MFRC522 at the register level with virtual NTAG213/215/216 and MIFARE Classic tags and fault injection, so the real driver code runs on a desktop and in tests | `std` |
//!
//! # Features
//!
//! - `std`: `std::error::Error` for the error types (their `Display` is always there).
//! - `sim`: `std` and the `sim` module.
#![cfg_attr(not(any(feature = "std", test)), no_std)]
#![deny(missing_docs)]

pub mod dice;
pub mod nfc;
#[cfg(feature = "sim")]
pub mod sim;
pub mod votepad;

pub use dice::{roll, RollButton, RollEvent};
pub use nfc::{AntennaGain, CardId, NfcConfig, NfcError, NfcEvent, NfcSession, ReaderChip, TagError, Uid};
pub use votepad::{Button, Light, Lights, PadConfig, PadEvent, VotePad};
