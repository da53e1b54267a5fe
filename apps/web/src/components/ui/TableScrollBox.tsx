import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type CSSProperties, type ReactNode, type RefObject, useEffect, useState } from 'react';
import { Button } from './Button.tsx';

/** Whether columns lie beyond the box's edges, and the box's scrollbars' sizes. */
interface Beyond {
  /** Columns lie to the left of what the box shows: it has been scrolled. */
  earlier: boolean;
  /** More columns lie to the right of what the box shows. */
  more: boolean;
  /** The vertical scrollbar's width and the horizontal one's height: the sign keeps clear of them. */
  scrollbarRight: number;
  scrollbarBottom: number;
}

const NOTHING_BEYOND: Beyond = { earlier: false, more: false, scrollbarRight: 0, scrollbarBottom: 0 };

function measure(box: HTMLElement): Beyond {
  return {
    // A pixel of rounding is not a column.
    earlier: box.scrollLeft > 1,
    more: box.scrollLeft + box.clientWidth < box.scrollWidth - 1,
    // The box's borders are alike on both sides (clientLeft and clientTop are one of each).
    scrollbarRight: Math.max(0, box.offsetWidth - box.clientWidth - box.clientLeft * 2),
    scrollbarBottom: Math.max(0, box.offsetHeight - box.clientHeight - box.clientTop * 2),
  };
}

/** Follows the box's scrolling and its and its table's sizes. */
function useBeyond(scrollBox: RefObject<HTMLDivElement | null>): Beyond {
  const [beyond, setBeyond] = useState<Beyond>(NOTHING_BEYOND);
  useEffect(() => {
    const box = scrollBox.current;
    if (!box) return;
    const update = () =>
      setBeyond((before) => {
        const now = measure(box);
        return now.earlier === before.earlier &&
          now.more === before.more &&
          now.scrollbarRight === before.scrollbarRight &&
          now.scrollbarBottom === before.scrollbarBottom
          ? before
          : now;
      });
    update();
    box.addEventListener('scroll', update, { passive: true });
    const resizes = new ResizeObserver(update);
    resizes.observe(box);
    if (box.firstElementChild) resizes.observe(box.firstElementChild);
    return () => {
      box.removeEventListener('scroll', update);
      resizes.disconnect();
    };
  }, [scrollBox]);
  return beyond;
}

/** How wide the fade at the box's right edge is; a control focused there is scrolled clear of it. */
const FADE_WIDTH = 24;

/**
 * The scroll box of a wide table (at most 70 % of the screen high, scrolling both ways). While its
 * columns do not all fit, buttons above it scroll most of a box's width to the right or back, and
 * a narrow fade at its right edge says more lie beyond. Without them a laptop shows the first
 * columns with nothing saying more exist, and the box's own scrollbar is often below the fold.
 * Above the table, not over it: they hide no column, and come before the table in reading order.
 */
export function TableScrollBox({
  scrollBox,
  className = '',
  style,
  children,
}: {
  scrollBox: RefObject<HTMLDivElement | null>;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const { earlier, more, scrollbarRight, scrollbarBottom } = useBeyond(scrollBox);
  const scrollBy = (direction: 1 | -1) => {
    const box = scrollBox.current;
    // Gliding shows where the columns went; a person who asks for less motion gets a jump.
    const glide = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    box?.scrollBy({ left: direction * box.clientWidth * 0.75, behavior: glide ? 'smooth' : 'auto' });
  };
  return (
    <div className="space-y-2">
      {(earlier || more) && (
        // Both stay while the columns overflow, the one with nothing to show held: a button that
        // vanished under the keyboard's focus would drop it to the page.
        <div className="flex justify-end gap-2">
          <Button
            variant="secondary"
            size="sm"
            aria-disabled={!earlier || undefined}
            onClick={() => scrollBy(-1)}
          >
            <ChevronLeft className="size-4" aria-hidden="true" />
            Earlier Columns
          </Button>
          <Button
            variant="secondary"
            size="sm"
            aria-disabled={!more || undefined}
            onClick={() => scrollBy(1)}
          >
            More Columns
            <ChevronRight className="size-4" aria-hidden="true" />
          </Button>
        </div>
      )}
      <div className="relative">
        <div
          ref={scrollBox}
          style={{ ...style, scrollPaddingRight: more ? FADE_WIDTH : undefined }}
          className={`relative max-h-[70vh] overflow-auto rounded-lg border border-neutral-200 bg-white ${className}`}
        >
          {children}
        </div>
        {more && (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute top-px z-20 rounded-r-lg bg-linear-to-l from-white to-transparent"
            style={{ right: scrollbarRight + 1, bottom: scrollbarBottom + 1, width: FADE_WIDTH }}
          />
        )}
      </div>
    </div>
  );
}
