// The console.error rule every test runs under (test/console-error.setup.ts).
import { expect, it, vi } from 'vitest';
import { expectConsoleError, verifyConsoleErrors } from '../../../test/console-error.setup.js';

it('fails a test that wrote a console.error it did not declare', () => {
  console.error('The %s went wrong', 'import');
  expect(() => verifyConsoleErrors()).toThrow('unexpected console.error:\nThe import went wrong');
});

it('accepts a declared console.error, and fails a test when the declared one never came', () => {
  expectConsoleError(/went wrong/);
  console.error(new Error('the search went wrong'));
  expect(() => verifyConsoleErrors()).not.toThrow();

  expectConsoleError('the mailer stopped');
  expect(() => verifyConsoleErrors()).toThrow('expected a console.error matching the mailer stopped, and none came');
});

it("leaves what reaches a test's own spy to that test", () => {
  const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    console.error('handled by the test');
    expect(spy).toHaveBeenCalledWith('handled by the test');
  } finally {
    spy.mockRestore();
  }
});
