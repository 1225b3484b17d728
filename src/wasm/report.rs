//! Console text (bound once src/report.rs exists).
