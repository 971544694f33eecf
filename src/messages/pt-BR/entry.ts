// O que a entrada diz por conta própria, em português do Brasil: o relato de uma falha.
import type entry from '../en/entry.js';
import type { Translation } from '../message-types.js';

export default {
  'entry.error': 'erro: {message}',
  'entry.errorCode': 'erro ({code}): {message}',
  'entry.requestId': 'id da requisição: {id}',
  'entry.unexpected': 'erro inesperado: {message}',
  'entry.bug': 'Isto é um bug do social; rode de novo com --debug para ver os detalhes e relate-o.',
} satisfies Translation<typeof entry>;
