//! Tavola: a game master in a box for Arthurian table games. The `tavola`
//! command and the headless driver; the rest is in the crates below it:
//!
//! - `tavola-games`: the pure rules engines (decide → events → apply).
//! - `tavola-core`: the table session, the journal, the hardware's ports and
//!   simulations, the narrator's lines; no screen, sound library or Pi library.
//! - `tavola-narrator`: the voice, the sound devices and the speaker.
//! - `tavola-hw`: the Pi's backends, start-up, the self-test.
//! - `tavola-pages` and `tavola-screens`: the pages and what they show.
//!
//! [`headless`] is the JSON-lines driver.

pub mod headless;

// The table's modules under their usual names.
use tavola_core::{games, hw, journal, narrator, table};
