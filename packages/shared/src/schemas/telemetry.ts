import { z } from 'zod';
import { LIMITS, TELEMETRY_LIMITS } from '../constants.js';

/** reader-area §3 "Error report": how an error came about. */
export const CLIENT_ERROR_TYPES = ['javascript', 'chunk-load', 'auth'] as const;
export type ClientErrorType = (typeof CLIENT_ERROR_TYPES)[number];

/** reader-area §3 "Web-vitals event": the five metrics the web-vitals library reports. */
export const WEB_VITAL_NAMES = ['CLS', 'FCP', 'INP', 'LCP', 'TTFB'] as const;
export type WebVitalName = (typeof WEB_VITAL_NAMES)[number];
export const WEB_VITAL_RATINGS = ['good', 'needs-improvement', 'poor'] as const;
export const DEVICE_TYPES = ['mobile', 'tablet', 'desktop'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** The client's time of the event: an ISO 8601 date-time or milliseconds since the epoch. */
export const TelemetryTimestampSchema = z.union([
  z.iso.datetime({ offset: true }),
  z.number().int().min(0).max(8_640_000_000_000_000),
]);

const MetadataSchema = z
  .record(z.string().max(TELEMETRY_LIMITS.metadataKeyMax), z.unknown())
  .refine((value) => JSON.stringify(value).length <= TELEMETRY_LIMITS.metadataMax, {
    message: 'validation.tooLong',
  });

export const ErrorReportSchema = z.object({
  message: z.string().min(1).max(TELEMETRY_LIMITS.messageMax),
  stack: z.string().max(TELEMETRY_LIMITS.stackMax).nullish(),
  type: z.enum(CLIENT_ERROR_TYPES),
  url: z.string().max(TELEMETRY_LIMITS.urlMax).nullish(),
  timestamp: TelemetryTimestampSchema,
  userAgent: z.string().max(TELEMETRY_LIMITS.userAgentMax).nullish(),
  metadata: MetadataSchema.optional(),
});
export type ErrorReport = z.infer<typeof ErrorReportSchema>;

/** POST /api/telemetry/errors: the reporter's queue, at most LIMITS.errorQueueMax at a time. */
export const ErrorBatchSchema = z.object({
  errors: z.array(ErrorReportSchema).min(1).max(LIMITS.errorQueueMax),
});
export type ErrorBatch = z.infer<typeof ErrorBatchSchema>;

/** Durations in milliseconds (CLS is a score): an hour is far beyond any real measurement. */
const MetricNumberSchema = z.number().min(-3_600_000).max(3_600_000);

export const WebVitalSchema = z.object({
  name: z.enum(WEB_VITAL_NAMES),
  value: MetricNumberSchema.min(0),
  rating: z.enum(WEB_VITAL_RATINGS),
  delta: MetricNumberSchema,
  id: z.string().min(1).max(TELEMETRY_LIMITS.idMax),
  navigationType: z.string().max(32).nullish(),
  path: z.string().startsWith('/').max(TELEMETRY_LIMITS.urlMax),
  timestamp: TelemetryTimestampSchema,
  sessionId: z.string().min(1).max(TELEMETRY_LIMITS.idMax),
  /** Informative only: the server records the signed-in user of the session, never this. */
  userId: z.string().max(TELEMETRY_LIMITS.idMax).nullish(),
  device: z.object({
    type: z.enum(DEVICE_TYPES),
    viewport: z.string().regex(/^\d{1,5}x\d{1,5}$/),
    connection: z.string().max(32).nullish(),
  }),
  /** Filled on the server from the User-Agent header; whatever the client sends is ignored. */
  browser: z.object({ name: z.string().max(64).nullish(), version: z.string().max(64).nullish() }).optional(),
});
export type WebVitalEvent = z.infer<typeof WebVitalSchema>;

/** POST /api/telemetry/web-vitals: one batch, at most LIMITS.webVitalsBatchSize events. */
export const WebVitalsBatchSchema = z.object({
  events: z.array(WebVitalSchema).min(1).max(LIMITS.webVitalsBatchSize),
});
export type WebVitalsBatch = z.infer<typeof WebVitalsBatchSchema>;

const ErrorCountsSchema = z.object({
  javascript: z.number().int(),
  'chunk-load': z.number().int(),
  auth: z.number().int(),
  total: z.number().int(),
});

/** GET /api/admin/telemetry/summary: errors by type (24 h, 7 d) and the 75th percentile of each vital (7 d). */
export const TelemetrySummarySchema = z.object({
  errors: z.object({ last24h: ErrorCountsSchema, last7d: ErrorCountsSchema }),
  webVitals: z.array(
    z.object({
      name: z.enum(WEB_VITAL_NAMES),
      /** null when no event was received in the period. */
      p75: z.number().nullable(),
      count: z.number().int(),
    }),
  ),
  generatedAt: z.string(),
});
export type TelemetrySummary = z.infer<typeof TelemetrySummarySchema>;
