/**
 * The user guide: the Markdown pages of docs/ in the repository, in reading order, with the
 * browser tests' screenshots they show. Bundled at build time (a lazy chunk of /docs).
 */

/** One page of the guide. */
export interface GuidePage {
  /** The page's address under /docs, also its file name without `.md`. */
  slug: string;
  /** The page's first heading. */
  title: string;
  /** The Markdown source. */
  markdown: string;
}

/** The reading order of the guide (the sidebar's order). */
export const GUIDE_ORDER = [
  'getting-started',
  'building-a-workflow',
  'data-pills-and-filters',
  'connections',
  'runs-and-replay',
  'failure-alerts',
  'runs-at-scale',
  'drafts-and-versions',
  'forms',
  'developer-portal',
  'teams-and-roles',
  'self-hosting',
  'command-line',
] as const;

const sources = import.meta.glob<string>('../../../docs/*.md', { query: '?raw', import: 'default', eager: true });

// Screenshots taken by the browser tests (test/e2e/screenshots), referenced as `screenshots/<name>.png`.
const screenshotUrls = import.meta.glob<string>('../../../test/e2e/screenshots/*.png', {
  query: '?url',
  import: 'default',
  eager: true,
});

/** The first `# heading` of a Markdown page, or its slug. */
export function titleOf(markdown: string, slug: string): string {
  const heading = /^#\s+(.+)$/m.exec(markdown);
  return heading ? heading[1].trim() : slug;
}

/** Every page of the guide in reading order; a listed page without a file is left out. */
export function guidePages(files: Record<string, string> = sources): GuidePage[] {
  const bySlug = new Map<string, string>();
  for (const [file, markdown] of Object.entries(files)) {
    const slug = /([^/]+)\.md$/.exec(file)?.[1];
    if (slug) bySlug.set(slug, markdown);
  }
  return GUIDE_ORDER.flatMap((slug) => {
    const markdown = bySlug.get(slug);
    return markdown === undefined ? [] : [{ slug, title: titleOf(markdown, slug), markdown }];
  });
}

/** The built address of a screenshot a page refers to as `screenshots/<name>.png`, or undefined. */
export function screenshotUrl(reference: string, urls: Record<string, string> = screenshotUrls): string | undefined {
  const name = /(?:^|\/)screenshots\/([\w.-]+\.png)$/.exec(reference)?.[1];
  if (!name) return undefined;
  const key = Object.keys(urls).find((file) => file.endsWith(`/screenshots/${name}`));
  return key ? urls[key] : undefined;
}
