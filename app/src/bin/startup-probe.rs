//! Measures one start: from `main` to the first frame drawn by the software
//! renderer (800×480), and the peak resident memory by then. `bare` draws a
//! bare Slint window built the same way; `tavola` the whole app in simulation
//! mode. `app/benches/startup.rs` runs both and compares them.
//!
//! `bare-phases` and `phases` print the time and resident memory each step
//! of the start adds (the app's wiring of its controls left out), to see
//! where they go: `cargo build --release -p tavola --bin startup-probe &&
//! target/release/startup-probe phases`.

use std::time::Instant;

slint::slint! {
    export component Bare inherits Window {
        width: 800px;
        height: 480px;
        Text { text: "Tavola"; }
    }
}

/// A field of `/proc/self/status` in KiB (Linux): `VmHWM` is the peak
/// resident set size, `VmRSS` the current one.
fn status_kb(field: &str) -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
                .and_then(|l| l.split_whitespace().next()?.parse().ok())
        })
        .unwrap_or(0)
}

/// Peak resident set size of this process, in KiB.
fn peak_rss_kb() -> u64 {
    status_kb("VmHWM")
}

/// Prints each phase's time and resident memory as it ends (`phases`).
struct Phases {
    start: Instant,
    last: (f64, u64),
}

impl Phases {
    fn end(&mut self, name: &str) {
        let (ms, kb) = (self.start.elapsed().as_secs_f64() * 1000.0, status_kb("VmRSS"));
        println!(
            "phase={name} ms={:.3} rss_kb={} at_ms={ms:.3} peak_rss_kb={} anon_kb={} file_kb={}",
            ms - self.last.0,
            kb as i64 - self.last.1 as i64,
            peak_rss_kb(),
            status_kb("RssAnon"),
            status_kb("RssFile"),
        );
        self.last = (ms, kb);
    }
}

fn main() {
    let start = Instant::now();
    let mode = std::env::args().nth(1).unwrap_or_default();
    let platform = tavola_screens::offscreen::install(800, 480).expect("the off-screen platform");
    let keep: Box<dyn std::any::Any> = match mode.as_str() {
        "bare-phases" => {
            let mut p = Phases { start, last: (0.0, 0) };
            p.end("platform");
            let w = Bare::new().expect("the bare window");
            p.end("Bare::new");
            slint::ComponentHandle::show(&w).expect("show");
            p.end("show");
            let (_, _, _) = tavola_screens::offscreen::render(&platform);
            p.end("first frame");
            Box::new(w)
        }
        "bare" => {
            let w = Bare::new().expect("the bare window");
            slint::ComponentHandle::show(&w).expect("show");
            Box::new(w)
        }
        "tavola" => {
            let booted = tavola_hw::boot::boot(&tavola_hw::boot::BootOptions {
                simulate: true,
                no_journal: true,
                ..Default::default()
            });
            let ui = tavola_screens::init(booted).expect("the window");
            slint::ComponentHandle::show(&ui.window).expect("show");
            ui.step(0);
            Box::new(ui)
        }
        "phases" => {
            // The app's start as `tavola` does it, step by step (the
            // wiring of the controls left out: `wire` is the UI's own).
            let mut p = Phases { start, last: (0.0, 0) };
            p.end("platform");
            // What boot and the first refresh would do on the way, apart.
            let _ = tavola_games::Lang::It.text(&tavola_words::msg!("ui.sim.blank_tag"));
            p.end("words: a message");
            let _ = tavola_games::Catalog::builtin();
            p.end("card catalog (none read)");
            let booted = tavola_hw::boot::boot(&tavola_hw::boot::BootOptions {
                simulate: true,
                no_journal: true,
                ..Default::default()
            });
            p.end("boot");
            let window = tavola_screens::AppWindow::new().expect("the window");
            p.end("AppWindow::new");
            let controller = std::rc::Rc::new(std::cell::RefCell::new(tavola_screens::Controller::new(booted)));
            p.end("Controller::new");
            controller.borrow_mut().refresh(&window);
            p.end("first refresh");
            slint::ComponentHandle::show(&window).expect("show");
            p.end("show");
            let ui = tavola_screens::Ui { window, controller };
            ui.step(0);
            p.end("step");
            let (_, _, _) = tavola_screens::offscreen::render(&platform);
            p.end("first frame");
            let cards = tavola_games::Catalog::builtin();
            let read: Vec<&str> =
                tavola_games::GameKind::ALL.into_iter().filter(|g| cards.is_loaded(*g)).map(|g| g.id()).collect();
            println!("card_files_read=[{}]", read.join(","));
            Box::new(ui)
        }
        _ => {
            eprintln!("usage: startup-probe bare|tavola|bare-phases|phases");
            std::process::exit(2);
        }
    };
    let (_, _, pixels) = tavola_screens::offscreen::render(&platform);
    let elapsed = start.elapsed();
    assert!(pixels.iter().any(|p| p.r != 0 || p.g != 0 || p.b != 0), "the first frame is drawn");
    println!("first_frame_ms={:.2} peak_rss_kb={}", elapsed.as_secs_f64() * 1000.0, peak_rss_kb());
    drop(keep);
}
