//! A part that did not open at start (a reader whose SPI device appears a
//! few seconds after Tavola, a pad whose I2C bus comes up late): its
//! on-screen substitute serves the table while the part is tried again in
//! the background, and the real part takes over, between two polls, as soon
//! as it opens.
//!
//! A reader that opened (at start or late) and then stops answering (a loose
//! wire, a board gone, its chip held in power-down) is served by the same
//! substitute, the cards on the screen, for as long as it is down: the game
//! goes on, and the real reader serves again as soon as it answers.
//!
//! The tries follow the table's clock (one every [`RETRY_OPEN_MS`]) and run
//! on a thread of their own, one at a time: opening a device that hangs
//! never freezes the screen, and a part that never comes costs a blocked
//! thread and a failed open every few seconds.

use super::{DiceButton, HwError, Light, Millis, PadEvent, TagEvent, TagSource, VotePad};
use std::sync::mpsc;
use tavola_firmware::nfc::{CardId, Presence, ReaderChip};

/// How often a part that did not open is tried again, on the table's clock.
pub const RETRY_OPEN_MS: Millis = 3_000;

/// How long a real reader fails, on the table's clock, before the cards on the screen stand in
/// for it: a hiccup it gets over at once (a transfer error, its session started again) does
/// not bring them. A chip that gives no version Tavola knows (nothing answers on the bus, or
/// the chip sits in power-down) and a reader whose thread froze bring them at once.
pub const STAND_IN_AFTER_MS: Millis = 1_000;

/// Whether a reader's failure says at once that nothing answers: no known chip behind the
/// bus (its version register reads 0x00 or 0xFF), or its thread stuck.
fn silent(e: &HwError) -> bool {
    ["hw.reader.none", "hw.reader.froze"].contains(&e.msg.id.as_ref())
}

/// Opens a part; called again and again on a thread of its own until it
/// gives the part.
pub type Opener<P> = Box<dyn FnMut() -> Result<P, HwError> + Send>;

/// Runs an opener on a thread of its own, one try when asked.
struct Retrier<P> {
    ask: mpsc::Sender<()>,
    answers: mpsc::Receiver<Result<P, HwError>>,
    /// A try was asked and has not answered yet.
    trying: bool,
    next_try: Millis,
    every: Millis,
    tries: u32,
    /// Why the last try failed.
    last: Option<HwError>,
}

impl<P: Send + 'static> Retrier<P> {
    /// A retrier whose first try is at `first_try` on the table's clock.
    fn spawn(mut open: Opener<P>, first_try: Millis, every: Millis) -> Self {
        let (ask, asked) = mpsc::channel::<()>();
        let (tell, answers) = mpsc::channel();
        let spawned = std::thread::Builder::new().name("tavola-open".into()).spawn(move || {
            // Waits (blocked, no polling) for the next try; ends when the
            // part opened or nobody waits for it any more.
            while asked.recv().is_ok() {
                if tell.send(open()).is_err() {
                    return;
                }
                super::wake::ring();
            }
        });
        if let Err(e) = spawned {
            // No thread: the substitute stays for the evening; said once.
            eprintln!("tavola: cannot start trying a part again: {e}");
        }
        Retrier { ask, answers, trying: false, next_try: first_try, every: every.max(1), tries: 0, last: None }
    }

    /// The part, on the poll after a try opened it.
    fn poll(&mut self, now: Millis) -> Option<P> {
        if self.trying {
            match self.answers.try_recv() {
                Ok(Ok(part)) => {
                    self.trying = false;
                    return Some(part);
                }
                Ok(Err(e)) => {
                    self.trying = false;
                    self.last = Some(e);
                }
                // Still trying (a slow open), or the thread is gone: wait.
                Err(_) => return None,
            }
        }
        // The next try comes `every` after this one began (a slow open
        // is never tried twice at once).
        if now >= self.next_try && self.ask.send(()).is_ok() {
            self.trying = true;
            self.tries += 1;
            self.next_try = now.saturating_add(self.every);
        }
        None
    }
}

/// A port served by its on-screen substitute `S` until the real part `R`
/// opens, then by the real part; a real reader that is down is served by the
/// substitute again until it answers.
pub struct Awaited<S, R> {
    substitute: Option<S>,
    real: Option<R>,
    retrier: Option<Retrier<R>>,
    /// The real part took over and the table was not told yet.
    arrived: bool,
    /// The tags lying on the substitute and announced (they leave when it goes).
    lying: Vec<String>,
    /// Why the real reader is down, while the substitute stands in for it.
    standing_in: Option<HwError>,
    /// Since when the real reader has failed without a poll that worked in between.
    failing_since: Option<Millis>,
    /// The reader's poll period as last set (handed to the real reader).
    poll_ms: Option<Millis>,
    /// The lights as last set (handed to the real pad).
    lights: Option<Vec<Light>>,
}

impl<S, R> std::fmt::Debug for Awaited<S, R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Awaited")
            .field("real", &self.real.is_some())
            .field("tries", &self.retrier.as_ref().map_or(0, |r| r.tries))
            .finish_non_exhaustive()
    }
}

impl<S, R: Send + 'static> Awaited<S, R> {
    /// `substitute` serves now; `open` is tried every `every` ms of the
    /// table's clock from `every` on (the first try was the one at start).
    pub fn new(substitute: S, open: Opener<R>, every: Millis) -> Self {
        Awaited {
            substitute: Some(substitute),
            real: None,
            retrier: Some(Retrier::spawn(open, every, every)),
            arrived: false,
            lying: Vec::new(),
            standing_in: None,
            failing_since: None,
            poll_ms: None,
            lights: None,
        }
    }

    /// A real part that opened at start, with its on-screen substitute kept for the moments it
    /// is down (a reader; a pad or a roll button is served by its real part throughout).
    pub fn opened(substitute: S, real: R) -> Self {
        Awaited {
            substitute: Some(substitute),
            real: Some(real),
            retrier: None,
            arrived: false,
            lying: Vec::new(),
            standing_in: None,
            failing_since: None,
            poll_ms: None,
            lights: None,
        }
    }

    /// Whether the real part serves.
    pub fn is_real(&self) -> bool {
        self.real.is_some()
    }

    /// How many times the part was tried again (while it is awaited).
    pub fn tries(&self) -> u32 {
        self.retrier.as_ref().map_or(0, |r| r.tries)
    }

    /// Why the last try failed (while the substitute serves).
    pub fn last_failure(&self) -> Option<&HwError> {
        self.retrier.as_ref().and_then(|r| r.last.as_ref())
    }

    /// The real part, if a try has just opened it (the substitute goes).
    fn arrive(&mut self, now: Millis) -> bool {
        if self.real.is_some() {
            return false;
        }
        let Some(part) = self.retrier.as_mut().and_then(|r| r.poll(now)) else { return false };
        self.real = Some(part);
        self.retrier = None;
        self.arrived = true;
        true
    }

    fn take_arrived(&mut self) -> bool {
        std::mem::take(&mut self.arrived)
    }
}

impl<S: TagSource, R: TagSource> Awaited<S, R> {
    /// A poll of the substitute: what it announces is kept as lying on it, and only a tag
    /// announced leaves (one laid before the real reader served again was lifted then).
    fn poll_substitute(&mut self, now: Millis) -> Result<Vec<TagEvent>, HwError> {
        let Some(sub) = self.substitute.as_mut() else { return Ok(Vec::new()) };
        let mut out = Vec::new();
        for e in sub.poll(now)? {
            match &e {
                TagEvent::Arrived { uid, .. } => self.lying.push(uid.clone()),
                TagEvent::Left { uid } if self.lying.contains(uid) => self.lying.retain(|u| u != uid),
                TagEvent::Left { .. } => continue,
                TagEvent::Unreadable { .. } => {}
            }
            out.push(e);
        }
        Ok(out)
    }

    /// A poll of the real reader; while it is down, of the substitute standing in for it.
    fn poll_real(&mut self, now: Millis) -> Result<Vec<TagEvent>, HwError> {
        let Some(real) = self.real.as_mut() else { return Ok(Vec::new()) };
        match real.poll(now) {
            Ok(events) => {
                self.failing_since = None;
                // Back: what lay on the screen's reader is gone with it.
                let mut out = Vec::new();
                if self.standing_in.take().is_some() {
                    out.extend(self.lying.drain(..).map(|uid| TagEvent::Left { uid }));
                }
                out.extend(events);
                Ok(out)
            }
            // Two cards on it: the reader answers.
            Err(e) if e.msg.id == "hw.reader.several_tags" => Err(e),
            Err(e) => {
                let since = *self.failing_since.get_or_insert(now);
                let down = self.standing_in.is_some() || silent(&e) || now.saturating_sub(since) >= STAND_IN_AFTER_MS;
                if !down {
                    return Err(e);
                }
                self.standing_in = Some(e);
                self.poll_substitute(now)
            }
        }
    }
}

impl<S: TagSource, R: TagSource + Send + 'static> TagSource for Awaited<S, R> {
    fn poll(&mut self, now: Millis) -> Result<Vec<TagEvent>, HwError> {
        if self.arrive(now) {
            if let (Some(ms), Some(real)) = (self.poll_ms, self.real.as_mut()) {
                real.set_poll_ms(ms);
            }
            // What lay on the on-screen reader is gone with it.
            let mut out: Vec<TagEvent> = self.lying.drain(..).map(|uid| TagEvent::Left { uid }).collect();
            out.extend(self.poll_real(now)?);
            return Ok(out);
        }
        if self.real.is_some() {
            self.poll_real(now)
        } else {
            self.poll_substitute(now)
        }
    }
    fn screen_serves(&self) -> bool {
        self.real.is_none() || self.standing_in.is_some()
    }
    fn down(&self) -> Option<HwError> {
        self.standing_in.clone()
    }
    fn reader_chip(&self) -> Option<ReaderChip> {
        match (&self.real, &self.substitute) {
            (Some(real), _) => real.reader_chip(),
            (None, Some(sub)) => sub.reader_chip(),
            (None, None) => None,
        }
    }
    fn begin_write(&mut self, card: &CardId) -> Result<(), HwError> {
        match (&mut self.real, &mut self.substitute) {
            (Some(real), _) => real.begin_write(card),
            (None, Some(sub)) => sub.begin_write(card),
            (None, None) => Err(HwError::said("reader", tavola_words::msg!("hw.reader.not_ready"))),
        }
    }
    fn write_outcome(&mut self) -> Option<Result<String, HwError>> {
        match (&mut self.real, &mut self.substitute) {
            (Some(real), _) => real.write_outcome(),
            (None, Some(sub)) => sub.write_outcome(),
            (None, None) => None,
        }
    }
    fn poll_ms(&self) -> Option<Millis> {
        match (&self.real, &self.substitute) {
            (Some(real), _) => real.poll_ms(),
            (None, Some(sub)) => sub.poll_ms(),
            (None, None) => self.poll_ms,
        }
    }
    fn set_poll_ms(&mut self, ms: Millis) {
        self.poll_ms = Some(ms);
        match (&mut self.real, &mut self.substitute) {
            (Some(real), _) => real.set_poll_ms(ms),
            (None, Some(sub)) => sub.set_poll_ms(ms),
            (None, None) => {}
        }
    }
    fn note(&self) -> Option<HwError> {
        self.real.as_ref().and_then(TagSource::note)
    }
    fn memory(&self) -> Option<Presence> {
        match (&self.real, &self.substitute) {
            (Some(real), _) => real.memory(),
            (None, Some(sub)) => sub.memory(),
            (None, None) => None,
        }
    }
    fn recall(&mut self, earlier: &Presence) {
        match (&mut self.real, &mut self.substitute) {
            (Some(real), _) => real.recall(earlier),
            (None, Some(sub)) => sub.recall(earlier),
            (None, None) => {}
        }
    }
    fn took_over(&mut self) -> bool {
        self.take_arrived()
    }
}

impl<S: VotePad, R: VotePad + Send + 'static> VotePad for Awaited<S, R> {
    fn poll(&mut self, now: Millis) -> Result<Vec<PadEvent>, HwError> {
        if self.arrive(now) {
            if let (Some(lights), Some(real)) = (self.lights.as_deref(), self.real.as_mut()) {
                real.set_lights(lights)?;
            }
        }
        match (&mut self.real, &mut self.substitute) {
            (Some(real), _) => real.poll(now),
            (None, Some(sub)) => sub.poll(now),
            (None, None) => Ok(Vec::new()),
        }
    }
    fn set_lights(&mut self, lights: &[Light]) -> Result<(), HwError> {
        self.lights = Some(lights.to_vec());
        match (&mut self.real, &mut self.substitute) {
            (Some(real), _) => real.set_lights(lights),
            (None, Some(sub)) => sub.set_lights(lights),
            (None, None) => Ok(()),
        }
    }
    fn took_over(&mut self) -> bool {
        self.take_arrived()
    }
}

impl<S: DiceButton, R: DiceButton + Send + 'static> DiceButton for Awaited<S, R> {
    fn poll(&mut self, now: Millis) -> Result<u32, HwError> {
        self.arrive(now);
        match (&mut self.real, &mut self.substitute) {
            (Some(real), _) => real.poll(now),
            (None, Some(sub)) => sub.poll(now),
            (None, None) => Ok(0),
        }
    }
    fn took_over(&mut self) -> bool {
        self.take_arrived()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hw::sim::{SimDice, SimPad, SimReader};
    use crate::hw::PadButton;
    use std::sync::atomic::{AtomicU32, Ordering};
    use std::sync::Arc;
    use std::time::{Duration, Instant};
    use tavola_firmware::sim::SimTag;
    use tavola_words::msg;

    fn shared<T>(t: T) -> crate::hw::Shared<T> {
        std::rc::Rc::new(std::cell::RefCell::new(t))
    }

    /// An opener that fails `fails` times (SPI off), then gives `part`.
    fn flaky<P: Send + 'static>(fails: u32, part: P) -> (Opener<P>, Arc<AtomicU32>) {
        let calls = Arc::new(AtomicU32::new(0));
        let counted = calls.clone();
        let mut part = Some(part);
        let open: Opener<P> = Box::new(move || {
            let n = counted.fetch_add(1, Ordering::SeqCst) + 1;
            match part.take() {
                Some(p) if n > fails => Ok(p),
                other => {
                    part = other;
                    Err(HwError::said("reader", msg!("hw.spi.off")))
                }
            }
        });
        (open, calls)
    }

    /// Waits (in real time, a few seconds at most) until `calls` tries have
    /// answered: the tries run on their own thread.
    fn answered(calls: &AtomicU32, n: u32) {
        let start = Instant::now();
        while calls.load(Ordering::SeqCst) < n {
            assert!(start.elapsed() < Duration::from_secs(5), "try {n} never came");
            std::thread::sleep(Duration::from_millis(1));
        }
        // The answer is sent right after the call returns.
        std::thread::sleep(Duration::from_millis(5));
    }

    #[test]
    fn a_reader_that_opens_late_takes_over_and_the_tag_on_the_screen_leaves() {
        let substitute = shared(SimReader::new());
        let real = SimReader::new();
        let real_chip = real.chip().clone();
        let (open, calls) = flaky(2, Box::new(real) as Box<dyn TagSource + Send>);
        let mut port = Awaited::new(substitute.clone(), open, RETRY_OPEN_MS);
        port.set_poll_ms(100);

        // A card laid on the screen's reader is read by the substitute.
        substitute.borrow_mut().place("04112233445566", Some("avalon/role/merlin"));
        let mut events = Vec::new();
        for t in (0..1_000).step_by(50) {
            events.extend(port.poll(t).unwrap());
        }
        assert!(matches!(events.as_slice(), [TagEvent::Arrived { .. }]), "{events:?}");
        assert_eq!(calls.load(Ordering::SeqCst), 0, "nothing tried before its time");

        // Tries at 3 s and 6 s fail; polls in between try nothing more.
        for (try_at, n) in [(3_000, 1), (6_000, 2)] {
            assert!(port.poll(try_at).unwrap().is_empty());
            answered(&calls, n);
            for t in (try_at + 50..try_at + 2_950).step_by(50) {
                assert!(port.poll(t).unwrap().is_empty());
            }
            assert_eq!(calls.load(Ordering::SeqCst), n, "one try every few seconds, not a spin");
            assert!(!port.is_real() && !port.took_over());
            assert!(port.last_failure().is_some_and(|e| e.msg == msg!("hw.spi.off")));
        }

        // The third opens it: the real reader takes over at the next poll,
        // the card on the screen leaves, the poll period set carries over.
        port.poll(9_000).unwrap();
        answered(&calls, 3);
        let events = port.poll(9_050).unwrap();
        assert_eq!(events, [TagEvent::Left { uid: "04112233445566".into() }]);
        assert!(port.is_real() && port.took_over() && !port.took_over(), "told once");
        assert_eq!(port.poll_ms(), Some(100));

        // What lies on the real reader now counts; the screen's does not.
        real_chip.place(SimTag::ntag213([4, 9, 9, 9, 9, 9, 9]).with_card("avalon/role/percival"));
        substitute.borrow_mut().place("04AAAAAAAAAAAA", Some("avalon/role/mordred"));
        let events: Vec<TagEvent> = (1..20).flat_map(|i| port.poll(9_050 + i * 100).unwrap()).collect();
        assert_eq!(
            events,
            [TagEvent::Arrived { uid: "04090909090909".into(), card: Some("avalon/role/percival".into()) }]
        );
        assert_eq!(calls.load(Ordering::SeqCst), 3);
    }

    /// A pad that shows what its lights were last set to.
    struct Lit(Arc<std::sync::Mutex<Vec<Light>>>);

    impl VotePad for Lit {
        fn poll(&mut self, _now: Millis) -> Result<Vec<PadEvent>, HwError> {
            Ok(Vec::new())
        }
        fn set_lights(&mut self, lights: &[Light]) -> Result<(), HwError> {
            *self.0.lock().unwrap() = lights.to_vec();
            Ok(())
        }
    }

    #[test]
    fn a_pad_that_opens_late_gets_the_lights_of_the_moment_and_the_screens_presses_stop() {
        let shown = Arc::new(std::sync::Mutex::new(Vec::new()));
        let (open, calls) = flaky(0, Box::new(Lit(shown.clone())) as Box<dyn VotePad + Send>);
        let screen = shared(SimPad::new(6));
        let mut port = Awaited::new(screen.clone(), open, RETRY_OPEN_MS);
        let lights = [Light::Waiting, Light::Done, Light::Off];
        port.set_lights(&lights).unwrap();
        assert_eq!(screen.borrow().lights()[..3], lights, "the screen's pad shows them meanwhile");
        port.poll(RETRY_OPEN_MS).unwrap();
        answered(&calls, 1);
        port.poll(RETRY_OPEN_MS + 10).unwrap();
        assert!(port.is_real() && port.took_over());
        assert_eq!(*shown.lock().unwrap(), lights, "the real pad lights the same seats at once");
        // A press on the screen's pad no longer votes.
        screen.borrow_mut().set_level(RETRY_OPEN_MS + 20, 0, PadButton::Approve, true);
        let events: Vec<PadEvent> = (3..40).flat_map(|i| port.poll(RETRY_OPEN_MS + i * 10).unwrap()).collect();
        assert!(events.is_empty(), "{events:?}");
    }

    #[test]
    fn a_roll_button_that_never_opens_leaves_the_screens_and_is_tried_every_few_seconds() {
        let (open, calls) = flaky(u32::MAX, Box::new(SimDice::default()) as Box<dyn DiceButton + Send>);
        let screen = shared(SimDice::default());
        let mut port = Awaited::new(screen.clone(), open, RETRY_OPEN_MS);
        for k in 1..=4u64 {
            port.poll(k * RETRY_OPEN_MS).unwrap();
            answered(&calls, k as u32);
            port.poll(k * RETRY_OPEN_MS + 20).unwrap();
        }
        screen.borrow_mut().press();
        assert_eq!(port.poll(4 * RETRY_OPEN_MS + 40).unwrap(), 1, "the screen's button still rolls");
        assert_eq!(calls.load(Ordering::SeqCst), 4);
        assert!(!port.took_over());
    }
}
