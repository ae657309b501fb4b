/**
 * The command line of a script the agent runs (npm run leads, sync, sync-listings, bench:leads),
 * read strictly: an option it does not know is refused, not passed over, so a mistyped
 * `--allow-emtpy` never starts a run that then goes on without it. `--help` (or `-h`) prints the
 * script's help and exits 0 before any setting is read or request made; whatever cannot be read,
 * by parseArgs or by the script's own rules (`read`, which throws), is one plain line and the
 * usage line, exit 1, never a stack trace.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

export interface CommandLine<T extends ParseArgsConfig> {
  /** The options and positionals the script takes; `help` is added. */
  config: T;
  usage: string;
  /** What --help prints; the usage line when not given. */
  help?: string;
}

export function readCommandLine<T extends ParseArgsConfig, R>(
  { config, usage, help = usage }: CommandLine<T>,
  read: (parsed: ReturnType<typeof parseArgs<T>>) => R,
): R {
  try {
    const parsed = parseArgs({
      ...config,
      options: { ...config.options, help: { type: 'boolean', short: 'h' } },
      strict: true,
    });
    if ((parsed.values as { help?: boolean }).help) {
      console.log(help);
      process.exit(0);
    }
    return read(parsed as ReturnType<typeof parseArgs<T>>);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message.split('\n')[0] : String(error)}\n${usage}`);
    process.exit(1);
  }
}
