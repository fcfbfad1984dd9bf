//! The NFC reader as a [`TagSource`]: the firmware's reader session on any
//! SPI device (the Pi's, or the simulated MFRC522), polled at its own pace,
//! opened again when the reader stops answering, and optionally run on a
//! thread of its own with a watchdog.

use super::{HwError, Millis, TagEvent, TagSource};
use embedded_hal::spi::SpiDevice;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tavola_firmware::nfc::{NfcConfig, NfcError, NfcEvent, NfcSession, ReaderChip};

/// Default poll period: a tag laid down is seen within this time.
pub const POLL_MS: Millis = 50;
/// Pause before opening a reader again after it failed.
pub const RETRY_MS: Millis = 2_000;

fn reader_error<E: std::fmt::Debug>(e: &NfcError<E>) -> HwError {
    let r = |it: String, en: String| HwError::new("reader", it, en);
    match e {
        NfcError::NoReader { version } => r(
            format!(
                "Nessun lettore NFC risponde (registro di versione {version:#04x}): controlla i fili e \
                 l'alimentazione, e che SPI sia attivo (raspi-config). Intanto usa le carte sullo schermo."
            ),
            format!(
                "No NFC reader answers (version register {version:#04x}): check the wiring and power, and that \
                 SPI is on (raspi-config). Meanwhile, use the cards on the screen."
            ),
        ),
        NfcError::Stalled => r(
            "Il lettore NFC ha smesso di rispondere: Tavola lo riavvia.".into(),
            "The NFC reader stopped answering: Tavola is restarting it.".into(),
        ),
        NfcError::ReaderChanged { expected, found } => r(
            format!(
                "Il lettore NFC è stato riavviato o sostituito ({expected:#04x} → {found:#04x}): Tavola lo riprende."
            ),
            format!("The NFC reader was reset or replaced ({expected:#04x} → {found:#04x}): Tavola picks it up again."),
        ),
        other => r(format!("Errore del lettore NFC: {other}"), format!("NFC reader error: {other}")),
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
        }
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
        let session = NfcSession::new(spi, self.cfg).map_err(|e| reader_error(&e))?;
        self.chip = Some(session.chip());
        self.session = Some(session);
        Ok(())
    }

    fn fail(&mut self, now: Millis, e: HwError) -> HwError {
        self.session = None;
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
            return Ok(Vec::new());
        }
        self.next_poll = now + self.poll_ms;
        let Some(session) = self.session.as_mut() else { return Ok(Vec::new()) };
        let mut out = Vec::new();
        let result = session.poll(now, &mut |e| {
            out.push(match e {
                NfcEvent::TagArrived { uid, card } => {
                    TagEvent::Arrived { uid: uid.to_string(), card: card.map(|c| c.as_str().to_string()) }
                }
                NfcEvent::TagLeft { uid } => TagEvent::Left { uid: uid.to_string() },
                NfcEvent::TagUnreadable { uid, error } => {
                    TagEvent::Unreadable { uid: uid.to_string(), reason: error.to_string() }
                }
            })
        });
        match result {
            Ok(()) => Ok(out),
            // Whatever was read before the failure is dropped with the
            // session: a read cut short never yields a card.
            Err(e) => Err(self.fail(now, reader_error(&e))),
        }
    }
}

/// A reader polled on its own thread, so that a reader stuck inside a bus
/// call can never freeze the screen. A watchdog starts a fresh thread (and a
/// fresh reader) when the thread stops reporting.
pub struct ThreadedReader {
    make: Box<dyn FnMut() -> Box<dyn TagSource + Send> + Send>,
    rx: mpsc::Receiver<Result<TagEvent, HwError>>,
    heartbeat: Arc<AtomicU64>,
    started: Instant,
    stale_after: Duration,
    poll_ms: Millis,
    restarts: u32,
}

impl std::fmt::Debug for ThreadedReader {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ThreadedReader").field("restarts", &self.restarts).finish_non_exhaustive()
    }
}

impl ThreadedReader {
    /// Runs the reader made by `make` on a thread, polling every `poll_ms`;
    /// the watchdog restarts it when the thread has not looped for
    /// `stale_after`.
    pub fn spawn(
        make: impl FnMut() -> Box<dyn TagSource + Send> + Send + 'static,
        poll_ms: Millis,
        stale_after: Duration,
    ) -> Self {
        let (tx, rx) = mpsc::channel();
        let mut me = ThreadedReader {
            make: Box::new(make),
            rx,
            heartbeat: Arc::new(AtomicU64::new(0)),
            started: Instant::now(),
            stale_after,
            poll_ms,
            restarts: 0,
        };
        me.start_thread(tx, poll_ms);
        me
    }

    /// How many times the watchdog restarted the reader.
    pub fn restarts(&self) -> u32 {
        self.restarts
    }

    fn start_thread(&mut self, tx: mpsc::Sender<Result<TagEvent, HwError>>, poll_ms: Millis) {
        let mut source = (self.make)();
        let heartbeat = Arc::new(AtomicU64::new(self.started.elapsed().as_millis() as u64));
        self.heartbeat = heartbeat.clone();
        let started = self.started;
        std::thread::spawn(move || loop {
            let now = started.elapsed().as_millis() as Millis;
            heartbeat.store(now, Ordering::Relaxed);
            let sent = match source.poll(now) {
                Ok(events) => events.into_iter().all(|e| tx.send(Ok(e)).is_ok()),
                Err(e) => tx.send(Err(e)).is_ok(),
            };
            if !sent {
                return; // The watchdog replaced this thread.
            }
            std::thread::sleep(Duration::from_millis(poll_ms));
        });
    }
}

impl TagSource for ThreadedReader {
    fn poll(&mut self, _now: Millis) -> Result<Vec<TagEvent>, HwError> {
        let mut events = Vec::new();
        let mut error = None;
        while let Ok(item) = self.rx.try_recv() {
            match item {
                Ok(e) => events.push(e),
                Err(e) => error = Some(e),
            }
        }
        let beat = Duration::from_millis(self.heartbeat.load(Ordering::Relaxed));
        if self.started.elapsed().saturating_sub(beat) > self.stale_after {
            self.restarts += 1;
            let (tx, rx) = mpsc::channel();
            self.rx = rx;
            self.start_thread(tx, self.poll_ms);
            return Err(HwError::new(
                "reader",
                "Il lettore NFC si era bloccato: Tavola lo ha riavviato.",
                "The NFC reader froze: Tavola restarted it.",
            ));
        }
        match error {
            Some(e) if events.is_empty() => Err(e),
            _ => Ok(events),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicU32;

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

    #[test]
    fn a_frozen_reader_thread_is_replaced_and_the_screen_is_told() {
        let made = Arc::new(AtomicU32::new(0));
        let counter = made.clone();
        let mut reader = ThreadedReader::spawn(
            move || {
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
                    assert!(e.en.contains("froze") && e.it.contains("bloccato"), "{e:?}");
                    restarts += 1;
                }
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        assert_eq!(restarts, 2, "each freeze is noticed and the reader started again");
        assert_eq!(reader.restarts(), 2);
        assert!(seen.len() >= 2, "a fresh reader works after each restart: {seen:?}");
    }
}
