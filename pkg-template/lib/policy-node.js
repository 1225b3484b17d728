// The Node entry's named policies: those of ./policy.js, with the best selection mode of the Node engine, whose
// wasm has ranked-v2 (paged ranking, any store size; the browser and bundler engines leave it out for size).
import { DEFAULT_POLICY } from "./policy.js";

export { REFERENCE_POLICY, DEFAULT_POLICY } from "./policy.js";

/** The best selection mode of the Node engine: what the hooks, `contextfold import`, the MCP server and the Node
 *  integrations use by default (`npm run bench:recall`; see the README). The library's own default stays the
 *  reference. */
export const BEST_SELECTION = "ranked-v2";

/** DEFAULT_POLICY plus the best selection mode, written at the first fold of a store the hooks and integrations
 *  create. */
export const INTEGRATION_POLICY = Object.freeze({ ...DEFAULT_POLICY, selection: BEST_SELECTION });
