//! Speech synthesis with espeak-ng: at run time for lines with names or
//! numbers in them (and for clips a voice pack lacks), and to generate a
//! default voice pack ([`super::voice::build_pack`]).
//!
//! espeak-ng is a separate program (Debian package `espeak-ng`). When it is
//! missing, speech is off: [`speech_off_notice`] says so once, and the
//! subtitles carry on.

use super::voice::{decode_wav, Clip};
use crate::games::Lang;
use crate::hw::HwError;
use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use tavola_words::{msg, Msg, Said};

/// A calm narrator's speed, in words per minute (espeak-ng's default is 175).
pub const DEFAULT_SPEED: u32 = 150;

/// The program looked for on `PATH`.
pub const PROGRAM: &str = "espeak-ng";

/// Why speech could not be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SynthError {
    /// espeak-ng is not installed (or not runnable).
    Missing(String),
    /// espeak-ng ran and failed.
    Failed(String),
    /// It produced something that is not usable sound.
    BadOutput(String),
}

impl Said for SynthError {
    fn msg(&self) -> Msg {
        match self {
            SynthError::Missing(why) => msg!("hw.speech.missing", why),
            SynthError::Failed(error) => msg!("hw.speech.failed", error),
            SynthError::BadOutput(error) => msg!("hw.speech.bad_output", error),
        }
    }
}

/// In English, for logs.
impl fmt::Display for SynthError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(Lang::En))
    }
}

impl std::error::Error for SynthError {}

/// The notice to show once when espeak-ng is missing: subtitles only.
pub fn speech_off_notice() -> HwError {
    HwError::said("audio", msg!("hw.audio.no_espeak"))
}

/// An espeak-ng found on this machine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Espeak {
    program: PathBuf,
    version: String,
}

impl Espeak {
    /// Finds `espeak-ng` on `PATH` and reads its version.
    pub fn detect() -> Result<Espeak, SynthError> {
        Espeak::at(Path::new(PROGRAM))
    }

    /// Uses the program at `program` (tests point it at nothing to see the
    /// absent case).
    pub fn at(program: &Path) -> Result<Espeak, SynthError> {
        let out = Command::new(program)
            .arg("--version")
            .stdin(Stdio::null())
            .stderr(Stdio::null())
            .output()
            .map_err(|e| SynthError::Missing(format!("{}: {e}", program.display())))?;
        if !out.status.success() {
            return Err(SynthError::Missing(format!("{} --version failed", program.display())));
        }
        // "eSpeak NG text-to-speech: 1.51  Data at: /usr/lib/…"
        let text = String::from_utf8_lossy(&out.stdout);
        let version = text
            .split("text-to-speech:")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .unwrap_or("unknown")
            .to_string();
        Ok(Espeak { program: program.to_path_buf(), version })
    }

    /// The version espeak-ng reports (`1.51`).
    pub fn version(&self) -> &str {
        &self.version
    }

    fn command(&self, lang: Lang, speed: u32) -> Command {
        let mut c = Command::new(&self.program);
        c.args(["-v", lang.code(), "-s", &speed.to_string(), "--stdin"]);
        c.stdin(Stdio::piped()).stderr(Stdio::piped());
        c
    }

    fn run(&self, mut cmd: Command, text: &str) -> Result<Vec<u8>, SynthError> {
        let mut child = cmd.spawn().map_err(|e| SynthError::Missing(e.to_string()))?;
        // The words go on stdin, so nothing in them is taken for an option.
        if let Some(mut stdin) = child.stdin.take() {
            stdin.write_all(text.as_bytes()).map_err(|e| SynthError::Failed(e.to_string()))?;
        }
        let out = child.wait_with_output().map_err(|e| SynthError::Failed(e.to_string()))?;
        if !out.status.success() {
            return Err(SynthError::Failed(String::from_utf8_lossy(&out.stderr).trim().to_string()));
        }
        Ok(out.stdout)
    }

    /// Speaks `text` into memory (`--stdout`), at `speed` words per minute.
    pub fn synthesise(&self, text: &str, lang: Lang, speed: u32) -> Result<Clip, SynthError> {
        let mut cmd = self.command(lang, speed);
        cmd.arg("--stdout").stdout(Stdio::piped());
        let wav = self.run(cmd, text)?;
        decode_wav(&wav, true).map_err(|e| SynthError::BadOutput(e.to_string()))
    }

    /// Speaks `text` into a WAV file at `path`.
    pub fn write_wav(&self, text: &str, lang: Lang, speed: u32, path: &Path) -> Result<(), SynthError> {
        let mut cmd = self.command(lang, speed);
        cmd.arg("-w").arg(path).stdout(Stdio::null());
        self.run(cmd, text)?;
        let bytes = std::fs::read(path).map_err(|e| SynthError::Failed(format!("{}: {e}", path.display())))?;
        decode_wav(&bytes, false).map(drop).map_err(|e| SynthError::BadOutput(e.to_string()))
    }
}

/// espeak-ng for a test that needs it: `scripts/setup.sh test` (run by
/// `make test`) installs it, so its absence fails the test, saying why,
/// instead of letting it pass having checked nothing.
#[cfg(test)]
#[track_caller]
pub(crate) fn espeak_for_test() -> Espeak {
    Espeak::detect().unwrap_or_else(|e| panic!("this test needs espeak-ng; `make test` installs it: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_absent_espeak_is_a_missing_error_with_the_fix() {
        let e = Espeak::at(Path::new("/nonexistent/espeak-ng")).unwrap_err();
        assert!(matches!(e, SynthError::Missing(_)));
        assert!(e.to_string().starts_with("Speech is off: install espeak-ng"));
        assert!(speech_off_notice().text(Lang::En).contains("install espeak-ng"));
    }

    #[test]
    fn a_line_is_synthesised_into_memory() {
        let espeak = espeak_for_test();
        let clip = espeak.synthesise("Laura era Merlino.", Lang::It, DEFAULT_SPEED).unwrap();
        assert!(clip.duration().as_millis() > 300, "{:?}", clip.duration());
        assert!(clip.samples.iter().any(|s| s.abs() > 0.05), "it is not silence");
        // Words that look like options are still just words.
        let clip = espeak.synthesise("--version", Lang::En, DEFAULT_SPEED).unwrap();
        assert!(clip.duration().as_millis() > 100);
    }
}
