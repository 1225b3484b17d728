// Type-level checks of the public API (tsc --noEmit, strict). Each @ts-expect-error only compiles if the
// types are real (not any).
import {
  ContextFold, MemoryStorage, extract, InvalidInputError, IntegrityCheckError, PathContainmentError, ContextFoldError,
  type ColdNode, type FoldOutcome, type ScanResult, type Storage, type Turn, type Extraction, type ErrorCode,
  redact, redactionRules, REFERENCE_POLICY, DEFAULT_POLICY, type Redaction, type RedactionRule,
} from "contextfold";
import { NodeFsStorage } from "contextfold/node";
import { VsCodeStorage, type FileSystemLike, type UriLike } from "contextfold/vscode";
import { runStorageAdapterTests } from "contextfold/testing";

const cf: ContextFold = await ContextFold.open(new MemoryStorage(), { clock: () => "2026-01-01T00:00:00Z", tokenCounter: (t) => t.length });
const node: ColdNode = await cf.fold({ stepId: 1, summary: "s" });
const hash: string = node.artifactSha256;
// @ts-expect-error artifactSha256 is a string
const wrong: number = node.artifactSha256;
// @ts-expect-error stepId is a number
await cf.fold({ stepId: "1", summary: "s" });
// @ts-expect-error summary is required
await cf.fold({ stepId: 1 });
// @ts-expect-error no such field on ColdNode
node.hash;
const outcome: FoldOutcome = await cf.foldDetailed({ stepId: 2, summary: "t", files: ["a.py"] });
if (outcome.kind === "folded") {
  const n: ColdNode = outcome.node;
} else {
  const p: string | null | undefined = outcome.entry.filePath;
}
const scan: ScanResult = await cf.scan("port");
const ids: number[] = scan.selected.map((s) => s.stepId);
// @ts-expect-error scan returns a promise
const notAwaited: ScanResult = cf.scan("port");
const turn: Turn = await cf.beforeTurn("port");
const tokens: number = turn.tokens;
await cf.afterResponse(turn);
const engineBytes: number = ContextFold.engineMemoryBytes();
// @ts-expect-error engineMemoryBytes is static and synchronous
const engineBytesWrong: Promise<number> = cf.engineMemoryBytes();
const ex: Extraction = extract("x");
// @ts-expect-error extract is synchronous and returns string lists
const exWrong: number[] = extract("x").identifiers;
// @ts-expect-error a Storage needs list()
const incomplete: Storage = { load: async () => null, save: async () => {}, remove: async () => {} };
const mine: Storage = new NodeFsStorage("/tmp/x");
// @ts-expect-error the constructor is private: use ContextFold.open
new ContextFold();
try {
  await cf.hydrate(3);
} catch (err) {
  if (err instanceof PathContainmentError) {
    const c: "PATH_CONTAINMENT" = err.code;
    const asIntegrity: IntegrityCheckError = err;
  }
  if (err instanceof ContextFoldError) {
    const code: ErrorCode = err.code;
    // @ts-expect-error codes are a closed union
    const bad: typeof err.code = "NOPE";
  }
  if (err instanceof InvalidInputError) {
    const m: string = err.message;
  }
}
declare const fsApi: FileSystemLike;
declare const base: UriLike;
const vs: Storage = new VsCodeStorage(fsApi, base);
// @ts-expect-error a base Uri is required
new VsCodeStorage(fsApi);
// The optional methods: typed on Storage and on the adapters that have them (VsCodeStorage has no loadRange).
const withOptional: Storage = {
  load: async () => null,
  save: async () => {},
  remove: async () => {},
  list: async () => [],
  version: async (key: string) => (key === "" ? null : "1"),
  loadRange: async (_key: string, offset: number, length: number) => new Uint8Array(Math.min(offset, length)),
  rename: async (_from: string, _to: string) => {},
};
// @ts-expect-error version gives a string, null or undefined
const badVersion: Storage = { load: async () => null, save: async () => {}, remove: async () => {}, list: async () => [], version: async () => 42 };
// @ts-expect-error loadRange gives bytes
const badRange: Storage = { load: async () => null, save: async () => {}, remove: async () => {}, list: async () => [], loadRange: async () => "x" };
const fsVersion: string | null = await new NodeFsStorage("/tmp/x").version(".contextfold/recall_index.json");
const fsRange: Uint8Array | null = await new NodeFsStorage("/tmp/x").loadRange(".contextfold/recall_index.snapshot", 0, 4096);
await new NodeFsStorage("/tmp/x").rename("a.partial", "a");
const memVersion: string | null = await new MemoryStorage().version("k");
const memRange: Uint8Array | null = await new MemoryStorage().loadRange("k", 0, 1);
await new MemoryStorage().rename("a", "b");
const vsVersion: string | null = await new VsCodeStorage(fsApi, base).version("k");
// @ts-expect-error VsCodeStorage has no rename (its append rewrites the file, so chunked writes are not cheap)
await new VsCodeStorage(fsApi, base).rename("a", "b");
// @ts-expect-error the FileSystem API has no ranged read
new VsCodeStorage(fsApi, base).loadRange("k", 0, 1);
// @ts-expect-error a version is a string, not a number
const versionNumber: number | null = await new MemoryStorage().version("k");
// @ts-expect-error loadRange takes an offset and a length
await new MemoryStorage().loadRange("k");
runStorageAdapterTests("mine", () => mine, {});
// @ts-expect-error makeStorage returns a Storage
runStorageAdapterTests("bad", () => 42);
{
  using disposable = await ContextFold.open(new MemoryStorage());
}
export { hash, wrong, notAwaited, exWrong, incomplete, ids, tokens, ex, vs, withOptional, badVersion, badRange, fsVersion, fsRange, memVersion, memRange, vsVersion, versionNumber };

// Redaction (issue 13): redact(), the rules, the named policies and defaultPolicy.
const redacted: Redaction = redact("DB_PASSWORD=s3cr3t-P@ss");
const firstRule: string | undefined = redacted.findings[0]?.rule;
const spans: number[] = redacted.findings.flatMap((f) => [f.start, f.end]);
const rules: RedactionRule[] = redactionRules();
const version: "secrets-v2" = DEFAULT_POLICY.redaction;
const strict = await ContextFold.open(new MemoryStorage(), { defaultPolicy: REFERENCE_POLICY });
// @ts-expect-error REFERENCE_POLICY has no redaction key
REFERENCE_POLICY.redaction;
// @ts-expect-error redact takes a string
redact(42);
void [firstRule, spans, rules, version, strict];
