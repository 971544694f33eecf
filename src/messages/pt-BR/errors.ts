// Erros e suas dicas, em português do Brasil (glossário: docs/guide.md). Os códigos do serviço
// (sem_creditos) nunca são traduzidos.
import type errors from '../en/errors.js';
import type { Translation } from '../message-types.js';

export default {
  'errors.charge.none': 'Nada foi cobrado.',
  'errors.charge.maybe': 'A chamada pode ter sido cobrada: contada como {credits}.',
  'errors.charge.reason.belowPrice': 'a resposta disse cached false, mas informou um uso de {figure} créditos',
  'errors.charge.reason.notCount': 'a resposta informou {field} como {figure}, que não é uma contagem de créditos',
  'errors.charge.reason.notUnderstood': 'a resposta não foi compreendida',
  'errors.charge.reason.interrupted': 'interrompida depois de a requisição ser enviada',
  'errors.charge.reason.timeout': 'nenhuma resposta completa a tempo depois de a requisição ser enviada',
  'errors.charge.reason.status': 'o serviço respondeu {status}',
  'errors.charge.reason.broken': 'a conexão caiu depois de a requisição ser enviada',
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
  'errors.options.jsonWithOutput': '--json significa -o json; não pode ser usado com -o {output}',
  'errors.options.sandboxBaseUrl':
    '--sandbox roda contra uma sandbox dentro do processo, --base-url indica um serviço: use um ou outro',
  'errors.options.sandboxKey': '--sandbox só aceita com --api-key as chaves de demonstração dele: {keys}',
  'errors.options.sandboxNow': '--sandbox-now acerta o relógio da sandbox dentro do processo: ele vai com --sandbox',
  'errors.options.quietDebug':
    '--quiet deixa o stderr só para os erros e --debug escreve o rastreamento nele: use um ou outro',
  'errors.options.jqFormat':
    '--jq imprime o que o filtro produz, a partir de JSON; não pode ser combinado com -o {output}',
  'errors.options.fieldsJq': '--fields escolhe os campos a imprimir e --jq filtra JSON: use um ou outro',
  'errors.options.offlineNoStore':
    '--offline responde a partir do armazenamento local e --no-store deixa o armazenamento de lado: use um ou outro',
  'errors.options.maxAgeNoStore':
    '--max-age responde a partir do armazenamento local e --no-store deixa o armazenamento de lado: use um ou outro',
  'errors.options.storeOff':
    '{flag} responde a partir do armazenamento local, que está desligado (SOCIAL_STORE=off): não guarda nada',
  'errors.options.fieldsDryRun':
    '--fields escolhe as colunas do comando, e --dry-run imprime o plano (método, url, máximo de créditos), não as colunas',
  'errors.options.fieldsDryRun.hint': 'Rode --dry-run sem --fields; acrescente --fields quando enviar a requisição.',
  'errors.options.output': '--output deve ser um de {formats}; recebido {got}',
  'errors.options.retries': '--retries deve ser um número inteiro de 0 a 10; recebido {got}',
  'errors.options.integer':
    '{flag} deve ser um número inteiro de {min} a {max} (fora do intervalo é recusado, não ajustado); recebido {got}',
  'errors.options.duration': '{flag} deve ser uma duração como 30m, 6h, 7d ou 2w; recebido {got}',
  'errors.options.durationTooLong':
    '{flag} recua além da primeira data que um relógio guarda: no máximo {max}; recebido {got}',
  'errors.options.inConfigFile': '{key} (no arquivo de configuração)',
  'errors.niche.missing': 'informe um nicho, como tech',
  'errors.niche.notName': '{niche} não é nome de nicho',
  'errors.niche.hint': 'Veja a lista com `social niches` (grátis).',
  'errors.fields.none': '--fields precisa de pelo menos um nome de coluna',
  'errors.fields.available.hint': 'Campos disponíveis: {names}.',
  'errors.fields.emptyName': '--fields tem um nome vazio em {raw}',
  'errors.fields.unknown': {
    one: 'Campo desconhecido: {names}',
    many: 'Campos desconhecidos: {names}',
    other: 'Campos desconhecidos: {names}',
  },
  'errors.fields.twice': '--fields cita {names} mais de uma vez',
  'errors.fields.ofRecords': {
    one: '--fields {names} é um campo dos registros de um lote: uma chamada só imprime a resposta do serviço em {format}, que não o tem',
    many: '--fields {names} são campos dos registros de um lote: uma chamada só imprime a resposta do serviço em {format}, que não os tem',
    other:
      '--fields {names} são campos dos registros de um lote: uma chamada só imprime a resposta do serviço em {format}, que não os tem',
  },
  'errors.fields.ofRecords.hint':
    'Eles são colunas em csv e na tabela; em json e ndjson, um lote (profile com vários identificadores, profile ou posts com --file F ou -) dá um registro por entrada com eles.',
  'errors.budgetOption.sandbox':
    '--budget é compartilhado por um armazenamento PostgreSQL, e --sandbox gasta dinheiro de mentira: use um ou outro',
  'errors.budgetOption.noStore':
    '--budget {name} é compartilhado por todos os processos de um armazenamento PostgreSQL, e nenhuma URL de armazenamento está definida',
  'errors.budgetOption.noStore.hint':
    'Defina uma: SOCIAL_STORE=postgres://user@host:5432/db, ou social config set store postgres://…',
  'errors.baseUrl.missing': 'nenhum endereço de serviço configurado',
  'errors.baseUrl.missing.hint':
    'Defina-o com `social config set base-url https://…` ou SOCIAL_BASE_URL, ou experimente tudo localmente com --sandbox.',
  'errors.key.missing': 'nenhuma chave de API configurada',
  'errors.key.missing.hint':
    'Defina uma com `social config set api-key` (que lê a chave da entrada padrão, assim ela fica fora do histórico do shell) ou SOCIAL_API_KEY; ou experimente com --sandbox.',
  'errors.key.fromConfigFile': 'arquivo de configuração',
  'errors.key.empty': 'a chave de API ({source}) está vazia',
  'errors.key.blank': 'a chave de API ({source}) só tem espaços em branco; nada foi enviado',
  'errors.key.startsWith': 'a chave de API ({source}) começa com {char}; nada foi enviado',
  'errors.key.endsWith': 'a chave de API ({source}) termina com {char}; nada foi enviado',
  'errors.key.exact.hint':
    'A chave é usada exatamente como foi informada, venha de --api-key, de SOCIAL_API_KEY ou do arquivo de configuração. {again}',
  'errors.key.character':
    'a chave de API ({source}) tem um caractere que nenhuma chave tem ({char} na posição {position}); nada foi enviado',
  'errors.key.printable.hint': 'Uma chave é ASCII imprimível, sem espaços. {again}',
  'errors.key.tooLong':
    'a chave de API ({source}) tem {length} caracteres, mais do que qualquer chave ({max}); nada foi enviado',
  'errors.key.again.hint':
    'Defina a chave de novo com `social config set api-key` (que a lê da entrada padrão) ou SOCIAL_API_KEY.',
  'errors.batch.jqInterrupted.saved':
    'interrompido enquanto o --jq rodava: {unwritten} em {path}; retome com --skip {skip}',
  'errors.batch.jqInterrupted.savedAfterKept':
    'interrompido enquanto o --jq rodava: {unwritten} em {path}, depois {kept}; retome com --skip {skip}',
  'errors.batch.unwritten': {
    '=0': 'nenhum registro que ele não escreveu está salvo',
    one: 'o registro que ele não escreveu está salvo',
    many: 'os {n} de registros que ele não escreveu estão salvos',
    other: 'os {n} registros que ele não escreveu estão salvos',
  },
  'errors.batch.keptBefore': {
    one: 'do registro em que ele falhou',
    many: 'dos {n} de registros em que ele falhou',
    other: 'dos {n} registros em que ele falhou',
  },
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
  'errors.batch.shard': '--shard recebe K/N, números inteiros com 1 <= K <= N, como --shard 2/4; recebido {got}',
  'errors.batch.fileUnreadable': 'não foi possível ler --file {path}: {reason}',
  'errors.batch.inputsTwice': 'informe as entradas como argumentos ou com --file, não dos dois jeitos',
  'errors.batch.noInputs': 'informe pelo menos uma entrada, ou --file F (- para a entrada padrão)',
  'errors.batch.lineTooLong': 'a entrada {index} é uma linha de mais de {bytes} bytes: recusada, nada enviado',
  'errors.batch.lineTooLong.hint':
    'Uma entrada é um identificador ou uma URL por linha: confira se este é o arquivo certo.',
  'errors.file.missing': 'arquivo inexistente',
  'errors.file.notFolder': 'uma parte do caminho não é uma pasta',
  'errors.file.isFolder': 'é uma pasta',
  'errors.file.denied': 'permissão negada',
  'errors.file.loop': 'links simbólicos demais',
  'errors.file.longName': 'o nome é longo demais',
  'errors.store.off': 'o armazenamento local está desligado (SOCIAL_STORE=off): este comando só lê o armazenamento',
  'errors.store.unusable': 'não é possível usar o armazenamento local: {reason}',
  'errors.store.unusable.hint': 'social store check diz o que há de errado com ele.',
  'errors.store.reason.none': 'não há armazenamento em {path}: nada foi guardado ainda',
  'errors.store.reason.noneThere': 'não há armazenamento em {url}: nada foi guardado lá ainda',
  'errors.store.reason.newerSchema':
    '{path} tem o esquema na versão {version}, de um social mais novo (este grava a versão {writes}): nada foi gravado nele',
  'errors.store.reason.movedOn': '{path} foi levado à versão {version} do esquema por um social mais novo',
  'errors.store.reason.folder':
    '{path} é uma pasta, não um arquivo de armazenamento (indique um arquivo nela, como store.db)',
  'errors.store.reason.cannotOpen': '{path}: {message}',
  'errors.store.reason.explained': '{path}: {why} ({detail})',
  'errors.store.reason.locked': 'bloqueado por outro processo além do tempo de espera',
  'errors.store.reason.read_only': 'não pode ser gravado (somente leitura)',
  'errors.store.reason.full': 'o disco recusou a gravação (cheio, ou acima de um limite de tamanho)',
  'errors.store.reason.corrupt':
    'danificado: não é um banco SQLite, ou está corrompido (`social store check` diz qual é o problema)',
  'errors.store.reason.cannot_open': 'não pode ser aberto (a pasta não existe ou não aceita gravação)',
  'errors.store.reason.newer_schema': 'feito por um social mais novo',
  'errors.store.reason.not_found': 'não encontrado',
  'errors.store.reason.noTable': 'não há a tabela {table}',
  'errors.store.reason.off': 'o armazenamento local está desligado (SOCIAL_STORE=off)',
  'errors.store.reason.oneStatement': 'uma instrução por vez: este texto tem mais de uma',
  'errors.store.reason.queryReadOnly': 'o armazenamento está aberto só para leitura aqui: só consultas que leem',
  'errors.lock.busy': 'outra execução do social está com {path}.lock (esperou {seconds} s)',
  'errors.offline.notStored': '--offline: nada no armazenamento local responde a GET {path}',
  'errors.offline.notStored.hint': 'Rode uma vez sem --offline para buscar a resposta e armazená-la.',
  'errors.offline.tooOld.hint':
    'Nada armazenado é mais recente que --max-age: aumente-o, ou rode sem --offline para buscar de novo.',
  'errors.offline.unreadable':
    '--offline: o armazenamento local não pode ser lido, então nada responde a GET {path}: {reason}',
  'errors.offline.unreadable.hint':
    '`social store check` diz o que há de errado com o armazenamento; sem --offline a chamada é enviada, e cobrada.',
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
  'errors.config.unknownKey': '{got} não é uma configuração',
  'errors.config.unknownKey.hint': '{didYouMean}Configurações:\n{settings}',
  'errors.completion.shell': '{got} não é um shell que o social sabe completar',
  'errors.completion.shell.hint': '{didYouMean}Shells: {shells}.',
  'errors.completion.kind': '{got} não é um tipo de valor que o social sabe completar',
  'errors.api.field': '{flag} espera key=value; recebeu {got}',
  'errors.api.method': '-X aceita {methods}; recebeu {got}',
  'errors.api.unsendable': 'o caminho tem {char} no caractere {at}: {path}',
  'errors.api.unsendable.hint':
    'Um caminho não tem espaços nem caracteres de controle; passe os valores da query com -f key=value, que os codifica.',
  'errors.api.url': 'informe um caminho sob /api/v1, não uma URL: {path}',
  'errors.api.url.hint': 'Por exemplo: social api /api/v1/github/profile -f handle=octocat',
  'errors.api.tooLong': 'o caminho tem {length} caracteres; um caminho tem no máximo {max}: {path}',
  'errors.api.noRoute': 'informe o caminho de uma rota',
  'errors.api.noRouteOnly': 'informe o caminho de uma rota, não só {path}',
  'errors.api.noRoute.hint':
    'Por exemplo: social api /api/v1/github/profile -f handle=octocat (social api /openapi.json lista as rotas).',
  'errors.api.fragment': 'um caminho não tem fragmento #: {path}',
  'errors.api.percent': 'o caminho tem um % que não é um escape como %2F: {path}',
  'errors.api.emptySegment': 'o caminho tem um segmento vazio (//): {path}',
  'errors.api.dotSegment': 'o caminho não pode ter segmentos . ou ..',
  'errors.api.methodAlone': '{got} é um método, não um caminho: informe o caminho também',
  'errors.api.methodAlone.hint': 'social api -X {method} <path>',
  'errors.api.methodFirst': 'o método vai em -X, não antes do caminho: {got}',
  'errors.api.methodFirst.hint': 'Por exemplo: social api -X {method} {path}',
  'errors.api.onePath': {
    one: 'api aceita um só caminho; recebeu {n} argumento: {args}',
    many: 'api aceita um só caminho; recebeu {n} de argumentos: {args}',
    other: 'api aceita um só caminho; recebeu {n} argumentos: {args}',
  },
  'errors.mcp.tokenWithoutHttp': '--token é o token bearer do --http: o stdio não precisa de nenhum',
  'errors.mcp.tokenForm': 'o token precisa ter de 16 a 256 caracteres ASCII imprimíveis, sem espaços',
  'errors.mcp.portInUse': 'a porta {port} está em uso',
  'errors.mcp.portInUse.hint': 'Escolha outra com --http, ou --http 0.',
  'errors.mcp.overBudget':
    'esta chamada pode custar {price}, e o orçamento de {max} do --max-credits da sessão tem {left} restantes ({spent} gastos): nada enviado',
  'errors.mcp.overBudgetHeld':
    'esta chamada pode custar {price}, e o orçamento de {max} do --max-credits da sessão tem {left} restantes ({spent} gastos, {held} reservados por chamadas em andamento): nada enviado',
  'errors.mcp.priceUnknown': 'um preço que o social não conhece',
  'errors.mcp.overBudget.hint': 'Peça à pessoa que reinicie o `social mcp` com um --max-credits maior.',
  'errors.mcp.notAgreed': 'não enviada: a pessoa não concordou ({action}) com uma chamada que pode custar {cost}',
  'errors.mcp.confirmRequired':
    'não enviada: {tool} pode custar {cost}, acima do --confirm-above {threshold}. Pergunte à pessoa; se ela concordar, repita a chamada com confirm: true.',
  'errors.mcp.quoteRefused': 'os argumentos de {tool} foram recusados: {issues}',
  'errors.mcp.client': '{got} não é um cliente em que o social se instala',
  'errors.mcp.client.hint': 'Um de: {clients}.',
  'errors.mcp.name': '--name aceita letras, dígitos, - e _ (até 64)',
  'errors.mcp.install.printDryRun': '--print mostra a entrada e --dry-run a mudança no arquivo: use um ou outro',
  'errors.mcp.noHome': 'nenhuma pasta pessoal onde procurar o arquivo do cliente: HOME não está definida',
  'errors.mcp.install.read': 'não foi possível ler {path}: {reason}',
  'errors.mcp.install.write': 'não foi possível gravar {path}: {reason}',
  'errors.mcp.install.notEditable':
    '{path} não é um objeto JSON que o social saiba editar (comentários, ou {key} não é um objeto): nada gravado',
  'errors.mcp.install.notEditable.hint': 'Adicione a entrada à mão: `social mcp install <client> --print` a mostra.',
  'errors.setting.timeout': '{name} deve ser um número de segundos de 0.001 (1 ms) a 86400 (um dia); recebido {got}',
  'errors.setting.timeout.hint': 'Por exemplo 30, ou 2.5.',
  'errors.setting.maxBody': '{name} deve ser um tamanho de 1KB a 512MB; recebido {got}',
  'errors.setting.maxBody.hint': 'Por exemplo 64MB (unidades KB, MB, GB de 1024; o padrão é {default}).',
  'errors.setting.unreadable': 'não foi possível ler {path}: {reason}',
  'errors.setting.notJson': '{path} não é um JSON válido',
  'errors.setting.notJson.hint':
    'Corrija-o à mão, ou tire-o do caminho (mv {path} {path}.bad) e defina os valores de novo com `social config set`.',
  'errors.setting.apiKey': 'api-key deve ser uma só palavra de ASCII imprimível, sem espaços',
  'errors.setting.apiKey.hint': 'Por exemplo: social config set api-key  (e então cole a chave)',
  'errors.setting.output': 'output deve ser um de {formats}',
  'errors.setting.retries': 'retries deve ser um número inteiro de 0 a 10, como 2',
  'errors.setting.store': 'store deve ser uma URL postgres:// ou um arquivo',
  'errors.setting.store.hint': 'Por exemplo postgres://me@db:5432/social',
  'errors.storeUrl': '{source}: não é um armazenamento que o social possa usar: {why}',
  'errors.storeUrl.hint':
    'Um armazenamento é um arquivo ou uma URL postgres://, como postgres://me@db.internal:5432/social (a URL não é mostrada: pode conter uma senha).',
  'errors.storeUrl.why.space': 'a URL postgres:// tem um espaço (um espaço numa senha se escreve %20)',
  'errors.storeUrl.why.host': 'a URL postgres:// não indica nenhum host',
  'errors.storeUrl.why.port': 'a porta da URL postgres:// não é um número de 1 a 65535',
  'errors.storeUrl.why.parse': 'a URL postgres:// não é válida',
  'errors.storeUrl.why.file': 'o {param} da URL postgres:// aponta um arquivo que não pode ser lido: {path} ({code})',
  'errors.storeUrl.why.scheme':
    '{scheme}:// não é um tipo de armazenamento que o social conheça (postgres:// ou postgresql://)',
  'errors.baseUrl.notUrl': 'a URL base {url} não é uma URL',
  'errors.baseUrl.notUrl.hint':
    'Por exemplo https://api.example.com, ou use --sandbox para experimentar o social localmente.',
  'errors.baseUrl.protocol': 'a URL base deve ser http(s); recebido {protocol}',
  'errors.baseUrl.plainHttp': 'http simples para {host} recusado: a chave de API atravessaria a rede sem criptografia',
  'errors.baseUrl.plainHttp.hint':
    'Use uma URL base https://; http simples só é aceito para um host de loopback (127.0.0.1, localhost, ::1).',
  'errors.baseUrl.extras': 'a URL base não pode ter credenciais, query nem fragmento',
  'errors.platform.unknown': '{got} não é uma plataforma',
  'errors.platform.noRoute': '{got} não tem a rota {route}',
  'errors.platform.hint': '{route} funciona em: {platforms}.',
  'errors.handle.refused': '{refusal}. {rules}',
  'errors.handle.notUrl': 'o identificador do {platform} {input} não é uma URL válida',
  'errors.handle.notProfileUrl':
    'o identificador do {platform} {input} não é uma URL de perfil do {platform} (como {url})',
  'errors.handle.notProfileUrlAn':
    'o identificador do {platform} {input} não é uma URL de perfil do {platform} (como {url})',
  'errors.handle.empty': 'o identificador do {platform} {input} está vazio',
  'errors.handle.noInstance':
    'o identificador do {platform} {input} não tem instância; identificadores do mastodon são usuário@instância, e o social nunca escolhe um servidor por você',
  'errors.handle.noMatch': 'o identificador do {platform} {input} não segue a regra de identificadores',
  'errors.handle.rules': 'Identificador do {platform}: {rule}; por exemplo, {example} ou {url}',
  'errors.handle.rulesAn': 'Identificador do {platform}: {rule}; por exemplo, {example} ou {url}',
  'errors.handle.rule.bluesky': 'um nome de domínio com pelo menos dois rótulos (letras, dígitos, hífens), sem barras',
  'errors.handle.rule.github': 'letras, dígitos e hífens isolados, até 39 caracteres, sem hífen no início nem no fim',
  'errors.handle.rule.instagram': 'letras, dígitos, pontos e sublinhados, de 1 a 30 caracteres',
  'errors.handle.rule.linktree': 'letras, dígitos, pontos, sublinhados e hífens, de 1 a 60 caracteres',
  'errors.handle.rule.mastodon':
    'usuário@instância: a instância é um nome DNS público (sem endereço IP, porta nem caminho); nunca é completado com um servidor padrão',
  'errors.handle.rule.medium': 'o nome de usuário sem o @: letras, dígitos, pontos, sublinhados, hífens, de 1 a 64',
  'errors.handle.rule.pinterest': 'letras, dígitos, sublinhados e hífens, de 1 a 30 caracteres',
  'errors.handle.rule.soundcloud':
    'o permalink (a última parte da URL do perfil, não o nome de exibição): letras, dígitos, sublinhados, hífens, de 1 a 80',
  'errors.handle.rule.threads': 'letras, dígitos, pontos e sublinhados, de 1 a 30 caracteres',
  'errors.handle.rule.tiktok': 'letras, dígitos, pontos e sublinhados, de 1 a 24 caracteres',
  'errors.niche.unknown': 'nicho desconhecido {niche} (nenhuma requisição paga foi enviada, nada cobrado)',
  'errors.niche.unknown.hint': 'Nichos: {niches} (veja `social niches`).',
  'errors.niche.none.hint': 'O arquivo não lista nenhum nicho (veja `social niches`).',
  'errors.chart.topWithoutChart': '--top e --metric só valem junto com --chart ou --chart-file',
  'errors.chart.dryRun': '{option} desenha uma resposta, e --dry-run não envia nada: use um ou outro',
  'errors.chart.withFormat': '--chart desenha o gráfico no stdout: tire -o/--json/--jq, ou use --chart-file',
  'errors.chart.notSvg': '--chart-file grava SVG: dê o nome de um arquivo .svg, não {got}',
  'errors.chart.metric': '--metric é rank ou points, não {got}',
  'errors.post.notPost': '{got} não é um post do bluesky',
  'errors.post.notPost.hint': 'Informe a URI AT Protocol de um post ou a URL dele no bsky.app, como {example}',
  'errors.posts.noLimit': 'os posts do {platform} não aceitam --limit: o serviço devolve os posts que vêm na página',
  'errors.transcript.shortLink': '{got} é um link curto, que a rota de transcrição não aceita',
  'errors.transcript.shortLink.hint':
    'Abra-o num navegador e cole a URL completa do vídeo a que ele leva, como {example}',
  'errors.transcript.notVideo': '{got} não é uma URL de vídeo do tiktok',
  'errors.transcript.notVideo.hint':
    'Informe a URL do próprio vídeo, https://www.tiktok.com/@<user>/video/<id>, como {example}',
  'errors.search.noWords': 'search precisa de pelo menos uma palavra para buscar',
  'errors.trends.noWindow':
    'o nicho {niche} não tem nenhuma janela no arquivo (cobertura: windows_24h {windows}, last_window null)',
  'errors.trends.afterLastWindow':
    'o intervalo começa em {from} UTC, depois da última janela do nicho {niche} ({last} UTC)',
  'errors.trends.empty': '{reason}: trends não encontraria nada e cobraria {credits} mesmo assim; nada enviado',
  'errors.trends.empty.hint': '--force envia mesmo assim, por {credits}.',
  'errors.movers.resetState': '--reset-state só vale junto com --new-only',
  'errors.movers.resetState.hint': 'Por exemplo: social movers tech --new-only --reset-state',
  'errors.movers.sharedState':
    '--new-only guarda o estado no armazenamento PostgreSQL {store}, que não pôde ser aberto: nada enviado',
  'errors.movers.sharedState.hint':
    'O aviso abaixo diz por quê; rode de novo quando o armazenamento estiver acessível.',
  'errors.store.noQuery': 'informe uma consulta, como "SELECT count(*) FROM fetches"',
  'errors.store.notFound.hint':
    'Rode um comando pago (ou `social --sandbox profile github octocat`) para guardar uma resposta.',
  'errors.store.nothingYet': 'nada foi guardado ainda ({location})',
  'errors.track.storeOff':
    'o armazenamento local está desligado (SOCIAL_STORE=off): a lista de acompanhamento fica nele',
  'errors.store.offNothingStored': 'o armazenamento local está desligado (SOCIAL_STORE=off): nada é guardado',
  'errors.store.tooManyRows': 'a consulta dá mais de {max} linhas',
  'errors.store.tooManyRows.hint':
    'Acrescente um LIMIT, ou uma agregação (count, sum, GROUP BY); `social store export` transmite uma tabela inteira.',
  'errors.store.queryFailed': 'a consulta falhou: {reason}',
  'errors.store.queryFailed.hint': 'Tabelas e colunas: docs/store.md.',
  'errors.store.exportFormat': 'export grava ndjson ou csv, uma linha por vez; não {format}',
  'errors.store.exportFormat.hint': 'Use -o ndjson ou -o csv.',
  'errors.store.noTable': '{table} não é uma tabela do armazenamento',
  'errors.store.noTable.hint': 'Tabelas: {tables}.',
  'errors.store.damaged': '{location} está danificado: {problem}',
  'errors.store.check.newerSchema': 'a versão do esquema {version} é mais nova que a {supported} deste social',
  'errors.store.check.noTable': 'falta a tabela {table}',
  'errors.store.check.invalidIndex': 'o índice {index} é inválido: reconstrua-o (REINDEX)',
  'errors.store.check.index': 'índice {index}: {problem}',
  'errors.store.damaged.postgres.hint':
    'Conserte, como dono do banco de dados, o que ele aponta (REINDEX de um índice inválido), ou aponte o armazenamento para um banco novo: o social cria as tabelas na próxima resposta paga.',
  'errors.store.damaged.sqlite.hint':
    'Mova-o para outro lugar (um armazenamento novo é criado na próxima resposta paga); `sqlite3 FILE .recover` pode salvar as linhas dele.',
  'errors.pgStore.authRefused': 'o armazenamento PostgreSQL {store} não deixou este usuário entrar ({reason})',
  'errors.pgStore.authRefused.hint':
    'Confira o usuário e a senha: na URL do armazenamento, em PGPASSWORD ou em ~/.pgpass (PGPASSFILE); a senha nunca é impressa.',
  'errors.pgStore.noDatabase': 'o armazenamento PostgreSQL {store} não tem esse banco de dados ({reason})',
  'errors.pgStore.noDatabase.hint':
    'Crie-o (createdb NAME, ou CREATE DATABASE) ou corrija a URL do armazenamento; o social cria as tabelas, não o banco de dados.',
  'errors.pgStore.unreachable': 'não foi possível conectar ao armazenamento PostgreSQL {store} ({reason})',
  'errors.pgStore.unreachable.hint':
    'Confira se o servidor está no ar e se a URL do armazenamento (host, porta) está correta.',
  'errors.pgStore.failed': 'o armazenamento PostgreSQL {store} falhou: {reason}',
  'errors.pgStore.noPassword': 'ele pede uma senha, e nenhuma foi encontrada',
  'errors.pgStore.reason.urlHidden': '{before}{url}{after}',
  'errors.pgStore.url': 'a URL do armazenamento',
  'errors.pgStore.newer':
    'o armazenamento PostgreSQL {store} tem a versão {version} do esquema, de um social mais novo (este conhece a {known}): nada foi gravado nele',
  'errors.pgStore.newer.hint': 'Atualize o social nesta máquina para a versão que as outras máquinas usam.',
  'errors.sharedBudget.name':
    'o nome de um orçamento tem de 1 a 64 letras, dígitos, pontos, hífens ou sublinhados, começando por letra ou dígito; recebeu {got}',
  'errors.sharedBudget.name.hint': 'Por exemplo --budget team ou --budget crawl-2026-12.',
  'errors.sharedBudget.none': 'não há orçamento {name} no armazenamento {store}: nada enviado',
  'errors.sharedBudget.none.hint':
    'Informe o limite dele (--max-credits N --budget {name}) ou defina-o: social budget set {name} N.',
  'errors.sharedBudget.differs': 'o orçamento {name} é de {limit}, não {credits} (--max-credits): nada enviado',
  'errors.sharedBudget.differs.hint':
    'Tire o --max-credits para gastar dele como está, ou mude-o para todos: social budget set {name} {credits}.',
  'errors.sharedBudget.per.month': '{credits} por mês',
  'errors.sharedBudget.per.day': '{credits} por dia',
  'errors.seen.inUse':
    'o estado de --new-only {path} está em uso por outra execução do social; esperou {seconds} s e não enviou nada',
  'errors.seen.inUseShared':
    'o estado de --new-only de {niche} no armazenamento PostgreSQL {store} está em uso por outra execução do social; esperou {seconds} s e não enviou nada',
  'errors.seen.inUse.hint': 'As execuções se sobrepõem: espace-as, ou aumente SOCIAL_LOCK_WAIT_MS (em milissegundos).',
  'errors.seen.unwritable':
    '--new-only precisa guardar o estado em {path}, que não pode ser gravado ({reason}); nada foi enviado',
  'errors.seen.unwritable.hint':
    'Aponte SOCIAL_CONFIG_DIR para uma pasta em que este usuário possa gravar, ou tire o --new-only.',
  'errors.seen.damaged':
    'o estado de --new-only {path} está danificado ({reason}); seguir em frente relataria de novo todos os itens, então nada foi enviado',
  'errors.seen.damaged.hint':
    'Examine o arquivo, ou rode de novo com --reset-state para tirá-lo do lugar e começar do zero.',
  'errors.seen.notState': 'não é um arquivo de estado do --new-only',
  'errors.time.notDate': '{flag} {got} não é uma data que exista',
  'errors.time.notDateTime': '{flag} {got} não é uma data e hora que exista',
  'errors.time.notTime': '{flag} {got} não é uma data, um instante nem um tempo atrás',
  'errors.time.hint':
    'Informe um instante ISO 8601 (2026-11-20T08:00Z), uma data (2026-11-20, meia-noite UTC) ou quanto tempo atrás (90m, 36h, 7d, 2w).',
  'errors.time.noZone': '{flag} {got} não tem fuso horário, então indica um instante diferente em cada máquina',
  'errors.time.noZone.hint': 'Acrescente Z para UTC ou um deslocamento, como {text}Z ou {text}+01:00.',
  'errors.time.order': '--from ({from}) precisa ser anterior a --to ({to})',
  'errors.time.order.hint':
    'Os tempos contam para trás a partir de agora: --from 7d --to 1d é a semana que termina ontem.',
  'errors.time.span': {
    one: 'o intervalo abrange {span}; o arquivo atende no máximo {n} dia por chamada',
    many: 'o intervalo abrange {span}; o arquivo atende no máximo {n} de dias por chamada',
    other: 'o intervalo abrange {span}; o arquivo atende no máximo {n} dias por chamada',
  },
  'errors.time.span.hint': {
    one: 'Divida-o em chamadas de {n} dia ou menos (cada chamada custa 1 crédito).',
    many: 'Divida-o em chamadas de {n} de dias ou menos (cada chamada custa 1 crédito).',
    other: 'Divida-o em chamadas de {n} dias ou menos (cada chamada custa 1 crédito).',
  },
  'errors.time.future': '--since {got} está no futuro',
  'errors.response.notUnderstood': 'resposta não compreendida: {what}',
  'errors.response.notUnderstood.hint':
    'Nada foi repetido. Se o serviço mudou, atualize o social; senão, relate o problema com o id da requisição.',
  'errors.response.unreadable': 'não foi possível lê-la ({reason})',
  'errors.response.notJson': 'o corpo não é JSON',
  'errors.response.strict': '--strict: o serviço enviou {drift}',
  'errors.response.noErrorType': 'o envelope diz que falhou, mas não traz o tipo do erro',
  'errors.response.tooDeep': 'o corpo tem mais de {levels} níveis de aninhamento',
  'errors.response.notObject': 'o corpo não é um objeto JSON',
  'errors.response.noSuccess': 'o corpo não tem o campo success',
  'errors.response.dataNotObject': 'data não é um objeto',
  'errors.response.fieldIs': '{field} é {sent}',
  'errors.response.fieldMissing': '{field} está ausente',
  'errors.response.rule': '{rule}',
  'errors.response.rule.oneOfDataAndError': 'exatamente um entre data e error deve ser null',
  'errors.response.rule.successWithoutError': 'success deve ser true exatamente quando error é null',
  'errors.jq.refused': '--jq: {jq}',
  'errors.jq.refused.hint': 'A expressão era: {expression}',
  'errors.jq.notLoaded': '--jq: não foi possível carregar o jq: {reason}',
  'errors.jq.interrupted': 'interrompido enquanto o --jq rodava',
  'errors.jq.failedOnAnswer': '--jq falhou na resposta: {reason}',
  'errors.jq.failedOnRecords': {
    one: '--jq falhou em {failed} de {n} registro: {reason}',
    many: '--jq falhou em {failed} de {n} de registros: {reason}',
    other: '--jq falhou em {failed} de {n} registros: {reason}',
  },
  'errors.jq.outOfMemory': 'o filtro ficou sem memória: o WebAssembly do jq embutido tem um limite fixo',
  'errors.jq.broken':
    'o WebAssembly do jq falhou ({broken}), como acontece com valores aninhados em centenas de níveis',
  'errors.jq.tooNested': 'o valor tem mais de {max} objetos um dentro do outro, mais do que o jq embutido lê',
  'errors.chartFile.unwritable': 'não foi possível gravar o gráfico em {path} ({reason})',
  'errors.chartFile.unwritable.hint':
    'A resposta foi recebida, cobrada e impressa na saída padrão; desenhar o gráfico de novo é outra chamada. Indique um arquivo .svg numa pasta em que você possa gravar.',
  'errors.write.noFolder': 'pasta inexistente',
  'errors.write.readOnly': 'sistema de arquivos somente leitura',
  'errors.write.isFolder': 'é uma pasta',
  'errors.write.noSpace': 'não há espaço no dispositivo',
  'errors.sandbox.now': '--now {got} não é um instante ISO 8601',
  'errors.sandbox.now.hint': 'Por exemplo --now 2026-11-21T12:00:00Z',
  'errors.sandbox.host': '--host {got} não é um endereço em que se possa escutar',
  'errors.sandbox.host.hint':
    'Informe um endereço IP (127.0.0.1, ::1, 0.0.0.0 para todas as interfaces) ou um nome de host desta máquina (localhost).',
  'errors.sandbox.portInUse': 'a porta {port} está em uso',
  'errors.sandbox.portInUse.hint': 'Escolha outra com --port, ou --port 0 para uma livre.',
  'errors.sandbox.listen': 'não é possível escutar em {host} na porta {port}: {why}',
  'errors.sandbox.listen.noHost': 'host inexistente',
  'errors.sandbox.listen.lookUp': 'não foi possível resolver o nome do host',
  'errors.sandbox.listen.notHere': 'não é um endereço desta máquina',
  'errors.sandbox.listen.denied': 'permissão negada (portas abaixo de 1024 exigem privilégios)',
  'errors.sandbox.listen.family': 'esta máquina não aceita essa família de endereços',
  'errors.skill.inExecutable': 'o executável único não traz o arquivo da skill',
  'errors.skill.missing': 'o arquivo da skill não está onde deveria: {path}',
  'errors.skill.missing.hint': 'Ele é o {file} do pacote npm do social.',
  'errors.budget.unknownPrice':
    'o preço desta rota não é conhecido pelo social, então ela não pode ser limitada ao orçamento de {budget} do --max-credits: nada enviado',
  'errors.budget.unknownPrice.hint': 'Rode sem --max-credits para enviá-la.',
  'errors.budget.over': 'esta chamada pode custar {credits} > orçamento {budget} (--max-credits): nada enviado',
  'errors.budget.over.hint': 'Dê --max-credits {cost} ou mais para enviá-la.',
  'errors.budget.heldBack': 'não enviada: retida pelo orçamento de {budget} do --max-credits',
  'errors.budget.heldBackShared': 'não enviada: retida pelo orçamento compartilhado {name}',
  'errors.budget.per': '--per aceita month ou day; recebeu {got}',
  'errors.budget.per.hint': 'Deixe-a de fora para um orçamento que nunca se renova.',
  'errors.budget.noStore':
    'os orçamentos são compartilhados por um armazenamento PostgreSQL, e nenhuma URL de armazenamento foi definida',
  'errors.budget.noStore.hint':
    'Defina uma: SOCIAL_STORE=postgres://user@host:5432/db, ou social config set store postgres://…',
  'errors.budget.unknown': 'não há orçamento {name} no armazenamento',
  'errors.budget.unknown.hint': 'Defina um: social budget set {name} N',
  'errors.sharedBudget.unknownPrice':
    'o preço desta rota não é conhecido pelo social, então ela não pode ser limitada ao orçamento compartilhado {name}: nada enviado',
  'errors.sharedBudget.unknownPrice.hint': 'Rode sem --budget para enviá-la.',
  'errors.sharedBudget.heldBack': {
    one: 'não enviada: retida pelo orçamento compartilhado {name} de {credits} crédito',
    many: 'não enviada: retida pelo orçamento compartilhado {name} de {credits} de créditos',
    other: 'não enviada: retida pelo orçamento compartilhado {name} de {credits} créditos',
  },
  'errors.sharedBudget.heldBack.hint': 'Veja o que já foi gasto com social budget show {name}.',
  'errors.sharedBudget.unenforceable': 'não enviada: o orçamento compartilhado {name} não pode ser garantido: {why}',
  'errors.sharedBudget.unenforceable.hint':
    'Esta execução não envia mais nada; rode de novo (com --skip, para um lote) quando o armazenamento voltar.',
} satisfies Translation<typeof errors>;
