/**
 * Rules shared by every video view (video page, latest-video card, related videos), in the
 * browser and at build time alike. Dates are formatted in the agent's time zone so the
 * pre-rendered HTML and the hydrated island always agree.
 */
import { truncate } from '../text.ts';
import type { Playlist, Video } from './model.ts';

/** SPEC §9: the home card takes the latest 2 and shows the first; the default count is 4. */
export const DEFAULT_LATEST_COUNT = 4;
export const HOME_LATEST_COUNT = 2;
/** SPEC §9: videos per playlist before 'Show More'. */
export const VIDEOS_BEFORE_SHOW_MORE = 6;
/** SPEC §9: playlist descriptions are cut at 200 characters. */
export const PLAYLIST_DESCRIPTION_LIMIT = 200;

const timeZone = 'America/New_York';
const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone });
const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone });

function toDate(iso: string): Date | undefined {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** en-US long format (SPEC §2), e.g. "March 14, 2026"; empty for a missing or bad date. */
export function formatLongDate(iso: string): string {
  const d = toDate(iso);
  return d ? longDate.format(d) : '';
}

/** Short month, day, year (SPEC §2 explorer), e.g. "Mar 14, 2026". */
export function formatShortDate(iso: string): string {
  const d = toDate(iso);
  return d ? shortDate.format(d) : '';
}

/**
 * A playlist as the video page shows it: without its videos' descriptions, which the page does
 * not show, and with its own cut at the limit, so neither is carried in the page's island props
 * (a channel's descriptions run to a few KB a video; related videos read them at build time).
 */
export function shownOnVideoPage(playlists: readonly Playlist[]): Playlist[] {
  return playlists.map((playlist) => ({
    ...playlist,
    description: truncate(playlist.description, PLAYLIST_DESCRIPTION_LIMIT),
    videos: playlist.videos.map((video) => ({ ...video, description: '' })),
  }));
}

/** What the home page's latest-video card can show of a description: three lines (line-clamp-3), with room to spare. */
export const VIDEO_DESCRIPTION_SHOWN = 300;

/**
 * Playlists as GET /api/videos answers them: each cut as the pages show it, the playlist's
 * description at the limit and each video's to what the home page's card can show. The home page
 * asks on most visits, and a channel's descriptions run to a few KB a video: 900 videos answered
 * 4.7 MB.
 */
export function shownOnRefresh(playlists: readonly Playlist[]): Playlist[] {
  return playlists.map((playlist) => ({
    ...playlist,
    description: truncate(playlist.description, PLAYLIST_DESCRIPTION_LIMIT),
    videos: playlist.videos.map((video) => ({
      ...video,
      description: truncate(video.description, VIDEO_DESCRIPTION_SHOWN),
    })),
  }));
}

function publishedTime(video: Video): number {
  return toDate(video.publishedAt)?.getTime() ?? 0;
}

/** SPEC §4: all playlist videos, newest first, limited to `count`. A video in two playlists counts once. */
export function getLatestVideos(playlists: readonly Playlist[], count = DEFAULT_LATEST_COUNT): Video[] {
  const seen = new Set<string>();
  const all: Video[] = [];
  for (const video of playlists.flatMap((p) => p.videos)) {
    if (seen.has(video.videoId)) continue;
    seen.add(video.videoId);
    all.push(video);
  }
  return all.sort((a, b) => publishedTime(b) - publishedTime(a)).slice(0, count);
}

/** Titles that make a video the relocation page's video: "Moving to {town}…", "Relocating to the Triangle…". */
const RELOCATION_TITLE = /\b(moving to|relocat\w*)\b/i;

/** The newest video whose title is about moving to the area, if the channel has one. */
export function findRelocationVideo(playlists: readonly Playlist[]): Video | undefined {
  return getLatestVideos(playlists, Number.POSITIVE_INFINITY).find((v) => RELOCATION_TITLE.test(v.title));
}
