// CommonJS consumer (require) types.
import cf = require("contextfold");
import nodeStorage = require("contextfold/node");

async function main(): Promise<void> {
  const c = await cf.ContextFold.open(new nodeStorage.NodeFsStorage("/tmp/x"));
  const n: cf.ColdNode = await c.fold({ stepId: 1, summary: "s" });
  // @ts-expect-error tokenEstimate is a number
  const s: string = n.tokenEstimate;
  const e: cf.ContextFoldError = new cf.InvalidInputError("x");
  void s;
  void e;
}
void main;
