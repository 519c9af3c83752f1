import pino, { type Logger } from 'pino';
import type { Config } from './config/env.js';

export function createLogger(config: Pick<Config, 'logLevel' | 'logPretty'>): Logger {
  return pino({
    level: config.logLevel,
    base: { service: 'maktaba' },
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token', '*.secret'],
      censor: '[redacted]',
    },
    ...(config.logPretty
      ? { transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:HH:MM:ss' } } }
      : {}),
  });
}
