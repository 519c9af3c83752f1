// Part 1: the reader mix (home shelves, search, book pages, bookmark toggles) with many readers at
// once, on PGlite and on PostgreSQL. Baseline in the same run: one reader alone, same server.
import {
  catalogueSample,
  load,
  ms,
  postgresCluster,
  printSummary,
  runReaders,
  signUpReaders,
  startServer,
  summarise,
  verdict,
} from './common.mjs';

const TARGET_P95 = { pglite: 800, postgres: 500 };
const TARGET_ELD_P99 = 50;

export async function loadPart(options) {
  for (const driver of options.drivers) {
    console.log(`\n-- load: ${options.readers} readers for ${options.duration} s on ${driver} (${load()})`);
    let env = {};
    if (driver === 'postgres') {
      const pg = await postgresCluster();
      if (!pg) {
        console.log('  PostgreSQL is not installed: skipped');
        continue;
      }
      console.log(`  ${pg.version}`);
      env = { DATABASE_URL: await pg.database('reliability_load') };
    }
    const server = await startServer(env);
    try {
      const accounts = Math.min(options.accounts, options.readers);
      const signUpStarted = performance.now();
      const cookies = await signUpReaders(server.base, accounts, `load-${driver}-`);
      console.log(
        `  ${accounts} readers signed up in ${((performance.now() - signUpStarted) / 1000).toFixed(1)} s; the others read anonymously (${load()})`,
      );
      const sample = await catalogueSample(server.base);
      // Warm-up, not timed: a few readers for two seconds.
      await runReaders({ base: server.base, count: 4, seconds: 2, cookies, sample });
      const alone = summarise(
        ...Object.values(await runReaders({ base: server.base, count: 1, seconds: options.baseline, cookies, sample })),
      );
      printSummary('baseline: 1 reader alone', alone);
      const rssBefore = server.rss();
      await server.eventLoopDelay(); // starts the histogram afresh
      const { records, wallS } = await runReaders({
        base: server.base,
        count: options.readers,
        seconds: options.duration,
        cookies,
        sample,
      });
      const eld = await server.eventLoopDelay();
      const rssAfter = server.rss();
      const all = summarise(records, wallS);
      printSummary(`${options.readers} readers`, all);
      for (const kind of ['shelf', 'search', 'book', 'bookmark', 'suggest']) {
        const some = records.filter((r) => r.kind === kind);
        if (some.length > 0) printSummary(`  ${kind}`, summarise(some, wallS));
      }
      console.log(
        `  ratio under load / alone: p50 ×${(all.p50 / alone.p50).toFixed(1)}, p95 ×${(all.p95 / alone.p95).toFixed(1)}; req/s ×${(all.rps / alone.rps).toFixed(1)}`,
      );
      console.log(`  server RSS ${rssBefore.toFixed(0)} MiB before, ${rssAfter.toFixed(0)} MiB after (${load()})`);
      console.log(
        eld
          ? `  server event-loop delay during the load: p50 ${ms(eld.p50)}, p99 ${ms(eld.p99)}, max ${ms(eld.max)} (${load()})`
          : '  server event-loop delay: not reported',
      );
      verdict(`load ${driver}`, `p95 ≤ ${TARGET_P95[driver]} ms`, all.p95 <= TARGET_P95[driver], ms(all.p95));
      if (driver === 'postgres') verdict(`load ${driver}`, '0 errors', all.errors === 0, `${all.errors} errors`);
      else console.log(`  errors: ${all.errors} (no target on PGlite)`);
      verdict(
        `load ${driver}`,
        `event-loop delay p99 ≤ ${TARGET_ELD_P99} ms`,
        eld !== null && eld.p99 <= TARGET_ELD_P99,
        eld ? ms(eld.p99) : 'not reported',
      );
    } finally {
      await server.stop();
    }
  }
}
