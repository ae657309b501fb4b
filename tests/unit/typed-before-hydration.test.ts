// @vitest-environment jsdom
/** Islands take over what was typed into their server-rendered fields before they hydrated. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { typedBeforeHydration } from '#src/lib/typed-before-hydration.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('typedBeforeHydration', () => {
  it('returns only the fields whose value differs from the rendered one', () => {
    document.body.innerHTML = `
      <input id="first" value="">
      <input id="price" value="300000">
      <textarea id="message">Hello</textarea>
      <select id="term"><option value="15">15</option><option value="30" selected>30</option></select>
      <select id="town"><option value="raleigh">Raleigh</option><option value="cary">Cary</option></select>`;
    expect(
      typedBeforeHydration({ first: 'first', price: 'price', message: 'message', term: 'term', town: 'town' }),
    ).toEqual({});

    (document.getElementById('first') as HTMLInputElement).value = 'Mary';
    (document.getElementById('message') as HTMLTextAreaElement).value = 'Hello there';
    (document.getElementById('term') as HTMLSelectElement).value = '15';
    (document.getElementById('town') as HTMLSelectElement).value = 'cary';
    expect(
      typedBeforeHydration({ first: 'first', price: 'price', message: 'message', term: 'term', town: 'town' }),
    ).toEqual({ first: 'Mary', message: 'Hello there', term: '15', town: 'cary' });
  });

  it('finds nothing typed where there is no document (the island rendered on the server)', () => {
    document.body.innerHTML = '<input id="first" value="">';
    vi.stubGlobal('document', undefined);
    expect(typedBeforeHydration({ first: 'first' })).toEqual({});
  });

  it('skips ids that are missing or not form fields', () => {
    document.body.innerHTML = '<p id="note">text</p>';
    expect(typedBeforeHydration({ a: 'missing', b: 'note' })).toEqual({});
  });
});
