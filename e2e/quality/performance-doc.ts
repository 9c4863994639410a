// Writes one generated section of docs/performance.md between its markers and keeps the rest
// of the file: the benchmark (scripts/bench.mjs) and the browser quality checks each own one.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const performanceDoc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/performance.md');

const skeleton = `# Performance and browser quality

Measured figures, rewritten by the tools that measure them: \`npm run bench\` (the API under
load) and \`npm run test:quality\` (axe and Lighthouse in Chromium). Text outside the
generated sections is kept.

<!-- bench:start -->
<!-- bench:end -->

<!-- lighthouse:start -->
<!-- lighthouse:end -->

<!-- axe-mobile:start -->
<!-- axe-mobile:end -->

<!-- axe-desktop:start -->
<!-- axe-desktop:end -->
`;

/** Replaces the text between `<!-- name:start -->` and `<!-- name:end -->`. */
export function writeSection(name: string, markdown: string): string {
  let text = existsSync(performanceDoc) ? readFileSync(performanceDoc, 'utf8') : skeleton;
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  if (!text.includes(start) || !text.includes(end)) text = `${text.trimEnd()}\n\n${start}\n${end}\n`;
  const before = text.slice(0, text.indexOf(start) + start.length);
  const after = text.slice(text.indexOf(end));
  mkdirSync(path.dirname(performanceDoc), { recursive: true });
  writeFileSync(performanceDoc, `${before}\n${markdown.trim()}\n${after}`);
  return performanceDoc;
}
