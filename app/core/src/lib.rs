//! Tavola's table, with nothing of a screen, a sound library or the Pi's
//! own library: it builds and is tested anywhere.
//!
//! - [`games`]: the pure rules engines (decide → events → apply).
//! - [`table`]: the session that routes inputs to the game, with timers.
//! - [`hw`]: the hardware's ports as traits, the reader's and the pad's
//!   sessions over `embedded-hal`, and their simulations.
//! - [`journal`]: the durable game log, history, settings and learned tags.
//! - [`narrator`]: cues to lines in Italian and English.
//! - [`system`]: the board, the clock's trust, systemd's notifications.

pub mod deck;
pub mod hw;
pub mod journal;
pub mod narrator;
pub mod settings;
pub mod system;
pub mod table;
pub mod tags;

/// The rules engines (their own crate, `tavola-games`: no I/O, no clock).
pub use tavola_games as games;
/// The cards Tavola knows, by game (part of the engines' crate).
pub use tavola_games::catalog;
