//! Tavola's parts brought up: the Raspberry Pi's backends ([`rpi`], with
//! the `rpi` feature), start-up with an on-screen substitute for every
//! part that is missing ([`boot`]), and the self-test of the parts
//! ([`selftest`]).

pub mod boot;
#[cfg(feature = "rpi")]
pub mod rpi;
pub mod selftest;

// The table's modules under their usual names.
use tavola_core::{catalog, games, hw, journal, narrator, settings, table};
