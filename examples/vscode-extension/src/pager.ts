// The paging logic of the participant, apart from the VS Code runtime (only its types are used here), so it runs
// in tests with an in-memory workspace.fs and a fake chat model.
//
// Each answered exchange is folded into the store (its step id rides along in the ChatResult metadata, which VS Code
// hands back in the history). For a new request the prompt is: the newest exchanges verbatim, as many as fit in the
// history share of the model's window (counted by the model), then the request with the hydrated, verified records
// of older exchanges that it asks about, within what is left; those records are evicted after the answer.
import type * as vscode from "vscode";
import type { ContextFold, Turn } from "contextfold";
import type { PrecountedTokenCounter } from "./token-counter";

/** One request and its answer, from `ChatContext.history`. */
export interface Exchange {
  prompt: string;
  response: string;
  /** The step the exchange was folded as (`result.metadata.contextfoldStep`). */
  step?: number;
}

/** What the pager needs of a `LanguageModelChat`. */
export interface ModelWindow {
  maxInputTokens: number;
  countTokens(text: string): Thenable<number>;
}

export interface MessageFactory<M> {
  user(text: string): M;
  assistant(text: string): M;
}

export interface Prepared<M> {
  messages: M[];
  /** What the store hydrated for this request: pass it to `done()` after the answer. */
  turn: Turn;
  /** Exchanges sent verbatim, and the steps paged in. */
  verbatim: number;
  paged: number[];
  /** Tokens of the messages by the model's counter. */
  tokens: number;
}

/** The exchanges of a chat history (a request turn followed by this participant's response turn). */
export function exchanges(history: ReadonlyArray<vscode.ChatRequestTurn | vscode.ChatResponseTurn>): Exchange[] {
  const out: Exchange[] = [];
  let pending: string | undefined;
  for (const turn of history) {
    if ("prompt" in turn) {
      pending = turn.prompt;
      continue;
    }
    if (pending === undefined) continue;
    const response = turn.response
      .map((part) => {
        const value = (part as { value?: unknown }).value;
        return value && typeof (value as { value?: unknown }).value === "string" ? (value as { value: string }).value : "";
      })
      .join("");
    const step = turn.result.metadata?.contextfoldStep;
    out.push({ prompt: pending, response, step: Number.isSafeInteger(step) ? step : undefined });
    pending = undefined;
  }
  return out;
}

export class HistoryPager<M> {
  readonly store: ContextFold;
  #counter: PrecountedTokenCounter;
  #messages: MessageFactory<M>;
  #answerShare: number;
  #historyShare: number;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(options: { store: ContextFold; counter: PrecountedTokenCounter; messages: MessageFactory<M>; answerShare?: number; historyShare?: number }) {
    this.store = options.store;
    this.#counter = options.counter;
    this.#messages = options.messages;
    this.#answerShare = options.answerShare ?? 0.25;
    this.#historyShare = options.historyShare ?? 0.5;
  }

  /** The messages for a request: recent exchanges verbatim, older ones paged in as the request needs them. */
  async prepare(prompt: string, history: Exchange[], model: ModelWindow): Promise<Prepared<M>> {
    const budget = Math.floor(model.maxInputTokens * (1 - this.#answerShare));
    const historyBudget = Math.floor(budget * this.#historyShare);
    const request = await model.countTokens(prompt);
    const recent: Exchange[] = [];
    let used = 0;
    for (let i = history.length - 1; i >= 0; i--) {
      const e = history[i];
      const cost = (await model.countTokens(e.prompt)) + (await model.countTokens(e.response));
      if (used + cost > historyBudget) break;
      recent.unshift(e);
      used += cost;
    }
    const inContext = recent.flatMap((e) => (e.step === undefined ? [] : [e.step]));
    // The engine selects within the room left (its estimates) and skips what is already in the messages; what
    // is sent is then decided by the model's own count.
    const room = budget - used - request;
    const turn = await this.store.beforeTurn(prompt, room > 0 ? { turnBudget: room, inContext } : { inContext });
    let context = "";
    const paged: number[] = [];
    for (const h of turn.hydrated) {
      if (inContext.includes(h.stepId)) continue;
      const next = `${context}${context === "" ? "" : "\n\n"}[ContextFold: step ${h.stepId}]\n${h.content}`;
      if (used + (await model.countTokens(`${next}\n\n${prompt}`)) > budget) break;
      context = next;
      paged.push(h.stepId);
    }
    const messages: M[] = [];
    for (const e of recent) messages.push(this.#messages.user(e.prompt), this.#messages.assistant(e.response));
    const last = context === "" ? prompt : `${context}\n\n${prompt}`;
    messages.push(this.#messages.user(last));
    const tokens = used + (context === "" ? request : await model.countTokens(last));
    return { messages, turn, verbatim: recent.length, paged, tokens };
  }

  /** After the answer: evict what the request paged in. */
  async done(turn: Turn): Promise<void> {
    await this.store.afterResponse(turn);
  }

  /** Fold an answered exchange; returns its step id (for `ChatResult.metadata.contextfoldStep`). */
  remember(prompt: string, response: string, countTokens: (text: string) => Thenable<number>): Promise<number> {
    const run = this.#queue.then(async () => {
      const rawContent = `User: ${prompt}\n\nAssistant: ${response}`;
      await this.#counter.prime(rawContent, countTokens);
      try {
        // No stepId: the engine folds it as the next step of the store.
        return (await this.store.fold({ summary: oneLine(prompt), rawContent })).stepId;
      } finally {
        this.#counter.forget(rawContent);
      }
    });
    this.#queue = run.catch(() => undefined);
    return run;
  }
}

/** The request on one line, at most 200 code points: the step's summary. */
function oneLine(text: string): string {
  const flat = text.replace(/\s+/gu, " ").trim();
  const points = [...flat];
  return points.length <= 200 ? flat || "(empty request)" : `${points.slice(0, 199).join("")}…`;
}
