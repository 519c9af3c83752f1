import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config/env.js';
import { createLogger } from './logger.js';
import { startServer } from './server.js';

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env, path.resolve(defaultWebDist));
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee README.md, "Configuration".\n`);
      process.exit(78);
    }
    throw error;
  }
  const logger = createLogger(config);
  let running: Awaited<ReturnType<typeof startServer>>;
  try {
    running = await startServer(config, logger);
  } catch (error) {
    logger.fatal({ err: error }, 'could not start');
    process.stderr.write(`\nMaktaba could not start: ${(error as Error).message}\n`);
    process.exit(1);
  }
  process.stdout.write(`\nMaktaba is running at ${running.url}\n\n`);

  let signals = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    signals++;
    if (signals > 1) {
      logger.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    logger.info({ signal }, 'signal received');
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

void main();
