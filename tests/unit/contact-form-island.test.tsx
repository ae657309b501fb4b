// @vitest-environment jsdom
/**
 * The contact island hydrates on the visitor's first interaction, so it hydrates while they type.
 * Nothing typed into the server-rendered form before or during hydration is lost.
 */
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import ContactFormIsland from '#src/components/contact/ContactFormIsland.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// Browsers reflect the autofocus attribute as a property, which React compares on hydration; jsdom has none.
Object.defineProperty(HTMLElement.prototype, 'autofocus', {
  configurable: true,
  get(this: HTMLElement) {
    return this.hasAttribute('autofocus');
  },
});

type Typed = Record<string, string>;

function type(typed: Typed) {
  for (const [id, value] of Object.entries(typed)) {
    const field = document.getElementById(id) as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
    field.value = value;
  }
}

/**
 * Renders nothing; while React renders it on the client (after the island has rendered, before
 * React commits the hydrated form) the visitor types, as on a slow phone where hydration takes a while.
 */
let hydrating = false;
function TypingDuringHydration({ typed }: { typed: Typed }) {
  if (hydrating) {
    hydrating = false;
    type(typed);
  }
  return null;
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

function hydrate({ before = {}, during = {} }: { before?: Typed; during?: Typed }) {
  const tree = (
    <>
      <ContactFormIsland agentName="Agent" action="/contact" endpoint="/api/contact" />
      <TypingDuringHydration typed={during} />
    </>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(tree);
  document.body.append(container);
  type(before);
  hydrating = true;
  act(() => {
    root = hydrateRoot(container, tree);
  });
}

const value = (id: string) => (document.getElementById(id) as HTMLInputElement).value;

describe('the contact island hydrating while the visitor types', () => {
  it('keeps what was typed before it hydrated', () => {
    hydrate({ before: { 'contact-firstName': 'Ada', 'contact-message': 'A showing, please.' } });
    expect(value('contact-firstName')).toBe('Ada');
    expect(value('contact-message')).toBe('A showing, please.');
  });

  it('keeps what was typed into its fields while it hydrated', () => {
    const typed = {
      'contact-firstName': 'Ada',
      'contact-lastName': 'Lovelace',
      'contact-email': 'ada@example.com',
      'contact-phone': '919-555-0142',
      'contact-helpType': 'I want to sell my home',
      'contact-message': 'During',
    };
    hydrate({ during: typed });
    for (const [id, text] of Object.entries(typed)) expect(value(id), id).toBe(text);
  });
});
