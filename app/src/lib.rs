//! Tavola: a game master in a box for Arthurian table games.
//!
//! - [`games`]: pure rules engines (decide → events → apply).
//! - [`narrator`]: cues to lines in Italian and English.

pub mod games;
pub mod narrator;
