/**
 * The e-mail the agent receives for each lead: a readable HTML body with every visitor-typed
 * value escaped, the same content as plain text, and Reply-To set to the visitor so answering
 * is one click. Sent through the agent's SMTP server with nodemailer.
 */
import nodemailer from 'nodemailer';
import { site } from '#src/site.config.ts';
import type { SmtpConfig } from '../../config.ts';
import { describeListing } from '#src/lib/listing/lead.ts';
import type { StoredLead } from '../store/types.ts';

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export interface LeadEmail {
  subject: string;
  text: string;
  html: string;
  replyTo: { name: string; address: string };
  /** Stable per lead, so a repeated delivery (at least once) threads with the first in mail clients. */
  messageId: string;
}

export function buildLeadEmail(lead: StoredLead): LeadEmail {
  const name = `${lead.firstName} ${lead.lastName}`;
  const received = new Date(lead.receivedAt);
  const when = received.toLocaleString('en-US', {
    timeZone: 'America/New_York',
    dateStyle: 'full',
    timeStyle: 'short',
  });
  const { listing } = lead;
  const price = listing ? `$${listing.price.toLocaleString('en-US')}` : '';
  const rows: [string, string][] = [
    ...(listing ? ([['Home', `${describeListing(listing)}, ${price}`]] as [string, string][]) : []),
    ['Name', name],
    ['E-mail', lead.email],
    ['Phone', lead.phone || 'not given'],
    ['How can I help', lead.helpType],
    ['Received', `${when} (Eastern)`],
    // The site's own address and the path: a stored path never names another host, nor fails to build.
    ['Sent from', lead.sourcePage ? `${new URL(site.baseUrl).origin}${lead.sourcePage}` : 'not known'],
    ['Texting consent', lead.textingConsent ? 'yes, given with the phone number' : 'no (no phone number given)'],
  ];
  // The consent the visitor gave, in the words the form showed them.
  const consent =
    lead.textingConsent && lead.consentText ? `Consent shown with the phone field: “${lead.consentText}”` : '';
  const intro = listing
    ? `A showing request for ${listing.address} from the ${site.name} website.`
    : `New message from the ${site.name} website.`;
  const text = [
    intro,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    ...(listing ? [`Listing page: ${listing.url}`] : []),
    '',
    'Message:',
    lead.message,
    '',
    ...(consent ? [consent, ''] : []),
    `Reply to this e-mail to answer ${name} directly. Lead #${lead.id}.`,
  ].join('\n');
  const cell = 'padding:6px 12px;border-bottom:1px solid #e2e8f0;vertical-align:top;text-align:left';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(`New message from ${name}`)}</title></head>
<body style="margin:0;padding:24px;background:#f7f4ef;font-family:Arial,Helvetica,sans-serif;color:#14213d">
<div style="max-width:640px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(intro.replace(/\.$/, ''))}</h1>
<table style="border-collapse:collapse;width:100%;font-size:15px">
${rows.map(([label, value]) => `<tr><th scope="row" style="${cell};width:30%">${escapeHtml(label)}</th><td style="${cell}">${escapeHtml(value)}</td></tr>`).join('\n')}
</table>
${listing ? `<p style="font-size:15px;margin:16px 0 0"><a href="${escapeHtml(listing.url)}" style="color:#961c22">See the listing page</a></p>` : ''}
<h2 style="font-size:16px;margin:24px 0 8px">Message</h2>
<p style="white-space:pre-wrap;font-size:15px;line-height:1.5;margin:0">${escapeHtml(lead.message)}</p>
${consent ? `<blockquote style="font-size:13px;color:#3c4a63;margin:24px 0 0;padding-left:12px;border-left:3px solid #e2e8f0">${escapeHtml(consent)}</blockquote>\n` : ''}<p style="font-size:13px;color:#3c4a63;margin:24px 0 0">Reply to this e-mail to answer ${escapeHtml(name)} directly. Lead #${lead.id}.</p>
</div></body></html>`;
  return {
    subject: listing
      ? `Showing request for ${listing.address} from ${name}`
      : `New website message from ${name}: ${lead.helpType}`,
    text,
    html,
    replyTo: { name, address: lead.email },
    messageId: `<lead-${lead.id}-${received.getTime()}@${new URL(site.baseUrl).hostname}>`,
  };
}

export type SendLeadEmail = ((lead: StoredLead) => Promise<void>) & { close: () => void };

/** Connections kept open to the mail server; the worker sends at most this many e-mails at once. */
export const smtpPoolSize = 4;

export function createEmailSender(smtp: SmtpConfig, from: string, to: string): SendLeadEmail {
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    // A backlog (after an outage) goes out over a few reused connections instead of one per message.
    pool: true,
    maxConnections: smtpPoolSize,
    maxMessages: 100,
    ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.pass ?? '' } } : {}),
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  const send = async (lead: StoredLead) => {
    const mail = buildLeadEmail(lead);
    await transport.sendMail({
      from,
      to,
      replyTo: mail.replyTo,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: mail.messageId,
    });
  };
  return Object.assign(send, { close: () => transport.close() });
}
