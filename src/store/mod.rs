//! Files on disk: the player's settings, the series in progress, and statistics. Plain Rust,
//! no Bevy, so every failure mode is unit-tested with `--no-default-features`.
//!
//! Decisions:
//! - RON, pretty-printed, so a player can read and hand-edit the files. Every stored struct is
//!   `#[serde(default)]`: a file from an older version with a missing field loads with the
//!   default for that field. A field this version does not know (a misspelt `volme`) is
//!   reported to the player by name, and the file as it was is copied aside before anything
//!   is written over it, because the next save would drop that field (`serde_ignored` finds
//!   them; it wraps the RON deserializer, so no second parse or schema is needed).
//! - Writes are atomic: the new content goes to a temporary file in the same directory, is
//!   flushed to disk, and is renamed over the old file; then the directory itself is flushed,
//!   so the rename survives a power cut. The temporary file has a fresh random name and is
//!   created exclusively (`tempfile`, O_EXCL), so a link planted where it will be created is
//!   never followed and two writers never share one. A crash mid-write leaves the old file.
//! - Reading never trusts the path: anything but a regular file (a FIFO, a device, a
//!   directory) is refused without blocking (opened non-blocking, then checked on the open
//!   handle), a file over [`MAX_FILE_BYTES`] is refused unread, a UTF-8 byte-order mark
//!   (Windows editors write one) is skipped, and what a notice quotes from a file is cut short.
//! - A file that cannot be used is never overwritten: it is renamed aside
//!   (`settings.ron` → `settings.bad-<unix time>.ron`) and the player is told so; the game goes
//!   on with defaults. If even the rename fails, the file is left in place and the store
//!   refuses to write over it for the rest of the session ([`Store::writable`]).
//! - A missing file is normal (first start): defaults, no notice.
//! - What the player is told is a fact ([`Notice`], [`FileProblem`]): which file, what was
//!   wrong, where it was kept. The game's shell puts it into words, in the player's language;
//!   the only text here is what the system or a parser said (an I/O error, a parse error),
//!   quoted as a detail.
//! - One game at a time owns the files: see [`lock`].
//! - Locations follow each platform's convention through the `directories` crate (XDG on
//!   Linux, Application Support on macOS, AppData on Windows); settings go in the config
//!   directory, the saved series and statistics in the data directory.

pub mod friend;
pub mod lock;
pub mod save;
pub mod settings;
pub mod stats;

use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use serde::Serialize;
use serde::de::DeserializeOwned;

/// Where the game keeps its files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Paths {
    /// Where the settings go.
    pub config: PathBuf,
    /// Where the series, statistics and a friend's series go.
    pub data: PathBuf,
}

impl Paths {
    /// The platform's directories for this game, if the platform has a home directory.
    pub fn platform() -> Option<Paths> {
        let d = directories::ProjectDirs::from("", "", "Hollywood Gin")?;
        Some(Paths {
            config: d.config_dir().to_path_buf(),
            data: d.data_dir().to_path_buf(),
        })
    }

    /// Both directories under one root (tests, and a portable install).
    pub fn under(root: &Path) -> Paths {
        Paths {
            config: root.join("config"),
            data: root.join("data"),
        }
    }

    /// The settings file.
    pub fn settings(&self) -> PathBuf {
        self.config.join("settings.ron")
    }
    /// The saved series.
    pub fn save(&self) -> PathBuf {
        self.data.join("series.ron")
    }
    /// The statistics.
    pub fn stats(&self) -> PathBuf {
        self.data.join("statistics.ron")
    }
    /// The series with a friend.
    pub fn friend(&self) -> PathBuf {
        self.data.join("friend.ron")
    }
}

/// Which of the game's files a notice is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// The settings file.
    Settings,
    /// The saved series.
    SavedSeries,
    /// The statistics.
    Statistics,
    /// The series with a friend.
    Friend,
}

/// A kind of file the game keeps.
pub trait Stored: Serialize + DeserializeOwned + Default {
    /// Which file this is, for notices.
    const KIND: FileKind;

    /// Checks a value read from disk; an error (a detail, quoted) makes the file count as bad.
    fn check(&self) -> Result<(), String> {
        Ok(())
    }

    /// Looks at the text before it is parsed (a format version, say); an error makes the file
    /// count as bad and is what the player is told.
    fn check_text(_text: &str) -> Result<(), FileProblem> {
        Ok(())
    }

    /// Written by the game alone, never by hand: a field it does not know is a damaged key,
    /// not a player's typo, and the file is refused rather than read as something else (a
    /// misspelt `series:` would otherwise load as "nothing to continue").
    const MACHINE_WRITTEN: bool = false;

    /// Looks at the text once it has parsed with no unknown field: a field every such file
    /// has may be missing (its default would be read as something the game never wrote).
    fn check_fields(_text: &str) -> Result<(), FileProblem> {
        Ok(())
    }

    /// For an unknown field (a dotted path) of a hand-edited file: the known field it is
    /// likely a misspelling of, when that one is not in `text` itself.
    fn did_you_mean(_field: &str, _text: &str) -> Option<&'static str> {
        None
    }
}

/// Why a file could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileProblem {
    /// The system refused to read it (its error, quoted).
    Unreadable(String),
    /// A FIFO, a device or a directory where the file should be.
    NotAFile,
    /// Larger than any file of the game's could be.
    TooLarge {
        /// Its size.
        bytes: u64,
        /// The largest read.
        limit: u64,
    },
    /// It grew past the limit while it was read.
    GrewWhileRead,
    /// Not UTF-8 text.
    NotText,
    /// Not valid RON for this file (the parser's message, quoted).
    Invalid(String),
    /// Parsed, but a value in it is not allowed (what the check said, quoted).
    BadValue(String),
    /// A saved series in a format newer than this version reads.
    NewerFormat {
        /// The file's format.
        found: u32,
        /// The newest this version reads.
        reads: u32,
    },
    /// A saved series in an older format whose moves this version cannot check.
    OlderFormat {
        /// The file's format.
        found: u32,
    },
    /// A file only the game writes has fields it never writes (the first few, quoted).
    UnknownFields(Vec<String>),
    /// A file only the game writes lacks a field it always writes.
    MissingField(&'static str),
}

/// What the player should be told about their files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// No home directory: nothing will be saved.
    NoHome,
    /// A write failed (the system's error, quoted); the game goes on.
    NotSaved {
        /// Which file.
        kind: FileKind,
        /// Where.
        path: PathBuf,
        /// The system's error, quoted.
        error: String,
    },
    /// The file had fields this version does not know, which were ignored. `fields` names the
    /// first few (each quoted), `more` counts the rest. `kept`: where the file as it was was
    /// copied before anything is written over it, or why it could not be (then it is left
    /// untouched).
    UnknownFields {
        /// Which file.
        kind: FileKind,
        /// Where.
        path: PathBuf,
        /// The unknown fields (the first few).
        fields: Vec<String>,
        /// How many more.
        more: usize,
        /// Each of `fields` that is likely a misspelling, with the known field it is likely
        /// of ("did you mean `gin_bonus`?"): only where that field is missing from the file.
        did_you_mean: Vec<(String, &'static str)>,
        /// Where the file was copied, or why it could not be.
        kept: Result<PathBuf, String>,
    },
    /// The file could not be used, and defaults are used. `kept`: where it was moved, or why it
    /// could not be moved (then it is left untouched).
    Unusable {
        /// Which file.
        kind: FileKind,
        /// Where.
        path: PathBuf,
        /// What is wrong with it.
        problem: FileProblem,
        /// Where it was moved, or why it could not be.
        kept: Result<PathBuf, String>,
    },
}

/// Why a write did not happen.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The file could not be used when it was read and is left as it was.
    #[error("left untouched")]
    LeftUntouched,
    #[error(transparent)]
    /// The system's error.
    Io(#[from] io::Error),
}

/// The largest file the game reads. Its files are a few kilobytes; anything this big is not
/// one of them.
pub const MAX_FILE_BYTES: u64 = 16 << 20;

/// How much of a parser's message, or of a name from a file, a notice quotes.
const MAX_QUOTE_CHARS: usize = 200;

/// How many unknown field names a notice lists.
const MAX_NAMES: usize = 5;

/// A value read from disk, and what the player should be told about it.
#[derive(Clone, Debug, PartialEq)]
pub struct Loaded<T> {
    /// The value read (the default if the file could not be used).
    pub value: T,
    /// Set when the file existed but could not be used, or had fields that were ignored.
    pub notice: Option<Notice>,
    /// False when the file must not be written over: a bad file that could not be moved
    /// aside, or one with ignored fields that could not be copied aside first.
    pub writable: bool,
    /// True when the file existed and was used.
    pub found: bool,
    /// The fields of the file this version does not know (dotted paths), ignored.
    pub ignored: Vec<String>,
}

/// `s` cut to [`MAX_QUOTE_CHARS`] characters, marked when cut.
fn quote(s: &str) -> String {
    match s.char_indices().nth(MAX_QUOTE_CHARS) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_string(),
    }
}

/// Opens `path` for reading without blocking and returns its text: `None` if there is no file.
fn read_text(path: &Path) -> Result<Option<String>, FileProblem> {
    let mut options = fs::OpenOptions::new();
    options.read(true);
    // A FIFO would block the open (and the game before its window) until a writer came.
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = match options.open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(FileProblem::Unreadable(quote(&e.to_string()))),
    };
    let unreadable = |e: io::Error| FileProblem::Unreadable(quote(&e.to_string()));
    let meta = file.metadata().map_err(unreadable)?;
    if !meta.is_file() {
        return Err(FileProblem::NotAFile);
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(FileProblem::TooLarge {
            bytes: meta.len(),
            limit: MAX_FILE_BYTES,
        });
    }
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(unreadable)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(FileProblem::GrewWhileRead);
    }
    let text = String::from_utf8(bytes).map_err(|_| FileProblem::NotText)?;
    Ok(Some(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    }))
}

/// Parses RON text, collecting the paths of fields the type does not know.
fn parse<T: DeserializeOwned>(text: &str) -> Result<(T, Vec<String>), FileProblem> {
    let bad = |e: ron::error::SpannedError| FileProblem::Invalid(quote(&e.to_string()));
    let mut de = ron::Deserializer::from_str(text).map_err(bad)?;
    let mut ignored = Vec::new();
    // serde_ignored writes an `Option` level as `?`: the player reads `series.points`.
    let value: T = serde_ignored::deserialize(&mut de, |p| {
        ignored.push(p.to_string().replace(".?", "").replace("?.", ""))
    })
    .map_err(|e| bad(de.span_error(e)))?;
    de.end().map_err(|e| bad(de.span_error(e)))?;
    Ok((value, ignored))
}

/// What a file parsed into, with its unknown fields and their likely intended names.
type Parsed<T> = (T, Vec<String>, Vec<(String, &'static str)>);

/// The result of a load, before falling back to a default.
fn read<T: Stored>(path: &Path) -> Result<Option<Parsed<T>>, FileProblem> {
    let Some(text) = read_text(path)? else {
        return Ok(None);
    };
    T::check_text(&text)?;
    let (value, ignored) = parse::<T>(&text)?;
    if T::MACHINE_WRITTEN && !ignored.is_empty() {
        return Err(FileProblem::UnknownFields(
            ignored.iter().take(MAX_NAMES).map(|f| quote(f)).collect(),
        ));
    }
    T::check_fields(&text)?;
    value
        .check()
        .map_err(|e| FileProblem::BadValue(quote(&e)))?;
    let meant = ignored
        .iter()
        .take(MAX_NAMES)
        .filter_map(|f| T::did_you_mean(f, &text).map(|k| (quote(f), k)))
        .collect();
    Ok(Some((value, ignored, meant)))
}

/// Where a file is kept aside: next to it, tagged and with the time in the name
/// (`settings.bad-1764470000.ron`).
pub fn aside_path(path: &Path, tag: &str) -> PathBuf {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("file");
    let mut p = path.with_file_name(format!("{stem}.{tag}-{secs}.ron"));
    let mut n = 1;
    while p.symlink_metadata().is_ok() {
        p = path.with_file_name(format!("{stem}.{tag}-{secs}-{n}.ron"));
        n += 1;
    }
    p
}

/// Reads `path` as a `T` and changes nothing: no file is moved, copied or written, whatever
/// is at the path (for a command that only reads, such as `review`; reading the save of a
/// game that is running is fine). `None` when there is no file. A hand-edited file's unknown
/// fields are ignored here as in [`load`], where they are also reported.
pub fn peek<T: Stored>(path: &Path) -> Result<Option<T>, FileProblem> {
    Ok(read::<T>(path)?.map(|(value, ..)| value))
}

/// Loads `path` as a `T`. See the module docs for what happens to a bad file.
pub fn load<T: Stored>(path: &Path) -> Loaded<T> {
    let kind = T::KIND;
    match read::<T>(path) {
        Ok(Some((value, ignored, _))) if ignored.is_empty() => Loaded {
            value,
            notice: None,
            writable: true,
            found: true,
            ignored,
        },
        Ok(Some((value, ignored, did_you_mean))) => {
            // The next save drops the unknown fields: keep the file as it was first.
            let copy = aside_path(path, "original");
            let kept = fs::copy(path, &copy)
                .map(|_| copy)
                .map_err(|e| quote(&e.to_string()));
            let writable = kept.is_ok();
            Loaded {
                value,
                notice: Some(Notice::UnknownFields {
                    kind,
                    path: path.to_path_buf(),
                    fields: ignored.iter().take(MAX_NAMES).map(|f| quote(f)).collect(),
                    more: ignored.len().saturating_sub(MAX_NAMES),
                    did_you_mean,
                    kept,
                }),
                writable,
                found: true,
                ignored,
            }
        }
        Ok(None) => Loaded {
            value: T::default(),
            notice: None,
            writable: true,
            found: false,
            ignored: Vec::new(),
        },
        Err(problem) => {
            let aside = aside_path(path, "bad");
            let kept = fs::rename(path, &aside)
                .map(|()| aside)
                .map_err(|e| quote(&e.to_string()));
            let writable = kept.is_ok();
            Loaded {
                value: T::default(),
                notice: Some(Notice::Unusable {
                    kind,
                    path: path.to_path_buf(),
                    problem,
                    kept,
                }),
                writable,
                found: false,
                ignored: Vec::new(),
            }
        }
    }
}

/// Writes `value` to `path` atomically: a fresh temporary file beside it (created
/// exclusively), flushed, renamed over `path`, then the directory flushed.
pub fn save<T: Serialize>(path: &Path, value: &T) -> io::Result<()> {
    let dir = path
        .parent()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no parent directory"))?;
    fs::create_dir_all(dir)?;
    // Pretty to three levels, so a person can read a file; below that (a round's moves, one
    // round a line) compact, so a long series stays small: see `rules::series::MAX_STORED_ROUNDS`.
    let pretty = ron::ser::PrettyConfig::default().depth_limit(3);
    let text = ron::ser::to_string_pretty(value, pretty).map_err(io::Error::other)?;
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("file");
    // Dropped on any error below, which deletes it.
    let mut tmp = tempfile::Builder::new()
        .prefix(&format!(".{name}."))
        .suffix(".tmp")
        .tempfile_in(dir)?;
    tmp.write_all(text.as_bytes())?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    sync_dir(dir)
}

/// Flushes a directory's entries (the rename) to disk.
#[cfg(unix)]
fn sync_dir(dir: &Path) -> io::Result<()> {
    fs::File::open(dir)?.sync_all()
}

/// Windows has no directory handle to flush; the rename is a metadata operation that NTFS
/// journals.
#[cfg(not(unix))]
fn sync_dir(_dir: &Path) -> io::Result<()> {
    Ok(())
}

/// Removes temporary files a crash left beside `path` (`.name.XXXXXX.tmp`). Only ever
/// incomplete copies of a newer save: the file itself was never touched by them.
fn remove_stale_temps(path: &Path) {
    let (Some(dir), Some(name)) = (path.parent(), path.file_name().and_then(|n| n.to_str())) else {
        return;
    };
    let prefix = format!(".{name}.");
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let file = e.file_name();
        let Some(f) = file.to_str() else { continue };
        if f.starts_with(&prefix) && f.ends_with(".tmp") {
            let _ = fs::remove_file(e.path());
        }
    }
}

/// One file the game keeps: where it is and whether it may be written.
#[derive(Clone, Debug)]
pub struct Store {
    /// The file.
    pub path: PathBuf,
    /// Whether it may be written.
    pub writable: bool,
}

impl Store {
    /// Loads the file, remembering whether it may be written later.
    pub fn open<T: Stored>(path: PathBuf) -> (Store, Loaded<T>) {
        remove_stale_temps(&path);
        let loaded = load::<T>(&path);
        (
            Store {
                path,
                writable: loaded.writable,
            },
            loaded,
        )
    }

    /// Writes `value`, unless this file must be left as it is.
    pub fn write<T: Serialize>(&self, value: &T) -> Result<(), WriteError> {
        if !self.writable {
            return Err(WriteError::LeftUntouched);
        }
        Ok(save(&self.path, value)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
    #[serde(default)]
    struct Thing {
        a: u32,
        b: String,
    }

    impl Stored for Thing {
        const KIND: FileKind = FileKind::Settings;
    }

    /// A thing whose `a` may not be above 3.
    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
    #[serde(default)]
    struct Small {
        a: u32,
        b: String,
    }

    impl Stored for Small {
        const KIND: FileKind = FileKind::Statistics;
        fn check(&self) -> Result<(), String> {
            if self.a > 3 {
                Err("a is too big".into())
            } else {
                Ok(())
            }
        }
    }

    /// A notice as its facts, to look for a detail in.
    fn facts(n: Option<Notice>) -> String {
        format!("{:?}", n.expect("a notice"))
    }

    /// A fresh directory under the system temp dir, removed at the end of the test.
    struct TempDir(PathBuf);
    impl TempDir {
        fn new(name: &str) -> TempDir {
            let p = std::env::temp_dir()
                .join(format!("hollywood-gin-test-{name}-{}", std::process::id()));
            let _ = fs::remove_dir_all(&p);
            fs::create_dir_all(&p).unwrap();
            TempDir(p)
        }
    }
    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = fs::remove_dir_all(&self.0);
        }
    }
    use self::TempDir as Tmp;

    fn files(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn round_trip_and_missing_file() {
        let t = Tmp::new("roundtrip");
        let path = t.0.join("sub/thing.ron");
        let l: Loaded<Thing> = load(&path);
        assert_eq!(l.value, Thing::default());
        assert!(l.notice.is_none() && !l.found && l.writable);
        let v = Thing {
            a: 7,
            b: "seven".into(),
        };
        save(&path, &v).unwrap();
        let l: Loaded<Thing> = load(&path);
        assert_eq!(l.value, v);
        assert!(l.found && l.notice.is_none());
        // No temporary file left behind.
        assert_eq!(files(&t.0.join("sub")), vec!["thing.ron"]);
    }

    #[test]
    fn truncated_and_garbage_files_are_kept_aside_with_a_notice() {
        let t = Tmp::new("bad");
        let path = t.0.join("thing.ron");
        let good = Thing {
            a: 1,
            b: "x".repeat(40),
        };
        save(&path, &good).unwrap();
        let text = fs::read_to_string(&path).unwrap();
        for (i, bad) in [
            text[..text.len() / 2].to_string(),
            "\u{0}\u{1}garbage{{{".to_string(),
            String::new(),
        ]
        .into_iter()
        .enumerate()
        {
            fs::write(&path, &bad).unwrap();
            let l: Loaded<Thing> = load(&path);
            assert_eq!(l.value, Thing::default(), "case {i}");
            let notice = l.notice.expect("a notice");
            assert!(
                matches!(
                    &notice,
                    Notice::Unusable { kind: FileKind::Settings, kept: Ok(aside), path: p, .. }
                        if aside.exists() && *p == path
                ),
                "{notice:?}"
            );
            assert!(
                !path.exists(),
                "the bad file is moved, not left to be overwritten"
            );
            // The bad content is still there, untouched, under the new name.
            let kept: Vec<String> = files(&t.0)
                .into_iter()
                .filter(|f| f.starts_with("thing.bad-"))
                .collect();
            assert_eq!(kept.len(), i + 1);
            let newest = kept
                .iter()
                .find(|f| fs::read_to_string(t.0.join(f)).unwrap() == bad);
            assert!(newest.is_some(), "case {i}: content kept");
        }
    }

    #[test]
    fn a_missing_field_takes_its_default_and_validation_can_refuse() {
        let t = Tmp::new("old");
        let path = t.0.join("thing.ron");
        fs::write(&path, "(a: 5)").unwrap();
        let l: Loaded<Thing> = load(&path);
        assert_eq!(
            l.value,
            Thing {
                a: 5,
                b: String::new()
            }
        );
        assert!(l.notice.is_none());
        let l: Loaded<Small> = load(&path);
        assert!(facts(l.notice).contains("BadValue(\"a is too big\")"));
        assert_eq!(l.value, Small::default());
    }

    #[cfg(unix)]
    #[test]
    fn a_link_planted_at_the_old_temporary_name_is_never_followed() {
        let t = Tmp::new("symlink");
        let victim = t.0.join("victim.txt");
        fs::write(&victim, "precious").unwrap();
        // The name the old writer used for its temporary file.
        std::os::unix::fs::symlink(&victim, t.0.join(".thing.ron.tmp")).unwrap();
        let path = t.0.join("thing.ron");
        let v = Thing {
            a: 2,
            b: "new".into(),
        };
        save(&path, &v).unwrap();
        save(&path, &v).unwrap();
        assert_eq!(fs::read_to_string(&victim).unwrap(), "precious");
        assert_eq!(load::<Thing>(&path).value, v);
        // Only the file, the victim and the planted link: no temporary file left over.
        assert_eq!(
            files(&t.0),
            vec![".thing.ron.tmp", "thing.ron", "victim.txt"]
        );
    }

    #[test]
    fn temporary_files_left_by_a_crash_are_cleared_and_the_file_kept() {
        let t = Tmp::new("stale");
        let path = t.0.join("thing.ron");
        save(
            &path,
            &Thing {
                a: 1,
                b: "x".into(),
            },
        )
        .unwrap();
        fs::write(t.0.join(".thing.ron.a1B2c3.tmp"), "(a: 9").unwrap();
        let (_, l) = Store::open::<Thing>(path.clone());
        assert_eq!(l.value.a, 1);
        assert_eq!(files(&t.0), vec!["thing.ron"]);
    }

    /// Loads `path` on another thread and fails if that takes more than a few seconds.
    fn load_quickly(path: &Path) -> Loaded<Thing> {
        let (tx, rx) = std::sync::mpsc::channel();
        let p = path.to_path_buf();
        std::thread::spawn(move || {
            let _ = tx.send(load::<Thing>(&p));
        });
        rx.recv_timeout(std::time::Duration::from_secs(5))
            .expect("loading must not block")
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_a_device_or_a_directory_at_the_path_is_refused_without_blocking() {
        let t = Tmp::new("special");
        let path = t.0.join("thing.ron");
        let made = std::process::Command::new("mkfifo")
            .arg(&path)
            .status()
            .unwrap();
        assert!(made.success());
        let l = load_quickly(&path);
        assert_eq!(l.value, Thing::default());
        assert!(facts(l.notice).contains("NotAFile"));
        assert!(!path.exists(), "the FIFO was moved aside");
        std::os::unix::fs::symlink("/dev/zero", &path).unwrap();
        let l = load_quickly(&path);
        assert!(facts(l.notice).contains("NotAFile"));
        assert!(fs::symlink_metadata(&path).is_err());
        fs::create_dir(&path).unwrap();
        let l = load_quickly(&path);
        assert!(facts(l.notice).contains("NotAFile"));
    }

    #[test]
    fn a_huge_file_is_refused_unread_and_a_notice_quotes_little() {
        let t = Tmp::new("huge");
        let path = t.0.join("thing.ron");
        let f = fs::File::create(&path).unwrap();
        f.set_len(MAX_FILE_BYTES + 1).unwrap();
        drop(f);
        let l = load_quickly(&path);
        assert!(facts(l.notice).contains("TooLarge"));
        // A one-megabyte token: the notice stays short.
        fs::write(&path, format!("(a: {})", "9".repeat(1 << 20))).unwrap();
        let notice = facts(load::<Thing>(&path).notice);
        assert!(notice.len() < 1000, "{} bytes of notice", notice.len());
        fs::write(&path, format!("(a: 1, {}: 2)", "x".repeat(1 << 20))).unwrap();
        let l = load::<Thing>(&path);
        assert_eq!(l.value.a, 1);
        assert!(facts(l.notice).len() < 1000);
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        let t = Tmp::new("bom");
        let path = t.0.join("thing.ron");
        fs::write(&path, "\u{feff}(a: 3, b: \"bom\")").unwrap();
        let l = load::<Thing>(&path);
        assert!(l.notice.is_none(), "{:?}", l.notice);
        assert_eq!(
            l.value,
            Thing {
                a: 3,
                b: "bom".into()
            }
        );
    }

    #[test]
    fn unknown_fields_are_named_and_the_file_is_kept_before_it_is_written_over() {
        let t = Tmp::new("unknown");
        let path = t.0.join("thing.ron");
        let text = "(a: 2, volme: 0.2, b: \"x\")";
        fs::write(&path, text).unwrap();
        let (store, l) = Store::open::<Thing>(path.clone());
        assert_eq!(
            l.value,
            Thing {
                a: 2,
                b: "x".into()
            }
        );
        assert_eq!(l.ignored, vec!["volme"]);
        let notice = l.notice.unwrap();
        assert!(
            matches!(&notice, Notice::UnknownFields { fields, more: 0, kept: Ok(_), .. }
                if fields == &vec!["volme".to_string()]),
            "{notice:?}"
        );
        let copies: Vec<String> = files(&t.0)
            .into_iter()
            .filter(|f| f.starts_with("thing.original-"))
            .collect();
        assert_eq!(copies.len(), 1);
        // The game writes its own version; the original is still there.
        store.write(&l.value).unwrap();
        assert_eq!(fs::read_to_string(t.0.join(&copies[0])).unwrap(), text);
        assert!(!fs::read_to_string(&path).unwrap().contains("volme"));
    }

    /// Makes `dir` read-only for the rest of the test: permissions first, and where they do
    /// not bind (running as root) the immutable attribute. `None` if neither works here.
    #[cfg(unix)]
    struct ReadOnly {
        dir: PathBuf,
        chattr: bool,
    }

    #[cfg(unix)]
    impl ReadOnly {
        fn new(dir: &Path) -> Option<ReadOnly> {
            use std::os::unix::fs::PermissionsExt;
            let probe = dir.join(".probe");
            let enforced = || {
                let ok = fs::File::create(&probe).is_err();
                let _ = fs::remove_file(&probe);
                ok
            };
            fs::set_permissions(dir, fs::Permissions::from_mode(0o555)).ok()?;
            if enforced() {
                return Some(ReadOnly {
                    dir: dir.into(),
                    chattr: false,
                });
            }
            fs::set_permissions(dir, fs::Permissions::from_mode(0o755)).ok()?;
            let ran = std::process::Command::new("chattr")
                .arg("+i")
                .arg(dir)
                .status()
                .is_ok_and(|s| s.success());
            let guard = ReadOnly {
                dir: dir.into(),
                chattr: true,
            };
            (ran && enforced()).then_some(guard)
        }
    }

    #[cfg(unix)]
    impl Drop for ReadOnly {
        fn drop(&mut self) {
            use std::os::unix::fs::PermissionsExt;
            if self.chattr {
                let _ = std::process::Command::new("chattr")
                    .arg("-i")
                    .arg(&self.dir)
                    .status();
            }
            let _ = fs::set_permissions(&self.dir, fs::Permissions::from_mode(0o755));
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_read_only_directory_fails_cleanly_and_loses_nothing() {
        let t = Tmp::new("readonly");
        let dir = t.0.join("ro");
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("thing.ron");
        let v = Thing {
            a: 3,
            b: "keep".into(),
        };
        save(&path, &v).unwrap();
        let new = Thing {
            a: 4,
            b: "new".into(),
        };
        {
            let Some(_ro) = ReadOnly::new(&dir) else {
                panic!("could not make a directory read-only on this machine");
            };
            assert!(
                save(&path, &new).is_err(),
                "writing into a read-only directory fails"
            );
            let l: Loaded<Thing> = load(&path);
            assert_eq!(l.value, v, "the old file is intact");
            assert_eq!(files(&dir), vec!["thing.ron"], "no temporary file left");
        }
        // A bad file in a read-only directory cannot be moved aside: defaults, a notice, and
        // the store refuses to write over it.
        fs::write(&path, "garbage(").unwrap();
        {
            let _ro = ReadOnly::new(&dir).unwrap();
            let (store, l) = Store::open::<Thing>(path.clone());
            assert!(!store.writable && !l.writable);
            assert_eq!(l.value, Thing::default());
            assert!(
                matches!(l.notice, Some(Notice::Unusable { kept: Err(_), .. })),
                "left in place"
            );
        }
        let store = Store {
            path: path.clone(),
            writable: false,
        };
        assert!(
            store.write(&v).is_err(),
            "even once the directory is writable again"
        );
        assert_eq!(fs::read_to_string(&path).unwrap(), "garbage(");
    }
}
