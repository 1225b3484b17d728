// `contextfold/openai-agents`: see filter.js.
export { contextFoldInputFilter } from "./filter.js";
