//! The NFC reader as a [`TagSource`]: the firmware's reader session on any
//! SPI device (the Pi's, or the simulated MFRC522), polled at its own pace,
//! opened again when the reader stops answering, and optionally run on a
//! thread of its own with a watchdog.

use super::watchdog::{Beat, Maker, Watchdog};
use super::{HwError, Millis, TagEvent, TagSource};
use embedded_hal::spi::{ErrorKind, ErrorType, Operation, SpiDevice};
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tavola_firmware::nfc::{CardId, NfcConfig, NfcError, NfcEvent, NfcSession, Presence, ReaderChip};
use tavola_words::{msg, Msg};

pub use super::watchdog::Retired;

/// Default poll period: a tag laid down is seen within this time.
pub const POLL_MS: Millis = 50;

/// The poll periods the Hardware panel offers, in ms: from brisk (a card is
/// seen sooner, more SPI traffic) to lazy (less CPU and bus time).
pub const POLL_MS_RANGE: std::ops::RangeInclusive<Millis> = 20..=250;
/// Pause before opening a reader again after it failed.
pub const RETRY_MS: Millis = 2_000;

fn reader_error<E: std::fmt::Debug>(e: &NfcError<E>) -> HwError {
    let r = |m: Msg| HwError::said("reader", m);
    match e {
        NfcError::NoReader { version } => r(msg!("hw.reader.none", version = format!("{version:#04x}"))),
        NfcError::Stalled => r(msg!("hw.reader.stalled")),
        NfcError::ReaderChanged { expected, found } => {
            r(msg!("hw.reader.changed", expected = format!("{expected:#04x}"), found = format!("{found:#04x}")))
        }
        other => r(msg!("hw.reader.error", error = other.to_string())),
    }
}

fn several_tags() -> HwError {
    HwError::said("reader", msg!("hw.reader.several_tags"))
}

/// Why writing a tag failed, when the tag (not the reader) is at fault.
fn write_error<E: std::fmt::Debug>(e: &NfcError<E>) -> Option<HwError> {
    let r = |m: Msg| Some(HwError::said("tag", m));
    match e {
        NfcError::NoTag => r(msg!("hw.tag.none")),
        NfcError::Tag(t) => r(msg!("hw.tag.write_failed", error = t.to_string())),
        NfcError::NotWritable => r(msg!("hw.tag.not_writable")),
        NfcError::TooLarge { needed, capacity } => r(msg!("hw.tag.too_large", count = *needed, capacity = *capacity)),
        NfcError::VerifyFailed => r(msg!("hw.tag.verify_failed")),
        _ => None,
    }
}

/// What to tell the user about a reader's or a tag's error (the command
/// line's `tavola tags`).
pub fn error_msg<E: std::fmt::Debug>(e: &NfcError<E>) -> Msg {
    write_error(e).unwrap_or_else(|| reader_error(e)).msg
}

/// Microseconds since the first call: the clock that bounds each of the reader's steps in time
/// (see [`NfcSession::with_clock`]).
fn monotonic_us() -> u64 {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_micros() as u64
}

/// An SPI device whose every transaction fails once its thread is retired: a reader's thread
/// that the watchdog replaced while it was stuck inside a bus call wakes up, and its next
/// transaction never reaches the chip its successor now drives.
#[derive(Debug)]
pub struct RetiringSpi<SPI> {
    spi: SPI,
    retired: Retired,
}

impl<SPI> RetiringSpi<SPI> {
    /// `spi`, for the thread `retired` watches.
    pub fn new(spi: SPI, retired: Retired) -> Self {
        RetiringSpi { spi, retired }
    }
}

/// Error of a [`RetiringSpi`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RetiringError<E> {
    /// The device failed.
    Spi(E),
    /// The thread was replaced: nothing was sent.
    Retired,
}

impl<E: embedded_hal::spi::Error> embedded_hal::spi::Error for RetiringError<E> {
    fn kind(&self) -> ErrorKind {
        match self {
            RetiringError::Spi(e) => e.kind(),
            RetiringError::Retired => ErrorKind::Other,
        }
    }
}

impl<SPI: SpiDevice> ErrorType for RetiringSpi<SPI> {
    type Error = RetiringError<SPI::Error>;
}

impl<SPI: SpiDevice> SpiDevice for RetiringSpi<SPI> {
    fn transaction(&mut self, operations: &mut [Operation<'_, u8>]) -> Result<(), Self::Error> {
        if self.retired.is_retired() {
            return Err(RetiringError::Retired);
        }
        self.spi.transaction(operations).map_err(RetiringError::Spi)
    }
}

/// A reader session that opens itself (again) when needed.
pub struct NfcReader<SPI: SpiDevice, F> {
    open: F,
    cfg: NfcConfig,
    session: Option<NfcSession<SPI>>,
    poll_ms: Millis,
    next_poll: Millis,
    retry_at: Millis,
    chip: Option<ReaderChip>,
    /// Why the reader is down, repeated on every poll until it is back.
    down: Option<HwError>,
    /// The outcome of the last write, until asked for.
    written: Option<Result<String, HwError>>,
    /// Something worth knowing about the reader (see [`TagSource::note`]).
    note: Option<HwError>,
    /// Several tags answered at the last look, and still do: said on
    /// every poll until they are one again (the table says it once).
    crowded: bool,
    /// What the last session knew of the tags on the reader, for the next one: a session
    /// dropped after a failure is followed by one that goes on with the same visits.
    memory: Option<Presence>,
}

impl<SPI: SpiDevice, F> std::fmt::Debug for NfcReader<SPI, F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NfcReader")
            .field("session", &self.session)
            .field("poll_ms", &self.poll_ms)
            .finish_non_exhaustive()
    }
}

impl<SPI, F> NfcReader<SPI, F>
where
    SPI: SpiDevice,
    F: FnMut() -> Result<SPI, HwError>,
{
    /// A reader that gets its SPI device from `open` whenever it (re)starts.
    pub fn new(open: F, cfg: NfcConfig, poll_ms: Millis) -> Self {
        NfcReader {
            open,
            cfg,
            session: None,
            poll_ms: poll_ms.max(1),
            next_poll: 0,
            retry_at: 0,
            chip: None,
            down: None,
            written: None,
            note: None,
            crowded: false,
            memory: None,
        }
    }

    /// The reader with a note for the self-test and the screen (its reset line not in use).
    pub fn with_note(mut self, note: Option<HwError>) -> Self {
        self.note = note;
        self
    }

    /// The chip found when the session last started.
    pub fn chip(&self) -> Option<ReaderChip> {
        self.chip
    }

    /// The running session (for counters).
    pub fn session(&self) -> Option<&NfcSession<SPI>> {
        self.session.as_ref()
    }

    fn start(&mut self, now: Millis) -> Result<(), HwError> {
        self.retry_at = now + RETRY_MS;
        let spi = (self.open)()?;
        // Each step bounded by the clock too: a pause that runs long counts as long as it ran.
        let mut session = NfcSession::with_clock(spi, self.cfg, monotonic_us).map_err(|e| reader_error(&e))?;
        // A card that lay on the reader through the failure is the same visit, not a new read.
        if let Some(earlier) = &self.memory {
            session.recall(earlier);
        }
        self.chip = Some(session.chip());
        self.session = Some(session);
        Ok(())
    }

    fn fail(&mut self, now: Millis, e: HwError) -> HwError {
        // What the session knew stays for the next one. A poll that failed changed none of it:
        // whatever it was reading is read again, whole.
        if let Some(session) = self.session.take() {
            self.memory = Some(session.presence().clone());
        }
        self.crowded = false;
        self.retry_at = now + RETRY_MS;
        self.down = Some(e.clone());
        e
    }
}

impl<SPI, F> TagSource for NfcReader<SPI, F>
where
    SPI: SpiDevice,
    F: FnMut() -> Result<SPI, HwError>,
{
    fn poll(&mut self, now: Millis) -> Result<Vec<TagEvent>, HwError> {
        if self.session.is_none() {
            if let Some(e) = self.down.as_ref().filter(|_| now < self.retry_at) {
                return Err(e.clone());
            }
            if let Err(e) = self.start(now) {
                return Err(self.fail(now, e));
            }
            self.down = None;
        }
        if now < self.next_poll {
            return if self.crowded { Err(several_tags()) } else { Ok(Vec::new()) };
        }
        self.next_poll = now + self.poll_ms;
        let Some(session) = self.session.as_mut() else { return Ok(Vec::new()) };
        let mut out = Vec::new();
        let mut several = false;
        let result = session.poll(now, &mut |e| match e {
            NfcEvent::TagArrived { uid, card } => {
                out.push(TagEvent::Arrived { uid: uid.to_string(), card: card.map(|c| c.as_str().to_string()) })
            }
            NfcEvent::TagLeft { uid } => out.push(TagEvent::Left { uid: uid.to_string() }),
            NfcEvent::TagUnreadable { uid, error } => {
                out.push(TagEvent::Unreadable { uid: uid.to_string(), reason: error.to_string() })
            }
            NfcEvent::SeveralTags => several = true,
        });
        self.crowded = result.is_ok() && (several || session.several());
        match result {
            // Two cards at once: said (once, by the table) until one is lifted, and the
            // session goes on: nothing is wrong with the reader.
            Ok(()) if self.crowded => Err(several_tags()),
            Ok(()) => Ok(out),
            // Whatever was read before the failure is dropped with the
            // session: a read cut short never yields a card.
            Err(e) => Err(self.fail(now, reader_error(&e))),
        }
    }

    fn reader_chip(&self) -> Option<ReaderChip> {
        self.chip
    }

    fn note(&self) -> Option<HwError> {
        self.note.clone()
    }

    fn memory(&self) -> Option<Presence> {
        self.session.as_ref().map(|s| s.presence().clone()).or_else(|| self.memory.clone())
    }

    fn recall(&mut self, earlier: &Presence) {
        if let Some(session) = self.session.as_mut() {
            session.recall(earlier);
        }
        self.memory = Some(earlier.clone());
    }

    /// Writes at once (a few milliseconds of SPI: the write and its read
    /// back are bounded like every other exchange).
    fn begin_write(&mut self, card: &CardId) -> Result<(), HwError> {
        let Some(session) = self.session.as_mut() else {
            return Err(self.down.clone().unwrap_or_else(|| HwError::said("reader", msg!("hw.reader.not_ready"))));
        };
        let outcome = match session.write_card(card) {
            Ok(uid) => Ok(uid.to_string()),
            Err(e) => match write_error(&e) {
                Some(tag_fault) => Err(tag_fault),
                None => {
                    let now = self.next_poll;
                    Err(self.fail(now, reader_error(&e)))
                }
            },
        };
        self.written = Some(outcome);
        Ok(())
    }

    fn write_outcome(&mut self) -> Option<Result<String, HwError>> {
        self.written.take()
    }

    fn poll_ms(&self) -> Option<Millis> {
        Some(self.poll_ms)
    }

    fn set_poll_ms(&mut self, ms: Millis) {
        let ms = ms.max(1);
        // A longer wait already planned is cut to the new period.
        self.next_poll = self.next_poll.saturating_sub(self.poll_ms).saturating_add(ms);
        self.poll_ms = ms;
    }
}

/// A reader polled on its own thread, so that a reader stuck inside a bus
/// call can never freeze the screen. A watchdog starts a fresh thread (and a
/// fresh reader) when the thread stops reporting; the fresh reader goes on
/// from what the stuck one knew of the tags on it ([`TagSource::memory`]), so
/// a card lying there throughout is not announced again. Each reader is made
/// (its port opened, its chip reset) on its own thread, never on the screen's.
pub struct ThreadedReader {
    make: Maker<Box<dyn TagSource + Send>>,
    /// What each of the thread's polls gave.
    rx: mpsc::Receiver<Result<Vec<TagEvent>, HwError>>,
    /// Why the reader is down, as its thread last said (until a poll of
    /// the thread says it works).
    down: Option<HwError>,
    /// Writes asked of the thread, and their outcomes.
    writes: mpsc::Sender<CardId>,
    written: mpsc::Receiver<Result<String, HwError>>,
    /// A write asked and not answered yet.
    writing: bool,
    /// The outcome of a write the watchdog cut short.
    cut_short: Option<Result<String, HwError>>,
    /// The reader chip's version as the thread last saw it (0: none yet).
    chip: Arc<AtomicU32>,
    /// What the thread's reader last had to say of itself (its reset line not in use).
    note: Arc<Mutex<Option<HwError>>>,
    /// What the current thread's reader knew of the tags on it after its last poll, for a
    /// thread started in its place (kept as that poll is told: see [`Beat::hand_over`]).
    memory: Arc<Mutex<Option<Presence>>>,
    /// The poll period, shared with the reader's thread.
    poll_ms: Arc<AtomicU64>,
    /// Watches the thread, and numbers the threads: one that is no longer current was
    /// replaced, and stops before it touches the chip again.
    watchdog: Watchdog,
}

impl std::fmt::Debug for ThreadedReader {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ThreadedReader").field("restarts", &self.watchdog.restarts()).finish_non_exhaustive()
    }
}

impl ThreadedReader {
    /// Runs the reader made by `make` on a thread, polling every `poll_ms`;
    /// the watchdog restarts it when the thread has not looped for
    /// `stale_after`. `make` is handed the [`Retired`] of the thread it makes
    /// the reader for: wrapped around the reader's SPI device
    /// ([`RetiringSpi`]), it keeps a replaced thread off the chip.
    pub fn spawn(
        make: impl FnMut(Retired) -> Box<dyn TagSource + Send> + Send + 'static,
        poll_ms: Millis,
        stale_after: Duration,
    ) -> Self {
        let (tx, rx) = mpsc::channel();
        let mut me = ThreadedReader {
            make: Maker::new(make),
            rx,
            down: None,
            writes: mpsc::channel().0,
            written: mpsc::channel().1,
            writing: false,
            cut_short: None,
            chip: Arc::new(AtomicU32::new(0)),
            note: Arc::new(Mutex::new(None)),
            memory: Arc::new(Mutex::new(None)),
            poll_ms: Arc::new(AtomicU64::new(poll_ms.max(1))),
            watchdog: Watchdog::new(stale_after),
        };
        let beat = me.watchdog.next_thread();
        me.start_thread(beat, tx);
        me
    }

    /// How many times the watchdog restarted the reader.
    pub fn restarts(&self) -> u32 {
        self.watchdog.restarts()
    }

    /// Starts the reader's thread whose beat is `beat` (the one before it already retired).
    /// The thread makes its reader itself: opening a port (a reset pulse, a bus that hangs)
    /// never holds up the caller, the screen.
    fn start_thread(&mut self, beat: Beat, tx: mpsc::Sender<Result<Vec<TagEvent>, HwError>>) {
        // Read once the thread before was retired: what it knew last, and nothing it finds
        // from now on.
        let earlier = self.memory.lock().unwrap_or_else(|e| e.into_inner()).clone();
        let (note, memory, period) = (self.note.clone(), self.memory.clone(), self.poll_ms.clone());
        let (writes, asked) = mpsc::channel::<CardId>();
        let (answer, written) = mpsc::channel();
        self.writes = writes;
        self.written = written;
        let chip = self.chip.clone();
        let make = self.make.clone();
        std::thread::spawn(move || {
            let pause = Duration::from_millis(period.load(Ordering::Relaxed));
            let Some(mut source) = make.make(&beat, pause) else { return };
            if let Some(earlier) = &earlier {
                source.recall(earlier);
            }
            // A poll that brings news (a tag, a fault, the reader back) wakes the screen.
            let mut down = false;
            loop {
                if !beat.is_current() {
                    return; // The watchdog replaced this thread.
                }
                let now = beat.beat();
                let poll_ms = period.load(Ordering::Relaxed);
                if source.poll_ms().is_some_and(|p| p != poll_ms) {
                    source.set_poll_ms(poll_ms);
                }
                let polled = source.poll(now);
                let news = super::wake::news(&polled, &mut down);
                let known = source.memory();
                // Every poll is told, an empty one too: the reader works. What the reader knows
                // now is kept with it, for a thread that may take this one's place.
                let told = beat.hand_over(|| {
                    if let Some(known) = known {
                        *memory.lock().unwrap_or_else(|e| e.into_inner()) = Some(known);
                    }
                    tx.send(polled).is_ok()
                });
                if told != Some(true) {
                    return; // Replaced while polling (what it saw belongs to nobody), or dropped.
                }
                if news {
                    super::wake::ring();
                }
                chip.store(source.reader_chip().map_or(0, |c| 0x100 | u32::from(c.version())), Ordering::Relaxed);
                *note.lock().unwrap_or_else(|e| e.into_inner()) = source.note();
                // A write asked by the screen, between two polls.
                while let Ok(card) = asked.try_recv() {
                    if !beat.is_current() {
                        return;
                    }
                    let outcome = source.begin_write(&card).and_then(|()| {
                        source
                            .write_outcome()
                            .unwrap_or_else(|| Err(HwError::said("reader", msg!("hw.reader.no_outcome"))))
                    });
                    if answer.send(outcome).is_err() {
                        return;
                    }
                }
                std::thread::sleep(Duration::from_millis(poll_ms));
            }
        });
    }

    /// What the thread's polls gave since the last look, taken in.
    fn take_in(&mut self, events: &mut Vec<TagEvent>) {
        while let Ok(item) = self.rx.try_recv() {
            match item {
                Ok(e) => {
                    events.extend(e);
                    self.down = None;
                }
                Err(e) => self.down = Some(e),
            }
        }
    }
}

impl TagSource for ThreadedReader {
    fn poll(&mut self, _now: Millis) -> Result<Vec<TagEvent>, HwError> {
        // The reader's state is the one its thread's last poll gave: with
        // nothing new, the same as before (a reader down between two of
        // the thread's polls is still down).
        let mut events = Vec::new();
        self.take_in(&mut events);
        if self.watchdog.is_stuck() {
            // Retired first; what it told before that still counts.
            let beat = self.watchdog.restart();
            self.take_in(&mut events);
            if std::mem::take(&mut self.writing) {
                self.cut_short = Some(Err(HwError::said("reader", msg!("hw.reader.froze_writing"))));
            }
            let (tx, rx) = mpsc::channel();
            self.rx = rx;
            self.start_thread(beat, tx);
            // Down until the new thread says otherwise.
            let froze = HwError::said("reader", msg!("hw.reader.froze"));
            self.down = Some(froze.clone());
            return if events.is_empty() { Err(froze) } else { Ok(events) };
        }
        match &self.down {
            Some(e) if events.is_empty() => Err(e.clone()),
            _ => Ok(events),
        }
    }

    fn note(&self) -> Option<HwError> {
        self.note.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    fn memory(&self) -> Option<Presence> {
        self.memory.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    fn reader_chip(&self) -> Option<ReaderChip> {
        match self.chip.load(Ordering::Relaxed) {
            0 => None,
            v => ReaderChip::from_version(v as u8),
        }
    }

    /// Hands the write to the reader's thread, which does it between two
    /// polls: the screen never waits on the bus.
    fn begin_write(&mut self, card: &CardId) -> Result<(), HwError> {
        self.writes.send(*card).map_err(|_| HwError::said("reader", msg!("hw.reader.restarting")))?;
        self.writing = true;
        self.cut_short = None;
        Ok(())
    }

    fn write_outcome(&mut self) -> Option<Result<String, HwError>> {
        if let Some(outcome) = self.cut_short.take() {
            return Some(outcome);
        }
        let outcome = self.written.try_recv().ok()?;
        self.writing = false;
        Some(outcome)
    }

    fn poll_ms(&self) -> Option<Millis> {
        Some(self.poll_ms.load(Ordering::Relaxed))
    }

    fn set_poll_ms(&mut self, ms: Millis) {
        self.poll_ms.store(ms.max(1), Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that reports one tag, then hangs inside its poll forever
    /// (a bus call that never returns) on its `hang_on`-th poll.
    struct Hangs {
        polls: u32,
        hang_on: u32,
        made: Arc<AtomicU32>,
    }

    impl TagSource for Hangs {
        fn poll(&mut self, _now: Millis) -> Result<Vec<TagEvent>, HwError> {
            self.polls += 1;
            if self.polls == self.hang_on {
                loop {
                    std::thread::park();
                }
            }
            let n = self.made.load(Ordering::Relaxed);
            Ok(if self.polls == 1 {
                vec![TagEvent::Arrived { uid: format!("reader-{n}"), card: None }]
            } else {
                vec![]
            })
        }
    }

    /// When a card laid on the reader at `laid` is first reported, polling
    /// the reader every ms.
    fn seen_at(reader: &mut crate::hw::sim::SimReader, laid: Millis) -> Millis {
        reader.place("04A1B2C3D4E580", Some("avalon/role/merlin"));
        (laid..laid + 1_000)
            .find(|&t| reader.poll(t).unwrap().iter().any(|e| matches!(e, TagEvent::Arrived { .. })))
            .expect("the card is seen")
    }

    #[test]
    fn a_longer_poll_period_sees_a_card_later_and_a_shorter_one_sooner() {
        use crate::hw::sim::SimReader;
        let mut reader = SimReader::new();
        assert_eq!(reader.poll_ms(), Some(POLL_MS));
        reader.poll(0).unwrap();
        // Laid just after a poll, the card waits for the next one.
        reader.set_poll_ms(200);
        assert_eq!(reader.poll_ms(), Some(200));
        assert_eq!(seen_at(&mut reader, 1), 200);
        reader.remove();
        for t in (201..2_000).step_by(10) {
            reader.poll(t).unwrap();
        }
        reader.set_poll_ms(20);
        let laid = 2_001;
        let seen = seen_at(&mut reader, laid);
        assert!(seen - laid <= 20, "seen {} ms after it was laid", seen - laid);
    }

    #[test]
    fn a_reader_on_its_own_thread_writes_a_tag_between_two_polls_and_tells_its_chip() {
        use crate::hw::sim::SimReader;
        use tavola_firmware::sim::{SimChip, SimTag};
        let reader = SimReader::new();
        let chip = reader.chip().clone();
        let mut first = Some(reader);
        let mut threaded = ThreadedReader::spawn(
            move |_| Box::new(first.take().unwrap_or_default()) as Box<dyn TagSource + Send>,
            5,
            Duration::from_secs(3),
        );
        chip.place(SimTag::ntag213([4, 1, 2, 3, 4, 5, 6]));
        let start = Instant::now();
        let mut arrived = None;
        while arrived.is_none() && start.elapsed() < Duration::from_secs(5) {
            if let Ok(events) = threaded.poll(0) {
                arrived = events.into_iter().find(|e| matches!(e, TagEvent::Arrived { .. }));
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        assert_eq!(arrived, Some(TagEvent::Arrived { uid: "04010203040506".into(), card: None }));
        assert!(threaded.reader_chip().is_some_and(|c| c.is_genuine()), "the thread tells the reader's version");

        let card = CardId::new("avalon/role/merlin").unwrap();
        threaded.begin_write(&card).unwrap();
        let mut outcome = None;
        while outcome.is_none() && start.elapsed() < Duration::from_secs(10) {
            outcome = threaded.write_outcome();
            std::thread::sleep(Duration::from_millis(5));
        }
        assert_eq!(outcome, Some(Ok("04010203040506".to_string())));
        // The tag, read on another reader, carries the card.
        let tag = chip.remove().unwrap();
        let other = SimChip::new();
        other.place(tag);
        let mut session = NfcSession::new(other, NfcConfig::default()).unwrap();
        let mut read = None;
        session
            .poll(0, &mut |e| {
                if let NfcEvent::TagArrived { card, .. } = e {
                    read = card;
                }
            })
            .unwrap();
        assert_eq!(read, Some(card));
        // Nothing on the reader now: the failure comes back with the fix.
        threaded.begin_write(&card).unwrap();
        let mut outcome = None;
        while outcome.is_none() && start.elapsed() < Duration::from_secs(15) {
            outcome = threaded.write_outcome();
            std::thread::sleep(Duration::from_millis(5));
        }
        let e = outcome.unwrap().unwrap_err();
        assert!(
            e.text(crate::games::Lang::En).contains("No tag on the reader")
                && e.text(crate::games::Lang::It).contains("Nessun tag"),
            "{e:?}"
        );
    }

    /// A reader that never answers.
    struct Dead;

    impl TagSource for Dead {
        fn poll(&mut self, _now: Millis) -> Result<Vec<TagEvent>, HwError> {
            Err(HwError::said("reader", msg!("hw.reader.stalled")))
        }
    }

    /// The screen polls more often than the reader's thread: between two of
    /// the thread's polls a reader that is down stays down (were it said to
    /// work, the table would say "works again" and the trouble again, over
    /// and over).
    #[test]
    fn a_reader_down_on_its_thread_stays_down_between_the_threads_polls() {
        let mut reader =
            ThreadedReader::spawn(|_| Box::new(Dead) as Box<dyn TagSource + Send>, 50, Duration::from_secs(3));
        let start = Instant::now();
        while reader.poll(0).is_ok() {
            assert!(start.elapsed() < Duration::from_secs(5), "the trouble is never told");
            std::thread::sleep(Duration::from_millis(1));
        }
        for i in 0..150 {
            assert!(reader.poll(0).is_err(), "said to work at poll {i}");
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    /// Two cards laid at once: said on every poll until one is lifted,
    /// between the session's own looks too.
    #[test]
    fn two_tags_stay_said_until_one_is_lifted() {
        use crate::hw::sim::SimReader;
        use tavola_firmware::sim::SimTag;
        let mut reader = SimReader::new();
        reader.chip().place(SimTag::ntag213([4, 1, 2, 3, 4, 5, 6]));
        reader.chip().add(SimTag::ntag213([4, 6, 5, 4, 3, 2, 1]));
        let said: Vec<bool> = (0..40).map(|i| reader.poll(i * 10).is_err()).collect();
        let first = said.iter().position(|&e| e).expect("said");
        assert!(said[first..].iter().all(|&e| e), "{said:?}");
        let e = reader.poll(400).unwrap_err();
        assert_eq!(e.msg, msg!("hw.reader.several_tags"));
        reader.chip().remove_uid(&[4, 6, 5, 4, 3, 2, 1]);
        let fine: Vec<bool> = (41..60).map(|i| reader.poll(i * 10).is_ok()).collect();
        assert!(fine.iter().skip(5).all(|&ok| ok), "one card: the reader reads on: {fine:?}");
    }

    /// A reader whose bus call hangs for a while and then comes back, with nothing to report.
    struct Slow {
        /// This reader's number, and how many times each reader made was polled.
        me: usize,
        polls: Arc<Mutex<Vec<u32>>>,
    }

    impl TagSource for Slow {
        fn poll(&mut self, _now: Millis) -> Result<Vec<TagEvent>, HwError> {
            let n = {
                let mut polls = self.polls.lock().unwrap();
                polls[self.me] += 1;
                polls[self.me]
            };
            if self.me == 0 && n == 3 {
                std::thread::sleep(Duration::from_millis(600));
            }
            Ok(vec![])
        }
    }

    #[test]
    fn a_replaced_reader_thread_stops_even_with_nothing_to_send() {
        let polls = Arc::new(Mutex::new(Vec::new()));
        let made = polls.clone();
        let mut reader = ThreadedReader::spawn(
            move |_| {
                let mut list = made.lock().unwrap();
                list.push(0);
                Box::new(Slow { me: list.len() - 1, polls: made.clone() }) as Box<dyn TagSource + Send>
            },
            5,
            Duration::from_millis(200),
        );
        let start = Instant::now();
        while reader.restarts() == 0 && start.elapsed() < Duration::from_secs(5) {
            let _ = reader.poll(0);
            std::thread::sleep(Duration::from_millis(20));
        }
        assert_eq!(reader.restarts(), 1, "the stuck thread was replaced");
        // The old thread's bus call comes back; give both threads time to poll.
        std::thread::sleep(Duration::from_millis(800));
        let before = polls.lock().unwrap().clone();
        std::thread::sleep(Duration::from_millis(300));
        let after = polls.lock().unwrap().clone();
        assert_eq!(after[0], before[0], "the replaced thread polls no more: {before:?} then {after:?}");
        assert!(after[1] > before[1], "its successor goes on: {before:?} then {after:?}");
    }

    #[test]
    fn a_frozen_reader_thread_is_replaced_and_the_screen_is_told() {
        let made = Arc::new(AtomicU32::new(0));
        let counter = made.clone();
        let mut reader = ThreadedReader::spawn(
            move |_| {
                counter.fetch_add(1, Ordering::Relaxed);
                Box::new(Hangs { polls: 0, hang_on: 3, made: counter.clone() }) as Box<dyn TagSource + Send>
            },
            5,
            Duration::from_millis(200),
        );
        let mut seen = Vec::new();
        let mut restarts = 0;
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(5) && restarts < 2 {
            match reader.poll(0) {
                Ok(events) => seen.extend(events),
                Err(e) => {
                    assert!(
                        e.text(crate::games::Lang::En).contains("froze")
                            && e.text(crate::games::Lang::It).contains("bloccato"),
                        "{e:?}"
                    );
                    // Said again until the fresh reader has polled.
                    restarts = reader.restarts();
                }
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        assert_eq!(restarts, 2, "each freeze is noticed and the reader started again");
        assert_eq!(reader.restarts(), 2);
        assert!(seen.len() >= 2, "a fresh reader works after each restart: {seen:?}");
    }

    /// A frozen reader's thread is replaced, and the fresh reader takes 500 ms to open (a
    /// reset pulse, a slow bus): the screen, polling all along, never waits for it longer than
    /// a frame (50 ms), and the fresh reader reads once it has opened.
    #[test]
    fn a_reader_restarted_by_the_watchdog_opens_without_holding_the_screen() {
        let made = Arc::new(AtomicU32::new(0));
        let counter = made.clone();
        let mut reader = ThreadedReader::spawn(
            move |_| {
                if counter.fetch_add(1, Ordering::SeqCst) > 0 {
                    std::thread::sleep(Duration::from_millis(500));
                }
                Box::new(Hangs { polls: 0, hang_on: 3, made: counter.clone() }) as Box<dyn TagSource + Send>
            },
            5,
            Duration::from_millis(200),
        );
        let start = Instant::now();
        let (mut seen, mut longest) = (Vec::new(), Duration::ZERO);
        while start.elapsed() < Duration::from_secs(5) && seen.len() < 2 {
            let t = Instant::now();
            if let Ok(events) = reader.poll(0) {
                seen.extend(events);
            }
            longest = longest.max(t.elapsed());
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(reader.restarts() >= 1, "the frozen thread was replaced");
        assert_eq!(seen.len(), 2, "the fresh reader reads once open: {seen:?}");
        assert!(longest < Duration::from_millis(50), "the screen waited {longest:?} in one poll");
    }

    /// What a woken thread's SPI device answered.
    type Woke = Arc<Mutex<Option<Result<u8, RetiringError<tavola_firmware::sim::TransferError>>>>>;

    /// A reader's source whose first thread gets stuck in a bus call on its third poll, then
    /// wakes and talks to the chip: what its SPI device answered is kept.
    struct WakesUp {
        spi: RetiringSpi<tavola_firmware::sim::SimChip>,
        first: bool,
        polls: u32,
        woke: Woke,
    }

    impl TagSource for WakesUp {
        fn poll(&mut self, _now: Millis) -> Result<Vec<TagEvent>, HwError> {
            use embedded_hal::spi::SpiDevice as _;
            self.polls += 1;
            if self.first && self.polls == 3 {
                std::thread::sleep(Duration::from_millis(600));
                let mut version = tavola_firmware::nfc::VERSION_READ;
                let answer = self.spi.transfer_in_place(&mut version).map(|()| version[1]);
                *self.woke.lock().unwrap() = Some(answer);
            }
            Ok(vec![])
        }
    }

    /// The watchdog retires a thread stuck in a bus call; when the call comes back, the old
    /// thread's next transaction fails without reaching the chip its successor drives.
    #[test]
    fn a_retired_reader_threads_next_transaction_never_reaches_the_chip() {
        use tavola_firmware::sim::SimChip;
        let chip = SimChip::new();
        let woke = Arc::new(Mutex::new(None));
        let (bus, seen) = (chip.clone(), woke.clone());
        let mut made = 0;
        let mut reader = ThreadedReader::spawn(
            move |retired| {
                made += 1;
                let spi = RetiringSpi::new(bus.clone(), retired);
                Box::new(WakesUp { spi, first: made == 1, polls: 0, woke: seen.clone() }) as Box<dyn TagSource + Send>
            },
            5,
            Duration::from_millis(200),
        );
        let start = Instant::now();
        while reader.restarts() == 0 && start.elapsed() < Duration::from_secs(5) {
            let _ = reader.poll(0);
            std::thread::sleep(Duration::from_millis(20));
        }
        assert_eq!(reader.restarts(), 1, "the stuck thread was replaced");
        let before = chip.transactions();
        while woke.lock().unwrap().is_none() && start.elapsed() < Duration::from_secs(5) {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert_eq!(*woke.lock().unwrap(), Some(Err(RetiringError::Retired)), "the old thread's call was refused");
        assert_eq!(chip.transactions(), before, "nothing of it reached the chip");
        // A thread not retired goes through.
        let mut spi = RetiringSpi::new(chip.clone(), Retired::never());
        let mut version = tavola_firmware::nfc::VERSION_READ;
        SpiDevice::transfer_in_place(&mut spi, &mut version).unwrap();
        assert_eq!(version[1], 0x92);
    }

    /// One real card of each game (games/data/catalog; a card that comes in copies, one of
    /// them), on a tag of its own.
    const GAME_CARDS: [(&str, &str); 5] = [
        ("04A1000000A001", "avalon/mission/fail-2"),
        ("04A1000000A002", "soc/black/despair-3"),
        ("04A1000000A003", "legends/character/sir-bors"),
        ("04A1000000A004", "nottingham/item/copper-coin-5"),
        ("04A1000000A005", "kak/quest/tree-of-life"),
    ];

    /// What goes wrong while a card lies on the reader, from the moment it is laid.
    #[derive(Clone, Copy, Debug)]
    enum Hiccup {
        /// A transfer error of the bus after this many transactions: the session fails.
        Transfer(u32),
        /// The chip resets itself after this many frames (the read cut short).
        Reset(u32),
        /// A half read (the tag's answer cut to half) after this many answers, then a transfer
        /// error after this many transactions.
        HalfRead(usize, u32),
        /// The chip stops completing commands for this many polls, then answers again.
        Stall(u32),
        /// The chip's supply dips for this many polls (MISO low): it comes back at its
        /// power-on values.
        PowerDip(u32),
    }

    fn hiccups() -> Vec<Hiccup> {
        let mut all: Vec<Hiccup> = (0..400).step_by(9).map(Hiccup::Transfer).collect();
        all.extend((0..40).step_by(3).map(Hiccup::Reset));
        all.extend([(0, 60), (3, 40), (6, 200), (8, 150)].map(|(a, t)| Hiccup::HalfRead(a, t)));
        all.extend([0, 1, 3].map(Hiccup::Stall));
        all.extend([0, 1, 4].map(Hiccup::PowerDip));
        all
    }

    /// The arrivals among `events`.
    fn arrivals(events: &[TagEvent]) -> Vec<TagEvent> {
        events.iter().filter(|e| matches!(e, TagEvent::Arrived { .. })).cloned().collect()
    }

    /// Polls `reader` every 50 ms from `from` to `to` on the table's clock, the hiccup (if any)
    /// let go at `heal`: what it reported.
    fn polled(
        reader: &mut crate::hw::sim::SimReader,
        from: Millis,
        to: Millis,
        hiccup: Option<(Hiccup, Millis)>,
    ) -> Vec<TagEvent> {
        use tavola_firmware::sim::Fault;
        let mut events = Vec::new();
        let mut polls = 0;
        for t in (from..to).step_by(50) {
            if let Some((h, at)) = hiccup {
                match h {
                    Hiccup::Stall(n) | Hiccup::PowerDip(n) if t == at + 50 * Millis::from(n) => {
                        reader.chip().clear_faults();
                        if matches!(h, Hiccup::PowerDip(_)) {
                            reader.chip().inject(Fault::SelfReset);
                        }
                    }
                    _ => {}
                }
            }
            if let Ok(e) = reader.poll(t) {
                events.extend(e);
            }
            polls += 1;
        }
        assert!(polls > 0);
        events
    }

    /// A card lying on the reader while the reader fails in any of these ways, at any moment
    /// from its lay to long after it was announced, reaches the table once: the session started
    /// again after the failure goes on from what the failed one knew. Lifted (seen gone for a
    /// few polls) and laid again, it is a new read.
    #[test]
    fn a_card_lying_through_a_reader_hiccup_is_announced_once() {
        use crate::hw::sim::SimReader;
        use tavola_firmware::sim::Fault;
        for (uid, card) in GAME_CARDS {
            assert!(crate::catalog::Catalog::builtin().contains(card), "{card} is a real card");
            let laid = TagEvent::Arrived { uid: uid.into(), card: Some(card.into()) };
            for hiccup in hiccups() {
                let mut reader = SimReader::new();
                polled(&mut reader, 0, 200, None);
                reader.place(uid, Some(card));
                match hiccup {
                    Hiccup::Transfer(k) => reader.chip().inject(Fault::TransferErrorAfter(k)),
                    Hiccup::Reset(k) => reader.chip().inject(Fault::SelfResetAfter(k)),
                    Hiccup::HalfRead(a, k) => {
                        reader.chip().inject_after(a, Fault::Truncated);
                        reader.chip().inject(Fault::TransferErrorAfter(k));
                    }
                    Hiccup::Stall(_) => {}
                    Hiccup::PowerDip(_) => {}
                }
                let mut events = polled(&mut reader, 200, 400, None);
                // The stall and the dip come once the card was announced.
                let at = 400;
                match hiccup {
                    Hiccup::Stall(_) => reader.chip().inject(Fault::Stall),
                    Hiccup::PowerDip(_) => reader.chip().inject(Fault::DeadMiso(0x00)),
                    _ => {}
                }
                events.extend(polled(&mut reader, at, 8_000, Some((hiccup, at))));
                assert_eq!(arrivals(&events), std::slice::from_ref(&laid), "{card}, {hiccup:?}: {events:?}");

                // Lifted: it leaves; laid again (away long enough), it is read again.
                reader.remove();
                let gone = polled(&mut reader, 8_000, 8_300, None);
                assert_eq!(gone, [TagEvent::Left { uid: uid.into() }], "{card}, {hiccup:?}");
                polled(&mut reader, 8_300, 10_000, None);
                reader.place(uid, Some(card));
                let again = polled(&mut reader, 10_000, 10_300, None);
                assert_eq!(arrivals(&again), std::slice::from_ref(&laid), "laid again: {card}, {hiccup:?}");
            }
        }
    }

    /// While the reader is down, a card lifted and laid again where no poll could see it gone
    /// is the same visit; one seen gone (polls without it) and laid again is a new read, and so
    /// is another card laid in its place.
    #[test]
    fn only_an_absence_seen_makes_a_card_new_after_a_reader_hiccup() {
        use crate::hw::sim::SimReader;
        use tavola_firmware::sim::Fault;
        let (uid, card) = GAME_CARDS[0];
        let laid = TagEvent::Arrived { uid: uid.into(), card: Some(card.into()) };
        let mut reader = SimReader::new();
        reader.place(uid, Some(card));
        assert_eq!(arrivals(&polled(&mut reader, 0, 300, None)), std::slice::from_ref(&laid));
        // Down for 2 s: lifted and laid again meanwhile, unseen.
        reader.chip().inject(Fault::TransferErrorAfter(0));
        assert!(reader.poll(300).is_err());
        reader.remove();
        polled(&mut reader, 350, 1_000, None);
        reader.place(uid, Some(card));
        let events = polled(&mut reader, 1_000, 4_000, None);
        assert_eq!(arrivals(&events), [], "{events:?}");

        // Down again, the card lifted: the new session sees it gone, then it is laid again.
        reader.chip().inject(Fault::TransferErrorAfter(0));
        assert!(reader.poll(4_000).is_err());
        reader.remove();
        let events = polled(&mut reader, 4_050, 7_000, None);
        assert_eq!(events, [TagEvent::Left { uid: uid.into() }]);
        reader.place(uid, Some(card));
        assert_eq!(arrivals(&polled(&mut reader, 7_000, 7_300, None)), [laid]);

        // Down again, another card laid in its place meanwhile: read.
        reader.chip().inject(Fault::TransferErrorAfter(0));
        assert!(reader.poll(7_300).is_err());
        let (other, other_card) = GAME_CARDS[1];
        reader.place(other, Some(other_card));
        let events = polled(&mut reader, 7_350, 10_000, None);
        assert_eq!(
            events,
            [
                TagEvent::Left { uid: uid.into() },
                TagEvent::Arrived { uid: other.into(), card: Some(other_card.into()) }
            ]
        );
    }

    /// The simulated chip behind a bus whose next call, once asked, hangs for a while (a reader
    /// thread stuck in a bus call) and then fails.
    struct Freezes {
        chip: tavola_firmware::sim::SimChip,
        freeze: Arc<std::sync::atomic::AtomicBool>,
    }

    impl ErrorType for Freezes {
        type Error = tavola_firmware::sim::TransferError;
    }

    impl SpiDevice for Freezes {
        fn transaction(&mut self, operations: &mut [Operation<'_, u8>]) -> Result<(), Self::Error> {
            if self.freeze.swap(false, Ordering::SeqCst) {
                std::thread::sleep(Duration::from_millis(400));
                return Err(tavola_firmware::sim::TransferError);
            }
            self.chip.transaction(operations)
        }
    }

    /// Polls the threaded reader for `ms` of wall time, or until `enough` says so.
    fn watch(reader: &mut ThreadedReader, ms: u64, enough: impl Fn(&[TagEvent], u32) -> bool) -> Vec<TagEvent> {
        let start = Instant::now();
        let mut events = Vec::new();
        while start.elapsed() < Duration::from_millis(ms) && !enough(&events, reader.restarts()) {
            if let Ok(e) = reader.poll(0) {
                events.extend(e);
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        events
    }

    /// A reader's thread stuck in a bus call while a card lies on the reader, once for a card of
    /// each game: the watchdog starts a fresh thread, and the fresh reader goes on from what the
    /// stuck one knew: the card is not announced again, it leaves when lifted, and laid again
    /// once it was seen gone it is read again.
    #[test]
    fn a_card_lying_through_a_restart_of_the_readers_thread_is_announced_once() {
        use tavola_firmware::sim::{SimChip, SimTag};
        let chip = SimChip::new();
        let freeze = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let (bus, frozen) = (chip.clone(), freeze.clone());
        let mut reader = ThreadedReader::spawn(
            move |retired| {
                let (bus, freeze) = (bus.clone(), frozen.clone());
                let open = move || {
                    Ok(RetiringSpi::new(Freezes { chip: bus.clone(), freeze: freeze.clone() }, retired.clone()))
                };
                Box::new(NfcReader::new(open, NfcConfig::default(), 5)) as Box<dyn TagSource + Send>
            },
            5,
            Duration::from_millis(150),
        );
        let tag =
            |uid: &str, card: &str| SimTag::ntag213(crate::hw::sim::uid_for(uid).try_into().unwrap()).with_card(card);
        for (n, (uid, card)) in GAME_CARDS.into_iter().enumerate() {
            let laid = TagEvent::Arrived { uid: uid.into(), card: Some(card.into()) };
            chip.place(tag(uid, card));
            let events = watch(&mut reader, 3_000, |e, _| !arrivals(e).is_empty());
            assert_eq!(arrivals(&events), std::slice::from_ref(&laid), "{card}");
            freeze.store(true, Ordering::SeqCst);
            let restarts = watch(&mut reader, 3_000, |_, r| r > n as u32);
            assert_eq!(arrivals(&restarts), [], "{card} after the restart");
            assert!(reader.restarts() > n as u32, "{card}: the stuck thread was replaced");
            // The stuck thread wakes meanwhile and is refused; the fresh one reads on.
            let after = watch(&mut reader, 700, |_, _| false);
            assert_eq!(arrivals(&after), [], "{card} after the restart: {after:?}");
            chip.remove();
            let gone = watch(&mut reader, 3_000, |e, _| !e.is_empty());
            assert_eq!(gone, [TagEvent::Left { uid: uid.into() }], "{card}");
        }
        // Laid again, away long enough: read again.
        std::thread::sleep(Duration::from_millis(1_100));
        let (uid, card) = GAME_CARDS[4];
        chip.place(tag(uid, card));
        let again = watch(&mut reader, 3_000, |e, _| !arrivals(e).is_empty());
        assert_eq!(arrivals(&again), [TagEvent::Arrived { uid: uid.into(), card: Some(card.into()) }]);
    }
}
