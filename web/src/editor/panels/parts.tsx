/** Small styled pieces the step panels share. */
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { TabsList, TabsTrigger } from '../../ui/index.js';
import { selectLook } from '../../ui/Select.js';

/** The panel drawer at the right of the canvas. */
export const Drawer = styled.aside`
  /*
   * Laid over the right of the canvas rather than beside it: opening a panel must not resize
   * the canvas (React Flow would measure and re-render every card). Its own stacking context
   * keeps the sticky header under dialog overlays.
   */
  position: absolute;
  top: 0;
  right: 0;
  bottom: 0;
  z-index: 5;
  display: flex;
  flex-direction: column;
  width: 440px;
  max-width: 100%;
  box-shadow: -4px 0 16px rgba(15, 23, 42, 0.12);
  border-left: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  overflow-y: auto;
`;

/** The drawer's sticky title row: app icon, step name, close button. */
export const DrawerHeader = styled.header`
  position: sticky;
  top: 0;
  z-index: 1;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  h2 { flex: 1; margin: 0; font-size: 16px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  img { width: 28px; height: 28px; }
`;

/** A square, borderless button holding one symbol (close, more-menu). */
export const IconButton = styled.button`
  width: 32px;
  height: 32px;
  border: none;
  border-radius: ${({ theme }) => theme.radius.small};
  background: transparent;
  font-size: 20px;
  line-height: 1;
  cursor: pointer;
  color: ${({ theme }) => theme.colors.text};
  &:hover { background: rgba(0, 105, 234, 0.08); }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

/** The padded content of an open stepper section. */
export const Body = styled.div`
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
`;

/** A wrapping row of buttons or controls. */
export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(3)};
`;

/** Secondary text: hints, empty states, counts. */
export const Muted = styled.p`
  margin: ${({ theme }) => theme.space(2)} 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.small};
  line-height: 1.45;
`;

/** The blue info note (the set-up step's Insert Data note). */
export const Note = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.accentSubtle};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.font.size.small};
  line-height: 1.45;
`;

/** A failure with its details and what to do next (test errors, fetch errors). */
export const ErrorBox = styled.div`
  margin: ${({ theme }) => theme.space(2)} 0;
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.secondary};
  border-left-width: 4px;
  border-radius: ${({ theme }) => theme.radius.small};
  /* White, so the blue of ghost buttons inside keeps its contrast (axe color-contrast). */
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.font.size.small};
  line-height: 1.45;
  p { margin: 0 0 ${({ theme }) => theme.space(1)}; }
`;

/** A success line (test done, sample found). */
export const SuccessBox = styled.div`
  margin: ${({ theme }) => theme.space(2)} 0;
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.success};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.successSubtle};
  font-size: ${({ theme }) => theme.font.size.small};
  line-height: 1.45;
`;

/** A full-width text input styled like the theme's TextField. */
export const Input = styled.input`
  box-sizing: border-box;
  width: 100%;
  min-height: 36px;
  padding: 0 ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.small};
  font: inherit;
  color: inherit;
  background: ${({ theme }) => theme.colors.surface};
  &:focus-visible { outline: none; border-color: ${({ theme }) => theme.colors.focus}; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

/** A monospace multi-line input for JSON. */
export const TextArea = styled.textarea`
  box-sizing: border-box;
  width: 100%;
  min-height: 72px;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.small};
  font: inherit;
  font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
  font-size: 13px;
  color: inherit;
  &:focus-visible { outline: none; border-color: ${({ theme }) => theme.colors.focus}; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

/** A full-width native select. */
export const Select = styled.select`
  box-sizing: border-box;
  width: 100%;
  min-height: 36px;
  padding: 0 ${({ theme }) => theme.space(2)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.small};
  font: inherit;
  background: ${({ theme }) => theme.colors.surface};
  ${selectLook}
  &:focus-visible { outline: none; border-color: ${({ theme }) => theme.colors.focus}; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

/** A row of tabs (App lists, viewer tabs, dropdown source). */
export const TabList = styled(TabsList)`
  display: flex;
  gap: ${({ theme }) => theme.space(1)};
  margin-bottom: ${({ theme }) => theme.space(2)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

/** One tab (a Radix tab, inside `Tabs`); the selected one is underlined. */
export const Tab = styled(TabsTrigger)`
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border: none;
  border-bottom: 2px solid transparent;
  background: transparent;
  font: inherit;
  font-weight: 600;
  font-size: ${({ theme }) => theme.font.size.small};
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  &[data-state='active'] { color: ${({ theme }) => theme.colors.primary}; border-bottom-color: ${({ theme }) => theme.colors.primary}; }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

/** A list of clickable options (apps, events, accounts), at most 500 px high (editor-core 9). */
export const OptionList = styled.ul`
  list-style: none;
  margin: ${({ theme }) => theme.space(2)} 0 0;
  padding: 0;
  max-height: 500px;
  overflow-y: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.small};
`;

/** One option of an {@link OptionList}; `$selected` highlights it. */
export const OptionButton = styled.button<{ $selected?: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  width: 100%;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border: none;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme, $selected }) => ($selected ? theme.colors.accentSubtle : 'transparent')};
  font: inherit;
  text-align: left;
  cursor: pointer;
  color: inherit;
  img { width: 24px; height: 24px; flex: none; }
  small { display: block; color: ${({ theme }) => theme.colors.muted}; }
  &:hover { background: ${({ theme }) => theme.colors.accentSubtle}; }
  &:focus-visible { outline: none; box-shadow: inset ${({ theme }) => theme.focusRing}; }
`;

/** A group title inside an option list (CREATE, SEARCH, UPDATE). */
export const GroupHeading = styled.li`
  padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  background: ${({ theme }) => theme.colors.surfaceSunken};
  font-size: 11px;
  font-weight: 700;
  letter-spacing: 0.06em;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const FieldLabel = styled.label`
  display: block;
  margin-bottom: ${({ theme }) => theme.space(1)};
  font-weight: 600;
`;

const Required = styled.span`
  color: ${({ theme }) => theme.colors.secondary};
  font-weight: 400;
`;

/** A field label with the red asterisk and '(required)' of required fields (editor-core 2.8). */
export function RequiredLabel({
  htmlFor,
  id,
  required,
  children,
}: {
  htmlFor?: string;
  /** Lets a non-input control (a pill field) name itself with aria-labelledby. */
  id?: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <FieldLabel htmlFor={htmlFor} id={id}>
      {children}
      {required && (
        <Required>
          {' '}
          <span aria-hidden="true">*</span> (required)
        </Required>
      )}
    </FieldLabel>
  );
}
