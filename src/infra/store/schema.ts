// The store's schema as forward migrations: MIGRATIONS[n] takes a store from version n to n + 1,
// its version kept in SQLite's PRAGMA user_version. A store is only ever moved forward, each step
// in the same transaction as the version it sets; a store whose version is past the last step
// here was made by a newer social and is never written to. docs/store.md describes every table
// and column: keep it true (a test runs its queries).

export const MIGRATIONS: readonly string[] = [
  // 1: the fetch log, the bodies, the analyst tables, full-text search, the watchlist.
  `
  CREATE TABLE runs (
    id INTEGER PRIMARY KEY,
    started_at TEXT NOT NULL,
    command TEXT NOT NULL,
    social_version TEXT NOT NULL,
    pid INTEGER NOT NULL
  );

  CREATE TABLE fetches (
    id INTEGER PRIMARY KEY,
    run_id INTEGER NOT NULL REFERENCES runs(id),
    fetched_at TEXT NOT NULL,
    service TEXT NOT NULL,
    key_fingerprint TEXT,
    command TEXT NOT NULL,
    method TEXT NOT NULL,
    route TEXT NOT NULL,
    params TEXT NOT NULL,
    request TEXT NOT NULL,
    status INTEGER,
    ok INTEGER NOT NULL,
    error_code TEXT,
    error_message TEXT,
    credits INTEGER NOT NULL,
    uncertain INTEGER NOT NULL,
    cached INTEGER,
    request_id TEXT
  );
  CREATE INDEX fetches_answer ON fetches (service, request, fetched_at) WHERE ok = 1;
  CREATE INDEX fetches_at ON fetches (fetched_at);
  CREATE INDEX fetches_run ON fetches (run_id);

  CREATE TABLE bodies (
    fetch_id INTEGER PRIMARY KEY REFERENCES fetches(id) ON DELETE CASCADE,
    body TEXT NOT NULL
  );

  CREATE TABLE profiles (
    fetch_id INTEGER PRIMARY KEY REFERENCES fetches(id) ON DELETE CASCADE,
    source TEXT NOT NULL,
    platform TEXT NOT NULL,
    handle TEXT NOT NULL COLLATE NOCASE,
    fetched_at TEXT NOT NULL,
    id TEXT,
    author_handle TEXT,
    name TEXT,
    bio TEXT,
    avatar_url TEXT,
    followers INTEGER,
    following INTEGER,
    posts_count INTEGER,
    verified INTEGER,
    is_private INTEGER,
    external_url TEXT,
    url TEXT
  );
  CREATE INDEX profiles_account ON profiles (platform, handle, fetched_at);

  CREATE TABLE posts (
    post_rowid INTEGER PRIMARY KEY,
    platform TEXT NOT NULL,
    id TEXT NOT NULL,
    handle TEXT COLLATE NOCASE,
    url TEXT,
    text TEXT,
    text_html TEXT,
    published_at TEXT,
    thumbnail_url TEXT,
    first_fetched_at TEXT NOT NULL,
    last_fetched_at TEXT NOT NULL,
    last_fetch_id INTEGER NOT NULL,
    UNIQUE (platform, id)
  );
  CREATE INDEX posts_account ON posts (platform, handle);
  CREATE INDEX posts_last ON posts (last_fetched_at);

  CREATE TABLE post_metrics (
    fetch_id INTEGER NOT NULL REFERENCES fetches(id) ON DELETE CASCADE,
    platform TEXT NOT NULL,
    post_id TEXT NOT NULL,
    fetched_at TEXT NOT NULL,
    likes INTEGER,
    replies INTEGER,
    reposts INTEGER,
    quotes INTEGER,
    author_followers INTEGER,
    PRIMARY KEY (fetch_id, platform, post_id)
  );
  CREATE INDEX post_metrics_post ON post_metrics (platform, post_id, fetched_at);

  CREATE TABLE transcripts (
    fetch_id INTEGER PRIMARY KEY REFERENCES fetches(id) ON DELETE CASCADE,
    platform TEXT NOT NULL,
    url TEXT NOT NULL,
    fetched_at TEXT NOT NULL,
    items INTEGER NOT NULL,
    text TEXT NOT NULL
  );
  CREATE INDEX transcripts_url ON transcripts (url, fetched_at);

  CREATE TABLE trend_items (
    niche TEXT NOT NULL,
    external_id TEXT NOT NULL,
    title TEXT,
    url TEXT,
    platform TEXT,
    entered_at TEXT,
    left_at TEXT,
    best_position INTEGER,
    movement INTEGER,
    last_fetch_id INTEGER NOT NULL,
    last_fetched_at TEXT NOT NULL,
    PRIMARY KEY (niche, external_id)
  );

  CREATE TABLE trend_points (
    niche TEXT NOT NULL,
    external_id TEXT NOT NULL,
    window TEXT NOT NULL,
    position INTEGER,
    points INTEGER,
    comments INTEGER,
    fetch_id INTEGER NOT NULL,
    fetched_at TEXT NOT NULL,
    PRIMARY KEY (niche, external_id, window)
  ) WITHOUT ROWID;
  CREATE INDEX trend_points_window ON trend_points (niche, window);
  CREATE INDEX trend_points_fetched ON trend_points (fetched_at);

  CREATE TABLE movers_runs (
    fetch_id INTEGER PRIMARY KEY REFERENCES fetches(id) ON DELETE CASCADE,
    niche TEXT NOT NULL,
    fetched_at TEXT NOT NULL,
    hours INTEGER,
    item_limit INTEGER,
    total INTEGER,
    interval_min INTEGER,
    credits_charged INTEGER,
    note TEXT
  );
  CREATE INDEX movers_runs_niche ON movers_runs (niche, fetched_at);

  CREATE TABLE movers_items (
    fetch_id INTEGER NOT NULL REFERENCES movers_runs(fetch_id) ON DELETE CASCADE,
    rank INTEGER NOT NULL,
    external_id TEXT NOT NULL,
    title TEXT,
    url TEXT,
    points INTEGER,
    points_gained INTEGER,
    comments INTEGER,
    position INTEGER,
    PRIMARY KEY (fetch_id, rank)
  );
  CREATE INDEX movers_items_item ON movers_items (external_id);

  CREATE TABLE watchlist (
    platform TEXT NOT NULL,
    handle TEXT NOT NULL COLLATE NOCASE,
    added_at TEXT NOT NULL,
    PRIMARY KEY (platform, handle)
  );

  CREATE VIRTUAL TABLE posts_fts USING fts5 (
    text, content = 'posts', content_rowid = 'post_rowid', tokenize = 'unicode61 remove_diacritics 2'
  );
  CREATE TRIGGER posts_fts_insert AFTER INSERT ON posts BEGIN
    INSERT INTO posts_fts (rowid, text) VALUES (new.post_rowid, new.text);
  END;
  CREATE TRIGGER posts_fts_delete AFTER DELETE ON posts BEGIN
    INSERT INTO posts_fts (posts_fts, rowid, text) VALUES ('delete', old.post_rowid, old.text);
  END;
  CREATE TRIGGER posts_fts_update AFTER UPDATE OF text ON posts BEGIN
    INSERT INTO posts_fts (posts_fts, rowid, text) VALUES ('delete', old.post_rowid, old.text);
    INSERT INTO posts_fts (rowid, text) VALUES (new.post_rowid, new.text);
  END;

  CREATE VIRTUAL TABLE transcripts_fts USING fts5 (
    text, content = 'transcripts', content_rowid = 'fetch_id', tokenize = 'unicode61 remove_diacritics 2'
  );
  CREATE TRIGGER transcripts_fts_insert AFTER INSERT ON transcripts BEGIN
    INSERT INTO transcripts_fts (rowid, text) VALUES (new.fetch_id, new.text);
  END;
  CREATE TRIGGER transcripts_fts_delete AFTER DELETE ON transcripts BEGIN
    INSERT INTO transcripts_fts (transcripts_fts, rowid, text) VALUES ('delete', old.fetch_id, old.text);
  END;
  `,
];

/** The schema version this social writes. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/** The tables an analyst reads and `store export` takes, in the order `store info` lists them. */
export const STORE_TABLES = [
  'runs',
  'fetches',
  'bodies',
  'profiles',
  'posts',
  'post_metrics',
  'transcripts',
  'trend_items',
  'trend_points',
  'movers_runs',
  'movers_items',
  'watchlist',
] as const;
