// Runs that keep their own order inside Hebrew (right-to-left) text: a signed
// number ("+2.5" must not read "2.5+"), a Latin name ("Shapefile (zip)" must not
// read "(zip) Shapefile"), a range ("0.25–0.50"). <bdi> isolates the run from the
// text around it (unicode-bidi: isolate); dir says its own direction.
import type { ReactNode } from 'react';

const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;

/** A left-to-right run: numbers with signs or units, Latin-script names. */
export function Ltr({ children, className, testId }: { children: ReactNode; className?: string; testId?: string }) {
  return (
    <bdi dir="ltr" className={className} data-testid={testId}>
      {children}
    </bdi>
  );
}

/** Text of unknown direction (user data, a label that may be Hebrew or numbers): Hebrew reads right to left, the rest left to right. */
export function Isolate({ text, className }: { text: string; className?: string }) {
  return (
    <bdi dir={RTL.test(text) ? 'rtl' : 'ltr'} className={className}>
      {text}
    </bdi>
  );
}

/**
 * Data, not UI text: a name a person entered (a project, plot, client, person), shown as entered in any
 * language. translate="no" tells browsers' translators — and the English-on-Hebrew check — to leave it.
 */
export function Data({ children, className, testId }: { children?: ReactNode; className?: string; testId?: string }) {
  return (
    <bdi translate="no" className={className} data-testid={testId}>
      {children}
    </bdi>
  );
}

/**
 * A translated sentence with data inside it ("Compared with {{name}}"): each data value is marked as data
 * (translate="no", isolated), the words around it stay UI text. Values not found in the text are ignored.
 */
export function withData(text: string, ...data: (string | null | undefined)[]): ReactNode {
  const values = data.filter((d): d is string => !!d && text.includes(d)).sort((a, b) => b.length - a.length);
  if (!values.length) return text;
  const parts: ReactNode[] = [];
  let rest = text;
  let key = 0;
  while (rest) {
    let at = -1,
      hit = '';
    for (const v of values) {
      const i = rest.indexOf(v);
      if (i >= 0 && (at < 0 || i < at)) [at, hit] = [i, v];
    }
    if (at < 0) {
      parts.push(rest);
      break;
    }
    if (at > 0) parts.push(rest.slice(0, at));
    parts.push(<Data key={key++}>{hit}</Data>);
    rest = rest.slice(at + hit.length);
  }
  return parts;
}
