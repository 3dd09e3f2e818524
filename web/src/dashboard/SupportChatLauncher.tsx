/**
 * The support chat's launcher (editor-core 2.9 'Request a new trigger via chat (bottom right)';
 * onboarding-and-extras 7 and 9: the chat on screens wider than 719 px): a button fixed at the
 * bottom right of the signed-in screens that opens a small panel above it. The panel's body is
 * a chunk of its own, fetched on the first open, so the editor's first load carries only this
 * button. `openSupportChat` (shared/support-chat-event.ts) opens it with a draft from anywhere.
 */
import * as RadixDialog from '@radix-ui/react-dialog';
import { MessageCircle, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import styled, { createGlobalStyle } from 'styled-components';
import { onSupportChatRequest } from '../shared/support-chat-event.js';
import { Spinner } from '../ui/index.js';
import { ChunkFailure, lazyChunk, useLazyChunk } from '../ui/lazy-chunk.js';
import { CHAT_TEXTS } from './support-chat.js';

const chatPanelChunk = lazyChunk(() => import('./SupportChatPanel.js'));

/** Launcher size (px); the panel opens this much plus a gap above the corner. */
const LAUNCHER_SIZE = 48;

/**
 * Toasts share the bottom right corner: while the launcher shows there they stand above it
 * (ui/Toast.tsx reads the variable).
 */
const CornerClearance = createGlobalStyle<{ $lift: string }>`
  @media ${({ theme }) => theme.media.chat} {
    :root { --corner-button-clearance: calc(${({ $lift }) => $lift} + ${LAUNCHER_SIZE + 12}px); }
  }
`;

const Launcher = styled.button<{ $lift: string }>`
  position: fixed;
  right: ${({ theme }) => theme.space(6)};
  bottom: calc(${({ theme }) => theme.space(6)} + ${({ $lift }) => $lift});
  /* Under the editor's drawers (5, 10): an open step panel covers it rather than the reverse. */
  z-index: 4;
  display: none;
  align-items: center;
  justify-content: center;
  width: ${LAUNCHER_SIZE}px;
  height: ${LAUNCHER_SIZE}px;
  padding: 0;
  border: none;
  border-radius: 50%;
  cursor: pointer;
  color: ${({ theme }) => theme.colors.onAccent};
  background: ${({ theme }) => theme.colors.accent};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  &:hover { background: ${({ theme }) => theme.colors.accentHover}; }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
  @media ${({ theme }) => theme.media.chat} { display: inline-flex; }
`;

/**
 * Above the launcher in the corner; a lifted launcher (the editor's) has the panel in the corner
 * itself, over the minimap, so that it does not hang in the middle of the step panel.
 */
const Panel = styled(RadixDialog.Content)<{ $isLifted: boolean }>`
  position: fixed;
  right: ${({ theme }) => theme.space(6)};
  bottom: calc(${({ theme }) => theme.space(6)} + ${({ $isLifted }) => ($isLifted ? '0px' : `${LAUNCHER_SIZE + 12}px`)});
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  width: min(360px, calc(100vw - 24px));
  max-height: calc(100vh - 140px);
  overflow: auto;
  padding: ${({ theme }) => theme.space(5)};
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.large};
  box-shadow: ${({ theme }) => theme.shadow.dialog};
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
  /* Without the launcher (narrow screens) a request from the page still opens it, in the corner. */
  @media not all and ${({ theme }) => theme.media.chat} {
    right: ${({ theme }) => theme.space(3)};
    bottom: ${({ theme }) => theme.space(3)};
  }
`;

const Head = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
`;

const Title = styled(RadixDialog.Title)`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.medium};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
`;

const Intro = styled(RadixDialog.Description)`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.small};
  color: ${({ theme }) => theme.colors.muted};
`;

const Close = styled(RadixDialog.Close)`
  display: inline-flex;
  padding: ${({ theme }) => theme.space(1)};
  border: none;
  border-radius: ${({ theme }) => theme.radius.small};
  color: ${({ theme }) => theme.colors.muted};
  background: transparent;
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.surfaceSunken}; }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

/** Props of {@link SupportChatLauncher}. */
export interface SupportChatLauncherProps {
  /**
   * How far above the corner the launcher sits (a CSS length): the editor lifts it over the
   * canvas's minimap; '0px' unless told.
   */
  lift?: string;
}

/** The chat launcher and its panel; mount once in a signed-in frame. */
export function SupportChatLauncher({ lift = '0px' }: SupportChatLauncherProps) {
  const [isOpen, setOpen] = useState(false);
  // Each request from the page hands the panel a new draft (the count makes a repeat one new).
  const [request, setRequest] = useState({ draft: '', count: 0 });
  useEffect(
    () =>
      onSupportChatRequest(({ draft }) => {
        setRequest((last) => ({ draft, count: last.count + 1 }));
        setOpen(true);
      }),
    [],
  );
  const { module, isFailed, retry } = useLazyChunk(chatPanelChunk, isOpen);
  return (
    <RadixDialog.Root open={isOpen} onOpenChange={setOpen}>
      <CornerClearance $lift={lift} />
      <RadixDialog.Trigger asChild>
        <Launcher type="button" aria-label={CHAT_TEXTS.launcher} title={CHAT_TEXTS.launcher} $lift={lift}>
          <MessageCircle size={22} aria-hidden="true" />
        </Launcher>
      </RadixDialog.Trigger>
      <RadixDialog.Portal>
        <Panel $isLifted={lift !== '0px'} data-testid="support-chat">
          <Head>
            <Title>{CHAT_TEXTS.title}</Title>
            <Close aria-label="Close">
              <X size={16} aria-hidden="true" />
            </Close>
          </Head>
          <Intro>{CHAT_TEXTS.intro}</Intro>
          {module ? (
            <module.SupportChatPanel key={request.count} draft={request.draft} />
          ) : isFailed ? (
            <ChunkFailure what={CHAT_TEXTS.loadName} onRetry={retry} />
          ) : (
            <Spinner label="Loading" />
          )}
        </Panel>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
