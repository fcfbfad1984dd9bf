//! The hardware pages (`app/ui/pages/hardware.slint`), opened from the
//! settings: the hardware self-test (the checks of `tavola selftest`) and
//! tagging a game box (`tavola tags write` and `learn`); and on the settings
//! page itself the choice of the speaker.
//!
//! Both use the table's own parts: the reader, the pad, the roll button and
//! the speaker the game uses (on a desktop, the on-screen ones, so a person
//! passes the self-test by pressing the simulated pad's buttons and tapping
//! the picker's cards). They open only while no game is under way, and
//! while one of them is shown the table's loop is paused: tags, presses and
//! rolls go to the page, never to a game, and what was pressed for the test
//! is dropped before the table takes its parts back.
//!
//! Nothing here blocks the screen: the self-test is stepped by the screen's
//! timer ([`SelfTest::poll`]), and a tag is written between two polls of the
//! reader (on the Pi, by the reader's own thread); the page waits for the
//! outcome.

use super::Controller;
use crate::boot::Booted;
use crate::catalog::{Card, Catalog};
use crate::games::{GameKind, Lang, Msg};
use crate::hw::speaker::{OutputDevice, SpeakerChoice};
use crate::hw::{HwError, Light, Millis, TagEvent, TagSource};
use crate::selftest::{self, Outcome, Part, SelfTest};
use crate::table::{HwReport, TableView};
use crate::tags::{self, Found, Plan};
use crate::{AppWindow, CheckRow, HardwareUi, TableSim, TagCard};
use slint::{ComponentHandle, ModelRc, SharedString, VecModel};
use std::collections::BTreeMap;
use std::rc::Rc;
use tavola_words::msg;

/// Cards shown at once on the tag page (two columns of four).
pub(super) const CARDS_PER_PAGE: usize = 8;
/// How long the tag page waits for a tag once asked to write or learn.
const TAG_WAIT_MS: Millis = tags::WAIT_FOR_TAG.as_secs() * 1000;
/// How long it waits for the reader to say how a write went.
const WRITE_WAIT_MS: Millis = 5_000;

/// Which hardware page is open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Page {
    SelfTest,
    Tags,
}

/// Write a card id on the tag, or remember the tag's UID as the card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Verb {
    Write,
    Learn,
}

/// Where the tag page is.
#[derive(Debug, Clone, PartialEq, Eq)]
enum TagStep {
    /// Nothing asked.
    Idle,
    /// Waiting for a tag to be laid on the reader.
    Waiting { verb: Verb, card: String, until: Millis },
    /// The tag is another card: the question is on the screen.
    Asking { verb: Verb, card: String, found: Found, old: String },
    /// The reader is writing (and reading back).
    Writing { card: String, found: Found, until: Millis },
}

/// The tag page's state.
#[derive(Debug)]
struct Tags {
    game: GameKind,
    /// The kind of card shown (`None`: every kind).
    kind: Option<String>,
    search: String,
    page: usize,
    chosen: Option<String>,
    /// The tag on the reader, as last read while the page was open.
    on_reader: Option<Found>,
    step: TagStep,
    /// The last outcome: good or not, and what to say.
    result: Option<(bool, Msg)>,
    /// Learned tags: UID → card.
    learned: BTreeMap<String, String>,
    /// Blank tags laid on the simulated reader so far (each gets its own UID).
    blanks: u32,
}

impl Default for Tags {
    fn default() -> Self {
        Tags {
            game: GameKind::Avalon,
            kind: None,
            search: String::new(),
            page: 0,
            chosen: None,
            on_reader: None,
            step: TagStep::Idle,
            result: None,
            learned: BTreeMap::new(),
            blanks: 0,
        }
    }
}

/// The hardware pages' state.
#[derive(Debug, Default)]
pub(super) struct HwPages {
    page: Option<Page>,
    test: Option<SelfTest>,
    /// The checks the running self-test will make, by name.
    plan: Vec<String>,
    tags: Tags,
    /// A page was just opened: on a desktop, the simulated table is shown
    /// beside it (its pad and cards are the parts under test).
    reveal_table: bool,
    /// The sound devices found when the settings were opened.
    speakers: Vec<OutputDevice>,
}

impl HwPages {
    /// The page to show, when a hardware page is open.
    pub(super) fn page(&self) -> Option<crate::Page> {
        match self.page? {
            Page::SelfTest => Some(crate::Page::Selftest),
            Page::Tags => Some(crate::Page::Tags),
        }
    }
}

/// A part that start-up looked for and did not find (the Pi's reader
/// missing, replaced on screen): the self-test fails it with the fix
/// instead of testing the substitute.
fn not_found(booted: &Booted, part: &str) -> Option<HwError> {
    booted.notices.iter().find(|n| n.part == part || n.part == "pinmap").cloned()
}

/// The table's parts lent to the self-test for one step.
fn parts(booted: &mut Booted) -> selftest::Hardware<'_> {
    let missing_reader = not_found(booted, "reader").filter(|_| booted.on_screen.reader.is_some());
    let missing_pad = not_found(booted, "pad").filter(|_| booted.on_screen.pad.is_some());
    let missing_dice = not_found(booted, "dice").filter(|_| booted.on_screen.dice.is_some());
    let silent = booted.silent_speaker.clone();
    let seats = booted.seats;
    let (reader, pad, dice, audio) = booted.table.parts_mut();
    let no_speech = HwError::said("audio", msg!("hw.audio.muted"));
    let speaker = match (silent, audio) {
        (Some(why), _) => Part::Missing { why, expected: true },
        (None, Some(audio)) => Part::Here(audio),
        (None, None) => Part::Missing { why: no_speech, expected: false },
    };
    selftest::Hardware {
        reader: match missing_reader {
            Some(why) => Part::Missing { why, expected: true },
            None => Part::Here(&mut **reader),
        },
        pad: match missing_pad {
            Some(why) => Part::Missing { why, expected: true },
            None => Part::Here((&mut **pad, seats)),
        },
        dice: match missing_dice {
            Some(why) => Part::Missing { why, expected: true },
            None => Part::Here(&mut **dice),
        },
        speaker,
    }
}

/// The kinds of card, as the page names them (`ui.tags.kind.<kind>`).
fn kind_name(kind: &str, lang: Lang) -> String {
    lang.text(&Msg::new(format!("ui.tags.kind.{}", kind.replace('-', "_"))))
}

/// The kinds of `game`'s cards, in catalog order.
fn kinds(game: GameKind) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for c in Catalog::builtin().by_game(game) {
        if !out.contains(&c.kind) {
            out.push(c.kind.clone());
        }
    }
    out
}

/// A card's name, with which copy it is when the box holds several
/// (`Loyal Servant of Arthur 2/5`).
fn card_msg(card: &Card) -> Msg {
    match card.copy {
        Some(n) if card.copies > 1 => msg!("ui.tags.copy", name = card.name_msg(), n, of = card.copies),
        _ => card.name_msg(),
    }
}

fn display_name(card: &Card, lang: Lang) -> String {
    lang.text(&card_msg(card))
}

/// The name of the card with `id`, as a message (the id itself if the
/// catalog lacks it).
fn card_said(id: &str) -> tavola_words::Arg {
    match Catalog::builtin().get(id) {
        Some(c) => card_msg(c).into(),
        None => id.into(),
    }
}

/// The name of the card with `id` in `lang`.
fn card_name(id: &str, lang: Lang) -> String {
    Catalog::builtin().get(id).map_or_else(|| id.to_string(), |c| display_name(c, lang))
}

impl Tags {
    /// The cards the filters let through, in catalog order.
    fn shown(&self, lang: Lang) -> Vec<&'static Card> {
        let needle = self.search.trim().to_lowercase();
        Catalog::builtin()
            .by_game(self.game)
            .iter()
            .filter(|c| self.kind.as_ref().is_none_or(|k| *k == c.kind))
            .filter(|c| {
                needle.is_empty() || c.id.contains(&needle) || display_name(c, lang).to_lowercase().contains(&needle)
            })
            .collect()
    }

    fn pages(&self, lang: Lang) -> usize {
        self.shown(lang).len().div_ceil(CARDS_PER_PAGE).max(1)
    }

    fn say(&mut self, ok: bool, said: Msg) {
        self.result = Some((ok, said));
    }

    /// After a card is done, the next one of the list is chosen (a box is
    /// tagged in one sitting, card after card) and its page shown.
    fn choose_next(&mut self, lang: Lang) {
        let shown = self.shown(lang);
        let Some(at) = self.chosen.as_ref().and_then(|id| shown.iter().position(|c| c.id == *id)) else { return };
        if let Some(next) = shown.get(at + 1) {
            self.chosen = Some(next.id.clone());
            self.page = (at + 1) / CARDS_PER_PAGE;
        }
    }
}

impl Controller {
    /// Opens a hardware page ("selftest" or "tags"), unless a game is
    /// under way.
    fn open_hardware(&mut self, page: &str) {
        if self.game_under_way() {
            return;
        }
        self.hw.page = match page {
            "selftest" => Some(Page::SelfTest),
            "tags" => Some(Page::Tags),
            _ => return,
        };
        // The self-test's parts are the simulated table's pad and cards; the
        // tag page lays its own blank tags (and needs the width).
        self.hw.reveal_table = self.hw.page == Some(Page::SelfTest);
        if self.hw.page == Some(Page::Tags) {
            self.hw.tags.learned = self.learned_tags().unwrap_or_default();
            self.hw.tags.on_reader = None;
            self.hw.tags.step = TagStep::Idle;
            self.hw.tags.result = None;
        }
    }

    /// Back to the settings (also the ⚙ button): a self-test under way
    /// stops (lights off, the speaker quiet), and what was pressed for the
    /// pages is dropped so the table's loop starts clean. Nothing to do when
    /// no hardware page is open (a game's presses stay the game's).
    pub(super) fn close_hardware(&mut self) {
        if self.hw.page.is_none() {
            return;
        }
        self.stop_selftest();
        self.hw.tags.step = TagStep::Idle;
        self.hw.page = None;
        let now = self.now;
        let table = &mut self.booted.table;
        let _ = table.pad.poll(now);
        let _ = table.dice.poll(now);
    }

    fn start_selftest(&mut self) {
        let opts = selftest::Options { lang: self.lang(), ..selftest::Options::default() };
        let mut test = SelfTest::new(opts);
        // The speaker plays elsewhere than the owner chose: the check says so.
        test.set_speaker_note(self.booted.notices.iter().find(|n| n.part == "speaker").cloned());
        let now = self.now;
        let mut hw = parts(&mut self.booted);
        self.hw.plan = SelfTest::plan(&hw);
        test.poll(&mut hw, now);
        self.hw.test = Some(test);
    }

    fn stop_selftest(&mut self) {
        let now = self.now;
        if let Some(test) = self.hw.test.as_mut().filter(|t| !t.is_done()) {
            test.stop(&mut parts(&mut self.booted), now);
        }
    }

    fn skip_check(&mut self) {
        let now = self.now;
        if let Some(test) = self.hw.test.as_mut() {
            test.skip(&mut parts(&mut self.booted), now);
        }
    }

    /// The on-screen roll button (a desktop has no other).
    fn roll_on_screen(&mut self) {
        if let Some(dice) = &self.booted.on_screen.dice {
            dice.borrow_mut().press();
        }
    }

    /// Sets the seats of the on-screen pad (1 to 10), remembered in the
    /// journal for the next start. A real pad's seats come from its wiring
    /// (the pin map); nothing changes during a game.
    fn set_seats(&mut self, n: i32) {
        let Some(pad) = self.booted.on_screen.pad.clone() else { return };
        let Ok(n) = u8::try_from(n) else { return };
        if !(1..=10).contains(&n) || self.game_under_way() {
            return;
        }
        *pad.borrow_mut() = crate::hw::sim::SimPad::new(n);
        self.booted.seats = n;
        self.held.clear();
        if let Ok(mut journal) = self.journal() {
            if let Err(e) = journal.set_setting("seats", &n) {
                eprintln!("tavola: the seats cannot be remembered: {e}");
            }
        }
    }

    /// Sets how often the reader looks for a card, at once and for the next
    /// starts (remembered in the journal).
    fn set_poll_ms(&mut self, ms: i32) {
        let Ok(ms) = Millis::try_from(ms) else { return };
        if !crate::hw::nfc::POLL_MS_RANGE.contains(&ms) {
            return;
        }
        self.booted.table.reader.set_poll_ms(ms);
        if let Ok(mut journal) = self.journal() {
            if let Err(e) = journal.set_setting("poll_ms", &ms) {
                eprintln!("tavola: the poll period cannot be remembered: {e}");
            }
        }
    }

    /// The speaker the owner chose (the settings file's, or the one chosen
    /// on the settings page over it).
    pub fn speaker_choice(&self) -> SpeakerChoice {
        self.booted.speaker.clone()
    }

    /// Looks for the sound devices (when the settings page opens: a
    /// speaker plugged in since is listed).
    /// The list is that of the last look until this one ends (on the speaker's own thread:
    /// the screen never waits for the sound system).
    pub(super) fn list_speakers(&mut self) {
        let (.., audio) = self.booted.table.parts_mut();
        if let Some(audio) = audio {
            audio.look_for_outputs();
            self.hw.speakers = audio.outputs();
        }
    }

    /// The speaker chosen on the settings page (0: Automatic, then the
    /// devices listed): the narration plays there at once, the choice is
    /// remembered for the next starts, and a device that does not open is
    /// said on the message line (and the log) with the one used instead.
    fn choose_speaker(&mut self, index: i32) {
        let choice = match usize::try_from(index) {
            Ok(0) => SpeakerChoice::Auto,
            Ok(n) => match self.hw.speakers.get(n - 1) {
                Some(d) => SpeakerChoice::for_device(d, &self.hw.speakers),
                // The one chosen before, not connected: nothing to do.
                None => return,
            },
            Err(_) => return,
        };
        let (.., audio) = self.booted.table.parts_mut();
        let Some(audio) = audio else { return };
        audio.choose_output(&choice);
        self.booted.speaker = choice.clone();
        if let Ok(mut journal) = self.journal() {
            if let Err(e) = journal.set_setting("speaker", &choice) {
                eprintln!("tavola: the speaker cannot be remembered: {e}");
            }
        }
    }

    /// The speaker chosen has opened (on its own thread): the narration plays there, and a
    /// device that did not open is said on the message line (and the log) with the one used
    /// instead.
    fn speaker_switched(&mut self) {
        let (.., audio) = self.booted.table.parts_mut();
        let Some(audio) = audio else { return };
        let Some(notice) = audio.switched() else { return };
        let playing = audio.output();
        self.booted.silent_speaker = playing.is_none().then(|| HwError::said("audio", msg!("hw.audio.no_device")));
        // What was said about the speaker before no longer holds: the line
        // says what holds now, in its place.
        let warned = self.booted.notices.iter().any(|n| n.part == "speaker");
        self.booted.notices.retain(|n| n.part != "speaker");
        let report = match (notice, playing) {
            (Some(notice), _) => Some(HwReport::Failed(notice)),
            (None, Some(device)) if warned => {
                Some(HwReport::WorksAgain(HwError::said("speaker", msg!("hw.speaker.ok", device = device.said()))))
            }
            (None, _) => None,
        };
        if let Some(report) = report {
            let said = report.said().text(self.lang());
            (self.log)(&format!("tavola: {said}"));
            if let HwReport::Failed(notice) = &report {
                self.booted.notices.push(notice.clone());
            }
            self.message_line.record(&report);
        }
        self.list_speakers();
    }

    /// The speaker choices as the settings page lists them, the one chosen,
    /// and where the sound goes now.
    fn speaker_rows(&mut self, lang: Lang) -> (Vec<SharedString>, i32, String) {
        let (.., audio) = self.booted.table.parts_mut();
        let Some(audio) = audio else { return (Vec::new(), 0, String::new()) };
        let output = audio.output();
        // What the last look found (it may have ended since the page opened).
        self.hw.speakers = audio.outputs();
        let found = &self.hw.speakers;
        let choice = &self.booted.speaker;
        let mut rows: Vec<SharedString> = vec![lang.text(&msg!("ui.speaker.auto")).into()];
        rows.extend(found.iter().map(|d| SharedString::from(lang.text(&d.said()))));
        let chosen = match choice {
            SpeakerChoice::Auto => Some(0),
            _ => output
                .as_ref()
                .filter(|o| choice.names(o))
                .and_then(|o| found.iter().position(|d| d == o))
                .or_else(|| found.iter().position(|d| choice.names(d)))
                .map(|i| i + 1),
        };
        let chosen = chosen.unwrap_or_else(|| {
            // Chosen, and not connected: shown, so the owner sees the choice.
            rows.push(lang.text(&msg!("ui.speaker.absent", chosen = choice.said())).into());
            rows.len() - 1
        });
        let now = match &output {
            Some(d) => msg!("ui.speaker.now", device = d.said()),
            None => msg!("ui.speaker.silent"),
        };
        (rows, chosen as i32, lang.text(&now))
    }

    /// A new blank tag on the simulated reader (a desktop's tags).
    fn lay_blank(&mut self) {
        if let Some(reader) = &self.booted.on_screen.reader {
            self.hw.tags.blanks += 1;
            reader.borrow_mut().place(&format!("blank-tag-{}", self.hw.tags.blanks), None);
        }
    }

    fn lift(&mut self) {
        if let Some(reader) = &self.booted.on_screen.reader {
            reader.borrow_mut().remove();
        }
    }

    /// One turn while a hardware page is open, instead of the table's
    /// loop. False when none is open.
    pub(super) fn poll_hardware(&mut self) -> bool {
        self.speaker_switched();
        let now = self.now;
        match self.hw.page {
            None => return false,
            Some(Page::SelfTest) => {
                if let Some(test) = self.hw.test.as_mut().filter(|t| !t.is_done()) {
                    test.poll(&mut parts(&mut self.booted), now);
                }
            }
            Some(Page::Tags) => self.poll_tags(now),
        }
        true
    }

    fn learned_tags(&self) -> Result<BTreeMap<String, String>, String> {
        let journal = self.journal()?;
        let tags = journal.learned_tags().map_err(|e| e.to_string())?;
        Ok(tags.into_iter().map(|t| (t.uid, t.card)).collect())
    }

    /// A connection to the journal, for the learned tags.
    fn journal(&self) -> Result<crate::journal::Journal, String> {
        let path = self.booted.journal.as_ref().ok_or("no database")?;
        crate::journal::Journal::open(path).map(|o| o.journal).map_err(|e| e.to_string())
    }

    fn poll_tags(&mut self, now: Millis) {
        match self.booted.table.reader.poll(now) {
            Ok(events) => {
                for e in events {
                    match e {
                        TagEvent::Arrived { uid, card } => self.hw.tags.on_reader = Some(Found { uid, card }),
                        TagEvent::Left { .. } => self.hw.tags.on_reader = None,
                        TagEvent::Unreadable { uid, reason } => {
                            self.hw.tags.say(false, msg!("ui.tags.unreadable", uid, reason))
                        }
                    }
                }
            }
            Err(e) => {
                if matches!(self.hw.tags.step, TagStep::Waiting { .. }) {
                    self.hw.tags.step = TagStep::Idle;
                }
                self.hw.tags.result = Some((false, e.msg));
            }
        }
        match self.hw.tags.step.clone() {
            TagStep::Waiting { verb, card, until } => {
                if let Some(found) = self.hw.tags.on_reader.clone() {
                    self.act(verb, &card, found, false);
                } else if now >= until {
                    self.hw.tags.step = TagStep::Idle;
                    let s = TAG_WAIT_MS / 1000;
                    self.hw.tags.say(false, msg!("ui.tags.no_tag", seconds = s));
                }
            }
            TagStep::Writing { card, found, until } => match self.booted.table.reader.write_outcome() {
                Some(outcome) => self.finish_write(card, outcome),
                None if now >= until => {
                    self.hw.tags.step = TagStep::Idle;
                    let uid = found.uid;
                    self.hw.tags.say(false, msg!("ui.tags.write_unknown", uid));
                }
                None => {}
            },
            TagStep::Idle | TagStep::Asking { .. } => {}
        }
    }

    /// "Write" or "Learn" touched: at once if a tag lies on the reader,
    /// otherwise once one is laid there.
    fn tag_verb(&mut self, verb: Verb) {
        let Some(card) = self.hw.tags.chosen.clone() else { return };
        self.hw.tags.result = None;
        match self.hw.tags.on_reader.clone() {
            Some(found) => self.act(verb, &card, found, false),
            None => self.hw.tags.step = TagStep::Waiting { verb, card, until: self.now + TAG_WAIT_MS },
        }
    }

    /// Writes or learns `card` on the tag `found`; a tag that is another
    /// card already is changed only once `confirmed`.
    fn act(&mut self, verb: Verb, card: &str, found: Found, confirmed: bool) {
        let lang = self.lang();
        let t = &mut self.hw.tags;
        t.step = TagStep::Idle;
        let name = card_said(card);
        let uid = found.uid.clone();
        let plan = match verb {
            Verb::Write => Ok(tags::plan_write(card, &found)),
            Verb::Learn => match self.journal() {
                Ok(journal) => tags::plan_learn(&journal, card, &found).map_err(|e| e.to_string()),
                Err(e) => Err(e),
            },
        };
        let t = &mut self.hw.tags;
        let plan = match plan {
            Ok(plan) => plan,
            Err(e) => {
                t.say(false, msg!("ui.tags.no_database", error = e));
                return;
            }
        };
        match plan {
            Plan::Already => {
                t.say(
                    true,
                    match verb {
                        Verb::Write => msg!("ui.tags.already_carries", uid, card = name),
                        Verb::Learn => msg!("ui.tags.already_known", uid, card = name),
                    },
                );
                t.choose_next(lang);
            }
            Plan::Carries { card: written } => {
                t.say(false, msg!("ui.tags.carries_written", uid, written = card_said(&written), card = name));
            }
            Plan::Reassign { old } if !confirmed => {
                t.step = TagStep::Asking { verb, card: card.to_string(), found, old };
            }
            Plan::Reassign { .. } | Plan::Go => match verb {
                Verb::Write => self.write_tag(card, found),
                Verb::Learn => self.learn_tag(card, &found),
            },
        }
    }

    fn write_tag(&mut self, card: &str, found: Found) {
        let Some(id) = tavola_firmware::nfc::CardId::new(card) else { return };
        match self.booted.table.reader.begin_write(&id) {
            Ok(()) => {
                // A reader polled on this thread has written already; one
                // on its own thread answers in a later poll.
                match self.booted.table.reader.write_outcome() {
                    Some(outcome) => self.finish_write(card.to_string(), outcome),
                    None => {
                        self.hw.tags.step =
                            TagStep::Writing { card: card.to_string(), found, until: self.now + WRITE_WAIT_MS }
                    }
                }
            }
            Err(e) => self.hw.tags.say(false, e.msg),
        }
    }

    fn finish_write(&mut self, card: String, outcome: Result<String, HwError>) {
        let lang = self.lang();
        self.hw.tags.step = TagStep::Idle;
        match outcome {
            Ok(uid) => {
                self.hw.tags.on_reader = Some(Found { uid: uid.clone(), card: Some(card.clone()) });
                let said = msg!("ui.tags.written", uid, name = card_said(&card), card = card.as_str());
                self.hw.tags.say(true, said);
                self.hw.tags.choose_next(lang);
            }
            Err(e) => self.hw.tags.say(false, e.msg),
        }
    }

    fn learn_tag(&mut self, card: &str, found: &Found) {
        let lang = self.lang();
        let learned = self.journal().and_then(|mut j| {
            j.learn_tag(&found.uid, card).map_err(|e| e.to_string())?;
            j.learned_tags().map_err(|e| e.to_string())
        });
        let uid = found.uid.as_str();
        match learned {
            Ok(all) => {
                let map: BTreeMap<String, String> = all.into_iter().map(|t| (t.uid, t.card)).collect();
                // The game knows it from now on, not only after a restart.
                self.booted.table.session.set_learned_tags(map.clone());
                self.hw.tags.learned = map;
                self.hw.tags.say(true, msg!("ui.tags.learned", uid, name = card_said(card), card));
                self.hw.tags.choose_next(lang);
            }
            Err(e) => self.hw.tags.say(false, msg!("ui.tags.not_remembered", uid, error = e)),
        }
    }

    fn answer(&mut self, yes: bool) {
        let TagStep::Asking { verb, card, found, old } = self.hw.tags.step.clone() else { return };
        self.hw.tags.step = TagStep::Idle;
        if yes {
            self.act(verb, &card, found, true);
        } else {
            let uid = found.uid;
            self.hw.tags.say(true, msg!("ui.tags.left_as_was", uid, card = card_said(&old)));
        }
    }

    /// Copies the hardware pages' state into the `HardwareUi` global (and,
    /// during the self-test, the pad's real lights into the simulated
    /// table, so the blinking seat is seen).
    pub(super) fn refresh_hardware(&mut self, window: &AppWindow, view: &TableView) {
        let lang = view.lang;
        let ui = window.global::<HardwareUi<'_>>();
        // While a game is played the parts belong to it.
        let busy = self.game_under_way();
        ui.set_can_open(!busy);
        ui.set_seats(i32::from(self.booted.seats));
        ui.set_seats_editable(self.booted.on_screen.pad.is_some());
        ui.set_poll_ms(self.booted.table.reader.poll_ms().map_or(0, |ms| ms as i32));
        let (speakers, chosen, now) = self.speaker_rows(lang);
        set_rows(&ui.get_speakers(), speakers, |m| ui.set_speakers(m));
        ui.set_speaker(chosen);
        ui.set_speaker_now(now.into());
        ui.set_closed_why(if busy { lang.text(&msg!("ui.hardware.game_on")) } else { String::new() }.into());
        if std::mem::take(&mut self.hw.reveal_table) {
            let app = window.global::<crate::App<'_>>();
            if app.get_simulated() {
                app.set_show_table(true);
            }
        }
        match self.hw.page {
            Some(Page::SelfTest) => self.refresh_selftest(window, lang),
            Some(Page::Tags) => self.refresh_tags(window, lang),
            None => {}
        }
    }

    fn refresh_selftest(&self, window: &AppWindow, lang: Lang) {
        let ui = window.global::<HardwareUi<'_>>();
        let test = self.hw.test.as_ref();
        let running = test.is_some_and(|t| !t.is_done());
        ui.set_running(running);
        let ask = test.and_then(SelfTest::ask);
        ui.set_ask(ask.map(|a| a.text(lang)).unwrap_or_default().into());
        ui.set_asks_roll(ask == Some(selftest::Ask::Roll) && self.booted.on_screen.dice.is_some());
        let left = test.and_then(SelfTest::deadline).map(|d| d.saturating_sub(self.now).div_ceil(1000));
        ui.set_countdown(left.map(|s| format!("{s} s")).unwrap_or_default().into());
        let done: &[selftest::Check] = test.map(SelfTest::checks).unwrap_or_default();
        let mut rows: Vec<CheckRow> = done
            .iter()
            .map(|c| CheckRow {
                label: c.label(lang).into(),
                text: c.text(lang).into(),
                state: match c.outcome {
                    Outcome::Pass => 2,
                    Outcome::Fail => 3,
                    Outcome::Skipped => 4,
                },
            })
            .collect();
        if test.is_some() {
            // The checks still to come: the one under way first.
            let to_come = self.hw.plan.iter().filter(|n| !done.iter().any(|c| c.name == **n));
            for (i, name) in to_come.enumerate() {
                let label = selftest::Check::label_of(name, lang);
                let state = if running && i == 0 { 1 } else { 0 };
                if running {
                    rows.push(CheckRow { label: label.into(), text: SharedString::new(), state });
                }
            }
        }
        set_rows(&ui.get_checks(), rows, |m| ui.set_checks(m));
        let count = |o: Outcome| done.iter().filter(|c| c.outcome == o).count();
        let (pass, fail, skip) = (count(Outcome::Pass), count(Outcome::Fail), count(Outcome::Skipped));
        let summary = if test.is_some_and(SelfTest::is_done) {
            lang.text(&msg!("ui.selftest.done", pass, fail, skip))
        } else {
            String::new()
        };
        ui.set_summary(summary.into());
        // The on-screen pad shows the lights the self-test sets.
        if let Some(pad) = &self.booted.on_screen.pad {
            let lights: Vec<i32> = pad
                .borrow()
                .lights()
                .iter()
                .map(|l| match l {
                    Light::Waiting => 1,
                    Light::Done => 2,
                    Light::Off => 0,
                })
                .collect();
            let sim = window.global::<TableSim<'_>>();
            set_rows(&sim.get_lights(), lights, |m| sim.set_lights(m));
        }
    }

    fn refresh_tags(&self, window: &AppWindow, lang: Lang) {
        let ui = window.global::<HardwareUi<'_>>();
        let t = &self.hw.tags;
        let games: Vec<SharedString> = GameKind::ALL.iter().map(|g| super::screens::short_title(*g).into()).collect();
        set_rows(&ui.get_games(), games, |m| ui.set_games(m));
        ui.set_game(GameKind::ALL.iter().position(|g| *g == t.game).unwrap_or(0) as i32);
        let all_kinds = kinds(t.game);
        let kind_names: Vec<SharedString> = all_kinds.iter().map(|k| kind_name(k, lang).into()).collect();
        set_rows(&ui.get_kinds(), kind_names, |m| ui.set_kinds(m));
        ui.set_kind(t.kind.as_ref().and_then(|k| all_kinds.iter().position(|x| x == k)).map_or(-1, |i| i as i32));
        let shown = t.shown(lang);
        let pages = t.pages(lang);
        let page = t.page.min(pages - 1);
        let learned_cards: BTreeMap<&str, &str> = t.learned.iter().map(|(u, c)| (c.as_str(), u.as_str())).collect();
        let cards: Vec<TagCard> = shown
            .iter()
            .skip(page * CARDS_PER_PAGE)
            .take(CARDS_PER_PAGE)
            .map(|c| TagCard {
                id: c.id.as_str().into(),
                name: display_name(c, lang).into(),
                learned: learned_cards.contains_key(c.id.as_str()),
            })
            .collect();
        set_rows(&ui.get_cards(), cards, |m| ui.set_cards(m));
        ui.set_page_label(lang.text(&msg!("ui.tags.page", page = page + 1, pages, count = shown.len())).into());
        ui.set_can_prev(page > 0);
        ui.set_can_next(page + 1 < pages);
        ui.set_chosen_id(t.chosen.clone().unwrap_or_default().into());
        ui.set_chosen_name(t.chosen.as_deref().map(|c| card_name(c, lang)).unwrap_or_default().into());
        let on_reader = match &t.on_reader {
            None => String::new(),
            Some(Found { uid, card: Some(card) }) => {
                lang.text(&msg!("ui.tags.on_reader.carrying", uid = uid.as_str(), card = card_said(card)))
            }
            Some(Found { uid, card: None }) => match t.learned.get(uid) {
                Some(card) => lang.text(&msg!("ui.tags.on_reader.learned", uid = uid.as_str(), card = card_said(card))),
                None => lang.text(&msg!("ui.tags.on_reader.blank", uid = uid.as_str())),
            },
        };
        ui.set_on_reader(on_reader.into());
        let (busy, status) = match &t.step {
            TagStep::Idle => (false, String::new()),
            TagStep::Waiting { verb, until, .. } => {
                let seconds = until.saturating_sub(self.now).div_ceil(1000);
                let said = match verb {
                    Verb::Write => msg!("ui.tags.lay_blank", seconds),
                    Verb::Learn => msg!("ui.tags.lay_tag", seconds),
                };
                (true, lang.text(&said))
            }
            TagStep::Asking { .. } => (true, String::new()),
            TagStep::Writing { .. } => (true, lang.text(&msg!("ui.tags.writing"))),
        };
        ui.set_tag_busy(busy);
        ui.set_tag_status(status.into());
        let (ok, result) = match &t.result {
            Some((ok, said)) => (*ok, lang.text(said)),
            None => (true, String::new()),
        };
        ui.set_tag_ok(ok);
        ui.set_tag_result(result.into());
        let question = match &t.step {
            TagStep::Asking { verb, card, found, old } => {
                let (new, was, uid) = (card_said(card), card_said(old), found.uid.as_str());
                lang.text(&match verb {
                    Verb::Write => msg!("ui.tags.ask_overwrite", uid, was, new),
                    Verb::Learn => msg!("ui.tags.ask_relearn", uid, was, new),
                })
            }
            _ => String::new(),
        };
        ui.set_question(question.into());
        ui.set_sim_reader(self.booted.on_screen.reader.is_some());
    }
}

/// Replaces a model's rows only when they changed.
fn set_rows<T: Clone + PartialEq + 'static>(current: &ModelRc<T>, rows: Vec<T>, set: impl FnOnce(ModelRc<T>)) {
    use slint::Model;
    let same = current.row_count() == rows.len()
        && rows.iter().enumerate().all(|(i, r)| current.row_data(i).as_ref() == Some(r));
    if !same {
        set(ModelRc::new(VecModel::from(rows)));
    }
}

/// Connects the hardware pages' callbacks. `with` runs a change on the
/// controller and refreshes the screen.
pub(super) fn wire<W: Fn(&dyn Fn(&mut Controller)) + ?Sized + 'static>(window: &AppWindow, with: Rc<W>) {
    let ui = window.global::<HardwareUi<'_>>();
    let w = with.clone();
    ui.on_open(move |page| w(&|c| c.open_hardware(&page)));
    let w = with.clone();
    ui.on_close(move || w(&|c| c.close_hardware()));
    let w = with.clone();
    ui.on_start_selftest(move || w(&|c| c.start_selftest()));
    let w = with.clone();
    ui.on_stop_selftest(move || w(&|c| c.stop_selftest()));
    let w = with.clone();
    ui.on_skip_check(move || w(&|c| c.skip_check()));
    let w = with.clone();
    ui.on_roll(move || w(&|c| c.roll_on_screen()));
    let w = with.clone();
    ui.on_choose_game(move |i| {
        w(&|c| {
            if let Some(game) = GameKind::ALL.get(i.max(0) as usize) {
                let t = &mut c.hw.tags;
                t.game = *game;
                t.kind = None;
                t.page = 0;
            }
        })
    });
    let w = with.clone();
    ui.on_choose_kind(move |i| {
        w(&|c| {
            let t = &mut c.hw.tags;
            t.kind = usize::try_from(i).ok().and_then(|i| kinds(t.game).get(i).cloned());
            t.page = 0;
        })
    });
    let w = with.clone();
    ui.on_turn_page(move |delta| {
        w(&|c| {
            let lang = c.lang();
            let t = &mut c.hw.tags;
            let last = t.pages(lang) - 1;
            t.page = t.page.min(last).saturating_add_signed(delta as isize).min(last);
        })
    });
    let w = with.clone();
    ui.on_search(move |text| {
        w(&|c| {
            c.hw.tags.search = text.to_string();
            c.hw.tags.page = 0;
        })
    });
    let w = with.clone();
    ui.on_choose_card(move |id| {
        w(&|c| {
            if Catalog::builtin().contains(&id) {
                c.hw.tags.chosen = Some(id.to_string());
                c.hw.tags.result = None;
            }
        })
    });
    let w = with.clone();
    ui.on_set_seats(move |n| w(&|c| c.set_seats(n)));
    let w = with.clone();
    ui.on_set_poll_ms(move |ms| w(&|c| c.set_poll_ms(ms)));
    let w = with.clone();
    ui.on_choose_speaker(move |i| w(&|c| c.choose_speaker(i)));
    let w = with.clone();
    ui.on_lay_blank(move || w(&|c| c.lay_blank()));
    let w = with.clone();
    ui.on_lift(move || w(&|c| c.lift()));
    let w = with.clone();
    ui.on_write(move || w(&|c| c.tag_verb(Verb::Write)));
    let w = with.clone();
    ui.on_learn(move || w(&|c| c.tag_verb(Verb::Learn)));
    let w = with.clone();
    ui.on_cancel_tag(move || {
        w(&|c| {
            if matches!(c.hw.tags.step, TagStep::Waiting { .. }) {
                c.hw.tags.step = TagStep::Idle;
            }
        })
    });
    ui.on_answer(move |yes| with(&|c| c.answer(yes)));
}

#[cfg(test)]
mod kind_tests {
    use super::*;

    #[test]
    fn every_kind_of_card_has_its_name_in_every_language() {
        for game in GameKind::ALL {
            for kind in kinds(game) {
                for lang in Lang::ALL {
                    let id = format!("ui.tags.kind.{}", kind.replace('-', "_"));
                    assert!(lang.catalog().translation(&id, None).is_some(), "{game:?} {kind} in {lang:?}");
                    assert_ne!(kind_name(&kind, lang), id);
                }
            }
        }
    }
}
