// Part 4: PostgreSQL stopped and started again while readers are served. Answers while it is down
// must be 503 (not 500), and the same server process must answer 200 again once it is back.
import {
  catalogueSample,
  load,
  ms,
  postgresCluster,
  printSummary,
  runReaders,
  sleep,
  startServer,
  summarise,
  verdict,
} from './common.mjs';

/** Errors of requests sent this long after PostgreSQL is back still count as the outage's. */
const GRACE_MS = 2000;

export async function pgRestartPart(options) {
  const { restartReaders: count, outage } = options;
  console.log(`\n-- PostgreSQL restart under ${count} readers: ${outage} s down (${load()})`);
  const pg = await postgresCluster();
  if (!pg) {
    console.log('  PostgreSQL is not installed: skipped');
    return;
  }
  const server = await startServer({ DATABASE_URL: await pg.database('reliability_restart') });
  try {
    const sample = await catalogueSample(server.base);
    await runReaders({ base: server.base, count: 4, seconds: 2, sample });
    const before = 5;
    const after = 10;
    const running = runReaders({ base: server.base, count, seconds: before + outage + after + 2, sample });
    const runStarted = Date.now();
    await sleep(before * 1000);
    const stopAsked = Date.now();
    await pg.stopCluster();
    const down = Date.now();
    await sleep(outage * 1000);
    await pg.startCluster();
    const back = Date.now();
    console.log(
      `  PostgreSQL stopped ${down - stopAsked} ms after asked, down ${back - down} ms until it accepted connections again`,
    );
    const { records, wallS } = await running;
    const phase = (r) => (r.started + r.ms < stopAsked ? 'before' : r.started <= back + GRACE_MS ? 'outage' : 'after');
    const of = (name) => records.filter((r) => phase(r) === name);
    printSummary('before the stop', summarise(of('before'), (stopAsked - runStarted) / 1000));
    printSummary('outage (+2 s grace)', summarise(of('outage'), (back + GRACE_MS - stopAsked) / 1000));
    printSummary('after', summarise(of('after'), wallS - (back + GRACE_MS - runStarted) / 1000));
    const statuses = {};
    for (const r of of('outage')) statuses[r.status || r.error] = (statuses[r.status || r.error] ?? 0) + 1;
    console.log(
      `  answers during the outage: ${Object.entries(statuses)
        .map(([s, n]) => `${s} ×${n}`)
        .join(', ')}`,
    );
    const firstOk = records.filter((r) => r.started >= back && r.ok).sort((a, b) => a.started - b.started)[0];
    const lastError = records.filter((r) => !r.ok).sort((a, b) => b.started - a.started)[0];
    console.log(
      `  first 200 sent ${firstOk ? `${firstOk.started - back} ms` : 'never'} after PostgreSQL was back; last error sent ${lastError ? `${lastError.started - back} ms after it was back` : '—'} (${load()})`,
    );
    const errorsBefore = of('before').filter((r) => !r.ok).length;
    const errorsAfter = of('after').filter((r) => !r.ok).length;
    const failedOutage = of('outage').filter((r) => !r.ok);
    const not503 = failedOutage.filter((r) => r.status !== 503);
    verdict(
      'pg restart',
      'errors only during the outage',
      errorsBefore + errorsAfter === 0,
      `${errorsBefore} before, ${failedOutage.length} during, ${errorsAfter} after (sent > ${GRACE_MS} ms after it was back)`,
    );
    verdict(
      'pg restart',
      'answers during the outage are 503, not 500',
      not503.length === 0,
      `${failedOutage.length - not503.length} × 503, ${not503.length} other`,
    );
    const tail = records.filter((r) => r.started >= Date.now() - 3000 - 2000 && r.started > back + GRACE_MS);
    const health = await fetch(`${server.base}/api/health`).then(
      (r) => r.status,
      () => 0,
    );
    verdict(
      'pg restart',
      'recovers without restarting the app',
      tail.length > 0 && tail.every((r) => r.ok) && health === 200,
      `same process; last ${tail.length} requests ${tail.filter((r) => r.ok).length} ok; /api/health ${health}; ${ms(summarise(of('after'), 1).p95)} p95 after`,
    );
  } finally {
    await server.stop();
  }
}
