import { BATCH_RUNNING_PER_USER } from '#contracts/batches.ts';
import { GENERATION_RUNNING_PER_USER, GENERATION_UNFINISHED_PER_USER, signUpBudget } from '#contracts/limits.ts';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import type { BillingMode } from '#contracts/billing.ts';
import { planIds, type PlanId } from '#contracts/plans.ts';
import { kindPhrase, privateHostKind } from './lib/private-address.ts';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const booleanFlag = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const commaList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter((s) => s !== ''),
  );

const dbUrl = optionalString.pipe(
  z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
);

/**
 * Every environment variable Klipt reads, with its default. README's configuration table lists
 * the same keys; `npm test` checks that the two agree.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  APP_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: dbUrl,
  LOG_LEVEL: z.enum(logLevels).default('info'),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  TRUST_PROXY: booleanFlag.default(false),
  /** A client's request headers must all arrive within this (a slowloris sends them byte by byte). */
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(20),
  /** A whole request, body included, must arrive within this: the largest upload at 150 kbit/s takes 560 s. */
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(600),
  /** An idle keep-alive connection is closed after this; above a load balancer's own idle timeout (60 s on AWS). */
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(72),
  /** Open connections from one address (an IPv6 /64); 0: no cap. Unset: 256, or no cap behind a proxy. */
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(1_000_000).optional(),
  SESSION_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  EMAIL_FROM: z.string().min(3).default('Klipt <no-reply@klipt.local>'),
  WEB_DIST_DIR: z.string().min(1).default('./dist/web'),
  REGISTRATION_MODE: z.enum(['open', 'waitlist']).default('open'),
  PLUS_EMAIL_ALLOWLIST: commaList,
  WELCOME_CREDITS: z.coerce.number().int().min(0).max(100000).default(10),
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
  RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
  /** Sign-ups from all addresses together per 10 minutes (and verification emails sent again, counted apart). */
  SIGN_UP_BUDGET: z.coerce.number().int().min(1).max(100_000).default(signUpBudget.max),
  SEGMIND_API_KEY: optionalString,
  SEGMIND_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.segmind.com'),
  BFL_API_KEY: optionalString,
  BFL_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.bfl.ai'),
  LLM_BASE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  LLM_API_KEY: optionalString,
  LLM_MODEL: z.string().min(1).default('gpt-4'),
  PROVIDER_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(900).default(120),
  GENERATION_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /** A real video render takes about two minutes at Segmind; its polling gets this long. */
  VIDEO_PROVIDER_TIMEOUT_SECONDS: z.coerce.number().int().min(30).max(3600).default(600),
  /** A user's batch jobs queued or running at once, across all workers (the rest wait their turn). */
  BATCH_RUNNING_PER_USER: z.coerce.number().int().min(1).max(32).default(BATCH_RUNNING_PER_USER),
  /** A user's jobs of one kind queued or running at once, across all workers (the rest wait their turn). */
  GENERATION_RUNNING_PER_USER: z.coerce.number().int().min(1).max(64).default(GENERATION_RUNNING_PER_USER),
  /** A user's generations accepted and not finished; a request beyond it is refused (429). */
  GENERATION_UNFINISHED_PER_USER: z.coerce.number().int().min(1).max(10_000).default(GENERATION_UNFINISHED_PER_USER),
  /** Videos are CPU-heavy when rendered locally: one at a time per worker by default. */
  VIDEO_GENERATION_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** Threads of the render pool (local pictures and cut-outs); unset: one less than the CPUs, at least one. */
  RENDER_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  /**
   * auto: Stripe when STRIPE_SECRET_KEY is set; else the built-in sandbox checkout where no real
   * money can be spent, and off where it can (billingConfig). off hides purchasing.
   */
  BILLING_MODE: z.enum(['auto', 'stripe', 'sandbox', 'off']).default('auto'),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Stripe's API (stripe-mock or a test server speak the same wire format). */
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.stripe.com'),
  STRIPE_PRICE_STARTER: optionalString,
  STRIPE_PRICE_GROWTH: optionalString,
  STRIPE_PRICE_PRO: optionalString,
  STRIPE_PRICE_SCALE: optionalString,
  /** How long a Stripe call a user waits on (Subscribe, Manage plan) may take; one network retry. */
  STRIPE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
  /** Where a superlike's klip is POSTed (docs/operations.md#superlike-webhook); unset: no webhook. */
  SUPERLIKE_WEBHOOK_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  SUPERLIKE_WEBHOOK_SECRET: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  /** The first retry's delay; each next one doubles (tests use 1, pg-boss's smallest). */
  SUPERLIKE_WEBHOOK_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Lets the webhook reach loopback, private and link-local addresses (a receiver on the same network, tests). */
  SUPERLIKE_WEBHOOK_ALLOW_PRIVATE: booleanFlag.default(false),
  /**
   * Lets workspaces' webhook endpoints use http:// and reach loopback, private and link-local
   * addresses (tests, the local journey). Must stay off in production (docs/operations.md#webhooks).
   */
  WEBHOOKS_ALLOW_PRIVATE_TARGETS: booleanFlag.default(false),
  /** Klipt's Shopify app (docs/operations.md#shopify-app): both set, sellers connect with OAuth; unset, the demo store stands in. */
  SHOPIFY_API_KEY: optionalString,
  SHOPIFY_API_SECRET: optionalString,
  /** Where a shop's Admin API answers; `{shop}` is its myshopify.com domain (a test server takes `http://127.0.0.1:PORT/{shop}`). */
  SHOPIFY_SHOP_URL: z
    .string()
    .default('https://{shop}')
    .refine((v) => v.includes('{shop}') && /^https?:\/\//.test(v), 'must be an http(s) URL containing {shop}'),
  /** Encrypts store access tokens at rest (AES-256-GCM): 32 bytes, base64 or hex. Unset: generated into DATA_DIR/secrets.json. */
  STORE_TOKEN_KEY: optionalString.pipe(
    z
      .string()
      .refine((v) => decodedKeyLength(v) === 32, 'must be 32 bytes, as 64 hex characters or 43–44 base64 characters')
      .optional(),
  ),
  /** local: DATA_DIR/storage served under /files; s3: an S3-compatible bucket (the default when S3_BUCKET is set). */
  STORAGE_DRIVER: z.enum(['local', 's3']).optional(),
  S3_BUCKET: optionalString,
  /** Unset: AWS S3 itself; R2, MinIO and other S3-compatible stores give theirs. */
  S3_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  /** Public files' address (a CDN in front of the bucket); unset: the bucket's own address. */
  MEDIA_BASE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** On SIGTERM, how long running jobs and requests get to finish (docs/operations.md#graceful-shutdown). */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(25),
  /** How long a signed URL of a private file works (docs/operations.md#media-files). */
  SIGNED_URL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  readonly env: 'development' | 'production' | 'test';
  readonly port: number;
  readonly host: string;
  readonly appUrl: string;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly logLevel: (typeof logLevels)[number];
  readonly role: 'all' | 'api' | 'worker';
  readonly trustProxy: boolean;
  readonly http: HttpLimits;
  /** Undefined until main.ts loads or creates the persisted secret. */
  readonly sessionSecret: string | undefined;
  /** Store sync (docs/operations.md#shopify-app); `tokenKey` is undefined until start-server loads or creates it. */
  readonly stores: StoresConfig;
  readonly smtpUrl: string | undefined;
  readonly emailFrom: string;
  readonly webDistDir: string;
  readonly registrationMode: 'open' | 'waitlist';
  readonly plusEmailAllowlist: readonly string[];
  readonly welcomeCredits: number;
  readonly adminEmail: string | undefined;
  readonly adminPassword: string | undefined;
  /** Multiplies every rate limit's budget (browser tests send everything from one address). */
  readonly rateLimitScale: number;
  /** Sign-ups accepted from all addresses together per window of `signUpBudget` (contracts/limits.ts). */
  readonly signUpBudget: number;
  readonly segmind: { readonly apiKey: string | undefined; readonly baseUrl: string };
  readonly bfl: { readonly apiKey: string | undefined; readonly baseUrl: string };
  /** OpenAI-compatible chat API for prompt helpers; the built-in rule-based helper without it. */
  readonly llm: { readonly baseUrl: string | undefined; readonly apiKey: string | undefined; readonly model: string };
  readonly providerTimeoutMs: number;
  readonly generationConcurrency: number;
  readonly videoProviderTimeoutMs: number;
  readonly videoGenerationConcurrency: number;
  /** Worker threads that draw local pictures off the event loop (docs/architecture.md#render-pool). */
  readonly renderThreads: number;
  readonly batchRunningPerUser: number;
  readonly generationRunningPerUser: number;
  readonly generationUnfinishedPerUser: number;
  readonly billing: BillingConfig;
  /** Set exactly when SUPERLIKE_WEBHOOK_URL is. */
  readonly superlikeWebhook: SuperlikeWebhookConfig | undefined;
  /** Workspaces' webhooks (docs/api.md#webhooks). */
  readonly webhooks: { readonly allowPrivateTargets: boolean };
  readonly storage: StorageConfig;
  /** Lifetime of a private file's signed URL. */
  readonly signedUrlSeconds: number;
  /** How long a stopping process gives running jobs and requests. */
  readonly shutdownTimeoutMs: number;
}

/** What the HTTP server allows a connection (docs/operations.md#slow-and-greedy-clients). */
export interface HttpLimits {
  readonly headersTimeoutMs: number;
  readonly requestTimeoutMs: number;
  readonly keepAliveTimeoutMs: number;
  /** 0: no cap. */
  readonly maxConnectionsPerAddress: number;
}

/** Above the benchmark's 100 connections from one address and any browser's 6 per host, for an office behind one NAT. */
export const DEFAULT_CONNECTIONS_PER_ADDRESS = 256;

export type StorageConfig = { readonly driver: 'local' } | ({ readonly driver: 's3' } & S3Config);

export interface S3Config {
  readonly bucket: string;
  readonly endpoint: string | undefined;
  readonly region: string;
  /** Both or neither; neither: the SDK's default credential chain (instance role, env, profile). */
  readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string } | undefined;
  readonly forcePathStyle: boolean;
  readonly mediaBaseUrl: string | undefined;
}

export interface SuperlikeWebhookConfig {
  readonly url: string;
  /** Signs every delivery (HMAC-SHA256); the receiver holds the same. */
  readonly secret: string;
  readonly retryDelaySeconds: number;
  /** Deliveries may go to loopback, private and link-local addresses; off, they are refused at start and at each delivery. */
  readonly allowPrivate: boolean;
}

export interface StripeConfig {
  readonly secretKey: string;
  readonly webhookSecret: string;
  readonly apiUrl: string;
  /** The recurring Stripe price of each plan. */
  readonly prices: Readonly<Record<PlanId, string>>;
  /** Per attempt, for the calls a user waits on; background reads keep the SDK client's longer default. */
  readonly userWaitTimeoutMs: number;
}

export interface BillingConfig {
  readonly mode: BillingMode;
  /** What BILLING_MODE said; `auto` resolved to `mode`. */
  readonly requested: 'auto' | BillingMode;
  /** Set exactly when mode is stripe. */
  readonly stripe: StripeConfig | undefined;
  /**
   * Why real money can be spent on this installation ("SEGMIND_API_KEY is set", "APP_URL is
   * https"); empty where it cannot. There the test checkout never runs unless asked for by name.
   */
  readonly realMoney: readonly string[];
  /** The test checkout runs where real money can be spent: only super admins may get credits from it. */
  readonly testCheckoutAdminsOnly: boolean;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Parses the environment once; throws ConfigError naming every bad key. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError(['ADMIN_EMAIL, ADMIN_PASSWORD: set both or neither']);
  }
  if (e.LLM_API_KEY !== undefined && e.LLM_BASE_URL === undefined) {
    throw new ConfigError(['LLM_BASE_URL: required when LLM_API_KEY is set (e.g. https://api.openai.com/v1)']);
  }
  const http = httpLimits(e);
  const billing = billingConfig(e);
  const superlikeWebhook = superlikeWebhookConfig(e);
  const storage = storageConfig(e);
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return Object.freeze({
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    role: e.ROLE,
    trustProxy: e.TRUST_PROXY,
    http,
    sessionSecret: e.SESSION_SECRET,
    smtpUrl: e.SMTP_URL,
    emailFrom: e.EMAIL_FROM,
    webDistDir: e.WEB_DIST_DIR,
    registrationMode: e.REGISTRATION_MODE,
    plusEmailAllowlist: Object.freeze([...e.PLUS_EMAIL_ALLOWLIST]),
    welcomeCredits: e.WELCOME_CREDITS,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    signUpBudget: e.SIGN_UP_BUDGET,
    segmind: Object.freeze({ apiKey: e.SEGMIND_API_KEY, baseUrl: e.SEGMIND_BASE_URL.replace(/\/+$/, '') }),
    bfl: Object.freeze({ apiKey: e.BFL_API_KEY, baseUrl: e.BFL_BASE_URL.replace(/\/+$/, '') }),
    llm: Object.freeze({ baseUrl: e.LLM_BASE_URL?.replace(/\/+$/, ''), apiKey: e.LLM_API_KEY, model: e.LLM_MODEL }),
    providerTimeoutMs: e.PROVIDER_TIMEOUT_SECONDS * 1000,
    generationConcurrency: e.GENERATION_CONCURRENCY,
    videoProviderTimeoutMs: e.VIDEO_PROVIDER_TIMEOUT_SECONDS * 1000,
    videoGenerationConcurrency: e.VIDEO_GENERATION_CONCURRENCY,
    renderThreads: e.RENDER_THREADS ?? defaultRenderThreads(),
    batchRunningPerUser: e.BATCH_RUNNING_PER_USER,
    generationRunningPerUser: e.GENERATION_RUNNING_PER_USER,
    generationUnfinishedPerUser: e.GENERATION_UNFINISHED_PER_USER,
    billing,
    superlikeWebhook,
    webhooks: Object.freeze({ allowPrivateTargets: e.WEBHOOKS_ALLOW_PRIVATE_TARGETS }),
    stores: storesConfig(e),
    storage,
    signedUrlSeconds: e.SIGNED_URL_SECONDS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
  });
}

/**
 * Behind a proxy every connection comes from the proxy's address, so the per-address cap is off
 * unless set (the proxy limits its clients); Node refuses a headers timeout above the request's.
 */
/** One thread is left to the event loop (HTTP, database, jobs); a one-CPU machine still gets one render thread. */
function defaultRenderThreads(): number {
  return Math.max(1, availableParallelism() - 1);
}

function httpLimits(e: z.output<typeof envSchema>): HttpLimits {
  if (e.HTTP_HEADERS_TIMEOUT_SECONDS > e.HTTP_REQUEST_TIMEOUT_SECONDS)
    throw new ConfigError(['HTTP_HEADERS_TIMEOUT_SECONDS: must not be above HTTP_REQUEST_TIMEOUT_SECONDS']);
  return Object.freeze({
    headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
    requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
    keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    maxConnectionsPerAddress: e.HTTP_MAX_CONNECTIONS_PER_ADDRESS ?? (e.TRUST_PROXY ? 0 : DEFAULT_CONNECTIONS_PER_ADDRESS),
  });
}

/** S3 when asked for or when a bucket is named; a bucket-less S3 or half a key pair is refused at start. */
function storageConfig(e: z.output<typeof envSchema>): StorageConfig {
  const driver = e.STORAGE_DRIVER ?? (e.S3_BUCKET ? 's3' : 'local');
  if (driver === 'local') return Object.freeze({ driver });
  if (!e.S3_BUCKET) throw new ConfigError(['S3_BUCKET: required when STORAGE_DRIVER=s3']);
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new ConfigError(['S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither']);
  }
  return Object.freeze({
    driver,
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
    region: e.S3_REGION,
    credentials: e.S3_ACCESS_KEY_ID
      ? Object.freeze({ accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY! })
      : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    mediaBaseUrl: e.MEDIA_BASE_URL?.replace(/\/+$/, ''),
  });
}

/** A URL without its secret (or the reverse) is refused at start: deliveries would go unsigned or nowhere. */
function superlikeWebhookConfig(e: z.output<typeof envSchema>): SuperlikeWebhookConfig | undefined {
  if (e.SUPERLIKE_WEBHOOK_URL === undefined && e.SUPERLIKE_WEBHOOK_SECRET === undefined) return undefined;
  if (e.SUPERLIKE_WEBHOOK_SECRET === undefined)
    throw new ConfigError(['SUPERLIKE_WEBHOOK_SECRET: required when SUPERLIKE_WEBHOOK_URL is set (at least 16 characters)']);
  if (e.SUPERLIKE_WEBHOOK_URL === undefined)
    throw new ConfigError(['SUPERLIKE_WEBHOOK_URL: required when SUPERLIKE_WEBHOOK_SECRET is set']);
  // A literal address is known now; a name is checked on every delivery, once resolved.
  const { hostname } = new URL(e.SUPERLIKE_WEBHOOK_URL);
  const kind = privateHostKind(hostname);
  if (kind && !e.SUPERLIKE_WEBHOOK_ALLOW_PRIVATE)
    throw new ConfigError([
      `SUPERLIKE_WEBHOOK_URL: points at ${kindPhrase(kind)} (${hostname}); set SUPERLIKE_WEBHOOK_ALLOW_PRIVATE=true to deliver to private, loopback or link-local addresses`,
    ]);
  return Object.freeze({
    url: e.SUPERLIKE_WEBHOOK_URL,
    secret: e.SUPERLIKE_WEBHOOK_SECRET,
    retryDelaySeconds: e.SUPERLIKE_WEBHOOK_RETRY_DELAY_SECONDS,
    allowPrivate: e.SUPERLIKE_WEBHOOK_ALLOW_PRIVATE,
  });
}

const priceKeys: Record<PlanId, `STRIPE_PRICE_${string}`> = {
  starter: 'STRIPE_PRICE_STARTER',
  growth: 'STRIPE_PRICE_GROWTH',
  pro: 'STRIPE_PRICE_PRO',
  scale: 'STRIPE_PRICE_SCALE',
};

/**
 * Where a paid AI provider answers or the site is public (https), the test checkout would hand out
 * credits that cost real money: a paid provider key (a local LLM server needs none) or an https APP_URL.
 */
function realMoneyReasons(e: z.output<typeof envSchema>): string[] {
  const keys = (['SEGMIND_API_KEY', 'BFL_API_KEY', 'LLM_API_KEY'] as const).filter((key) => e[key] !== undefined);
  const https = e.APP_URL !== undefined && new URL(e.APP_URL).protocol === 'https:';
  return [...keys.map((key) => `${key} is set`), ...(https ? ['APP_URL is https'] : [])];
}

/**
 * auto resolves to Stripe with its key, else to the test checkout only where no real money can be
 * spent (off otherwise). Stripe needs its key, the webhook secret and a price per plan; a
 * half-configured Stripe is refused at start.
 */
function billingConfig(e: z.output<typeof envSchema>): BillingConfig {
  const realMoney = Object.freeze(realMoneyReasons(e));
  const requested = e.BILLING_MODE;
  const mode: BillingMode = requested === 'auto' ? (e.STRIPE_SECRET_KEY ? 'stripe' : realMoney.length > 0 ? 'off' : 'sandbox') : requested;
  const base = { mode, requested, realMoney, testCheckoutAdminsOnly: mode === 'sandbox' && realMoney.length > 0 };
  if (mode !== 'stripe') return Object.freeze({ ...base, stripe: undefined });
  const missing = [
    ...(e.STRIPE_SECRET_KEY ? [] : ['STRIPE_SECRET_KEY']),
    ...(e.STRIPE_WEBHOOK_SECRET ? [] : ['STRIPE_WEBHOOK_SECRET']),
    ...planIds.filter((id) => !e[priceKeys[id] as keyof typeof e]).map((id) => priceKeys[id]),
  ];
  if (missing.length > 0) throw new ConfigError(missing.map((key) => `${key}: required for Stripe payments`));
  const prices = Object.fromEntries(planIds.map((id) => [id, e[priceKeys[id] as keyof typeof e] as string])) as Record<PlanId, string>;
  return Object.freeze({
    ...base,
    stripe: Object.freeze({
      secretKey: e.STRIPE_SECRET_KEY!,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
      apiUrl: e.STRIPE_API_URL.replace(/\/+$/, ''),
      prices: Object.freeze(prices),
      userWaitTimeoutMs: e.STRIPE_TIMEOUT_SECONDS * 1000,
    }),
  });
}

export interface StoresConfig {
  /** Set when Klipt is configured as a Shopify app (OAuth installs); otherwise the demo store is offered. */
  readonly shopifyApp: { readonly apiKey: string; readonly apiSecret: string } | undefined;
  /** `https://{shop}` in production. */
  readonly shopUrlTemplate: string;
  /** The AES-256-GCM key for store tokens (32 bytes). */
  readonly tokenKey: Buffer | undefined;
}

function decodedKeyLength(value: string): number {
  return /^[0-9a-fA-F]{64}$/.test(value) ? 32 : Buffer.from(value, 'base64').length;
}

function storesConfig(e: z.output<typeof envSchema>): StoresConfig {
  if (Boolean(e.SHOPIFY_API_KEY) !== Boolean(e.SHOPIFY_API_SECRET)) {
    throw new ConfigError([`${e.SHOPIFY_API_KEY ? 'SHOPIFY_API_SECRET' : 'SHOPIFY_API_KEY'}: required with the other for the Shopify app`]);
  }
  const key = e.STORE_TOKEN_KEY;
  return Object.freeze({
    shopifyApp: e.SHOPIFY_API_KEY ? Object.freeze({ apiKey: e.SHOPIFY_API_KEY, apiSecret: e.SHOPIFY_API_SECRET! }) : undefined,
    shopUrlTemplate: e.SHOPIFY_SHOP_URL.replace(/\/+$/, ''),
    tokenKey: key ? Buffer.from(key, /^[0-9a-fA-F]{64}$/.test(key) ? 'hex' : 'base64') : undefined,
  });
}

/** A copy of the config with some fields replaced: for tests and for the persisted secret. */
export function withConfig(config: Config, patch: Partial<Config>): Config {
  return Object.freeze({ ...config, ...patch });
}
