/**
 * Every YouTube address the site links to or embeds, built in this one place. The pages never
 * load anything from these hosts in their first view: links open YouTube, and the players and
 * thumbnails behind a facade load on the visitor's click.
 */

const encode = encodeURIComponent;

/** A video's page on YouTube, within its playlist when one is given. */
export function watchUrl(videoId: string, playlistId?: string): string {
  return `https://www.youtube.com/watch?v=${encode(videoId)}${playlistId ? `&list=${encode(playlistId)}` : ''}`;
}

/** The public YouTube page of a playlist: the link under every player and the no-JS fallback. */
export function playlistUrl(playlistId: string): string {
  return `https://www.youtube.com/playlist?list=${encode(playlistId)}`;
}

/** The privacy-enhanced player of a video (what a page's structured data names as its player). */
export function playerUrl(videoId: string): string {
  return `https://www.youtube-nocookie.com/embed/${encode(videoId)}`;
}

/** The player as the site opens it: started by the click that created it. */
export function embedUrl(videoId: string): string {
  return `${playerUrl(videoId)}?autoplay=1&rel=0`;
}

/** YouTube's own 480x360 thumbnail of a video, for a video without a local copy. */
export function remoteThumbnailUrl(videoId: string): string {
  return `https://i.ytimg.com/vi/${encode(videoId)}/hqdefault.jpg`;
}
