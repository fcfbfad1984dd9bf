//! The wall clock: whether it can be trusted, and setting it from a
//! real-time clock at boot.
//!
//! A Pi 4 has no clock that runs while it is off: a box that is never online
//! starts from the time it last saved (fake-hwclock) and would date its games
//! from then. The clock is right once systemd-timesyncd synchronised it (it
//! touches `/run/systemd/timesync/synchronized`), or once it was set since
//! boot from a real-time clock that tells a believable time.
//!
//! The real-time clocks are found by name, not by number. The kernel lists
//! them as `/sys/class/rtc/rtcN`, each with `name` ("driver device", e.g.
//! `rtc-ds1307 1-0068`), `date`, `time`, `since_epoch` (read from the chip
//! each time: when the driver cannot read a valid time, reading the
//! attribute fails) and `hctosys` (1 when the kernel set the system clock
//! from this one at boot), and a `device` link whose `driver` link names the
//! driver (Linux, drivers/rtc/sysfs.c and Documentation/ABI/testing/
//! sysfs-class-rtc). Two of them matter here:
//!
//! - a DS3231 module (hardware/bom.md), driven by `rtc-ds1307` (Raspberry
//!   Pi's `i2c-rtc,ds3231` overlay): it is a module, loaded after the kernel
//!   sets its clock, so `hctosys` reads 0 and nobody sets the clock from it
//!   unless [`set_from_rtc`] does. When its oscillator stopped (no coin cell
//!   through a power cut), the driver refuses to read it (EINVAL) until it
//!   is set again;
//! - the Pi 5's own clock, `rpi-rtc` (`rpi-rtc soc:rpi_rtc`, Raspberry Pi's
//!   drivers/rtc/rtc-rpi.c, through the firmware): `rtc0` on a Pi 5, so a
//!   DS3231 there is `rtc1`. Built in, the kernel sets the clock from it at
//!   boot (`hctosys` 1), even when it has no battery on J5 and restarted
//!   from 1970 after a power cut: 1 alone proves nothing, the time it reads
//!   must be believable too ([`FLOOR`]).
//!
//! At boot, `tavola clock --set` (deploy/tavola-clock.service, started by
//! deploy/90-tavola-clock.rules whenever a real-time clock appears) sets
//! the system clock from the best one that reads a believable time, and
//! leaves [`SET_AT_BOOT`] in `/run` to say so.

use std::path::Path;
use tavola_words::{msg, Lang, Msg, Said};

/// No clock reading before 2026-01-01 00:00:00 UTC is believed: no game of
/// this Tavola was played before it. A clock that restarted from 1970 (the
/// Pi 5's without its battery) or from 2000 (some DS3231 modules after a
/// power cut) reads earlier.
pub const FLOOR: u64 = 1_767_225_600;
/// [`FLOOR`] as people write it.
pub const FLOOR_DATE: &str = "2026-01-01";

/// Under the root: left by [`set_from_rtc`] once it set the system clock
/// since boot (`/run` is emptied at every boot). It says from which clock,
/// for a person who looks.
pub const SET_AT_BOOT: &str = "run/tavola-clock";

/// Under the root: touched by systemd-timesyncd once it reached a time server.
const NETWORK_TIME: &str = "run/systemd/timesync/synchronized";

/// Which real-time clock it is, in the order they are preferred.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    /// A DS3231 module on I2C (driver `rtc-ds1307`, which also drives its
    /// DS1307 and DS1338 cousins): fitted on purpose, with its own coin cell.
    Ds3231,
    /// The Pi 5's own clock (driver `rpi-rtc`), kept only by a battery on J5.
    Pi5,
    /// Any other (a HAT's clock, a virtual machine's).
    Other,
}

/// What a real-time clock says the time is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reading {
    /// A believable time: seconds since 1970 (UTC), and as the clock shows
    /// it (`2026-11-30 18:42:07`).
    At { secs: u64, shown: String },
    /// A time before [`FLOOR`]: the clock lost its power or was never set.
    TooEarly { secs: u64, shown: String },
    /// The driver does not tell the time (the DS3231's oscillator stopped):
    /// the error it gave.
    Refused(String),
}

/// One real-time clock, as the kernel lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rtc {
    /// `rtc1`.
    pub device: String,
    /// Its `name`: `rtc-ds1307 1-0068`.
    pub name: String,
    /// Its driver: `rtc-ds1307`.
    pub driver: String,
    /// The kernel set the system clock from it at boot.
    pub hctosys: bool,
    pub reading: Reading,
}

impl Rtc {
    pub fn kind(&self) -> Kind {
        match self.driver.as_str() {
            "rtc-ds1307" => Kind::Ds3231,
            "rpi-rtc" => Kind::Pi5,
            _ => Kind::Other,
        }
    }

    /// The time it tells, if it is believable.
    pub fn believable(&self) -> Option<(u64, &str)> {
        match &self.reading {
            Reading::At { secs, shown } => Some((*secs, shown)),
            _ => None,
        }
    }

    /// What it says, for people: its name and its time, or why its time is
    /// not believed.
    pub fn said(&self) -> Msg {
        let (device, name) = (self.device.as_str(), self.name.as_str());
        match &self.reading {
            Reading::At { shown, .. } => msg!("cli.clock.rtc.at", device, name, time = shown.as_str()),
            Reading::TooEarly { shown, .. } => {
                msg!("cli.clock.rtc.too_early", device, name, time = shown.as_str(), floor = FLOOR_DATE)
            }
            Reading::Refused(error) => msg!("cli.clock.rtc.refused", device, name, error = error.as_str()),
        }
    }
}

/// Every real-time clock under `root` (`/` on the box), the preferred first:
/// a DS3231, then the Pi 5's own, then any other; by number among equals.
pub fn rtcs(root: &Path) -> Vec<Rtc> {
    let Ok(entries) = std::fs::read_dir(root.join("sys/class/rtc")) else { return Vec::new() };
    let mut found: Vec<(u32, Rtc)> = entries
        .filter_map(|e| {
            let e = e.ok()?;
            let device = e.file_name().to_str()?.to_string();
            let number = device.strip_prefix("rtc")?.parse::<u32>().ok()?;
            Some((number, read_rtc(&e.path(), device)))
        })
        .collect();
    found.sort_by_key(|(number, rtc)| (rtc.kind(), *number));
    found.into_iter().map(|(_, rtc)| rtc).collect()
}

fn read_rtc(dir: &Path, device: String) -> Rtc {
    let attr = |name: &str| std::fs::read_to_string(dir.join(name)).map(|s| s.trim().to_string());
    let name = attr("name").unwrap_or_else(|_| device.clone());
    // The device's driver link (…/bus/i2c/drivers/rtc-ds1307), else the
    // name's first word: both say the driver on current kernels.
    let driver = std::fs::read_link(dir.join("device/driver"))
        .ok()
        .and_then(|l| l.file_name().and_then(|n| n.to_str()).map(str::to_string))
        .or_else(|| name.split_whitespace().next().map(str::to_string))
        .unwrap_or_default();
    let hctosys = attr("hctosys").is_ok_and(|v| v == "1");
    let reading = match attr("since_epoch") {
        Err(e) => Reading::Refused(e.to_string()),
        Ok(text) => match text.parse::<u64>() {
            Err(_) => Reading::Refused(format!("since_epoch: {text}")),
            Ok(secs) => {
                let shown = match (attr("date"), attr("time")) {
                    (Ok(d), Ok(t)) => format!("{d} {t}"),
                    _ => format!("@{secs}"),
                };
                if secs < FLOOR {
                    Reading::TooEarly { secs, shown }
                } else {
                    Reading::At { secs, shown }
                }
            }
        },
    };
    Rtc { device, name, driver, hctosys, reading }
}

/// The clock the system time is set from: the preferred one that tells a
/// believable time.
pub fn best(root: &Path) -> Option<Rtc> {
    rtcs(root).into_iter().find(|r| r.believable().is_some())
}

/// Whether the clock under `root` (`/` on the box) was set since boot from
/// something that knows the time: network time, or a real-time clock that
/// tells a believable time (set by the kernel, or by [`set_from_rtc`]).
pub fn synchronised(root: &Path) -> bool {
    root.join(NETWORK_TIME).exists()
        || root.join(SET_AT_BOOT).is_file()
        || rtcs(root).iter().any(|r| r.hctosys && r.believable().is_some())
}

/// What [`set_from_rtc`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The system clock was set from this one.
    Set(Rtc),
    /// Network time had set the clock already: it was left as it is.
    Network,
    /// No real-time clock: the clock was left as it is.
    NoRtc,
    /// No real-time clock tells a believable time (these): the clock was
    /// left as it is.
    Unbelievable(Vec<Rtc>),
}

impl Outcome {
    /// Its lines, for people (and the system journal).
    pub fn said(&self) -> Vec<Msg> {
        match self {
            Outcome::Set(rtc) => {
                let time = rtc.believable().map_or("", |(_, shown)| shown);
                vec![msg!("cli.clock.set", device = rtc.device.as_str(), name = rtc.name.as_str(), time)]
            }
            Outcome::Network => vec![msg!("cli.clock.network")],
            Outcome::NoRtc => vec![msg!("cli.clock.no_rtc")],
            Outcome::Unbelievable(rtcs) => {
                rtcs.iter().map(Rtc::said).chain(std::iter::once(msg!("cli.clock.left"))).collect()
            }
        }
    }
}

/// Why [`set_from_rtc`] could not do its part.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClockError {
    /// Setting the system clock from this clock (its device and name)
    /// failed (not root, no `date`).
    Set { device: String, name: String, error: String },
    /// The clock is set from this device, but [`SET_AT_BOOT`] could not be left.
    Marker { device: String, error: String },
}

impl Said for ClockError {
    fn msg(&self) -> Msg {
        match self {
            ClockError::Set { device, name, error } => {
                msg!("cli.clock.set_failed", device = device.as_str(), name = name.as_str(), error = error.as_str())
            }
            ClockError::Marker { device, error } => msg!(
                "cli.clock.marker_failed",
                device = device.as_str(),
                path = format!("/{SET_AT_BOOT}"),
                error = error.as_str()
            ),
        }
    }
}

/// Sets the system clock under `root` from its best real-time clock, with
/// `set` (seconds since 1970, UTC; [`set_system_clock`] on the box), unless
/// network time set it already; then leaves [`SET_AT_BOOT`]. A clock that
/// tells no believable time is never used: the clock is then left as it is.
pub fn set_from_rtc(root: &Path, set: impl FnOnce(u64) -> Result<(), String>) -> Result<Outcome, ClockError> {
    if root.join(NETWORK_TIME).exists() {
        return Ok(Outcome::Network);
    }
    let all = rtcs(root);
    if all.is_empty() {
        return Ok(Outcome::NoRtc);
    }
    let Some(rtc) = all.iter().find(|r| r.believable().is_some()).cloned() else {
        return Ok(Outcome::Unbelievable(all));
    };
    let (secs, _) = rtc.believable().expect("a believable clock");
    if let Err(error) = set(secs) {
        return Err(ClockError::Set { device: rtc.device, name: rtc.name, error });
    }
    let marker = root.join(SET_AT_BOOT);
    let written = marker
        .parent()
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|()| std::fs::write(&marker, format!("{} {} {secs}\n", rtc.device, rtc.name)));
    match written {
        Ok(()) => Ok(Outcome::Set(rtc)),
        Err(e) => Err(ClockError::Marker { device: rtc.device, error: e.to_string() }),
    }
}

/// Sets the system clock to `secs` since 1970 (UTC), with `date` (as root).
pub fn set_system_clock(secs: u64) -> Result<(), String> {
    let out = std::process::Command::new("date")
        .args(["-u", "-s", &format!("@{secs}")])
        .output()
        .map_err(|e| format!("date: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).trim().to_string())
    }
}

/// `tavola clock`: each real-time clock under `root` and what it tells,
/// which one sets the clock at boot, and whether the clock can be trusted
/// now. With `set` (`tavola clock --set`, as root at boot), sets the clock
/// from the best one instead ([`set_from_rtc`]); why it could not, as a
/// [`ClockError`] to say in `lang` too.
pub fn cli(root: &Path, set: bool, lang: Lang) -> Result<String, ClockError> {
    let mut lines: Vec<Msg> = Vec::new();
    if set {
        lines.extend(set_from_rtc(root, set_system_clock)?.said());
    } else {
        let all = rtcs(root);
        if all.is_empty() {
            lines.push(msg!("cli.clock.no_rtc"));
        }
        lines.extend(all.iter().map(Rtc::said));
        if let Some(rtc) = all.iter().find(|r| r.believable().is_some()) {
            lines.push(msg!("cli.clock.best", device = rtc.device.as_str(), name = rtc.name.as_str()));
        }
        lines.push(if synchronised(root) { msg!("cli.clock.trusted") } else { msg!("cli.clock.unsure") });
    }
    Ok(lines.iter().map(|m| lang.text(m) + "\n").collect())
}

#[cfg(test)]
mod tests;
