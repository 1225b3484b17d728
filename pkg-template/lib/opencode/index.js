// `contextfold/opencode`: see plugin.js.
export { createOpencodePlugin } from "./plugin.js";
