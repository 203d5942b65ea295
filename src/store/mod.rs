//! Files on disk: the player's settings, the series in progress, and statistics. Plain Rust,
//! no Bevy, so every failure mode is unit-tested with `--no-default-features`.
//!
//! Decisions:
//! - RON, pretty-printed, so a player can read and hand-edit the files. Every stored struct is
//!   `#[serde(default)]`: a file from an older version with a missing field loads with the
//!   default for that field.
//! - Writes are atomic: the new content goes to a temporary file in the same directory, is
//!   flushed to disk, and is renamed over the old file. A crash mid-write leaves the old file.
//! - A file that cannot be parsed (or fails validation) is never overwritten: it is renamed
//!   aside (`settings.ron` → `settings.bad-<unix time>.ron`) and the player is told so; the
//!   game goes on with defaults. If even the rename fails, the file is left in place and the
//!   store refuses to write over it for the rest of the session ([`Store::writable`]).
//! - A missing file is normal (first start): defaults, no notice.
//! - Locations follow each platform's convention through the `directories` crate (XDG on
//!   Linux, Application Support on macOS, AppData on Windows); settings go in the config
//!   directory, the saved series and statistics in the data directory.

pub mod save;
pub mod settings;
pub mod stats;

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use serde::Serialize;
use serde::de::DeserializeOwned;

/// Where the game keeps its files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Paths {
    pub config: PathBuf,
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

    pub fn settings(&self) -> PathBuf {
        self.config.join("settings.ron")
    }
    pub fn save(&self) -> PathBuf {
        self.data.join("series.ron")
    }
    pub fn stats(&self) -> PathBuf {
        self.data.join("statistics.ron")
    }
}

/// A value read from disk, and what the player should be told about it.
#[derive(Clone, Debug, PartialEq)]
pub struct Loaded<T> {
    pub value: T,
    /// Set when the file existed but could not be used.
    pub notice: Option<String>,
    /// False when a bad file could not be moved aside, so it must not be written over.
    pub writable: bool,
    /// True when the file existed and was used.
    pub found: bool,
}

/// The result of a load, before falling back to a default.
fn read<T: DeserializeOwned>(
    path: &Path,
    validate: impl Fn(&T) -> Result<(), String>,
) -> Result<Option<T>, String> {
    let text = match fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("could not be read ({e})")),
    };
    let value: T = ron::from_str(&text).map_err(|e| format!("is not valid ({e})"))?;
    validate(&value).map_err(|e| format!("has a bad value ({e})"))?;
    Ok(Some(value))
}

/// Where a bad file is moved: next to it, with the time in the name.
pub fn aside_path(path: &Path) -> PathBuf {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("file");
    let mut p = path.with_file_name(format!("{stem}.bad-{secs}.ron"));
    let mut n = 1;
    while p.exists() {
        p = path.with_file_name(format!("{stem}.bad-{secs}-{n}.ron"));
        n += 1;
    }
    p
}

/// Loads `path`; `what` names it for the player ("settings", "saved series").
pub fn load<T: DeserializeOwned + Default>(
    path: &Path,
    what: &str,
    validate: impl Fn(&T) -> Result<(), String>,
) -> Loaded<T> {
    match read(path, validate) {
        Ok(Some(value)) => Loaded {
            value,
            notice: None,
            writable: true,
            found: true,
        },
        Ok(None) => Loaded {
            value: T::default(),
            notice: None,
            writable: true,
            found: false,
        },
        Err(why) => {
            let aside = aside_path(path);
            let (notice, writable) = match fs::rename(path, &aside) {
                Ok(()) => (
                    format!(
                        "The {what} file {} {why}. It was kept as {} and defaults are used.",
                        path.display(),
                        aside.display()
                    ),
                    true,
                ),
                Err(e) => (
                    format!(
                        "The {what} file {} {why}, and it could not be moved aside ({e}). \
                         Defaults are used and the file will not be changed.",
                        path.display()
                    ),
                    false,
                ),
            };
            Loaded {
                value: T::default(),
                notice: Some(notice),
                writable,
                found: false,
            }
        }
    }
}

/// Writes `value` to `path` atomically (temporary file, flush, rename).
pub fn save<T: Serialize>(path: &Path, value: &T) -> io::Result<()> {
    let dir = path
        .parent()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no parent directory"))?;
    fs::create_dir_all(dir)?;
    let text = ron::ser::to_string_pretty(value, ron::ser::PrettyConfig::default())
        .map_err(io::Error::other)?;
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("file");
    let tmp = dir.join(format!(".{name}.tmp"));
    let result = (|| {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// One file the game keeps: where it is and whether it may be written.
#[derive(Clone, Debug)]
pub struct Store {
    pub path: PathBuf,
    pub writable: bool,
}

impl Store {
    /// Loads the file, remembering whether it may be written later.
    pub fn open<T: DeserializeOwned + Default>(
        path: PathBuf,
        what: &str,
        validate: impl Fn(&T) -> Result<(), String>,
    ) -> (Store, Loaded<T>) {
        let loaded = load(&path, what, validate);
        (
            Store {
                path,
                writable: loaded.writable,
            },
            loaded,
        )
    }

    /// Writes `value`, unless this file was found bad and could not be moved aside.
    pub fn write<T: Serialize>(&self, value: &T) -> io::Result<()> {
        if !self.writable {
            return Err(io::Error::new(
                io::ErrorKind::PermissionDenied,
                format!(
                    "{} was unreadable and is left untouched",
                    self.path.display()
                ),
            ));
        }
        save(&self.path, value)
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

    fn ok(_: &Thing) -> Result<(), String> {
        Ok(())
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
        let l: Loaded<Thing> = load(&path, "thing", ok);
        assert_eq!(l.value, Thing::default());
        assert!(l.notice.is_none() && !l.found && l.writable);
        let v = Thing {
            a: 7,
            b: "seven".into(),
        };
        save(&path, &v).unwrap();
        let l: Loaded<Thing> = load(&path, "thing", ok);
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
            let l: Loaded<Thing> = load(&path, "thing", ok);
            assert_eq!(l.value, Thing::default(), "case {i}");
            let notice = l.notice.expect("a notice");
            assert!(
                notice.contains("thing file") && notice.contains("kept as"),
                "{notice}"
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
        let l: Loaded<Thing> = load(&path, "thing", ok);
        assert_eq!(
            l.value,
            Thing {
                a: 5,
                b: String::new()
            }
        );
        assert!(l.notice.is_none());
        let l: Loaded<Thing> = load(&path, "thing", |t: &Thing| {
            if t.a > 3 {
                Err("a is too big".into())
            } else {
                Ok(())
            }
        });
        assert!(l.notice.unwrap().contains("a is too big"));
        assert_eq!(l.value, Thing::default());
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
            let l: Loaded<Thing> = load(&path, "thing", ok);
            assert_eq!(l.value, v, "the old file is intact");
            assert_eq!(files(&dir), vec!["thing.ron"], "no temporary file left");
        }
        // A bad file in a read-only directory cannot be moved aside: defaults, a notice, and
        // the store refuses to write over it.
        fs::write(&path, "garbage(").unwrap();
        {
            let _ro = ReadOnly::new(&dir).unwrap();
            let (store, l) = Store::open::<Thing>(path.clone(), "thing", ok);
            assert!(!store.writable && !l.writable);
            assert_eq!(l.value, Thing::default());
            assert!(l.notice.unwrap().contains("will not be changed"));
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
