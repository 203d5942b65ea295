//! What the program tells the player outside its window: error lines, and a crash report.
//!
//! Decisions:
//! - Every line goes to stderr as before. Where stderr goes nowhere, the line is also shown in
//!   a message box: a Windows release build started from Explorer has no console (no standard
//!   error handle at all), and a macOS app started from Finder writes stderr to /dev/null. A
//!   program run from a terminal, a script or a test (stderr a terminal, a pipe or a file)
//!   never gets a box, so nothing waits on a click that nobody can make.
//! - The boxes come from the system itself: `MessageBoxW` through `windows-sys` (already in
//!   the tree for the console), and on macOS an alert from `osascript`, which every Mac has
//!   and which takes the text as arguments (no quoting to get wrong). No dialog crate is
//!   needed for two calls. Linux desktops have no one dialog program, so there stderr is it.
//! - A panic writes `crash.log` in the data directory (message, place, thread, version and
//!   backtrace, newest last), so a player can send it; see the README.
//! - A second launch on Windows brings the running game's window to the front (found by its
//!   title) instead of a message. macOS does that itself for an app bundle opened twice.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Where standard error leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stderr {
    /// A terminal, a pipe or a file: somebody reads it.
    Read,
    /// Nowhere: no handle, or the null device.
    Nowhere,
}

/// Where this process's standard error leads.
pub fn stderr() -> Stderr {
    #[cfg(windows)]
    {
        use windows_sys::Win32::Foundation::INVALID_HANDLE_VALUE;
        use windows_sys::Win32::System::Console::{GetStdHandle, STD_ERROR_HANDLE};
        // SAFETY: GetStdHandle has no preconditions; it only reads the process's table.
        let h = unsafe { GetStdHandle(STD_ERROR_HANDLE) };
        if h.is_null() || h == INVALID_HANDLE_VALUE {
            return Stderr::Nowhere;
        }
        Stderr::Read
    }
    #[cfg(unix)]
    {
        unix_stderr(Path::new("/dev/fd/2"))
    }
    #[cfg(not(any(windows, unix)))]
    {
        Stderr::Read
    }
}

/// Where the file descriptor behind `fd` (a `/dev/fd/N` path) leads.
#[cfg(unix)]
fn unix_stderr(fd: &Path) -> Stderr {
    use std::os::unix::fs::MetadataExt;
    let (Ok(err), Ok(null)) = (std::fs::metadata(fd), std::fs::metadata("/dev/null")) else {
        return Stderr::Nowhere;
    };
    if (err.dev(), err.ino(), err.rdev()) == (null.dev(), null.ino(), null.rdev()) {
        Stderr::Nowhere
    } else {
        Stderr::Read
    }
}

/// Tells the player `line` (already in their language): on stderr, and in a message box where
/// stderr goes nowhere and the system has one.
pub fn error(line: &str) {
    eprintln!("hollywood-gin: {line}");
    if stderr() == Stderr::Nowhere {
        message_box(&crate::lang::Voice::system().t("game-title", &[]), line);
    }
}

/// Shows a message box with an OK button and waits for it (Windows and macOS; elsewhere
/// nothing).
pub fn message_box(title: &str, text: &str) {
    #[cfg(windows)]
    {
        use windows_sys::Win32::UI::WindowsAndMessaging::{
            MB_ICONERROR, MB_OK, MB_SETFOREGROUND, MessageBoxW,
        };
        let wide = |s: &str| -> Vec<u16> { s.encode_utf16().chain(Some(0)).collect() };
        let (t, m) = (wide(title), wide(text));
        // SAFETY: both strings are NUL-terminated UTF-16 that outlive the call; no owner
        // window.
        unsafe {
            MessageBoxW(
                std::ptr::null_mut(),
                m.as_ptr(),
                t.as_ptr(),
                MB_OK | MB_ICONERROR | MB_SETFOREGROUND,
            );
        }
    }
    #[cfg(target_os = "macos")]
    {
        let _ = std::process::Command::new("/usr/bin/osascript")
            .args([
                "-e",
                "on run argv",
                "-e",
                "display alert (item 1 of argv) message (item 2 of argv) as critical",
                "-e",
                "end run",
                title,
                text,
            ])
            .status();
    }
    #[cfg(not(any(windows, target_os = "macos")))]
    {
        let _ = (title, text);
    }
}

/// Brings the running game's window (titled `title`) to the front. True if one was found;
/// only Windows lets another process do this here (macOS does it for an app opened twice).
pub fn bring_to_front(title: &str) -> bool {
    #[cfg(windows)]
    {
        use windows_sys::Win32::UI::WindowsAndMessaging::{
            FindWindowW, IsIconic, SW_RESTORE, SetForegroundWindow, ShowWindow,
        };
        let name: Vec<u16> = title.encode_utf16().chain(Some(0)).collect();
        // SAFETY: `name` is NUL-terminated UTF-16 that outlives the calls; a null class name
        // matches any class; the handle is only passed back to the system.
        unsafe {
            let hwnd = FindWindowW(std::ptr::null(), name.as_ptr());
            if hwnd.is_null() {
                return false;
            }
            if IsIconic(hwnd) != 0 {
                ShowWindow(hwnd, SW_RESTORE);
            }
            SetForegroundWindow(hwnd);
        }
        true
    }
    #[cfg(not(windows))]
    {
        let _ = title;
        false
    }
}

/// The crash log's file name, in the data directory.
pub const CRASH_LOG: &str = "crash.log";

/// The text of one crash report.
pub fn crash_report(message: &str, place: &str, thread: &str, backtrace: &str) -> String {
    let when = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    format!(
        "---- hollywood-gin {} ({} {}), unix time {when}\n\
         panic in thread '{thread}' at {place}:\n{message}\n\nbacktrace:\n{backtrace}\n",
        env!("CARGO_PKG_VERSION"),
        std::env::consts::OS,
        std::env::consts::ARCH,
    )
}

/// Appends `report` to the crash log in `dir` (made if missing). The newest report is last; a
/// log grown past 1 MB starts over so it never fills a disk.
pub fn write_crash_log(dir: &Path, report: &str) -> std::io::Result<PathBuf> {
    std::fs::create_dir_all(dir)?;
    let path = dir.join(CRASH_LOG);
    let big = std::fs::metadata(&path).is_ok_and(|m| m.len() > 1 << 20);
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(!big)
        .write(true)
        .truncate(big)
        .open(&path)?;
    f.write_all(report.as_bytes())?;
    f.sync_all()?;
    Ok(path)
}

/// Drops the `-psn_0_…` argument that macOS's Finder adds to a quarantined app's first launch
/// (the command-line parser would refuse it and the game would quit without a word).
pub fn without_finder_arguments(
    args: impl IntoIterator<Item = std::ffi::OsString>,
) -> Vec<std::ffi::OsString> {
    args.into_iter()
        .enumerate()
        .filter(|(i, a)| *i == 0 || !(cfg!(target_os = "macos") && is_process_serial(a)))
        .map(|(_, a)| a)
        .collect()
}

/// Whether `a` is a Finder process serial number argument (`-psn_0_12345`).
pub fn is_process_serial(a: &std::ffi::OsStr) -> bool {
    a.to_str().is_some_and(|s| s.starts_with("-psn_"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn stderr_that_leads_to_the_null_device_leads_nowhere() {
        assert_eq!(unix_stderr(Path::new("/dev/null")), Stderr::Nowhere);
        assert_eq!(unix_stderr(Path::new("/no/such/fd")), Stderr::Nowhere);
        let dir = std::env::temp_dir().join(format!("hg-report-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("err.txt");
        std::fs::write(&file, "").unwrap();
        assert_eq!(unix_stderr(&file), Stderr::Read, "a file is read");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_crash_report_is_appended_and_says_what_and_where() {
        let dir = std::env::temp_dir().join(format!("hg-crash-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let one = crash_report(
            "index out of bounds",
            "src/gui/table.rs:10:5",
            "main",
            "0: x",
        );
        let path = write_crash_log(&dir, &one).unwrap();
        assert_eq!(path, dir.join(CRASH_LOG));
        write_crash_log(&dir, &crash_report("second", "a.rs:1:1", "writer", "")).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("index out of bounds") && text.contains("src/gui/table.rs:10:5"));
        assert!(text.contains(env!("CARGO_PKG_VERSION")) && text.contains("backtrace:"));
        assert!(
            text.find("index out of bounds") < text.find("second"),
            "newest last"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn finders_process_serial_argument_is_recognised() {
        use std::ffi::{OsStr, OsString};
        assert!(is_process_serial(OsStr::new("-psn_0_1234567")));
        assert!(!is_process_serial(OsStr::new("--seed")));
        let args: Vec<OsString> = ["hollywood-gin", "-psn_0_99", "--seed", "3"]
            .into_iter()
            .map(OsString::from)
            .collect();
        let kept = without_finder_arguments(args.clone());
        if cfg!(target_os = "macos") {
            assert_eq!(kept, [&args[0], &args[2], &args[3]].map(|a| a.clone()));
        } else {
            assert_eq!(kept, args, "only macOS's Finder sends it");
        }
    }
}
