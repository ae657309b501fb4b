/** The footer's copyright year: New York's, not the machine's (a server keeps UTC, five hours ahead). */
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Footer from '#src/components/layout/Footer.astro';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe('footer', () => {
  it("is the year in New York on New Year's Eve evening, when it is already next year in UTC", async () => {
    const eve = '2026-12-31T20:00:00-05:00';
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(eve));
    vi.stubEnv('BUILD_TIME', eve);
    const container = await AstroContainer.create();
    const html = await container.renderToString(Footer);
    expect(html).toContain('© 2026 ');
    expect(html).not.toContain('© 2027');
  });
});
