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
  // Os marcadores da linha de uso e das listas de argumentos, um id por nome declarado
  'help.placeholder.options': 'opções',
  'help.placeholder.command': 'comando',
  'help.placeholder.client': 'cliente',
  'help.placeholder.credits': 'créditos',
  'help.placeholder.handle': 'identificador',
  'help.placeholder.key': 'chave',
  'help.placeholder.kind': 'tipo',
  'help.placeholder.name': 'nome',
  'help.placeholder.niche': 'nicho',
  'help.placeholder.path': 'caminho',
  'help.placeholder.platform': 'plataforma',
  'help.placeholder.post': 'post',
  'help.placeholder.query': 'consulta',
  'help.placeholder.shell': 'shell',
  'help.placeholder.table': 'tabela',
  'help.placeholder.text': 'texto',
  'help.placeholder.url': 'url',
  'help.placeholder.value': 'valor',
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

  // Tópicos de ajuda
  'help.topic.environment.summary': 'variáveis de ambiente e a precedência das configurações',
  'help.topic.exit-codes.summary': 'o que cada código de saída quer dizer',
  'help.topic.formatting.summary': 'formatos e formas da saída, e --jq',
  'help.topic.sandbox.summary': 'o emulador local: chaves de demonstração, identificadores e nichos',

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
