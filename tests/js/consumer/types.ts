// Type-level checks of the public API (tsc --noEmit, strict). Each @ts-expect-error only compiles if the
// types are real (not any).
import {
  ContextFold, MemoryStorage, extract, InvalidInputError, IntegrityCheckError, PathContainmentError, ContextFoldError,
  type ColdNode, type FoldOutcome, type ScanResult, type Storage, type Turn, type Extraction, type ErrorCode,
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
runStorageAdapterTests("mine", () => mine, {});
// @ts-expect-error makeStorage returns a Storage
runStorageAdapterTests("bad", () => 42);
{
  using disposable = await ContextFold.open(new MemoryStorage());
}
export { hash, wrong, notAwaited, exWrong, incomplete, ids, tokens, ex, vs };
