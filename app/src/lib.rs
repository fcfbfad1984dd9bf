//! Tavola: a game master in a box for Arthurian table games.
//!
//! - [`boot`]: start-up: hardware or its on-screen substitutes, the journal.
//! - [`games`]: pure rules engines (decide → events → apply).
//! - [`table`]: the session that routes inputs to the game, with timers.
//! - [`hw`]: hardware ports and their simulated implementations.
//! - [`journal`]: the durable game log, history, settings and learned tags.
//! - [`narrator`]: cues to lines in Italian and English.
//! - [`headless`]: the JSON-lines driver.
//! - [`system`]: the board, the clock's trust, systemd's notifications.

pub mod boot;
pub mod deck;
pub mod headless;
pub mod hw;
pub mod journal;
pub mod narrator;
pub mod selftest;
pub mod settings;
pub mod system;
pub mod table;
pub mod tags;
#[cfg(feature = "gui")]
pub mod ui;

/// The rules engines (their own crate, `tavola-games`: no I/O, no clock).
pub use tavola_games as games;
/// The cards Tavola knows, by game (part of the engines' crate).
pub use tavola_games::catalog;
