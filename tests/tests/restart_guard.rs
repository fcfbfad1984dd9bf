//! deploy/restart-guard as the installer puts it on the Pi's card, run the
//! way deploy/tavola.service runs it (`after-stop` when Tavola ends,
//! `before-start` before the next start), against a folder standing for the
//! box: its uptime, its runtime folder, its console and its display are
//! files there, and `sleep` and `journalctl` are stand-ins that write down
//! what they were asked.

use std::path::{Path, PathBuf};
use std::process::Command;
use tavola_games::{Lang, Msg};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

fn make_executable(path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// The box: the installed guard and console words, and the stand-ins.
struct Appliance {
    _dir: tempfile::TempDir,
    root: PathBuf,
    bin: PathBuf,
}

impl Appliance {
    /// A card with Tavola installed by scripts/install.sh, the display there.
    fn new() -> Appliance {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("sd");
        std::fs::create_dir_all(root.join("boot/firmware")).unwrap();
        std::fs::write(root.join("boot/firmware/config.txt"), "dtparam=audio=on\n").unwrap();
        let binary = dir.path().join("tavola");
        std::fs::write(&binary, "#!/bin/sh\n").unwrap();
        make_executable(&binary);
        let voices = dir.path().join("voices");
        std::fs::create_dir_all(&voices).unwrap();
        let out = Command::new("bash")
            .arg(repo().join("scripts/install.sh"))
            .args(["--root".as_ref(), root.as_os_str(), "--binary".as_ref(), binary.as_os_str()])
            .args(["--voices".as_ref(), voices.as_os_str()])
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let bin = dir.path().join("bin");
        std::fs::create_dir_all(&bin).unwrap();
        // `sleep N` writes N down; the display appears after as many
        // seconds as `display-after` says, if it says.
        let sleep = format!(
            "#!/bin/bash\necho \"$1\" >>'{r}/slept'\nif [ -f '{r}/display-after' ]; then\n  \
             n=$(wc -l <'{r}/slept'); [ \"$n\" -ge \"$(cat '{r}/display-after')\" ] && \
             mkdir -p '{r}/dev/dri' && touch '{r}/dev/dri/card0'\nfi\nexit 0\n",
            r = root.display()
        );
        std::fs::write(bin.join("sleep"), sleep).unwrap();
        std::fs::write(
            bin.join("journalctl"),
            format!(
                "#!/bin/sh\necho \"$*\" >'{}/journalctl-args'\n\
                 echo 'tavola: the window cannot open: DRM device busy'\n\
                 echo \"thread 'main' panicked at app/src/ui/mod.rs:180:5\"\n",
                root.display()
            ),
        )
        .unwrap();
        make_executable(&bin.join("sleep"));
        make_executable(&bin.join("journalctl"));
        let b = Appliance { _dir: dir, root, bin };
        std::fs::create_dir_all(b.root.join("dev/dri")).unwrap();
        std::fs::write(b.root.join("dev/dri/card0"), "").unwrap();
        b.uptime(100);
        b
    }

    fn uptime(&self, seconds: u64) {
        std::fs::create_dir_all(self.root.join("proc")).unwrap();
        std::fs::write(self.root.join("proc/uptime"), format!("{seconds}.42 321.00\n")).unwrap();
    }

    /// Runs `restart-guard VERB` with systemd's variables for it.
    fn guard(&self, verb: &str, env: &[(&str, &str)]) {
        let path = format!("{}:{}", self.bin.display(), std::env::var("PATH").unwrap_or_default());
        let out = Command::new(self.root.join("usr/local/lib/tavola/restart-guard"))
            .arg(verb)
            .env("TAVOLA_GUARD_ROOT", &self.root)
            .env("RUNTIME_DIRECTORY", self.root.join("run/tavola"))
            .env("TAVOLA_SETTINGS", self.root.join("etc/tavola/settings.toml"))
            .env("PATH", path)
            .envs(env.iter().copied())
            .output()
            .unwrap();
        assert!(out.status.success(), "{verb}: {}", String::from_utf8_lossy(&out.stderr));
    }

    /// Tavola ended when the uptime was `at` seconds, as systemd tells it
    /// in $EXIT_CODE, $EXIT_STATUS and $SERVICE_RESULT.
    fn stopped(&self, at: u64, code: &str, status: &str, result: &str) {
        self.uptime(at);
        self.guard("after-stop", &[("EXIT_CODE", code), ("EXIT_STATUS", status), ("SERVICE_RESULT", result)]);
    }

    /// The seconds `sleep` was asked for since the last call.
    fn slept(&self) -> Vec<u64> {
        let path = self.root.join("slept");
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let _ = std::fs::remove_file(&path);
        text.lines().map(|l| l.trim().parse().unwrap()).collect()
    }

    fn console(&self) -> String {
        std::fs::read_to_string(self.root.join("dev/tty1")).unwrap_or_default()
    }
}

/// Tavola started at `start` and failed `quick` seconds later, again and
/// again: the waits before each next start, beyond systemd's own 2 s.
#[test]
fn quick_failures_wait_longer_each_time_up_to_a_minute_and_a_long_run_starts_afresh() {
    let b = Appliance::new();
    let mut now = 100;
    let mut waits = Vec::new();
    for _ in 0..8 {
        b.uptime(now);
        b.guard("before-start", &[]);
        waits.push(b.slept().iter().sum::<u64>());
        now += 5;
        b.stopped(now, "exited", "2", "exit-code");
        now += 2;
    }
    // With RestartSec=2 before each: 2, 4, 8, 16, 32, 60, 60 s in all.
    assert_eq!(waits, [0, 0, 2, 6, 14, 30, 58, 58]);

    // A run that lasted: the next failure counts as the first again.
    b.uptime(now);
    b.guard("before-start", &[]);
    b.slept();
    b.stopped(now + 600, "killed", "SEGV", "signal");
    b.guard("before-start", &[]);
    assert_eq!(b.slept(), Vec::<u64>::new(), "systemd's 2 s only");
    assert_eq!(b.console(), "\u{1b}[H\u{1b}[2J", "what the console said is cleared");
}

/// The console's words as the catalogs say them.
fn said(lang: Lang, id: &'static str, args: &[(&'static str, &str)]) -> String {
    let msg = args.iter().fold(Msg::new(id), |m, (k, v)| m.with(*k, v.to_string()));
    let text = lang.text(&msg);
    assert_ne!(text, id, "{id} is in the catalogs");
    text
}

#[test]
fn from_the_third_quick_failure_the_console_says_why_in_the_tables_language() {
    let b = Appliance::new();
    for i in 0..2 {
        b.guard("before-start", &[]);
        b.stopped(110 + i, "exited", "2", "exit-code");
    }
    b.guard("before-start", &[]);
    assert_eq!(b.console(), "", "two quick failures: nothing said yet");
    b.stopped(120, "exited", "2", "exit-code");
    // Tavola last spoke English (it leaves its language in the runtime folder).
    std::fs::write(b.root.join("run/tavola/lang"), "en").unwrap();
    b.guard("before-start", &[]);
    let console = b.console();
    for line in [
        said(Lang::En, "console.stopped.exit_code", &[("status", "2")]),
        said(Lang::En, "console.in_a_row", &[("times", "3")]),
        said(Lang::En, "console.last_lines", &[]),
        "  tavola: the window cannot open: DRM device busy".into(),
        "  thread 'main' panicked at app/src/ui/mod.rs:180:5".into(),
        said(Lang::En, "console.retry", &[("seconds", "6")]),
        said(Lang::En, "console.login", &[]),
    ] {
        assert!(console.lines().any(|l| l == line), "«{line}» on the console:\n{console}");
    }
    assert!(console.starts_with("\u{1b}[H\u{1b}[2J"), "cleared first: {console:?}");
    let asked = std::fs::read_to_string(b.root.join("journalctl-args")).unwrap();
    assert!(asked.contains("_SYSTEMD_UNIT=tavola.service _COMM=tavola -n 8"), "Tavola's own last lines: {asked}");

    // The watchdog ended it; Tavola never spoke, the settings file says Italian.
    b.stopped(130, "killed", "ABRT", "watchdog");
    std::fs::remove_file(b.root.join("run/tavola/lang")).unwrap();
    std::fs::write(b.root.join("etc/tavola/settings.toml"), "lang = \"it\"\nseats = 6\n").unwrap();
    b.guard("before-start", &[]);
    let console = b.console();
    assert!(console.contains(&said(Lang::It, "console.stopped.watchdog", &[])), "{console}");
    assert!(console.contains(&said(Lang::It, "console.retry", &[("seconds", "14")])), "{console}");
    assert!(console.contains(&said(Lang::It, "console.in_a_row", &[("times", "4")])), "{console}");
}

#[test]
fn a_stop_on_purpose_is_no_failure() {
    let b = Appliance::new();
    for i in 0..4 {
        b.guard("before-start", &[]);
        b.stopped(101 + i, "exited", "1", "exit-code");
    }
    // systemctl stop or restart, a shutdown: SIGTERM and a clean result.
    b.stopped(106, "killed", "TERM", "success");
    b.slept();
    b.guard("before-start", &[]);
    assert_eq!(b.slept(), Vec::<u64>::new());
}

#[test]
fn a_start_waits_for_the_display_but_never_more_than_thirty_seconds() {
    let b = Appliance::new();
    std::fs::remove_file(b.root.join("dev/dri/card0")).unwrap();
    std::fs::write(b.root.join("display-after"), "3").unwrap();
    b.guard("before-start", &[]);
    assert_eq!(b.slept(), [1, 1, 1], "until the display's driver is there");

    std::fs::remove_file(b.root.join("dev/dri/card0")).unwrap();
    std::fs::remove_file(b.root.join("display-after")).unwrap();
    b.guard("before-start", &[]);
    assert_eq!(b.slept(), [1; 30], "no display at all: Tavola starts anyway after 30 s");
}

/// The numbers the unit and the guard share: the guard adds to systemd's
/// own RestartSec, and the unit's start timeout covers the guard's longest
/// waits with room for Tavola's own start.
#[test]
fn the_units_start_timeout_covers_the_guards_waits() {
    let unit = std::fs::read_to_string(repo().join("deploy/tavola.service")).unwrap();
    let guard = std::fs::read_to_string(repo().join("deploy/restart-guard")).unwrap();
    let value = |text: &str, key: &str| -> u64 {
        let line = text.lines().find(|l| l.starts_with(key)).unwrap_or_else(|| panic!("{key} is set"));
        line[key.len()..].trim().parse().unwrap_or_else(|_| panic!("{line}"))
    };
    assert_eq!(value(&unit, "RestartSec="), value(&guard, "restart_sec="));
    let waits = value(&guard, "longest=") - value(&guard, "restart_sec=") + value(&guard, "display_wait=");
    let timeout = value(&unit, "TimeoutStartSec=");
    assert!(timeout >= waits + 60, "TimeoutStartSec={timeout} leaves Tavola a minute after {waits} s of waits");
    assert_eq!(value(&unit, "StartLimitIntervalSec="), 0, "restarts without limit");
    assert!(unit.lines().any(|l| l == "ExecStartPre=-+/usr/local/lib/tavola/restart-guard before-start"));
    assert!(unit.lines().any(|l| l == "ExecStopPost=-+/usr/local/lib/tavola/restart-guard after-stop"));
    assert!(unit.lines().any(|l| l == "RuntimeDirectoryPreserve=restart"), "the count outlives a restart");
    assert!(unit.lines().any(|l| l == "Type=notify") && value(&unit, "WatchdogSec=") > 0);
}
