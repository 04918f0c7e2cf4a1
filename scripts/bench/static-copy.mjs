// `node scripts/bench/static-copy.mjs FILE PORT`: the bench's "static server answering the same
// bytes" (issue 27): every GET gets FILE's bytes as text/html, from memory, with node:http alone.
import { readFileSync } from "node:fs";
import http from "node:http";

const [file, port] = process.argv.slice(2);
const body = readFileSync(file);
const headers = { "content-type": "text/html; charset=utf-8", "content-length": String(body.length) };
http
  .createServer((req, res) => {
    res.writeHead(200, headers);
    res.end(body);
  })
  .listen(Number(port), "127.0.0.1");
