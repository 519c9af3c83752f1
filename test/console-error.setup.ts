/**
 * Fails a test that writes to console.error when it did not say it would: an error printed and
 * otherwise ignored (a React act() warning, a rejected promise someone logged) is a bug the
 * assertions did not see. A test that expects one declares it with expectConsoleError(matcher)
 * (which also fails the test when it never comes); a test that installs its own spy
 * (vi.spyOn(console, 'error')) handles what reaches it and is left alone.
 * Loaded by every Vitest project (vitest.config.ts, setupFiles).
 */
import { format } from 'node:util';
import { afterAll, afterEach, beforeEach } from 'vitest';

type Matcher = string | RegExp;
type Call = { message: string; expected: boolean };

let calls: Call[] = [];
let expected: Matcher[] = [];
/** Written outside any test: in a beforeAll or afterAll hook, or while the file loaded. */
let outsideTests: string[] = [];
let inTest = false;

const matches = (matcher: Matcher, message: string) =>
  typeof matcher === 'string' ? message.includes(matcher) : matcher.test(message);

/**
 * Declares that the running test writes a console.error matching `matcher` (a substring or a
 * pattern of the formatted message): it is not printed and does not fail the test, and the test
 * fails when none came.
 */
export function expectConsoleError(matcher: Matcher): void {
  if (!inTest) throw new Error('expectConsoleError is called inside a test.');
  expected.push(matcher);
}

const print = console.error.bind(console);
function recordConsoleError(...args: unknown[]) {
  // Called through a spy a test installed on top of this function: that test handles it.
  if (console.error !== recordConsoleError) {
    print(...args);
    return;
  }
  const message = format(...args);
  const isExpected = inTest && expected.some((matcher) => matches(matcher, message));
  if (!isExpected) print(...args);
  if (inTest) calls.push({ message, expected: isExpected });
  else outsideTests.push(message);
}
console.error = recordConsoleError;

beforeEach(() => {
  calls = [];
  expected = [];
  inTest = true;
});

/**
 * Throws when the running test wrote a console.error it did not declare, or declared one that
 * did not come; then starts afresh. Called after each test.
 */
export function verifyConsoleErrors(): void {
  const unexpected = calls.filter((call) => !call.expected).map((call) => call.message);
  const missing = expected.filter((matcher) => !calls.some((call) => matches(matcher, call.message)));
  calls = [];
  expected = [];
  const problems = [
    ...unexpected.map((message) => `unexpected console.error:\n${message}`),
    ...missing.map((matcher) => `expected a console.error matching ${String(matcher)}, and none came`),
  ];
  if (problems.length > 0) throw new Error(problems.join('\n\n'));
}

afterEach(() => {
  try {
    verifyConsoleErrors();
  } finally {
    inTest = false;
  }
});

afterAll(() => {
  const written = outsideTests;
  outsideTests = [];
  if (written.length > 0) {
    throw new Error(written.map((message) => `unexpected console.error outside a test:\n${message}`).join('\n\n'));
  }
});
