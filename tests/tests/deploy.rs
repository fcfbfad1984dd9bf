//! The appliance's installation, checked on any machine: `scripts/install.sh`
//! run against a folder standing for the Pi's SD card (dry run, real run,
//! second run), and the systemd unit it installs checked by
//! `systemd-analyze verify`.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common;
use common::{card, install, repo, snapshot, Pi};

/// Raspberry Pi OS's config.txt as it comes: SPI commented out, I2C off, a
/// model section at the end.
const CONFIG_TXT: &str = "\
# For more options and information see
# http://rptl.io/configtxt
#dtparam=i2c_arm=on
#dtparam=i2s=on
#dtparam=spi=on
dtparam=audio=on
camera_auto_detect=1

[cm4]
otg_mode=1
";

/// A card as Raspberry Pi OS comes, with a voice pack for each language.
fn pi() -> Pi {
    let pi = card(CONFIG_TXT);
    for lang in ["it", "en"] {
        std::fs::create_dir_all(pi.voices.join(lang).join("clips")).unwrap();
        std::fs::write(pi.voices.join(lang).join("manifest.json"), format!("{{\"lang\":\"{lang}\"}}")).unwrap();
        std::fs::write(pi.voices.join(lang).join("clips/welcome.ogg"), b"OggS....").unwrap();
    }
    pi
}

fn active_lines(config: &str) -> Vec<&str> {
    config.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).collect()
}

#[test]
fn a_dry_run_lists_every_change_and_changes_nothing() {
    let pi = pi();
    let before = snapshot(&pi.root);
    let (ok, said) = install(&pi, &["--dry-run"]);
    assert!(ok, "{said}");
    assert_eq!(snapshot(&pi.root), before, "a dry run leaves the card as it was:\n{said}");
    for expected in [
        "would: installed the program: /usr/local/bin/tavola",
        "would: voice pack it: 2 files",
        "would: installed the systemd unit: /etc/systemd/system/tavola.service",
        "would: installed the restart guard: /usr/local/lib/tavola/restart-guard",
        "would: installed the console's words (it): /usr/local/share/tavola/console.it",
        "would: installed the pin map: /etc/tavola/pinmap.toml",
        "would: installed the settings for the service: /etc/tavola/tavola.env",
        "would: installed Tavola's settings: /etc/tavola/settings.toml",
        "would: enabled tavola.service at boot",
        "would: SPI was off: switched on in /boot/firmware/config.txt",
        "would: I2C was off",
        "nothing was changed",
        "the program needs these packages: libinput10 libxkbcommon0",
    ] {
        assert!(said.contains(expected), "missing «{expected}» in:\n{said}");
    }
}

#[test]
fn install_places_everything_switches_spi_and_i2c_on_and_a_second_run_changes_nothing() {
    let pi = pi();
    let (ok, said) = install(&pi, &[]);
    assert!(ok, "{said}");
    let r = &pi.root;
    assert_eq!(std::fs::read(r.join("usr/local/bin/tavola")).unwrap(), std::fs::read(&pi.binary).unwrap());
    let out = Command::new(r.join("usr/local/bin/tavola")).output().unwrap();
    assert!(out.status.success(), "the installed program is executable");
    for lang in ["it", "en"] {
        let pack = r.join("usr/local/share/tavola/voices").join(lang);
        assert!(pack.join("manifest.json").is_file() && pack.join("clips/welcome.ogg").is_file(), "{lang}");
    }
    assert_eq!(
        std::fs::read_to_string(r.join("etc/systemd/system/tavola.service")).unwrap(),
        std::fs::read_to_string(repo().join("deploy/tavola.service")).unwrap()
    );
    let guard = r.join("usr/local/lib/tavola/restart-guard");
    assert_eq!(std::fs::read(&guard).unwrap(), std::fs::read(repo().join("deploy/restart-guard")).unwrap());
    assert!(Command::new(&guard).arg("--help").output().is_ok(), "the restart guard is executable");
    assert_eq!(
        std::fs::read_link(r.join("etc/systemd/system/multi-user.target.wants/tavola.service")).unwrap(),
        Path::new("/etc/systemd/system/tavola.service")
    );
    assert_eq!(
        std::fs::read_to_string(r.join("etc/tavola/pinmap.toml")).unwrap(),
        std::fs::read_to_string(repo().join("hardware/pinmap.toml")).unwrap()
    );
    assert!(r.join("etc/tavola/tavola.env").is_file());
    assert_eq!(
        std::fs::read_to_string(r.join("etc/tavola/settings.toml")).unwrap(),
        std::fs::read_to_string(repo().join("deploy/settings.example.toml")).unwrap()
    );
    assert!(r.join("etc/systemd/journald.conf.d/tavola.conf").is_file(), "the system log is bounded");

    let config = std::fs::read_to_string(r.join("boot/firmware/config.txt")).unwrap();
    let active = active_lines(&config);
    assert!(active.contains(&"dtparam=spi=on"), "{config}");
    assert!(active.contains(&"dtparam=i2c_arm=on"), "{config}");
    for kept in ["dtparam=audio=on", "camera_auto_detect=1", "otg_mode=1"] {
        assert!(active.contains(&kept), "{kept} is kept: {config}");
    }
    // Both lines apply to every model: neither sits in the [cm4] section.
    let mut section = "[all]";
    for line in &active {
        if line.starts_with('[') {
            section = line;
        } else if line.starts_with("dtparam=spi") || line.starts_with("dtparam=i2c_arm") {
            assert_eq!(section, "[all]", "{line} applies to every model:\n{config}");
        }
    }
    assert!(said.contains("SPI was off") && said.contains("reboot"), "{said}");

    let after_first = snapshot(r);
    let (ok, said) = install(&pi, &[]);
    assert!(ok, "{said}");
    assert!(said.contains("nothing to change"), "{said}");
    assert!(!said.contains("installed") && !said.contains("switched on"), "{said}");
    assert_eq!(snapshot(r), after_first, "the second run changed files");
}

#[test]
fn an_edited_pin_map_and_env_file_are_kept_and_rotation_is_set() {
    let pi = pi();
    let (ok, said) = install(&pi, &[]);
    assert!(ok, "{said}");
    let pinmap = pi.root.join("etc/tavola/pinmap.toml");
    let mine = format!("{}\n# my own wiring\n", std::fs::read_to_string(&pinmap).unwrap());
    std::fs::write(&pinmap, &mine).unwrap();
    let (ok, said) = install(&pi, &["--rotation", "90"]);
    assert!(ok, "{said}");
    assert_eq!(std::fs::read_to_string(&pinmap).unwrap(), mine, "the owner's pin map is not overwritten");
    assert!(said.contains("kept your /etc/tavola/pinmap.toml"), "{said}");
    let env = std::fs::read_to_string(pi.root.join("etc/tavola/tavola.env")).unwrap();
    assert!(env.lines().any(|l| l == "SLINT_KMS_ROTATION=90"), "{env}");
    let rules = std::fs::read_to_string(pi.root.join("etc/udev/rules.d/90-tavola-touch.rules")).unwrap();
    assert!(rules.contains("LIBINPUT_CALIBRATION_MATRIX}=\"0 1 0 -1 0 1\""), "{rules}");
    let (ok, said) = install(&pi, &["--rotation", "90"]);
    assert!(ok && said.contains("nothing to change"), "{said}");
}

#[test]
fn a_desktop_binary_or_a_bad_option_is_refused_before_anything_changes() {
    let pi = pi();
    // An x86-64 ELF header (machine 0x3E) where the Pi needs aarch64 (0xB7).
    let mut elf = vec![0x7f, b'E', b'L', b'F', 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0x3e, 0];
    elf.resize(64, 0);
    std::fs::write(&pi.binary, &elf).unwrap();
    let before = snapshot(&pi.root);
    let (ok, said) = install(&pi, &[]);
    assert!(!ok, "{said}");
    assert!(said.contains("aarch64") && said.contains("cross-build.sh"), "{said}");
    let (ok, said) = install(&pi, &["--rotation", "45"]);
    assert!(!ok && said.contains("0, 90, 180 or 270"), "{said}");
    assert_eq!(snapshot(&pi.root), before, "nothing was changed");
}

/// The unit as installed, checked by systemd itself. systemd-analyze comes
/// with systemd, which `scripts/setup.sh test` installs: its absence is a
/// failure here, never a silent pass.
#[test]
fn the_unit_passes_systemd_analyze_verify() {
    let pi = pi();
    let (ok, said) = install(&pi, &[]);
    assert!(ok, "{said}");
    // verify checks that the programs exist: point it at the installed ones.
    let installed = |dir: &str| format!("{}/usr/local/{dir}/", pi.root.display());
    let unit = std::fs::read_to_string(pi.root.join("etc/systemd/system/tavola.service"))
        .unwrap()
        .replace("/usr/local/bin/", &installed("bin"))
        .replace("/usr/local/lib/", &installed("lib"));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tavola.service");
    std::fs::write(&path, unit).unwrap();
    let out = match Command::new("systemd-analyze").arg("verify").arg(&path).output() {
        Ok(out) => out,
        Err(e) => panic!("systemd-analyze is needed ({e}): run scripts/setup.sh test"),
    };
    let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{said}");
    // Unknown keys and bad values are only warnings for systemd: none allowed.
    assert!(said.trim().is_empty(), "systemd-analyze has remarks:\n{said}");

    let broken = std::fs::read_to_string(&path).unwrap().replace("Restart=always", "Restart=sometimes");
    std::fs::write(&path, broken).unwrap();
    let out = Command::new("systemd-analyze").arg("verify").arg(&path).output().unwrap();
    assert!(!String::from_utf8_lossy(&out.stderr).trim().is_empty(), "a broken unit is noticed");
}

/// A Raspberry Pi OS root's list of installed packages, as dpkg keeps it.
fn dpkg_status(installed: &[&str], removed: &[&str]) -> String {
    let stanza = |name: &str, status: &str| {
        format!("Package: {name}\nStatus: {status}\nPriority: optional\nArchitecture: arm64\nVersion: 1.0\n\n")
    };
    installed
        .iter()
        .map(|p| stanza(p, "install ok installed"))
        .chain(removed.iter().map(|p| stanza(p, "deinstall ok config-files")))
        .collect()
}

const RUNTIME: [&str; 7] =
    ["libinput10", "libxkbcommon0", "libfontconfig1", "fonts-dejavu-core", "libasound2", "libudev1", "espeak-ng"];

/// The program does not start without its libraries (a minimal image lacks
/// libxkbcommon0): on a card whose package list says they are all there,
/// nothing is installed; one that lacks some, and whose programs this
/// machine cannot run, is refused before anything changes, naming them.
#[test]
fn the_libraries_the_program_needs_are_checked_on_the_card() {
    let complete = pi();
    std::fs::create_dir_all(status_path(&complete).parent().unwrap()).unwrap();
    std::fs::write(status_path(&complete), dpkg_status(&RUNTIME, &[])).unwrap();
    let (ok, said) = install(&complete, &[]);
    assert!(ok, "{said}");
    assert!(!said.contains("libraries") && !said.contains("packages"), "all there, none named:\n{said}");

    let pi = pi();
    std::fs::create_dir_all(status_path(&pi).parent().unwrap()).unwrap();
    // libxkbcommon0 removed (its settings left), espeak-ng never installed.
    let present: Vec<&str> = RUNTIME.iter().copied().filter(|p| *p != "libxkbcommon0" && *p != "espeak-ng").collect();
    std::fs::write(status_path(&pi), dpkg_status(&present, &["libxkbcommon0"])).unwrap();
    let (ok, said) = install(&pi, &["--dry-run"]);
    assert!(ok, "{said}");
    assert!(said.contains("would: installed the libraries it needs: libxkbcommon0 espeak-ng"), "{said}");
    let before = snapshot(&pi.root);
    // The card's root has no programs of its own here: they cannot be run.
    let (ok, said) = install(&pi, &[]);
    assert!(!ok, "{said}");
    assert!(said.contains("lacks libxkbcommon0 espeak-ng") && said.contains("nothing was changed"), "{said}");
    assert_eq!(snapshot(&pi.root), before, "refused before anything changed:\n{said}");
}

fn status_path(pi: &Pi) -> PathBuf {
    pi.root.join("var/lib/dpkg/status")
}

#[test]
fn touch_display_2_is_turned_to_landscape_with_its_touches_and_its_console() {
    let pi = pi();
    let cmdline = pi.root.join("boot/firmware/cmdline.txt");
    std::fs::write(
        &cmdline,
        "console=serial0,115200 console=tty1 root=PARTUUID=1234-02 rootwait video=DSI-1:800x480@60\n",
    )
    .unwrap();
    let (ok, said) = install(&pi, &["--display", "touch-display-2"]);
    assert!(ok, "{said}");
    let env = std::fs::read_to_string(pi.root.join("etc/tavola/tavola.env")).unwrap();
    assert!(env.lines().any(|l| l == "SLINT_KMS_ROTATION=90"), "a quarter turn clockwise by default: {env}");
    let rules = std::fs::read_to_string(pi.root.join("etc/udev/rules.d/90-tavola-touch.rules")).unwrap();
    assert!(rules.contains("touches turned by 90 degrees"), "{rules}");
    assert_eq!(
        std::fs::read_to_string(&cmdline).unwrap(),
        "console=serial0,115200 console=tty1 root=PARTUUID=1234-02 rootwait video=DSI-1:720x1280@60,rotate=90\n",
        "the console turned the same way, the boot's own words kept"
    );
    assert!(said.contains("reboot"), "{said}");
    let (ok, said) = install(&pi, &["--display", "touch-display-2"]);
    assert!(ok && said.contains("nothing to change"), "a second run changes nothing: {said}");
    // Mounted the other way up.
    let (ok, said) = install(&pi, &["--display", "touch-display-2", "--rotation", "270"]);
    assert!(ok, "{said}");
    assert!(std::fs::read_to_string(&cmdline).unwrap().ends_with("rootwait video=DSI-1:720x1280@60,rotate=270\n"));
    let env = std::fs::read_to_string(pi.root.join("etc/tavola/tavola.env")).unwrap();
    assert!(env.lines().any(|l| l == "SLINT_KMS_ROTATION=270"), "{env}");
    // A portrait panel left portrait, or a screen Tavola does not know, is refused before anything changes.
    let before = snapshot(&pi.root);
    for bad in [&["--display", "touch-display-2", "--rotation", "180"][..], &["--display", "hdmi-7"][..]] {
        let (ok, said) = install(&pi, bad);
        assert!(!ok && said.contains("nothing was changed"), "{bad:?}: {said}");
    }
    assert_eq!(snapshot(&pi.root), before);
}

/// The box draws with the renderer every picture test draws with: the unit
/// asks LinuxKMS for the software renderer, and no GPU renderer is built
/// into the Pi's program that it could fall back on or be switched to.
#[test]
fn the_box_draws_with_the_renderer_the_tests_check() {
    let unit = std::fs::read_to_string(repo().join("deploy/tavola.service")).unwrap();
    assert!(unit.lines().any(|l| l == "Environment=SLINT_BACKEND=linuxkms-software"), "{unit}");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .current_dir(repo())
        // The Pi's features on this Linux machine: the same graph as on the
        // Pi's processor, its crates already fetched by the Pi's build (or
        // fetched now: not offline, so that a fresh machine's order passes).
        .args(["tree", "--locked", "-p", "tavola", "--features", "rpi", "-e", "normal", "--prefix", "none"])
        .output()
        .expect("cargo runs");
    let tree = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && tree.contains("i-slint-renderer-software"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for gpu in ["i-slint-renderer-femtovg", "i-slint-renderer-skia", "glutin"] {
        assert!(!tree.lines().any(|l| l.starts_with(&format!("{gpu} "))), "{gpu} is built into the Pi's program");
    }
}
