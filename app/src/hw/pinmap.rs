//! `hardware/pinmap.toml`: which pins and buses the table uses, read at
//! start-up and checked, with errors that name the line.

use serde::Deserialize;
use std::collections::BTreeMap;
use std::fmt;
use std::ops::Range;
use tavola_words::{msg, Msg, Said};
use toml::Spanned;

/// The pin map shipped in the repository (the standard wiring).
pub const DEFAULT_PINMAP: &str = include_str!("../../../hardware/pinmap.toml");

/// Highest BCM GPIO number on the Pi's 40-pin header.
pub const MAX_GPIO: u8 = 27;
/// GPIOs no part may take whatever the map says: the HAT identification EEPROM's I2C (ID_SD,
/// ID_SC: the firmware reads it at boot) and I2C1, the expanders' bus.
const FIXED_PINS: [(u8, &str); 4] =
    [(0, "the HAT EEPROM (ID_SD)"), (1, "the HAT EEPROM (ID_SC)"), (2, "I2C1 SDA"), (3, "I2C1 SCL")];

/// The pins of the SPI buses on the 40-pin header (MISO, MOSI, SCLK, then each chip select),
/// as rppal documents them; `None` for a bus the header does not carry usably (SPI2 is not on
/// it, SPI3 uses GPIO0 to 3: the HAT EEPROM's and I2C1's).
fn spi_pins(bus: u8) -> Option<(&'static [u8; 3], &'static [u8])> {
    Some(match bus {
        0 => (&[9, 10, 11], &[8, 7]),
        1 => (&[19, 20, 21], &[18, 17, 16]),
        4 => (&[5, 6, 7], &[4, 25]),
        5 => (&[13, 14, 15], &[12, 26]),
        6 => (&[19, 20, 21], &[18, 27]),
        _ => return None,
    })
}

/// The GPIOs the reader's SPI bus takes, with their names: its data lines and every chip
/// select line (the kernel's overlays claim them all).
fn spi_bus_pins(bus: u8) -> Vec<(u8, String)> {
    let Some((data, ce)) = spi_pins(bus) else { return Vec::new() };
    let names = ["MISO", "MOSI", "SCLK"];
    let mut pins: Vec<(u8, String)> = data.iter().zip(names).map(|(p, n)| (*p, format!("SPI{bus} {n}"))).collect();
    pins.extend(ce.iter().enumerate().map(|(i, p)| (*p, format!("SPI{bus} CE{i}"))));
    pins
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
#[derive(Debug, Clone, PartialEq, Eq)]
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

/// In English, for logs.
impl fmt::Display for PinMapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(tavola_words::Lang::En))
    }
}

impl std::error::Error for PinMapError {}

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
    /// The SPI bus's pins, once the reader's bus is known.
    spi: Vec<(u8, String)>,
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
        let fixed = FIXED_PINS.iter().find(|(b, _)| *b == p).map(|(_, n)| n.to_string());
        if let Some(bus) = fixed.or_else(|| self.spi.iter().find(|(b, _)| *b == p).map(|(_, n)| n.clone())) {
            return Err(self.err(pin.span(), msg!("hw.pinmap.bus_pin", what, pin = p, bus)));
        }
        if let Some(other) = self.used.insert(p, what.to_string()) {
            return Err(self.err(pin.span(), msg!("hw.pinmap.pin_twice", what, pin = p, other)));
        }
        Ok(p)
    }
}

impl PinMap {
    /// Reads and checks a pin map.
    pub fn parse(text: &str) -> Result<PinMap, PinMapError> {
        let mut c = Checker { text, used: BTreeMap::new(), spi: Vec::new() };
        let raw: RawMap = toml::from_str(text).map_err(|e| PinMapError {
            line: e.span().and_then(|s| c.line(s.start..s.end.max(s.start + 1))),
            message: msg!("hw.pinmap.unreadable", error = e.message().trim()),
        })?;

        let r = &raw.reader;
        let bus = *r.spi_bus.get_ref();
        let Some((_, chip_selects)) = spi_pins(bus) else {
            return Err(c.err(r.spi_bus.span(), msg!("hw.pinmap.spi_bus")));
        };
        if usize::from(*r.chip_select.get_ref()) >= chip_selects.len() {
            return Err(c.err(r.chip_select.span(), msg!("hw.pinmap.chip_select", bus)));
        }
        c.spi = spi_bus_pins(bus);
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
/// directory, then the standard map built into the binary.
pub fn load() -> Result<(PinMap, String), PinMapError> {
    let candidates = std::env::var_os("TAVOLA_PINMAP")
        .map(std::path::PathBuf::from)
        .into_iter()
        .chain(["/etc/tavola/pinmap.toml", "hardware/pinmap.toml"].map(std::path::PathBuf::from));
    for path in candidates {
        if let Ok(text) = std::fs::read_to_string(&path) {
            let map = PinMap::parse(&text).map_err(|e| PinMapError {
                line: e.line,
                message: msg!("hw.pinmap.in_file", problem = e.message, path = path.display().to_string()),
            })?;
            return Ok((map, path.display().to_string()));
        }
    }
    Ok((PinMap::parse(DEFAULT_PINMAP)?, "the standard pin map".into()))
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
        // On SPI1 its own pins are taken, and SPI0's are free.
        let spi1 = "spi_bus = 1\nchip_select = 0";
        let e = with(spi1, "approve = 19\nreject = 6").unwrap_err();
        assert!(e.to_string().contains("GPIO19 is taken by SPI1 MISO"), "{e}");
        let e = with(spi1, "approve = 16\nreject = 6").unwrap_err();
        assert!(e.to_string().contains("SPI1 CE2"), "{e}");
        assert!(with(spi1, "approve = 9\nreject = 10").is_ok());
        // Chip select 2 only on SPI1; SPI2 and SPI3 are not usable from the header.
        let e = with("spi_bus = 0\nchip_select = 2", "approve = 5\nreject = 6").unwrap_err();
        assert_eq!(e.line, Some(3), "{e}");
        assert!(e.to_string().contains("chip_select"), "{e}");
        assert!(with("spi_bus = 1\nchip_select = 2", "approve = 5\nreject = 6").is_ok());
        for bus in [2, 3, 7] {
            let e = with(&format!("spi_bus = {bus}\nchip_select = 0"), "approve = 5\nreject = 6").unwrap_err();
            assert_eq!(e.line, Some(2), "{e}");
        }
        // The words, in both languages.
        use tavola_words::Lang;
        let e = with("spi_bus = 4\nchip_select = 2", "approve = 5\nreject = 6").unwrap_err();
        assert!(e.text(Lang::En).contains("only on SPI1") && e.text(Lang::It).contains("solo su SPI1"), "{e}");
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
