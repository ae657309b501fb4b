/**
 * Google reviews (SPEC §3, §5, §7.1, §8, §9): the transformation of place details into the
 * cards shown, the built-in fallback reviews, and the wait-then-ask flow against the Maps
 * JavaScript API. Pure TypeScript; the browser pieces (script, places namespace, timers) are
 * passed in so every rule is unit-tested without a browser.
 */
import type { Testimonial } from './testimonial.ts';
import { truncate } from './text.ts';
import { withinTime } from './within-time.ts';

/** SPEC §3 Review. */
export interface Review {
  author_name: string;
  author_url?: string | undefined;
  profile_photo_url?: string | undefined;
  rating: number;
  relative_time_description: string;
  text: string;
  /** Epoch seconds. */
  time: number;
}

/** SPEC §3 Place details, as much of it as Google sends (any field may be missing). */
export interface PlaceDetails {
  name?: string;
  rating?: number;
  user_ratings_total?: number;
  reviews?: Partial<Review>[];
}

/** What the reviews section shows. */
export interface ReviewsView {
  source: 'google' | 'fallback';
  rating: number;
  total: number;
  reviews: Review[];
  /** Why Google's reviews are not shown (SPEC §8); absent when nothing went wrong. */
  error?: string | undefined;
}

export const MAX_REVIEWS = 4;
export const TEXT_LIMIT = 200;
export const FALLBACK_TOTAL = 34;
export const FALLBACK_RATING = 5;
export const POLL_INTERVAL_MS = 100;
export const POLL_MAX_TRIES = 100;
/** How long getDetails may take, in ms: Google never calling back would leave the skeleton for good. */
export const DETAILS_TIMEOUT_MS = 10_000;
export const PLACE_FIELDS = ['name', 'rating', 'user_ratings_total', 'reviews'] as const;
export const DEFAULT_MAPS_SCRIPT_URL = 'https://maps.googleapis.com/maps/api/js';

export const MAPS_LOAD_ERROR = 'Google Maps interface failed to load';
export const GENERAL_ERROR = 'Failed to load reviews';
export const detailsError = (status: string) => `Places getDetails failed: ${status}`;

/** An error whose message is one of SPEC §8's and is shown as it is. */
export class ReviewsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReviewsError';
  }
}

/** The message shown for any failure: SPEC's own messages, else 'Failed to load reviews'. */
export function reviewsErrorMessage(error: unknown): string {
  return error instanceof ReviewsError ? error.message : GENERAL_ERROR;
}

/** SPEC §5: defaults for missing fields, 5-star only, newest first, at most 4, long text cut. */
export function transformReviews(reviews: readonly Partial<Review>[] | undefined): Review[] {
  return (reviews ?? [])
    .map((r): Review => ({
      author_name: r.author_name?.trim() || 'Anonymous',
      author_url: r.author_url || undefined,
      profile_photo_url: r.profile_photo_url || undefined,
      rating: typeof r.rating === 'number' ? r.rating : 5,
      relative_time_description: r.relative_time_description?.trim() || 'Recently',
      text: truncate(r.text ?? '', TEXT_LIMIT),
      time: typeof r.time === 'number' ? r.time : 0,
    }))
    .filter((r) => r.rating === 5)
    .sort((a, b) => b.time - a.time)
    .slice(0, MAX_REVIEWS);
}

const WEEK_SECONDS = 7 * 24 * 60 * 60;

/** SPEC §9: the built-in reviews, timed 1 to 4 weeks before `now`, newest first. */
export function buildFallbackReviews(testimonials: readonly Testimonial[], now: Date): Review[] {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  return testimonials.slice(0, MAX_REVIEWS).map((t, i) => {
    const weeks = i + 1;
    return {
      author_name: t.author_name,
      rating: 5,
      relative_time_description: weeks === 1 ? '1 week ago' : `${weeks} weeks ago`,
      text: truncate(t.text, TEXT_LIMIT),
      time: nowSeconds - weeks * WEEK_SECONDS,
    };
  });
}

export function fallbackView(testimonials: readonly Testimonial[], now: Date, error?: string): ReviewsView {
  return {
    source: 'fallback',
    rating: FALLBACK_RATING,
    total: FALLBACK_TOTAL,
    reviews: buildFallbackReviews(testimonials, now),
    ...(error ? { error } : {}),
  };
}

/** SPEC §4: Google's reviews when there are any left after the rules, else the fallback. */
export function viewFromPlace(place: PlaceDetails, testimonials: readonly Testimonial[], now: Date): ReviewsView {
  const reviews = transformReviews(place.reviews);
  if (reviews.length === 0) return fallbackView(testimonials, now);
  return {
    source: 'google',
    rating: place.rating ?? FALLBACK_RATING,
    total: place.user_ratings_total ?? reviews.length,
    reviews,
  };
}

/** Header stars are filled up to the floor of the average rating (SPEC §2). */
export function filledStars(rating: number): number {
  return Math.max(0, Math.min(5, Math.floor(rating)));
}

// ---------------------------------------------------------------------------------------
// The Maps JavaScript API, reduced to the part this site calls
// ---------------------------------------------------------------------------------------

export type DetailsCallback = (place: PlaceDetails | null, status: string) => void;

/** A review as the Place class (Places API (New)) gives it; any field may be null. */
export interface PlaceReview {
  authorAttribution?: { displayName?: string | null; uri?: string | null; photoURI?: string | null } | null;
  rating?: number | null;
  relativePublishTimeDescription?: string | null;
  text?: string | null;
  publishTime?: Date | null;
}

/** A place of the Place class once `fetchFields` has filled the fields asked for. */
export interface NewPlace {
  displayName?: string | null;
  rating?: number | null;
  userRatingCount?: number | null;
  reviews?: PlaceReview[] | null;
  /** Rejects with Google's MapsRequestError (or another MapsNetworkError), whose `code` names the failure. */
  fetchFields(request: { fields: string[] }): Promise<unknown>;
}

/**
 * google.maps.places, as much as this site calls: the Place class (Places API (New), the only one a
 * Google Cloud project made since March 2025 can use) and the legacy PlacesService (projects that
 * had it before).
 */
export interface PlacesNamespace {
  Place?: new (options: { id: string }) => NewPlace;
  PlacesService?: new (attributionContainer: HTMLElement) => {
    getDetails(request: { placeId: string; fields: string[] }, callback: DetailsCallback): void;
  };
  PlacesServiceStatus?: { OK: string };
}

/** SPEC §7.1's four fields, as the Place class names them. */
export const NEW_PLACE_FIELDS = ['displayName', 'rating', 'userRatingCount', 'reviews'] as const;

/** Drops the fields Google left empty (null or undefined): what is missing gets SPEC's defaults. */
function present<T extends object>(fields: T): Partial<{ [K in keyof T]: NonNullable<T[K]> }> {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== null && value !== undefined),
  ) as Partial<{
    [K in keyof T]: NonNullable<T[K]>;
  }>;
}

/** A place of the Place class as SPEC §3's place details, so one set of rules (§5) applies to both APIs. */
export function detailsFromPlace(place: NewPlace): PlaceDetails {
  return {
    ...present({ name: place.displayName, rating: place.rating, user_ratings_total: place.userRatingCount }),
    reviews: (place.reviews ?? []).map((review) =>
      present({
        author_name: review.authorAttribution?.displayName,
        author_url: review.authorAttribution?.uri,
        profile_photo_url: review.authorAttribution?.photoURI,
        rating: review.rating,
        relative_time_description: review.relativePublishTimeDescription,
        text: review.text,
        time: review.publishTime instanceof Date ? Math.floor(review.publishTime.getTime() / 1000) : undefined,
      }),
    ),
  };
}

export function mapsScriptUrl(base: string, key: string): string {
  const url = new URL(base);
  url.searchParams.set('key', key);
  url.searchParams.set('libraries', 'places');
  url.searchParams.set('loading', 'async');
  return url.href;
}

export interface WaitOptions {
  intervalMs?: number;
  maxTries?: number;
  sleep?: (ms: number) => Promise<void>;
}

/** SPEC §7.1: polls every 100 ms, at most 100 times, for the places namespace. */
export async function waitForPlaces(
  probe: () => PlacesNamespace | undefined,
  { intervalMs = POLL_INTERVAL_MS, maxTries = POLL_MAX_TRIES, sleep = defaultSleep }: WaitOptions = {},
): Promise<PlacesNamespace> {
  for (let attempt = 1; attempt <= maxTries; attempt++) {
    const places = probe();
    if (places?.Place || places?.PlacesService) return places;
    await sleep(intervalMs);
  }
  throw new ReviewsError(MAPS_LOAD_ERROR);
}

/**
 * The four fields of SPEC §7.1 for one place: from the Place class when the script has it, else
 * (or when it fails: a project that has only the legacy API enabled) from one getDetails call. A
 * failure names Google's status ('Places getDetails failed: {status}'); no answer within
 * `timeoutMs` is the general error. Either way the fallback reviews return.
 */
export async function getPlaceDetails(
  places: PlacesNamespace,
  placeId: string,
  attributionContainer: HTMLElement,
  timeoutMs = DETAILS_TIMEOUT_MS,
): Promise<PlaceDetails> {
  if (places.Place) {
    try {
      return await fetchPlace(places.Place, placeId, timeoutMs);
    } catch (error) {
      // No answer in time: Google is not answering, and asking its other API would double the wait.
      const late = error instanceof ReviewsError && error.message === GENERAL_ERROR;
      if (!places.PlacesService || late) throw error;
    }
  }
  return getDetails(places, placeId, attributionContainer, timeoutMs);
}

/** No answer from Google in time is the general error. */
const late = () => new ReviewsError(GENERAL_ERROR);

async function fetchPlace(Place: NonNullable<PlacesNamespace['Place']>, placeId: string, timeoutMs: number) {
  const place = new Place({ id: placeId });
  try {
    await withinTime(place.fetchFields({ fields: [...NEW_PLACE_FIELDS] }), timeoutMs, late);
  } catch (error) {
    if (error instanceof ReviewsError) throw error;
    const code = (error as { code?: unknown } | null)?.code;
    throw typeof code === 'string' && code ? new ReviewsError(detailsError(code)) : error;
  }
  return detailsFromPlace(place);
}

function getDetails(
  places: PlacesNamespace,
  placeId: string,
  attributionContainer: HTMLElement,
  timeoutMs: number,
): Promise<PlaceDetails> {
  const ok = places.PlacesServiceStatus?.OK ?? 'OK';
  const PlacesService = places.PlacesService;
  if (!PlacesService) return Promise.reject(new ReviewsError(MAPS_LOAD_ERROR));
  const answer = new Promise<PlaceDetails>((resolve, reject) => {
    const service = new PlacesService(attributionContainer);
    service.getDetails({ placeId, fields: [...PLACE_FIELDS] }, (place, status) => {
      if (status !== ok || !place) reject(new ReviewsError(detailsError(status)));
      else resolve(place);
    });
  });
  return withinTime(answer, timeoutMs, late);
}

function defaultSleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
