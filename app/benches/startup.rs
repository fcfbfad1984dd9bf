//! Tavola's start against a bare Slint window built the same way (release,
//! software renderer, 800×480, simulation mode): time to the first frame and
//! peak resident memory. Target: within 1.5× of the bare window on both.

use std::process::Command;

fn measure(mode: &str) -> (f64, f64) {
    let out = Command::new(env!("CARGO_BIN_EXE_startup-probe")).arg(mode).output().expect("the probe runs");
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
    const RUNS: usize = 9;
    let mut results = Vec::new();
    for mode in ["bare", "tavola"] {
        measure(mode); // warm the file cache
        let runs: Vec<(f64, f64)> = (0..RUNS).map(|_| measure(mode)).collect();
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
