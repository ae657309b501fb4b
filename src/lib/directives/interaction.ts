/**
 * `client:interaction`: hydrates an island once the visitor has scrolled, tapped, clicked or
 * typed AND the island is within 200 px of the viewport. Used where an island pulls in
 * third-party content (the map's tiles), so that nothing loads during the first view of a
 * page even when the island sits in it; until then the pre-rendered fallback is the content.
 * An island that shows a state shared in the address names its query parameters
 * (`client:interaction={['price', 'down']}`): a page opened with one of them skips the wait for
 * an interaction. Any other query (a campaign's utm_source, a click id) changes nothing.
 * Bundled by Astro with esbuild, so imports stay relative.
 */
import type { ClientDirective } from 'astro';
import { afterFirstInteraction } from '../after-first-interaction.ts';

const interactionDirective: ClientDirective = (load, options, el) => {
  const whenNear = () => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        void load().then((hydrate) => hydrate());
      },
      { rootMargin: '200px' },
    );
    // An <astro-island> is display: contents; its children are what has a box.
    for (const child of el.children) observer.observe(child);
    if (el.children.length === 0) observer.observe(el);
  };
  // A page opened with the island's own query carries a shared state (a calculator result, say)
  // that only the island can show: then it hydrates as soon as it is near the viewport.
  const keys: unknown[] = Array.isArray(options.value) ? options.value : [];
  const query = new URLSearchParams(window.location.search);
  if (keys.some((key) => typeof key === 'string' && query.has(key))) whenNear();
  else afterFirstInteraction(whenNear);
};

export default interactionDirective;
