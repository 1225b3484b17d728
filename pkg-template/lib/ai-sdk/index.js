// `contextfold/ai-sdk`: see middleware.js.
export { contextFoldMiddleware } from "./middleware.js";
