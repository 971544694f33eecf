// Os tópicos de ajuda em português do Brasil (glossário: docs/guide.md): as páginas de `social help
// <topic>` e as linhas da tabela de códigos de saída. Só a prosa é traduzida: os comandos, as
// opções, as variáveis de ambiente e as chaves do json são os mesmos nas duas línguas.
import type topics from '../en/topics.js';
import type { Translation } from '../message-types.js';

export default {
  // Códigos de saída (social help exit-codes)
  'topics.exit.ok': 'sucesso, inclusive um resultado vazio',
  'topics.exit.ok.service': '200',
  'topics.exit.unexpected': 'falha inesperada (um bug); `store check`: problemas no armazenamento',
  'topics.exit.unexpected.service': '405 e tudo o que não tem classificação',
  'topics.exit.usage':
    'argumentos ou opções inválidos, entrada recusada localmente (nada enviado), um filtro --jq que falhou numa resposta',
  'topics.exit.usage.service': '400 parametro_invalido, intervalo_invalido',
  'topics.exit.auth': 'nenhuma chave configurada, ou a chave foi recusada',
  'topics.exit.auth.service': '401 chave_invalida, chave_ausente',
  'topics.exit.credits': 'sem créditos: esperar não adianta antes do dia 1º',
  'topics.exit.credits.service': '402 sem_creditos',
  'topics.exit.ceiling': 'teto mensal de gastos atingido',
  'topics.exit.ceiling.service': '402 teto_estourado',
  'topics.exit.quota': 'cota mensal esgotada',
  'topics.exit.quota.service': '429',
  'topics.exit.notFound': 'não encontrado',
  'topics.exit.notFound.service': '404 nao_encontrado',
  'topics.exit.blocked': 'recusado pela plataforma',
  'topics.exit.blocked.service': '451 bloqueado',
  'topics.exit.unavailable': 'serviço indisponível, depois das novas tentativas',
  'topics.exit.unavailable.service': '503 indisponivel, endpoint_indisponivel, 502, outros 5xx',
  'topics.exit.network': 'falha de rede ou tempo esgotado',
  'topics.exit.network.service': 'nenhuma resposta completa (com a requisição já enviada: pode ter sido cobrada)',
  'topics.exit.badResponse': 'resposta não entendida',
  'topics.exit.badResponse.service':
    'um corpo que não pode ser lido ou acima de `--max-body`; qualquer divergência com `--strict`',
  'topics.exit.partial':
    'lote terminado com entradas que falharam ou que --max-credits segurou; uma chamada acima de --max-credits (nada enviado)',
  'topics.exit.offline': '--offline: nada guardado no armazenamento local para a requisição (nada enviado)',
  'topics.exit.hangup': 'encerrado por SIGHUP (um terminal ou uma sessão ssh fechados)',
  'topics.exit.interrupted': 'interrompido (Ctrl-C, ou SIGTERM)',
  'topics.exit.quit': 'encerrado por SIGQUIT (a tecla de saída de um terminal)',
  'topics.exit.table.service': '(serviço: {codes})',

  // As páginas
  'topics.exit-codes': `Códigos de saída de todos os comandos do social. Scripts decidem por eles, e pelos códigos de erro
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
  'topics.environment': `Variáveis de ambiente que o social lê. Precedência de toda configuração: a opção, depois o
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
  'topics.formatting': `Formatos de saída: -o table (o padrão num terminal), json (o padrão num pipe), ndjson ou
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
  'topics.sandbox': `A sandbox é um emulador local fiel de todo o serviço: todas as rotas, os dois formatos de erro,
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
} satisfies Translation<typeof topics>;
