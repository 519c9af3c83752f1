/**
 * What every server API route needs (accounts-and-auth §6, reader-area §6), in one place.
 * The server enforces each requirement in the route's own middleware (requireActor,
 * requirePermission, requireGuard); the route × role matrix test reads this table, walks every
 * route of the OpenAPI document as anonymous, patron, librarian and admin, and fails on any
 * route without a declaration or any answer that differs from it.
 */
import { can, type GuardLevel, meetsGuard, type Permission, type Role } from './permissions.js';

export type RouteRequirement =
  /** Anyone, signed in or not (the answer may still depend on who asks). */
  | 'public'
  /** Any signed-in caller with an active account; what is theirs is decided by the route. */
  | 'authenticated'
  /** Development only: outside production and from this machine; no role is involved. */
  | 'localDevelopment'
  | Permission
  | { anyOf: readonly Permission[] }
  | { guard: Exclude<GuardLevel, 'public' | 'authenticated'> };

/** Keys are "METHOD /api/path/{param}", as the OpenAPI document spells the path. */
export const ROUTE_ACCESS = {
  // System
  'GET /api/health': 'public',
  'GET /api/config': 'public',

  // Accounts (sign-in, sign-up and reset are public, accounts-and-auth §6)
  'GET /api/auth/session': 'public',
  'POST /api/auth/security-check': 'public',
  'POST /api/auth/sign-in': 'public',
  'POST /api/auth/sign-up': 'public',
  'POST /api/auth/sign-out': 'public',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/reset-password/check': 'public',
  'POST /api/auth/reset-password': 'public',
  'POST /api/auth/change-password': 'authenticated',
  'POST /api/auth/verify-email': 'public',
  'POST /api/auth/verify-email/resend': 'authenticated',
  'GET /api/auth/email': 'authenticated',
  'POST /api/auth/email/change': 'authenticated',
  'DELETE /api/auth/email/change': 'authenticated',
  'GET /api/auth/sessions': 'authenticated',
  'DELETE /api/auth/sessions/{id}': 'authenticated',
  'POST /api/auth/sessions/revoke-others': 'authenticated',
  'POST /api/auth/two-factor/enable': 'authenticated',
  'POST /api/auth/two-factor/confirm': 'authenticated',
  'POST /api/auth/two-factor/disable': 'authenticated',
  'POST /api/auth/two-factor/backup-codes': 'authenticated',
  'POST /api/auth/two-factor/verify-totp': 'public',
  'POST /api/auth/two-factor/verify-backup-code': 'public',
  'GET /api/auth/passkeys': 'authenticated',
  'POST /api/auth/passkeys/registration-options': 'authenticated',
  'POST /api/auth/passkeys': 'authenticated',
  'PATCH /api/auth/passkeys/{id}': 'authenticated',
  'DELETE /api/auth/passkeys/{id}': 'authenticated',
  'POST /api/auth/passkeys/sign-in-options': 'public',
  'POST /api/auth/passkeys/sign-in': 'public',

  // Profiles: your own ("me"); reading another's needs users.view_all, decided by the route
  'GET /api/profiles/{id}': 'authenticated',
  'PATCH /api/profiles/{id}': 'authenticated',
  'DELETE /api/profiles/{id}': 'authenticated',
  'PUT /api/profiles/{id}/address': 'authenticated',
  'POST /api/profiles/{id}/setup': 'authenticated',
  'GET /api/profiles/{id}/completeness': 'authenticated',
  'POST /api/profiles/{id}/complete': 'authenticated',
  'POST /api/profiles/{id}/activity': 'authenticated',
  'POST /api/profiles/{id}/last-activity': 'authenticated',
  'PUT /api/profiles/{id}/avatar': 'authenticated',
  'DELETE /api/profiles/{id}/avatar': 'authenticated',
  // Your data: the export, and deleting your own account (the last admin is refused by the route)
  'GET /api/profiles/me/export': 'authenticated',
  'GET /api/profiles/me/deletion': 'authenticated',
  'POST /api/profiles/me/delete': 'authenticated',
  'PUT /api/profiles/me/preferences': 'authenticated',
  'PUT /api/profiles/me/notification-preferences': 'authenticated',

  // Images of the catalogue
  'PUT /api/books/{id}/cover': 'books.edit',
  'DELETE /api/books/{id}/cover': 'books.edit',
  'PUT /api/authors/{id}/photo': 'books.edit',
  'DELETE /api/authors/{id}/photo': 'books.edit',
  'PUT /api/scholars/{id}/photo': 'scholars.edit',
  'DELETE /api/scholars/{id}/photo': 'scholars.edit',

  // Catalogue import
  'POST /api/admin/imports': 'books.create',
  'GET /api/admin/imports': 'books.create',
  'GET /api/admin/imports/{id}': 'books.create',

  // Catalogue reads (editors also see drafts) and writes
  'GET /api/shelves/{type}': 'public',
  'GET /api/books/{id}': 'public',
  'POST /api/books/{id}/view': 'public',
  'GET /api/authors': 'public',
  'GET /api/authors/{id}': 'public',
  'GET /api/scholars': 'public',
  'GET /api/scholars/{id}': 'public',
  'GET /api/categories': 'public',
  'GET /api/categories/suggestions': 'public',
  'GET /api/categories/guide': 'public',
  'GET /api/categories/{key}/guide': 'public',
  'GET /api/admin/books': 'books.edit',
  'POST /api/books': 'books.create',
  'PUT /api/books/{id}': 'books.edit',
  'POST /api/books/{id}/status': 'books.edit',
  'DELETE /api/books/{id}': 'books.delete',
  'POST /api/authors': 'books.create',
  'PUT /api/authors/{id}': 'books.edit',
  'DELETE /api/authors/{id}': 'books.delete',
  'POST /api/scholars': 'scholars.create',
  'PUT /api/scholars/{id}': 'scholars.edit',
  'DELETE /api/scholars/{id}': 'scholars.delete',
  'POST /api/categories': 'categories.create',
  'PUT /api/categories/{id}': 'categories.edit',
  'PUT /api/categories/order': 'categories.manage',
  'DELETE /api/categories/{id}': 'categories.delete',

  // Search
  'GET /api/search': 'public',
  'GET /api/search/suggest': 'public',
  'DELETE /api/search/recent': 'authenticated',

  // Bookmarks
  'GET /api/bookmarks': 'authenticated',
  'POST /api/bookmarks': 'authenticated',
  'GET /api/bookmarks/ids': 'authenticated',
  'DELETE /api/bookmarks/{id}': 'authenticated',
  'DELETE /api/bookmarks/by-book/{bookId}': 'authenticated',

  // Readers' collections: the owner's own (decided by the route), public ones to anyone, every
  // reader's for librarians; admins delete anyone's (decided by the route)
  'GET /api/collections/mine': 'authenticated',
  'GET /api/collections/featured': 'public',
  'GET /api/collections': 'collections.view_all',
  'POST /api/collections': 'collections.create',
  'GET /api/collections/{id}': 'public',
  'PATCH /api/collections/{id}': 'collections.edit',
  'DELETE /api/collections/{id}': 'authenticated',
  'POST /api/collections/{id}/books': 'collections.edit',
  'PATCH /api/collections/{id}/books/{bookId}': 'collections.edit',
  'DELETE /api/collections/{id}/books/{bookId}': 'collections.edit',
  'PUT /api/collections/{id}/order': 'collections.edit',
  'PUT /api/collections/{id}/featured': 'collections.view_all',

  // Quotes and Wisdom: approved quotes for signed-in readers, contributions (quotes.create),
  // review (quotes.approve), editing (quotes.edit; a contributor's own draft is decided by the
  // route), deletion (quotes.delete); the sign-in carousel's featured quotes are public
  'GET /api/quotes': 'authenticated',
  'GET /api/quotes/facets': 'authenticated',
  'GET /api/quotes/today': 'authenticated',
  'GET /api/quotes/featured': 'public',
  'GET /api/quotes/mine': 'authenticated',
  'GET /api/quotes/saved': 'authenticated',
  'GET /api/quotes/review': 'quotes.approve',
  'GET /api/quotes/{id}': 'authenticated',
  'POST /api/quotes': 'quotes.create',
  'PATCH /api/quotes/{id}': 'authenticated',
  'DELETE /api/quotes/{id}': 'quotes.delete',
  'POST /api/quotes/{id}/approve': 'quotes.approve',
  'POST /api/quotes/{id}/return': 'quotes.approve',
  'POST /api/quotes/{id}/archive': 'quotes.edit',
  'POST /api/quotes/{id}/restore': 'quotes.edit',
  'PUT /api/quotes/{id}/featured': 'quotes.edit',
  'PUT /api/quotes/{id}/save': 'authenticated',
  'DELETE /api/quotes/{id}/save': 'authenticated',
  'POST /api/admin/quote-imports': 'quotes.edit',
  'GET /api/admin/quote-imports': 'quotes.edit',
  'GET /api/admin/quote-imports/{id}': 'quotes.edit',

  // Ask a Librarian: the reader's own questions (decided by the route), the FAQ for signed-in
  // readers; the librarians' queue, answers, FAQ publishing and the response time need books.edit
  'GET /api/ask/info': 'authenticated',
  'GET /api/questions/mine': 'authenticated',
  'POST /api/questions': 'authenticated',
  'GET /api/questions/{id}': 'authenticated',
  'PATCH /api/questions/{id}': 'authenticated',
  'POST /api/questions/{id}/messages': 'authenticated',
  'POST /api/questions/{id}/resolve': 'authenticated',
  'POST /api/questions/{id}/reopen': 'authenticated',
  'GET /api/faq': 'authenticated',
  'GET /api/library/questions': 'books.edit',
  'POST /api/library/questions/{id}/assign': 'books.edit',
  'POST /api/library/questions/{id}/unassign': 'books.edit',
  'POST /api/library/questions/{id}/answer': 'books.edit',
  'POST /api/library/questions/{id}/publish': 'books.edit',
  'PATCH /api/library/faq/{id}': 'books.edit',
  'DELETE /api/library/faq/{id}': 'books.edit',
  'GET /api/library/ask-settings': 'books.edit',
  'PUT /api/library/ask-settings': 'books.edit',

  // Articles. Reader-area §2.1 lists /articles as signed-in while the articles issue lets visitors
  // read published articles: the API serves published articles to anyone (drafts only to
  // books.edit, decided by the route: 404 otherwise); the web keeps the list page for signed-in
  // readers and makes an article's page public (shareable), like a public collection's page.
  // Writing needs books.edit; deleting is the author's own draft or books.delete (by the route).
  'GET /api/articles': 'public',
  'GET /api/articles/{id}': 'public',
  'GET /api/library/articles': 'books.edit',
  'POST /api/library/articles': 'books.edit',
  'POST /api/library/articles/preview': 'books.edit',
  'POST /api/library/articles/images': 'books.edit',
  'GET /api/library/articles/{id}': 'books.edit',
  'PATCH /api/library/articles/{id}': 'books.edit',
  'DELETE /api/library/articles/{id}': 'books.edit',
  'POST /api/library/articles/{id}/cover': 'books.edit',
  'DELETE /api/library/articles/{id}/cover': 'books.edit',

  // Study circles: every reader may list, join and leave; creating needs books.edit; the host
  // (or staff) moderates, only staff change host and capacity, and members-only reads are
  // decided by the route
  'GET /api/circles': 'authenticated',
  'POST /api/circles': 'books.edit',
  'GET /api/circles/host-candidates': 'books.edit',
  'GET /api/circles/{id}': 'authenticated',
  'PATCH /api/circles/{id}': 'authenticated',
  'POST /api/circles/{id}/join': 'authenticated',
  'POST /api/circles/{id}/leave': 'authenticated',
  'DELETE /api/circles/{id}/members/{userId}': 'authenticated',
  'POST /api/circles/{id}/meetings': 'authenticated',
  'PATCH /api/circles/{id}/meetings/{meetingId}': 'authenticated',
  'POST /api/circles/{id}/meetings/{meetingId}/cancel': 'authenticated',
  'GET /api/circles/{id}/calendar.ics': 'authenticated',
  'GET /api/circles/{id}/posts': 'authenticated',
  'POST /api/circles/{id}/posts': 'authenticated',
  'PATCH /api/circles/{id}/posts/{postId}': 'authenticated',
  'DELETE /api/circles/{id}/posts/{postId}': 'authenticated',
  'POST /api/circles/{id}/posts/{postId}/hide': 'authenticated',
  'POST /api/circles/{id}/posts/{postId}/unhide': 'authenticated',
  'POST /api/circles/{id}/posts/{postId}/report': 'authenticated',

  // Lending (ADR 0014): the reader's own loans, the desk, a book's copies, the library's settings
  'GET /api/loans': 'checkouts.view_own',
  'POST /api/loans': 'checkouts.create',
  'GET /api/loans/for-book/{bookId}': 'checkouts.view_own',
  'GET /api/loans/{id}': 'checkouts.view_own',
  'POST /api/loans/{id}/cancel': 'checkouts.view_own',
  'POST /api/loans/{id}/deliver': 'checkouts.view_own',
  'POST /api/loans/{id}/send-back': 'checkouts.view_own',
  'POST /api/loans/{id}/renew': 'checkouts.view_own',
  'POST /api/loans/{id}/confirm': 'checkouts.view_own',
  'GET /api/holds': 'checkouts.view_own',
  'POST /api/holds': 'checkouts.create',
  'DELETE /api/holds/{id}': 'checkouts.view_own',
  'GET /api/admin/books/{id}/holds': 'checkouts.view_all',
  'PUT /api/admin/books/{id}/holds/order': 'checkouts.manage',
  'POST /api/admin/holds/{id}/remove': 'checkouts.manage',
  'GET /api/admin/loans': 'checkouts.view_all',
  'GET /api/admin/loans/counts': 'checkouts.view_all',
  'GET /api/admin/loans/{id}': 'checkouts.view_all',
  'POST /api/admin/loans/{id}/approve': 'checkouts.manage',
  'POST /api/admin/loans/{id}/deny': 'checkouts.manage',
  'POST /api/admin/loans/{id}/ship': 'checkouts.manage',
  'POST /api/admin/loans/{id}/deliver': 'checkouts.manage',
  'POST /api/admin/loans/{id}/send-back': 'checkouts.manage',
  'POST /api/admin/loans/{id}/receive': 'checkouts.manage',
  'POST /api/admin/loans/{id}/mark-lost': 'checkouts.manage',
  'POST /api/admin/loans/{id}/renew': 'checkouts.manage',
  'POST /api/admin/loans/{id}/due-date': 'checkouts.manage',
  'POST /api/admin/lending-jobs/notices/run': 'admin.system_settings',
  'POST /api/admin/loans/bulk': 'checkouts.manage',
  'GET /api/admin/lending-settings': 'checkouts.view_all',
  'PUT /api/admin/lending-settings': 'admin.system_settings',
  'GET /api/admin/security-settings': 'admin.system_settings',
  'GET /api/admin/security/overview': 'admin.logs',
  'GET /api/admin/security/lockouts': 'admin.logs',
  'POST /api/admin/security/lockouts/{userId}/unlock': 'admin.system_settings',
  'GET /api/admin/security/sessions': 'admin.logs',
  'PUT /api/admin/security-settings': 'admin.system_settings',
  'GET /api/admin/system-settings': 'admin.system_settings',
  'PUT /api/admin/system-settings': 'admin.system_settings',
  'GET /api/admin/lending-reports/loans-by-month': 'checkouts.view_all',
  'GET /api/admin/lending-reports/loans-by-category': 'checkouts.view_all',
  'GET /api/admin/lending-reports/most-requested': 'checkouts.view_all',
  'GET /api/admin/lending-reports/overdue-readers': 'checkouts.view_all',
  'GET /api/admin/lending-reports/waiting-lists': 'checkouts.view_all',
  // Source validation and merging duplicates (admins only)
  'POST /api/admin/source-validation/runs': 'admin.access',
  'GET /api/admin/source-validation/runs/latest': 'admin.access',
  'GET /api/admin/source-validation/runs/{id}/findings': 'admin.access',
  'POST /api/admin/books/{keepId}/merge': 'admin.access',
  'GET /api/admin/category-network': 'admin.analytics',
  'GET /api/admin/category-network/{id}': 'admin.analytics',
  'GET /api/admin/books/{id}/copies': 'books.edit',
  'POST /api/admin/books/{id}/copies': 'books.edit',
  'PATCH /api/admin/copies/{id}': 'books.edit',

  // Notifications
  'GET /api/notifications': 'authenticated',
  'POST /api/notifications/{id}/read': 'authenticated',
  'POST /api/notifications/read-all': 'authenticated',
  'DELETE /api/notifications/read': 'authenticated',
  'GET /api/notifications/stream': 'authenticated',
  'POST /api/admin/notifications': 'users.edit',

  // Feedback (anonymous readers may send it) and the staff inbox (a /library page)
  'POST /api/feedback': 'public',
  'GET /api/admin/feedback': { guard: 'librarianOrAdmin' },
  'GET /api/admin/feedback/{id}': { guard: 'librarianOrAdmin' },
  'POST /api/admin/feedback/{id}/handled': { guard: 'librarianOrAdmin' },
  'POST /api/admin/feedback/{id}/reopen': { guard: 'librarianOrAdmin' },

  // Study guides: published guides and a reader's own progress for anyone signed in; librarians
  // write them (books.edit); deleting is decided by the route (a draft's author, or books.delete)
  'GET /api/guides': 'authenticated',
  'GET /api/guides/mine': 'authenticated',
  'GET /api/guides/{id}': 'authenticated',
  'POST /api/guides/{id}/follow': 'authenticated',
  'DELETE /api/guides/{id}/follow': 'authenticated',
  'PUT /api/guides/{id}/steps/{stepId}/done': 'authenticated',
  'DELETE /api/guides/{id}/steps/{stepId}/done': 'authenticated',
  'GET /api/library/guides': 'books.edit',
  'POST /api/library/guides': 'books.edit',
  'GET /api/library/guides/{id}': 'books.edit',
  'PATCH /api/library/guides/{id}': 'books.edit',
  'DELETE /api/library/guides/{id}': 'books.edit',

  // Error reports and web vitals
  'POST /api/telemetry/errors': 'public',
  'POST /api/telemetry/web-vitals': 'public',
  'GET /api/admin/telemetry/summary': 'admin.analytics',

  // Analytics (admins only)
  'GET /api/admin/analytics/daily': 'admin.analytics',
  'GET /api/admin/analytics/top-queries': 'admin.analytics',
  'GET /api/admin/analytics/most-viewed': 'admin.analytics',
  'GET /api/admin/analytics/loans': 'admin.analytics',
  'GET /api/admin/analytics/web-vitals': 'admin.analytics',
  'GET /api/admin/analytics/errors': 'admin.analytics',

  // User management (/users and /library/users: librarians read, admins change; role changes
  // also need users.manage_roles, decided by the route)
  'GET /api/admin/users': { anyOf: ['users.view_all', 'checkouts.view_all'] },
  'POST /api/admin/users': 'users.create',
  'GET /api/admin/users/{id}': { anyOf: ['users.view_all', 'checkouts.view_all'] },
  'PATCH /api/admin/users/{id}': 'users.edit',
  'DELETE /api/admin/users/{id}': 'users.delete',
  'POST /api/admin/users/{id}/email': 'users.edit',
  'POST /api/admin/users/{id}/verify-email': 'users.edit',
  'POST /api/admin/users/{id}/sessions/revoke': 'users.edit',
  'POST /api/admin/users/{id}/repair': 'users.edit',
  'GET /api/admin/users/{id}/activity': { anyOf: ['users.view_all', 'checkouts.view_all'] },
  'GET /api/admin/users/{id}/borrowings': { anyOf: ['users.view_all', 'checkouts.view_all'] },
  'GET /api/admin/audit-log': 'admin.logs',
  'GET /api/admin/registrations/overview': 'admin.logs',
  'GET /api/admin/registrations/stuck': 'admin.logs',
  'POST /api/admin/registrations/stuck/{userId}/remind': 'admin.system_settings',
  'POST /api/admin/registration-tests': 'admin.system_settings',
  'GET /api/admin/registrations/check': 'admin.logs',
  // The profiles editor (bulk changes) and the admin home's live figures: admins only
  'GET /api/admin/profiles': 'admin.access',
  'POST /api/admin/profiles/bulk': 'admin.access',
  'GET /api/admin/tools/overview': 'admin.access',

  // The development mailbox
  'GET /api/dev/mailbox': 'localDevelopment',
  'GET /api/dev/mailbox/{id}': 'localDevelopment',
} as const satisfies Record<string, RouteRequirement>;

export type DeclaredRoute = keyof typeof ROUTE_ACCESS;

/**
 * better-auth's own endpoints that the server passes through under /api/auth (they are not in the
 * OpenAPI document): the session read and Google sign-in. Every other /api/auth path is closed.
 */
export const AUTH_HANDLER_ACCESS = {
  'GET /api/auth/get-session': 'public',
  'GET /api/auth/ok': 'public',
  'POST /api/auth/sign-in/oauth2': 'public',
  'GET /api/auth/oauth2/callback/google': 'public',
} as const satisfies Record<string, RouteRequirement>;

/** Whether a caller of `role` (null: signed out) meets `requirement`. */
export function meetsRequirement(role: Role | null, requirement: RouteRequirement): boolean {
  if (requirement === 'public' || requirement === 'localDevelopment') return true;
  if (role === null) return false;
  if (requirement === 'authenticated') return true;
  if (typeof requirement === 'string') return can(role, requirement);
  if ('anyOf' in requirement) return requirement.anyOf.some((permission) => can(role, permission));
  return meetsGuard(role, requirement.guard);
}
