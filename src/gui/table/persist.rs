//! Keeps the player's files in step with the game: settings, the saved series and statistics
//! are read once before the window opens ([`Boot`]); afterwards the series is saved after
//! every action and settings whenever they change, on a background thread, and statistics are
//! counted when a round ends. The settings themselves live in `settings` ([`PlayerSettings`]);
//! this file only writes them.
//!
//! Decisions:
//! - All writing happens on one background thread fed by a channel, in order, so the render
//!   thread never waits on the disk and a later save can never be overtaken by an earlier one.
//!   A failed write becomes a notice in the overlay; the game goes on.
//! - Reading happens before Bevy starts: the files are small, and the first frame must already
//!   show the saved series.
//! - A replayed deal is practice: it is neither saved nor counted.
//! - Nothing queued is lost at exit. `App::run` hands the app to the runner and leaves an
//!   empty one behind, so code after it cannot reach the writer: instead, dropping the
//!   [`FileWriter`] (when Bevy's world is dropped as the event loop ends) waits for every
//!   queued write. On macOS the menu's Quit (Cmd+Q) ends the process from inside the event
//!   loop without dropping anything, so the game's run also registers [`FileWriter::flush_at_exit`], which
//!   waits for the writer from the C library's exit handlers.

use std::sync::mpsc::{Receiver, Sender, channel};

use bevy::prelude::*;

use super::phase::TableSet;
use super::series::{RoundEnd, Series};
use crate::gui::app::modes::AtExit;
use crate::gui::app::settings::PlayerSettings;
use crate::rules::Match;
use crate::seats::HUMAN;
use crate::store::friend::{FriendFile, SavedFriend};
use crate::store::save::SavedSeries;
use crate::store::settings::Settings;
use crate::store::stats::Stats;
use crate::store::{Notice, Paths, Store, Stored, WriteError};

/// Everything read from disk at start.
pub struct Boot {
    /// The player's settings.
    pub settings: Settings,
    /// The player's statistics.
    pub stats: Stats,
    /// The series saved.
    pub saved: SavedSeries,
    /// The series with a friend left off last time, if any.
    pub friend: FriendFile,
    /// What the player should be told about the files read.
    pub notices: Vec<Notice>,
    stores: Stores,
}

#[derive(Clone, Default)]
struct Stores {
    settings: Option<Store>,
    save: Option<Store>,
    stats: Option<Store>,
    friend: Option<Store>,
}

/// The series with a friend kept from the last run, if any (offered on the Play a friend page
/// until resumed or forgotten).
#[derive(Resource, Clone, Debug, Default)]
pub struct KeptFriend(pub Option<SavedFriend>);

impl Boot {
    /// Reads the files under `paths` (none: defaults, nothing will be written).
    pub fn load(paths: Option<Paths>) -> Boot {
        let Some(p) = paths else {
            return Boot {
                settings: Settings::default(),
                stats: Stats::default(),
                saved: SavedSeries::default(),
                friend: FriendFile::default(),
                notices: vec![Notice::NoHome],
                stores: Stores::default(),
            };
        };
        let mut notices = Vec::new();
        let (settings_store, settings) = Store::open::<Settings>(p.settings());
        let (save_store, saved) = Store::open::<SavedSeries>(p.save());
        let (stats_store, stats) = Store::open::<Stats>(p.stats());
        let (friend_store, friend) = Store::open::<FriendFile>(p.friend());
        notices.extend(settings.notice);
        notices.extend(saved.notice);
        notices.extend(stats.notice);
        notices.extend(friend.notice);
        Boot {
            settings: settings.value,
            stats: stats.value,
            saved: saved.value,
            friend: friend.value.restored(),
            notices,
            stores: Stores {
                settings: Some(settings_store),
                save: Some(save_store),
                stats: Some(stats_store),
                friend: Some(friend_store),
            },
        }
    }
}

/// The player's statistics.
#[derive(Resource, Clone, Debug, Default, Deref)]
pub struct Statistics(pub Stats);

/// Things the player should know about the files (a bad file kept aside, a failed write),
/// until the overlay has shown them.
#[derive(Resource, Clone, Debug, Default, Deref, DerefMut)]
pub(crate) struct Notices(pub Vec<Notice>);

type Job = Box<dyn FnOnce() -> Result<(), Notice> + Send>;

/// The writer thread's ends, and what was last written.
#[derive(Resource)]
pub struct FileWriter {
    stores: Stores,
    tx: Option<Sender<Job>>,
    errors: std::sync::Mutex<Receiver<Notice>>,
    saved_series: Option<Match>,
    saved_settings: Settings,
    /// The seed of the series the table opened with, if it was a new one.
    opening_seed: Option<u64>,
}

impl FileWriter {
    /// Waits (up to 10 s) until every write queued so far has been done. For tests and tools:
    /// the game itself never waits on the disk.
    pub fn flush(&self) {
        if let Some(tx) = &self.tx {
            wait_for(tx);
        }
    }

    /// Keeps the series with a friend (or, with none, forgets it), off the render thread.
    pub(crate) fn write_friend(&self, file: FriendFile) {
        self.write(&self.stores.friend, file);
    }

    /// Makes the writer wait `d` before the writes queued after this, as a slow or sleeping
    /// disk would: for tests of what is kept at exit.
    pub fn stall(&self, d: std::time::Duration) {
        if let Some(tx) = &self.tx {
            let _ = tx.send(Box::new(move || {
                std::thread::sleep(d);
                Ok(())
            }));
        }
    }

    /// Asks the writer to wait for everything queued so far when the process exits (see the
    /// module's notes): for the game's own run, which has one writer.
    pub(crate) fn flush_at_exit(&self) {
        if let Some(tx) = &self.tx
            && let Ok(mut at_exit) = AT_EXIT.lock()
        {
            *at_exit = Some(tx.clone());
            #[cfg(unix)]
            {
                extern "C" fn flush() {
                    let tx = AT_EXIT.lock().ok().and_then(|mut t| t.take());
                    if let Some(tx) = tx {
                        wait_for(&tx);
                    }
                }
                // SAFETY: `flush` is a plain function that does not unwind; registering it
                // has no other effect.
                unsafe {
                    libc::atexit(flush);
                }
            }
        }
    }

    fn write<T: Stored + Send + 'static>(&self, store: &Option<Store>, value: T) {
        // A file that could not be used is left as it was; the player was told when it was
        // read, so its writes are not queued (and not reported again after every move).
        let (Some(store), Some(tx)) = (store.clone().filter(|s| s.writable), &self.tx) else {
            return;
        };
        let job: Job = Box::new(move || match store.write(&value) {
            Ok(()) | Err(WriteError::LeftUntouched) => Ok(()),
            Err(WriteError::Io(e)) => Err(Notice::NotSaved {
                kind: T::KIND,
                path: store.path.clone(),
                error: e.to_string(),
            }),
        });
        let _ = tx.send(job);
    }
}

/// Whatever ends the game, its last writes reach the disk first.
impl Drop for FileWriter {
    fn drop(&mut self) {
        // Not a join: the channel may still be open through `AT_EXIT`.
        self.flush();
    }
}

/// The game's writer, for the exit handler (see [`FileWriter::flush_at_exit`]).
static AT_EXIT: std::sync::Mutex<Option<Sender<Job>>> = std::sync::Mutex::new(None);

/// Queues a marker behind every write sent to `tx` and waits (up to 10 s) until the writer
/// reaches it.
fn wait_for(tx: &Sender<Job>) {
    let (done_tx, done_rx) = channel::<()>();
    let job: Job = Box::new(move || {
        let _ = done_tx.send(());
        Ok(())
    });
    if tx.send(job).is_ok() {
        let _ = done_rx.recv_timeout(std::time::Duration::from_secs(10));
    }
}

type Writer = (Sender<Job>, Receiver<Notice>);

fn start_writer() -> Writer {
    let (tx, rx) = channel::<Job>();
    let (etx, erx) = channel::<Notice>();
    let spawned = std::thread::Builder::new()
        .name("hollywood-gin-writer".into())
        .spawn(move || {
            for job in rx {
                if let Err(e) = job() {
                    let _ = etx.send(e);
                }
            }
        });
    // Without the thread every send fails and nothing waits on it.
    if let Err(e) = spawned {
        error!("could not start the file writer: {e}");
    }
    (tx, erx)
}

/// Saves the series whenever it changed (not while a deal is replayed). The series the game
/// opened with is not saved before somebody makes a move in it: starting the game with
/// `--seed` must not replace the saved series before the player actually plays the new one.
/// A new series the player starts from the menu is saved at once: they chose to leave the old
/// one.
fn autosave(series: Res<Series>, mut files: ResMut<FileWriter>) {
    if !series.is_changed()
        || series.practising()
        || series.friend().is_some()
        || files.saved_series.as_ref() == Some(&series.current)
    {
        return;
    }
    if series.current.untouched() && Some(series.current.seed()) == files.opening_seed {
        return;
    }
    let saved = SavedSeries::new(&series.current, series.level);
    files.write(&files.stores.save, saved);
    files.saved_series = Some(series.current.clone());
}

/// Writes the settings when they change.
fn settings_changed(settings: Res<PlayerSettings>, mut files: ResMut<FileWriter>) {
    if settings.is_changed() {
        write_settings(&settings, &mut files);
    }
}

fn write_settings(settings: &PlayerSettings, files: &mut FileWriter) {
    if files.saved_settings != settings.0 {
        files.write(&files.stores.settings, settings.0.clone());
        files.saved_settings = settings.0.clone();
    }
}

/// The last frame's changes to the settings (the window's placement, taken as the game
/// closes): `settings_changed` will not run again.
fn settings_at_exit(
    mut exits: MessageReader<AppExit>,
    mut closing: MessageReader<bevy::window::WindowCloseRequested>,
    settings: Res<PlayerSettings>,
    mut files: ResMut<FileWriter>,
) {
    if exits.read().count() + closing.read().count() > 0 {
        write_settings(&settings, &mut files);
    }
}

/// Counts finished rounds in the statistics and saves them.
fn count_rounds(
    mut ends: MessageReader<RoundEnd>,
    mut stats: ResMut<Statistics>,
    series: Res<Series>,
    files: Res<FileWriter>,
) {
    let mut changed = false;
    // Rounds against a friend are not counted against the computer's level.
    let vs_friend = series.friend().is_some();
    for e in ends.read().filter(|e| !e.practice && !vs_friend) {
        stats
            .0
            .count_round(series.level, HUMAN, &e.result, &e.entry);
        changed = true;
    }
    if changed {
        files.write(&files.stores.stats, stats.0.clone());
    }
}

/// Failed writes become notices.
fn collect_errors(files: Res<FileWriter>, mut notices: ResMut<Notices>) {
    let Ok(rx) = files.errors.lock() else { return };
    while let Ok(e) = rx.try_recv() {
        warn!("{e:?}");
        notices.push(e);
    }
}

/// Saving and loading.
pub(crate) struct PersistPlugin {
    boot: std::sync::Mutex<Option<Boot>>,
    /// The seed of the series the table opens with, when it is a new one (see `autosave`).
    opening_seed: Option<u64>,
}

impl PersistPlugin {
    pub(crate) fn new(boot: Boot, opening_seed: Option<u64>) -> PersistPlugin {
        PersistPlugin {
            boot: std::sync::Mutex::new(Some(boot)),
            opening_seed,
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
        let (tx, errors) = start_writer();
        app.insert_resource(PlayerSettings(boot.settings.clone()))
            .insert_resource(Statistics(boot.stats))
            .insert_resource(Notices(boot.notices))
            .insert_resource(KeptFriend(boot.friend.series))
            .insert_resource(FileWriter {
                stores: boot.stores,
                tx: Some(tx),
                errors: std::sync::Mutex::new(errors),
                saved_series: boot.saved.series,
                saved_settings: boot.settings,
                opening_seed: self.opening_seed,
            })
            .add_systems(
                Update,
                (settings_changed, autosave, count_rounds, collect_errors)
                    .chain()
                    .after(TableSet::Apply)
                    .before(TableSet::Show),
            )
            .add_systems(
                Last,
                settings_at_exit
                    .in_set(AtExit)
                    .before(bevy::window::close_when_requested),
            );
    }
}
