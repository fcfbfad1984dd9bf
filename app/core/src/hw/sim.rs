//! Simulated table hardware: always compiled, used by the desktop app (the
//! on-screen pad and card picker), by the headless driver and by the tests.

use super::nfc::{NfcReader, POLL_MS};
use super::{AudioOut, Clock, DiceButton, HwError, Light, Millis, PadButton, PadEvent, TagEvent, TagSource, VotePad};
use crate::narrator::Line;
use std::cell::Cell;
use std::rc::Rc;
use tavola_firmware::nfc::NfcConfig;
use tavola_firmware::sim::{PagesError, SimChip, SimTag};
use tavola_firmware::votepad as fw;
use tavola_words::{msg, Msg};

/// A clock that moves only when told to. Clones share the same time.
#[derive(Debug, Clone, Default)]
pub struct MockClock(Rc<Cell<Millis>>);

impl MockClock {
    /// A clock at time 0.
    pub fn new() -> Self {
        Self::default()
    }

    /// Moves time forward.
    pub fn advance(&self, ms: Millis) {
        self.0.set(self.0.get().saturating_add(ms));
    }

    /// Sets the time (never backwards).
    pub fn set(&self, ms: Millis) {
        self.0.set(self.0.get().max(ms));
    }
}

impl Clock for MockClock {
    fn now_ms(&self) -> Millis {
        self.0.get()
    }
}

/// The monotonic clock of the machine.
#[derive(Debug, Clone)]
pub struct SystemClock(std::time::Instant);

impl Default for SystemClock {
    fn default() -> Self {
        SystemClock(std::time::Instant::now())
    }
}

impl Clock for SystemClock {
    fn now_ms(&self) -> Millis {
        self.0.elapsed().as_millis() as Millis
    }
}

type ChipOpener = Box<dyn FnMut() -> Result<SimChip, HwError> + Send>;

/// The simulated reader: the firmware's reader session talking to a
/// simulated MFRC522 chip, with virtual tags laid in its field by hand (the
/// card picker, the headless driver, tests). The code that runs on the Pi is
/// the code that runs here.
pub struct SimReader {
    chip: SimChip,
    reader: NfcReader<SimChip, ChipOpener>,
}

impl std::fmt::Debug for SimReader {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SimReader").field("reader", &self.reader).finish_non_exhaustive()
    }
}

impl Default for SimReader {
    fn default() -> Self {
        Self::new()
    }
}

/// The UID a virtual tag gets for a name: the name itself if it is 4 or 7
/// bytes of hex (`04A1B2C3D4E5F6`), otherwise 7 bytes derived from it.
pub fn uid_for(name: &str) -> Vec<u8> {
    let hex: Option<Vec<u8>> = name
        .len()
        .is_multiple_of(2)
        .then(|| (0..name.len()).step_by(2).map(|i| u8::from_str_radix(name.get(i..i + 2)?, 16).ok()).collect())
        .flatten();
    match hex {
        Some(b) if b.len() == 4 || b.len() == 7 => b,
        _ => {
            // FNV-1a: stable across runs and machines.
            let h =
                name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
            let mut uid = vec![0x04];
            uid.extend_from_slice(&h.to_be_bytes()[..6]);
            uid
        }
    }
}

impl SimReader {
    /// A reader with an empty field, polled every [`POLL_MS`].
    pub fn new() -> Self {
        let chip = SimChip::new();
        let handle = chip.clone();
        let open: ChipOpener = Box::new(move || Ok(handle.clone()));
        SimReader { chip, reader: NfcReader::new(open, NfcConfig::default(), POLL_MS) }
    }

    /// Lays a tag on the reader: an NTAG213 with `card` written on it (blank
    /// without), or a UID-only MIFARE Classic when the UID has 4 bytes. A
    /// tag already lying there is not read twice.
    pub fn place(&mut self, uid: &str, card: Option<&str>) {
        let bytes = uid_for(uid);
        let tag = match <[u8; 7]>::try_from(bytes.as_slice()) {
            Ok(seven) => match card {
                Some(id) => SimTag::ntag213(seven).with_card(id),
                None => SimTag::ntag213(seven),
            },
            Err(_) => SimTag::classic_1k(bytes[..4].try_into().unwrap_or([0x04, 0, 0, 0])),
        };
        self.place_tag(tag);
    }

    /// Lays a tag given by its raw pages on the reader (the headless `tag` input's `pages`):
    /// one string of 4 bytes in hex per page, page 0 first, 45, 135 or 231 of them (an
    /// NTAG213, 215 or 216). The UID is the one pages 0 to 2 hold.
    pub fn place_pages(&mut self, pages: &[String]) -> Result<(), Msg> {
        let mut bytes = Vec::with_capacity(pages.len() * 4);
        for (index, page) in pages.iter().enumerate() {
            let digits: String = page.chars().filter(|c| !c.is_whitespace()).collect();
            let parsed: Option<Vec<u8>> = (digits.len() == 8 && digits.is_ascii())
                .then(|| (0..8).step_by(2).map(|i| u8::from_str_radix(&digits[i..i + 2], 16).ok()).collect())
                .flatten();
            match parsed {
                Some(b) => bytes.extend(b),
                None => return Err(msg!("sim.pages.bad_page", index, text = page.as_str())),
            }
        }
        let tag = SimTag::from_pages(&bytes).map_err(|e| pages_problem(&e))?;
        self.place_tag(tag);
        Ok(())
    }

    /// Lays any virtual tag on the reader (replacing another).
    pub fn place_tag(&mut self, tag: SimTag) {
        if self.chip.tag().is_some_and(|t| t.uid() == tag.uid()) {
            return;
        }
        self.chip.place(tag);
    }

    /// Takes the tag away.
    pub fn remove(&mut self) {
        self.chip.remove();
    }

    /// The simulated chip, for injecting faults and counting transactions.
    pub fn chip(&self) -> &SimChip {
        &self.chip
    }

    /// The reader chip found when the session last started (its version).
    pub fn reader_chip(&self) -> Option<tavola_firmware::nfc::ReaderChip> {
        self.reader.chip()
    }
}

impl TagSource for SimReader {
    fn poll(&mut self, now: Millis) -> Result<Vec<TagEvent>, HwError> {
        // The chip's time is the table's, plus what the bus takes within a poll.
        self.chip.sync_ms(now);
        self.reader.poll(now)
    }
    fn reader_chip(&self) -> Option<tavola_firmware::nfc::ReaderChip> {
        self.reader.chip()
    }
    fn begin_write(&mut self, card: &tavola_firmware::nfc::CardId) -> Result<(), HwError> {
        self.reader.begin_write(card)
    }
    fn write_outcome(&mut self) -> Option<Result<String, HwError>> {
        self.reader.write_outcome()
    }
    fn poll_ms(&self) -> Option<Millis> {
        self.reader.poll_ms()
    }
    fn set_poll_ms(&mut self, ms: Millis) {
        self.reader.set_poll_ms(ms);
    }
    fn memory(&self) -> Option<tavola_firmware::nfc::Presence> {
        self.reader.memory()
    }
    fn recall(&mut self, earlier: &tavola_firmware::nfc::Presence) {
        self.reader.recall(earlier);
    }
}

/// What is wrong with raw pages, in words.
pub fn pages_problem(e: &PagesError) -> Msg {
    match e {
        PagesError::Size { bytes } => msg!("sim.pages.size", pages = bytes / 4),
        PagesError::CheckBytes => msg!("sim.pages.check_bytes"),
    }
}

/// The on-screen (or scripted) pad: raw button levels go through the same
/// debouncer as the real pad, so bounces and stuck buttons behave alike.
#[derive(Debug)]
pub struct SimPad {
    pad: fw::VotePad,
    lights: Vec<Light>,
}

impl SimPad {
    /// A pad for `seats` seats with the firmware's default timings.
    pub fn new(seats: u8) -> Self {
        let cfg = fw::PadConfig { seats, ..fw::PadConfig::default() };
        SimPad { pad: fw::VotePad::new(cfg), lights: vec![Light::Off; usize::from(seats)] }
    }

    /// A raw level change on the wire (may bounce).
    pub fn set_level(&mut self, now: Millis, seat: u8, button: PadButton, pressed: bool) {
        self.pad.set_level(now, seat, super::pad::to_fw(button), pressed);
    }

    /// Seats on the pad (its wiring, whatever the game in play).
    pub fn seats(&self) -> u8 {
        self.lights.len() as u8
    }

    /// The lights as last set.
    pub fn lights(&self) -> &[Light] {
        &self.lights
    }
}

impl VotePad for SimPad {
    fn poll(&mut self, now: Millis) -> Result<Vec<PadEvent>, HwError> {
        Ok(super::pad::events(&mut self.pad, now))
    }

    fn set_lights(&mut self, lights: &[Light]) -> Result<(), HwError> {
        // Like the real pad: one light per seat wired; seats the game does
        // not use stay off.
        for (i, light) in self.lights.iter_mut().enumerate() {
            *light = lights.get(i).copied().unwrap_or(Light::Off);
        }
        Ok(())
    }
}

/// The on-screen roll button.
#[derive(Debug, Default)]
pub struct SimDice {
    presses: u32,
}

impl SimDice {
    /// Presses the button once.
    pub fn press(&mut self) {
        self.presses += 1;
    }
}

impl DiceButton for SimDice {
    fn poll(&mut self, _now: Millis) -> Result<u32, HwError> {
        Ok(std::mem::take(&mut self.presses))
    }
}

/// An audio output that plays nothing and remembers what it was asked to
/// say and when, for tests and for machines without a speaker. It counts a
/// line as playing for a time estimated from its length, or for the length
/// given in [`RecordingAudio::clips`] (a preloaded clip).
#[derive(Debug, Default)]
pub struct RecordingAudio {
    /// Every line spoken, with its start time.
    pub spoken: Vec<(Millis, Line)>,
    /// When the speaker was told to go quiet.
    pub stops: Vec<Millis>,
    /// Lines with a clip of a known length (line id → milliseconds).
    pub clips: std::collections::HashMap<String, Millis>,
    /// Every sound cue played, with its time.
    pub sounds: Vec<(Millis, crate::narrator::Sound)>,
    /// The sound device it stands for, if any (what [`AudioOut::output`] says).
    pub output: Option<super::speaker::OutputDevice>,
    busy_until: Millis,
}

/// Estimated speaking time of a line: a calm narrator's pace.
pub fn speaking_time(line: &Line) -> Millis {
    60 * line.text.chars().count() as Millis + 400
}

impl AudioOut for RecordingAudio {
    fn speak(&mut self, line: &Line, now: Millis) -> Result<(), HwError> {
        self.busy_until = now + self.length(line).unwrap_or_else(|| speaking_time(line));
        self.spoken.push((now, line.clone()));
        Ok(())
    }

    fn busy(&self, now: Millis) -> bool {
        now < self.busy_until
    }

    fn stop(&mut self, now: Millis) {
        self.busy_until = self.busy_until.min(now);
        self.stops.push(now);
    }

    fn length(&self, line: &Line) -> Option<Millis> {
        self.clips.get(&line.id).copied()
    }

    fn sound(&mut self, sound: crate::narrator::Sound, now: Millis) -> Result<(), HwError> {
        self.sounds.push((now, sound));
        Ok(())
    }

    fn output(&self) -> Option<super::speaker::OutputDevice> {
        self.output.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Lang;

    fn pages_of(tag: &SimTag) -> Vec<String> {
        tag.memory().chunks(4).map(|p| p.iter().map(|b| format!("{b:02X}")).collect::<Vec<_>>().join(" ")).collect()
    }

    #[test]
    fn raw_pages_lay_the_tag_they_describe_and_bad_ones_change_nothing() {
        let mut reader = SimReader::new();
        let written = SimTag::ntag215([4, 9, 8, 7, 6, 5, 4]).with_card("avalon/role/merlin");
        reader.place_pages(&pages_of(&written)).unwrap();
        let events: Vec<TagEvent> = (0..4).flat_map(|i| reader.poll(i * 50).unwrap()).collect();
        assert_eq!(
            events,
            [TagEvent::Arrived { uid: "04090807060504".into(), card: Some("avalon/role/merlin".into()) }]
        );
        // A blank NTAG213 as NXP ships it: a tag without a card.
        let mut reader = SimReader::new();
        reader.place_pages(&pages_of(&SimTag::ntag213([4, 1, 1, 1, 1, 1, 1]))).unwrap();
        let events: Vec<TagEvent> = (0..4).flat_map(|i| reader.poll(i * 50).unwrap()).collect();
        assert_eq!(events, [TagEvent::Arrived { uid: "04010101010101".into(), card: None }]);

        // Bad pages: said in both languages, the reader's field as it was.
        let before = reader.chip().tag();
        let mut wrong = pages_of(&written);
        wrong[7] = "12 34 5".into();
        let m = reader.place_pages(&wrong).unwrap_err();
        assert!(Lang::En.text(&m).contains("pages[7]") && Lang::It.text(&m).contains("esadecimale"), "{m:?}");
        let m = reader.place_pages(&pages_of(&written)[..40]).unwrap_err();
        assert_eq!(Lang::En.text(&m), "Pages given: 40; an NTAG213, 215 or 216 has 45, 135 or 231.");
        let mut wrong = pages_of(&written);
        wrong[0] = "04 09 08 00".into();
        let m = reader.place_pages(&wrong).unwrap_err();
        assert!(Lang::It.text(&m).contains("byte di controllo"), "{m:?}");
        assert_eq!(reader.chip().tag(), before);
    }
}
