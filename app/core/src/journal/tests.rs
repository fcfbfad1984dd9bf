//! Unit tests of the journal, on real files in temporary directories.

use super::*;
use crate::games::avalon::{Avalon, Command, EndReason, Event, MissionCard, Role, RoleSet, Setup};
use crate::games::{Game, GameEvent};
use tempfile::TempDir;

fn fresh() -> (TempDir, Journal) {
    let dir = tempfile::tempdir().expect("temp dir");
    let opened = Journal::open(dir.path().join("tavola.db")).expect("open");
    assert!(opened.moved_aside.is_none());
    (dir, opened.journal)
}

fn reopen(dir: &TempDir) -> Journal {
    let opened = Journal::open(dir.path().join("tavola.db")).expect("reopen");
    assert!(opened.moved_aside.is_none(), "a sound file is never moved aside");
    opened.journal
}

fn av(e: Event) -> AnyEvent {
    AnyEvent::Avalon(e)
}

/// A small distinct command's events, for undo/redo bookkeeping.
fn marker(leader: u8) -> Vec<AnyEvent> {
    vec![av(Event::LeaderPassed { leader: Seat(leader) })]
}

fn card_of(role: Role, n: usize) -> String {
    if role.is_unique() {
        format!("avalon/role/{}", role.slug())
    } else {
        format!("avalon/role/{}-{}", role.slug(), n)
    }
}

/// Plays `commands` on a fresh Avalon game and returns, per accepted
/// command, the events the journal stores (transient ones dropped).
fn play(commands: &[Command]) -> (Avalon, Vec<Vec<AnyEvent>>) {
    let mut rng = tavola_games::Ctx::seeded(1);
    let mut game = Avalon::default();
    let mut entries = Vec::new();
    for c in commands {
        let events = game.execute(c, &mut rng).unwrap_or_else(|e| panic!("{c:?} refused: {e:?}"));
        let stored: Vec<AnyEvent> = events.into_iter().filter(|e| !e.is_transient()).map(AnyEvent::Avalon).collect();
        if !stored.is_empty() {
            entries.push(stored);
        }
    }
    (game, entries)
}

/// Five players who tap their cards, then five rejected teams: evil wins.
fn five_rejections(names: &[&str]) -> Vec<Command> {
    let roles = vec![Role::Merlin, Role::LoyalServant, Role::LoyalServant, Role::Assassin, Role::Minion];
    let set = RoleSet::from_roles(roles.clone()).expect("legal set");
    let mut cmds = vec![Command::Setup(Setup {
        names: names.iter().map(|s| s.to_string()).collect(),
        roles: set,
        scan_roles: true,
        first_leader: Some(Seat(0)),
        options: Default::default(),
    })];
    for (i, r) in roles.iter().enumerate() {
        cmds.push(Command::RoleCard { card: card_of(*r, i) });
    }
    cmds.push(Command::EndNight);
    for _ in 0..5 {
        cmds.push(Command::ProposeTeam { team: vec![Seat(0), Seat(1)], mission: None, excalibur: None });
        for s in 0..5 {
            cmds.push(Command::Vote { seat: Seat(s), approve: false });
        }
    }
    cmds
}

fn record(j: &mut Journal, entries: &[Vec<AnyEvent>], seed: Option<u64>) -> GameId {
    let meta = GameMeta::from_events(&entries[0], seed);
    let id = j.begin_game(GameKind::Avalon, &meta).expect("begin");
    for e in entries {
        j.append(id, e).expect("append");
    }
    id
}

#[test]
fn a_new_file_is_set_up_for_durability() {
    let (dir, j) = fresh();
    use rusqlite::types::Value;
    let q = |sql: &str| j.conn().query_row(sql, [], |r| r.get::<_, Value>(0)).expect(sql);
    assert_eq!(q("PRAGMA journal_mode"), Value::Text("wal".into()));
    assert_eq!(q("PRAGMA synchronous"), Value::Integer(2), "FULL");
    assert_eq!(q("PRAGMA foreign_keys"), Value::Integer(1));
    assert_eq!(q("PRAGMA user_version"), Value::Integer(i64::from(schema::LATEST)));
    assert_eq!(q("PRAGMA application_id"), Value::Integer(i64::from(schema::APPLICATION_ID)));
    assert!(j.quick_check().expect("check").is_empty());
    assert_eq!(j.path(), dir.path().join("tavola.db"));
}

#[test]
fn the_data_directory_is_created() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("a/b/tavola.db");
    let j = Journal::open(&path).expect("open").journal;
    assert!(path.is_file());
    drop(j);
}

#[test]
fn appended_entries_come_back_in_order_after_reopening() {
    let (dir, mut j) = fresh();
    let (game, entries) = play(&five_rejections(&["Anna", "Bruno", "Carla", "Dario", "Elena"]));
    let id = record(&mut j, &entries, Some(7));
    drop(j);
    let j = reopen(&dir);
    let stored = j.game(id).expect("game");
    assert_eq!(stored.entries.len(), entries.len());
    assert!(stored.entries.iter().enumerate().all(|(i, e)| e.seq == Seq(i as i64 + 1) && e.kind == EntryKind::Command));
    let flat: Vec<AnyEvent> = entries.concat();
    assert_eq!(stored.events, flat);
    assert_eq!(j.events(id).expect("events"), flat);
    let replayed = Avalon::replay(flat.iter().filter_map(|e| match e {
        AnyEvent::Avalon(e) => Some(e),
        _ => None,
    }));
    assert_eq!(replayed, game);
    assert_eq!(stored.info.seed, Some(7));
    assert_eq!(stored.info.players, vec!["Anna", "Bruno", "Carla", "Dario", "Elena"]);
}

#[test]
fn seeds_keep_all_their_bits() {
    let (_dir, mut j) = fresh();
    let id = j
        .begin_game(GameKind::Avalon, &GameMeta { seed: Some(u64::MAX - 3), players: vec![], clock_unsure: false })
        .expect("begin");
    assert_eq!(j.info(id).expect("info").seed, Some(u64::MAX - 3));
}

#[test]
fn undo_and_redo_are_entries_and_redo_ends_with_a_new_command() {
    let (dir, mut j) = fresh();
    let id = j.begin_game(GameKind::Avalon, &GameMeta::default()).expect("begin");
    let (a, b, c, d) = (marker(0), marker(1), marker(2), marker(3));
    assert_eq!(j.append(id, &a).expect("a"), Seq(1));
    assert_eq!(j.append(id, &b).expect("b"), Seq(2));
    assert_eq!(j.append(id, &c).expect("c"), Seq(3));

    let step = j.undo(id).expect("undo c");
    assert_eq!(step, Step { entry: Seq(4), target: Seq(3), events: c.clone() });
    assert_eq!(j.events(id).expect("events"), [a.clone(), b.clone()].concat());
    let step = j.undo(id).expect("undo b");
    assert_eq!((step.entry, step.target), (Seq(5), Seq(2)));
    assert_eq!(j.events(id).expect("events"), a);

    let step = j.redo(id).expect("redo b");
    assert_eq!(step, Step { entry: Seq(6), target: Seq(2), events: b.clone() });
    assert_eq!(j.events(id).expect("events"), [a.clone(), b.clone()].concat());
    assert_eq!(j.can_undo_redo(id).expect("flags"), (true, true), "c can still be redone");

    // A new command drops what could be redone.
    assert_eq!(j.append(id, &d).expect("d"), Seq(7));
    assert!(matches!(j.redo(id), Err(JournalError::NothingToRedo(g)) if g == id));
    assert_eq!(j.events(id).expect("events"), [a.clone(), b.clone(), d.clone()].concat());

    for _ in 0..3 {
        j.undo(id).expect("undo");
    }
    assert!(j.events(id).expect("events").is_empty());
    assert!(matches!(j.undo(id), Err(JournalError::NothingToUndo(_))));
    assert_eq!(j.can_undo_redo(id).expect("flags"), (false, true));

    // Everything the table did is on disk, in order, and survives a restart.
    drop(j);
    let j = reopen(&dir);
    let stored = j.unfinished().expect("unfinished").expect("open game");
    let kinds: Vec<EntryKind> = stored.entries.iter().map(|e| e.kind).collect();
    use EntryKind::{Command as C, Redo as R, Undo as U};
    assert_eq!(kinds, [C, C, C, U, U, R, C, U, U, U]);
    assert!(stored.events.is_empty());
    assert!(!stored.can_undo && stored.can_redo);
    let targets: Vec<Option<Seq>> = stored.entries.iter().map(|e| e.target).collect();
    assert_eq!(targets[3..6], [Some(Seq(3)), Some(Seq(2)), Some(Seq(2))]);
    assert_eq!(targets[7..], [Some(Seq(7)), Some(Seq(2)), Some(Seq(1))]);
}

#[test]
fn transient_events_are_refused_and_nothing_is_written() {
    let (_dir, mut j) = fresh();
    let id = j.begin_game(GameKind::Avalon, &GameMeta::default()).expect("begin");
    j.append(id, &marker(0)).expect("first");
    let card = av(Event::MissionCardPlayed { seat: Seat(2), card: Some(MissionCard::Fail) });
    let reveal = av(Event::MissionRevealed { mission: 0, successes: 1, fails: 1, succeeded: false });
    let err = j.append(id, &[reveal.clone(), card.clone()]).expect_err("transient refused");
    assert!(matches!(err, JournalError::TransientEvent { index: 1 }), "{err}");
    // Even the public form of the event is transient: it never reaches the disk.
    let public = av(Event::MissionCardPlayed { seat: Seat(2), card: None });
    assert!(matches!(j.append(id, &[public]), Err(JournalError::TransientEvent { index: 0 })));
    assert!(matches!(j.append(id, &[]), Err(JournalError::EmptyEntry)));
    assert_eq!(j.game(id).expect("game").entries.len(), 1);
    let mission_cards: i64 = j
        .conn()
        .query_row("SELECT count(*) FROM entries WHERE events LIKE '%mission_card_played%'", [], |r| r.get(0))
        .expect("count");
    assert_eq!(mission_cards, 0);
}

#[test]
fn mission_cards_are_kept_until_the_tally_that_ends_them() {
    let (_dir, mut j) = fresh();
    let id = j.begin_game(GameKind::Avalon, &GameMeta::default()).expect("begin");
    j.append(id, &marker(0)).expect("first");
    let card = |seat| av(Event::MissionCardPlayed { seat: Seat(seat), card: Some(MissionCard::Success) });
    j.stash_secret(id, &[card(1)]).expect("first card");
    j.stash_secret(id, &[card(2)]).expect("second card");
    // A power cut now: both cards come back with the game.
    assert_eq!(j.game(id).expect("game").secrets, vec![card(1), card(2)]);
    // The tally is stored: the cards are gone in the same step, before any
    // separate clean-up, so a cut right after it cannot bring them back.
    let reveal = av(Event::MissionRevealed { mission: 0, successes: 3, fails: 0, succeeded: true });
    j.append(id, &[reveal]).expect("tally");
    assert_eq!(j.game(id).expect("game").secrets, Vec::<AnyEvent>::new());
    j.clear_secrets(id).expect("wiped");
}

#[test]
fn closed_and_missing_games_refuse_writes() {
    let (_dir, mut j) = fresh();
    let id = j.begin_game(GameKind::Avalon, &GameMeta::default()).expect("begin");
    j.append(id, &marker(0)).expect("append");
    j.finish_game(id, &GameResult::default()).expect("finish");
    let not_open = |r: Result<Seq>| matches!(r, Err(JournalError::NotOpen { state: GameState::Finished, .. }));
    assert!(not_open(j.append(id, &marker(1))));
    assert!(not_open(j.undo(id).map(|s| s.entry)));
    assert!(not_open(j.discard(id).map(|_| Seq(0))));
    assert!(not_open(j.finish_game(id, &GameResult::default()).map(|_| Seq(0))));
    let nowhere = GameId(999);
    assert!(matches!(j.append(nowhere, &marker(0)), Err(JournalError::NoSuchGame(g)) if g == nowhere));
    assert!(matches!(j.events(nowhere), Err(JournalError::NoSuchGame(_))));
    assert!(matches!(j.game(nowhere), Err(JournalError::NoSuchGame(_))));
}

#[test]
fn the_unfinished_game_is_the_last_open_one_with_entries() {
    let (dir, mut j) = fresh();
    assert!(j.unfinished().expect("none").is_none());
    let first = j.begin_game(GameKind::Avalon, &GameMeta::default()).expect("begin");
    assert!(j.unfinished().expect("empty game").is_none(), "nothing acknowledged yet");
    j.append(first, &marker(0)).expect("append");
    assert_eq!(j.unfinished().expect("found").expect("some").info.id, first);

    // Starting another game discards the one left open.
    let second = j.begin_game(GameKind::Avalon, &GameMeta::default()).expect("begin");
    assert_eq!(j.info(first).expect("info").state, GameState::Discarded);
    assert!(j.info(first).expect("info").ended_at.is_some());
    j.append(second, &marker(1)).expect("append");
    drop(j);

    let mut j = reopen(&dir);
    let stored = j.unfinished().expect("found").expect("some");
    assert_eq!(stored.info.id, second);
    assert_eq!(stored.info.state, GameState::Open);
    assert_eq!(stored.events, marker(1));
    j.discard(second).expect("discard");
    assert!(j.unfinished().expect("none").is_none());
    assert_eq!(j.games(GameState::Discarded).expect("discarded").len(), 2);
    assert!(j.history().expect("history").is_empty(), "discarded games are not history");
    assert_eq!(j.game(first).expect("kept").entries.len(), 1, "discarded games stay on disk");
}

#[test]
fn events_of_another_game_are_refused() {
    // Only Avalon exists today; the check compares the game's stored kind.
    let (_dir, mut j) = fresh();
    let id = j.begin_game(GameKind::Nottingham, &GameMeta::default()).expect("begin");
    let err = j.append(id, &marker(0)).expect_err("wrong game");
    assert!(
        matches!(err, JournalError::WrongGame { expected: GameKind::Nottingham, found: GameKind::Avalon, .. }),
        "{err}"
    );
}

#[test]
fn a_newer_schema_is_refused_and_left_untouched() {
    let (dir, j) = fresh();
    drop(j);
    let path = dir.path().join("tavola.db");
    {
        let conn = Connection::open(&path).expect("raw open");
        conn.pragma_update(None, "user_version", schema::LATEST + 1).expect("bump");
    }
    let before = fs::read(&path).expect("read");
    let err = Journal::open(&path).expect_err("newer schema");
    match &err {
        JournalError::NewerSchema { found, supported, .. } => {
            assert_eq!((*found, *supported), (schema::LATEST + 1, schema::LATEST));
        }
        other => panic!("expected NewerSchema, got {other}"),
    }
    assert!(err.to_string().contains("newer Tavola"), "{err}");
    assert_eq!(fs::read(&path).expect("read"), before, "the file is not rewritten");
    let names: Vec<String> = fs::read_dir(dir.path())
        .expect("list")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().all(|n| !n.contains("corrupt")), "not moved aside: {names:?}");
}

#[test]
fn another_programs_database_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("other.db");
    {
        let conn = Connection::open(&path).expect("raw open");
        conn.execute_batch("CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT)").expect("create");
    }
    assert!(matches!(Journal::open(&path), Err(JournalError::ForeignDatabase { .. })));
    let conn = Connection::open(&path).expect("raw open");
    let tables: i64 = conn.query_row("SELECT count(*) FROM sqlite_schema", [], |r| r.get(0)).expect("count");
    assert_eq!(tables, 1, "nothing added");
}

#[test]
fn a_file_that_fails_its_integrity_check_is_moved_aside() {
    let (dir, mut j) = fresh();
    let id = j.begin_game(GameKind::Avalon, &GameMeta::default()).expect("begin");
    j.append(id, &marker(0)).expect("append");
    drop(j);
    let path = dir.path().join("tavola.db");
    // One page more than the tables use, counted in the header: every page
    // still reads, only the integrity check sees the orphan.
    let mut bytes = fs::read(&path).expect("read");
    let page = usize::from(u16::from_be_bytes([bytes[16], bytes[17]]));
    let pages = u32::from_be_bytes(bytes[28..32].try_into().expect("4 bytes"));
    assert_eq!(bytes.len(), page * pages as usize);
    bytes[28..32].copy_from_slice(&(pages + 1).to_be_bytes());
    bytes.resize(bytes.len() + page, 0);
    fs::write(&path, &bytes).expect("write");
    let opened = Journal::open(&path).expect("open");
    let moved = opened.moved_aside.expect("moved aside");
    assert!(matches!(moved.damage, Damage::QuickCheck { .. }), "{:?}", moved.damage);
    assert!(moved.damage.to_string().contains("integrity check"), "{}", moved.damage);
    assert!(moved.path.file_name().expect("name").to_string_lossy().starts_with("tavola.db.corrupt-"));
    assert_eq!(fs::read(&moved.path).expect("kept"), bytes, "moved as it was found");
    assert!(opened.journal.unfinished().expect("fresh").is_none());
}

#[test]
fn hand_edited_entries_that_contradict_each_other_are_reported() {
    let (_dir, mut j) = fresh();
    let id = j.begin_game(GameKind::Avalon, &GameMeta::default()).expect("begin");
    j.append(id, &marker(0)).expect("a");
    j.append(id, &marker(1)).expect("b");
    j.undo(id).expect("undo");
    j.conn().execute("UPDATE entries SET target = 1 WHERE seq = 3", []).expect("edit");
    assert!(matches!(j.events(id), Err(JournalError::Inconsistent { seq: Seq(3), .. })));
}

#[test]
fn results_and_statistics_come_from_the_stored_games() {
    let (_dir, mut j) = fresh();
    let names = ["Anna", "Bruno", "Carla", "Dario", "Elena"];
    let (game, entries) = play(&five_rejections(&names));
    assert!(game.is_over());
    let events = entries.concat();
    let result = GameResult::from_events(&events).expect("ended");
    assert_eq!(result.winner.as_deref(), Some("evil"));
    assert_eq!(result.reason.as_deref(), Some("five_rejections"));
    assert_eq!(result.winners, Some(vec![Seat(3), Seat(4)]), "Assassin and Minion");
    let a = record(&mut j, &entries, None);
    j.finish_game(a, &result).expect("finish");

    // A second game without role scan: who won is unknown per player.
    let mut cmds = five_rejections(&["anna", "Bruno", "", "Dario", "Fabio"]);
    if let Command::Setup(s) = &mut cmds[0] {
        s.scan_roles = false;
    }
    cmds.retain(|c| !matches!(c, Command::RoleCard { .. }));
    let (_, entries) = play(&cmds);
    let result = GameResult::from_events(&entries.concat()).expect("ended");
    assert_eq!(result.winners, None);
    let b = record(&mut j, &entries, None);
    j.finish_game(b, &result).expect("finish");

    // An open game counts nowhere.
    let (_, open_entries) = play(&five_rejections(&names)[..3]);
    record(&mut j, &open_entries, None);

    let history = j.history().expect("history");
    assert_eq!(history.iter().map(|g| g.info.id).collect::<Vec<_>>(), vec![b, a], "newest first");
    assert_eq!(history[1].events, events.len());
    assert_eq!(history[1].commands, 37, "setup, five cards, end of night, five times a team and five votes");
    assert_eq!(history[1].winner_names(), Some(vec!["Dario".to_string(), "Elena".to_string()]));
    assert_eq!(history[0].winner_names(), None);
    assert!(history[0].duration_ms().expect("ended") >= 0);

    let players = j.player_stats().expect("players");
    let get = |n: &str| players.iter().find(|p| p.name.eq_ignore_ascii_case(n)).expect(n).clone();
    assert_eq!(get("anna"), PlayerStats { name: "Anna".into(), played: 2, won: 0, lost: 1 });
    assert_eq!(get("dario").win_rate(), Some(1.0));
    assert_eq!(get("fabio").win_rate(), None, "no decided game");
    assert!(players.iter().all(|p| !p.name.is_empty()), "unnamed seats are left out");
    assert_eq!(players[0].played, 2, "most games first");

    let avalon = j.stats(GameKind::Avalon).expect("avalon");
    assert_eq!((avalon.games, avalon.side_wins("good"), avalon.side_wins("evil")), (2, 0, 2));
    assert_eq!(avalon.win_rate("evil"), Some(1.0));
    assert_eq!(avalon.reason(&crate::games::code(&EndReason::FiveRejections)), 2);
    assert_eq!(avalon.setups.len(), 1);
    let set = &avalon.setups[0];
    assert_eq!(set.games, 2);
    assert_eq!(set.codes.len(), 5);
    assert_eq!(set.win_rate("good"), Some(0.0));
}

#[test]
fn exports_read_back_and_hide_secrets_while_the_game_is_open() {
    let (_dir, mut j) = fresh();
    let (_, entries) = play(&five_rejections(&["Anna", "Bruno", "Carla", "Dario", "Elena"]));
    let id = record(&mut j, &entries, Some(3));

    let open = j.export_jsonl(id).expect("export");
    assert!(!open.contains("\"role\":\"") && !open.contains("\"card\":\""), "no card leaks:\n{open}");
    assert!(open.contains("\"approve\":null"), "votes stay secret:\n{open}");
    let back = parse_jsonl(&open).expect("parse");
    assert!(back.header.public);
    assert_eq!(back.header.state, GameState::Open);

    j.finish_game(id, &GameResult::from_events(&entries.concat()).expect("ended")).expect("finish");
    let text = j.export_jsonl(id).expect("export");
    assert_eq!(text.lines().count(), 1 + entries.concat().len());
    let back = parse_jsonl(&text).expect("parse");
    assert!(!back.header.public);
    assert_eq!(back.header.seed, Some(3));
    assert_eq!(back.header.kind, GameKind::Avalon);
    assert_eq!(back.events, entries.concat());

    let cut: String = text.lines().take(5).map(|l| format!("{l}\n")).collect();
    assert!(matches!(parse_jsonl(&cut), Err(JournalError::BadExport { .. })), "a cut export is refused");
    assert!(matches!(parse_jsonl("{\"x\":1}\n"), Err(JournalError::BadExport { line: 1, .. })));
}

#[test]
fn settings_are_json_values_by_key() {
    let (dir, mut j) = fresh();
    assert_eq!(j.setting::<String>("lang").expect("get"), None);
    j.set_setting("lang", "it").expect("set");
    j.set_setting("lang", "en").expect("replace");
    j.set_setting("timers", &serde_json::json!({"vote_s": 30})).expect("set");
    drop(j);
    let mut j = reopen(&dir);
    assert_eq!(j.setting::<String>("lang").expect("get").as_deref(), Some("en"));
    assert_eq!(j.setting::<serde_json::Value>("timers").expect("get"), Some(serde_json::json!({"vote_s": 30})));
    assert!(matches!(j.setting::<u32>("lang"), Err(JournalError::Json { .. })), "a wrong type is an error");
    assert!(j.remove_setting("lang").expect("remove"));
    assert!(!j.remove_setting("lang").expect("remove again"));
    assert_eq!(j.setting::<String>("lang").expect("get"), None);
}

#[test]
fn learned_tags_map_uids_to_cards() {
    let (dir, mut j) = fresh();
    j.learn_tag("04:a1:b2:c3", "avalon/role/merlin").expect("learn");
    j.learn_tag("DEADBEEF", "avalon/role/servant-1").expect("learn");
    j.learn_tag("deadbeef", "avalon/role/servant-2").expect("relearn");
    drop(j);
    let mut j = reopen(&dir);
    assert_eq!(j.learned_tag("04A1B2C3").expect("get").as_deref(), Some("avalon/role/merlin"));
    assert_eq!(j.learned_tag("DeadBeef").expect("get").as_deref(), Some("avalon/role/servant-2"));
    let all = j.learned_tags().expect("all");
    assert_eq!(all.iter().map(|t| t.uid.as_str()).collect::<Vec<_>>(), ["04A1B2C3", "DEADBEEF"]);
    assert!(j.forget_tag("deadbeef").expect("forget"));
    assert_eq!(j.learned_tag("DEADBEEF").expect("get"), None);
    assert!(!j.forget_tag("DEADBEEF").expect("forget again"));
}

#[test]
fn the_default_path_follows_the_environment() {
    let env = |pairs: &'static [(&'static str, &'static str)]| {
        move |k: &str| pairs.iter().find(|(n, _)| *n == k).map(|(_, v)| OsString::from(v))
    };
    assert_eq!(
        default_path_from(env(&[("TAVOLA_DB", "/x/t.db"), ("XDG_DATA_HOME", "/d"), ("HOME", "/h")])).expect("p"),
        PathBuf::from("/x/t.db")
    );
    assert_eq!(
        default_path_from(env(&[("XDG_DATA_HOME", "/d"), ("HOME", "/h")])).expect("p"),
        PathBuf::from("/d/tavola/tavola.db")
    );
    assert_eq!(
        default_path_from(env(&[("TAVOLA_DB", ""), ("XDG_DATA_HOME", "rel"), ("HOME", "/h")])).expect("p"),
        PathBuf::from("/h/.local/share/tavola/tavola.db")
    );
    assert!(matches!(default_path_from(env(&[])), Err(JournalError::NoDataDir)));
}

#[test]
fn game_meta_names_every_seat() {
    let (_, entries) = play(&five_rejections(&["Anna", " Bruno "]));
    let meta = GameMeta::from_events(&entries[0], Some(1));
    assert_eq!(meta.players, ["Anna", "Bruno", "", "", ""]);
    assert_eq!(GameMeta::from_events(&marker(0), None).players, Vec::<String>::new());
}

#[test]
fn a_game_stored_under_an_older_name_of_its_game_still_opens() {
    let (dir, mut j) = fresh();
    let id = j.begin_game(GameKind::ShadowsOverCamelot, &GameMeta::default()).expect("begin");
    let stored: String = j.conn().query_row("SELECT kind FROM games WHERE id = ?1", [id.0], |r| r.get(0)).unwrap();
    assert_eq!(stored, "soc", "a game is stored under its one id");
    j.conn().execute("UPDATE games SET kind = 'shadows-over-camelot' WHERE id = ?1", [id.0]).unwrap();
    drop(j);
    let j = reopen(&dir);
    assert_eq!(j.info(id).expect("read").kind, GameKind::ShadowsOverCamelot);
}

#[test]
fn journal_errors_are_said_in_each_language() {
    use tavola_words::{Lang, Said};
    let e = JournalError::NothingToUndo(GameId(4));
    assert_eq!(e.text(Lang::It), "Nella partita 4 non c'è niente da annullare.");
    assert_eq!(e.text(Lang::En), "Nothing to take back in game 4.");
    let e = JournalError::NotOpen { game: GameId(8), state: GameState::Finished };
    assert_eq!(e.text(Lang::It), "La partita 8 è finita: non ci si scrive più niente.");
    let e = JournalError::EmptyEntry;
    assert!(e.text(Lang::It).contains("(an entry needs at least one event)"), "the details stay for whoever mends it");
}

/// Card facts for the tests: test values, not a real board's or card's.
fn test_facts() -> crate::games::FactBook {
    let mut book = crate::games::FactBook::new();
    let obj = |v: serde_json::Value| v.as_object().cloned().unwrap_or_default();
    book.set("nottingham/board/sheriff-path", obj(serde_json::json!({"spaces": [4, 3, 5, 2]})));
    book.set("nottingham/commission/four-pairs-first", obj(serde_json::json!({"alone": 21, "shared": 13})));
    book
}

#[test]
fn a_file_from_before_card_facts_gains_the_table_and_keeps_the_facts_it_had() {
    let (dir, j) = fresh();
    // Back to version 2: no table, Nottingham's facts in its own shape in
    // the settings, as that version kept them.
    j.conn()
        .execute_batch(
            "DROP TABLE card_facts; ALTER TABLE games DROP COLUMN clock_unsure;
             ALTER TABLE games DROP COLUMN summary; ALTER TABLE games DROP COLUMN summed_by;
             PRAGMA user_version = 2;
             INSERT INTO settings (key, value) VALUES ('facts.nottingham',
               '{\"path\": [4, 3, 5, 2], \"commissions\": {\"four_pairs\": {\"alone\": 21, \"shared\": 13}}}');",
        )
        .expect("an older file");
    drop(j);
    let j = reopen(&dir);
    let version: i64 = j.conn().query_row("PRAGMA user_version", [], |r| r.get(0)).unwrap();
    assert_eq!(version, i64::from(schema::LATEST));
    assert_eq!(j.facts().unwrap(), test_facts(), "the facts moved into the table");
    assert_eq!(j.setting::<serde_json::Value>("facts.nottingham").unwrap(), None, "and out of the settings");
}

#[test]
fn facts_kept_are_written_to_a_deck_file_that_restores_a_lost_database() {
    let (dir, mut j) = fresh();
    j.keep_facts(&test_facts()).unwrap();
    let deck = facts::deck_path(j.path(), GameKind::Nottingham);
    let text = fs::read_to_string(&deck).expect("the deck file beside the database");
    let (game, book) = crate::deck::parse(&text, crate::games::Catalog::builtin()).unwrap();
    assert_eq!((game, book), (GameKind::Nottingham, test_facts()));
    // The database is lost: a new one takes the facts back from the deck file.
    drop(j);
    for f in ["tavola.db", "tavola.db-wal", "tavola.db-shm"] {
        let _ = fs::remove_file(dir.path().join(f));
    }
    let j = reopen(&dir);
    assert_eq!(j.facts().unwrap(), test_facts());
}

#[test]
fn an_export_imported_into_an_empty_database_gives_the_same_facts() {
    let (_a, mut from) = fresh();
    from.keep_facts(&test_facts()).unwrap();
    let text = crate::deck::render(GameKind::Nottingham, &from.facts().unwrap());
    let (_b, mut into) = fresh();
    let (_, book) = crate::deck::parse(&text, crate::games::Catalog::builtin()).unwrap();
    let changes = crate::deck::changes(&into.facts().unwrap(), &book);
    assert_eq!(changes.len(), 2);
    into.keep_facts(&changes.into_iter().map(|c| (c.card, c.after)).collect()).unwrap();
    assert_eq!(into.facts().unwrap(), from.facts().unwrap());
    assert!(into.forget_fact("nottingham/board/sheriff-path").unwrap());
    assert_eq!(into.facts().unwrap().len(), 1);
}

#[test]
fn a_damaged_file_gives_back_every_row_it_still_holds_and_says_what_was_lost() {
    let (dir, mut j) = fresh();
    j.keep_facts(&test_facts()).unwrap();
    j.learn_tag("04A1B2C3D4E580", "avalon/role/merlin").unwrap();
    j.set_setting("lang", "it").unwrap();
    let (_, history) = play(&five_rejections(&["Anna", "Bruno", "Carla", "Dario", "Elena"]));
    let finished = record(&mut j, &history, Some(3));
    let result = GameResult::from_events(&history.concat()).expect("a result");
    j.finish_game(finished, &result).unwrap();
    let games_root: i64 =
        j.conn().query_row("SELECT rootpage FROM sqlite_schema WHERE name = 'games'", [], |r| r.get(0)).unwrap();
    j.conn().execute_batch("PRAGMA wal_checkpoint(TRUNCATE)").unwrap();
    drop(j);
    // The deck file would give the facts back anyway: without it, only the
    // salvage can.
    fs::remove_file(facts::deck_path(&dir.path().join("tavola.db"), GameKind::Nottingham)).unwrap();
    // The page of the games table is overwritten: the games are lost, the
    // rest still reads.
    let path = dir.path().join("tavola.db");
    let mut bytes = fs::read(&path).unwrap();
    let page = usize::from(u16::from_be_bytes([bytes[16], bytes[17]]));
    let at = (games_root as usize - 1) * page;
    bytes[at..at + page].fill(0xA5);
    fs::write(&path, &bytes).unwrap();
    let opened = Journal::open(&path).expect("open");
    let moved = opened.moved_aside.expect("moved aside");
    let s = moved.salvaged.expect("salvaged");
    assert_eq!((s.facts.saved, s.facts.lost), (2, false));
    assert_eq!((s.tags.saved, s.tags.lost), (1, false));
    assert!(s.settings.saved >= 1 && !s.settings.lost);
    assert_eq!(s.games.saved, 0);
    assert!(s.games.lost, "the finished game is said lost");
    let j = opened.journal;
    assert_eq!(j.facts().unwrap(), test_facts());
    assert_eq!(j.learned_tag("04A1B2C3D4E580").unwrap().as_deref(), Some("avalon/role/merlin"));
    assert_eq!(j.setting::<String>("lang").unwrap().as_deref(), Some("it"));
    let said = crate::games::Lang::En.text(&moved.notice());
    assert!(said.contains("card facts of 2 cards") && said.contains("lost: finished games"), "{said}");
    let said = crate::games::Lang::It.text(&moved.notice());
    assert!(said.contains("i dati di 2 carte") && said.contains("partite concluse"), "{said}");
}

/// Test values for two Camelot Legends characters, not a real card's.
fn legends_facts() -> crate::games::FactBook {
    let mut book = crate::games::FactBook::new();
    for card in ["legends/character/sir-kay", "legends/character/merlin"] {
        let f = serde_json::json!({"combat": 2, "diplomacy": 1, "adventure": 0, "cunning": 3, "chivalry": 2,
            "psyche": -1, "alliance": "none", "gender": "male", "level": "introductory"});
        book.set(card, f.as_object().cloned().unwrap_or_default());
    }
    book
}

/// The deck file of `game` beside the journal at `dir`, read strictly.
fn deck_read_back(dir: &TempDir, game: GameKind) -> crate::games::FactBook {
    let text = fs::read_to_string(facts::deck_path(&dir.path().join("tavola.db"), game)).expect("a deck file");
    let (_, book) = crate::deck::parse(&text, crate::games::Catalog::builtin())
        .unwrap_or_else(|e| panic!("{}\n{text}", crate::games::Lang::En.text(&tavola_words::Said::msg(&e))));
    book
}

#[test]
fn a_deck_file_tavola_writes_always_reads_back_and_a_bad_card_never_costs_the_others() {
    let (dir, mut j) = fresh();
    // Facts an older Tavola kept for a card that takes none (the Isle of
    // Avalon, given at a setup) beside two sound ones.
    j.conn()
        .execute(
            "INSERT INTO card_facts (card, game, facts, updated_at) VALUES (?1, 'legends', ?2, 0)",
            params!["legends/event/isle-of-avalon", r#"{"victory_points": 1}"#],
        )
        .unwrap();
    j.keep_facts(&legends_facts()).unwrap();
    assert_eq!(
        deck_read_back(&dir, GameKind::CamelotLegends),
        legends_facts(),
        "written without the card that takes none"
    );
    // Facts given for it now are not kept.
    let mut isle = crate::games::FactBook::new();
    isle.set("legends/event/isle-of-avalon", serde_json::json!({"victory_points": 2}).as_object().cloned().unwrap());
    j.keep_facts(&isle).unwrap();
    assert_eq!(deck_read_back(&dir, GameKind::CamelotLegends), legends_facts());
    drop(j);
    // An older Tavola's deck file with that card in it, and the database
    // lost: every other card comes back, and the file is written again so
    // that it reads back.
    let path = facts::deck_path(&dir.path().join("tavola.db"), GameKind::CamelotLegends);
    let mut old = crate::deck::render(GameKind::CamelotLegends, &legends_facts());
    old = old.replacen(
        "\"cards\": {",
        "\"cards\": {\n    \"legends/event/isle-of-avalon\": { \"victory_points\": 1 },",
        1,
    );
    assert!(crate::deck::parse(&old, crate::games::Catalog::builtin()).is_err(), "the older file:\n{old}");
    fs::write(&path, &old).unwrap();
    for f in ["tavola.db", "tavola.db-wal", "tavola.db-shm"] {
        let _ = fs::remove_file(dir.path().join(f));
    }
    let mut j = reopen(&dir);
    assert_eq!(j.facts().unwrap(), legends_facts(), "the sound cards came back");
    assert_eq!(deck_read_back(&dir, GameKind::CamelotLegends), legends_facts());
    // The next fact entered keeps every other card's in the file.
    let mut more = crate::games::FactBook::new();
    more.set("legends/special/excalibur", serde_json::json!({"victory_points": 3}).as_object().cloned().unwrap());
    j.keep_facts(&more).unwrap();
    assert_eq!(deck_read_back(&dir, GameKind::CamelotLegends).len(), 3);
}

#[test]
fn a_fact_committed_before_a_kill_reaches_its_deck_file_at_the_next_start() {
    let (dir, mut j) = fresh();
    j.keep_facts(&test_facts()).unwrap();
    // The commit of a new fact, and no rewrite of the deck file: the power
    // went between the two.
    j.conn()
        .execute(
            "INSERT INTO card_facts (card, game, facts, updated_at) VALUES (?1, 'nottingham', ?2, 0)",
            params!["nottingham/commission/five-alike-first", r#"{"alone": 22, "shared": 14}"#],
        )
        .unwrap();
    assert_eq!(deck_read_back(&dir, GameKind::Nottingham), test_facts(), "the file lags");
    drop(j);
    let j = reopen(&dir);
    let all = j.facts().unwrap();
    assert_eq!(all.len(), 3);
    assert_eq!(deck_read_back(&dir, GameKind::Nottingham), all, "the deck file equals the database after a start");
    // A forgotten card, cut the other way round, is back in the file too.
    drop(j);
    let path = facts::deck_path(&dir.path().join("tavola.db"), GameKind::Nottingham);
    fs::write(&path, crate::deck::render(GameKind::Nottingham, &test_facts())).unwrap();
    let j = reopen(&dir);
    assert_eq!(deck_read_back(&dir, GameKind::Nottingham), j.facts().unwrap());
}

#[test]
fn a_partly_read_back_database_takes_the_cards_it_lost_from_the_deck_files() {
    let (dir, mut j) = fresh();
    j.keep_facts(&test_facts()).unwrap();
    j.keep_facts(&legends_facts()).unwrap();
    // Nottingham's rows are in the page that is lost; Legends' are read
    // back. (The rows are taken out by hand: which page holds which row is
    // SQLite's business.)
    j.conn().execute("DELETE FROM card_facts WHERE game = 'nottingham'", []).unwrap();
    let (_, history) = play(&five_rejections(&["Anna", "Bruno", "Carla", "Dario", "Elena"]));
    let finished = record(&mut j, &history, Some(3));
    j.finish_game(finished, &GameResult::from_events(&history.concat()).unwrap()).unwrap();
    let games_root: i64 =
        j.conn().query_row("SELECT rootpage FROM sqlite_schema WHERE name = 'games'", [], |r| r.get(0)).unwrap();
    j.conn().execute_batch("PRAGMA wal_checkpoint(TRUNCATE)").unwrap();
    drop(j);
    let path = dir.path().join("tavola.db");
    let mut bytes = fs::read(&path).unwrap();
    let page = usize::from(u16::from_be_bytes([bytes[16], bytes[17]]));
    let at = (games_root as usize - 1) * page;
    bytes[at..at + page].fill(0xA5);
    fs::write(&path, &bytes).unwrap();
    let opened = Journal::open(&path).expect("open");
    let s = opened.moved_aside.expect("moved aside").salvaged.expect("salvaged");
    assert_eq!(s.facts.saved, 2, "Legends' two cards read back");
    let mut all = legends_facts();
    all.merge(&test_facts());
    assert_eq!(opened.journal.facts().unwrap(), all, "Nottingham's came from its deck file");
    let listed = crate::deck::list(GameKind::Nottingham, &opened.journal.facts().unwrap(), crate::games::Lang::En);
    assert!(listed.contains("spaces=[4,3,5,2]"), "{listed}");
}

#[test]
fn a_sound_copy_of_every_table_comes_back_when_only_the_integrity_check_fails() {
    let (dir, mut j) = fresh();
    j.keep_facts(&test_facts()).unwrap();
    let (_, history) = play(&five_rejections(&["Anna", "Bruno", "Carla", "Dario", "Elena"]));
    let finished = record(&mut j, &history, None);
    j.finish_game(finished, &GameResult::from_events(&history.concat()).unwrap()).unwrap();
    j.conn().execute_batch("PRAGMA wal_checkpoint(TRUNCATE)").unwrap();
    drop(j);
    let path = dir.path().join("tavola.db");
    let mut bytes = fs::read(&path).unwrap();
    let page = usize::from(u16::from_be_bytes([bytes[16], bytes[17]]));
    let pages = u32::from_be_bytes(bytes[28..32].try_into().unwrap());
    bytes[28..32].copy_from_slice(&(pages + 1).to_be_bytes());
    bytes.resize(bytes.len() + page, 0);
    fs::write(&path, &bytes).unwrap();
    let opened = Journal::open(&path).expect("open");
    let s = opened.moved_aside.expect("moved aside").salvaged.expect("salvaged");
    assert_eq!((s.games.saved, s.games.lost), (1, false));
    let j = opened.journal;
    assert_eq!(j.games(GameState::Finished).unwrap().len(), 1);
    assert_eq!(j.events(finished).unwrap(), history.concat(), "the whole game, entry by entry");
}

/// Two finished Avalon games, the second played after the first.
fn two_finished_games(j: &mut Journal) -> (GameId, GameId) {
    let (_, entries) = play(&five_rejections(&["Anna", "Bruno", "Carla", "Dario", "Elena"]));
    let result = GameResult::from_events(&entries.concat()).expect("ended");
    let first = record(j, &entries, None);
    j.finish_game(first, &result).expect("finish");
    let second = record(j, &entries, None);
    j.finish_game(second, &result).expect("finish");
    (first, second)
}

#[test]
fn a_game_played_later_lists_after_even_when_the_clock_said_earlier() {
    let (_dir, mut j) = fresh();
    let (first, second) = two_finished_games(&mut j);
    // The box was never online: the clock the first game saw ran ahead, and
    // a reboot set it back to the time it last saved before the second.
    let hour = 3_600_000;
    j.conn()
        .execute(
            "UPDATE games SET started_at = ?1, ended_at = ?2 WHERE id = ?3",
            params![10 * hour, 11 * hour, first.0],
        )
        .unwrap();
    j.conn()
        .execute("UPDATE games SET started_at = ?1, ended_at = ?2 WHERE id = ?3", params![2 * hour, 3 * hour, second.0])
        .unwrap();
    let history = j.history().unwrap();
    assert_eq!(history.iter().map(|g| g.info.id).collect::<Vec<_>>(), [second, first], "newest first: as played");
    let charted: Vec<i64> = j.chart_games().unwrap().iter().map(|g| g.minutes.map_or(-1, i64::from)).collect();
    assert_eq!(charted, [60, 60], "both charted, in the order played");
    let finished = j.games(GameState::Finished).unwrap();
    assert_eq!(finished.iter().map(|g| g.id).collect::<Vec<_>>(), [first, second]);
}

#[test]
fn a_game_begun_on_a_clock_never_set_is_marked_and_older_files_read_on() {
    let (dir, mut j) = fresh();
    let (first, _) = two_finished_games(&mut j);
    // Back to version 3: no mark, as an older Tavola left its games.
    j.conn()
        .execute_batch(
            "ALTER TABLE games DROP COLUMN clock_unsure; ALTER TABLE games DROP COLUMN summary;
             ALTER TABLE games DROP COLUMN summed_by; PRAGMA user_version = 3;",
        )
        .expect("an older file");
    drop(j);
    let mut j = reopen(&dir);
    let version: i64 = j.conn().query_row("PRAGMA user_version", [], |r| r.get(0)).unwrap();
    assert_eq!(version, i64::from(schema::LATEST));
    assert_eq!(j.history().unwrap().len(), 2, "the old games read on");
    assert!(!j.info(first).unwrap().clock_unsure, "nothing was known against their dates");

    let meta = GameMeta { clock_unsure: true, ..GameMeta::default() };
    let unsure = j.begin_game(GameKind::Avalon, &meta).expect("begin");
    assert!(j.info(unsure).unwrap().clock_unsure);
    let export = j.export_jsonl(unsure).unwrap();
    assert!(export.lines().next().unwrap().contains("\"clock_unsure\":true"), "{export}");
    assert!(!j.export_jsonl(first).unwrap().contains("clock_unsure"), "said only when unsure");
}

/// The store asks the system's clock when a game begins: before any network
/// time or real-time clock set it, the game is marked; after, it is not.
#[test]
fn the_store_marks_a_game_begun_before_the_clock_was_synchronised() {
    use crate::table::Store;
    let (_dir, j) = fresh();
    let root = tempfile::tempdir().unwrap();
    let mut store = JournalStore::new(j, None).with_clock_root(root.path());
    let (_, entries) = play(&five_rejections(&["Anna", "Bruno", "Carla", "Dario", "Elena"]));
    store.append(GameKind::Avalon, &entries[0]).unwrap();
    store.detach();
    let synced = root.path().join("run/systemd/timesync");
    fs::create_dir_all(&synced).unwrap();
    fs::write(synced.join("synchronized"), "").unwrap();
    store.append(GameKind::Avalon, &entries[0]).unwrap();
    let marks: Vec<bool> = ["open", "discarded"]
        .iter()
        .flat_map(|s| store.journal().games(GameState::parse(s).unwrap()).unwrap())
        .map(|g| g.clock_unsure)
        .collect();
    assert_eq!(marks, [false, true], "the open game began after the synchronisation, the one left before it");
}

/// A random finished game of `G`, as the table stores it.
fn finished_game<G: crate::games::testkit::Fuzz + crate::games::Registered>() -> (G, Vec<Vec<AnyEvent>>) {
    for seed in 0..200 {
        let r = crate::games::testkit::recorded_game::<G>(seed, 3000);
        if r.state.is_over() {
            let entries = r.stored.into_iter().map(|es| es.into_iter().map(G::wrap_event).collect()).collect();
            return (r.state, entries);
        }
    }
    panic!("no random {:?} game ended", G::KIND)
}

/// Stores a finished game of `G` and reads its statistics back.
fn stats_of_a_stored_game<G: crate::games::testkit::Fuzz + crate::games::Registered>() {
    let (_dir, mut j) = fresh();
    let (state, entries) = finished_game::<G>();
    let id = j.begin_game(G::KIND, &GameMeta::from_events(&entries[0], None)).expect("begin");
    for e in &entries {
        j.append(id, e).expect("append");
    }
    j.finish_game(id, &GameResult::from_events(&entries.concat()).expect("an end")).expect("finish");
    let summary = state.summary().expect("a summary");
    // Kept when the game ended, exactly as a replay sums it up, and read
    // back whole.
    assert_eq!(stored_summary(&j, id), (Some(summary.clone()), Some(summaries::SUMMED_BY.to_string())));
    let replayed = crate::games::AnyGame::replay(G::KIND, &entries.concat()).expect("replays").summary();
    assert_eq!(replayed.as_ref(), Some(&summary), "{:?}", G::KIND);
    let read = j.finished_games().expect("finished games");
    assert_eq!(read.len(), 1);
    assert_eq!(read[0].1.as_ref(), Some(&summary), "{:?}: the summary read back", G::KIND);
    let stats = j.stats(G::KIND).expect("stats");
    assert_eq!((stats.kind, stats.games), (G::KIND, 1), "{:?}", G::KIND);
    assert_eq!(stats.reasons, vec![(summary.reason.clone(), 1)]);
    match &summary.side {
        Some(side) => {
            assert_eq!(stats.side_wins(side), 1);
            assert_eq!(stats.sides.iter().map(|s| s.wins).sum::<usize>(), 1);
        }
        None => assert!(stats.sides.is_empty()),
    }
    let known = summary.parts.iter().filter(|p| p.won.is_some()).count();
    assert!(stats.parts.iter().map(|p| p.played).sum::<usize>() <= known);
    assert!(known == 0 || !stats.parts.is_empty(), "{:?}: the parts played", G::KIND);
    assert_eq!(stats.numbers.iter().map(|n| n.count).sum::<usize>(), summary.numbers.len());
    let all = j.all_stats().expect("all");
    assert_eq!(all.len(), GameKind::ALL.len());
    for s in &all {
        assert_eq!(s.games, usize::from(s.kind == G::KIND), "{:?}", s.kind);
    }
}

#[test]
fn a_finished_avalon_game_is_in_its_statistics() {
    stats_of_a_stored_game::<Avalon>();
}

#[test]
fn a_finished_soc_game_is_in_its_statistics() {
    stats_of_a_stored_game::<crate::games::soc::Soc>();
}

#[test]
fn a_finished_nottingham_game_is_in_its_statistics() {
    stats_of_a_stored_game::<crate::games::nottingham::Nottingham>();
}

#[test]
fn a_finished_kak_game_is_in_its_statistics() {
    stats_of_a_stored_game::<crate::games::kak::Kak>();
}

#[test]
fn a_finished_legends_game_is_in_its_statistics() {
    stats_of_a_stored_game::<crate::games::legends::Legends>();
}

/// Eight finished games, each of a few entries, some of them long (their
/// events spill over to overflow pages, divider keys among them), beside
/// two cards' facts and a learned tag: a small database of several pages
/// per table. Returns the games' ids and events.
fn small_database(j: &mut Journal) -> Vec<(GameId, Vec<AnyEvent>)> {
    let mut games = Vec::new();
    for g in 0..8u8 {
        let entries: Vec<Vec<AnyEvent>> = (0..6u8)
            .map(|e| (0..if e % 3 == 0 { 120 } else { 2 }).map(|i| marker((g + e + i) % 5)[0].clone()).collect())
            .collect();
        let id = record(j, &entries, None);
        j.finish_game(id, &GameResult { winner: Some(format!("seat-{g}")), ..GameResult::default() }).unwrap();
        games.push((id, entries.concat()));
    }
    j.keep_facts(&test_facts()).unwrap();
    j.learn_tag("04A1B2C3D4E580", "avalon/role/merlin").unwrap();
    games
}

/// The games a lookup by key reads whole from the file at `path` (how the
/// salvage read them before it scanned).
fn read_by_key(path: &Path, games: &[(GameId, Vec<AnyEvent>)]) -> usize {
    let flags = rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY;
    let Ok(conn) = Connection::open_with_flags(path, flags) else { return 0 };
    games
        .iter()
        .filter(|(id, _)| {
            let game = conn
                .query_row("SELECT id FROM games WHERE id = ?1 AND state = 'finished'", [id.0], |r| r.get::<_, i64>(0));
            let entries = conn.prepare("SELECT events FROM entries WHERE game = ?1 ORDER BY seq").and_then(|mut s| {
                s.query_map([id.0], |r| r.get::<_, String>(0))?.collect::<rusqlite::Result<Vec<_>>>()
            });
            game.is_ok() && entries.is_ok_and(|e| e.len() == 6)
        })
        .count()
}

#[test]
fn each_page_spoiled_in_turn_every_readable_game_comes_back_and_the_loss_is_named() {
    let (dir, mut j) = fresh();
    let games = small_database(&mut j);
    j.conn().execute_batch("PRAGMA wal_checkpoint(TRUNCATE)").unwrap();
    drop(j);
    let path = dir.path().join("tavola.db");
    let sound = fs::read(&path).unwrap();
    let page = usize::from(u16::from_be_bytes([sound[16], sound[17]]));
    let pages = sound.len() / page;
    assert!(pages >= 10, "a database of a few pages per table: {pages}");
    let mut more_than_by_key = 0;
    for spoiled in 1..pages {
        let scratch = tempfile::tempdir().unwrap();
        let copy = scratch.path().join("tavola.db");
        let mut bytes = sound.clone();
        bytes[spoiled * page..(spoiled + 1) * page].fill(0xA5);
        fs::write(&copy, &bytes).unwrap();
        let by_key = read_by_key(&copy, &games);
        let opened = Journal::open(&copy).unwrap_or_else(|e| panic!("page {spoiled}: {e}"));
        let salvaged = opened.moved_aside.as_ref().and_then(|m| m.salvaged);
        let j = opened.journal;
        let back = j.games(GameState::Finished).unwrap();
        for g in &back {
            let (_, events) = games.iter().find(|(id, _)| *id == g.id).expect("a game of the file");
            assert_eq!(&j.events(g.id).unwrap(), events, "page {spoiled}: a game comes back whole or not at all");
        }
        assert!(back.len() >= by_key, "page {spoiled}: {} back, {by_key} readable by key", back.len());
        more_than_by_key += usize::from(back.len() > by_key);
        match salvaged {
            Some(s) => {
                assert_eq!(s.games.lost, back.len() < games.len(), "page {spoiled}: the loss is named: {s:?}");
                let said = crate::games::Lang::En.text(&opened.moved_aside.as_ref().unwrap().notice());
                let named = said.split("lost:").nth(1).is_some_and(|l| l.contains("finished games"));
                assert_eq!(named, s.games.lost, "page {spoiled}: {said}");
            }
            // Not found damaged (a page nothing uses any more): all is there.
            None => assert_eq!(back.len(), games.len(), "page {spoiled}"),
        }
    }
    eprintln!("{pages} pages; {more_than_by_key} spoiled pages read back more games than a lookup by key");
}

/// Plays `count` seeded random games of `G`; each game's facts (set up and
/// learned) are kept in a fresh journal; its deck file reads back as the
/// journal holds them, and imports into an empty journal the same.
fn decks_of_random_games_read_back<G: crate::games::testkit::Fuzz>(kind: GameKind, seed: u64, count: u64) -> usize {
    let mut kept = 0;
    for s in seed..seed + count {
        let played = crate::games::testkit::recorded_game::<G>(s, 300);
        let Some(facts) = played.state.card_facts() else { continue };
        let (dir, mut j) = fresh();
        j.keep_facts(&facts).unwrap();
        assert_eq!(j.facts().unwrap(), facts, "seed {s}: every fact the game holds is kept, none dropped");
        let from_file = deck_read_back(&dir, kind);
        assert_eq!(from_file, facts.of_game(kind), "seed {s}: the deck file says what the journal holds");
        let (_b, mut empty) = fresh();
        let exported = crate::deck::render(kind, &j.facts().unwrap());
        let (_, book) = crate::deck::parse(&exported, crate::games::Catalog::builtin()).unwrap();
        empty.keep_facts(&book).unwrap();
        assert_eq!(empty.facts().unwrap(), j.facts().unwrap(), "seed {s}: imported, the same facts");
        kept += facts.len();
    }
    kept
}

#[test]
fn a_deck_file_exported_after_random_games_imports_the_same_facts_in_every_game() {
    use crate::games::{kak::Kak, legends::Legends, nottingham::Nottingham};
    assert!(decks_of_random_games_read_back::<Nottingham>(GameKind::Nottingham, 0xDEC0, 30) > 0);
    assert!(decks_of_random_games_read_back::<Kak>(GameKind::KingArthursKnights, 0xDEC1, 30) > 0);
    assert!(decks_of_random_games_read_back::<Legends>(GameKind::CamelotLegends, 0xDEC2, 30) > 0);
}

/// A game's stored summary, parsed, and who summed it up.
fn stored_summary(j: &Journal, game: GameId) -> (Option<crate::games::Summary>, Option<String>) {
    let (text, by): (Option<String>, Option<String>) = j
        .conn()
        .query_row("SELECT summary, summed_by FROM games WHERE id = ?1", [game.0], |r| Ok((r.get(0)?, r.get(1)?)))
        .expect("the game's row");
    (text.map(|t| serde_json::from_str(&t).expect("a stored summary reads back")), by)
}

/// Two finished games of different kinds and their summaries as a replay
/// gives them.
fn two_summed_games(j: &mut Journal) -> Vec<(GameId, crate::games::Summary)> {
    let (avalon, av_entries) = finished_game::<Avalon>();
    let (kak, kak_entries) = finished_game::<crate::games::kak::Kak>();
    let mut out = Vec::new();
    for (kind, entries, summary) in
        [(GameKind::Avalon, av_entries, avalon.summary()), (GameKind::KingArthursKnights, kak_entries, kak.summary())]
    {
        let id = j.begin_game(kind, &GameMeta::from_events(&entries[0], None)).expect("begin");
        for e in &entries {
            j.append(id, e).expect("append");
        }
        j.finish_game(id, &GameResult::from_events(&entries.concat()).expect("an end")).expect("finish");
        out.push((id, summary.expect("a summary")));
    }
    out
}

#[test]
fn the_history_reads_the_stored_summaries_without_replaying_the_games() {
    let (_dir, mut j) = fresh();
    let games = two_summed_games(&mut j);
    // A summary changed by hand, as this Tavola would have written it: the
    // statistics follow it, so it is what they read.
    let (id, mut summary) = games[0].clone();
    summary.reason = "hand_edited".into();
    j.conn()
        .execute("UPDATE games SET summary = ?2 WHERE id = ?1", params![id.0, serde_json::to_string(&summary).unwrap()])
        .expect("edit");
    assert_eq!(j.stats(GameKind::Avalon).unwrap().reason("hand_edited"), 1);
    assert_eq!(j.finished_games().unwrap()[0].1.as_ref(), Some(&summary));
}

#[test]
fn a_file_from_before_summaries_sums_its_finished_games_up_once_on_first_read() {
    let (dir, mut j) = fresh();
    let games = two_summed_games(&mut j);
    // Back to version 4: no summaries, as an older Tavola left its games.
    j.conn()
        .execute_batch(
            "ALTER TABLE games DROP COLUMN summary; ALTER TABLE games DROP COLUMN summed_by;
             PRAGMA user_version = 4;",
        )
        .expect("an older file");
    drop(j);
    let j = reopen(&dir);
    let version: i64 = j.conn().query_row("PRAGMA user_version", [], |r| r.get(0)).unwrap();
    assert_eq!(version, i64::from(schema::LATEST));
    for (id, _) in &games {
        assert_eq!(stored_summary(&j, *id), (None, None), "not summed up yet");
    }
    let read: Vec<_> =
        j.finished_games().expect("read").into_iter().map(|(i, s)| (i.id, s.expect("a summary"))).collect();
    assert_eq!(read, games, "each game summed up as its replay gives it");
    for (id, summary) in &games {
        let by = Some(summaries::SUMMED_BY.to_string());
        assert_eq!(stored_summary(&j, *id), (Some(summary.clone()), by), "kept for the next read");
    }
    let charts = j.chart_games().expect("charts");
    assert_eq!(charts.iter().map(|g| g.kind).collect::<Vec<_>>(), [GameKind::Avalon, GameKind::KingArthursKnights]);
    assert!(charts.iter().all(|g| g.winner.is_some() || g.sides.is_empty()), "{charts:?}");
}

#[test]
fn a_damaged_or_foreign_summary_gives_way_to_the_replay_and_the_game_stays() {
    let (_dir, mut j) = fresh();
    let games = two_summed_games(&mut j);
    let (av, kak) = (games[0].0, games[1].0);
    // Avalon's summary no longer reads as one; King Arthur's Knights' was
    // written by another version of Tavola, whose engine may sum it up
    // otherwise.
    j.conn().execute("UPDATE games SET summary = '{\"sides\": 3}' WHERE id = ?1", [av.0]).expect("damage");
    j.conn().execute("UPDATE games SET summary = 'null', summed_by = '0.0.1' WHERE id = ?1", [kak.0]).expect("foreign");
    let read: Vec<_> =
        j.finished_games().expect("read").into_iter().map(|(i, s)| (i.id, s.expect("a summary"))).collect();
    assert_eq!(read, games, "both games read, summed up by their replay");
    for (id, summary) in &games {
        let by = Some(summaries::SUMMED_BY.to_string());
        assert_eq!(stored_summary(&j, *id), (Some(summary.clone()), by), "written again");
    }
    j.conn().execute("UPDATE games SET summary = '[]' WHERE id = ?1", [av.0]).expect("damage");
    let stats = j.all_stats().expect("stats");
    assert_eq!(stats.iter().map(|s| s.games).sum::<usize>(), 2, "no game lost from the statistics");
    assert_eq!(j.summary(&j.info(av).unwrap()).unwrap().as_ref(), Some(&games[0].1));
}

#[test]
fn a_command_taken_after_the_end_sums_the_game_up_again() {
    let (_dir, mut j) = fresh();
    let (state, entries) = finished_game::<crate::games::nottingham::Nottingham>();
    let (last, before) = entries.split_last().expect("commands");
    let id = j.begin_game(GameKind::Nottingham, &GameMeta::from_events(&entries[0], None)).expect("begin");
    for e in before {
        j.append(id, e).expect("append");
    }
    // Finished before its last command: those events make no finished game yet.
    let result = GameResult::from_events(&entries.concat()).expect("an end");
    j.finish_game(id, &result).expect("finish");
    assert_eq!(stored_summary(&j, id), (None, Some(summaries::SUMMED_BY.to_string())));
    assert_eq!(j.finished_games().unwrap()[0].1, None, "no replay asked again");
    j.amend_finished(id, last, &result).expect("amend");
    assert_eq!(stored_summary(&j, id).0, state.summary(), "the summary follows the command");
    assert_eq!(j.finished_games().unwrap()[0].1, state.summary());
}

#[test]
fn a_salvaged_game_is_summed_up_again_from_its_events() {
    let (dir, mut j) = fresh();
    let games = two_summed_games(&mut j);
    j.conn().execute("UPDATE games SET summary = '{}'", []).expect("damage");
    drop(j);
    let path = dir.path().join("tavola.db");
    let (_fresh_dir, mut fresh_j) = fresh();
    let saved = salvage::salvage(&path, &mut fresh_j);
    assert_eq!((saved.games.saved, saved.games.lost), (2, false));
    let read: Vec<_> =
        fresh_j.finished_games().expect("read").into_iter().map(|(i, s)| (i.id, s.expect("a summary"))).collect();
    assert_eq!(read, games);
}
