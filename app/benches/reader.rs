//! The reader's cost and speed against the simulated MFRC522: one idle poll
//! in SPI transactions and CPU time, the table idling in simulation mode, and
//! the time from a tag laid down to its arrival reaching the game.

use std::time::{Duration, Instant};
use tavola::games::{GameRng, Lang};
use tavola::hw::nfc::POLL_MS;
use tavola::hw::sim::{SimDice, SimPad, SimReader};
use tavola::hw::{TagEvent, TagSource};
use tavola::table::{Session, Table, TimerConfig};

fn main() {
    // One idle poll cycle.
    let mut reader = SimReader::new();
    let mut now = 0;
    reader.poll(now).expect("the simulated reader starts");
    let polls = 20_000u64;
    let before = reader.chip().transactions();
    let start = Instant::now();
    for _ in 0..polls {
        now += POLL_MS;
        reader.poll(now).expect("idle poll");
    }
    let cpu = start.elapsed();
    let per_poll = (reader.chip().transactions() - before) as f64 / polls as f64;
    println!(
        "idle poll, no tag: {per_poll:.1} SPI transactions, {:.2?} CPU per poll ({polls} polls)",
        cpu / polls as u32
    );

    // The table idling for 10 s in simulation mode: the app's 20 ms loop,
    // the reader polled every 50 ms, pad and timers ticking.
    let session = Session::new(Lang::En, TimerConfig::default(), GameRng::seeded(1));
    let mut table = Table::new(session, SimReader::new(), SimPad::new(10), SimDice::default());
    let start = Instant::now();
    let mut t = 0;
    while t < 10_000 {
        t += 20;
        table.poll(t);
    }
    let busy = start.elapsed();
    println!(
        "table idle for 10 s of table time: {busy:.2?} of CPU = {:.4} % of one core (target < 1 %)",
        busy.as_secs_f64() / 10.0 * 100.0
    );

    // Tag laid down at every offset within a poll period: table time until
    // the arrival reaches the game, and the CPU time of the read itself.
    let mut worst = 0;
    let mut read_cpu = Duration::ZERO;
    let mut reads = 0u32;
    for offset in 0..POLL_MS {
        let mut reader = SimReader::new();
        let mut now = 0;
        reader.poll(now).ok();
        while now < 200 + offset {
            now += 1;
            reader.poll(now).ok();
        }
        reader.place(&format!("04AABBCCDD{offset:02X}00"), Some("avalon/role/merlin"));
        let laid = now;
        loop {
            now += 1;
            let start = Instant::now();
            let events = reader.poll(now).expect("poll");
            let spent = start.elapsed();
            if events.iter().any(|e| matches!(e, TagEvent::Arrived { .. })) {
                read_cpu += spent;
                reads += 1;
                worst = worst.max(now - laid);
                break;
            }
        }
    }
    println!(
        "tag laid → arrival: at most {worst} ms of table time with a {POLL_MS} ms poll period (target ≤ one period \
         plus the read); the read itself takes {:.2?} CPU",
        read_cpu / reads
    );
}
