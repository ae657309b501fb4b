import { describe, expect, it } from 'vitest';
import { impossibleDays, pictureMistakes, strayDocuments, writtenData } from '../../src/lib/content-files.ts';

describe('content files the loaders would pass over', () => {
  it('names a document saved with an extension its collection does not read, and leaves pictures alone', () => {
    expect(strayDocuments('articles', ['a.mdx', 'images', 'b.md', '.DS_Store', 'c.MDX', 'd.docx'], ['mdx'])).toBe(
      'content/articles/b.md, content/articles/c.MDX, content/articles/d.docx: content/articles reads .mdx files only; rename them to end in .mdx',
    );
    expect(strayDocuments('cities', ['cary.yaml', 'apex.yml', 'cary.jpg', 'notes.json'], ['yaml', 'yml'])).toBe(
      'content/cities/notes.json: content/cities reads .yaml and .yml files only; rename it to end in .yaml',
    );
    expect(strayDocuments('cities', ['cary.yaml', 'cary.jpg', 'Thumbs.db'], ['yaml', 'yml'])).toBeUndefined();
  });

  it('names each picture a file names that is not there or cannot be processed, with its field', () => {
    const there = new Set(['./home/front.jpg', './home/kitchen.HEIC', './cover.webp']);
    const data = {
      title: 'A home at ./not-a-picture',
      image: { src: './cover.webp', alt: 'Cover' },
      Photos: [
        { src: './home/front.jpg', alt: 'Front' },
        { src: './home/back.jpg', alt: 'Back' },
        { src: './home/kitchen.HEIC', alt: 'Kitchen' },
      ],
      href: '/city/cary.jpg',
    };
    expect(pictureMistakes(data, 'content/listings/x.yaml', (path) => there.has(path))).toEqual([
      "content/listings/x.yaml: Photos.1.src: ./home/back.jpg is not there; check the folder and the file's name",
      'content/listings/x.yaml: Photos.2.src: ./home/kitchen.HEIC: a .heic picture cannot be processed; save it as JPEG (.jpg), PNG or WebP',
    ]);
    expect(pictureMistakes(data, 'x.yaml', () => true)).toHaveLength(1);
  });

  it('names a day that is not on the calendar, as the file writes it (JavaScript would roll it over)', () => {
    const article = '---\ntitle: A\ndatePublished: 2026-02-30\ndateModified: 2028-02-29\n---\n\nText on 2026-02-31.\n';
    expect(writtenData(article, 'a.mdx')).toEqual({
      title: 'A',
      datePublished: '2026-02-30',
      dateModified: '2028-02-29',
    });
    expect(impossibleDays(writtenData(article, 'a.mdx'), 'content/articles/a.mdx')).toEqual([
      'content/articles/a.mdx: datePublished: 2026-02-30 is not a day of the calendar',
    ]);
    const home =
      "OnMarketDate: 2027-02-29\nOpenHouse:\n  - OpenHouseStartTime: '2026-13-01T13:00'\n  - OpenHouseStartTime: '2026-12-31T13:00'\n";
    expect(impossibleDays(writtenData(home, 'h.yaml'), 'h.yaml')).toEqual([
      'h.yaml: OnMarketDate: 2027-02-29 is not a day of the calendar',
      'h.yaml: OpenHouse.0.OpenHouseStartTime: 2026-13-01 is not a day of the calendar',
    ]);
    // Saved by Windows Notepad: a byte-order mark and CRLF line ends.
    expect(
      impossibleDays(writtenData(`\uFEFF${article.replaceAll('\n', '\r\n')}`, 'a.mdx'), 'content/articles/a.mdx'),
    ).toEqual(['content/articles/a.mdx: datePublished: 2026-02-30 is not a day of the calendar']);
    expect(writtenData('\uFEFFOnMarketDate: 2027-02-28\n', 'h.yaml')).toEqual({ OnMarketDate: '2027-02-28' });
    expect(writtenData('no front matter', 'a.mdx')).toBeUndefined();
    expect(writtenData('a: [unclosed', 'h.yaml')).toBeUndefined();
  });
});
