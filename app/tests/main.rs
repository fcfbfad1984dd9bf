//! The app's integration tests, one binary: each file is a module, so the
//! app is linked once for all of them (`cargo test -p tavola --test app`,
//! a file's tests with `cargo test -p tavola --test app ui_kak::`).

mod appliance_ui;
mod common;
mod contrast;
mod crash;
mod facts_cli;
mod rest;
mod secrecy;
mod translations;
mod ui_avalon_options;
mod ui_declared;
mod ui_facts;
mod ui_facts_keypad;
mod ui_hardware;
mod ui_history;
mod ui_icons;
mod ui_kak;
mod ui_layout;
mod ui_legends;
mod ui_look;
mod ui_messages;
mod ui_notts;
mod ui_part_warnings;
mod ui_rest;
mod ui_round;
mod ui_rules;
mod ui_settings_sliders;
mod ui_soc;
mod ui_steppers;
mod ui_subtitle;
mod ui_table_sim;
mod ui_teach;
mod ui_touches;
