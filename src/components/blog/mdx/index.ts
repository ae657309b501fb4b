/**
 * Components every article may use without importing them: the article page passes this
 * map to <Content components={...} />, so publishing stays "add one .mdx file".
 */
import AgentBio from './AgentBio.astro';
import AreaList from './AreaList.astro';
import IntroQuote from './IntroQuote.astro';
import ProsCons from './ProsCons.astro';
import SummaryBox from './SummaryBox.astro';
import Table from './Table.astro';

export const articleComponents = { AgentBio, AreaList, IntroQuote, ProsCons, SummaryBox, table: Table };
