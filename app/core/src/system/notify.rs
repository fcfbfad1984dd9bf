//! systemd's notification protocol (sd_notify(3)), for deploy/tavola.service
//! (`Type=notify`, `WatchdogSec=`).
//!
//! A notification is one datagram of `KEY=VALUE` lines sent to the Unix
//! socket named in `$NOTIFY_SOCKET`: a path (`/run/systemd/notify`) or, with
//! a leading `@`, a name in the abstract namespace. Tavola sends `READY=1`
//! once its first frame is on screen, then `WATCHDOG=1` from the UI thread
//! at half the interval systemd gives in `$WATCHDOG_USEC`: a UI thread that
//! hangs stops the heartbeat, and systemd starts Tavola again. Without
//! `$NOTIFY_SOCKET` (a desktop, a terminal) nothing is sent.

use std::ffi::OsStr;
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::net::{SocketAddr, UnixDatagram};
use std::time::Duration;

/// A way to systemd's notification socket.
#[derive(Debug)]
pub struct Notifier {
    socket: UnixDatagram,
    to: SocketAddr,
}

impl Notifier {
    /// The socket named in `$NOTIFY_SOCKET`, or `None` when Tavola was not
    /// started by systemd with `Type=notify` (or the name is not usable:
    /// said once on stderr).
    pub fn from_env() -> Option<Notifier> {
        let name = std::env::var_os("NOTIFY_SOCKET").filter(|n| !n.is_empty())?;
        Notifier::to(&name)
            .map_err(|e| eprintln!("tavola: cannot reach systemd's socket {}: {e}", name.to_string_lossy()))
            .ok()
    }

    /// The socket called `name`, as `$NOTIFY_SOCKET` writes it: a path, or
    /// `@name` for the abstract namespace.
    pub fn to(name: &OsStr) -> io::Result<Notifier> {
        let bytes = name.as_bytes();
        let to = match bytes.first() {
            Some(b'/') => SocketAddr::from_pathname(name)?,
            Some(b'@') => {
                use std::os::linux::net::SocketAddrExt;
                SocketAddr::from_abstract_name(&bytes[1..])?
            }
            _ => return Err(io::Error::new(io::ErrorKind::InvalidInput, "neither a path nor an @name")),
        };
        Ok(Notifier { socket: UnixDatagram::unbound()?, to })
    }

    /// Sends one notification (`READY=1`, `WATCHDOG=1`, `STATUS=…`).
    pub fn send(&self, state: &str) -> io::Result<()> {
        self.socket.send_to_addr(state.as_bytes(), &self.to).map(drop)
    }

    /// Tells systemd Tavola has started: the unit becomes active and its
    /// watchdog starts counting.
    pub fn ready(&self) -> io::Result<()> {
        self.send("READY=1")
    }

    /// Tells systemd's watchdog Tavola is alive; send it at least every
    /// [`heartbeat_from_env`].
    pub fn watchdog(&self) -> io::Result<()> {
        self.send("WATCHDOG=1")
    }
}

/// How often to tell systemd Tavola is alive: half the watchdog interval in
/// `usec` (`$WATCHDOG_USEC`), when the watchdog is meant for this process
/// (`pid`, `$WATCHDOG_PID`, unset or `me`). `None`: no watchdog.
pub fn heartbeat_every(usec: Option<&OsStr>, pid: Option<&OsStr>, me: u32) -> Option<Duration> {
    let usec: u64 = usec?.to_str()?.trim().parse().ok().filter(|&u| u > 0)?;
    if let Some(pid) = pid {
        if pid.to_str()?.trim().parse::<u32>().ok()? != me {
            return None;
        }
    }
    Some(Duration::from_micros(usec / 2))
}

/// [`heartbeat_every`] from this process's environment.
pub fn heartbeat_from_env() -> Option<Duration> {
    heartbeat_every(
        std::env::var_os("WATCHDOG_USEC").as_deref(),
        std::env::var_os("WATCHDOG_PID").as_deref(),
        std::process::id(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;

    /// systemd's end of the socket: a datagram socket bound in a temp dir.
    fn systemd() -> (tempfile::TempDir, UnixDatagram, std::path::PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("notify");
        let socket = UnixDatagram::bind(&path).unwrap();
        socket.set_read_timeout(Some(Duration::from_millis(500))).unwrap();
        (dir, socket, path)
    }

    fn received(socket: &UnixDatagram) -> Option<String> {
        let mut buf = [0u8; 256];
        let n = socket.recv(&mut buf).ok()?;
        Some(String::from_utf8_lossy(&buf[..n]).into_owned())
    }

    #[test]
    fn ready_and_watchdog_reach_the_socket_systemd_names() {
        let (_dir, systemd, path) = systemd();
        let notifier = Notifier::to(path.as_os_str()).unwrap();
        notifier.ready().unwrap();
        assert_eq!(received(&systemd).as_deref(), Some("READY=1"));
        notifier.watchdog().unwrap();
        assert_eq!(received(&systemd).as_deref(), Some("WATCHDOG=1"));
    }

    #[test]
    fn an_abstract_socket_name_is_reached_too() {
        let name = format!("tavola-notify-test-{}", std::process::id());
        let systemd = {
            use std::os::linux::net::SocketAddrExt;
            UnixDatagram::bind_addr(&SocketAddr::from_abstract_name(name.as_bytes()).unwrap()).unwrap()
        };
        systemd.set_read_timeout(Some(Duration::from_millis(500))).unwrap();
        Notifier::to(OsStr::new(&format!("@{name}"))).unwrap().ready().unwrap();
        assert_eq!(received(&systemd).as_deref(), Some("READY=1"));
        assert!(Notifier::to(OsStr::new("vsock:2:1234")).is_err(), "a name it cannot use is refused");
    }

    /// The heartbeat goes as long as its loop ticks, and stops with it: a
    /// hung loop is what systemd's watchdog then notices.
    #[test]
    fn a_loop_that_stops_ticking_stops_sending() {
        let (_dir, systemd, path) = systemd();
        let notifier = Notifier::to(path.as_os_str()).unwrap();
        let hung = Arc::new(AtomicBool::new(false));
        let looping = {
            let hung = hung.clone();
            std::thread::spawn(move || {
                while !hung.load(Ordering::Relaxed) {
                    notifier.watchdog().unwrap();
                    std::thread::sleep(Duration::from_millis(40));
                }
            })
        };
        let mut beats = 0;
        let start = std::time::Instant::now();
        while start.elapsed() < Duration::from_millis(400) {
            if received(&systemd).as_deref() == Some("WATCHDOG=1") {
                beats += 1;
            }
        }
        assert!(beats >= 2, "a beat per turn of the loop while it turns: {beats}");
        hung.store(true, Ordering::Relaxed);
        looping.join().unwrap();
        // The beat in flight, if any, then silence.
        systemd.set_read_timeout(Some(Duration::from_millis(300))).unwrap();
        let _in_flight = received(&systemd);
        assert_eq!(received(&systemd), None, "no beat once the loop stopped");
    }

    #[test]
    fn the_heartbeat_is_half_the_interval_systemd_gives_this_process() {
        let s = |v: &str| Some(OsStr::new(v).to_os_string());
        let every = |usec: Option<std::ffi::OsString>, pid: Option<std::ffi::OsString>| {
            heartbeat_every(usec.as_deref(), pid.as_deref(), 4242)
        };
        assert_eq!(every(s("30000000"), None), Some(Duration::from_secs(15)));
        assert_eq!(every(s("30000000"), s("4242")), Some(Duration::from_secs(15)));
        assert_eq!(every(s("30000000"), s("1")), None, "another process's watchdog");
        assert_eq!(every(None, None), None, "no watchdog (a desktop)");
        assert_eq!(every(s("0"), None), None);
        assert_eq!(every(s("soon"), None), None);
    }
}
