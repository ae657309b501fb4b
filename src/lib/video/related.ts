/**
 * Related videos for a city page (SPEC §9): a pure scoring function over the playlists, with
 * `now` passed in so results (and tests) do not drift with the clock.
 *
 * Matching is case-insensitive substring matching, counted in the title and the description
 * separately, so a term is never "found" across the join of the two.
 */
import type { Playlist, Video } from './model.ts';

export interface CityTerms {
  name: string;
  keySearchTerms: readonly string[];
  /** Neighborhood names. */
  neighborhoods: readonly string[];
}

export interface ScoredVideo {
  video: Video;
  score: number;
}

export const GENERIC_WORDS = ['home', 'house', 'property', 'neighborhood', 'market', 'buying', 'selling'] as const;
export const MIN_SCORE = 5;
export const MAX_RELATED = 6;

const DAY_MS = 24 * 60 * 60 * 1000;

function countOccurrences(haystack: string, needle: string): number {
  if (!needle) return 0;
  let count = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) count++;
  return count;
}

/** Recency bonus: +5 under 30 days, +3 under 90, +1 under 180. */
export function recencyBonus(publishedAt: string, now: Date): number {
  const published = new Date(publishedAt).getTime();
  if (Number.isNaN(published)) return 0;
  const days = (now.getTime() - published) / DAY_MS;
  if (days < 30) return 5;
  if (days < 90) return 3;
  if (days < 180) return 1;
  return 0;
}

export function scoreVideo(video: Video, city: CityTerms, now: Date): number {
  const title = video.title.toLowerCase();
  const description = video.description.toLowerCase();
  const mentions = (term: string) => title.includes(term) || description.includes(term);
  const occurrences = (term: string) => countOccurrences(title, term) + countOccurrences(description, term);
  const neighborhoods = city.neighborhoods.map((n) => n.toLowerCase());

  let score = 0;
  if (mentions(city.name.toLowerCase())) score += 10;
  for (const term of [...city.keySearchTerms.map((t) => t.toLowerCase()), ...neighborhoods]) {
    score += 5 * occurrences(term);
  }
  for (const neighborhood of neighborhoods) {
    if (mentions(neighborhood)) score += 7;
  }
  for (const word of GENERIC_WORDS) {
    if (mentions(word)) score += 2;
  }
  return score + recencyBonus(video.publishedAt, now);
}

/**
 * Scores every video of every playlist for the city, keeps scores of 5 or more, keeps the
 * highest score of a video found in several playlists, sorts by score then newest, top 6.
 */
export function getRelatedVideos(
  playlists: readonly Playlist[],
  city: CityTerms,
  now: Date,
  limit = MAX_RELATED,
): ScoredVideo[] {
  const best = new Map<string, ScoredVideo>();
  for (const video of playlists.flatMap((p) => p.videos)) {
    const score = scoreVideo(video, city, now);
    if (score < MIN_SCORE) continue;
    const known = best.get(video.videoId);
    if (!known || score > known.score) best.set(video.videoId, { video, score });
  }
  const time = (v: Video) => new Date(v.publishedAt).getTime() || 0;
  return [...best.values()].sort((a, b) => b.score - a.score || time(b.video) - time(a.video)).slice(0, limit);
}
