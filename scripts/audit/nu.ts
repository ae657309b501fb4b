/** The Nu Html Checker (vnu-jar, Java) on every built page. */
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { nuErrors, type NuMessage } from './report.ts';

const run = promisify(execFile);

export async function nuCheck(root: string, client: string): Promise<{ files: number; errors: string[] }> {
  const jar = join(root, 'node_modules', 'vnu-jar', 'build', 'dist', 'vnu.jar');
  const htmlFiles = (readdirSync(client, { recursive: true }) as string[]).filter((f) => f.endsWith('.html'));
  let stderr = '';
  try {
    await run('java', ['-jar', jar, '--errors-only', '--format', 'json', '--skip-non-html', client], {
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    // vnu exits 1 when it reports errors; its JSON is on stderr either way.
    const e = error as { stderr?: string; code?: number | string };
    if (e.code === 'ENOENT')
      throw new Error('Java was not found: install it (apt-get install -y default-jre-headless)');
    stderr = e.stderr ?? '';
  }
  const messages = stderr.trim() ? ((JSON.parse(stderr) as { messages: NuMessage[] }).messages ?? []) : [];
  return { files: htmlFiles.length, errors: nuErrors(messages, client) };
}
