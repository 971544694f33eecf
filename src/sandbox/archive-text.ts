// Headlines and links for the sandbox archive's stories, composed from word lists per niche. The
// companies, products and sites are invented so that no real firm is said to raise, cut or sell.
import words from './data/archive-words.json' with { type: 'json' };
import { Random } from './random.js';

export type StoryKind = 'tech' | 'science' | 'business' | 'show';

/** data/archive-words.json: the word lists headlines are composed from. */
const WORDS = words;

/** The noun phrase with its indefinite article. */
function article(phrase: string): string {
  return `${/^[aeiouAEIOU]/.test(phrase) ? 'an' : 'a'} ${phrase}`;
}

function techTitle(rng: Random): string {
  switch (rng.int(0, 11)) {
    case 0:
      return `${rng.pick(WORDS.tech_things)} ${rng.int(1, 9)}.${rng.int(0, 20)} released`;
    case 1: {
      const from = rng.pick(WORDS.languages);
      let to = rng.pick(WORDS.languages);
      if (to === from) to = from === 'Rust' ? 'Go' : 'Rust';
      return `Why we moved our ${rng.pick(WORDS.components)} from ${from} to ${to}`;
    }
    case 2:
      return `Rewriting our ${rng.pick(WORDS.components)} in ${rng.pick(WORDS.languages)}`;
    case 3:
      return `The hidden cost of ${rng.pick(WORDS.tech_topics)}${rng.next() < 0.5 ? ' at scale' : ''}`;
    case 4:
      return `A deep dive into ${rng.pick(WORDS.tech_topics)} in ${rng.pick(WORDS.tech_things)}`;
    case 5:
      return `How ${rng.pick(WORDS.companies)} cut ${rng.pick(WORDS.components)} latency by ${rng.int(20, 90)}%`;
    case 6:
      return `What I learned building ${article(rng.pick(WORDS.components))} in ${rng.pick(WORDS.languages)}`;
    case 7:
      return `A practical guide to ${rng.pick(WORDS.tech_topics)} in ${rng.pick(WORDS.languages)}`;
    case 8:
      return `Ask HN: How do you handle ${rng.pick(WORDS.tech_topics)} ${rng.pick(['at work', 'in a small team', 'at scale', 'in a monorepo', 'on a budget'])}?`;
    case 9:
      return `${rng.pick(WORDS.tech_things)} now supports ${rng.pick(WORDS.features)}`;
    case 10:
      return `Lessons from ${rng.int(3, 15)} years of running ${rng.pick(WORDS.tech_things)} in production`;
    default:
      return `Understanding ${rng.pick(WORDS.tech_topics)} in ${rng.int(2, 9)}00 lines of ${rng.pick(WORDS.languages)}`;
  }
}

function scienceTitle(rng: Random): string {
  switch (rng.int(0, 7)) {
    case 0:
      return `Researchers find ${rng.pick(WORDS.science_findings)} in ${rng.pick(WORDS.science_subjects)}`;
    case 1:
      return `${rng.pick(WORDS.instruments)} spots ${rng.pick(WORDS.sky_objects)} ${rng.pick(WORDS.sky_places)}`;
    case 2:
      return `New ${rng.pick(WORDS.materials)} could ${rng.pick(WORDS.benefits)}`;
    case 3:
      return `Study links ${rng.pick(WORDS.factors)} to ${rng.pick(WORDS.outcomes)}`;
    case 4:
      return `The physics of ${rng.pick(WORDS.phenomena)}, explained ${rng.pick(['simply', 'with a tabletop experiment', 'in twelve figures', 'by a new model', 'for non-physicists', 'with a simulation'])}`;
    case 5:
      return `Scientists map ${rng.pick(WORDS.science_subjects)} ${rng.pick(['in unprecedented detail', 'with drones', 'using environmental DNA', 'with muon imaging', 'from orbit', 'with a thousand sensors'])}`;
    case 6:
      return `Why ${rng.pick(WORDS.phenomena)} still puzzles ${rng.pick(['physicists', 'theorists', 'experimentalists', 'cosmologists'])}`;
    default:
      return `A decade-long study of ${rng.pick(WORDS.science_subjects)} reveals ${rng.pick(WORDS.science_findings)}`;
  }
}

function businessTitle(rng: Random): string {
  const company = rng.pick(WORDS.companies);
  switch (rng.int(0, 7)) {
    case 0:
      return `${company} raises $${rng.int(4, 400)}M Series ${rng.pick(['A', 'B', 'C', 'D'])} to ${rng.pick(WORDS.goals)}`;
    case 1:
      return `${company} to cut ${rng.int(4, 30)}% of its workforce`;
    case 2:
      return `${company} shares ${rng.pick(['jump', 'slide', 'climb', 'sink'])} ${rng.int(5, 40)}% after ${rng.pick(WORDS.events)}`;
    case 3:
      return `Inside ${company}'s bet on ${rng.pick(WORDS.sectors)}`;
    case 4:
      return `${rng.pick(WORDS.regulators)} opens inquiry into ${company}'s ${rng.pick(WORDS.practices)}`;
    case 5: {
      let target = rng.pick(WORDS.companies);
      if (target === company) target = company === 'Plinth' ? 'Ossetra' : 'Plinth';
      return `${company} acquires ${target} for $${rng.int(20, 900)}M`;
    }
    case 6:
      return `The ${rng.pick(['', 'strange ', 'unit ', 'brutal ', 'hidden '])}economics of ${rng.pick(WORDS.sectors)}`;
    default:
      return `${company} posts its first quarterly profit after ${rng.int(3, 16)} years`;
  }
}

function showTitle(rng: Random, name: string): string {
  const description = rng.pick(WORDS.show_descriptions);
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
    const name = rng.pick(WORDS.show_names);
    const title = showTitle(rng, name);
    const url =
      rng.next() < 0.6
        ? `https://github.com/${rng.pick(WORDS.show_users)}/${name.toLowerCase()}${rng.next() < 0.3 ? `-${rng.int(2, 9)}` : ''}`
        : `https://${name.toLowerCase()}.${rng.pick(['dev', 'app', 'io', 'sh'])}/`;
    return { title, url };
  }
  const drawn = kind === 'tech' ? techTitle(rng) : kind === 'science' ? scienceTitle(rng) : businessTitle(rng);
  const title = drawn.charAt(0).toUpperCase() + drawn.slice(1);
  const date = new Date(createdAt);
  const month = String(date.getUTCMonth() + 1).padStart(2, '0');
  const url = `https://${rng.pick(WORDS.sites[kind])}/${date.getUTCFullYear()}/${month}/${slug(title)}`;
  return { title, url };
}
