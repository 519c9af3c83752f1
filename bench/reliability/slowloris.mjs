// Part 2: slowloris. Sockets that send a request's head one byte at a time and never finish it,
// while readers are served. Baseline in the same run: the same readers without the slow sockets.
import net from 'node:net';
import {
  catalogueSample,
  load,
  ms,
  printSummary,
  runReaders,
  sleep,
  startServer,
  summarise,
  verdict,
} from './common.mjs';

export async function slowlorisPart(options) {
  const { sockets: count, slowReaders, slowSeconds } = options;
  console.log(`\n-- slowloris: ${count} slow sockets, ${slowReaders} readers, ${slowSeconds} s each phase (${load()})`);
  const server = await startServer();
  const open = new Set();
  let timer;
  try {
    const sample = await catalogueSample(server.base);
    await runReaders({ base: server.base, count: slowReaders, seconds: 3, sample }); // warm-up
    const baseline = summarise(
      ...Object.values(await runReaders({ base: server.base, count: slowReaders, seconds: slowSeconds, sample })),
    );
    printSummary(`baseline: ${slowReaders} readers`, baseline);

    const { port } = new URL(server.base);
    const head = 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n';
    let closedByServer = 0;
    let connected = 0;
    for (let i = 0; i < count; i++) {
      const socket = net.connect({ host: '127.0.0.1', port: Number(port) });
      socket.sent = 0;
      socket.on('connect', () => connected++);
      socket.on('data', () => {});
      socket.on('error', () => {});
      socket.on('close', () => {
        if (open.delete(socket)) closedByServer++;
      });
      open.add(socket);
    }
    // One more byte on each socket every 500 ms: the head first, then header lines, never the end.
    const trickle = 'X-Slow: 1\r\n';
    timer = setInterval(() => {
      for (const socket of open) {
        const text = socket.sent < head.length ? head : trickle;
        const at = socket.sent < head.length ? socket.sent : (socket.sent - head.length) % trickle.length;
        socket.write(text[at]);
        socket.sent++;
      }
    }, 500);
    await sleep(1000);
    const attacked = summarise(
      ...Object.values(await runReaders({ base: server.base, count: slowReaders, seconds: slowSeconds, sample })),
    );
    printSummary(`with ${count} slow sockets`, attacked);
    console.log(
      `  slow sockets: ${connected} connected, ${closedByServer} closed by the server during the run, ${open.size} still open; ratio p95 ×${(attacked.p95 / baseline.p95).toFixed(1)} (${load()})`,
    );
    const health = await fetch(`${server.base}/api/health`, { signal: AbortSignal.timeout(5000) }).then(
      (r) => r.status,
      () => 0,
    );
    verdict(
      'slowloris',
      'readers p95 ≤ 2× baseline and 0 errors',
      attacked.p95 <= 2 * baseline.p95 && attacked.errors === 0,
      `p95 ${ms(attacked.p95)} vs baseline ${ms(baseline.p95)}, ${attacked.errors} errors`,
    );
    verdict('slowloris', 'responsive (/api/health 200 with the slow sockets open)', health === 200, `status ${health}`);
  } finally {
    clearInterval(timer);
    for (const socket of open) socket.destroy();
    await server.stop();
  }
}
