/**
 * Runs `fn` once the visitor first scrolls, taps, clicks, types or moves the focus, so that
 * third-party embeds and heavy islands never load during the first view of a page. Used by the
 * `client:interaction` directive and by the one page script of src/components/ui/WhenNear.astro.
 */
export function afterFirstInteraction(fn: () => void): void {
  const events = ['scroll', 'pointerdown', 'keydown', 'touchstart', 'wheel', 'focusin', 'input'] as const;
  const run = (event: Event) => {
    // The page moving the focus itself (the form's answer line has autofocus) is not the visitor.
    if (event.type === 'focusin' && event.target instanceof Element && event.target.hasAttribute('autofocus')) return;
    for (const e of events) window.removeEventListener(e, run);
    fn();
  };
  for (const e of events) window.addEventListener(e, run, { passive: true });
}
