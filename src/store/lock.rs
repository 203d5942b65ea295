//! One game at a time: the process that holds the lock owns the player's files.
//!
//! Two windows writing one series lose rounds and can leave a shorter save written over a
//! longer one, so the game takes an OS advisory lock on `hollywood-gin.lock` in its data
//! directory before it reads anything, and holds it until the process ends; a second launch
//! finds the lock held, says the game is already running, and leaves the files alone.
//!
//! Decisions: the lock is `std::fs::File::try_lock` (stable since Rust 1.89: `flock` on Unix,
//! `LockFileEx` on Windows), so no crate is needed. The operating system drops it when the
//! process ends however it ends (a crash, `kill -9`), so a stale lock file never blocks the
//! next start: the file may stay, the lock does not. The lock file is never written.
//!
//! The lock never fails open: a game that cannot take it does not start (two writers lose
//! rounds). So that a careless setup still plays, it is taken wherever it can be, the same way
//! by every process:
//! - a lock file that cannot be opened for writing (read-only, or left owned by root after a
//!   `sudo` run) is opened read-only: the operating system's lock needs no more;
//! - a link at the lock's path that leads nowhere (dangling, or a loop) is replaced by a file;
//! - where the data directory holds no lock at all (it is read-only, or the path is something
//!   that cannot be locked), the lock is taken in the system's temporary directory under a
//!   name made from the data directory's path, so two games on the same files still meet.

use std::fs::{self, File, OpenOptions, TryLockError};
use std::io;
use std::path::{Path, PathBuf};

/// The lock file's name inside the data directory.
pub const LOCK_FILE: &str = "hollywood-gin.lock";

/// Why the lock was not taken.
#[derive(Debug, thiserror::Error)]
pub enum LockError {
    /// Another process holds it: the game is already running.
    #[error("the game is already running (another process holds {})", .0.display())]
    Held(PathBuf),
    /// The lock file could not be opened or locked.
    #[error("could not lock {}: {err}", .0.display(), err = .1)]
    Io(PathBuf, io::Error),
}

/// The held lock; dropping it (or the process ending) releases it.
#[derive(Debug)]
pub struct InstanceLock {
    _file: File,
    /// The lock file.
    pub path: PathBuf,
}

impl InstanceLock {
    /// Takes the lock for the files in `dir` (created if missing), without waiting: in `dir`
    /// where it can be, else where the module docs say. `Io` only when it can be taken
    /// nowhere; then the game must not start.
    pub fn acquire(dir: &Path) -> Result<InstanceLock, LockError> {
        let path = dir.join(LOCK_FILE);
        // A directory that cannot be made is met below as a lock file that cannot be opened.
        let _ = fs::create_dir_all(dir);
        let first = match lock_at(&path) {
            Err(LockError::Io(_, e)) => e,
            done => return done,
        };
        // A link that leads nowhere: nobody could have opened it, so nobody holds a lock
        // through it, and a file in its place is what every process will lock next.
        if fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_symlink())
            && fs::metadata(&path).is_err()
            && fs::remove_file(&path).is_ok()
        {
            return lock_at(&path);
        }
        let elsewhere = std::env::temp_dir().join(fallback_name(dir));
        lock_at(&elsewhere).map_err(|e| match e {
            LockError::Io(_, second) => LockError::Io(
                path,
                io::Error::new(
                    first.kind(),
                    format!("{first}; {}: {second}", elsewhere.display()),
                ),
            ),
            held => held,
        })
    }
}

/// Opens `path` for the lock (read-only where it cannot be written) and takes it.
fn lock_at(path: &Path) -> Result<InstanceLock, LockError> {
    let file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .or_else(|_| File::open(path))
        .map_err(|e| LockError::Io(path.to_path_buf(), e))?;
    match file.try_lock() {
        Ok(()) => Ok(InstanceLock {
            _file: file,
            path: path.to_path_buf(),
        }),
        Err(TryLockError::WouldBlock) => Err(LockError::Held(path.to_path_buf())),
        Err(TryLockError::Error(e)) => Err(LockError::Io(path.to_path_buf(), e)),
    }
}

/// The fallback lock's file name for the data directory `dir`: the same for every process on
/// the same directory (a hash of its path, stable across versions), another for another.
fn fallback_name(dir: &Path) -> String {
    use sha2::{Digest, Sha256};
    let dir = fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    let h = Sha256::digest(dir.to_string_lossy().as_bytes());
    let tag: String = h[..8].iter().map(|b| format!("{b:02x}")).collect();
    format!("hollywood-gin-{tag}.lock")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};

    fn tmp(name: &str) -> PathBuf {
        let p = std::env::temp_dir().join(format!("hg-lock-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&p);
        p
    }

    #[test]
    fn one_holder_at_a_time_and_the_lock_goes_with_its_holder() {
        let dir = tmp("one");
        let first = InstanceLock::acquire(&dir).unwrap();
        assert!(matches!(
            InstanceLock::acquire(&dir),
            Err(LockError::Held(p)) if p == dir.join(LOCK_FILE)
        ));
        drop(first);
        let again = InstanceLock::acquire(&dir);
        assert!(again.is_ok(), "released when dropped: {again:?}");
        drop(again);
        fs::remove_dir_all(&dir).unwrap();
    }

    /// A setup's name, and what makes it in a data directory (with what undoes it, if any).
    #[cfg(unix)]
    type Setup = (&'static str, Box<dyn Fn(&Path) -> Option<Frozen>>);

    /// `path` read-only for everyone, root included (as CI runs): its permissions, and the
    /// immutable attribute, which binds root too; both undone when dropped.
    #[cfg(unix)]
    struct Frozen(PathBuf);

    #[cfg(unix)]
    impl Frozen {
        fn new(path: &Path, mode: u32) -> Frozen {
            use std::os::unix::fs::PermissionsExt;
            fs::set_permissions(path, fs::Permissions::from_mode(mode)).unwrap();
            let _ = Command::new("chattr").arg("+i").arg(path).status();
            Frozen(path.into())
        }
    }

    #[cfg(unix)]
    impl Drop for Frozen {
        fn drop(&mut self) {
            use std::os::unix::fs::PermissionsExt;
            let _ = Command::new("chattr").arg("-i").arg(&self.0).status();
            let _ = fs::set_permissions(&self.0, fs::Permissions::from_mode(0o755));
        }
    }

    /// Lock paths a careless or hostile setup leaves: made in `dir` before either process
    /// starts. A lock file left owned by root after a `sudo` run is, for the player, a file
    /// they cannot write: the read-only file.
    #[cfg(unix)]
    fn setups() -> Vec<Setup> {
        use std::os::unix::fs::symlink;
        let lock = |d: &Path| d.join(LOCK_FILE);
        vec![
            (
                "a directory",
                Box::new(move |d| {
                    fs::create_dir_all(lock(d)).unwrap();
                    None
                }),
            ),
            (
                "a dangling link",
                Box::new(move |d| {
                    symlink(d.join("gone/nowhere"), lock(d)).unwrap();
                    None
                }),
            ),
            (
                "a link loop",
                Box::new(move |d| {
                    symlink(d.join("b"), lock(d)).unwrap();
                    symlink(lock(d), d.join("b")).unwrap();
                    None
                }),
            ),
            (
                "a read-only file",
                Box::new(move |d| {
                    fs::write(lock(d), "").unwrap();
                    let f = Frozen::new(&lock(d), 0o444);
                    let writable = OpenOptions::new().write(true).open(lock(d)).is_ok();
                    assert!(!writable, "the lock file could not be made read-only here");
                    Some(f)
                }),
            ),
            (
                "a read-only directory",
                Box::new(move |d| {
                    let f = Frozen::new(d, 0o555);
                    let writable = File::create(d.join("probe")).is_ok();
                    assert!(!writable, "the directory could not be made read-only here");
                    Some(f)
                }),
            ),
        ]
    }

    /// In every setup, a second process is refused while the first holds the lock, and
    /// nobody runs without it.
    #[cfg(unix)]
    #[test]
    fn the_lock_holds_in_every_setup_with_two_processes() {
        for (i, (what, make)) in setups().into_iter().enumerate() {
            let dir = tmp(&format!("setup{i}"));
            fs::create_dir_all(&dir).unwrap();
            let frozen = make(&dir);
            let mut child = holder(&dir);
            let second = InstanceLock::acquire(&dir);
            assert!(
                matches!(second, Err(LockError::Held(_))),
                "{what}: a second process got {second:?}"
            );
            child.kill().unwrap();
            child.wait().unwrap();
            let after = InstanceLock::acquire(&dir);
            assert!(
                after.is_ok(),
                "{what}: free once the holder died: {after:?}"
            );
            drop(after);
            drop(frozen);
            fs::remove_dir_all(&dir).unwrap();
        }
    }

    /// Where no lock can be made beside the files at all (here the data directory's path runs
    /// through a file, so nothing can be created there, root or not), both processes lock in
    /// the temporary directory, and still meet.
    #[test]
    fn with_no_room_for_a_lock_beside_the_files_it_is_taken_elsewhere() {
        let base = tmp("nowhere");
        fs::create_dir_all(&base).unwrap();
        fs::write(base.join("file"), "").unwrap();
        let dir = base.join("file").join("data");
        let mut child = holder(&dir);
        let second = InstanceLock::acquire(&dir);
        assert!(
            matches!(&second, Err(LockError::Held(p)) if p.starts_with(std::env::temp_dir())),
            "{second:?}"
        );
        child.kill().unwrap();
        child.wait().unwrap();
        let after = InstanceLock::acquire(&dir).expect("free once the holder died");
        assert_eq!(after.path, std::env::temp_dir().join(fallback_name(&dir)));
        drop(after);
        fs::remove_dir_all(&base).unwrap();
    }

    /// This test binary again, in child mode: it takes the lock for `dir` and holds it until
    /// killed; returned once it has it.
    fn holder(dir: &Path) -> std::process::Child {
        let mut child = Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "store::lock::tests::a_second_process_is_refused_until_the_first_dies",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(CHILD_ENV, dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let out = BufReader::new(child.stdout.take().unwrap());
        let locked = out
            .lines()
            .map_while(Result::ok)
            .any(|l| l.contains("child-locked"));
        assert!(locked, "the child took the lock for {}", dir.display());
        child
    }

    const CHILD_ENV: &str = "HOLLYWOOD_GIN_LOCK_TEST_DIR";

    /// With two processes: a child (this test binary again, in child mode) takes the lock;
    /// this process is refused while the child lives, and gets it once the child is killed.
    #[test]
    fn a_second_process_is_refused_until_the_first_dies() {
        if let Some(dir) = std::env::var_os(CHILD_ENV) {
            // Child: take the lock, say so, hold it until killed.
            let _lock = InstanceLock::acquire(Path::new(&dir)).expect("child locks");
            println!("child-locked");
            let mut line = String::new();
            let _ = io::stdin().read_line(&mut line);
            return;
        }
        let dir = tmp("two");
        let mut child = holder(&dir);
        assert!(
            matches!(InstanceLock::acquire(&dir), Err(LockError::Held(_))),
            "refused while the other process holds it"
        );
        // Killed, not shut down: the operating system must release the lock.
        child.kill().unwrap();
        child.wait().unwrap();
        let after = InstanceLock::acquire(&dir);
        assert!(after.is_ok(), "free once the holder died: {after:?}");
        drop(after);
        fs::remove_dir_all(&dir).unwrap();
    }
}
