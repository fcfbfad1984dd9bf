//! `scripts/install.sh --rtc ds3231`: the DS3231 real-time clock's overlay
//! switched on in config.txt for every model, so that its driver is loaded
//! at boot; and, with or without the option, the unit that sets the system
//! clock from a real-time clock at boot and the udev rule that starts it.
//! Checked against a folder standing for the Pi's card: dry run, real run,
//! second run, a line in another model's section, a clock the option does
//! not know, and the unit by `systemd-analyze verify`.

use crate::common;
use common::{card, install, repo, snapshot, Pi};
use std::process::Command;

/// Raspberry Pi OS's config.txt as it comes, I2C off, a model section at
/// the end (where a line added last would apply to that model only).
const CONFIG_TXT: &str = "\
# For more options and information see
# http://rptl.io/configtxt
#dtparam=i2c_arm=on
#dtparam=spi=on
dtparam=audio=on

[cm4]
otg_mode=1
";

fn config(pi: &Pi) -> String {
    std::fs::read_to_string(pi.root.join("boot/firmware/config.txt")).unwrap()
}

/// The active lines of config.txt that apply to every model (before any
/// section, or under `[all]`).
fn for_every_model(config: &str) -> Vec<String> {
    let mut section = "[all]".to_string();
    let mut out = Vec::new();
    for line in config.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        if line.starts_with('[') {
            section = line.to_string();
        } else if section == "[all]" {
            out.push(line.to_string());
        }
    }
    out
}

const OVERLAY: &str = "dtoverlay=i2c-rtc,ds3231";

#[test]
fn the_clocks_overlay_is_switched_on_for_every_model_once() {
    let pi = card(CONFIG_TXT);
    let before = snapshot(&pi.root);
    let (ok, said) = install(&pi, &["--rtc", "ds3231", "--dry-run"]);
    assert!(ok, "{said}");
    assert!(
        said.contains(
            "would: the real-time clock (ds3231): dtoverlay=i2c-rtc,ds3231 in /boot/firmware/config.txt \
             (takes effect after a reboot)"
        ),
        "{said}"
    );
    assert_eq!(snapshot(&pi.root), before, "a dry run changes nothing");

    let (ok, said) = install(&pi, &["--rtc", "ds3231"]);
    assert!(ok, "{said}");
    assert!(said.contains("the real-time clock (ds3231)") && said.contains("reboot"), "{said}");
    let lines = for_every_model(&config(&pi));
    assert!(lines.iter().any(|l| l == OVERLAY), "for every model, not the [cm4] section's:\n{}", config(&pi));
    assert!(lines.iter().any(|l| l == "dtparam=i2c_arm=on"), "the clock's bus is on:\n{}", config(&pi));
    for kept in ["dtparam=audio=on", "otg_mode=1"] {
        assert!(config(&pi).lines().any(|l| l == kept), "{kept} is kept");
    }

    let after = snapshot(&pi.root);
    let (ok, said) = install(&pi, &["--rtc", "ds3231"]);
    assert!(ok && said.contains("nothing to change"), "{said}");
    assert_eq!(snapshot(&pi.root), after, "a second run changes nothing");
    assert_eq!(config(&pi).matches(OVERLAY).count(), 1);
}

#[test]
fn a_clock_set_up_for_one_model_only_is_set_up_for_all() {
    // The overlay already there, but in the [cm4] section: a Pi 4 ignores it.
    let cm4_only = card(&format!("{CONFIG_TXT}{OVERLAY}\n"));
    let (ok, said) = install(&cm4_only, &["--rtc", "ds3231"]);
    assert!(ok, "{said}");
    assert!(for_every_model(&config(&cm4_only)).iter().any(|l| l == OVERLAY), "{}", config(&cm4_only));

    // Already on for every model, with a parameter of its own: left as it is.
    let pi = card(&format!("dtoverlay=i2c-rtc,ds3231,wakeup-source\n{CONFIG_TXT}"));
    install(&pi, &[]);
    let before = config(&pi);
    let (ok, said) = install(&pi, &["--rtc", "ds3231"]);
    assert!(ok && !said.contains("real-time clock"), "{said}");
    assert_eq!(config(&pi), before);
}

#[test]
fn a_clock_it_does_not_know_is_refused_before_anything_changes() {
    let pi = card(CONFIG_TXT);
    let before = snapshot(&pi.root);
    let (ok, said) = install(&pi, &["--rtc", "pcf8523"]);
    assert!(!ok && said.contains("say ds3231") && said.contains("nothing was changed"), "{said}");
    let (ok, said) = install(&pi, &["--rtc"]);
    assert!(!ok && said.contains("--rtc needs ds3231"), "{said}");
    assert_eq!(snapshot(&pi.root), before);
}

#[test]
fn the_unit_that_sets_the_clock_at_boot_is_installed_with_the_rule_that_starts_it() {
    let pi = card(CONFIG_TXT);
    let before = snapshot(&pi.root);
    let (ok, said) = install(&pi, &["--dry-run"]);
    assert!(ok, "{said}");
    for line in [
        "would: installed the clock's unit (the system clock set from a real-time clock at boot): \
         /etc/systemd/system/tavola-clock.service",
        "would: installed the rule that starts it when a real-time clock appears: /etc/udev/rules.d/90-tavola-clock.rules",
    ] {
        assert!(said.contains(line), "missing «{line}» in:\n{said}");
    }
    assert_eq!(snapshot(&pi.root), before, "a dry run changes nothing");

    let (ok, said) = install(&pi, &[]);
    assert!(ok, "{said}");
    let unit = std::fs::read_to_string(pi.root.join("etc/systemd/system/tavola-clock.service")).unwrap();
    assert_eq!(unit, std::fs::read_to_string(repo().join("deploy/tavola-clock.service")).unwrap());
    assert!(unit.lines().any(|l| l == "ExecStart=/usr/local/bin/tavola clock --set"), "{unit}");
    let rule = std::fs::read_to_string(pi.root.join("etc/udev/rules.d/90-tavola-clock.rules")).unwrap();
    let active: Vec<_> = rule.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')).collect();
    assert_eq!(
        active,
        [r#"ACTION=="add", SUBSYSTEM=="rtc", TAG+="systemd", ENV{SYSTEMD_WANTS}+="tavola-clock.service""#],
        "every clock that appears starts the unit"
    );
    let after = snapshot(&pi.root);
    let (ok, said) = install(&pi, &[]);
    assert!(ok && said.contains("nothing to change"), "{said}");
    assert_eq!(snapshot(&pi.root), after);

    // systemd's own check, on the program installed on the card.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tavola-clock.service");
    std::fs::write(&path, unit.replace("/usr/local/bin/", &format!("{}/usr/local/bin/", pi.root.display()))).unwrap();
    let out = match Command::new("systemd-analyze").arg("verify").arg(&path).output() {
        Ok(out) => out,
        Err(e) => panic!("systemd-analyze is needed ({e}): run scripts/setup.sh test"),
    };
    let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success() && said.trim().is_empty(), "systemd-analyze has remarks:\n{said}");
}
