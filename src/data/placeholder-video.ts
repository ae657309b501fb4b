/**
 * The built-in video of the latest-video card when no video has loaded (SPEC §4): a guide to
 * the best areas to live in the Triangle. It links to the agent's channel, not to one video.
 */
import thumbnail from '#src/assets/videos/best-areas-placeholder.jpg';
import { site } from '#src/site.config.ts';

export const placeholderVideo = {
  ...site.placeholderVideo,
  url: site.links.youtubeChannel,
  thumbnail,
  thumbnailAlt: 'Title card: Best Areas to Live in the Triangle',
};
