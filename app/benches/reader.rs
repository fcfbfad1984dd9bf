//! The reader's cost and speed against the simulated MFRC522: one idle poll
//! in SPI transactions and CPU time (on the simulated clock, and on the wall
//! clock with the pauses really slept, as on a Pi), the table idling in
//! simulation mode, and the time from a tag laid down to its arrival
//! reaching the game.

use embedded_hal::spi::{ErrorType, Operation, SpiDevice};
use std::time::{Duration, Instant};
use tavola_core::hw::nfc::NfcReader;
use tavola_firmware::nfc::{NfcConfig, WaitConfig};
use tavola_firmware::sim::SimChip;

/// The simulated chip on the wall clock: its time is the machine's, the
/// pauses the reader asks for (`DelayNs`) are slept, and each transfer keeps
/// the processor for its time on the bus (1 MHz, 8 µs a byte, 2 µs between
/// transfers), as the Pi's SPI driver does for short transfers (it polls
/// the controller rather than sleep). A wait spent reading the interrupt
/// register back to back then costs processor time for as long as it lasts.
struct WallClock {
    chip: SimChip,
    start: Instant,
}

impl ErrorType for WallClock {
    type Error = tavola_firmware::sim::TransferError;
}

impl SpiDevice for WallClock {
    fn transaction(&mut self, operations: &mut [Operation<'_, u8>]) -> Result<(), Self::Error> {
        for op in operations.iter_mut() {
            if let Operation::DelayNs(ns) = op {
                std::thread::sleep(Duration::from_nanos(u64::from(*ns)));
                *ns = 0;
            }
        }
        let bytes: usize = operations
            .iter()
            .map(|op| match op {
                Operation::Read(b) => b.len(),
                Operation::Write(b) => b.len(),
                Operation::Transfer(r, w) => r.len().max(w.len()),
                Operation::TransferInPlace(b) => b.len(),
                Operation::DelayNs(_) => 0,
            })
            .sum();
        let busy = Instant::now() + Duration::from_micros(2 + 8 * bytes as u64);
        while Instant::now() < busy {
            std::hint::spin_loop();
        }
        self.chip.sync_us(self.start.elapsed().as_micros() as u64);
        self.chip.transaction(operations)
    }
}

/// This thread's processor time so far (Linux: /proc/thread-self/schedstat).
fn thread_cpu() -> Duration {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .map_or(Duration::ZERO, Duration::from_nanos)
}

/// Idle polls on the wall clock with `wait`: SPI transactions and processor
/// time per poll.
fn idle_on_wall_clock(wait: WaitConfig, polls: u32) -> (f64, Duration) {
    let chip = SimChip::new();
    // The bus time is spent on the wall clock here, not added by the chip.
    chip.set_spi_hz(u32::MAX);
    let device = WallClock { chip: chip.clone(), start: Instant::now() };
    let mut first = Some(device);
    let cfg = NfcConfig { wait, ..NfcConfig::default() };
    let mut reader = NfcReader::new(
        move || {
            first
                .take()
                .ok_or_else(|| tavola_core::hw::HwError::said("reader", tavola_words::msg!("hw.reader.not_ready")))
        },
        cfg,
        POLL_MS,
    );
    reader.poll(0).expect("the reader starts");
    let (t0, cpu0) = (chip.transactions(), thread_cpu());
    for i in 1..=u64::from(polls) {
        reader.poll(i * POLL_MS).expect("idle poll");
    }
    let per_poll = (chip.transactions() - t0) as f64 / f64::from(polls);
    (per_poll, (thread_cpu() - cpu0) / polls)
}
use tavola_core::hw::nfc::POLL_MS;
use tavola_core::hw::sim::{SimDice, SimPad, SimReader};
use tavola_core::hw::{TagEvent, TagSource};
use tavola_core::table::{Session, Table, TimerConfig};
use tavola_games::{GameRng, Lang};

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
        "idle poll, no tag, on the simulated clock: {per_poll:.1} SPI transactions, {:.2?} CPU per poll ({polls} polls)",
        cpu / polls as u32
    );

    // The same idle poll with the chip on the wall clock and the pauses slept:
    // the processor time a Pi's reader thread spends per poll, before (the
    // mfrc522 crate's 25 ms timer read back to back) and after (a 1 ms timer,
    // the interrupt register read every 250 µs).
    for (name, wait, polls) in [("before: crate's wait", WaitConfig::CRATE, 40), ("now", WaitConfig::default(), 400)] {
        let (per_poll, cpu) = idle_on_wall_clock(wait, polls);
        let share = |period: u64| cpu.as_secs_f64() / (Duration::from_millis(period).as_secs_f64()) * 100.0;
        println!(
            "idle poll on the wall clock, {name}: {per_poll:.0} SPI transactions, {cpu:.2?} CPU per poll = {:.2} % \
             of a core at one poll per 50 ms, {:.2} % per 75 ms (target < 1 %)",
            share(50),
            share(75)
        );
    }

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
