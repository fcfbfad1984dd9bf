//! Tavola and the system it runs on: which board this is ([`board`]), whether
//! the wall clock can be trusted ([`clock`]), and systemd's readiness and
//! watchdog messages ([`notify`]).
//!
//! Each probe takes the root it reads under (`/` on the box), so a test can
//! stand a folder of its own in for `/proc`, `/sys` and `/run`.

pub mod board;
pub mod clock;
pub mod notify;
