//! Words for the core's facts that both the window and the command line say: what a file is
//! called and why it could not be used. Plain Rust, no Bevy, so the command line (built with
//! or without the window) words a refusal exactly as the window does, in the player's
//! language; `t` is the message source either way (the table's language, or the system's).

use crate::lang::Arg;
use crate::store::{FileKind, FileProblem};

/// What the player calls a file (`t` the message source): "settings", "saved series".
pub fn file_name(t: impl Fn(&str, &[Arg]) -> String, kind: FileKind) -> String {
    let kind = match kind {
        FileKind::Settings => "settings",
        FileKind::SavedSeries => "series",
        FileKind::Statistics => "statistics",
    };
    t("file-name", &[("file", kind.into())])
}

/// Why a file could not be used. The parts in brackets (the system's or the parser's own
/// message) are quoted as they came: they are for a bug report, and no translation of ours
/// could be as exact.
pub fn file_problem(t: impl Fn(&str, &[Arg]) -> String, p: &FileProblem) -> String {
    match p {
        FileProblem::Unreadable(e) => t("file-unreadable", &[("detail", e.as_str().into())]),
        FileProblem::NotAFile => t("file-not-a-file", &[]),
        FileProblem::TooLarge { bytes, limit } => t(
            "file-too-large",
            &[("bytes", (*bytes).into()), ("limit", (*limit).into())],
        ),
        FileProblem::GrewWhileRead => t("file-grew", &[]),
        FileProblem::NotText => t("file-not-text", &[]),
        FileProblem::Invalid(e) => t("file-invalid", &[("detail", e.as_str().into())]),
        FileProblem::BadValue(e) => t("file-bad-value", &[("detail", e.as_str().into())]),
        FileProblem::NewerFormat { found, reads } => t(
            "file-newer-format",
            &[("found", (*found).into()), ("reads", (*reads).into())],
        ),
        FileProblem::OlderFormat { found } => t("file-older-format", &[("found", (*found).into())]),
        FileProblem::UnknownFields(names) => {
            let names: Vec<String> = names.iter().map(|f| format!("`{f}`")).collect();
            t(
                "file-unknown-fields",
                &[("fields", names.join(", ").into())],
            )
        }
        FileProblem::MissingField(name) => t("file-missing-field", &[("field", (*name).into())]),
    }
}
