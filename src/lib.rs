//! Hollywood Gin: gin rummy against a computer opponent, scored Hollywood style.
//!
//! The crate is split so that the game can be trusted and tested without a window:
//!
//! - [`rules`] is the whole game as plain Rust: cards, the meld solver, one round as a state
//!   machine, scoring and the three-game Hollywood scoreboard. It never imports Bevy and builds
//!   with `--no-default-features` in seconds. It is the only judge of what is legal: the GUI
//!   and the bots ask it, they never re-implement a rule.
//! - [`ai`] holds the computer opponents and the headless simulator, also plain Rust. Bots see
//!   the game only through [`ai::View`], which cannot hold hidden cards.
//! - `gui` (only with the default `gui` feature) is the Bevy table. It holds a [`rules::Match`] and asks it
//!   for everything: what is legal, where each card is, whose turn it is.
//! - Everything is serde-serialisable (RON on disk) so a series can be saved mid-round and a
//!   round replayed from its deal seed and action list.
//! - [`lang`] holds the three languages the game speaks (Fluent resources compiled in) and
//!   finds the system's; the `gui` words the core's facts through it.
//! - [`store`] reads and writes the player's files (settings, the saved series, statistics) as
//!   RON, atomically, and never overwrites a file it could not read.
//! - [`words`] holds every sentence the player reads, built from the core's facts, for the
//!   window and the command line alike, spoken through [`lang::Voice`]; [`seats`] says who
//!   sits where.
//! - [`net`] is playing a friend on another computer: deals neither side can choose
//!   ([`net::fair`]), the frames the two games exchange ([`net::wire`]) and each side as a
//!   state machine ([`net::host`], the referee, and [`net::guest`]), plain Rust; with the
//!   `net` feature, the connection (`net::link`).
//! - [`report`] tells the player what went wrong where no window can: stderr, a message box
//!   where stderr goes nowhere, and `crash.log` for a panic.
//! - Illegal actions are values ([`rules::RuleError`]), never panics, because actions come from
//!   untrusted places: the mouse, save files, bots under test.
//!
//! Card representation: a card is a byte and a hand a 52-bit set (see [`rules::card`]); the
//! order of cards in a hand is the table's business, not the rules'.

pub mod ai;
#[cfg(feature = "gui")]
pub mod gui;
pub mod lang;
pub mod net;
pub mod report;
pub mod rules;
pub mod seats;
pub mod store;
pub mod words;
