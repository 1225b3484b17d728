// DOM helpers: elements built from data (text only, never HTML strings), alerts and the activity log.

/** h("li", { class: "x", dataset: { step: 1 } }, "text", child, [children]) */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k in el && typeof v !== "string") el[k] = v;
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c === undefined || c === null || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.append(c instanceof Node ? c : String(c));
  }
}

export const $ = (sel, root = document) => root.querySelector(sel);
export const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];

/** Replace an element's children. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** One readable line for any thrown value: "IntegrityCheckError (INTEGRITY_CHECK): message". */
export function describeError(err) {
  if (err === undefined || err === null) return "Unknown error";
  if (typeof err === "string") return err;
  const name = err.name && err.name !== "Error" ? err.name : "Error";
  const code = typeof err.code === "string" ? ` (${err.code})` : "";
  const message = err.message || String(err);
  return `${name}${code}: ${message}`;
}

/** An alert at the top of the page, dismissable; the last few are kept. */
export function showAlert(text, kind = "error") {
  const box = document.getElementById("alerts");
  if (!box) return;
  const item = h("div", { class: `alert ${kind}` },
    h("p", {}, text),
    h("button", { type: "button", class: "small", onclick: () => item.remove() }, "Dismiss"));
  box.prepend(item);
  while (box.children.length > 3) box.lastElementChild.remove();
}

export function clearAlerts() {
  document.getElementById("alerts")?.replaceChildren();
}

const activity = [];
/** A line in the activity log (newest first, the last 50). */
export function logActivity(text) {
  const list = document.getElementById("activity");
  const time = new Date().toLocaleTimeString([], { hour12: false });
  activity.unshift(`${time}  ${text}`);
  activity.length = Math.min(activity.length, 50);
  if (list) fill(list, activity.map((line) => h("li", {}, line)));
}

/** Text with every [REDACTED:rule] marker wrapped in <mark>. */
export function withRedactions(text) {
  const parts = [];
  const re = /\[REDACTED:[^\]\s]*\]/g;
  let last = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > last) parts.push(text.slice(last, m.index));
    parts.push(h("mark", { class: "redacted" }, m[0]));
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

export function redactionRules(text) {
  return [...new Set([...text.matchAll(/\[REDACTED:([^\]\s]*)\]/g)].map((m) => m[1]))];
}
