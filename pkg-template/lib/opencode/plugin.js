// `contextfold/opencode`: an opencode plugin (`@opencode-ai/plugin` hooks), one store per opencode session.
//
// - `tool.execute.after`: a tool output at or above the fold threshold is folded; by default (`replace: "history"`)
//   the output opencode stores and shows becomes the folded-step record, and the record goes into the part's
//   metadata (`metadata.contextfold`), so later requests and restarts know the step.
// - `experimental.chat.messages.transform` (the request's own copy of the messages; nothing here is stored):
//   folded results of the current turn (after the latest user message) get their full, verified content back for
//   this request, results of earlier turns show their record, and the latest user message is scanned and the
//   hydrated nodes are put in front of it as a synthetic text part. The nodes are evicted when the answer is
//   complete (`message.updated` of a completed assistant message, `session.idle`), or else before the next request.
// - `experimental.session.compacting`: the hot projection (the newest folded-step records) is added to the
//   compaction prompt, and the compaction request itself gets no hydrated context (its summary is stored).
import { ContextFold, INTEGRATION_POLICY } from "contextfold";
import { NodeFsStorage } from "contextfold/node";

import { ToolResultFolder, foldedStepText, isFoldedStep, notify } from "../integration/folding.js";
import { Evictions, hydrateForCall, warn } from "../integration/hydration.js";
import { sessionStoreDir } from "../integration/session-store.js";

const DEFAULT_COMPACTION_STEPS = 20;

/**
 * @param {import("./index.js").OpencodePluginOptions} [options]
 * @returns {import("./index.js").ContextFoldOpencodePlugin}
 */
export function createOpencodePlugin(options = {}) {
  return async function contextFoldPlugin(_input, pluginOptions) {
    const opts = { ...options, ...(isObject(pluginOptions) ? pluginOptions : {}) };
    const replace = opts.replace ?? "history";
    if (replace !== "history" && replace !== "request") throw new TypeError('replace must be "history" or "request"');
    const onError = opts.onError ?? warn("opencode");
    const compactionSteps = opts.compactionSteps ?? DEFAULT_COMPACTION_STEPS;
    /** @type {Map<string, Promise<Session>>} */
    const sessions = new Map();

    /** @returns {Promise<Session>} */
    function session(sessionID) {
      let s = sessions.get(sessionID);
      if (!s) {
        s = (async () => {
          const cf = opts.store ? await opts.store(sessionID) : await ContextFold.open(new NodeFsStorage(opts.dir ? opts.dir(sessionID) : sessionStoreDir(sessionID)), { defaultPolicy: INTEGRATION_POLICY });
          const folder = new ToolResultFolder(cf, { foldThreshold: opts.foldThreshold, summarize: opts.summarize, sessionId: sessionID, onFold: opts.onFold });
          return { cf, folder, evictions: new Evictions(cf, onError), compacting: false };
        })();
        sessions.set(sessionID, s);
        s.catch(() => sessions.delete(sessionID));
      }
      return s;
    }

    return {
      async "tool.execute.after"(input, output) {
        try {
          if (!input || typeof input.sessionID !== "string" || !output || typeof output.output !== "string") return;
          const s = await session(input.sessionID);
          const record = await s.folder.fold({ callId: input.callID, toolName: input.tool, input: input.args, output: output.output });
          if (!record) return;
          output.metadata = { ...(isObject(output.metadata) ? output.metadata : {}), contextfold: record };
          if (replace === "history") output.output = foldedStepText(record);
        } catch (err) {
          onError(err, "fold");
        }
      },

      async "experimental.chat.messages.transform"(_input, output) {
        try {
          const messages = output?.messages;
          if (!Array.isArray(messages)) return;
          const sessionID = messages.find((m) => typeof m?.info?.sessionID === "string")?.info.sessionID;
          if (sessionID === undefined) return;
          const s = await session(sessionID);
          await s.evictions.flush();
          const lastUser = findLastIndex(messages, (m) => m?.info?.role === "user");
          const inContext = [];
          for (let i = 0; i < messages.length; i++) {
            const m = messages[i];
            if (m?.info?.role !== "assistant" || !Array.isArray(m.parts)) continue;
            for (const part of m.parts) {
              if (part?.type !== "tool" || part.state?.status !== "completed" || typeof part.state.output !== "string") continue;
              const record = recordOf(part, s.folder);
              if (!record) continue;
              const shown = parseRecord(part.state.output);
              if (i > lastUser) {
                // The model is working with this result now: its exact content, verified by the engine.
                if (shown) part.state.output = (await s.cf.node(record.step_id)).rawContent;
                inContext.push(record.step_id);
              } else if (!shown) {
                part.state.output = foldedStepText(record);
              }
            }
          }
          if (s.compacting) {
            // This is the compaction request: its summary is stored, so nothing hydrated goes into it.
            s.compacting = false;
            return;
          }
          if (lastUser < 0) return;
          const user = messages[lastUser];
          const parts = Array.isArray(user.parts) ? user.parts : [];
          const query = parts
            .filter((p) => p?.type === "text" && typeof p.text === "string" && !p.ignored)
            .map((p) => p.text)
            .join("\n");
          if (query.trim() === "") return;
          const call = await hydrateForCall(s.cf, query, { turnBudget: opts.turnBudget, inContext });
          s.evictions.add(call.turn);
          if (call.steps.length > 0) notify(opts.onHydrate, { steps: call.steps, tokens: call.tokens });
          if (call.text === "") return;
          // In place: opencode reads the array it passed in (a new array would not be seen).
          parts.unshift({
            id: `prt_contextfold_${user.info.id ?? lastUser}`,
            sessionID,
            messageID: user.info.id,
            type: "text",
            text: call.text,
            synthetic: true,
          });
          if (!Array.isArray(user.parts)) user.parts = parts;
        } catch (err) {
          onError(err, "hydrate");
        }
      },

      async "experimental.session.compacting"(input, output) {
        try {
          if (!input || typeof input.sessionID !== "string" || !output || !Array.isArray(output.context)) return;
          const s = await session(input.sessionID);
          s.compacting = true;
          const records = compactionSteps > 0 ? await s.cf.foldedSteps(compactionSteps) : [];
          if (records.length === 0) return;
          output.context.push(
            [
              "ContextFold keeps the exact, hash-verified output of these folded tool calls of this session (newest first);",
              "a later message that refers to one brings its content back for that request. Keep the step ids and summaries you need:",
              ...records.map((r) => JSON.stringify(r)),
            ].join("\n"),
          );
        } catch (err) {
          onError(err, "compacting");
        }
      },

      async event({ event }) {
        // The model has answered: an assistant message completed, or the session went idle.
        const info = event?.type === "message.updated" ? event.properties?.info : undefined;
        const answered = event?.type === "session.idle" || (info?.role === "assistant" && info.time?.completed !== undefined);
        if (!answered) return;
        const id = event.type === "session.idle" ? event.properties?.sessionID : info.sessionID;
        const s = typeof id === "string" ? sessions.get(id) : undefined;
        if (s) await (await s).evictions.flush();
      },

      async dispose() {
        for (const s of sessions.values()) {
          try {
            const { cf, evictions } = await s;
            await evictions.flush();
            if (!opts.store) await cf.close();
          } catch (err) {
            onError(err, "dispose");
          }
        }
        sessions.clear();
      },
    };
  };
}

/** @typedef {{ cf: import("contextfold").ContextFold, folder: ToolResultFolder, evictions: Evictions, compacting: boolean }} Session */

/** The folded-step record of a tool part: from its metadata (stored by opencode) or this process's ledger. */
function recordOf(part, folder) {
  const meta = part.state.metadata?.contextfold;
  if (isFoldedStep(meta)) {
    folder.remember(part.callID, meta);
    return meta;
  }
  return folder.record(part.callID);
}

function parseRecord(text) {
  if (!text.startsWith("{")) return undefined;
  try {
    const v = JSON.parse(text);
    return isFoldedStep(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

function isObject(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

function findLastIndex(list, pred) {
  for (let i = list.length - 1; i >= 0; i--) if (pred(list[i])) return i;
  return -1;
}
