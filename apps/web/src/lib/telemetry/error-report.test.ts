import { TELEMETRY_LIMITS } from '@maktaba/shared/constants';
import { ErrorReportSchema } from '@maktaba/shared/schemas/telemetry';
import { describe, expect, it } from 'vitest';
import { classifyErrorType, fitMetadata, toErrorReport } from './error-report';

describe('error reports', () => {
  it.each([
    ['Loading chunk 42 failed.', 'chunk-load'],
    ['Loading CSS chunk 3 failed', 'chunk-load'],
    ['Failed to fetch', 'chunk-load'],
    ['Failed to fetch dynamically imported module: http://x/assets/home-page-abc.js', 'chunk-load'],
    ['error loading dynamically imported module', 'chunk-load'],
    ['Importing a module script failed.', 'chunk-load'],
    ["Cannot read properties of undefined (reading 'id')", 'javascript'],
  ])('types %j as %s', (message, type) => {
    expect(classifyErrorType(new Error(message))).toBe(type);
    expect(classifyErrorType(message)).toBe(type);
  });

  it('types a ChunkLoadError by its name', () => {
    const error = new Error('something else');
    error.name = 'ChunkLoadError';
    expect(classifyErrorType(error)).toBe('chunk-load');
  });

  it('builds a report the server accepts, cut to its lengths', () => {
    const error = new Error('m'.repeat(5000));
    error.stack = 's'.repeat(40_000);
    const report = toErrorReport(error, { metadata: { componentStack: 'c'.repeat(10_000), route: '/x' } });
    expect(report.message).toHaveLength(TELEMETRY_LIMITS.messageMax);
    expect(report.stack).toHaveLength(TELEMETRY_LIMITS.stackMax);
    expect(report.type).toBe('javascript');
    expect(report.url).toBe(window.location.href);
    expect(report.metadata?.route).toBe('/x');
    expect(ErrorReportSchema.safeParse(report).success).toBe(true);
  });

  it('reports things that are not errors, and keeps an explicit type', () => {
    expect(toErrorReport({ code: 7 })).toMatchObject({ message: '{"code":7}', stack: null, type: 'javascript' });
    expect(toErrorReport('Failed to fetch', { type: 'auth' })).toMatchObject({
      message: 'Failed to fetch',
      type: 'auth',
    });
    expect(toErrorReport(undefined).message).toBe('undefined');
  });

  it('shortens or drops metadata that would be too large', () => {
    expect(fitMetadata({ a: 1 })).toEqual({ a: 1 });
    const shortened = fitMetadata({ stack: 'x'.repeat(9000), line: 3 });
    expect(shortened.line).toBe(3);
    expect(JSON.stringify(shortened).length).toBeLessThanOrEqual(TELEMETRY_LIMITS.metadataMax);
    const many = Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`key${i}`, i]));
    expect(fitMetadata(many)).toEqual({ truncated: true });
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(fitMetadata(cyclic)).toEqual({ truncated: true });
  });
});
