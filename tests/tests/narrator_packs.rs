//! Voice packs against the lines the games really say: a pack built with
//! espeak-ng (which `make test` installs: the test fails without it)
//! holds a clip for every line of the Avalon night in both languages and
//! none for a line with a name in it; the speaker plays the whole night from
//! memory, one line after the other, on the silent output this machine (and
//! CI) has.

use std::path::PathBuf;
use std::time::{Duration, Instant};
use tavola_core::hw::AudioOut;
use tavola_core::narrator::{self, all_line_ids};
use tavola_games::avalon::night::night_script;
use tavola_games::avalon::{Role, RoleSet};
use tavola_games::{Cue, Lang};
use tavola_narrator::audio::{AudioOptions, RodioAudio};
use tavola_narrator::synth::{Espeak, DEFAULT_SPEED};
use tavola_narrator::voice::{cli, VoiceCommand, VoicePack};

/// A scratch folder removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("tavola-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn a_built_pack_covers_the_night_and_the_speaker_plays_it_in_order() {
    // `make test` installs espeak-ng (scripts/setup.sh test): without it
    // this test fails, saying so, rather than passing having checked nothing.
    if let Err(e) = Espeak::detect() {
        panic!("this test needs espeak-ng; `make test` installs it: {e}");
    }
    let scratch = Scratch::new("voices");
    let build = VoiceCommand::Build { lang: vec![], out: Some(scratch.0.clone()), speed: DEFAULT_SPEED };
    let out = cli(&build, Lang::En).unwrap();
    assert_eq!(out.lines().count(), 2, "{out}");
    let (packs, messages) = VoicePack::load_all(&scratch.0);
    assert!(messages.is_empty(), "{messages:?}");
    assert_eq!(packs.len(), 2);
    for pack in &packs {
        assert!(
            pack.problems.is_empty() && pack.missing.is_empty() && pack.stale.is_empty(),
            "{}",
            pack.summary(Lang::En)
        );
        assert_eq!(pack.len() + pack.runtime.len(), all_line_ids().count());
    }

    let set = RoleSet::standard(10, &Role::OPTIONAL).unwrap();
    let night: Vec<Cue> = night_script(&set).into_iter().map(|s| s.cue).collect();
    for lang in Lang::ALL {
        let pack = packs.iter().find(|p| p.lang == lang).unwrap();
        for cue in &night {
            assert!(pack.clip_for(&narrator::line(cue, lang)).is_some(), "{} has no {} clip", cue.id, lang.code());
        }
        let named = narrator::line(&Cue::new("avalon.reveal.merlin").arg("name", "Laura"), lang);
        assert!(pack.clip_for(&named).is_none(), "a line with a name is synthesised");
        let other = if lang == Lang::It { Lang::En } else { Lang::It };
        assert!(pack.clip_for(&narrator::line(&night[0], other)).is_none(), "each pack speaks its own language");
    }

    let options =
        AudioOptions { voices: Some(scratch.0.clone()), lang: Lang::En, synthesis: false, ..Default::default() };
    let mut audio = RodioAudio::silent(&options);
    assert!(audio.take_notices().is_empty());
    audio.set_volume(0);
    // The night's last three lines (the whole night would take most of a minute).
    let lines: Vec<_> = night[night.len() - 3..].iter().map(|c| narrator::line(c, Lang::En)).collect();
    let total: Duration = lines.iter().map(|l| packs[1].clip_for(l).or(packs[0].clip_for(l)).unwrap().duration()).sum();
    let start = Instant::now();
    for l in &lines {
        audio.speak(l, 0).unwrap();
    }
    assert!(start.elapsed() < Duration::from_millis(50), "queuing the night does not wait: {:?}", start.elapsed());
    assert!(audio.busy(0));
    // Played one after the other, never over each other: about the sum of the clips.
    std::thread::sleep(total.mul_f32(0.9));
    assert!(audio.busy(0), "still speaking after 90% of {total:?}");
    let end = Instant::now() + total;
    while audio.busy(0) && Instant::now() < end {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(!audio.busy(0), "finished within {total:?} and a bit");
}
