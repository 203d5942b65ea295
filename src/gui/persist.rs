//! Keeps the player's files in step with the game: settings, the saved series and statistics
//! are read once before the window opens ([`Boot`]); afterwards the series is saved after
//! every action and settings whenever they change, on a background thread, and statistics are
//! counted when a round ends.
//!
//! Decisions:
//! - All writing happens on one background thread fed by a channel, in order, so the render
//!   thread never waits on the disk and a later save can never be overtaken by an earlier one.
//!   A failed write becomes a notice in the overlay; the game goes on.
//! - Reading happens before Bevy starts: the files are small, and the first frame must already
//!   show the saved series.
//! - A replayed deal is practice: it is neither saved nor counted.

use std::sync::mpsc::{Receiver, Sender, channel};

use bevy::prelude::*;

use super::seats::HUMAN;
use super::table::{Game, RoundEnd, TableSet};
use crate::rules::Match;
use crate::store::save::SavedSeries;
use crate::store::settings::Settings;
use crate::store::stats::Stats;
use crate::store::{Paths, Store};

/// Everything read from disk at start.
pub struct Boot {
    pub settings: Settings,
    pub stats: Stats,
    pub saved: SavedSeries,
    pub notices: Vec<String>,
    stores: Stores,
}

#[derive(Clone, Default)]
struct Stores {
    settings: Option<Store>,
    save: Option<Store>,
    stats: Option<Store>,
}

impl Boot {
    /// Reads the files under `paths` (none: defaults, nothing will be written).
    pub fn load(paths: Option<Paths>) -> Boot {
        let Some(p) = paths else {
            return Boot {
                settings: Settings::default(),
                stats: Stats::default(),
                saved: SavedSeries::default(),
                notices: vec![
                    "No home directory found: settings and the series will not be saved.".into(),
                ],
                stores: Stores::default(),
            };
        };
        let mut notices = Vec::new();
        let (settings_store, settings) = Store::open::<Settings>(p.settings());
        let (save_store, saved) = Store::open::<SavedSeries>(p.save());
        let (stats_store, stats) = Store::open::<Stats>(p.stats());
        notices.extend(settings.notice);
        notices.extend(saved.notice);
        notices.extend(stats.notice);
        Boot {
            settings: settings.value,
            stats: stats.value,
            saved: saved.value,
            notices,
            stores: Stores {
                settings: Some(settings_store),
                save: Some(save_store),
                stats: Some(stats_store),
            },
        }
    }
}

/// The player's settings and statistics, and messages about the files.
#[derive(Resource)]
pub struct Prefs {
    pub settings: Settings,
    pub stats: Stats,
    /// Things the player should know (a bad file kept aside, a failed write).
    pub notices: Vec<String>,
}

type Job = Box<dyn FnOnce() -> Result<(), String> + Send>;

/// The writer thread's ends, and what was last written.
#[derive(Resource)]
pub struct Files {
    stores: Stores,
    tx: Option<Sender<Job>>,
    thread: Option<std::thread::JoinHandle<()>>,
    errors: std::sync::Mutex<Receiver<String>>,
    saved_series: Option<Match>,
    saved_settings: Settings,
}

impl Files {
    /// Waits (up to 10 s) until every write queued so far has been done. For tests and tools:
    /// the game itself never waits on the disk.
    pub fn flush(&self) {
        let Some(tx) = &self.tx else { return };
        let (done_tx, done_rx) = channel::<()>();
        let job: Job = Box::new(move || {
            let _ = done_tx.send(());
            Ok(())
        });
        if tx.send(job).is_ok() {
            let _ = done_rx.recv_timeout(std::time::Duration::from_secs(10));
        }
    }

    /// Waits for every queued write to reach the disk (at exit).
    pub fn finish(mut self) {
        self.tx = None;
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }

    fn write<T: serde::Serialize + Send + 'static>(&self, store: &Option<Store>, value: T) {
        let (Some(store), Some(tx)) = (store.clone(), &self.tx) else {
            return;
        };
        let job: Job = Box::new(move || {
            store
                .write(&value)
                .map_err(|e| format!("Could not save {}: {e}", store.path.display()))
        });
        let _ = tx.send(job);
    }
}

type Writer = (
    Sender<Job>,
    Receiver<String>,
    Option<std::thread::JoinHandle<()>>,
);

fn start_writer() -> Writer {
    let (tx, rx) = channel::<Job>();
    let (etx, erx) = channel::<String>();
    let spawned = std::thread::Builder::new()
        .name("hollywood-gin-writer".into())
        .spawn(move || {
            for job in rx {
                if let Err(e) = job() {
                    let _ = etx.send(e);
                }
            }
        });
    let thread = spawned
        .map_err(|e| error!("could not start the file writer: {e}"))
        .ok();
    (tx, erx, thread)
}

/// Saves the series whenever it changed (not while a deal is replayed). A series nobody has
/// made a move in yet is not saved: starting the game with `--seed` must not replace the saved
/// series before the player actually plays the new one.
fn autosave(game: Res<Game>, mut files: ResMut<Files>) {
    if !game.is_changed() || game.practising() || files.saved_series.as_ref() == Some(&game.m) {
        return;
    }
    if game.m.untouched() {
        return;
    }
    let saved = SavedSeries::new(&game.m, game.level, game.bot_seed);
    files.write(&files.stores.save, saved);
    files.saved_series = Some(game.m.clone());
}

/// Applies settings that take effect at once, and writes them when they change.
fn settings_changed(prefs: Res<Prefs>, mut game: ResMut<Game>, mut files: ResMut<Files>) {
    if !prefs.is_changed() {
        return;
    }
    let s = &prefs.settings;
    let speed = s.speed.factor();
    if game.speed != speed {
        game.speed = speed;
    }
    if game.four_color != s.four_color {
        game.four_color = s.four_color;
    }
    if game.back != s.card_back {
        game.back = s.card_back;
    }
    if game.next_rules != s.rules || game.next_level != s.level {
        game.next_rules = s.rules.clone();
        game.next_level = s.level;
    }
    if files.saved_settings != *s {
        files.write(&files.stores.settings, s.clone());
        files.saved_settings = s.clone();
    }
}

/// Counts finished rounds in the statistics and saves them.
fn count_rounds(
    mut ends: MessageReader<RoundEnd>,
    mut prefs: ResMut<Prefs>,
    game: Res<Game>,
    files: Res<Files>,
) {
    let mut changed = false;
    for e in ends.read().filter(|e| !e.practice) {
        prefs
            .stats
            .count_round(game.level, HUMAN, &e.result, &e.entry);
        changed = true;
    }
    if changed {
        files.write(&files.stores.stats, prefs.stats.clone());
    }
}

/// Failed writes become notices.
fn collect_errors(files: Res<Files>, mut prefs: ResMut<Prefs>) {
    let Ok(rx) = files.errors.lock() else { return };
    while let Ok(e) = rx.try_recv() {
        warn!("{e}");
        prefs.notices.push(e);
    }
}

/// Saving and loading.
pub struct PersistPlugin {
    boot: std::sync::Mutex<Option<Boot>>,
}

impl PersistPlugin {
    pub fn new(boot: Boot) -> PersistPlugin {
        PersistPlugin {
            boot: std::sync::Mutex::new(Some(boot)),
        }
    }
}

impl Plugin for PersistPlugin {
    fn build(&self, app: &mut App) {
        let boot = self
            .boot
            .lock()
            .ok()
            .and_then(|mut b| b.take())
            .unwrap_or_else(|| Boot::load(None));
        let (tx, errors, thread) = start_writer();
        app.insert_resource(Prefs {
            settings: boot.settings.clone(),
            stats: boot.stats,
            notices: boot.notices,
        })
        .insert_resource(Files {
            stores: boot.stores,
            tx: Some(tx),
            thread,
            errors: std::sync::Mutex::new(errors),
            saved_series: boot.saved.series,
            saved_settings: boot.settings,
        })
        .add_systems(
            Update,
            (settings_changed, autosave, count_rounds, collect_errors)
                .chain()
                .after(TableSet::Apply)
                .before(TableSet::Show),
        );
    }
}
