//! The hardware self-test (`tavola selftest`): the reader found and its
//! version, a tag laid on it read back (UID and card), each seat's two
//! buttons pressed in turn while its light blinks, the roll button and a
//! chi-square check of the dice over 6,000 rolls, and a test line on the
//! speaker in the chosen language.
//!
//! Each check ends in pass, fail (with the fix) or skipped (with why), in
//! Italian and English. The checks wait for a person to lay a tag or press
//! a button: [`run`] tells `hands` what is awaited at every step, so the
//! command line prints it and the tests (or `--sim`) do it on the simulated
//! parts.

use crate::games::{GameRng, Lang};
use crate::hw::nfc::NfcReader;
use crate::hw::sim::SimReader;
use crate::hw::{AudioOut, DiceButton, HwError, Light, Millis, PadButton, PadEvent, TagEvent, TagSource, VotePad};
use crate::narrator::Line;
use embedded_hal::spi::SpiDevice;
use tavola_firmware::nfc::ReaderChip;

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

/// One check's result, said in both languages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Check {
    /// Which check: `reader`, `tag`, `seat 3`, `roll button`, `dice`, `speaker`.
    pub name: String,
    /// Pass, fail or skipped.
    pub outcome: Outcome,
    /// What was found (and the fix), in Italian.
    pub it: String,
    /// The same in English.
    pub en: String,
}

impl Check {
    fn new(name: impl Into<String>, outcome: Outcome, it: impl Into<String>, en: impl Into<String>) -> Self {
        Check { name: name.into(), outcome, it: it.into(), en: en.into() }
    }

    /// The text in `lang`.
    pub fn text(&self, lang: Lang) -> &str {
        lang.pick(&self.it, &self.en)
    }

    /// `PASS`/`FAIL`/`SKIP` (or the Italian words) and the text, one line.
    pub fn line(&self, lang: Lang) -> String {
        let word = match (self.outcome, lang) {
            (Outcome::Pass, Lang::It) => "OK    ",
            (Outcome::Fail, Lang::It) => "GUASTO",
            (Outcome::Skipped, Lang::It) => "SALTATO",
            (Outcome::Pass, _) => "PASS",
            (Outcome::Fail, _) => "FAIL",
            (Outcome::Skipped, _) => "SKIP",
        };
        format!("{word} {}: {}", self.label(lang), self.text(lang))
    }

    /// The check's name in `lang`.
    pub fn label(&self, lang: Lang) -> String {
        if lang != Lang::It {
            return self.name.clone();
        }
        match self.name.as_str() {
            "reader" => "lettore".into(),
            "pad" => "pulsantiera".into(),
            "roll button" => "pulsante dei dadi".into(),
            "dice" => "dadi".into(),
            "speaker" => "altoparlante".into(),
            other => match other.strip_prefix("seat ") {
                Some(n) => format!("posto {n}"),
                None => other.into(),
            },
        }
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
        match (self, lang) {
            (Ask::LayTag, Lang::It) => "Appoggia un tag sul lettore.".into(),
            (Ask::LayTag, _) => "Lay a tag on the reader.".into(),
            (Ask::Press { seat, button }, Lang::It) => format!(
                "Posto {}: premi il tasto {} (la sua luce lampeggia).",
                seat + 1,
                if *button == PadButton::Approve { "approva" } else { "rifiuta" }
            ),
            (Ask::Press { seat, button }, _) => format!(
                "Seat {}: press the {} button (its light is blinking).",
                seat + 1,
                if *button == PadButton::Approve { "approve" } else { "reject" }
            ),
            (Ask::Roll, Lang::It) => "Premi il pulsante dei dadi.".into(),
            (Ask::Roll, _) => "Press the roll button.".into(),
            (Ask::Listen, Lang::It) => "Ascolta l'altoparlante.".into(),
            (Ask::Listen, _) => "Listen to the speaker.".into(),
        }
    }
}

/// A reader the self-test can ask for its chip as well as poll.
pub trait TestReader {
    /// Polls the reader.
    fn poll(&mut self, now: Millis) -> Result<Vec<TagEvent>, HwError>;
    /// The chip found when the reader session started.
    fn chip(&self) -> Option<ReaderChip>;
}

impl<SPI, F> TestReader for NfcReader<SPI, F>
where
    SPI: SpiDevice,
    F: FnMut() -> Result<SPI, HwError>,
{
    fn poll(&mut self, now: Millis) -> Result<Vec<TagEvent>, HwError> {
        TagSource::poll(self, now)
    }
    fn chip(&self) -> Option<ReaderChip> {
        NfcReader::chip(self)
    }
}

impl TestReader for SimReader {
    fn poll(&mut self, now: Millis) -> Result<Vec<TagEvent>, HwError> {
        TagSource::poll(self, now)
    }
    fn chip(&self) -> Option<ReaderChip> {
        self.reader_chip()
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
    pub reader: Part<&'a mut (dyn TestReader + 'static)>,
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
    let mut checks = Vec::new();
    let mut done = |c: Check, checks: &mut Vec<Check>| {
        report(&c);
        checks.push(c);
    };
    let mut now = tick();

    // The reader and a tag.
    match &mut hw.reader {
        Part::Missing { why, expected } => {
            done(missing("reader", why, *expected), &mut checks);
            done(skipped_for("tag", "manca il lettore", "there is no reader"), &mut checks);
        }
        Part::Here(reader) => {
            let first = reader.poll(now);
            match (first, reader.chip()) {
                (Err(e), _) => {
                    done(Check::new("reader", Outcome::Fail, e.it, e.en), &mut checks);
                    done(skipped_for("tag", "il lettore non risponde", "the reader does not answer"), &mut checks);
                }
                (Ok(_), None) => {
                    done(
                        Check::new(
                            "reader",
                            Outcome::Fail,
                            "Il lettore non ha detto la sua versione: controlla i fili MISO e MOSI.",
                            "The reader did not give its version: check the MISO and MOSI wires.",
                        ),
                        &mut checks,
                    );
                }
                (Ok(_), Some(chip)) => {
                    done(reader_found(chip), &mut checks);
                    let c = tag_check(&mut **reader, opts, tick, hands, &mut now);
                    done(c, &mut checks);
                }
            }
        }
    }

    // Each seat's buttons and light.
    match &mut hw.pad {
        Part::Missing { why, expected } => done(missing("pad", why, *expected), &mut checks),
        Part::Here((pad, seats)) => {
            for seat in 0..*seats {
                let c = seat_check(&mut **pad, *seats, seat, opts, tick, hands, &mut now);
                done(c, &mut checks);
            }
            let _ = pad.set_lights(&vec![Light::Off; usize::from(*seats)]);
        }
    }

    // The roll button, then the dice themselves.
    match &mut hw.dice {
        Part::Missing { why, expected } => done(missing("roll button", why, *expected), &mut checks),
        Part::Here(button) => {
            let c = roll_button_check(&mut **button, opts, tick, hands, &mut now);
            done(c, &mut checks);
        }
    }
    done(dice_check(opts), &mut checks);

    // The speaker.
    match &mut hw.speaker {
        Part::Missing { why, expected } => done(missing("speaker", why, *expected), &mut checks),
        Part::Here(speaker) => {
            let c = speaker_check(&mut **speaker, opts, tick, hands, &mut now);
            done(c, &mut checks);
        }
    }
    checks
}

fn missing(name: &str, why: &HwError, expected: bool) -> Check {
    Check::new(name, if expected { Outcome::Fail } else { Outcome::Skipped }, why.it.clone(), why.en.clone())
}

fn skipped_for(name: &str, it: &str, en: &str) -> Check {
    Check::new(name, Outcome::Skipped, format!("non provato: {it}."), format!("not tried: {en}."))
}

fn reader_found(chip: ReaderChip) -> Check {
    let v = chip.version();
    match chip {
        ReaderChip::Mfrc522V1 | ReaderChip::Mfrc522V2 => Check::new(
            "reader",
            Outcome::Pass,
            format!("MFRC522 NXP versione {}.0 (registro {v:#04x}).", if v == 0x91 { 1 } else { 2 }),
            format!("NXP MFRC522 version {}.0 (register {v:#04x}).", if v == 0x91 { 1 } else { 2 }),
        ),
        ReaderChip::Clone(_) => Check::new(
            "reader",
            Outcome::Pass,
            format!(
                "un lettore compatibile, non NXP (registro {v:#04x}): funziona; se perde dei tag, prova un MFRC522 \
                 originale."
            ),
            format!(
                "a compatible reader, not NXP (register {v:#04x}): it works; if it misses tags, try a genuine \
                 MFRC522."
            ),
        ),
    }
}

fn tag_check(
    reader: &mut dyn TestReader,
    opts: &Options,
    tick: &mut dyn FnMut() -> Millis,
    hands: &mut dyn FnMut(&Ask, Millis),
    now: &mut Millis,
) -> Check {
    let deadline = *now + opts.tag_wait_ms;
    while *now < deadline {
        hands(&Ask::LayTag, *now);
        *now = tick();
        let events = match reader.poll(*now) {
            Ok(events) => events,
            Err(e) => return Check::new("tag", Outcome::Fail, e.it, e.en),
        };
        for event in events {
            match event {
                TagEvent::Arrived { uid, card: Some(card) } => {
                    let catalog = crate::catalog::Catalog::builtin();
                    let (it, en) = match (catalog.name(&card, Lang::It), catalog.name(&card, Lang::En)) {
                        (Some(it), Some(en)) => (format!("{it} ({card})"), format!("{en} ({card})")),
                        _ => (
                            format!("{card}, che non è nel catalogo: riscrivilo con tavola tags write"),
                            format!("{card}, which is in no game's catalog: write it again with tavola tags write"),
                        ),
                    };
                    return Check::new("tag", Outcome::Pass, format!("UID {uid}, carta: {it}."), format!("UID {uid}, card: {en}."));
                }
                TagEvent::Arrived { uid, card: None } => {
                    return Check::new(
                        "tag",
                        Outcome::Pass,
                        format!("UID {uid}, nessuna carta scritta (un tag vuoto o solo imparato)."),
                        format!("UID {uid}, no card written on it (a blank tag, or one only learned)."),
                    )
                }
                TagEvent::Unreadable { uid, reason } => {
                    return Check::new(
                        "tag",
                        Outcome::Fail,
                        format!("il tag {uid} risponde ma non si legge ({reason}): tienilo piatto al centro del lettore, o prova un altro tag."),
                        format!("tag {uid} answers but cannot be read ({reason}): hold it flat in the middle of the reader, or try another tag."),
                    )
                }
                TagEvent::Left { .. } => {}
            }
        }
    }
    let s = opts.tag_wait_ms / 1000;
    Check::new(
        "tag",
        Outcome::Skipped,
        format!("nessun tag appoggiato in {s} s. Se ne avevi appoggiato uno, controlla l'antenna e prova un NTAG213."),
        format!("no tag was laid on the reader within {s} s. If one was, check the antenna and try an NTAG213."),
    )
}

fn seat_check(
    pad: &mut dyn VotePad,
    seats: u8,
    seat: u8,
    opts: &Options,
    tick: &mut dyn FnMut() -> Millis,
    hands: &mut dyn FnMut(&Ask, Millis),
    now: &mut Millis,
) -> Check {
    let name = format!("seat {}", seat + 1);
    let n = seat + 1;
    for button in [PadButton::Approve, PadButton::Reject] {
        let ask = Ask::Press { seat, button };
        let deadline = *now + opts.press_wait_ms;
        let mut felt = false;
        while *now < deadline && !felt {
            let mut lights = vec![Light::Off; usize::from(seats)];
            if (*now / BLINK_MS).is_multiple_of(2) {
                lights[usize::from(seat)] = Light::Waiting;
            }
            if let Err(e) = pad.set_lights(&lights) {
                return Check::new(name, Outcome::Fail, e.it, e.en);
            }
            hands(&ask, *now);
            *now = tick();
            let events = match pad.poll(*now) {
                Ok(events) => events,
                Err(e) => return Check::new(name, Outcome::Fail, e.it, e.en),
            };
            for e in events {
                match e {
                    PadEvent::Vote { seat: s, button: b } if s == seat && b == button => felt = true,
                    PadEvent::Vote { seat: s, .. } if s == seat => {
                        return Check::new(
                            name,
                            Outcome::Fail,
                            format!("al posto {n} risponde il tasto sbagliato: i fili dei due tasti sono scambiati (vedi la mappa dei pin)."),
                            format!("seat {n} answers with the wrong button: its two buttons' wires are swapped (see the pin map)."),
                        )
                    }
                    PadEvent::Vote { seat: s, .. } => {
                        let o = s + 1;
                        return Check::new(
                            name,
                            Outcome::Fail,
                            format!("il tasto del posto {n} risponde come posto {o}: controlla i fili o la mappa dei pin."),
                            format!("seat {n}'s button answers as seat {o}: check the wires or the pin map."),
                        );
                    }
                    PadEvent::Stuck { seat: s, .. } => {
                        let o = s + 1;
                        return Check::new(
                            name,
                            Outcome::Fail,
                            format!("un tasto del posto {o} resta premuto: un filo tocca massa o il tasto è bloccato."),
                            format!("a button of seat {o} stays pressed: a wire touches ground or the button is jammed."),
                        );
                    }
                    PadEvent::BothPressed { .. } | PadEvent::Unstuck { .. } => {}
                }
            }
        }
        if !felt {
            let (it_b, en_b) =
                if button == PadButton::Approve { ("approva", "approve") } else { ("rifiuta", "reject") };
            let s = opts.press_wait_ms / 1000;
            return Check::new(
                name,
                Outcome::Fail,
                format!("il tasto {it_b} del posto {n} non è arrivato in {s} s: controlla i suoi fili e la mappa dei pin (se nessuno l'ha premuto, ripeti la prova)."),
                format!("seat {n}'s {en_b} button was not felt within {s} s: check its wires and the pin map (if nobody pressed it, run the test again)."),
            );
        }
    }
    Check::new(
        name,
        Outcome::Pass,
        "approva e rifiuta arrivati; la luce ha lampeggiato (se non l'hai vista, controlla il LED e la sua resistenza).",
        "approve and reject felt; the light blinked (if you did not see it, check the LED and its resistor).",
    )
}

fn roll_button_check(
    button: &mut dyn DiceButton,
    opts: &Options,
    tick: &mut dyn FnMut() -> Millis,
    hands: &mut dyn FnMut(&Ask, Millis),
    now: &mut Millis,
) -> Check {
    let deadline = *now + opts.press_wait_ms;
    while *now < deadline {
        hands(&Ask::Roll, *now);
        *now = tick();
        match button.poll(*now) {
            Ok(0) => {}
            Ok(_) => return Check::new("roll button", Outcome::Pass, "pressione arrivata.", "press felt."),
            Err(e) => return Check::new("roll button", Outcome::Fail, e.it, e.en),
        }
    }
    let s = opts.press_wait_ms / 1000;
    Check::new(
        "roll button",
        Outcome::Fail,
        format!("nessuna pressione in {s} s: controlla i fili del pulsante e il suo pin nella mappa dei pin."),
        format!("no press within {s} s: check the button's wires and its pin in the pin map."),
    )
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
    let limit = tavola_firmware::dice::chi_square_critical_01(5).unwrap_or(15.086);
    let n = opts.rolls;
    let faces = counts.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
    if x2 < limit {
        Check::new(
            "dice",
            Outcome::Pass,
            format!("{n} lanci di un d6 ({faces}): chi quadro {x2:.1}, sotto {limit:.1}."),
            format!("{n} rolls of a d6 ({faces}): chi-square {x2:.1}, below {limit:.1}."),
        )
    } else {
        Check::new(
            "dice",
            Outcome::Fail,
            format!(
                "{n} lanci di un d6 ({faces}): chi quadro {x2:.1}, sopra {limit:.1}. Un dado giusto ci arriva una \
                 volta su cento: ripeti la prova; se fallisce di nuovo, il generatore casuale è guasto."
            ),
            format!(
                "{n} rolls of a d6 ({faces}): chi-square {x2:.1}, above {limit:.1}. A fair die gets there one time \
                 in a hundred: run the test again; if it fails again, the random source is broken."
            ),
        )
    }
}

fn speaker_check(
    speaker: &mut dyn AudioOut,
    opts: &Options,
    tick: &mut dyn FnMut() -> Millis,
    hands: &mut dyn FnMut(&Ask, Millis),
    now: &mut Millis,
) -> Check {
    let line = test_line(opts.lang);
    hands(&Ask::Listen, *now);
    if let Err(e) = speaker.speak(&line, *now) {
        return Check::new("speaker", Outcome::Fail, e.it, e.en);
    }
    let deadline = *now + 30_000;
    while speaker.busy(*now) && *now < deadline {
        hands(&Ask::Listen, *now);
        *now = tick();
    }
    if speaker.busy(*now) {
        speaker.stop(*now);
        return Check::new(
            "speaker",
            Outcome::Fail,
            "la riga di prova non è finita in 30 s: il dispositivo audio è bloccato; riavvia la scatola.",
            "the test line did not end within 30 s: the sound device is stuck; restart the box.",
        );
    }
    Check::new(
        "speaker",
        Outcome::Pass,
        format!(
            "suonata «{}». Se non hai sentito nulla, alza il volume nelle Impostazioni e controlla il cavo.",
            line.text
        ),
        format!("played “{}”. If you heard nothing, raise the volume in Settings and check the cable.", line.text),
    )
}

/// `tavola selftest` usage.
pub const CLI_USAGE: &str = "\
  tavola selftest [OPTIONS]       check the reader, a tag, each seat's buttons and light, the roll button, the dice, the speaker
      --sim                       on the simulated parts, the actions done by the program (to see what the test does)
      --lang it|en                the language of the report and of the test line (default: the one chosen in Settings)
      --seats N                   test only the first N seats
      --wait S                    seconds to wait for each tag or button (default 15 and 10)
";

/// Runs `tavola selftest`; prints each check as it ends. Returns the checks.
pub fn cli(args: &[String]) -> Result<Vec<Check>, String> {
    use crate::hw::audio::{AudioOptions, RodioAudio};
    use crate::hw::sim::{SimDice, SimPad};
    let mut sim = false;
    let mut lang = None;
    let mut seats_limit = None;
    let mut opts = Options::default();
    let mut i = 0;
    let value = |i: &mut usize, flag: &str| -> Result<String, String> {
        *i += 1;
        args.get(*i).cloned().ok_or_else(|| format!("selftest: {flag} needs a value"))
    };
    while i < args.len() {
        match args[i].as_str() {
            "--sim" => sim = true,
            "--lang" => {
                let v = value(&mut i, "--lang")?;
                lang = Some(Lang::from_code(&v).ok_or_else(|| format!("unknown language '{v}': use it or en"))?);
            }
            "--seats" => {
                let v = value(&mut i, "--seats")?;
                seats_limit =
                    Some(v.parse::<u8>().ok().filter(|n| (1..=10).contains(n)).ok_or("--seats needs 1 to 10")?);
            }
            "--wait" => {
                let v = value(&mut i, "--wait")?;
                let s: Millis =
                    v.parse().ok().filter(|s| (1..=600).contains(s)).ok_or("--wait needs 1 to 600 seconds")?;
                opts.tag_wait_ms = s * 1000;
                opts.press_wait_ms = s * 1000;
            }
            other => return Err(format!("selftest: unknown option '{other}'\n\n{CLI_USAGE}")),
        }
        i += 1;
    }
    opts.lang = lang.unwrap_or_else(|| {
        crate::journal::Journal::open_default()
            .ok()
            .and_then(|o| o.journal.setting::<Lang>("lang").ok().flatten())
            .unwrap_or(Lang::It)
    });
    let lang = opts.lang;

    let mut speaker = RodioAudio::open(&AudioOptions { lang, ..AudioOptions::default() });
    let speaker_part: Part<&mut (dyn AudioOut + 'static)> = if speaker.is_silent() {
        let found = speaker.take_notices().into_iter().next();
        let (it, en) = found.map(|n| (n.it, n.en)).unwrap_or_default();
        let why = HwError::new(
            "audio",
            format!("{it} Collega l'altoparlante (uscita cuffie o USB) e controlla che `aplay -l` lo elenchi."),
            format!("{en} Plug the speaker in (headphone socket or USB) and check that `aplay -l` lists it."),
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
        return Ok(run(&mut hw, &opts, &mut tick, &mut hands, &mut report));
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
    real_hardware(speaker_part, seats_limit, &opts, &mut tick, &mut hands, &mut report)
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
    use crate::hw::rpi::{open_reader_spi, RpiDice, RpiPad};
    let (map, _) = match crate::hw::pinmap::load() {
        Ok(m) => m,
        Err(e) => return Err(format!("the pin map is not valid: {e}")),
    };
    let pins = map.reader.clone();
    let mut reader = NfcReader::new(
        move || open_reader_spi(&pins).map(|(spi, _reset)| spi),
        tavola_firmware::nfc::NfcConfig::default(),
        Millis::from(map.reader.poll_ms),
    );
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
            None => Part::Missing {
                why: HwError::new(
                    "dice",
                    "La mappa dei pin non ha un pulsante dei dadi (dice_button): si usa quello sullo schermo.",
                    "The pin map has no roll button (dice_button): the one on the screen is used.",
                ),
                expected: false,
            },
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
    let no_pi = || {
        HwError::new(
            "build",
            "Questa versione non ha il supporto per il Raspberry Pi (compila con --features rpi); prova --sim.",
            "This build has no Raspberry Pi support (build with --features rpi); try --sim.",
        )
    };
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
        assert!(checks[0].en.contains("MFRC522"), "{:?}", checks[0]);
        assert!(checks[1].en.contains("UID 04010203040506") && checks[1].en.contains("Merlin"), "{:?}", checks[1]);
        assert!(checks[6].en.contains("6000 rolls"), "{:?}", checks[6]);
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
            dice: Part::Missing {
                why: HwError::new("dice", "manca il pin del pulsante", "no pin for the roll button"),
                expected: false,
            },
            speaker: Part::Missing {
                why: HwError::new("audio", "nessun dispositivo audio", "no sound device: plug the speaker in"),
                expected: true,
            },
        };
        let mut tick = move || {
            clock.advance(10);
            clock.now_ms()
        };
        let checks = run(&mut hw, &quick(Lang::It), &mut tick, &mut |_, _| {}, &mut |_| {});
        let by = |n: &str| checks.iter().find(|c| c.name == n).unwrap_or_else(|| panic!("{n}: {checks:?}"));
        assert_eq!(by("reader").outcome, Outcome::Fail);
        assert!(by("reader").en.contains("SPI is on"), "the fix is said: {:?}", by("reader"));
        assert_eq!(by("tag").outcome, Outcome::Skipped);
        assert_eq!(by("seat 1").outcome, Outcome::Fail, "a button never pressed");
        assert!(by("seat 1").it.contains("approva") && by("seat 1").en.contains("check its wires"));
        assert_eq!(by("roll button").outcome, Outcome::Skipped);
        assert_eq!(by("speaker").outcome, Outcome::Fail);
        for c in &checks {
            assert!(!c.it.is_empty() && c.it != c.en, "said in both languages: {c:?}");
        }
    }

    #[test]
    fn a_biased_die_would_be_caught_and_the_report_reads_in_both_languages() {
        // The check itself: counts far from uniform exceed the limit.
        let x2 = tavola_firmware::dice::chi_square(&[2000, 800, 800, 800, 800, 800]);
        assert!(x2 > tavola_firmware::dice::chi_square_critical_01(5).unwrap());
        let c = dice_check(&Options { seed: Some(1), ..Options::default() });
        assert!(c.line(Lang::It).starts_with("OK") && c.line(Lang::En).starts_with("PASS"), "{c:?}");
        assert!(c.it.contains("chi quadro") && c.en.contains("chi-square"));
        let seat = Check::new("seat 3", Outcome::Skipped, "x", "y");
        assert_eq!((seat.label(Lang::It), seat.label(Lang::En)), ("posto 3".to_string(), "seat 3".to_string()));
        assert!(seat.line(Lang::It).starts_with("SALTATO posto 3: x"));
    }
}
