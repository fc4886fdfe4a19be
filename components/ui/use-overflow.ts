'use client';

import { useEffect, useRef, useState } from 'react';

/**
 * Whether a box that scrolls sideways has content hidden past its left or right edge (a table wider than a phone,
 * a row of tabs), kept current as it scrolls or resizes.
 */
export function useSidewaysOverflow<T extends HTMLElement>() {
  const box = useRef<T>(null);
  const [hidden, setHidden] = useState({ left: false, right: false });
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const update = () => {
      const left = el.scrollLeft > 1;
      const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      setHidden((h) => (h.left === left && h.right === right ? h : { left, right }));
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    const resized = new ResizeObserver(update);
    resized.observe(el);
    for (const child of el.children) resized.observe(child);
    return () => {
      el.removeEventListener('scroll', update);
      resized.disconnect();
    };
  }, []);
  return { box, ...hidden };
}
