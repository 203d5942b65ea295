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
    pub path: PathBuf,
}

impl InstanceLock {
    /// Takes the lock in `dir` (created if missing), without waiting.
    pub fn acquire(dir: &Path) -> Result<InstanceLock, LockError> {
        let path = dir.join(LOCK_FILE);
        let io_err = |e| LockError::Io(path.clone(), e);
        fs::create_dir_all(dir).map_err(io_err)?;
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(io_err)?;
        match file.try_lock() {
            Ok(()) => Ok(InstanceLock { _file: file, path }),
            Err(TryLockError::WouldBlock) => Err(LockError::Held(path)),
            Err(TryLockError::Error(e)) => Err(LockError::Io(path, e)),
        }
    }
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
        let mut child = Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "store::lock::tests::a_second_process_is_refused_until_the_first_dies",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(CHILD_ENV, &dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let out = BufReader::new(child.stdout.take().unwrap());
        let locked = out
            .lines()
            .map_while(Result::ok)
            .any(|l| l.contains("child-locked"));
        assert!(locked, "the child took the lock");
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
