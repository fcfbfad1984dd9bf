//! The watchdog over a part polled on a thread of its own (the reader, the vote pad): the
//! thread beats at every turn of its loop; a thread that has not beaten for a while is stuck
//! (a bus call that never returns) and is replaced by a fresh one. The replaced thread is
//! retired: if it ever wakes, it sees so before it hands over anything it found or touches
//! its part again.

use super::Millis;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, TryLockError};
use std::time::{Duration, Instant};

/// The heartbeat of a thread opening its part.
const OPENING: u64 = u64::MAX;

/// Whether a part's thread has been replaced by the watchdog.
#[derive(Clone, Debug)]
pub struct Retired {
    generation: Arc<AtomicU64>,
    mine: u64,
}

impl Retired {
    /// A thread never replaced (a part with no watchdog over it).
    pub fn never() -> Self {
        Retired { generation: Arc::new(AtomicU64::new(0)), mine: 0 }
    }

    /// True once the watchdog has started another thread in this one's place.
    pub fn is_retired(&self) -> bool {
        self.generation.load(Ordering::SeqCst) != self.mine
    }
}

/// What a part's thread holds of its watchdog: its heartbeat, and whether it was replaced.
#[derive(Debug)]
pub struct Beat {
    heartbeat: Arc<AtomicU64>,
    started: Instant,
    retired: Retired,
    handing: Arc<Mutex<()>>,
}

impl Beat {
    /// Says the thread is alive; gives the time, in ms on the watchdog's clock (the same for
    /// every thread it starts, so that what one thread timed the next one can go on with).
    pub fn beat(&self) -> Millis {
        let now = self.started.elapsed().as_millis() as Millis;
        self.heartbeat.store(now, Ordering::Relaxed);
        now
    }

    /// Says the thread is opening its part (see [`Maker::make`]): not stuck until it beats
    /// again. Another thread started meanwhile would only wait on the same open.
    fn opening(&self) {
        self.heartbeat.store(OPENING, Ordering::Relaxed);
    }

    /// True while no other thread has been started in this one's place.
    pub fn is_current(&self) -> bool {
        !self.retired.is_retired()
    }

    /// The thread's [`Retired`], for whatever must refuse it once replaced (its bus).
    pub fn retired(&self) -> Retired {
        self.retired.clone()
    }

    /// Runs `tell` (what hands the thread's findings over) unless the thread was replaced:
    /// `None` if it was. A hand-over and the thread's replacement never overlap: once
    /// [`Watchdog::restart`] has returned, what the replaced thread handed over is all it
    /// ever will.
    pub fn hand_over<T>(&self, tell: impl FnOnce() -> T) -> Option<T> {
        let _held = self.handing.lock().unwrap_or_else(|e| e.into_inner());
        self.is_current().then(tell)
    }
}

/// Watches the thread that polls a part, and numbers the threads it starts: the one whose
/// number is the current generation may drive the part; any other was replaced.
#[derive(Debug)]
pub struct Watchdog {
    started: Instant,
    stale_after: Duration,
    heartbeat: Arc<AtomicU64>,
    generation: Arc<AtomicU64>,
    /// Held by a thread while it hands over what it found (see [`Beat::hand_over`]).
    handing: Arc<Mutex<()>>,
    restarts: u32,
}

impl Watchdog {
    /// A watchdog that takes a thread for stuck once it has not beaten for `stale_after`.
    pub fn new(stale_after: Duration) -> Self {
        Watchdog {
            started: Instant::now(),
            stale_after,
            heartbeat: Arc::new(AtomicU64::new(0)),
            generation: Arc::new(AtomicU64::new(0)),
            handing: Arc::new(Mutex::new(())),
            restarts: 0,
        }
    }

    /// Retires the thread running now (if any) and gives the beat of the one to start in its
    /// place. Retired first: a replaced thread must notice even when it has nothing to send,
    /// or two threads would drive one part.
    pub fn next_thread(&mut self) -> Beat {
        let mine = self.generation.fetch_add(1, Ordering::SeqCst) + 1;
        let retired = Retired { generation: self.generation.clone(), mine };
        self.heartbeat = Arc::new(AtomicU64::new(self.started.elapsed().as_millis() as u64));
        // A hand-over under way (begun before the thread was retired) ends first.
        drop(self.handing.lock().unwrap_or_else(|e| e.into_inner()));
        Beat { heartbeat: self.heartbeat.clone(), started: self.started, retired, handing: self.handing.clone() }
    }

    /// Whether the thread running now has not beaten for longer than allowed.
    pub fn is_stuck(&self) -> bool {
        let beat = self.heartbeat.load(Ordering::Relaxed);
        if beat == OPENING {
            return false;
        }
        let beat = Duration::from_millis(beat);
        self.started.elapsed().saturating_sub(beat) > self.stale_after
    }

    /// The thread running now is stuck: counted, retired, and the beat of its successor given.
    pub fn restart(&mut self) -> Beat {
        self.restarts += 1;
        self.next_thread()
    }

    /// Retires the thread running now, with none after it (the part is dropped).
    pub fn retire(&self) {
        self.generation.fetch_add(1, Ordering::SeqCst);
    }

    /// How many stuck threads were replaced.
    pub fn restarts(&self) -> u32 {
        self.restarts
    }
}

/// What makes the part for each thread a watchdog starts (the reader with its SPI device, the
/// pad with its expanders), shared by those threads and called on each one's own thread: an
/// open pauses (the reader's reset pulse, 52 ms) or hangs (a bus that never answers), and the
/// screen's thread, which only collects what the part's thread found, never waits on it.
pub struct Maker<P>(Arc<Mutex<MakeFn<P>>>);

/// What [`Maker`] calls: given what the replaced thread left, the part for the new one.
type MakeFn<P> = Box<dyn FnMut(Retired) -> P + Send>;

impl<P> Clone for Maker<P> {
    fn clone(&self) -> Self {
        Maker(self.0.clone())
    }
}

impl<P> std::fmt::Debug for Maker<P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Maker")
    }
}

impl<P> Maker<P> {
    /// Parts made by `make`, handed the [`Retired`] of the thread each is for.
    pub fn new(make: impl FnMut(Retired) -> P + Send + 'static) -> Self {
        Maker(Arc::new(Mutex::new(Box::new(make))))
    }

    /// The part for the thread whose beat is `beat`, made on that thread; while it is being
    /// made the thread is not taken for stuck (an open that hangs leaves the part said frozen:
    /// a thread started in its place would wait on the same open). While a thread before it
    /// is still inside its own making, this one waits, beating every `pause`; `None` once it
    /// was replaced, the part made meanwhile (if any) dropped.
    pub fn make(&self, beat: &Beat, pause: Duration) -> Option<P> {
        loop {
            if !beat.is_current() {
                return None;
            }
            beat.beat();
            let made = match self.0.try_lock() {
                Ok(mut make) => {
                    beat.opening();
                    Some((make.as_mut())(beat.retired()))
                }
                Err(TryLockError::Poisoned(held)) => {
                    beat.opening();
                    Some((held.into_inner().as_mut())(beat.retired()))
                }
                Err(TryLockError::WouldBlock) => None,
            };
            beat.beat();
            match made {
                Some(part) => return beat.is_current().then_some(part),
                None => std::thread::sleep(pause),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_thread_is_current_until_the_next_one_starts_and_stuck_once_it_stops_beating() {
        // Every "not stuck" is asked at once after a beat, every "stuck" after a
        // sleep longer than the window: a loaded machine can only make a sleep
        // longer, so neither depends on how busy it is.
        const WINDOW: Duration = Duration::from_millis(300);
        let past_it = WINDOW + Duration::from_millis(50);
        let mut dog = Watchdog::new(WINDOW);
        let first = dog.next_thread();
        assert!(first.is_current());
        assert!(!dog.is_stuck());
        std::thread::sleep(past_it);
        assert!(dog.is_stuck(), "no beat for longer than the window");
        first.beat();
        assert!(!dog.is_stuck(), "it beat just now");
        std::thread::sleep(past_it);
        assert!(dog.is_stuck());
        let second = dog.restart();
        assert_eq!(dog.restarts(), 1);
        assert!(!first.is_current() && first.retired().is_retired());
        assert!(second.is_current());
        assert!(!dog.is_stuck(), "the new thread's time starts now");
        // A beat of the old thread no longer counts.
        std::thread::sleep(past_it);
        first.beat();
        assert!(dog.is_stuck());
        dog.retire();
        assert!(!second.is_current());
        assert!(!Retired::never().is_retired());
    }

    /// A thread handing over when it is replaced: its hand-over ends before the watchdog's
    /// restart returns; once replaced, it hands over nothing.
    #[test]
    fn a_hand_over_under_way_ends_before_the_restart_and_none_comes_after() {
        let mut dog = Watchdog::new(Duration::from_millis(10));
        let first = dog.next_thread();
        let handed = Arc::new(Mutex::new(Vec::new()));
        let (into, started) = (handed.clone(), Arc::new(std::sync::Barrier::new(2)));
        let go = started.clone();
        let old = std::thread::spawn(move || {
            let told = first.hand_over(|| {
                go.wait();
                std::thread::sleep(Duration::from_millis(100));
                into.lock().unwrap().push("before");
            });
            assert!(told.is_some());
            first.hand_over(|| into.lock().unwrap().push("after"))
        });
        started.wait();
        let _second = dog.restart();
        assert_eq!(*handed.lock().unwrap(), ["before"], "the hand-over under way ended first");
        assert_eq!(old.join().unwrap(), None, "nothing after the restart");
        assert_eq!(*handed.lock().unwrap(), ["before"]);
    }
}
