/**
 * The video page's island. The page pre-renders the snapshot's playlists once, as the island's
 * children (static markup, not props), so the page carries each video once and hydration does
 * not render them again. Hydration adds Refresh Content (live playlists from /api/videos, which
 * this island then renders itself, with the build's local thumbnails from /videos/thumbnails.json)
 * and the player dialog, opened by a click on any video card (`data-video-id`), pre-rendered or not.
 */
import { useRef, useState, type MouseEvent, type ReactNode } from 'react';
import type { ThumbnailAttributes } from '#src/data/videos.ts';
import type { Playlist } from '#src/lib/video/model.ts';
import { fetchPlaylists } from '#src/lib/video/fetch-playlists.ts';
import Playlists from './Playlists.tsx';
import VideoDialog, { type DialogVideo } from './VideoDialog.tsx';
import { withErrorBoundary } from '#src/components/ui/ErrorBoundary.tsx';

interface Props {
  /** The pre-rendered playlists (<Playlists> from the snapshot). */
  children?: ReactNode;
  /** False when the snapshot has no playlist: the page starts with the empty state. */
  hasPlaylists: boolean;
  agentFirstName: string;
  platform: string;
  endpoint?: string;
  thumbnailsEndpoint?: string;
}

/** Refreshed playlists, and the local pictures of those the build has (else YouTube's). */
type Live = { playlists: Playlist[]; thumbnails: Record<string, ThumbnailAttributes> };

type Status = { state: 'ready' } | { state: 'loading' } | { state: 'error'; message: string };

function Spinner({ spinning }: { spinning: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={`size-5 ${spinning ? 'animate-spin motion-reduce:animate-none' : ''}`}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <path d="M20 12a8 8 0 1 1-2.34-5.66M20 4v4h-4" />
    </svg>
  );
}

/** The build's local thumbnails; without them a refreshed list shows YouTube's own pictures. */
async function fetchThumbnails(endpoint: string): Promise<Record<string, ThumbnailAttributes>> {
  try {
    const res = await fetch(endpoint, { headers: { Accept: 'application/json' } });
    return res.ok ? ((await res.json()) as Record<string, ThumbnailAttributes>) : {};
  } catch {
    return {};
  }
}

function VideoBlog({
  children,
  hasPlaylists,
  agentFirstName,
  platform,
  endpoint = '/api/videos',
  thumbnailsEndpoint = '/videos/thumbnails.json',
}: Props) {
  const [live, setLive] = useState<Live | null>(null);
  const [status, setStatus] = useState<Status>({ state: 'ready' });
  const [playing, setPlaying] = useState<DialogVideo | null>(null);
  const trigger = useRef<HTMLElement | null>(null);
  const refreshButton = useRef<HTMLButtonElement>(null);
  const loading = status.state === 'loading';

  async function refresh() {
    if (loading) return;
    // Try Again disappears while loading: the focus moves to Refresh Content, which stays.
    if (document.activeElement !== refreshButton.current) refreshButton.current?.focus();
    setStatus({ state: 'loading' });
    const thumbnails = fetchThumbnails(thumbnailsEndpoint);
    try {
      const playlists = await fetchPlaylists(endpoint);
      setLive({ playlists, thumbnails: await thumbnails });
      setStatus({ state: 'ready' });
    } catch (error) {
      // SPEC §4: on error the playlists become empty and the message is shown.
      setLive({ playlists: [], thumbnails: {} });
      setStatus({ state: 'error', message: (error as Error).message });
    }
  }

  /** A plain click on a video card opens the player; modified clicks keep their meaning (new tab). */
  function play(e: MouseEvent<HTMLDivElement>) {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const card = (e.target as Element).closest<HTMLAnchorElement>('a[data-video-id]');
    if (!card) return;
    e.preventDefault();
    trigger.current = card;
    setPlaying({ videoId: card.dataset['videoId']!, title: card.querySelector('h3')?.textContent ?? '' });
  }

  function closePlayer() {
    setPlaying(null);
    trigger.current?.focus();
  }

  const empty = live ? live.playlists.length === 0 : !hasPlaylists;
  // What the status line says: the loading, its end or its error. Set in a line that is in the page
  // from the first render (server HTML included), as screen readers often miss a text that arrives
  // inside a new status element ("Loading videos..." was one, and the end of the load was never said).
  const announcement = loading
    ? 'Loading videos...'
    : status.state === 'error'
      ? status.message
      : live
        ? live.playlists.length > 0
          ? 'Videos updated'
          : 'No videos available'
        : '';

  return (
    // Clicks on the video cards' links, which the keyboard reaches and activates as links.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- see above
    <div onClick={play}>
      {/* Visually hidden: the loading line and the error show in their places below. */}
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <div className="flex justify-end">
        {/* aria-disabled, not disabled: a disabled button drops the keyboard focus to the page. */}
        <button
          ref={refreshButton}
          type="button"
          onClick={() => void refresh()}
          aria-disabled={loading}
          // Without JavaScript it could do nothing, so it is not shown.
          className="btn-secondary aria-disabled:cursor-wait aria-disabled:opacity-60 [@media(scripting:none)]:hidden"
        >
          <Spinner spinning={loading} />
          Refresh Content
        </button>
      </div>

      {loading ? (
        <p className="flex items-center justify-center gap-3 py-24 text-lg text-ink-soft">
          <Spinner spinning />
          Loading videos...
        </p>
      ) : empty ? (
        <div className="py-20 text-center">
          {/* Said by the status line above: an alert of its own would say it twice. */}
          {status.state === 'error' && (
            <p className="mx-auto mb-8 max-w-xl rounded-md bg-brand-50 px-4 py-3 text-brand-800">{status.message}</p>
          )}
          <h2 className="font-display text-2xl font-bold text-ink">No videos available</h2>
          <p className="mt-3 text-ink-soft">{`${agentFirstName}'s latest real estate videos will appear here soon.`}</p>
          <button type="button" onClick={() => void refresh()} className="btn-primary mt-6">
            Try Again
          </button>
        </div>
      ) : live ? (
        <Playlists playlists={live.playlists} thumbnails={live.thumbnails} />
      ) : (
        children
      )}

      <VideoDialog video={playing} platform={platform} onClose={closePlayer} />
    </div>
  );
}

export default withErrorBoundary(VideoBlog);
