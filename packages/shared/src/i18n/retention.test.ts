import { describe, expect, it } from 'vitest';
import { RETENTION_DAYS } from '../constants.js';
import ar from './ar.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };

/** The privacy policy's retention list says what the server's sweep does, in both languages. */
describe('data retention in the privacy policy', () => {
  for (const [language, catalogue] of [
    ['en', en],
    ['ar', ar],
  ] as const) {
    it(`states the retention the server applies (${language})`, () => {
      const [, securityLine, telemetryLine] = catalogue.privacy.sections.dataRetention.items;
      expect(securityLine).toContain(` ${RETENTION_DAYS.securityEvents} `);
      expect(telemetryLine).toContain(` ${RETENTION_DAYS.telemetry} `);
    });
  }
});
