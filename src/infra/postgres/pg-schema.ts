// The PostgreSQL store's schema, versioned by forward migrations. Every process that opens the
// store checks the version with one read; when it is behind, the migrations run once, in one
// transaction under an advisory lock, whatever the number of machines starting together: the
// first takes the lock and migrates, the others wait for it and find the schema current. A schema
// from a newer social is never written to.

import type { Pool, PoolClient } from 'pg';
import { usageError } from '../../domain/errors.js';
import { said, t } from '../../messages/use-errors.js';
import { storeError } from './pg-failures.js';

/** What migrating needs of the store (pg-store.ts): its pool, name and transactions. */
interface Migrated {
  pool: Pool;
  name: string;
  transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T>;
}

/** The advisory lock key of the migrations (any constant of social's own: "soci" in ASCII). */
const MIGRATION_LOCK = 0x736f6369;

/**
 * Each migration, in order; the schema's version is how many have run. Never edit one that has
 * landed: add the next.
 */
const MIGRATIONS: readonly string[] = [
  // 1: shared budgets, the spend ledger of every machine, the --new-only state.
  `
  CREATE TABLE budgets (
    name text PRIMARY KEY,
    credits bigint NOT NULL CHECK (credits >= 0),
    per text CHECK (per IN ('month', 'day')),
    updated_at timestamptz NOT NULL DEFAULT now()
  );
  -- What each period of a budget holds: settled (charged, or counted as charged) and reserved
  -- (calls under way, at the most they can cost). settled + reserved never passes the limit.
  CREATE TABLE budget_periods (
    budget text NOT NULL REFERENCES budgets (name) ON DELETE CASCADE,
    period text NOT NULL,
    settled bigint NOT NULL DEFAULT 0,
    reserved bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (budget, period)
  );
  -- One row per paid call: reserved before it is sent, settled from its answer.
  CREATE TABLE budget_reservations (
    id bigserial PRIMARY KEY,
    token text NOT NULL UNIQUE,
    budget text NOT NULL REFERENCES budgets (name) ON DELETE CASCADE,
    period text NOT NULL,
    machine text NOT NULL,
    pid integer NOT NULL,
    route text NOT NULL,
    cost integer NOT NULL,
    reserved_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    state text NOT NULL CHECK (state IN ('open', 'charged', 'free', 'uncertain', 'expired')),
    credits integer,
    settled_at timestamptz
  );
  CREATE INDEX budget_reservations_open ON budget_reservations (budget, expires_at) WHERE state = 'open';
  CREATE INDEX budget_reservations_period ON budget_reservations (budget, period);

  CREATE FUNCTION social_period(per text, at timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE per
      WHEN 'month' THEN to_char(at AT TIME ZONE 'UTC', 'YYYY-MM')
      WHEN 'day' THEN to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD')
      ELSE 'all' END
  $$;

  -- Reserves cost on a budget's current period if it fits: the reservation's id, or null when it
  -- does not fit. One statement, so one transaction: the period's row lock orders the reservers,
  -- and each sees what the one before it reserved. A token already used gives its reservation back.
  CREATE FUNCTION social_reserve(p_token text, p_budget text, p_machine text, p_pid integer, p_route text,
      p_cost integer, p_expiry interval) RETURNS bigint LANGUAGE plpgsql AS $$
  DECLARE
    limit_credits bigint;
    period_per text;
    current text;
    reservation bigint;
  BEGIN
    SELECT id INTO reservation FROM budget_reservations WHERE token = p_token;
    IF FOUND THEN RETURN reservation; END IF;
    SELECT credits, per INTO limit_credits, period_per FROM budgets WHERE name = p_budget;
    IF NOT FOUND THEN RAISE EXCEPTION 'no budget named %', p_budget USING ERRCODE = 'P0002'; END IF;
    current := social_period(period_per, now());
    INSERT INTO budget_periods (budget, period) VALUES (p_budget, current) ON CONFLICT DO NOTHING;
    UPDATE budget_periods SET reserved = reserved + p_cost
      WHERE budget = p_budget AND period = current AND settled + reserved + p_cost <= limit_credits;
    IF NOT FOUND THEN RETURN NULL; END IF;
    INSERT INTO budget_reservations (token, budget, period, machine, pid, route, cost, reserved_at, expires_at, state)
      VALUES (p_token, p_budget, current, p_machine, p_pid, p_route, p_cost, now(), now() + p_expiry, 'open')
      RETURNING id INTO reservation;
    RETURN reservation;
  END $$;

  -- Settles a reservation from its answer: charged, free, or uncertain (counted as charged). An
  -- expired one (counted at its cost as uncertain) takes the answer's figure. Settling twice is a no-op.
  CREATE FUNCTION social_settle(p_id bigint, p_credits integer, p_state text) RETURNS void LANGUAGE plpgsql AS $$
  DECLARE
    r budget_reservations%ROWTYPE;
  BEGIN
    SELECT * INTO r FROM budget_reservations WHERE id = p_id FOR UPDATE;
    IF NOT FOUND OR r.state NOT IN ('open', 'expired') THEN RETURN; END IF;
    IF r.state = 'open' THEN
      UPDATE budget_periods SET reserved = reserved - r.cost, settled = settled + p_credits
        WHERE budget = r.budget AND period = r.period;
    ELSE
      UPDATE budget_periods SET settled = settled - r.cost + p_credits
        WHERE budget = r.budget AND period = r.period;
    END IF;
    UPDATE budget_reservations SET state = p_state, credits = p_credits, settled_at = now() WHERE id = p_id;
  END $$;

  -- Reservations past their expiry (their process killed, or gone silent) become uncertain charges
  -- at their full cost: moved from reserved to settled, never freed.
  CREATE FUNCTION social_expire(p_budget text) RETURNS integer LANGUAGE plpgsql AS $$
  DECLARE
    moved integer;
  BEGIN
    WITH expired AS (
      UPDATE budget_reservations SET state = 'expired', credits = cost, settled_at = now()
        WHERE budget = p_budget AND state = 'open' AND expires_at <= now()
        RETURNING period, cost
    ), totals AS (SELECT period, sum(cost) AS cost, count(*) AS calls FROM expired GROUP BY period),
    applied AS (
      UPDATE budget_periods p SET reserved = p.reserved - t.cost, settled = p.settled + t.cost
        FROM totals t WHERE p.budget = p_budget AND p.period = t.period
        RETURNING t.calls
    )
    SELECT coalesce(sum(calls), 0) INTO moved FROM applied;
    RETURN moved;
  END $$;

  -- What each machine spent with the key, as the local ledger records it on each.
  CREATE TABLE spend (
    id bigserial PRIMARY KEY,
    token text NOT NULL UNIQUE,
    at timestamptz NOT NULL,
    machine text NOT NULL,
    service text NOT NULL,
    key_fingerprint text,
    command text NOT NULL,
    route text NOT NULL,
    credits integer NOT NULL,
    uncertain boolean NOT NULL DEFAULT false,
    reason text
  );
  CREATE INDEX spend_key_at ON spend (service, key_fingerprint, at);

  -- movers --new-only: the ids already reported, per service and niche, from every machine.
  CREATE TABLE movers_seen (
    service text NOT NULL,
    niche text NOT NULL,
    external_id text NOT NULL,
    reported_at timestamptz NOT NULL,
    PRIMARY KEY (service, niche, external_id)
  );
  `,
  // 2: the ledger says which answers were cache hits, as the local ledger does.
  `ALTER TABLE spend ADD COLUMN cached boolean NOT NULL DEFAULT false;`,
  // 3: a process reserves a chunk of the budget at a time and hands it out to its calls, settling
  // them in batches, instead of a statement a call each way; the reservations of migration 1
  // become chunks of one call.
  `
  CREATE TABLE budget_chunks (
    id bigserial PRIMARY KEY,
    token text NOT NULL UNIQUE,
    budget text NOT NULL REFERENCES budgets (name) ON DELETE CASCADE,
    period text NOT NULL,
    machine text NOT NULL,
    pid integer NOT NULL,
    -- Reserved and not yet settled: counted in budget_periods.reserved while the chunk is open.
    held bigint NOT NULL CHECK (held >= 0),
    -- Settled through the chunk: calls, charged for certain, counted as charged without certainty.
    calls integer NOT NULL DEFAULT 0,
    charged bigint NOT NULL DEFAULT 0,
    uncertain bigint NOT NULL DEFAULT 0,
    -- Of uncertain: what was still held when the chunk expired open.
    expired bigint NOT NULL DEFAULT 0,
    -- The last settlement applied: one sent again after a lost connection is applied once.
    seq integer NOT NULL DEFAULT 0,
    opened_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    state text NOT NULL CHECK (state IN ('open', 'closed', 'expired')),
    closed_at timestamptz
  );
  CREATE INDEX budget_chunks_open ON budget_chunks (budget, expires_at) WHERE state = 'open';
  CREATE INDEX budget_chunks_period ON budget_chunks (budget, period);
  INSERT INTO budget_chunks (token, budget, period, machine, pid, held, calls, charged, uncertain, expired,
      opened_at, expires_at, state, closed_at)
    SELECT token, budget, period, machine, pid,
      CASE WHEN state = 'open' THEN cost ELSE 0 END, 1,
      CASE WHEN state = 'charged' THEN credits ELSE 0 END,
      CASE WHEN state IN ('uncertain', 'expired') THEN credits ELSE 0 END,
      CASE WHEN state = 'expired' THEN credits ELSE 0 END,
      reserved_at, expires_at,
      CASE state WHEN 'open' THEN 'open' WHEN 'expired' THEN 'expired' ELSE 'closed' END, settled_at
    FROM budget_reservations;
  DROP FUNCTION social_reserve(text, text, text, integer, text, integer, interval);
  DROP FUNCTION social_settle(bigint, integer, text);
  DROP FUNCTION social_expire(text);
  DROP TABLE budget_reservations;

  -- Reserves a chunk of a budget's current period: p_want credits while plenty is left, less as
  -- the budget runs low (a sixteenth of what is left), and never less than p_least (the call that
  -- asks): the chunk's id and what it holds, or no row when not even p_least fits. One statement,
  -- so one transaction: the period's row lock orders the reservers, and each sees what the one
  -- before it took. A token already used gives its chunk back (a reservation sent again).
  CREATE FUNCTION social_take(p_token text, p_budget text, p_machine text, p_pid integer, p_want bigint,
      p_least bigint, p_expiry interval) RETURNS TABLE (chunk bigint, granted bigint) LANGUAGE plpgsql AS $$
  DECLARE
    limit_credits bigint;
    period_per text;
    current text;
    used bigint;
    room bigint;
    amount bigint;
    made bigint;
  BEGIN
    SELECT c.id, c.held INTO made, amount FROM budget_chunks c WHERE c.token = p_token;
    IF FOUND THEN
      chunk := made; granted := amount; RETURN NEXT; RETURN;
    END IF;
    SELECT b.credits, b.per INTO limit_credits, period_per FROM budgets b WHERE b.name = p_budget;
    IF NOT FOUND THEN RAISE EXCEPTION 'no budget named %', p_budget USING ERRCODE = 'P0002'; END IF;
    current := social_period(period_per, now());
    INSERT INTO budget_periods (budget, period) VALUES (p_budget, current) ON CONFLICT DO NOTHING;
    SELECT p.settled + p.reserved INTO used FROM budget_periods p
      WHERE p.budget = p_budget AND p.period = current FOR UPDATE;
    room := limit_credits - used;
    IF room < p_least THEN RETURN; END IF;
    amount := least(greatest(p_want, p_least), greatest(p_least, room / 16));
    UPDATE budget_periods p SET reserved = p.reserved + amount WHERE p.budget = p_budget AND p.period = current;
    INSERT INTO budget_chunks (token, budget, period, machine, pid, held, expires_at, state)
      VALUES (p_token, p_budget, current, p_machine, p_pid, amount, now() + p_expiry, 'open')
      RETURNING id INTO made;
    chunk := made; granted := amount; RETURN NEXT;
  END $$;

  -- Settles what calls of each chunk cost (p_calls calls: p_charged for certain, p_uncertain
  -- counted as charged), gives back p_release of what it holds (all of it with p_close, which
  -- closes it), and moves its expiry on. For each chunk: what it holds after, and its state. A
  -- chunk that expired open was counted whole as uncertain: what is now known charged moves from
  -- uncertain to charged, and nothing is freed. A settlement already applied (p_seq) does nothing.
  CREATE FUNCTION social_settle_chunks(p_ids bigint[], p_seqs integer[], p_calls integer[], p_charged bigint[],
      p_uncertain bigint[], p_release bigint[], p_close boolean[], p_expiry interval)
      RETURNS TABLE (chunk bigint, held bigint, state text) LANGUAGE plpgsql AS $$
  DECLARE
    r budget_chunks%ROWTYPE;
    spent bigint;
    moved bigint;
    known bigint;
  BEGIN
    FOR i IN 1 .. coalesce(array_length(p_ids, 1), 0) LOOP
      SELECT * INTO r FROM budget_chunks c WHERE c.id = p_ids[i] FOR UPDATE;
      IF NOT FOUND THEN CONTINUE; END IF;
      IF r.seq < p_seqs[i] THEN
        spent := p_charged[i] + p_uncertain[i];
        IF r.state = 'expired' THEN
          known := least(p_charged[i], r.uncertain);
          UPDATE budget_chunks c SET calls = c.calls + p_calls[i], charged = c.charged + known,
              uncertain = c.uncertain - known, expired = greatest(0, c.expired - known), seq = p_seqs[i]
            WHERE c.id = r.id RETURNING * INTO r;
        ELSE
          moved := CASE WHEN p_close[i] THEN r.held ELSE least(r.held, spent + p_release[i]) END;
          IF r.state = 'closed' THEN moved := 0; END IF;
          UPDATE budget_periods p SET reserved = p.reserved - moved, settled = p.settled + spent
            WHERE p.budget = r.budget AND p.period = r.period;
          UPDATE budget_chunks c SET held = c.held - moved, calls = c.calls + p_calls[i],
              charged = c.charged + p_charged[i], uncertain = c.uncertain + p_uncertain[i], seq = p_seqs[i],
              expires_at = CASE WHEN c.state = 'open' THEN now() + p_expiry ELSE c.expires_at END,
              state = CASE WHEN p_close[i] THEN 'closed' ELSE c.state END,
              closed_at = CASE WHEN p_close[i] AND c.state = 'open' THEN now() ELSE c.closed_at END
            WHERE c.id = r.id RETURNING * INTO r;
        END IF;
      END IF;
      chunk := r.id; held := r.held; state := r.state; RETURN NEXT;
    END LOOP;
  END $$;

  -- Chunks past their expiry (their process killed, or gone silent) become uncertain charges at
  -- all they still hold, used or not (no one can say which): moved from reserved to settled,
  -- never freed.
  CREATE FUNCTION social_expire(p_budget text) RETURNS integer LANGUAGE plpgsql AS $$
  DECLARE
    moved integer;
  BEGIN
    WITH expired AS (
      UPDATE budget_chunks c SET state = 'expired', uncertain = c.uncertain + c.held, expired = c.held, held = 0,
          closed_at = now()
        WHERE c.budget = p_budget AND c.state = 'open' AND c.expires_at <= now()
        RETURNING c.period, c.expired AS amount
    ), totals AS (SELECT period, sum(amount) AS amount, count(*) AS chunks FROM expired GROUP BY period),
    applied AS (
      UPDATE budget_periods p SET reserved = p.reserved - t.amount, settled = p.settled + t.amount
        FROM totals t WHERE p.budget = p_budget AND p.period = t.period
        RETURNING t.chunks
    )
    SELECT coalesce(sum(chunks), 0) INTO moved FROM applied;
    RETURN moved;
  END $$;
  `,
  // 4: the local store's tables (src/infra/store/schema.ts has SQLite's), column for column: the
  // same names, and flags as 1 and 0, so one query reads both. What differs is named in
  // docs/store.md: times are timestamptz (read back as ISO 8601 text), a handle is citext
  // (SQLite's COLLATE NOCASE), the full-text indexes are GIN over tsvector (FTS5 there), and
  // fetches.write_token makes a write cut by a restart safe to run again.
  `
  CREATE EXTENSION IF NOT EXISTS citext;
  CREATE EXTENSION IF NOT EXISTS unaccent;
  -- Words as FTS5's unicode61 tokenizer with remove_diacritics takes them: case and accents
  -- ignored, no stemming, no stop words.
  CREATE TEXT SEARCH CONFIGURATION social_text (COPY = simple);
  ALTER TEXT SEARCH CONFIGURATION social_text
    ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH unaccent, simple;

  CREATE TABLE runs (
    id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    started_at timestamptz NOT NULL,
    command text NOT NULL,
    social_version text NOT NULL,
    pid integer NOT NULL
  );

  CREATE TABLE fetches (
    id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    run_id bigint NOT NULL REFERENCES runs (id),
    fetched_at timestamptz NOT NULL,
    service text NOT NULL,
    key_fingerprint text,
    command text NOT NULL,
    method text NOT NULL,
    route text NOT NULL,
    params text NOT NULL,
    request text NOT NULL,
    status integer,
    ok integer NOT NULL,
    error_code text,
    error_message text,
    credits integer NOT NULL,
    uncertain integer NOT NULL,
    cached integer,
    request_id text,
    write_token text UNIQUE
  );
  CREATE INDEX fetches_answer ON fetches (service, request, fetched_at) WHERE ok = 1;
  CREATE INDEX fetches_at ON fetches (fetched_at);
  CREATE INDEX fetches_run ON fetches (run_id);

  CREATE TABLE bodies (
    fetch_id bigint PRIMARY KEY REFERENCES fetches (id) ON DELETE CASCADE,
    body text NOT NULL
  );

  CREATE TABLE profiles (
    fetch_id bigint PRIMARY KEY REFERENCES fetches (id) ON DELETE CASCADE,
    source text NOT NULL,
    platform text NOT NULL,
    handle citext NOT NULL,
    fetched_at timestamptz NOT NULL,
    id text,
    author_handle text,
    name text,
    bio text,
    avatar_url text,
    followers bigint,
    following bigint,
    posts_count bigint,
    verified integer,
    is_private integer,
    external_url text,
    url text
  );
  CREATE INDEX profiles_account ON profiles (platform, handle, fetched_at);

  CREATE TABLE posts (
    post_rowid bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    platform text NOT NULL,
    id text NOT NULL,
    handle citext,
    url text,
    text text,
    text_html text,
    published_at text,
    thumbnail_url text,
    first_fetched_at timestamptz NOT NULL,
    last_fetched_at timestamptz NOT NULL,
    last_fetch_id bigint NOT NULL,
    UNIQUE (platform, id)
  );
  CREATE INDEX posts_account ON posts (platform, handle);
  CREATE INDEX posts_last ON posts (last_fetched_at);
  CREATE INDEX posts_fts ON posts USING gin (to_tsvector('social_text', coalesce(text, '')));

  CREATE TABLE post_metrics (
    fetch_id bigint NOT NULL REFERENCES fetches (id) ON DELETE CASCADE,
    platform text NOT NULL,
    post_id text NOT NULL,
    fetched_at timestamptz NOT NULL,
    likes bigint,
    replies bigint,
    reposts bigint,
    quotes bigint,
    author_followers bigint,
    PRIMARY KEY (fetch_id, platform, post_id)
  );
  CREATE INDEX post_metrics_post ON post_metrics (platform, post_id, fetched_at);

  CREATE TABLE transcripts (
    fetch_id bigint PRIMARY KEY REFERENCES fetches (id) ON DELETE CASCADE,
    platform text NOT NULL,
    url text NOT NULL,
    fetched_at timestamptz NOT NULL,
    items integer NOT NULL,
    text text NOT NULL
  );
  CREATE INDEX transcripts_url ON transcripts (url, fetched_at);
  CREATE INDEX transcripts_fts ON transcripts USING gin (to_tsvector('social_text', text));

  CREATE TABLE trend_items (
    niche text NOT NULL,
    external_id text NOT NULL,
    title text,
    url text,
    platform text,
    entered_at text,
    left_at text,
    best_position bigint,
    movement bigint,
    last_fetch_id bigint NOT NULL,
    last_fetched_at timestamptz NOT NULL,
    PRIMARY KEY (niche, external_id)
  );

  CREATE TABLE trend_points (
    niche text NOT NULL,
    external_id text NOT NULL,
    "window" text NOT NULL,
    position bigint,
    points bigint,
    comments bigint,
    fetch_id bigint NOT NULL,
    fetched_at timestamptz NOT NULL,
    PRIMARY KEY (niche, external_id, "window")
  );
  CREATE INDEX trend_points_window ON trend_points (niche, "window");
  CREATE INDEX trend_points_fetched ON trend_points (fetched_at);

  CREATE TABLE movers_runs (
    fetch_id bigint PRIMARY KEY REFERENCES fetches (id) ON DELETE CASCADE,
    niche text NOT NULL,
    fetched_at timestamptz NOT NULL,
    hours bigint,
    item_limit bigint,
    total bigint,
    interval_min bigint,
    credits_charged bigint,
    note text
  );
  CREATE INDEX movers_runs_niche ON movers_runs (niche, fetched_at);

  CREATE TABLE movers_items (
    fetch_id bigint NOT NULL REFERENCES movers_runs (fetch_id) ON DELETE CASCADE,
    rank integer NOT NULL,
    external_id text NOT NULL,
    title text,
    url text,
    points bigint,
    points_gained bigint,
    comments bigint,
    position bigint,
    PRIMARY KEY (fetch_id, rank)
  );
  CREATE INDEX movers_items_item ON movers_items (external_id);

  CREATE TABLE watchlist (
    platform text NOT NULL,
    handle citext NOT NULL,
    added_at timestamptz NOT NULL,
    PRIMARY KEY (platform, handle)
  );
  `,
];

/** The schema version this social writes on PostgreSQL. */
export const PG_SCHEMA_VERSION = MIGRATIONS.length;
const SCHEMA_VERSION = PG_SCHEMA_VERSION;

/** Brings the schema to SCHEMA_VERSION, or refuses a newer one (nothing is written to it). */
export async function migrate(store: Migrated): Promise<void> {
  const current = await readVersion(store);
  if (current === SCHEMA_VERSION) return;
  if (current > SCHEMA_VERSION) throw newer(store.name, current);
  await store.transaction(async (client) => {
    // Every process that found the schema behind queues here; one at a time looks again.
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS social_schema (version integer NOT NULL)');
    const rows = (await client.query<{ version: number }>('SELECT version FROM social_schema')).rows;
    let version = rows[0]?.version ?? 0;
    if (rows.length === 0) await client.query('INSERT INTO social_schema (version) VALUES (0)');
    if (version > SCHEMA_VERSION) throw newer(store.name, version);
    for (; version < SCHEMA_VERSION; version += 1) await client.query(MIGRATIONS[version] as string);
    await client.query('UPDATE social_schema SET version = $1', [SCHEMA_VERSION]);
  });
}

export async function readVersion(store: Pick<Migrated, 'pool' | 'name'>): Promise<number> {
  try {
    const rows = (await store.pool.query<{ version: number }>('SELECT version FROM social_schema')).rows;
    return rows[0]?.version ?? 0;
  } catch (error) {
    // 42P01: no such table, a database social has not used yet.
    if ((error as { code?: unknown }).code === '42P01') return 0;
    throw storeError(error, store.name);
  }
}

function newer(name: string, version: number): Error {
  return usageError(
    said('errors.pgStore.newer', { store: name, version, known: SCHEMA_VERSION }),
    t('errors.pgStore.newer.hint'),
  );
}
