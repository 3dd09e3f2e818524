/**
 * The user guide at /docs and /docs/{page}: a sidebar with the pages and a search over them,
 * and the page itself. Linked from the editor's Help → Documentation and the dashboard.
 */
import { type MouseEvent, useEffect, useMemo, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { SearchInput } from '../ui/SearchInput.js';
import { GUIDE_ORDER, guidePages } from './guide.js';
import { renderGuidePage } from './render.js';
import { searchGuide } from './search.js';

const Layout = styled.div`
  display: grid;
  grid-template-columns: 260px minmax(0, 1fr);
  min-height: 100vh;
  background: ${({ theme }) => theme.colors.background};
  @media (max-width: 719px) { grid-template-columns: 1fr; }
`;

const Side = styled.nav`
  padding: ${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.surface};
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  a { color: ${({ theme }) => theme.colors.text}; text-decoration: none; }
  ul { list-style: none; margin: 0; padding: 0; }
  li a { display: block; padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)}; border-radius: ${({ theme }) => theme.radius.small}; }
  li a:hover { background: ${({ theme }) => theme.colors.background}; }
  li a[aria-current='page'] { background: #e6f0fd; color: ${({ theme }) => theme.colors.primaryHover}; font-weight: 600; }
`;

const Brand = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  font-weight: 700;
  font-size: ${({ theme }) => theme.font.size.large};
`;

const Search = styled(SearchInput)`
  width: 100%;
  box-sizing: border-box;
  margin-bottom: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.small};
  font: inherit;
`;

const Hit = styled.li`
  p { margin: 0 ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(2)}; color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.small}; }
`;

const Back = styled(Link)`
  display: inline-block;
  margin-top: ${({ theme }) => theme.space(6)};
  color: ${({ theme }) => theme.colors.primary} !important;
`;

const Article = styled.article`
  max-width: 820px;
  padding: ${({ theme }) => theme.space(8)} ${({ theme }) => theme.space(10)};
  line-height: 1.6;
  h1 { font-size: ${({ theme }) => theme.font.size.title}; margin-top: 0; }
  h2 { margin-top: ${({ theme }) => theme.space(8)}; }
  a { color: ${({ theme }) => theme.colors.primary}; }
  img { display: block; max-width: 100%; margin: ${({ theme }) => theme.space(4)} 0; border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: ${({ theme }) => theme.radius.medium}; box-shadow: ${({ theme }) => theme.shadow.raised}; }
  code { background: ${({ theme }) => theme.colors.surface}; border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: 3px; padding: 0 4px; }
  pre { background: #1f2933; color: #f5f7fa; padding: ${({ theme }) => theme.space(4)}; border-radius: ${({ theme }) => theme.radius.medium}; overflow-x: auto; }
  pre code { background: none; border: 0; color: inherit; padding: 0; }
  table { border-collapse: collapse; background: ${({ theme }) => theme.colors.surface}; }
  th, td { border: 1px solid ${({ theme }) => theme.colors.border}; padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)}; text-align: left; vertical-align: top; }
  @media (max-width: 719px) { padding: ${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(4)}; }
`;

/** The guide's page for the address, or a redirect to the first page. */
export function DocsPage() {
  const { page: slug } = useParams();
  const navigate = useNavigate();
  const pages = useMemo(() => guidePages(), []);
  const [query, setQuery] = useState('');
  const page = pages.find((p) => p.slug === slug);
  const html = useMemo(() => (page ? renderGuidePage(page.markdown) : ''), [page]);
  const hits = useMemo(() => searchGuide(pages, query), [pages, query]);
  useEffect(() => {
    if (page) document.title = `${page.title} · User guide · Junction`;
  }, [page]);
  if (!page) return <Navigate to={`/docs/${GUIDE_ORDER[0]}`} replace />;

  // Links between pages stay in the app instead of reloading it.
  const followLink = (event: MouseEvent<HTMLElement>) => {
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (!href?.startsWith('/docs/') || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(href);
    window.scrollTo(0, 0);
  };

  return (
    <Layout>
      <Side aria-label="User guide">
        <Brand>Junction user guide</Brand>
        <Search label="Search the guide" value={query} onSearch={setQuery} />
        {query.trim().length >= 2 ? (
          <ul aria-label="Search results">
            {hits.length === 0 && <li>No page mentions “{query.trim()}”.</li>}
            {hits.map((hit) => (
              <Hit key={hit.slug}>
                <Link to={`/docs/${hit.slug}`} onClick={() => setQuery('')}>
                  {hit.title}
                </Link>
                <p>{hit.excerpt}</p>
              </Hit>
            ))}
          </ul>
        ) : (
          <ul>
            {pages.map((p) => (
              <li key={p.slug}>
                <Link to={`/docs/${p.slug}`} aria-current={p.slug === page.slug ? 'page' : undefined}>
                  {p.title}
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Back to="/dashboard">← Back to Junction</Back>
      </Side>
      <main>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the guide's own bundled Markdown, raw HTML escaped by render.ts */}
        <Article onClick={followLink} dangerouslySetInnerHTML={{ __html: html }} />
      </main>
    </Layout>
  );
}
