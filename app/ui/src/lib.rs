//! Tavola's pages: the Slint user interface in `app/ui/*.slint`, compiled
//! to Rust by this crate's build script, with its translations bundled.
//!
//! The code generated from the pages is most of what the app compiles. In a
//! crate of its own it is compiled once, not again with the app's unit
//! tests, and a change to the app's Rust code leaves it as it is. The app
//! re-exports it from `tavola-screens` (`app/screens`), where the pages'
//! properties and callbacks are bound to the table.

#![allow(unused_qualifications, missing_debug_implementations, rust_2018_idioms, clippy::all, clippy::todo)]

slint::include_modules!();
