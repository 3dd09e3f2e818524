// The tokens as swatches and samples: colour roles, type scale, spacing, radii, elevation.
import styled, { useTheme } from 'styled-components';
import type { ColorTokens } from '../ui/index.js';
import { Row, Section } from './parts.js';

// The roles (the aliases of older screens are left out).
const ROLES: (keyof ColorTokens)[] = [
  'canvas',
  'surface',
  'surfaceSunken',
  'surfaceRaised',
  'text',
  'muted',
  'border',
  'borderStrong',
  'accent',
  'accentSubtle',
  'accentText',
  'success',
  'successSubtle',
  'successText',
  'warning',
  'warningSubtle',
  'warningText',
  'danger',
  'dangerSubtle',
  'dangerText',
  'focus',
];

const Swatches = styled.div`
  display: grid;
  grid-template-columns: repeat(7, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(6)};
`;

const Swatch = styled.div<{ $color: string }>`
  font-size: ${({ theme }) => theme.font.size.xsmall};
  &::before {
    content: '';
    display: block;
    height: 44px;
    margin-bottom: ${({ theme }) => theme.space(1)};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.small};
    background: ${({ $color }) => $color};
  }
  code { color: ${({ theme }) => theme.colors.muted}; font-family: ${({ theme }) => theme.font.mono}; }
`;

const Sample = styled.p<{ $size: string }>`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  font-size: ${({ $size }) => $size};
`;

const Bar = styled.div<{ $width: string }>`
  width: ${({ $width }) => $width};
  height: 12px;
  border-radius: 2px;
  background: ${({ theme }) => theme.colors.accent};
`;

const Tile = styled.div<{ $radius?: string; $shadow?: string }>`
  display: grid;
  place-items: center;
  width: 120px;
  height: 72px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme, $radius }) => $radius ?? theme.radius.medium};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ $shadow }) => $shadow ?? 'none'};
  font-size: ${({ theme }) => theme.font.size.small};
`;

/** The design tokens of the theme shown. */
export function TokensSection() {
  const theme = useTheme();
  const sizes = Object.entries(theme.font.size);
  return (
    <>
      <Section title="Colour roles">
        <Swatches>
          {ROLES.map((role) => (
            <Swatch key={role} $color={theme.colors[role]}>
              {role}
              <br />
              <code>{theme.colors[role]}</code>
            </Swatch>
          ))}
        </Swatches>
      </Section>
      <Section title="Type scale">
        {sizes.map(([name, size]) => (
          <Sample key={name} $size={size}>
            {name} · {size} — Connect your apps and automate workflows
          </Sample>
        ))}
      </Section>
      <Section title="Spacing, radii and elevation">
        <Row $gap={2}>
          {[1, 2, 3, 4, 6, 8, 12].map((n) => (
            <div key={n}>
              <Bar $width={theme.space(n)} />
              <small>{theme.space(n)}</small>
            </div>
          ))}
        </Row>
        <Row>
          {Object.entries(theme.radius).map(([name, radius]) => (
            <Tile key={name} $radius={radius}>
              radius {name}
            </Tile>
          ))}
          {Object.entries(theme.shadow).map(([name, shadow]) => (
            <Tile key={name} $shadow={shadow}>
              shadow {name}
            </Tile>
          ))}
        </Row>
      </Section>
    </>
  );
}
