//! What the check scripts share (scripts/common.sh), run by bash as they
//! run it: a skipped check fails the run unless it is allowed by name, and
//! the self-test's processor time is held to a budget derived from the
//! desktop's figure and the emulation's measured slowdown.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

/// Runs `script` in bash after sourcing scripts/common.sh as the checks do.
fn common(script: &str) -> Output {
    let common = repo().join("scripts/common.sh");
    Command::new("bash")
        .arg("-c")
        .arg(format!("set -euo pipefail\nme=check\n. '{}'\n{script}", common.display()))
        .output()
        .unwrap()
}

fn said(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn a_skipped_check_fails_the_run_and_says_so_loudly() {
    let out = common("skipped selftest 'qemu-user cannot start a thread'\nskips_verdict");
    assert_eq!(out.status.code(), Some(2), "{}", said(&out));
    let err = said(&out);
    assert!(err.contains("check: SKIPPED: selftest: qemu-user cannot start a thread"), "{err}");
    assert!(err.contains("nothing of selftest was checked on this machine"), "{err}");
    assert!(err.contains("FAILED: not run here: selftest"), "{err}");
    assert!(err.contains("--allow-skip selftest"), "{err}");
}

#[test]
fn a_skip_allowed_by_name_passes_and_is_still_said() {
    let out = common("allow_skip selftest\nskipped selftest 'no threads'\nskips_verdict");
    assert!(out.status.success(), "{}", said(&out));
    let err = said(&out);
    assert!(err.contains("SKIPPED: selftest: no threads"), "{err}");
    assert!(err.contains("skipped, as allowed (--allow-skip selftest): selftest"), "{err}");
    // Allowing one check does not allow another.
    let out = common("allow_skip selftest\nskipped journal 'no disk'\nskips_verdict");
    assert_eq!(out.status.code(), Some(2), "{}", said(&out));
    // Nothing skipped: nothing to say.
    let out = common("skips_verdict");
    assert!(out.status.success() && out.stderr.is_empty(), "{}", said(&out));
}

#[test]
fn the_self_tests_processor_time_is_held_to_its_budget() {
    // The desktop's figure in README: 0.14 s in 14 s, within 3 % of 14 s.
    let out = common("within_budget 'selftest on the desktop' 0.14 0.42");
    assert!(out.status.success(), "{}", said(&out));
    assert!(said(&out).contains("within budget: selftest on the desktop: 0.14 s of at most 0.42 s"));
    // A loop that spins spends its wall time.
    let out = common("within_budget 'selftest on the desktop' 14.02 0.42");
    assert_eq!(out.status.code(), Some(1));
    assert!(said(&out).contains("OVER BUDGET: selftest on the desktop: 14.02 s, more than 0.42 s"));
}

#[test]
fn the_emulated_budget_is_the_desktops_times_the_measured_slowdown_and_at_most_half_the_wall_time() {
    let dir = tempfile::tempdir().unwrap();
    let (local, emulated) = (dir.path().join("local"), dir.path().join("emulated"));
    // Four replays, `/usr/bin/time -f '%U %S'`: 0.10 s here, 1.50 s emulated.
    std::fs::write(&local, "0.02 0.01\n0.02 0.00\n0.03 0.00\n0.01 0.01\n").unwrap();
    std::fs::write(&emulated, "0.30 0.05\n0.40 0.00\n0.35 0.05\n0.30 0.05\n").unwrap();
    let out = common(&format!("slowdown '{}' '{}'", local.display(), emulated.display()));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "15.0\n", "{}", said(&out));
    // Runs too short for the timer (0.00 s here, as the examples' replays on
    // this machine) count 0.01 s each: the slowdown is not overstated.
    std::fs::write(&local, "0.00 0.00\n0.00 0.00\n0.01 0.00\n0.00 0.00\n").unwrap();
    let out = common(&format!("slowdown '{}' '{}'", local.display(), emulated.display()));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "37.5\n", "{}", said(&out));
    let budget = |args: &str| {
        let out = common(&format!("emulated_budget {args}"));
        assert!(out.status.success(), "{}", said(&out));
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    };
    assert_eq!(budget("0.42 15.0 14.5"), "6.30");
    // Never half a core or more, whatever the slowdown.
    assert_eq!(budget("0.42 40.0 14.0"), "7.00");
}

#[test]
fn the_check_scripts_share_one_way_to_speak_and_stop() {
    for script in ["appliance-check.sh", "cross-check.sh", "cross-build.sh"] {
        let text = std::fs::read_to_string(repo().join("scripts").join(script)).unwrap();
        assert!(text.contains(". \"$here/scripts/common.sh\""), "{script} sources scripts/common.sh");
        for own in ["say() {", "die() {", "as_root() {"] {
            assert!(!text.contains(own), "{script} defines {own} itself");
        }
    }
}

#[test]
fn cross_check_allows_only_a_named_check_to_be_skipped() {
    let out =
        Command::new("bash").arg(repo().join("scripts/cross-check.sh")).args(["--allow-skip", "all"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        said(&out).contains("cross-check: --allow-skip all: the check that may be skipped is selftest"),
        "{}",
        said(&out)
    );
    let out = Command::new("bash").arg(repo().join("scripts/cross-check.sh")).arg("--allow-skip").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}
