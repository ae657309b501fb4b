/**
 * What a keyboard visitor sees of the focus: for each visible link of the header, the call
 * banner and the footer, focus it (the browser scrolls it into view the way Tab does, after
 * the page was scrolled so that the link sat under the sticky header), then report where it
 * landed and the colours of its focus ring and of what lies behind the ring.
 */
import type { Page } from '@playwright/test';

export interface FocusReport {
  label: string;
  visible: boolean;
  top: number;
  bottom: number;
  headerBottom: number;
  viewportHeight: number;
  outlineStyle: string;
  outlineWidth: number;
  ring: string;
  background: string;
}

const regions = 'header a, header button, header summary, aside[aria-label="Call or text"] a, footer a';

export async function reportFocus(page: Page, selector = regions): Promise<FocusReport[]> {
  // Keyboard modality, so programmatic focus shows the :focus-visible ring as Tab would.
  await page.keyboard.press('Shift');
  return page.evaluate((selector) => {
    const header = document.querySelector('header');
    // Any CSS colour (Tailwind writes oklab and color-mix) as rgb, laid over white.
    const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    const toRgb = (css: string): string => {
      canvas.fillStyle = '#fff';
      canvas.fillRect(0, 0, 1, 1);
      canvas.fillStyle = css;
      canvas.fillRect(0, 0, 1, 1);
      const [r, g, b] = canvas.getImageData(0, 0, 1, 1).data;
      return `rgb(${r}, ${g}, ${b})`;
    };
    const backgroundOf = (el: Element): string => {
      for (let node = el.parentElement; node; node = node.parentElement) {
        const bg = getComputedStyle(node).backgroundColor;
        if (bg !== 'rgba(0, 0, 0, 0)' && bg !== 'transparent') return toRgb(bg);
      }
      return 'rgb(255, 255, 255)';
    };
    const out = [];
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      if (!header?.contains(el)) window.scrollTo(0, box.top + window.scrollY - 10);
      el.focus();
      // Buttons fade their outline colour in: read the ring as it ends up.
      for (const animation of el.getAnimations()) animation.finish();
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      out.push({
        label: `${el.textContent?.trim().slice(0, 40)} (${el.getAttribute('href') ?? el.tagName})`,
        visible: el.matches(':focus-visible'),
        top: rect.top,
        bottom: rect.bottom,
        headerBottom: header?.contains(el) ? 0 : (header?.getBoundingClientRect().bottom ?? 0),
        viewportHeight: window.innerHeight,
        outlineStyle: style.outlineStyle,
        outlineWidth: parseFloat(style.outlineWidth),
        ring: toRgb(style.outlineColor),
        background: backgroundOf(el),
      });
      el.blur();
    }
    return out;
  }, selector);
}

/** Parses `rgb(r, g, b)`. */
function parseColor(css: string): [number, number, number] {
  const [r = 0, g = 0, b = 0] = (css.match(/[\d.]+/g) ?? []).map(Number);
  return [r, g, b];
}

function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio of two CSS colours. */
export function contrast(a: string, b: string): number {
  const [l1, l2] = [luminance(parseColor(a)), luminance(parseColor(b))].sort((x, y) => y - x) as [number, number];
  return (l1 + 0.05) / (l2 + 0.05);
}

/** The problems in a report: hidden by the header, off screen, no ring, or a ring under 3:1. */
export function focusProblems(reports: FocusReport[]): string[] {
  return reports.flatMap((r) => {
    const problems: string[] = [];
    if (r.top < r.headerBottom) problems.push(`${r.label}: under the sticky header (top ${r.top} < ${r.headerBottom})`);
    if (r.bottom > r.viewportHeight) problems.push(`${r.label}: below the screen`);
    if (!r.visible || r.outlineStyle === 'none' || r.outlineWidth < 2) problems.push(`${r.label}: no focus ring`);
    const ratio = contrast(r.ring, r.background);
    if (ratio < 3) problems.push(`${r.label}: ring ${r.ring} on ${r.background} is ${ratio.toFixed(2)}:1`);
    return problems;
  });
}
