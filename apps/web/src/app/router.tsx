import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { withWholeCatalogue } from '../lib/i18n';
import { AppErrorPage } from './errors/app-error-page';
import { RouteError } from './errors/route-error';
import { Guard } from './guard';
import type { RouteHandle } from './route-handle';
import { BookRedirect } from './routes/book-redirect';
import { UnknownRoute } from './routes/unknown-route';
import { AppLayout } from './shell/app-layout';
import { PublicLayout } from './shell/public-layout';
import { RootLayout } from './shell/root-layout';

const planned = () =>
  import('../features/placeholder/components/planned-page').then((m) => ({ Component: m.PlannedPage }));

/** A page whose feature is built separately: lazy-loaded, titled, guarded by the route table. */
function page(path: string, titleKey: string): RouteObject {
  return { path, lazy: planned, handle: { titleKey } satisfies RouteHandle };
}

/** A page of the catalogue feature (home, shelves, book, author, scholar). */
function cataloguePage(path: string, titleKey: string, load: () => Promise<RouteObject['Component']>): RouteObject {
  return { path, lazy: () => load().then((Component) => ({ Component })), handle: { titleKey } satisfies RouteHandle };
}

/** The catalogue editing screens, shared by /admin (admins) and /library/catalogue (librarians and admins). */
const catalogueManager = () =>
  import('../features/catalogue-admin/components/catalogue-manager-page').then((m) => m.CatalogueManagerPage);
const bookEditor = () =>
  import('../features/catalogue-admin/components/book-editor-page').then((m) => m.BookEditorPage);

/** The lending desk (ADR 0014): the Librarian View's index, one loan, its packing slip, the settings. */
const lendingDesk = () =>
  import('../features/lending-desk/components/lending-desk-page').then((m) => m.LendingDeskPage);
const loanDetail = () => import('../features/lending-desk/components/loan-detail-page').then((m) => m.LoanDetailPage);
const lendingSettings = () =>
  import('../features/lending-desk/components/lending-settings-page').then((m) => m.LendingSettingsPage);
const lendingReports = () =>
  import('../features/lending-reports/components/lending-reports-page').then((m) => m.LendingReportsPage);

/** User management (accounts-and-auth §2): the list at /users and /library/users, one user at /users/{id}. */
const usersPage = () => import('../features/users/components/users-page').then((m) => m.UsersPage);

/** The admin tools index: /admin and /admin/tools. */
const adminTools = () => import('../features/admin-tools/components/admin-tools-page').then((m) => m.AdminToolsPage);

const ADMIN_PAGES: [string, string, (() => Promise<RouteObject['Component']>)?][] = [
  ['tools', 'pages.admin.tools', adminTools],
  [
    'analytics',
    'pages.admin.analytics',
    () => import('../features/analytics/components/analytics-page').then((m) => m.AnalyticsPage),
  ],
  [
    'category-network-explorer',
    'pages.admin.categoryNetworkExplorer',
    () => import('../features/category-network/components/category-network-page').then((m) => m.CategoryNetworkPage),
  ],
  ['book-editor', 'pages.admin.bookEditor', bookEditor],
  [
    'source-validation',
    'pages.admin.sourceValidation',
    () => import('../features/source-validation/components/source-validation-page').then((m) => m.SourceValidationPage),
  ],
  [
    'books-import',
    'pages.admin.booksImport',
    () => import('../features/books-import/components/books-import-page').then((m) => m.BooksImportPage),
  ],
  ['book-catalog', 'pages.admin.bookCatalog', catalogueManager],
  [
    'profiles-editor',
    'pages.admin.profilesEditor',
    () => import('../features/profiles-editor/components/profiles-editor-page').then((m) => m.ProfilesEditorPage),
  ],
  [
    'registration-monitoring',
    'pages.admin.registrationMonitoring',
    () =>
      import('../features/registration-admin/components/registration-monitoring-page').then(
        (m) => m.RegistrationMonitoringPage,
      ),
  ],
  [
    'registration-testing',
    'pages.admin.registrationTesting',
    () =>
      import('../features/registration-admin/components/registration-testing-page').then(
        (m) => m.RegistrationTestingPage,
      ),
  ],
  [
    'security-monitoring',
    'pages.admin.securityMonitoring',
    () =>
      import('../features/security-monitoring/components/security-monitoring-page').then(
        (m) => m.SecurityMonitoringPage,
      ),
  ],
  [
    'audit-log',
    'pages.admin.auditLog',
    () => import('../features/users/components/audit-log-page').then((m) => m.AuditLogPage),
  ],
  [
    'settings',
    'pages.admin.settings',
    () => import('../features/system-settings/system-settings-page').then((m) => m.SystemSettingsPage),
  ],
];

/** The first page: its texts are in the first part of the catalogue (apps/web/i18n-parts.ts). */
const homePage = cataloguePage('', 'pages.home', () =>
  import('../features/catalogue/components/home-page').then((m) => m.HomePage),
);

/** Every other page shows once the rest of the catalogue is in too (lib/i18n.ts). */
function waitingForTexts(route: RouteObject): RouteObject {
  const { lazy, children } = route;
  const loads = typeof lazy === 'function' && route !== homePage ? { lazy: () => withWholeCatalogue(lazy()) } : {};
  return { ...route, ...loads, ...(children ? { children: children.map(waitingForTexts) } : {}) } as RouteObject;
}

/** Both route tables of the specification (accounts-and-auth §2, reader-area §2.1). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <AppErrorPage />,
    HydrateFallback: () => <PageLoading fullScreen />,
    children: [
      // Public pages, in one frame of their own (the name, the language, the privacy policy).
      {
        element: <PublicLayout />,
        children: [
          ...['signin', 'signup', 'register', 'login'].map(
            (path): RouteObject => ({
              path,
              lazy: () => import('../features/auth/components/auth-portal').then((m) => ({ Component: m.AuthPortal })),
              handle: { titleKey: 'pages.signIn' } satisfies RouteHandle,
            }),
          ),
          {
            path: 'auth/callback',
            lazy: () =>
              import('../features/auth/components/auth-callback-page').then((m) => ({ Component: m.AuthCallbackPage })),
            handle: { titleKey: 'pages.authCallback' } satisfies RouteHandle,
          },
          {
            path: 'auth/update-password',
            lazy: () =>
              import('../features/password/components/update-password-page').then((m) => ({
                Component: m.UpdatePasswordPage,
              })),
            handle: { titleKey: 'pages.updatePassword' } satisfies RouteHandle,
          },
          {
            path: 'privacy',
            lazy: () =>
              import('../features/privacy/components/privacy-page').then((m) => ({ Component: m.PrivacyPage })),
            handle: { titleKey: 'privacy.title' } satisfies RouteHandle,
          },
          // After deleting one's own account: signed out, public.
          {
            path: 'goodbye',
            lazy: () =>
              import('../features/goodbye/components/goodbye-page').then((m) => ({ Component: m.GoodbyePage })),
            handle: { titleKey: 'goodbye.title' } satisfies RouteHandle,
          },
        ],
      },
      // The packing slip prints alone: outside the shell, for librarians and admins.
      {
        element: <Guard level="librarianOrAdmin" />,
        errorElement: <RouteError />,
        children: [
          cataloguePage('library/loans/:loanId/slip', 'pages.packingSlip', () =>
            import('../features/lending-desk/components/packing-slip-page').then((m) => m.PackingSlipPage),
          ),
        ],
      },
      {
        path: 'dev/mailbox',
        lazy: () =>
          import('../features/dev-mailbox/components/dev-mailbox-page').then((m) => ({ Component: m.DevMailboxPage })),
        handle: { titleKey: 'devMailbox.title' } satisfies RouteHandle,
      },
      // Pages inside the shell (sidebar, header, footer).
      {
        element: <AppLayout />,
        errorElement: <RouteError />,
        children: [
          {
            errorElement: <RouteError />,
            children: [
              homePage,
              // Old addresses: redirect first, so the guard of /book/:id sees (and returns to) the new one.
              { path: 'classic/book/:bookId', element: <BookRedirect /> },
              { path: 'primal/book/:bookId', element: <BookRedirect /> },
              {
                path: 'unauthorized',
                lazy: () => import('./routes/unauthorized-page').then((m) => ({ Component: m.UnauthorizedPage })),
                handle: { titleKey: 'pages.unauthorized' } satisfies RouteHandle,
              },
              // A public collection is shared with visitors; a private or missing one shows as not found.
              cataloguePage('collections/:collectionId', 'collections.pages.collection', () =>
                import('../features/collections/components/collection-page').then((m) => m.CollectionPage),
              ),
              // A published article is public: visitors read it too; a draft or missing one shows as not found.
              cataloguePage('articles/:articleId', 'articles.pages.article', () =>
                import('../features/articles/components/article-page').then((m) => m.ArticlePage),
              ),
              // A link from an e-mail: opened signed in or not, on any device.
              {
                path: 'verify-email',
                lazy: () =>
                  import('../features/email-verification/components/verify-email-page').then((m) => ({
                    Component: m.VerifyEmailPage,
                  })),
                handle: { titleKey: 'pages.verifyEmail' } satisfies RouteHandle,
              },
              {
                element: <Guard level="authenticated" />,
                children: [
                  cataloguePage('search', 'pages.search', () =>
                    import('../features/search/components/search-page').then((m) => m.SearchPage),
                  ),
                  cataloguePage('book/:bookId', 'pages.book', () =>
                    import('../features/catalogue/components/book-page').then((m) => m.BookPage),
                  ),
                  cataloguePage('author/:authorId', 'pages.author', () =>
                    import('../features/catalogue/components/author-page').then((m) => m.AuthorPage),
                  ),
                  cataloguePage('scholar/:scholarId', 'pages.scholar', () =>
                    import('../features/catalogue/components/scholar-page').then((m) => m.ScholarPage),
                  ),
                  cataloguePage('ask_test', 'pages.ask', () =>
                    import('../features/ask/components/ask-page').then((m) => m.AskPage),
                  ),
                  cataloguePage('ask', 'ask.pages.conversations', () =>
                    import('../features/ask/components/conversation-page').then((m) => m.ConversationPage),
                  ),
                  cataloguePage('myimam', 'pages.myImam', () =>
                    import('./routes/my-imam-page').then((m) => m.MyImamPage),
                  ),
                  {
                    path: 'settings/:section?',
                    lazy: () => import('./routes/settings-route').then((m) => ({ Component: m.SettingsRoute })),
                    handle: { titleKey: 'pages.settings' } satisfies RouteHandle,
                  },
                  cataloguePage('articles', 'pages.articles', () =>
                    import('../features/articles/components/articles-page').then((m) => m.ArticlesPage),
                  ),
                  cataloguePage('quotes', 'pages.quotes', () =>
                    import('../features/quotes/components/quotes-page').then((m) => m.QuotesPage),
                  ),
                  cataloguePage('quotes/:quoteId', 'pages.quote', () =>
                    import('../features/quotes/components/quote-page').then((m) => m.QuotePage),
                  ),
                  cataloguePage('guides', 'pages.guides', () =>
                    import('../features/guides/components/guides-page').then((m) => m.GuidesPage),
                  ),
                  cataloguePage('guides/:guideId', 'guides.pages.guide', () =>
                    import('../features/guides/components/guide-page').then((m) => m.GuidePage),
                  ),
                  cataloguePage('circles', 'pages.circles', () =>
                    import('../features/circles/components/circles-page').then((m) => m.CirclesPage),
                  ),
                  cataloguePage('circles/:circleId', 'pages.circle', () =>
                    import('../features/circles/components/circle-page').then((m) => m.CirclePage),
                  ),
                  cataloguePage('category-guide', 'pages.categoryGuide', () =>
                    import('../features/category-guide/components/category-guide-page').then(
                      (m) => m.CategoryGuidePage,
                    ),
                  ),
                  cataloguePage('category-guide/:categoryKey', 'pages.categoryGuide', () =>
                    import('../features/category-guide/components/category-page').then((m) => m.CategoryPage),
                  ),
                  cataloguePage('collections', 'collections.pages.mine', () =>
                    import('../features/collections/components/my-collections-page').then((m) => m.MyCollectionsPage),
                  ),
                  cataloguePage('books/:type', 'pages.books', () =>
                    import('../features/catalogue/components/books-page').then((m) => m.BooksPage),
                  ),
                ],
              },
              {
                // Two readings of /users (reader-area §2.1): open to librarians and admins; the server decides the rest.
                element: <Guard level="librarianOrAdmin" />,
                children: [
                  cataloguePage('users', 'pages.users', usersPage),
                  cataloguePage('users/:userId', 'pages.user', () =>
                    import('../features/users/components/user-detail-page').then((m) => m.UserDetailPage),
                  ),
                  cataloguePage('library', 'pages.lendingDesk', lendingDesk),
                  cataloguePage('library/loans/:loanId', 'pages.loan', loanDetail),
                  cataloguePage('library/settings', 'pages.lendingSettings', lendingSettings),
                  cataloguePage('library/books/:bookId/holds', 'pages.waitingList', () =>
                    import('../features/lending-desk/components/waiting-list-page').then((m) => m.WaitingListPage),
                  ),
                  cataloguePage('library/reports', 'pages.lendingReports', lendingReports),
                  cataloguePage('library/catalogue', 'pages.catalogueManager', catalogueManager),
                  cataloguePage('library/book-editor', 'pages.admin.bookEditor', bookEditor),
                  cataloguePage('library/users', 'pages.libraryUsers', usersPage),
                  cataloguePage('library/feedback', 'pages.feedbackInbox', () =>
                    import('../features/feedback/components/feedback-inbox-page').then((m) => m.FeedbackInboxPage),
                  ),
                  cataloguePage('library/collections', 'collections.pages.staff', () =>
                    import('../features/collections/components/staff-collections-page').then(
                      (m) => m.StaffCollectionsPage,
                    ),
                  ),
                  cataloguePage('library/quotes', 'pages.quotesReview', () =>
                    import('../features/quotes/components/review-page').then((m) => m.ReviewPage),
                  ),
                  cataloguePage('library/quotes/import', 'pages.quotesImport', () =>
                    import('../features/quotes-import/components/quotes-import-page').then((m) => m.QuotesImportPage),
                  ),
                  cataloguePage('library/questions', 'ask.pages.queue', () =>
                    import('../features/ask/components/staff-queue-page').then((m) => m.StaffQueuePage),
                  ),
                  cataloguePage('library/questions/:questionId', 'ask.pages.question', () =>
                    import('../features/ask/components/staff-question-page').then((m) => m.StaffQuestionPage),
                  ),
                  cataloguePage('library/articles', 'articles.pages.staff', () =>
                    import('../features/articles/components/staff-articles-page').then((m) => m.StaffArticlesPage),
                  ),
                  cataloguePage('library/articles/new', 'articles.pages.new', () =>
                    import('../features/articles/components/article-editor-page').then((m) => m.ArticleEditorPage),
                  ),
                  cataloguePage('library/articles/:articleId/edit', 'articles.pages.edit', () =>
                    import('../features/articles/components/article-editor-page').then((m) => m.ArticleEditorPage),
                  ),
                  cataloguePage('library/guides', 'guides.pages.staff', () =>
                    import('../features/guides/components/staff-guides-page').then((m) => m.StaffGuidesPage),
                  ),
                  cataloguePage('library/guides/new', 'guides.pages.new', () =>
                    import('../features/guides/components/guide-editor-page').then((m) => m.GuideEditorPage),
                  ),
                  cataloguePage('library/guides/:guideId/edit', 'guides.pages.edit', () =>
                    import('../features/guides/components/guide-editor-page').then((m) => m.GuideEditorPage),
                  ),
                  page('library/*', 'pages.library'),
                ],
              },
              {
                path: 'admin',
                element: <Guard level="admin" />,
                children: [
                  {
                    index: true,
                    lazy: () => adminTools().then((Component) => ({ Component })),
                    handle: { titleKey: 'pages.admin.tools' } satisfies RouteHandle,
                  },
                  ...ADMIN_PAGES.map(([path, titleKey, load]) =>
                    load ? cataloguePage(path, titleKey, load) : page(path, titleKey),
                  ),
                ],
              },
              { path: '*', element: <UnknownRoute />, handle: { titleKey: 'pages.notFound' } satisfies RouteHandle },
            ],
          },
        ],
      },
    ],
  },
].map(waitingForTexts);

export function createRouter() {
  return createBrowserRouter(routes);
}
