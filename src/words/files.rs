//! What a file is called and why it could not be used: said by the command line and by the
//! window's notices alike.

use crate::lang::Voice;
use crate::store::{FileKind, FileProblem};

/// What the player calls a file : "settings", "saved series".
pub fn file_name(v: &Voice, kind: FileKind) -> String {
    let kind = match kind {
        FileKind::Settings => "settings",
        FileKind::SavedSeries => "series",
        FileKind::Statistics => "statistics",
        FileKind::Friend => "friend",
    };
    v.t("file-name", &[("file", kind.into())])
}

/// Why a file could not be used. The parts in brackets (the system's or the parser's own
/// message) are quoted as they came: they are for a bug report, and no translation of ours
/// could be as exact.
pub fn file_problem(v: &Voice, p: &FileProblem) -> String {
    match p {
        FileProblem::Unreadable(e) => v.t("file-unreadable", &[("detail", e.as_str().into())]),
        FileProblem::NotAFile => v.t("file-not-a-file", &[]),
        FileProblem::TooLarge { bytes, limit } => v.t(
            "file-too-large",
            &[("bytes", (*bytes).into()), ("limit", (*limit).into())],
        ),
        FileProblem::GrewWhileRead => v.t("file-grew", &[]),
        FileProblem::NotText => v.t("file-not-text", &[]),
        FileProblem::Invalid(e) => v.t("file-invalid", &[("detail", e.as_str().into())]),
        FileProblem::BadValue(e) => v.t("file-bad-value", &[("detail", e.as_str().into())]),
        FileProblem::NewerFormat { found, reads } => v.t(
            "file-newer-format",
            &[("found", (*found).into()), ("reads", (*reads).into())],
        ),
        FileProblem::OlderFormat { found } => {
            v.t("file-older-format", &[("found", (*found).into())])
        }
        FileProblem::UnknownFields(names) => {
            let names: Vec<String> = names.iter().map(|f| format!("`{f}`")).collect();
            v.t(
                "file-unknown-fields",
                &[("fields", names.join(", ").into())],
            )
        }
        FileProblem::MissingField(name) => v.t("file-missing-field", &[("field", (*name).into())]),
    }
}
