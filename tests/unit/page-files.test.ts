/** A built page's address and its file (src/lib/page-files.ts). */
import { describe, expect, it } from 'vitest';
import { addressClash, fileOfPagePath, pagePathOfFile } from '#src/lib/page-files.ts';

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

describe('a content page of one segment (content/landing/, content/legal/)', () => {
  const fixed = [['about', 'src/pages/about'] as const, ['contact', 'src/pages/contact'] as const];

  it('takes an address no other page has', () => {
    const files = [
      { address: 'relocation', file: 'content/landing/relocation.yaml' },
      { address: 'cookies', file: 'content/legal/cookies.mdx' },
    ];
    expect(addressClash(files, fixed)).toBeUndefined();
  });

  it("stops the build naming both when it would take another page's", () => {
    expect(addressClash([{ address: 'about', file: 'content/legal/about.mdx' }], fixed)).toBe(
      'content/legal/about.mdx: /about is already the address of src/pages/about; rename the file',
    );
    const twice = [
      { address: 'terms', file: 'content/landing/terms.yaml' },
      { address: 'terms', file: 'content/legal/terms.mdx' },
    ];
    expect(addressClash(twice, fixed)).toBe(
      'content/legal/terms.mdx: /terms is already the address of content/landing/terms.yaml; rename the file',
    );
  });
});
