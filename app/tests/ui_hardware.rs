//! The hardware pages through the widgets (Slint's testing backend), on the
//! simulated parts a desktop has: the self-test passed by pressing the
//! on-screen pad's buttons and tapping a picker card, and a game box tagged
//! (a card written on a blank tag, another learned by its UID, and a tag
//! that is already another card changed only when the host agrees).

use i_slint_backend_testing::ElementHandle;
use slint::platform::WindowEvent;
use slint::{ComponentHandle, Model};
use tavola_core::hw::sim::RecordingAudio;
use tavola_hw::boot::{boot, BootOptions};
use tavola_screens::{init, App, CheckRow, HardwareUi, Page, TableSim, Ui};

use crate::common;
use common::click;

/// Lets `ms` of time pass, a screen tick (20 ms) at a time.
fn wait(ui: &Ui, now: &mut u64, ms: u64) {
    let end = *now + ms;
    while *now < end {
        *now += 20;
        ui.step(*now);
    }
}

/// Presses and releases a seat's button on the keyboard (the seat's digit,
/// then A or R held for 60 ms), as a person at the desktop does.
fn press(ui: &Ui, now: &mut u64, seat: usize, key: &str) {
    ui.window.window().dispatch_event(WindowEvent::KeyPressed { text: (seat + 1).to_string().into() });
    ui.window.window().dispatch_event(WindowEvent::KeyPressed { text: key.into() });
    wait(ui, now, 60);
    ui.window.window().dispatch_event(WindowEvent::KeyReleased { text: key.into() });
    wait(ui, now, 60);
}

/// Tavola on the simulated parts, in English, its settings file saying
/// how many seats the on-screen pad has.
fn start(dir: &std::path::Path, seats: u8, speaker: bool, journal: bool) -> Ui {
    let settings = dir.join("settings.toml");
    std::fs::write(&settings, format!("seats = {seats}\n")).unwrap();
    let mut booted = boot(&BootOptions {
        simulate: true,
        no_journal: !journal,
        db: Some(dir.join("tavola.db")),
        settings: Some(settings),
        ..BootOptions::default()
    });
    if speaker {
        booted.table.set_audio(Box::new(RecordingAudio::default()));
    }
    let ui = init(booted).unwrap();
    ui.step(0);
    // In Italian the first time; a journal remembers English for the next.
    let italian = ElementHandle::find_by_accessible_label(&ui.window, "Impostazioni").next().is_some();
    click(&ui, if italian { "Impostazioni" } else { "Settings" });
    click(&ui, "English");
    ui.step(20);
    ui
}

fn rows(ui: &Ui) -> Vec<CheckRow> {
    ui.window.global::<HardwareUi<'_>>().get_checks().iter().collect()
}

#[test]
fn the_self_test_is_passed_on_the_simulated_parts_by_doing_what_the_screen_asks() {
    i_slint_backend_testing::init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = start(dir.path(), 3, true, false);
    let app = ui.window.global::<App<'_>>();
    let hw = ui.window.global::<HardwareUi<'_>>();
    let sim = ui.window.global::<TableSim<'_>>();
    let mut now = 20;
    click(&ui, "Hardware self-test");
    assert_eq!(app.get_page(), Page::Selftest);
    click(&ui, "Start the self-test");
    assert!(hw.get_running());

    // The reader answered; a tag is awaited, with the checks to come listed.
    let r = rows(&ui);
    assert_eq!((r[0].label.as_str(), r[0].state), ("reader", 2), "{r:?}");
    assert!(r[0].text.contains("MFRC522"), "{r:?}");
    let labels: Vec<&str> = r.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(labels, ["reader", "tag", "seat 1", "seat 2", "seat 3", "roll button", "dice", "speaker"]);
    assert_eq!(r[1].state, 1, "the tag check is the one under way");
    assert_eq!(hw.get_ask(), "Lay a tag on the reader.");
    assert_eq!(hw.get_countdown(), "15 s");
    // The screen keeps going while it waits.
    wait(&ui, &mut now, 1_000);
    assert_eq!(hw.get_countdown(), "14 s");
    assert_eq!(rows(&ui)[1].state, 1);

    click(&ui, "avalon/role/merlin");
    wait(&ui, &mut now, 200);
    let r = rows(&ui);
    assert_eq!(r[1].state, 2, "{r:?}");
    assert!(r[1].text.contains("Merlin (avalon/role/merlin)"), "the tag's card is named: {r:?}");

    for seat in 0..3 {
        let n = seat + 1;
        assert_eq!(hw.get_ask(), format!("Seat {n}: press the approve button (its light is blinking)."));
        // Its light blinks on the on-screen pad; the others stay dark.
        let mut seen = Vec::new();
        for _ in 0..20 {
            wait(&ui, &mut now, 20);
            seen.push(sim.get_lights().row_data(seat).unwrap());
            assert!((0..3).filter(|s| *s != seat).all(|s| sim.get_lights().row_data(s) == Some(0)));
        }
        assert!(seen.contains(&1) && seen.contains(&0), "seat {n} blinks: {seen:?}");
        press(&ui, &mut now, seat, "a");
        assert_eq!(hw.get_ask(), format!("Seat {n}: press the reject button (its light is blinking)."));
        press(&ui, &mut now, seat, "r");
        assert_eq!(rows(&ui)[2 + seat].state, 2, "seat {n}: {:?}", rows(&ui));
    }

    // A desktop has no roll button but the one on this page.
    assert_eq!(hw.get_ask(), "Press the roll button.");
    assert!(hw.get_asks_roll());
    click(&ui, "Roll (on-screen button)");
    wait(&ui, &mut now, 40);
    assert_eq!(hw.get_ask(), "Listen to the speaker.");
    let r = rows(&ui);
    assert_eq!((r[5].state, r[6].state), (2, 2), "{r:?}");
    assert!(r[6].text.contains("6000 rolls") && r[6].text.contains("chi-square"), "{r:?}");
    for _ in 0..300 {
        if !hw.get_running() {
            break;
        }
        wait(&ui, &mut now, 100);
    }
    assert!(!hw.get_running(), "the test line ends");
    assert_eq!(hw.get_summary(), "Done: 8 passed, 0 failed, 0 skipped.");
    let r = rows(&ui);
    assert!(r.iter().all(|c| c.state == 2), "{r:?}");
    assert!(r[7].text.starts_with("played “"), "{r:?}");
    assert!((0..3).all(|s| sim.get_lights().row_data(s) == Some(0)), "every light off at the end");

    // The same report in Italian, at once.
    click(&ui, "Back");
    click(&ui, "Italiano");
    click(&ui, "Autotest dell'hardware");
    assert_eq!(app.get_page(), Page::Selftest);
    assert_eq!(hw.get_summary(), "Fatto: 8 a posto, 0 guasti, 0 saltati.");
    assert_eq!(rows(&ui)[2].label, "posto 1");
}

#[test]
fn a_check_nobody_answers_fails_with_the_fix_and_a_stopped_test_leaves_the_table_clean() {
    i_slint_backend_testing::init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = start(dir.path(), 2, false, false);
    let app = ui.window.global::<App<'_>>();
    let hw = ui.window.global::<HardwareUi<'_>>();
    let mut now = 20;
    click(&ui, "Hardware self-test");
    click(&ui, "Start the self-test");
    // Nobody has a tag: skipped from the screen.
    click(&ui, "Skip this check");
    assert_eq!(rows(&ui)[1].state, 4);
    assert_eq!(hw.get_ask(), "Seat 1: press the approve button (its light is blinking).");
    // Nobody presses seat 1: after its time, it fails and says what to check.
    wait(&ui, &mut now, 10_100);
    let r = rows(&ui);
    assert_eq!((r[2].label.as_str(), r[2].state), ("seat 1", 3), "{r:?}");
    assert!(r[2].text.contains("check its wires and the pin map"), "{r:?}");
    assert_eq!(hw.get_ask(), "Seat 2: press the approve button (its light is blinking).");
    click(&ui, "Stop");
    assert!(!hw.get_running());
    assert!(hw.get_summary().contains("1 failed"), "{}", hw.get_summary());
    let sim = ui.window.global::<TableSim<'_>>();
    assert!((0..2).all(|s| sim.get_lights().row_data(s) == Some(0)), "the lights go dark");
    click(&ui, "Back");
    assert_eq!(app.get_page(), Page::Settings);
}

#[test]
fn the_hardware_pages_stay_closed_during_a_game() {
    i_slint_backend_testing::init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = start(dir.path(), 5, false, false);
    let app = ui.window.global::<App<'_>>();
    let hw = ui.window.global::<HardwareUi<'_>>();
    assert!(hw.get_can_open());
    click(&ui, "Done");
    click(&ui, "The Resistance: Avalon");
    click(&ui, "Start");
    assert_eq!(app.get_page(), Page::AvalonNight, "{}", app.get_message());
    click(&ui, "Settings");
    assert!(!hw.get_can_open());
    assert!(hw.get_closed_why().contains("Finish or leave the game first"), "{}", hw.get_closed_why());
    click(&ui, "Hardware self-test");
    click(&ui, "Tag cards");
    assert_eq!(app.get_page(), Page::Settings, "neither page opens during a game");
    click(&ui, "Done");

    // Any game's: Nottingham's too.
    app.invoke_leave();
    ui.step(0);
    click(&ui, "Nottingham");
    assert!(hw.get_can_open(), "a setup is no game under way");
    // The path's numbers are test values, not a real board.
    ui.window.global::<tavola_screens::SetupUi<'_>>().invoke_set_typed("4 3 5 2 6".into());
    click(&ui, "Deal the cards");
    assert_eq!(app.get_page(), Page::NottsBoard, "{}", app.get_message());
    click(&ui, "Settings");
    assert!(!hw.get_can_open());
    click(&ui, "Hardware self-test");
    assert_eq!(app.get_page(), Page::Settings, "the self-test waits for Nottingham's end");
}

/// The card the simulated reader's tag carries, read on another reader.
fn card_on_the_tag(ui: &Ui) -> Option<String> {
    use tavola_firmware::nfc::{NfcConfig, NfcEvent, NfcSession};
    let reader = ui.controller.borrow().on_screen().reader.clone().unwrap();
    let tag = reader.borrow().chip().tag()?;
    let other = tavola_firmware::sim::SimChip::new();
    other.place(tag);
    let mut session = NfcSession::new(other, NfcConfig::default()).unwrap();
    let mut card = None;
    session
        .poll(0, &mut |e| {
            if let NfcEvent::TagArrived { card: c, .. } = e {
                card = c.map(|c| c.as_str().to_string());
            }
        })
        .unwrap();
    card
}

#[test]
fn a_card_is_written_on_a_blank_tag_another_learned_and_a_tag_of_another_card_changed_only_when_agreed() {
    i_slint_backend_testing::init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = start(dir.path(), 5, false, true);
    let app = ui.window.global::<App<'_>>();
    let hw = ui.window.global::<HardwareUi<'_>>();
    let mut now = 20;
    click(&ui, "Tag cards");
    assert_eq!(app.get_page(), Page::Tags);

    // 100+ cards: by game and kind, a page at a time.
    click(&ui, "Shadows over Camelot");
    assert!(hw.get_page_label().contains("page 1 of 22 · 176 cards"), "{}", hw.get_page_label());
    click(&ui, "Next page");
    assert!(hw.get_page_label().starts_with("page 2 of 22"));
    click(&ui, "Black cards");
    assert!(hw.get_page_label().contains("76 cards"), "{}", hw.get_page_label());
    assert_eq!(hw.get_cards().row_count(), 8);
    click(&ui, "Avalon");
    click(&ui, "Roles");
    let names: Vec<String> = hw.get_cards().iter().map(|c| c.name.to_string()).collect();
    assert!(names.contains(&"Loyal Servant of Arthur 1/5".to_string()), "copies are told apart: {names:?}");

    // Write: choose Merlin, then lay a blank tag.
    click(&ui, "Merlin");
    assert_eq!(hw.get_chosen_id(), "avalon/role/merlin");
    click(&ui, "Write on a blank tag");
    assert!(hw.get_tag_busy());
    assert!(hw.get_tag_status().starts_with("Lay a blank NTAG tag on the reader"), "{}", hw.get_tag_status());
    wait(&ui, &mut now, 500);
    assert!(hw.get_tag_busy(), "it waits for the tag");
    click(&ui, "Lay a new blank tag");
    wait(&ui, &mut now, 200);
    assert!(!hw.get_tag_busy());
    assert!(hw.get_tag_ok(), "{}", hw.get_tag_result());
    assert!(hw.get_tag_result().contains("is now “Merlin” (avalon/role/merlin): read back and checked"));
    assert_eq!(card_on_the_tag(&ui).as_deref(), Some("avalon/role/merlin"), "the tag carries the card");
    assert_eq!(hw.get_chosen_id(), "avalon/role/percival", "the next card is chosen");
    assert!(hw.get_on_reader().contains("carrying “Merlin”"), "{}", hw.get_on_reader());

    // Writing Percival on the Merlin tag asks first; Cancel leaves it.
    click(&ui, "Write on a blank tag");
    assert!(hw.get_question().contains("already carries “Merlin”. Write “Percival” over it?"), "{}", hw.get_question());
    click(&ui, "Cancel");
    assert_eq!(hw.get_question(), "");
    assert!(hw.get_tag_result().starts_with("Left as it was"), "{}", hw.get_tag_result());
    assert_eq!(card_on_the_tag(&ui).as_deref(), Some("avalon/role/merlin"));
    assert_eq!(hw.get_chosen_id(), "avalon/role/percival", "still the card to do");

    // A tag that carries a card needs no learning.
    click(&ui, "Learn a tag's UID");
    assert!(!hw.get_tag_ok() && hw.get_tag_result().contains("nothing to learn"), "{}", hw.get_tag_result());

    // Learn: a fresh blank tag, remembered by its UID as Percival.
    click(&ui, "Lift the tag");
    wait(&ui, &mut now, 400);
    assert_eq!(hw.get_on_reader(), "", "the reader saw it go");
    click(&ui, "Learn a tag's UID");
    click(&ui, "Lay a new blank tag");
    wait(&ui, &mut now, 200);
    assert!(hw.get_tag_ok(), "{}", hw.get_tag_result());
    assert!(
        hw.get_tag_result().contains("is now “Percival” (avalon/role/percival): Tavola remembers it"),
        "{} / {} / {}",
        hw.get_tag_result(),
        hw.get_tag_status(),
        hw.get_on_reader()
    );
    let uid = hw.get_on_reader().to_string();
    let uid = uid.split("tag ").nth(1).and_then(|r| r.split(',').next()).unwrap().to_string();
    let journal = || tavola_core::journal::Journal::open(dir.path().join("tavola.db")).unwrap().journal;
    assert_eq!(journal().learned_tag(&uid).unwrap().as_deref(), Some("avalon/role/percival"));
    assert!(hw.get_cards().iter().any(|c| c.id == "avalon/role/percival" && c.learned), "marked as learned");

    // Learning it as Morgana asks first; agreed, it changes.
    click(&ui, "Next page");
    click(&ui, "Morgana");
    click(&ui, "Learn a tag's UID");
    assert!(hw.get_question().contains("is already known as “Percival”. Make it “Morgana”?"), "{}", hw.get_question());
    assert_eq!(journal().learned_tag(&uid).unwrap().as_deref(), Some("avalon/role/percival"), "not before the answer");
    click(&ui, "Change it");
    assert!(hw.get_tag_result().contains("is now “Morgana”"), "{}", hw.get_tag_result());
    assert_eq!(journal().learned_tag(&uid).unwrap().as_deref(), Some("avalon/role/morgana"));
    click(&ui, "Back");
    assert_eq!(app.get_page(), Page::Settings);
}

#[test]
fn the_seats_of_the_on_screen_pad_are_set_on_the_settings_page_and_kept_for_the_next_start() {
    i_slint_backend_testing::init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = start(dir.path(), 3, false, true);
    let hw = ui.window.global::<HardwareUi<'_>>();
    let sim = ui.window.global::<TableSim<'_>>();
    assert_eq!(hw.get_seats(), 3, "the settings file's seats");
    click(&ui, "More seats");
    click(&ui, "More seats");
    assert_eq!(hw.get_seats(), 5);
    // The self-test asks for the five, and the on-screen pad has five lights.
    click(&ui, "Hardware self-test");
    click(&ui, "Start the self-test");
    let labels: Vec<String> = rows(&ui).iter().map(|c| c.label.to_string()).collect();
    assert!(labels.contains(&"seat 5".to_string()) && !labels.contains(&"seat 6".to_string()), "{labels:?}");
    assert_eq!(sim.get_lights().row_count(), 5);
    click(&ui, "Stop");
    click(&ui, "Back");
    drop(ui);

    // The next start has five seats, over the file's three.
    let ui = start(dir.path(), 3, false, true);
    assert_eq!(ui.window.global::<HardwareUi<'_>>().get_seats(), 5);
    click(&ui, "Hardware self-test");
    click(&ui, "Start the self-test");
    let labels: Vec<String> = rows(&ui).iter().map(|c| c.label.to_string()).collect();
    assert!(labels.contains(&"seat 5".to_string()) && !labels.contains(&"seat 6".to_string()), "{labels:?}");
}

#[test]
fn the_reader_poll_period_is_set_on_the_settings_page_at_once_and_kept_for_the_next_start() {
    use tavola_core::hw::TagSource;
    i_slint_backend_testing::init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = start(dir.path(), 3, false, true);
    // A tall screen: the settings' right column whole, above the message
    // line's place (on the 7" screen a person scrolls down to the reader).
    ui.window.window().set_size(slint::PhysicalSize::new(800, 1600));
    ui.step(40);
    let hw = ui.window.global::<HardwareUi<'_>>();
    let reader = ui.controller.borrow().on_screen().reader.clone().expect("the on-screen reader");
    assert_eq!(hw.get_poll_ms(), 50, "the default period");
    click(&ui, "Look less often");
    click(&ui, "Look less often");
    assert_eq!(hw.get_poll_ms(), 70);
    assert_eq!(reader.poll_ms(), Some(70), "the reader polls at the new period at once");
    for _ in 0..10 {
        click(&ui, "Look more often");
    }
    assert_eq!(hw.get_poll_ms(), 20, "never faster than 20 ms");
    click(&ui, "Look less often");
    drop(ui);
    let ui = start(dir.path(), 3, false, true);
    assert_eq!(ui.window.global::<HardwareUi<'_>>().get_poll_ms(), 30, "the next start keeps it");
    let reader = ui.controller.borrow().on_screen().reader.clone().unwrap();
    assert_eq!(reader.poll_ms(), Some(30));
}

#[test]
fn the_on_screen_pad_shows_all_its_seats_with_no_game_and_after_one() {
    use tavola_core::table::{Input, Touch};
    use tavola_games::{GameKind, Lang};
    i_slint_backend_testing::init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = start(dir.path(), 7, false, false);
    let sim = ui.window.global::<TableSim<'_>>();
    assert_eq!(sim.get_lights().row_count(), 7, "the picker's table has its seven seats");
    let send = |t: Touch| ui.controller.borrow_mut().input(Input::Touch(t));
    send(Touch::SetLang { lang: Lang::En });
    send(Touch::ChooseGame { game: GameKind::Avalon });
    send(Touch::Leave { confirm: true });
    ui.step(40);
    assert_eq!(sim.get_lights().row_count(), 7, "still seven after a game is left");
}

/// A Pi 4 with a USB speaker plugged in: its jack, an HDMI screen, and
/// ALSA's default, as the sound system lists them; `broken` do not open.
fn pi_with_usb(broken: &[&str]) -> tavola_narrator::outputs::SimOutputs {
    use tavola_core::hw::speaker::Pcm;
    use tavola_narrator::outputs::SimOutputs;
    SimOutputs {
        pcms: vec![
            Pcm::new("default", "Default ALSA Output"),
            Pcm::new("sysdefault:CARD=Headphones", "bcm2835 Headphones, bcm2835 Headphones\nDefault Audio Device"),
            Pcm::new("hdmi:CARD=vc4hdmi0,DEV=0", "vc4-hdmi-0, MAI PCM i2s-hifi-0\nHDMI Audio Output"),
            Pcm::new("sysdefault:CARD=Audio", "QEMU USB Audio, USB Audio\nDefault Audio Device"),
        ],
        broken: broken.iter().map(|b| b.to_string()).collect(),
        ..SimOutputs::default()
    }
}

/// Lets the speaker's own thread answer (a look at the devices, a device chosen), a screen
/// tick at a time.
fn settle(ui: &Ui) {
    for _ in 0..20 {
        std::thread::sleep(std::time::Duration::from_millis(10));
        ui.step(20);
    }
}

/// Presses `label` (a speaker on the settings page) and lets the device open.
fn choose(ui: &Ui, label: &str) {
    click(ui, label);
    settle(ui);
}

/// Tavola speaking through `outputs` (placed as boot places it, on the
/// speaker chosen), in English, on the settings page.
fn start_speaking(
    dir: &std::path::Path,
    outputs: tavola_narrator::outputs::SimOutputs,
) -> (Ui, std::rc::Rc<std::cell::RefCell<tavola_narrator::audio::RodioAudio>>) {
    use tavola_narrator::audio::{AudioOptions, RodioAudio};
    let mut booted = boot(&BootOptions {
        simulate: true,
        db: Some(dir.join("tavola.db")),
        settings: Some(dir.join("none.toml")),
        ..BootOptions::default()
    });
    let options = AudioOptions {
        voices: Some(dir.to_path_buf()),
        synthesis: false,
        speaker: booted.speaker.clone(),
        ..AudioOptions::default()
    };
    let audio = std::rc::Rc::new(std::cell::RefCell::new(RodioAudio::with_outputs(&options, Box::new(outputs))));
    booted.notices.extend(audio.borrow_mut().take_notices());
    booted.table.set_audio(Box::new(audio.clone()));
    let ui = init(booted).unwrap();
    // A tall screen: the settings' whole right column is in view (on the
    // 7" screen a person scrolls down to the speaker).
    ui.window.window().set_size(slint::PhysicalSize::new(800, 1600));
    ui.step(0);
    let italian = ElementHandle::find_by_accessible_label(&ui.window, "Impostazioni").next().is_some();
    click(&ui, if italian { "Impostazioni" } else { "Settings" });
    click(&ui, "English");
    settle(&ui);
    (ui, audio)
}

#[test]
fn the_speaker_is_chosen_on_the_settings_page_plays_there_at_once_and_is_kept_for_the_next_start() {
    use tavola_core::hw::speaker::{SpeakerChoice, SpeakerKind};
    use tavola_core::hw::AudioOut;
    i_slint_backend_testing::init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let outputs = pi_with_usb(&[]);
    let opened = outputs.opened.clone();
    let (ui, audio) = start_speaking(dir.path(), outputs);
    let hw = ui.window.global::<HardwareUi<'_>>();
    let listed: Vec<String> = hw.get_speakers().iter().map(|s| s.to_string()).collect();
    assert_eq!(
        listed,
        [
            "Automatic",
            "QEMU USB Audio (USB)",
            "bcm2835 Headphones (headphone jack)",
            "vc4-hdmi-0 (HDMI)",
            "default (ALSA's default)"
        ],
        "Automatic, then the devices found, in the order auto tries them"
    );
    assert_eq!(hw.get_speaker(), 0, "auto at first");
    assert_eq!(hw.get_speaker_now(), "In use: QEMU USB Audio (USB).");

    choose(&ui, "vc4-hdmi-0 (HDMI)");
    assert_eq!(audio.borrow().output().map(|d| d.name), Some("vc4-hdmi-0".to_string()), "at once");
    assert_eq!(opened.lock().unwrap().last().map(String::as_str), Some("hdmi:CARD=vc4hdmi0,DEV=0"));
    assert_eq!(hw.get_speaker(), 3);
    assert_eq!(hw.get_speaker_now(), "In use: vc4-hdmi-0 (HDMI).");
    assert!(ui.window.global::<App<'_>>().get_message().is_empty(), "nothing to say");
    drop(ui);

    // The next start plays on HDMI, and the page shows it chosen.
    let (ui, audio) = start_speaking(dir.path(), pi_with_usb(&[]));
    assert_eq!(ui.controller.borrow().speaker_choice(), SpeakerChoice::Kind(SpeakerKind::Hdmi));
    assert_eq!(audio.borrow().output().map(|d| d.kind), Some(SpeakerKind::Hdmi));
    assert_eq!(ui.window.global::<HardwareUi<'_>>().get_speaker(), 3);
    drop(ui);

    // Chosen and gone (no HDMI screen this time): auto, said on the message line.
    let mut no_hdmi = pi_with_usb(&[]);
    no_hdmi.pcms.retain(|p| !p.id.contains("vc4hdmi"));
    let (ui, audio) = start_speaking(dir.path(), no_hdmi);
    assert_eq!(audio.borrow().output().map(|d| d.kind), Some(SpeakerKind::Usb));
    let hw = ui.window.global::<HardwareUi<'_>>();
    let listed: Vec<String> = hw.get_speakers().iter().map(|s| s.to_string()).collect();
    assert_eq!(listed.last().map(String::as_str), Some("HDMI: not connected"), "the choice is still shown");
    assert_eq!(hw.get_speaker(), listed.len() as i32 - 1);
    assert_eq!(
        ui.window.global::<App<'_>>().get_message(),
        "The speaker chosen (HDMI) is not connected: the sound goes to QEMU USB Audio (USB)."
    );
}

#[test]
fn a_speaker_that_does_not_open_is_said_on_the_message_line_with_the_one_used_instead() {
    use tavola_core::hw::speaker::SpeakerKind;
    use tavola_core::hw::AudioOut;
    i_slint_backend_testing::init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let (ui, audio) = start_speaking(dir.path(), pi_with_usb(&["sysdefault:CARD=Headphones"]));
    choose(&ui, "bcm2835 Headphones (headphone jack)");
    assert_eq!(audio.borrow().output().map(|d| d.kind), Some(SpeakerKind::Usb), "auto's best instead");
    let app = ui.window.global::<App<'_>>();
    assert_eq!(
        app.get_message(),
        "The speaker chosen (headphone jack) does not open (Device or resource busy): the sound goes to QEMU USB Audio (USB)."
    );
    let hw = ui.window.global::<HardwareUi<'_>>();
    assert_eq!(hw.get_speaker(), 2, "the choice stays shown");
    assert_eq!(hw.get_speaker_now(), "In use: QEMU USB Audio (USB).");
    // In Italian too.
    click(&ui, "Italiano");
    ui.step(40);
    assert_eq!(
        app.get_message(),
        "L'altoparlante scelto (presa cuffie) non si apre (Device or resource busy): l'audio passa all'uscita QEMU USB Audio (USB)."
    );
    // Back to Automatic: the warning gives way to what holds now.
    choose(&ui, "Automatico");
    assert_eq!(app.get_message(), "L'altoparlante scelto è in uso: QEMU USB Audio (USB).");
}
