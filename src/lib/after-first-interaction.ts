/**
 * Runs `fn` once the visitor first scrolls, taps, clicks, types or moves the focus, so that
 * third-party embeds and heavy islands never load during the first view of a page.
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

/** Calls `fn` once `el` comes within `margin` of the viewport, but never before the first interaction. */
export function whenNearAfterInteraction(el: Element, fn: () => void, margin = '300px 0px'): void {
  afterFirstInteraction(() => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        fn();
      },
      { rootMargin: margin },
    );
    observer.observe(el);
  });
}
