import type { CSSProperties, ReactNode } from 'react';
import { theme } from 'antd';

// A heading and a paragraph in antd Typography's look, as plain elements: Typography brings its editing,
// copying and ellipsis machinery (text area, tooltip), about 17 kB, which the pages every visitor sees first
// (the login page, the route error views) do not use.

type Level = 1 | 2 | 3 | 4;

const HEADING_TAGS = { 1: 'h1', 2: 'h2', 3: 'h3', 4: 'h4' } as const;

export function Heading(props: { level: Level; secondary?: boolean; style?: CSSProperties; children: ReactNode }) {
  const { level, secondary = false, style, children } = props;
  const { token } = theme.useToken();
  const Tag = HEADING_TAGS[level];
  return (
    <Tag
      style={{
        margin: '0 0 0.5em',
        color: secondary ? token.colorTextSecondary : token.colorTextHeading,
        fontWeight: token.fontWeightStrong,
        fontSize: token[`fontSizeHeading${level}`],
        lineHeight: token[`lineHeightHeading${level}`],
        ...style,
      }}
    >
      {children}
    </Tag>
  );
}

/** A paragraph in the secondary text colour. */
export function SecondaryParagraph({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return <p style={{ margin: '0 0 1em', color: token.colorTextSecondary }}>{children}</p>;
}
