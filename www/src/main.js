// Entry: load the app (which loads the engine's WebAssembly) and turn any failure into a readable message
// instead of a blank page.
import { describeError, showAlert } from "./ui.js";

window.addEventListener("error", (e) => showAlert(describeError(e.error ?? e.message)));
window.addEventListener("unhandledrejection", (e) => showAlert(describeError(e.reason)));

import("./app.js")
  .then((app) => app.start())
  .catch((err) => {
    const line = document.getElementById("store-line");
    if (line) line.textContent = "The engine could not start.";
    showAlert(`The playground could not start: ${describeError(err)}. It needs a browser with WebAssembly and IndexedDB (a private window may disable IndexedDB).`);
    window.__playground = { ready: false, error: describeError(err) };
  });
