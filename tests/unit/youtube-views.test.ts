/**
 * The video views' rules and pre-rendered states: dates, description cut, latest videos, the
 * explorer card's placeholder, related videos absent when none, and the video page's empty state.
 */
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import type { CollectionEntry } from 'astro:content';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import LatestVideo from '#src/components/video/LatestVideo.astro';
import RelatedVideos from '#src/components/video/RelatedVideos.astro';
import Playlists from '#src/components/video/Playlists.tsx';
import VideoBlog from '#src/components/video/VideoBlog.tsx';
import { readFileSync } from 'node:fs';
import { snapshotSchema, staleSnapshotWarning } from '#src/lib/video/model.ts';
import {
  findRelocationVideo,
  formatLongDate,
  formatShortDate,
  getLatestVideos,
  shownOnVideoPage,
} from '#src/lib/video/rules.ts';
import { truncate } from '#src/lib/text.ts';
import type { Playlist, Video } from '#src/lib/video/model.ts';

const video = (videoId: string, publishedAt: string, title = videoId): Video => ({
  id: `item-${videoId}`,
  videoId,
  title,
  description: `About ${title}`,
  thumbnailUrl: '',
  publishedAt,
});
const playlist = (id: string, videos: Video[]): Playlist => ({
  id,
  title: id,
  description: '',
  thumbnailUrl: '',
  isOpen: false,
  videos,
});

describe('formatting', () => {
  it('writes en-US long dates and short month/day/year in the agent time zone', () => {
    expect(formatLongDate('2026-03-14T15:00:00Z')).toBe('March 14, 2026');
    expect(formatShortDate('2026-03-14T15:00:00Z')).toBe('Mar 14, 2026');
    // 02:00 UTC is still the previous evening in Raleigh.
    expect(formatLongDate('2026-03-15T02:00:00Z')).toBe('March 14, 2026');
    expect(formatLongDate('garbage')).toBe('');
  });

  it('cuts descriptions at 200 characters and adds an ellipsis', () => {
    expect(truncate('a'.repeat(201), 200)).toBe(`${'a'.repeat(200)}...`);
    expect(truncate('short', 200)).toBe('short');
  });

  it('counts what a reader sees as one character, and never cuts one in half', () => {
    // Cut by UTF-16 units, the house emoji lost its second half, shown as "\uFFFD".
    const cut = truncate(`${'a'.repeat(199)}🏡 Welcome`, 200);
    expect(cut).toBe(`${'a'.repeat(199)}🏡...`);
    expect(cut.isWellFormed()).toBe(true);
    // A family is one character of three emoji joined: whole or not at all.
    expect(truncate(`${'a'.repeat(199)}👨‍👩‍👧 and more`, 200)).toBe(`${'a'.repeat(199)}👨‍👩‍👧...`);
    expect(truncate(`${'a'.repeat(200)}👨‍👩‍👧`, 200)).toBe(`${'a'.repeat(200)}...`);
    // 200 flags are 200 characters (800 UTF-16 units): nothing to cut.
    expect(truncate('🇺🇸'.repeat(200), 200)).toBe('🇺🇸'.repeat(200));
    expect(truncate(`${'é'.repeat(200)}e\u0301`, 200)).toBe(`${'é'.repeat(200)}...`);
  });

  it('without Intl.Segmenter (Firefox before 125) still cuts, and never an emoji in half', async () => {
    vi.resetModules();
    // An older browser's Intl, which has no Segmenter.
    vi.stubGlobal('Intl', Object.create(Intl, { Segmenter: { value: undefined } }));
    try {
      const { truncate: older } = await import('#src/lib/text.ts');
      expect(older(`${'a'.repeat(199)}🏡 Welcome`, 200)).toBe(`${'a'.repeat(199)}🏡...`);
      expect(older('a'.repeat(201), 200)).toBe(`${'a'.repeat(200)}...`);
      // A flag, a skin tone, a family joined by ZWJ and an accent stay whole.
      expect(older(`a${'🇺🇸'.repeat(10)}`, 6)).toBe(`a${'🇺🇸'.repeat(5)}...`);
      expect(older('Great agent 👍🏽 thanks', 13)).toBe('Great agent 👍🏽...');
      expect(older(`${'a'.repeat(3)}👨‍👩‍👧 and more`, 4)).toBe(`${'a'.repeat(3)}👨‍👩‍👧...`);
      expect(older('Cafe\u0301 au lait', 4)).toBe('Cafe\u0301...');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('latest videos (SPEC §4)', () => {
  it('are all playlist videos, newest first, limited to the count (default 4), each once', () => {
    const a = video('aaaaaaaaaaa', '2026-01-01T00:00:00Z');
    const b = video('bbbbbbbbbbb', '2026-03-01T00:00:00Z');
    const c = video('ccccccccccc', '2026-02-01T00:00:00Z');
    const d = video('ddddddddddd', '2025-12-01T00:00:00Z');
    const e = video('eeeeeeeeeee', '2025-11-01T00:00:00Z');
    const lists = [playlist('P1', [a, b, e]), playlist('P2', [c, d, b])];
    expect(getLatestVideos(lists).map((v) => v.videoId)).toEqual([b, c, a, d].map((v) => v.videoId));
    expect(getLatestVideos(lists, 2).map((v) => v.videoId)).toEqual([b.videoId, c.videoId]);
    expect(getLatestVideos([])).toEqual([]);
  });
});

describe('relocation page video', () => {
  it('is the newest video about moving or relocating to the area, else none', () => {
    const tour = video('aaaaaaaaaaa', '2026-05-01T00:00:00Z', 'Cary Neighborhood Tour');
    const older = video('bbbbbbbbbbb', '2026-01-01T00:00:00Z', 'Moving to Raleigh NC? 10 Things to Know');
    const newer = video('ccccccccccc', '2026-03-01T00:00:00Z', 'Relocating to the Triangle from New York');
    expect(findRelocationVideo([playlist('P1', [tour, older]), playlist('P2', [newer])])?.videoId).toBe('ccccccccccc');
    expect(findRelocationVideo([playlist('P1', [tour, older])])?.videoId).toBe('bbbbbbbbbbb');
    expect(findRelocationVideo([playlist('P1', [tour])])).toBeUndefined();
    expect(findRelocationVideo([])).toBeUndefined();
  });
});

describe('the sample snapshot', () => {
  it('is labelled as sample data and has playlists across the Triangle', () => {
    const file = new URL('../../content/videos/snapshot.json', import.meta.url);
    const snapshot = snapshotSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
    expect(snapshot.sample).toBe(true);
    expect(snapshot.notice).toMatch(/^SAMPLE DATA/);
    const playlists = snapshot.playlists.filter((p) => p.videos.length > 0);
    expect(playlists.length).toBeGreaterThanOrEqual(8);
    const titles = playlists.flatMap((p) => p.videos.map((v) => v.title)).join(' ');
    for (const town of ['Raleigh', 'Cary', 'Apex', 'Wake Forest', 'Holly Springs', 'Garner', 'Rolesville']) {
      expect(titles).toContain(town);
    }
    for (const town of ['Knightdale', 'Wendell', 'Zebulon', 'Youngsville', 'Franklinton', 'Fuquay-Varina']) {
      expect(titles).toContain(town);
    }
  });
});

describe("the build's warning for a snapshot kept too long (YouTube's 30 days)", () => {
  const now = new Date('2026-11-28T12:00:00Z');
  const synced = (generatedAt: string, sample = false) => staleSnapshotWarning({ sample, generatedAt }, now);

  it('says nothing up to 30 days, nor for the sample', () => {
    expect(synced('2026-10-29T12:00:00Z')).toBeUndefined();
    expect(synced('2020-01-01T00:00:00Z', true)).toBeUndefined();
  });

  it('names the age and the command past 30 days, or when the date cannot be read', () => {
    expect(synced('2026-10-28T11:00:00Z')).toBe(
      "the video snapshot was synced 31 days ago; YouTube's policies ask for a refresh every 30 days: run npm run refresh-videos",
    );
    expect(synced('last month')).toBe(
      "the video snapshot's generatedAt is not a date, so its age is unknown; YouTube's policies ask for a refresh every 30 days: run npm run refresh-videos",
    );
  });
});

describe('pre-rendered components', () => {
  let container: AstroContainer;
  beforeAll(async () => {
    container = await AstroContainer.create();
  });

  it('the latest-video card shows the newest video with its label, date and new-tab link', async () => {
    const html = await container.renderToString(LatestVideo, {
      props: {
        playlists: [
          playlist('P', [
            video('oldOldOld01', '2025-05-01T12:00:00Z', 'Older tour'),
            video('newNewNew01', '2026-04-02T12:00:00Z', 'Newest tour'),
          ]),
        ],
      },
    });
    expect(html).toContain('Latest Video');
    expect(html).toContain('Newest tour');
    expect(html).not.toContain('Older tour');
    expect(html).toContain('Apr 2, 2026');
    expect(html).toContain('href="https://www.youtube.com/watch?v=newNewNew01" target="_blank"');
    expect(html).toContain('href="/blog"');
    expect(html).toContain('Watch More Videos');
  });

  it('the latest-video card falls back to the built-in placeholder video when there is none', async () => {
    const html = await container.renderToString(LatestVideo, { props: { playlists: [] } });
    expect(html).toContain('Best Areas to Live in the Raleigh-Durham Triangle');
    expect(html).toContain('Latest Video');
    expect(html).toContain('Watch More Videos');
  });

  it('related videos render up to 6 scored videos, and nothing when none relate', async () => {
    // Only the fields the scoring reads; the content store is not available under Vitest.
    const raleigh = {
      id: 'raleigh',
      collection: 'cities',
      data: { name: 'Raleigh', keySearchTerms: ['downtown Raleigh'], neighborhoods: [{ name: 'Oakwood', blurb: '' }] },
    } as unknown as CollectionEntry<'cities'>;
    const videos = Array.from({ length: 8 }, (_, i) =>
      video(`raleigh${String(i).padStart(4, '0')}`, '2026-01-01T00:00:00Z', `Raleigh tour ${i}`),
    );
    const html = await container.renderToString(RelatedVideos, {
      props: { city: raleigh, playlists: [playlist('P', videos)], now: new Date('2026-02-01T00:00:00Z') },
    });
    expect(html.match(/<li>/g)).toHaveLength(6);
    expect(html).toContain('Raleigh Videos');
    const none = await container.renderToString(RelatedVideos, {
      props: { city: raleigh, playlists: [playlist('P', [video('cooking0000', '2026-01-01T00:00:00Z', 'Pasta')])] },
    });
    expect(none.trim()).toBe('');
  });

  it("the video page's empty state has SPEC's texts", () => {
    const html = renderToString(
      createElement(VideoBlog, { hasPlaylists: false, agentFirstName: 'Jordan', platform: 'YouTube' }),
    );
    expect(html).toContain('No videos available');
    expect(html).toContain('Jordan&#x27;s latest real estate videos will appear here soon.');
    expect(html).toContain('Try Again');
  });
});

describe('the video page', () => {
  const snapshot = snapshotSchema.parse(
    JSON.parse(readFileSync(new URL('../../content/videos/snapshot.json', import.meta.url), 'utf8')),
  );
  const render = (playlists: Playlist[]) => renderToString(createElement(Playlists, { playlists, thumbnails: {} }));

  it('is given its playlists without what it does not show: video descriptions, and playlist descriptions past 200 characters', () => {
    const long = { ...playlist('long', [video('aaaaaaaaaaa', '2026-01-01T00:00:00Z')]), description: 'x'.repeat(500) };
    const [shown] = shownOnVideoPage([long]);
    expect(shown!.description).toBe(`${'x'.repeat(200)}...`);
    expect(shown!.videos.map((v) => v.description)).toEqual(['']);
    expect(long.videos[0]!.description).toBe('About aaaaaaaaaaa');
  });

  it('renders the same from them as from the whole snapshot', () => {
    expect(render(shownOnVideoPage(snapshot.playlists))).toBe(render(snapshot.playlists));
  });

  it('shows the pre-rendered playlists it is given as children, each video card once and marked for the player', () => {
    const list = render(snapshot.playlists);
    const html = renderToString(
      createElement(
        VideoBlog,
        { hasPlaylists: true, agentFirstName: 'Jordan', platform: 'YouTube' },
        createElement('div', { dangerouslySetInnerHTML: { __html: list } }),
      ),
    );
    expect(html).toContain(list);
    expect(html).not.toContain('No videos available');
    const ids = snapshot.playlists.flatMap((p) => p.videos.map((v) => v.videoId));
    expect(list.match(/data-video-id="/g)).toHaveLength(ids.length);
    for (const id of ids) expect(list).toContain(`data-video-id="${id}"`);
  });
});
