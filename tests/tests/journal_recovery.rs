//! Damaged database files: each kind of damage is recognised at open, the
//! file is moved aside as it was found (never deleted), and a fresh journal
//! works. A sound file left by a crash, with its WAL, is recovered instead.

use std::fs;
use std::path::{Path, PathBuf};
use tavola_core::journal::{Damage, GameId, GameMeta, Journal, MovedAside};
use tavola_core::table::AnyEvent;
use tavola_games::avalon::Event;
use tavola_games::{GameKind, Seat};
use tavola_tests::Scratch;

/// A directory under the system's temporary directory, removed on drop.
fn entry(i: usize) -> Vec<AnyEvent> {
    vec![AnyEvent::Avalon(Event::LeaderPassed { leader: Seat((i % 10) as u8) })]
}

/// A closed journal with one open game of `entries` entries: a file of
/// many pages, all checkpointed into the main file.
fn filled(path: &Path, entries: usize) -> GameId {
    let mut j = Journal::open(path).expect("open").journal;
    let id = j
        .begin_game(GameKind::Avalon, &GameMeta { seed: None, players: vec!["Anna".into(); 5], clock_unsure: false })
        .expect("begin");
    for i in 0..entries {
        j.append(id, &entry(i)).expect("append");
    }
    id
}

/// Opens the damaged file and checks it was moved aside as it was, with
/// the damage expected, and that the fresh journal in its place works and
/// stays sound across a reopen.
fn expect_moved_aside(scratch: &Scratch, damaged: &[u8], expected: impl Fn(&Damage) -> bool) -> MovedAside {
    let opened = Journal::open(scratch.db()).expect("open after damage");
    let moved = opened.moved_aside.clone().expect("the damaged file was moved aside");
    assert!(expected(&moved.damage), "unexpected damage: {:?}", moved.damage);
    let name = moved.path.file_name().expect("name").to_string_lossy().into_owned();
    assert!(name.starts_with("tavola.db.corrupt-"), "{name}");
    assert_eq!(moved.path.parent(), Some(scratch.0.as_path()), "moved beside the database");
    if moved.damage != Damage::Directory {
        assert_eq!(fs::read(&moved.path).expect("kept"), damaged, "kept exactly as found");
    }

    let mut j = opened.journal;
    assert!(j.unfinished().expect("fresh").is_none(), "a fresh journal");
    let id = j.begin_game(GameKind::Avalon, &GameMeta::default()).expect("begin");
    j.append(id, &entry(1)).expect("append");
    drop(j);
    let again = Journal::open(scratch.db()).expect("reopen");
    assert!(again.moved_aside.is_none(), "the fresh file is sound");
    assert_eq!(again.journal.events(id).expect("events"), entry(1));
    assert!(again.journal.quick_check().expect("check").is_empty());
    moved
}

/// A deterministic byte stream (xorshift).
fn noise(seed: u64, len: usize) -> Vec<u8> {
    let mut x = seed | 1;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect()
}

fn damage(scratch: &Scratch, f: impl FnOnce(&mut Vec<u8>)) -> Vec<u8> {
    filled(&scratch.db(), 400);
    let mut bytes = fs::read(scratch.db()).expect("read");
    assert!(bytes.len() >= 12 * 4096, "a file of many pages: {} bytes", bytes.len());
    f(&mut bytes);
    fs::write(scratch.db(), &bytes).expect("write");
    bytes
}

#[test]
fn a_file_truncated_to_half_is_moved_aside() {
    let s = Scratch::new("journal-truncated");
    let bytes = damage(&s, |b| b.truncate(b.len() / 2));
    expect_moved_aside(&s, &bytes, |d| matches!(d, Damage::Unreadable { .. } | Damage::QuickCheck { .. }));
}

#[test]
fn a_file_cut_inside_its_last_page_is_moved_aside() {
    let s = Scratch::new("journal-cut");
    let bytes = damage(&s, |b| b.truncate(b.len() - 1000));
    expect_moved_aside(&s, &bytes, |d| matches!(d, Damage::Unreadable { .. } | Damage::QuickCheck { .. }));
}

#[test]
fn a_file_with_a_garbage_magic_is_moved_aside() {
    let s = Scratch::new("journal-magic");
    let bytes = damage(&s, |b| b[..16].copy_from_slice(b"definitely-not!!"));
    expect_moved_aside(&s, &bytes, |d| *d == Damage::BadHeader);
}

#[test]
fn a_file_with_garbage_header_fields_is_moved_aside() {
    // The magic is intact; the page size and format bytes are not.
    let s = Scratch::new("journal-header");
    let bytes = damage(&s, |b| b[16..24].copy_from_slice(&[0xFF, 0x7F, 9, 9, 0xFF, 0, 0, 0]));
    expect_moved_aside(&s, &bytes, |d| matches!(d, Damage::Unreadable { .. }));
}

#[test]
fn random_bytes_in_the_middle_pages_are_found() {
    let s = Scratch::new("journal-middle");
    let bytes = damage(&s, |b| {
        let page = 4096;
        let pages = b.len() / page;
        let (from, to) = (pages / 3 * page, (pages / 3 + 4) * page);
        b[from..to].copy_from_slice(&noise(0xC0FFEE, to - from));
    });
    expect_moved_aside(&s, &bytes, |d| matches!(d, Damage::Unreadable { .. } | Damage::QuickCheck { .. }));
}

#[test]
fn scattered_random_bytes_are_found() {
    let s = Scratch::new("journal-scattered");
    let bytes = damage(&s, |b| {
        let n = noise(7, 4096);
        // Every fifth page from the second on gets 64 random bytes at its start.
        for (k, p) in (1..b.len() / 4096).step_by(5).enumerate() {
            let at = p * 4096;
            b[at..at + 64].copy_from_slice(&n[(k * 64) % 4000..(k * 64) % 4000 + 64]);
        }
    });
    expect_moved_aside(&s, &bytes, |d| matches!(d, Damage::Unreadable { .. } | Damage::QuickCheck { .. }));
}

#[test]
fn an_empty_file_is_moved_aside() {
    let s = Scratch::new("journal-empty");
    fs::write(s.db(), b"").expect("write");
    expect_moved_aside(&s, b"", |d| *d == Damage::Empty);
}

#[test]
fn a_file_shorter_than_a_header_is_moved_aside() {
    let s = Scratch::new("journal-short");
    let bytes = b"SQLite format 3\0\x10\x00".to_vec();
    fs::write(s.db(), &bytes).expect("write");
    expect_moved_aside(&s, &bytes, |d| *d == Damage::TooShort { len: 18 });
}

#[test]
fn a_text_file_is_moved_aside() {
    let s = Scratch::new("journal-text");
    let bytes = "{\"this\": \"is not a database\"}\n".repeat(20).into_bytes();
    fs::write(s.db(), &bytes).expect("write");
    expect_moved_aside(&s, &bytes, |d| *d == Damage::BadHeader);
}

#[test]
fn a_directory_at_the_path_is_moved_aside_with_its_content() {
    let s = Scratch::new("journal-dir");
    fs::create_dir(s.db()).expect("mkdir");
    fs::write(s.db().join("keep.txt"), b"precious").expect("write");
    let moved = expect_moved_aside(&s, b"", |d| *d == Damage::Directory);
    assert!(moved.path.is_dir());
    assert_eq!(fs::read(moved.path.join("keep.txt")).expect("kept"), b"precious");
}

#[test]
fn a_stale_wal_goes_aside_with_its_damaged_file() {
    let s = Scratch::new("journal-stale-wal");
    let bytes = damage(&s, |b| b[..16].copy_from_slice(b"garbage-garbage!"));
    let wal = noise(3, 8192);
    let wal_path = PathBuf::from(format!("{}-wal", s.db().display()));
    fs::write(&wal_path, &wal).expect("wal");
    let moved = expect_moved_aside(&s, &bytes, |d| *d == Damage::BadHeader);
    let moved_wal = PathBuf::from(format!("{}-wal", moved.path.display()));
    assert_eq!(fs::read(moved_wal).expect("wal kept"), wal, "the WAL is kept beside its file, not replayed");
}

#[test]
fn damaged_files_never_overwrite_each_other() {
    let s = Scratch::new("journal-twice");
    let mut moved = Vec::new();
    for i in 0..3u8 {
        let bytes = vec![i; 300];
        fs::write(s.db(), &bytes).expect("write");
        let opened = Journal::open(s.db()).expect("open");
        let m = opened.moved_aside.expect("moved");
        assert_eq!(fs::read(&m.path).expect("kept"), bytes);
        moved.push(m.path);
    }
    moved.sort();
    moved.dedup();
    assert_eq!(moved.len(), 3, "three distinct files: {:?}", s.names());
    for p in &moved {
        assert!(p.exists());
    }
}

#[test]
fn a_crash_image_with_its_wal_is_recovered_not_moved() {
    let s = Scratch::new("journal-crash-image");
    let image = Scratch::new("journal-crash-image-copy");
    let mut j = Journal::open(s.db()).expect("open").journal;
    let id = j.begin_game(GameKind::Avalon, &GameMeta::default()).expect("begin");
    for i in 0..50 {
        j.append(id, &entry(i)).expect("append");
    }
    // Copy the files as a power cut would leave them: the commits are in
    // the WAL, not yet checkpointed into the main file.
    let wal = PathBuf::from(format!("{}-wal", s.db().display()));
    assert!(fs::metadata(&wal).expect("wal").len() > 0, "the commits are in the WAL");
    fs::copy(s.db(), image.db()).expect("copy db");
    fs::copy(&wal, PathBuf::from(format!("{}-wal", image.db().display()))).expect("copy wal");
    drop(j);

    let opened = Journal::open(image.db()).expect("open the image");
    assert!(opened.moved_aside.is_none(), "a crash image is sound: {:?}", opened.moved_aside);
    let expected: Vec<AnyEvent> = (0..50).flat_map(entry).collect();
    assert_eq!(opened.journal.events(id).expect("events"), expected, "every committed entry is there");
    assert!(image.names().iter().all(|n| !n.contains("corrupt")), "{:?}", image.names());
}
