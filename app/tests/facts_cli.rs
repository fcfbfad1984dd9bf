//! `tavola facts`: a deck file exported from one journal, imported into an
//! empty one (shown first, then confirmed), listed; a file with one value
//! out of range changes nothing. The numbers are test values, not a real
//! card's.

use std::path::Path;
use std::process::{Command, Output};

fn tavola(db: &Path, args: &[&str], stdin: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_tavola"))
        .args(args)
        .arg("--db")
        .arg(db)
        .args(["--lang", "en"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("tavola runs");
    child.stdin.take().expect("stdin").write_all(stdin.as_bytes()).expect("answer");
    child.wait_with_output().expect("tavola ends")
}

fn text(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn a_deck_goes_from_one_journal_to_another_and_a_bad_value_imports_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (from, into) = (dir.path().join("a.db"), dir.path().join("b.db"));
    let deck = r#"{
  "format": "tavola-card-facts",
  "version": 1,
  "game": "nottingham",
  "cards": {
    "nottingham/board/sheriff-path": { "spaces": [4, 3, 5] },
    "nottingham/commission/three-pairs-first": { "alone": 19, "shared": 11 }
  }
}
"#;
    let file = dir.path().join("deck.json");
    std::fs::write(&file, deck).unwrap();
    let file = file.to_str().unwrap();
    let o = tavola(&from, &["facts", "import", file], "n\n");
    assert!(o.status.success(), "{o:?}");
    assert!(text(&o).contains("+ nottingham/commission/three-pairs-first"), "shown first: {}", text(&o));
    let o = tavola(&from, &["facts", "list", "nottingham"], "");
    assert!(text(&o).contains("11 cards of 11"), "answered no: nothing imported\n{}", text(&o));
    assert!(tavola(&from, &["facts", "import", file, "--yes"], "").status.success());
    let listed = text(&tavola(&from, &["facts", "list", "nottingham"], ""));
    assert!(listed.contains("9 cards of 11 still lack"), "{listed}");
    assert!(listed.contains("alone=19 shared=11"), "{listed}");

    // Exported, and imported into an empty journal: the same facts.
    let exported = text(&tavola(&from, &["facts", "export", "nottingham"], ""));
    let copy = dir.path().join("copy.json");
    std::fs::write(&copy, &exported).unwrap();
    assert!(tavola(&into, &["facts", "import", copy.to_str().unwrap(), "--yes"], "").status.success());
    assert_eq!(text(&tavola(&into, &["facts", "export", "nottingham"], "")), exported);

    // One value off its range: refused with its line, nothing changes.
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, deck.replace("\"alone\": 19", "\"alone\": 44")).unwrap();
    let o = tavola(&into, &["facts", "import", bad.to_str().unwrap(), "--yes"], "");
    assert!(!o.status.success());
    let said = String::from_utf8_lossy(&o.stderr);
    assert!(said.contains("Line 7") && said.contains("10 to 30"), "{said}");
    assert_eq!(text(&tavola(&into, &["facts", "export", "nottingham"], "")), exported, "nothing imported");
}

/// `tavola <args>` with no language given: the journal's, else English
/// (nothing else is read from the temporary home).
fn tavola_plain(home: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tavola"))
        .args(args)
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join(".config"))
        .env("XDG_DATA_HOME", home.join(".local/share"))
        .env_remove("TAVOLA_DB")
        .env_remove("TAVOLA_SETTINGS")
        .output()
        .expect("tavola runs")
}

#[test]
fn history_and_facts_list_say_that_a_damaged_database_was_moved_aside() {
    let dir = tempfile::tempdir().expect("temp dir");
    for args in [&["history"][..], &["facts", "list", "nottingham"][..]] {
        let db = dir.path().join(format!("{}.db", args[0]));
        std::fs::write(&db, "these are not the bytes of a database\n".repeat(200)).unwrap();
        let mut all = args.to_vec();
        all.extend(["--db", db.to_str().unwrap()]);
        let o = tavola_plain(dir.path(), &all);
        assert!(o.status.success(), "{o:?}");
        let said = String::from_utf8_lossy(&o.stderr);
        assert!(said.contains("The database was damaged") && said.contains(".corrupt-"), "{args:?}: {said}");
        // The second time, the fresh file is sound: nothing to say.
        let o = tavola_plain(dir.path(), &all);
        assert!(String::from_utf8_lossy(&o.stderr).is_empty(), "{o:?}");
    }
}
