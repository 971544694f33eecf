// O que uma execução diz no stderr além dos erros, em português do Brasil: notas de créditos,
// avisos, notas de divergência, resumos de lotes, perguntas.
import type notes from '../en/notes.js';
import type { Translation } from '../message-types.js';

export default {
  'notes.credits': { one: '{n} crédito', many: '{n} de créditos', other: '{n} créditos' },
  'notes.batch.budgetUnenforceable':
    'parado: o orçamento compartilhado {budget} não pôde ser garantido ({reason}): {held}, não enviados; retome com --skip {skip} quando o armazenamento voltar',
} satisfies Translation<typeof notes>;
