/**
 * What a visitor without a session sees on a shared template's link (`/?template_id=…`,
 * onboarding 2 "Editor canvas"): the spec opens the sign-up modal only when there is no
 * `template_id`, so the shared template is shown first (GET /api/templates/{id}, readable
 * without signing in); 'Use this template' leads to the sign-up, 'Log in' to the log-in, and
 * the template becomes a workflow of the new session.
 */
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import type { TemplateSummary } from '../stores/root-editor.js';
import { useRootStore } from '../stores/root-store.js';
import { Button } from '../ui/index.js';
import { Actions, LinkButton, Small, StickyModal } from './parts.js';

const Summary = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.muted};
`;

/** Props of {@link TemplateWelcome}. */
export interface TemplateWelcomeProps {
  templateId: string;
  /** 'email' starts the sign-up, 'login' the log-in. */
  onChoose: (phase: 'email' | 'login') => void;
}

/** The shared template's welcome for a visitor without a session. */
export function TemplateWelcome({ templateId, onChoose }: TemplateWelcomeProps) {
  const root = useRootStore();
  const [summary, setSummary] = useState<TemplateSummary | null>(null);
  const [isMissing, setMissing] = useState(false);
  useEffect(() => {
    let isCurrent = true;
    root
      .templateSummary(templateId)
      .then((template) => {
        if (isCurrent) setSummary(template);
      })
      .catch(() => {
        // A removed template still lets the visitor sign up; the editor then says it is gone.
        if (isCurrent) setMissing(true);
      });
    return () => {
      isCurrent = false;
    };
  }, [root, templateId]);

  const title = summary?.title.trim() ? `Use the template “${summary.title.trim()}”` : 'Use this shared template';
  return (
    <StickyModal
      title={title}
      description="Someone shared a workflow with you. Create a free account, or sign in, and it is copied into your workspace."
      testId="template-welcome"
    >
      {summary?.description.trim() && <Summary>{summary.description.trim()}</Summary>}
      {isMissing && <Summary role="status">This template could not be loaded; you can still sign up.</Summary>}
      <Actions>
        <Button onClick={() => onChoose('email')}>Use this template</Button>
      </Actions>
      <Small>
        Already have an account? <LinkButton onClick={() => onChoose('login')}>Log in</LinkButton>
      </Small>
    </StickyModal>
  );
}
