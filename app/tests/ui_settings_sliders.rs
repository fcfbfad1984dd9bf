//! The Settings page's volume and pace sliders, dragged with a finger
//! (Slint's testing backend, pointer events): a slider is in effect at every
//! step, and kept in the journal once, when it is let go. Each write is a
//! synchronous commit on the SD card, which holds the screen's thread.

use i_slint_backend_testing::{AccessibleRole, ElementHandle};
use slint::platform::{PointerEventButton, WindowEvent};
use slint::{ComponentHandle, LogicalPosition};
use tavola_hw::boot::{boot, BootOptions};
use tavola_screens::{init, App, Page, Ui};

use crate::common;
use common::click;

/// Tavola on the simulated parts with a journal in `dir`, in English, on
/// the Settings page.
fn start(dir: &std::path::Path) -> Ui {
    i_slint_backend_testing::init_no_event_loop();
    let ui = init(boot(&BootOptions {
        simulate: true,
        db: Some(dir.join("tavola.db")),
        settings: Some(dir.join("settings.toml")),
        ..BootOptions::default()
    }))
    .unwrap();
    ui.step(0);
    ui.window.global::<App<'_>>().invoke_set_lang("en".into());
    ui.step(20);
    click(&ui, "Settings");
    ui.step(40);
    assert_eq!(ui.window.global::<App<'_>>().get_page(), Page::Settings);
    ui
}

/// Counts the commits other connections make to the journal (SQLite's
/// `data_version` changes once or more with each).
struct Commits {
    conn: rusqlite::Connection,
    seen: i64,
}

impl Commits {
    fn watch(dir: &std::path::Path) -> Commits {
        let conn = rusqlite::Connection::open(dir.join("tavola.db")).unwrap();
        let mut c = Commits { conn, seen: 0 };
        c.seen = c.version();
        c
    }

    fn version(&self) -> i64 {
        self.conn.query_row("PRAGMA data_version", [], |r| r.get(0)).unwrap()
    }

    /// Whether something was committed since the last look.
    fn committed(&mut self) -> bool {
        let v = self.version();
        std::mem::replace(&mut self.seen, v) != v
    }
}

/// The slider labelled `label` (not its caption, which has the same words).
fn slider(ui: &Ui, label: &str) -> ElementHandle {
    ElementHandle::find_by_accessible_label(&ui.window, label)
        .find(|e| e.accessible_role() == Some(AccessibleRole::Slider))
        .unwrap_or_else(|| panic!("no slider “{label}”"))
}

/// Presses the slider near its left end, drags it right in `steps` moves
/// (a screen tick after each), and lets it go. Returns, after each move and
/// after the release, the slider's value and whether the journal committed.
fn drag(ui: &Ui, slider: &ElementHandle, steps: usize, commits: &mut Commits) -> Vec<(f32, bool)> {
    let (at, size) = (slider.absolute_position(), slider.size());
    let y = at.y + size.height / 2.0;
    let x = |i: usize| at.x + size.width * (0.1 + 0.035 * i as f32);
    let window = ui.window.window();
    let value = || slider.accessible_value().unwrap().parse::<f32>().unwrap();
    let mut now = 1000;
    let mut seen = Vec::new();
    window.dispatch_event(WindowEvent::PointerPressed {
        position: LogicalPosition::new(x(0), y),
        button: PointerEventButton::Left,
    });
    for i in 1..=steps {
        window.dispatch_event(WindowEvent::PointerMoved { position: LogicalPosition::new(x(i), y) });
        now += 20;
        ui.step(now);
        seen.push((value(), commits.committed()));
    }
    window.dispatch_event(WindowEvent::PointerReleased {
        position: LogicalPosition::new(x(steps), y),
        button: PointerEventButton::Left,
    });
    ui.step(now + 20);
    seen.push((value(), commits.committed()));
    seen
}

#[test]
fn the_volume_dragged_through_twenty_steps_is_heard_at_each_and_kept_once_when_let_go() {
    let dir = tempfile::tempdir().unwrap();
    let ui = start(dir.path());
    let mut commits = Commits::watch(dir.path());
    let volume = slider(&ui, "Speaker volume");
    let seen = drag(&ui, &volume, 20, &mut commits);
    let steps: Vec<f32> = seen[..20].iter().map(|(v, _)| *v).collect();
    assert!(steps.windows(2).all(|w| w[1] > w[0]), "the slider moves at every step: {steps:?}");
    assert_eq!(seen.iter().filter(|(_, c)| *c).count(), 1, "one commit: {seen:?}");
    assert!(seen[20].1, "the commit comes when the slider is let go: {seen:?}");
    // In effect at once: the table's volume is the slider's after the drag.
    let kept = seen[20].0 as u8;
    assert_eq!(ui.controller.borrow().view().volume, kept);
    // And kept: the next start has it.
    drop(ui);
    let journal = tavola_core::journal::Journal::open(dir.path().join("tavola.db")).unwrap().journal;
    assert_eq!(journal.setting::<u8>("volume").unwrap(), Some(kept));
}

#[test]
fn the_pace_dragged_through_twenty_steps_is_kept_once_when_let_go() {
    let dir = tempfile::tempdir().unwrap();
    let ui = start(dir.path());
    let mut commits = Commits::watch(dir.path());
    let pace = slider(&ui, "Pauses between narrated lines");
    let seen = drag(&ui, &pace, 20, &mut commits);
    assert_eq!(seen.iter().filter(|(_, c)| *c).count(), 1, "one commit: {seen:?}");
    assert!(seen[20].1, "the commit comes when the slider is let go: {seen:?}");
    let kept = seen[20].0;
    drop(ui);
    let journal = tavola_core::journal::Journal::open(dir.path().join("tavola.db")).unwrap().journal;
    let stored = journal.setting::<f32>("pace").unwrap().expect("the pace is kept");
    assert!((stored - kept).abs() < 0.01, "{stored} kept, {kept} on the slider");
}
