//! The network lab, first rows: the game's real links in Linux network namespaces the test
//! makes itself, two players on either side of a router, as far apart as two houses on the
//! internet are (here with no NAT and no relay yet), and the router's link to one of them cut
//! and restored. Each test is `#[ignore]`d: it needs root (or a user namespace) and `ip`, and
//! runs from `.ci/netlab`, which wraps the whole run in its own mount, network and pid
//! namespaces so that nothing outlives it and no packet leaves it.
//!
//! Decisions:
//! - A network namespace belongs to a thread, and threads inherit it: each side's `Link` is
//!   made on a short thread that first enters its namespace, so the link's own thread (and its
//!   tokio runtime) lives there, and what the test holds is only channels.
//! - The addresses are the benchmarking range 198.18.0.0/15, as n0's patchbay lab uses: no
//!   address of the real internet is ever a target, and nothing routes out of the lab.
//! - Every wait is bounded (the `Net` harness's 20 s per step, the cut's own seconds).

use std::fs::File;
use std::os::fd::AsRawFd;
use std::process::Command;
use std::time::{Duration, Instant};

use super::link::{Link, LinkConfig, Lost};
use super::link_tests::{Net, for_bots, hosting_at, key, play_series};
use crate::ai::Level;

/// Why a test skips: the machine cannot make a lab (said in one line, never a pass).
const NEEDS: &str = "needs root (or a user namespace), iproute2 and /run/netns: run .ci/netlab";

/// Namespaces made for one test, removed (with every process in them) when it ends.
struct Lab {
    prefix: String,
    made: Vec<String>,
}

/// Runs `ip` with `args`; its error output if it failed.
fn ip(args: &[&str]) -> Result<(), String> {
    let out = Command::new("ip")
        .args(args)
        .output()
        .map_err(|e| format!("ip: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "ip {}: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        ))
    }
}

impl Lab {
    /// An empty lab whose namespaces are named after this process and `tag`.
    fn new(tag: &str) -> Lab {
        Lab {
            prefix: format!("hg{}-{tag}-", std::process::id()),
            made: Vec::new(),
        }
    }

    /// The full name of the lab's namespace `n`.
    fn ns(&self, n: &str) -> String {
        format!("{}{n}", self.prefix)
    }

    /// Makes namespace `n` with its loopback up.
    fn add(&mut self, n: &str) -> Result<(), String> {
        let ns = self.ns(n);
        ip(&["netns", "add", &ns])?;
        self.made.push(ns.clone());
        ip(&["-n", &ns, "link", "set", "lo", "up"])
    }

    /// A cable: interface `ia` in `a` with address `aa`, to `ib` in `b` with `ab`.
    fn cable(&self, (a, ia, aa): (&str, &str, &str), (b, ib, ab): (&str, &str, &str)) {
        let (na, nb) = (self.ns(a), self.ns(b));
        let steps: [&[&str]; 5] = [
            &[
                "link", "add", ia, "netns", &na, "type", "veth", "peer", "name", ib, "netns", &nb,
            ],
            &["-n", &na, "addr", "add", aa, "dev", ia],
            &["-n", &nb, "addr", "add", ab, "dev", ib],
            &["-n", &na, "link", "set", ia, "up"],
            &["-n", &nb, "link", "set", ib, "up"],
        ];
        for s in steps {
            ip(s).unwrap();
        }
    }

    /// Two players, `a` (198.18.10.2) and `b` (198.18.20.2), each on its own link to the
    /// router `inet`: the internet between two houses, with no NAT. None if the machine cannot
    /// make namespaces (the reason printed).
    fn two_houses(tag: &str) -> Option<Lab> {
        let mut lab = Lab::new(tag);
        for n in ["inet", "a", "b"] {
            if let Err(e) = lab.add(n) {
                println!("skipped: {NEEDS} ({e})");
                return None;
            }
        }
        lab.cable(
            ("inet", "ta", "198.18.10.254/24"),
            ("a", "eth0", "198.18.10.2/24"),
        );
        lab.cable(
            ("inet", "tb", "198.18.20.254/24"),
            ("b", "eth0", "198.18.20.2/24"),
        );
        lab.run("inet", &["sysctl", "-qw", "net.ipv4.ip_forward=1"]);
        for (n, via) in [("a", "198.18.10.254"), ("b", "198.18.20.254")] {
            ip(&["-n", &lab.ns(n), "route", "add", "default", "via", via]).unwrap();
        }
        Some(lab)
    }

    /// Runs a command in namespace `n`; panics if it fails.
    fn run(&self, n: &str, cmd: &[&str]) {
        let ns = self.ns(n);
        let mut args = vec!["netns", "exec", ns.as_str()];
        args.extend_from_slice(cmd);
        ip(&args).unwrap();
    }

    /// Runs `f` on a thread inside namespace `n` (what it starts lives there too).
    fn inside<T: Send>(&self, n: &str, f: impl FnOnce() -> T + Send) -> T {
        let path = format!("/run/netns/{}", self.ns(n));
        std::thread::scope(|s| {
            s.spawn(|| {
                let file = File::open(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
                // SAFETY: setns on a file descriptor that stays open for the call; it changes
                // only this thread's network namespace.
                let r = unsafe { libc::setns(file.as_raw_fd(), libc::CLONE_NEWNET) };
                assert_eq!(r, 0, "setns {path}: {}", std::io::Error::last_os_error());
                f()
            })
            .join()
            .unwrap()
        })
    }
}

impl Drop for Lab {
    fn drop(&mut self) {
        for ns in self.made.drain(..).rev() {
            let _ = ip(&["netns", "del", &ns]);
        }
    }
}

/// The link as players run it, but with no relay (the lab's relay comes in a later row):
/// every address this side has, and the ticket's direct addresses.
fn lab_config(k: [u8; 32]) -> LinkConfig {
    LinkConfig {
        relays: false,
        loopback: false,
        ..LinkConfig::internet(k)
    }
}

/// The host in `a`, the guest in `b`, over the lab, up to the first deal.
fn pair(lab: &Lab, config: impl Fn([u8; 32]) -> LinkConfig + Sync) -> Net {
    let (hl, ticket, port) = lab.inside("a", || hosting_at(config(key(1))));
    assert!(ticket.len() > 20, "{ticket}");
    let gl = lab.inside("b", || Link::join(&ticket, config(key(2))).unwrap());
    Net::over(hl, ticket, port, gl)
}

/// p50 and p95 of sorted durations.
fn quantiles(sorted: &[Duration]) -> (Duration, Duration) {
    let at = |q: f64| sorted[((sorted.len() - 1) as f64 * q) as usize];
    (at(0.5), at(0.95))
}

/// Two houses with no NAT between them: a whole Hollywood series, host in one namespace and
/// guest in the other, equals the same series played on one machine, with no connection lost.
#[test]
#[ignore = "needs root and network namespaces: .ci/netlab"]
fn lab_two_houses_play_a_whole_series_that_equals_the_local_one() {
    let Some(lab) = Lab::two_houses("open") else {
        return;
    };
    let t = Instant::now();
    let mut n = pair(&lab, |k| for_bots(lab_config(k)));
    let connect = t.elapsed();
    let took = play_series(&mut n, 11);
    let (p50, p95) = quantiles(&took);
    println!(
        "lab two houses: connected and dealt in {connect:?}; {} moves, to the other table p50 \
         {p50:?} p95 {p95:?}",
        took.len()
    );
    assert!(n.lost.is_empty(), "{:?}", n.lost);
    assert_eq!(n.connected, [1, 1], "one connection each, never lost");
}

/// The router's link to the host's house goes down for `CUT` mid-round and comes back: both
/// sides say the connection is lost within the silence limit, both connect again once the link
/// is back, and the round carries on from the same move to the same end as an unbroken one.
#[test]
#[ignore = "needs root and network namespaces: .ci/netlab"]
fn lab_a_cut_link_is_lost_then_play_resumes_at_the_same_move() {
    const CUT: Duration = Duration::from_secs(6);
    let Some(lab) = Lab::two_houses("cut") else {
        return;
    };
    // Lost after 2 s of silence (players wait 12 s), so the cut is seen well inside it.
    let config = |k| LinkConfig {
        ping: Duration::from_millis(300),
        silence: Duration::from_secs(2),
        ..for_bots(lab_config(k))
    };
    let mut n = pair(&lab, config);
    let bots = [Level::Medium.bot(21), Level::Medium.bot(22)];
    for _ in 0..8 {
        n.step(&bots);
    }
    let before = n.hosts().clone();
    ip(&["-n", &lab.ns("inet"), "link", "set", "ta", "down"]).unwrap();
    let cut = Instant::now();
    assert!(
        n.pump(|n| n.lost.len() >= 2),
        "both sides should say the friend is lost: {:?}",
        n.lost
    );
    let noticed = cut.elapsed();
    assert!(
        n.lost
            .iter()
            .all(|l| matches!(l, Lost::Silent | Lost::Stalled | Lost::Closed(_)))
    );
    std::thread::sleep(CUT.saturating_sub(cut.elapsed()));
    ip(&["-n", &lab.ns("inet"), "link", "set", "ta", "up"]).unwrap();
    let back = Instant::now();
    assert!(
        n.pump(|n| n.connected[0] >= 2 && n.connected[1] >= 2 && n.in_step()),
        "no reconnection within the harness's wait: connected {:?}",
        n.connected
    );
    let again = back.elapsed();
    assert_eq!(n.hosts(), &before, "the same move after the cut");
    while n.step(&bots).is_some() {}
    assert!(n.hosts().round().is_finished());
    let (h, g) = (n.hosts().scoreboard(), n.guests().scoreboard());
    assert_eq!(h.history[0].points, g.history[0].points);
    println!(
        "lab cut {CUT:?}: lost told after {noticed:?}; connected again {again:?} after the link \
         returned"
    );
}
