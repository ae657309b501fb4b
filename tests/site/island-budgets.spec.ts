/**
 * What each island costs once it hydrates: its component, the React renderer, and every module
 * they import, at once or on demand (the map's Leaflet), as the server sends them, counted once
 * and gzip-compressed. First-view budgets (budgets.spec.ts) cannot see this, since islands load
 * only when visible or on interaction: zod pulled into the video explorer's imports grew it from
 * 71.7 to 97.2 KB, and the contact form by 9 KB, and that showed only where it broke the CSP.
 */
import { gzipSync } from 'node:zlib';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { init, parse } from 'es-module-lexer';
import file from '../budgets.json' with { type: 'json' };
import { allPagePaths } from '../support/pages.ts';

const KB = 1024;
const { $comment: _, ...budgetsKB } = file.islandKB;

interface Island {
  name: string;
  modules: string[];
  page: string;
}

/** The islands the pages hold, each by the name Astro gives it, with its entry modules and a page that holds it. */
async function islandsOfSite(request: APIRequestContext): Promise<Map<string, Island>> {
  const islands = new Map<string, Island>();
  for (const page of allPagePaths()) {
    const html = await (await request.get(page)).text();
    for (const [tag] of html.matchAll(/<astro-island\b[^>]*>/g)) {
      const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]?.replaceAll('&quot;', '"');
      const name = (JSON.parse(attr('opts') ?? '{}') as { name?: string }).name ?? `(unnamed on ${page})`;
      const modules = [attr('component-url'), attr('renderer-url')].filter((url) => url !== undefined);
      if (!islands.has(name)) islands.set(name, { name, modules, page });
    }
  }
  return islands;
}

interface Module {
  gzipBytes: number;
  imports: string[];
}

/** Every module the entries load, at once or on demand; fails on an import it cannot follow. */
async function moduleGraph(request: APIRequestContext, entries: string[], fetched: Map<string, Module>) {
  await init;
  const graph = new Set<string>();
  const queue = [...entries];
  for (let url = queue.pop(); url !== undefined; url = queue.pop()) {
    if (graph.has(url)) continue;
    graph.add(url);
    let module = fetched.get(url);
    if (!module) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(200);
      const body = await response.body();
      // `d === -2` is `import.meta`, which loads nothing.
      const imports = parse(body.toString('utf8'))[0].filter(({ d }) => d !== -2);
      for (const { n } of imports) expect(n, `an import of ${url} that is not a plain string`).toBeDefined();
      const resolved = imports.map(({ n }) => new URL(n!, `http://site${url}`).pathname);
      module = { gzipBytes: gzipSync(body, { level: 9 }).length, imports: resolved };
      fetched.set(url, module);
    }
    queue.push(...module.imports);
  }
  return [...graph].map((url) => fetched.get(url)!);
}

test('each island, once hydrated, stays within its JavaScript budget', async ({ request }) => {
  const islands = await islandsOfSite(request);
  // Every island has a budget, and every budget an island: a new island is budgeted when it lands.
  expect([...islands.keys()].sort()).toEqual(Object.keys(budgetsKB).sort());
  const fetched = new Map<string, Module>();
  const over: string[] = [];
  for (const island of islands.values()) {
    const modules = await moduleGraph(request, island.modules, fetched);
    const total = modules.reduce((sum, module) => sum + module.gzipBytes, 0) / KB;
    const budget = budgetsKB[island.name as keyof typeof budgetsKB];
    console.log(
      `${island.name} (${island.page}): ${total.toFixed(1)} KB in ${modules.length} modules, budget ${budget} KB`,
    );
    if (total > budget) over.push(`${island.name}: ${total.toFixed(1)} KB > ${budget} KB`);
  }
  expect(over).toEqual([]);
});
