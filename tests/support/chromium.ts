/** Where Debian's Chromium is and how to start it on this closed network. */
import { existsSync } from 'node:fs';

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumPath(): string {
  const path = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(
      `Chromium was not found at ${path}. Install Debian's Chromium (sudo apt-get update && sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary, then run npm test again.`,
    );
  }
  return path;
}
