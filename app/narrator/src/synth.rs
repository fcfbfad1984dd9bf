//! Speech synthesis with espeak-ng: at run time for lines with names or
//! numbers in them (and for clips a voice pack lacks), and to generate a
//! default voice pack ([`crate::voice::build_pack`]).
//!
//! espeak-ng is a separate program (Debian package `espeak-ng`). When it is
//! missing, speech is off: [`speech_off_notice`] says so once, and the
//! subtitles carry on.

use crate::games::Lang;
use crate::hw::HwError;
use crate::voice::{decode_wav_owned, Clip};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use tavola_words::{msg, Msg, Said};

/// A calm narrator's speed, in words per minute (espeak-ng's default is 175).
pub const DEFAULT_SPEED: u32 = 150;

/// The program looked for on `PATH`.
pub const PROGRAM: &str = "espeak-ng";

/// Why speech could not be made. Its `Display` is its words in English,
/// for logs.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SynthError {
    /// espeak-ng is not installed (or not runnable).
    #[error("{}", self.text(Lang::En))]
    Missing(String),
    /// espeak-ng ran and failed.
    #[error("{}", self.text(Lang::En))]
    Failed(String),
    /// It produced something that is not usable sound.
    #[error("{}", self.text(Lang::En))]
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
        decode_wav_owned(wav, true).map_err(|e| SynthError::BadOutput(e.to_string()))
    }

    /// Speaks `text` into a WAV file at `path`.
    pub fn write_wav(&self, text: &str, lang: Lang, speed: u32, path: &Path) -> Result<(), SynthError> {
        let mut cmd = self.command(lang, speed);
        cmd.arg("-w").arg(path).stdout(Stdio::null());
        self.run(cmd, text)?;
        let bytes = std::fs::read(path).map_err(|e| SynthError::Failed(format!("{}: {e}", path.display())))?;
        decode_wav_owned(bytes, false).map(drop).map_err(|e| SynthError::BadOutput(e.to_string()))
    }
}

/// The sample rate of the sound cues.
pub const SOUND_RATE: u32 = 22_050;

/// What made the sound cues, and its version: a pack's manifest records it
/// as each sound's `text`, so a pack built by an older synthesis is rebuilt.
pub const SOUND_GENERATOR: &str = "tavola sound synthesis 1";

/// A sine with plain arithmetic only (no `libm`): the same bytes on every
/// machine. `turns` is the phase in whole turns.
fn sine(turns: f64) -> f64 {
    let t = turns - turns.floor();
    // Into [-1/2, 1/2) turns, then x in radians within [-π, π).
    let x = (if t >= 0.5 { t - 1.0 } else { t }) * std::f64::consts::TAU;
    // Taylor series to x^15: under 1e-6 off on [-π, π].
    let x2 = x * x;
    let mut term = x;
    let mut sum = x;
    for n in 1..8 {
        term *= -x2 / f64::from((2 * n) * (2 * n + 1));
        sum += term;
    }
    sum
}

/// A deterministic noise source (xorshift), for the drum's skin.
struct Noise(u32);

impl Noise {
    fn next(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        f64::from(self.0) / f64::from(u32::MAX) * 2.0 - 1.0
    }
}

/// The samples of a sound cue, mono at [`SOUND_RATE`], from arithmetic
/// alone: the same on every run and every machine.
///
/// The chime is a small bell: partials at the bell's inharmonic ratios,
/// each dying away at its own rate, 0.9 s. The drum is a low tom: a tone
/// falling from 150 to 70 Hz with a short burst of noise for the stick,
/// 0.35 s.
pub fn sound_samples(sound: crate::narrator::Sound) -> Vec<i16> {
    let rate = f64::from(SOUND_RATE);
    let (seconds, attack) = match sound {
        crate::narrator::Sound::Chime => (0.9, 0.004),
        crate::narrator::Sound::Drum => (0.35, 0.002),
    };
    let frames = (seconds * rate) as usize;
    let mut noise = Noise(0x2545_F491);
    let mut out = Vec::with_capacity(frames);
    // Each partial: frequency, loudness, and its fall per sample (a factor
    // near 1, so no exponential function is needed).
    let chime: [(f64, f64, f64); 4] =
        [(1046.5, 0.5, 4.0), (1046.5 * 2.0, 0.25, 6.0), (1046.5 * 2.76, 0.15, 9.0), (1046.5 * 5.4, 0.08, 14.0)];
    let mut chime_gain: Vec<f64> = chime.iter().map(|p| p.1).collect();
    let chime_fall: Vec<f64> = chime.iter().map(|p| 1.0 - p.2 / rate).collect();
    let mut phase = 0.0f64;
    let (mut tone, mut skin) = (0.9f64, 0.35f64);
    let (tone_fall, skin_fall) = (1.0 - 11.0 / rate, 1.0 - 60.0 / rate);
    for i in 0..frames {
        let t = i as f64 / rate;
        let mut v = match sound {
            crate::narrator::Sound::Chime => {
                let mut v = 0.0;
                for (k, (f, _, _)) in chime.iter().enumerate() {
                    v += chime_gain[k] * sine(f * t);
                    chime_gain[k] *= chime_fall[k];
                }
                v
            }
            crate::narrator::Sound::Drum => {
                // The pitch glides down as the skin slackens.
                let u = 1.0 - t / seconds;
                let f = 70.0 + 80.0 * u * u * u;
                phase += f / rate;
                let v = tone * sine(phase) + skin * noise.next();
                tone *= tone_fall;
                skin *= skin_fall;
                v
            }
        };
        if t < attack {
            v *= t / attack;
        }
        // The last 20 ms fade to silence: no click at the end.
        let left = seconds - t;
        if left < 0.02 {
            v *= left / 0.02;
        }
        out.push((v.clamp(-1.0, 1.0) * 30_000.0).round() as i16);
    }
    out
}

/// A sound cue as a 16-bit PCM WAV file.
pub fn sound_wav(sound: crate::narrator::Sound) -> Vec<u8> {
    let samples = sound_samples(sound);
    let data_len = (samples.len() * 2) as u32;
    let mut b = Vec::with_capacity(44 + samples.len() * 2);
    b.extend_from_slice(b"RIFF");
    b.extend_from_slice(&(36 + data_len).to_le_bytes());
    b.extend_from_slice(b"WAVEfmt ");
    b.extend_from_slice(&16u32.to_le_bytes());
    b.extend_from_slice(&1u16.to_le_bytes());
    b.extend_from_slice(&1u16.to_le_bytes());
    b.extend_from_slice(&SOUND_RATE.to_le_bytes());
    b.extend_from_slice(&(SOUND_RATE * 2).to_le_bytes());
    b.extend_from_slice(&2u16.to_le_bytes());
    b.extend_from_slice(&16u16.to_le_bytes());
    b.extend_from_slice(b"data");
    b.extend_from_slice(&data_len.to_le_bytes());
    for s in samples {
        b.extend_from_slice(&s.to_le_bytes());
    }
    b
}

/// A sound cue ready to play (for a speaker whose voice pack lacks it).
pub fn sound_clip(sound: crate::narrator::Sound) -> Clip {
    let samples: Vec<f32> = sound_samples(sound).into_iter().map(|s| f32::from(s) / 32768.0).collect();
    Clip { samples: samples.into(), sample_rate: SOUND_RATE, channels: 1 }
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
    fn the_sound_cues_are_made_the_same_every_time_and_are_heard() {
        use crate::narrator::Sound;
        for sound in Sound::ALL {
            let wav = sound_wav(sound);
            assert_eq!(wav, sound_wav(sound), "{sound:?} is made the same, byte for byte");
            let clip = crate::voice::decode_wav(&wav, false).unwrap();
            assert_eq!((clip.sample_rate, clip.channels), (SOUND_RATE, 1));
            let ms = clip.duration().as_millis();
            assert!((300..=1000).contains(&ms), "{sound:?} lasts {ms} ms: a short cue");
            let loudest = clip.samples.iter().fold(0.0f32, |m, s| m.max(s.abs()));
            assert!(loudest > 0.3, "{sound:?} is heard ({loudest})");
            assert!(clip.samples.last().unwrap().abs() < 0.01, "{sound:?} ends in silence, no click");
            assert_eq!(sound_clip(sound).samples.len(), clip.samples.len());
        }
        assert_ne!(sound_wav(Sound::Chime), sound_wav(Sound::Drum));
        // The arithmetic sine is a sine.
        for i in 0..64 {
            let turns = f64::from(i) / 16.0 - 2.0;
            assert!((sine(turns) - (turns * std::f64::consts::TAU).sin()).abs() < 1e-5, "{turns}");
        }
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
