//! Where the narration is heard: the owner's choice of sound device (the
//! `speaker` setting, or Settings → Hardware), the devices this machine has,
//! and how a device's ALSA names tell what kind of output it is.
//!
//! The names are the ones cpal reports on Linux: each PCM of ALSA's hint
//! list (`sysdefault:CARD=Headphones`, `hdmi:CARD=vc4hdmi0,DEV=0`,
//! `plughw:CARD=Audio,DEV=0`…) with its description, whose first line is
//! "card name, device name" (`bcm2835 Headphones, bcm2835 Headphones`). They
//! are grouped here into one [`OutputDevice`] a sound card, its kind read from
//! those names by [`kind_of`], the one place that knows them. Listing and
//! opening the devices is the narrator's (`tavola_narrator::outputs`), so
//! that all of this is tested on lists written by hand.

use super::HwError;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use tavola_words::{msg, Msg};

/// What kind of output a sound device is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SpeakerKind {
    /// A USB speaker or sound card (snd-usb-audio: "USB Audio").
    Usb,
    /// An I2S amplifier on the header (the MAX98357A, `dtoverlay=max98357a`;
    /// or one set up as a HiFiBerry DAC).
    I2s,
    /// The Pi 4's 3.5 mm jack ("bcm2835 Headphones"; the Pi 5 has none).
    Jack,
    /// The Pi's HDMI outputs (vc4hdmi0, vc4hdmi1).
    Hdmi,
    /// Any other card (a desktop's own): listed and choosable by name, never
    /// taken by "auto" before ALSA's default.
    Other,
    /// ALSA's default device (`default`: whatever the system sends sound to).
    Default,
}

impl SpeakerKind {
    /// The kinds a choice may name in the settings (`speaker = "usb"`).
    pub const CHOOSABLE: [SpeakerKind; 4] = [SpeakerKind::Usb, SpeakerKind::I2s, SpeakerKind::Jack, SpeakerKind::Hdmi];

    /// What "auto" tries, in order. A USB speaker or the I2S amplifier is
    /// there only because the owner fitted it for the box, so it comes
    /// first (USB first: it is plugged in on purpose, while an amplifier's
    /// overlay may be left in config.txt when the amplifier is taken out).
    /// The jack exists on every Pi 4 whether or not a speaker is plugged in
    /// (nothing tells), so it comes after them. HDMI exists whenever a screen
    /// is plugged in, and most touchscreens have no loudspeaker, so it comes
    /// after the jack. ALSA's default (whatever the system routes to, a
    /// desktop's sound server) is the last resort before any other card.
    pub const AUTO_ORDER: [SpeakerKind; 6] = [
        SpeakerKind::Usb,
        SpeakerKind::I2s,
        SpeakerKind::Jack,
        SpeakerKind::Hdmi,
        SpeakerKind::Default,
        SpeakerKind::Other,
    ];

    /// The word of the settings file (`usb`, `i2s`, `jack`, `hdmi`), also
    /// `other` and `default`: stable, never translated.
    pub fn code(self) -> &'static str {
        match self {
            SpeakerKind::Usb => "usb",
            SpeakerKind::I2s => "i2s",
            SpeakerKind::Jack => "jack",
            SpeakerKind::Hdmi => "hdmi",
            SpeakerKind::Other => "other",
            SpeakerKind::Default => "default",
        }
    }

    /// Its name for people.
    pub fn said(self) -> Msg {
        match self {
            SpeakerKind::Usb => msg!("hw.speaker.kind.usb"),
            SpeakerKind::I2s => msg!("hw.speaker.kind.i2s"),
            SpeakerKind::Jack => msg!("hw.speaker.kind.jack"),
            SpeakerKind::Hdmi => msg!("hw.speaker.kind.hdmi"),
            SpeakerKind::Other => msg!("hw.speaker.kind.other"),
            SpeakerKind::Default => msg!("hw.speaker.kind.default"),
        }
    }
}

/// Which device the owner wants the sound on.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum SpeakerChoice {
    /// The best one found ([`SpeakerKind::AUTO_ORDER`]).
    #[default]
    Auto,
    /// The first device of this kind that opens.
    Kind(SpeakerKind),
    /// One device by its name: an ALSA PCM name (`plughw:CARD=Audio,DEV=0`,
    /// `default`), a card's id (`vc4hdmi1`) or its name (`bcm2835 Headphones`).
    Device(String),
}

impl SpeakerChoice {
    /// Reads the settings' value: `auto`, `usb`, `i2s`, `jack`, `hdmi`, or a
    /// device's name. An empty value or one with control characters is
    /// refused.
    pub fn parse(value: &str) -> Option<SpeakerChoice> {
        let v = value.trim();
        if v.is_empty() || v.chars().any(char::is_control) {
            return None;
        }
        if v.eq_ignore_ascii_case("auto") {
            return Some(SpeakerChoice::Auto);
        }
        let kind = SpeakerKind::CHOOSABLE.into_iter().find(|k| v.eq_ignore_ascii_case(k.code()));
        Some(kind.map_or_else(|| SpeakerChoice::Device(v.to_string()), SpeakerChoice::Kind))
    }

    /// The settings' value for this choice ([`SpeakerChoice::parse`] reads it back).
    pub fn setting(&self) -> String {
        match self {
            SpeakerChoice::Auto => "auto".into(),
            SpeakerChoice::Kind(k) => k.code().into(),
            SpeakerChoice::Device(name) => name.clone(),
        }
    }

    /// Its name for people: the kind's ("USB"), or the device's name as given.
    pub fn said(&self) -> tavola_words::Arg {
        match self {
            SpeakerChoice::Auto => msg!("ui.speaker.auto").into(),
            SpeakerChoice::Kind(k) => k.said().into(),
            SpeakerChoice::Device(name) => name.as_str().into(),
        }
    }

    /// The choice that names `device` among the devices `found`: its kind
    /// when it is the only one of its kind ("usb": another USB speaker
    /// plugged in later is taken as well), else its card's id (the second
    /// HDMI port: "vc4hdmi1").
    pub fn for_device(device: &OutputDevice, found: &[OutputDevice]) -> SpeakerChoice {
        let alone = found.iter().filter(|d| d.kind == device.kind).count() <= 1;
        if alone && SpeakerKind::CHOOSABLE.contains(&device.kind) {
            SpeakerChoice::Kind(device.kind)
        } else {
            SpeakerChoice::Device(device.card.clone().unwrap_or_else(|| device.id.clone()))
        }
    }

    /// Whether `device` is one this choice names (never for "auto").
    pub fn names(&self, device: &OutputDevice) -> bool {
        match self {
            SpeakerChoice::Auto => false,
            SpeakerChoice::Kind(k) => device.kind == *k,
            SpeakerChoice::Device(name) => {
                let same = |s: &str| s.eq_ignore_ascii_case(name);
                same(&device.id)
                    || same(&device.name)
                    || device.card.as_deref().is_some_and(same)
                    // Another PCM of the same card (`hw:CARD=Audio,DEV=0` for `sysdefault:CARD=Audio`).
                    || card_of(name).zip(device.card.as_deref()).is_some_and(|(a, b)| a.eq_ignore_ascii_case(b))
            }
        }
    }
}

/// A `speaker` setting that names no kind of output and no device's name
/// form (what the settings file's error says).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a speaker: {0:?}")]
pub struct NotASpeaker(pub String);

impl TryFrom<String> for SpeakerChoice {
    type Error = NotASpeaker;
    fn try_from(value: String) -> Result<Self, NotASpeaker> {
        SpeakerChoice::parse(&value).ok_or(NotASpeaker(value))
    }
}

impl From<SpeakerChoice> for String {
    fn from(choice: SpeakerChoice) -> String {
        choice.setting()
    }
}

/// One PCM as the sound system lists it: its name and its description.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pcm {
    /// The name to open (`sysdefault:CARD=Headphones`).
    pub id: String,
    /// Its description, lines joined by `\n` ("bcm2835 Headphones, bcm2835
    /// Headphones\nDefault Audio Device").
    pub desc: String,
}

impl Pcm {
    /// A PCM named `id` described by `desc`.
    pub fn new(id: &str, desc: &str) -> Pcm {
        Pcm { id: id.into(), desc: desc.into() }
    }
}

/// A sound device the narration can play on: one sound card (or ALSA's
/// default).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OutputDevice {
    /// The PCM opened to play on it (`sysdefault:CARD=Headphones`).
    pub id: String,
    /// The card's ALSA id (`Headphones`, `vc4hdmi0`, `Audio`); `None` for
    /// ALSA's default.
    pub card: Option<String>,
    /// The card's name as ALSA gives it (`bcm2835 Headphones`, `vc4-hdmi-0`,
    /// `USB Audio`); `default` for ALSA's default.
    pub name: String,
    /// What kind of output it is.
    pub kind: SpeakerKind,
}

impl OutputDevice {
    /// The device for people: its name and its kind ("vc4-hdmi-0 (HDMI)").
    pub fn said(&self) -> Msg {
        msg!("hw.speaker.device", name = self.name.as_str(), kind = self.kind.said())
    }
}

/// The card a PCM name points at (`Audio` in `plughw:CARD=Audio,DEV=0`).
fn card_of(pcm: &str) -> Option<&str> {
    let (_, rest) = pcm.split_once(':')?;
    rest.split(',').find_map(|part| part.trim().strip_prefix("CARD="))
}

/// What kind of output a card is, from its ALSA id and its PCMs'
/// descriptions (as cpal reports them on a Pi):
/// - `vc4hdmi0`, `vc4hdmi1` ("vc4-hdmi-0, MAI PCM i2s-hifi-0"), and the old
///   firmware driver's "bcm2835 HDMI 1": HDMI;
/// - "MAX98357A" (the card `dtoverlay=max98357a` makes), a HiFiBerry DAC
///   ("snd_rpi_hifiberry_dac", the overlay some amplifier guides use) or any
///   other `snd_rpi_*` I2S card: the I2S amplifier;
/// - "USB Audio" (every snd-usb-audio PCM is named so, whatever the product:
///   a QEMU `usb-audio` device is "QEMU USB Audio, USB Audio", card id
///   `Audio`): USB;
/// - `Headphones` ("bcm2835 Headphones"), or the old "bcm2835 ALSA": the jack.
///
/// HDMI is looked at first: the vc4 HDMI card's device is called "i2s-hifi".
pub fn kind_of(card: &str, descs: &str) -> SpeakerKind {
    let text = format!("{card}\n{descs}").to_lowercase();
    let card = card.to_lowercase();
    let has = |s: &str| text.contains(s);
    if card.starts_with("vc4hdmi") || has("vc4-hdmi") || has("bcm2835 hdmi") {
        SpeakerKind::Hdmi
    } else if has("max98357") || has("hifiberry") || has("snd_rpi_") || card.starts_with("sndrpi") {
        SpeakerKind::I2s
    } else if has("usb audio") || has("usb-audio") || has("usb stream") {
        SpeakerKind::Usb
    } else if card == "headphones" || has("bcm2835 headphones") || has("bcm2835 alsa") {
        SpeakerKind::Jack
    } else {
        SpeakerKind::Other
    }
}

/// The PCM to open on a card, among those listed for it: for HDMI its
/// `hdmi:` PCM (vc4's HDMI takes IEC958 frames, which that PCM makes), else
/// the card's own default (`sysdefault:`, conversions included), else
/// `plughw:`, else whatever there is.
fn best_pcm(kind: SpeakerKind, pcms: &[&Pcm]) -> String {
    let order: &[&str] = match kind {
        SpeakerKind::Hdmi => &["hdmi", "sysdefault", "default", "plughw", "hw"],
        _ => &["sysdefault", "default", "plughw", "front", "hw"],
    };
    let prefix = |p: &Pcm| p.id.split_once(':').map_or(String::new(), |(a, _)| a.to_string());
    order
        .iter()
        .find_map(|want| pcms.iter().find(|p| prefix(p) == *want))
        .or_else(|| pcms.first())
        .map(|p| p.id.clone())
        .unwrap_or_default()
}

/// The sound cards among `pcms`, one [`OutputDevice`] a card, sorted by
/// kind in the order "auto" tries them, then by card; ALSA's default last
/// when listed. PCMs of no card (`null`, `pulse`, `pipewire`) are left out;
/// a card listed both by id and by number (`hw:CARD=0,DEV=0`, which cpal
/// adds) is listed once.
pub fn devices(pcms: &[Pcm]) -> Vec<OutputDevice> {
    let mut cards: BTreeMap<String, Vec<&Pcm>> = BTreeMap::new();
    let mut default = false;
    for p in pcms {
        match card_of(&p.id) {
            Some(card) => cards.entry(card.to_string()).or_default().push(p),
            None => default |= p.id == "default",
        }
    }
    // The card's name: the first line of a description, before ", ".
    let name_of = |pcms: &[&Pcm]| {
        pcms.iter()
            .filter_map(|p| p.desc.lines().next())
            .map(|l| l.split(", ").next().unwrap_or(l).trim().to_string())
            .find(|n| !n.is_empty())
    };
    let named: Vec<String> =
        cards.iter().filter(|(c, _)| c.parse::<u32>().is_err()).filter_map(|(_, p)| name_of(p)).collect();
    let mut out: Vec<OutputDevice> = cards
        .iter()
        .filter_map(|(card, pcms)| {
            let name = name_of(pcms).unwrap_or_else(|| card.clone());
            // A card by number that is also listed by its id.
            if card.parse::<u32>().is_ok() && named.contains(&name) {
                return None;
            }
            let descs: Vec<&str> = pcms.iter().map(|p| p.desc.as_str()).collect();
            let kind = kind_of(card, &descs.join("\n"));
            Some(OutputDevice { id: best_pcm(kind, pcms), card: Some(card.clone()), name, kind })
        })
        .collect();
    if default {
        out.push(OutputDevice { id: "default".into(), card: None, name: "default".into(), kind: SpeakerKind::Default });
    }
    let rank = |k: SpeakerKind| SpeakerKind::AUTO_ORDER.iter().position(|x| *x == k).unwrap_or(usize::MAX);
    out.sort_by(|a, b| rank(a.kind).cmp(&rank(b.kind)).then_with(|| a.card.cmp(&b.card)));
    out
}

/// Where the sound went, and what to tell the table about it.
#[derive(Debug)]
pub struct Placed<T> {
    /// The device opened and what opening it gave, if any opened.
    pub on: Option<(OutputDevice, T)>,
    /// The device chosen was not there or did not open (the one used
    /// instead named), or nothing opened at all.
    pub notice: Option<HwError>,
}

/// Why a sound device did not open. Its `Display` is in English, for logs
/// and for the list of devices that all failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OpenError {
    /// This machine has no sound card, or none that plays (a `hw.speaker.*`
    /// message).
    #[error("{}", tavola_words::Lang::En.text(.0))]
    NoCard(Msg),
    /// The device was listed and is there no more (its id).
    #[error("{0} is gone")]
    Gone(String),
    /// The sound system refused it, in its own words ("Device or resource busy").
    #[error("{0}")]
    Refused(String),
}

impl OpenError {
    /// What to put in a notice: a message of the catalogs when it is one
    /// (said in the table's language), else the words above.
    pub fn said(&self) -> tavola_words::Arg {
        match self {
            OpenError::NoCard(m) => m.clone().into(),
            other => tavola_words::Arg::Text(other.to_string()),
        }
    }
}

/// Opens the device `choice` names among `found`, or failing that the best
/// one ("auto"): the first of [`SpeakerKind::AUTO_ORDER`] that opens.
/// `open` opens one. A choice that could not be followed is said in the
/// notice, with the device used instead and why the chosen one did not open.
pub fn place<T>(
    choice: &SpeakerChoice,
    found: &[OutputDevice],
    mut open: impl FnMut(&OutputDevice) -> Result<T, OpenError>,
) -> Placed<T> {
    // The PCMs that did not open, and why.
    let mut failed: Vec<(String, OpenError)> = Vec::new();
    let mut try_open = |d: &OutputDevice, failed: &mut Vec<(String, OpenError)>| match open(d) {
        Ok(t) => Some(t),
        Err(e) => {
            failed.push((d.id.clone(), e));
            None
        }
    };
    for d in found.iter().filter(|d| choice.names(d)) {
        if let Some(t) = try_open(d, &mut failed) {
            return Placed { on: Some((d.clone(), t)), notice: None };
        }
    }
    // Not there, or it did not open: the best of the others.
    let chosen_failed = failed.first().map(|(_, e)| e.clone());
    let mut on = None;
    'auto: for kind in SpeakerKind::AUTO_ORDER {
        for d in found.iter().filter(|d| d.kind == kind && !choice.names(d)) {
            if let Some(t) = try_open(d, &mut failed) {
                on = Some((d.clone(), t));
                break 'auto;
            }
        }
    }
    let chosen = choice.said();
    let notice = match (&on, choice, chosen_failed) {
        (Some(_), SpeakerChoice::Auto, _) => None,
        (Some((d, _)), _, None) => Some(msg!("hw.speaker.absent", chosen, device = d.said())),
        (Some((d, _)), _, Some(error)) => {
            Some(msg!("hw.speaker.failed", chosen, error = error.said(), device = d.said()))
        }
        (None, SpeakerChoice::Auto, _) => {
            let why = if failed.is_empty() {
                msg!("hw.speaker.none_found").into()
            } else {
                tavola_words::Arg::Text(
                    failed.iter().map(|(id, e)| format!("{id}: {e}")).collect::<Vec<_>>().join("; "),
                )
            };
            Some(msg!("hw.audio.no_speaker", why))
        }
        (None, _, _) => Some(msg!("hw.speaker.absent_silent", chosen)),
    };
    Placed { on, notice: notice.map(|m| HwError::said("speaker", m)) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Lang;

    /// What cpal lists on a Raspberry Pi 4 (Raspberry Pi OS bookworm, KMS)
    /// with nothing plugged in: the jack and two HDMI ports, each card under
    /// several PCM names, and again by number.
    fn pi4() -> Vec<Pcm> {
        vec![
            Pcm::new("null", "Discard all samples (playback) or generate zero samples (capture)"),
            Pcm::new("default", "Default ALSA Output"),
            Pcm::new("hdmi:CARD=vc4hdmi0,DEV=0", "vc4-hdmi-0, MAI PCM i2s-hifi-0\nHDMI Audio Output"),
            Pcm::new("sysdefault:CARD=vc4hdmi0", "vc4-hdmi-0, MAI PCM i2s-hifi-0\nDefault Audio Device"),
            Pcm::new(
                "plughw:CARD=vc4hdmi0,DEV=0",
                "vc4-hdmi-0, MAI PCM i2s-hifi-0\nHardware device with all software conversions",
            ),
            Pcm::new("hdmi:CARD=vc4hdmi1,DEV=0", "vc4-hdmi-1, MAI PCM i2s-hifi-0\nHDMI Audio Output"),
            Pcm::new("sysdefault:CARD=vc4hdmi1", "vc4-hdmi-1, MAI PCM i2s-hifi-0\nDefault Audio Device"),
            Pcm::new("sysdefault:CARD=Headphones", "bcm2835 Headphones, bcm2835 Headphones\nDefault Audio Device"),
            Pcm::new(
                "dmix:CARD=Headphones,DEV=0",
                "bcm2835 Headphones, bcm2835 Headphones\nDirect sample mixing device",
            ),
            Pcm::new(
                "hw:CARD=Headphones,DEV=0",
                "bcm2835 Headphones, bcm2835 Headphones\nDirect hardware device without any conversions",
            ),
            Pcm::new(
                "plughw:CARD=Headphones,DEV=0",
                "bcm2835 Headphones, bcm2835 Headphones\nHardware device with all software conversions",
            ),
            Pcm::new(
                "hw:CARD=0,DEV=0",
                "bcm2835 Headphones, bcm2835 Headphones\nDirect hardware device without any conversions",
            ),
            Pcm::new(
                "hw:CARD=1,DEV=0",
                "vc4-hdmi-0, MAI PCM i2s-hifi-0\nDirect hardware device without any conversions",
            ),
        ]
    }

    /// A USB speaker as snd-usb-audio names it (here QEMU's `usb-audio`:
    /// card "QEMU USB Audio", id "Audio").
    fn usb(card: &str, name: &str) -> Vec<Pcm> {
        let d = |what: &str| format!("{name}, USB Audio\n{what}");
        vec![
            Pcm::new(&format!("sysdefault:CARD={card}"), &d("Default Audio Device")),
            Pcm::new(&format!("front:CARD={card},DEV=0"), &d("Front output / input")),
            Pcm::new(&format!("usbstream:CARD={card}"), &format!("{name}\nUSB Stream Output")),
            Pcm::new(&format!("hw:CARD={card},DEV=0"), &d("Direct hardware device without any conversions")),
            Pcm::new(&format!("plughw:CARD={card},DEV=0"), &d("Hardware device with all software conversions")),
        ]
    }

    /// The card `dtoverlay=max98357a` makes.
    fn max98357a() -> Vec<Pcm> {
        vec![
            Pcm::new("sysdefault:CARD=MAX98357A", "MAX98357A, bcm2835-i2s-HiFi HiFi-0\nDefault Audio Device"),
            Pcm::new(
                "plughw:CARD=MAX98357A,DEV=0",
                "MAX98357A, bcm2835-i2s-HiFi HiFi-0\nHardware device with all software conversions",
            ),
        ]
    }

    fn kinds(list: &[OutputDevice]) -> Vec<(&str, SpeakerKind)> {
        list.iter().map(|d| (d.id.as_str(), d.kind)).collect()
    }

    #[test]
    fn a_cards_names_tell_its_kind() {
        use SpeakerKind::*;
        let cases = [
            ("vc4hdmi0", "vc4-hdmi-0, MAI PCM i2s-hifi-0", Hdmi),
            ("vc4hdmi1", "vc4-hdmi-1, MAI PCM i2s-hifi-0", Hdmi),
            ("b1", "bcm2835 HDMI 1, bcm2835 HDMI 1", Hdmi),
            ("Headphones", "bcm2835 Headphones, bcm2835 Headphones", Jack),
            ("ALSA", "bcm2835 ALSA, bcm2835 ALSA", Jack),
            ("Audio", "QEMU USB Audio, USB Audio", Usb),
            ("Device", "USB PnP Sound Device, USB Audio", Usb),
            ("UACDemoV10", "UACDemoV1.0, USB Audio", Usb),
            ("MAX98357A", "MAX98357A, bcm2835-i2s-HiFi HiFi-0", I2s),
            ("sndrpihifiberry", "snd_rpi_hifiberry_dac, HifiBerry DAC HiFi pcm5102a-hifi-0", I2s),
            ("PCH", "HDA Intel PCH, ALC3246 Analog", Other),
        ];
        for (card, desc, kind) in cases {
            assert_eq!(kind_of(card, desc), kind, "{card}: {desc}");
        }
    }

    #[test]
    fn a_pi_4_lists_each_card_once_in_the_order_auto_tries_them() {
        let found = devices(&pi4());
        assert_eq!(
            kinds(&found),
            [
                ("sysdefault:CARD=Headphones", SpeakerKind::Jack),
                ("hdmi:CARD=vc4hdmi0,DEV=0", SpeakerKind::Hdmi),
                ("hdmi:CARD=vc4hdmi1,DEV=0", SpeakerKind::Hdmi),
                ("default", SpeakerKind::Default),
            ],
            "{found:#?}"
        );
        assert_eq!(found[0].name, "bcm2835 Headphones");
        assert_eq!(found[0].card.as_deref(), Some("Headphones"));
        assert_eq!(found[1].name, "vc4-hdmi-0");

        let mut more = pi4();
        more.extend(max98357a());
        more.extend(usb("Audio", "QEMU USB Audio"));
        let found = devices(&more);
        assert_eq!(found[0].kind, SpeakerKind::Usb);
        assert_eq!((found[0].id.as_str(), found[0].name.as_str()), ("sysdefault:CARD=Audio", "QEMU USB Audio"));
        assert_eq!((found[1].kind, found[1].name.as_str()), (SpeakerKind::I2s, "MAX98357A"));
        assert_eq!(found.len(), 6);
    }

    #[test]
    fn a_card_seen_only_by_number_is_still_listed() {
        // A system whose ALSA configuration gives no hints: only cpal's own
        // `hw:`/`plughw:` by card number.
        let found = devices(&[
            Pcm::new("hw:CARD=0,DEV=0", "USB Audio Device, USB Audio\nDirect hardware device without any conversions"),
            Pcm::new(
                "plughw:CARD=0,DEV=0",
                "USB Audio Device, USB Audio\nHardware device with all software conversions",
            ),
        ]);
        assert_eq!(kinds(&found), [("plughw:CARD=0,DEV=0", SpeakerKind::Usb)]);
    }

    #[test]
    fn the_settings_value_reads_back_and_names_devices() {
        for (text, choice) in [
            ("auto", SpeakerChoice::Auto),
            ("USB", SpeakerChoice::Kind(SpeakerKind::Usb)),
            (" i2s ", SpeakerChoice::Kind(SpeakerKind::I2s)),
            ("jack", SpeakerChoice::Kind(SpeakerKind::Jack)),
            ("hdmi", SpeakerChoice::Kind(SpeakerKind::Hdmi)),
            ("vc4hdmi1", SpeakerChoice::Device("vc4hdmi1".into())),
            ("plughw:CARD=Audio,DEV=0", SpeakerChoice::Device("plughw:CARD=Audio,DEV=0".into())),
        ] {
            assert_eq!(SpeakerChoice::parse(text), Some(choice.clone()), "{text}");
            assert_eq!(SpeakerChoice::parse(&choice.setting()), Some(choice.clone()));
            let json = serde_json::to_string(&choice).unwrap();
            assert_eq!(serde_json::from_str::<SpeakerChoice>(&json).unwrap(), choice, "{json}");
        }
        assert_eq!(SpeakerChoice::parse(""), None);
        assert_eq!(SpeakerChoice::parse("a\nb"), None);
        assert!(serde_json::from_str::<SpeakerChoice>("\"\"").is_err());

        let mut all = pi4();
        all.extend(usb("Audio", "QEMU USB Audio"));
        let found = devices(&all);
        let named = |choice: &str| -> Vec<&str> {
            let c = SpeakerChoice::parse(choice).unwrap();
            found.iter().filter(|d| c.names(d)).map(|d| d.id.as_str()).collect()
        };
        assert_eq!(named("vc4hdmi1"), ["hdmi:CARD=vc4hdmi1,DEV=0"], "by the card's id");
        assert_eq!(named("bcm2835 headphones"), ["sysdefault:CARD=Headphones"], "by the card's name");
        assert_eq!(named("plughw:CARD=Audio,DEV=0"), ["sysdefault:CARD=Audio"], "by another PCM of the card");
        assert_eq!(named("default"), ["default"]);
        assert_eq!(named("hdmi").len(), 2);
        assert!(named("auto").is_empty());
        assert!(named("Speaker").is_empty());

        // Picked on the screen: the kind when the device is the only one of
        // it, else the card.
        let pick = |card: &str| {
            let d = found.iter().find(|d| d.card.as_deref() == Some(card)).unwrap();
            SpeakerChoice::for_device(d, &found)
        };
        assert_eq!(pick("Audio"), SpeakerChoice::Kind(SpeakerKind::Usb));
        assert_eq!(pick("Headphones"), SpeakerChoice::Kind(SpeakerKind::Jack));
        assert_eq!(pick("vc4hdmi1"), SpeakerChoice::Device("vc4hdmi1".into()));
        let default = found.iter().find(|d| d.kind == SpeakerKind::Default).unwrap();
        assert_eq!(SpeakerChoice::for_device(default, &found), SpeakerChoice::Device("default".into()));
    }

    /// Opens everything but the PCMs in `broken`; notes what was tried.
    fn opener<'a>(
        broken: &'a [&'a str],
        tried: &'a mut Vec<String>,
    ) -> impl FnMut(&OutputDevice) -> Result<(), OpenError> + 'a {
        move |d| {
            tried.push(d.id.clone());
            if broken.contains(&d.id.as_str()) {
                Err(OpenError::Refused("Device or resource busy".into()))
            } else {
                Ok(())
            }
        }
    }

    #[test]
    fn auto_prefers_usb_then_i2s_then_the_jack_then_hdmi_then_the_default() {
        let mut all = pi4();
        all.extend(max98357a());
        all.extend(usb("Audio", "QEMU USB Audio"));
        let found = devices(&all);
        let mut tried = Vec::new();
        let placed = place(&SpeakerChoice::Auto, &found, opener(&[], &mut tried));
        assert_eq!(placed.on.unwrap().0.kind, SpeakerKind::Usb);
        assert!(placed.notice.is_none(), "auto says nothing when something plays");
        assert_eq!(tried, ["sysdefault:CARD=Audio"], "the first that opens is kept");

        let mut tried = Vec::new();
        let broken = ["sysdefault:CARD=Audio", "sysdefault:CARD=MAX98357A", "sysdefault:CARD=Headphones"];
        let placed = place(&SpeakerChoice::Auto, &found, opener(&broken, &mut tried));
        assert_eq!(placed.on.unwrap().0.id, "hdmi:CARD=vc4hdmi0,DEV=0");
        assert_eq!(tried.len(), 4, "{tried:?}");

        // A Pi 5 with nothing but HDMI (and no jack at all).
        let hdmi_only: Vec<Pcm> = pi4().into_iter().filter(|p| !p.desc.contains("Headphones")).collect();
        let placed = place(&SpeakerChoice::Auto, &devices(&hdmi_only), |_| Ok::<(), OpenError>(()));
        assert_eq!(placed.on.unwrap().0.kind, SpeakerKind::Hdmi);
        // A desktop: its own cards are not taken before ALSA's default.
        let desktop = [
            Pcm::new("default", "Playback/recording through the PulseAudio sound server"),
            Pcm::new("sysdefault:CARD=PCH", "HDA Intel PCH, ALC3246 Analog\nDefault Audio Device"),
            Pcm::new("hdmi:CARD=PCH,DEV=0", "HDA Intel PCH, HDMI 0\nHDMI Audio Output"),
        ];
        let placed = place(&SpeakerChoice::Auto, &devices(&desktop), |_| Ok::<(), OpenError>(()));
        assert_eq!(placed.on.unwrap().0.kind, SpeakerKind::Default);
    }

    #[test]
    fn a_chosen_device_that_is_absent_falls_back_to_auto_and_says_so_in_both_languages() {
        let found = devices(&pi4());
        let placed = place(&SpeakerChoice::Kind(SpeakerKind::Usb), &found, |_| Ok::<(), OpenError>(()));
        let (on, _) = placed.on.unwrap();
        assert_eq!(on.kind, SpeakerKind::Jack, "auto's best");
        let notice = placed.notice.expect("the fallback is said");
        assert_eq!(notice.part, "speaker");
        assert_eq!(
            notice.text(Lang::En),
            "The speaker chosen (USB) is not connected: the sound goes to bcm2835 Headphones (headphone jack)."
        );
        assert_eq!(
            notice.text(Lang::It),
            "L'altoparlante scelto (USB) non è collegato: l'audio passa all'uscita bcm2835 Headphones (presa cuffie)."
        );

        // Chosen and there: no word.
        let placed = place(&SpeakerChoice::Device("vc4hdmi1".into()), &found, |_| Ok::<(), OpenError>(()));
        assert_eq!(placed.on.unwrap().0.card.as_deref(), Some("vc4hdmi1"));
        assert!(placed.notice.is_none());

        // There but it does not open: why, and where the sound went.
        let mut tried = Vec::new();
        let placed =
            place(&SpeakerChoice::Kind(SpeakerKind::Jack), &found, opener(&["sysdefault:CARD=Headphones"], &mut tried));
        assert_eq!(placed.on.unwrap().0.card.as_deref(), Some("vc4hdmi0"));
        let said = placed.notice.unwrap().text(Lang::En);
        assert!(said.contains("(headphone jack) does not open (Device or resource busy)"), "{said}");
        assert!(said.ends_with("goes to vc4-hdmi-0 (HDMI)."), "{said}");
        assert_eq!(tried, ["sysdefault:CARD=Headphones", "hdmi:CARD=vc4hdmi0,DEV=0"], "the jack is not tried twice");
    }

    #[test]
    fn nothing_that_opens_is_said_with_the_choice_or_the_reasons() {
        let placed = place(&SpeakerChoice::Kind(SpeakerKind::I2s), &[], |_| Ok::<(), OpenError>(()));
        assert!(placed.on.is_none());
        let n = placed.notice.unwrap();
        assert!(
            n.text(Lang::En).starts_with("The speaker chosen (I2S amplifier) is not connected, and no other"),
            "{n}"
        );
        assert!(n.text(Lang::It).contains("amplificatore I2S"), "{n:?}");

        let placed = place(&SpeakerChoice::Auto, &[], |_| Ok::<(), OpenError>(()));
        let n = placed.notice.unwrap().text(Lang::En);
        assert!(n.starts_with("No speaker found (no sound device found)"), "{n}");
        let found = devices(&pi4());
        let placed = place(&SpeakerChoice::Auto, &found, |_| Err::<(), OpenError>(OpenError::Refused("busy".into())));
        let n = placed.notice.unwrap().text(Lang::En);
        assert!(n.contains("sysdefault:CARD=Headphones: busy; hdmi:CARD=vc4hdmi0,DEV=0: busy"), "{n}");
    }

    #[test]
    fn every_kind_has_its_name_in_every_language() {
        for kind in SpeakerKind::AUTO_ORDER {
            for lang in Lang::ALL {
                let said = lang.text(&kind.said());
                assert!(!said.is_empty() && !said.starts_with("hw."), "{kind:?} in {lang:?}: {said}");
            }
        }
    }
}
