use super::*;
use crate::{Lang, Said};

fn rng() -> Ctx<'static> {
    Ctx::seeded(1)
}

fn game(players: usize, scan_roles: bool) -> Avalon {
    let mut g = Avalon::default();
    let setup = Setup {
        names: vec!["Walter".into(), "Thomas".into()],
        roles: RoleSet::standard(players, &[]).unwrap(),
        scan_roles,
        first_leader: Some(Seat(0)),
        options: Default::default(),
    };
    g.execute(&Command::Setup(setup), &mut rng()).unwrap();
    g
}

fn run(g: &mut Avalon, cmd: Command) -> Vec<Event> {
    g.execute(&cmd, &mut rng()).unwrap_or_else(|e| panic!("{cmd:?} refused: {e}"))
}

fn refuse(g: &Avalon, cmd: Command) -> RuleError {
    let before = g.clone();
    let err = g.decide(&cmd, &mut rng()).expect_err("should be refused");
    assert_eq!(&before, g);
    err
}

fn vote_all(g: &mut Avalon, approve: bool) {
    for s in Seat::all(g.players()) {
        run(g, Command::Vote { seat: s, approve });
    }
}

fn propose_first(g: &mut Avalon) -> Vec<Seat> {
    let size = roles::team_size(g.players(), usize::from(g.mission()));
    let team: Vec<Seat> = Seat::all(g.players()).take(size).collect();
    run(g, Command::ProposeTeam { team: team.clone(), mission: None, excalibur: None });
    team
}

fn play(g: &mut Avalon, fails: usize) {
    let team = propose_first(g);
    vote_all(g, true);
    for (i, s) in team.into_iter().enumerate() {
        let card = if i < fails { MissionCard::Fail } else { MissionCard::Success };
        run(g, Command::PlayMission { seat: s, card });
    }
}

#[test]
fn setup_without_scanning_goes_straight_to_the_night() {
    let g = game(5, false);
    assert_eq!(g.phase(), &Phase::Night);
    assert_eq!(g.name(Seat(0)), "Walter");
    assert_eq!(g.name(Seat(4)), "5");
    assert!(!g.roles_known());
}

#[test]
fn first_leader_by_lot_is_stored_in_the_event() {
    let mut g = Avalon::default();
    let setup = Setup {
        names: vec![],
        roles: RoleSet::standard(7, &[]).unwrap(),
        scan_roles: false,
        first_leader: None,
        options: Default::default(),
    };
    let events = g.execute(&Command::Setup(setup), &mut Ctx::seeded(99)).unwrap();
    let Event::SetUp { first_leader, .. } = events[0] else { panic!() };
    assert_eq!(g.leader(), first_leader);
    assert_eq!(Avalon::replay(&events), g, "replay needs no RNG");
}

#[test]
fn role_cards_are_checked_against_the_set() {
    let mut g = game(5, true);
    assert_eq!(g.next_to_scan(), Some(Seat(0)));
    run(&mut g, Command::RoleCard { card: "avalon/role/merlin".into() });
    let e = refuse(&g, Command::RoleCard { card: "avalon/role/merlin".into() });
    assert_eq!(e.code(), "avalon.card_already_tapped");
    let e = refuse(&g, Command::RoleCard { card: "avalon/role/percival".into() });
    assert_eq!(e.code(), "avalon.role_not_in_set");
    let e = refuse(&g, Command::RoleCard { card: "soc/black/saxons-1".into() });
    assert_eq!(e.code(), "common.wrong_game_card");
    assert!(e.text(Lang::It).contains("«Sassoni» è di Shadows over Camelot"), "{}", e.text(Lang::It));
    for card in ["avalon/role/servant-1", "avalon/role/servant-2", "avalon/role/assassin"] {
        run(&mut g, Command::RoleCard { card: card.into() });
    }
    let e = refuse(&g, Command::RoleCard { card: "avalon/role/servant-3".into() });
    assert_eq!(e.code(), "avalon.role_not_in_set", "all three good places are taken");
    let events = run(&mut g, Command::RoleCard { card: "avalon/role/minion-1".into() });
    assert!(events.contains(&Event::NightBegan));
    assert!(g.roles_known());
}

#[test]
fn a_tie_rejects_and_the_leader_passes() {
    let mut g = game(6, false);
    run(&mut g, Command::EndNight);
    propose_first(&mut g);
    for s in 0..6 {
        run(&mut g, Command::Vote { seat: Seat(s), approve: s % 2 == 0 });
    }
    assert_eq!(g.phase(), &Phase::TeamBuilding);
    assert_eq!(g.rejections(), 1);
    assert_eq!(g.leader(), Seat(1));
    let v = g.view();
    assert_eq!(v.last_votes.unwrap().len(), 6);
}

#[test]
fn votes_stay_secret_until_all_are_in() {
    let mut g = game(5, false);
    run(&mut g, Command::EndNight);
    propose_first(&mut g);
    run(&mut g, Command::Vote { seat: Seat(3), approve: false });
    let e = refuse(&g, Command::Vote { seat: Seat(3), approve: true });
    assert_eq!(e.code(), "common.already_answered");
    let v = g.view();
    let PhaseView::TeamVote { voted, missing, .. } = &v.phase else { panic!() };
    assert_eq!(voted, &vec![Seat(3)]);
    assert_eq!(missing.len(), 4);
    assert!(v.last_votes.is_none());
    let mut other = game(5, false);
    run(&mut other, Command::EndNight);
    propose_first(&mut other);
    run(&mut other, Command::Vote { seat: Seat(3), approve: true });
    assert_eq!(other.view(), v, "the view is the same whatever the vote");
}

#[test]
fn five_rejections_give_evil_the_game() {
    let mut g = game(5, false);
    run(&mut g, Command::EndNight);
    for _ in 0..4 {
        propose_first(&mut g);
        vote_all(&mut g, false);
    }
    propose_first(&mut g);
    for s in 0..4 {
        run(&mut g, Command::Vote { seat: Seat(s), approve: false });
    }
    let events = run(&mut g, Command::Vote { seat: Seat(4), approve: false });
    assert_eq!(events.last(), Some(&Event::GameEnded { reason: EndReason::FiveRejections }));
    assert!(g.is_over());
    assert_eq!(refuse(&g, Command::EndNight).code(), "common.game_over");
}

#[test]
fn rejections_reset_after_a_mission() {
    let mut g = game(5, false);
    run(&mut g, Command::EndNight);
    propose_first(&mut g);
    vote_all(&mut g, false);
    assert_eq!(g.rejections(), 1);
    play(&mut g, 0);
    assert_eq!(g.rejections(), 0);
    assert_eq!(g.score(), (1, 0));
}

#[test]
fn team_size_and_members_are_checked() {
    let mut g = game(5, false);
    run(&mut g, Command::EndNight);
    let e = refuse(&g, Command::ProposeTeam { team: vec![Seat(0)], mission: None, excalibur: None });
    assert_eq!(e, RuleError::Avalon(AvalonError::TeamSize { needed: 2, given: 1 }));
    assert!(e.text(Lang::En).contains("team of 2"));
    let e = refuse(&g, Command::ProposeTeam { team: vec![Seat(0), Seat(0)], mission: None, excalibur: None });
    assert_eq!(e.code(), "avalon.duplicate_member");
    let e = refuse(&g, Command::ProposeTeam { team: vec![Seat(0), Seat(7)], mission: None, excalibur: None });
    assert_eq!(e.code(), "common.no_such_seat");
}

#[test]
fn only_team_members_play_and_cards_are_counted_anonymously() {
    let mut g = game(5, false);
    run(&mut g, Command::EndNight);
    propose_first(&mut g);
    vote_all(&mut g, true);
    let e = refuse(&g, Command::PlayMission { seat: Seat(4), card: MissionCard::Fail });
    assert_eq!(e.code(), "avalon.not_on_team");
    let played = run(&mut g, Command::PlayMission { seat: Seat(0), card: MissionCard::Fail });
    assert!(played[0].is_transient());
    assert_eq!(played[0].redacted(), Some(Event::MissionCardPlayed { seat: Seat(0), card: None }));
    let state = serde_json::to_string(&g).unwrap();
    assert!(!state.contains("fail"), "no per-seat card in the state: {state}");
    let events = run(&mut g, Command::PlayMission { seat: Seat(1), card: MissionCard::Success });
    assert!(events.contains(&Event::MissionRevealed { mission: 0, successes: 1, fails: 1, succeeded: false }));
}

#[test]
fn a_good_players_fail_counts_as_success_when_roles_are_known() {
    let mut g = game(5, true);
    for card in ["avalon/role/merlin", "avalon/role/assassin", "avalon/role/servant-1", "avalon/role/minion-1"] {
        run(&mut g, Command::RoleCard { card: card.into() });
    }
    run(&mut g, Command::RoleCard { card: "avalon/role/servant-2".into() });
    run(&mut g, Command::EndNight);
    propose_first(&mut g); // seats 0 (Merlin) and 1 (Assassin)
    vote_all(&mut g, true);
    run(&mut g, Command::PlayMission { seat: Seat(0), card: MissionCard::Fail });
    let events = run(&mut g, Command::PlayMission { seat: Seat(1), card: MissionCard::Success });
    assert!(events.contains(&Event::MissionRevealed { mission: 0, successes: 2, fails: 0, succeeded: true }));
}

#[test]
fn the_fourth_mission_at_seven_needs_two_fails() {
    let mut g = game(7, false);
    run(&mut g, Command::EndNight);
    play(&mut g, 0);
    play(&mut g, 1);
    play(&mut g, 1);
    assert_eq!(g.mission(), 3);
    play(&mut g, 1);
    assert_eq!(g.score(), (2, 2), "one Fail is not enough on mission 4 with 7 players");
    let v = g.view();
    assert_eq!(v.missions[3].fails_needed, 2);
    assert_eq!(v.missions[3].succeeded, Some(true));
    play(&mut g, 2);
    assert_eq!(g.phase(), &Phase::Ended { reason: EndReason::ThreeFailures });
}

#[test]
fn three_successes_open_the_assassination() {
    let mut g = game(5, false);
    run(&mut g, Command::EndNight);
    play(&mut g, 0);
    play(&mut g, 0);
    play(&mut g, 0);
    assert_eq!(g.phase(), &Phase::Assassination);
    run(&mut g, Command::Assassinate { target: Seat(2) });
    assert_eq!(g.phase(), &Phase::ConfirmMerlin { target: Seat(2) });
    run(&mut g, Command::ConfirmMerlin { was_merlin: false });
    assert_eq!(g.view().phase, PhaseView::Ended { reason: EndReason::MerlinSurvived, winner: Side::Good });
}

#[test]
fn known_roles_decide_the_assassination_and_are_revealed_at_the_end() {
    let mut g = game(5, true);
    for card in [
        "avalon/role/servant-1",
        "avalon/role/merlin",
        "avalon/role/assassin",
        "avalon/role/servant-2",
        "avalon/role/minion-2",
    ] {
        run(&mut g, Command::RoleCard { card: card.into() });
    }
    run(&mut g, Command::EndNight);
    assert!(g.view().roles_revealed.is_none());
    for _ in 0..3 {
        play(&mut g, 0);
    }
    assert_eq!(refuse(&g, Command::Assassinate { target: Seat(2) }).code(), "avalon.bad_assassination_target");
    run(&mut g, Command::Assassinate { target: Seat(1) });
    assert_eq!(g.phase(), &Phase::Ended { reason: EndReason::MerlinAssassinated });
    assert_eq!(g.view().roles_revealed.unwrap()[&Seat(1)], Role::Merlin);
}

#[test]
fn redacted_events_hide_roles_and_votes() {
    let e = Event::RoleRecorded { seat: Seat(2), card: Some("avalon/role/merlin".into()), role: Some(Role::Merlin) };
    let json = serde_json::to_string(&e.redacted().unwrap()).unwrap();
    assert!(!json.contains("merlin"), "{json}");
    let v = Event::VoteCast { seat: Seat(1), approve: Some(false) };
    assert_eq!(v.redacted(), Some(Event::VoteCast { seat: Seat(1), approve: None }));
}

#[test]
fn cues_follow_the_game() {
    let mut g = game(5, false);
    let evs = run(&mut g, Command::EndNight);
    let cues = g.cues(&evs[0]);
    assert_eq!(cues[0].id, "avalon.round.leader");
    let arg = |n: &str| cues[0].args.get(n).cloned();
    assert_eq!(arg("leader"), Some(crate::CueArg::Say("Walter".into())));
    assert_eq!(arg("mission"), Some(crate::CueArg::Say(1.into())));
    assert_eq!(arg("size"), Some(crate::CueArg::Say(2.into())));
}

#[test]
fn a_role_set_given_in_any_order_is_stored_checked_and_in_order() {
    let mut g = Avalon::default();
    let roles: RoleSet = serde_json::from_value(serde_json::json!({
        "roles": ["minion", "loyal-servant", "merlin", "assassin", "loyal-servant"]
    }))
    .unwrap();
    let setup =
        Setup { names: vec![], roles, scan_roles: false, first_leader: Some(Seat(0)), options: Default::default() };
    let events = g.execute(&Command::Setup(setup), &mut rng()).unwrap();
    g.check_invariants().unwrap();
    assert_eq!(Avalon::replay(&events), g);
    assert_eq!(g.role_set().unwrap().roles()[0], Role::Merlin);
    let unbalanced: RoleSet = serde_json::from_value(
        serde_json::json!({"roles": ["minion", "minion", "merlin", "assassin", "loyal-servant"]}),
    )
    .unwrap();
    let setup =
        Setup { names: vec![], roles: unbalanced, scan_roles: false, first_leader: None, options: Default::default() };
    assert_eq!(refuse(&Avalon::default(), Command::Setup(setup)).code(), "avalon.unbalanced");
}

#[test]
fn a_setup_stored_before_the_optional_rules_loads_as_the_plain_game() {
    // As journals written before the options existed hold it.
    let old = r#"{"event":"set_up","setup":{"names":[],"roles":{"roles":["merlin","loyal-servant","loyal-servant","assassin","minion"]},"scan_roles":false,"first_leader":null},"first_leader":2}"#;
    let event: Event = serde_json::from_str(old).expect("an old setup event still reads");
    let g = Avalon::replay([&event]);
    assert_eq!(g.options(), AvalonOptions::default());
    assert!(g.options().merlin_sees_evil_lancelot, "the default when Lancelot is later switched on");
    assert!(g.lady().is_none() && !g.lancelots_switched());
    let old_team = r#"{"cmd":"propose_team","team":[0,1]}"#;
    let cmd: Command = serde_json::from_str(old_team).expect("an old proposal still reads");
    assert_eq!(cmd, Command::ProposeTeam { team: vec![Seat(0), Seat(1)], mission: None, excalibur: None });
}

#[test]
fn the_lady_starts_on_the_first_leaders_right() {
    let mut g = Avalon::default();
    let setup = Setup {
        first_leader: Some(Seat(0)),
        options: AvalonOptions { lady_of_the_lake: true, ..AvalonOptions::default() },
        ..Setup::new(RoleSet::standard(8, &[]).unwrap())
    };
    run(&mut g, Command::Setup(setup));
    assert_eq!(g.lady().map(|l| l.holder), Some(Seat(7)), "the seat before the leader, who leads last");
    run(&mut g, Command::EndNight);
    let e = refuse(&g, Command::LadyExamine { target: Seat(2) });
    assert_eq!(e.code(), "common.not_now", "not before the second mission");
}

fn listed(g: &Avalon) -> Vec<Command> {
    g.legal().iter().map(|l| l.command().clone()).collect()
}

#[test]
fn the_leader_is_offered_a_team_of_the_size_of_each_mission_open() {
    let mut g = Avalon::default();
    let options = AvalonOptions { choose_missions: true, excalibur: true, ..AvalonOptions::default() };
    let setup = Setup { first_leader: Some(Seat(2)), options, ..Setup::new(RoleSet::standard(7, &[]).unwrap()) };
    run(&mut g, Command::Setup(setup));
    run(&mut g, Command::EndNight);
    let teams: Vec<(Option<u8>, Choice)> = g
        .legal()
        .into_iter()
        .map(|l| match l {
            Legal::Open(Command::ProposeTeam { mission, .. }, choice) => (mission, choice),
            other => panic!("only teams now: {other:?}"),
        })
        .collect();
    let holders: Vec<Seat> = Seat::all(7).filter(|&s| s != Seat(2)).collect();
    let expected: Vec<(Option<u8>, Choice)> = [(0, 2), (1, 3), (2, 3), (3, 4)]
        .into_iter()
        .map(|(m, size)| (Some(m), Choice::Team { mission: m, size, excalibur: Some(holders.clone()) }))
        .collect();
    assert_eq!(teams, expected, "the fifth mission waits for two others; Excalibur never to the leader");
}

#[test]
fn votes_are_listed_for_the_seats_still_to_answer_and_the_assassins_seat_stays_secret() {
    let mut g = game(5, false);
    run(&mut g, Command::EndNight);
    propose_first(&mut g);
    run(&mut g, Command::Vote { seat: Seat(3), approve: true });
    let votes: Vec<Seat> = listed(&g)
        .into_iter()
        .filter_map(|c| match c {
            Command::Vote { seat, approve: true } => Some(seat),
            _ => None,
        })
        .collect();
    assert_eq!(votes, [Seat(0), Seat(1), Seat(2), Seat(4)]);

    // Tavola knows the roles: every seat may be named, and the list does
    // not tell which one the engine refuses.
    let mut g = game(5, true);
    let cards = ["merlin", "assassin", "servant-1", "servant-2", "minion-1"];
    for c in cards {
        run(&mut g, Command::RoleCard { card: format!("avalon/role/{c}") });
    }
    run(&mut g, Command::EndNight);
    for _ in 0..3 {
        play(&mut g, 0);
    }
    assert_eq!(g.phase(), &Phase::Assassination);
    let named: Vec<Legal<Command, Choice>> = g.legal();
    assert_eq!(named.len(), 5);
    assert!(named.iter().all(|l| matches!(l, Legal::Secret(Command::Assassinate { .. }))), "{named:?}");
}

/// The first mission's team approved: five players, seats 0 and 1.
fn mission_open() -> (Avalon, Vec<Seat>) {
    let mut g = game(5, false);
    run(&mut g, Command::EndNight);
    let team = propose_first(&mut g);
    vote_all(&mut g, true);
    assert!(matches!(g.phase(), Phase::Mission { .. }));
    (g, team)
}

#[test]
fn a_dead_button_gives_way_to_the_players_own_card_on_the_reader() {
    let (mut g, team) = mission_open();
    run(&mut g, Command::PlayMission { seat: team[0], card: MissionCard::Success });
    // Seat 1's button died: the host names the seat, the player lays the card.
    let tag = |card: &str| Command::MissionCardTag { card: card.into() };
    assert_eq!(refuse(&g, tag("avalon/mission/fail-2")).code(), "avalon.nobody_at_reader");
    assert_eq!(refuse(&g, Command::MissionByReader { seat: Seat(3) }).code(), "avalon.not_on_team");
    assert_eq!(refuse(&g, Command::MissionByReader { seat: team[0] }).code(), "common.already_answered");
    let events = run(&mut g, Command::MissionByReader { seat: team[1] });
    assert_eq!(events, vec![Event::MissionCardAwaited { seat: team[1] }]);
    assert!(!events[0].is_transient() && !events[0].blocks_undo(), "who is at the reader is public");
    assert_eq!(g.cues(&events[0])[0].id, "avalon.mission.reader");
    let PhaseView::Mission { reader, .. } = g.view().phase else { panic!("the mission") };
    assert_eq!(reader, Some(team[1]));
    assert!(g.legal().iter().any(|l| l.choice() == Some(&Choice::MissionCard { seat: team[1] })));
    assert_eq!(refuse(&g, tag("avalon/role/merlin")).code(), "avalon.not_a_mission_card");
    assert_eq!(refuse(&g, tag("soc/black/saxons-1")).code(), "common.wrong_game_card");
    let events = run(&mut g, tag("avalon/mission/fail-2"));
    // The same secret input as a press: transient until the tally reveals it.
    assert_eq!(events[0], Event::MissionCardPlayed { seat: team[1], card: Some(MissionCard::Fail) });
    assert!(events[0].is_transient());
    assert_eq!(events[0].redacted(), Some(Event::MissionCardPlayed { seat: team[1], card: None }));
    let reveal = events.iter().find(|e| e.reveals_secrets()).expect("the tally");
    assert_eq!(*reveal, Event::MissionRevealed { mission: 0, successes: 1, fails: 1, succeeded: false });
    // Twice, or outside a mission: refused with the reason.
    assert_eq!(refuse(&g, tag("avalon/mission/fail-2")).code(), "avalon.no_mission_now");
    assert_eq!(refuse(&g, Command::MissionByReader { seat: team[1] }).code(), "avalon.no_mission_now");
    // A tag on the reader becomes that command.
    assert_eq!(
        g.card_command("avalon/mission/success-4", Catalog::builtin()),
        Ok(Command::MissionCardTag { card: "avalon/mission/success-4".into() })
    );
}

#[test]
fn a_second_card_from_the_same_player_is_refused_and_the_reader_waits_for_nobody() {
    let (mut g, team) = mission_open();
    run(&mut g, Command::MissionByReader { seat: team[0] });
    run(&mut g, Command::MissionCardTag { card: "avalon/mission/success-1".into() });
    let PhaseView::Mission { reader, played, .. } = g.view().phase else { panic!("the mission") };
    assert_eq!((reader, played), (None, vec![team[0]]));
    let e = refuse(&g, Command::MissionCardTag { card: "avalon/mission/fail-1".into() });
    assert_eq!(e.code(), "avalon.nobody_at_reader");
    assert!(e.text(Lang::En).contains("names"), "{}", e.text(Lang::En));
    assert_eq!(refuse(&g, Command::MissionByReader { seat: team[0] }).code(), "common.already_answered");
    // A good player's Fail still counts as a Success when the roles are known,
    // whichever way the card came: here the roles are not known.
    run(&mut g, Command::PlayMission { seat: team[1], card: MissionCard::Success });
    assert_eq!(g.score(), (1, 0));
}

#[test]
fn a_mission_played_by_hand_is_entered_as_counts_tied_to_no_seat() {
    let (mut g, team) = mission_open();
    // One card already on the pad: the counts replace it.
    run(&mut g, Command::PlayMission { seat: team[0], card: MissionCard::Success });
    let counts = |successes, fails| Command::MissionCounts { successes, fails };
    let e = refuse(&g, counts(2, 1));
    assert_eq!(e.code(), "avalon.mission_count");
    assert_eq!(e.text(Lang::En), "The team has 2 players, so 2 cards are played; the counts add up to 3.");
    assert_eq!(refuse(&g, counts(0, 1)).code(), "avalon.mission_count");
    let listed = g.legal().into_iter().find(|l| matches!(l.command(), Command::MissionCounts { .. }));
    assert_eq!(listed.and_then(|l| l.choice().cloned()), Some(Choice::MissionCounts { cards: 2 }));
    let events = run(&mut g, counts(1, 1));
    assert_eq!(events[0], Event::MissionCountedByHand { successes: 1, fails: 1 });
    assert!(!events[0].is_transient() && events[0].blocks_undo());
    assert!(events.iter().all(|e| !matches!(e, Event::MissionCardPlayed { .. })), "no card tied to a seat");
    assert!(matches!(&events[1], Event::MissionShuffled { order, .. } if order.len() == 2), "turned one by one");
    assert!(events[2].reveals_secrets(), "the pad's card held apart is erased with the tally");
    assert_eq!(g.score(), (0, 1));
    assert_eq!(g.cues(&events[0])[0].id, "avalon.mission.by_hand");
    assert_eq!(refuse(&g, counts(1, 1)).code(), "avalon.no_mission_now");
}

#[test]
fn the_boxs_tagged_mission_cards_are_five_success_and_five_fail_cards_the_engine_reads() {
    let cards: Vec<_> = Catalog::builtin().by_kind(GameKind::Avalon, "mission").collect();
    assert_eq!(cards.len(), 10);
    for c in cards {
        let read = mission_card_of(&c.id).unwrap_or_else(|e| panic!("{}: {e}", c.id));
        assert_eq!(Some(crate::code(&read).as_str()), c.fact_str("card"), "{}", c.id);
        for lang in Lang::ALL {
            assert!(Catalog::builtin().name(&c.id, lang).is_some(), "{} has no name in {lang:?}", c.id);
        }
    }
    let fails = Catalog::builtin().by_kind(GameKind::Avalon, "mission").filter(|c| c.fact_str("card") == Some("fail"));
    assert_eq!(fails.count(), 5);
}

/// The mission's cards as the screen turns them: the last card's events
/// under `seed`, on a fresh mission of 5 players whose team of 3 (seats
/// 0, 1, 2 for the third mission) plays one Fail from `fail_seat`.
fn turned_order(seed: u64, fail_seat: u8) -> (Vec<MissionCard>, Vec<Event>) {
    let mut g = game(5, false);
    run(&mut g, Command::EndNight);
    propose_first(&mut g);
    vote_all(&mut g, true);
    let team = [Seat(0), Seat(1)];
    let mut events = Vec::new();
    for s in team {
        let card = if s.0 == fail_seat { MissionCard::Fail } else { MissionCard::Success };
        events = g.execute(&Command::PlayMission { seat: s, card }, &mut Ctx::seeded(seed)).unwrap();
    }
    let order = events
        .iter()
        .find_map(|e| match e {
            Event::MissionShuffled { order, .. } => Some(order.clone()),
            _ => None,
        })
        .expect("the cards in the order they are turned");
    (order, events)
}

#[test]
fn the_cards_are_turned_in_a_seeded_order_that_is_stored_and_names_no_seat() {
    let (order, events) = turned_order(11, 0);
    // The tally, card by card: one Fail and one Success, whatever the order.
    let mut sorted = order.clone();
    sorted.sort_by_key(|c| *c as u8);
    assert_eq!(sorted, [MissionCard::Success, MissionCard::Fail]);
    // The same seed, the same order; the Fail played from the other seat
    // gives the same order too: the order comes from the counts and the
    // seed, never from who played what.
    assert_eq!(turned_order(11, 0).0, order);
    assert_eq!(turned_order(11, 1).0, order);
    // Over a few seeds both orders come up: it is drawn, not fixed.
    let orders: BTreeSet<Vec<u8>> =
        (0..16).map(|seed| turned_order(seed, 0).0.iter().map(|c| *c as u8).collect()).collect();
    assert_eq!(orders.len(), 2, "{orders:?}");
    // Stored in the journal (not transient), public as it is, before the tally.
    let i = events.iter().position(|e| matches!(e, Event::MissionShuffled { .. })).unwrap();
    let shuffled = &events[i];
    assert!(!shuffled.is_transient() && shuffled.blocks_undo());
    assert_eq!(shuffled.redacted().as_ref(), Some(shuffled));
    assert!(matches!(events[i + 1], Event::MissionRevealed { successes: 1, fails: 1, .. }));
    let json = serde_json::to_value(shuffled).unwrap();
    assert_eq!(json, serde_json::json!({"event": "mission_shuffled", "mission": 0, "order": json["order"]}));
    assert!(!json.to_string().contains("seat"), "{json}");
    // Replayed from the stored events, the game needs no random numbers.
    let cues = Avalon::default().cues(shuffled);
    let ids: Vec<&str> = cues.iter().map(|c| c.id.as_str()).collect();
    let said: Vec<String> =
        order.iter().enumerate().map(|(n, c)| format!("avalon.turn.{}.{}", n + 1, crate::code(c))).collect();
    assert_eq!(ids, said);
    assert!(cues.iter().all(|c| c.pause_ms == TURN_BEAT_MS), "a beat after each card");
}

#[test]
fn a_game_stored_before_the_shuffle_existed_still_replays() {
    // The tally alone, as games were stored before the cards were turned one by one.
    let mut g = game(5, false);
    run(&mut g, Command::EndNight);
    propose_first(&mut g);
    vote_all(&mut g, true);
    let old: Event = serde_json::from_value(serde_json::json!(
        {"event": "mission_revealed", "mission": 0, "successes": 2, "fails": 0, "succeeded": true}
    ))
    .unwrap();
    g.apply(&old);
    assert_eq!(g.score(), (1, 0));
    g.check_invariants().unwrap();
}

// --- Card lessons (see `crate::teach`, "Cards entering play") ---

/// A first game under every optional rule, driven to its end: eight
/// players (the Lady of the Lake is advised from seven), Excalibur, the
/// Lancelots' variant 2 (all five loyalty cards take effect, one a round),
/// no character read. The missions go Success, Fail, Success, Fail,
/// Success; the first member of every team lays their card on the reader.
/// Returns the lessons the first-game mode gave, in order, and the lessons
/// read again from the stored history.
fn first_game_under_every_optional_rule() -> (Vec<String>, crate::teach::Lessons, crate::teach::Lessons) {
    use crate::teach::Lessons;
    use crate::{AnyEvent, AnyGame};
    let optional = [Role::Percival, Role::Morgana, Role::GoodLancelot, Role::EvilLancelot];
    let setup = Setup {
        first_leader: Some(Seat(0)),
        options: AvalonOptions {
            lady_of_the_lake: true,
            excalibur: true,
            lancelot: Some(LancelotVariant::V2),
            ..AvalonOptions::default()
        },
        ..Setup::new(RoleSet::standard(8, &optional).unwrap())
    };
    let mut ctx = rng();
    let (mut g, mut any) = (Avalon::default(), AnyGame::new(GameKind::Avalon).unwrap());
    let (mut lessons, mut history) = (Lessons::new(), Vec::new());
    // The goal and the setup, as the table says them before anything is done.
    let mut given: Vec<String> = lessons.due(&any).into_iter().map(|l| l.id).collect();
    let mut step = |g: &mut Avalon, cmd: Command| {
        for e in g.execute(&cmd, &mut ctx).unwrap_or_else(|e| panic!("{cmd:?} refused: {e}")) {
            let transient = e.is_transient();
            let e = AnyEvent::Avalon(e);
            any.apply(&e).unwrap();
            given.extend(lessons.due_after(&any, std::slice::from_ref(&e)).into_iter().map(|l| l.id));
            if !transient {
                history.push(e);
            }
        }
    };
    step(&mut g, Command::Setup(setup));
    let mut played = 0;
    loop {
        match g.phase().clone() {
            Phase::Night => step(&mut g, Command::EndNight),
            Phase::TeamBuilding => {
                let (players, leader) = (g.players(), g.leader());
                let mut seat = leader;
                let team: Vec<Seat> = (0..g.team_size(g.mission()))
                    .map(|_| {
                        seat = seat.next(players);
                        seat
                    })
                    .collect();
                step(&mut g, Command::ProposeTeam { team: team.clone(), mission: None, excalibur: Some(team[0]) });
                for s in Seat::all(players) {
                    step(&mut g, Command::Vote { seat: s, approve: true });
                }
            }
            Phase::Mission { team, .. } => {
                let fail = played % 2 == 1;
                let kind = if fail { "fail" } else { "success" };
                step(&mut g, Command::MissionByReader { seat: team[0] });
                step(&mut g, Command::MissionCardTag { card: format!("avalon/mission/{kind}-{}", played + 1) });
                for &s in &team[1..] {
                    let card = if fail { MissionCard::Fail } else { MissionCard::Success };
                    step(&mut g, Command::PlayMission { seat: s, card });
                }
                step(&mut g, Command::UseExcalibur { target: None });
                played += 1;
            }
            Phase::Lady => {
                let lady = g.lady().expect("the Lady of the Lake").clone();
                let target = Seat::all(g.players()).find(|s| !lady.former.contains(s)).unwrap();
                step(&mut g, Command::LadyExamine { target });
            }
            Phase::LadyCard { .. } | Phase::ExcaliburReveal { .. } => step(&mut g, Command::RevealSeen),
            Phase::Assassination => step(&mut g, Command::Assassinate { target: Seat(1) }),
            Phase::ConfirmMerlin { .. } => step(&mut g, Command::ConfirmMerlin { was_merlin: false }),
            Phase::Ended { .. } => break,
            other => panic!("the scenario does not expect {other:?}"),
        }
    }
    assert_eq!(played, 5, "every mission was played, so every loyalty card took effect");
    let again = Lessons::from_history(GameKind::Avalon, &history).unwrap();
    (given, lessons, again)
}

#[test]
fn every_kind_of_card_is_explained_once_when_it_first_comes_into_play() {
    let (given, lessons, again) = first_game_under_every_optional_rule();
    let mut seen = BTreeSet::new();
    for id in &given {
        assert!(seen.insert(id.as_str()), "{id} explained twice: {given:?}");
    }
    let cards: Vec<&String> = given.iter().filter(|id| id.starts_with("teach.avalon.card.")).collect();
    let mut listed: Vec<String> =
        Avalon::card_lesson_ids().into_iter().map(|(_, id)| id).filter(|id| id.starts_with("teach.")).collect();
    listed.sort();
    let mut got: Vec<String> = cards.iter().map(|s| s.to_string()).collect();
    got.sort();
    assert_eq!(got, listed, "a lesson for every token, Loyalty card, mission card and loyalty deck card");
    for role in [Role::Merlin, Role::Percival, Role::Assassin, Role::Morgana, Role::GoodLancelot, Role::EvilLancelot] {
        assert!(given.contains(&role.explain().id.to_string()), "{role:?}: {given:?}");
    }
    // When each is given: the tokens at setup, before the night; the
    // mission cards once the mission is under way and a member is named at
    // the reader; the Loyalty cards with the Lady's first examination.
    let at = |id: &str| given.iter().position(|g| g == id).unwrap_or_else(|| panic!("no {id}: {given:?}"));
    assert!(at("teach.avalon.card.token.lady_of_the_lake") < at("teach.avalon.night"));
    assert!(at("teach.avalon.card.token.excalibur") < at("teach.avalon.night"));
    assert!(at("teach.avalon.card.mission.success") > at("teach.avalon.mission"));
    assert_eq!(at("teach.avalon.card.mission.fail"), at("teach.avalon.card.mission.success") + 1);
    assert!(at("teach.avalon.card.loyalty") > at("teach.avalon.lady"));
    assert_eq!(again, lessons, "a game taken up remembers the cards explained");
}

#[test]
fn the_mission_cards_lessons_never_tell_which_card_is_laid() {
    let awaited = Event::MissionCardAwaited { seat: Seat(2) };
    let g = game(5, false);
    let ids: Vec<String> = g.cards_entering(&awaited).into_iter().map(|l| l.id).collect();
    assert_eq!(ids, ["teach.avalon.card.mission.success", "teach.avalon.card.mission.fail"]);
    for card in [MissionCard::Success, MissionCard::Fail] {
        let laid = Event::MissionCardPlayed { seat: Seat(2), card: Some(card) };
        assert!(g.cards_entering(&laid).is_empty(), "the card laid gives no lesson of its own");
    }
}

#[test]
fn a_game_without_optional_rules_explains_only_its_characters() {
    let mut g = Avalon::default();
    let events = g.execute(&Command::Setup(Setup::new(RoleSet::standard(5, &[]).unwrap())), &mut rng()).unwrap();
    let ids: Vec<String> = events.iter().flat_map(|e| g.cards_entering(e)).map(|l| l.id).collect();
    assert_eq!(ids, ["avalon.role.merlin.explain", "avalon.role.assassin.explain"]);
}

#[test]
fn every_card_lesson_names_its_card_and_says_it_in_one_or_two_sentences() {
    let sentences = |t: &str| t.split_inclusive(['.', '?', '!']).filter(|s| s.trim().len() > 1).count();
    let events = [
        Event::LadyExamined { holder: Seat(0), target: Seat(1), loyalty: None },
        Event::MissionCardAwaited { seat: Seat(0) },
        Event::LoyaltyCardTurned { round: 3, card: LoyaltyCard::NoChange },
        Event::LoyaltyCardTurned { round: 4, card: LoyaltyCard::Switch },
    ];
    let g = game(5, false);
    for l in events.iter().flat_map(|e| g.cards_entering(e)) {
        assert!(Avalon::card_lesson_ids().iter().any(|(_, id)| *id == l.id), "{} is not listed", l.id);
        for lang in Lang::ALL {
            let (text, name) = (lang.text(&l.msg), lang.text(l.card.as_ref().unwrap()));
            assert!((1..=2).contains(&sentences(&text)), "{} in {lang:?}: {text}", l.id);
            assert!(lang.catalog().get(&l.id).is_some() && !name.contains('.'), "{} in {lang:?}: {name}", l.id);
        }
    }
}

// --- The numbers the words say come from the engine ---

/// Whether `text` says the number `n` (as digits standing alone).
fn says(text: &str, n: usize) -> bool {
    text.split(|c: char| !c.is_ascii_digit()).any(|t| t == n.to_string())
}

#[test]
fn the_words_say_the_team_size_the_engine_gives_each_mission_at_each_table() {
    for players in roles::MIN_PLAYERS..=roles::MAX_PLAYERS {
        let mut g = game(players, false);
        run(&mut g, Command::EndNight);
        for mission in 0..MISSIONS {
            assert_eq!(usize::from(g.mission()), mission);
            let size = g.team_size(g.mission());
            assert_eq!(size, roles::team_size(players, mission));
            let moves = crate::teach::what_now(&g).moves;
            let propose = moves.iter().find(|m| m.id == "teach.avalon.move.propose_team").expect("a team to propose");
            // A team one too big is refused, saying the size the mission needs.
            let too_many: Vec<Seat> = Seat::all(players).take(size + 1).collect();
            let refused = refuse(&g, Command::ProposeTeam { team: too_many, mission: None, excalibur: None });
            assert_eq!(refused, RuleError::Avalon(AvalonError::TeamSize { needed: size, given: size + 1 }));
            for lang in Lang::ALL {
                let said = lang.text(propose);
                assert!(says(&said, size), "{players} players, mission {}: {said}", mission + 1);
                let said = refused.text(lang);
                assert!(says(&said, size), "{players} players, mission {}: {said}", mission + 1);
            }
            // Success, Fail, Success, Fail: the fifth mission is played too.
            let fails = if mission % 2 == 1 { size } else { 0 };
            play(&mut g, fails);
        }
    }
}

#[test]
fn the_words_say_how_many_evil_players_the_engine_wants_at_each_table() {
    for players in roles::MIN_PLAYERS..=roles::MAX_PLAYERS {
        let evil = roles::evil_count(players);
        // One evil card short: a minion dealt as a servant.
        let mut cards = RoleSet::standard(players, &[]).unwrap().roles().to_vec();
        let minion = cards.iter().position(|&r| r == Role::Minion).expect("a minion at every table");
        cards[minion] = Role::LoyalServant;
        let short = RoleSet::from_roles(cards).unwrap_err();
        assert_eq!(short, AvalonError::Unbalanced { players, evil_expected: evil, evil_given: evil - 1 });
        // Every evil character chosen: more than the evil places at any table.
        let all = [Role::Mordred, Role::Morgana, Role::Oberon, Role::GoodLancelot, Role::EvilLancelot];
        let crowded = RoleSet::standard(players, &all).unwrap_err();
        assert_eq!(crowded, AvalonError::TooManyEvilCharacters { players, evil, chosen: 5 });
        for lang in Lang::ALL {
            for said in [lang.text(&short.msg()), lang.text(&crowded.msg())] {
                assert!(says(&said, evil) && says(&said, players), "{players} players, {evil} evil: {said}");
            }
        }
    }
}
