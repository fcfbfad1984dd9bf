//! The Raspberry Pi's own hardware (cargo feature `rpi`): the reader on SPI,
//! the vote pad on MCP23017 expanders or plain GPIOs, the roll button.
//!
//! Everything here goes through rppal. Each part opens on its own: a part
//! that is missing or switched off gives an [`HwError`] that says what to
//! do, and the app carries on with the on-screen substitute for that part.

use super::pinmap::{GpioSeatPins, PadWiring, PinMap, ReaderPins};
use super::spi::{ReaderPort, Segment, SegmentBus, SegmentSpi};
use super::{DiceButton, HwError, Light, Millis, PadEvent, VotePad};
use rppal::gpio::{Gpio, InputPin, OutputPin};
use rppal::i2c::I2c;
use rppal::spi::{Bus, Mode, SlaveSelect, Spi};
use std::io::ErrorKind;
use tavola_firmware::dice::RollButton;
use tavola_firmware::votepad::{self as fw, McpPad, McpPinMap, NoInterrupt};
use tavola_words::msg;

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

/// Whether this machine is a Raspberry Pi rppal knows (its model from the device tree or
/// `/proc/cpuinfo`). On any other machine every part is the on-screen one.
pub fn is_raspberry_pi() -> bool {
    rppal::system::DeviceInfo::new().is_ok()
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

/// Opens the reader's SPI device and takes the MFRC522 out of reset. The reset GPIO is kept in
/// the port for the reader's lifetime, and is not put back as an input even when the port is
/// dropped (a restart): the chip keeps running meanwhile. The reset line is optional: a GPIO
/// that cannot be had (not a board rppal knows, or the pin in use) leaves the reader working
/// on its SPI alone, and the second value says why, for the self-test and the screen.
pub fn open_reader_spi(pins: &ReaderPins) -> Result<(RpiReaderPort, Option<HwError>), HwError> {
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
                    E::UnknownModel => msg!("hw.reader.reset_unknown_board"),
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
}

impl std::fmt::Debug for RpiPad {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RpiPad").field("pad", &self.pad).finish_non_exhaustive()
    }
}

impl RpiPad {
    /// Opens the pad as the pin map describes it.
    pub fn open(map: &PinMap) -> Result<RpiPad, HwError> {
        let cfg = fw::PadConfig { seats: map.pad.seats, ..fw::PadConfig::default() };
        let wires = match &map.pad.wiring {
            PadWiring::Gpio { seats } => {
                let gpio = Gpio::new().map_err(|e| gpio_error("pad", e))?;
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
                match interrupt_pin {
                    Some(p) => {
                        let gpio = Gpio::new().map_err(|e| gpio_error("pad", e))?;
                        let int = gpio.get(*p).map_err(|e| gpio_error("pad", e))?.into_input_pullup();
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
        Ok(RpiPad { pad: fw::VotePad::new(cfg), wires, lights: fw::Lights::new() })
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
        Ok(super::pad::events(&mut self.pad, now))
    }

    fn set_lights(&mut self, lights: &[Light]) -> Result<(), HwError> {
        self.lights = super::pad::lights(lights);
        Ok(())
    }
}

/// The roll button on a GPIO, to ground with the internal pull-up.
#[derive(Debug)]
pub struct RpiDice {
    pin: InputPin,
    button: RollButton,
}

impl RpiDice {
    /// Opens the roll button.
    pub fn open(pin: u8) -> Result<RpiDice, HwError> {
        let gpio = Gpio::new().map_err(|e| gpio_error("dice", e))?;
        let pin = gpio.get(pin).map_err(|e| gpio_error("dice", e))?.into_input_pullup();
        Ok(RpiDice { pin, button: RollButton::default() })
    }
}

impl DiceButton for RpiDice {
    fn poll(&mut self, now: Millis) -> Result<u32, HwError> {
        self.button.set_level(now, self.pin.is_low());
        Ok(self.button.poll(now))
    }
}
