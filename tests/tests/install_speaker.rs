//! `scripts/install.sh --speaker`: the speaker the owner chose written into
//! Tavola's settings on the Pi's card (the owner's other lines kept), and
//! for the I2S amplifier its overlay in config.txt. Checked against a folder
//! standing for the card: dry run, real run, second run, a bad value.

use crate::common;
use common::{card, install, repo, snapshot, Pi};
use tavola_core::hw::speaker::{SpeakerChoice, SpeakerKind};
use tavola_core::settings::Settings;

/// Raspberry Pi OS's config.txt as it comes: the Pi's own audio on, a model
/// section at the end.
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

fn pi() -> Pi {
    card(CONFIG_TXT)
}

fn read(pi: &Pi, path: &str) -> String {
    std::fs::read_to_string(pi.root.join(path)).unwrap()
}

/// The lines in effect, each with the config.txt section it is in.
fn active_lines(config: &str) -> Vec<(String, String)> {
    let mut section = "[all]".to_string();
    let mut out = Vec::new();
    for line in config.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        if line.starts_with('[') {
            section = line.to_string();
        } else {
            out.push((section.clone(), line.to_string()));
        }
    }
    out
}

#[test]
fn a_dry_run_says_what_the_speaker_option_would_change_and_changes_nothing() {
    let pi = pi();
    let before = snapshot(&pi.root);
    let (ok, said) = install(&pi, &["--dry-run", "--speaker", "i2s"]);
    assert!(ok, "{said}");
    assert_eq!(snapshot(&pi.root), before, "a dry run leaves the card as it was:\n{said}");
    for expected in [
        "would: the narration on the speaker i2s: speaker = \"i2s\" in /etc/tavola/settings.toml",
        "would: the I2S amplifier (MAX98357A): dtoverlay=max98357a in /boot/firmware/config.txt (takes effect after a reboot)",
        "nothing was changed",
    ] {
        assert!(said.contains(expected), "missing «{expected}» in:\n{said}");
    }
}

#[test]
fn the_amplifier_gets_its_setting_and_its_overlay_once_and_the_owners_settings_are_kept() {
    let pi = pi();
    // The owner's settings, already on the card.
    let mine = "# my table\nlang = \"en\"\nvolume = 55\n\n[timers]\nvote_s = 45\n";
    std::fs::create_dir_all(pi.root.join("etc/tavola")).unwrap();
    std::fs::write(pi.root.join("etc/tavola/settings.toml"), mine).unwrap();

    let (ok, said) = install(&pi, &["--speaker", "i2s"]);
    assert!(ok, "{said}");
    assert!(said.contains("dtoverlay=max98357a") && said.contains("reboot"), "a reboot is said: {said}");
    let text = read(&pi, "etc/tavola/settings.toml");
    for kept in ["# my table", "lang = \"en\"", "volume = 55", "[timers]", "vote_s = 45"] {
        assert!(text.lines().any(|l| l == kept), "{kept} is kept:\n{text}");
    }
    let settings = Settings::parse(&text).unwrap_or_else(|e| panic!("{e}:\n{text}"));
    assert_eq!(settings.speaker, Some(SpeakerChoice::Kind(SpeakerKind::I2s)), "{text}");
    assert_eq!(settings.volume, Some(55));
    assert_eq!(
        settings.timers.map(|t| t.seconds(&tavola_games::avalon::VOTE)),
        Some(45),
        "the timers stay a table of their own:\n{text}"
    );

    let config = read(&pi, "boot/firmware/config.txt");
    let active = active_lines(&config);
    assert!(active.contains(&("[all]".into(), "dtoverlay=max98357a".into())), "under [all]:\n{config}");
    // The overlay's README asks for nothing more: the Pi's own audio is left on.
    assert!(active.contains(&("[all]".into(), "dtparam=audio=on".into())), "{config}");
    assert!(!config.contains("dtparam=audio=off"), "{config}");
    assert!(active.contains(&("[cm4]".into(), "otg_mode=1".into())), "the model's section is kept:\n{config}");

    // Again: nothing changes.
    let after_first = snapshot(&pi.root);
    let (ok, said) = install(&pi, &["--speaker", "i2s"]);
    assert!(ok && said.contains("nothing to change"), "{said}");
    assert_eq!(snapshot(&pi.root), after_first, "the second run changed files");

    // Another speaker: the line is changed where it is, the overlay stays.
    let (ok, said) = install(&pi, &["--speaker", "usb"]);
    assert!(ok, "{said}");
    let text = read(&pi, "etc/tavola/settings.toml");
    assert_eq!(text.lines().filter(|l| l.starts_with("speaker")).count(), 1, "{text}");
    assert_eq!(Settings::parse(&text).unwrap().speaker, Some(SpeakerChoice::Kind(SpeakerKind::Usb)));
    assert_eq!(read(&pi, "boot/firmware/config.txt"), config, "config.txt untouched");
}

#[test]
fn the_installed_example_gets_the_speaker_in_place_of_auto() {
    let pi = pi();
    let (ok, said) = install(&pi, &["--speaker", "hdmi"]);
    assert!(ok, "{said}");
    let example = std::fs::read_to_string(repo().join("deploy/settings.example.toml")).unwrap();
    assert!(example.contains("\nspeaker = \"auto\"\n"), "the example says auto");
    assert_eq!(read(&pi, "etc/tavola/settings.toml"), example.replace("speaker = \"auto\"", "speaker = \"hdmi\""));
    assert_eq!(
        Settings::parse(&read(&pi, "etc/tavola/settings.toml")).unwrap().speaker,
        Some(SpeakerChoice::Kind(SpeakerKind::Hdmi))
    );
    assert_eq!(read(&pi, "boot/firmware/config.txt").matches("max98357a").count(), 0, "no overlay but for i2s");
    let (ok, said) = install(&pi, &["--speaker", "hdmi"]);
    assert!(ok && said.contains("nothing to change"), "{said}");
}

#[test]
fn an_amplifier_set_up_with_the_hifiberry_overlay_gets_no_second_one() {
    let pi = pi();
    let config = format!("{CONFIG_TXT}\n[all]\ndtoverlay=hifiberry-dac\n");
    std::fs::write(pi.root.join("boot/firmware/config.txt"), &config).unwrap();
    let (ok, said) = install(&pi, &["--speaker", "i2s"]);
    assert!(ok, "{said}");
    let now = read(&pi, "boot/firmware/config.txt");
    assert!(!now.contains("max98357a"), "{now}");
    assert!(now.contains("dtoverlay=hifiberry-dac"), "{now}");
}

#[test]
fn a_bad_speaker_is_refused_before_anything_changes() {
    let pi = pi();
    let before = snapshot(&pi.root);
    for bad in [&["--speaker", "bluetooth"][..], &["--speaker", "auto"], &["--speaker"]] {
        let (ok, said) = install(&pi, bad);
        assert!(!ok, "{bad:?}: {said}");
        assert!(said.contains("hdmi, jack, usb or i2s"), "{bad:?}: {said}");
    }
    let (ok, said) = install(&pi, &["--speaker", "bluetooth"]);
    assert!(!ok && said.contains("nothing was changed"), "{said}");
    assert_eq!(snapshot(&pi.root), before, "nothing was changed");
    // The help lists the option.
    let (ok, said) = install(&pi, &["--help"]);
    assert!(ok && said.contains("--speaker KIND") && said.contains("--touch-rotation DEG"), "{said}");
}
