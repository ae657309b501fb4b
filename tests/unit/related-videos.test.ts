/** SPEC §9 related-video scoring, each rule pinned by a hand-computed case with a fixed 'now'. */
import { describe, expect, it } from 'vitest';
import { getRelatedVideos, recencyBonus, scoreVideo, type CityTerms } from '#src/lib/video/related.ts';
import type { Playlist, Video } from '#src/lib/video/model.ts';

const NOW = new Date('2026-06-01T00:00:00Z');
const OLD = '2025-01-01T00:00:00Z'; // more than 180 days before NOW: no recency bonus
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000).toISOString();

const cary: CityTerms = {
  name: 'Cary',
  keySearchTerms: ['Cary NC homes', 'Preston'],
  neighborhoods: ['Preston', 'Amberly'],
};

let n = 0;
function video(title: string, description = '', publishedAt = OLD, videoId?: string): Video {
  n++;
  return {
    id: `item${n}`,
    videoId: videoId ?? `vid${String(n).padStart(8, '0')}`,
    title,
    description,
    thumbnailUrl: '',
    publishedAt,
  };
}
const playlist = (videos: Video[], id = 'PL1'): Playlist => ({
  id,
  title: id,
  description: '',
  thumbnailUrl: '',
  isOpen: false,
  videos,
});

describe('scoreVideo', () => {
  it('+10 when the title or the description contains the city name, case-insensitively', () => {
    expect(scoreVideo(video('Living in CARY'), cary, NOW)).toBe(10);
    expect(scoreVideo(video('A tour', 'Downtown cary parks'), cary, NOW)).toBe(10);
    // Named in both still counts once.
    expect(scoreVideo(video('Cary', 'Cary'), cary, NOW)).toBe(10);
  });

  it('+2 per generic word present', () => {
    // home, market, buying, selling = 4 words x 2
    expect(scoreVideo(video('Home market update', 'Tips for buying and selling'), cary, NOW)).toBe(8);
    // "houses" contains "house"; "property" once though written twice
    expect(scoreVideo(video('Houses and property', 'property'), cary, NOW)).toBe(4);
  });

  it('+5 per occurrence of each search term or neighborhood, +7 per neighborhood mentioned', () => {
    // "preston": 1 in title + 2 in description = 3 occurrences.
    //   as a search term: 3 x 5 = 15; as a neighborhood: 3 x 5 = 15; mentioned neighborhood: +7
    //   generic "home" (in "homes"): +2      => 39
    expect(scoreVideo(video('Preston tour', 'Preston golf homes in Preston'), cary, NOW)).toBe(39);
    // "amberly" only as a neighborhood: 1 x 5 + 7 = 12
    expect(scoreVideo(video('Amberly pools'), cary, NOW)).toBe(12);
    // A multi-word search term: "cary nc homes" 1 x 5, city +10, generic "home" +2 => 17
    expect(scoreVideo(video('Cary NC homes for sale'), cary, NOW)).toBe(17);
  });

  it('counts occurrences in the title and description separately', () => {
    // "Pres" + "ton" must not join into "preston" across the two fields.
    expect(scoreVideo(video('Visit Pres', 'ton'), cary, NOW)).toBe(0);
  });

  it('adds recency: +5 under 30 days, +3 under 90, +1 under 180', () => {
    expect(recencyBonus(daysAgo(0), NOW)).toBe(5);
    expect(recencyBonus(daysAgo(29.9), NOW)).toBe(5);
    expect(recencyBonus(daysAgo(30), NOW)).toBe(3);
    expect(recencyBonus(daysAgo(89.9), NOW)).toBe(3);
    expect(recencyBonus(daysAgo(90), NOW)).toBe(1);
    expect(recencyBonus(daysAgo(179.9), NOW)).toBe(1);
    expect(recencyBonus(daysAgo(180), NOW)).toBe(0);
    expect(recencyBonus('not a date', NOW)).toBe(0);
    expect(scoreVideo(video('Living in Cary', '', daysAgo(10)), cary, NOW)).toBe(15);
  });
});

describe('getRelatedVideos', () => {
  it('keeps only scores of 5 or more', () => {
    const four = video('House property'); // 2 + 2 = 4
    const five = video('House property', '', daysAgo(100)); // 4 + 1 = 5
    const zero = video('Cooking show');
    const result = getRelatedVideos([playlist([four, five, zero])], cary, NOW);
    expect(result.map((r) => r.video.id)).toEqual([five.id]);
    expect(result[0]!.score).toBe(5);
  });

  it('de-duplicates by videoId, keeping the highest score', () => {
    const low = video('House tour', 'property', OLD, 'dupVideo001'); // 4, dropped on its own
    const high = video('Cary house tour', '', OLD, 'dupVideo001'); // 12
    const result = getRelatedVideos([playlist([low]), playlist([high], 'PL2')], cary, NOW);
    expect(result).toEqual([{ video: high, score: 12 }]);
    const reversed = getRelatedVideos([playlist([high]), playlist([low], 'PL2')], cary, NOW);
    expect(reversed).toEqual([{ video: high, score: 12 }]);
  });

  it('sorts by score, then newest, and keeps the top 6', () => {
    const best = video('Preston in Cary'); // 10 + 5 + 5 + 7 = 27
    const tiedOld = video('Cary', '', '2025-02-01T00:00:00Z'); // 10
    const tiedNew = video('Cary', '', '2025-03-01T00:00:00Z'); // 10
    const others = Array.from({ length: 5 }, () => video('Cary market')); // 12 each
    const result = getRelatedVideos([playlist([tiedOld, tiedNew, best, ...others])], cary, NOW);
    expect(result).toHaveLength(6);
    expect(result[0]!.video).toBe(best);
    expect(result[0]!.score).toBe(27);
    expect(result.slice(1).map((r) => r.score)).toEqual([12, 12, 12, 12, 12]);
    const withRoom = getRelatedVideos([playlist([tiedOld, tiedNew])], cary, NOW);
    expect(withRoom.map((r) => r.video)).toEqual([tiedNew, tiedOld]);
  });

  it('returns nothing when no video relates to the city', () => {
    expect(getRelatedVideos([playlist([video('Cooking show')])], cary, NOW)).toEqual([]);
    expect(getRelatedVideos([], cary, NOW)).toEqual([]);
  });
});
