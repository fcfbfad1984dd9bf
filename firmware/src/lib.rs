//! Table drivers for Tavola, written against the `embedded-hal` 1.0 traits only.
//!
//! Nothing here knows about the Raspberry Pi: the `tavola` app plugs in rppal
//! (or the simulated chip in [`sim`]) from the outside.
#![cfg_attr(not(any(feature = "std", test)), no_std)]
#![deny(missing_docs)]

pub mod dice;
pub mod nfc;
#[cfg(feature = "sim")]
pub mod sim;
pub mod votepad;
