// @vitest-environment jsdom
/**
 * The video page's and the reviews' status lines: each is in the server HTML, empty, from the first
 * render, and the island sets its text as loading starts, ends or fails. Screen readers often miss a
 * text that arrives inside a new role="status" element, as "Loading videos..." and the reviews' error did.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, type ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ReviewsIsland from '#src/components/home/ReviewsIsland.tsx';
import VideoBlog from '#src/components/video/VideoBlog.tsx';
import { fallbackView } from '#src/lib/reviews.ts';
import type { Testimonial } from '#src/lib/testimonial.ts';
import type { Playlist } from '#src/lib/video/model.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const { playlists } = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../content/videos/snapshot.json'), 'utf8'),
) as { playlists: Playlist[] };

let root: Root | undefined;
afterEach(async () => {
  await act(async () => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  document.head.querySelectorAll('script').forEach((s) => s.remove());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Renders on the server, then hydrates that HTML, as the page does. */
async function hydrate(island: ReactElement) {
  const html = renderToString(island);
  const el = document.createElement('div');
  el.innerHTML = html;
  document.body.append(el);
  await act(async () => {
    root = hydrateRoot(el, island);
  });
  return { el, html };
}

/** A fetch answered by `answer` once `release` is called, so the loading state can be seen. */
function heldFetch(answer: (url: string) => Response | Promise<Response>) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      await held;
      return answer(String(url));
    }),
  );
  return () => act(async () => release());
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('the video page', () => {
  const island = (
    <VideoBlog hasPlaylists agentFirstName="Jane" platform="youtube">
      <p>The snapshot</p>
    </VideoBlog>
  );
  const status = (el: HTMLElement) => el.querySelectorAll('[role="status"], [role="alert"]');

  async function refresh(el: HTMLElement) {
    const button = [...el.querySelectorAll('button')].find((b) => b.textContent?.includes('Refresh Content'))!;
    await act(async () => button.click());
  }

  it('has its status line in the server HTML, empty and visually hidden', async () => {
    const { html, el } = await hydrate(island);
    expect(html).toContain('<p role="status" class="sr-only"></p>');
    expect(status(el)).toHaveLength(1);
  });

  it('says "Loading videos..." in that line as a refresh starts, then "Videos updated"', async () => {
    const release = heldFetch((url) =>
      url.endsWith('/api/videos') ? json({ source: 'youtube', playlists: playlists.slice(0, 1) }) : json({}),
    );
    const { el } = await hydrate(island);
    const line = status(el)[0]!;
    await refresh(el);
    // The same element, its text set; the visible loading line (SPEC's text) is not a second status.
    expect(status(el)).toHaveLength(1);
    expect(status(el)[0]).toBe(line);
    expect(line.textContent).toBe('Loading videos...');
    expect([...el.querySelectorAll('p')].some((p) => p !== line && p.textContent === 'Loading videos...')).toBe(true);
    await release();
    expect(line.textContent).toBe('Videos updated');
    expect(el.textContent).toContain(playlists[0]!.title);
  });

  it('says the error in that line when the refresh fails, shown once more above the empty state', async () => {
    const release = heldFetch(() => json({ error: { message: 'Quota exceeded' } }, 502));
    const { el } = await hydrate(island);
    const line = status(el)[0]!;
    await refresh(el);
    await release();
    expect(status(el)).toHaveLength(1);
    expect(line.textContent).toBe('Quota exceeded');
    expect(el.textContent).toContain('No videos available');
  });
});

describe('the reviews', () => {
  const testimonials: Testimonial[] = [
    { author_name: 'Ann Buyer', text: 'Found us a home in Cary.' },
    { author_name: 'Bob Seller', text: 'Sold in a week.' },
  ];
  const island = (
    <ReviewsIsland
      agentName="Jane Agent"
      brokerage="Brokerage"
      reviewSearchUrl="https://example.com/reviews"
      testimonials={testimonials}
      initialView={fallbackView(testimonials, new Date())}
    />
  );
  const status = (el: HTMLElement) => el.querySelectorAll('[role="status"], [role="alert"]');
  // jsdom has no CSS.escape, which the island uses to look for the Maps script it may have added.
  beforeEach(() => vi.stubGlobal('CSS', { escape: (text: string) => text }));
  /** Google's Maps script: the places API, answering `place` (or failing with `status`). */
  function maps(answer: { place?: unknown; status?: string }) {
    vi.stubGlobal('google', {
      maps: {
        places: {
          PlacesService: class {
            getDetails(_: unknown, callback: (place: unknown, status: string) => void) {
              callback(answer.place ?? null, answer.status ?? 'OK');
            }
          },
        },
      },
    });
  }
  const config = { mapsKey: 'key', placeId: 'place', scriptUrl: 'https://maps.example/api/js' };

  it('has its status line in the server HTML, empty, and no name-only status on the skeleton', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    const { html, el } = await hydrate(island);
    expect(html).toMatch(/<div role="status"[^>]*><span class="sr-only"><\/span><\/div>/);
    expect(status(el)).toHaveLength(1);
  });

  it('says "Loading reviews" in that line while Google answers, then "Reviews loaded"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(config)),
    );
    const { el } = await hydrate(island);
    const line = status(el)[0]!;
    // The skeleton shows while the places API is awaited (polled every 100 ms until the script defines it).
    expect(el.querySelectorAll('[data-skeleton]')).toHaveLength(4);
    expect(status(el)).toHaveLength(1);
    expect(line.textContent).toBe('Loading reviews');
    maps({
      place: { rating: 4.8, user_ratings_total: 77, reviews: [{ author_name: 'Cat Reviewer', rating: 5, time: 1 }] },
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 250)));
    expect(status(el)[0]).toBe(line);
    expect(line.textContent).toBe('Reviews loaded');
    expect(el.textContent).toContain('Cat Reviewer');
  });

  it('says the error in that line, visibly, when Google fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    maps({ status: 'REQUEST_DENIED' });
    const release = heldFetch(() => json(config));
    const { el } = await hydrate(island);
    const line = status(el)[0]!;
    await release();
    expect(status(el)).toHaveLength(1);
    expect(status(el)[0]).toBe(line);
    expect(line.textContent).toBe('Places getDetails failed: REQUEST_DENIED');
    expect(line.querySelector('.sr-only')).toBeNull();
  });
});
