// O que uma execução diz no stderr além dos erros, em português do Brasil: notas de créditos,
// avisos, notas de divergência, resumos de lotes, perguntas.
import type notes from '../en/notes.js';
import type { Translation } from '../message-types.js';

export default {
  'notes.credits': { one: '{n} crédito', many: '{n} de créditos', other: '{n} créditos' },
  'notes.batch.budgetUnenforceable':
    'parado: o orçamento compartilhado {budget} não pôde ser garantido ({reason}): {held}, não enviados; retome com --skip {skip} quando o armazenamento voltar',
  'notes.stored': 'do armazenamento local, obtido em {at} UTC · nada cobrado',
  'notes.reused': {
    one: 'do armazenamento local ({fetched}), não enviada: nada cobrado',
    many: '{n} de respostas do armazenamento local ({fetched}), não enviadas: nada cobrado',
    other: '{n} respostas do armazenamento local ({fetched}), não enviadas: nada cobrado',
  },
  'notes.reused.at': 'obtida em {at} UTC',
  'notes.reused.between': 'obtidas de {first} UTC a {last} UTC',
  'notes.envelope.used': {
    '=0': 'nenhum crédito usado · saldo {remaining}',
    one: '{n} crédito usado · saldo {remaining}',
    many: '{n} de créditos usados · saldo {remaining}',
    other: '{n} créditos usados · saldo {remaining}',
  },
  'notes.envelope.cached': {
    one: 'em cache, {n} crédito · saldo {remaining}',
    many: 'em cache, {n} de créditos · saldo {remaining}',
    other: 'em cache, {n} créditos · saldo {remaining}',
  },
  'notes.envelope.cachedUsed': {
    '=0': 'em cache, nenhum crédito usado · saldo {remaining}',
    one: 'em cache, {n} crédito usado · saldo {remaining}',
    many: 'em cache, {n} de créditos usados · saldo {remaining}',
    other: 'em cache, {n} créditos usados · saldo {remaining}',
  },
  'notes.trends.used': {
    '=0': 'nenhum crédito usado, franquia {freeUsed}/{freeTotal}',
    one: '{n} crédito usado, franquia {freeUsed}/{freeTotal}',
    many: '{n} de créditos usados, franquia {freeUsed}/{freeTotal}',
    other: '{n} créditos usados, franquia {freeUsed}/{freeTotal}',
  },
  'notes.balance': 'saldo {balance}',
  'notes.trends.calls': 'restam {remaining}/{limit} chamadas de trends',
  'notes.movers.nothing': 'nada cobrado (nenhum movimento a relatar) · saldo {balance}',
  'notes.movers.charged': {
    '=0': 'nenhum crédito cobrado · saldo {balance}',
    one: '{n} crédito cobrado · saldo {balance}',
    many: '{n} de créditos cobrados · saldo {balance}',
    other: '{n} créditos cobrados · saldo {balance}',
  },
  'notes.warning': 'aviso: {text}',
  'notes.debug': 'depuração: {text}',
  'notes.charge.belowPrice':
    'a resposta disse cached false, mas informou um uso de {credits}, abaixo do preço da rota ({price}): contada pelo preço',
  'notes.charge.cachedCharged':
    'a resposta disse cached true (nada cobrado), mas informou um uso de {credits}: contada como cobrada',
  'notes.charge.notCount':
    'a resposta informou {field} como {figure}, que não é uma contagem de créditos: contada como {credits}, como uma chamada que pode ter sido cobrada',
  'notes.drift': 'nota: o serviço enviou {drift}; exibido como veio',
  'notes.drift.missing': 'nota: o serviço enviou {drift}; exibido como veio, o que falta como desconhecido',
  'notes.drift.absent': 'sem {path} (documentado como {documented})',
  'notes.drift.sent': '{path} como {sent} (documentado como {documented})',
  'notes.drift.handled': '{drift}: {handling}',
  'notes.drift.more': {
    one: '{shown} e mais {n} campo',
    many: '{shown} e mais {n} de campos',
    other: '{shown} e mais {n} campos',
  },
  'notes.drift.notShown': 'não exibido',
  'notes.drift.uncertain': 'o que foi cobrado é incerto e não é descontado de nenhum total',
  'notes.drift.countOrMore': '0 ou mais',
  'notes.inputs': { one: '{n} entrada', many: '{n} de entradas', other: '{n} entradas' },
  'notes.batch.summary':
    '{inputs}: {ok} ok, {failed} com falha{notSent} · {used} ({cached} em cache{uncertain}) · saldo {remaining}',
  'notes.batch.used': {
    '=0': 'nenhum crédito usado',
    one: '{n} crédito usado',
    many: '{n} de créditos usados',
    other: '{n} créditos usados',
  },
  'notes.batch.notSent': ', {n} não enviadas ({why})',
  'notes.batch.notSentAtLeast': ', ao menos {n} não enviadas ({why})',
  'notes.batch.restNotSent': ', o restante não enviado ({why})',
  'notes.batch.why.budget': 'orçamento',
  'notes.batch.why.interrupted': 'interrompido',
  'notes.batch.uncertain': ', {n} incertas',
  'notes.batch.progress': '{done} feitas · {failed} com falha · {credits}',
  'notes.batch.readingTerminal':
    'lendo as entradas do terminal, uma por linha; tecle Ctrl-D para terminar (Ctrl-C para cancelar)',
  'notes.batch.stopping':
    'parando: nenhuma chamada nova é enviada; escrevendo as que estão em andamento (Ctrl-C de novo para sair na hora)',
  'notes.batch.memoryHeld':
    'as respostas ocupam {held} e a saída e o armazenamento, {backlog} ainda não lidos: no limite de {budget}, nenhuma chamada começa até que sejam escritos',
  'notes.batch.megabytes': '{size} MB',
  'notes.batch.interrupted': 'interrompido: todas as chamadas em andamento foram escritas; retome com --skip {skip}',
  'notes.batch.stoppedAt':
    'parado ao atingir o {budget}: {held}, não enviadas; retome com --skip {skip} e um novo orçamento',
  'notes.batch.maxCredits': 'orçamento do --max-credits ({n})',
  'notes.batch.sharedBudget': 'orçamento compartilhado {name}',
  'notes.batch.held': {
    '=0': 'nenhuma entrada retida',
    one: '{n} entrada retida',
    many: '{n} de entradas retidas',
    other: '{n} entradas retidas',
  },
  'notes.batch.heldAtLeast': {
    one: 'ao menos {n} entrada retida',
    many: 'ao menos {n} de entradas retidas',
    other: 'ao menos {n} entradas retidas',
  },
  'notes.batch.heldNames': '{held} ({names})',
  'notes.batch.heldNamesMore': '{held} ({names} e mais {more})',
  'notes.batch.understated': {
    one: '{n} resposta disse cached false, mas informou menos créditos usados que o preço da rota ({price}): contada pelo preço no orçamento',
    many: '{n} de respostas disseram cached false, mas informaram menos créditos usados que o preço da rota ({price}): contadas pelo preço no orçamento',
    other:
      '{n} respostas disseram cached false, mas informaram menos créditos usados que o preço da rota ({price}): contadas pelo preço no orçamento',
  },
  'notes.batch.cachedCharged': {
    one: '{n} resposta disse cached true (nada cobrado), mas informou créditos usados: contada como cobrada',
    many: '{n} de respostas disseram cached true (nada cobrado), mas informaram créditos usados: contadas como cobradas',
    other: '{n} respostas disseram cached true (nada cobrado), mas informaram créditos usados: contadas como cobradas',
  },
  'notes.batch.notCount': {
    one: '{n} resposta informou um valor de créditos que não é uma contagem: contada pelo preço da rota ({price}), como possivelmente cobrada',
    many: '{n} de respostas informaram um valor de créditos que não é uma contagem: contadas pelo preço da rota ({price}), como possivelmente cobradas',
    other:
      '{n} respostas informaram um valor de créditos que não é uma contagem: contadas pelo preço da rota ({price}), como possivelmente cobradas',
  },
  'notes.batch.failedUncertain': {
    one: '{n} chamada falhou depois de possivelmente ter sido cobrada: contada como cobrada, sem nova tentativa',
    many: '{n} de chamadas falharam depois de possivelmente terem sido cobradas: contadas como cobradas, sem nova tentativa',
    other:
      '{n} chamadas falharam depois de possivelmente terem sido cobradas: contadas como cobradas, sem nova tentativa',
  },
  'notes.batch.jqFailed': '{message}; {where}',
  'notes.credits.linesSkipped': {
    one: '{n} linha do spend.jsonl não é um registro de gasto e foi ignorada',
    many: '{n} de linhas do spend.jsonl não são registros de gasto e foram ignoradas',
    other: '{n} linhas do spend.jsonl não são registros de gasto e foram ignoradas',
  },
  'notes.credits.ledgerUnread': 'não foi possível ler o registro de gastos local: {reason}',
  'notes.credits.ceilingReached': '{ceiling}: chamadas pagas são recusadas até {date} (00:00 UTC){left}',
  'notes.credits.ceilingLeft': {
    one: ', embora ainda reste {n} crédito',
    many: ', embora ainda restem {n} de créditos',
    other: ', embora ainda restem {n} créditos',
  },
  'notes.budget.set': 'orçamento {name}: {credits}, para todos os processos que usam o armazenamento',
  'notes.budget.set.month': 'orçamento {name}: {credits} por mês, para todos os processos que usam o armazenamento',
  'notes.budget.set.day': 'orçamento {name}: {credits} por dia, para todos os processos que usam o armazenamento',
  'notes.mcp.said': 'social mcp: {line}',
  'notes.mcp.unexpected': 'social mcp: erro inesperado em {tool}: {message}',
  'notes.mcp.serving': 'social mcp: Streamable HTTP em {url}',
  'notes.mcp.token': 'social mcp: token bearer (mostrado uma vez): {token}',
  'notes.mcp.plan': {
    one: 'simulação: nada enviado; {n} requisição, no máximo {most}',
    many: 'simulação: nada enviado; {n} de requisições, no máximo {most}',
    other: 'simulação: nada enviado; {n} requisições, no máximo {most}',
  },
  'notes.mcp.priceUnknown': 'um preço desconhecido',
  'notes.mcp.nothingSent': 'nada enviado, nada cobrado',
  'notes.mcp.maybeCharged': {
    one: '{n} crédito pode ter sido cobrado (contado como cobrado)',
    many: '{n} de créditos podem ter sido cobrados (contados como cobrados)',
    other: '{n} créditos podem ter sido cobrados (contados como cobrados)',
  },
  'notes.mcp.nothingCharged': 'nada cobrado',
  'notes.mcp.charged': { one: '{n} crédito cobrado', many: '{n} de créditos cobrados', other: '{n} créditos cobrados' },
  'notes.mcp.install.unchanged': '{client} já tem esta entrada {name} em {path}: nada mudou',
  'notes.mcp.install.dryRun': 'simulação: {path} receberia esta entrada {name} (nada gravado):',
  'notes.mcp.install.wrote': 'entrada {name} gravada em {path}; reinicie o {client} para carregá-la',
  'notes.prompt.apiKey': 'Chave de API: ',
  'notes.config.keyOnCommandLine':
    'aviso: uma chave dada na linha de comando fica no histórico do shell e aparece na lista de processos; da próxima vez, omita o valor e cole-o quando pedido, ou passe-o pela entrada padrão: printf %s "$KEY" | social config set api-key',
  'notes.config.set': '{key} definido como {value} em {path}',
  'notes.config.unset': '{key} removido',
  'notes.config.notSet': '{key} não está definido',
  'notes.config.fromFile': '{key}: do arquivo',
  'notes.config.default': '{key}: o padrão',
  'notes.config.fromFlag': '{key}: da opção {from}',
  'notes.config.fromEnv': '{key}: do ambiente, {from}',
  'notes.config.fromFlagOverrides': '{key}: da opção {from} (substitui {saved} do arquivo)',
  'notes.config.fromEnvOverrides': '{key}: do ambiente, {from} (substitui {saved} do arquivo)',
} satisfies Translation<typeof notes>;
