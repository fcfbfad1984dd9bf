use super::*;
use crate::games::avalon::{Command, RoleSet, Setup};
use crate::hw::sim::speaking_time;

fn session() -> Session {
    let mut s = Session::new(Lang::En, TimerConfig::default(), GameRng::seeded(3));
    s.handle(0, Input::Touch(Touch::ChooseGame { game: GameKind::Avalon }));
    let setup =
        Setup { names: vec![], roles: RoleSet::standard(5, &[]).unwrap(), scan_roles: false, first_leader: None };
    s.handle(0, Input::Touch(Touch::Avalon(Command::Setup(setup))));
    s.handle(0, Input::Touch(Touch::Avalon(Command::EndNight)));
    s
}

#[test]
fn lights_wait_for_answers_and_look_the_same_whatever_the_answer() {
    let mut s = session();
    assert_eq!(s.lights(), vec![Light::Off; 5]);
    s.handle(10, Input::Touch(Touch::Avalon(Command::ProposeTeam { team: vec![Seat(0), Seat(1)] })));
    assert_eq!(s.lights(), vec![Light::Waiting; 5]);
    let mut other = session();
    other.handle(10, Input::Touch(Touch::Avalon(Command::ProposeTeam { team: vec![Seat(0), Seat(1)] })));
    let a = s.handle(20, Input::Pad(PadEvent::Vote { seat: 2, button: crate::hw::PadButton::Approve }));
    let b = other.handle(20, Input::Pad(PadEvent::Vote { seat: 2, button: crate::hw::PadButton::Reject }));
    assert_eq!(a, b, "what the table shows does not depend on the button");
    assert_eq!(s.lights(), other.lights());
    assert_eq!(s.lights()[2], Light::Done);
}

#[test]
fn narration_lines_follow_each_other_without_overlap() {
    let mut s = Session::new(Lang::It, TimerConfig::default(), GameRng::seeded(3));
    s.handle(0, Input::Touch(Touch::ChooseGame { game: GameKind::Avalon }));
    let setup =
        Setup { names: vec![], roles: RoleSet::standard(5, &[]).unwrap(), scan_roles: false, first_leader: None };
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
fn a_game_not_built_yet_is_refused_with_its_name() {
    let mut s = Session::new(Lang::En, TimerConfig::default(), GameRng::seeded(3));
    let out = s.handle(0, Input::Touch(Touch::ChooseGame { game: GameKind::Nottingham }));
    assert!(
        matches!(&out[0], Output::Notice { code, message } if code == "table.not_built" && message.contains("Nottingham"))
    );
    assert_eq!(s.view().game, None);
}

#[test]
fn ending_the_night_early_cuts_the_rest_of_the_script() {
    let mut s = Session::new(Lang::En, TimerConfig::default(), GameRng::seeded(3));
    s.handle(0, Input::Touch(Touch::ChooseGame { game: GameKind::Avalon }));
    let setup =
        Setup { names: vec![], roles: RoleSet::standard(5, &[]).unwrap(), scan_roles: false, first_leader: None };
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
    let setup =
        Setup { names: vec![], roles: RoleSet::standard(5, &[]).unwrap(), scan_roles: true, first_leader: None };
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
