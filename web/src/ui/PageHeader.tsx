import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { PageTitle } from './PageTitle.js';

/** One step of the trail above a page's title; the page itself is not listed. */
export interface Breadcrumb {
  label: string;
  /** An address inside the app (a router link). */
  to: string;
}

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(6)};
  margin-bottom: ${({ theme }) => theme.space(6)};
  h1 { margin: 0; }
`;

const Trail = styled.ol`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  margin: 0 0 ${({ theme }) => theme.space(2)};
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.font.size.small};
  color: ${({ theme }) => theme.colors.muted};
  li { display: inline-flex; align-items: center; gap: ${({ theme }) => theme.space(1)}; }
  svg { width: 14px; height: 14px; }
  a {
    color: ${({ theme }) => theme.colors.muted};
    text-decoration: none;
    border-radius: ${({ theme }) => theme.radius.small};
  }
  a:hover { color: ${({ theme }) => theme.colors.accentText}; text-decoration: underline; }
  [aria-current='page'] { color: ${({ theme }) => theme.colors.text}; }
`;

const Description = styled.p`
  margin: ${({ theme }) => theme.space(2)} 0 0;
  max-width: 720px;
  color: ${({ theme }) => theme.colors.muted};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

/** Props of {@link PageHeader}. */
export interface PageHeaderProps {
  /** The page's title: its one h1 and the browser tab's name. */
  title: string;
  /** The trail of parent pages, outermost first. */
  breadcrumbs?: readonly Breadcrumb[];
  /** A sentence under the title. */
  description?: ReactNode;
  /** Beside the title, e.g. a Status badge. */
  after?: ReactNode;
  /** The page's main buttons, at the right. */
  actions?: ReactNode;
}

/**
 * Renders a page's header: breadcrumbs (a labelled navigation landmark, the page itself as
 * `aria-current`), the h1, a sentence and the page's actions.
 *
 * @example
 * <PageHeader title="Runs" breadcrumbs={[{ label: 'Workflows', to: '/workflows' }]}
 *   actions={<Button>Run now</Button>} />
 */
export function PageHeader({ title, breadcrumbs, description, after, actions }: PageHeaderProps) {
  return (
    <Header>
      <div>
        {breadcrumbs && breadcrumbs.length > 0 && (
          <nav aria-label="Breadcrumb">
            <Trail>
              {breadcrumbs.map((crumb) => (
                <li key={crumb.to}>
                  <Link to={crumb.to}>{crumb.label}</Link>
                  <ChevronRight aria-hidden="true" />
                </li>
              ))}
              <li aria-current="page">{title}</li>
            </Trail>
          </nav>
        )}
        <PageTitle after={after}>{title}</PageTitle>
        {description && <Description>{description}</Description>}
      </div>
      {actions && <Actions>{actions}</Actions>}
    </Header>
  );
}
