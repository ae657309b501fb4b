/**
 * The built-in video of the latest-video card when no video has loaded (SPEC §4): a guide to
 * the best areas to live in the Triangle. It links to the agent's channel, not to one video.
 */
import thumbnail from '#src/assets/videos/best-areas-placeholder.jpg';
import { site } from '#src/site.config.ts';

export const placeholderVideo = {
  title: 'Best Areas to Live in the Raleigh-Durham Triangle',
  description:
    'From walkable North Hills and historic Oakwood to family-friendly Cary, Apex and Wake Forest, a tour of the towns and neighborhoods buyers ask about most, with what homes cost in each.',
  url: site.links.youtubeChannel,
  thumbnail,
  thumbnailAlt: 'Title card: Best Areas to Live in the Triangle',
};
