// O texto de ajuda em português do Brasil (glossário: docs/guide.md). Só a prosa é traduzida: as
// palavras da própria linha de comando (comandos, opções, valores, os comandos dos exemplos, as
// variáveis de ambiente e as chaves do json) são as mesmas nas duas línguas.
import type help from '../en/help.js';
import type { Translation } from '../message-types.js';

export default {
  // O layout do commander
  'help.title.usage': 'Uso:',
  'help.title.arguments': 'Argumentos:',
  'help.title.options': 'Opções:',
  'help.title.commands': 'Comandos:',
  'help.title.global-options': 'Opções globais:',
  // Os marcadores da linha de uso e das listas de argumentos: uma palavra cada, na ordem do inglês
  'help.placeholders':
    'opções comando cliente créditos identificador chave tipo nome nicho caminho plataforma post consulta shell tabela texto url valor',
  'help.extra.choices': 'valores: {list}',
  'help.extra.default': 'padrão: {value}',
  'help.option.help': 'mostra a ajuda do comando',
  'help.option.version': 'mostra o número da versão',
  'help.after-error': '(rode com --help para ver o uso)',
  'help.title.examples': 'Exemplos:',
  'help.exit-pointer': 'Códigos de saída: `social help exit-codes`.',

  // O programa e suas opções globais
  'help.program.summary':
    'Perfis públicos e posts recentes de dez redes sociais, e um arquivo, hora a hora, de rankings de notícias.',
  'help.global.output': 'table (padrão num terminal), json (padrão num pipe), ndjson ou csv',
  'help.global.json': 'o mesmo que --output json',
  'help.global.quiet': 'nada no stderr além dos erros',
  'help.global.api-key':
    'chave de API; tem precedência sobre SOCIAL_API_KEY e a configuração (outros usuários da máquina a veem na lista de processos: prefira `social config set api-key`)',
  'help.global.base-url': 'endereço do serviço; tem precedência sobre SOCIAL_BASE_URL e a configuração',
  'help.global.timeout': 'por tentativa, da conexão ao último byte da resposta (padrão 30)',
  'help.global.max-body': 'a maior resposta lida, como 64MB; uma maior é abortada, saída 11 (padrão 32MB)',
  'help.global.retries':
    'novas tentativas do que nunca foi enviado (conexão recusada ou que falhou) e de 502/503; nunca depois de uma conexão interrompida ou de um tempo esgotado com a requisição já enviada, que pode ter sido cobrada (padrão 2)',
  'help.global.lang':
    'a língua das mensagens e da ajuda: en ou pt-BR (senão SOCIAL_LANG, depois LC_ALL, LC_MESSAGES, LANG)',
  'help.global.no-color': 'sem cores, mesmo com FORCE_COLOR definida (também NO_COLOR)',
  'help.global.exact': 'números exatos nas tabelas (21.345, não 21 mil)',
  'help.global.no-pager':
    'sem paginador para tabelas mais altas que o terminal (senão SOCIAL_PAGER, PAGER ou less -FRX)',
  'help.global.debug': 'método, URL, status, tempos, id da requisição e novas tentativas no stderr (nunca a chave)',
  'help.global.strict':
    'falha (saída 11) quando uma resposta difere do formato documentado, em vez de uma nota no stderr (também SOCIAL_STRICT=1)',
  'help.global.jq':
    'filtra a saída JSON com jq (o jq 1.8 de verdade): strings saem cruas, os outros valores como JSON, um por linha',
  'help.global.sandbox':
    'roda este comando contra uma sandbox no próprio processo, com a chave de demonstração (sem chave, sem rede)',
  'help.global.sandbox-now':
    'com --sandbox: fixa o relógio da sandbox, e o da execução, num instante, numa data ou numa idade como 2d (também SOCIAL_SANDBOX_NOW)',
  'help.program.after': `
Tópicos de ajuda (social help <topic>):
{topics}

Experimente sem chave e sem rede:
  social --sandbox profile github octocat
  social --sandbox posts bluesky jay.bsky.team --limit 5`,

  // Opções de vários comandos
  'help.charge.dry-run': 'mostra as requisições que enviaria e o máximo que poderiam custar; não envia nada',
  'help.charge.max-credits':
    'gasta no máximo N créditos: uma chamada que possa custar mais não é enviada (saída 12); um lote segura as entradas que passariam do limite',
  'help.charge.max-age':
    'uma resposta do armazenamento local mais nova que isto (30m, 6h, 7d) é mostrada em vez de enviar: 0 créditos',
  'help.charge.offline': 'responde só do armazenamento local, nunca da rede (saída 13 quando não há nada guardado)',
  'help.charge.no-store': 'nem lê nem grava o armazenamento local nesta chamada',
  'help.charge.budget':
    'gasta do orçamento NAME compartilhado por todos os processos no armazenamento PostgreSQL (SOCIAL_BUDGET); com --max-credits N, criado com N créditos se for novo',
  'help.batch.concurrency': 'chamadas simultâneas num lote, 1..64',

  // Configurações (a ajuda de config e os erros dele)
  'help.setting.api-key':
    'a chave de API enviada como Authorization: Bearer (guardada só para o dono; nunca mostrada inteira)',
  'help.setting.base-url': 'o endereço do serviço, como https://api.example.com',
  'help.setting.output': 'formato de saída padrão: {formats}',
  'help.setting.timeout': 'segundos por tentativa, por padrão, da conexão ao último byte da resposta',
  'help.setting.retries': 'novas tentativas, por padrão, das falhas que podem ser repetidas com segurança',
  'help.setting.max-body': 'a maior resposta lida, como 32MB (o padrão) ou 512KB; uma maior é abortada',
  'help.setting.store':
    'o armazenamento: um arquivo, ou uma URL postgres://user@host:5432/db que guarda todas as respostas e compartilha orçamentos, o estado do cron e o registro de gastos (a senha aparece mascarada)',

  // Códigos de saída (social help exit-codes)
  'help.exit.ok': 'sucesso, inclusive um resultado vazio',
  'help.exit.ok.service': '200',
  'help.exit.unexpected': 'falha inesperada (um bug)',
  'help.exit.unexpected.service': '405 e tudo o que não tem classificação',
  'help.exit.usage':
    'argumentos ou opções inválidos, entrada recusada localmente (nada enviado), um filtro --jq que falhou numa resposta',
  'help.exit.usage.service': '400 parametro_invalido, intervalo_invalido',
  'help.exit.auth': 'nenhuma chave configurada, ou a chave foi recusada',
  'help.exit.auth.service': '401 chave_invalida, chave_ausente',
  'help.exit.credits': 'sem créditos: esperar não adianta antes do dia 1º',
  'help.exit.credits.service': '402 sem_creditos',
  'help.exit.ceiling': 'teto mensal de gastos atingido',
  'help.exit.ceiling.service': '402 teto_estourado',
  'help.exit.quota': 'cota mensal esgotada',
  'help.exit.quota.service': '429',
  'help.exit.notFound': 'não encontrado',
  'help.exit.notFound.service': '404 nao_encontrado',
  'help.exit.blocked': 'recusado pela plataforma',
  'help.exit.blocked.service': '451 bloqueado',
  'help.exit.unavailable': 'serviço indisponível, depois das novas tentativas',
  'help.exit.unavailable.service': '503 indisponivel, endpoint_indisponivel, 502, outros 5xx',
  'help.exit.network': 'falha de rede ou tempo esgotado',
  'help.exit.network.service': 'nenhuma resposta completa (com a requisição já enviada: pode ter sido cobrada)',
  'help.exit.badResponse': 'resposta não entendida',
  'help.exit.badResponse.service':
    'um corpo que não pode ser lido ou acima de `--max-body`; qualquer divergência com `--strict`',
  'help.exit.partial':
    'lote terminado com entradas que falharam ou que --max-credits segurou; uma chamada acima de --max-credits (nada enviado)',
  'help.exit.offline': '--offline: nada guardado no armazenamento local para a requisição (nada enviado)',
  'help.exit.hangup': 'encerrado por SIGHUP (um terminal ou uma sessão ssh fechados)',
  'help.exit.interrupted': 'interrompido (Ctrl-C, ou SIGTERM)',
  'help.exit.quit': 'encerrado por SIGQUIT (a tecla de saída de um terminal)',
  'help.exit.table.service': '(serviço: {codes})',

  // Tópicos de ajuda
  'help.topic.environment.summary': 'variáveis de ambiente e a precedência das configurações',
  'help.topic.exit-codes.summary': 'o que cada código de saída quer dizer',
  'help.topic.formatting.summary': 'formatos e formas da saída, e --jq',
  'help.topic.sandbox.summary': 'o emulador local: chaves de demonstração, identificadores e nichos',
  'help.topic.exit-codes.text': `Códigos de saída de todos os comandos do social. Scripts decidem por eles, e pelos códigos de erro
do serviço (error.type, error) na saída json, nunca pelo texto das mensagens.

{table}

Uma entrada recusada localmente (2) não custa nada e não envia requisição. Num lote (vários identificadores,
--file ou -) cada registro traz o seu próprio "exit" e a execução termina com 12 quando algum falhou.
Uma resposta com arrays e objetos aninhados em mais de 1.000 níveis não é entendida (11): ela
nunca é interpretada, seja qual for o campo que tem essa profundidade. Nem uma resposta cuja linha de status, cabeçalhos ou
estrutura HTTP não podem ser interpretados (um byte de controle num cabeçalho): ela chegou, então pode ter sido cobrada,
e é enviada uma vez só. Quando a saída não pode ser escrita (1: um disco cheio,
um erro de E/S; não um leitor que foi embora, como | head), a resposta é salva em unwritten-<time>.json
na pasta de configuração, e o erro diz onde. Um lote não envia mais nada, termina as chamadas
em andamento e salva todos os registros não escritos num único unwritten-<time>.ndjson, avisando do mesmo jeito.
Uma execução salva num arquivo que ela mesma cria: o de outra execução no mesmo milissegundo ganha um número (-2).
Um stderr que não pode ser escrito perde só as próprias linhas: a execução segue, com o seu próprio código.`,
  'help.topic.environment.text': `Variáveis de ambiente que o social lê. Precedência de toda configuração: a opção, depois o
ambiente, depois o arquivo de configuração (\`social status\` mostra cada valor em vigor e de onde ele
veio).

  SOCIAL_API_KEY          a chave de API (senão \`social config set api-key\`, que a lê da entrada padrão)
  SOCIAL_BASE_URL         o endereço do serviço, como https://api.example.com
  SOCIAL_MAX_BODY         a maior resposta lida, como 64MB (padrão 32MB; uma maior é abortada, saída 11)
  SOCIAL_CONFIG_DIR       onde ficam as configurações e o estado local (config.json, o registro de gastos, o cache de cobertura, movers-seen.json); por padrão a pasta de configuração da plataforma
  SOCIAL_CACHE_DIR        onde o código compilado é guardado para iniciar mais rápido (padrão ~/.cache/social ou a pasta de cache da plataforma); off: nenhum
  SOCIAL_STORE            o armazenamento local de toda resposta paga: um arquivo (padrão store.db em SOCIAL_CONFIG_DIR quando definida, senão a pasta de dados da plataforma), ou off; ou uma URL postgres://user@host:5432/db, que as guarda nesse servidor e compartilha orçamentos, o estado de --new-only e o registro de gastos entre máquinas (senha da URL, de PGPASSWORD ou do ~/.pgpass; mascarada quando aparece)
  SOCIAL_STORE_BUSY_MS    quanto tempo uma gravação no armazenamento espera a de outra execução, em milissegundos (padrão 5000; depois disso a resposta não é guardada)
  SOCIAL_STRICT           1 faz qualquer divergência do formato documentado sair com 11, como --strict
  SOCIAL_LOCK_WAIT_MS     quanto tempo uma execução espera outra que segura um arquivo de estado, em milissegundos (padrão 60000; depois, saída 2, nada enviado)
  SOCIAL_SANDBOX_MINIMAL  1 faz --sandbox responder só o que a especificação exige, como \`social sandbox --minimal\`
  SOCIAL_MCP_TOKEN        o token bearer de \`social mcp --http\` (senão --token, senão um gerado e mostrado uma vez)
  SOCIAL_SANDBOX_NOW      fixa o relógio das execuções com --sandbox, como --sandbox-now (um instante, uma data ou uma idade como 2d)
  SOCIAL_BUDGET           o orçamento compartilhado de onde os comandos pagos gastam, como --budget NAME
  SOCIAL_MACHINE          o nome desta máquina nos orçamentos e no registro de gastos compartilhado (padrão o nome do host)
  SOCIAL_BUDGET_EXPIRY_MS quanto tempo uma parcela de um orçamento compartilhado fica reservada depois da última renovação pelo processo dela (um processo rodando renova a cada segundo), em milissegundos; depois vira uma cobrança incerta de tudo o que reservava, nunca liberada (padrão 600000, 10 minutos)
  SOCIAL_STORE_WAIT_MS    quanto tempo uma execução espera por um armazenamento PostgreSQL que sumiu no meio dela (padrão 30000)
  NO_COLOR                qualquer valor desliga as cores (como --no-color)
  FORCE_COLOR             1 força as cores, 0 as desliga, mesmo num pipe (--no-color ainda prevalece)
  COLUMNS, LINES          a largura das tabelas e da ajuda, e o tamanho dos gráficos, quando o stdout não é um terminal
  SOCIAL_PAGER, PAGER     o paginador das tabelas longas num terminal (--no-pager: nenhum)
  SOCIAL_LANG             a língua das mensagens e da ajuda, en ou pt-BR, como --lang (senão LC_ALL, LC_MESSAGES, LANG: pt_BR.UTF-8 é português)

A chave nunca é enviada a outro host que não o endereço base configurado, e nunca por http simples
a um host que não seja de loopback. --api-key na linha de comando fica visível para outros usuários da máquina
na lista de processos: prefira o ambiente ou o arquivo de configuração.

A chave é usada exatamente como foi dada, em --api-key, SOCIAL_API_KEY e no arquivo de configuração:
espaços em volta dela (uma quebra de linha ou um tab colados) são recusados antes de qualquer envio (saída 3),
nunca removidos. \`social config set api-key\` lê uma linha da entrada padrão, então a quebra de linha encerra a
linha e não faz parte da chave. Uma SOCIAL_API_KEY vazia conta como não definida. A chave é mascarada
em tudo o que o social mostra, mesmo quando um servidor a devolve (com qualquer caixa, com percent-encoding ou
escapada com \\u, com sequências de escape, caracteres de controle ou invisíveis entre os seus caracteres,
estes também com percent-encoding):
corpos json, tabelas, cabeçalhos de api -i, erros e --debug mostram a máscara (os quatro primeiros e os quatro últimos
caracteres).`,
  'help.topic.formatting.text': `Formatos de saída: -o table (o padrão num terminal), json (o padrão num pipe), ndjson ou
csv; --json é -o json. O stdout leva só o resultado: progresso, notas de créditos, avisos e
erros vão para o stderr.

A forma da saída é definida pela forma do comando, nunca por quantas entradas existem:
  social profile github octocat             um identificador: o envelope do serviço, como veio
  social profile github octocat torvalds    vários identificadores: um registro por entrada
  social profile github --file handles.txt  um registro por entrada, mesmo num arquivo de uma linha
  echo octocat | social profile github -    um registro por entrada, mesmo com uma linha só

Um registro é {"input", "exit", "error", "body"}: a entrada como foi dada, o código de saída dela, o erro
({"kind", "code", "message"}) ou null, e o corpo do serviço. -o ndjson escreve um registro por
linha, à medida que cada um termina; -o json escreve um array deles. Assim um script que lê registros continua
funcionando quando a lista cresce ou encolhe para um só. Um comando de lista chamado uma vez (posts, movers,
trends, niches) mostra com -o ndjson um dos seus registros por linha (um post, um mover, um item de trends
com a sua série, um nicho); -o json mostra o documento do serviço inteiro.

A tabela de um lote tem uma linha para cada entrada. Uma entrada que falhou ou não foi enviada é identificada na
coluna que nomeia a linha (handle, input), com as outras células em branco, e uma coluna error, presente só
quando alguma entrada falhou, diz por quê (para uma que --max-credits segurou: não enviada, por causa do orçamento; o
aviso mostra o --skip N que retoma a partir dela).

--jq EXPR filtra com jq o JSON que um comando mostraria (a linguagem do jq 1.8 de verdade, embutida: não é
preciso ter o jq na máquina). Ele implica saída JSON (-o table ou csv junto com ele é saída 2). Strings
saem cruas, como no jq -r (sem caracteres de controle e sequências de escape), os outros valores como JSON compacto,
um por linha. Uma expressão inválida é recusada (saída 2) antes de enviar qualquer coisa que possa ser cobrada
(niches, que é grátis, envia a requisição enquanto o jq carrega, e a primeira execução do jq a recusa). Uma que falha
na resposta de uma chamada é saída 2, com a resposta salva em unwritten-<time>.json na pasta de
configuração (o erro diz onde). Num lote ele roda em cada registro; cada registro em que falha é salvo inteiro no
unwritten-<time>.ndjson do lote assim que falha, os outros são mostrados na ordem das entradas, saída 2 (130
e um aviso se for interrompido), e o erro dá o nome do arquivo. A pilha do jq embutido é pequena: num valor
com algumas centenas de níveis, um filtro que o percorre (., tojson, sort) pode falhar; esse registro é
saída 2 (o WebAssembly do jq falhou), e um jq novo cuida dos registros seguintes; o mesmo vale para um filtro
que pede mais memória do que o jq embutido tem (o filtro ficou sem memória). Um valor com mais
de 640 objetos um dentro do outro não é passado ao jq (ele não lê nada tão fundo, e pode não
voltar): esse registro falha no --jq na hora. Para essas respostas, passe -o ndjson por um pipe ao programa jq.
Ctrl-C ou SIGTERM para um filtro que nunca termina (def f: f; f) com saída 130: a resposta em que ele
estava é salva em unwritten-<time>.json, e os registros não escritos de um lote num único .ndjson (a mensagem
diz onde e, num lote, o --skip N que retoma depois deles).
  social profile github octocat --jq .data.author.followers
  social niches --jq '.niches[] | select(.windows_24h < 24) | .id'
  social profile github octocat torvalds --jq 'select(.exit == 0) | .body.data.author.handle'

As tabelas cabem na largura do terminal (COLUMNS fora de um terminal; nenhuma quando não está definida). Cada comando
ordena as suas colunas pelo que você veio buscar (movers: rank, title, gained, per hour, points; posts: published,
text, likes, replies; trends: title, points, o sparkline); quando a tabela é larga
demais, as de menor prioridade saem primeiro, e ids e URLs, os últimos da fila, saem antes de o texto livre (um título, o
texto de um post) ser cortado abaixo de 40 colunas. O texto livre fica com a largura que sobra, cortado com "…" (as
linhas de uma transcrição quebram) mas nunca abaixo de 20 colunas. Uma linha sob a tabela, no stdout junto com ela,
diz o que ficou de fora: "ocultas: url; alargue o terminal ou use --fields". Só quando nem as três
primeiras colunas cabem é que cada linha vira um cartão, um campo e o seu valor por linha, cada
valor inteiro; o mesmo vale para uma linha que uma tabela não consegue mostrar inteira (social post).

--fields a,b,c escolhe as colunas da tabela e do csv, nessa ordem, e em json e ndjson as chaves
de cada registro (os nomes estão na ajuda de cada comando, com as chaves do próprio registro, com pontos, onde
diferem, como metrics.likes ou author.followers; um nome desconhecido é recusado, saída 2, antes de
qualquer envio). A tabela então mostra todas as colunas nomeadas, nenhuma deixada de fora pela largura: só o texto
livre (um título, uma bio) é cortado; a tabela ou o csv de um lote sem error nem exit mostram só as entradas
encontradas (a linha de uma que falhou seriam células vazias). A linha de cabeçalho do csv são os nomes das colunas. Em json
cada registro guarda só as chaves nomeadas, aninhadas como no registro, dentro do documento do serviço;
em ndjson uma linha é um registro assim (num lote,
o corpo de cada entrada as guarda). O registro de um lote {"input", "exit", "error", "body"} aceita os próprios
nomes também: --fields input,exit,handle mantém input e exit, e handle no corpo; não nomear nenhum
dos três mantém as quatro chaves. Em csv e tabelas exit é uma coluna (o código de uma entrada que falhou).
Uma chamada (um identificador, social post) mostra a resposta do serviço, sem registro em volta: em
json e ndjson, input, exit e error são recusados ali (saída 2, nada enviado); em csv e tabelas
eles são colunas, como num lote (exit 0, error vazio). --fields não combina com --jq nem com
--dry-run:
  social movers tech --fields rank,points_gained,url -o csv
  social profile github octocat --fields handle,followers
  social posts bluesky jay.bsky.team --fields id,metrics.likes -o ndjson

Nas tabelas, um valor que o serviço não conhece aparece como "desconhecido", nunca como 0. Texto de fora
nunca chega ao terminal como caractere de controle ou sequência de escape: tabelas e csv os removem, json os escreve
como escapes \\u. O csv é RFC 4180, com um ' antes de uma célula que uma planilha executaria como fórmula;
uma célula de várias linhas vai entre aspas, e U+2028 e U+2029 são escritos nela como quebras de linha (na
célula de uma linha de uma tabela, como um espaço).`,
  'help.topic.sandbox.text': `A sandbox é um emulador local fiel de todo o serviço: todas as rotas, os dois formatos de erro,
o registro de créditos, o cache de uma hora dos perfis e um arquivo hora a hora com lacunas de captura. Use-a para
experimentar o social e para montar scripts sem chave, sem rede e sem gastar créditos.

  social --sandbox profile github octocat   um comando contra uma sandbox no próprio processo
  social sandbox --port 4010                uma sandbox que fica no ar, para outras ferramentas

Com uma sandbox rodando, aponte o social para ela:
  SOCIAL_BASE_URL=http://127.0.0.1:4010 SOCIAL_API_KEY=sbx_demo social profile github octocat

Chaves de demonstração: sbx_demo (créditos de sobra), sbx_empty (as duas carteiras vazias), sbx_capped (teto
de gastos atingido), sbx_inactive (desativada), sbx_quota (cota de trends esgotada).
Em todas as plataformas, os identificadores notfound, blocked e unavailable (no bluesky notfound.bsky.social,
no mastodon notfound@example.social) respondem 404, 451 e 503.
Nichos: tech (últimas 24 horas completas), science (com lacunas), startups (nunca registrado) e outros.
--now fixa o relógio dela, --state FILE guarda o registro de créditos e o cache entre reinícios, --faults injeta
falhas (veja \`social sandbox --help\`). /openapi.json descreve as rotas que ela serve:
  social --sandbox api /openapi.json | jq '.paths | keys[]'

Onde a especificação do serviço não diz nada, a sandbox decide assim (um script não deve contar com
isto no serviço de verdade):
  - Um método que não seja GET responde 405 metodo_invalido com Allow: GET, no formato de erro da própria rota: o envelope em profile, posts, post e transcript, ApiError no arquivo.
  - Um caminho que não é rota responde 404 endpoint_indisponivel (ApiError).
  - trends: um intervalo malformado, ou from que não vem antes de to, responde 400 intervalo_invalido; from é por padrão agora menos 7 dias, mesmo quando só to é dado.
  - trends: a cota mensal responde 429 com error sem_creditos, limit e renews_at; trends e movers recusam por créditos com 402 (sem_creditos, teto_estourado), nunca 429.
  - trends: o limite de 90 dias mantém os 90 dias que terminam em to, para qualquer nicho, conhecido ou não; o limite de 5000 pontos (e um limit menor) mantém as janelas inteiras mais novas.
  - movers: um empate entre duas janelas igualmente próximas de hours atrás fica com a mais antiga; itens que ganharam o mesmo são ordenados por external_id. Sem chave ele responde 401 chave_invalida; trends responde 401 chave_ausente.
  - Um parâmetro inteiro (limit, o hours de movers) escrito de outro jeito que não só dígitos (05, +5, um espaço, -0) é malformado: 400 parametro_invalido, nada cobrado. O CLI envia as suas opções numéricas como só dígitos (--hours 05 envia hours=5).
  - Um teto de gastos recusa uma chamada que passaria dele (gasto de 45 de 50, e movers custa 10), não só quando ele já foi atingido.
  - Uma cobrança é paga primeiro pela franquia gratuita, depois pelos créditos comprados; o paid_from de trends diz a carteira que pagou a maior parte.
  - posts respondem 402, 451 e 503 como profile. Toda rota de envelope guarda a resposta em cache por uma hora, pela rota e pelos parâmetros (transcript e post incluídos): um acerto de cache não custa nada.
  - Um post único é data com uma lista items de um elemento; os items de transcript são {start, end, text}; os items de profile são vazios.
  - Um envelope de erro traz campos de crédito null quando a chave não pôde ser lida (desconhecida ou ausente).
  - Authorization num esquema que não seja Bearer é tratado como uma chave desconhecida (401).
  - Um 502 (de --faults) é uma página HTML, não JSON.
  - As mensagens de erro são o texto em inglês da própria sandbox: decida pelo código, nunca pela mensagem.`,

  // help
  'help.help.summary': 'ajuda sobre um comando, ou um tópico: {topics}',
  'help.help.arg.name': 'um comando (como profile, ou config set) ou um tópico',
  'help.help.examples': `social help profile
social help config set
social help formatting
social help exit-codes`,
  'help.unknownName': 'nenhum tópico de ajuda ou comando se chama {name}',
  'help.unknownName.hint': 'Tópicos: {topics}.\nComandos: {commands}.',
  'help.jq.nothingToFilter': 'social {command} não imprime JSON: --jq não tem o que filtrar',

  // profile
  'help.profile.summary': 'perfis públicos: 1 crédito cada, 0 quando a resposta vem do cache (cache de uma hora)',
  'help.profile.arg.platform': 'uma das dez plataformas abaixo',
  'help.profile.arg.handle': 'identificadores, @identificadores ou URLs de perfil coladas; - os lê da entrada padrão',

  // posts
  'help.posts.summary': 'posts recentes escritos por uma conta (bluesky, mastodon, threads): 1 crédito',
  'help.posts.arg.platform': 'bluesky, mastodon, threads',
  'help.posts.arg.handle':
    'identificador, @identificador ou URL de perfil colada; - lê os identificadores da entrada padrão',

  // post
  'help.post.summary':
    'um post do bluesky com as curtidas, respostas, reposts e citações: 1 crédito, nada quando não é encontrado',
  'help.post.arg.post':
    'at://<did-or-handle>/app.bsky.feed.post/<rkey>, ou a URL dele, https://bsky.app/profile/<x>/post/<rkey>',

  // transcript
  'help.transcript.summary': 'as legendas de um vídeo do tiktok: 1 crédito, cobrado mesmo quando não há nenhuma',
  'help.transcript.arg.url': 'a URL do próprio vídeo: https://www.tiktok.com/@<user>/video/<id> (não um link curto)',

  // niches
  'help.niches.summary':
    'os nichos do arquivo de tendências e quão completas estão as últimas 24 horas deles: grátis, sem chave',

  // trends
  'help.trends.summary':
    'o histórico hora a hora dos itens de um nicho no arquivo: 1 crédito, cobrado mesmo quando vem vazio',
  'help.trends.arg.niche': 'id do nicho, como tech (veja `social niches`)',

  // movers
  'help.movers.summary':
    'os itens que mais ganharam pontos nas últimas horas: 10 créditos, nada quando não há movimento',
  'help.movers.arg.niche': 'id do nicho, como tech (veja `social niches`)',

  // history
  'help.history.summary':
    'os snapshots de perfil de uma conta guardados localmente e o crescimento de seguidores: grátis, do armazenamento local, nada enviado',
  'help.history.arg.platform': 'uma das dez plataformas',
  'help.history.arg.handle': 'um identificador, @identificador ou URL de perfil colada, como `profile` aceita',

  // track
  'help.track.summary':
    'uma lista de contas acompanhadas: add, remove, list; run (cron: 1 crédito cada) as busca, report ordena o crescimento delas',

  // search
  'help.search.summary': 'busca de texto nos posts e transcrições do armazenamento local: grátis, nada enviado',
  'help.search.arg.text': 'as palavras a encontrar (todas elas); uma palavra terminada em * vale como prefixo',

  // budget
  'help.budget.summary':
    'um orçamento compartilhado por todos os processos num armazenamento PostgreSQL: define o limite, mostra o gasto',

  // credits
  'help.credits.summary': 'o que a chave ainda tem (lido sem gastar) e o que esta máquina gastou',

  // store
  'help.store.summary': 'o armazenamento local de toda resposta paga: info, sql, export, prune, check (sem rede)',

  // status
  'help.status.summary':
    'a chave, o endereço base e as configurações em vigor, de onde cada um veio, e o saldo (grátis)',

  // api
  'help.api.summary': 'uma requisição crua a qualquer rota do serviço (rotas que o social ainda não modela)',
  'help.api.arg.path': 'como github/profile (sob /api/v1), ou a partir da raiz: /api/v1/github/profile, /openapi.json',

  // config
  'help.config.summary': 'configurações: api-key, base-url, e padrões de output, timeout, retries, max-body',

  // sandbox
  'help.sandbox.summary': 'roda o emulador local do serviço, com dados embutidos e um registro de créditos',

  // mcp
  'help.mcp.summary':
    'os comandos como ferramentas MCP para um agente de IA (stdio, ou --http), dentro de um orçamento da sessão',

  // skill
  'help.skill.summary':
    'a skill de agente que vem com o social (skills/social/SKILL.md): `social skill path` mostra onde ela está',

  // completion
  'help.completion.summary': 'mostra o script de autocompletar do shell: {shells}',
  'help.complete.summary': 'valores para os scripts de autocompletar, só do estado local',
} satisfies Translation<typeof help>;
