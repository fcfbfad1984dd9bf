//! The hardware self-test (`tavola selftest`): the reader found and its
//! version, a tag laid on it read back (UID and card), each seat's two
//! buttons pressed in turn while its light blinks, the roll button and a
//! chi-square check of the dice over 6,000 rolls, and a test line on the
//! speaker in the chosen language.
//!
//! Each check ends in pass, fail (with the fix) or skipped (with why), in
//! Italian and English. The checks wait for a person to lay a tag or press
//! a button: [`SelfTest`] is a state machine stepped by [`SelfTest::poll`]
//! (the touchscreen's timer drives it, so the screen never freezes), and
//! [`run`] loops over it, telling `hands` what is awaited at every step, so
//! the command line prints it and the tests (or `--sim`) do it on the
//! simulated parts.

use crate::games::{GameRng, Lang};
use crate::hw::sim::SimReader;
use crate::hw::{AudioOut, DiceButton, HwError, Light, Millis, PadButton, PadEvent, TagEvent, TagSource, VotePad};
use crate::narrator::Line;
use tavola_firmware::nfc::ReaderChip;
use tavola_words::{msg, Msg};

/// How a check ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The part works.
    Pass,
    /// The part does not work; the text says how to fix it.
    Fail,
    /// The check could not be made; the text says why.
    Skipped,
}

/// One check's result. Its words are `selftest.*` messages of the
/// catalogs, kept rendered in both languages the screen offers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Check {
    /// Which check: `reader`, `tag`, `seat 3`, `roll button`, `dice`, `speaker`.
    pub name: String,
    /// Pass, fail or skipped.
    pub outcome: Outcome,
    /// What was found (and the fix), said in the table's language when
    /// shown.
    pub said: Msg,
}

impl Check {
    /// A check whose words are `said`.
    fn new(name: impl Into<String>, outcome: Outcome, said: Msg) -> Self {
        Check { name: name.into(), outcome, said }
    }

    /// A check that failed, or was skipped, with a hardware problem's words.
    fn of(name: impl Into<String>, outcome: Outcome, why: &HwError) -> Self {
        Check::new(name, outcome, why.msg.clone())
    }

    /// The text in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        lang.text(&self.said)
    }

    /// `PASS`/`FAIL`/`SKIP` (or the words of `lang`) and the text, one line.
    pub fn line(&self, lang: Lang) -> String {
        let (label, text) = (self.label(lang), self.text(lang));
        lang.text(&match self.outcome {
            Outcome::Pass => msg!("selftest.line.pass", label, text),
            Outcome::Fail => msg!("selftest.line.fail", label, text),
            Outcome::Skipped => msg!("selftest.line.skipped", label, text),
        })
    }

    /// The check's name in `lang`.
    pub fn label(&self, lang: Lang) -> String {
        Check::label_of(&self.name, lang)
    }

    /// The name of the check called `name`, in `lang`.
    pub fn label_of(name: &str, lang: Lang) -> String {
        let said = match name {
            "reader" => msg!("selftest.check.reader"),
            "tag" => msg!("selftest.check.tag"),
            "pad" => msg!("selftest.check.pad"),
            "roll button" => msg!("selftest.check.roll_button"),
            "dice" => msg!("selftest.check.dice"),
            "speaker" => msg!("selftest.check.speaker"),
            other => match other.strip_prefix("seat ").and_then(|n| n.parse::<u8>().ok()) {
                Some(seat) => msg!("selftest.check.seat", seat),
                None => return other.into(),
            },
        };
        lang.text(&said)
    }
}

/// What the self-test waits for a person to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ask {
    /// Lay a tag on the reader.
    LayTag,
    /// Press (and release) this button of this seat (0-based).
    Press {
        /// The seat.
        seat: u8,
        /// The button.
        button: PadButton,
    },
    /// Press the roll button.
    Roll,
    /// Listen to the speaker.
    Listen,
}

impl Ask {
    /// The request, as the screen or the terminal says it.
    pub fn text(&self, lang: Lang) -> String {
        lang.text(&match self {
            Ask::LayTag => msg!("selftest.ask.lay_tag"),
            Ask::Press { seat, button: PadButton::Approve } => msg!("selftest.ask.press_approve", seat = seat + 1),
            Ask::Press { seat, button: PadButton::Reject } => msg!("selftest.ask.press_reject", seat = seat + 1),
            Ask::Roll => msg!("selftest.ask.roll"),
            Ask::Listen => msg!("selftest.ask.listen"),
        })
    }
}

/// A part to test, or why it is not there. `expected` missing parts fail
/// (a Pi build that cannot open its reader); others are skipped (a desktop
/// build has no reader to test).
#[derive(Debug)]
pub enum Part<T> {
    /// The part, opened.
    Here(T),
    /// Not there: why, and whether that is a fault.
    Missing {
        /// Why (and the fix), in both languages.
        why: HwError,
        /// True when the part should have been there.
        expected: bool,
    },
}

/// The parts under test.
#[allow(missing_debug_implementations)]
pub struct Hardware<'a> {
    /// The NFC reader.
    pub reader: Part<&'a mut (dyn TagSource + 'static)>,
    /// The vote pad and its number of seats.
    pub pad: Part<(&'a mut (dyn VotePad + 'static), u8)>,
    /// The roll button.
    pub dice: Part<&'a mut (dyn DiceButton + 'static)>,
    /// The speaker.
    pub speaker: Part<&'a mut (dyn AudioOut + 'static)>,
}

/// How long the self-test waits, and how much it rolls.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    /// The language of the test line and of the report.
    pub lang: Lang,
    /// Waiting for a tag, in ms.
    pub tag_wait_ms: Millis,
    /// Waiting for each button, in ms.
    pub press_wait_ms: Millis,
    /// Dice rolled for the chi-square check.
    pub rolls: u32,
    /// Seed of the dice (`None`: the operating system's, as in a game).
    pub seed: Option<u64>,
}

impl Default for Options {
    fn default() -> Self {
        Options { lang: Lang::It, tag_wait_ms: 15_000, press_wait_ms: 10_000, rolls: 6_000, seed: None }
    }
}

/// The line the speaker plays.
pub fn test_line(lang: Lang) -> Line {
    crate::narrator::line(&crate::games::Cue::new("selftest.speaker"), lang)
}

/// Blink period of the light of the seat under test.
const BLINK_MS: Millis = 250;

/// Where the self-test is: the check under way, and for the checks that
/// wait for a person, until when.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stage {
    /// Asking the reader for its version.
    Reader,
    /// Waiting for a tag.
    Tag { deadline: Millis },
    /// Waiting for `button` of `seat`; `None` until its wait has begun.
    Seat { seat: u8, button: PadButton, deadline: Option<Millis> },
    /// Waiting for the roll button; `None` until its wait has begun.
    Roll { deadline: Option<Millis> },
    /// Rolling the dice.
    Dice,
    /// Starting the test line.
    Speaker,
    /// The test line playing.
    Listening { deadline: Millis },
    /// Every check made.
    Done,
}

/// The self-test as a state machine: [`SelfTest::poll`] does one step at
/// a time and returns at once, so a screen's timer can drive it without
/// freezing; [`run`] is a loop over it for the command line.
///
/// The parts are lent to each step (`hw`), so a screen keeps them between
/// steps and lets a person press the same on-screen buttons meanwhile.
#[derive(Debug, Clone)]
pub struct SelfTest {
    opts: Options,
    stage: Stage,
    checks: Vec<Check>,
    /// The speaker plays, but not on the device the owner chose: why.
    speaker_note: Option<HwError>,
}

/// The longest the test line may play.
const LISTEN_MS: Millis = 30_000;

impl SelfTest {
    /// A self-test about to ask the reader for its version.
    pub fn new(opts: Options) -> Self {
        SelfTest { opts, stage: Stage::Reader, checks: Vec::new(), speaker_note: None }
    }

    /// The speaker plays on another device than the one the owner chose
    /// (the notice that said so at start): its check then fails, saying
    /// where the test line played and why.
    pub fn set_speaker_note(&mut self, note: Option<HwError>) {
        self.speaker_note = note;
    }

    /// The options it runs with.
    pub fn options(&self) -> &Options {
        &self.opts
    }

    /// What a person should do now, if anything.
    pub fn ask(&self) -> Option<Ask> {
        match self.stage {
            Stage::Tag { .. } => Some(Ask::LayTag),
            Stage::Seat { seat, button, .. } => Some(Ask::Press { seat, button }),
            Stage::Roll { .. } => Some(Ask::Roll),
            Stage::Speaker | Stage::Listening { .. } => Some(Ask::Listen),
            Stage::Reader | Stage::Dice | Stage::Done => None,
        }
    }

    /// When the wait for the person ends (the check then fails or is
    /// skipped), while one is under way.
    pub fn deadline(&self) -> Option<Millis> {
        match self.stage {
            Stage::Tag { deadline } | Stage::Listening { deadline } => Some(deadline),
            Stage::Seat { deadline, .. } | Stage::Roll { deadline } => deadline,
            _ => None,
        }
    }

    /// True once every check has ended.
    pub fn is_done(&self) -> bool {
        self.stage == Stage::Done
    }

    /// The checks ended so far, in order.
    pub fn checks(&self) -> &[Check] {
        &self.checks
    }

    /// Every check, once done.
    pub fn into_checks(self) -> Vec<Check> {
        self.checks
    }

    /// The checks `hw` will get, in order, by name (`seat 3`…): for a screen
    /// to list those still to come.
    pub fn plan(hw: &Hardware<'_>) -> Vec<String> {
        let mut names = vec!["reader".to_string(), "tag".to_string()];
        match &hw.pad {
            Part::Here((_, seats)) => names.extend((1..=*seats).map(|n| format!("seat {n}"))),
            Part::Missing { .. } => names.push("pad".into()),
        }
        names.extend(["roll button", "dice", "speaker"].map(String::from));
        names
    }

    fn end(&mut self, check: Check, ended: &mut Vec<Check>) {
        ended.push(check.clone());
        self.checks.push(check);
    }

    /// One step at `now`: polls the part under test once, ends the checks
    /// that can end, and begins the next wait. Returns the checks that
    /// ended in this step. Never blocks.
    pub fn poll(&mut self, hw: &mut Hardware<'_>, now: Millis) -> Vec<Check> {
        let mut ended = Vec::new();
        loop {
            let before = self.stage;
            self.step(hw, now, &mut ended);
            // A stage that waits for a person (or for the speaker) stays
            // where it is until the next poll.
            if self.stage == before || self.stage == Stage::Done {
                return ended;
            }
        }
    }

    /// Ends the check under way as skipped (the person chose to go on
    /// without it: a seat that is not wired, no tag at hand) and goes on.
    pub fn skip(&mut self, hw: &mut Hardware<'_>, now: Millis) -> Vec<Check> {
        let mut ended = Vec::new();
        let by_hand = |name: String| Check::new(name, Outcome::Skipped, msg!("selftest.skipped_on_screen"));
        match self.stage {
            Stage::Tag { .. } => {
                self.end(by_hand("tag".into()), &mut ended);
                self.stage = self.first_seat();
            }
            Stage::Seat { seat, .. } => {
                self.end(by_hand(format!("seat {}", seat + 1)), &mut ended);
                self.stage = Stage::Seat { seat: seat + 1, button: PadButton::Approve, deadline: None };
            }
            Stage::Roll { .. } => {
                self.end(by_hand("roll button".into()), &mut ended);
                self.stage = Stage::Dice;
            }
            Stage::Speaker | Stage::Listening { .. } => {
                if let Part::Here(speaker) = &mut hw.speaker {
                    speaker.stop(now);
                }
                self.end(by_hand("speaker".into()), &mut ended);
                self.stage = Stage::Done;
            }
            Stage::Reader | Stage::Dice | Stage::Done => {}
        }
        ended.extend(self.poll(hw, now));
        ended
    }

    /// Stops the self-test where it is: the lights go dark and the
    /// speaker quiet. The checks not made are left out.
    pub fn stop(&mut self, hw: &mut Hardware<'_>, now: Millis) {
        if let Part::Here((pad, seats)) = &mut hw.pad {
            let _ = pad.set_lights(&vec![Light::Off; usize::from(*seats)]);
        }
        if matches!(self.stage, Stage::Listening { .. }) {
            if let Part::Here(speaker) = &mut hw.speaker {
                speaker.stop(now);
            }
        }
        self.stage = Stage::Done;
    }

    fn first_seat(&self) -> Stage {
        Stage::Seat { seat: 0, button: PadButton::Approve, deadline: None }
    }

    /// One move of the state machine.
    fn step(&mut self, hw: &mut Hardware<'_>, now: Millis, ended: &mut Vec<Check>) {
        match self.stage {
            Stage::Reader => self.reader_step(hw, now, ended),
            Stage::Tag { deadline } => {
                let Part::Here(reader) = &mut hw.reader else {
                    self.stage = self.first_seat();
                    return;
                };
                let outcome = match reader.poll(now) {
                    Ok(events) => events.into_iter().find_map(tag_outcome),
                    Err(e) => Some(Check::of("tag", Outcome::Fail, &e)),
                };
                let outcome = outcome.or_else(|| (now >= deadline).then(|| tag_missed(&self.opts)));
                if let Some(c) = outcome {
                    self.end(c, ended);
                    self.stage = self.first_seat();
                }
            }
            Stage::Seat { seat, button, deadline } => self.seat_step(hw, now, seat, button, deadline, ended),
            Stage::Roll { deadline } => {
                let Part::Here(dice) = &mut hw.dice else {
                    if let Part::Missing { why, expected } = &hw.dice {
                        let c = missing("roll button", why, *expected);
                        self.end(c, ended);
                    }
                    self.stage = Stage::Dice;
                    return;
                };
                let Some(deadline) = deadline else {
                    self.stage = Stage::Roll { deadline: Some(now + self.opts.press_wait_ms) };
                    return;
                };
                let c = match dice.poll(now) {
                    Ok(0) if now < deadline => return,
                    Ok(0) => {
                        let s = self.opts.press_wait_ms / 1000;
                        Check::new("roll button", Outcome::Fail, msg!("selftest.roll.no_press", secs = s))
                    }
                    Ok(_) => Check::new("roll button", Outcome::Pass, msg!("selftest.roll.felt")),
                    Err(e) => Check::of("roll button", Outcome::Fail, &e),
                };
                self.end(c, ended);
                self.stage = Stage::Dice;
            }
            Stage::Dice => {
                let c = dice_check(&self.opts);
                self.end(c, ended);
                self.stage = Stage::Speaker;
            }
            Stage::Speaker => match &mut hw.speaker {
                Part::Missing { why, expected } => {
                    let c = missing("speaker", why, *expected);
                    self.end(c, ended);
                    self.stage = Stage::Done;
                }
                Part::Here(speaker) => match speaker.speak(&test_line(self.opts.lang), now) {
                    Ok(()) => self.stage = Stage::Listening { deadline: now + LISTEN_MS },
                    // Told when the speaker opened: it plays, elsewhere than chosen.
                    Err(e) if e.part == "speaker" && speaker.output().is_some() => {
                        self.speaker_note = Some(e);
                        self.stage = Stage::Listening { deadline: now + LISTEN_MS };
                    }
                    Err(e) => {
                        self.end(Check::of("speaker", Outcome::Fail, &e), ended);
                        self.stage = Stage::Done;
                    }
                },
            },
            Stage::Listening { deadline } => {
                let Part::Here(speaker) = &mut hw.speaker else {
                    self.stage = Stage::Done;
                    return;
                };
                if speaker.busy(now) && now < deadline {
                    return;
                }
                let c = if speaker.busy(now) {
                    speaker.stop(now);
                    Check::new("speaker", Outcome::Fail, msg!("selftest.speaker.stuck", secs = LISTEN_MS / 1000))
                } else {
                    let line = test_line(self.opts.lang).text;
                    // Which device played, by its name and the settings' word for its kind.
                    let played = match speaker.output() {
                        Some(d) => msg!("selftest.speaker.played_on", device = d.name, kind = d.kind.code(), line),
                        None => msg!("selftest.speaker.played", line),
                    };
                    match &self.speaker_note {
                        Some(note) => Check::new(
                            "speaker",
                            Outcome::Fail,
                            msg!("selftest.speaker.with_note", played, note = note.msg.clone()),
                        ),
                        None => Check::new("speaker", Outcome::Pass, played),
                    }
                };
                self.end(c, ended);
                self.stage = Stage::Done;
            }
            Stage::Done => {}
        }
    }

    fn reader_step(&mut self, hw: &mut Hardware<'_>, now: Millis, ended: &mut Vec<Check>) {
        self.stage = self.first_seat();
        match &mut hw.reader {
            Part::Missing { why, expected } => {
                let c = missing("reader", why, *expected);
                self.end(c, ended);
                self.end(Check::new("tag", Outcome::Skipped, msg!("selftest.tag.no_reader")), ended);
            }
            Part::Here(reader) => match (reader.poll(now), reader.reader_chip()) {
                (Err(e), _) => {
                    self.end(Check::of("reader", Outcome::Fail, &e), ended);
                    self.end(Check::new("tag", Outcome::Skipped, msg!("selftest.tag.reader_silent")), ended);
                }
                (Ok(_), None) => {
                    self.end(Check::new("reader", Outcome::Fail, msg!("selftest.reader.no_version")), ended)
                }
                (Ok(_), Some(chip)) => {
                    let mut found = reader_found(chip);
                    if let Some(note) = reader.note() {
                        found.said = msg!("selftest.reader.with_note", found = found.said, note = note.msg);
                    }
                    self.end(found, ended);
                    self.stage = Stage::Tag { deadline: now + self.opts.tag_wait_ms };
                }
            },
        }
    }

    fn seat_step(
        &mut self,
        hw: &mut Hardware<'_>,
        now: Millis,
        seat: u8,
        button: PadButton,
        deadline: Option<Millis>,
        ended: &mut Vec<Check>,
    ) {
        let (pad, seats) = match &mut hw.pad {
            Part::Missing { why, expected } => {
                let c = missing("pad", why, *expected);
                self.end(c, ended);
                self.stage = Stage::Roll { deadline: None };
                return;
            }
            Part::Here((pad, seats)) => (pad, *seats),
        };
        if seat >= seats {
            let _ = pad.set_lights(&vec![Light::Off; usize::from(seats)]);
            self.stage = Stage::Roll { deadline: None };
            return;
        }
        let name = format!("seat {}", seat + 1);
        let next_seat = Stage::Seat { seat: seat + 1, button: PadButton::Approve, deadline: None };
        let felt = match deadline {
            // The wait begins: the light starts blinking.
            None => {
                self.stage = Stage::Seat { seat, button, deadline: Some(now + self.opts.press_wait_ms) };
                false
            }
            Some(deadline) => match pad.poll(now).map(|events| seat_outcome(&events, seat, button)) {
                Ok(SeatOutcome::Felt) => true,
                Ok(SeatOutcome::Wrong(c)) => {
                    self.end(c, ended);
                    self.stage = next_seat;
                    return;
                }
                Ok(SeatOutcome::Nothing) if now >= deadline => {
                    let (seat, secs) = (seat + 1, self.opts.press_wait_ms / 1000);
                    let said = match button {
                        PadButton::Approve => msg!("selftest.seat.approve_missed", seat, secs),
                        PadButton::Reject => msg!("selftest.seat.reject_missed", seat, secs),
                    };
                    self.end(Check::new(name, Outcome::Fail, said), ended);
                    self.stage = next_seat;
                    return;
                }
                Ok(SeatOutcome::Nothing) => false,
                Err(e) => {
                    self.end(Check::of(name, Outcome::Fail, &e), ended);
                    self.stage = next_seat;
                    return;
                }
            },
        };
        if felt {
            if button == PadButton::Approve {
                self.stage = Stage::Seat { seat, button: PadButton::Reject, deadline: None };
            } else {
                self.end(Check::new(name, Outcome::Pass, msg!("selftest.seat.felt")), ended);
                self.stage = next_seat;
            }
            return;
        }
        let mut lights = vec![Light::Off; usize::from(seats)];
        if (now / BLINK_MS).is_multiple_of(2) {
            lights[usize::from(seat)] = Light::Waiting;
        }
        if let Err(e) = pad.set_lights(&lights) {
            self.end(Check::of(name, Outcome::Fail, &e), ended);
            self.stage = next_seat;
        }
    }
}

/// Runs every check in turn. `tick` waits a little (a poll period) and
/// returns the time; `hands` hears what is awaited before every poll;
/// `report` hears each check as it ends. Returns every check.
pub fn run(
    hw: &mut Hardware<'_>,
    opts: &Options,
    tick: &mut dyn FnMut() -> Millis,
    hands: &mut dyn FnMut(&Ask, Millis),
    report: &mut dyn FnMut(&Check),
) -> Vec<Check> {
    let mut test = SelfTest::new(*opts);
    let mut now = tick();
    loop {
        for c in test.poll(hw, now) {
            report(&c);
        }
        if test.is_done() {
            return test.into_checks();
        }
        if let Some(ask) = test.ask() {
            hands(&ask, now);
        }
        now = tick();
    }
}

fn missing(name: &str, why: &HwError, expected: bool) -> Check {
    Check::of(name, if expected { Outcome::Fail } else { Outcome::Skipped }, why)
}

/// What a tag event tells the tag check, if it ends it.
fn tag_outcome(event: TagEvent) -> Option<Check> {
    match event {
        TagEvent::Arrived { uid, card: Some(card) } => {
            let catalog = crate::catalog::Catalog::builtin();
            let said = match catalog.get(&card) {
                Some(c) => msg!("selftest.tag.card", uid = uid.as_str(), name = c.name_msg(), card = card.as_str()),
                None => msg!("selftest.tag.unknown_card", uid = uid.as_str(), card = card.as_str()),
            };
            Some(Check::new("tag", Outcome::Pass, said))
        }
        TagEvent::Arrived { uid, card: None } => {
            Some(Check::new("tag", Outcome::Pass, msg!("selftest.tag.blank", uid)))
        }
        TagEvent::Unreadable { uid, reason } => {
            Some(Check::new("tag", Outcome::Fail, msg!("selftest.tag.unreadable", uid, reason)))
        }
        TagEvent::Left { .. } => None,
    }
}

/// No tag came in time.
fn tag_missed(opts: &Options) -> Check {
    Check::new("tag", Outcome::Skipped, msg!("selftest.tag.missed", secs = opts.tag_wait_ms / 1000))
}

/// What the pad's events tell the check of one seat's button.
enum SeatOutcome {
    /// The button asked for answered.
    Felt,
    /// Another button answered, or one is stuck: the check fails.
    Wrong(Check),
    /// Nothing yet.
    Nothing,
}

fn seat_outcome(events: &[PadEvent], seat: u8, button: PadButton) -> SeatOutcome {
    let name = format!("seat {}", seat + 1);
    let n = seat + 1;
    let wrong = |said: Msg| SeatOutcome::Wrong(Check::new(name.as_str(), Outcome::Fail, said));
    for e in events {
        match *e {
            PadEvent::Vote { seat: s, button: b } if s == seat && b == button => return SeatOutcome::Felt,
            PadEvent::Vote { seat: s, .. } if s == seat => return wrong(msg!("selftest.seat.swapped", seat = n)),
            PadEvent::Vote { seat: s, .. } => {
                return wrong(msg!("selftest.seat.crossed", seat = n, other = s + 1));
            }
            PadEvent::Stuck { seat: s, .. } => {
                return wrong(msg!("selftest.seat.stuck", seat = s + 1));
            }
            PadEvent::BothPressed { .. } | PadEvent::Unstuck { .. } => {}
        }
    }
    SeatOutcome::Nothing
}

fn reader_found(chip: ReaderChip) -> Check {
    let v = chip.version();
    match chip {
        ReaderChip::Mfrc522V1 | ReaderChip::Mfrc522V2 => Check::new(
            "reader",
            Outcome::Pass,
            msg!("selftest.reader.nxp", version = if v == 0x91 { 1 } else { 2 }, register = format!("{v:#04x}")),
        ),
        ReaderChip::Clone(_) => {
            Check::new("reader", Outcome::Pass, msg!("selftest.reader.clone", register = format!("{v:#04x}")))
        }
    }
}

/// The dice of the games (the same generator and the same roll) thrown
/// `opts.rolls` times as a d6, checked with a chi-square test at 1 %.
fn dice_check(opts: &Options) -> Check {
    let mut rng = match opts.seed {
        Some(seed) => GameRng::seeded(seed),
        None => GameRng::from_os(),
    };
    let mut counts = [0u32; 6];
    for _ in 0..opts.rolls {
        counts[usize::from(rng.roll(6)).saturating_sub(1).min(5)] += 1;
    }
    let x2 = tavola_firmware::dice::chi_square(&counts);
    let limit_value = tavola_firmware::dice::chi_square_critical_01(5).unwrap_or(15.086);
    let n = opts.rolls;
    let faces = counts.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
    let (chi_square, limit) = (format!("{x2:.1}"), format!("{limit_value:.1}"));
    if x2 < limit_value {
        Check::new("dice", Outcome::Pass, msg!("selftest.dice.fair", count = n, faces, chi_square, limit))
    } else {
        Check::new("dice", Outcome::Fail, msg!("selftest.dice.biased", count = n, faces, chi_square, limit))
    }
}

/// The options of `tavola selftest`.
#[derive(Debug, Clone, Default, PartialEq, Eq, clap::Args)]
pub struct SelftestArgs {
    /// On the simulated parts, the actions done by the program (to see what the test does)
    #[arg(long)]
    pub sim: bool,
    /// The language of the report and of the test line (default: the one chosen in Settings)
    #[arg(long, value_name = "it|en")]
    pub lang: Option<Lang>,
    /// Test only the first N seats (1 to 10)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=10))]
    pub seats: Option<u8>,
    /// Seconds to wait for each tag or button, 1 to 600 (default 15 and 10)
    #[arg(long, value_name = "S", value_parser = clap::value_parser!(u64).range(1..=600))]
    pub wait: Option<u64>,
}

/// Runs `tavola selftest`; prints each check as it ends. Returns the checks.
///
/// The language is `--lang`'s, else the one chosen in Settings (see
/// [`crate::settings::command_lang`]); it is returned with the checks.
pub fn cli(args: &SelftestArgs) -> Result<(Vec<Check>, Lang), String> {
    use crate::hw::sim::{SimDice, SimPad};
    use tavola_narrator::audio::{AudioOptions, RodioAudio};
    let SelftestArgs { sim, lang, seats: seats_limit, wait } = args.clone();
    let mut opts = Options::default();
    if let Some(s) = wait {
        opts.tag_wait_ms = s * 1000;
        opts.press_wait_ms = s * 1000;
    }
    // The language and the speaker chosen in Settings (kept in the
    // journal), when there is a journal already.
    let journal = crate::journal::default_path()
        .ok()
        .filter(|p| lang.is_none() || p.exists())
        .and_then(|_| crate::journal::Journal::open_default().ok())
        .map(|o| o.journal);
    opts.lang = match lang {
        Some(lang) => lang,
        None => crate::settings::command_lang(None, journal.as_ref()),
    };
    let lang = opts.lang;
    let choice = crate::settings::command_speaker(journal.as_ref());
    drop(journal);

    let mut speaker = RodioAudio::open(&AudioOptions { lang, speaker: choice, ..AudioOptions::default() });
    let speaker_part: Part<&mut (dyn AudioOut + 'static)> = if speaker.is_silent() {
        let found = speaker.take_notices().into_iter().next().map(|n| n.msg);
        let why = HwError::said(
            "audio",
            match found {
                Some(why) => msg!("selftest.speaker.plug_in", why),
                None => msg!("hw.audio.no_device"),
            },
        );
        Part::Missing { why, expected: true }
    } else {
        Part::Here(&mut speaker)
    };
    let start = std::time::Instant::now();
    let clock = move || start.elapsed().as_millis() as Millis;
    let mut report = |c: &Check| println!("{}", c.line(lang));
    let mut last_ask = None;

    if sim {
        // The simulated parts, and simulated hands doing what is asked.
        let seats = seats_limit.unwrap_or(10);
        let mut reader = SimReader::new();
        let chip = reader.chip().clone();
        let pad = std::rc::Rc::new(std::cell::RefCell::new(SimPad::new(seats)));
        let dice = std::rc::Rc::new(std::cell::RefCell::new(SimDice::default()));
        let (mut pad_port, mut dice_port) = (pad.clone(), dice.clone());
        let mut hw = Hardware {
            reader: Part::Here(&mut reader),
            pad: Part::Here((&mut pad_port, seats)),
            dice: Part::Here(&mut dice_port),
            speaker: speaker_part,
        };
        let mut hands = |ask: &Ask, now: Millis| {
            let first = last_ask != Some(*ask);
            if first {
                println!("  … {}", ask.text(lang));
                last_ask = Some(*ask);
            }
            match ask {
                Ask::LayTag if first => chip.place(
                    tavola_firmware::sim::SimTag::ntag213([0x04, 0x53, 0x49, 0x4D, 0x00, 0x00, 0x01])
                        .with_card("avalon/role/merlin"),
                ),
                Ask::Press { seat, button } => pad.borrow_mut().set_level(now, *seat, *button, now % 600 < 300),
                Ask::Roll if first => dice.borrow_mut().press(),
                _ => {}
            }
        };
        let mut tick = || {
            std::thread::sleep(std::time::Duration::from_millis(10));
            clock()
        };
        return Ok((run(&mut hw, &opts, &mut tick, &mut hands, &mut report), lang));
    }

    let mut hands = |ask: &Ask, _now: Millis| {
        if last_ask != Some(*ask) {
            println!("  … {}", ask.text(lang));
            last_ask = Some(*ask);
        }
    };
    let mut tick = || {
        std::thread::sleep(std::time::Duration::from_millis(crate::hw::nfc::POLL_MS));
        clock()
    };
    real_hardware(speaker_part, seats_limit, &opts, &mut tick, &mut hands, &mut report).map(|checks| (checks, lang))
}

#[cfg(feature = "rpi")]
fn real_hardware(
    speaker: Part<&mut (dyn AudioOut + 'static)>,
    seats_limit: Option<u8>,
    opts: &Options,
    tick: &mut dyn FnMut() -> Millis,
    hands: &mut dyn FnMut(&Ask, Millis),
    report: &mut dyn FnMut(&Check),
) -> Result<Vec<Check>, String> {
    use crate::hw::nfc::NfcReader;
    use crate::rpi::{open_reader_spi, RpiDice, RpiPad};
    use tavola_words::Said;
    if !crate::rpi::is_raspberry_pi() {
        // Said once: the other parts point at it.
        let mut hw = Hardware {
            reader: Part::Missing { why: HwError::said("board", msg!("selftest.not_a_pi")), expected: false },
            pad: Part::Missing { why: HwError::said("board", msg!("selftest.not_a_pi.see_reader")), expected: false },
            dice: Part::Missing { why: HwError::said("board", msg!("selftest.not_a_pi.see_reader")), expected: false },
            speaker,
        };
        return Ok(run(&mut hw, opts, tick, hands, report));
    }
    let (map, _) = match crate::hw::pinmap::load(crate::hw::pinmap::Fitted::as_set()) {
        Ok(m) => m,
        Err(e) => return Err(opts.lang.text(&msg!("selftest.pinmap_invalid", error = e.msg()))),
    };
    let pins = map.reader.clone();
    // The port (bus and reset line) lives as long as the reader.
    let (mut first, note) = match open_reader_spi(&pins) {
        Ok((port, note)) => (Some(port), note),
        Err(_) => (None, None),
    };
    let mut reader = NfcReader::new(
        move || match first.take() {
            Some(port) => Ok(port),
            None => open_reader_spi(&pins).map(|(port, _)| port),
        },
        tavola_firmware::nfc::NfcConfig::default(),
        Millis::from(map.reader.poll_ms),
    )
    .with_note(note);
    let seats = seats_limit.unwrap_or(map.pad.seats).min(map.pad.seats);
    let mut pad = RpiPad::open(&map);
    let mut dice = map.dice_button.map(RpiDice::open);
    let mut hw = Hardware {
        reader: Part::Here(&mut reader),
        pad: match &mut pad {
            Ok(p) => Part::Here((p as &mut (dyn VotePad + 'static), seats)),
            Err(e) => Part::Missing { why: e.clone(), expected: true },
        },
        dice: match &mut dice {
            Some(Ok(d)) => Part::Here(d as &mut (dyn DiceButton + 'static)),
            Some(Err(e)) => Part::Missing { why: e.clone(), expected: true },
            None => Part::Missing { why: HwError::said("dice", msg!("selftest.roll.not_mapped")), expected: false },
        },
        speaker,
    };
    Ok(run(&mut hw, opts, tick, hands, report))
}

#[cfg(not(feature = "rpi"))]
fn real_hardware(
    speaker: Part<&mut (dyn AudioOut + 'static)>,
    _seats_limit: Option<u8>,
    opts: &Options,
    tick: &mut dyn FnMut() -> Millis,
    hands: &mut dyn FnMut(&Ask, Millis),
    report: &mut dyn FnMut(&Check),
) -> Result<Vec<Check>, String> {
    let no_pi = || HwError::said("build", msg!("selftest.no_pi_support"));
    let mut hw = Hardware {
        reader: Part::Missing { why: no_pi(), expected: false },
        pad: Part::Missing { why: no_pi(), expected: false },
        dice: Part::Missing { why: no_pi(), expected: false },
        speaker,
    };
    Ok(run(&mut hw, opts, tick, hands, report))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hw::sim::{MockClock, RecordingAudio, SimDice, SimPad};
    use crate::hw::Clock;

    struct Table {
        clock: MockClock,
        reader: SimReader,
        pad: SimPad,
        audio: RecordingAudio,
    }

    fn table(seats: u8) -> Table {
        Table {
            clock: MockClock::new(),
            reader: SimReader::new(),
            pad: SimPad::new(seats),
            audio: RecordingAudio::default(),
        }
    }

    fn quick(lang: Lang) -> Options {
        Options { lang, tag_wait_ms: 2_000, press_wait_ms: 2_000, rolls: 6_000, seed: Some(7) }
    }

    #[test]
    fn every_check_passes_on_the_simulated_table_when_a_person_does_what_is_asked() {
        let mut t = table(3);
        let clock = t.clock.clone();
        let chip = t.reader.chip().clone();
        // The pad and the button are shared between the self-test and the
        // hands that press them.
        let pad = std::rc::Rc::new(std::cell::RefCell::new(SimPad::new(3)));
        let dice = std::rc::Rc::new(std::cell::RefCell::new(SimDice::default()));
        let (mut pad_port, mut dice_port) = (pad.clone(), dice.clone());
        let mut seen_lights = Vec::new();
        let mut asked = Vec::new();
        let mut reported = Vec::new();
        let checks = {
            let mut hw = Hardware {
                reader: Part::Here(&mut t.reader),
                pad: Part::Here((&mut pad_port, 3)),
                dice: Part::Here(&mut dice_port),
                speaker: Part::Here(&mut t.audio),
            };
            let mut tick = move || {
                clock.advance(10);
                clock.now_ms()
            };
            let mut hands = |ask: &Ask, now: Millis| {
                let first = asked.last() != Some(ask);
                if first {
                    asked.push(*ask);
                }
                match ask {
                    Ask::LayTag if first => chip.place(
                        tavola_firmware::sim::SimTag::ntag213([4, 1, 2, 3, 4, 5, 6]).with_card("avalon/role/merlin"),
                    ),
                    Ask::Press { seat, button } => {
                        seen_lights.push(pad.borrow().lights().to_vec());
                        // Held for 300 ms (the lights blink meanwhile), then let go.
                        let pressed = now % 600 < 300;
                        pad.borrow_mut().set_level(now, *seat, *button, pressed);
                    }
                    Ask::Roll if first => dice.borrow_mut().press(),
                    _ => {}
                }
            };
            run(&mut hw, &quick(Lang::En), &mut tick, &mut hands, &mut |c| reported.push(c.clone()))
        };
        assert_eq!(checks, reported, "each check is reported as it ends");
        let names: Vec<&str> = checks.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["reader", "tag", "seat 1", "seat 2", "seat 3", "roll button", "dice", "speaker"]);
        for c in &checks {
            assert_eq!(c.outcome, Outcome::Pass, "{c:?}");
        }
        assert!(checks[0].text(Lang::En).contains("MFRC522"), "{:?}", checks[0]);
        assert!(
            checks[1].text(Lang::En).contains("UID 04010203040506") && checks[1].text(Lang::En).contains("Merlin"),
            "{:?}",
            checks[1]
        );
        assert!(checks[6].text(Lang::En).contains("6000 rolls"), "{:?}", checks[6]);
        assert_eq!(t.audio.spoken.len(), 1);
        assert_eq!(t.audio.spoken[0].1.text, test_line(Lang::En).text);
        // Each seat in turn, approve then reject.
        let presses: Vec<Ask> = asked.iter().copied().filter(|a| matches!(a, Ask::Press { .. })).collect();
        assert_eq!(presses.len(), 6, "{presses:?}");
        assert_eq!(presses[1], Ask::Press { seat: 0, button: PadButton::Reject });
        assert_eq!(presses[2], Ask::Press { seat: 1, button: PadButton::Approve });
        // The seat's light blinked while it waited; no other seat's lit.
        assert!(seen_lights.iter().any(|l| l[0] == Light::Waiting && l[1] == Light::Off));
        assert!(seen_lights.iter().any(|l| l[0] == Light::Off));
        assert!(pad.borrow().lights().iter().all(|l| *l == Light::Off), "all lights off at the end");
    }

    #[test]
    fn nothing_done_and_missing_parts_end_in_fail_or_skip_with_the_fix() {
        let mut t = table(1);
        t.reader.chip().set_version(0x00);
        let clock = t.clock.clone();
        let mut hw = Hardware {
            reader: Part::Here(&mut t.reader),
            pad: Part::Here((&mut t.pad, 1)),
            dice: Part::Missing { why: HwError::said("dice", msg!("selftest.roll.not_mapped")), expected: false },
            speaker: Part::Missing { why: HwError::said("audio", msg!("hw.audio.no_device")), expected: true },
        };
        let mut tick = move || {
            clock.advance(10);
            clock.now_ms()
        };
        let checks = run(&mut hw, &quick(Lang::It), &mut tick, &mut |_, _| {}, &mut |_| {});
        let by = |n: &str| checks.iter().find(|c| c.name == n).unwrap_or_else(|| panic!("{n}: {checks:?}"));
        assert_eq!(by("reader").outcome, Outcome::Fail);
        assert!(by("reader").text(Lang::En).contains("SPI is on"), "the fix is said: {:?}", by("reader"));
        assert_eq!(by("tag").outcome, Outcome::Skipped);
        assert_eq!(by("seat 1").outcome, Outcome::Fail, "a button never pressed");
        assert!(
            by("seat 1").text(Lang::It).contains("approva") && by("seat 1").text(Lang::En).contains("check its wires")
        );
        assert_eq!(by("roll button").outcome, Outcome::Skipped);
        assert_eq!(by("speaker").outcome, Outcome::Fail);
        for c in &checks {
            assert!(
                !c.text(Lang::It).is_empty() && c.text(Lang::It) != c.text(Lang::En),
                "said in both languages: {c:?}"
            );
        }
    }

    #[test]
    fn each_step_returns_at_once_and_a_check_can_be_skipped_or_the_test_stopped() {
        let mut t = table(2);
        let pad = std::rc::Rc::new(std::cell::RefCell::new(SimPad::new(2)));
        let mut pad_port = pad.clone();
        let mut hw = Hardware {
            reader: Part::Here(&mut t.reader),
            pad: Part::Here((&mut pad_port, 2)),
            dice: Part::Missing { why: HwError::said("dice", msg!("selftest.roll.not_mapped")), expected: false },
            speaker: Part::Here(&mut t.audio),
        };
        assert_eq!(
            SelfTest::plan(&hw),
            ["reader", "tag", "seat 1", "seat 2", "roll button", "dice", "speaker"].map(String::from).to_vec()
        );
        let mut test = SelfTest::new(quick(Lang::En));
        let ended = test.poll(&mut hw, 0);
        assert_eq!(ended.len(), 1, "{ended:?}");
        assert_eq!((ended[0].name.as_str(), ended[0].outcome), ("reader", Outcome::Pass));
        assert_eq!(test.ask(), Some(Ask::LayTag));
        assert_eq!(test.deadline(), Some(2_000));
        // Waiting for a tag: each step polls once and ends nothing.
        for now in (10..1_000).step_by(10) {
            assert!(test.poll(&mut hw, now).is_empty());
        }
        assert_eq!(test.ask(), Some(Ask::LayTag), "still waiting, not given up before its time");
        // Nobody has a tag at hand: the check is skipped from the screen.
        let ended = test.skip(&mut hw, 1_000);
        assert_eq!(ended.len(), 1);
        assert_eq!((ended[0].name.as_str(), ended[0].outcome), ("tag", Outcome::Skipped));
        assert!(
            ended[0].text(Lang::En).contains("skipped on the screen") && ended[0].text(Lang::It).contains("saltato")
        );
        assert_eq!(test.ask(), Some(Ask::Press { seat: 0, button: PadButton::Approve }));
        assert_eq!(test.deadline(), Some(3_000), "the press waits its own time from now");
        assert_eq!(pad.borrow().lights(), [Light::Waiting, Light::Off], "seat 1's light blinks");
        test.poll(&mut hw, 1_250);
        assert_eq!(pad.borrow().lights(), [Light::Off, Light::Off], "… off half of the time");
        // Stopped half-way: the lights go dark, nothing more is checked.
        test.stop(&mut hw, 1_300);
        assert!(test.is_done() && test.ask().is_none());
        assert_eq!(test.checks().len(), 2);
        assert!(pad.borrow().lights().iter().all(|l| *l == Light::Off));
        assert!(test.poll(&mut hw, 5_000).is_empty());
        assert!(t.audio.spoken.is_empty(), "the speaker was never reached");
    }

    #[test]
    fn a_biased_die_would_be_caught_and_the_report_reads_in_both_languages() {
        // The check itself: counts far from uniform exceed the limit.
        let x2 = tavola_firmware::dice::chi_square(&[2000, 800, 800, 800, 800, 800]);
        assert!(x2 > tavola_firmware::dice::chi_square_critical_01(5).unwrap());
        let c = dice_check(&Options { seed: Some(1), ..Options::default() });
        assert!(c.line(Lang::It).starts_with("OK") && c.line(Lang::En).starts_with("PASS"), "{c:?}");
        assert!(c.text(Lang::It).contains("chi quadro") && c.text(Lang::En).contains("chi-square"));
        let seat = Check { name: "seat 3".into(), outcome: Outcome::Skipped, said: msg!("selftest.check.pad") };
        assert_eq!((seat.label(Lang::It), seat.label(Lang::En)), ("posto 3".to_string(), "seat 3".to_string()));
        let said = Lang::It.text(&msg!("selftest.check.pad"));
        assert_eq!(seat.line(Lang::It), format!("SALTATO posto 3: {said}"), "the words in the table's language");
    }

    /// The speaker check alone, on `audio`, with `note` told at start.
    fn speaker_check(audio: &mut RecordingAudio, note: Option<HwError>) -> Check {
        let mut reader = SimReader::new();
        reader.chip().set_version(0x00);
        let mut hw = Hardware {
            reader: Part::Here(&mut reader),
            pad: Part::Missing { why: HwError::said("pad", msg!("selftest.roll.not_mapped")), expected: false },
            dice: Part::Missing { why: HwError::said("dice", msg!("selftest.roll.not_mapped")), expected: false },
            speaker: Part::Here(audio),
        };
        let mut test = SelfTest::new(quick(Lang::En));
        test.set_speaker_note(note);
        let mut now = 0;
        while !test.is_done() {
            test.poll(&mut hw, now);
            now += 100;
        }
        test.into_checks().into_iter().find(|c| c.name == "speaker").expect("a speaker check")
    }

    #[test]
    fn the_speaker_check_names_the_device_that_played() {
        use crate::hw::speaker::{OutputDevice, SpeakerKind};
        let usb = OutputDevice {
            id: "sysdefault:CARD=Audio".into(),
            card: Some("Audio".into()),
            name: "QEMU USB Audio".into(),
            kind: SpeakerKind::Usb,
        };
        let mut audio = RecordingAudio::default();
        audio.output = Some(usb);
        let c = speaker_check(&mut audio, None);
        assert_eq!(c.outcome, Outcome::Pass);
        let line = test_line(Lang::En).text;
        assert_eq!(
            c.line(Lang::En),
            format!(
                "PASS speaker: played on QEMU USB Audio (usb): “{line}”. If you heard nothing, raise the volume in Settings and check the cable."
            )
        );
        assert!(
            c.line(Lang::It).starts_with("OK     altoparlante: riga di prova suonata su QEMU USB Audio (usb): «"),
            "{c:?}"
        );

        // Not where the owner wanted it: said, and the check fails.
        let hdmi = OutputDevice {
            id: "hdmi:CARD=vc4hdmi0,DEV=0".into(),
            card: Some("vc4hdmi0".into()),
            name: "vc4-hdmi-0".into(),
            kind: SpeakerKind::Hdmi,
        };
        let note = crate::hw::speaker::place(
            &crate::hw::speaker::SpeakerChoice::Kind(SpeakerKind::Usb),
            std::slice::from_ref(&hdmi),
            |_| Ok::<(), crate::hw::speaker::OpenError>(()),
        )
        .notice;
        let mut audio = RecordingAudio::default();
        audio.output = Some(hdmi);
        let c = speaker_check(&mut audio, note);
        assert_eq!(c.outcome, Outcome::Fail);
        let en = c.line(Lang::En);
        assert!(en.starts_with("FAIL speaker: played on vc4-hdmi-0 (hdmi): “"), "{en}");
        assert!(
            en.ends_with("The speaker chosen (USB) is not connected: the sound goes to vc4-hdmi-0 (HDMI)."),
            "{en}"
        );

        // A speaker that cannot tell its device: the line as before.
        let c = speaker_check(&mut RecordingAudio::default(), None);
        assert_eq!(
            c.text(Lang::En),
            format!("played “{line}”. If you heard nothing, raise the volume in Settings and check the cable.")
        );
    }

    /// A reader that works without its reset line (a busy or unknown GPIO).
    struct NoReset(SimReader);

    impl TagSource for NoReset {
        fn poll(&mut self, now: Millis) -> Result<Vec<TagEvent>, HwError> {
            self.0.poll(now)
        }
        fn reader_chip(&self) -> Option<ReaderChip> {
            self.0.reader_chip()
        }
        fn note(&self) -> Option<HwError> {
            Some(HwError::said("reader", msg!("hw.reader.no_reset", pin = 25, why = msg!("hw.reader.reset_pin_used"))))
        }
    }

    #[test]
    fn a_reader_without_its_reset_line_passes_and_says_so() {
        let mut t = table(1);
        let mut reader = NoReset(SimReader::new());
        let mut hw = Hardware {
            reader: Part::Here(&mut reader),
            pad: Part::Here((&mut t.pad, 1)),
            dice: Part::Missing { why: HwError::said("dice", msg!("selftest.roll.not_mapped")), expected: false },
            speaker: Part::Here(&mut t.audio),
        };
        let mut test = SelfTest::new(quick(Lang::En));
        let ended = test.poll(&mut hw, 0);
        assert_eq!((ended[0].name.as_str(), ended[0].outcome), ("reader", Outcome::Pass));
        let (en, it) = (ended[0].text(Lang::En), ended[0].text(Lang::It));
        assert!(en.starts_with("NXP MFRC522 version 2.0") && en.contains("without its reset line (GPIO25"), "{en}");
        assert!(it.contains("senza la sua linea di reset"), "{it}");
    }

    #[test]
    fn a_tag_names_its_card_in_each_language() {
        let card = Some("avalon/role/assassin".to_string());
        let c = tag_outcome(TagEvent::Arrived { uid: "04AB".into(), card }).expect("a tag ends the check");
        assert_eq!(c.text(Lang::It), "UID 04AB, carta: Assassino (avalon/role/assassin).");
        assert_eq!(c.text(Lang::En), "UID 04AB, card: Assassin (avalon/role/assassin).");
        let c = tag_outcome(TagEvent::Arrived { uid: "04AB".into(), card: Some("avalon/role/elf".into()) }).unwrap();
        assert!(c.text(Lang::It).starts_with("UID 04AB, carta: avalon/role/elf, che non è nel catalogo"), "{c:?}");
        let ask = Ask::Press { seat: 0, button: PadButton::Reject };
        assert_eq!(ask.text(Lang::It), "Posto 1: premi il tasto rifiuta (la sua luce lampeggia).");
        assert_eq!(ask.text(Lang::En), "Seat 1: press the reject button (its light is blinking).");
    }
}
