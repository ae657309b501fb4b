/**
 * The search itself, loaded by <rea-search> (SiteSearch.astro) once there is a query or the
 * visitor turns to the box: it loads Pagefind's index, runs the query of the address (`q`) and
 * each one typed, and lists the pages found with their title, address, an excerpt with the
 * matched words marked and, when they weigh most under one of its headings, that section's link;
 * a query that names a town leads with the town's guide, and one that asks how to reach the agent
 * with the phone, e-mail and hours. If the index cannot load, `fail` puts
 * SPEC's 'Search Not Available' texts back.
 */
import {
  asksForContact,
  bestSection,
  excerptParts,
  resultsSummary,
  townNamed,
  type SubResult,
} from '#src/lib/search.ts';

/** The part of Pagefind's browser API (pagefind.js, written by the build) used here. */
interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  debouncedSearch(term: string, options?: SearchOptions, debounceMs?: number): Promise<{ results: Result[] } | null>;
  search(term: string | null, options?: SearchOptions): Promise<{ results: Result[] }>;
  /** Each filter's values, with how many pages carry them. */
  filters(): Promise<Record<string, Record<string, number>>>;
}
interface SearchOptions {
  filters?: Record<string, string>;
}
interface Result {
  id: string;
  data(): Promise<PageData>;
}
interface PageData {
  url: string;
  excerpt: string;
  meta: { title?: string };
  sub_results: SubResult[];
}

/** Results are listed this many at a time; "Show more results" adds the next ones. */
const pageSize = 20;

/**
 * The longest query, in UTF-16 units as the box's `maxlength` counts them (SearchInput.astro): no
 * town, topic or street is near it, and a query of any length was searched, word by word, and
 * written back into the address.
 */
export const maxQueryLength = 200;

/**
 * The query of an address's `q` as the box shows it and the search runs it: trimmed (a `q` of
 * spaces left them in the box) and cut to `maxQueryLength`, never through the middle of a
 * character written as two units (an emoji).
 */
export function queryOfAddress(search: string): string {
  const query = (new URLSearchParams(search).get('q') ?? '').trim();
  if (query.length <= maxQueryLength) return query;
  return query
    .slice(0, maxQueryLength)
    .replace(/[\uD800-\uDBFF]$/, '')
    .trimEnd();
}

async function loadPagefind(): Promise<Pagefind> {
  // Built by the search-index integration at the end of the build, so not known to the bundler.
  const url = '/pagefind/pagefind.js';
  const pagefind = (await import(/* @vite-ignore */ url)) as Pagefind;
  // In the page, not in Pagefind's web worker: the page's policy allows WebAssembly, a worker's
  // would be the strict policy every other file is served with.
  await pagefind.options({ noWorker: true, excerptLength: 24 });
  await pagefind.init();
  return pagefind;
}

function fillExcerpt(target: HTMLElement, excerpt: string): void {
  target.replaceChildren(
    ...excerptParts(excerpt).map((part) => {
      if (!part.marked) return document.createTextNode(part.text);
      const mark = document.createElement('mark');
      mark.textContent = part.text;
      return mark;
    }),
  );
}

export async function startSearch(root: HTMLElement, fail: () => void): Promise<void> {
  const form = root.querySelector<HTMLFormElement>('[data-search-form]');
  const input = form?.querySelector<HTMLInputElement>('input[name="q"]');
  const status = root.querySelector<HTMLElement>('[data-search-status]');
  const list = root.querySelector<HTMLOListElement>('[data-search-results]');
  const item = root.querySelector<HTMLTemplateElement>('template[data-search-result]');
  const more = root.querySelector<HTMLButtonElement>('[data-search-more]');
  const suggestions = root.querySelector<HTMLElement>('[data-search-suggestions]');
  const contact = root.querySelector<HTMLElement>('[data-search-contact]');
  const help = root.querySelector<HTMLElement>('[data-search-help]');
  if (!form || !input || !status || !list || !item || !more || !suggestions || !contact || !help) return fail();

  const query = queryOfAddress(window.location.search);
  if (query && !input.value) input.value = query;

  let pagefind: Pagefind;
  try {
    pagefind = await loadPagefind();
  } catch (error) {
    console.error('Search index failed to load', error);
    return fail();
  }

  /** The query on screen and all its results, of which the list shows the first ones. */
  let current: { term: string; results: Result[] } | undefined;
  /** The towns with a guide: the guide's h1 is the filter `town` (the city page's PageHero). */
  const towns = await pagefind.filters().then(
    (filters) => Object.keys(filters['town'] ?? {}),
    () => [],
  );
  /**
   * A query that names a town leads with its guide: Pagefind ranks long articles that repeat the
   * name above it (the capital's name put its guide seventh). If the guide cannot be looked up,
   * the results keep Pagefind's order.
   */
  const guideFirst = async (term: string, results: Result[]) => {
    const town = townNamed(term, towns);
    if (!town) return results;
    const lookup = await pagefind.search(null, { filters: { town } }).catch(() => undefined);
    const [filtered] = lookup?.results ?? [];
    // The query's own result for the guide, whose excerpt has the words found marked.
    const guide = results.find((r) => r.id === filtered?.id) ?? filtered;
    return guide ? [guide, ...results.filter((r) => r !== guide)] : results;
  };
  /** Counts the queries run, so that only the latest one's results are shown. */
  let asked = 0;

  const show = async (term: string) => {
    const trimmed = term.trim();
    const address = new URL(window.location.href);
    if (trimmed) address.searchParams.set('q', trimmed);
    else address.searchParams.delete('q');
    window.history.replaceState(null, '', address);
    contact.hidden = !asksForContact(trimmed);
    if (!trimmed) {
      // A search typed before and still waiting to run must not fill the box's emptied list.
      asked++;
      current = undefined;
      list.replaceChildren();
      status.textContent = '';
      more.hidden = true;
      suggestions.hidden = false;
      help.hidden = false;
      return;
    }
    const ticket = ++asked;
    const search = await pagefind.debouncedSearch(trimmed, {}, 200);
    if (!search) return; // a newer query replaced this one
    const results = await guideFirst(trimmed, search.results);
    if (ticket !== asked) return; // a newer query came meanwhile
    current = { term: trimmed, results };
    // The popular searches are offered before a query and after one that finds nothing.
    suggestions.hidden = results.length > 0;
    list.replaceChildren();
    await showNext();
    help.hidden = false;
  };

  /** Adds the next `pageSize` results of the query on screen; returns where they start. */
  const showNext = async () => {
    if (!current) return;
    const { term, results } = current;
    const from = list.children.length;
    const pages = await Promise.all(results.slice(from, from + pageSize).map((r) => r.data()));
    if (current?.results !== results) return; // a newer query replaced this one meanwhile
    list.append(
      ...pages.map((page) => {
        const entry = item.content.cloneNode(true) as DocumentFragment;
        const link = entry.querySelector<HTMLAnchorElement>('[data-result-link]');
        const url = entry.querySelector<HTMLElement>('[data-result-url]');
        const excerpt = entry.querySelector<HTMLElement>('[data-result-excerpt]');
        const section = entry.querySelector<HTMLElement>('[data-result-section]');
        const sectionLink = section?.querySelector<HTMLAnchorElement>('a');
        if (link) {
          link.href = page.url;
          link.textContent = page.meta.title ?? page.url;
        }
        if (url) url.textContent = page.url;
        if (excerpt) fillExcerpt(excerpt, page.excerpt);
        const best = bestSection(page.sub_results);
        if (best && section && sectionLink) {
          sectionLink.href = best.url;
          sectionLink.textContent = best.title;
          section.hidden = false;
        }
        return entry;
      }),
    );
    status.textContent = resultsSummary(term, results.length, list.children.length);
    more.hidden = list.children.length >= results.length;
    return from;
  };
  more.addEventListener('click', () => {
    if (more.disabled) return;
    more.disabled = true;
    void showNext()
      .then((from) => {
        // Keyboard and screen-reader users go on from the first result just added.
        if (from !== undefined) list.children[from]?.querySelector<HTMLAnchorElement>('a')?.focus();
      })
      .finally(() => (more.disabled = false));
  });

  // A popular search runs here rather than loading the page again (its link does, without the search).
  suggestions.addEventListener('click', (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-search-suggestion]');
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    input.value = link.dataset['searchSuggestion'] ?? '';
    // The link is hidden once results show: keyboard and screen-reader users go on from the first one.
    void show(input.value).then(() => (list.querySelector('a') ?? input).focus());
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void show(input.value);
  });
  input.addEventListener('input', () => void show(input.value));
  if (input.value.trim()) await show(input.value);
}
