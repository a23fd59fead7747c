/**
 * The server-abuse bench's other client: a process of its own that asks `GET <url>` in a loop (20 ms apart) until
 * its parent sends 'stop', then sends back each request's latency (ms). Apart from the load generator because
 * that process stalls itself: starting the burst of uploads held its event loop for 0.6-0.9 s, which the server
 * never saw (no response of its own took over 30 ms then) and no other racer's client would.
 */
export {};

const url = process.argv[2];
const latencies: number[] = [];
let asking = true;
process.on('message', () => {
  asking = false;
});
process.send?.('ready');
while (asking) {
  const t0 = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  latencies.push(performance.now() - t0);
  await new Promise((r) => setTimeout(r, 20));
}
process.send?.(latencies, () => process.exit(0));
