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
} satisfies Translation<typeof errors>;
