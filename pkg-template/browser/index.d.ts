export * from "../lib/index.js";
