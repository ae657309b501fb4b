/**
 * Live Google reviews (SPEC §2 reviews, §5, §7.1, §8). Hydrated when the section nears the
 * viewport; only then does it ask the server for the Maps configuration and, when a key is
 * configured, load the Maps JavaScript API. Any failure, or no 5-star review left, shows the
 * agent's own testimonials instead. Google's terms forbid storing review text, hence live.
 */
import { useEffect, useRef, useState } from 'react';
import {
  fallbackView,
  filledStars,
  getPlaceDetails,
  mapsScriptUrl,
  MAPS_LOAD_ERROR,
  MAX_REVIEWS,
  ReviewsError,
  reviewsErrorMessage,
  viewFromPlace,
  waitForPlaces,
  type PlacesNamespace,
  type Review,
  type ReviewsView,
} from '#src/lib/reviews.ts';
import type { Testimonial } from '#src/lib/testimonial.ts';
import { initial } from '#src/lib/text.ts';
import { withErrorBoundary } from '#src/components/ui/ErrorBoundary.tsx';

interface ReviewsConfig {
  mapsKey: string | null;
  placeId: string | null;
  scriptUrl: string;
}

interface Props {
  agentName: string;
  brokerage: string;
  reviewSearchUrl: string;
  testimonials: Testimonial[];
  /**
   * The built-in reviews, pre-rendered so the section reads without JavaScript; they stay when
   * no Maps key is configured, else the skeleton replaces them while Google answers.
   */
  initialView: ReviewsView;
  configUrl?: string;
}

declare global {
  interface Window {
    google?: { maps?: { places?: PlacesNamespace } };
  }
}

/** Adds the Maps script once; rejects when the browser reports it could not be loaded. */
function loadScript(src: string): Promise<never> {
  return new Promise((_, reject) => {
    if (document.querySelector(`script[src="${CSS.escape(src)}"]`)) return;
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('error', () => reject(new ReviewsError(MAPS_LOAD_ERROR)));
    document.head.append(script);
  });
}

async function loadView(
  configUrl: string,
  testimonials: Testimonial[],
  onLoading: () => void,
): Promise<ReviewsView | undefined> {
  const now = new Date();
  try {
    const res = await fetch(configUrl, { headers: { Accept: 'application/json' } });
    if (!res.ok) throw new Error(`${res.status} ${res.statusText}`);
    const config = (await res.json()) as ReviewsConfig;
    // No key: the pre-rendered built-in reviews stay and nothing is loaded from Google.
    if (!config.mapsKey || !config.placeId) return undefined;
    onLoading();
    const places = await Promise.race([
      loadScript(mapsScriptUrl(config.scriptUrl, config.mapsKey)),
      waitForPlaces(() => window.google?.maps?.places),
    ]);
    const place = await getPlaceDetails(places, config.placeId, document.createElement('div'));
    return viewFromPlace(place, testimonials, now);
  } catch (error) {
    const message = reviewsErrorMessage(error);
    console.error(`Reviews: ${message}`, error);
    return fallbackView(testimonials, now, message);
  }
}

function Stars({ filled, label, size = 'size-5' }: { filled: number; label: string; size?: string }) {
  return (
    <span role="img" aria-label={label} className="inline-flex gap-0.5">
      {Array.from({ length: 5 }, (_, i) => (
        <svg
          key={i}
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={`${size} ${i < filled ? 'text-amber-500' : 'text-slate-300'}`}
          fill="currentColor"
        >
          <path d="M10 1.5l2.6 5.3 5.9.9-4.2 4.1 1 5.8L10 14.9l-5.3 2.7 1-5.8L1.5 7.7l5.9-.9z" />
        </svg>
      ))}
    </span>
  );
}

function ReviewCard({ review }: { review: Review }) {
  const letter = initial(review.author_name) || '?';
  // A photo that does not load (a blocker, Google's host down) gives way to the initial, not a broken image.
  const [photoFailed, setPhotoFailed] = useState(false);
  return (
    <li className="flex min-h-72 min-w-0 flex-col rounded-lg bg-white p-6 shadow-sm wrap-anywhere">
      <div className="flex items-center gap-3">
        {review.profile_photo_url && !photoFailed ? (
          <img
            src={review.profile_photo_url}
            alt=""
            width={44}
            height={44}
            loading="lazy"
            referrerPolicy="no-referrer"
            className="size-11 rounded-full object-cover"
            onError={() => setPhotoFailed(true)}
          />
        ) : (
          <span
            aria-hidden="true"
            className="print-exact flex size-11 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
          >
            {letter}
          </span>
        )}
        <div>
          <p className="font-semibold text-ink">
            {review.author_url ? (
              <a href={review.author_url} target="_blank" rel="noopener noreferrer" className="hover:underline">
                {review.author_name}
              </a>
            ) : (
              review.author_name
            )}
          </p>
          <p className="text-sm text-ink-soft">{review.relative_time_description}</p>
        </div>
      </div>
      <div className="mt-3">
        <Stars filled={filledStars(review.rating)} label={`Rated ${review.rating} out of 5`} size="size-4" />
      </div>
      <p className="mt-3 text-ink-soft">{review.text}</p>
    </li>
  );
}

/** The average rating and the number of reviews; `hidden` keeps its space without showing it. */
function RatingLine({ view, hidden }: { view: ReviewsView; hidden: boolean }) {
  return (
    <p
      className="flex items-center gap-2 text-ink-soft"
      {...(hidden ? { 'aria-hidden': true, style: { visibility: 'hidden' } } : {})}
    >
      <Stars filled={filledStars(view.rating)} label={`Average rating ${view.rating} out of 5`} />
      <span>
        {view.rating.toFixed(1)} from {view.total} reviews
      </span>
    </p>
  );
}

/** The 4-card skeleton, hidden from screen readers: the status line says "Loading reviews". */
function Skeleton() {
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4" aria-hidden="true">
      {Array.from({ length: MAX_REVIEWS }, (_, i) => (
        <li
          key={i}
          data-skeleton
          className="min-h-72 animate-pulse rounded-lg bg-white p-6 shadow-sm motion-reduce:animate-none"
        >
          <div className="flex items-center gap-3">
            <div className="size-11 rounded-full bg-slate-200" />
            <div className="h-4 w-28 rounded bg-slate-200" />
          </div>
          <div className="mt-5 h-4 w-24 rounded bg-slate-200" />
          <div className="mt-5 space-y-2">
            <div className="h-3 rounded bg-slate-200" />
            <div className="h-3 rounded bg-slate-200" />
            <div className="h-3 w-2/3 rounded bg-slate-200" />
          </div>
        </li>
      ))}
    </ul>
  );
}

function ReviewsIsland({
  agentName,
  brokerage,
  reviewSearchUrl,
  testimonials,
  initialView,
  configUrl = '/api/reviews-config',
}: Props) {
  // null while Google is being asked: the skeleton shows.
  const [view, setView] = useState<ReviewsView | null>(initialView);
  /**
   * The height of the built-in reviews when Google is asked, kept by the skeleton and by Google's
   * reviews when they are shorter: what follows the section does not move.
   */
  const reviewsBox = useRef<HTMLDivElement>(null);
  const [reserved, setReserved] = useState<number>();

  useEffect(() => {
    let current = true;
    const loading = () => {
      if (!current) return;
      setReserved(reviewsBox.current?.offsetHeight);
      setView(null);
    };
    void loadView(configUrl, testimonials, loading).then((v) => {
      if (current && v) setView(v);
    });
    return () => {
      current = false;
    };
  }, [configUrl, testimonials]);

  return (
    <div>
      <div className="flex min-h-20 flex-col items-center gap-2 text-center">
        <p className="text-lg font-semibold text-ink">
          {agentName}, {brokerage}
        </p>
        {/* While Google is asked, the line keeps its place, unseen (a shorter header moved the page). */}
        <RatingLine view={view ?? initialView} hidden={!view} />
      </div>
      <div ref={reviewsBox} className="pt-8" style={reserved ? { minHeight: reserved } : undefined}>
        {view ? (
          <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {view.reviews.map((review, i) => (
              <ReviewCard key={`${review.time}-${i}`} review={review} />
            ))}
          </ul>
        ) : (
          <Skeleton />
        )}
      </div>
      {/* The row under the reviews, there from the first render and empty until there is news, so
          that what it shows moves nothing (above the reviews, an error line moved them and all below). */}
      <div
        className="flex flex-col items-center justify-center text-center text-sm text-ink-soft"
        style={{ minHeight: '3rem' }}
      >
        {/* The status line, in the page from the first render (server HTML included), as screen
            readers often miss a text that arrives inside a new status element. An error shows in it;
            the loading and its end are for screen readers only (the skeleton and the cards show them). */}
        <div role="status">
          {view?.error ? (
            <p>{view.error}</p>
          ) : (
            <span className="sr-only">{!view ? 'Loading reviews' : view !== initialView ? 'Reviews loaded' : ''}</span>
          )}
        </div>
        {/* Google's attribution for Places content shown without a Google map: its logo where
            possible, else the text 'Google Maps', which is what ships (no logo file here). */}
        {view?.source === 'google' && (
          <p>
            Reviews from{' '}
            <span translate="no" className="font-medium">
              Google Maps
            </span>
          </p>
        )}
      </div>
      <div className="flex flex-col items-center gap-3">
        <a href={reviewSearchUrl} target="_blank" rel="noopener noreferrer" className="btn-primary">
          READ MORE REVIEWS
          <span className="sr-only"> (opens in a new window)</span>
        </a>
      </div>
    </div>
  );
}

export default withErrorBoundary(ReviewsIsland);
