//! Whole-game and cross-crate tests, one binary: each file is a module, so
//! the app is linked once for all of them (`cargo test -p tavola-tests
//! --test whole`, a file's tests with `cargo test -p tavola-tests --test
//! whole soc_games::`).

mod avalon_games;
mod avalon_options;
mod check_scripts;
mod common;
mod deploy;
mod docs_links;
mod enclosure_stl;
mod every_file;
mod headless_example;
mod headless_input;
mod install_rtc;
mod install_speaker;
mod journal_avalon;
mod journal_crash;
mod journal_recovery;
mod journal_resume;
mod kak_games;
mod legends_games;
mod narration;
mod narrator_packs;
mod night_scripts;
mod no_ids;
mod nottingham_games;
mod properties;
mod reader_faults;
mod restart_guard;
mod soc_games;
mod touch_rotation;
