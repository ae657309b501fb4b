/**
 * What a visitor typed into a server-rendered form before its island hydrated. Islands hydrate
 * late on purpose (on the first interaction, or when visible), so the first keystrokes land in
 * the plain HTML fields; React's state still holds the server's values and its next render
 * would put those back. An island takes the edits over on mount, when hydration is done: inputs
 * and selects keep their typed value through it. One with a text area also calls this as it first
 * renders (a state initializer), before hydration replaces a text area's typed text with the
 * rendered one, and again on mount for what was typed while it rendered.
 * On the server (no document) nothing was typed.
 */
type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function isField(el: Element | null): el is Field {
  return el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement;
}

/** The value of each field (by element id) that differs from the value it was rendered with. */
export function typedBeforeHydration<K extends string>(elementIds: Record<K, string>): Partial<Record<K, string>> {
  const typed: Partial<Record<K, string>> = {};
  if (typeof document === 'undefined') return typed;
  for (const key of Object.keys(elementIds) as K[]) {
    const el = document.getElementById(elementIds[key]);
    if (!isField(el)) continue;
    const rendered =
      el instanceof HTMLSelectElement
        ? ([...el.options].find((o) => o.defaultSelected) ?? el.options[0])?.value
        : el.defaultValue;
    if (rendered !== undefined && el.value !== rendered) typed[key] = el.value;
  }
  return typed;
}
