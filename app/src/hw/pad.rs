//! What every pad backend shares: the firmware's debouncer turned into the
//! app's [`PadEvent`]s, and the app's lights turned into the firmware's.

use super::{Light, PadButton, PadEvent};
use tavola_firmware::votepad as fw;

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

/// A pad polled on its own thread, so that a bus call that hangs (an I2C
/// bus held low) can never freeze the screen: [`VotePad::poll`] only
/// collects what the thread found, and says so when the thread has not
/// looped for a while.
pub struct ThreadedPad {
    events: std::sync::mpsc::Receiver<Result<Vec<PadEvent>, super::HwError>>,
    lights: std::sync::Arc<std::sync::Mutex<Vec<Light>>>,
    heartbeat: std::sync::Arc<std::sync::atomic::AtomicU64>,
    started: std::time::Instant,
    stale_after: std::time::Duration,
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    /// Why the pad is down, as its thread last said (a pad down between
    /// two of the thread's polls is still down).
    down: Option<super::HwError>,
}

impl std::fmt::Debug for ThreadedPad {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ThreadedPad").finish_non_exhaustive()
    }
}

impl ThreadedPad {
    /// Polls `pad` every `period_ms` on a thread of its own; reports it
    /// frozen once the thread has not looped for `stale_after`.
    pub fn spawn(
        mut pad: Box<dyn super::VotePad + Send>,
        period_ms: u64,
        stale_after: std::time::Duration,
    ) -> ThreadedPad {
        use std::sync::atomic::Ordering;
        let (tx, events) = std::sync::mpsc::channel();
        let lights = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let heartbeat = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let started = std::time::Instant::now();
        let (wanted, beat, stopped) = (lights.clone(), heartbeat.clone(), stop.clone());
        std::thread::spawn(move || {
            let mut shown: Option<Vec<Light>> = None;
            while !stopped.load(Ordering::Relaxed) {
                let now = started.elapsed().as_millis() as u64;
                beat.store(now, Ordering::Relaxed);
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
                if tx.send(polled).is_err() {
                    return;
                }
                std::thread::sleep(std::time::Duration::from_millis(period_ms.max(1)));
            }
        });
        ThreadedPad { events, lights, heartbeat, started, stale_after, stop, down: None }
    }
}

impl Drop for ThreadedPad {
    fn drop(&mut self) {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
    }
}

impl super::VotePad for ThreadedPad {
    fn poll(&mut self, _now: u64) -> Result<Vec<PadEvent>, super::HwError> {
        let mut out = Vec::new();
        while let Ok(polled) = self.events.try_recv() {
            match polled {
                Ok(events) => {
                    out.extend(events);
                    self.down = None;
                }
                Err(e) => self.down = Some(e),
            }
        }
        let beat = std::time::Duration::from_millis(self.heartbeat.load(std::sync::atomic::Ordering::Relaxed));
        if self.started.elapsed().saturating_sub(beat) > self.stale_after {
            return Err(super::HwError::said("pad", tavola_words::msg!("hw.pad.froze")));
        }
        match &self.down {
            Some(e) if out.is_empty() => Err(e.clone()),
            _ => Ok(out),
        }
    }

    fn set_lights(&mut self, lights: &[Light]) -> Result<(), super::HwError> {
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
    use crate::hw::{HwError, PadButton, PadEvent, VotePad};
    use std::time::{Duration, Instant};

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
        let mut pad = ThreadedPad::spawn(Box::new(Unplugged), 50, Duration::from_secs(3));
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
        let mut pad = ThreadedPad::spawn(Box::new(Hangs { polls: 0, hang_on: 5 }), 5, Duration::from_millis(300));
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
}
