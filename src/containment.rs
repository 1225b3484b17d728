//! Path containment (spec §10): the `file_path` an index entry names must resolve, host links followed, to the
//! canonical file of its step, directly inside `cold_nodes/`. Hydrate, node, ranking, validate and repair all ask
//! this module; the store's path helpers (`store::cold_node_key`, `store::parent`) say where things are.

use crate::error::{Error, ErrorCode, Result};
use crate::store::{self, Storage};

/// The reference's `PathContainmentError` for a `file_path` that is not the canonical `expected` key of its step.
pub fn violation(file_path: &str, expected: &str, step_id: i64) -> Error {
    Error::new(
        ErrorCode::PathContainment,
        format!(
            "PathContainmentError: Cold node path '{file_path}' violates canonical boundary or does not match \
             expected '{expected}' for step {step_id}."
        ),
    )
}

/// `_resolve_cold_node_path`: the entry's `file_path` must resolve (host links followed) to the canonical file
/// of its step, directly inside `cold_nodes/`. Returns the resolved canonical path, absolute, for messages.
pub async fn resolve_cold_node_path(storage: &impl Storage, step_id: i64, file_path: Option<&str>) -> Result<String> {
    let file_path = match file_path {
        Some(p) if !p.is_empty() => p,
        _ => {
            return Err(Error::new(
                ErrorCode::PathContainment,
                format!("Step {step_id}: Missing file_path in recall_index node metadata."),
            ))
        }
    };
    let expected = store::cold_node_key(step_id);
    if file_path.contains('\0') {
        // No file on any system has a NUL in its path, and a host resolver may fail on one rather than resolve it.
        return Err(violation(file_path, &expected, step_id));
    }
    let resolved = storage.resolve(file_path).await?;
    let resolved_expected = storage.resolve(&expected).await?;
    let resolved_dir = storage.resolve(store::COLD_NODE_DIR).await?;
    if resolved != resolved_expected || store::parent(&resolved) != resolved_dir {
        return Err(violation(file_path, &expected, step_id));
    }
    Ok(resolved_expected)
}

/// The rule for an entry whose `file_path` is its canonical `key`, with the key and the cold-node directory
/// already resolved (`validate` resolves them in batches): both sides of the equality are the same path, so only
/// the parent check is left. Same result as [`resolve_cold_node_path`] for that entry.
pub fn check_canonical(step_id: i64, key: &str, resolved: String, resolved_dir: &str) -> Result<String> {
    if store::parent(&resolved) == resolved_dir {
        Ok(resolved)
    } else {
        Err(violation(key, key, step_id))
    }
}
