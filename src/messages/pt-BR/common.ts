// Words every area uses, in Brazilian Portuguese.
import type common from '../en/common.js';
import type { Translation } from '../message-types.js';

export default {
  'common.unknown': 'desconhecido',
  'common.notJson': 'não é um JSON válido',
  'common.didYouMean': 'Você quis dizer {names}? ',
  'common.or': '{first} ou {second}',
  'common.figure.nothing': 'nada',
  'common.figure.list': 'uma lista',
  'common.figure.object': 'um objeto',
  'common.span.days': { one: '{days} dia', many: '{days} de dias', other: '{days} dias' },
  'common.span.hours': '{hours} h',
  'common.span.minutes': '{minutes} min',
  'common.span.then': '{first} {next}',
  'common.pgStore.unnamed': 'o armazenamento PostgreSQL',
  'common.char.named': '{name} ({point})',
  'common.char.tab': 'uma tabulação',
  'common.char.lineFeed': 'uma quebra de linha',
  'common.char.carriageReturn': 'um retorno de carro',
  'common.char.space': 'um espaço',
} satisfies Translation<typeof common>;
