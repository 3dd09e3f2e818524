import { groupIssuesByStep, issuesTooltip } from '@junction/core';
import * as Popover from '@radix-ui/react-popover';
import { TriangleAlert } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import styled from 'styled-components';
import { useEditor } from '../editor-context.js';
import { IconButton, Tip } from './parts.js';

const Count = styled.span`
  position: absolute;
  top: -6px;
  right: -6px;
  min-width: 18px;
  height: 18px;
  padding: 0 4px;
  box-sizing: border-box;
  border-radius: 9px;
  background: ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => theme.colors.onDanger};
  font-size: 11px;
  font-weight: 700;
  line-height: 18px;
  text-align: center;
`;

const Panel = styled(Popover.Content)`
  width: 360px;
  max-height: 70vh;
  overflow: auto;
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.dialog};
  z-index: 25;
  h2 { margin: 0; font-size: 16px; }
  p { margin: ${({ theme }) => theme.space(1)} 0 ${({ theme }) => theme.space(3)}; color: ${({ theme }) => theme.colors.muted}; font-size: ${({ theme }) => theme.font.size.small}; }
  h3 { margin: ${({ theme }) => theme.space(3)} 0 ${({ theme }) => theme.space(1)}; font-size: ${({ theme }) => theme.font.size.small}; }
  ul { list-style: none; margin: 0; padding: 0; }
`;

const Item = styled.button`
  width: 100%;
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(2)};
  border: none;
  border-radius: ${({ theme }) => theme.radius.small};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  text-align: left;
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.surfaceSunken}; }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

const SeverityIcon = styled.span<{ $error: boolean }>`
  flex: none;
  color: ${({ $error, theme }) => ($error ? theme.colors.dangerText : theme.colors.warningText)};
`;

/**
 * The issues button (editor-core 2.2) with its count badge and tooltip, opening the issues
 * popover (2.3): issues grouped by step; clicking one selects its step.
 */
export const IssuesButton = observer(function IssuesButton() {
  const editor = useEditor();
  const [isOpen, setOpen] = useState(false);
  const issues = editor.issues;
  const byStep = groupIssuesByStep(issues);
  return (
    <Popover.Root open={isOpen} onOpenChange={setOpen}>
      <Tip content={issuesTooltip(issues.length)}>
        <Popover.Trigger asChild>
          <IconButton aria-label={issuesTooltip(issues.length)}>
            <TriangleAlert size={18} aria-hidden="true" />
            {issues.length > 0 && <Count data-testid="issues-count">{issues.length}</Count>}
          </IconButton>
        </Popover.Trigger>
      </Tip>
      <Popover.Portal>
        <Panel align="end" sideOffset={8} aria-label="Workflow Issues">
          <h2>Workflow Issues</h2>
          <p>See issues, errors, and warnings on each step</p>
          {issues.length === 0 ? (
            <div>No issues found.</div>
          ) : (
            [...byStep].map(([stepId, list]) => (
              <section key={stepId || 'workflow'}>
                <h3>{editor.wf.stepById(stepId)?.data.name ?? 'Workflow'}</h3>
                <ul>
                  {list.map((issue) => (
                    <li key={`${issue.code}-${issue.linkId ?? ''}-${issue.text}`}>
                      <Item
                        type="button"
                        data-code={issue.code}
                        onClick={() => {
                          if (issue.stepId) editor.select(issue.stepId);
                          setOpen(false);
                        }}
                      >
                        <SeverityIcon $error={issue.severity === 'error'} aria-label={issue.severity}>
                          {issue.severity === 'error' ? '●' : '▲'}
                        </SeverityIcon>
                        <span>{issue.text}</span>
                      </Item>
                    </li>
                  ))}
                </ul>
              </section>
            ))
          )}
        </Panel>
      </Popover.Portal>
    </Popover.Root>
  );
});
