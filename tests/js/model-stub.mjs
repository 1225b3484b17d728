// Local stand-ins for the model APIs, so the real Claude Code and Codex CLI binaries can run whole sessions in
// the tests without a network: an Anthropic Messages endpoint (streaming SSE, as Claude Code calls it) and an
// OpenAI Responses endpoint (streaming SSE, as Codex calls it). Each answers from a script: a function from the
// request body to the content of the reply, and records every request body.
import http from "node:http";

function listen(handler) {
  return new Promise((resolve) => {
    const server = http.createServer(async (req, res) => {
      let body = "";
      for await (const c of req) body += c;
      try {
        await handler(req, res, body);
      } catch (err) {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { type: "stub_error", message: String(err?.message ?? err) } }));
      }
    });
    server.listen(0, "127.0.0.1", () => resolve(server));
  });
}

const sse = (res) => {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  return (type, data) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
};

/**
 * An Anthropic Messages stub. `reply(body, i)` returns the content blocks of the assistant's answer
 * (`{type: "text", text}` or `{type: "tool_use", name, input}`); the default is a short text.
 * @returns {Promise<{ url: string, requests: any[], close(): Promise<void> }>}
 */
export async function anthropicStub(reply) {
  const requests = [];
  let n = 0;
  const server = await listen(async (req, res, body) => {
    if (req.method !== "POST" || !req.url.startsWith("/v1/messages")) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end("{}");
      return;
    }
    const j = JSON.parse(body || "{}");
    if (req.url.startsWith("/v1/messages/count_tokens")) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ input_tokens: 100 }));
      return;
    }
    requests.push(j);
    const i = n++;
    const content = (reply?.(j, i) ?? [{ type: "text", text: "OK." }]).map((b, k) => (b.type === "tool_use" ? { id: `toolu_stub_${i}_${k}`, ...b } : b));
    const stop = content.some((b) => b.type === "tool_use") ? "tool_use" : "end_turn";
    const usage = { input_tokens: 100, output_tokens: 10 };
    const id = `msg_stub_${i}`;
    if (!j.stream) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ id, type: "message", role: "assistant", model: j.model, content, stop_reason: stop, stop_sequence: null, usage }));
      return;
    }
    const ev = sse(res);
    ev("message_start", { message: { id, type: "message", role: "assistant", model: j.model, content: [], stop_reason: null, stop_sequence: null, usage: { ...usage, output_tokens: 1 } } });
    content.forEach((b, k) => {
      if (b.type === "text") {
        ev("content_block_start", { index: k, content_block: { type: "text", text: "" } });
        ev("content_block_delta", { index: k, delta: { type: "text_delta", text: b.text } });
      } else {
        ev("content_block_start", { index: k, content_block: { type: "tool_use", id: b.id, name: b.name, input: {} } });
        ev("content_block_delta", { index: k, delta: { type: "input_json_delta", partial_json: JSON.stringify(b.input) } });
      }
      ev("content_block_stop", { index: k });
    });
    ev("message_delta", { delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 10 } });
    ev("message_stop", {});
    res.end();
  });
  return { url: `http://127.0.0.1:${server.address().port}`, requests, close: () => new Promise((r) => server.close(() => r())) };
}

/**
 * An OpenAI Responses stub. `reply(body, i)` returns the output items (`{type: "message", text}` or
 * `{type: "function_call", name, arguments}`); the default is a short message.
 */
export async function responsesStub(reply) {
  const requests = [];
  let n = 0;
  const server = await listen(async (req, res, body) => {
    if (req.method !== "POST") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ object: "list", data: [], models: [] }));
      return;
    }
    const j = JSON.parse(body || "{}");
    requests.push(j);
    const i = n++;
    const items = (reply?.(j, i) ?? [{ type: "message", text: "OK." }]).map((it, k) =>
      it.type === "function_call"
        ? { type: "function_call", id: `fc_stub_${i}_${k}`, call_id: `call_stub_${i}_${k}`, name: it.name, arguments: typeof it.arguments === "string" ? it.arguments : JSON.stringify(it.arguments) }
        : { type: "message", id: `msg_stub_${i}_${k}`, role: "assistant", content: [{ type: "output_text", text: it.text, annotations: [] }] },
    );
    const ev = sse(res);
    const rid = `resp_stub_${i}`;
    ev("response.created", { response: { id: rid } });
    items.forEach((item, k) => {
      ev("response.output_item.added", { output_index: k, item });
      ev("response.output_item.done", { output_index: k, item });
    });
    ev("response.completed", { response: { id: rid, usage: { input_tokens: 100, input_tokens_details: { cached_tokens: 0 }, output_tokens: 10, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 110 } } });
    res.end();
  });
  return { url: `http://127.0.0.1:${server.address().port}/v1`, requests, close: () => new Promise((r) => server.close(() => r())) };
}

/** Every text of a request body (Anthropic messages and system, Responses input), for searching. */
export function requestText(body) {
  const out = [];
  const walk = (v) => {
    if (typeof v === "string") out.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) if (k !== "tools") walk(x);
  };
  walk(body.messages ?? body.input ?? body);
  if (body.system) walk(body.system);
  if (body.instructions) walk(body.instructions);
  return out.join("\n");
}

/** The tool results the model was sent (Anthropic tool_result blocks, Responses function_call_output items). */
export function toolResultsSent(body) {
  const out = [];
  for (const m of body.messages ?? []) if (Array.isArray(m.content)) for (const b of m.content) if (b.type === "tool_result") out.push(typeof b.content === "string" ? b.content : (b.content ?? []).map((c) => c.text ?? "").join("\n"));
  for (const it of body.input ?? []) if (it.type === "function_call_output") out.push(typeof it.output === "string" ? it.output : JSON.stringify(it.output));
  return out;
}
