/** A built page's address and its file (src/lib/page-files.ts). */
import { describe, expect, it } from 'vitest';
import { fileOfPagePath, pagePathOfFile } from '#src/lib/page-files.ts';

describe('a page file', () => {
  it('has the clean address the site serves', () => {
    expect(pagePathOfFile('index.html')).toBe('/');
    expect(pagePathOfFile('about.html')).toBe('/about');
    expect(pagePathOfFile('city/cary.html')).toBe('/city/cary');
    expect(pagePathOfFile('blog/index.html')).toBe('/blog');
    expect(pagePathOfFile('blog/reindex.html')).toBe('/blog/reindex');
  });

  it('is found again from that address', () => {
    for (const file of ['index.html', 'about.html', 'city/cary.html', 'blog/apex-nc.html', 'blog/reindex.html']) {
      expect(fileOfPagePath(pagePathOfFile(file))).toBe(file);
    }
  });
});
