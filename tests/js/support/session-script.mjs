// A deterministic 200-turn coding session for the integration tests: configuration changes to four services (each
// changed three times), a test suite run twice, filler work (builds, listings, file reads) with multi-kilobyte tool
// outputs, and late questions about early turns whose answer is the latest state of a service.
//
// Every turn is { index, user, tool?: { name, input, output }, answer }; question turns carry
// `expect: { topic, turn }`: the work turn holding the latest state asked about (and `superseded`: the turns
// holding earlier states of the same topic).
import { prng as rng } from "../../../scripts/prng.mjs";

/** Filler words: none of them is a term of the questions below. */
const WORDS = ["compiled", "module", "bundle", "asset", "chunk", "cache", "hit", "emitted", "render", "style", "layout", "theme", "icon", "button", "dialog", "modal", "route", "store", "reducer", "selector", "hook", "effect", "schema", "field", "column", "table", "index", "query", "plan", "cost", "rows", "width", "height", "margin", "padding", "grid", "flex", "token", "lexer", "parser", "node", "tree", "visit", "leaf", "branch", "merge", "commit", "diff", "patch", "stash"];

const TOPICS = {
  postgres: {
    values: ["5432", "5433", "5434"],
    command: (v) => `sed -i 's/^port = .*/port = ${v}/' /etc/postgresql/16/main/postgresql.conf && systemctl restart postgresql`,
    line: (v) => `PostgreSQL restarted; listen port now ${v}`,
    question: "Which port does PostgreSQL listen on now?",
  },
  redis: {
    values: ["256mb", "512mb", "1gb"],
    command: (v) => `redis-cli CONFIG SET maxmemory ${v} && redis-cli CONFIG REWRITE`,
    line: (v) => `Redis maxmemory limit now ${v}`,
    question: "What is the Redis maxmemory limit now?",
  },
  kafka: {
    values: ["86400000", "259200000", "604800000"],
    command: (v) => `kafka-configs --bootstrap-server kafka:9092 --alter --entity-type topics --entity-name billing-events --add-config retention.ms=${v}`,
    line: (v) => `Kafka topic billing-events retention now ${v} ms`,
    question: "How long is the Kafka retention of billing-events now?",
  },
  nginx: {
    values: ["1024", "4096", "8192"],
    command: (v) => `sed -i 's/worker_connections .*/worker_connections ${v};/' /etc/nginx/nginx.conf && nginx -s reload`,
    line: (v) => `nginx worker connections configured now ${v}`,
    question: "How many nginx worker connections are configured now?",
  },
};

/** Work turns that change a topic: [turn, topic, value index]. */
const CHANGES = [
  [2, "postgres", 0], [5, "redis", 0], [8, "kafka", 0], [12, "nginx", 0],
  [40, "postgres", 1], [60, "redis", 1], [70, "kafka", 1], [80, "nginx", 1],
  [95, "postgres", 2], [110, "redis", 2], [120, "kafka", 2], [130, "nginx", 2],
];
/** Question turns: [turn, topic]. */
const QUESTIONS = [[50, "postgres"], [150, "postgres"], [155, "redis"], [160, "kafka"], [165, "nginx"], [185, "redis"], [199, "postgres"]];
/** The test suite: failing at turn 30, passing at turn 100; asked about at turn 175. */
const SUITE = { runs: [[30, 3], [100, 0]], question: [175, "Which tests failed in the invoice suite?"] };


function filler(rand, lines) {
  const out = [];
  for (let i = 0; i < lines; i++) {
    const n = 6 + Math.floor(rand() * 8);
    const words = [];
    for (let j = 0; j < n; j++) words.push(WORDS[Math.floor(rand() * WORDS.length)]);
    out.push(`${String(i + 1).padStart(4, "0")} ${words.join(" ")}`);
  }
  return out.join("\n");
}

/** @param {{ turns?: number, seed?: number }} [options] */
export function sessionScript({ turns = 200, seed = 15 } = {}) {
  const rand = rng(seed);
  const changes = new Map(CHANGES.map(([t, topic, v]) => [t, { topic, v }]));
  const questions = new Map(QUESTIONS.map(([t, topic]) => [t, topic]));
  const suiteRuns = new Map(SUITE.runs);
  const history = { postgres: [], redis: [], kafka: [], nginx: [], suite: [] };
  const script = [];
  for (let index = 0; index < turns; index++) {
    if (changes.has(index)) {
      const { topic, v } = changes.get(index);
      const t = TOPICS[topic];
      const value = t.values[v];
      const output = `${filler(rand, 30)}\n${t.line(value)}\n${filler(rand, 30)}\n`;
      script.push({ index, user: `Set the ${topic} setting to ${value}.`, tool: { name: "bash", input: { command: t.command(value) }, output }, answer: `Done: ${t.line(value)}.` });
      history[topic].push(index);
    } else if (questions.has(index)) {
      const topic = questions.get(index);
      const done = history[topic];
      script.push({ index, user: TOPICS[topic].question, answer: "Let me check.", expect: { topic, turn: done[done.length - 1], superseded: done.slice(0, -1) } });
    } else if (suiteRuns.has(index)) {
      const failed = suiteRuns.get(index);
      const results = [];
      for (let i = 0; i < 24; i++) results.push(`${i < failed ? "FAIL" : "PASS"} tests/invoice/invoice-${i}.spec.ts (${20 + Math.floor(rand() * 400)} ms)`);
      const output = `> vitest run tests/invoice\n${results.join("\n")}\n${filler(rand, 20)}\nTest suite invoice: ${24 - failed} passed, ${failed} failed\n`;
      script.push({ index, user: "Run the invoice test suite.", tool: { name: "bash", input: { command: "npx vitest run tests/invoice" }, output }, answer: `${failed} failed.` });
      history.suite.push(index);
    } else if (index === SUITE.question[0]) {
      const done = history.suite;
      script.push({ index, user: SUITE.question[1], answer: "Let me check.", expect: { topic: "suite", turn: done[done.length - 1], superseded: done.slice(0, -1) } });
    } else {
      const kind = index % 3;
      const file = `src/components/${WORDS[index % WORDS.length]}-${index}.tsx`;
      const tool =
        kind === 0
          ? { name: "bash", input: { command: `npm run build -- --filter ${WORDS[(index * 7) % WORDS.length]}` }, output: `${filler(rand, 50)}\n` }
          : kind === 1
            ? { name: "read", input: { file_path: file }, output: `${filler(rand, 45)}\n` }
            : { name: "bash", input: { command: `ls -la src/components/${WORDS[(index * 3) % WORDS.length]}` }, output: `${filler(rand, 8)}\n` };
      script.push({ index, user: `Next step ${index}: ${kind === 0 ? "build" : kind === 1 ? `open ${file}` : "list the folder"}.`, tool, answer: `Step ${index} done.` });
    }
  }
  return script;
}
