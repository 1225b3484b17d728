// Deterministic pseudo-text for the benchmarks (see bench/README.md): nodes of 2,048 chars with about 170
// identifiers, one shell line and one error line each, and queries of 3–8 vocabulary words plus a file path.
import { prng } from "../scripts/prng.mjs";
export { prng };


const CONSONANTS = "bcdfghjklmnprstvz";
const VOWELS = "aeiou";
const COMMANDS = ["git", "cargo", "npm", "docker", "kubectl", "psql", "make", "pytest"];
const ERRORS = ["Timeout", "Connection", "Permission", "Value", "Key", "Runtime", "Parse", "Index"];
const EXTENSIONS = ["rs", "py", "ts", "sql", "md", "go"];

/** A vocabulary of `size` distinct pronounceable words of 4–10 letters (never stopwords: all have ≥ 4). */
export function vocabulary(size, seed = 1) {
  const rand = prng(seed);
  const words = new Set();
  while (words.size < size) {
    let w = "";
    const syllables = 2 + Math.floor(rand() * 4);
    for (let i = 0; i < syllables; i++) {
      w += CONSONANTS[Math.floor(rand() * CONSONANTS.length)] + VOWELS[Math.floor(rand() * VOWELS.length)];
    }
    if (rand() < 0.15) w += "_" + CONSONANTS[Math.floor(rand() * CONSONANTS.length)] + "x";
    words.add(w);
  }
  return [...words];
}

/** Zipf-like rank sampler over `n` items (exponent 1): common words recur, the long tail is rare. */
function zipfSampler(n, rand) {
  const harmonic = Math.log(n) + 0.5772156649;
  return () => {
    // Inverse of the continuous approximation of the Zipf CDF.
    const r = Math.floor(Math.exp(rand() * harmonic)) - 1;
    return Math.min(Math.max(r, 0), n - 1);
  };
}

/** The workload: `turn(i)` gives the i-th turn's fold input, `query(j)` the j-th query. */
export function workload({ vocabularySize = 20000, payloadChars = 2048, seed = 42 } = {}) {
  const vocab = vocabulary(vocabularySize, seed);
  const pick = (rand) => vocab[Math.floor(rand() * vocab.length)];
  const filePath = (rand) => `src/${pick(rand)}/${pick(rand)}.${EXTENSIONS[Math.floor(rand() * EXTENSIONS.length)]}`;
  return {
    vocab,
    turn(i) {
      const rand = prng(seed * 1_000_003 + i);
      const zipf = zipfSampler(vocab.length, rand);
      const cmd = COMMANDS[Math.floor(rand() * COMMANDS.length)];
      const lines = [
        `$ ${cmd} ${pick(rand)} --${pick(rand)} ${filePath(rand)}`,
        `${ERRORS[Math.floor(rand() * ERRORS.length)]}Error: ${pick(rand)} ${pick(rand)} failed at ${filePath(rand)}`,
      ];
      let body = lines.join("\n") + "\n";
      while (body.length < payloadChars) {
        body += vocab[zipf()] + (rand() < 0.1 ? ".\n" : " ");
      }
      const rawContent = body.slice(0, payloadChars);
      const summary = `Turn ${i}: ${pick(rand)} ${pick(rand)} ${pick(rand)} on ${filePath(rand)}`;
      return { stepId: i + 1, summary, rawContent };
    },
    query(j) {
      const rand = prng(seed * 7_777_777 + j);
      const n = 3 + Math.floor(rand() * 6);
      const words = Array.from({ length: n }, () => pick(rand));
      return `${words.join(" ")} in ${filePath(rand)}?`;
    },
  };
}
