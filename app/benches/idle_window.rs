//! The share of a core each page a table rests on takes in a real window:
//! the pages of `tests/rest/mod.rs`, reached by the same scripts in a
//! window of the desktop (Slint's default backend, as `tavola --simulate`
//! opens it, its speaker too), the app's own loop run in real time. Each
//! page is given its time to settle, then the whole process's processor
//! time (every thread) is read over `IDLE_S` seconds (20 unless
//! `TAVOLA_IDLE_S` says). Target: under 1 % of a core on every page at
//! rest; a page with a countdown redraws once a second and is shown beside
//! the others, not held to it.
//!
//! Needs a display: `make bench` runs it under `xvfb-run` (800×480) when
//! there is none. Without one it says so and fails.

#[path = "../tests/rest/mod.rs"]
mod rest;

use rest::{pages, Table, SETTLE_MS};

/// The share of a core a page at rest may take, in %.
const CORE_TARGET: f64 = 1.0;

fn main() {
    let idle_s: u64 = std::env::var("TAVOLA_IDLE_S").ok().and_then(|s| s.parse().ok()).unwrap_or(20);
    let mut t = match Table::open_window() {
        Ok(t) => t,
        Err(e) => {
            eprintln!("idle_window: {e}: it needs a display (run it under xvfb-run, as `make bench` does)");
            std::process::exit(1);
        }
    };
    println!("idle in a real window, {idle_s} s per page after {} s to settle (the whole process)", SETTLE_MS / 1000);
    let mut missed = 0;
    for page in pages() {
        (page.reach)(&mut t);
        t.idle(SETTLE_MS);
        let rested = t.idle(idle_s * 1000);
        let core = rested.busy.as_secs_f64() / idle_s as f64 * 100.0;
        let turns = f64::from(rested.ticks) / idle_s as f64;
        let verdict = if page.countdown {
            "a countdown: shown, not held to the target"
        } else if core < CORE_TARGET {
            "met"
        } else {
            missed += 1;
            "MISSED"
        };
        println!(
            "{:<44} {core:>6.2} % of a core {turns:>5.1} turns/s   target < {CORE_TARGET} %: {verdict}",
            page.name
        );
    }
    if missed > 0 {
        println!("{missed} page(s) over the target");
    }
}
