//! The speaker: narration lines played through rodio (cpal, ALSA on the Pi).
//!
//! A line with a clip in a loaded voice pack starts at once (the clip is
//! already decoded in memory); any other line is synthesised by espeak-ng
//! on a worker thread. [`AudioOut::speak`] never waits for either: lines go
//! to the worker in order and play one after the other, never over each
//! other.
//!
//! The sound goes to the device the owner chose ([`AudioOptions::speaker`],
//! see [`crate::outputs`]), or to the best one found when that one is not
//! there (one notice says so, naming the device used). A new choice
//! ([`AudioOut::choose_output`]) reopens the output at once. Listing the
//! devices, opening one and closing the old output (its worker may be in the
//! middle of a sentence) happen on a thread of their own, the speaker's
//! keeper: the screen that asks never waits on the sound system.
//!
//! With no sound device (CI, a box without a speaker, ALSA not configured)
//! [`RodioAudio::open`] still succeeds: the output is silent (a mixer drained
//! at the pace a device would drain it, so timing behaves the same) and one
//! notice says so. Without espeak-ng, lines with no clip are not spoken and
//! one notice says so; subtitles are unaffected either way.

use crate::games::Lang;
use crate::hw::speaker::{OpenError, OutputDevice, Placed, SpeakerChoice};
use crate::hw::{AudioOut, HwError, Millis};
use crate::narrator::Line;
use crate::outputs::{Opened, Outputs, SystemOutputs};
use crate::synth::{speech_off_notice, Espeak, DEFAULT_SPEED};
use crate::voice::{default_root, lang_of, Clip, LoadedPack, VoicePack};
use rodio::{ChannelCount, Player, SampleRate, Source};
use std::num::NonZero;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use tavola_words::msg;

/// How often the silent output pulls sound, like a device's buffer period.
pub const SILENT_PERIOD: Duration = Duration::from_millis(10);

/// The device buffer asked for, in frames (about 21 ms at 48 kHz): short
/// enough that a line starts quickly, long enough for a Pi not to stutter.
/// Where the device refuses it, rodio's own choice (about 50 ms) is used.
pub const DEVICE_BUFFER_FRAMES: u32 = 1024;

/// How the speaker is set up.
#[derive(Debug, Clone)]
pub struct AudioOptions {
    /// The voices folder (holding `it/`, `en/`); `None` looks in the
    /// default places ([`crate::voice::default_root`]).
    pub voices: Option<PathBuf>,
    /// The language synthesised lines are spoken in when their words do not
    /// tell (the session's language).
    pub lang: Lang,
    /// espeak-ng's speed, words per minute.
    pub speed: u32,
    /// Look for espeak-ng (off: only clips are played).
    pub synthesis: bool,
    /// The sound device to play on.
    pub speaker: SpeakerChoice,
}

impl Default for AudioOptions {
    fn default() -> Self {
        AudioOptions {
            voices: None,
            lang: Lang::It,
            speed: DEFAULT_SPEED,
            synthesis: true,
            speaker: SpeakerChoice::Auto,
        }
    }
}

/// What the worker is asked to do, in the order lines were spoken.
enum Job {
    Play { clip: Clip, generation: u64, spoken_at: Instant },
    Synthesise { text: String, lang: Lang, generation: u64, spoken_at: Instant },
}

/// Shared between the caller, the worker and the playing sources.
#[derive(Debug, Default)]
struct State {
    /// Lines spoken and not finished playing.
    outstanding: AtomicUsize,
    /// Lines spoken so far (each line's generation is its number).
    generation: AtomicU64,
    /// Lines numbered below this are cut (by [`RodioAudio::stop`]).
    cancel_below: AtomicU64,
    /// The latest line whose first sample was pulled, and how long after
    /// `speak` that was.
    latency: Mutex<Option<(u64, Duration)>>,
    /// espeak-ng was needed and missing: told once.
    speech_off: AtomicBool,
    /// Notices raised off the caller's thread, waiting to be told.
    notices: Mutex<Vec<HwError>>,
}

impl State {
    fn done_one(&self) {
        let _ = self.outstanding.fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| n.checked_sub(1));
    }
}

/// A decoded clip as a rodio source; it counts itself finished when it ends
/// or is dropped, and notes when its first sample is pulled.
struct ClipSource {
    samples: Arc<[f32]>,
    pos: usize,
    channels: ChannelCount,
    rate: SampleRate,
    generation: u64,
    spoken_at: Instant,
    started: bool,
    finished: bool,
    state: Arc<State>,
}

impl ClipSource {
    fn new(clip: Clip, generation: u64, spoken_at: Instant, state: Arc<State>) -> Option<ClipSource> {
        Some(ClipSource {
            channels: NonZero::new(clip.channels)?,
            rate: NonZero::new(clip.sample_rate)?,
            samples: clip.samples,
            pos: 0,
            generation,
            spoken_at,
            started: false,
            finished: false,
            state,
        })
    }

    fn finish(&mut self) {
        if !self.finished {
            self.finished = true;
            self.state.done_one();
        }
    }
}

impl Iterator for ClipSource {
    type Item = rodio::Sample;

    fn next(&mut self) -> Option<rodio::Sample> {
        if !self.started {
            self.started = true;
            let latency = self.spoken_at.elapsed();
            if let Ok(mut l) = self.state.latency.lock() {
                *l = Some((self.generation, latency));
            }
        }
        // Checked once per frame, so a cut never splits a frame.
        if self.pos.is_multiple_of(self.channels.get() as usize)
            && self.generation < self.state.cancel_below.load(Ordering::Relaxed)
        {
            self.pos = self.samples.len();
        }
        match self.samples.get(self.pos) {
            Some(&s) => {
                self.pos += 1;
                Some(s as rodio::Sample)
            }
            None => {
                self.finish();
                None
            }
        }
    }
}

impl Source for ClipSource {
    fn current_span_len(&self) -> Option<usize> {
        None
    }
    fn channels(&self) -> ChannelCount {
        self.channels
    }
    fn sample_rate(&self) -> SampleRate {
        self.rate
    }
    fn total_duration(&self) -> Option<Duration> {
        let frames = self.samples.len() / self.channels.get() as usize;
        Some(Duration::from_secs_f64(frames as f64 / f64::from(self.rate.get())))
    }
}

impl Drop for ClipSource {
    fn drop(&mut self) {
        self.finish();
    }
}

/// Where the sound goes.
enum Sink {
    /// A sound device; dropping it closes the stream.
    Device(rodio::MixerDeviceSink),
    /// No device: a thread drains the mixer in real time.
    Silent { stop: Arc<AtomicBool>, thread: Option<JoinHandle<()>> },
}

/// The real speaker (or its silent stand-in). See the module docs.
pub struct RodioAudio {
    sink: Sink,
    player: Arc<Player>,
    jobs: Option<Sender<Job>>,
    worker: Option<JoinHandle<()>>,
    state: Arc<State>,
    packs: Vec<LoadedPack>,
    lang: Lang,
    volume: u8,
    espeak: Option<Espeak>,
    speed: u32,
    /// The keeper's errands (see [`Errand`]).
    keeper: Option<Sender<Errand>>,
    keeper_thread: Option<JoinHandle<()>>,
    /// What the keeper opened for the choices made, in order.
    placed: Receiver<Placed<Opened>>,
    /// The sound devices the keeper found at its last look.
    found: Arc<Mutex<Vec<OutputDevice>>>,
    /// A look asked for and not ended yet.
    looking: Arc<AtomicBool>,
    /// The device the sound goes to (`None`: silent).
    on: Option<OutputDevice>,
}

/// What the speaker's keeper does, on its own thread, for the thread that speaks.
enum Errand {
    /// Lists the sound devices.
    Look,
    /// Opens the device a choice names (or the best one).
    Choose(SpeakerChoice),
    /// Closes an output no longer used: its worker ends after the job in hand (a sentence
    /// being synthesised), and its sink closes.
    Retire { sink: Sink, worker: Option<JoinHandle<()>> },
}

/// The keeper as started: where its errands go, the thread, and where the outputs it opened
/// come back.
type Keeper = (Option<Sender<Errand>>, Option<JoinHandle<()>>, Receiver<Placed<Opened>>);

/// The speaker's keeper: the thread that lists, opens and closes sound devices.
fn spawn_keeper(outputs: Arc<dyn Outputs>, found: Arc<Mutex<Vec<OutputDevice>>>, looking: Arc<AtomicBool>) -> Keeper {
    let (tx, rx) = channel::<Errand>();
    let (tell, placed) = channel();
    let keeper = std::thread::Builder::new()
        .name("tavola-speaker".into())
        .spawn(move || {
            for errand in rx {
                match errand {
                    Errand::Look => {
                        let devices = outputs.devices();
                        *found.lock().unwrap_or_else(|e| e.into_inner()) = devices;
                        looking.store(false, Ordering::Release);
                    }
                    Errand::Choose(choice) => {
                        if tell.send(outputs.place(&choice)).is_err() {
                            return;
                        }
                    }
                    Errand::Retire { sink, worker } => retire(sink, worker),
                }
            }
        })
        .ok();
    (keeper.as_ref().map(|_| tx), keeper, placed)
}

/// Ends an output's worker (after the job in hand) and closes its sink.
fn retire(mut sink: Sink, worker: Option<JoinHandle<()>>) {
    if let Some(w) = worker {
        let _ = w.join();
    }
    if let Sink::Silent { stop, thread } = &mut sink {
        stop.store(true, Ordering::Release);
        if let Some(t) = thread.take() {
            t.thread().unpark();
            let _ = t.join();
        }
    }
}

impl std::fmt::Debug for RodioAudio {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RodioAudio")
            .field("on", &self.on)
            .field("device", &self.device())
            .field("packs", &self.packs.iter().map(|p| (p.lang, p.len())).collect::<Vec<_>>())
            .field("volume", &self.volume)
            .field("espeak", &self.espeak.is_some())
            .finish_non_exhaustive()
    }
}

/// No sound devices at all (the silent output's).
#[derive(Debug)]
struct NoOutputs;

impl Outputs for NoOutputs {
    fn pcms(&self) -> Result<Vec<crate::hw::speaker::Pcm>, tavola_words::Arg> {
        Err(tavola_words::msg!("hw.speaker.silent").into())
    }
    fn open(&self, _device: &OutputDevice) -> Result<Opened, OpenError> {
        Err(OpenError::Refused("a silent output".into()))
    }
}

/// A mixer for a device, or one drained in real time with nowhere to go.
fn make_sink(device: Option<rodio::MixerDeviceSink>, state: &Arc<State>) -> (Sink, Player) {
    match device {
        Some(d) => {
            let player = Player::connect_new(d.mixer());
            (Sink::Device(d), player)
        }
        None => {
            let (mixer, source) = rodio::mixer::mixer(NonZero::new(2).unwrap(), NonZero::new(44_100).unwrap());
            let stop = Arc::new(AtomicBool::new(false));
            let thread = spawn_drain(source, stop.clone(), state.clone());
            (Sink::Silent { stop, thread }, Player::connect_new(&mixer))
        }
    }
}

/// The thread that synthesises and queues the lines, in order, on `player`.
fn spawn_worker(
    player: Arc<Player>,
    state: Arc<State>,
    espeak: Option<Espeak>,
    speed: u32,
) -> (Option<Sender<Job>>, Option<JoinHandle<()>>) {
    let (tx, rx) = channel::<Job>();
    let worker = std::thread::Builder::new()
        .name("tavola-speech".into())
        .spawn(move || {
            for job in rx {
                match job {
                    Job::Play { clip, generation, spoken_at } => {
                        play(&player, &state, clip, generation, spoken_at);
                    }
                    Job::Synthesise { text, lang, generation, spoken_at } => {
                        let cut = generation < state.cancel_below.load(Ordering::Relaxed);
                        let clip = match (&espeak, cut) {
                            (Some(e), false) => e.synthesise(&text, lang, speed).ok(),
                            _ => None,
                        };
                        match clip {
                            Some(clip) => play(&player, &state, clip, generation, spoken_at),
                            None => state.done_one(),
                        }
                    }
                }
            }
        })
        .ok();
    (worker.as_ref().map(|_| tx), worker)
}

impl RodioAudio {
    /// Opens the sound device `options.speaker` names (or the best one
    /// found), loads the voice packs and looks for espeak-ng. Never fails:
    /// without a device the output is silent, and what is missing (or was
    /// used instead of the device chosen) is in [`RodioAudio::take_notices`].
    pub fn open(options: &AudioOptions) -> RodioAudio {
        RodioAudio::with_outputs(options, Box::new(SystemOutputs))
    }

    /// The same on the sound devices `outputs` lists
    /// ([`crate::outputs::SimOutputs`] for a simulated machine).
    pub fn with_outputs(options: &AudioOptions, outputs: Box<dyn Outputs>) -> RodioAudio {
        let placed = outputs.place(&options.speaker);
        let (on, sink) = match placed.on {
            Some((device, Opened(sink))) => (Some(device), sink),
            None => (None, None),
        };
        let mut audio = RodioAudio::start(sink, options, outputs);
        audio.on = on;
        if let Some(notice) = placed.notice {
            audio.tell(notice);
        }
        audio
    }

    /// A silent output that never touches a sound device (tests, benchmarks,
    /// `--simulate`): the same path as a device, drained in real time.
    pub fn silent(options: &AudioOptions) -> RodioAudio {
        RodioAudio::start(None, options, Box::new(NoOutputs))
    }

    fn start(device: Option<rodio::MixerDeviceSink>, options: &AudioOptions, outputs: Box<dyn Outputs>) -> RodioAudio {
        let state = Arc::new(State::default());
        let (sink, player) = make_sink(device, &state);
        let player = Arc::new(player);
        let espeak = if options.synthesis { Espeak::detect().ok() } else { None };
        let (jobs, worker) = spawn_worker(player.clone(), state.clone(), espeak.clone(), options.speed);
        let (found, looking) = (Arc::new(Mutex::new(Vec::new())), Arc::new(AtomicBool::new(false)));
        let (keeper, keeper_thread, placed) = spawn_keeper(Arc::from(outputs), found.clone(), looking.clone());
        let mut audio = RodioAudio {
            sink,
            player,
            jobs,
            worker,
            state,
            packs: Vec::new(),
            lang: options.lang,
            volume: 100,
            espeak,
            speed: options.speed,
            keeper,
            keeper_thread,
            placed,
            found,
            looking,
            on: None,
        };
        let root = options.voices.clone().or_else(default_root);
        if let Some(root) = root {
            let (packs, messages) = VoicePack::load_all(&root);
            for m in messages {
                audio.tell(HwError::said("audio", msg!("hw.audio.voice_pack", problem = m)));
            }
            audio.packs = packs;
        }
        audio
    }

    /// Uses these packs instead of the ones found at start.
    pub fn set_packs(&mut self, packs: Vec<LoadedPack>) {
        self.packs = packs;
    }

    /// The loaded packs.
    pub fn packs(&self) -> &[LoadedPack] {
        &self.packs
    }

    /// How long `line` will play when it has a preloaded clip (the queue can
    /// time the pause after it from this rather than from an estimate).
    pub fn clip_duration(&self, line: &Line) -> Option<Duration> {
        self.packs.iter().find_map(|p| p.clip_for(line)).map(Clip::duration)
    }

    /// The language for synthesised lines whose words do not tell.
    pub fn set_lang(&mut self, lang: Lang) {
        self.lang = lang;
    }

    /// True when there is no sound device.
    pub fn is_silent(&self) -> bool {
        self.on.is_none()
    }

    /// The sound device's format (rate, channels, buffer), for diagnostics;
    /// `None` when silent.
    pub fn device(&self) -> Option<String> {
        match &self.sink {
            Sink::Device(d) => Some(format!("{:?}", d.config())),
            Sink::Silent { .. } => None,
        }
    }

    /// True when espeak-ng was found.
    pub fn can_synthesise(&self) -> bool {
        self.espeak.is_some()
    }

    /// What went wrong at start (no device, damaged clips) and since (no
    /// espeak-ng when a line needed it), each told once. What is not taken
    /// here comes back as the error of the next [`AudioOut::speak`].
    pub fn take_notices(&mut self) -> Vec<HwError> {
        self.state.notices.lock().map(|mut n| std::mem::take(&mut *n)).unwrap_or_default()
    }

    fn tell(&self, notice: HwError) {
        if let Ok(mut n) = self.state.notices.lock() {
            n.push(notice);
        }
    }

    /// Cuts what is playing and drops what waits (the host skipped or
    /// repeated a line). Returns at once.
    pub fn stop(&mut self) {
        let now = self.state.generation.load(Ordering::Acquire) + 1;
        self.state.cancel_below.fetch_max(now, Ordering::AcqRel);
    }

    /// How long after its `speak` the most recent line's first sample was
    /// pulled by the output (`None` until it has been).
    pub fn last_latency(&self) -> Option<Duration> {
        let last = self.state.generation.load(Ordering::Acquire);
        let l = *self.state.latency.lock().ok()?;
        l.filter(|(g, _)| *g == last).map(|(_, d)| d)
    }

    /// Whether a line is playing or waiting (the real clock, not the table's).
    pub fn is_busy(&self) -> bool {
        self.state.outstanding.load(Ordering::Acquire) > 0
    }
}

fn play(player: &Player, state: &Arc<State>, clip: Clip, generation: u64, spoken_at: Instant) {
    if generation < state.cancel_below.load(Ordering::Relaxed) {
        state.done_one();
        return;
    }
    match ClipSource::new(clip, generation, spoken_at, state.clone()) {
        Some(source) => player.append(source),
        None => state.done_one(),
    }
}

impl AudioOut for RodioAudio {
    fn speak(&mut self, line: &Line, _now: Millis) -> Result<(), HwError> {
        let generation = self.state.generation.fetch_add(1, Ordering::AcqRel) + 1;
        let spoken_at = Instant::now();
        let clip = self.packs.iter().find_map(|p| p.clip_for(line)).cloned();
        let job = match clip {
            Some(clip) => Some(Job::Play { clip, generation, spoken_at }),
            None if self.espeak.is_some() => Some(Job::Synthesise {
                text: line.text.clone(),
                lang: lang_of(line).unwrap_or(self.lang),
                generation,
                spoken_at,
            }),
            None => {
                if !self.is_silent() && !self.state.speech_off.swap(true, Ordering::AcqRel) {
                    self.tell(speech_off_notice());
                }
                None
            }
        };
        if let Some(job) = job {
            self.state.outstanding.fetch_add(1, Ordering::AcqRel);
            self.wake_output();
            let sent = self.jobs.as_ref().is_some_and(|tx| tx.send(job).is_ok());
            if !sent {
                self.state.done_one();
            }
        }
        // Anything not yet told is told now, once.
        match self.take_notices().into_iter().next() {
            Some(first) => Err(first),
            None => Ok(()),
        }
    }

    fn busy(&self, _now: Millis) -> bool {
        self.is_busy()
    }

    fn stop(&mut self, _now: Millis) {
        RodioAudio::stop(self);
    }

    fn length(&self, line: &Line) -> Option<Millis> {
        self.clip_duration(line).map(|d| d.as_millis() as Millis)
    }

    fn sound(&mut self, sound: crate::narrator::Sound, _now: Millis) -> Result<(), HwError> {
        // The pack's copy when it has one, else the same sound made now.
        let clip = self.packs.iter().find_map(|p| p.sound(sound)).cloned();
        let clip = clip.unwrap_or_else(|| crate::synth::sound_clip(sound));
        let generation = self.state.generation.fetch_add(1, Ordering::AcqRel) + 1;
        self.state.outstanding.fetch_add(1, Ordering::AcqRel);
        self.wake_output();
        let job = Job::Play { clip, generation, spoken_at: Instant::now() };
        if self.jobs.as_ref().is_none_or(|tx| tx.send(job).is_err()) {
            self.state.done_one();
        }
        Ok(())
    }

    fn set_volume(&mut self, percent: u8) {
        self.volume = percent.min(100);
        self.apply_volume();
    }

    fn outputs(&self) -> Vec<OutputDevice> {
        self.found.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    fn look_for_outputs(&mut self) {
        // One look at a time: asked again meanwhile, the look under way answers.
        if !self.looking.swap(true, Ordering::AcqRel) && !self.send(Errand::Look) {
            self.looking.store(false, Ordering::Release);
        }
    }

    fn choose_output(&mut self, choice: &SpeakerChoice) {
        // What plays is cut now; the device opens on the keeper's thread.
        self.stop();
        if !self.send(Errand::Choose(choice.clone())) {
            self.tell(HwError::said("speaker", msg!("hw.audio.no_device")));
        }
    }

    fn switched(&mut self) -> Option<Option<HwError>> {
        // Only the last of several choices made in a row counts: each is played on in turn.
        let mut last = None;
        while let Ok(placed) = self.placed.try_recv() {
            let (on, sink) = match placed.on {
                Some((device, Opened(sink))) => (Some(device), sink),
                None => (None, None),
            };
            self.reconnect(sink);
            self.on = on;
            last = Some(placed.notice);
        }
        last
    }

    fn output(&self) -> Option<OutputDevice> {
        self.on.clone()
    }
}

impl RodioAudio {
    fn apply_volume(&self) {
        // Loudness is heard on a curve: half way on the slider sounds half as loud.
        let v = f32::from(self.volume) / 100.0;
        self.player.set_volume(v * v);
    }

    /// Hands an errand to the keeper; false when there is no keeper.
    fn send(&self, errand: Errand) -> bool {
        self.keeper.as_ref().is_some_and(|k| k.send(errand).is_ok())
    }

    /// Cuts what plays, ends the worker (after the job in hand) and closes
    /// the output, waiting for both (Tavola is closing). The keeper ends after its errand in
    /// hand, unwaited (a look at the devices may take long).
    fn close(&mut self) {
        self.stop();
        self.jobs = None;
        let sink = std::mem::replace(&mut self.sink, Sink::Silent { stop: Arc::default(), thread: None });
        retire(sink, self.worker.take());
        self.keeper = None;
        self.keeper_thread = None;
    }

    /// Plays on `device` from now on (silent when `None`): the old output is
    /// cut and handed to the keeper, which closes it (its worker may be in the middle of a
    /// sentence: nobody waits for it here); what was said and not yet told is kept.
    fn reconnect(&mut self, device: Option<rodio::MixerDeviceSink>) {
        self.stop();
        self.jobs = None;
        let state = Arc::new(State::default());
        state.speech_off.store(self.state.speech_off.load(Ordering::Acquire), Ordering::Release);
        if let (Ok(mut new), Ok(mut old)) = (state.notices.lock(), self.state.notices.lock()) {
            *new = std::mem::take(&mut *old);
        }
        let (sink, player) = make_sink(device, &state);
        let old = std::mem::replace(&mut self.sink, sink);
        let errand = Errand::Retire { sink: old, worker: self.worker.take() };
        if let Some(k) = self.keeper.as_ref() {
            if let Err(std::sync::mpsc::SendError(Errand::Retire { sink, worker })) = k.send(errand) {
                retire(sink, worker);
            }
        }
        self.player = Arc::new(player);
        self.state = state;
        self.apply_volume();
        let (jobs, worker) = spawn_worker(self.player.clone(), self.state.clone(), self.espeak.clone(), self.speed);
        self.jobs = jobs;
        self.worker = worker;
    }
}

impl RodioAudio {
    /// The silent output, asleep with nothing to play, is woken: a line or
    /// a sound was just given.
    fn wake_output(&self) {
        if let Sink::Silent { thread: Some(t), .. } = &self.sink {
            t.thread().unpark();
        }
    }
}

impl Drop for RodioAudio {
    fn drop(&mut self) {
        self.close();
    }
}

/// The silent output: pulls the mixer's samples at the pace of a device
/// while a line or a sound is playing. With nothing to play it pulls
/// nothing (a device would be handed silence) and sleeps until a line or a
/// sound is given ([`RodioAudio::wake_output`]), so that a table at rest
/// costs it no processor time.
fn spawn_drain(
    mut source: rodio::mixer::MixerSource,
    stop: Arc<AtomicBool>,
    state: Arc<State>,
) -> Option<JoinHandle<()>> {
    let per_period =
        (source.sample_rate().get() as u64 * source.channels().get() as u64 * SILENT_PERIOD.as_micros() as u64
            / 1_000_000) as usize;
    std::thread::Builder::new()
        .name("tavola-silent-out".into())
        .spawn(move || {
            // Never faster than a device: after a late wake-up (a busy
            // machine) the pace starts again from now instead of catching
            // up in a burst, so a line never ends early.
            let mut start = Instant::now();
            let mut periods = 0u32;
            while !stop.load(Ordering::Acquire) {
                if state.outstanding.load(Ordering::Acquire) == 0 {
                    // Woken by a line given or by the output's end; the
                    // timeout only in case a wake-up came just before.
                    std::thread::park_timeout(Duration::from_secs(1));
                    start = Instant::now();
                    periods = 0;
                    continue;
                }
                for _ in 0..per_period {
                    if source.next().is_none() {
                        break;
                    }
                }
                periods += 1;
                let due = start + SILENT_PERIOD * periods;
                match due.checked_duration_since(Instant::now()) {
                    Some(wait) => std::thread::sleep(wait),
                    None => {
                        start = Instant::now();
                        periods = 0;
                    }
                }
            }
        })
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hw::speaker::{Pcm, SpeakerKind};
    use crate::outputs::SimOutputs;
    use crate::voice::manifest_for_recordings;

    fn options(voices: Option<PathBuf>, synthesis: bool) -> AudioOptions {
        AudioOptions { voices, lang: Lang::En, speed: DEFAULT_SPEED, synthesis, speaker: SpeakerChoice::Auto }
    }

    fn wav(ms: u32) -> Vec<u8> {
        let samples = 16 * ms;
        let mut b = Vec::new();
        b.extend_from_slice(b"RIFF");
        b.extend_from_slice(&(36 + samples * 2).to_le_bytes());
        b.extend_from_slice(b"WAVEfmt ");
        b.extend_from_slice(&[16, 0, 0, 0, 1, 0, 1, 0]);
        b.extend_from_slice(&16_000u32.to_le_bytes());
        b.extend_from_slice(&32_000u32.to_le_bytes());
        b.extend_from_slice(&[2, 0, 16, 0]);
        b.extend_from_slice(b"data");
        b.extend_from_slice(&(samples * 2).to_le_bytes());
        for i in 0..samples {
            b.extend_from_slice(&(((i % 40) as i16 - 20) * 500).to_le_bytes());
        }
        b
    }

    fn line(id: &str, text: &str) -> Line {
        Line { id: id.into(), text: text.into(), pause_ms: 0, sound: None }
    }

    fn wait_until(what: impl Fn() -> bool) -> bool {
        let end = Instant::now() + Duration::from_secs(5);
        while Instant::now() < end {
            if what() {
                return true;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        false
    }

    /// A machine with the Pi 4's jack and HDMI, and a USB speaker when `usb`.
    fn machine(usb: bool, broken: &[&str]) -> SimOutputs {
        let mut pcms = vec![
            Pcm::new("default", "Default ALSA Output"),
            Pcm::new("sysdefault:CARD=Headphones", "bcm2835 Headphones, bcm2835 Headphones\nDefault Audio Device"),
            Pcm::new("hdmi:CARD=vc4hdmi0,DEV=0", "vc4-hdmi-0, MAI PCM i2s-hifi-0\nHDMI Audio Output"),
        ];
        if usb {
            pcms.push(Pcm::new("sysdefault:CARD=Audio", "QEMU USB Audio, USB Audio\nDefault Audio Device"));
        }
        SimOutputs { pcms, broken: broken.iter().map(|b| b.to_string()).collect(), ..SimOutputs::default() }
    }

    #[test]
    fn without_a_device_the_output_opens_silent_and_says_so_once() {
        // CI has no sound card, a desktop has one: the machine's devices are
        // given here (none that opens), so the silent case is checked everywhere.
        let empty = tempfile::tempdir().unwrap();
        let outputs = SimOutputs {
            pcms: vec![Pcm::new("default", "Default ALSA Output")],
            broken: vec!["default".into()],
            ..SimOutputs::default()
        };
        let mut audio = RodioAudio::with_outputs(&options(Some(empty.path().into()), false), Box::new(outputs));
        assert!(audio.is_silent());
        assert_eq!(audio.device(), None);
        assert_eq!(audio.output(), None);
        let notices = audio.take_notices();
        assert_eq!(notices.len(), 1, "{notices:?}");
        assert_eq!(notices[0].part, "speaker");
        assert!(
            notices[0].text(Lang::En).starts_with("No speaker found (default: Device or resource busy)"),
            "{}",
            notices[0].text(Lang::En)
        );
        assert!(audio.take_notices().is_empty(), "told once");
        audio.set_volume(40);
        // speak() returns at once whatever happens to the line.
        let started = Instant::now();
        let _ = audio.speak(&line("avalon.vote.open", "Vote on the team with your buttons."), 0);
        assert!(started.elapsed() < Duration::from_millis(50));
    }

    #[test]
    fn open_gives_an_output_with_or_without_a_sound_device() {
        // Whatever this machine has: a device in use, or the silent output
        // and the one notice that says so.
        let empty = tempfile::tempdir().unwrap();
        let mut audio = RodioAudio::open(&options(Some(empty.path().into()), false));
        let no_speaker = audio.take_notices().iter().any(|n| n.text(Lang::En).starts_with("No speaker found"));
        assert_eq!(audio.is_silent(), no_speaker, "{:?}", audio.device());
        let started = Instant::now();
        let _ = audio.speak(&line("avalon.vote.open", "Vote on the team with your buttons."), 0);
        assert!(started.elapsed() < Duration::from_millis(50));
    }

    #[test]
    fn a_preloaded_clip_plays_busy_while_it_lasts() {
        let dir = tempfile::tempdir().unwrap();
        let en = dir.path().join("en");
        std::fs::create_dir(&en).unwrap();
        std::fs::write(en.join("avalon.vote.open.wav"), wav(200)).unwrap();
        manifest_for_recordings(&en, Lang::En, "test").unwrap();
        let mut audio = RodioAudio::silent(&options(Some(dir.path().into()), false));
        assert_eq!(audio.packs().len(), 1);
        let vote = line("avalon.vote.open", "Vote on the team with your buttons.");
        assert_eq!(audio.clip_duration(&vote), Some(Duration::from_millis(200)));
        assert_eq!(audio.clip_duration(&line("avalon.vote.open", "Votate la squadra con i vostri pulsanti.")), None);
        let notices = audio.take_notices();
        assert!(
            notices.len() == 1 && notices[0].text(Lang::En).contains("missing"),
            "a half-recorded pack is told: {notices:?}"
        );
        let t = Instant::now();
        audio.speak(&line("avalon.vote.open", "Vote on the team with your buttons."), 0).unwrap();
        assert!(t.elapsed() < Duration::from_millis(20), "speak returns at once: {:?}", t.elapsed());
        assert!(audio.busy(0));
        assert!(wait_until(|| audio.last_latency().is_some()), "the first sample is pulled");
        assert!(audio.last_latency().unwrap() < Duration::from_millis(50), "{:?}", audio.last_latency());
        assert!(audio.busy(0), "still playing its 200 ms");
        assert!(wait_until(|| !audio.busy(0)), "done after the clip");
        // The output pulls a period ahead of what is heard, and the mixer
        // may start the clip part-way through the period it is filling.
        assert!(t.elapsed() >= Duration::from_millis(200) - 3 * SILENT_PERIOD, "in real time: {:?}", t.elapsed());
    }

    #[test]
    fn stop_cuts_the_line_and_what_waits() {
        let dir = tempfile::tempdir().unwrap();
        let en = dir.path().join("en");
        std::fs::create_dir(&en).unwrap();
        std::fs::write(en.join("avalon.vote.open.wav"), wav(3000)).unwrap();
        manifest_for_recordings(&en, Lang::En, "test").unwrap();
        let mut audio = RodioAudio::silent(&options(Some(dir.path().into()), false));
        audio.take_notices();
        let l = line("avalon.vote.open", "Vote on the team with your buttons.");
        audio.speak(&l, 0).unwrap();
        audio.speak(&l, 0).unwrap();
        assert!(wait_until(|| audio.last_latency().is_some() || audio.state.latency.lock().unwrap().is_some()));
        audio.stop();
        assert!(wait_until(|| !audio.busy(0)), "both lines cut");
    }

    #[test]
    fn without_espeak_a_line_without_a_clip_is_not_spoken_and_nothing_hangs() {
        let empty = tempfile::tempdir().unwrap();
        let mut audio = RodioAudio::silent(&options(Some(empty.path().into()), false));
        assert!(!audio.can_synthesise());
        audio.speak(&line("avalon.reveal.merlin", "Laura was Merlin."), 0).unwrap();
        assert!(!audio.busy(0));
    }

    #[test]
    fn a_line_with_a_name_is_synthesised_on_the_worker() {
        let empty = tempfile::tempdir().unwrap();
        crate::synth::espeak_for_test();
        let mut audio = RodioAudio::silent(&options(Some(empty.path().into()), true));
        assert!(audio.can_synthesise(), "espeak-ng is installed: the output uses it");
        let t = Instant::now();
        audio.speak(&line("avalon.reveal.merlin", "Laura era Merlino."), 0).unwrap();
        assert!(t.elapsed() < Duration::from_millis(20), "speak does not wait for espeak-ng: {:?}", t.elapsed());
        assert!(audio.busy(0));
        assert!(wait_until(|| audio.last_latency().is_some()), "it plays");
        audio.stop();
        assert!(wait_until(|| !audio.busy(0)));
    }

    #[test]
    fn the_sound_goes_to_the_device_chosen_or_says_where_it_went_instead() {
        let empty = tempfile::tempdir().unwrap();
        let usb = SpeakerChoice::Kind(SpeakerKind::Usb);
        let opts = AudioOptions { speaker: usb.clone(), ..options(Some(empty.path().into()), false) };
        let outputs = machine(true, &[]);
        let opened = outputs.opened.clone();
        let mut audio = RodioAudio::with_outputs(&opts, Box::new(outputs));
        assert_eq!(audio.output().map(|d| d.name), Some("QEMU USB Audio".to_string()));
        assert!(!audio.is_silent());
        assert!(audio.take_notices().is_empty(), "the device chosen is there: nothing to say");
        assert_eq!(*opened.lock().unwrap(), ["sysdefault:CARD=Audio"]);

        // No USB speaker this time: the jack, and one notice.
        let mut audio = RodioAudio::with_outputs(&opts, Box::new(machine(false, &[])));
        assert_eq!(audio.output().map(|d| d.kind), Some(SpeakerKind::Jack));
        let notices = audio.take_notices();
        assert_eq!(notices.len(), 1, "{notices:?}");
        assert!(notices[0].text(Lang::En).starts_with("The speaker chosen (USB) is not connected"), "{notices:?}");
        assert!(audio.take_notices().is_empty(), "told once");
    }

    /// The outcome of the choice last made, waited for (in real time: the keeper opens the
    /// device on its own thread).
    fn switched(audio: &mut RodioAudio) -> Option<HwError> {
        let end = Instant::now() + Duration::from_secs(5);
        loop {
            if let Some(outcome) = audio.switched() {
                return outcome;
            }
            assert!(Instant::now() < end, "the choice never opened");
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    #[test]
    fn choosing_another_device_reopens_the_output_at_once_and_keeps_the_volume() {
        let dir = tempfile::tempdir().unwrap();
        let en = dir.path().join("en");
        std::fs::create_dir(&en).unwrap();
        std::fs::write(en.join("avalon.vote.open.wav"), wav(3000)).unwrap();
        manifest_for_recordings(&en, Lang::En, "test").unwrap();
        let outputs = machine(false, &[]);
        let opened = outputs.opened.clone();
        let mut audio = RodioAudio::with_outputs(&options(Some(dir.path().into()), false), Box::new(outputs));
        audio.take_notices();
        assert_eq!(audio.output().map(|d| d.kind), Some(SpeakerKind::Jack), "auto: the jack before HDMI");
        audio.look_for_outputs();
        assert!(wait_until(|| !audio.outputs().is_empty()), "the devices are found");
        assert_eq!(
            audio.outputs().iter().map(|d| d.kind).collect::<Vec<_>>(),
            [SpeakerKind::Jack, SpeakerKind::Hdmi, SpeakerKind::Default]
        );
        audio.set_volume(40);
        let l = line("avalon.vote.open", "Vote on the team with your buttons.");
        audio.speak(&l, 0).unwrap();
        assert!(wait_until(|| audio.last_latency().is_some()), "the line plays");
        assert!(audio.busy(0));

        audio.choose_output(&SpeakerChoice::Kind(SpeakerKind::Hdmi));
        assert_eq!(switched(&mut audio), None);
        assert!(!audio.busy(0), "the line on the old device is cut");
        assert_eq!(audio.output().map(|d| d.name), Some("vc4-hdmi-0".to_string()));
        assert_eq!(*opened.lock().unwrap(), ["sysdefault:CARD=Headphones", "hdmi:CARD=vc4hdmi0,DEV=0"]);
        assert_eq!(audio.volume, 40);
        // The next line plays on the new output.
        audio.speak(&l, 0).unwrap();
        assert!(audio.busy(0));
        assert!(wait_until(|| audio.last_latency().is_some()), "it plays after the change");
        audio.stop();
        assert!(wait_until(|| !audio.busy(0)));

        // A device chosen by name that is not there: auto, and the notice.
        audio.choose_output(&SpeakerChoice::Device("plughw:CARD=Audio,DEV=0".into()));
        let said = switched(&mut audio).expect("the fallback is said").text(Lang::En);
        assert_eq!(
            said,
            "The speaker chosen (plughw:CARD=Audio,DEV=0) is not connected: the sound goes to bcm2835 Headphones (headphone jack)."
        );
        assert_eq!(audio.output().map(|d| d.kind), Some(SpeakerKind::Jack));
    }

    /// A sound system that takes half a second to list its devices (ALSA probing every PCM
    /// name), and a line being synthesised when another device is chosen: looking for the
    /// devices, choosing one and taking the outcome each return within a frame (50 ms), and
    /// the choice plays once the keeper has opened it.
    #[test]
    fn a_slow_sound_system_never_holds_up_the_thread_that_asks() {
        let empty = tempfile::tempdir().unwrap();
        let outputs = SimOutputs { pause: Duration::from_millis(500), ..machine(false, &[]) };
        let mut audio = RodioAudio::with_outputs(&options(Some(empty.path().into()), false), Box::new(outputs));
        audio.take_notices();
        let mut longest = Duration::ZERO;
        let mut timed = |what: &mut dyn FnMut()| {
            let t = Instant::now();
            what();
            longest = longest.max(t.elapsed());
        };
        timed(&mut || audio.look_for_outputs());
        timed(&mut || assert!(audio.outputs().is_empty(), "not found yet"));
        timed(&mut || audio.choose_output(&SpeakerChoice::Kind(SpeakerKind::Hdmi)));
        let end = Instant::now() + Duration::from_secs(5);
        let mut outcome = None;
        while outcome.is_none() && Instant::now() < end {
            timed(&mut || outcome = audio.switched());
            std::thread::sleep(Duration::from_millis(5));
        }
        assert_eq!(outcome, Some(None), "the choice opened");
        assert_eq!(audio.output().map(|d| d.kind), Some(SpeakerKind::Hdmi));
        assert_eq!(audio.outputs().len(), 3, "and the devices were found meanwhile");
        assert!(longest < Duration::from_millis(50), "the caller waited {longest:?} in one call");
    }
}
