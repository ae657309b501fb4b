/** The navigation of SPEC §2: top links and the BUY, SELL and EXPLORE THE AREA dropdowns. */
import { site } from '#src/site.config.ts';
import type { City } from './content.ts';

export interface NavLink {
  label: string;
  href: string;
}

export interface NavMenu {
  label: string;
  id: string;
  items: NavLink[];
}

export type NavEntry = NavLink | NavMenu;

export const isMenu = (e: NavEntry): e is NavMenu => 'items' in e;

export function buildNavigation(cities: readonly City[]): NavEntry[] {
  return [
    { label: 'HOME', href: '/' },
    { label: 'ABOUT', href: '/about' },
    {
      label: 'BUY',
      id: 'buy',
      items: [...site.navigation.buy],
    },
    {
      label: 'SELL',
      id: 'sell',
      items: [...site.navigation.sell],
    },
    {
      label: 'EXPLORE THE AREA',
      id: 'explore',
      items: cities.map((c) => ({ label: c.data.name, href: `/city/${c.id}` })),
    },
    { label: 'RELOCATION', href: '/relocation' },
    { label: 'BLOG', href: '/blog' },
  ];
}
