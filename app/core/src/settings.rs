//! `settings.toml`: the owner's start-up settings (language, seats on the
//! on-screen pad, timers, volume, narration pace, the speaker), read when Tavola starts
//! and checked, with errors that name the line. Every key may be left out.
//!
//! The file gives the box's defaults; what the host then changes on the
//! Settings screen is remembered in the journal and wins at the next start.
//! The file is `$TAVOLA_SETTINGS`, else `$XDG_CONFIG_HOME/tavola/settings.toml`,
//! else `~/.config/tavola/settings.toml`; no file is no change.
//! `deploy/settings.example.toml` lists every key.

use crate::games::Lang;
use crate::games::{timed_windows, TimedWindow};
use crate::hw::speaker::SpeakerChoice;
use crate::hw::HwError;
use crate::table::TimerConfig;
use serde::Deserialize;
use std::ops::Range;
use std::path::{Path, PathBuf};
use tavola_words::{msg, Msg, Said};
use toml::Spanned;

/// The longest warning before a timer ends, in seconds.
const MAX_WARNING_S: u32 = 900;

/// The environment variable naming the settings file.
pub const SETTINGS_ENV: &str = "TAVOLA_SETTINGS";

/// The settings found in the file (`None`: not set there).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Settings {
    /// The language at start.
    pub lang: Option<Lang>,
    /// Seats on the on-screen pad (1 to 10).
    pub seats: Option<u8>,
    /// Speaker volume, 0 to 100.
    pub volume: Option<u8>,
    /// Pauses between narrated lines, 0.5 (brisk) to 2.5 (slow).
    pub pace: Option<f32>,
    /// The timers, those not set keeping their defaults.
    pub timers: Option<TimerConfig>,
    /// The sound device the narration plays on (`speaker = "usb"`).
    pub speaker: Option<SpeakerChoice>,
}

/// A settings file that cannot be used, with its line. Its `Display` says
/// it in English, for logs.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("settings.toml{}: {}", .line.map(|l| format!(", line {l}")).unwrap_or_default(), self.text(Lang::En))]
pub struct SettingsError {
    /// Line in the file (1-based), when known.
    pub line: Option<usize>,
    /// What is wrong (a `notice.settings.*` message).
    pub problem: Msg,
}

impl Said for SettingsError {
    fn msg(&self) -> Msg {
        self.problem.clone()
    }
}

impl SettingsError {
    /// The notice shown at start-up: the file is ignored, the defaults used.
    pub fn notice(&self, path: &Path) -> HwError {
        let path = path.display().to_string();
        let problem = self.problem.clone();
        HwError::said(
            "settings",
            match self.line {
                Some(line) => msg!("notice.settings.ignored_at", path, line, problem),
                None => msg!("notice.settings.ignored", path, problem),
            },
        )
    }
}

/// The `[timers]` table: one key a window a game times (its name and
/// `_s`, see [`TimerConfig`]) and `warning_s`.
type RawTimers = std::collections::BTreeMap<String, Spanned<u32>>;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSettings {
    lang: Option<Spanned<String>>,
    seats: Option<Spanned<u8>>,
    volume: Option<Spanned<u8>>,
    pace: Option<Spanned<f64>>,
    speaker: Option<Spanned<String>>,
    timers: Option<RawTimers>,
}

fn line_of(text: &str, span: Range<usize>) -> usize {
    text[..span.start.min(text.len())].matches('\n').count() + 1
}

impl Settings {
    /// Reads and checks settings.
    pub fn parse(text: &str) -> Result<Settings, SettingsError> {
        let raw: RawSettings = toml::from_str(text).map_err(|e| {
            let m = e.message().trim().to_string();
            SettingsError {
                line: e.span().map(|s| line_of(text, s)),
                problem: msg!("notice.settings.unreadable", error = m),
            }
        })?;
        let bad = |span: Range<usize>, problem: Msg| SettingsError { line: Some(line_of(text, span)), problem };
        let mut s = Settings::default();
        if let Some(lang) = raw.lang {
            let code = lang.get_ref().as_str();
            s.lang = Some(Lang::from_code(code).ok_or_else(|| {
                let codes = Lang::ALL.iter().map(|l| format!("\"{}\"", l.code())).collect::<Vec<_>>().join(", ");
                bad(lang.span(), msg!("notice.settings.lang", code, codes))
            })?);
        }
        if let Some(seats) = raw.seats {
            let n = *seats.get_ref();
            if !(1..=10).contains(&n) {
                return Err(bad(seats.span(), msg!("notice.settings.seats", seats = n)));
            }
            s.seats = Some(n);
        }
        if let Some(volume) = raw.volume {
            let v = *volume.get_ref();
            if v > 100 {
                return Err(bad(volume.span(), msg!("notice.settings.volume", volume = v)));
            }
            s.volume = Some(v);
        }
        if let Some(pace) = raw.pace {
            let p = *pace.get_ref();
            if !(0.5..=2.5).contains(&p) {
                return Err(bad(pace.span(), msg!("notice.settings.pace", pace = p.to_string())));
            }
            s.pace = Some(p as f32);
        }
        if let Some(speaker) = raw.speaker {
            let value = speaker.get_ref().as_str();
            s.speaker = Some(SpeakerChoice::parse(value).ok_or_else(|| {
                bad(speaker.span(), msg!("notice.settings.speaker", value = value.escape_debug().to_string()))
            })?);
        }
        if let Some(t) = raw.timers {
            let mut timers = TimerConfig::default();
            for (key, value) in t {
                let secs = *value.get_ref();
                let window = key.strip_suffix("_s").and_then(TimedWindow::named);
                let most = window.map_or(MAX_WARNING_S, |w| w.max_s);
                if window.is_none() && key != "warning_s" {
                    let keys = timed_windows().map(|(_, w)| w.key()).chain(["warning_s".into()]);
                    let keys = keys.collect::<Vec<_>>().join(", ");
                    return Err(bad(value.span(), msg!("notice.settings.no_timer", key, keys)));
                }
                if secs > most {
                    return Err(bad(value.span(), msg!("notice.settings.timer", key, secs, most)));
                }
                match window {
                    Some(w) => timers.set(w, secs),
                    None => timers.warning_s = secs,
                }
            }
            s.timers = Some(timers);
        }
        Ok(s)
    }
}

/// The language a command of the command line speaks: the one it was
/// given (`--lang`), else the one chosen on the Settings screen (kept in
/// `journal`, when the command opened it), else the settings file's, else
/// English.
pub fn command_lang(given: Option<Lang>, journal: Option<&crate::journal::Journal>) -> Lang {
    given
        .or_else(|| journal.and_then(|j| j.setting::<Lang>("lang").ok().flatten()))
        .or_else(|| default_path().and_then(|p| load(&p).ok()).and_then(|s| s.lang))
        .unwrap_or(Lang::En)
}

/// The speaker a command of the command line plays on: the one chosen on
/// the Settings screen (kept in `journal`), else the settings file's, else
/// "auto".
pub fn command_speaker(journal: Option<&crate::journal::Journal>) -> SpeakerChoice {
    journal
        .and_then(|j| j.setting::<SpeakerChoice>("speaker").ok().flatten())
        .or_else(|| default_path().and_then(|p| load(&p).ok()).and_then(|s| s.speaker))
        .unwrap_or_default()
}

/// Where the settings file is looked for.
pub fn default_path() -> Option<PathBuf> {
    path_from(|k| std::env::var_os(k))
}

fn path_from(var: impl Fn(&str) -> Option<std::ffi::OsString>) -> Option<PathBuf> {
    let set = |k: &str| var(k).filter(|v| !v.is_empty()).map(PathBuf::from);
    set(SETTINGS_ENV)
        .or_else(|| set("XDG_CONFIG_HOME").map(|d| d.join("tavola/settings.toml")))
        .or_else(|| set("HOME").map(|d| d.join(".config/tavola/settings.toml")))
}

/// Reads the settings at `path`: no file is no settings; an unreadable or
/// wrong file is an error naming the line.
pub fn load(path: &Path) -> Result<Settings, SettingsError> {
    match std::fs::read_to_string(path) {
        Ok(text) => Settings::parse(&text),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Settings::default()),
        Err(e) => {
            Err(SettingsError { line: None, problem: msg!("notice.settings.cannot_open", error = e.to_string()) })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_file_is_valid_and_sets_every_key() {
        let s = Settings::parse(include_str!("../../../deploy/settings.example.toml")).unwrap();
        assert_eq!(s.lang, Some(Lang::It));
        assert_eq!(s.seats, Some(10));
        assert_eq!(s.volume, Some(80));
        assert_eq!(s.pace, Some(1.0));
        assert_eq!(s.timers, Some(TimerConfig::default()));
        assert_eq!(s.speaker, Some(SpeakerChoice::Auto));
    }

    #[test]
    fn the_speaker_is_a_kind_or_a_device_name_and_an_empty_one_is_named_with_its_line() {
        use crate::hw::speaker::SpeakerKind;
        for (text, choice) in [
            ("speaker = \"usb\"", SpeakerChoice::Kind(SpeakerKind::Usb)),
            ("speaker = \"i2s\"", SpeakerChoice::Kind(SpeakerKind::I2s)),
            ("speaker = \"jack\"", SpeakerChoice::Kind(SpeakerKind::Jack)),
            ("speaker = \"HDMI\"", SpeakerChoice::Kind(SpeakerKind::Hdmi)),
            ("speaker = \"plughw:CARD=Audio,DEV=0\"", SpeakerChoice::Device("plughw:CARD=Audio,DEV=0".into())),
        ] {
            assert_eq!(Settings::parse(text).unwrap().speaker, Some(choice), "{text}");
        }
        let e = Settings::parse("lang = \"en\"\nspeaker = \"\"\n").unwrap_err();
        assert_eq!(e.line, Some(2));
        assert!(e.text(Lang::En).contains("write \"auto\", \"usb\", \"i2s\", \"jack\", \"hdmi\""), "{e:?}");
        assert!(e.text(Lang::It).contains("il nome di un dispositivo audio"), "{e:?}");
        assert!(Settings::parse("speaker = 3\n").is_err(), "a number is no speaker");
    }

    #[test]
    fn keys_left_out_change_nothing_and_timers_keep_their_defaults() {
        assert_eq!(Settings::parse("").unwrap(), Settings::default());
        let s = Settings::parse("[timers]\nvote_s = 45\n").unwrap();
        assert_eq!(s.timers, Some(TimerConfig::default().with("vote", 45)));
        assert_eq!(s.lang, None);
    }

    #[test]
    fn errors_name_the_line_in_both_languages() {
        let cases: [(&str, usize, &str); 6] = [
            ("lang = \"en\"\nseats = 12\n", 2, "from 1 to 10 seats"),
            ("lang = \"fr\"\n", 1, "lang = \"fr\": write one of \"it\", \"en\"."),
            ("\n\nvolume = 130\n", 3, "from 0 to 100"),
            ("pace = 4.0\n", 1, "from 0.5"),
            ("[timers]\nvote_s = 45\nmission_s = 1000\n", 3, "mission_s = 1000: 900 seconds at most"),
            ("seats = 4\ncolour = \"red\"\n", 2, "cannot be read"),
        ];
        for (text, line, says) in cases {
            let e = Settings::parse(text).unwrap_err();
            assert_eq!(e.line, Some(line), "{text:?}: {e:?}");
            let (it, en) = (e.text(Lang::It), e.text(Lang::En));
            assert!(en.contains(says), "{text:?}: {e:?}");
            assert!(!it.is_empty() && it != en, "{e:?}");
            assert!(e.to_string().contains(&format!("line {line}")), "{e}");
        }
        let n = Settings::parse("seats = 0\n").unwrap_err().notice(Path::new("/etc/tavola/settings.toml"));
        assert!(
            n.text(Lang::En).contains("/etc/tavola/settings.toml, line 1") && n.text(Lang::It).contains("riga 1"),
            "{n:?}"
        );
    }

    #[test]
    fn the_file_is_found_by_the_variable_or_in_the_config_folder() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |k: &str| pairs.iter().find(|(n, _)| *n == k).map(|(_, v)| std::ffi::OsString::from(v))
        };
        assert_eq!(
            path_from(env(&[("TAVOLA_SETTINGS", "/etc/tavola/settings.toml"), ("HOME", "/home/a")])),
            Some(PathBuf::from("/etc/tavola/settings.toml"))
        );
        assert_eq!(path_from(env(&[("HOME", "/home/a")])), Some(PathBuf::from("/home/a/.config/tavola/settings.toml")));
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(load(&dir.path().join("none.toml")).unwrap(), Settings::default(), "no file, no change");
    }
}
