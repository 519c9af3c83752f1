import { DrizzleQueryError } from 'drizzle-orm/errors';
import { DatabaseError } from 'pg';
import { describe, expect, it } from 'vitest';
import { isConnectionFailure } from './connection-failure.js';

/** A server report as node-postgres builds it from the wire (severity, SQLSTATE). */
function serverError(severity: string, code: string, message: string): DatabaseError {
  const error = new DatabaseError(message, message.length, 'error');
  error.severity = severity;
  error.code = code;
  return error;
}

const wrapped = (cause: unknown) => new DrizzleQueryError('select 1', [], cause as Error);

function socketError(code: string): Error {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, errno: -111, syscall: 'connect' });
}

describe('isConnectionFailure', () => {
  it.each([
    [
      'a terminated backend (admin_shutdown)',
      serverError('FATAL', '57P01', 'terminating connection due to administrator command'),
    ],
    [
      'a server starting or stopping (cannot_connect_now)',
      serverError('FATAL', '57P03', 'the database system is starting up'),
    ],
    ['a crash restart (crash_shutdown)', serverError('FATAL', '57P02', 'terminating connection because of crash')],
    ['too many clients', serverError('FATAL', '53300', 'sorry, too many clients already')],
    ['a connection exception (class 08)', serverError('FATAL', '08006', 'connection failure')],
    [
      'a database that refuses connections (FATAL at connection time)',
      serverError('FATAL', '55000', 'database "x" is not currently accepting connections'),
    ],
    ['a refused connection', socketError('ECONNREFUSED')],
    ['a reset connection', socketError('ECONNRESET')],
    ['a connection lost mid-query', new Error('Connection terminated unexpectedly')],
    ['a connection timeout', new Error('Connection terminated due to connection timeout')],
    ['a pool that waited too long', new Error('timeout exceeded when trying to connect')],
    ['an ended pool', new Error('Cannot use a pool after calling end on the pool')],
  ])('recognises %s, directly and inside Drizzle’s query error', (_name, error) => {
    expect(isConnectionFailure(error)).toBe(true);
    expect(isConnectionFailure(wrapped(error))).toBe(true);
  });

  it('looks into the attempts of an AggregateError (a host name with several addresses)', () => {
    const error = new AggregateError([socketError('ECONNREFUSED'), socketError('ECONNREFUSED')], '');
    expect(isConnectionFailure(wrapped(error))).toBe(true);
  });

  it.each([
    ['a unique violation', serverError('ERROR', '23505', 'duplicate key value violates unique constraint')],
    ['a missing table', serverError('ERROR', '42P01', 'relation "x" does not exist')],
    ['a query in the wrong state (55000 as ERROR)', serverError('ERROR', '55000', 'object not in prerequisite state')],
    ['a statement timeout', serverError('ERROR', '57014', 'canceling statement due to statement timeout')],
    ['a plain error', new Error('something else went wrong')],
    ['a string', 'Connection terminated'],
    ['nothing', undefined],
  ])('does not take %s for one', (_name, error) => {
    expect(isConnectionFailure(error)).toBe(false);
    expect(isConnectionFailure(wrapped(error))).toBe(false);
  });

  it('stops on an error that is its own cause', () => {
    const error = new Error('loop') as Error & { cause?: unknown };
    error.cause = error;
    expect(isConnectionFailure(error)).toBe(false);
  });
});
