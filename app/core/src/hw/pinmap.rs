//! `hardware/pinmap.toml`: which pins and buses the table uses, read at
//! start-up and checked, with errors that name the line.

use serde::Deserialize;
use std::collections::BTreeMap;
use std::ops::Range;
use tavola_words::{msg, Msg, Said};
use toml::Spanned;

/// The pin map shipped in the repository (the standard wiring).
pub const DEFAULT_PINMAP: &str = include_str!("../../../../hardware/pinmap.toml");

/// Highest BCM GPIO number on the Pi's 40-pin header.
pub const MAX_GPIO: u8 = 27;
/// GPIOs no part may take whatever the map says: the HAT identification EEPROM's I2C (ID_SD,
/// ID_SC: the firmware reads it at boot) and I2C1, the expanders' bus.
const FIXED_PINS: [(u8, &str); 4] =
    [(0, "the HAT EEPROM (ID_SD)"), (1, "the HAT EEPROM (ID_SC)"), (2, "I2C1 SDA"), (3, "I2C1 SCL")];

/// The pins of SPI0, the bus the installer switches on (`dtparam=spi=on`): MISO, MOSI and
/// SCLK, then the two chip selects. The Pi has other SPI buses (SPI1, and SPI3 to SPI6 on a
/// Pi 4), but each needs an overlay of its own that nothing here turns on: a reader on one
/// of them would never answer.
const SPI0_DATA: [(u8, &str); 3] = [(9, "SPI0 MISO"), (10, "SPI0 MOSI"), (11, "SPI0 SCLK")];
const SPI0_CHIP_SELECTS: [(u8, &str); 2] = [(8, "SPI0 CE0"), (7, "SPI0 CE1")];

/// The pins of the MAX98357A I2S amplifier as `hardware/README.md` wires it, with their
/// lines: the I2S clock, frame and data (the PCM function the overlay gives GPIO18, 19 and
/// 21) and SD_MODE, which the overlay drives on GPIO4.
pub const AMPLIFIER_PINS: [(u8, &str); 4] = [(18, "BCLK"), (19, "LRC"), (21, "DIN"), (4, "SD_MODE")];

/// The parts fitted beside the pin map's own, which take pins of their own.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Fitted {
    /// The I2S amplifier (the `speaker` setting is `"i2s"`): its pins
    /// ([`AMPLIFIER_PINS`]) are the overlay's.
    pub amplifier: bool,
}

impl Fitted {
    /// What the settings say is fitted: the amplifier when `speaker = "i2s"`.
    pub fn from_settings(settings: &crate::settings::Settings) -> Fitted {
        use super::speaker::{SpeakerChoice, SpeakerKind};
        Fitted { amplifier: settings.speaker == Some(SpeakerChoice::Kind(SpeakerKind::I2s)) }
    }

    /// What the settings file in its default place says ([`crate::settings::default_path`]);
    /// nothing fitted when there is none or it cannot be read (start-up names a wrong file).
    pub fn as_set() -> Fitted {
        crate::settings::default_path()
            .and_then(|path| crate::settings::load(&path).ok())
            .map(|s| Fitted::from_settings(&s))
            .unwrap_or_default()
    }
}

/// The reader's connection.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReaderPins {
    /// SPI bus (0 on the header).
    pub spi_bus: u8,
    /// Chip select (0 = CE0, 1 = CE1).
    pub chip_select: u8,
    /// Reset GPIO.
    pub reset_pin: Option<u8>,
    /// Poll period in milliseconds.
    pub poll_ms: u32,
}

/// One seat wired straight to GPIOs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GpioSeatPins {
    /// Approve button GPIO.
    pub approve: u8,
    /// Reject button GPIO.
    pub reject: u8,
    /// Light GPIO.
    pub light: Option<u8>,
}

/// How the pad is wired.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PadWiring {
    /// MCP23017 expanders in the standard wiring (five seats each).
    Mcp23017 {
        /// I2C bus.
        i2c_bus: u8,
        /// Expander addresses.
        addresses: Vec<u8>,
        /// Interrupt GPIO (INTA/INTB mirrored, open drain).
        interrupt_pin: Option<u8>,
    },
    /// One GPIO per button and light.
    Gpio {
        /// Seat by seat.
        seats: Vec<GpioSeatPins>,
    },
}

/// The pad.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PadPins {
    /// Seats at the table.
    pub seats: u8,
    /// The wiring.
    pub wiring: PadWiring,
}

/// The whole map.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PinMap {
    /// The reader.
    pub reader: ReaderPins,
    /// The pad.
    pub pad: PadPins,
    /// The roll button GPIO.
    pub dice_button: Option<u8>,
}

/// A pin map that cannot work, with the line (1-based) it was found on.
/// Its `Display` is its message in English, for logs.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.text(tavola_words::Lang::En))]
pub struct PinMapError {
    /// Line in the file, when known.
    pub line: Option<usize>,
    /// What is wrong (a `hw.pinmap.*` message).
    pub message: Msg,
}

impl Said for PinMapError {
    fn msg(&self) -> Msg {
        let problem = self.message.clone();
        match self.line {
            Some(line) => msg!("hw.pinmap.at_line", line, problem),
            None => msg!("hw.pinmap.at", problem),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawReader {
    spi_bus: Spanned<u8>,
    chip_select: Spanned<u8>,
    reset_pin: Option<Spanned<u8>>,
    /// Read and left alone: Tavola polls the reader, its IRQ line is not used, and its GPIO
    /// stays free for another part (an older map that names it still reads).
    #[serde(default, rename = "irq_pin")]
    _irq_pin: Option<toml::Value>,
    #[serde(default = "default_poll")]
    poll_ms: Spanned<u32>,
}

fn default_poll() -> Spanned<u32> {
    Spanned::new(0..0, 50)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSeat {
    approve: Option<Spanned<u8>>,
    reject: Option<Spanned<u8>>,
    light: Option<Spanned<u8>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPad {
    seats: Spanned<u8>,
    kind: Spanned<String>,
    i2c_bus: Option<Spanned<u8>>,
    addresses: Option<Vec<Spanned<u8>>>,
    interrupt_pin: Option<Spanned<u8>>,
    #[serde(default)]
    seat: Vec<Spanned<RawSeat>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDice {
    button_pin: Option<Spanned<u8>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMap {
    reader: RawReader,
    pad: RawPad,
    dice: Option<RawDice>,
}

struct Checker<'a> {
    text: &'a str,
    used: BTreeMap<u8, String>,
    /// The parts fitted beside the map's.
    fitted: Fitted,
}

impl Checker<'_> {
    fn line(&self, span: Range<usize>) -> Option<usize> {
        (span.end > 0).then(|| self.text[..span.start.min(self.text.len())].matches('\n').count() + 1)
    }

    fn err(&self, span: Range<usize>, message: Msg) -> PinMapError {
        PinMapError { line: self.line(span), message }
    }

    /// Claims a GPIO for `what`; refuses pins the Pi lacks and pins used twice.
    fn gpio(&mut self, pin: &Spanned<u8>, what: &str) -> Result<u8, PinMapError> {
        let p = *pin.get_ref();
        if p > MAX_GPIO {
            return Err(self.err(pin.span(), msg!("hw.pinmap.no_such_gpio", what, pin = p, max = MAX_GPIO)));
        }
        let bus = FIXED_PINS.iter().chain(&SPI0_DATA).chain(&SPI0_CHIP_SELECTS).find(|(b, _)| *b == p);
        if let Some((_, bus)) = bus {
            return Err(self.err(pin.span(), msg!("hw.pinmap.bus_pin", what, pin = p, bus = *bus)));
        }
        let amplifier = AMPLIFIER_PINS.iter().find(|(b, _)| self.fitted.amplifier && *b == p);
        if let Some((_, line)) = amplifier {
            return Err(self.err(pin.span(), msg!("hw.pinmap.amplifier_pin", what, pin = p, line = *line)));
        }
        if let Some(other) = self.used.insert(p, what.to_string()) {
            return Err(self.err(pin.span(), msg!("hw.pinmap.pin_twice", what, pin = p, other)));
        }
        Ok(p)
    }
}

impl PinMap {
    /// Reads and checks a pin map, with nothing fitted beside its parts.
    pub fn parse(text: &str) -> Result<PinMap, PinMapError> {
        PinMap::parse_with(text, Fitted::default())
    }

    /// Reads and checks a pin map, whose pins must leave those of the parts `fitted` free.
    pub fn parse_with(text: &str, fitted: Fitted) -> Result<PinMap, PinMapError> {
        let mut c = Checker { text, used: BTreeMap::new(), fitted };
        let raw: RawMap = toml::from_str(text).map_err(|e| PinMapError {
            line: e.span().and_then(|s| c.line(s.start..s.end.max(s.start + 1))),
            message: msg!("hw.pinmap.unreadable", error = e.message().trim()),
        })?;

        let r = &raw.reader;
        // SPI0 is the bus the installer switches on, on the pins kept for it.
        let bus = *r.spi_bus.get_ref();
        if bus != 0 {
            return Err(c.err(r.spi_bus.span(), msg!("hw.pinmap.spi_bus", bus)));
        }
        if usize::from(*r.chip_select.get_ref()) >= SPI0_CHIP_SELECTS.len() {
            return Err(c.err(r.chip_select.span(), msg!("hw.pinmap.chip_select")));
        }
        let poll_ms = *r.poll_ms.get_ref();
        if !(10..=1000).contains(&poll_ms) {
            return Err(c.err(r.poll_ms.span(), msg!("hw.pinmap.poll_ms")));
        }
        let reader = ReaderPins {
            spi_bus: *r.spi_bus.get_ref(),
            chip_select: *r.chip_select.get_ref(),
            reset_pin: r.reset_pin.as_ref().map(|p| c.gpio(p, "reader reset_pin")).transpose()?,
            poll_ms,
        };

        let p = &raw.pad;
        let seats = *p.seats.get_ref();
        if !(1..=10).contains(&seats) {
            return Err(c.err(p.seats.span(), msg!("hw.pinmap.seats", seats)));
        }
        let wiring = match p.kind.get_ref().as_str() {
            "mcp23017" => {
                let addresses: Vec<u8> = p.addresses.iter().flatten().map(|a| *a.get_ref()).collect();
                let needed = usize::from(seats).div_ceil(5);
                if addresses.len() < needed {
                    return Err(c.err(p.kind.span(), msg!("hw.pinmap.expanders", seats, count = needed)));
                }
                for (i, a) in p.addresses.iter().flatten().enumerate() {
                    if !(0x20..=0x27).contains(a.get_ref()) || addresses[..i].contains(a.get_ref()) {
                        return Err(
                            c.err(a.span(), msg!("hw.pinmap.address", address = format!("{:#04x}", a.get_ref())))
                        );
                    }
                }
                // I2C1 is the bus the installer switches on, on the pins kept for it.
                if let Some(b) = p.i2c_bus.as_ref().filter(|b| *b.get_ref() != 1) {
                    return Err(c.err(b.span(), msg!("hw.pinmap.i2c_bus", bus = *b.get_ref())));
                }
                PadWiring::Mcp23017 {
                    i2c_bus: 1,
                    addresses,
                    interrupt_pin: p.interrupt_pin.as_ref().map(|x| c.gpio(x, "pad interrupt_pin")).transpose()?,
                }
            }
            "gpio" => {
                if p.seat.len() != usize::from(seats) {
                    return Err(c.err(p.seats.span(), msg!("hw.pinmap.seat_entries", seats, count = p.seat.len())));
                }
                let mut list = Vec::new();
                for (i, s) in p.seat.iter().enumerate() {
                    let n = i + 1;
                    let (Some(a), Some(r)) = (&s.get_ref().approve, &s.get_ref().reject) else {
                        return Err(c.err(s.span(), msg!("hw.pinmap.seat_buttons", seat = n)));
                    };
                    let approve = c.gpio(a, &format!("seat {n} approve"))?;
                    let reject = c.gpio(r, &format!("seat {n} reject"))?;
                    let light =
                        s.get_ref().light.as_ref().map(|l| c.gpio(l, &format!("seat {n} light"))).transpose()?;
                    list.push(GpioSeatPins { approve, reject, light });
                }
                PadWiring::Gpio { seats: list }
            }
            other => return Err(c.err(p.kind.span(), msg!("hw.pinmap.kind", kind = other))),
        };
        let dice_button = raw.dice.and_then(|d| d.button_pin).map(|b| c.gpio(&b, "dice button_pin")).transpose()?;
        Ok(PinMap { reader, pad: PadPins { seats, wiring }, dice_button })
    }
}

/// Where the pin map comes from: `$TAVOLA_PINMAP`, then
/// `/etc/tavola/pinmap.toml`, then `hardware/pinmap.toml` in the working
/// directory, then the standard map built into the binary. Its pins must
/// leave those of the parts `fitted` free.
pub fn load(fitted: Fitted) -> Result<(PinMap, String), PinMapError> {
    let candidates = std::env::var_os("TAVOLA_PINMAP")
        .map(std::path::PathBuf::from)
        .into_iter()
        .chain(["/etc/tavola/pinmap.toml", "hardware/pinmap.toml"].map(std::path::PathBuf::from));
    for path in candidates {
        if let Ok(text) = std::fs::read_to_string(&path) {
            let map = PinMap::parse_with(&text, fitted).map_err(|e| PinMapError {
                line: e.line,
                message: msg!("hw.pinmap.in_file", problem = e.message, path = path.display().to_string()),
            })?;
            return Ok((map, path.display().to_string()));
        }
    }
    Ok((PinMap::parse_with(DEFAULT_PINMAP, fitted)?, "the standard pin map".into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_pin_map_is_valid() {
        let map = PinMap::parse(DEFAULT_PINMAP).unwrap();
        assert_eq!(map.pad.seats, 10);
        assert_eq!(map.reader.reset_pin, Some(25));
        assert!(matches!(map.pad.wiring, PadWiring::Mcp23017 { ref addresses, .. } if addresses == &[0x20, 0x21]));
        // The standard wiring leaves the I2S amplifier's pins free.
        assert_eq!(PinMap::parse_with(DEFAULT_PINMAP, Fitted { amplifier: true }).unwrap(), map);
    }

    fn gpio_map(seats: &str) -> String {
        format!("[reader]\nspi_bus = 0\nchip_select = 0\nreset_pin = 25\n\n[pad]\nseats = 2\nkind = \"gpio\"\n{seats}")
    }

    #[test]
    fn a_pin_used_twice_names_both_uses_and_the_line() {
        let text = gpio_map("[[pad.seat]]\napprove = 5\nreject = 6\n[[pad.seat]]\napprove = 12\nreject = 25\n");
        let e = PinMap::parse(&text).unwrap_err();
        assert_eq!(e.line, Some(14));
        assert_eq!(e.to_string(), "pinmap.toml, line 14: seat 2 reject: GPIO25 is already used by reader reset_pin");
    }

    #[test]
    fn a_pin_the_pi_does_not_have_is_refused() {
        let e = PinMap::parse(&gpio_map(
            "[[pad.seat]]\napprove = 40\nreject = 6\n[[pad.seat]]\napprove = 12\nreject = 13\n",
        ))
        .unwrap_err();
        assert_eq!(e.line, Some(10));
        assert!(e.to_string().contains("GPIO40 does not exist"), "{e}");
        let e = PinMap::parse(&gpio_map(
            "[[pad.seat]]\napprove = 9\nreject = 6\n[[pad.seat]]\napprove = 12\nreject = 13\n",
        ))
        .unwrap_err();
        assert!(e.to_string().contains("SPI0 MISO"), "{e}");
    }

    #[test]
    fn the_hat_eeprom_and_the_readers_own_spi_bus_are_reserved() {
        let with = |reader: &str, seats: &str| {
            PinMap::parse(&format!("[reader]\n{reader}\n\n[pad]\nseats = 1\nkind = \"gpio\"\n[[pad.seat]]\n{seats}"))
        };
        let spi0 = "spi_bus = 0\nchip_select = 0";
        let e = with(spi0, "approve = 0\nreject = 6").unwrap_err();
        assert!(e.to_string().contains("GPIO0 is taken by the HAT EEPROM (ID_SD)"), "{e}");
        let e = with(spi0, "approve = 5\nreject = 1").unwrap_err();
        assert!(e.to_string().contains("HAT EEPROM (ID_SC)"), "{e}");
        let e = with(spi0, "approve = 8\nreject = 6").unwrap_err();
        assert!(e.to_string().contains("GPIO8 is taken by SPI0 CE0"), "{e}");
        let e = with(spi0, "approve = 5\nreject = 7").unwrap_err();
        assert!(e.to_string().contains("GPIO7 is taken by SPI0 CE1"), "{e}");
        // CE0 or CE1.
        let e = with("spi_bus = 0\nchip_select = 2", "approve = 5\nreject = 6").unwrap_err();
        assert_eq!(e.line, Some(3), "{e}");
        assert!(e.to_string().contains("chip_select: 0 (CE0, GPIO8) or 1 (CE1, GPIO7)"), "{e}");
        assert!(with("spi_bus = 0\nchip_select = 1", "approve = 5\nreject = 6").is_ok());
    }

    /// The installer switches on SPI0 alone (`dtparam=spi=on`): a reader on any other bus
    /// would never answer, so the map refuses it and says which bus to use.
    #[test]
    fn a_reader_on_another_spi_bus_than_spi0_is_refused_with_the_bus_to_use() {
        use tavola_words::Lang;
        let with = |bus: u8| {
            PinMap::parse(&format!(
                "[reader]\nspi_bus = {bus}\nchip_select = 0\n\n[pad]\nseats = 1\nkind = \"gpio\"\n[[pad.seat]]\napprove = 5\nreject = 6\n"
            ))
        };
        assert!(with(0).is_ok());
        for bus in [1, 2, 3, 4, 5, 6, 7] {
            let e = with(bus).unwrap_err();
            assert_eq!(e.line, Some(2), "{e}");
            let (en, it) = (e.text(Lang::En), e.text(Lang::It));
            assert!(
                en.contains(&format!("spi_bus = {bus}: the installer switches on SPI0 only"))
                    && en.contains("write spi_bus = 0"),
                "{en}"
            );
            assert!(it.contains("solo SPI0") && it.contains("scrivete spi_bus = 0"), "{it}");
        }
    }

    /// With the I2S amplifier fitted (`speaker = "i2s"`), its pins (BCLK GPIO18, LRC GPIO19,
    /// DIN GPIO21, SD_MODE GPIO4) are refused to every part of the map, naming the line;
    /// without it they are free.
    #[test]
    fn the_amplifiers_pins_are_refused_when_it_is_fitted() {
        use tavola_words::Lang;
        let amp = Fitted { amplifier: true };
        let map = |reset: u8, approve: u8, light: u8, dice: u8| {
            format!(
                "[reader]\nspi_bus = 0\nchip_select = 0\nreset_pin = {reset}\n\n[pad]\nseats = 1\nkind = \"gpio\"\n\
                 [[pad.seat]]\napprove = {approve}\nreject = 6\nlight = {light}\n\n[dice]\nbutton_pin = {dice}\n"
            )
        };
        let free = map(25, 5, 13, 27);
        assert!(PinMap::parse_with(&free, amp).is_ok());
        for (text, line, what, pin, name) in [
            (map(4, 5, 13, 27), 4, "reader reset_pin", 4, "SD_MODE"),
            (map(25, 18, 13, 27), 10, "seat 1 approve", 18, "BCLK"),
            (map(25, 5, 19, 27), 12, "seat 1 light", 19, "LRC"),
            (map(25, 5, 13, 21), 15, "dice button_pin", 21, "DIN"),
        ] {
            assert!(PinMap::parse(&text).is_ok(), "no amplifier, no reserved pin: {text}");
            let e = PinMap::parse_with(&text, amp).unwrap_err();
            assert_eq!(e.line, Some(line), "{e}");
            assert_eq!(
                e.text(Lang::En),
                format!(
                    "pinmap.toml, line {line}: {what}: GPIO{pin} is the I2S amplifier's {name} (the speaker setting \
                     is \"i2s\"); wire it to a free GPIO"
                )
            );
            assert!(e.text(Lang::It).contains(&format!("è la linea {name} dell'amplificatore I2S")), "{e}");
        }
        // The expanders' interrupt line too.
        let mcp = "[reader]\nspi_bus = 0\nchip_select = 0\n[pad]\nseats = 5\nkind = \"mcp23017\"\naddresses = [0x20]\n\
                   interrupt_pin = 4\n";
        assert!(PinMap::parse(mcp).is_ok());
        assert!(PinMap::parse_with(mcp, amp).unwrap_err().to_string().contains("SD_MODE"));
    }

    /// The amplifier is fitted when the settings' speaker is "i2s", and only then.
    #[test]
    fn the_amplifier_is_fitted_when_the_speaker_setting_says_i2s() {
        let fitted = |text: &str| Fitted::from_settings(&crate::settings::Settings::parse(text).unwrap()).amplifier;
        assert!(fitted("speaker = \"i2s\"\n"));
        assert!(fitted("speaker = \"I2S\"\n"));
        for other in ["", "speaker = \"auto\"\n", "speaker = \"usb\"\n", "speaker = \"jack\"\n"] {
            assert!(!fitted(other), "{other}");
        }
    }

    /// The expanders' bus is I2C1, the one the installer switches on; a reader's IRQ line
    /// named in an older map is read and takes no GPIO (Tavola polls the reader).
    #[test]
    fn the_expanders_bus_is_i2c1_and_the_readers_irq_pin_takes_no_gpio() {
        let map = |i2c: &str, irq: &str, interrupt: u8| {
            format!(
                "[reader]\nspi_bus = 0\nchip_select = 0\n{irq}\n[pad]\nseats = 5\nkind = \"mcp23017\"\n{i2c}\naddresses = [0x20]\ninterrupt_pin = {interrupt}\n"
            )
        };
        let e = PinMap::parse(&map("i2c_bus = 0", "", 17)).unwrap_err();
        assert_eq!(e.line, Some(8), "{e}");
        use tavola_words::Lang;
        assert!(e.text(Lang::En).contains("I2C1") && e.text(Lang::It).contains("I2C1"), "{e}");
        assert!(PinMap::parse(&map("i2c_bus = 3", "", 17)).is_err());
        assert!(PinMap::parse(&map("i2c_bus = 1", "", 17)).is_ok());
        assert!(PinMap::parse(&map("", "", 17)).is_ok(), "I2C1 when the line is left out");
        // The IRQ line's GPIO is not claimed: another part may have it.
        let m = PinMap::parse(&map("", "irq_pin = 24", 24)).expect("an older map with irq_pin");
        assert!(matches!(m.pad.wiring, PadWiring::Mcp23017 { interrupt_pin: Some(24), .. }));
    }

    #[test]
    fn a_seat_without_buttons_is_refused() {
        let e =
            PinMap::parse(&gpio_map("[[pad.seat]]\napprove = 5\nreject = 6\n[[pad.seat]]\nlight = 13\n")).unwrap_err();
        assert_eq!(e.line, Some(12));
        assert!(e.to_string().contains("seat 2 needs both"), "{e}");
    }

    #[test]
    fn syntax_errors_and_unknown_keys_name_the_line() {
        let e =
            PinMap::parse("[reader]\nspi_bus = 0\nchip_select = 0\nreset_pn = 25\n[pad]\nseats = 1\nkind = \"gpio\"\n")
                .unwrap_err();
        assert_eq!(e.line, Some(4), "{e}");
        let e = PinMap::parse("[reader]\nspi_bus = = 0\n").unwrap_err();
        assert_eq!(e.line, Some(2), "{e}");
    }

    #[test]
    fn too_few_expanders_for_the_seats() {
        let text = DEFAULT_PINMAP.replace("addresses = [0x20, 0x21]", "addresses = [0x20]");
        let e = PinMap::parse(&text).unwrap_err();
        assert!(e.to_string().contains("10 seats need 2 MCP23017 expanders"), "{e}");
    }

    #[test]
    fn a_wrong_pin_map_is_said_in_each_language_with_its_counts() {
        use tavola_words::Lang;
        let e = PinMap::parse(&DEFAULT_PINMAP.replace("reset_pin = 25", "reset_pin = 40")).unwrap_err();
        assert!(e.text(Lang::It).starts_with("pinmap.toml, riga "), "{e}");
        assert!(e.text(Lang::It).ends_with("GPIO40 non esiste sul Pi (da GPIO0 a GPIO27)"), "{e}");
        let expanders = |n: usize| msg!("hw.pinmap.expanders", seats = 10, count = n);
        let entries = |n: usize| msg!("hw.pinmap.seat_entries", seats = 4, count = n);
        let said = [0, 1, 2].map(|n| [expanders(n), entries(n)].map(|m| (Lang::It.text(&m), Lang::En.text(&m))));
        assert_eq!(said[0][0].1, "10 seats need 0 MCP23017 expanders: list their addresses");
        assert_eq!(said[1][0].0, "10 posti vogliono un espansore MCP23017: scrivine l'indirizzo");
        assert_eq!(said[2][0].0, "10 posti vogliono 2 espansori MCP23017: scrivine gli indirizzi");
        assert_eq!(said[0][1].0, "seats = 4, ma le voci [[pad.seat]] sono 0");
        assert_eq!(said[1][1].1, "seats = 4, but one [[pad.seat]] entry is listed");
        assert_eq!(said[2][1].1, "seats = 4, but 2 [[pad.seat]] entries are listed");
    }
}
