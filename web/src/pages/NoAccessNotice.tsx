/**
 * What a workflow link that cannot be opened shows (onboarding 2 "Editor canvas": the no-access
 * text). A link naming another workspace the account belongs to (`/?id=…&t=…`) switches to it
 * and opens the workflow there; otherwise the text and a way back to the account's workflows.
 * Nothing is said about a workspace the account is not a member of.
 */
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { usePageStore } from '../stores/root-store.js';
import { ButtonLink, Spinner } from '../ui/index.js';
import { NoAccessStoreModel } from './no-access-store.js';

/** A no-access sentence: large, centred, at a readable width (also the editor page's own). */
export const NoAccessText = styled.p`
  max-width: 560px;
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.large};
  line-height: 1.5;
  text-align: center;
`;

const Actions = styled.div`
  display: flex;
  justify-content: center;
  margin-top: ${({ theme }) => theme.space(4)};
`;

/** Props of {@link NoAccessNotice}. */
export interface NoAccessNoticeProps {
  /** The sentence to show (the editor's no-access text). */
  text: string;
  /** The link's workspace (`t`), if any. */
  linkTenantId: string | null;
  /** Called once the session is in the link's workspace: open the workflow again. */
  onSwitched: () => void;
}

/** The no-access notice, switching to the link's workspace first when the account is in it. */
export function NoAccessNotice({ text, linkTenantId, onSwitched }: NoAccessNoticeProps) {
  const store = usePageStore(NoAccessStoreModel);
  const [state, setState] = useState<'checking' | 'switching' | 'no-access'>(linkTenantId ? 'checking' : 'no-access');
  const [workspace, setWorkspace] = useState('');

  useEffect(() => {
    if (!linkTenantId) return;
    let isCurrent = true;
    void store.openLinkWorkspace(linkTenantId).then((action) => {
      if (!isCurrent) return;
      if (action.kind === 'switch') {
        setWorkspace(action.name);
        setState('switching');
        onSwitched();
      } else setState('no-access');
    });
    return () => {
      isCurrent = false;
    };
  }, [store, linkTenantId, onSwitched]);

  if (state !== 'no-access') {
    return (
      <div aria-busy="true">
        <Spinner label={workspace ? `Opening the workflow in ${workspace}` : 'Opening the workflow'} />
      </div>
    );
  }
  return (
    <div>
      <NoAccessText role="alert">{text}</NoAccessText>
      <Actions>
        <ButtonLink to="/workflows">Go to my workflows</ButtonLink>
      </Actions>
    </div>
  );
}
