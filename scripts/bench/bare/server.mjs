// Serves the bare baseline build with React Router's own Node listener.
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { createRequestListener } from "@react-router/node";

const dir = path.resolve(process.argv[2]);
const build = await import(path.join(dir, "server/index.js"));
// @react-router/node 8 builds the handler itself from { build, mode }.
const listener = createRequestListener({ build, mode: "production" });
createServer(async (req, res) => {
  if (req.url.startsWith("/assets/")) {
    try {
      const body = await readFile(path.join(dir, "client", req.url.split("?")[0]));
      res.writeHead(200, { "Content-Type": "text/javascript" }).end(body);
    } catch {
      res.writeHead(404).end();
    }
    return;
  }
  listener(req, res);
}).listen(Number(process.env.PORT), "127.0.0.1", () => console.log("ready"));
