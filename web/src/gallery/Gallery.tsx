import styled from 'styled-components';
import { ThemeSwitch, useThemeMode } from '../ui/index.js';
import { ControlsSection } from './ControlsSection.js';
import { DataSection } from './DataSection.js';
import { OverlaysSection } from './OverlaysSection.js';
import { TokensSection } from './TokensSection.js';

const Page = styled.main`
  max-width: 1200px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space(8)} ${({ theme }) => theme.space(6)};
`;

const Top = styled.div`
  display: flex;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(6)};
  margin-bottom: ${({ theme }) => theme.space(8)};
  h1 { margin: 0; font-size: ${({ theme }) => theme.font.size.title}; }
  p { margin: ${({ theme }) => theme.space(1)} 0 0; color: ${({ theme }) => theme.colors.muted}; }
`;

/**
 * Every component of web/src/ui in every state, in the theme chosen (the visual regression
 * test screenshots it light and dark: test/visual).
 */
export function Gallery() {
  const { mode } = useThemeMode();
  return (
    <Page data-theme-mode={mode}>
      <Top>
        <div>
          <h1>Junction design system</h1>
          <p>Tokens and components of web/src/ui, {mode} theme.</p>
        </div>
        <div style={{ width: 240 }}>
          <ThemeSwitch />
        </div>
      </Top>
      <TokensSection />
      <ControlsSection />
      <DataSection />
      <OverlaysSection />
    </Page>
  );
}
