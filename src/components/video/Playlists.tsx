/**
 * The playlists of the video page, each with its card (thumbnail, title, video count,
 * description cut at 200 characters) and its videos, 6 at first. The rest sit in a native
 * <details>, so 'Show More' and its label work before (or without) JavaScript. Plain markup with
 * no handler of its own: the page pre-renders it once, outside the island's props, and the
 * island (VideoBlog) renders it again only for refreshed playlists; a click on a video card
 * (`data-video-id`) is caught by the island around it.
 */
import type { ThumbnailAttributes } from '#src/data/videos.ts';
import type { Playlist, Video } from '#src/lib/video/model.ts';
import { truncate } from '#src/lib/text.ts';
import { formatLongDate, PLAYLIST_DESCRIPTION_LIMIT, VIDEOS_BEFORE_SHOW_MORE } from '#src/lib/video/rules.ts';
import { watchUrl } from '#src/lib/video/urls.ts';
import VideoThumbnail from './VideoThumbnail.tsx';

interface Props {
  playlist: Playlist;
  thumbnails: Record<string, ThumbnailAttributes>;
  eager: boolean;
}

const gridSizes = '(min-width: 1024px) 22rem, (min-width: 640px) 45vw, 92vw';

function VideoCard({ video, thumbnails, eager }: Omit<Props, 'playlist'> & { video: Video }) {
  return (
    <li>
      <a
        href={watchUrl(video.videoId)}
        data-video-id={video.videoId}
        aria-haspopup="dialog"
        className="group flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md"
      >
        <div className="relative">
          <VideoThumbnail
            local={thumbnails[video.videoId]}
            remote={video.thumbnailUrl}
            sizes={gridSizes}
            eager={eager}
          />
          <span className="absolute inset-0 flex items-center justify-center" aria-hidden="true">
            <span className="flex size-14 items-center justify-center rounded-full bg-brand-700/90 text-white shadow-lg transition-transform motion-safe:group-hover:scale-110">
              <svg viewBox="0 0 24 24" className="ml-1 size-7" fill="currentColor">
                <path d="M8 5v14l11-7z" />
              </svg>
            </span>
          </span>
        </div>
        <div className="flex flex-1 flex-col gap-3 p-4">
          <h3 className="font-semibold text-ink group-hover:text-brand-700">{video.title}</h3>
          <span className="mt-auto flex flex-wrap items-center justify-between gap-2 text-sm text-ink-soft">
            <time dateTime={video.publishedAt}>{formatLongDate(video.publishedAt)}</time>
            <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">
              Real Estate
            </span>
          </span>
        </div>
      </a>
    </li>
  );
}

function PlaylistSection({ playlist, thumbnails, eager }: Props) {
  const first = playlist.videos.slice(0, VIDEOS_BEFORE_SHOW_MORE);
  const rest = playlist.videos.slice(VIDEOS_BEFORE_SHOW_MORE);
  const count = playlist.videos.length;
  const headingId = `playlist-${playlist.id}`;
  const grid = 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3';

  return (
    <section aria-labelledby={headingId} className="border-t border-slate-200 py-12 first:border-t-0">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <VideoThumbnail
          local={thumbnails[playlist.id]}
          remote={playlist.thumbnailUrl}
          sizes="(min-width: 640px) 16rem, 92vw"
          eager={eager}
          className="rounded-lg sm:w-64 sm:shrink-0"
        />
        <div>
          <h2 id={headingId} className="font-display text-2xl font-bold text-ink sm:text-3xl">
            {playlist.title}
          </h2>
          <p className="mt-1 text-sm font-semibold text-brand-700">{count === 1 ? '1 video' : `${count} videos`}</p>
          {playlist.description && (
            <p className="mt-3 max-w-3xl text-ink-soft">{truncate(playlist.description, PLAYLIST_DESCRIPTION_LIMIT)}</p>
          )}
        </div>
      </div>
      <ul className={`mt-8 ${grid}`}>
        {first.map((video) => (
          <VideoCard key={video.id} video={video} thumbnails={thumbnails} eager={eager} />
        ))}
      </ul>
      {rest.length > 0 && (
        // The toggle comes after the list it opens (order-last), and both labels are in the
        // HTML with CSS showing the one for the current state, so it reads right without JavaScript.
        <details open={playlist.isOpen} className="group mt-6 flex flex-col">
          <summary className="btn-secondary order-last mx-auto mt-6 w-fit cursor-pointer list-none [&::-webkit-details-marker]:hidden">
            <span className="group-open:hidden">{`Show More (${rest.length} more videos)`}</span>
            <span className="hidden group-open:inline">Show Less</span>
          </summary>
          <ul className={grid}>
            {rest.map((video) => (
              <VideoCard key={video.id} video={video} thumbnails={thumbnails} eager={false} />
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

/** Every playlist of the page; the first one's pictures load at once (it is in the first view). */
export default function Playlists({
  playlists,
  thumbnails,
}: {
  playlists: readonly Playlist[];
  thumbnails: Record<string, ThumbnailAttributes>;
}) {
  return (
    <div>
      {playlists.map((playlist, i) => (
        <PlaylistSection key={playlist.id} playlist={playlist} thumbnails={thumbnails} eager={i === 0} />
      ))}
    </div>
  );
}
