// Words every area uses, in English.
import type { Messages } from '../message-types.js';

export default {
  'common.unknown': 'unknown',
} satisfies Messages;
