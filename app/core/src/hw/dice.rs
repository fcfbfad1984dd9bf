//! The roll button read on a thread of its own.
//!
//! The screen's thread runs the table every 20 ms, and also waits for the
//! journal's synchronous commits (a slow SD card can hold it for half a
//! second). A press shorter than that, sampled only on that thread, is never
//! seen. So the button's line is sampled on a thread that does nothing else,
//! every [`SAMPLE_MS`], through the firmware's debouncer; the presses it
//! counts wait in a channel until the screen's thread asks for them.

use super::{DiceButton, HwError, Millis};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tavola_firmware::dice::RollButton;

/// How often the roll button's thread reads the line, in ms: well inside the
/// debounce time (30 ms), so the shortest press the debouncer accepts is seen.
pub const SAMPLE_MS: u64 = 5;

/// The roll button's wire, as its thread reads it.
pub trait RollLine: Send + 'static {
    /// Whether the button is held down now (the raw level: it may bounce).
    fn pressed(&mut self) -> bool;
}

/// A roll button whose line is read on a thread of its own (see the
/// [module docs](self)); [`DiceButton::poll`] only collects what the thread
/// counted, and never waits for the line.
pub struct ThreadedDice {
    presses: Receiver<u32>,
    stop: Arc<AtomicBool>,
}

impl std::fmt::Debug for ThreadedDice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ThreadedDice").finish_non_exhaustive()
    }
}

impl ThreadedDice {
    /// Reads `line` every [`SAMPLE_MS`] on a thread of its own, through a
    /// debouncer of `debounce_ms`, until this is dropped.
    pub fn spawn(mut line: impl RollLine, debounce_ms: u32) -> ThreadedDice {
        let (tx, presses) = channel();
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = stop.clone();
        std::thread::Builder::new()
            .name("roll-button".into())
            .spawn(move || {
                let started = Instant::now();
                let mut button = RollButton::new(debounce_ms);
                while !stopped.load(Ordering::Relaxed) {
                    let now = started.elapsed().as_millis() as u64;
                    button.set_level(now, line.pressed());
                    let n = button.poll(now);
                    if n > 0 && tx.send(n).is_err() {
                        return;
                    }
                    if n > 0 {
                        super::wake::ring();
                    }
                    std::thread::sleep(Duration::from_millis(SAMPLE_MS));
                }
            })
            .expect("a thread for the roll button");
        ThreadedDice { presses, stop }
    }
}

impl Drop for ThreadedDice {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl DiceButton for ThreadedDice {
    fn poll(&mut self, _now: Millis) -> Result<u32, HwError> {
        Ok(self.presses.try_iter().sum())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicBool;

    /// A roll button's wire the test holds down and lets go.
    #[derive(Clone, Default)]
    struct Wire(Arc<AtomicBool>);

    impl Wire {
        fn set(&self, down: bool) {
            self.0.store(down, Ordering::Relaxed);
        }
    }

    impl RollLine for Wire {
        fn pressed(&mut self) -> bool {
            self.0.load(Ordering::Relaxed)
        }
    }

    /// The button as it was read before: on the screen's thread, once per
    /// turn of the table loop.
    struct OnTheScreensThread {
        wire: Wire,
        button: RollButton,
    }

    impl DiceButton for OnTheScreensThread {
        fn poll(&mut self, now: Millis) -> Result<u32, HwError> {
            self.button.set_level(now, self.wire.pressed());
            Ok(self.button.poll(now))
        }
    }

    /// The screen's thread polls the button at 0 ms, then is held 500 ms by
    /// a slow commit while a player presses the button for 40 ms, then polls
    /// again every 20 ms for a while. Returns the presses counted.
    fn press_during_a_slow_commit(dice: &mut dyn DiceButton, wire: &Wire) -> u32 {
        let start = Instant::now();
        let now = || start.elapsed().as_millis() as u64;
        let mut presses = dice.poll(now()).unwrap();
        // The commit: the screen's thread does nothing else meanwhile.
        let commit = std::thread::spawn({
            let wire = wire.clone();
            move || {
                std::thread::sleep(Duration::from_millis(100));
                wire.set(true);
                std::thread::sleep(Duration::from_millis(40));
                wire.set(false);
            }
        });
        std::thread::sleep(Duration::from_millis(500));
        commit.join().unwrap();
        for _ in 0..10 {
            presses += dice.poll(now()).unwrap();
            std::thread::sleep(Duration::from_millis(20));
        }
        presses
    }

    #[test]
    fn a_short_press_while_the_screens_thread_is_held_up_still_rolls_once() {
        let wire = Wire::default();
        let mut dice = ThreadedDice::spawn(wire.clone(), 30);
        assert_eq!(press_during_a_slow_commit(&mut dice, &wire), 1);
        // Read on the screen's thread, the same press is lost.
        let wire = Wire::default();
        let mut before = OnTheScreensThread { wire: wire.clone(), button: RollButton::new(30) };
        assert_eq!(press_during_a_slow_commit(&mut before, &wire), 0);
    }

    #[test]
    fn chatter_rolls_once_and_a_held_button_once() {
        let wire = Wire::default();
        let mut dice = ThreadedDice::spawn(wire.clone(), 30);
        // Bounces of a few ms as the contact closes, then held for 300 ms.
        for _ in 0..5 {
            wire.set(true);
            std::thread::sleep(Duration::from_millis(2));
            wire.set(false);
            std::thread::sleep(Duration::from_millis(2));
        }
        wire.set(true);
        std::thread::sleep(Duration::from_millis(300));
        wire.set(false);
        std::thread::sleep(Duration::from_millis(100));
        assert_eq!(dice.poll(0).unwrap(), 1);
        assert_eq!(dice.poll(0).unwrap(), 0);
    }

    #[test]
    fn the_thread_ends_when_the_button_is_dropped() {
        struct Counted(Arc<std::sync::atomic::AtomicU32>);
        impl RollLine for Counted {
            fn pressed(&mut self) -> bool {
                self.0.fetch_add(1, Ordering::Relaxed);
                false
            }
        }
        let reads = Arc::new(std::sync::atomic::AtomicU32::new(0));
        drop(ThreadedDice::spawn(Counted(reads.clone()), 30));
        std::thread::sleep(Duration::from_millis(50));
        let after = reads.load(Ordering::Relaxed);
        std::thread::sleep(Duration::from_millis(50));
        assert_eq!(reads.load(Ordering::Relaxed), after, "the line is still read");
    }
}
