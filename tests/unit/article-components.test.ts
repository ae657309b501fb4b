/**
 * The components an article's text may use stop the build on a prop left out or of the wrong
 * kind, saying which component needs what, not "Cannot read properties of undefined".
 */
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import AreaList from '#src/components/blog/mdx/AreaList.astro';
import ProsCons from '#src/components/blog/mdx/ProsCons.astro';

describe("an article's components", () => {
  it('render the lists they are given', async () => {
    const container = await AstroContainer.create();
    const html = await container.renderToString(ProsCons, { props: { pros: ['Good schools'], cons: ['Traffic'] } });
    expect(html).toContain('Good schools');
    expect(html).toContain('Traffic');
    const areas = await container.renderToString(AreaList, { props: { areas: [{ name: 'Five Points' }] } });
    expect(areas).toContain('Five Points');
  });

  it('name the component, the prop and how to write it when a prop is missing or wrong', async () => {
    const container = await AstroContainer.create();
    await expect(container.renderToString(ProsCons, { props: { pros: ['Good schools'] } })).rejects.toThrow(
      /<ProsCons> in an article's text:\n.*\n.*at cons\n {2}Write it as <ProsCons pros=\{\["A pro", "Another"\]\} cons=\{\["A con"\]\} \/>/,
    );
    await expect(container.renderToString(AreaList, { props: { areas: 'Five Points' } })).rejects.toThrow(
      /<AreaList> in an article's text:[\s\S]*at areas[\s\S]*Write it as <AreaList areas=/,
    );
  });
});
