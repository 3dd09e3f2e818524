/**
 * The banner over the canvas when the member's role may not edit the workflow (a viewer): core's
 * reason, and that nothing they move here is saved. The store saves nothing while it shows.
 */
import { observer } from 'mobx-react-lite';
import styled from 'styled-components';
import { useEditor } from '../editor-context.js';

const Banner = styled.div`
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.font.size.body};
`;

/** Shows the editor's read-only reason, or nothing. */
export const ReadOnlyBanner = observer(function ReadOnlyBanner() {
  const editor = useEditor();
  const reason = editor.readOnlyReason;
  if (!reason) return null;
  // A version open from the history (or a run's replay) is not the saved workflow.
  const after = editor.viewingVersion === null ? 'You see this workflow as it is saved; changes' : 'Changes';
  return (
    <Banner role="status" data-testid="read-only-banner">
      {reason} {after} here are not kept.
    </Banner>
  );
});
