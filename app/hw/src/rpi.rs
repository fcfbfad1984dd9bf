//! The Raspberry Pi's own hardware (cargo feature `rpi`): the reader on SPI,
//! the vote pad on MCP23017 expanders or plain GPIOs, the roll button.
//!
//! Everything here goes through rppal. Each part opens on its own: a part
//! that is missing or switched off gives an [`HwError`] that says what to
//! do, and the app carries on with the on-screen substitute for that part.
//!
//! A Pi is recognised by its device tree ([`this_pi`]), not by rppal's list
//! of models: SPI and I2C open by their device paths on any Pi, while GPIO
//! needs rppal to know the model. On a Pi newer than rppal's list, the parts
//! wired to GPIO say so, naming the model, and the others work.

use crate::hw::dice::{RollLine, ThreadedDice};
use crate::hw::pinmap::{GpioSeatPins, PadWiring, PinMap, ReaderPins};
use crate::hw::spi::{ReaderPort, Segment, SegmentBus, SegmentSpi};
use crate::hw::{DiceButton, HwError, Light, Millis, PadEvent, VotePad};
use rppal::gpio::{Gpio, InputPin, OutputPin};
use rppal::i2c::I2c;
use rppal::spi::{Bus, Mode, SlaveSelect, Spi};
use std::io::ErrorKind;
use std::path::Path;
pub use tavola_core::system::board::Pi;
use tavola_firmware::votepad::{self as fw, McpPad, McpPinMap, NoInterrupt};
use tavola_words::{msg, Msg};

/// SPI clock for the MFRC522 (it allows up to 10 MHz; 1 MHz is robust on
/// long jumper wires).
pub const SPI_CLOCK_HZ: u32 = 1_000_000;

fn gpio_error(part: &str, e: rppal::gpio::Error) -> HwError {
    use rppal::gpio::Error as E;
    let m = match e {
        E::UnknownModel => msg!("hw.gpio.unknown_model"),
        E::PinUsed(p) => msg!("hw.gpio.pin_used", pin = p),
        E::PinNotAvailable(p) => msg!("hw.gpio.pin_missing", pin = p),
        E::PermissionDenied(path) => msg!("hw.gpio.permission", path),
        other => msg!("hw.gpio.error", error = other.to_string()),
    };
    HwError::said(part, m)
}

fn spi_error(e: rppal::spi::Error) -> HwError {
    let m = match e {
        rppal::spi::Error::Io(io) if io.kind() == ErrorKind::NotFound => msg!("hw.spi.off"),
        rppal::spi::Error::Io(io) if io.kind() == ErrorKind::PermissionDenied => msg!("hw.spi.permission"),
        other => msg!("hw.spi.error", error = other.to_string()),
    };
    HwError::said("reader", m)
}

fn i2c_error(e: rppal::i2c::Error) -> HwError {
    let m = match e {
        rppal::i2c::Error::Io(io) if io.kind() == ErrorKind::NotFound => msg!("hw.i2c.off"),
        rppal::i2c::Error::Io(io) if io.kind() == ErrorKind::PermissionDenied => msg!("hw.i2c.permission"),
        other => msg!("hw.i2c.error", error = other.to_string()),
    };
    HwError::said("pad", m)
}

/// The Raspberry Pi this is: the one the device tree under `root` (`/` on the box) names, a
/// model newer than rppal's list included; failing that, one rppal knows from `/proc/cpuinfo`.
/// `None` on any other machine: every part is then the on-screen one.
pub fn this_pi(root: &Path) -> Option<Pi> {
    tavola_core::system::board::raspberry_pi(root).or_else(|| {
        let info = rppal::system::DeviceInfo::new().ok()?;
        Some(Pi { model: info.model().to_string(), compatible: String::new() })
    })
}

/// Whether this machine is a Raspberry Pi ([`this_pi`] under `/`).
pub fn is_raspberry_pi() -> bool {
    this_pi(Path::new("/")).is_some()
}

/// rppal's GPIO for `part`. rppal needs to know the model (its registers); on a Pi newer than
/// its list, `newer` says so with the model's name.
fn gpio(pi: Option<&Pi>, part: &str, newer: impl FnOnce(String) -> Msg) -> Result<Gpio, HwError> {
    Gpio::new().map_err(|e| match (e, pi) {
        (rppal::gpio::Error::UnknownModel, Some(pi)) => HwError::said(part, newer(pi.model.clone())),
        (other, _) => gpio_error(part, other),
    })
}

/// rppal's SPI as a [`SegmentBus`]: one `transfer_segments` call per
/// transaction, chip select held throughout.
#[derive(Debug)]
pub struct RppalBus(Spi);

impl SegmentBus for RppalBus {
    type Error = rppal::spi::Error;

    fn transfer(&mut self, segments: &mut [Segment<'_>]) -> Result<(), Self::Error> {
        let list: Vec<rppal::spi::Segment<'_, '_>> = segments
            .iter_mut()
            .filter_map(|s| {
                let mut seg = match (s.read.take(), s.write) {
                    (Some(r), Some(w)) => rppal::spi::Segment::new(r, w),
                    (Some(r), None) => rppal::spi::Segment::with_read(r),
                    (None, Some(w)) => rppal::spi::Segment::with_write(w),
                    (None, None) => return None,
                };
                seg.set_delay(s.delay_us);
                Some(seg)
            })
            .collect();
        self.0.transfer_segments(&list)
    }
}

/// The reader's port on the Pi: its SPI device and its reset GPIO.
pub type RpiReaderPort = ReaderPort<SegmentSpi<RppalBus>, OutputPin>;

/// Opens the reader's SPI device and takes the MFRC522 out of reset, on the Pi this is
/// ([`open_reader_spi_on`]).
pub fn open_reader_spi(pins: &ReaderPins) -> Result<(RpiReaderPort, Option<HwError>), HwError> {
    open_reader_spi_on(pins, this_pi(Path::new("/")).as_ref())
}

/// Opens the reader's SPI device (on any Pi: by its device path) and takes the MFRC522 out
/// of reset. The reset GPIO is kept in the port for the reader's lifetime, and is not put back
/// as an input even when the port is dropped (a restart): the chip keeps running meanwhile. The
/// reset line is optional: a GPIO that cannot be had (a Pi newer than rppal knows, or the pin in
/// use) leaves the reader working on its SPI alone, and the second value says why, for the
/// self-test and the screen.
pub fn open_reader_spi_on(pins: &ReaderPins, pi: Option<&Pi>) -> Result<(RpiReaderPort, Option<HwError>), HwError> {
    let bus = match pins.spi_bus {
        0 => Bus::Spi0,
        1 => Bus::Spi1,
        2 => Bus::Spi2,
        3 => Bus::Spi3,
        4 => Bus::Spi4,
        5 => Bus::Spi5,
        _ => Bus::Spi6,
    };
    let ss = match pins.chip_select {
        0 => SlaveSelect::Ss0,
        1 => SlaveSelect::Ss1,
        _ => SlaveSelect::Ss2,
    };
    let spi = Spi::new(bus, ss, SPI_CLOCK_HZ, Mode::Mode0).map_err(spi_error)?;
    let (reset, note) = match pins.reset_pin {
        Some(p) => match Gpio::new().and_then(|gpio| gpio.get(p)) {
            Ok(pin) => {
                let mut pin = pin.into_output_high();
                pin.set_reset_on_drop(false);
                (Some(pin), None)
            }
            Err(e) => {
                use rppal::gpio::Error as E;
                let why = match e {
                    E::UnknownModel => match pi {
                        Some(pi) => msg!("hw.reader.reset_newer_pi", model = pi.model.clone()),
                        None => msg!("hw.reader.reset_unknown_board"),
                    },
                    E::PinUsed(_) => msg!("hw.reader.reset_pin_used"),
                    other => msg!("hw.gpio.error", error = other.to_string()),
                };
                (None, Some(HwError::said("reader", msg!("hw.reader.no_reset", pin = p, why))))
            }
        },
        None => (None, None),
    };
    Ok((ReaderPort::new(SegmentSpi(RppalBus(spi)), reset, std::thread::sleep), note))
}

fn stopped(e: impl std::fmt::Debug) -> HwError {
    HwError::said("pad", msg!("hw.pad.stopped", error = format!("{e:?}")))
}

enum PadWires {
    Gpio(Vec<(InputPin, InputPin, Option<OutputPin>)>),
    McpInterrupt(McpPad<I2c, InputPin>),
    McpPolled(McpPad<I2c, NoInterrupt>),
}

/// The vote pad wired to the Pi.
pub struct RpiPad {
    pad: fw::VotePad,
    wires: PadWires,
    lights: fw::Lights,
    note: Option<HwError>,
}

impl std::fmt::Debug for RpiPad {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RpiPad").field("pad", &self.pad).finish_non_exhaustive()
    }
}

impl RpiPad {
    /// Opens the pad as the pin map describes it, on the Pi this is ([`RpiPad::open_on`]).
    pub fn open(map: &PinMap) -> Result<RpiPad, HwError> {
        RpiPad::open_on(map, this_pi(Path::new("/")).as_ref())
    }

    /// Opens the pad on `pi` as the pin map describes it. Expanders whose interrupt line cannot
    /// be had because rppal does not know this Pi are polled over I2C instead ([`RpiPad::note`]
    /// says so); a pad wired to GPIO pins needs rppal to know the Pi.
    pub fn open_on(map: &PinMap, pi: Option<&Pi>) -> Result<RpiPad, HwError> {
        RpiPad::open_with(map, pi, false)
    }

    /// Opens the pad again on `pi` for a thread the watchdog started in place of a stuck one
    /// (see [`crate::hw::pad::ThreadedPad`]): the expanders' interrupt line, which the stuck thread
    /// may hold until it wakes, is done without (the pad is read over I2C alone, as on a Pi
    /// newer than rppal knows).
    pub fn reopen_on(map: &PinMap, pi: Option<&Pi>) -> Result<RpiPad, HwError> {
        RpiPad::open_with(map, pi, true)
    }

    fn open_with(map: &PinMap, pi: Option<&Pi>, line_may_be_held: bool) -> Result<RpiPad, HwError> {
        let cfg = fw::PadConfig { seats: map.pad.seats, ..fw::PadConfig::default() };
        let mut note = None;
        let wires = match &map.pad.wiring {
            PadWiring::Gpio { seats } => {
                let gpio = gpio(pi, "pad", |model| msg!("hw.pad.newer_pi", model))?;
                let get = |p: u8| gpio.get(p).map_err(|e| gpio_error("pad", e));
                let mut list = Vec::new();
                for GpioSeatPins { approve, reject, light } in seats {
                    let a = get(*approve)?.into_input_pullup();
                    let r = get(*reject)?.into_input_pullup();
                    let l = light.map(|l| get(l).map(|p| p.into_output_low())).transpose()?;
                    list.push((a, r, l));
                }
                PadWires::Gpio(list)
            }
            PadWiring::Mcp23017 { i2c_bus, addresses, interrupt_pin } => {
                let i2c = I2c::with_bus(*i2c_bus).map_err(i2c_error)?;
                let mut pins = McpPinMap::standard(map.pad.seats);
                for (slot, a) in pins.chips.iter_mut().zip(addresses) {
                    *slot = *a;
                }
                let mcp_err =
                    |e: fw::McpError<_, _>| HwError::said("pad", msg!("hw.pad.no_answer", error = format!("{e:?}")));
                let line = match interrupt_pin {
                    Some(p) => match Gpio::new() {
                        Ok(gpio) => match gpio.get(*p) {
                            Ok(pin) => Some(pin.into_input_pullup()),
                            Err(rppal::gpio::Error::PinUsed(_)) if line_may_be_held => None,
                            Err(e) => return Err(gpio_error("pad", e)),
                        },
                        Err(rppal::gpio::Error::UnknownModel) if pi.is_some() => {
                            let model = pi.map(|pi| pi.model.clone()).unwrap_or_default();
                            note = Some(HwError::said("pad", msg!("hw.pad.polled_newer_pi", pin = *p, model)));
                            None
                        }
                        Err(e) => return Err(gpio_error("pad", e)),
                    },
                    None => None,
                };
                match line {
                    Some(int) => {
                        let mut mcp = McpPad::new(i2c, int, pins).map_err(mcp_err)?;
                        mcp.init().map_err(mcp_err)?;
                        PadWires::McpInterrupt(mcp)
                    }
                    None => {
                        let mut mcp = McpPad::new(i2c, NoInterrupt, pins).map_err(mcp_err)?;
                        mcp.init().map_err(mcp_err)?;
                        PadWires::McpPolled(mcp)
                    }
                }
            }
        };
        Ok(RpiPad { pad: fw::VotePad::new(cfg), wires, lights: fw::Lights::new(), note })
    }

    /// Something worth knowing about a pad that works (polled without its interrupt line).
    pub fn note(&self) -> Option<HwError> {
        self.note.clone()
    }

    fn read(&mut self, now: Millis) -> Result<(), HwError> {
        match &mut self.wires {
            PadWires::Gpio(seats) => {
                for (i, (a, r, _)) in seats.iter_mut().enumerate() {
                    // Buttons pull to ground: low is pressed.
                    self.pad.set_level(now, i as u8, fw::Button::Approve, a.is_low());
                    self.pad.set_level(now, i as u8, fw::Button::Reject, r.is_low());
                }
                Ok(())
            }
            PadWires::McpInterrupt(m) => m.update(now, &mut self.pad).map_err(stopped),
            PadWires::McpPolled(m) => m.update(now, &mut self.pad).map_err(stopped),
        }
    }

    fn drive_lights(&mut self, now: Millis) -> Result<(), HwError> {
        match &mut self.wires {
            PadWires::Gpio(seats) => {
                for (i, (_, _, light)) in seats.iter_mut().enumerate() {
                    if let Some(l) = light {
                        if self.lights.get(i as u8).is_lit(now) {
                            l.set_high();
                        } else {
                            l.set_low();
                        }
                    }
                }
                Ok(())
            }
            PadWires::McpInterrupt(m) => m.set_lights(now, &self.lights).map_err(stopped),
            PadWires::McpPolled(m) => m.set_lights(now, &self.lights).map_err(stopped),
        }
    }
}

impl VotePad for RpiPad {
    fn poll(&mut self, now: Millis) -> Result<Vec<PadEvent>, HwError> {
        self.read(now)?;
        self.drive_lights(now)?;
        Ok(crate::hw::pad::events(&mut self.pad, now))
    }

    fn set_lights(&mut self, lights: &[Light]) -> Result<(), HwError> {
        self.lights = crate::hw::pad::lights(lights);
        Ok(())
    }
}

/// The roll button on a GPIO, to ground with the internal pull-up, read on a
/// thread of its own ([`ThreadedDice`]): a press while the screen's thread
/// waits for a slow commit is still counted.
#[derive(Debug)]
pub struct RpiDice {
    button: ThreadedDice,
}

/// The roll button's GPIO, low while the button is held.
struct RollPin(InputPin);

impl RollLine for RollPin {
    fn pressed(&mut self) -> bool {
        self.0.is_low()
    }
}

impl RpiDice {
    /// Opens the roll button, on the Pi this is ([`RpiDice::open_on`]).
    pub fn open(pin: u8) -> Result<RpiDice, HwError> {
        RpiDice::open_on(pin, this_pi(Path::new("/")).as_ref())
    }

    /// Opens the roll button on `pi`.
    pub fn open_on(pin: u8, pi: Option<&Pi>) -> Result<RpiDice, HwError> {
        let gpio = gpio(pi, "dice", |model| msg!("hw.dice.newer_pi", model))?;
        let pin = gpio.get(pin).map_err(|e| gpio_error("dice", e))?.into_input_pullup();
        let debounce_ms = fw::PadConfig::default().debounce_ms;
        Ok(RpiDice { button: ThreadedDice::spawn(RollPin(pin), debounce_ms) })
    }
}

impl DiceButton for RpiDice {
    fn poll(&mut self, now: Millis) -> Result<u32, HwError> {
        self.button.poll(now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Lang;
    use crate::hw::pinmap::PinMap;

    /// The device tree of a Pi newer than rppal's list, as the system check's emulated machine
    /// has it.
    fn pi6() -> (tempfile::TempDir, Pi) {
        let root = tempfile::tempdir().unwrap();
        let tree = root.path().join("proc/device-tree");
        std::fs::create_dir_all(&tree).unwrap();
        std::fs::write(tree.join("compatible"), b"raspberrypi,6-model-b\0brcm,bcm2713\0").unwrap();
        std::fs::write(tree.join("model"), b"Raspberry Pi 6 Model B\0").unwrap();
        let pi = this_pi(root.path()).expect("recognised as a Pi");
        (root, pi)
    }

    fn said(e: &HwError) -> (String, String) {
        (e.text(Lang::En), e.text(Lang::It))
    }

    /// A Pi rppal does not know, with SPI, I2C and GPIO all absent: every part is tried as the
    /// pin map says, and each says what it lacks, the GPIO part naming the model.
    #[test]
    fn a_pi_newer_than_rppal_knows_tries_every_part_and_names_what_is_missing() {
        if rppal::system::DeviceInfo::new().is_ok() {
            // A Pi rppal knows runs this: its GPIO would open, there is no newer Pi to stand in.
            return;
        }
        let (_root, pi) = pi6();
        assert_eq!(pi.model, "Raspberry Pi 6 Model B");
        let map = PinMap::parse(include_str!("../../../hardware/pinmap.toml")).unwrap();
        if !Path::new("/dev/spidev0.0").exists() {
            let e = open_reader_spi_on(&map.reader, Some(&pi)).expect_err("no SPI device");
            assert_eq!(e.part, "reader");
            assert!(said(&e).0.starts_with("SPI is off"), "{e}");
        }
        if !Path::new("/dev/i2c-1").exists() {
            let e = RpiPad::open_on(&map, Some(&pi)).expect_err("no I2C device");
            assert_eq!(e.part, "pad");
            assert!(said(&e).0.starts_with("I2C is off"), "{e}");
        }
        let pin = map.dice_button.expect("the pin map wires a roll button");
        let e = RpiDice::open_on(pin, Some(&pi)).expect_err("no GPIO for this model");
        assert_eq!(e.part, "dice");
        let (en, it) = said(&e);
        assert_eq!(
            en,
            "The roll button is wired to a GPIO pin, and this Raspberry Pi 6 Model B is newer than the models \
             Tavola's GPIO library knows: the roll button is the one on the screen until Tavola is updated."
        );
        assert!(it.contains("questo Raspberry Pi 6 Model B è più recente"), "{it}");
    }

    /// A pad wired straight to GPIO pins needs GPIO: on a Pi rppal does not know, it names the
    /// model and gives way to the on-screen pad.
    #[test]
    fn a_pad_on_gpio_pins_names_a_pi_newer_than_rppal_knows() {
        if rppal::system::DeviceInfo::new().is_ok() {
            return;
        }
        let (_root, pi) = pi6();
        let map = PinMap::parse(
            "[reader]\nspi_bus = 0\nchip_select = 0\n[pad]\nseats = 1\nkind = \"gpio\"\n\
             [[pad.seat]]\napprove = 5\nreject = 6\n",
        )
        .unwrap();
        let e = RpiPad::open_on(&map, Some(&pi)).expect_err("no GPIO for this model");
        let (en, it) = said(&e);
        assert!(en.starts_with("The vote pad is wired to GPIO pins, and this Raspberry Pi 6 Model B is newer"), "{en}");
        assert!(it.contains("Raspberry Pi 6 Model B") && it != en, "{it}");
        // Not recognised as a Pi at all: the old words, without a model.
        let e = RpiPad::open_on(&map, None).expect_err("no GPIO");
        assert!(said(&e).0.starts_with("This is not a Raspberry Pi"), "{e}");
    }
}
