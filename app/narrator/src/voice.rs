//! Voice packs: one recorded (or generated) clip per line id, in a folder per
//! language, decoded into memory before the game starts so that a line
//! starts at once.
//!
//! ```text
//! voices/
//!   it/
//!     manifest.json
//!     <cue id>.wav
//!     …
//!   en/
//!     manifest.json
//!     …
//! ```
//!
//! `manifest.json` names the language, the voice, the format version and,
//! per line id, the file, the words it says and (optionally) the file's
//! size and SHA-256. Lines with parameters (a player's name, a number) have
//! no file: they are synthesised at run time (see [`crate::synth`]).
//!
//! A clip is used for a line only when the words it says are exactly the
//! line's words; a clip whose words have since changed ("stale"), a missing
//! clip and a damaged one (bad header, cut short, wrong checksum) are listed
//! in the [`LoadedPack`] and the line is synthesised instead. Nothing here
//! panics on a bad file.

use crate::games::Lang;
use crate::narrator::{all_line_ids, forms, template, Line, Sound};
use crate::synth::{sound_wav, Espeak, SynthError, DEFAULT_SPEED, SOUND_GENERATOR};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::io::Cursor;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use tavola_words::{msg, Arg, Msg, Said};

/// The manifest format this build writes and reads.
pub const FORMAT_VERSION: u32 = 1;

/// The manifest's file name inside a pack folder.
pub const MANIFEST: &str = "manifest.json";

/// Environment variable naming the voices folder (the one holding `it/`, `en/`).
pub const VOICES_ENV: &str = "TAVOLA_VOICES";

/// `manifest.json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    /// `it` or `en`.
    pub lang: String,
    /// Who or what speaks: `espeak-ng it`, or the narrator's name.
    pub voice: String,
    /// [`FORMAT_VERSION`] when written.
    pub format: u32,
    /// The program that made the clips and its version (`espeak-ng 1.51`),
    /// absent for a recorded pack.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generator: Option<String>,
    /// Speaking speed given to the generator, words per minute.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub speed: Option<u32>,
    /// Per line id.
    pub entries: BTreeMap<String, Entry>,
}

/// One line in a manifest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// The words the clip says (for a line with parameters: the template).
    pub text: String,
    /// The clip, relative to the pack folder; `None` for a line spoken at
    /// run time (it has parameters).
    #[serde(default)]
    pub file: Option<String>,
    /// The file's size in bytes, checked when present.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bytes: Option<u64>,
    /// The file's SHA-256 (lower-case hex), checked when present.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sha256: Option<String>,
}

/// Decoded sound, ready to play: interleaved samples in -1..1.
#[derive(Debug, Clone, PartialEq)]
pub struct Clip {
    /// Interleaved samples.
    pub samples: Arc<[f32]>,
    /// Frames per second.
    pub sample_rate: u32,
    /// Channels (1 = mono).
    pub channels: u16,
}

impl Clip {
    /// How long it plays.
    pub fn duration(&self) -> Duration {
        let frames = self.samples.len() as u64 / u64::from(self.channels.max(1));
        Duration::from_micros(frames * 1_000_000 / u64::from(self.sample_rate.max(1)))
    }
}

/// Why a whole pack cannot be used (the narrator then synthesises every line).
/// Its `Display` is its words in English, for logs.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VoiceError {
    /// No `manifest.json` in the folder.
    #[error("{}", self.text(Lang::En))]
    NoManifest(PathBuf),
    /// The manifest is not valid JSON of the expected shape.
    #[error("{}", self.text(Lang::En))]
    BadManifest(String),
    /// The manifest's language is neither `it` nor `en`.
    #[error("{}", self.text(Lang::En))]
    UnknownLang(String),
    /// Written by a newer Tavola.
    #[error("{}", self.text(Lang::En))]
    FormatTooNew(u32),
    /// Reading or writing files failed.
    #[error("{}", self.text(Lang::En))]
    Io(String),
    /// `tavola voice check` was given no folder and found none.
    #[error("{}", self.text(Lang::En))]
    NoFolder,
    /// The speech synthesiser failed or is missing.
    #[error(transparent)]
    Synth(#[from] SynthError),
}

impl Said for VoiceError {
    fn msg(&self) -> Msg {
        match self {
            VoiceError::NoManifest(p) => msg!("voice.error.no_manifest", path = p.display().to_string()),
            VoiceError::BadManifest(error) => msg!("voice.error.bad_manifest", error),
            VoiceError::UnknownLang(code) => {
                let codes = Lang::ALL.iter().map(|l| l.code()).collect::<Vec<_>>().join(", ");
                msg!("voice.error.unknown_lang", code, codes)
            }
            VoiceError::FormatTooNew(v) => msg!("voice.error.format_too_new", format = *v, supported = FORMAT_VERSION),
            VoiceError::Io(error) => msg!("voice.error.io", error),
            VoiceError::NoFolder => msg!("cli.voice.no_folder", env = VOICES_ENV),
            VoiceError::Synth(e) => e.msg(),
        }
    }
}

/// What is wrong with one clip file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WavError {
    /// Not a RIFF/WAVE file, or a header field out of range.
    #[error("not a usable WAV file ({0})")]
    BadHeader(String),
    /// An encoding other than PCM integer (8, 16, 24, 32 bits) or 32-bit float.
    #[error("unsupported WAV encoding ({0}): use 16-bit PCM")]
    Unsupported(String),
    /// The file ends before the sound does.
    #[error("cut short: {found} of {expected} bytes of sound")]
    Truncated {
        /// Bytes of sound the header announces.
        expected: u64,
        /// Bytes there are.
        found: u64,
    },
    /// No sound at all.
    #[error("holds no sound")]
    Empty,
}

/// A clip that could not be used, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClipProblem {
    /// The line id.
    pub id: String,
    /// The file, relative to the pack.
    pub file: String,
    /// What is wrong, in words.
    pub reason: String,
}

/// A pack decoded into memory.
#[derive(Debug, Clone, Default)]
pub struct LoadedPack {
    /// The pack's language.
    pub lang: Lang,
    /// Who speaks.
    pub voice: String,
    /// What generated it, if anything.
    pub generator: Option<String>,
    clips: HashMap<String, Clip>,
    texts: HashMap<String, String>,
    /// Line ids without parameters that have no clip (in the manifest or on
    /// disk): they are synthesised.
    pub missing: Vec<String>,
    /// Line ids with parameters: always synthesised at run time.
    pub runtime: Vec<String>,
    /// Clips whose words differ from the line's words today: not used.
    pub stale: Vec<String>,
    /// Damaged clips: reported and skipped.
    pub problems: Vec<ClipProblem>,
    /// Entries naming a line id Tavola does not know (kept, harmless).
    pub unknown: Vec<String>,
    /// The sound cues the pack holds (a chime, a drum), made by Tavola.
    sounds: HashMap<Sound, Clip>,
}

impl LoadedPack {
    /// The clip for a line id, if it loaded.
    pub fn clip(&self, id: &str) -> Option<&Clip> {
        self.clips.get(id)
    }

    /// The clip to play for `line`: only when it says exactly the line's words
    /// (so never for a line with its parameters filled in, nor for a clip
    /// recorded before the words changed).
    pub fn clip_for(&self, line: &Line) -> Option<&Clip> {
        let clip = self.clips.get(&line.id)?;
        (self.texts.get(&line.id).map(String::as_str) == Some(line.text.as_str())).then_some(clip)
    }

    /// Number of clips loaded.
    pub fn len(&self) -> usize {
        self.clips.len()
    }

    /// True when no clip loaded.
    pub fn is_empty(&self) -> bool {
        self.clips.is_empty()
    }

    /// Total sound held in memory.
    /// A sound cue's clip, when the pack holds it.
    pub fn sound(&self, sound: Sound) -> Option<&Clip> {
        self.sounds.get(&sound)
    }

    /// The sound cues the pack holds, in [`Sound::ALL`]'s order.
    pub fn sounds(&self) -> Vec<Sound> {
        Sound::ALL.into_iter().filter(|s| self.sounds.contains_key(s)).collect()
    }

    pub fn total_duration(&self) -> Duration {
        self.clips.values().map(Clip::duration).sum()
    }

    /// Everything about the pack, in `lang`, one line (for `tavola voice
    /// check`).
    pub fn summary(&self, lang: Lang) -> String {
        let (code, voice) = (self.lang.code(), self.voice.as_str());
        let mut parts = vec![msg!("voice.pack.clips", lang = code, voice, count = self.clips.len())];
        if !self.runtime.is_empty() {
            parts.push(msg!("voice.pack.runtime", count = self.runtime.len()));
        }
        let sounds: Vec<&str> = self.sounds().into_iter().map(Sound::id).collect();
        if !sounds.is_empty() {
            parts.push(msg!("voice.pack.sounds", count = sounds.len(), ids = sounds.join(", ")));
        }
        parts.extend(self.problems());
        parts.iter().map(|m| lang.text(m)).collect::<Vec<_>>().join(" ")
    }

    /// What is wrong with the pack, short enough for the screen's message
    /// line (a few ids, then a count): one message for the missing clips,
    /// one for the stale, one for the damaged; none when nothing is wrong.
    pub fn problems(&self) -> Vec<Msg> {
        fn some(ids: &[&str]) -> Arg {
            let shown = ids.iter().take(3).copied().collect::<Vec<_>>().join(", ");
            match ids.len() {
                0..=3 => Arg::from(shown),
                n => Arg::from(msg!("voice.pack.ids_more", ids = shown, count = n - 3)),
            }
        }
        let ids = |list: &[String]| some(&list.iter().map(String::as_str).collect::<Vec<_>>());
        let (lang, voice) = (self.lang.code(), self.voice.as_str());
        let mut out = Vec::new();
        if !self.missing.is_empty() {
            out.push(msg!("voice.pack.missing", lang, voice, count = self.missing.len(), ids = ids(&self.missing)));
        }
        if !self.stale.is_empty() {
            out.push(msg!("voice.pack.stale", lang, voice, count = self.stale.len(), ids = ids(&self.stale)));
        }
        if !self.problems.is_empty() {
            let files: Vec<&str> = self.problems.iter().map(|p| p.file.as_str()).collect();
            out.push(msg!("voice.pack.damaged", lang, voice, count = self.problems.len(), ids = some(&files)));
        }
        out
    }
}

/// Loading and building packs.
#[derive(Debug)]
pub struct VoicePack;

impl VoicePack {
    /// Reads `dir/manifest.json` and decodes every clip into memory. Missing,
    /// stale and damaged clips are listed in the result, never fatal; only a
    /// missing or unreadable manifest fails the pack.
    pub fn load(dir: &Path) -> Result<LoadedPack, VoiceError> {
        let manifest = read_manifest(dir)?;
        let lang = Lang::from_code(&manifest.lang)
            .filter(|l| l.code() == manifest.lang)
            .ok_or_else(|| VoiceError::UnknownLang(manifest.lang.clone()))?;
        let mut pack = LoadedPack {
            lang,
            voice: manifest.voice.clone(),
            generator: manifest.generator.clone(),
            ..Default::default()
        };
        for id in all_line_ids() {
            let words = template(&id, lang).unwrap_or_default();
            if has_params(words) {
                pack.runtime.push(id.to_string());
                continue;
            }
            let Some(entry) = manifest.entries.get(&id) else {
                pack.missing.push(id.to_string());
                continue;
            };
            let Some(file) = &entry.file else {
                pack.missing.push(id.to_string());
                continue;
            };
            if entry.text != words {
                pack.stale.push(id.to_string());
                continue;
            }
            match load_clip(&dir.join(file), entry) {
                Ok(clip) => {
                    pack.clips.insert(id.to_string(), clip);
                    pack.texts.insert(id.to_string(), entry.text.clone());
                }
                Err(ClipLoad::Missing) => pack.missing.push(id.to_string()),
                Err(ClipLoad::Bad(reason)) => {
                    pack.problems.push(ClipProblem { id: id.to_string(), file: file.clone(), reason })
                }
            }
        }
        for sound in Sound::ALL {
            // A sound made by an older synthesis, or none: the speaker makes
            // it at start instead.
            let Some(entry) = manifest.entries.get(sound.id()).filter(|e| e.text == SOUND_GENERATOR) else { continue };
            let Some(file) = &entry.file else { continue };
            match load_clip(&dir.join(file), entry) {
                Ok(clip) => {
                    pack.sounds.insert(sound, clip);
                }
                Err(ClipLoad::Missing) => {}
                Err(ClipLoad::Bad(reason)) => {
                    pack.problems.push(ClipProblem { id: sound.id().to_string(), file: file.clone(), reason })
                }
            }
        }
        pack.unknown = manifest
            .entries
            .keys()
            .filter(|id| template(id, lang).is_none() && Sound::from_id(id).is_none())
            .cloned()
            .collect();
        Ok(pack)
    }

    /// Loads `root/it` and `root/en`, whichever exist; what could not be
    /// loaded is said in the returned messages.
    pub fn load_all(root: &Path) -> (Vec<LoadedPack>, Vec<Msg>) {
        let mut packs = Vec::new();
        let mut messages = Vec::new();
        for lang in Lang::ALL {
            let dir = root.join(lang.code());
            if !dir.is_dir() {
                continue;
            }
            match VoicePack::load(&dir) {
                Ok(p) => {
                    messages.extend(p.problems());
                    packs.push(p);
                }
                Err(e) => messages.push(msg!("voice.pack.unusable", dir = dir.display().to_string(), error = e.msg())),
            }
        }
        (packs, messages)
    }
}

enum ClipLoad {
    Missing,
    Bad(String),
}

fn load_clip(path: &Path, entry: &Entry) -> Result<Clip, ClipLoad> {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(ClipLoad::Missing),
        Err(e) => return Err(ClipLoad::Bad(format!("cannot be read: {e}"))),
    };
    if let Some(size) = entry.bytes {
        if size != bytes.len() as u64 {
            return Err(ClipLoad::Bad(format!("{} bytes where the manifest says {size}", bytes.len())));
        }
    }
    if let Some(want) = &entry.sha256 {
        let found = sha256_hex(&bytes);
        if !want.eq_ignore_ascii_case(&found) {
            return Err(ClipLoad::Bad("checksum differs from the manifest's: the file was changed or damaged".into()));
        }
    }
    decode_wav_owned(bytes, false).map_err(|e| ClipLoad::Bad(e.to_string()))
}

fn read_manifest(dir: &Path) -> Result<Manifest, VoiceError> {
    let path = dir.join(MANIFEST);
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(VoiceError::NoManifest(dir.to_path_buf())),
        Err(e) => return Err(VoiceError::Io(format!("{}: {e}", path.display()))),
    };
    let manifest: Manifest = serde_json::from_str(&text).map_err(|e| VoiceError::BadManifest(e.to_string()))?;
    if manifest.format > FORMAT_VERSION {
        return Err(VoiceError::FormatTooNew(manifest.format));
    }
    Ok(manifest)
}

/// True when a line's words have parameters (`{name}`…) to fill in.
pub fn has_params(template: &str) -> bool {
    !tavola_words::placeholders(template).is_empty()
}

/// Lower-case hex SHA-256 of `bytes`.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// The language a line's words are in, found by matching them against both
/// languages' templates (parameters match anything). `None` when the words
/// fit neither (an unknown id).
pub fn lang_of(line: &Line) -> Option<Lang> {
    Lang::ALL.into_iter().find(|&l| forms(&line.id, l).into_iter().any(|t| matches_template(t, &line.text)))
}

/// Whether `text` is `template` with its `{name}`s filled in by anything.
fn matches_template(template: &str, text: &str) -> bool {
    // Split the template at its placeholders and find the literal pieces in order.
    let mut pieces = Vec::new();
    let mut rest = template;
    while let Some(start) = rest.find('{') {
        let end = rest[start..].find('}').map(|e| start + e);
        match end {
            Some(end)
                if rest[start + 1..end].chars().all(|c| c.is_ascii_alphanumeric() || c == '_') && end > start + 1 =>
            {
                pieces.push(&rest[..start]);
                rest = &rest[end + 1..];
            }
            _ => break,
        }
    }
    pieces.push(rest);
    if pieces.len() == 1 {
        return template == text;
    }
    let (first, last) = (pieces[0], pieces[pieces.len() - 1]);
    if !text.starts_with(first) || !text[first.len()..].ends_with(last) {
        return false;
    }
    let mut middle = &text[first.len()..text.len() - last.len()];
    for piece in &pieces[1..pieces.len() - 1] {
        match middle.find(piece) {
            Some(at) => middle = &middle[at + piece.len()..],
            None => return false,
        }
    }
    true
}

/// Decodes a WAV file held in memory with rodio's decoder. `streaming`
/// accepts the header of a WAV written to a pipe (espeak-ng `--stdout`),
/// whose sizes are placeholders: the sound then runs to the end of the
/// bytes.
///
/// The header is read first by hound, the WAV reader inside rodio's
/// decoder: its refusals say what is wrong (rodio's only that the format is
/// not recognised), and the sample rate and channels are checked before
/// rodio's decoder, which expects both to be sound, is given the file.
pub fn decode_wav(bytes: &[u8], streaming: bool) -> Result<Clip, WavError> {
    decode_wav_owned(bytes.to_vec(), streaming)
}

/// [`decode_wav`] of bytes the caller gives up: rodio's decoder takes them
/// as they are, with no copy (a pack's clips are all decoded at start-up).
pub fn decode_wav_owned(bytes: Vec<u8>, streaming: bool) -> Result<Clip, WavError> {
    use rodio::Source;
    let mut head = Cursor::new(bytes.as_slice());
    let spec = hound::WavReader::new(&mut head).map_err(header_error)?.spec();
    if !(1..=8).contains(&spec.channels) {
        return Err(WavError::BadHeader(format!("{} channels", spec.channels)));
    }
    if !(1000..=384_000).contains(&spec.sample_rate) {
        return Err(WavError::BadHeader(format!("sample rate {}", spec.sample_rate)));
    }
    match (spec.sample_format, spec.bits_per_sample) {
        (hound::SampleFormat::Int, 8 | 16 | 24 | 32) | (hound::SampleFormat::Float, 32) => {}
        (format, bits) => return Err(WavError::Unsupported(format!("{format:?}, {bits} bits"))),
    }
    // The reader stops at the first byte of sound; the data chunk's size is
    // the four bytes before it.
    let start = head.position() as usize;
    let announced =
        u64::from(u32::from_le_bytes([bytes[start - 4], bytes[start - 3], bytes[start - 2], bytes[start - 1]]));
    let available = (bytes.len() - start) as u64;
    if available < announced && !streaming {
        return Err(WavError::Truncated { expected: announced, found: available });
    }
    let decoder = rodio::Decoder::new_wav(Cursor::new(bytes)).map_err(|e| WavError::BadHeader(e.to_string()))?;
    let (channels, sample_rate) = (decoder.channels().get(), decoder.sample_rate().get());
    // Pushed one by one: a pipe's header announces gigabytes, and collecting
    // would reserve what it announces.
    let mut samples = Vec::new();
    for s in decoder {
        samples.push(if s.is_finite() { s.clamp(-1.0, 1.0) } else { 0.0 });
    }
    // A pipe's sound may stop inside a frame.
    samples.truncate(samples.len() - samples.len() % usize::from(channels));
    if samples.is_empty() {
        return Err(WavError::Empty);
    }
    Ok(Clip { samples: samples.into(), sample_rate, channels })
}

/// What hound's refusal of a header means for a clip.
fn header_error(e: hound::Error) -> WavError {
    match e {
        hound::Error::Unsupported => WavError::Unsupported("neither PCM nor 32-bit float".into()),
        hound::Error::FormatError(why) => WavError::BadHeader(why.into()),
        hound::Error::IoError(_) => WavError::BadHeader("the header is cut short".into()),
        other => WavError::BadHeader(other.to_string()),
    }
}

// ---------------------------------------------------------------------------
// Where packs live.

/// The voices folder (the one holding `it/` and `en/`): `$TAVOLA_VOICES`, else
/// `voices/` next to the binary, else `voices/` in the source tree Tavola
/// was built from, else `~/.local/share/tavola/voices`. The first that exists
/// wins; `None` when none does.
pub fn default_root() -> Option<PathBuf> {
    candidate_roots().into_iter().find(|p| p.is_dir())
}

/// Where `tavola voice build` writes when no `--out` is given: the voices
/// folder if there is one, else `voices/` next to the binary.
pub fn default_build_root() -> PathBuf {
    default_root().or_else(|| candidate_roots().into_iter().next()).unwrap_or_else(|| PathBuf::from("voices"))
}

fn candidate_roots() -> Vec<PathBuf> {
    let mut roots = Vec::new();
    if let Some(v) = std::env::var_os(VOICES_ENV).filter(|v| !v.is_empty()) {
        // The environment overrides: nothing else is looked at.
        return vec![PathBuf::from(v)];
    }
    if let Some(dir) = std::env::current_exe().ok().and_then(|e| e.parent().map(Path::to_path_buf)) {
        roots.push(dir.join("voices"));
    }
    roots.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").join("voices"));
    if let Some(home) = std::env::var_os("HOME") {
        roots.push(PathBuf::from(home).join(".local/share/tavola/voices"));
    }
    roots
}

// ---------------------------------------------------------------------------
// Building a pack with espeak-ng.

/// What [`build_pack`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuildReport {
    /// The pack folder.
    pub dir: PathBuf,
    /// The pack's language.
    pub lang: Lang,
    /// Clips written.
    pub written: usize,
    /// Lines left to run time (they have parameters).
    pub runtime: Vec<String>,
    /// The generator and its version, as recorded in the manifest.
    pub generator: String,
}

impl Said for BuildReport {
    fn msg(&self) -> Msg {
        let dir = self.dir.display().to_string();
        let runtime = msg!("voice.pack.runtime", count = self.runtime.len());
        msg!("cli.voice.built", dir, count = self.written, generator = self.generator.as_str(), runtime)
    }
}

/// In English, for logs.
impl fmt::Display for BuildReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(Lang::En))
    }
}

/// Writes a pack for `lang` into `dir` (created if needed): one WAV per line
/// id without parameters, spoken by espeak-ng, and `manifest.json`. The same
/// espeak-ng version gives the same files, byte for byte.
pub fn build_pack(lang: Lang, dir: &Path) -> Result<BuildReport, VoiceError> {
    build_pack_with(&Espeak::detect()?, lang, dir, DEFAULT_SPEED, None)
}

/// [`build_pack`] with a given synthesiser and speed, limited to the ids
/// `only` (all when `None`).
pub fn build_pack_with(
    espeak: &Espeak,
    lang: Lang,
    dir: &Path,
    speed: u32,
    only: Option<&[&str]>,
) -> Result<BuildReport, VoiceError> {
    let io = |what: &Path, e: std::io::Error| VoiceError::Io(format!("{}: {e}", what.display()));
    std::fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
    let mut entries = BTreeMap::new();
    let mut runtime = Vec::new();
    let mut spoken = Vec::new();
    for id in all_line_ids().filter(|id| only.is_none_or(|o| o.contains(&id.as_str()))) {
        let Some(words) = template(&id, lang) else { continue };
        if has_params(words) {
            runtime.push(id.to_string());
            entries.insert(id.to_string(), Entry { text: words.to_string(), file: None, bytes: None, sha256: None });
        } else {
            spoken.push((id.to_string(), words));
        }
    }
    // One espeak-ng at a time per core: each line is its own process, and
    // the pack is the same whatever order they finish in.
    let workers = std::thread::available_parallelism().map_or(1, usize::from).min(spoken.len().max(1));
    let next = std::sync::atomic::AtomicUsize::new(0);
    let speak = |(id, words): &(String, &str)| -> Result<Entry, VoiceError> {
        let file = format!("{id}.wav");
        let path = dir.join(&file);
        let tmp = dir.join(format!(".{file}.part"));
        espeak.write_wav(words, lang, speed, &tmp)?;
        std::fs::rename(&tmp, &path).map_err(|e| io(&path, e))?;
        let bytes = std::fs::read(&path).map_err(|e| io(&path, e))?;
        Ok(Entry {
            text: words.to_string(),
            file: Some(file),
            bytes: Some(bytes.len() as u64),
            sha256: Some(sha256_hex(&bytes)),
        })
    };
    let made: Vec<Vec<(usize, Result<Entry, VoiceError>)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(line) = spoken.get(i) else { break };
                        let entry = speak(line);
                        let failed = entry.is_err();
                        mine.push((i, entry));
                        if failed {
                            // The others stop at their next line.
                            next.store(spoken.len(), std::sync::atomic::Ordering::Relaxed);
                            break;
                        }
                    }
                    mine
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or_default()).collect()
    });
    let mut made: Vec<(usize, Result<Entry, VoiceError>)> = made.into_iter().flatten().collect();
    made.sort_by_key(|(i, _)| *i);
    if made.len() < spoken.len() && made.iter().all(|(_, e)| e.is_ok()) {
        return Err(VoiceError::Io("a line of the pack was not spoken".into()));
    }
    let mut written = 0;
    for (i, entry) in made {
        entries.insert(spoken[i].0.clone(), entry?);
        written += 1;
    }
    for sound in Sound::ALL.into_iter().filter(|s| only.is_none_or(|o| o.contains(&s.id()))) {
        entries.insert(sound.id().to_string(), write_sound(dir, sound)?);
    }
    let generator = format!("espeak-ng {}", espeak.version());
    let manifest = Manifest {
        lang: lang.code().to_string(),
        voice: format!("espeak-ng {}", espeak_voice(lang)),
        format: FORMAT_VERSION,
        generator: Some(generator.clone()),
        speed: Some(speed),
        entries,
    };
    write_manifest(dir, &manifest)?;
    Ok(BuildReport { dir: dir.to_path_buf(), lang, written, runtime, generator })
}

/// The espeak-ng voice used for `lang`.
/// Writes a sound cue, made by Tavola's own synthesis, into the pack at
/// `dir`: its manifest entry.
fn write_sound(dir: &Path, sound: Sound) -> Result<Entry, VoiceError> {
    let file = format!("{}.wav", sound.id());
    let path = dir.join(&file);
    let bytes = sound_wav(sound);
    std::fs::write(&path, &bytes).map_err(|e| VoiceError::Io(format!("{}: {e}", path.display())))?;
    Ok(Entry {
        text: SOUND_GENERATOR.to_string(),
        file: Some(file),
        bytes: Some(bytes.len() as u64),
        sha256: Some(sha256_hex(&bytes)),
    })
}

pub fn espeak_voice(lang: Lang) -> &'static str {
    lang.code()
}

fn write_manifest(dir: &Path, manifest: &Manifest) -> Result<(), VoiceError> {
    let path = dir.join(MANIFEST);
    let mut json = serde_json::to_string_pretty(manifest).map_err(|e| VoiceError::Io(e.to_string()))?;
    json.push('\n');
    std::fs::write(&path, json).map_err(|e| VoiceError::Io(format!("{}: {e}", path.display())))
}

/// Writes `manifest.json` for a folder of recorded clips named `<id>.wav`
/// (a group's own narrator): every line id is listed with its words; those
/// with a file get its size and checksum. Returns the ids that still lack a
/// recording (lines with parameters excluded).
pub fn manifest_for_recordings(dir: &Path, lang: Lang, voice: &str) -> Result<Vec<String>, VoiceError> {
    let mut entries = BTreeMap::new();
    let mut lacking = Vec::new();
    for id in all_line_ids() {
        let Some(words) = template(&id, lang) else { continue };
        let mut entry = Entry { text: words.to_string(), file: None, bytes: None, sha256: None };
        if !has_params(words) {
            let file = format!("{id}.wav");
            match std::fs::read(dir.join(&file)) {
                Ok(bytes) => {
                    entry.bytes = Some(bytes.len() as u64);
                    entry.sha256 = Some(sha256_hex(&bytes));
                    entry.file = Some(file);
                }
                Err(_) => lacking.push(id.to_string()),
            }
        }
        entries.insert(id.to_string(), entry);
    }
    for sound in Sound::ALL {
        entries.insert(sound.id().to_string(), write_sound(dir, sound)?);
    }
    let manifest = Manifest {
        lang: lang.code().to_string(),
        voice: voice.to_string(),
        format: FORMAT_VERSION,
        generator: None,
        speed: None,
        entries,
    };
    write_manifest(dir, &manifest)?;
    Ok(lacking)
}

/// The recording script for `lang`: `id<TAB>words` per line, lines with
/// parameters left out.
pub fn script(lang: Lang) -> String {
    all_line_ids()
        .filter_map(|id| template(&id, lang).filter(|w| !has_params(w)).map(|w| format!("{id}.wav\t{w}\n")))
        .collect()
}

// ---------------------------------------------------------------------------
// The `tavola voice` command.

/// `tavola voice …`: the voice packs for the narrator.
#[derive(Debug, Clone, PartialEq, Eq, clap::Subcommand)]
pub enum VoiceCommand {
    /// Speak every narration line with espeak-ng into a voice pack (DIR/<lang>/)
    Build {
        /// The language of the pack (both when not given; may be given twice)
        #[arg(long, value_name = "it|en")]
        lang: Vec<Lang>,
        /// The voices folder to write in (default: $TAVOLA_VOICES or voices/ next to the binary)
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
        /// espeak-ng's speed, words per minute (80 to 450)
        #[arg(long, value_name = "WPM", default_value_t = DEFAULT_SPEED,
              value_parser = clap::value_parser!(u32).range(80..=450))]
        speed: u32,
    },
    /// Load the packs in DIR and say what is missing or damaged
    Check {
        /// The voices folder (default: $TAVOLA_VOICES or voices/ next to the binary)
        dir: Option<PathBuf>,
        /// The same as DIR
        #[arg(long, value_name = "DIR", hide = true)]
        out: Option<PathBuf>,
    },
    /// The lines to record, one `file<TAB>words` a line
    Script {
        /// The language (both when not given)
        #[arg(long, value_name = "it|en")]
        lang: Vec<Lang>,
    },
    /// Write manifest.json for a folder of recorded <id>.wav files
    Manifest {
        /// The folder of recordings
        dir: PathBuf,
        /// The language the lines are recorded in
        #[arg(long, value_name = "it|en")]
        lang: Lang,
        /// Who speaks
        #[arg(long, default_value = "recorded")]
        name: String,
    },
}

/// Runs `tavola voice …`. Returns what to print in `say` (the language the
/// command speaks), or why it could not.
pub fn cli(command: &VoiceCommand, say: Lang) -> Result<String, VoiceError> {
    let all = |langs: &[Lang]| if langs.is_empty() { Lang::ALL.to_vec() } else { langs.to_vec() };
    match command {
        VoiceCommand::Build { lang, out, speed } => {
            let root = out.clone().unwrap_or_else(default_build_root);
            let espeak = Espeak::detect()?;
            let mut report = String::new();
            for lang in all(lang) {
                let r = build_pack_with(&espeak, lang, &root.join(lang.code()), *speed, None)?;
                report += &format!("{}\n", r.text(say));
            }
            Ok(report)
        }
        VoiceCommand::Check { dir, out } => {
            let root = dir.clone().or_else(|| out.clone()).or_else(default_root).ok_or(VoiceError::NoFolder)?;
            let (packs, messages) = VoicePack::load_all(&root);
            let mut report = format!("{}\n", root.display());
            for p in &packs {
                let duration = format!("{:.1?}", p.total_duration());
                report += &format!("{}\n", say.text(&msg!("cli.voice.pack", summary = p.summary(say), duration)));
                for problem in &p.problems {
                    report += &format!("  {} ({}): {}\n", problem.id, problem.file, problem.reason);
                }
            }
            // Packs that did not load at all.
            for m in messages.iter().filter(|m| !packs.iter().any(|p| p.problems().contains(m))) {
                report += &format!("{}\n", say.text(m));
            }
            if packs.is_empty() {
                report += &format!("{}\n", say.text(&msg!("cli.voice.none_loaded")));
            }
            Ok(report)
        }
        VoiceCommand::Script { lang } => Ok(all(lang).into_iter().map(script).collect()),
        VoiceCommand::Manifest { dir, lang, name } => {
            let lacking = manifest_for_recordings(dir, *lang, name)?;
            let path = dir.join(MANIFEST).display().to_string();
            let said = if lacking.is_empty() {
                msg!("cli.voice.manifest_complete", path)
            } else {
                msg!("cli.voice.manifest_lacking", path, count = lacking.len(), ids = lacking.join(", "))
            };
            Ok(format!("{}\n", say.text(&said)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wav16(rate: u32, channels: u16, samples: &[i16]) -> Vec<u8> {
        let data_len = (samples.len() * 2) as u32;
        let mut b = Vec::new();
        b.extend_from_slice(b"RIFF");
        b.extend_from_slice(&(36 + data_len).to_le_bytes());
        b.extend_from_slice(b"WAVEfmt ");
        b.extend_from_slice(&16u32.to_le_bytes());
        b.extend_from_slice(&1u16.to_le_bytes());
        b.extend_from_slice(&channels.to_le_bytes());
        b.extend_from_slice(&rate.to_le_bytes());
        b.extend_from_slice(&(rate * u32::from(channels) * 2).to_le_bytes());
        b.extend_from_slice(&(channels * 2).to_le_bytes());
        b.extend_from_slice(&16u16.to_le_bytes());
        b.extend_from_slice(b"data");
        b.extend_from_slice(&data_len.to_le_bytes());
        for s in samples {
            b.extend_from_slice(&s.to_le_bytes());
        }
        b
    }

    /// A WAV of `format` (1 PCM, 3 float) at `bits`, holding `data`.
    fn wav_of(rate: u32, channels: u16, format: u16, bits: u16, data: &[u8]) -> Vec<u8> {
        let align = channels * bits / 8;
        let mut b = Vec::new();
        b.extend_from_slice(b"RIFF");
        b.extend_from_slice(&(36 + data.len() as u32).to_le_bytes());
        b.extend_from_slice(b"WAVEfmt ");
        b.extend_from_slice(&16u32.to_le_bytes());
        b.extend_from_slice(&format.to_le_bytes());
        b.extend_from_slice(&channels.to_le_bytes());
        b.extend_from_slice(&rate.to_le_bytes());
        b.extend_from_slice(&(rate * u32::from(align)).to_le_bytes());
        b.extend_from_slice(&align.to_le_bytes());
        b.extend_from_slice(&bits.to_le_bytes());
        b.extend_from_slice(b"data");
        b.extend_from_slice(&(data.len() as u32).to_le_bytes());
        b.extend_from_slice(data);
        b
    }

    #[test]
    fn every_encoding_a_recording_may_use_decodes_to_the_same_scale() {
        let eight = decode_wav(&wav_of(8_000, 1, 1, 8, &[128, 0, 192]), false).unwrap();
        assert_eq!(&eight.samples[..], &[0.0, -1.0, 0.5]);
        let loud: Vec<u8> = [0i32, -0x80_0000, 0x40_0000].iter().flat_map(|s| s.to_le_bytes()[..3].to_vec()).collect();
        assert_eq!(&decode_wav(&wav_of(8_000, 1, 1, 24, &loud), false).unwrap().samples[..], &[0.0, -1.0, 0.5]);
        let wide: Vec<u8> = [0i32, i32::MIN, 1 << 30].iter().flat_map(|s| s.to_le_bytes()).collect();
        assert_eq!(&decode_wav(&wav_of(8_000, 1, 1, 32, &wide), false).unwrap().samples[..], &[0.0, -1.0, 0.5]);
        // Float: out of range is clipped, what is not a number is silence.
        let float: Vec<u8> = [0.25f32, 2.0, -3.0, f32::NAN].iter().flat_map(|s| s.to_le_bytes()).collect();
        let clip = decode_wav(&wav_of(48_000, 2, 3, 32, &float), false).unwrap();
        assert_eq!((clip.sample_rate, clip.channels), (48_000, 2));
        assert_eq!(&clip.samples[..], &[0.25, 1.0, -1.0, 0.0]);
    }

    #[test]
    fn a_16_bit_wav_decodes() {
        let clip = decode_wav(&wav16(16_000, 1, &[0, 16384, -32768, 32767]), false).unwrap();
        assert_eq!(clip.sample_rate, 16_000);
        assert_eq!(&clip.samples[..3], &[0.0, 0.5, -1.0]);
        assert_eq!(clip.duration(), Duration::from_micros(250));
    }

    #[test]
    fn damaged_wavs_are_errors_not_panics() {
        let good = wav16(22_050, 1, &[1; 100]);
        assert!(matches!(decode_wav(&good[..good.len() - 10], false), Err(WavError::Truncated { .. })));
        // A pipe's header: the sizes are placeholders, the sound runs to the end.
        let mut piped = good.clone();
        piped[40..44].copy_from_slice(&0x7fff_f000u32.to_le_bytes());
        assert_eq!(decode_wav(&piped, true).unwrap().samples.len(), 100);
        assert!(matches!(decode_wav(b"RIFX", false), Err(WavError::BadHeader(_))));
        assert!(matches!(decode_wav(&wav16(22_050, 1, &[]), false), Err(WavError::Empty)));
        let mut zero_rate = good.clone();
        zero_rate[24..28].copy_from_slice(&0u32.to_le_bytes());
        assert!(matches!(decode_wav(&zero_rate, false), Err(WavError::BadHeader(_))));
        // A zero rate with a byte rate that agrees: refused before the decoder.
        zero_rate[28..32].copy_from_slice(&0u32.to_le_bytes());
        assert_eq!(decode_wav(&zero_rate, false), Err(WavError::BadHeader("sample rate 0".into())));
        let mut nine = wav16(8_000, 9, &[1; 90]);
        assert_eq!(decode_wav(&nine, false), Err(WavError::BadHeader("9 channels".into())));
        nine[22..24].copy_from_slice(&0u16.to_le_bytes());
        assert!(matches!(decode_wav(&nine, false), Err(WavError::BadHeader(_))));
        let mut float = wav16(8_000, 1, &[0; 4]);
        float[20..22].copy_from_slice(&3u16.to_le_bytes());
        assert!(matches!(decode_wav(&float, false), Err(WavError::BadHeader(_))), "16-bit float");
        let mut adpcm = good;
        adpcm[20..22].copy_from_slice(&2u16.to_le_bytes());
        assert!(matches!(decode_wav(&adpcm, false), Err(WavError::Unsupported(_))));
        // Every prefix of a valid file is handled without a panic, and so is
        // every header byte set to its extremes.
        let whole = wav16(8_000, 2, &[5; 40]);
        for n in 0..whole.len() {
            let _ = decode_wav(&whole[..n], false);
            let _ = decode_wav(&whole[..n], true);
        }
        for at in 0..44 {
            for byte in [0x00, 0x01, 0x7f, 0x80, 0xff] {
                let mut bent = whole.clone();
                bent[at] = byte;
                let _ = decode_wav(&bent, false);
                let _ = decode_wav(&bent, true);
            }
        }
    }

    #[test]
    fn the_language_of_a_line_is_found_from_its_words() {
        let line = |id: &str, text: &str| Line { id: id.into(), text: text.into(), pause_ms: 0, sound: None };
        assert_eq!(lang_of(&line("avalon.reveal.merlin", "Laura was Merlin.")), Some(Lang::En));
        assert_eq!(lang_of(&line("avalon.reveal.merlin", "Laura era Merlino.")), Some(Lang::It));
        assert_eq!(
            lang_of(&line("avalon.round.leader", "Missione 2: guida Anna, che sceglie una squadra di 3.")),
            Some(Lang::It)
        );
        assert_eq!(lang_of(&line("avalon.night.merlin_close", "Merlin, close your eyes.")), Some(Lang::En));
        assert_eq!(lang_of(&line("nope", "whatever")), None);
        assert!(matches_template("{name} era {role}.", "a era b."));
        assert!(!matches_template("{name} era {role}.", "a was b."));
        // Each plural form of a counted line is a template.
        assert_eq!(lang_of(&line("table.timer.warning", "Ancora un secondo.")), Some(Lang::It));
        assert_eq!(lang_of(&line("table.timer.warning", "5 seconds left.")), Some(Lang::En));
    }

    #[test]
    fn every_line_id_is_listed_and_parameters_are_spotted() {
        let ids: Vec<_> = all_line_ids().collect();
        assert!(ids.iter().any(|id| id == "avalon.night.close_all"));
        assert!(ids.iter().any(|id| id == "avalon.reveal.lancelot-good"), "the cue's id, not the catalog's");
        assert!(!ids.iter().any(|id| id.ends_with(".zero")), "a zero form is not a line of its own");
        assert!(has_params(template("avalon.round.leader", Lang::It).unwrap()));
        assert!(!has_params(template("avalon.night.close_all", Lang::En).unwrap()));
        assert!(script(Lang::It).contains("avalon.night.close_all.wav\tScende la notte"));
        assert!(!script(Lang::En).contains('{'));
    }

    #[test]
    fn a_folder_without_a_manifest_or_with_a_bad_one_is_a_typed_error() {
        let dir = tempfile::tempdir().unwrap();
        assert!(matches!(VoicePack::load(dir.path()), Err(VoiceError::NoManifest(_))));
        std::fs::write(dir.path().join(MANIFEST), "{ not json").unwrap();
        assert!(matches!(VoicePack::load(dir.path()), Err(VoiceError::BadManifest(_))));
        std::fs::write(dir.path().join(MANIFEST), r#"{"lang":"fr","voice":"x","format":1,"entries":{}}"#).unwrap();
        assert!(matches!(VoicePack::load(dir.path()), Err(VoiceError::UnknownLang(_))));
        std::fs::write(dir.path().join(MANIFEST), r#"{"lang":"it","voice":"x","format":99,"entries":{}}"#).unwrap();
        assert!(matches!(VoicePack::load(dir.path()), Err(VoiceError::FormatTooNew(99))));
    }

    #[test]
    fn a_pack_holds_the_sound_cues_its_manifest_lists_and_check_reports_them() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path().join("en");
        std::fs::create_dir_all(&d).unwrap();
        manifest_for_recordings(&d, Lang::En, "Laura").unwrap();
        let manifest = read_manifest(&d).unwrap();
        for sound in Sound::ALL {
            let entry = &manifest.entries[sound.id()];
            let bytes = std::fs::read(d.join(entry.file.as_deref().unwrap())).unwrap();
            assert_eq!(bytes, sound_wav(sound), "{sound:?} as Tavola makes it");
            assert_eq!(entry.sha256.as_deref(), Some(sha256_hex(&bytes).as_str()));
            assert_eq!(entry.text, SOUND_GENERATOR);
        }
        let pack = VoicePack::load(&d).unwrap();
        assert_eq!(pack.sounds(), Sound::ALL);
        assert!(pack.unknown.is_empty(), "{:?}", pack.unknown);
        assert!(
            pack.summary(Lang::En).contains("2 sound cues (sound.chime, sound.drum)."),
            "{}",
            pack.summary(Lang::En)
        );
        let check = cli(&VoiceCommand::Check { dir: Some(dir.path().to_path_buf()), out: None }, Lang::En).unwrap();
        assert!(check.contains("2 sound cues"), "{check}");
        // A damaged drum is reported and left out (the speaker makes it instead).
        std::fs::write(d.join("sound.drum.wav"), b"RIFF").unwrap();
        let pack = VoicePack::load(&d).unwrap();
        assert_eq!(pack.sounds(), [Sound::Chime]);
        assert!(pack.problems.iter().any(|p| p.id == "sound.drum"), "{:?}", pack.problems);
    }

    #[test]
    fn recorded_clips_load_and_missing_stale_and_damaged_ones_are_listed() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let sound = wav16(16_000, 1, &[100; 1600]);
        // Recorded: four clips, one of them cut short after the manifest was written.
        for id in ["avalon.night.close_all", "avalon.night.open_all", "avalon.vote.open", "soc.end.lost"] {
            std::fs::write(d.join(format!("{id}.wav")), &sound).unwrap();
        }
        let lacking = manifest_for_recordings(d, Lang::En, "Laura").unwrap();
        assert!(lacking.contains(&"avalon.night.evil_open".to_string()));
        assert!(!lacking.contains(&"avalon.night.close_all".to_string()));
        std::fs::write(d.join("soc.end.lost.wav"), &sound[..sound.len() - 100]).unwrap();
        // One more: its words changed since it was recorded.
        let mut manifest = read_manifest(d).unwrap();
        std::fs::write(d.join("soc.end.won.wav"), &sound).unwrap();
        manifest.entries.get_mut("soc.end.won").unwrap().text = "Old words.".into();
        manifest.entries.get_mut("soc.end.won").unwrap().file = Some("soc.end.won.wav".into());
        // And one whose file was never dropped in.
        manifest.entries.get_mut("soc.sword.white").unwrap().file = Some("soc.sword.white.wav".into());
        write_manifest(d, &manifest).unwrap();

        let pack = VoicePack::load(d).unwrap();
        assert_eq!(pack.lang, Lang::En);
        assert_eq!(pack.voice, "Laura");
        assert_eq!(pack.len(), 3);
        assert!(pack.clip("avalon.night.close_all").unwrap().duration() == Duration::from_millis(100));
        assert_eq!(pack.problems.len(), 1, "{:?}", pack.problems);
        assert_eq!(pack.problems[0].id, "soc.end.lost");
        assert!(pack.clip("soc.end.lost").is_none());
        assert_eq!(pack.stale, vec!["soc.end.won"]);
        assert!(pack.missing.contains(&"soc.sword.white".to_string()));
        assert!(pack.runtime.contains(&"avalon.reveal.merlin".to_string()));
        assert!(pack.summary(Lang::En).contains("soc.end.lost"));

        let said = |id: &str, text: &str| Line { id: id.into(), text: text.into(), pause_ms: 0, sound: None };
        assert!(pack.clip_for(&said("avalon.vote.open", "Vote on the team with your buttons.")).is_some());
        assert!(pack.clip_for(&said("avalon.vote.open", "Votate la squadra con i vostri pulsanti.")).is_none());
    }

    #[test]
    fn a_checksum_or_size_mismatch_skips_the_clip() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let sound = wav16(16_000, 1, &[100; 160]);
        std::fs::write(d.join("avalon.vote.open.wav"), &sound).unwrap();
        std::fs::write(d.join("soc.end.lost.wav"), &sound).unwrap();
        manifest_for_recordings(d, Lang::En, "x").unwrap();
        // Same size, different bytes: only the checksum can tell.
        let mut changed = sound.clone();
        *changed.last_mut().unwrap() ^= 0x55;
        std::fs::write(d.join("avalon.vote.open.wav"), &changed).unwrap();
        std::fs::write(d.join("soc.end.lost.wav"), [&sound[..], &[0, 0]].concat()).unwrap();
        let pack = VoicePack::load(d).unwrap();
        assert!(pack.is_empty());
        let reasons: Vec<_> = pack.problems.iter().map(|p| (p.id.as_str(), p.reason.as_str())).collect();
        assert!(reasons.iter().any(|(id, r)| *id == "avalon.vote.open" && r.contains("checksum")), "{reasons:?}");
        assert!(reasons.iter().any(|(id, r)| *id == "soc.end.lost" && r.contains("bytes")), "{reasons:?}");
    }

    #[test]
    fn a_generated_pack_round_trips_and_is_reproducible() {
        let espeak = crate::synth::espeak_for_test();
        let only = ["avalon.night.close_all", "avalon.night.merlin_close", "soc.end.lost", "avalon.reveal.merlin"];
        let dir = tempfile::tempdir().unwrap();
        let it = dir.path().join("it");
        let report = build_pack_with(&espeak, Lang::It, &it, DEFAULT_SPEED, Some(&only)).unwrap();
        assert_eq!(report.written, 3);
        assert_eq!(report.runtime, vec!["avalon.reveal.merlin"]);
        assert!(report.generator.starts_with("espeak-ng "));
        let manifest = read_manifest(&it).unwrap();
        assert_eq!(manifest.generator.as_deref(), Some(report.generator.as_str()));
        assert_eq!(manifest.entries["avalon.reveal.merlin"].file, None, "a line with a name is left to run time");

        let pack = VoicePack::load(&it).unwrap();
        assert_eq!(pack.lang, Lang::It);
        assert!(pack.problems.is_empty(), "{:?}", pack.problems);
        for id in &only[..3] {
            let clip = pack.clip(id).unwrap_or_else(|| panic!("{id} did not load"));
            assert!(clip.duration() > Duration::from_millis(300), "{id}: {:?}", clip.duration());
        }
        assert!(pack.runtime.contains(&"avalon.reveal.merlin".to_string()));

        // Same espeak-ng, same files, byte for byte.
        let again = dir.path().join("again");
        build_pack_with(&espeak, Lang::It, &again, DEFAULT_SPEED, Some(&only)).unwrap();
        for name in ["manifest.json", "avalon.night.close_all.wav", "soc.end.lost.wav"] {
            assert_eq!(std::fs::read(it.join(name)).unwrap(), std::fs::read(again.join(name)).unwrap(), "{name}");
        }
    }

    #[test]
    fn the_voice_command_answers_or_explains() {
        let out = cli(&VoiceCommand::Script { lang: vec![Lang::En] }, Lang::En).unwrap();
        assert!(out.contains("soc.end.lost.wav\tCamelot has fallen."));
        let both = cli(&VoiceCommand::Script { lang: vec![] }, Lang::En).unwrap();
        assert!(both.contains(&out) && both.contains(&script(Lang::It)), "no --lang: both languages");
        let dir = tempfile::tempdir().unwrap();
        let manifest = VoiceCommand::Manifest { dir: dir.path().into(), lang: Lang::It, name: "Laura".into() };
        let out = cli(&manifest, Lang::En).unwrap();
        assert!(out.contains("lines are not recorded yet"), "{out}");
        let out = cli(&manifest, Lang::It).unwrap();
        assert!(out.contains("righe non sono ancora registrate (le dice espeak-ng)"), "{out}");
        assert_eq!(read_manifest(dir.path()).unwrap().voice, "Laura");
        let nothing = tempfile::tempdir().unwrap();
        let out = cli(&VoiceCommand::Check { dir: Some(nothing.path().into()), out: None }, Lang::En).unwrap();
        assert!(out.contains("No pack loaded."), "{out}");
    }

    /// The counted messages about packs, at 0, 1 and 2, in both languages.
    #[test]
    fn pack_messages_agree_with_their_number() {
        let said = |m: Msg| (Lang::It.text(&m), Lang::En.text(&m));
        let missing = |n: usize| msg!("voice.pack.missing", lang = "it", voice = "Anna", count = n, ids = "a.b");
        assert_eq!(
            said(missing(0)),
            (
                "Pacchetto di voce it «Anna»: mancano 0 registrazioni (a.b).".into(),
                "Voice pack it “Anna”: 0 clips missing (a.b).".into()
            )
        );
        assert_eq!(
            said(missing(1)),
            (
                "Pacchetto di voce it «Anna»: manca una registrazione (a.b).".into(),
                "Voice pack it “Anna”: one clip missing (a.b).".into()
            )
        );
        assert_eq!(
            said(missing(2)),
            (
                "Pacchetto di voce it «Anna»: mancano 2 registrazioni (a.b).".into(),
                "Voice pack it “Anna”: 2 clips missing (a.b).".into()
            )
        );
        let more = |n: usize| msg!("voice.pack.ids_more", ids = "a, b, c", count = n);
        assert_eq!(said(more(1)), ("a, b, c e un altro".into(), "a, b, c and one more".into()));
        assert_eq!(said(more(2)), ("a, b, c e altri 2".into(), "a, b, c and 2 more".into()));
        let runtime = |n: usize| msg!("voice.pack.runtime", count = n);
        assert_eq!(said(runtime(0)).1, "0 lines with names or numbers are spoken at run time.");
        assert_eq!(said(runtime(1)).0, "Una riga con nomi o numeri si dice al momento.");
        assert_eq!(said(runtime(2)).0, "2 righe con nomi o numeri si dicono al momento.");
        for n in 0..3 {
            for id in ["voice.pack.clips", "voice.pack.stale", "voice.pack.damaged"] {
                let m = Msg::new(id).with("lang", "en").with("voice", "Anna").with("count", n).with("ids", "x");
                let (it, en) = said(m);
                assert!(!it.contains('{') && !en.contains('{') && it != en, "{id} {n}: {it} / {en}");
                assert_eq!(n == 1, en.contains(" one clip") || en.contains(": one clip"), "{id} {n}: {en}");
            }
            let m = msg!("cli.voice.manifest_lacking", path = "a/manifest.json", count = n, ids = "x");
            assert_eq!(n == 1, Lang::It.text(&m).contains("una riga non è"), "{n}");
        }
    }
}
