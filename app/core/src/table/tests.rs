use super::*;
use crate::games::avalon::{Avalon, Command, RoleSet, Setup};
use crate::hw::sim::speaking_time;

fn session() -> Session {
    let mut s = Session::new(Lang::En, TimerConfig::default(), GameRng::seeded(3));
    s.handle(0, Input::Touch(Touch::ChooseGame { game: GameKind::Avalon }));
    let setup = Setup {
        names: vec![],
        roles: RoleSet::standard(5, &[]).unwrap(),
        scan_roles: false,
        first_leader: None,
        options: Default::default(),
    };
    s.handle(0, Input::Touch(Touch::Avalon(Command::Setup(setup))));
    s.handle(0, Input::Touch(Touch::Avalon(Command::EndNight)));
    s
}

#[test]
fn lights_wait_for_answers_and_look_the_same_whatever_the_answer() {
    let mut s = session();
    assert_eq!(s.lights(), vec![Light::Off; 5]);
    s.handle(
        10,
        Input::Touch(Touch::Avalon(Command::ProposeTeam {
            team: vec![Seat(0), Seat(1)],
            mission: None,
            excalibur: None,
        })),
    );
    assert_eq!(s.lights(), vec![Light::Waiting; 5]);
    let mut other = session();
    other.handle(
        10,
        Input::Touch(Touch::Avalon(Command::ProposeTeam {
            team: vec![Seat(0), Seat(1)],
            mission: None,
            excalibur: None,
        })),
    );
    let a = s.handle(20, Input::Pad(PadEvent::Vote { seat: 2, button: PadButton::Approve }));
    let b = other.handle(20, Input::Pad(PadEvent::Vote { seat: 2, button: PadButton::Reject }));
    assert_eq!(a, b, "what the table shows does not depend on the button");
    assert_eq!(s.lights(), other.lights());
    assert_eq!(s.lights()[2], Light::Done);
}

#[test]
fn narration_lines_follow_each_other_without_overlap() {
    let mut s = Session::new(Lang::It, TimerConfig::default(), GameRng::seeded(3));
    s.handle(0, Input::Touch(Touch::ChooseGame { game: GameKind::Avalon }));
    let setup = Setup {
        names: vec![],
        roles: RoleSet::standard(5, &[]).unwrap(),
        scan_roles: false,
        first_leader: None,
        options: Default::default(),
    };
    let out = s.handle(0, Input::Touch(Touch::Avalon(Command::Setup(setup))));
    let lines: Vec<Line> = out
        .into_iter()
        .filter_map(|o| match o {
            Output::Line(l) => Some(l),
            _ => None,
        })
        .collect();
    assert_eq!(s.view().subtitle.as_ref(), lines.first(), "the first line is on screen at once");
    assert_eq!(s.view().queued_lines, lines.len() - 1);
    let first = &lines[0];
    let first_ends = speaking_time(first) + Millis::from(first.pause_ms);
    s.tick(first_ends - 1);
    assert_eq!(s.view().subtitle.as_ref(), Some(first), "still the first line");
    s.tick(first_ends);
    assert_eq!(s.view().subtitle.as_ref(), Some(&lines[1]));
    s.tick(10 * 60 * 1000);
    assert_eq!(s.view().subtitle, None);
    assert_eq!(s.view().queued_lines, 0);
}

#[test]
fn the_picker_marks_available_exactly_the_games_the_table_opens() {
    for game in GameKind::ALL {
        let mut s = Session::new(Lang::En, TimerConfig::default(), GameRng::seeded(3));
        s.handle(0, Input::Touch(Touch::ChooseGame { game }));
        assert_eq!(s.view().game.is_some(), game.is_playable(), "{}", game.title());
    }
}

#[test]
fn a_refusal_names_the_player_and_falls_back_to_the_seat_without_names() {
    for (names, expected) in [
        (vec!["Anna", "Bruno", "Carla", "Dario", "Elena"], "Anna is already on the team."),
        (vec![], "Seat 1 is already on the team."),
    ] {
        let mut s = Session::new(Lang::En, TimerConfig::default(), GameRng::seeded(3));
        s.handle(0, Input::Touch(Touch::ChooseGame { game: GameKind::Avalon }));
        let setup = Setup {
            names: names.iter().map(|n| n.to_string()).collect(),
            roles: RoleSet::standard(5, &[]).unwrap(),
            scan_roles: false,
            first_leader: Some(Seat(0)),
            options: Default::default(),
        };
        s.handle(0, Input::Touch(Touch::Avalon(Command::Setup(setup))));
        s.handle(0, Input::Touch(Touch::Avalon(Command::EndNight)));
        let team = vec![Seat(0), Seat(0)];
        let out =
            s.handle(0, Input::Touch(Touch::Avalon(Command::ProposeTeam { team, mission: None, excalibur: None })));
        assert!(
            matches!(&out[..], [Output::Error { code, message, .. }] if code == "avalon.duplicate_member" && message == expected),
            "{out:?}"
        );
    }
}

#[test]
fn ending_the_night_early_cuts_the_rest_of_the_script() {
    let mut s = Session::new(Lang::En, TimerConfig::default(), GameRng::seeded(3));
    s.handle(0, Input::Touch(Touch::ChooseGame { game: GameKind::Avalon }));
    let setup = Setup {
        names: vec![],
        roles: RoleSet::standard(5, &[]).unwrap(),
        scan_roles: false,
        first_leader: None,
        options: Default::default(),
    };
    s.handle(0, Input::Touch(Touch::Avalon(Command::Setup(setup))));
    assert!(s.view().queued_lines > 3);
    s.handle(1_000, Input::Touch(Touch::Avalon(Command::EndNight)));
    let v = s.view();
    assert_eq!(v.subtitle.map(|l| l.id), Some("avalon.round.leader".to_string()));
    assert_eq!(v.queued_lines, 0);
}

#[test]
fn a_learned_tag_stands_for_its_card() {
    let mut s = Session::new(Lang::En, TimerConfig::default(), GameRng::seeded(3));
    s.handle(0, Input::Touch(Touch::ChooseGame { game: GameKind::Avalon }));
    let setup = Setup {
        names: vec![],
        roles: RoleSet::standard(5, &[]).unwrap(),
        scan_roles: true,
        first_leader: None,
        options: Default::default(),
    };
    s.handle(0, Input::Touch(Touch::Avalon(Command::Setup(setup))));
    let tag = || Input::Tag(TagEvent::Arrived { uid: "A1B2C3D4".into(), card: None });
    let out = s.handle(1, tag());
    assert!(matches!(&out[0], Output::Notice { code, .. } if code == "table.unknown_tag"));
    s.set_learned_tags([("A1B2C3D4".to_string(), "avalon/role/merlin".to_string())]);
    let out = s.handle(2, tag());
    assert!(
        out.iter().any(|o| matches!(o, Output::Event { event, .. } if event["event"] == "role_recorded")),
        "{out:?}"
    );
}

/// A table with on-screen parts and a recording speaker.
fn table_with_speaker() -> (
    Table<crate::hw::sim::SimReader, crate::hw::sim::SimPad, crate::hw::sim::SimDice>,
    crate::hw::Shared<crate::hw::sim::RecordingAudio>,
) {
    use crate::hw::sim::{RecordingAudio, SimDice, SimPad, SimReader};
    let session = Session::new(Lang::En, TimerConfig::default(), GameRng::seeded(3));
    let mut t = Table::new(session, SimReader::new(), SimPad::new(5), SimDice::default());
    let speaker = std::rc::Rc::new(std::cell::RefCell::new(RecordingAudio::default()));
    t.set_audio(Box::new(speaker.clone()));
    (t, speaker)
}

fn start_night(t: &mut Table<crate::hw::sim::SimReader, crate::hw::sim::SimPad, crate::hw::sim::SimDice>) {
    t.input(0, Input::Touch(Touch::ChooseGame { game: GameKind::Avalon }));
    let setup = Setup {
        names: vec![],
        roles: RoleSet::standard(5, &[]).unwrap(),
        scan_roles: false,
        first_leader: None,
        options: Default::default(),
    };
    t.input(0, Input::Touch(Touch::Avalon(Command::Setup(setup))));
}

#[test]
fn skipping_or_repeating_a_line_silences_the_speaker_before_the_next_one() {
    let (mut t, speaker) = table_with_speaker();
    start_night(&mut t);
    assert_eq!(speaker.borrow().spoken.len(), 1);
    assert!(speaker.borrow().stops.is_empty());
    t.input(500, Input::Touch(Touch::Narration { control: NarrationControl::Skip }));
    assert_eq!(speaker.borrow().stops, vec![500], "the first line is cut");
    assert_eq!(speaker.borrow().spoken.len(), 2, "the second line starts at once");
    t.input(700, Input::Touch(Touch::Narration { control: NarrationControl::Repeat }));
    let s = speaker.borrow();
    assert_eq!(s.stops, vec![500, 700]);
    assert_eq!(s.spoken[2].1.id, s.spoken[1].1.id, "the same line again");
    assert!(s.stops.iter().zip(&s.spoken[1..]).all(|(stop, (start, _))| stop <= start));
}

#[test]
fn a_recorded_clip_longer_than_the_estimate_is_never_talked_over() {
    let (mut t, speaker) = table_with_speaker();
    // Every line of the night lasts 9 s on the recorded pack: far longer
    // than its words suggest.
    let night = narrator::all_line_ids().filter(|id| id.starts_with("avalon.night"));
    speaker.borrow_mut().clips.extend(night.map(|id| (id.to_string(), 9_000)));
    start_night(&mut t);
    for now in (0..120_000).step_by(50) {
        t.poll(now);
    }
    let s = speaker.borrow();
    assert!(s.spoken.len() > 4, "{} lines", s.spoken.len());
    for pair in s.spoken.windows(2) {
        let (start, line) = &pair[0];
        let length = s.clips.get(&line.id).copied().unwrap_or_else(|| speaking_time(line));
        assert!(
            pair[1].0 >= start + length + Millis::from(line.pause_ms),
            "{} started at {} over {} (started {start}, {length} ms + pause {})",
            pair[1].1.id,
            pair[1].0,
            line.id,
            line.pause_ms
        );
    }
}

#[test]
fn a_card_missing_from_the_catalog_or_from_another_game_is_named_and_changes_nothing() {
    let mut s = Session::new(Lang::It, TimerConfig::default(), GameRng::seeded(3));
    s.handle(0, Input::Touch(Touch::ChooseGame { game: GameKind::Avalon }));
    let setup = Setup {
        names: vec![],
        roles: RoleSet::standard(5, &[]).unwrap(),
        scan_roles: true,
        first_leader: None,
        options: Default::default(),
    };
    s.handle(0, Input::Touch(Touch::Avalon(Command::Setup(setup))));
    let before = s.view();
    let tag = |card: &str| Input::Tag(TagEvent::Arrived { uid: "04A1B2C3D4E5F6".into(), card: Some(card.into()) });
    let out = s.handle(1, tag("avalon/role/jester"));
    assert!(
        matches!(&out[0], Output::Notice { code, message } if code == "table.unknown_card" && message.contains("avalon/role/jester")),
        "{out:?}"
    );
    let out = s.handle(2, tag("legends/character/sir-gawain"));
    let text = format!("{out:?}");
    assert!(text.contains("Camelot Legends"), "the card's own game is named: {text}");
    assert_eq!(s.view().game::<Avalon>(), before.game::<Avalon>(), "nothing changed in the game");
}

fn ids(out: &[Output]) -> Vec<String> {
    out.iter()
        .filter_map(|o| match o {
            Output::Line(l) => Some(l.id.clone()),
            _ => None,
        })
        .collect()
}

fn line_of(out: &[Output], id: &str) -> Line {
    out.iter()
        .find_map(|o| match o {
            Output::Line(l) if l.id == id => Some(l.clone()),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no line {id} in {out:?}"))
}

/// A team of two approved, then its cards: seat 0 a Fail, seat 1 a
/// Success. Returns the last card's outputs, at time `at`.
fn mission_played(s: &mut Session, at: Millis) -> Vec<Output> {
    let touch = |c: Command| Input::Touch(Touch::Avalon(c));
    s.handle(at - 500, touch(Command::ProposeTeam { team: vec![Seat(0), Seat(1)], mission: None, excalibur: None }));
    for seat in Seat::all(5) {
        s.handle(at - 400, touch(Command::Vote { seat, approve: true }));
    }
    s.skip_narration();
    s.handle(at - 100, touch(Command::PlayMission { seat: Seat(0), card: crate::games::avalon::MissionCard::Fail }));
    s.handle(at, touch(Command::PlayMission { seat: Seat(1), card: crate::games::avalon::MissionCard::Success }))
}

/// The cards in the order the engine shuffled them, from its public event.
fn shuffled(out: &[Output]) -> Vec<String> {
    let e = out
        .iter()
        .find_map(|o| match o {
            Output::Event { event, .. } if event["event"] == "mission_shuffled" => Some(event.clone()),
            _ => None,
        })
        .expect("the shuffle is in the events");
    e["order"].as_array().unwrap().iter().map(|c| c.as_str().unwrap().to_string()).collect()
}

#[test]
fn a_missions_cards_are_turned_one_at_a_time_with_a_beat_then_the_result() {
    use crate::games::avalon::TURN_BEAT_MS;
    let mut s = session();
    let t0 = 60_000;
    let out = mission_played(&mut s, t0);
    let order = shuffled(&out);
    // The first card at once; the result not yet, and the track keeps it.
    let first = format!("avalon.turn.1.{}", order[0]);
    assert_eq!(ids(&out), std::slice::from_ref(&first), "{out:?}");
    let reveal = s.view().reveal.expect("a reveal under way");
    assert_eq!((reveal.kind, reveal.total, reveal.shown.len()), (RevealKind::Mission { mission: 0 }, 2, 1));
    let json = serde_json::to_string(&s.view().reveal).unwrap();
    assert!(!json.contains("seat"), "the cards are tied to no seat: {json}");
    // The second card only once the first is said and its beat is over.
    let next = t0 + speaking_time(&line_of(&out, &first)) + Millis::from(TURN_BEAT_MS);
    assert!(ids(&s.tick(next - 1)).is_empty(), "the beat between two cards");
    assert_eq!(s.view().reveal.unwrap().shown.len(), 1);
    let out2 = s.tick(next);
    let second = format!("avalon.turn.2.{}", order[1]);
    assert_eq!(ids(&out2), std::slice::from_ref(&second));
    let shown: Vec<String> = s
        .view()
        .reveal
        .unwrap()
        .shown
        .iter()
        .map(|i| match i {
            RevealItem::Card { card } => card.clone(),
            RevealItem::Role { .. } => panic!("a card"),
        })
        .collect();
    assert_eq!(shown, order, "turned in the shuffled order");
    // Then the result, and the reveal is over.
    let after = next + speaking_time(&line_of(&out2, &second)) + Millis::from(TURN_BEAT_MS);
    let out3 = s.tick(after);
    assert_eq!(ids(&out3).first().map(String::as_str), Some("avalon.mission.failed"), "{out3:?}");
    assert!(s.view().reveal.is_none());
}

#[test]
fn the_next_discussion_waits_for_the_missions_cards_to_be_turned() {
    let mut s = session();
    let t0 = 60_000;
    mission_played(&mut s, t0);
    assert!(s.view().reveal.is_some());
    assert!(s.view().timer.is_none(), "no timer runs while the cards are turned");
    let mut t = t0;
    while s.view().reveal.is_some() {
        t += 100;
        s.tick(t);
        assert!(t < t0 + 60_000, "the reveal ends");
    }
    let timer = s.view().timer.expect("the discussion opens once the cards are turned");
    assert_eq!(timer.kind.name, "discussion");
    assert_eq!(timer.remaining_ms, timer.total_ms, "its whole length left");
}

#[test]
fn the_host_skips_the_reveal_to_the_result() {
    let mut s = session();
    let out = mission_played(&mut s, 60_000);
    assert_eq!(ids(&out).len(), 1, "one card said");
    let out = s.handle(60_300, Input::Touch(Touch::SkipReveal));
    let said = ids(&out);
    assert_eq!(said.first().map(String::as_str), Some("avalon.mission.failed"), "the result at once: {said:?}");
    assert!(said.iter().all(|id| !id.starts_with("avalon.turn.")), "no card said after the skip: {said:?}");
    assert!(s.view().reveal.is_none());
    assert_eq!(s.view().game::<Avalon>().unwrap().score, (0, 1));
    // Nothing more comes from the reveal as time passes.
    let later: Vec<String> = (1..40).flat_map(|k| ids(&s.tick(60_300 + k * 500))).collect();
    assert!(later.iter().all(|id| !id.starts_with("avalon.turn.")), "{later:?}");
    // A skip with no reveal under way changes nothing.
    let view = s.view();
    assert!(s.handle(90_000, Input::Touch(Touch::SkipReveal)).iter().all(|o| !matches!(o, Output::Line(_))));
    assert_eq!(s.view().game_view, view.game_view);
}

#[test]
fn a_game_taken_up_after_the_cards_shows_the_result_without_turning_them_again() {
    let mut s = session();
    mission_played(&mut s, 60_000);
    let commands: Vec<Vec<AnyEvent>> = vec![s.history().to_vec()];
    let mut again = Session::new(Lang::En, TimerConfig::default(), GameRng::seeded(99));
    again.resume(70_000, commands, vec![], vec![], None).unwrap();
    assert!(again.view().reveal.is_none());
    assert_eq!(again.view().game::<Avalon>().unwrap().score, (0, 1));
}

#[test]
fn the_end_names_every_player_one_after_the_other() {
    let mut s = Session::new(Lang::En, TimerConfig::default(), GameRng::seeded(3));
    let touch = |c: Command| Input::Touch(Touch::Avalon(c));
    s.handle(0, Input::Touch(Touch::ChooseGame { game: GameKind::Avalon }));
    let setup = Setup {
        names: vec!["Anna".into(), "Bruno".into(), "Carla".into(), "Dario".into(), "Elena".into()],
        roles: RoleSet::standard(5, &[]).unwrap(),
        scan_roles: true,
        first_leader: Some(Seat(0)),
        options: Default::default(),
    };
    s.handle(0, touch(Command::Setup(setup)));
    let cards = ["merlin", "assassin", "servant-1", "minion-1", "servant-2"];
    for card in cards {
        s.handle(0, touch(Command::RoleCard { card: format!("avalon/role/{card}") }));
    }
    s.handle(0, touch(Command::EndNight));
    // Five teams rejected: evil wins.
    let mut out = Vec::new();
    for round in 0..5u64 {
        let at = 1_000 + round * 1_000;
        s.handle(at, touch(Command::ProposeTeam { team: vec![Seat(0), Seat(1)], mission: None, excalibur: None }));
        for seat in Seat::all(5) {
            out = s.handle(at + 10, touch(Command::Vote { seat, approve: false }));
        }
        s.skip_narration();
    }
    let mut said = ids(&out);
    assert!(said.contains(&"avalon.end.five_rejections".to_string()), "{said:?}");
    assert!(said.iter().all(|id| id != "avalon.reveal.merlin"), "no character named with the result: {said:?}");
    let mut now = 10_000;
    let mut shown = Vec::new();
    while s.view().reveal.is_some() && now < 200_000 {
        now += 100;
        let new = ids(&s.tick(now));
        if let Some(r) = s.view().reveal {
            assert_eq!(r.kind, RevealKind::Roles);
            shown = r.shown.clone();
        }
        said.extend(new);
    }
    assert!(s.view().reveal.is_none(), "the reveal ends");
    let named: Vec<&str> = said.iter().filter_map(|id| id.strip_prefix("avalon.reveal.")).collect();
    assert_eq!(named, ["begin", "merlin", "assassin", "servant", "minion", "servant", "merlin_was"], "{said:?}");
    // The screen turned the seats over in the same order, every one.
    let seats: Vec<u8> = shown
        .iter()
        .map(|i| match i {
            RevealItem::Role { seat, .. } => seat.0,
            RevealItem::Card { .. } => panic!("a character"),
        })
        .collect();
    assert_eq!(seats, [0, 1, 2, 3, 4], "seen one by one, in seat order, up to the last");
}

#[test]
fn the_end_reveal_can_be_skipped() {
    let mut s = Session::new(Lang::En, TimerConfig::default(), GameRng::seeded(3));
    let touch = |c: Command| Input::Touch(Touch::Avalon(c));
    s.handle(0, Input::Touch(Touch::ChooseGame { game: GameKind::Avalon }));
    let setup = Setup {
        names: vec![],
        roles: RoleSet::standard(5, &[]).unwrap(),
        scan_roles: true,
        first_leader: Some(Seat(0)),
        options: Default::default(),
    };
    s.handle(0, touch(Command::Setup(setup)));
    for card in ["merlin", "assassin", "servant-1", "minion-1", "servant-2"] {
        s.handle(0, touch(Command::RoleCard { card: format!("avalon/role/{card}") }));
    }
    s.handle(0, touch(Command::EndNight));
    for round in 0..5u64 {
        s.handle(
            1_000 + round,
            touch(Command::ProposeTeam { team: vec![Seat(0), Seat(1)], mission: None, excalibur: None }),
        );
        for seat in Seat::all(5) {
            s.handle(1_000 + round, touch(Command::Vote { seat, approve: false }));
        }
    }
    assert!(s.view().reveal.is_some());
    let out = s.handle(2_000, Input::Touch(Touch::SkipReveal));
    assert_eq!(ids(&out), ["avalon.reveal.merlin_was"], "straight to the end");
    assert!(s.view().reveal.is_none());
    assert_eq!(
        s.view().game::<Avalon>().unwrap().roles_revealed.as_ref().map(|r| r.len()),
        Some(5),
        "every character shown"
    );
}

#[test]
fn a_chime_and_a_drum_play_through_the_speaker_and_nothing_when_muted() {
    use crate::narrator::Sound;
    let play = |volume: u8| {
        let (mut t, speaker) = table_with_speaker();
        start_night(&mut t);
        t.input(0, Input::Touch(Touch::Narration { control: NarrationControl::Volume { percent: volume } }));
        t.input(1, Input::Touch(Touch::Avalon(Command::EndNight)));
        let touch = |c: Command| Input::Touch(Touch::Avalon(c));
        t.input(10, touch(Command::ProposeTeam { team: vec![Seat(0), Seat(1)], mission: None, excalibur: None }));
        for seat in Seat::all(5) {
            t.input(20, touch(Command::Vote { seat, approve: true }));
        }
        for k in 0..200 {
            t.poll(20 + k * 100);
        }
        let card = crate::games::avalon::MissionCard::Success;
        t.input(30_000, touch(Command::PlayMission { seat: Seat(0), card }));
        t.input(30_000, touch(Command::PlayMission { seat: Seat(1), card }));
        for k in 0..200 {
            t.poll(30_000 + k * 100);
        }
        let s = speaker.borrow();
        let sounds: Vec<Sound> = s.sounds.iter().map(|(_, sound)| *sound).collect();
        // Each sound is played just before its line.
        for (at, sound) in &s.sounds {
            let line = s.spoken.iter().find(|(when, l)| when == at && l.sound == Some(*sound));
            assert!(line.is_some(), "{sound:?} at {at} goes with its line");
        }
        sounds
    };
    assert_eq!(play(80), [Sound::Chime, Sound::Drum, Sound::Drum], "one chime for the votes, a drum per card");
    assert!(play(0).is_empty(), "muted: no sound queued");
}

#[test]
fn the_view_says_where_the_game_stands_and_gives_its_own_view() {
    let mut s = Session::new(Lang::En, TimerConfig::default(), GameRng::seeded(3));
    assert_eq!(s.view().stage, None, "no game chosen");
    s.handle(0, Input::Touch(Touch::ChooseGame { game: GameKind::Avalon }));
    assert_eq!(s.view().stage, Some(Stage::Setup));
    assert!(s.view().game::<crate::games::soc::Soc>().is_none());
    let s = session();
    let view = s.view();
    assert_eq!(view.stage, Some(Stage::Playing));
    assert_eq!(view.game::<Avalon>().map(|a| a.players), Some(5));
    assert_eq!(s.engine::<Avalon>().map(|a| a.players()), Some(5));
    let json = serde_json::to_value(&view).unwrap();
    assert!(json.get("stage").is_none(), "not part of the protocol's view");
}

#[test]
fn nothing_to_peek_at_says_so_and_shows_nothing() {
    let mut s = session();
    let out = s.handle(10, Input::Touch(Touch::Peek));
    assert!(out.iter().all(|o| !matches!(o, Output::Private { .. })));
    assert!(out.iter().any(|o| matches!(o, Output::Notice { .. })));
}

/// A session storing into a journal in `dir`, with Nottingham chosen.
fn stored_session(dir: &std::path::Path) -> Session {
    let journal = crate::journal::Journal::open(dir.join("tavola.db")).expect("journal").journal;
    let mut s = Session::new(Lang::En, TimerConfig::default(), GameRng::seeded(3));
    s.set_store(Box::new(crate::journal::JournalStore::new(journal, None)));
    s.handle(0, Input::Touch(Touch::ChooseGame { game: GameKind::Nottingham }));
    s
}

fn said(out: &[Output]) -> Vec<(String, String)> {
    out.iter()
        .filter_map(|o| match o {
            Output::Notice { code, message } => Some((code.clone(), message.clone())),
            _ => None,
        })
        .collect()
}

#[test]
fn facts_the_journal_cannot_store_are_said_not_saved_and_nothing_else() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut s = stored_session(dir.path());
    let card = "nottingham/commission/five-alike-first";
    let given = serde_json::json!({"alone": 22, "shared": 14}).as_object().cloned().unwrap();
    // The database refuses the write (a second connection holds its lock
    // past the wait; a full disk is refused the same way).
    let blocker = rusqlite::Connection::open(dir.path().join("tavola.db")).unwrap();
    blocker.execute_batch("PRAGMA busy_timeout = 0; BEGIN IMMEDIATE;").unwrap();
    let out = s.handle(0, Input::Touch(Touch::SetFacts { card: card.into(), facts: given.clone() }));
    let notices = said(&out);
    assert!(notices.iter().any(|(c, _)| c == "table.not_saved"), "{notices:?}");
    assert!(!notices.iter().any(|(c, _)| c == "table.facts_kept"), "never both: {notices:?}");
    assert!(s.facts().get(card).is_none(), "the table's facts are as they were");
    blocker.execute_batch("ROLLBACK").unwrap();
    // The database takes them, the deck file's place is taken: kept, and
    // the file said not written.
    let deck = crate::journal::facts::deck_path(&dir.path().join("tavola.db"), GameKind::Nottingham);
    std::fs::create_dir_all(&deck).unwrap();
    let out = s.handle(0, Input::Touch(Touch::SetFacts { card: card.into(), facts: given }));
    let notices = said(&out);
    assert!(notices.iter().any(|(c, _)| c == "table.facts_kept"), "{notices:?}");
    let (_, file) = notices.iter().find(|(c, _)| c == "table.deck_not_written").expect("the file said");
    assert!(file.contains("deck file") && file.contains("next start"), "{file}");
    assert!(!notices.iter().any(|(c, _)| c == "table.not_saved"), "{notices:?}");
    assert!(s.facts().get(card).is_some());
}

/// A table given a turn only when it says one is due hears and shows what a
/// table polled every 20 ms does: every line of the night and of the
/// discussion, in the same order and never later, and every second of the
/// discussion's countdown when it comes; in a small share of the turns, and
/// never twice at the same moment.
#[test]
fn a_table_turned_only_when_due_misses_no_line_and_no_second_of_its_countdown() {
    type T = Table<crate::hw::sim::SimReader, crate::hw::sim::SimPad, crate::hw::sim::SimDice>;
    const NIGHT_ENDS: Millis = 120_000;
    const END: Millis = 400_000;
    let figure = |t: &T| t.session.view().timer.map(|v| v.remaining_ms.div_ceil(1000));
    let look = |t: &T, now: Millis, seen: &mut Vec<(Millis, Option<u64>)>| {
        let f = figure(t);
        if seen.last().map(|s| s.1) != Some(f) {
            seen.push((now, f));
        }
    };
    let end_night = |t: &mut T, now| t.input(now, Input::Touch(Touch::Avalon(Command::EndNight)));

    let (mut every, every_said) = table_with_speaker();
    start_night(&mut every);
    let mut every_seen = Vec::new();
    let mut every_turns = 0;
    for now in (20..=END).step_by(20) {
        if now == NIGHT_ENDS {
            end_night(&mut every, now);
        }
        every.poll(now);
        every_turns += 1;
        look(&every, now, &mut every_seen);
    }

    let (mut due, due_said) = table_with_speaker();
    start_night(&mut due);
    let mut due_seen = Vec::new();
    let mut due_turns = 0;
    let mut now = 0;
    loop {
        let next = due.due(now).unwrap_or(Millis::MAX);
        assert!(next > now, "a turn at {now} leaves something due at once: a loop that never sleeps");
        let next = if now < NIGHT_ENDS { next.min(NIGHT_ENDS) } else { next };
        if next > END {
            break;
        }
        now = next;
        if now == NIGHT_ENDS {
            end_night(&mut due, now);
        }
        due.poll(now);
        due_turns += 1;
        look(&due, now, &mut due_seen);
    }

    let ids = |said: &crate::hw::Shared<crate::hw::sim::RecordingAudio>| {
        said.borrow().spoken.iter().map(|(at, l)| (*at, l.id.clone())).collect::<Vec<_>>()
    };
    let (every_lines, due_lines) = (ids(&every_said), ids(&due_said));
    assert!(every_lines.len() > 5, "{every_lines:?}");
    assert_eq!(
        every_lines.iter().map(|l| &l.1).collect::<Vec<_>>(),
        due_lines.iter().map(|l| &l.1).collect::<Vec<_>>(),
        "the same lines, in the same order"
    );
    for (e, d) in every_lines.iter().zip(&due_lines) {
        assert!(d.0 <= e.0, "{} started at {} when due, at {} polled", d.1, d.0, e.0);
    }
    let figures = |seen: &[(Millis, Option<u64>)]| seen.iter().map(|s| s.1).collect::<Vec<_>>();
    assert_eq!(figures(&due_seen), figures(&every_seen), "every figure of the countdown shown");
    assert!(due_seen.len() > 180, "{due_seen:?}");
    // The first look of each saw no timer yet, whenever it came.
    for (e, d) in every_seen.iter().zip(&due_seen).skip(1) {
        assert!(d.0 <= e.0 && e.0 < d.0 + 20, "{:?} shown at {} when due, at {} polled", d.1, d.0, e.0);
    }
    assert!(due_turns * 20 < every_turns, "{due_turns} turns when due, {every_turns} polled");
}
