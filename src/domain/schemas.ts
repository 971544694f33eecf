// The one set of zod schemas for every resource of the service spec. The client validates every
// response with them, the sandbox's handlers are typed by them, and the sandbox's /openapi.json is
// generated from them. Each is built on its first use (z.lazy): a command that parses one body
// builds the schemas that body needs, not all twenty. Objects are loose: fields the service adds
// later pass through untouched. Nullable fields are nullable, never optional, so null stays null
// and absence is a shape error.
import * as z from 'zod';
import { renderedInEnglish } from '../messages/registry.js';
import { t } from '../messages/use-errors.js';

/** A schema built on first use, once: zod may call a lazy getter more than once. */
function built<T extends z.ZodType>(build: () => T): z.ZodLazy<T> {
  let schema: T | undefined;
  return z.lazy(() => (schema ??= build()));
}

const dateTime = z.iso.datetime({ offset: true });
const count = z.int();
const nullableCount = z.int().nullable();

export const AuthorSchema = built(() =>
  z
    .looseObject({
      id: z.string().nullable(),
      handle: z.string().nullable(),
      name: z.string().nullable(),
      bio: z.string().nullable(),
      avatar_url: z.string().nullable(),
      followers: nullableCount,
      following: nullableCount,
      posts_count: nullableCount,
      verified: z.boolean().nullable(),
      is_private: z.boolean().nullable(),
      external_url: z.string().nullable(),
      url: z.string().nullable(),
    })
    .meta({ id: 'Author' }),
);

export const PostMetricsSchema = built(() =>
  z
    .looseObject({
      likes: nullableCount,
      replies: nullableCount,
      reposts: nullableCount,
      quotes: nullableCount,
    })
    .meta({ id: 'PostMetrics' }),
);

export const PostItemSchema = built(() =>
  z
    .looseObject({
      id: z.string(),
      url: z.string().nullable(),
      text: z.string().nullable(),
      text_html: z.string().nullable(),
      title: z.null(),
      position: z.null(),
      published_at: dateTime.nullable(),
      thumbnail_url: z.string().nullable(),
      metrics: PostMetricsSchema,
    })
    .meta({ id: 'PostItem' }),
);

export const ENVELOPE_ERROR_TYPES = [
  'parametro_invalido',
  'chave_invalida',
  'sem_creditos',
  'teto_estourado',
  'nao_encontrado',
  'bloqueado',
  'indisponivel',
] as const;
export type EnvelopeErrorType = (typeof ENVELOPE_ERROR_TYPES)[number];

export const EnvelopeErrorSchema = built(() =>
  z
    .looseObject({
      type: z.enum(ENVELOPE_ERROR_TYPES),
      message: z.string(),
      details: z.record(z.string(), z.unknown()).nullable(),
    })
    .meta({ id: 'EnvelopeError' }),
);

/** The credit fields every envelope carries; the spec requires only credits_used. */
const envelopeCredits = {
  credits_used: count,
  credits_remaining: nullableCount.optional(),
  credits_purchased_remaining: nullableCount.optional(),
  free_credits_remaining: nullableCount.optional(),
  free_credits_total: nullableCount.optional(),
  free_credits_reset_at: dateTime.optional(),
  cached: z.boolean(),
  request_id: z.string(),
};

/**
 * data and error are mutually exclusive: exactly one of them is null, and neither is absent; and
 * success says which. Two refinements, not one superRefine: zod's superRefine stores a new closure
 * on the payload of each check, and the client checks every answer's envelope (documented.ts). On
 * Node 24, until V8's optimising compiler takes that code (in a batch, some thousands of inputs),
 * a young-generation GC kept what those closures led to alive, and promoted it: enough that a long
 * batch's young generation doubled.
 */
type EnvelopeLike = { success: boolean; data?: unknown; error?: unknown };

/**
 * The two rules by name, and the catalogue's message of each: zod's issue says it in English (what
 * the error's message, read by scripts, carries), and names the rule in its params, whence the
 * reader says it in the run's language.
 */
export const ENVELOPE_RULES = {
  oneOfDataAndError: 'errors.response.rule.oneOfDataAndError',
  successWithoutError: 'errors.response.rule.successWithoutError',
} as const;

function rule(name: keyof typeof ENVELOPE_RULES) {
  return { message: renderedInEnglish(() => t(ENVELOPE_RULES[name])), params: { rule: name } };
}
const oneOfDataAndError = (envelope: EnvelopeLike) => (envelope.data === null) !== (envelope.error === null);
const successWithoutError = (envelope: EnvelopeLike) => envelope.success === (envelope.error === null);

/**
 * The data of a profile, posts or transcript envelope: the author and a list whose element shape
 * differs by route (profile: not shown by the spec, so anything passes).
 */
function envelopeData<T extends z.ZodType>(id: string, item: T) {
  return built(() =>
    z
      .looseObject({
        author: AuthorSchema,
        items: z.array(item),
        has_more: z.boolean(),
        next_cursor: z.string().nullable(),
      })
      .meta({ id }),
  );
}

/** The one envelope shape of the profile, posts, post and transcript routes, success and error. */
function envelope<T extends z.ZodType>(id: string, data: T) {
  return built(() =>
    z
      .looseObject({
        success: z.boolean(),
        platform: z.string(),
        endpoint: z.string(),
        data: data.nullable(),
        error: EnvelopeErrorSchema.nullable(),
        ...envelopeCredits,
      })
      .refine(oneOfDataAndError, { ...rule('oneOfDataAndError'), path: ['data'] })
      .refine(successWithoutError, { ...rule('successWithoutError'), path: ['success'] })
      .meta({ id }),
  );
}

export const ProfileDataSchema = envelopeData('ProfileData', z.unknown());
export const ProfileEnvelopeSchema = envelope('ProfileEnvelope', ProfileDataSchema);

export const PostsDataSchema = envelopeData('PostsData', PostItemSchema);
export const PostsEnvelopeSchema = envelope('PostsEnvelope', PostsDataSchema);

/**
 * The single-post route's data when it is the post itself rather than items of one (the spec:
 * "single object or items array of one: not shown"): a PostItem, with its author beside it when
 * the service sends one.
 */
export const SinglePostDataSchema = built(() =>
  PostItemSchema.unwrap().extend({ author: AuthorSchema.nullable().optional() }).meta({ id: 'SinglePostData' }),
);
export const SinglePostEnvelopeSchema = envelope('SinglePostEnvelope', SinglePostDataSchema);

/**
 * A transcript element's shape is not shown by the spec. The sandbox sends `{start, end, text}`
 * (seconds, seconds, caption line); the client only relies on `text` when it is a string.
 */
export const TranscriptSegmentSchema = built(() =>
  z
    .looseObject({
      start: z.number().nullable(),
      end: z.number().nullable(),
      text: z.string(),
    })
    .meta({ id: 'TranscriptSegment' }),
);

export const TranscriptDataSchema = envelopeData('TranscriptData', z.unknown());
export const TranscriptEnvelopeSchema = envelope('TranscriptEnvelope', TranscriptDataSchema);

export const NicheSchema = built(() =>
  z
    .looseObject({
      id: z.string(),
      label: z.string(),
      windows_24h: count,
      last_window: dateTime.nullable(),
    })
    .meta({ id: 'Niche' }),
);

export const CoverageSchema = built(() => z.looseObject({ niches: z.array(NicheSchema) }).meta({ id: 'Coverage' }));

export const SeriesPointSchema = built(() =>
  z
    .looseObject({
      window: dateTime,
      position: count,
      points: nullableCount,
      comments: nullableCount,
    })
    .meta({ id: 'SeriesPoint' }),
);

export const ItemSchema = built(() =>
  z
    .looseObject({
      external_id: z.string(),
      title: z.string(),
      url: z.url(),
      platform: z.string(),
      entered_at: dateTime,
      left_at: dateTime.nullable(),
      best_position: count,
      movement: count,
      series: z.array(SeriesPointSchema),
    })
    .meta({ id: 'Item' }),
);

export const TrendsBodySchema = built(() =>
  z
    .looseObject({
      niche: z.string(),
      from: dateTime,
      to: dateTime,
      points: count,
      truncated: z.boolean(),
      credits_charged: count,
      paid_from: z.enum(['free', 'balance']),
      free_used: count,
      free_total: count,
      credits_balance: count,
      items: z.array(ItemSchema),
    })
    .meta({ id: 'TrendsBody' }),
);

export const MoverSchema = built(() =>
  z
    .looseObject({
      external_id: z.string(),
      title: z.string(),
      url: z.url(),
      points: count,
      points_gained: z.int().min(1),
      comments: nullableCount,
      position: count,
    })
    .meta({ id: 'Mover' }),
);

export const MoversBodySchema = built(() =>
  z
    .looseObject({
      niche: z.string(),
      total: count,
      interval_min: nullableCount,
      credits_charged: count,
      credits_balance: count,
      note: z.string().optional(),
      items: z.array(MoverSchema),
    })
    .meta({ id: 'MoversBody' }),
);

export const API_ERROR_CODES = [
  'chave_ausente',
  'chave_invalida',
  'intervalo_invalido',
  'parametro_invalido',
  'sem_creditos',
  'teto_estourado',
  'endpoint_indisponivel',
  'metodo_invalido',
  'indisponivel',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

export const ApiErrorSchema = built(() =>
  z
    .looseObject({
      error: z.enum(API_ERROR_CODES),
      message: z.string(),
      http: count.optional(),
      limit: count.optional(),
      renews_at: z.iso.date().optional(),
      credits_balance: count.optional(),
      needed: count.optional(),
      spent_this_month: count.optional(),
      cap: count.optional(),
    })
    .meta({ id: 'ApiError' }),
);

/** Routes social does not model (`social api`): any JSON body is taken as it is. */
export const AnyBodySchema = z.unknown();

export type Author = z.infer<typeof AuthorSchema>;
export type PostItem = z.infer<typeof PostItemSchema>;
export type EnvelopeError = z.infer<typeof EnvelopeErrorSchema>;
export type ProfileEnvelope = z.infer<typeof ProfileEnvelopeSchema>;
export type PostsEnvelope = z.infer<typeof PostsEnvelopeSchema>;
export type SinglePostEnvelope = z.infer<typeof SinglePostEnvelopeSchema>;
export type TranscriptSegment = z.infer<typeof TranscriptSegmentSchema>;
export type TranscriptEnvelope = z.infer<typeof TranscriptEnvelopeSchema>;
export type Niche = z.infer<typeof NicheSchema>;
export type Coverage = z.infer<typeof CoverageSchema>;
export type SeriesPoint = z.infer<typeof SeriesPointSchema>;
export type Item = z.infer<typeof ItemSchema>;
export type TrendsBody = z.infer<typeof TrendsBodySchema>;
export type Mover = z.infer<typeof MoverSchema>;
export type MoversBody = z.infer<typeof MoversBodySchema>;
export type ApiError = z.infer<typeof ApiErrorSchema>;
