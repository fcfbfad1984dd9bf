//! The touchscreen front end (Slint). The `.slint` files in `app/ui/` draw;
//! this module keeps the table going and copies its public view into the
//! three globals the pages read (`App`, `AvalonUi`, `TableSim`). Nothing
//! secret reaches them: they are filled from [`crate::table::TableView`]
//! only.
//!
//! [`init`] builds the window around a booted table without starting an
//! event loop, so tests drive it with [`Ui::step`]; [`run`] is the app.

mod controller;
pub mod offscreen;

pub use controller::Controller;

use crate::boot::{boot, BootOptions, Booted};
use crate::hw::Millis;
use slint::ComponentHandle;
use std::cell::RefCell;
use std::rc::Rc;

/// The code generated from `app/ui/*.slint`.
#[allow(unused_qualifications, missing_debug_implementations, rust_2018_idioms, clippy::all, clippy::todo)]
mod generated {
    slint::include_modules!();
}
pub use generated::*;

/// How often the table loop runs while the window is open.
pub const TICK_MS: u64 = 20;

/// The window and what drives it.
pub struct Ui {
    /// The Slint window.
    pub window: AppWindow,
    /// The table behind it.
    pub controller: Rc<RefCell<Controller>>,
}

impl std::fmt::Debug for Ui {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Ui").finish_non_exhaustive()
    }
}

impl Ui {
    /// One turn of the table loop at `now`, then the screen brought up to date.
    pub fn step(&self, now: Millis) {
        let mut c = self.controller.borrow_mut();
        c.poll(now);
        c.refresh(&self.window);
    }
}

/// Builds the window around a booted table and wires every control.
pub fn init(booted: Booted) -> Result<Ui, slint::PlatformError> {
    // The labels' language is chosen at the first refresh: the bundled
    // translations exist once a component of this UI does.
    let window = AppWindow::new()?;
    let controller = Rc::new(RefCell::new(Controller::new(booted)));
    controller::wire(&window, &controller);
    controller.borrow_mut().refresh(&window);
    Ok(Ui { window, controller })
}

/// Shows the static labels in `lang` (English is the source language).
pub fn select_language(lang: crate::games::Lang) {
    if let Err(e) = slint::select_bundled_translation(lang.code()) {
        eprintln!("tavola: cannot switch the screen to {}: {e}", lang.code());
    }
}

/// What `tavola` is started with.
#[derive(Debug, Clone, Default)]
pub struct RunOptions {
    /// Start-up choices (simulated hardware, the journal's place).
    pub boot: BootOptions,
    /// Open the window full screen (the Pi's touchscreen).
    pub fullscreen: bool,
    /// The language for this start, over the one remembered.
    pub lang: Option<crate::games::Lang>,
    /// Started as the Pi's appliance (deploy/tavola.service): the settings
    /// offer "Shut down the box".
    pub appliance: bool,
}

/// How the app ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Closed {
    /// The window was closed.
    Window,
    /// The host chose "Shut down the box": the Pi should power off.
    ShutDown,
}

/// The exit status that asks deploy/tavola.service to power the Pi off.
pub const SHUT_DOWN_STATUS: u8 = 75;

/// Shows "Shut down the box" in the settings when `appliance`; choosing it
/// (and confirming) closes the app with [`Closed::ShutDown`] in `closed`.
pub fn wire_appliance(window: &AppWindow, appliance: bool, closed: Rc<std::cell::Cell<Closed>>) {
    let global = window.global::<Appliance<'_>>();
    global.set_can_shut_down(appliance);
    global.on_shut_down(move || {
        closed.set(Closed::ShutDown);
        if let Err(e) = slint::quit_event_loop() {
            eprintln!("tavola: cannot close for the shut-down: {e}");
        }
    });
}

/// Starts Tavola: boots the table, opens the window and runs until it closes.
pub fn run(opts: &RunOptions) -> Result<Closed, String> {
    // What start-up found is written to the journal by the controller, in
    // the table's language, with what the parts report during play.
    let mut booted = boot(&opts.boot);
    if let Some(lang) = opts.lang {
        booted.table.input(0, crate::table::Input::Touch(crate::table::Touch::SetLang { lang }));
    }
    let ui = init(booted).map_err(|e| format!("the window cannot open: {e}"))?;
    if opts.fullscreen {
        ui.window.window().set_fullscreen(true);
    }
    let closed = Rc::new(std::cell::Cell::new(Closed::Window));
    wire_appliance(&ui.window, opts.appliance, closed.clone());
    let start = std::time::Instant::now();
    let weak = ui.window.as_weak();
    let controller = ui.controller.clone();
    let timer = slint::Timer::default();
    timer.start(slint::TimerMode::Repeated, std::time::Duration::from_millis(TICK_MS), move || {
        if let Some(window) = weak.upgrade() {
            let mut c = controller.borrow_mut();
            c.poll(start.elapsed().as_millis() as Millis);
            c.refresh(&window);
        }
    });
    ui.window.run().map_err(|e| e.to_string())?;
    Ok(closed.get())
}
