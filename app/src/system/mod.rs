//! Tavola and the system it runs on: which board this is ([`board`]).
//!
//! Each probe takes the root it reads under (`/` on the box), so a test can
//! stand a folder of its own in for `/proc` and `/sys`.

pub mod board;
