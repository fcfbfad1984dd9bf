//! The touchscreen front end (Slint). The `.slint` files in `app/ui/` draw
//! (the crate `tavola-pages`); this crate keeps the table going and copies what the table may show
//! into the globals the pages read (besides `Theme`, the look): the app's
//! own (`App`, `TableSim`, `GameUi`, `SetupUi`, `HardwareUi`, `FactsUi`,
//! `Appliance`), filled by the controller from the table's public view
//! ([`crate::table::TableView`]), and each game's (`AvalonUi` and
//! `AvalonExtras`, `SocUi`, `NottsUi`, `KakUi`, `LegendsUi`), filled by the
//! game's screens from its [`crate::table::Sight`] only, which holds no
//! secret but the private look of the one seat allowed (see `screens.rs`).
//!
//! [`init`] builds the window around a booted table without starting an
//! event loop, so tests drive it with [`Ui::step`]; [`run`] is the app.

mod controller;
pub mod offscreen;

pub use controller::{Controller, IDLE_TURN_MS};

// The crates below under their modules' usual names: the table's, and the
// parts' start-up and self-test.
use tavola_core::{catalog, games, hw, journal, narrator, system, table, tags};
use tavola_hw::{boot, selftest};

use crate::boot::{boot, BootOptions, Booted};
use crate::hw::Millis;
use slint::ComponentHandle;
use std::cell::RefCell;
use std::rc::Rc;

/// The pages, the code generated from `app/ui/*.slint` (the crate
/// `tavola-pages`).
pub use tavola_pages::*;

/// How often the table loop runs while something moves on the simulated
/// table or a hardware page uses the parts (and the step of the off-screen
/// loop's clock). At rest the loop sleeps until something is due (see
/// [`Controller::due`]).
pub const TICK_MS: u64 = 20;

/// How a sentence names a seat's player: the name shown on its place, else
/// "Seat 3" in the table's language. An unnamed seat's place shows its
/// number; a sentence never says a bare number ("3, choose 2 players").
pub(crate) fn said(shown: &str, seat: games::Seat) -> games::Arg {
    let shown = shown.trim();
    if shown.is_empty() || shown == seat.number().to_string() {
        games::Arg::Msg(tavola_words::msg!("common.seat", seat = seat.number()))
    } else {
        games::Arg::Text(shown.to_string())
    }
}

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

    /// A turn of the app's loop at `now` ([`Controller::turn`]): the screen
    /// is left alone when nothing it shows changed.
    pub fn turn(&self, now: Millis) {
        self.controller.borrow_mut().turn(now, &self.window);
    }

    /// When the next turn is due, on the table's clock
    /// ([`Controller::due`]).
    pub fn due(&self) -> Millis {
        self.controller.borrow().due()
    }
}

/// The app's loop: a turn of the table (its parts polled, time passed, the
/// screen brought up to date) whenever one is due, on a single-shot timer
/// armed for exactly then; in between the screen thread sleeps. A touch
/// asks for a turn at once (the controller's pacing), a part's thread
/// through [`crate::hw::wake`].
struct Pacer {
    timer: slint::Timer,
    /// Turns taken so far.
    turns: std::cell::Cell<u64>,
    window: slint::Weak<AppWindow>,
    controller: Rc<RefCell<Controller>>,
    clock: Rc<dyn Fn() -> Millis>,
}

thread_local! {
    /// The loop of this thread's window, for the wake-ups from the parts'
    /// threads (they arrive on this thread, through the event loop).
    static PACER: RefCell<std::rc::Weak<Pacer>> = const { RefCell::new(std::rc::Weak::new()) };
}

/// Set while a wake-up from a part's thread waits for the event loop: the
/// next ones join it rather than queue behind it.
static WAKE_QUEUED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

impl Pacer {
    /// Paces `ui`'s table on `clock` from now on: the first turn at once.
    fn start(ui: &Ui, clock: Rc<dyn Fn() -> Millis>) -> Rc<Pacer> {
        let pacer = Rc::new(Pacer {
            timer: slint::Timer::default(),
            turns: Default::default(),
            window: ui.window.as_weak(),
            controller: ui.controller.clone(),
            clock: clock.clone(),
        });
        let weak = Rc::downgrade(&pacer);
        let turn_now: Rc<dyn Fn()> = Rc::new(move || {
            if let Some(p) = weak.upgrade() {
                p.arm(0);
            }
        });
        ui.controller.borrow_mut().pace_with(controller::Pacing { clock, turn_now });
        PACER.with(|p| *p.borrow_mut() = Rc::downgrade(&pacer));
        hw::wake::set(Box::new(|| {
            use std::sync::atomic::Ordering;
            if WAKE_QUEUED.swap(true, Ordering::AcqRel) {
                return;
            }
            let sent = slint::invoke_from_event_loop(|| {
                WAKE_QUEUED.store(false, Ordering::Release);
                if let Some(p) = PACER.with(|p| p.borrow().upgrade()) {
                    p.arm(0);
                }
            });
            if sent.is_err() {
                // No loop any more (the window closed): nothing to wake.
                WAKE_QUEUED.store(false, Ordering::Release);
            }
        }));
        pacer.arm(0);
        pacer
    }

    /// The next turn in `delay` ms (a turn asked earlier is moved).
    fn arm(self: &Rc<Self>, delay: Millis) {
        let weak = Rc::downgrade(self);
        self.timer.start(slint::TimerMode::SingleShot, std::time::Duration::from_millis(delay), move || {
            if let Some(p) = weak.upgrade() {
                p.turn();
            }
        });
    }

    /// One turn, then the timer armed for the next one due.
    fn turn(self: &Rc<Self>) {
        let Some(window) = self.window.upgrade() else { return };
        let now = (self.clock)();
        self.turns.set(self.turns.get() + 1);
        let due = match self.controller.try_borrow_mut() {
            Ok(mut c) => {
                c.turn(now, &window);
                c.due()
            }
            // Inside a callback of the window (a dialog's own loop): soon.
            Err(_) => now + TICK_MS,
        };
        self.arm(due.saturating_sub((self.clock)()));
    }
}

/// The app's loop over `ui`, on the real clock from `start`, as [`run`]
/// paces it: the table's turns are taken by the event loop while it runs,
/// and stop when this is dropped.
pub fn pace(ui: &Ui, start: std::time::Instant) -> Paced {
    Paced(Pacer::start(ui, Rc::new(move || start.elapsed().as_millis() as Millis)))
}

/// The app's loop over a window ([`pace`]).
#[derive(Debug)]
pub struct Paced(Rc<Pacer>);

impl Paced {
    /// The table's turns taken so far.
    pub fn turns(&self) -> u64 {
        self.0.turns.get()
    }
}

impl std::fmt::Debug for Pacer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pacer").field("turns", &self.turns.get()).finish_non_exhaustive()
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

/// The value of the setup's option labelled `label` (in the table's
/// language), if the setup shows one: for scripts, screenshots and tests.
pub fn setup_option(window: &AppWindow, label: &str) -> Option<i32> {
    use slint::Model;
    window.global::<SetupUi<'_>>().get_options().iter().find(|o| o.label == label).map(|o| o.value)
}

/// Sets the setup's option labelled `label` to `value`, as a finger would.
/// False when the setup shows no such option.
pub fn set_setup_option(window: &AppWindow, label: &str, value: i32) -> bool {
    use slint::Model;
    let ui = window.global::<SetupUi<'_>>();
    match ui.get_options().iter().position(|o| o.label == label) {
        Some(i) => {
            ui.invoke_set_option(i as i32, value);
            true
        }
        None => false,
    }
}

/// Lays the first card of the setup's cards laid in order (a location of
/// the ring) that is not laid yet, as a finger would. False when none is.
pub fn lay_next_setup_card(window: &AppWindow) -> bool {
    use slint::Model;
    let ui = window.global::<SetupUi<'_>>();
    match ui.get_lay_buttons().iter().find(|b| !b.checked) {
        Some(b) => {
            ui.invoke_lay(b.index);
            true
        }
        None => false,
    }
}

/// Touches the first button of a game's action grid (`actions`, the grid's
/// model) that `pick` chooses, as a finger would: for scripts, screenshots
/// and benchmarks. False when no button is picked.
pub fn press_action(
    window: &AppWindow,
    actions: &slint::ModelRc<ActionItem>,
    pick: impl Fn(&ActionItem) -> bool,
) -> bool {
    use slint::Model;
    match actions.iter().find(|a| pick(a)) {
        Some(a) => {
            window.global::<GameUi<'_>>().invoke_act(a.index);
            true
        }
        None => false,
    }
}

/// Shows the static labels in `lang` (English is the source language).
pub fn select_language(lang: games::Lang) {
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
    pub lang: Option<games::Lang>,
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

/// The line on stderr once the first frame is on screen. The system check
/// times the start from the kernel's to this line in the journal: keep it.
pub const FIRST_FRAME_LINE: &str = "tavola: first frame on screen";

/// Tells systemd how Tavola is doing, from the UI thread
/// (deploy/tavola.service, `Type=notify`): once the first frame is on
/// screen, [`FIRST_FRAME_LINE`] on stderr and `READY=1`; then `WATCHDOG=1`
/// from a timer of this thread, so a UI thread that hangs stops it and
/// systemd starts Tavola again. `lang`, the table's language, is left in
/// the unit's runtime folder for the console's words should Tavola keep
/// stopping (deploy/restart-guard). Without `$NOTIFY_SOCKET` (a desktop)
/// only the line is written. Keep the timer returned while the window runs.
pub fn tell_systemd(lang: games::Lang) -> Option<slint::Timer> {
    use crate::system::notify::{heartbeat_from_env, Notifier};
    let notifier = Notifier::from_env();
    after_first_frame(move || {
        eprintln!("{FIRST_FRAME_LINE}");
        if let Some(Err(e)) = notifier.as_ref().map(Notifier::ready) {
            eprintln!("tavola: cannot tell systemd the screen is up: {e}");
        }
        if let Some(dir) = std::env::var_os("RUNTIME_DIRECTORY") {
            let _ = std::fs::write(std::path::Path::new(&dir).join("lang"), lang.code());
        }
    });
    Some(heartbeat(Notifier::from_env()?, heartbeat_from_env()?))
}

/// Runs `f` once the event loop has drawn its first frame. Each turn of the
/// loop runs the timers that are due, then draws; a timer started by a timer
/// waits for the next turn, so the second of two zero-length timers fires
/// after the first turn's frame.
pub fn after_first_frame(f: impl FnOnce() + 'static) {
    slint::Timer::single_shot(std::time::Duration::ZERO, move || {
        slint::Timer::single_shot(std::time::Duration::ZERO, f);
    });
}

/// `WATCHDOG=1` through `notifier` every `every`, from a timer of the UI
/// thread: it beats only while this thread runs its event loop.
pub fn heartbeat(notifier: system::notify::Notifier, every: std::time::Duration) -> slint::Timer {
    let timer = slint::Timer::default();
    timer.start(slint::TimerMode::Repeated, every, move || {
        if let Err(e) = notifier.watchdog() {
            eprintln!("tavola: cannot reach systemd's watchdog: {e}");
        }
    });
    timer
}

/// Why the window did not open or stopped running (the windowing system's
/// own words).
#[derive(Debug, thiserror::Error)]
pub enum WindowError {
    /// The window could not be made.
    #[error("the window cannot open: {0}")]
    Open(slint::PlatformError),
    /// The event loop failed.
    #[error(transparent)]
    Run(slint::PlatformError),
}

/// Starts Tavola: boots the table, opens the window and runs until it closes.
pub fn run(opts: &RunOptions) -> Result<Closed, WindowError> {
    // What start-up found is written to the journal by the controller, in
    // the table's language, with what the parts report during play.
    let mut booted = boot(&opts.boot);
    if let Some(lang) = opts.lang {
        booted.table.input(0, table::Input::Touch(table::Touch::SetLang { lang }));
    }
    let lang = booted.table.session.lang();
    let ui = init(booted).map_err(WindowError::Open)?;
    if opts.fullscreen {
        ui.window.window().set_fullscreen(true);
    }
    let _heartbeat = tell_systemd(lang);
    let closed = Rc::new(std::cell::Cell::new(Closed::Window));
    wire_appliance(&ui.window, opts.appliance, closed.clone());
    let _paced = pace(&ui, std::time::Instant::now());
    ui.window.run().map_err(WindowError::Run)?;
    hw::wake::clear();
    Ok(closed.get())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::net::UnixDatagram;
    use std::time::Duration;

    fn beats(socket: &UnixDatagram) -> usize {
        let mut buf = [0u8; 64];
        let mut n = 0;
        while let Ok(len) = socket.recv(&mut buf) {
            assert_eq!(&buf[..len], b"WATCHDOG=1");
            n += 1;
        }
        n
    }

    /// The heartbeat is a timer of the UI thread: it beats as the event
    /// loop's time passes, and not at all while the loop stands still (a
    /// hung UI thread), however long that lasts.
    #[test]
    fn the_watchdog_beats_only_while_the_ui_loop_runs() {
        i_slint_backend_testing::init_no_event_loop();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("notify");
        let systemd = UnixDatagram::bind(&path).unwrap();
        systemd.set_nonblocking(true).unwrap();
        let notifier = system::notify::Notifier::to(path.as_os_str()).unwrap();
        let _timer = heartbeat(notifier, Duration::from_secs(15));
        i_slint_backend_testing::mock_elapsed_time(Duration::from_secs(10));
        assert_eq!(beats(&systemd), 0, "not before its interval");
        for _ in 0..3 {
            i_slint_backend_testing::mock_elapsed_time(Duration::from_secs(15));
        }
        assert_eq!(beats(&systemd), 3, "one beat per interval of the loop's time");
        std::thread::sleep(Duration::from_millis(200));
        assert_eq!(beats(&systemd), 0, "the loop stood still: no beat");
    }

    /// The app's loop sleeps between turns, and wakes for what the table
    /// shows: on Avalon's discussion each change of the figure comes at its
    /// whole second, with about a turn a second; a seat's pad button
    /// pressed on screen while the loop sleeps lights its seat at once.
    #[test]
    fn the_loop_wakes_for_each_second_of_the_countdown_and_at_once_for_a_button() {
        use crate::boot::BootOptions;
        use crate::games::avalon::{Command, RoleSet, Setup};
        use crate::hw::Light;
        use crate::table::{Input, NarrationControl, Touch};
        i_slint_backend_testing::init_no_event_loop();
        let ui = init(boot(&BootOptions { simulate: true, no_journal: true, ..BootOptions::default() })).unwrap();
        let clock = Rc::new(std::cell::Cell::new(0));
        let pacer = Pacer::start(
            &ui,
            Rc::new({
                let clock = clock.clone();
                move || clock.get()
            }),
        );
        let run = |ms: u64| {
            for _ in 0..ms / 5 {
                clock.set(clock.get() + 5);
                i_slint_backend_testing::mock_elapsed_time(Duration::from_millis(5));
            }
        };
        let input = |i: Input| {
            let mut c = ui.controller.borrow_mut();
            c.input(i);
            c.kick();
        };
        input(Input::Touch(Touch::ChooseGame { game: games::GameKind::Avalon }));
        let names = ["Anna", "Bruno", "Carla", "Dario", "Elena"].map(String::from).to_vec();
        let roles = RoleSet::standard(5, &[]).unwrap();
        let setup = Setup { names, roles, scan_roles: false, first_leader: None, options: Default::default() };
        input(Input::Touch(Touch::Avalon(Command::Setup(setup))));
        input(Input::Touch(Touch::Avalon(Command::EndNight)));
        run(100);
        while ui.controller.borrow().view().queued_lines > 0 {
            input(Input::Touch(Touch::Narration { control: NarrationControl::Skip }));
            run(20);
        }
        let app = ui.window.global::<App<'_>>();
        assert!(app.get_timer_visible());
        // The timer started with the night's end, at 0: its figure changes
        // at every whole second.
        let started = 0;
        run(8_000);
        let turns = pacer.turns.get();
        let mut label = app.get_timer_label();
        let mut changes = Vec::new();
        for _ in 0..10_000 / 5 {
            run(5);
            if app.get_timer_label() != label {
                label = app.get_timer_label();
                changes.push(clock.get());
            }
        }
        let turns = pacer.turns.get() - turns;
        assert_eq!(changes.len(), 10, "{changes:?}");
        for at in &changes {
            assert!(
                (at - started) % 1000 < 10,
                "a figure shown at {at}, {} ms after its second",
                (at - started) % 1000
            );
        }
        assert!(turns <= 13, "{turns} turns in 10 s");

        // A team to vote on: the seats' lights wait for their answers.
        let team = vec![games::Seat(0), games::Seat(1)];
        input(Input::Touch(Touch::Avalon(Command::ProposeTeam { team, mission: None, excalibur: None })));
        run(3_000);
        let pad = ui.controller.borrow().on_screen().pad.clone().unwrap();
        assert_eq!(pad.borrow().lights()[0], Light::Waiting);
        let sim = ui.window.global::<TableSim<'_>>();
        sim.invoke_press(0, true, true);
        run(80);
        sim.invoke_press(0, true, false);
        run(100);
        assert_eq!(pad.borrow().lights()[0], Light::Done, "the answer taken in within 100 ms of the release");
    }

    /// `READY=1` waits for the first frame: the loop's first turn draws it
    /// after running its timers, the second turn says it is there.
    #[test]
    fn the_first_frame_is_announced_on_the_loops_second_turn() {
        i_slint_backend_testing::init_no_event_loop();
        let said = Rc::new(std::cell::Cell::new(false));
        let s = said.clone();
        after_first_frame(move || s.set(true));
        i_slint_backend_testing::mock_elapsed_time(Duration::ZERO);
        assert!(!said.get(), "the first turn draws the frame after its timers");
        i_slint_backend_testing::mock_elapsed_time(Duration::ZERO);
        assert!(said.get());
    }
}
