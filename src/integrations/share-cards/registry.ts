/**
 * Pages ask for their share card while they are rendered (src/components/seo/Head.astro); the
 * build draws them all at the end (./index.ts). Both run in the build's one Node process, and
 * this registry between them lives on `globalThis` for the reason Astro's own image pipeline
 * keeps `globalThis.astroAsset` there: the pages run from Vite's server bundle, the hook from
 * the config's module graph, so a plain module variable would be two different variables.
 */
import { shareCardKey, shareCardPath, type ShareCardInput } from '#src/lib/seo/share-card.ts';

const registryKey = Symbol.for('triangle-realtor.share-cards');

type Registry = Map<string, ShareCardInput>;

export function shareCardRegistry(): Registry {
  const holder = globalThis as typeof globalThis & { [registryKey]?: Registry };
  holder[registryKey] ??= new Map();
  return holder[registryKey];
}

/**
 * The site path of the card for `input`. A pre-rendered page also records it to be drawn; a
 * page rendered on demand only names it (its card is drawn by the build of the pre-rendered
 * page with the same title and picture, e.g. /contact/sent for /contact).
 */
export function shareCardFor(input: ShareCardInput, options: { record: boolean }): string {
  const key = shareCardKey(input);
  if (options.record) shareCardRegistry().set(key, input);
  return shareCardPath(key);
}
