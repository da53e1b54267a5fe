import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type CSSProperties, type ReactNode, type RefObject, useEffect, useState } from 'react';
import { focusRing } from './Button.tsx';

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

/**
 * The scroll box of a wide table (at most 70 % of the screen high, scrolling both ways), with signs
 * at its right edge while columns lie beyond it: a fade over the last column shown, and buttons that
 * scroll most of a box's width to the right, or back to the left. Without them a laptop shows the
 * first columns with nothing saying more exist, and the box's own scrollbar is often below the fold.
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
    <div className="relative">
      <div
        ref={scrollBox}
        style={style}
        className={`relative max-h-[70vh] overflow-auto rounded-lg border border-neutral-200 bg-white ${className}`}
      >
        {children}
      </div>
      {(earlier || more) && (
        <div
          className={`pointer-events-none absolute top-px z-20 flex items-start justify-end gap-1 p-1 ${more ? 'bg-linear-to-l from-white/95 from-60% to-transparent pl-6' : ''}`}
          style={{ right: scrollbarRight + 1, bottom: scrollbarBottom + 1 }}
        >
          {earlier && (
            <ScrollButton label="Show earlier columns" onClick={() => scrollBy(-1)}>
              <ChevronLeft className="size-5" aria-hidden="true" />
            </ScrollButton>
          )}
          {more && (
            <ScrollButton label="Show more columns" onClick={() => scrollBy(1)}>
              <ChevronRight className="size-5" aria-hidden="true" />
            </ScrollButton>
          )}
        </div>
      )}
    </div>
  );
}

function ScrollButton({ label, onClick, children }: { label: string; onClick(): void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className={`pointer-events-auto flex size-10 items-center justify-center rounded-full border border-neutral-300 bg-white text-neutral-700 shadow-md hover:bg-neutral-100 hover:text-neutral-900 ${focusRing}`}
    >
      {children}
    </button>
  );
}
