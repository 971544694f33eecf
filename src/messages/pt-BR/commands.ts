// A ajuda própria de cada comando, em português do Brasil (glossário: docs/guide.md): as opções, os
// subcomandos, o texto depois das opções e as explicações ao lado de alguns exemplos. Só a prosa é
// traduzida: as opções e os valores são os mesmos nas duas línguas, e as linhas de comando dos
// exemplos ficam no código, uma vez só, na declaração de cada comando.
import type commands from '../en/commands.js';
import type { Translation } from '../message-types.js';

export default {
  // Opções de vários comandos
  'commands.batch.file': 'lê as entradas de um arquivo, uma por linha (- para a entrada padrão)',
  'commands.batch.skip': 'pula as N primeiras entradas (para retomar um lote interrompido)',
  'commands.batch.shard': 'fica só com a K-ésima de N partes das entradas (por um hash estável de cada uma)',
  'commands.charge.dry-run': 'mostra as requisições que enviaria e o máximo que poderiam custar; não envia nada',
  'commands.batch.dry-run':
    'mostra a requisição que enviaria para um identificador, ou o plano de um lote ({plan}), e o máximo que poderia custar; não envia nada',
  'commands.batch.dry-run.every': 'mostra o plano do lote ({plan}) e o máximo que poderia custar; não envia nada',
  'commands.batch.dry-run.plan':
    'quantas entradas, quantas válidas, as inválidas, as que o armazenamento local responderia',
  'commands.charge.max-credits':
    'gasta no máximo N créditos: uma chamada que possa custar mais não é enviada (saída 12); um lote segura as entradas que passariam do limite',
  'commands.charge.max-age':
    'uma resposta do armazenamento local mais nova que isto (30m, 6h, 7d) é mostrada em vez de enviar: 0 créditos',
  'commands.charge.offline': 'responde só do armazenamento local, nunca da rede (saída 13 quando não há nada guardado)',
  'commands.charge.no-store': 'nem lê nem grava o armazenamento local nesta chamada',
  'commands.charge.budget':
    'gasta do orçamento NAME compartilhado por todos os processos no armazenamento PostgreSQL (SOCIAL_BUDGET); com --max-credits N, criado com N créditos se for novo',
  'commands.batch.concurrency': 'chamadas simultâneas num lote, 1..64',
  'commands.fields':
    'colunas de uma tabela ou csv, chaves de cada registro em json e ndjson, nesta ordem, separadas por vírgula: {names}',
  'commands.computed':
    'json e ndjson: acrescenta um objeto "computed" ao lado de cada registro (os números que tabelas e csv mostram como colunas)',
  'commands.chart.chart': 'desenha um gráfico em vez da tabela (também num pipe, em COLUMNS x LINES, senão 80x24)',
  'commands.chart.chart-file': 'grava também o gráfico num arquivo SVG autônomo (o stdout mantém a saída de -o)',
  'commands.chart.top': 'os itens do gráfico, da melhor posição para baixo, 1..{max} (padrão {default})',
  'commands.chart.metric': 'o que o gráfico mostra ao longo do tempo (padrão rank)',
  'commands.platforms': 'Plataformas:',
  'commands.platforms.forms': 'Plataformas, um identificador e a forma de URL de perfil que cada uma aceita:',
  'commands.batch.text': `Lote: --file F (ou -, a entrada padrão) recebe uma entrada por linha; linhas em branco e comentários com # são ignorados.
As entradas são lidas aos poucos, --concurrency por vez, e cada uma é escrita assim que chega a sua vez
(ndjson: uma linha por entrada, {"input","exit","error","body"}; json: um array delas; csv: linhas).
Uma linha inválida, ou com mais de {maxLine} bytes, é relatada na sua própria linha (saída 2) e não custa nada;
uma linha acima do limite nunca é guardada inteira: o registro dela, em qualquer formato, a identifica pelos primeiros {preview}
caracteres e "…".
--max-credits reserva o preço de cada chamada antes de enviá-la e conta uma chamada que pode ter sido
cobrada (interrompida, não entendida), ou que diz cached false, por pelo menos esse preço: o
lote nunca passa do limite. Cada entrada que ele segura vira um registro próprio, com "exit" 12, "error"
{"kind": "budget", "code": "not_sent"} e "body" null; a execução então diz quantas foram, e o
--skip N que retoma a partir da primeira delas, e sai com 12.
--fields aceita os nomes do próprio registro ao lado dos da resposta: --fields input,exit,handle mantém a
entrada, o código de saída dela e o handle no corpo (csv e tabelas: uma coluna exit).
--dry-run lê as entradas e mostra quantas são válidas, as inválidas e o máximo que o lote
poderia custar; nada é enviado (saída 12 quando há inválidas).
--shard K/N fica com a K-ésima de N partes da entrada, divididas por um hash estável de cada entrada
normalizada: N máquinas com a mesma lista e K = 1..N fazem cada entrada exatamente uma vez.
As respostas ficam dentro de um orçamento de memória (4 MB; a próxima resposta na ordem das entradas é sempre lida): acima
dele, e enquanto o stdout não tiver absorvido o que foi escrito, nenhuma chamada começa e as outras esperam ser lidas.
Ctrl-C (ou SIGTERM, SIGHUP, SIGQUIT) para de enviar, cancela as novas tentativas que aguardavam envio, escreve
todas as chamadas já em andamento e mostra o --skip N que retoma na primeira entrada não enviada.
Saída 12 quando alguma entrada falhou ou o orçamento parou o lote; 130 com Ctrl-C ou SIGTERM, 129 com
SIGHUP, 131 com SIGQUIT.`,

  // profile
  'commands.profile.handles': `Os identificadores são aparados, um @ inicial é descartado, e uma URL de perfil colada é reduzida ao identificador
(no mastodon, https://host/@user vira user@host). Um identificador do mastodon precisa da instância.
Os identificadores dados como argumentos são todos conferidos antes de qualquer envio: um inválido não custa nada.`,

  // posts
  'commands.posts.limit.range': '{platform} {min}..{max} (padrão {default})',
  'commands.posts.limit.none': '{platforms} não aceita nenhum',
  'commands.posts.after': `Só os posts que a própria conta escreveu: reposts e impulsionamentos de outros ficam de fora; no mastodon entram
as respostas a outros. O threads devolve os posts da sua página (sem --limit) e não publica citações.
Um --limit fora da faixa é recusado antes de qualquer envio, nunca ajustado.`,
  // posts e post: a coluna engagement e --computed
  'commands.engagement': `engagement (engaj. %): (likes + replies + reposts + quotes) / os seguidores do autor na mesma
resposta, em porcentagem; desconhecido quando algum deles é (o threads não publica citações; uma
resposta sem os seguidores do autor). json: a resposta do serviço; --computed acrescenta "computed":
{"engagement_rate"} (uma fração) ao lado das chaves de cada post, todo o resto como foi enviado.`,

  // post
  'commands.post.after': 'As respostas ao post não vêm junto.',

  // transcript
  'commands.transcript.after': `A maioria dos vídeos não tem legendas: a resposta então vem vazia, código de saída 0, e 1 crédito é
cobrado do mesmo jeito. O social nunca tenta de novo uma resposta vazia.`,

  // niches
  'commands.niches.after': `Colunas: o id do nicho (o que trends e movers recebem), o rótulo dele, as janelas horárias registradas nas
últimas 24 horas ("24/24" é completo; "17/24 lacunas" quer dizer horas faltando) e a última janela.
"nunca registrado" quer dizer que o arquivo não tem nenhuma janela desse nicho.

Sempre consulta o serviço (a cobertura não custa nada) e atualiza a cópia local com que trends e
movers conferem os nomes dos nichos por 5 minutos, para que um erro de digitação nunca custe um crédito.`,

  // trends
  'commands.trends.from': 'início; padrão {days} dias antes de --to',
  'commands.trends.to': 'fim; padrão agora',
  'commands.trends.limit':
    'o máximo de pontos da série desejado, 1..{cap} (uma sugestão: o serviço nunca envia mais de {cap})',
  'commands.trends.series': 'tabela: uma linha por ponto da série em vez de uma linha por item',
  'commands.trends.force':
    'envia mesmo quando a cobertura mostra que a resposta virá vazia (ela é cobrada do mesmo jeito)',
  'commands.trends.after': `Horários: um instante ISO 8601 com o fuso (2026-11-20T08:00Z, 2026-11-20T09:00+01:00), uma data
(2026-11-20, meia-noite UTC) ou uma idade contada a partir de agora: 90m, 36h, 7d, 2w (--from 36h é 36 horas
atrás). --from precisa vir antes de --to e o intervalo ter no máximo {maxSpan} dias; qualquer outra coisa é recusada
antes de enviar uma requisição. Sem --from e --to vale o padrão do serviço (os últimos
{defaultSpan} dias); com só um deles, o outro é preenchido aqui e os dois são enviados.

O nicho é conferido primeiro na cobertura gratuita (em cache por 5 minutos): um nicho desconhecido é
recusado com os nomes mais próximos e não custa nada. Se a cobertura não puder ser lida, trends segue
com um aviso (um nicho desconhecido seria então cobrado em 1 crédito por uma resposta vazia).
A cobertura também mostra quando a resposta só pode vir vazia, e então trends não envia nada (saída 2)
a menos que haja --force: um nicho sem nenhuma janela (last_window null), ou um intervalo que começa depois
da última janela do nicho. --dry-run diz o mesmo, só pela cobertura em cache (com --sandbox, a da
sandbox no próprio processo).

Tabela: uma linha por item com o título, a melhor posição, o movimento (posição mais antiga menos a mais nova: ▲
subiu, ▼ caiu), os pontos mais recentes, sparklines dos pontos e da posição no intervalo (uma
alta é uma subida rumo à posição 1; os espaços em branco são horas fora do ranking), quando entrou e
quando saiu ou "ainda no ranking". --series: uma linha por ponto da série.
csv: sempre uma linha por ponto da série: external_id,title,url,window,position,points,comments.
json: a resposta do serviço, intacta.
stderr: um aviso quando a resposta bateu num limite (truncada) e, num terminal, o que foi cobrado,
se a franquia gratuita ou os créditos comprados pagaram, e o que sobrou.`,
  'commands.trends.example.rankChart': '# posição ao longo do tempo dos 8 primeiros',
  'commands.trends.example.svgFile': '# um SVG para um relatório; o stdout mantém a tabela',

  // movers
  'commands.movers.hours': 'quantas horas para trás comparar, {min}..{max} (padrão {default})',
  'commands.movers.limit': 'os N primeiros por pontos ganhos, {min}..{max} (padrão {default})',
  'commands.movers.min-gained':
    'só os itens que ganharam pelo menos N pontos (filtrado localmente: a chamada é cobrada do mesmo jeito)',
  'commands.movers.new-only':
    'só os itens não relatados por uma execução anterior com --new-only neste nicho (estado na pasta de configuração)',
  'commands.movers.reset-state':
    'com --new-only: esquece o que foi relatado neste nicho (e põe de lado um estado danificado)',
  'commands.movers.after': `A janela mais nova é comparada com a janela arquivada capturada mais perto de --hours atrás. As janelas
não têm espaçamento regular, então o cabeçalho diz o intervalo real ("janelas a 6 h 12 min uma da outra, pedido 6 h") e
"por hora" é pontos ganhos divididos por esse intervalo real, nunca por --hours. "posição" é a posição
na janela mais nova, só como referência: os itens são ordenados por pontos ganhos.
Um --hours ou --limit fora da faixa é recusado antes de qualquer envio, nunca ajustado.

O nicho é conferido primeiro na cobertura gratuita (em cache por 5 minutos): um nicho desconhecido é
recusado com os nomes mais próximos e não custa nada. Se a cobertura não puder ser lida, movers segue com
um aviso. Nenhum movimento encontrado: a nota do serviço, nada cobrado, saída 0.

Para o cron: --min-gained N descarta os itens menores, --new-only descarta os já relatados neste
nicho neste serviço (guardados por 30 dias em movers-seen.json na pasta de configuração; salvos só depois
que a saída foi escrita, então uma execução que falhou os relata de novo). Os dois filtram localmente: o serviço
cobra {cost} créditos do mesmo jeito quando encontrou movimento.
--new-only roda uma execução por vez: execuções sobrepostas esperam umas pelas outras (até 60 s, ou
SOCIAL_LOCK_WAIT_MS), para que um item nunca seja relatado duas vezes. Ele é recusado, saída 2 e nada
enviado, quando o estado não pode ser gravado, está preso por outra execução além da espera, ou está danificado
(--reset-state põe de lado um arquivo danificado e recomeça este nicho do zero).
json: a resposta do serviço; com --min-gained ou --new-only, o mesmo corpo com items contendo
só os itens mantidos e total igual ao número deles (todo o resto como o serviço enviou);
--computed acrescenta "computed": {"gained_per_hour"} ao lado das chaves de cada item (a coluna por hora).
csv: uma linha por item, com external_id, url, gained_per_hour e interval_min.`,
  'commands.movers.example.gainsChart': '# barras dos pontos ganhos, e por hora',

  // history
  'commands.history.after': `Cada resposta de profile, posts ou post que o armazenamento local guarda da conta é um snapshot: a
data, os seguidores, os seguidores ganhos desde o snapshot anterior e esse ganho por dia, os seguidos
e os posts. Num terminal o cabeçalho desenha os seguidores num sparkline; --chart os desenha ao longo do
tempo, --chart-file grava o gráfico em SVG. Nada é enviado: \`social track run\` (cron) ou qualquer
chamada de \`social profile\` acrescenta snapshots. --sandbox lê o armazenamento da própria sandbox.

json: um array de snapshots, {"platform", "handle", "fetched_at", "source", "followers",
"following", "posts_count"}, como foram obtidos; --computed acrescenta "computed": {"gained", "gained_per_day"}
ao lado de cada um. ndjson: um snapshot por linha. csv e tabelas mostram sempre as colunas calculadas.`,

  // track
  'commands.track.after': `A lista de acompanhamento fica no armazenamento local (o da sandbox com --sandbox), e \`store prune\`
nunca a remove. add, remove, list e report não enviam nada e não precisam de chave; run busca todos os
perfis acompanhados (1 crédito cada, 0 quando a resposta vem do cache), e o armazenamento guarda cada resposta como um snapshot:
\`social history\` mostra os de uma conta, \`track report\` ordena todas.

Cron, todo dia às 06:00 (um lote: --concurrency, --max-credits, --dry-run, --shard como no profile):
  0 6 * * * social track run --max-credits 100 -q -o ndjson >> ~/track.ndjson`,
  'commands.track.add.summary': 'acompanha contas: os identificadores conferidos como no `profile`, nada enviado',
  'commands.track.add.arg.platform': 'uma das dez plataformas',
  'commands.track.add.arg.handle': 'identificadores, @identificadores ou URLs de perfil coladas',
  'commands.track.remove.summary': 'deixa de acompanhar contas; os snapshots delas continuam no armazenamento',
  'commands.track.remove.arg.platform': 'uma das dez plataformas',
  'commands.track.remove.arg.handle': 'identificadores, como foram adicionados',
  'commands.track.list.summary': 'as contas acompanhadas, com o snapshot mais novo de cada uma',
  'commands.track.run.summary':
    'busca todos os perfis acompanhados num lote (1 crédito cada, 0 quando vem do cache), cada um guardado como um snapshot',
  'commands.track.run.after': `Cada conta acompanhada é uma entrada de um lote de profile: --concurrency por vez, --max-credits
nunca ultrapassado (as entradas além dele são seguradas, saída 12), --dry-run imprime o plano do lote
(quantas entradas são válidas, as inválidas, o máximo que poderiam custar) sem enviar nada,
--shard K/N fica com uma parte estável da lista (uma parte por máquina), --skip N retoma. Registros,
resumo e códigos de saída são os de um lote (\`social profile --help\`).`,
  'commands.track.report.summary':
    'as contas acompanhadas ordenadas pelos seguidores ganhos desde --since, com a taxa de engajamento',
  'commands.track.report.since': 'uma idade (7d, 2w), uma data ou um instante (padrão {default})',
  'commands.track.report.after': `O crescimento de cada conta acompanhada: do snapshot mais novo até --since (senão o mais antigo
depois dele) até o mais novo, em seguidores ganhos, por dia e em porcentagem de onde começou, ordenado
pelos seguidores ganhos. engagement: a taxa média de engajamento dos posts guardados desde --since, cada um
(curtidas + respostas + reposts + citações) / os seguidores do autor quando foi obtido, em porcentagem;
desconhecida quando algum desses números é (o threads não publica citações). Nada é enviado.

json: um array de contas, {"platform", "handle", "added_at", "from", "to"} (from e to:
snapshots {"fetched_at", "followers", ...}, ou null), como guardados; --computed acrescenta "computed":
{"rank", "gained", "gained_per_day", "gained_per_cent", "engagement_rate", "posts_rated"} ao lado de cada uma.`,

  // search
  'commands.search.limit': 'o máximo de resultados mostrados, os melhores primeiro, 1..{max} (padrão {default})',
  'commands.search.after': `Encontra posts e transcrições do armazenamento local que contêm todas as palavras dadas (palavras inteiras, sem
diferenciar maiúsculas nem acentos; uma palavra terminada em * é um prefixo: layoff* encontra layoffs). Os melhores resultados primeiro (bm25),
cada um identificado pela origem (post ou transcript), plataforma, autor e id; num terminal as palavras
encontradas aparecem marcadas [assim] no texto em volta delas. Nada é enviado: as respostas de posts, post e
transcript são guardadas à medida que chegam. --sandbox busca no armazenamento da própria sandbox.

json: um array de resultados, {"source", "platform", "handle", "id", "url", "published_at",
"fetched_at", "snippet"}; ndjson: um por linha; csv: o trecho sem as marcas.`,

  // budget
  'commands.budget.after': `Um orçamento fica no armazenamento PostgreSQL (SOCIAL_STORE=postgres://user@host:5432/db, ou
social config set store URL), e todos os processos nesse armazenamento o compartilham: um comando pago com
--budget NAME reserva o maior custo possível de cada chamada antes de enviá-la, e acerta a conta pela
resposta (cobrada, grátis, ou incerta contada como cobrada). Um processo reserva o orçamento uma parcela por
vez e renova as parcelas dele a cada segundo enquanto roda. Uma parcela que o processo deixou de renovar
(morto, ou sem acesso ao armazenamento) continua reservada até SOCIAL_BUDGET_EXPIRY_MS depois da última
renovação (padrão 600000, 10 minutos); então vira uma cobrança incerta de tudo o que ainda reservava, nunca
liberada: a próxima execução no orçamento, ou budget show, a passa de reservada para incerta.`,
  'commands.budget.set.summary': 'cria um orçamento ou muda o limite dele, para todos os processos do armazenamento',
  'commands.budget.set.arg.name': 'o orçamento, como --budget o nomeia',
  'commands.budget.set.arg.credits': 'o limite, em créditos',
  'commands.budget.set.per': 'renova a cada mês ou dia (UTC); sem isto, nunca se renova',
  'commands.budget.show.summary': 'o limite do orçamento, o que está acertado e reservado, por máquina (neste período)',
  'commands.budget.show.arg.name': 'o orçamento',

  // credits
  'commands.credits.since':
    'período do resumo local: uma idade (30d, 2w, 36h), uma data ou um instante (padrão {default})',
  'commands.credits.after': `O saldo é lido de graça: credits pergunta à rota de movers sobre um nome de nicho que a cobertura
não lista; o serviço responde 200 sem nada encontrado, não cobra nada e informa
credits_balance. O nome é conferido antes na cobertura (grátis), então a sondagem
nunca cai num nicho de verdade; se a cobertura não puder ser lida a sondagem não é enviada, o saldo aparece
como desconhecido e o código de saída diz por quê (9 indisponível, 10 rede).

O ritmo de consumo: o que esta máquina gastou com esta chave neste serviço nos últimos 7 e 30 dias,
por dia, e nesse ritmo quantos dias o saldo dura e em que dia ele acaba, antes
ou depois de a franquia gratuita se renovar (00:00 UTC do dia 1º). Um registro mais novo que a janela é
considerado pelos dias que tem. Chamadas incertas contam pelo custo, como em todo lugar.

Também aparecem: o último detalhamento completo que um envelope trouxe (créditos comprados, franquia gratuita restante
do total dela, e quando a franquia gratuita se renova, 00:00 UTC do dia 1º), e o registro local de
quanto esta máquina gastou com esta chave neste serviço, por dia e por comando. O registro
(spend.jsonl na pasta de configuração) ganha uma linha à medida que cada chamada é respondida, com o serviço e uma
impressão digital da chave (os 8 primeiros dígitos hexadecimais do SHA-256 dela, nunca a chave); chamadas que podem
ter sido cobradas sem resposta contam pelo custo e aparecem como incertas, assim como uma
resposta que diz cached false mas informa menos créditos que o preço da rota, ou informa um
número de créditos que não é uma contagem (uma fração, uma string, null, um negativo): contada pelo preço,
como a nota de créditos, o resumo de um lote e o teto a contam. Execuções com --sandbox não são registradas.

Nenhuma chamada grátis revela um teto mensal de gastos: quando uma chamada paga é recusada por ele
(teto_estourado, saída 5), o social guarda o teto (o limite e o gasto do mês, quando a resposta
os traz) desta chave neste serviço, com a data, em ceilings.json na pasta de configuração.
credits o mostra pelo resto daquele mês; enquanto ele estiver atingido, credits diz que as chamadas pagas são
recusadas até o dia 1º e sai com 5, como elas sairiam, qualquer que seja o saldo. Uma chamada cobrada depois
disso mostra que o teto foi aumentado, e ele é esquecido; uma que falhou depois dele pode ter sido
cobrada e conta para um teto com folga, e nunca diz que um foi aumentado.

chaves do json:
  balance            créditos restantes na chave, lidos agora (null: não pôde ser lido)
  balance_read_at    quando foi lido (ISO 8601), ou null
  probe_charged      o que a sondagem grátis cobrou (0), ou null quando ela não foi enviada
  ceiling            null, ou {"cap", "spent_this_month" (null quando a resposta não disse),
                     "reached", "seen_at", "resumes_at" (00:00 UTC do dia 1º)}
  last_breakdown     o último detalhamento de créditos que um envelope trouxe, ou null: {"seen_at",
                     "credits_remaining", "credits_purchased_remaining", "free_credits_remaining",
                     "free_credits_total", "free_credits_reset_at"}
  burn_rate          null com --sandbox, ou {"balance", "free_resets_at", "windows": [{"days" (7,
                     30), "credits", "over_days", "per_day", "days_left", "runs_out_on",
                     "before_reset"}]}: o ritmo nos últimos 7 e 30 dias do registro inteiro
                     (em menos dias quando ele é mais novo), e os dias que o saldo dura nesse ritmo
  spent              o que esta máquina gastou: {"since", "recorded", "service", "key" (a impressão
                     digital da chave), "credits", "calls", "uncertain", "by_day": [{"day", "command",
                     "calls", "cached", "credits", "uncertain"}]}
csv: uma linha por dia e comando.`,

  // store
  'commands.store.after': `O armazenamento é SOCIAL_STORE (um arquivo, ou off), senão store.db em SOCIAL_CONFIG_DIR quando definida, senão na
pasta de dados do usuário ($XDG_DATA_HOME/social). Execuções com --sandbox têm o seu próprio (store.sandbox.db).
Todas as tabelas e colunas, com SQL para lê-las: docs/store.md.`,
  'commands.store.info.summary':
    'onde está o armazenamento, o tamanho, linhas por tabela, a busca mais antiga e a mais nova, versão do esquema',
  'commands.store.sql.summary':
    'roda uma consulta que só lê (o armazenamento é aberto só para leitura); todos os formatos de saída',
  'commands.store.sql.arg.query': 'um comando SQL, como SELECT ...',
  'commands.store.export.summary': 'escreve, aos poucos, todas as linhas de uma tabela em ndjson (o padrão) ou csv',
  'commands.store.export.arg.table': 'uma tabela de docs/store.md: fetches, bodies, profiles, posts, post_metrics, ...',
  'commands.store.prune.summary': 'apaga o que foi obtido antes de um momento (a lista de acompanhamento é mantida)',
  'commands.store.prune.older-than': 'o que foi obtido há mais tempo que isto: 180d, 26w, 12h',
  'commands.store.check.summary':
    'roda a verificação de integridade do SQLite no armazenamento: saída 0 quando está íntegro, 1 apontando os problemas',

  // status
  'commands.status.offline': 'não lê o saldo: nada é enviado',
  'commands.status.after': `Cada configuração mostra o valor e a origem: opção, ambiente (SOCIAL_API_KEY, SOCIAL_BASE_URL),
arquivo (o config.json da pasta de configuração) ou padrão. A chave aparece mascarada. O saldo é lido de
graça, do jeito que \`social credits\` o lê (uma sondagem de movers num nicho que a cobertura não lista); uma
falha ao lê-lo é mostrada e define o código de saída (2 sem endereço base, 3 sem chave ou chave recusada,
9 indisponível, 10 rede), então \`social status >/dev/null\` confere se a chave funciona; com --offline
a saída é 0.

json: {"settings": [{"key", "value", "source"}], "config_dir", "config_file", "config_writable",
"balance", "balance_read_at", "balance_note"}.`,

  // api
  'commands.api.method': 'o método HTTP (padrão GET)',
  'commands.api.field': 'um campo de texto; repita para mais',
  'commands.api.raw-field': 'um campo tipado: números, true, false e null como JSON, qualquer outra coisa como texto',
  'commands.api.include':
    'mostra a linha de status e os cabeçalhos da resposta (saneados) antes do corpo, também nos erros',
  'commands.api.after': `Os campos vão na query string de um GET, e como um objeto JSON no corpo de qualquer outro método
(-F 5 é o número 5, -f 5 a string "5"). A chave é enviada, os códigos de saída são os de todos os
comandos, e json mostra o corpo como veio. Um corpo que não é nem envelope nem lista
(como /openapi.json) é mostrado como JSON mesmo com -o table ou csv; numa tabela, listas dentro das linhas ficam
de fora com uma nota (veja-as com -o json ou --jq). Um GET é tentado de novo como em todos os
comandos; qualquer outro método é enviado uma vez, nunca repetido: ele pode ter agido (e cobrado) mesmo quando
a resposta se perde. Uma URL completa é recusada: a chave só vai para o endereço base configurado.
As rotas que o catálogo tiver além destas podem cobrar o seu próprio preço: --dry-run mostra o que se sabe.`,

  // config
  'commands.config.setting.api-key':
    'a chave de API enviada como Authorization: Bearer (guardada só para o dono; nunca mostrada inteira)',
  'commands.config.setting.base-url': 'o endereço do serviço, como https://api.example.com',
  'commands.config.setting.output': 'formato de saída padrão: {formats}',
  'commands.config.setting.timeout': 'segundos por tentativa, por padrão, da conexão ao último byte da resposta',
  'commands.config.setting.retries': 'novas tentativas, por padrão, das falhas que podem ser repetidas com segurança',
  'commands.config.setting.max-body': 'a maior resposta lida, como 32MB (o padrão) ou 512KB; uma maior é abortada',
  'commands.config.setting.store':
    'o armazenamento: um arquivo, ou uma URL postgres://user@host:5432/db que guarda todas as respostas e compartilha orçamentos, o estado do cron e o registro de gastos (a senha aparece mascarada)',
  'commands.config.after': `Configurações:
{settings}

O arquivo só pode ser lido pelo dono; get e list nunca mostram a chave inteira.
Precedência: opção, depois ambiente (SOCIAL_API_KEY, SOCIAL_BASE_URL), depois este arquivo.`,
  'commands.config.example.pasteKey': '(cole a chave; ela não aparece na tela)',
  'commands.config.set.summary': 'salva uma configuração; api-key sem valor é lida da entrada padrão',
  'commands.config.set.arg.value': 'o valor (deixe de fora para api-key)',
  'commands.config.get.summary': 'mostra o valor em vigor (a chave mascarada) e, no stderr, de onde ele veio',
  'commands.config.get.example.valueAlone': 'só o valor no stdout, a origem no stderr',
  'commands.config.unset.summary': 'remove uma configuração',
  'commands.config.list.summary': 'todas as configurações: o valor em vigor (a chave mascarada) e de onde veio',
  'commands.config.path.summary': 'mostra onde fica o arquivo de configurações',

  // sandbox
  'commands.sandbox.port': 'a porta em que escuta (0 escolhe uma livre)',
  'commands.sandbox.host': 'o endereço em que escuta; loopback, a menos que você diga outro',
  'commands.sandbox.now': 'fixa o relógio da sandbox num instante ISO 8601',
  'commands.sandbox.state': 'guarda o registro de créditos e o cache neste arquivo entre reinícios',
  'commands.sandbox.seed': 'semente do arquivo gerado e dos sorteios de falhas',
  'commands.sandbox.minimal':
    'responde só o que a especificação exige: nenhum campo ou cabeçalho opcional (o teste mais estreito de um script)',
  'commands.sandbox.faults':
    'injeta falhas, como "503=0.2,502=0.1,reset=0.05,latency=0.3@1500,malformed=0.05,truncated=0.05,off=movers"',
  'commands.sandbox.after': `Chaves de demonstração: sbx_demo (créditos de sobra), sbx_empty (as duas carteiras vazias), sbx_capped (teto
de gastos atingido), sbx_inactive (desativada), sbx_quota (cota de trends esgotada).
Cada requisição atendida é uma linha no stderr: método, caminho, status, créditos cobrados (--quiet: nenhuma).
A chave vai no cabeçalho Authorization, então nunca aparece na linha.
Os identificadores notfound, blocked e unavailable (no bluesky notfound.bsky.social, no mastodon
notfound@example.social) respondem 404, 451 e 503 em todas as plataformas.

--minimal: os envelopes de posts, post e transcript trazem só os oito campos obrigatórios (nenhum
campo de créditos), os envelopes de profile só os obrigatórios deles (credits_remaining mantido), os corpos de erro
só o código e a mensagem (error.details null), e só os cabeçalhos que a especificação documenta
(X-RateLimit-Limit e -Remaining em trends, WWW-Authenticate no 401 de movers) e Allow num 405,
nunca X-Request-Id. SOCIAL_SANDBOX_MINIMAL=1 faz o mesmo com --sandbox.`,

  // mcp
  'commands.mcp.max-credits':
    'o máximo que a sessão inteira pode gastar: uma chamada que possa passar disso é recusada antes de ser enviada',
  'commands.mcp.confirm-above':
    'uma chamada que possa custar mais pergunta à pessoa antes (ou é recusada, para repetir com confirm: true)',
  'commands.mcp.read-only': 'lista só as ferramentas grátis (niches, credits, as do armazenamento local, quote)',
  'commands.mcp.dry-run': 'toda ferramenta responde com o plano e o maior custo possível; nada é enviado',
  'commands.mcp.http': 'serve Streamable HTTP em 127.0.0.1 nesta porta (0 escolhe uma) em vez de stdio',
  'commands.mcp.token':
    'o token bearer que --http exige (também SOCIAL_MCP_TOKEN); gerado e mostrado uma vez quando não é dado',
  'commands.mcp.after': `Ferramentas: profile, posts, post, transcript, niches, trends, movers, credits; do armazenamento local
(grátis, nada enviado) history, track_report, search e store_sql (uma consulta que só lê); e quote
(o máximo que uma chamada custaria, nada enviado). Cada ferramenta confere os argumentos como o comando confere: um identificador inválido
ou um limite fora da faixa é recusado e nunca enviado. Cada resultado traz os registros como conteúdo
estruturado, um resumo curto e, em _meta, os créditos cobrados, se isso é incerto, os
créditos restantes e o id da requisição. Os erros do serviço são erros da ferramenta, com o código deles.

O stdout leva só mensagens do protocolo; notas e avisos vão para o stderr. Toda chamada paga entra no
registro de gastos como \`mcp <tool>\` (veja \`social credits\`). Com --sandbox o servidor inteiro roda
contra a sandbox no próprio processo: sem chave, sem créditos, para um agente praticar.

--http serve só http://127.0.0.1:PORT/mcp: as requisições sem o token bearer são recusadas
(401), assim como qualquer Origin que não seja de loopback (403).`,
  'commands.mcp.install.summary':
    'grava a entrada que inicia `social mcp` na configuração de um cliente MCP: {clients}',
  'commands.mcp.install.name': 'o nome da entrada',
  'commands.mcp.install.print': 'mostra a entrada; não grava nada',
  'commands.mcp.install.dry-run': 'mostra a mudança no arquivo; não grava nada',
  'commands.mcp.install.after': `Arquivos: claude: o claude_desktop_config.json do Claude Desktop (macOS ~/Library/Application Support/Claude,
Windows %APPDATA%\\Claude, Linux ~/.config/Claude); claude-code: ~/.claude.json (escopo do usuário);
cursor: ~/.cursor/mcp.json; vscode: o mcp.json do usuário do VS Code (~/.config/Code/User e equivalentes);
codex: ~/.codex/config.toml (ou $CODEX_HOME). Só a entrada é gravada: todo o resto que o arquivo
tem é mantido, e rodar de novo não muda nada. A entrada inicia o Node e este social pelos
caminhos completos, para que um cliente sem o PATH do seu shell os encontre; as opções de orçamento dadas
(--max-credits, --confirm-above, --read-only, --sandbox) são gravadas nela.`,

  // skill
  'commands.skill.path.summary': 'mostra onde está instalado o arquivo da skill ({file}) deste social',
  'commands.skill.path.after': `A skill diz a um agente quando usar cada comando, os preços, --dry-run e --max-credits
antes de qualquer lote, os códigos de saída e a sandbox para praticar. A pasta dela é a skill:
copie-a ou crie um link para ela na pasta de skills do seu agente (Claude Code: ~/.claude/skills/).`,

  // completion
  'commands.completion.after': `Instalação (depois abra um shell novo):
  bash  mkdir -p ~/.local/share/bash-completion/completions
        social completion bash > ~/.local/share/bash-completion/completions/social
        (carregado pelo pacote bash-completion; sem ele, ponha isto no ~/.bashrc:
         source <(social completion bash))
  zsh   mkdir -p ~/.zfunc && social completion zsh > ~/.zfunc/_social
        e no ~/.zshrc, antes de qualquer coisa que rode o compinit:
          fpath=(~/.zfunc $fpath); autoload -Uz compinit && compinit
        (qualquer diretório do $fpath serve; rm -f ~/.zcompdump* se não aparecer)
  fish  social completion fish > ~/.config/fish/completions/social.fish

Os scripts completam comandos, opções, nomes de plataformas, formatos de saída, chaves de configuração e os
ids de nicho da cobertura guardada em cache por uma execução anterior de niches, trends ou movers (lidos da
pasta de configuração: sem rede, sem chave). Cópias vêm no diretório completions/ do pacote.`,
  'commands.completion.example.zsh': '(experimente no zsh atual, depois do compinit)',
  'commands.completion.example.fish': '(experimente no fish atual)',
} satisfies Translation<typeof commands>;
