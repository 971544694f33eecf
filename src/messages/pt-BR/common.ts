// Words every area uses, in Brazilian Portuguese.
import type common from '../en/common.js';
import type { Translation } from '../message-types.js';

export default {
  'common.unknown': 'desconhecido',
  'common.didYouMean': 'Você quis dizer {names}? ',
  'common.or': '{first} ou {second}',
} satisfies Translation<typeof common>;
