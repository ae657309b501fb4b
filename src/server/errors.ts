/**
 * An error described for people and logs. Node's errors do not always say what went wrong in
 * their message: connecting to a name with both an IPv6 and an IPv4 address (`localhost` on most
 * machines) fails with an AggregateError whose message is empty, the reasons being in `errors`.
 */

/**
 * What went wrong: the message, else the code (ECONNREFUSED), else the name; an AggregateError's
 * inner errors after it, `; ` between them ("connect ECONNREFUSED ::1:5432; connect ECONNREFUSED
 * 127.0.0.1:5432"). Anything thrown that is not an object, as text.
 */
export function describeError(error: unknown): string {
  if (typeof error !== 'object' || error === null) return String(error);
  const { message, code, name, errors } = error as {
    message?: unknown;
    code?: unknown;
    name?: unknown;
    errors?: unknown;
  };
  const own = [message, code, name].find((part) => typeof part === 'string' && part.trim() !== '') as
    string | undefined;
  const inner = Array.isArray(errors) && errors.length > 0 ? errors.map(describeError).join('; ') : undefined;
  if (inner === undefined) return own ?? 'unknown error';
  // An empty message leaves the inner errors to say it; a message of its own comes first.
  return typeof message === 'string' && message.trim() !== '' ? `${message} (${inner})` : inner;
}
