/**
 * An app's logo with a fallback (forms-dp 3 "App Logo"): the logo when it loads, else — no logo,
 * or one that fails to load — a square with the app name's first letter, so a card, a panel
 * header or a list never shows a broken image. The one place app logos are drawn.
 */
import { useState } from 'react';
import styled from 'styled-components';

/** Props of {@link AppIcon}. */
export interface AppIconProps {
  /** The logo's address; empty or missing shows the fallback. */
  src?: string | null;
  /** The app's name: the fallback's letter and colour. */
  name: string;
  /** Width and height in pixels. */
  size: number;
  /** Accessible name; '' (the default) when a visible name is beside the icon. */
  alt?: string;
  title?: string;
}

/** Muted colours for the fallback, picked by the name so an app keeps its colour everywhere. */
const FALLBACK_COLOURS = ['#3f6ad8', '#0f8a6b', '#b4531b', '#7a4fc2', '#c2365f', '#2f7d9a', '#5b6b2f'];

function colourOf(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return FALLBACK_COLOURS[hash % FALLBACK_COLOURS.length];
}

const Letter = styled.span<{ $size: number; $colour: string }>`
  display: inline-grid;
  flex: none;
  place-items: center;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: ${({ $size }) => Math.max(3, Math.round($size / 5))}px;
  background: ${({ $colour }) => $colour};
  color: #fff;
  font-size: ${({ $size }) => Math.round($size * 0.55)}px;
  font-weight: 700;
  line-height: 1;
`;

/** The logo of an app, or its letter when the logo is missing or broken. */
export function AppIcon({ src, name, size, alt = '', title }: AppIconProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const url = src?.trim() ?? '';
  if (url === '' || failed === url) {
    const letter = [...name.trim()][0]?.toUpperCase() ?? '?';
    return (
      <Letter
        $size={size}
        $colour={colourOf(name)}
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        title={title}
        data-app-icon="fallback"
      >
        {letter}
      </Letter>
    );
  }
  return (
    <img
      src={url}
      alt={alt}
      title={title}
      width={size}
      height={size}
      style={{ width: size, height: size, objectFit: 'contain', flex: 'none' }}
      onError={() => setFailed(url)}
      data-app-icon="logo"
    />
  );
}
