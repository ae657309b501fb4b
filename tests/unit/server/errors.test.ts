/** describeError: an error as one line, also when Node leaves its message empty. */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { describeError } from '#src/server/errors.ts';

/** A real connection refused on both loopbacks, as to `localhost` listing ::1 and 127.0.0.1 (Node's AggregateError). */
function refusedTwice(): Promise<unknown> {
  return new Promise((resolve) => {
    const socket = connect({
      host: 'localhost',
      port: 1,
      autoSelectFamily: true,
      lookup: (_host, _options, callback) =>
        callback(null, [
          { address: '::1', family: 6 },
          { address: '127.0.0.1', family: 4 },
        ]),
    });
    socket.once('error', resolve);
  });
}

describe('describeError', () => {
  it('lists the inner errors of an AggregateError whose message is empty', async () => {
    const error = await refusedTwice();
    expect(error).toBeInstanceOf(AggregateError);
    expect((error as AggregateError).message).toBe('');
    expect(describeError(error)).toMatch(/^connect E[A-Z]+ ::1:1; connect ECONNREFUSED 127\.0\.0\.1:1$/);
  });

  it('says a message first, else the code, else the name', () => {
    expect(describeError(new Error('Query read timeout'))).toBe('Query read timeout');
    expect(describeError(Object.assign(new Error(''), { code: 'ECONNRESET' }))).toBe('ECONNRESET');
    expect(describeError(new TypeError(''))).toBe('TypeError');
    expect(describeError(new AggregateError([new Error('a'), new Error('b')], 'Both failed'))).toBe(
      'Both failed (a; b)',
    );
    expect(describeError(new AggregateError([], ''))).toBe('AggregateError');
  });

  it('gives anything else thrown as text', () => {
    expect(describeError('plain')).toBe('plain');
    expect(describeError(undefined)).toBe('undefined');
    expect(describeError({ message: 'from another realm' })).toBe('from another realm');
  });
});
