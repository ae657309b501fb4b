/** Reviews (SPEC §5, §8, §9): transformation, fallback, the script wait and the details call. */
import { describe, expect, it, vi } from 'vitest';
import {
  buildFallbackReviews,
  detailsError,
  fallbackView,
  filledStars,
  GENERAL_ERROR,
  DETAILS_TIMEOUT_MS,
  detailsFromPlace,
  getPlaceDetails,
  MAPS_LOAD_ERROR,
  mapsScriptUrl,
  ReviewsError,
  reviewsErrorMessage,
  transformReviews,
  viewFromPlace,
  waitForPlaces,
  type DetailsCallback,
  type NewPlace,
  type PlaceDetails,
  type PlacesNamespace,
  type Review,
} from '#src/lib/reviews.ts';
import { readFileSync } from 'node:fs';
import { testimonialFileSchema } from '#src/lib/testimonial.ts';
import { initial } from '#src/lib/text.ts';

const NOW = new Date('2026-06-01T12:00:00Z');
const nowSeconds = NOW.getTime() / 1000;
const WEEK = 7 * 86_400;

const review = (r: Partial<Review>): Partial<Review> => ({
  author_name: 'Pat',
  rating: 5,
  relative_time_description: 'a month ago',
  text: 'Great agent.',
  time: 1_700_000_000,
  ...r,
});
const testimonials = [
  { author_name: 'One', text: 'First testimonial text' },
  { author_name: 'Two', text: 'Second testimonial text' },
  { author_name: 'Three', text: 'Third testimonial text' },
  { author_name: 'Four', text: 'Fourth testimonial text' },
  { author_name: 'Five', text: 'Fifth testimonial text' },
];

describe('transformReviews (SPEC §5)', () => {
  it('keeps rating 5 only, newest first, at most 4', () => {
    const input = [
      review({ author_name: 'A', time: 100 }),
      review({ author_name: 'B', time: 500, rating: 4 }),
      review({ author_name: 'C', time: 300 }),
      review({ author_name: 'D', time: 400 }),
      review({ author_name: 'E', time: 200 }),
      review({ author_name: 'F', time: 600 }),
      review({ author_name: 'G', time: 700, rating: 1 }),
    ];
    expect(transformReviews(input).map((r) => r.author_name)).toEqual(['F', 'D', 'C', 'E']);
  });

  it("fills 'Anonymous', rating 5 and 'Recently' for missing fields", () => {
    const [r] = transformReviews([{ text: 'No name here', time: 1 }]);
    expect(r).toEqual({
      author_name: 'Anonymous',
      author_url: undefined,
      profile_photo_url: undefined,
      rating: 5,
      relative_time_description: 'Recently',
      text: 'No name here',
      time: 1,
    });
  });

  it('cuts text over 200 characters at 200 and adds an ellipsis; 200 exactly stays whole', () => {
    const long = 'x'.repeat(250);
    const exact = 'y'.repeat(200);
    const [a, b] = transformReviews([review({ text: long, time: 2 }), review({ text: exact, time: 1 })]);
    expect(a!.text).toBe(`${'x'.repeat(200)}...`);
    expect(b!.text).toBe(exact);
    // An emoji at the cut stays whole: half of one is shown as "\uFFFD".
    const [c] = transformReviews([review({ text: `${'z'.repeat(199)}😀 Great agent!` })]);
    expect(c!.text).toBe(`${'z'.repeat(199)}😀...`);
  });

  it('returns nothing for no reviews', () => {
    expect(transformReviews(undefined)).toEqual([]);
    expect(transformReviews([review({ rating: 3 })])).toEqual([]);
  });
});

describe('fallback reviews (SPEC §9)', () => {
  it('are the first 4 testimonials, 5 stars, timed 1 to 4 weeks ago', () => {
    const reviews = buildFallbackReviews(testimonials, NOW);
    expect(reviews.map((r) => r.author_name)).toEqual(['One', 'Two', 'Three', 'Four']);
    expect(reviews.map((r) => nowSeconds - r.time)).toEqual([WEEK, 2 * WEEK, 3 * WEEK, 4 * WEEK]);
    expect(reviews.map((r) => r.relative_time_description)).toEqual([
      '1 week ago',
      '2 weeks ago',
      '3 weeks ago',
      '4 weeks ago',
    ]);
    expect(reviews.every((r) => r.rating === 5)).toBe(true);
  });

  it('show count 34 and rating 5, with the error message when there was one', () => {
    expect(fallbackView(testimonials, NOW)).toMatchObject({ source: 'fallback', total: 34, rating: 5 });
    expect(fallbackView(testimonials, NOW).error).toBeUndefined();
    expect(fallbackView(testimonials, NOW, 'Places getDetails failed: DENIED').error).toBe(
      'Places getDetails failed: DENIED',
    );
  });

  it("come from the agent's testimonials in content/reviews, valid for the collection's schema", () => {
    const file = new URL('../../content/reviews/testimonials.json', import.meta.url);
    const own = testimonialFileSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).testimonials;
    expect(own.length).toBeGreaterThanOrEqual(4);
    expect(buildFallbackReviews(own, NOW)).toHaveLength(4);
  });
});

describe('viewFromPlace (SPEC §4)', () => {
  it("shows Google's rating, count and reviews", () => {
    const place: PlaceDetails = { name: 'Agent', rating: 4.8, user_ratings_total: 77, reviews: [review({})] };
    expect(viewFromPlace(place, testimonials, NOW)).toMatchObject({ source: 'google', rating: 4.8, total: 77 });
  });

  it('falls back when no 5-star review is left', () => {
    const place: PlaceDetails = { rating: 4.1, user_ratings_total: 9, reviews: [review({ rating: 4 })] };
    expect(viewFromPlace(place, testimonials, NOW)).toMatchObject({ source: 'fallback', total: 34, rating: 5 });
    expect(viewFromPlace({}, testimonials, NOW).source).toBe('fallback');
  });
});

describe('header stars', () => {
  it('fill up to the floor of the average', () => {
    expect([5, 4.99, 4.5, 4, 3.2, 0, 7].map(filledStars)).toEqual([5, 4, 4, 4, 3, 0, 5]);
  });
});

describe('the Maps JavaScript API flow (SPEC §7.1, §8)', () => {
  it('builds the script URL with the key and the places library', () => {
    const url = new URL(mapsScriptUrl('https://maps.googleapis.com/maps/api/js', 'browser key'));
    expect(url.origin + url.pathname).toBe('https://maps.googleapis.com/maps/api/js');
    expect(url.searchParams.get('key')).toBe('browser key');
    expect(url.searchParams.get('libraries')).toBe('places');
  });

  it('polls every 100 ms and fails after 100 tries with the maps-interface message', async () => {
    const sleeps: number[] = [];
    let probes = 0;
    const error = await waitForPlaces(
      () => {
        probes++;
        return undefined;
      },
      { sleep: async (ms) => void sleeps.push(ms) },
    ).catch((e: unknown) => e);
    expect(probes).toBe(100);
    expect(sleeps).toHaveLength(100);
    expect(new Set(sleeps)).toEqual(new Set([100]));
    expect(error).toBeInstanceOf(ReviewsError);
    expect((error as Error).message).toBe(MAPS_LOAD_ERROR);
    expect(MAPS_LOAD_ERROR.toLowerCase()).toContain('maps interface failed to load');
  });

  it('resolves as soon as the places namespace appears', async () => {
    let probes = 0;
    const places = { PlacesService: class {} } as unknown as PlacesNamespace;
    const found = await waitForPlaces(() => (++probes === 3 ? places : undefined), { sleep: async () => {} });
    expect(found).toBe(places);
    expect(probes).toBe(3);
  });

  function fakePlaces(status: string, place: PlaceDetails | null, seen: unknown[] = []): PlacesNamespace {
    return {
      PlacesServiceStatus: { OK: 'OK' },
      PlacesService: class {
        getDetails(request: unknown, callback: DetailsCallback) {
          seen.push(request);
          setTimeout(() => callback(place, status), 0);
        }
      },
    };
  }
  const div = {} as HTMLElement;

  it('asks getDetails for the place id and the four fields', async () => {
    const seen: unknown[] = [];
    const place = await getPlaceDetails(fakePlaces('OK', { name: 'X' }, seen), 'ChIJplace', div);
    expect(place).toEqual({ name: 'X' });
    expect(seen).toEqual([{ placeId: 'ChIJplace', fields: ['name', 'rating', 'user_ratings_total', 'reviews'] }]);
  });

  it("fails with 'Places getDetails failed: {status}' on a status other than OK", async () => {
    await expect(getPlaceDetails(fakePlaces('REQUEST_DENIED', null), 'p', div)).rejects.toThrow(
      'Places getDetails failed: REQUEST_DENIED',
    );
    expect(detailsError('NOT_FOUND')).toBe('Places getDetails failed: NOT_FOUND');
  });

  /** Asks `places` on fake timers: still waiting 1 ms before 10 s, the general error at 10 s. */
  async function expectGivenUpAfter10s(places: PlacesNamespace) {
    vi.useFakeTimers();
    try {
      const result = getPlaceDetails(places, 'p', div).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(DETAILS_TIMEOUT_MS - 1);
      let settled = false;
      void result.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const error = await result;
      expect(error).toBeInstanceOf(ReviewsError);
      expect(reviewsErrorMessage(error)).toBe(GENERAL_ERROR);
    } finally {
      vi.useRealTimers();
    }
  }

  it("fails with 'Failed to load reviews' when getDetails never calls back within 10 s", async () => {
    const silent = {
      PlacesService: class {
        getDetails() {}
      },
    } as unknown as PlacesNamespace;
    await expectGivenUpAfter10s(silent);
    expect(DETAILS_TIMEOUT_MS).toBe(10_000);
  });

  /** A Maps script with the Place class answering `fields` (or rejecting with Google's error `code`). */
  function newPlaces(answer: { fields?: Partial<NewPlace>; code?: string; never?: boolean }, seen: unknown[] = []) {
    return class Place {
      id: string;
      constructor(options: { id: string }) {
        this.id = options.id;
      }
      fetchFields(request: { fields: string[] }): Promise<unknown> {
        seen.push({ id: this.id, ...request });
        if (answer.never) return new Promise(() => {});
        if (answer.code)
          return Promise.reject(Object.assign(new Error(`PLACES_GET_PLACE: ${answer.code}`), { code: answer.code }));
        Object.assign(this, answer.fields);
        return Promise.resolve({ place: this });
      }
    } as unknown as NonNullable<PlacesNamespace['Place']>;
  }

  it('asks the Place class (Places API (New)) first, for the same four fields, and reads its answer as SPEC §3 has it', async () => {
    const seen: unknown[] = [];
    const legacy: unknown[] = [];
    const published = new Date('2026-10-01T12:00:00Z');
    const place = await getPlaceDetails(
      {
        Place: newPlaces(
          {
            fields: {
              displayName: 'Jordan Avery Real Estate',
              rating: 4.9,
              userRatingCount: 120,
              reviews: [
                {
                  authorAttribution: { displayName: 'Ann', uri: 'https://maps.google.com/contrib/1', photoURI: null },
                  rating: 5,
                  relativePublishTimeDescription: 'a month ago',
                  text: 'Great.',
                  publishTime: published,
                },
                {
                  authorAttribution: null,
                  rating: null,
                  relativePublishTimeDescription: null,
                  text: null,
                  publishTime: null,
                },
              ],
            },
          },
          seen,
        ),
        ...fakePlaces('OK', { name: 'legacy' }, legacy),
      },
      'ChIJplace',
      div,
    );
    expect(seen).toEqual([{ id: 'ChIJplace', fields: ['displayName', 'rating', 'userRatingCount', 'reviews'] }]);
    expect(legacy).toEqual([]);
    expect(place).toEqual({
      name: 'Jordan Avery Real Estate',
      rating: 4.9,
      user_ratings_total: 120,
      reviews: [
        {
          author_name: 'Ann',
          author_url: 'https://maps.google.com/contrib/1',
          rating: 5,
          relative_time_description: 'a month ago',
          text: 'Great.',
          time: published.getTime() / 1000,
        },
        {},
      ],
    });
    // The empty review takes SPEC §5's defaults like any other.
    expect(transformReviews(place.reviews)[1]).toMatchObject({
      author_name: 'Anonymous',
      rating: 5,
      relative_time_description: 'Recently',
    });
    expect(detailsFromPlace({ fetchFields: async () => ({}) })).toEqual({ reviews: [] });
  });

  it("falls back to getDetails when the Place class is refused (a project with the legacy API only); says Google's code when there is no getDetails", async () => {
    const legacy: unknown[] = [];
    const both = { Place: newPlaces({ code: 'PERMISSION_DENIED' }), ...fakePlaces('OK', { name: 'legacy' }, legacy) };
    expect(await getPlaceDetails(both, 'p', div)).toEqual({ name: 'legacy' });
    expect(legacy).toHaveLength(1);
    const refusedBoth = { Place: newPlaces({ code: 'PERMISSION_DENIED' }), ...fakePlaces('REQUEST_DENIED', null) };
    await expect(getPlaceDetails(refusedBoth, 'p', div)).rejects.toThrow('Places getDetails failed: REQUEST_DENIED');
    await expect(getPlaceDetails({ Place: newPlaces({ code: 'PERMISSION_DENIED' }) }, 'p', div)).rejects.toThrow(
      'Places getDetails failed: PERMISSION_DENIED',
    );
    // An error without Google's code is the general one.
    const odd = class {
      fetchFields() {
        return Promise.reject(new TypeError('boom'));
      }
    } as unknown as NonNullable<PlacesNamespace['Place']>;
    const error = await getPlaceDetails({ Place: odd }, 'p', div).catch((e: unknown) => e);
    expect(reviewsErrorMessage(error)).toBe(GENERAL_ERROR);
  });

  it("gives the Place class 10 s too, then says 'Failed to load reviews' without asking getDetails as well", async () => {
    await expectGivenUpAfter10s({ Place: newPlaces({ never: true }) });
    const legacy: unknown[] = [];
    await expectGivenUpAfter10s({ Place: newPlaces({ never: true }), ...fakePlaces('OK', { name: 'legacy' }, legacy) });
    expect(legacy).toEqual([]);
  });

  it('takes a script with the Place class only as the places API having loaded', async () => {
    const places = { Place: newPlaces({}) };
    expect(await waitForPlaces(() => places, { sleep: async () => {} })).toBe(places);
  });

  it("shows SPEC's own messages and 'Failed to load reviews' for anything else", () => {
    expect(reviewsErrorMessage(new ReviewsError(detailsError('ZERO_RESULTS')))).toBe(
      'Places getDetails failed: ZERO_RESULTS',
    );
    expect(reviewsErrorMessage(new TypeError('boom'))).toBe(GENERAL_ERROR);
    expect(GENERAL_ERROR).toBe('Failed to load reviews');
  });
});

describe("a reviewer's initial (the avatar without a photo)", () => {
  it('is the first character as a reader sees it, in capitals only where it stays one', () => {
    expect(initial('  pat ')).toBe('P');
    expect(initial('émile')).toBe('É');
    // Half of a character outside the BMP was shown as U+FFFD.
    expect(initial('𠮷田')).toBe('𠮷');
    expect(initial('😀 Sam')).toBe('😀');
    expect(initial('👨‍👩‍👧 The Greens')).toBe('👨‍👩‍👧');
    expect(initial('ßtefan')).toBe('ß');
    expect(initial('   ')).toBe('');
  });
});
