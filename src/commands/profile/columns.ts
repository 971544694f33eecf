// The columns of `social profile`: the csv and batch table of profiles, and the names --fields takes.

import { PLATFORMS, type Platform } from '../../domain/platforms.js';
import type { Author, ProfileEnvelope } from '../../domain/schemas.js';
import { inEnglish } from '../../messages/catalogue.js';
import type { Column } from '../../output/types.js';
import type { BatchEntry } from '../../runtime/batch/batch.js';
import { fieldNames } from '../../runtime/fields-option.js';
import { authorColumns } from '../shared/social-shared.js';

type Entry = BatchEntry<ProfileEnvelope>;

export function profileColumns(platform: Platform): Column<Entry>[] {
  const author = (e: Entry): Author => e.body?.data?.author ?? EMPTY_AUTHOR;
  // A table names a profile by its handle; its error column is there once an input failed.
  return [
    { header: 'input', label: 'views.column.input', value: (e) => e.input, csvOnly: true },
    { header: 'platform', label: 'views.column.platform', value: () => platform.name, csvOnly: true },
    ...authorColumns(author),
    {
      header: 'cached',
      label: 'views.column.cached',
      value: (e) => e.body?.cached ?? null,
      kind: 'bool',
      csvOnly: true,
    },
    {
      header: 'error',
      label: 'views.column.error',
      value: (e) => (e.error === undefined ? null : inEnglish(e.error.message)),
      missing: '',
      csvOnly: true,
    },
  ];
}

/** What --fields takes: every column of a profile. */
export const PROFILE_FIELDS = fieldNames(profileColumns(PLATFORMS[0]!));

const EMPTY_AUTHOR: Author = {
  id: null,
  handle: null,
  name: null,
  bio: null,
  avatar_url: null,
  followers: null,
  following: null,
  posts_count: null,
  verified: null,
  is_private: null,
  external_url: null,
  url: null,
};
