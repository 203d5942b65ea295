//! The program's command line, run as a player runs it: `verify` checks a deal against its
//! commitment and prints the deal the seed gives.

use std::process::Command;

use hollywood_gin::lang::card;
use hollywood_gin::rules::commit::{commitment, dealt, hex, short};

/// Runs the program with `args` in English. `HOLLYWOOD_GIN_LANG` is the one way to choose the
/// language on every system: on Windows and macOS the locale variables are not read.
fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_hollywood-gin"))
        .args(args)
        .env("HOLLYWOOD_GIN_LANG", "en")
        .output()
        .expect("the program runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn verify_prints_the_deal_for_the_right_seed_and_refuses_a_wrong_one() {
    let (seed, deal) = (614480483733483466u64, 3u64);
    let c = commitment(seed, deal);
    let (s, d) = (seed.to_string(), deal.to_string());
    let (code, out, err) = run(&["verify", "--seed", &s, "--deal", &d, "--commit", &short(&c)]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains(&hex(&c)), "{out}");
    // The printed deal is the round's: each line lists exactly that part's cards.
    let want = dealt(seed);
    let line = |prefix: &str| -> Vec<String> {
        let l = out
            .lines()
            .find(|l| l.starts_with(prefix))
            .unwrap_or_else(|| panic!("no {prefix} line in {out}"));
        l.split_once(": ")
            .expect("a colon")
            .1
            .split(' ')
            .map(String::from)
            .collect()
    };
    let names = |cs: &mut dyn Iterator<Item = hollywood_gin::rules::Card>| -> Vec<String> {
        cs.map(card).collect()
    };
    assert_eq!(
        line("Non-dealer's hand"),
        names(&mut want.non_dealer.iter())
    );
    assert_eq!(line("Dealer's hand"), names(&mut want.dealer.iter()));
    assert_eq!(line("Upcard"), vec![card(want.upcard)]);
    assert_eq!(line("Stock"), names(&mut want.stock.iter().copied()));
    assert_eq!(line("Stock").len(), 31);

    // A wrong seed, or the right seed with another deal number: refused, no deal printed.
    let wrong = (seed + 1).to_string();
    let (code, out, err) = run(&[
        "verify",
        "--seed",
        &wrong,
        "--deal",
        &d,
        "--commit",
        &short(&c),
    ]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.is_empty() && err.contains("not that deal"),
        "{out}{err}"
    );
    let (code, ..) = run(&[
        "verify",
        "--seed",
        &s,
        "--deal",
        "4",
        "--commit",
        &short(&c),
    ]);
    assert_eq!(code, 1);
    // Not a commitment at all.
    let (code, _, err) = run(&["verify", "--seed", &s, "--deal", &d, "--commit", "abc"]);
    assert_eq!(code, 2);
    assert!(err.contains("at least 32 hex digits; this has 3"), "{err}");
}

#[test]
fn a_mistyped_command_line_says_so_in_the_players_language() {
    let (code, _, err) = run(&["--windowed", "800"]);
    assert_eq!(code, 2);
    assert!(err.contains("expected WIDTHxHEIGHT"), "{err}");
    let out = Command::new(env!("CARGO_BIN_EXE_hollywood-gin"))
        .args(["--windowed", "800"])
        .env("HOLLYWOOD_GIN_LANG", "nl")
        .output()
        .expect("the program runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("de opdrachtregel klopt niet"), "{err}");
    assert!(err.contains("verwacht BREEDTExHOOGTE"), "{err}");
}

#[test]
fn every_number_printed_is_the_number_given() {
    // 2^53 + 1 and u64::MAX: neither may pass through a float.
    for deal in [9_007_199_254_740_993u64, u64::MAX] {
        let seed = 614480483733483466u64;
        let c = short(&commitment(seed, deal));
        let (s, d) = (seed.to_string(), deal.to_string());
        let (code, out, err) = run(&["verify", "--seed", &s, "--deal", &d, "--commit", &c]);
        assert_eq!(code, 0, "{out}{err}");
        assert!(out.contains(&format!("Deal {deal}")), "{out}");
    }
}

/// Every file in `dir` with its bytes (a directory or FIFO as a marker), to compare before and
/// after a command that must only read.
fn snapshot(dir: &std::path::Path) -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let bytes = if e.file_type().unwrap().is_file() {
                std::fs::read(e.path()).unwrap()
            } else {
                b"(not a file)".to_vec()
            };
            (name, bytes)
        })
        .collect();
    v.sort();
    v
}

#[test]
fn a_review_changes_no_file_and_words_its_refusals() {
    use hollywood_gin::ai::{Level, View};
    use hollywood_gin::rules::{Match, RuleSettings};
    use hollywood_gin::store::save::SavedSeries;
    let dir = std::env::temp_dir().join(format!("hg-cli-review-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // A finished round, saved as the game saves it.
    let mut m = Match::new(RuleSettings::default(), 21);
    let bot = Level::Medium.bot(1);
    while let Some(s) = m.round().to_act() {
        let a = bot.decide(&View::of(m.round(), s, Some(m.scoreboard())));
        m.apply(s, a).unwrap();
    }
    let good = dir.join("good.ron");
    hollywood_gin::store::save(&good, &SavedSeries::new(&m, Level::Medium)).unwrap();
    let text = std::fs::read_to_string(&good).unwrap();
    // A damaged key, a hand edit, a directory and (on Unix) a FIFO where a save should be.
    std::fs::write(dir.join("key.ron"), text.replacen("level:", "levle:", 1)).unwrap();
    std::fs::write(dir.join("junk.ron"), "(version: 2, series: Some((").unwrap();
    std::fs::create_dir(dir.join("dir.ron")).unwrap();
    #[cfg(unix)]
    {
        let fifo = std::ffi::CString::new(dir.join("fifo.ron").to_str().unwrap()).unwrap();
        assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o600) }, 0);
    }
    let before = snapshot(&dir);
    let review = |name: &str| {
        let f = dir.join(name);
        run(&["review", "--file", f.to_str().unwrap()])
    };
    let (code, out, err) = review("good.ron");
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("Round 1:"), "{out}");
    // (Windows will not open a directory as a file at all: it is unreadable there.)
    let dir_said = if cfg!(windows) {
        "could not be read"
    } else {
        "is not a regular file"
    };
    for (name, said) in [
        ("key.ron", "has fields the game never writes (`levle`)"),
        ("junk.ron", "is not valid ("),
        ("dir.ron", dir_said),
        #[cfg(unix)]
        ("fifo.ron", "is not a regular file"),
    ] {
        let (code, out, err) = review(name);
        assert_eq!(code, 1, "{name}: {out}{err}");
        assert!(
            err.contains("cannot review") && err.contains(said),
            "{name}: {err}"
        );
        // Worded, not a debug structure.
        assert!(
            !err.contains("Unusable") && !err.contains("kept:"),
            "{name}: {err}"
        );
    }
    assert_eq!(
        snapshot(&dir),
        before,
        "a review moved, copied or changed a file"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
