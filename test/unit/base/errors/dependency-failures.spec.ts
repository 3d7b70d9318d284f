import { QueryFailedError } from 'typeorm';
import { failedDependency } from '../../../../src/base/errors/dependency-failures';

const coded = (message: string, code: string) => Object.assign(new Error(message), { code });
const query = (driverError: Error) => new QueryFailedError('UPDATE captures ...', [], driverError);

describe('failedDependency: what a 503 is made of', () => {
  it.each([
    ['PostgreSQL shut down by an administrator', query(coded('terminating connection', '57P01'))],
    ['PostgreSQL starting up', coded('the database system is starting up', '57P03')],
    ['a connection lost mid-query', query(new Error('Connection terminated unexpectedly'))],
    [
      'a database closed to connections',
      coded('database "ip_test" is not currently accepting connections', '55000'),
    ],
    ['a refused connection', coded('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['SQLite locked past its busy timeout', query(coded('database is locked', 'SQLITE_BUSY'))],
    ['SQLite on a full disk', query(coded('database or disk is full', 'SQLITE_FULL'))],
  ])('%s: the database', (_name, error) => {
    expect(failedDependency(error)).toBe('database');
  });

  it('a full disk under the storage: the storage', () => {
    expect(failedDependency(coded('ENOSPC: no space left on device, write', 'ENOSPC'))).toBe(
      'storage',
    );
  });

  it.each([
    ['a unique violation', query(coded('duplicate key value', '23505'))],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a missing file', coded('ENOENT: no such file or directory', 'ENOENT')],
    ['not an error', 'boom'],
  ])('%s: none', (_name, error) => {
    expect(failedDependency(error)).toBeNull();
  });
});
