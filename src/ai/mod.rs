//! Computer opponents: Easy, Medium, Hard and Expert, and the headless simulator.
//!
//! Plain Rust, no Bevy. Every bot implements [`Bot`]: one call, [`Bot::decide`], answers every
//! decision of the game from a [`View`] (the phase says which decision is wanted), so the GUI,
//! the simulator and the tests drive all bots the same way.
//!
//! Decisions: information hygiene is by construction — a [`View`] holds only what its seat may
//! know. Bots are deterministic given their seed: any randomness comes from a generator seeded
//! with the bot's seed mixed with the view's fingerprint, so the same view gets the same answer
//! (the GUI can re-ask after a reload, tests can compare views that differ only in hidden
//! cards). `decide` takes `&self` and bots are `Send + Sync`, so the GUI can run a decision on a
//! background task with a clone of the bot.
//!
//! The difficulty levels are honest: Easy and Medium never see more than Hard does; Hard is
//! stronger only because it searches (see [`hard`]), and Expert only because it searches more and
//! values a result by the chance of winning the series (see [`expert`], [`value`]).

pub mod expert;
pub mod hard;
pub mod heuristic;
pub mod knowledge;
#[cfg(any(test, feature = "measure"))]
#[doc(hidden)]
pub mod measure;
pub mod review;
mod rounds;
pub mod sim;
pub mod style;
pub mod value;
pub mod view;

use serde::{Deserialize, Serialize};

use crate::rules::Action;
pub use knowledge::{Knowledge, OppEvent};
pub use view::View;

/// A computer player.
pub trait Bot: Send + Sync {
    /// The bot's name, for logs and the simulator.
    fn name(&self) -> &'static str;
    /// The action to take in `view.phase`. Always legal for a view built from a real round.
    fn decide(&self, view: &View) -> Action;
}

/// Difficulty levels offered to the player.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default,
)]
pub enum Level {
    /// Medium with mistakes.
    Easy,
    #[default]
    /// The heuristic: sound discards, knocks when it can.
    Medium,
    /// Searches Medium's candidates on sampled deals.
    Hard,
    /// Searches more, and values a result by the chance of winning the series.
    Expert,
}

impl Level {
    /// Every level, easiest first: the settings offer them and the statistics count them in this
    /// order. A level must be as good as its name, so Expert was left out until it measured
    /// stronger than Hard: it wins 55.6% ± 3.0 of 1,050 mirrored series against Hard
    /// (`docs/levels.md`), short of its issue's 60% but clear of even.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert];

    /// A bot of this level with a seed.
    pub fn bot(self, seed: u64) -> Box<dyn Bot> {
        match self {
            Level::Easy => Box::new(heuristic::Easy { seed }),
            Level::Medium => Box::new(heuristic::Medium),
            Level::Hard => Box::new(hard::Hard::new(seed)),
            Level::Expert => Box::new(expert::Expert::new(seed)),
        }
    }

    /// The level's name, for files and logs (the shell words it for players).
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }
}

impl std::str::FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Level, String> {
        match s.to_ascii_lowercase().as_str() {
            "easy" => Ok(Level::Easy),
            "medium" => Ok(Level::Medium),
            "hard" => Ok(Level::Hard),
            "expert" => Ok(Level::Expert),
            _ => Err(format!(
                "unknown level `{s}` (easy, medium, hard or expert)"
            )),
        }
    }
}
