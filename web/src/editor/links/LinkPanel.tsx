import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import styled from 'styled-components';
import { useEditor } from '../editor-context.js';
// The step panel's × button, so both side panels close alike.
import { IconButton } from '../panels/parts.js';
import { DelayPanel } from './DelayPanel.js';
import { FilterPanel } from './FilterPanel.js';

const Drawer = styled.aside`
  position: absolute;
  top: 0;
  right: 0;
  bottom: 0;
  z-index: 10;
  width: min(440px, 100%);
  overflow: auto;
  background: ${({ theme }) => theme.colors.surface};
  border-left: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: ${({ theme }) => theme.shadow.raised};
`;

const Header = styled.header`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(4)} 0;
  h2 { margin: 0; font-size: 18px; }
  p { margin: ${({ theme }) => theme.space(1)} 0 0; color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.small}; }
  > div { flex: 1; }
`;

/**
 * The side panel of a link (editor-core 2.10): its filter or its delay, opened from the link's
 * label or the palette's tools. Escape or × closes it; a deleted link closes it too.
 */
export const LinkPanel = observer(function LinkPanel() {
  const editor = useEditor();
  const open = editor.linkPanel;
  const link = open ? editor.wf.links.find((l) => l.id === open.linkId) : undefined;

  useEffect(() => {
    if (open && !link) editor.closeLinkPanel();
  }, [editor, open, link]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') editor.closeLinkPanel();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [editor, open]);

  if (!open || !link) return null;
  const source = editor.wf.stepById(link.source)?.data.name ?? '';
  const target = editor.wf.stepById(link.target)?.data.name ?? '';
  const title = open.kind === 'filter' ? 'Filter' : 'Delay';
  return (
    <Drawer aria-label={`${title} settings`} data-testid={`${open.kind}-panel`}>
      <Header>
        <div>
          <h2>{title}</h2>
          <p>
            Between “{source}” and “{target}”
          </p>
        </div>
        <IconButton
          type="button"
          aria-label={`Close ${title.toLowerCase()} panel`}
          onClick={() => editor.closeLinkPanel()}
        >
          ×
        </IconButton>
      </Header>
      {/* A new key per link and kind starts the form over from the link's saved values. */}
      {open.kind === 'filter' ? (
        <FilterPanel key={`filter-${link.id}`} link={link} />
      ) : (
        <DelayPanel key={`delay-${link.id}`} link={link} />
      )}
    </Drawer>
  );
});
