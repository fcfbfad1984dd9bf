use super::*;
use crate::games::avalon::{Command, RoleSet, Setup};
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
            matches!(&out[..], [Output::Error { code, message }] if code == "avalon.duplicate_member" && message == expected),
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
    assert_eq!(s.view().avalon(), before.avalon(), "nothing changed in the game");
}
