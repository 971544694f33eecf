// Erros e suas dicas, em português do Brasil (glossário: docs/guide.md). Os códigos do serviço
// (sem_creditos) nunca são traduzidos.
import type errors from '../en/errors.js';
import type { Translation } from '../message-types.js';

export default {
  'errors.charge.none': 'Nada foi cobrado.',
  'errors.charge.maybe': 'A chamada pode ter sido cobrada: contada como {credits}.',
  'errors.charge.stated': 'A resposta informa {credits} usados: contada como cobrada.',
  'errors.auth': 'a chave de API está ausente, é desconhecida ou foi desativada',
  'errors.auth.hint':
    'Defina uma chave válida com `social config set api-key` (lida da entrada padrão) ou SOCIAL_API_KEY, ou experimente com --sandbox.',
  'errors.method.refused': 'o serviço recusou o método HTTP',
  'errors.method.refusedGet':
    'o serviço recusou GET em {path}, que as rotas dele aceitam (um bug do social ou uma mudança no serviço)',
  'errors.method.notAllowed': '{method} não é permitido em {path}: o serviço permite {allowed} ali',
  'errors.method.notAllowed.hint': 'As rotas do serviço são GET: rode de novo sem -X/--method.',
  'errors.quota': 'a cota mensal desta rota se esgotou',
  'errors.quota.limit': 'a cota mensal de {limit} requisições desta rota se esgotou',
  'errors.quota.hint': 'Ela se renova em {date}. Tentar de novo antes disso não adianta.',
  'errors.route.notFound': 'rota ou recurso inexistente',
  'errors.parameter': 'o serviço recusou um parâmetro',
  'errors.parameter.hint': 'Confira o valor em {help}.',
  'errors.interval': 'o serviço recusou o intervalo',
  'errors.interval.hint': 'Informe --from antes de --to, com no máximo 90 dias entre eles.',
  'errors.credits': 'sem créditos: não há créditos comprados nem franquia gratuita restante neste mês',
  'errors.credits.hint':
    'A franquia gratuita volta em {date} (00:00 UTC); até lá, só créditos comprados resolvem. Tentar de novo não adianta.',
  'errors.credits.needed.hint':
    'A franquia gratuita volta em {date} (00:00 UTC); até lá, só créditos comprados resolvem. Tentar de novo não adianta. Esta chamada precisa de {needed}.',
  'errors.ceiling': 'o teto mensal de gastos desta chave foi atingido',
  'errors.ceiling.cap': 'o teto mensal de gastos desta chave ({cap}) foi atingido',
  'errors.ceiling.hint': 'Os gastos voltam em {date}, ou quando o teto for aumentado. Tentar de novo não adianta.',
  'errors.notFound': 'perfil, conta ou post inexistente',
  'errors.notFound.hint': 'Confira o identificador ou a URL.',
  'errors.blocked': 'a plataforma recusou o serviço para este recurso (a chave está correta)',
  'errors.unavailable': 'o serviço ou uma de suas dependências está indisponível',
  'errors.unavailable.hint': 'Tente de novo mais tarde.',
  'errors.status.400': 'o serviço recusou a requisição',
  'errors.status.402': 'pagamento necessário: sem créditos',
  'errors.status.402.hint': 'Tentar de novo não adianta.',
  'errors.status.404': 'não encontrado',
  'errors.status.451': 'a plataforma recusou o serviço',
  'errors.status.5xx': 'o serviço falhou',
  'errors.status.unknown': 'o serviço respondeu com um status que o social não conhece',
  'errors.withStatus': '{meaning} (HTTP {status})',
  'errors.jq.notSent.hint': 'Nada foi enviado: rode sem --jq para ver o que ele imprime.',
  'errors.saved.hint': 'A requisição foi feita (e cobrada, onde a rota cobra): a resposta está salva em {path}.',
  'errors.notSaved.hint':
    'A requisição foi feita (e cobrada, onde a rota cobra): também não foi possível salvar a resposta.',
  'errors.batch.jqInterrupted.saved':
    'interrompido enquanto o --jq rodava: os registros que ele não escreveu estão salvos em {path}; retome com --skip {skip}',
  'errors.batch.jqInterrupted.notSaved':
    'interrompido enquanto o --jq rodava: não foi possível salvar os registros que ele não escreveu; retome com --skip {skip}',
  'errors.batch.jqStopped': '{message}; interrompido enquanto o --jq rodava: retome com --skip {skip}',
  'errors.batch.alsoJq': '{message}; {jq}: {where}',
  'errors.batch.keptToo': {
    one: 'esse registro também está nele',
    many: 'esses registros também estão nele',
    other: 'esses registros também estão nele',
  },
  'errors.batch.kept': {
    one: 'o registro em que ele falhou está salvo em {path}',
    many: 'os {n} de registros em que ele falhou estão salvos em {path}',
    other: 'os {n} registros em que ele falhou estão salvos em {path}',
  },
  'errors.batch.notKept': {
    one: 'não foi possível salvar o registro em que ele falhou ({why})',
    many: 'não foi possível salvar todos os {n} de registros em que ele falhou ({why})',
    other: 'não foi possível salvar todos os {n} registros em que ele falhou ({why})',
  },
  'errors.batch.notKeptSome': {
    one: 'não foi possível salvar o registro em que ele falhou ({why}; parte em {path})',
    many: 'não foi possível salvar todos os {n} de registros em que ele falhou ({why}; parte em {path})',
    other: 'não foi possível salvar todos os {n} registros em que ele falhou ({why}; parte em {path})',
  },
  'errors.batch.jq.hint': 'Todas as requisições foram feitas (e cobradas, onde a rota cobra): {where}.',
  'errors.maybeCharged.hint': 'Sem nova tentativa: o serviço pode ter cobrado a chamada.',
  'errors.tooLarge': 'a resposta é maior que {size}: abortada',
  'errors.tooLarge.hint':
    'Sem nova tentativa: o serviço pode ter cobrado a chamada. Se uma resposta desse tamanho é esperada, aumente --max-body (ou SOCIAL_MAX_BODY).',
  'errors.unreadable': 'não foi possível ler a resposta: {what} (a chamada pode ter sido cobrada)',
  'errors.unreadable.parser.hint':
    'Sem nova tentativa: o serviço pode ter cobrado a chamada. O analisador HTTP disse: {said}',
  'errors.unreadable.body': 'o enquadramento HTTP do corpo estava malformado',
  'errors.unreadable.head': 'a linha de status ou os cabeçalhos estavam malformados',
  'errors.unreadable.headers': 'os cabeçalhos eram maiores do que o cliente HTTP lê',
  'errors.unreadable.status': 'o status (1xx) não é um que encerre uma resposta',
  'errors.timeout': 'nenhuma resposta completa em {seconds} s (a chamada pode ter sido cobrada)',
  'errors.timeout.hint':
    'Sem nova tentativa: o serviço pode ter cobrado a chamada. Aumente --timeout se o serviço estiver lento.',
  'errors.broken': 'a conexão caiu depois que a requisição foi enviada (a chamada pode ter sido cobrada)',
  'errors.unreachable.timeout': 'não foi possível alcançar {origin}: nenhuma conexão em {seconds} s',
  'errors.unreachable': 'não foi possível alcançar {origin}: {detail}',
  'errors.unreachable.hint': 'Confira a URL base (`social config get base-url`) e a rede.',
  'errors.interrupted': 'interrompido',
  'errors.interrupted.sent': 'interrompido depois que a requisição foi enviada (a chamada pode ter sido cobrada)',
  'errors.interrupted.sent.hint': '`social credits` a conta como incerta.',
  'errors.interrupted.notSent': 'interrompido antes do envio: nada cobrado',
  'errors.config.needsValue': 'config set {key} precisa de um valor',
  'errors.config.cancelled': 'cancelado',
  'errors.config.noValue': 'nenhum valor na entrada padrão',
  'errors.config.noValue.hint':
    'Passe-o pela entrada padrão (printf %s "$KEY" | social config set api-key) ou digite-o quando pedido.',
  'errors.budget.unknownPrice':
    'o preço desta rota não é conhecido pelo social, então ela não pode ser limitada ao orçamento de {budget} do --max-credits: nada enviado',
  'errors.budget.unknownPrice.hint': 'Rode sem --max-credits para enviá-la.',
  'errors.budget.over': 'esta chamada pode custar {credits} > orçamento {budget} (--max-credits): nada enviado',
  'errors.budget.over.hint': 'Dê --max-credits {cost} ou mais para enviá-la.',
  'errors.budget.heldBack': 'não enviada: retida pelo orçamento de {budget} do --max-credits',
  'errors.budget.heldBackShared': 'não enviada: retida pelo orçamento compartilhado {name}',
} satisfies Translation<typeof errors>;
