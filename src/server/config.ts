/**
 * Every setting of the server, read once from the environment through one zod schema. The
 * schema is the list: `.env.example` documents exactly these names (a test keeps the two in
 * sync). A wrong value stops the server at start with the variable named. Secrets stay on the
 * server: nothing here is imported by browser code.
 */
import { z } from 'zod';
import { spamTrap } from '../lib/contact-form.ts';
import { site } from '../site.config.ts';

/** An unset or blank variable is absent, so every default below applies to both. */
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());

export const text = optional(z.string().trim());
const whole = (name: string, fallback: number) =>
  optional(
    z
      .string()
      .trim()
      .regex(/^\d+$/, { error: (issue) => `${name} must be a whole number, got "${String(issue.input)}"` })
      .transform(Number),
  ).transform((value) => value ?? fallback);
/** A delay in milliseconds that the delivery worker can wait between passes. */
const atLeast100 = (name: string, fallback: number) =>
  whole(name, fallback).refine((ms) => ms >= 100, { error: `${name} must be 100 (milliseconds) or more` });
/** A TCP port: 65536 and up passed the check, then stopped the server with a stack trace as it listened. */
const port = (name: string, fallback: number) =>
  whole(name, fallback).refine((value) => value <= 65_535, { error: `${name} must be a port from 0 to 65535` });
const flag = optional(z.enum(['1', 'true', '0', 'false'])).transform((value) => value === '1' || value === 'true');
export const url = (name: string) =>
  optional(
    z
      .string()
      .trim()
      .refine((value) => URL.canParse(value), { error: (issue) => `${name} is not a URL: "${String(issue.input)}"` }),
  );

/** A connection URL as it may be shown in an error: without its password. */
function redact(value: string): string {
  return value.replace(/^([a-z]+:\/\/[^:/@]*:)[^@]*@/i, '$1***@');
}

export const envSchema = z
  .object({
    PORT: port('PORT', 4321),
    HOST: text.transform((value) => value ?? '127.0.0.1'),
    REQUEST_TIMEOUT_MS: whole('REQUEST_TIMEOUT_MS', 30_000),
    MAX_CONNECTIONS: whole('MAX_CONNECTIONS', 1024),
    LEADS_DB: text.transform((value) => value ?? 'data/leads.db'),
    DATABASE_URL: optional(
      z
        .string()
        .trim()
        .refine((value) => /^postgres(ql)?:\/\//.test(value) && URL.canParse(value), {
          error: (issue) => `DATABASE_URL must be a postgres:// URL, got "${redact(String(issue.input))}"`,
        }),
    ),
    LEADS_LEASE_MS: whole('LEADS_LEASE_MS', 150_000),
    SMTP_HOST: text,
    SMTP_PORT: port('SMTP_PORT', 587),
    SMTP_SECURE: optional(z.enum(['true', 'false'])),
    SMTP_USER: text,
    SMTP_PASS: text,
    SMTP_FROM: text,
    LEADS_TO: text,
    CRM_WEBHOOK_URL: url('CRM_WEBHOOK_URL'),
    CRM_WEBHOOK_API_KEY: text,
    // At least 100 ms: with 0, a send that fails at once (no SMTP_HOST) was tried again at once,
    // for ever, and the server answered no request.
    LEADS_RETRY_BASE_MS: atLeast100('LEADS_RETRY_BASE_MS', 30_000),
    LEADS_RETRY_MAX_MS: whole('LEADS_RETRY_MAX_MS', 3_600_000),
    LEADS_POLL_MS: atLeast100('LEADS_POLL_MS', 15_000),
    CONTACT_MIN_FILL_MS: whole('CONTACT_MIN_FILL_MS', spamTrap.minFillMs),
    TRUST_PROXY: flag,
    // 0 would mean no proxy: then X-Forwarded-For is not read at all (TRUST_PROXY off, the server not on 127.0.0.1).
    PROXY_HOPS: whole('PROXY_HOPS', 1).refine((hops) => hops >= 1, {
      error: 'PROXY_HOPS must be 1 or more; without a proxy in front, leave TRUST_PROXY off instead',
    }),
    ALLOWED_ORIGINS: text,
    YOUTUBE_API_KEY: text,
    YOUTUBE_CHANNEL_ID: text,
    YOUTUBE_API_BASE_URL: url('YOUTUBE_API_BASE_URL'),
    PUBLIC_GOOGLE_MAPS_KEY: text,
    PUBLIC_GOOGLE_PLACE_ID: text,
    PUBLIC_GOOGLE_MAPS_SCRIPT_URL: url('PUBLIC_GOOGLE_MAPS_SCRIPT_URL'),
  })
  .refine((env) => env.LEADS_RETRY_MAX_MS >= env.LEADS_RETRY_BASE_MS, {
    // Below it every failed try would be repeated at once, as fast as the mail server or CRM answers.
    error: 'LEADS_RETRY_MAX_MS must be at least LEADS_RETRY_BASE_MS (the longest delay between tries, the first)',
  });

export type Env = z.infer<typeof envSchema>;

/** Reads and checks the environment; throws one message naming every wrong variable. */
export function readEnv(env: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(env);
  if (result.success) return result.data;
  throw new Error(
    result.error.issues
      .map((issue) =>
        issue.code === 'custom' || issue.code === 'invalid_format'
          ? issue.message
          : `${issue.path.join('.')}: ${issue.message}`,
      )
      .join('\n'),
  );
}

export interface SmtpConfig {
  host: string;
  port: number;
  /** Implicit TLS (port 465). Otherwise STARTTLS is used whenever the server offers it. */
  secure: boolean;
  user: string | undefined;
  pass: string | undefined;
}

/** The lead pipeline's part of the settings. */
export function leadsConfig(env: Env) {
  const to = env.LEADS_TO ?? site.agent.email;
  return {
    dbPath: env.LEADS_DB,
    /** Set: leads, the outbox and the rate limits live in this PostgreSQL database (any number of instances). */
    databaseUrl: env.DATABASE_URL,
    /** How long a delivery one instance claimed is its own before another may try it (PostgreSQL). */
    leaseMs: Math.max(2000, env.LEADS_LEASE_MS),
    /** Undefined when SMTP_HOST is not set: e-mails then wait in the outbox until it is. */
    smtp: env.SMTP_HOST
      ? ({
          host: env.SMTP_HOST,
          port: env.SMTP_PORT,
          secure: (env.SMTP_SECURE ?? String(env.SMTP_PORT === 465)) === 'true',
          user: env.SMTP_USER,
          pass: env.SMTP_PASS,
        } satisfies SmtpConfig)
      : undefined,
    from: env.SMTP_FROM ?? `"${site.name} website" <${to}>`,
    to,
    webhook: env.CRM_WEBHOOK_URL ? { url: env.CRM_WEBHOOK_URL, apiKey: env.CRM_WEBHOOK_API_KEY } : undefined,
    retryBaseMs: env.LEADS_RETRY_BASE_MS,
    retryMaxMs: env.LEADS_RETRY_MAX_MS,
    pollMs: env.LEADS_POLL_MS,
    /** Shortest plausible time between the form appearing and its submission. */
    minFillMs: env.CONTACT_MIN_FILL_MS,
    /** Extra origins allowed to post the form, besides the one the request was addressed to. */
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean)
      .map((o) => new URL(o).origin),
    trustProxy: env.TRUST_PROXY,
    /** Proxies in front of the server, each appending to X-Forwarded-For (a CDN and a load balancer: 2). */
    proxyHops: env.PROXY_HOPS,
  };
}

export type LeadsConfig = ReturnType<typeof leadsConfig>;

/** The lead settings straight from an environment (the server, `npm run leads`, tests). */
export function readLeadsConfig(env: Record<string, string | undefined> = process.env): LeadsConfig {
  return leadsConfig(readEnv(env));
}

let processEnv: Env | undefined;

/** This process's settings, read on first use (the server reads them at start, so a mistake stops it there). */
export function serverEnv(): Env {
  processEnv ??= readEnv();
  return processEnv;
}
