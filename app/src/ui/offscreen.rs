//! Drawing the window without a display, with Slint's software renderer:
//! for the screenshots in `docs/screenshots/` and the start-up benchmark.

use slint::platform::software_renderer::{MinimalSoftwareWindow, RepaintBufferType};
use slint::platform::{Platform, WindowAdapter};
use slint::{PhysicalSize, PlatformError, Rgb8Pixel};
use std::rc::Rc;
use std::sync::atomic::{AtomicU64, Ordering};

/// The time animations see, in ms; `REAL_TIME` until [`set_clock`] is called.
static CLOCK: AtomicU64 = AtomicU64::new(REAL_TIME);
const REAL_TIME: u64 = u64::MAX;

/// Drives the window's animations from a given clock instead of the wall
/// clock, so that the same script draws the same pixels every time.
pub fn set_clock(ms: u64) {
    CLOCK.store(ms.min(REAL_TIME - 1), Ordering::Relaxed);
}

struct Offscreen {
    window: Rc<MinimalSoftwareWindow>,
    start: std::time::Instant,
}

impl Platform for Offscreen {
    fn create_window_adapter(&self) -> Result<Rc<dyn WindowAdapter>, PlatformError> {
        Ok(self.window.clone())
    }

    fn duration_since_start(&self) -> std::time::Duration {
        match CLOCK.load(Ordering::Relaxed) {
            REAL_TIME => self.start.elapsed(),
            ms => std::time::Duration::from_millis(ms),
        }
    }
}

/// Makes every window of this process an off-screen one of `width` ×
/// `height` pixels; returns it. Call once, before creating any window.
pub fn install(width: u32, height: u32) -> Result<Rc<MinimalSoftwareWindow>, PlatformError> {
    let window = MinimalSoftwareWindow::new(RepaintBufferType::NewBuffer);
    window.set_size(PhysicalSize::new(width, height));
    slint::platform::set_platform(Box::new(Offscreen { window: window.clone(), start: std::time::Instant::now() }))
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
