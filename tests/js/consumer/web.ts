// Browser consumer: the web build (explicit init) and IndexedDB; lib without @types/node.
import init, { ContextFold, MemoryStorage, type Status } from "contextfold/web";
import { IndexedDbStorage } from "contextfold/indexeddb";

await init();
await init({ module_or_path: new URL("https://example.invalid/contextfold_bg.wasm") });
const idb = await IndexedDbStorage.open("my-project");
const cf = await ContextFold.open(idb);
const st: Status = await cf.status();
// @ts-expect-error status() is async
const wrong: Status = cf.status();
const mem = await ContextFold.open(new MemoryStorage({ root: "/sandbox" }));
// @ts-expect-error dbName is a string
await IndexedDbStorage.open(42);
export { st, wrong, mem };
