// Headlines and links for the sandbox archive's stories, composed from word lists per niche. The
// companies, products and sites are invented so that no real firm is said to raise, cut or sell.
import { Random } from './random.js';

export type StoryKind = 'tech' | 'science' | 'business' | 'show';

const COMPANIES = [
  'Nimbus Labs',
  'Quillworks',
  'Tidewater Systems',
  'Brightforge',
  'Hexagrid',
  'Lumen Analytics',
  'Coldharbor',
  'Parcelly',
  'Ferrous AI',
  'Northwind Robotics',
  'Driftwood Cloud',
  'Kestrel Data',
  'Ossetra',
  'Plinth',
  'Vantablue',
  'Halcyon Compute',
  'Marrow Health',
  'Tallgrass Energy',
  'Copperline',
  'Sable Security',
  'Juniper Freight',
  'Meridian Pay',
  'Ostrava Motors',
  'Fernhill Bio',
] as const;

const TECH_THINGS = [
  'PostgreSQL',
  'SQLite',
  'WebAssembly',
  'the Linux kernel',
  'Kubernetes',
  'eBPF',
  'io_uring',
  'HTTP/3',
  'WebGPU',
  'LLVM',
  'Nix',
  'systemd',
  'ZFS',
  'Redis',
  'Kafka',
  'Wayland',
  'RISC-V',
  'FreeBSD',
  'Git',
  'Emacs',
  'Neovim',
  'Firefox',
  'Chromium',
  'OpenSSH',
  'QEMU',
] as const;

const LANGUAGES = [
  'Rust',
  'Go',
  'Zig',
  'TypeScript',
  'Python',
  'OCaml',
  'Elixir',
  'C++',
  'Haskell',
  'Kotlin',
  'Swift',
  'C',
] as const;

const TECH_TOPICS = [
  'memory allocators',
  'garbage collection',
  'type inference',
  'CRDTs',
  'consensus protocols',
  'database indexes',
  'certificate rotation',
  'incremental compilation',
  'vector search',
  'build caching',
  'feature flags',
  'zero-downtime deploys',
  'rate limiting',
  'distributed tracing',
  'B-trees',
  'lock-free queues',
  'floating-point error',
  'Unicode normalization',
  'time zones',
  'DNS caching',
  'cold starts',
  'SIMD parsing',
  'software supply chains',
  'on-call rotations',
  'code review',
  'query planners',
  'write-ahead logs',
  'page tables',
  'async runtimes',
  'JIT compilers',
] as const;

const COMPONENTS = [
  'billing pipeline',
  'search indexer',
  'job scheduler',
  'API gateway',
  'image resizer',
  'log shipper',
  'query engine',
  'sync service',
  'build system',
  'auth service',
  'notification fan-out',
  'storage layer',
] as const;

const FEATURES = [
  'incremental backups',
  'async I/O',
  'hot reloading',
  'reproducible builds',
  'structured logging',
  'GPU offload',
  'post-quantum key exchange',
  'a new plugin API',
  'live migration',
  'faster cold starts',
] as const;

const SCIENCE_SUBJECTS = [
  'deep-sea sediments',
  'the human gut microbiome',
  'Antarctic ice cores',
  'exoplanet atmospheres',
  'coral reefs',
  'the Martian subsurface',
  'fruit fly brains',
  'ancient DNA',
  'the early universe',
  'tropical soils',
  'migratory birds',
  'tumour cells',
  'thawing permafrost',
  'the solar corona',
  'octopus neurons',
  "Jupiter's moons",
  'old-growth forests',
  'volcanic vents',
  'bat colonies',
] as const;

const SCIENCE_FINDINGS = [
  'a new class of enzymes',
  'unexpected water signatures',
  'a previously unknown species',
  'traces of organic molecules',
  'a 40,000-year-old climate record',
  'a faster route to protein folding',
  'evidence of early tool use',
  'a stable isotope anomaly',
  'a quantum effect at room temperature',
  'a hidden magnetic field',
  'an ancient migration route',
  'a self-repairing protein',
] as const;

const MATERIALS = [
  'perovskite coating',
  'graphene membrane',
  'bioplastic',
  'solid-state electrolyte',
  'metamaterial',
  'ceramic sponge',
  'enzyme cocktail',
] as const;

const BENEFITS = [
  'double solar cell lifetimes',
  'pull lithium from seawater',
  'make desalination cheaper',
  'cut cement emissions in half',
  'store heat for months',
  'break down microplastics',
  'make batteries safer',
] as const;

const PHENOMENA = [
  'ball lightning',
  'the Mpemba effect',
  'sonoluminescence',
  'turbulence',
  'the arrow of time',
  'dark matter halos',
  'superconductivity',
  'quantum tunnelling',
  'gravitational lensing',
  'ice ages',
] as const;

const INSTRUMENTS = [
  'The James Webb telescope',
  'A new radio array',
  'The Vera Rubin Observatory',
  'A balloon-borne telescope',
  'A gravitational-wave detector',
] as const;

const SKY_OBJECTS = [
  'a galaxy from the first 300 million years',
  'a planet with a steam atmosphere',
  'a star being torn apart',
  'a rogue black hole',
  'water ice on a distant comet',
  'a pulsar in a tight orbit',
] as const;

const SKY_PLACES = [
  '13 billion light-years away',
  "in the Milky Way's halo",
  'near the galactic centre',
  'in a nearby dwarf galaxy',
  'in archival data',
  'behind a galaxy cluster',
] as const;

const FACTORS = [
  'short sleep',
  'air pollution',
  'daily walks',
  'noise at night',
  'ultra-processed food',
  'bilingualism',
  'cold exposure',
] as const;
const OUTCOMES = [
  'slower ageing',
  'memory decline',
  'better heart health',
  'higher stroke risk',
  'longer lifespan',
  'lower inflammation',
] as const;

const SECTORS = [
  'industrial robotics',
  'grid storage',
  'B2B payments',
  'satellite broadband',
  'vertical farming',
  'developer tools',
  'insurance software',
  'chip design',
  'freight logistics',
  'clinical trials software',
] as const;

const GOALS = [
  'expand into Europe',
  'build its own chips',
  'hire 200 engineers',
  'scale its freight network',
  'open a second factory',
  'go after enterprise customers',
] as const;
const EVENTS = [
  'strong quarterly results',
  'a surprise guidance cut',
  'a product recall',
  'losing its largest customer',
  'a record holiday quarter',
  'an activist stake',
] as const;
const PRACTICES = [
  'pricing',
  'data retention',
  'app store fees',
  'hiring practices',
  'merger plans',
  'ad targeting',
] as const;
const REGULATORS = [
  'The FTC',
  'The EU Commission',
  'The UK competition authority',
  'The SEC',
  "Japan's fair trade regulator",
] as const;

const SHOW_NAMES = [
  'Tidepool',
  'Quickdraw',
  'Burrow',
  'Lattice',
  'Pebble',
  'Runbook',
  'Sparrow',
  'Kiln',
  'Gully',
  'Marlin',
  'Thimble',
  'Orrery',
  'Foxglove',
  'Ledgerly',
  'Pinecone',
  'Inkwell',
  'Tarn',
  'Wicket',
  'Cairn',
  'Loam',
] as const;

const SHOW_DESCRIPTIONS = [
  'a self-hosted RSS reader in a single binary',
  'an open-source alternative to feature-flag services',
  'a terminal UI for Postgres',
  'a tiny Lisp that compiles to WebAssembly',
  'a privacy-first analytics script under 2 KB',
  'a static site generator written in Zig',
  'a browser game in 1,000 lines of C',
  'a CLI that explains your shell history',
  'a local-first notes app with CRDT sync',
  'a faster diff for large JSON files',
  'a visual debugger for SQL query plans',
  'a synth that runs in the browser',
  'a plain-text accounting app for freelancers',
  'a home-made e-ink weather station',
  'a keyboard-driven window manager for macOS',
  'a map of every public bench in my city',
] as const;

const SHOW_USERS = [
  'mkessler',
  'tanyaj',
  'obrien-dev',
  'lhadad',
  'pkowalski',
  'snorri',
  'aiko-t',
  'rvasquez',
  'dmitri-k',
  'jules-b',
] as const;

const SITES: Record<Exclude<StoryKind, 'show'>, readonly string[]> = {
  tech: [
    'thestackdigest.com',
    'blog.nimbuslabs.dev',
    'engineering.quillworks.io',
    'notes.jvoss.dev',
    'bytesandbolts.net',
    'kernelnotes.org',
    'circuitledger.com',
  ],
  science: ['labnotes.science', 'orbitalreview.org', 'physdigest.org', 'fieldandbench.com', 'quantamagnitude.org'],
  business: ['marketwire-daily.com', 'foundersbrief.co', 'ledgerandlane.com', 'thedealbook.net', 'capitalcurrent.com'],
};

/** The noun phrase with its indefinite article. */
function article(phrase: string): string {
  return `${/^[aeiouAEIOU]/.test(phrase) ? 'an' : 'a'} ${phrase}`;
}

function techTitle(rng: Random): string {
  switch (rng.int(0, 11)) {
    case 0:
      return `${rng.pick(TECH_THINGS)} ${rng.int(1, 9)}.${rng.int(0, 20)} released`;
    case 1: {
      const from = rng.pick(LANGUAGES);
      let to = rng.pick(LANGUAGES);
      if (to === from) to = from === 'Rust' ? 'Go' : 'Rust';
      return `Why we moved our ${rng.pick(COMPONENTS)} from ${from} to ${to}`;
    }
    case 2:
      return `Rewriting our ${rng.pick(COMPONENTS)} in ${rng.pick(LANGUAGES)}`;
    case 3:
      return `The hidden cost of ${rng.pick(TECH_TOPICS)}${rng.next() < 0.5 ? ' at scale' : ''}`;
    case 4:
      return `A deep dive into ${rng.pick(TECH_TOPICS)} in ${rng.pick(TECH_THINGS)}`;
    case 5:
      return `How ${rng.pick(COMPANIES)} cut ${rng.pick(COMPONENTS)} latency by ${rng.int(20, 90)}%`;
    case 6:
      return `What I learned building ${article(rng.pick(COMPONENTS))} in ${rng.pick(LANGUAGES)}`;
    case 7:
      return `A practical guide to ${rng.pick(TECH_TOPICS)} in ${rng.pick(LANGUAGES)}`;
    case 8:
      return `Ask HN: How do you handle ${rng.pick(TECH_TOPICS)} ${rng.pick(['at work', 'in a small team', 'at scale', 'in a monorepo', 'on a budget'])}?`;
    case 9:
      return `${rng.pick(TECH_THINGS)} now supports ${rng.pick(FEATURES)}`;
    case 10:
      return `Lessons from ${rng.int(3, 15)} years of running ${rng.pick(TECH_THINGS)} in production`;
    default:
      return `Understanding ${rng.pick(TECH_TOPICS)} in ${rng.int(2, 9)}00 lines of ${rng.pick(LANGUAGES)}`;
  }
}

function scienceTitle(rng: Random): string {
  switch (rng.int(0, 7)) {
    case 0:
      return `Researchers find ${rng.pick(SCIENCE_FINDINGS)} in ${rng.pick(SCIENCE_SUBJECTS)}`;
    case 1:
      return `${rng.pick(INSTRUMENTS)} spots ${rng.pick(SKY_OBJECTS)} ${rng.pick(SKY_PLACES)}`;
    case 2:
      return `New ${rng.pick(MATERIALS)} could ${rng.pick(BENEFITS)}`;
    case 3:
      return `Study links ${rng.pick(FACTORS)} to ${rng.pick(OUTCOMES)}`;
    case 4:
      return `The physics of ${rng.pick(PHENOMENA)}, explained ${rng.pick(['simply', 'with a tabletop experiment', 'in twelve figures', 'by a new model', 'for non-physicists', 'with a simulation'])}`;
    case 5:
      return `Scientists map ${rng.pick(SCIENCE_SUBJECTS)} ${rng.pick(['in unprecedented detail', 'with drones', 'using environmental DNA', 'with muon imaging', 'from orbit', 'with a thousand sensors'])}`;
    case 6:
      return `Why ${rng.pick(PHENOMENA)} still puzzles ${rng.pick(['physicists', 'theorists', 'experimentalists', 'cosmologists'])}`;
    default:
      return `A decade-long study of ${rng.pick(SCIENCE_SUBJECTS)} reveals ${rng.pick(SCIENCE_FINDINGS)}`;
  }
}

function businessTitle(rng: Random): string {
  const company = rng.pick(COMPANIES);
  switch (rng.int(0, 7)) {
    case 0:
      return `${company} raises $${rng.int(4, 400)}M Series ${rng.pick(['A', 'B', 'C', 'D'])} to ${rng.pick(GOALS)}`;
    case 1:
      return `${company} to cut ${rng.int(4, 30)}% of its workforce`;
    case 2:
      return `${company} shares ${rng.pick(['jump', 'slide', 'climb', 'sink'])} ${rng.int(5, 40)}% after ${rng.pick(EVENTS)}`;
    case 3:
      return `Inside ${company}'s bet on ${rng.pick(SECTORS)}`;
    case 4:
      return `${rng.pick(REGULATORS)} opens inquiry into ${company}'s ${rng.pick(PRACTICES)}`;
    case 5: {
      let target = rng.pick(COMPANIES);
      if (target === company) target = company === 'Plinth' ? 'Ossetra' : 'Plinth';
      return `${company} acquires ${target} for $${rng.int(20, 900)}M`;
    }
    case 6:
      return `The ${rng.pick(['', 'strange ', 'unit ', 'brutal ', 'hidden '])}economics of ${rng.pick(SECTORS)}`;
    default:
      return `${company} posts its first quarterly profit after ${rng.int(3, 16)} years`;
  }
}

function showTitle(rng: Random, name: string): string {
  const description = rng.pick(SHOW_DESCRIPTIONS);
  switch (rng.int(0, 2)) {
    case 0:
      return `Show HN: ${name} – ${description}`;
    case 1:
      return `Show HN: I built ${description} in ${rng.pick(['a weekend', 'Rust', 'Go', 'a month', 'Zig', 'plain C', 'Elixir'])}`;
    default:
      return `Show HN: ${name}, ${description}`;
  }
}

function slug(text: string): string {
  const cut = text
    .replace(/^(Show|Ask) HN: /, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 64);
  return cut.replace(/-+$/, '') || 'story';
}

export interface StoryText {
  title: string;
  url: string;
}

/**
 * A headline and an https link for one story created at `createdAt`, drawn from the story's own
 * seed, so the archive can make them only for the stories a query returns.
 */
export function storyText(seed: number, kind: StoryKind, createdAt: number): StoryText {
  const rng = new Random(seed);
  if (kind === 'show') {
    const name = rng.pick(SHOW_NAMES);
    const title = showTitle(rng, name);
    const url =
      rng.next() < 0.6
        ? `https://github.com/${rng.pick(SHOW_USERS)}/${name.toLowerCase()}${rng.next() < 0.3 ? `-${rng.int(2, 9)}` : ''}`
        : `https://${name.toLowerCase()}.${rng.pick(['dev', 'app', 'io', 'sh'])}/`;
    return { title, url };
  }
  const drawn = kind === 'tech' ? techTitle(rng) : kind === 'science' ? scienceTitle(rng) : businessTitle(rng);
  const title = drawn.charAt(0).toUpperCase() + drawn.slice(1);
  const date = new Date(createdAt);
  const month = String(date.getUTCMonth() + 1).padStart(2, '0');
  const url = `https://${rng.pick(SITES[kind])}/${date.getUTCFullYear()}/${month}/${slug(title)}`;
  return { title, url };
}
