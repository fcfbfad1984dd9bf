//! Tavola's start against a bare Slint window built the same way (software
//! renderer, 800×480, simulation mode): time to the first frame and peak
//! resident memory. Target: within 1.5× of the bare window on both.
//!
//! The probe is the one `cargo bench` builds (`release`), or the binary
//! `TAVOLA_PROBE` names: `make bench` builds it with the `pi` profile, as
//! the box's own binary is built, and measures that.

use std::process::Command;

/// The probe to run: `TAVOLA_PROBE`, else the bench's own build.
fn probe() -> String {
    std::env::var("TAVOLA_PROBE").unwrap_or_else(|_| env!("CARGO_BIN_EXE_startup-probe").to_string())
}

fn measure(mode: &str) -> (f64, f64) {
    let out = Command::new(probe()).arg(mode).output().expect("the probe runs");
    assert!(out.status.success(), "{mode}: {}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    let field = |name: &str| -> f64 {
        text.split_whitespace()
            .find_map(|kv| kv.strip_prefix(name)?.strip_prefix('=')?.parse().ok())
            .unwrap_or_else(|| panic!("{mode}: no {name} in {text}"))
    };
    (field("first_frame_ms"), field("peak_rss_kb"))
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    const RUNS: usize = 15;
    const MODES: [&str; 2] = ["bare", "tavola"];
    println!("probe: {}", probe());
    for mode in MODES {
        measure(mode); // warm the file cache
    }
    // Taken in turns, so that a busy moment of the machine falls on both.
    let mut runs: [Vec<(f64, f64)>; 2] = Default::default();
    for _ in 0..RUNS {
        for (i, mode) in MODES.into_iter().enumerate() {
            runs[i].push(measure(mode));
        }
    }
    let mut results = Vec::new();
    for (mode, runs) in MODES.into_iter().zip(&runs) {
        let ms = median(runs.iter().map(|r| r.0).collect());
        let kb = median(runs.iter().map(|r| r.1).collect());
        println!("{mode:<7} first frame {ms:>7.1} ms   peak RSS {:>7.1} MiB   (median of {RUNS})", kb / 1024.0);
        results.push((ms, kb));
    }
    let (time_ratio, mem_ratio) = (results[1].0 / results[0].0, results[1].1 / results[0].1);
    let verdict = |r: f64| if r <= 1.5 { "met" } else { "MISSED" };
    println!(
        "tavola / bare: first frame {time_ratio:.2}× ({}), peak RSS {mem_ratio:.2}× ({}); target ≤ 1.5×",
        verdict(time_ratio),
        verdict(mem_ratio)
    );
}
