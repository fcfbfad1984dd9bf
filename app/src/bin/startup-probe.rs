//! Measures one start: from `main` to the first frame drawn by the software
//! renderer (800×480), and the peak resident memory by then. `bare` draws a
//! bare Slint window built the same way; `tavola` the whole app in simulation
//! mode. `app/benches/startup.rs` runs both and compares them.

use std::time::Instant;

slint::slint! {
    export component Bare inherits Window {
        width: 800px;
        height: 480px;
        Text { text: "Tavola"; }
    }
}

/// Peak resident set size of this process, in KiB (Linux).
fn peak_rss_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines().find(|l| l.starts_with("VmHWM:")).and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

fn main() {
    let start = Instant::now();
    let mode = std::env::args().nth(1).unwrap_or_default();
    let window = tavola::ui::offscreen::install(800, 480).expect("the off-screen platform");
    let keep: Box<dyn std::any::Any> = match mode.as_str() {
        "bare" => {
            let w = Bare::new().expect("the bare window");
            slint::ComponentHandle::show(&w).expect("show");
            Box::new(w)
        }
        "tavola" => {
            let booted = tavola::boot::boot(&tavola::boot::BootOptions {
                simulate: true,
                no_journal: true,
                ..Default::default()
            });
            let ui = tavola::ui::init(booted).expect("the window");
            slint::ComponentHandle::show(&ui.window).expect("show");
            ui.step(0);
            Box::new(ui)
        }
        _ => {
            eprintln!("usage: startup-probe bare|tavola");
            std::process::exit(2);
        }
    };
    let (_, _, pixels) = tavola::ui::offscreen::render(&window);
    let elapsed = start.elapsed();
    assert!(pixels.iter().any(|p| p.r != 0 || p.g != 0 || p.b != 0), "the first frame is drawn");
    println!("first_frame_ms={:.2} peak_rss_kb={}", elapsed.as_secs_f64() * 1000.0, peak_rss_kb());
    drop(keep);
}
