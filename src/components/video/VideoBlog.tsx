/**
 * The video page's island. The page is pre-rendered complete from the snapshot; hydration adds
 * Refresh Content (live playlists from /api/videos), the Show More label and the player dialog.
 */
import { useRef, useState } from 'react';
import type { ThumbnailAttributes } from '#src/data/videos.ts';
import type { Playlist, Video } from '#src/lib/video/model.ts';
import { fetchPlaylists } from '#src/lib/video/feed.ts';
import PlaylistSection from './PlaylistSection.tsx';
import VideoDialog from './VideoDialog.tsx';
import { withErrorBoundary } from '#src/components/ui/ErrorBoundary.tsx';

interface Props {
  initialPlaylists: Playlist[];
  thumbnails: Record<string, ThumbnailAttributes>;
  agentFirstName: string;
  platform: string;
  endpoint?: string;
}

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

function VideoBlog({ initialPlaylists, thumbnails, agentFirstName, platform, endpoint = '/api/videos' }: Props) {
  const [playlists, setPlaylists] = useState(initialPlaylists);
  const [status, setStatus] = useState<Status>({ state: 'ready' });
  const [playing, setPlaying] = useState<Video | null>(null);
  const trigger = useRef<HTMLElement | null>(null);
  const refreshButton = useRef<HTMLButtonElement>(null);
  const loading = status.state === 'loading';

  async function refresh() {
    if (loading) return;
    // Try Again disappears while loading: the focus moves to Refresh Content, which stays.
    if (document.activeElement !== refreshButton.current) refreshButton.current?.focus();
    setStatus({ state: 'loading' });
    try {
      setPlaylists(await fetchPlaylists(endpoint));
      setStatus({ state: 'ready' });
    } catch (error) {
      // SPEC §4: on error the playlists become empty and the message is shown.
      setPlaylists([]);
      setStatus({ state: 'error', message: (error as Error).message });
    }
  }

  function play(video: Video, from: HTMLElement) {
    trigger.current = from;
    setPlaying(video);
  }

  function closePlayer() {
    setPlaying(null);
    trigger.current?.focus();
  }

  return (
    <div>
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
        <p role="status" className="flex items-center justify-center gap-3 py-24 text-lg text-ink-soft">
          <Spinner spinning />
          Loading videos...
        </p>
      ) : playlists.length === 0 ? (
        <div className="py-20 text-center">
          {status.state === 'error' && (
            <p role="alert" className="mx-auto mb-8 max-w-xl rounded-md bg-brand-50 px-4 py-3 text-brand-800">
              {status.message}
            </p>
          )}
          <h2 className="font-display text-2xl font-bold text-ink">No videos available</h2>
          <p className="mt-3 text-ink-soft">{`${agentFirstName}'s latest real estate videos will appear here soon.`}</p>
          <button type="button" onClick={() => void refresh()} className="btn-primary mt-6">
            Try Again
          </button>
        </div>
      ) : (
        <div>
          {playlists.map((playlist, i) => (
            <PlaylistSection
              key={playlist.id}
              playlist={playlist}
              thumbnails={thumbnails}
              eager={i === 0}
              onPlay={play}
            />
          ))}
        </div>
      )}

      <VideoDialog video={playing} platform={platform} onClose={closePlayer} />
    </div>
  );
}

export default withErrorBoundary(VideoBlog);
