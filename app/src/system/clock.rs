//! Whether the wall clock can be trusted.
//!
//! A Pi has no clock of its own that runs while it is off: a box that is
//! never online starts from the time it last saved (fake-hwclock) and dates
//! its games from then. The clock is right once systemd-timesyncd
//! synchronised it (it touches `/run/systemd/timesync/synchronized`), or when
//! the kernel set it from a real-time clock at boot (the RTC's `hctosys`
//! attribute reads 1; see hardware/bom.md for the DS3231).

use std::path::Path;

/// Whether the clock under `root` (`/` on the box) was ever synchronised
/// since boot: by network time, or from a real-time clock.
pub fn synchronised(root: &Path) -> bool {
    root.join("run/systemd/timesync/synchronized").exists()
        || std::fs::read_to_string(root.join("sys/class/rtc/rtc0/hctosys")).is_ok_and(|v| v.trim() == "1")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_is_trusted_after_network_time_or_an_rtc_at_boot_and_not_before() {
        let root = tempfile::tempdir().unwrap();
        let r = root.path();
        assert!(!synchronised(r), "nothing says so: a box that was never online");

        // An RTC the kernel did not set the clock from (its battery is flat).
        let rtc = r.join("sys/class/rtc/rtc0");
        std::fs::create_dir_all(&rtc).unwrap();
        std::fs::write(rtc.join("hctosys"), "0\n").unwrap();
        assert!(!synchronised(r));
        // The kernel set the clock from it.
        std::fs::write(rtc.join("hctosys"), "1\n").unwrap();
        assert!(synchronised(r));

        // No RTC, but systemd-timesyncd reached a time server.
        let root = tempfile::tempdir().unwrap();
        let r = root.path();
        let timesync = r.join("run/systemd/timesync");
        std::fs::create_dir_all(&timesync).unwrap();
        assert!(!synchronised(r), "timesyncd's folder alone is not a synchronisation");
        std::fs::write(timesync.join("synchronized"), "").unwrap();
        assert!(synchronised(r));
    }
}
