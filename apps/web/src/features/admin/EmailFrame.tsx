/**
 * An e-mail's HTML in a frame with every sandbox restriction: no scripts, no forms, no navigation of
 * this page, and an opaque origin, so a client's answers inside it can never act on the console.
 */
export function EmailFrame({ html, title }: { html: string; title: string }) {
  return (
    <iframe
      sandbox=""
      srcDoc={html}
      title={title}
      className="h-[28rem] w-full rounded-md border border-neutral-200 bg-white sm:h-[36rem]"
    />
  );
}
