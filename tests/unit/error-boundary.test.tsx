// @vitest-environment jsdom
/** SPEC §8: a render error in an island shows 'Something went wrong' and the message, and logs it. */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withErrorBoundary } from '#src/components/ui/ErrorBoundary.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Broken({ fail }: { fail: boolean }) {
  if (fail) throw new Error('The playlists could not be read');
  return <p>All good</p>;
}
const Island = withErrorBoundary(Broken);

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

async function render(fail: boolean) {
  const el = document.createElement('div');
  document.body.append(el);
  await act(async () => createRoot(el).render(<Island fail={fail} />));
  return el;
}

describe('island error boundary', () => {
  it('shows the island when it renders', async () => {
    const el = await render(false);
    expect(el.textContent).toBe('All good');
  });

  it("shows 'Something went wrong' followed by the message, as an alert, and logs it", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const el = await render(true);
    const alert = el.querySelector('[role="alert"]');
    expect(alert?.textContent).toBe('Something went wrongThe playlists could not be read');
    expect(alert?.querySelector('p')?.textContent).toBe('Something went wrong');
    expect(logged.mock.calls.some((c) => c[0] === 'Something went wrong')).toBe(true);
  });

  it('keeps the name of the island for React tools', () => {
    expect(Island.displayName).toBe('WithErrorBoundary(Broken)');
  });
});
