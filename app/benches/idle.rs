//! The frames each page draws while nothing happens, the turns the table
//! takes and the processor it costs: every page a table rests on
//! (`tests/rest/mod.rs`), given its time to settle, then the app's loop run
//! for `IDLE_S` seconds of its clock (10 unless `TAVOLA_IDLE_S` says) on
//! Slint's software renderer at 800×480 (release, simulation mode). The
//! loop takes a turn of the table only when one is due, as the app's does;
//! it runs as fast as it can, and the share of a core is the time it took
//! over the seconds it stood for. Targets: no frame on a page at rest, one
//! a second while a countdown shows (its figure changes once a second);
//! under 1 % of a core on every page.

#[path = "../tests/rest/mod.rs"]
mod rest;

use rest::{pages, Table, SETTLE_MS};

/// The share of a core a page at rest may take, in %.
const CORE_TARGET: f64 = 1.0;

fn main() {
    let idle_s: u64 = std::env::var("TAVOLA_IDLE_S").ok().and_then(|s| s.parse().ok()).unwrap_or(10);
    let mut t = Table::open();
    println!("idle frames at 800x480, {idle_s} s of the loop per page (software renderer)");
    for page in pages() {
        (page.reach)(&mut t);
        t.idle(SETTLE_MS);
        let drawn = t.idle(idle_s * 1000);
        let per_s = f64::from(drawn.frames) / idle_s as f64;
        let turns = f64::from(drawn.ticks) / idle_s as f64;
        let core = drawn.busy.as_secs_f64() / idle_s as f64 * 100.0;
        let target = if page.countdown { 1.0 + 1.0 / idle_s as f64 } else { 0.0 };
        let met = per_s <= target && !drawn.animating && core < CORE_TARGET;
        println!(
            "{:<44} {:>5} frames ({per_s:>4.1}/s) {turns:>5.1} turns/s {core:>6.2} % of a core{}   target <= {target:.1}/s, < {CORE_TARGET} %: {}",
            page.name,
            drawn.frames,
            if drawn.animating { "  (animating)" } else { "" },
            if met { "met" } else { "MISSED" },
        );
    }
}
