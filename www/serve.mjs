// A static file server for the built playground (www/dist/): loopback only, the right MIME types (the wasm
// must be application/wasm for streaming compilation), no directory listing, nothing outside the folder.
import { createReadStream, statSync } from "node:fs";
import { createServer } from "node:http";
import * as path from "node:path";

const MIME = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".png": "image/png",
  ".svg": "image/svg+xml",
};

/** Serve `dir`; resolves to the listening http.Server (port 0 picks a free port: see server.address()). */
export function serveStatic(dir, { port = 5173, host = "127.0.0.1" } = {}) {
  const root = path.resolve(dir);
  const server = createServer((req, res) => {
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url, "http://localhost").pathname);
    } catch {
      res.writeHead(400).end("bad request");
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { allow: "GET, HEAD" }).end();
      return;
    }
    const file = path.join(root, path.normalize(pathname.endsWith("/") ? `${pathname}index.html` : pathname));
    let st;
    try {
      st = file === root || file.startsWith(root + path.sep) ? statSync(file) : null;
    } catch {
      st = null;
    }
    if (!st?.isFile()) {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("not found");
      return;
    }
    res.writeHead(200, {
      "content-type": MIME[path.extname(file)] ?? "application/octet-stream",
      "content-length": st.size,
      "cache-control": "no-cache",
      "x-content-type-options": "nosniff",
    });
    if (req.method === "HEAD") res.end();
    else createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve(server);
    });
  });
}
