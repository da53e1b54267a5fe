import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { webBuildIsStale } from './web-build.ts';

/** A web app folder with one source file and, optionally, a build; times in seconds since 1970. */
function webApp(times: { source: number; build?: number; domain?: number }) {
  const root = mkdtempSync(path.join(tmpdir(), 'web-build-'));
  const web = path.join(root, 'web');
  const domain = path.join(root, 'domain');
  mkdirSync(path.join(web, 'src', 'features'), { recursive: true });
  mkdirSync(domain);
  const source = path.join(web, 'src', 'features', 'Page.tsx');
  writeFileSync(source, 'export {}');
  utimesSync(source, times.source, times.source);
  for (const dir of [path.join(web, 'src', 'features'), path.join(web, 'src'), web]) utimesSync(dir, 1, 1);
  const rule = path.join(domain, 'rule.ts');
  writeFileSync(rule, 'export {}');
  utimesSync(rule, times.domain ?? 1, times.domain ?? 1);
  utimesSync(domain, 1, 1);
  if (times.build !== undefined) {
    mkdirSync(path.join(web, 'dist'));
    const index = path.join(web, 'dist', 'index.html');
    writeFileSync(index, '<!doctype html>');
    utimesSync(index, times.build, times.build);
  }
  return { web, domain };
}

describe('npm start rebuilds the web app only when needed', () => {
  it('builds when there is no build yet', () => {
    const { web, domain } = webApp({ source: 100 });
    expect(webBuildIsStale(web, domain)).toBe(true);
  });

  it('rebuilds when a nested source file is newer than the build', () => {
    const { web, domain } = webApp({ source: 300, build: 200 });
    expect(webBuildIsStale(web, domain)).toBe(true);
  });

  it('rebuilds when the shared domain package changed after the build', () => {
    const { web, domain } = webApp({ source: 100, build: 200, domain: 300 });
    expect(webBuildIsStale(web, domain)).toBe(true);
  });

  it('serves the existing build when nothing changed since', () => {
    const { web, domain } = webApp({ source: 100, build: 200 });
    expect(webBuildIsStale(web, domain)).toBe(false);
  });
});
