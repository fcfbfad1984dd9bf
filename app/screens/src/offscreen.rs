//! Drawing the window without a display, with Slint's software renderer:
//! for the screenshots in `docs/screenshots/`, the start-up benchmark and
//! the count of the frames a page draws while nothing happens.

use super::{Ui, TICK_MS};
use slint::platform::software_renderer::{MinimalSoftwareWindow, RepaintBufferType};
use slint::platform::{Platform, WindowAdapter};
use slint::{PhysicalSize, PlatformError, Rgb8Pixel};
use std::cell::Cell;
use std::rc::Rc;
use std::time::{Duration, Instant};

thread_local! {
    /// The time animations see, in ms; `REAL_TIME` until [`set_clock`] is
    /// called. The window, its platform and its clock belong to one thread.
    static CLOCK: Cell<u64> = const { Cell::new(REAL_TIME) };
}
const REAL_TIME: u64 = u64::MAX;

/// Drives the window's animations from a given clock instead of the wall
/// clock, so that the same script draws the same pixels every time.
pub fn set_clock(ms: u64) {
    CLOCK.with(|c| c.set(ms.min(REAL_TIME - 1)));
}

struct Offscreen {
    window: Rc<MinimalSoftwareWindow>,
    start: Instant,
}

impl Platform for Offscreen {
    fn create_window_adapter(&self) -> Result<Rc<dyn WindowAdapter>, PlatformError> {
        Ok(self.window.clone())
    }

    fn duration_since_start(&self) -> Duration {
        match CLOCK.with(Cell::get) {
            REAL_TIME => self.start.elapsed(),
            ms => Duration::from_millis(ms),
        }
    }
}

/// Makes every window of this process an off-screen one of `width` ×
/// `height` pixels; returns it. Call once, before creating any window.
pub fn install(width: u32, height: u32) -> Result<Rc<MinimalSoftwareWindow>, PlatformError> {
    let window = MinimalSoftwareWindow::new(RepaintBufferType::NewBuffer);
    window.set_size(PhysicalSize::new(width, height));
    slint::platform::set_platform(Box::new(Offscreen { window: window.clone(), start: Instant::now() }))
        .map_err(|e| PlatformError::Other(e.to_string()))?;
    Ok(window)
}

/// Draws the window as it is now; returns the pixels, row by row.
pub fn render(window: &MinimalSoftwareWindow) -> (u32, u32, Vec<Rgb8Pixel>) {
    slint::platform::update_timers_and_animations();
    let size = window.size();
    let (w, h) = (size.width, size.height);
    let mut pixels = vec![Rgb8Pixel::new(0, 0, 0); (w * h) as usize];
    window.request_redraw();
    window.draw_if_needed(|renderer| {
        renderer.render(&mut pixels, w as usize);
    });
    (w, h, pixels)
}

/// What the window did over a stretch of the app's loop.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Drawn {
    /// Frames drawn.
    pub frames: u32,
    /// Turns of the table (its parts polled, the screen brought up to date).
    pub ticks: u32,
    /// An animation still running at the end.
    pub animating: bool,
    /// The time the loop took (timers, the table's turns, the frames).
    pub busy: Duration,
}

/// Runs the app's loop (see [`super::run`]) on `window` for `ms` of the
/// clock from `*now`, which it moves on [`TICK_MS`] at a time: the timers
/// and animations that are due, a turn of the table only when one is due
/// ([`Ui::due`], as the app's single-shot timer would fire), then a frame
/// drawn only if the window asks for one, as a display's loop does.
/// [`set_clock`] follows `*now`.
pub fn run_loop(ui: &Ui, window: &MinimalSoftwareWindow, now: &mut u64, ms: u64) -> Drawn {
    let size = window.size();
    let mut pixels = vec![Rgb8Pixel::new(0, 0, 0); (size.width * size.height) as usize];
    let mut drawn = Drawn::default();
    let start = Instant::now();
    let end = *now + ms;
    while *now < end {
        *now += TICK_MS;
        set_clock(*now);
        slint::platform::update_timers_and_animations();
        if ui.due() <= *now {
            ui.turn(*now);
            drawn.ticks += 1;
        }
        if window.draw_if_needed(|renderer| {
            renderer.render(&mut pixels, size.width as usize);
        }) {
            drawn.frames += 1;
        }
    }
    drawn.busy = start.elapsed();
    drawn.animating = window.has_active_animations();
    drawn
}
