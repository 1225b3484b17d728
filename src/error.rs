//! One typed error for the whole engine, with a stable code per kind. Messages are the reference's, so the
//! CLI can print them byte for byte; the Python class name is kept for `[ERROR] <Name>: <msg>` lines.

use std::fmt;

/// What went wrong, as a stable code. `PathContainment` is a kind of `IntegrityCheck` (see [`ErrorCode::is_integrity`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorCode {
    /// The step is not in the recall index (CONF-10).
    NodeNotFound,
    /// A cold node failed verification: corrupted JSON, missing or mismatched artifact hash (CONF-09).
    IntegrityCheck,
    /// An index entry points outside its canonical cold-node path (CONF-12).
    PathContainment,
    /// A cold node exists on disk without an index entry (CONF-12 Scenario A).
    OrphanedNode,
    /// An index entry points at a missing cold node (CONF-12 Scenario B).
    BrokenReference,
    /// The caller's input is unusable: wrong type, ill-formed string, bad policy value, out-of-range id.
    InvalidInput,
    /// The host storage failed.
    Storage,
    /// An input or a stored file is larger than a ceiling of [`crate::limits::Limits`] (payload, prompt, index):
    /// refused before it could exhaust the engine's memory. A kind of invalid input (the CLI exits 1).
    LimitExceeded,
}

impl ErrorCode {
    /// The stable machine-readable code (`NODE_NOT_FOUND`, ...), the same in Rust and JS.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::NodeNotFound => "NODE_NOT_FOUND",
            ErrorCode::IntegrityCheck => "INTEGRITY_CHECK",
            ErrorCode::PathContainment => "PATH_CONTAINMENT",
            ErrorCode::OrphanedNode => "ORPHANED_NODE",
            ErrorCode::BrokenReference => "BROKEN_REFERENCE",
            ErrorCode::InvalidInput => "INVALID_INPUT",
            ErrorCode::Storage => "STORAGE",
            ErrorCode::LimitExceeded => "LIMIT_EXCEEDED",
        }
    }

    /// The reference's exception class name.
    pub fn class_name(self) -> &'static str {
        match self {
            ErrorCode::NodeNotFound => "NodeNotFoundError",
            ErrorCode::IntegrityCheck => "IntegrityCheckError",
            ErrorCode::PathContainment => "PathContainmentError",
            ErrorCode::OrphanedNode => "OrphanedNodeError",
            ErrorCode::BrokenReference => "BrokenReferenceError",
            ErrorCode::InvalidInput => "InvalidInputError",
            ErrorCode::Storage => "StorageError",
            ErrorCode::LimitExceeded => "LimitExceededError",
        }
    }

    /// `PathContainmentError` subclasses `IntegrityCheckError` in the reference.
    pub fn is_integrity(self) -> bool {
        matches!(self, ErrorCode::IntegrityCheck | ErrorCode::PathContainment)
    }

    /// The reference CLI's exit status for this error.
    pub fn exit_code(self) -> i32 {
        match self {
            ErrorCode::NodeNotFound => 2,
            ErrorCode::IntegrityCheck | ErrorCode::PathContainment => 3,
            ErrorCode::OrphanedNode => 4,
            ErrorCode::BrokenReference => 5,
            ErrorCode::InvalidInput | ErrorCode::LimitExceeded => 1,
            ErrorCode::Storage => 6,
        }
    }
}

/// An engine error: a code and the human message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    code: ErrorCode,
    message: String,
}

impl Error {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Error { code, message: message.into() }
    }
    pub fn code(&self) -> ErrorCode {
        self.code
    }
    pub fn message(&self) -> &str {
        &self.message
    }
    pub fn invalid_input(message: impl Into<String>) -> Self {
        Error::new(ErrorCode::InvalidInput, message)
    }
    pub fn storage(message: impl Into<String>) -> Self {
        Error::new(ErrorCode::Storage, message)
    }
    pub fn limit(message: impl Into<String>) -> Self {
        Error::new(ErrorCode::LimitExceeded, message)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

pub type Result<T, E = Error> = std::result::Result<T, E>;
