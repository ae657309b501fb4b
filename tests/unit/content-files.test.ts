import { describe, expect, it } from 'vitest';
import { pictureMistakes, strayDocuments } from '../../src/lib/content-files.ts';

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
});
