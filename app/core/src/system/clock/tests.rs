//! The clock against the recorded trees of `trees/` (see its README): a Pi 4
//! with a DS3231, the same with its oscillator stopped, a Pi 5 with and
//! without its battery, a Pi 5 with a DS3231 as rtc1, a Pi with none.

use super::*;
use std::cell::Cell;
use std::path::PathBuf;

/// A copy of the recorded tree `name`, links kept, to write `/run` into.
fn tree(name: &str) -> tempfile::TempDir {
    fn copy(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap() {
            let entry = entry.unwrap();
            let (src, dest) = (entry.path(), to.join(entry.file_name()));
            let kind = std::fs::symlink_metadata(&src).unwrap().file_type();
            if kind.is_symlink() {
                std::os::unix::fs::symlink(std::fs::read_link(&src).unwrap(), &dest).unwrap();
            } else if kind.is_dir() {
                copy(&src, &dest);
            } else {
                std::fs::copy(&src, &dest).unwrap();
            }
        }
    }
    let recorded = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src/system/clock/trees").join(name);
    assert!(recorded.is_dir(), "{}", recorded.display());
    let dir = tempfile::tempdir().unwrap();
    copy(&recorded, dir.path());
    dir
}

/// `set_from_rtc` with a system clock that records what it was set to.
fn boot(root: &Path) -> (Result<Outcome, ClockError>, Option<u64>) {
    let set_to = Cell::new(None);
    let outcome = set_from_rtc(root, |secs| {
        set_to.set(Some(secs));
        Ok(())
    });
    (outcome, set_to.get())
}

fn lines(outcome: &Outcome, lang: Lang) -> String {
    outcome.said().iter().map(|m| lang.text(m)).collect::<Vec<_>>().join("\n")
}

#[test]
fn a_pi4_with_a_ds3231_the_kernel_did_not_set_the_clock_from_is_set_from_it_at_boot() {
    let root = tree("pi4-ds3231");
    let r = root.path();
    assert!(!synchronised(r), "hctosys reads 0: nothing set the clock yet");

    let (outcome, set_to) = boot(r);
    let outcome = outcome.unwrap();
    assert_eq!(set_to, Some(1_796_064_127), "the system clock takes the DS3231's time");
    let Outcome::Set(rtc) = &outcome else { panic!("{outcome:?}") };
    assert_eq!((rtc.device.as_str(), rtc.name.as_str(), rtc.kind()), ("rtc0", "rtc-ds1307 1-0068", Kind::Ds3231));
    assert_eq!(lines(&outcome, Lang::En), "The clock is set from rtc0 (rtc-ds1307 1-0068): 2026-11-30 18:42:07 UTC.");
    assert_eq!(
        lines(&outcome, Lang::It),
        "L'orologio è impostato da rtc0 (rtc-ds1307 1-0068): 2026-11-30 18:42:07 UTC."
    );
    assert!(synchronised(r), "games begun from now on are dated by it");
    assert_eq!(std::fs::read_to_string(r.join(SET_AT_BOOT)).unwrap(), "rtc0 rtc-ds1307 1-0068 1796064127\n");
}

#[test]
fn a_pi5_without_its_battery_reads_1970_and_is_not_believed_though_the_kernel_set_the_clock_from_it() {
    let root = tree("pi5-no-battery");
    let r = root.path();
    let rtc = &rtcs(r)[0];
    assert!(rtc.hctosys && rtc.kind() == Kind::Pi5, "{rtc:?}");
    assert!(!synchronised(r), "a clock set to 1970 is not a clock that can be trusted");

    let (outcome, set_to) = boot(r);
    let outcome = outcome.unwrap();
    assert_eq!(set_to, None, "the clock is left as it is");
    assert!(matches!(outcome, Outcome::Unbelievable(_)), "{outcome:?}");
    assert_eq!(
        lines(&outcome, Lang::En),
        "rtc0 (rpi-rtc soc:rpi_rtc): reads 1970-01-01 00:01:31 UTC, before 2026-01-01: its battery is flat or \
         missing, or it was never set.\nNo real-time clock tells a believable time: the clock is left as it is."
    );
    assert!(lines(&outcome, Lang::It).contains("prima del 2026-01-01"), "{}", lines(&outcome, Lang::It));
    assert!(!r.join(SET_AT_BOOT).exists());
    assert!(!synchronised(r));
}

#[test]
fn a_pi5_with_its_battery_is_believed_as_the_kernel_set_the_clock_from_it() {
    let root = tree("pi5-battery");
    let r = root.path();
    assert!(synchronised(r), "hctosys 1 and a believable time: the kernel did the work");
    let (outcome, set_to) = boot(r);
    let Outcome::Set(rtc) = outcome.unwrap() else { panic!() };
    assert_eq!((rtc.name.as_str(), rtc.driver.as_str()), ("rpi-rtc soc:rpi_rtc", "rpi-rtc"));
    assert_eq!(set_to, Some(1_796_109_342));
}

#[test]
fn on_a_pi5_a_ds3231_is_rtc1_and_is_found_by_its_name() {
    let root = tree("pi5-ds3231");
    let r = root.path();
    let all = rtcs(r);
    let names: Vec<_> = all.iter().map(|c| (c.device.as_str(), c.kind())).collect();
    assert_eq!(names, [("rtc1", Kind::Ds3231), ("rtc0", Kind::Pi5)], "the module first, whatever its number");
    assert!(!synchronised(r), "rtc0's hctosys is 1, but it read 1970");

    let (outcome, set_to) = boot(r);
    let Outcome::Set(rtc) = outcome.unwrap() else { panic!() };
    assert_eq!(rtc.device, "rtc1");
    assert_eq!(set_to, Some(1_795_986_190), "the DS3231's time, not the board's 1970");
    assert!(synchronised(r));

    let said = cli(r, false, Lang::En).unwrap();
    assert!(said.contains("rtc1 (rtc-ds1307 1-0068): 2026-11-29 21:03:10 UTC."), "{said}");
    assert!(said.contains("rtc0 (rpi-rtc soc:rpi_rtc): reads 1970-01-01 00:00:58 UTC"), "{said}");
    assert!(said.contains("At boot the clock is set from rtc1 (rtc-ds1307 1-0068)."), "{said}");
}

#[test]
fn a_ds3231_whose_oscillator_stopped_refuses_to_read_and_is_not_used() {
    let root = tree("pi4-ds3231-stopped");
    let r = root.path();
    let rtc = &rtcs(r)[0];
    assert!(matches!(rtc.reading, Reading::Refused(_)), "{rtc:?}");
    assert_eq!(best(r), None);
    let (outcome, set_to) = boot(r);
    let outcome = outcome.unwrap();
    assert_eq!(set_to, None);
    let en = lines(&outcome, Lang::En);
    assert!(en.starts_with("rtc0 (rtc-ds1307 1-0068): does not tell the time ("), "{en}");
    assert!(en.contains("its oscillator stopped"), "{en}");
    assert!(lines(&outcome, Lang::It).contains("non dice l'ora"), "{}", lines(&outcome, Lang::It));
    assert!(!synchronised(r));
}

#[test]
fn a_pi_without_a_real_time_clock_leaves_the_clock_alone() {
    let root = tree("pi4-no-rtc");
    let r = root.path();
    assert!(rtcs(r).is_empty());
    let (outcome, set_to) = boot(r);
    assert_eq!(outcome.unwrap(), Outcome::NoRtc);
    assert_eq!(set_to, None);
    assert!(!synchronised(r));
    let said = cli(r, false, Lang::En).unwrap();
    assert_eq!(
        said,
        "No real-time clock.\nThe clock was not set since boot (no network time, no real-time clock that tells a \
         believable time): games begun now are marked as of uncertain date.\n"
    );
}

#[test]
fn network_time_is_never_overwritten_by_a_real_time_clock() {
    let root = tree("pi4-ds3231");
    let r = root.path();
    std::fs::create_dir_all(r.join("run/systemd/timesync")).unwrap();
    assert!(!synchronised(r), "timesyncd's folder alone is not a synchronisation");

    std::fs::write(r.join(NETWORK_TIME), "").unwrap();
    let (outcome, set_to) = boot(r);
    assert_eq!(outcome.unwrap(), Outcome::Network);
    assert_eq!(set_to, None, "the DS3231 may be behind: network time is kept");
    assert!(synchronised(r));
}

#[test]
fn a_clock_that_cannot_be_set_says_so_and_claims_nothing() {
    let root = tree("pi4-ds3231");
    let r = root.path();
    let err = set_from_rtc(r, |_| Err("date: cannot set date: Operation not permitted".into())).unwrap_err();
    assert_eq!(
        err.text(Lang::En),
        "The clock could not be set from rtc0 (rtc-ds1307 1-0068): date: cannot set date: Operation not permitted"
    );
    assert!(err.text(Lang::It).contains("rtc0"), "{}", err.text(Lang::It));
    assert!(!r.join(SET_AT_BOOT).exists() && !synchronised(r), "games are still marked as of uncertain date");

    // Set, but /run cannot be written: said, and nothing claims the clock was set.
    std::fs::write(r.join("run"), "").unwrap();
    let set = Cell::new(false);
    let err = set_from_rtc(r, |_| {
        set.set(true);
        Ok(())
    })
    .unwrap_err();
    assert!(set.get());
    assert!(matches!(err, ClockError::Marker { .. }), "{err:?}");
    assert!(err.text(Lang::En).contains("/run/tavola-clock could not be written"), "{}", err.text(Lang::En));
    assert!(!synchronised(r));
}

#[test]
fn the_kernels_word_alone_is_not_enough_and_the_preferred_clock_comes_first() {
    // A clock of another kind (a virtual machine's) set the clock at boot with
    // a believable time: trusted. The same clock reading 2000: not.
    let root = tempfile::tempdir().unwrap();
    let r = root.path();
    let other = r.join("sys/class/rtc/rtc0");
    std::fs::create_dir_all(&other).unwrap();
    for (attr, value) in [("name", "rtc-pl031 9010000.pl031"), ("hctosys", "1"), ("since_epoch", "1796064127")] {
        std::fs::write(other.join(attr), format!("{value}\n")).unwrap();
    }
    let rtc = &rtcs(r)[0];
    assert_eq!((rtc.kind(), rtc.driver.as_str()), (Kind::Other, "rtc-pl031"), "the driver from the name");
    assert_eq!(rtc.believable(), Some((1_796_064_127, "@1796064127")), "no date or time: the seconds");
    assert!(synchronised(r));
    std::fs::write(other.join("since_epoch"), "946684800\n").unwrap();
    assert!(!synchronised(r), "2000-01-01: a DS3231 that lost its power");
    std::fs::write(other.join("since_epoch"), "garbage\n").unwrap();
    assert!(matches!(rtcs(r)[0].reading, Reading::Refused(_)));
}
