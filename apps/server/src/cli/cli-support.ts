import path from 'node:path';
import { catalogues, getByPath } from '@maktaba/shared/i18n/index';
import type { Logger } from 'pino';
import { type Config, ConfigError, loadConfig } from '../config/env.js';
import { createLogger } from '../logger.js';

/** A message of the English catalogue, with its {{params}} filled in; the key itself when unknown. */
export function english(key: string, params: Record<string, string | number> = {}): string {
  const text = getByPath(catalogues.en, key);
  if (typeof text !== 'string') return key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** The server's configuration from the environment, and a quiet logger; a wrong value ends the command. */
export function loadCliConfig(): { config: Config; logger: Logger } {
  try {
    const config = loadConfig(process.env, path.resolve('apps/web/dist'));
    return { config, logger: createLogger({ ...config, logLevel: 'warn' }) };
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}
