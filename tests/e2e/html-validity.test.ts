/**
 * The built HTML of every page validates with the Nu HTML Checker (vnu.jar), errors only, all files in
 * one JVM run. The files are the prerendered output exactly as deployed (no server, no JavaScript).
 */
import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPages, outputFile } from '../../site/routes.ts';
import { ROOT, snapshotSite } from './support/site.ts';

const VNU = join(ROOT, 'node_modules/vnu-jar/build/dist/vnu.jar');

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  message: string;
  extract?: string;
  lastLine?: number;
  lastColumn?: number;
}

async function htmlFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile() && e.name.endsWith('.html')) out.push(join(e.parentPath, e.name));
  }
  return out.sort();
}

function runVnu(files: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn('java', ['-Xss2m', '-jar', VNU, '--errors-only', '--format', 'json', ...files], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr += d));
    p.on('error', reject);
    p.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

let snap: Awaited<ReturnType<typeof snapshotSite>>;
beforeAll(async () => {
  snap = await snapshotSite();
});
afterAll(async () => {
  await snap?.remove();
});

describe('HTML validity (Nu checker)', () => {
  it('has a built file for every page of the route table and the 404 page', async () => {
    const files = (await htmlFiles(snap.dir)).map((f) => relative(snap.dir, f));
    for (const { path } of allPages()) expect.soft(files, `${path} is prerendered`).toContain(outputFile(path));
    expect(files).toContain('404.html');
  });

  it('reports zero errors over every built page', async () => {
    const files = await htmlFiles(snap.dir);
    expect(files.length, 'HTML files found').toBeGreaterThan(40);
    const r = await runVnu(files);
    // vnu writes its JSON report to stderr; anything unparsable there is a crash, shown as is.
    let messages: VnuMessage[];
    try {
      messages = (JSON.parse(r.stderr) as { messages: VnuMessage[] }).messages;
    } catch {
      throw new Error(`vnu.jar did not produce a JSON report (exit ${r.code}):\n${r.stderr.slice(0, 4000)}\n${r.stdout.slice(0, 2000)}`);
    }
    const errors = messages.filter((m) => m.type === 'error' || m.subType === 'fatal' || m.type === 'non-document-error');
    const report = errors
      .map((m) => {
        const file = m.url ? relative(snap.dir, new URL(m.url).pathname) : '?';
        return `${file}:${m.lastLine ?? '?'}:${m.lastColumn ?? '?'} ${m.message}${m.extract ? `\n    ${m.extract.replace(/\s+/g, ' ').slice(0, 160)}` : ''}`;
      })
      .join('\n');
    if (errors.length) console.log(`Nu checker errors (${errors.length}):\n${report}`);
    expect(errors.length, `Nu checker errors:\n${report}`).toBe(0);
    expect(r.code, 'vnu exit status').toBe(0);
  });
});
