//! Narration speed: a whole voice pack (both languages) loaded into memory,
//! target under 500 ms; and from `speak()` of a preloaded line to its first
//! sample being pulled by the output, target 50 ms or less. Without a sound
//! device the silent output is measured (a mixer drained at a device's
//! pace, the same path up to the device). With espeak-ng the pack is
//! generated first (its time printed) and a synthesised line is timed too;
//! without it a pack of tones stands in.

mod support;
use std::path::Path;
use std::time::{Duration, Instant};
use support::report;
use tavola_core::hw::AudioOut;
use tavola_core::narrator::Line;
use tavola_games::Lang;
use tavola_narrator::audio::{AudioOptions, RodioAudio};
use tavola_narrator::synth::{Espeak, DEFAULT_SPEED};
use tavola_narrator::voice::{build_pack_with, manifest_for_recordings, script, VoicePack};

/// A pack of 2-second tones, one per line, when espeak-ng is missing.
fn tone_pack(dir: &Path, lang: Lang) {
    std::fs::create_dir_all(dir).unwrap();
    let rate = 22_050u32;
    let samples: Vec<i16> = (0..rate * 2)
        .map(|i| ((i as f32 * 440.0 * std::f32::consts::TAU / rate as f32).sin() * 8000.0) as i16)
        .collect();
    let mut wav = Vec::new();
    let data = (samples.len() * 2) as u32;
    wav.extend_from_slice(b"RIFF");
    wav.extend_from_slice(&(36 + data).to_le_bytes());
    wav.extend_from_slice(b"WAVEfmt ");
    wav.extend_from_slice(&[16, 0, 0, 0, 1, 0, 1, 0]);
    wav.extend_from_slice(&rate.to_le_bytes());
    wav.extend_from_slice(&(rate * 2).to_le_bytes());
    wav.extend_from_slice(&[2, 0, 16, 0]);
    wav.extend_from_slice(b"data");
    wav.extend_from_slice(&data.to_le_bytes());
    for s in samples {
        wav.extend_from_slice(&s.to_le_bytes());
    }
    for row in script(lang).lines() {
        let file = row.split('\t').next().unwrap();
        std::fs::write(dir.join(file), &wav).unwrap();
    }
    manifest_for_recordings(dir, lang, "tones").unwrap();
}

fn wait(what: impl Fn() -> bool) {
    let end = Instant::now() + Duration::from_secs(10);
    while !what() {
        assert!(Instant::now() < end, "timed out");
        std::thread::sleep(Duration::from_micros(200));
    }
}

fn main() {
    let root = tempfile::tempdir().unwrap();
    let espeak = Espeak::detect().ok();
    for lang in Lang::ALL {
        let dir = root.path().join(lang.code());
        match &espeak {
            Some(e) => {
                let start = Instant::now();
                let r = build_pack_with(e, lang, &dir, DEFAULT_SPEED, None).unwrap();
                println!(
                    "built {} pack: {} clips by {} in {:.2?}",
                    lang.code(),
                    r.written,
                    r.generator,
                    start.elapsed()
                );
            }
            None => {
                println!("espeak-ng not installed: a pack of tones stands in");
                tone_pack(&dir, lang);
            }
        }
    }

    let mut loads = Vec::new();
    let mut packs = Vec::new();
    for _ in 0..20 {
        let start = Instant::now();
        let (p, messages) = VoicePack::load_all(root.path());
        loads.push(start.elapsed());
        assert!(messages.is_empty(), "{messages:?}");
        packs = p;
    }
    let clips: usize = packs.iter().map(|p| p.len()).sum();
    let sound: Duration = packs.iter().map(|p| p.total_duration()).sum();
    let bytes: u64 = Lang::ALL
        .iter()
        .flat_map(|l| std::fs::read_dir(root.path().join(l.code())).unwrap())
        .filter_map(|e| e.ok()?.metadata().ok().map(|m| m.len()))
        .sum();
    println!("packs: {clips} clips, {sound:.1?} of sound, {:.1} MB on disk", bytes as f64 / 1e6);
    report("load both packs (decode every clip)", loads, Duration::from_millis(500));

    let options = AudioOptions { voices: Some(root.path().into()), ..AudioOptions::default() };
    let device = RodioAudio::open(&options);
    let mut outputs = vec![("silent output", RodioAudio::silent(&options))];
    match device.device() {
        Some(config) => {
            println!("sound device: {config}");
            outputs.push(("sound device", device));
        }
        None => println!("no sound device: the silent output is measured"),
    }

    let line = Line {
        id: "avalon.night.close_all".into(),
        text: "Scende la notte su Camelot. Ognuno chiuda gli occhi e posi un pugno chiuso sul tavolo.".into(),
        pause_ms: 0,
        sound: None,
    };
    for (name, mut audio) in outputs {
        audio.take_notices();
        audio.set_volume(0);
        let mut calls = Vec::new();
        let mut firsts = Vec::new();
        for i in 0..200u64 {
            // Lines start at any moment of the output's period, not in step with it.
            std::thread::sleep(Duration::from_micros(i * 7919 % 25_000));
            let start = Instant::now();
            audio.speak(&line, 0).unwrap();
            calls.push(start.elapsed());
            wait(|| audio.last_latency().is_some());
            firsts.push(audio.last_latency().unwrap());
            audio.stop();
            wait(|| !audio.busy(0));
        }
        report(&format!("speak() returns ({name})"), calls, Duration::from_millis(1));
        report(&format!("speak() to first sample, clip ({name})"), firsts, Duration::from_millis(50));

        if audio.can_synthesise() {
            let named =
                Line { id: "avalon.reveal.merlin".into(), text: "Laura era Merlino.".into(), pause_ms: 0, sound: None };
            let mut synth = Vec::new();
            for i in 0..20u64 {
                std::thread::sleep(Duration::from_micros(i * 7919 % 25_000));
                audio.speak(&named, 0).unwrap();
                wait(|| audio.last_latency().is_some());
                synth.push(audio.last_latency().unwrap());
                audio.stop();
                wait(|| !audio.busy(0));
            }
            report(&format!("speak() to first sample, espeak-ng ({name})"), synth, Duration::from_millis(300));
        }
    }
}
