// O que a entrada diz por conta própria, em português do Brasil: o relato de uma falha.
import type entry from '../en/entry.js';
import type { Translation } from '../message-types.js';

export default {
  'entry.error': 'erro: {message}',
  'entry.errorCode': 'erro ({code}): {message}',
  'entry.requestId': 'id da requisição: {id}',
  'entry.unexpected': 'erro inesperado: {message}',
  'entry.bug': 'Isto é um bug do social; rode de novo com --debug para ver os detalhes e relate-o.',
  'entry.commander.unknownOption': "opção desconhecida '{option}'",
  'entry.commander.unknownCommand': "comando desconhecido '{command}'",
  'entry.commander.missingArgument': "falta o argumento obrigatório '{argument}'",
  'entry.commander.optionMissingArgument': "falta o valor da opção '{option}'",
  'entry.commander.arguments': { one: '{n} argumento', many: '{n} de argumentos', other: '{n} argumentos' },
  'entry.commander.excessArguments': 'argumentos demais: esperava {expected} e recebeu {got}.',
  'entry.commander.excessArgumentsFor': "argumentos demais para '{command}': esperava {expected} e recebeu {got}.",
  'entry.commander.invalidChoice': "valor '{value}' inválido para a opção '{option}'. Valores aceitos: {choices}.",
  'entry.commander.didYouMean': '(Você quis dizer {names}?)',
  'entry.commander.didYouMeanOneOf': '(Você quis dizer um destes: {names}?)',
  'entry.output': 'não foi possível escrever a saída: {reason}',
  'entry.output.saved': 'não foi possível escrever a saída: {reason}; a resposta está salva em {path}',
  'entry.output.notSaved':
    'não foi possível escrever a saída: {reason}; também não foi possível salvar a resposta ({why})',
} satisfies Translation<typeof entry>;
