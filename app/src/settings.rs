//! `settings.toml`: the owner's start-up settings (language, seats on the
//! on-screen pad, timers, volume, narration pace), read when Tavola starts
//! and checked, with errors that name the line. Every key may be left out.
//!
//! The file gives the box's defaults; what the host then changes on the
//! Settings screen is remembered in the journal and wins at the next start.
//! The file is `$TAVOLA_SETTINGS`, else `$XDG_CONFIG_HOME/tavola/settings.toml`,
//! else `~/.config/tavola/settings.toml`; no file is no change.
//! `deploy/settings.example.toml` lists every key.

use crate::games::Lang;
use crate::hw::HwError;
use crate::table::TimerConfig;
use serde::Deserialize;
use std::ops::Range;
use std::path::{Path, PathBuf};
use toml::Spanned;

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
}

/// A settings file that cannot be used, with its line, in both languages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SettingsError {
    /// Line in the file (1-based), when known.
    pub line: Option<usize>,
    /// What is wrong, in Italian.
    pub it: String,
    /// What is wrong, in English.
    pub en: String,
}

impl std::fmt::Display for SettingsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            Some(l) => write!(f, "settings.toml, line {l}: {}", self.en),
            None => write!(f, "settings.toml: {}", self.en),
        }
    }
}

impl std::error::Error for SettingsError {}

impl SettingsError {
    /// The notice shown at start-up: the file is ignored, the defaults used.
    pub fn notice(&self, path: &Path) -> HwError {
        let at_it = self.line.map(|l| format!(", riga {l}")).unwrap_or_default();
        let at_en = self.line.map(|l| format!(", line {l}")).unwrap_or_default();
        HwError::new(
            "settings",
            format!("{}{at_it}: {} Il file è ignorato, si usano i valori di sempre.", path.display(), self.it),
            format!("{}{at_en}: {} The file is ignored; the usual values are used.", path.display(), self.en),
        )
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTimers {
    discussion_s: Option<Spanned<u32>>,
    vote_s: Option<Spanned<u32>>,
    mission_s: Option<Spanned<u32>>,
    warning_s: Option<Spanned<u32>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSettings {
    lang: Option<Spanned<String>>,
    seats: Option<Spanned<u8>>,
    volume: Option<Spanned<u8>>,
    pace: Option<Spanned<f64>>,
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
                it: format!("non si legge ({m})."),
                en: format!("cannot be read ({m})."),
            }
        })?;
        let bad =
            |span: Range<usize>, it: String, en: String| SettingsError { line: Some(line_of(text, span)), it, en };
        let mut s = Settings::default();
        if let Some(lang) = raw.lang {
            let code = lang.get_ref().as_str();
            s.lang = Some(Lang::from_code(code).ok_or_else(|| {
                bad(
                    lang.span(),
                    format!("lang = \"{code}\": scrivi \"it\" o \"en\"."),
                    format!("lang = \"{code}\": write \"it\" or \"en\"."),
                )
            })?);
        }
        if let Some(seats) = raw.seats {
            let n = *seats.get_ref();
            if !(1..=10).contains(&n) {
                return Err(bad(
                    seats.span(),
                    format!("seats = {n}: da 1 a 10 posti."),
                    format!("seats = {n}: from 1 to 10 seats."),
                ));
            }
            s.seats = Some(n);
        }
        if let Some(volume) = raw.volume {
            let v = *volume.get_ref();
            if v > 100 {
                return Err(bad(
                    volume.span(),
                    format!("volume = {v}: da 0 a 100."),
                    format!("volume = {v}: from 0 to 100."),
                ));
            }
            s.volume = Some(v);
        }
        if let Some(pace) = raw.pace {
            let p = *pace.get_ref();
            if !(0.5..=2.5).contains(&p) {
                return Err(bad(
                    pace.span(),
                    format!("pace = {p}: da 0.5 (svelto) a 2.5 (lento)."),
                    format!("pace = {p}: from 0.5 (brisk) to 2.5 (slow)."),
                ));
            }
            s.pace = Some(p as f32);
        }
        if let Some(t) = raw.timers {
            let mut timers = TimerConfig::default();
            let fields = [
                (t.discussion_s, &mut timers.discussion_s, "discussion_s"),
                (t.vote_s, &mut timers.vote_s, "vote_s"),
                (t.mission_s, &mut timers.mission_s, "mission_s"),
                (t.warning_s, &mut timers.warning_s, "warning_s"),
            ];
            for (value, slot, key) in fields {
                if let Some(v) = value {
                    let secs = *v.get_ref();
                    if secs > 900 {
                        return Err(bad(
                            v.span(),
                            format!("{key} = {secs}: al massimo 900 secondi (0 spegne il timer)."),
                            format!("{key} = {secs}: 900 seconds at most (0 switches the timer off)."),
                        ));
                    }
                    *slot = secs;
                }
            }
            s.timers = Some(timers);
        }
        Ok(s)
    }
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
            Err(SettingsError { line: None, it: format!("non si apre ({e})."), en: format!("cannot be opened ({e}).") })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_file_is_valid_and_sets_every_key() {
        let s = Settings::parse(include_str!("../../deploy/settings.example.toml")).unwrap();
        assert_eq!(s.lang, Some(Lang::It));
        assert_eq!(s.seats, Some(10));
        assert_eq!(s.volume, Some(80));
        assert_eq!(s.pace, Some(1.0));
        assert_eq!(s.timers, Some(TimerConfig::default()));
    }

    #[test]
    fn keys_left_out_change_nothing_and_timers_keep_their_defaults() {
        assert_eq!(Settings::parse("").unwrap(), Settings::default());
        let s = Settings::parse("[timers]\nvote_s = 45\n").unwrap();
        assert_eq!(s.timers, Some(TimerConfig { vote_s: 45, ..TimerConfig::default() }));
        assert_eq!(s.lang, None);
    }

    #[test]
    fn errors_name_the_line_in_both_languages() {
        let cases: [(&str, usize, &str); 6] = [
            ("lang = \"en\"\nseats = 12\n", 2, "from 1 to 10 seats"),
            ("lang = \"fr\"\n", 1, "write \"it\" or \"en\""),
            ("\n\nvolume = 130\n", 3, "from 0 to 100"),
            ("pace = 4.0\n", 1, "from 0.5"),
            ("[timers]\nvote_s = 45\nmission_s = 1000\n", 3, "mission_s = 1000: 900 seconds at most"),
            ("seats = 4\ncolour = \"red\"\n", 2, "cannot be read"),
        ];
        for (text, line, says) in cases {
            let e = Settings::parse(text).unwrap_err();
            assert_eq!(e.line, Some(line), "{text:?}: {e:?}");
            assert!(e.en.contains(says), "{text:?}: {e:?}");
            assert!(!e.it.is_empty() && e.it != e.en, "{e:?}");
            assert!(e.to_string().contains(&format!("line {line}")), "{e}");
        }
        let n = Settings::parse("seats = 0\n").unwrap_err().notice(Path::new("/etc/tavola/settings.toml"));
        assert!(n.en.contains("/etc/tavola/settings.toml, line 1") && n.it.contains("riga 1"), "{n:?}");
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
