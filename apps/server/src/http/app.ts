import { OpenAPIHono } from '@hono/zod-openapi';
import { LIMITS } from '@maktaba/shared/constants';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import type { AppDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { accountDataRoutes } from '../modules/account-data/account-data.routes.js';
import { adminOverviewRoutes } from '../modules/admin-overview/admin-overview.routes.js';
import { analyticsRoutes } from '../modules/analytics/analytics.routes.js';
import { articleRoutes, isArticleBodyRequest } from '../modules/articles/articles.routes.js';
import { accountSecurityRoutes } from '../modules/auth/account-security.routes.js';
import { createAuth } from '../modules/auth/auth.js';
import { authRoutes, mountAuthHandler } from '../modules/auth/auth.routes.js';
import { emailVerificationRoutes } from '../modules/auth/email-verification.routes.js';
import { passwordRoutes } from '../modules/auth/password.routes.js';
import { sessionRoutes } from '../modules/auth/sessions.routes.js';
import { bookmarkRoutes } from '../modules/bookmarks/bookmarks.routes.js';
import { catalogueRoutes } from '../modules/catalogue/catalogue.routes.js';
import { catalogueEditorRoutes } from '../modules/catalogue/catalogue-editor.routes.js';
import { categoryGuideRoutes } from '../modules/category-guide/category-guide.routes.js';
import { categoryNetworkRoutes } from '../modules/category-network/category-network.routes.js';
import { collectionRoutes } from '../modules/collections/collections.routes.js';
import { copyRoutes } from '../modules/copies/copies.routes.js';
import { devMailboxRoutes } from '../modules/dev/dev-mailbox.routes.js';
import { mountDocs } from '../modules/docs/docs.routes.js';
import { feedbackRoutes } from '../modules/feedback/feedback.routes.js';
import { healthRoutes } from '../modules/health/health.routes.js';
import { IMPORT_UPLOAD_PATH, importRoutes } from '../modules/imports/import.routes.js';
import { holdRoutes } from '../modules/lending/holds.routes.js';
import { lendingRoutes } from '../modules/lending/lending.routes.js';
import { lendingReportsRoutes } from '../modules/lending-reports/lending-reports.routes.js';
import { notificationRoutes } from '../modules/notifications/notifications.routes.js';
import { preferencesRoutes } from '../modules/profiles/preferences.routes.js';
import { profileRoutes } from '../modules/profiles/profiles.routes.js';
import { profilesBulkRoutes } from '../modules/profiles-bulk/profiles-bulk.routes.js';
import { questionRoutes } from '../modules/questions/questions.routes.js';
import { quoteRoutes } from '../modules/quotes/quotes.routes.js';
import { QUOTE_IMPORT_UPLOAD_PATH, quoteImportRoutes } from '../modules/quotes/quotes-import.routes.js';
import { registrationAdminRoutes } from '../modules/registration-admin/registration-admin.routes.js';
import { searchRoutes } from '../modules/search/search.routes.js';
import { refreshSearchAfterWrites } from '../modules/search/search-refresh.js';
import { securityMonitoringRoutes } from '../modules/security-monitoring/security-monitoring.routes.js';
import { systemSettingsRoutes } from '../modules/settings/system-settings.routes.js';
import { sourceValidationRoutes } from '../modules/source-validation/source-validation.routes.js';
import { storageRoutes } from '../modules/storage/storage.routes.js';
import { isUploadRequest, uploadRoutes } from '../modules/storage/uploads.routes.js';
import { studyCircleRoutes } from '../modules/study-circles/study-circles.routes.js';
import { studyGuideRoutes } from '../modules/study-guides/study-guides.routes.js';
import { systemRoutes } from '../modules/system/system.routes.js';
import { telemetryRoutes } from '../modules/telemetry/telemetry.routes.js';
import { userRoutes } from '../modules/users/users.routes.js';
import { createAdmission } from './admission.js';
import { clientIp } from './client-ip.js';
import { compression } from './compress.js';
import type { AppEnv } from './context.js';
import { errorBody, onError } from './errors.js';
import { requestLog } from './request-log.js';
import { sameOriginWrites } from './same-origin.js';
import { securityHeaders } from './security-headers.js';
import { mountSpa } from './spa.js';
import { refuseUnsafeText } from './text-guard.js';

const REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Builds the whole HTTP application. Pure: no listening, no signals; `server.ts` does that. */
export function createApp(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw result.error;
    },
  });

  const auth = createAuth({
    config: deps.config,
    db: deps.database.db,
    secret: deps.secrets.authSecret,
    logger: deps.logger,
  });
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    c.set('auth', auth);
    await next();
  });
  app.use('*', clientIp(deps.config.trustProxyHops));
  app.use(
    '*',
    requestId({
      // Accept a caller's id only when it is short and plain, so logs cannot be forged or flooded.
      generator: () => crypto.randomUUID(),
      limitLength: 64,
    }),
  );
  app.use('*', async (c, next) => {
    const incoming = c.req.header('X-Request-Id');
    if (incoming && !REQUEST_ID_PATTERN.test(incoming)) c.set('requestId', crypto.randomUUID());
    await next();
    c.header('X-Request-Id', c.get('requestId'));
  });
  app.use('*', requestLog());
  app.use('*', async (c, next) => {
    if (deps.isShuttingDown()) {
      c.header('Connection', 'close');
      c.header('Retry-After', '5');
      return c.json(errorBody(new AppError('SERVICE_UNAVAILABLE', 'The server is shutting down.')), 503);
    }
    await next();
  });
  app.use('*', securityHeaders(deps.config));
  app.use('*', compression());
  // Health checks answer however busy the server is.
  const admission = createAdmission({ ...deps.config.httpReads, exempt: (path) => path.startsWith('/api/health') });
  app.use('/api/*', admission.middleware);
  const jsonBodyLimit = bodyLimit({
    maxSize: LIMITS.jsonBodyBytes,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE', `Request body exceeds ${LIMITS.jsonBodyBytes} bytes.`);
    },
  });
  // The catalogue upload and the image uploads set their own, larger limits.
  app.use('/api/*', (c, next) =>
    (c.req.method === 'POST' && (c.req.path === IMPORT_UPLOAD_PATH || c.req.path === QUOTE_IMPORT_UPLOAD_PATH)) ||
    isUploadRequest(c.req.method, c.req.path) ||
    isArticleBodyRequest(c.req.method, c.req.path)
      ? next()
      : jsonBodyLimit(c, next),
  );

  app.use('/api/*', sameOriginWrites(deps.config.allowedOrigins));
  app.use('/api/*', refuseUnsafeText());
  app.use('/storage/*', refuseUnsafeText());

  const api = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw result.error;
    },
  });
  api.route('/', healthRoutes);
  api.route('/', systemRoutes);
  api.route('/', authRoutes);
  api.route('/', passwordRoutes);
  api.route('/', emailVerificationRoutes);
  api.route('/', sessionRoutes);
  api.route('/', accountSecurityRoutes);
  api.route('/', profileRoutes);
  api.route('/', accountDataRoutes);
  api.route('/', preferencesRoutes);
  api.route('/', userRoutes);
  api.route('/', systemSettingsRoutes);
  api.route('/', registrationAdminRoutes);
  api.route('/', profilesBulkRoutes);
  api.route('/', adminOverviewRoutes);
  // Before every route that writes the catalogue (uploads and editors' writes): the middleware
  // runs after them and refreshes the search index before the answer goes out.
  api.use('*', refreshSearchAfterWrites);
  api.route('/', uploadRoutes);
  api.route('/', importRoutes);
  api.route('/', catalogueRoutes);
  api.route('/', categoryGuideRoutes);
  api.route('/', catalogueEditorRoutes);
  api.route('/', copyRoutes);
  api.route('/', searchRoutes);
  api.route('/', bookmarkRoutes);
  api.route('/', quoteRoutes);
  api.route('/', quoteImportRoutes);
  api.route('/', collectionRoutes);
  api.route('/', articleRoutes);
  api.route('/', studyCircleRoutes);
  api.route('/', questionRoutes);
  api.route('/', studyGuideRoutes);
  api.route('/', lendingRoutes);
  api.route('/', holdRoutes);
  api.route('/', lendingReportsRoutes);
  api.route('/', analyticsRoutes);
  api.route('/', sourceValidationRoutes);
  api.route('/', securityMonitoringRoutes);
  api.route('/', categoryNetworkRoutes);
  api.route('/', notificationRoutes);
  api.route('/', feedbackRoutes);
  api.route('/', telemetryRoutes);
  api.route('/', devMailboxRoutes);
  mountAuthHandler(api, auth);
  api.all('*', () => {
    throw new AppError('NOT_FOUND', 'No such API route.');
  });
  mountDocs(app, deps.version);
  app.route('/api', api);
  app.route('/', storageRoutes);

  mountSpa(app, deps.config.webDistDir);

  app.notFound((c) => c.json(errorBody(new AppError('NOT_FOUND')), 404));
  app.onError(onError);
  return app;
}
