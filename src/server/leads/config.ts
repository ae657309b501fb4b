/**
 * Lead-pipeline settings, all from environment variables (documented in .env.example and the
 * README). Secrets stay on the server: nothing here is imported by browser code.
 */
import { spamTrap } from '../../lib/contact-form.ts';
import { site } from '../../site.config.ts';

export interface SmtpConfig {
  host: string;
  port: number;
  /** Implicit TLS (port 465). Otherwise STARTTLS is used whenever the server offers it. */
  secure: boolean;
  user: string | undefined;
  pass: string | undefined;
}

export interface LeadsConfig {
  dbPath: string;
  /** Undefined when SMTP_HOST is not set: e-mails then wait in the outbox until it is. */
  smtp: SmtpConfig | undefined;
  from: string;
  to: string;
  webhook: { url: string; apiKey: string | undefined } | undefined;
  retryBaseMs: number;
  retryMaxMs: number;
  pollMs: number;
  /** Shortest plausible time between the form appearing and its submission. */
  minFillMs: number;
  /** Extra origins allowed to post the form, besides the one the request was addressed to. */
  allowedOrigins: string[];
  trustProxy: boolean;
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}

function text(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

export function readLeadsConfig(env: Env = process.env): LeadsConfig {
  const host = text(env, 'SMTP_HOST');
  const port = int(env, 'SMTP_PORT', 587);
  const to = text(env, 'LEADS_TO') ?? site.agent.email;
  const webhookUrl = text(env, 'CRM_WEBHOOK_URL');
  if (webhookUrl && !URL.canParse(webhookUrl)) throw new Error(`CRM_WEBHOOK_URL is not a URL: "${webhookUrl}"`);
  return {
    dbPath: text(env, 'LEADS_DB') ?? 'data/leads.db',
    smtp: host
      ? {
          host,
          port,
          secure: (text(env, 'SMTP_SECURE') ?? String(port === 465)) === 'true',
          user: text(env, 'SMTP_USER'),
          pass: text(env, 'SMTP_PASS'),
        }
      : undefined,
    from: text(env, 'SMTP_FROM') ?? `"${site.name} website" <${to}>`,
    to,
    webhook: webhookUrl ? { url: webhookUrl, apiKey: text(env, 'CRM_WEBHOOK_API_KEY') } : undefined,
    retryBaseMs: int(env, 'LEADS_RETRY_BASE_MS', 30_000),
    retryMaxMs: int(env, 'LEADS_RETRY_MAX_MS', 3_600_000),
    pollMs: int(env, 'LEADS_POLL_MS', 15_000),
    minFillMs: int(env, 'CONTACT_MIN_FILL_MS', spamTrap.minFillMs),
    allowedOrigins: (text(env, 'ALLOWED_ORIGINS') ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean)
      .map((o) => new URL(o).origin),
    trustProxy: text(env, 'TRUST_PROXY') === '1' || text(env, 'TRUST_PROXY') === 'true',
  };
}
