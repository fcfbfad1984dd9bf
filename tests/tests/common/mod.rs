//! What the installer's tests share: a folder standing for a Raspberry Pi's
//! SD card, the installer run into it, and a snapshot of what it holds.

// Each test file uses the part it needs.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository's root.
pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

/// A Pi's card (`root`, its config.txt as given) and what is installed on
/// it: a stand-in for the cross-built program and an empty voices folder.
pub struct Pi {
    _dir: tempfile::TempDir,
    pub root: PathBuf,
    pub binary: PathBuf,
    pub voices: PathBuf,
}

/// A card whose `boot/firmware/config.txt` holds `config`.
pub fn card(config: &str) -> Pi {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("sd");
    std::fs::create_dir_all(root.join("boot/firmware")).unwrap();
    std::fs::write(root.join("boot/firmware/config.txt"), config).unwrap();
    let binary = dir.path().join("tavola");
    std::fs::write(&binary, "#!/bin/sh\necho tavola 0.1.0\n").unwrap();
    make_executable(&binary);
    let voices = dir.path().join("voices");
    std::fs::create_dir_all(&voices).unwrap();
    Pi { _dir: dir, root, binary, voices }
}

pub fn make_executable(path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// Runs the installer into the Pi's root; returns (success, what it said).
pub fn install(pi: &Pi, extra: &[&str]) -> (bool, String) {
    let out = Command::new("bash")
        .arg(repo().join("scripts/install.sh"))
        .arg("--root")
        .arg(&pi.root)
        .arg("--binary")
        .arg(&pi.binary)
        .arg("--voices")
        .arg(&pi.voices)
        .args(extra)
        .output()
        .expect("bash runs");
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    (out.status.success(), text)
}

/// Every file and link under `root` with its content (a link's target).
pub fn snapshot(root: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut files = BTreeMap::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.strip_prefix(root).unwrap().display().to_string();
            let meta = std::fs::symlink_metadata(&path).unwrap();
            if meta.file_type().is_symlink() {
                files.insert(name, std::fs::read_link(&path).unwrap().display().to_string().into_bytes());
            } else if meta.is_dir() {
                stack.push(path);
            } else {
                files.insert(name, std::fs::read(&path).unwrap());
            }
        }
    }
    files
}
