//! The network lab: the game's real links in Linux network namespaces the test makes itself.
//! Two players in two houses, each behind a router of its kind (none, a home router, a
//! symmetric NAT), the internet between them, and on it the lab's own iroh relay (the
//! `iroh-relay` server, with a certificate made per run); and a router's link cut and
//! restored. Counters in the internet's router tell a direct path from a relayed one without
//! asking the game. Each test is `#[ignore]`d: it needs root (or a user namespace) and `ip`, and
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
use std::io::Write as _;
use std::net::{SocketAddr, TcpStream};
use std::os::fd::AsRawFd;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rand::Rng as _;

use super::link::{Link, LinkConfig, LinkEvent, Lost, OwnRelay, PathNow};
use super::link_tests::{Net, for_bots, hosting_at, key, mediums, play_series};
use crate::ai::Level;

/// Why a test skips: the machine cannot make a lab (said in one line, never a pass).
const NEEDS: &str = "needs root (or a user namespace), iproute2 and /run/netns: run .ci/netlab";

/// `NETLAB_LOG=iroh=debug` (any `tracing` filter) writes iroh's own log to stderr, with the
/// lab's marks (`MARK cut start` …) among it: how the network lab found that a relay client
/// backing off kept a player away for 27 s.
fn log_if_asked() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    if std::env::var_os("NETLAB_LOG").is_some() {
        ONCE.call_once(|| {
            let _ = tracing_subscriber::fmt()
                .with_env_filter(tracing_subscriber::EnvFilter::from_env("NETLAB_LOG"))
                .with_writer(std::io::stderr)
                .with_ansi(false)
                .try_init();
        });
    }
}

/// A mark in iroh's log, when it is written ([`log_if_asked`]).
fn mark(what: &str) {
    if std::env::var_os("NETLAB_LOG").is_some() {
        eprintln!("MARK {what}");
    }
}

/// Namespaces made for one test, removed (with every process in them) when it ends.
struct Lab {
    prefix: String,
    made: Vec<String>,
    /// The lab's relay server, while it runs, and its program.
    relay: Option<Child>,
    relay_bin: Option<PathBuf>,
    /// The relay's certificate (DER), its key and config live here.
    dir: tempfile::TempDir,
    /// The pumps of the cables made of TUN devices ([`Lab::wire`]).
    wires: Vec<Wire>,
    /// Each house's cable to the internet is a [`Wire`] doing this, when set.
    impair: Option<Impair>,
}

/// How a house meets the internet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Router {
    /// No router: the player's machine has a public address.
    Open,
    /// A home router: the same public port for every destination (endpoint-independent
    /// mapping), and only answers let in, as most home routers do.
    Home,
    /// A symmetric NAT: another public port for every destination, as some carrier and office
    /// networks have. Hole punching cannot work through it; the relay carries the game.
    Symmetric,
    /// A home router behind the carrier's own NAT (carrier-grade NAT, 100.64.0.0/10): two
    /// NATs between the player and the internet, the outer one mapping as it likes.
    Carrier,
}

/// The relay's address in the lab's internet.
const RELAY_IP: &str = "198.18.1.1";

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
            relay: None,
            relay_bin: None,
            dir: tempfile::tempdir().expect("a temporary directory"),
            wires: Vec::new(),
            impair: None,
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

    /// A cable as [`Lab::cable`] makes, but of two TUN devices with a pump between them
    /// doing `imp` each way ([`Wire`]).
    fn wire(
        &mut self,
        (a, ia, aa): (&str, &str, &str),
        (b, ib, ab): (&str, &str, &str),
        imp: Impair,
    ) {
        for (n, dev, addr) in [(a, ia, aa), (b, ib, ab)] {
            let ns = self.ns(n);
            for step in [
                vec!["-n", &ns, "tuntap", "add", "dev", dev, "mode", "tun"],
                vec!["-n", &ns, "addr", "add", addr, "dev", dev],
                vec!["-n", &ns, "link", "set", dev, "up"],
            ] {
                ip(&step).unwrap();
            }
        }
        let (fa, fb) = (open_tun(self, a, ia), open_tun(self, b, ib));
        let stop = Arc::new(AtomicBool::new(false));
        let mut threads = Vec::new();
        let (fa2, fb2) = (fa.try_clone().unwrap(), fb.try_clone().unwrap());
        threads.extend(pump_one_way(fa, fb2, imp, stop.clone()));
        threads.extend(pump_one_way(fb, fa2, imp, stop.clone()));
        self.wires.push(Wire { stop, threads });
    }

    /// A house's cable to the internet: a veth pair, or a [`Wire`] when the lab impairs them.
    fn uplink(&mut self, inet: (&str, &str, &str), house: (&str, &str, &str)) {
        match self.impair {
            Some(imp) => self.wire(inet, house, imp),
            None => self.cable(inet, house),
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

    /// The internet (`inet`, a router) with the lab's relay on it (its server not started yet:
    /// [`Lab::start_relay`]), counters that tell a direct path from a relayed one without
    /// asking the game, and the empty namespaces `more`. None if the machine cannot make the
    /// lab (the reason printed).
    fn internet(tag: &str, more: &[&str]) -> Option<Lab> {
        log_if_asked();
        let mut lab = Lab::new(tag);
        if let Err(e) = lab.add("inet") {
            println!("skipped: {NEEDS} ({e})");
            return None;
        }
        for n in std::iter::once(&"relay").chain(more) {
            lab.add(n).unwrap();
        }
        lab.run("inet", &["sysctl", "-qw", "net.ipv4.ip_forward=1"]);
        lab.cable(
            ("inet", "tr", "198.18.1.254/24"),
            ("relay", "eth0", &format!("{RELAY_IP}/24")),
        );
        lab.route("relay", "198.18.1.254");
        lab.nft(
            "inet",
            "table ip lab {\n chain f {\n type filter hook forward priority 0; policy accept;\n\
             ip saddr 198.18.10.0/24 ip daddr 198.18.20.0/24 meta l4proto udp counter\n\
             ip daddr 198.18.1.1 counter\n }\n}\n",
        );
        Some(lab)
    }

    /// The internet (`inet`, a router), the lab's relay on it, and two houses, `a` and `b`,
    /// each behind its router of the kind given. The players are `a` and `b`; a router is
    /// `ra`/`rb`. None if the machine cannot make the lab (the reason printed).
    fn houses(tag: &str, kinds: [Router; 2]) -> Option<Lab> {
        Lab::houses_with(tag, kinds, None)
    }

    /// [`Lab::houses`], each house's cable to the internet doing `impair` (a [`Wire`]).
    fn houses_with(tag: &str, kinds: [Router; 2], impair: Option<Impair>) -> Option<Lab> {
        let tun = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open("/dev/net/tun");
        if let (Some(_), Err(e)) = (impair, tun) {
            println!("skipped: /dev/net/tun, which the delay and loss rows' cables need: {e}");
            return None;
        }
        let mut lab = Lab::internet(tag, &["a", "b", "ra", "rb", "ia", "ib"])?;
        lab.impair = impair;
        for (i, (player, router, kind)) in [("a", "ra", kinds[0]), ("b", "rb", kinds[1])]
            .into_iter()
            .enumerate()
        {
            let net = 10 * (i + 1);
            let inet_side = ("inet", if i == 0 { "ta" } else { "tb" });
            let gateway = format!("198.18.{net}.254");
            if kind == Router::Open {
                lab.uplink(
                    (inet_side.0, inet_side.1, &format!("{gateway}/24")),
                    (player, "eth0", &format!("198.18.{net}.2/24")),
                );
                lab.route(player, &gateway);
                continue;
            }
            let mut wan = format!("198.18.{net}.1");
            if kind == Router::Carrier {
                // The carrier's NAT between the internet and the home router.
                let isp = if i == 0 { "ia" } else { "ib" };
                lab.uplink(
                    (inet_side.0, inet_side.1, &format!("{gateway}/24")),
                    (isp, "wan", &format!("{wan}/24")),
                );
                lab.route(isp, &gateway);
                lab.run(isp, &["sysctl", "-qw", "net.ipv4.ip_forward=1"]);
                lab.nft(isp, &nat_rules(Router::Carrier, &wan));
                let (inside, home) = (format!("100.64.{}.1", i + 1), format!("100.64.{}.2", i + 1));
                lab.cable(
                    (isp, "lan", &format!("{inside}/24")),
                    (router, "wan", &format!("{home}/24")),
                );
                lab.route(router, &inside);
                wan = home;
            } else {
                lab.uplink(
                    (inet_side.0, inet_side.1, &format!("{gateway}/24")),
                    (router, "wan", &format!("{wan}/24")),
                );
                lab.route(router, &gateway);
            }
            lab.cable(
                (router, "lan", &format!("192.168.{}.1/24", i + 1)),
                (player, "eth0", &format!("192.168.{}.2/24", i + 1)),
            );
            lab.route(player, &format!("192.168.{}.1", i + 1));
            lab.run(router, &["sysctl", "-qw", "net.ipv4.ip_forward=1"]);
            let home = if kind == Router::Carrier {
                Router::Home
            } else {
                kind
            };
            lab.nft(router, &nat_rules(home, &wan));
        }
        Some(lab)
    }

    /// Two players in one house: `a` (192.168.1.2) and `b` (192.168.1.3) on one LAN (a bridge)
    /// behind the home router `ra`, which forwards a packet sent to its own public address
    /// back inside when `hairpin` (as many routers do, and many do not).
    fn one_house(tag: &str, hairpin: bool) -> Option<Lab> {
        let lab = Lab::internet(tag, &["a", "b", "ra"])?;
        lab.cable(
            ("inet", "ta", "198.18.10.254/24"),
            ("ra", "wan", "198.18.10.1/24"),
        );
        lab.route("ra", "198.18.10.254");
        let ra = lab.ns("ra");
        for step in [
            vec!["-n", &ra, "link", "add", "br0", "type", "bridge"],
            vec!["-n", &ra, "addr", "add", "192.168.1.1/24", "dev", "br0"],
            vec!["-n", &ra, "link", "set", "br0", "up"],
        ] {
            ip(&step).unwrap();
        }
        for (player, port, addr) in [("a", "la", "192.168.1.2/24"), ("b", "lb", "192.168.1.3/24")] {
            let np = lab.ns(player);
            for step in [
                vec![
                    "link", "add", port, "netns", &ra, "type", "veth", "peer", "name", "eth0",
                    "netns", &np,
                ],
                vec!["-n", &ra, "link", "set", port, "master", "br0"],
                vec!["-n", &ra, "link", "set", port, "up"],
                vec!["-n", &np, "addr", "add", addr, "dev", "eth0"],
                vec!["-n", &np, "link", "set", "eth0", "up"],
            ] {
                ip(&step).unwrap();
            }
            lab.route(player, "192.168.1.1");
        }
        lab.run("ra", &["sysctl", "-qw", "net.ipv4.ip_forward=1"]);
        let mut rules = nat_rules(Router::Home, "198.18.10.1");
        if hairpin {
            rules = rules
                .replace(
                    "iif \"wan\" meta l4proto udp dnat to udp dport map @fullcone",
                    "iif \"wan\" meta l4proto udp dnat to udp dport map @fullcone\n ip daddr \
                     198.18.10.1 iif \"br0\" meta l4proto udp dnat to udp dport map @fullcone",
                )
                .replace(
                    "oif \"wan\" snat to 198.18.10.1",
                    "oif \"wan\" snat to 198.18.10.1\n oif \"br0\" ct status dnat masquerade",
                );
            assert!(rules.contains("iif \"br0\"") && rules.contains("ct status dnat"));
        }
        lab.nft("ra", &rules);
        Some(lab)
    }

    /// A default route for namespace `n`.
    fn route(&self, n: &str, via: &str) {
        ip(&["-n", &self.ns(n), "route", "add", "default", "via", via]).unwrap();
    }

    /// Loads nftables rules into namespace `n`.
    fn nft(&self, n: &str, rules: &str) {
        let mut child = Command::new("ip")
            .args(["netns", "exec", &self.ns(n), "nft", "-f", "-"])
            .stdin(Stdio::piped())
            .spawn()
            .expect("nft (Debian's nftables)");
        child
            .stdin
            .take()
            .unwrap()
            .write_all(rules.as_bytes())
            .unwrap();
        assert!(child.wait().unwrap().success(), "nft in {n}:\n{rules}");
    }

    /// The packets counted so far: UDP from house a's side to house b's (a direct path), and
    /// anything to the relay.
    fn counters(&self) -> (u64, u64) {
        let out = Command::new("ip")
            .args([
                "netns",
                "exec",
                &self.ns("inet"),
                "nft",
                "list",
                "chain",
                "ip",
                "lab",
                "f",
            ])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        let packets: Vec<u64> = text
            .lines()
            .filter_map(|l| l.split("packets ").nth(1))
            .filter_map(|t| t.split_whitespace().next()?.parse().ok())
            .collect();
        (packets[0], packets[1])
    }

    /// Starts the lab's relay (iroh's own server, TLS with a certificate made for this run,
    /// QUIC address discovery on), and waits until it answers. Where players' games would use
    /// n0's relays, the lab's links use this one ([`Lab::own_relay`]). False if the relay
    /// binary is not installed (the reason printed).
    fn start_relay(&mut self) -> bool {
        let bin = std::env::var_os("NETLAB_RELAY")
            .map(PathBuf::from)
            .or_else(|| {
                Some(
                    PathBuf::from(std::env::var_os("HOME")?)
                        .join(".cache/hollywood-gin/tools/bin/iroh-relay"),
                )
            })
            .filter(|p| p.exists());
        let Some(bin) = bin else {
            println!("skipped: no iroh-relay (.ci/netlab installs it)");
            return false;
        };
        let d = self.dir.path();
        let (crt, key, der) = (
            d.join("relay.crt"),
            d.join("relay.key"),
            d.join("relay.der"),
        );
        let status = Command::new("openssl")
            .args([
                "req",
                "-x509",
                "-newkey",
                "ec",
                "-pkeyopt",
                "ec_paramgen_curve:prime256v1",
            ])
            .args(["-nodes", "-days", "2", "-subj", "/CN=lab-relay"])
            .args(["-addext", &format!("subjectAltName=IP:{RELAY_IP}")])
            .args(["-addext", "basicConstraints=critical,CA:FALSE"])
            .arg("-keyout")
            .arg(&key)
            .arg("-out")
            .arg(&crt)
            .stderr(Stdio::null())
            .status()
            .unwrap();
        assert!(status.success(), "openssl req");
        let status = Command::new("openssl")
            .args(["x509", "-outform", "der", "-in"])
            .arg(&crt)
            .arg("-out")
            .arg(&der)
            .status()
            .unwrap();
        assert!(status.success(), "openssl x509");
        let config = d.join("relay.toml");
        std::fs::write(
            &config,
            format!(
                "http_bind_addr = \"{RELAY_IP}:80\"\nenable_quic_addr_discovery = true\n\
                 enable_metrics = false\n[tls]\ncert_mode = \"Manual\"\n\
                 manual_cert_path = \"{}\"\nmanual_key_path = \"{}\"\n\
                 https_bind_addr = \"{RELAY_IP}:443\"\n",
                crt.display(),
                key.display()
            ),
        )
        .unwrap();
        self.relay_bin = Some(bin);
        self.spawn_relay();
        true
    }

    /// Starts the relay made by [`Lab::start_relay`] (again, after [`Lab::kill_relay`]), and
    /// waits until it answers.
    fn spawn_relay(&mut self) {
        let (bin, config) = (
            self.relay_bin.clone().unwrap(),
            self.dir.path().join("relay.toml"),
        );
        let child = Command::new("ip")
            .args(["netns", "exec", &self.ns("relay")])
            .arg(&bin)
            .arg("--config-path")
            .arg(&config)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        self.relay = Some(child);
        let at: SocketAddr = format!("{RELAY_IP}:443").parse().unwrap();
        let end = Instant::now() + Duration::from_secs(10);
        while !self.inside("relay", || {
            TcpStream::connect_timeout(&at, Duration::from_millis(200)).is_ok()
        }) {
            assert!(Instant::now() < end, "the lab's relay did not start");
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Kills the relay, as a crash or a restart of its machine does.
    fn kill_relay(&mut self) {
        if let Some(mut r) = self.relay.take() {
            let _ = r.kill();
            let _ = r.wait();
        }
    }

    /// The lab's relay, as the links are told of it.
    fn own_relay(&self) -> OwnRelay {
        OwnRelay {
            url: format!("https://{RELAY_IP}"),
            ca_der: Some(std::fs::read(self.dir.path().join("relay.der")).unwrap()),
        }
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
        self.kill_relay();
        self.wires.clear();
        for ns in self.made.drain(..).rev() {
            let _ = ip(&["netns", "del", &ns]);
        }
    }
}

/// A cable made of two TUN devices with a pump between them, for what this kernel's missing
/// `netem` would do: each packet held `delay` on its way, and a share of them lost. (Cuts are
/// made with the system's own tools: [`Cut`].) The pump's threads stop when it is dropped.
struct Wire {
    stop: Arc<AtomicBool>,
    threads: Vec<std::thread::JoinHandle<()>>,
}

/// What a [`Wire`] does to each packet, each way.
#[derive(Clone, Copy, Debug)]
struct Impair {
    /// Held this long each way.
    delay: Duration,
    /// Lost, in percent.
    loss: u32,
}

impl Drop for Wire {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
    }
}

/// Opens the TUN device `dev` (made by `ip tuntap`) from inside namespace `n`.
fn open_tun(lab: &Lab, n: &str, dev: &str) -> File {
    lab.inside(n, || {
        let f = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open("/dev/net/tun")
            .expect("/dev/net/tun");
        // struct ifreq: the name (16 bytes), then the flags (a short).
        let mut req = [0u8; 40];
        req[..dev.len()].copy_from_slice(dev.as_bytes());
        let flags = (libc::IFF_TUN | libc::IFF_NO_PI) as i16;
        req[16..18].copy_from_slice(&flags.to_ne_bytes());
        // SAFETY: TUNSETIFF reads an ifreq, which `req` is laid out as and outlives the call.
        let r = unsafe { libc::ioctl(f.as_raw_fd(), libc::TUNSETIFF, req.as_mut_ptr()) };
        assert_eq!(r, 0, "TUNSETIFF {dev}: {}", std::io::Error::last_os_error());
        f
    })
}

/// Copies packets from `from` to `to`, each held `imp.delay` (in order), a share lost; until
/// `stop`.
fn pump_one_way(
    from: File,
    to: File,
    imp: Impair,
    stop: Arc<AtomicBool>,
) -> [std::thread::JoinHandle<()>; 2] {
    let (tx, rx) = std::sync::mpsc::channel::<(Instant, Vec<u8>)>();
    let stop2 = stop.clone();
    let reader = std::thread::spawn(move || {
        let mut rng = rand::rng();
        let mut buf = vec![0u8; 65536];
        let mut poll = libc::pollfd {
            fd: from.as_raw_fd(),
            events: libc::POLLIN,
            revents: 0,
        };
        while !stop2.load(Ordering::Relaxed) {
            // SAFETY: one pollfd, valid for the call.
            let ready = unsafe { libc::poll(&mut poll, 1, 100) };
            if ready <= 0 {
                continue;
            }
            // SAFETY: reads into `buf`, which holds its length.
            let n = unsafe { libc::read(from.as_raw_fd(), buf.as_mut_ptr().cast(), buf.len()) };
            let Ok(n) = usize::try_from(n) else { continue };
            if rng.random_range(0..100) < imp.loss {
                continue;
            }
            if tx
                .send((Instant::now() + imp.delay, buf[..n].to_vec()))
                .is_err()
            {
                return;
            }
        }
    });
    let writer = std::thread::spawn(move || {
        while !stop.load(Ordering::Relaxed) {
            let Ok((due, packet)) = rx.recv_timeout(Duration::from_millis(100)) else {
                continue;
            };
            std::thread::sleep(due.saturating_duration_since(Instant::now()));
            // SAFETY: writes `packet`, which holds its length.
            let _ = unsafe { libc::write(to.as_raw_fd(), packet.as_ptr().cast(), packet.len()) };
        }
    });
    [reader, writer]
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

/// The router's NAT rules (nft), from n0's patchbay lab: a home router maps each inside port
/// to one outside port for every destination and lets only answers in; a symmetric one maps
/// each destination to a port of its own.
fn nat_rules(kind: Router, wan: &str) -> String {
    let filter = "table ip filter {\n chain forward {\n type filter hook forward priority 0; \
                  policy accept;\n iif \"wan\" ct state established,related accept\n \
                  iif \"wan\" drop\n }\n}\n";
    let nat = match kind {
        Router::Open => return String::new(),
        Router::Home => format!(
            "table ip nat {{\n map fullcone {{ type inet_service : ipv4_addr . inet_service; \
             flags dynamic,timeout; timeout 300s; size 65536; }}\n chain prerouting {{\n \
             type nat hook prerouting priority dstnat; policy accept;\n iif \"wan\" meta \
             l4proto udp dnat to udp dport map @fullcone\n }}\n chain postrouting {{\n type \
             nat hook postrouting priority srcnat; policy accept;\n oif \"wan\" meta l4proto \
             udp update @fullcone {{ udp sport timeout 300s : ip saddr . udp sport }}\n oif \
             \"wan\" snat to {wan}\n }}\n}}\n"
        ),
        // The carrier's outer NAT: plain masquerading, as patchbay's does.
        Router::Carrier => "table ip nat {\n chain prerouting {\n type nat hook prerouting \
                            priority dstnat; policy accept;\n }\n chain postrouting {\n type \
                            nat hook postrouting priority srcnat; policy accept;\n oif \"wan\" \
                            masquerade\n }\n}\n"
            .to_string(),
        Router::Symmetric => "table ip nat {\n chain prerouting {\n type nat hook prerouting \
                              priority dstnat; policy accept;\n }\n chain postrouting {\n \
                              type nat hook postrouting priority srcnat; policy accept;\n oif \
                              \"wan\" masquerade random\n }\n}\n"
            .to_string(),
    };
    nat + filter
}

/// The host in `a` and the guest in `b`, both on the lab's relay; the guest is given the code
/// that names the relay (the second one the host tells, once its endpoint is online). The
/// pair, and how long from the join to the first deal.
fn relayed_pair(lab: &Lab, config: impl Fn([u8; 32]) -> LinkConfig + Sync) -> (Net, Duration) {
    let relay = lab.own_relay();
    let with_relay = |k| LinkConfig {
        own_relay: Some(relay.clone()),
        ..config(k)
    };
    let (hl, ticket, port) = lab.inside("a", || {
        let link = Link::host(with_relay(key(1))).unwrap();
        let mut last = None;
        let end = Instant::now() + Duration::from_secs(20);
        // The first code names only the host's own addresses; the second, the relay too.
        while Instant::now() < end {
            if let Some(LinkEvent::Ready { ticket, port }) =
                link.recv_timeout(Duration::from_millis(100))
            {
                let again = last.is_some();
                last = Some((ticket, port));
                if again {
                    break;
                }
            }
        }
        let (ticket, port) = last.expect("no code");
        (link, ticket, port)
    });
    let t = Instant::now();
    let gl = lab.inside("b", || Link::join(&ticket, with_relay(key(2))).unwrap());
    let n = Net::over(hl, ticket, port, gl);
    (n, t.elapsed())
}

/// What a row measured.
struct Row {
    /// From the join to the first deal.
    connect: Duration,
    /// The packets during the series: UDP between the houses (a direct path), and to the relay.
    path: (u64, u64),
    /// Each move's time to the other table, sorted.
    took: Vec<Duration>,
    /// The path each side's link last told its player (the host's, the guest's).
    told: [Option<PathNow>; 2],
}

/// One row of the table: a whole series between houses behind `kinds` of routers, over the
/// lab's relay.
fn series_row(tag: &str, kinds: [Router; 2]) -> Option<Row> {
    series_row_with(tag, kinds, |_| {})
}

/// [`series_row`], with `impair` applied to the lab before the players meet.
fn series_row_with(tag: &str, kinds: [Router; 2], impair: impl FnOnce(&Lab)) -> Option<Row> {
    series_in(Lab::houses(tag, kinds)?, kinds, impair, false)
}

/// [`series_row_with`] in a lab already made (its houses behind `kinds` of routers); a lost
/// connection fails the row unless `may_drop` (then it must come back, and the series end).
fn series_in(
    mut lab: Lab,
    kinds: [Router; 2],
    impair: impl FnOnce(&Lab),
    may_drop: bool,
) -> Option<Row> {
    if !lab.start_relay() {
        return None;
    }
    impair(&lab);
    let (mut n, connect) = relayed_pair(&lab, |k| for_bots(lab_config(k)));
    // A pair that can go direct does so within seconds of meeting at the relay (n0 assert
    // within 10-15 s): the series starts once the path has had that long to settle.
    let settle = Instant::now();
    let start = lab.counters().0;
    while settle.elapsed() < Duration::from_secs(15) && lab.counters().0 == start {
        let t = Instant::now();
        n.pump(|_| t.elapsed() > Duration::from_millis(250));
    }
    let first = (lab.counters().0 > start).then(|| settle.elapsed());
    println!("lab {kinds:?}: first UDP packet between the houses after {first:?}");
    let before = lab.counters();
    let took = play_series(&mut n, 31);
    let after = lab.counters();
    assert!(may_drop || n.lost.is_empty(), "{kinds:?}: {:?}", n.lost);
    println!("lab {kinds:?}: connections lost {:?}", n.lost);
    let (p50, p95) = quantiles(&took);
    let path = (after.0 - before.0, after.1 - before.1);
    println!(
        "lab {kinds:?}: dealt {connect:?} after the join; {} moves, to the other table p50 \
         {p50:?} p95 {p95:?}; packets during the series: {} UDP between the houses, {} to the \
         relay",
        took.len(),
        path.0,
        path.1
    );
    let told = [n.paths[0].last().copied(), n.paths[1].last().copied()];
    println!("lab {kinds:?}: the links told their players {told:?}");
    drop(n);
    // More fresh pairs (NETLAB_PAIRS in all): each plays a round, for the row's figures.
    let mut more = More {
        connects: vec![connect],
        direct: usize::from(path.0 > path.1),
        took: took.clone(),
        lost: 0,
    };
    for i in 1..pairs() {
        more.pair(&lab, kinds, i, may_drop);
    }
    more.report(kinds);
    Some(Row {
        connect,
        path,
        took,
        told,
    })
}

/// How many fresh pairs a row makes (`NETLAB_PAIRS`, 1 in the smoke run).
fn pairs() -> u8 {
    std::env::var("NETLAB_PAIRS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1)
        .clamp(1, 100)
}

/// A row's figures over its fresh pairs.
struct More {
    /// Join to first deal, each pair.
    connects: Vec<Duration>,
    /// Pairs whose moves went mostly straight between the houses.
    direct: usize,
    /// Every move's time to the other table.
    took: Vec<Duration>,
    /// Connections lost, all pairs.
    lost: usize,
}

impl More {
    /// Pair `i` (new keys) meets at the relay, has two seconds to find a direct path, and plays
    /// a round, which must end alike on both tables.
    fn pair(&mut self, lab: &Lab, kinds: [Router; 2], i: u8, may_drop: bool) {
        let (mut n, connect) = relayed_pair(lab, |mut k| {
            k[1] = 100 + i;
            for_bots(lab_config(k))
        });
        let start = lab.counters().0;
        let t = Instant::now();
        n.pump(|_| t.elapsed() > Duration::from_secs(2) || lab.counters().0 > start);
        let before = lab.counters();
        let bots = [
            Level::Medium.bot(u64::from(i)),
            Level::Medium.bot(500 + u64::from(i)),
        ];
        while let Some((_, took)) = n.step(&bots) {
            self.took.push(took);
        }
        let after = lab.counters();
        assert!(n.hosts().round().is_finished(), "{kinds:?} pair {i}");
        let (h, g) = (n.hosts().scoreboard(), n.guests().scoreboard());
        assert_eq!(
            h.history[0].points, g.history[0].points,
            "{kinds:?} pair {i}"
        );
        assert!(
            may_drop || n.lost.is_empty(),
            "{kinds:?} pair {i}: {:?}",
            n.lost
        );
        self.lost += n.lost.len();
        self.connects.push(connect);
        if after.0 - before.0 > after.1 - before.1 {
            self.direct += 1;
        }
    }

    fn report(mut self, kinds: [Router; 2]) {
        self.connects.sort();
        self.took.sort();
        let (c50, c95) = quantiles(&self.connects);
        let (m50, m95) = quantiles(&self.took);
        println!(
            "lab {kinds:?} over {} pairs: connected p50 {c50:?} p95 {c95:?}; direct {} of them; \
             moves p50 {m50:?} p95 {m95:?} ({} moves); connections lost {}",
            self.connects.len(),
            self.direct,
            self.took.len(),
            self.lost
        );
    }
}

/// Both players behind home routers, the common case: the series goes direct (the relay
/// introduced them: each learnt its public address from it), and equals the local one.
#[test]
#[ignore = "needs root and network namespaces: .ci/netlab"]
fn lab_home_routers_play_direct() {
    let Some(row) = series_row("home", [Router::Home, Router::Home]) else {
        return;
    };
    let direct = row.path.0;
    assert!(
        direct > 100,
        "the moves should go direct: {direct} UDP packets between houses"
    );
    assert!(
        row.told.iter().all(|t| t.is_some_and(|p| p.direct)),
        "each table says direct: {:?}",
        row.told
    );
}

/// Both players behind symmetric NATs: no direct path can form, and the whole series is played
/// through the relay.
#[test]
#[ignore = "needs root and network namespaces: .ci/netlab"]
fn lab_symmetric_nats_play_through_the_relay() {
    let Some(Row {
        path: (direct, relayed),
        took,
        told,
        ..
    }) = series_row("sym", [Router::Symmetric, Router::Symmetric])
    else {
        return;
    };
    assert!(
        relayed as usize > took.len(),
        "every move through the relay: {relayed} packets to it for {} moves",
        took.len()
    );
    assert!(
        told.iter().all(|t| t.is_some_and(|p| !p.direct)),
        "each table says relayed: {told:?}"
    );
    println!("symmetric: {direct} UDP packets between the houses (punching attempts)");
}

/// Every UDP packet between the two houses is dropped on the internet (a network that lets
/// only the relay's TCP through between them): the series is played through the relay.
#[test]
#[ignore = "needs root and network namespaces: .ci/netlab"]
fn lab_udp_blocked_between_the_houses_plays_through_the_relay() {
    let block = |lab: &Lab| {
        lab.nft(
            "inet",
            "table ip block {\n chain f {\n type filter hook forward priority -5; policy \
             accept;\n ip saddr 198.18.10.0/24 ip daddr 198.18.20.0/24 meta l4proto udp drop\n \
             ip saddr 198.18.20.0/24 ip daddr 198.18.10.0/24 meta l4proto udp drop\n }\n}\n",
        );
    };
    let Some(Row {
        path: (direct, relayed),
        took,
        ..
    }) = series_row_with("noudp", [Router::Home, Router::Home], block)
    else {
        return;
    };
    assert_eq!(direct, 0, "nothing direct gets through");
    assert!(
        relayed as usize > took.len(),
        "{relayed} packets to the relay"
    );
}

/// Drops `percent` of the packets through router `r`, both ways (nftables' random numbers:
/// this kernel has no netem).
fn lossy(lab: &Lab, r: &str, percent: u32) {
    lab.nft(
        r,
        &format!(
            "table inet imp {{\n chain f {{\n type filter hook forward priority -10; policy \
             accept;\n numgen random mod 100 < {percent} drop\n }}\n}}\n"
        ),
    );
}

/// 10% of the packets through the host's home router are lost, both ways: a whole series is
/// still played to the end with no connection lost, each move reaching the other table
/// within 3 s (the goal for 10%).
#[test]
#[ignore = "needs root and network namespaces: .ci/netlab"]
fn lab_ten_percent_loss_loses_no_connection() {
    let Some(Row { took, .. }) = series_row_with("loss", [Router::Home, Router::Home], |lab| {
        lossy(lab, "ra", 10)
    }) else {
        return;
    };
    let (_, p95) = quantiles(&took);
    assert!(
        p95 <= Duration::from_secs(3),
        "move p95 {p95:?} at 10% loss"
    );
}

/// The relay dies mid-round and comes back 3 s later. A pair that went direct does not notice;
/// a pair that plays through it (behind symmetric NATs) is told the friend is lost, connects
/// again once the relay is back (within 20 s of its restart, the goal), and the round carries
/// on from the same move to the same end. Over NETLAB_PAIRS fresh pairs of each kind.
#[test]
#[ignore = "needs root and network namespaces: .ci/netlab"]
fn lab_a_relay_restarted_mid_round_costs_a_relayed_pair_seconds_and_a_direct_one_nothing() {
    for kinds in [
        [Router::Home, Router::Home],
        [Router::Symmetric, Router::Symmetric],
    ] {
        let Some(mut lab) = Lab::houses("relaykill", kinds) else {
            return;
        };
        if !lab.start_relay() {
            return;
        }
        let direct = kinds[0] == Router::Home;
        let mut agains = Vec::new();
        // NETLAB_PAIRS fresh pairs, the relay killed and restarted under each.
        for i in 0..pairs() {
            let (mut n, _) = relayed_pair(&lab, |mut k| {
                k[1] = 170 + i;
                quick_loss(k)
            });
            if direct {
                // Let the pair go direct first (as in lab_home_routers_play_direct).
                let start = lab.counters().0;
                let t = Instant::now();
                n.pump(|_| t.elapsed() > Duration::from_secs(3));
                assert!(lab.counters().0 > start, "{kinds:?} pair {i}: not direct");
            }
            let bots = mediums(41 + u64::from(i));
            n.steps(&bots, 8);
            let before = n.hosts().clone();
            lab.kill_relay();
            let t = Instant::now();
            n.pump(|_| t.elapsed() > Duration::from_secs(3));
            lab.spawn_relay();
            let back = Instant::now();
            assert!(
                n.pump(
                    |n| n.in_step() && (n.lost.is_empty() || n.connected.iter().all(|&c| c >= 2))
                ),
                "{kinds:?} pair {i}: no play again within the harness's wait"
            );
            let again = back.elapsed();
            assert_eq!(n.hosts(), &before, "{kinds:?} pair {i}: the same move");
            while n.step(&bots).is_some() {}
            assert!(n.hosts().round().is_finished());
            if direct {
                assert!(
                    n.lost.is_empty(),
                    "pair {i}: a direct pair lost its friend: {:?}",
                    n.lost
                );
            }
            println!(
                "lab {kinds:?}, relay down 3 s, pair {i}: lost {:?}, playing again {again:?} \
                 after its restart",
                n.lost
            );
            agains.push(again);
        }
        agains.sort();
        let (a50, a95) = quantiles(&agains);
        println!(
            "lab {kinds:?}, relay down 3 s, over {} pairs: playing again p50 {a50:?} p95 \
             {a95:?} (max {:?}) after its restart",
            agains.len(),
            agains.last()
        );
        // The goal: a relayed pair plays again within 20 s of the relay's restart.
        if !direct {
            assert!(a95 <= Duration::from_secs(20), "{kinds:?}: p95 {a95:?}");
        }
    }
}

/// Both players behind carrier-grade NAT (a home router behind the carrier's NAT): the whole
/// series is played, relayed if no direct path forms (the path is reported).
#[test]
#[ignore = "needs root and network namespaces: .ci/netlab"]
fn lab_carrier_grade_nats_play_the_whole_series() {
    let Some(Row {
        path: (direct, relayed),
        took,
        ..
    }) = series_row("cgnat", [Router::Carrier, Router::Carrier])
    else {
        return;
    };
    println!(
        "carrier x carrier: {direct} UDP packets between the houses, {relayed} to the relay, {} \
         moves",
        took.len()
    );
}

/// Hotel Wi-Fi: the host's network lets no UDP out but DNS. The relay's TCP gets through, and
/// the series is played over it.
#[test]
#[ignore = "needs root and network namespaces: .ci/netlab"]
fn lab_a_network_that_blocks_udp_plays_through_the_relay() {
    let hotel = |lab: &Lab| {
        lab.nft(
            "ra",
            "table inet hotel {\n chain f {\n type filter hook forward priority -5; policy \
             accept;\n oif \"wan\" meta l4proto udp udp dport != 53 drop\n }\n}\n",
        );
    };
    let Some(Row {
        path: (direct, relayed),
        took,
        ..
    }) = series_row_with("hotel", [Router::Home, Router::Home], hotel)
    else {
        return;
    };
    assert_eq!(direct, 0, "no UDP leaves the hotel");
    assert!(
        relayed as usize > took.len(),
        "{relayed} packets to the relay"
    );
}

/// Two players in one house, behind one home router, with and without hairpinning: the
/// whole series is played (one report of such a router found a path that worked one way and
/// stalled), and goes over the house's own network rather than the relay; then more fresh
/// pairs (NETLAB_PAIRS in all) play a round each, off the relay too.
#[test]
#[ignore = "needs root and network namespaces: .ci/netlab"]
fn lab_two_players_in_one_house_play_the_whole_series() {
    for hairpin in [false, true] {
        let Some(mut lab) = Lab::one_house("house", hairpin) else {
            return;
        };
        if !lab.start_relay() {
            return;
        }
        let (mut n, connect) = relayed_pair(&lab, |k| for_bots(lab_config(k)));
        let t = Instant::now();
        n.pump(|_| t.elapsed() > Duration::from_secs(2));
        let before = lab.counters().1;
        let took = play_series(&mut n, 51);
        let relayed = lab.counters().1 - before;
        assert!(n.lost.is_empty(), "hairpin {hairpin}: {:?}", n.lost);
        let (p50, p95) = quantiles(&took);
        println!(
            "lab one house, hairpin {hairpin}: dealt {connect:?} after the join; {} moves, p50 \
             {p50:?} p95 {p95:?}; {relayed} packets to the relay during the series",
            took.len()
        );
        assert!(
            (relayed as usize) < took.len() / 4,
            "hairpin {hairpin}: the moves went through the relay ({relayed} packets)"
        );
        drop(n);
        // More fresh pairs (NETLAB_PAIRS in all): each meets, has two seconds to find the
        // house's own network, and plays a round off the relay.
        let (mut connects, mut moves) = (vec![connect], took);
        for i in 1..pairs() {
            let (mut n, connect) = relayed_pair(&lab, |mut k| {
                k[1] = 190 + i;
                for_bots(lab_config(k))
            });
            let t = Instant::now();
            n.pump(|_| t.elapsed() > Duration::from_secs(2));
            let before = lab.counters().1;
            let bots = [
                Level::Medium.bot(u64::from(i)),
                Level::Medium.bot(600 + u64::from(i)),
            ];
            let mut round = Vec::new();
            while let Some((_, took)) = n.step(&bots) {
                round.push(took);
            }
            let relayed = lab.counters().1 - before;
            assert!(
                n.hosts().round().is_finished(),
                "hairpin {hairpin} pair {i}"
            );
            assert!(
                n.lost.is_empty(),
                "hairpin {hairpin} pair {i}: {:?}",
                n.lost
            );
            assert!(
                (relayed as usize) < round.len() / 4 + 4,
                "hairpin {hairpin} pair {i}: the moves went through the relay ({relayed} \
                 packets for {} moves)",
                round.len()
            );
            connects.push(connect);
            moves.extend(round);
        }
        connects.sort();
        moves.sort();
        let ((c50, c95), (m50, m95)) = (quantiles(&connects), quantiles(&moves));
        println!(
            "lab one house, hairpin {hairpin}, over {} pairs: connected p50 {c50:?} p95 \
             {c95:?}; moves p50 {m50:?} p95 {m95:?}; every pair off the relay",
            connects.len()
        );
    }
}

/// Fresh pairs behind home routers, one after another (`NETLAB_PAIRS` of them, 1 in the smoke
/// run): the time from the join to the first deal, and from then to the first packet between
/// the houses. The goals: connected p95 ≤ 3 s, and direct within 10 s in 19 of 20.
#[test]
#[ignore = "needs root and network namespaces: .ci/netlab"]
fn lab_pairs_behind_home_routers_connect_and_go_direct() {
    let pairs = pairs();
    let Some(mut lab) = Lab::houses("pairs", [Router::Home, Router::Home]) else {
        return;
    };
    if !lab.start_relay() {
        return;
    }
    let (mut connects, mut directs) = (Vec::new(), Vec::new());
    for i in 0..pairs {
        // Each pair its own keys, as two new players.
        let (mut n, connect) = relayed_pair(&lab, |mut k| {
            k[1] = i;
            for_bots(lab_config(k))
        });
        let start = lab.counters().0;
        let t = Instant::now();
        n.pump(|_| t.elapsed() > Duration::from_secs(10) || lab.counters().0 > start);
        connects.push(connect);
        if lab.counters().0 > start {
            directs.push(t.elapsed());
        }
    }
    connects.sort();
    directs.sort();
    let (c50, c95) = quantiles(&connects);
    println!(
        "lab {pairs} pairs behind home routers: connected p50 {c50:?} p95 {c95:?}; direct within \
         10 s in {} (p50 {:?})",
        directs.len(),
        directs.get(directs.len() / 2)
    );
    assert!(c95 <= Duration::from_secs(3), "connected p95 {c95:?}");
    assert!(
        directs.len() * 20 >= usize::from(pairs) * 19,
        "direct in {} of {pairs}",
        directs.len()
    );
}

/// p50 and p95 of sorted durations.
fn quantiles(sorted: &[Duration]) -> (Duration, Duration) {
    let at = |q: f64| sorted[((sorted.len() - 1) as f64 * q) as usize];
    (at(0.5), at(0.95))
}

/// [`lab_config`] for bots, told a friend is lost after 2 s of silence (players wait 12 s), so
/// a cut or a dead relay is seen well inside a test's wait.
fn quick_loss(k: [u8; 32]) -> LinkConfig {
    LinkConfig {
        ping: Duration::from_millis(300),
        silence: Duration::from_secs(2),
        ..for_bots(lab_config(k))
    }
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
    let mut n = pair(&lab, quick_loss);
    let bots = mediums(21);
    n.steps(&bots, 8);
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

/// Whether this run is the full table (`NETLAB_FULL=1`: every cut, 20% loss) rather than the
/// smoke run in `.ci/run`.
fn full() -> bool {
    std::env::var("NETLAB_FULL").is_ok_and(|v| v == "1")
}

/// 200 ms round trip between the houses (50 ms each way on each house's cable, a TUN pump:
/// this kernel has no netem), both behind home routers: connected within 6 s (the goal's
/// p95), direct, every move to the other table, and each table shows the round trip.
#[test]
#[ignore = "needs root and network namespaces: .ci/netlab"]
fn lab_a_200_ms_round_trip_connects_goes_direct_and_plays() {
    let imp = Impair {
        delay: Duration::from_millis(50),
        loss: 0,
    };
    let kinds = [Router::Home, Router::Home];
    let Some(lab) = Lab::houses_with("slow", kinds, Some(imp)) else {
        return;
    };
    let Some(row) = series_in(lab, kinds, |_| {}, false) else {
        return;
    };
    let (p50, p95) = quantiles(&row.took);
    println!(
        "lab 200 ms: connected {:?}; moves p50 {p50:?} p95 {p95:?}; told {:?}",
        row.connect, row.told
    );
    assert!(row.connect <= Duration::from_secs(6), "{:?}", row.connect);
    assert!(row.path.0 > 100, "direct: {:?}", row.path);
    for t in row.told {
        let t = t.expect("a path told");
        assert!(t.direct, "{t:?}");
        assert!(
            (180..600).contains(&t.rtt_ms),
            "the round trip shown: {t:?}"
        );
    }
}

/// 5% of the packets through the host's router lost both ways (and 20% in the full run), on a
/// 100 ms round trip: at
/// 5% every round is completed with no connection lost and each move reaches the other table
/// within 1.5 s (p95); at 20% the series is still played to its end.
#[test]
#[ignore = "needs root and network namespaces: .ci/netlab"]
fn lab_five_and_twenty_percent_loss_play_the_series_out() {
    let rates: &[u32] = if full() { &[5, 20] } else { &[5] };
    for &percent in rates {
        let kinds = [Router::Home, Router::Home];
        // 100 ms round trip as well, so that each lost packet costs a resend's wait.
        let wire = Impair {
            delay: Duration::from_millis(25),
            loss: 0,
        };
        let Some(lab) = Lab::houses_with("loss5", kinds, Some(wire)) else {
            return;
        };
        let Some(Row { took, told, .. }) =
            series_in(lab, kinds, |lab| lossy(lab, "ra", percent), percent > 10)
        else {
            return;
        };
        let (p50, p95) = quantiles(&took);
        println!(
            "lab {percent}% loss: {} moves, p50 {p50:?} p95 {p95:?}; told {told:?}",
            took.len()
        );
        if percent <= 5 {
            assert!(p95 <= Duration::from_millis(1500), "move p95 {p95:?}");
        }
    }
}

/// How a link is cut.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cut {
    /// Upstream: the internet drops everything to and from the host's house; every interface
    /// stays up.
    Blackhole,
    /// The host's router loses its uplink (its WAN interface down).
    RouterUplink,
    /// The host's own interface goes down, as a laptop's Wi-Fi does (the game's network
    /// watcher sees it).
    OwnInterface,
}

impl Cut {
    fn start(self, lab: &Lab) {
        match self {
            Cut::Blackhole => lab.nft(
                "inet",
                "table ip cut {\n chain f {\n type filter hook forward priority -20; policy \
                 accept;\n ip saddr 198.18.10.0/24 drop\n ip daddr 198.18.10.0/24 drop\n }\n}\n",
            ),
            Cut::RouterUplink => lab.run("ra", &["ip", "link", "set", "wan", "down"]),
            Cut::OwnInterface => lab.run("a", &["ip", "link", "set", "eth0", "down"]),
        }
    }

    /// Restores the link; an interface brought up again has lost its routes, so the default
    /// route is put back, as the system's network manager would.
    fn end(self, lab: &Lab) {
        match self {
            Cut::Blackhole => lab.run("inet", &["nft", "delete", "table", "ip", "cut"]),
            Cut::RouterUplink => {
                lab.run("ra", &["ip", "link", "set", "wan", "up"]);
                lab.route("ra", "198.18.10.254");
            }
            Cut::OwnInterface => {
                lab.run("a", &["ip", "link", "set", "eth0", "up"]);
                lab.route("a", "192.168.1.1");
            }
        }
    }
}

/// Handles both sides' events until `done` or `limit` passes; whether `done`.
fn pump_until(n: &mut Net, limit: Duration, done: impl Fn(&Net) -> bool) -> bool {
    let end = Instant::now() + limit;
    loop {
        if n.pump(|n| done(n) || Instant::now() >= end) {
            return done(n);
        }
    }
}

/// The host's link is cut for 30 s mid-round (upstream; in the full run also its router's
/// uplink and its own interface), both behind home routers with the lab's relay and the
/// players' own timings (12 s of silence before a friend counts as gone): both sides say so
/// within 15 s of the cut, play again within 20 s of the link's return, at the same move, and
/// the round ends as an unbroken one would.
#[test]
#[ignore = "needs root and network namespaces: .ci/netlab"]
fn lab_a_30_s_cut_is_told_then_play_resumes_at_the_same_move() {
    const CUT: Duration = Duration::from_secs(30);
    let cuts: &[Cut] = if full() {
        &[Cut::Blackhole, Cut::RouterUplink, Cut::OwnInterface]
    } else {
        &[Cut::Blackhole]
    };
    // NETLAB_CUT=Blackhole (or RouterUplink, OwnInterface) runs that kind alone, so the three
    // can run side by side in three labs.
    let only = std::env::var("NETLAB_CUT").ok();
    for &cut in cuts
        .iter()
        .filter(|c| only.as_ref().is_none_or(|o| *o == format!("{c:?}")))
    {
        let Some(mut lab) = Lab::houses("cut30", [Router::Home, Router::Home]) else {
            return;
        };
        if !lab.start_relay() {
            return;
        }
        let (mut tolds, mut agains) = (Vec::new(), Vec::new());
        // NETLAB_PAIRS fresh pairs, one cut each.
        for i in 0..pairs() {
            let (mut n, _) = relayed_pair(&lab, |mut k| {
                k[1] = 150 + i;
                LinkConfig {
                    ping: Duration::from_secs(3),
                    silence: Duration::from_secs(12),
                    ..for_bots(lab_config(k))
                }
            });
            let bots = mediums(61 + u64::from(i));
            n.steps(&bots, 8);
            let before = n.hosts().clone();
            mark(&format!("cut start pair {i}"));
            cut.start(&lab);
            let t = Instant::now();
            assert!(
                pump_until(&mut n, CUT, |n| n.lost.len() >= 2),
                "{cut:?}: both sides should say the friend is gone: {:?}",
                n.lost
            );
            let told = t.elapsed();
            pump_until(&mut n, CUT.saturating_sub(t.elapsed()), |_| false);
            cut.end(&lab);
            mark(&format!("cut end pair {i}"));
            let back = Instant::now();
            assert!(
                pump_until(&mut n, Duration::from_secs(60), |n| n.connected[0] >= 2
                    && n.connected[1] >= 2
                    && n.in_step()),
                "{cut:?}: no play again a minute after the link came back: connected {:?}",
                n.connected
            );
            let again = back.elapsed();
            mark(&format!("again pair {i} after {again:?}"));
            println!(
                "lab cut {cut:?} for {CUT:?}, pair {i}: gone told after {told:?}; playing again \
                 {again:?} after the link returned; lost {:?}",
                n.lost
            );
            assert_eq!(n.hosts(), &before, "{cut:?}: the same move");
            while n.step(&bots).is_some() {}
            assert!(n.hosts().round().is_finished());
            // The goal is 15 s; the game promises its silence limit (12 s), and keeps it within
            // a second (when the link checked silence only at each ping, this was 14.96-14.98 s).
            assert!(
                told <= Duration::from_secs(13),
                "{cut:?}: told after {told:?}"
            );
            tolds.push(told);
            agains.push(again);
        }
        tolds.sort();
        agains.sort();
        let ((t50, t95), (a50, a95)) = (quantiles(&tolds), quantiles(&agains));
        println!(
            "lab cut {cut:?} over {} pairs: told p50 {t50:?} p95 {t95:?}; playing again p50 \
             {a50:?} p95 {a95:?} (max {:?})",
            tolds.len(),
            agains.last()
        );
        // The goal: play again within 20 s of the link's return, at p95.
        assert!(a95 <= Duration::from_secs(20), "{cut:?}: again p95 {a95:?}");
    }
}

/// One side of [`lab_a_side_killed_mid_round_resumes_from_its_file`], as a process of its own:
/// the test binary run again with `NETLAB_PEER=host|guest`, its files in `NETLAB_DIR` (the
/// guest is given the code in `NETLAB_TICKET`). It carries on from its `friend.ron` if there is
/// one, as the game does after a crash, plays its seat with a bot, writes the file after each
/// move, and says on stdout what the test needs: `PEER TICKET …`, `PEER AT deals moves`,
/// `PEER DONE …` once the round is over. Run alone (no `NETLAB_PEER`) it does nothing.
#[test]
#[ignore = "one side of a two-process lab row, started by it"]
fn lab_peer() {
    use super::guest::Guest;
    use super::host::Host;
    use super::side::Peer as _;
    use super::told::{GUEST, HOST, local};
    use crate::ai::View;
    use crate::rules::RuleSettings;
    use crate::store::friend::{FriendFile, SavedFriend, SavedSide};
    use crate::store::{load, save};

    let Ok(role) = std::env::var("NETLAB_PEER") else {
        return;
    };
    let dir = PathBuf::from(std::env::var("NETLAB_DIR").expect("NETLAB_DIR"));
    let file = dir.join("friend.ron");
    let kept = load::<FriendFile>(&file).value.restored().series;
    enum Side {
        Host(Host),
        Guest(Guest),
    }
    let hosting = role == "host";
    let (mut side, my_key, port, friend, ticket) = match kept {
        Some(SavedFriend {
            side: SavedSide::Host { host, port },
            key,
            friend_key,
        }) => (Side::Host(host), key, port, friend_key, None),
        Some(SavedFriend {
            side: SavedSide::Guest { guest, ticket },
            key,
            friend_key,
        }) => (Side::Guest(guest), key, 0, friend_key, Some(ticket)),
        None if hosting => (
            Side::Host(Host::new("Ana", RuleSettings::default())),
            key(1),
            0,
            None,
            None,
        ),
        None => (
            Side::Guest(Guest::new("Bo")),
            key(2),
            0,
            None,
            std::env::var("NETLAB_TICKET").ok(),
        ),
    };
    let config = LinkConfig {
        port,
        friend,
        ..quick_loss(my_key)
    };
    let link = match &ticket {
        Some(t) => Link::join(t, config).unwrap(),
        None => Link::host(config).unwrap(),
    };
    let say = |line: String| {
        println!("PEER {line}");
        let _ = std::io::Write::flush(&mut std::io::stdout());
    };
    let mut rng = rand::rng();
    let bot = Level::Medium.bot(if hosting { 71 } else { 72 });
    let mut friend_key = friend;
    let mut bound = port;
    let mut shown = None;
    // The table a move was last sent from: the guest's table moves on only when the host's
    // word comes, so it sends once per table (and again after a reconnection).
    let mut played = None;
    let end = Instant::now() + Duration::from_secs(120);
    while Instant::now() < end {
        let mut out = Vec::new();
        while let Some(e) = link.recv_timeout(Duration::from_millis(20)) {
            match e {
                LinkEvent::Ready { ticket, port } => {
                    bound = port;
                    say(format!("TICKET {ticket}"));
                }
                LinkEvent::Connected { friend } => {
                    friend_key = Some(friend);
                    played = None;
                    say("CONNECTED".into());
                    out.extend(match &mut side {
                        Side::Host(h) => h.connected(),
                        Side::Guest(g) => g.connected(),
                    });
                }
                // As the game does: a message refused (a move sent again for a table already
                // gone) is dropped and said; only a foul would end the series.
                LinkEvent::Frame(m) => match &mut side {
                    Side::Host(h) => match h.receive_with(m, |_| rng.random()) {
                        Ok(r) => out.extend(r.send),
                        Err(e) => {
                            assert!(!e.is_foul(), "a foul: {e}");
                            say(format!("REFUSED {e}"));
                        }
                    },
                    Side::Guest(g) => match g.receive_with(m, |_| rng.random()) {
                        Ok(r) => out.extend(r.send),
                        Err(e) => {
                            assert!(!e.is_foul(), "a foul: {e}");
                            say(format!("REFUSED {e}"));
                        }
                    },
                },
                LinkEvent::Lost { why } => say(format!("LOST {why}")),
                _ => {}
            }
        }
        let m = match &side {
            Side::Host(h) => h.series(),
            Side::Guest(g) => g.series(),
        };
        if let Some(m) = m.cloned() {
            let r = m.round();
            let at = (m.deals(), r.history().len());
            // Write the file first, then tell the friend: a move on the wire is always kept.
            if shown != Some(at) {
                let saved = SavedFriend {
                    side: match &side {
                        Side::Host(h) => SavedSide::Host {
                            host: h.clone(),
                            port: bound,
                        },
                        Side::Guest(g) => SavedSide::Guest {
                            guest: g.clone(),
                            ticket: ticket.clone().unwrap(),
                        },
                    },
                    key: my_key,
                    friend_key,
                };
                save(
                    &file,
                    &FriendFile {
                        series: Some(saved),
                    },
                )
                .unwrap();
                shown = Some(at);
                say(format!("AT {} {}", at.0, at.1));
                if r.is_finished() {
                    say(format!(
                        "DONE {:?}",
                        m.scoreboard()
                            .history
                            .iter()
                            .map(|h| h.points)
                            .collect::<Vec<_>>()
                    ));
                }
            }
            let me = if hosting { HOST } else { local(GUEST) };
            if !r.is_finished() && r.to_act() == Some(me) && played != Some(at) {
                played = Some(at);
                let action = bot.decide(&View::of(r, me, Some(m.scoreboard())));
                match &mut side {
                    Side::Host(h) => out.extend(h.play(action).unwrap()),
                    Side::Guest(g) => out.push(g.play(action).unwrap()),
                }
            }
        }
        for f in out {
            link.send(f);
        }
    }
}

/// A side of the game as a process of its own in namespace `n` ([`lab_peer`]), its stdout's
/// `PEER` lines on a channel.
fn spawn_peer(
    lab: &Lab,
    n: &str,
    env: &[(&str, &str)],
) -> (Child, std::sync::mpsc::Receiver<String>) {
    let exe = std::env::current_exe().unwrap();
    let mut cmd = Command::new("ip");
    cmd.args(["netns", "exec", &lab.ns(n)])
        .arg(exe)
        .args([
            "--exact",
            "net::lab_tests::lab_peer",
            "--ignored",
            "--nocapture",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().unwrap();
    let out = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        use std::io::BufRead as _;
        for line in std::io::BufReader::new(out).lines().map_while(Result::ok) {
            if let Some(l) = line.strip_prefix("PEER ")
                && tx.send(l.to_string()).is_err()
            {
                return;
            }
        }
    });
    (child, rx)
}

/// The next line from a peer that `want` takes, within 30 s (the lines passed over are
/// returned too, for the failure message).
fn wait_line<T>(rx: &std::sync::mpsc::Receiver<String>, want: impl Fn(&str) -> Option<T>) -> T {
    let end = Instant::now() + Duration::from_secs(30);
    let mut seen = Vec::new();
    while Instant::now() < end {
        if let Ok(l) = rx.recv_timeout(Duration::from_millis(100)) {
            if let Some(t) = want(&l) {
                return t;
            }
            seen.push(l);
        }
    }
    panic!("no such line from the peer within 30 s; it said {seen:?}");
}

/// Two processes, one game each, in two houses: the host's is killed with SIGKILL mid-round
/// (as a crash or a flat battery does) and started again from its `friend.ron`. It binds the
/// same port with the same key, so it tells the same invite code; the guest's game, dialling
/// on by itself, finds it; the round goes on from the move the file kept and ends the same on
/// both tables.
#[test]
#[ignore = "needs root and network namespaces: .ci/netlab"]
fn lab_a_side_killed_mid_round_resumes_from_its_file() {
    let Some(lab) = Lab::two_houses("procs") else {
        return;
    };
    let (hd, gd) = (lab.dir.path().join("host"), lab.dir.path().join("guest"));
    let (hd, gd) = (hd.to_str().unwrap(), gd.to_str().unwrap());
    let (mut host, hrx) = spawn_peer(&lab, "a", &[("NETLAB_PEER", "host"), ("NETLAB_DIR", hd)]);
    let ticket = wait_line(&hrx, |l| l.strip_prefix("TICKET ").map(str::to_string));
    let (mut guest, grx) = spawn_peer(
        &lab,
        "b",
        &[
            ("NETLAB_PEER", "guest"),
            ("NETLAB_DIR", gd),
            ("NETLAB_TICKET", &ticket),
        ],
    );
    // A few moves into the first round.
    let at = |l: &str| {
        let mut w = l
            .strip_prefix("AT ")?
            .split(' ')
            .map(|n| n.parse::<usize>().ok());
        Some((w.next()??, w.next()??))
    };
    wait_line(&hrx, |l| at(l).filter(|&(_, moves)| moves >= 4));
    host.kill().unwrap();
    host.wait().unwrap();
    let killed_at = Instant::now();
    let kept = crate::store::load::<crate::store::friend::FriendFile>(
        &std::path::Path::new(hd).join("friend.ron"),
    )
    .value
    .series
    .expect("the host's file keeps the series");
    let kept_moves = match &kept.side {
        crate::store::friend::SavedSide::Host { host, .. } => {
            let r = host.series().unwrap().round();
            assert!(!r.is_finished(), "killed mid-round");
            r.history().len()
        }
        other => panic!("{other:?}"),
    };
    // Started again on the same files.
    let (mut again, arx) = spawn_peer(&lab, "a", &[("NETLAB_PEER", "host"), ("NETLAB_DIR", hd)]);
    let same = wait_line(&arx, |l| l.strip_prefix("TICKET ").map(str::to_string));
    assert_eq!(same, ticket, "the same invite code");
    let resumed = wait_line(&arx, at);
    assert_eq!(
        resumed,
        (1, kept_moves),
        "resumed at the move the file kept"
    );
    wait_line(&arx, |l| (l == "CONNECTED").then_some(()));
    let back = killed_at.elapsed();
    let host_done = wait_line(&arx, |l| l.strip_prefix("DONE ").map(str::to_string));
    let guest_done = wait_line(&grx, |l| l.strip_prefix("DONE ").map(str::to_string));
    for c in [&mut again, &mut guest] {
        let _ = c.kill();
        let _ = c.wait();
    }
    assert_eq!(host_done, guest_done, "the same round on both tables");
    println!(
        "lab two processes: host killed after {kept_moves} moves, connected again {back:?} after \
         the kill (a restart included); the round ended alike: {host_done}"
    );
}
