// The two named hydration policies (Rust `Policy::reference()` and `Policy::safe_default()`), as plain data for
// `ContextFold.open(storage, { defaultPolicy })`. tests/js/redaction.test.mjs checks that the engine writes and
// hashes exactly these.

/** The reference implementation's DEFAULT_POLICY: strict reference behaviour (no redaction, nothing written). */
export const REFERENCE_POLICY = Object.freeze({
  policy_version: "1.1",
  max_rehydration_tokens_per_call: 3000,
  max_rehydration_tokens_per_turn: 3500,
  scope: "single_turn",
  eviction_trigger: "after_response",
  integrity_verification: true,
});

/** What a new store gets by default, written as hydration_policy.json at its first fold: the reference's policy
 *  plus secret redaction before anything is stored. */
export const DEFAULT_POLICY = Object.freeze({ ...REFERENCE_POLICY, redaction: "secrets-v2" });

/** The best selection mode of the browser and bundler engines: what the integrations use by default there
 *  (measured against the reference's scan by `npm run bench:recall`; see the README). The Node entry has its own,
 *  `ranked-v2` (./policy-node.js), which these engines leave out for size. The library's own default stays the
 *  reference. */
export const BEST_SELECTION = "ranked-v1";

/** The policy of a store the hooks, `contextfold import` and the integrations create: DEFAULT_POLICY plus the best
 *  selection mode, written at the store's first fold. */
export const INTEGRATION_POLICY = Object.freeze({ ...DEFAULT_POLICY, selection: BEST_SELECTION });
