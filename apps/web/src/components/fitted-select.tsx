// A Select as wide as its longest choice in the current language (between `minWidth` and
// `maxWidth`), measured with the box's own font, so the chosen value always shows whole. Fixed
// widths cut 'Холецистэктомия' in the header's search and 'Alle angemeldeten Benutzer' in the
// content table. Where nothing can measure text (jsdom), the box keeps `minWidth`.
import { Select, type ComboboxData, type SelectProps } from '@mantine/core';
import { useLayoutEffect, useRef, useState } from 'react';

function labelsOf(data: ComboboxData | undefined): string[] {
  return (data ?? []).flatMap((entry) => {
    if (typeof entry === 'string') return [entry];
    if ('items' in entry) return labelsOf(entry.items);
    return [entry.label];
  });
}

export function FittedSelect({ minWidth, maxWidth, ...props }: SelectProps & { minWidth: number; maxWidth: number }) {
  const input = useRef<HTMLInputElement>(null);
  const [width, setWidth] = useState(minWidth);
  const labels = labelsOf(props.data).join('\n');
  useLayoutEffect(() => {
    const box = input.current;
    if (!box || typeof OffscreenCanvas === 'undefined') return;
    const context = new OffscreenCanvas(1, 1).getContext('2d');
    if (!context) return;
    const style = getComputedStyle(box);
    context.font = style.font;
    const widest = Math.max(0, ...labels.split('\n').map((label) => context.measureText(label).width));
    const chrome = ['paddingLeft', 'paddingRight', 'borderLeftWidth', 'borderRightWidth'].reduce(
      (sum, name) => sum + (parseFloat(style[name as 'paddingLeft']) || 0),
      0,
    );
    setWidth(Math.min(maxWidth, Math.max(minWidth, Math.ceil(widest + chrome + 2))));
  }, [labels, minWidth, maxWidth]);
  return <Select ref={input} w={width} {...props} />;
}
