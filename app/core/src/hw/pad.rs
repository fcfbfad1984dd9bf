//! What every pad backend shares: the firmware's debouncer turned into the
//! app's [`PadEvent`]s, and the app's lights turned into the firmware's.

use super::watchdog::{Beat, Maker, Retired, Watchdog};
use super::{HwError, Light, Millis, PadButton, PadEvent, VotePad};
use std::sync::{mpsc, Arc, Mutex};
use std::time::Duration;
use tavola_firmware::votepad as fw;
use tavola_words::msg;

/// The firmware's button for an app button.
pub fn to_fw(b: PadButton) -> fw::Button {
    match b {
        PadButton::Approve => fw::Button::Approve,
        PadButton::Reject => fw::Button::Reject,
    }
}

fn from_fw(b: fw::Button) -> PadButton {
    match b {
        fw::Button::Approve => PadButton::Approve,
        fw::Button::Reject => PadButton::Reject,
    }
}

/// Debounced events of `pad` up to `now`, as the session wants them. Raw
/// presses and releases stay inside: only answers, stuck buttons and
/// double presses matter to the table.
pub fn events(pad: &mut fw::VotePad, now: u64) -> Vec<PadEvent> {
    let mut out = Vec::new();
    pad.poll(now, &mut |e| match e {
        fw::PadEvent::Vote { seat, button } => out.push(PadEvent::Vote { seat, button: from_fw(button) }),
        fw::PadEvent::BothPressed { seat } => out.push(PadEvent::BothPressed { seat }),
        fw::PadEvent::Stuck { seat, button } => out.push(PadEvent::Stuck { seat, button: from_fw(button) }),
        fw::PadEvent::Unstuck { seat, button } => out.push(PadEvent::Unstuck { seat, button: from_fw(button) }),
        _ => {}
    });
    out
}

/// The firmware's lights for the app's: waiting seats blink, seats that have
/// answered are lit, the rest are dark.
pub fn lights(lights: &[Light]) -> fw::Lights {
    let mut out = fw::Lights::new();
    for (seat, l) in lights.iter().enumerate() {
        let fw_light = match l {
            Light::Off => fw::Light::Off,
            Light::Waiting => fw::Light::BLINK,
            Light::Done => fw::Light::On,
        };
        out.set(seat as u8, fw_light);
    }
    out
}

/// Opens the pad again and again until it opens: the pad a fresh thread drives after the
/// watchdog replaced a stuck one, whose pins the stuck thread may still hold until it wakes.
/// Until then every poll says why not, and the lights wait to be set.
pub struct Reopening<P> {
    open: Box<dyn FnMut() -> Result<P, HwError> + Send>,
    pad: Option<P>,
    /// Why the last try failed, and when the next one is.
    failed: Option<(HwError, Millis)>,
    lights: Vec<Light>,
}

impl<P> std::fmt::Debug for Reopening<P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reopening").field("open", &self.pad.is_some()).finish_non_exhaustive()
    }
}

impl<P: VotePad> Reopening<P> {
    /// How long after a failed try the pad is tried again, in ms.
    pub const RETRY_MS: Millis = 1_000;

    /// A pad that `open` gives, tried at the first poll.
    pub fn new(open: impl FnMut() -> Result<P, HwError> + Send + 'static) -> Self {
        Reopening { open: Box::new(open), pad: None, failed: None, lights: Vec::new() }
    }
}

impl<P: VotePad> VotePad for Reopening<P> {
    fn poll(&mut self, now: Millis) -> Result<Vec<PadEvent>, HwError> {
        if self.pad.is_none() {
            if let Some((e, _)) = self.failed.as_ref().filter(|(_, next)| now < *next) {
                return Err(e.clone());
            }
            match (self.open)() {
                Ok(mut pad) => {
                    pad.set_lights(&self.lights)?;
                    self.pad = Some(pad);
                    self.failed = None;
                }
                Err(e) => {
                    self.failed = Some((e.clone(), now + Self::RETRY_MS));
                    return Err(e);
                }
            }
        }
        self.pad.as_mut().map_or(Ok(Vec::new()), |pad| pad.poll(now))
    }

    fn set_lights(&mut self, lights: &[Light]) -> Result<(), HwError> {
        self.lights = lights.to_vec();
        self.pad.as_mut().map_or(Ok(()), |pad| pad.set_lights(lights))
    }
}

/// What each of the pad thread's polls gave.
type Polled = Result<Vec<PadEvent>, HwError>;

/// A pad polled on its own thread, so that a bus call that hangs (an I2C
/// bus held low) can never freeze the screen: [`VotePad::poll`] only
/// collects what the thread found. A watchdog (the reader's, see
/// [`super::nfc::ThreadedReader`]) replaces a thread that has not looped for
/// a while by a fresh one with a fresh pad, and says so; the stuck thread,
/// if it ever wakes, hands over nothing. Each pad is made (its expanders
/// opened) on its own thread, never on the screen's.
pub struct ThreadedPad {
    make: Maker<Box<dyn VotePad + Send>>,
    events: mpsc::Receiver<Polled>,
    lights: Arc<Mutex<Vec<Light>>>,
    period_ms: Millis,
    watchdog: Watchdog,
    /// Why the pad is down, as its thread last said (a pad down between
    /// two of the thread's polls is still down).
    down: Option<HwError>,
}

impl std::fmt::Debug for ThreadedPad {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ThreadedPad").field("restarts", &self.watchdog.restarts()).finish_non_exhaustive()
    }
}

impl ThreadedPad {
    /// Polls the pad `make` gives every `period_ms` on a thread of its own;
    /// once the thread has not looped for `stale_after`, the pad is said
    /// frozen and `make` is asked for a fresh one, on a fresh thread. `make`
    /// is handed the [`Retired`] of the thread it makes the pad for.
    pub fn spawn(
        make: impl FnMut(Retired) -> Box<dyn VotePad + Send> + Send + 'static,
        period_ms: Millis,
        stale_after: Duration,
    ) -> ThreadedPad {
        let (tx, events) = mpsc::channel();
        let mut me = ThreadedPad {
            make: Maker::new(make),
            events,
            lights: Arc::new(Mutex::new(Vec::new())),
            period_ms: period_ms.max(1),
            watchdog: Watchdog::new(stale_after),
            down: None,
        };
        let beat = me.watchdog.next_thread();
        me.start_thread(beat, tx);
        me
    }

    /// How many times the watchdog restarted the pad.
    pub fn restarts(&self) -> u32 {
        self.watchdog.restarts()
    }

    /// Starts the pad's thread whose beat is `beat` (the one before it already retired).
    fn start_thread(&mut self, beat: Beat, tx: mpsc::Sender<Polled>) {
        let (wanted, period, make) = (self.lights.clone(), self.period_ms, self.make.clone());
        std::thread::spawn(move || {
            let Some(mut pad) = make.make(&beat, Duration::from_millis(period)) else { return };
            // A fresh thread sets every light first.
            let mut shown: Option<Vec<Light>> = None;
            let mut down = false;
            while beat.is_current() {
                let now = beat.beat();
                let want = wanted.lock().map(|l| l.clone()).unwrap_or_default();
                let lit = if shown.as_ref() != Some(&want) {
                    let r = pad.set_lights(&want);
                    if r.is_ok() {
                        shown = Some(want);
                    }
                    r
                } else {
                    Ok(())
                };
                let polled = lit.and_then(|()| pad.poll(now));
                let news = super::wake::news(&polled, &mut down);
                // Presses found by a thread replaced meanwhile are nobody's.
                if beat.hand_over(|| tx.send(polled).is_ok()) != Some(true) {
                    return;
                }
                if news {
                    super::wake::ring();
                }
                std::thread::sleep(Duration::from_millis(period));
            }
        });
    }

    /// What the thread's polls gave since the last look, taken in.
    fn take_in(&mut self, out: &mut Vec<PadEvent>) {
        while let Ok(polled) = self.events.try_recv() {
            match polled {
                Ok(events) => {
                    out.extend(events);
                    self.down = None;
                }
                Err(e) => self.down = Some(e),
            }
        }
    }
}

impl Drop for ThreadedPad {
    fn drop(&mut self) {
        self.watchdog.retire();
    }
}

impl VotePad for ThreadedPad {
    fn poll(&mut self, _now: Millis) -> Result<Vec<PadEvent>, HwError> {
        let mut out = Vec::new();
        self.take_in(&mut out);
        if self.watchdog.is_stuck() {
            // Retired first; what it handed over before that still counts.
            let beat = self.watchdog.restart();
            self.take_in(&mut out);
            let (tx, events) = mpsc::channel();
            self.events = events;
            self.start_thread(beat, tx);
            // Down until the new thread says otherwise.
            let froze = HwError::said("pad", msg!("hw.pad.froze"));
            self.down = Some(froze.clone());
            return if out.is_empty() { Err(froze) } else { Ok(out) };
        }
        match &self.down {
            Some(e) if out.is_empty() => Err(e.clone()),
            _ => Ok(out),
        }
    }

    fn set_lights(&mut self, lights: &[Light]) -> Result<(), HwError> {
        if let Ok(mut l) = self.lights.lock() {
            l.clear();
            l.extend_from_slice(lights);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    /// A pad whose bus hangs (for good) on its `hang_on`-th poll, and that
    /// answers one vote first.
    struct Hangs {
        polls: u32,
        hang_on: u32,
    }

    impl VotePad for Hangs {
        fn poll(&mut self, _now: u64) -> Result<Vec<PadEvent>, HwError> {
            self.polls += 1;
            if self.polls == self.hang_on {
                loop {
                    std::thread::park();
                }
            }
            Ok(if self.polls == 1 { vec![PadEvent::Vote { seat: 2, button: PadButton::Reject }] } else { vec![] })
        }
        fn set_lights(&mut self, _lights: &[Light]) -> Result<(), HwError> {
            Ok(())
        }
    }

    /// A pad whose expanders never answer.
    struct Unplugged;

    impl VotePad for Unplugged {
        fn poll(&mut self, _now: u64) -> Result<Vec<PadEvent>, HwError> {
            Err(HwError::said("pad", tavola_words::msg!("hw.pad.stopped", error = "Nack")))
        }
        fn set_lights(&mut self, _lights: &[Light]) -> Result<(), HwError> {
            Ok(())
        }
    }

    /// Polled more often than its thread polls it, a pad that is down stays
    /// down: never "works again" between two of the thread's looks.
    #[test]
    fn a_pad_down_on_its_thread_stays_down_between_the_threads_polls() {
        let mut pad =
            ThreadedPad::spawn(|_| Box::new(Unplugged) as Box<dyn VotePad + Send>, 50, Duration::from_secs(3));
        let start = Instant::now();
        while pad.poll(0).is_ok() {
            assert!(start.elapsed() < Duration::from_secs(5), "the trouble is never told");
            std::thread::sleep(Duration::from_millis(1));
        }
        for i in 0..150 {
            assert!(pad.poll(0).is_err(), "said to work at poll {i}");
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    #[test]
    fn a_pad_whose_bus_hangs_never_holds_up_the_caller() {
        let mut pad = ThreadedPad::spawn(
            |_| Box::new(Hangs { polls: 0, hang_on: 5 }) as Box<dyn VotePad + Send>,
            5,
            Duration::from_millis(300),
        );
        let start = Instant::now();
        let mut seen = Vec::new();
        let mut froze = None;
        while froze.is_none() && start.elapsed() < Duration::from_secs(5) {
            let t = Instant::now();
            match pad.poll(0) {
                Ok(events) => seen.extend(events),
                Err(e) => froze = Some(e),
            }
            assert!(t.elapsed() < Duration::from_millis(50), "a poll returns at once");
            pad.set_lights(&[Light::Waiting]).unwrap();
            std::thread::sleep(Duration::from_millis(20));
        }
        assert_eq!(seen, [PadEvent::Vote { seat: 2, button: PadButton::Reject }]);
        let e = froze.expect("the hung bus is said");
        assert!(
            e.text(crate::games::Lang::En).contains("pad") && e.text(crate::games::Lang::It).contains("pulsantiera")
        );
    }

    /// The simulated expanders' I2C bus, whose next call, once `freeze` is set, hangs for as
    /// long as `hold` stays set (an I2C bus held low), then fails.
    struct Freezing {
        bus: tavola_firmware::sim::SimMcpBus,
        freeze: Arc<std::sync::atomic::AtomicBool>,
        hold: Arc<std::sync::atomic::AtomicBool>,
    }

    impl embedded_hal::i2c::ErrorType for Freezing {
        type Error = tavola_firmware::sim::NoAck;
    }

    impl embedded_hal::i2c::I2c for Freezing {
        fn transaction(
            &mut self,
            address: u8,
            operations: &mut [embedded_hal::i2c::Operation<'_>],
        ) -> Result<(), Self::Error> {
            use std::sync::atomic::Ordering;
            if self.freeze.swap(false, Ordering::SeqCst) {
                while self.hold.load(Ordering::SeqCst) {
                    std::thread::sleep(Duration::from_millis(2));
                }
                return Err(tavola_firmware::sim::NoAck);
            }
            self.bus.transaction(address, operations)
        }
    }

    /// The firmware's expander pad (five seats, the standard wiring) on that bus, read without
    /// an interrupt line.
    struct Expanders {
        mcp: fw::McpPad<Freezing, fw::NoInterrupt>,
        pad: fw::VotePad,
    }

    impl VotePad for Expanders {
        fn poll(&mut self, now: Millis) -> Result<Vec<PadEvent>, HwError> {
            self.mcp
                .update(now, &mut self.pad)
                .map_err(|e| HwError::said("pad", msg!("hw.pad.stopped", error = format!("{e:?}"))))?;
            Ok(events(&mut self.pad, now))
        }
        fn set_lights(&mut self, _lights: &[Light]) -> Result<(), HwError> {
            Ok(())
        }
    }

    /// Presses and releases a button of the standard wiring on the simulated bus.
    fn press(bus: &tavola_firmware::sim::SimMcpBus, seat: u8, button: PadButton) {
        let pin = match button {
            PadButton::Approve => seat,
            PadButton::Reject => 8 + seat,
        };
        bus.set_button(fw::MCP23017_BASE_ADDRESS, pin, true);
        std::thread::sleep(Duration::from_millis(120));
        bus.set_button(fw::MCP23017_BASE_ADDRESS, pin, false);
    }

    /// Polls the threaded pad for `ms` of wall time, or until `enough` says so (from the events
    /// and the restarts so far): the events, and the troubles said.
    fn watch(
        pad: &mut ThreadedPad,
        ms: u64,
        enough: impl Fn(&[PadEvent], u32) -> bool,
    ) -> (Vec<PadEvent>, Vec<HwError>) {
        let start = Instant::now();
        let (mut events, mut said) = (Vec::new(), Vec::new());
        while start.elapsed() < Duration::from_millis(ms) && !enough(&events, pad.restarts()) {
            match pad.poll(0) {
                Ok(e) => events.extend(e),
                Err(e) => said.push(e),
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        (events, said)
    }

    /// A pad whose thread freezes in a bus call, twice: each time the freeze is said, a fresh
    /// thread drives a fresh pad, and a press after the restart counts once. The stuck thread,
    /// when its bus call comes back, hands over nothing: a press after that is one vote, not two.
    #[test]
    fn a_frozen_pad_thread_is_replaced_and_presses_after_the_restart_count_once() {
        use std::sync::atomic::{AtomicBool, Ordering};
        use tavola_firmware::sim::SimMcpBus;
        let bus = SimMcpBus::new(&[fw::MCP23017_BASE_ADDRESS]);
        let freeze = Arc::new(AtomicBool::new(false));
        let hold = Arc::new(AtomicBool::new(false));
        let (wires, frozen, held) = (bus.clone(), freeze.clone(), hold.clone());
        let made = Arc::new(std::sync::atomic::AtomicU32::new(0));
        let counter = made.clone();
        let mut pad = ThreadedPad::spawn(
            move |_| {
                counter.fetch_add(1, Ordering::SeqCst);
                let i2c = Freezing { bus: wires.clone(), freeze: frozen.clone(), hold: held.clone() };
                let mut mcp = fw::McpPad::new(i2c, fw::NoInterrupt, fw::McpPinMap::standard(5)).unwrap();
                mcp.init().unwrap();
                let cfg = fw::PadConfig { seats: 5, ..fw::PadConfig::default() };
                Box::new(Expanders { mcp, pad: fw::VotePad::new(cfg) }) as Box<dyn VotePad + Send>
            },
            5,
            Duration::from_millis(200),
        );
        let vote = |seat, button| PadEvent::Vote { seat, button };
        let voted = |e: &[PadEvent], _| !e.is_empty();
        watch(&mut pad, 100, |_, _| false);
        press(&bus, 0, PadButton::Approve);
        assert_eq!(watch(&mut pad, 2_000, voted).0, [vote(0, PadButton::Approve)]);

        for (n, (seat, button)) in [(1, PadButton::Reject), (3, PadButton::Approve)].into_iter().enumerate() {
            let n = n as u32 + 1;
            hold.store(true, Ordering::SeqCst);
            freeze.store(true, Ordering::SeqCst);
            let (events, said) = watch(&mut pad, 3_000, |_, restarts| restarts >= n);
            assert_eq!(events, [], "freeze {n}");
            let froze = said.iter().find(|e| e.msg == msg!("hw.pad.froze")).expect("the freeze is said");
            assert!(
                froze.text(crate::games::Lang::En).contains("froze")
                    && froze.text(crate::games::Lang::It).contains("bloccata"),
                "{froze:?}"
            );
            // A fresh pad works while the stuck thread is still stuck.
            press(&bus, seat, button);
            assert_eq!(watch(&mut pad, 2_000, voted).0, [vote(seat, button)], "a press after freeze {n}");
            assert!(pad.restarts() >= n, "freeze {n}: the stuck thread was replaced");
            assert!(made.load(Ordering::SeqCst) > n, "freeze {n}: a fresh pad");
            // The stuck call comes back; a press after that counts once.
            hold.store(false, Ordering::SeqCst);
            std::thread::sleep(Duration::from_millis(50));
            press(&bus, 4, PadButton::Reject);
            assert_eq!(watch(&mut pad, 500, |_, _| false).0, [vote(4, PadButton::Reject)], "freeze {n}");
        }
    }

    /// A frozen pad's thread is replaced by one whose pad takes 500 ms to open: the screen,
    /// polling all along, never waits for it longer than a frame (50 ms), and the fresh pad's
    /// vote comes once it has opened.
    #[test]
    fn a_pad_restarted_by_the_watchdog_opens_without_holding_the_screen() {
        let mut made = 0;
        let mut pad = ThreadedPad::spawn(
            move |_| {
                made += 1;
                if made > 1 {
                    std::thread::sleep(Duration::from_millis(500));
                }
                Box::new(Hangs { polls: 0, hang_on: 3 }) as Box<dyn VotePad + Send>
            },
            5,
            Duration::from_millis(200),
        );
        let start = Instant::now();
        let (mut seen, mut longest) = (Vec::new(), Duration::ZERO);
        while start.elapsed() < Duration::from_secs(5) && seen.len() < 2 {
            let t = Instant::now();
            if let Ok(events) = pad.poll(0) {
                seen.extend(events);
            }
            pad.set_lights(&[Light::Waiting]).unwrap();
            longest = longest.max(t.elapsed());
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(pad.restarts() >= 1, "the frozen thread was replaced");
        assert_eq!(seen.len(), 2, "the fresh pad answers once open: {seen:?}");
        assert!(longest < Duration::from_millis(50), "the screen waited {longest:?} in one poll");
    }

    /// A pad that cannot be opened yet says why, and is tried again a while later.
    #[test]
    fn a_reopening_pad_says_why_until_it_opens() {
        let mut tries = 0;
        let mut pad = Reopening::new(move || {
            tries += 1;
            if tries < 3 {
                Err(HwError::said("pad", msg!("hw.gpio.pin_used", pin = 5)))
            } else {
                Ok(Hangs { polls: 0, hang_on: 0 })
            }
        });
        pad.set_lights(&[Light::Waiting]).unwrap();
        let e = pad.poll(0).unwrap_err();
        assert_eq!(e.msg, msg!("hw.gpio.pin_used", pin = 5));
        assert_eq!(pad.poll(500).unwrap_err(), e, "not tried again so soon");
        assert!(pad.poll(1_000).is_err());
        assert_eq!(pad.poll(2_000).unwrap(), [PadEvent::Vote { seat: 2, button: PadButton::Reject }]);
        assert_eq!(pad.poll(2_010).unwrap(), []);
    }
}
