/**
 * Components the legal pages (content/legal/*.mdx) use without importing them, so contact
 * details and outside services are written once, in src/site.config.ts.
 */
import Agent from './Agent.astro';
import AgencyBrochure from './AgencyBrochure.astro';
import ConsentSentence from './ConsentSentence.astro';
import Email from './Email.astro';
import Firm from './Firm.astro';
import Phone from './Phone.astro';
import Provider from './Provider.astro';
import SiteAddress from './SiteAddress.astro';

export const legalComponents = { Agent, AgencyBrochure, ConsentSentence, Email, Firm, Phone, Provider, SiteAddress };
