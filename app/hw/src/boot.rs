//! What Tavola does when it starts: finds its hardware (the Pi's parts, or
//! on-screen substitutes for each part that is missing), opens its journal
//! (moving a damaged file aside), and finds an unfinished game to offer.

use crate::games::{GameRng, Lang};
use crate::hw::sim::{SimDice, SimPad, SimReader};
use crate::hw::speaker::SpeakerChoice;
use crate::hw::{DiceButton, HwError, Shared, TagSource, VotePad};
use crate::journal::{GameResult, Journal, JournalError, JournalStore, StoredGame};
use crate::table::{NarrationControl, ResumeError, SavedTimer, Session, Table, TimerConfig};
use std::cell::RefCell;
use std::rc::Rc;
use tavola_narrator::audio::{AudioOptions, RodioAudio};
use tavola_words::{msg, Said};

/// The table the app runs: every port boxed, so real and simulated parts mix.
pub type AppTable = Table<Box<dyn TagSource>, Box<dyn VotePad>, Box<dyn DiceButton>>;

/// The on-screen substitutes in use, for the screen to drive.
#[derive(Debug, Default, Clone)]
pub struct OnScreen {
    /// The card picker's reader, while the cards on the screen serve: there is no real
    /// reader, or it is down.
    pub reader: Option<Shared<SimReader>>,
    /// The cards kept for a real reader (one that opened, or is awaited), shown as
    /// [`OnScreen::reader`] whenever it is not there or down ([`Booted::sync_reader`]).
    pub spare_reader: Option<Shared<SimReader>>,
    /// The on-screen pad, when there is no real pad.
    pub pad: Option<Shared<SimPad>>,
    /// The on-screen roll button, when there is no real one.
    pub dice: Option<Shared<SimDice>>,
}

/// Everything the app needs after start-up.
pub struct Booted {
    /// The table, its session set up.
    pub table: AppTable,
    /// The substitutes the screen drives.
    pub on_screen: OnScreen,
    /// What the table should hear first (missing hardware, a damaged
    /// database moved aside), in both languages.
    pub notices: Vec<HwError>,
    /// An unfinished game the host may take up ([`Booted::take_up`]) or
    /// discard ([`Booted::start_fresh`]). Until one is chosen nothing is
    /// stored.
    pub unfinished: Option<StoredGame>,
    /// Where the journal lives, if it opened.
    pub journal: Option<std::path::PathBuf>,
    /// Seats on the vote pad: the pin map's on the Pi, the settings' on
    /// the on-screen pad.
    pub seats: u8,
    /// Why no sound comes out although speech was asked for (no sound
    /// device: the lines go to a silent output), with the fix.
    pub silent_speaker: Option<HwError>,
    /// The sound device the owner chose: the settings file's `speaker`, or
    /// what was chosen on the Settings screen (kept in the journal) over it.
    pub speaker: SpeakerChoice,
    /// The journal, kept here while the unfinished game waits for a decision.
    pending: Option<(Journal, Option<SavedTimer>)>,
    /// Seats the real pad is wired for (the pin map's), for a pad that
    /// opens late.
    wired_seats: u8,
}

impl Booted {
    /// Takes up the unfinished game where it was left, its open window with
    /// the time that remained.
    pub fn take_up(&mut self, now: crate::hw::Millis) -> Result<(), ResumeError> {
        let (Some(stored), Some((journal, timer))) = (self.unfinished.take(), self.pending.take()) else {
            return Err(ResumeError::NothingToTakeUp);
        };
        let (done, undone) = crate::journal::commands(&stored);
        self.table.session.resume(now, done, undone, stored.secrets.clone(), timer)?;
        self.table.session.await_facts_again(journal.setting(crate::table::FACTS_WAIT).ok().flatten());
        self.table.session.set_store(Box::new(JournalStore::resuming(journal, &stored, None)));
        Ok(())
    }

    /// A part that did not open at start has opened and took over (see
    /// [`crate::hw::awaited`]): its on-screen substitute and what start-up
    /// said about it go.
    pub fn part_connected(&mut self, part: &str) {
        match part {
            "reader" => self.on_screen.reader = None,
            "pad" => {
                self.on_screen.pad = None;
                self.seats = self.wired_seats;
            }
            "dice" => self.on_screen.dice = None,
            _ => return,
        }
        self.notices.retain(|n| n.part != part);
    }

    /// Shows the cards on the screen while they serve in the real reader's place (it is
    /// down), and puts them away when the real reader serves again, a card left on them
    /// lifted: `Some(true)` when they have just come, `Some(false)` when they have just gone.
    /// Without a real reader (a desktop), the cards stay.
    pub fn sync_reader(&mut self) -> Option<bool> {
        let spare = self.on_screen.spare_reader.clone()?;
        match (self.table.reader.screen_serves(), self.on_screen.reader.is_some()) {
            (true, false) => {
                self.on_screen.reader = Some(spare);
                Some(true)
            }
            (false, true) => {
                spare.borrow_mut().remove();
                self.on_screen.reader = None;
                Some(false)
            }
            _ => None,
        }
    }

    /// Leaves the unfinished game (kept on disk, marked as left) and starts
    /// afresh.
    pub fn start_fresh(&mut self) -> Result<(), JournalError> {
        let Some((mut journal, _)) = self.pending.take() else { return Ok(()) };
        if let Some(stored) = self.unfinished.take() {
            journal.discard(stored.info.id)?;
        }
        self.table.session.set_store(Box::new(JournalStore::new(journal, None)));
        Ok(())
    }
}

impl std::fmt::Debug for Booted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Booted")
            .field("on_screen", &self.on_screen)
            .field("notices", &self.notices)
            .finish_non_exhaustive()
    }
}

/// Start-up choices.
#[derive(Debug, Clone, Default)]
pub struct BootOptions {
    /// Use only simulated parts, even on a Pi.
    pub simulate: bool,
    /// The journal file; `None` for the default place (`TAVOLA_DB` or the
    /// data directory).
    pub db: Option<std::path::PathBuf>,
    /// Run without a journal (tests, screenshots).
    pub no_journal: bool,
    /// Speak through the sound device (voice packs, then espeak-ng). Off:
    /// the narration is shown as subtitles only (tests, screenshots).
    pub speech: bool,
    /// The voices folder; `None` looks in the default places
    /// (`TAVOLA_VOICES`, `voices/` beside the binary or the working folder).
    pub voices: Option<std::path::PathBuf>,
    /// The settings file; `None` for the default place (`TAVOLA_SETTINGS`
    /// or the config folder, see [`crate::settings`]).
    pub settings: Option<std::path::PathBuf>,
    /// Where the board's device tree is read (`proc/device-tree` under
    /// it); `None` for `/`. Tests stand a Pi of their own in with it.
    pub system_root: Option<std::path::PathBuf>,
    /// The table's shuffles and draws from this seed, the same every run
    /// (the screenshots); `None` for a seed from the operating system.
    pub seed: Option<u64>,
}

/// The settings file's values; a wrong file is named (with its line) among
/// the notices and ignored.
fn settings(opts: &BootOptions, notices: &mut Vec<HwError>) -> crate::settings::Settings {
    let Some(path) = opts.settings.clone().or_else(crate::settings::default_path) else {
        return crate::settings::Settings::default();
    };
    crate::settings::load(&path).unwrap_or_else(|e| {
        notices.push(e.notice(&path));
        crate::settings::Settings::default()
    })
}

fn shared<T>(t: T) -> Shared<T> {
    Rc::new(RefCell::new(t))
}

/// Finds the hardware, opens the journal, sets up the session.
pub fn boot(opts: &BootOptions) -> Booted {
    let mut notices = Vec::new();
    let mut on_screen = OnScreen::default();
    let settings = settings(opts, &mut notices);
    let seats = settings.seats.unwrap_or(10);
    let fitted = crate::hw::pinmap::Fitted::from_settings(&settings);
    let (mut reader, pad, dice, mut seats) = hardware(opts, fitted, seats, &mut notices, &mut on_screen);
    let wired_seats = seats;

    // The settings file's values first; what the host chose on screen (in
    // the journal) over them.
    let mut session = Session::new(
        settings.lang.unwrap_or(Lang::It),
        settings.timers.unwrap_or_default(),
        opts.seed.map_or_else(GameRng::from_os, GameRng::seeded),
    );
    let defaults = [
        settings.pace.map(|factor| NarrationControl::Pace { factor }),
        settings.volume.map(|percent| NarrationControl::Volume { percent }),
    ];
    for control in defaults.into_iter().flatten() {
        session.handle(0, crate::table::Input::Touch(crate::table::Touch::Narration { control }));
    }
    let mut speaker = settings.speaker.clone().unwrap_or_default();
    let mut unfinished = None;
    let mut journal_path = None;
    let mut pending = None;
    if !opts.no_journal {
        let opened = match &opts.db {
            Some(p) => Journal::open(p),
            None => Journal::open_default(),
        };
        match opened {
            Ok(opened) => {
                if let Some(moved) = &opened.moved_aside {
                    notices.push(HwError::said("journal", moved.notice()));
                }
                let mut journal = opened.journal;
                journal_path = Some(journal.path().to_path_buf());
                restore(&journal, &mut session, reader.as_mut(), &on_screen, &mut seats, &mut speaker);
                unfinished = unfinished_game(&mut journal, &mut notices);
                if unfinished.is_some() {
                    let timer = journal.setting::<SavedTimer>("timer").ok().flatten();
                    pending = Some((journal, timer));
                } else {
                    session.set_store(Box::new(JournalStore::new(journal, None)));
                }
            }
            Err(e) => notices.push(HwError::said("journal", msg!("notice.journal.cannot_open", error = e.msg()))),
        }
    }
    let mut table = Table::new(session, reader, pad, dice);
    let mut silent_speaker = None;
    if opts.speech {
        let options = AudioOptions {
            voices: opts.voices.clone(),
            lang: table.session.lang(),
            speaker: speaker.clone(),
            ..AudioOptions::default()
        };
        let mut audio = RodioAudio::open(&options);
        notices.extend(audio.take_notices());
        if audio.is_silent() {
            silent_speaker = Some(HwError::said("audio", msg!("hw.audio.no_device")));
        }
        table.set_audio(Box::new(audio));
    }
    Booted {
        table,
        on_screen,
        notices,
        unfinished,
        journal: journal_path,
        seats,
        silent_speaker,
        speaker,
        pending,
        wired_seats,
    }
}

/// What the journal remembers, set on the session and the parts: the
/// language, the on-screen pad's seats, the speaker, the reader's poll
/// period, the card facts, the timers, the narration, the learned tags.
fn restore(
    journal: &Journal,
    session: &mut Session,
    reader: &mut dyn TagSource,
    on_screen: &OnScreen,
    seats: &mut u8,
    speaker: &mut SpeakerChoice,
) {
    if let Ok(Some(lang)) = journal.setting::<Lang>("lang") {
        session.handle(0, crate::table::Input::Touch(crate::table::Touch::SetLang { lang }));
    }
    // The on-screen pad's seats as last set on the Hardware panel (a real
    // pad's come from its wiring).
    if let (Ok(Some(n)), Some(pad)) = (journal.setting::<u8>("seats"), &on_screen.pad) {
        if (1..=10).contains(&n) {
            *pad.borrow_mut() = SimPad::new(n);
            *seats = n;
        }
    }
    // The speaker as last chosen on the Hardware panel.
    if let Ok(Some(choice)) = journal.setting::<SpeakerChoice>("speaker") {
        *speaker = choice;
    }
    // The reader's poll period as last set on the Hardware panel.
    if let Ok(Some(ms)) = journal.setting::<crate::hw::Millis>("poll_ms") {
        if crate::hw::nfc::POLL_MS_RANGE.contains(&ms) {
            reader.set_poll_ms(ms);
        }
    }
    // The owner's card facts, for every game's setup.
    if let Ok(facts) = journal.facts() {
        session.set_facts(facts);
    }
    if let Ok(Some(timers)) = journal.setting::<TimerConfig>("timers") {
        session.handle(0, crate::table::Input::Touch(crate::table::Touch::SetTimers(timers)));
    }
    let narration = [
        journal.setting::<f32>("pace").ok().flatten().map(|factor| NarrationControl::Pace { factor }),
        journal.setting::<u8>("volume").ok().flatten().map(|percent| NarrationControl::Volume { percent }),
    ];
    for control in narration.into_iter().flatten() {
        session.handle(0, crate::table::Input::Touch(crate::table::Touch::Narration { control }));
    }
    if let Ok(tags) = journal.learned_tags() {
        session.set_learned_tags(tags.into_iter().map(|t| (t.uid, t.card)));
    }
}

/// The game a power cut left unfinished, to offer to the host. One whose end
/// was stored before the power went is marked finished now instead.
fn unfinished_game(journal: &mut Journal, notices: &mut Vec<HwError>) -> Option<StoredGame> {
    let stored = journal.unfinished().ok().flatten()?;
    let Some(result) = GameResult::from_events(&stored.events) else {
        return Some(stored);
    };
    if let Err(e) = journal.finish_game(stored.info.id, &result) {
        notices.push(HwError::said("journal", msg!("notice.journal.cannot_close", error = e.msg())));
    }
    None
}

/// The three parts, and the seats on the pad.
type Ports = (Box<dyn TagSource>, Box<dyn VotePad>, Box<dyn DiceButton>, u8);

#[cfg(feature = "rpi")]
fn hardware(
    opts: &BootOptions,
    fitted: crate::hw::pinmap::Fitted,
    sim_seats: u8,
    notices: &mut Vec<HwError>,
    on_screen: &mut OnScreen,
) -> Ports {
    use crate::hw::awaited::{Awaited, Opener, RETRY_OPEN_MS};
    use crate::rpi::{open_reader_spi_on, RpiDice, RpiPad};
    if opts.simulate {
        return simulated(sim_seats, on_screen);
    }
    // Not a Pi: said once, with no fix that does not apply (no raspi-config on a desktop).
    // A Pi is known by its device tree, a model newer than the GPIO library's list too.
    let root = opts.system_root.clone().unwrap_or_else(|| "/".into());
    let Some(pi) = crate::rpi::this_pi(&root) else {
        notices.push(HwError::said("board", msg!("hw.not_a_pi")));
        return simulated(sim_seats, on_screen);
    };
    let map = match crate::hw::pinmap::load(fitted) {
        Ok((map, _)) => map,
        Err(e) => {
            notices.push(HwError::said("pinmap", msg!("hw.pinmap.invalid", error = e.msg())));
            return simulated(sim_seats, on_screen);
        }
    };
    let seats = map.pad.seats;
    // A part that does not open now (a device that appears a few seconds
    // after Tavola, on a slow boot) is named, replaced on screen, and
    // tried again in the background until it opens and takes over.
    let reader: Box<dyn TagSource> = match open_reader_spi_on(&map.reader, Some(&pi)) {
        Ok((port, note)) => {
            // The port keeps the reset line for the reader's lifetime.
            notices.extend(note);
            with_stand_in(threaded_reader(&map.reader, port), on_screen)
        }
        Err(e) => {
            notices.push(e);
            let r = shared(SimReader::new());
            on_screen.reader = Some(r.clone());
            on_screen.spare_reader = Some(r.clone());
            let (pins, pi) = (map.reader.clone(), pi.clone());
            let open: Opener<Box<dyn TagSource + Send>> =
                Box::new(move || open_reader_spi_on(&pins, Some(&pi)).map(|(port, _)| threaded_reader(&pins, port)));
            Box::new(Awaited::new(r, open, RETRY_OPEN_MS))
        }
    };
    // Polled on its own thread: a hung I2C bus never freezes the screen, and the watchdog
    // opens the pad afresh on a fresh thread.
    // An expander pad without its interrupt line (a Pi newer than the GPIO library knows) is
    // read over I2C alone: said once, with the pad working.
    let open_pad = move |map: &crate::hw::pinmap::PinMap, pi: &crate::rpi::Pi| {
        RpiPad::open_on(map, Some(pi)).map(|p| {
            let note = p.note();
            (threaded_pad(map, pi, p), note)
        })
    };
    let pad: Box<dyn VotePad> = match open_pad(&map, &pi) {
        Ok((p, note)) => {
            notices.extend(note);
            p
        }
        Err(e) => {
            notices.push(e);
            let p = shared(SimPad::new(seats));
            on_screen.pad = Some(p.clone());
            let (map, pi) = (map.clone(), pi.clone());
            Box::new(Awaited::new(p, Box::new(move || open_pad(&map, &pi).map(|(p, _)| p)), RETRY_OPEN_MS))
        }
    };
    let dice: Box<dyn DiceButton> = match map.dice_button.map(|pin| (pin, RpiDice::open_on(pin, Some(&pi)))) {
        Some((_, Ok(d))) => Box::new(d),
        Some((pin, Err(e))) => {
            notices.push(e);
            let d = shared(SimDice::default());
            on_screen.dice = Some(d.clone());
            let open: Opener<Box<dyn DiceButton + Send>> =
                Box::new(move || RpiDice::open_on(pin, Some(&pi)).map(|d| Box::new(d) as Box<dyn DiceButton + Send>));
            Box::new(Awaited::new(d, open, RETRY_OPEN_MS))
        }
        // No roll button wired: the screen's, for good.
        None => {
            let d = shared(SimDice::default());
            on_screen.dice = Some(d.clone());
            Box::new(d)
        }
    };
    (reader, pad, dice, seats)
}

/// The Pi's pad on a thread of its own; `pad` is the one just opened. A thread the watchdog
/// starts in place of a stuck one opens the pad again, and again until it opens: the stuck
/// thread may hold its pins until it wakes (and then lets them go).
#[cfg(feature = "rpi")]
fn threaded_pad(
    map: &crate::hw::pinmap::PinMap,
    pi: &crate::rpi::Pi,
    pad: crate::rpi::RpiPad,
) -> Box<dyn VotePad + Send> {
    use crate::hw::pad::{Reopening, ThreadedPad};
    use crate::rpi::RpiPad;
    let (map, pi) = (map.clone(), pi.clone());
    let mut first = Some(pad);
    Box::new(ThreadedPad::spawn(
        move |_| match first.take() {
            Some(pad) => Box::new(pad) as Box<dyn VotePad + Send>,
            None => {
                let (map, pi) = (map.clone(), pi.clone());
                Box::new(Reopening::new(move || RpiPad::reopen_on(&map, Some(&pi))))
            }
        },
        10,
        std::time::Duration::from_secs(2),
    ))
}

/// The Pi's reader on a thread of its own, opened again (by the thread)
/// whenever it stops answering; `port` is the one just opened.
#[cfg(feature = "rpi")]
fn threaded_reader(pins: &crate::hw::pinmap::ReaderPins, port: crate::rpi::RpiReaderPort) -> Box<dyn TagSource + Send> {
    use crate::hw::nfc::{NfcReader, RetiringSpi, ThreadedReader};
    use crate::rpi::open_reader_spi;
    let pins = pins.clone();
    let mut first = Some(port);
    let poll = u64::from(pins.poll_ms);
    Box::new(ThreadedReader::spawn(
        move |retired| {
            // A thread started by the watchdog opens the port at once, so that what it could
            // not have (the reset line, still held by the thread it replaces) is said.
            let (mut first, note) = match first.take() {
                Some(port) => (Some(Ok(port)), None),
                None => match open_reader_spi(&pins) {
                    Ok((port, note)) => (Some(Ok(port)), note),
                    Err(e) => (Some(Err(e)), None),
                },
            };
            let pins = pins.clone();
            let open = move || {
                let port = first.take().unwrap_or_else(|| open_reader_spi(&pins).map(|(port, _)| port))?;
                Ok(RetiringSpi::new(port, retired.clone()))
            };
            Box::new(NfcReader::new(open, tavola_firmware::nfc::NfcConfig::default(), poll).with_note(note))
                as Box<dyn TagSource + Send>
        },
        poll,
        std::time::Duration::from_secs(3),
    ))
}

/// A real reader that opened, with the cards on the screen kept to stand in for it whenever
/// it is down (a loose wire, its board gone, its chip held in power-down): put on the screen
/// by [`Booted::sync_reader`] while they serve.
pub fn with_stand_in(real: Box<dyn TagSource + Send>, on_screen: &mut OnScreen) -> Box<dyn TagSource> {
    let spare = shared(SimReader::new());
    on_screen.spare_reader = Some(spare.clone());
    on_screen.reader = None;
    Box::new(crate::hw::awaited::Awaited::opened(spare, real))
}

#[cfg(not(feature = "rpi"))]
fn hardware(
    _opts: &BootOptions,
    _fitted: crate::hw::pinmap::Fitted,
    sim_seats: u8,
    _notices: &mut Vec<HwError>,
    on_screen: &mut OnScreen,
) -> Ports {
    simulated(sim_seats, on_screen)
}

/// Every part simulated and on screen.
fn simulated(seats: u8, on_screen: &mut OnScreen) -> Ports {
    let r = shared(SimReader::new());
    let p = shared(SimPad::new(seats));
    let d = shared(SimDice::default());
    *on_screen = OnScreen { reader: Some(r.clone()), pad: Some(p.clone()), dice: Some(d.clone()), spare_reader: None };
    (Box::new(r), Box::new(p), Box::new(d), seats)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_desktop_boots_with_every_part_on_screen_and_a_journal() {
        let dir = tempfile::tempdir().unwrap();
        let b = boot(&BootOptions { db: Some(dir.path().join("t.db")), simulate: true, ..BootOptions::default() });
        assert!(b.on_screen.reader.is_some() && b.on_screen.pad.is_some() && b.on_screen.dice.is_some());
        assert!(b.notices.is_empty(), "{:?}", b.notices);
        assert!(b.unfinished.is_none());
        assert_eq!(b.journal.as_deref(), Some(dir.path().join("t.db").as_path()));
    }

    #[test]
    fn language_and_timers_chosen_once_are_there_at_the_next_start() {
        use crate::table::{Input, Touch};
        let dir = tempfile::tempdir().unwrap();
        let opts = BootOptions { db: Some(dir.path().join("t.db")), simulate: true, ..BootOptions::default() };
        let mut b = boot(&opts);
        let mut timers = TimerConfig::default().with("discussion", 0).with("vote", 45).with("ambush", 15);
        timers.warning_s = 5;
        b.table.input(0, Input::Touch(Touch::SetLang { lang: Lang::En }));
        b.table.input(0, Input::Touch(Touch::SetTimers(timers.clone())));
        drop(b);
        let b = boot(&opts);
        assert_eq!(b.table.session.lang(), Lang::En);
        assert_eq!(b.table.session.view().timers, timers);
    }

    /// The lengths the host chose, as the journal kept them before each
    /// game declared its own windows (one key a window, and an older
    /// form without Nottingham's ambush), read back at the next start.
    #[test]
    fn timers_kept_by_an_earlier_tavola_read_back() {
        use crate::games::avalon::{DISCUSSION, MISSION, VOTE};
        use crate::games::nottingham::AMBUSH;
        let dir = tempfile::tempdir().unwrap();
        let opts = BootOptions { db: Some(dir.path().join("t.db")), simulate: true, ..BootOptions::default() };
        for (kept, ambush) in [
            (r#"{"discussion_s":0,"vote_s":45,"mission_s":20,"ambush_s":15,"warning_s":5}"#, 15),
            (r#"{"discussion_s":0,"vote_s":45,"mission_s":20,"warning_s":5}"#, AMBUSH.default_s),
        ] {
            {
                let mut journal = Journal::open(dir.path().join("t.db")).unwrap().journal;
                journal.set_setting("timers", &serde_json::from_str::<serde_json::Value>(kept).unwrap()).unwrap();
            }
            let b = boot(&opts);
            let timers = b.table.session.timers();
            let lengths = [&DISCUSSION, &VOTE, &MISSION, &AMBUSH].map(|w| timers.seconds(w));
            assert_eq!((lengths, timers.warning_s), ([0, 45, 20, ambush], 5), "{kept}");
            assert_eq!(timers.length(&VOTE), 45_000);
            // Written back as it was read: the same keys.
            let again = serde_json::to_value(timers).unwrap();
            assert_eq!(again["vote_s"], 45);
            assert_eq!(again["ambush_s"], ambush);
            assert_eq!(again.as_object().unwrap().len(), 5, "{again}");
        }
    }

    #[test]
    fn the_settings_file_sets_the_start_and_the_hosts_choices_win_over_it() {
        use crate::table::{Input, Touch};
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("settings.toml");
        std::fs::write(&file, "lang = \"en\"\nseats = 6\n[timers]\nvote_s = 45\n").unwrap();
        let opts = BootOptions {
            db: Some(dir.path().join("t.db")),
            settings: Some(file.clone()),
            simulate: true,
            ..BootOptions::default()
        };
        let mut b = boot(&opts);
        assert!(b.notices.is_empty(), "{:?}", b.notices);
        assert_eq!(b.table.session.lang(), Lang::En);
        assert_eq!(b.table.session.timers().seconds(&crate::games::avalon::VOTE), 45);
        assert_eq!(b.on_screen.pad.as_ref().unwrap().borrow().seats(), 6);
        // The host switches to Italian on screen: remembered over the file.
        b.table.input(0, Input::Touch(Touch::SetLang { lang: Lang::It }));
        drop(b);
        assert_eq!(boot(&opts).table.session.lang(), Lang::It);

        // A wrong file: named with its line, ignored.
        std::fs::write(&file, "lang = \"en\"\nseats = 40\n").unwrap();
        let b = boot(&BootOptions { db: None, no_journal: true, ..opts });
        assert_eq!(b.notices.len(), 1, "{:?}", b.notices);
        assert!(
            b.notices[0].text(Lang::En).contains("line 2") && b.notices[0].text(Lang::It).contains("riga 2"),
            "{:?}",
            b.notices
        );
        assert_eq!(b.table.session.lang(), Lang::It, "the file is ignored");
        assert_eq!(b.on_screen.pad.as_ref().unwrap().borrow().seats(), 10);
    }

    #[test]
    fn the_speaker_comes_from_the_settings_file_and_the_one_chosen_on_screen_wins() {
        use crate::hw::speaker::SpeakerKind;
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("settings.toml");
        let opts = BootOptions {
            db: Some(dir.path().join("t.db")),
            settings: Some(file.clone()),
            simulate: true,
            ..BootOptions::default()
        };
        assert_eq!(boot(&opts).speaker, SpeakerChoice::Auto, "no setting: auto");
        std::fs::write(&file, "speaker = \"i2s\"\n").unwrap();
        assert_eq!(boot(&opts).speaker, SpeakerChoice::Kind(SpeakerKind::I2s));
        // Chosen on the Settings screen: kept in the journal, over the file.
        Journal::open(dir.path().join("t.db"))
            .unwrap()
            .journal
            .set_setting("speaker", &SpeakerChoice::Kind(SpeakerKind::Hdmi))
            .unwrap();
        assert_eq!(boot(&opts).speaker, SpeakerChoice::Kind(SpeakerKind::Hdmi));
    }

    #[test]
    fn an_unfinished_game_is_offered_and_taken_up_or_left() {
        use crate::table::{Input, Touch};
        let dir = tempfile::tempdir().unwrap();
        let opts = BootOptions { db: Some(dir.path().join("t.db")), simulate: true, ..BootOptions::default() };
        let mut b = boot(&opts);
        b.table.input(0, Input::Touch(Touch::ChooseGame { game: crate::games::GameKind::Avalon }));
        let setup = crate::games::avalon::Setup {
            names: vec!["Anna".into()],
            roles: crate::games::avalon::RoleSet::standard(5, &[]).unwrap(),
            scan_roles: false,
            first_leader: None,
            options: Default::default(),
        };
        b.table.input(0, Input::Touch(Touch::Avalon(crate::games::avalon::Command::Setup(setup))));
        let view =
            b.table.session.view().game_view.as_ref().and_then(|v| v.get::<crate::games::avalon::Avalon>()).cloned();
        drop(b);

        let mut b = boot(&opts);
        assert!(b.unfinished.is_some(), "the game is offered");
        b.take_up(0).unwrap();
        assert_eq!(
            b.table.session.view().game_view.as_ref().and_then(|v| v.get::<crate::games::avalon::Avalon>()).cloned(),
            view
        );
        drop(b);

        let mut b = boot(&opts);
        b.start_fresh().unwrap();
        drop(b);
        assert!(boot(&opts).unfinished.is_none(), "a game left is not offered again");
    }

    #[test]
    fn a_damaged_database_is_moved_aside_and_said_in_both_languages() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.db");
        std::fs::write(&path, b"this is not a database at all, but it is long enough to have a header........")
            .unwrap();
        let b = boot(&BootOptions { db: Some(path), simulate: true, ..BootOptions::default() });
        assert_eq!(b.notices.len(), 1);
        assert!(b.notices[0].text(Lang::En).contains("moved to"), "{:?}", b.notices);
        assert!(b.notices[0].text(Lang::It).contains("spostato"), "{:?}", b.notices);
        // What was wrong is said in words, in each language.
        assert!(
            b.notices[0].text(Lang::En).starts_with("The database file is only 77 bytes long. "),
            "{:?}",
            b.notices
        );
        assert!(
            b.notices[0].text(Lang::It).starts_with("Il file del database è lungo solo 77 byte. "),
            "{:?}",
            b.notices
        );
    }

    /// Speech is asked for: the app starts whether or not a sound device,
    /// voice packs or espeak-ng are there, and whatever is missing is said
    /// in both languages.
    #[test]
    fn speech_starts_with_or_without_a_sound_device() {
        let dir = tempfile::tempdir().unwrap();
        let voices = dir.path().join("voices");
        std::fs::create_dir_all(voices.join("it")).unwrap();
        std::fs::write(voices.join("it").join("manifest.json"), b"{ not json").unwrap();
        let b = boot(&BootOptions {
            db: Some(dir.path().join("t.db")),
            simulate: true,
            speech: true,
            voices: Some(voices),
            ..BootOptions::default()
        });
        assert!(b.table.speaks());
        let audio: Vec<_> = b.notices.iter().filter(|n| n.part == "audio").collect();
        assert!(audio.iter().any(|n| n.text(Lang::En).contains("manifest")), "the damaged pack is named: {audio:?}");
        for n in audio {
            assert!(!n.text(Lang::It).is_empty() && n.text(Lang::It) != n.text(Lang::En), "{n:?}");
        }
    }

    /// A pad whose I2C bus was not there at start opens a few seconds later,
    /// in the middle of a game: the table says so in its language, the
    /// screen's pad and the start-up warning go, the seats are the wired
    /// ones again, and the game is where it was.
    #[test]
    fn a_pad_that_opens_late_takes_over_in_the_middle_of_a_game() {
        use crate::hw::awaited::{Awaited, Opener, RETRY_OPEN_MS};
        use crate::table::{HwReport, Input, Output, Touch};
        let mut b = boot(&BootOptions { simulate: true, no_journal: true, ..BootOptions::default() });
        let wired = b.seats;
        let on_screen = b.on_screen.pad.clone().unwrap();
        let tried = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let flag = tried.clone();
        let open: Opener<Box<dyn VotePad + Send>> = Box::new(move || {
            flag.store(true, std::sync::atomic::Ordering::SeqCst);
            Ok(Box::new(SimPad::new(wired)))
        });
        b.table.pad = Box::new(Awaited::new(on_screen.clone(), open, RETRY_OPEN_MS));
        b.notices.push(HwError::said("pad", msg!("hw.i2c.off")));
        *on_screen.borrow_mut() = SimPad::new(5);
        b.seats = 5;
        b.table.input(0, Input::Touch(Touch::SetLang { lang: Lang::En }));
        b.table.input(0, Input::Touch(Touch::ChooseGame { game: crate::games::GameKind::Avalon }));
        let setup = crate::games::avalon::Setup {
            names: vec!["Anna".into()],
            roles: crate::games::avalon::RoleSet::standard(5, &[]).unwrap(),
            scan_roles: false,
            first_leader: None,
            options: Default::default(),
        };
        b.table.input(0, Input::Touch(Touch::Avalon(crate::games::avalon::Command::Setup(setup))));
        let view =
            b.table.session.view().game_view.as_ref().and_then(|v| v.get::<crate::games::avalon::Avalon>()).cloned();
        assert!(b.table.poll(RETRY_OPEN_MS - 1).iter().all(|o| !matches!(o, Output::Notice { .. })));
        b.table.poll(RETRY_OPEN_MS);
        let start = std::time::Instant::now();
        while !tried.load(std::sync::atomic::Ordering::SeqCst) {
            assert!(start.elapsed() < std::time::Duration::from_secs(5), "never tried");
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
        let out = b.table.poll(RETRY_OPEN_MS + 20);
        let said: Vec<&Output> = out.iter().filter(|o| matches!(o, Output::Notice { .. })).collect();
        assert!(
            matches!(said.as_slice(), [Output::Notice { code, message }]
                if code == "hw.pad.connected" && message == "The vote pad is connected."),
            "{out:?}"
        );
        let reports = b.table.take_hw_reports();
        assert_eq!(reports, [HwReport::Connected(HwError::said("pad", msg!("notice.hw.pad_connected")))]);
        assert_eq!(Lang::It.text(&reports[0].said().msg), "La pulsantiera è collegata.");
        b.part_connected("pad");
        assert!(b.on_screen.pad.is_none() && b.on_screen.reader.is_some());
        assert!(b.notices.iter().all(|n| n.part != "pad"), "{:?}", b.notices);
        assert_eq!(b.seats, wired);
        assert_eq!(
            b.table.session.view().game_view.as_ref().and_then(|v| v.get::<crate::games::avalon::Avalon>()).cloned(),
            view,
            "the game is where it was"
        );
        assert!(b.table.poll(RETRY_OPEN_MS + 40).iter().all(|o| !matches!(o, Output::Notice { .. })), "said once");
    }

    /// A Pi build started where the reader, pad or button is missing still
    /// starts: each missing part is named once and replaced on screen (and
    /// tried again in the background, see `hw::awaited` and the test
    /// above). Not on a Pi, that is said once, without a fix that does not
    /// apply, and nothing is tried again.
    #[cfg(feature = "rpi")]
    #[test]
    fn a_pi_build_without_its_hardware_falls_back_part_by_part() {
        let dir = tempfile::tempdir().unwrap();
        let b = boot(&BootOptions { db: Some(dir.path().join("t.db")), ..BootOptions::default() });
        for n in &b.notices {
            assert!(
                !n.text(Lang::It).is_empty() && n.text(Lang::It) != n.text(Lang::En),
                "said in both languages: {n:?}"
            );
        }
        if !crate::rpi::is_raspberry_pi() {
            assert_eq!(b.notices.len(), 1, "one notice: {:?}", b.notices);
            let said = b.notices[0].text(Lang::En);
            assert!(said.contains("not a Raspberry Pi") && !said.contains("raspi-config"), "{said}");
            assert!(b.on_screen.reader.is_some() && b.on_screen.pad.is_some() && b.on_screen.dice.is_some());
            return;
        }
        // A reader that did not open is replaced on screen and named; one
        // that opened (a wired Pi) is neither.
        let named = b.notices.iter().any(|n| n.part == "reader" || n.part == "pinmap");
        assert_eq!(b.on_screen.reader.is_some(), named, "{:?}", b.notices);
        assert!(b.notices.len() <= 4, "one notice per part at most: {:?}", b.notices);
    }

    /// A Pi newer than the GPIO library's list (the system check's emulated
    /// machine) with SPI, I2C and GPIO all absent: every part is tried as
    /// the pin map says; the reader and the pad say their bus is off, the
    /// roll button names the model the GPIO library does not know, and each
    /// is replaced on screen.
    #[cfg(feature = "rpi")]
    #[test]
    fn a_pi_newer_than_the_gpio_library_knows_names_each_missing_part() {
        let here = |p: &str| std::path::Path::new(p).exists();
        if rppal::system::DeviceInfo::new().is_ok() || here("/dev/spidev0.0") || here("/dev/i2c-1") {
            // A real Pi, or a machine with these buses: not the machine this stands for.
            return;
        }
        let root = tempfile::tempdir().unwrap();
        let tree = root.path().join("proc/device-tree");
        std::fs::create_dir_all(&tree).unwrap();
        std::fs::write(tree.join("compatible"), b"raspberrypi,6-model-b\0brcm,bcm2713\0").unwrap();
        std::fs::write(tree.join("model"), b"Raspberry Pi 6 Model B\0").unwrap();
        let b = boot(&BootOptions {
            no_journal: true,
            system_root: Some(root.path().to_path_buf()),
            ..BootOptions::default()
        });
        let said: Vec<(String, String)> = b.notices.iter().map(|n| (n.part.clone(), n.text(Lang::En))).collect();
        assert_eq!(said.len(), 3, "one notice per part: {said:?}");
        assert!(said[0].0 == "reader" && said[0].1.starts_with("SPI is off"), "{said:?}");
        assert!(said[1].0 == "pad" && said[1].1.starts_with("I2C is off"), "{said:?}");
        assert_eq!(said[2].0, "dice");
        assert!(said[2].1.contains("this Raspberry Pi 6 Model B is newer than the models"), "{said:?}");
        for n in &b.notices {
            assert!(n.text(Lang::It) != n.text(Lang::En), "said in Italian too: {n:?}");
        }
        assert!(b.on_screen.reader.is_some() && b.on_screen.pad.is_some() && b.on_screen.dice.is_some());
    }
}
