/**
 * A video or playlist picture in a React island: the local optimised copy when the build has
 * one, else YouTube's thumbnail (lazy), else a plain panel of the same 16:9 size.
 */
import type { ThumbnailAttributes } from '#src/data/videos.ts';

interface Props {
  local: ThumbnailAttributes | undefined;
  remote: string;
  sizes: string;
  eager?: boolean;
  className?: string;
}

export default function VideoThumbnail({ local, remote, sizes, eager = false, className = '' }: Props) {
  const classes = `aspect-video w-full bg-ink-soft object-cover ${className}`;
  if (local) {
    return (
      <img
        src={local.src}
        srcSet={local.srcSet}
        sizes={sizes}
        width={local.width}
        height={local.height}
        alt=""
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className={classes}
      />
    );
  }
  if (remote) {
    return <img src={remote} width={480} height={270} alt="" loading="lazy" decoding="async" className={classes} />;
  }
  return <div className={classes} aria-hidden="true" />;
}
