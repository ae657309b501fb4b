/**
 * Loaded into every Node process of a build under test (NODE_OPTIONS=--import): any attempt to
 * reach the network (fetch of an http(s) URL, a TCP socket) is written to stderr as a
 * `NETWORK REQUEST BLOCKED` line and fails, so a build that needs the network fails its test.
 */
import net from 'node:net';

const report = (what) => process.stderr.write(`NETWORK REQUEST BLOCKED: ${what}\n`);

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  const options = args[0] !== null && typeof args[0] === 'object' ? args[0] : { port: args[0], host: args[1] };
  // A path is a local pipe (IPC), not the network.
  if (options.path === undefined) {
    report(`${options.host ?? 'localhost'}:${options.port}`);
    throw new Error('tests/build: the build must not open network connections');
  }
  return connect.apply(this, args);
};

const fetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const url = String(input instanceof Request ? input.url : input);
  if (/^https?:/i.test(url)) {
    report(url);
    throw new TypeError(`tests/build: the build must not fetch ${url}`);
  }
  return fetch(input, init);
};
