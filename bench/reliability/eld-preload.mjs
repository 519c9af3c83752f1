// Preloaded into the server (`node --import`, through NODE_OPTIONS) by the reliability benchmark:
// measures the event loop's delay inside the server without touching its code. On SIGUSR2 it
// writes the histogram since the last SIGUSR2 (milliseconds) to BENCH_ELD_FILE and starts afresh.
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_ELD_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  process.on('SIGUSR2', () => {
    const ms = (ns) => ns / 1e6;
    const figures = {
      at: Date.now(),
      count: histogram.count,
      p50: ms(histogram.percentile(50)),
      p99: ms(histogram.percentile(99)),
      max: ms(histogram.max),
    };
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(figures));
    fs.renameSync(`${file}.tmp`, file);
    histogram.reset();
  });
}
