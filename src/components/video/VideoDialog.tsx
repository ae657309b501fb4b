/**
 * The video player dialog of the video page: a native modal <dialog> (focus trap, Escape and
 * the top layer come from the browser). The YouTube iframe exists only while the dialog is
 * open, so no player loads until a visitor picks a video, and closing it stops playback.
 */
import { useEffect, useRef } from 'react';
import type { Video } from '#src/lib/video/model.ts';
import { embedUrl, watchUrl } from '#src/lib/video/urls.ts';

/** What the dialog shows of a video. */
export type DialogVideo = Pick<Video, 'videoId' | 'title'>;

interface Props {
  video: DialogVideo | null;
  platform: string;
  onClose: () => void;
}

export default function VideoDialog({ video, platform, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (video && !dialog.open) dialog.showModal();
    if (!video && dialog.open) dialog.close();
  }, [video]);

  return (
    // The backdrop click below closes the dialog; Escape (native to <dialog>) is the keyboard way.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- see above
    <dialog
      ref={ref}
      aria-labelledby="video-dialog-title"
      onClose={onClose}
      // A click on the backdrop lands on the dialog element itself; keyboard users close it with
      // Escape, which <dialog> handles natively.
      onClick={(e) => {
        if (e.target === e.currentTarget) e.currentTarget.close();
      }}
      className="m-auto w-[min(56rem,calc(100vw-2rem))] rounded-lg bg-white p-0 text-ink shadow-2xl backdrop:bg-ink/80"
    >
      {video && (
        <div className="p-4 sm:p-6">
          <div className="flex items-start justify-between gap-4">
            <h2 id="video-dialog-title" className="font-display text-xl font-bold sm:text-2xl">
              {video.title}
            </h2>
            <button
              type="button"
              onClick={() => ref.current?.close()}
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-md text-ink hover:bg-sand"
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor">
                <path strokeWidth="2" strokeLinecap="round" d="M6 6l12 12M18 6L6 18" />
              </svg>
              <span className="sr-only">Close</span>
            </button>
          </div>
          <div className="mt-4 aspect-video w-full overflow-hidden rounded-md bg-ink">
            <iframe
              src={embedUrl(video.videoId)}
              title={`${video.title} (${platform} video player)`}
              allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
              referrerPolicy="strict-origin-when-cross-origin"
              allowFullScreen
              className="h-full w-full border-0"
            />
          </div>
          <p className="mt-4">
            <a
              href={watchUrl(video.videoId)}
              target="_blank"
              rel="noopener noreferrer"
              className="link underline-offset-2"
            >
              Watch on {platform}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </p>
        </div>
      )}
    </dialog>
  );
}
