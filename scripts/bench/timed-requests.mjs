// `node scripts/bench/timed-requests.mjs URL HEADERS_JSON WARM_UP COUNT`: GETs URL one request after
// the other and prints, as JSON, each timed request's milliseconds (sent to last byte read), its
// status and the body's length. A process of its own, so the timings are the server's and the
// network's: timed inside the bench's process, which holds the seeded databases, its collector
// paused some requests for 40-90 ms that the server had answered in 20 (ADR 0061).
const [url, headersJson, warmUp, count] = process.argv.slice(2);
const headers = JSON.parse(headersJson);
const samples = [];
let status = 0;
let bytes = 0;
for (let i = 0; i < Number(warmUp) + Number(count); i++) {
  const started = performance.now();
  const res = await fetch(url, { headers, redirect: "manual" });
  const body = await res.arrayBuffer();
  const elapsed = performance.now() - started;
  status = res.status;
  bytes = body.byteLength;
  if (status !== 200) break;
  if (i >= Number(warmUp)) samples.push(elapsed);
}
process.stdout.write(JSON.stringify({ status, bytes, samples }));
