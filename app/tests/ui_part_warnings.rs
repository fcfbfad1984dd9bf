//! What the parts say during an evening, through the widgets (Slint's
//! testing backend): a reader that stops answering in the middle of a game
//! is said on the message line, in the table's language, its return takes
//! the warning's place, and a touch closes it, with nothing on the page
//! moving; a reader that was not there at start (its SPI device came late)
//! is tried again on the table's clock until it opens, then takes over from
//! the cards on the screen and the table is told.

use i_slint_backend_testing::ElementHandle;
use slint::ComponentHandle;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tavola_core::hw::awaited::{Awaited, Opener, RETRY_OPEN_MS};
use tavola_core::hw::sim::SimReader;
use tavola_core::hw::{HwError, TagSource};
use tavola_firmware::sim::Fault;
use tavola_games::Msg;
use tavola_hw::boot::{boot, BootOptions};
use tavola_screens::{init, App, Page, TableSim, Ui};

use crate::common;
use common::{click, open_game, shown};

/// Lets `ms` of the table's time pass, a screen tick (20 ms) at a time.
fn wait(ui: &Ui, now: &mut u64, ms: u64) {
    let end = *now + ms;
    while *now < end {
        *now += 20;
        ui.step(*now);
    }
}

/// Where a widget is and how big, by the label a screen reader reads.
fn place(ui: &Ui, label: &str) -> (f32, f32, f32, f32) {
    let e = ElementHandle::find_by_accessible_label(&ui.window, label).next().unwrap_or_else(|| panic!("no {label}"));
    let (p, s) = (e.absolute_position(), e.size());
    (p.x, p.y, s.width, s.height)
}

fn line(ui: &Ui) -> (f32, f32) {
    let e = ElementHandle::find_by_element_id(&ui.window, "AppWindow::message-line").next().expect("the line");
    (e.absolute_position().y, e.size().height)
}

#[test]
fn a_reader_that_fails_during_a_game_is_said_then_its_return_then_closed_by_a_touch() {
    let ui = open_game("The Resistance: Avalon");
    let app = ui.window.global::<App<'_>>();
    click(&ui, "Start");
    assert_eq!(app.get_page(), Page::AvalonNight, "{}", app.get_message());
    let mut now = 0;
    wait(&ui, &mut now, 200);
    assert_eq!(app.get_message(), "", "nothing stands");
    let (day, message_line) = (place(&ui, "Day begins"), line(&ui));
    assert!(message_line.1 > 0.0, "the line's place is kept, empty");

    // The reader stops answering in the middle of the night.
    let chip = ui.controller.borrow().on_screen().reader.as_ref().unwrap().borrow().chip().clone();
    chip.inject(Fault::DeadMiso(0x00));
    wait(&ui, &mut now, 500);
    assert!(app.get_message().starts_with("No NFC reader answers"), "{}", app.get_message());
    assert_eq!(app.get_message_count(), 1);
    assert_eq!(place(&ui, "Day begins"), day, "the warning moves nothing");
    assert_eq!(line(&ui), message_line);
    // Said in the table's language when it changes.
    app.invoke_set_lang("it".into());
    ui.step(now);
    assert!(app.get_message().starts_with("Nessun lettore NFC risponde"), "{}", app.get_message());
    app.invoke_set_lang("en".into());
    ui.step(now);
    wait(&ui, &mut now, 2_000);
    assert_eq!(app.get_message_count(), 1, "said once, whatever the polls");

    // It comes back: the news takes the warning's place.
    chip.clear_faults();
    wait(&ui, &mut now, 3_000);
    assert_eq!(app.get_message(), "The NFC reader works again.");
    assert_eq!(app.get_message_count(), 1, "the warning is gone, not piled up");

    // A touch closes it; the page stays where it was.
    click(&ui, "Close this message");
    assert_eq!((app.get_message().as_str(), app.get_message_count()), ("", 0));
    assert!(!shown(&ui, "Close this message"), "nothing to close");
    assert_eq!(place(&ui, "Day begins"), day, "closing moves nothing");
    assert_eq!(line(&ui), message_line);

    // The same trouble later: said again.
    chip.inject(Fault::DeadMiso(0xFF));
    wait(&ui, &mut now, 500);
    assert!(app.get_message().starts_with("No NFC reader answers"), "{}", app.get_message());
}

#[test]
fn closing_goes_through_every_standing_message_the_table_word_first() {
    i_slint_backend_testing::init_no_event_loop();
    let mut booted = boot(&BootOptions { simulate: true, no_journal: true, ..BootOptions::default() });
    booted.notices.push(HwError::said("audio", Msg::new("hw.audio.no_espeak")));
    booted.notices.push(HwError::said("board", Msg::new("hw.not_a_pi")));
    let ui = init(booted).unwrap();
    ui.step(0);
    let app = ui.window.global::<App<'_>>();
    app.invoke_set_lang("en".into());
    ui.step(0);
    assert!(app.get_message().starts_with("Speech is off: install espeak-ng"), "{}", app.get_message());
    // A press nobody asked for: the table's word comes first.
    click(&ui, "The Resistance: Avalon");
    let sim = ui.window.global::<TableSim<'_>>();
    sim.invoke_press(0, true, true);
    ui.step(100);
    sim.invoke_press(0, true, false);
    ui.step(200);
    assert!(app.get_message().contains("nothing to vote on"), "{}", app.get_message());
    assert_eq!(app.get_message_count(), 3);
    click(&ui, "Close this message");
    assert!(app.get_message().starts_with("Speech is off"), "{}", app.get_message());
    assert_eq!(app.get_message_count(), 2);
    click(&ui, "Close this message");
    assert!(app.get_message().starts_with("This machine is not a Raspberry Pi"), "{}", app.get_message());
    click(&ui, "Close this message");
    assert_eq!((app.get_message().as_str(), app.get_message_count()), ("", 0));
    ui.step(400);
    assert_eq!(app.get_message(), "", "a closed message stays closed");
}

/// A reader whose SPI device appears late: the opener fails `fails`
/// times, then gives a reader.
fn late_reader(fails: u32) -> (Opener<Box<dyn TagSource + Send>>, Arc<AtomicU32>) {
    let calls = Arc::new(AtomicU32::new(0));
    let counted = calls.clone();
    let open: Opener<Box<dyn TagSource + Send>> = Box::new(move || {
        if counted.fetch_add(1, Ordering::SeqCst) < fails {
            Err(HwError::said("reader", Msg::new("hw.spi.off")))
        } else {
            Ok(Box::new(SimReader::new()))
        }
    });
    (open, calls)
}

/// Waits (in real time, a few seconds at most) until `n` tries have been
/// made: they run on a thread of their own.
fn tried(calls: &AtomicU32, n: u32) {
    let start = Instant::now();
    while calls.load(Ordering::SeqCst) < n {
        assert!(start.elapsed() < Duration::from_secs(5), "try {n} never came");
        std::thread::sleep(Duration::from_millis(1));
    }
    std::thread::sleep(Duration::from_millis(5));
}

#[test]
fn a_reader_that_opens_late_takes_over_from_the_cards_on_the_screen() {
    i_slint_backend_testing::init_no_event_loop();
    // Start-up as on a Pi whose SPI device was not there yet.
    let mut booted = boot(&BootOptions { simulate: true, no_journal: true, ..BootOptions::default() });
    let substitute = booted.on_screen.reader.clone().unwrap();
    let (open, calls) = late_reader(2);
    booted.table.reader = Box::new(Awaited::new(substitute, open, RETRY_OPEN_MS));
    booted.notices.push(HwError::said("reader", Msg::new("hw.spi.off")));
    let ui = init(booted).unwrap();
    ui.step(0);
    let app = ui.window.global::<App<'_>>();
    let sim = ui.window.global::<TableSim<'_>>();
    app.invoke_set_lang("en".into());
    app.set_show_table(true);
    let mut now = 0;
    ui.step(now);
    assert!(app.get_message().starts_with("SPI is off"), "{}", app.get_message());
    assert!(sim.get_has_reader() && shown(&ui, "avalon/role/merlin"), "the cards on the screen serve meanwhile");

    // Tried every few seconds on the table's clock, not in a loop.
    wait(&ui, &mut now, RETRY_OPEN_MS - 100);
    assert_eq!(calls.load(Ordering::SeqCst), 0);
    for n in 1..=2 {
        wait(&ui, &mut now, 100);
        tried(&calls, n);
        wait(&ui, &mut now, RETRY_OPEN_MS - 100);
        assert_eq!(calls.load(Ordering::SeqCst), n, "one try in {RETRY_OPEN_MS} ms");
        assert!(app.get_message().starts_with("SPI is off"), "{}", app.get_message());
        assert!(sim.get_has_reader());
    }

    // The third try opens it.
    wait(&ui, &mut now, 100);
    tried(&calls, 3);
    wait(&ui, &mut now, 40);
    assert_eq!(app.get_message(), "The card reader is connected.");
    assert_eq!(app.get_message_count(), 1, "the start-up warning is gone");
    assert!(!sim.get_has_reader(), "the screen's cards are put away");
    assert!(!shown(&ui, "avalon/role/merlin"));
    assert!(ui.controller.borrow().on_screen().reader.is_none());
    assert!(app.get_simulated(), "the screen's pad is still there");
    app.invoke_set_lang("it".into());
    ui.step(now);
    assert_eq!(app.get_message(), "Il lettore di carte è collegato.");
    wait(&ui, &mut now, 3 * RETRY_OPEN_MS);
    assert_eq!(calls.load(Ordering::SeqCst), 3, "no more tries");
    click(&ui, "Chiudi questo messaggio");
    assert_eq!(app.get_message_count(), 0);
}

/// The messages standing on the line, in full.
fn standing(app: &App<'_>) -> Vec<String> {
    use slint::Model;
    app.get_messages().iter().map(|m| m.to_string()).collect()
}

/// A reader that opens and never answers: its chip's reset line held low (the pin dropped to
/// its pull-down, as on a Pi the GPIO library does not know), so every byte on MISO is 0x00.
/// The cards on the screen stand in for it at once, said in both languages, and a card tapped
/// there reaches the table; when the chip answers again the real reader serves, the cards go
/// and the table says the reader works again; down again later, the cards come back.
#[test]
fn a_reader_that_opens_but_never_answers_is_stood_in_for_by_the_cards_on_the_screen() {
    use embedded_hal::digital::OutputPin;
    i_slint_backend_testing::init_no_event_loop();
    let mut booted = boot(&BootOptions { simulate: true, no_journal: true, ..BootOptions::default() });
    let real = SimReader::new();
    let chip = real.chip().clone();
    let mut rst = chip.reset_pin();
    rst.set_low().unwrap();
    booted.table.reader = tavola_hw::boot::with_stand_in(Box::new(real), &mut booted.on_screen);
    let ui = init(booted).unwrap();
    let app = ui.window.global::<App<'_>>();
    let sim = ui.window.global::<TableSim<'_>>();
    ui.step(0);
    app.invoke_set_lang("en".into());
    let mut now = 0;
    wait(&ui, &mut now, 100);
    assert!(sim.get_has_reader(), "the cards on the screen are offered");
    assert!(app.get_show_table(), "and shown");
    assert!(app.get_message().starts_with("Until the NFC reader answers again"), "{}", app.get_message());
    assert!(standing(&app).iter().any(|m| m.starts_with("No NFC reader answers (version register 0x00)")));
    app.invoke_set_lang("it".into());
    ui.step(now);
    assert!(app.get_message().starts_with("Finché il lettore NFC non risponde"), "{}", app.get_message());
    app.invoke_set_lang("en".into());
    wait(&ui, &mut now, 100);

    // A card tapped on the screen reaches the table.
    assert!(shown(&ui, "avalon/role/merlin"));
    common::lay(&ui, "avalon/role/merlin", now);
    now += 300;
    assert_eq!(app.get_message(), "No game in progress: pick a game.");
    wait(&ui, &mut now, 1_000);

    // The chip answers again: the real reader serves, the cards go.
    rst.set_high().unwrap();
    wait(&ui, &mut now, 2_500);
    assert_eq!(app.get_message(), "The NFC reader works again.");
    assert!(!sim.get_has_reader(), "the cards are put away");
    assert!(ui.controller.borrow().on_screen().reader.is_none());
    assert!(!standing(&app).iter().any(|m| m.starts_with("Until the NFC reader")), "{:?}", standing(&app));

    // Down again in the middle of the evening: the cards come back.
    rst.set_low().unwrap();
    wait(&ui, &mut now, 1_500);
    assert!(sim.get_has_reader(), "{:?}", standing(&app));
    assert!(app.get_message().starts_with("Until the NFC reader answers again"), "{}", app.get_message());
}
