//! Ports: what the table's hardware can do, as small traits, with simulated
//! implementations that are always compiled ([`sim`]).
//!
//! The table session never talks to hardware directly: the app loop polls
//! the ports and hands their decoded events to [`crate::table::Session`].

pub mod awaited;
pub mod dice;
pub mod nfc;
pub mod pad;
pub mod pinmap;
pub mod sim;
pub mod speaker;
pub mod spi;
pub mod wake;
pub mod watchdog;

use crate::games::Lang;
use crate::narrator::Line;
use serde::{Deserialize, Serialize};
use tavola_firmware::nfc::{CardId, Presence, ReaderChip};
use tavola_words::{msg, Msg};

/// Milliseconds on the table's clock.
pub type Millis = u64;

/// A source of time. The real one reads the monotonic clock; tests and the
/// headless driver use [`sim::MockClock`].
pub trait Clock {
    /// Milliseconds since an arbitrary start.
    fn now_ms(&self) -> Millis;
}

/// A tag arriving on or leaving the reader, as the reader session reports it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "tag", rename_all = "snake_case")]
pub enum TagEvent {
    /// A tag was placed on the reader (one event per placement).
    Arrived {
        /// The tag's UID, upper-case hex.
        uid: String,
        /// The card id written on the tag, if it carries one.
        #[serde(default)]
        card: Option<String>,
    },
    /// The tag was taken away.
    Left {
        /// The tag's UID.
        uid: String,
    },
    /// A tag answers but could not be read (held at the edge of the field,
    /// damaged, half written). Nothing is taken from it.
    Unreadable {
        /// The tag's UID.
        uid: String,
        /// Why, in a few words.
        reason: String,
    },
}

/// A button on the secret pad.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PadButton {
    /// Approve / Success.
    Approve,
    /// Reject / Fail.
    Reject,
}

/// A debounced happening on the pad.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "pad", rename_all = "snake_case")]
pub enum PadEvent {
    /// A seat gave one clear answer.
    Vote {
        /// Seat (0-based).
        seat: u8,
        /// The button.
        button: PadButton,
    },
    /// Both buttons of a seat were pressed together: no answer.
    BothPressed {
        /// Seat.
        seat: u8,
    },
    /// A button has been held too long and is ignored until released.
    Stuck {
        /// Seat.
        seat: u8,
        /// The button.
        button: PadButton,
    },
    /// A stuck button was released.
    Unstuck {
        /// Seat.
        seat: u8,
        /// The button.
        button: PadButton,
    },
}

/// What a seat's light shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Light {
    /// Nothing asked of this seat.
    #[default]
    Off,
    /// An answer is awaited from this seat.
    Waiting,
    /// This seat has answered (the same light whatever the answer).
    Done,
}

/// Why a piece of hardware is not available, with the fix in the message.
///
/// Its words are a catalog message (`hw.*`, `notice.*`): [`HwError::said`]
/// makes one, [`HwError::text`] says it in a language.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[error("{part}: {}", self.text(Lang::En))]
pub struct HwError {
    /// Which part: `reader`, `pad`, `dice`, `audio`.
    pub part: String,
    /// What is wrong and how to fix it, as a message of the catalogs,
    /// said in whatever language the table speaks when it is shown.
    pub msg: Msg,
}

impl HwError {
    /// A problem with `part`, said by a message of the catalogs.
    pub fn said(part: &str, msg: Msg) -> Self {
        HwError { part: part.into(), msg }
    }

    /// The message in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        lang.text(&self.msg)
    }
}

/// The NFC reader.
pub trait TagSource {
    /// Polls the reader; returns what happened since the last poll.
    fn poll(&mut self, now: Millis) -> Result<Vec<TagEvent>, HwError>;

    /// The reader chip found when the session last started (its version),
    /// when the source knows it.
    fn reader_chip(&self) -> Option<ReaderChip> {
        None
    }

    /// Starts writing `card` on the tag lying on the reader, to be read
    /// back and checked (`tavola tags write` on the screen). The outcome
    /// comes from [`TagSource::write_outcome`]: at once from a reader polled
    /// on this thread, a few polls later from one on a thread of its own.
    /// A source that cannot write says so here.
    fn begin_write(&mut self, _card: &CardId) -> Result<(), HwError> {
        Err(HwError::said("reader", msg!("hw.reader.cannot_write")))
    }

    /// The outcome of the write begun last, once known: the tag's UID, or
    /// why nothing (or not all) was written.
    fn write_outcome(&mut self) -> Option<Result<String, HwError>> {
        None
    }

    /// How often the reader looks for a tag, in ms, when it has a period.
    fn poll_ms(&self) -> Option<Millis> {
        None
    }

    /// Sets how often the reader looks for a tag (from the next poll on).
    fn set_poll_ms(&mut self, _ms: Millis) {}

    /// Something worth knowing about a reader that works (its reset line not in use).
    fn note(&self) -> Option<HwError> {
        None
    }

    /// What the reader knows of the tags lying on it (the reader session's presence: the card
    /// on it, whether it was announced, those that left lately), for a reader started in its
    /// place on the same antenna (a thread the watchdog replaced, see [`nfc::ThreadedReader`]).
    /// `None` from a source that keeps no such thing.
    fn memory(&self) -> Option<Presence> {
        None
    }

    /// Goes on from what the reader it takes the place of knew ([`TagSource::memory`]): a
    /// card that lay on the reader all along is not announced again, and one that is gone
    /// leaves when its absence is seen.
    fn recall(&mut self, _earlier: &Presence) {}

    /// Whether the real part has just taken over from its on-screen
    /// substitute (a part that did not open at start, see [`awaited`]);
    /// true once per take-over.
    fn took_over(&mut self) -> bool {
        false
    }

    /// Whether the cards on the screen serve in the real reader's place now: it is not there
    /// yet, or it is down (see [`awaited`]). False for a reader with no stand-in.
    fn screen_serves(&self) -> bool {
        false
    }

    /// Why the real reader is down, while the cards on the screen stand in for it.
    fn down(&self) -> Option<HwError> {
        None
    }
}

/// The secret vote pad.
pub trait VotePad {
    /// Debounced events since the last poll.
    fn poll(&mut self, now: Millis) -> Result<Vec<PadEvent>, HwError>;
    /// Sets every seat's light.
    fn set_lights(&mut self, lights: &[Light]) -> Result<(), HwError>;

    /// Whether the real part has just taken over from its on-screen
    /// substitute (a part that did not open at start, see [`awaited`]);
    /// true once per take-over.
    fn took_over(&mut self) -> bool {
        false
    }
}

/// The roll button.
pub trait DiceButton {
    /// Number of presses since the last poll.
    fn poll(&mut self, now: Millis) -> Result<u32, HwError>;

    /// Whether the real part has just taken over from its on-screen
    /// substitute (a part that did not open at start, see [`awaited`]);
    /// true once per take-over.
    fn took_over(&mut self) -> bool {
        false
    }
}

/// The speaker.
pub trait AudioOut {
    /// Starts speaking a line (returns at once).
    fn speak(&mut self, line: &Line, now: Millis) -> Result<(), HwError>;
    /// True while a line is still being spoken.
    fn busy(&self, now: Millis) -> bool;
    /// Sets the volume, 0 to 100.
    fn set_volume(&mut self, _percent: u8) {}
    /// Cuts what is playing and drops what waits (the host skipped or
    /// repeated a line).
    fn stop(&mut self, _now: Millis) {}
    /// How long `line` plays, when the speaker knows it exactly (a
    /// preloaded clip); `None` when it is synthesised or unknown.
    fn length(&self, _line: &Line) -> Option<Millis> {
        None
    }
    /// Plays a short sound cue (a chime, a drum) before whatever is said
    /// next; a speaker that has none stays quiet.
    fn sound(&mut self, _sound: crate::narrator::Sound, _now: Millis) -> Result<(), HwError> {
        Ok(())
    }
    /// The sound devices found at the last look ([`AudioOut::look_for_outputs`]), for the
    /// owner to choose from (none when this speaker has no choice to offer, or before a look
    /// has ended).
    fn outputs(&self) -> Vec<speaker::OutputDevice> {
        Vec::new()
    }
    /// Looks for the sound devices again (a speaker plugged in since), on a thread of its
    /// own: listing them may take seconds. Returns at once; what is found comes to
    /// [`AudioOut::outputs`].
    fn look_for_outputs(&mut self) {}
    /// Plays on the device `choice` names from now on (what is playing is cut), or on the
    /// best one when it is not there. Returns at once: the device is opened on a thread of
    /// its own, and the outcome comes from [`AudioOut::switched`].
    fn choose_output(&mut self, _choice: &speaker::SpeakerChoice) {}
    /// The outcome of the last choice, once its device is open and the sound goes there:
    /// `Some(notice)`, the notice saying the choice could not be had, with the device used
    /// instead (`Some(None)`: the device chosen plays). `None` until it is known.
    fn switched(&mut self) -> Option<Option<HwError>> {
        None
    }
    /// The device the sound goes to now, when known (`None`: silent, or
    /// this speaker cannot tell).
    fn output(&self) -> Option<speaker::OutputDevice> {
        None
    }
}

/// A part shared between the table loop and the screen (the on-screen pad
/// and card picker): the loop polls it, the screen presses its buttons.
pub type Shared<T> = std::rc::Rc<std::cell::RefCell<T>>;

impl<T: TagSource + ?Sized> TagSource for Box<T> {
    fn poll(&mut self, now: Millis) -> Result<Vec<TagEvent>, HwError> {
        (**self).poll(now)
    }
    fn reader_chip(&self) -> Option<ReaderChip> {
        (**self).reader_chip()
    }
    fn begin_write(&mut self, card: &CardId) -> Result<(), HwError> {
        (**self).begin_write(card)
    }
    fn write_outcome(&mut self) -> Option<Result<String, HwError>> {
        (**self).write_outcome()
    }
    fn poll_ms(&self) -> Option<Millis> {
        (**self).poll_ms()
    }
    fn set_poll_ms(&mut self, ms: Millis) {
        (**self).set_poll_ms(ms);
    }
    fn note(&self) -> Option<HwError> {
        (**self).note()
    }
    fn memory(&self) -> Option<Presence> {
        (**self).memory()
    }
    fn recall(&mut self, earlier: &Presence) {
        (**self).recall(earlier);
    }
    fn took_over(&mut self) -> bool {
        (**self).took_over()
    }
    fn screen_serves(&self) -> bool {
        (**self).screen_serves()
    }
    fn down(&self) -> Option<HwError> {
        (**self).down()
    }
}

impl<T: VotePad + ?Sized> VotePad for Box<T> {
    fn poll(&mut self, now: Millis) -> Result<Vec<PadEvent>, HwError> {
        (**self).poll(now)
    }
    fn set_lights(&mut self, lights: &[Light]) -> Result<(), HwError> {
        (**self).set_lights(lights)
    }
    fn took_over(&mut self) -> bool {
        (**self).took_over()
    }
}

impl<T: DiceButton + ?Sized> DiceButton for Box<T> {
    fn poll(&mut self, now: Millis) -> Result<u32, HwError> {
        (**self).poll(now)
    }
    fn took_over(&mut self) -> bool {
        (**self).took_over()
    }
}

impl<T: TagSource> TagSource for Shared<T> {
    fn poll(&mut self, now: Millis) -> Result<Vec<TagEvent>, HwError> {
        self.borrow_mut().poll(now)
    }
    fn reader_chip(&self) -> Option<ReaderChip> {
        self.borrow().reader_chip()
    }
    fn begin_write(&mut self, card: &CardId) -> Result<(), HwError> {
        self.borrow_mut().begin_write(card)
    }
    fn write_outcome(&mut self) -> Option<Result<String, HwError>> {
        self.borrow_mut().write_outcome()
    }
    fn poll_ms(&self) -> Option<Millis> {
        self.borrow().poll_ms()
    }
    fn set_poll_ms(&mut self, ms: Millis) {
        self.borrow_mut().set_poll_ms(ms);
    }
    fn note(&self) -> Option<HwError> {
        self.borrow().note()
    }
    fn memory(&self) -> Option<Presence> {
        self.borrow().memory()
    }
    fn recall(&mut self, earlier: &Presence) {
        self.borrow_mut().recall(earlier);
    }
    fn took_over(&mut self) -> bool {
        self.borrow_mut().took_over()
    }
    fn screen_serves(&self) -> bool {
        self.borrow().screen_serves()
    }
    fn down(&self) -> Option<HwError> {
        self.borrow().down()
    }
}

impl<T: VotePad> VotePad for Shared<T> {
    fn poll(&mut self, now: Millis) -> Result<Vec<PadEvent>, HwError> {
        self.borrow_mut().poll(now)
    }
    fn set_lights(&mut self, lights: &[Light]) -> Result<(), HwError> {
        self.borrow_mut().set_lights(lights)
    }
    fn took_over(&mut self) -> bool {
        self.borrow_mut().took_over()
    }
}

impl<T: DiceButton> DiceButton for Shared<T> {
    fn poll(&mut self, now: Millis) -> Result<u32, HwError> {
        self.borrow_mut().poll(now)
    }
    fn took_over(&mut self) -> bool {
        self.borrow_mut().took_over()
    }
}

impl<T: AudioOut> AudioOut for Shared<T> {
    fn speak(&mut self, line: &Line, now: Millis) -> Result<(), HwError> {
        self.borrow_mut().speak(line, now)
    }
    fn busy(&self, now: Millis) -> bool {
        self.borrow().busy(now)
    }
    fn set_volume(&mut self, percent: u8) {
        self.borrow_mut().set_volume(percent)
    }
    fn stop(&mut self, now: Millis) {
        self.borrow_mut().stop(now)
    }
    fn length(&self, line: &Line) -> Option<Millis> {
        self.borrow().length(line)
    }
    fn sound(&mut self, sound: crate::narrator::Sound, now: Millis) -> Result<(), HwError> {
        self.borrow_mut().sound(sound, now)
    }
    fn outputs(&self) -> Vec<speaker::OutputDevice> {
        self.borrow().outputs()
    }
    fn look_for_outputs(&mut self) {
        self.borrow_mut().look_for_outputs()
    }
    fn choose_output(&mut self, choice: &speaker::SpeakerChoice) {
        self.borrow_mut().choose_output(choice)
    }
    fn switched(&mut self) -> Option<Option<HwError>> {
        self.borrow_mut().switched()
    }
    fn output(&self) -> Option<speaker::OutputDevice> {
        self.borrow().output()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A counted message, and its words in Italian and English at 0, 1 and 2.
    type Counted = (fn(i64) -> Msg, [(&'static str, &'static str); 3]);

    /// Every counted message of the hardware, the journal and the commands,
    /// at 0, 1 and 2, in both languages.
    #[test]
    fn counted_messages_agree_with_their_number() {
        let said = |m: Msg| (Lang::It.text(&m), Lang::En.text(&m));
        let cases: [Counted; 7] = [
            (
                |n| msg!("hw.tag.too_large", count = n, capacity = 144),
                [
                    (
                        "La carta non ci sta: servono 0 byte, il tag ne tiene 144. Usa un NTAG213 o più grande.",
                        "The card does not fit: it needs 0 bytes, the tag holds 144. Use an NTAG213 or larger.",
                    ),
                    (
                        "La carta non ci sta: serve un byte, il tag ne tiene 144. Usa un NTAG213 o più grande.",
                        "The card does not fit: it needs one byte, the tag holds 144. Use an NTAG213 or larger.",
                    ),
                    (
                        "La carta non ci sta: servono 2 byte, il tag ne tiene 144. Usa un NTAG213 o più grande.",
                        "The card does not fit: it needs 2 bytes, the tag holds 144. Use an NTAG213 or larger.",
                    ),
                ],
            ),
            (
                |n| msg!("journal.damage.too_short", count = n),
                [
                    ("Il file del database è lungo solo 0 byte.", "The database file is only 0 bytes long."),
                    ("Il file del database è lungo un solo byte.", "The database file is only one byte long."),
                    ("Il file del database è lungo solo 2 byte.", "The database file is only 2 bytes long."),
                ],
            ),
            (
                |n| msg!("cli.tags.no_tag", count = n),
                [
                    (
                        "Nessun tag è stato appoggiato sul lettore entro 0 secondi.",
                        "No tag was laid on the reader within 0 seconds.",
                    ),
                    (
                        "Nessun tag è stato appoggiato sul lettore entro un secondo.",
                        "No tag was laid on the reader within one second.",
                    ),
                    (
                        "Nessun tag è stato appoggiato sul lettore entro 2 secondi.",
                        "No tag was laid on the reader within 2 seconds.",
                    ),
                ],
            ),
            (
                |n| msg!("cli.selftest.failed", count = n, total = 9),
                [
                    ("0 controlli su 9 sono falliti.", "0 checks of 9 failed."),
                    ("Un controllo su 9 è fallito.", "One check of 9 failed."),
                    ("2 controlli su 9 sono falliti.", "2 checks of 9 failed."),
                ],
            ),
            (
                |n| msg!("notice.journal.resumed", game = 8, count = n),
                [
                    ("Partita 8 ripresa da dove era rimasta (0 eventi).", "Game 8 taken up where it was left (0 events)."),
                    ("Partita 8 ripresa da dove era rimasta (un evento).", "Game 8 taken up where it was left (one event)."),
                    ("Partita 8 ripresa da dove era rimasta (2 eventi).", "Game 8 taken up where it was left (2 events)."),
                ],
            ),
            (
                |n| msg!("selftest.dice.fair", count = n, faces = "1 0 0 0 0 1", chi_square = "3.0", limit = "15.1"),
                [
                    (
                        "0 lanci di un d6 (1 0 0 0 0 1): chi quadro 3.0, sotto 15.1.",
                        "0 rolls of a d6 (1 0 0 0 0 1): chi-square 3.0, below 15.1.",
                    ),
                    (
                        "un lancio di un d6 (1 0 0 0 0 1): chi quadro 3.0, sotto 15.1.",
                        "one roll of a d6 (1 0 0 0 0 1): chi-square 3.0, below 15.1.",
                    ),
                    (
                        "2 lanci di un d6 (1 0 0 0 0 1): chi quadro 3.0, sotto 15.1.",
                        "2 rolls of a d6 (1 0 0 0 0 1): chi-square 3.0, below 15.1.",
                    ),
                ],
            ),
            (
                |n| msg!("selftest.dice.biased", count = n, faces = "2 0 0 0 0 0", chi_square = "10.0", limit = "15.1"),
                [
                    (
                        "0 lanci di un d6 (2 0 0 0 0 0): chi quadro 10.0, sopra 15.1. Un dado giusto ci arriva una volta \
                         su cento: ripeti la prova; se fallisce di nuovo, il generatore casuale è guasto.",
                        "0 rolls of a d6 (2 0 0 0 0 0): chi-square 10.0, above 15.1. A fair die gets there one time in \
                         a hundred: run the test again; if it fails again, the random source is broken.",
                    ),
                    (
                        "un lancio di un d6 (2 0 0 0 0 0): chi quadro 10.0, sopra 15.1. Un dado giusto ci arriva una \
                         volta su cento: ripeti la prova; se fallisce di nuovo, il generatore casuale è guasto.",
                        "one roll of a d6 (2 0 0 0 0 0): chi-square 10.0, above 15.1. A fair die gets there one time \
                         in a hundred: run the test again; if it fails again, the random source is broken.",
                    ),
                    (
                        "2 lanci di un d6 (2 0 0 0 0 0): chi quadro 10.0, sopra 15.1. Un dado giusto ci arriva una \
                         volta su cento: ripeti la prova; se fallisce di nuovo, il generatore casuale è guasto.",
                        "2 rolls of a d6 (2 0 0 0 0 0): chi-square 10.0, above 15.1. A fair die gets there one time in \
                         a hundred: run the test again; if it fails again, the random source is broken.",
                    ),
                ],
            ),
        ];
        for (make, expected) in cases {
            for (n, (it, en)) in (0..).zip(expected) {
                assert_eq!(said(make(n)), (it.to_string(), en.to_string()), "{}", make(n).id);
            }
        }
    }

    /// A hardware problem keeps its message, and says it in each language.
    #[test]
    fn a_hardware_problem_is_said_in_the_language_asked() {
        let e = HwError::said("reader", msg!("hw.tag.none"));
        assert_eq!(e.text(Lang::It), "Nessun tag sul lettore: appoggialo al centro e riprova.");
        assert_eq!(e.text(Lang::En), "No tag on the reader: lay it in the middle and try again.");
        assert_eq!(
            (e.text(Lang::It).as_str(), e.text(Lang::En).as_str()),
            (e.text(Lang::It).as_str(), e.text(Lang::En).as_str())
        );
    }
}
