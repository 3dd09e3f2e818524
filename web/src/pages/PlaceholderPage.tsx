import styled from 'styled-components';
import { PageTitle } from '../ui/index.js';
import { PageShell } from '../ui/PageShell.js';

/** Props of {@link PlaceholderPage}. */
export interface PlaceholderPageProps {
  title: string;
}

/** Renders a stub page that shows only its title (editor-core 1, onboarding 2 "Other pages"). */
export function PlaceholderPage({ title }: PlaceholderPageProps) {
  return (
    <PageShell>
      <PageTitle>{title}</PageTitle>
    </PageShell>
  );
}

const Notice = styled.p`
  display: inline-block;
  margin: 0 0 ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.small};
  color: ${({ theme }) => theme.colors.muted};
  font-weight: 600;
`;

const Purpose = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.large};
`;

/** Props of {@link UnbuiltPage}. */
export interface UnbuiltPageProps {
  /** The area the route belongs to, e.g. 'Developer portal'. */
  title: string;
  /** What will live at this route, from the spec's route table. */
  purpose: string;
}

/**
 * Renders a titled page that says plainly it is not built yet and names what will live
 * there; it offers no controls, so nothing pretends to work.
 *
 * @example
 * <UnbuiltPage title="Developer portal" purpose="Actions table" />
 */
export function UnbuiltPage({ title, purpose }: UnbuiltPageProps) {
  return (
    <PageShell>
      <PageTitle>{title}</PageTitle>
      <Notice>Not built yet</Notice>
      <Purpose>{purpose}</Purpose>
    </PageShell>
  );
}
