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
