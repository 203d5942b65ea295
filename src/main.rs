//! The `hollywood-gin` program: the game window, or the headless simulator.
//!
//! On Windows a release build is a GUI program (no console window opens behind the game); when
//! it is run from a terminal with arguments (`--help`, `simulate`, ...) it attaches to that
//! terminal so the output is seen. Logging goes to stderr; `RUST_LOG` changes the level.
#![cfg_attr(all(windows, not(debug_assertions)), windows_subsystem = "windows")]

use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use hollywood_gin::ai::Level;
use hollywood_gin::ai::sim::{self, SimConfig};
use hollywood_gin::lang::{Voice, card_row};
use hollywood_gin::rules::RuleSettings;
use hollywood_gin::words::decimal;

#[derive(Parser)]
#[command(
    name = "hollywood-gin",
    version,
    about = "Hollywood Gin Rummy against the computer"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Window size, e.g. 1280x800.
    #[arg(long, value_parser = parse_size)]
    windowed: Option<(u32, u32)>,
    /// Seed for the deals, for reproducible play.
    #[arg(long)]
    seed: Option<u64>,
}

fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let (w, h) = s
        .split_once(['x', 'X'])
        .ok_or_else(|| Voice::system().t("cli-size-format", &[]))?;
    let number = |v: &str| v.trim().parse::<u32>().ok();
    let (Some(w), Some(h)) = (number(w), number(h)) else {
        return Err(Voice::system().t("cli-size-format", &[]));
    };
    if !(320..=16384).contains(&w) || !(240..=16384).contains(&h) {
        return Err(Voice::system().t("cli-size-unusable", &[("size", format!("{w}x{h}").into())]));
    }
    Ok((w, h))
}

#[derive(Subcommand)]
enum Command {
    /// Bots play each other without a window and the results are printed.
    Simulate(SimulateArgs),
    /// Checks a deal against the commitment shown before it was played, and prints the deal.
    Verify(VerifyArgs),
    /// Reviews your decisions in a round of the saved series (or replayed deal) with the Expert
    /// engine, and prints them.
    Review(ReviewArgs),
}

#[derive(Args)]
struct ReviewArgs {
    /// The saved series to read (default: the game's own save).
    #[arg(long)]
    file: Option<std::path::PathBuf>,
    /// Which round of the series, from 1 (default: the last finished one).
    #[arg(long)]
    round: Option<usize>,
    /// Seed of the review's sampled deals (default: the round's deal seed, as the game's own
    /// review uses).
    #[arg(long)]
    seed: Option<u64>,
}

/// An action of the player's, in words.
fn action_text(a: &hollywood_gin::rules::Action) -> String {
    hollywood_gin::words::action_text(&Voice::system(), a)
}

/// `review`: the player's decisions in one round, each with the engine's best move and what
/// the move made cost.
fn review(a: ReviewArgs) -> ExitCode {
    use hollywood_gin::ai::review;
    use hollywood_gin::store::save::SavedSeries;
    let fail = |id: &str, detail: String| {
        eprintln!(
            "hollywood-gin: {}",
            Voice::system().t(id, &[("detail", detail.into())])
        );
        ExitCode::FAILURE
    };
    let Some(path) = a
        .file
        .clone()
        .or_else(|| hollywood_gin::store::Paths::platform().map(|p| p.save()))
    else {
        return fail("review-no-file", String::new());
    };
    // A review only reads: a file it cannot use is said so and left where and as it is.
    let saved = match hollywood_gin::store::peek::<SavedSeries>(&path) {
        Ok(saved) => saved.unwrap_or_default(),
        Err(problem) => {
            let said = Voice::system().t(
                "review-bad-file",
                &[
                    ("path", path.display().to_string().into()),
                    (
                        "problem",
                        hollywood_gin::words::file_problem(&Voice::system(), &problem).into(),
                    ),
                ],
            );
            eprintln!("hollywood-gin: {said}");
            return ExitCode::FAILURE;
        }
    };
    let Some(m) = saved.series else {
        return fail("review-no-series", path.display().to_string());
    };
    let rounds = m.rounds_played();
    let finished: Vec<usize> = (0..rounds.len())
        .filter(|&i| rounds[i].finished())
        .collect();
    let pick = match a.round {
        Some(n) => n.checked_sub(1).filter(|i| finished.contains(i)),
        None => finished.last().copied(),
    };
    let Some(i) = pick else {
        return fail(
            "review-no-round",
            format!("{} / {}", a.round.unwrap_or(0), finished.len()),
        );
    };
    let p = &rounds[i];
    let me = hollywood_gin::rules::Seat::P1;
    eprint!("{}", Voice::system().t("review-working", &[]));
    let done = review::review(
        &p.start,
        p.moves(),
        me,
        Some(&p.before),
        a.seed.unwrap_or_else(|| review::default_seed(&p.start)),
        &mut |d, t| {
            eprint!("\r{} {d}/{t}", Voice::system().t("review-working", &[]));
        },
    );
    eprintln!();
    let rev = match done {
        Ok(r) => r,
        Err(e) => return fail("review-bad-round", e.to_string()),
    };
    println!(
        "{}",
        Voice::system().t(
            "review-header",
            &[
                ("round", (i + 1).into()),
                ("decisions", rev.decisions.len().into())
            ]
        )
    );
    for d in &rev.decisions {
        let v = &d.view;
        println!(
            "{}",
            Voice::system().t(
                "review-decision",
                &[
                    ("move", (d.move_index + 1).into()),
                    ("played", action_text(&d.played).into()),
                    ("best", action_text(&d.best).into()),
                    ("cost", decimal(&Voice::system(), d.cost, 1).into()),
                    ("se", decimal(&Voice::system(), d.se, 1).into()),
                    (
                        "verdict",
                        match d.verdict {
                            review::Verdict::Costly => "costly",
                            review::Verdict::TooClose => "close",
                            review::Verdict::Fine => "fine",
                        }
                        .into(),
                    ),
                    ("hand", card_row(v.hand).into()),
                    (
                        "top",
                        v.discard_top()
                            .map(hollywood_gin::lang::card)
                            .unwrap_or_else(|| "–".into())
                            .into(),
                    ),
                    ("known", card_row(v.knowledge.opp_holds).into()),
                    ("knowncount", v.knowledge.opp_holds.len().into()),
                ]
            )
        );
    }
    let summary = hollywood_gin::words::review::summary(&Voice::system(), &rev);
    println!("{summary}");
    println!(
        "{}",
        Voice::system().t(
            "review-margin",
            &[
                (
                    "margin",
                    decimal(&Voice::system(), review::MARGIN, 0).into()
                ),
                ("z", decimal(&Voice::system(), review::Z, 0).into()),
                ("batch", review::BATCH.into()),
                ("samples", review::MAX_SAMPLES.into()),
            ]
        )
    );
    ExitCode::SUCCESS
}

#[derive(Args)]
struct VerifyArgs {
    /// The deal's seed, revealed after the round.
    #[arg(long)]
    seed: u64,
    /// The deal's number, shown with its commitment.
    #[arg(long)]
    deal: u64,
    /// The commitment shown before the deal (its 32 hex digits, or the whole hash).
    #[arg(long)]
    commit: String,
}

/// `verify`: exit 0 and the deal when the seed and number give the commitment; 1 when they do
/// not; 2 when the commitment is not one.
fn verify(a: VerifyArgs) -> ExitCode {
    use hollywood_gin::rules::commit::{self, CommitError};
    let hash = commit::hex(&commit::commitment(a.seed, a.deal));
    let args = |more: Vec<(&'static str, String)>| -> Vec<(&'static str, _)> {
        let mut v = vec![
            ("seed", a.seed.to_string().into()),
            // As text: Fluent's numbers are floats, which would print 2^53 + 1 as 2^53.
            ("deal", a.deal.to_string().into()),
            ("hash", hash.clone().into()),
        ];
        v.extend(more.into_iter().map(|(k, x)| (k, x.into())));
        v
    };
    match commit::verify(a.seed, a.deal, &a.commit) {
        Ok(()) => {
            println!("{}", Voice::system().t("verify-ok", &args(vec![])));
            let d = commit::dealt(a.seed);
            for (id, cards) in [
                ("verify-non-dealer", card_row(d.non_dealer)),
                ("verify-dealer", card_row(d.dealer)),
                ("verify-upcard", hollywood_gin::lang::card(d.upcard)),
                ("verify-stock", card_row(d.stock.iter().copied())),
            ] {
                println!("{}", Voice::system().t(id, &args(vec![("cards", cards)])));
            }
            ExitCode::SUCCESS
        }
        Err(CommitError::Mismatch) => {
            eprintln!(
                "hollywood-gin: {}",
                Voice::system().t("verify-mismatch", &args(vec![]))
            );
            ExitCode::FAILURE
        }
        Err(e) => {
            let digits = a.commit.chars().filter(|c| !c.is_whitespace()).count();
            let why = match e {
                CommitError::NotHex => "not-hex",
                CommitError::TooShort(_) => "too-short",
                _ => "too-long",
            };
            eprintln!(
                "hollywood-gin: {}",
                Voice::system().t(
                    "verify-bad-commit",
                    &args(vec![("why", why.into()), ("digits", digits.to_string())])
                )
            );
            ExitCode::from(2)
        }
    }
}

#[derive(Args)]
struct SimulateArgs {
    /// Number of full Hollywood series to play.
    #[arg(long, conflicts_with = "rounds")]
    games: Option<usize>,
    /// Number of single rounds to play instead of series.
    #[arg(long)]
    rounds: Option<usize>,
    /// Bot A: easy, medium, hard or expert.
    #[arg(long, default_value = "hard")]
    p1: Level,
    /// Bot B: easy, medium, hard or expert.
    #[arg(long, default_value = "medium")]
    p2: Level,
    /// Seed for the whole run (deals and bots).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Gin bonus (25 or 20).
    #[arg(long, default_value_t = 25)]
    gin_bonus: u32,
    /// Undercut bonus.
    #[arg(long, default_value_t = 10)]
    undercut_bonus: u32,
    /// Most deadwood to knock with.
    #[arg(long, default_value_t = 10)]
    knock_limit: u32,
    /// Points that close a Hollywood game.
    #[arg(long, default_value_t = 100)]
    game_target: u32,
    /// Deals Hard samples per decision (for tuning; default is Hard's own).
    #[arg(long)]
    hard_samples: Option<usize>,
    /// Standard errors a search result must beat Medium's move by (for tuning Hard).
    #[arg(long)]
    hard_z: Option<f32>,
    /// Deals Expert samples per decision (for tuning; default is Expert's own).
    #[arg(long)]
    expert_samples: Option<usize>,
    /// Standard errors a search result must beat Medium's move by (for tuning Expert).
    #[arg(long)]
    expert_z: Option<f32>,
    /// Print every round's facts as `src/ai/rounds.rs` (what Expert's series value plays on
    /// with) instead of the report.
    #[arg(long)]
    bake_rounds: bool,
    /// Play each deal twice with the seats swapped, so the luck of the cards cancels out of
    /// the comparison (an even count plays every deal both ways).
    #[arg(long)]
    mirrored: bool,
}

fn simulate(a: SimulateArgs) -> ExitCode {
    let rules = RuleSettings {
        gin_bonus: a.gin_bonus,
        undercut_bonus: a.undercut_bonus,
        knock_limit: a.knock_limit,
        game_target: a.game_target,
        ..RuleSettings::default()
    };
    if let Err(e) = rules.validate() {
        eprintln!(
            "hollywood-gin: {}",
            Voice::system().t("cli-bad-rules", &[("detail", e.into())])
        );
        return ExitCode::from(2);
    }
    let threads = a
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let cfg = SimConfig {
        levels: [a.p1, a.p2],
        count: a.rounds.or(a.games).unwrap_or(100),
        single_rounds: a.rounds.is_some(),
        seed: a.seed,
        rules,
        threads,
        progress: true,
        hard_samples: a.hard_samples,
        hard_z: a.hard_z,
        expert_samples: a.expert_samples,
        expert_z: a.expert_z,
        mirrored: a.mirrored,
    };
    match sim::run(&cfg) {
        Ok(rep) if a.bake_rounds => {
            let command = std::env::args().skip(1).collect::<Vec<_>>().join(" ");
            print!(
                "{}",
                sim::baked_rounds(&rep.played, &format!("hollywood-gin {command}"))
            );
            ExitCode::SUCCESS
        }
        Ok(rep) => {
            print!("{}", rep.render(&cfg));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!(
                "hollywood-gin: {}",
                Voice::system().t("cli-simulation-failed", &[("detail", e.to_string().into())])
            );
            ExitCode::FAILURE
        }
    }
}

/// Windows GUI-subsystem builds start without a console: borrow the parent's, if any, so
/// `--help`, `--version` and `simulate` print where the player typed them.
#[cfg(windows)]
fn attach_console() {
    use windows_sys::Win32::System::Console::{ATTACH_PARENT_PROCESS, AttachConsole};
    // SAFETY: AttachConsole has no preconditions; failure (no parent console) is harmless.
    unsafe {
        AttachConsole(ATTACH_PARENT_PROCESS);
    }
}

fn main() -> ExitCode {
    #[cfg(windows)]
    if std::env::args_os().len() > 1 {
        attach_console();
    }
    // Finder's `-psn_…` argument on a macOS app's first launch is not the player's.
    let args = hollywood_gin::report::without_finder_arguments(std::env::args_os());
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        // --help and --version print as clap words them; a mistake gets our line first, in
        // the player's language, then clap's exact complaint (in a message box too where
        // nobody would read stderr, such as a shortcut with a wrong argument).
        Err(e) if !e.use_stderr() => e.exit(),
        Err(e) => {
            let ours = Voice::system().t("cli-bad-arguments", &[]);
            eprintln!("hollywood-gin: {ours}");
            let _ = e.print();
            if hollywood_gin::report::stderr() == hollywood_gin::report::Stderr::Nowhere {
                hollywood_gin::report::message_box(
                    &Voice::system().t("game-title", &[]),
                    &format!("{ours}\n\n{}", e.render()),
                );
            }
            return ExitCode::from(2);
        }
    };
    match cli.command {
        Some(Command::Simulate(a)) => simulate(a),
        Some(Command::Verify(a)) => verify(a),
        Some(Command::Review(a)) => review(a),
        #[cfg(feature = "gui")]
        None => hollywood_gin::gui::run(hollywood_gin::gui::GuiOptions {
            size: cli.windowed,
            seed: cli.seed,
        }),
        #[cfg(not(feature = "gui"))]
        None => {
            let _ = (cli.windowed, cli.seed);
            eprintln!("hollywood-gin: {}", Voice::system().t("cli-no-gui", &[]));
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::parse_size;

    #[test]
    fn window_sizes() {
        assert_eq!(parse_size("1280x800"), Ok((1280, 800)));
        assert_eq!(parse_size("1024X640"), Ok((1024, 640)));
        assert!(parse_size("1280").is_err());
        assert!(parse_size("0x0").is_err());
        assert!(parse_size("axb").is_err());
    }
}
