import type { GuardLevel } from '@maktaba/shared/permissions';
import { isValidElement } from 'react';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Guard } from './guard';
import { routes } from './router';

/** The guard level that applies to `path`: the innermost Guard among the matched routes, or public. */
function levelOf(path: string): GuardLevel | 'no route' {
  const matches = matchRoutes(routes, path);
  if (!matches) return 'no route';
  let level: GuardLevel = 'public';
  for (const { route } of matches) {
    const element = route.element;
    if (isValidElement<{ level: GuardLevel }>(element) && element.type === Guard) level = element.props.level;
  }
  return level;
}

const ADMIN_TOOLS = [
  'tools',
  'analytics',
  'category-network-explorer',
  'book-editor',
  'source-validation',
  'books-import',
  'book-catalog',
  'profiles-editor',
  'registration-monitoring',
  'registration-testing',
  'security-monitoring',
  'audit-log',
  'settings',
];

const EXPECTED: [GuardLevel, string[]][] = [
  ['public', ['/', '/signin', '/signup', '/register', '/login', '/auth/callback', '/unauthorized', '/collections/abc']],
  [
    'authenticated',
    [
      '/search',
      '/book/abc',
      '/author/abc',
      '/scholar/abc',
      '/ask_test',
      '/ask',
      '/myimam',
      '/settings',
      '/articles',
      '/quotes',
      '/guides',
      '/circles',
      '/category-guide',
      '/collections',
      '/books/recent',
    ],
  ],
  // /users: open to librarians and admins; the server decides what each may do there.
  [
    'librarianOrAdmin',
    [
      '/users',
      '/users/abc',
      '/library',
      '/library/catalogue',
      '/library/loans/abc',
      '/library/loans/abc/slip',
      '/library/settings',
      '/library/users',
      '/library/feedback',
      '/library/book-editor',
      '/library/collections',
      '/library/x',
    ],
  ],
  ['admin', ADMIN_TOOLS.map((tool) => `/admin/${tool}`)],
];

describe('the gates of the route table (reader-area §2.1, §6)', () => {
  for (const [level, paths] of EXPECTED) {
    it(`${level}: ${paths.join(', ')}`, () => {
      expect(Object.fromEntries(paths.map((path) => [path, levelOf(path)]))).toEqual(
        Object.fromEntries(paths.map((path) => [path, level])),
      );
    });
  }
});
