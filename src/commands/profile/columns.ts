// The columns of `social profile`: the csv and batch table of profiles, and the names --fields takes.

import { PLATFORMS, type Platform } from '../../domain/platforms.js';
import type { ProfileEnvelope } from '../../domain/schemas.js';
import type { Column } from '../../output/types.js';
import type { BatchEntry } from '../../runtime/batch/batch.js';
import { fieldNames } from '../../runtime/fields-option.js';
import { profileAnswerColumns } from '../shared/social-shared.js';

type Entry = BatchEntry<ProfileEnvelope>;

export function profileColumns(platform: Platform): Column<Entry>[] {
  // A table names a profile by its handle; its error column is there once an input failed.
  return [
    { header: 'input', label: 'views.column.input', value: (e) => e.input, csvOnly: true },
    { header: 'platform', label: 'views.column.platform', value: () => platform.name, csvOnly: true },
    ...profileAnswerColumns(),
  ];
}

/** What --fields takes: every column of a profile. */
export const PROFILE_FIELDS = fieldNames(profileColumns(PLATFORMS[0]!));
