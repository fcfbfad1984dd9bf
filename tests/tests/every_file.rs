//! Each crate's integration tests are one binary whose `main.rs` names every
//! file as a module: a test file left out of it would never be compiled, so
//! its tests would never run and nothing would say so.

use std::collections::BTreeSet;
use std::path::Path;

fn declared(main: &Path) -> BTreeSet<String> {
    let text = std::fs::read_to_string(main).unwrap_or_else(|e| panic!("{}: {e}", main.display()));
    text.lines().filter_map(|l| l.trim().strip_prefix("mod ")?.strip_suffix(';').map(str::to_owned)).collect()
}

fn on_disk(dir: &Path) -> BTreeSet<String> {
    std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter_map(|p| {
            let name = p.file_name()?.to_str()?.to_owned();
            if p.is_dir() {
                p.join("mod.rs").is_file().then_some(name)
            } else {
                name.strip_suffix(".rs").filter(|n| *n != "main").map(str::to_owned)
            }
        })
        .collect()
}

#[test]
fn every_test_file_is_a_module_of_its_crates_test_binary() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    for dir in ["tests/tests", "app/tests"] {
        let dir = root.join(dir);
        let files = on_disk(&dir);
        let mods = declared(&dir.join("main.rs"));
        assert!(files.len() > 5, "{}: only {files:?}", dir.display());
        let left_out: Vec<_> = files.difference(&mods).collect();
        assert!(left_out.is_empty(), "{}/main.rs does not name {left_out:?}: their tests never run", dir.display());
        let missing: Vec<_> = mods.difference(&files).collect();
        assert!(missing.is_empty(), "{}/main.rs names {missing:?}, which are not there", dir.display());
    }
}
