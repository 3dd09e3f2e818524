import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import styled from 'styled-components';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(10)} ${({ theme }) => theme.space(6)};
  text-align: center;
  color: ${({ theme }) => theme.colors.text};
`;

const Icon = styled.div`
  display: grid;
  place-items: center;
  width: 56px;
  height: 56px;
  margin-bottom: ${({ theme }) => theme.space(2)};
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.accentSubtle};
  color: ${({ theme }) => theme.colors.accentText};
  svg { width: 28px; height: 28px; }
`;

const Title = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.medium};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
`;

const Sentence = styled.p`
  margin: 0;
  max-width: 420px;
  color: ${({ theme }) => theme.colors.muted};
`;

const Action = styled.div`
  margin-top: ${({ theme }) => theme.space(3)};
`;

/** Props of {@link EmptyState}. */
export interface EmptyStateProps {
  /** A short headline: what is missing ("No workflows yet"). */
  title: string;
  /** One sentence: why, and what to do. */
  children?: ReactNode;
  /** An icon (lucide-react); an inbox unless told. */
  icon?: ReactNode;
  /** The one thing to do next, usually a primary Button. */
  action?: ReactNode;
}

/**
 * Renders what a list or page shows while it has nothing: an icon, a headline, a sentence and
 * one action.
 *
 * @example
 * <EmptyState title="No workflows yet" action={<Button>Create workflow</Button>}>
 *   Workflows move data between your apps.
 * </EmptyState>
 */
export function EmptyState({ title, children, icon, action }: EmptyStateProps) {
  return (
    <Box>
      <Icon aria-hidden="true">{icon ?? <Inbox />}</Icon>
      <Title>{title}</Title>
      {children && <Sentence>{children}</Sentence>}
      {action && <Action>{action}</Action>}
    </Box>
  );
}
